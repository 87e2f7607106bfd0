/* lw_amd_buffer.c: amdg.buffer_load / amdg.buffer_store on gfx942 / gfx950: a buffer resource
 * over the scalar base pointer (rocdl.make.buffer.rsrc) and one raw buffer access per element,
 * the offsets scaled to bytes. Masked-off lanes get an offset past the resource's range: the
 * hardware returns 0 for such a load and drops such a store (as Triton's BufferOpsEmitter does);
 * a masked load then takes `other`. */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

#define LW_BUF_RECORDS 2147483646LL /* bytes addressable through the resource (INT_MAX - 1) */
#define LW_BUF_OOB (-2147483647 - 1)  /* 0x80000000: past LW_BUF_RECORDS */
#define LW_BUF_FLAGS ((7 << 12) | (4 << 15)) /* gfx9 resource word 3: DST_SEL / NUM_FORMAT, DATA_FORMAT 32 */

static lw_ssa el(lw_ctx *c, const ir_value *v, uint32_t i) {
  if (!v) return 0;
  lw_val *x = lw_get(c, v);
  return x->kind == LV_TENSOR ? x->el[i] : x->s;
}

lw_ssa lw_amd_buffer_rsrc(lw_ctx *c, lw_ssa base) {
  lw_ssa s0 = lw_const_int(c, "i16", 0), nrec = lw_const_int(c, "i64", LW_BUF_RECORDS);
  lw_ssa fl = lw_i32(c, LW_BUF_FLAGS);
  return lw_op(c, "rocdl.make.buffer.rsrc %s, %s, %s, %s : !llvm.ptr<1> to !llvm.ptr<8>", lw_n(c, base), lw_n(c, s0),
               lw_n(c, nrec), lw_n(c, fl));
}

