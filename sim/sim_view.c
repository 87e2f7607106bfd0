/* sim_view.c: memdesc views (allocation, CTA, byte offset packed in one u64 slot), view ops,
 * byte footprints as strided row sets, and their overlap test. */
#include <stdio.h>

#include "sim_internal.h"

/* Byte stride of dimension d of a view of rank r over allocation al (regular views map to the
 * allocation's trailing dimensions). */
static int64_t dim_stride(const sim_alloc *al, int r, int d) {
  int ad = al->rank - r + d;
  if (ad < 0) ad = 0;
  if (ad >= al->rank) return al->ebytes;
  return al->stride[ad];
}

/* ---- tensor-memory cells (§4.1: 128 lanes x 512 columns of 32-bit cells)
 *
 * A TMEM view is a set of cells, not bytes of its type: Triton's TensorMemoryEncoding with
 * blockM = 128 puts row i of a 128-row view in lane i and element column n at cell column
 * n * bits * colStride / 32 (the TMEMSubSliceOp lowering divides the offset N by the elements
 * per 32-bit cell), so a reinterpreted view (S read as P in f16, or a 128x1 column of it)
 * covers the columns its own type needs, whatever the allocation's type. An allocation of
 * packed elements (colStride 1) with 128 rows is laid out row-major exactly as its cells
 * (4 bytes a cell; lane l of slab k at k * stride[0] + l * stride[rank-2]); views of such an
 * allocation with a 128-lane encoding use this geometry. Others (blockM = 64, whose row
 * blocks interleave in the lanes; scale encodings; unpacked allocations) keep the bounding
 * byte footprint of their type. */

/* colStride of t's TMEM encoding (1 when not given). */
static int col_stride(const sim_vtype *t) { return t->tm_col_stride > 0 ? t->tm_col_stride : 1; }

/* Cell bytes (4 per 32-bit cell) of n element columns of a 128-lane TMEM view of type t, or
 * -1 when t has no such geometry. */
static int64_t tmem_col_bytes(const sim_vtype *t, int64_t n) {
  int bits = t->ebits;
  if (!t->tmem_enc || t->tm_block_m != 128 || t->rank < 2 || bits <= 0) return -1;
  int64_t w = (int64_t)bits * col_stride(t); /* bits one element takes of its cell */
  if (w > 32 || 32 % w) return -1;
  return (n * w + 31) / 32 * 4;
}

/* Allocation al, of type t, is laid out as its cells (see above). */
static bool tmem_cells(const sim_alloc *al, const sim_vtype *t) {
  if (al->space != SIM_SPACE_TMEM || !al->op || t->kind == IR_T_NONE || al->rank < 2) return false;
  if (!t->tmem_enc || t->tm_col_stride > 1 || al->shape[al->rank - 2] != 128) return false;
  int64_t row = tmem_col_bytes(t, t->shape[t->rank - 1]);
  return row > 0 && row == al->stride[al->rank - 2];
}

/* A view of type t of al (of type alt) with the cell geometry: its outer dimensions are the
 * 128 lanes. */
static bool tmem_view(const sim_alloc *al, const sim_vtype *alt, const sim_vtype *t) {
  if (!tmem_cells(al, alt) || tmem_col_bytes(t, 1) < 0) return false;
  int64_t lanes = 1;
  for (int d = 0; d + 1 < t->rank; d++) lanes *= t->shape[d];
  return lanes == 128;
}

static bool same_shape(const sim_vtype *st, const sim_vtype *rt) {
  bool same = rt->rank == st->rank && rt->has_elem && st->has_elem && rt->ebytes == st->ebytes;
  for (int d = 0; same && d < st->rank; d++) same = rt->shape[d] == st->shape[d];
  return same;
}

bool sim_view_alias_regular(const sim_alloc *al, const sim_vtype *alt, const sim_vtype *st,
                            const sim_vtype *rt) {
  return same_shape(st, rt) || (tmem_view(al, alt, st) && tmem_view(al, alt, rt));
}

