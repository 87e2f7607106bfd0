/* test_lw_lower.c: TTGIR -> MLIR / PTX on the corpus kernel and the Hopper examples: the
 * synchronization each op must become (counted in the generated text), the runner ABI
 * header, the warp-specialization skeleton, and the unsupported-op diagnostic. */
#include "lw_test_util.h"
#include "check_run.h"

START_TEST(ws_add_mlir_structure) {
  ir_module *m = lwt_parse_file("tests/corpus/gluon/ws_add.bug0.ttgir");
  char *t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_MLIR);
  /* 8 barrier inits by the default warps' thread 0 */
  ck_assert_int_eq(lwt_count(t, "mbarrier.init.shared::cta.b64"), 8);
  /* waits: compute 2 (ready, empty of C), load 1, store 1 */
  ck_assert_int_eq(lwt_count(t, "mbarrier.try_wait.parity.shared::cta.b64"), 4);
  /* arrives: compute 2, store 1; expect: load 1 */
  ck_assert_int_eq(lwt_count(t, "mbarrier.arrive.shared::cta.b64"), 3);
  ck_assert_int_eq(lwt_count(t, "mbarrier.arrive.expect_tx.shared::cta.b64"), 1);
  /* a 32x64 f32 block with a 128-byte swizzle is two 32x32 boxes: 2 loads x 2, 1 store x 2 */
  ck_assert_int_eq(lwt_count(t, "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"), 4);
  ck_assert_int_eq(lwt_count(t, "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group"), 2);
  ck_assert_int_eq(lwt_count(t, "cp.async.bulk.commit_group"), 1);
  ck_assert_int_eq(lwt_count(t, "cp.async.bulk.wait_group.read 1"), 1);
  ck_assert_int_eq(lwt_count(t, "cp.async.bulk.wait_group.read 0"), 1);
  ck_assert_int_eq(lwt_count(t, "fence.proxy.async.shared::cta"), 2);
  /* registers: default warps take 232, workers drop to 24 (ttg.maxnreg 128, 4 + 4 warps) */
  ck_assert_int_eq(lwt_count(t, "nvvm.setmaxregister increase 232"), 1);
  ck_assert_int_eq(lwt_count(t, "nvvm.setmaxregister decrease 24"), 1);
  ck_assert_ptr_nonnull(strstr(t, "nvvm.reqntid = array<i32: 256, 1, 1>"));
  ck_assert_ptr_nonnull(strstr(t, "nvvm.maxnreg = 128 : i32"));
  /* the worker loop: states 0, 1 (partitions), 2 (padding), 3 (exit) */
  ck_assert_ptr_nonnull(strstr(t, "llvm.switch"));
  ck_assert_ptr_nonnull(strstr(t, "      3: ^bb"));
  ck_assert_ptr_nonnull(strstr(t, "licm = <disable = true>"));
  /* partition barriers: the compute partition (default, 4 warps) syncs on id 0 with 128
   * threads before each arrive; the 1-warp partitions use bar.warp.sync */
  ck_assert_int_ge(lwt_count(t, "nvvm.bar.warp.sync"), 2);
  /* three all-thread id-1 barriers delimit the warp_specialize per side */
  ck_assert_int_ge(lwt_count(t, "nvvm.barrier id = "), 6);
  free(t);
  ir_module_free(m);
}
END_TEST

START_TEST(ws_add_ptx_header) {
  ir_module *m = lwt_parse_file("tests/corpus/gluon/ws_add.bug0.ttgir");
  char *t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_PTX);
  ck_assert(!strncmp(t, "// tlxv-abi 1\n// tlxv-kernel ws_add_kernel threads=256 smem=", 60));
  ck_assert_ptr_nonnull(strstr(t, "// tlxv-param 0 a_desc tensormap dtype=f32 rank=2 block=32x64 box=32x32 swizzle=128\n"));
  ck_assert_ptr_nonnull(strstr(t, "// tlxv-param 3 a_desc_2 i64 role=stride of=0 dim=0\n"));
  ck_assert_ptr_nonnull(strstr(t, "// tlxv-param 16 ynumel i32\n"));
  ck_assert_ptr_nonnull(strstr(t, ".param .align 64 .b8 ws_add_kernel_param_0[128]"));
  ck_assert_ptr_nonnull(strstr(t, "setmaxnreg.inc.sync.aligned.u32 \t232;"));
  free(t);
  t = lwt_lower_ok(m, LW_SM100A, LW_EMIT_PTX);
  ck_assert_ptr_nonnull(strstr(t, "target=sm_100a"));
  ck_assert_ptr_nonnull(strstr(t, ".target sm_100a"));
  free(t);
  ir_module_free(m);
}
END_TEST

