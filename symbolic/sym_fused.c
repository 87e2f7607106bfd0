/* sym_fused.c: a loop fused from a tile x K nest, seen as a virtual nest (docs/symbolic.md §1,
 * "Fused loops").
 *
 * Triton's automatic warp specialization turns a persistent kernel's tile loop and K loop into
 * one scf.for of T = T1 * KT iterations with a carried counter
 *     c = 0;  c' = (c == KT - 1) ? 0 : c + 1          (KT loop-invariant, symbolic)
 * and puts the tile's epilogue (the accumulator hand-off: a commit, a wait, tmem loads) under
 * `scf.if c == KT - 1`, where the per-tile counters (accumulator slot and phase) advance. The
 * counter is `it mod KT` and the tile counters templates of `it div KT`: a symbolic period that
 * the templates of sym_induct.c (constant periods) do not have. Here the loop is the flattened
 * loop of a virtual nest, like a real one (sym_build.c flatten_loops): a virtual outer loop O
 * (counter t, trip T1) and a virtual inner loop I (counter k, trip KT) with it = TB + k, TB
 * standing for t * KT (a lazy product, sym_product). The counters are proved by an induction
 * over the successor (t, k) -> k == KT - 1 ? (t + 1, 0) : (t, k + 1), which needs no product:
 *     base   init_c = 0, init_j = g_j(0)
 *     step   0 <= k < KT, 0 <= t < 2^31, c = k, v_j = g_j(t) (and the loop's other closed
 *            forms at some iteration)  ->  c' = (k == KT - 1 ? 0 : k + 1),
 *            v_j' = (k == KT - 1 ? g_j(t + 1) : g_j(t))
 * so in iteration it = t * KT + k (the it-th successor of (0, 0)) c = k and v_j = g_j(t), and
 * after the loop (state (T1, 0)) v_j = g_j(T1). The events under the reset (proved equivalent
 * to k == KT - 1) fire once per tile, after the tile's last K step: they are events of O (at
 * k = KT - 1), like the outer body of a real nest after its inner loop; a tcgen05 MMA access
 * whose slot and predicate depend on the tile only (the accumulator of tile t, written in each
 * of its K steps between the previous tile's end and this tile's commit) is one event of O at
 * the MMA's position. The trip count must be the product X * KT of the IR (an i32 muli): that
 * it does not overflow is an assumption, printed with the arguments (sym_assume). X may depend
 * on loaded data (the ragged matmuls' tile count over `useful_grid_m`, a read-only input keyed
 * by address, sym_load.c; or a havoc constant): the bound is evaluated outside the loop, so it
 * is one free value and everything proved below holds for each value it takes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"
#include "sim/sim.h" /* sim_op_loc */

#define SAMPLES 20

/* Does term t mention x? */
static bool mentions(sym_ctx *c, Z3_ast t, Z3_ast x) {
  if (!t || !x) return false;
  Z3_ast moved = sym_subst(c, t, x, sym_fresh(c, "m", Z3_get_sort(c->z, x)));
  return !Z3_is_eq_ast(c->z, sym_simplify(c, moved), sym_simplify(c, t));
}

static bool is_eq_cmp(const ir_op *op) {
  if (!op || op->code != IR_OP_ARITH_CMPI || op->n_operands != 2) return false;
  const ir_attr *a = ir_op_attr(op, "predicate");
  if (!a) return false;
  if (a->kind == IR_A_INT) return a->ival == 0;
  return (a->kind == IR_A_KEYWORD || a->kind == IR_A_STRING) && a->str && !strcmp(a->str, "eq");
}

/* The reset counter of loop op f: carried value k whose yield is `select(x == K1, 0, _)`
 * with x its own block argument and K1 another value; *k1 is K1. The rest (init 0, the
 * increment, K1 loop-invariant) is proved or checked by the caller. */
