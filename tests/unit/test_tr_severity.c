/* test_tr_severity.c: warnings next to errors (docs/diagnostics.md "Severity"): the text report
 * says "warning:" and counts warnings apart from bugs in its summary, JSON has a "severity"
 * per bug and a "warnings" count, SARIF uses level "warning"; a result whose bugs are all
 * warnings is verified (vf_result_verdict), errors sort before warnings, and
 * --warnings-as-errors (vf_result_promote_warnings) makes them bugs. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "traces/report.h"
#include "verify/vf.h"

/* A report of one file with the given bugs, each at checkers.py:LINE:1, no schedule. */
static tr_report report(const char *verdict, tr_rbug *bugs, uint32_t n) {
  tr_report r = {.file = "k.ttgir", .verdict = verdict, .bugs = bugs, .n_bugs = n,
                 .states = 7, .transitions = 9};
  return r;
}

static tr_rbug bug(const char *severity, const char *kind, uint32_t line, const char *msg) {
  tr_rbug b = {.kind = kind, .severity = severity, .message = (char *)msg,
               .loc = {.file = "checkers.py", .line = line, .col = 1}};
  return b;
}

static char *text_of(const tr_report *r) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  tr_report_text(r, f, false);
  fclose(f);
  return buf;
}

static json_t *json_of(const tr_report *r, bool sarif) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  ck_assert_int_eq(sarif ? tr_report_sarif(r, f) : tr_report_json(r, f), 0);
  fclose(f);
  json_error_t e;
  json_t *j = json_loads(buf, 0, &e);
  ck_assert_ptr_nonnull(j);
  free(buf);
  return j;
}

START_TEST(text_warning_only) {
  tr_rbug b[1] = {bug("warning", "lifecycle", 14, "late arrival")};
  tr_report r = report("verified", b, 1);
  char *t = text_of(&r);
  ck_assert_ptr_nonnull(strstr(t, "checkers.py:14:1: warning: lifecycle: late arrival\n"));
  ck_assert_ptr_nonnull(strstr(t, "k.ttgir: verified: no bug in any schedule (1 warning); 7 states"));
  ck_assert_ptr_null(strstr(t, "error:"));
  free(t);
}
END_TEST

START_TEST(text_errors_and_warnings) {
  tr_rbug b[3] = {bug("error", "race", 20, "r"), bug(NULL, "deadlock", 21, "d"),
                  bug("warning", "lifecycle", 14, "w")};
  tr_report r = report("bug", b, 3);
  char *t = text_of(&r);
  ck_assert_ptr_nonnull(strstr(t, "checkers.py:20:1: error: race: r\n"));
  ck_assert_ptr_nonnull(strstr(t, "checkers.py:21:1: error: deadlock: d\n")); /* NULL: an error */
  ck_assert_ptr_nonnull(strstr(t, "checkers.py:14:1: warning: lifecycle: w\n"));
  ck_assert_ptr_nonnull(strstr(t, "k.ttgir: bug (2 bugs, 1 warning); 7 states"));
  ck_assert_uint_eq(tr_report_warnings(&r), 1);
  free(t);
  /* two warnings, a bound: inconclusive, with its reason and the count */
  tr_rbug w[2] = {bug("warning", "lifecycle", 14, "a"), bug("warning", "lifecycle", 15, "b")};
  tr_report ri = report("inconclusive", w, 2);
  ri.bound = "the state bound was reached";
  t = text_of(&ri);
  ck_assert_ptr_nonnull(strstr(t, "k.ttgir: inconclusive: the state bound was reached\n"));
  ck_assert_ptr_nonnull(strstr(t, "k.ttgir: inconclusive (2 warnings); 7 states"));
  free(t);
}
END_TEST

START_TEST(json_and_sarif_severity) {
  tr_rbug b[2] = {bug("error", "race", 20, "r"), bug("warning", "lifecycle", 14, "w")};
  tr_report r = report("bug", b, 2);
  json_t *j = json_of(&r, false);
  json_t *bugs = json_object_get(j, "bugs");
  ck_assert_str_eq(json_string_value(json_object_get(json_array_get(bugs, 0), "severity")), "error");
  ck_assert_str_eq(json_string_value(json_object_get(json_array_get(bugs, 1), "severity")), "warning");
  ck_assert_int_eq(json_integer_value(json_object_get(j, "warnings")), 1);
  json_decref(j);
  json_t *s = json_of(&r, true);
  json_t *run = json_array_get(json_object_get(s, "runs"), 0);
  json_t *res = json_object_get(run, "results");
  ck_assert_str_eq(json_string_value(json_object_get(json_array_get(res, 0), "level")), "error");
  ck_assert_str_eq(json_string_value(json_object_get(json_array_get(res, 1), "level")), "warning");
  ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(run, "properties"), "warnings")), 1);
  json_decref(s);
}
END_TEST

/* Adds a bug of kind and severity at instruction 1 with an n_path-step schedule to r (one
 * instruction: no machine is needed to compare places). */
static void add(vf_result *r, sim_severity sev, sim_bug_kind kind, uint32_t n_path) {
  sim_viol v = {.kind = (uint8_t)kind, .severity = (uint8_t)sev, .ins = 1};
  sim_trans path[4] = {{0}};
  vf_result_add(r, NULL, &v, path, n_path, NULL);
}

START_TEST(verdict_counts_errors) {
  vf_result r = {0};
  add(&r, SIM_SEV_WARNING, SIM_BUG_LIFECYCLE, 1);
  ck_assert_int_eq(vf_result_verdict(&r), VF_VERIFIED);
  ck_assert_uint_eq(vf_result_errors(&r), 0);
  r.bound_hit = true;
  ck_assert_int_eq(vf_result_verdict(&r), VF_INCONCLUSIVE);
  add(&r, SIM_SEV_ERROR, SIM_BUG_RACE, 3);   /* a longer schedule, but an error: first */
  add(&r, SIM_SEV_WARNING, SIM_BUG_RACE, 1); /* same kind and place, other severity: apart */
  ck_assert_uint_eq(r.n_bugs, 3);
  ck_assert_int_eq(vf_result_verdict(&r), VF_BUG);
  vf_result_sort(&r);
  ck_assert_uint_eq(r.bugs[0].v.severity, SIM_SEV_ERROR);
  ck_assert_uint_eq(r.bugs[1].v.severity, SIM_SEV_WARNING);
  vf_result_free(&r);
  add(&r, SIM_SEV_WARNING, SIM_BUG_LIFECYCLE, 1);
  vf_result_promote_warnings(&r);
  ck_assert_int_eq(vf_result_verdict(&r), VF_BUG);
  vf_result_free(&r);
}
END_TEST

int main(void) {
  Suite *s = suite_create("tr_severity");
  TCase *tc = tcase_create("severity");
  tcase_add_test(tc, text_warning_only);
  tcase_add_test(tc, text_errors_and_warnings);
  tcase_add_test(tc, json_and_sarif_severity);
  tcase_add_test(tc, verdict_counts_errors);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
