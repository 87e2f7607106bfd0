/* data_elem.c: elementwise scalar semantics (arith, math, tt scalar ops) on scalar bits,
 * applied to scalars or element by element to tensors. One definition for both. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "data_internal.h"
#include "sim.h" /* sim_int.c: the integer semantics */

/* ------------------------------------------------------------------ helpers */

static int dt_bits(sim_dtype dt) { return dt == SIM_DT_I1 ? 1 : sim_dtype_size(dt) * 8; }

/* The integer helpers of sim_int.c, at a dtype's width. */
static uint64_t mask_w(int w) { return sim_trunc(~0ull, (unsigned)w); }
static int64_t sext_w(uint64_t b, int w) { return sim_sext(b, (unsigned)w); }

int64_t sim_data_sext(const sim_vtype *t, uint64_t bits) {
  sim_dtype dt = (sim_dtype)t->dt;
  if (dt == SIM_DT_NONE || sim_dtype_is_float(dt)) return (int64_t)bits;
  return sext_w(bits, dt_bits(dt));
}

static uint64_t f32_bits(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}

/* Everything eval1 needs about the op, computed once per op (not per element). */
typedef struct elem_ctx {
  const ir_op *op;
  ir_opcode code;
  sim_dtype in[4];    /* operand element types */
  sim_dtype out;      /* result element type */
  int w;              /* integer width of operand 0 (or of the result for casts) */
  int pred;           /* cmpi / cmpf predicate number */
  sim_round rnd;      /* truncf / fp_to_fp rounding */
  int64_t elem_bytes; /* addptr: pointee size */
  bool propagate_nan; /* clampf */
  int ext_fn;         /* extern_elementwise: index into ext_names */
} elem_ctx;

/* libdevice functions recognised in tt.extern_elementwise (f32 "f" suffix or f64). */
static const char *const ext_names[] = {
    "exp",     "exp2",    "log",   "log2",  "sqrt",  "rsqrt",   "fabs",      "fmax",
    "fmin",    "pow",     "tanh",  "erf",   "floor", "ceil",    "round",     "trunc",
    "sin",     "cos",     "fma",   "log1p", "expm1", "rint",    "nearbyint", "div_rn",
    "fdiv_rn", "sqrt_rn", "exp10", "tan",   "atan",  "atan2",   "asin",      "acos",
    "sinh",    "cosh",    "cbrt",  "isnan", "isinf", "signbit", "fmod"};
enum { EXT_N = sizeof ext_names / sizeof ext_names[0] };

static int ext_lookup(const char *s) {
  if (!s) return -1;
  if (!strncmp(s, "__nv_", 5)) s += 5;
  size_t len = strlen(s);
  for (int i = 0; i < EXT_N; i++) {
    size_t n = strlen(ext_names[i]);
    if (!strncmp(s, ext_names[i], n) && (len == n || (len == n + 1 && s[n] == 'f'))) return i;
  }
  return -1;
}

static double ext_eval(int fn, const double *x) {
  switch (fn) {
  case 0: return exp(x[0]);
  case 1: return exp2(x[0]);
  case 2: return log(x[0]);
  case 3: return log2(x[0]);
  case 4:
  case 25: return sqrt(x[0]);
  case 5: return 1.0 / sqrt(x[0]);
  case 6: return fabs(x[0]);
  case 7: return fmax(x[0], x[1]);
  case 8: return fmin(x[0], x[1]);
  case 9: return pow(x[0], x[1]);
  case 10: return tanh(x[0]);
  case 11: return erf(x[0]);
  case 12: return floor(x[0]);
  case 13: return ceil(x[0]);
  case 14: return round(x[0]);
  case 15: return trunc(x[0]);
  case 16: return sin(x[0]);
  case 17: return cos(x[0]);
  case 18: return fma(x[0], x[1], x[2]);
  case 19: return log1p(x[0]);
  case 20: return expm1(x[0]);
  case 21:
  case 22: return nearbyint(x[0]);
  case 23:
  case 24: return x[0] / x[1];
  case 26: return pow(10.0, x[0]);
  case 27: return tan(x[0]);
  case 28: return atan(x[0]);
  case 29: return atan2(x[0], x[1]);
  case 30: return asin(x[0]);
  case 31: return acos(x[0]);
  case 32: return sinh(x[0]);
  case 33: return cosh(x[0]);
  case 34: return cbrt(x[0]);
  case 35: return isnan(x[0]) ? 1 : 0;
  case 36: return isinf(x[0]) ? 1 : 0;
  case 37: return signbit(x[0]) ? 1 : 0;
  case 38: return fmod(x[0], x[1]);
  default: return NAN;
  }
}