START_TEST(gemm_wgmma) {
  ir_module *m = lwt_parse_file("examples/hopper_gemm_ws/hopper_gemm_ws.bug0.ttgir");
  char *t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_MLIR);
  /* K = 64 per tile: four k16 steps of one 64x64 instruction; A K-major, B N-major */
  ck_assert_int_eq(lwt_count(t, "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"), 4);
  ck_assert_int_eq(lwt_count(t, "%lwd, 1, 1, 0, 1; }"), 4);
  ck_assert_int_eq(lwt_count(t, "wgmma.fence.sync.aligned"), 1);
  ck_assert_int_eq(lwt_count(t, "wgmma.commit_group.sync.aligned"), 1);
  ck_assert_int_eq(lwt_count(t, "wgmma.wait_group.sync.aligned 1"), 1);
  ck_assert_int_eq(lwt_count(t, "wgmma.wait_group.sync.aligned 0"), 1);
  /* descriptor constant: 128B swizzle (mode 1), SBO 1024, LBO 64 rows * 128 */
  ck_assert_ptr_nonnull(strstr(t, "llvm.mlir.constant(4611686293338849280 : i64)"));
  /* the 32 accumulator registers flow through the fence (tied), so nothing that writes them
   * lands between the fence and the wgmmas */
  ck_assert_ptr_nonnull(strstr(t, "\"wgmma.fence.sync.aligned;\", \"=f,=f,"));
  /* epilogue: the f16 tile leaves the mma fragment as 4 stmatrix.x4 (64x64 over 4 warps:
   * 32 elements per thread, 8 per stmatrix), converted two at a time */
  ck_assert_int_eq(lwt_count(t, "stmatrix.sync.aligned.m8n8.x4.shared.b16"), 4);
  ck_assert_int_eq(lwt_count(t, "cvt.rn.f16x2.f32"), 16);
  ck_assert_int_eq(lwt_count(t, "st.shared"), 0);
  free(t);
  ir_module_free(m);
  /* wgmma does not exist on sm_100a */
  m = lwt_parse_file("examples/hopper_gemm_ws/hopper_gemm_ws.bug0.ttgir");
  char *out = NULL;
  size_t len = 0;
  ir_diag d = {0};
  ck_assert_int_eq(lw_lower(m, LW_SM100A, LW_EMIT_PTX, &out, &len, &d), 2);
  ck_assert_ptr_nonnull(d.msg);
  ck_assert_ptr_nonnull(strstr(d.msg, "kernel.py:"));
  ck_assert_ptr_nonnull(strstr(d.msg, ": error: lowering: op 'ttng.warp_group_dot' is not supported for sm_100a"));
  free(d.msg);
  ir_module_free(m);
}
END_TEST

START_TEST(attention_register_a) {
  ir_module *m = lwt_parse_file("examples/hopper_attention_ws/hopper_attention_ws.bug0.ttgir");
  char *t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_MLIR);
  /* S = Q K^T: both operands K-major; O += P V: P from registers, V N-major */
  ck_assert_int_eq(lwt_count(t, "%lwd, 1, 1, 0, 0; }"), 4);
  ck_assert_int_eq(lwt_count(t, "%lwd, 1, 1, 1; }"), 4);
  /* two row reductions over 2 lane bits each, 2 rows per thread: 8 butterfly shuffles */
  ck_assert_int_eq(lwt_count(t, "nvvm.shfl.sync bfly"), 8);
  /* exp2 as Triton's (flush to zero): 32 of P and 2 of alpha; the f32 division of the
   * epilogue is div.full like Triton's arith.divf */
  ck_assert_int_eq(lwt_count(t, "ex2.approx.ftz.f32"), 34);
  ck_assert_int_eq(lwt_count(t, "div.full.f32"), 32);
  /* S = Q K^T starts from zero (use_c false): nothing goes through its fence; P V's fence
   * carries P's 16 packed registers and the 32 accumulators */
  ck_assert_int_eq(lwt_count(t, "\"wgmma.fence.sync.aligned;\", \"~{memory}\""), 1);
  ck_assert_int_eq(lwt_count(t, "\"wgmma.fence.sync.aligned;\", \"=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=f,"), 1);
  free(t);
  /* Shared memory: Q, K x2, V x2, O tiles (49152 bytes) + 5 barrier allocations (16-byte
   * aligned: 80) + the warp_specialize area (64 state bytes + 14 capture slots of 8) + the
   * 1024-byte alignment slack. The row reductions stay inside warps and P's conversion to
   * the dot operand is a register permutation: no scratch. */
  t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_PTX);
  ck_assert_ptr_nonnull(strstr(t, "// tlxv-kernel hopper_attention_ws_kernel threads=256 smem=50432 "));
  free(t);
  ir_module_free(m);
}
END_TEST

