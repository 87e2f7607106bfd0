/* lw_sync.c: mbarriers, named barriers, region barriers, fences (semantics.md §1, §5, §2.3)
 * and membar-lite: the bar.sync Triton's lowering inserts between generic shared-memory
 * accesses of different threads of one partition (tlx-ir.md §0). */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

/* ------------------------------------------------------------------ region barrier */

void lw_region_barrier(lw_ctx *c) {
  lw_region *r = c->rg;
  if (lw_target_is_amd(c->target)) {
    /* A LOCAL barrier on gfx9 (semantics.md §8.1), as Triton's AMD BarrierOpConversion: a
     * workgroup release fence (the memory legalizer's waits), s_barrier, an acquire fence. */
    lw_stmt(c, "llvm.fence syncscope(\"workgroup\") release");
    lw_stmt(c, "rocdl.s.barrier");
    lw_stmt(c, "llvm.fence syncscope(\"workgroup\") acquire");
  } else if (r->kind == LW_R_KERNEL) {
    lw_stmt(c, "nvvm.barrier0");
  } else if (r->num_warps == 1) {
    lw_ssa m = lw_i32(c, -1);
    lw_stmt(c, "nvvm.bar.warp.sync %s : i32", lw_n(c, m));
  } else {
    lw_ssa id = lw_i32(c, r->bar_id), n = lw_i32(c, r->num_warps * 32);
    lw_stmt(c, "nvvm.barrier id = %s number_of_threads = %s", lw_n(c, id), lw_n(c, n));
  }
  r->mb = 0;
}

/* ------------------------------------------------------------------ membar-lite */

/* Effect of op on the pending-access flags; *need says a region barrier must come first.
 * Generic reads / writes of shared memory set RD / WR; mbarrier.init sets INIT. A later
 * access that conflicts (a read after a write, a write after a read or write, an async read
 * of generically written bytes, any mbarrier use after an init) needs the barrier. Ops whose
 * lowering contains a region barrier clear the flags. No alias analysis: any two buffers
 * conflict (conservative). */
/* One mbarrier parity probe on the shared address a (i32): try_wait (may suspend for a while)
 * or test_wait (returns at once); 1 when the phase of parity `parity` has completed, else 0
 * (i32). The waits (here), the recorder's spin loop and its record (lw_recorder.c) use it. */
lw_ssa lw_mbar_parity(lw_ctx *c, bool try_wait, lw_ssa a, lw_ssa parity) {
  lw_ssa args[2] = {a, parity};
  const char *tys[2] = {"i32", "i32"};
  return lw_asm(c, "i32",
                try_wait ? "{ .reg .pred %lwq; mbarrier.try_wait.parity.shared::cta.b64 %lwq, [$1], $2; "
                           "selp.u32 $0, 1, 0, %lwq; }"
                         : "{ .reg .pred %lwq; mbarrier.test_wait.parity.shared::cta.b64 %lwq, [$1], $2; "
                           "selp.u32 $0, 1, 0, %lwq; }",
                "=r,r,r", args, tys, 2, 0);
}