static bool reset_counter(sym_ctx *c, const ir_op *f, uint32_t n, uint32_t *kc,
                          const ir_value **k1) {
  const ir_op *y = sym_body_yield(f);
  if (!y || y->n_operands != n) return false;
  for (uint32_t k = 0; k < n; k++) {
    const ir_op *sel = y->operands[k]->def;
    const ir_value *arg = sym_carried_arg(f, k);
    int64_t zero;
    if (!arg || sym_value_width(arg->type) < 2 || !sel || sel->code != IR_OP_ARITH_SELECT ||
        sel->n_operands != 3)
      continue;
    Z3_ast tv = sym_eval(c, sel->operands[1]);
    if (!tv || !sym_numeral(c, tv, &zero) || zero != 0) continue;
    const ir_op *cmp = sel->operands[0]->def;
    if (!is_eq_cmp(cmp)) continue;
    for (int s = 0; s < 2; s++)
      if (sym_strip_casts(cmp->operands[s]) == arg) {
        *kc = k;
        *k1 = cmp->operands[1 - s];
        return true;
      }
  }
  return false;
}

/* X with ub = X * Y (the IR's multiplication, either order) and sext(Y) = KT for every argument
 * value; NULL when ub is no such product. */
static Z3_ast trip_factor(sym_ctx *c, Z3_ast ub, Z3_ast KT, Z3_ast *y) {
  if (Z3_get_ast_kind(c->z, ub) != Z3_APP_AST) return NULL;
  Z3_app a = Z3_to_app(c->z, ub);
  if (Z3_get_decl_kind(c->z, Z3_get_app_decl(c->z, a)) != Z3_OP_BMUL ||
      Z3_get_app_num_args(c->z, a) != 2)
    return NULL;
  for (unsigned s = 0; s < 2; s++) {
    Z3_ast Y = Z3_get_app_arg(c->z, a, s), X = Z3_get_app_arg(c->z, a, 1 - s);
    if (sym_sat(c, sym_not(c, sym_eq(c, sym_wide(c, Y, true), KT))) == Z3_L_FALSE) {
      *y = Y;
      return X;
    }
  }
  return NULL;
}

/* A virtual loop of fused loop l (no carried values; op: l's, for program positions). */
static int add_virtual(sym_ctx *c, int l, int parent, const char *name) {
  int v = sym_loop_virtual(c, c->loops[l].op, c->loops[l].part, parent, name);
  c->loops[v].virt = true;
  return v;
}

