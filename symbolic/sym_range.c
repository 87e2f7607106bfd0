/* sym_range.c: slot ranges of ring counters the inductions left havoc, proved by a
 * simultaneous induction over every loop (docs/symbolic.md §1, "Slot ranges of havoc
 * counters").
 *
 * The FA kernels hand their kv ring's index through the tile loop and its K loop and advance
 * it twice per K step and twice per tile outside the K loop (`i + 1 == 6 ? 0 : i + 1`): no
 * template of sym_induct*.c fits, so the index is havoc and every memdesc_index by it "may fail".
 * Its value is not needed for the bounds condition, only that it stays in [0, N). Here:
 *   candidates  (L, k, N) for each carried integer value k of scf.for L that has no closed
 *               form, N the slot count of a memdesc_index whose index is that value (the body
 *               argument or the loop's result), shared along init / yield links between loops
 *   hypothesis  every candidate's havoc terms are clamped to [0, N): ite(0 <= h < N, h, 0), its
 *               value in the loop (L->final[k]) and its loop's result (a havoc of the result
 *               value, a function of the enclosing loop's counter: sym_exec.c, L->range_n)
 *   base        the init operand, evaluated under the hypothesis, is in [0, N)
 *   step        the yield operand, evaluated under the hypothesis (L's own value the clamped
 *               term, an inner loop's result its clamped after-term), is in [0, N)
 * Houdini: a candidate whose base or step fails moves to its next larger N, or is dropped (its
 * terms back to the plain havoc), and every candidate is checked again, until a round passes.
 * Then every value any candidate stands for is in range at every moment of every execution (by
 * induction over the execution: each new value is an init or a yield, proved in range from
 * values in range; a loop's result is its init or its last yield), so an execution is one of
 * the clamped terms' models. The values stay havoc (tainted: closed[k] stays NULL), so they
 * only let a condition be proved, never violated. */
#include <stdio.h>
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

#define RANGE_MAX_N 4 /* candidate slot counts per value */

/* One candidate: carried value k of loop l, kept in [0, n[at]) while at < nn. */
typedef struct range_cand {
  int l;
  uint32_t k;
  int64_t n[RANGE_MAX_N]; /* candidate slot counts, ascending */
  int nn, at;             /* at == nn: dropped */
  Z3_ast final;           /* the plain havoc term of the value in the loop */
} range_cand;

typedef struct range_set {
  range_cand *v;
  uint32_t n, cap;
} range_set;

/* The candidate that value x is (a loop's body argument or result), or -1. */
static int cand_of_value(sym_ctx *c, const range_set *s, const ir_value *x) {
  x = sym_strip_casts(x);
  if (!x) return -1;
  for (uint32_t i = 0; i < s->n; i++) {
    const ir_op *f = c->loops[s->v[i].l].op;
    if (sym_carried_arg(f, s->v[i].k) == x) return (int)i;
    if (x->def == f && x->result_idx >= 0 && (uint32_t)x->result_idx == s->v[i].k) return (int)i;
  }
  return -1;
}

static bool add_n(range_cand *r, int64_t n) {
  int i = 0;
  while (i < r->nn && r->n[i] < n) i++;
  if ((i < r->nn && r->n[i] == n) || r->nn == RANGE_MAX_N) return false;
  for (int j = r->nn; j > i; j--) r->n[j] = r->n[j - 1];
  r->n[i] = n;
  r->nn++;
  return true;
}

/* Slot counts of the memdesc_index ops in region rg indexed by a candidate's value. */
static void scan_views(sym_ctx *c, range_set *s, const ir_region *rg) {
  for (uint32_t b = 0; b < rg->n_blocks; b++)
    for (const ir_op *op = rg->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_TTG_MEMDESC_INDEX && op->n_operands >= 2) {
        const ir_type *t = op->operands[0]->type;
        int i = cand_of_value(c, s, op->operands[1]);
        if (i >= 0 && t && t->kind == IR_T_MEMDESC && t->rank >= 1 && t->shape[0] > 0)
          add_n(&s->v[i], t->shape[0]);
      }
      for (uint32_t r = 0; r < op->n_regions; r++) scan_views(c, s, op->regions[r]);
    }
}

static const ir_value *init_of(const ir_op *f, uint32_t k) {
  uint32_t n = 0;
  ir_seg(f, IR_SEG_SCF_FOR_INITS, &n);
  return k < n ? f->operands[f->seg_start[IR_SEG_SCF_FOR_INITS] + k] : NULL;
}

static const ir_value *yield_of(const ir_op *f, uint32_t k) {
  const ir_op *y = sym_body_yield(f);
  return y && k < y->n_operands ? y->operands[k] : NULL;
}

