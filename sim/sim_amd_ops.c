/* sim_amd_ops.c: running the waves of an AMD workgroup (gfx942 / gfx950, semantics.md §8):
 * the LDS and vector-memory queues of a wave, the counter waits, s_barrier generations, the
 * end of a wave, and the hooks of the race checker and of the partial-order reduction.
 * Sources: LLVM AMDGPUUsage.rst "Memory Model GFX942" (cited [AMDGPUUsage]); the CDNA3 ISA
 * guide, S_BARRIER / S_WAITCNT (cited [CDNA3 ISA], same text in CDNA4 §12.5); LLVM PR #142018
 * (LDS DMA and the memory model); Triton's AMD lowerings (third_party/amd/lib/
 * TritonAMDGPUToLLVM: LoadStoreOpToLLVM.cpp, BarrierOpConversion.cpp, MemoryOpToLLVM.cpp). */
#include <assert.h>
#include <stdio.h>

#include "sim_amd.h"

#define KB(k) (1u << (k))

/* ------------------------------------------------------------------ footprints */

/* MODEL: the share of a wave of a distributed tensor stored to LDS. A tensor's elements are
 * split among the waves by its layout (warpsPerCTA; a broadcast layout stores equal values
 * twice), and which bytes each wave writes depends on the layout and the swizzle; the model
 * gives wave w the w-th of num_warps equal parts of the buffer (in a gfx1250 partition: the
 * k-th wave of the partition the k-th of its num_warps parts), and an agent that stands for
 * several waves (sim_compile_amd_waves.c) their parts [lo, hi) together. So the stores of different
 * waves never meet, while a read of the whole buffer (a local_load into another layout, e.g.
 * a dot operand, reads what other waves wrote) meets every wave's part. */
void sim_amd_share(const sim_machine *m, uint32_t agent, sim_fp *f) {
  if (!f->alloc || agent >= m->n_agents) return;
  /* a gfx1250 partition wave: its index among the partition's waves (sim_amd_machine.c) */
  uint64_t w = m->amd_nw[agent] ? m->amd_nw[agent] : m->num_warps;
  uint64_t p0 = m->amd_share[agent][0], p1 = m->amd_share[agent][1];
  if (w <= 1) return;
  assert(p0 < p1 && p1 <= w);
  if (f->rows >= w) { /* whole rows [p0*rows/w, p1*rows/w) */
    uint32_t lo = (uint32_t)(p0 * f->rows / w), hi = (uint32_t)(p1 * f->rows / w);
    f->off += lo * f->pitch;
    f->rows = hi - lo;
  } else if (f->rows <= 1 && f->len >= w) { /* bytes [p0*len/w, p1*len/w) */
    uint32_t lo = (uint32_t)(p0 * f->len / w), hi = (uint32_t)(p1 * f->len / w);
    f->off += lo;
    f->len = hi - lo;
  }
}

/* A simulate-mode data error stops the run at the op (reported as the op's failure). */
static int data_halt(sim_exec *e, const sim_data_err *derr) {
  sim_data_stop(e->log, e->m, (int)e->a, e->pc, derr);
  return SIM_X_HALT;
}

/* The LDS destination of a direct-to-LDS copy (segment of the memdesc operand). */
static int dma_seg(ir_opcode code) { return code == IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL ? 2 : 1; }

static bool is_dma(uint32_t code) {
  return code == IR_OP_TTG_ASYNC_COPY_G2L || code == IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL;
}
static bool is_tdm(uint32_t code) {
  return code == IR_OP_AMDG_TDM_G2L || code == IR_OP_AMDG_TDM_L2G || code == IR_OP_AMDG_TDM_GATHER ||
         code == IR_OP_AMDG_TDM_SCATTER;
}
static bool is_lds(uint32_t code) {
  return code == IR_OP_TTG_LOCAL_LOAD || code == IR_OP_TTG_LOCAL_STORE || code == IR_OP_TTG_LOCAL_ALLOC ||
         code == IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW;
}

static uint32_t count_q(const sim_machine *m, const void *st, uint32_t a, int kind) {
  return sim_ev_count_agent(m, st, a, kind);
}

/* ------------------------------------------------------------------ queues */

/* ds_write: the wave's LDS queue. [AMDGPUUsage]: "All LDS operations of a CU are performed as
 * wavefront wide operations in a global order .. Completion is reported to a wavefront in
 * execution order"; other waves see the write once the issuing wave waited (lgkmcnt) and a
 * barrier followed. */
