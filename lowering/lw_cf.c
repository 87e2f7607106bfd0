/* lw_cf.c: structured control flow (scf.for / scf.if / scf.while) lowered to LLVM-dialect
 * blocks and branches. Loop-carried and merged values become block arguments; a tensor value
 * is flattened to one argument per element this thread holds. */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

/* Number of flat SSA values an ir value of type t occupies, or -1 if it cannot cross a
 * branch. */
static int flat_width(const ir_type *t, char *err, size_t errn) {
  switch (t->kind) {
  case IR_T_TOKEN: return 0;
  case IR_T_TENSOR: {
    lw_ll l;
    if (lw_ll_of_type(t, &l, err, errn)) return -1;
    return (int)lw_ll_nregs(&l);
  }
  case IR_T_MEMDESC: case IR_T_TENSORDESC: return 1;
  default:
    if (!lw_llty(t)) {
      snprintf(err, errn, "a value of this type cannot be carried through control flow");
      return -1;
    }
    return 1;
  }
}

static const char *flat_ty(const ir_type *t) {
  switch (t->kind) {
  case IR_T_MEMDESC: return lw_is_tmem(t) ? "i32" : "!llvm.ptr<3>";
  case IR_T_TENSORDESC: return "!llvm.ptr";
  default: return lw_llty(t);
  }
}

uint32_t lw_flat_count(lw_ctx *c, ir_value *const *vals, uint32_t n) {
  uint32_t k = 0;
  char err[160];
  for (uint32_t i = 0; i < n; i++) {
    int w = flat_width(vals[i]->type, err, sizeof err);
    if (w > 0) k += (uint32_t)w;
  }
  (void)c;
  return k;
}

uint32_t lw_flat_types(lw_ctx *c, ir_value *const *vals, uint32_t n, const char **tys,
                       uint32_t cap, const ir_op *where) {
  uint32_t k = 0;
  char err[160];
  for (uint32_t i = 0; i < n; i++) {
    int w = flat_width(vals[i]->type, err, sizeof err);
    if (w < 0) {
      lw_fail(c, where, "%s", err);
      return 0;
    }
    for (int j = 0; j < w && k < cap; j++) tys[k++] = flat_ty(vals[i]->type);
  }
  return k;
}

uint32_t lw_flatten(lw_ctx *c, ir_value *const *vals, uint32_t n, lw_ssa *ssa,
                    const char **tys, uint32_t cap) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    const lw_val *v = lw_get(c, vals[i]);
    const ir_type *t = vals[i]->type;
    if (t->kind == IR_T_TOKEN) continue;
    if (v->kind == LV_TENSOR) {
      for (uint32_t j = 0; j < v->n && k < cap; j++) {
        ssa[k] = v->el[j];
        tys[k++] = v->ty;
      }
    } else if (k < cap) {
      if (v->kind == LV_MEMDESC)
        for (int d = 0; d < IR_MAX_RANK; d++)
          if (v->off[d])
            lw_fail(c, vals[i]->def, "a shared-memory subview with offsets cannot cross a branch");
      ssa[k] = v->s;
      tys[k++] = flat_ty(t);
    }
  }
  return k;
}

int lw_unflatten(lw_ctx *c, ir_value *const *vals, uint32_t n, const lw_ssa *ssa,
                 const ir_op *where) {
  uint32_t k = 0;
  char err[160];
  for (uint32_t i = 0; i < n; i++) {
    const ir_type *t = vals[i]->type;
    int w = flat_width(t, err, sizeof err);
    if (w < 0) return lw_fail(c, where, "%s", err);
    lw_val v = {0};
    if (t->kind == IR_T_TOKEN) {
      v.kind = LV_NONE;
    } else if (t->kind == IR_T_TENSOR) {
      v.kind = LV_TENSOR;
      v.ty = lw_llty(t);
      v.n = (uint32_t)w;
      v.el = lw_alloc(c, (size_t)w * sizeof *v.el);
      memcpy(v.el, ssa + k, (size_t)w * sizeof *v.el);
    } else {
      v.kind = t->kind == IR_T_MEMDESC ? (lw_is_tmem(t) ? LV_TMEM : LV_MEMDESC)
               : t->kind == IR_T_TENSORDESC ? LV_DESC : LV_SCALAR;
      v.ty = flat_ty(t);
      v.s = ssa[k];
    }
    k += (uint32_t)w;
    lw_set(c, vals[i], v);
  }
  return 0;
}

/* Fresh SSA names for n block arguments. */
static lw_ssa *fresh(lw_ctx *c, uint32_t n) {
  lw_ssa *a = lw_alloc(c, (n + 1) * sizeof *a);
  for (uint32_t i = 0; i < n; i++) a[i] = lw_new(c);
  return a;
}

