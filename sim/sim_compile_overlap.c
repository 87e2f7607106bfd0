/* sim_compile_overlap.c: tlx.set_buffer_overlap, the placement of a storage_alias_spec's
 * buffers by a tree of tlx.reuse_group ops, as the fork's TLXStorageAliasLowering pass computes
 * it (facebookexperimental/triton at db4666f: third_party/tlx/dialect/lib/Transforms/
 * StorageAliasSizeDefinition.cpp, BufferOffsetCalculation.cpp, StorageAliasAllocation.cpp, the
 * size helpers of dialect/include/IR/Dialect.h, the verifiers of dialect/lib/IR/Ops.cpp; design
 * note third_party/tlx/doc/StorageAliasSpecAndSetBufferOverlap.md). Shared memory only:
 *
 *  - a leaf (an allocation [N, ...]) has size u = bytes of one buffer and alignment
 *    max(128, element bytes); the tree's alignment A is the largest of its leaves';
 *  - a shared group's size is the largest child's times its group_size; a distinct group's is
 *    the sum of its children, each started at a multiple of A;
 *  - the root's buffer groups are alignUp(size, A) bytes apart; the backing allocation is that
 *    times N of the spec's first allocation (or the spec's `size` when larger);
 *  - placing from offset 0: a shared group's children start where it does, with the bytes
 *    between buffer groups divided by its group_size and the group size multiplied by it; a
 *    distinct group's children follow one another from its offset, each at a multiple of A
 *    (more than the bytes between buffer groups is the fork's error);
 *  - a leaf at offset o with B bytes between buffer groups and group size g: B and o must be
 *    multiples of u (the fork's errors); with scale = B / u and slots = o / u, when scale > 1 or
 *    slots > 0 every ttg.memdesc_index of it (directly or through warp_specialize captures) is
 *    rewritten to index scale * k + slots + k % g (g > 1), i.e. buffer k lies at that index
 *    times u bytes from the backing's start; otherwise buffer k stays at k * u.
 *
 * Refused at the op (the fork would fail, or the model could not follow the rewrite): tensor
 * memory (placed in TMEM columns), sub-byte elements, a spec with two set_buffer_overlap, the
 * verifiers' errors, and any use of a rewritten allocation other than a memdesc_index, a
 * warp_specialize capture or the reuse-group tree (the fork also follows memdesc_reinterpret
 * and local_alias; any other op would see the enlarged buffer from byte 0). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

#define MAX_DEPTH 64        /* nesting of reuse groups followed */
#define MAX_GROUPS (1 << 16) /* product of the group sizes down a path of the tree */