static int ds_write(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  if (ex_in(e, 1) & SIM_VIEW_OOB) return sim_op_mem(e); /* reports the out-of-range view */
  sim_event ev = {.kind = SIM_EV_AMD_DS, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 1};
  sim_view_fp(m, ex_in(e, 1), ins_rin(m, e->i, 1), &ev.fp[0]);
  ev.fp[0].flags |= SIM_FP_WRITE;
  sim_amd_share(m, e->a, &ev.fp[0]);
  char fp[96];
  sim_logf(e->log, "ds_write of %s issued (LDS queue)", sim_fp_str(m, &ev.fp[0], fp, sizeof fp));
  /* simulate mode: the values land now; the race checker still sees the write in flight */
  sim_data_err derr;
  if (m->data && sim_data_store_view(m->data, e->a, op, &m->mscratch[ins_in(m, e->i)[1]], true, &derr))
    return data_halt(e, &derr);
  return sim_async_add_event(e, &ev);
}

/* ds atomics of ttg.local_atomic_scatter_rmw (MemoryOpToLLVM.cpp LocalAtomicScatterRMWOpConversion:
 * llvm.atomicrmw on addrspace(3), syncscope("workgroup") monotonic, per element): LDS ops of
 * the wave's LDS queue like a ds_write. MODEL: the indices are data, so the entry covers the
 * whole view (not the wave's share: any lane may update any element); two atomic entries do
 * not conflict (SIM_FP_ATOMIC), an atomic and any other access do. The wave runs on without
 * waiting for the entry (a returned old value is waited for before its use: a longer window
 * than the hardware's, never a shorter one). Simulate mode is refused at compile
 * (sim_amd_machine.c): a wave here runs the whole op, so each element would be updated once per
 * wave. */
static int ds_atomic(sim_exec *e) {
  sim_machine *m = e->m;
  if (ex_in(e, 0) & SIM_VIEW_OOB) return sim_op_mem(e); /* reports the out-of-range view */
  sim_event ev = {.kind = SIM_EV_AMD_DS, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 1};
  sim_view_fp(m, ex_in(e, 0), ins_rin(m, e->i, 0), &ev.fp[0]);
  ev.fp[0].flags |= SIM_FP_WRITE | SIM_FP_ATOMIC;
  char fp[96];
  sim_logf(e->log, "ds atomic RMW of %s issued (LDS queue)", sim_fp_str(m, &ev.fp[0], fp, sizeof fp));
  return sim_async_add_event(e, &ev);
}

/* The lint amd.masked-lanes-stale (sim_compile_amd_stale.c): a warning at the copy when this
 * run's mask leaves LDS elements that a consumer of the whole tile reads; the path goes on. */
static void stale_report(sim_exec *e) {
  const sim_machine *m = e->m;
  for (uint32_t k = 0; k < m->n_stale; k++) {
    const sim_stale *s = &m->stale[k];
    if (!s->fires || s->copy != e->i->op) continue;
    sim_viol *v = sim_viol_add(e->log, SIM_BUG_AMD_MASKED_STALE, (int)e->a, e->pc, "%s", s->msg);
    if (!v) return;
    v->severity = SIM_SEV_WARNING;
    const sim_stale_use *u = &s->uses[s->use];
    for (uint32_t pc = 0; pc < m->n_code; pc++)
      if (m->code[pc].op == u->load) {
        sim_viol_rel(v, pc, "the tile is loaded from LDS here");
        break;
      }
    for (uint32_t pc = 0; pc < m->n_code; pc++)
      if (m->code[pc].op == u->use) {
        sim_viol_rel(v, pc, "and read whole here");
        break;
      }
    return;
  }
}

/* LDS DMA (global_load_lds / buffer_load ... lds): the wave's vector-memory queue, tracked by
 * vmcnt in issue order [AMDGPUUsage: vector memory "completion is reported to a wavefront in
 * execution order"]; its LDS write is not ordered with the wave's own ds ops (LLVM PR #142018:
 * LDS DMA "can be reordered with respect to other LDS operations"). MODEL: the separate store
 * of `other` into masked lanes and register loads (which vmcnt also counts) are not queued:
 * fewer entries make every vmcnt wait complete less, never more. */
static int dma(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  sim_agent *ag = st_agent(m, e->st, e->a);
  int s = dma_seg(op->code);
  uint64_t v = ex_seg(e, s, 0);
  if (v & SIM_VIEW_OOB) return sim_op_async(e); /* reports the out-of-range view */
  sim_event ev = {.kind = SIM_EV_AMD_VM, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 1,
                  .group = ag->cp_group};
  sim_view_fp(m, v, ins_rseg(m, e->i, s, 0), &ev.fp[0]);
  ev.fp[0].flags |= SIM_FP_WRITE;
  sim_amd_share(m, e->a, &ev.fp[0]);
  char fp[96];
  sim_logf(e->log, "LDS DMA into %s issued (group %u)", sim_fp_str(m, &ev.fp[0], fp, sizeof fp), ag->cp_group);
  stale_report(e);
  /* simulate mode: the source is read now, the LDS written when the entry completes
   * (sim_events.c, as cp.async) */
  if (m->data && (ev.aux = sim_async_evrec(e))) {
    sim_evrec *r = &m->evrec[ev.aux - 1];
    uint64_t in[64] = {0};
    for (uint32_t k = 0; k < e->i->n_in && k < 64; k++) in[k] = ex_in(e, k);
    r->v[0] = m->mscratch[ins_in(m, e->i)[ins_seg_at(e->i, s)]];
    sim_data_err derr;
    if (!(r->cp_handle = sim_data_cp_async_issue(m->data, e->a, op, in, &derr))) return data_halt(e, &derr);
  }
  return sim_async_add_event(e, &ev);
}

