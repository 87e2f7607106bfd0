/* data_eval.c: the entry points for pure ops (sim_data_eval, sim_data_eval_raw): operand
 * payloads from the store, dispatch to the elementwise / shape / reduce / dot evaluators. */
#include <stdlib.h>
#include <string.h>

#include "data_internal.h"
#include "sim_size.h"

#define MAX_RESULTS 8

int sim_data_desc_at(sim_data *d, const ir_op *op, uint64_t va, int rank, const int64_t *shape,
                     const int64_t *stride, uint64_t *out_bits, sim_data_err *err) {
  uint32_t buf = (uint32_t)(va >> SIM_VA_SHIFT);
  int64_t off = (int64_t)(va & ((UINT64_C(1) << SIM_VA_SHIFT) - 1));
  if (!sim_data_buf(d, buf)) return sim_data_fail(err, SIM_DATA_FAULT, op, "descriptor base is not a valid pointer");
  uint32_t id = sim_data_tdesc_new(d, buf, sim_opdec_tout(sim_data_dec(d, op), 0), rank, shape, stride, err);
  if (!id) {
    err->loc = op->loc;
    return err->status;
  }
  sim_tdesc *t = (sim_tdesc *)sim_data_tdesc(d, id);
  int sz = sim_dtype_size(t->dt);
  if (off % sz) return sim_data_fail(err, SIM_DATA_FAULT, op, "descriptor base is misaligned");
  t->base = off / sz;
  out_bits[0] = id;
  return 0;
}

/* tt.make_tensor_descriptor base, shape..., strides... -> a new descriptor id. */
static int make_desc(sim_data *d, const ir_op *op, const uint64_t *in_bits, uint64_t *out_bits,
                     sim_data_err *err) {
  uint32_t ns = 0, nt = 0;
  const sim_opdec *dec = sim_data_dec(d, op);
  sim_opdec_seg(dec, IR_SEG_TT_MAKE_TENSOR_DESC_SHAPE, &ns);
  sim_opdec_seg(dec, IR_SEG_TT_MAKE_TENSOR_DESC_STRIDES, &nt);
  if (ns != nt || ns < 1 || ns > IR_MAX_RANK)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "make_tensor_descriptor: bad rank");
  int64_t shape[IR_MAX_RANK], stride[IR_MAX_RANK];
  for (uint32_t i = 0; i < ns; i++) {
    shape[i] = sim_data_sext(sim_opdec_tin(dec, 1 + i), in_bits[1 + i]);
    stride[i] = sim_data_sext(sim_opdec_tin(dec, 1 + ns + i), in_bits[1 + ns + i]);
  }
  return sim_data_desc_at(d, op, in_bits[0], (int)ns, shape, stride, out_bits, err);
}

int sim_data_eval_raw(sim_data *d, const ir_op *op, sim_tensor *const *ins, const uint64_t *in_bits,
                      sim_tensor **outs, uint64_t *out_bits, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  if (op->code == IR_OP_TT_MAKE_TENSOR_DESC) return make_desc(d, op, in_bits, out_bits, err);
  if (op->code == IR_OP_TTNG_REINTERPRET_TENSOR_DESC)
    return sim_data_tmap_reinterpret(d, op, in_bits[0], out_bits, err);
  int rc = sim_data_eval_elementwise(d, op, ins, in_bits, outs, out_bits, err);
  if (rc < 0) rc = sim_data_eval_shape(d, op, ins, in_bits, outs, out_bits, err);
  if (rc < 0) rc = sim_data_eval_reduce(d, op, ins, in_bits, outs, out_bits, err);
  if (rc < 0) rc = sim_data_eval_dot(d, op, ins, in_bits, outs, out_bits, err);
  if (rc < 0)
    rc = sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                       "simulate mode cannot compute '%s' yet; run `tlx-verify check` for "
                       "synchronization bugs instead",
                       ir_ops[op->code].name);
  return rc;
}

int sim_data_eval(sim_data *d, uint32_t agent, const ir_op *op, const uint64_t *in_bits,
                  uint64_t *out_bits, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  sim_tensor *stack[16], **ins = op->n_operands <= 16 ? stack : ir_xcalloc(op->n_operands, sizeof *ins);
  sim_tensor *outs[MAX_RESULTS] = {0};
  uint64_t zstack[16] = {0};
  uint64_t *zero = op->n_operands <= 16 ? zstack : ir_xcalloc(op->n_operands, sizeof *zero);
  if (!ins || !zero) {
    if (ins != stack) free(ins);
    return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  }
  if (op->n_results > MAX_RESULTS) {
    if (ins != stack) free(ins);
    if (zero != zstack) free(zero);
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "too many results");
  }
  const sim_opdec *dec = sim_data_dec(d, op);
  for (uint32_t i = 0; i < op->n_operands; i++)
    ins[i] = sim_opdec_tin(dec, i)->kind == IR_T_TENSOR ? sim_data_get(d, agent, op->operands[i]) : NULL;
  if (!in_bits) in_bits = zero; /* only tensor operands */
  int rc = sim_data_eval_raw(d, op, ins, in_bits, outs, out_bits, err);
  if (!rc) {
    for (uint32_t i = 0; i < op->n_results; i++) {
      if (sim_opdec_tout(dec, i)->kind == IR_T_TENSOR)
        sim_data_set(d, agent, op->results[i], outs[i]); /* takes the reference */
      else
        sim_tensor_unref(outs[i]);
    }
  }
  if (ins != stack) free(ins);
  if (zero != zstack) free(zero);
  return rc;
}
