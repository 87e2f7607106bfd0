/* sim_compile_amd_stale.c: the AMD lint amd.masked-lanes-stale (docs/diagnostics.md): a masked
 * `ttg.async_copy_global_to_local` without `other` whose masked-off LDS elements a consumer of the
 * whole tile reads.
 *
 * Why (Triton's AMD lowering, third_party/amd/lib/TritonAMDGPUToLLVM/LoadStoreOpToLLVM.cpp,
 * AsyncCopyGlobalToLocalOpConversion): with a mask, each lane's `global_load_lds` sits in a
 * conditional branch on its mask bit, so a masked-off lane writes nothing to LDS; `other` is written
 * by a separate predicated LDS store (llStore with `!mask`) only when the op has one. Without it the
 * masked-off elements keep what the buffer held (an earlier tile, or uninitialised LDS), and a
 * tt.dot that contracts over them computes with that data (the K tail of a matmul; TLX #2819 /
 * #2895 saw NaNs). Not affected:
 * - `amdg.buffer_load_to_local`: a masked-off lane gets the out-of-range offset 0x80000000
 *   (BufferOpsEmitter.cpp fillCommonArgs; num_records is INT_MAX - 1), and the buffer range check
 *   returns 0 for it, which the LDS DMA writes ("hardware out-of-bound masking", the gluon
 *   buffer_load_to_shared doc; composable_kernel's amd_direct_load_global_to_lds relies on it; the
 *   register form BufferOpsEmitter::emitLoad omits the select when `other` is 0 for the same
 *   reason, and Triton drops a zero `other` from buffer loads: the corpus kernels of
 *   tests/corpus/amd carry none), so its masked-off elements read 0 without `other`;
 * - NVIDIA: cp.async's src-size / ignore-src operand makes a masked lane write zeros
 *   (third_party/nvidia/.../LoadStoreOpToLLVM.cpp: "A masked copy still writes zeros to its
 *   shared-memory destination"; `other` is taken to be 0).
 *
 * What is reported, for the run's arguments (precise rather than complete: anything the
 * analysis cannot follow reports nothing):
 * - the copy's destination is one slot of a local_alloc (through ttg.memdesc_index and scf.for
 *   carried memdescs only), and some ttg.local_load of that allocation loads a tile of the same
 *   shape whose value reaches, through layout conversions and elementwise ops, a consumer that
 *   uses every element: operand A or B of tt.dot / tt.dot_scaled (contracting dim rank-1 / rank-2),
 *   the reduced axis of tt.reduce, or a tt.store / amdg.buffer_store without a mask;
 * - the mask, evaluated exactly for every iteration of the scf.for loops around the copy (the
 *   loops' bounds, the scf.if conditions on the way, the mask from kernel arguments, constants,
 *   the program id and the induction variables: carried values and loaded data are not followed),
 *   is false for some element that the consumer mixes with elements it does use: for a dot or a
 *   reduction, a line along the contracted axis with both true and false elements (a line all
 *   false is a row out of range: the consumer's result for it is stored under the same mask, or
 *   not at all); for an unmasked store, any false element.
 * The analysis is per run (sim_amd_stale_run, from set_run) and the warning is raised when a wave
 * issues the copy (sim_amd_ops.c), so it carries a schedule like every report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_amd.h"

enum { STALE_MAX_ITERS = 1 << 14, STALE_MAX_ELEMS = 1 << 16, STALE_MAX_BINDS = 8, STALE_MAX_DEPTH = 48 };
#define STALE_BUDGET 40000000ull /* evaluation steps per run, over all candidates */

/* ------------------------------------------------------------------ the IR walk */

typedef void (*op_fn)(void *ud, const ir_op *op);
static void walk_region(const ir_region *r, op_fn f, void *ud) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      f(ud, op);
      for (uint32_t k = 0; k < op->n_regions; k++) walk_region(op->regions[k], f, ud);
    }
}

/* The allocation whose slot memdesc v is, through ttg.memdesc_index and scf.for carried values
 * (the initial value and the yielded one must agree); NULL for anything else (a subslice or a
 * transposed view does not keep element positions). */
