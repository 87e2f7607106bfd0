/* lw_upcast.c: AMD's packed-fp4 upcasts to bf16, register-local after the scales are in place:
 *   amdg.upcast_mxfp %v, %s fp_type = e2m1 {fastMath}  (gfx942 / gfx950)
 *   amdg.scaled_upcast_fp4 %v scale %s {axis}          (gfx950's form)
 * Both take i8 values that pack two e2m1 (fp4) elements along K (the `axis`), and give a bf16
 * tensor twice as long along K: result element (.., k, ..) is nibble k % 2 of input byte
 * (.., k / 2, ..) times its scale.
 *
 * Facts, from Triton's AMD backend (third_party/amd/lib/TritonAMDGPUToLLVM/):
 *  - Packing (UpcastMXFPToLLVM.cpp upcast8xMxfp4: "| e7e6 | e5e4 | e3e2 | e1e0 |", the even
 *    element in the low nibble of each byte; the same register order in ScaledUpcastToLLVM.cpp,
 *    whose 4 input bytes become 8 consecutive result registers): the low nibble holds the even
 *    K index.
 *  - e2m1 is S.EE.M: 0.00.1 = 0.5 (subnormal), EE != 0 gives 2^(EE-1) * (1 + M/2); the table
 *    in upcast8xMxfp4 (0, 0.5, 1, 1.5, 2, 3, 4, 6, negated by S).
 *  - amdg.upcast_mxfp's scale is e8m0 (an i8 exponent): the f32 with that exponent field,
 *    bitcast(zext(s) << 23) = 2^(s-127) (s = 0 gives +0.0, s = 0xFF gives +inf); the bf16 value
 *    is widened to f32 (<< 16), multiplied in f32 and truncated back (>> 16, no rounding:
 *    mxfpScaleBf16ViaF32). fastMath = false adds a select: scale 0xFF gives the NaN 0x7FFF;
 *    with fastMath the product stands (an inf, or NaN for a zero value).
 *  - amdg.scaled_upcast_fp4's scale is bf16 already (the kernel shifted the e8m0 left by 7);
 *    Triton widens it to f32 (<< 16, "useShiftedScale") for v_cvt_scalef32_pk_bf16_fp4. This
 *    lowering computes the same product with the f32 sequence above instead of that
 *    instruction (its byte-select operand's meaning changed between Triton's versions).
 *    The products of an e2m1 value and a power of two are exact in bf16 (2 significant bits),
 *    so truncation and rounding agree except on overflow and NaN.
 *
 * Layouts (lw_layout.c linear layouts) are checked, not assumed: every result register must
 * find its input byte in the same thread (the input's lane / warp bases are the result's with
 * K halved, and no lane or warp selects the nibble), else the op is refused. The scales of
 * amdg.upcast_mxfp are indexed [non-K][K / 32] in a layout of their own (Triton converts them
 * with lane shuffles that assume its scale layout); here they go through the op's LDS scratch
 * (lw_exchange) into a layout derived from the result's: (k, n) -> (n, k / 32) is linear over
 * GF(2) on power-of-two shapes, so mapping the result's bases gives a distributed layout in
 * which every thread holds the scale of each of its result elements. */
#include <string.h>

#include "lw_int.h"

/* ------------------------------------------------------------------ element math */

lw_ssa lw_e8m0_f32(lw_ctx *c, lw_ssa s) {
  lw_ssa w = lw_bin_imm(c, "llvm.shl", lw_cast(c, "llvm.zext", s, "i8", "i32"), 23, "i32");
  return lw_cast(c, "llvm.bitcast", w, "i32", "f32");
}

lw_ssa lw_bf16_f32(lw_ctx *c, lw_ssa v) {
  lw_ssa h = lw_cast(c, "llvm.bitcast", v, "bf16", "i16");
  lw_ssa w = lw_bin_imm(c, "llvm.shl", lw_cast(c, "llvm.zext", h, "i16", "i32"), 16, "i32");
  return lw_cast(c, "llvm.bitcast", w, "i32", "f32");
}

