/* data_mem.c: data movement of memory ops: shared / tensor memory loads and stores through
 * views, global loads / stores / atomics through pointers, descriptor loads / stores and TMA
 * tiles with out-of-bounds fill (semantics.md §2.1). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "data_internal.h"
#include "sim.h" /* sim_sext */
#include "sim_size.h"

/* ------------------------------------------------------------------ views */

int sim_data_init_alloc(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *dst,
                        sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  if (op->n_operands < 1) return 0;
  sim_tensor *t = sim_data_get(d, agent, op->operands[0]);
  if (!t) return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "alloc source has no payload");
  return sim_data_view_write(d, dst, t, op, err);
}

int sim_data_load_view(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *src,
                       sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  sim_tensor *t = NULL;
  if (op->n_results < 1) return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "load without result");
  int rc = sim_data_view_read(d, src, &t, op, err);
  if (rc) return rc;
  const sim_vtype *rt = sim_opdec_tout(sim_data_dec(d, op), 0);
  sim_dtype rdt = (sim_dtype)rt->dt;
  if (rt->kind != IR_T_TENSOR || rt->numel != t->numel || rdt == SIM_DT_NONE) {
    sim_tensor_unref(t);
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "'%s' result does not match its memory view", ir_ops[op->code].name);
  }
  if (rdt != t->dt) {
    sim_tensor *c = sim_tensor_convert(t, rdt, SIM_RNE);
    sim_tensor_unref(t);
    if (!(t = c)) return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  }
  t->rank = rt->rank; /* same elements in row-major order, in the result's shape */
  for (int k = 0; k < rt->rank; k++) t->shape[k] = rt->shape[k];
  sim_data_set(d, agent, op->results[0], t);
  return 0;
}

int sim_data_store_view(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *dst,
                        bool pred, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  if (!pred) return 0;
  sim_tensor *t = op->n_operands ? sim_data_get(d, agent, op->operands[0]) : NULL;
  if (!t)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "'%s': value has no payload",
                         ir_ops[op->code].name);
  return sim_data_view_write(d, dst, t, op, err);
}

static uint64_t rmw(const char *kind, sim_dtype dt, uint64_t old, uint64_t val);

int sim_data_scatter_rmw(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *dst,
                         sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  const sim_opdec *dec = sim_data_dec(d, op);
  uint32_t n = 0;
  ir_value *vv = sim_opdec_seg(dec, 1, &n), *iv = sim_opdec_seg(dec, 2, &n), *mv = sim_opdec_seg(dec, 3, &n);
  const sim_tensor *val = vv ? sim_data_get(d, agent, vv) : NULL, *idx = iv ? sim_data_get(d, agent, iv) : NULL;
  const sim_tensor *msk = mv ? sim_data_get(d, agent, mv) : NULL;
  if (!val || !idx || (mv && !msk))
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "'%s': an operand has no payload", ir_ops[op->code].name);
  int64_t axis = dec->axis;
  if (val->rank != dst->rank || idx->numel != val->numel || axis < 0 || axis >= dst->rank || val->dt != dst->dt)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "'%s': values, indices and the buffer do not match",
                         ir_ops[op->code].name);
  sim_tensor *mem = NULL, *res = NULL;
  int rc = sim_data_view_read(d, dst, &mem, op, err);
  if (rc) return rc;
  if (!(res = sim_tensor_new(mem->dt, val->rank, val->shape))) {
    sim_tensor_unref(mem);
    return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  }
  const char *kind = dec->rmw_kind ? dec->rmw_kind : "add";
  /* element i of values at coordinate I updates the buffer at I with I[axis] = indices[I]
   * (row-major in both; the buffer's copy `mem` is private: refs 1) */
  for (int64_t i = 0; i < val->numel && !rc; i++) {
    if (msk && !(sim_elem_get_bits(msk->dt, sim_tensor_at(msk, i)) & 1)) continue; /* old: undefined, 0 */
    int64_t rest = i, off = 0, mul = 1;
    for (int k = val->rank - 1; k >= 0; k--) {
      int64_t c = rest % val->shape[k];
      rest /= val->shape[k];
      if (k == axis) c = sim_sext(sim_elem_get_bits(idx->dt, sim_tensor_at(idx, i)), sim_dtype_size(idx->dt) * 8);
      if (c < 0 || c >= mem->shape[k]) {
        rc = sim_data_fail(err, SIM_DATA_FAULT, op, "'%s': element %lld updates coordinate %lld of dimension %d, "
                           "outside the buffer (size %lld)", ir_ops[op->code].name, (long long)i, (long long)c, k,
                           (long long)mem->shape[k]);
        break;
      }
      off += c * mul;
      mul *= mem->shape[k];
    }
    if (rc) break;
    uint64_t old = sim_elem_get_bits(mem->dt, sim_tensor_at(mem, off));
    uint64_t v = sim_elem_get_bits(val->dt, sim_tensor_at(val, i));
    sim_elem_set_bits(mem->dt, sim_tensor_at(mem, off), rmw(kind, mem->dt, old, v));
    sim_elem_set_bits(res->dt, sim_tensor_at(res, i), old);
  }
  if (!rc) rc = sim_data_view_write(d, dst, mem, op, err);
  sim_tensor_unref(mem);
  if (rc || op->n_results < 1) {
    sim_tensor_unref(res);
    return rc;
  }
  sim_data_set(d, agent, op->results[0], res);
  return 0;
}

