/* sim_amd_mbar.c: gfx1250's LDS mbarriers and TDM copies (docs/amd-gfx1250.md, which cites
 * each rule). The mbarrier object and its phases are the NVIDIA model's (sim_mbar.c, §1.2-§1.4:
 * init count, pending count, phase parity, waits on a parity); what differs on gfx1250 is who
 * arrives and what an arrival orders:
 *   - amdg.init_barrier: thread 0 stores the barrier, then a CTA barrier `ttg.barrier local`
 *     (Triton BarrierOpToLLVM.cpp InitBarrierOpConversion): wave 0 initialises, every wave
 *     passes s_waitcnt dscnt(0) + s_barrier.
 *   - amdg.arrive_barrier: ds_atomic_barrier_arrive_rtn_b64, one arrival of `count` per active
 *     lane (the fork's test_gluon_gfx1250.py sizes barriers as NUM_WARPS * WARP_SIZE for it);
 *     an LDS op, performed after the wave's earlier LDS ops [AMDGPUUsage: LDS operations of a
 *     wavefront complete in order]; returns the phase parity before the arrival.
 *   - amdg.wait_barrier: spins (s_sleep + ds_load) until the phase parity differs from its
 *     operand: the NVIDIA parity wait.
 *   - amdg.async_copy_mbarrier_arrive: ds_atomic_async_barrier_arrive_b64, one arrival per lane
 *     once the wave's earlier async copies to LDS completed (TritonAMDGPUOps.td).
 *   - amdg.async_tdm_copy_*: one tensor_load_to_lds / tensor_store_from_lds per wave for its
 *     part of the tile (TDMUtility.cpp: "the per-warp distribution"), performed in issue order
 *     (Triton's ConSan checks a TDM access against the outstanding TDM commits of the other
 *     threads only: amd-consan.mlir check_outstanding_commits_excl_self), tracked by TENSORcnt in
 *     issue order (amdg.async_tdm_wait counts ops, async_tdm_intrinsic_wait instructions); with
 *     a barrier, each wave's copy arrives once when it completes (only the last instruction of
 *     a multi-instruction copy signals, TDMUtility.cpp; the fork's tests size such barriers as
 *     NUM_WARPS).
 * The model runs every wave of a kernel that uses them (sim_compile_amd_waves.c): arrival counts are
 * per wave. Ownership: nothing here owns memory. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "sim_amd.h"

#define KB(k) (1u << (k))

bool sim_amd_mbar_op(ir_opcode code) {
  switch (code) {
  case IR_OP_AMDG_INIT_BARRIER: case IR_OP_AMDG_ARRIVE_BARRIER: case IR_OP_AMDG_WAIT_BARRIER:
  case IR_OP_AMDG_ASYNC_COPY_MBARRIER_ARRIVE: case IR_OP_AMDG_TDM_G2L: case IR_OP_AMDG_TDM_L2G:
  case IR_OP_AMDG_TDM_GATHER: case IR_OP_AMDG_TDM_SCATTER: case IR_OP_AMDG_TDM_WAIT:
  case IR_OP_AMDG_TDM_INTRINSIC_WAIT:
    return true;
  default: return false;
  }
}

/* The LDS operand of a TDM copy and its barrier (segments), and whether it writes the LDS. */
static bool tdm_segs(ir_opcode code, int *lds, int *bar, bool *writes) {
  switch (code) {
  case IR_OP_AMDG_TDM_G2L: *lds = 2; *bar = 3; *writes = true; return true;
  case IR_OP_AMDG_TDM_GATHER: *lds = 2; *bar = 3; *writes = true; return true;
  case IR_OP_AMDG_TDM_L2G: *lds = 1; *bar = 2; *writes = false; return true;
  case IR_OP_AMDG_TDM_SCATTER: *lds = 2; *bar = 3; *writes = false; return true;
  default: return false;
  }
}

