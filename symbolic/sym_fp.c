/* sym_fp.c: the static footprint of an access inside its buffer slot, for pairs that need no
 * order because they touch different parts of one slot (the attention kernels' S buffer in
 * tensor memory: P in columns 0..63 written by one partition, alpha in column 64 by another;
 * tests/checkers/tmem-view.ok). The explicit model computes footprints from run-time views
 * (sim_view.c); here the views between the access and its slot must be constant.
 *
 * A footprint is a box: an interval per dimension in the coordinates of the slot (the
 * memdesc_index result the event's ring numbers, or the allocation when the buffer is used
 * without an index). Two kinds of coordinates:
 *  - tensor memory with the cell geometry (TensorMemoryEncoding, 128 lanes): lanes x 32-bit
 *    cell columns; an element takes ebits * colStride bits of its cell (semantics.md §4.2,
 *    sim_view.c tmem_col_bytes), so a reinterpret from f32 to f16 keeps its base cell and
 *    covers its own type's cells;
 *  - anything else: elements of the slot's shape; memdesc_subslice moves the box by its
 *    offsets, a reinterpret of the same shape, element size and layout keeps it (another layout
 *    maps the view's elements to other bytes: no footprint). A swizzled layout is a
 *    bijection between the slot's elements and its bytes: disjoint elements, disjoint bytes.
 * Any other view (trans, reshape, dynamic subslice, an iteration argument) has no footprint
 * here: the pair is then ordered like any other (no claim of disjointness). */
#include "sym_internal.h"

typedef struct fp_box {
  bool cells;                 /* tensor-memory lanes x cells, else elements */
  int rank;
  int64_t shape[IR_MAX_RANK]; /* the slot's shape (boxes of different slots never compare) */
  int64_t lo[IR_MAX_RANK], hi[IR_MAX_RANK];
} fp_box;

/* Bits of its 32-bit cell that one element of TMEM memdesc type t takes (ebits * colStride),
 * or -1 when t has no cell geometry (128 lanes, TensorMemoryEncoding blockM 128). */
static int64_t cell_bits(const ir_type *t) {
  const ir_encoding *e = t->enc && t->enc->kind == IR_A_ENCODING ? t->enc->enc : NULL;
  bool in_tmem = t->space && t->space->kind == IR_A_ENCODING && t->space->enc &&
                 t->space->enc->kind == IR_E_SPACE_TMEM;
  if (!in_tmem || !e || e->kind != IR_E_TMEM || e->block_m != 128 || t->rank < 2 || !t->elem)
    return -1;
  int64_t lanes = 1;
  for (int d = 0; d + 1 < t->rank; d++) lanes *= t->shape[d];
  int64_t w = (int64_t)t->elem->bits * (e->col_stride > 0 ? e->col_stride : 1);
  return lanes != 128 || w <= 0 || w > 32 || 32 % w ? -1 : w;
}

/* Cells that n element columns of type t take; -1 without the cell geometry. */
static int64_t tmem_cells(const ir_type *t, int64_t n) {
  int64_t w = cell_bits(t);
  return w < 0 ? -1 : (n * w + 31) / 32;
}

/* The whole slot of type t. */
static bool whole(const ir_type *t, fp_box *b) {
  if (!t || t->kind != IR_T_MEMDESC || t->rank < 1) return false;
  b->rank = t->rank;
  for (int d = 0; d < t->rank; d++) b->shape[d] = t->shape[d];
  int64_t w = tmem_cells(t, t->shape[t->rank - 1]);
  b->cells = w >= 0;
  if (b->cells) {
    b->rank = 2;
    b->lo[0] = 0, b->hi[0] = 128;
    b->lo[1] = 0, b->hi[1] = w;
    return true;
  }
  for (int d = 0; d < t->rank; d++) b->lo[d] = 0, b->hi[d] = t->shape[d];
  return true;
}

