/* data_store.c: the sim_data context: tensor payloads and their per-agent store, memory
 * buffers (global / shared / tensor memory) and tensor descriptors. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "data_internal.h"
#include "sim_size.h"

/* ------------------------------------------------------------------ errors */

int sim_data_fail(sim_data_err *err, sim_data_status st, const ir_op *op, const char *fmt, ...) {
  if (err) {
    err->status = st;
    if (op)
      err->loc = op->loc;
    else
      memset(&err->loc, 0, sizeof err->loc);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
  }
  return (int)st;
}

/* ------------------------------------------------------------------ tensors */

void sim_data_row_strides(int rank, const int64_t *shape, int64_t *stride) {
  int64_t s = 1;
  for (int i = rank - 1; i >= 0; i--) {
    stride[i] = s;
    s *= shape[i];
  }
}

sim_tensor *sim_tensor_new(sim_dtype dt, int rank, const int64_t *shape) {
  assert(rank >= 0 && rank <= IR_MAX_RANK && dt != SIM_DT_NONE);
  int64_t n = 1;
  for (int i = 0; i < rank; i++) {
    if (shape[i] < 0 || (shape[i] && n > INT64_MAX / 16 / shape[i])) return NULL;
    n *= shape[i];
  }
  sim_tensor *t = ir_xcalloc(1, sizeof *t); /* owned by the caller (refs = 1) */
  if (!t) return NULL;
  t->data = ir_xcalloc((size_t)(n ? n : 1), (size_t)sim_dtype_size(dt));
  if (!t->data) {
    free(t);
    return NULL;
  }
  t->refs = 1;
  t->dt = dt;
  t->rank = (uint8_t)rank;
  for (int i = 0; i < rank; i++) t->shape[i] = shape[i];
  t->numel = n;
  return t;
}

sim_tensor *sim_tensor_ref(sim_tensor *t) {
  assert(t && t->refs > 0);
  t->refs++;
  return t;
}

void sim_tensor_unref(sim_tensor *t) {
  if (!t) return;
  assert(t->refs > 0);
  if (--t->refs == 0) {
    free(t->data);
    free(t);
  }
}

sim_tensor *sim_tensor_convert(const sim_tensor *src, sim_dtype dt, sim_round r) {
  sim_tensor *t = sim_tensor_new(dt, src->rank, src->shape);
  if (!t) return NULL;
  if (dt == src->dt) {
    memcpy(t->data, src->data, (size_t)(src->numel * sim_dtype_size(dt)));
    return t;
  }
  bool fsrc = sim_dtype_is_float(src->dt), fdst = sim_dtype_is_float(dt);
  for (int64_t i = 0; i < src->numel; i++) {
    if (fsrc || fdst)
      sim_elem_set_f(dt, sim_tensor_at(t, i), sim_elem_get_f(src->dt, sim_tensor_at(src, i)), r);
    else
      sim_elem_set_bits(dt, sim_tensor_at(t, i),
                        (uint64_t)sim_elem_get_i(src->dt, sim_tensor_at(src, i)));
  }
  return t;
}

bool sim_data_tensor_shape(const sim_vtype *t, int *rank, int64_t *shape) {
  if (t->kind != IR_T_TENSOR) return false;
  *rank = t->rank;
  for (int i = 0; i < t->rank; i++) shape[i] = t->shape[i];
  return true;
}

/* ------------------------------------------------------------------ context */

sim_data *sim_data_new(const ir_module *m, uint64_t seed) {
  sim_data *d = ir_xcalloc(1, sizeof *d); /* owned by the caller: sim_data_free */
  if (!d) return NULL;
  d->m = m;
  d->seed = seed;
  return d;
}

const sim_data_err *sim_data_last_error(const sim_data *d) {
  return d && d->last.status != SIM_DATA_OK ? &d->last : NULL;
}

void sim_data_clear_error(sim_data *d) { memset(&d->last, 0, sizeof d->last); }

