/* test_ir_syntax.c: the syntax traps of tlx-ir.md §2 and the custom form of the ops TLX /
 * Gluon kernels use, each checked for structure and for printing back unchanged; plus the
 * generic form, unnamed results, several functions, unstructured blocks, split input and
 * the "unsupported op" error. */
#include "ir_test_util.h"
#include "check_run.h"

static const char *kernel =
    "#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>\n"
    "#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>\n"
    "#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>\n"
    "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
    "#smem = #ttg.shared_memory\n"
    "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>\n"
    "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\"} {\n"
    "  tt.func private @helper(%x: i32) -> i32 attributes {noinline = true} {\n"
    "    tt.return %x : i32\n"
    "  }\n"
    "  tt.func public @k(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) {\n"
    "    %c0_i32 = arith.constant 0 : i32\n"
    "    %c1_i32 = arith.constant 1 : i32\n"
    "    %true = arith.constant true\n"
    "    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>\n"
    "    %ninf = arith.constant 0xFF800000 : f32\n"
    "    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>\n"
    "    %tok = ttg.async_copy_global_to_local %p, %buf : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>\n"
    "    %g = ttg.async_commit_group tokens %tok\n"
    "    %w = ttg.async_wait %g {num = 0 : i32}\n"
    "    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    ttng.async_tma_copy_global_to_local %d[%c0_i32, %c0_i32] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>\n"
    "    ttng.wait_barrier %bar, %c0_i32 deps %buf : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>\n"
    "    %acc = ttng.warp_group_dot %buf, %buf, %cst {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>\n"
    "    %r:3 = ttng.warp_group_dot_wait %acc, %buf, %buf {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>\n"
    "    %m = \"tt.reduce\"(%r#0) <{axis = 1 : i32}> ({\n"
    "    ^bb0(%a: f32, %b: f32):\n"
    "      %mx = arith.maxnumf %a, %b : f32\n"
    "      tt.reduce.return %mx : f32\n"
    "    }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>\n"
    "    ttng.tmem_alloc : () -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)\n"
    "    %t2:2 = ttng.tmem_alloc : () -> (!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)\n"
    "    %mt = ttng.tc_gen5_mma %buf, %buf, %t2#0[%t2#1], %true, %true, %bar[%true] {is_async} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    ttng.tc_gen5_mma %buf, %buf, %t2#0, %true, %true : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>\n"
    "    %ld, %ldt = ttng.tmem_load %t2#0[%mt] : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>\n"
    "    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    %q:3 = ttng.clc_query_cancel %bar : (!ttg.memdesc<1xi64, #shared1, #smem, mutable>) -> (i32, i32, i32)\n"
    "    %s = arith.addi %q#1, %q#2 : i32\n"
    "    %h = tt.call @helper(%s) : (i32) -> i32\n"
    "    %res:2 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%x = %c0_i32, %y = %h) -> (i32, i32)  : i32 {\n"
    "      %c = arith.cmpi slt, %x, %y : i32\n"
    "      %z = scf.if %c -> (i32) {\n"
    "        scf.yield %x : i32\n"
    "      } else {\n"
    "        %u = arith.addi %x, %c1_i32 : i32\n"
    "        scf.yield %u : i32\n"
    "      }\n"
    "      scf.yield %z, %y : i32, i32\n"
    "    } {tt.num_stages = 3 : i32, tt.warp_specialize}\n"
    "    scf.for %j = %c0_i32 to %n step %c1_i32  : i32 {\n"
    "      ttng.arrive_barrier %bar, 1 {perThread} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    }\n"
    "    %wh = scf.while (%it = %c0_i32) : (i32) -> i32 {\n"
    "      %lt = arith.cmpi slt, %it, %n : i32\n"
    "      scf.condition(%lt) %it : i32\n"
    "    } do {\n"
    "    ^bb0(%body: i32):\n"
    "      %nx = arith.addi %body, %c1_i32 : i32\n"
    "      scf.yield %nx : i32\n"
    "    }\n"
    "    %v = ttg.warp_specialize(%bar, %n) attributes {requestedRegisters = array<i32: 24>}\n"
    "    default {\n"
    "      ttg.barrier local|global_read\n"
    "      ttg.warp_yield %n : i32\n"
    "    }\n"
    "    partition0(%b0: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %n0: i32) num_warps(2) {\n"
    "      %c9 = arith.constant 9 : i32\n"
    "      %c128 = arith.constant 128 : i32\n"
    "      ttng.wait_barrier_named %c9, %c128 : i32, i32\n"
    "      ttng.fence_async_shared {bCluster = false}\n"
    "      ttg.warp_return\n"
    "    } : (!ttg.memdesc<1xi64, #shared1, #smem, mutable>, i32) -> i32\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