/* ------------------------------------------------------------------ global pointers */

/* Resolves [va, va + size) to bytes of a live buffer; NULL (err set, FAULT) otherwise. */
static uint8_t *deref(sim_data *d, uint64_t va, int size, const ir_op *op, const char *what,
                      sim_data_err *err) {
  uint32_t id = (uint32_t)(va >> SIM_VA_SHIFT);
  int64_t off = (int64_t)(va & ((1ull << SIM_VA_SHIFT) - 1));
  sim_buf *b = sim_data_buf(d, id);
  if (!b || !b->live) {
    sim_data_fail(err, SIM_DATA_FAULT, op, "%s through an invalid pointer (0x%llx)", what,
                  (unsigned long long)va);
    return NULL;
  }
  if (off + size > b->nbytes) {
    sim_data_fail(err, SIM_DATA_FAULT, op,
                  "out-of-bounds %s: byte offset %lld of tensor '%s' (%lld bytes); mask the "
                  "access or pass a larger tensor",
                  what, (long long)off, b->name, (long long)b->nbytes);
    return NULL;
  }
  return b->bytes + off;
}

/* Operand at segment k: its payload (tensor) or its scalar bits. */
typedef struct opnd {
  const ir_value *v;   /* NULL when the segment is empty */
  const sim_vtype *vt; /* v's type (sim_opdec) */
  const sim_tensor *t; /* payload when v is a tensor */
  uint64_t bits;       /* scalar value */
} opnd;

static int get_opnd(sim_data *d, uint32_t agent, const ir_op *op, int k, const uint64_t *in_bits,
                    opnd *o, sim_data_err *err) {
  memset(o, 0, sizeof *o);
  uint32_t n = 0;
  const sim_opdec *dec = sim_data_dec(d, op);
  ir_value *v = sim_opdec_seg(dec, k, &n);
  if (!v) return 0;
  o->v = v;
  o->vt = sim_opdec_tin(dec, dec->seg[k]);
  if (o->vt->kind == IR_T_TENSOR) {
    if (!(o->t = sim_data_get(d, agent, v)))
      return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "'%s': operand '%s' has no payload",
                           ir_ops[op->code].name, v->name ? v->name : "?");
  } else {
    o->bits = in_bits ? in_bits[dec->seg[k]] : 0;
  }
  return 0;
}

static uint64_t opnd_bits(const opnd *o, int64_t i) {
  return o->t ? sim_elem_get_bits(o->t->dt, sim_tensor_at(o->t, i)) : o->bits;
}

/* Address of element i of an AMD buffer access: the scalar base plus the i32 element offset
 * (the buffer resource's range is not modelled: Triton's covers the whole tensor). */
static uint64_t buffer_addr(const opnd *base, const opnd *offs, int64_t i, int sz) {
  int32_t o = (int32_t)(uint32_t)opnd_bits(offs, i);
  return base->bits + (uint64_t)((int64_t)o * sz);
}