/* s_waitcnt: "wait until outstanding <= N" [CDNA3 ISA S_WAITCNT]; the entries complete in
 * issue order (event transitions), the wait passes once at most n of queue `kind` remain. */
static bool q_le(const sim_machine *m, const void *st, uint32_t a, int kind, uint32_t n) {
  return count_q(m, st, a, kind) <= n;
}

/* ttg.async_wait {num}: at most num committed groups of the wave's copies stay outstanding
 * (the TTGIR meaning; Triton computes the vmcnt from the commit groups, UpdateAsyncWaitCount.cpp,
 * counting register loads too, which makes the hardware wait at least as long). */
static bool groups_le(const sim_machine *m, const void *st, uint32_t a, uint32_t num) {
  uint16_t cur = st_cagent(m, st, a)->cp_group;
  const sim_event *ev = st_cevents(m, st);
  uint32_t groups = 0;
  int last = -1;
  for (uint32_t k = 0; k < st_chdr(st)->n_events; k++)
    if (ev[k].agent == a && ev[k].kind == SIM_EV_AMD_VM && ev[k].group != cur && ev[k].group != last) {
      groups++;
      last = ev[k].group;
    }
  return groups <= num;
}

/* ------------------------------------------------------------------ s_barrier */

/* The waves an s_barrier of wave a synchronizes: its group. On gfx1250 with warp
 * specialization every CTA barrier outside the partitions is named barrier 1 over the default
 * waves, one in partition p named barrier 2 + p over its waves (ConvertWarpSpecializeToLLVM.cpp
 * rewriteWarpGroupBarriers: s_barrier_join + s_barrier_signal_var(numWarps) + s_barrier_wait);
 * without it there is one group, the workgroup. */
static bool same_group(const sim_machine *m, uint32_t a, uint32_t b) {
  /* s_barrier is per workgroup: the CTAs of a gfx1250 cluster each have their own */
  return m->agents[a].cta == m->agents[b].cta && m->agents[a].local == m->agents[b].local;
}

static bool sbwaiting(const sim_machine *m, const void *st, uint32_t a) {
  const sim_agent *ag = st_cagent(m, st, a);
  return ag->status == SIM_AG_NBWAIT && ag->aux == SIM_AMD_SBWAIT;
}



/* A generation completes with the waves of `waiting` and wave e->a. MODEL (§8.2): waves may
 * meet one generation at different barrier instructions: after a cond_barrier shifted one
 * wave group by a generation (BlockPingpong.cpp addAsymmetricSyncToLoop: the group's k-th loop
 * barrier meets the other group's (k+1)-th, at another pc when the loop has several), which
 * is what cond_barrier is for. That is a bug only when one of those barriers is in
 * wave-divergent control flow (an scf.if / for / while steered by the thread id) and is not a
 * cond_barrier: the waves took different paths to it, and the generation pairs barriers of
 * different paths (GPUVerify's barrier divergence, Betts et al. OOPSLA 2012). Unequal
 * counts are amd.barrier-count-mismatch (sbarrier, sim_amd_wave_end). Reports and halts. */
/* A barrier a wave may reach on its own path: in wave-divergent control and neither a
 * cond_barrier nor a barrier of a warp pipeline, whose two wave groups run one stage apart
 * by design (sim_compile_amd_wpipe.c, ConvertWarpPipeline.cpp). */
static bool path_barrier(const sim_machine *m, uint32_t pc) {
  return sim_amd_bar_divergent(m, pc) && !sim_amd_wp_barrier(&m->code[pc]);
}

