/* test_lw_backend.c: the lowering backend alone: MLIR text (llvm + nvvm dialects) through the
 * MLIR C API and LLVM-C to LLVM IR and PTX (sm_90a and sm_100a, each its own NVPTX CPU), inline
 * asm marked convergent, errors for bad input; ptxas checks the PTX when it is installed. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lowering/lw.h"
#include "check_run.h"

static const char *kernel =
    "module {\n"
    "  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>\n"
    "  llvm.func @k(%d: !llvm.ptr {llvm.byval = !llvm.array<128 x i8>, llvm.align = 64 : i64, nvvm.grid_constant},"
    " %n: i32) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {\n"
    "    %s = llvm.mlir.addressof @global_smem : !llvm.ptr<3>\n"
    "    %a = llvm.ptrtoint %s : !llvm.ptr<3> to i32\n"
    "    %c1 = llvm.mlir.constant(1 : i32) : i32\n"
    "    %c128 = llvm.mlir.constant(128 : i32) : i32\n"
    "    llvm.inline_asm has_side_effects asm_dialect = att \"mbarrier.init.shared::cta.b64 [$0], $1;\", \"r,r,~{memory}\" %a, %c1 : (i32, i32) -> ()\n"
    "    nvvm.barrier id = %c1 number_of_threads = %c128\n"
    "    llvm.inline_asm has_side_effects asm_dialect = att "
    "\"cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1, {$2, $2}], [$0];\", "
    "\"r,l,r,~{memory}\" %a, %d, %n : (i32, !llvm.ptr, i32) -> ()\n"
    "    llvm.return\n"
    "  }\n"
    "}\n";

static char *lower(const char *mlir, lw_target t, lw_emit e, int *rc, char **msg) {
  char *out = NULL;
  size_t len = 0;
  ir_diag d = {0};
  *rc = lw_mlir_to_text(mlir, strlen(mlir), "k.mlir", t, e, &out, &len, &d);
  *msg = d.msg;
  if (!*rc) ck_assert_uint_eq(strlen(out), len);
  return out;
}

static int count(const char *hay, const char *needle) {
  int n = 0;
  for (const char *p = hay; (p = strstr(p, needle)); p++) n++;
  return n;
}

/* Runs ptxas -arch=arch on text when ptxas is there; returns 0 (accepted or no ptxas). */
static int ptxas(const char *text, const char *arch) {
  const char *px = "/usr/local/cuda/bin/ptxas";
  if (access(px, X_OK)) return 0;
  char path[] = "/tmp/tlxv_lw_XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  FILE *f = fdopen(fd, "w");
  fputs(text, f);
  fclose(f);
  char cmd[512];
  snprintf(cmd, sizeof cmd, "%s -arch=%s %s -o /dev/null", px, arch, path);
  int rc = system(cmd);
  unlink(path);
  return rc;
}

START_TEST(ptx_for_sm90a) {
  int rc;
  char *msg;
  char *ptx = lower(kernel, LW_SM90A, LW_EMIT_PTX, &rc, &msg);
  ck_assert_msg(rc == 0, "%s", msg ? msg : "");
  ck_assert_ptr_nonnull(strstr(ptx, ".target sm_90a"));
  ck_assert_ptr_nonnull(strstr(ptx, ".version 8.5"));
  ck_assert_ptr_nonnull(strstr(ptx, ".entry k("));
  ck_assert_ptr_nonnull(strstr(ptx, ".reqntid 128, 1, 1"));
  ck_assert_ptr_nonnull(strstr(ptx, "bar.sync"));
  /* the grid-constant tensor map is used through its generic param address */
  ck_assert_ptr_nonnull(strstr(ptx, "cvta.param.u64"));
  ck_assert_int_eq(count(ptx, "cp.async.bulk.tensor.2d"), 1);
  ck_assert_int_eq(ptxas(ptx, "sm_90a"), 0);
  free(ptx);
}
END_TEST