/* IEEE 754-2019 maximum / minimum (NaN-propagating, -0 < +0): arith.maximumf / minimumf. */
static double fmaximum(double a, double b, bool max) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == b) {
    if (signbit(a) != signbit(b)) return max ? 0.0 : -0.0;
    return a;
  }
  return max ? (a > b ? a : b) : (a < b ? a : b);
}

/* ------------------------------------------------------------------ one element */

/* Computes the op on one element. b[i] = operand bits; out[0] (and out[1] for the
 * *_extended ops) = result bits. Returns 0, or a status with err filled. */
static int eval1(const elem_ctx *c, const uint64_t *b, uint64_t *out, sim_data_err *err) {
  int w = c->w;
  uint64_t m = mask_w(w);
  uint64_t u0 = b[0] & m, u1 = b[1] & m;
  int64_t s0 = sext_w(b[0], w), s1 = sext_w(b[1], w);
  double f0 = 0, f1 = 0, f2 = 0, r;
  if (sim_dtype_is_float(c->in[0])) f0 = sim_bits_to_double(c->in[0], b[0]);
  if (sim_dtype_is_float(c->in[1])) f1 = sim_bits_to_double(c->in[1], b[1]);
  if (sim_dtype_is_float(c->in[2])) f2 = sim_bits_to_double(c->in[2], b[2]);
  switch (c->code) {
  /* integers: wrap at the width (two's complement), like PTX add / sub / mul.lo (sim_int.c) */
  case IR_OP_ARITH_ADDI: case IR_OP_ARITH_SUBI: case IR_OP_ARITH_MULI: case IR_OP_ARITH_ANDI:
  case IR_OP_ARITH_ORI: case IR_OP_ARITH_XORI: case IR_OP_ARITH_SHLI: case IR_OP_ARITH_SHRUI:
  case IR_OP_ARITH_SHRSI: case IR_OP_ARITH_MAXSI: case IR_OP_ARITH_MINSI: case IR_OP_ARITH_MAXUI:
  case IR_OP_ARITH_MINUI: case IR_OP_ARITH_DIVSI: case IR_OP_ARITH_REMSI: case IR_OP_ARITH_CEILDIVSI:
  case IR_OP_ARITH_FLOORDIVSI: case IR_OP_ARITH_DIVUI: case IR_OP_ARITH_REMUI: case IR_OP_ARITH_CEILDIVUI:
    if (!sim_int_binop(c->code, (unsigned)w, b[0], b[1], &out[0]))
      return sim_data_fail(err, SIM_DATA_FAULT, c->op, "integer division by zero");
    return 0;
  case IR_OP_ARITH_MULHISI:
  case IR_OP_ARITH_MULUI_EXTENDED:
  case IR_OP_TT_MULHIUI: {
    bool sgn = c->code == IR_OP_ARITH_MULHISI;
    __int128 p = sgn ? (__int128)s0 * s1 : (__int128)((unsigned __int128)u0 * u1);
    unsigned __int128 up = (unsigned __int128)p;
    uint64_t lo = (uint64_t)up & m, hi = (uint64_t)(up >> w) & m;
    if (c->code == IR_OP_TT_MULHIUI)
      out[0] = hi;
    else {
      out[0] = lo;
      out[1] = hi;
    }
    return 0;
  }
  case IR_OP_MATH_ABSI: out[0] = (uint64_t)(s0 < 0 ? -s0 : s0) & m; return 0;
  case IR_OP_MATH_CTPOP: out[0] = (uint64_t)__builtin_popcountll(u0); return 0;
  case IR_OP_ARITH_CMPI: out[0] = sim_cmpi(c->pred, (unsigned)w, b[0], b[1]); return 0;
  case IR_OP_ARITH_CMPF: out[0] = sim_cmpf(c->pred, f0, f1); return 0;
  case IR_OP_ARITH_SELECT: out[0] = (b[0] & 1) ? b[1] : b[2]; return 0;
  /* casts */
  case IR_OP_ARITH_EXTSI:
  case IR_OP_ARITH_INDEX_CAST:
    out[0] = (uint64_t)sext_w(b[0], dt_bits(c->in[0])) & mask_w(dt_bits(c->out));
    return 0;
  case IR_OP_ARITH_EXTUI:
  case IR_OP_ARITH_TRUNCI:
  case IR_OP_ARITH_INDEX_CASTUI:
    out[0] = (b[0] & mask_w(dt_bits(c->in[0]))) & mask_w(dt_bits(c->out));
    return 0;
  case IR_OP_ARITH_SITOFP: {
    int64_t v = sext_w(b[0], dt_bits(c->in[0]));
    if (c->out == SIM_DT_F32)
      out[0] = f32_bits((float)v); /* one rounding, like cvt.rn */
    else
      out[0] = sim_bits_from_double(c->out, (double)v, SIM_RNE);
    return 0;
  }
  case IR_OP_ARITH_UITOFP:
    out[0] = sim_bits_from_double(c->out, (double)(b[0] & mask_w(dt_bits(c->in[0]))), SIM_RNE);
    return 0;
  case IR_OP_ARITH_FPTOSI:
    out[0] = sim_bits_from_double(c->out, f0, SIM_RTZ) & mask_w(dt_bits(c->out));
    return 0;
  case IR_OP_ARITH_FPTOUI: {
    int ow = dt_bits(c->out);
    double t = isnan(f0) ? 0 : trunc(f0), hi = ldexp(1.0, ow) - 1;
    out[0] = t <= 0 ? 0 : t >= hi ? mask_w(ow) : (uint64_t)t;
    return 0;
  }
  case IR_OP_ARITH_EXTF:
  case IR_OP_ARITH_TRUNCF:
  case IR_OP_TT_FP_TO_FP: out[0] = sim_bits_from_double(c->out, f0, c->rnd); return 0;
  case IR_OP_ARITH_BITCAST:
  case IR_OP_TT_BITCAST:
  case IR_OP_TT_INT_TO_PTR:
  case IR_OP_AMDG_ASSUME_UNIFORM:
  case IR_OP_TT_PTR_TO_INT: out[0] = b[0] & mask_w(dt_bits(c->out)); return 0;
  case IR_OP_TT_ADDPTR:
    out[0] = b[0] + (uint64_t)(sext_w(b[1], dt_bits(c->in[1])) * c->elem_bytes);
    return 0;
  /* floating point: computed in double, rounded once to the result type (exact for + - * /
   * sqrt and fma of f16 / bf16 / f32: double has more than 2p+2 bits) */
  case IR_OP_ARITH_ADDF: r = f0 + f1; break;
  case IR_OP_ARITH_SUBF: r = f0 - f1; break;
  case IR_OP_ARITH_MULF: r = f0 * f1; break;
  case IR_OP_ARITH_DIVF:
  case IR_OP_TT_PRECISE_DIVF: r = f0 / f1; break;
  case IR_OP_ARITH_REMF: r = fmod(f0, f1); break;
  case IR_OP_ARITH_NEGF: r = -f0; break;
  case IR_OP_ARITH_MAXIMUMF: r = fmaximum(f0, f1, true); break;
  case IR_OP_ARITH_MINIMUMF: r = fmaximum(f0, f1, false); break;
  case IR_OP_ARITH_MAXNUMF: r = fmax(f0, f1); break;
  case IR_OP_ARITH_MINNUMF: r = fmin(f0, f1); break;
  case IR_OP_MATH_EXP: r = exp(f0); break;
  case IR_OP_MATH_EXP2: r = exp2(f0); break;
  case IR_OP_MATH_LOG: r = log(f0); break;
  case IR_OP_MATH_LOG2: r = log2(f0); break;
  case IR_OP_MATH_SQRT:
  case IR_OP_TT_PRECISE_SQRT: r = sqrt(f0); break;
  case IR_OP_MATH_RSQRT: r = 1.0 / sqrt(f0); break;
  case IR_OP_MATH_ABSF: r = fabs(f0); break;
  case IR_OP_MATH_SIN: r = sin(f0); break;
  case IR_OP_MATH_COS: r = cos(f0); break;
  case IR_OP_MATH_TANH: r = tanh(f0); break;
  case IR_OP_MATH_ERF: r = erf(f0); break;
  case IR_OP_MATH_FLOOR: r = floor(f0); break;
  case IR_OP_MATH_CEIL: r = ceil(f0); break;
  case IR_OP_MATH_FMA:
    if (c->out == SIM_DT_F32) {
      out[0] = f32_bits(fmaf((float)f0, (float)f1, (float)f2));
      if (isnan(fmaf((float)f0, (float)f1, (float)f2))) out[0] = 0x7fffffff;
      return 0;
    }
    r = fma(f0, f1, f2);
    break;
  case IR_OP_TT_CLAMPF:
    if (c->propagate_nan && isnan(f0))
      r = NAN;
    else
      r = fmin(fmax(f0, f1), f2);
    break;
  case IR_OP_TT_EXTERN_ELEMENTWISE: {
    double x[3] = {f0, f1, f2};
    for (int i = 0; i < 3; i++)
      if (!sim_dtype_is_float(c->in[i]))
        x[i] = (double)sext_w(b[i], dt_bits(c->in[i]) ? dt_bits(c->in[i]) : 64);
    r = ext_eval(c->ext_fn, x);
    break;
  }
  default:
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, c->op, "simulate mode does not compute '%s'",
                         ir_ops[c->code].name);
  }
  out[0] = sim_bits_from_double(c->out, r, SIM_RNE);
  return 0;
}

