/* sim_amd.h: private to sim/: the AMD gfx942 / gfx950 (CDNA3 / CDNA4) model, semantics.md §8.
 * Agents are the waves of the workgroup (ttg.num-warps of them, wave64; on gfx1250 wave32, plus
 * the waves of the partitions of its warp_specialize ops, and the waves of every CTA of a
 * cluster, docs/amd-gfx1250.md); each wave
 * owns two in-order queues in the state's event list: its LDS queue (SIM_EV_AMD_DS: ds_write of
 * ttg.local_store) and its vector-memory queue (SIM_EV_AMD_VM: the LDS DMA of
 * ttg.async_copy_global_to_local / amdg.buffer_load_to_local). s_barrier is one generation per
 * group of waves (the workgroup; with warp specialization the default waves and each
 * partition's): a wave waiting in it is SIM_AG_NBWAIT with aux SIM_AMD_SBWAIT. Ownership: the analyses' per-op and per-instruction tables (m->amd_wp,
 * m->amd_bar_before, m->amd_wdep, m->amd_wctl, m->amd_ctl) belong to the machine (sim_machine_free
 * frees them); nothing else here owns memory. */
#ifndef TLXV_SIM_AMD_H
#define TLXV_SIM_AMD_H

#include "sim_internal.h"

#define SIM_AMD_SBWAIT 0xffu   /* sim_agent.aux of a wave waiting in an s_barrier */
enum {
  SIM_AMD_VM_MAX = 63,         /* vmcnt is 6 bits on gfx9: issue stalls at the limit [CDNA3 ISA S_WAITCNT] */
  SIM_AMD_DS_MAX = 15,         /* lgkmcnt is 4 bits */
  SIM_AMD_G12_MAX = 63,        /* gfx1250: DScnt, ASYNCcnt, TENSORcnt (docs/amd-gfx1250.md) */
};

/* sim_amd_machine.c: machine build. A "hip:" target: gfx942 / gfx950 are modelled (sets
 * m->amd_gfx, 64-lane waves), every other one is refused (err, -1), as is simulate mode. */
int sim_amd_setup(sim_machine *m, const char *target, sim_err *err);
/* Compile: an op the AMD model refuses (warp pipelines, gfx1250 ops, warp specialization,
 * calls), or an AMD-only op in an NVIDIA kernel: err filled, -1. */
int sim_amd_check_op(const sim_machine *m, const ir_op *op, sim_err *err);
/* Visibility of op in an AMD kernel (barriers become visible: waves are separate agents). */
uint8_t sim_amd_visibility(const ir_op *op, uint8_t nvidia);
/* Agents and their names for sim_layout (one per wave, per CTA of a gfx1250 cluster); -1 with
 * err when they exceed SIM_MAX_AGENTS. */
int sim_amd_layout_agents(sim_machine *m, sim_err *err);

/* Shared-memory allocations by bit, for the buffer analyses of sim_compile_amd_membar.c and
 * sim_compile_amd_wpipe.c: bit k = allocs[k]; bit SIM_AMD_UNKNOWN = a buffer the analysis cannot name,
 * which meets every buffer. */
#define SIM_AMD_UNKNOWN 63
typedef struct sim_amd_bufs {
  const ir_op *allocs[SIM_AMD_UNKNOWN];
  uint32_t n;
} sim_amd_bufs;
/* The allocations memdesc value v may view (through views, loop-carried values). */
uint64_t sim_amd_roots(sim_amd_bufs *t, const ir_value *v);
uint64_t sim_amd_alloc_bit(sim_amd_bufs *t, const ir_op *alloc);
/* Two buffer sets may overlap. */
bool sim_amd_meets(uint64_t a, uint64_t b);

/* sim_compile_amd_wpipe.c: Triton's warp pipelines, expanded as ConvertWarpPipeline.cpp does. What
 * goes before each op, per op id (m->amd_wp; NULL when the kernel has no pipeline): */
enum {
  SIM_WP_INSIDE = 1,     /* the op is in a warp pipeline (its barriers pair one generation apart) */
  SIM_WP_CBAR_LOW = 2,   /* postlude of the pipeline before: cond_barrier(warpLow) (reconverge) */
  SIM_WP_PRE_LOCAL = 4,  /* prelude: ttg.barrier local */
  SIM_WP_CBAR_HIGH = 8,  /* prelude: cond_barrier(warpHigh) (the phase shift) */
  SIM_WP_BAR_LOCAL = 16, /* a cluster barrier, LOCAL: s_waitcnt lgkmcnt(0) + s_barrier */
  SIM_WP_BAR_RAW = 32,   /* a cluster barrier, raw s_barrier */
};
/* Finds the pipelines of m's kernel and fills m->amd_wp; 0, or -1 with err for a malformed
 * one (Triton's own passes reject those). */
int sim_amd_wpipe(sim_machine *m, sim_err *err);
/* Instruction i is a barrier of a warp pipeline (or one of its cond_barriers): its op is in a
 * pipeline (SIM_AF_WP_INSIDE, decoded by sim_compile_amd_ins). */
