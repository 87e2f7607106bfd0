/* lw_mem.c: shared-memory allocations and views (memdesc values), the accesses between
 * registers and shared memory (local_load / local_store: vectors of up to 16 bytes, or
 * ldmatrix / stmatrix, through the layouts of lw_layout.c), and cp.async. */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

static int layout_or_fail(lw_ctx *c, const ir_op *op, const ir_type *md, lw_smem_layout *l) {
  char err[160];
  if (lw_smem_layout_of(md, l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  return 0;
}

static lw_val *memdesc_any(lw_ctx *c, const ir_op *op, const ir_value *v) {
  lw_val *x = lw_get(c, v);
  if (x->kind != LV_MEMDESC) {
    lw_fail(c, op, "operand is not a shared-memory descriptor the lowering knows");
    return NULL;
  }
  return x;
}

/* A view of this CTA's shared memory (a peer's, from map_to_remote_buffer, is refused). */
static lw_val *memdesc_val(lw_ctx *c, const ir_op *op, const ir_value *v) {
  if (lw_is_remote(v->type)) {
    lw_fail(c, op, "a peer CTA's shared memory (map_to_remote_buffer) is supported only as the target of an mbarrier arrive");
    return NULL;
  }
  return memdesc_any(c, op, v);
}

static lw_ssa memdesc_ptr(lw_ctx *c, const ir_op *op, const ir_value *v, lw_val *x);

lw_ssa lw_memdesc_ptr(lw_ctx *c, const ir_op *op, const ir_value *v) {
  lw_val *x = memdesc_val(c, op, v);
  return x ? memdesc_ptr(c, op, v, x) : 0;
}

lw_ssa lw_memdesc_ptr_remote(lw_ctx *c, const ir_op *op, const ir_value *v) {
  lw_val *x = memdesc_any(c, op, v);
  return x ? memdesc_ptr(c, op, v, x) : 0;
}

/* Pointer to the first element of view v (x = its value): the static offsets applied. */
static lw_ssa memdesc_ptr(lw_ctx *c, const ir_op *op, const ir_value *v, lw_val *x) {
  if (!x) return 0;
  lw_smem_layout l;
  if (layout_or_fail(c, op, v->type, &l)) return 0;
  int64_t co[IR_MAX_RANK];
  bool any = false;
  for (int d = 0; d < l.rank; d++) {
    co[d] = x->off[d];
    any |= co[d] != 0;
  }
  return any ? lw_gep_imm(c, x->s, lw_smem_offset_const(&l, co)) : x->s;
}

/* ------------------------------------------------------------------ addresses */

static int log2i(int64_t v) {
  int k = 0;
  while ((1LL << k) < v) k++;
  return k;
}

lw_ssa lw_smem_addr(lw_ctx *c, const lw_smem_layout *l, const lw_val *v, const lw_ssa *coord) {
  lw_ssa cd[IR_MAX_RANK];
  for (int d = 0; d < l->rank; d++)
    cd[d] = v->off[d] ? lw_bin_imm(c, "llvm.add", coord[d], v->off[d], "i32") : coord[d];
  if (l->kind == LW_SM_NVMMA) {
    int64_t w = lw_nvmma_row_elems(l);
    int64_t rowb = l->swizzle ? l->swizzle : l->tile[l->inner] * l->eb;
    int64_t nouter = 1;
    lw_ssa outer = 0;
    for (int d = 0; d < l->rank; d++) {
      if (d == l->inner) continue;
      outer = outer ? lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", outer, l->tile[d], "i32"), cd[d], "i32")
                    : cd[d];
      nouter *= l->tile[d];
    }
    lw_ssa ci = lw_bin_imm(c, "llvm.and", cd[l->inner], w - 1, "i32");
    lw_ssa chunk = lw_bin_imm(c, "llvm.lshr", cd[l->inner], log2i(w), "i32");
    lw_ssa o = lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", outer, rowb, "i32"),
                      lw_bin_imm(c, "llvm.mul", ci, l->eb, "i32"), "i32");
    if (l->swizzle) {
      lw_ssa s = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.lshr", o, 7, "i32"), l->swizzle / 16 - 1, "i32");
      o = lw_bin(c, "llvm.xor", o, lw_bin_imm(c, "llvm.shl", s, 4, "i32"), "i32");
    }
    return lw_bin(c, "llvm.add", o, lw_bin_imm(c, "llvm.mul", chunk, nouter * rowb, "i32"), "i32");
  }
  if (l->kind == LW_SM_PADDED) return lw_padded_bytes_emit(c, l, lw_padded_index_emit(c, l, cd));
  lw_ssa off = 0;
  int64_t stride = 1;
  for (int k = 0; k < l->rank; k++) {
    int d = l->order[k];
    lw_ssa x = cd[d];
    if (l->kind == LW_SM_SWIZZLED && k == 0 && l->er >= 2 && l->max_phase > 1 && !l->rotating &&
        (int64_t)l->vec * l->max_phase <= l->tile[d]) {
      /* the XOR stays inside the row: (x / vec ^ phase) * vec + x % vec */
      lw_ssa row = cd[l->order[1]];
      lw_ssa ph = lw_bin_imm(c, "llvm.urem", lw_bin_imm(c, "llvm.udiv", row, l->per_phase, "i32"),
                             l->max_phase, "i32");
      lw_ssa hi = lw_bin(c, "llvm.xor", lw_bin_imm(c, "llvm.udiv", x, l->vec, "i32"), ph, "i32");
      x = lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", hi, l->vec, "i32"),
                 lw_bin_imm(c, "llvm.urem", x, l->vec, "i32"), "i32");
    } else if (l->kind == LW_SM_SWIZZLED && k == 0 && l->er >= 2 && l->max_phase > 1) {
      /* x ^ lw_swizzle_xor(row), computed on the thread's row */
      lw_ssa row = cd[l->order[1]];
      lw_ssa ph = lw_bin_imm(c, "llvm.urem", lw_bin_imm(c, "llvm.udiv", row, l->per_phase, "i32"),
                             l->max_phase, "i32");
      if (l->rotating) {
        lw_ssa blk = lw_bin_imm(c, "llvm.udiv", row, (int64_t)l->per_phase * l->max_phase, "i32");
        ph = lw_bin(c, "llvm.xor", ph, lw_bin_imm(c, "llvm.urem", blk, l->max_phase, "i32"), "i32");
      }
      lw_ssa sw = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.mul", ph, l->vec, "i32"), l->tile[d] - 1, "i32");
      x = lw_bin(c, "llvm.xor", x, sw, "i32");
    }
    lw_ssa t = stride == 1 ? x : lw_bin_imm(c, "llvm.mul", x, stride, "i32");
    off = off ? lw_bin(c, "llvm.add", off, t, "i32") : t;
    stride *= l->tile[d];
  }
  return lw_bin_imm(c, "llvm.mul", off, l->eb, "i32");
}

