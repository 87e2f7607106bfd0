/* sim_amd_cluster.c: gfx1250 workgroup clusters (ttg.num-ctas > 1, docs/amd-gfx1250.md
 * "Clusters"), the cluster user barrier of amdg.cluster_barrier_arrive / _wait.
 * Sources: LLVM AMDGPUExecutionSynchronization.rst, "s_barrier GFX12" (cited [ExecSync]):
 * barrier id -3 is the cluster user barrier, initialised at launch with an expected count of
 * the number of workgroups in the cluster; `s_barrier_signal -3` arrives, and "only one wave
 * per workgroup may arrive at the barrier on behalf of its entire workgroup. However, any wave
 * within the workgroup cluster can then wait on this barrier object"; a completed phase resets
 * the arrive count; "Barriers only synchronize execution and do not affect the visibility of
 * memory operations". The fork's BarrierOpToLLVM.cpp (ClusterBarrierArriveOpConversion: "Only
 * one warp per CTA should signal the cluster barrier", `s_barrier_signal -3` under warpId == 0;
 * ClusterBarrierWaitOpConversion: `s_barrier_wait -3` in every wave) and TritonAMDGPUOps.td
 * (ClusterBarrierWaitOp: "Arrive and wait operations must come in pairs. Waiting before
 * arriving or arriving more than once without a corresponding wait will result in undefined
 * behavior").
 * State: the header's cl_arrived holds the CTAs (bit per CTA) that signalled in the pending
 * phase, cl_passed the waves (bit per agent) that ran an arrive whose wait they have not run
 * (the pairing rule); a wave's sim_agent.cl_credit counts the phases that completed while it was not
 * waiting, which its next waits consume ([ExecSync] barrier-participates-in: each wait of a
 * thread pairs with its own phase, in program order). The NVIDIA cluster barrier (sim_ops_bar.c)
 * uses the same two header words for its own rule; the AMD model refuses the NVIDIA ops
 * (sim_amd_check_op), so the two never share a machine. Ownership: nothing here owns memory. */
#include <stdio.h>

#include "sim_amd.h"

bool sim_amd_cluster_op(uint32_t code) {
  return code == IR_OP_AMDG_CLUSTER_BARRIER_ARRIVE || code == IR_OP_AMDG_CLUSTER_BARRIER_WAIT;
}

static uint32_t all_ctas(const sim_machine *m) { return (1u << m->n_ctas) - 1u; }

/* Every CTA signalled: the phase completes. Waves waiting in s_barrier_wait -3 are released;
 * every other live wave keeps the completed phase for its next wait. */
static void complete_phase(sim_exec *e) {
  sim_machine *m = e->m;
  st_hdr(e->st)->cl_arrived = 0;
  for (uint32_t b = 0; b < m->n_agents; b++) {
    sim_agent *ag = st_agent(m, e->st, b);
    if (ag->status == SIM_AG_CLWAIT) e->release |= 1u << b;
    else if (ag->status != SIM_AG_DONE) ag->cl_credit++;
  }
  sim_logf(e->log, "cluster barrier: the phase completes (%u CTAs signalled)", m->n_ctas);
}

static int arrive(sim_exec *e) {
  sim_machine *m = e->m;
  sim_hdr *h = st_hdr(e->st);
  uint32_t me = 1u << e->a;
  if (h->cl_passed & me) {
    sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc,
                 "%s arrives on the cluster barrier a second time without a cluster_barrier_wait "
                 "in between: arrive and wait must come in pairs, this is undefined behaviour "
                 "(TritonAMDGPUOps.td ClusterBarrierWaitOp)", sim_agent_name(m, e->a));
    e->log->halt = true;
    return SIM_X_HALT;
  }
  h->cl_passed |= me;
  /* s_barrier_signal -3 by wave 0 of the CTA only (the partition-relative wave id does not
   * arise: warp specialization is refused in a cluster kernel) */
  if (m->amd_wave[e->a] != 0) {
    sim_logf(e->log, "cluster_barrier_arrive: only wave 0 signals for the CTA (nothing here)");
    return SIM_X_NEXT;
  }
  uint32_t c = 1u << e->cta;
  /* wave 0 waits between its signals (the pairing rule above), and its wait needs the phase
   * its signal joined, which clears cl_arrived */
  if (h->cl_arrived & c) {
    sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc,
                 "CTA %u signals the cluster barrier twice in one phase (undefined: one signal "
                 "per workgroup and phase, AMDGPUExecutionSynchronization)", e->cta);
    e->log->halt = true;
    return SIM_X_HALT;
  }
  h->cl_arrived |= c;
  sim_logf(e->log, "s_barrier_signal -3: CTA %u signals the cluster barrier (%u of %u CTAs)", e->cta,
           (unsigned)__builtin_popcount(h->cl_arrived), m->n_ctas);
  if (h->cl_arrived == all_ctas(m)) complete_phase(e);
  return SIM_X_NEXT;
}

static int wait(sim_exec *e) {
  sim_machine *m = e->m;
  sim_hdr *h = st_hdr(e->st);
  uint32_t me = 1u << e->a;
  if (!(h->cl_passed & me)) {
    sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc,
                 "%s waits on the cluster barrier without a cluster_barrier_arrive before this "
                 "wait: arrive and wait must come in pairs, waiting before arriving is undefined "
                 "behaviour (TritonAMDGPUOps.td ClusterBarrierWaitOp)", sim_agent_name(m, e->a));
    e->log->halt = true;
    return SIM_X_HALT;
  }
  h->cl_passed &= ~me;
  sim_agent *ag = st_agent(m, e->st, e->a);
  if (ag->cl_credit) {
    ag->cl_credit--;
    sim_logf(e->log, "s_barrier_wait -3: its phase already completed");
    return SIM_X_NEXT;
  }
  ag->status = SIM_AG_CLWAIT;
  sim_logf(e->log, "s_barrier_wait -3: waits (%u of %u CTAs signalled)", (unsigned)__builtin_popcount(h->cl_arrived),
           m->n_ctas);
  return SIM_X_STAY;
}

int sim_amd_cluster_exec(sim_exec *e) {
  return e->i->code == IR_OP_AMDG_CLUSTER_BARRIER_ARRIVE ? arrive(e) : wait(e);
}

void sim_amd_cluster_explain(const sim_machine *m, const void *st, uint32_t a, char *buf, size_t n) {
  (void)a;
  uint32_t sig = st_chdr(st)->cl_arrived, miss = all_ctas(m) & ~sig;
  char list[64] = "";
  size_t k = 0;
  for (uint32_t c = 0; c < m->n_ctas && k + 8 < sizeof list; c++)
    if ((miss >> c) & 1) k += (size_t)snprintf(list + k, sizeof list - k, "%s%u", k ? ", " : "", c);
  snprintf(buf, n, "waits on the cluster barrier (s_barrier_wait -3): %u of %u CTAs signalled; "
           "CTA(s) %s never signal (their wave 0 does not reach cluster_barrier_arrive)",
           (unsigned)__builtin_popcount(sig), m->n_ctas, list);
}
