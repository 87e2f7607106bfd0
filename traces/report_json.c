/* report_json.c: the JSON output of design.md "Outputs": file, verdict, bugs (kind, severity,
 * message, loc, related, trace), the number of warnings among them, and stats. */
#include <jansson.h>

#include "report.h"
#include "report_aligned.h"
#include "tr_utf8.h"
#include "report_sym.h" /* --symbolic section */

static json_t *loc_obj(ir_loc l) {
  return json_pack("{s:o, s:i, s:i}", "file", tr_json_str(l.file), "line", (json_int_t)l.line,
                   "col", (json_int_t)l.col);
}

static json_t *bug_obj(const tr_rbug *b) {
  json_t *o = json_object();
  json_object_set_new(o, "kind", tr_json_str(b->kind));
  json_object_set_new(o, "severity", json_string(tr_rbug_is_warning(b) ? "warning" : "error"));
  json_object_set_new(o, "message", tr_json_str(b->message));
  json_object_set_new(o, "loc", loc_obj(b->loc));
  json_t *rel = json_array();
  for (uint32_t j = 0; j < b->n_related; j++) {
    json_t *r = loc_obj(b->related[j].loc);
    json_object_set_new(r, "message", tr_json_str(b->related[j].message));
    json_array_append_new(rel, r);
  }
  json_object_set_new(o, "related", rel);
  json_t *tr = json_array();
  for (uint32_t j = 0; j < b->n_trace; j++) {
    const tr_rstep *s = &b->trace[j];
    json_t *t = json_pack("{s:i, s:o, s:i, s:o}", "step", (json_int_t)s->index, "agent",
                          tr_json_str(s->agent), "agent_step", (json_int_t)s->agent_step,
                          "action", tr_json_str(s->action));
    json_object_set_new(t, "loc", loc_obj(s->loc));
    json_array_append_new(tr, t);
  }
  json_object_set_new(o, "trace", tr);
  json_object_set_new(o, "trace_steps", json_integer(b->n_trace_full));
  if (b->args) json_object_set_new(o, "args", tr_json_str(b->args));
  return o;
}

int tr_report_json(const tr_report *r, FILE *out) {
  json_t *root = json_object();
  json_object_set_new(root, "file", tr_json_str(r->file));
  json_object_set_new(root, "verdict", tr_json_str(r->verdict));
  json_t *bugs = json_array();
  for (uint32_t k = 0; k < r->n_bugs; k++) json_array_append_new(bugs, bug_obj(&r->bugs[k]));
  json_object_set_new(root, "bugs", bugs);
  json_object_set_new(root, "warnings", json_integer(tr_report_warnings(r)));
  if (r->covered) json_object_set_new(root, "covered", tr_json_str(r->covered));
  if (r->bound) json_object_set_new(root, "bound", tr_json_str(r->bound));
  if (r->n_loops) {
    json_t *ls = json_array();
    for (uint32_t k = 0; k < r->n_loops; k++) {
      json_t *l = json_object(), *tc = json_array();
      json_object_set_new(l, "loc", loc_obj(r->loops[k].loc));
      for (uint32_t j = 0; j < r->loops[k].n_trips; j++) json_array_append_new(tc, json_integer(r->loops[k].trips[j]));
      json_object_set_new(l, "trip_counts", tc);
      json_object_set_new(l, "driven", json_boolean(r->loops[k].driven));
      json_array_append_new(ls, l);
    }
    json_object_set_new(root, "loops", ls);
  }
  if (r->verified_for) json_object_set_new(root, "verified_for", tr_json_str(r->verified_for));
  json_t *aligned = tr_aligned_json(r);
  if (aligned) json_object_set_new(root, "tile_aligned", aligned);
  json_t *st = json_object();
  json_object_set_new(st, "states", json_integer((json_int_t)r->states));
  json_object_set_new(st, "transitions", json_integer((json_int_t)r->transitions));
  json_object_set_new(st, "seconds", json_real(r->seconds));
  json_object_set_new(st, "runs", json_integer((json_int_t)r->runs));
  json_object_set_new(st, "max_depth", json_integer(r->max_depth));
  if (r->with_stats) {
    json_object_set_new(st, "explore_seconds", json_real(r->explore_seconds));
    json_object_set_new(st, "states_per_second",
                        json_real(r->explore_seconds > 0 ? (double)r->states / r->explore_seconds : 0));
    json_object_set_new(st, "peak_bytes", json_integer((json_int_t)r->peak_bytes));
    if (r->reduction > 0) json_object_set_new(st, "reduction_factor", json_real(r->reduction));
    if (r->n_run_states) {
      json_t *rs = json_array();
      for (uint32_t k = 0; k < r->n_run_states; k++) json_array_append_new(rs, json_integer((json_int_t)r->run_states[k]));
      json_object_set_new(st, "run_states", rs);
    }
  }
  json_object_set_new(root, "stats", st);
  if (r->sym) json_object_set_new(root, "symbolic", tr_rsym_json(r->sym)); /* --symbolic */
  int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
  fputc('\n', out);
  json_decref(root);
  return rc ? -1 : 0;
}