/* f32 bit pattern (i32) of the e2m1 value in nibble hi (0 = low) of byte b (i32). */
static lw_ssa e2m1_bits(lw_ctx *c, lw_ssa b, int hi) {
  lw_ssa nib = hi ? lw_bin_imm(c, "llvm.lshr", b, 4, "i32") : b;
  lw_ssa sign = lw_bin_imm(c, "llvm.shl", lw_bin_imm(c, "llvm.and", nib, 8, "i32"), 28, "i32");
  lw_ssa e = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.lshr", nib, 1, "i32"), 3, "i32");
  lw_ssa m = lw_bin_imm(c, "llvm.and", nib, 1, "i32");
  /* EE != 0: exponent field EE - 1 + 127, mantissa M in its top bit */
  lw_ssa norm = lw_bin(c, "llvm.or", lw_bin_imm(c, "llvm.shl", lw_bin_imm(c, "llvm.add", e, 126, "i32"), 23, "i32"),
                       lw_bin_imm(c, "llvm.shl", m, 22, "i32"), "i32");
  /* EE = 0: 0.5 (0x3F000000) or 0, as (0 - M) & 0x3F000000 */
  lw_ssa sub = lw_bin_imm(c, "llvm.and", lw_bin(c, "llvm.sub", lw_i32(c, 0), m, "i32"), 0x3F000000, "i32");
  lw_ssa z = lw_icmp(c, "eq", e, lw_i32(c, 0), "i32");
  lw_ssa mag = lw_op(c, "llvm.select %s, %s, %s : i1, i32", lw_n(c, z), lw_n(c, sub), lw_n(c, norm));
  return lw_bin(c, "llvm.or", mag, sign, "i32");
}

lw_ssa lw_fp4_scaled_bf16(lw_ctx *c, lw_ssa byte, int hi, lw_ssa scale, lw_ssa nan) {
  lw_ssa b = lw_cast(c, "llvm.zext", byte, "i8", "i32");
  lw_ssa v = lw_cast(c, "llvm.bitcast", e2m1_bits(c, b, hi), "i32", "f32");
  lw_ssa p = lw_cast(c, "llvm.bitcast", lw_bin(c, "llvm.fmul", v, scale, "f32"), "f32", "i32");
  lw_ssa h = lw_cast(c, "llvm.trunc", lw_bin_imm(c, "llvm.lshr", p, 16, "i32"), "i32", "i16");
  if (nan) {
    lw_ssa q = lw_const_int(c, "i16", 0x7FFF);
    h = lw_op(c, "llvm.select %s, %s, %s : i1, i16", lw_n(c, nan), lw_n(c, q), lw_n(c, h));
  }
  return lw_cast(c, "llvm.bitcast", h, "i16", "bf16");
}

/* ------------------------------------------------------------------ layouts */


/* True when src (the packed bytes) gives every thread, for each of its result elements
 * (.., k, ..), the byte (.., k / 2, ..): the lane and warp bases of src are those of res with
 * K halved, and none of res moves along K's lowest bit. */
static bool same_thread_bytes(const lw_ll *res, const lw_ll *src, int kd) {
  if (res->rank != src->rank || res->nlane != src->nlane || res->nwarp != src->nwarp) return false;
  for (int k = 0; k < 2; k++) {
    int n = k ? res->nwarp : res->nlane;
    for (int b = 0; b < n; b++) {
      const int32_t *rv = k ? res->warp[b] : res->lane[b];
      const int32_t *sv = k ? src->warp[b] : src->lane[b];
      if (rv[kd] & 1) return false;
      for (int d = 0; d < res->rank; d++)
        if ((d == kd ? rv[d] >> 1 : rv[d]) != sv[d]) return false;
    }
  }
  return true;
}

