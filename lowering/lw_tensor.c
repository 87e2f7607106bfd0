/* lw_tensor.c: tensor shape and layout ops (splat, make_range, broadcast, expand_dims,
 * convert_layout, trans, reshape) and global loads / stores through pointer tensors (vector
 * accesses where lw_axis.c proves contiguity). Elements move between threads through a
 * shared-memory scratch buffer when no register mapping exists. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

/* ------------------------------------------------------------------ coordinates */

void lw_thread_coord(lw_ctx *c, const lw_ll *l, lw_ssa *coord) {
  lw_ssa lane = 0, warp = 0;
  for (int d = 0; d < l->rank; d++) coord[d] = 0;
  for (int k = 0; k < 2; k++) {
    int n = k ? l->nwarp : l->nlane;
    for (int b = 0; b < n; b++) {
      const int32_t *v = k ? l->warp[b] : l->lane[b];
      bool any = false;
      for (int d = 0; d < l->rank; d++) any |= v[d] != 0;
      if (!any) continue;
      lw_ssa src;
      if (k) {
        if (!warp) warp = lw_bin_imm(c, "llvm.lshr", c->rg->tid, c->lane_bits, "i32");
        src = warp;
      } else {
        if (!lane) lane = lw_bin_imm(c, "llvm.and", c->rg->tid, (1 << c->lane_bits) - 1, "i32");
        src = lane;
      }
      lw_ssa bit = lw_bin_imm(c, "llvm.and", b ? lw_bin_imm(c, "llvm.lshr", src, b, "i32") : src, 1, "i32");
      for (int d = 0; d < l->rank; d++) {
        if (!v[d]) continue;
        lw_ssa t = lw_bin_imm(c, "llvm.mul", bit, v[d], "i32");
        coord[d] = coord[d] ? lw_bin(c, "llvm.xor", coord[d], t, "i32") : t;
      }
    }
  }
  for (int d = 0; d < l->rank; d++)
    if (!coord[d]) coord[d] = lw_i32(c, 0);
}

void lw_elem_coord(lw_ctx *c, const lw_ll *l, const lw_ssa *thr, uint32_t r, lw_ssa *coord) {
  int32_t rc[IR_MAX_RANK];
  lw_ll_reg_coord(l, r, rc);
  for (int d = 0; d < l->rank; d++)
    coord[d] = rc[d] ? lw_bin_imm(c, "llvm.xor", thr[d], rc[d], "i32") : thr[d];
}

/* ------------------------------------------------------------------ helpers */