START_TEST(kernel_prints_back_unchanged) {
  ir_module *m = tu_parse(kernel);
  char *s = tu_print(m);
  ck_assert_str_eq(s, kernel);
  free(s);
  ir_module_free(m);
}
END_TEST

START_TEST(kernel_structure) {
  ir_module *m = tu_parse(kernel);
  ck_assert_uint_eq(m->n_funcs, 2);
  ck_assert_str_eq(m->funcs[0]->visibility, "private");
  ck_assert(!m->funcs[0]->is_public);
  ck_assert_uint_eq(m->funcs[0]->type->n_results, 1);
  ck_assert_str_eq(ir_module_target(m), "cuda:100");
  uint32_t n;
  /* unqualified memdesc result type of async_copy_global_to_local; token result */
  ir_op *cp = tu_nth(m, IR_OP_TTG_ASYNC_COPY_G2L, 0);
  ck_assert_int_eq(ir_seg(cp, 1, NULL)->type->kind, IR_T_MEMDESC);
  ck_assert_int_eq(cp->results[0]->type->kind, IR_T_TOKEN);
  ir_op *wait = tu_nth(m, IR_OP_TTNG_WAIT_BARRIER, 0);
  ck_assert_ptr_null(ir_seg(wait, 2, &n));
  ir_seg(wait, 3, &n);
  ck_assert_uint_eq(n, 1);
  /* %r:3 / %r#0 and %q#1 */
  ir_op *dw = tu_nth(m, IR_OP_TTNG_WARP_GROUP_DOT_WAIT, 0);
  ck_assert_uint_eq(dw->n_results, 3);
  ck_assert_int_eq(dw->results[2]->name_sub, 2);
  ck_assert_ptr_eq(dw->results[1]->type, dw->operands[1]->type);
  ir_op *red = tu_nth(m, IR_OP_TT_REDUCE, 0);
  ck_assert(red->generic);
  ck_assert_ptr_eq(red->operands[0], dw->results[0]);
  ck_assert_int_eq(ir_op_attr_int(red, "axis", -1), 1);
  ck_assert_uint_eq(red->regions[0]->blocks[0]->n_args, 2);
  ck_assert_str_eq(red->regions[0]->blocks[0]->label, "bb0");
  ir_op *add = tu_nth(m, IR_OP_ARITH_ADDI, 0);
  ck_assert_ptr_eq(add->operands[0], tu_nth(m, IR_OP_TTNG_CLC_QUERY_CANCEL, 0)->results[1]);
  /* tc_gen5_mma: token dependency and barrier/pred pairs */
  ir_op *mma = tu_nth(m, IR_OP_TTNG_TC_GEN5_MMA, 0);
  ir_seg(mma, 3, &n);
  ck_assert_uint_eq(n, 1); /* dep */
  ck_assert_int_eq(mma->results[0]->type->kind, IR_T_TOKEN);
  ir_seg(mma, 6, &n);
  ck_assert_uint_eq(n, 1); /* barriers */
  ir_seg(mma, 7, &n);
  ck_assert_uint_eq(n, 1); /* barrier_preds */
  ck_assert(ir_op_has_attr(mma, "is_async"));
  ir_op *mma2 = tu_nth(m, IR_OP_TTNG_TC_GEN5_MMA, 1);
  ck_assert_uint_eq(mma2->n_results, 0);
  ir_seg(mma2, 3, &n);
  ck_assert_uint_eq(n, 0);
  ir_op *ld = tu_nth(m, IR_OP_TTNG_TMEM_LOAD, 0);
  ck_assert_uint_eq(ld->n_results, 2);
  ck_assert_int_eq(ld->results[1]->type->kind, IR_T_TOKEN);
  ck_assert_ptr_eq(ir_seg(ld, 1, NULL), mma->results[0]);
  /* unnamed multi-result op: results come from its type */
  ck_assert_uint_eq(tu_nth(m, IR_OP_TTNG_TMEM_ALLOC, 0)->n_results, 2);
  /* scf.for: entry args = [iv, iter_args...]; discardable attributes */
  ir_op *loop = tu_nth(m, IR_OP_SCF_FOR, 0);
  ck_assert_uint_eq(loop->regions[0]->blocks[0]->n_args, 3);
  ck_assert_str_eq(loop->regions[0]->blocks[0]->args[2]->name, "y");
  ir_seg(loop, 3, &n);
  ck_assert_uint_eq(n, 2);
  ck_assert_int_eq(ir_op_attr_int(loop, "tt.num_stages", 0), 3);
  ck_assert(ir_op_has_attr(loop, "tt.warp_specialize"));
  ck_assert(!loop->regions[0]->blocks[0]->last->implicit);
  ir_op *ifop = tu_nth(m, IR_OP_SCF_IF, 0);
  ck_assert_uint_eq(ifop->n_regions, 2);
  ir_op *loop2 = tu_nth(m, IR_OP_SCF_FOR, 1);
  ck_assert(loop2->regions[0]->blocks[0]->last->implicit);
  ir_op *wh = tu_nth(m, IR_OP_SCF_WHILE, 0);
  ck_assert_uint_eq(wh->n_regions, 2);
  ck_assert_uint_eq(wh->regions[1]->blocks[0]->n_args, 1);
  ck_assert_int_eq(wh->regions[0]->blocks[0]->last->code, IR_OP_SCF_CONDITION);
  /* warp_specialize with a result; isolated partition names */
  ir_op *ws = tu_nth(m, IR_OP_TTG_WARP_SPECIALIZE, 0);
  ck_assert_uint_eq(ws->n_results, 1);
  ck_assert_int_eq(ws->regions[1]->num_warps, 2);
  ck_assert_str_eq(ws->regions[1]->blocks[0]->args[1]->name, "n0");
  ck_assert_str_eq(ir_op_attr(tu_nth(m, IR_OP_TTG_BARRIER, 0), "addrSpace")->str, "local|global_read");
  ir_op *call = tu_nth(m, IR_OP_TT_CALL, 0);
  ck_assert_str_eq(ir_op_attr(call, "callee")->str, "helper");
  ck_assert_int_eq(call->results[0]->type->bits, 32);
  ir_module_free(m);
}
END_TEST

