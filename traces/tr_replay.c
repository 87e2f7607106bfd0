/* tr_replay.c: replays a schedule with detailed sim logs and records, per step, what ran,
 * which mbarriers it touched (diffing sim_barrier_info), which async events it issued or
 * completed (followed by identity across steps), and which phase a passing wait observed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"
#include "ir/ir_alloc.h"

/* Highest iteration an agent reached in one loop (tr_step.iter). */
typedef struct rp_loop {
  uint32_t agent;
  const ir_op *loop;           /* innermost scf.for / scf.while */
  uint32_t iter;
} rp_loop;

/* Replay scratch, freed at the end of tr_replay. */
typedef struct rp_ctx {
  tr_run *r;
  void *st;                    /* the state (becomes r->end) */
  sim_barinfo *before, *after; /* per barrier */
  uint32_t ev_id[SIM_MAX_EVENTS]; /* run->events id of each in-flight event, state order */
  uint32_t n_ev;
  uint32_t ready[SIM_MAX_AGENTS]; /* step at which the agent's next op became next */
  int status[SIM_MAX_AGENTS];
  uint32_t *occ;               /* per (agent, instruction) execution counts */
  uint32_t n_ins;
  rp_loop loops[64];           /* per (agent, loop) */
  uint32_t n_loops;
} rp_ctx;

char *tr_ins_line(const sim_machine *m, uint32_t ins, char *buf, size_t n) {
  tr_loc_line(sim_ins_loc(m, ins), buf, n);
  if (!buf[0]) snprintf(buf, n, "?");
  return buf;
}

static tr_event *new_event(tr_run *r) {
  r->events = ir_grow(r->events, &r->cap_events, r->n_events + 1, sizeof *r->events);
  return memset(&r->events[r->n_events++], 0, sizeof *r->events);
}

static int snapshot(const rp_ctx *c, sim_barinfo *out) {
  for (uint32_t b = 0; b < c->r->n_bars; b++) sim_barrier_info(c->r->m, c->st, b, &out[b]);
  return 0;
}

/* Records what step i did to each barrier. Returns -1 when out of memory. */
static int diff_barriers(rp_ctx *c, uint32_t i) {
  tr_run *r = c->r;
  tr_step *s = &r->steps[i];
  s->eff_first = r->n_effs;
  snapshot(c, c->after);
  for (uint32_t b = 0; b < r->n_bars; b++) {
    const sim_barinfo *x = &c->before[b], *y = &c->after[b];
    tr_eff e = {.step = i, .bar = b, .phase = x->phase};
    if (!x->valid && y->valid) {
      e.init = true;
      e.phase = y->phase;
    } else if (!x->valid || !y->valid) {
      continue;
    } else if (y->phase > x->phase) {
      /* the phase completed: every still missing arrival and byte landed (§1.2 try_complete) */
      e.completed = true;
      e.arrivals = x->pending;
      e.tx = -x->tx;
    } else {
      e.arrivals = x->pending - y->pending;
      e.tx = y->tx - x->tx;
      if (!e.arrivals && !e.tx) continue;
    }
    r->effs = ir_grow(r->effs, &r->cap_effs, r->n_effs + 1, sizeof *r->effs);
    r->effs[r->n_effs++] = e;
  }
  s->n_eff = r->n_effs - s->eff_first;
  return 0;
}

/* Follows the in-flight events across step i: completed ones get done_step, new ones become
 * run events. Events are sorted by (issuer, issue order), so old ones keep their relative
 * order and a step's new events come after its issuer's older ones; an event is recognised
 * by issuer, instruction and footprint. `completed` is the list index an event step fired
 * (UINT32_MAX for agent steps): it leaves the list first. */
