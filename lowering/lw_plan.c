/* lw_plan.c: the shared-memory plan: a fixed byte offset for every ttg.local_alloc, every
 * layout-conversion scratch buffer and the warp_specialize state/capture area. Nothing is
 * reused (allocations live for the whole kernel), so no liveness analysis is needed. */
#include <stdio.h>
#include <stdlib.h>

#include "lw_int.h"

#define LW_SMEM_MAX 232448u /* sm_90 / sm_100 opt-in dynamic shared memory per CTA */

typedef struct plan_walk {
  lw_ctx *c;
  uint64_t cur;          /* next free byte */
  const ir_op *bad;      /* op whose memdesc could not be planned */
  uint64_t tcols;        /* tensor-memory columns used so far */
  char err[160];
} plan_walk;

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

static void place(plan_walk *w, const ir_op *op, uint64_t bytes, uint64_t align) {
  w->cur = align_up(w->cur, align);
  w->c->plan.off[op->id] = (uint32_t)w->cur;
  w->cur += bytes;
}

static void plan_op(plan_walk *w, const ir_op *op) {
  if (op->code == IR_OP_TTG_LOCAL_ALLOC && op->n_results == 1) {
    const ir_type *t = op->results[0]->type;
    lw_smem_layout l;
    if (lw_smem_layout_of(t, &l, w->err, sizeof w->err)) {
      if (!w->bad) w->bad = op;
      return;
    }
    /* The whole allocation, buffer dims included: product of the memdesc shape. */
    uint64_t bytes = (uint64_t)l.eb;
    for (int d = 0; d < t->rank; d++) bytes *= (uint64_t)t->shape[d];
    place(w, op, bytes, l.kind == LW_SM_NVMMA ? 1024 : 16);
  } else if ((op->code == IR_OP_TTG_CONVERT_LAYOUT || op->code == IR_OP_TT_TRANS ||
              op->code == IR_OP_TT_RESHAPE || op->code == IR_OP_TLX_REQUIRE_LAYOUT ||
              op->code == IR_OP_TLX_RELEASE_LAYOUT) && op->n_results == 1 &&
             op->results[0]->type->kind == IR_T_TENSOR) {
    const ir_type *t = op->results[0]->type;
    int eb = ir_type_elem_bytes(t->elem);
    place(w, op, (uint64_t)ir_type_numel(t) * (uint64_t)(eb < 4 ? 4 : eb), 16);
  } else if (op->code == IR_OP_TTNG_TC_GEN5_MMA && !ir_op_has_attr(op, "is_async")) {
    place(w, op, 16, 16); /* the barrier a synchronous MMA waits on */
  } else if (op->code == IR_OP_TTNG_TMEM_ALLOC && op->n_results >= 1) {
    /* f32 accumulators: row i in lane i, one column per element of a row. */
    const ir_type *t = op->results[0]->type;
    uint64_t cols = (uint64_t)t->shape[t->rank - 1];
    for (int d = 0; d + 2 < t->rank; d++) cols *= (uint64_t)t->shape[d];
    if (t->rank < 2 || (t->shape[t->rank - 2] != 128 && t->shape[t->rank - 2] != 64) ||
        !t->elem || ir_type_elem_bytes(t->elem) != 4) {
      if (!w->bad) {
        w->bad = op;
        snprintf(w->err, sizeof w->err, "only 32-bit tensor-memory buffers of 64 or 128 rows are supported");
      }
    }
    w->c->plan.tcol[op->id] = (uint32_t)w->tcols;
    w->tcols += cols;
  } else if (op->code == IR_OP_TT_REDUCE && op->n_results >= 1) {
    /* Cross-warp partials: one 8-byte slot per (warp, result element, result), bounded by
     * the reduced tensor's element count per warp group. */
    uint64_t n = 0;
    for (uint32_t i = 0; i < op->n_operands; i++)
      n += (uint64_t)ir_type_numel(op->operands[i]->type) * 8u;
    place(w, op, n, 16);
  }
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) plan_op(w, o);
}

int lw_plan_build(lw_ctx *c) {
  c->plan.off = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *c->plan.off);
  c->plan.tcol = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *c->plan.tcol);
  for (uint32_t i = 0; i <= c->fn->n_ops; i++) c->plan.off[i] = c->plan.tcol[i] = LW_NO_OFF;
  plan_walk w = {.c = c};
  plan_op(&w, c->fn->op);
  if (w.bad) return lw_fail(c, w.bad, "%s", w.err);
  if (w.tcols) {
    /* tcgen05.alloc takes a power of two of at least 32 columns, 512 at most. */
    uint64_t n = 32;
    while (n < w.tcols) n *= 2;
    if (n > 512) return lw_fail(c, c->fn->op, "the kernel needs %llu tensor-memory columns, more than 512",
                                (unsigned long long)w.tcols);
    c->plan.tmem_cols = (int)n;
    w.cur = align_up(w.cur, 16);
    c->plan.tmem_slot = (uint32_t)w.cur;
    w.cur += 16;
  }
  /* warp_specialize: one state byte per worker warp (64 max), then 8-byte capture slots. */
  uint32_t ncap = 0;
  for (int i = 0; i < c->ws.nops; i++)
    if (c->ws.ops[i].op->n_operands > ncap) ncap = c->ws.ops[i].op->n_operands;
  if (c->ws.nops) {
    w.cur = align_up(w.cur, 16);
    c->plan.ws_off = (uint32_t)w.cur;
    c->plan.ws_bytes = 64 + 8 * ncap;
    w.cur += c->plan.ws_bytes;
  }
  if (w.cur + 1024 > LW_SMEM_MAX) /* + the runtime 1024-byte alignment slack */
    return lw_fail(c, c->fn->op,
                   "the kernel needs %llu bytes of shared memory, more than the %u a CTA can have",
                   (unsigned long long)w.cur + 1024, LW_SMEM_MAX);
  c->plan.total = (uint32_t)align_up(w.cur, 16);
  return 0;
}
