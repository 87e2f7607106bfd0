/* vf_report.c: from merged exploration results to a report (traces/report.h): replays each
 * bug's schedule on the machine of the run that found it, describing every step, and fills
 * kinds, messages, locations and related locations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "traces/traces.h"
#include "sim/sim_size.h"
#include "vf_run.h"

/* Describes the schedule of b into rb->trace. */
static void replay(sim_machine *m, const vf_bug *b, tr_rbug *rb) {
  size_t sz = sim_state_size(m);
  uint8_t *st = ir_xcalloc(1, sz);
  sim_log log = {.detail = true};
  sim_init(m, st, &log);
  uint32_t na = sim_n_agents(m);
  uint32_t counts[2 * SIM_MAX_AGENTS] = {0};
  char (*names)[48] = ir_xcalloc(2 * SIM_MAX_AGENTS, sizeof *names);
  rb->trace = ir_xcalloc(b->n_path + 1, sizeof *rb->trace);
  uint8_t *keep = ir_xcalloc(b->n_path + 1, 1);
  uint32_t kept = vf_slice(m, b->path, b->n_path, &b->v, keep);
  if (!kept) memset(keep, 1, b->n_path);
  for (uint32_t k = 0; k < b->n_path; k++) {
    sim_trans t = b->path[k];
    uint32_t who = t.who, slot;
    if (t.kind == SIM_TR_EVENT) {
      who = sim_event_agent(m, st, t.who);
      slot = na + who;
      snprintf(names[slot], sizeof names[slot], "%s.async", sim_agent_name(m, who));
    } else {
      slot = who;
      snprintf(names[slot], sizeof names[slot], "%s", sim_agent_name(m, who));
    }
    log.detail = true;
    sim_step(m, st, t, &log);
    if (!keep[k]) continue;
    tr_rstep *s = &rb->trace[rb->n_trace++];
    s->index = k + 1;
    s->agent = names[slot];
    s->agent_step = ++counts[slot];
    s->action = ir_xstrdup(log.text[0] ? log.text : "step");
    s->loc = sim_ins_loc(m, log.ins);
  }
  rb->n_trace_full = b->n_path;
  free(keep);
  /* the names live as long as the report: attach them to the first step's allocation */
  rb->names_owner = names;
  free(st);
}

/* Kind, message, locations and related notes of b. */
static void describe(const sim_machine *m, const vf_bug *b, tr_rbug *rb) {
  rb->kind = sim_bug_kind_name((sim_bug_kind)b->v.kind);
  rb->severity = sim_severity_name((sim_severity)b->v.severity);
  rb->message = ir_xstrdup(b->v.msg);
  rb->loc = sim_ins_loc(m, b->v.ins);
  rb->related = ir_xcalloc(b->v.n_rel + 1, sizeof *rb->related);
  for (uint32_t j = 0; j < b->v.n_rel; j++) {
    tr_rel *r = &rb->related[rb->n_related++];
    r->loc = sim_ins_loc(m, b->v.rel[j]);
    const char *note = b->rel_text[j] ? b->rel_text[j] : b->v.rel_note[j] ? b->v.rel_note[j] : "related";
    r->message = ir_xstrdup(note);
  }
}

void vf_report_bug(sim_machine *m, const vf_bug *b, tr_rbug *rb) {
  describe(m, b, rb);
  replay(m, b, rb);
}

/* Whether a comes after b in the report: a warning after an error, a longer schedule after a
 * shorter one. */
static bool later(const tr_rbug *a, const tr_rbug *b) {
  bool wa = tr_rbug_is_warning(a), wb = tr_rbug_is_warning(b);
  if (wa != wb) return wa;
  return a->n_trace > b->n_trace;
}

int vf_build_report(const vf_argplan *p, sim_machine **mach, const vf_runspec *runs,
                    uint32_t max_trip, vf_result *res, tr_report *rep, sim_err *err) {
  rep->bugs = ir_xcalloc(res->n_bugs + 1, sizeof *rep->bugs);
  rep->n_bugs = 0;
  for (uint32_t k = 0; k < res->n_bugs; k++) {
    const vf_bug *b = &res->bugs[k];
    sim_machine *m = vf_argplan_machine_at(p, mach, runs[b->run].combo, runs[b->run].pid, max_trip, err);
    if (!m) return -1;
    tr_rbug *rb = &rep->bugs[rep->n_bugs++];
    describe(m, b, rb);
    const int32_t *pid = runs[b->run].pid;
    bool show_pid = pid[0] || pid[1] || pid[2] || sim_grid_programs(p->grid) > 1;
    rb->args = vf_argplan_describe(p, runs[b->run].combo, show_pid ? pid : NULL);
    /* shorten the schedule (traces/: cut, regroup, delta debugging), keeping the bug */
    tr_sched shorter = {0};
    tr_min_stats ms;
    tr_err terr;
    vf_bug mb = *b;
    if (!tr_min_schedule(m, b->path, b->n_path, &b->v, vf_check_race, 1500, &shorter, &ms, &terr) &&
        shorter.n && shorter.n <= b->n_path) {
      mb.path = shorter.steps;
      mb.n_path = shorter.n;
    }
    replay(m, &mb, rb);
    tr_sched_free(&shorter);
  }
  /* errors first, then shortest schedule (in steps that matter); ties keep the search's order */
  for (uint32_t i = 1; i < rep->n_bugs; i++)
    for (uint32_t j = i; j > 0 && later(&rep->bugs[j - 1], &rep->bugs[j]); j--) {
      tr_rbug t = rep->bugs[j];
      rep->bugs[j] = rep->bugs[j - 1];
      rep->bugs[j - 1] = t;
    }
  return 0;
}