int sim_amd_mbar_check(const sim_machine *m, const ir_op *op, sim_err *err) {
  int lds = 0, bar = 0;
  bool w = false;
  if (m->amd_gfx != 1250)
    return sim_errf(err, m, op, "%s exists only on gfx1250; the kernel's target is %s", ir_ops[op->code].name,
                    m->ma.target);
  /* every lane of the wave arrives: under control flow that depends on the thread id the
   * model follows lane 0 and cannot count the lanes that take the branch */
  if ((op->code == IR_OP_AMDG_ARRIVE_BARRIER || op->code == IR_OP_AMDG_ASYNC_COPY_MBARRIER_ARRIVE) &&
      sim_amd_wave_ctl(m, op))
    return sim_errf(err, m, op, "%s under control flow that depends on the thread id: how many lanes "
                    "arrive is not modelled", ir_ops[op->code].name);
  if (tdm_segs(op->code, &lds, &bar, &w)) {
    if (m->data)
      return sim_errf(err, m, op, "%s in simulate mode: the TDM data movement is not simulated (check mode "
                      "models its synchronization)", ir_ops[op->code].name);
    /* a hint leaves some waves' copies predicated off: which of them still arrive on the
     * barrier is not documented */
    if (sim_compile_amd_has(op, SIM_AMD_WARP_USED_HINT))
      return sim_errf(err, m, op, "%s with warp_used_hint: which waves issue (and arrive) is not modelled",
                      ir_ops[op->code].name);
    /* Triton 3.6's form of the copy carries its own predicate (the fork's newer one has none):
     * a copy that may not run, and whether it still arrives on its barrier, is not modelled */
    int64_t p = 1;
    const ir_value *pv = op->code == IR_OP_AMDG_TDM_G2L ? sim_compile_seg0(op, IR_SEG_AMDG_TDM_G2L_PRED) : NULL;
    if (pv && (!ir_value_const_int(pv, &p) || p == 0))
      return sim_errf(err, m, op, "amdg.async_tdm_copy_global_to_local with a predicate that is not "
                      "constant true: whether the copy runs (and arrives) is not modelled");
  }
  return 0;
}

void sim_amd_mbar_compile(const sim_machine *m, sim_ins *i, const ir_op *op) {
  /* the mbarrier ops run as the NVIDIA ones (sim_ops_bar.c), with gfx1250's arrival counts */
  switch (op->code) {
  case IR_OP_AMDG_INIT_BARRIER:
    i->code = IR_OP_TTNG_INIT_BARRIER; /* imm: its count (sim_compile.c decode_attrs) */
    break;
  case IR_OP_AMDG_WAIT_BARRIER: i->code = IR_OP_TTNG_WAIT_BARRIER; break;
  case IR_OP_AMDG_ARRIVE_BARRIER:
    /* count per lane, every lane of the wave (an agent is one wave here) */
    i->code = IR_OP_TTNG_ARRIVE_BARRIER;
    i->imm *= (int64_t)m->threads_per_warp; /* imm: the count (decode_attrs) */
    i->imm2 = 0;
    break;
  case IR_OP_AMDG_ASYNC_COPY_MBARRIER_ARRIVE: i->code = IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE; break;
  default: break;
  }
}

bool sim_amd_mbar_handles(const sim_ins *i) {
  switch (i->code) {
  case IR_OP_TTNG_INIT_BARRIER: case IR_OP_TTNG_ARRIVE_BARRIER: case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE:
  case IR_OP_AMDG_TDM_G2L: case IR_OP_AMDG_TDM_L2G: case IR_OP_AMDG_TDM_GATHER: case IR_OP_AMDG_TDM_SCATTER:
  case IR_OP_AMDG_TDM_WAIT: case IR_OP_AMDG_TDM_INTRINSIC_WAIT:
    return true;
  default: return false;
  }
}

/* amdg.init_barrier: wave 0 (thread 0) initialises, then the CTA barrier every wave passes
 * (in a gfx1250 partition: its first wave, and its waves' named barrier, sim_amd_ops.c). */
static int init(sim_exec *e) {
  if (sim_amd_rel_wave(e->m, e->a) == 0) {
    int rc = sim_op_barrier(e); /* sim_ops_bar.c init_op: lifecycle and count checks */
    if (rc != SIM_X_NEXT) return rc;
  }
  return sim_amd_sbarrier(e);
}

