/* lw_layout.c: register layouts as linear maps (blocked, slice, nvidia_mma v3, dot_op over
 * mma v3, amd_mfma and dot_op over it, linear) and shared-memory layouts (plain, swizzled_shared, nvmma_shared;
 * padded_shared in lw_padded.c) as byte offset functions. Pure computation: no emission. */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/* Appends basis vector v to list (n entries, cap max); returns -1 when full. */
static int push(int32_t (*list)[IR_MAX_RANK], int *n, int max, int rank, const int32_t *v) {
  if (*n >= max) return -1;
  memcpy(list[*n], v, (size_t)rank * sizeof v[0]);
  (*n)++;
  return 0;
}

static int push_axis(int32_t (*list)[IR_MAX_RANK], int *n, int max, int rank, int d,
                     int64_t val) {
  int32_t v[IR_MAX_RANK] = {0};
  v[d] = (int32_t)val;
  return push(list, n, max, rank, v);
}

/* The lanes of an mma / wgmma fragment: lane l holds row l/4 and the column pair 2*(l%4)
 * (the two lane bits of the quad on columns 2 and 4, the three others on rows 1, 2, 4). */
static void push_quad_lanes(lw_ll *l) {
  push_axis(l->lane, &l->nlane, LW_LL_MAXLANE, 2, 1, 2);
  push_axis(l->lane, &l->nlane, LW_LL_MAXLANE, 2, 1, 4);
  push_axis(l->lane, &l->nlane, LW_LL_MAXLANE, 2, 0, 1);
  push_axis(l->lane, &l->nlane, LW_LL_MAXLANE, 2, 0, 2);
  push_axis(l->lane, &l->nlane, LW_LL_MAXLANE, 2, 0, 4);
}

/* Reduces every basis modulo the shape (a basis past the shape wraps to 0: broadcast) and
 * drops zero register bases (they would only duplicate registers). */
static void ll_canon(lw_ll *l) {
  int32_t (*lists[3])[IR_MAX_RANK] = {l->reg, l->lane, l->warp};
  int ns[3] = {l->nreg, l->nlane, l->nwarp};
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < ns[k]; i++)
      for (int d = 0; d < l->rank; d++) lists[k][i][d] = (int32_t)(lists[k][i][d] % l->shape[d]);
  int w = 0;
  for (int i = 0; i < l->nreg; i++) {
    bool zero = true;
    for (int d = 0; d < l->rank; d++) zero &= l->reg[i][d] == 0;
    if (!zero) memmove(l->reg[w++], l->reg[i], sizeof l->reg[0]);
  }
  l->nreg = w;
}

static int fail(char *err, size_t errn, const char *msg) {
  snprintf(err, errn, "%s", msg);
  return -1;
}

static int ll_blocked(const ir_encoding *e, int rank, const int64_t *shape, lw_ll *l,
                      char *err, size_t errn) {
  if (e->rank != rank) return fail(err, errn, "blocked layout rank differs from the tensor rank");
  for (int k = 0; k < rank; k++) {
    int d = e->order[k];
    if (d < 0 || d >= rank) return fail(err, errn, "bad blocked layout order");
    for (int64_t b = 1; b < e->size_per_thread[d]; b *= 2)
      if (push_axis(l->reg, &l->nreg, LW_LL_MAXREG, rank, d, b)) goto big;
  }
  for (int k = 0; k < rank; k++) {
    int d = e->order[k];
    for (int64_t b = 1; b < e->threads_per_warp[d]; b *= 2)
      if (push_axis(l->lane, &l->nlane, LW_LL_MAXLANE, rank, d, e->size_per_thread[d] * b))
        return fail(err, errn, "blocked layout has more than 64 threads per warp");
  }
  for (int k = 0; k < rank; k++) {
    int d = e->order[k];
    for (int64_t b = 1; b < e->warps_per_cta[d]; b *= 2)
      if (push_axis(l->warp, &l->nwarp, LW_LL_MAXWARP, rank, d,
                    (int64_t)e->size_per_thread[d] * e->threads_per_warp[d] * b))
        return fail(err, errn, "blocked layout has too many warps");
  }
  for (int k = 0; k < rank; k++) {
    int d = e->order[k];
    int64_t tile = (int64_t)e->size_per_thread[d] * e->threads_per_warp[d] * e->warps_per_cta[d];
    for (int64_t b = tile; b < shape[d]; b *= 2)
      if (push_axis(l->reg, &l->nreg, LW_LL_MAXREG, rank, d, b)) goto big;
  }
  return 0;
big:
  return fail(err, errn, "tensor has too many elements per thread");
}

