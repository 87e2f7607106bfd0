/* cli_report.c: from merged exploration results to a report (traces/report.h): replays each
 * bug's schedule on the machine of the run that found it, describing every step, and fills
 * kinds, messages, locations and related locations. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "traces/traces.h"
#include "sim/sim_size.h"
#include "cli.h"

/* Describes the schedule of b into rb->trace: the steps that matter (sim_slice; all of them
 * when it keeps none), each with its agent ("partition0", or "partition0.async" for a
 * completion of an event it issued), that agent's step count, the model's text and the
 * location, from the one replay of traces/ (tr_replay). */
static void replay(sim_machine *m, const vf_bug *b, tr_rbug *rb) {
  tr_err err;
  tr_run *r = tr_replay(m, b->path, b->n_path, &err);
  uint32_t na = sim_n_agents(m);
  uint32_t counts[2 * SIM_MAX_AGENTS] = {0};
  char (*names)[48] = ir_xcalloc(2 * SIM_MAX_AGENTS, sizeof *names);
  rb->trace = ir_xcalloc(b->n_path + 1, sizeof *rb->trace);
  uint8_t *keep = ir_xcalloc(b->n_path + 1, 1);
  uint32_t kept = sim_slice(m, b->path, b->n_path, &b->v, keep);
  if (!kept) memset(keep, 1, b->n_path);
  for (uint32_t k = 0; r && k < r->n_steps; k++) {
    const tr_step *st = &r->steps[k];
    assert(st->agent < na);
    uint32_t slot = st->t.kind == SIM_TR_EVENT ? na + st->agent : st->agent;
    snprintf(names[slot], sizeof names[slot], "%s%s", sim_agent_name(m, st->agent),
             st->t.kind == SIM_TR_EVENT ? ".async" : "");
    if (!keep[k]) continue;
    tr_rstep *s = &rb->trace[rb->n_trace++];
    s->index = k + 1;
    s->agent = names[slot];
    s->agent_step = ++counts[slot];
    s->action = ir_xstrdup(st->text[0] ? st->text : "step");
    s->loc = sim_ins_loc(m, st->ins);
  }
  rb->n_trace_full = b->n_path;
  free(keep);
  /* the names live as long as the report: attach them to the first step's allocation */
  rb->names_owner = names;
  tr_run_free(r);
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

void vf_cli_report_bug(sim_machine *m, const vf_bug *b, tr_rbug *rb) {
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

int vf_cli_build_report(const vf_argplan *p, sim_machine **mach, const vf_runspec *runs,
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

void vf_cli_partial_report(const vf_argplan *p, vf_partial_mode mode, const uint32_t *found, tr_report *rep) {
  if (!p->n_aligned) return;
  rep->aligned = ir_xcalloc(p->n_aligned, sizeof *rep->aligned);
  rep->n_aligned = p->n_aligned;
  rep->partial_tiles = vf_partial_mode_name(mode);
  for (uint32_t i = 0; i < p->n_aligned; i++) {
    uint32_t k = p->aligned_arg[i];
    rep->aligned[i].name = p->names[k];
    rep->aligned[i].multiple_of = p->align[k];
    rep->aligned[i].probe = p->probe_val[i];
    rep->aligned[i].findings = i < p->n_probes ? found[i] : 0;
  }
}
