/* test_sym_corpus.c: the Z3 layer on real compiler output: the nine corpus ws_add variants
 * (tests/corpus) and the trip-count variants (examples/trip_count, expected.tsv). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symbolic/sym.h"
#include "check_run.h"

#ifndef TLXV_SRC
#define TLXV_SRC "."
#endif

static vf_sym_result run(const char *rel, ir_module **keep) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, rel);
  ir_diag d = {0};
  ir_module *m = ir_parse_file(path, &d);
  ck_assert_msg(m != NULL, "%s: %s", path, d.msg ? d.msg : "?");
  vf_sym_result r = vf_sym_check(m, NULL);
  ck_assert_msg(r.rc == 0, "%s: %s", path, r.error ? r.error : "?");
  *keep = m;
  return r;
}

static int64_t arg(const vf_sym_result *r, const vf_sym_violation *v, const char *name) {
  for (uint32_t a = 0; a < r->n_args; a++)
    if (!strcmp(r->arg_names[a], name)) return v->args[a];
  ck_abort_msg("no argument %s", name);
  return -1;
}

/* One corpus file: the conditions violated (mask), the kernels.py line of the first violation
 * of condition `cond`, and the smallest ynumel / trip count Z3 must report for it. */
typedef struct corpus_case {
  const char *file;
  unsigned violated;
  int cond;
  uint32_t line;
  int64_t ynumel, trip;
} corpus_case;

#define B(c) (1u << (c))

static const corpus_case CORPUS[] = {
    {"ws_add.bug0.ttgir", 0, -1, 0, 0, 0},
    /* wrong initial parity on the empty barrier: wrong in the very first iteration */
    {"ws_add.bug1.ttgir", B(VF_SYM_PHASE_AGREEMENT), VF_SYM_PHASE_AGREEMENT, 31, 16, 1},
    /* no release of the input ring: the hang needs the ring to wrap (3 iterations) */
    {"ws_add.bug2.ttgir", B(VF_SYM_ARRIVAL_BALANCE), VF_SYM_ARRIVAL_BALANCE, 33, 144, 3},
    {"ws_add.bug3.ttgir", B(VF_SYM_BYTE_BALANCE), VF_SYM_BYTE_BALANCE, 36, 16, 1},
    {"ws_add.bug4.ttgir", B(VF_SYM_BYTE_BALANCE), VF_SYM_BYTE_BALANCE, 38, 16, 1},
    /* no fence.proxy.async between the SMEM store of C and its hand-over to the TMA store */
    {"ws_add.bug5.ttgir", B(VF_SYM_PROXY_FENCE), VF_SYM_PROXY_FENCE, 88, 16, 1},
    /* compute reads without waiting: it can run two phases ahead on the empty ring */
    {"ws_add.bug6.ttgir", B(VF_SYM_BACK_PRESSURE), VF_SYM_BACK_PRESSURE, 80, 16, 1},
    {"ws_add.bug7.ttgir", B(VF_SYM_ARRIVAL_BALANCE), VF_SYM_ARRIVAL_BALANCE, 75, 16, 1},
    /* releases c_bufs before the TMA store reading it finished: a race once the slot is
     * refilled, from trip count 3 */
    {"ws_add.bug8.ttgir", B(VF_SYM_BACK_PRESSURE), VF_SYM_BACK_PRESSURE, 58, 144, 3},
};

START_TEST(corpus_variant) {
  const corpus_case *k = &CORPUS[_i];
  char rel[256];
  snprintf(rel, sizeof rel, "tests/corpus/gluon/%s", k->file);
  ir_module *m;
  vf_sym_result r = run(rel, &m);
  for (int c = 0; c < VF_SYM__NCOND; c++) {
    vf_sym_status want = (k->violated >> c) & 1 ? VF_SYM_VIOLATED : VF_SYM_PROVED;
    ck_assert_msg(r.cond[c].status == want, "%s: %s is %s (%s)", k->file,
                  vf_sym_cond_name((vf_sym_cond)c), vf_sym_status_name(r.cond[c].status),
                  r.cond[c].detail ? r.cond[c].detail : "-");
  }
  ck_assert_ptr_nonnull(strstr(r.constraints, "ynumel % 16 == 0"));
  if (k->cond >= 0) {
    const vf_sym_violation *v = &r.cond[k->cond].viol[0];
    ck_assert_msg(v->loc.line == k->line, "%s: line %u, expected %u", k->file, v->loc.line,
                  k->line);
    ck_assert_str_eq(v->loc.file, "kernels.py");
    ck_assert_int_eq(arg(&r, v, "ynumel"), k->ynumel);
    ck_assert_int_eq(v->trip_count, k->trip);
    ck_assert_int_eq(vf_sym_verdict(&r), 1);
  } else {
    ck_assert_int_eq(vf_sym_verdict(&r), 0);
  }
  vf_sym_result_free(&r);
  ir_module_free(m);
}
END_TEST

