/* test_lw_scan.c: tt.scan, tt.join and tt.split through the lowering (lw_scan.c,
 * lw_joinsplit.c): what each becomes in the generated MLIR / LLVM IR (shuffles per lane bit,
 * barriers per warp bit, no shared memory for join / split), the scratch the plan gives a scan
 * across warps, and the refusals at the op for layouts the lowering does not handle. The values
 * are checked on the GPU (tests/lowering/scan_join.ttgir in tests/device/run_lowered.sh). */
#include "lw_test_util.h"
#include "check_run.h"

/* Lowers text, which must fail with exactly msg. */
static void lower_refused(const char *text, lw_target t, const char *msg) {
  lwt_lower_refused(tu_parse(text), t, msg, true);
}

/* tests/lowering/scan_join.ttgir: three scans of 512 i32 in #b1 (4 registers per thread:
 * register bits 0 and 8, lane bits 1-5, warp bits 6-7). */
START_TEST(scan_join_mlir) {
  ir_module *m = lwt_parse_file("tests/lowering/scan_join.ttgir");
  char *t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_MLIR);
  /* 3 scans x 5 lane bits x 4 registers: one butterfly each */
  ck_assert_int_eq(lwt_count(t, "nvvm.shfl.sync bfly"), 60);
  /* 3 scans x 2 warp bits x (barrier before the writes, barrier before the reads) */
  ck_assert_int_eq(lwt_count(t, "nvvm.barrier0"), 12);
  /* the block totals through shared memory: 3 scans x 2 warp bits x 4 registers, each way */
  ck_assert_int_eq(lwt_count(t, ", !llvm.ptr<3>\n"), 24);
  ck_assert_int_eq(lwt_count(t, ": !llvm.ptr<3> -> i32"), 24);
  /* lane / warp bits pick the block's order at run time */
  ck_assert_int_ge(lwt_count(t, "llvm.select"), 3 * 7 * 4 * 3);
  free(t);
  /* 512 elements x 8-byte slots of scratch (one operand) + the 1024-byte alignment slack */
  t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_PTX);
  ck_assert_ptr_nonnull(strstr(t, "// tlxv-kernel scan_join threads=128 smem=5120 "));
  free(t);
  ir_module_free(m);
}
END_TEST

/* The AMD kernel: 64-lane butterflies through ds_bpermute (6 lane bits), wave bits through LDS. */
START_TEST(scan_join_amd_mlir) {
  ir_module *m = lwt_parse_file("tests/lowering/amd/scan_join.ttgir");
  char *t = lwt_lower_ok(m, LW_GFX942, LW_EMIT_MLIR);
  /* 3 scans x 6 lane bits x 4 registers */
  ck_assert_int_eq(lwt_count(t, "rocdl.ds_bpermute"), 72);
  ck_assert_int_eq(lwt_count(t, "rocdl.s.barrier"), 12);
  ck_assert_ptr_null(strstr(t, "nvvm."));
  free(t);
  ir_module_free(m);
}
END_TEST

/* join / split alone: register moves, no shared memory, no barrier, no shuffle. */
static const char *pairs_kernel =
    "#b1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n"
    "#b2 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>\n"
    "#s2 = #ttg.slice<{dim = 1, parent = #b2}>\n"
    "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
    "  tt.func public @pairs(%p: !tt.ptr<f32>) {\n"
    "    %i = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b1>\n"
    "    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b1>\n"
    "    %pp = tt.addptr %ps, %i : tensor<256x!tt.ptr<f32>, #b1>, tensor<256xi32, #b1>\n"
    "    %x = tt.load %pp : tensor<256x!tt.ptr<f32>, #b1>\n"
    "    %y = arith.addf %x, %x : tensor<256xf32, #b1>\n"
    "    %j = tt.join %x, %y : tensor<256xf32, #b1> -> tensor<256x2xf32, #b2> loc(\"p.py\":9:5)\n"
    "    %a, %b = tt.split %j : tensor<256x2xf32, #b2> -> tensor<256xf32, #s2> loc(\"p.py\":10:5)\n"
    "    %d = arith.subf %b, %a : tensor<256xf32, #s2>\n"
    "    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #s2>\n"
    "    %qs = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #s2>\n"
    "    %qp = tt.addptr %qs, %r : tensor<256x!tt.ptr<f32>, #s2>, tensor<256xi32, #s2>\n"
    "    tt.store %qp, %d : tensor<256x!tt.ptr<f32>, #s2>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