/* Flattened operands of a terminator (yield / condition args). */
typedef struct flat {
  lw_ssa *ssa;
  const char **tys;
  uint32_t n;
} flat;

static flat flat_of(lw_ctx *c, ir_value *const *vals, uint32_t n) {
  flat f;
  uint32_t cap = lw_flat_count(c, vals, n);
  f.ssa = lw_alloc(c, (cap + 1) * sizeof *f.ssa);
  f.tys = lw_alloc(c, (cap + 1) * sizeof *f.tys);
  f.n = lw_flatten(c, vals, n, f.ssa, f.tys, cap);
  return f;
}

static const ir_block *region_block(const ir_op *op, uint32_t r) {
  if (r >= op->n_regions || !op->regions[r]->n_blocks) return NULL;
  return op->regions[r]->blocks[0];
}

/* Lowers a single-block region whose terminator yields values; returns them flattened. */
static int lower_yielding(lw_ctx *c, const ir_block *b, const ir_op *owner, flat *out) {
  if (lw_lower_block(c, b)) return -1;
  const ir_op *t = b->last;
  if (!t || !lw_is_terminator(t)) {
    *out = (flat){0};
    return owner->n_results ? lw_fail(c, owner, "region without a yield") : 0;
  }
  uint32_t skip = t->code == IR_OP_SCF_CONDITION ? 1 : 0;
  *out = flat_of(c, t->operands + skip, t->n_operands - skip);
  return c->err ? -1 : 0;
}

int lw_cf_for(lw_ctx *c, const ir_op *op) {
  uint32_t ninit = 0;
  ir_value *lb = ir_seg(op, IR_SEG_SCF_FOR_LB, NULL), *ub = ir_seg(op, IR_SEG_SCF_FOR_UB, NULL);
  ir_value *st = ir_seg(op, IR_SEG_SCF_FOR_STEP, NULL), *init0 = ir_seg(op, IR_SEG_SCF_FOR_INITS, &ninit);
  const ir_block *body = region_block(op, 0);
  if (!lb || !ub || !st || !body || body->n_args != ninit + 1)
    return lw_fail(c, op, "malformed scf.for");
  ir_value *const *inits = ninit ? &op->operands[op->seg_start[3]] : NULL;
  (void)init0;
  const char *ity = lw_llty(lb->type);
  flat in = flat_of(c, inits, ninit);
  if (c->err) return -1;
  /* Header arguments: the induction variable, then the carried values. */
  uint32_t na = in.n + 1;
  lw_ssa *hargs = fresh(c, na);
  const char **htys = lw_alloc(c, na * sizeof *htys);
  lw_ssa *iargs = lw_alloc(c, na * sizeof *iargs);
  htys[0] = ity;
  iargs[0] = lw_scalar(c, lb);
  for (uint32_t i = 0; i < in.n; i++) {
    htys[i + 1] = in.tys[i];
    iargs[i + 1] = in.ssa[i];
  }
  uint32_t hdr = lw_newblk(c), bb = lw_newblk(c), ex = lw_newblk(c);
  /* Pending shared accesses of any iteration can reach the loop head (lw_sync.c). */
  unsigned mb_in = c->rg->mb;
  c->rg->mb |= lw_membar_scan_loop(c, body, mb_in);
  lw_br(c, hdr, iargs, htys, na);
  lw_block_args(c, hdr, hargs, htys, na);
  bool uns = ir_op_has_attr(op, "unsignedCmp");
  lw_ssa cond = lw_icmp(c, uns ? "ult" : "slt", hargs[0], lw_scalar(c, ub), ity);
  lw_cond_br(c, cond, bb, ex);
  lw_block(c, bb);
  lw_set(c, body->args[0], (lw_val){.kind = LV_SCALAR, .ty = ity, .s = hargs[0]});
  if (lw_unflatten(c, body->args + 1, ninit, hargs + 1, op)) return -1;
  flat y;
  if (lower_yielding(c, body, op, &y)) return -1;
  if (y.n != in.n) return lw_fail(c, op, "scf.yield does not match the loop's iter_args");
  lw_ssa next = lw_bin(c, "llvm.add", hargs[0], lw_scalar(c, st), ity);
  iargs[0] = next;
  for (uint32_t i = 0; i < y.n; i++) iargs[i + 1] = y.ssa[i];
  lw_br(c, hdr, iargs, htys, na);
  lw_block(c, ex);
  c->rg->mb |= mb_in;
  return lw_unflatten(c, op->results, op->n_results, hargs + 1, op);
}

