/* lw_joinsplit.c: tt.join (two tensors -> one with a new last dim of size 2: lhs at index 0,
 * rhs at 1) and tt.split (its inverse). Lowered as register moves only: the layouts Triton
 * gives these ops keep both elements of a pair in the registers of one thread (the new dim is
 * a register basis, sizePerThread [..., 2]), and every thread holds the same pairs of the
 * narrow tensors as of the wide one. That is verified from the layouts; any other pair of
 * layouts is refused at the op (it would need an exchange between threads). */
#include <string.h>

#include "lw_int.h"

/* True when wide (rank r + 1, last dim 2) and narrow (rank r) give every thread the same
 * coordinates of the first r dims, and no lane or warp moves along the last dim of wide: then
 * each thread holds both halves of every pair it holds. */
static bool same_thread_pairs(const lw_ll *wide, const lw_ll *narrow) {
  int r = narrow->rank;
  if (wide->rank != r + 1 || wide->shape[r] != 2 || wide->nlane != narrow->nlane ||
      wide->nwarp != narrow->nwarp)
    return false;
  for (int d = 0; d < r; d++)
    if (wide->shape[d] != narrow->shape[d]) return false;
  for (int k = 0; k < 2; k++) {
    int n = k ? wide->nwarp : wide->nlane;
    for (int b = 0; b < n; b++) {
      const int32_t *wv = k ? wide->warp[b] : wide->lane[b];
      const int32_t *nv = k ? narrow->warp[b] : narrow->lane[b];
      if (wv[r] % 2) return false;
      for (int d = 0; d < r; d++)
        if (wv[d] % wide->shape[d] != nv[d] % narrow->shape[d]) return false;
    }
  }
  return true;
}


static int refuse(lw_ctx *c, const ir_op *op) {
  return lw_fail(c, op,
                 "'%s' whose layouts do not keep both elements of a pair in one thread's registers "
                 "is not supported",
                 ir_ops[op->code].name);
}

static int join(lw_ctx *c, const ir_op *op) {
  if (op->n_operands != 2 || op->n_results != 1) return lw_fail(c, op, "malformed tt.join");
  lw_ll nl, nr, wl;
  if (lw_tensor_ll(c, op, op->operands[0]->type, &nl) || lw_tensor_ll(c, op, op->operands[1]->type, &nr) ||
      lw_tensor_ll(c, op, op->results[0]->type, &wl))
    return -1;
  if (!lw_ll_equal(&nl, &nr) || !same_thread_pairs(&wl, &nl)) return refuse(c, op);
  const lw_val *in[2] = {lw_get(c, op->operands[0]), lw_get(c, op->operands[1])};
  for (int k = 0; k < 2; k++)
    if (in[k]->kind != LV_TENSOR || in[k]->n != lw_ll_nregs(&nl))
      return lw_fail(c, op, "tt.join operand is not a register tensor of its layout");
  lw_val v = {.kind = LV_TENSOR, .ty = in[0]->ty, .n = lw_ll_nregs(&wl)};
  v.el = lw_alloc(c, (v.n + 1) * sizeof *v.el);
  int r = nl.rank;
  for (uint32_t i = 0; i < v.n; i++) {
    int32_t wc[IR_MAX_RANK];
    lw_ll_reg_coord(&wl, i, wc);
    int32_t k = lw_ll_find_reg(&nl, wc); /* the first r coordinates */
    if (k < 0) return refuse(c, op);
    v.el[i] = in[wc[r] & 1]->el[k];
  }
  lw_set(c, op->results[0], v);
  return 0;
}

static int split(lw_ctx *c, const ir_op *op) {
  if (op->n_operands != 1 || op->n_results != 2) return lw_fail(c, op, "malformed tt.split");
  lw_ll wl, nl[2];
  if (lw_tensor_ll(c, op, op->operands[0]->type, &wl) || lw_tensor_ll(c, op, op->results[0]->type, &nl[0]) ||
      lw_tensor_ll(c, op, op->results[1]->type, &nl[1]))
    return -1;
  const lw_val *in = lw_get(c, op->operands[0]);
  if (in->kind != LV_TENSOR || in->n != lw_ll_nregs(&wl))
    return lw_fail(c, op, "tt.split operand is not a register tensor of its layout");
  for (int h = 0; h < 2; h++) {
    if (!same_thread_pairs(&wl, &nl[h])) return refuse(c, op);
    int r = nl[h].rank;
    lw_val v = {.kind = LV_TENSOR, .ty = in->ty, .n = lw_ll_nregs(&nl[h])};
    v.el = lw_alloc(c, (v.n + 1) * sizeof *v.el);
    for (uint32_t i = 0; i < v.n; i++) {
      int32_t wc[IR_MAX_RANK] = {0};
      lw_ll_reg_coord(&nl[h], i, wc);
      wc[r] = h;
      int32_t k = lw_ll_find_reg(&wl, wc);
      if (k < 0) return refuse(c, op);
      v.el[i] = in->el[k];
    }
    lw_set(c, op->results[h], v);
  }
  return 0;
}

int lw_joinsplit(lw_ctx *c, const ir_op *op) {
  return op->code == IR_OP_TT_JOIN ? join(c, op) : split(c, op);
}
