/* tr_min.c: counterexample minimization. A schedule is kept abstractly (agent steps by agent,
 * event completions by issuer and issuing instruction) so that candidates stay meaningful
 * when earlier steps move; a candidate is replayed leniently (steps that are not enabled are
 * dropped) and kept when the same bug shows again. Passes: cut after the bug, regroup steps
 * so agents switch less, delete chunks (delta debugging), regroup again. */
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"
#include "ir/ir_alloc.h"

typedef struct mn_step {
  uint8_t kind;                /* sim_trans_kind */
  uint8_t agent;               /* agent, or the event's issuing agent */
  uint32_t ins;                /* events: issuing instruction */
} mn_step;

typedef struct mn_ctx {
  sim_machine *m;
  const sim_viol *bug;
  tr_state_check check;        /* state checker (races), may be NULL */
  void *st;                    /* scratch state */
  uint32_t replays, max_replays;
  uint64_t work, max_work;     /* abstract steps replayed so far / at most (the budget that
                                  bounds long schedules, where each replay is long) */
} mn_ctx;

/* Replayed steps allowed per allowed replay: max_replays x this bounds the total work, so a
 * schedule of thousands of steps costs about what a short one does (fuzzing: the 600-step
 * schedules of a lifecycle bug took 1500 full replays, 40x the exploration). */
enum { MN_WORK_PER_REPLAY = 128 };

static bool budget_left(const mn_ctx *c) {
  return c->replays < c->max_replays && c->work < c->max_work;
}

/* The enabled transition an abstract step stands for in st; false when none. */
static bool concretize(const sim_machine *m, const void *st, mn_step a, sim_trans *out) {
  sim_trans en[SIM_MAX_TRANS];
  int n = sim_enabled(m, st, en);
  for (int k = 0; k < n; k++) {
    if (en[k].kind != a.kind) continue;
    if (a.kind == SIM_TR_AGENT ? en[k].who == a.agent
                               : sim_event_agent(m, st, en[k].who) == a.agent &&
                                     sim_event_ins(m, st, en[k].who) == a.ins) {
      *out = en[k];
      return true;
    }
  }
  return false;
}

static mn_step abstract(const sim_machine *m, const void *st, sim_trans t) {
  mn_step a = {.kind = t.kind, .agent = t.who};
  if (t.kind == SIM_TR_EVENT) {
    a.agent = (uint8_t)sim_event_agent(m, st, t.who);
    a.ins = sim_event_ins(m, st, t.who);
  }
  return a;
}

static bool viol_matches(const sim_viol *v, const sim_viol *bug) {
  return v->kind == bug->kind && v->ins == bug->ins && v->severity == bug->severity;
}

/* A stuck state with some agent blocked at the bug's instruction or at one of its related
 * instructions (a deadlock, or its root cause such as a tx-mismatch, names the blocked
 * waits). */
static bool stuck_at(const sim_machine *m, const void *st, const sim_viol *bug) {
  sim_trans en[SIM_MAX_TRANS];
  if (sim_is_final(m, st) || sim_enabled(m, st, en) != 0) return false;
  for (uint32_t a = 0; a < sim_n_agents(m); a++) {
    int s = sim_agent_status_of(m, st, a);
    if (s == SIM_AG_IDLE || s == SIM_AG_DONE) continue;
    uint32_t pc = sim_agent_pc(m, st, a);
    if (pc == bug->ins) return true;
    for (uint32_t k = 0; k < bug->n_rel && k < SIM_MAX_REL; k++)
      if (pc == bug->rel[k]) return true;
  }
  return false;
}

/* Replays abstract steps leniently. On reproducing the bug returns true and, when out is
 * given, the abstract steps actually fired (up to the bug) into out / *n_out. */
