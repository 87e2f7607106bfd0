/* sim_compile_dec.c: the compiler's decoding of what the data plane reads of an op's attributes
 * and operand segments (sim_data.h sim_opdec): done once per op, so that computing values never
 * looks an attribute up by name (tests/cli/sim_ir_reads.sh checks that only sim_compile*.c
 * call the IR's attribute and segment accessors). */
#include <string.h>

#include "sim_internal.h"

/* MLIR's arith.cmpi / cmpf predicate enums, in their numbering. */
static const char *const cmpi_names[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
static const char *const cmpf_names[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                         "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

int sim_cmp_pred(const ir_op *op) {
  bool f = op->code == IR_OP_ARITH_CMPF;
  const char *const *names = f ? cmpf_names : cmpi_names;
  int n = f ? 16 : 10;
  const ir_attr *a = ir_op_attr(op, "predicate");
  if (!a) return -1;
  if (a->kind == IR_A_INT) return a->ival >= 0 && a->ival < n ? (int)a->ival : -1;
  if (a->kind == IR_A_KEYWORD || a->kind == IR_A_STRING || a->kind == IR_A_SYMBOL)
    for (int i = 0; i < n; i++)
      if (a->str && !strcmp(a->str, names[i])) return i;
  return -1;
}

/* An integer-list attribute (dense array, array, or one integer) into vals (at most max kept):
 * its length, or -1 when absent or of another kind. */
static int attr_ints(const ir_op *op, const char *name, int64_t *vals, int max) {
  const ir_attr *a = ir_op_attr(op, name);
  if (!a) return -1;
  if (a->kind == IR_A_DENSE_ARRAY) {
    for (uint32_t i = 0; i < a->n && (int)i < max; i++) vals[i] = a->ivals[i];
    return (int)a->n;
  }
  if (a->kind == IR_A_ARRAY) {
    for (uint32_t i = 0; i < a->n && (int)i < max; i++) vals[i] = a->elems[i]->ival;
    return (int)a->n;
  }
  if (a->kind == IR_A_INT) {
    vals[0] = a->ival;
    return 1;
  }
  return -1;
}

static const char *attr_str(const ir_op *op, const char *name) {
  const ir_attr *a = ir_op_attr(op, name);
  return a && a->str ? a->str : NULL;
}

/* Input precision of a dot: 0 tf32, 1 tf32x3, 2 ieee (Triton's InputPrecision enum). */
static int input_precision(const ir_op *op) {
  const ir_attr *a = ir_op_attr(op, "inputPrecision");
  if (!a) return 0;
  if (a->kind == IR_A_INT) return (int)a->ival;
  if (a->str) {
    if (!strcmp(a->str, "ieee")) return 2;
    if (!strcmp(a->str, "tf32x3")) return 1;
  }
  return 0;
}

void sim_opdec_decode(const ir_op *op, sim_opdec *d) {
  memset(d, 0, sizeof *d);
  d->op = op;
  d->n_seg = op->n_segs;
  memcpy(d->seg, op->seg_start, (size_t)(op->n_segs + 1) * sizeof *d->seg);
  d->axis = ir_op_attr_int(op, "axis", 0);
  d->reverse = ir_op_attr_int(op, "reverse", 0) != 0;
  d->start = ir_op_attr_int(op, "start", 0);
  d->tmem_n = ir_op_attr_int(op, "N", ir_op_attr_int(op, "offset", -1));
  d->precision = input_precision(op);
  d->pred = op->code == IR_OP_ARITH_CMPI || op->code == IR_OP_ARITH_CMPF ? sim_cmp_pred(op) : -1;
  if (op->code == IR_OP_TT_FP_TO_FP || op->code == IR_OP_ARITH_TRUNCF) {
    const ir_attr *a = ir_op_attr(op, op->code == IR_OP_TT_FP_TO_FP ? "rounding" : "roundingmode");
    d->rtz = a && ((a->str && (!strcmp(a->str, "rtz") || !strcmp(a->str, "toward_zero"))) ||
                   (a->kind == IR_A_INT && op->code == IR_OP_TT_FP_TO_FP && a->ival == 0) ||
                   (a->kind == IR_A_INT && op->code == IR_OP_ARITH_TRUNCF && a->ival == 1));
  }
  d->propagate_nan = ir_op_has_attr(op, "propagateNan") && ir_op_attr_int(op, "propagateNan", 1) != 0;
  d->symbol = attr_str(op, "symbol");
  d->rmw_kind = attr_str(op, "atomic_rmw_op");
  d->reduce_kind = attr_str(op, "kind");
  d->value = ir_op_attr(op, "value");
  const ir_attr *order = ir_op_attr(op, "order");
  d->order_dense = order && order->kind == IR_A_DENSE_ARRAY;
  d->n_order = attr_ints(op, "order", d->order, IR_MAX_RANK);
  d->n_offsets = attr_ints(op, "offsets", d->offsets, IR_MAX_RANK);
}