static void slot_clear(sim_data_slot *s) {
  for (uint32_t i = 0; i < s->cap; i++) sim_tensor_unref(s->vals[i]);
  free(s->keys);
  free(s->vals);
  memset(s, 0, sizeof *s);
}

void sim_data_free(sim_data *d) {
  if (!d) return;
  for (uint32_t i = 0; i < d->n_slots; i++) slot_clear(&d->slots[i]);
  free(d->slots);
  for (uint32_t i = 0; i < d->n_bufs; i++) {
    if (d->bufs[i]) free(d->bufs[i]->bytes);
    free(d->bufs[i]);
  }
  free(d->bufs);
  free(d->descs);
  for (uint32_t i = 0; i < d->n_pend; i++) sim_tensor_unref(d->pend[i]);
  free(d->pend);
  for (size_t i = 0; i < d->dec.cap; i++)
    if (d->dec.vals[i]) {
      sim_opdec_release(d->dec.vals[i]);
      free(d->dec.vals[i]);
    }
  ir_pmap_free(&d->dec);
  free(d);
}

const sim_opdec *sim_data_dec(sim_data *d, const ir_op *op) {
  assert(d && op);
  void **slot = ir_pmap_slot(&d->dec, op, true);
  if (!*slot) {
    sim_opdec *rec = ir_xcalloc(1, sizeof *rec);
    sim_opdec_decode(op, rec);
    *slot = rec;
  }
  return *slot;
}

/* ------------------------------------------------------------------ buffers */

uint32_t sim_data_buf_new(sim_data *d, sim_space space, sim_dtype dt, int rank,
                          const int64_t *shape, const char *name, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  if (dt == SIM_DT_NONE || rank < 0 || rank > IR_MAX_RANK) {
    sim_data_fail(err, SIM_DATA_UNSUPPORTED, NULL, "unsupported buffer element type or rank");
    return 0;
  }
  int64_t n = 1;
  for (int i = 0; i < rank; i++) {
    if (shape[i] < 0 || (shape[i] && n > (INT64_C(1) << 38) / shape[i])) {
      sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL, "buffer '%s' is too large for simulate mode",
                    name ? name : "");
      return 0;
    }
    n *= shape[i];
  }
  int64_t nbytes = n * sim_dtype_size(dt);
  if (nbytes >= (INT64_C(1) << SIM_VA_SHIFT)) {
    sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL, "buffer '%s' exceeds 1 TiB", name ? name : "");
    return 0;
  }
  if (d->n_bufs == d->cap_bufs) {
    uint32_t cap = d->cap_bufs ? d->cap_bufs * 2 : 16;
    sim_buf **nb = ir_xrealloc(d->bufs, cap * sizeof *nb, 1);
    if (!nb) goto nomem;
    d->bufs = nb;
    d->cap_bufs = cap;
  }
  if (d->n_bufs + 1 >= (1u << 23)) goto nomem; /* keeps virtual addresses below 2^63 */
  sim_buf *b = ir_xcalloc(1, sizeof *b);           /* owned by d->bufs */
  if (!b) goto nomem;
  b->bytes = ir_xcalloc((size_t)(nbytes ? nbytes : 1), 1);
  if (!b->bytes) {
    free(b);
    goto nomem;
  }
  b->id = d->n_bufs + 1;
  b->space = space;
  b->dt = dt;
  b->rank = (uint8_t)rank;
  for (int i = 0; i < rank; i++) b->shape[i] = shape[i];
  b->nbytes = nbytes;
  b->live = true;
  snprintf(b->name, sizeof b->name, "%s", name ? name : "");
  d->bufs[d->n_bufs++] = b;
  return b->id;
nomem:
  sim_data_fail(err, SIM_DATA_NOMEM, NULL, "out of memory allocating buffer '%s'",
                name ? name : "");
  return 0;
}

