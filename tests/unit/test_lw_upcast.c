/* test_lw_upcast.c: the fp4 upcasts of lowering/lw_upcast.c. The element math (e2m1 nibble
 * times an e8m0 or bf16 scale, to bf16) is emitted as host functions, taken through the
 * lowering's own backend (MLIR -> LLVM IR, O3 for gfx942) and run by LLVM's interpreter for
 * every byte and every scale, against a C model of Triton's definition
 * (UpcastMXFPToLLVM.cpp: the e2m1 table, 2^(s-127) built as bitcast(s << 23), the product
 * in f32 truncated to bf16, NaN 0x7FFF for scale 0xFF without fastMath). The numbers are those
 * of the IR on this machine's f32 arithmetic; no AMD GPU has run them. Then the op's lowering:
 * the kernels of tests/lowering/amd/upcast_*.ttgir and the refusals at the op. */
#include <math.h>

#include <llvm-c/Core.h>
#include <llvm-c/ExecutionEngine.h>
#include <llvm-c/IRReader.h>

#include "lw_test_util.h"
#include "check_run.h"

/* ------------------------------------------------------------------ the C model */

static float e2m1(unsigned nib) {
  static const float mag[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6};
  return nib & 8 ? -mag[nib & 7] : mag[nib & 7];
}

static float f32_of(uint32_t w) {
  float f;
  memcpy(&f, &w, 4);
  return f;
}

/* bf16 bits of nibble hi of byte times scale (f32), truncated. */
static uint16_t model(unsigned byte, int hi, float scale) {
  float p = e2m1(hi ? byte >> 4 : byte & 15) * scale;
  uint32_t w;
  memcpy(&w, &p, 4);
  return (uint16_t)(w >> 16);
}

/* ------------------------------------------------------------------ host functions */

enum { F_E8M0, F_E8M0_NAN, F_BF16 };

/* "llvm.func @fK(%v1: i8, %v2: i8|i16) -> i32": the bf16 of the high nibble in the upper half,
 * of the low nibble in the lower half. */
static void emit_fn(lw_ctx *c, lw_sb *mod, int kind) {
  lw_sb body = {0};
  c->out = &body;
  c->nssa = 2;
  lw_ssa scale, nan = 0;
  if (kind == F_BF16) {
    scale = lw_bf16_f32(c, lw_cast(c, "llvm.bitcast", 2, "i16", "bf16"));
  } else {
    scale = lw_e8m0_f32(c, 2);
    if (kind == F_E8M0_NAN) nan = lw_icmp(c, "eq", 2, lw_const_int(c, "i8", -1), "i8");
  }
  lw_ssa h[2];
  for (int k = 0; k < 2; k++) {
    lw_ssa b = lw_fp4_scaled_bf16(c, 1, k, scale, nan);
    h[k] = lw_cast(c, "llvm.zext", lw_cast(c, "llvm.bitcast", b, "bf16", "i16"), "i16", "i32");
  }
  lw_ssa r = lw_bin(c, "llvm.or", lw_bin_imm(c, "llvm.shl", h[1], 16, "i32"), h[0], "i32");
  lw_sb_printf(mod, "  llvm.func @f%d(%%v1: i8, %%v2: %s) -> i32 {\n%s    llvm.return %s : i32\n  }\n", kind,
               kind == F_BF16 ? "i16" : "i8", body.p, lw_n(c, r));
  lw_sb_free(&body);
}

static LLVMTypeRef i8ty, i16ty;

static uint32_t call(LLVMExecutionEngineRef ee, LLVMValueRef f, LLVMTypeRef a1, unsigned byte, unsigned scale) {
  LLVMGenericValueRef args[2] = {LLVMCreateGenericValueOfInt(i8ty, byte, 0),
                                 LLVMCreateGenericValueOfInt(a1, scale, 0)};
  LLVMGenericValueRef r = LLVMRunFunction(ee, f, 2, args);
  uint32_t v = (uint32_t)LLVMGenericValueToInt(r, 0);
  for (int i = 0; i < 2; i++) LLVMDisposeGenericValue(args[i]);
  LLVMDisposeGenericValue(r);
  return v;
}

