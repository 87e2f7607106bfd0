/* lw_amd_mfma.c: tt.dot on gfx942 / gfx950 with #ttg.amd_mfma layouts: one MFMA instruction
 * (rocdl.mfma.*) per (A tile, B tile, K step) of the wave's registers. MFMA is a synchronous
 * register op (semantics.md §8.1): no waits, no memory.
 *
 * The lowering reads the operands' linear layouts (lw_layout.c) rather than assuming Triton's
 * register order, and checks before emitting anything that they fit the instruction:
 *  - A's lanes run over the instruction's M rows, then over K in steps of g; B's the same
 *    over N; the same g for both [CDNA3 ISA §7.1 "MFMA" operand layout: lane l supplies row
 *    l % M and the K slice (l / M) * kbase .. + kbase];
 *  - every A register group (one M offset) holds the same sorted K offsets as every B group,
 *    so chunk s of kbase of them feeds step s: lane group q then supplies the K indices
 *    q * g + offset, the same for A and B, and the steps together cover K exactly once (the
 *    dot's sum is the same under any K permutation shared by both operands; Triton's
 *    kWidth < kbase case relies on the same fact [T:amd/TritonAMDGPUToLLVM/DotOpToLLVM/MFMA.cpp]);
 *  - C's lanes are the instruction's output lanes, and each warp's A / B / C offsets agree.
 * A transposed layout (isTransposed) swaps the operands: the instruction computes
 * C^T = B^T A^T and lane l holds row l % M of C (LinearLayoutConversions.cpp). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"

/* One MFMA instruction [L:llvm/include/llvm/IR/IntrinsicsAMDGPU.td `int_amdgcn_mfma_*`,
 * CDNA3 / CDNA4 ISA "Matrix Arithmetic Instructions"]. */
typedef struct mfma_ins {
  const char *op;      /* ROCDL op after "rocdl." */
  int fkind;           /* operand element kind (IR_F16, IR_BF16, IR_F32) */
  int md, nd, k;       /* instruction shape M x N x K */
  int kbase;           /* operand elements each lane supplies */
  const char *lane_ty; /* operand element type the intrinsic takes (bf16 .1k forms: i16) */
  bool gfx950;         /* CDNA4 only */
} mfma_ins;

static const mfma_ins mfma_table[] = {
    {"mfma.f32.32x32x8f16", IR_F16, 32, 32, 8, 4, "f16", false},
    {"mfma.f32.16x16x16f16", IR_F16, 16, 16, 16, 4, "f16", false},
    {"mfma.f32.32x32x16.f16", IR_F16, 32, 32, 16, 8, "f16", true},
    {"mfma.f32.16x16x32.f16", IR_F16, 16, 16, 32, 8, "f16", true},
    {"mfma.f32.32x32x8bf16.1k", IR_BF16, 32, 32, 8, 4, "i16", false},
    {"mfma.f32.16x16x16bf16.1k", IR_BF16, 16, 16, 16, 4, "i16", false},
    {"mfma.f32.32x32x16.bf16", IR_BF16, 32, 32, 16, 8, "bf16", true},
    {"mfma.f32.16x16x32.bf16", IR_BF16, 16, 16, 32, 8, "bf16", true},
    {"mfma.f32.32x32x2f32", IR_F32, 32, 32, 2, 1, "f32", false},
    {"mfma.f32.16x16x4f32", IR_F32, 16, 16, 4, 1, "f32", false},
};

/* The instruction for element kind fk and the layout's instrShape (k 0: the largest the
 * target has), or NULL. */
static const mfma_ins *mfma_pick(lw_target t, int fk, int md, int nd, int k) {
  const mfma_ins *best = NULL;
  for (size_t i = 0; i < sizeof mfma_table / sizeof mfma_table[0]; i++) {
    const mfma_ins *m = &mfma_table[i];
    if (m->fkind != fk || m->md != md || m->nd != nd || (m->gfx950 && t != LW_GFX950)) continue;
    if (k ? m->k == k : (!best || m->k > best->k)) best = m;
  }
  return best;
}

/* One operand's registers grouped by their non-K offset: group i is tile base[i], its K
 * registers in increasing K order. */
typedef struct mf_opnd {
  int ng;                     /* groups */
  int32_t base[LW_MFMA_MAXG]; /* non-K coordinate of each group */
  uint32_t nk;                /* K registers per group */
  uint32_t *reg;              /* ng * nk: register of (group, k index) (malloc'd) */
  int32_t *koff;              /* nk: K offset of k index j, the same in every group (malloc'd) */
  int32_t g;                  /* K step between lane groups */
} mf_opnd;

static int plan_fail(char *err, size_t errn, const char *why) {
  snprintf(err, errn, "%s", why);
  return -1;
}

