/* cli_fleet_report.c: a fleet's merged report (cli_fleet_internal.h), kernels in path order:
 * text (one line per kernel, then the counts), JSON (the per-kernel reports `check --format
 * json` writes, an error object for a kernel that could not be checked, and a summary) and
 * SARIF 2.1.0 (one run: every kernel's results, each naming its kernel; the rules merged). */
#include <string.h>

#include "cli_fleet_internal.h"
#include "traces/tr_utf8.h" /* tr_json_str */

static const char *jstr(const json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  return s ? s : "";
}

static json_int_t jint(const json_t *o, const char *key) {
  return json_integer_value(json_object_get(o, key));
}

uint32_t fl_doc_warnings(const json_t *doc) {
  const json_t *w = json_object_get(doc, "warnings"); /* check --format json */
  if (!w) { /* check --format sarif */
    const json_t *run = json_array_get(json_object_get(doc, "runs"), 0);
    w = json_object_get(json_object_get(run, "properties"), "warnings");
  }
  json_int_t n = json_integer_value(w);
  return n > 0 && n <= (json_int_t)UINT32_MAX ? (uint32_t)n : 0;
}

/* The first warning of a kernel's JSON report ("FILE:L:C: KIND: MESSAGE") into buf; false when
 * it has none (or the report is SARIF). */
static bool first_warning(const json_t *d, char *buf, size_t n) {
  size_t i;
  const json_t *b;
  json_array_foreach(json_object_get(d, "bugs"), i, b) {
    if (strcmp(jstr(b, "severity"), "warning")) continue;
    const json_t *l = json_object_get(b, "loc");
    snprintf(buf, n, "%s:%lld:%lld: %s: %s", jstr(l, "file"), (long long)jint(l, "line"),
             (long long)jint(l, "col"), jstr(b, "kind"), jstr(b, "message"));
    return true;
  }
  return false;
}

static void shard_text(const fl_summary *s, char *buf, size_t n) {
  if (s->shard_n)
    snprintf(buf, n, " (shard %llu/%llu of %u)", (unsigned long long)s->shard_k,
             (unsigned long long)s->shard_n, s->found);
  else
    buf[0] = 0;
}

void fl_report_text(const fl_kernel *k, uint32_t n, const fl_summary *s, FILE *out, bool quiet) {
  for (uint32_t i = 0; i < n; i++) {
    const json_t *d = k[i].doc;
    const char *v = k[i].verdict;
    if (quiet && !strcmp(v, "verified")) continue;
    fprintf(out, "%s: %s", k[i].path, v);
    if (!strcmp(v, "error")) {
      const char *e = k[i].error ? k[i].error : "";
      const char *nl = strchr(e, '\n');
      fprintf(out, ": %.*s\n", nl ? (int)(nl - e) : (int)strlen(e), e);
      continue;
    }
    const json_t *st = json_object_get(d, "stats");
    const json_t *bugs = json_object_get(d, "bugs");
    if (!strcmp(v, "bug") && json_array_size(bugs)) {
      const json_t *b = json_array_get(bugs, 0);
      const json_t *l = json_object_get(b, "loc");
      fprintf(out, ": %s:%lld:%lld: %s: %s", jstr(l, "file"), (long long)jint(l, "line"),
              (long long)jint(l, "col"), jstr(b, "kind"), jstr(b, "message"));
      if (json_array_size(bugs) > 1) fprintf(out, " (+%zu more)", json_array_size(bugs) - 1);
    } else if (!strcmp(v, "inconclusive")) {
      fprintf(out, ": %s", jstr(d, "bound"));
    } else if (!strcmp(v, "verified") && json_is_string(json_object_get(d, "verified_for"))) {
      /* covered values only (loops not driven, tile-aligned arguments, chosen data): the
       * kernel's own verdict line, never a bare "verified" */
      fprintf(out, " for %s only", jstr(d, "verified_for"));
    }
    char w[640];
    if (k[i].warnings && strcmp(v, "bug")) {
      /* a verified (or inconclusive) kernel with warnings: how many, and the first one */
      fprintf(out, " (%u warning%s", k[i].warnings, k[i].warnings == 1 ? "" : "s");
      if (first_warning(d, w, sizeof w)) fprintf(out, ": %s", w);
      fputc(')', out);
    }
    long long runs = (long long)jint(st, "runs");
    fprintf(out, " [%lld states, %lld run%s]\n", (long long)jint(st, "states"), runs, runs == 1 ? "" : "s");
  }
  if (quiet) return;
  char sh[96];
  shard_text(s, sh, sizeof sh);
  char w[48] = "";
  if (s->warnings) snprintf(w, sizeof w, "; %u warning%s", s->warnings, s->warnings == 1 ? "" : "s");
  fprintf(out, "fleet: %u kernel%s%s: %u verified, %u bug, %u inconclusive, %u error%s; exit %d; %.2f s\n",
          s->kernels, s->kernels == 1 ? "" : "s", sh, s->verified, s->bug, s->inconclusive,
          s->error, w, s->exit_code, s->seconds);
}

static json_t *summary(const fl_summary *s) {
  json_t *o = json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "kernels", (json_int_t)s->kernels,
                        "found", (json_int_t)s->found, "verified", (json_int_t)s->verified, "bug",
                        (json_int_t)s->bug, "inconclusive", (json_int_t)s->inconclusive, "error",
                        (json_int_t)s->error, "warnings", (json_int_t)s->warnings, "exit_code",
                        (json_int_t)s->exit_code);
  if (s->shard_n)
    json_object_set_new(o, "shard", json_pack("{s:I, s:I}", "k", (json_int_t)s->shard_k, "n",
                                              (json_int_t)s->shard_n));
  json_object_set_new(o, "seconds", json_real(s->seconds));
  return o;
}

