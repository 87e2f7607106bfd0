/* sym_pad_induct.c: counters carried across a padded nest (docs/symbolic.md §1, "Padded
 * nests"). A persistent kernel's ring counter x that the tile loop O hands to its K loop I and
 * that also advances in O's body (t07_persistent: the producer loads once before the K loop,
 * `x + 1` is I's init; the consumer waits once after it, O yields I's result + 1) advances by
 * T2 + 1 per tile; one used before, in and after the K loop (the FA kernels' correction
 * barriers: a wait before, one per K step, one after) by T2 + 2. Each loop's own induction
 * gives it a symbolic step, x0 + (T2 + 1) * t, whose product Z3 bit-blasts, or nothing for a
 * phase flipped by `x ^ 1`. Here a template g is proved for a free base B standing for
 * t * (T2 + 1 + e), e (0 or 1) the steps of O's body after I, d (0 or 1) those before I's init:
 *   inner base   O's value g(B)                   ->  I's init = g(B + d)
 *   inner step   0 <= kk < T2, I's value g(B + d + kk)  ->  I's next = g(B + d + kk + 1)
 *   outer step   O's value g(B), I's result g(B + d + T2)  ->  O's next = g(B + T2 + 1 + e)
 * (I's result is its init when T2 = 0, else its last next value: g(B + d + T2) either way).
 * The templates, in x's width: linear g(u) = a + u, parity g(u) = a ^ (u & 1) (a phase that
 * every use of the ring flips). O's init is g(0) = a by the choice of a. Then O's value is
 * g(TB), I's g(TB + d + k) and I's result g(TB + d + T2), TB the base of the padded nest of
 * post step e (sym_pad_loop: t * (T2 + 1 + e), lazily). The proofs are over the counter's own
 * width: wrap-around is the kernel's. */
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* The templates: g(u) = a + u (par false) or a ^ (u & 1) (par true) in width w (u a wide
 * term). */
static Z3_ast lin(sym_ctx *c, Z3_ast a, Z3_ast u, unsigned w, bool par) {
  Z3_ast uw = sym_resize(c, u, w, true);
  if (!par) return Z3_mk_bvadd(c->z, a, uw);
  return Z3_mk_bvxor(c->z, a, Z3_mk_bvand(c->z, uw, sym_bv(c, 1, w)));
}

static bool unsat(sym_ctx *c, Z3_ast hyp, Z3_ast goal) {
  return sym_sat(c, sym_and2(c, hyp, sym_not(c, goal))) == Z3_L_FALSE;
}

