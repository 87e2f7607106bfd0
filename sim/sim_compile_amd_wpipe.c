/* sim_compile_amd_wpipe.c: Triton's AMD warp pipelines (gfx942 / gfx950), expanded as Triton's
 * ConvertWarpPipeline pass does at LLVM lowering, so that the model checks the barriers that
 * pass chooses. Sources (read, not copied): facebookexperimental/triton (TLX fork, db4666f)
 * third_party/amd/lib/TritonAMDGPUTransforms/WarpPipeliner.cpp (the border markers become
 * stages) and third_party/amd/lib/TritonAMDGPUToLLVM/ConvertWarpPipeline.cpp (the barriers);
 * semantics.md §8.1 "warp pipelining".
 *
 * A pipeline is a sequence of clusters (stages): the scf.execute_region ops tagged
 * `triton.warp_pipeline.stage` of an scf.for tagged `triton.warp_pipeline.pipelined_for` (a
 * loop pipeline), or of a function's top-level block (a flat pipeline), or the op runs between
 * `rocdl.sched.barrier {triton.warp_pipeline.border}` markers (WarpPipeliner's input form, in
 * a loop body or the function's top-level block). Between clusters only a pre-existing wait or
 * barrier may sit. ConvertWarpPipeline then emits:
 *   prelude   ttg.barrier local; cond_barrier(warpHigh)   warpHigh = tid / (4 * 64) != 0: the
 *             waves of the high group pass one s_barrier generation early, so the two groups run
 *             one stage apart ("phase shift")
 *   cluster i one barrier before it (i = 0 of a loop: before the yield, the wrap-around), a
 *             LOCAL one (lgkmcnt(0) + s_barrier) where an LDS dependency needs it, else a raw
 *             s_barrier; a pre-existing wait / barrier there takes the slot (no new barrier)
 *   postlude  cond_barrier(warpLow) (reconverge)
 * The LOCAL slots come from analyzePipelineDependencies: for every ordered pair of clusters
 * (src, dst) at distance 1..N (circular for loops, so iteration i's cluster feeds iteration
 * i+1's; linear for flat pipelines) whose LDS accesses intersect (read-write, write-read,
 * write-write, by allocation, narrowed by a constant memdesc_index and by static subslice
 * offsets as Membar's AllocationSlice does; the AMD membar filter drops an async copy's write
 * -> a local_load marked ttg.amdg.syncedViaAsyncWait), unless a LOCAL slot already lies in
 * (src, loc], slot loc = dst (distance 1) or dst - 1 becomes LOCAL. Back-to-back pipelines
 * (a loop pipeline directly followed by another pipeline) lose the postlude, prelude barrier
 * and phase shift between them when no cross-pipeline pair is left uncovered
 * (eliminateRedundantCondBarriers). The model then runs the expanded kernel; a race it finds
 * is a barrier the pass should have made LOCAL. MODEL: scratch buffers of conversions are
 * not in the analysis (ConvertWarpPipeline reads memory effects only, as here). */
#include <stdlib.h>
#include <string.h>

#include "sim_amd.h"
#include "sim_size.h"
#include "ir/ir_alloc.h"

#define WP_MAX 64 /* clusters per pipeline */

/* One pipeline. */
typedef struct wp_pipe {
  bool loop;                    /* a loop pipeline (circular) */
  const ir_op *for_op;          /* loop: the scf.for */
  const ir_op *start;           /* the pipeline's first op: the prelude goes before it */
  const ir_op *after;           /* the op after it: the postlude goes before it (NULL: none) */
  int n;                        /* clusters */
  const ir_op *first[WP_MAX];   /* cluster i = ops first[i] .. last[i] of one block (an */
  const ir_op *last[WP_MAX];    /*   execute_region is one op), NULL for an empty cluster */
  const ir_op *anchor[WP_MAX];  /* the op cluster i's barrier goes before */
  const ir_op *existing[WP_MAX + 1]; /* a pre-existing wait / barrier at slot i (WP_MAX: none) */
  bool bars[WP_MAX];            /* slot i is LOCAL */
  bool keep_prelude, keep_postlude;
} wp_pipe;

