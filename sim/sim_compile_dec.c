/* sim_compile_dec.c: the compiler's decoding of what running a machine and computing values read
 * of an op's attributes, operand segments and value types: a type (sim_vtype, with the element
 * type sim_dtype_of and integer width sim_int_width), a scalar op (sim_scalar_dec) and the data
 * plane's per-op record (sim_opdec). Done once per op or type, so that neither the step loop
 * nor the data plane looks an attribute up by name or reads an ir_type
 * (tests/cli/sim_ir_reads.sh checks that only sim_compile*.c use the IR's attribute, segment
 * and type accessors). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

/* ------------------------------------------------------------------ types */

unsigned sim_int_width(const ir_type *t) {
  if (t && t->kind == IR_T_INT && t->bits) return t->bits;
  return 64; /* index, pointers, a width-less int, no type */
}

sim_dtype sim_dtype_of(const ir_type *t) {
  if (!t) return SIM_DT_NONE;
  if (t->kind == IR_T_TENSOR || t->kind == IR_T_MEMDESC) t = t->elem;
  if (!t) return SIM_DT_NONE;
  switch (t->kind) {
  case IR_T_INDEX: return SIM_DT_I64;
  case IR_T_PTR: return SIM_DT_PTR;
  case IR_T_INT:
    switch (t->bits) {
    case 1: return SIM_DT_I1;
    case 8: return SIM_DT_I8;
    case 16: return SIM_DT_I16;
    case 32: return SIM_DT_I32;
    case 64: return SIM_DT_I64;
    default: return SIM_DT_NONE;
    }
  case IR_T_FLOAT:
    switch (t->fkind) {
    case IR_F16: return SIM_DT_F16;
    case IR_BF16: return SIM_DT_BF16;
    case IR_F32: return SIM_DT_F32;
    case IR_F64: return SIM_DT_F64;
    case IR_TF32: return SIM_DT_TF32;
    case IR_F8E4M3FN: return SIM_DT_F8E4M3FN;
    case IR_F8E5M2: return SIM_DT_F8E5M2;
    case IR_F8E4M3FNUZ: return SIM_DT_F8E4M3FNUZ;
    case IR_F8E5M2FNUZ: return SIM_DT_F8E5M2FNUZ;
    case IR_F8E4M3B11FNUZ: return SIM_DT_F8E4M3B11FNUZ;
    case IR_F8E4M3: return SIM_DT_F8E4M3;
    case IR_F6E2M3FN: return SIM_DT_F6E2M3FN;
    case IR_F6E3M2FN: return SIM_DT_F6E3M2FN;
    case IR_F4E2M1FN: return SIM_DT_F4E2M1FN;
    case IR_F8E8M0FNU: return SIM_DT_F8E8M0FNU;
    default: return SIM_DT_NONE;
    }
  default: return SIM_DT_NONE;
  }
}

/* Bits of an INT / FLOAT element (tf32 counts 32), 0 for other elements. */
static int32_t elem_bits(const ir_type *e) {
  if (!e) return 0;
  if (e->kind == IR_T_FLOAT && e->fkind == IR_TF32) return 32;
  return (e->kind == IR_T_INT || e->kind == IR_T_FLOAT) ? e->bits : 0;
}

void sim_vtype_decode(const ir_type *t, sim_vtype *d) {
  memset(d, 0, sizeof *d);
  d->kind = (uint8_t)(t ? t->kind : IR_T_NONE);
  d->pkind = d->bkind = IR_T_NONE;
  d->w = (uint8_t)sim_int_width(t);
  d->numel = 1;
  if (!t) return;
  d->dt = (uint8_t)sim_dtype_of(t);
  /* the shaped part: a tensor's or memdesc's own, a descriptor's block's */
  const ir_type *s = t->kind == IR_T_TENSORDESC ? t->elem : t;
  if (s && (s->kind == IR_T_TENSOR || s->kind == IR_T_MEMDESC)) {
    assert(s->rank <= IR_MAX_RANK);
    d->rank = s->rank;
    memcpy(d->shape, s->shape, sizeof d->shape);
    d->numel = ir_type_numel(s);
    d->has_elem = s->elem != NULL;
    d->ebytes = s->elem ? ir_type_elem_bytes(s->elem) : 0;
    d->ebits = elem_bits(s->elem);
  }
  d->cta_split = 1;
  if (t->kind == IR_T_TENSORDESC) {
    d->pdt = (uint8_t)sim_dtype_of(t->elem);
    d->bkind = (uint8_t)(t->elem ? t->elem->kind : IR_T_NONE);
    d->cta_split = ir_enc_cta_split(ir_type_encoding(t));
  }
  if (t->kind == IR_T_PTR && t->elem) {
    d->has_elem = 1;
    d->ebytes = ir_type_elem_bytes(t->elem);
  }
  /* a pointer, or a tensor of pointers: its pointee */
  const ir_type *p = t->kind == IR_T_TENSOR ? t->elem : t;
  if (p && p->kind == IR_T_PTR && p->elem) {
    d->pkind = (uint8_t)p->elem->kind;
    d->pdt = (uint8_t)sim_dtype_of(p->elem);
    d->pbytes = ir_type_elem_bytes(p->elem);
  }
  if (t->kind == IR_T_MEMDESC) {
    d->in_tmem = t->space && t->space->enc && t->space->enc->kind == IR_E_SPACE_TMEM;
    const ir_encoding *e = t->enc ? t->enc->enc : NULL;
    if (e && e->kind == IR_E_TMEM) {
      d->tmem_enc = 1;
      d->tm_block_m = e->block_m;
      d->tm_col_stride = e->col_stride;
    }
    d->clc_resp = t->elem && t->elem->kind == IR_T_INT && t->elem->bits == 128;
    d->arank = t->alloc_rank ? t->alloc_rank : t->rank;
    assert(d->arank <= IR_MAX_RANK);
    memcpy(d->ashape, t->alloc_rank ? t->alloc_shape : t->shape, sizeof d->ashape);
  }
}