int lw_tensor_ll(lw_ctx *c, const ir_op *op, const ir_type *t, lw_ll *l) {
  char err[160];
  if (lw_ll_of_type(t, l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (lw_ll_nwarps(l) != c->rg->num_warps)
    return lw_fail(c, op, "the tensor layout spans %d warps but the code runs on %d",
                   lw_ll_nwarps(l), c->rg->num_warps);
  return 0;
}

static lw_val new_tensor(lw_ctx *c, const char *ty, uint32_t n) {
  lw_val v = {.kind = LV_TENSOR, .ty = ty, .n = n};
  v.el = lw_alloc(c, (n + 1) * sizeof *v.el);
  return v;
}

/* True when a's lane and warp bases equal b's after map (src dim per dst dim, -1 = zero). */
static bool same_threads(const lw_ll *src, const lw_ll *dst, const int *map) {
  if (src->nlane != dst->nlane || src->nwarp != dst->nwarp) return false;
  for (int k = 0; k < 2; k++) {
    int n = k ? dst->nwarp : dst->nlane;
    for (int b = 0; b < n; b++) {
      const int32_t *sv = k ? src->warp[b] : src->lane[b];
      const int32_t *dv = k ? dst->warp[b] : dst->lane[b];
      for (int d = 0; d < dst->rank; d++) {
        /* A broadcast dim (size 1 in the source) may be spread over any threads. */
        if (map[d] >= 0 && src->shape[map[d]] == 1 && dst->shape[d] > 1) continue;
        int32_t want = map[d] < 0 ? 0 : sv[map[d]];
        int32_t have = dv[d] % dst->shape[d];
        if (want % dst->shape[d] != have) return false;
      }
    }
  }
  return true;
}

/* Register remap: dst register r takes the src register whose coordinate is dst's mapped
 * back through map (src dim for each dst dim). Returns -1 when some element is missing. */
static int remap(const lw_ll *src, const lw_ll *dst, const int *map, const lw_val *sv, lw_val *dv) {
  for (uint32_t r = 0; r < dv->n; r++) {
    int32_t dc[IR_MAX_RANK], sc[IR_MAX_RANK] = {0};
    lw_ll_reg_coord(dst, r, dc);
    for (int d = 0; d < dst->rank; d++)
      if (map[d] >= 0) sc[map[d]] = src->shape[map[d]] == 1 ? 0 : dc[d];
    int32_t k = lw_ll_find_reg(src, sc);
    if (k < 0) return -1;
    dv->el[r] = sv->el[k];
  }
  return 0;
}

/* Moves elements between threads through the op's scratch buffer: every thread writes its
 * elements at the row-major index of their position in the result (src coordinate mapped by
 * perm: result dim d = src dim perm[d]; NULL = same row-major order, e.g. reshape), the
 * region synchronizes, then reads the result layout's elements. */
static int exchange(lw_ctx *c, const ir_op *op, const lw_val *sv, const lw_ll *sl,
                    const lw_ll *dl, const int *perm, lw_val *dv) {
  uint32_t off = c->plan.off[op->id];
  if (off == LW_NO_OFF || !c->smem) return lw_fail(c, op, "layout conversion without scratch memory");
  bool i1 = !strcmp(sv->ty, "i1"); /* booleans travel as bytes */
  const char *mty = i1 ? "i8" : sv->ty;
  int eb = lw_ty_bits(mty) / 8;
  if (eb < 1) return lw_fail(c, op, "unsupported element type for a layout conversion");
  lw_ssa base = lw_gep_imm(c, c->smem, off);
  lw_region_barrier(c); /* earlier readers of the scratch (previous iteration) are done */
  lw_ssa thr[IR_MAX_RANK], co[IR_MAX_RANK];
  lw_thread_coord(c, sl, thr);
  for (uint32_t r = 0; r < sv->n; r++) {
    lw_elem_coord(c, sl, thr, r, co);
    lw_ssa lin = 0;
    for (int d = 0; d < dl->rank; d++) {
      lw_ssa x = perm ? co[perm[d]] : 0;
      if (!perm) break;
      lin = lin ? lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", lin, dl->shape[d], "i32"), x, "i32") : x;
    }
    if (!perm)
      for (int d = 0; d < sl->rank; d++)
        lin = lin ? lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", lin, sl->shape[d], "i32"), co[d], "i32")
                  : co[d];
    lw_ssa p = lw_gep(c, base, lw_bin_imm(c, "llvm.mul", lin, eb, "i32"));
    lw_ssa x = i1 ? lw_cast(c, "llvm.zext", sv->el[r], "i1", "i8") : sv->el[r];
    lw_stmt(c, "llvm.store %s, %s : %s, !llvm.ptr<3>", lw_n(c, x), lw_n(c, p), mty);
  }
  lw_region_barrier(c);
  lw_thread_coord(c, dl, thr);
  for (uint32_t r = 0; r < dv->n; r++) {
    lw_elem_coord(c, dl, thr, r, co);
    lw_ssa lin = 0;
    for (int d = 0; d < dl->rank; d++)
      lin = lin ? lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", lin, dl->shape[d], "i32"), co[d], "i32")
                : co[d];
    lw_ssa p = lw_gep(c, base, lw_bin_imm(c, "llvm.mul", lin, eb, "i32"));
    lw_ssa x = lw_op(c, "llvm.load %s : !llvm.ptr<3> -> %s", lw_n(c, p), mty);
    dv->el[r] = i1 ? lw_cast(c, "llvm.trunc", x, "i8", "i1") : x;
  }
  lw_scratch_read_done(c);
  return 0;
}

int lw_exchange(lw_ctx *c, const ir_op *op, const lw_val *sv, const lw_ll *sl, const lw_ll *dl, lw_val *dv) {
  return exchange(c, op, sv, sl, dl, NULL, dv);
}

/* ------------------------------------------------------------------ ops */

static int splat(lw_ctx *c, const ir_op *op) {
  const ir_type *rt = op->results[0]->type;
  lw_ll l;
  if (lw_tensor_ll(c, op, rt, &l)) return -1;
  lw_val *s = lw_get(c, op->operands[0]);
  if (s->kind != LV_SCALAR) return lw_fail(c, op, "splat of a non-scalar");
  lw_val v = new_tensor(c, s->ty, lw_ll_nregs(&l));
  for (uint32_t i = 0; i < v.n; i++) v.el[i] = s->s;
  lw_set(c, op->results[0], v);
  return 0;
}

static int make_range(lw_ctx *c, const ir_op *op) {
  const ir_type *rt = op->results[0]->type;
  lw_ll l;
  if (lw_tensor_ll(c, op, rt, &l)) return -1;
  int64_t start = ir_op_attr_int(op, "start", 0);
  lw_val v = new_tensor(c, "i32", lw_ll_nregs(&l));
  lw_ssa thr[IR_MAX_RANK], co[IR_MAX_RANK];
  lw_thread_coord(c, &l, thr);
  for (uint32_t i = 0; i < v.n; i++) {
    lw_elem_coord(c, &l, thr, i, co);
    v.el[i] = start ? lw_bin_imm(c, "llvm.add", co[0], start, "i32") : co[0];
  }
  lw_set(c, op->results[0], v);
  return 0;
}

/* True when every register of dst finds its element among src's registers (remap would
 * succeed). */
static bool remap_ok(const lw_ll *src, const lw_ll *dst, const int *map) {
  for (uint32_t r = 0; r < lw_ll_nregs(dst); r++) {
    int32_t dc[IR_MAX_RANK], sc[IR_MAX_RANK] = {0};
    lw_ll_reg_coord(dst, r, dc);
    for (int d = 0; d < dst->rank; d++)
      if (map[d] >= 0) sc[map[d]] = src->shape[map[d]] == 1 ? 0 : dc[d];
    if (lw_ll_find_reg(src, sc) < 0) return false;
  }
  return true;
}

/* How a relayout op moves its elements. */
typedef enum rl_how {
  RL_SAME,      /* identical layouts: the value itself */
  RL_REGS,      /* a register remap through map */
  RL_EXCHANGE,  /* through the op's scratch buffer (perm: use map as the permutation) */
  RL_BAD,       /* broadcast / expand_dims across threads: not supported */
  RL_NOTOP,     /* not a relayout op, or no order attribute */
} rl_how;

/* Decides how op goes from layout sl to dl; fills map (src dim per dst dim, -1 = none) and
 * *perm. Pure: shared by the lowering and the shared-memory plan (scratch only when needed). */
static rl_how relayout_how(const ir_op *op, const lw_ll *sl, const lw_ll *dl, int *map, bool *perm) {
  const ir_type *rt = op->results[0]->type;
  *perm = false;
  switch (op->code) {
  case IR_OP_TT_BROADCAST: case IR_OP_TTG_CONVERT_LAYOUT: case IR_OP_AMDG_IN_THREAD_TRANSPOSE:
    for (int d = 0; d < rt->rank; d++) map[d] = d;
    *perm = op->code != IR_OP_TT_BROADCAST;
    break;
  case IR_OP_TT_EXPAND_DIMS: {
    int ax = (int)ir_op_attr_int(op, "axis", 0);
    for (int d = 0, s = 0; d < rt->rank; d++) map[d] = d == ax ? -1 : s++;
    break;
  }
  case IR_OP_TT_TRANS: {
    const ir_attr *o = ir_op_attr(op, "order");
    if (!o || o->kind != IR_A_DENSE_ARRAY || (int)o->n != rt->rank) return RL_NOTOP;
    for (int d = 0; d < rt->rank; d++) map[d] = (int)o->ivals[d];
    *perm = true;
    break;
  }
  case IR_OP_TT_RESHAPE: case IR_OP_TLX_REQUIRE_LAYOUT: case IR_OP_TLX_RELEASE_LAYOUT:
    if (op->code != IR_OP_TT_RESHAPE && lw_ll_equal(sl, dl)) return RL_SAME;
    return RL_EXCHANGE;
  default: return RL_NOTOP;
  }
  if (same_threads(sl, dl, map) && remap_ok(sl, dl, map)) return RL_REGS;
  if (op->code == IR_OP_TT_BROADCAST || op->code == IR_OP_TT_EXPAND_DIMS) return RL_BAD;
  return RL_EXCHANGE;
}

bool lw_is_relayout(const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTG_CONVERT_LAYOUT: case IR_OP_TT_TRANS: case IR_OP_TT_RESHAPE:
  case IR_OP_TLX_REQUIRE_LAYOUT: case IR_OP_TLX_RELEASE_LAYOUT: case IR_OP_AMDG_IN_THREAD_TRANSPOSE:
    return true;
  default: return false;
  }
}

uint64_t lw_relayout_scratch_bytes(const ir_op *op) {
  if (op->n_operands < 1 || op->n_results != 1) return 0;
  const ir_type *st = op->operands[0]->type, *rt = op->results[0]->type;
  if (st->kind != IR_T_TENSOR || rt->kind != IR_T_TENSOR) return 0;
  lw_ll sl, dl;
  char err[160];
  int map[IR_MAX_RANK];
  bool perm;
  if (lw_ll_of_type(st, &sl, err, sizeof err) || lw_ll_of_type(rt, &dl, err, sizeof err))
    return 0; /* relayout reports the error */
  if (relayout_how(op, &sl, &dl, map, &perm) != RL_EXCHANGE) return 0;
  int eb = ir_type_elem_bytes(rt->elem);
  return (uint64_t)ir_type_numel(rt) * (uint64_t)(eb < 1 ? 1 : eb);
}

/* broadcast / expand_dims / convert_layout / trans / reshape: a register remap when the
 * threads hold the right elements already, else an exchange through shared memory. */
static int relayout(lw_ctx *c, const ir_op *op) {
  ir_value *src = op->operands[0];
  const ir_type *st = src->type, *rt = op->results[0]->type;
  lw_val *sv = lw_get(c, src);
  if (sv->kind != LV_TENSOR) return lw_fail(c, op, "operand is not a register tensor");
  lw_ll sl, dl;
  if (lw_tensor_ll(c, op, st, &sl) || lw_tensor_ll(c, op, rt, &dl)) return -1;
  lw_val dv = new_tensor(c, sv->ty, lw_ll_nregs(&dl));
  int map[IR_MAX_RANK];
  bool perm;
  switch (relayout_how(op, &sl, &dl, map, &perm)) {
  case RL_SAME:
    lw_set(c, op->results[0], *sv);
    return 0;
  case RL_REGS:
    if (remap(&sl, &dl, map, sv, &dv)) return lw_fail(c, op, "internal: register remap failed");
    lw_set(c, op->results[0], dv);
    return 0;
  case RL_BAD:
    return lw_fail(c, op, "'%s' between layouts that place elements on different threads is not supported",
                   ir_ops[op->code].name);
  case RL_EXCHANGE:
    if (exchange(c, op, sv, &sl, &dl, perm ? map : NULL, &dv)) return -1;
    lw_set(c, op->results[0], dv);
    return 0;
  case RL_NOTOP:
    if (op->code == IR_OP_TT_TRANS) return lw_fail(c, op, "tt.trans without an order");
    return lw_unsupported(c, op);
  }
  return lw_unsupported(c, op);
}

/* ------------------------------------------------------------------ global memory */

/* PTX load suffix, register constraint and register type for an element type. */
static int gtype(const char *ty, const char **sfx, const char **cons, const char **rty) {
  int b = lw_ty_bits(ty);
  switch (b) {
  case 8: *sfx = "u8"; *cons = "r"; *rty = "i32"; return 0;
  case 16: *sfx = "b16"; *cons = "h"; *rty = "i16"; return 0;
  case 32: *sfx = "b32"; *cons = "r"; *rty = "i32"; return 0;
  case 64: *sfx = "b64"; *cons = "l"; *rty = "i64"; return 0;
  default: return -1;
  }
}

/* Value of element type ty from / to its load register type. */
static lw_ssa from_reg(lw_ctx *c, lw_ssa v, const char *rty, const char *ty) {
  if (lw_ty_bits(ty) == 8) {
    v = lw_cast(c, "llvm.trunc", v, rty, "i8");
    rty = "i8";
  }
  if (!strcmp(rty, ty)) return v;
  return lw_cast(c, strncmp(ty, "!llvm.ptr", 9) ? "llvm.bitcast" : "llvm.inttoptr", v, rty, ty);
}

static lw_ssa to_reg(lw_ctx *c, lw_ssa v, const char *ty, const char *rty) {
  if (!strncmp(ty, "!llvm.ptr", 9)) return lw_cast(c, "llvm.ptrtoint", v, ty, rty);
  if (lw_ty_bits(ty) == 8) return lw_cast(c, "llvm.zext", v, ty, rty);
  if (!strcmp(rty, ty)) return v;
  return lw_cast(c, "llvm.bitcast", v, ty, rty);
}

static lw_ssa elem_or(lw_ctx *c, const ir_value *v, uint32_t i) {
  if (!v) return 0;
  lw_val *x = lw_get(c, v);
  return x->kind == LV_TENSOR ? x->el[i] : x->s;
}

/* Words of a vector access: 4-byte words (elements of up to 4 bytes, packed) or 8-byte
 * ones (8-byte elements). */
static const char *word_ty(int eb) { return eb == 8 ? "i64" : "i32"; }

/* The k elements els (type ty) as one word of type wty. */
static lw_ssa pack_word(lw_ctx *c, const lw_ssa *els, int k, const char *ty, const char *wty) {
  if (k == 1) return to_reg(c, els[0], ty, wty);
  lw_ssa v = lw_op(c, "llvm.mlir.undef : vector<%dx%s>", k, ty);
  for (int i = 0; i < k; i++) {
    lw_ssa ix = lw_i32(c, i);
    v = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : vector<%dx%s>", lw_n(c, els[i]), lw_n(c, v), lw_n(c, ix), k, ty);
  }
  return lw_op(c, "llvm.bitcast %s : vector<%dx%s> to %s", lw_n(c, v), k, ty, wty);
}

static void unpack_word(lw_ctx *c, lw_ssa w, int k, const char *ty, const char *wty, lw_ssa *out) {
  if (k == 1) {
    out[0] = from_reg(c, w, wty, ty);
    return;
  }
  lw_ssa v = lw_op(c, "llvm.bitcast %s : %s to vector<%dx%s>", lw_n(c, w), wty, k, ty);
  for (int i = 0; i < k; i++) {
    lw_ssa ix = lw_i32(c, i);
    out[i] = lw_op(c, "llvm.extractelement %s[%s : i32] : vector<%dx%s>", lw_n(c, v), lw_n(c, ix), k, ty);
  }
}

/* One vector load or store of vec elements starting at register i (registers i..i+vec-1 are
 * consecutive in memory, lw_global_vec): ld/st.global.v{2,4}.b{32,64} under the group's mask. */
static void global_vec(lw_ctx *c, bool load, lw_ssa p, lw_ssa m, const lw_ssa *vals, const lw_ssa *other,
                       int vec, const char *ety, lw_ssa *out) {
  int eb = lw_ty_bits(ety) / 8, wb = eb == 8 ? 8 : 4, per = wb / eb, nw = vec * eb / wb;
  assert(nw >= 1 && nw <= 4 && per >= 1 && per <= 4);
  const char *wty = word_ty(eb), *wc = eb == 8 ? "l" : "r";
  lw_ssa words[4];
  lw_sb ptx = {0}, cons = {0};
  lw_ssa args[12];
  const char *tys[12];
  uint32_t na = 0;
  char vsfx[16] = "";
  if (nw > 1) snprintf(vsfx, sizeof vsfx, ".v%d", nw);
  if (load) {
    /* outputs $0..nw-1, then the pointer, the other words, the mask */
    lw_sb_printf(&ptx, "{ .reg .pred %%lwp; setp.ne.b32 %%lwp, $%d, 0; ", 2 * nw + 1);
    for (int w = 0; w < nw; w++) lw_sb_printf(&ptx, "mov.b%d $%d, $%d; ", wb * 8, w, nw + 1 + w);
    lw_sb_printf(&ptx, "@%%lwp ld.global%s.b%d %s", vsfx, wb * 8, nw > 1 ? "{" : "");
    for (int w = 0; w < nw; w++) lw_sb_printf(&ptx, "%s$%d", w ? ", " : "", w);
    lw_sb_printf(&ptx, "%s, [$%d]; }", nw > 1 ? "}" : "", nw);
    for (int w = 0; w < nw; w++) lw_sb_printf(&cons, "%s=%s", w ? "," : "", wc);
    lw_sb_printf(&cons, ",l");
    for (int w = 0; w < nw; w++) lw_sb_printf(&cons, ",%s", wc);
    lw_sb_printf(&cons, ",r");
    args[na] = p, tys[na++] = "!llvm.ptr<1>";
    for (int w = 0; w < nw; w++) {
      lw_ssa z[4];
      for (int k = 0; k < per; k++) z[k] = other ? other[w * per + k] : 0;
      args[na] = other ? pack_word(c, z, per, ety, wty) : lw_const_int(c, wty, 0);
      tys[na++] = wty;
    }
  } else {
    lw_sb_printf(&ptx, "st.global%s.b%d [$0], %s", vsfx, wb * 8, nw > 1 ? "{" : "");
    for (int w = 0; w < nw; w++) lw_sb_printf(&ptx, "%s$%d", w ? ", " : "", w + 1);
    lw_sb_printf(&ptx, "%s;", nw > 1 ? "}" : "");
    lw_sb_printf(&cons, "l");
    for (int w = 0; w < nw; w++) lw_sb_printf(&cons, ",%s", wc);
    args[na] = p, tys[na++] = "!llvm.ptr<1>";
    for (int w = 0; w < nw; w++) {
      args[na] = pack_word(c, vals + w * per, per, ety, wty);
      tys[na++] = wty;
    }
  }
  if (load) {
    args[na] = lw_cast(c, "llvm.zext", m, "i1", "i32");
    tys[na++] = "i32";
    char st[96];
    snprintf(st, sizeof st, "!llvm.struct<(%s%s%s%s%s%s%s)>", wty, nw > 1 ? ", " : "", nw > 1 ? wty : "",
             nw > 2 ? ", " : "", nw > 2 ? wty : "", nw > 3 ? ", " : "", nw > 3 ? wty : "");
    lw_ssa r = nw > 1 ? lw_asm(c, st, ptx.p, cons.p, args, tys, na, 0)
                      : lw_asm(c, wty, ptx.p, cons.p, args, tys, na, 0);
    for (int w = 0; w < nw; w++)
      words[w] = nw > 1 ? lw_op(c, "llvm.extractvalue %s[%d] : %s", lw_n(c, r), w, st) : r;
    for (int w = 0; w < nw; w++) unpack_word(c, words[w], per, ety, wty, out + w * per);
  } else {
    lw_asm(c, NULL, ptx.p, cons.p, args, tys, na, m);
  }
  lw_sb_free(&ptx);
  lw_sb_free(&cons);
}

/* AMD: one masked vector access of vec elements (llvm.intr.masked.load / store; the AMDGPU
 * backend makes it a global_load / global_store under the lanes' exec mask). The group shares
 * one mask (lw_global_vec); masked-off lanes of a load take `other` (else 0). */
static void global_amd(lw_ctx *c, bool load, lw_ssa p, lw_ssa m, const lw_ssa *vals, const lw_ssa *other,
                       int vec, const char *ety, lw_ssa *out) {
  int eb = lw_ty_bits(ety) / 8;
  char vt[48], mt[32];
  snprintf(vt, sizeof vt, "vector<%dx%s>", vec, ety);
  snprintf(mt, sizeof mt, "vector<%dxi1>", vec);
  lw_ssa mv = lw_op(c, "llvm.mlir.poison : %s", mt), dv = 0;
  for (int k = 0; k < vec; k++) {
    lw_ssa ix = lw_i32(c, k);
    mv = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : %s", lw_n(c, m), lw_n(c, mv), lw_n(c, ix), mt);
  }
  const lw_ssa *src = load ? other : vals;
  if (src) {
    dv = lw_op(c, "llvm.mlir.poison : %s", vt);
    for (int k = 0; k < vec; k++) {
      lw_ssa ix = lw_i32(c, k);
      dv = lw_op(c, "llvm.insertelement %s, %s[%s : i32] : %s", lw_n(c, src[k]), lw_n(c, dv), lw_n(c, ix), vt);
    }
  } else {
    dv = lw_op(c, "llvm.mlir.zero : %s", vt);
  }
  if (!load) {
    lw_stmt(c, "llvm.intr.masked.store %s, %s, %s {alignment = %d : i32} : %s, %s into !llvm.ptr<1>",
            lw_n(c, dv), lw_n(c, p), lw_n(c, mv), vec * eb, vt, mt);
    return;
  }
  lw_ssa r = lw_op(c, "llvm.intr.masked.load %s, %s, %s {alignment = %d : i32} : (!llvm.ptr<1>, %s, %s) -> %s",
                   lw_n(c, p), lw_n(c, mv), lw_n(c, dv), vec * eb, mt, vt, vt);
  for (int k = 0; k < vec; k++) {
    lw_ssa ix = lw_i32(c, k);
    out[k] = lw_op(c, "llvm.extractelement %s[%s : i32] : %s", lw_n(c, r), lw_n(c, ix), vt);
  }
}

int lw_global_op(lw_ctx *c, const ir_op *op) {
  bool load = op->code == IR_OP_TT_LOAD;
  ir_value *ptr = op->operands[0];
  ir_value *val = load ? NULL : ir_seg(op, IR_SEG_TT_STORE_VALUE, NULL);
  ir_value *mask = ir_seg(op, load ? IR_SEG_TT_LOAD_MASK : IR_SEG_TT_STORE_MASK, NULL);
  ir_value *other = load ? ir_seg(op, IR_SEG_TT_LOAD_OTHER, NULL) : NULL;
  const ir_type *pt = ptr->type;
  const ir_type *pe = pt->kind == IR_T_TENSOR ? pt->elem : pt;
  if (pe->kind != IR_T_PTR) return lw_fail(c, op, "tt.load / tt.store through a block pointer is not supported");
  const char *ety = lw_llty(pe->elem), *pty = lw_llty(pe);
  const char *sfx, *cons, *rty;
  if (!ety || gtype(ety, &sfx, &cons, &rty)) return lw_fail(c, op, "unsupported element type for a global access");
  uint32_t n = 1;
  int vec = 1;
  if (pt->kind == IR_T_TENSOR) {
    lw_ll l;
    if (lw_tensor_ll(c, op, pt, &l)) return -1;
    n = lw_ll_nregs(&l);
    /* Vector accesses where the pointers are known contiguous and aligned (lw_axis.c). */
    if (strcmp(ety, "i1") && strncmp(ety, "!llvm.ptr", 9)) {
      int eb = lw_ty_bits(ety) / 8;
      vec = lw_global_vec(c, &l, ptr, mask, eb);
      if (vec * eb < 4) vec = 1;
    }
  }
  lw_val r = n > 1 || pt->kind == IR_T_TENSOR ? new_tensor(c, ety, n) : (lw_val){.kind = LV_SCALAR, .ty = ety};
  bool amd = lw_target_is_amd(c->target);
  if (amd && (!strcmp(ety, "i1") || !strncmp(ety, "!llvm.ptr", 9))) return lw_unsupported(c, op);
  for (uint32_t i = 0; i < n; i += (uint32_t)vec) {
    lw_ssa p = elem_or(c, ptr, i);
    lw_ssa m = mask ? elem_or(c, mask, i) : lw_i1(c, true);
    if (amd || vec > 1) {
      lw_ssa vals[16], oth[16];
      for (int k = 0; k < vec; k++) {
        vals[k] = val ? elem_or(c, val, i + (uint32_t)k) : 0;
        oth[k] = other ? elem_or(c, other, i + (uint32_t)k) : 0;
      }
      lw_ssa *dst = load ? (r.kind == LV_TENSOR ? r.el + i : &r.s) : NULL;
      if (amd) global_amd(c, load, p, m, vals, other ? oth : NULL, vec, ety, dst);
      else global_vec(c, load, p, m, vals, other ? oth : NULL, vec, ety, dst);
      continue;
    }
    if (load) {
      lw_ssa o = other ? to_reg(c, elem_or(c, other, i), ety, rty) : lw_const_int(c, rty, 0);
      char ptx[200];
      snprintf(ptx, sizeof ptx,
               "{ .reg .pred %%lwp; setp.ne.b32 %%lwp, $3, 0; mov.b%d $0, $2; @%%lwp ld.global.%s $0, [$1]; }",
               lw_ty_bits(rty), sfx);
      char cs[32];
      snprintf(cs, sizeof cs, "=%s,l,%s,r", cons, cons);
      lw_ssa mi = lw_cast(c, "llvm.zext", m, "i1", "i32");
      lw_ssa args[3] = {p, o, mi};
      const char *tys[3] = {pty, rty, "i32"};
      lw_ssa x = from_reg(c, lw_asm(c, rty, ptx, cs, args, tys, 3, 0), rty, ety);
      if (r.kind == LV_TENSOR) r.el[i] = x;
      else r.s = x;
    } else {
      char ptx[64], cs[16];
      snprintf(ptx, sizeof ptx, "st.global.%s [$0], $1;", !strcmp(sfx, "u8") ? "u8" : sfx);
      snprintf(cs, sizeof cs, "l,%s", cons);
      lw_ssa args[2] = {p, to_reg(c, elem_or(c, val, i), ety, rty)};
      const char *tys[2] = {pty, rty};
      lw_asm(c, NULL, ptx, cs, args, tys, 2, m);
    }
  }
  if (load) lw_set(c, op->results[0], r);
  return 0;
}

int lw_tensor_op(lw_ctx *c, const ir_op *op) {
  switch (op->code) {
  case IR_OP_TT_SPLAT: return splat(c, op);
  case IR_OP_TT_MAKE_RANGE: return make_range(c, op);
  case IR_OP_TT_REDUCE:
    lw_membar_before(c, op);
    return lw_reduce(c, op);
  case IR_OP_TT_SCAN:
    lw_membar_before(c, op);
    return lw_scan(c, op);
  case IR_OP_TT_JOIN: case IR_OP_TT_SPLIT:
    return lw_joinsplit(c, op);
  case IR_OP_TT_BROADCAST: case IR_OP_TT_EXPAND_DIMS:
    return relayout(c, op);
  default:
    if (!lw_is_relayout(op)) return lw_unsupported(c, op);
    if (op->code == IR_OP_TTG_CONVERT_LAYOUT || op->code == IR_OP_AMDG_IN_THREAD_TRANSPOSE) lw_membar_before(c, op);
    return relayout(c, op);
  }
}