static inline bool sim_amd_wp_barrier(const sim_ins *i) {
  return i->code == SIM_I_AMD_CBAR || i->code == IR_OP_AMDG_COND_BARRIER || (i->af & SIM_AF_WP_INSIDE);
}

/* sim_compile_amd_membar.c: where Triton's Membar pass puts CTA barriers that the TTGIR does not
 * show (m->amd_bar_before, per op id of the kernel), and the barrier it puts after every
 * async wait. */
void sim_amd_membar(sim_machine *m);
bool sim_amd_bar_before(const sim_machine *m, const ir_op *op);
bool sim_amd_bar_after(const ir_op *op);

/* sim_compile_amd_waves.c: which values depend on the wave (m->amd_wdep: computed from the thread
 * id, through data and through the control they steer) and which scf.if / for / while the
 * waves may take differently (m->amd_wctl). */
void sim_amd_wave_deps(sim_machine *m);
/* The innermost scf.if / for / while around op whose condition or bounds depend on the wave,
 * or the cf.cond_br on such a condition before op's block (blocks joined by forward branches),
 * or NULL (op is in wave-uniform control flow). Build time; running waves read its decoded
 * form, m->amd_ctl. */
const ir_op *sim_amd_wave_ctl(const sim_machine *m, const ir_op *op);
/* Instruction pc is an s_barrier in wave-divergent control flow (m->amd_ctl) that is not a
 * cond_barrier (the barrier meant to run in some waves only: the phase shift of a wave group,
 * BlockPingpong.cpp, ConvertWarpPipeline.cpp). */
static inline bool sim_amd_bar_divergent(const sim_machine *m, uint32_t pc) {
  return m->code[pc].code != IR_OP_AMDG_COND_BARRIER && m->amd_ctl && m->amd_ctl[pc];
}
/* Is v the same in every lane of each wave: not wave-dependent (m->amd_wdep), or computed from
 * the thread id and constants only and equal across each wave's lanes, evaluated lane by lane?
 * The model runs lane 0 of a wave (sim_amd_wave_tid): a branch on a value that differs
 * between the lanes of a wave is refused (sim_compile.c compile_branch). */
bool sim_amd_lane_uniform(const sim_machine *m, const ir_value *v);
/* sim_compile_amd.c: what running waves read of the analyses above, per instruction of the
 * compiled code: SIM_AF_WP_INSIDE (m->amd_wp) and m->amd_ctl (sim_amd_wave_ctl). After the
 * code is compiled. */
void sim_compile_amd_ins(sim_machine *m);

/* sim_compile_amd_stale.c: the lint amd.masked-lanes-stale. sim_compile_amd_stale finds its
 * candidates (m->stale) once the code is compiled; sim_amd_stale_run evaluates them for the
 * run's arguments (set_run); a wave issuing a candidate copy that fires raises the warning
 * (sim_amd_stale_report, sim_amd_ops.c). */
void sim_compile_amd_stale(sim_machine *m);
void sim_amd_stale_run(sim_machine *m);

/* The wave index of agent a within its group: a gfx1250 partition wave's index in its
 * partition (Triton's getThreadId subtracts the partition's warpGroupStartId,
 * TritonGPUToLLVM/Utility.cpp), else the wave's id. */
static inline uint32_t sim_amd_rel_wave(const sim_machine *m, uint32_t a) {
  return m->agents[a].local ? m->amd_share[a][0] : m->amd_wave[a];
}
/* The thread id the model gives wave w at a thread id op of result width w_bits: lane 0 of the
 * wave stands for it (MODEL, sim_exec.c query: exact for wave-uniform uses such as tid / 64
 * and the wave-group predicates of cond_barrier); only the x dimension of a 1-D workgroup is
 * non-zero (x: the op reads it, sim_compile_tid_x, decoded as SIM_AF_TID_X). */
static inline uint64_t sim_amd_wave_tid(const sim_machine *m, unsigned w_bits, bool x, uint32_t wave) {
  return x ? sim_trunc((uint64_t)wave * m->threads_per_warp, w_bits) : 0;
}
/* The waves the model runs: m->n_agents, m->amd_wave and m->amd_share (two waves of each
 * class of waves that compute the same, or every wave with m->amd_all_waves). After
 * sim_amd_wave_deps and sim_compile. */
void sim_amd_choose_waves(sim_machine *m);

/* sim_amd_ops.c: running waves */
/* MODEL: the part of an LDS footprint that agent (waves [lo, hi)) writes (see share). */
void sim_amd_share(const sim_machine *m, uint32_t agent, sim_fp *f);
/* s_barrier of the running wave: one generation per group of waves (the workgroup; with gfx1250
 * warp specialization the default waves, and each partition's waves). */
