/* test_vf_explore.c: the explorer on the corpus kernels and hand-written IR: the visited-state
 * table, deadlock / race detection through vf_explore, bounds giving inconclusive, the
 * partial-order reduction agreeing with the naive search while exploring fewer states, and
 * its persistent sets unchanged by the faster gates and the skipped seeds (exact state counts). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "verify/vf.h"
#include "check_run.h"

START_TEST(table) {
  vf_table *t = vf_table_new();
  for (uint64_t k = 1; k <= 200000; k++) ck_assert(vf_table_insert(t, (sim_hash128){k * 0x9e3779b97f4a7c15ull, k}));
  for (uint64_t k = 1; k <= 200000; k += 7) ck_assert(!vf_table_insert(t, (sim_hash128){k * 0x9e3779b97f4a7c15ull, k}));
  ck_assert(vf_table_insert(t, (sim_hash128){0, 0}));  /* the empty key is still a key */
  ck_assert(!vf_table_insert(t, (sim_hash128){0, 0}));
  ck_assert_uint_eq(vf_table_count(t), 200001);
  vf_table_free(t);
}
END_TEST

static sim_machine *corpus(const char *name, int64_t ynumel, ir_module **mod) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/corpus/gluon/%s", TLXV_SRC, name);
  ir_diag d = {0};
  *mod = ir_parse_file(path, &d);
  ck_assert_msg(*mod, "%s", d.msg);
  uint64_t args[17] = {0};
  args[15] = 256;
  args[16] = (uint64_t)ynumel;
  sim_opts o = {.mod = *mod, .args = args, .n_args = 17};
  sim_err err;
  sim_machine *m = sim_machine_new(&o, &err);
  ck_assert_msg(m, "%s", err.msg);
  return m;
}

/* The machine of the kernel at TLXV_SRC/rel with its default arguments (*mod: its module). */
static sim_machine *kernel(const char *rel, ir_module **mod) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, rel);
  ir_diag d = {0};
  *mod = ir_parse_file(path, &d);
  ck_assert_msg(*mod, "%s", d.msg);
  sim_opts so = {.mod = *mod};
  sim_err err;
  sim_machine *m = sim_machine_new(&so, &err);
  ck_assert_msg(m, "%s", err.msg);
  return m;
}

static vf_result explore(sim_machine *m, bool naive, uint64_t max_states) {
  vf_opts o = {.no_reduction = naive, .max_states = max_states};
  vf_result r = {0};
  vf_explore(m, &o, &r);
  return r;
}

