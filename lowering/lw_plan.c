/* lw_plan.c: the shared-memory plan: a fixed byte offset for every ttg.local_alloc and the
 * warp_specialize state/capture area. NVIDIA (and kernels with warp_specialize): allocations
 * one after the other, and scratch buffers (layout exchanges, cross-warp reductions) share one
 * pool per group of warps that can run at the same time. AMD: the liveness-based plan of
 * lw_plan_live.c for allocations and scratch alike. */
#include <stdio.h>
#include <stdlib.h>

#include "lw_int.h"

#define LW_SMEM_MAX 232448u /* sm_90 / sm_100 opt-in dynamic shared memory per CTA */

/* Scratch pools: 0 = the kernel body and default regions (the default warps), 1 + k =
 * position k of a warp_specialize's partitions (worker warps). Pools never overlap each
 * other or an allocation, because their warps may run at the same time; inside a pool every
 * scratch op starts with a barrier of its region before it writes (lw_tensor.c exchange,
 * lw_reduce.c step 3), so the previous user's reads are done and one buffer serves all.
 * The reuse pool: a scratch op in the function's top-level block, after every allocation of
 * the function is local_dealloc'ed in that block, takes the allocations' bytes from offset 0
 * (Triton's allocation analysis frees a buffer at its last use likewise; an epilogue's layout
 * conversion then fits beside nothing). Same argument: its leading barrier orders the earlier
 * reads and writes of the allocations before its writes, and no later op touches an allocation.
 * Only without warp_specialize (worker warps could still run), only for the default pool, and
 * only without i64 (mbarrier) allocations, which the hang recorder reads at its dump
 * (lw_recorder.c); the TMEM slot and the ws area come after it. */
#define LW_NPOOLS (1 + LW_MAX_PARTS)
#define LW_POOL_REUSE LW_NPOOLS /* index in scratch_pool: the reuse pool */

typedef struct plan_walk {
  lw_ctx *c;
  uint64_t cur;          /* next free byte */
  int pool;              /* pool of the ops being walked */
  uint64_t pool_bytes[LW_NPOOLS];  /* the largest scratch of each pool */
  const ir_op **scratch; /* scratch ops in walk order, with their pools */
  int *scratch_pool;
  uint64_t *scratch_bytes;
  uint32_t nscratch;
  bool top;              /* walking the function's top-level block */
  uint32_t nallocs;      /* local_allocs seen so far */
  lw_live_buf *allocs;   /* each local_alloc with its bytes and alignment (the AMD plan) */
  uint32_t nfreed;       /* of them, local_dealloc'ed in the top-level block so far */
  bool *freed;           /* per op id: a local_alloc freed in the top-level block */
  uint32_t *scratch_freed; /* per scratch op: nfreed when it was seen at the top level, else 0 */
  bool bars;             /* an i64 (mbarrier) allocation */
  uint64_t reuse_bytes;  /* the largest scratch of the reuse pool */
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

static void add_scratch(plan_walk *w, const ir_op *op, uint64_t bytes) {
  if (!bytes) return;
  w->scratch[w->nscratch] = op;
  w->scratch_freed[w->nscratch] = w->top && w->pool == 0 ? w->nfreed : 0;
  w->scratch_bytes[w->nscratch] = bytes;
  w->scratch_pool[w->nscratch++] = w->pool;
}

/* Pool of region rg when it belongs to a warp_specialize op: 0 for its default region, 1 + k
 * for its k-th partition; -1 when rg is not one of them. */
static int region_pool(const lw_ctx *c, const ir_op *ws, const ir_region *rg) {
  for (int i = 0; i < c->ws.nops; i++) {
    const lw_wsop *o = &c->ws.ops[i];
    if (o->op != ws) continue;
    if (o->def == rg) return 0;
    for (int k = 0; k < o->nparts; k++)
      if (o->parts[k].r == rg) return 1 + k;
  }
  return -1;
}

static void plan_op(plan_walk *w, const ir_op *op) {
  if (op->code == IR_OP_TTG_LOCAL_ALLOC && op->n_results == 1) {
    const ir_type *t = op->results[0]->type;
    lw_smem_layout l;
    if (lw_smem_layout_of(t, &l, w->err, sizeof w->err)) {
      if (!w->bad) w->bad = op;
      return;
    }
    /* The whole allocation, buffer dims included: product of the memdesc shape (the padding
     * of a padded_shared layout added). */
    uint64_t bytes = (uint64_t)lw_smem_alloc_bytes(&l);
    uint64_t align = l.kind == LW_SM_NVMMA ? 1024 : 16;
    place(w, op, bytes, align);
    w->allocs[w->nallocs++] = (lw_live_buf){.op = op, .bytes = bytes, .align = align};
    if (t->elem && t->elem->kind == IR_T_INT && t->elem->bits == 64) w->bars = true;
  } else if (op->code == IR_OP_TTG_LOCAL_DEALLOC && w->top && op->n_operands == 1 && op->operands[0]->def &&
             op->operands[0]->def->code == IR_OP_TTG_LOCAL_ALLOC && !w->freed[op->operands[0]->def->id]) {
    w->freed[op->operands[0]->def->id] = true;
    w->nfreed++;
  } else if (lw_is_relayout(op) && op->n_results == 1 &&
             op->results[0]->type->kind == IR_T_TENSOR) {
    add_scratch(w, op, lw_relayout_scratch_bytes(op));
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
    add_scratch(w, op, lw_reduce_scratch_bytes(op)); /* cross-warp partials */
  } else if (op->code == IR_OP_TT_SCAN && op->n_results >= 1) {
    add_scratch(w, op, lw_scan_scratch_bytes(op)); /* block totals across warps */
  } else if (op->code == IR_OP_TT_ATOMIC_CAS || op->code == IR_OP_TT_ATOMIC_RMW) {
    add_scratch(w, op, lw_atomic_scratch_bytes(op)); /* the result, for every thread */
  } else if (op->code == IR_OP_AMDG_UPCAST_MXFP) {
    add_scratch(w, op, lw_upcast_scratch_bytes(op)); /* the scales, to the values' threads */
  }
  int outer = w->pool;
  bool top = w->top;
  w->top = op == w->c->fn->op;
  for (uint32_t r = 0; r < op->n_regions; r++) {
    if (op->code == IR_OP_TTG_WARP_SPECIALIZE || op->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) {
      const ir_op *ws = op;
      if (op->code == IR_OP_TTG_WARP_SPEC_PARTITIONS)
        ws = op->parent && op->parent->parent ? op->parent->parent->parent : NULL;
      int p = ws ? region_pool(w->c, ws, op->regions[r]) : -1;
      if (p >= 0) w->pool = p;
    }
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) plan_op(w, o);
    w->pool = outer;
  }
  w->top = top;
}

