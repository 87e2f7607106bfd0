/* test_obs_mbar.c: the mbarrier word decoder (verify/obs_mbar.c) against the
 * reverse-engineered Hopper layout of /work/shared/docs/hangs.md §2 (to be confirmed on a
 * GPU): SASS initialises a barrier of count 32 as 0x7fff0000_001fffc0. */
#include <check.h>

#include "check_run.h"
#include "obs.h"

START_TEST(init_count_32) {
  obs_mbar b = obs_mbar_decode(0x7fff0000001fffc0ull);
  ck_assert_int_eq(b.expected, 32);
  ck_assert_int_eq(b.pending, 32);
  ck_assert_int_eq(b.tx, 0);
  ck_assert(!b.locked);
  ck_assert_int_eq(b.phase, 0);
}
END_TEST

START_TEST(fields) {
  /* phase bit 63, lock bit 42, a negative tx-count (more bytes delivered than expected) */
  obs_mbar b = {.expected = 1, .pending = 1, .tx = -1024, .locked = true, .phase = 1};
  uint64_t w = obs_mbar_encode(&b);
  ck_assert(w >> 63);
  ck_assert((w >> 42) & 1);
  ck_assert(!(w & 1)); /* bit 0 reserved */
  obs_mbar d = obs_mbar_decode(w);
  ck_assert_int_eq(d.expected, 1);
  ck_assert_int_eq(d.pending, 1);
  ck_assert_int_eq(d.tx, -1024);
  ck_assert(d.locked);
  ck_assert_int_eq(d.phase, 1);
  /* 16384 bytes outstanding, 0 arrivals pending of 2 */
  obs_mbar e = obs_mbar_decode(obs_mbar_encode(&(obs_mbar){.expected = 2, .pending = 0, .tx = 16384}));
  ck_assert_int_eq(e.tx, 16384);
  ck_assert_int_eq(e.pending, 0);
  ck_assert_int_eq(e.expected, 2);
  obs_facts f = {0};
  obs_facts_from_word(&f, 0x7ffff800001ffffeull);
  ck_assert(f.has_phase && f.has_pending && f.has_tx && !f.has_parity);
  ck_assert_int_eq(f.pending, 1);
}
END_TEST

int main(void) {
  Suite *s = suite_create("obs_mbar");
  TCase *tc = tcase_create("decode");
  tcase_add_test(tc, init_count_32);
  tcase_add_test(tc, fields);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
