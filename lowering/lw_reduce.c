/* lw_reduce.c: tt.reduce: combine the registers of one thread that differ only along the
 * axis, then the lanes (butterfly shuffles), then the warps (through the op's shared scratch,
 * between two region barriers). The combiner region is lowered once per combination. */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

#define MAX_OPS 4
#define MAX_CLASSES 4096

typedef struct red {
  lw_ctx *c;
  const ir_op *op;
  const ir_block *comb;  /* combiner block: 2n args, tt.reduce.return n values */
  uint32_t n;            /* operands */
  const char *ty[MAX_OPS];
} red;

/* acc = combine(acc, other), elementwise over the n operands. */
static int combine(red *r, lw_ssa *acc, const lw_ssa *other) {
  return lw_combine(r->c, r->op, r->comb, r->n, r->ty, acc, other);
}

int lw_combine(lw_ctx *c, const ir_op *op, const ir_block *comb, uint32_t n, const char *const *ty,
               lw_ssa *acc, const lw_ssa *other) {
  const char *name = ir_ops[op->code].name;
  for (uint32_t k = 0; k < n; k++) {
    lw_set(c, comb->args[k], (lw_val){.kind = LV_SCALAR, .ty = ty[k], .s = acc[k]});
    lw_set(c, comb->args[n + k], (lw_val){.kind = LV_SCALAR, .ty = ty[k], .s = other[k]});
  }
  if (lw_lower_block(c, comb)) return -1;
  const ir_op *t = comb->last;
  if (!t || (t->code != IR_OP_TT_REDUCE_RETURN && t->code != IR_OP_TT_SCAN_RETURN) || t->n_operands != n)
    return lw_fail(c, op, "%s combiner without a matching return", name);
  for (uint32_t k = 0; k < n; k++) {
    lw_val *v = lw_get(c, t->operands[k]);
    if (v->kind != LV_SCALAR) return lw_fail(c, op, "%s combiner returned a non-scalar", name);
    acc[k] = v->s;
  }
  return 0;
}

/* Butterfly shuffle of any <= 64-bit scalar (lw_int.h). */
lw_ssa lw_shfl_bfly(lw_ctx *c, lw_ssa v, const char *ty, int mask) {
  lw_ssa all = lw_i32(c, -1), off = lw_i32(c, mask), cl = lw_i32(c, 31);
  int bits = lw_ty_bits(ty);
  if (lw_target_is_amd(c->target) && (!strcmp(ty, "f32") || !strcmp(ty, "i32"))) {
    /* AMD: ds_bpermute_b32 reads the value of lane (address / 4) [CDNA3 ISA "DS_BPERMUTE_B32"];
     * the partner of lane l is l ^ mask. */
    lw_ssa lane = lw_bin_imm(c, "llvm.and", c->tid, 63, "i32");
    lw_ssa addr = lw_bin_imm(c, "llvm.shl", lw_bin_imm(c, "llvm.xor", lane, mask, "i32"), 2, "i32");
    lw_ssa x = strcmp(ty, "i32") ? lw_cast(c, "llvm.bitcast", v, ty, "i32") : v;
    lw_ssa r = lw_op(c, "rocdl.ds_bpermute %s, %s : (i32, i32) -> i32", lw_n(c, addr), lw_n(c, x));
    return strcmp(ty, "i32") ? lw_cast(c, "llvm.bitcast", r, "i32", ty) : r;
  }
  if (!strcmp(ty, "f32") || !strcmp(ty, "i32"))
    return lw_op(c, "nvvm.shfl.sync bfly %s, %s, %s, %s : %s -> %s", lw_n(c, all), lw_n(c, v),
                 lw_n(c, off), lw_n(c, cl), ty, ty);
  if (bits == 64) {
    const char *it = "i64";
    lw_ssa x = strcmp(ty, "i64") ? lw_cast(c, "llvm.bitcast", v, ty, it) : v;
    lw_ssa lo = lw_cast(c, "llvm.trunc", x, it, "i32");
    lw_ssa hi = lw_cast(c, "llvm.trunc", lw_bin_imm(c, "llvm.lshr", x, 32, it), it, "i32");
    lo = lw_shfl_bfly(c, lo, "i32", mask);
    hi = lw_shfl_bfly(c, hi, "i32", mask);
    lw_ssa r = lw_bin(c, "llvm.or", lw_cast(c, "llvm.zext", lo, "i32", it),
                      lw_bin_imm(c, "llvm.shl", lw_cast(c, "llvm.zext", hi, "i32", it), 32, it), it);
    return strcmp(ty, "i64") ? lw_cast(c, "llvm.bitcast", r, it, ty) : r;
  }
  char it[8];
  snprintf(it, sizeof it, "i%d", bits);
  lw_ssa x = lw_ty_is_float(ty) ? lw_cast(c, "llvm.bitcast", v, ty, it) : v;
  lw_ssa w = lw_cast(c, "llvm.zext", x, it, "i32");
  w = lw_shfl_bfly(c, w, "i32", mask);
  x = lw_cast(c, "llvm.trunc", w, "i32", it);
  return lw_ty_is_float(ty) ? lw_cast(c, "llvm.bitcast", x, it, ty) : x;
}

