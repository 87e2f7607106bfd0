/* report_sym.c: the --symbolic section of the reports: the "symbolic" object of the JSON
 * output and, in SARIF, one rule per condition and one result per counterexample. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_sym.h"
#include "tr_utf8.h"

void tr_rsym_free(tr_rsym *s) {
  if (!s) return;
  for (uint32_t k = 0; k < s->n_conds; k++) {
    tr_rsymcond *c = &s->conds[k];
    for (uint32_t v = 0; v < c->n_viol; v++) {
      free(c->viol[v].message);
      free(c->viol[v].arg_names);
      free(c->viol[v].arg_vals);
    }
    free(c->viol);
    free(c->detail);
  }
  free(s->conds);
  free(s->constraints);
  memset(s, 0, sizeof *s);
}

static json_t *loc_json(ir_loc l) {
  return json_pack("{s:o, s:i, s:i}", "file", tr_json_str(l.file), "line", (json_int_t)l.line,
                   "col", (json_int_t)l.col);
}

/* {"ynumel": 144}: the arguments the counterexample chose */
static json_t *args_json(const tr_rsymviol *v) {
  json_t *o = json_object();
  for (uint32_t a = 0; a < v->n_args; a++) {
    char *key = tr_utf8_clean(v->arg_names[a] ? v->arg_names[a] : "?"); /* keys too (tr_utf8.h) */
    if (key) json_object_set_new(o, key, json_integer((json_int_t)v->arg_vals[a]));
    free(key);
  }
  return o;
}

/* true / false, or null when the explorer was not asked */
static json_t *confirmed_json(int c) { return c < 0 ? json_null() : json_boolean(c > 0); }

/* The fields of one violation, set on o (a condition, or an element of "violations"). */
static void viol_fields(json_t *o, const tr_rsymviol *v) {
  json_object_set_new(o, "loc", loc_json(v->loc));
  json_object_set_new(o, "message", tr_json_str(v->message));
  json_object_set_new(o, "counterexample", args_json(v));
  json_object_set_new(o, "trip_count", json_integer((json_int_t)v->trip_count));
  json_object_set_new(o, "iteration", json_integer((json_int_t)v->iteration));
  /* {"a": 1, "b": 0}: the loaded read-only inputs hold a + b * index; null when not chosen */
  json_object_set_new(o, "loaded_inputs",
                      v->has_fill ? json_pack("{s:I, s:I}", "a", (json_int_t)v->fill_a, "b",
                                              (json_int_t)v->fill_b)
                                  : json_null());
  json_object_set_new(o, "confirmed", confirmed_json(v->confirmed));
}

json_t *tr_rsym_json(const tr_rsym *s) {
  json_t *root = json_object();
  json_object_set_new(root, "verdict", tr_json_str(s->verdict ? s->verdict : "unknown"));
  json_object_set_new(root, "constraints", tr_json_str(s->constraints));
  json_object_set_new(root, "seconds", json_real(s->seconds));
  json_t *conds = json_array();
  for (uint32_t k = 0; k < s->n_conds; k++) {
    const tr_rsymcond *c = &s->conds[k];
    json_t *o = json_object();
    json_object_set_new(o, "name", tr_json_str(c->name));
    json_object_set_new(o, "result", tr_json_str(c->result));
    json_object_set_new(o, "instances", json_integer((json_int_t)c->instances));
    json_object_set_new(o, "detail", c->detail ? tr_json_str(c->detail) : json_null());
    if (c->n_viol) {
      viol_fields(o, &c->viol[0]); /* the smallest counterexample, also first in "violations" */
      json_t *all = json_array();
      for (uint32_t v = 0; v < c->n_viol; v++) {
        json_t *x = json_object();
        viol_fields(x, &c->viol[v]);
        json_array_append_new(all, x);
      }
      json_object_set_new(o, "violations", all);
    } else { /* proved or unknown: the keys exist, without a counterexample */
      json_object_set_new(o, "loc", json_null());
      json_object_set_new(o, "message", json_null());
      json_object_set_new(o, "counterexample", json_null());
      json_object_set_new(o, "confirmed", json_null());
    }
    json_array_append_new(conds, o);
  }
  json_object_set_new(root, "conditions", conds);
  return root;
}