uint32_t sim_data_buf_for_alloc(sim_data *d, const sim_vtype *md, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  if (md->kind != IR_T_MEMDESC) {
    sim_data_fail(err, SIM_DATA_UNSUPPORTED, NULL, "allocation result is not a memdesc");
    return 0;
  }
  sim_dtype dt = (sim_dtype)md->dt;
  if (dt == SIM_DT_NONE) {
    sim_data_fail(err, SIM_DATA_UNSUPPORTED, NULL,
                  "simulate mode cannot hold this allocation's element type");
    return 0;
  }
  sim_space sp = md->in_tmem ? SIM_SPACE_TMEM : SIM_SPACE_SHARED;
  return sim_data_buf_new(d, sp, dt, md->arank, md->ashape, "", err);
}

sim_buf *sim_data_buf(sim_data *d, uint32_t id) {
  if (id == 0 || id > d->n_bufs) return NULL;
  return d->bufs[id - 1];
}

void sim_data_buf_free(sim_data *d, uint32_t id) {
  sim_buf *b = sim_data_buf(d, id);
  if (!b || !b->live) return;
  free(b->bytes);
  b->bytes = NULL;
  b->live = false;
}

/* ------------------------------------------------------------------ descriptors */

uint32_t sim_data_tdesc_new(sim_data *d, uint32_t buf, const sim_vtype *desc_type, int rank,
                            const int64_t *shape, const int64_t *stride, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  sim_buf *b = sim_data_buf(d, buf);
  if (!b || !b->live) {
    sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL, "tensor descriptor over an unknown buffer");
    return 0;
  }
  /* its block (the shaped fields of a decoded TENSORDESC) */
  const sim_vtype *blk = desc_type && desc_type->kind == IR_T_TENSORDESC ? desc_type : NULL;
  if (!blk || blk->bkind != IR_T_TENSOR) {
    sim_data_fail(err, SIM_DATA_UNSUPPORTED, NULL, "tensor descriptor type has no block shape");
    return 0;
  }
  if (rank < 1 || rank > IR_MAX_RANK || blk->rank > rank) {
    sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL,
                  "tensor descriptor over '%s' has rank %d but its block has rank %d", b->name,
                  rank, blk->rank);
    return 0;
  }
  sim_dtype dt = (sim_dtype)blk->pdt;
  if (dt == SIM_DT_NONE || sim_dtype_size(dt) != sim_dtype_size(b->dt)) {
    sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL,
                  "tensor '%s' holds %s but its descriptor's block is %s: pass a %s tensor",
                  b->name, sim_dtype_name(b->dt), sim_dtype_name(dt), sim_dtype_name(dt));
    return 0;
  }
  if (d->n_descs == d->cap_descs) {
    uint32_t cap = d->cap_descs ? d->cap_descs * 2 : 8;
    sim_tdesc *nd = ir_xrealloc(d->descs, cap * sizeof *nd, 1);
    if (!nd) {
      sim_data_fail(err, SIM_DATA_NOMEM, NULL, "out of memory");
      return 0;
    }
    d->descs = nd;
    d->cap_descs = cap;
  }
  sim_tdesc *t = &d->descs[d->n_descs];
  memset(t, 0, sizeof *t);
  t->id = ++d->n_descs;
  t->buf = buf;
  t->dt = dt;
  t->rank = (uint8_t)rank;
  for (int i = 0; i < rank; i++) {
    t->shape[i] = shape[i];
    t->stride[i] = stride[i];
  }
  /* A block of lower rank than the tensor covers its trailing dims (leading dims 1). */
  for (int i = 0; i < rank; i++) t->block[i] = 1;
  for (int i = 0; i < blk->rank; i++) t->block[rank - blk->rank + i] = blk->shape[i];
  return t->id;
}

const sim_tdesc *sim_data_tdesc(const sim_data *d, uint32_t id) {
  if (id == 0 || id > d->n_descs) return NULL;
  return &d->descs[id - 1];
}

