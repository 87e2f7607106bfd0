/* tr_sched.c: schedules as growable arrays of transitions, and the round-robin schedule the
 * graph command draws when it has no counterexample to show. */
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"
#include "ir/ir_alloc.h"

void tr_sched_free(tr_sched *s) {
  free(s->steps);
  memset(s, 0, sizeof *s);
}

int tr_sched_push(tr_sched *s, sim_trans t) {
  if (s->n == s->cap) {
    uint32_t cap = s->cap ? s->cap * 2 : 256;
    sim_trans *p = ir_xrealloc(s->steps, (size_t)cap * sizeof *p, 1);
    if (!p) return -1;
    s->steps = p;
    s->cap = cap;
  }
  s->steps[s->n++] = t;
  return 0;
}

/* Round-robin order key: agents by index, then events by list position. */
static uint32_t rr_key(sim_trans t) {
  return t.kind == SIM_TR_AGENT ? t.who : SIM_MAX_AGENTS + (uint32_t)t.who;
}

int tr_sched_round_robin(sim_machine *m, uint32_t max_steps, tr_state_check check, tr_sched *out,
                         tr_outcome *oc, tr_err *err) {
  memset(oc, 0, sizeof *oc);
  if (!max_steps) max_steps = 100000;
  void *st = ir_xcalloc(1, sim_state_size(m)); /* owned here */
  if (!st) return tr_errf(err, "error: out of memory");
  sim_log lg = {0};
  if (sim_init(m, st, &lg) != 0) {
    free(st);
    if (lg.n_viol)
      return tr_errf(err, "error: the kernel fails before its first step: %s", lg.viol[0].msg);
    return tr_errf(err, "error: the kernel cannot start (sim_init failed)");
  }
  uint32_t last = UINT32_MAX;
  for (uint32_t i = 0; i < max_steps; i++) {
    sim_trans en[SIM_MAX_TRANS];
    int n = sim_enabled(m, st, en);
    if (n == 0) break;
    /* the first enabled transition after the last one fired, cyclically */
    int pick = -1, first = 0;
    for (int k = 0; k < n; k++) {
      uint32_t key = rr_key(en[k]);
      if (key < rr_key(en[first])) first = k;
      if ((last == UINT32_MAX || key > last) && (pick < 0 || key < rr_key(en[pick]))) pick = k;
    }
    if (pick < 0) pick = first;
    last = rr_key(en[pick]);
    if (tr_sched_push(out, en[pick]) != 0) {
      free(st);
      return tr_errf(err, "error: out of memory");
    }
    memset(&lg, 0, sizeof lg);
    int rc = sim_step(m, st, en[pick], &lg);
    const sim_viol *ev = sim_log_first_error(&lg); /* a warning is no bug: the run goes on */
    if (ev && !oc->has_bug) {
      oc->has_bug = true;
      oc->bug = *ev;
      oc->bug_step = out->n - 1;
    }
    if (!oc->has_bug && rc == 0 && check && check(m, st, &oc->bug)) {
      oc->has_bug = true;
      oc->bug_step = out->n - 1;
    }
    if (rc != 0 || lg.halt) oc->halted = true;
    if (lg.bound) oc->bound = true;
    if (oc->halted || oc->bound || oc->has_bug) break;
  }
  oc->final = sim_is_final(m, st);
  sim_trans en[SIM_MAX_TRANS];
  oc->stuck = !oc->final && !oc->halted && !oc->bound && !oc->has_bug && sim_enabled(m, st, en) == 0;
  if (oc->stuck) {
    /* name the first blocked agent's wait as the deadlock */
    for (uint32_t a = 0; a < sim_n_agents(m) && !oc->has_bug; a++) {
      int stt = sim_agent_status_of(m, st, a);
      if (stt == SIM_AG_IDLE || stt == SIM_AG_DONE) continue;
      char why[256];
      tr_deadlock_viol(m, st, a, &oc->bug, why, sizeof why);
      oc->has_bug = true;
      oc->bug_step = out->n;
    }
  }
  free(st);
  return 0;
}
