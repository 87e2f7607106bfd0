/* test_sym_match.c: which explorer bug confirms which symbolic counterexample
 * (cli/cli_symmatch.c): the kind must be one the condition accounts for, at the violation's op
 * or one of its sites; and the progress condition's cycle (tests/symbolic/cross-wait.bug). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_symmatch.h"
#include "symbolic/sym.h"
#include "check_run.h"

#ifndef TLXV_SRC
#define TLXV_SRC "."
#endif

static ir_module *load(const char *rel) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, rel);
  ir_diag d = {0};
  ir_module *m = ir_parse_file(path, &d);
  ck_assert_msg(m != NULL, "%s: %s", path, d.msg ? d.msg : "?");
  return m;
}

static ir_loc at(const char *file, uint32_t line, uint32_t col) {
  ir_loc l;
  memset(&l, 0, sizeof l);
  l.file = file;
  l.line = line;
  l.col = col;
  return l;
}

START_TEST(kinds_per_condition) {
  ck_assert_uint_eq(vf_sym_cond_kinds(VF_SYM_PROGRESS), 1u << SIM_BUG_DEADLOCK);
  ck_assert_uint_eq(vf_sym_cond_kinds(VF_SYM_PROXY_FENCE), 1u << SIM_BUG_PROXY_FENCE);
  ck_assert(vf_sym_cond_kinds(VF_SYM_BYTE_BALANCE) & (1u << SIM_BUG_TX_MISMATCH));
  ck_assert(!(vf_sym_cond_kinds(VF_SYM_BYTE_BALANCE) & (1u << SIM_BUG_RACE)));
  ck_assert(!(vf_sym_cond_kinds(VF_SYM_BACK_PRESSURE) & (1u << SIM_BUG_PROXY_FENCE)));
  for (int k = 0; k < VF_SYM__NCOND; k++) ck_assert_uint_ne(vf_sym_cond_kinds((vf_sym_cond)k), 0);
}
END_TEST

/* cross-wait.bug: default waits on x (cross.py:20:5) then arrives on y (21:5); partition0 waits
 * on y (29:5) then arrives on x (30:5). The progress violation is at the default's wait, its
 * sites the cycle's other wait and both arrivals. */
START_TEST(progress_cycle_matches) {
  ir_module *m = load("tests/symbolic/cross-wait.bug.ttgir");
  vf_sym_result r = vf_sym_check(m, NULL);
  ck_assert_int_eq(r.rc, 0);
  for (int k = 0; k < VF_SYM__NCOND; k++)
    ck_assert_int_eq(r.cond[k].status, k == VF_SYM_PROGRESS ? VF_SYM_VIOLATED : VF_SYM_PROVED);
  const vf_sym_violation *v = &r.cond[VF_SYM_PROGRESS].viol[0];
  ck_assert_uint_eq(v->loc.line, 20);
  ck_assert_ptr_nonnull(strstr(v->message, "cross.py:30:5"));
  ck_assert_uint_eq(v->n_sites, 3);
  /* the explorer's deadlock at the default's wait, or with partition0's wait as a related
   * instruction: the same cycle */
  vf_sym_bugsite dl = {.kind = SIM_BUG_DEADLOCK, .loc = at("cross.py", 20, 5)};
  ck_assert(vf_sym_bug_matches(m, VF_SYM_PROGRESS, v, &dl));
  vf_sym_bugsite dl2 = {.kind = SIM_BUG_DEADLOCK, .loc = at("cross.py", 99, 1), .n_rel = 1};
  dl2.rel[0] = at("cross.py", 29, 5);
  ck_assert(vf_sym_bug_matches(m, VF_SYM_PROGRESS, v, &dl2));
  /* another kind at the same op, or a deadlock elsewhere: another bug */
  vf_sym_bugsite race = {.kind = SIM_BUG_RACE, .loc = at("cross.py", 20, 5)};
  ck_assert(!vf_sym_bug_matches(m, VF_SYM_PROGRESS, v, &race));
  vf_sym_bugsite far = {.kind = SIM_BUG_DEADLOCK, .loc = at("cross.py", 12, 1)};
  ck_assert(!vf_sym_bug_matches(m, VF_SYM_PROGRESS, v, &far));
  vf_sym_bugsite other = {.kind = SIM_BUG_DEADLOCK, .loc = at("other.py", 20, 5)};
  ck_assert(!vf_sym_bug_matches(m, VF_SYM_PROGRESS, v, &other));
  char buf[128];
  ck_assert_str_eq(vf_sym_bugsite_text(m, &race, buf, sizeof buf), "race at cross.py:20:5");
  vf_sym_result_free(&r);
  ir_module_free(m);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sym_match");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, kinds_per_condition);
  tcase_add_test(tc, progress_cycle_matches);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