/* Read-modify-write of one element for tt.atomic_rmw. */
static uint64_t rmw(const char *kind, sim_dtype dt, uint64_t old, uint64_t val) {
  if (!strcmp(kind, "exch")) return val;
  if (!strcmp(kind, "and")) return old & val;
  if (!strcmp(kind, "or")) return old | val;
  if (!strcmp(kind, "xor")) return old ^ val;
  if (sim_dtype_is_float(dt)) {
    double a = sim_bits_to_double(dt, old), b = sim_bits_to_double(dt, val);
    double r = !strcmp(kind, "fadd") || !strcmp(kind, "add") ? a + b
               : !strcmp(kind, "max")                        ? fmax(a, b)
               : !strcmp(kind, "min")                        ? fmin(a, b)
                                                             : a;
    return sim_bits_from_double(dt, r, SIM_RNE);
  }
  int w = sim_dtype_size(dt) * 8;
  uint64_t m = w >= 64 ? ~0ull : (1ull << w) - 1;
  int64_t so = (int64_t)(old << (64 - w)) >> (64 - w), sv = (int64_t)(val << (64 - w)) >> (64 - w);
  if (!strcmp(kind, "add")) return (old + val) & m;
  if (!strcmp(kind, "max")) return (uint64_t)(so > sv ? so : sv) & m;
  if (!strcmp(kind, "min")) return (uint64_t)(so < sv ? so : sv) & m;
  if (!strcmp(kind, "umax")) return old > val ? old : val;
  if (!strcmp(kind, "umin")) return old < val ? old : val;
  return old;
}

int sim_data_global_access(sim_data *d, uint32_t agent, const ir_op *op, const uint64_t *in_bits,
                           uint64_t *out_bits, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  opnd p, a, b, c;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  memset(&c, 0, sizeof c);
  int kp = 0, kv = -1, km = -1, ko = -1, kc = -1, kx = -1; /* kx: buffer offsets */
  const char *what = "load";
  if (op->code == IR_OP_TTNG_TENSORMAP_CREATE) return sim_data_tmap_create(d, op, in_bits, err);
  switch (op->code) {
  case IR_OP_AMDG_BUFFER_LOAD: /* ptr offsets mask? other? stride? */
    kx = 1;
    km = 2;
    ko = 3;
    break;
  case IR_OP_AMDG_BUFFER_STORE: /* value ptr offsets mask? stride? */
    kv = 0;
    kp = 1;
    kx = 2;
    km = 3;
    what = "store";
    break;
  case IR_OP_TT_LOAD:
    km = 1;
    ko = 2;
    break;
  case IR_OP_TT_STORE:
    kv = 1;
    km = 2;
    what = "store";
    break;
  case IR_OP_TT_ATOMIC_RMW:
    kv = 1;
    km = 2;
    what = "atomic";
    break;
  case IR_OP_TT_ATOMIC_CAS:
    kc = 1;
    kv = 2;
    what = "atomic";
    break;
  default:
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "simulate mode does not move data for '%s'",
                         ir_ops[op->code].name);
  }
  opnd x;
  memset(&x, 0, sizeof x);
  int rc = get_opnd(d, agent, op, kp, in_bits, &p, err);
  if (!rc && kx >= 0) rc = get_opnd(d, agent, op, kx, in_bits, &x, err);
  if (!rc && kv >= 0) rc = get_opnd(d, agent, op, kv, in_bits, &a, err);
  if (!rc && km >= 0) rc = get_opnd(d, agent, op, km, in_bits, &b, err);
  if (!rc && ko >= 0) rc = get_opnd(d, agent, op, ko, in_bits, &c, err);
  if (!rc && kc >= 0) rc = get_opnd(d, agent, op, kc, in_bits, &c, err);
  if (rc) return rc;
  const sim_vtype *pt = p.vt; /* a pointer or a tensor of pointers: its pointee */
  if (pt->pkind == IR_T_NONE || pt->pkind == IR_T_TENSOR)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "simulate mode supports loads / stores through pointers to scalars only");
  sim_dtype dt = (sim_dtype)pt->pdt;
  if (dt == SIM_DT_NONE)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "unsupported pointee type");
  int sz = sim_dtype_size(dt);
  int64_t n = kx >= 0 ? (x.t ? x.t->numel : 1) : p.t ? p.t->numel : 1;
  sim_tensor *res = NULL;
  bool has_res = op->n_results > 0;
  const sim_opdec *dec = sim_data_dec(d, op);
  bool tensor_res = has_res && sim_opdec_tout(dec, 0)->kind == IR_T_TENSOR;
  if (tensor_res) {
    const sim_vtype *rt = sim_opdec_tout(dec, 0);
    if (!(res = sim_tensor_new(dt, rt->rank, rt->shape)))
      return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  }
  const char *kind = "add";
  if (op->code == IR_OP_TT_ATOMIC_RMW) {
    const char *ka = sim_data_dec(d, op)->rmw_kind;
    if (ka) kind = ka;
  }
  for (int64_t i = 0; i < n; i++) {
    bool on = !b.v || (opnd_bits(&b, i) & 1);
    uint64_t r = 0;
    if (!on) {
      r = c.v && (op->code == IR_OP_TT_LOAD || op->code == IR_OP_AMDG_BUFFER_LOAD) ? opnd_bits(&c, i) : 0;
    } else {
      uint8_t *mem = deref(d, kx >= 0 ? buffer_addr(&p, &x, i, sz) : opnd_bits(&p, i), sz, op, what, err);
      if (!mem) {
        sim_tensor_unref(res);
        return err->status;
      }
      uint64_t old = sim_elem_get_bits(dt, mem);
      r = old;
      if (op->code == IR_OP_TT_STORE || op->code == IR_OP_AMDG_BUFFER_STORE)
        sim_elem_set_bits(dt, mem, opnd_bits(&a, i));
      else if (op->code == IR_OP_TT_ATOMIC_RMW)
        sim_elem_set_bits(dt, mem, rmw(kind, dt, old, opnd_bits(&a, i)));
      else if (op->code == IR_OP_TT_ATOMIC_CAS && old == opnd_bits(&c, i))
        sim_elem_set_bits(dt, mem, opnd_bits(&a, i));
    }
    if (res)
      sim_elem_set_bits(dt, sim_tensor_at(res, i), r);
    else if (has_res && out_bits)
      out_bits[0] = r;
  }
  if (res) sim_data_set(d, agent, op->results[0], res);
  return 0;
}