static bool same_shape(const ir_type *a, const ir_type *b) {
  if (a->rank != b->rank || !a->elem || !b->elem || a->elem->bits != b->elem->bits) return false;
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] != b->shape[d]) return false;
  return true;
}

/* The footprint of view v in its slot: root is the memdesc_index that numbers the slot (NULL:
 * the allocation itself). False when a view between them is not constant or not followed. */
static bool fp_of(const ir_value *v, const ir_op *root, fp_box *b, int depth) {
  if (!v || depth > 64) return false;
  const ir_op *d = v->def;
  if (!d) { /* a partition's capture: the parent's value */
    const ir_value *cap = ir_ws_capture(v);
    return cap && fp_of(cap, root, b, depth + 1);
  }
  if (d->code == IR_OP_TTG_MEMDESC_INDEX) return d == root && whole(v->type, b);
  if (ir_ops[d->code].cls == IR_C_ALLOC) return !root && whole(v->type, b);
  if (!d->n_operands) return false;
  const ir_type *st = d->operands[0]->type, *rt = v->type;
  if (!st || !rt || st->kind != IR_T_MEMDESC || rt->kind != IR_T_MEMDESC ||
      !fp_of(d->operands[0], root, b, depth + 1))
    return false;
  int64_t k[IR_MAX_RANK];
  switch (d->code) {
  case IR_OP_TTNG_TMEM_SUBSLICE: {
    if (ir_op_attr_ints(d, "N", k, 1) != 1 && ir_op_attr_ints(d, "offset", k, 1) != 1) return false;
    if (!b->cells) return false;
    /* the offset must start a cell (sim_view.c: an unaligned subslice leaves the view) */
    int64_t sw = cell_bits(st), w = tmem_cells(rt, rt->shape[rt->rank - 1]);
    if (sw < 0 || w < 0 || k[0] < 0 || (k[0] * sw) % 32) return false;
    int64_t at = k[0] * sw / 32;
    b->lo[1] += at;
    b->hi[1] = b->lo[1] + w;
    return true;
  }
  case IR_OP_TTG_MEMDESC_REINTERPRET:
    if (b->cells) {
      int64_t w = tmem_cells(rt, rt->shape[rt->rank - 1]);
      if (w < 0) return false;
      b->hi[1] = b->lo[1] + w;
      return true;
    }
    return same_shape(st, rt) && st->enc == rt->enc; /* attributes are uniqued: one layout */
  case IR_OP_TTG_MEMDESC_SUBSLICE: {
    int n = ir_op_attr_ints(d, "offsets", k, IR_MAX_RANK);
    if (b->cells || n != st->rank || rt->rank != st->rank || st->rank != b->rank) return false;
    for (int i = 0; i < n; i++) {
      b->lo[i] += k[i];
      b->hi[i] = b->lo[i] + rt->shape[i];
    }
    return true;
  }
  default:
    return false;
  }
}

/* The memdesc value event e accesses and the memdesc_index numbering its slot. */
static const ir_value *mem_of(const sym_event *e, const ir_op **root) {
  *root = e->kind == SYM_EV_TMA_LOAD ? e->buf_view : e->view;
  return e->mem;
}

bool sym_fp_disjoint(const sym_event *x, const sym_event *p) {
  const ir_op *rx, *rp;
  const ir_value *vx = mem_of(x, &rx), *vp = mem_of(p, &rp);
  fp_box a, b;
  if (!vx || !vp || !fp_of(vx, rx, &a, 0) || !fp_of(vp, rp, &b, 0)) return false;
  if (a.cells != b.cells || a.rank != b.rank) return false;
  for (int d = 0; d < a.rank; d++)
    if (a.shape[d] != b.shape[d]) return false;
  for (int d = 0; d < a.rank; d++)
    if (a.hi[d] <= b.lo[d] || b.hi[d] <= a.lo[d]) return true;
  return false;
}