static bool divergent_generation(sim_exec *e, uint32_t waiting) {
  sim_machine *m = e->m;
  uint32_t at = path_barrier(m, e->pc) ? e->pc : UINT32_MAX, other = UINT32_MAX;
  bool differ = false;
  for (uint32_t w = 0; w < m->n_agents; w++) {
    if (!((waiting >> w) & 1)) continue;
    uint32_t pc = st_cagent(m, e->st, w)->pc;
    if (pc == e->pc) continue;
    differ = true;
    if (at == UINT32_MAX && path_barrier(m, pc)) at = pc;
  }
  if (!differ || at == UINT32_MAX) return false;
  other = at == e->pc ? UINT32_MAX : e->pc;
  for (uint32_t w = 0; w < m->n_agents && other == UINT32_MAX; w++)
    if (((waiting >> w) & 1) && st_cagent(m, e->st, w)->pc != at) other = st_cagent(m, e->st, w)->pc;
  sim_viol *v = sim_viol_add(e->log, SIM_BUG_AMD_BARRIER_DIVERGENT, (int)e->a, at,
                             "this s_barrier is in wave-divergent control flow and completes a "
                             "generation with a different barrier of another wave: the waves took "
                             "different paths to this generation, and it is not a cond_barrier, "
                             "the one barrier meant to run in some waves only (§8.2)");
  sim_viol_rel(v, other, "the other wave's barrier");
  uint32_t ctl = m->amd_ctl ? m->amd_ctl[at] : 0; /* the construct's instruction + 1 */
  if (ctl && ctl != UINT32_MAX)
    sim_viol_rel(v, ctl - 1, "the condition or bounds of this construct depend on the thread id");
  e->log->halt = true;
  return true;
}

/* s_barrier: one barrier per workgroup, no id, no count; [CDNA3 ISA S_BARRIER]: "Synchronize
 * waves within a threadgroup .. If some waves in the threadgroup have already terminated,
 * this waits on only the surviving waves" and "Barrier instructions do not wait for any
 * counters to go to zero before issuing". MODEL (§8.2): the k-th s_barrier of every wave,
 * from any instruction, joins generation k. */
static int sbarrier(sim_exec *e) {
  sim_machine *m = e->m;
  uint32_t waiting = 0, live = 0;
  for (uint32_t w = 0; w < m->n_agents; w++) {
    if (w == e->a || !same_group(m, w, e->a)) continue;
    const sim_agent *ag = st_cagent(m, e->st, w);
    if (ag->status == SIM_AG_DONE) {
      sim_viol *v = sim_viol_add(e->log, SIM_BUG_AMD_BARRIER_COUNT, (int)e->a, e->pc,
                                 "%s reaches this s_barrier after %s ended: the waves execute "
                                 "unequal numbers of s_barrier; the hardware waits only on "
                                 "surviving waves, so this generation and the later ones pair "
                                 "differently than the program assumes (§8.2)",
                                 sim_agent_name(m, e->a), sim_agent_name(m, w));
      sim_viol_rel(v, ag->pc, "the other wave ends here");
      e->log->halt = true;
      return SIM_X_HALT;
    }
    live |= 1u << w;
    if (sbwaiting(m, e->st, w)) waiting |= 1u << w;
  }
  if (live & ~waiting) {
    sim_agent *me = st_agent(m, e->st, e->a);
    me->status = SIM_AG_NBWAIT;
    me->aux = SIM_AMD_SBWAIT;
    sim_logf(e->log, "s_barrier: waits (%u of %u waves arrived)", (unsigned)__builtin_popcount(waiting) + 1,
             (unsigned)__builtin_popcount(live) + 1);
    return SIM_X_STAY;
  }
  if (divergent_generation(e, waiting)) return SIM_X_HALT;
  /* what every wave of the group still has in flight crossed this barrier without its wait */
  sim_event *ev = st_events(m, e->st);
  for (uint32_t k = 0; k < st_chdr(e->st)->n_events; k++)
    if (same_group(m, ev[k].agent, e->a) && (ev[k].kind == SIM_EV_AMD_DS || ev[k].kind == SIM_EV_AMD_VM || ev[k].kind == SIM_EV_AMD_TDM) &&
        !(ev[k].flags & SIM_EVF_AMD_XBAR)) {
      ev[k].flags |= SIM_EVF_AMD_XBAR;
      ev[k].bytes = e->pc;
    }
  /* released: they run after this wave stops (sim_exec.c, deferred); until then they no
   * longer count as waiting (a wave may reach its next barrier, or its end, first) */
  for (uint32_t w = 0; w < m->n_agents; w++)
    if ((waiting >> w) & 1) st_agent(m, e->st, w)->aux = 0;
  e->release |= waiting;
  sim_logf(e->log, "s_barrier: the generation completes (%u waves)", (unsigned)__builtin_popcount(live) + 1);
  return SIM_X_NEXT;
}

int sim_amd_sbarrier(sim_exec *e) { return sbarrier(e); }

/* The waits a barrier op lowers to before its s_barrier. `ttg.barrier local` is a workgroup
 * release fence + s_barrier + acquire fence (BarrierOpConversion / MemoryOpToLLVM.cpp); the
 * release fence at workgroup scope is s_waitcnt lgkmcnt(0) on GFX942 [AMDGPUUsage, fence
 * release workgroup]. MODEL (fail closed): it does not wait for LDS DMA (vmcnt): only the
 * async waits do, so a kernel that relies on the barrier to drain its DMA is reported. A
 * global address space (global_read / global_write / all, gpu.barrier) adds vmcnt(0). */