static int follow_events(rp_ctx *c, uint32_t i, uint32_t completed) {
  tr_run *r = c->r;
  tr_step *s = &r->steps[i];
  if (completed < c->n_ev) {
    r->events[c->ev_id[completed]].done_step = i;
    memmove(&c->ev_id[completed], &c->ev_id[completed + 1],
            sizeof(uint32_t) * (c->n_ev - completed - 1));
    c->n_ev--;
  }
  uint32_t n = sim_n_events(r->m, c->st), ids[SIM_MAX_EVENTS], j = 0;
  s->ev_first = r->n_events;
  for (uint32_t k = 0; k < n && k < SIM_MAX_EVENTS; k++) {
    uint32_t ag = sim_event_agent(r->m, c->st, k), ins = sim_event_ins(r->m, c->st, k);
    char what[48] = "";
    sim_fp fp[4];
    if (sim_event_access(r->m, c->st, k, fp) > 0) sim_fp_str(r->m, &fp[0], what, sizeof what);
    uint32_t hit = UINT32_MAX;
    for (uint32_t q = j; q < c->n_ev && hit == UINT32_MAX; q++) {
      const tr_event *o = &r->events[c->ev_id[q]];
      if (o->agent == ag && o->ins == ins && !strcmp(o->what, what)) hit = q;
    }
    if (hit != UINT32_MAX) {
      for (; j < hit; j++) r->events[c->ev_id[j]].done_step = i;
      ids[k] = c->ev_id[j++];
      continue;
    }
    tr_event *e = new_event(r);
    if (!e) return -1;
    e->agent = ag;
    e->ins = ins;
    e->issue_step = i;
    e->done_step = UINT32_MAX;
    snprintf(e->kind, sizeof e->kind, "%s", sim_event_kind_name(r->m, c->st, k));
    snprintf(e->what, sizeof e->what, "%s", what);
    ids[k] = (uint32_t)(e - r->events);
  }
  for (; j < c->n_ev; j++) r->events[c->ev_id[j]].done_step = i;
  memcpy(c->ev_id, ids, sizeof(uint32_t) * n);
  c->n_ev = n;
  s->n_ev = r->n_events - s->ev_first;
  return 0;
}

/* Name of barrier b into buf. */
static void bar_name(const tr_run *r, uint32_t b, char *buf, size_t n) {
  sim_barrier_name(r->m, b, buf, n);
}

/* Before an agent step: what its next op is about to touch, and the wait's barrier. */
static void describe_agent_step(rp_ctx *c, tr_step *s, uint32_t a) {
  tr_run *r = c->r;
  s->agent = a;
  s->ins = sim_agent_pc(r->m, c->st, a);
  s->ready = c->ready[a];
  s->wait_bar = -1;
  const ir_op *op = sim_ins_op(r->m, s->ins);
  uint32_t bar;
  int32_t parity;
  if (tr_op_is_wait(op) && sim_agent_wait_barrier(r->m, c->st, a, &bar, &parity)) {
    s->wait_bar = (int32_t)bar;
    s->wait_parity = parity;
    bar_name(r, bar, s->obj, sizeof s->obj);
    return;
  }
  sim_fp fp[4];
  int nf = sim_agent_access(r->m, c->st, a, fp);
  if (nf > 0) sim_fp_str(r->m, &fp[0], s->obj, sizeof s->obj);
}

static void classify(rp_ctx *c, tr_step *s) {
  const ir_op *op = sim_ins_op(c->r->m, s->ins);
  if (s->t.kind == SIM_TR_EVENT)
    s->kind = TR_S_COMPLETE;
  else if (s->wait_bar >= 0)
    s->kind = TR_S_WAIT;
  else if (tr_op_is_async_wait(op))
    s->kind = TR_S_ASYNC_WAIT;
  else if (s->n_ev)
    s->kind = TR_S_ISSUE;
  else
    s->kind = TR_S_OP;
  if (s->kind == TR_S_WAIT) {
    /* waitComplete = (phase mod 2) != parity (semantics.md §1.3): it observed phase-1 */
    sim_barinfo bi;
    sim_barrier_info(c->r->m, c->st, (uint32_t)s->wait_bar, &bi);
    s->wait_phase = bi.phase - 1;
  }
  /* a barrier op whose only effect is on one barrier names it */
  if (!s->obj[0] && s->n_eff)
    bar_name(c->r, c->r->effs[s->eff_first].bar, s->obj, sizeof s->obj);
}

/* The innermost loop around op, NULL when none inside its agent region. */
static const ir_op *loop_of(const ir_op *op) {
  for (const ir_op *p = op; p && p->parent && p->parent->parent;) {
    const ir_op *q = p->parent->parent->parent;
    if (!q || q->code == IR_OP_TTG_WARP_SPECIALIZE || q->code == IR_OP_TT_FUNC) return NULL;
    if (q->code == IR_OP_SCF_FOR || q->code == IR_OP_SCF_WHILE) return q;
    p = q;
  }
  return NULL;
}