static bool replay(mn_ctx *c, const mn_step *s, uint32_t n, mn_step *out, uint32_t *n_out) {
  c->replays++;
  c->work += n;
  sim_log lg = {0};
  if (sim_init(c->m, c->st, &lg) != 0) return false;
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    sim_trans t;
    if (!concretize(c->m, c->st, s[i], &t)) continue;
    if (out) out[k] = s[i];
    k++;
    memset(&lg, 0, sizeof lg);
    int rc = sim_step(c->m, c->st, t, &lg);
    bool hit = false;
    for (int v = 0; v < lg.n_viol; v++) hit |= viol_matches(&lg.viol[v], c->bug);
    sim_viol sv;
    if (!hit && c->check && c->check(c->m, c->st, &sv)) hit = viol_matches(&sv, c->bug);
    if (hit) {
      if (n_out) *n_out = k;
      return true;
    }
    if (rc != 0 || lg.halt || lg.bound) return false;
  }
  if (stuck_at(c->m, c->st, c->bug)) {
    if (n_out) *n_out = k;
    return true;
  }
  return false;
}

static uint32_t switches(const mn_step *s, uint32_t n) {
  uint32_t k = 0;
  for (uint32_t i = 1; i < n; i++)
    k += s[i].kind != s[i - 1].kind || (s[i].kind == SIM_TR_AGENT && s[i].agent != s[i - 1].agent);
  return k;
}

/* Regroups s (n steps) into out: keep running the current agent while its next step is
 * enabled; otherwise take the enabled next step (of any agent, or the next event completion)
 * that came first in s. Each agent's steps and the events keep their own order. Returns
 * the number of steps placed. */
static uint32_t regroup(mn_ctx *c, const mn_step *s, uint32_t n, mn_step *out) {
  sim_log lg = {0};
  if (sim_init(c->m, c->st, &lg) != 0) return 0;
  uint8_t *used = ir_xcalloc(n + 1, 1);
  if (!used) return 0;
  uint32_t k = 0, first = 0;
  int cur = -1;
  while (k < n) {
    while (first < n && used[first]) first++;
    int pick = -1;
    sim_trans t = {0};
    /* next unused step per stream (agents; all events form one stream) */
    for (uint32_t i = first; i < n && pick < 0; i++) {
      if (used[i] || s[i].kind != SIM_TR_AGENT || s[i].agent != cur) continue;
      if (concretize(c->m, c->st, s[i], &t)) pick = (int)i;
      break;
    }
    uint32_t seen_agents = 0;
    bool seen_event = false;
    for (uint32_t i = first; i < n && pick < 0; i++) {
      if (used[i]) continue;
      bool is_ev = s[i].kind == SIM_TR_EVENT;
      uint32_t bit = is_ev ? 0 : 1u << (s[i].agent % 32);
      if (is_ev ? seen_event : (seen_agents & bit) != 0) continue; /* not its stream's next */
      if (is_ev) seen_event = true; else seen_agents |= bit;
      if (concretize(c->m, c->st, s[i], &t)) pick = (int)i;
    }
    if (pick < 0) break;
    used[pick] = 1;
    out[k++] = s[pick];
    if (s[pick].kind == SIM_TR_AGENT) cur = s[pick].agent;
    memset(&lg, 0, sizeof lg);
    if (sim_step(c->m, c->st, t, &lg) != 0 || lg.halt) break;
  }
  free(used);
  return k;
}

/* Delta debugging: removes chunks while the bug still shows. tmp and fired are scratch
 * arrays of n steps. */
static uint32_t ddmin(mn_ctx *c, mn_step *s, uint32_t n, mn_step *tmp, mn_step *fired) {
  for (uint32_t chunk = n / 2; chunk >= 1 && budget_left(c); chunk /= 2) {
    for (uint32_t at = 0; at < n && budget_left(c);) {
      uint32_t len = at + chunk <= n ? chunk : n - at, k = 0, got = 0;
      for (uint32_t i = 0; i < n; i++)
        if (i < at || i >= at + len) tmp[k++] = s[i];
      if (replay(c, tmp, k, fired, &got)) {
        memcpy(s, fired, sizeof *s * got); /* the steps of the smaller schedule that fired */
        n = got;
      } else {
        at += len;
      }
    }
    if (chunk == 1) break;
  }
  return n;
}

