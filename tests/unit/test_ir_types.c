/* test_ir_types.c: type parsing (builtin, !tt.*, !ttg.*), uniquing, printing, and the type
 * queries (element bytes, element count, encodings). */
#include "ir_test_util.h"
#include "check_run.h"

static const char *aliases =
    "#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>\n"
    "#smem = #ttg.shared_memory\n"
    "#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>\n"
    "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>\n";

static char *type_str(const ir_type *t) {
  char *s = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&s, &n);
  ir_print_type(t, f);
  fclose(f);
  return s;
}

/* Parses a type and checks it prints back as written. */
static void roundtrip(const char *ty) {
  ir_module *m;
  const ir_type *t = tu_type(aliases, ty, &m);
  char *s = type_str(t);
  ck_assert_str_eq(s, ty);
  free(s);
  ir_module_free(m);
}

START_TEST(scalars) {
  ir_module *m;
  const ir_type *t = tu_type(NULL, "i1", &m);
  ck_assert_int_eq(t->kind, IR_T_INT);
  ck_assert_int_eq(t->bits, 1);
  ck_assert_int_eq(ir_type_elem_bytes(t), 1);
  ck_assert(ir_type_is_scalar(t));
  ir_module_free(m);
  t = tu_type(NULL, "ui128", &m);
  ck_assert(t->is_unsigned);
  ck_assert_int_eq(t->bits, 128);
  ck_assert_int_eq(ir_type_elem_bytes(t), 16);
  ir_module_free(m);
  t = tu_type(NULL, "bf16", &m);
  ck_assert_int_eq(t->kind, IR_T_FLOAT);
  ck_assert_int_eq(t->fkind, IR_BF16);
  ck_assert_int_eq(ir_type_elem_bytes(t), 2);
  ir_module_free(m);
  t = tu_type(NULL, "f8E4M3FN", &m);
  ck_assert_int_eq(t->fkind, IR_F8E4M3FN);
  ck_assert_int_eq(ir_type_elem_bytes(t), 1);
  ir_module_free(m);
  t = tu_type(NULL, "index", &m);
  ck_assert_int_eq(t->kind, IR_T_INDEX);
  ir_module_free(m);
  const char *all[] = {"i32", "i64", "ui8", "si16", "f16", "f32", "f64", "tf32", "f8E5M2",
                       "f4E2M1FN", "f8E8M0FNU", "index", "none"};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) roundtrip(all[i]);
}
END_TEST

START_TEST(tensors_and_pointers) {
  ir_module *m;
  const ir_type *t = tu_type(aliases, "tensor<128x64x!tt.ptr<f16>, #blocked>", &m);
  ck_assert_int_eq(t->kind, IR_T_TENSOR);
  ck_assert_int_eq(t->rank, 2);
  ck_assert_int_eq(t->shape[0], 128);
  ck_assert_int_eq(t->shape[1], 64);
  ck_assert_int_eq(t->elem->kind, IR_T_PTR);
  ck_assert_int_eq(t->elem->elem->fkind, IR_F16);
  ck_assert_int_eq(t->elem->addr_space, 1);
  ck_assert_int_eq(ir_type_numel(t), 128 * 64);
  ck_assert_int_eq(ir_type_encoding(t)->kind, IR_E_BLOCKED);
  ir_module_free(m);
  roundtrip("tensor<1024xf32>");
  roundtrip("tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>");
  roundtrip("!tt.ptr<f16>");
  roundtrip("!tt.ptr<i8, 3>");
  roundtrip("!tt.ptr<tensor<64x64xf16>>");
  roundtrip("!tt.tensordesc<tensor<32x64xf32, #shared>>");
  roundtrip("!tt.tensordesc<128x64xf16, #shared>");
  roundtrip("!ttg.async.token");
  roundtrip("(i32, f32) -> i1");
  roundtrip("(i32) -> (i1, i1)");
  roundtrip("!tlx.storage_alias_spec<smem, 4>");
  roundtrip("vector<4xi32>");
}
END_TEST