static const ir_op *slot_root(const ir_value *v, int depth) {
  if (!v || depth > 32) return NULL;
  if (v->def) {
    if (v->def->code == IR_OP_TTG_LOCAL_ALLOC) return v->def;
    if (v->def->code == IR_OP_TTG_MEMDESC_INDEX && v->def->n_operands >= 1)
      return slot_root(v->def->operands[0], depth + 1);
    return NULL;
  }
  const ir_block *b = v->block;
  const ir_op *loop = b && b->parent ? b->parent->parent : NULL;
  if (!loop || loop->code != IR_OP_SCF_FOR || v->arg_idx == 0 || b != loop->regions[0]->blocks[0]) return NULL;
  uint32_t k = v->arg_idx - 1;
  if (3 + k >= loop->n_operands) return NULL;
  const ir_op *init = slot_root(loop->operands[3 + k], depth + 1);
  const ir_op *y = b->last;
  if (!init || !y || y->code != IR_OP_SCF_YIELD || k >= y->n_operands) return NULL;
  const ir_value *yv = y->operands[k];
  if (yv == v) return init;
  return slot_root(yv, depth + 1) == init ? init : NULL;
}

static bool same_shape(const ir_type *a, const ir_type *b) {
  if (!a || !b || a->rank != b->rank || !a->rank) return false;
  for (int d = 0; d < a->rank; d++)
    if (a->shape[d] != b->shape[d]) return false;
  return true;
}

typedef struct finder {
  const ir_op *root;           /* the copy's allocation */
  const ir_type *shape;        /* the copy's tile */
  const ir_func *fn;
  sim_stale *c;                /* the candidate being filled */
} finder;

typedef struct user_scan {
  const ir_value *v;
  const ir_op *hits[16];
  uint32_t n;
} user_scan;

static void find_users(void *ud, const ir_op *op) {
  user_scan *u = ud;
  for (uint32_t k = 0; k < op->n_operands && u->n < 16; k++)
    if (op->operands[k] == u->v) {
      u->hits[u->n++] = op;
      return;
    }
}

static void add_use(sim_stale *c, const ir_op *load, const ir_op *use, int cdim) {
  if (c->n_uses >= SIM_STALE_USES) return;
  c->uses[c->n_uses].load = load;
  c->uses[c->n_uses].use = use;
  c->uses[c->n_uses].cdim = cdim;
  c->n_uses++;
}

/* Follows value v (a tile of f->shape loaded by `load`) to the consumers that use every element. */
static void follow(finder *f, const ir_op *load, const ir_value *v, int depth) {
  if (depth > 12) return;
  user_scan u = {.v = v};
  walk_region(f->fn->op->regions[0], find_users, &u);
  for (uint32_t h = 0; h < u.n; h++) {
    const ir_op *op = u.hits[h];
    int rank = f->shape->rank;
    switch (op->code) {
    case IR_OP_TT_DOT:
    case IR_OP_TT_DOT_SCALED:
      if (rank >= 2 && op->operands[0] == v) add_use(f->c, load, op, rank - 1);
      else if (rank >= 2 && op->n_operands > 1 && op->operands[1] == v) add_use(f->c, load, op, rank - 2);
      continue;
    case IR_OP_TT_REDUCE: {
      int64_t axis = ir_op_attr_int(op, "axis", -1);
      if (axis >= 0 && axis < rank) add_use(f->c, load, op, (int)axis);
      continue;
    }
    case IR_OP_TT_STORE: {
      uint32_t nm = 0;
      ir_seg(op, IR_SEG_TT_STORE_MASK, &nm);
      if (!nm && ir_seg(op, IR_SEG_TT_STORE_VALUE, NULL) == v) add_use(f->c, load, op, -1);
      continue;
    }
    case IR_OP_AMDG_BUFFER_STORE: {
      uint32_t nm = 0;
      ir_seg(op, IR_SEG_AMDG_BUFFER_STORE_MASK, &nm);
      if (!nm && ir_seg(op, IR_SEG_AMDG_BUFFER_STORE_VALUE, NULL) == v) add_use(f->c, load, op, -1);
      continue;
    }
    default:
      break;
    }
    /* layout conversions and elementwise ops keep every element where it is */
    const ir_opclass cls = ir_ops[op->code].cls;
    bool keeps = op->code == IR_OP_TTG_CONVERT_LAYOUT || cls == IR_C_SCALAR;
    if (keeps && op->n_results == 1 && same_shape(op->results[0]->type, f->shape))
      follow(f, load, op->results[0], depth + 1);
  }
}