/* Loop iteration of agent a running ins now (see tr_step.iter). */
static uint32_t iteration_of(rp_ctx *c, uint32_t a, uint32_t ins) {
  uint32_t it = c->occ[(size_t)a * c->n_ins + ins]++;
  const ir_op *loop = loop_of(sim_ins_op(c->r->m, ins));
  if (!loop) return it;
  uint32_t k = 0;
  while (k < c->n_loops && (c->loops[k].agent != a || c->loops[k].loop != loop)) k++;
  if (k == c->n_loops) {
    if (k == sizeof c->loops / sizeof c->loops[0]) return it;
    c->loops[c->n_loops++] = (rp_loop){a, loop, 0};
  }
  if (c->loops[k].iter > it) it = c->loops[k].iter;
  c->loops[k].iter = it;
  return it;
}

static bool is_enabled(const sim_machine *m, const void *st, sim_trans t) {
  sim_trans en[SIM_MAX_TRANS];
  int n = sim_enabled(m, st, en);
  for (int k = 0; k < n; k++)
    if (en[k].kind == t.kind && en[k].who == t.who) return true;
  return false;
}

/* After step i: agents that just started (fork) or moved on get a new ready step. */
static void update_ready(rp_ctx *c, uint32_t i, int stepped_agent) {
  tr_run *r = c->r;
  for (uint32_t a = 0; a < r->n_agents; a++) {
    int stt = sim_agent_status_of(r->m, c->st, a);
    if ((int)a == stepped_agent || (stt != c->status[a] && stt == SIM_AG_RUN)) c->ready[a] = i + 1;
    c->status[a] = stt;
  }
}

void tr_deadlock_viol(sim_machine *m, const void *st, uint32_t a, sim_viol *v, char *why,
                      size_t n) {
  memset(v, 0, sizeof *v);
  v->kind = SIM_BUG_DEADLOCK;
  v->agent = (uint8_t)a;
  v->ins = sim_agent_pc(m, st, a);
  uint32_t who[SIM_MAX_REL];
  int nw = sim_explain_blocked(m, st, a, why, n, who, SIM_MAX_REL);
  for (int k = 0; k < nw && k < SIM_MAX_REL; k++) v->rel[v->n_rel++] = who[k];
  snprintf(v->msg, sizeof v->msg, "%s %s", sim_agent_name(m, a), why);
}

/* The end of the run: final, stuck (with the blocked agents), and a deadlock violation when
 * the schedule ends stuck without another bug. */
static void finish(rp_ctx *c) {
  tr_run *r = c->r;
  tr_outcome *o = &r->out;
  sim_trans en[SIM_MAX_TRANS];
  int n_en = sim_enabled(r->m, c->st, en);
  o->final = sim_is_final(r->m, c->st);
  o->stuck = !o->final && n_en == 0 && !o->halted && !o->bound;
  for (uint32_t a = 0; a < r->n_agents; a++) {
    int stt = sim_agent_status_of(r->m, c->st, a);
    if (stt == SIM_AG_IDLE || stt == SIM_AG_DONE) continue;
    r->has_next[a] = true;
    r->next_ins[a] = sim_agent_pc(r->m, c->st, a);
    sim_fp fp[4];
    if (sim_agent_access(r->m, c->st, a, fp) > 0)
      sim_fp_str(r->m, &fp[0], r->next_obj[a], sizeof r->next_obj[a]);
    bool enabled = false;
    for (int k = 0; k < n_en; k++) enabled |= en[k].kind == SIM_TR_AGENT && en[k].who == a;
    if (enabled) continue;
    r->blocked[a] = true;
    r->blocked_ins[a] = sim_agent_pc(r->m, c->st, a);
    r->blocked_since[a] = c->ready[a];
    uint32_t bar;
    int32_t parity;
    r->blocked_bar[a] = -1;
    if (sim_agent_wait_barrier(r->m, c->st, a, &bar, &parity)) {
      r->blocked_bar[a] = (int32_t)bar;
      r->blocked_parity[a] = parity;
    }
    sim_viol v;
    tr_deadlock_viol(r->m, c->st, a, &v, r->blocked_why[a], sizeof r->blocked_why[a]);
    memcpy(r->blocked_who[a], v.rel, sizeof v.rel);
    r->n_blocked_who[a] = v.n_rel;
    if (o->stuck && !o->has_bug) {
      o->bug = v;
      o->has_bug = true;
      o->bug_step = r->n_steps;
    }
  }
}

