/* sim_scalar.c: exact evaluation of pure scalar ops (arith, math, pointer arithmetic) on
 * values in the "bits" convention of sim_data.h: integers zero-extended from their width. */
#include <math.h>
#include <string.h>

#include "sim_internal.h"

unsigned sim_int_width(const ir_type *t) {
  if (!t) return 64;
  if (t->kind == IR_T_INT) return t->bits ? t->bits : 64;
  if (t->kind == IR_T_INDEX) return 64;
  if (t->kind == IR_T_PTR) return 64;
  return 64;
}

int64_t sim_sext(uint64_t bits, unsigned w) {
  if (w >= 64) return (int64_t)bits;
  if (w == 0) return 0;
  uint64_t m = 1ull << (w - 1);
  bits &= (m << 1) - 1;
  return (int64_t)((bits ^ m) - m);
}

uint64_t sim_trunc(uint64_t v, unsigned w) {
  if (w >= 64) return v;
  return v & ((1ull << w) - 1);
}

/* Comparison predicates of arith.cmpi / cmpf, in MLIR's enum numbering. */
static const char *const cmpi_names[] = {"eq", "ne", "slt", "sle", "sgt", "sge",
                                         "ult", "ule", "ugt", "uge"};
static const char *const cmpf_names[] = {"false", "oeq", "ogt", "oge", "olt", "ole",
                                         "one",   "ord", "ueq", "ugt", "uge", "ult",
                                         "ule",   "une", "uno", "true"};

/* The predicate of a cmpi / cmpf as its index in names (the parser stores a keyword; an
 * integer is accepted with MLIR's enum numbering); 0xff when absent or unknown. */
static uint8_t pred_index(const ir_op *op, const char *const *names, int n) {
  const ir_attr *a = ir_op_attr(op, "predicate");
  if (!a) return 0xff;
  if (a->kind == IR_A_INT) return a->ival >= 0 && a->ival < n ? (uint8_t)a->ival : 0xff;
  if (a->kind != IR_A_KEYWORD && a->kind != IR_A_STRING && a->kind != IR_A_SYMBOL) return 0xff;
  for (int k = 0; k < n && a->str; k++)
    if (!strcmp(a->str, names[k])) return (uint8_t)k;
  return 0xff;
}

static int cmpi(uint8_t p, int64_t a, int64_t b, uint64_t ua, uint64_t ub) {
  switch (p) {
  case 0: return a == b;
  case 1: return a != b;
  case 2: return a < b;
  case 3: return a <= b;
  case 4: return a > b;
  case 5: return a >= b;
  case 6: return ua < ub;
  case 7: return ua <= ub;
  case 8: return ua > ub;
  default: return ua >= ub; /* 9 (decoded: 0..9) */
  }
}

static int cmpf(uint8_t p, double a, double b) {
  bool uno = isnan(a) || isnan(b);
  switch (p) {
  case 0: return 0;              /* false */
  case 15: return 1;             /* true */
  case 7: return !uno;           /* ord */
  case 14: return uno;           /* uno */
  default: break;
  }
  if (uno) return p >= 8;        /* ordered predicates are false on NaN, unordered true */
  switch (p) {
  case 1: case 8: return a == b;
  case 2: case 9: return a > b;
  case 3: case 10: return a >= b;
  case 4: case 11: return a < b;
  case 5: case 12: return a <= b;
  default: return a != b;        /* 6 one, 13 une */
  }
}

static double fget(uint8_t dt, uint64_t bits) { return sim_bits_to_double((sim_dtype)dt, bits); }
static uint64_t fput(uint8_t dt, double x) { return sim_bits_from_double((sim_dtype)dt, x, SIM_RNE); }