/* Records why the placement fails and at which op; returns -1. */
static int fail(sim_ovl_place *p, const ir_op *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(sim_ovl_place *p, const ir_op *at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  p->at = at;
  vsnprintf(p->why, sizeof p->why, fmt, ap);
  va_end(ap);
  return -1;
}

/* Elements of a reuse_group op (its operands). */
static bool is_group(const ir_value *v) { return v && v->def && v->def->code == IR_OP_TLX_REUSE_GROUP; }
static bool is_leaf(const ir_value *v) { return v && v->def && v->def->code == IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC; }

static bool shared_kind(const ir_op *g) {
  const ir_attr *k = ir_op_attr(g, "group_kind");
  return !(k && k->str && !strcmp(k->str, "distinct"));
}

static int64_t align_up(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

/* Bytes of one buffer of an allocation [N, ...] (getAllocationSizePerBuffer; for whole-byte
 * elements also getBufferUnitSize, the unit of its index). */
static int64_t leaf_unit(const ir_type *t) { return ir_type_numel(t) * ir_type_elem_bytes(t->elem) / t->shape[0]; }

/* Bytes of one buffer of leaf v (getAllocationSizePerBuffer) and its alignment. */
static int leaf_facts(sim_ovl_place *p, const ir_value *v, const ir_value *spec, int64_t *unit, int64_t *align) {
  const ir_type *t = v->type;
  if (!v->def->n_operands || v->def->operands[0] != spec)
    return fail(p, p->sbo, "%s: all allocations in the reuse_group must reference the same "
                "storage_alias_spec (the fork's verifier)", ir_ops[p->sbo->code].name);
  if (!t || t->kind != IR_T_MEMDESC || t->rank < 1 || t->shape[0] < 1 || !t->elem)
    return fail(p, v->def, "%s: a buffer of a reuse group without a leading buffer dimension",
                ir_ops[v->def->code].name);
  const ir_encoding *sp = t->space ? t->space->enc : NULL;
  if (sp && sp->kind == IR_E_SPACE_TMEM)
    return fail(p, p->sbo, "%s over tensor memory is not modelled: the fork places TMEM reuse "
                "groups in columns (getTmemAllocSizes), not in bytes", ir_ops[p->sbo->code].name);
  if (t->elem->bits % 8)
    return fail(p, v->def, "%s: a reuse-group buffer of %lld-bit elements (the fork sizes them in whole "
                "bytes but indexes them in bits); not modelled", ir_ops[v->def->code].name,
                (long long)t->elem->bits);
  int64_t eb = ir_type_elem_bytes(t->elem), n = ir_type_numel(t);
  if (eb <= 0 || n <= 0 || n > (INT64_C(1) << 32) / eb)
    return fail(p, v->def, "%s: a reuse-group buffer of unknown size or over 4 GiB", ir_ops[v->def->code].name);
  *unit = leaf_unit(t);
  *align = eb > 128 ? eb : 128;
  return 0;
}

/* The tree's alignment (getElementAlignment), checking its leaves; groups is the product of the
 * group sizes above v. */
static int tree_align(sim_ovl_place *p, const ir_value *v, const ir_value *spec, int depth, int64_t groups,
                      int64_t *a) {
  if (depth > MAX_DEPTH) return fail(p, p->sbo, "%s: reuse groups nested deeper than %d", ir_ops[p->sbo->code].name, MAX_DEPTH);
  if (is_leaf(v)) {
    int64_t u = 0, al = 0;
    if (leaf_facts(p, v, spec, &u, &al)) return -1;
    if (al > *a) *a = al;
    return 0;
  }
  if (!is_group(v))
    return fail(p, p->sbo, "%s: all elements in the reuse_group tree must be allocated via "
                "tlx.storage_alias_local_alloc (the fork's verifier)", ir_ops[p->sbo->code].name);
  const ir_op *g = v->def;
  if (!g->n_operands) return fail(p, g, "%s requires at least one element", ir_ops[g->code].name);
  int64_t gs = ir_op_attr_int(g, "group_size", 1);
  if (gs < 1) return fail(p, g, "%s: group_size must be a positive integer, got %lld", ir_ops[g->code].name, (long long)gs);
  if (gs > MAX_GROUPS / groups)
    return fail(p, g, "%s: group sizes multiplying past %d down the tree", ir_ops[g->code].name, MAX_GROUPS);
  for (uint32_t k = 0; k < g->n_operands; k++)
    if (tree_align(p, g->operands[k], spec, depth + 1, groups * gs, a)) return -1;
  return 0;
}

/* Size of an element of the tree (getElementSize); the tree was checked by tree_align. */
static int64_t tree_size(const ir_value *v, int64_t a) {
  if (is_leaf(v)) return leaf_unit(v->type);
  const ir_op *g = v->def;
  int64_t s = 0;
  for (uint32_t k = 0; k < g->n_operands; k++) {
    int64_t c = tree_size(g->operands[k], a);
    if (shared_kind(g)) s = c > s ? c : s;
    else s = align_up(s, a) + c;
  }
  return shared_kind(g) ? s * ir_op_attr_int(g, "group_size", 1) : s;
}

/* Places element v at offset off (collectOffsets), then each leaf's index rewrite. */
static int place(sim_ovl_place *p, const ir_value *v, int64_t off, int64_t between, int64_t group) {
  if (is_leaf(v)) {
    for (uint32_t k = 0; k < p->n_leaf; k++)
      if (p->leaf[k].alloc == v->def)
        return fail(p, p->sbo, "%s: reuse_group tree contains duplicate elements; each allocation "
                    "can only appear once in the tree (the fork's verifier)", ir_ops[p->sbo->code].name);
    sim_ovl_leaf *l = IR_PUSH(p->leaf, p->n_leaf, p->cap_leaf);
    *l = (sim_ovl_leaf){.alloc = v->def, .offset = off, .between = between, .group = group, .unit = leaf_unit(v->type)};
    if (l->unit <= 0 || between % l->unit)
      return fail(p, v->def, "%s: units_between_buffer_groups (%lld) must be a multiple of the "
                  "original buffer size (%lld) (the fork's error)", ir_ops[v->def->code].name, (long long)between, (long long)l->unit);
    if (off % l->unit)
      return fail(p, v->def, "%s: buffer_offset (%lld) must be a multiple of the original buffer size "
                  "(%lld) (the fork's error)", ir_ops[v->def->code].name, (long long)off, (long long)l->unit);
    int64_t scale = between / l->unit, slots = off / l->unit;
    if (scale > INT32_MAX || slots > INT32_MAX || group > INT32_MAX)
      return fail(p, v->def, "%s: a reuse-group placement of %lld buffers apart at buffer %lld is too large",
                  ir_ops[v->def->code].name, (long long)scale, (long long)slots);
    if (scale > 1 || slots > 0) l->ix = (sim_ovl){(int32_t)scale, (int32_t)slots, (int32_t)group};
    return 0;
  }
  const ir_op *g = v->def;
  if (shared_kind(g)) {
    int64_t gs = ir_op_attr_int(g, "group_size", 1);
    for (uint32_t k = 0; k < g->n_operands; k++)
      if (place(p, g->operands[k], off, between / gs, group * gs)) return -1;
    return 0;
  }
  int64_t run = off;
  for (uint32_t k = 0; k < g->n_operands; k++) {
    run = align_up(run, p->align);
    if (place(p, g->operands[k], run, between, group)) return -1;
    run += tree_size(g->operands[k], p->align);
  }
  if (run - off > between)
    return fail(p, g, "%s: not enough space for distinct allocations: need %lld bytes, have %lld "
                "bytes (the fork's error)", ir_ops[g->code].name, (long long)(run - off), (long long)between);
  return 0;
}

/* The spec's first allocation in text order (its N sizes the backing) and the number of
 * set_buffer_overlap ops of spec (the second of them in *dup). */
typedef struct scan {
  const ir_value *spec;
  const ir_op *first, *dup;
  uint32_t n_sbo;
} scan;

static void scan_op(scan *s, const ir_op *op) {
  if (op->n_operands && op->operands[0] == s->spec) {
    if (op->code == IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC && !s->first) s->first = op;
    if (op->code == IR_OP_TLX_SET_BUFFER_OVERLAP && s->n_sbo++ == 1) s->dup = op;
  }
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) scan_op(s, o);
}

int sim_overlap_place(const ir_func *fn, const ir_op *sbo, sim_ovl_place *p) {
  memset(p, 0, sizeof *p);
  p->sbo = sbo;
  if (sbo->n_operands != 2) return fail(p, sbo, "malformed %s", ir_ops[sbo->code].name);
  const ir_value *spec = sbo->operands[0], *root = sbo->operands[1];
  scan s = {.spec = spec};
  if (fn && fn->op) scan_op(&s, fn->op);
  if (s.dup)
    return fail(p, s.dup, "%s: storage_alias_spec already has a set_buffer_overlap defined; each spec "
                "can only have one overlap definition (the fork's error)", ir_ops[sbo->code].name);
  if (!is_group(root))
    return fail(p, sbo, "%s: overlap_def must be defined by a tlx.reuse_group op (the fork's "
                "verifier)", ir_ops[sbo->code].name);
  const ir_op *so = spec->def;
  if (so && so->code == IR_OP_TLX_STORAGE_ALIAS_SPEC) {
    const ir_attr *st = ir_op_attr(so, "storage");
    if (st && st->str && strcmp(st->str, "smem"))
      return fail(p, sbo, "%s over %s storage is not modelled: the fork places TMEM reuse "
                  "groups in columns (getTmemAllocSizes), not in bytes", ir_ops[sbo->code].name, st->str);
  }
  p->align = 1;
  if (tree_align(p, root, spec, 0, 1, &p->align)) return -1;
  p->between = align_up(tree_size(root, p->align), p->align);
  int64_t n = s.first ? s.first->results[0]->type->shape[0] : 1;
  if (p->between > UINT32_MAX || n < 1 || n > UINT32_MAX / p->between)
    return fail(p, sbo, "%s: a backing allocation over 4 GiB", ir_ops[sbo->code].name);
  p->bytes = p->between * n;
  int64_t size = so ? ir_op_attr_int(so, "buffer_size_bytes", 0) : 0;
  if (size && size < p->bytes)
    return fail(p, so, "%s: storage_alias_spec buffer_size_bytes %lld is too small for computed shape, "
                "requires at least %lld bytes (the fork's error)", ir_ops[so->code].name, (long long)size, (long long)p->bytes);
  if (size > p->bytes) p->bytes = size;
  return place(p, root, 0, p->between, 1);
}

void sim_overlap_free(sim_ovl_place *p) {
  free(p->leaf);
  p->leaf = NULL;
  p->n_leaf = p->cap_leaf = 0;
}

const sim_ovl_leaf *sim_overlap_leaf(const sim_ovl_place *p, const ir_op *alloc) {
  for (uint32_t k = 0; k < p->n_leaf; k++)
    if (p->leaf[k].alloc == alloc) return &p->leaf[k];
  return NULL;
}

/* v, or the warp_specialize capture a partition's argument v stands for, level by level. */
static const ir_value *through_captures(const ir_value *v) {
  for (int k = 0; k < MAX_DEPTH && v && !v->def; k++) {
    const ir_value *c = ir_ws_capture(v);
    if (!c) break;
    v = c;
  }
  return v;
}

/* The first op of fn (from op) that uses v, or a partition argument standing for v, other than
 * as the source of a memdesc_index, a warp_specialize capture or an element of the tree. */
static const ir_op *bad_use(const ir_op *op, const ir_value *v) {
  bool ok = op->code == IR_OP_TTG_WARP_SPECIALIZE || op->code == IR_OP_TLX_REUSE_GROUP ||
            op->code == IR_OP_TLX_SET_BUFFER_OVERLAP;
  for (uint32_t k = 0; k < op->n_operands; k++)
    if (!ok && through_captures(op->operands[k]) == v && !(op->code == IR_OP_TTG_MEMDESC_INDEX && k == 0))
      return op;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) {
        const ir_op *u = bad_use(o, v);
        if (u) return u;
      }
  return NULL;
}