/* Hopper wgmma accumulator (nvidia_mma versionMajor 3): per warp 16 rows; lane l holds rows
 * l/4 and l/4+8, columns 2*(l%4) + {0,1} + 8*j (PTX ISA "wgmma .m64nNk16 register
 * fragments", semantics.md §3). */
static int ll_mma3(const ir_encoding *e, int rank, const int64_t *shape, lw_ll *l, char *err,
                   size_t errn) {
  if (rank != 2) return fail(err, errn, "nvidia_mma layout of a tensor that is not 2-D");
  int64_t n = e->instr_shape[1];
  int wm = e->warps_per_cta[0], wn = e->warps_per_cta[1];
  if (!is_pow2(n) || n < 8 || wm < 4 || !is_pow2(wm) || !is_pow2(wn))
    return fail(err, errn, "unsupported nvidia_mma v3 instrShape / warpsPerCTA");
  push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 1, 1);
  push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 0, 8);
  for (int64_t b = 8; b < n; b *= 2)
    if (push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 1, b)) goto big;
  push_quad_lanes(l);
  for (int64_t b = 1; b < wm; b *= 2)
    if (push_axis(l->warp, &l->nwarp, LW_LL_MAXWARP, 2, 0, 16 * b)) goto big;
  for (int64_t b = 1; b < wn; b *= 2)
    if (push_axis(l->warp, &l->nwarp, LW_LL_MAXWARP, 2, 1, n * b)) goto big;
  for (int64_t b = n * wn; b < shape[1]; b *= 2)
    if (push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 1, b)) goto big;
  for (int64_t b = 16 * wm; b < shape[0]; b *= 2)
    if (push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 0, b)) goto big;
  return 0;
big:
  return fail(err, errn, "mma tensor has too many elements per thread");
}

/* wgmma register A operand (dot_op opIdx 0 over mma v3) for 16-bit elements: per warp 16 rows
 * x 16 k; lane l holds rows l/4 (+8) and k = 2*(l%4) + {0,1} (+8). */
static int ll_dot_a3(const ir_encoding *e, const ir_encoding *p, int rank,
                     const int64_t *shape, lw_ll *l, char *err, size_t errn) {
  if (rank != 2 || e->op_idx != 0 || e->k_width != 2)
    return fail(err, errn, "only 16-bit register A operands (dot_op opIdx 0, kWidth 2) of wgmma are supported");
  int wm = p->warps_per_cta[0];
  push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 1, 1);
  push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 0, 8);
  push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 1, 8);
  push_quad_lanes(l);
  for (int64_t b = 1; b < wm; b *= 2)
    if (push_axis(l->warp, &l->nwarp, LW_LL_MAXWARP, 2, 0, 16 * b)) goto big;
  for (int64_t b = 1; b < p->warps_per_cta[1]; b *= 2) /* warps along N hold copies of A */
    if (push_axis(l->warp, &l->nwarp, LW_LL_MAXWARP, 2, 1, 0)) goto big;
  for (int64_t b = 16; b < shape[1]; b *= 2)
    if (push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 1, b)) goto big;
  for (int64_t b = 16 * wm; b < shape[0]; b *= 2)
    if (push_axis(l->reg, &l->nreg, LW_LL_MAXREG, 2, 0, b)) goto big;
  return 0;
big:
  return fail(err, errn, "dot operand has too many elements per thread");
}

/* ------------------------------------------------------------------ AMD MFMA layouts */

