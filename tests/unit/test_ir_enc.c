/* test_ir_enc.c: Triton layouts parsed into ir_encoding (blocked, slice, dot_op, nvidia_mma,
 * nvmma_shared, swizzled_shared, linear, padded_shared, shared_linear, TMEM, AMD, memory
 * spaces): the fields later stages use, uniquing, and printing back. */
#include "ir_test_util.h"
#include "check_run.h"

static const char *aliases =
    "#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>\n"
    "#old = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]}>\n"
    "#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>\n"
    "#dot = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>\n"
    "#slice = #ttg.slice<{dim = 1, parent = #blocked}>\n"
    "#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>\n"
    "#swz = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>\n"
    "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, twoCTAs = true>\n"
    "#scales = #ttng.tensor_memory_scales_encoding<>\n"
    "#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>\n"
    "#wmma = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2]}>\n"
    "#linear = #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0]], warp = [], block = []}>\n"
    "#padded = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>\n"
    "#slin = #ttg.shared_linear<{offset = [[0, 1], [0, 2]], block = []}, alignment = 128>\n"
    "#other = #tlx.dummy_register_layout<[128, 64], f32, true>\n"
    "#smem = #ttg.shared_memory\n";

static ir_module *parse_aliases(void) {
  char buf[8192];
  snprintf(buf, sizeof buf, "%smodule {\n}\n", aliases);
  return tu_parse(buf);
}

static const ir_encoding *enc_of(const ir_module *m, const char *alias) {
  for (uint32_t i = 0; i < m->n_aliases; i++)
    if (!strcmp(m->alias_names[i], alias)) {
      const ir_attr *a = m->alias_attrs[i];
      ck_assert_int_eq(a->kind, IR_A_ENCODING);
      return a->enc;
    }
  ck_abort_msg("no alias %s", alias);
  return NULL;
}

START_TEST(register_layouts) {
  ir_module *m = parse_aliases();
  const ir_encoding *e = enc_of(m, "#blocked");
  ck_assert_int_eq(e->kind, IR_E_BLOCKED);
  ck_assert_str_eq(e->mnemonic, "ttg.blocked");
  ck_assert_int_eq(e->rank, 2);
  ck_assert_int_eq(e->size_per_thread[1], 4);
  ck_assert_int_eq(e->threads_per_warp[0], 8);
  ck_assert_int_eq(e->warps_per_cta[0], 4);
  ck_assert_int_eq(e->order[0], 1);
  ck_assert_ptr_nonnull(e->cta_layout);
  ck_assert_int_eq(e->cta_layout->kind, IR_A_ARRAY);
  e = enc_of(m, "#old");
  ck_assert_int_eq(e->ctas_per_cga[0], 2);
  ck_assert_int_eq(e->cta_split_num[0], 2);
  e = enc_of(m, "#mma");
  ck_assert_int_eq(e->kind, IR_E_NVIDIA_MMA);
  ck_assert_int_eq(e->version_major, 3);
  ck_assert_int_eq(e->instr_shape[1], 256);
  ck_assert_int_eq(e->warps_per_cta[0], 4);
  e = enc_of(m, "#dot");
  ck_assert_int_eq(e->kind, IR_E_DOT_OP);
  ck_assert_int_eq(e->op_idx, 0);
  ck_assert_int_eq(e->k_width, 2);
  ck_assert_int_eq(e->parent->enc->kind, IR_E_NVIDIA_MMA);
  e = enc_of(m, "#slice");
  ck_assert_int_eq(e->kind, IR_E_SLICE);
  ck_assert_int_eq(e->dim, 1);
  ck_assert_ptr_eq(e->parent->enc, enc_of(m, "#blocked"));
  e = enc_of(m, "#mfma");
  ck_assert_int_eq(e->kind, IR_E_AMD_MFMA);
  ck_assert_int_eq(e->version_major, 3);
  ck_assert(e->transposed);
  ck_assert_int_eq(e->instr_shape[2], 8);
  e = enc_of(m, "#wmma");
  ck_assert_int_eq(e->kind, IR_E_AMD_WMMA);
  ck_assert_int_eq(e->warps_per_cta[1], 2);
  e = enc_of(m, "#linear");
  ck_assert_int_eq(e->kind, IR_E_LINEAR);
  ck_assert_ptr_nonnull(e->params);
  ir_module_free(m);
}
END_TEST