/* Loop l as a fused loop, when it is one and its counters prove. */
static void fuse(sym_ctx *c, int l) {
  sym_loop *L = &c->loops[l];
  const ir_op *f = L->op;
  uint32_t n = L->n_carried, kc = 0, n_init = 0;
  const ir_value *k1v = NULL;
  if (f->code != IR_OP_SCF_FOR || L->parent >= 0 || L->flat_outer >= 0 || L->pad || !L->step_ok || !n ||
      f->n_operands < 3 || !reset_counter(c, f, n, &kc, &k1v))
    return;
  for (uint32_t k = 0; k < c->n_loops; k++) /* a loop inside it: not a fused one */
    if (c->loops[k].parent == l || c->loops[k].flat_outer == l) return;
  uint32_t at = f->seg_start[IR_SEG_SCF_FOR_INITS];
  ir_seg(f, IR_SEG_SCF_FOR_INITS, &n_init);
  const ir_op *y = sym_body_yield(f);
  if (n_init != n || !y) return;
  /* the reset counter starts at the constant 0 (checked on the IR first: the evaluation below
   * forgets and rebuilds terms, which renames the fresh constants of every later query, and Z3's
   * answers at its limit depend on those names: tk_p_matmul_90_f8_ragged_p, whose counter starts
   * at a peeled prologue's value, lost its arrival-balance proof to it) */
  int64_t c0;
  if (!ir_value_const_int(f->operands[at + kc], &c0) || c0 != 0) return;
  sym_debug_what(c, "fused loop %d", l);
  /* lb 0, step 1: T = max(ub, 0) */
  int64_t lb, st;
  Z3_ast lbt = sym_eval(c, f->operands[0]), stt = sym_eval(c, f->operands[2]);
  Z3_ast ub = sym_eval(c, f->operands[1]);
  if (!lbt || !stt || !ub || !sym_numeral(c, lbt, &lb) || !sym_numeral(c, stt, &st) || lb != 0 ||
      st != 1)
    return;
  /* the loop's values over its carried variables (as before its induction) */
  Z3_ast *next = ir_xcalloc(n, sizeof *next), *init = ir_xcalloc(n, sizeof *init);
  unsigned *w = ir_xcalloc(n, sizeof *w);
  L->induct_done = false;
  sym_forget(c);
  for (uint32_t k = 0; k < n; k++) {
    w[k] = (unsigned)sym_carried_width(f, k);
    if (!w[k]) continue;
    next[k] = sym_eval(c, y->operands[k]);
    init[k] = sym_tainted(c, f->operands[at + k]) ? NULL : sym_eval(c, f->operands[at + k]);
  }
  Z3_ast K1 = sym_tainted(c, k1v) ? NULL : sym_eval(c, k1v);
  L->induct_done = true;
  sym_forget(c);
  Z3_ast zero = sym_int(c, 0), one = sym_int(c, 1);
  Z3_ast lim = sym_int(c, (int64_t)1 << 31);
  bool ok = K1 && next[kc] && init[kc] && !mentions(c, K1, L->it);
  for (uint32_t k = 0; k < n && ok; k++) ok = !mentions(c, K1, L->carried_var[k]);
  int64_t v0;
  ok = ok && sym_numeral(c, init[kc], &v0) && v0 == 0;
  Z3_ast KT = ok ? sym_add(c, sym_wide(c, K1, true), one) : NULL, Y = NULL, X = NULL;
  /* KT >= 1 for every argument value (KT = max(k_tiles, 1)) */
  ok = ok && sym_sat(c, sym_slt(c, KT, one)) == Z3_L_FALSE;
  sym_debug_what(c, "fused loop %d: trip count", l);
  if (ok) X = trip_factor(c, ub, KT, &Y);
  if (!X) {
    free(next);
    free(init);
    free(w);
    return;
  }
  /* tile templates g_j: the per-tile sequence of each other carried value without a closed form,
   * sampled at the reset (c = K1) */
  Z3_ast *g = ir_xcalloc(n, sizeof *g), *g1 = ir_xcalloc(n, sizeof *g1);
  int64_t k1s;
  Z3_ast t = sym_fresh(c, "t", c->wide), kk = sym_fresh(c, "k", c->wide);
  if (sym_sample_concrete(c, l, K1, 0, NULL, NULL, &k1s) && k1s >= 0 && k1s < 1000) {
    /* all of them stepped together: tile i's last K step (c = K1, it = i * KT + K1), the
     * loop's other closed forms there, the rest 0 */
    int64_t (*s)[SAMPLES] = ir_xcalloc(n, sizeof *s);
    bool *have = ir_xcalloc(n, sizeof *have);
    Z3_ast *from = ir_xcalloc(n + 1, sizeof *from), *to = ir_xcalloc(n + 1, sizeof *to);
    for (uint32_t j = 0; j < n; j++)
      have[j] = j != kc && w[j] && !L->closed[j] && init[j] && next[j] &&
                sym_sample_concrete(c, l, init[j], 0, NULL, NULL, &s[j][0]);
    for (int i = 1; i < SAMPLES; i++) {
      Z3_ast itv = sym_int(c, (int64_t)(i - 1) * (k1s + 1) + k1s);
      unsigned m = 0;
      for (uint32_t o = 0; o < n; o++) {
        if (!w[o]) continue;
        Z3_sort so = Z3_get_sort(c->z, L->carried_var[o]);
        from[m] = L->carried_var[o];
        to[m++] = o == kc ? Z3_mk_int64(c->z, k1s, so)
                  : have[o] ? Z3_mk_int64(c->z, s[o][i - 1], so)
                  : L->closed[o] ? sym_subst(c, L->closed[o], L->it, itv)
                                 : Z3_mk_int64(c->z, 0, so);
      }
      from[m] = L->it;
      to[m++] = itv;
      for (uint32_t j = 0; j < n; j++)
        if (have[j]) have[j] = sym_sample_concrete(c, l, next[j], m, from, to, &s[j][i]);
    }
    for (uint32_t j = 0; j < n; j++) {
      if (!have[j]) continue;
      const char *nm = NULL;
      g[j] = sym_fit_form(c, s[j], SAMPLES, t, w[j], &nm);
      if (!g[j]) continue;
      g1[j] = sym_fit_form(c, s[j], SAMPLES, sym_add(c, t, one), w[j], &nm);
      /* base case, for every argument value (also T = 0: the value after the loop) */
      if (sym_sat(c, sym_not(c, sym_eq(c, init[j], sym_subst(c, g[j], t, zero)))) != Z3_L_FALSE)
        g[j] = NULL;
    }
    free(s);
    free(have);
    free(from);
    free(to);
  }
  /* the step, Houdini over the tile templates; the counter's own step must hold */
  Z3_ast last = sym_eq(c, kk, sym_sub(c, KT, one));
  Z3_ast cnext = sym_resize(c, sym_ite(c, last, zero, sym_add(c, kk, one)), w[kc], true);
  for (bool changed = true; changed && ok;) {
    changed = false;
    Z3_ast hyp = sym_and2(c, sym_and2(c, sym_sle(c, zero, kk), sym_slt(c, kk, KT)),
                          sym_and2(c, sym_sle(c, zero, t), sym_slt(c, t, lim)));
    /* it is left free and the loop's closed forms over it out: a weaker hypothesis (tile
     * counters do not depend on the K step's rings), and no trip count term for Z3 */
    hyp = sym_and2(c, hyp, sym_eq(c, L->carried_var[kc], sym_resize(c, kk, w[kc], true)));
    for (uint32_t j = 0; j < n; j++) {
      if (j == kc || !w[j]) continue;
      if (g[j]) hyp = sym_and2(c, hyp, sym_eq(c, L->carried_var[j], g[j]));
      /* a carried value proved constant (a one-slot ring's index, `a + 0 * i`): the same in
       * every iteration, so in this one (tk_p_matmul_100_mxf8_mxf4_ragged_p's accumulator
       * phase flips when that index wraps; before, the free index left the phase havoc) */
      int64_t cv;
      Z3_ast cf = L->closed[j] ? sym_simplify(c, L->closed[j]) : NULL;
      if (!g[j] && cf && sym_numeral(c, cf, &cv))
        hyp = sym_and2(c, hyp, sym_eq(c, L->carried_var[j], cf));
    }
    sym_debug_what(c, "fused loop %d: counter step", l);
    if (sym_sat(c, sym_and2(c, hyp, sym_not(c, sym_eq(c, next[kc], cnext)))) != Z3_L_FALSE) {
      ok = false;
      break;
    }
    for (uint32_t j = 0; j < n && !changed; j++) {
      if (!g[j]) continue;
      Z3_ast goal = sym_eq(c, next[j], sym_ite(c, last, g1[j], g[j]));
      sym_debug_what(c, "fused loop %d: step of carried %u", l, j);
      if (sym_sat(c, sym_and2(c, hyp, sym_not(c, goal))) != Z3_L_FALSE) {
        g[j] = NULL;
        changed = true;
      }
    }
  }
  if (ok) {
    /* the virtual nest: O (t in [0, T1)), I (k in [0, KT)), it = TB + k, TB = t * KT */
    char loc[200], text[400];
    ir_loc_str(sim_op_loc(c->m, f), loc, sizeof loc);
    unsigned xw = sym_width(c, X);
    snprintf(text, sizeof text, "the fused loop at %s computes its trip count (the product of "
             "its tile count and its K steps) without overflowing i%u", loc, xw);
    Z3_ast fits = sym_and2(c, Z3_mk_bvmul_no_overflow(c->z, X, Y, true),
                           Z3_mk_bvmul_no_underflow(c->z, X, Y));
    sym_assume(c, fits, text);
    c->facts = sym_and2(c, c->facts, fits); /* also when the text was printed for another loop */
    int o = add_virtual(c, l, -1, "t");
    int i = add_virtual(c, l, o, "k");
    L = &c->loops[l];
    sym_loop *O = &c->loops[o], *I = &c->loops[i];
    Z3_ast T = L->trip, Xw = sym_wide(c, X, true);
    O->it = t;
    I->it = kk;
    O->trip = sym_fresh(c, "T1", c->wide);
    sym_define(c, O->trip, sym_eq(c, O->trip, sym_ite(c, sym_slt(c, zero, Xw), Xw, zero)));
    /* T = T1 * KT (the assumption): lazy; its linear consequences eager */
    sym_define_lazy(c, O->trip, sym_eq(c, T, sym_mul(c, O->trip, KT)));
    sym_define(c, O->trip, sym_ite(c, sym_eq(c, O->trip, zero), sym_eq(c, T, zero),
                                   sym_and2(c, sym_sle(c, O->trip, T), sym_sle(c, KT, T))));
    I->trip = KT;
    O->range = sym_and2(c, sym_sle(c, zero, t), sym_slt(c, t, O->trip));
    I->range = sym_and2(c, sym_and2(c, sym_sle(c, zero, kk), sym_slt(c, kk, KT)), O->range);
    Z3_ast TB = sym_fresh(c, "TB", c->wide);
    sym_product(c, TB, t, O->trip, KT);
    Z3_ast blin = sym_and2(c, sym_and2(c, sym_sle(c, zero, TB), sym_sle(c, sym_add(c, TB, KT), T)),
                           sym_ite(c, sym_eq(c, t, zero), sym_eq(c, TB, zero), sym_sle(c, KT, TB)));
    blin = sym_and2(c, blin, sym_ite(c, sym_eq(c, t, sym_sub(c, O->trip, one)),
                                     sym_eq(c, sym_add(c, TB, KT), T), Z3_mk_true(c->z)));
    sym_define(c, TB, Z3_mk_implies(c->z, O->range, blin));
    I->nest_base = TB;
    I->nest_trip = T;
    I->flat = l;
    L->range = sym_and2(c, sym_and2(c, sym_sle(c, zero, L->it), sym_slt(c, L->it, T)),
                        sym_and2(c, sym_eq(c, L->it, sym_add(c, TB, kk)), I->range));
    L->flat_outer = o;
    L->flat_inner = i;
    L->fused = true;
    /* closed forms: c = k, v_j = g_j(t); after the loop (state (T1, 0)): 0 and g_j(T1) */
    if (!L->closed[kc]) c->n_invariants++;
    L->closed[kc] = L->final[kc] = sym_resize(c, kk, w[kc], true);
    L->closed_form[kc] = "k: the fused loop's K step (reset at a symbolic KT - 1)";
    L->after[kc] = sym_bv(c, 0, w[kc]);
    L->after_ok[kc] = true;
    for (uint32_t j = 0; j < n; j++)
      if (g[j]) {
        c->n_invariants++;
        L->closed[j] = L->final[j] = g[j];
        L->closed_form[j] = "g(t), t the fused loop's tile";
        L->after[j] = sym_subst(c, g[j], t, O->trip);
        L->after_ok[j] = true;
      }
    sym_forget(c);
  }
  free(g);
  free(g1);
  free(next);
  free(init);
  free(w);
}

