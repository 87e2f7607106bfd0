/* test_sim_mbar.c: the mbarrier state machine of semantics.md §1.2-§1.4: init / inval ranges,
 * arrive-on and completion, expect-tx / complete-tx with signed counts, arrive_drop, parity
 * waits, over-arrival, tx range, and the phase-alias intent of §1.4. */
#include <check.h>
#include <limits.h>

#include "sim/sim_internal.h"
#include "check_run.h"

static sim_mbar fresh(int32_t count) {
  sim_mbar b;
  memset(&b, 0, sizeof b);
  ck_assert_int_eq(sim_mbar_init(&b, count), SIM_MB_OK);
  return b;
}

START_TEST(init_state) {
  sim_mbar b = fresh(3);
  ck_assert_int_eq(b.phase, 0);
  ck_assert_int_eq(b.pending, 3);
  ck_assert_int_eq(b.expected, 3);
  ck_assert_int_eq(b.tx, 0);
  ck_assert(b.valid);
}
END_TEST

START_TEST(init_range_and_reinit) {
  sim_mbar b;
  memset(&b, 0, sizeof b);
  ck_assert_int_eq(sim_mbar_init(&b, 0), SIM_MB_BAD_COUNT);          /* c in [1, 2^20-1] */
  ck_assert_int_eq(sim_mbar_init(&b, 1 << 20), SIM_MB_BAD_COUNT);
  ck_assert_int_eq(sim_mbar_init(&b, (1 << 20) - 1), SIM_MB_OK);
  ck_assert_int_eq(sim_mbar_init(&b, 1), SIM_MB_REINIT);             /* valid: inval first */
  ck_assert_int_eq(sim_mbar_inval(&b), SIM_MB_OK);
  ck_assert_int_eq(sim_mbar_init(&b, 1), SIM_MB_OK);
}
END_TEST

START_TEST(ops_on_invalid) {
  sim_mbar b;
  memset(&b, 0, sizeof b);
  ck_assert_int_eq(sim_mbar_arrive(&b, 1), SIM_MB_INVALID);          /* before init */
  ck_assert_int_eq(sim_mbar_expect_tx(&b, 8), SIM_MB_INVALID);
  ck_assert_int_eq(sim_mbar_complete_tx(&b, 8), SIM_MB_INVALID);
  ck_assert_int_eq(sim_mbar_inval(&b), SIM_MB_INVALID);
  b = fresh(1);
  ck_assert_int_eq(sim_mbar_inval(&b), SIM_MB_OK);
  ck_assert_int_eq(sim_mbar_arrive(&b, 1), SIM_MB_INVALID);          /* after inval */
  ck_assert_int_eq(sim_mbar_arrive_drop(&b, 1), SIM_MB_INVALID);
}
END_TEST

START_TEST(arrive_completes_phase) {
  sim_mbar b = fresh(2);
  ck_assert_int_eq(sim_mbar_arrive(&b, 1), SIM_MB_OK);
  ck_assert_int_eq(b.pending, 1);
  ck_assert_int_eq(sim_mbar_arrive(&b, 1), SIM_MB_COMPLETED);
  ck_assert_int_eq(b.phase, 1);
  ck_assert_int_eq(b.pending, 2);                                     /* reset to expected */
  ck_assert_int_eq(sim_mbar_arrive(&b, 2), SIM_MB_COMPLETED);         /* count n at once */
  ck_assert_int_eq(b.phase, 2);
}
END_TEST

START_TEST(over_arrival) {
  sim_mbar b = fresh(1);
  ck_assert_int_eq(sim_mbar_arrive(&b, 2), SIM_MB_OVER_ARRIVAL);      /* n > pending */
  ck_assert_int_eq(b.pending, 1);                                     /* never wraps */
  /* the classic case: pending 0 but the phase still waits for bytes */
  ck_assert_int_eq(sim_mbar_arrive_expect(&b, 64), SIM_MB_OK);
  ck_assert_int_eq(b.pending, 0);
  ck_assert_int_eq(b.tx, 64);
  ck_assert_int_eq(sim_mbar_arrive(&b, 1), SIM_MB_OVER_ARRIVAL);
  ck_assert_int_eq(sim_mbar_arrive_expect(&b, 64), SIM_MB_OVER_ARRIVAL); /* two expects, count 1 */
}
END_TEST

START_TEST(expect_then_complete) {
  sim_mbar b = fresh(1);
  /* arrive.expect_tx: expect first, then arrive: its own bytes never complete the phase */
  ck_assert_int_eq(sim_mbar_arrive_expect(&b, 16384), SIM_MB_OK);
  ck_assert_int_eq(b.phase, 0);
  ck_assert_int_eq(sim_mbar_complete_tx(&b, 8192), SIM_MB_OK);
  ck_assert_int_eq(b.tx, 8192);
  ck_assert_int_eq(sim_mbar_complete_tx(&b, 8192), SIM_MB_COMPLETED);
  ck_assert_int_eq(b.phase, 1);
  ck_assert_int_eq(b.tx, 0);
  /* a zero-byte expect completes at once */
  ck_assert_int_eq(sim_mbar_arrive_expect(&b, 0), SIM_MB_COMPLETED);
  ck_assert_int_eq(b.phase, 2);
}
END_TEST

