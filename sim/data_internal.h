/* data_internal.h: private to sim/data_*.c: the sim_data context and helpers shared by the
 * data-plane files. Nothing outside sim/data_*.c includes it.
 * Ownership: the sim_data context owns every buffer and tensor (sim_data_free). */
#ifndef TLXV_DATA_INTERNAL_H
#define TLXV_DATA_INTERNAL_H

#include <stdarg.h>
#include <string.h>

#include "ir/ir_alloc.h" /* ir_pmap */
#include "sim_data.h"

/* Payloads of one agent slot: open-addressing hash from value pointer to tensor. */
typedef struct sim_data_slot {
  const ir_value **keys; /* NULL = empty */
  sim_tensor **vals;     /* owned references */
  uint32_t cap, n;       /* cap is 0 or a power of two */
} sim_data_slot;

struct sim_data {
  const ir_module *m; /* not owned */
  uint64_t seed;
  sim_buf **bufs; /* bufs[id - 1], owned; NULL after free */
  uint32_t n_bufs, cap_bufs;
  sim_tdesc *descs; /* descs[id - 1] */
  uint32_t n_descs, cap_descs;
  sim_data_slot *slots; /* per agent slot */
  uint32_t n_slots;
  sim_data_err last; /* most recent failure of an entry point (status 0: none) */
  sim_tensor **pend; /* cp.async payloads gathered at issue, pend[handle - 1] (owned; NULL free) */
  uint32_t n_pend, cap_pend;
  ir_pmap dec;           /* decoded attributes (sim_data_dec): op -> sim_opdec * (owned) */
};

/* Entry-point guard: lets callers pass err = NULL, resets err->status, and on return copies
 * a failure into d->last (sim_data_last_error) whatever path returned it. */
typedef struct sim_data_guard {
  sim_data *d;
  sim_data_err *err;
} sim_data_guard;
static inline void sim_data_guard_done(sim_data_guard *g) {
  if (g->err->status != SIM_DATA_OK && g->d) g->d->last = *g->err;
}
#define SIM_DATA_ENTRY(d, err)                                                                     \
  sim_data_err entry_tmp_;                                                                         \
  if (!(err)) (err) = &entry_tmp_;                                                                 \
  (err)->status = SIM_DATA_OK;                                                                     \
  (err)->msg[0] = 0;                                                                               \
  sim_data_guard entry_guard_ __attribute__((cleanup(sim_data_guard_done), unused)) = {(d), (err)}

/* Fills err (status, loc, printf-style message); returns status for `return sim_data_fail(...)`. */
int sim_data_fail(sim_data_err *err, sim_data_status st, const ir_op *op, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Row-major strides (in elements) of a shape. */
void sim_data_row_strides(int rank, const int64_t *shape, int64_t *stride);
/* Converts every element of src into a new tensor of dtype dt (rounding r). */
sim_tensor *sim_tensor_convert(const sim_tensor *src, sim_dtype dt, sim_round r);
/* Pointer to element i (row-major index) of a tensor. */
static inline void *sim_tensor_at(const sim_tensor *t, int64_t i) {
  return (uint8_t *)t->data + i * sim_dtype_size(t->dt);
}

/* Gathers the elements a view names (row-major over the view shape) into a new tensor of
 * the view's dtype; faults when the view leaves its buffer. */
int sim_data_view_read(sim_data *d, const sim_mview *v, sim_tensor **out, const ir_op *op,
                       sim_data_err *err);
/* Scatters t (same element count as the view, row-major) into the view, converting to
 * the view's dtype when they differ. */
int sim_data_view_write(sim_data *d, const sim_mview *v, const sim_tensor *t, const ir_op *op,
                        sim_data_err *err);

/* Elementwise / shape / reduction evaluators (data_elem.c, data_shape.c, data_reduce.c,
 * data_mma.c): same contract as sim_data_eval_raw for the ops they handle; return -1 when
 * the op is not theirs. */
int sim_data_eval_elementwise(sim_data *d, const ir_op *op, sim_tensor *const *ins,
                              const uint64_t *in_bits, sim_tensor **outs, uint64_t *out_bits,
                              sim_data_err *err);
int sim_data_eval_shape(sim_data *d, const ir_op *op, sim_tensor *const *ins,
                        const uint64_t *in_bits, sim_tensor **outs, uint64_t *out_bits,
                        sim_data_err *err);
int sim_data_eval_reduce(sim_data *d, const ir_op *op, sim_tensor *const *ins,
                         const uint64_t *in_bits, sim_tensor **outs, uint64_t *out_bits,
                         sim_data_err *err);
int sim_data_eval_dot(sim_data *d, const ir_op *op, sim_tensor *const *ins, const uint64_t *in_bits,
                      sim_tensor **outs, uint64_t *out_bits, sim_data_err *err);
/* Evaluates one scalar op of a combiner region on scalar bits (no tensors). */
int sim_data_eval_scalar(sim_data *d, const ir_op *op, const uint64_t *in_bits, uint64_t *out_bits,
                         sim_data_err *err);

/* Sign-extends scalar bits by the width of v's integer type (index / i64: unchanged). */
int64_t sim_data_sext(const sim_vtype *t, uint64_t bits);
/* A new descriptor (id in out_bits[0]) of op's result type over the tensor at address va, of
 * rank `rank` with shape and strides in elements, outer first (tt.make_tensor_descriptor,
 * ttng.reinterpret_tensor_descriptor of a tensormap record): FAULT for an invalid or misaligned
 * base. */
int sim_data_desc_at(sim_data *d, const ir_op *op, uint64_t va, int rank, const int64_t *shape,
                     const int64_t *stride, uint64_t *out_bits, sim_data_err *err);

/* f16 -> f32 without branches on the common path (exact: every f16 is an f32). */
static inline float sim_f16_to_float(uint16_t h) {
  uint32_t sgn = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, b;
  float f;
  if (e == 0) {
    f = (float)m * 0x1p-24f; /* zero and subnormals */
    return sgn ? -f : f;
  }
  b = e == 0x1f ? sgn | 0x7f800000u | (m << 13) : sgn | ((e + 112) << 23) | (m << 13);
  memcpy(&f, &b, 4);
  return f;
}

/* Shape of a tensor type into rank/shape; false when not a ranked tensor. */
bool sim_data_tensor_shape(const sim_vtype *t, int *rank, int64_t *shape);

#endif