/* amdg.arrive_barrier: the arrival, and its result, the phase parity before it. */
static int arrive(sim_exec *e) {
  sim_machine *m = e->m;
  int32_t bar = sim_ex_bar(e, 0, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  int32_t parity = st_cmbar(m, e->st, (uint32_t)bar)->phase & 1;
  int rc = sim_op_barrier(e); /* arrive_op: n = count * lanes (sim_amd_mbar_compile) */
  if (rc == SIM_X_NEXT && e->i->n_out) e->x[ins_out(m, e->i)[0]] = (uint64_t)parity;
  return rc;
}

/* amdg.async_copy_mbarrier_arrive: an entry behind the wave's async copies. */
static int async_arrive(sim_exec *e) {
  sim_machine *m = e->m;
  int32_t bar = sim_ex_bar(e, 0, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  if (sim_check_bar_usable(m, e->st, (uint32_t)bar, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
  sim_event ev = {.kind = SIM_EV_AMD_ARRIVE, .bar = (uint16_t)bar, .bar2 = SIM_NOBAR};
  sim_logf(e->log, "async mbarrier arrive issued (after the wave's async copies)");
  return sim_async_add_event(e, &ev);
}

/* A TDM copy: the wave's part of the tile (sim_amd_share), in its tensor queue. */
static int tdm(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  int s = 0, sb = 0;
  bool writes = false;
  if (!tdm_segs(op->code, &s, &sb, &writes)) return SIM_X_HALT;
  uint64_t v = ex_seg(e, s, 0);
  if (v & SIM_VIEW_OOB) return sim_op_async(e); /* reports the out-of-range view */
  /* the descriptor's pred (amdg.update_tensor_descriptor, sim_scalar.c): 0 and the copy moves
   * nothing. MODEL: it is not queued either (whether TENSORcnt counts it is not documented;
   * fewer entries make every tensorcnt wait complete no more than the hardware's); whether it
   * still arrives on a barrier is not documented, so such a path is inconclusive, as is a pred
   * other than 0 or 1 (the field is pred[1:0] of descriptor group 0, TDMUtility.cpp) */
  uint64_t desc = ex_seg(e, 0, 0);
  if (desc & (SIM_DESC_PRED_OFF | SIM_DESC_PRED_ODD)) {
    if ((desc & SIM_DESC_PRED_ODD) || ins_seg_len(e->i, sb)) {
      sim_bound(e->log, m, op, "%s through a descriptor whose pred is %s: %s is not modelled", ir_ops[op->code].name,
                (desc & SIM_DESC_PRED_ODD) ? "neither 0 nor 1" : "0, with a barrier",
                (desc & SIM_DESC_PRED_ODD) ? "what the hardware does with it" : "whether the copy still arrives");
      return SIM_X_HALT;
    }
    sim_logf(e->log, "%s: the descriptor's pred is 0, no copy", ir_ops[op->code].name);
    return SIM_X_NEXT;
  }
  sim_event ev = {.kind = SIM_EV_AMD_TDM, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 1};
  sim_view_fp(m, v, ins_rseg(m, e->i, s, 0), &ev.fp[0]);
  /* MODEL (as sim_amd_ops.c share): a wave's copy touches its part of the buffer. A TDM load
   * and a TDM store of one tile shape split it among the waves alike (TDMUtility.cpp); ds_writes
   * split it by their layout instead, but Membar puts a LOCAL barrier (dscnt(0) + s_barrier)
   * between a local_store and a TDM op that reads the buffer (sim_compile_amd_membar.c) */
  if (writes) ev.fp[0].flags |= SIM_FP_WRITE;
  sim_amd_share(m, e->a, &ev.fp[0]);
  if (ins_seg_len(e->i, sb)) {
    int32_t bar = sim_ex_bar(e, sb, 0, NULL);
    if (bar < 0) return SIM_X_HALT;
    if (sim_check_bar_usable(m, e->st, (uint32_t)bar, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
    ev.bar = (uint16_t)bar;
  }
  char fp[96];
  sim_logf(e->log, "TDM %s %s issued%s", writes ? "load into" : "store from",
           sim_fp_str(m, &ev.fp[0], fp, sizeof fp), ev.bar != SIM_NOBAR ? " (arrives on its barrier)" : "");
  return sim_async_add_event(e, &ev);
}

int sim_amd_mbar_exec(sim_exec *e) {
  switch (e->i->code) {
  case IR_OP_TTNG_INIT_BARRIER: return init(e);
  case IR_OP_TTNG_ARRIVE_BARRIER: return arrive(e);
  case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE: return async_arrive(e);
  case IR_OP_AMDG_TDM_WAIT: case IR_OP_AMDG_TDM_INTRINSIC_WAIT:
    sim_logf(e->log, "s_wait_tensorcnt(%lld)", (long long)e->i->imm);
    return SIM_X_NEXT;
  default: return tdm(e);
  }
}

/* Entries of kind `kind` of wave a. */
static uint32_t count_q(const sim_machine *m, const void *st, uint32_t a, int kind) {
  return sim_ev_count_agent(m, st, a, kind);
}

bool sim_amd_mbar_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i) {
  switch (i->code) {
  /* the init's CTA barrier waits for the wave's LDS ops (release fence: dscnt(0)); the arrive
   * is an LDS op behind the wave's earlier ones. MODEL: the wave issues it once they are done
   * (the hardware performs it then; the wave may run ahead meanwhile, which only its later
   * LDS ops could observe, and those queue behind it anyway) */
  case IR_OP_TTNG_INIT_BARRIER: case IR_OP_TTNG_ARRIVE_BARRIER: return count_q(m, st, a, SIM_EV_AMD_DS) == 0;
  case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE: return true;
  /* s_wait_tensorcnt(n): at most n of the wave's TDM ops outstanding. MODEL for the intrinsic
   * form (which counts instructions): one entry per op, so the wait completes no more than
   * the hardware's (as amdg.async_wait, sim_amd_ops.c) */
  case IR_OP_AMDG_TDM_WAIT: case IR_OP_AMDG_TDM_INTRINSIC_WAIT:
    return count_q(m, st, a, SIM_EV_AMD_TDM) <= (uint64_t)i->imm;
  default: /* a TDM copy: TENSORcnt saturates like the other counters (6 bits) */
    return count_q(m, st, a, SIM_EV_AMD_TDM) < SIM_AMD_G12_MAX;
  }
}

bool sim_amd_mbar_completable(const sim_machine *m, const void *st, uint32_t idx) {
  const sim_event *e = &st_cevents(m, st)[idx];
  if (e->kind == SIM_EV_AMD_ARRIVE) /* after the wave's earlier async copies (and arrivals) */
    return sim_ev_is_oldest(m, st, idx, KB(SIM_EV_AMD_VM) | KB(SIM_EV_AMD_ARRIVE));
  /* TENSORcnt counts down in issue order, as vmcnt (the wait's count is meaningless otherwise) */
  return sim_ev_is_oldest(m, st, idx, KB(SIM_EV_AMD_TDM));
}

int sim_amd_ev_complete(sim_machine *m, void *st, const sim_event *e, sim_log *log) {
  if (e->bar == SIM_NOBAR) return 0;
  /* a wave's TDM copy arrives once; an async arrive once per lane (`bytes` is not the count:
   * an s_barrier crossed stores its pc there, sim_amd_ops.c) */
  int32_t n = e->kind == SIM_EV_AMD_TDM ? 1 : (int32_t)m->threads_per_warp;
  return sim_signal_arrive(m, st, e->bar, n, e->ins, -1, log);
}

bool sim_amd_mbar_effect(const sim_machine *m, const sim_ins *i, const uint64_t *x, uint32_t wave, sim_eff *e) {
  const ir_op *op = i->op;
  const uint32_t *in = ins_in(m, i);
  int32_t b;
  switch (i->code) {
  case IR_OP_TTNG_INIT_BARRIER:
    e->kind |= SIM_E_GLOBAL;
    return true;
  case IR_OP_TTNG_WAIT_BARRIER:
    b = sim_view_bar(m, x[in[ins_seg_at(i, 0)]]);
    if (b < 0) {
      e->kind |= SIM_E_GLOBAL;
      return true;
    }
    e->kind |= SIM_E_WAIT;
    e->bar = (uint16_t)b;
    e->parity = (int32_t)(x[in[ins_seg_at(i, 1)]] & 1);
    return true;
  case IR_OP_TTNG_ARRIVE_BARRIER: case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE:
    b = sim_view_bar(m, x[in[ins_seg_at(i, 0)]]);
    if (b < 0) {
      e->kind |= SIM_E_GLOBAL;
      return true;
    }
    e->kind |= SIM_E_SIGNAL | SIM_E_PUBLISH | SIM_E_GWAIT;
    e->bar = (uint16_t)b;
    return true;
  case IR_OP_AMDG_TDM_WAIT: case IR_OP_AMDG_TDM_INTRINSIC_WAIT:
    e->kind |= SIM_E_GWAIT;
    return true;
  default: break;
  }
  int s = 0, sb = 0;
  bool writes = false;
  if (!tdm_segs(op->code, &s, &sb, &writes)) return false;
  sim_fp f;
  sim_view_fp(m, x[in[ins_seg_at(i, s)]], ins_rseg(m, i, s, 0), &f);
  e->kind |= SIM_E_ISSUE | SIM_E_GWAIT;
  if (ins_seg_len(i, sb)) {
    b = sim_view_bar(m, x[in[ins_seg_at(i, sb)]]);
    if (b < 0) e->kind |= SIM_E_GLOBAL;
    else {
      e->kind |= SIM_E_SIGNAL;
      e->bar = (uint16_t)b;
    }
  }
  if (!f.alloc) {
    e->kind |= SIM_E_GLOBAL;
    return true;
  }
  if (writes) f.flags |= SIM_FP_WRITE;
  sim_amd_share(m, wave, &f);
  e->fp[e->n_fp++] = f;
  return true;
}
