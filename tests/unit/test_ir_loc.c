/* test_ir_loc.c: location attributes: parsing every form, resolution to the best user
 * position (callsite, name, fused, aliases defined after the module, library frames),
 * values' locations, printing back, and errors. */
#include "ir_test_util.h"
#include "check_run.h"

static const char *text =
    "#loc = loc(unknown)\n"
    "#loc1 = loc(\"k.py\":10:4)\n"
    "module {\n"
    "  tt.func @f(%a: i32 loc(\"a\"(#loc1)), %b: i32 loc(unknown)) {\n"
    "    %c0 = arith.constant 0 : i32 loc(#loc)\n"
    "    %c1 = arith.constant 1 : i32 loc(#loc5)\n"
    "    %c2 = arith.constant 2 : i32 loc(#loc6)\n"
    "    %c3 = arith.constant 3 : i32 loc(callsite(\"inner.py\":3:1 at \"outer.py\":7:2))\n"
    "    %c4 = arith.constant 4 : i32 loc(fused[#loc, \"f.py\":5:6, \"g.py\":1:1])\n"
    "    %c5 = arith.constant 5 : i32 loc(\"x\")\n"
    "    %c6 = arith.constant 6 : i32 loc(callsite(#loc7 at #loc1))\n"
    "    %c7 = arith.constant 7 : i32\n"
    "    scf.for %i = %c0 to %c1 step %c1  : i32 {\n"
    "      %x = arith.addi %i, %a : i32 loc(\"k.py\":12:8)\n"
    "    } loc(\"k.py\":11:4)\n"
    "    tt.return loc(#loc1)\n"
    "  } loc(#loc1)\n"
    "} loc(#loc)\n"
    "#loc2 = loc(\"/site-packages/triton/language/standard.py\":43:17)\n"
    "#loc3 = loc(\"k.py\":71:35)\n"
    "#loc4 = loc(callsite(#loc2 at #loc3))\n"
    "#loc5 = loc(\"name\"(#loc4))\n"
    "#loc6 = loc(callsite(\"k.py\":27:19 at #loc3))\n"
    "#loc7 = loc(\"triton/language/core.py\":1:1)\n";

static void expect_loc(ir_loc l, const char *want) {
  char buf[256];
  ck_assert_str_eq(ir_loc_str(l, buf, sizeof buf), want);
}

START_TEST(resolution) {
  ir_module *m = tu_parse(text);
  expect_loc(tu_nth(m, IR_OP_ARITH_CONSTANT, 0)->loc, "<unknown>");
  /* name(callsite(library at user)) -> the user's call site */
  expect_loc(tu_nth(m, IR_OP_ARITH_CONSTANT, 1)->loc, "k.py:71:35");
  /* callsite(user at user) -> the callee */
  expect_loc(tu_nth(m, IR_OP_ARITH_CONSTANT, 2)->loc, "k.py:27:19");
  expect_loc(tu_nth(m, IR_OP_ARITH_CONSTANT, 3)->loc, "inner.py:3:1");
  /* fused -> first known member */
  expect_loc(tu_nth(m, IR_OP_ARITH_CONSTANT, 4)->loc, "f.py:5:6");
  expect_loc(tu_nth(m, IR_OP_ARITH_CONSTANT, 5)->loc, "<unknown>");
  /* library callee (relative path) -> caller */
  expect_loc(tu_nth(m, IR_OP_ARITH_CONSTANT, 6)->loc, "k.py:10:4");
  expect_loc(tu_nth(m, IR_OP_ARITH_CONSTANT, 7)->loc, "<unknown>");
  ir_op *c1 = tu_nth(m, IR_OP_ARITH_CONSTANT, 1);
  expect_loc(c1->results[0]->loc, "k.py:71:35");
  /* arguments: their own location, or the owning op's when unknown */
  ir_block *entry = m->funcs[0]->op->regions[0]->blocks[0];
  expect_loc(entry->args[0]->loc, "k.py:10:4");
  expect_loc(entry->args[1]->loc, "k.py:10:4");
  ir_op *loop = tu_nth(m, IR_OP_SCF_FOR, 0);
  expect_loc(loop->loc, "k.py:11:4");
  expect_loc(loop->regions[0]->blocks[0]->args[0]->loc, "k.py:11:4"); /* the iv */
  ir_op *y = loop->regions[0]->blocks[0]->last;
  ck_assert_int_eq(y->code, IR_OP_SCF_YIELD);
  ck_assert(y->implicit);
  expect_loc(y->loc, "k.py:11:4");
  expect_loc(tu_nth(m, IR_OP_ARITH_ADDI, 0)->loc, "k.py:12:8");
  ck_assert_int_eq(tu_nth(m, IR_OP_ARITH_CONSTANT, 3)->loc_attr->kind, IR_L_CALLSITE);
  ck_assert_int_eq(tu_nth(m, IR_OP_ARITH_CONSTANT, 4)->loc_attr->n, 3);
  ir_module_free(m);
}
END_TEST

START_TEST(print_back) {
  ir_module *m = tu_parse(text);
  char *s = tu_print(m);
  ck_assert_str_eq(s, text);
  free(s);
  ir_module_free(m);
}
END_TEST

START_TEST(alias_cycle_does_not_hang) {
  ir_module *m = tu_parse("module {\n  tt.func @f() {\n    tt.return loc(#a)\n  }\n}\n#a = loc(#b)\n#b = loc(#a)\n");
  expect_loc(tu_nth(m, IR_OP_TT_RETURN, 0)->loc, "<unknown>");
  ir_module_free(m);
}
END_TEST

START_TEST(errors) {
  char *e = tu_parse_err("module {\n  tt.func @f() {\n    tt.return loc(#loc9)\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:19: error: undefined location alias '#loc9'");
  free(e);
  e = tu_parse_err("#x = #ttg.shared_memory\nmodule {\n  tt.func @f() {\n    tt.return loc(#x)\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:4:19: error: '#x' is not a location");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f() {\n    tt.return loc(\"f.py\":1)\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:27: error: expected ':', found ')'");
  free(e);
  e = tu_parse_err("module {\n  tt.func @f() {\n    tt.return loc(callsite(#loc1 with #loc2))\n  }\n}\n");
  ck_assert_str_eq(e, "t.ttgir:3:34: error: expected 'at', found 'with'");
  free(e);
}
END_TEST

START_TEST(loc_str) {
  char buf[16];
  ir_loc l = {"kernels.py", 12, 8};
  ck_assert_str_eq(ir_loc_str(l, buf, sizeof buf), "kernels.py:12:8");
  ck_assert_str_eq(ir_loc_str(l, buf, 8), "kernels"); /* truncated, NUL-terminated */
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("ir_loc");
  TCase *tc = tcase_create("loc");
  tcase_add_test(tc, resolution);
  tcase_add_test(tc, print_back);
  tcase_add_test(tc, alias_cycle_does_not_hang);
  tcase_add_test(tc, errors);
  tcase_add_test(tc, loc_str);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
