/* lw_plan_live.c: the liveness-based shared-memory plan (AMD, lw_plan.c decides when): buffers
 * whose lifetimes do not overlap may share bytes, as Triton's allocation analysis lets them.
 *
 * A buffer is a ttg.local_alloc or a scratch op (layout exchange, cross-warp reduction, the
 * broadcast of a scalar atomic's result). Its lifetime is an interval of op ids: ids are dense
 * in textual order, which is a preorder of the function, so the ops an op contains follow it
 * with the ids up to its subtree end (end[]). A scratch op lives over its own subtree. An
 * allocation A defined in block B lives from its id to the subtree end of the last op of B
 * that is, or contains, a use of A or of a view of A (memdesc_index, subslice, trans, ...,
 * followed transitively): between those two ops of one execution of B, exactly the ops with
 * ids in that interval run; a use inside a loop or an if lifts to the whole loop or if.
 *
 * Why sharing is safe (semantics.md §8.1): every LDS access the AMD lowering emits goes
 * through membar-lite (lw_sync.c), which has no alias analysis: a write after any read or
 * write of the region since its last barrier gets a barrier first, across loop back edges too,
 * and scratch ops start with a barrier and leave their reads pending. So whichever buffer
 * touched some bytes last, the next buffer's first write to them is ordered after it by an
 * s_barrier (translation validation checks that promise on the code object, without
 * addresses: sim_amd_skel.c). An LDS DMA copy marks a write pending, so the next LDS write
 * after it gets a barrier, or a barrier comes between; LLVM 22's memory legalizer waits
 * vmcnt(0) at a barrier's workgroup release fence while LDS DMA is outstanding
 * (docs/lowering.md "AMD"), so the copy has landed before that barrier (the skeleton reports
 * DMA in flight at an LDS access as inconclusive).
 *
 * Conservative cases, which live for the whole function (interval [0, n_ops]): an allocation
 * some user of which is not an LDS access, a DMA copy into it or a view (an scf.if or a yield
 * carrying the memdesc, but the scf.for case below; a call), an allocation of 64-bit elements
 * (mbarriers), one whose block is part of a multi-block region (unstructured control flow
 * can run its ops again out of id order). */
#include <stdlib.h>

#include "lw_int.h"

/* Subtree end of every op: the largest op id inside it (itself when it has no regions). */
static uint32_t subtree_end(const ir_op *op, uint32_t *end) {
  uint32_t e = op->id;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) {
        uint32_t x = subtree_end(o, end);
        if (x > e) e = x;
      }
  end[op->id] = e;
  return e;
}

/* Users that touch an allocation's bytes while they run, or make a view of it, or start an
 * LDS DMA copy into it: a copy still in flight after the allocation's last use lands before
 * any later LDS write (see the head of the file). */
static bool plain_user(const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTG_LOCAL_LOAD: case IR_OP_TTG_LOCAL_STORE: case IR_OP_TTG_LOCAL_DEALLOC:
  case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL:
    return true;
  default: return ir_ops[op->code].cls == IR_C_VIEW;
  }
}

typedef struct live_walk {
  lw_live_buf *bufs;
  const uint32_t *end;
  int32_t *root;   /* per value id: the buffer whose bytes the memdesc value denotes, or -1 */
  int32_t *bufof;  /* per op id: the buffer a local_alloc defines, or -1 */
} live_walk;

/* The op of block b that is or contains op, or NULL. */
static const ir_op *lift(const ir_op *op, const ir_block *b) {
  while (op && op->parent != b)
    op = op->parent && op->parent->parent ? op->parent->parent->parent : NULL;
  return op;
}

/* The scf.for owning the body that yield op ends, or NULL. */
static const ir_op *yield_for(const ir_op *op) {
  const ir_op *f = op->code == IR_OP_SCF_YIELD && op->parent && op->parent->parent ? op->parent->parent->parent : NULL;
  return f && f->code == IR_OP_SCF_FOR && f->regions[0]->n_blocks == 1 ? f : NULL;
}

/* A memdesc carried by an scf.for (Triton's pipeliner carries a view of a multi-buffered
 * allocation): the iter_arg and the loop result denote the same buffer as the init, when
 * the yield gives back a view of that buffer too (else both buffers live for the whole
 * function). The init and the yield are uses (they lift to the whole loop). */
