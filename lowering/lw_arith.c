/* lw_arith.c: constants and elementwise scalar math (arith, math, tt scalar ops). A tensor op
 * is the scalar op applied to each element this thread holds: operands share the result's
 * layout, so element i of every operand is the same tensor element. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"

/* ------------------------------------------------------------------ constants */

static void float_lit(char *buf, size_t n, double v, const char *ty) {
  if (isfinite(v)) {
    snprintf(buf, n, "%.17e", v);
    return;
  }
  bool neg = signbit(v);
  unsigned long long bits;
  if (!strcmp(ty, "f16")) bits = isnan(v) ? 0x7E00 : (neg ? 0xFC00 : 0x7C00);
  else if (!strcmp(ty, "bf16")) bits = isnan(v) ? 0x7FC0 : (neg ? 0xFF80 : 0x7F80);
  else if (!strcmp(ty, "f64")) bits = isnan(v) ? 0x7FF8000000000000ULL : (neg ? 0xFFF0000000000000ULL : 0x7FF0000000000000ULL);
  else bits = isnan(v) ? 0x7FC00000 : (neg ? 0xFF800000 : 0x7F800000);
  snprintf(buf, n, "0x%llX", bits);
}

/* Value of a float given by its bit pattern (MLIR hex float literals). */
static double float_of_bits(unsigned long long b, const char *ty) {
  if (!strcmp(ty, "f64")) {
    double d;
    memcpy(&d, &b, 8);
    return d;
  }
  uint32_t x;
  if (!strcmp(ty, "bf16")) {
    x = (uint32_t)(b & 0xffff) << 16;
  } else if (!strcmp(ty, "f16")) {
    uint32_t h = (uint32_t)b & 0xffff, s = (h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0x1f) {
      x = s | 0x7f800000 | (m << 13);
    } else if (e) {
      x = s | ((e + 112) << 23) | (m << 13);
    } else {
      float f = (float)m * 0x1p-24f;
      return s ? -(double)f : (double)f;
    }
  } else {
    x = (uint32_t)b;
  }
  float f;
  memcpy(&f, &x, 4);
  return f;
}

/* One scalar constant from an attribute value (INT / BOOL / FLOAT). */
static lw_ssa const_of(lw_ctx *c, const ir_attr *a, const char *ty) {
  if (lw_ty_is_float(ty)) {
    double v = a->kind == IR_A_FLOAT ? a->fval : (double)a->ival;
    char buf[64];
    float_lit(buf, sizeof buf, v, ty);
    return lw_op(c, "llvm.mlir.constant(%s : %s) : %s", buf, ty, ty);
  }
  if (!strncmp(ty, "!llvm.ptr", 9)) {
    lw_ssa z = lw_const_int(c, "i64", a->ival);
    return lw_cast(c, "llvm.inttoptr", z, "i64", ty);
  }
  return lw_const_int(c, ty, a->kind == IR_A_FLOAT ? (int64_t)a->fval : a->ival);
}

/* Elements per thread of a tensor type, or 0 after reporting an error. */
static uint32_t tensor_n(lw_ctx *c, const ir_op *op, const ir_type *t) {
  lw_ll l;
  char err[160];
  if (lw_ll_of_type(t, &l, err, sizeof err)) {
    lw_fail(c, op, "%s", err);
    return 0;
  }
  return lw_ll_nregs(&l);
}