START_TEST(more_forms_print_back) {
  static const char *text =
      "#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n"
      "module {\n"
      "  tt.func @g(%a: tensor<128xf32, #blocked>, %p: !tt.ptr<f32>, %i: i32) {\n"
      "    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>\n"
      "    %1 = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>\n"
      "    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>\n"
      "    %3 = tt.load %2 evictionPolicy = evict_first cacheModifier = ca : tensor<128x!tt.ptr<f32>, #blocked>\n"
      "    %4 = arith.addf %3, %a fastmath<fast> : tensor<128xf32, #blocked>\n"
      "    %5 = arith.cmpf ogt, %4, %a : tensor<128xf32, #blocked>\n"
      "    %6 = arith.select %5, %4, %a : tensor<128xi1, #blocked>, tensor<128xf32, #blocked>\n"
      "    %7 = arith.truncf %6 : tensor<128xf32, #blocked> to tensor<128xf16, #blocked>\n"
      "    %8 = arith.addi %i, %i overflow<nsw> : i32\n"
      "    %9 = math.exp2 %a : tensor<128xf32, #blocked>\n"
      "    tt.store %2, %9 : tensor<128x!tt.ptr<f32>, #blocked>\n"
      "    %10 = gpu.thread_id  x\n"
      "    %11 = arith.index_cast %10 : index to i32\n"
      "    cf.br ^bb1(%11 : i32)\n"
      "  ^bb1(%12: i32):\n"
      "    %13 = arith.cmpi eq, %12, %i : i32\n"
      "    cf.cond_br %13, ^bb1(%i : i32), ^bb2\n"
      "  ^bb2:\n"
      "    tt.return\n"
      "  }\n"
      "}\n";
  ir_module *m = tu_parse(text);
  char *s = tu_print(m);
  ir_diag d = {0};
  ir_module *m2 = ir_parse(s, strlen(s), "again", &d);
  ck_assert_msg(m2 != NULL, "%s", d.msg);
  char *s2 = tu_print(m2);
  ck_assert_str_eq(s, s2); /* fixpoint */
  ck_assert_ptr_nonnull(strstr(s, "%3 = tt.load %2 cacheModifier = ca evictionPolicy = evict_first : "));
  ck_assert_ptr_nonnull(strstr(s, "%4 = arith.addf %3, %a fastmath<fast> : "));
  ck_assert_ptr_nonnull(strstr(s, "%8 = arith.addi %i, %i overflow<nsw> : i32\n"));
  /* MLIR's predecessor comment after a non-entry block's label (ir_print.c) */
  ck_assert_ptr_nonnull(strstr(s, "cf.cond_br %13, ^bb1(%i : i32), ^bb2\n  ^bb2:  // pred: ^bb1\n"));
  ck_assert_int_eq(tu_nth(m, IR_OP_GPU_THREAD_ID, 0)->results[0]->type->kind, IR_T_INDEX);
  ck_assert_int_eq(tu_nth(m, IR_OP_ARITH_CMPF, 0)->results[0]->type->elem->bits, 1);
  ck_assert_uint_eq(m->funcs[0]->op->regions[0]->n_blocks, 3);
  ir_op *br = tu_nth(m, IR_OP_CF_COND_BR, 0);
  ck_assert_uint_eq(br->n_successors, 2);
  ck_assert_str_eq(br->successors[1]->label, "bb2");
  free(s);
  free(s2);
  ir_module_free(m);
  ir_module_free(m2);
}
END_TEST