/* ------------------------------------------------------------------ cp.async */

/* Gathers the source of a cp.async: a pointer tensor (mask / other per element), or a scalar
 * pointer with bulk_size bytes laid out like the destination memdesc. */
static int cp_async_gather(sim_data *d, uint32_t agent, const ir_op *op, const uint64_t *in_bits,
                           sim_tensor **out, sim_data_err *err) {
  opnd p, mk, ot, bs, x;
  memset(&bs, 0, sizeof bs);
  memset(&x, 0, sizeof x);
  /* ttg.async_copy_global_to_local: src dest mask? other? ...; amdg.buffer_load_to_local (AMD
   * buffer LDS DMA): ptr offsets dest mask? other? (the base plus element offsets) */
  bool buf = op->code == IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL;
  int sd = buf ? 2 : IR_SEG_TTG_ASYNC_COPY_G2L_RESULT; /* the destination; mask and other follow */
  _Static_assert(IR_SEG_TTG_ASYNC_COPY_G2L_MASK == IR_SEG_TTG_ASYNC_COPY_G2L_RESULT + 1 &&
                     IR_SEG_TTG_ASYNC_COPY_G2L_OTHER == IR_SEG_TTG_ASYNC_COPY_G2L_RESULT + 2,
                 "async_copy_global_to_local: mask and other follow the destination");
  int rc = get_opnd(d, agent, op, IR_SEG_TTG_ASYNC_COPY_G2L_SRC, in_bits, &p, err);
  if (!rc && buf) rc = get_opnd(d, agent, op, 1, in_bits, &x, err);
  if (!rc) rc = get_opnd(d, agent, op, sd + 1, in_bits, &mk, err);
  if (!rc) rc = get_opnd(d, agent, op, sd + 2, in_bits, &ot, err);
  if (!rc && !buf) rc = get_opnd(d, agent, op, IR_SEG_TTG_ASYNC_COPY_G2L_BULK_SIZE, in_bits, &bs, err);
  if (rc) return rc;
  if (buf && !x.t)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "buffer_load_to_local: simulate mode needs offsets of a tensor");
  const sim_vtype *pt = p.v ? p.vt : NULL; /* a pointer or a tensor of pointers: its pointee */
  const sim_opdec *dec = sim_data_dec(d, op);
  uint32_t nd = 0;
  sim_opdec_seg(dec, sd, &nd);
  const sim_vtype *dt = nd ? sim_opdec_tin(dec, dec->seg[sd]) : NULL;
  if (!pt || pt->pkind == IR_T_NONE || !dt || dt->kind != IR_T_MEMDESC)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "cp.async: simulate mode needs a pointer "
                         "source and a shared-memory destination");
  sim_dtype et = (sim_dtype)pt->pdt;
  if (et == SIM_DT_NONE) return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "cp.async: unsupported pointee type");
  int sz = sim_dtype_size(et);
  bool scalar = !p.t && !buf;
  const sim_tensor *shp = buf ? x.t : p.t;
  const int64_t *shape = scalar ? dt->shape : shp->shape;
  int rank = scalar ? dt->rank : shp->rank;
  sim_tensor *t = sim_tensor_new(et, rank, shape);
  if (!t) return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  /* bulk: bulk_size bytes from the scalar pointer (the rest of the view, if any, reads 0) */
  int64_t limit = scalar ? (bs.v ? (int64_t)bs.bits / sz : t->numel) : t->numel;
  for (int64_t i = 0; i < t->numel; i++) {
    bool on = scalar ? i < limit : !mk.v || (opnd_bits(&mk, i) & 1);
    uint64_t v = ot.v && !scalar ? opnd_bits(&ot, i) : 0;
    if (on) {
      uint64_t va = scalar ? p.bits + (uint64_t)(i * sz) : buf ? buffer_addr(&p, &x, i, sz) : opnd_bits(&p, i);
      uint8_t *mem = deref(d, va, sz, op, "cp.async load", err);
      if (!mem) {
        sim_tensor_unref(t);
        return err->status;
      }
      v = sim_elem_get_bits(et, mem);
    }
    sim_elem_set_bits(et, sim_tensor_at(t, i), v);
  }
  *out = t;
  return 0;
}