/* The sequential plan's scratch (NVIDIA, warp_specialize): the pools after every allocation,
 * the reuse pool from offset 0. */
static void plan_pools(plan_walk *w) {
  for (uint32_t i = 0; i < w->nscratch; i++) {
    if (!w->c->ws.nops && !w->bars && w->nallocs && w->scratch_freed[i] == w->nallocs) w->scratch_pool[i] = LW_POOL_REUSE;
    uint64_t *max = w->scratch_pool[i] == LW_POOL_REUSE ? &w->reuse_bytes : &w->pool_bytes[w->scratch_pool[i]];
    if (w->scratch_bytes[i] > *max) *max = w->scratch_bytes[i];
  }
  /* The pools, after every allocation; each scratch op gets its pool's start. */
  uint64_t pool_off[LW_NPOOLS];
  for (int p = 0; p < LW_NPOOLS; p++) {
    pool_off[p] = w->cur = align_up(w->cur, 16);
    w->cur += w->pool_bytes[p];
  }
  for (uint32_t i = 0; i < w->nscratch; i++)
    w->c->plan.off[w->scratch[i]->id] = w->scratch_pool[i] == LW_POOL_REUSE ? 0 : (uint32_t)pool_off[w->scratch_pool[i]];
  if (w->reuse_bytes > w->cur) w->cur = w->reuse_bytes;
}

int lw_plan_build(lw_ctx *c) {
  c->plan.off = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *c->plan.off);
  c->plan.tcol = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *c->plan.tcol);
  for (uint32_t i = 0; i <= c->fn->n_ops; i++) c->plan.off[i] = c->plan.tcol[i] = LW_NO_OFF;
  plan_walk w = {.c = c};
  w.scratch = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *w.scratch);
  w.scratch_pool = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *w.scratch_pool);
  w.scratch_bytes = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *w.scratch_bytes);
  w.scratch_freed = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *w.scratch_freed);
  w.freed = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *w.freed);
  w.allocs = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *w.allocs);
  for (uint32_t i = 0; i <= c->fn->n_ops; i++) w.freed[i] = false;
  plan_op(&w, c->fn->op);
  if (w.bad) return lw_fail(c, w.bad, "%s", w.err);
  if (lw_target_is_amd(c->target) && !c->ws.nops) {
    /* AMD: liveness (lw_plan_live.c); allocations and scratch ops share bytes when their
     * lifetimes do not overlap. Replaces the sequential placement and the pools. */
    lw_live_buf *bufs = lw_alloc(c, (w.nallocs + w.nscratch + 1) * sizeof *bufs);
    uint32_t n = 0;
    for (uint32_t i = 0; i < w.nallocs; i++) bufs[n++] = w.allocs[i];
    for (uint32_t i = 0; i < w.nscratch; i++)
      bufs[n++] = (lw_live_buf){.op = w.scratch[i], .bytes = w.scratch_bytes[i], .align = 16};
    lw_live_intervals(c, bufs, n);
    w.cur = lw_live_place(c, bufs, n);
    for (uint32_t i = 0; i < n; i++) c->plan.off[bufs[i].op->id] = (uint32_t)bufs[i].off;
  } else {
    plan_pools(&w);
  }
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
  if (lw_target_is_amd(c->target)) {
    /* LDS per workgroup: 64 KiB on gfx942 [CDNA3 ISA §1], 160 KiB on gfx950 [CDNA4 ISA §1];
     * a static global, no alignment slack (docs/lowering.md "AMD"). */
    uint64_t max = c->target == LW_GFX950 ? 160u * 1024 : 64u * 1024;
    if (w.cur > max)
      return lw_fail(c, c->fn->op, "the kernel needs %llu bytes of LDS, more than the %llu a %s workgroup can have",
                     (unsigned long long)w.cur, (unsigned long long)max, lw_target_name(c->target));
  } else if (w.cur + 1024 > LW_SMEM_MAX) { /* + the runtime 1024-byte alignment slack */
    return lw_fail(c, c->fn->op,
                   "the kernel needs %llu bytes of shared memory, more than the %u a CTA can have",
                   (unsigned long long)w.cur + 1024, LW_SMEM_MAX);
  }
  c->plan.total = (uint32_t)align_up(w.cur, 16);
  return 0;
}