/* Abstract form of a concrete schedule (replayed plainly). Returns steps converted. */
static uint32_t to_abstract(mn_ctx *c, const sim_trans *steps, uint32_t n, mn_step *out) {
  sim_log lg = {0};
  if (sim_init(c->m, c->st, &lg) != 0) return 0;
  for (uint32_t i = 0; i < n; i++) {
    out[i] = abstract(c->m, c->st, steps[i]);
    memset(&lg, 0, sizeof lg);
    if (sim_step(c->m, c->st, steps[i], &lg) != 0 || lg.halt) return i + 1;
  }
  return n;
}

/* Concrete transitions of abstract steps that replay exactly. */
static int to_concrete(mn_ctx *c, const mn_step *s, uint32_t n, tr_sched *out) {
  sim_log lg = {0};
  if (sim_init(c->m, c->st, &lg) != 0) return -1;
  for (uint32_t i = 0; i < n; i++) {
    sim_trans t;
    if (!concretize(c->m, c->st, s[i], &t)) continue;
    if (tr_sched_push(out, t) != 0) return -1;
    memset(&lg, 0, sizeof lg);
    if (sim_step(c->m, c->st, t, &lg) != 0 || lg.halt) break;
  }
  return 0;
}

bool tr_min_reproduces(sim_machine *m, const sim_trans *steps, uint32_t n, const sim_viol *bug,
                       tr_state_check check) {
  mn_ctx c = {.m = m, .bug = bug, .check = check, .st = ir_xcalloc(1, sim_state_size(m))};
  mn_step *a = ir_xmalloc(sizeof *a * (n + 1), 1);
  bool ok = false;
  if (c.st && a) {
    uint32_t k = to_abstract(&c, steps, n, a);
    ok = replay(&c, a, k, NULL, NULL);
  }
  free(a);
  free(c.st);
  return ok;
}

int tr_min_schedule(sim_machine *m, const sim_trans *steps, uint32_t n, const sim_viol *bug,
                    tr_state_check check, uint32_t max_replays, tr_sched *out,
                    tr_min_stats *stats, tr_err *err) {
  mn_ctx c = {.m = m, .bug = bug, .check = check, .max_replays = max_replays ? max_replays : 4000};
  c.max_work = (uint64_t)c.max_replays * MN_WORK_PER_REPLAY;
  c.st = ir_xcalloc(1, sim_state_size(m));
  mn_step *a = ir_xmalloc(sizeof *a * (n + 1), 1), *b = ir_xmalloc(sizeof *b * (n + 1), 1);
  mn_step *tmp = ir_xmalloc(sizeof *tmp * (n + 1), 1);
  int rc = 0;
  tr_min_stats st = {.steps_before = n};
  if (!c.st || !a || !b || !tmp) {
    rc = tr_errf(err, "error: out of memory while minimizing a schedule of %u steps", n);
    goto done;
  }
  uint32_t k = to_abstract(&c, steps, n, a);
  st.switches_before = switches(a, k);
  uint32_t got = 0;
  if (!replay(&c, a, k, b, &got)) {
    rc = tr_errf(err, "error: the schedule does not reproduce the %s it should show; nothing to "
                      "minimize", sim_bug_kind_name((sim_bug_kind)bug->kind));
    goto done;
  }
  memcpy(a, b, sizeof *a * got); /* cut after the bug */
  k = got;
  for (int pass = 0; pass < 2 && budget_left(&c); pass++) {
    c.work += k; /* the regrouping walk */
    uint32_t r = regroup(&c, a, k, b);
    if (r && switches(b, r) < switches(a, k) && replay(&c, b, r, tmp, &got)) {
      memcpy(a, tmp, sizeof *a * got);
      k = got;
    }
    if (pass == 0) k = ddmin(&c, a, k, tmp, b);
  }
  st.steps_after = k;
  st.switches_after = switches(a, k);
  if (to_concrete(&c, a, k, out) != 0) rc = tr_errf(err, "error: out of memory");
  st.steps_after = out->n;
done:
  st.replays = c.replays;
  st.steps_replayed = c.work;
  if (stats) *stats = st;
  free(a);
  free(b);
  free(tmp);
  free(c.st);
  return rc;
}