/* An LDS access of a cluster, as one slice of Membar's analysis. */
typedef struct wp_acc {
  uint64_t roots;               /* allocations (sim_amd_bufs bits) */
  int64_t idx;                  /* constant memdesc_index into the single root, -1 = whole */
  bool sub;                     /* static subslice offsets known */
  int rank;
  int64_t off[IR_MAX_RANK], shape[IR_MAX_RANK];
  const ir_attr *enc;
  uint8_t kind;                 /* 'r', 'w', 'a' (async write: direct-to-LDS copy) */
  bool synced;                  /* a local_load marked ttg.amdg.syncedViaAsyncWait */
} wp_acc;

typedef struct wp_accs {
  wp_acc *a;
  uint32_t n, cap;
} wp_accs;

typedef struct wp_ctx {
  sim_machine *m;
  sim_err *err;
  sim_amd_bufs bufs;
  wp_pipe *p;                   /* pipelines found */
  uint32_t np, capp;
  int rc;
} wp_ctx;

/* ------------------------------------------------------------------ op classes */

static bool is_border(const ir_op *op) {
  return op->code == IR_OP_ROCDL_SCHED_BARRIER && sim_compile_amd_has(op, SIM_AMD_WP_BORDER);
}
static bool is_stage(const ir_op *op) {
  return op && op->code == IR_OP_SCF_EXECUTE_REGION && sim_compile_amd_has(op, SIM_AMD_WP_STAGE);
}
/* ConvertWarpPipeline's isWarpPipelineIgnorableBarrier: may sit between clusters. */
static bool is_ignorable(const ir_op *op) {
  switch (op->code) {
  case IR_OP_GPU_BARRIER: case IR_OP_TTG_ASYNC_WAIT: case IR_OP_AMDG_ASYNC_WAIT: case IR_OP_AMDG_TDM_WAIT:
    return true;
  default: return false;
  }
}
/* WarpPipeliner's canSitBetweenStages (its input form): also ttg.barrier. */
static bool can_sit_between(const ir_op *op) { return is_ignorable(op) || op->code == IR_OP_TTG_BARRIER; }
static bool is_loop(const ir_op *op) { return op->code == IR_OP_SCF_FOR || op->code == IR_OP_SCF_WHILE; }
/* triton::isPureScalarOp: scalar arithmetic (WarpPipeliner moves these past a wait). */
static bool is_pure_scalar(const ir_op *op) {
  if (ir_ops[op->code].cls != IR_C_SCALAR || op->n_regions) return false;
  for (uint32_t k = 0; k < op->n_results; k++)
    if (op->results[k]->type->kind == IR_T_TENSOR) return false;
  return true;
}
static bool is_meta(const ir_op *op) { return ir_ops[op->code].cls == IR_C_META && !is_border(op); }

static int wp_fail(wp_ctx *c, const ir_op *op, const char *what) {
  if (!c->rc)
    sim_errf(c->err, c->m, op, "malformed warp pipeline: %s (Triton's WarpPipeliner / ConvertWarpPipeline "
             "reject it too)", what);
  c->rc = -1;
  return -1;
}

static wp_pipe *new_pipe(wp_ctx *c) {
  c->p = ir_grow(c->p, &c->capp, c->np + 1, sizeof *c->p);
  wp_pipe *p = &c->p[c->np++];
  memset(p, 0, sizeof *p);
  p->keep_prelude = p->keep_postlude = true;
  return p;
}

static void add_cluster(wp_ctx *c, wp_pipe *p, const ir_op *first, const ir_op *last, const ir_op *anchor) {
  if (p->n == WP_MAX) {
    wp_fail(c, anchor, "more than 64 stages");
    return;
  }
  p->first[p->n] = first;
  p->last[p->n] = last;
  p->anchor[p->n] = anchor;
  p->n++;
}

/* ------------------------------------------------------------------ finding pipelines */

/* The loop body of a pipelined_for: stages, ignorable barriers, the yield
 * (validatePipelinedForBody). */