static unsigned mb_transfer(const ir_op *op, unsigned mb, bool amd, bool *need) {
  *need = false;
  switch (op->code) {
  case IR_OP_TTG_LOCAL_LOAD:
    *need = (mb & (LW_MB_WR | LW_MB_INIT)) != 0;
    return (*need ? 0 : mb) | LW_MB_RD;
  case IR_OP_TTG_LOCAL_ALLOC:
    if (!op->n_operands) return mb;
    /* an alloc with an initial value stores it */
    __attribute__((fallthrough));
  case IR_OP_TTG_LOCAL_STORE:
    *need = mb != 0;
    return LW_MB_WR;
  case IR_OP_TTNG_INIT_BARRIER: case IR_OP_TTNG_INVAL_BARRIER:
    return mb | LW_MB_INIT;
  /* cp.async writes shared memory that other threads may still read or write; its bytes
   * land at this thread's wait_group, after which others need a barrier to see them. */
  case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL:
    *need = (mb & (LW_MB_RD | LW_MB_WR)) != 0;
    return (*need ? 0 : mb) | LW_MB_WR;
  case IR_OP_TTG_ASYNC_WAIT: case IR_OP_AMDG_ASYNC_WAIT:
    return mb | LW_MB_WR;
  case IR_OP_TTNG_WAIT_BARRIER: case IR_OP_TTNG_TC_GEN5_COMMIT:
    *need = (mb & LW_MB_INIT) != 0;
    return *need ? 0 : mb;
  case IR_OP_TTNG_TMA_G2L:
    *need = mb != 0; /* async write after generic accesses, or a fresh barrier */
    return 0;
  case IR_OP_TTNG_TMA_L2G: case IR_OP_TTNG_TMA_REDUCE: case IR_OP_TTNG_WARP_GROUP_DOT:
  case IR_OP_TTNG_TC_GEN5_MMA:
    *need = (mb & (LW_MB_WR | LW_MB_INIT)) != 0;
    return *need ? 0 : mb;
  case IR_OP_TTNG_ARRIVE_BARRIER:
    if (ir_op_has_attr(op, "perThread")) {
      *need = (mb & LW_MB_INIT) != 0;
      return *need ? 0 : mb;
    }
    return 0; /* contains a region barrier */
  case IR_OP_TTNG_BARRIER_EXPECT: case IR_OP_TTG_BARRIER: case IR_OP_GPU_BARRIER:
  case IR_OP_TTG_WARP_SPECIALIZE:
    return 0;
  /* These sync only when they go through scratch memory (a register permutation, or a
   * reduction inside warps, has no barrier). */
  /* On AMD the scratch reads stay pending: translation validation (sim_amd_skel.c) sees LDS as
   * one location, so every read / write pair there is separated by a barrier, as membar-lite
   * promises (no alias analysis). On NVIDIA the scratch is known apart: nothing pending. */
  case IR_OP_TT_REDUCE:
    return lw_reduce_scratch_bytes(op) ? (amd ? LW_MB_RD : 0) : mb;
  case IR_OP_TT_SCAN:
    return lw_scan_scratch_bytes(op) ? (amd ? LW_MB_RD : 0) : mb;
  case IR_OP_TT_ATOMIC_CAS: case IR_OP_TT_ATOMIC_RMW: /* lw_atomic.c: the result's broadcast */
    return lw_atomic_scratch_bytes(op) ? (amd ? LW_MB_RD : 0) : mb;
  case IR_OP_AMDG_UPCAST_MXFP: /* lw_upcast.c: the scales' exchange */
    return lw_upcast_scratch_bytes(op) ? (amd ? LW_MB_RD : 0) : mb;
  default:
    if (lw_is_relayout(op)) return lw_relayout_scratch_bytes(op) ? (amd ? LW_MB_RD : 0) : mb;
    return mb;
  }
}

static unsigned scan_block(const ir_block *b, unsigned mb, bool amd);

static unsigned scan_op(const ir_op *op, unsigned mb, bool amd) {
  bool need;
  switch (op->code) {
  case IR_OP_SCF_FOR: case IR_OP_SCF_WHILE: {
    unsigned in = mb;
    for (int it = 0; it < 3; it++) /* monotone over 3 bits: reaches the fixpoint */
      for (uint32_t r = 0; r < op->n_regions; r++)
        for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++)
          mb |= scan_block(op->regions[r]->blocks[k], mb, amd);
    return mb | in;
  }
  case IR_OP_SCF_IF: {
    unsigned out = op->n_regions > 1 && op->regions[1]->n_blocks ? 0 : mb;
    for (uint32_t r = 0; r < op->n_regions; r++)
      for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++)
        out |= scan_block(op->regions[r]->blocks[k], mb, amd);
    return out;
  }
  default: return mb_transfer(op, mb, amd, &need);
  }
}

static unsigned scan_block(const ir_block *b, unsigned mb, bool amd) {
  for (const ir_op *op = b->first; op; op = op->next) mb = scan_op(op, mb, amd);
  return mb;
}

unsigned lw_membar_scan_loop(lw_ctx *c, const ir_block *body, unsigned mb_in) {
  unsigned mb = mb_in;
  for (int it = 0; it < 3; it++) mb |= scan_block(body, mb, lw_target_is_amd(c->target));
  return mb;
}

void lw_scratch_read_done(lw_ctx *c) {
  if (lw_target_is_amd(c->target)) c->rg->mb |= LW_MB_RD; /* see mb_transfer */
}

void lw_membar_before(lw_ctx *c, const ir_op *op) {
  bool need;
  unsigned next = mb_transfer(op, c->rg->mb, lw_target_is_amd(c->target), &need);
  if (need) lw_region_barrier(c);
  c->rg->mb = next;
}

/* ------------------------------------------------------------------ mbarriers */

/* Shared address (i32) of the barrier a memdesc view denotes. */
static lw_ssa bar_addr(lw_ctx *c, const ir_op *op, const ir_value *v) {
  lw_ssa p = lw_memdesc_ptr(c, op, v);
  return p ? lw_smem_u32(c, p) : 0;
}

static lw_ssa pred_and(lw_ctx *c, lw_ssa a, const ir_value *pv) {
  if (!pv) return a;
  int64_t k;
  if (ir_value_const_int(pv, &k)) return k ? a : lw_i1(c, false);
  return lw_bin(c, "llvm.and", a, lw_scalar(c, pv), "i1");
}

