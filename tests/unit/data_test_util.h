/* data_test_util.h: hand-built IR for the data-plane Check suites (test_data_*.c): an
 * allocation pool freed by tfree_all(), common scalar types, shaped types, values and ops. */
#ifndef TLXV_DATA_TEST_UTIL_H
#define TLXV_DATA_TEST_UTIL_H

#include <check.h>
#include <stdlib.h>

#include "ir/ir.h"

#define TU_UNUSED __attribute__((unused))

/* Everything a test builds is allocated here and freed by tfree_all() (leak-checked runs). */
static void *keep[4096];
static int n_keep;
static TU_UNUSED void *talloc(size_t n) {
  ck_assert_int_lt(n_keep, 4096);
  return keep[n_keep++] = calloc(1, n);
}
static TU_UNUSED void tfree_all(void) {
  while (n_keep) free(keep[--n_keep]);
}

static TU_UNUSED ir_type T_F32 = {.kind = IR_T_FLOAT, .bits = 32, .fkind = IR_F32};
static TU_UNUSED ir_type T_F16 = {.kind = IR_T_FLOAT, .bits = 16, .fkind = IR_F16};
static TU_UNUSED ir_type T_BF16 = {.kind = IR_T_FLOAT, .bits = 16, .fkind = IR_BF16};
static TU_UNUSED ir_type T_E4M3 = {.kind = IR_T_FLOAT, .bits = 8, .fkind = IR_F8E4M3FN};
static TU_UNUSED ir_type T_I32 = {.kind = IR_T_INT, .bits = 32};
static TU_UNUSED ir_type T_I1 = {.kind = IR_T_INT, .bits = 1};
static TU_UNUSED ir_type T_PF32 = {.kind = IR_T_PTR, .elem = &T_F32, .addr_space = 1};

/* A TENSOR / MEMDESC / ... type of the given shape. */
static TU_UNUSED ir_type *shaped(ir_typekind k, const ir_type *elem, int rank, const int64_t *shape) {
  ir_type *t = talloc(sizeof *t);
  t->kind = k;
  t->elem = elem;
  t->rank = (uint8_t)rank;
  for (int i = 0; i < rank; i++) t->shape[i] = shape[i];
  return t;
}
static TU_UNUSED ir_type *tensor_t(const ir_type *elem, int rank, const int64_t *shape) {
  return shaped(IR_T_TENSOR, elem, rank, shape);
}

static TU_UNUSED ir_value *val(const ir_type *t) {
  ir_value *v = talloc(sizeof *v);
  v->type = t;
  v->result_idx = -1;
  return v;
}

/* An op with n operands (one segment each) and nr results of type rt. */
static TU_UNUSED ir_op *mkop(ir_opcode code, int n, ir_value **ops, int nr, const ir_type *rt) {
  ir_op *op = talloc(sizeof *op);
  op->code = code;
  op->n_operands = (uint32_t)n;
  op->operands = talloc(((size_t)n + 1) * sizeof *op->operands);
  for (int i = 0; i < n; i++) {
    op->operands[i] = ops[i];
    op->seg_start[i] = (uint16_t)i;
    op->seg_start[i + 1] = (uint16_t)(i + 1);
  }
  op->n_segs = (uint8_t)n;
  op->n_results = (uint32_t)nr;
  op->results = talloc(((size_t)nr + 1) * sizeof *op->results);
  op->attrs = talloc(4 * sizeof *op->attrs);
  for (int i = 0; i < nr; i++) {
    op->results[i] = val(rt);
    op->results[i]->def = op;
    op->results[i]->result_idx = i;
  }
  return op;
}

static TU_UNUSED void add_attr(ir_op *op, const char *name, ir_attr *a) {
  ck_assert_uint_lt(op->n_attrs, 4);
  op->attrs[op->n_attrs].name = name;
  op->attrs[op->n_attrs].attr = a;
  op->attrs[op->n_attrs].is_prop = false;
  op->n_attrs++;
}

static TU_UNUSED ir_attr *int_attr(int64_t v) {
  ir_attr *a = talloc(sizeof *a);
  a->kind = IR_A_INT;
  a->ival = v;
  return a;
}

#endif