/* A kernel without warp specialization through the generic paths: pointer loads and stores
 * under masks, make_range / splat / addptr, layout conversions through shared memory (f32,
 * i32, i1), reductions across lanes and warps, scf.if / scf.while results, expand_dims +
 * broadcast over a slice layout, trans. */
static const char *generic_kernel =
    "#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n"
    "#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n"
    "#b2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>\n"
    "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
    "  tt.func public @vadd(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32>, %o: !tt.ptr<f32>, %n: i32, %s: !tt.ptr<f32>) {\n"
    "    %c512 = arith.constant 512 : i32\n"
    "    %pid = tt.get_program_id x : i32\n"
    "    %base = arith.muli %pid, %c512 : i32\n"
    "    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>\n"
    "    %bs = tt.splat %base : i32 -> tensor<512xi32, #blocked>\n"
    "    %off = arith.addi %bs, %r : tensor<512xi32, #blocked>\n"
    "    %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>\n"
    "    %m = arith.cmpi slt, %off, %ns : tensor<512xi32, #blocked>\n"
    "    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>\n"
    "    %xo = tt.addptr %xp, %off : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>\n"
    "    %xv = tt.load %xo, %m : tensor<512x!tt.ptr<f32>, #blocked>\n"
    "    %yp = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>\n"
    "    %yo = tt.addptr %yp, %off : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>\n"
    "    %yv = tt.load %yo, %m : tensor<512x!tt.ptr<f32>, #blocked>\n"
    "    %sum = arith.addf %xv, %yv : tensor<512xf32, #blocked>\n"
    "    %cv = ttg.convert_layout %sum : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked1>\n"
    "    %off1 = ttg.convert_layout %off : tensor<512xi32, #blocked> -> tensor<512xi32, #blocked1>\n"
    "    %m1 = ttg.convert_layout %m : tensor<512xi1, #blocked> -> tensor<512xi1, #blocked1>\n"
    "    %op = tt.splat %o : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked1>\n"
    "    %oo = tt.addptr %op, %off1 : tensor<512x!tt.ptr<f32>, #blocked1>, tensor<512xi32, #blocked1>\n"
    "    tt.store %oo, %cv, %m1 : tensor<512x!tt.ptr<f32>, #blocked1>\n"
    "    %red = \"tt.reduce\"(%sum) <{axis = 0 : i32}> ({\n"
    "    ^bb0(%a: f32, %b: f32):\n"
    "      %t = arith.addf %a, %b : f32\n"
    "      tt.reduce.return %t : f32\n"
    "    }) : (tensor<512xf32, #blocked>) -> f32\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %is0 = arith.cmpi eq, %pid, %c0 : i32\n"
    "    %v = scf.if %is0 -> (f32) {\n"
    "      scf.yield %red : f32\n"
    "    } else {\n"
    "      %z = arith.constant 0.0 : f32\n"
    "      scf.yield %z : f32\n"
    "    }\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %w = scf.while (%i = %c0) : (i32) -> i32 {\n"
    "      %lt = arith.cmpi slt, %i, %n : i32\n"
    "      scf.condition(%lt) %i : i32\n"
    "    } do {\n"
    "    ^bb0(%j: i32):\n"
    "      %nj = arith.addi %j, %c512 : i32\n"
    "      scf.yield %nj : i32\n"
    "    }\n"
    "    %z2 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #b2}>>\n"
    "    %e = tt.expand_dims %z2 {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #b2}>> -> tensor<16x1xi32, #b2>\n"
    "    %bb = tt.broadcast %e : tensor<16x1xi32, #b2> -> tensor<16x16xi32, #b2>\n"
    "    %f = arith.sitofp %bb : tensor<16x16xi32, #b2> to tensor<16x16xf32, #b2>\n"
    "    %r2 = \"tt.reduce\"(%f) <{axis = 0 : i32}> ({\n"
    "    ^bb0(%a: f32, %b: f32):\n"
    "      %t = arith.maxnumf %a, %b : f32\n"
    "      tt.reduce.return %t : f32\n"
    "    }) : (tensor<16x16xf32, #b2>) -> tensor<16xf32, #ttg.slice<{dim = 0, parent = #b2}>>\n"
    "    %tr = tt.trans %f {order = array<i32: 1, 0>} : tensor<16x16xf32, #b2> -> tensor<16x16xf32, #b2>\n"
    "    %ww = arith.sitofp %w : i32 to f32\n"
    "    %vv = arith.addf %v, %ww : f32\n"
    "    tt.store %s, %vv : !tt.ptr<f32>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