static void find_loads(void *ud, const ir_op *op) {
  finder *f = ud;
  if (op->code != IR_OP_TTG_LOCAL_LOAD || op->n_operands < 1 || op->n_results != 1) return;
  if (!same_shape(op->operands[0]->type, f->shape) || !same_shape(op->results[0]->type, f->shape)) return;
  if (slot_root(op->operands[0], 0) != f->root) return;
  follow(f, op, op->results[0], 0);
}

static void find_copies(void *ud, const ir_op *op) {
  sim_machine *m = ud;
  if (op->code != IR_OP_TTG_ASYNC_COPY_G2L) return;
  uint32_t nm = 0, no = 0, nb = 0;
  const ir_value *mask = ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_MASK, &nm);
  ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_OTHER, &no);
  ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_BULK_SIZE, &nb);
  const ir_value *dst = ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_RESULT, NULL);
  if (!mask || no || nb || !dst || !mask->type || mask->type->kind != IR_T_TENSOR) return;
  finder f = {.root = slot_root(dst, 0), .shape = dst->type, .fn = m->fn};
  if (!f.root || !same_shape(mask->type, dst->type)) return;
  sim_stale c = {.copy = op, .mask = mask};
  f.c = &c;
  walk_region(m->fn->op->regions[0], find_loads, &f);
  if (!c.n_uses) return;
  m->stale = ir_grow(m->stale, &m->cap_stale, m->n_stale + 1, sizeof *m->stale);
  m->stale[m->n_stale++] = c;
}

void sim_compile_amd_stale(sim_machine *m) {
  if (!m->amd_gfx || m->data) return; /* simulate mode computes the data itself */
  walk_region(m->fn->op->regions[0], find_copies, m);
}

/* ------------------------------------------------------------------ evaluation */

typedef struct ectx {
  const sim_machine *m;
  const ir_value *bv[STALE_MAX_BINDS]; /* induction variables bound to values */
  int64_t bx[STALE_MAX_BINDS];
  uint32_t nb;
  uint64_t steps;
  /* scalar values by value id, valid while seen[id] == epoch (bumped whenever a binding
   * changes): a splat's operand is evaluated once per iteration, not once per element */
  uint32_t epoch;
  uint32_t *seen;              /* 0: never; epoch | 1u << 31: could not be evaluated */
  uint64_t *val;
} ectx;

static unsigned width_of(const ir_type *t) {
  if (t && (t->kind == IR_T_TENSOR) && t->elem) t = t->elem;
  return sim_int_width(t);
}

static bool dense_int(const ir_attr *a, uint64_t *out) {
  if (!a) return false;
  if (a->kind == IR_A_INT || a->kind == IR_A_BOOL) {
    *out = (uint64_t)a->ival;
    return true;
  }
  if (a->kind != IR_A_DENSE) return false;
  if (a->n == 1) return dense_int(a->elems[0], out);
  if (a->n || !a->str || strchr(a->str, '[')) return false;
  if (!strcmp(a->str, "true")) *out = 1;
  else if (!strcmp(a->str, "false")) *out = 0;
  else {
    char *end;
    long long x = strtoll(a->str, &end, 0);
    if (end == a->str || *end) return false;
    *out = (uint64_t)x;
  }
  return true;
}

static bool eval_(ectx *c, const ir_value *v, const int64_t *idx, uint64_t *out, int depth);

/* Value of v (element idx of a tensor; idx unused for a scalar), zero-extended from its width. */
static bool eval(ectx *c, const ir_value *v, const int64_t *idx, uint64_t *out, int depth) {
  if (!v || v->id >= c->m->fn->n_values || (v->type && v->type->kind == IR_T_TENSOR))
    return eval_(c, v, idx, out, depth);
  if ((c->seen[v->id] & ~(1u << 31)) == c->epoch) {
    *out = c->val[v->id];
    return !(c->seen[v->id] >> 31);
  }
  bool ok = eval_(c, v, NULL, out, depth);
  c->seen[v->id] = c->epoch | (ok ? 0 : 1u << 31);
  c->val[v->id] = ok ? *out : 0;
  return ok;
}

