/* test_tr_min.c: counterexample minimization and "the steps that matter": the minimized
 * schedule still shows the same bug (kind and instruction), is no longer and switches agents
 * less; a schedule that does not show the bug is refused; the relevant steps include the
 * bug's own steps and not everything. */
#include "test_tr_util.h"
#include "check_run.h"
#include "traces/tr_internal.h"

static uint32_t switches(const tr_sched *s) {
  uint32_t k = 0;
  for (uint32_t i = 1; i < s->n; i++)
    k += s->steps[i].kind != s->steps[i - 1].kind ||
         (s->steps[i].kind == SIM_TR_AGENT && s->steps[i].who != s->steps[i - 1].who);
  return k;
}

START_TEST(deadlock_schedule_regroups) {
  tt_kernel k;
  tt_load(&k, "tests/traces/pc_ring.noarrive.ttgir", "n=4");
  ck_assert(k.oc.stuck);
  ck_assert(tr_min_reproduces(k.m, k.s.steps, k.s.n, &k.oc.bug, NULL));
  tr_sched out = {0};
  tr_min_stats st;
  tr_err err = {{0}};
  ck_assert_msg(tr_min_schedule(k.m, k.s.steps, k.s.n, &k.oc.bug, NULL, 0, &out, &st, &err) == 0, "%s", err.msg);
  ck_assert_uint_le(out.n, k.s.n);
  ck_assert_uint_eq(st.steps_before, k.s.n);
  ck_assert_uint_eq(st.steps_after, out.n);
  ck_assert_uint_lt(switches(&out), switches(&k.s)); /* round-robin alternates, the result less */
  ck_assert_uint_eq(st.switches_after, switches(&out));
  ck_assert_uint_gt(st.replays, 0);
  ck_assert(tr_min_reproduces(k.m, out.steps, out.n, &k.oc.bug, NULL));
  /* the replay of the result ends in the same deadlock */
  tr_run *r = tr_replay(k.m, out.steps, out.n, &err);
  ck_assert(r && r->out.stuck && r->out.has_bug);
  ck_assert_int_eq(r->out.bug.kind, SIM_BUG_DEADLOCK);
  tr_run_free(r);
  tr_sched_free(&out);
  tt_free(&k);
}
END_TEST

START_TEST(proxy_fence_schedule_gets_shorter) {
  tt_kernel k;
  tt_load(&k, "tests/corpus/gluon/ws_add.bug5.ttgir", "xnumel=256,ynumel=2048");
  ck_assert(k.oc.has_bug);
  ck_assert_int_eq(k.oc.bug.kind, SIM_BUG_PROXY_FENCE);
  tr_sched out = {0};
  tr_min_stats st;
  tr_err err = {{0}};
  ck_assert_msg(tr_min_schedule(k.m, k.s.steps, k.s.n, &k.oc.bug, NULL, 0, &out, &st, &err) == 0, "%s", err.msg);
  ck_assert_uint_lt(out.n, k.s.n);
  ck_assert_uint_lt(st.switches_after, st.switches_before);
  tr_run *r = tr_replay(k.m, out.steps, out.n, &err);
  ck_assert(r && r->out.has_bug);
  ck_assert_int_eq(r->out.bug.kind, SIM_BUG_PROXY_FENCE);
  ck_assert_uint_eq(r->out.bug.ins, k.oc.bug.ins);
  ck_assert_uint_eq(r->out.bug_step, out.n - 1); /* cut right after the bug */
  tr_run_free(r);
  tr_sched_free(&out);
  tt_free(&k);
}
END_TEST