static void loop_exec_form(wp_ctx *c, const ir_op *fop) {
  const ir_block *b = fop->regions[0]->blocks[0];
  wp_pipe *p = new_pipe(c);
  p->loop = true;
  p->for_op = p->start = fop;
  p->after = fop->next;
  for (const ir_op *op = b->first; op; op = op->next) {
    if (op->code == IR_OP_SCF_EXECUTE_REGION) {
      if (!is_stage(op)) {
        wp_fail(c, op, "an scf.execute_region without triton.warp_pipeline.stage in a pipelined_for body");
        return;
      }
      add_cluster(c, p, op, op, op);
    } else if (is_ignorable(op)) {
      if (p->existing[p->n]) {
        wp_fail(c, op, "two pre-existing barriers between the same stages");
        return;
      }
      p->existing[p->n] = op;
    } else if (op->code != IR_OP_SCF_YIELD && !is_meta(op)) {
      wp_fail(c, op, "an op other than stages and barrier / wait ops in a pipelined_for body");
      return;
    }
  }
  if (p->n < 2) wp_fail(c, fop, "a pipelined_for body with fewer than two stages");
  if (p->existing[0] && p->existing[p->n]) wp_fail(c, fop, "both top-of-loop and bottom-of-loop barriers");
}

/* Clusters between border markers, from op `from` on (WarpPipeliner createPipeline /
 * createFlatPipeline): a border closes a cluster (an empty one too: a bubble); a wait or
 * barrier may only sit between clusters (pure scalar ops before it move past it); the ops
 * after the last border form the last cluster of a loop, and end a flat pipeline. */
static void border_form(wp_ctx *c, wp_pipe *p, const ir_op *from, const ir_op *last_border) {
  const ir_op *first = NULL, *last = NULL;
  bool only_scalars = true;
  for (const ir_op *op = from; op; op = op->next) {
    if (is_border(op)) {
      add_cluster(c, p, first, last, first ? first : op);
      first = last = NULL;
      only_scalars = true;
      if (op == last_border) {
        p->after = op->next;
        return;
      }
      continue;
    }
    if (can_sit_between(op)) {
      if (first && !only_scalars) {
        wp_fail(c, op, "a barrier or wait op inside a warp_pipeline_stage region");
        return;
      }
      if (op->code == IR_OP_TTG_BARRIER) {
        /* WarpPipeliner lets it through, ConvertWarpPipeline's validation does not */
        wp_fail(c, op, "a ttg.barrier between pipeline stages");
        return;
      }
      p->existing[p->n] = op;
      first = last = NULL; /* the pure scalars before it join the next cluster */
      continue;
    }
    if (is_loop(op)) {
      wp_fail(c, op, "a loop inside a warp_pipeline_stage region");
      return;
    }
    if (op->code == IR_OP_SCF_YIELD) break;
    if (is_meta(op) && !first) continue;
    if (!first) first = op;
    last = op;
    only_scalars &= is_pure_scalar(op);
  }
  if (first) add_cluster(c, p, first, last, first); /* "last_cluster" */
}

static void loop_border_form(wp_ctx *c, const ir_op *fop) {
  wp_pipe *p = new_pipe(c);
  p->loop = true;
  p->for_op = p->start = fop;
  border_form(c, p, fop->regions[0]->blocks[0]->first, NULL);
  p->after = fop->next;
  if (!c->rc && p->n < 2) wp_fail(c, fop, "warp_pipeline_stage borders that make fewer than two stages");
}

/* Flat pipelines of the function's top-level block: a run of stage execute_regions (ignorable
 * barriers between them), or the ops between the block's border markers. */
static void flat_forms(wp_ctx *c, const ir_block *b) {
  const ir_op *first_border = NULL, *last_border = NULL;
  int nborders = 0;
  for (const ir_op *op = b->first; op; op = op->next)
    if (is_border(op)) {
      if (!first_border) first_border = op;
      last_border = op;
      nborders++;
    }
  if (nborders == 1) {
    wp_fail(c, first_border, "a flat warp pipeline needs at least two borders");
    return;
  }
  if (nborders >= 2) {
    const ir_op *start = first_border;
    for (const ir_op *op = b->first; op && op != first_border; op = op->next) {
      /* the region starts after the last loop / cond_barrier / wait before the first border */
      if (is_loop(op) || op->code == IR_OP_AMDG_COND_BARRIER || can_sit_between(op)) start = NULL;
      else if (!start) start = op;
    }
    if (!start) start = first_border;
    wp_pipe *p = new_pipe(c);
    p->start = start;
    border_form(c, p, start, last_border);
    if (!c->rc && p->n < 2) wp_fail(c, first_border, "warp_pipeline_stage borders that make fewer than two stages");
    return;
  }
  /* runs of stage execute_regions, split at anything that is neither a stage nor ignorable;
   * the postlude follows the run's last stage */
  wp_pipe *p = NULL;
  const ir_op *pend = NULL; /* an ignorable barrier after the last stage of the run */
  for (const ir_op *op = b->first;; op = op->next) {
    if (op && is_stage(op)) {
      if (!p) {
        p = new_pipe(c);
        p->start = op;
      } else if (pend) {
        p->existing[p->n] = pend;
      }
      pend = NULL;
      add_cluster(c, p, op, op, op);
      p->after = op->next;
      continue;
    }
    if (op && (is_ignorable(op) || is_meta(op))) {
      if (p && is_ignorable(op) && !pend) pend = op;
      continue;
    }
    if (p && p->n < 2) c->np--; /* a single stage is no pipeline: left alone */
    p = NULL;
    pend = NULL;
    if (!op) break;
  }
}

