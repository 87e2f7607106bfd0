/* tr_chrome.c: a replayed schedule as Chrome trace event JSON (Perfetto, chrome://tracing):
 * one thread per agent and per async engine kind, a slice per step (blocked waits span
 * their blocking), flow arrows from releasing arrivals / completions to waits, instants for
 * phase completions and for the bug. One schedule step is one microsecond. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "tr_internal.h"
#include "tr_utf8.h"
#include "ir/ir_alloc.h"

enum {
  CH_PID = 1,                  /* the kernel's process id */
  CH_ENGINE_TID = 1000,        /* first engine thread id */
  CH_MAX_ENGINES = 32,         /* engine sub-tracks (kind x overlapping slot) */
  CH_MAX_REL = 64,             /* releasers per wait drawn as flows */
};

/* An engine sub-track: events of one kind that do not overlap. */
typedef struct ch_lane {
  char kind[24];
  uint32_t slot;               /* 0 for the first track of a kind */
  uint32_t busy_until;         /* step after which it is free */
} ch_lane;

typedef struct ch_ctx {
  const tr_run *r;
  json_t *ev;                  /* the traceEvents array (borrowed) */
  ch_lane lanes[CH_MAX_ENGINES];
  uint32_t n_lanes;
  uint32_t *ev_tid;            /* per run event: its engine thread id */
  uint64_t flow_id;
} ch_ctx;

static uint32_t agent_tid(uint32_t a) { return a + 1; }

/* Appends one event object; steals obj. */
static void add(ch_ctx *c, json_t *obj) { json_array_append_new(c->ev, obj); }

static json_t *base_event(const char *ph, const char *name, double ts, uint32_t tid) {
  return json_pack("{s:s, s:o, s:f, s:i, s:i}", "ph", ph, "name", tr_json_str(name), "ts", ts,
                   "pid", CH_PID, "tid", (int)tid);
}

static void meta(ch_ctx *c, const char *what, uint32_t tid, const char *name, int sort) {
  json_t *o = base_event("M", what, 0, tid);
  json_object_set_new(o, "args", json_pack("{s:o}", "name", tr_json_str(name)));
  add(c, o);
  if (sort >= 0) {
    json_t *s = base_event("M", "thread_sort_index", 0, tid);
    json_object_set_new(s, "args", json_pack("{s:i}", "sort_index", sort));
    add(c, s);
  }
}

/* Engine sub-track for event e (interval partitioning by kind). */
static uint32_t engine_tid(ch_ctx *c, const tr_event *e, uint32_t end) {
  uint32_t slot = 0;
  for (uint32_t i = 0; i < c->n_lanes; i++) {
    ch_lane *l = &c->lanes[i];
    if (strcmp(l->kind, e->kind)) continue;
    if (l->busy_until <= e->issue_step) {
      l->busy_until = end;
      return CH_ENGINE_TID + i;
    }
    slot++;
  }
  if (c->n_lanes == CH_MAX_ENGINES) return CH_ENGINE_TID + CH_MAX_ENGINES - 1; /* overflow: share */
  ch_lane *l = &c->lanes[c->n_lanes];
  snprintf(l->kind, sizeof l->kind, "%s", e->kind);
  l->slot = slot;
  l->busy_until = end;
  char name[48];
  if (slot)
    snprintf(name, sizeof name, "engine: %s #%u", e->kind, slot + 1);
  else
    snprintf(name, sizeof name, "engine: %s", e->kind);
  meta(c, "thread_name", CH_ENGINE_TID + c->n_lanes, name, 100 + (int)c->n_lanes);
  return CH_ENGINE_TID + c->n_lanes++;
}

/* Slice name of a step: "wait lr[0]", "TMA load a_bufs[1]", "arrive le[0]". */
static void step_name(const tr_run *r, const tr_step *s, char *buf, size_t n) {
  const ir_op *op = sim_ins_op(r->m, s->ins);
  const char *verb = tr_op_short(op);
  if (s->kind == TR_S_COMPLETE) verb = "complete";
  snprintf(buf, n, "%s%s%s", verb, s->obj[0] ? " " : "", s->obj);
}

static json_t *step_args(const tr_run *r, const tr_step *s, uint32_t i) {
  char loc[128];
  ir_loc L = sim_ins_loc(r->m, s->ins);
  ir_loc_str(L, loc, sizeof loc);
  json_t *a = json_pack("{s:i, s:o, s:o, s:i}", "step", (int)i, "loc", tr_json_str(loc), "text",
                        tr_json_str(s->text), "iteration", (int)s->iter);
  if (s->kind == TR_S_WAIT) {
    json_object_set_new(a, "parity", json_integer(s->wait_parity));
    json_object_set_new(a, "observed_phase", json_integer(s->wait_phase));
    if (s->ready < i) json_object_set_new(a, "blocked_steps", json_integer((json_int_t)(i - s->ready)));
  }
  if (s->n_viol) json_object_set_new(a, "violation", tr_json_str(s->viol.msg));
  return a;
}