/* The loops whose havoc values are candidates: plain scf.for loops of the IR, one entry per op. */
static bool plain_for(sym_ctx *c, uint32_t l) {
  const sym_loop *L = &c->loops[l];
  if (!L->op || L->op->code != IR_OP_SCF_FOR || L->virt || L->fused || L->pad ||
      L->flat_outer >= 0 || L->pad_inner >= 0 || !L->induct_done || !L->step_ok ||
      !sym_body_yield(L->op))
    return false;
  for (uint32_t j = 0; j < l; j++)
    if (c->loops[j].op == L->op) return false;
  return true;
}

static Z3_ast in_range(sym_ctx *c, Z3_ast x, int64_t n) {
  unsigned w = sym_width(c, x);
  return sym_and2(c, sym_sle(c, sym_bv(c, 0, w), x), sym_slt(c, x, sym_bv(c, n, w)));
}

Z3_ast sym_range_clamp(sym_ctx *c, Z3_ast x, int64_t n) {
  return sym_ite(c, in_range(c, x, n), x, sym_bv(c, 0, sym_width(c, x)));
}

/* Installs candidate r's hypothesis (clamped terms), or its plain havoc terms once dropped. */
static void install(sym_ctx *c, const range_cand *r) {
  sym_loop *L = &c->loops[r->l];
  bool on = r->at < r->nn;
  L->final[r->k] = on ? sym_range_clamp(c, r->final, r->n[r->at]) : r->final;
  L->range_n[r->k] = on ? r->n[r->at] : 0;
}

/* Is term t of value v in [0, n) whatever the havoc terms are (within the hypotheses)? */
static bool holds(sym_ctx *c, const ir_value *v, int64_t n) {
  Z3_ast t = v ? sym_eval(c, v) : NULL;
  if (!t) return false;
  unsigned w = sym_width(c, t);
  if (w < 2 || (w < 64 && n >= ((int64_t)1 << (w - 1)))) return false;
  return sym_sat(c, sym_not(c, in_range(c, t, n))) == Z3_L_FALSE;
}

void sym_range_invariants(sym_ctx *c) {
  range_set s = {0};
  for (uint32_t l = 0; l < c->n_loops; l++) {
    if (!plain_for(c, l)) continue;
    const sym_loop *L = &c->loops[l];
    for (uint32_t k = 0; k < L->n_carried; k++) {
      const ir_value *a = sym_carried_arg(L->op, k);
      if (L->closed[k] || !L->final[k] || !a || !sym_value_width(a->type) ||
          !init_of(L->op, k) || !yield_of(L->op, k))
        continue;
      s.v = ir_grow(s.v, &s.cap, s.n + 1, sizeof *s.v);
      range_cand *r = &s.v[s.n++];
      *r = (range_cand){.l = (int)l, .k = k, .final = L->final[k]};
    }
  }
  if (!s.n) return;
  scan_views(c, &s, c->fn->op->regions[0]);
  /* a value linked to a candidate through an init or a yield shares its slot counts */
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t i = 0; i < s.n; i++) {
      const ir_op *f = c->loops[s.v[i].l].op;
      const ir_value *ends[2] = {init_of(f, s.v[i].k), yield_of(f, s.v[i].k)};
      for (int e = 0; e < 2; e++) {
        int j = cand_of_value(c, &s, ends[e]);
        if (j < 0 || j == (int)i) continue;
        for (int q = 0; q < s.v[j].nn; q++) changed |= add_n(&s.v[i], s.v[j].n[q]);
        for (int q = 0; q < s.v[i].nn; q++) changed |= add_n(&s.v[j], s.v[i].n[q]);
      }
    }
  }
  uint32_t live = 0;
  for (uint32_t i = 0; i < s.n; i++) {
    live += s.v[i].nn > 0;
    install(c, &s.v[i]);
  }
  sym_debug_what(c, "slot ranges of %u havoc counters", live);
  for (bool changed = live > 0; changed;) { /* Houdini */
    changed = false;
    sym_forget(c);
    for (uint32_t i = 0; i < s.n && !changed; i++) {
      range_cand *r = &s.v[i];
      if (r->at >= r->nn) continue;
      const ir_op *f = c->loops[r->l].op;
      int64_t n = r->n[r->at];
      bool base = holds(c, init_of(f, r->k), n), step = base && holds(c, yield_of(f, r->k), n);
      if (sym_debug_on())
        fprintf(stderr, "sym: range loop %d carried %u in [0, %lld): base %d step %d\n", r->l,
                r->k, (long long)n, base, step);
      if (step) continue;
      r->at++;
      install(c, r);
      changed = true;
    }
  }
  sym_forget(c);
  for (uint32_t i = 0; i < s.n; i++) {
    const range_cand *r = &s.v[i];
    if (r->at >= r->nn) continue;
    c->n_invariants++;
    c->loops[r->l].closed_form[r->k] = "(havoc) in [0, N): a slot range proved by induction";
  }
  free(s.v);
}