uint32_t sim_data_cp_async_issue(sim_data *d, uint32_t agent, const ir_op *op, const uint64_t *in_bits,
                                 sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  sim_tensor *t = NULL;
  if (cp_async_gather(d, agent, op, in_bits, &t, err)) return 0;
  uint32_t h = 0;
  while (h < d->n_pend && d->pend[h]) h++;
  if (h == d->n_pend) {
    if (d->n_pend == d->cap_pend) {
      uint32_t cap = d->cap_pend ? 2 * d->cap_pend : 16;
      sim_tensor **np = ir_xrealloc(d->pend, cap * sizeof *np, 1);
      if (!np) {
        sim_tensor_unref(t);
        sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
        return 0;
      }
      d->pend = np;
      d->cap_pend = cap;
    }
    d->n_pend++;
  }
  d->pend[h] = t;
  return h + 1;
}

int sim_data_cp_async_complete(sim_data *d, uint32_t handle, const ir_op *op, const sim_mview *dst,
                               sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  if (!handle || handle > d->n_pend || !d->pend[handle - 1])
    return sim_data_fail(err, SIM_DATA_BAD_INPUT, op, "cp.async completes without a gathered payload");
  sim_tensor *t = d->pend[handle - 1];
  d->pend[handle - 1] = NULL;
  int rc = sim_data_view_write(d, dst, t, op, err);
  sim_tensor_unref(t);
  return rc;
}

/* ------------------------------------------------------------------ tiles */

typedef enum tile_dir { TILE_LOAD, TILE_STORE, TILE_REDUCE } tile_dir;

/* Moves the box at coords between global memory and the row-major tensor t (block shape).
 * Loads fill out-of-bounds elements with 0 (or NaN); stores skip them. Works row by row: the
 * in-bounds part of each box row is one contiguous run when the innermost stride is 1. */