static bool barrier_waits_done(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i) {
  bool lds = true, vm = false;
  if (i->code == IR_OP_GPU_BARRIER) vm = true;
  else if (i->code == IR_OP_TTG_BARRIER) {
    lds = i->ai & 1; /* decode_attrs: the address spaces it waits for */
    vm = (i->ai & 2) != 0;
  }
  return (!lds || q_le(m, st, a, SIM_EV_AMD_DS, 0)) && (!vm || q_le(m, st, a, SIM_EV_AMD_VM, 0));
}

/* MODEL (fail closed, docs/amd-gfx1250.md): in a gfx1250 kernel with warp specialization every
 * CTA barrier but the fork / join (Membar's, ttg.barrier / gpu.barrier, lowered to rocdl.barrier:
 * fence release, s_barrier, fence acquire) is rewritten into s_barrier_join +
 * s_barrier_signal_var + s_barrier_wait (ConvertWarpSpecializeToLLVM.cpp
 * rewriteWarpGroupBarriers erases the rocdl.barrier, and with it its fences, which are part of
 * its translation to LLVM IR): the wave's LDS writes are not waited for (no s_wait_dscnt), so
 * the model does not wait for them either; a write that crosses the barrier is reported as
 * amd.lds-unwaited. The init's barrier is modelled with its wait (sim_amd_mbar.c). */
static bool named_barrier_unfenced(const sim_machine *m) { return m->amd_gfx == 1250 && m->n_ws; }

/* ------------------------------------------------------------------ dispatch */

bool sim_amd_handles_code(uint16_t gfx, uint32_t code) {
  if (!gfx) return false;
  sim_ins i = {.code = (uint16_t)code};
  if (gfx == 1250 && sim_amd_mbar_handles(&i)) return true; /* sim_amd_mbar.c */
  if (gfx == 1250 && sim_amd_cluster_op(code)) return true; /* sim_amd_cluster.c */
  switch (code) {
  case SIM_I_AMD_BAR: case SIM_I_AMD_SBAR: case SIM_I_AMD_CBAR: case SIM_I_END:
  case IR_OP_TTG_LOCAL_STORE: case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL:
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW: case IR_OP_TTG_ASYNC_COMMIT_GROUP: case IR_OP_TTG_ASYNC_WAIT: case IR_OP_AMDG_ASYNC_WAIT:
  case IR_OP_AMDG_MEMORY_COUNTER_WAIT: case IR_OP_TTG_BARRIER: case IR_OP_GPU_BARRIER:
  case IR_OP_ROCDL_S_BARRIER: case IR_OP_AMDG_COND_BARRIER:
    return true;
  default: return false;
  }
}

int sim_amd_exec(sim_exec *e) {
  if (sim_amd_mbar_handles(e->i)) return sim_amd_mbar_exec(e);
  if (sim_amd_cluster_op(e->i->code)) return sim_amd_cluster_exec(e);
  switch (e->i->code) {
  case SIM_I_AMD_BAR: /* Membar's barrier: `ttg.barrier local` (sim_compile_amd_membar.c); its
                       * lgkmcnt(0) passed (sim_amd_enabled) */
    return sbarrier(e);
  case SIM_I_AMD_SBAR: return sbarrier(e); /* a warp pipeline's raw s_barrier */
  case SIM_I_AMD_CBAR:
    /* a warp pipeline's cond_barrier: the waves of one group (warpHigh: tid / (4 * 64) != 0,
     * ConvertWarpPipeline.cpp emitPipelinePrelude) pass an s_barrier, the others nothing */
    if ((e->m->amd_wave[e->a] * e->m->threads_per_warp / (4 * 64) != 0) != (e->i->imm != 0)) {
      sim_logf(e->log, "cond_barrier: not this wave's group");
      return SIM_X_NEXT;
    }
    return sbarrier(e);
  case SIM_I_END: sim_amd_wave_end(e); return SIM_X_STAY;
  case IR_OP_TTG_LOCAL_STORE: return ds_write(e);
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW: return ds_atomic(e);
  case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL: return dma(e);
  case IR_OP_TTG_ASYNC_COMMIT_GROUP:
    /* a marker between copies, no instruction (LLVM has no asyncmark before 22) */
    st_agent(e->m, e->st, e->a)->cp_group++;
    sim_logf(e->log, "commit group");
    return SIM_X_NEXT;
  case IR_OP_TTG_ASYNC_WAIT:
    sim_logf(e->log, "async_wait (num %lld)", (long long)e->i->imm);
    return SIM_X_NEXT;
  case IR_OP_AMDG_ASYNC_WAIT:
    /* s_waitcnt vmcnt(min(63, num_inst)) (the old AMD lowering of async_wait). MODEL: one
     * queue entry per copy op; a copy of k instructions leaves fewer ops outstanding under
     * the real count, so the model completes no more than the hardware does */
    sim_logf(e->log, "s_waitcnt vmcnt(%lld)", (long long)e->i->ai);
    return SIM_X_NEXT;
  case IR_OP_AMDG_MEMORY_COUNTER_WAIT:
    sim_logf(e->log, "memory_counter_wait");
    return SIM_X_NEXT;
  case IR_OP_TTG_BARRIER: case IR_OP_GPU_BARRIER: /* its waits passed (sim_amd_enabled) */
    return sbarrier(e);
  case IR_OP_ROCDL_S_BARRIER: /* a raw s_barrier: no waits */
  case IR_OP_AMDG_COND_BARRIER: /* s_barrier under its predicate (false: skipped inline), no fence */
    return sbarrier(e);
  default: break;
  }
  return SIM_X_HALT;
}