/* Builds a layout basis by basis while keeping, per dim, the extent covered so far: each
 * basis appended along dim d is the next power of two there (a product of 1-D identity
 * layouts, as Triton's LinearLayout `*=` builds them). */
typedef struct ll_build {
  lw_ll *l;
  int64_t cov[IR_MAX_RANK];
  bool full; /* a list overflowed */
} ll_build;

enum { LB_REG, LB_LANE, LB_WARP };

static void lb_push(ll_build *b, int kind, int d, int64_t count) {
  lw_ll *l = b->l;
  int32_t (*list)[IR_MAX_RANK] = kind == LB_REG ? l->reg : kind == LB_LANE ? l->lane : l->warp;
  int *n = kind == LB_REG ? &l->nreg : kind == LB_LANE ? &l->nlane : &l->nwarp;
  int max = kind == LB_REG ? LW_LL_MAXREG : kind == LB_LANE ? LW_LL_MAXLANE : LW_LL_MAXWARP;
  for (int64_t k = 1; k < count; k *= 2) {
    if (push_axis(list, n, max, l->rank, d, b->cov[d])) b->full = true;
    b->cov[d] *= 2;
  }
}

/* Triton's ensureLayoutNotSmallerThan: registers along each dim of `order` (out-dim order)
 * until the layout covers the shape. Larger layouts are cut by ll_canon (broadcast). */
static void lb_cover(ll_build *b, const int *order, int rank) {
  for (int k = 0; k < rank; k++) {
    int d = order[k];
    if (b->cov[d] < b->l->shape[d]) lb_push(b, LB_REG, d, b->l->shape[d] / b->cov[d]);
  }
}

static int64_t tiles_per_warp(const ir_encoding *e, int d) {
  return e->tiles_per_warp[d] > 0 ? e->tiles_per_warp[d] : 1;
}

/* #ttg.amd_mfma accumulator (rank 2), as Triton's AMDMfmaEncodingAttr::toLinearLayout
 * [T:lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp]: one MFMA tile per wave, lane l
 * holding 4 consecutive elements (`height`) of its column (or, isTransposed, of its row:
 * the lowering swaps the operands, so C^T = B^T A^T comes out row-wise) [CDNA3 ISA §7.1
 * "Dependent arithmetic / MFMA", ROCm amd_matrix_instruction_calculator]; then tilesPerWarp
 * along N, the warps along N, the tile repeats along N, tilesPerWarp along M, the warps
 * along M, and registers along M up to the shape. */
static int ll_mfma(const ir_encoding *e, int rank, lw_ll *l, char *err, size_t errn) {
  if (rank != 2 || e->rank != 2) return fail(err, errn, "amd_mfma layouts with a batch dimension are not supported");
  int64_t md = e->instr_shape[0], nd = e->instr_shape[1];
  if (!((md == 16 && nd == 16) || (md == 32 && nd == 32)))
    return fail(err, errn, "only 16x16 and 32x32 amd_mfma instruction shapes are supported");
  int height = e->element_bits == 64 ? 1 : 4;
  int64_t tiles = md * nd / (64 * height);
  ll_build b = {.l = l, .cov = {1, 1}};
  const int M = 0, N = 1;
  int along = e->transposed ? N : M, across = e->transposed ? M : N; /* lane-major dim: across */
  int64_t across_n = e->transposed ? md : nd;
  lb_push(&b, LB_REG, along, height);
  lb_push(&b, LB_LANE, across, across_n);
  lb_push(&b, LB_LANE, along, 64 / across_n);
  lb_push(&b, LB_REG, along, tiles);
  lb_push(&b, LB_REG, N, tiles_per_warp(e, N));
  lb_push(&b, LB_WARP, N, e->warps_per_cta[N]);
  if (b.cov[N] < l->shape[N]) lb_push(&b, LB_REG, N, l->shape[N] / b.cov[N]);
  lb_push(&b, LB_REG, M, tiles_per_warp(e, M));
  lb_push(&b, LB_WARP, M, e->warps_per_cta[M]);
  static const int order[2] = {1, 0}; /* out dims N, M */
  lb_cover(&b, order, 2);
  return b.full ? fail(err, errn, "mfma tensor has too many elements per thread") : 0;
}

