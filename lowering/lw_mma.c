/* lw_mma.c: Hopper wgmma (semantics.md §3): ttng.warp_group_dot -> wgmma.fence, one
 * wgmma.mma_async per (M rep, N rep, K step) with shared-memory matrix descriptors, then
 * wgmma.commit_group; ttng.warp_group_dot_wait -> wgmma.wait_group N with the accumulator
 * registers passed through the asm so no read can move above it. Blackwell tcgen05 ops are
 * in lw_tc05.c. */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

/* ------------------------------------------------------------------ operand geometry */

typedef struct mma_kind {
  const char *ptx;   /* PTX operand type: f16, bf16, tf32, e4m3, e5m2 */
  int k;             /* instruction K */
  int eb;            /* operand element bytes */
  bool trans_ok;     /* MN-major (transposed) smem operands allowed */
} mma_kind;

static int kind_of(const ir_type *et, mma_kind *k) {
  if (!et || et->kind != IR_T_FLOAT) return -1;
  switch (et->fkind) {
  case IR_F16: *k = (mma_kind){"f16", 16, 2, true}; return 0;
  case IR_BF16: *k = (mma_kind){"bf16", 16, 2, true}; return 0;
  case IR_F32: *k = (mma_kind){"tf32", 8, 4, false}; return 0;
  case IR_F8E4M3FN: *k = (mma_kind){"e4m3", 32, 1, false}; return 0;
  case IR_F8E5M2: *k = (mma_kind){"e5m2", 32, 1, false}; return 0;
  default: return -1;
  }
}

/* Shared operand: its layout, its view, and whether its contiguous dim is K. */
typedef struct smem_opnd {
  lw_smem_layout l;
  lw_val *v;
  bool k_major;
  lw_ssa base_lo;    /* i64: descriptor without the start address */
} smem_opnd;

/* Byte offset (i32) of tile element (r, c) ignoring the swizzle: the descriptor's start
 * address; the hardware applies the swizzle pattern to what it reads (rows of the start are
 * a multiple of 8, so the pattern lines up). */
static lw_ssa unswizzled(lw_ctx *c, const lw_smem_layout *l, lw_ssa r, lw_ssa col) {
  lw_ssa co[2] = {r, col};
  int in = l->inner, out = 1 - l->inner;
  int64_t w = lw_nvmma_row_elems(l), rowb = l->swizzle;
  lw_ssa ci = lw_bin_imm(c, "llvm.urem", co[in], w, "i32");
  lw_ssa chunk = lw_bin_imm(c, "llvm.udiv", co[in], w, "i32");
  lw_ssa o = lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", co[out], rowb, "i32"),
                    lw_bin_imm(c, "llvm.mul", ci, l->eb, "i32"), "i32");
  return lw_bin(c, "llvm.add", o, lw_bin_imm(c, "llvm.mul", chunk, l->tile[out] * rowb, "i32"), "i32");
}