int lw_reduce(lw_ctx *c, const ir_op *op) {
  red r = {.c = c, .op = op, .n = op->n_operands};
  int axis = (int)ir_op_attr_int(op, "axis", 0);
  if (!r.n || r.n > MAX_OPS || op->n_results != r.n || !op->n_regions || !op->regions[0]->n_blocks)
    return lw_fail(c, op, "malformed tt.reduce");
  r.comb = op->regions[0]->blocks[0];
  if (r.comb->n_args != 2 * r.n) return lw_fail(c, op, "tt.reduce combiner has the wrong arguments");
  const ir_type *st = op->operands[0]->type;
  lw_ll sl;
  char err[160];
  if (lw_ll_of_type(st, &sl, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (lw_ll_nwarps(&sl) != c->rg->num_warps)
    return lw_fail(c, op, "the tensor layout spans %d warps but the code runs on %d", lw_ll_nwarps(&sl), c->rg->num_warps);
  if (axis < 0 || axis >= sl.rank) return lw_fail(c, op, "tt.reduce axis out of range");
  lw_val *src[MAX_OPS];
  for (uint32_t k = 0; k < r.n; k++) {
    src[k] = lw_get(c, op->operands[k]);
    if (src[k]->kind != LV_TENSOR || src[k]->n != lw_ll_nregs(&sl))
      return lw_fail(c, op, "tt.reduce operands must share one layout");
    r.ty[k] = src[k]->ty;
  }
  /* 1. Registers of one thread: classes of registers equal outside the axis. */
  uint32_t nreg = lw_ll_nregs(&sl), ncls = 0;
  if (nreg > MAX_CLASSES) return lw_fail(c, op, "tensor too large to reduce");
  int32_t (*key)[IR_MAX_RANK] = lw_alloc(c, nreg * sizeof *key);
  lw_ssa (*acc)[MAX_OPS] = lw_alloc(c, nreg * sizeof *acc);
  for (uint32_t i = 0; i < nreg; i++) {
    int32_t co[IR_MAX_RANK] = {0};
    lw_ll_reg_coord(&sl, i, co);
    co[axis] = 0;
    uint32_t k = 0;
    while (k < ncls && memcmp(key[k], co, sizeof co)) k++;
    lw_ssa cur[MAX_OPS];
    for (uint32_t q = 0; q < r.n; q++) cur[q] = src[q]->el[i];
    if (k == ncls) {
      memcpy(key[ncls], co, sizeof co);
      memcpy(acc[ncls], cur, sizeof cur);
      ncls++;
    } else if (combine(&r, acc[k], cur)) {
      return -1;
    }
  }
  /* 2. Lanes. */
  for (int b = 0; b < sl.nlane; b++) {
    if (!sl.lane[b][axis]) continue;
    for (int d = 0; d < sl.rank; d++)
      if (d != axis && sl.lane[b][d]) return lw_fail(c, op, "tt.reduce over a layout mixing the axis with other dims");
    for (uint32_t k = 0; k < ncls; k++) {
      lw_ssa o[MAX_OPS];
      for (uint32_t q = 0; q < r.n; q++) o[q] = lw_shfl_bfly(c, acc[k][q], r.ty[q], 1 << b);
      if (combine(&r, acc[k], o)) return -1;
    }
  }
  /* 3. Warps, through shared memory. */
  int wbits[LW_LL_MAXWARP], nwb = 0;
  for (int b = 0; b < sl.nwarp; b++) {
    if (!sl.warp[b][axis]) continue;
    for (int d = 0; d < sl.rank; d++)
      if (d != axis && sl.warp[b][d]) return lw_fail(c, op, "tt.reduce over a layout mixing the axis with other dims");
    wbits[nwb++] = b;
  }
  if (nwb) {
    uint32_t off = c->plan.off[op->id];
    if (off == LW_NO_OFF || !c->smem) return lw_fail(c, op, "tt.reduce without scratch memory");
    lw_ssa base = lw_gep_imm(c, c->smem, off);
    int64_t rnum = 1;
    for (int d = 0; d < sl.rank; d++)
      if (d != axis) rnum *= sl.shape[d];
    int nwa = 1 << nwb;
    lw_ssa warp = lw_bin_imm(c, "llvm.lshr", c->rg->tid, c->lane_bits, "i32"); /* wave64 on AMD */
    lw_ssa wa = lw_i32(c, 0);
    for (int i = 0; i < nwb; i++) {
      lw_ssa bit = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.lshr", warp, wbits[i], "i32"), 1, "i32");
      wa = lw_bin(c, "llvm.or", wa, lw_bin_imm(c, "llvm.shl", bit, i, "i32"), "i32");
    }
    lw_ssa thr[IR_MAX_RANK];
    lw_thread_coord(c, &sl, thr);
    lw_region_barrier(c);
    lw_ssa *lin = lw_alloc(c, ncls * sizeof *lin);
    for (uint32_t k = 0; k < ncls; k++) {
      lw_ssa l = 0;
      for (int d = 0; d < sl.rank; d++) {
        if (d == axis) continue;
        lw_ssa x = key[k][d] ? lw_bin_imm(c, "llvm.xor", thr[d], key[k][d], "i32") : thr[d];
        l = l ? lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", l, sl.shape[d], "i32"), x, "i32") : x;
      }
      lin[k] = l ? l : lw_i32(c, 0);
      for (uint32_t q = 0; q < r.n; q++) {
        lw_ssa slot = lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", wa, rnum, "i32"), lin[k], "i32");
        slot = lw_bin_imm(c, "llvm.add", slot, (int64_t)q * nwa * rnum, "i32");
        lw_ssa p = lw_gep(c, base, lw_bin_imm(c, "llvm.mul", slot, 8, "i32"));
        lw_stmt(c, "llvm.store %s, %s : %s, !llvm.ptr<3>", lw_n(c, acc[k][q]), lw_n(c, p), r.ty[q]);
      }
    }
    lw_region_barrier(c);
    for (uint32_t k = 0; k < ncls; k++) {
      lw_ssa cur[MAX_OPS];
      for (int w = 0; w < nwa; w++) {
        lw_ssa v[MAX_OPS];
        for (uint32_t q = 0; q < r.n; q++) {
          lw_ssa slot = lw_bin_imm(c, "llvm.add", lin[k], ((int64_t)q * nwa + w) * rnum, "i32");
          lw_ssa p = lw_gep(c, base, lw_bin_imm(c, "llvm.mul", slot, 8, "i32"));
          v[q] = lw_op(c, "llvm.load %s : !llvm.ptr<3> -> %s", lw_n(c, p), r.ty[q]);
        }
        if (!w) memcpy(cur, v, sizeof v);
        else if (combine(&r, cur, v)) return -1;
      }
      memcpy(acc[k], cur, sizeof cur);
    }
    lw_scratch_read_done(c);
  }
  /* 4. Results. */
  for (uint32_t q = 0; q < r.n; q++) {
    const ir_type *rt = op->results[q]->type;
    if (rt->kind != IR_T_TENSOR) {
      if (ncls != 1) return lw_fail(c, op, "scalar tt.reduce result from several classes");
      lw_set(c, op->results[q], (lw_val){.kind = LV_SCALAR, .ty = r.ty[q], .s = acc[0][q]});
      continue;
    }
    lw_ll rl;
    if (lw_ll_of_type(rt, &rl, err, sizeof err)) return lw_fail(c, op, "%s", err);
    lw_val v = {.kind = LV_TENSOR, .ty = r.ty[q], .n = lw_ll_nregs(&rl)};
    v.el = lw_alloc(c, v.n * sizeof *v.el);
    for (uint32_t i = 0; i < v.n; i++) {
      int32_t rc[IR_MAX_RANK], co[IR_MAX_RANK] = {0};
      lw_ll_reg_coord(&rl, i, rc);
      for (int d = 0, s = 0; d < sl.rank; d++) co[d] = d == axis ? 0 : rc[s++];
      uint32_t k = 0;
      while (k < ncls && memcmp(key[k], co, sizeof co)) k++;
      if (k == ncls) return lw_fail(c, op, "tt.reduce result layout does not match its operand");
      v.el[i] = acc[k][q];
    }
    lw_set(c, op->results[q], v);
  }
  return 0;
}

uint64_t lw_reduce_scratch_bytes(const ir_op *op) {
  /* Step 3 above: one 8-byte slot per (operand, warp position along the axis, element of the
   * other dims); nothing when no warp bit of the layout moves along the axis. */
  if (!op->n_operands) return 0;
  int axis = (int)ir_op_attr_int(op, "axis", 0);
  lw_ll sl;
  char err[160];
  if (lw_ll_of_type(op->operands[0]->type, &sl, err, sizeof err) || axis < 0 || axis >= sl.rank)
    return 0; /* lw_reduce reports the error */
  int nwb = 0;
  for (int b = 0; b < sl.nwarp; b++) nwb += sl.warp[b][axis] != 0;
  if (!nwb) return 0;
  uint64_t rnum = 1;
  for (int d = 0; d < sl.rank; d++)
    if (d != axis) rnum *= (uint64_t)sl.shape[d];
  return (uint64_t)op->n_operands * (1u << nwb) * rnum * 8u;
}