/* dot_op over #ttg.amd_mfma (rank 2), as Triton's mfmaDotToLinearLayout: kWidth registers
 * along K, lanes over the instruction's non-K extent and then along K, registers along K
 * up to the shape, tilesPerWarp along the non-K dim; warps as the parent's warpsPerCTA over
 * the operand's own dims (dim 1 first), so the warps of the other operand's dim hold copies
 * (their bases fall outside the shape and become broadcasts). */
static int ll_dot_mfma(const ir_encoding *e, const ir_encoding *p, int rank, lw_ll *l, char *err,
                       size_t errn) {
  if (rank != 2 || p->rank != 2) return fail(err, errn, "amd_mfma dot operands with a batch dimension are not supported");
  int64_t md = p->instr_shape[0], nd = p->instr_shape[1];
  if (!((md == 16 && nd == 16) || (md == 32 && nd == 32)))
    return fail(err, errn, "only 16x16 and 32x32 amd_mfma instruction shapes are supported");
  if (e->k_width < 1 || (e->k_width & (e->k_width - 1)))
    return fail(err, errn, "dot_op over amd_mfma needs a power-of-two kWidth");
  int kd = e->op_idx == 0 ? 1 : 0, nk = 1 - kd;
  int64_t nonk = e->op_idx == 0 ? md : nd;
  ll_build b = {.l = l, .cov = {1, 1}};
  lb_push(&b, LB_REG, kd, e->k_width);
  lb_push(&b, LB_LANE, nk, nonk);
  lb_push(&b, LB_LANE, kd, 64 / nonk);
  if (b.cov[kd] < l->shape[kd]) lb_push(&b, LB_REG, kd, l->shape[kd] / b.cov[kd]);
  lb_push(&b, LB_REG, nk, tiles_per_warp(p, nk));
  lb_push(&b, LB_WARP, 1, p->warps_per_cta[1]);
  lb_push(&b, LB_WARP, 0, p->warps_per_cta[0]);
  int order[2] = {kd, nk};
  lb_cover(&b, order, 2);
  return b.full ? fail(err, errn, "dot operand has too many elements per thread") : 0;
}

/* A named parameter of an encoding, also inside its unnamed {...} body. */
static const ir_attr *enc_param(const ir_attr *p, const char *k) {
  const ir_attr *v = ir_dict_get(p, k);
  for (uint32_t i = 0; !v && i < p->n; i++)
    if ((!p->names || !p->names[i]) && p->elems[i]->kind == IR_A_DICT) v = ir_dict_get(p->elems[i], k);
  return v;
}

/* #ttg.linear<{register = [[..]], lane = [..], warp = [..], block = []}> */
static int ll_linear(const ir_encoding *e, int rank, lw_ll *l, char *err, size_t errn) {
  const ir_attr *p = e->params;
  if (!p || p->kind != IR_A_DICT) return fail(err, errn, "linear layout without parameters");
  static const char *const keys[3] = {"register", "lane", "warp"};
  int32_t (*lists[3])[IR_MAX_RANK] = {l->reg, l->lane, l->warp};
  int *ns[3] = {&l->nreg, &l->nlane, &l->nwarp};
  const int maxs[3] = {LW_LL_MAXREG, LW_LL_MAXLANE, LW_LL_MAXWARP};
  for (int k = 0; k < 3; k++) {
    const ir_attr *a = enc_param(p, keys[k]);
    if (!a) continue;
    if (a->kind != IR_A_ARRAY) return fail(err, errn, "malformed linear layout");
    for (uint32_t i = 0; i < a->n; i++) {
      const ir_attr *v = a->elems[i];
      if (v->kind != IR_A_ARRAY || (int)v->n != rank) return fail(err, errn, "malformed linear layout basis");
      int32_t b[IR_MAX_RANK] = {0};
      for (int d = 0; d < rank; d++) b[d] = (int32_t)v->elems[d]->ival;
      if (push(lists[k], ns[k], maxs[k], rank, b)) return fail(err, errn, "linear layout too large");
    }
  }
  const ir_attr *blk = enc_param(p, "block");
  if (blk && blk->kind == IR_A_ARRAY && blk->n)
    return fail(err, errn, "linear layouts over several CTAs are not supported");
  return 0;
}