int sim_view_apply(const sim_machine *m, const sim_ins *i, uint64_t src, const uint64_t *idx,
                   uint32_t n_idx, uint64_t *out, sim_err *err) {
  const ir_op *op = i->op;
  uint32_t alloc = sim_view_alloc(src);
  if (!alloc || alloc >= m->n_allocs)
    return sim_errf(err, m, op, "%s of a value that is not a known allocation", ir_ops[op->code].name);
  if (src & SIM_VIEW_OOB) {
    *out = src;
    return 0;
  }
  const sim_alloc *al = &m->allocs[alloc];
  const sim_vtype *st = ins_tin(m, i, 0), *rt = ins_tout(m, i, 0), *alt = sim_alloc_vt(m, al);
  int r = st->rank;
  bool irreg = (src & SIM_VIEW_IRREG) != 0;
  int64_t off = sim_view_off(src);
  uint64_t flags = src & (SIM_VIEW_IRREG | SIM_VIEW_REMOTE);
  uint32_t cta = sim_view_cta(src);
  switch (op->code) {
  case IR_OP_TTG_MEMDESC_INDEX: {
    int64_t k = sim_sext(idx[0], i->sc.w1);
    if (k < 0 || (r > 0 && k >= st->shape[0])) {
      /* computing the address is harmless (e.g. under a false predicate); using it is not */
      *out = sim_view_make(alloc, cta, 0) | SIM_VIEW_OOB;
      return 0;
    }
    int64_t stride = irreg ? rt->numel * rt->ebytes : dim_stride(al, r, 0);
    /* set_buffer_overlap's rewritten index (sim_compile_overlap.c); the buffer must lie in
     * the backing allocation, which the placement sizes by the spec's first allocation */
    if (i->ovl.scale) k = sim_overlap_index(&i->ovl, k);
    if (al->placed && off + (k + 1) * stride > (int64_t)al->bytes) {
      *out = sim_view_make(alloc, cta, 0) | SIM_VIEW_OOB;
      return 0;
    }
    off += k * stride;
    break;
  }
  case IR_OP_TTG_MEMDESC_SUBSLICE:
  case IR_OP_TTG_MEMDESC_DYN_SUBSLICE: {
    int64_t offs[IR_MAX_RANK] = {0};
    int n = 0;
    if (op->code == IR_OP_TTG_MEMDESC_SUBSLICE) { /* offsets: decode_attrs */
      if (!(i->af & SIM_AF_HAS_AI)) return sim_errf(err, m, op, "memdesc_subslice without offsets");
      n = i->n_xi;
      for (int d = 0; d < n; d++) offs[d] = i->xi[d];
    } else {
      n = (int)n_idx < IR_MAX_RANK ? (int)n_idx : IR_MAX_RANK;
      for (int d = 0; d < n; d++) offs[d] = sim_sext(idx[d], 32);
    }
    if (irreg) {
      /* subslice of a permuted view: keep the bounding footprint of the source */
      break;
    }
    /* a slice that does not fit in its source leaves the allocation (used: an error) */
    for (int d = 0; d < n && d < r && rt->rank == r; d++)
      if (offs[d] < 0 || offs[d] + rt->shape[d] > st->shape[d]) {
        *out = sim_view_make(alloc, cta, 0) | SIM_VIEW_OOB;
        return 0;
      }
    for (int d = 0; d < n && d < r; d++) off += offs[d] * dim_stride(al, r, d);
    break;
  }
  case IR_OP_TTNG_TMEM_SUBSLICE: {
    int64_t n0 = i->ai; /* N (or offset): decode_attrs */
    if (!(i->af & SIM_AF_HAS_AI)) return sim_errf(err, m, op, "tmem_subslice without N / offset");
    /* columns [n0, n0 + width) must lie in the source's columns (§4.2: an access outside the
     * allocation) */
    if (r >= 1 && rt->rank == r && (n0 < 0 || n0 + rt->shape[r - 1] > st->shape[r - 1])) {
      *out = sim_view_make(alloc, cta, 0) | SIM_VIEW_OOB;
      return 0;
    }
    if (tmem_view(al, alt, st) && tmem_view(al, alt, rt)) {
      /* columns by the source's element size and colStride (tmem_col_bytes) */
      int64_t w = (int64_t)st->ebits * col_stride(st);
      if ((n0 * w) % 32) {
        *out = sim_view_make(alloc, cta, 0) | SIM_VIEW_OOB;
        return 0;
      }
      off += tmem_col_bytes(st, n0);
      flags &= ~(uint64_t)SIM_VIEW_IRREG;
    } else if (!irreg) {
      off += n0 * dim_stride(al, r, r - 1);
    }
    break;
  }
  case IR_OP_TTG_MEMDESC_REINTERPRET: case IR_OP_TLX_LOCAL_ALIAS: {
    /* the same shape and element size (e.g. dropping the allocation shape): the same view;
     * a TMEM view keeps its base cell and covers its own type's columns (sim_view_fp) */
    bool same = irreg ? same_shape(st, rt) : sim_view_alias_regular(al, alt, st, rt);
    if (!same) flags |= SIM_VIEW_IRREG;
    break;
  }
  case IR_OP_TTG_MEMDESC_TRANS:
  case IR_OP_TTG_MEMDESC_RESHAPE:
    /* same bytes, dimensions no longer the allocation's trailing ones */
    flags |= SIM_VIEW_IRREG;
    break;
  case IR_OP_TTNG_MAP_TO_REMOTE_BUFFER: {
    int64_t rank = sim_sext(idx[0], i->sc.w1);
    if (rank < 0 || rank >= (int64_t)m->n_ctas)
      return sim_errf(err, m, op, "map_to_remote_buffer to CTA rank %lld, but the cluster has %u "
                      "CTA(s)", (long long)rank, m->n_ctas);
    cta = (uint32_t)rank;
    flags |= SIM_VIEW_REMOTE;
    break;
  }
  default:
    return sim_errf(err, m, op, "%s is not a view op", ir_ops[op->code].name);
  }
  if (off < 0 || off > (int64_t)al->bytes) {
    *out = sim_view_make(alloc, cta, 0) | SIM_VIEW_OOB;
    return 0;
  }
  *out = sim_view_make(alloc, cta, (uint32_t)off) | flags;
  return 0;
}