/* ------------------------------------------------------------------ op setup */

static bool is_elementwise(ir_opcode code) {
  switch (code) {
  case IR_OP_TT_ADDPTR:
  case IR_OP_TT_BITCAST:
  case IR_OP_AMDG_ASSUME_UNIFORM:
  case IR_OP_TT_INT_TO_PTR:
  case IR_OP_TT_PTR_TO_INT:
  case IR_OP_TT_FP_TO_FP:
  case IR_OP_TT_PRECISE_DIVF:
  case IR_OP_TT_PRECISE_SQRT:
  case IR_OP_TT_MULHIUI:
  case IR_OP_TT_CLAMPF:
  case IR_OP_TT_EXTERN_ELEMENTWISE: return true;
  default:
    return (code >= IR_OP_ARITH_ADDI && code <= IR_OP_ARITH_BITCAST) ||
           (code >= IR_OP_MATH_EXP && code <= IR_OP_MATH_CTPOP);
  }
}

static int setup(const sim_opdec *dec, elem_ctx *c, sim_data_err *err) {
  const ir_op *op = dec->op;
  memset(c, 0, sizeof *c);
  c->op = op;
  c->code = op->code;
  for (uint32_t i = 0; i < op->n_operands && i < 4; i++) {
    c->in[i] = (sim_dtype)sim_opdec_tin(dec, i)->dt;
    if (c->in[i] == SIM_DT_NONE)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                           "simulate mode does not support operand %u's type of '%s'", i,
                           ir_ops[op->code].name);
  }
  if (op->n_results < 1)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "'%s' has no result",
                         ir_ops[op->code].name);
  c->out = (sim_dtype)sim_opdec_tout(dec, 0)->dt;
  if (c->out == SIM_DT_NONE)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "simulate mode does not support the result type of '%s'",
                         ir_ops[op->code].name);
  c->w = op->n_operands ? dt_bits(c->in[op->code == IR_OP_ARITH_SELECT ? 1 : 0]) : 64;
  if (op->code == IR_OP_ARITH_SELECT) c->w = 64;
  c->rnd = SIM_RNE;
  if ((op->code == IR_OP_TT_FP_TO_FP || op->code == IR_OP_ARITH_TRUNCF) && dec->rtz) c->rnd = SIM_RTZ;
  if ((op->code == IR_OP_ARITH_CMPI || op->code == IR_OP_ARITH_CMPF) && (c->pred = dec->pred) < 0)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "%s: unknown predicate", ir_ops[op->code].name);
  if (op->code == IR_OP_TT_ADDPTR) {
    int sz = sim_opdec_tin(dec, 0)->pbytes; /* of the pointee */
    if (sz <= 0)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                           "tt.addptr on a pointer to an unsized type");
    c->elem_bytes = sz;
  }
  if (op->code == IR_OP_TT_CLAMPF) c->propagate_nan = dec->propagate_nan;
  if (op->code == IR_OP_TT_EXTERN_ELEMENTWISE) {
    c->ext_fn = ext_lookup(dec->symbol);
    if (c->ext_fn < 0 || op->n_operands > 3)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                           "simulate mode does not know the external function '%s'",
                           dec->symbol ? dec->symbol : "?");
  }
  return 0;
}

