/* lw_tma.c: TMA through tensor maps (semantics.md §2): cp.async.bulk.tensor loads with
 * mbarrier complete_tx, stores / reductions in bulk groups, and bulk-group waits. A block
 * whose contiguous dim is wider than the swizzle span is copied as several boxes, one per
 * swizzle-width chunk (the runner encodes the tensor map with that box, lw_abi.c). */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

int lw_tma_box(const ir_type *desc, lw_tma_info *ti, char *err, size_t errn) {
  memset(ti, 0, sizeof *ti);
  if (!desc || desc->kind != IR_T_TENSORDESC || !desc->elem || desc->elem->kind != IR_T_TENSOR) {
    snprintf(err, errn, "malformed tensor descriptor type");
    return -1;
  }
  const ir_type *blk = desc->elem;
  ti->rank = blk->rank;
  if (ti->rank < 1 || ti->rank > 5) {
    snprintf(err, errn, "TMA supports 1-D to 5-D tensors");
    return -1;
  }
  ti->eb = ir_type_elem_bytes(blk->elem);
  const ir_attr *ea = blk->enc;
  const ir_encoding *e = ea && ea->kind == IR_A_ENCODING ? ea->enc : NULL;
  ti->swizzle = 0;
  if (e && e->kind == IR_E_NVMMA_SHARED) {
    if (e->transposed) {
      snprintf(err, errn, "transposed nvmma_shared descriptors are not supported");
      return -1;
    }
    ti->swizzle = e->swizzle_bytes;
  } else if (e && e->kind != IR_E_SWIZZLED_SHARED) {
    snprintf(err, errn, "unsupported descriptor layout");
    return -1;
  }
  for (int d = 0; d < ti->rank; d++) {
    ti->block[d] = blk->shape[d];
    ti->box[d] = blk->shape[d];
  }
  int in = ti->rank - 1;
  if (ti->swizzle && ti->block[in] * ti->eb > ti->swizzle) ti->box[in] = ti->swizzle / ti->eb;
  if (ti->box[in] * ti->eb % 16) {
    snprintf(err, errn, "TMA boxes need a contiguous dim of a multiple of 16 bytes");
    return -1;
  }
  for (int d = 0; d < ti->rank; d++)
    if (ti->box[d] > 256 || ti->box[d] < 1) {
      snprintf(err, errn, "TMA box dims must be 1..256 elements");
      return -1;
    }
  ti->nbox = ti->block[in] / ti->box[in];
  return 0;
}

/* Shared addresses (i32) of the boxes of a block at view v, and the PTX coordinate list
 * text "$k, $k+1, ..." (innermost first). */