START_TEST(verified_and_reduced) {
  ir_module *mod;
  sim_machine *m = corpus("ws_add.bug0.ttgir", 512, &mod);
  vf_result p = explore(m, false, 0), n = explore(m, true, 0);
  ck_assert_int_eq(p.verdict, VF_VERIFIED);
  ck_assert_int_eq(n.verdict, VF_VERIFIED);
  ck_assert_uint_eq(p.n_bugs, 0);
  ck_assert(p.st.states * 4 < n.st.states); /* the reduction prunes most interleavings */
  ck_assert(p.st.por_pruned > 0);
  vf_result_free(&p);
  vf_result_free(&n);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

START_TEST(deadlock_found) {
  ir_module *mod;
  sim_machine *m = corpus("ws_add.bug2.ttgir", 512, &mod);
  for (int naive = 0; naive < 2; naive++) {
    vf_result r = explore(m, naive, 0);
    ck_assert_int_eq(r.verdict, VF_BUG);
    ck_assert_int_eq(r.bugs[0].v.kind, SIM_BUG_DEADLOCK);
    ck_assert_uint_eq(sim_ins_loc(m, r.bugs[0].v.ins).line, 75);
    ck_assert(r.bugs[0].n_path > 0);
    /* the schedule replays to a stuck state */
    uint8_t *st = calloc(1, sim_state_size(m));
    sim_log log = {0};
    ck_assert_int_eq(sim_init(m, st, &log), 0);
    for (uint32_t k = 0; k < r.bugs[0].n_path; k++) ck_assert_int_eq(sim_step(m, st, r.bugs[0].path[k], &log), 0);
    sim_trans en[SIM_MAX_TRANS];
    ck_assert_int_eq(sim_enabled(m, st, en), 0);
    ck_assert(!sim_is_final(m, st));
    free(st);
    vf_result_free(&r);
  }
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

START_TEST(race_found) {
  ir_module *mod;
  sim_machine *m = corpus("ws_add.bug8.ttgir", 512, &mod);
  vf_result r = explore(m, false, 0);
  ck_assert_int_eq(r.verdict, VF_BUG);
  ck_assert_int_eq(r.bugs[0].v.kind, SIM_BUG_RACE);
  ck_assert_uint_eq(sim_ins_loc(m, r.bugs[0].v.ins).line, 88);   /* the local_store */
  ck_assert_uint_eq(sim_ins_loc(m, r.bugs[0].v.rel[0]).line, 56); /* the TMA store in flight */
  /* only the steps that matter: a slice of the schedule that ends at the race */
  uint8_t *keep = calloc(r.bugs[0].n_path + 1, 1);
  uint32_t kept = sim_slice(m, r.bugs[0].path, r.bugs[0].n_path, &r.bugs[0].v, keep);
  ck_assert(kept > 0 && kept <= r.bugs[0].n_path);
  free(keep);
  vf_result_free(&r);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

START_TEST(bound_is_inconclusive) {
  ir_module *mod;
  sim_machine *m = corpus("ws_add.bug0.ttgir", 2048, &mod);
  vf_result r = explore(m, true, 50);
  ck_assert_int_eq(r.verdict, VF_INCONCLUSIVE);
  ck_assert(r.bound_hit);
  vf_result_free(&r);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

/* The persistent sets of the reduction are a function of the state; computing the gates as a
 * worklist (vf_por.c) must give the same ones: the states and transitions of the search
 * before that change. two_producers.1: barrier waits that block (the mask gates, with agents
 * woken when their barrier joins the free arrivals); multibuffered_loop.1: transaction bytes
 * (the scanned gates). */
START_TEST(reduction_sets_unchanged) {
  static const struct {
    const char *name;
    uint64_t states, transitions;
    int verdict;
  } want[] = {
      {"consan_90_ws_two_producers_two_consumers.1.ttgir", 43727, 114110, VF_BUG},
      {"consan_100_multibuffered_loop.1.ttgir", 137, 145, VF_VERIFIED},
      {"consan_90_ws_async_copy_commits.0.ttgir", 2118, 3308, VF_BUG},
  };
  for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
    char rel[256];
    snprintf(rel, sizeof rel, "tests/corpus/real/%s", want[k].name);
    ir_module *mod;
    sim_machine *m = kernel(rel, &mod);
    vf_result r = explore(m, false, 0);
    ck_assert_int_eq(r.verdict, want[k].verdict);
    ck_assert_uint_eq(r.st.states, want[k].states);
    ck_assert_uint_eq(r.st.transitions, want[k].transitions);
    vf_result_free(&r);
    sim_machine_free(m);
    ir_module_free(mod);
  }
}
END_TEST

/* Seeds whose closure cannot beat the best set are not computed (vf_por.c: the agents that
 * join every closure at its first test; a disabled one whose op is not a wait joins every
 * actor, and no seed is tried): the same persistent sets, so the states and transitions of the
 * search before that change. amd_ws_ring44 (--no-symmetry, 20,000 states): nearly every state
 * has such an agent. (The count bound alone: two_producers.1 in reduction_sets_unchanged.) */
START_TEST(reduction_skips_unchanged) {
  ir_module *mod;
  sim_machine *m = kernel("tests/bench/amd_ws_ring44.ttgir", &mod);
  vf_opts o = {.max_states = 20000, .no_symmetry = true};
  vf_result r = {0};
  vf_explore(m, &o, &r);
  ck_assert_int_eq(r.verdict, VF_INCONCLUSIVE);
  ck_assert_uint_eq(r.st.states, 20000);
  ck_assert_uint_eq(r.st.transitions, 80423);
  vf_result_free(&r);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

int main(void) {
  Suite *s = suite_create("vf_explore");
  TCase *t = tcase_create("explore");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, table);
  tcase_add_test(t, verified_and_reduced);
  tcase_add_test(t, deadlock_found);
  tcase_add_test(t, race_found);
  tcase_add_test(t, bound_is_inconclusive);
  tcase_add_test(t, reduction_sets_unchanged);
  tcase_add_test(t, reduction_skips_unchanged);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