/* tt.fp_to_fp's attribute dictionary: Triton 3.6.0 prints it before `, rounding = ...` (an
 * automatically warp-specialized kernel's `{async_task_id = ...}`), the TLX fork after it; both
 * parse to the same op, which prints in 3.6.0's order */
START_TEST(fp_to_fp_attr_orders) {
  static const char *fmt =
      "module {\n"
      "  tt.func @f(%%x: tensor<4xf32>) {\n"
      "    %%c = tt.fp_to_fp %%x%s : tensor<4xf32> -> tensor<4xf8E4M3FN>\n"
      "    tt.return\n"
      "  }\n"
      "}\n";
  const char *forms[2] = {" {a = 1 : i32}, rounding = rtne", ", rounding = rtne {a = 1 : i32}"};
  char text[512];
  for (int k = 0; k < 2; k++) {
    snprintf(text, sizeof text, fmt, forms[k]);
    ir_module *m = tu_parse(text);
    ir_op *op = tu_nth(m, IR_OP_TT_FP_TO_FP, 0);
    ck_assert_ptr_nonnull(ir_op_attr(op, "a"));
    ck_assert_ptr_nonnull(ir_op_attr(op, "rounding"));
    char *s = tu_print(m);
    snprintf(text, sizeof text, fmt, forms[0]);
    ck_assert_str_eq(s, text);
    free(s);
    ir_module_free(m);
  }
}
END_TEST

START_TEST(split_input) {
  const char *text = "// RUN: x\nmodule {\n}\n\n// -----\n// comment\nmodule {\n  tt.func @f() {\n    bad.op\n  }\n}\n";
  size_t *st, *ln;
  uint32_t *fl;
  size_t n = ir_split_input(text, strlen(text), &st, &ln, &fl);
  ck_assert_uint_eq(n, 2);
  ck_assert_uint_eq(fl[0], 1);
  ck_assert_uint_eq(fl[1], 6);
  ir_diag d = {0};
  ir_module *m = ir_parse_ex(text + st[0], ln[0], "s.mlir", fl[0] - 1, &d);
  ck_assert_ptr_nonnull(m);
  ir_module_free(m);
  m = ir_parse_ex(text + st[1], ln[1], "s.mlir", fl[1] - 1, &d);
  ck_assert_ptr_null(m);
  ck_assert_str_eq(d.msg, "s.mlir:9:5: error: unsupported operation 'bad.op': it is not in the op table "
                          "(ir/ops.def; see 'tlx-verify parse --list-ops')");
  free(d.msg);
  free(st);
  free(ln);
  free(fl);
}
END_TEST