/* ------------------------------------------------------------------ views */

static int view(lw_ctx *c, const ir_op *op) {
  ir_value *src = op->operands[0];
  lw_val *sv = memdesc_any(c, op, src); /* views of a peer's memory stay remote */
  if (!sv || op->n_results != 1) return -1;
  const ir_type *st = src->type, *rt = op->results[0]->type;
  lw_val r = *sv;
  memset(r.off, 0, sizeof r.off);
  switch (op->code) {
  case IR_OP_TTG_MEMDESC_INDEX: {
    /* Drops dim 0: the view is sub-tile idx of the source's tile. */
    lw_smem_layout sl;
    if (layout_or_fail(c, op, st, &sl)) return -1;
    for (int d = 0; d < st->rank; d++)
      if (sv->off[d]) return lw_fail(c, op, "memdesc_index of a subslice is not supported");
    int64_t sub = lw_smem_tile_bytes(&sl) / sl.tile[0];
    ir_value *iv = ir_seg(op, IR_SEG_TTG_MEMDESC_INDEX_INDEX, NULL);
    int64_t k;
    if (sl.kind == LW_SM_PADDED) {
      /* the padding of index * tile elements (ViewOpToLLVM.cpp); it adds to the padding
       * inside the tile when the tile is a whole number of every interval */
      int64_t n = sub / sl.eb;
      for (int i = 0; i < sl.npad; i++)
        if (n % (1LL << sl.pint[i]))
          return lw_fail(c, op, "memdesc_index of a padded_shared buffer whose tile is not a multiple of the padding interval");
      if (st->rank - 1 != sl.er) return lw_fail(c, op, "memdesc_index of a padded_shared buffer with several buffer dims");
      lw_ssa i = ir_value_const_int(iv, &k) ? lw_i32(c, (int32_t)k) : lw_scalar(c, iv);
      r.s = lw_gep(c, sv->s, lw_padded_bytes_emit(c, &sl, lw_bin_imm(c, "llvm.mul", i, n, "i32")));
    } else if (ir_value_const_int(iv, &k)) {
      r.s = lw_gep_imm(c, sv->s, k * sub);
    } else {
      lw_ssa i = lw_scalar(c, iv);
      r.s = lw_gep(c, sv->s, lw_bin_imm(c, "llvm.mul", i, sub, "i32"));
    }
    break;
  }
  case IR_OP_TTG_MEMDESC_SUBSLICE: case IR_OP_TTG_MEMDESC_DYN_SUBSLICE: {
    const ir_attr *o = ir_op_attr(op, "offsets");
    for (int d = 0; d < rt->rank; d++) {
      int64_t k = 0;
      if (op->code == IR_OP_TTG_MEMDESC_SUBSLICE) {
        if (!o || o->kind != IR_A_DENSE_ARRAY || (int)o->n != rt->rank)
          return lw_fail(c, op, "memdesc_subslice without static offsets");
        k = o->ivals[d];
      } else if (op->n_operands != (uint32_t)rt->rank + 1 ||
                 !ir_value_const_int(op->operands[1 + d], &k)) {
        return lw_fail(c, op, "memdesc_dynamic_subslice with non-constant offsets is not supported");
      }
      r.off[d] = sv->off[d] + (int32_t)k;
    }
    break;
  }
  case IR_OP_TTG_MEMDESC_TRANS: {
    const ir_attr *o = ir_op_attr(op, "order");
    if (!o || o->kind != IR_A_DENSE_ARRAY || (int)o->n != rt->rank)
      return lw_fail(c, op, "memdesc_trans without an order");
    for (int d = 0; d < rt->rank; d++) r.off[d] = sv->off[o->ivals[d]];
    break;
  }
  case IR_OP_TTG_MEMDESC_RESHAPE: case IR_OP_TTG_MEMDESC_REINTERPRET: case IR_OP_TLX_LOCAL_ALIAS:
    for (int d = 0; d < st->rank; d++)
      if (sv->off[d]) return lw_fail(c, op, "reshaping a subslice is not supported");
    break;
  default: return lw_unsupported(c, op);
  }
  lw_set(c, op->results[0], r);
  return 0;
}

