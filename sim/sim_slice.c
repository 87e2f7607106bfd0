/* sim_slice.c: the steps of a bug's schedule that matter: the backward closure, over program
 * order and dependencies between effects (sim_eff), of the step or state that shows the bug.
 * Steps outside it commute with everything kept, so the kept steps alone reach the bug. The
 * one slicer: the report's trace (cli_report.c) and the drawings' highlights
 * (traces/tr_min_relevant.c) both call it. */
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim_size.h"
#include "ir/ir_alloc.h"

static bool fp_conflict(const sim_eff *a, const sim_eff *b) {
  for (uint32_t i = 0; i < a->n_fp; i++)
    for (uint32_t j = 0; j < b->n_fp; j++)
      if (((a->fp[i].flags | b->fp[j].flags) & SIM_FP_WRITE) && sim_fp_overlap(&a->fp[i], &b->fp[j]))
        return true;
  return false;
}

static bool fp_touch(const sim_eff *a, const sim_eff *b) {
  for (uint32_t i = 0; i < a->n_fp; i++)
    for (uint32_t j = 0; j < b->n_fp; j++)
      if (sim_fp_overlap(&a->fp[i], &b->fp[j])) return true;
  return false;
}

/* Conservative dependency for slicing: barriers, memory, proxy bookkeeping (any fence,
 * release or generic access against an overlapping async op), named and cluster barriers. */
static bool sdep(const sim_eff *a, const sim_eff *b) {
  if ((a->kind | b->kind) & SIM_E_GLOBAL) return true;
  if ((a->kind | b->kind) & SIM_E_CTA) return sim_eff_cta_dep(a, b);
  if ((a->kind & (SIM_E_SIGNAL | SIM_E_WAIT)) && (b->kind & (SIM_E_SIGNAL | SIM_E_WAIT)) && sim_eff_share_bar(a, b))
    return true;
  if (fp_conflict(a, b)) return true;
  if ((a->kind & (SIM_E_ISSUE | SIM_E_COMPLETE)) && (b->kind & (SIM_E_MEM | SIM_E_ISSUE)) && fp_touch(a, b)) return true;
  if ((b->kind & (SIM_E_ISSUE | SIM_E_COMPLETE)) && (a->kind & (SIM_E_MEM | SIM_E_ISSUE)) && fp_touch(a, b)) return true;
  if ((a->kind & (SIM_E_FENCE | SIM_E_PUBLISH)) && (b->kind & SIM_E_ISSUE) && a->agent != b->agent) return true;
  if ((b->kind & (SIM_E_FENCE | SIM_E_PUBLISH)) && (a->kind & SIM_E_ISSUE) && a->agent != b->agent) return true;
  if ((a->kind & SIM_E_GWAIT) && (b->kind & SIM_E_GWAIT) && a->agent == b->agent) return true;
  if (sim_eff_ufnote_dep(a, b)) return true; /* a cp.async completion against its issuer's fence */
  if ((a->kind & SIM_E_NAMED) && (b->kind & SIM_E_NAMED) && a->named == b->named) return true;
  if ((a->kind & SIM_E_CLUSTER) && (b->kind & SIM_E_CLUSTER)) return true;
  return false;
}

/* Replays b's schedule, recording per step its effect and actor: agent index for agent steps,
 * SIM_MAX_AGENTS + issuing step for completions (their issue is then a dependency). */
typedef struct rec {
  sim_eff e;
  uint32_t actor;
  uint32_t issue;              /* completions: the step that issued the event, else UINT32_MAX */
} rec;