/* Integer binary ops on sign-extended operands; returns false when division by zero (UB). */
static bool int_binop(ir_opcode c, unsigned w, uint64_t xa, uint64_t xb, uint64_t *out) {
  int64_t a = sim_sext(xa, w), b = sim_sext(xb, w);
  uint64_t ua = sim_trunc(xa, w), ub = sim_trunc(xb, w);
  int64_t r = 0;
  switch (c) {
  case IR_OP_ARITH_ADDI: r = (int64_t)((uint64_t)a + (uint64_t)b); break;
  case IR_OP_ARITH_SUBI: r = (int64_t)((uint64_t)a - (uint64_t)b); break;
  case IR_OP_ARITH_MULI: r = (int64_t)((uint64_t)a * (uint64_t)b); break;
  case IR_OP_ARITH_DIVSI:
    if (b == 0) return false;
    r = (a == INT64_MIN && b == -1) ? a : a / b;
    break;
  case IR_OP_ARITH_DIVUI:
    if (ub == 0) return false;
    r = (int64_t)(ua / ub);
    break;
  case IR_OP_ARITH_CEILDIVSI:
    if (b == 0) return false;
    r = a / b;
    if ((a % b != 0) && ((a < 0) == (b < 0))) r++;
    break;
  case IR_OP_ARITH_CEILDIVUI:
    if (ub == 0) return false;
    r = (int64_t)(ua / ub + (ua % ub != 0));
    break;
  case IR_OP_ARITH_FLOORDIVSI:
    if (b == 0) return false;
    r = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) r--;
    break;
  case IR_OP_ARITH_REMSI:
    if (b == 0) return false;
    r = (b == -1) ? 0 : a % b;
    break;
  case IR_OP_ARITH_REMUI:
    if (ub == 0) return false;
    r = (int64_t)(ua % ub);
    break;
  case IR_OP_ARITH_ANDI: r = a & b; break;
  case IR_OP_ARITH_ORI: r = a | b; break;
  case IR_OP_ARITH_XORI: r = a ^ b; break;
  case IR_OP_ARITH_SHLI: r = ub >= w ? 0 : (int64_t)(ua << ub); break;
  case IR_OP_ARITH_SHRSI: r = ub >= w ? (a < 0 ? -1 : 0) : a >> ub; break;
  case IR_OP_ARITH_SHRUI: r = ub >= w ? 0 : (int64_t)(ua >> ub); break;
  case IR_OP_ARITH_MAXSI: r = a > b ? a : b; break;
  case IR_OP_ARITH_MINSI: r = a < b ? a : b; break;
  case IR_OP_ARITH_MAXUI: r = (int64_t)(ua > ub ? ua : ub); break;
  case IR_OP_ARITH_MINUI: r = (int64_t)(ua < ub ? ua : ub); break;
  default: return false;
  }
  *out = sim_trunc((uint64_t)r, w);
  return true;
}

static double float_un(ir_opcode c, double x, bool *ok) {
  *ok = true;
  switch (c) {
  case IR_OP_ARITH_NEGF: return -x;
  case IR_OP_MATH_EXP: return exp(x);
  case IR_OP_MATH_EXP2: return exp2(x);
  case IR_OP_MATH_LOG: return log(x);
  case IR_OP_MATH_LOG2: return log2(x);
  case IR_OP_MATH_SQRT: return sqrt(x);
  case IR_OP_TT_PRECISE_SQRT: return sqrt(x);
  case IR_OP_MATH_RSQRT: return 1.0 / sqrt(x);
  case IR_OP_MATH_ABSF: return fabs(x);
  case IR_OP_MATH_SIN: return sin(x);
  case IR_OP_MATH_COS: return cos(x);
  case IR_OP_MATH_TANH: return tanh(x);
  case IR_OP_MATH_ERF: return erf(x);
  case IR_OP_MATH_FLOOR: return floor(x);
  case IR_OP_MATH_CEIL: return ceil(x);
  default: *ok = false; return 0;
  }
}

static double float_bin(ir_opcode c, double a, double b, bool *ok) {
  *ok = true;
  switch (c) {
  case IR_OP_ARITH_ADDF: return a + b;
  case IR_OP_ARITH_SUBF: return a - b;
  case IR_OP_ARITH_MULF: return a * b;
  case IR_OP_ARITH_DIVF: return a / b;
  case IR_OP_TT_PRECISE_DIVF: return a / b;
  case IR_OP_ARITH_REMF: return fmod(a, b);
  case IR_OP_ARITH_MAXIMUMF: return (isnan(a) || isnan(b)) ? NAN : (a > b ? a : b);
  case IR_OP_ARITH_MINIMUMF: return (isnan(a) || isnan(b)) ? NAN : (a < b ? a : b);
  case IR_OP_ARITH_MAXNUMF: return fmax(a, b);
  case IR_OP_ARITH_MINNUMF: return fmin(a, b);
  default: *ok = false; return 0;
  }
}

void sim_scalar_decode(const ir_op *op, sim_scalar_dec *d) {
  memset(d, 0, sizeof *d);
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
  d->pred = op->code == IR_OP_ARITH_CMPI ? pred_index(op, cmpi_names, 10)
            : op->code == IR_OP_ARITH_CMPF ? pred_index(op, cmpf_names, 16) : 0xff;
  d->eb = (t0 && t0->kind == IR_T_PTR && t0->elem) ? ir_type_elem_bytes(t0->elem) : 1;
}

int sim_scalar_eval(const ir_op *op, const uint64_t *in, uint64_t *out, sim_err *err) {
  sim_scalar_dec d;
  sim_scalar_decode(op, &d);
  return sim_scalar_run(&d, op, in, out, err);
}

