/* test_ir_attrs.c: attribute values (ints, floats incl. hex, bools, strings, unit, arrays,
 * dense, array<>, dicts, symbols, keywords), custom-form attributes stored under their ODS
 * names, and attribute printing. */
#include <math.h>

#include "ir_test_util.h"
#include "check_run.h"

#define MOD_BEGIN "module {\n  tt.func @f(%x: i32, %b: !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>) {\n"
#define MOD_END "    tt.return\n  }\n}\n"

START_TEST(dictionary_values) {
  ir_module *m = tu_parse(MOD_BEGIN
      "    ttng.fence_async_shared {a = 16 : i32, b = -1 : i64, c = true, d = \"gpu\", e, "
      "f = array<i32: 1, 0>, g = [0 : i32, 1 : i32], h = 1.000000e+00 : f32, i = 0xFF800000 : f32, "
      "j = dense<0.000000e+00> : tensor<4xf32>, k = @callee, l = {x = 1 : i32}, m = i32, n = 7, "
      "\"o-p\" = unit, q = array<i32>}\n" MOD_END);
  ir_op *op = tu_nth(m, IR_OP_TTNG_FENCE_ASYNC_SHARED, 0);
  ck_assert_ptr_nonnull(op);
  ck_assert_int_eq(op->n_attrs, 16);
  const ir_attr *a = ir_op_attr(op, "a");
  ck_assert_int_eq(a->kind, IR_A_INT);
  ck_assert_int_eq(a->ival, 16);
  ck_assert_int_eq(a->type->bits, 32);
  ck_assert_int_eq(ir_op_attr_int(op, "b", 0), -1);
  ck_assert_int_eq(ir_op_attr(op, "c")->kind, IR_A_BOOL);
  ck_assert_int_eq(ir_op_attr_int(op, "c", 0), 1);
  ck_assert_str_eq(ir_op_attr(op, "d")->str, "gpu");
  ck_assert_int_eq(ir_op_attr(op, "e")->kind, IR_A_UNIT);
  a = ir_op_attr(op, "f");
  ck_assert_int_eq(a->kind, IR_A_DENSE_ARRAY);
  ck_assert_int_eq(a->n, 2);
  ck_assert_int_eq(a->ivals[0], 1);
  ck_assert_int_eq(a->ivals[1], 0);
  a = ir_op_attr(op, "g");
  ck_assert_int_eq(a->kind, IR_A_ARRAY);
  ck_assert_int_eq(a->elems[1]->ival, 1);
  ck_assert(fabs(ir_op_attr(op, "h")->fval - 1.0) < 1e-12);
  a = ir_op_attr(op, "i");
  ck_assert_int_eq(a->kind, IR_A_FLOAT);
  ck_assert(isinf(a->fval) && a->fval < 0);
  a = ir_op_attr(op, "j");
  ck_assert_int_eq(a->kind, IR_A_DENSE);
  ck_assert_str_eq(a->str, "0.000000e+00");
  ck_assert_int_eq(a->type->kind, IR_T_TENSOR);
  ck_assert_str_eq(ir_op_attr(op, "k")->str, "callee");
  ck_assert_int_eq(ir_dict_get(ir_op_attr(op, "l"), "x")->ival, 1);
  ck_assert_int_eq(ir_op_attr(op, "m")->kind, IR_A_TYPE);
  ck_assert_ptr_null(ir_op_attr(op, "n")->type);
  ck_assert(ir_op_has_attr(op, "o-p"));
  ck_assert_int_eq(ir_op_attr(op, "q")->n, 0);
  ck_assert(!ir_op_has_attr(op, "zz"));
  ck_assert_int_eq(ir_op_attr_int(op, "zz", 42), 42);
  char *s = tu_print(m);
  ck_assert_ptr_nonnull(strstr(s,
      "ttng.fence_async_shared {a = 16 : i32, b = -1 : i64, c = true, d = \"gpu\", e, "
      "f = array<i32: 1, 0>, g = [0 : i32, 1 : i32], h = 1.000000e+00 : f32, i = 0xFF800000 : f32, "
      "j = dense<0.000000e+00> : tensor<4xf32>, k = @callee, l = {x = 1 : i32}, m = i32, n = 7, "
      "\"o-p\", q = array<i32>}\n"));
  free(s);
  ir_module_free(m);
}
END_TEST

