/* test_ir_int.c: the reader's integer range checks (MLIR's rule for `N : iN`, I32 attributes
 * written bare, dense / array elements, shapes, encoding parameters) and its dominance rule
 * for values used before their definition (issue 11). */
#include "ir/ir_priv.h"
#include "ir_test_util.h"
#include "check_run.h"

static bool fits(const char *lit, unsigned bits, char sign) {
  ir_intlit l;
  ck_assert(ir_intlit_scan(lit, strlen(lit), &l));
  return ir_int_fits(&l, bits, sign);
}

START_TEST(mlir_rule) {
  /* signless iN: fits signed or unsigned N bits */
  ck_assert(fits("255", 8, 'l') && fits("-128", 8, 'l') && fits("-1", 8, 'l'));
  ck_assert(!fits("256", 8, 'l') && !fits("-129", 8, 'l'));
  ck_assert(fits("1", 1, 'l') && fits("-1", 1, 'l') && fits("0", 1, 'l'));
  ck_assert(!fits("2", 1, 'l') && !fits("-2", 1, 'l'));
  ck_assert(fits("65535", 16, 'l') && !fits("65536", 16, 'l') && !fits("-32769", 16, 'l'));
  ck_assert(fits("4294967295", 32, 'l') && fits("-2147483648", 32, 'l'));
  ck_assert(!fits("4294967296", 32, 'l') && !fits("4294967297", 32, 'l') && !fits("-2147483649", 32, 'l'));
  ck_assert(fits("18446744073709551615", 64, 'l') && fits("-9223372036854775808", 64, 'l'));
  ck_assert(!fits("18446744073709551616", 64, 'l') && !fits("-9223372036854775809", 64, 'l'));
  ck_assert(!fits("99999999999999999999999", 32, 'l') && fits("99999999999999999999999", 128, 'l'));
  ck_assert(fits("0xFF", 8, 'l') && !fits("0x100", 8, 'l'));
  /* siN / index: a positive value must stay below 2^(N-1); uiN takes no negative value */
  ck_assert(fits("127", 8, 's') && !fits("128", 8, 's') && fits("-128", 8, 's'));
  ck_assert(fits("255", 8, 'u') && !fits("-1", 8, 'u') && !fits("256", 8, 'u'));
  ck_assert(!fits("9223372036854775808", 64, 's'));
}
END_TEST

#define MOD(body) "module {\n  tt.func @f(%a: i32) {\n" body "    tt.return\n  }\n}\n"

static void want_err(const char *text, const char *msg) {
  char *e = tu_parse_err(text);
  ck_assert_str_eq(e, msg);
  free(e);
}

START_TEST(constants) {
  ir_module_free(tu_parse(MOD("    %x = arith.constant 255 : i8\n    %y = arith.constant -128 : i8\n"
                              "    %z = arith.constant -1 : i1\n    %w = arith.constant 65535 : i16\n"
                              "    %v = arith.constant 18446744073709551615 : i64\n"
                              "    %u = arith.constant -9223372036854775808 : i64\n"
                              "    %t = arith.constant 4294967295 : i32\n")));
  want_err(MOD("    %x = arith.constant 256 : i8\n"),
           "t.ttgir:3:25: error: integer constant 256 is out of range for i8 (it must fit in 8 bits, "
           "signed or unsigned)");
  want_err(MOD("    %x = arith.constant -129 : i8\n"),
           "t.ttgir:3:25: error: integer constant -129 is out of range for i8 (it must fit in 8 bits, "
           "signed or unsigned)");
  want_err(MOD("    %x = arith.constant 2 : i1\n"),
           "t.ttgir:3:25: error: integer constant 2 is out of range for i1 (it must fit in 1 bits, "
           "signed or unsigned)");
  want_err(MOD("    %x = arith.constant -32769 : i16\n"),
           "t.ttgir:3:25: error: integer constant -32769 is out of range for i16 (it must fit in 16 "
           "bits, signed or unsigned)");
  want_err(MOD("    %x = arith.constant 18446744073709551616 : i64\n"),
           "t.ttgir:3:25: error: integer constant 18446744073709551616 is out of range for i64 (it "
           "must fit in 64 bits, signed or unsigned)");
  want_err(MOD("    %x = arith.constant 99999999999999999999999 : i32\n"),
           "t.ttgir:3:25: error: integer constant 99999999999999999999999 is out of range for i32 (it "
           "must fit in 32 bits, signed or unsigned)");
  want_err(MOD("    %x = arith.constant 9223372036854775808 : index\n"),
           "t.ttgir:3:25: error: integer constant 9223372036854775808 is out of range for index (it "
           "must fit in 64 bits, signed)");
  want_err(MOD("    %x = arith.constant 0x1FFFF : f16\n"),
           "t.ttgir:3:25: error: hexadecimal constant 0x1FFFF does not fit the 16 bits of f16");
  /* integer attributes in a dictionary, and bare ones (an i64) */
  want_err(MOD("    %x = arith.addi %a, %a {k = 4294967296 : i32} : i32\n"),
           "t.ttgir:3:33: error: integer constant 4294967296 is out of range for i32 (it must fit in "
           "32 bits, signed or unsigned)");
  want_err(MOD("    %x = arith.addi %a, %a {k = 99999999999999999999} : i32\n"),
           "t.ttgir:3:33: error: integer constant 99999999999999999999 is out of range for i64 (it "
           "must fit in 64 bits, signed or unsigned)");
}
END_TEST