START_TEST(race_needs_the_state_checker) {
  /* bug8: the store partition releases c_bufs before its TMA store finished reading it */
  tt_kernel k;
  tt_load(&k, "tests/corpus/gluon/ws_add.bug8.ttgir", "xnumel=256,ynumel=2048");
  tt_explore(&k);
  ck_assert_int_eq(k.oc.bug.kind, SIM_BUG_RACE);
  /* no single step reports a race: only the state checker sees it */
  ck_assert(!tr_min_reproduces(k.m, k.s.steps, k.s.n, &k.oc.bug, NULL));
  ck_assert(tr_min_reproduces(k.m, k.s.steps, k.s.n, &k.oc.bug, vf_check_race));
  tr_sched out = {0};
  tr_min_stats st;
  tr_err err = {{0}};
  ck_assert_msg(tr_min_schedule(k.m, k.s.steps, k.s.n, &k.oc.bug, vf_check_race, 0, &out, &st,
                                &err) == 0, "%s", err.msg);
  ck_assert_uint_le(out.n, k.s.n);
  ck_assert_uint_le(st.switches_after, st.switches_before);
  ck_assert(tr_min_reproduces(k.m, out.steps, out.n, &k.oc.bug, vf_check_race));
  tr_sched_free(&out);
  tt_free(&k);
}
END_TEST

START_TEST(schedule_without_the_bug_is_refused) {
  tt_kernel bad, good;
  tt_load(&bad, "tests/traces/pc_ring.noarrive.ttgir", "n=4");
  tt_load(&good, "tests/traces/pc_ring.ttgir", "n=4");
  /* the correct kernel's complete schedule never deadlocks at the planted wait */
  ck_assert(!tr_min_reproduces(good.m, good.s.steps, good.s.n, &bad.oc.bug, NULL));
  tr_sched out = {0};
  tr_err err = {{0}};
  ck_assert_int_eq(tr_min_schedule(good.m, good.s.steps, good.s.n, &bad.oc.bug, NULL, 0, &out, NULL, &err), -1);
  ck_assert(strstr(err.msg, "does not reproduce") != NULL);
  ck_assert_uint_eq(out.n, 0);
  /* a prefix of the bad schedule is not stuck yet */
  ck_assert(!tr_min_reproduces(bad.m, bad.s.steps, bad.s.n / 2, &bad.oc.bug, NULL));
  tt_free(&good);
  tt_free(&bad);
}
END_TEST

START_TEST(relevant_steps_follow_the_chain) {
  tt_kernel k;
  tt_load(&k, "tests/corpus/gluon/ws_add.bug5.ttgir", "xnumel=256,ynumel=2048");
  uint8_t *keep = calloc(k.s.n, 1);
  tr_err err = {{0}};
  int n = tr_min_relevant(k.m, k.s.steps, k.s.n, &k.oc.bug, keep, &err);
  ck_assert_int_gt(n, 2);
  ck_assert_int_lt(n, (int)k.s.n);
  /* the bug's own step (the TMA store reading c_bufs[0]'s write) is marked, and so is the
   * generic write it names, and the arrive / wait pair that ordered them */
  tr_run *r = tr_replay(k.m, k.s.steps, k.s.n, &err);
  ck_assert(keep[r->out.bug_step]);
  bool write = false, arrive_cr = false, wait_cr = false;
  for (uint32_t i = 0; i < r->n_steps; i++) {
    if (!keep[i]) continue;
    const ir_op *op = sim_ins_op(k.m, r->steps[i].ins);
    write |= op && op->code == IR_OP_TTG_LOCAL_STORE;
    arrive_cr |= op && op->code == IR_OP_TTNG_ARRIVE_BARRIER && !strcmp(r->steps[i].obj, "cr[0]");
    wait_cr |= r->steps[i].kind == TR_S_WAIT && !strcmp(r->steps[i].obj, "cr[0]");
  }
  ck_assert(write && arrive_cr && wait_cr);
  tr_run_free(r);
  free(keep);
  tt_free(&k);
}
END_TEST

/* One slicer: the drawings' relevant steps (tr_min_relevant, and tr_relevant_run on a replay)
 * and the report's trace (sim_slice) mark the same steps, on a deadlock, a race and a proxy
 * bug; and the steps kept, replayed alone in order, still show the bug. */