static const ir_encoding *enc_of(const ir_attr *a) {
  return a && a->kind == IR_A_ENCODING ? a->enc : NULL;
}

int lw_ll_of_enc(const ir_attr *enca, int rank, const int64_t *shape, lw_ll *l, char *err,
                 size_t errn) {
  memset(l, 0, sizeof *l);
  l->rank = rank;
  for (int d = 0; d < rank; d++) {
    if (!is_pow2(shape[d])) return fail(err, errn, "tensor dimensions must be powers of two");
    l->shape[d] = shape[d];
  }
  const ir_encoding *e = enc_of(enca);
  if (!e) return fail(err, errn, "tensor without a distributed layout");
  int rc;
  switch (e->kind) {
  case IR_E_BLOCKED: rc = ll_blocked(e, rank, shape, l, err, errn); break;
  case IR_E_NVIDIA_MMA:
    if (e->version_major != 3) return fail(err, errn, "only nvidia_mma versionMajor 3 (wgmma) is supported");
    rc = ll_mma3(e, rank, shape, l, err, errn);
    break;
  case IR_E_DOT_OP: {
    const ir_encoding *p = enc_of(e->parent);
    if (p && p->kind == IR_E_AMD_MFMA) {
      rc = ll_dot_mfma(e, p, rank, l, err, errn);
      break;
    }
    if (!p || p->kind != IR_E_NVIDIA_MMA || p->version_major != 3)
      return fail(err, errn, "dot_op layouts are supported only over nvidia_mma v3");
    rc = ll_dot_a3(e, p, rank, shape, l, err, errn);
    break;
  }
  case IR_E_LINEAR: rc = ll_linear(e, rank, l, err, errn); break;
  case IR_E_SLICE: {
    if (e->dim < 0 || e->dim > rank || rank + 1 > IR_MAX_RANK) return fail(err, errn, "bad slice layout");
    int64_t ps[IR_MAX_RANK];
    for (int d = 0, s = 0; d < rank + 1; d++) ps[d] = d == e->dim ? 1 : shape[s++];
    lw_ll p;
    if (lw_ll_of_enc(e->parent, rank + 1, ps, &p, err, errn)) return -1;
    int32_t (*plists[3])[IR_MAX_RANK] = {p.reg, p.lane, p.warp};
    int32_t (*lists[3])[IR_MAX_RANK] = {l->reg, l->lane, l->warp};
    int pn[3] = {p.nreg, p.nlane, p.nwarp};
    int *ns[3] = {&l->nreg, &l->nlane, &l->nwarp};
    for (int k = 0; k < 3; k++) {
      for (int i = 0; i < pn[k]; i++)
        for (int d = 0, s = 0; d < rank + 1; d++)
          if (d != e->dim) lists[k][i][s++] = plists[k][i][d];
      *ns[k] = pn[k];
    }
    rc = 0;
    break;
  }
  case IR_E_AMD_MFMA: rc = ll_mfma(e, rank, l, err, errn); break;
  case IR_E_AMD_WMMA: return fail(err, errn, "unsupported register layout #ttg.amd_wmma");
  default: return fail(err, errn, "unsupported register layout");
  }
  if (rc) return rc;
  ll_canon(l);
  return 0;
}

int lw_ll_of_type(const ir_type *t, lw_ll *l, char *err, size_t errn) {
  if (!t || t->kind != IR_T_TENSOR) return fail(err, errn, "not a tensor");
  return lw_ll_of_enc(t->enc, t->rank, t->shape, l, err, errn);
}