/* Groups l's registers (K in dim kd, non-K in dim 1 - kd) and checks the lane structure
 * (the first log2(nonk) lanes along non-K by 1, 2, .., the others along K by g, 2g, ..).
 * 0, or -1 with the reason in err. */
static int mf_group(const lw_ll *l, int kd, int nonk, mf_opnd *o, char *err, size_t errn) {
  int nk_dim = 1 - kd, lb = 0;
  while ((1 << lb) < nonk) lb++;
  if (l->nlane != 6) return plan_fail(err, errn, "operand layout does not use all 64 lanes");
  for (int b = 0; b < 6; b++) {
    int32_t want_nk = b < lb ? 1 << b : 0, have_k = l->lane[b][kd];
    if (l->lane[b][nk_dim] != want_nk || (b < lb ? have_k != 0 : have_k == 0))
      return plan_fail(err, errn, "operand lanes are not the MFMA operand lanes");
  }
  o->g = l->lane[lb][kd];
  for (int b = lb + 1; b < 6; b++)
    if (l->lane[b][kd] != o->g << (b - lb)) return plan_fail(err, errn, "operand lanes are not the MFMA operand lanes");
  uint32_t n = lw_ll_nregs(l);
  o->ng = 0;
  for (uint32_t r = 0; r < n; r++) {
    int32_t co[IR_MAX_RANK];
    lw_ll_reg_coord(l, r, co);
    int i = 0;
    while (i < o->ng && o->base[i] != co[nk_dim]) i++;
    if (i == o->ng) {
      if (o->ng == LW_MFMA_MAXG) return plan_fail(err, errn, "too many MFMA tiles per wave");
      o->base[o->ng++] = co[nk_dim];
    }
  }
  o->nk = n / (uint32_t)o->ng;
  if (o->nk * (uint32_t)o->ng != n) return plan_fail(err, errn, "operand tiles of unequal size");
  o->reg = calloc(n, sizeof *o->reg);
  o->koff = calloc(o->nk, sizeof *o->koff);
  uint32_t fill[LW_MFMA_MAXG] = {0};
  if (!o->reg || !o->koff) return plan_fail(err, errn, "out of memory");
  /* Registers of a group in increasing K: insertion into each group's list. */
  for (uint32_t r = 0; r < n; r++) {
    int32_t co[IR_MAX_RANK];
    lw_ll_reg_coord(l, r, co);
    int i = 0;
    while (o->base[i] != co[nk_dim]) i++;
    uint32_t *row = o->reg + (size_t)i * o->nk, j = fill[i]++;
    if (j >= o->nk) return plan_fail(err, errn, "operand tiles of unequal size");
    while (j > 0) {
      int32_t pc[IR_MAX_RANK];
      lw_ll_reg_coord(l, row[j - 1], pc);
      if (pc[kd] <= co[kd]) break;
      row[j] = row[j - 1];
      j--;
    }
    row[j] = r;
  }
  for (int i = 0; i < o->ng; i++)
    for (uint32_t j = 0; j < o->nk; j++) {
      int32_t co[IR_MAX_RANK];
      lw_ll_reg_coord(l, o->reg[(size_t)i * o->nk + j], co);
      if (i == 0) o->koff[j] = co[kd];
      else if (o->koff[j] != co[kd]) return plan_fail(err, errn, "operand tiles hold different K offsets");
    }
  return 0;
}

/* K offsets plus the lane groups cover [0, K) exactly once. */
static bool mf_covers_k(const mf_opnd *o, int nonk, int64_t K) {
  uint8_t *seen = calloc((size_t)K, 1);
  bool ok = seen != NULL;
  for (int q = 0; ok && q < 64 / nonk; q++)
    for (uint32_t j = 0; ok && j < o->nk; j++) {
      int64_t k = (int64_t)q * o->g + o->koff[j];
      ok = k >= 0 && k < K && !seen[k]++;
    }
  free(seen);
  return ok;
}

void lw_mfma_plan_free(lw_mfma_plan *p) {
  free(p->areg);
  free(p->breg);
  free(p->creg);
  p->areg = p->breg = NULL;
  p->creg = NULL;
}

static const ir_encoding *enc_of_type(const ir_type *t) {
  return t && t->enc && t->enc->kind == IR_A_ENCODING ? t->enc->enc : NULL;
}

