/* test_sim_loc.c: locations of ops for diagnostics (sim_op_loc / sim_ins_loc): the user
 * location `loc(...)` when the IR has one, else the op's own line:col in the IR file (its first
 * token), and for an op the text omits (an implicit scf.yield) its enclosing op's position. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/sim.h"
#include "check_run.h"

static const char *k_text =
  "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32} {\n"   /* 1 */
  "  tt.func public @k(%n: i32) {\n"                                                  /* 2 */
  "    %c0 = arith.constant 0 : i32\n"                                                /* 3 */
  "    %c1 = arith.constant 1 : i32 loc(\"k.py\":7:3)\n"                               /* 4 */
  "    scf.for %i = %c0 to %n step %c1  : i32 {\n"                                    /* 5 */
  "      %x = arith.addi %i, %c1 : i32\n"                                             /* 6 */
  "    }\n"                                                                            /* 7 */
  "      tt.return\n"                                                                  /* 8 */
  "  }\n}\n";

static const ir_op *nth_op(const ir_block *b, int k) {
  const ir_op *op = b->first;
  while (op && k--) op = op->next;
  return op;
}

START_TEST(fallback_to_ir_position) {
  ir_diag d = {0};
  ir_module *mod = ir_parse(k_text, strlen(k_text), "kernel.ttgir", &d);
  ck_assert_msg(mod, "%s", d.msg);
  const ir_func *fn = mod->funcs[0];
  const ir_block *body = fn->op->regions[0]->blocks[0];
  /* no loc: the IR file's line and column of the op's first token (the result name) */
  ir_loc l = sim_op_loc(mod, nth_op(body, 0));
  ck_assert_str_eq(l.file, "kernel.ttgir");
  ck_assert_uint_eq(l.line, 3);
  ck_assert_uint_eq(l.col, 5);
  /* a user location wins */
  l = sim_op_loc(mod, nth_op(body, 1));
  ck_assert_str_eq(l.file, "k.py");
  ck_assert_uint_eq(l.line, 7);
  /* an op without results: the op name */
  const ir_op *loop = nth_op(body, 2);
  ck_assert_int_eq(loop->code, IR_OP_SCF_FOR);
  l = sim_op_loc(mod, loop);
  ck_assert_uint_eq(l.line, 5);
  ck_assert_uint_eq(l.col, 5);
  const ir_block *lb = loop->regions[0]->blocks[0];
  l = sim_op_loc(mod, nth_op(lb, 0));
  ck_assert_uint_eq(l.line, 6);
  ck_assert_uint_eq(l.col, 7);
  /* the implicit scf.yield the text omits: the loop's position */
  const ir_op *y = lb->last;
  ck_assert(y->implicit);
  l = sim_op_loc(mod, y);
  ck_assert_str_eq(l.file, "kernel.ttgir");
  ck_assert_uint_eq(l.line, 5);
  l = sim_op_loc(mod, nth_op(body, 3));
  ck_assert_uint_eq(l.line, 8);
  ck_assert_uint_eq(l.col, 7);
  /* through a machine: instruction locations use the same rule */
  sim_opts o = {.mod = mod};
  sim_err err;
  sim_machine *m = sim_machine_new(&o, &err);
  ck_assert_msg(m, "%s", err.msg);
  bool seen = false;
  for (uint32_t i = 0; i < sim_n_instructions(m); i++)
    if (sim_ins_op(m, i) == nth_op(lb, 0)) {
      ck_assert_uint_eq(sim_ins_loc(m, i).line, 6);
      seen = true;
    }
  ck_assert(seen);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

/* An input error of the model names the IR position of an op without a location. */
START_TEST(input_error_position) {
  const char *t =
    "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32} {\n"
    "  tt.func public @k(%n: i32) {\n"
    "    %v, %x, %y, %z = ttng.clc_advance : i1, i32, i32, i32\n"
    "    tt.return\n"
    "  }\n}\n";
  ir_diag d = {0};
  ir_module *mod = ir_parse(t, strlen(t), "cf.ttgir", &d);
  ck_assert_msg(mod, "%s", d.msg);
  sim_opts o = {.mod = mod};
  sim_err err;
  ck_assert_ptr_null(sim_machine_new(&o, &err));
  ck_assert_msg(!strncmp(err.msg, "cf.ttgir:3:5: error: ", 21), "%s", err.msg);
  ir_module_free(mod);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_loc");
  TCase *t = tcase_create("loc");
  tcase_add_test(t, fallback_to_ir_position);
  tcase_add_test(t, input_error_position);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
