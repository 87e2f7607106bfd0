/* data_view.c: memory views (memdesc values as buffer + offset + shape + strides), the view
 * ops that derive them, and gathering / scattering tensor payloads through a view. */
#include <assert.h>
#include <string.h>

#include "data_internal.h"

/* Result memdesc type of a decoded view op, checked. */
static const sim_vtype *result_memdesc(const sim_opdec *dec) {
  if (dec->n_out < 1) return NULL;
  const sim_vtype *t = sim_opdec_tout(dec, 0);
  return t->kind == IR_T_MEMDESC ? t : NULL;
}

static bool is_row_major(const sim_mview *v) {
  int64_t s = 1;
  for (int i = v->rank - 1; i >= 0; i--) {
    if (v->shape[i] != 1 && v->stride[i] != s) return false;
    s *= v->shape[i];
  }
  return true;
}

static int64_t view_numel(const sim_mview *v) {
  int64_t n = 1;
  for (int i = 0; i < v->rank; i++) n *= v->shape[i];
  return n;
}

int sim_mview_of_alloc(const sim_data *d, uint32_t buf, const sim_vtype *md, sim_mview *out,
                       sim_data_err *err) {
  (void)d;
  memset(out, 0, sizeof *out);
  if (md->kind != IR_T_MEMDESC)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, NULL, "allocation result is not a memdesc");
  out->buf = buf;
  out->dt = (sim_dtype)md->dt;
  if (out->dt == SIM_DT_NONE)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, NULL,
                         "simulate mode cannot hold this memdesc's element type");
  out->rank = md->rank;
  for (int i = 0; i < md->rank; i++) out->shape[i] = md->shape[i];
  sim_data_row_strides(out->rank, out->shape, out->stride);
  return 0;
}

void sim_mview_byte_range(const sim_mview *v, int64_t *lo, int64_t *hi) {
  int64_t sz = sim_dtype_size(v->dt), last = v->offset;
  for (int i = 0; i < v->rank; i++) {
    if (v->shape[i] == 0) {
      *lo = *hi = v->offset * sz;
      return;
    }
    last += (v->shape[i] - 1) * v->stride[i];
  }
  *lo = v->offset * sz;
  *hi = (last + 1) * sz;
}

/* Sets out's shape from the result type and checks the element count. */
static int take_result_shape(const ir_op *op, const sim_vtype *rt, sim_mview *out,
                             sim_data_err *err) {
  int64_t n0 = view_numel(out);
  int64_t n1 = 1;
  for (int i = 0; i < rt->rank; i++) n1 *= rt->shape[i];
  if (n0 != n1 || !is_row_major(out))
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "simulate mode cannot reshape this strided memory view");
  out->rank = rt->rank;
  for (int i = 0; i < rt->rank; i++) out->shape[i] = rt->shape[i];
  sim_data_row_strides(out->rank, out->shape, out->stride);
  return 0;
}

int sim_mview_apply(sim_data *d, const ir_op *op, const sim_mview *src, const uint64_t *idx,
                    sim_mview *out, sim_data_err *err) {
  const sim_opdec *dec = sim_data_dec(d, op);
  const sim_vtype *rt = result_memdesc(dec);
  if (!rt) return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "view op without a memdesc result");
  *out = *src;
  sim_dtype rdt = (sim_dtype)rt->dt;
  switch (op->code) {
  case IR_OP_TTG_MEMDESC_INDEX: {
    int64_t i = sim_data_sext(sim_opdec_tin(dec, 1), idx[0]);
    /* An index outside the array is only address arithmetic until the view is accessed
     * (e.g. ring[(i - 1) % 2] under a false predicate): accesses check the bounds. */
    if (src->rank < 1)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "memdesc_index of a rank-0 view");
    out->offset += i * src->stride[0];
    out->rank = (uint8_t)(src->rank - 1);
    for (int k = 1; k < src->rank; k++) {
      out->shape[k - 1] = src->shape[k];
      out->stride[k - 1] = src->stride[k];
    }
    while (out->rank < rt->rank) { /* a 1-D alloc indexes to shape [1] */
      memmove(out->shape + 1, out->shape, out->rank * sizeof out->shape[0]);
      memmove(out->stride + 1, out->stride, out->rank * sizeof out->stride[0]);
      out->shape[0] = 1;
      out->stride[0] = 1;
      out->rank++;
    }
    break;
  }
  case IR_OP_TTG_MEMDESC_SUBSLICE:
  case IR_OP_TTG_MEMDESC_DYN_SUBSLICE: {
    int64_t off[IR_MAX_RANK] = {0};
    if (op->code == IR_OP_TTG_MEMDESC_SUBSLICE) {
      if (dec->n_offsets != src->rank)
        return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "memdesc_subslice without offsets");
      for (int k = 0; k < src->rank; k++) off[k] = dec->offsets[k];
    } else {
      uint32_t n = 0;
      sim_opdec_seg(dec, IR_SEG_TTG_MEMDESC_DYN_SUBSLICE_OFFSETS, &n);
      if ((int)n != src->rank)
        return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "memdesc_dynamic_subslice offsets");
      for (uint32_t k = 0; k < n; k++) off[k] = sim_data_sext(sim_opdec_tin(dec, 1 + k), idx[k]);
    }
    if (rt->rank != src->rank)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "subslice changes the rank");
    for (int k = 0; k < src->rank; k++) {
      out->offset += off[k] * src->stride[k];
      out->shape[k] = rt->shape[k];
    }
    break;
  }
  case IR_OP_TTNG_TMEM_SUBSLICE: {
    int64_t n = dec->tmem_n;
    int last = src->rank - 1;
    if (n < 0 || last < 0 || rt->rank != src->rank || n + rt->shape[last] > src->shape[last])
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "tmem_subslice: bad column offset");
    out->offset += n * src->stride[last];
    for (int k = 0; k < rt->rank; k++) out->shape[k] = rt->shape[k];
    break;
  }
  case IR_OP_TTG_MEMDESC_TRANS: {
    const int64_t *order = dec->order;
    if (dec->n_order != src->rank)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "memdesc_trans without order");
    for (int k = 0; k < src->rank; k++) {
      if (order[k] < 0 || order[k] >= src->rank)
        return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "memdesc_trans: bad order");
      out->shape[k] = src->shape[order[k]];
      out->stride[k] = src->stride[order[k]];
    }
    break;
  }
  case IR_OP_TTG_MEMDESC_RESHAPE:
    if (take_result_shape(op, rt, out, err)) return err->status;
    break;
  case IR_OP_TTG_MEMDESC_REINTERPRET:
  case IR_OP_TLX_LOCAL_ALIAS: {
    if (!is_row_major(src))
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                           "simulate mode cannot reinterpret a strided memory view");
    if (rdt == SIM_DT_NONE)
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "reinterpret to an unsupported type");
    int64_t bytes = src->offset * sim_dtype_size(src->dt);
    if (bytes % sim_dtype_size(rdt))
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "reinterpret at a misaligned offset");
    out->offset = bytes / sim_dtype_size(rdt);
    out->dt = rdt;
    out->rank = rt->rank;
    for (int k = 0; k < rt->rank; k++) out->shape[k] = rt->shape[k];
    sim_data_row_strides(out->rank, out->shape, out->stride);
    return 0;
  }
  case IR_OP_TTNG_MAP_TO_REMOTE_BUFFER: break;
  default:
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "'%s' is not a view op",
                         ir_ops[op->code].name);
  }
  out->dt = rdt != SIM_DT_NONE ? rdt : out->dt;
  /* The computed shape must be the result type's. */
  bool same = out->rank == rt->rank;
  for (int k = 0; same && k < rt->rank; k++) same = out->shape[k] == rt->shape[k];
  if (!same && take_result_shape(op, rt, out, err)) return err->status;
  return 0;
}

