/* test_vf_runmach.c: one compiled machine re-targeted per run (sim_machine_set_run,
 * vf_argplan_machine_at) behaves exactly as a machine compiled for that run: the same initial
 * state bytes, and the same search (states, transitions, bugs with their schedules), for
 * argument values, tensor descriptor arguments and program ids. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/vf_run.h"
#include "check_run.h"

static ir_module *load(const char *rel) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, rel);
  ir_diag d = {0};
  ir_module *mod = ir_parse_file(path, &d);
  ck_assert_msg(mod, "%s", d.msg);
  return mod;
}

static vf_result explore(sim_machine *m) {
  vf_opts o = {0};
  vf_result r = {0};
  vf_explore(m, &o, &r);
  return r;
}

/* a and b: the same initial state and the same search */
static void same_machine(sim_machine *a, sim_machine *b) {
  size_t sz = sim_state_size(a);
  ck_assert_uint_eq(sz, sim_state_size(b));
  uint8_t *sa = calloc(1, sz), *sb = calloc(1, sz);
  sim_log la = {0}, lb = {0};
  ck_assert_int_eq(sim_init(a, sa, &la), sim_init(b, sb, &lb));
  ck_assert_uint_eq(sim_state_used(a, sa), sim_state_used(b, sb));
  ck_assert(!memcmp(sa, sb, sim_state_used(a, sa)));
  free(sa);
  free(sb);
  vf_result ra = explore(a), rb = explore(b);
  ck_assert_int_eq(ra.verdict, rb.verdict);
  ck_assert_uint_eq(ra.st.states, rb.st.states);
  ck_assert_uint_eq(ra.st.transitions, rb.st.transitions);
  ck_assert_uint_eq(ra.n_bugs, rb.n_bugs);
  for (uint32_t k = 0; k < ra.n_bugs; k++) {
    ck_assert_int_eq(ra.bugs[k].v.kind, rb.bugs[k].v.kind);
    ck_assert_uint_eq(ra.bugs[k].v.ins, rb.bugs[k].v.ins);
    ck_assert_str_eq(ra.bugs[k].v.msg, rb.bugs[k].v.msg);
    ck_assert_uint_eq(ra.bugs[k].n_path, rb.bugs[k].n_path);
    ck_assert(!memcmp(ra.bugs[k].path, rb.bugs[k].path, ra.bugs[k].n_path * sizeof *ra.bugs[k].path));
  }
  vf_result_free(&ra);
  vf_result_free(&rb);
}

/* The cached machine built for (combo c0, pid0), searched, then re-targeted to (c1, pid1),
 * against a machine compiled for (c1, pid1). */
static void retarget(const vf_argplan *p, uint32_t c0, const int32_t pid0[3], uint32_t c1,
                     const int32_t pid1[3]) {
  sim_err err;
  sim_machine *cache = NULL;
  sim_machine *m0 = vf_argplan_machine_at(p, &cache, c0, pid0, 0, &err);
  ck_assert_msg(m0, "%s", err.msg);
  ck_assert_ptr_eq(m0, cache);
  vf_result r0 = explore(m0); /* a search on the first run leaves nothing behind */
  vf_result_free(&r0);
  sim_machine *m1 = vf_argplan_machine_at(p, &cache, c1, pid1, 0, &err);
  ck_assert_ptr_eq(m1, cache); /* not compiled again */
  sim_machine *fresh = vf_argplan_machine(p, c1, pid1, 0, &err);
  ck_assert_msg(fresh, "%s", err.msg);
  same_machine(m1, fresh);
  sim_machine_free(fresh);
  sim_machine_free(cache);
}

/* Integer arguments: ws_add with the default ynumel set (the loop trip counts differ). */
START_TEST(arguments) {
  ir_module *mod = load("tests/corpus/gluon/ws_add.bug0.ttgir");
  vf_argplan p;
  sim_err err;
  ck_assert_int_eq(vf_argplan_init(&p, mod, &err), 0);
  ck_assert_int_eq(vf_argplan_set(&p, "xnumel", 256, &err), 0);
  int32_t pid0[3] = {0, 0, 0};
  sim_machine *probe = vf_argplan_machine(&p, 0, pid0, 0, &err);
  ck_assert_msg(probe, "%s", err.msg);
  vf_argplan_defaults(&p, probe);
  sim_machine_free(probe);
  uint32_t combos = vf_argplan_combos(&p);
  ck_assert_uint_ge(combos, 3);
  retarget(&p, combos - 1, pid0, 0, pid0); /* from the longest loop to the shortest */
  retarget(&p, 0, pid0, combos - 1, pid0);
  vf_argplan_free(&p);
  ir_module_free(mod);
}
END_TEST

/* Tensor descriptor arguments (their values become views of their tensors) and a bug. */
START_TEST(descriptors_and_bugs) {
  ir_module *mod = load("examples/hopper_gemm_ws/hopper_gemm_ws.bug1.ttgir");
  vf_argplan p;
  sim_err err;
  ck_assert_int_eq(vf_argplan_init(&p, mod, &err), 0);
  ck_assert_int_eq(vf_argplan_set(&p, "M", 128, &err), 0);
  ck_assert_int_eq(vf_argplan_set(&p, "N", 128, &err), 0);
  ck_assert_int_eq(vf_argplan_set(&p, "K", 256, &err), 0);
  int32_t pid0[3] = {0, 0, 0};
  sim_machine *cache = NULL;
  sim_machine *m = vf_argplan_machine_at(&p, &cache, 0, pid0, 0, &err);
  ck_assert_msg(m, "%s", err.msg);
  vf_result r = explore(m);
  vf_result_free(&r);
  ck_assert_int_eq(vf_argplan_set(&p, "K", 512, &err), 0);
  m = vf_argplan_machine_at(&p, &cache, 0, pid0, 0, &err);
  sim_machine *fresh = vf_argplan_machine(&p, 0, pid0, 0, &err);
  ck_assert_msg(fresh, "%s", err.msg);
  same_machine(m, fresh);
  sim_machine_free(fresh);
  /* the bug is found on the re-targeted machine, as `check --arg K=512` reports it */
  r = explore(m);
  ck_assert_int_eq(r.verdict, VF_BUG);
  ck_assert_int_eq(r.bugs[0].v.kind, SIM_BUG_DEADLOCK);
  ck_assert_uint_eq(sim_ins_loc(m, r.bugs[0].v.ins).line, 60);
  vf_result_free(&r);
  sim_machine_free(cache);
  vf_argplan_free(&p);
  ir_module_free(mod);
}
END_TEST

/* Program ids: the grid race kernel's writes depend on the program id. */
START_TEST(program_ids) {
  ir_module *mod = load("tests/checkers/race-grid.bug.ttgir");
  vf_argplan p;
  sim_err err;
  ck_assert_int_eq(vf_argplan_init(&p, mod, &err), 0);
  p.grid[0] = 8;
  int32_t pid0[3] = {0, 0, 0}, pid5[3] = {5, 0, 0};
  retarget(&p, 0, pid0, 0, pid5);
  retarget(&p, 0, pid5, 0, pid0);
  vf_argplan_free(&p);
  ir_module_free(mod);
}
END_TEST

int main(void) {
  Suite *s = suite_create("vf_runmach");
  TCase *t = tcase_create("core");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, arguments);
  tcase_add_test(t, descriptors_and_bugs);
  tcase_add_test(t, program_ids);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