/* The object of a kernel that could not be checked. */
static json_t *error_obj(const fl_kernel *k) {
  return json_pack("{s:o, s:s, s:o}", "file", tr_json_str(k->path), "verdict", "error", "error",
                   tr_json_str(k->error ? k->error : ""));
}

static int dump(json_t *root, FILE *out) {
  int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(root);
  return rc ? -1 : 0;
}

int fl_report_json(const fl_kernel *k, uint32_t n, const fl_summary *s, FILE *out) {
  json_t *reports = json_array();
  for (uint32_t i = 0; i < n; i++)
    json_array_append_new(reports, k[i].doc ? json_incref(k[i].doc) : error_obj(&k[i]));
  return dump(json_pack("{s:o, s:o}", "reports", reports, "summary", summary(s)), out);
}

/* A result of the fleet's own (an error or an inconclusive kernel) at the kernel's file. */
static json_t *kernel_result(const fl_kernel *k, const char *rule, const char *level, const char *text) {
  json_t *loc = json_pack("{s:{s:{s:o}}}", "physicalLocation", "artifactLocation", "uri",
                          tr_json_str(k->path));
  return json_pack("{s:s, s:s, s:{s:o}, s:[o], s:{s:o}}", "ruleId", rule, "level", level,
                   "message", "text", tr_json_str(text), "locations", loc, "properties",
                   "kernel", tr_json_str(k->path));
}

static void add_rule(json_t *rules, const json_t *rule) {
  const char *id = jstr(rule, "id");
  size_t i;
  json_t *r;
  json_array_foreach(rules, i, r) if (!strcmp(jstr(r, "id"), id)) return;
  json_array_append(rules, (json_t *)rule);
}

int fl_report_sarif(const fl_kernel *k, uint32_t n, const fl_summary *s, FILE *out) {
  json_t *rules = json_array(), *results = json_array(), *artifacts = json_array();
  json_t *kernels = json_array();
  for (uint32_t i = 0; i < n; i++) {
    json_array_append_new(artifacts, json_pack("{s:{s:o}}", "location", "uri", tr_json_str(k[i].path)));
    json_t *run = json_array_get(json_object_get(k[i].doc, "runs"), 0);
    json_t *props = json_object_get(run, "properties");
    json_t *kp = json_pack("{s:o, s:s}", "file", tr_json_str(k[i].path), "verdict", k[i].verdict);
    if (props && json_object_get(props, "states"))
      json_object_set(kp, "states", json_object_get(props, "states"));
    json_array_append_new(kernels, kp);
    if (!strcmp(k[i].verdict, "error")) {
      json_array_append_new(results, kernel_result(&k[i], "kernel-error", "error",
                                                   k[i].error ? k[i].error : "not checked"));
      continue;
    }
    size_t j;
    json_t *r;
    json_array_foreach(json_object_get(json_object_get(json_object_get(run, "tool"), "driver"), "rules"), j, r)
      add_rule(rules, r);
    json_array_foreach(json_object_get(run, "results"), j, r) {
      /* the bug's location may be the Python source line: name the kernel file as well */
      json_t *res = json_deep_copy(r);
      json_t *p = json_object_get(res, "properties");
      if (!json_is_object(p)) {
        p = json_object();
        json_object_set_new(res, "properties", p);
      }
      json_object_set_new(p, "kernel", tr_json_str(k[i].path));
      json_t *rel = json_object_get(res, "relatedLocations");
      if (!json_is_array(rel)) {
        rel = json_array();
        json_object_set_new(res, "relatedLocations", rel);
      }
      json_array_append_new(rel, json_pack("{s:I, s:{s:{s:o}}, s:{s:s}}", "id",
                                           (json_int_t)json_array_size(rel) + 1, "physicalLocation",
                                           "artifactLocation", "uri", tr_json_str(k[i].path),
                                           "message", "text", "the kernel checked"));
      json_array_append_new(results, res);
    }
    if (!strcmp(k[i].verdict, "inconclusive"))
      json_array_append_new(results, kernel_result(&k[i], "inconclusive", "warning",
                                                   "the check was inconclusive (a bound was hit); "
                                                   "see the kernel's own report"));
  }
  static const char *const own[][2] = {
      {"kernel-error", "the kernel could not be checked (input error, or its check crashed)"},
      {"inconclusive", "the check hit a bound before it covered every schedule"}};
  for (size_t j = 0; j < 2; j++) {
    json_t *r = json_pack("{s:s, s:{s:s}}", "id", own[j][0], "shortDescription", "text", own[j][1]);
    add_rule(rules, r);
    json_decref(r);
  }
  json_t *run = json_pack("{s:{s:{s:s, s:s, s:o}}, s:o, s:o}", "tool", "driver", "name",
                          "tlx-verify", "informationUri", "https://example.invalid/tlx-verify",
                          "rules", rules, "artifacts", artifacts, "results", results);
  json_object_set_new(run, "properties", json_pack("{s:o, s:o}", "summary", summary(s), "kernels", kernels));
  return dump(json_pack("{s:s, s:s, s:[o]}", "$schema", "https://json.schemastore.org/sarif-2.1.0.json",
                        "version", "2.1.0", "runs", run),
              out);
}
