/* test_sim_clc.c: cluster launch control on small hand-written IR (semantics.md §6.3,
 * sim/sim_clc.c): both outcomes of a try_cancel, the work pool and its bound, the response a
 * query reads, and the undefined uses (retry after a failure, unwritten or failed responses). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/sim_internal.h"
#include "check_run.h"
#include "sim_rig.h"

#define HDR                                                                                   \
  "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"   \
  "#smem = #ttg.shared_memory\n"                                                              \
  "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\", \"ttg.threads-per-warp\" = 32 : i32} {\n" \
  "  tt.func public @k() {\n"                                                                 \
  "    %c0 = arith.constant 0 : i32\n"                                                        \
  "    %c1 = arith.constant 1 : i32\n"                                                        \
  "    %true = arith.constant true\n"                                                         \
  "    %bar = ttg.local_alloc : () -> " BAR "\n"                                              \
  "    %resp = ttg.local_alloc : () -> " RESP "\n"                                            \
  "    %r2 = ttg.local_alloc : () -> " RESP2 "\n"                                             \
  "    ttng.init_barrier %bar, 1 : " BAR "\n"
#define END "    tt.return\n  }\n}\n"
#define BAR "!ttg.memdesc<1xi64, #shared1, #smem, mutable>"
#define RESP "!ttg.memdesc<1xui128, #shared1, #smem, mutable>"
#define RESP2 "!ttg.memdesc<2xi64, #shared1, #smem, mutable>"
/* one request on %resp and its query, waiting with parity P */
#define ROUND(P, N)                                                                            \
  "    ttng.barrier_expect %bar, 16, %true : " BAR "\n"                                       \
  "    ttng.async_clc_try_cancel %bar, %resp : " BAR ", " RESP "\n"                           \
  "    ttng.wait_barrier %bar, " P ", %true : " BAR "\n"                                      \
  "    %x" N " = ttng.clc_query_cancel %resp : (" RESP ") -> i32\n"                          \
  "    ttng.fence_async_shared {bCluster = false}\n"

/* a 2-CTA cluster: both CTAs init and sync, CTA 0 alone multicasts one request */
#define CLUSTER2_REQUEST                                                                       \
  "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"\
  "#smem = #ttg.shared_memory\n"\
  "module attributes {\"ttg.num-ctas\" = 2 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\", \"ttg.threads-per-warp\" = 32 : i32} {\n"\
  "  tt.func public @k() {\n"\
  "    %c0 = arith.constant 0 : i32\n"\
  "    %true = arith.constant true\n"\
  "    %bar = ttg.local_alloc : () -> " BAR "\n"\
  "    %resp = ttg.local_alloc : () -> " RESP "\n"\
  "    ttng.init_barrier %bar, 1 : " BAR "\n"\
  "    ttng.cluster_arrive\n"\
  "    ttng.cluster_wait\n"\
  "    ttng.barrier_expect %bar, 16, %true : " BAR "\n"\
  "    %r = nvgpu.cluster_id\n"\
  "    %lead = arith.cmpi eq, %r, %c0 : i32\n"\
  "    scf.if %lead {\n"\
  "      ttng.async_clc_try_cancel %bar, %resp : " BAR ", " RESP "\n"\
  "    }\n"

static void rig_up(rig *r, const char *text, int32_t gx, int32_t gy, int32_t clc_max) {
  sim_opts o = {.grid = {gx, gy, 1}, .clc_max = clc_max};
  rig_up_opts(r, text, &o);
  r->log.detail = true;
}

static bool agent_enabled(rig *r) { return rig_enabled(r, SIM_TR_AGENT, 0); }

static int run_agent(rig *r) {
  int rc = 0;
  while (agent_enabled(r)) {
    rc = sim_step(r->m, r->st, (sim_trans){SIM_TR_AGENT, 0}, &r->log);
    if (rc || r->log.n_viol) break;
  }
  return rc;
}

/* Runs agent a (of a 2-CTA machine) for at most `steps` steps, until it blocks or ends, or a
 * step stops the path (returns -1 then). */
static int run_cta(rig *r, uint8_t a, int steps) {
  for (int k = 0; k < steps; k++) {
    if (!rig_enabled(r, SIM_TR_AGENT, a)) return 0;
    if (sim_step(r->m, r->st, (sim_trans){SIM_TR_AGENT, a}, &r->log)) return -1;
  }
  return 0;
}