/* ------------------------------------------------------------------ scalar ops */

void sim_scalar_decode(const ir_op *op, sim_scalar_dec *d) {
  memset(d, 0, sizeof *d);
  /* sim_scalar_dec: what sim_scalar_run reads of the op (sim_scalar.c) */
  const ir_type *rt = op->n_results ? op->results[0]->type : NULL;
  const ir_type *t0 = op->n_operands ? op->operands[0]->type : NULL;
  const ir_type *t1 = op->n_operands > 1 ? op->operands[1]->type : NULL;
  d->code = (uint16_t)op->code;
  d->w = (uint8_t)sim_int_width(rt);
  d->w0 = (uint8_t)sim_int_width(t0);
  d->w1 = (uint8_t)sim_int_width(t1);
  d->dt = (uint8_t)(rt ? sim_dtype_of(rt) : SIM_DT_NONE);
  d->dt0 = (uint8_t)(t0 ? sim_dtype_of(t0) : SIM_DT_NONE);
  d->rt_kind = (uint8_t)(rt ? rt->kind : 0);
  d->n_operands = (uint8_t)(op->n_operands < 255 ? op->n_operands : 255);
  int pred = op->code == IR_OP_ARITH_CMPI || op->code == IR_OP_ARITH_CMPF ? sim_cmp_pred(op) : -1;
  d->pred = pred < 0 ? 0xff : (uint8_t)pred; /* 0xff: none, or unknown */
  uint32_t lo = 0, hi = 0;
  if (op->code == IR_OP_AMDG_UPDATE_TENSOR_DESC &&
      sim_compile_seg_bounds(op, IR_SEG_AMDG_UPDATE_TENSOR_DESC_PRED, &lo, &hi) && hi > lo && lo < 0xff)
    d->pred = (uint8_t)lo;
  d->eb = (t0 && t0->kind == IR_T_PTR && t0->elem) ? ir_type_elem_bytes(t0->elem) : 1;
  if (op->code == IR_OP_TT_INLINE_ASM) {
    const ir_attr *a = ir_op_attr(op, "asm_string");
    d->asm_noop = sim_asm_no_effect(a ? a->str : NULL);
  }
}

/* Inline PTX whose only instruction acts between grids, never inside one: Triton's
 * gdc_wait / gdc_launch_dependents (programmatic dependent launch, tutorial 11) are
 * `griddepcontrol.wait; // dummy $0` and `griddepcontrol.launch_dependents; // dummy $0`.
 * PTX ISA, griddepcontrol: .wait waits until the prerequisite grids (other kernels) completed and
 * their memory operations are visible; .launch_dependents lets the runtime schedule dependent
 * grids. Neither orders anything between the threads of this grid, and the inputs of the checked
 * grid are taken as written before it, so both are no-ops of the model (their dummy output 0).
 * Any other text (a second instruction, another opcode) is not recognised. */
bool sim_asm_no_effect(const char *s) {
  static const char *const ops[] = {"griddepcontrol.wait", "griddepcontrol.launch_dependents"};
  if (!s) return false;
  while (*s == ' ' || *s == '\t' || *s == '\n') s++;
  for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
    size_t n = strlen(ops[k]);
    if (strncmp(s, ops[k], n)) continue;
    const char *r = s + n;
    while (*r == ' ' || *r == '\t') r++;
    if (*r++ != ';') return false;
    while (*r == ' ' || *r == '\t' || *r == '\n') r++;
    /* nothing after the instruction but a // comment to the end */
    if (!*r) return true;
    if (r[0] != '/' || r[1] != '/') return false;
    return !strchr(r, '\n') && !strchr(r, ';');
  }
  return false;
}

/* ------------------------------------------------------------------ attributes */

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
  d->n_order = ir_op_attr_ints(op, "order", d->order, IR_MAX_RANK);
  d->n_offsets = ir_op_attr_ints(op, "offsets", d->offsets, IR_MAX_RANK);
  d->n_in = op->n_operands;
  d->n_out = op->n_results;
  d->vt = ir_xcalloc((size_t)d->n_in + d->n_out + 1, sizeof *d->vt);
  for (uint32_t k = 0; k < d->n_in; k++) sim_vtype_decode(op->operands[k]->type, &d->vt[k]);
  for (uint32_t k = 0; k < d->n_out; k++) sim_vtype_decode(op->results[k]->type, &d->vt[d->n_in + k]);
}

void sim_opdec_release(sim_opdec *d) {
  free(d->vt);
  d->vt = NULL;
}