/* examples/trip_count/expected.tsv: file, small_args, small_verdict, symbolic, violated,
 * min_args, min_trip. violated lists the violated conditions, and those left unknown with a
 * `?` after the name (ws_add_bounds's back-pressure: its out-of-range slot is no ring
 * sequence); every other condition must be proved. */
START_TEST(trip_count_examples) {
  char path[1024], line[1024];
  snprintf(path, sizeof path, "%s/examples/trip_count/expected.tsv", TLXV_SRC);
  FILE *f = fopen(path, "r");
  ck_assert_msg(f != NULL, "cannot open %s", path);
  int rows = 0;
  ck_assert_ptr_nonnull(fgets(line, sizeof line, f)); /* header */
  while (fgets(line, sizeof line, f)) {
    char *col[8] = {0}, *save = NULL;
    int n = 0;
    line[strcspn(line, "\n")] = 0;
    for (char *t = strtok_r(line, "\t", &save); t && n < 8; t = strtok_r(NULL, "\t", &save))
      col[n++] = t;
    ck_assert_int_eq(n, 7);
    char rel[512];
    snprintf(rel, sizeof rel, "examples/trip_count/%s", col[0]);
    ir_module *m;
    vf_sym_result r = run(rel, &m);
    bool bug = !strcmp(col[3], "bug");
    ck_assert_msg(vf_sym_verdict(&r) == (bug ? 1 : 0), "%s: verdict %d", col[0],
                  vf_sym_verdict(&r));
    for (int c = 0; c < VF_SYM__NCOND; c++) {
      const char *name = vf_sym_cond_name((vf_sym_cond)c), *at = strstr(col[4], name);
      bool listed = at != NULL, unknown = at && at[strlen(name)] == '?';
      vf_sym_status want = unknown ? VF_SYM_UNKNOWN : listed ? VF_SYM_VIOLATED : VF_SYM_PROVED;
      ck_assert_msg(r.cond[c].status == want, "%s: %s is %s", col[0], name,
                    vf_sym_status_name(r.cond[c].status));
      if (!listed || unknown) continue;
      /* the smallest failing arguments are the first violation's */
      const vf_sym_violation *v = &r.cond[c].viol[0];
      ck_assert_int_eq(v->trip_count, atoll(col[6]));
      char *eq = strchr(col[5], '=');
      ck_assert_ptr_nonnull(eq);
      *eq = 0;
      ck_assert_int_eq(arg(&r, v, col[5]), atoll(eq + 1));
      *eq = '=';
    }
    vf_sym_result_free(&r);
    ir_module_free(m);
    rows++;
  }
  fclose(f);
  ck_assert_int_ge(rows, 8);
}
END_TEST

/* The explicit explorer is told to cover the trip counts around each ring depth. */
START_TEST(corpus_suggestions) {
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/corpus/gluon/ws_add.bug0.ttgir", TLXV_SRC);
  ir_diag d = {0};
  ir_module *m = ir_parse_file(path, &d);
  ck_assert_ptr_nonnull(m);
  vf_sym_suggestion s;
  ck_assert_int_eq(vf_sym_suggest_args(m, NULL, &s), 4);
  static const int64_t trips[] = {1, 2, 3, 5}, ynumel[] = {16, 80, 144, 272};
  int y = -1;
  for (uint32_t a = 0; a < s.n_args; a++)
    if (!strcmp(s.arg_names[a], "ynumel")) y = (int)a;
  ck_assert_int_ge(y, 0);
  for (int k = 0; k < 4; k++) {
    ck_assert_int_eq(s.sets[k].trip_count, trips[k]);
    ck_assert_int_eq(s.sets[k].args[y], ynumel[k]);
  }
  vf_sym_suggestion_free(&s);
  ir_module_free(m);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sym_corpus");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, corpus_variant, 0, (int)(sizeof CORPUS / sizeof CORPUS[0]));
  tcase_add_test(tc, trip_count_examples);
  tcase_add_test(tc, corpus_suggestions);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
