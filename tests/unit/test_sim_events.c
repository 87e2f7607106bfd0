/* test_sim_events.c: the event queue of a state (sim_events.c): events sorted by issuing
 * agent and FIFO within an agent (the canonical order the state hash relies on), removal,
 * counting, which events may complete now (TMA loads in any order; TMA stores, wgmma groups and
 * cp.async groups in issue order per agent, §2.2 §3; a tied commit never on its own, §4.4),
 * and the bound on events in flight (the path stops, the bound is noted: inconclusive). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/sim_internal.h"
#include "check_run.h"
#include "sim_rig.h"

/* Three agents (the parent and two partitions) and nothing else: a machine to hold events. */
static const char *k_three =
  "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
  "  tt.func public @k() {\n"
  "    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 24, 24>}\n"
  "    default {\n"
  "      ttg.warp_yield\n"
  "    }\n"
  "    partition0() num_warps(1) {\n"
  "      ttg.warp_return\n"
  "    }\n"
  "    partition1() num_warps(1) {\n"
  "      ttg.warp_return\n"
  "    } : () -> ()\n"
  "    tt.return\n  }\n}\n";

static void rig_up(rig *r) {
  sim_opts o = {0};
  rig_up_opts(r, k_three, &o);
  ck_assert_uint_eq(r->m->n_agents, 3);
  ck_assert_uint_eq(sim_n_events(r->m, r->st), 0);
}

/* Adds an event of kind by agent a, tagged with ins (to tell events apart). */
static void add(rig *r, uint8_t kind, uint8_t a, uint32_t ins) {
  sim_event e;
  memset(&e, 0, sizeof e);
  e.kind = kind;
  e.agent = a;
  e.ins = ins;
  e.bar = e.bar2 = SIM_NOBAR;
  ck_assert_ptr_nonnull(sim_ev_add(r->m, r->st, &e, &r->log));
}

static const sim_event *ev(rig *r, uint32_t k) { return &st_cevents(r->m, r->st)[k]; }

START_TEST(sorted_by_agent_fifo_within) {
  rig r;
  rig_up(&r);
  add(&r, SIM_EV_TMA_LOAD, 2, 10);
  add(&r, SIM_EV_TMA_LOAD, 0, 11);
  add(&r, SIM_EV_TMA_LOAD, 1, 12);
  add(&r, SIM_EV_TMA_LOAD, 0, 13);
  add(&r, SIM_EV_TMA_LOAD, 2, 14);
  static const uint32_t want_ins[] = {11, 13, 12, 10, 14}, want_agent[] = {0, 0, 1, 2, 2};
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 5);
  for (uint32_t k = 0; k < 5; k++) {
    ck_assert_uint_eq(ev(&r, k)->ins, want_ins[k]);
    ck_assert_uint_eq(ev(&r, k)->agent, want_agent[k]);
    ck_assert_uint_eq(sim_event_agent(r.m, r.st, k), want_agent[k]);
  }
  ck_assert_uint_eq(sim_ev_count_agent(r.m, r.st, 0, SIM_EV_TMA_LOAD), 2);
  ck_assert_uint_eq(sim_ev_count_agent(r.m, r.st, 1, SIM_EV_TMA_LOAD), 1);
  ck_assert_uint_eq(sim_ev_count_agent(r.m, r.st, 1, SIM_EV_WGMMA), 0);
  rig_down(&r);
}
END_TEST

START_TEST(remove_keeps_order_and_zeroes_the_tail) {
  rig r;
  rig_up(&r);
  add(&r, SIM_EV_TMA_LOAD, 0, 1);
  add(&r, SIM_EV_TMA_LOAD, 1, 2);
  add(&r, SIM_EV_TMA_LOAD, 2, 3);
  size_t used = sim_state_used(r.m, r.st);
  sim_ev_remove(r.m, r.st, 1);
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 2);
  ck_assert_uint_eq(ev(&r, 0)->ins, 1);
  ck_assert_uint_eq(ev(&r, 1)->ins, 3);
  ck_assert_uint_eq(sim_state_used(r.m, r.st), used - sizeof(sim_event));
  /* the freed slot is zero: equal queues are equal bytes (canonical states) */
  sim_event zero;
  memset(&zero, 0, sizeof zero);
  ck_assert_int_eq(memcmp(&st_cevents(r.m, r.st)[2], &zero, sizeof zero), 0);
  rig_down(&r);
}
END_TEST