/* The input register (of src) holding the byte of result register r, or -1. */
static int32_t byte_reg(const lw_ll *res, const lw_ll *src, int kd, uint32_t r, int *hi) {
  int32_t co[IR_MAX_RANK];
  lw_ll_reg_coord(res, r, co);
  *hi = co[kd] & 1;
  co[kd] >>= 1;
  return lw_ll_find_reg(src, co);
}

/* The scale coordinate (non-K, K / 32) of result coordinate v (rank 2, K at kd). */
static void scale_coord(const int32_t *v, int kd, int32_t *out) {
  out[0] = v[1 - kd];
  out[1] = v[kd] >> 5;
}

/* Key of a scale coordinate: a GF(2)-linear packing (the shape is a power of two). */
static uint32_t key(const int32_t *v, int64_t cols) { return (uint32_t)v[0] * (uint32_t)cols | (uint32_t)v[1]; }

/* The layout of the scales that puts the scale of each result element in its thread: res's
 * bases mapped by scale_coord (the lanes and warps one for one; the registers only where they
 * add a new coordinate: reduced against the ones kept, by their highest key bit). */
static void scale_layout(const lw_ll *res, int kd, const int64_t *shape, lw_ll *out) {
  memset(out, 0, sizeof *out);
  out->rank = 2;
  out->shape[0] = shape[0];
  out->shape[1] = shape[1];
  out->nlane = res->nlane;
  out->nwarp = res->nwarp;
  for (int b = 0; b < res->nlane; b++) scale_coord(res->lane[b], kd, out->lane[b]);
  for (int b = 0; b < res->nwarp; b++) scale_coord(res->warp[b], kd, out->warp[b]);
  uint32_t piv[LW_LL_MAXREG]; /* reduced keys of the kept bases */
  int np = 0;
  for (int b = 0; b < res->nreg; b++) {
    int32_t v[IR_MAX_RANK] = {0};
    scale_coord(res->reg[b], kd, v);
    uint32_t k = key(v, shape[1]);
    for (int i = 0; i < np; i++)
      if ((k ^ piv[i]) < k) k ^= piv[i];
    if (!k) continue;
    /* keep the reduced set ordered by highest bit, descending, so the loop above reduces */
    int at = np;
    while (at > 0 && piv[at - 1] < k) at--;
    memmove(piv + at + 1, piv + at, (size_t)(np - at) * sizeof piv[0]);
    piv[at] = k;
    np++;
    memcpy(out->reg[out->nreg++], v, sizeof v);
  }
}

/* ------------------------------------------------------------------ the ops */

/* Checks what both ops share (K at dim kd): the shapes, the element types, the layouts of
 * the bytes (sl) and of the result (rl), and the bytes of each result element in its thread;
 * sets *sv to the bytes. */
static int check_common(lw_ctx *c, const ir_op *op, int kd, lw_ll *rl, lw_ll *sl, const lw_val **sv) {
  const ir_type *st = op->operands[0]->type, *rt = op->results[0]->type;
  if (st->kind != IR_T_TENSOR || rt->kind != IR_T_TENSOR || st->rank != rt->rank || kd < 0 || kd >= rt->rank)
    return lw_fail(c, op, "'%s' needs tensor operands of one rank and a K dimension among them", ir_ops[op->code].name);
  for (int d = 0; d < rt->rank; d++)
    if (rt->shape[d] != st->shape[d] * (d == kd ? 2 : 1))
      return lw_fail(c, op, "'%s': the result must be twice the input along K (dim %d) and equal elsewhere",
                     ir_ops[op->code].name, kd);
  if (!st->elem || lw_ty_bits(lw_llty(st->elem)) != 8 || !rt->elem || !lw_llty(rt->elem) ||
      strcmp(lw_llty(rt->elem), "bf16"))
    return lw_fail(c, op, "'%s' is lowered for packed i8 inputs and bf16 results only", ir_ops[op->code].name);
  if (lw_tensor_ll(c, op, rt, rl) || lw_tensor_ll(c, op, st, sl)) return -1;
  if (!same_thread_bytes(rl, sl, kd))
    return lw_fail(c, op, "'%s' whose input and result layouts do not give each thread the bytes of its "
                   "result elements is not supported", ir_ops[op->code].name);
  *sv = lw_get(c, op->operands[0]);
  if ((*sv)->kind != LV_TENSOR || (*sv)->n != lw_ll_nregs(sl))
    return lw_fail(c, op, "'%s': the input is not a register tensor of its layout", ir_ops[op->code].name);
  return 0;
}

