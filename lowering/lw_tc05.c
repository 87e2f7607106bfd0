/* lw_tc05.c: Blackwell tensor memory and tcgen05 (semantics.md §4), sm_100a only. TMEM is
 * allocated once, at the first ttng.tmem_alloc, by warp 0 for every allocation of the kernel
 * (the plan gives each one its columns) and freed before the kernel returns. tc_gen5_mma is
 * issued by the region's thread 0 (one instruction per K step) and completes through
 * tcgen05.commit on its mbarriers; as in Triton's MMAv5 lowering nothing waits for it, with or
 * without is_async (an MMA without barriers is tracked by a later tc_gen5_commit). Only the
 * 32x32b TMEM access shape is lowered (thread i of a 4-warp region owns row i). */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

static int need_sm100(lw_ctx *c, const ir_op *op) {
  return c->target == LW_SM100A ? 0 : lw_unsupported(c, op);
}

/* A paired-CTA module: the fork's MMAv5 lowering makes EVERY tcgen05.mma and tcgen05.commit of
 * it cta_group::2 (getModuleTwoCTAs || tlxEnablePairedMMA, MMAv5.cpp), whether or not the op
 * repeats two_ctas (sim_pair.c has the rules). */
static bool paired(const lw_ctx *c, const ir_op *op) {
  return ir_op_has_attr(op, "two_ctas") || ir_module_attr_int(c->m, "ttng.two-ctas", 0) > 0 ||
         ir_module_attr_int(c->m, "tlx.enable_paired_cta_mma", 0) > 0;
}

static void fence_after(lw_ctx *c) {
  lw_asm(c, NULL, "tcgen05.fence::after_thread_sync;", "", NULL, NULL, 0, 0);
}

static void fence_before(lw_ctx *c) {
  lw_asm(c, NULL, "tcgen05.fence::before_thread_sync;", "", NULL, NULL, 0, 0);
}

/* ------------------------------------------------------------------ exit */

void lw_tc05_exit(lw_ctx *c) {
  if (!c->tmem_done) return;
  /* Every TMEM access is over once the region syncs: the partitions joined at the end of
   * warp_specialize, the other warps of the region pass this barrier. */
  lw_region_barrier(c);
  uint32_t yes = lw_newblk(c), done = lw_newblk(c);
  lw_ssa w0 = lw_icmp(c, "ult", c->tid, lw_i32(c, 32), "i32");
  lw_cond_br(c, w0, yes, done);
  lw_block(c, yes);
  fence_after(c);
  lw_ssa slot = lw_gep_imm(c, c->smem, c->plan.tmem_slot);
  lw_ssa base = lw_op(c, "llvm.load %s : !llvm.ptr<3> -> i32", lw_n(c, slot));
  lw_ssa args[2] = {base, lw_i32(c, c->plan.tmem_cols)};
  const char *tys[2] = {"i32", "i32"};
  lw_asm(c, NULL, "tcgen05.dealloc.cta_group::1.sync.aligned.b32 $0, $1;", "r,r", args, tys, 2, 0);
  lw_br(c, done, NULL, NULL, 0);
  lw_block(c, done);
}

/* ------------------------------------------------------------------ allocation and views */