static int init_barrier(lw_ctx *c, const ir_op *op) {
  lw_ssa a = bar_addr(c, op, ir_seg(op, IR_SEG_TTNG_INIT_BARRIER_ALLOC, NULL));
  if (!a) return -1;
  int64_t cnt = ir_op_attr_int(op, "count", -1);
  if (cnt < 1 || cnt > (1 << 20) - 1) return lw_fail(c, op, "mbarrier count %lld out of range", (long long)cnt);
  lw_ssa args[2] = {a, lw_i32(c, cnt)};
  const char *tys[2] = {"i32", "i32"};
  lw_asm(c, NULL, "mbarrier.init.shared::cta.b64 [$0], $1;", "r,r", args, tys, 2, c->rg->leader);
  return 0;
}

static int inval_barrier(lw_ctx *c, const ir_op *op) {
  lw_ssa a = bar_addr(c, op, ir_seg(op, IR_SEG_TTNG_INVAL_BARRIER_ALLOC, NULL));
  if (!a) return -1;
  const char *ty = "i32";
  lw_asm(c, NULL, "mbarrier.inval.shared::cta.b64 [$0];", "r", &a, &ty, 1, c->rg->leader);
  return 0;
}

static int barrier_expect(lw_ctx *c, const ir_op *op) {
  ir_value *bv = ir_seg(op, IR_SEG_TTNG_BARRIER_EXPECT_ALLOC, NULL);
  ir_value *pv = ir_seg(op, IR_SEG_TTNG_BARRIER_EXPECT_PRED, NULL);
  lw_ssa a = bar_addr(c, op, bv);
  if (!a) return -1;
  int64_t sz = ir_op_attr_int(op, "size", -1);
  if (sz < 0 || sz > (1 << 20) - 1) return lw_fail(c, op, "expected byte count out of range");
  /* It can release other partitions: synchronize this one first (semantics.md §1.8). */
  lw_region_barrier(c);
  lw_ssa args[2] = {a, lw_i32(c, sz)};
  const char *tys[2] = {"i32", "i32"};
  lw_asm(c, NULL, "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;", "r,r", args, tys, 2,
         pred_and(c, c->rg->leader, pv));
  return 0;
}

static int arrive_barrier(lw_ctx *c, const ir_op *op) {
  ir_value *bv = ir_seg(op, IR_SEG_TTNG_ARRIVE_BARRIER_ALLOC, NULL);
  ir_value *pv = ir_seg(op, IR_SEG_TTNG_ARRIVE_BARRIER_PRED, NULL);
  if (ir_op_has_attr(op, "ctaMask")) return lw_fail(c, op, "multicast mbarrier arrives (ctaMask) are not supported yet");
  bool remote = lw_is_remote(bv->type);
  /* A remote barrier (map_to_remote_buffer): its view holds the shared::cluster address. */
  lw_ssa a = remote ? lw_memdesc_ptr_remote(c, op, bv) : bar_addr(c, op, bv);
  if (!a) return -1;
  if (remote) a = lw_smem_u32(c, a);
  int64_t cnt = ir_op_attr_int(op, "count", 1);
  lw_ssa args[2] = {a, lw_i32(c, cnt)};
  const char *tys[2] = {"i32", "i32"};
  lw_ssa pred;
  if (ir_op_has_attr(op, "perThread")) {
    /* Every thread arrives on its own. */
    pred = pv ? lw_scalar(c, pv) : lw_i1(c, true);
  } else {
    /* Partition barrier, then thread 0 arrives once for the partition (semantics.md §1.8). */
    lw_region_barrier(c);
    pred = pred_and(c, c->rg->leader, pv);
  }
  /* Remote: release at cluster scope, so what this CTA wrote before is visible to the peer
   * that waits on its barrier (semantics.md §6.2). */
  lw_asm(c, NULL, remote ? "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [$0], $1;"
                         : "mbarrier.arrive.shared::cta.b64 _, [$0], $1;",
         "r,r", args, tys, 2, pred);
  return 0;
}

/* Every thread spins on try_wait.parity (semantics.md §1.3): a loop of LLVM blocks around
 * one try_wait, so the spin is visible to LLVM and to the hang recorder (lw_recorder.c). */