/* ------------------------------------------------------------------ constants */

static uint64_t attr_bits(const ir_attr *a, sim_dtype dt) {
  if (a->kind == IR_A_FLOAT) return sim_bits_from_double(dt, a->fval, SIM_RNE);
  if (sim_dtype_is_float(dt)) return sim_bits_from_double(dt, (double)a->ival, SIM_RNE);
  return (uint64_t)a->ival & mask_w(dt_bits(dt));
}

/* One element of a dense<...> literal: true / false, a hex bit pattern of the element type
 * (MLIR prints -inf as 0xFF800000), or a decimal integer / float. Returns the end or NULL. */
static const char *dense_elem(const char *p, sim_dtype dt, uint64_t *out) {
  while (*p == ' ' || *p == '[' || *p == ',') p++;
  char *e;
  if (!strncmp(p, "true", 4)) {
    *out = sim_dtype_is_float(dt) ? sim_bits_from_double(dt, 1, SIM_RNE) : 1;
    return p + 4;
  }
  if (!strncmp(p, "false", 5)) {
    *out = 0;
    return p + 5;
  }
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    uint64_t v = strtoull(p, &e, 16);
    if (e == p) return NULL;
    *out = v & mask_w(dt_bits(dt));
    return e;
  }
  if (sim_dtype_is_float(dt)) {
    double v = strtod(p, &e);
    if (e == p) return NULL;
    *out = sim_bits_from_double(dt, v, SIM_RNE);
    return e;
  }
  long long v = strtoll(p, &e, 10);
  if (e == p) return NULL;
  *out = (uint64_t)v & mask_w(dt_bits(dt));
  return e;
}