static bool eval_(ectx *c, const ir_value *v, const int64_t *idx, uint64_t *out, int depth) {
  if (!v || depth > STALE_MAX_DEPTH || ++c->steps > STALE_BUDGET) return false;
  const ir_type *t = v->type;
  unsigned w = width_of(t);
  if (!v->def) {
    for (uint32_t k = 0; k < c->nb; k++)
      if (c->bv[k] == v) {
        *out = sim_trunc((uint64_t)c->bx[k], w);
        return true;
      }
    const ir_block *entry = c->m->fn->op->regions[0]->blocks[0];
    if (v->block == entry && v->arg_idx < c->m->n_args) {
      *out = sim_trunc(c->m->args[v->arg_idx], w);
      return true;
    }
    return false; /* carried values, partition arguments: not followed */
  }
  const ir_op *op = v->def;
  int rank = t && t->kind == IR_T_TENSOR ? t->rank : 0;
  uint64_t a, b, r;
  switch (op->code) {
  case IR_OP_ARITH_CONSTANT:
    if (!dense_int(ir_op_attr(op, "value"), &r)) return false;
    *out = sim_trunc(r, w);
    return true;
  case IR_OP_TT_GET_PROGRAM_ID:
  case IR_OP_TT_GET_NUM_PROGRAMS: {
    const ir_attr *ax = ir_op_attr(op, "axis");
    int axis = ax && ax->kind == IR_A_INT ? (int)ax->ival : 0;
    if (ax && ax->kind != IR_A_INT && ax->str) axis = ax->str[0] == 'y' ? 1 : ax->str[0] == 'z' ? 2 : 0;
    if (axis < 0 || axis > 2) return false;
    int32_t x = op->code == IR_OP_TT_GET_PROGRAM_ID ? c->m->pid[axis] : c->m->grid[axis];
    *out = sim_trunc((uint64_t)(int64_t)x, w);
    return true;
  }
  case IR_OP_TT_MAKE_RANGE:
    if (rank != 1) return false;
    *out = sim_trunc((uint64_t)(ir_op_attr_int(op, "start", 0) + idx[0]), w);
    return true;
  case IR_OP_TT_SPLAT:
    return eval(c, op->operands[0], NULL, out, depth + 1);
  case IR_OP_TTG_CONVERT_LAYOUT:
    return eval(c, op->operands[0], idx, out, depth + 1);
  case IR_OP_TT_BROADCAST: {
    const ir_type *st = op->operands[0]->type;
    if (!st || st->kind != IR_T_TENSOR || st->rank != rank) return false;
    int64_t j[IR_MAX_RANK];
    for (int d = 0; d < rank; d++) j[d] = st->shape[d] == 1 ? 0 : idx[d];
    return eval(c, op->operands[0], j, out, depth + 1);
  }
  case IR_OP_TT_EXPAND_DIMS: {
    int64_t axis = ir_op_attr_int(op, "axis", -1);
    if (axis < 0 || axis >= rank) return false;
    int64_t j[IR_MAX_RANK];
    for (int d = 0, e = 0; d < rank; d++)
      if (d != axis) j[e++] = idx[d];
    return eval(c, op->operands[0], j, out, depth + 1);
  }
  case IR_OP_ARITH_EXTSI:
  case IR_OP_ARITH_EXTUI:
  case IR_OP_ARITH_TRUNCI:
  case IR_OP_ARITH_INDEX_CAST:
  case IR_OP_ARITH_INDEX_CASTUI: {
    if (!eval(c, op->operands[0], idx, &a, depth + 1)) return false;
    unsigned wi = width_of(op->operands[0]->type);
    bool sext = op->code == IR_OP_ARITH_EXTSI || op->code == IR_OP_ARITH_INDEX_CAST;
    *out = sim_trunc(sext ? (uint64_t)sim_sext(a, wi) : a, w);
    return true;
  }
  case IR_OP_ARITH_SELECT:
    if (!eval(c, op->operands[0], op->operands[0]->type && op->operands[0]->type->kind == IR_T_TENSOR ? idx : NULL,
              &a, depth + 1))
      return false;
    return eval(c, op->operands[(a & 1) ? 1 : 2], idx, out, depth + 1);
  case IR_OP_ARITH_CMPI: {
    int pred = sim_cmp_pred(op);
    if (pred < 0 || !eval(c, op->operands[0], idx, &a, depth + 1) || !eval(c, op->operands[1], idx, &b, depth + 1))
      return false;
    *out = sim_cmpi(pred, width_of(op->operands[0]->type), a, b);
    return true;
  }
  default:
    if (op->n_operands != 2 || ir_ops[op->code].cls != IR_C_SCALAR) return false;
    if (!eval(c, op->operands[0], idx, &a, depth + 1) || !eval(c, op->operands[1], idx, &b, depth + 1)) return false;
    if (!sim_int_binop(op->code, w, a, b, &r)) return false; /* not an integer op, or / 0 */
    *out = r;
    return true;
  }
}