static int wait_barrier(lw_ctx *c, const ir_op *op) {
  ir_value *bv = ir_seg(op, IR_SEG_TTNG_WAIT_BARRIER_ALLOC, NULL);
  ir_value *ph = ir_seg(op, IR_SEG_TTNG_WAIT_BARRIER_PHASE, NULL);
  ir_value *pv = ir_seg(op, IR_SEG_TTNG_WAIT_BARRIER_PRED, NULL);
  lw_ssa a = bar_addr(c, op, bv);
  if (!a) return -1;
  lw_ssa phase = lw_scalar(c, ph);
  const char *pty = lw_llty(ph->type);
  if (pty && strcmp(pty, "i32")) phase = lw_cast(c, lw_ty_bits(pty) < 32 ? "llvm.zext" : "llvm.trunc", phase, pty, "i32");
  uint32_t loop = lw_newblk(c), done = lw_newblk(c);
  int64_t k = 1;
  if (pv && !(ir_value_const_int(pv, &k) && k)) {
    if (ir_value_const_int(pv, &k) && !k) return 0; /* never waits */
    lw_cond_br(c, lw_scalar(c, pv), loop, done);
  } else {
    lw_br(c, loop, NULL, NULL, 0);
  }
  lw_block(c, loop);
  lw_ssa ok = lw_mbar_parity(c, true, a, phase);
  lw_ssa okb = lw_icmp(c, "ne", ok, lw_i32(c, 0), "i32");
  if (c->recorder) {
    /* The same first try_wait; when it fails, the recorder's timed loop (lw_recorder.c). */
    uint32_t slow = lw_newblk(c);
    lw_cond_br(c, okb, done, slow);
    lw_rec_wait_slow(c, op, a, phase, slow, done);
  } else {
    lw_cond_br(c, okb, done, loop);
  }
  lw_block(c, done);
  return 0;
}

/* ------------------------------------------------------------------ named barriers, fences */

static int named_barrier(lw_ctx *c, const ir_op *op) {
  /* wait_barrier_named and arrive_barrier_named: "bar num_threads" both */
  ir_value *id = ir_seg(op, IR_SEG_TTNG_WAIT_BARRIER_NAMED_BAR, NULL);
  ir_value *n = ir_seg(op, IR_SEG_TTNG_WAIT_BARRIER_NAMED_NUM_THREADS, NULL);
  lw_ssa args[2] = {lw_scalar(c, id), lw_scalar(c, n)};
  if (op->code == IR_OP_TTNG_WAIT_BARRIER_NAMED) {
    lw_stmt(c, "nvvm.barrier id = %s number_of_threads = %s", lw_n(c, args[0]), lw_n(c, args[1]));
  } else {
    const char *tys[2] = {"i32", "i32"};
    lw_asm(c, NULL, "bar.arrive $0, $1;", "r,r", args, tys, 2, 0);
  }
  return 0;
}

static int fence(lw_ctx *c, const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTNG_FENCE_ASYNC_SHARED:
    lw_asm(c, NULL, ir_op_attr_int(op, "bCluster", 0) ? "fence.proxy.async.shared::cluster;"
                                                       : "fence.proxy.async.shared::cta;",
           "", NULL, NULL, 0, 0);
    return 0;
  case IR_OP_TTNG_FENCE_MBARRIER_INIT:
    lw_asm(c, NULL, "fence.mbarrier_init.release.cluster;", "", NULL, NULL, 0, c->rg->leader);
    return 0;
  case IR_OP_TTNG_FENCE: {
    const ir_attr *s = ir_op_attr(op, "scope");
    const char *scope = s && s->str ? s->str : "gpu";
    if (!strcmp(scope, "gpu")) lw_asm(c, NULL, "fence.acq_rel.gpu;", "", NULL, NULL, 0, 0);
    else if (!strcmp(scope, "sys")) lw_asm(c, NULL, "fence.acq_rel.sys;", "", NULL, NULL, 0, 0);
    else if (!strcmp(scope, "cta")) lw_asm(c, NULL, "fence.acq_rel.cta;", "", NULL, NULL, 0, 0);
    else return lw_fail(c, op, "unknown fence scope '%s'", scope);
    return 0;
  }
  default: return lw_unsupported(c, op);
  }
}

int lw_sync_op(lw_ctx *c, const ir_op *op) {
  lw_membar_before(c, op);
  switch (op->code) {
  case IR_OP_TTNG_INIT_BARRIER: return init_barrier(c, op);
  case IR_OP_TTNG_INVAL_BARRIER: return inval_barrier(c, op);
  case IR_OP_TTNG_BARRIER_EXPECT: return barrier_expect(c, op);
  case IR_OP_TTNG_ARRIVE_BARRIER: return arrive_barrier(c, op);
  case IR_OP_TTNG_WAIT_BARRIER: return wait_barrier(c, op);
  case IR_OP_TTNG_WAIT_BARRIER_NAMED: case IR_OP_TTNG_ARRIVE_BARRIER_NAMED:
    return named_barrier(c, op);
  case IR_OP_TTG_BARRIER: case IR_OP_GPU_BARRIER:
    lw_region_barrier(c);
    return 0;
  case IR_OP_TTNG_FENCE_ASYNC_SHARED: case IR_OP_TTNG_FENCE: case IR_OP_TTNG_FENCE_MBARRIER_INIT:
    return fence(c, op);
  default: return lw_unsupported(c, op);
  }
}
