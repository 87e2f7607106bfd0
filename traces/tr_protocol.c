/* tr_protocol.c: extracts the static barrier protocol of a kernel from its IR: lanes
 * (partitions), barrier rings (allocations initialised by init_barrier) and the ops of each
 * lane on each ring, following barrier views through warp_specialize captures, scf.for
 * iter_args and tt.call arguments back to their allocation. */
#include <stdio.h>
#include <string.h>

#include "tr_protocol.h"

enum { TP_MAX_CALLS = 16 };

typedef struct tp_walk {
  tp_model *pm;
  const ir_op *calls[TP_MAX_CALLS]; /* tt.call ops being walked into, innermost last */
  uint32_t n_calls;
  uint32_t n_ws;                    /* warp_specialize ops of the function */
  uint32_t ws_seen;                 /* warp_specialize ops walked so far */
  int32_t tpw;                      /* threads per warp */
} tp_walk;

/* ------------------------------------------------------------------ operands by name */

/* Index of the operand segment called name in op's segs string ("alloc phase pred? deps*"),
 * or -1 when op has none. */
static int seg_index(const ir_op *op, const char *name) {
  const char *s = ir_ops[op->code].segs;
  size_t k = strlen(name);
  for (int idx = 0; *s; idx++) {
    while (*s == ' ') s++;
    const char *e = s;
    while (*e && *e != ' ') e++;
    size_t len = (size_t)(e - s);
    if (len && (s[len - 1] == '?' || s[len - 1] == '*')) len--;
    if (len == k && !strncmp(s, name, k)) return idx;
    s = e;
  }
  return -1;
}

/* Operand j of the segment called name (NULL when absent). */
static ir_value *seg_val(const ir_op *op, const char *name, uint32_t j) {
  int k = seg_index(op, name);
  uint32_t n = 0;
  ir_value *v = k >= 0 ? ir_seg(op, k, &n) : NULL;
  return v && j < n ? op->operands[op->seg_start[k] + j] : NULL;
}

static uint32_t seg_len(const ir_op *op, const char *name) {
  int k = seg_index(op, name);
  uint32_t n = 0;
  if (k >= 0) ir_seg(op, k, &n);
  return n;
}

/* ------------------------------------------------------------------ views to allocations */

static const ir_func *func_of_op(const ir_module *m, const ir_op *fop) {
  for (uint32_t i = 0; i < m->n_funcs; i++)
    if (m->funcs[i]->op == fop) return m->funcs[i];
  return NULL;
}

/* A function argument: the operand of the innermost call of the walk's call stack to that
 * function (ir_view_origin resolves views, captures and loop-carried values itself). */
static const ir_value *call_arg(void *ud, const ir_value *v) {
  const tp_walk *w = ud;
  const ir_region *rg = v->block ? v->block->parent : NULL;
  const ir_op *pop = rg ? rg->parent : NULL;
  if (!pop || pop->code != IR_OP_TT_FUNC || v->block != rg->blocks[0]) return NULL;
  const ir_func *f = func_of_op(w->pm->mod, pop);
  for (uint32_t i = w->n_calls; f && i-- > 0;) {
    const ir_attr *callee = ir_op_attr(w->calls[i], "callee");
    if (callee && callee->str && !strcmp(callee->str, f->name))
      return v->arg_idx < w->calls[i]->n_operands ? w->calls[i]->operands[v->arg_idx] : NULL;
  }
  return NULL;
}

/* The allocation a memdesc value views (following views and block arguments), or NULL. */
static const ir_op *root_alloc(const tp_walk *w, const ir_value *v) {
  return ir_view_origin(v, IR_VIEW_ALL | IR_VIEW_CAPTURES | IR_VIEW_LOOP_INIT, call_arg, (void *)w);
}

/* Bytes of a memdesc / tensor type (0 when unknown). */
static int64_t type_bytes(const ir_type *t) {
  if (!t || !t->elem) return 0;
  return ir_type_numel(t) * ir_type_elem_bytes(t->elem);
}

/* ------------------------------------------------------------------ model tables */

