/* test_vf_table.c: the visited-state table (verify/vf_table.c): membership of 119-bit keys
 * through growth, the recent-insert cache, the shared table (threads inserting at once into
 * shards that grow, starting small), growth in place with runs of full slots wrapping around, a reduced search, keys sharing one half told apart, vf_big_zalloc giving zeroed memory at both sizes, and the explorer's on-stack set
 * (vf_onstack.c) against a plain list through growth and backward-shift removals. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "verify/vf.h"
#include "verify/vf_dfs.h"
#include "check_run.h"

static sim_hash128 hk(uint64_t k) { return (sim_hash128){k * 0x9e3779b97f4a7c15ull, k ^ 0x5555}; }

START_TEST(membership_through_growth) {
  vf_table *t = vf_table_new();
  uint32_t g0 = vf_table_generation(t);
  for (uint64_t k = 1; k <= 300000; k++) ck_assert(vf_table_insert(t, hk(k)));
  ck_assert_uint_gt(vf_table_generation(t), g0); /* it grew */
  for (uint64_t k = 1; k <= 300000; k += 3) ck_assert(!vf_table_insert(t, hk(k)));
  for (uint64_t k = 300001; k <= 300100; k++) ck_assert(!vf_table_has(t, hk(k)));
  for (uint64_t k = 1; k <= 300000; k += 7) ck_assert(vf_table_has(t, hk(k)));
  ck_assert_uint_eq(vf_table_count(t), 300000);
  ck_assert(vf_table_insert(t, (sim_hash128){0, 0})); /* the empty key is still a key */
  ck_assert(!vf_table_insert(t, (sim_hash128){0, 0}));
  ck_assert(vf_table_has(t, (sim_hash128){0, 0}));
  vf_table_free(t);
}
END_TEST

/* A table of 2 MiB and more doubles in place (vf_table.c part_double_in_place): runs of full
 * slots that wrap from the end of the table to its start, at every size from 2^17 to 2^20
 * slots (keys whose home is one of the last 64 slots there, with the higher bits varying, so
 * some stay and some move up and wrap again), among spread keys; every key so far is found
 * at each power of two of keys (so between any two doublings) and none is inserted twice. */
START_TEST(in_place_growth_with_wrapping_runs) {
  vf_table *t = vf_table_new();
  uint64_t n = 0, rng = 88172645463325252ull;
  sim_hash128 *keys = malloc(900000 * sizeof *keys);
  ck_assert(keys);
  for (uint64_t k = 1; k <= 800000; k++) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    sim_hash128 h = hk(k);
    if (k % 64 == 0) { /* a key at the end of a table of 2^L slots, L = 17..20 */
      unsigned L = 17 + (unsigned)(rng % 4);
      uint64_t top = (1ull << L) - 1 - (rng >> 8 & 63);
      h = (sim_hash128){(rng >> 11 << L) | top, rng ^ k};
    }
    if (!vf_table_insert(t, h)) continue; /* a repeated random key */
    keys[n++] = h;
    if ((k & (k - 1)) == 0 || k % 99991 == 0)
      for (uint64_t j = 0; j < n; j++) ck_assert(vf_table_has(t, keys[j]));
  }
  ck_assert_uint_gt(n, 790000);
  ck_assert_uint_eq(vf_table_count(t), n);
  for (uint64_t j = 0; j < n; j++) ck_assert(!vf_table_insert(t, keys[j]));
  ck_assert_uint_eq(vf_table_count(t), n);
  free(keys);
  vf_table_free(t);
}
END_TEST

/* The key is 119 bits: the top 9 bits of hi are not part of it (bit 55 is always set), and
 * a zero lo is taken as 1. */
START_TEST(keys_are_119_bits) {
  vf_table *t = vf_table_new();
  sim_hash128 a = {12345, 678}, b = {12345, 678 | (0x1ffull << 55)};
  ck_assert(vf_table_insert(t, a));
  ck_assert(!vf_table_insert(t, b));
  ck_assert(vf_table_has(t, b));
  ck_assert(vf_table_insert(t, (sim_hash128){12345, 679})); /* any other bit matters */
  ck_assert(vf_table_insert(t, (sim_hash128){12344, 678}));
  ck_assert(vf_table_insert(t, (sim_hash128){12345, 678 | (1ull << 54)}));
  ck_assert(vf_table_insert(t, (sim_hash128){0, 5}));
  ck_assert(!vf_table_insert(t, (sim_hash128){1, 5}));
  vf_table_free(t);
}
END_TEST