int sim_overlap_alias(sim_machine *m, sim_err *err, const ir_func *fn, const ir_op *alloc, const ir_op *sbo,
                      uint32_t *bytes) {
  sim_ovl_place p;
  int rc = sim_overlap_place(fn, sbo, &p);
  if (rc) {
    sim_overlap_free(&p);
    return sim_errf(err, m, p.at, "%s", p.why);
  }
  const sim_ovl_leaf *l = sim_overlap_leaf(&p, alloc);
  const ir_op *u = l && l->ix.scale ? bad_use(fn->op, alloc->results[0]) : NULL;
  if (u) {
    rc = sim_errf(err, m, u, "%s uses a buffer that tlx.set_buffer_overlap places at rewritten indices "
                  "(%d * k + %d): the model follows only its ttg.memdesc_index ops and warp_specialize "
                  "captures (an op on the enlarged buffer itself, or the fork's rewrite through "
                  "memdesc_reinterpret / local_alias, is not modelled)",
                  ir_ops[u->code].name, (int)l->ix.scale, (int)l->ix.slots);
  } else if (p.bytes > UINT32_MAX) {
    rc = sim_errf(err, m, sbo, "%s: a backing allocation of %lld bytes (more than 4 GiB)", ir_ops[sbo->code].name,
                  (long long)p.bytes);
  }
  *bytes = (uint32_t)p.bytes;
  sim_overlap_free(&p);
  return rc;
}

int sim_overlap_index_op(sim_machine *m, sim_err *err, const ir_func *fn, const ir_op *ix, sim_ovl *out) {
  memset(out, 0, sizeof *out);
  const ir_value *src = ix->n_operands ? through_captures(ix->operands[0]) : NULL;
  if (!is_leaf(src) || !src->def->n_operands) return 0;
  const ir_op *sbo = NULL;
  sim_alias_group(fn, src->def->operands[0], &sbo);
  if (!sbo) return 0;
  sim_ovl_place p;
  if (sim_overlap_place(fn, sbo, &p)) {
    sim_overlap_free(&p);
    return sim_errf(err, m, p.at, "%s", p.why);
  }
  const sim_ovl_leaf *l = sim_overlap_leaf(&p, src->def);
  if (l) *out = l->ix;
  sim_overlap_free(&p);
  return 0;
}
