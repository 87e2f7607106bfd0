/* sim_compile_amd_membar.c: the CTA barriers Triton's Membar pass adds at LLVM lowering, which the
 * TTGIR does not show (semantics.md §8.2). On NVIDIA one agent is a whole partition, so
 * these barriers need no model there; on AMD the agents are waves, and without them every
 * local_store -> local_load of a pipelined matmul would be a race between waves. Modelled as
 * the NVIDIA implicit syncs are (SIM_I_CLSYNC, sim_compile.c): a pseudo instruction
 * (SIM_I_AMD_BAR = waits + s_barrier, as `ttg.barrier local` lowers) put where the pass puts
 * one. The rules, from triton-lang/triton lib/Analysis/Membar.cpp and
 * third_party/amd/lib/Analysis/MembarUtility.cpp (read, not copied):
 *  - Since the last barrier, the shared-memory reads and writes of ops are collected; an op
 *    whose accesses meet them (read after write, write after read or write) gets a barrier
 *    before it, and the collection restarts with its own accesses.
 *  - A barrier op (`ttg.barrier` with `local`, `gpu.barrier`) empties the collection; a raw
 *    `rocdl.s.barrier` or `amdg.cond_barrier` does not (the pass does not know them).
 *  - After every async wait (ttg.async_wait, amdg.async_wait, gfx1250's amdg.async_tdm_wait /
 *    async_tdm_intrinsic_wait: MemWaitOpTrait) a barrier is put, so that the data the wait
 *    completed is visible to all waves.
 *  - gfx1250: TDM copies and LDS mbarrier ops take part with their memory effects; two
 *    mbarrier ops never depend on each other (MembarUtility.cpp).
 *  - AMD filter: a read by a local_load marked `ttg.amdg.syncedViaAsyncWait` after an async
 *    write (direct-to-LDS copy) is not a dependency: the wait and its barrier order them.
 *  - Loops: the state at the loop head is the join of the entry state and the state at the
 *    end of the body (iterated to a fixpoint); scf.if joins both branches; a block of a
 *    region joined by forward cf branches (an early exit) starts with the join of the
 *    branches into it (walk_region).
 * MODEL: buffers are whole allocations (Membar narrows to byte intervals, so it may put
 * fewer barriers; with more barriers the model may miss a race Membar's narrowing allows:
 * only if the narrowing itself were wrong). */
#include <stdlib.h>

#include "sim_amd.h"
#include "sim_size.h"

enum { UNKNOWN = SIM_AMD_UNKNOWN };

typedef struct mstate {
  uint64_t r, w, wa;           /* allocations read, written synchronously, written by DMA */
  uint64_t mr, mw;             /* read, written by LDS mbarrier ops (gfx1250) */
} mstate;

static mstate join(mstate a, mstate b) {
  return (mstate){a.r | b.r, a.w | b.w, a.wa | b.wa, a.mr | b.mr, a.mw | b.mw};
}

typedef struct mctx {
  sim_machine *m;
  sim_amd_bufs bufs;           /* allocations by bit */
} mctx;

static uint64_t alloc_bit(sim_amd_bufs *t, const ir_op *op) {
  for (uint32_t k = 0; k < t->n; k++)
    if (t->allocs[k] == op) return 1ull << k;
  if (t->n < UNKNOWN) {
    t->allocs[t->n] = op;
    return 1ull << t->n++;
  }
  return 1ull << UNKNOWN;
}

/* The allocations a memdesc value may view: through view ops to its local_alloc, through a
 * loop-carried value to its initial value and the value yielded for it. */
static uint64_t roots(sim_amd_bufs *t, const ir_value *v, int depth) {
  if (!v || depth > 16) return 1ull << UNKNOWN;
  if (v->def && v->def->code == IR_OP_TTG_LOCAL_ALLOC) return alloc_bit(t, v->def);
  const ir_value *src[2];
  uint32_t n = ir_view_sources(v, IR_VIEW_ALL | IR_VIEW_LOOP_YIELD, src);
  if (!n) return 1ull << UNKNOWN;
  uint64_t s = 0;
  for (uint32_t k = 0; k < n; k++) s |= roots(t, src[k], depth + 1);
  return s;
}

uint64_t sim_amd_roots(sim_amd_bufs *t, const ir_value *v) { return roots(t, v, 0); }
uint64_t sim_amd_alloc_bit(sim_amd_bufs *t, const ir_op *alloc) { return alloc_bit(t, alloc); }