int lw_amd_buffer_op(lw_ctx *c, const ir_op *op) {
  if (!lw_target_is_amd(c->target)) return lw_unsupported(c, op);
  bool load = op->code == IR_OP_AMDG_BUFFER_LOAD;
  int ps = load ? IR_SEG_AMDG_BUFFER_LOAD_PTR : IR_SEG_AMDG_BUFFER_STORE_PTR;
  int os = load ? IR_SEG_AMDG_BUFFER_LOAD_OFFSETS : IR_SEG_AMDG_BUFFER_STORE_OFFSETS;
  int ms = load ? IR_SEG_AMDG_BUFFER_LOAD_MASK : IR_SEG_AMDG_BUFFER_STORE_MASK;
  ir_value *val = load ? NULL : ir_seg(op, IR_SEG_AMDG_BUFFER_STORE_VALUE, NULL);
  ir_value *ptr = ir_seg(op, ps, NULL), *offs = ir_seg(op, os, NULL), *mask = ir_seg(op, ms, NULL);
  ir_value *other = load ? ir_seg(op, IR_SEG_AMDG_BUFFER_LOAD_OTHER, NULL) : NULL;
  /* The optional `stride` operand (segment 4) only feeds the resource's cache-swizzle field
   * (Triton's BufferOpsEmitter sets it on some targets for performance); the addresses are
   * the offsets alone, so the lowering leaves the stride field 0. */
  if (!ptr || !offs) return lw_fail(c, op, "%s without a base pointer or offsets", ir_ops[op->code].name);
  const ir_type *pt = ptr->type;
  if (pt->kind != IR_T_PTR) return lw_fail(c, op, "the buffer base must be a scalar pointer");
  const char *ety = lw_llty(pt->elem);
  if (!ety || !strcmp(ety, "i1") || !strncmp(ety, "!llvm.ptr", 9))
    return lw_fail(c, op, "unsupported element type for a buffer access");
  int eb = lw_ty_bits(ety) / 8;
  lw_val *ov = lw_get(c, offs);
  uint32_t n = ov->kind == LV_TENSOR ? ov->n : 1;
  lw_ssa z = lw_i32(c, 0), oob = lw_i32(c, LW_BUF_OOB);
  lw_ssa rsrc = lw_amd_buffer_rsrc(c, lw_scalar(c, ptr));
  /* Vector accesses where the offsets run contiguously, aligned, under one mask (lw_axis.c), and
   * the base is aligned as much. */
  int vec = 1;
  if (ov->kind == LV_TENSOR && offs->type->kind == IR_T_TENSOR) {
    lw_ll l;
    char err[160];
    if (lw_ll_of_type(offs->type, &l, err, sizeof err)) return lw_fail(c, op, "%s", err);
    vec = lw_global_vec(c, &l, offs, mask, eb);
    lw_axis pa;
    lw_axis_of(c, ptr, &pa);
    while (vec > 1 && (vec * eb < 4 || pa.div[0] < (int64_t)vec * eb)) vec /= 2;
    if (vec * eb < 4) vec = 1;
  }
  char vt[48], wt[48];
  if (vec > 1) snprintf(vt, sizeof vt, "vector<%dx%s>", vec, ety);
  else snprintf(vt, sizeof vt, "%s", ety);
  /* A vector access moves whole dwords (i32 / vector<Nxi32>), as Triton's buffer ops do, with
   * a bitcast to the element vector: LLVM 22's AMDGPU instruction selection cannot split the
   * result of a v16i8 buffer load that is then narrowed ("Do not know how to split the result
   * of this operator"). */
  bool dw = vec > 1 && strcmp(ety, "i32") && strcmp(ety, "f32");
  if (dw && vec * eb > 4) snprintf(wt, sizeof wt, "vector<%dxi32>", vec * eb / 4);
  else snprintf(wt, sizeof wt, "%s", dw ? "i32" : vt);
  lw_val r = {.kind = ov->kind == LV_TENSOR ? LV_TENSOR : LV_SCALAR, .ty = ety, .n = ov->kind == LV_TENSOR ? n : 0};
  if (r.kind == LV_TENSOR) r.el = lw_alloc(c, (n + 1) * sizeof *r.el);
  for (uint32_t i = 0; i < n; i += (uint32_t)vec) {
    lw_ssa off = lw_bin_imm(c, "llvm.mul", el(c, offs, i), eb, "i32");
    lw_ssa m = mask ? el(c, mask, i) : 0; /* one mask for the group (lw_global_vec) */
    if (m) off = lw_op(c, "llvm.select %s, %s, %s : i1, i32", lw_n(c, m), lw_n(c, off), lw_n(c, oob));
    if (!load) {
      lw_ssa v = el(c, val, i);
      if (vec > 1) {
        v = lw_op(c, "llvm.mlir.poison : %s", vt);
        for (int k = 0; k < vec; k++)
          v = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : %s", lw_n(c, el(c, val, i + (uint32_t)k)), lw_n(c, v),
                    lw_n(c, lw_i32(c, k)), vt);
      }
      if (dw) v = lw_op(c, "llvm.bitcast %s : %s to %s", lw_n(c, v), vt, wt);
      lw_stmt(c, "rocdl.raw.ptr.buffer.store %s, %s, %s, %s, %s : %s", lw_n(c, v), lw_n(c, rsrc), lw_n(c, off),
              lw_n(c, z), lw_n(c, z), wt);
      continue;
    }
    lw_ssa x = lw_op(c, "rocdl.raw.ptr.buffer.load %s, %s, %s, %s : %s", lw_n(c, rsrc), lw_n(c, off), lw_n(c, z),
                     lw_n(c, z), wt);
    if (dw) x = lw_op(c, "llvm.bitcast %s : %s to %s", lw_n(c, x), wt, vt);
    for (int k = 0; k < vec; k++) {
      lw_ssa e = vec > 1 ? lw_op(c, "llvm.extractelement %s[%s : i32] : %s", lw_n(c, x), lw_n(c, lw_i32(c, k)), vt) : x;
      if (m && other)
        e = lw_op(c, "llvm.select %s, %s, %s : i1, %s", lw_n(c, m), lw_n(c, e), lw_n(c, el(c, other, i + (uint32_t)k)),
                  ety);
      if (r.kind == LV_TENSOR) r.el[i + (uint32_t)k] = e;
      else r.s = e;
    }
  }
  if (load) lw_set(c, op->results[0], r);
  return 0;
}