START_TEST(elements) {
  ir_module_free(tu_parse(MOD("    %x = arith.constant dense<[255, -128]> : tensor<2xi8>\n")));
  want_err(MOD("    %x = arith.constant dense<[1, 256]> : tensor<2xi8>\n"),
           "t.ttgir:3:35: error: dense<> element 256 is out of range for i8 (it must fit in 8 bits, "
           "signed or unsigned)");
  want_err(MOD("    %x = arith.constant dense<4294967296> : tensor<2xi32>\n"),
           "t.ttgir:3:31: error: dense<> element 4294967296 is out of range for i32 (it must fit in 32 "
           "bits, signed or unsigned)");
  want_err(MOD("    %x = arith.constant dense<1.5> : tensor<2xi32>\n"),
           "t.ttgir:3:31: error: dense<> element 1.5 is not an integer (the element type is an integer)");
  want_err(MOD("    %x = arith.addi %a, %a {k = array<i16: 1, 70000>} : i32\n"),
           "t.ttgir:3:47: error: array element 70000 is out of range for i16 (it must fit in 16 bits, "
           "signed or unsigned)");
  want_err(MOD("    %x = arith.addi %a, %a {k = array<i1: 0, 2>} : i32\n"),
           "t.ttgir:3:46: error: array element 2 is out of range for i1 (it must fit in 1 bits, "
           "signed or unsigned)");
  /* a result number past 64 bits (was cut to 20 digits) */
  want_err(MOD("    %x = arith.addi %a, %a#99999999999999999999999 : i32\n"),
           "t.ttgir:3:25: error: result #99999999999999999999999 of '%a' out of range");
  /* segment sizes that wrap around to the operand count */
  want_err(MOD("    %x = \"arith.addi\"(%a) <{operandSegmentSizes = array<i32: -1, 2>}> : (i32) -> i32\n"),
           "t.ttgir:3:10: error: operandSegmentSizes[0] = -1 is out of range (the op has 1 operands)");
}
END_TEST

START_TEST(shapes) {
  want_err(MOD("    %x = tt.splat %a : i32 -> tensor<4294967296x4294967296xi32>\n"),
           "t.ttgir:3:38: error: shape has more elements than fit in 64 bits");
  want_err(MOD("    %x = tt.splat %a : i32 -> tensor<4611686018427387904xi32>\n"),
           "t.ttgir:3:38: error: shape of 4611686018427387904 elements is too large (its size in "
           "bits does not fit in 64 bits)");
  want_err(MOD("    %x = tt.splat %a : i32 -> tensor<4x99999999999999999999xi32>\n"),
           "t.ttgir:3:40: error: dimension 99999999999999999999 does not fit in 64 bits");
  want_err("#b = #ttg.blocked<{sizePerThread = [4294967297], threadsPerWarp = [32], warpsPerCTA = [4], "
           "order = [0]}>\nmodule {\n}\n",
           "t.ttgir:1:18: error: parameter 'sizePerThread' of #ttg.blocked is 4294967297: out of "
           "range for a 32-bit value");
  want_err("module {\n  tt.func @f() {\n    tt.return loc(\"x\":4294967296:1)\n  }\n}\n",
           "t.ttgir:3:23: error: line number 4294967296 is out of range (0 to 4294967295)");
}
END_TEST

