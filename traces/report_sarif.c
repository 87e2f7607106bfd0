/* report_sarif.c: SARIF 2.1.0 for code-review tools: one run of tool "tlx-verify", one rule per
 * bug kind, one result per bug (level "error", or "warning" for a warning) with its location,
 * related locations and the schedule as a code flow. */
#include <jansson.h>
#include <string.h>

#include "report.h"
#include "report_aligned.h"
#include "tr_utf8.h"
#include "report_sym.h" /* --symbolic section */

static json_t *phys(ir_loc l) {
  json_t *region = json_pack("{s:i, s:i}", "startLine", (json_int_t)(l.line ? l.line : 1),
                             "startColumn", (json_int_t)(l.col ? l.col : 1));
  return json_pack("{s:{s:{s:o}, s:o}}", "physicalLocation", "artifactLocation", "uri",
                   tr_json_str(l.file ? l.file : "unknown"), "region", region);
}

static json_t *location(ir_loc l, const char *msg) {
  json_t *o = phys(l);
  if (msg) json_object_set_new(o, "message", json_pack("{s:o}", "text", tr_json_str(msg)));
  return o;
}

int tr_report_sarif(const tr_report *r, FILE *out) {
  json_t *rules = json_array();
  const char *seen[32];
  int n_seen = 0;
  json_t *results = json_array();
  for (uint32_t k = 0; k < r->n_bugs; k++) {
    const tr_rbug *b = &r->bugs[k];
    bool known = false;
    for (int j = 0; j < n_seen; j++)
      if (!strcmp(seen[j], b->kind)) known = true;
    if (!known && n_seen < 32) {
      seen[n_seen++] = b->kind;
      json_array_append_new(rules, json_pack("{s:o, s:{s:o}}", "id", tr_json_str(b->kind),
                                             "shortDescription", "text", tr_json_str(b->kind)));
    }
    json_t *res = json_object();
    json_object_set_new(res, "ruleId", tr_json_str(b->kind));
    json_object_set_new(res, "level", json_string(tr_rbug_is_warning(b) ? "warning" : "error"));
    json_object_set_new(res, "message", json_pack("{s:o}", "text", tr_json_str(b->message)));
    json_object_set_new(res, "locations", json_pack("[o]", location(b->loc, NULL)));
    json_t *rel = json_array();
    for (uint32_t j = 0; j < b->n_related; j++) {
      json_t *l = location(b->related[j].loc, b->related[j].message);
      json_object_set_new(l, "id", json_integer((json_int_t)j + 1));
      json_array_append_new(rel, l);
    }
    json_object_set_new(res, "relatedLocations", rel);
    if (b->n_trace) {
      json_t *locs = json_array();
      for (uint32_t j = 0; j < b->n_trace; j++) {
        char text[320];
        snprintf(text, sizeof text, "%s#%u: %s", b->trace[j].agent, b->trace[j].agent_step,
                 b->trace[j].action);
        json_array_append_new(locs, json_pack("{s:o}", "location", location(b->trace[j].loc, text)));
      }
      json_object_set_new(res, "codeFlows",
                          json_pack("[{s:[{s:o}]}]", "threadFlows", "locations", locs));
    }
    json_array_append_new(results, res);
  }
  json_t *run = json_pack("{s:{s:{s:s, s:s, s:o}}, s:o}", "tool", "driver", "name", "tlx-verify",
                          "informationUri", "https://example.invalid/tlx-verify", "rules", rules,
                          "results", results);
  json_object_set_new(run, "properties",
                      json_pack("{s:o, s:I, s:I, s:I}", "verdict", tr_json_str(r->verdict), "states",
                                (json_int_t)r->states, "transitions", (json_int_t)r->transitions,
                                "warnings", (json_int_t)tr_report_warnings(r)));
  json_t *aligned = tr_aligned_json(r);
  if (aligned) json_object_set_new(json_object_get(run, "properties"), "tileAligned", aligned);
  if (r->sym) tr_rsym_sarif(r->sym, rules, results, json_object_get(run, "properties"));
  json_t *root = json_pack("{s:s, s:s, s:[o]}", "$schema",
                           "https://json.schemastore.org/sarif-2.1.0.json", "version", "2.1.0",
                           "runs", run);
  int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(root);
  return rc ? -1 : 0;
}