/* The ops between the copy and the function body: the scf.for loops (enumerated) and scf.if
 * arms (conditions) around it, outermost first; false when another construct is in the way. */
typedef struct frame {
  const ir_op *op;
  bool then_arm;               /* scf.if: the copy is in the then region */
} frame;

static int frames_of(const sim_machine *m, const ir_op *copy, frame *fr, int max) {
  int n = 0;
  const ir_op *op = copy;
  for (;;) {
    const ir_region *r = op->parent ? op->parent->parent : NULL;
    const ir_op *up = r ? r->parent : NULL;
    if (!up) return -1;
    if (up == m->fn->op) break;
    if (n >= max) return -1;
    if (up->code == IR_OP_SCF_FOR) fr[n++] = (frame){up, false};
    else if (up->code == IR_OP_SCF_IF) fr[n++] = (frame){up, up->regions[0] == r};
    else if (up->code != IR_OP_SCF_EXECUTE_REGION) return -1;
    op = up;
  }
  for (int i = 0; i < n / 2; i++) { /* outermost first */
    frame t = fr[i];
    fr[i] = fr[n - 1 - i];
    fr[n - 1 - i] = t;
  }
  return n;
}

typedef struct scan {
  ectx *c;
  const sim_stale *s;
  frame fr[STALE_MAX_BINDS];
  int nfr;
  uint32_t iters;
  bool unknown;                /* a bound, a condition or the mask could not be evaluated */
  bool fires;
  int use;                     /* which use fired */
  int64_t where[IR_MAX_RANK];  /* a false element it reads */
  int64_t iv[STALE_MAX_BINDS]; /* the induction variables then */
} scan;

/* The first element of the mask bits (row-major over shape t) that a use over dim cd reads while
 * stale: for a contraction or reduction (cd >= 0), the first false element of a line along cd
 * that also holds a true one; for an unmasked store (cd < 0), the first false element. -1: none. */
static int64_t stale_elem(const uint8_t *bits, const ir_type *t, int64_t numel, int cd) {
  if (cd < 0) {
    for (int64_t e = 0; e < numel; e++)
      if (!bits[e]) return e;
    return -1;
  }
  int64_t stride = 1, len = t->shape[cd];
  for (int d = t->rank - 1; d > cd; d--) stride *= t->shape[d];
  for (int64_t e = 0; e < numel; e++) {
    if ((e / stride) % len) continue; /* not the start of a line */
    bool any_true = false;
    int64_t first_false = -1;
    for (int64_t k = 0; k < len; k++) {
      if (bits[e + k * stride]) any_true = true;
      else if (first_false < 0) first_false = e + k * stride;
    }
    if (any_true && first_false >= 0) return first_false;
  }
  return -1;
}

/* The mask at this iteration, element by element: does some use read a stale element? */
static void check_mask(scan *s) {
  const ir_type *t = s->s->mask->type;
  int rank = t->rank;
  int64_t numel = 1;
  for (int d = 0; d < rank; d++) numel *= t->shape[d];
  uint8_t *bits = numel > 0 && numel <= STALE_MAX_ELEMS ? malloc((size_t)numel) : NULL;
  if (!bits) {
    s->unknown = true;
    return;
  }
  bool any_false = false;
  for (int64_t e = 0; e < numel && !s->unknown; e++) {
    int64_t idx[IR_MAX_RANK], rem = e;
    for (int d = rank - 1; d >= 0; d--) {
      idx[d] = rem % t->shape[d];
      rem /= t->shape[d];
    }
    uint64_t x = 0;
    if (!eval(s->c, s->s->mask, idx, &x, 0)) s->unknown = true;
    bits[e] = x & 1;
    any_false |= !bits[e];
  }
  for (uint32_t u = 0; any_false && !s->unknown && u < s->s->n_uses; u++) {
    int64_t e = stale_elem(bits, t, numel, s->s->uses[u].cdim);
    if (e < 0) continue;
    s->fires = true;
    s->use = (int)u;
    for (int d = rank - 1; d >= 0; d--) {
      s->where[d] = e % t->shape[d];
      e /= t->shape[d];
    }
    for (uint32_t k = 0; k < s->c->nb; k++) s->iv[k] = s->c->bx[k];
    break;
  }
  free(bits);
}