static int constant(lw_ctx *c, const ir_op *op) {
  const ir_attr *a = ir_op_attr(op, "value");
  const ir_type *t = op->results[0]->type;
  const char *ty = lw_llty(t);
  if (!a || !ty) return lw_fail(c, op, "unsupported constant");
  ir_attr splat;
  if (a->kind == IR_A_DENSE) {
    if (a->n == 1 && a->elems && a->elems[0]) {
      a = a->elems[0];
    } else if (a->str && a->str[0] && a->str[0] != '[' && a->str[0] != '"') {
      /* dense<v> splat: the reader keeps v in ival / fval and the text. */
      splat = (ir_attr){.kind = lw_ty_is_float(ty) ? IR_A_FLOAT : IR_A_INT, .ival = a->ival, .fval = a->fval};
      if (lw_ty_is_float(ty) && (!strncmp(a->str, "0x", 2) || !strncmp(a->str, "0X", 2)))
        splat.fval = float_of_bits(strtoull(a->str, NULL, 16), ty);
      a = &splat;
    } else {
      return lw_fail(c, op, "only splat dense constants are supported");
    }
  }
  if (a->kind != IR_A_INT && a->kind != IR_A_BOOL && a->kind != IR_A_FLOAT)
    return lw_fail(c, op, "unsupported constant value");
  lw_ssa s = const_of(c, a, ty);
  if (t->kind == IR_T_TENSOR) {
    uint32_t n = tensor_n(c, op, t);
    if (!n) return -1;
    lw_val v = {.kind = LV_TENSOR, .ty = ty, .n = n, .el = lw_alloc(c, n * sizeof(lw_ssa))};
    for (uint32_t i = 0; i < n; i++) v.el[i] = s;
    lw_set(c, op->results[0], v);
  } else {
    lw_set(c, op->results[0], (lw_val){.kind = LV_SCALAR, .ty = ty, .s = s});
  }
  return 0;
}

/* ------------------------------------------------------------------ predicates */