static int tmem_alloc(lw_ctx *c, const ir_op *op) {
  if (op->n_operands) return lw_fail(c, op, "tmem_alloc with an initial value is not supported yet");
  uint32_t col = c->plan.tcol[op->id];
  if (col == LW_NO_OFF) return lw_fail(c, op, "tensor memory allocation missing from the plan");
  lw_ssa slot = lw_gep_imm(c, c->smem, c->plan.tmem_slot);
  if (!c->tmem_done) {
    if (c->rg->kind == LW_R_PARTITION)
      return lw_fail(c, op, "tensor memory must be allocated before warp_specialize");
    /* Warp 0 allocates (tcgen05.alloc is warp-wide) and gives up the allocation permit. */
    uint32_t yes = lw_newblk(c), done = lw_newblk(c);
    lw_ssa w0 = lw_icmp(c, "ult", c->tid, lw_i32(c, 32), "i32");
    lw_cond_br(c, w0, yes, done);
    lw_block(c, yes);
    lw_ssa args[2] = {lw_smem_u32(c, slot), lw_i32(c, c->plan.tmem_cols)};
    const char *tys[2] = {"i32", "i32"};
    lw_asm(c, NULL, "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$0], $1;", "r,r", args, tys, 2, 0);
    lw_asm(c, NULL, "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;", "", NULL, NULL, 0, 0);
    fence_before(c);
    lw_br(c, done, NULL, NULL, 0);
    lw_block(c, done);
    lw_region_barrier(c);
    c->tmem_done = true;
    c->tmem_cols = c->plan.tmem_cols;
  }
  /* The address the alloc wrote is read after a thread sync (semantics.md §4.2). */
  fence_after(c);
  lw_ssa base = lw_op(c, "llvm.load %s : !llvm.ptr<3> -> i32", lw_n(c, slot));
  lw_val v = {.kind = LV_TMEM, .ty = "i32", .s = col ? lw_bin_imm(c, "llvm.add", base, col, "i32") : base};
  lw_set(c, op->results[0], v);
  for (uint32_t i = 1; i < op->n_results; i++) lw_set(c, op->results[i], (lw_val){.kind = LV_NONE});
  return 0;
}

/* Columns of one [M, N] f32 tile in TMEM (row i in lane i, column j in column j). */
static int64_t tile_cols(const ir_type *t) { return t->shape[t->rank - 1]; }

int lw_tmem_view(lw_ctx *c, const ir_op *op) {
  if (need_sm100(c, op)) return -1;
  lw_val *s = lw_get(c, op->operands[0]);
  if (s->kind != LV_TMEM) return lw_fail(c, op, "operand is not tensor memory");
  lw_val r = *s;
  if (op->code == IR_OP_TTNG_TMEM_SUBSLICE) {
    int64_t n = ir_op_attr_int(op, "N", ir_op_attr_int(op, "offset", -1));
    if (n < 0) return lw_fail(c, op, "tmem_subslice without an N offset");
    r.s = n ? lw_bin_imm(c, "llvm.add", s->s, n, "i32") : s->s;
  } else if (op->code == IR_OP_TTG_MEMDESC_INDEX) {
    int64_t per = tile_cols(op->results[0]->type);
    const ir_type *rt = op->results[0]->type;
    for (int d = 0; d + 2 < rt->rank; d++) per *= rt->shape[d];
    lw_ssa i = lw_scalar(c, ir_seg(op, IR_SEG_TTG_MEMDESC_INDEX_INDEX, NULL));
    r.s = lw_bin(c, "llvm.add", s->s, lw_bin_imm(c, "llvm.mul", i, per, "i32"), "i32");
  } else if (op->code != IR_OP_TTG_MEMDESC_REINTERPRET) {
    return lw_unsupported(c, op);
  }
  lw_set(c, op->results[0], r);
  return 0;
}

/* ------------------------------------------------------------------ ld / st */

/* The register layout must be the 32x32b access: thread 32w + l holds row 32w + l, register
 * j column j. */
