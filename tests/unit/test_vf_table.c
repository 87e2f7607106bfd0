/* test_vf_table.c: the visited-state set (vf_table.c): a hash is new exactly once, through
 * every doubling of the table and past the recent-insert cache; keys that share one half
 * (lo or hi) are distinct; all keys land in one probe chain and still are told apart; the
 * count and the bytes follow the growth; vf_big_zalloc gives zeroed memory at both sizes. */
#include <check.h>
#include <stdlib.h>

#include "verify/vf.h"
#include "check_run.h"

static sim_hash128 h(uint64_t k) { return (sim_hash128){k * 0x9e3779b97f4a7c15ull, ~k}; }

START_TEST(new_once_through_growth) {
  vf_table *t = vf_table_new();
  size_t b0 = vf_table_bytes(t);
  const uint64_t n = 300000; /* several doublings from the initial 65536 slots */
  for (uint64_t k = 1; k <= n; k++) {
    ck_assert(vf_table_insert(t, h(k)));
    ck_assert(!vf_table_insert(t, h(k))); /* at once: the recent cache answers */
  }
  ck_assert_uint_eq(vf_table_count(t), n);
  for (uint64_t k = 1; k <= n; k += 3) ck_assert(!vf_table_insert(t, h(k))); /* after growth */
  ck_assert_uint_eq(vf_table_count(t), n);
  ck_assert_uint_gt(vf_table_bytes(t), b0);
  /* load stays at most 3/4: the slots (16 bytes each) outnumber the keys by a third */
  ck_assert_uint_ge(vf_table_bytes(t), n * 4 / 3 * sizeof(sim_hash128));
  vf_table_free(t);
}
END_TEST

START_TEST(halves_are_distinct) {
  vf_table *t = vf_table_new();
  /* same lo, different hi: one probe chain, distinct keys (and one recent-cache line each) */
  for (uint64_t k = 1; k <= 1000; k++) ck_assert(vf_table_insert(t, (sim_hash128){42, k}));
  /* same hi, different lo: the same recent-cache line, evicting each other */
  for (uint64_t k = 1; k <= 1000; k++) ck_assert(vf_table_insert(t, (sim_hash128){k << 20, 7}));
  for (uint64_t k = 1; k <= 1000; k++) {
    ck_assert(!vf_table_insert(t, (sim_hash128){42, k}));
    ck_assert(!vf_table_insert(t, (sim_hash128){k << 20, 7}));
  }
  ck_assert_uint_eq(vf_table_count(t), 2000);
  vf_table_free(t);
}
END_TEST

START_TEST(zero_key) {
  vf_table *t = vf_table_new();
  ck_assert(vf_table_insert(t, (sim_hash128){0, 0})); /* the empty slot's pattern is a key too */
  ck_assert(!vf_table_insert(t, (sim_hash128){0, 0}));
  ck_assert(vf_table_insert(t, (sim_hash128){0, 1}));
  ck_assert_uint_eq(vf_table_count(t), 2);
  vf_table_free(t);
}
END_TEST

START_TEST(big_zalloc) {
  static const size_t sizes[] = {1, 4096, (size_t)3 << 20};
  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
    unsigned char *p = vf_big_zalloc(sizes[s]);
    ck_assert_ptr_nonnull(p);
    for (size_t i = 0; i < sizes[s]; i += 511) ck_assert_uint_eq(p[i], 0);
    ck_assert_uint_eq(p[sizes[s] - 1], 0);
    p[sizes[s] - 1] = 1; /* writable to the end */
    vf_big_free(p, sizes[s]);
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("vf_table");
  TCase *t = tcase_create("table");
  tcase_set_timeout(t, 60);
  tcase_add_test(t, new_once_through_growth);
  tcase_add_test(t, halves_are_distinct);
  tcase_add_test(t, zero_key);
  tcase_add_test(t, big_zalloc);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