/* The reduced search (its cycle proviso keeps the stack's states in a set of its own,
 * vf_onstack.c) explores the states and transitions it always did. */
START_TEST(reduced_search_unchanged) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/corpus/gluon/ws_add.bug0.ttgir", TLXV_SRC);
  ir_diag d = {0};
  ir_module *mod = ir_parse_file(path, &d);
  ck_assert_msg(mod, "%s", d.msg);
  uint64_t args[17] = {0};
  args[15] = 256;
  args[16] = 16384;
  sim_opts so = {.mod = mod, .args = args, .n_args = 17};
  sim_err err;
  sim_machine *m = sim_machine_new(&so, &err);
  ck_assert_msg(m, "%s", err.msg);
  vf_opts o = {0};
  vf_result r = {0};
  vf_explore(m, &o, &r);
  ck_assert_int_eq(r.verdict, VF_VERIFIED);
  ck_assert_uint_eq(r.st.states, 18127); /* docs/verifier.md §6: the reduced search of this run */
  ck_assert_uint_eq(r.st.transitions, 19152);
  vf_result_free(&r);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

/* Threads inserting overlapping key ranges into one shared table at once: every key is new
 * for exactly one of them, and every key is found afterwards; the shards grew from a small
 * start. */
enum { THREADS = 4, PER = 60000 };
typedef struct ins_job {
  vf_table *t;
  uint32_t id;
  uint64_t fresh;
} ins_job;

static void *insert_range(void *p) {
  ins_job *j = p;
  for (uint64_t k = 1; k <= PER; k++) {
    uint64_t key = (k + (uint64_t)j->id * PER / 2) % (PER * 2) + 1; /* half shared with the next */
    if (vf_table_insert(j->t, hk(key))) j->fresh++;
    ck_assert(vf_table_has(j->t, hk(key)));
  }
  return NULL;
}

START_TEST(shared_table) {
  vf_table *t = vf_table_new_shared(THREADS);
  size_t small = vf_table_bytes(t);
  ck_assert_uint_le(small, (size_t)4 << 20); /* sized by the threads, not by a state bound */
  pthread_t th[THREADS];
  ins_job jobs[THREADS];
  for (uint32_t k = 0; k < THREADS; k++) {
    jobs[k] = (ins_job){.t = t, .id = k};
    ck_assert_int_eq(pthread_create(&th[k], NULL, insert_range, &jobs[k]), 0);
  }
  uint64_t fresh = 0;
  for (uint32_t k = 0; k < THREADS; k++) {
    pthread_join(th[k], NULL);
    fresh += jobs[k].fresh;
  }
  ck_assert_uint_eq(fresh, PER * 2); /* the union of the ranges, each key new once */
  ck_assert_uint_eq(vf_table_count(t), PER * 2);
  for (uint64_t key = 1; key <= PER * 2; key++) ck_assert(vf_table_has(t, hk(key)));
  for (uint64_t key = PER * 2 + 1; key <= PER * 2 + 1000; key++) ck_assert(!vf_table_has(t, hk(key)));
  ck_assert_uint_gt(vf_table_generation(t), 0); /* shards grew */
  ck_assert_uint_gt(vf_table_bytes(t), small);
  vf_table_free(t);
  /* one thread's shared table: the same set */
  t = vf_table_new_shared(1);
  for (uint64_t k = 1; k <= 5000; k++) ck_assert(vf_table_insert(t, hk(k)));
  for (uint64_t k = 1; k <= 5000; k++) ck_assert(!vf_table_insert(t, hk(k)));
  ck_assert(vf_table_insert(t, (sim_hash128){0, 0}));
  ck_assert(!vf_table_insert(t, (sim_hash128){1, 0}));
  ck_assert_uint_eq(vf_table_count(t), 5001);
  vf_table_free(t);
}
END_TEST