static int check_32x32b(lw_ctx *c, const ir_op *op, const ir_type *tt, lw_ll *l) {
  char err[160];
  if (lw_ll_of_type(tt, l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  bool ok = tt->rank == 2 && tt->shape[0] == 128 && c->rg->num_warps == 4 && l->nlane == 5 &&
            l->nwarp == 2 && (1L << l->nreg) == tt->shape[1];
  for (int b = 0; ok && b < l->nlane; b++) ok = l->lane[b][0] == 1 << b && !l->lane[b][1];
  for (int b = 0; ok && b < l->nwarp; b++) ok = l->warp[b][0] == 32 << b && !l->warp[b][1];
  for (int b = 0; ok && b < l->nreg; b++) ok = !l->reg[b][0] && l->reg[b][1] == 1 << b;
  if (!ok)
    return lw_fail(c, op, "only the 32x32b TMEM access (4 warps, thread i owns row i of 128) is supported");
  if (!tt->elem || ir_type_elem_bytes(tt->elem) != 4)
    return lw_fail(c, op, "only 32-bit TMEM elements are supported");
  return 0;
}

/* TMEM address of this thread's lane quarter at column col of view base. */
static lw_ssa quarter_addr(lw_ctx *c, lw_ssa base, int64_t col) {
  lw_ssa w = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.lshr", c->rg->tid, 5, "i32"), 3, "i32");
  lw_ssa lane = lw_bin_imm(c, "llvm.shl", lw_bin_imm(c, "llvm.mul", w, 32, "i32"), 16, "i32");
  lw_ssa a = lw_bin(c, "llvm.add", base, lane, "i32");
  return col ? lw_bin_imm(c, "llvm.add", a, col, "i32") : a;
}

static int tmem_load(lw_ctx *c, const ir_op *op) {
  if (need_sm100(c, op)) return -1;
  lw_val *src = lw_get(c, op->operands[0]);
  if (src->kind != LV_TMEM) return lw_fail(c, op, "tmem_load from something that is not tensor memory");
  const ir_type *rt = op->results[0]->type;
  lw_ll l;
  if (check_32x32b(c, op, rt, &l)) return -1;
  const char *ety = lw_llty(rt);
  uint32_t n = (uint32_t)rt->shape[1];
  lw_val r = {.kind = LV_TENSOR, .ty = ety, .n = n};
  r.el = lw_alloc(c, n * sizeof *r.el);
  lw_ssa *raw = lw_alloc(c, n * sizeof *raw);
  const char **tys = lw_alloc(c, n * sizeof *tys);
  fence_after(c);
  for (uint32_t c0 = 0; c0 < n; c0 += 128) {
    uint32_t k = n - c0 < 128 ? n - c0 : 128;
    lw_sb ptx = {0}, cons = {0}, st = {0};
    lw_sb_printf(&ptx, "tcgen05.ld.sync.aligned.32x32b.x%u.b32 {", k);
    for (uint32_t i = 0; i < k; i++) {
      lw_sb_printf(&ptx, "%s$%u", i ? ", " : "", i);
      lw_sb_printf(&cons, "%s=r", i ? "," : "");
      lw_sb_printf(&st, "%si32", i ? ", " : "");
    }
    lw_sb_printf(&ptx, "}, [$%u];", k);
    lw_sb_printf(&cons, ",r");
    char *sty = lw_alloc(c, st.n + 32);
    snprintf(sty, st.n + 32, "!llvm.struct<(%s)>", st.p);
    lw_ssa a = quarter_addr(c, src->s, c0);
    const char *aty = "i32";
    lw_ssa s = lw_asm(c, sty, ptx.p, cons.p, &a, &aty, 1, 0);
    for (uint32_t i = 0; i < k; i++) raw[c0 + i] = lw_op(c, "llvm.extractvalue %s[%u] : %s", lw_n(c, s), i, sty);
    lw_sb_free(&ptx);
    lw_sb_free(&cons);
    lw_sb_free(&st);
  }
  /* tcgen05.wait::ld, with the registers flowing through it so no use moves above. */
  lw_sb cons = {0}, st = {0};
  for (uint32_t i = 0; i < n; i++) {
    lw_sb_printf(&cons, "%s=r", i ? "," : "");
    lw_sb_printf(&st, "%si32", i ? ", " : "");
    tys[i] = "i32";
  }
  for (uint32_t i = 0; i < n; i++) lw_sb_printf(&cons, ",%u", i);
  char *sty = lw_alloc(c, st.n + 32);
  snprintf(sty, st.n + 32, "!llvm.struct<(%s)>", st.p);
  lw_ssa w = lw_asm(c, sty, "tcgen05.wait::ld.sync.aligned;", cons.p, raw, tys, n, 0);
  lw_sb_free(&cons);
  lw_sb_free(&st);
  for (uint32_t i = 0; i < n; i++) {
    lw_ssa x = lw_op(c, "llvm.extractvalue %s[%u] : %s", lw_n(c, w), i, sty);
    r.el[i] = strcmp(ety, "i32") ? lw_cast(c, "llvm.bitcast", x, "i32", ety) : x;
  }
  /* A later arrive must order after the load (canonical pattern (b), semantics.md §4.4). */
  fence_before(c);
  lw_set(c, op->results[0], r);
  for (uint32_t i = 1; i < op->n_results; i++) lw_set(c, op->results[i], (lw_val){.kind = LV_NONE});
  return 0;
}

static int tmem_store(lw_ctx *c, const ir_op *op) {
  if (need_sm100(c, op)) return -1;
  ir_value *val = ir_seg(op, IR_SEG_TTNG_TMEM_STORE_SRC, NULL), *dst = ir_seg(op, IR_SEG_TTNG_TMEM_STORE_DST, NULL);
  ir_value *pv = ir_seg(op, IR_SEG_TTNG_TMEM_STORE_PRED, NULL);
  lw_val *v = lw_get(c, val), *d = lw_get(c, dst);
  if (d->kind != LV_TMEM || v->kind != LV_TENSOR) return lw_fail(c, op, "malformed tmem_store");
  lw_ll l;
  if (check_32x32b(c, op, val->type, &l)) return -1;
  uint32_t n = v->n, yes = lw_newblk(c), done = lw_newblk(c);
  int64_t k1;
  bool always = !pv || (ir_value_const_int(pv, &k1) && k1);
  if (!always) {
    lw_cond_br(c, lw_scalar(c, pv), yes, done);
    lw_block(c, yes);
  }
  fence_after(c);
  for (uint32_t c0 = 0; c0 < n; c0 += 128) {
    uint32_t k = n - c0 < 128 ? n - c0 : 128;
    lw_sb ptx = {0}, cons = {0};
    lw_sb_printf(&ptx, "tcgen05.st.sync.aligned.32x32b.x%u.b32 [$0], {", k);
    lw_sb_printf(&cons, "r");
    lw_ssa *args = lw_alloc(c, (k + 1) * sizeof *args);
    const char **tys = lw_alloc(c, (k + 1) * sizeof *tys);
    args[0] = quarter_addr(c, d->s, c0);
    tys[0] = "i32";
    for (uint32_t i = 0; i < k; i++) {
      lw_sb_printf(&ptx, "%s$%u", i ? ", " : "", i + 1);
      lw_sb_printf(&cons, ",r");
      lw_ssa x = v->el[c0 + i];
      args[i + 1] = strcmp(v->ty, "i32") ? lw_cast(c, "llvm.bitcast", x, v->ty, "i32") : x;
      tys[i + 1] = "i32";
    }
    lw_sb_printf(&ptx, "};");
    lw_asm(c, NULL, ptx.p, cons.p, args, tys, k + 1, 0);
    lw_sb_free(&ptx);
    lw_sb_free(&cons);
  }
  lw_asm(c, NULL, "tcgen05.wait::st.sync.aligned;", "", NULL, NULL, 0, 0);
  fence_before(c);
  if (!always) {
    lw_br(c, done, NULL, NULL, 0);
    lw_block(c, done);
  }
  for (uint32_t i = 0; i < op->n_results; i++) lw_set(c, op->results[i], (lw_val){.kind = LV_NONE});
  return 0;
}

/* ------------------------------------------------------------------ MMA */

typedef struct opnd {
  lw_smem_layout l;
  lw_val *v;
  bool mn_major;
  lw_ssa hi;          /* i64 descriptor bits other than the start address */
} opnd;

static int operand(lw_ctx *c, const ir_op *op, const ir_value *x, bool is_a, int eb, opnd *o) {
  char err[160];
  if (lw_smem_layout_of(x->type, &o->l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  o->v = lw_get(c, x);
  if (o->v->kind != LV_MEMDESC) return lw_fail(c, op, "tcgen05 operands in tensor memory are not supported yet");
  if (o->l.kind != LW_SM_NVMMA || o->l.rank != 2 || !o->l.swizzle)
    return lw_fail(c, op, "tcgen05 operands must be swizzled 2-D nvmma_shared buffers");
  if (o->l.eb != eb) return lw_fail(c, op, "tcgen05 operands of different element types");
  o->mn_major = is_a ? o->l.inner == 0 : o->l.inner == 1;
  /* tcgen05 shared-memory descriptor: LBO / SBO as for wgmma, version 1 at bit 46, layout
   * type at bit 61 (128B = 2, 64B = 4, 32B = 6). */
  int64_t lbo = o->l.tile[1 - o->l.inner] * o->l.swizzle, sbo = 8LL * o->l.swizzle;
  int64_t lt = o->l.swizzle == 128 ? 2 : o->l.swizzle == 64 ? 4 : 6;
  int64_t hi = ((lbo >> 4) & 0x3fff) << 16 | ((sbo >> 4) & 0x3fff) << 32 | 1LL << 46 | lt << 61;
  o->hi = lw_const_int(c, "i64", hi);
  return 0;
}

static lw_ssa desc_at(lw_ctx *c, const opnd *o, int64_t r, int64_t col) {
  int64_t co[2] = {r + o->v->off[0], col + o->v->off[1]};
  /* Unswizzled offset of (r, col): the hardware swizzles what it reads. */
  int in = o->l.inner, out = 1 - in;
  int64_t w = lw_nvmma_row_elems(&o->l);
  int64_t off = co[out] * o->l.swizzle + (co[in] % w) * o->l.eb + (co[in] / w) * o->l.tile[out] * o->l.swizzle;
  lw_ssa a = lw_bin_imm(c, "llvm.add", lw_smem_u32(c, o->v->s), off, "i32");
  a = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.lshr", a, 4, "i32"), 0x3fff, "i32");
  return lw_bin(c, "llvm.or", o->hi, lw_cast(c, "llvm.zext", a, "i32", "i64"), "i64");
}

static lw_ssa and_pred(lw_ctx *c, lw_ssa a, const ir_value *p) {
  int64_t k;
  if (!p || (ir_value_const_int(p, &k) && k)) return a;
  return lw_bin(c, "llvm.and", a, lw_scalar(c, p), "i1");
}

static void commit(lw_ctx *c, lw_ssa bar_u32, lw_ssa pred) {
  const char *ty = "i32";
  lw_asm(c, NULL, "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [$0];", "r",
         &bar_u32, &ty, 1, pred);
}

static int tc_gen5_mma(lw_ctx *c, const ir_op *op) {
  if (need_sm100(c, op)) return -1;
  if (paired(c, op) || ir_op_has_attr(op, "multicast"))
    return lw_fail(c, op, "two-CTA (cta_group::2, a paired-CTA module) / multicast tcgen05 MMAs are not "
                   "supported yet");
  ir_value *av = ir_seg(op, IR_SEG_TTNG_TC_GEN5_MMA_A, NULL), *bv = ir_seg(op, IR_SEG_TTNG_TC_GEN5_MMA_B, NULL);
  ir_value *dv = ir_seg(op, IR_SEG_TTNG_TC_GEN5_MMA_D, NULL), *use_d = ir_seg(op, IR_SEG_TTNG_TC_GEN5_MMA_USED, NULL);
  ir_value *pv = ir_seg(op, IR_SEG_TTNG_TC_GEN5_MMA_PRED, NULL);
  uint32_t nbar = 0, nbp = 0;
  ir_seg(op, IR_SEG_TTNG_TC_GEN5_MMA_BARRIERS, &nbar);
  ir_seg(op, IR_SEG_TTNG_TC_GEN5_MMA_BARRIER_PREDS, &nbp);
  lw_val *d = lw_get(c, dv);
  if (d->kind != LV_TMEM) return lw_fail(c, op, "tcgen05 accumulator is not in tensor memory");
  const ir_type *dt = dv->type, *et = av->type->elem;
  if (!dt->elem || dt->elem->kind != IR_T_FLOAT || dt->elem->fkind != IR_F32 || dt->rank != 2)
    return lw_fail(c, op, "only 2-D f32 tcgen05 accumulators are supported");
  const char *kind;
  int k, eb, ab;
  if (et->kind == IR_T_FLOAT && (et->fkind == IR_F16 || et->fkind == IR_BF16)) {
    kind = "f16", k = 16, eb = 2, ab = et->fkind == IR_BF16;
  } else if (et->kind == IR_T_FLOAT && et->fkind == IR_F32) {
    kind = "tf32", k = 8, eb = 4, ab = 2;
  } else if (et->kind == IR_T_FLOAT && (et->fkind == IR_F8E4M3FN || et->fkind == IR_F8E5M2)) {
    kind = "f8f6f4", k = 32, eb = 1, ab = et->fkind == IR_F8E5M2;
  } else {
    return lw_fail(c, op, "unsupported tcgen05 operand type");
  }
  int64_t M = dt->shape[0], N = dt->shape[1], K = av->type->shape[1];
  if ((M != 64 && M != 128) || N % 16 || N < 16 || N > 256 || K % k)
    return lw_fail(c, op, "tcgen05 shape %lldx%lldx%lld is not supported", (long long)M, (long long)N, (long long)K);
  opnd a, b;
  if (operand(c, op, av, true, eb, &a) || operand(c, op, bv, false, eb, &b)) return -1;
  if ((a.mn_major || b.mn_major) && eb == 1) return lw_fail(c, op, "fp8 tcgen05 operands must be K-major");
  uint32_t idesc = 1u << 4 | (uint32_t)ab << 7 | (uint32_t)ab << 10 | (uint32_t)a.mn_major << 15 |
                   (uint32_t)b.mn_major << 16 | (uint32_t)(N >> 3) << 17 | (uint32_t)(M >> 4) << 24;
  lw_ssa issue = and_pred(c, c->rg->leader, pv);
  lw_ssa en0 = use_d ? lw_cast(c, "llvm.zext", lw_scalar(c, use_d), "i1", "i32") : lw_i32(c, 1);
  lw_ssa one = lw_i32(c, 1), idv = lw_i32(c, (int32_t)idesc);
  lw_ssa iss = lw_cast(c, "llvm.zext", issue, "i1", "i32");
  lw_asm(c, NULL, "tcgen05.fence::after_thread_sync;", "", NULL, NULL, 0, issue);
  char ptx[256];
  snprintf(ptx, sizeof ptx,
           "{ .reg .pred %%lwp, %%lwe; setp.ne.b32 %%lwp, $4, 0; setp.ne.b32 %%lwe, $5, 0; "
           "@%%lwp tcgen05.mma.cta_group::1.kind::%s [$0], $1, $2, $3, %%lwe; }", kind);
  for (int64_t ks = 0; ks < K / k; ks++) {
    lw_ssa args[6] = {d->s, desc_at(c, &a, 0, ks * k), desc_at(c, &b, ks * k, 0), idv, iss, ks ? one : en0};
    const char *tys[6] = {"i32", "i64", "i64", "i32", "i32", "i32"};
    lw_asm(c, NULL, ptx, "r,l,l,r,r,r", args, tys, 6, 0);
  }
  /* Completion: one arrive on each listed barrier whose predicate holds. */
  for (uint32_t i = 0; i < nbar; i++) {
    ir_value *bar = op->operands[op->seg_start[6] + i];
    ir_value *bp = i < nbp ? op->operands[op->seg_start[7] + i] : NULL;
    lw_ssa bu = lw_memdesc_ptr(c, op, bar);
    if (!bu) return -1;
    commit(c, lw_smem_u32(c, bu), and_pred(c, issue, bp));
  }
  for (uint32_t i = 0; i < op->n_results; i++) lw_set(c, op->results[i], (lw_val){.kind = LV_NONE});
  return 0;
}

static int tc_gen5_commit(lw_ctx *c, const ir_op *op) {
  if (need_sm100(c, op)) return -1;
  if (paired(c, op))
    return lw_fail(c, op, "two-CTA commits (cta_group::2, a paired-CTA module) are not supported yet");
  lw_ssa b = lw_memdesc_ptr(c, op, ir_seg(op, IR_SEG_TTNG_TC_GEN5_COMMIT_BARRIER, NULL));
  if (!b) return -1;
  commit(c, lw_smem_u32(c, b), and_pred(c, c->rg->leader, ir_seg(op, IR_SEG_TTNG_TC_GEN5_COMMIT_PRED, NULL)));
  return 0;
}

int lw_tc05_op(lw_ctx *c, const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTNG_TMEM_ALLOC: return need_sm100(c, op) ? -1 : tmem_alloc(c, op);
  case IR_OP_TTNG_TMEM_LOAD: return tmem_load(c, op);
  case IR_OP_TTNG_TMEM_STORE: return tmem_store(c, op);
  case IR_OP_TTNG_TMEM_SUBSLICE: return lw_tmem_view(c, op);
  case IR_OP_TTNG_TC_GEN5_MMA:
    lw_membar_before(c, op);
    return tc_gen5_mma(c, op);
  case IR_OP_TTNG_TC_GEN5_COMMIT:
    lw_membar_before(c, op);
    return tc_gen5_commit(c, op);
  default: return lw_unsupported(c, op);
  }
}