static int smem_operand(lw_ctx *c, const ir_op *op, const ir_value *v, bool is_a,
                        const mma_kind *mk, smem_opnd *s) {
  char err[160];
  if (lw_smem_layout_of(v->type, &s->l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (s->l.kind != LW_SM_NVMMA || s->l.rank != 2)
    return lw_fail(c, op, "wgmma operands must be 2-D nvmma_shared buffers");
  if (!s->l.swizzle) return lw_fail(c, op, "wgmma operands without swizzling are not supported yet");
  s->v = lw_get(c, v);
  if (s->v->kind != LV_MEMDESC) return lw_fail(c, op, "wgmma operand is not shared memory");
  /* A is [M, K], B is [K, N]: K is dim 1 of A and dim 0 of B. */
  s->k_major = is_a ? s->l.inner == 1 : s->l.inner == 0;
  if (!s->k_major && !mk->trans_ok)
    return lw_fail(c, op, "%s wgmma needs K-major (K contiguous) shared operands", mk->ptx);
  /* Matrix descriptor (PTX ISA "matrix descriptor"): LBO = bytes between swizzle-width chunks
   * of the contiguous dim, SBO = bytes between groups of 8 rows, mode 1/2/3 = 128/64/32B. */
  int64_t lbo = s->l.tile[1 - s->l.inner] * s->l.swizzle, sbo = 8LL * s->l.swizzle;
  int64_t mode = s->l.swizzle == 128 ? 1 : s->l.swizzle == 64 ? 2 : 3;
  int64_t hi = ((lbo >> 4) & 0x3fff) << 16 | ((sbo >> 4) & 0x3fff) << 32 | mode << 62;
  s->base_lo = lw_const_int(c, "i64", hi);
  return 0;
}

/* Descriptor of the view's origin (its tile's element (0, 0), view offsets not applied). */
static lw_ssa descriptor_base(lw_ctx *c, const smem_opnd *s) {
  lw_ssa a = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.lshr", lw_smem_u32(c, s->v->s), 4, "i32"), 0x3fff, "i32");
  return lw_bin(c, "llvm.or", s->base_lo, lw_cast(c, "llvm.zext", a, "i32", "i64"), "i64");
}

/* Descriptor of the sub-matrix starting at tile coordinate (r, col) of the view. */
static lw_ssa descriptor(lw_ctx *c, const smem_opnd *s, lw_ssa r, lw_ssa col) {
  if (s->v->off[0]) r = lw_bin_imm(c, "llvm.add", r, s->v->off[0], "i32");
  if (s->v->off[1]) col = lw_bin_imm(c, "llvm.add", col, s->v->off[1], "i32");
  lw_ssa addr = lw_bin(c, "llvm.add", lw_smem_u32(c, s->v->s), unswizzled(c, &s->l, r, col), "i32");
  lw_ssa a = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.lshr", addr, 4, "i32"), 0x3fff, "i32");
  return lw_bin(c, "llvm.or", s->base_lo, lw_cast(c, "llvm.zext", a, "i32", "i64"), "i64");
}

/* unswizzled() of constant coordinates. */
static int64_t unswizzled_const(const lw_smem_layout *l, int64_t r, int64_t col) {
  int64_t co[2] = {r, col};
  int in = l->inner, out = 1 - l->inner;
  int64_t w = lw_nvmma_row_elems(l), rowb = l->swizzle;
  return co[out] * rowb + co[in] % w * l->eb + co[in] / w * l->tile[out] * rowb;
}

/* Descriptor of the sub-matrix at constant tile coordinate (r, col) (view offsets added
 * here): the view's base descriptor (desc0, start address of the view's origin) plus the
 * sub-matrix's offset in 16-byte units, as one 64-bit add of a constant, like Triton's. Exact:
 * the start-address field holds address bits 4..17 and every shared address is below 2^18,
 * so the add never carries out of the field. Returns 0 when the offset is not a multiple of
 * 16 bytes (then descriptor() computes it). */
static lw_ssa descriptor_const(lw_ctx *c, const smem_opnd *s, lw_ssa desc0, int64_t r, int64_t col) {
  int64_t off = unswizzled_const(&s->l, r + s->v->off[0], col + s->v->off[1]);
  if (off % 16) return 0;
  return off ? lw_bin_imm(c, "llvm.add", desc0, off >> 4, "i64") : desc0;
}

/* ------------------------------------------------------------------ register A */

/* 32-bit register holding elements x (low) and y (high) of 16-bit type ty. */
static lw_ssa pack2(lw_ctx *c, lw_ssa x, lw_ssa y, const char *ty) {
  lw_ssa u = lw_op(c, "llvm.mlir.undef : vector<2x%s>", ty);
  lw_ssa z = lw_i32(c, 0), o = lw_i32(c, 1);
  u = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : vector<2x%s>", lw_n(c, x), lw_n(c, u), lw_n(c, z), ty);
  u = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : vector<2x%s>", lw_n(c, y), lw_n(c, u), lw_n(c, o), ty);
  return lw_op(c, "llvm.bitcast %s : vector<2x%s> to i32", lw_n(c, u), ty);
}

/* wgmma.fence with the A fragments (i32, apk[0..na), updated in place) and every
 * accumulator element of d flowing through it as tied operands: LLVM must compute them before
 * the fence, so ptxas finds no register written between the fence and the wgmmas that read it
 * (it would insert a warpgroup.arrive wait there, PTX ISA "wgmma.fence"). */
static int fence_tied(lw_ctx *c, lw_ssa *apk, uint32_t na, lw_val *d) {
  uint32_t tot = na + d->n;
  lw_ssa *args = lw_alloc(c, tot * sizeof *args);
  const char **tys = lw_alloc(c, tot * sizeof *tys);
  lw_sb cons = {0}, rty = {0};
  for (uint32_t i = 0; i < tot; i++) {
    bool acc = i >= na;
    args[i] = acc ? d->el[i - na] : apk[i];
    tys[i] = acc ? "f32" : "i32";
    lw_sb_printf(&cons, "%s=%s", i ? "," : "", acc ? "f" : "r");
    lw_sb_printf(&rty, "%s%s", i ? ", " : "", tys[i]);
  }
  for (uint32_t i = 0; i < tot; i++) lw_sb_printf(&cons, ",%u", i);
  char *st = lw_alloc(c, rty.n + 32);
  snprintf(st, rty.n + 32, "!llvm.struct<(%s)>", rty.p ? rty.p : "");
  lw_ssa s = tot ? lw_asm(c, st, "wgmma.fence.sync.aligned;", cons.p, args, tys, tot, 0) : 0;
  if (!tot) lw_asm(c, NULL, "wgmma.fence.sync.aligned;", "", NULL, NULL, 0, 0);
  lw_sb_free(&cons);
  lw_sb_free(&rty);
  for (uint32_t i = 0; i < tot; i++) {
    lw_ssa x = lw_op(c, "llvm.extractvalue %s[%u] : %s", lw_n(c, s), i, st);
    if (i < na) apk[i] = x;
    else d->el[i - na] = x;
  }
  return 0;
}

/* ------------------------------------------------------------------ the dot */

static int find_reg(lw_ctx *c, const ir_op *op, const lw_ll *l, int32_t r0, int32_t c0,
                    const int32_t *loc) {
  int32_t co[2] = {loc[0] ^ r0, loc[1] ^ c0};
  int32_t k = lw_ll_find_reg(l, co);
  if (k < 0) lw_fail(c, op, "accumulator element (%d, %d) is not in this thread's registers", co[0], co[1]);
  return k;
}

static int warp_group_dot(lw_ctx *c, const ir_op *op) {
  if (c->target != LW_SM90A) return lw_unsupported(c, op);
  ir_value *av = ir_seg(op, IR_SEG_TTNG_WARP_GROUP_DOT_A, NULL), *bv = ir_seg(op, IR_SEG_TTNG_WARP_GROUP_DOT_B, NULL);
  ir_value *cv = ir_seg(op, IR_SEG_TTNG_WARP_GROUP_DOT_C, NULL), *use_c = ir_seg(op, IR_SEG_TTNG_WARP_GROUP_DOT_USEC, NULL);
  const ir_type *rt = op->results[0]->type;
  const ir_encoding *me = rt->enc && rt->enc->kind == IR_A_ENCODING ? rt->enc->enc : NULL;
  if (!me || me->kind != IR_E_NVIDIA_MMA || me->version_major != 3 || rt->rank != 2)
    return lw_fail(c, op, "warp_group_dot result must have an nvidia_mma v3 layout");
  if (!rt->elem || rt->elem->kind != IR_T_FLOAT || rt->elem->fkind != IR_F32)
    return lw_fail(c, op, "only f32 wgmma accumulators are supported");
  mma_kind mk;
  if (kind_of(bv->type->elem, &mk)) return lw_fail(c, op, "unsupported wgmma operand type");
  int n = me->instr_shape[1], wm = me->warps_per_cta[0], wn = me->warps_per_cta[1];
  if (wn != 1 || wm % 4) return lw_fail(c, op, "wgmma layouts with warpsPerCTA[1] > 1 are not supported yet");
  lw_ll dl;
  char err[160];
  if (lw_ll_of_type(rt, &dl, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (lw_ll_nwarps(&dl) != c->rg->num_warps)
    return lw_fail(c, op, "the mma layout spans %d warps but the code runs on %d", lw_ll_nwarps(&dl), c->rg->num_warps);
  int64_t M = rt->shape[0], N = rt->shape[1], K = bv->type->shape[0];
  if (M % (16 * wm) || N % n || K % mk.k) return lw_fail(c, op, "wgmma shapes do not tile the instruction");
  int rep_m = (int)(M / (16 * wm)), rep_n = (int)(N / n), steps = (int)(K / mk.k);
  smem_opnd sa, sb;
  bool a_reg = av->type->kind == IR_T_TENSOR;
  lw_ll al;
  if (a_reg) {
    if (mk.eb != 2) return lw_fail(c, op, "register A operands must be 16-bit");
    if (lw_ll_of_type(av->type, &al, err, sizeof err)) return lw_fail(c, op, "%s", err);
  } else if (smem_operand(c, op, av, true, &mk, &sa)) {
    return -1;
  }
  if (smem_operand(c, op, bv, false, &mk, &sb)) return -1;
  lw_val *cval = lw_get(c, cv), *aval = lw_get(c, av);
  if (cval->kind != LV_TENSOR || cval->n != lw_ll_nregs(&dl))
    return lw_fail(c, op, "accumulator does not match the result layout");
  /* The warpgroup this thread belongs to picks its 64 rows; with one warpgroup (the region
   * starts at a warpgroup boundary) that is row 0, a constant: every descriptor is then the
   * operand's base descriptor plus a constant, which ptxas keeps in uniform registers. */
  lw_ssa wg_row = 0;
  if (wm != 4) {
    lw_ssa wg = lw_bin_imm(c, "llvm.lshr", c->rg->tid, 7, "i32");
    wg_row = lw_bin_imm(c, "llvm.mul", wg, 64, "i32");
  }
  lw_ssa desc_a0 = 0, desc_b0 = descriptor_base(c, &sb);
  if (!a_reg && !wg_row) desc_a0 = descriptor_base(c, &sa);
  lw_val d = {.kind = LV_TENSOR, .ty = "f32", .n = cval->n};
  d.el = lw_alloc(c, d.n * sizeof *d.el);
  memcpy(d.el, cval->el, d.n * sizeof *d.el);
  int nacc = n / 2;
  lw_ssa scale0 = use_c ? lw_cast(c, "llvm.zext", lw_scalar(c, use_c), "i1", "i32") : lw_i32(c, 1);
  lw_ssa one = lw_i32(c, 1);
  /* Register A fragments: packed before the fence (a[2q], a[2q+1]: rows +8 for odd q, k +8
   * for q >= 2, PTX fragment layout). */
  lw_ssa *apk = NULL;
  if (a_reg) {
    apk = lw_alloc(c, (size_t)rep_m * (size_t)steps * 4 * sizeof *apk);
    if (aval->kind != LV_TENSOR) return lw_fail(c, op, "register A operand is not a register tensor");
    for (int am = 0; am < rep_m; am++)
      for (int ks = 0; ks < steps; ks++)
        for (int q = 0; q < 4; q++) {
          int32_t e0[2] = {am * 16 * wm + (q & 1) * 8, ks * 16 + (q >> 1) * 8}, e1[2] = {e0[0], e0[1] + 1};
          int32_t k0 = lw_ll_find_reg(&al, e0), k1 = lw_ll_find_reg(&al, e1);
          if (k0 < 0 || k1 < 0) return lw_fail(c, op, "register A operand layout does not match wgmma");
          apk[(am * steps + ks) * 4 + q] = pack2(c, aval->el[k0], aval->el[k1], aval->ty);
        }
  }
  /* use_c = false (a constant): the first K step does not read the accumulator, so its input
   * is undefined (no zero-filling of registers) and it does not go through the fence. */
  int64_t usec_k = 1;
  bool no_c = use_c && ir_value_const_int(use_c, &usec_k) && !usec_k;
  lw_val dfence = d;
  if (no_c) {
    lw_ssa u = lw_op(c, "llvm.mlir.undef : f32");
    for (uint32_t i = 0; i < d.n; i++) d.el[i] = u;
    dfence.n = 0;
  }
  if (fence_tied(c, apk, a_reg ? (uint32_t)(rep_m * steps * 4) : 0, &dfence)) return -1;
  /* Text and constraints of the instruction: d outputs, (a), b, scale-d, tied d inputs. */
  lw_sb ptx = {0}, cons = {0};
  lw_sb_printf(&ptx, "{ .reg .pred %%lwd; setp.ne.b32 %%lwd, $%d, 0; wgmma.mma_async.sync.aligned.m64n%dk%d.f32.%s.%s {",
               nacc + (a_reg ? 4 : 1) + 1, n, mk.k, mk.ptx, mk.ptx);
  for (int i = 0; i < nacc; i++) lw_sb_printf(&ptx, "%s$%d", i ? ", " : "", i);
  if (a_reg)
    lw_sb_printf(&ptx, "}, {$%d, $%d, $%d, $%d}, $%d, %%lwd, 1, 1", nacc, nacc + 1, nacc + 2, nacc + 3, nacc + 4);
  else
    lw_sb_printf(&ptx, "}, $%d, $%d, %%lwd, 1, 1", nacc, nacc + 1);
  if (mk.trans_ok) {
    if (!a_reg) lw_sb_printf(&ptx, ", %d", sa.k_major ? 0 : 1);
    lw_sb_printf(&ptx, ", %d", sb.k_major ? 0 : 1);
  }
  lw_sb_printf(&ptx, "; }");
  for (int i = 0; i < nacc; i++) lw_sb_printf(&cons, "%s=f", i ? "," : "");
  lw_sb_printf(&cons, a_reg ? ",r,r,r,r,l,r" : ",l,l,r");
  for (int i = 0; i < nacc; i++) lw_sb_printf(&cons, ",%d", i);
  uint32_t nin = (uint32_t)(a_reg ? 4 : 1) + 2 + (uint32_t)nacc;
  lw_ssa *args = lw_alloc(c, nin * sizeof *args);
  const char **tys = lw_alloc(c, nin * sizeof *tys);
  lw_sb rty = {0};
  lw_sb_printf(&rty, "!llvm.struct<(");
  for (int i = 0; i < nacc; i++) lw_sb_printf(&rty, "%sf32", i ? ", " : "");
  lw_sb_printf(&rty, ")>");
  const char *rtys = lw_alloc(c, rty.n + 1);
  memcpy((char *)rtys, rty.p, rty.n + 1);
  int32_t loc[128][2];
  if (nacc > 128) return lw_fail(c, op, "wgmma N larger than 256");
  for (int i = 0; i < nacc; i++) {
    int32_t co[IR_MAX_RANK];
    lw_ll_reg_coord(&dl, (uint32_t)i, co); /* within one instruction: the first registers */
    loc[i][0] = co[0];
    loc[i][1] = co[1];
  }
  int rc = 0;
  for (int am = 0; am < rep_m && !rc; am++)
    for (int bn = 0; bn < rep_n && !rc; bn++) {
      int32_t r0 = am * 16 * wm, c0 = bn * n;
      int32_t idx[128];
      for (int i = 0; i < nacc && !rc; i++)
        if ((idx[i] = find_reg(c, op, &dl, r0, c0, loc[i])) < 0) rc = -1;
      for (int ks = 0; ks < steps && !rc; ks++) {
        uint32_t k = 0;
        if (a_reg) {
          for (int q = 0; q < 4; q++) {
            args[k] = apk[(am * steps + ks) * 4 + q];
            tys[k++] = "i32";
          }
        } else {
          lw_ssa da = desc_a0 ? descriptor_const(c, &sa, desc_a0, r0, (int64_t)ks * mk.k) : 0;
          if (!da) {
            lw_ssa row = wg_row ? lw_bin_imm(c, "llvm.add", wg_row, r0, "i32") : lw_i32(c, r0);
            da = descriptor(c, &sa, row, lw_i32(c, ks * mk.k));
          }
          args[k] = da;
          tys[k++] = "i64";
        }
        lw_ssa db = descriptor_const(c, &sb, desc_b0, (int64_t)ks * mk.k, c0);
        args[k] = db ? db : descriptor(c, &sb, lw_i32(c, ks * mk.k), lw_i32(c, c0));
        tys[k++] = "i64";
        args[k] = ks ? one : scale0;
        tys[k++] = "i32";
        for (int i = 0; i < nacc; i++) {
          args[k] = d.el[idx[i]];
          tys[k++] = "f32";
        }
        lw_ssa s = lw_asm(c, rtys, ptx.p, cons.p, args, tys, k, 0);
        for (int i = 0; i < nacc; i++)
          d.el[idx[i]] = lw_op(c, "llvm.extractvalue %s[%d] : %s", lw_n(c, s), i, rtys);
      }
    }
  lw_sb_free(&ptx);
  lw_sb_free(&cons);
  lw_sb_free(&rty);
  if (rc) return -1;
  lw_asm(c, NULL, "wgmma.commit_group.sync.aligned;", "", NULL, NULL, 0, 0);
  if (!ir_op_has_attr(op, "isAsync") || !ir_op_attr_int(op, "isAsync", 1))
    lw_asm(c, NULL, "wgmma.wait_group.sync.aligned 0;", "", NULL, NULL, 0, 0);
  lw_set(c, op->results[0], d);
  return 0;
}

/* wgmma.wait_group N; tensor operands flow through the asm (tied), so their uses depend on
 * it. Memdesc operands pass through unchanged. */
static int warp_group_dot_wait(lw_ctx *c, const ir_op *op) {
  if (c->target != LW_SM90A) return lw_unsupported(c, op);
  int64_t n = ir_op_attr_int(op, "pendings", 0);
  if (n < 0 || n > 7) return lw_fail(c, op, "pendings out of range (0..7)");
  uint32_t tot = 0;
  for (uint32_t i = 0; i < op->n_operands; i++) {
    lw_val *v = lw_get(c, op->operands[i]);
    if (v->kind == LV_TENSOR) tot += v->n;
  }
  char ptx[64];
  snprintf(ptx, sizeof ptx, "wgmma.wait_group.sync.aligned %lld;", (long long)n);
  if (!tot) {
    lw_asm(c, NULL, ptx, "", NULL, NULL, 0, 0);
    for (uint32_t i = 0; i < op->n_operands && i < op->n_results; i++)
      lw_set(c, op->results[i], *lw_get(c, op->operands[i]));
    return 0;
  }
  lw_ssa *args = lw_alloc(c, tot * sizeof *args);
  const char **tys = lw_alloc(c, tot * sizeof *tys);
  lw_sb cons = {0}, rty = {0};
  uint32_t k = 0;
  for (uint32_t i = 0; i < op->n_operands; i++) {
    lw_val *v = lw_get(c, op->operands[i]);
    if (v->kind != LV_TENSOR) continue;
    int bits = lw_ty_bits(v->ty);
    const char *cc = lw_ty_is_float(v->ty) && bits == 32 ? "f" : bits == 64 ? "l" : bits == 16 ? "h" : "r";
    for (uint32_t j = 0; j < v->n; j++) {
      lw_sb_printf(&cons, "%s=%s", k ? "," : "", cc);
      lw_sb_printf(&rty, "%s%s", k ? ", " : "", v->ty);
      args[k] = v->el[j];
      tys[k++] = v->ty;
    }
  }
  for (uint32_t i = 0; i < tot; i++) lw_sb_printf(&cons, ",%u", i);
  char *st = lw_alloc(c, rty.n + 32);
  snprintf(st, rty.n + 32, "!llvm.struct<(%s)>", rty.p);
  lw_ssa s = lw_asm(c, st, ptx, cons.p, args, tys, tot, 0);
  lw_sb_free(&cons);
  lw_sb_free(&rty);
  k = 0;
  for (uint32_t i = 0; i < op->n_operands && i < op->n_results; i++) {
    lw_val v = *lw_get(c, op->operands[i]);
    if (v.kind == LV_TENSOR) {
      lw_ssa *el = lw_alloc(c, v.n * sizeof *el);
      for (uint32_t j = 0; j < v.n; j++) el[j] = lw_op(c, "llvm.extractvalue %s[%u] : %s", lw_n(c, s), k++, st);
      v.el = el;
    }
    lw_set(c, op->results[i], v);
  }
  return 0;
}

int lw_mma_op(lw_ctx *c, const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTNG_WARP_GROUP_DOT:
    lw_membar_before(c, op);
    return warp_group_dot(c, op);
  case IR_OP_TTNG_WARP_GROUP_DOT_WAIT: return warp_group_dot_wait(c, op);
  default: return lw_tc05_op(c, op);
  }
}