START_TEST(generic_paths) {
  ir_module *m = tu_parse(generic_kernel);
  char *t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_MLIR);
  /* 512 elements, 4 per thread: two masked loads of 4, one masked store of 4, one scalar */
  ck_assert_int_eq(lwt_count(t, "ld.global.b32"), 8);
  ck_assert_int_eq(lwt_count(t, "st.global.b32"), 5);
  /* sum over 512: 5 lane bits for 1 class; max over dim 0 of 16x16: 3 lane bits x 4 columns */
  ck_assert_int_eq(lwt_count(t, "nvvm.shfl.sync bfly"), 17);
  /* no warp_specialize: CTA-wide barriers only, 128 threads */
  ck_assert_ptr_null(strstr(t, "llvm.switch"));
  ck_assert_ptr_nonnull(strstr(t, "nvvm.reqntid = array<i32: 128, 1, 1>"));
  ck_assert_int_ge(lwt_count(t, "nvvm.barrier0"), 4);
  free(t);
  t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_PTX);
  ck_assert_ptr_nonnull(strstr(t, "// tlxv-param 4 s ptr dtype=f32\n"));
  /* Scratch pool: the three conversions (512 x f32, i32, i1) and the two cross-warp
   * reductions (4 warps x 1 x 8 bytes; 2 warps x 16 x 8 bytes) share one buffer of the
   * largest, 2048 bytes, + the 1024-byte alignment slack. */
  ck_assert_ptr_nonnull(strstr(t, "// tlxv-kernel vadd threads=128 smem=3072 "));
  ck_assert_ptr_nonnull(strstr(t, ".reqntid 128, 1, 1"));
  free(t);
  ir_module_free(m);
}
END_TEST

/* membar-lite across a conversion that needs no scratch (a register permutation): it has no
 * barrier of its own, so the local_load after it still needs one after the local_store. */
static const char *membar_kernel =
    "#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n"
    "#b2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n"
    "#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
    "#smem = #ttg.shared_memory\n"
    "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\"} {\n"
    "  tt.func public @k(%o: !tt.ptr<i32>) {\n"
    "    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>\n"
    "    %s = ttg.local_alloc : () -> !ttg.memdesc<512xi32, #sh, #smem, mutable>\n"
    "    ttg.local_store %r, %s : tensor<512xi32, #b> -> !ttg.memdesc<512xi32, #sh, #smem, mutable>\n"
    "    %c = ttg.convert_layout %r : tensor<512xi32, #b> -> tensor<512xi32, #b2>\n"
    "    %l = ttg.local_load %s : !ttg.memdesc<512xi32, #sh, #smem, mutable> -> tensor<512xi32, #b2>\n"
    "    %x = arith.addi %c, %l : tensor<512xi32, #b2>\n"
    "    %p = tt.splat %o : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #b2>\n"
    "    tt.store %p, %x : tensor<512x!tt.ptr<i32>, #b2>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

START_TEST(membar_after_register_conversion) {
  ir_module *m = tu_parse(membar_kernel);
  char *t = lwt_lower_ok(m, LW_SM90A, LW_EMIT_MLIR);
  ck_assert_int_eq(lwt_count(t, "nvvm.barrier0"), 1);
  /* 4 contiguous i32 per thread: one 16-byte store and one 16-byte load */
  ck_assert_int_eq(lwt_count(t, "vector<4xi32>, !llvm.ptr<3>"), 1);
  ck_assert_int_eq(lwt_count(t, "!llvm.ptr<3> -> vector<4xi32>"), 1);
  free(t);
  ir_module_free(m);
}
END_TEST

static const char *tmem_kernel =
    "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>\n"
    "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\"} {\n"
    "  tt.func public @k() {\n"
    "    %t = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> loc(\"k.py\":7:3)\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

START_TEST(unsupported_op_message) {
  ir_module *m = tu_parse(tmem_kernel);
  char *out = NULL;
  size_t len = 0;
  ir_diag d = {0};
  ck_assert_int_eq(lw_lower(m, LW_SM90A, LW_EMIT_PTX, &out, &len, &d), 2);
  ck_assert_ptr_null(out);
  ck_assert_str_eq(d.msg, "k.py:7:3: error: lowering: op 'ttng.tmem_alloc' is not supported for sm_90a");
  free(d.msg);
  ir_module_free(m);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("lw_lower");
  TCase *tc = tcase_create("lower");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, ws_add_mlir_structure);
  tcase_add_test(tc, ws_add_ptx_header);
  tcase_add_test(tc, gemm_wgmma);
  tcase_add_test(tc, attention_register_a);
  tcase_add_test(tc, unsupported_op_message);
  tcase_add_test(tc, generic_paths);
  tcase_add_test(tc, membar_after_register_conversion);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