START_TEST(ptx_for_sm100a) {
  int rc;
  char *msg;
  char *ptx = lower(kernel, LW_SM100A, LW_EMIT_PTX, &rc, &msg);
  ck_assert_msg(rc == 0, "%s", msg ? msg : "");
  ck_assert_ptr_nonnull(strstr(ptx, ".target sm_100a\n"));
  ck_assert_ptr_nonnull(strstr(ptx, ".version 8.7\n"));
  ck_assert_ptr_null(strstr(ptx, "sm_90a"));
  ck_assert_int_eq(ptxas(ptx, "sm_100a"), 0);
  free(ptx);
}
END_TEST

START_TEST(llvm_ir_marks_asm_convergent) {
  int rc;
  char *msg;
  char *ll = lower(kernel, LW_SM90A, LW_EMIT_LLVM, &rc, &msg);
  ck_assert_msg(rc == 0, "%s", msg ? msg : "");
  ck_assert_ptr_nonnull(strstr(ll, "define ptx_kernel void @k("));
  ck_assert_ptr_nonnull(strstr(ll, "grid_constant"));
  /* both asm calls carry an attribute group that says convergent */
  const char *call = strstr(ll, "call void asm sideeffect \"mbarrier.init");
  ck_assert_ptr_nonnull(call);
  const char *hash = strstr(call, " #");
  ck_assert_ptr_nonnull(hash);
  char grp[32];
  snprintf(grp, sizeof grp, "attributes #%d = {", atoi(hash + 2));
  const char *attrs = strstr(ll, grp);
  ck_assert_ptr_nonnull(attrs);
  const char *end = strchr(attrs, '}');
  ck_assert_ptr_nonnull(strstr(attrs, "convergent"));
  ck_assert(strstr(attrs, "convergent") < end);
  free(ll);
}
END_TEST

START_TEST(bad_mlir_is_an_error) {
  int rc;
  char *msg;
  char *out = lower("module { llvm.func @k() { llvm.bogus } }", LW_SM90A, LW_EMIT_PTX, &rc, &msg);
  ck_assert_int_eq(rc, 2);
  ck_assert_ptr_null(out);
  ck_assert_ptr_nonnull(msg);
  ck_assert_ptr_nonnull(strstr(msg, "k.mlir:1:1: error: lowering: MLIR parser"));
  ck_assert_ptr_nonnull(strstr(msg, "llvm.bogus"));
  free(msg);
  /* parses, but the verifier rejects a type mismatch */
  out = lower("module { llvm.func @k(%a: i32) { %b = llvm.add %a, %a : i64\n llvm.return } }",
              LW_SM90A, LW_EMIT_MLIR, &rc, &msg);
  ck_assert_int_eq(rc, 2);
  ck_assert_ptr_nonnull(msg);
  free(msg);
}
END_TEST

START_TEST(target_and_emit_names) {
  lw_target t;
  lw_emit e;
  ck_assert_int_eq(lw_target_parse("sm_90a", &t), 0);
  ck_assert_int_eq(t, LW_SM90A);
  ck_assert_int_eq(lw_target_parse("sm_100a", &t), 0);
  ck_assert_int_eq(t, LW_SM100A);
  ck_assert_int_eq(lw_target_parse("sm_90", &t), -1);
  ck_assert_int_eq(lw_emit_parse("llvm", &e), 0);
  ck_assert_int_eq(e, LW_EMIT_LLVM);
  ck_assert_int_eq(lw_emit_parse("asm", &e), -1);
  ck_assert_str_eq(lw_target_name(LW_SM100A), "sm_100a");
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("lw_backend");
  TCase *tc = tcase_create("backend");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, ptx_for_sm90a);
  tcase_add_test(tc, ptx_for_sm100a);
  tcase_add_test(tc, llvm_ir_marks_asm_convergent);
  tcase_add_test(tc, bad_mlir_is_an_error);
  tcase_add_test(tc, target_and_emit_names);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