static void find_loops(wp_ctx *c, const ir_block *b) {
  for (const ir_op *op = b->first; op && !c->rc; op = op->next) {
    if (op->code == IR_OP_SCF_FOR && op->n_regions && op->regions[0]->n_blocks) {
      const ir_block *body = op->regions[0]->blocks[0];
      bool borders = false;
      for (const ir_op *x = body->first; x; x = x->next) borders |= is_border(x);
      if (sim_compile_amd_has(op, SIM_AMD_PIPELINED_FOR)) loop_exec_form(c, op);
      else if (borders) loop_border_form(c, op);
    }
    for (uint32_t r = 0; r < op->n_regions; r++)
      for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++) find_loops(c, op->regions[r]->blocks[k]);
  }
}

/* ------------------------------------------------------------------ LDS accesses */

/* The slice of memdesc v (Membar.cpp AllocationSlice: narrowIntervalForSubview, and the
 * subslice offsets when the subslice views the whole allocation shape). */
static void slice_of(wp_ctx *c, const ir_value *v, wp_acc *a) {
  a->roots = sim_amd_roots(&c->bufs, v);
  a->idx = -1;
  const ir_op *ix = ir_view_origin(v, IR_VIEW_ALL | IR_VIEW_STOP_INDEX, NULL, NULL);
  int64_t slot;
  if (ix && ix->code == IR_OP_TTG_MEMDESC_INDEX && ix->n_operands > 1 &&
      ir_value_const_int(ix->operands[1], &slot) && __builtin_popcountll(a->roots) == 1)
    a->idx = slot;
  const ir_type *t = v->type;
  const ir_op *d = v->def;
  if (d && d->code == IR_OP_TTG_MEMDESC_SUBSLICE && d->n_operands && t->kind == IR_T_MEMDESC) {
    const ir_type *st = d->operands[0]->type;
    const int64_t *off = NULL;
    bool same = t->alloc_rank == st->rank && sim_compile_dense_ints(d, "offsets", &off) == t->rank;
    for (int k = 0; same && k < st->rank; k++) same = t->alloc_shape[k] == st->shape[k];
    if (same) {
      a->sub = true;
      a->rank = t->rank;
      a->enc = t->enc;
      for (int k = 0; k < t->rank; k++) a->off[k] = off[k], a->shape[k] = t->shape[k];
    }
  }
}

static void add_acc(wp_ctx *c, wp_accs *s, const ir_value *v, uint8_t kind, bool synced) {
  if (!v) return;
  s->a = ir_grow(s->a, &s->cap, s->n + 1, sizeof *s->a);
  wp_acc *a = &s->a[s->n++];
  memset(a, 0, sizeof *a);
  slice_of(c, v, a);
  a->kind = kind;
  a->synced = synced;
}

