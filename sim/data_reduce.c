/* data_reduce.c: tt.reduce and tt.scan on payloads, interpreting the combiner region
 * (scalar ops only) element by element. Order: a sequential fold along the axis; the GPU
 * folds each thread's elements, then a shuffle tree, so float sums may differ by rounding. */
#include <stdlib.h>
#include <string.h>

#include "data_internal.h"

#define MAX_OPS 8  /* operands of one reduce / scan */
#define MAX_ENV 64 /* values defined in a combiner region */

/* Values of one combiner invocation: block arguments and op results -> bits. */
typedef struct cenv {
  const ir_value *keys[MAX_ENV];
  uint64_t vals[MAX_ENV];
  int n;
} cenv;

static int env_set(cenv *e, const ir_value *v, uint64_t b) {
  for (int i = 0; i < e->n; i++)
    if (e->keys[i] == v) {
      e->vals[i] = b;
      return 0;
    }
  if (e->n == MAX_ENV) return -1;
  e->keys[e->n] = v;
  e->vals[e->n++] = b;
  return 0;
}

/* Looks v up; values defined outside the region (captured constants) are not supported. */
static bool env_get(const cenv *e, const ir_value *v, uint64_t *b) {
  for (int i = 0; i < e->n; i++)
    if (e->keys[i] == v) {
      *b = e->vals[i];
      return true;
    }
  return false;
}

/* Runs the combiner: args = acc[0..n), x[0..n); res = the n returned values. */
static int combine(sim_data *d, const ir_op *owner, const ir_block *blk, int n, const uint64_t *acc,
                   const uint64_t *x, uint64_t *res, sim_data_err *err) {
  cenv e;
  e.n = 0;
  for (int i = 0; i < n; i++) {
    env_set(&e, blk->args[i], acc[i]);
    env_set(&e, blk->args[n + i], x[i]);
  }
  for (const ir_op *op = blk->first; op; op = op->next) {
    uint64_t in[8] = {0}, out[2] = {0};
    if (op->n_operands > 8)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "combiner op with too many operands");
    for (uint32_t i = 0; i < op->n_operands; i++)
      if (!env_get(&e, op->operands[i], &in[i])) {
        /* a constant defined outside the region */
        const ir_op *def = op->operands[i]->def;
        if (!def || def->code != IR_OP_ARITH_CONSTANT ||
            sim_data_eval_scalar(d, def, in, &in[i], err))
          return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                               "combiner uses a value defined outside its region");
      }
    if (op->code == IR_OP_TT_REDUCE_RETURN || op->code == IR_OP_TT_SCAN_RETURN) {
      if ((int)op->n_operands != n)
        return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "combiner returns %u values, want %d",
                             op->n_operands, n);
      for (int i = 0; i < n; i++) res[i] = in[i];
      return 0;
    }
    if (sim_data_eval_scalar(d, op, in, out, err)) return err->status;
    for (uint32_t i = 0; i < op->n_results && i < 2; i++)
      if (env_set(&e, op->results[i], out[i]))
        return sim_data_fail(err, SIM_DATA_UNSUPPORTED, owner, "combiner region too large");
  }
  return sim_data_fail(err, SIM_DATA_UNSUPPORTED, owner, "combiner region has no return");
}

int sim_data_eval_reduce(sim_data *d, const ir_op *op, sim_tensor *const *ins,
                         const uint64_t *in_bits, sim_tensor **outs, uint64_t *out_bits,
                         sim_data_err *err) {
  (void)in_bits;
  bool scan = op->code == IR_OP_TT_SCAN;
  if (op->code != IR_OP_TT_REDUCE && !scan) return -1;
  int n = (int)op->n_operands;
  if (n < 1 || n > MAX_OPS || op->n_regions < 1 || op->regions[0]->n_blocks < 1)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "malformed '%s'", ir_ops[op->code].name);
  const ir_block *blk = op->regions[0]->blocks[0];
  if ((int)blk->n_args != 2 * n)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "combiner takes %u arguments, want %d",
                         blk->n_args, 2 * n);
  for (int i = 0; i < n; i++)
    if (!ins[i] || ins[i]->rank != ins[0]->rank || ins[i]->numel != ins[0]->numel)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "operand %d has no payload", i);
  const sim_tensor *s0 = ins[0];
  const sim_opdec *dec = sim_data_dec(d, op);
  int axis = (int)dec->axis;
  if (axis < 0 || axis >= s0->rank)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "axis %d out of range", axis);
  bool reverse = scan && dec->reverse;

  /* Results: reduce drops the axis (rank 0 = scalar result); scan keeps the shape. */
  sim_tensor *r[MAX_OPS] = {0};
  int64_t rshape[IR_MAX_RANK];
  int rrank = 0;
  for (int k = 0; k < s0->rank; k++)
    if (scan || k != axis) rshape[rrank++] = s0->shape[k];
  bool scalar_out = !scan && sim_opdec_tout(dec, 0)->kind != IR_T_TENSOR;
  for (int i = 0; i < n; i++) {
    sim_dtype dt = (sim_dtype)sim_opdec_tout(dec, (uint32_t)i)->dt;
    if (dt == SIM_DT_NONE || !(r[i] = sim_tensor_new(dt, rrank, rshape))) {
      for (int j = 0; j < i; j++) sim_tensor_unref(r[j]);
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "unsupported result type");
    }
  }
  int64_t inner = 1, outer = 1, len = s0->shape[axis];
  for (int k = axis + 1; k < s0->rank; k++) inner *= s0->shape[k];
  for (int k = 0; k < axis; k++) outer *= s0->shape[k];
  int rc = 0;
  uint64_t acc[MAX_OPS], x[MAX_OPS];
  for (int64_t o = 0; o < outer && !rc; o++)
    for (int64_t in = 0; in < inner && !rc; in++) {
      for (int64_t j = 0; j < len && !rc; j++) {
        int64_t a = reverse ? len - 1 - j : j;
        int64_t src = (o * len + a) * inner + in;
        for (int i = 0; i < n; i++)
          x[i] = sim_elem_get_bits(ins[i]->dt, sim_tensor_at(ins[i], src));
        if (j == 0)
          memcpy(acc, x, sizeof x);
        else
          rc = combine(d, op, blk, n, acc, x, acc, err);
        if (scan && !rc)
          for (int i = 0; i < n; i++) sim_elem_set_bits(r[i]->dt, sim_tensor_at(r[i], src), acc[i]);
      }
      if (!scan && !rc && len > 0)
        for (int i = 0; i < n; i++)
          sim_elem_set_bits(r[i]->dt, sim_tensor_at(r[i], o * inner + in), acc[i]);
    }
  for (int i = 0; i < n; i++) {
    if (rc) {
      sim_tensor_unref(r[i]);
      continue;
    }
    if (scalar_out) {
      out_bits[i] = sim_elem_get_bits(r[i]->dt, r[i]->data);
      sim_tensor_unref(r[i]);
      outs[i] = NULL;
    } else {
      outs[i] = r[i];
    }
  }
  return rc;
}
