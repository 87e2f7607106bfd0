/* data_shape.c: tensor shape and layout ops on payloads: make_range, splat, broadcast,
 * expand_dims, reshape, trans, join, split, cat, gather, histogram, convert_layout. */
#include <string.h>

#include "data_internal.h"

/* New tensor of the decoded op's result k type; NULL (err set) on failure. */
static sim_tensor *new_result_(const sim_opdec *dec, uint32_t k, sim_data_err *err) {
  const ir_op *op = dec->op;
  int rank;
  int64_t shape[IR_MAX_RANK];
  const sim_vtype *t = sim_opdec_tout(dec, k);
  sim_dtype dt = (sim_dtype)t->dt;
  if (!sim_data_tensor_shape(t, &rank, shape) || dt == SIM_DT_NONE) {
    sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "'%s': unsupported result type",
                  ir_ops[op->code].name);
    return NULL;
  }
  sim_tensor *r = sim_tensor_new(dt, rank, shape);
  if (!r) sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  return r;
}

/* Advances a row-major multi-index; returns false after the last one. */
static bool next_index(int rank, const int64_t *shape, int64_t *ix) {
  for (int k = rank - 1; k >= 0; k--) {
    if (++ix[k] < shape[k]) return true;
    ix[k] = 0;
  }
  return false;
}

static int64_t linear(int rank, const int64_t *stride, const int64_t *ix) {
  int64_t o = 0;
  for (int k = 0; k < rank; k++) o += ix[k] * stride[k];
  return o;
}

static int need(const ir_op *op, sim_tensor *const *ins, uint32_t i, sim_data_err *err) {
  if (i < op->n_operands && ins[i]) return 0;
  return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "'%s': operand %u has no payload",
                       ir_ops[op->code].name, i);
}

/* Every element of r, in row-major order, from s at the offset its index gives under the
 * element strides st (broadcast: stride 0; transpose: permuted strides). */
static void gather_strided(sim_tensor *r, const sim_tensor *s, const int64_t *st) {
  int64_t ix[IR_MAX_RANK] = {0}, i = 0;
  size_t sz = (size_t)sim_dtype_size(r->dt);
  do memcpy(sim_tensor_at(r, i++), sim_tensor_at(s, linear(r->rank, st, ix)), sz);
  while (next_index(r->rank, r->shape, ix));
}

