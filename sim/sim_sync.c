/* sim_sync.c: what arrivals and transaction bytes do to an mbarrier, shared by agent ops and
 * async completions: lifecycle and cluster-exit checks, over-arrival (§1.5), phase completion
 * with the per-phase byte ledger (tx-mismatch, §1.9). */
#include <stdio.h>

#include "sim_internal.h"

char *sim_barrier_name(const sim_machine *m, uint32_t bar, char *buf, size_t n) {
  uint32_t cta = m->n_bars ? bar / m->n_bars : 0, bl = m->n_bars ? bar % m->n_bars : 0;
  uint32_t a = bl < m->n_bars ? m->bar_alloc[bl] : 0;
  const sim_alloc *al = a ? &m->allocs[a] : NULL;
  char pre[16] = "";
  if (m->n_ctas > 1) snprintf(pre, sizeof pre, "cta%u.", cta);
  if (!al) snprintf(buf, n, "%sbarrier#%u", pre, bl);
  else if (al->n_bars == 1) snprintf(buf, n, "%s%s", pre, al->name);
  else snprintf(buf, n, "%s%s[%u]", pre, al->name, bl - al->bar_base);
  return buf;
}

static bool cta_exited(const sim_machine *m, const void *st, uint32_t bar) {
  uint32_t cta = m->n_bars ? bar / m->n_bars : 0;
  return (st_chdr(st)->exited >> cta) & 1;
}

int sim_check_bar_usable(sim_machine *m, void *st, uint32_t bar, uint32_t ins, int agent,
                         sim_log *log) {
  char nm[64];
  if (cta_exited(m, st, bar)) {
    sim_viol_add(log, SIM_BUG_CLUSTER_EXIT, agent, ins,
                 "signals %s of CTA %u after that CTA exited (§6.2: the peer must not exit before "
                 "the operation completes)", sim_barrier_name(m, bar, nm, sizeof nm),
                 bar / (m->n_bars ? m->n_bars : 1));
    log->halt = true;
    return -1;
  }
  const sim_mbar *b = st_cmbar(m, st, bar);
  if (!b->valid) {
    sim_viol *v = sim_viol_add(log, SIM_BUG_LIFECYCLE, agent, ins, "uses %s %s (§1.5.1)",
                               sim_barrier_name(m, bar, nm, sizeof nm),
                               b->inited ? "after mbarrier.inval" : "before mbarrier.init");
    uint32_t a = m->bar_alloc[bar % (m->n_bars ? m->n_bars : 1)];
    if (a && m->allocs[a].init_ins != UINT32_MAX) sim_viol_rel(v, m->allocs[a].init_ins, "initialised here");
    sim_late_note(m, st, bar, v); /* a late arrival pending on it (sim_late.c) */
    log->halt = true;
    return -1;
  }
  return 0;
}

int sim_phase_completed(sim_machine *m, void *st, uint32_t bar, uint32_t ins, sim_log *log) {
  sim_mbar *b = st_mbar(m, st, bar);
  int rc = 0;
  if ((b->exp_bytes || b->iss_bytes) && b->exp_bytes != b->iss_bytes) {
    char nm[64];
    uint32_t prim = b->last_expect != UINT32_MAX ? b->last_expect : ins;
    sim_viol *v = sim_viol_add(
        log, SIM_BUG_TX_MISMATCH, -1, prim,
        "phase %d of %s completed with %d bytes expected but %d bytes of async copies issued "
        "against it: %s", b->phase - 1, sim_barrier_name(m, bar, nm, sizeof nm), b->exp_bytes,
        b->iss_bytes,
        b->exp_bytes < b->iss_bytes
            ? "the phase completes while copies are still writing, and their bytes are charged "
              "to the next phase (§1.2)"
            : "the expected bytes never all arrive (§1.9)");
    sim_viol_rel(v, ins, "the phase completed here");
    const sim_event *ev = st_cevents(m, st);
    uint32_t ne = st_chdr(st)->n_events;
    for (uint32_t k = 0; k < ne; k++)
      if (ev[k].bar == bar) sim_viol_rel(v, ev[k].ins, "async copy still in flight");
    log->halt = true;
    rc = -1;
  }
  b->exp_bytes = 0;
  b->iss_bytes = 0;
  b->last_expect = UINT32_MAX;
  return rc;
}

void sim_intent_note_arrive(sim_machine *m, void *st, int agent, uint32_t bar) {
  if (agent < 0 || (uint32_t)agent >= m->n_agents || bar / m->n_bars != m->agents[agent].cta) return;
  int32_t *in = st_intent(m, st, (uint32_t)agent, bar % m->n_bars);
  int32_t ph = st_cmbar(m, st, bar)->phase;
  if (ph > sim_intent_known(*in) && ph < (1 << 24)) *in = SIM_INTENT_NONE(ph);
}

int sim_signal_arrive(sim_machine *m, void *st, uint32_t bar, int32_t n, uint32_t ins, int agent,
                      sim_log *log) {
  if (agent < 0 && sim_late_land(m, st, bar, ins, log)) return 0; /* onto an invalidated barrier */
  if (sim_check_bar_usable(m, st, bar, ins, agent, log)) return -1;
  sim_mbar *b = st_mbar(m, st, bar);
  int32_t pending = b->pending, tx = b->tx;
  sim_mbar_rc rc = sim_mbar_arrive(b, n);
  if (rc == SIM_MB_OVER_ARRIVAL) {
    char nm[64];
    sim_viol_add(log, SIM_BUG_OVER_ARRIVAL, agent, ins,
                 "arrives %d time(s) on %s whose phase %d has only %d arrival(s) pending%s "
                 "(§1.5.2)", n, sim_barrier_name(m, bar, nm, sizeof nm), b->phase, pending,
                 tx ? " and is waiting for transaction bytes" : "");
    log->halt = true;
    return -1;
  }
  sim_intent_note_arrive(m, st, agent, bar);
  if (rc == SIM_MB_COMPLETED) return sim_phase_completed(m, st, bar, ins, log);
  return 0;
}

int sim_signal_tx(sim_machine *m, void *st, uint32_t bar, int32_t bytes, uint32_t ins,
                  sim_log *log) {
  if (sim_late_land(m, st, bar, ins, log)) return 0; /* onto an invalidated barrier */
  if (sim_check_bar_usable(m, st, bar, ins, -1, log)) return -1;
  sim_mbar *b = st_mbar(m, st, bar);
  sim_mbar_rc rc = sim_mbar_complete_tx(b, bytes);
  if (rc == SIM_MB_TX_RANGE) {
    char nm[64];
    sim_viol_add(log, SIM_BUG_TX_MISMATCH, -1, ins,
                 "complete_tx of %d bytes takes the tx-count of %s out of range (§1.5.3)", bytes,
                 sim_barrier_name(m, bar, nm, sizeof nm));
    log->halt = true;
    return -1;
  }
  if (rc == SIM_MB_COMPLETED) return sim_phase_completed(m, st, bar, ins, log);
  return 0;
}