START_TEST(relevant_steps_agree_with_the_report) {
  static const char *const cases[][2] = {
      {"tests/traces/pc_ring.noarrive.ttgir", "n=4"},
      {"tests/corpus/gluon/ws_add.bug5.ttgir", "xnumel=256,ynumel=2048"},
      {"tests/corpus/gluon/ws_add.bug8.ttgir", "xnumel=512,ynumel=2048"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    tt_kernel k;
    tt_load(&k, cases[c][0], cases[c][1]);
    tt_explore(&k); /* the explorer's counterexample: the path the report slices */
    uint8_t *a = calloc(k.s.n + 1, 1), *b = calloc(k.s.n + 1, 1), *d = calloc(k.s.n + 1, 1);
    tr_err err = {{0}};
    int n = tr_min_relevant(k.m, k.s.steps, k.s.n, &k.oc.bug, a, &err);
    uint32_t m = sim_slice(k.m, k.s.steps, k.s.n, &k.oc.bug, b);
    tr_run *r = tr_replay(k.m, k.s.steps, k.s.n, &err);
    ck_assert(r);
    ck_assert_uint_eq(r->n_steps, k.s.n);
    uint32_t q = tr_relevant_run(r, &k.oc.bug, d);
    ck_assert_int_eq(n, (int)m);
    ck_assert_uint_eq(q, m);
    ck_assert_int_eq(memcmp(a, b, k.s.n), 0);
    ck_assert_int_eq(memcmp(d, b, k.s.n), 0);
    ck_assert_uint_gt(m, 0);
    tr_sched kept = {.steps = calloc(k.s.n, sizeof(sim_trans))};
    for (uint32_t i = 0; i < k.s.n; i++)
      if (b[i]) kept.steps[kept.n++] = k.s.steps[i];
    ck_assert_msg(tr_min_reproduces(k.m, kept.steps, kept.n, &k.oc.bug, vf_check_race),
                  "%s: the slice alone does not reach the bug", cases[c][0]);
    free(kept.steps);
    tr_run_free(r);
    free(a);
    free(b);
    free(d);
    tt_free(&k);
  }
}
END_TEST

/* Fuzzing finding (docs/reliability.md): a schedule of ~600 steps that the minimizer cannot
 * shorten (a lifecycle bug at the kernel's exit) took 1500 full replays, 40x the time of the
 * exploration, outside --time-limit. The work is bounded in replayed steps too now. */
START_TEST(long_schedule_work_is_bounded) {
  tt_kernel k;
  tt_load(&k, "examples/blackwell_gemm_tcgen05/blackwell_gemm_tcgen05.bug6.ttgir",
          "M=2048,N=1,K=2048");
  vf_opts vo = {.max_states = 2000};
  vf_result res = {0};
  ck_assert_int_eq(vf_explore(k.m, &vo, &res), 0);
  const vf_bug *longest = NULL;
  for (uint32_t i = 0; i < res.n_bugs; i++)
    if (!longest || res.bugs[i].n_path > longest->n_path) longest = &res.bugs[i];
  ck_assert_msg(longest && longest->n_path > 400, "no long counterexample (%u bugs)", res.n_bugs);
  tr_sched out = {0};
  tr_min_stats st;
  tr_err err = {{0}};
  ck_assert_msg(tr_min_schedule(k.m, longest->path, longest->n_path, &longest->v, vf_check_race,
                                1500, &out, &st, &err) == 0, "%s", err.msg);
  /* 128 steps per allowed replay, plus the last replay and the regroup passes' overshoot */
  ck_assert_uint_le(st.steps_replayed, 1500u * 128u + 4u * longest->n_path);
  ck_assert(tr_min_reproduces(k.m, out.steps, out.n, &longest->v, vf_check_race));
  tr_sched_free(&out);
  vf_result_free(&res);
  tt_free(&k);
}
END_TEST

int main(void) {
  Suite *s = suite_create("tr_min");
  TCase *tc = tcase_create("min");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, deadlock_schedule_regroups);
  tcase_add_test(tc, proxy_fence_schedule_gets_shorter);
  tcase_add_test(tc, race_needs_the_state_checker);
  tcase_add_test(tc, schedule_without_the_bug_is_refused);
  tcase_add_test(tc, relevant_steps_follow_the_chain);
  tcase_add_test(tc, relevant_steps_agree_with_the_report);
  tcase_add_test(tc, long_schedule_work_is_bounded);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