START_TEST(dominance) {
  want_err(MOD("    %x = arith.addi %y, %a : i32\n    %y = arith.constant 1 : i32\n"),
           "t.ttgir:3:21: error: '%y' is used before its definition in the same block (a value must "
           "be defined before its uses: MLIR's dominance rule)\n"
           "t.ttgir:4:5: note: it is defined here");
  /* inside a region of an op that comes before the definition */
  want_err(MOD("    %c = arith.constant true\n    scf.if %c {\n      %x = arith.addi %y, %a : i32\n    }\n"
               "    %y = arith.constant 1 : i32\n"),
           "t.ttgir:5:23: error: '%y' is used before its definition in the same block (a value must "
           "be defined before its uses: MLIR's dominance rule)\n"
           "t.ttgir:7:5: note: it is defined here");
  /* defined in a nested region the use is not in */
  want_err(MOD("    %c = arith.constant true\n    %x = arith.addi %y, %a : i32\n"
               "    scf.if %c {\n      %y = arith.constant 1 : i32\n    }\n"),
           "t.ttgir:4:21: error: '%y' is used outside the region that defines it (MLIR's dominance "
           "rule)\nt.ttgir:6:7: note: it is defined here, in a region that does not enclose the use");
  /* across blocks of one region: allowed (the definition's block is branched to first) */
  ir_module_free(tu_parse("module {\n  tt.func @f(%a: i32) {\n    cf.br ^bb2\n  ^bb1:\n"
                          "    %x = arith.addi %y, %a : i32\n    tt.return\n  ^bb2:\n"
                          "    %y = arith.constant 1 : i32\n    cf.br ^bb1\n  }\n}\n"));
  /* across blocks, the defining block must dominate the using one (a diamond: it does not) */
  want_err("module {\n  tt.func @f(%c: i1) {\n    cf.cond_br %c, ^bb1, ^bb2\n  ^bb1:\n"
           "    %x = arith.constant 1 : i32\n    cf.br ^bb3\n  ^bb2:\n    cf.br ^bb3\n  ^bb3:\n"
           "    %y = arith.addi %x, %x : i32\n    tt.return\n  }\n}\n",
           "t.ttgir:10:5: error: '%x' is used in ^bb3, but its definition in ^bb1 does not dominate "
           "it (not every path to the use passes it: MLIR's dominance rule)\n"
           "t.ttgir:5:5: note: it is defined here");
  /* a block argument used (inside an op's region) in a block its block does not dominate */
  want_err("module {\n  tt.func @f(%c: i1) {\n    cf.cond_br %c, ^bb1, ^bb2(%c : i1)\n  ^bb1:\n"
           "    scf.if %c {\n      %z = arith.addi %a, %a : i1\n    }\n    tt.return\n"
           "  ^bb2(%a: i1):\n    cf.br ^bb1\n  }\n}\n",
           "t.ttgir:6:7: error: '%a' is used in ^bb1, but its definition in ^bb2 does not dominate "
           "it (not every path to the use passes it: MLIR's dominance rule)\n"
           "t.ttgir:9:3: note: it is an argument of this block");
  /* dominated through a chain, and a use in an unreachable block: both legal */
  ir_module_free(tu_parse("module {\n  tt.func @f(%c: i1) {\n    %x = arith.constant 1 : i32\n"
                          "    cf.cond_br %c, ^bb1, ^bb2(%x : i32)\n  ^bb1:\n"
                          "    %z = arith.addi %x, %x : i32\n    cf.br ^bb2(%z : i32)\n"
                          "  ^bb2(%a: i32):\n    %y = arith.addi %a, %x : i32\n    cf.br ^bb4\n"
                          "  ^bb3:\n    %u = arith.addi %a, %y : i32\n    tt.return\n"
                          "  ^bb4:\n    tt.return\n  }\n}\n"));
  /* the module body is a graph region: any order */
  ir_module_free(tu_parse("module {\n  %x = arith.addi %y, %y : i32\n  %y = arith.constant 1 : i32\n}\n"));
  /* ... but the written type must be the definition's */
  want_err("module {\n  tt.func @f(%a: i32) {\n    cf.br ^bb2\n  ^bb1:\n"
           "    %x = tt.load %y : !tt.ptr<i32>\n    tt.return\n  ^bb2:\n"
           "    %y = arith.constant 1 : i32\n    cf.br ^bb1\n  }\n}\n",
           "t.ttgir:5:18: error: type mismatch: '%y' is used as !tt.ptr<i32>, but it is defined as i32\n"
           "t.ttgir:8:5: note: it is defined here");
}
END_TEST

int main(void) {
  Suite *s = suite_create("ir_int");
  TCase *tc = tcase_create("int");
  tcase_add_test(tc, mlir_rule);
  tcase_add_test(tc, constants);
  tcase_add_test(tc, elements);
  tcase_add_test(tc, shapes);
  tcase_add_test(tc, dominance);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