void lw_ll_reg_coord(const lw_ll *l, uint32_t r, int32_t *coord) {
  for (int d = 0; d < l->rank; d++) coord[d] = 0;
  for (int b = 0; b < l->nreg; b++)
    if (r >> b & 1)
      for (int d = 0; d < l->rank; d++) coord[d] ^= l->reg[b][d];
}

uint32_t lw_ll_nregs(const lw_ll *l) { return 1u << l->nreg; }
int lw_ll_nwarps(const lw_ll *l) { return 1 << l->nwarp; }

int32_t lw_ll_find_reg(const lw_ll *l, const int32_t *coord) {
  int32_t c[IR_MAX_RANK];
  for (uint32_t r = 0; r < lw_ll_nregs(l); r++) {
    lw_ll_reg_coord(l, r, c);
    if (!memcmp(c, coord, (size_t)l->rank * sizeof c[0])) return (int32_t)r;
  }
  return -1;
}

bool lw_ll_equal(const lw_ll *a, const lw_ll *b) {
  if (a->rank != b->rank || a->nreg != b->nreg || a->nlane != b->nlane || a->nwarp != b->nwarp)
    return false;
  size_t row = (size_t)a->rank * sizeof a->reg[0][0];
  for (int i = 0; i < a->nreg; i++)
    if (memcmp(a->reg[i], b->reg[i], row)) return false;
  for (int i = 0; i < a->nlane; i++)
    if (memcmp(a->lane[i], b->lane[i], row)) return false;
  for (int i = 0; i < a->nwarp; i++)
    if (memcmp(a->warp[i], b->warp[i], row)) return false;
  return true;
}

/* ------------------------------------------------------------------ shared memory */

int lw_smem_layout_of(const ir_type *md, lw_smem_layout *l, char *err, size_t errn) {
  memset(l, 0, sizeof *l);
  if (!md || md->kind != IR_T_MEMDESC) return fail(err, errn, "not a memdesc");
  l->rank = md->rank;
  for (int d = 0; d < md->rank; d++) l->tile[d] = md->shape[d];
  if (md->alloc_rank >= md->rank)
    for (int d = 0; d < md->rank; d++) l->tile[d] = md->alloc_shape[md->alloc_rank - md->rank + d];
  const ir_type *et = md->elem;
  if (!et || (et->kind == IR_T_FLOAT && et->bits < 8) || (et->kind == IR_T_INT && et->bits < 8 && et->bits != 1))
    return fail(err, errn, "sub-byte shared-memory element types are not supported");
  l->eb = ir_type_elem_bytes(et);
  for (int d = 0; d < l->rank; d++) l->order[d] = l->rank - 1 - d;
  const ir_encoding *e = enc_of(md->enc);
  if (!e) {
    l->kind = LW_SM_PLAIN;
    return 0;
  }
  switch (e->kind) {
  case IR_E_SWIZZLED_SHARED: case IR_E_AMD_ROTATING_SHARED: {
    int er = e->rank ? e->rank : l->rank;
    if (er > l->rank) er = l->rank;
    l->kind = LW_SM_SWIZZLED;
    l->er = er;
    /* Dims before the encoding's are buffer indices: slowest. */
    int lead = l->rank - er;
    for (int k = 0; k < er; k++) l->order[k] = lead + e->order[k];
    for (int k = er; k < l->rank; k++) l->order[k] = l->rank - 1 - k;
    l->vec = e->vec > 0 ? e->vec : 1;
    l->per_phase = e->per_phase > 0 ? e->per_phase : 1;
    l->max_phase = e->max_phase > 0 ? e->max_phase : 1;
    l->rotating = e->kind == IR_E_AMD_ROTATING_SHARED;
    return 0;
  }
  case IR_E_NVMMA_SHARED:
    if (e->fp4_padded) return fail(err, errn, "fp4Padded shared layouts are not supported");
    if (l->rank < 2) return fail(err, errn, "nvmma_shared memdesc must be at least 2-D");
    if (e->swizzle_bytes != 0 && e->swizzle_bytes != 32 && e->swizzle_bytes != 64 &&
        e->swizzle_bytes != 128)
      return fail(err, errn, "bad swizzlingByteWidth");
    if (e->element_bits && e->element_bits != l->eb * 8)
      return fail(err, errn, "nvmma_shared elementBitWidth differs from the element type");
    l->kind = LW_SM_NVMMA;
    l->swizzle = e->swizzle_bytes;
    l->inner = e->transposed ? l->rank - 2 : l->rank - 1;
    if (l->swizzle && l->tile[l->inner] * l->eb < l->swizzle)
      return fail(err, errn, "nvmma_shared tile narrower than its swizzle width");
    return 0;
  case IR_E_PADDED_SHARED:
    l->kind = LW_SM_PADDED;
    return lw_padded_layout(e, l, err, errn);
  default: return fail(err, errn, "unsupported shared-memory layout");
  }
}