/* Builds the per-barrier index of effects (tr_run.bar_eff). */
static int index_effects(tr_run *r) {
  r->bar_eff_start = ir_xcalloc(r->n_bars + 2, sizeof *r->bar_eff_start);
  r->bar_eff = ir_xmalloc(sizeof *r->bar_eff * (r->n_effs + 1), 1);
  if (!r->bar_eff_start || !r->bar_eff) return -1;
  for (uint32_t k = 0; k < r->n_effs; k++) r->bar_eff_start[r->effs[k].bar + 1]++;
  for (uint32_t b = 0; b < r->n_bars; b++) r->bar_eff_start[b + 1] += r->bar_eff_start[b];
  uint32_t *fill = ir_xcalloc(r->n_bars + 1, sizeof *fill);
  if (!fill) return -1;
  for (uint32_t k = 0; k < r->n_effs; k++) {
    uint32_t b = r->effs[k].bar;
    r->bar_eff[r->bar_eff_start[b] + fill[b]++] = k;
  }
  free(fill);
  return 0;
}

tr_run *tr_replay(sim_machine *m, const sim_trans *steps, uint32_t n, tr_err *err) {
  tr_run *r = ir_xcalloc(1, sizeof *r); /* owned by the caller (tr_run_free) */
  rp_ctx c = {.r = r};
  if (!r) goto oom;
  r->m = m;
  r->n_agents = sim_n_agents(m);
  r->n_bars = sim_n_barriers(m);
  c.n_ins = sim_n_instructions(m);
  r->steps = ir_xcalloc(n ? n : 1, sizeof *r->steps);
  c.st = ir_xcalloc(1, sim_state_size(m));
  c.before = ir_xcalloc(r->n_bars + 1, sizeof *c.before);
  c.after = ir_xcalloc(r->n_bars + 1, sizeof *c.after);
  c.occ = ir_xcalloc((size_t)r->n_agents * c.n_ins + 1, sizeof *c.occ);
  if (!r->steps || !c.st || !c.before || !c.after || !c.occ) goto oom;
  r->end = c.st;
  sim_log lg = {.detail = true};
  if (sim_init(m, c.st, &lg) != 0) {
    r->out.halted = true;
    if (lg.n_viol) {
      r->out.has_bug = true;
      r->out.bug = lg.viol[0];
    }
    goto done;
  }
  update_ready(&c, UINT32_MAX, -1); /* ready = 0 for every running agent */
  for (uint32_t i = 0; i < n; i++) {
    sim_trans t = steps[i];
    if (!is_enabled(m, c.st, t)) {
      r->out.not_enabled = true;
      break;
    }
    tr_step *s = &r->steps[i];
    s->t = t;
    s->event = UINT32_MAX;
    if (t.kind == SIM_TR_AGENT) {
      describe_agent_step(&c, s, t.who);
    } else {
      s->agent = sim_event_agent(m, c.st, t.who);
      s->ins = sim_event_ins(m, c.st, t.who);
      s->event = t.who < c.n_ev ? c.ev_id[t.who] : UINT32_MAX;
      s->ready = i;
      s->wait_bar = -1;
      if (s->event != UINT32_MAX) snprintf(s->obj, sizeof s->obj, "%s", r->events[s->event].what);
    }
    snapshot(&c, c.before);
    memset(&lg, 0, sizeof lg);
    lg.detail = true;
    int rc = sim_step(m, c.st, t, &lg);
    r->n_steps = i + 1;
    if (t.kind == SIM_TR_AGENT) s->ins = lg.ins;
    snprintf(s->text, sizeof s->text, "%s", lg.text);
    s->n_viol = lg.n_viol;
    if (lg.n_viol) s->viol = lg.viol[0];
    const sim_viol *ev = sim_log_first_error(&lg); /* warnings: noted on the step only */
    if (ev && !r->out.has_bug) {
      r->out.has_bug = true;
      r->out.bug = *ev;
      r->out.bug_step = i;
    }
    if (diff_barriers(&c, i) ||
        follow_events(&c, i, t.kind == SIM_TR_EVENT ? t.who : UINT32_MAX))
      goto oom;
    classify(&c, s);
    if (t.kind == SIM_TR_AGENT && s->ins < c.n_ins && s->agent < r->n_agents)
      s->iter = iteration_of(&c, s->agent, s->ins);
    update_ready(&c, i, t.kind == SIM_TR_AGENT ? (int)t.who : -1);
    if (rc != 0 || lg.halt) {
      r->out.halted = true;
      break;
    }
    if (lg.bound) {
      r->out.bound = true;
      break;
    }
  }
done:
  finish(&c);
  if (index_effects(r) != 0) goto oom;
  free(c.before);
  free(c.after);
  free(c.occ);
  return r;
oom:
  free(c.before);
  free(c.after);
  free(c.occ);
  if (r && !r->end) free(c.st);
  tr_run_free(r);
  tr_errf(err, "error: out of memory while replaying a schedule of %u steps", n);
  return NULL;
}