START_TEST(join_split_registers) {
  ir_module *m = tu_parse(pairs_kernel);
  char *t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_MLIR);
  ck_assert_ptr_null(strstr(t, "nvvm.barrier0"));
  ck_assert_ptr_null(strstr(t, "nvvm.shfl.sync"));
  ck_assert_ptr_null(strstr(t, "!llvm.ptr<3>\n"));
  free(t);
  t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_LLVM);
  ck_assert_ptr_null(strstr(t, "addrspace(3)"));
  ck_assert_ptr_null(strstr(t, "llvm.nvvm.barrier"));
  free(t);
  t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_PTX);
  ck_assert_ptr_nonnull(strstr(t, "// tlxv-kernel pairs threads=128 smem=0 "));
  free(t);
  ir_module_free(m);
}
END_TEST

/* Layouts that put the two elements of a pair on different threads: refused at the op. */
START_TEST(join_split_refused) {
  static char buf[8192];
  /* the pair dim over two lanes (threadsPerWarp [16, 2]) */
  const char *bad = "#b2 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>\n";
  const char *b2line = strstr(pairs_kernel, "#b2 =");
  snprintf(buf, sizeof buf, "%.*s%s%s", (int)(b2line - pairs_kernel), pairs_kernel, bad, strchr(b2line, '\n') + 1);
  lower_refused(buf, LW_SM90A,
                "p.py:9:5: error: lowering: 'tt.join' whose layouts do not keep both elements of a pair "
                "in one thread's registers is not supported");
}
END_TEST

/* A scan whose axis bit comes from a basis that also moves along the other dim (lane basis
 * [1, 1] of a linear layout): refused at the op; the same layout without that mix lowers. */
static const char *scan_linear =
    "#lin = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, LANE4]], warp = [], block = []}>\n"
    "module attributes {\"ttg.num-warps\" = 1 : i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
    "  tt.func public @sl(%p: !tt.ptr<i32>) {\n"
    "    %x = arith.constant dense<1> : tensor<2x32xi32, #lin>\n"
    "    %s = \"tt.scan\"(%x) <{axis = 1 : i32, reverse = false}> ({\n"
    "    ^bb0(%a: i32, %b: i32):\n"
    "      %t = arith.addi %a, %b : i32\n"
    "      tt.scan.return %t : i32\n"
    "    }) : (tensor<2x32xi32, #lin>) -> tensor<2x32xi32, #lin> loc(\"s.py\":4:9)\n"
    "    %r = \"tt.reduce\"(%s) <{axis = 1 : i32}> ({\n"
    "    ^bb0(%a: i32, %b: i32):\n"
    "      %t = arith.addi %a, %b : i32\n"
    "      tt.reduce.return %t : i32\n"
    "    }) : (tensor<2x32xi32, #lin>) -> tensor<2xi32, #ttg.slice<{dim = 1, parent = #lin}>>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

static char *with_lane4(const char *v) {
  static char buf[4096];
  const char *at = strstr(scan_linear, "LANE4");
  snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - scan_linear), scan_linear, v, at + 5);
  return buf;
}

START_TEST(scan_refused) {
  lower_refused(with_lane4("1"), LW_SM90A,
                "s.py:4:9: error: lowering: tt.scan over a layout whose axis bits do not each come "
                "from one basis along the axis");
  ir_module *m = tu_parse(with_lane4("0"));
  char *t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_MLIR);
  /* axis 1: register bit 0, lane bits 1-4: 4 butterflies x 2 registers for the scan, 4 for the reduce */
  ck_assert_int_eq(lwt_count(t, "nvvm.shfl.sync bfly"), 12);
  free(t);
  ir_module_free(m);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("lw_scan");
  TCase *tc = tcase_create("scan");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, scan_join_mlir);
  tcase_add_test(tc, scan_join_amd_mlir);
  tcase_add_test(tc, join_split_registers);
  tcase_add_test(tc, join_split_refused);
  tcase_add_test(tc, scan_refused);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