START_TEST(completion_order) {
  rig r;
  rig_up(&r);
  add(&r, SIM_EV_TMA_LOAD, 0, 1);  /* 0 */
  add(&r, SIM_EV_TMA_STORE, 0, 2); /* 1 */
  add(&r, SIM_EV_TMA_LOAD, 0, 3);  /* 2 */
  add(&r, SIM_EV_TMA_STORE, 0, 4); /* 3 */
  add(&r, SIM_EV_TMA_STORE, 1, 5); /* 4: another agent's store */
  add(&r, SIM_EV_WGMMA, 2, 6);     /* 5 */
  add(&r, SIM_EV_WGMMA, 2, 7);     /* 6 */
  ck_assert(sim_ev_completable(r.m, r.st, 0)); /* loads complete in any order */
  ck_assert(sim_ev_completable(r.m, r.st, 2));
  ck_assert(sim_ev_completable(r.m, r.st, 1)); /* the oldest store of agent 0 */
  ck_assert(!sim_ev_completable(r.m, r.st, 3)); /* bulk groups in issue order (§2.2) */
  ck_assert(sim_ev_completable(r.m, r.st, 4)); /* per agent */
  ck_assert(sim_ev_completable(r.m, r.st, 5));
  ck_assert(!sim_ev_completable(r.m, r.st, 6)); /* wgmma groups in order (§3) */
  ck_assert(sim_ev_is_oldest(r.m, r.st, 3, 1u << SIM_EV_TMA_LOAD) == false);
  ck_assert(sim_ev_is_oldest(r.m, r.st, 3, 1u << SIM_EV_WGMMA));
  sim_trans en[SIM_MAX_TRANS];
  int n = sim_enabled(r.m, r.st, en), n_ev = 0;
  for (int k = 0; k < n; k++) n_ev += en[k].kind == SIM_TR_EVENT;
  ck_assert_int_eq(n_ev, 5);
  sim_ev_remove(r.m, r.st, 1); /* the first store completed: the second may go */
  ck_assert(sim_ev_completable(r.m, r.st, 2));
  rig_down(&r);
}
END_TEST

START_TEST(tied_commit_waits_for_its_mma) {
  rig r;
  rig_up(&r);
  add(&r, SIM_EV_MMA5, 1, 1);
  sim_event e;
  memset(&e, 0, sizeof e);
  e.kind = SIM_EV_COMMIT5;
  e.agent = 1;
  e.bar = e.bar2 = SIM_NOBAR;
  e.flags = SIM_EVF_TIED;
  ck_assert_ptr_nonnull(sim_ev_add(r.m, r.st, &e, &r.log));
  add(&r, SIM_EV_COMMIT5, 1, 3);
  ck_assert(sim_ev_completable(r.m, r.st, 0));
  ck_assert(!sim_ev_completable(r.m, r.st, 1)); /* completes with its MMA */
  ck_assert(!sim_ev_completable(r.m, r.st, 2)); /* a commit waits for older tcgen05 ops */
  rig_down(&r);
}
END_TEST

START_TEST(bound_on_events_in_flight) {
  rig r;
  rig_up(&r);
  for (uint32_t k = 0; k < SIM_MAX_EVENTS; k++) add(&r, SIM_EV_TMA_LOAD, (uint8_t)(k % 3), k);
  ck_assert(!r.log.bound);
  sim_event e;
  memset(&e, 0, sizeof e);
  e.kind = SIM_EV_TMA_LOAD;
  e.ins = UINT32_MAX; /* no instruction: the bound names none */
  ck_assert_ptr_null(sim_ev_add(r.m, r.st, &e, &r.log));
  ck_assert(r.log.bound);
  ck_assert_msg(strstr(r.log.text, "async operations in flight"), "%s", r.log.text);
  ck_assert_uint_eq(sim_n_events(r.m, r.st), SIM_MAX_EVENTS);
  ck_assert_uint_le(sim_state_used(r.m, r.st), sim_state_size(r.m));
  rig_down(&r);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_events");
  TCase *t = tcase_create("events");
  tcase_add_test(t, sorted_by_agent_fifo_within);
  tcase_add_test(t, remove_keeps_order_and_zeroes_the_tail);
  tcase_add_test(t, completion_order);
  tcase_add_test(t, tied_commit_waits_for_its_mma);
  tcase_add_test(t, bound_on_events_in_flight);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