int sim_scalar_run(const sim_scalar_dec *d, const ir_op *op, const uint64_t *in, uint64_t *out,
                   sim_err *err) {
  ir_opcode c = (ir_opcode)d->code;
  unsigned w = d->w;
  bool ok = true;
  switch (c) {
  case IR_OP_ARITH_ADDI: case IR_OP_ARITH_SUBI: case IR_OP_ARITH_MULI: case IR_OP_ARITH_DIVSI:
  case IR_OP_ARITH_DIVUI: case IR_OP_ARITH_CEILDIVSI: case IR_OP_ARITH_CEILDIVUI:
  case IR_OP_ARITH_FLOORDIVSI: case IR_OP_ARITH_REMSI: case IR_OP_ARITH_REMUI:
  case IR_OP_ARITH_ANDI: case IR_OP_ARITH_ORI: case IR_OP_ARITH_XORI: case IR_OP_ARITH_SHLI:
  case IR_OP_ARITH_SHRSI: case IR_OP_ARITH_SHRUI: case IR_OP_ARITH_MAXSI: case IR_OP_ARITH_MINSI:
  case IR_OP_ARITH_MAXUI: case IR_OP_ARITH_MINUI:
    if (!int_binop(c, w, in[0], in[1], &out[0]))
      return sim_errf(err, NULL, op, "integer division by zero in %s; pass arguments that keep the "
                      "divisor non-zero", ir_ops[c].name);
    return 0;
  case IR_OP_ARITH_CMPI: {
    unsigned wi = d->w0;
    if (d->pred == 0xff) return sim_errf(err, NULL, op, "unknown arith.cmpi predicate");
    out[0] = (uint64_t)cmpi(d->pred, sim_sext(in[0], wi), sim_sext(in[1], wi), sim_trunc(in[0], wi),
                            sim_trunc(in[1], wi));
    return 0;
  }
  case IR_OP_ARITH_CMPF:
    if (d->pred == 0xff) return sim_errf(err, NULL, op, "unknown arith.cmpf predicate");
    out[0] = (uint64_t)cmpf(d->pred, fget(d->dt0, in[0]), fget(d->dt0, in[1]));
    return 0;
  case IR_OP_ARITH_SELECT: out[0] = (in[0] & 1) ? in[1] : in[2]; return 0;
  case IR_OP_ARITH_EXTSI:
    out[0] = sim_trunc((uint64_t)sim_sext(in[0], d->w0), w);
    return 0;
  case IR_OP_ARITH_EXTUI:
  case IR_OP_ARITH_INDEX_CASTUI:
    out[0] = sim_trunc(sim_trunc(in[0], d->w0), w);
    return 0;
  case IR_OP_ARITH_TRUNCI: out[0] = sim_trunc(in[0], w); return 0;
  case IR_OP_ARITH_INDEX_CAST:
    out[0] = sim_trunc((uint64_t)sim_sext(in[0], d->w0), w);
    return 0;
  case IR_OP_ARITH_BITCAST: case IR_OP_TT_BITCAST: case IR_OP_TT_INT_TO_PTR:
  case IR_OP_TT_PTR_TO_INT:
    out[0] = d->rt_kind == IR_T_INT ? sim_trunc(in[0], w) : in[0];
    return 0;
  case IR_OP_ARITH_SITOFP: out[0] = fput(d->dt, (double)sim_sext(in[0], d->w0)); return 0;
  case IR_OP_ARITH_UITOFP: out[0] = fput(d->dt, (double)sim_trunc(in[0], d->w0)); return 0;
  case IR_OP_ARITH_FPTOSI: case IR_OP_ARITH_FPTOUI: {
    double x = fget(d->dt0, in[0]);
    int64_t v = isnan(x) ? 0 : (int64_t)x;
    out[0] = sim_trunc((uint64_t)v, w);
    return 0;
  }
  case IR_OP_ARITH_EXTF: case IR_OP_ARITH_TRUNCF: case IR_OP_TT_FP_TO_FP:
    out[0] = fput(d->dt, fget(d->dt0, in[0]));
    return 0;
  case IR_OP_MATH_ABSI: {
    int64_t v = sim_sext(in[0], w);
    out[0] = sim_trunc((uint64_t)(v < 0 ? -v : v), w);
    return 0;
  }
  case IR_OP_MATH_CTPOP: out[0] = (uint64_t)__builtin_popcountll(sim_trunc(in[0], w)); return 0;
  case IR_OP_MATH_FMA:
    out[0] = fput(d->dt, fma(fget(d->dt0, in[0]), fget(d->dt0, in[1]), fget(d->dt0, in[2])));
    return 0;
  case IR_OP_TT_ADDPTR: /* pointer + offset * sizeof(pointee) */
    out[0] = in[0] + (uint64_t)(sim_sext(in[1], d->w1) * d->eb);
    return 0;
  default: break;
  }
  if (d->n_operands == 1 && d->rt_kind == IR_T_FLOAT) {
    double r = float_un(c, fget(d->dt0, in[0]), &ok);
    if (ok) {
      out[0] = fput(d->dt, r);
      return 0;
    }
  }
  if (d->n_operands == 2 && d->rt_kind == IR_T_FLOAT) {
    double r = float_bin(c, fget(d->dt0, in[0]), fget(d->dt0, in[1]), &ok);
    if (ok) {
      out[0] = fput(d->dt, r);
      return 0;
    }
  }
  return sim_errf(err, NULL, op, "%s on scalars is not supported by the model", ir_ops[c].name);
}