/* ------------------------------------------------------------------ loads and stores */

static int check_warps(lw_ctx *c, const ir_op *op, const lw_ll *l) {
  if (lw_ll_nwarps(l) != c->rg->num_warps)
    return lw_fail(c, op, "the tensor layout spans %d warps but the code runs on %d",
                   lw_ll_nwarps(l), c->rg->num_warps);
  return 0;
}

/* Elements per vector access for a register tensor of layout l in shared layout sl through
 * view v: the first k register bases of l must step 1, 2, 4, ... along the shared layout's
 * contiguous dim (so registers r..r+2^k-1 of a group are adjacent there), every other basis
 * and the view offset must keep the group's start aligned to 2^k elements, and the group must
 * stay inside one unit the swizzle moves as a whole (a 16-byte unit for nvmma_shared, `vec`
 * elements for swizzled_shared). At most 16 bytes (ld/st.shared.v4.b32). 1 = no vectors. */
static int smem_inner(const lw_smem_layout *sl) { return sl->kind == LW_SM_NVMMA ? sl->inner : sl->order[0]; }

/* Most elements (at most 16 bytes) that stay adjacent in shared memory when they are adjacent
 * and aligned along the contiguous dim. */
static int64_t contig_cap(const lw_smem_layout *sl) {
  int64_t cap = 16 / sl->eb;
  if (sl->kind == LW_SM_NVMMA) {
    if (lw_nvmma_row_elems(sl) < cap) cap = lw_nvmma_row_elems(sl);
  } else if (sl->kind == LW_SM_SWIZZLED && sl->er >= 2 && sl->max_phase > 1 && sl->vec < cap) {
    cap = sl->vec;
  } else if (sl->kind == LW_SM_PADDED && (1LL << sl->prun) < cap) {
    cap = 1LL << sl->prun;
  }
  if (sl->tile[smem_inner(sl)] < cap) cap = sl->tile[smem_inner(sl)];
  return cap;
}