static int eval_constant(const sim_opdec *dec, sim_tensor **outs, uint64_t *out_bits,
                         sim_data_err *err) {
  const ir_op *op = dec->op;
  const ir_attr *a = dec->value;
  const sim_vtype *rt = sim_opdec_tout(dec, 0);
  sim_dtype dt = (sim_dtype)rt->dt;
  if (!a || dt == SIM_DT_NONE)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "arith.constant of an unsupported type");
  if (rt->kind != IR_T_TENSOR) {
    if (a->kind != IR_A_INT && a->kind != IR_A_FLOAT && a->kind != IR_A_BOOL)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "arith.constant: unsupported value");
    out_bits[0] = attr_bits(a, dt);
    return 0;
  }
  sim_tensor *t = sim_tensor_new(dt, rt->rank, rt->shape);
  if (!t) return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  bool ok = true;
  if (a->kind == IR_A_DENSE && a->n == 0 && a->str) { /* the literal text: splat or a list */
    const char *p = a->str;
    uint64_t v = 0;
    int64_t i = 0;
    bool list = strchr(p, '[') != NULL;
    for (; ok && i < (list ? t->numel : 1); i++) {
      if (!(p = dense_elem(p, dt, &v)))
        ok = false;
      else
        sim_elem_set_bits(dt, sim_tensor_at(t, i), v);
    }
    if (ok && !list)
      for (i = 1; i < t->numel; i++) sim_elem_set_bits(dt, sim_tensor_at(t, i), v);
  } else if (a->kind == IR_A_DENSE && a->n == 1) {
    uint64_t v = attr_bits(a->elems[0], dt);
    for (int64_t i = 0; i < t->numel; i++) sim_elem_set_bits(dt, sim_tensor_at(t, i), v);
  } else if (a->kind == IR_A_DENSE && (int64_t)a->n == t->numel) {
    for (int64_t i = 0; i < t->numel; i++)
      sim_elem_set_bits(dt, sim_tensor_at(t, i), attr_bits(a->elems[i], dt));
  } else if (a->kind == IR_A_INT || a->kind == IR_A_FLOAT || a->kind == IR_A_BOOL) {
    uint64_t v = attr_bits(a, dt);
    for (int64_t i = 0; i < t->numel; i++) sim_elem_set_bits(dt, sim_tensor_at(t, i), v);
  } else {
    ok = false;
  }
  if (!ok) {
    sim_tensor_unref(t);
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "arith.constant: simulate mode cannot read the dense value '%s'",
                         a->str ? a->str : "?");
  }
  outs[0] = t;
  return 0;
}

/* ------------------------------------------------------------------ fast paths */

/* f32 (op) f32 -> f32 over whole tensors with native float arithmetic (IEEE binary32,
 * round-to-nearest-even, exactly what add.f32 / sub.f32 / mul.f32 do). */