void sim_view_fp(const sim_machine *m, uint64_t v, const sim_tref *val, sim_fp *f) {
  memset(f, 0, sizeof *f);
  uint32_t alloc = sim_view_alloc(v);
  if (!alloc || alloc >= m->n_allocs || !val || (v & SIM_VIEW_OOB)) return;
  const sim_vtype *t = sim_vt(m, val);
  const sim_alloc *tal = &m->allocs[alloc];
  if (!(v & SIM_VIEW_IRREG) && tmem_view(tal, sim_alloc_vt(m, tal), t)) {
    /* the 128 lanes of the view's columns, at the allocation's lane pitch */
    int64_t pitch = tal->stride[tal->rank - 2];
    int64_t len = tmem_col_bytes(t, t->shape[t->rank - 1]);
    f->alloc = (uint16_t)alloc;
    f->cta = (uint8_t)sim_view_cta(v);
    f->off = sim_view_off(v);
    f->flags |= SIM_FP_TMEM;
    /* columns past the lane's end would wrap into the next lane: clamp them (such a view
     * left its allocation; the view op marks it out of bounds) */
    int64_t room = pitch - (int64_t)f->off % pitch;
    if (len > room) len = room;
    if (len == pitch) {
      f->rows = 1;
      f->len = (uint32_t)(128 * pitch);
    } else {
      f->rows = 128;
      f->len = (uint32_t)len;
      f->pitch = (uint32_t)pitch;
    }
    return;
  }
  if (v & SIM_VIEW_IRREG) {
    /* the same bytes as the view the permutation started from, if that one is regular
     * (sim_tref.src, found by the compiler) */
    if (val->src) {
      t = &m->vtypes[val->src];
      v &= ~SIM_VIEW_IRREG;
    }
  }
  const sim_alloc *al = &m->allocs[alloc];
  f->alloc = (uint16_t)alloc;
  f->cta = (uint8_t)sim_view_cta(v);
  f->off = sim_view_off(v);
  f->rows = 1;
  if (al->space == SIM_SPACE_TMEM) f->flags |= SIM_FP_TMEM;
  int eb = t->has_elem ? t->ebytes : al->ebytes;
  int64_t numel = t->numel;
  int r = t->rank;
  if ((v & SIM_VIEW_IRREG) || r == 0) {
    f->len = (uint32_t)(numel * eb);
  } else if (r == 1) {
    f->len = (uint32_t)(t->shape[0] * dim_stride(al, 1, 0));
  } else {
    /* rows of the innermost dimension; outer dimensions must collapse into one pitch */
    int64_t inner = t->shape[r - 1] * dim_stride(al, r, r - 1);
    int64_t pitch = dim_stride(al, r, r - 2);
    int64_t rows = 1;
    bool collapse = true;
    for (int d = 0; d < r - 1; d++) rows *= t->shape[d];
    for (int d = 0; d + 2 < r; d++)
      if (dim_stride(al, r, d) != t->shape[d + 1] * dim_stride(al, r, d + 1)) collapse = false;
    if (!collapse) {
      int64_t span = eb;
      for (int d = 0; d < r; d++) span += (t->shape[d] - 1) * dim_stride(al, r, d);
      f->len = (uint32_t)span;
    } else if (inner == pitch || rows == 1) {
      f->len = (uint32_t)(inner * rows);
    } else {
      f->len = (uint32_t)inner;
      f->rows = (uint32_t)rows;
      f->pitch = (uint32_t)pitch;
    }
  }
  if (f->len == 0) f->len = 1;
  if ((uint64_t)f->off + f->len > al->bytes && al->bytes) {
    uint32_t room = al->bytes > f->off ? al->bytes - f->off : 0;
    if (f->rows == 1) f->len = room ? room : 1;
  }
}