/* A flow arrow from (src_tid at src_ts) to the slice enclosing (dst_tid at dst_ts). */
static void flow(ch_ctx *c, const char *name, uint32_t src_tid, double src_ts, uint32_t dst_tid,
                 double dst_ts) {
  uint64_t id = ++c->flow_id;
  json_t *s = base_event("s", name, src_ts, src_tid);
  json_object_set_new(s, "id", json_integer((json_int_t)id));
  json_object_set_new(s, "cat", json_string("sync"));
  add(c, s);
  json_t *f = base_event("f", name, dst_ts, dst_tid);
  json_object_set_new(f, "id", json_integer((json_int_t)id));
  json_object_set_new(f, "cat", json_string("sync"));
  json_object_set_new(f, "bp", json_string("e"));
  add(c, f);
}

/* Thread (and time) a releasing step is drawn at: agent steps on their agent, completions
 * at the end of their event's slice on its engine track. */
static uint32_t step_tid(const ch_ctx *c, const tr_step *s) {
  if (s->kind == TR_S_COMPLETE && s->event != UINT32_MAX) return c->ev_tid[s->event];
  return agent_tid(s->agent);
}

static void emit_steps(ch_ctx *c) {
  const tr_run *r = c->r;
  char name[128];
  for (uint32_t i = 0; i < r->n_steps; i++) {
    const tr_step *s = &r->steps[i];
    if (s->kind != TR_S_COMPLETE) {
      step_name(r, s, name, sizeof name);
      uint32_t start = s->ready <= i ? s->ready : i;
      json_t *x = base_event("X", name, (double)start, agent_tid(s->agent));
      json_object_set_new(x, "dur", json_real((double)(i + 1 - start)));
      json_object_set_new(x, "cat", json_string(s->kind == TR_S_WAIT || s->kind == TR_S_ASYNC_WAIT ? "wait" : "op"));
      json_object_set_new(x, "args", step_args(r, s, i));
      add(c, x);
    }
    /* phase completions */
    for (uint32_t k = 0; k < s->n_eff; k++) {
      const tr_eff *e = &r->effs[s->eff_first + k];
      if (!e->completed) continue;
      char bn[48];
      sim_barrier_name(r->m, e->bar, bn, sizeof bn);
      snprintf(name, sizeof name, "%s phase %d complete", bn, e->phase);
      json_t *in = base_event("i", name, (double)i + 0.9, step_tid(c, s));
      json_object_set_new(in, "s", json_string("t"));
      add(c, in);
    }
    /* flows into a passing wait from every step that fed the phase it observed */
    if (s->kind == TR_S_WAIT) {
      uint32_t rel[CH_MAX_REL];
      uint32_t nr = tr_run_releasers(r, i, rel, CH_MAX_REL);
      char bn[48];
      sim_barrier_name(r->m, (uint32_t)s->wait_bar, bn, sizeof bn);
      snprintf(name, sizeof name, "%s phase %d", bn, s->wait_phase);
      for (uint32_t k = 0; k < nr && k < CH_MAX_REL; k++)
        flow(c, name, step_tid(c, &r->steps[rel[k]]), (double)rel[k] + 0.5, agent_tid(s->agent),
             (double)i + 0.5);
    }
  }
}

static void emit_events(ch_ctx *c) {
  const tr_run *r = c->r;
  for (uint32_t k = 0; k < r->n_events; k++) {
    const tr_event *e = &r->events[k];
    uint32_t end = e->done_step == UINT32_MAX ? r->n_steps : e->done_step + 1;
    c->ev_tid[k] = engine_tid(c, e, end);
    char name[96], loc[128];
    snprintf(name, sizeof name, "%s%s%s", e->kind, e->what[0] ? " " : "", e->what);
    ir_loc_str(sim_ins_loc(r->m, e->ins), loc, sizeof loc);
    json_t *x = base_event("X", name, (double)e->issue_step + 0.5, c->ev_tid[k]);
    json_object_set_new(x, "dur", json_real((double)end - ((double)e->issue_step + 0.5)));
    json_object_set_new(x, "cat", json_string("async"));
    json_object_set_new(x, "args", json_pack("{s:o, s:o, s:i, s:b}", "issued_by",
                                             tr_json_str(sim_agent_name(r->m, e->agent)), "loc",
                                             tr_json_str(loc),
                                             "issue_step", (int)e->issue_step, "completed",
                                             e->done_step != UINT32_MAX));
    add(c, x);
    /* the issue step hands the operation to its engine */
    flow(c, "issue", agent_tid(e->agent), (double)e->issue_step + 0.5, c->ev_tid[k],
         (double)e->issue_step + 0.6);
  }
}