START_TEST(element_math_every_byte_and_scale) {
  lw_ctx c = {0};
  c.target = LW_GFX942;
  lw_sb mod = {0};
  lw_sb_printf(&mod, "module {\n");
  for (int k = F_E8M0; k <= F_BF16; k++) emit_fn(&c, &mod, k);
  lw_sb_printf(&mod, "}\n");
  for (size_t i = 0; i < c.narena; i++) free(c.arena[i]);
  free(c.arena);
  char *ll = NULL;
  size_t n = 0;
  ir_diag d = {0};
  ck_assert_msg(lw_backend(mod.p, mod.n, "upcast", LW_GFX942, LW_EMIT_LLVM, &ll, &n, &d) == 0, "%s", d.msg);
  lw_sb_free(&mod);
  /* the host runs it: LLVM's interpreter on the optimised IR */
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(ll, n, "upcast.ll");
  free(ll);
  LLVMModuleRef m = NULL;
  char *err = NULL;
  LLVMContextRef lc = LLVMContextCreate();
  i8ty = LLVMInt8TypeInContext(lc);
  i16ty = LLVMInt16TypeInContext(lc);
  ck_assert_msg(!LLVMParseIRInContext(lc, mb, &m, &err), "%s", err);
  LLVMLinkInInterpreter();
  LLVMExecutionEngineRef ee;
  ck_assert_msg(!LLVMCreateInterpreterForModule(&ee, m, &err), "%s", err);
  LLVMValueRef fn[3];
  char name[8];
  for (int k = 0; k < 3; k++) {
    snprintf(name, sizeof name, "f%d", k);
    fn[k] = LLVMGetNamedFunction(m, name);
    ck_assert_ptr_nonnull(fn[k]);
  }
  int bad = 0;
  for (unsigned s = 0; s < 256; s++) {
    float sc = f32_of(s << 23); /* 2^(s-127); 0 for s = 0, inf for 0xFF */
    for (unsigned b = 0; b < 256; b++) {
      uint32_t want = (uint32_t)model(b, 1, sc) << 16 | model(b, 0, sc);
      uint32_t wnan = s == 0xFF ? 0x7FFF7FFFu : want;
      uint32_t got[3] = {call(ee, fn[F_E8M0], i8ty, b, s), call(ee, fn[F_E8M0_NAN], i8ty, b, s),
                         call(ee, fn[F_BF16], i16ty, b, s << 7)};
      /* NaN payloads may differ: compare NaN-ness there */
      for (int k = 0; k < 3; k++) {
        uint32_t w = k == F_E8M0_NAN ? wnan : want;
        for (int h = 0; h < 2; h++) {
          uint16_t g = (uint16_t)(got[k] >> (16 * h)), x = (uint16_t)(w >> (16 * h));
          bool gn = (g & 0x7F80) == 0x7F80 && (g & 0x7F), xn = (x & 0x7F80) == 0x7F80 && (x & 0x7F);
          if (gn ? !xn : g != x) {
            if (bad++ < 8) fprintf(stderr, "f%d byte 0x%02x scale 0x%02x nibble %d: got 0x%04x, want 0x%04x\n", k, b, s, h, g, x);
          }
        }
      }
    }
  }
  ck_assert_int_eq(bad, 0);
  /* spot values (high nibble's bf16 << 16 | low nibble's): byte 0x2B is 1.0 (0x2) high and
   * -1.5 (0xB) low; 0x71 is 6 high and 0.5 low, times 2^(128-127), and times the bf16 0.5 */
  ck_assert_uint_eq(call(ee, fn[F_E8M0], i8ty, 0x2B, 127), 0x3F80BFC0u);
  ck_assert_uint_eq(call(ee, fn[F_E8M0], i8ty, 0x71, 128), 0x41403F80u);
  ck_assert_uint_eq(call(ee, fn[F_BF16], i16ty, 0x71, 126 << 7), 0x40403E80u);
  ck_assert_uint_eq(call(ee, fn[F_E8M0_NAN], i8ty, 0x71, 0xFF), 0x7FFF7FFFu);
  LLVMDisposeExecutionEngine(ee); /* and the module */
  LLVMContextDispose(lc);
}
END_TEST

/* ------------------------------------------------------------------ the ops */

static void lower_refused(const char *text, lw_target t, const char *msg) {
  lwt_lower_refused(tu_parse(text), t, msg, false);
}

/* tests/lowering/amd/upcast_mxfp.ttgir (gfx942): 64x64 bf16 from 32x64 bytes over 4 waves,
 * 16 results per thread: one f32 product each, and the NaN select (no fastMath). */
START_TEST(upcast_mxfp_kernel) {
  ir_module *m = lwt_parse_file("tests/lowering/amd/upcast_mxfp.ttgir");
  char *t = lwt_lower_ok(m, LW_GFX942, LW_EMIT_MLIR);
  ck_assert_int_eq(lwt_count(t, "llvm.fmul"), 16);
  ck_assert_int_eq(lwt_count(t, " : i1, i16\n"), 16);
  /* the scale of each element: 2 of the thread's 16 results share each K block (kWidth 8
   * registers, K bit 5 a register), one e8m0 -> f32 and one 0xFF test per scale register */
  ck_assert_int_eq(lwt_count(t, ": i8 to i32\n"), 16 + 2); /* the bytes, the scales */
  free(t);
  ir_module_free(m);
}
END_TEST