void sym_fused_loops(sym_ctx *c) {
  uint32_t n = c->n_loops;
  for (uint32_t l = 0; l < n; l++) fuse(c, (int)l);
}

/* ------------------------------------------------------------------ events */

/* The op of loop op f's body block holding op (op itself when it is there), NULL if none. */
static const ir_op *body_op_of(const ir_op *f, const ir_op *op) {
  const ir_block *body = f->regions[0]->blocks[0];
  while (op && op->parent != body) {
    const ir_region *r = op->parent ? op->parent->parent : NULL;
    op = r ? r->parent : NULL;
  }
  return op;
}

/* Is op inside region 0 (then) of the scf.if ifop? */
static bool in_then(const ir_op *ifop, const ir_op *op) {
  while (op && op != ifop) {
    const ir_region *r = op->parent ? op->parent->parent : NULL;
    if (r && r->parent == ifop) return r == ifop->regions[0];
    op = r ? r->parent : NULL;
  }
  return false;
}

/* The last op id inside op (its nested regions included). */
static uint32_t last_id(const ir_op *op) {
  uint32_t m = op->id;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *x = op->regions[r]->blocks[b]->first; x; x = x->next) {
        uint32_t k = last_id(x);
        if (k > m) m = k;
      }
  return m;
}

/* Is the scf.if's condition k == KT - 1 in every iteration of fused loop l? */
static bool tile_end(sym_ctx *c, int l, const ir_op *ifop) {
  const sym_loop *L = &c->loops[l], *I = &c->loops[L->flat_inner];
  if (ifop->code != IR_OP_SCF_IF || !ifop->n_operands || sym_tainted(c, ifop->operands[0]))
    return false;
  Z3_ast k = sym_eval(c, ifop->operands[0]);
  if (!k) return false;
  Z3_ast last = sym_eq(c, I->it, sym_sub(c, I->trip, sym_int(c, 1)));
  Z3_ast differ = sym_not(c, sym_eq(c, sym_truth(c, k), last));
  return sym_sat(c, sym_and2(c, L->range, differ)) == Z3_L_FALSE;
}