/* Blocked agents at the end, and the bug. */
static void emit_end(ch_ctx *c, const sim_viol *bug) {
  const tr_run *r = c->r;
  for (uint32_t a = 0; a < r->n_agents; a++) {
    if (!r->blocked[a]) continue;
    char name[160];
    const ir_op *op = sim_ins_op(r->m, r->blocked_ins[a]);
    snprintf(name, sizeof name, "%s %s", r->out.stuck ? "BLOCKED" : "waiting", tr_op_short(op));
    uint32_t since = r->blocked_since[a] <= r->n_steps ? r->blocked_since[a] : r->n_steps;
    json_t *x = base_event("X", name, (double)since, agent_tid(a));
    json_object_set_new(x, "dur", json_real((double)(r->n_steps + 1 - since)));
    json_object_set_new(x, "cat", json_string("blocked"));
    char loc[128];
    ir_loc_str(sim_ins_loc(r->m, r->blocked_ins[a]), loc, sizeof loc);
    json_object_set_new(x, "args", json_pack("{s:o, s:o}", "why", tr_json_str(r->blocked_why[a]), "loc", tr_json_str(loc)));
    add(c, x);
  }
  if (!bug && r->out.has_bug) bug = &r->out.bug;
  if (!bug) return;
  uint32_t at = r->n_steps;
  if (r->out.has_bug && r->out.bug.kind == bug->kind && r->out.bug.ins == bug->ins)
    at = r->out.bug_step < r->n_steps ? r->out.bug_step : r->n_steps;
  char name[400], loc[128];
  snprintf(name, sizeof name, "BUG %s: %s", sim_bug_kind_name((sim_bug_kind)bug->kind), bug->msg);
  ir_loc_str(sim_ins_loc(r->m, bug->ins), loc, sizeof loc);
  uint32_t tid = bug->agent < r->n_agents ? agent_tid(bug->agent) : agent_tid(0);
  json_t *in = base_event("i", name, (double)at + 0.95, tid);
  json_object_set_new(in, "s", json_string("g"));
  json_object_set_new(in, "cat", json_string("bug"));
  json_t *rel = json_array();
  for (uint32_t k = 0; k < bug->n_rel && k < SIM_MAX_REL; k++) {
    char rl[128];
    ir_loc_str(sim_ins_loc(r->m, bug->rel[k]), rl, sizeof rl);
    json_array_append_new(rel, tr_json_str(rl));
  }
  json_object_set_new(in, "args", json_pack("{s:s, s:o, s:o, s:o}", "kind",
                                            sim_bug_kind_name((sim_bug_kind)bug->kind), "message",
                                            tr_json_str(bug->msg), "loc", tr_json_str(loc),
                                            "related", rel));
  add(c, in);
}

int tr_chrome_write(sim_machine *m, const sim_trans *steps, uint32_t n, const sim_viol *bug,
                    const char *title, const char *path, tr_err *err) {
  tr_run *r = tr_replay(m, steps, n, err);
  if (!r) return -1;
  if (tr_run_check_complete(r, n, path, err) != 0) {
    tr_run_free(r);
    return -1;
  }
  ch_ctx c = {.r = r};
  json_t *root = json_object();
  c.ev = json_array();
  c.ev_tid = ir_xcalloc(r->n_events + 1, sizeof *c.ev_tid);
  if (!root || !c.ev || !c.ev_tid) {
    json_decref(root);
    json_decref(c.ev);
    free(c.ev_tid);
    tr_run_free(r);
    return tr_errf(err, "%s: error: out of memory", path);
  }
  json_object_set_new(root, "traceEvents", c.ev);
  json_object_set_new(root, "displayTimeUnit", json_string("ms"));
  json_object_set_new(root, "otherData",
                      json_pack("{s:s, s:s, s:i, s:b, s:b}", "tool", "tlx-verify", "time_unit",
                                "1 us = 1 schedule step", "steps", (int)r->n_steps, "final",
                                r->out.final, "deadlock", r->out.stuck));
  meta(&c, "process_name", agent_tid(0), title ? title : "kernel", -1);
  for (uint32_t a = 0; a < r->n_agents; a++)
    meta(&c, "thread_name", agent_tid(a), sim_agent_name(m, a), (int)a);
  emit_events(&c);
  emit_steps(&c);
  emit_end(&c, bug);
  int rc = json_dump_file(root, path, JSON_COMPACT) == 0 ? 0 : -1;
  if (rc) tr_errf(err, "%s: error: cannot write the trace: %s", path, strerror(errno));
  json_decref(root);
  free(c.ev_tid);
  tr_run_free(r);
  return rc;
}
