/* lw_axis.c: what the lowering may assume about the values of integer and pointer tensors, for
 * vector global accesses and cp.async: per dimension, contiguity (runs of consecutive values),
 * divisibility (largest power of two dividing the first value of each run; bytes for pointers)
 * and constancy (runs of equal values), the facts of Triton's AxisInfo analysis, derived here
 * with a reduced rule set from the defining ops. Unknown ops give the safe answer (1, 1, 1). */
#include <string.h>

#include "lw_int.h"

#define AX_BIG (1LL << 30)  /* divisibility of 0 */
#define AX_DEPTH 32         /* operand chains followed at most this deep */

static int64_t p2(int64_t v) {
  if (!v) return AX_BIG;
  int64_t u = v < 0 ? -v : v;
  int64_t r = u & -u;
  return r > AX_BIG ? AX_BIG : r;
}
static int64_t gcd2(int64_t a, int64_t b) { return a < b ? a : b; } /* powers of two */
static int64_t maxi(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t cap(int64_t v) { return v > AX_BIG ? AX_BIG : v; }

static void unknown(lw_axis *a, const ir_type *t) {
  memset(a, 0, sizeof *a);
  a->rank = t && t->kind == IR_T_TENSOR ? t->rank : 0;
  for (int d = 0; d < IR_MAX_RANK; d++) a->contig[d] = a->div[d] = a->cst[d] = 1;
}

/* A scalar (rank 0) fact spread over the dims of tensor type t: constant everywhere. */
static void splat_of(lw_axis *a, const lw_axis *s, const ir_type *t) {
  unknown(a, t);
  for (int d = 0; d < a->rank; d++) {
    a->div[d] = s->div[0];
    a->cst[d] = t->shape[d];
  }
}

static void axis(const lw_ctx *c, const ir_value *v, lw_axis *a, int depth);

static void binary(const lw_ctx *c, const ir_op *op, lw_axis *a, int depth) {
  lw_axis x, y;
  axis(c, op->operands[0], &x, depth + 1);
  axis(c, op->operands[1], &y, depth + 1);
  const ir_type *t = op->results[0]->type;
  /* A scalar operand of a tensor op (addptr of a scalar offset does not occur, but be safe). */
  lw_axis s;
  if (x.rank != a->rank) {
    s = x;
    splat_of(&x, &s, t);
  }
  if (y.rank != a->rank) {
    s = y;
    splat_of(&y, &s, t);
  }
  int64_t scale = 1;
  if (op->code == IR_OP_TT_ADDPTR) {
    const ir_type *pt = t->kind == IR_T_TENSOR ? t->elem : t;
    scale = pt->elem ? ir_type_elem_bytes(pt->elem) : 1;
    if (scale < 1) scale = 1;
  }
  int n = a->rank ? a->rank : 1;
  for (int d = 0; d < n; d++) {
    int64_t ydiv = cap(y.div[d] * scale);
    switch (op->code) {
    case IR_OP_ARITH_ADDI: case IR_OP_TT_ADDPTR:
      /* a run of one plus a constant of the other stays a run */
      a->contig[d] = maxi(gcd2(x.contig[d], y.cst[d]), gcd2(y.contig[d], x.cst[d]));
      a->div[d] = gcd2(x.div[d], ydiv);
      a->cst[d] = gcd2(x.cst[d], y.cst[d]);
      break;
    case IR_OP_ARITH_SUBI:
      a->contig[d] = gcd2(x.contig[d], y.cst[d]);
      a->div[d] = gcd2(x.div[d], y.div[d]);
      a->cst[d] = gcd2(x.cst[d], y.cst[d]);
      break;
    case IR_OP_ARITH_MULI:
      a->div[d] = cap(x.div[d] * y.div[d]);
      a->cst[d] = gcd2(x.cst[d], y.cst[d]);
      break;
    case IR_OP_ARITH_ANDI: case IR_OP_ARITH_ORI:  /* masks: equal where both are */
      a->cst[d] = gcd2(x.cst[d], y.cst[d]);
      break;
    case IR_OP_ARITH_REMSI: case IR_OP_ARITH_REMUI:
      /* x % y, y constant along d: a run of x that starts at a multiple of g, g | y, stays a
       * run (the multiples of y, where x % y wraps, are multiples of g): the usual
       * `(pid * BLOCK + arange) % N` (Triton's RemOp rule) */
      if (y.cst[d] >= x.contig[d]) a->contig[d] = gcd2(x.contig[d], gcd2(x.div[d], y.div[d]));
      a->div[d] = gcd2(x.div[d], y.div[d]);
      a->cst[d] = gcd2(x.cst[d], y.cst[d]);
      break;
    case IR_OP_ARITH_CMPI: {
      a->cst[d] = gcd2(x.cst[d], y.cst[d]);
      /* x in runs of consecutive values against a constant y: constant over chunks that
       * cannot straddle y (both multiples of the chunk): the usual `offs < n` mask. */
      /* Only x < y and x >= y (signed or not): their boundary is y itself; for <= and > it
       * is y + 1, which is not a multiple of the chunk. */
      static const char *const ok_names[4] = {"slt", "sge", "ult", "uge"};
      static const int64_t ok_vals[4] = {2, 5, 6, 9}; /* arith.cmpi predicate numbers */
      const ir_attr *p = ir_op_attr(op, "predicate");
      bool split_ok = false;
      for (int i = 0; p && i < 4; i++)
        split_ok |= p->kind == IR_A_INT ? p->ival == ok_vals[i] : (p->str && !strcmp(p->str, ok_names[i]));
      if (split_ok && y.cst[d] >= (a->rank ? t->shape[d] : 1))
        a->cst[d] = maxi(a->cst[d], gcd2(x.contig[d], gcd2(x.div[d], y.div[d])));
      break;
    }
    default: break;
    }
  }
}

static void axis(const lw_ctx *c, const ir_value *v, lw_axis *a, int depth) {
  const ir_type *t = v->type;
  unknown(a, t);
  if (depth > AX_DEPTH) return;
  const ir_op *op = v->def;
  if (!op) {
    /* A kernel argument: divisibility from tt.divisibility (bytes for pointers). */
    const ir_block *entry = c->fn->op->regions[0]->blocks[0];
    if (v->block == entry && c->fn->arg_attrs && c->fn->arg_attrs[v->arg_idx]) {
      const ir_attr *dv = ir_dict_get(c->fn->arg_attrs[v->arg_idx], "tt.divisibility");
      if (dv && dv->kind == IR_A_INT && dv->ival > 0) a->div[0] = p2(dv->ival);
    }
    return;
  }
  int n = a->rank;
  switch (op->code) {
  case IR_OP_ARITH_CONSTANT: {
    int64_t k;
    const ir_attr *at = ir_op_attr(op, "value");
    if (ir_value_const_int(v, &k)) {
      a->div[0] = p2(k);
    } else if (at && at->kind == IR_A_DENSE && t->kind == IR_T_TENSOR && at->str && at->str[0] != '[') {
      k = at->n == 1 && at->elems && at->elems[0] ? at->elems[0]->ival : at->ival;
      for (int d = 0; d < n; d++) {
        a->div[d] = p2(k);
        a->cst[d] = t->shape[d];
      }
    }
    return;
  }
  case IR_OP_TT_MAKE_RANGE:
    if (n == 1) {
      a->contig[0] = t->shape[0];
      a->div[0] = p2(ir_op_attr_int(op, "start", 0));
    }
    return;
  case IR_OP_TT_SPLAT: {
    lw_axis s;
    axis(c, op->operands[0], &s, depth + 1);
    splat_of(a, &s, t);
    return;
  }
  case IR_OP_TT_EXPAND_DIMS: {
    lw_axis s;
    axis(c, op->operands[0], &s, depth + 1);
    int ax = (int)ir_op_attr_int(op, "axis", 0);
    int64_t all = AX_BIG; /* every element starts a run of the new size-1 dim */
    for (int d = 0; d < s.rank; d++) all = gcd2(all, s.contig[d] > 1 ? 1 : s.div[d]);
    for (int d = 0, k = 0; d < n; d++) {
      if (d == ax) {
        a->div[d] = s.rank ? all : s.div[0];
        continue;
      }
      a->contig[d] = s.contig[k];
      a->div[d] = s.div[k];
      a->cst[d] = s.cst[k];
      k++;
    }
    return;
  }
  case IR_OP_TT_BROADCAST: {
    lw_axis s;
    axis(c, op->operands[0], &s, depth + 1);
    const ir_type *st = op->operands[0]->type;
    for (int d = 0; d < n && st->kind == IR_T_TENSOR && st->rank == n; d++) {
      a->div[d] = s.div[d];
      if (st->shape[d] == 1 && t->shape[d] > 1) {
        a->cst[d] = t->shape[d];
      } else {
        a->contig[d] = s.contig[d];
        a->cst[d] = s.cst[d];
      }
    }
    return;
  }
  case IR_OP_TTG_CONVERT_LAYOUT: case IR_OP_ARITH_EXTSI: case IR_OP_ARITH_EXTUI: case IR_OP_ARITH_TRUNCI:
  case IR_OP_ARITH_INDEX_CAST: case IR_OP_ARITH_INDEX_CASTUI: {
    lw_axis s;
    axis(c, op->operands[0], &s, depth + 1);
    if (s.rank == n) *a = s;
    return;
  }
  case IR_OP_ARITH_ADDI: case IR_OP_TT_ADDPTR: case IR_OP_ARITH_SUBI: case IR_OP_ARITH_MULI:
  case IR_OP_ARITH_ANDI: case IR_OP_ARITH_ORI: case IR_OP_ARITH_CMPI: case IR_OP_ARITH_REMSI:
  case IR_OP_ARITH_REMUI:
    if (op->n_operands == 2) binary(c, op, a, depth);
    return;
  default: return;
  }
}

void lw_axis_of(const lw_ctx *c, const ir_value *v, lw_axis *a) { axis(c, v, a, 0); }

int lw_global_vec(const lw_ctx *c, const lw_ll *l, const ir_value *ptr, const ir_value *mask, int eb) {
  if (!l->nreg || eb < 1 || eb > 16) return 1;
  /* the dim register 0 steps along */
  int d = -1;
  for (int k = 0; k < l->rank; k++)
    if (l->reg[0][k]) {
      if (d >= 0 || l->reg[0][k] != 1) return 1;
      d = k;
    }
  if (d < 0) return 1;
  lw_axis pa, ma;
  lw_axis_of(c, ptr, &pa);
  if (pa.rank != l->rank) return 1;
  int64_t mcst = AX_BIG;
  if (mask) {
    lw_axis_of(c, mask, &ma);
    mcst = ma.rank == l->rank ? ma.cst[d] : 1;
  }
  int k = 0;
  while (k < l->nreg && ((int64_t)eb << (k + 1)) <= 16) {
    int64_t n = 1LL << (k + 1);
    bool ok = true;
    for (int e = 0; e < l->rank; e++) ok &= l->reg[k][e] == (e == d ? (1 << k) : 0);
    ok &= pa.contig[d] >= n && pa.div[d] >= n * eb && mcst >= n;
    if (!ok) break;
    k++;
  }
  /* every other basis keeps a group's first element aligned */
  while (k > 0) {
    int32_t m = (1 << k) - 1;
    bool ok = true;
    for (int b = k; b < l->nreg; b++) ok &= (l->reg[b][d] & m) == 0;
    for (int b = 0; b < l->nlane; b++) ok &= (l->lane[b][d] & m) == 0;
    for (int b = 0; b < l->nwarp; b++) ok &= (l->warp[b][d] & m) == 0;
    if (ok) break;
    k--;
  }
  return 1 << k;
}