/* Index of the in-flight CLC event with the given outcome, -1 if none. */
static int clc_event(rig *r, bool fail) {
  const sim_event *ev = st_cevents(r->m, r->st);
  for (uint32_t k = 0; k < sim_n_events(r->m, r->st); k++)
    if (ev[k].kind == SIM_EV_CLC && !!(ev[k].flags & SIM_EVF_CLC_FAIL) == fail) return (int)k;
  return -1;
}

static void complete(rig *r, bool fail) {
  int k = clc_event(r, fail);
  ck_assert_msg(k >= 0, "no %s event in flight", fail ? "failure" : "success");
  ck_assert_int_eq(sim_step(r->m, r->st, (sim_trans){SIM_TR_EVENT, (uint8_t)k}, &r->log), 0);
}

/* Steps the agent up to its query: its text names what it read. */
static void expect_query(rig *r, const char *want) {
  for (int k = 0; k < 4 && !strstr(r->log.text, "clc_query_cancel"); k++) {
    ck_assert(agent_enabled(r));
    ck_assert_int_eq(sim_step(r->m, r->st, (sim_trans){SIM_TR_AGENT, 0}, &r->log), 0);
  }
  ck_assert_msg(strstr(r->log.text, want), "query read '%s', expected '%s'", r->log.text, want);
}

START_TEST(success_takes_next_program) {
  /* program 0 of 4: a try_cancel may cancel program 1 (or fail): two events, one per outcome */
  rig r;
  rig_up(&r, HDR ROUND("%c0", "1") END, 4, 1, 0);
  ck_assert_int_eq(run_agent(&r), 0);
  ck_assert_int_eq(sim_n_events(r.m, r.st), 2);
  ck_assert_int_ge(clc_event(&r, false), 0);
  ck_assert_int_ge(clc_event(&r, true), 0);
  ck_assert_str_eq(sim_event_kind_name(r.m, r.st, 0), "CLC try_cancel");
  complete(&r, false);
  ck_assert_int_eq(sim_n_events(r.m, r.st), 0); /* the failure outcome is withdrawn */
  ck_assert_uint_eq(sim_clc_cancelled(r.m, r.st), 1);
  expect_query(&r, "ctaid (1,0,0)");
  ck_assert_int_eq(run_agent(&r), 0);
  ck_assert(sim_is_final(r.m, r.st));
  rig_down(&r);
}
END_TEST

START_TEST(failure_gives_minus_one) {
  rig r;
  rig_up(&r, HDR ROUND("%c0", "1") END, 4, 1, 0);
  ck_assert_int_eq(run_agent(&r), 0);
  complete(&r, true);
  ck_assert_int_eq(sim_n_events(r.m, r.st), 0);
  ck_assert_uint_eq(sim_clc_cancelled(r.m, r.st), 0);
  expect_query(&r, "failed (-1)");
  rig_down(&r);
}
END_TEST

START_TEST(empty_pool_fails) {
  /* the last program of the grid: nothing left to cancel, the request can only fail */
  rig r;
  rig_up(&r, HDR ROUND("%c0", "1") END, 1, 1, 0);
  ck_assert_int_eq(run_agent(&r), 0);
  ck_assert_int_eq(sim_n_events(r.m, r.st), 1);
  ck_assert_int_ge(clc_event(&r, true), 0);
  rig_down(&r);
}
END_TEST

START_TEST(pool_order_and_bound) {
  /* grid 3x2 (6 programs): two successes hand out programs (1,0) then (2,0); with the bound at
   * 2 a third request can only fail, without it it cancels (0,1) */
  for (int bounded = 1; bounded >= 0; bounded--) {
    rig r;
    rig_up(&r, HDR ROUND("%c0", "1") ROUND("%c1", "2") ROUND("%c0", "3") END, 3, 2, bounded ? 2 : -1);
    ck_assert_int_eq(run_agent(&r), 0);
    complete(&r, false);
    expect_query(&r, "ctaid (1,0,0)");
    ck_assert_int_eq(run_agent(&r), 0);
    complete(&r, false);
    expect_query(&r, "ctaid (2,0,0)");
    ck_assert_int_eq(run_agent(&r), 0);
    if (bounded) {
      ck_assert_int_eq(sim_n_events(r.m, r.st), 1);
      ck_assert_int_lt(clc_event(&r, false), 0);
    } else {
      complete(&r, false);
      expect_query(&r, "ctaid (0,1,0)");
      ck_assert_uint_eq(sim_clc_cancelled(r.m, r.st), 3);
    }
    rig_down(&r);
  }
}
END_TEST