/* gfx950's form: the scales (bf16) already in the result's layout, K along `axis`. */
static int scaled_upcast_fp4(lw_ctx *c, const ir_op *op) {
  int kd = (int)ir_op_attr_int(op, "axis", -1);
  lw_ll rl, il, scl;
  const lw_val *in = NULL;
  if (check_common(c, op, kd, &rl, &il, &in)) return -1;
  const ir_type *sct = op->operands[1]->type;
  if (sct->kind != IR_T_TENSOR || !sct->elem || !lw_llty(sct->elem) || strcmp(lw_llty(sct->elem), "bf16"))
    return lw_fail(c, op, "amdg.scaled_upcast_fp4 is lowered for bf16 scales only");
  if (lw_tensor_ll(c, op, sct, &scl)) return -1;
  if (!lw_ll_equal(&scl, &rl) || sct->rank != op->results[0]->type->rank ||
      memcmp(sct->shape, op->results[0]->type->shape, (size_t)sct->rank * sizeof sct->shape[0]))
    return lw_fail(c, op, "amdg.scaled_upcast_fp4 whose scales are not in the result's shape and layout is not supported");
  const lw_val *sc = lw_get(c, op->operands[1]);
  if (sc->kind != LV_TENSOR || sc->n != lw_ll_nregs(&rl))
    return lw_fail(c, op, "amdg.scaled_upcast_fp4: the scale is not a register tensor of its layout");
  lw_val v = {.kind = LV_TENSOR, .ty = "bf16", .n = lw_ll_nregs(&rl)};
  v.el = lw_alloc(c, (v.n + 1) * sizeof *v.el);
  for (uint32_t r = 0; r < v.n; r++) {
    int hi;
    int32_t k = byte_reg(&rl, &il, kd, r, &hi);
    if (k < 0) return lw_fail(c, op, "amdg.scaled_upcast_fp4: a result register has no input byte in its thread");
    v.el[r] = lw_fp4_scaled_bf16(c, in->el[k], hi, lw_bf16_f32(c, sc->el[r]), 0);
  }
  lw_set(c, op->results[0], v);
  return 0;
}

/* The K dim of amdg.upcast_mxfp: the dim along which the result is twice the input. */
static int mxfp_kdim(const ir_op *op) {
  const ir_type *st = op->operands[0]->type, *rt = op->results[0]->type;
  if (st->kind != IR_T_TENSOR || rt->kind != IR_T_TENSOR || st->rank != rt->rank) return -1;
  for (int d = 0; d < rt->rank; d++)
    if (rt->shape[d] == 2 * st->shape[d]) return d;
  return -1;
}

/* True when op is an amdg.upcast_mxfp of rank 2 with an i8 scale of shape (non-K, K / 32). */
static bool mxfp_scale_shape(const ir_op *op, int kd) {
  const ir_type *rt = op->results[0]->type, *sct = op->operands[1]->type;
  return kd >= 0 && rt->rank == 2 && sct->kind == IR_T_TENSOR && sct->rank == 2 && sct->elem &&
         lw_ty_bits(lw_llty(sct->elem)) == 8 && sct->shape[0] == rt->shape[1 - kd] && sct->shape[1] * 32 == rt->shape[kd];
}