bool sim_amd_meets(uint64_t a, uint64_t b) {
  if (!a || !b) return false;
  return (a & b) || ((a | b) >> UNKNOWN & 1);
}

static bool meets(uint64_t a, uint64_t b) { return sim_amd_meets(a, b); }

static void walk_block(mctx *c, const ir_block *b, mstate *s);

/* One block, or blocks joined by forward branches (cf.br / cf.cond_br to later blocks: an
 * early exit; sim_compile.c refuses a branch back): Membar's dataflow over the CFG, whose
 * state at a block's entry is the join of the states at the branches into it (all earlier).
 * A block no branch reaches is not walked (it never runs). *s becomes the join of the states
 * at the blocks' other ends (tt.return). MODEL: Membar.cpp's worklist visits a block once per
 * change of its input and puts barriers as it goes, so where a block has several predecessors
 * it may first be walked with some of them and keep a barrier that walk put; the model walks
 * each block once, with the join of all (exact when each block has one predecessor, as an
 * early exit's blocks; otherwise the model may have fewer barriers, so it may report a race
 * Membar's extra barrier prevents, never miss one). */
static void walk_region(mctx *c, const ir_region *r, mstate *s) {
  if (r->n_blocks <= 1) {
    if (r->n_blocks) walk_block(c, r->blocks[0], s);
    return;
  }
  mstate *in = ir_xcalloc(r->n_blocks, sizeof *in), out = {0};
  uint8_t *reached = ir_xcalloc(r->n_blocks, 1);
  in[0] = *s;
  reached[0] = 1;
  for (uint32_t k = 0; k < r->n_blocks; k++) {
    if (!reached[k]) continue;
    mstate t = in[k];
    walk_block(c, r->blocks[k], &t);
    const ir_op *br = r->blocks[k]->last;
    bool branch = br && (br->code == IR_OP_CF_BR || br->code == IR_OP_CF_COND_BR);
    for (uint32_t e = 0; branch && e < br->n_successors; e++) {
      const ir_block *to = br->successors[e];
      if (!to || to->parent != r || to->index <= k) continue; /* refused by sim_compile.c */
      in[to->index] = join(in[to->index], t);
      reached[to->index] = 1;
    }
    if (!branch) out = join(out, t);
  }
  *s = out;
  free(in);
  free(reached);
}

static bool clears(const ir_op *op) {
  if (op->code == IR_OP_GPU_BARRIER) return true;
  return op->code == IR_OP_TTG_BARRIER && (sim_compile_bar_spaces(op) & 1); /* local (LDS) */
}

/* The allocations of an optional operand (none when it is absent). */
static uint64_t opt_roots(mctx *c, const ir_value *v) { return v ? roots(&c->bufs, v, 0) : 0; }

/* gfx1250 (MembarUtility.cpp filterLDSMemoryBarriersDependencies): two LDS mbarrier ops
 * (init / arrive / async arrive / wait) never depend on each other; every other op with
 * shared-memory effects does (TDM copies write or read their LDS operand and write their
 * barrier: TritonAMDGPUOps.td). */
static bool mbar_op(ir_opcode c) {
  return c == IR_OP_AMDG_INIT_BARRIER || c == IR_OP_AMDG_ARRIVE_BARRIER || c == IR_OP_AMDG_WAIT_BARRIER ||
         c == IR_OP_AMDG_ASYNC_COPY_MBARRIER_ARRIVE;
}