static void enumerate(scan *s, int level) {
  if (s->fires || s->unknown) return;
  if (level == s->nfr) {
    if (++s->iters > STALE_MAX_ITERS) s->unknown = true;
    else check_mask(s);
    return;
  }
  const ir_op *op = s->fr[level].op;
  ectx *c = s->c;
  uint64_t lb, ub, st;
  if (op->code == IR_OP_SCF_IF) {
    if (!eval(c, op->operands[0], NULL, &lb, 0)) {
      s->unknown = true;
      return;
    }
    if ((bool)(lb & 1) == s->fr[level].then_arm) enumerate(s, level + 1);
    return;
  }
  if (op->n_operands < 3 || !eval(c, op->operands[0], NULL, &lb, 0) || !eval(c, op->operands[1], NULL, &ub, 0) ||
      !eval(c, op->operands[2], NULL, &st, 0)) {
    s->unknown = true;
    return;
  }
  const ir_value *iv = op->regions[0]->blocks[0]->n_args ? op->regions[0]->blocks[0]->args[0] : NULL;
  unsigned w = width_of(op->operands[0]->type);
  int64_t l = sim_sext(lb, w), u = sim_sext(ub, w), d = sim_sext(st, w);
  if (!iv || d <= 0 || c->nb >= STALE_MAX_BINDS) {
    s->unknown = true;
    return;
  }
  uint32_t slot = c->nb++;
  c->bv[slot] = iv;
  for (int64_t x = l; x < u && !s->fires && !s->unknown; x += d) {
    c->bx[slot] = x;
    c->epoch++;
    enumerate(s, level + 1);
  }
  c->nb--;
  c->epoch++;
}

void sim_amd_stale_run(sim_machine *m) {
  ectx c = {.m = m, .epoch = 1};
  c.seen = ir_xcalloc(m->fn->n_values + 1, sizeof *c.seen);
  c.val = ir_xcalloc(m->fn->n_values + 1, sizeof *c.val);
  for (uint32_t k = 0; k < m->n_stale; k++) {
    sim_stale *st = &m->stale[k];
    st->fires = false;
    scan s = {.c = &c, .s = st};
    s.nfr = frames_of(m, st->copy, s.fr, STALE_MAX_BINDS);
    if (s.nfr < 0) continue;
    c.nb = 0;
    c.epoch++;
    enumerate(&s, 0);
    if (!s.fires || s.unknown) continue; /* unknown anywhere: nothing is said */
    st->fires = true;
    st->use = s.use;
    /* "element (3, 48) of the tile, at the loop iteration where the induction variable(s) are 2" */
    char at[96] = "", iv[64] = "";
    int rank = st->mask->type->rank, o = 0;
    for (int d = 0; d < rank && o < (int)sizeof at - 24; d++)
      o += snprintf(at + o, sizeof at - (size_t)o, "%s%lld", d ? ", " : "", (long long)s.where[d]);
    int nloops = 0;
    for (int i = 0; i < s.nfr; i++)
      if (s.fr[i].op->code == IR_OP_SCF_FOR) nloops++;
    o = 0;
    for (int i = 0; i < nloops && o < (int)sizeof iv - 24; i++)
      o += snprintf(iv + o, sizeof iv - (size_t)o, "%s%lld", i ? ", " : "", (long long)s.iv[i]);
    const sim_stale_use *u = &st->uses[st->use];
    const char *what = u->cdim < 0 ? "writes it out" : u->use->code == IR_OP_TT_REDUCE ? "reduces over it"
                                                                                       : "contracts over it";
    /* short: a partial-tile probe's finding gets its "(only when ...)" after it (vf_partial.c) */
    int len = snprintf(st->msg, sizeof st->msg,
             "masked lanes left stale: no `other`, so AMD skips the masked-off lanes and their LDS "
             "keeps older data; the mask is false at element (%s)%s%s%s and %s %s (pass other=0)",
             at, nloops ? " (loop iteration " : "", iv, nloops ? ")" : "", ir_ops[u->use->code].name, what);
    if (len < 0) st->msg[0] = 0; /* a longer message is cut at the buffer's end */
  }
  free(c.seen);
  free(c.val);
}