static bool carried(live_walk *w, const ir_op *op, uint32_t i, int32_t r) {
  if (op->code == IR_OP_SCF_FOR && op->n_regions == 1 && op->regions[0]->n_blocks == 1 && i >= IR_SEG_SCF_FOR_INITS) {
    uint32_t k = i - IR_SEG_SCF_FOR_INITS;
    const ir_block *body = op->regions[0]->blocks[0];
    if (k >= op->n_results || k + 1 >= body->n_args) return false;
    w->root[body->args[k + 1]->id] = w->root[op->results[k]->id] = r;
    return true;
  }
  const ir_op *f = yield_for(op);
  if (!f) return false;
  const ir_block *body = f->regions[0]->blocks[0];
  if (i + 1 >= body->n_args || w->root[body->args[i + 1]->id] != r) {
    if (i + 1 < body->n_args && w->root[body->args[i + 1]->id] >= 0) w->bufs[w->root[body->args[i + 1]->id]].whole = true;
    return false;
  }
  return true;
}

static void live_op(live_walk *w, const ir_op *op) {
  for (uint32_t i = 0; i < op->n_operands; i++) {
    int32_t r = op->operands[i] ? w->root[op->operands[i]->id] : -1;
    if (r < 0) continue;
    lw_live_buf *b = &w->bufs[r];
    const ir_op *u = plain_user(op) || carried(w, op, i, r) ? lift(op, b->op->parent) : NULL;
    if (!u) {
      b->whole = true;
      continue;
    }
    if (w->end[u->id] > b->hi) b->hi = w->end[u->id];
    if (ir_ops[op->code].cls == IR_C_VIEW)
      for (uint32_t k = 0; k < op->n_results; k++)
        if (op->results[k]->type && op->results[k]->type->kind == IR_T_MEMDESC) w->root[op->results[k]->id] = r;
  }
  int32_t a = w->bufof[op->id];
  if (a >= 0 && op->n_results == 1) w->root[op->results[0]->id] = a;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) live_op(w, o);
}

void lw_live_intervals(lw_ctx *c, lw_live_buf *bufs, uint32_t n) {
  uint32_t nops = c->fn->n_ops + 1;
  uint32_t *end = lw_alloc(c, nops * sizeof *end);
  subtree_end(c->fn->op, end);
  live_walk w = {.bufs = bufs, .end = end};
  w.root = lw_alloc(c, (c->fn->n_values + 1) * sizeof *w.root);
  w.bufof = lw_alloc(c, nops * sizeof *w.bufof);
  for (uint32_t i = 0; i <= c->fn->n_values; i++) w.root[i] = -1;
  for (uint32_t i = 0; i < nops; i++) w.bufof[i] = -1;
  for (uint32_t i = 0; i < n; i++) {
    lw_live_buf *b = &bufs[i];
    b->lo = b->op->id;
    b->hi = end[b->op->id];
    b->whole = false;
    if (b->op->code != IR_OP_TTG_LOCAL_ALLOC) continue; /* scratch: its own subtree */
    w.bufof[b->op->id] = (int32_t)i;
    const ir_type *t = b->op->n_results == 1 ? b->op->results[0]->type : NULL;
    if (!t || (t->elem && t->elem->kind == IR_T_INT && t->elem->bits == 64) || !b->op->parent ||
        !b->op->parent->parent || b->op->parent->parent->n_blocks != 1)
      b->whole = true;
  }
  live_op(&w, c->fn->op);
  for (uint32_t i = 0; i < n; i++)
    if (bufs[i].whole) {
      bufs[i].lo = 0;
      bufs[i].hi = nops;
    }
}

/* Largest first (ties: the earlier op first), each at the lowest aligned offset where it
 * overlaps no placed buffer whose lifetime overlaps its own (first fit). */
static int by_size(const void *pa, const void *pb) {
  const lw_live_buf *a = *(lw_live_buf *const *)pa, *b = *(lw_live_buf *const *)pb;
  if (a->bytes != b->bytes) return a->bytes > b->bytes ? -1 : 1;
  return a->op->id < b->op->id ? -1 : a->op->id > b->op->id;
}

static bool meet(const lw_live_buf *a, const lw_live_buf *b) { return a->lo <= b->hi && b->lo <= a->hi; }

uint64_t lw_live_place(lw_ctx *c, lw_live_buf *bufs, uint32_t n) {
  lw_live_buf **ord = lw_alloc(c, (n + 1) * sizeof *ord);
  for (uint32_t i = 0; i < n; i++) ord[i] = &bufs[i];
  qsort(ord, n, sizeof *ord, by_size);
  uint64_t total = 0;
  for (uint32_t i = 0; i < n; i++) {
    lw_live_buf *b = ord[i];
    uint64_t off = 0;
    for (bool moved = true; moved;) {
      moved = false;
      for (uint32_t k = 0; k < i; k++) {
        const lw_live_buf *p = ord[k];
        if (!meet(b, p) || off >= p->off + p->bytes || p->off >= off + b->bytes) continue;
        off = (p->off + p->bytes + b->align - 1) / b->align * b->align;
        moved = true;
      }
    }
    b->off = off;
    if (off + b->bytes > total) total = off + b->bytes;
  }
  return total;
}