uint32_t sim_slice(sim_machine *m, const sim_trans *path, uint32_t n, const sim_viol *bug,
                   uint8_t *keep) {
  memset(keep, 0, n);
  if (!n) return 0;
  size_t sz = sim_state_size(m);
  uint8_t *st = ir_xcalloc(1, sz);
  rec *r = ir_xcalloc(n + 1, sizeof *r);
  sim_log log = {0};
  uint32_t na = sim_n_agents(m);
  /* per agent, the issue steps of its in-flight events, oldest first */
  uint32_t q[SIM_MAX_AGENTS][SIM_MAX_EVENTS];
  uint32_t nq[SIM_MAX_AGENTS] = {0};
  bool ok = sim_init(m, st, &log) == 0;
  uint32_t done = 0;
  for (uint32_t k = 0; ok && k < n; k++) {
    sim_trans t = path[k];
    r[k].issue = UINT32_MAX;
    if (t.kind == SIM_TR_AGENT) {
      if (!sim_agent_effect(m, st, t.who, &r[k].e)) r[k].e.kind = SIM_E_GLOBAL;
      r[k].actor = t.who;
    } else {
      sim_event_effect(m, st, t.who, &r[k].e);
      uint32_t g = sim_event_agent(m, st, t.who), rank = 0;
      for (uint32_t j = 0; j < t.who; j++) rank += sim_event_agent(m, st, j) == g;
      r[k].issue = rank < nq[g] ? q[g][rank] : UINT32_MAX;
      r[k].actor = SIM_MAX_AGENTS + (r[k].issue == UINT32_MAX ? k : r[k].issue);
      if (rank < nq[g]) {
        memmove(&q[g][rank], &q[g][rank + 1], (nq[g] - rank - 1) * sizeof q[g][0]);
        nq[g]--;
      }
    }
    uint32_t before[SIM_MAX_AGENTS] = {0}, after[SIM_MAX_AGENTS] = {0};
    for (uint32_t j = 0; j < sim_n_events(m, st); j++) before[sim_event_agent(m, st, j)]++;
    if (t.kind == SIM_TR_EVENT) before[sim_event_agent(m, st, t.who)]--;
    int rc = sim_step(m, st, t, &log);
    done = k + 1;
    for (uint32_t j = 0; j < sim_n_events(m, st); j++) after[sim_event_agent(m, st, j)]++;
    for (uint32_t g = 0; g < na; g++)
      for (uint32_t x = before[g]; x < after[g] && nq[g] < SIM_MAX_EVENTS; x++) q[g][nq[g]++] = k;
    if (rc) break;
  }
  /* seeds: the step that reported the bug, or (state bugs) the agents and events involved */
  sim_eff seed[SIM_MAX_AGENTS + 2];
  uint32_t nseed = 0;
  bool state_bug = bug->kind == SIM_BUG_RACE || bug->kind == SIM_BUG_DEADLOCK ||
                   (bug->kind == SIM_BUG_TX_MISMATCH && done == n && !log.n_viol);
  if (!state_bug) {
    keep[done - 1] = 1;
  } else {
    for (uint32_t a = 0; a < na; a++) {
      int s = sim_agent_status_of(m, st, a);
      if (s != SIM_AG_RUN && s != SIM_AG_NBWAIT && s != SIM_AG_CLWAIT) continue;
      bool involved = bug->kind != SIM_BUG_RACE || a == bug->agent;
      if (involved && sim_agent_effect(m, st, a, &seed[nseed])) nseed++;
    }
    for (uint32_t j = 0; j < sim_n_events(m, st) && nseed < SIM_MAX_AGENTS + 2; j++) {
      bool related = false;
      for (int x = 0; x < bug->n_rel; x++) related |= bug->rel[x] == sim_event_ins(m, st, j);
      if (related || bug->kind != SIM_BUG_RACE) sim_event_effect(m, st, j, &seed[nseed++]);
    }
  }
  /* backward closure */
  bool actor_kept[SIM_MAX_AGENTS] = {0};
  for (uint32_t x = 0; x < nseed; x++)
    if (seed[x].agent < SIM_MAX_AGENTS && !(seed[x].kind & SIM_E_COMPLETE)) actor_kept[seed[x].agent] = true;
  uint32_t kept = 0;
  for (uint32_t k = done; k-- > 0;) {
    bool need = keep[k];
    if (!need && r[k].actor < SIM_MAX_AGENTS && actor_kept[r[k].actor]) need = true;
    for (uint32_t x = 0; !need && x < nseed; x++) need = sdep(&r[k].e, &seed[x]);
    for (uint32_t j = k + 1; !need && j < done; j++)
      if (keep[j]) need = sdep(&r[k].e, &r[j].e) || r[j].issue == k || r[j].actor == r[k].actor;
    if (!need) continue;
    keep[k] = 1;
    kept++;
    if (r[k].actor < SIM_MAX_AGENTS) actor_kept[r[k].actor] = true;
  }
  free(r);
  free(st);
  return kept;
}