/* An event's terms at the tile's last K step: k = KT - 1, it = TB + KT - 1. */
static void at_tile_end(sym_ctx *c, const sym_loop *L, sym_event *e) {
  const sym_loop *I = &c->loops[L->flat_inner];
  Z3_ast km = sym_sub(c, I->trip, sym_int(c, 1));
  Z3_ast from[2] = {I->it, L->it}, to[2] = {km, sym_add(c, I->nest_base, km)};
  Z3_ast *terms[4] = {&e->idx, &e->phase, &e->pred, &e->buf_idx};
  for (int k = 0; k < 4; k++)
    if (*terms[k]) *terms[k] = sym_simplify(c, Z3_substitute(c->z, *terms[k], 2, from, to));
}

/* Does term x depend on the K step (k, it or TB)? */
static bool per_step(sym_ctx *c, const sym_loop *L, Z3_ast x) {
  const sym_loop *I = &c->loops[L->flat_inner];
  return mentions(c, x, I->it) || mentions(c, x, L->it) || mentions(c, x, I->nest_base);
}

void sym_fused_place(sym_ctx *c) {
  for (uint32_t l = 0; l < c->n_loops; l++) {
    const sym_loop *L = &c->loops[l];
    if (!L->fused) continue;
    sym_debug_what(c, "events of fused loop %u", l);
    const ir_op *f = L->op, *end = NULL;
    int o = L->flat_outer;
    /* the events under a tile-end scf.if of the body: to O */
    for (uint32_t i = 0; i < c->n_evs; i++) {
      sym_event *e = &c->evs[i];
      if (e->loop != (int)l) continue;
      const ir_op *b = body_op_of(f, e->op);
      if (!b || b == e->op || !in_then(b, e->op) || !tile_end(c, (int)l, b)) continue;
      if (end && end != b && !e->unsupported) e->unsupported = "a fused loop with two tile ends";
      end = b;
      at_tile_end(c, L, e);
      e->loop = o;
    }
    if (!end) continue;
    uint32_t after = last_id(end);
    for (uint32_t i = 0; i < c->n_evs; i++) {
      sym_event *e = &c->evs[i];
      if (e->loop != (int)l) continue;
      /* the tile end must close the body: an op after it would follow O's events */
      if (e->pos > after && !e->unsupported)
        e->unsupported = "an op of a fused loop after its tile end";
      /* a tcgen05 access of the tile's slot: one event of O (see the header) */
      if ((e->kind == SYM_EV_ASYNC_READ || e->kind == SYM_EV_ASYNC_WRITE) &&
          e->group == SYM_G_TC05 && e->idx && mentions(c, e->idx, c->loops[o].it) &&
          !per_step(c, L, e->idx) && !per_step(c, L, e->pred))
        e->loop = o;
    }
  }
}
