/* test_vf_argstatic.c: default arguments from the static loop bounds (vf_argstatic.c) are the
 * ones Z3 chooses (vf_cli_sym_defaults), both tile-aligned (vf_align.c), on kernels of examples/ and the corpus: one
 * loop, a flattened nest (Blackwell GEMM), TLX-style carried ring counters, attention; and
 * where no argument decides a ring loop, the static route says so (0), so Z3 is not asked. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "verify/vf_run.h"
#include "cli/cli.h" /* vf_cli_sym_defaults: the command's Z3 choice */

typedef struct argcase {
  const char *file;
  const char *names[2];
  int64_t vals[2];
} argcase;

static const argcase same_as_z3[] = {
    {"tests/corpus/gluon/ws_add.bug0.ttgir", {NULL}, {0}},
    {"examples/blackwell_gemm_tcgen05/blackwell_gemm_tcgen05.bug0.ttgir", {"M", "N"}, {128, 128}},
    {"examples/trip_count/ws_add_carried.ttgir", {NULL}, {0}},
    {"examples/trip_count/ws_add_nb3.ttgir", {NULL}, {0}},
    {"examples/hopper_attention_ws/hopper_attention_ws.bug0.ttgir", {NULL}, {0}},
    {"tests/corpus/real/triton_t06_attention_ws_100.ok.ttgir", {NULL}, {0}},
    {"tests/corpus/real/triton_t09_tma_ws_100.ok.ttgir", {NULL}, {0}},
};

/* Parses case c and makes its plan and probe machine. */
static ir_module *setup(const argcase *c, vf_argplan *p, sim_machine **probe) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, c->file);
  ir_diag d = {0};
  ir_module *m = ir_parse_file(path, &d);
  ck_assert_msg(m, "parse %s", path);
  sim_err err = {{0}};
  ck_assert_int_eq(vf_argplan_init(p, m, &err), 0);
  for (int k = 0; k < 2 && c->names[k]; k++) ck_assert_int_eq(vf_argplan_set(p, c->names[k], c->vals[k], &err), 0);
  vf_argplan_align(p); /* whole tiles, in both routes (the Z3 suggestion gets the alignment too) */
  int32_t pid0[3] = {0, 0, 0};
  *probe = vf_argplan_machine(p, 0, pid0, 0, &err);
  ck_assert_msg(*probe, "%s", err.msg);
  return m;
}

START_TEST(static_equals_z3) {
  const argcase *c = &same_as_z3[_i];
  vf_argplan a, b;
  sim_machine *pa, *pb;
  ir_module *ma = setup(c, &a, &pa), *mb = setup(c, &b, &pb);
  ck_assert_int_eq(vf_argplan_static(&a, pa), 1);
  ck_assert(vf_cli_sym_defaults(&b));
  char *x = vf_argplan_covered(&a), *y = vf_argplan_covered(&b);
  ck_assert_ptr_nonnull(strstr(x, "chosen from the loop bounds"));
  /* the same values and trip counts; only the chooser named differs */
  char *cut = strstr(x, ", chosen"), *cut2 = strstr(y, ", chosen");
  ck_assert_ptr_nonnull(cut2);
  *cut = *cut2 = 0;
  ck_assert_str_eq(x, y);
  free(x);
  free(y);
  sim_machine_free(pa);
  sim_machine_free(pb);
  vf_argplan_free(&a);
  vf_argplan_free(&b);
  ir_module_free(ma);
  ir_module_free(mb);
}
END_TEST

/* no argument decides a ring loop (fixed counts): 0, the plan unchanged */
START_TEST(no_ring_loop_argument) {
  const argcase c = {"tests/corpus/real/consan_100_tcgen5_mma.0.ttgir", {NULL}, {0}};
  vf_argplan a;
  sim_machine *pa;
  ir_module *m = setup(&c, &a, &pa);
  ck_assert_int_eq(vf_argplan_static(&a, pa), 0);
  ck_assert_uint_eq(a.n_vary, 0);
  sim_machine_free(pa);
  vf_argplan_free(&a);
  ir_module_free(m);
}
END_TEST

int main(void) {
  vf_cli_sym_use(vf_sym_api_v1()); /* the Z3 layer is linked in, not loaded (cli/cli_modload.c) */
  Suite *s = suite_create("vf_argstatic");
  TCase *t = tcase_create("core");
  tcase_set_timeout(t, 120);
  tcase_add_loop_test(t, static_equals_z3, 0, (int)(sizeof same_as_z3 / sizeof *same_as_z3));
  tcase_add_test(t, no_ring_loop_argument);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