START_TEST(complete_before_expect) {
  sim_mbar b = fresh(1);
  /* tx may go negative: complete_tx may precede expect_tx (§1.1) */
  ck_assert_int_eq(sim_mbar_complete_tx(&b, 8192), SIM_MB_OK);
  ck_assert_int_eq(b.tx, -8192);
  ck_assert_int_eq(b.phase, 0);                                        /* pending still 1 */
  ck_assert_int_eq(sim_mbar_arrive_expect(&b, 8192), SIM_MB_COMPLETED);
  ck_assert_int_eq(b.tx, 0);
}
END_TEST

START_TEST(leftover_bytes_next_phase) {
  sim_mbar b = fresh(1);
  /* expect too few bytes: the phase completes, the rest is charged to the next phase */
  ck_assert_int_eq(sim_mbar_arrive_expect(&b, 8192), SIM_MB_OK);
  ck_assert_int_eq(sim_mbar_complete_tx(&b, 8192), SIM_MB_COMPLETED);
  ck_assert_int_eq(sim_mbar_complete_tx(&b, 8192), SIM_MB_OK);
  ck_assert_int_eq(b.phase, 1);
  ck_assert_int_eq(b.tx, -8192);
}
END_TEST

START_TEST(tx_range) {
  sim_mbar b = fresh(1);
  ck_assert_int_eq(sim_mbar_expect_tx(&b, (1 << 20) - 1), SIM_MB_OK);
  ck_assert_int_eq(sim_mbar_expect_tx(&b, 1), SIM_MB_TX_RANGE);       /* §1.5.3 */
  ck_assert_int_eq(b.tx, (1 << 20) - 1);
  sim_mbar c = fresh(1);
  ck_assert_int_eq(sim_mbar_complete_tx(&c, (1 << 20) - 1), SIM_MB_OK);
  ck_assert_int_eq(sim_mbar_complete_tx(&c, 1), SIM_MB_TX_RANGE);
}
END_TEST

START_TEST(arrive_drop) {
  sim_mbar b = fresh(3);
  ck_assert_int_eq(sim_mbar_arrive_drop(&b, 1), SIM_MB_OK);
  ck_assert_int_eq(b.expected, 2);
  ck_assert_int_eq(b.pending, 2);
  ck_assert_int_eq(sim_mbar_arrive(&b, 2), SIM_MB_COMPLETED);
  ck_assert_int_eq(b.pending, 2);                                      /* later phases: 2 */
  ck_assert_int_eq(sim_mbar_arrive_drop(&b, 2), SIM_MB_EXPECTED_RANGE);/* expected would be 0 */
}
END_TEST

START_TEST(parity_waits) {
  sim_mbar b = fresh(1);
  /* fresh barrier: parity 1 (virtual phase -1) passes, parity 0 blocks (§1.3) */
  ck_assert(sim_mbar_test_wait(&b, 1));
  ck_assert(!sim_mbar_test_wait(&b, 0));
  sim_mbar_arrive(&b, 1);
  ck_assert(sim_mbar_test_wait(&b, 0));
  ck_assert(!sim_mbar_test_wait(&b, 1));
  sim_mbar_arrive(&b, 1);
  ck_assert(sim_mbar_test_wait(&b, 1));                                /* only parity matters */
  ck_assert(sim_mbar_test_wait(&b, 3));
}
END_TEST

START_TEST(alias_intent) {
  /* §1.4: first wait intends phase 0 (p=0) or -1 (p=1); later: +1 on a parity flip, and the
   * phase it already passed on for the same parity (a re-wait, sim_mbar.c) */
  ck_assert_int_eq(sim_mbar_intent(INT32_MIN, 0), 0);
  ck_assert_int_eq(sim_mbar_intent(INT32_MIN, 1), -1);
  ck_assert_int_eq(sim_mbar_intent(-1, 0), 0);
  ck_assert_int_eq(sim_mbar_intent(0, 1), 1);
  ck_assert_int_eq(sim_mbar_intent(1, 0), 2);
  ck_assert_int_eq(sim_mbar_intent(0, 0), 0);
  ck_assert_int_eq(sim_mbar_intent(-1, 1), -1);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_mbar");
  TCase *t = tcase_create("mbar");
  tcase_add_test(t, init_state);
  tcase_add_test(t, init_range_and_reinit);
  tcase_add_test(t, ops_on_invalid);
  tcase_add_test(t, arrive_completes_phase);
  tcase_add_test(t, over_arrival);
  tcase_add_test(t, expect_then_complete);
  tcase_add_test(t, complete_before_expect);
  tcase_add_test(t, leftover_bytes_next_phase);
  tcase_add_test(t, tx_range);
  tcase_add_test(t, arrive_drop);
  tcase_add_test(t, parity_waits);
  tcase_add_test(t, alias_intent);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