int sim_data_eval_shape(sim_data *d, const ir_op *op, sim_tensor *const *ins,
                        const uint64_t *in_bits, sim_tensor **outs, uint64_t *out_bits,
                        sim_data_err *err) {
  const sim_opdec *dec = sim_data_dec(d, op);
#define new_result(op, k, err) new_result_(dec, (k), (err))
  sim_tensor *r = NULL;
  int64_t ix[IR_MAX_RANK] = {0}, st[IR_MAX_RANK];
  switch (op->code) {
  case IR_OP_TTG_CONVERT_LAYOUT:
  case IR_OP_TLX_REQUIRE_LAYOUT:
  case IR_OP_TLX_RELEASE_LAYOUT:
  case IR_OP_GLUON_SET_AUTO_LAYOUT:
  case IR_OP_AMDG_REGISTER_HANDOFF:
  case IR_OP_AMDG_IN_THREAD_TRANSPOSE:
    /* Layouts distribute the same logical values over threads: identity on values. */
    if (need(op, ins, 0, err)) return err->status;
    outs[0] = sim_tensor_ref(ins[0]);
    return 0;
  case IR_OP_TT_MAKE_RANGE: {
    if (!(r = new_result(op, 0, err))) return err->status;
    int64_t start = dec->start;
    for (int64_t i = 0; i < r->numel; i++)
      sim_elem_set_bits(r->dt, sim_tensor_at(r, i), (uint64_t)(start + i));
    break;
  }
  case IR_OP_TT_SPLAT:
    if (!(r = new_result(op, 0, err))) return err->status;
    {
      uint64_t v = ins[0] ? sim_elem_get_bits(ins[0]->dt, ins[0]->data) : in_bits[0];
      if (r->dt == SIM_DT_F32 || r->dt == SIM_DT_I32) {
        uint32_t v32 = (uint32_t)v;
        uint32_t *p = r->data;
        for (int64_t i = 0; i < r->numel; i++) p[i] = v32;
      } else {
        for (int64_t i = 0; i < r->numel; i++) sim_elem_set_bits(r->dt, sim_tensor_at(r, i), v);
      }
    }
    break;
  case IR_OP_TT_UNSPLAT:
    if (need(op, ins, 0, err)) return err->status;
    out_bits[0] = sim_elem_get_bits(ins[0]->dt, ins[0]->data);
    return 0;
  case IR_OP_TT_BROADCAST: {
    if (need(op, ins, 0, err)) return err->status;
    if (!(r = new_result(op, 0, err))) return err->status;
    const sim_tensor *s = ins[0];
    if (s->rank != r->rank) goto bad_shape;
    sim_data_row_strides(s->rank, s->shape, st);
    for (int k = 0; k < s->rank; k++) {
      if (s->shape[k] != r->shape[k] && s->shape[k] != 1) goto bad_shape;
      if (s->shape[k] == 1) st[k] = 0;
    }
    gather_strided(r, s, st);
    break;
  }
  case IR_OP_TT_EXPAND_DIMS:
  case IR_OP_TT_RESHAPE:
    /* Row-major order is kept (reshape with allow_reorder may permute; keeping the order is
     * one of the orders the compiler may choose). */
    if (need(op, ins, 0, err)) return err->status;
    if (!(r = new_result(op, 0, err))) return err->status;
    if (r->numel != ins[0]->numel || r->dt != ins[0]->dt) goto bad_shape;
    memcpy(r->data, ins[0]->data, (size_t)(r->numel * sim_dtype_size(r->dt)));
    break;
  case IR_OP_TT_TRANS: {
    if (need(op, ins, 0, err)) return err->status;
    if (!(r = new_result(op, 0, err))) return err->status;
    const sim_tensor *s = ins[0];
    if (!dec->order_dense || dec->n_order != s->rank || r->rank != s->rank) goto bad_shape;
    int64_t sst[IR_MAX_RANK];
    sim_data_row_strides(s->rank, s->shape, sst);
    for (int k = 0; k < r->rank; k++) st[k] = sst[dec->order[k]]; /* out dim k = src dim order[k] */
    gather_strided(r, s, st);
    break;
  }
  case IR_OP_TT_JOIN: {
    if (need(op, ins, 0, err) || need(op, ins, 1, err)) return err->status;
    if (!(r = new_result(op, 0, err))) return err->status;
    if (ins[0]->numel * 2 != r->numel) goto bad_shape;
    int sz = sim_dtype_size(r->dt);
    for (int64_t i = 0; i < ins[0]->numel; i++) {
      memcpy(sim_tensor_at(r, 2 * i), sim_tensor_at(ins[0], i), (size_t)sz);
      memcpy(sim_tensor_at(r, 2 * i + 1), sim_tensor_at(ins[1], i), (size_t)sz);
    }
    break;
  }
  case IR_OP_TT_SPLIT: {
    if (need(op, ins, 0, err)) return err->status;
    sim_tensor *a = new_result(op, 0, err), *b = a ? new_result(op, 1, err) : NULL;
    if (!a || !b) {
      sim_tensor_unref(a);
      return err->status;
    }
    int sz = sim_dtype_size(a->dt);
    if (a->numel * 2 != ins[0]->numel) {
      sim_tensor_unref(a);
      sim_tensor_unref(b);
      goto bad_shape;
    }
    for (int64_t i = 0; i < a->numel; i++) {
      memcpy(sim_tensor_at(a, i), sim_tensor_at(ins[0], 2 * i), (size_t)sz);
      memcpy(sim_tensor_at(b, i), sim_tensor_at(ins[0], 2 * i + 1), (size_t)sz);
    }
    outs[0] = a;
    outs[1] = b;
    return 0;
  }
  case IR_OP_TT_CAT: {
    if (need(op, ins, 0, err) || need(op, ins, 1, err)) return err->status;
    if (!(r = new_result(op, 0, err))) return err->status;
    if (ins[0]->numel + ins[1]->numel != r->numel) goto bad_shape;
    size_t n0 = (size_t)(ins[0]->numel * sim_dtype_size(r->dt));
    memcpy(r->data, ins[0]->data, n0);
    memcpy((uint8_t *)r->data + n0, ins[1]->data, (size_t)(ins[1]->numel * sim_dtype_size(r->dt)));
    break;
  }
  case IR_OP_AMDG_CONCAT: {
    /* result[I] = sources[k][I mod S], k the row-major rank of I / S in the grid of tiles
     * (dims result / S, S the common source shape; TritonAMDGPUOps.td ConcatOp) */
    if (!op->n_operands) goto bad_shape;
    for (uint32_t k = 0; k < op->n_operands; k++)
      if (need(op, ins, k, err)) return err->status;
    if (!(r = new_result(op, 0, err))) return err->status;
    const sim_tensor *s0 = ins[0];
    int64_t grid[IR_MAX_RANK], g[IR_MAX_RANK], l[IR_MAX_RANK], gst[IR_MAX_RANK];
    if (s0->rank != r->rank || s0->numel * (int64_t)op->n_operands != r->numel) goto bad_shape;
    for (int q = 0; q < r->rank; q++) {
      if (s0->shape[q] <= 0 || r->shape[q] % s0->shape[q]) goto bad_shape;
      grid[q] = r->shape[q] / s0->shape[q];
    }
    for (uint32_t k = 1; k < op->n_operands; k++) {
      if (ins[k]->rank != s0->rank || ins[k]->dt != r->dt || ins[k]->numel != s0->numel) goto bad_shape;
      for (int q = 0; q < r->rank; q++)
        if (ins[k]->shape[q] != s0->shape[q]) goto bad_shape;
    }
    if (s0->dt != r->dt) goto bad_shape;
    sim_data_row_strides(r->rank, grid, gst);
    sim_data_row_strides(s0->rank, s0->shape, st);
    size_t sz = (size_t)sim_dtype_size(r->dt);
    int64_t i = 0;
    do {
      for (int q = 0; q < r->rank; q++) g[q] = ix[q] / s0->shape[q], l[q] = ix[q] % s0->shape[q];
      const sim_tensor *src = ins[linear(r->rank, gst, g)];
      memcpy(sim_tensor_at(r, i++), sim_tensor_at(src, linear(r->rank, st, l)), sz);
    } while (next_index(r->rank, r->shape, ix));
    break;
  }
  case IR_OP_TT_GATHER: {
    if (need(op, ins, 0, err) || need(op, ins, 1, err)) return err->status;
    if (!(r = new_result(op, 0, err))) return err->status;
    const sim_tensor *s = ins[0], *ind = ins[1];
    int axis = (int)dec->axis;
    if (axis < 0 || axis >= s->rank || ind->rank != s->rank || r->numel != ind->numel)
      goto bad_shape;
    sim_data_row_strides(s->rank, s->shape, st);
    int sz = sim_dtype_size(r->dt);
    int64_t i = 0;
    do {
      int64_t j = sim_elem_get_i(ind->dt, sim_tensor_at(ind, i));
      if (j < 0 || j >= s->shape[axis]) {
        sim_tensor_unref(r);
        return sim_data_fail(err, SIM_DATA_FAULT, op, "tt.gather index %lld outside [0, %lld)",
                             (long long)j, (long long)s->shape[axis]);
      }
      int64_t save = ix[axis];
      ix[axis] = j;
      memcpy(sim_tensor_at(r, i++), sim_tensor_at(s, linear(s->rank, st, ix)), (size_t)sz);
      ix[axis] = save;
    } while (next_index(ind->rank, ind->shape, ix));
    break;
  }
  case IR_OP_TT_HISTOGRAM: {
    if (need(op, ins, 0, err)) return err->status;
    if (!(r = new_result(op, 0, err))) return err->status;
    for (int64_t i = 0; i < ins[0]->numel; i++) {
      int64_t v = sim_elem_get_i(ins[0]->dt, sim_tensor_at(ins[0], i));
      if (v >= 0 && v < r->numel) {
        void *p = sim_tensor_at(r, v);
        sim_elem_set_bits(r->dt, p, sim_elem_get_bits(r->dt, p) + 1);
      }
    }
    break;
  }
  default: return -1;
  }
  outs[0] = r;
  return 0;
bad_shape:
  sim_tensor_unref(r);
  return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "'%s': operand and result shapes disagree",
                       ir_ops[op->code].name);
#undef new_result
}