/* ------------------------------------------------------------------ gather / scatter */

/* Checks that the view lies inside a live buffer of matching element size; returns it. */
static sim_buf *view_buf(sim_data *d, const sim_mview *v, const ir_op *op, sim_data_err *err) {
  sim_buf *b = sim_data_buf(d, v->buf);
  if (!b) {
    sim_data_fail(err, SIM_DATA_FAULT, op, "memory view names no buffer (id %u)", v->buf);
    return NULL;
  }
  if (!b->live) {
    sim_data_fail(err, SIM_DATA_FAULT, op, "access to a deallocated buffer");
    return NULL;
  }
  int64_t lo, hi;
  sim_mview_byte_range(v, &lo, &hi);
  if (lo < 0 || hi > b->nbytes) {
    sim_data_fail(err, SIM_DATA_FAULT, op, "memory view [%lld, %lld) outside its %lld-byte buffer",
                  (long long)lo, (long long)hi, (long long)b->nbytes);
    return NULL;
  }
  return b;
}

/* Calls fn(element byte offset, linear index) over the view in row-major order. */
#define FOR_VIEW(v, body)                                                                          \
  do {                                                                                             \
    int64_t ix_[IR_MAX_RANK] = {0}, n_ = view_numel(v), off_ = (v)->offset;                        \
    int sz_ = sim_dtype_size((v)->dt);                                                             \
    for (int64_t lin = 0; lin < n_; lin++) {                                                       \
      int64_t boff = off_ * sz_;                                                                   \
      body;                                                                                        \
      for (int k_ = (v)->rank - 1; k_ >= 0; k_--) {                                                \
        off_ += (v)->stride[k_];                                                                   \
        if (++ix_[k_] < (v)->shape[k_]) break;                                                     \
        off_ -= (v)->stride[k_] * (v)->shape[k_];                                                  \
        ix_[k_] = 0;                                                                               \
      }                                                                                            \
    }                                                                                              \
  } while (0)

int sim_data_view_read(sim_data *d, const sim_mview *v, sim_tensor **out, const ir_op *op,
                       sim_data_err *err) {
  sim_buf *b = view_buf(d, v, op, err);
  if (!b) return err->status;
  sim_tensor *t = sim_tensor_new(v->dt, v->rank, v->shape);
  if (!t) return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  int sz = sim_dtype_size(v->dt);
  if (is_row_major(v)) {
    memcpy(t->data, b->bytes + v->offset * sz, (size_t)(t->numel * sz));
  } else {
    uint8_t *dst = t->data;
    FOR_VIEW(v, memcpy(dst + lin * sz, b->bytes + boff, (size_t)sz));
  }
  *out = t;
  return 0;
}

int sim_data_view_write(sim_data *d, const sim_mview *v, const sim_tensor *t, const ir_op *op,
                        sim_data_err *err) {
  sim_buf *b = view_buf(d, v, op, err);
  if (!b) return err->status;
  if (view_numel(v) != t->numel)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "storing %lld elements into a %lld-element memory view",
                         (long long)t->numel, (long long)view_numel(v));
  sim_tensor *conv = NULL;
  if (t->dt != v->dt) {
    conv = sim_tensor_convert(t, v->dt, SIM_RNE);
    if (!conv) return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
    t = conv;
  }
  int sz = sim_dtype_size(v->dt);
  if (is_row_major(v)) {
    memcpy(b->bytes + v->offset * sz, t->data, (size_t)(t->numel * sz));
  } else {
    const uint8_t *src = t->data;
    FOR_VIEW(v, memcpy(b->bytes + boff, src + lin * sz, (size_t)sz));
  }
  sim_tensor_unref(conv);
  return 0;
}