static void access(mctx *c, const ir_op *op, mstate *s) {
  uint64_t r = 0, w = 0, wa = 0;
  switch (op->code) {
  case IR_OP_AMDG_TDM_G2L: case IR_OP_AMDG_TDM_GATHER: w = opt_roots(c, sim_compile_seg0(op, 2)) | opt_roots(c, sim_compile_seg0(op, 3)); break;
  case IR_OP_AMDG_TDM_L2G: r = opt_roots(c, sim_compile_seg0(op, 1)); w = opt_roots(c, sim_compile_seg0(op, 2)); break;
  case IR_OP_AMDG_TDM_SCATTER: r = opt_roots(c, sim_compile_seg0(op, 2)); w = opt_roots(c, sim_compile_seg0(op, 3)); break;
  case IR_OP_AMDG_INIT_BARRIER: w = opt_roots(c, sim_compile_seg0(op, 0)); break;
  case IR_OP_AMDG_ARRIVE_BARRIER: case IR_OP_AMDG_WAIT_BARRIER: case IR_OP_AMDG_ASYNC_COPY_MBARRIER_ARRIVE:
    r = w = opt_roots(c, sim_compile_seg0(op, 0));
    break;
  case IR_OP_TTG_LOCAL_LOAD: r = roots(&c->bufs, op->operands[0], 0); break;
  case IR_OP_TTG_LOCAL_STORE: w = roots(&c->bufs, op->operands[1], 0); break;
  /* MemRead + MemWrite of dst (TritonGPUOps.td LocalAtomicScatterRMWOp) */
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW: r = w = roots(&c->bufs, op->operands[0], 0); break;
  case IR_OP_TTG_LOCAL_ALLOC: if (op->n_operands) w = alloc_bit(&c->bufs, op); break;
  case IR_OP_TTG_ASYNC_COPY_G2L: wa = roots(&c->bufs, sim_compile_seg0(op, 1), 0); break;
  case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL: wa = roots(&c->bufs, sim_compile_seg0(op, 2), 0); break;
  default: return;
  }
  bool synced = op->code == IR_OP_TTG_LOCAL_LOAD && sim_compile_amd_has(op, SIM_AMD_SYNCED_ASYNC_WAIT);
  bool mb = mbar_op(op->code);
  uint64_t mr = mb ? 0 : s->mr, mw = mb ? 0 : s->mw; /* the filter */
  bool dep = meets(r, s->w | mw) || (!synced && meets(r, s->wa)) || meets(w | wa, s->r | s->w | s->wa | mr | mw);
  if (dep) {
    c->m->amd_bar_before[op->id] = 1;
    *s = (mstate){0};
  }
  if (mb) {
    s->mr |= r;
    s->mw |= w;
    return;
  }
  s->r |= r;
  s->w |= w;
  s->wa |= wa;
}

static void walk_block(mctx *c, const ir_block *b, mstate *s) {
  for (const ir_op *op = b->first; op; op = op->next) {
    if (op->id >= c->m->fn->n_ops) continue;
    /* a warp pipeline's LOCAL barriers (sim_compile_amd_wpipe.c) come before the op: Membar runs after
     * ConvertWarpPipeline and sees them */
    if (c->m->amd_wp && (c->m->amd_wp[op->id] & (SIM_WP_PRE_LOCAL | SIM_WP_BAR_LOCAL))) *s = (mstate){0};
    if (clears(op) || sim_amd_bar_after(op)) {
      *s = (mstate){0};
      continue;
    }
    switch (op->code) {
    case IR_OP_SCF_FOR: case IR_OP_SCF_WHILE: {
      mstate in = *s;
      for (int it = 0; it < 8; it++) {
        mstate t = in;
        for (uint32_t k = 0; k < op->n_regions; k++) walk_region(c, op->regions[k], &t);
        mstate j = join(in, t);
        if (!memcmp(&j, &in, sizeof j)) break;
        in = j;
      }
      *s = in;
      continue;
    }
    case IR_OP_SCF_IF: {
      mstate t = *s, e = *s;
      if (op->n_regions > 0) walk_region(c, op->regions[0], &t);
      if (op->n_regions > 1) walk_region(c, op->regions[1], &e);
      *s = join(t, e);
      continue;
    }
    default: break;
    }
    for (uint32_t k = 0; k < op->n_regions; k++) walk_region(c, op->regions[k], s);
    access(c, op, s);
  }
}

void sim_amd_membar(sim_machine *m) {
  m->amd_bar_before = ir_xcalloc(m->fn->n_ops + 1, 1);
  mctx c = {.m = m};
  mstate s = {0};
  if (m->fn->op && m->fn->op->n_regions) walk_region(&c, m->fn->op->regions[0], &s);
}

bool sim_amd_bar_before(const sim_machine *m, const ir_op *op) {
  return m->amd_bar_before && op->id < m->fn->n_ops && m->amd_bar_before[op->id];
}

bool sim_amd_bar_after(const ir_op *op) {
  /* MemWaitOpTrait (TritonAMDGPUOps.td): the async waits, and gfx1250's TDM waits */
  return op->code == IR_OP_TTG_ASYNC_WAIT || op->code == IR_OP_AMDG_ASYNC_WAIT || op->code == IR_OP_AMDG_TDM_WAIT ||
         op->code == IR_OP_AMDG_TDM_INTRINSIC_WAIT;
}