START_TEST(retry_after_fail) {
  rig r;
  rig_up(&r, HDR ROUND("%c0", "1") ROUND("%c1", "2") END, 4, 1, 0);
  ck_assert_int_eq(run_agent(&r), 0);
  complete(&r, true);
  expect_query(&r, "failed (-1)");
  ck_assert_int_eq(run_agent(&r), -1);
  ck_assert_int_eq(r.log.n_viol, 1);
  ck_assert_int_eq(r.log.viol[0].kind, SIM_BUG_CLC_RETRY);
  ck_assert_str_eq(sim_bug_kind_name(SIM_BUG_CLC_RETRY), "clc-retry-after-fail");
  ck_assert(r.log.halt);
  rig_down(&r);
}
END_TEST

START_TEST(retry_after_success_is_fine) {
  rig r;
  rig_up(&r, HDR ROUND("%c0", "1") ROUND("%c1", "2") END, 4, 1, 0);
  ck_assert_int_eq(run_agent(&r), 0);
  complete(&r, false);
  expect_query(&r, "ctaid (1,0,0)");
  ck_assert_int_eq(run_agent(&r), 0);
  ck_assert_int_eq(r.log.n_viol, 0);
  ck_assert_int_eq(sim_n_events(r.m, r.st), 2);
  rig_down(&r);
}
END_TEST

START_TEST(query_unwritten) {
  rig r;
  rig_up(&r, HDR "    %x = ttng.clc_query_cancel %resp : (" RESP ") -> i32\n" END, 4, 1, 0);
  ck_assert_int_eq(run_agent(&r), -1);
  ck_assert_int_eq(r.log.viol[0].kind, SIM_BUG_CLC_QUERY);
  ck_assert_str_eq(sim_bug_kind_name(SIM_BUG_CLC_QUERY), "clc-query-failed");
  rig_down(&r);
}
END_TEST

/* the compiler-generated form: clc_try_cancel on a 2 x i64 response, load, decode */
#define LOWFORM                                                                               \
  HDR "    ttng.barrier_expect %bar, 16, %true : " BAR "\n"                                   \
  "    ttng.clc_try_cancel %r2, %bar : " RESP2 ", " BAR "\n"                                  \
  "    ttng.wait_barrier %bar, %c0, %true : " BAR "\n"                                        \
  "    %v = ttng.clc_load_result %r2 : " RESP2 " -> i128\n"

START_TEST(program_id_of_failed_response) {
  static const char *decode[] = {
      "    %p = ttng.clc_get_program_id %v, x : i128 -> i32\n",
      "    %ok = ttng.clc_is_canceled %v : i128 -> i1\n    %p = ttng.clc_get_program_id %v, y : i128 -> i32\n",
  };
  char text[8192];
  for (int k = 0; k < 2; k++) {
    snprintf(text, sizeof text, "%s%s%s", LOWFORM, decode[k], END);
    for (int fail = 0; fail <= 1; fail++) {
      rig r;
      rig_up(&r, text, 2, 2, 0);
      ck_assert_int_eq(run_agent(&r), 0);
      complete(&r, fail);
      int rc = run_agent(&r);
      if (fail) {
        ck_assert_int_eq(rc, -1);
        ck_assert_int_eq(r.log.viol[0].kind, SIM_BUG_CLC_QUERY);
      } else {
        ck_assert_int_eq(rc, 0);
        ck_assert_int_eq(r.log.n_viol, 0);
        ck_assert(sim_is_final(r.m, r.st));
      }
      rig_down(&r);
    }
  }
}
END_TEST

START_TEST(read_races_with_try_cancel) {
  /* a query while the request is in flight: the race checker's footprints see the async write
   * of the response and the read of it */
  rig r;
  rig_up(&r, HDR "    ttng.barrier_expect %bar, 16, %true : " BAR "\n"
                 "    ttng.async_clc_try_cancel %bar, %resp : " BAR ", " RESP "\n"
                 "    %x = ttng.clc_query_cancel %resp : (" RESP ") -> i32\n" END, 4, 1, 0);
  while (sim_n_events(r.m, r.st) == 0) ck_assert_int_eq(sim_step(r.m, r.st, (sim_trans){SIM_TR_AGENT, 0}, &r.log), 0);
  sim_fp a[4], ev[4];
  ck_assert_int_eq(sim_agent_access(r.m, r.st, 0, a), 1);
  ck_assert_int_eq(sim_event_access(r.m, r.st, 0, ev), 1);
  ck_assert(ev[0].flags & SIM_FP_ASYNC);
  ck_assert(sim_fp_conflict(&a[0], &ev[0]));
  /* the two outcomes of one request are not a race with each other */
  ck_assert(sim_events_ordered(r.m, r.st, 0, 1));
  rig_down(&r);
}
END_TEST