static json_t *sarif_location(ir_loc l) {
  json_t *region = json_pack("{s:i, s:i}", "startLine", (json_int_t)(l.line ? l.line : 1),
                             "startColumn", (json_int_t)(l.col ? l.col : 1));
  return json_pack("{s:{s:{s:o}, s:o}}", "physicalLocation", "artifactLocation", "uri",
                   tr_json_str(l.file ? l.file : "unknown"), "region", region);
}

/* "MESSAGE (ynumel=144: trip count 3; confirmed by the explorer)", as the text report says */
static void sarif_text(const tr_rsymviol *v, char *buf, size_t n) {
  size_t len = (size_t)snprintf(buf, n, "%s (", v->message ? v->message : "violated");
  for (uint32_t a = 0; a < v->n_args && len < n; a++)
    len += (size_t)snprintf(buf + len, n - len, "%s%s=%lld", a ? " " : "",
                            v->arg_names[a] ? v->arg_names[a] : "?", (long long)v->arg_vals[a]);
  if (len < n && v->has_fill)
    len += (size_t)snprintf(buf + len, n - len, "%sloaded inputs=%lld%+lld*index",
                            v->n_args ? " " : "", (long long)v->fill_a, (long long)v->fill_b);
  if (len < n && v->trip_count >= 0)
    len += (size_t)snprintf(buf + len, n - len, "%strip count %lld",
                            v->n_args || v->has_fill ? ": " : "", (long long)v->trip_count);
  if (len < n && v->confirmed >= 0)
    len += (size_t)snprintf(buf + len, n - len, "; %s by the explorer",
                            v->confirmed ? "confirmed" : "not reproduced");
  if (len < n) snprintf(buf + len, n - len, ")");
}

void tr_rsym_sarif(const tr_rsym *s, json_t *rules, json_t *results, json_t *props) {
  json_t *summary = json_object();
  for (uint32_t k = 0; k < s->n_conds; k++) {
    const tr_rsymcond *c = &s->conds[k];
    json_array_append_new(rules, json_pack("{s:o, s:{s:o}, s:{s:s}}", "id", tr_json_str(c->name),
                                           "shortDescription", "text",
                                           tr_json_str(c->description ? c->description : c->name),
                                           "properties", "category", "symbolic"));
    json_object_set_new(summary, c->name, tr_json_str(c->result));
    for (uint32_t v = 0; v < c->n_viol; v++) {
      const tr_rsymviol *x = &c->viol[v];
      char text[900];
      sarif_text(x, text, sizeof text);
      json_t *res = json_object();
      json_object_set_new(res, "ruleId", tr_json_str(c->name));
      json_object_set_new(res, "kind", json_string("fail"));
      json_object_set_new(res, "level", json_string(x->confirmed > 0 ? "error" : "warning"));
      json_object_set_new(res, "message", json_pack("{s:o}", "text", tr_json_str(text)));
      json_object_set_new(res, "locations", json_pack("[o]", sarif_location(x->loc)));
      json_object_set_new(res, "properties",
                          json_pack("{s:o, s:I, s:I, s:o}", "counterexample", args_json(x),
                                    "trip_count", (json_int_t)x->trip_count, "iteration",
                                    (json_int_t)x->iteration, "confirmed",
                                    confirmed_json(x->confirmed)));
      json_array_append_new(results, res);
    }
  }
  json_object_set_new(props, "symbolic",
                      json_pack("{s:o, s:o, s:o}", "verdict", tr_json_str(s->verdict ? s->verdict : "unknown"),
                                "constraints", tr_json_str(s->constraints), "conditions",
                                summary));
}