static int smem_vec(const lw_ll *l, const lw_smem_layout *sl, const lw_val *v, const char *ty) {
  if (!strcmp(ty, "i1") || !strncmp(ty, "!llvm.ptr", 9)) return 1;
  int inner = smem_inner(sl);
  int64_t cap = contig_cap(sl);
  int k = 0;
  while (k < l->nreg && (1LL << (k + 1)) <= cap) {
    bool ok = true;
    for (int d = 0; d < l->rank; d++) ok &= l->reg[k][d] == (d == inner ? (1 << k) : 0);
    if (!ok) break;
    k++;
  }
  while (k > 0) { /* alignment of the group's first element */
    int32_t m = (1 << k) - 1;
    bool ok = (v->off[inner] & m) == 0 && (lw_smem_tile_bytes(sl) % ((int64_t)sl->eb << k)) == 0;
    for (int b = k; b < l->nreg; b++) ok &= (l->reg[b][inner] & m) == 0;
    for (int b = 0; b < l->nlane; b++) ok &= (l->lane[b][inner] & m) == 0;
    for (int b = 0; b < l->nwarp; b++) ok &= (l->warp[b][inner] & m) == 0;
    if (ok) break;
    k--;
  }
  return 1 << k;
}

/* True when basis b is v along dim d and 0 elsewhere. */
static bool is_axis(const int32_t *b, int rank, int d, int32_t v) {
  for (int k = 0; k < rank; k++)
    if (b[k] != (k == d ? v : 0)) return false;
  return true;
}

/* stmatrix / ldmatrix (m8n8, .x4, b16) apply when the register layout is the 8x8 fragment
 * layout of those instructions (PTX ISA "warp-level matrix store instruction: stmatrix"):
 * register bit 0 and lane bits 0, 1 step 1, 2, 4 along the shared layout's contiguous dim (a
 * thread holds 2 adjacent elements of row lane/4 of a matrix), every other basis keeps a row's
 * start a multiple of 8 elements, and 8 such elements are 16 contiguous bytes of shared memory.
 * Register bits 1 and 2 select the 4 matrices of a group of 8 registers; thread t gives the
 * address of row t%8 of matrix t/8. Fills lx: l with lane bases {lane 2, 3, 4, reg 1, reg 2},
 * whose thread coordinate is the row a thread addresses. Returns false when not applicable. */
static bool matrix_x4(const lw_ll *l, const lw_smem_layout *sl, const lw_val *v, const char *ty, lw_ll *lx) {
  if (lw_ty_bits(ty) != 16 || sl->eb != 2 || l->nreg < 3 || l->nlane != 5 || contig_cap(sl) < 8) return false;
  int in = smem_inner(sl);
  if (!is_axis(l->reg[0], l->rank, in, 1) || !is_axis(l->lane[0], l->rank, in, 2) ||
      !is_axis(l->lane[1], l->rank, in, 4))
    return false;
  /* Every other basis moves whole rows: keeps a row's start a multiple of 8 elements. */
  bool ok = (v->off[in] & 7) == 0 && lw_smem_tile_bytes(sl) % 16 == 0;
  for (int b = 1; b < l->nreg; b++) ok &= (l->reg[b][in] & 7) == 0;
  for (int b = 2; b < l->nlane; b++) ok &= (l->lane[b][in] & 7) == 0;
  for (int b = 0; b < l->nwarp; b++) ok &= (l->warp[b][in] & 7) == 0;
  if (!ok) return false;
  *lx = *l;
  memcpy(lx->lane[0], l->lane[2], sizeof lx->lane[0]);
  memcpy(lx->lane[1], l->lane[3], sizeof lx->lane[1]);
  memcpy(lx->lane[2], l->lane[4], sizeof lx->lane[2]);
  memcpy(lx->lane[3], l->reg[1], sizeof lx->lane[3]);
  memcpy(lx->lane[4], l->reg[2], sizeof lx->lane[4]);
  return true;
}