uint64_t lw_upcast_scratch_bytes(const ir_op *op) {
  if (op->code != IR_OP_AMDG_UPCAST_MXFP || op->n_operands != 2 || op->n_results != 1) return 0;
  if (!mxfp_scale_shape(op, mxfp_kdim(op))) return 0; /* refused when lowered */
  return (uint64_t)ir_type_numel(op->operands[1]->type);
}

static int upcast_mxfp(lw_ctx *c, const ir_op *op) {
  const ir_attr *ft = ir_op_attr(op, "fp_type");
  if (!ft || !ft->str || strcmp(ft->str, "e2m1"))
    return lw_fail(c, op, "amdg.upcast_mxfp is lowered for fp_type = e2m1 only (fp4 values)");
  int kd = mxfp_kdim(op);
  lw_ll rl, il, sl, dl;
  const lw_val *in = NULL;
  if (check_common(c, op, kd, &rl, &il, &in)) return -1;
  if (!mxfp_scale_shape(op, kd))
    return lw_fail(c, op, "amdg.upcast_mxfp needs rank-2 operands and an i8 scale of shape (non-K, K / 32)");
  const ir_type *sct = op->operands[1]->type;
  if (lw_tensor_ll(c, op, sct, &sl)) return -1;
  const lw_val *sc = lw_get(c, op->operands[1]);
  if (sc->kind != LV_TENSOR || sc->n != lw_ll_nregs(&sl))
    return lw_fail(c, op, "amdg.upcast_mxfp: the scale is not a register tensor of its layout");
  /* the scales into the result's threads, through the LDS scratch */
  scale_layout(&rl, kd, sct->shape, &dl);
  lw_val ds = {.kind = LV_TENSOR, .ty = sc->ty, .n = lw_ll_nregs(&dl)};
  ds.el = lw_alloc(c, (ds.n + 1) * sizeof *ds.el);
  lw_membar_before(c, op);
  if (lw_exchange(c, op, sc, &sl, &dl, &ds)) return -1;
  const ir_attr *fm = ir_op_attr(op, "fastMath");
  bool fast = fm && (fm->kind == IR_A_UNIT || fm->ival);
  lw_ssa *scale = lw_alloc(c, ds.n * sizeof *scale), *nan = lw_alloc(c, ds.n * sizeof *nan);
  lw_val v = {.kind = LV_TENSOR, .ty = "bf16", .n = lw_ll_nregs(&rl)};
  v.el = lw_alloc(c, (v.n + 1) * sizeof *v.el);
  for (uint32_t r = 0; r < v.n; r++) {
    int hi;
    int32_t k = byte_reg(&rl, &il, kd, r, &hi), rc[IR_MAX_RANK], scv[IR_MAX_RANK] = {0};
    lw_ll_reg_coord(&rl, r, rc);
    scale_coord(rc, kd, scv);
    int32_t s = lw_ll_find_reg(&dl, scv);
    if (k < 0 || s < 0) return lw_fail(c, op, "amdg.upcast_mxfp: a result register has no input byte or scale in its thread");
    if (!scale[s]) {
      scale[s] = lw_e8m0_f32(c, ds.el[s]);
      if (!fast) nan[s] = lw_icmp(c, "eq", ds.el[s], lw_const_int(c, "i8", -1), "i8");
    }
    v.el[r] = lw_fp4_scaled_bf16(c, in->el[k], hi, scale[s], nan[s]);
  }
  lw_set(c, op->results[0], v);
  return 0;
}

int lw_upcast(lw_ctx *c, const ir_op *op) {
  if (!lw_target_is_amd(c->target))
    return lw_fail(c, op, "op '%s' is an AMD op: not supported for %s", ir_ops[op->code].name, lw_target_name(c->target));
  if (op->n_operands != 2 || op->n_results != 1) return lw_fail(c, op, "malformed '%s'", ir_ops[op->code].name);
  return op->code == IR_OP_AMDG_UPCAST_MXFP ? upcast_mxfp(c, op) : scaled_upcast_fp4(c, op);
}