bool sim_amd_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i) {
  if (sim_amd_mbar_handles(i)) return sim_amd_mbar_enabled(m, st, a, i);
  switch (i->code) {
  /* the counters saturate: issue stalls at the limit [CDNA3 ISA S_WAITCNT: vmcnt 6 bits,
   * lgkmcnt 4 bits; gfx1250's DScnt / ASYNCcnt 6 bits, docs/amd-gfx1250.md] */
  case IR_OP_TTG_LOCAL_STORE: case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW:
    return count_q(m, st, a, SIM_EV_AMD_DS) < (m->amd_gfx == 1250 ? SIM_AMD_G12_MAX : SIM_AMD_DS_MAX);
  case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL:
    return count_q(m, st, a, SIM_EV_AMD_VM) < SIM_AMD_VM_MAX;
  /* MODEL: s_endpgm ends the wave once its outstanding memory operations are done (the
   * workgroup's LDS is not freed under them) */
  case SIM_I_END:
    return count_q(m, st, a, SIM_EV_AMD_DS) + count_q(m, st, a, SIM_EV_AMD_VM) + count_q(m, st, a, SIM_EV_AMD_TDM) +
               count_q(m, st, a, SIM_EV_AMD_ARRIVE) == 0;
  /* gfx1250 with warp specialization: these CTA barriers become named barriers without
   * the fence of the rocdl.barrier they replace (named_barrier_unfenced) */
  case SIM_I_AMD_BAR: return named_barrier_unfenced(m) || q_le(m, st, a, SIM_EV_AMD_DS, 0);
  case IR_OP_TTG_BARRIER: case IR_OP_GPU_BARRIER:
    return named_barrier_unfenced(m) || barrier_waits_done(m, st, a, i);
  case IR_OP_TTG_ASYNC_WAIT: return groups_le(m, st, a, (uint32_t)i->imm); /* num */
  case IR_OP_AMDG_ASYNC_WAIT: return q_le(m, st, a, SIM_EV_AMD_VM, (uint32_t)i->ai); /* num_inst */
  case IR_OP_AMDG_MEMORY_COUNTER_WAIT: /* load (ai) and ds (xi[0]), each when given */
    /* gfx1250 (ISA major 12): load(n) is s_wait_loadcnt, which does not count the async
     * copies to LDS (ASYNCcnt): it completes none of them (MemoryOpToLLVM.cpp
     * MemoryCounterWaitOpConversion) */
    return (!(i->af & SIM_AF_HAS_AI) || m->amd_gfx == 1250 || q_le(m, st, a, SIM_EV_AMD_VM, (uint32_t)i->ai)) &&
           (!(i->af & SIM_AF_HAS_AI2) || q_le(m, st, a, SIM_EV_AMD_DS, (uint32_t)i->xi[0]));
  default: return true;
  }
}

/* The fork and join of gfx1250 warp specialization are rocdl.barrier (a workgroup release
 * fence, s_barrier, acquire fence: the LDS writes of the arriving wave are done first, as for
 * `ttg.barrier local`); the join's s_barrier is also the one every partition wave reaches at
 * its ttg.warp_return (WarpSpecializeUtility.cpp rewritePartitionRegions), so their LDS writes
 * are done too. Async copies and TDM copies are not waited for: they cross it (sbarrier). */
bool sim_amd_fork_join_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i) {
  if (!q_le(m, st, a, SIM_EV_AMD_DS, 0)) return false;
  if (i->code == SIM_I_JOIN)
    for (uint32_t w = 0; w < m->n_agents; w++)
      if (m->agents[w].local && !q_le(m, st, w, SIM_EV_AMD_DS, 0)) return false;
  return true;
}