/* 32-bit register holding 16-bit elements x (low) and y (high). */
static lw_ssa pack_b16(lw_ctx *c, lw_ssa x, lw_ssa y, const char *ty) {
  lw_ssa u = lw_op(c, "llvm.mlir.undef : vector<2x%s>", ty);
  lw_ssa z = lw_i32(c, 0), o = lw_i32(c, 1);
  u = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : vector<2x%s>", lw_n(c, x), lw_n(c, u), lw_n(c, z), ty);
  u = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : vector<2x%s>", lw_n(c, y), lw_n(c, u), lw_n(c, o), ty);
  return lw_op(c, "llvm.bitcast %s : vector<2x%s> to i32", lw_n(c, u), ty);
}

/* Address (i32, shared window) of the row this thread gives for register group g (a multiple
 * of 8) of a matrix_x4 access: thr is the thread coordinate under lx (matrix_x4), the
 * register part of g (bits 3 and up) comes from l. */
static lw_ssa matrix_row_addr(lw_ctx *c, const lw_ll *l, const lw_smem_layout *sl, const lw_val *m,
                              const lw_ssa *thr, uint32_t g) {
  lw_ssa co[IR_MAX_RANK];
  lw_elem_coord(c, l, thr, g, co);
  return lw_smem_u32(c, lw_gep(c, m->s, lw_smem_addr(c, sl, m, co)));
}