START_TEST(memdesc) {
  ir_module *m;
  const ir_type *t = tu_type(aliases, "!ttg.memdesc<1x128x64xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x128>", &m);
  ck_assert_int_eq(t->kind, IR_T_MEMDESC);
  ck_assert_int_eq(t->rank, 3);
  ck_assert_int_eq(t->shape[2], 64);
  ck_assert(t->is_mutable);
  ck_assert_int_eq(t->alloc_rank, 3);
  ck_assert_int_eq(t->alloc_shape[0], 2);
  ck_assert_int_eq(t->alloc_shape[2], 128);
  ck_assert_int_eq(t->enc->enc->kind, IR_E_TMEM);
  ck_assert_int_eq(t->space->enc->kind, IR_E_SPACE_TMEM);
  ck_assert_int_eq(ir_type_elem_bytes(t), 4);
  ir_module_free(m);
  t = tu_type(aliases, "!ttg.memdesc<2x1xi64, #shared, #smem>", &m);
  ck_assert(!t->is_mutable);
  ck_assert_int_eq(t->alloc_rank, 0);
  ck_assert_str_eq(t->space->alias, "#smem");
  ck_assert_int_eq(t->space->enc->kind, IR_E_SPACE_SHARED);
  ir_module_free(m);
  roundtrip("!ttg.memdesc<1xi64, #shared, #smem, mutable>");
  roundtrip("!ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>");
  roundtrip("!ttg.memdesc<1xi64, #shared, #ttng.shared_cluster_memory, mutable>");
  roundtrip("!ttg.memdesc<4xui128, #shared, #smem, mutable>");
}
END_TEST

START_TEST(uniquing) {
  /* equal types are one pointer, also when the encoding is written inline vs by alias */
  ir_module *m = tu_parse(
      "#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n"
      "module {\n tt.func @f(%a: tensor<64xf32, #blocked>, %b: tensor<64xf32, #ttg.blocked<{sizePerThread = [1], "
      "threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>, %c: tensor<64xf32>, %d: !tt.ptr<f32>, %e: !tt.ptr<f32>) {\n"
      "  tt.return\n }\n}\n");
  const ir_type *const *in = m->funcs[0]->type->inputs;
  ck_assert_ptr_eq(in[0], in[1]);
  ck_assert_ptr_ne(in[0], in[2]);
  ck_assert_ptr_eq(in[3], in[4]);
  ck_assert_ptr_eq(in[0]->elem, in[4]->elem);
  char *s = tu_print(m); /* the inline encoding prints as its alias */
  ck_assert_ptr_nonnull(strstr(s, "%b: tensor<64xf32, #blocked>"));
  free(s);
  ir_module_free(m);
}
END_TEST

START_TEST(type_alias) {
  ir_module *m = tu_parse("!desc = !tt.ptr<f16>\nmodule {\n tt.func @f(%a: !desc) {\n  tt.return\n }\n}\n");
  const ir_type *t = m->funcs[0]->type->inputs[0];
  ck_assert_int_eq(t->kind, IR_T_PTR);
  char *s = tu_print(m);
  ck_assert_ptr_nonnull(strstr(s, "!desc = !tt.ptr<f16>\n"));
  ir_module_free(m);
  ir_module *m2 = tu_parse(s);
  char *s2 = tu_print(m2);
  ck_assert_str_eq(s, s2);
  free(s);
  free(s2);
  ir_module_free(m2);
}
END_TEST

START_TEST(errors) {
  char *e = tu_parse_err("module {\n tt.func @f(%a: i32x) {\n  tt.return\n }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:2:17: error: unknown type 'i32x'");
  free(e);
  e = tu_parse_err("module {\n tt.func @f(%a: tensor<1x2x3x4x5x6x7xf32>) {\n  tt.return\n }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:2:24: error: shape has more than 6 dimensions");
  free(e);
  e = tu_parse_err("module {\n tt.func @f(%a: !undefined_alias) {\n  tt.return\n }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:2:17: error: undefined type alias '!undefined_alias'");
  free(e);
  e = tu_parse_err("module {\n tt.func @f(%a: !tt.ptr<f16) {\n  tt.return\n }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:2:28: error: expected '>', found ')'");
  free(e);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("ir_types");
  TCase *tc = tcase_create("types");
  tcase_add_test(tc, scalars);
  tcase_add_test(tc, tensors_and_pointers);
  tcase_add_test(tc, memdesc);
  tcase_add_test(tc, uniquing);
  tcase_add_test(tc, type_alias);
  tcase_add_test(tc, errors);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