int32_t sim_view_bar(const sim_machine *m, uint64_t v) {
  uint32_t alloc = sim_view_alloc(v);
  if (!alloc || alloc >= m->n_allocs || (v & SIM_VIEW_OOB)) return -1;
  const sim_alloc *al = &m->allocs[alloc];
  if (!al->is_barrier) return -1;
  uint32_t e = sim_view_off(v) / (uint32_t)(al->ebytes > 0 ? al->ebytes : 8);
  if (e >= al->n_bars) return -1;
  return (int32_t)(sim_view_cta(v) * m->n_bars + al->bar_base + e);
}

/* Does some row of b intersect [lo, hi)? */
static bool rows_hit(const sim_fp *b, int64_t lo, int64_t hi) {
  if (b->rows <= 1 || b->pitch == 0) {
    int64_t blo = b->off, bhi = (int64_t)b->off + b->len;
    return blo < hi && lo < bhi;
  }
  int64_t p = b->pitch, o = b->off, len = b->len;
  /* rows j with o + j*p < hi and o + j*p + len > lo */
  int64_t num = lo - len + 1 - o;
  int64_t jmin = num <= 0 ? 0 : (num + p - 1) / p;
  int64_t jmax = (hi - 1 - o) < 0 ? -1 : (hi - 1 - o) / p;
  if (jmax > (int64_t)b->rows - 1) jmax = (int64_t)b->rows - 1;
  return jmin <= jmax;
}

bool sim_fp_overlap_slow(const sim_fp *a, const sim_fp *b) {
  if ((a->flags | b->flags) & SIM_FP_GLOBAL)
    return (a->flags & b->flags & SIM_FP_GLOBAL) && sim_gfp_overlap(a, b);
  if (!a->alloc || a->alloc != b->alloc || !sim_fp_same_cta(a, b)) return false;
  int64_t alo = a->off, ahi = (int64_t)a->off + (int64_t)(a->rows ? a->rows - 1 : 0) * a->pitch + a->len;
  int64_t blo = b->off, bhi = (int64_t)b->off + (int64_t)(b->rows ? b->rows - 1 : 0) * b->pitch + b->len;
  if (ahi <= blo || bhi <= alo) return false;
  if (a->rows <= 1 && b->rows <= 1) return true;
  if (a->rows > b->rows) {
    const sim_fp *t = a;
    a = b;
    b = t;
  }
  uint32_t n = a->rows ? a->rows : 1;
  for (uint32_t k = 0; k < n; k++) {
    int64_t lo = (int64_t)a->off + (int64_t)k * a->pitch;
    if (rows_hit(b, lo, lo + a->len)) return true;
  }
  return false;
}

bool sim_fp_conflict(const sim_fp *a, const sim_fp *b) {
  if (!((a->flags | b->flags) & SIM_FP_WRITE)) return false;
  /* two atomic RMWs of the same bytes are performed one after the other whatever the order
   * (PTX ISA, Memory Consistency Model, "Atomicity": atom / red are atomic with respect to
   * each other; AMD ds_* atomics likewise on LDS): no race */
  if (a->flags & b->flags & SIM_FP_ATOMIC) return false;
  return sim_fp_overlap(a, b);
}

char *sim_fp_str(const sim_machine *m, const sim_fp *f, char *buf, size_t n) {
  if (!f->alloc || f->alloc >= m->n_allocs) {
    snprintf(buf, n, "<memory>");
    return buf;
  }
  if (f->flags & SIM_FP_GLOBAL) return sim_gfp_str(m, f, buf, n);
  const sim_alloc *al = &m->allocs[f->alloc];
  const char *name = al->name ? al->name : "alloc";
  char cta[16] = "";
  if (m->n_ctas > 1) snprintf(cta, sizeof cta, "cta%u.", f->cta);
  int64_t slab = al->rank >= 1 ? al->stride[0] : al->bytes;
  uint64_t span = (uint64_t)(f->rows ? f->rows - 1 : 0) * f->pitch + f->len;
  if (al->rank >= 2 && slab > 0 && f->off % slab == 0 && span == (uint64_t)slab)
    snprintf(buf, n, "%s%s[%lld]", cta, name, (long long)(f->off / slab));
  else if (al->is_barrier)
    snprintf(buf, n, "%s%s[%u]", cta, name, f->off / (uint32_t)al->ebytes);
  else if (f->off == 0 && span == al->bytes)
    snprintf(buf, n, "%s%s", cta, name);
  else
    snprintf(buf, n, "%s%s bytes [%u, %llu)", cta, name, f->off,
             (unsigned long long)(f->off + span));
  return buf;
}