static bool is_barrier_alloc(const ir_op *a) {
  if (!a || a->code != IR_OP_TTG_LOCAL_ALLOC || a->n_results < 1) return false;
  const ir_type *t = a->results[0]->type;
  return t && t->kind == IR_T_MEMDESC && t->elem && t->elem->kind == IR_T_INT && t->elem->bits == 64;
}

static int ring_of(tp_walk *w, const ir_value *bar) {
  tp_model *pm = w->pm;
  const ir_op *a = root_alloc(w, bar);
  if (!is_barrier_alloc(a)) return -1;
  for (uint32_t i = 0; i < pm->n_rings; i++)
    if (pm->rings[i].alloc == a) return (int)i;
  if (pm->n_rings == TP_MAX_RINGS) {
    pm->truncated = true;
    return -1;
  }
  tp_ring *r = &pm->rings[pm->n_rings];
  memset(r, 0, sizeof *r);
  r->alloc = a;
  const ir_type *t = a->results[0]->type;
  snprintf(r->name, sizeof r->name, "%s", a->results[0]->name ? a->results[0]->name : "bar");
  r->size = t->rank >= 1 ? t->shape[0] : 1;
  r->loc = a->loc;
  return (int)pm->n_rings++;
}

static bool pred_is_dynamic(const ir_value *p) {
  int64_t c;
  return p && !(ir_value_const_int(p, &c) && c != 0);
}

/* Adds (or merges into) the edge of `kind` from lane to ring for op. */
static tp_edge *add_edge(tp_walk *w, int kind, uint32_t lane, int ring, const ir_op *op) {
  tp_model *pm = w->pm;
  if (ring < 0) return NULL;
  tp_edge *e = NULL;
  for (uint32_t i = 0; i < pm->n_edges && !e; i++)
    if (pm->edges[i].kind == kind && pm->edges[i].lane == lane && pm->edges[i].ring == ring)
      e = &pm->edges[i];
  if (!e) {
    if (pm->n_edges == TP_MAX_EDGES) {
      pm->truncated = true;
      return NULL;
    }
    e = &pm->edges[pm->n_edges++];
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->lane = (uint16_t)lane;
    e->ring = (uint16_t)ring;
  }
  e->n_ops++;
  if (op->loc.line && e->n_lines < TP_MAX_LOCS) {
    bool dup = false;
    for (uint32_t i = 0; i < e->n_lines; i++) dup |= e->lines[i] == op->loc.line;
    if (!dup) e->lines[e->n_lines++] = op->loc.line;
  }
  return e;
}

static void note_buf(tp_edge *e, const ir_op *alloc) {
  const char *name = alloc && alloc->n_results && alloc->results[0]->name ? alloc->results[0]->name : "?";
  if (strstr(e->bufs, name)) return;
  size_t len = strlen(e->bufs);
  snprintf(e->bufs + len, sizeof e->bufs - len, "%s%s", len ? ", " : "", name);
}

/* ------------------------------------------------------------------ visiting ops */

static void visit_async_tx(tp_walk *w, uint32_t lane, const ir_op *op, const char *bar_seg,
                           int64_t bytes, const ir_value *dst) {
  uint32_t nb = seg_len(op, bar_seg);
  for (uint32_t j = 0; j < nb; j++) {
    int r = ring_of(w, seg_val(op, bar_seg, j));
    tp_edge *e = add_edge(w, TP_TMA, lane, r, op);
    if (!e) continue;
    e->bytes += bytes;
    e->unknown |= bytes <= 0;
    if (dst) note_buf(e, root_alloc(w, dst));
    w->pm->rings[r].async_bytes += bytes;
    w->pm->rings[r].has_tx = true;
  }
}

/* An arrival-type op (expect, arrive, async arrive): counts into the ring's estimate. */
static void visit_arrival(tp_walk *w, uint32_t lane, const ir_op *op, int kind, const ir_value *bar,
                          int64_t count, bool count_known, const ir_value *pred) {
  int r = ring_of(w, bar);
  tp_edge *e = add_edge(w, kind, lane, r, op);
  if (!e) return;
  e->count += count;
  e->unknown |= !count_known;
  e->predicated |= pred_is_dynamic(pred);
  w->pm->rings[r].arrivals += count;
  w->pm->rings[r].arrivals_unknown |= !count_known;
}

