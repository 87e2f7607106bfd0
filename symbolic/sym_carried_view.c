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
 * an unknown leaf) leaves it untraced (the caller's "barrier view not traced"). */
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

int sym_ring_of_carried_view(sym_ctx *c, const ir_value *v, Z3_ast *idx, const ir_op **view) {
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
    int64_t k;
    if (r < 0 || !li || !lv || !sym_numeral(c, li, &k) || k < 0 || k >= c->rings[r].n ||
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
  if (ring < 0) *idx = NULL, *view = NULL;
  return ring;
}
