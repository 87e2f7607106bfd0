/* report_json.c: the JSON output of design.md "Outputs": file, verdict, bugs (kind, message,
 * loc, related, trace) and stats. */
#include <jansson.h>

#include "report.h"
#include "report_sym.h" /* --symbolic section */

static json_t *loc_obj(ir_loc l) {
  return json_pack("{s:s, s:i, s:i}", "file", l.file ? l.file : "", "line", (json_int_t)l.line,
                   "col", (json_int_t)l.col);
}

static json_t *bug_obj(const tr_rbug *b) {
  json_t *o = json_object();
  json_object_set_new(o, "kind", json_string(b->kind));
  json_object_set_new(o, "message", json_string(b->message));
  json_object_set_new(o, "loc", loc_obj(b->loc));
  json_t *rel = json_array();
  for (uint32_t j = 0; j < b->n_related; j++) {
    json_t *r = loc_obj(b->related[j].loc);
    json_object_set_new(r, "message", json_string(b->related[j].message));
    json_array_append_new(rel, r);
  }
  json_object_set_new(o, "related", rel);
  json_t *tr = json_array();
  for (uint32_t j = 0; j < b->n_trace; j++) {
    const tr_rstep *s = &b->trace[j];
    json_t *t = json_pack("{s:i, s:s, s:i, s:s}", "step", (json_int_t)s->index, "agent", s->agent,
                          "agent_step", (json_int_t)s->agent_step, "action", s->action);
    json_object_set_new(t, "loc", loc_obj(s->loc));
    json_array_append_new(tr, t);
  }
  json_object_set_new(o, "trace", tr);
  json_object_set_new(o, "trace_steps", json_integer(b->n_trace_full));
  if (b->args) json_object_set_new(o, "args", json_string(b->args));
  return o;
}

int tr_report_json(const tr_report *r, FILE *out) {
  json_t *root = json_object();
  json_object_set_new(root, "file", json_string(r->file));
  json_object_set_new(root, "verdict", json_string(r->verdict));
  json_t *bugs = json_array();
  for (uint32_t k = 0; k < r->n_bugs; k++) json_array_append_new(bugs, bug_obj(&r->bugs[k]));
  json_object_set_new(root, "bugs", bugs);
  if (r->covered) json_object_set_new(root, "covered", json_string(r->covered));
  if (r->bound) json_object_set_new(root, "bound", json_string(r->bound));
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
  if (r->verified_for) json_object_set_new(root, "verified_for", json_string(r->verified_for));
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
  }
  json_object_set_new(root, "stats", st);
  if (r->sym) json_object_set_new(root, "symbolic", tr_rsym_json(r->sym)); /* --symbolic */
  int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
  fputc('\n', out);
  json_decref(root);
  return rc ? -1 : 0;
}
