/* sym_carried_view.c: a barrier (or buffer) view carried through scf.for iter_args, or
 * returned by an scf.for, traced to its allocation and slot (docs/symbolic.md §1, "Rings and
 * events"). Persistent FA kernels hand an mbarrier view from iteration to iteration
 * (`iter_args(%bar = %init)`, `scf.yield %bars[0]`, `arrive %l#4` after the inner loop).
 *
 * Rule: the value of an iteration argument is, at every moment, its initial value or a value
 * the body yielded for it; the result of an scf.for is its initial value (zero trips) or the
 * body's last yield. Following both edges from the view (and through nested loops) gives a
 * finite set of leaves of which the view always is one. When every leaf is a memdesc_index
 * of the same allocation whose index is one numeral k in [0, N), the view is slot k of that
 * ring whatever the trip counts are; anything else (two rings, two slots, a symbolic index,
 * an unknown leaf) leaves it untraced (the caller's "barrier view not traced").
 *
 * Second rule, the previous iteration's slot (prev_slot_view): Triton's pipeliner hands the
 * barrier of the MMA issued in iteration i to iteration i + 1, which waits on it
 * (`iter_args(%bar = %bars[0])`, `%b = memdesc_index %bars[%s]`, `scf.yield %b`). When the
 * init is slot k0 (a numeral) of ring R and the yield is `memdesc_index R[y]` made in the loop
 * body, the argument is R's slot
 *     it == 0 ? k0 : y(it - 1)        (the yield's index at the previous iteration)
 * and the loop's result R's slot T == 0 ? k0 : y(T - 1): exact terms, the index y being a
 * closed form over the counter (sym_induct.c; a havoc or tainted one leaves the view
 * untraced). The caller gets no view op (the slot is no operand of one op), so the index is
 * taken as the counter itself and proved like any other (sym_ring.c, infer_seq). Only plain
 * loops: an inner loop of a flattened, padded or fused nest is left untraced.
 *
 * Third rule (slot_term_view, session 38): a view whose init and yield are slots of one
 * allocation has a term, its slot (sym_exec.c sym_term_width), carried and proved by the
 * induction like an integer counter (in a padded nest's inner loop: sym_pad_roll.c's shadow
 * index, the FA MMA partition's previous V slot, one advance behind the kv index). When that
 * term is a closed form (not havoc), it is the view's index. Experimental, off unless
 * TLXV_SYM_CARRIED=1: on the FA rows the newly numbered events cost 150-270 CPU s of
 * back-pressure queries and leave an arrival-balance warning the explorer does not reproduce
 * (docs/symbolic.md, Session 38); tests/cli/symbolic_carried.sh checks it on kv-lag. */
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"

#define CV_MAX 64 /* values visited at most; a larger web is left untraced */

/* The loop-carried sources of v: the initial value and the yield of an scf.for iteration
 * argument, or of an scf.for result; 0 when v is neither. */
static uint32_t carried_sources(const ir_value *v, const ir_value *src[2]) {
  if (!v) return 0;
  if (!v->def) {
    if (ir_view_sources(v, IR_VIEW_LOOP_INIT | IR_VIEW_LOOP_YIELD, src) != 2) return 0;
    const ir_region *rg = v->block->parent;
    return rg && rg->parent && rg->parent->code == IR_OP_SCF_FOR ? 2 : 0;
  }
  const ir_op *f = v->def;
  if (f->code != IR_OP_SCF_FOR || v->result_idx < 0) return 0;
  uint32_t k = (uint32_t)v->result_idx;
  const ir_value *arg = sym_carried_arg(f, k);
  if (!arg) return 0;
  return ir_view_sources(arg, IR_VIEW_LOOP_INIT | IR_VIEW_LOOP_YIELD, src) == 2 ? 2 : 0;
}

/* The ring of every leaf of v's web (web: following init and yield edges), and the slot: with
 * any_slot false, one numeral k in [0, N) that every leaf has (*idx, *view those of a leaf);
 * with any_slot true, leaves of any index (*idx, *view NULL). -1 when there is none. */