static void visit_op(tp_walk *w, uint32_t lane, const ir_op *op) {
  tp_model *pm = w->pm;
  tp_lane *L = &pm->lanes[lane];
  bool counted = true;
  switch (op->code) {
  case IR_OP_TTNG_INIT_BARRIER:
  case IR_OP_AMDG_INIT_BARRIER: {
    int r = ring_of(w, seg_val(op, "alloc", 0));
    if (r < 0) break;
    tp_ring *R = &pm->rings[r];
    const ir_attr *c = ir_op_attr(op, "count");
    if (!c || c->kind != IR_A_INT) {
      R->count_unknown = true;
    } else {
      if (!R->n_init || c->ival < R->count_lo) R->count_lo = c->ival;
      if (!R->n_init || c->ival > R->count_hi) R->count_hi = c->ival;
    }
    R->n_init++;
    break;
  }
  case IR_OP_TTNG_INVAL_BARRIER:
    add_edge(w, TP_INVAL, lane, ring_of(w, seg_val(op, "alloc", 0)), op);
    break;
  case IR_OP_TTNG_WAIT_BARRIER:
  case IR_OP_AMDG_WAIT_BARRIER: {
    int r = ring_of(w, seg_val(op, "alloc", 0));
    tp_edge *e = add_edge(w, TP_WAIT, lane, r, op);
    if (e) {
      e->predicated |= pred_is_dynamic(seg_val(op, "pred", 0));
      pm->rings[r].n_waits++;
    }
    break;
  }
  case IR_OP_TTNG_ARRIVE_BARRIER:
  case IR_OP_AMDG_ARRIVE_BARRIER: {
    const ir_attr *c = ir_op_attr(op, "count");
    int64_t n = c && c->kind == IR_A_INT ? c->ival : 1;
    /* perThread: every thread of the partition arrives (tlx-ir.md §1.2) */
    if (ir_op_has_attr(op, "perThread")) n *= (int64_t)(L->warps > 0 ? L->warps : 1) * w->tpw;
    visit_arrival(w, lane, op, TP_ARRIVE, seg_val(op, "alloc", 0), n, !c || c->kind == IR_A_INT,
                  seg_val(op, "pred", 0));
    break;
  }
  case IR_OP_TTNG_BARRIER_EXPECT: {
    /* arrive.expect_tx: one arrival plus tx += size (semantics.md §1.2) */
    int r = ring_of(w, seg_val(op, "alloc", 0));
    tp_edge *e = add_edge(w, TP_EXPECT, lane, r, op);
    if (!e) break;
    const ir_attr *sz = ir_op_attr(op, "size");
    int64_t b = sz && sz->kind == IR_A_INT ? sz->ival : 0;
    e->bytes += b;
    e->count += 1;
    e->unknown |= !sz;
    e->predicated |= pred_is_dynamic(seg_val(op, "pred", 0));
    pm->rings[r].expect_bytes += b;
    pm->rings[r].arrivals += 1;
    pm->rings[r].has_tx = true;
    break;
  }
  case IR_OP_TTNG_TMA_G2L:
  case IR_OP_TTNG_TMA_GATHER:
  case IR_OP_AMDG_TDM_G2L: {
    const ir_value *dst = seg_val(op, "result", 0);
    int64_t b = dst ? type_bytes(dst->type) : 0;
    visit_async_tx(w, lane, op, "barrier", b, dst);
    break;
  }
  case IR_OP_TTG_ASYNC_COPY_G2L: {
    int64_t b = 0;
    const ir_value *bs = seg_val(op, "bulk_size", 0);
    if (bs) ir_value_const_int(bs, &b);
    visit_async_tx(w, lane, op, "barrier", b, seg_val(op, "result", 0));
    break;
  }
  case IR_OP_TTG_ASYNC_REMOTE_SHMEM_STORE:
  case IR_OP_TTG_ASYNC_REMOTE_SHMEM_COPY: {
    const ir_value *dst = seg_val(op, "dst", 0);
    visit_async_tx(w, lane, op, "barrier", dst ? type_bytes(dst->type) : 0, dst);
    break;
  }
  case IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL:
  case IR_OP_TTNG_CLC_TRY_CANCEL:
    visit_async_tx(w, lane, op, "barrier", 16, seg_val(op, "result", 0)); /* 16-byte response */
    break;
  case IR_OP_TTNG_TC_GEN5_MMA:
  case IR_OP_TTNG_TC_GEN5_MMA_SCALED: {
    /* completion arrives (count 1) on each listed barrier (tlx-ir.md §1.6) */
    uint32_t nb = seg_len(op, "barriers");
    for (uint32_t j = 0; j < nb; j++)
      visit_arrival(w, lane, op, TP_MMA, seg_val(op, "barriers", j), 1, true,
                    seg_val(op, "barrier_preds", j));
    if (!nb) L->n_mma++;
    break;
  }
  case IR_OP_TTNG_TC_GEN5_COMMIT:
    visit_arrival(w, lane, op, TP_COMMIT, seg_val(op, "barrier", 0), 1, true, seg_val(op, "pred", 0));
    break;
  case IR_OP_TTNG_TMEM_COPY:
    if (seg_val(op, "barrier", 0))
      visit_arrival(w, lane, op, TP_COMMIT, seg_val(op, "barrier", 0), 1, true, NULL);
    break;
  case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE:
    visit_arrival(w, lane, op, TP_CP_ARRIVE, seg_val(op, "barrier", 0), 1, true, NULL);
    break;
  case IR_OP_TTNG_TMA_L2G:
  case IR_OP_TTNG_TMA_REDUCE:
  case IR_OP_TTNG_TMA_SCATTER:
    L->n_tma_store++;
    break;
  case IR_OP_TTNG_WARP_GROUP_DOT:
    L->n_mma++;
    break;
  default:
    counted = tr_op_is_async_wait(op);
    if (counted) L->n_async_wait++;
    break;
  }
  if (counted && op->loc.line && op->loc.file) {
    if (!L->line_lo || op->loc.line < L->line_lo) L->line_lo = op->loc.line;
    if (op->loc.line > L->line_hi) L->line_hi = op->loc.line;
    L->file = op->loc.file;
    if (!pm->file) pm->file = op->loc.file;
    L->n_ops++;
  }
}

