/* test_vf_align.c: the tile alignment of kernel arguments (vf_align.c), the wrap-around trip
 * counts of a loop in ring slots (vf_loop_wrap_counts) and the first-iteration loop counts
 * they use (sim_static_loops_first), on corpus and checker kernels. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "verify/vf_run.h"

typedef struct aligncase {
  const char *file;
  const char *arg;
  int64_t align;
} aligncase;

static const aligncase cases[] = {
    /* range(0, N_CTX, 128) and N_CTX // 128 - 1: 128; cdiv(N_CTX, 256) (BLOCK_M) would make the
     * KV loop skip counts: left out */
    {"tests/corpus/real/fa_d64_100.ok.ttgir", "N_CTX", 128},
    {"tests/corpus/real/fa_d64_100.ok.ttgir", "Z", 1},
    /* causal: the KV loops run to bounds of the tile index, not N_CTX: only cdiv(N_CTX, 256) */
    {"tests/corpus/real/fa_d64_causal_100.ok.ttgir", "N_CTX", 256},
    /* cdiv(ynumel, 64) as (ynumel + 63) / 64, lcm'd with tt.divisibility = 16 */
    {"tests/corpus/gluon/ws_add.bug0.ttgir", "ynumel", 64},
    {"tests/checkers/partial-tile.ok.ttgir", "N", 64},
    {"tests/checkers/partial-tile.ok.ttgir", "T", 1},
};

static ir_module *load(const char *file, vf_argplan *p) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, file);
  ir_diag d = {0};
  ir_module *m = ir_parse_file(path, &d);
  ck_assert_msg(m, "parse %s", path);
  sim_err err = {{0}};
  ck_assert_int_eq(vf_argplan_init(p, m, &err), 0);
  return m;
}

START_TEST(alignment) {
  const aligncase *c = &cases[_i];
  vf_argplan p;
  ir_module *m = load(c->file, &p);
  vf_argplan_align(&p);
  uint32_t k = 0;
  while (k < p.n_args && strcmp(p.names[k], c->arg)) k++;
  ck_assert_uint_lt(k, p.n_args);
  ck_assert_msg(p.align[k] == c->align, "%s: %s aligned to %lld, expected %lld", c->file, c->arg,
                (long long)p.align[k], (long long)c->align);
  ck_assert_int_eq(p.align[k] % p.divisor[k], 0); /* a multiple of tt.divisibility */
  vf_argplan_free(&p);
  ir_module_free(m);
}
END_TEST

/* partial-tile.ok's inner loops take one slot of a 1-deep ring per iteration: 1, 2, 3
 * (S, S+1, 2S+1 = 1, 2, 3); its tile loops the same through the nested loop, at N = 128 (two
 * inner iterations, two slots per tile): 1, 2, and 1, 1, 2 tiles for S, S+1, 2S+1 */
START_TEST(wrap_counts) {
  vf_argplan p;
  ir_module *m = load("tests/checkers/partial-tile.ok.ttgir", &p);
  uint64_t bits[2] = {1, 128}; /* T, N */
  int32_t pid0[3] = {0, 0, 0}, grid[3] = {1, 1, 1};
  sim_static_loop l[VF_MAX_LOOPS];
  uint32_t nl = sim_static_loops(p.fn, bits, 2, pid0, grid, l, VF_MAX_LOOPS);
  ck_assert_uint_eq(nl, 4); /* default: tile loop, inner loop; partition0: the same */
  int64_t t[VF_MAX_TARGETS];
  uint32_t n = vf_loop_wrap_counts(l[1].op, l, nl, t, VF_MAX_TARGETS);
  ck_assert_uint_eq(n, 3);
  ck_assert(t[0] == 1 && t[1] == 2 && t[2] == 3);
  n = vf_loop_wrap_counts(l[0].op, l, nl, t, VF_MAX_TARGETS);
  ck_assert_uint_eq(n, 2);
  ck_assert(t[0] == 1 && t[1] == 2);
  vf_argplan_free(&p);
  ir_module_free(m);
}
END_TEST

/* causal attention: the KV loops run to bounds from the tile index (a carried value), not
 * computable from the arguments; in the first iteration of the tile loop they are */
START_TEST(first_iteration_counts) {
  vf_argplan p;
  ir_module *m = load("tests/corpus/real/fa_d64_causal_100.ok.ttgir", &p);
  uint64_t bits[64] = {0};
  ck_assert_uint_le(p.n_args, 64);
  for (uint32_t k = 0; k < p.n_args; k++)
    bits[k] = !strcmp(p.names[k], "N_CTX") ? 256 : 1;
  int32_t pid0[3] = {0, 0, 0}, grid[3] = {1, 1, 1};
  sim_static_loop a[VF_MAX_LOOPS], b[VF_MAX_LOOPS];
  uint32_t na = sim_static_loops(p.fn, bits, p.n_args, pid0, grid, a, VF_MAX_LOOPS);
  uint32_t nb = sim_static_loops_first(p.fn, bits, p.n_args, pid0, grid, b, VF_MAX_LOOPS);
  ck_assert_uint_eq(na, nb);
  uint32_t unknown = 0, known_first = 0;
  for (uint32_t k = 0; k < na; k++) {
    ck_assert_ptr_eq(a[k].op, b[k].op);
    if (a[k].trips >= 0) ck_assert_int_eq(a[k].trips, b[k].trips); /* computable: unchanged */
    unknown += a[k].trips < 0;
    known_first += a[k].trips < 0 && b[k].trips >= 0;
  }
  ck_assert_uint_ge(unknown, 1);
  ck_assert_uint_eq(known_first, unknown);
  vf_argplan_free(&p);
  ir_module_free(m);
}
END_TEST

int main(void) {
  Suite *s = suite_create("vf_align");
  TCase *t = tcase_create("core");
  tcase_add_loop_test(t, alignment, 0, (int)(sizeof cases / sizeof *cases));
  tcase_add_test(t, wrap_counts);
  tcase_add_test(t, first_iteration_counts);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
