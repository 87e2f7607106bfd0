/* lw_mem.c: shared-memory allocations and views (memdesc values), and the synchronous
 * accesses between registers and shared memory (local_load / local_store), element by
 * element through the layouts of lw_layout.c. */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

static int layout_or_fail(lw_ctx *c, const ir_op *op, const ir_type *md, lw_smem_layout *l) {
  char err[160];
  if (lw_smem_layout_of(md, l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  return 0;
}

static lw_val *memdesc_val(lw_ctx *c, const ir_op *op, const ir_value *v) {
  lw_val *x = lw_get(c, v);
  if (x->kind != LV_MEMDESC) {
    lw_fail(c, op, "operand is not a shared-memory descriptor the lowering knows");
    return NULL;
  }
  return x;
}

lw_ssa lw_memdesc_ptr(lw_ctx *c, const ir_op *op, const ir_value *v) {
  lw_val *x = memdesc_val(c, op, v);
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
  lw_ssa off = 0;
  int64_t stride = 1;
  for (int k = 0; k < l->rank; k++) {
    int d = l->order[k];
    lw_ssa x = cd[d];
    if (l->kind == LW_SM_SWIZZLED && k == 0 && l->er >= 2 && l->max_phase > 1) {
      lw_ssa row = cd[l->order[1]];
      lw_ssa ph = lw_bin_imm(c, "llvm.urem", lw_bin_imm(c, "llvm.udiv", row, l->per_phase, "i32"),
                             l->max_phase, "i32");
      lw_ssa hi = lw_bin(c, "llvm.xor", lw_bin_imm(c, "llvm.udiv", x, l->vec, "i32"), ph, "i32");
      x = lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", hi, l->vec, "i32"),
                 lw_bin_imm(c, "llvm.urem", x, l->vec, "i32"), "i32");
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
  lw_val *sv = memdesc_val(c, op, src);
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
    ir_value *iv = ir_seg(op, 1, NULL);
    int64_t k;
    if (ir_value_const_int(iv, &k)) {
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

static int lw_store_tensor(lw_ctx *c, const ir_op *op, const ir_value *val, const ir_value *md) {
  lw_val *v = lw_get(c, val), *m = memdesc_val(c, op, md);
  if (!m) return -1;
  if (v->kind != LV_TENSOR) return lw_fail(c, op, "storing a value that is not a register tensor");
  lw_ll l;
  lw_smem_layout sl;
  char err[160];
  if (lw_ll_of_type(val->type, &l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (check_warps(c, op, &l) || layout_or_fail(c, op, md->type, &sl)) return -1;
  lw_ssa thr[IR_MAX_RANK], co[IR_MAX_RANK];
  lw_thread_coord(c, &l, thr);
  for (uint32_t r = 0; r < v->n; r++) {
    lw_elem_coord(c, &l, thr, r, co);
    lw_ssa p = lw_gep(c, m->s, lw_smem_addr(c, &sl, m, co));
    lw_stmt(c, "llvm.store %s, %s {alignment = %d : i64} : %s, !llvm.ptr<3>", lw_n(c, v->el[r]),
            lw_n(c, p), sl.eb, v->ty);
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
  lw_ssa thr[IR_MAX_RANK], co[IR_MAX_RANK];
  lw_thread_coord(c, &l, thr);
  for (uint32_t i = 0; i < r.n; i++) {
    lw_elem_coord(c, &l, thr, i, co);
    lw_ssa p = lw_gep(c, m->s, lw_smem_addr(c, &sl, m, co));
    r.el[i] = lw_op(c, "llvm.load %s {alignment = %d : i64} : !llvm.ptr<3> -> %s", lw_n(c, p),
                    sl.eb, r.ty);
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
  default: return lw_unsupported(c, op);
  }
}