START_TEST(scaled_upcast_fp4_kernel) {
  ir_module *m = lwt_parse_file("tests/lowering/amd/scaled_upcast_fp4.ttgir");
  char *t = lwt_lower_ok(m, LW_GFX950, LW_EMIT_MLIR);
  ck_assert_int_eq(lwt_count(t, "llvm.fmul"), 16);
  ck_assert_ptr_null(strstr(t, " : i1, i16\n")); /* no NaN select */
  free(t);
  ir_module_free(m);
}
END_TEST

/* A kernel of one upcast: %v (32x64 bytes, the B operand of a 16x16x16 MFMA) and %s constants,
 * the op (OP, with the types after its operands) at u.py:3:5. */
static char *one_op(const char *stype, const char *op) {
  static char buf[4096];
  snprintf(buf, sizeof buf,
           "#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>\n"
           "#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [16, 16, 16], isTransposed = true}>\n"
           "#d4 = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>\n"
           "#d8 = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>\n"
           "module attributes {\"ttg.num-warps\" = 4 : i32, \"ttg.threads-per-warp\" = 64 : i32} {\n"
           "  tt.func public @k() {\n"
           "    %%v = arith.constant dense<0> : tensor<32x64xi8, #d4>\n"
           "    %%s = arith.constant dense<0> : %s\n"
           "    %%r = %s loc(\"u.py\":3:5)\n"
           "    tt.return\n  }\n}\n",
           stype, op);
  return buf;
}

START_TEST(refusals) {
  const char *mx = "tensor<64x2xi8, #b>";
  lower_refused(one_op(mx, "amdg.upcast_mxfp %v, %s fp_type = e4m3 : tensor<32x64xi8, #d4>, tensor<64x2xi8, #b> -> "
                           "tensor<32x64xbf16, #d4>"),
                LW_GFX942, "u.py:3:5: error: lowering: amdg.upcast_mxfp is lowered for fp_type = e2m1 only (fp4 values)");
  /* kWidth 4 in the result: its K bits 4 and 8 come from lanes that hold K bits 4 and 8 of the
   * bytes, not 2 and 4: the byte of a result element is in another thread */
  lower_refused(one_op(mx, "amdg.upcast_mxfp %v, %s fp_type = e2m1 : tensor<32x64xi8, #d4>, tensor<64x2xi8, #b> -> "
                           "tensor<64x64xbf16, #d4>"),
                LW_GFX942, "u.py:3:5: error: lowering: 'amdg.upcast_mxfp' whose input and result layouts do not give "
                           "each thread the bytes of its result elements is not supported");
  lower_refused(one_op("tensor<64x4xi8, #b>", "amdg.upcast_mxfp %v, %s fp_type = e2m1 : tensor<32x64xi8, #d4>, "
                                               "tensor<64x4xi8, #b> -> tensor<64x64xbf16, #d8>"),
                LW_GFX942, "needs rank-2 operands and an i8 scale of shape (non-K, K / 32)");
  /* gfx950's form with its scales in another layout than the result's */
  const char *su = "amdg.scaled_upcast_fp4 %v scale %s {axis = 0 : i32} : tensor<32x64xi8, #d4>, "
                   "tensor<64x64xbf16, #b> -> tensor<64x64xbf16, #d8>";
  lower_refused(one_op("tensor<64x64xbf16, #b>", su), LW_GFX950,
                "u.py:3:5: error: lowering: amdg.scaled_upcast_fp4 whose scales are not in the result's shape and "
                "layout is not supported");
  lower_refused(one_op("tensor<64x64xbf16, #b>", su), LW_SM90A, "error: lowering:");
  /* the same with its scales in the result's layout lowers: registers only, no LDS */
  ir_module *m = tu_parse(one_op("tensor<64x64xbf16, #d8>", "amdg.scaled_upcast_fp4 %v scale %s {axis = 0 : i32} : "
                                 "tensor<32x64xi8, #d4>, tensor<64x64xbf16, #d8> -> tensor<64x64xbf16, #d8>"));
  char *t = lwt_lower_ok(m, LW_GFX950, LW_EMIT_MLIR);
  ck_assert_int_eq(lwt_count(t, "llvm.fmul"), 16);
  ck_assert_ptr_null(strstr(t, "!llvm.ptr<3>"));
  free(t);
  ir_module_free(m);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("lw_upcast");
  TCase *tc = tcase_create("upcast");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, element_math_every_byte_and_scale);
  tcase_add_test(tc, upcast_mxfp_kernel);
  tcase_add_test(tc, scaled_upcast_fp4_kernel);
  tcase_add_test(tc, refusals);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