/* Searchers' caches in front of a shared table answer as the table does: a key is new once,
 * whichever searcher meets it first, and keys sharing a cache line (same hi) stay apart. */
START_TEST(cached_inserts) {
  vf_table *t = vf_table_new_shared(2);
  sim_hash128 *c1 = calloc(VF_RECENT, sizeof *c1), *c2 = calloc(VF_RECENT, sizeof *c2);
  for (uint64_t k = 1; k <= 3000; k++) ck_assert(vf_table_insert_cached(t, c1, hk(k)));
  for (uint64_t k = 1; k <= 3000; k++) {
    ck_assert(!vf_table_insert_cached(t, c1, hk(k))); /* mostly from c1 itself */
    ck_assert(!vf_table_insert_cached(t, c2, hk(k))); /* from the table */
  }
  for (uint64_t k = 1; k <= 500; k++) ck_assert(vf_table_insert_cached(t, c2, (sim_hash128){k << 20, 9}));
  for (uint64_t k = 1; k <= 500; k++) {
    ck_assert(!vf_table_insert_cached(t, c1, (sim_hash128){k << 20, 9}));
    ck_assert(!vf_table_insert(t, (sim_hash128){k << 20, 9}));
  }
  ck_assert(vf_table_insert_cached(t, c1, (sim_hash128){0, 0})); /* the empty key is a key */
  ck_assert(!vf_table_insert_cached(t, c2, (sim_hash128){0, 0}));
  ck_assert_uint_eq(vf_table_count(t), 3501);
  free(c1);
  free(c2);
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

/* The on-stack set: keys pushed and popped in stack order and removed out of order, with
 * colliding homes (equal lo), checked against a plain array after every operation. */
START_TEST(onstack_set) {
  vf_onstack s;
  vf_onstack_init(&s);
  enum { N = 5000 };
  static sim_hash128 in[N];
  static bool live[N];
  uint64_t x = 88172645463325252ull;
  for (uint32_t k = 0; k < N; k++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    /* every 4th key shares lo with the one before (same home), differing in hi */
    in[k] = (k % 4 == 3) ? (sim_hash128){in[k - 1].lo, x} : (sim_hash128){x, x * 31};
    if (k == 7) in[k].lo = 0; /* lo 0 is a key too */
  }
  for (uint32_t k = 0; k < N; k++) {
    vf_onstack_add(&s, in[k]);
    live[k] = true;
    if (k % 3 == 2) { /* remove an earlier one */
      uint32_t j = (uint32_t)(k * 2654435761u % (k + 1));
      if (live[j]) {
        vf_onstack_remove(&s, in[j]);
        live[j] = false;
      }
    }
    if (k % 500 == 0 || k == N - 1)
      for (uint32_t j = 0; j < N; j++) ck_assert_int_eq(vf_onstack_has(&s, in[j]), j <= k && live[j]);
  }
  /* the top 8 bits of hi do not count, as in the visited table */
  sim_hash128 h = in[1];
  h.hi ^= 0xffull << 56;
  ck_assert(vf_onstack_has(&s, h) == live[1]);
  for (uint32_t j = N; j-- > 0;)
    if (live[j]) vf_onstack_remove(&s, in[j]);
  ck_assert_uint_eq(s.n, 0);
  for (uint32_t j = 0; j < N; j++) ck_assert(!vf_onstack_has(&s, in[j]));
  vf_onstack_free(&s);
}
END_TEST

int main(void) {
  Suite *s = suite_create("vf_table");
  TCase *t = tcase_create("core");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, membership_through_growth);
  tcase_add_test(t, keys_are_119_bits);
  tcase_add_test(t, in_place_growth_with_wrapping_runs);
  tcase_add_test(t, shared_table);
  tcase_add_test(t, cached_inserts);
  tcase_add_test(t, reduced_search_unchanged);
  tcase_add_test(t, halves_are_distinct);
  tcase_add_test(t, big_zalloc);
  tcase_add_test(t, onstack_set);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