static int lw_store_tensor(lw_ctx *c, const ir_op *op, const ir_value *val, const ir_value *md) {
  lw_val *v = lw_get(c, val), *m = memdesc_val(c, op, md);
  if (!m) return -1;
  if (v->kind != LV_TENSOR) return lw_fail(c, op, "storing a value that is not a register tensor");
  lw_ll l;
  lw_smem_layout sl;
  char err[160];
  if (lw_ll_of_type(val->type, &l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (check_warps(c, op, &l) || layout_or_fail(c, op, md->type, &sl)) return -1;
  lw_ll lx;
  lw_ssa thr[IR_MAX_RANK], co[IR_MAX_RANK];
  if (matrix_x4(&l, &sl, m, v->ty, &lx)) {
    lw_thread_coord(c, &lx, thr);
    for (uint32_t g = 0; g < v->n; g += 8) {
      lw_ssa args[5];
      const char *tys[5] = {"i32", "i32", "i32", "i32", "i32"};
      args[0] = matrix_row_addr(c, &l, &sl, m, thr, g);
      for (uint32_t i = 0; i < 4; i++) args[1 + i] = pack_b16(c, v->el[g + 2 * i], v->el[g + 2 * i + 1], v->ty);
      lw_asm(c, NULL, "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "r,r,r,r,r", args, tys, 5, 0);
    }
    return 0;
  }
  int vec = smem_vec(&l, &sl, m, v->ty);
  lw_thread_coord(c, &l, thr);
  for (uint32_t r = 0; r < v->n; r += (uint32_t)vec) {
    lw_elem_coord(c, &l, thr, r, co);
    lw_ssa p = lw_gep(c, m->s, lw_smem_addr(c, &sl, m, co));
    if (vec == 1) {
      lw_stmt(c, "llvm.store %s, %s {alignment = %d : i64} : %s, !llvm.ptr<3>", lw_n(c, v->el[r]),
              lw_n(c, p), sl.eb, v->ty);
      continue;
    }
    lw_ssa x = lw_op(c, "llvm.mlir.undef : vector<%dx%s>", vec, v->ty);
    for (int i = 0; i < vec; i++) {
      lw_ssa ix = lw_i32(c, i);
      x = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : vector<%dx%s>", lw_n(c, v->el[r + (uint32_t)i]),
                lw_n(c, x), lw_n(c, ix), vec, v->ty);
    }
    lw_stmt(c, "llvm.store %s, %s {alignment = %d : i64} : vector<%dx%s>, !llvm.ptr<3>", lw_n(c, x),
            lw_n(c, p), sl.eb * vec, vec, v->ty);
  }
  return 0;
}

static int local_load(lw_ctx *c, const ir_op *op) {
  ir_value *md = op->operands[0];
  lw_val *m = memdesc_val(c, op, md);
  if (!m) return -1;
  const ir_type *rt = op->results[0]->type;
  lw_ll l;
  lw_smem_layout sl;
  char err[160];
  if (lw_ll_of_type(rt, &l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (check_warps(c, op, &l) || layout_or_fail(c, op, md->type, &sl)) return -1;
  lw_val r = {.kind = LV_TENSOR, .ty = lw_llty(rt), .n = lw_ll_nregs(&l)};
  if (!r.ty) return lw_fail(c, op, "unsupported element type");
  r.el = lw_alloc(c, r.n * sizeof *r.el);
  lw_ll lx;
  lw_ssa thr[IR_MAX_RANK], co[IR_MAX_RANK];
  if (matrix_x4(&l, &sl, m, r.ty, &lx)) {
    lw_thread_coord(c, &lx, thr);
    const char *st = "!llvm.struct<(i32, i32, i32, i32)>";
    for (uint32_t g = 0; g < r.n; g += 8) {
      lw_ssa a = matrix_row_addr(c, &l, &sl, m, thr, g);
      const char *aty = "i32";
      lw_ssa x = lw_asm(c, st, "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];",
                        "=r,=r,=r,=r,r", &a, &aty, 1, 0);
      for (uint32_t i = 0; i < 4; i++) {
        lw_ssa w = lw_op(c, "llvm.extractvalue %s[%u] : %s", lw_n(c, x), i, st);
        lw_ssa pv = lw_op(c, "llvm.bitcast %s : i32 to vector<2x%s>", lw_n(c, w), r.ty);
        for (uint32_t k = 0; k < 2; k++) {
          lw_ssa ix = lw_i32(c, k);
          r.el[g + 2 * i + k] = lw_op(c, "llvm.extractelement %s[%s : i32] : vector<2x%s>", lw_n(c, pv), lw_n(c, ix), r.ty);
        }
      }
    }
    lw_set(c, op->results[0], r);
    return 0;
  }
  int vec = smem_vec(&l, &sl, m, r.ty);
  lw_thread_coord(c, &l, thr);
  for (uint32_t i = 0; i < r.n; i += (uint32_t)vec) {
    lw_elem_coord(c, &l, thr, i, co);
    lw_ssa p = lw_gep(c, m->s, lw_smem_addr(c, &sl, m, co));
    if (vec == 1) {
      r.el[i] = lw_op(c, "llvm.load %s {alignment = %d : i64} : !llvm.ptr<3> -> %s", lw_n(c, p),
                      sl.eb, r.ty);
      continue;
    }
    lw_ssa x = lw_op(c, "llvm.load %s {alignment = %d : i64} : !llvm.ptr<3> -> vector<%dx%s>", lw_n(c, p),
                     sl.eb * vec, vec, r.ty);
    for (int k = 0; k < vec; k++) {
      lw_ssa ix = lw_i32(c, k);
      r.el[i + (uint32_t)k] = lw_op(c, "llvm.extractelement %s[%s : i32] : vector<%dx%s>", lw_n(c, x),
                                    lw_n(c, ix), vec, r.ty);
    }
  }
  lw_set(c, op->results[0], r);
  return 0;
}

static int local_alloc(lw_ctx *c, const ir_op *op) {
  uint32_t off = c->plan.off[op->id];
  if (off == LW_NO_OFF || !c->smem) return lw_fail(c, op, "allocation missing from the shared-memory plan");
  lw_val r = {.kind = LV_MEMDESC, .ty = "!llvm.ptr<3>", .s = lw_gep_imm(c, c->smem, off)};
  lw_set(c, op->results[0], r);
  if (op->n_operands) return lw_store_tensor(c, op, op->operands[0], op->results[0]);
  return 0;
}

/* ------------------------------------------------------------------ cp.async */

/* True when v is absent or a constant zero (integer, float or a splat of one). */
static bool zero_or_none(const ir_value *v) {
  if (!v) return true;
  if (!v->def || v->def->code != IR_OP_ARITH_CONSTANT) return false;
  const ir_attr *a = ir_op_attr(v->def, "value");
  if (a && a->kind == IR_A_DENSE && a->n == 1 && a->elems && a->elems[0]) a = a->elems[0];
  if (!a) return false;
  if (a->kind == IR_A_DENSE) return a->str && (!strcmp(a->str, "0") || !strncmp(a->str, "0.0", 3) || !strcmp(a->str, "false"));
  return (a->kind == IR_A_INT || a->kind == IR_A_BOOL) ? a->ival == 0 : a->kind == IR_A_FLOAT && a->fval == 0.0;
}

bool lw_is_zero_const(const ir_value *v) { return v && zero_or_none(v); }

/* amdg.buffer_load_to_local (AMD): the destination view, then lw_amd_async.c. */
static int buffer_to_local(lw_ctx *c, const ir_op *op) {
  if (!lw_target_is_amd(c->target)) return lw_unsupported(c, op);
  ir_value *dst = ir_seg(op, IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_DEST, NULL);
  lw_smem_layout sl;
  lw_val *m = dst ? memdesc_val(c, op, dst) : NULL;
  if (!m || layout_or_fail(c, op, dst->type, &sl)) return -1;
  return lw_amd_buffer_to_local(c, op, m, &sl);
}

/* ttg.async_copy_global_to_local (semantics.md §2.2, cp.async): per group of vec elements
 * contiguous in both memories, cp.async.{ca,cg}.shared.global of 4, 8 or 16 bytes, the source
 * size 0 where the mask is off (the hardware fills zeros: `other` must be zero). */
static int async_copy(lw_ctx *c, const ir_op *op) {
  ir_value *src = ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_SRC, NULL);
  ir_value *dst = ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_RESULT, NULL);
  ir_value *mask = ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_MASK, NULL);
  ir_value *other = ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_OTHER, NULL);
  if (ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_BULK_SIZE, NULL) || ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_BARRIER, NULL))
    return lw_fail(c, op, "bulk cp.async (bulk_size / barrier) is not supported yet");
  if (!zero_or_none(other))
    return lw_fail(c, op, "cp.async can only fill masked-off elements with zeros: `other` must be a constant 0");
  bool amd = lw_target_is_amd(c->target);
  if (amd && other) return lw_fail(c, op, "an async copy with `other` is not supported for %s yet", lw_target_name(c->target));
  lw_val *m = memdesc_val(c, op, dst), *pv = lw_get(c, src);
  if (!m) return -1;
  if (pv->kind != LV_TENSOR) return lw_fail(c, op, "cp.async source is not a pointer tensor");
  lw_ll l;
  lw_smem_layout sl;
  char err[160];
  if (lw_ll_of_type(src->type, &l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (check_warps(c, op, &l) || layout_or_fail(c, op, dst->type, &sl)) return -1;
  const char *ety = lw_llty(src->type->elem->elem);
  if (!ety) return lw_fail(c, op, "unsupported cp.async element type");
  int eb = sl.eb;
  int vg = lw_global_vec(c, &l, src, mask, eb), vs = smem_vec(&l, &sl, m, ety);
  if (amd) return lw_amd_dma(c, op, m, pv, &l, &sl, vg, mask != NULL);
  int vec = vg < vs ? vg : vs;
  int bytes = vec * eb;
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return lw_fail(c, op, "cp.async copies 4, 8 or 16 bytes: this layout gives each thread %d contiguous byte(s) "
                   "(%d element(s) contiguous in global memory as far as the lowering can tell, %d in shared memory)",
                   bytes, vg, vs);
  char ptx[96];
  snprintf(ptx, sizeof ptx, "cp.async.%s.shared.global [$0], [$1], %d, $2;", bytes == 16 ? "cg" : "ca", bytes);
  lw_ssa thr[IR_MAX_RANK], co[IR_MAX_RANK];
  lw_thread_coord(c, &l, thr);
  lw_val *mv = mask ? lw_get(c, mask) : NULL;
  for (uint32_t i = 0; i < pv->n; i += (uint32_t)vec) {
    lw_elem_coord(c, &l, thr, i, co);
    lw_ssa d = lw_smem_u32(c, lw_gep(c, m->s, lw_smem_addr(c, &sl, m, co)));
    lw_ssa sz = lw_i32(c, bytes);
    if (mv) {
      lw_ssa mk = mv->kind == LV_TENSOR ? mv->el[i] : mv->s;
      sz = lw_op(c, "llvm.select %s, %s, %s : i1, i32", lw_n(c, mk), lw_n(c, sz), lw_n(c, lw_i32(c, 0)));
    }
    lw_ssa args[3] = {d, pv->el[i], sz};
    const char *tys[3] = {"i32", "!llvm.ptr<1>", "i32"};
    lw_asm(c, NULL, ptx, "r,l,r", args, tys, 3, 0);
  }
  if (op->n_results) lw_set(c, op->results[0], (lw_val){.kind = LV_NONE});
  return 0;
}

/* async_commit_group -> cp.async.commit_group; async_wait {num} -> cp.async.wait_group num
 * (this thread's groups only: the membar pass adds the barrier other threads need). */
static int async_group(lw_ctx *c, const ir_op *op) {
  if (lw_target_is_amd(c->target)) return lw_amd_async_group(c, op);
  if (op->code == IR_OP_TTG_ASYNC_COMMIT_GROUP) {
    lw_asm(c, NULL, "cp.async.commit_group;", "", NULL, NULL, 0, 0);
  } else {
    int64_t n = ir_op_attr_int(op, "num", 0);
    if (n < 0 || n > 63) return lw_fail(c, op, "async_wait num out of range (0..63)");
    char ptx[48];
    snprintf(ptx, sizeof ptx, "cp.async.wait_group %lld;", (long long)n);
    lw_asm(c, NULL, ptx, "", NULL, NULL, 0, 0);
  }
  for (uint32_t i = 0; i < op->n_results; i++) lw_set(c, op->results[i], (lw_val){.kind = LV_NONE});
  return 0;
}

int lw_mem_op(lw_ctx *c, const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTG_LOCAL_ALLOC:
    lw_membar_before(c, op);
    return local_alloc(c, op);
  case IR_OP_TTG_LOCAL_LOAD:
    lw_membar_before(c, op);
    return local_load(c, op);
  case IR_OP_TTG_LOCAL_STORE:
    lw_membar_before(c, op);
    return lw_store_tensor(c, op, op->operands[0], op->operands[1]);
  case IR_OP_TTG_MEMDESC_INDEX: case IR_OP_TTG_MEMDESC_SUBSLICE:
  case IR_OP_TTG_MEMDESC_DYN_SUBSLICE: case IR_OP_TTG_MEMDESC_TRANS:
  case IR_OP_TTG_MEMDESC_RESHAPE: case IR_OP_TTG_MEMDESC_REINTERPRET: case IR_OP_TLX_LOCAL_ALIAS:
    if (op->n_operands && lw_get(c, op->operands[0])->kind == LV_TMEM) return lw_tmem_view(c, op);
    return view(c, op);
  case IR_OP_TT_LOAD: case IR_OP_TT_STORE:
    return lw_global_op(c, op);
  case IR_OP_TTG_ASYNC_COPY_G2L:
    lw_membar_before(c, op);
    return async_copy(c, op);
  case IR_OP_TTG_ASYNC_COMMIT_GROUP: case IR_OP_TTG_ASYNC_WAIT: case IR_OP_AMDG_ASYNC_WAIT:
    if (op->code == IR_OP_AMDG_ASYNC_WAIT && !lw_target_is_amd(c->target)) return lw_unsupported(c, op);
    lw_membar_before(c, op);
    return async_group(c, op);
  case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL:
    lw_membar_before(c, op);
    return buffer_to_local(c, op);
  default: return lw_unsupported(c, op);
  }
}