static int tile_move(sim_data *d, const sim_tdesc *td, const int64_t *coords, sim_tensor *t,
                     tile_dir dir, const char *kind, const ir_op *op, sim_data_err *err) {
  sim_buf *b = sim_data_buf(d, td->buf);
  if (!b || !b->live)
    return sim_data_fail(err, SIM_DATA_FAULT, op, "tensor descriptor over a freed buffer");
  int sz = sim_dtype_size(td->dt), r = td->rank, last = r - 1;
  int64_t ix[IR_MAX_RANK] = {0};
  uint64_t fill =
      td->nan_fill && sim_dtype_is_float(td->dt) ? sim_bits_from_double(td->dt, NAN, SIM_RNE) : 0;
  int64_t bw = td->block[last], rows = bw ? t->numel / bw : 0;
  int64_t c0 = coords[last], lo = c0 < 0 ? -c0 : 0; /* in-bounds columns [lo, hi) of a row */
  int64_t hi = td->shape[last] - c0 < bw ? td->shape[last] - c0 : bw;
  if (hi < lo) hi = lo;
  for (int64_t row = 0; row < rows; row++) {
    bool in = true;
    int64_t off = td->base + c0 * td->stride[last];
    for (int k = 0; k < last; k++) {
      int64_t g = coords[k] + ix[k];
      if (g < 0 || g >= td->shape[k]) in = false;
      off += g * td->stride[k];
    }
    uint8_t *e = (uint8_t *)t->data + row * bw * sz;
    int64_t a0 = in ? lo : bw, a1 = in ? hi : bw; /* the in-bounds run of this row */
    if (a1 > a0) {
      int64_t first = off + a0 * td->stride[last], lastel = off + (a1 - 1) * td->stride[last];
      int64_t mn = first < lastel ? first : lastel, mx = first < lastel ? lastel : first;
      if (mn < 0 || (mx + 1) * sz > b->nbytes)
        return sim_data_fail(err, SIM_DATA_FAULT, op,
                             "descriptor of tensor '%s' addresses byte %lld of %lld: its shape or "
                             "strides exceed the tensor",
                             b->name, (long long)((mn < 0 ? mn : mx) * sz), (long long)b->nbytes);
    }
    if (dir == TILE_LOAD) {
      for (int64_t j = 0; j < bw; j++)
        if (j < a0 || j >= a1) sim_elem_set_bits(td->dt, e + j * sz, fill);
    }
    if (a1 > a0 && td->stride[last] == 1 && dir != TILE_REDUCE) {
      uint8_t *g = b->bytes + (off + a0) * sz;
      if (dir == TILE_LOAD)
        memcpy(e + a0 * sz, g, (size_t)((a1 - a0) * sz));
      else
        memcpy(g, e + a0 * sz, (size_t)((a1 - a0) * sz));
    } else {
      for (int64_t j = a0; j < a1; j++) {
        uint8_t *g = b->bytes + (off + j * td->stride[last]) * sz;
        if (dir == TILE_LOAD)
          memcpy(e + j * sz, g, (size_t)sz);
        else if (dir == TILE_STORE)
          memcpy(g, e + j * sz, (size_t)sz);
        else
          sim_elem_set_bits(td->dt, g,
                            rmw(kind, td->dt, sim_elem_get_bits(td->dt, g),
                                sim_elem_get_bits(td->dt, e + j * sz)));
      }
    }
    for (int k = last - 1; k >= 0; k--) {
      if (++ix[k] < td->block[k]) break;
      ix[k] = 0;
    }
  }
  return 0;
}

static const sim_tdesc *get_desc(sim_data *d, uint32_t id, const ir_op *op, sim_data_err *err) {
  const sim_tdesc *td = sim_data_tdesc(d, id);
  if (!td) sim_data_fail(err, SIM_DATA_FAULT, op, "invalid tensor descriptor (id %u)", id);
  return td;
}

static int64_t block_numel(const sim_tdesc *td) {
  int64_t n = 1;
  for (int k = 0; k < td->rank; k++) n *= td->block[k];
  return n;
}

int sim_data_tma_load(sim_data *d, uint32_t desc, const int64_t *coords, const sim_mview *dst,
                      sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  const sim_tdesc *td = get_desc(d, desc, NULL, err);
  if (!td) return err->status;
  sim_tensor *t = sim_tensor_new(td->dt, td->rank, td->block);
  if (!t) return sim_data_fail(err, SIM_DATA_NOMEM, NULL, "out of memory");
  int rc = tile_move(d, td, coords, t, TILE_LOAD, NULL, NULL, err);
  if (!rc) rc = sim_data_view_write(d, dst, t, NULL, err);
  sim_tensor_unref(t);
  return rc;
}

