/* test_ir_segs.c: ir/ir_segs.h (the segment index constants) is what ir_segs_header makes of
 * ir/ops.def today (with REGEN=1 in the environment it rewrites the file instead), and the
 * constants name the segments ir_seg reads on parsed ops. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "ir/ir_priv.h"
#include "ir/ir_segs.h"
#include "check_run.h"

START_TEST(header_is_current) {
  char *want = NULL;
  size_t n = 0;
  FILE *m = open_memstream(&want, &n);
  ck_assert_ptr_nonnull(m);
  ir_segs_header(m);
  fclose(m);
  const char *path = TLXV_SRC "/ir/ir_segs.h";
  if (getenv("REGEN")) {
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fwrite(want, 1, n, f);
    fclose(f);
  }
  ir_diag d = {0};
  size_t len = 0;
  char *have = ir_read_file(path, &len, &d);
  ck_assert_msg(have, "%s", d.msg);
  ck_assert_msg(len == n && !memcmp(have, want, n),
                "ir/ir_segs.h is out of date with ir/ops.def; run: REGEN=1 build/tests/test_ir_segs");
  free(have);
  free(want);
}
END_TEST

/* The op table's columns agree with its classes: a terminator is control flow; an op is
 * either refused by the model everywhere or an AMD op the AMD model runs, not both; AMD ops
 * are of the AMD dialects; an op the lowering skips has no effect the model keeps (meta, a
 * dealloc, a hint) and is not refused; an op has syntax written in C exactly when ir_custom.c
 * has its reader and printer. */
START_TEST(columns_are_consistent) {
  for (int i = 0; i < IR_OP__COUNT; i++) {
    unsigned f = ir_op_flags[i];
    const char *n = ir_ops[i].name;
    if (f & IR_F_TERMINATOR) ck_assert_msg(ir_ops[i].cls == IR_C_CONTROL, "%s", n);
    ck_assert_msg((f & (IR_F_SIM_NO | IR_F_SIM_AMD)) != (IR_F_SIM_NO | IR_F_SIM_AMD), "%s", n);
    if (f & IR_F_SIM_AMD) ck_assert_msg(!strncmp(n, "amdg.", 5) || !strncmp(n, "rocdl.", 6), "%s", n);
    if (f & IR_F_LW_NOOP) ck_assert_msg(!(f & (IR_F_SIM_NO | IR_F_TERMINATOR)), "%s", n);
    /* the custom-syntax column: "@@name" in ir_formats.c exactly when ir_custom.c has a row */
    const char *syn = ir_op_syntax[i];
    bool custom = syn && syn[0] == '@' && syn[1] == '@' && strcmp(syn, "@@generic");
    ck_assert_msg(custom == ir_custom_has((ir_opcode)i), "%s", n);
  }
}
END_TEST

START_TEST(constants_name_segments) {
  static const char *k =
      "module {\n  tt.func @f(%a: i32, %b: i32) {\n"
      "    scf.for %i = %a to %b step %a  : i32 {\n    }\n    tt.return\n  }\n}\n";
  ir_diag d = {0};
  ir_module *mod = ir_parse(k, strlen(k), "t.mlir", &d);
  ck_assert_msg(mod, "%s", d.msg);
  const ir_op *f = mod->funcs[0]->op->regions[0]->blocks[0]->first;
  ck_assert_int_eq(f->code, IR_OP_SCF_FOR);
  const ir_value *a = mod->funcs[0]->op->regions[0]->blocks[0]->args[0];
  const ir_value *b = mod->funcs[0]->op->regions[0]->blocks[0]->args[1];
  uint32_t n;
  ck_assert_ptr_eq(ir_seg(f, IR_SEG_SCF_FOR_LB, NULL), a);
  ck_assert_ptr_eq(ir_seg(f, IR_SEG_SCF_FOR_UB, NULL), b);
  ck_assert_ptr_eq(ir_seg(f, IR_SEG_SCF_FOR_STEP, NULL), a);
  ck_assert_ptr_null(ir_seg(f, IR_SEG_SCF_FOR_INITS, &n));
  ck_assert_uint_eq(n, 0);
  ck_assert_int_eq(IR_SEG_TTNG_WAIT_BARRIER_DEPS, 3); /* "alloc phase pred? deps*" */
  ir_module_free(mod);
}
END_TEST

int main(void) {
  Suite *s = suite_create("ir_segs");
  TCase *t = tcase_create("segs");
  tcase_add_test(t, header_is_current);
  tcase_add_test(t, constants_name_segments);
  tcase_add_test(t, columns_are_consistent);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