/* The body of lw_mfma_plan_of; p's arrays are freed by the caller on failure. */
static int plan_of(const ir_type *at, const ir_type *bt, const ir_type *ct, lw_target t, lw_mfma_plan *p,
                   mf_opnd *oa, mf_opnd *ob, char *err, size_t errn) {
  if (at->kind != IR_T_TENSOR || bt->kind != IR_T_TENSOR || ct->kind != IR_T_TENSOR || at->rank != 2 ||
      bt->rank != 2 || ct->rank != 2)
    return plan_fail(err, errn, "2-D register operands expected");
  const ir_encoding *ce = enc_of_type(ct);
  if (!ce || ce->kind != IR_E_AMD_MFMA) return plan_fail(err, errn, "the result layout is not #ttg.amd_mfma");
  const ir_type *ae = at->elem, *be = bt->elem;
  if (!ae || ae->kind != IR_T_FLOAT || !be || be->kind != IR_T_FLOAT || ae->fkind != be->fkind)
    return plan_fail(err, errn, "operands of one float type expected");
  if (!ct->elem || ct->elem->kind != IR_T_FLOAT || ct->elem->fkind != IR_F32)
    return plan_fail(err, errn, "only an f32 accumulator is supported");
  int md = ce->instr_shape[0], nd = ce->instr_shape[1];
  const mfma_ins *ins = mfma_pick(t, ae->fkind, md, nd, ce->instr_shape[2]);
  if (!ins) {
    snprintf(err, errn, "no MFMA instruction %dx%dx%d for these operand types on %s", md, nd, ce->instr_shape[2],
             lw_target_name(t));
    return -1;
  }
  p->op = ins->op;
  p->md = md, p->nd = nd, p->k = ins->k, p->kbase = ins->kbase;
  p->lane_ty = ins->lane_ty;
  p->swap = ce->transposed;
  lw_ll la, lb, lc;
  if (lw_ll_of_type(at, &la, err, errn) || lw_ll_of_type(bt, &lb, err, errn) || lw_ll_of_type(ct, &lc, err, errn))
    return -1;
  if (mf_group(&la, 1, md, oa, err, errn) || mf_group(&lb, 0, nd, ob, err, errn)) return -1;
  if (oa->g != ob->g || oa->nk != ob->nk || memcmp(oa->koff, ob->koff, oa->nk * sizeof *oa->koff))
    return plan_fail(err, errn, "A and B hold different K offsets");
  if (oa->nk % (uint32_t)ins->kbase || !mf_covers_k(oa, md, at->shape[1]))
    return plan_fail(err, errn, "the operands' K registers do not cover K once in steps of the instruction");
  /* Warps: A's K and B's K offsets 0; A's M and B's N offsets are C's. */
  if (la.nwarp != lc.nwarp || lb.nwarp != lc.nwarp) return plan_fail(err, errn, "operands over different warps");
  for (int w = 0; w < lc.nwarp; w++)
    if (la.warp[w][1] || lb.warp[w][0] || la.warp[w][0] != lc.warp[w][0] || lb.warp[w][1] != lc.warp[w][1])
      return plan_fail(err, errn, "warps hold A, B and C tiles that do not match");
  /* C: the instruction's output lanes, 4 consecutive outputs per group of 64/nonk lanes
   * (rows of the non-transposed output, columns of the transposed one). */
  int rows = p->swap ? 1 : 0, lanes_dim = 1 - rows, across = p->swap ? md : nd, lb2 = 0;
  while ((1 << lb2) < across) lb2++;
  if (lc.nlane != 6) return plan_fail(err, errn, "the result layout does not use all 64 lanes");
  for (int q = 0; q < 6; q++) {
    int32_t want_l = q < lb2 ? 1 << q : 0, want_r = q < lb2 ? 0 : 4 << (q - lb2);
    if (lc.lane[q][lanes_dim] != want_l || lc.lane[q][rows] != want_r)
      return plan_fail(err, errn, "the result lanes are not the MFMA output lanes");
  }
  p->nout = md * nd / 64;
  int groups = 64 / across;
  uint32_t ncreg = lw_ll_nregs(&lc);
  if ((uint32_t)(oa->ng * ob->ng * p->nout) != ncreg) return plan_fail(err, errn, "result registers do not match the tiles");
  p->nga = oa->ng, p->ngb = ob->ng, p->nk = oa->nk, p->ncreg = ncreg;
  p->creg = calloc(ncreg, sizeof *p->creg);
  if (!p->creg) return plan_fail(err, errn, "out of memory");
  for (int i = 0; i < oa->ng; i++)
    for (int j = 0; j < ob->ng; j++)
      for (int o = 0; o < p->nout; o++) {
        int32_t off = o % 4 + 4 * groups * (o / 4), co[IR_MAX_RANK] = {oa->base[i], ob->base[j]};
        co[rows] += off;
        int32_t r = lw_ll_find_reg(&lc, co);
        if (r < 0) return plan_fail(err, errn, "a result element of an MFMA tile is not in the thread's registers");
        p->creg[(i * ob->ng + j) * p->nout + o] = (uint32_t)r;
      }
  return 0;
}