static int web_view(sym_ctx *c, const ir_value *v, Z3_ast *idx, const ir_op **view,
                    bool any_slot) {
  const ir_value *work[CV_MAX], *seen[CV_MAX];
  uint32_t n_work = 0, n_seen = 0;
  int ring = -1;
  int64_t slot = -1;
  *idx = NULL;
  *view = NULL;
  work[n_work++] = v;
  while (n_work) {
    const ir_value *w = ir_view_follow(ir_view_follow(work[--n_work], IR_VIEW_SLOT),
                                       IR_VIEW_CAPTURES);
    if (!w) return -1;
    bool dup = false;
    for (uint32_t i = 0; i < n_seen && !dup; i++) dup = seen[i] == w;
    if (dup) continue;
    if (n_seen == CV_MAX) return -1;
    seen[n_seen++] = w;
    const ir_value *src[2];
    if (carried_sources(w, src) == 2) {
      if (n_work + 2 > CV_MAX) return -1;
      work[n_work++] = src[0];
      work[n_work++] = src[1];
      continue;
    }
    /* a leaf: a slot of an allocation, with a constant index in range */
    if (!w->def || w->def->code != IR_OP_TTG_MEMDESC_INDEX) return -1;
    Z3_ast li = NULL;
    const ir_op *lv = NULL;
    int r = sym_ring_of_view(c, w, &li, &lv);
    int64_t k = 0;
    if (r < 0 || (any_slot && ring >= 0 && r != ring)) return -1;
    if (any_slot) {
      ring = r;
      continue;
    }
    if (!li || !lv || !sym_numeral(c, li, &k) || k < 0 || k >= c->rings[r].n ||
        sym_tainted(c, lv->operands[1]))
      return -1;
    if (ring < 0) {
      ring = r;
      slot = k;
      *idx = li;
      *view = lv;
    } else if (r != ring || k != slot) {
      return -1;
    }
  }
  if (ring < 0 || any_slot) *idx = NULL, *view = NULL;
  return ring;
}

/* The loop entry of scf.for f, when it is a plain loop (no virtual, flattened, padded or fused
 * loop involved); -1 otherwise. */
static int plain_loop(sym_ctx *c, const ir_op *f) {
  for (uint32_t l = 0; l < c->n_loops; l++) {
    const sym_loop *L = &c->loops[l];
    if (L->op != f || L->virt) continue;
    if (L->fused || L->pad || L->flat >= 0 || L->flat_outer >= 0 || L->pad_inner >= 0 ||
        !L->induct_done || !L->step_ok)
      return -1;
    return (int)l;
  }
  return -1;
}

/* Does t mention any loop's pre-induction variable (carried or result)? Then a substitution
 * of the counter would miss the iteration those variables stand for. */
static bool mentions_loop_vars(sym_ctx *c, Z3_ast t) {
  for (uint32_t l = 0; l < c->n_loops; l++) {
    const sym_loop *L = &c->loops[l];
    for (uint32_t k = 0; k < L->n_carried; k++) {
      const Z3_ast vars[2] = {L->carried_var ? L->carried_var[k] : NULL,
                              L->result_var ? L->result_var[k] : NULL};
      for (int j = 0; j < 2; j++) {
        if (!vars[j]) continue;
        Z3_ast fresh = Z3_mk_fresh_const(c->z, "?occ", Z3_get_sort(c->z, vars[j]));
        if (!Z3_is_eq_ast(c->z, sym_subst(c, t, vars[j], fresh), t)) return true;
      }
    }
  }
  return false;
}