static uint32_t add_lane(tp_walk *w, const char *name, int32_t warps) {
  tp_model *pm = w->pm;
  if (pm->n_lanes == TP_MAX_LANES) {
    pm->truncated = true;
    return pm->n_lanes - 1;
  }
  tp_lane *L = &pm->lanes[pm->n_lanes];
  memset(L, 0, sizeof *L);
  if (w->n_ws > 1)
    snprintf(L->name, sizeof L->name, "ws%u.%s", w->ws_seen, name);
  else
    snprintf(L->name, sizeof L->name, "%s", name);
  L->warps = warps;
  return pm->n_lanes++;
}

static void walk_region(tp_walk *w, uint32_t lane, const ir_region *rg);

static void walk_op(tp_walk *w, uint32_t lane, const ir_op *op) {
  if (op->code == IR_OP_TTG_WARP_SPECIALIZE) {
    w->ws_seen++;
    int32_t nw = (int32_t)ir_module_attr_int(w->pm->mod, "ttg.num-warps", 0);
    for (uint32_t r = 0; r < op->n_regions; r++) {
      const ir_region *rg = op->regions[r];
      if (rg->blocks && rg->n_blocks && rg->blocks[0]->first &&
          rg->blocks[0]->first->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) {
        /* generic form: the partitions sit in a nested op's regions */
        walk_op(w, lane, rg->blocks[0]->first);
        continue;
      }
      const char *label = rg->label ? rg->label : (r == 0 ? "default" : "partition");
      uint32_t l = add_lane(w, label, rg->num_warps ? rg->num_warps : (r == 0 ? nw : 0));
      walk_region(w, l, rg);
    }
    return;
  }
  if (op->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) {
    for (uint32_t r = 0; r < op->n_regions; r++) {
      char name[32];
      snprintf(name, sizeof name, "partition%u", r);
      const ir_region *rg = op->regions[r];
      uint32_t l = add_lane(w, rg->label ? rg->label : name, rg->num_warps);
      walk_region(w, l, rg);
    }
    return;
  }
  if (op->code == IR_OP_TT_CALL && w->n_calls < TP_MAX_CALLS) {
    const ir_attr *callee = ir_op_attr(op, "callee");
    const ir_func *f = callee && callee->str ? ir_module_func(w->pm->mod, callee->str) : NULL;
    bool recursive = false;
    for (uint32_t i = 0; i < w->n_calls; i++) recursive |= w->calls[i] == op;
    if (f && !recursive && f->op->n_regions) {
      w->calls[w->n_calls++] = op;
      walk_region(w, lane, f->op->regions[0]);
      w->n_calls--;
    }
    return;
  }
  visit_op(w, lane, op);
  for (uint32_t r = 0; r < op->n_regions; r++) walk_region(w, lane, op->regions[r]);
}