static const char *icmp_names[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
static const char *fcmp_names[] = {"_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                   "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "_true"};

static const char *pred_of(const ir_op *op, bool fl) {
  const ir_attr *a = ir_op_attr(op, "predicate");
  if (!a) return NULL;
  if (a->kind == IR_A_INT) {
    if (fl) return a->ival >= 0 && a->ival < 16 ? fcmp_names[a->ival] : NULL;
    return a->ival >= 0 && a->ival < 10 ? icmp_names[a->ival] : NULL;
  }
  if (!a->str) return NULL;
  if (fl) {
    if (!strcmp(a->str, "false")) return "_false";
    if (!strcmp(a->str, "true")) return "_true";
    for (int i = 0; i < 16; i++)
      if (!strcmp(a->str, fcmp_names[i])) return fcmp_names[i];
    return NULL;
  }
  for (int i = 0; i < 10; i++)
    if (!strcmp(a->str, icmp_names[i])) return icmp_names[i];
  return NULL;
}

/* ------------------------------------------------------------------ one element */

typedef struct elt {
  lw_ssa a[3];            /* operand elements */
  const char *ty[3];      /* operand element types */
  const char *rty;        /* result element type */
} elt;

static lw_ssa intr1(lw_ctx *c, const char *name, lw_ssa a, const char *ty) {
  return lw_op(c, "llvm.intr.%s(%s) : (%s) -> %s", name, lw_n(c, a), ty, ty);
}

static lw_ssa intr2(lw_ctx *c, const char *name, lw_ssa a, lw_ssa b, const char *ty) {
  return lw_op(c, "llvm.intr.%s(%s, %s) : (%s, %s) -> %s", name, lw_n(c, a), lw_n(c, b), ty, ty, ty);
}

static lw_ssa approx(lw_ctx *c, const char *ins, lw_ssa a) {
  char ptx[64];
  snprintf(ptx, sizeof ptx, "%s $0, $1;", ins);
  const char *ty = "f32";
  return lw_asm_pure(c, "f32", ptx, "=f,f", &a, &ty, 1);
}

static lw_ssa fconst(lw_ctx *c, double v, const char *ty) {
  ir_attr a = {.kind = IR_A_FLOAT, .fval = v};
  return const_of(c, &a, ty);
}

/* Signed division rounding toward +inf (ceil) or -inf (floor). */
static lw_ssa div_round(lw_ctx *c, lw_ssa a, lw_ssa b, const char *ty, bool ceil) {
  lw_ssa q = lw_bin(c, "llvm.sdiv", a, b, ty), r = lw_bin(c, "llvm.srem", a, b, ty);
  lw_ssa z = lw_const_int(c, ty, 0);
  lw_ssa nz = lw_icmp(c, "ne", r, z, ty);
  lw_ssa rn = lw_icmp(c, "slt", r, z, ty), bn = lw_icmp(c, "slt", b, z, ty);
  lw_ssa same = lw_icmp(c, ceil ? "eq" : "ne", rn, bn, "i1");
  lw_ssa adj = lw_bin(c, "llvm.and", nz, same, "i1");
  lw_ssa one = lw_cast(c, "llvm.zext", adj, "i1", ty);
  return lw_bin(c, ceil ? "llvm.add" : "llvm.sub", q, one, ty);
}

/* fadd / fsub / fmul that LLVM may contract into fma: Triton compiles with fp fusion on by
 * default (enable_fp_fusion), so a multiply feeding an add becomes one fma, as here. */
static lw_ssa fbin(lw_ctx *c, const char *op, lw_ssa a, lw_ssa b, const char *ty) {
  return lw_op(c, "%s %s, %s {fastmathFlags = #llvm.fastmath<contract>} : %s", op, lw_n(c, a), lw_n(c, b), ty);
}

static lw_ssa efail(lw_ctx *c, const ir_op *op, const char *msg) {
  lw_fail(c, op, "%s", msg);
  return 0;
}

static lw_ssa eunsup(lw_ctx *c, const ir_op *op) {
  lw_unsupported(c, op);
  return 0;
}

static lw_ssa cast_elem(lw_ctx *c, const char *op, lw_ssa a, const char *from, const char *to) {
  if (!strcmp(from, to)) return a;
  return lw_cast(c, op, a, from, to);
}

/* AMD: the f32 transcendentals as LLVM intrinsics, which the AMDGPU backend lowers to
 * v_exp_f32 / v_log_f32 / v_sin_f32 ... with its range fix-ups (Triton's AMD lowering uses
 * the same hardware instructions, ElementwiseOpToLLVM.cpp). 0 after refusing the op. */
static lw_ssa amd_transcendental(lw_ctx *c, const ir_op *op, lw_ssa a) {
  switch (op->code) {
  case IR_OP_MATH_EXP2: return intr1(c, "exp2", a, "f32");
  case IR_OP_MATH_EXP: return intr1(c, "exp2", lw_bin(c, "llvm.fmul", a, fconst(c, 1.4426950408889634, "f32"), "f32"), "f32");
  case IR_OP_MATH_LOG2: return intr1(c, "log2", a, "f32");
  case IR_OP_MATH_LOG: return intr1(c, "log", a, "f32");
  case IR_OP_MATH_SIN: return intr1(c, "sin", a, "f32");
  case IR_OP_MATH_COS: return intr1(c, "cos", a, "f32");
  case IR_OP_MATH_RSQRT: return lw_bin(c, "llvm.fdiv", fconst(c, 1.0, "f32"), intr1(c, "sqrt", a, "f32"), "f32");
  default: return eunsup(c, op);
  }
}

/* Emits op for one element; returns 0 after reporting an error. */
static lw_ssa elem(lw_ctx *c, const ir_op *op, const elt *e) {
  const char *t0 = e->ty[0], *rt = e->rty;
  lw_ssa a = e->a[0], b = e->a[1];
  switch (op->code) {
  case IR_OP_ARITH_ADDI: return lw_bin(c, "llvm.add", a, b, rt);
  case IR_OP_ARITH_SUBI: return lw_bin(c, "llvm.sub", a, b, rt);
  case IR_OP_ARITH_MULI: return lw_bin(c, "llvm.mul", a, b, rt);
  case IR_OP_ARITH_DIVSI: return lw_bin(c, "llvm.sdiv", a, b, rt);
  case IR_OP_ARITH_DIVUI: return lw_bin(c, "llvm.udiv", a, b, rt);
  case IR_OP_ARITH_REMSI: return lw_bin(c, "llvm.srem", a, b, rt);
  case IR_OP_ARITH_REMUI: return lw_bin(c, "llvm.urem", a, b, rt);
  case IR_OP_ARITH_CEILDIVSI: return div_round(c, a, b, rt, true);
  case IR_OP_ARITH_FLOORDIVSI: return div_round(c, a, b, rt, false);
  case IR_OP_ARITH_CEILDIVUI: {
    lw_ssa q = lw_bin(c, "llvm.udiv", a, b, rt), r = lw_bin(c, "llvm.urem", a, b, rt);
    lw_ssa nz = lw_icmp(c, "ne", r, lw_const_int(c, rt, 0), rt);
    return lw_bin(c, "llvm.add", q, lw_cast(c, "llvm.zext", nz, "i1", rt), rt);
  }
  case IR_OP_ARITH_ANDI: return lw_bin(c, "llvm.and", a, b, rt);
  case IR_OP_ARITH_ORI: return lw_bin(c, "llvm.or", a, b, rt);
  case IR_OP_ARITH_XORI: return lw_bin(c, "llvm.xor", a, b, rt);
  case IR_OP_ARITH_SHLI: return lw_bin(c, "llvm.shl", a, b, rt);
  case IR_OP_ARITH_SHRSI: return lw_bin(c, "llvm.ashr", a, b, rt);
  case IR_OP_ARITH_SHRUI: return lw_bin(c, "llvm.lshr", a, b, rt);
  case IR_OP_ARITH_MAXSI: return intr2(c, "smax", a, b, rt);
  case IR_OP_ARITH_MINSI: return intr2(c, "smin", a, b, rt);
  case IR_OP_ARITH_MAXUI: return intr2(c, "umax", a, b, rt);
  case IR_OP_ARITH_MINUI: return intr2(c, "umin", a, b, rt);
  case IR_OP_ARITH_ADDF: return fbin(c, "llvm.fadd", a, b, rt);
  case IR_OP_ARITH_SUBF: return fbin(c, "llvm.fsub", a, b, rt);
  case IR_OP_ARITH_MULF: return fbin(c, "llvm.fmul", a, b, rt);
  case IR_OP_ARITH_DIVF:
    /* Triton lowers an f32 arith.divf to div.full.f32 (2 ulp); tt.precise_divf is IEEE.
     * AMD: fdiv (the AMDGPU backend's division sequence). */
    if (!strcmp(rt, "f32") && !lw_target_is_amd(c->target)) {
      lw_ssa ab[2] = {a, b};
      const char *tys[2] = {"f32", "f32"};
      return lw_asm_pure(c, "f32", "div.full.f32 $0, $1, $2;", "=f,f,f", ab, tys, 2);
    }
    return lw_bin(c, "llvm.fdiv", a, b, rt);
  case IR_OP_TT_PRECISE_DIVF: return lw_bin(c, "llvm.fdiv", a, b, rt);
  case IR_OP_ARITH_REMF: return lw_bin(c, "llvm.frem", a, b, rt);
  case IR_OP_ARITH_NEGF: return lw_op(c, "llvm.fneg %s : %s", lw_n(c, a), rt);
  case IR_OP_ARITH_MAXIMUMF: return intr2(c, "maximum", a, b, rt);
  case IR_OP_ARITH_MINIMUMF: return intr2(c, "minimum", a, b, rt);
  case IR_OP_ARITH_MAXNUMF: return intr2(c, "maxnum", a, b, rt);
  case IR_OP_ARITH_MINNUMF: return intr2(c, "minnum", a, b, rt);
  case IR_OP_ARITH_CMPI: {
    const char *p = pred_of(op, false);
    if (!p) return efail(c, op, "unknown cmpi predicate");
    return lw_icmp(c, p, a, b, t0);
  }
  case IR_OP_ARITH_CMPF: {
    const char *p = pred_of(op, true);
    if (!p) return efail(c, op, "unknown cmpf predicate");
    return lw_op(c, "llvm.fcmp \"%s\" %s, %s : %s", p, lw_n(c, a), lw_n(c, b), t0);
  }
  case IR_OP_ARITH_SELECT:
    return lw_op(c, "llvm.select %s, %s, %s : i1, %s", lw_n(c, a), lw_n(c, b), lw_n(c, e->a[2]), rt);
  case IR_OP_ARITH_EXTSI: return cast_elem(c, "llvm.sext", a, t0, rt);
  case IR_OP_ARITH_EXTUI: return cast_elem(c, "llvm.zext", a, t0, rt);
  case IR_OP_ARITH_TRUNCI: return cast_elem(c, "llvm.trunc", a, t0, rt);
  case IR_OP_ARITH_SITOFP: return lw_cast(c, "llvm.sitofp", a, t0, rt);
  case IR_OP_ARITH_UITOFP: return lw_cast(c, "llvm.uitofp", a, t0, rt);
  case IR_OP_ARITH_FPTOSI: return lw_cast(c, "llvm.fptosi", a, t0, rt);
  case IR_OP_ARITH_FPTOUI: return lw_cast(c, "llvm.fptoui", a, t0, rt);
  case IR_OP_ARITH_EXTF: return cast_elem(c, "llvm.fpext", a, t0, rt);
  case IR_OP_ARITH_TRUNCF: return cast_elem(c, "llvm.fptrunc", a, t0, rt);
  case IR_OP_TT_FP_TO_FP:
    return lw_ty_bits(t0) < lw_ty_bits(rt) ? cast_elem(c, "llvm.fpext", a, t0, rt)
                                            : cast_elem(c, "llvm.fptrunc", a, t0, rt);
  case IR_OP_ARITH_INDEX_CAST: case IR_OP_ARITH_INDEX_CASTUI: {
    int fb = lw_ty_bits(t0), tb = lw_ty_bits(rt);
    if (fb == tb) return a;
    return lw_cast(c, fb > tb ? "llvm.trunc" : op->code == IR_OP_ARITH_INDEX_CAST ? "llvm.sext" : "llvm.zext",
                   a, t0, rt);
  }
  case IR_OP_ARITH_BITCAST: case IR_OP_TT_BITCAST:
    return !strcmp(t0, rt) ? a : lw_cast(c, "llvm.bitcast", a, t0, rt);
  case IR_OP_TT_INT_TO_PTR: return lw_cast(c, "llvm.inttoptr", a, t0, rt);
  case IR_OP_TT_PTR_TO_INT: return lw_cast(c, "llvm.ptrtoint", a, t0, rt);
  case IR_OP_TT_ADDPTR: {
    const ir_type *pt = op->results[0]->type;
    if (pt->kind == IR_T_TENSOR) pt = pt->elem;
    const char *et = lw_llty(pt->elem);
    if (!et) return efail(c, op, "pointer to an unsupported element type");
    return lw_op(c, "llvm.getelementptr %s[%s] : (%s, %s) -> %s, %s", lw_n(c, a), lw_n(c, b), rt,
                 e->ty[1], rt, et);
  }
  case IR_OP_TT_MULHIUI: {
    lw_ssa x = lw_cast(c, "llvm.zext", a, rt, "i64"), y = lw_cast(c, "llvm.zext", b, rt, "i64");
    lw_ssa p = lw_bin_imm(c, "llvm.lshr", lw_bin(c, "llvm.mul", x, y, "i64"), 32, "i64");
    return lw_cast(c, "llvm.trunc", p, "i64", rt);
  }
  case IR_OP_TT_CLAMPF: {
    bool nan = ir_op_attr_int(op, "propagateNan", 0) != 0;
    lw_ssa lo = intr2(c, nan ? "maximum" : "maxnum", a, b, rt);
    return intr2(c, nan ? "minimum" : "minnum", lo, e->a[2], rt);
  }
  case IR_OP_MATH_FMA: return lw_op(c, "llvm.intr.fma(%s, %s, %s) : (%s, %s, %s) -> %s", lw_n(c, a),
                                    lw_n(c, b), lw_n(c, e->a[2]), rt, rt, rt, rt);
  case IR_OP_MATH_SQRT: case IR_OP_TT_PRECISE_SQRT: return intr1(c, "sqrt", a, rt);
  case IR_OP_MATH_ABSF: return intr1(c, "fabs", a, rt);
  case IR_OP_MATH_FLOOR: return intr1(c, "floor", a, rt);
  case IR_OP_MATH_CEIL: return intr1(c, "ceil", a, rt);
  case IR_OP_MATH_CTPOP: return intr1(c, "ctpop", a, rt);
  case IR_OP_MATH_ABSI: {
    lw_ssa neg = lw_bin(c, "llvm.sub", lw_const_int(c, rt, 0), a, rt);
    lw_ssa lt = lw_icmp(c, "slt", a, lw_const_int(c, rt, 0), rt);
    return lw_op(c, "llvm.select %s, %s, %s : i1, %s", lw_n(c, lt), lw_n(c, neg), lw_n(c, a), rt);
  }
  default: break;
  }
  /* Transcendentals through the PTX approximations (f32 only), as Triton does. */
  if (strcmp(rt, "f32")) return eunsup(c, op);
  if (lw_target_is_amd(c->target)) return amd_transcendental(c, op, a);
  switch (op->code) {
  /* exp2 as Triton's (libdevice __nv_exp2f in its flush-to-zero mode): one MUFU.EX2, no
   * subnormal fix-up around it. */
  case IR_OP_MATH_EXP2: return approx(c, "ex2.approx.ftz.f32", a);
  case IR_OP_MATH_EXP:
    return approx(c, "ex2.approx.f32", lw_bin(c, "llvm.fmul", a, fconst(c, 1.4426950408889634, rt), rt));
  case IR_OP_MATH_LOG2: return approx(c, "lg2.approx.f32", a);
  case IR_OP_MATH_LOG:
    return lw_bin(c, "llvm.fmul", approx(c, "lg2.approx.f32", a), fconst(c, 0.6931471805599453, rt), rt);
  case IR_OP_MATH_RSQRT: return approx(c, "rsqrt.approx.f32", a);
  case IR_OP_MATH_SIN: return approx(c, "sin.approx.f32", a);
  case IR_OP_MATH_COS: return approx(c, "cos.approx.f32", a);
  case IR_OP_MATH_TANH: return approx(c, "tanh.approx.f32", a);
  default: return eunsup(c, op);
  }
}

/* f32 -> f16 / bf16 truncation of a tensor, two elements per cvt.rn.{f16,bf16}x2.f32 (what
 * Triton emits; LLVM 19 does not pair the scalar conversions itself). The halves come out of a
 * <2 x half> bitcast, so a later pack of the same two elements (wgmma A fragment, vector
 * store) folds back to the converted register. Returns false when not applicable. */
static bool trunc_pairs(lw_ctx *c, const ir_op *op, const char *from, const char *to, uint32_t n, lw_ssa *out) {
  if (op->code != IR_OP_ARITH_TRUNCF || ir_op_has_attr(op, "roundingmode") || n % 2 || lw_target_is_amd(c->target) ||
      strcmp(from, "f32") || (strcmp(to, "f16") && strcmp(to, "bf16")))
    return false;
  lw_val *v = lw_get(c, op->operands[0]);
  if (v->kind != LV_TENSOR || v->n != n) return false;
  const char *ptx = !strcmp(to, "f16") ? "cvt.rn.f16x2.f32 $0, $1, $2;" : "cvt.rn.bf16x2.f32 $0, $1, $2;";
  for (uint32_t i = 0; i < n; i += 2) {
    lw_ssa args[2] = {v->el[i + 1], v->el[i]}; /* upper half first */
    const char *tys[2] = {"f32", "f32"};
    lw_ssa w = lw_asm_pure(c, "i32", ptx, "=r,f,f", args, tys, 2);
    lw_ssa x = lw_op(c, "llvm.bitcast %s : i32 to vector<2x%s>", lw_n(c, w), to);
    for (uint32_t k = 0; k < 2; k++) {
      lw_ssa ix = lw_i32(c, k);
      out[i + k] = lw_op(c, "llvm.extractelement %s[%s : i32] : vector<2x%s>", lw_n(c, x), lw_n(c, ix), to);
    }
  }
  return true;
}

static bool is_fp8(const ir_type *t) {
  if (t->kind == IR_T_TENSOR || t->kind == IR_T_MEMDESC) t = t->elem;
  return t && t->kind == IR_T_FLOAT && t->bits == 8;
}

int lw_arith(lw_ctx *c, const ir_op *op) {
  if (op->code == IR_OP_ARITH_CONSTANT) return constant(c, op);
  /* Not elementwise: packed fp4 values (two e2m1 per byte along K) times scales; lw_upcast.c
   * (e2m1 to bf16 on AMD targets). The fp8 forms and ttg.upcast_mxfp are refused at the op
   * rather than mapped over elements. */
  switch (op->code) {
  case IR_OP_AMDG_UPCAST_MXFP: case IR_OP_AMDG_SCALED_UPCAST_FP4: return lw_upcast(c, op);
  default: break;
  }
  if (op->code == IR_OP_TTG_UPCAST_MXFP)
    return lw_fail(c, op, "op '%s' (mxfp values times e8m0 scales) is not supported for %s: neither the "
                   "upcast nor the conversion of its scales to the values' layout is lowered",
                   ir_ops[op->code].name, lw_target_name(c->target));
  if (op->code == IR_OP_AMDG_SCALED_UPCAST_FP8)
    return lw_fail(c, op, "op '%s' (packed values times scales) is not supported for %s: the scaled "
                   "conversion is not lowered", ir_ops[op->code].name, lw_target_name(c->target));
  if (op->n_results != 1 || op->n_operands > 3) return lw_unsupported(c, op);
  const ir_type *rt = op->results[0]->type;
  const char *rty = lw_llty(rt);
  if (!rty) return lw_fail(c, op, "unsupported result type for op '%s'", ir_ops[op->code].name);
  if (is_fp8(rt)) return lw_fail(c, op, "fp8 arithmetic is not supported");
  elt e = {.rty = rty};
  uint32_t n = 1;
  bool tensor = rt->kind == IR_T_TENSOR;
  if (tensor && !(n = tensor_n(c, op, rt))) return -1;
  for (uint32_t k = 0; k < op->n_operands; k++) {
    const ir_type *ot = op->operands[k]->type;
    e.ty[k] = lw_llty(ot);
    if (!e.ty[k] || is_fp8(ot)) return lw_fail(c, op, "unsupported operand type");
    lw_val *v = lw_get(c, op->operands[k]);
    if (v->kind == LV_TENSOR && v->n != n)
      return lw_fail(c, op, "operands of '%s' have different layouts", ir_ops[op->code].name);
    if (v->kind != LV_TENSOR && v->kind != LV_SCALAR) return lw_fail(c, op, "operand has no value");
  }
  lw_val r = {.kind = tensor ? LV_TENSOR : LV_SCALAR, .ty = rty, .n = tensor ? n : 0};
  if (tensor) r.el = lw_alloc(c, n * sizeof *r.el);
  if (tensor && trunc_pairs(c, op, e.ty[0], rty, n, r.el)) {
    lw_set(c, op->results[0], r);
    return 0;
  }
  for (uint32_t i = 0; i < n; i++) {
    for (uint32_t k = 0; k < op->n_operands; k++) {
      lw_val *v = lw_get(c, op->operands[k]);
      e.a[k] = v->kind == LV_TENSOR ? v->el[i] : v->s;
    }
    lw_ssa s = elem(c, op, &e);
    if (!s || c->err) return -1;
    if (tensor) r.el[i] = s;
    else r.s = s;
  }
  lw_set(c, op->results[0], r);
  return 0;
}
