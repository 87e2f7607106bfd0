/* test_vf_par.c: the multi-threaded search (verify/vf_par.c) against the one-thread search on
 * corpus kernels: the same verdict and the same bugs (kind and instruction); where the state
 * graph has no cycle (sim_may_cycle false: no cycle proviso) also the same states and
 * transitions, since every state is expanded once with the same persistent set whichever
 * thread reaches it. Kernels with an scf.while (cluster launch control), whose state graphs
 * may have cycles, are searched by one thread. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "verify/vf.h"
#include "check_run.h"

static sim_machine *load(const char *rel, const uint64_t *args, uint32_t n_args, ir_module **mod) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, rel);
  ir_diag d = {0};
  *mod = ir_parse_file(path, &d);
  ck_assert_msg(*mod, "%s", d.msg);
  sim_opts o = {.mod = *mod, .args = args, .n_args = n_args};
  sim_err err;
  sim_machine *m = sim_machine_new(&o, &err);
  ck_assert_msg(m, "%s", err.msg);
  return m;
}

static bool has_bug(const vf_result *r, const vf_bug *b) {
  for (uint32_t k = 0; k < r->n_bugs; k++)
    if (r->bugs[k].v.kind == b->v.kind && r->bugs[k].v.ins == b->v.ins) return true;
  return false;
}

/* One thread against `threads` threads on m; same_states: the counts must agree too. */
static void compare(sim_machine *m, uint32_t threads, bool same_states) {
  vf_opts o1 = {0}, on = {.threads = threads};
  vf_result r1 = {0}, rn = {0};
  vf_explore(m, &o1, &r1);
  vf_explore(m, &on, &rn);
  ck_assert_int_eq(r1.verdict, rn.verdict);
  ck_assert_uint_eq(r1.n_bugs, rn.n_bugs);
  for (uint32_t k = 0; k < r1.n_bugs; k++) {
    ck_assert(has_bug(&rn, &r1.bugs[k]));
    /* each schedule shows its bug: it replays to the end without halting */
    uint8_t *st = calloc(1, sim_state_size(m));
    sim_log log = {0};
    ck_assert_int_eq(sim_init(m, st, &log), 0);
    const vf_bug *b = &rn.bugs[k];
    for (uint32_t j = 0; j + 1 < b->n_path; j++) ck_assert_int_eq(sim_step(m, st, b->path[j], &log), 0);
    free(st);
  }
  if (same_states) {
    ck_assert_uint_eq(r1.st.states, rn.st.states);
    ck_assert_uint_eq(r1.st.transitions, rn.st.transitions);
  }
  vf_result_free(&r1);
  vf_result_free(&rn);
}

START_TEST(same_search_without_cycles) {
  static const char *const gluon[] = {"tests/corpus/gluon/ws_add.bug0.ttgir", "tests/corpus/gluon/ws_add.bug4.ttgir",
                                      "tests/corpus/gluon/ws_add.bug5.ttgir", "tests/corpus/gluon/ws_add.bug6.ttgir"};
  uint64_t args[17] = {0};
  args[15] = 256;
  args[16] = 2048;
  for (int k = 0; k < 4; k++) {
    ir_module *mod;
    sim_machine *m = load(gluon[k], args, 17, &mod);
    ck_assert(!sim_may_cycle(m));
    compare(m, 2, true);
    compare(m, 4, true);
    sim_machine_free(m);
    ir_module_free(mod);
  }
  ir_module *mod;
  sim_machine *m = load("tests/corpus/real/consan_90_ws_two_producers_two_consumers.0.ttgir", NULL, 0, &mod);
  compare(m, 3, true);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

/* Cluster launch control loops on an scf.while: one thread searches (the same search). */
START_TEST(cycles_one_thread) {
  static const char *const clc[] = {"tests/clc/clc-loop.ok.ttgir", "tests/clc/clc-nowait.bug.ttgir",
                                    "tests/clc/clc-retry.bug.ttgir"};
  for (int k = 0; k < 3; k++) {
    ir_module *mod;
    sim_machine *m = load(clc[k], NULL, 0, &mod);
    ck_assert(sim_may_cycle(m));
    compare(m, 2, true);
    compare(m, 4, true);
    sim_machine_free(m);
    ir_module_free(mod);
  }
}
END_TEST

/* The state bound holds for the threads together (inconclusive, never verified). */
START_TEST(bound_is_shared) {
  uint64_t args[17] = {0};
  args[15] = 256;
  args[16] = 16384;
  ir_module *mod;
  sim_machine *m = load("tests/corpus/gluon/ws_add.bug0.ttgir", args, 17, &mod);
  vf_opts o = {.threads = 2, .max_states = 5000};
  vf_result r = {0};
  vf_explore(m, &o, &r);
  ck_assert_int_eq(r.verdict, VF_INCONCLUSIVE);
  ck_assert(r.bound_hit);
  ck_assert_uint_le(r.st.states, 5000 + 2); /* each thread may add one past the bound */
  vf_result_free(&r);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

int main(void) {
  Suite *s = suite_create("vf_par");
  TCase *t = tcase_create("core");
  tcase_set_timeout(t, 300);
  tcase_add_test(t, same_search_without_cycles);
  tcase_add_test(t, cycles_one_thread);
  tcase_add_test(t, bound_is_shared);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
