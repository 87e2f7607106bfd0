/* sim_explain.c: human-readable explanations of a state for reports: why a blocked agent
 * cannot move and who could still unblock it, and one-line descriptions of transitions. */
#include <stdio.h>
#include <stdlib.h>

#include "sim_amd.h"
#include "sim_size.h"

int sim_explain_blocked(const sim_machine *m, const void *st, uint32_t a, char *buf, size_t n,
                        uint32_t *who, int max_who) {
  const sim_agent *ag = st_cagent(m, st, a);
  int nw = 0;
  buf[0] = 0;
  if (ag->status == SIM_AG_NBWAIT && m->amd_gfx) {
    sim_amd_explain_sbwait(m, st, a, buf, n);
    return 0;
  }
  if (ag->status == SIM_AG_NBWAIT) {
    const sim_nbar *nb = (const sim_nbar *)((const uint8_t *)st + m->off_nbar) + agent_cta(m, a) * 16u + ag->aux;
    snprintf(buf, n, "waits on named barrier %u: %u of %u threads arrived", ag->aux, nb->arrived, nb->count);
    return 0;
  }
  if (ag->status == SIM_AG_CLWAIT) {
    if (m->amd_gfx)
      sim_amd_cluster_explain(m, st, a, buf, n);
    else if (sim_in_partition_barrier(m, st, a))
      snprintf(buf, n, "waits on the partition cluster barrier (cluster_barrier inside "
               "warp_specialize) for its copies in the other CTAs, which never arrive");
    else
      snprintf(buf, n, "waits on the cluster barrier for agents that never arrive");
    return 0;
  }
  if (ag->status != SIM_AG_RUN) return 0;
  const sim_ins *i = &m->code[ag->pc];
  uint32_t bar;
  int32_t parity;
  if (sim_agent_wait_barrier(m, st, a, &bar, &parity)) {
    const sim_mbar *b = st_cmbar(m, st, bar);
    char nm[64], tx[96] = "";
    sim_barrier_name(m, bar, nm, sizeof nm);
    sim_barinfo bi;
    sim_barrier_info(m, st, bar, &bi);
    if (b->tx > 0)
      snprintf(tx, sizeof tx, " and %d transaction byte(s)%s", b->tx,
               bi.inflight ? "" : " (no async copy in flight will deliver them)");
    else if (b->tx < 0)
      snprintf(tx, sizeof tx, " (and %d byte(s) already delivered ahead of their expect)", -b->tx);
    snprintf(buf, n, "waits on %s with parity %d, i.e. for phase %d to complete; the barrier is in "
             "phase %d and still needs %d of %d arrival(s)%s", nm, parity,
             (b->phase & 1) == parity ? b->phase : b->phase - 1, b->phase, b->pending, b->expected, tx);
    uint32_t al = m->bar_alloc[bar % m->n_bars];
    for (uint32_t k = 0; al && k < m->allocs[al].n_sig && nw < max_who; k++) who[nw++] = m->allocs[al].sig_ins[k];
    return nw;
  }
  switch (i->code) {
  case SIM_I_JOIN: snprintf(buf, n, "waits for its partitions to finish (warp_specialize join)"); break;
  case IR_OP_TTNG_TMA_STORE_WAIT:
    snprintf(buf, n, "waits until at most %lld TMA store(s) are pending; %u in flight",
             (long long)i->imm, sim_ev_count_agent(m, st, a, SIM_EV_TMA_STORE));
    break;
  case IR_OP_TTNG_WARP_GROUP_DOT_WAIT:
    snprintf(buf, n, "waits until at most %lld wgmma group(s) are pending; %u in flight",
             (long long)i->imm, sim_ev_count_agent(m, st, a, SIM_EV_WGMMA));
    break;
  case IR_OP_TTG_ASYNC_WAIT: snprintf(buf, n, "waits for cp.async groups"); break;
  default: snprintf(buf, n, "is blocked"); break;
  }
  return nw;
}

void sim_describe(sim_machine *m, const void *st, sim_trans t, char *buf, size_t n) {
  void *tmp = ir_xmalloc(m->size, 1);
  memcpy(tmp, st, m->size);
  sim_log log = {.detail = true};
  sim_step(m, tmp, t, &log);
  snprintf(buf, n, "%s", log.text[0] ? log.text : "(step)");
  free(tmp);
}