void sym_induct_pad(sym_ctx *c, int l) {
  if (c->loops[l].pad || c->loops[l].parent < 0 || !c->loops[l].n_carried || !sym_nestable(c, l))
    return;
  int o = c->loops[l].parent;
  const ir_op *Iop = c->loops[l].op, *Oop = c->loops[o].op;
  const ir_op *yO = sym_body_yield(Oop), *yI = sym_body_yield(Iop);
  uint32_t nI = 0, nO = 0;
  ir_seg(Iop, IR_SEG_SCF_FOR_INITS, &nI);
  ir_seg(Oop, IR_SEG_SCF_FOR_INITS, &nO);
  uint32_t n = c->loops[l].n_carried, m = c->loops[o].n_carried;
  if (!yO || !yI || nI != n || yI->n_operands != n || nO != m || yO->n_operands != m ||
      Iop->n_results != n)
    return;
  uint32_t atI = Iop->seg_start[IR_SEG_SCF_FOR_INITS], atO = Oop->seg_start[IR_SEG_SCF_FOR_INITS];
  sym_debug_what(c, "padded nest induction of loop %d in loop %d", l, o);
  /* the loops' terms over their carried variables and I's result variables */
  c->loops[l].induct_done = c->loops[o].induct_done = false;
  sym_forget(c);
  Z3_ast *initI = ir_xcalloc(n, sizeof *initI), *nextI = ir_xcalloc(n, sizeof *nextI);
  Z3_ast *nextO = ir_xcalloc(m, sizeof *nextO), *initO = ir_xcalloc(m, sizeof *initO);
  bool *taintO = ir_xcalloc(m, sizeof *taintO);
  for (uint32_t k = 0; k < n; k++) {
    initI[k] = sym_eval(c, Iop->operands[atI + k]);
    nextI[k] = sym_eval(c, yI->operands[k]);
  }
  for (uint32_t j = 0; j < m; j++) {
    nextO[j] = sym_eval(c, yO->operands[j]);
    initO[j] = sym_eval(c, Oop->operands[atO + j]);
    taintO[j] = sym_tainted(c, Oop->operands[atO + j]);
  }
  c->loops[l].induct_done = c->loops[o].induct_done = true;
  sym_forget(c);
  Z3_ast kk = c->loops[l].it, T2 = c->loops[l].trip;
  Z3_ast zero = sym_int(c, 0), one = sym_int(c, 1), lim = sym_int(c, (int64_t)1 << (SYM_WIDE - 2));
  Z3_ast B = sym_fresh(c, "B", c->wide);
  /* (B + T2 + 1 + e < 2^38 for every B the closed forms are used at: t * (T2 + 1 + e) with
   * T1 * (T2 + 1 + e) < 2^30, the padded nest's assumption) */
  Z3_ast hyp = sym_and2(c, sym_and2(c, sym_sle(c, zero, B), sym_sle(c, zero, T2)),
                        sym_slt(c, sym_add(c, sym_add(c, B, T2), one), lim));
  for (uint32_t k = 0; k < n; k++) {
    /* (re-read each time: sym_pad_loop may grow ctx.loops) */
    const sym_loop *I = &c->loops[l], *O = &c->loops[o];
    unsigned w = (unsigned)sym_carried_width(Iop, k);
    /* (a counter the nest induction proved, g(t * T2 + k), is not a padded one) */
    if (!w || !initI[k] || !nextI[k] || (I->closed[k] && I->closed_form[k] &&
                                         I->closed_form[k][0] == 'g'))
      continue;
    /* O's carried value j that I's init k starts from and O's next value takes I's result
     * k from: exactly one of each */
    int j = -1;
    for (uint32_t q = 0; q < m; q++) {
      if (!initO[q] || !nextO[q] || taintO[q] ||
          sym_carried_width(Oop, q) != (int)w)
        continue;
      Z3_ast cv = O->carried_var[q];
      Z3_ast moved = sym_subst(c, initI[k], cv, sym_fresh(c, "m", Z3_get_sort(c->z, cv)));
      Z3_ast movedO = sym_subst(c, nextO[q], I->result_var[k],
                                sym_fresh(c, "m", Z3_get_sort(c->z, I->result_var[k])));
      if (Z3_is_eq_ast(c->z, sym_simplify(c, moved), sym_simplify(c, initI[k])) ||
          Z3_is_eq_ast(c->z, sym_simplify(c, movedO), sym_simplify(c, nextO[q])))
        continue;
      if (j >= 0) { j = -2; break; }
      j = (int)q;
    }
    if (j < 0) continue;
    if (O->closed_form[j] && O->closed[j] && O->closed_form[j][0] == 'g') continue; /* a nest's */
    Z3_ast a = initO[j], cj = O->carried_var[j], rk = I->result_var[k], ck = I->carried_var[k];
    /* the first template and strides whose three steps hold */
    int d = -1, ep = -1;
    bool par = false;
    for (int pp = 0; pp <= 1 && ep < 0; pp++)
      for (int e = 0; e <= 1 && ep < 0; e++) {
        par = pp;
        /* inner base: d = 0 or 1 */
        d = -1;
        Z3_ast initB = sym_subst(c, initI[k], cj, lin(c, a, B, w, par));
        for (int dd = 0; dd <= 1 && d < 0; dd++)
          if (unsat(c, hyp, sym_eq(c, initB, lin(c, a, sym_add(c, B, sym_int(c, dd)), w, par))))
            d = dd;
        if (d < 0) continue;
        Z3_ast D = sym_int(c, d);
        /* inner step (other carried values of I free, O's value j at g(B)) */
        Z3_ast hs = sym_and2(c, hyp, sym_and2(c, sym_sle(c, zero, kk), sym_slt(c, kk, T2)));
        Z3_ast at = sym_add(c, sym_add(c, B, D), kk);
        hs = sym_and2(c, hs, sym_eq(c, ck, lin(c, a, at, w, par)));
        Z3_ast nI1 = sym_subst(c, nextI[k], cj, lin(c, a, B, w, par));
        if (!unsat(c, hs, sym_eq(c, nI1, lin(c, a, sym_add(c, at, one), w, par)))) continue;
        /* outer step */
        Z3_ast res = lin(c, a, sym_add(c, sym_add(c, B, D), T2), w, par);
        Z3_ast nO1 = sym_subst(c, sym_subst(c, nextO[j], rk, res), cj, lin(c, a, B, w, par));
        Z3_ast stride = sym_add(c, sym_add(c, B, T2), sym_int(c, 1 + e));
        if (unsat(c, hyp, sym_eq(c, nO1, lin(c, a, stride, w, par)))) ep = e;
      }
    if (ep < 0) continue;
    Z3_ast D = sym_int(c, d);
    /* proved: the closed forms over the padded nest's base */
    int vi = sym_pad_loop(c, l, ep);
    if (vi < 0) break;
    Z3_ast tb = c->loops[vi].nest_base;
    sym_loop *Iw = &c->loops[l], *Ow = &c->loops[o];
    if (!Ow->closed[j]) c->n_invariants++;
    if (!Iw->closed[k]) c->n_invariants++;
    Ow->closed[j] = Ow->final[j] = lin(c, a, tb, w, par);
    Ow->closed_form[j] = par ? "a ^ (t * (T2 + 1 + e) & 1), carried across a padded nest"
                             : "a + t * (T2 + 1 + e), carried across a padded nest";
    Z3_ast base = sym_add(c, tb, D);
    Iw->closed[k] = Iw->final[k] = lin(c, a, sym_add(c, base, Iw->it), w, par);
    Iw->closed_form[k] = par ? "a ^ ((t * (T2 + 1 + e) + d + i) & 1), carried across a padded nest"
                             : "a + t * (T2 + 1 + e) + d + i, carried across a padded nest";
    Iw->after[k] = lin(c, a, sym_add(c, base, Iw->trip), w, par);
    Iw->after_ok[k] = true;
  }
  /* rollover slots and phases (idx + 1 == N ? 0 : idx + 1), sym_pad_roll.c */
  sym_pad_roll(c, l, initI, nextI, initO, nextO, taintO);
  free(initI);
  free(nextI);
  free(nextO);
  free(initO);
  free(taintO);
}