void sim_amd_wave_end(sim_exec *e) {
  sim_machine *m = e->m;
  st_agent(m, e->st, e->a)->status = SIM_AG_DONE;
  sim_logf(e->log, "%s ends", sim_agent_name(m, e->a));
  bool last = true; /* the last wave of its workgroup (CTA) */
  for (uint32_t w = 0; w < m->n_agents; w++) {
    if (w == e->a) continue;
    uint8_t ws = st_cagent(m, e->st, w)->status;
    if (ws != SIM_AG_DONE && ws != SIM_AG_IDLE && m->agents[w].cta == m->agents[e->a].cta) last = false;
    if (same_group(m, w, e->a) && sbwaiting(m, e->st, w)) {
      uint32_t pc = st_cagent(m, e->st, w)->pc;
      sim_viol *v = sim_viol_add(e->log, SIM_BUG_AMD_BARRIER_COUNT, (int)w, pc,
                                 "%s waits in this s_barrier while %s ends without reaching it: "
                                 "unequal s_barrier counts per wave; the hardware then releases "
                                 "the barrier without the ended wave (a hang when the ended wave "
                                 "still had to arrive), and later barriers pair with the wrong "
                                 "generation (§8.2)", sim_agent_name(m, w), sim_agent_name(m, e->a));
      sim_viol_rel(v, e->pc, "the other wave ends here");
      e->log->halt = true;
      return;
    }
  }
  if (last) sim_cta_exit(e);
}

/* ------------------------------------------------------------------ race checker hooks */

int sim_amd_access(const sim_machine *m, const void *st, uint32_t a, sim_fp *out) {
  const sim_agent *ag = st_cagent(m, st, a);
  if (ag->status != SIM_AG_RUN) return 0;
  const sim_ins *i = &m->code[ag->pc];
  if (i->code >= IR_OP__COUNT || !i->op) return 0;
  const uint64_t *env = st_cenv(m, st, a);
  const uint32_t *in = ins_in(m, i);
  switch (i->code) {
  case IR_OP_TTG_LOCAL_LOAD: /* ds_read of the whole buffer (see share) */
    sim_view_fp(m, env_slot(m, env, i->region, in[0]), ins_rin(m, i, 0), &out[0]);
    return out[0].alloc ? 1 : 0;
  case IR_OP_TTG_LOCAL_ALLOC:
    if (!i->imm || !i->n_out) return 0;
    sim_view_fp(m, sim_view_make((uint32_t)i->imm, agent_cta(m, a), 0), ins_rout(m, i, 0), &out[0]);
    out[0].flags |= SIM_FP_WRITE;
    sim_amd_share(m, a, &out[0]);
    return out[0].alloc ? 1 : 0;
  default: return 0; /* stores and copies: their window is the queue entry */
  }
}

bool sim_amd_access_after_event(const sim_machine *m, const void *st, uint32_t a, uint32_t ev) {
  const sim_event *e = &st_cevents(m, st)[ev];
  const sim_agent *ag = st_cagent(m, st, a);
  if (e->agent != a || ag->status != SIM_AG_RUN) return false;
  uint32_t code = m->code[ag->pc].code;
  /* a wave's own LDS ops are ordered [AMDGPUUsage: lgkmcnt(0) is needed between wavefronts
   * "but not between operations performed by the same wavefront"]; its DMA copies complete
   * in issue order. Its ds_read of a DMA destination is not ordered (PR #142018). */
  if (e->kind == SIM_EV_AMD_DS) return is_lds(code);
  if (e->kind == SIM_EV_AMD_VM) return is_dma(code);
  /* TDM: a wave's copies are performed in issue order (sim_amd_mbar.c: Triton's ConSan checks a
   * TDM access only against other threads' outstanding TDM commits) */
  if (e->kind == SIM_EV_AMD_TDM) return is_tdm(code);
  return false;
}

bool sim_amd_events_ordered(const sim_machine *m, const void *st, uint32_t e1, uint32_t e2) {
  const sim_event *a = &st_cevents(m, st)[e1], *b = &st_cevents(m, st)[e2];
  return a->agent == b->agent && a->kind == b->kind &&
         (a->kind == SIM_EV_AMD_DS || a->kind == SIM_EV_AMD_VM || a->kind == SIM_EV_AMD_TDM);
}

bool sim_amd_completable(const sim_machine *m, const void *st, uint32_t idx) {
  const sim_event *e = &st_cevents(m, st)[idx];
  if (e->kind == SIM_EV_AMD_TDM || e->kind == SIM_EV_AMD_ARRIVE) return sim_amd_mbar_completable(m, st, idx);
  return sim_ev_is_oldest(m, st, idx, KB(e->kind));
}