/* The LDS accesses of op and of the ops nested in it (buildBlockInfoFromBlock walks them). */
static void accesses(wp_ctx *c, const ir_op *op, wp_accs *s) {
  switch (op->code) {
  case IR_OP_TTG_LOCAL_LOAD:
    add_acc(c, s, op->operands[0], 'r', sim_compile_amd_has(op, SIM_AMD_SYNCED_ASYNC_WAIT));
    break;
  case IR_OP_TTG_LOCAL_STORE: add_acc(c, s, op->operands[1], 'w', false); break;
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW: add_acc(c, s, op->operands[0], 'w', false); break;
  case IR_OP_TTG_LOCAL_ALLOC: if (op->n_operands) add_acc(c, s, op->results[0], 'w', false); break;
  case IR_OP_TTG_ASYNC_COPY_G2L: add_acc(c, s, sim_compile_seg0(op, 1), 'a', false); break;
  case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL: add_acc(c, s, sim_compile_seg0(op, 2), 'a', false); break;
  default: break;
  }
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++)
      for (const ir_op *x = op->regions[r]->blocks[k]->first; x; x = x->next) accesses(c, x, s);
}

static void cluster_accesses(wp_ctx *c, const wp_pipe *p, int i, wp_accs *s) {
  if (!p->first[i]) return;
  for (const ir_op *op = p->first[i];; op = op->next) {
    accesses(c, op, s);
    if (op == p->last[i]) break;
  }
}

/* AllocationSlice::intersects over the allocation bits. */
static bool slices_meet(const wp_acc *x, const wp_acc *y) {
  if (!sim_amd_meets(x->roots, y->roots)) return false;
  if (x->idx >= 0 && y->idx >= 0 && x->roots == y->roots && x->idx != y->idx) return false;
  if (x->sub && y->sub && x->enc == y->enc && x->rank == y->rank)
    for (int k = 0; k < x->rank; k++)
      if (x->off[k] + x->shape[k] <= y->off[k] || y->off[k] + y->shape[k] <= x->off[k]) return false;
  return true;
}

/* BlockInfo::isIntersected with the AMD membar filter: RAW, WAR or WAW between src and dst. */
static bool clusters_meet(const wp_accs *src, const wp_accs *dst) {
  for (uint32_t i = 0; i < src->n; i++)
    for (uint32_t j = 0; j < dst->n; j++) {
      const wp_acc *x = &src->a[i], *y = &dst->a[j];
      if (x->kind == 'r' && y->kind == 'r') continue;
      if (!slices_meet(x, y)) continue;
      /* MembarUtility.cpp filterAsyncLocalLoadsDependencies: an async copy's write, then a
       * local_load synced by the async wait of the same buffer */
      if (x->kind == 'a' && y->kind == 'r' && y->synced && (x->roots & y->roots)) continue;
      return true;
    }
  return false;
}

/* analyzePipelineDependencies: marks p->bars. */
static void analyze(const wp_pipe *p, const wp_accs *acc, bool *bars) {
  int n = p->n, maxd = p->loop ? n : n - 1;
  for (int dist = 1; dist <= maxd; dist++) {
    int src_end = p->loop ? n : n - dist;
    for (int src = 0; src < src_end; src++) {
      int dst = (src + dist) % n;
      int loc = dist == 1 ? dst : ((dst - 1) % n + n) % n;
      bool covered = false;
      for (int i = src + 1;; i++) {
        int k = p->loop ? i % n : i;
        if (bars[k]) {
          covered = true;
          break;
        }
        if (k == loc) break;
      }
      if (!covered && clusters_meet(&acc[src], &acc[dst])) bars[loc] = true;
    }
  }
}

/* isCrossPipelineSafe for loop pipeline a followed by pipeline b: every cross pair (a_i, b_j)
 * of the merged linear schedule meets a LOCAL slot in (src, loc]. The materialized LOCAL
 * barriers: a's (its wrap-around slot only when it sits before the yield), then the boundary
 * seeded by a's wrap-around, then b's from its second cluster on. A pre-existing barrier
 * counts only if it is a LOCAL ttg.barrier, which the pipelines do not allow: none does. */
static bool cross_safe(const wp_pipe *a, const wp_accs *aacc, const wp_pipe *b, const wp_accs *bacc) {
  int K = a->n, M = b->n;
  bool merged[2 * WP_MAX + 1] = {false};
  for (int i = 0; i < K; i++) merged[i] = a->bars[i] && !a->existing[i];
  merged[0] = a->bars[0] && !a->existing[0] && !a->existing[K];
  merged[K] = merged[0];
  for (int i = 1; i < M; i++) merged[K + i] = b->bars[i] && !b->existing[i];
  for (int i = 0; i < K; i++)
    for (int j = 0; j < M; j++) {
      int src = i, dst = K + j, dist = dst - src, loc = dist == 1 ? dst : dst - 1;
      bool covered = false;
      for (int k = src + 1; k <= loc && !covered; k++) covered = merged[k];
      if (!covered && clusters_meet(&aacc[i], &bacc[j])) return false;
    }
  return true;
}