void tr_run_free(tr_run *r) {
  if (!r) return;
  free(r->steps);
  free(r->effs);
  free(r->events);
  free(r->bar_eff_start);
  free(r->bar_eff);
  free(r->end);
  free(r);
}

uint32_t tr_run_releasers(const tr_run *r, uint32_t w, uint32_t *out, uint32_t max) {
  const tr_step *s = &r->steps[w];
  if (s->kind != TR_S_WAIT || s->wait_phase < 0 || (uint32_t)s->wait_bar >= r->n_bars) return 0;
  const uint32_t *list = r->bar_eff + r->bar_eff_start[s->wait_bar];
  uint32_t lo = 0, hi = r->bar_eff_start[s->wait_bar + 1] - r->bar_eff_start[s->wait_bar];
  /* the barrier's effects before step w (binary search: they are in step order) */
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (r->effs[list[mid]].step < w) lo = mid + 1; else hi = mid;
  }
  /* walk back over the phase the wait observed (the latest completed one) */
  uint32_t first = lo;
  while (first > 0) {
    const tr_eff *e = &r->effs[list[first - 1]];
    if (e->init || e->phase < s->wait_phase) break;
    first--;
  }
  uint32_t k = 0;
  for (uint32_t i = first; i < lo; i++) {
    const tr_eff *e = &r->effs[list[i]];
    if (e->phase != s->wait_phase) continue;
    if (k < max) out[k] = e->step;
    k++;
  }
  return k;
}

bool tr_run_state_bug(const tr_run *r, const sim_viol *bug) {
  if (!bug || bug->kind == SIM_BUG_DEADLOCK) return false;
  return !(r->out.has_bug && r->out.bug.kind == bug->kind && r->out.bug.ins == bug->ins &&
           r->out.bug_step < r->n_steps);
}

int tr_run_next_agent(const tr_run *r, uint32_t ins) {
  for (uint32_t a = 0; a < r->n_agents; a++)
    if (r->has_next[a] && r->next_ins[a] == ins) return (int)a;
  return -1;
}

uint32_t tr_run_last_of(const tr_run *r, uint32_t ins, uint32_t at) {
  uint32_t last = UINT32_MAX;
  for (uint32_t i = at < r->n_steps ? at + 1 : r->n_steps; i-- > 0;) {
    const tr_step *s = &r->steps[i];
    if (s->kind == TR_S_COMPLETE || s->ins != ins) continue;
    if (last == UINT32_MAX) last = i;
    if (!r->out.stuck) break;
    /* in a stuck run, the run that touched a barrier some agent is blocked on */
    for (uint32_t k = 0; k < s->n_eff; k++)
      for (uint32_t a = 0; a < r->n_agents; a++)
        if (r->blocked[a] && r->blocked_bar[a] == (int32_t)r->effs[s->eff_first + k].bar) return i;
  }
  return last;
}

int tr_run_check_complete(const tr_run *r, uint32_t n, const char *path, tr_err *err) {
  if (!r->out.not_enabled) return 0;
  return tr_errf(err, "%s: error: step %u of the %u-step schedule is not enabled when replayed; "
                      "pass the schedule found on this same machine (same kernel, arguments and "
                      "program id)", path, r->n_steps + 1, n);
}