/* The second rule of the header: ring and slot term of the carried view v, or -1. */
static int prev_slot_view(sym_ctx *c, const ir_value *v, Z3_ast *idx) {
  const ir_value *w = ir_view_follow(ir_view_follow(v, IR_VIEW_SLOT), IR_VIEW_CAPTURES);
  const ir_value *src[2];
  if (!w || carried_sources(w, src) != 2) return -1;
  const ir_op *f = w->def ? w->def : w->block->parent->parent;
  int l = plain_loop(c, f);
  if (l < 0) return -1;
  /* the yield: a slot of ring R made by a memdesc_index (not itself carried) */
  const ir_value *y = ir_view_follow(ir_view_follow(src[1], IR_VIEW_SLOT), IR_VIEW_CAPTURES);
  if (!y || !y->def || y->def->code != IR_OP_TTG_MEMDESC_INDEX) return -1;
  Z3_ast iy = NULL, i0 = NULL;
  const ir_op *vy = NULL, *v0 = NULL;
  int r = sym_ring_of_view(c, y, &iy, &vy);
  if (r < 0 || !iy || vy != y->def || sym_tainted(c, vy->operands[1])) return -1;
  /* the init: one constant slot of the same ring */
  int r0 = sym_ring_of_view(c, src[0], &i0, &v0);
  int64_t k0;
  if (r0 != r || !i0 || !v0 || sym_tainted(c, v0->operands[1]) || !sym_numeral(c, i0, &k0) ||
      k0 < 0 || k0 >= c->rings[r].n)
    return -1;
  bool taint = false;
  iy = sym_resolve_carried(c, iy, &taint);
  if (taint || mentions_loop_vars(c, iy)) return -1;
  const sym_loop *L = &c->loops[l];
  Z3_ast j = w->def ? L->trip : L->it; /* the result: after the last iteration */
  Z3_ast prev = sym_subst_counter(c, l, iy, sym_sub(c, j, sym_int(c, 1)));
  *idx = sym_ite(c, sym_eq(c, j, sym_int(c, 0)), sym_bv(c, k0, sym_width(c, iy)), prev);
  return r;
}

/* The third rule of the header: a slot view carried through iter_args whose slot term the
 * induction proved (sym_term_width: init and yield slots of one allocation; the term a closed
 * form, e.g. sym_pad_roll.c's shadow index): that allocation's ring, the term its index. */
static bool slot_terms_on(void) {
  static int on = -1;
  if (on < 0) on = getenv("TLXV_SYM_CARRIED") && *getenv("TLXV_SYM_CARRIED") == '1';
  return on;
}

static int slot_term_view(sym_ctx *c, const ir_value *v, Z3_ast *idx) {
  if (!slot_terms_on()) return -1;
  const ir_value *w = ir_view_follow(ir_view_follow(v, IR_VIEW_SLOT), IR_VIEW_CAPTURES);
  const ir_value *src[2];
  if (!w || carried_sources(w, src) != 2 || sym_term_width(w) != SYM_SLOT_WIDTH) return -1;
  Z3_ast t = sym_eval(c, w);
  if (!t || sym_tainted(c, w)) return -1;
  /* the leaf the init reaches (through the loops it is carried by): its ring */
  const ir_value *leaf = src[0];
  for (int d = 0; d < 8 && leaf && carried_sources(leaf, src) == 2; d++) leaf = src[0];
  Z3_ast li = NULL;
  const ir_op *lv = NULL;
  int r = leaf ? sym_ring_of_view(c, leaf, &li, &lv) : -1;
  if (r < 0) return -1;
  *idx = t;
  return r;
}

int sym_ring_of_carried_view(sym_ctx *c, const ir_value *v, Z3_ast *idx, const ir_op **view) {
  int r = web_view(c, v, idx, view, false);
  if (r >= 0) return r;
  *idx = NULL;
  *view = NULL;
  r = prev_slot_view(c, v, idx);
  if (r >= 0) return r;
  *idx = NULL;
  return slot_term_view(c, v, idx);
}

const char *const sym_carried_slot_why =
    "view carried through loop iter_args: its slot is not one the encoding numbers (the slots "
    "it is carried from are not one constant)";

int sym_carried_view_ring(sym_ctx *c, const ir_value *v) {
  Z3_ast idx = NULL;
  const ir_op *view = NULL;
  const ir_value *src[2];
  const ir_value *w = ir_view_follow(ir_view_follow(v, IR_VIEW_SLOT), IR_VIEW_CAPTURES);
  if (!w || carried_sources(w, src) != 2) return -1; /* only a carried view */
  return web_view(c, v, &idx, &view, true);
}