START_TEST(shared_and_tmem_layouts) {
  ir_module *m = parse_aliases();
  const ir_encoding *e = enc_of(m, "#nvmma");
  ck_assert_int_eq(e->kind, IR_E_NVMMA_SHARED);
  ck_assert_int_eq(e->swizzle_bytes, 128);
  ck_assert(e->transposed);
  ck_assert_int_eq(e->element_bits, 16);
  ck_assert_int_eq(e->element_bytes, 2);
  e = enc_of(m, "#swz");
  ck_assert_int_eq(e->kind, IR_E_SWIZZLED_SHARED);
  ck_assert_int_eq(e->vec, 8);
  ck_assert_int_eq(e->per_phase, 2);
  ck_assert_int_eq(e->max_phase, 4);
  ck_assert_int_eq(e->order[0], 1);
  e = enc_of(m, "#tmem");
  ck_assert_int_eq(e->kind, IR_E_TMEM);
  ck_assert_int_eq(e->block_m, 128);
  ck_assert_int_eq(e->block_n, 64);
  ck_assert_int_eq(e->col_stride, 1);
  ck_assert(e->two_ctas);
  ck_assert_int_eq(enc_of(m, "#scales")->kind, IR_E_TMEM_SCALES);
  e = enc_of(m, "#padded");
  ck_assert_int_eq(e->kind, IR_E_PADDED_SHARED);
  ck_assert_str_eq(e->raw, "[32:+4] {order = [1, 0], shape = [64, 64]}");
  ck_assert_int_eq(enc_of(m, "#slin")->kind, IR_E_SHARED_LINEAR);
  ck_assert_int_eq(enc_of(m, "#other")->kind, IR_E_OTHER);
  ck_assert_int_eq(enc_of(m, "#smem")->kind, IR_E_SPACE_SHARED);
  ck_assert(!enc_of(m, "#smem")->has_body);
  ir_module_free(m);
}
END_TEST

START_TEST(print_back) {
  ir_module *m = parse_aliases();
  char *s = tu_print(m);
  char want[8192];
  snprintf(want, sizeof want, "%smodule {\n}\n", aliases);
  ck_assert_str_eq(s, want);
  free(s);
  ir_module_free(m);
}
END_TEST

START_TEST(memory_spaces_and_type_encoding) {
  ir_module *m = tu_parse(
      "#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
      "module {\n tt.func @f(%a: !ttg.memdesc<1xi64, #s, #ttng.shared_cluster_memory, mutable>, "
      "%d: !tt.tensordesc<tensor<32x64xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>>>) {\n"
      "  tt.return\n }\n}\n");
  const ir_type *t = m->funcs[0]->type->inputs[0];
  ck_assert_int_eq(t->space->enc->kind, IR_E_SPACE_CLUSTER);
  ck_assert_int_eq(ir_type_encoding(t)->kind, IR_E_SWIZZLED_SHARED);
  const ir_encoding *e = ir_type_encoding(m->funcs[0]->type->inputs[1]);
  ck_assert_int_eq(e->kind, IR_E_NVMMA_SHARED);
  ck_assert_int_eq(e->swizzle_bytes, 64);
  ck_assert_int_eq(e->element_bytes, 4);
  ir_module_free(m);
}
END_TEST

START_TEST(errors) {
  char *e = tu_parse_err("#b = #ttg.blocked<{sizePerThread = [1]}\nmodule {\n}\n");
  ck_assert_str_eq(e, "t.ttgir:2:1: error: expected ',' or '>' in #ttg.blocked<...>, found 'module'");
  free(e);
  e = tu_parse_err("#b = #ttg.padded_shared<[32:+4]\nmodule {\n}\n");
  ck_assert_str_eq(e, "t.ttgir:1:24: error: unterminated '<' (bodies must be on one line)");
  free(e);
  e = tu_parse_err("#a = #ttg.shared_memory\n#a = #ttg.shared_memory\nmodule {\n}\n");
  ck_assert_str_eq(e, "t.ttgir:2:1: error: redefinition of alias '#a'");
  free(e);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("ir_enc");
  TCase *tc = tcase_create("enc");
  tcase_add_test(tc, register_layouts);
  tcase_add_test(tc, shared_and_tmem_layouts);
  tcase_add_test(tc, print_back);
  tcase_add_test(tc, memory_spaces_and_type_encoding);
  tcase_add_test(tc, errors);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