/* The XOR a swizzled layout applies to the contiguous-dim index of row `row`: vec times the
 * phase, modulo the row length, as Triton's swizzledSharedToLinearLayout (and, rotating,
 * sharedToLinearLayoutAMDRotating) [T:lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp]. */
int64_t lw_swizzle_xor(const lw_smem_layout *l, int64_t row) {
  int64_t phase = (row / l->per_phase) % l->max_phase;
  if (l->rotating) phase ^= (row / l->per_phase / l->max_phase) % l->max_phase;
  return (phase * l->vec) & (l->tile[l->order[0]] - 1);
}

int64_t lw_smem_tile_bytes(const lw_smem_layout *l) {
  int64_t n = l->eb;
  for (int d = 0; d < l->rank; d++) n *= l->tile[d];
  return n;
}

int64_t lw_smem_alloc_bytes(const lw_smem_layout *l) {
  if (l->kind != LW_SM_PADDED) return lw_smem_tile_bytes(l);
  /* Triton's getPaddedSize: no padding after the last element */
  int64_t n = lw_smem_tile_bytes(l) / l->eb, p = 0;
  for (int i = 0; i < l->npad; i++) {
    p += (n >> l->pint[i]) << l->ppad[i];
    if (n % (1LL << l->pint[i]) == 0) p -= 1LL << l->ppad[i];
  }
  return (n + p) * l->eb;
}

int64_t lw_nvmma_row_elems(const lw_smem_layout *l) {
  return l->swizzle ? l->swizzle / l->eb : l->tile[l->inner];
}

int64_t lw_smem_offset_const(const lw_smem_layout *l, const int64_t *c) {
  if (l->kind == LW_SM_NVMMA) {
    /* The tile is stored as chunks of W contiguous-dim elements; each chunk holds every
     * row (all other dims, row-major) of swizzle bytes, 16-byte units XORed with the row
     * bits (TMA / CUTLASS Swizzle<log2(S/16),4,3>), semantics.md §2.1. */
    int64_t w = lw_nvmma_row_elems(l);
    int64_t rowb = l->swizzle ? l->swizzle : l->tile[l->inner] * l->eb;
    int64_t outer = 0, nouter = 1;
    for (int d = 0; d < l->rank; d++)
      if (d != l->inner) {
        outer = outer * l->tile[d] + c[d];
        nouter *= l->tile[d];
      }
    int64_t ci = c[l->inner] % w, chunk = c[l->inner] / w;
    int64_t o = outer * rowb + ci * l->eb;
    if (l->swizzle) o ^= ((o >> 7) & (l->swizzle / 16 - 1)) << 4;
    return chunk * nouter * rowb + o;
  }
  if (l->kind == LW_SM_PADDED) return lw_padded_pad(l, lw_padded_index(l, c)) * l->eb;
  int64_t off = 0, stride = 1;
  for (int k = 0; k < l->rank; k++) {
    int d = l->order[k];
    int64_t v = c[d];
    if (l->kind == LW_SM_SWIZZLED && k == 0 && l->er >= 2) v ^= lw_swizzle_xor(l, c[l->order[1]]);
    off += v * stride;
    stride *= l->tile[d];
  }
  return off * l->eb;
}