static int tma_out(sim_data *d, uint32_t desc, const int64_t *coords, const sim_mview *src,
                   tile_dir dir, const char *kind, sim_data_err *err) {
  const sim_tdesc *td = get_desc(d, desc, NULL, err);
  if (!td) return err->status;
  sim_tensor *t = NULL;
  int rc = sim_data_view_read(d, src, &t, NULL, err);
  if (rc) return rc;
  if (t->numel != block_numel(td)) {
    sim_tensor_unref(t);
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, NULL,
                         "TMA source has %lld elements, the descriptor's box %lld",
                         (long long)t->numel, (long long)block_numel(td));
  }
  if (t->dt != td->dt) {
    sim_tensor *c = sim_tensor_convert(t, td->dt, SIM_RNE);
    sim_tensor_unref(t);
    if (!(t = c)) return sim_data_fail(err, SIM_DATA_NOMEM, NULL, "out of memory");
  }
  rc = tile_move(d, td, coords, t, dir, kind, NULL, err);
  sim_tensor_unref(t);
  return rc;
}

int sim_data_tma_store(sim_data *d, uint32_t desc, const int64_t *coords, const sim_mview *src,
                       sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  return tma_out(d, desc, coords, src, TILE_STORE, NULL, err);
}

int sim_data_tma_reduce(sim_data *d, uint32_t desc, const int64_t *coords, const sim_mview *src,
                        const char *kind, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  return tma_out(d, desc, coords, src, TILE_REDUCE, kind ? kind : "add", err);
}

int sim_data_desc_access(sim_data *d, uint32_t agent, const ir_op *op, const uint64_t *in_bits,
                         sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  bool load = op->code == IR_OP_TT_DESCRIPTOR_LOAD;
  bool reduce = op->code == IR_OP_TT_DESCRIPTOR_REDUCE;
  if (!load && !reduce && op->code != IR_OP_TT_DESCRIPTOR_STORE)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "not a descriptor access");
  const sim_tdesc *td = get_desc(d, (uint32_t)in_bits[0], op, err);
  if (!td) return err->status;
  uint32_t n = 0; /* the coordinates: segment 1 of descriptor_load, _store and _reduce alike */
  _Static_assert(IR_SEG_TT_DESCRIPTOR_LOAD_INDICES == IR_SEG_TT_DESCRIPTOR_STORE_INDICES &&
                 IR_SEG_TT_DESCRIPTOR_STORE_INDICES == IR_SEG_TT_DESCRIPTOR_REDUCE_INDICES, "indices");
  sim_opdec_seg(sim_data_dec(d, op), IR_SEG_TT_DESCRIPTOR_LOAD_INDICES, &n);
  if ((int)n != td->rank)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "%u coordinates for a rank-%d descriptor",
                         n, td->rank);
  int64_t coords[IR_MAX_RANK];
  const sim_opdec *dec = sim_data_dec(d, op);
  for (uint32_t k = 0; k < n; k++) coords[k] = sim_data_sext(sim_opdec_tin(dec, 1 + k), in_bits[1 + k]);
  if (load) {
    const sim_vtype *rt = sim_opdec_tout(dec, 0);
    sim_tensor *t = sim_tensor_new(td->dt, td->rank, td->block);
    if (!t) return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
    int rc = tile_move(d, td, coords, t, TILE_LOAD, NULL, op, err);
    if (rc || rt->numel != t->numel) {
      sim_tensor_unref(t);
      return rc ? rc : sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "result is not the box shape");
    }
    t->rank = rt->rank;
    for (int k = 0; k < rt->rank; k++) t->shape[k] = rt->shape[k];
    sim_data_set(d, agent, op->results[0], t);
    return 0;
  }
  sim_tensor *src = sim_data_get(d, agent, op->operands[1 + n]);
  if (!src) return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "stored value has no payload");
  if (src->numel != block_numel(td))
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "stored value is not the box shape");
  sim_tensor *t = sim_tensor_convert(src, td->dt, SIM_RNE);
  if (!t) return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  const char *ka = reduce ? sim_data_dec(d, op)->reduce_kind : NULL;
  int rc = tile_move(d, td, coords, t, reduce ? TILE_REDUCE : TILE_STORE,
                     reduce ? (ka ? ka : "add") : NULL, op, err);
  sim_tensor_unref(t);
  return rc;
}