static void walk_region(tp_walk *w, uint32_t lane, const ir_region *rg) {
  for (uint32_t b = 0; b < rg->n_blocks; b++)
    for (const ir_op *op = rg->blocks[b]->first; op; op = op->next) walk_op(w, lane, op);
}

static uint32_t count_ws(const ir_region *rg) {
  uint32_t n = 0;
  for (uint32_t b = 0; b < rg->n_blocks; b++)
    for (const ir_op *op = rg->blocks[b]->first; op; op = op->next) {
      n += op->code == IR_OP_TTG_WARP_SPECIALIZE;
      for (uint32_t r = 0; r < op->n_regions; r++) n += count_ws(op->regions[r]);
    }
  return n;
}

int tp_build(tp_model *pm, const ir_module *mod, const ir_func *fn, tr_err *err) {
  memset(pm, 0, sizeof *pm);
  pm->mod = mod;
  if (!fn) fn = ir_module_kernel(mod);
  if (!fn || !fn->op || !fn->op->n_regions)
    return tr_errf(err, "%s: error: no kernel function to draw; pass a module with a tt.func",
                   mod->filename ? mod->filename : "<input>");
  pm->fn = fn;
  tp_walk w = {.pm = pm, .tpw = (int32_t)ir_module_attr_int(mod, "ttg.threads-per-warp", 32)};
  w.n_ws = count_ws(fn->op->regions[0]);
  add_lane(&w, "kernel", (int32_t)ir_module_attr_int(mod, "ttg.num-warps", 0));
  walk_region(&w, 0, fn->op->regions[0]);
  return 0;
}

int tp_ring_problem(const tp_model *pm, uint32_t r, char *buf, size_t n) {
  const tp_ring *R = &pm->rings[r];
  buf[0] = 0;
  if (!R->n_init) {
    snprintf(buf, n, "never initialised");
    return TP_P_NOINIT;
  }
  if (R->n_waits && !R->arrivals && !R->has_tx) {
    snprintf(buf, n, "waited on, but nobody arrives on it");
    return TP_P_NOARRIVE;
  }
  if (!R->arrivals_unknown && !R->count_unknown && R->arrivals &&
      (R->arrivals != R->count_lo || R->count_lo != R->count_hi)) {
    snprintf(buf, n, "%lld arrival%s per phase, init count %lld", (long long)R->arrivals,
             R->arrivals == 1 ? "" : "s", (long long)R->count_hi);
    return TP_P_COUNT;
  }
  if (R->has_tx && R->expect_bytes != R->async_bytes) {
    snprintf(buf, n, "expects %lld B per phase, async copies deliver %lld B",
             (long long)R->expect_bytes, (long long)R->async_bytes);
    return TP_P_BYTES;
  }
  return TP_P_NONE;
}