START_TEST(multicast_cluster) {
  /* a 2-CTA cluster, grid of 4 programs (2 clusters): CTA 0 asks, the response and the
   * complete_tx reach both CTAs; the first completion decides the outcome for both */
  static const char *text =
      CLUSTER2_REQUEST
      "    ttng.wait_barrier %bar, %c0, %true : " BAR "\n"
      "    %x = ttng.clc_query_cancel %resp : (" RESP ") -> i32\n"
      END;
  rig r;
  rig_up(&r, text, 4, 1, 0);
  ck_assert_uint_eq(sim_n_agents(r.m), 2);
  /* run both CTAs until they block */
  for (int k = 0; k < 40; k++) {
    sim_trans en[SIM_MAX_TRANS];
    int n = sim_enabled(r.m, r.st, en), a = -1;
    for (int j = 0; j < n; j++)
      if (en[j].kind == SIM_TR_AGENT) a = en[j].who;
    if (a < 0) break;
    ck_assert_int_eq(sim_step(r.m, r.st, (sim_trans){SIM_TR_AGENT, (uint8_t)a}, &r.log), 0);
  }
  ck_assert_int_eq(sim_n_events(r.m, r.st), 4); /* 2 CTAs x 2 outcomes */
  complete(&r, false);
  ck_assert_int_eq(sim_n_events(r.m, r.st), 1); /* the other CTA's success only */
  ck_assert_int_lt(clc_event(&r, true), 0);
  complete(&r, false);
  ck_assert_uint_eq(sim_clc_cancelled(r.m, r.st), 1);
  /* both CTAs read the first ctaid of cluster 1: program (2,0,0) */
  for (uint8_t a = 0; a < 2; a++) {
    r.log.text[0] = 0;
    for (int k = 0; k < 4 && !strstr(r.log.text, "clc_query_cancel"); k++)
      ck_assert_int_eq(sim_step(r.m, r.st, (sim_trans){SIM_TR_AGENT, a}, &r.log), 0);
    ck_assert_msg(strstr(r.log.text, "ctaid (2,0,0)"), "CTA %u read '%s'", a, r.log.text);
  }
  rig_down(&r);
}
END_TEST

START_TEST(multicast_into_exited_cta) {
  /* CTA 0 multicasts a request and does not wait for it: CTA 1 may exit while the response
   * and complete_tx are still on their way to it (§6.3: undefined) */
  static const char *text =
      CLUSTER2_REQUEST
      END;
  rig r;
  rig_up(&r, text, 4, 1, 0);
  /* both CTAs pass the cluster barrier after init; CTA 0 issues and waits at the exit
   * barrier first, so CTA 1 completes it and exits while the request is in flight */
  ck_assert_int_eq(run_cta(&r, 0, 40), 0); /* init, cluster arrive, blocks in the wait */
  ck_assert_int_eq(run_cta(&r, 1, 2), 0);  /* init, arrive: the generation completes */
  ck_assert_int_eq(run_cta(&r, 0, 40), 0); /* expect, try_cancel, exit barrier: blocks */
  ck_assert_int_eq(sim_n_events(r.m, r.st), 4);
  ck_assert_int_eq(run_cta(&r, 1, 40), -1);
  ck_assert_int_ge(r.log.n_viol, 1);
  int kind = r.log.viol[0].kind;
  ck_assert_int_eq(kind, SIM_BUG_CLUSTER_EXIT);
  rig_down(&r);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_clc");
  TCase *t = tcase_create("clc");
  tcase_add_test(t, success_takes_next_program);
  tcase_add_test(t, failure_gives_minus_one);
  tcase_add_test(t, empty_pool_fails);
  tcase_add_test(t, pool_order_and_bound);
  tcase_add_test(t, retry_after_fail);
  tcase_add_test(t, retry_after_success_is_fine);
  tcase_add_test(t, query_unwritten);
  tcase_add_test(t, program_id_of_failed_response);
  tcase_add_test(t, read_races_with_try_cancel);
  tcase_add_test(t, multicast_cluster);
  tcase_add_test(t, multicast_into_exited_cta);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