static int boxes(lw_ctx *c, const ir_op *op, const lw_tma_info *ti, const ir_value *md,
                 lw_ssa *addr) {
  lw_val *v = lw_get(c, md);
  if (v->kind != LV_MEMDESC) return lw_fail(c, op, "TMA operand is not shared memory");
  lw_smem_layout l;
  char err[160];
  if (lw_smem_layout_of(md->type, &l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (l.kind == LW_SM_NVMMA ? l.swizzle != ti->swizzle : ti->swizzle != 0)
    return lw_fail(c, op, "the shared buffer's swizzle differs from the descriptor's");
  if (l.rank != ti->rank)
    return lw_fail(c, op, "shared buffer rank differs from the descriptor's");
  int in = l.rank - 1;
  for (int k = 0; k < ti->nbox; k++) {
    int64_t co[IR_MAX_RANK];
    for (int d = 0; d < l.rank; d++) co[d] = v->off[d];
    co[in] += (int64_t)k * ti->box[ti->rank - 1];
    addr[k] = lw_smem_u32(c, lw_gep_imm(c, v->s, lw_smem_offset_const(&l, co)));
  }
  return 0;
}

static void coord_list(char *buf, size_t n, int first, int rank) {
  size_t k = 0;
  for (int d = 0; d < rank && k < n; d++)
    k += (size_t)snprintf(buf + k, n - k, "%s$%d", d ? ", " : "", first + d);
}

/* The coordinates of box k, innermost first. */
static void box_coords(lw_ctx *c, const lw_tma_info *ti, ir_value *const *co, int k, lw_ssa *out) {
  for (int d = 0; d < ti->rank; d++) {
    lw_ssa x = lw_scalar(c, co[ti->rank - 1 - d]);
    if (d == 0 && k) x = lw_bin_imm(c, "llvm.add", x, (int64_t)k * ti->box[ti->rank - 1], "i32");
    out[d] = x;
  }
}

/* The descriptor and the coordinates of a TMA op: segments 0 and 1 of every one of them
 * (copy in, copy out, reduce); *nco coordinates at *co. */
_Static_assert(IR_SEG_TTNG_TMA_G2L_DESC == IR_SEG_TTNG_TMA_L2G_DESC && IR_SEG_TTNG_TMA_L2G_DESC ==
                   IR_SEG_TTNG_TMA_REDUCE_DESC, "TMA descriptor segment");
_Static_assert(IR_SEG_TTNG_TMA_G2L_COORD == IR_SEG_TTNG_TMA_L2G_COORD && IR_SEG_TTNG_TMA_L2G_COORD ==
                   IR_SEG_TTNG_TMA_REDUCE_COORD, "TMA coordinate segment");
static ir_value *tma_desc(const ir_op *op, uint32_t *nco, ir_value *const **co) {
  ir_seg(op, IR_SEG_TTNG_TMA_G2L_COORD, nco);
  *co = &op->operands[op->seg_start[IR_SEG_TTNG_TMA_G2L_COORD]];
  return ir_seg(op, IR_SEG_TTNG_TMA_G2L_DESC, NULL);
}

static int tma_load(lw_ctx *c, const ir_op *op, const lw_tma_info *ti) {
  uint32_t nco = 0;
  ir_value *const *co;
  ir_value *desc = tma_desc(op, &nco, &co);
  ir_value *dst = ir_seg(op, IR_SEG_TTNG_TMA_G2L_RESULT, NULL);
  ir_value *bar = ir_seg(op, IR_SEG_TTNG_TMA_G2L_BARRIER, NULL);
  ir_value *pv = ir_seg(op, IR_SEG_TTNG_TMA_G2L_PRED, NULL);
  uint32_t nmc = 0;
  ir_seg(op, IR_SEG_TTNG_TMA_G2L_MCAST, &nmc);
  if (nmc || ir_op_has_attr(op, "multicast") || ir_op_has_attr(op, "two_cta"))
    return lw_fail(c, op, "multicast and two-CTA TMA loads are not supported yet");
  if ((int)nco != ti->rank) return lw_fail(c, op, "TMA coordinates do not match the descriptor rank");
  lw_ssa addr[16];
  if (ti->nbox > 16 || boxes(c, op, ti, dst, addr)) return c->err ? -1 : lw_fail(c, op, "too many TMA boxes");
  lw_ssa b = lw_memdesc_ptr(c, op, bar);
  if (!b) return -1;
  lw_ssa bu = lw_smem_u32(c, b);
  lw_ssa pred = c->rg->leader;
  int64_t k;
  if (pv && !(ir_value_const_int(pv, &k) && k)) pred = lw_bin(c, "llvm.and", pred, lw_scalar(c, pv), "i1");
  char cl[64], ptx[256], cons[64];
  coord_list(cl, sizeof cl, 3, ti->rank);
  snprintf(ptx, sizeof ptx,
           "cp.async.bulk.tensor.%dd.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1, {%s}], [$2];",
           ti->rank, cl);
  snprintf(cons, sizeof cons, "r,l,r%s", ti->rank >= 1 ? ",r,r,r,r,r" + (size_t)(2 * (5 - ti->rank)) : "");
  for (int j = 0; j < ti->nbox; j++) {
    lw_ssa args[8] = {addr[j], lw_get(c, desc)->s, bu};
    const char *tys[8] = {"i32", "!llvm.ptr", "i32"};
    box_coords(c, ti, co, j, args + 3);
    for (int d = 0; d < ti->rank; d++) tys[3 + d] = "i32";
    lw_asm(c, NULL, ptx, cons, args, tys, 3 + (uint32_t)ti->rank, pred);
  }
  return 0;
}

static int tma_store(lw_ctx *c, const ir_op *op, const lw_tma_info *ti) {
  uint32_t nco = 0;
  ir_value *const *co;
  ir_value *desc = tma_desc(op, &nco, &co);
  /* async_tma_copy_local_to_global and async_tma_reduce: "desc coord* src" both */
  ir_value *src = ir_seg(op, IR_SEG_TTNG_TMA_L2G_SRC, NULL);
  if ((int)nco != ti->rank) return lw_fail(c, op, "TMA coordinates do not match the descriptor rank");
  lw_ssa addr[16];
  if (ti->nbox > 16 || boxes(c, op, ti, src, addr)) return c->err ? -1 : lw_fail(c, op, "too many TMA boxes");
  char cl[64], ptx[256], cons[64];
  coord_list(cl, sizeof cl, 2, ti->rank);
  if (op->code == IR_OP_TTNG_TMA_REDUCE) {
    const ir_attr *kind = ir_op_attr(op, "kind");
    const char *kn = kind && kind->str ? kind->str : "add";
    static const char *const ok[] = {"add", "min", "max", "inc", "dec", "and", "or", "xor"};
    bool known = false;
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) known |= !strcmp(kn, ok[i]);
    if (!known) return lw_fail(c, op, "unknown TMA reduction '%s'", kn);
    snprintf(ptx, sizeof ptx, "cp.reduce.async.bulk.tensor.%dd.global.shared::cta.%s.tile.bulk_group [$0, {%s}], [$1];",
             ti->rank, kn, cl);
  } else {
    snprintf(ptx, sizeof ptx, "cp.async.bulk.tensor.%dd.global.shared::cta.bulk_group [$0, {%s}], [$1];",
             ti->rank, cl);
  }
  snprintf(cons, sizeof cons, "l,r%s", ",r,r,r,r,r" + (size_t)(2 * (5 - ti->rank)));
  for (int j = 0; j < ti->nbox; j++) {
    lw_ssa args[8] = {lw_get(c, desc)->s, addr[j]};
    const char *tys[8] = {"!llvm.ptr", "i32"};
    box_coords(c, ti, co, j, args + 2);
    for (int d = 0; d < ti->rank; d++) tys[2 + d] = "i32";
    lw_asm(c, NULL, ptx, cons, args, tys, 2 + (uint32_t)ti->rank, c->rg->leader);
  }
  lw_asm(c, NULL, "cp.async.bulk.commit_group;", "", NULL, NULL, 0, c->rg->leader);
  return 0;
}

int lw_tma_op(lw_ctx *c, const ir_op *op) {
  lw_membar_before(c, op);
  if (op->code == IR_OP_TTNG_TMA_STORE_WAIT) {
    int64_t n = ir_op_attr_int(op, "pendings", 0);
    if (n < 0 || n > 63) return lw_fail(c, op, "pendings out of range");
    const ir_attr *ro = ir_op_attr(op, "readOnly");
    bool rd = !ro || ro->ival != 0;
    char ptx[64];
    snprintf(ptx, sizeof ptx, "cp.async.bulk.wait_group%s %lld;", rd ? ".read" : "", (long long)n);
    lw_asm(c, NULL, ptx, "", NULL, NULL, 0, 0);
    return 0;
  }
  ir_value *desc = ir_seg(op, IR_SEG_TTNG_TMA_G2L_DESC, NULL); /* the same in every TMA op */
  if (!desc || lw_get(c, desc)->kind != LV_DESC) return lw_fail(c, op, "TMA without a tensor descriptor");
  lw_tma_info ti;
  char err[160];
  if (lw_tma_box(desc->type, &ti, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (op->code == IR_OP_TTNG_TMA_G2L) return tma_load(c, op, &ti);
  return tma_store(c, op, &ti);
}