sim_bug_kind sim_race_kind(const sim_machine *m, const void *st, uint32_t a, uint32_t ev, uint32_t *rel,
                           const char **note) {
  *rel = UINT32_MAX;
  *note = NULL;
  if (!m->amd_gfx) return SIM_BUG_RACE;
  const sim_event *e = &st_cevents(m, st)[ev];
  if (e->kind != SIM_EV_AMD_DS && e->kind != SIM_EV_AMD_VM && e->kind != SIM_EV_AMD_TDM) return SIM_BUG_RACE;
  if (e->agent == a) return e->kind != SIM_EV_AMD_DS ? SIM_BUG_AMD_DMA_UNWAITED : SIM_BUG_RACE;
  /* a TDM copy that signals an LDS mbarrier: the other wave's ordering is that barrier's
   * wait (sim_amd_mbar.c), not an s_barrier after a tensorcnt wait */
  if (e->kind == SIM_EV_AMD_TDM && e->bar != SIM_NOBAR) return SIM_BUG_RACE;
  /* the barrier it crossed is one of the issuing wave's group, which orders nothing for a wave
   * of another group (gfx1250 partitions) */
  if (!(e->flags & SIM_EVF_AMD_XBAR) || !same_group(m, e->agent, a)) return SIM_BUG_RACE;
  *rel = e->bytes;
  *note = e->kind == SIM_EV_AMD_DS    ? "the issuing wave's s_waitcnt lgkmcnt is missing before this s_barrier"
          : e->kind == SIM_EV_AMD_TDM ? "the issuing wave's async_tdm_wait is missing before this s_barrier"
                                      : "the issuing wave's vmcnt wait (async_wait / memory_counter_wait) is missing "
                                        "before this s_barrier";
  return e->kind == SIM_EV_AMD_DS ? SIM_BUG_AMD_LDS_UNWAITED : SIM_BUG_AMD_BAR_DMA_UNWAITED;
}

/* ------------------------------------------------------------------ reduction, explanations */

bool sim_amd_effect(const sim_machine *m, const sim_ins *i, const uint64_t *x, uint32_t wave, sim_eff *e) {
  if (m->amd_gfx == 1250 && sim_amd_mbar_effect(m, i, x, wave, e)) return true;
  if (sim_amd_cluster_op(i->code)) { /* the cluster's barrier: every CTA's waves (sim_amd_cluster.c) */
    e->kind |= SIM_E_CLUSTER;
    return true;
  }
  if (!sim_amd_handles(m, i) && i->code != IR_OP_TTG_LOCAL_ALLOC) return false;
  const ir_op *op = i->op;
  sim_fp f;
  switch (i->code) {
  case IR_OP_TTG_LOCAL_STORE:
    sim_view_fp(m, x[ins_in(m, i)[1]], ins_rin(m, i, 1), &f);
    e->kind |= SIM_E_ISSUE;
    break;
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW: /* the whole view (ds_atomic), not the wave's share */
    sim_view_fp(m, x[ins_in(m, i)[0]], ins_rin(m, i, 0), &f);
    e->kind |= SIM_E_ISSUE;
    if (!f.alloc) break;
    f.flags |= SIM_FP_WRITE | SIM_FP_ATOMIC;
    e->fp[e->n_fp++] = f;
    return true;
  case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL: {
    int s = dma_seg(op->code);
    sim_view_fp(m, x[ins_in(m, i)[ins_seg_at(i, s)]], ins_rseg(m, i, s, 0), &f);
    e->kind |= SIM_E_ISSUE | SIM_E_GWAIT;
    break;
  }
  case IR_OP_TTG_LOCAL_ALLOC:
    if (!sim_alloc_writes(op) || !i->imm) return false;
    sim_view_fp(m, sim_view_make((uint32_t)i->imm, e->cta, 0), ins_rout(m, i, 0), &f);
    e->kind |= SIM_E_MEM;
    break;
  case IR_OP_TTG_ASYNC_COMMIT_GROUP: case IR_OP_TTG_ASYNC_WAIT: case IR_OP_AMDG_ASYNC_WAIT:
  case IR_OP_AMDG_MEMORY_COUNTER_WAIT: /* the wave's own queues only */
    e->kind |= SIM_E_GWAIT;
    return true;
  case SIM_I_END:
    e->kind |= SIM_E_GLOBAL;
    return true;
  default: /* s_barrier: the workgroup's one barrier, as a named barrier of NVIDIA's */
    e->kind |= SIM_E_NAMED | SIM_E_GWAIT;
    e->named = SIM_AMD_SBWAIT;
    return true;
  }
  if (!f.alloc) {
    e->kind |= SIM_E_GLOBAL;
    return true;
  }
  f.flags |= SIM_FP_WRITE;
  sim_amd_share(m, wave, &f);
  e->fp[e->n_fp++] = f;
  return true;
}

void sim_amd_explain_sbwait(const sim_machine *m, const void *st, uint32_t a, char *buf, size_t n) {
  uint32_t in = 0, live = 0;
  for (uint32_t w = 0; w < m->n_agents; w++) {
    if (st_cagent(m, st, w)->status == SIM_AG_DONE || !same_group(m, w, a)) continue;
    live++;
    if (sbwaiting(m, st, w)) in++;
  }
  snprintf(buf, n, "waits in an s_barrier: %u of %u live waves %sarrived", in, live,
           m->agents[a].local ? "of its partition " : "");
}