int sim_amd_sbarrier(sim_exec *e);
bool sim_amd_handles_code(uint16_t gfx, uint32_t code);         /* exec / enabled go here */
/* sim_amd_handles_code of the machine's target, from its table (m->amd_h). */
static inline bool sim_amd_handles(const sim_machine *m, const sim_ins *i) {
  return m->amd_gfx && (m->amd_h[i->code >> 3] >> (i->code & 7) & 1);
}
int sim_amd_exec(sim_exec *e);                                    /* SIM_X_* */
bool sim_amd_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i);
/* gfx1250: a default wave may arrive at the fork / join of warp specialization (SIM_I_FORK /
 * SIM_I_JOIN; their s_barrier is sim_amd_sbarrier, sim_exec.c starts and ends the partitions). */
bool sim_amd_fork_join_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i);
/* A wave reached its end (tt.return, or ttg.warp_return of a partition wave): DONE, barrier-count check, the workgroup's exit when
 * it is the last one. */
void sim_amd_wave_end(sim_exec *e);
/* Race-checker hooks (sim.h contracts of sim_agent_access, sim_access_after_event,
 * sim_events_ordered; sim_ev_completable), for AMD machines. */
int sim_amd_access(const sim_machine *m, const void *st, uint32_t a, sim_fp *out);
bool sim_amd_access_after_event(const sim_machine *m, const void *st, uint32_t a, uint32_t ev);
bool sim_amd_events_ordered(const sim_machine *m, const void *st, uint32_t e1, uint32_t e2);
bool sim_amd_completable(const sim_machine *m, const void *st, uint32_t idx);
/* POR effect of instruction i with slot values x (false: not an AMD case). */
bool sim_amd_effect(const sim_machine *m, const sim_ins *i, const uint64_t *x, uint32_t wave, sim_eff *e);
/* Explains a wave blocked in an s_barrier. */
void sim_amd_explain_sbwait(const sim_machine *m, const void *st, uint32_t a, char *buf, size_t n);

/* sim_amd_mbar.c: gfx1250's LDS mbarriers and TDM copies (docs/amd-gfx1250.md) */
bool sim_amd_mbar_op(ir_opcode code);      /* an op of sim_amd_mbar.c (gfx1250 only) */
/* Compile: refuses the op on other targets and the forms not modelled (err, -1). */
int sim_amd_mbar_check(const sim_machine *m, const ir_op *op, sim_err *err);
/* Compile: the mbarrier ops become the NVIDIA model's instructions (sim_ops_bar.c) with
 * gfx1250's arrival counts; the waits get their counts. */
void sim_amd_mbar_compile(const sim_machine *m, sim_ins *i, const ir_op *op);
bool sim_amd_mbar_handles(const sim_ins *i);
int sim_amd_mbar_exec(sim_exec *e);
bool sim_amd_mbar_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i);
bool sim_amd_mbar_completable(const sim_machine *m, const void *st, uint32_t idx);
/* Completion of a SIM_EV_AMD_TDM / SIM_EV_AMD_ARRIVE: its arrival (0, or -1 halted). */
int sim_amd_ev_complete(sim_machine *m, void *st, const sim_event *e, sim_log *log);
bool sim_amd_mbar_effect(const sim_machine *m, const sim_ins *i, const uint64_t *x, uint32_t wave, sim_eff *e);

/* sim_compile_amd.c: what an op's attributes say, for the build-time analyses above. */
typedef enum sim_amd_attr {
  SIM_AMD_PIPELINED_FOR,     /* scf.for {triton.warp_pipeline.pipelined_for} */
  SIM_AMD_WP_BORDER,         /* rocdl.sched.barrier {triton.warp_pipeline.border} */
  SIM_AMD_WP_STAGE,          /* scf.execute_region {triton.warp_pipeline.stage} */
  SIM_AMD_SYNCED_ASYNC_WAIT, /* local_load {ttg.amdg.syncedViaAsyncWait} */
  SIM_AMD_WARP_USED_HINT,    /* TDM copy {warp_used_hint} */
  SIM_AMD_ATTR__N
} sim_amd_attr;
bool sim_compile_amd_has(const ir_op *op, sim_amd_attr a);
/* A dense-array attribute: its length and *vals (the module's), or -1 when absent or another kind. */
int sim_compile_dense_ints(const ir_op *op, const char *name, const int64_t **vals);
/* A tensor or memdesc operand of op whose layout gives several CTAs the same elements (a zero
 * basis in its CGALayout: the copy becomes a multicast, LoadStoreOpToLLVM.cpp
 * emitCtaMulticastMask), or whose CGA layout is absent or not understood. */
bool sim_compile_amd_cta_broadcast(const ir_op *op);

/* sim_amd_cluster.c: gfx1250 workgroup clusters (ttg.num-ctas > 1): the cluster user barrier
 * (barrier id -3) of amdg.cluster_barrier_arrive / _wait (docs/amd-gfx1250.md). */
bool sim_amd_cluster_op(uint32_t code);
int sim_amd_cluster_exec(sim_exec *e);
/* A wave waiting in the cluster barrier (SIM_AG_CLWAIT): what it waits for. */
void sim_amd_cluster_explain(const sim_machine *m, const void *st, uint32_t a, char *buf, size_t n);

#endif