/* ------------------------------------------------------------------ payload store */

static uint32_t hash_ptr(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (uint32_t)x;
}

static sim_data_slot *slot_of(sim_data *d, uint32_t agent, bool create) {
  if (agent >= d->n_slots) {
    if (!create) return NULL;
    uint32_t n = agent + 1 > d->n_slots * 2 ? agent + 1 : d->n_slots * 2;
    sim_data_slot *ns = ir_xrealloc(d->slots, n * sizeof *ns, 1);
    if (!ns) ir_out_of_memory(0);
    memset(ns + d->n_slots, 0, (n - d->n_slots) * sizeof *ns);
    d->slots = ns;
    d->n_slots = n;
  }
  return &d->slots[agent];
}

/* Index of key in s (its slot, or the empty slot where it would go); cap > 0. */
static uint32_t slot_find(const sim_data_slot *s, const ir_value *v) {
  uint32_t mask = s->cap - 1, i = hash_ptr(v) & mask;
  while (s->keys[i] && s->keys[i] != v) i = (i + 1) & mask;
  return i;
}

static void slot_grow(sim_data_slot *s) {
  uint32_t cap = s->cap ? s->cap * 2 : 64;
  sim_data_slot ns = {ir_xcalloc(cap, sizeof *ns.keys), ir_xcalloc(cap, sizeof *ns.vals), cap, 0};
  if (!ns.keys || !ns.vals) ir_out_of_memory(0);
  for (uint32_t i = 0; i < s->cap; i++)
    if (s->keys[i]) {
      uint32_t j = slot_find(&ns, s->keys[i]);
      ns.keys[j] = s->keys[i];
      ns.vals[j] = s->vals[i];
      ns.n++;
    }
  free(s->keys);
  free(s->vals);
  *s = ns;
}

sim_tensor *sim_data_get(sim_data *d, uint32_t agent, const ir_value *v) {
  sim_data_slot *s = slot_of(d, agent, false);
  if (!s || !s->cap) return NULL;
  uint32_t i = slot_find(s, v);
  return s->keys[i] ? s->vals[i] : NULL;
}

void sim_data_set(sim_data *d, uint32_t agent, const ir_value *v, sim_tensor *t) {
  sim_data_slot *s = slot_of(d, agent, true);
  if (!t && !s->cap) return;
  if ((s->n + 1) * 4 > s->cap * 3) slot_grow(s);
  uint32_t i = slot_find(s, v);
  if (!s->keys[i]) {
    s->keys[i] = v;
    s->n++;
  }
  /* Entries are never deleted (a NULL value marks "no payload"), so probing stays valid. */
  sim_tensor_unref(s->vals[i]);
  s->vals[i] = t;
}

void sim_data_copy(sim_data *d, uint32_t dst_agent, const ir_value *const *dst, uint32_t src_agent,
                   const ir_value *const *src, uint32_t n) {
  sim_tensor *stack[16], **tmp = n <= 16 ? stack : ir_xmalloc(n * sizeof *tmp, 1);
  if (!tmp) ir_out_of_memory(0);
  /* only tensor-typed values have payloads (sim_data_eval and the memory ops store no other),
   * and a copy's source and destination have one type: what the source holds, a payload or
   * none, is what the destination gets */
  for (uint32_t i = 0; i < n; i++) {
    sim_tensor *t = dst[i] && src[i] ? sim_data_get(d, src_agent, src[i]) : NULL;
    tmp[i] = t ? sim_tensor_ref(t) : NULL;
  }
  for (uint32_t i = 0; i < n; i++)
    if (dst[i])
      sim_data_set(d, dst_agent, dst[i], tmp[i]);
    else
      sim_tensor_unref(tmp[i]);
  if (tmp != stack) free(tmp);
}

void sim_data_agent_clear(sim_data *d, uint32_t agent) {
  sim_data_slot *s = slot_of(d, agent, false);
  if (s) slot_clear(s);
}