static bool fast_f32(const elem_ctx *c, sim_tensor *const *ins, const uint64_t *in_bits,
                     sim_tensor *t) {
  if (c->out != SIM_DT_F32 || c->in[0] != SIM_DT_F32 || c->in[1] != SIM_DT_F32) return false;
  if (c->code != IR_OP_ARITH_ADDF && c->code != IR_OP_ARITH_SUBF && c->code != IR_OP_ARITH_MULF)
    return false;
  const float *a = ins[0] ? ins[0]->data : NULL, *b = ins[1] ? ins[1]->data : NULL;
  float sa = 0, sb = 0;
  uint32_t u;
  if (!a) {
    u = (uint32_t)in_bits[0];
    memcpy(&sa, &u, 4);
  }
  if (!b) {
    u = (uint32_t)in_bits[1];
    memcpy(&sb, &u, 4);
  }
  float *o = t->data;
  for (int64_t i = 0; i < t->numel; i++) {
    float x = a ? a[i] : sa, y = b ? b[i] : sb, z;
    z = c->code == IR_OP_ARITH_ADDF ? x + y : c->code == IR_OP_ARITH_SUBF ? x - y : x * y;
    if (z != z) { /* canonical NaN */
      u = 0x7fffffff;
      memcpy(&z, &u, 4);
    }
    o[i] = z;
  }
  return true;
}

/* ------------------------------------------------------------------ entry */

int sim_data_eval_elementwise(sim_data *d, const ir_op *op, sim_tensor *const *ins,
                              const uint64_t *in_bits, sim_tensor **outs, uint64_t *out_bits,
                              sim_data_err *err) {
  if (op->code == IR_OP_ARITH_CONSTANT) return eval_constant(sim_data_dec(d, op), outs, out_bits, err);
  if (!is_elementwise(op->code)) return -1;
  elem_ctx c;
  const sim_opdec *dec = sim_data_dec(d, op);
  if (setup(dec, &c, err)) return err->status;
  const sim_vtype *rt = sim_opdec_tout(dec, 0);
  if (rt->kind != IR_T_TENSOR) { /* scalar */
    uint64_t b[4] = {0}, o[2] = {0};
    for (uint32_t i = 0; i < op->n_operands && i < 4; i++) b[i] = in_bits[i];
    if (eval1(&c, b, o, err)) return err->status;
    for (uint32_t i = 0; i < op->n_results && i < 2; i++) out_bits[i] = o[i];
    return 0;
  }
  int64_t n = rt->numel;
  for (uint32_t i = 0; i < op->n_operands; i++)
    if (sim_opdec_tin(dec, i)->kind == IR_T_TENSOR && (!ins[i] || ins[i]->numel != n))
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                           "operand %u of '%s' has no payload of the result's shape "
                           "(computed in verify mode only?)",
                           i, ir_ops[op->code].name);
  sim_tensor *t[2] = {sim_tensor_new(c.out, rt->rank, rt->shape), NULL};
  if (op->n_results > 1)
    t[1] = sim_tensor_new((sim_dtype)sim_opdec_tout(dec, 1)->dt, rt->rank, rt->shape);
  if (!t[0] || (op->n_results > 1 && !t[1])) {
    sim_tensor_unref(t[0]);
    sim_tensor_unref(t[1]);
    return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  }
  if (!fast_f32(&c, ins, in_bits, t[0])) {
    uint64_t b[4] = {0}, o[2] = {0};
    for (uint32_t j = 0; j < op->n_operands && j < 4; j++) b[j] = ins[j] ? 0 : in_bits[j];
    for (int64_t i = 0; i < n; i++) {
      for (uint32_t j = 0; j < op->n_operands && j < 4; j++)
        if (ins[j]) b[j] = sim_elem_get_bits(ins[j]->dt, sim_tensor_at(ins[j], i));
      if (eval1(&c, b, o, err)) {
        sim_tensor_unref(t[0]);
        sim_tensor_unref(t[1]);
        return err->status;
      }
      sim_elem_set_bits(t[0]->dt, sim_tensor_at(t[0], i), o[0]);
      if (t[1]) sim_elem_set_bits(t[1]->dt, sim_tensor_at(t[1], i), o[1]);
    }
  }
  outs[0] = t[0];
  if (op->n_results > 1) outs[1] = t[1];
  return 0;
}

int sim_data_eval_scalar(sim_data *d, const ir_op *op, const uint64_t *in_bits, uint64_t *out_bits,
                         sim_data_err *err) {
  sim_tensor *none[8] = {0}, *outs[2] = {0};
  if (op->n_operands > 8) return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "too many operands");
  int rc = sim_data_eval_elementwise(d, op, none, in_bits, outs, out_bits, err);
  if (rc < 0)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "simulate mode cannot evaluate '%s' here",
                         ir_ops[op->code].name);
  return rc;
}