int lw_mfma_plan_of(const ir_type *at, const ir_type *bt, const ir_type *ct, lw_target t, lw_mfma_plan *p,
                    char *err, size_t errn) {
  memset(p, 0, sizeof *p);
  mf_opnd oa = {0}, ob = {0};
  int rc = plan_of(at, bt, ct, t, p, &oa, &ob, err, errn);
  p->areg = oa.reg, p->breg = ob.reg;
  free(oa.koff);
  free(ob.koff);
  if (rc) lw_mfma_plan_free(p);
  return rc;
}

/* A vector<n x ty> of els (n 1: the element itself). */
static lw_ssa vec_of(lw_ctx *c, const lw_ssa *els, int n, const char *ty) {
  if (n == 1) return els[0];
  lw_ssa v = lw_op(c, "llvm.mlir.undef : vector<%dx%s>", n, ty);
  for (int i = 0; i < n; i++)
    v = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : vector<%dx%s>", lw_n(c, els[i]), lw_n(c, v),
              lw_n(c, lw_i32(c, i)), n, ty);
  return v;
}

/* Emits the plan's instructions; D's registers into d. */
static void emit_plan(lw_ctx *c, const lw_mfma_plan *p, const lw_val *av, const lw_val *bv, const lw_val *cin,
                      lw_val *d) {
  lw_ssa z = lw_i32(c, 0);
  bool bitcast = strcmp(p->lane_ty, av->ty) != 0; /* bf16 -> i16 for the .1k forms */
  char accty[32], opty[32];
  snprintf(accty, sizeof accty, "vector<%dxf32>", p->nout);
  if (p->kbase == 1) snprintf(opty, sizeof opty, "%s", p->lane_ty);
  else snprintf(opty, sizeof opty, "vector<%dx%s>", p->kbase, p->lane_ty);
  lw_ssa els[LW_MFMA_MAXK], outs[LW_MFMA_MAXOUT];
  for (int i = 0; i < p->nga; i++)
    for (int j = 0; j < p->ngb; j++) {
      const uint32_t *cr = p->creg + (i * p->ngb + j) * p->nout;
      for (int o = 0; o < p->nout; o++) outs[o] = cin->el[cr[o]];
      lw_ssa acc = vec_of(c, outs, p->nout, "f32");
      for (uint32_t s = 0; s < p->nk; s += (uint32_t)p->kbase) {
        lw_ssa opv[2];
        for (int w = 0; w < 2; w++) {
          const lw_val *v = w ? bv : av;
          const uint32_t *row = (w ? p->breg + (size_t)j * p->nk : p->areg + (size_t)i * p->nk) + s;
          for (int k = 0; k < p->kbase; k++)
            els[k] = bitcast ? lw_cast(c, "llvm.bitcast", v->el[row[k]], v->ty, p->lane_ty) : v->el[row[k]];
          opv[w] = vec_of(c, els, p->kbase, p->lane_ty);
        }
        lw_ssa x = opv[p->swap ? 1 : 0], y = opv[p->swap ? 0 : 1];
        acc = lw_op(c, "rocdl.%s %s, %s, %s, %s, %s, %s : (%s, %s, %s, i32, i32, i32) -> %s", p->op, lw_n(c, x),
                    lw_n(c, y), lw_n(c, acc), lw_n(c, z), lw_n(c, z), lw_n(c, z), opty, opty, accty, accty);
      }
      for (int o = 0; o < p->nout; o++)
        d->el[cr[o]] = lw_op(c, "llvm.extractelement %s[%s : i32] : %s", lw_n(c, acc), lw_n(c, lw_i32(c, o)), accty);
    }
}

int lw_amd_dot(lw_ctx *c, const ir_op *op) {
  if (!lw_target_is_amd(c->target)) return lw_unsupported(c, op);
  lw_mfma_plan p;
  char err[200];
  if (lw_mfma_plan_of(op->operands[0]->type, op->operands[1]->type, op->results[0]->type, c->target, &p, err,
                      sizeof err))
    return lw_fail(c, op, "tt.dot: %s (the MFMA lowering needs Triton's amd_mfma operand layouts)", err);
  lw_val *av = lw_get(c, op->operands[0]), *bv = lw_get(c, op->operands[1]), *cin = lw_get(c, op->operands[2]);
  if (av->kind != LV_TENSOR || bv->kind != LV_TENSOR || cin->kind != LV_TENSOR || cin->n != p.ncreg) {
    lw_mfma_plan_free(&p);
    return lw_fail(c, op, "tt.dot: operands are not register tensors");
  }
  lw_val d = {.kind = LV_TENSOR, .ty = "f32", .n = p.ncreg};
  d.el = lw_alloc(c, (p.ncreg + 1) * sizeof *d.el);
  emit_plan(c, &p, av, bv, cin, &d);
  lw_mfma_plan_free(&p);
  lw_set(c, op->results[0], d);
  return 0;
}
