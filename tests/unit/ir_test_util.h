/* ir_test_util.h: helpers shared by the tests/unit/test_ir_*.c Check suites: parse a string,
 * print a module to a string, find the n-th op of a kind. */
#ifndef TLXV_IR_TEST_UTIL_H
#define TLXV_IR_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

/* Parses text; fails the test with the diagnostic if it does not parse. */
static inline ir_module *tu_parse(const char *text) {
  ir_diag d = {0};
  ir_module *m = ir_parse(text, strlen(text), "t.ttgir", &d);
  ck_assert_msg(m != NULL, "parse failed: %s", d.msg ? d.msg : "?");
  return m;
}

/* Parses text that must fail; returns the malloc'd diagnostic (caller frees). */
static inline char *tu_parse_err(const char *text) {
  ir_diag d = {0};
  ir_module *m = ir_parse(text, strlen(text), "t.ttgir", &d);
  ck_assert_msg(m == NULL, "expected a parse error for:\n%s", text);
  ck_assert_ptr_nonnull(d.msg);
  return d.msg;
}

static inline char *tu_print(const ir_module *m) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ir_print(m, f);
  fclose(f);
  return text;
}

typedef struct tu_find {
  ir_opcode code;
  int want, seen;
  ir_op *found;
} tu_find;

static inline void tu_walk(ir_op *op, tu_find *q) {
  if (q->found) return;
  if (op->code == q->code && q->seen++ == q->want) {
    q->found = op;
    return;
  }
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) tu_walk(o, q);
}

/* The n-th (0-based, textual order) op with this opcode, or NULL. */
static inline ir_op *tu_nth(const ir_module *m, ir_opcode code, int n) {
  tu_find q = {code, n, 0, NULL};
  tu_walk(m->module_op, &q);
  return q.found;
}

/* Type of the single argument of `tt.func @f(%a: TYPE)`, kept alive by *mp. */
static inline const ir_type *tu_type(const char *aliases, const char *ty, ir_module **mp) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s\nmodule {\n  tt.func @f(%%a: %s) {\n    tt.return\n  }\n}\n",
           aliases ? aliases : "", ty);
  *mp = tu_parse(buf);
  return (*mp)->funcs[0]->type->inputs[0];
}

#endif
