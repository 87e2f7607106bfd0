/* test_obs_mbar.c: the mbarrier word decoder (verify/obs_mbar.c) against the layout of
 * /work/shared/docs/hangs.md §2, and against the words an H200 wrote for 13 barrier states
 * whose counts PTX defines (tests/device/ref/mbar/mbar_words.tsv, made by
 * tests/device/mbar_word.sh). */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "verify/obs.h"

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

/* Each row: the state PTX defines (count, pending, tx still owed, phase parity), the word read
 * after mbarrier.inval (the live state), and test_wait.parity for parity 0 and 1. */
START_TEST(h200_words) {
  char path[4096];
  snprintf(path, sizeof path, "%s/tests/device/ref/mbar/mbar_words.tsv", TLXV_SRC);
  FILE *f = fopen(path, "r");
  ck_assert_msg(f != NULL, "cannot open %s", path);
  char line[1024];
  int rows = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    char *tab = strchr(line, '\t');
    ck_assert(tab != NULL);
    int count, pending, tx, phase;
    unsigned tw0, tw1;
    uint64_t plain, late, inval, state;
    ck_assert_int_eq(sscanf(tab, "%d %d %d %d %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64 " %u %u", &count,
                            &pending, &tx, &phase, &plain, &late, &inval, &state, &tw0, &tw1),
                     10);
    obs_mbar b = obs_mbar_decode(inval);
    ck_assert_msg(b.expected == count && b.pending == pending && b.tx == tx && b.phase == phase && !b.locked,
                  "%.*s: 0x%016" PRIx64 " decodes as expected %d pending %d tx %d phase %d", (int)(tab - line),
                  line, inval, b.expected, b.pending, b.tx, b.phase);
    ck_assert_uint_eq(obs_mbar_encode(&b), inval);
    /* test_wait.parity(P) passes once the phase of parity P is complete: P != current parity */
    ck_assert_uint_eq(tw0, (unsigned)(phase != 0));
    ck_assert_uint_eq(tw1, (unsigned)(phase != 1));
    rows++;
  }
  fclose(f);
  ck_assert_int_eq(rows, 13);
}
END_TEST

int main(void) {
  Suite *s = suite_create("obs_mbar");
  TCase *tc = tcase_create("decode");
  tcase_add_test(tc, init_count_32);
  tcase_add_test(tc, fields);
  tcase_add_test(tc, h200_words);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