/* ------------------------------------------------------------------ marking */

static void mark_inside(sim_machine *m, const ir_op *op) {
  if (op->id < m->fn->n_ops) m->amd_wp[op->id] |= SIM_WP_INSIDE;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++)
      for (const ir_op *x = op->regions[r]->blocks[k]->first; x; x = x->next) mark_inside(m, x);
}

static void mark(sim_machine *m, const ir_op *op, uint8_t f) {
  if (op && op->id < m->fn->n_ops) m->amd_wp[op->id] |= f;
}

static void place(sim_machine *m, const wp_pipe *p) {
  if (p->keep_prelude) mark(m, p->start, SIM_WP_PRE_LOCAL | SIM_WP_CBAR_HIGH);
  if (p->keep_postlude && p->after) mark(m, p->after, SIM_WP_CBAR_LOW);
  /* everything from the first to the last cluster (and the loop) pairs barriers in phase */
  if (p->loop) {
    mark_inside(m, p->for_op);
    m->amd_wp[p->for_op->id] &= (uint8_t)~SIM_WP_INSIDE; /* the loop op itself: its prelude is outside */
  } else {
    for (const ir_op *op = p->start; op && op != p->after; op = op->next) mark_inside(m, op);
  }
  for (int i = 0; i < p->n; i++) {
    if (p->existing[i] || (p->loop && i == 0 && p->existing[p->n])) continue; /* the wait takes the slot */
    if (!p->loop && i == 0) continue; /* a flat pipeline has no slot before its first cluster */
    uint8_t f = p->bars[i] ? SIM_WP_BAR_LOCAL : SIM_WP_BAR_RAW;
    const ir_op *at = p->anchor[i];
    if (p->loop && i == 0) at = p->for_op->regions[0]->blocks[0]->last; /* the wrap-around, before the yield */
    mark(m, at, f);
  }
}

int sim_amd_wpipe(sim_machine *m, sim_err *err) {
  wp_ctx c = {.m = m, .err = err};
  const ir_block *body = m->fn->op && m->fn->op->n_regions && m->fn->op->regions[0]->n_blocks
                             ? m->fn->op->regions[0]->blocks[0] : NULL;
  if (!body) return 0;
  find_loops(&c, body);
  if (!c.rc) flat_forms(&c, body);
  if (c.rc || !c.np) {
    free(c.p);
    return c.rc;
  }
  wp_accs **acc = ir_xcalloc(c.np, sizeof *acc);
  for (uint32_t k = 0; k < c.np; k++) {
    wp_pipe *p = &c.p[k];
    acc[k] = ir_xcalloc((size_t)p->n, sizeof *acc[k]);
    for (int i = 0; i < p->n; i++) cluster_accesses(&c, p, i, &acc[k][i]);
    analyze(p, acc[k], p->bars);
  }
  /* back-to-back: a loop pipeline whose next op (past s_setprio / sched markers) starts the
   * next pipeline of the same block */
  for (uint32_t k = 0; k < c.np; k++) {
    wp_pipe *a = &c.p[k];
    /* only in the function's top-level block (the pass looks for the cond_barriers there) */
    if (!a->loop || !a->keep_postlude || a->for_op->parent != body) continue;
    const ir_op *n = a->after;
    while (n && is_meta(n)) n = n->next;
    for (uint32_t j = 0; n && j < c.np; j++) {
      wp_pipe *b = &c.p[j];
      if (j == k || b->start != n || !b->keep_prelude) continue;
      if (cross_safe(a, acc[k], b, acc[j])) a->keep_postlude = b->keep_prelude = false;
    }
  }
  m->amd_wp = ir_xcalloc(m->fn->n_ops + 1, 1);
  for (uint32_t k = 0; k < c.np; k++) place(m, &c.p[k]);
  for (uint32_t k = 0; k < c.np; k++) {
    for (int i = 0; i < c.p[k].n; i++) free(acc[k][i].a);
    free(acc[k]);
  }
  free(acc);
  free(c.p);
  return 0;
}