START_TEST(alias_defined_after_use) {
  /* [0] is used inside #x before `#y = [0]` defines an alias for the same value: #x must not
   * print `order = #y` (an alias defined after its use does not parse; fuzzing found it) */
  const char *text = "#x = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
                     "#y = [0]\n"
                     "module {\n}\n";
  ir_module *m = tu_parse(text);
  char *p1 = tu_print(m);
  ck_assert_ptr_null(strstr(p1, "order = #y"));
  ir_module *m2 = tu_parse(p1);
  char *p2 = tu_print(m2);
  ck_assert_str_eq(p1, p2);
  free(p1);
  free(p2);
  ir_module_free(m);
  ir_module_free(m2);
}
END_TEST

START_TEST(errors) {
  char *e = tu_parse_err("module {\n  tt.func @f() {\n    %x = arith.addi %y, %y : i32\n    tt.return\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:21: error: use of undefined value '%y'");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f(%a: i32) {\n    %a = arith.addi %a, %a : i32\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:5: error: redefinition of SSA value '%a'");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f(%a: f32) {\n    %m = tt.reduce %a : f32\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:20: error: 'tt.reduce' must be written in generic form (\"tt.reduce\"(...) ...)");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f(%a: i32) {\n    %r:2 = arith.addi %a, %a : i32\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:12: error: cannot determine the type of result #1 of 'arith.addi'");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f(%a: i32) {\n    %r = arith.addi %a, %a#1 : i32\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:25: error: result #1 of '%a' out of range (it has 1)");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f(%a: i32) {\n    ttg.warp_specialize(%a)\n    default {\n"
                   "      ttg.warp_yield\n    }\n    partition1(%b: i32) num_warps(1) {\n      ttg.warp_return\n    } : (i32) -> ()\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:7:5: error: expected 'partition0' (partitions are numbered in order)");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f(%a: i32) {\n    cf.br ^bb7\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:11: error: reference to an undefined block '^bb7'");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f(%a: i32) {\n    %x = \"tt.reduce\"(%a) ({\n    }) : (i32, i32) -> i32\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:4:10: error: 2 operand types given for 1 operands");
  free(e);
  /* a quoted keyword that could not print bare (fuzzing found "\r\r\r" printed as nothing) */
  e = tu_parse_err("ttg.barrier\"\r\r\r\"\r\r");
  ck_assert_ptr_nonnull(strstr(e, "error: expected a keyword, found"));
  free(e);
  e = tu_parse_err("module {\n  tt.func @f() {\n    ttg.barrier \"a;b\"\n    tt.return\n  }\n}\n");
  ck_assert_ptr_nonnull(strstr(e, "error: expected a keyword, found"));
  free(e);
  e = tu_parse_err("module {\n  tt.func @f(%p: tensor<4x!tt.ptr<f32>>) {\n"
                   "    %7 = tt.load %7 : tensor<4x!tt.ptr<f32>>\n    tt.return\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:5: error: '%7' is used by the operation that defines it");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f(%n: i32) {\n    %c0 = arith.constant 0 : i32\n"
                   "    %6 = scf.for %i = %c0 to %n step %n iter_args(%a = %c0) -> (i32) : i32 {\n"
                   "      %7 = arith.addi %6, %a : i32\n      scf.yield %7 : i32\n    }\n    tt.return\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:4:5: error: '%6' is used by the operation that defines it");
  free(e);
  e = tu_parse_err("ttg.barrier \"loc|x\"\n"); /* would print as a location */
  ck_assert_str_eq(e, "t.ttgir:1:13: error: expected a keyword, found '\"loc|x\"'");
  free(e);
  e = tu_parse_err("ttg.barrier\"\r\r\r\r2\r\r\rer\"\r\r"); /* "2er" would print as 2 er */
  ck_assert_ptr_nonnull(strstr(e, "error: expected a keyword, found"));
  free(e);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("ir_syntax");
  TCase *tc = tcase_create("syntax");
  tcase_add_test(tc, kernel_prints_back_unchanged);
  tcase_add_test(tc, kernel_structure);
  tcase_add_test(tc, more_forms_print_back);
  tcase_add_test(tc, fp_to_fp_attr_orders);
  tcase_add_test(tc, split_input);
  tcase_add_test(tc, errors);
  tcase_add_test(tc, alias_defined_after_use);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