START_TEST(custom_form_attrs) {
  ir_module *m = tu_parse(MOD_BEGIN
      "    %c0 = arith.constant 0 : i32\n"
      "    %t = arith.constant true\n"
      "    %f = arith.constant 0xFF800000 : f32\n"
      "    %p = tt.get_program_id y : i32\n"
      "    %c = arith.cmpi sge, %x, %c0 : i32\n"
      "    ttng.init_barrier %b, 2 : !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>\n"
      "    ttng.barrier_expect %b, 16384 {async_task_id = array<i32: 2>}, %t : !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>\n"
      "    ttng.arrive_barrier %b, 1, %t {perThread} : !ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #ttg.shared_memory, mutable>\n"
      "    ttng.async_tma_store_wait {pendings = 1 : i32}\n"
      "    ttg.barrier local|global_read\n"
      "    %w = ttg.async_wait {num = 0 : i32}\n"
      "    ttng.fence_async_shared {bCluster = false}\n" MOD_END);
  int64_t v;
  ir_op *op = tu_nth(m, IR_OP_ARITH_CONSTANT, 0);
  ck_assert(ir_value_const_int(op->results[0], &v));
  ck_assert_int_eq(v, 0);
  ck_assert_int_eq(op->results[0]->type->bits, 32);
  op = tu_nth(m, IR_OP_ARITH_CONSTANT, 1);
  ck_assert(ir_value_const_int(op->results[0], &v));
  ck_assert_int_eq(v, 1);
  ck_assert_int_eq(op->results[0]->type->bits, 1);
  op = tu_nth(m, IR_OP_ARITH_CONSTANT, 2);
  ck_assert(!ir_value_const_int(op->results[0], &v));
  ck_assert_int_eq(op->results[0]->type->kind, IR_T_FLOAT);
  op = tu_nth(m, IR_OP_TT_GET_PROGRAM_ID, 0);
  ck_assert_int_eq(ir_op_attr(op, "axis")->kind, IR_A_KEYWORD);
  ck_assert_str_eq(ir_op_attr(op, "axis")->str, "y");
  op = tu_nth(m, IR_OP_ARITH_CMPI, 0);
  ck_assert_str_eq(ir_op_attr(op, "predicate")->str, "sge");
  ck_assert_int_eq(op->results[0]->type->bits, 1);
  op = tu_nth(m, IR_OP_TTNG_INIT_BARRIER, 0);
  ck_assert_int_eq(ir_op_attr_int(op, "count", -1), 2);
  op = tu_nth(m, IR_OP_TTNG_BARRIER_EXPECT, 0);
  ck_assert_int_eq(ir_op_attr_int(op, "size", -1), 16384);
  ck_assert(ir_op_has_attr(op, "async_task_id"));
  uint32_t n;
  ck_assert_ptr_nonnull(ir_seg(op, 1, &n)); /* pred, after the attribute dictionary */
  ck_assert_str_eq(ir_seg(op, 1, &n)->name, "t");
  op = tu_nth(m, IR_OP_TTNG_ARRIVE_BARRIER, 0);
  ck_assert_int_eq(ir_op_attr(op, "perThread")->kind, IR_A_UNIT);
  ck_assert_int_eq(ir_op_attr_int(op, "count", -1), 1);
  ck_assert_int_eq(ir_op_attr_int(tu_nth(m, IR_OP_TTNG_TMA_STORE_WAIT, 0), "pendings", -1), 1);
  ck_assert_str_eq(ir_op_attr(tu_nth(m, IR_OP_TTG_BARRIER, 0), "addrSpace")->str, "local|global_read");
  op = tu_nth(m, IR_OP_TTG_ASYNC_WAIT, 0);
  ck_assert_int_eq(ir_op_attr_int(op, "num", -1), 0);
  ck_assert_int_eq(op->results[0]->type->kind, IR_T_TOKEN);
  ck_assert_int_eq(ir_op_attr(tu_nth(m, IR_OP_TTNG_FENCE_ASYNC_SHARED, 0), "bCluster")->kind, IR_A_BOOL);
  char *s = tu_print(m);
  ck_assert_ptr_nonnull(strstr(s, "ttng.barrier_expect %b, 16384 {async_task_id = array<i32: 2>}, %t : "));
  ck_assert_ptr_nonnull(strstr(s, "ttng.arrive_barrier %b, 1, %t {perThread} : "));
  ck_assert_ptr_nonnull(strstr(s, "%f = arith.constant 0xFF800000 : f32\n"));
  ck_assert_ptr_nonnull(strstr(s, "%t = arith.constant true\n"));
  ck_assert_ptr_nonnull(strstr(s, "ttg.barrier local|global_read\n"));
  free(s);
  ir_module_free(m);
}
END_TEST

START_TEST(attribute_in_other_kind_stays_in_dict) {
  /* old dumps carry cache = 1 : i32 in the dictionary: printed back there, not as a keyword */
  ir_module *m = tu_parse("module {\n tt.func @f(%p: !tt.ptr<f32>) {\n"
                          "  %v = tt.load %p {cache = 1 : i32, evict = 1 : i32} : !tt.ptr<f32>\n"
                          "  %w = tt.load %p cacheModifier = ca : !tt.ptr<f32>\n  tt.return\n }\n}\n");
  char *s = tu_print(m);
  ck_assert_ptr_nonnull(strstr(s, "%v = tt.load %p {cache = 1 : i32, evict = 1 : i32} : !tt.ptr<f32>\n"));
  ck_assert_ptr_nonnull(strstr(s, "%w = tt.load %p cacheModifier = ca : !tt.ptr<f32>\n"));
  ck_assert_int_eq(tu_nth(m, IR_OP_TT_LOAD, 0)->results[0]->type->kind, IR_T_FLOAT);
  free(s);
  ir_module_free(m);
}
END_TEST

START_TEST(errors) {
  char *e = tu_parse_err(MOD_BEGIN "    ttng.fence_async_shared {a = }\n" MOD_END);
  ck_assert_str_eq(e, "t.ttgir:3:34: error: expected an attribute value, found '}'");
  free(e);
  e = tu_parse_err(MOD_BEGIN "    %c = arith.constant 3\n" MOD_END);
  ck_assert_str_eq(e, "t.ttgir:3:10: error: 'arith.constant' value needs a type (e.g. ': i32')");
  free(e);
  e = tu_parse_err(MOD_BEGIN "    ttng.fence_async_shared {a = #nope}\n" MOD_END);
  ck_assert_str_eq(e, "t.ttgir:3:34: error: undefined attribute alias '#nope'");
  free(e);
  e = tu_parse_err(MOD_BEGIN "    ttng.init_barrier %b, 1 {count = 2 : i32} : !tt.ptr<i64>\n" MOD_END);
  ck_assert_str_eq(e, "t.ttgir:3:29: error: attribute 'count' given twice (in the {...} and in the op's syntax)");
  free(e);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("ir_attrs");
  TCase *tc = tcase_create("attrs");
  tcase_add_test(tc, dictionary_values);
  tcase_add_test(tc, custom_form_attrs);
  tcase_add_test(tc, attribute_in_other_kind_stays_in_dict);
  tcase_add_test(tc, errors);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