int lw_cf_if(lw_ctx *c, const ir_op *op) {
  ir_value *cv = ir_seg(op, IR_SEG_SCF_IF_COND, NULL);
  const ir_block *tb = region_block(op, 0), *eb = region_block(op, 1);
  if (!cv || !tb) return lw_fail(c, op, "malformed scf.if");
  lw_val *cval = lw_get(c, cv);
  if (cval->kind != LV_SCALAR) return lw_fail(c, op, "scf.if on a tensor condition");
  const char **rtys = NULL;
  uint32_t nr = lw_flat_count(c, op->results, op->n_results);
  rtys = lw_alloc(c, (nr + 1) * sizeof *rtys);
  lw_flat_types(c, op->results, op->n_results, rtys, nr, op);
  if (c->err) return -1;
  uint32_t tbk = lw_newblk(c), ebk = eb ? lw_newblk(c) : 0, mg = lw_newblk(c);
  lw_cond_br(c, cval->s, tbk, eb ? ebk : mg);
  unsigned mb_in = c->rg->mb;
  lw_block(c, tbk);
  flat y;
  if (lower_yielding(c, tb, op, &y)) return -1;
  if (y.n != nr) return lw_fail(c, op, "scf.yield does not match the scf.if results");
  lw_br(c, mg, y.ssa, rtys, nr);
  unsigned mb_t = c->rg->mb;
  if (eb) {
    c->rg->mb = mb_in;
    lw_block(c, ebk);
    if (lower_yielding(c, eb, op, &y)) return -1;
    if (y.n != nr) return lw_fail(c, op, "scf.yield does not match the scf.if results");
    lw_br(c, mg, y.ssa, rtys, nr);
  } else if (nr) {
    return lw_fail(c, op, "scf.if with results needs an else region");
  }
  c->rg->mb |= mb_t | mb_in;
  lw_ssa *ra = fresh(c, nr);
  lw_block_args(c, mg, ra, rtys, nr);
  return lw_unflatten(c, op->results, op->n_results, ra, op);
}

int lw_cf_while(lw_ctx *c, const ir_op *op) {
  uint32_t ninit = 0;
  ir_seg(op, IR_SEG_SCF_WHILE_INITS, &ninit);
  const ir_block *before = region_block(op, 0), *after = region_block(op, 1);
  if (!before || !after || before->n_args != ninit) return lw_fail(c, op, "malformed scf.while");
  ir_value *const *inits = ninit ? &op->operands[op->seg_start[0]] : NULL;
  flat in = flat_of(c, inits, ninit);
  if (c->err) return -1;
  uint32_t nb = lw_flat_count(c, before->args, before->n_args);
  const char **btys = lw_alloc(c, (nb + 1) * sizeof *btys);
  lw_flat_types(c, before->args, before->n_args, btys, nb, op);
  uint32_t na = lw_flat_count(c, after->args, after->n_args);
  const char **atys = lw_alloc(c, (na + 1) * sizeof *atys);
  lw_flat_types(c, after->args, after->n_args, atys, na, op);
  if (c->err) return -1;
  if (in.n != nb) return lw_fail(c, op, "scf.while operands do not match its arguments");
  uint32_t bk = lw_newblk(c), ak = lw_newblk(c), ex = lw_newblk(c);
  unsigned mb_in = c->rg->mb;
  c->rg->mb |= lw_membar_scan_loop(c, before, mb_in) | lw_membar_scan_loop(c, after, mb_in);
  lw_br(c, bk, in.ssa, btys, nb);
  lw_ssa *ba = fresh(c, nb);
  lw_block_args(c, bk, ba, btys, nb);
  if (lw_unflatten(c, before->args, before->n_args, ba, op)) return -1;
  if (lw_lower_block(c, before)) return -1;
  const ir_op *cond = before->last;
  if (!cond || cond->code != IR_OP_SCF_CONDITION || cond->n_operands < 1)
    return lw_fail(c, op, "scf.while without scf.condition");
  flat ca = flat_of(c, cond->operands + 1, cond->n_operands - 1);
  if (c->err) return -1;
  if (ca.n != na) return lw_fail(c, op, "scf.condition does not match the after region");
  lw_cond_br_args(c, lw_scalar(c, cond->operands[0]), ak, ex, ca.ssa, atys, na);
  lw_ssa *aa = fresh(c, na);
  lw_block_args(c, ak, aa, atys, na);
  if (lw_unflatten(c, after->args, after->n_args, aa, op)) return -1;
  flat y;
  if (lower_yielding(c, after, op, &y)) return -1;
  if (y.n != nb) return lw_fail(c, op, "scf.yield does not match the before region");
  lw_br(c, bk, y.ssa, btys, nb);
  lw_ssa *ea = fresh(c, na);
  lw_block_args(c, ex, ea, atys, na);
  c->rg->mb |= mb_in;
  return lw_unflatten(c, op->results, op->n_results, ea, op);
}
