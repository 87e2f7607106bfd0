/* sim_compile_amd_waves.c: what in an AMD kernel depends on which wave runs it (semantics.md §8.2):
 * the values computed from the thread id, the control flow they steer (a barrier inside it is
 * in wave-divergent control flow: amd.barrier-divergent), and the wave classes that decide
 * which waves the model runs. In Triton's IR every scalar is uniform across the workgroup
 * except what is computed from the thread id (rocdl.workitem.id.x, gpu.thread_id), which only
 * the AMD passes insert: the block ping-pong's and the warp pipeline's wave groups
 * (BlockPingpong.cpp addAsymmetricSyncToLoop: tid / 256, then cond_barrier on == 0 / != 0). */
#include <assert.h>
#include <stdlib.h>

#include "sim_amd.h"
#include "sim_size.h"

/* The analysis state: one flag per IR value (wave-dependent) and per op (a control op whose
 * condition or bounds are wave-dependent). */
typedef struct wctx {
  const ir_func *fn;
  uint8_t *dep;                /* per value id */
  uint8_t *ctl;                /* per op id */
  bool changed;
} wctx;

static bool is_tid(ir_opcode c) { return c == IR_OP_ROCDL_WORKITEM_ID_X || c == IR_OP_GPU_THREAD_ID; }

static bool dep(const wctx *c, const ir_value *v) { return v && v->id < c->fn->n_values && c->dep[v->id]; }

static void set(wctx *c, const ir_value *v, bool d) {
  if (d && v && v->id < c->fn->n_values && !c->dep[v->id]) {
    c->dep[v->id] = 1;
    c->changed = true;
  }
}

static void set_ctl(wctx *c, const ir_op *op, bool d) {
  if (d && op->id < c->fn->n_ops && !c->ctl[op->id]) {
    c->ctl[op->id] = 1;
    c->changed = true;
  }
}

static bool any_operand(const wctx *c, const ir_op *op, uint32_t lo, uint32_t hi) {
  for (uint32_t k = lo; k < hi && k < op->n_operands; k++)
    if (dep(c, op->operands[k])) return true;
  return false;
}

/* Operand k of the terminator of region r's entry block (a yield), or NULL. */
static const ir_value *yielded(const ir_op *op, uint32_t r, uint32_t k) {
  if (r >= op->n_regions || !op->regions[r]->n_blocks) return NULL;
  const ir_op *y = op->regions[r]->blocks[0]->last;
  return y && k < y->n_operands ? y->operands[k] : NULL;
}

/* Does any op nested in op's regions read a wave-dependent value? */
static bool nested_dep(const wctx *c, const ir_op *op) {
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next)
        if (any_operand(c, o, 0, o->n_operands) || nested_dep(c, o)) return true;
  return false;
}

static void walk_block(wctx *c, const ir_block *b);

static void walk_regions(wctx *c, const ir_op *op) {
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++) walk_block(c, op->regions[r]->blocks[b]);
}

/* scf.for: a wave-dependent bound or step gives the waves different trip counts, so every
 * value the loop carries, and the loop's control, depend on the wave. */
static void walk_for(wctx *c, const ir_op *op) {
  /* segments 0..2: lower bound, upper bound, step; segment 3: the inits */
  uint32_t lo, hi, x, init = op->n_operands;
  bool ctl = sim_compile_seg_bounds(op, 0, &lo, &x) && sim_compile_seg_bounds(op, 2, &x, &hi) &&
             any_operand(c, op, lo, hi);
  set_ctl(c, op, ctl);
  const ir_block *body = op->n_regions && op->regions[0]->n_blocks ? op->regions[0]->blocks[0] : NULL;
  sim_compile_seg_bounds(op, 3, &init, &x);
  if (body && body->n_args) set(c, body->args[0], ctl);
  for (uint32_t k = 0; body && k + 1 < body->n_args; k++) {
    bool d = ctl || (init + k < op->n_operands && dep(c, op->operands[init + k])) || dep(c, yielded(op, 0, k));
    set(c, body->args[k + 1], d);
    if (k < op->n_results) set(c, op->results[k], d);
  }
  walk_regions(c, op);
}

/* scf.if: a wave-dependent condition sends the waves different ways; each result is the
 * value one branch yields. */
static void walk_if(wctx *c, const ir_op *op) {
  bool ctl = any_operand(c, op, 0, 1);
  set_ctl(c, op, ctl);
  walk_regions(c, op);
  for (uint32_t k = 0; k < op->n_results; k++)
    set(c, op->results[k], ctl || dep(c, yielded(op, 0, k)) || dep(c, yielded(op, 1, k)));
}

/* scf.while: region 0 (before) ends in scf.condition(%c) args, region 1 (do) yields the next
 * arguments of region 0. */
static void walk_while(wctx *c, const ir_op *op) {
  if (op->n_regions < 2 || !op->regions[0]->n_blocks || !op->regions[1]->n_blocks) {
    walk_regions(c, op);
    return;
  }
  const ir_block *before = op->regions[0]->blocks[0], *after = op->regions[1]->blocks[0];
  const ir_op *cond = before->last;
  bool ctl = cond && cond->n_operands && dep(c, cond->operands[0]);
  set_ctl(c, op, ctl);
  for (uint32_t k = 0; k < before->n_args; k++)
    set(c, before->args[k], ctl || (k < op->n_operands && dep(c, op->operands[k])) || dep(c, yielded(op, 1, k)));
  for (uint32_t k = 0; cond && k + 1 < cond->n_operands; k++) {
    bool d = ctl || dep(c, cond->operands[k + 1]);
    if (k < after->n_args) set(c, after->args[k], d);
    if (k < op->n_results) set(c, op->results[k], d);
  }
  walk_regions(c, op);
}

/* The divergent cf.cond_br before block b in its region, or NULL: blocks joined by forward
 * branches (an early exit; sim_compile.c refuses a branch back), so a block after a
 * cf.cond_br whose condition depends on the wave may be reached by some waves only (MODEL:
 * any later block counts, also one where the paths meet again: a barrier there is a path
 * barrier, reported only when the waves meet one generation at different barriers). */
static const ir_op *cf_divergent(const uint8_t *ctl, uint32_t n_ops, const ir_block *b) {
  const ir_region *r = b->parent;
  for (uint32_t k = 0; r && k < b->index && k < r->n_blocks; k++) {
    const ir_op *br = r->blocks[k]->last;
    if (br && br->code == IR_OP_CF_COND_BR && br->id < n_ops && ctl[br->id]) return br;
  }
  return NULL;
}

/* cf.br / cf.cond_br: a wave-dependent condition sends the waves different ways (the branch's
 * control); a block argument depends on the wave when a value passed to it does, or when a
 * branch into it is reached by some waves only or sends them different ways. */
static void walk_branch(wctx *c, const ir_block *b, const ir_op *op) {
  bool cond = op->code == IR_OP_CF_COND_BR;
  uint32_t nc = 0;
  const ir_value *cv = cond ? ir_seg(op, IR_SEG_CF_COND_BR_COND, &nc) : NULL;
  bool ctl = cond && nc == 1 && dep(c, cv);
  set_ctl(c, op, ctl);
  bool path = ctl || cf_divergent(c->ctl, c->fn->n_ops, b);
  for (uint32_t e = 0; e < op->n_successors && e < 2; e++) {
    const ir_block *to = op->successors[e];
    uint32_t n = 0;
    int seg = cond ? (e ? IR_SEG_CF_COND_BR_FALSE_ARGS : IR_SEG_CF_COND_BR_TRUE_ARGS) : IR_SEG_CF_BR_ARGS;
    ir_value *const *vals = ir_seg(op, seg, &n) ? op->operands + op->seg_start[seg] : NULL;
    for (uint32_t k = 0; to && vals && k < n && k < to->n_args; k++) set(c, to->args[k], path || dep(c, vals[k]));
  }
}

static void walk_block(wctx *c, const ir_block *b) {
  for (const ir_op *op = b->first; op; op = op->next) {
    switch (op->code) {
    case IR_OP_SCF_FOR: walk_for(c, op); break;
    case IR_OP_SCF_IF: walk_if(c, op); break;
    case IR_OP_SCF_WHILE: walk_while(c, op); break;
    case IR_OP_CF_BR: case IR_OP_CF_COND_BR: walk_branch(c, b, op); break;
    default: {
      /* any other op: its results depend on the wave when an operand does, or, for an op with
       * regions (scf.execute_region, tt.reduce, ...), when anything inside reads such a value */
      bool d = is_tid(op->code) || any_operand(c, op, 0, op->n_operands) || (op->n_regions && nested_dep(c, op));
      for (uint32_t k = 0; k < op->n_results; k++) set(c, op->results[k], d);
      walk_regions(c, op);
    }
    }
  }
}

void sim_amd_wave_deps(sim_machine *m) {
  const ir_func *fn = m->fn;
  wctx c = {.fn = fn, .dep = ir_xcalloc(fn->n_values + 1, 1), .ctl = ir_xcalloc(fn->n_ops + 1, 1)};
  const ir_op *f = fn->op;
  do {
    c.changed = false;
    for (uint32_t r = 0; f && r < f->n_regions; r++)
      for (uint32_t b = 0; b < f->regions[r]->n_blocks; b++) walk_block(&c, f->regions[r]->blocks[b]);
  } while (c.changed);
  m->amd_wdep = c.dep;
  m->amd_wctl = c.ctl;
}

const ir_op *sim_amd_wave_ctl(const sim_machine *m, const ir_op *op) {
  if (!m->amd_wctl || !op) return NULL;
  for (const ir_block *b = op->parent; b && b->parent && b->parent->parent; b = b->parent->parent->parent) {
    const ir_op *br = cf_divergent(m->amd_wctl, m->fn->n_ops, b);
    if (br) return br;
    const ir_op *p = b->parent->parent;
    if (p->id < m->fn->n_ops && m->amd_wctl[p->id]) return p;
  }
  return NULL;
}

/* ------------------------------------------------------------------ lane uniformity */

/* The value of v in the thread of id tid, for a value computed from the thread id and
 * constants by scalar ops sim_scalar_eval knows (at most 16 deep); false otherwise. */
static bool lane_eval(const ir_value *v, uint64_t tid, int depth, uint64_t *out) {
  const ir_op *op = v ? v->def : NULL;
  if (!op || depth > 16 || op->n_results != 1 || !v->type || (v->type->kind != IR_T_INT && v->type->kind != IR_T_INDEX))
    return false;
  unsigned w = sim_int_width(v->type);
  int64_t cv = 0;
  if (is_tid(op->code)) {
    *out = sim_compile_tid_x(op) ? sim_trunc(tid, w) : 0; /* a 1-D workgroup (sim_amd_wave_tid) */
    return true;
  }
  if (op->code == IR_OP_ARITH_CONSTANT) {
    if (!ir_value_const_int(v, &cv)) return false;
    *out = sim_trunc((uint64_t)cv, w);
    return true;
  }
  if (ir_ops[op->code].cls != IR_C_SCALAR || op->n_regions || !op->n_operands || op->n_operands > 3) return false;
  uint64_t in[3] = {0, 0, 0};
  for (uint32_t k = 0; k < op->n_operands; k++)
    if (!lane_eval(op->operands[k], tid, depth + 1, &in[k])) return false;
  sim_err err;
  return !sim_scalar_eval(op, in, out, &err);
}

bool sim_amd_lane_uniform(const sim_machine *m, const ir_value *v) {
  if (!v || !m->amd_wdep || v->id >= m->fn->n_values || !m->amd_wdep[v->id]) return true;
  uint32_t tpw = m->threads_per_warp ? m->threads_per_warp : 64;
  for (uint32_t w = 0; w < m->num_warps; w++) {
    uint64_t first = 0, x = 0;
    for (uint32_t l = 0; l < tpw; l++) {
      if (!lane_eval(v, (uint64_t)w * tpw + l, 0, l ? &x : &first)) return false;
      if (l && x != first) return false;
    }
  }
  return true;
}

/* ------------------------------------------------------------------ wave classes */

static bool int_scalar(const ir_value *v) {
  return v->type && (v->type->kind == IR_T_INT || v->type->kind == IR_T_INDEX);
}

/* The class scan: per value id, whether it is "tid-pure" (an integer scalar computed from the
 * thread id and constants only, by ops sim_scalar_eval knows), its value in each wave, and the
 * pure values other ops read (the frontier: everything else the wave computes from the thread
 * id is a function of these and of wave-uniform values). */
typedef struct cscan {
  const sim_machine *m;
  uint8_t *pure;               /* per value id: 1 = constant or tid-pure */
  uint8_t *front;              /* per value id: 1 = a tid-pure value another kind of op reads */
  uint64_t *val;               /* per (wave, value id): its value, for pure values */
  bool fail;                   /* an evaluation failed: no reduction */
} cscan;

static bool pure_op(const cscan *c, const ir_op *op) {
  if (op->n_regions || op->n_results != 1 || !int_scalar(op->results[0])) return false;
  if (is_tid(op->code)) return true;
  if (op->code == IR_OP_ARITH_CONSTANT) return ir_value_const_int(op->results[0], NULL);
  if (ir_ops[op->code].cls != IR_C_SCALAR || !op->n_operands) return false;
  for (uint32_t k = 0; k < op->n_operands; k++)
    if (!c->pure[op->operands[k]->id]) return false;
  return true;
}

static void scan_block(cscan *c, const ir_block *b) {
  const sim_machine *m = c->m;
  uint32_t nv = m->fn->n_values;
  for (const ir_op *op = b->first; op; op = op->next) {
    bool pure = pure_op(c, op);
    if (pure) {
      uint32_t id = op->results[0]->id;
      c->pure[id] = 1;
      for (uint32_t w = 0; w < m->num_warps && !c->fail; w++) {
        uint64_t *x = c->val + (size_t)w * nv, in[3] = {0, 0, 0};
        int64_t cv = 0;
        if (is_tid(op->code))
          x[id] = sim_amd_wave_tid(m, sim_int_width(op->results[0]->type), sim_compile_tid_x(op), w);
        else if (op->code == IR_OP_ARITH_CONSTANT && ir_value_const_int(op->results[0], &cv))
          x[id] = sim_trunc((uint64_t)cv, sim_int_width(op->results[0]->type));
        else if (op->n_operands > 3) c->fail = true;
        else {
          sim_err err;
          for (uint32_t k = 0; k < op->n_operands; k++) in[k] = x[op->operands[k]->id];
          if (sim_scalar_eval(op, in, &x[id], &err)) c->fail = true;
        }
      }
    } else {
      for (uint32_t k = 0; k < op->n_operands; k++) {
        uint32_t id = op->operands[k]->id;
        if (c->pure[id] && m->amd_wdep[id]) c->front[id] = 1;
      }
    }
    for (uint32_t r = 0; r < op->n_regions; r++)
      for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++) scan_block(c, op->regions[r]->blocks[k]);
  }
}

/* Sorts the waves into classes (equal values of every frontier value), class by class, each in
 * wave order: order[0..num_warps), class_of[w] = the class's first wave. False when the scan
 * could not evaluate a value (then every wave runs). */
/* The wave group of a warp pipeline (sim_compile_amd_wpipe.c: waves 0-3 and the rest, one stage
 * apart; the predicate sim_amd_ops.c evaluates for its cond_barriers). */
static uint32_t wp_group(const sim_machine *m, uint32_t w) {
  return w * m->threads_per_warp / (4 * 64) != 0;
}

/* wp: the kernel has a warp pipeline, whose two wave groups the TTGIR does not show: waves of
 * one class are also of one group. */
static bool wave_classes(const sim_machine *m, bool wp, uint32_t *order, uint32_t *class_of) {
  uint32_t nv = m->fn->n_values, nw = m->num_warps;
  cscan c = {.m = m, .pure = ir_xcalloc(nv + 1, 1), .front = ir_xcalloc(nv + 1, 1),
             .val = ir_xcalloc((size_t)nw * nv + 1, sizeof(uint64_t))};
  const ir_op *f = m->fn->op;
  for (uint32_t r = 0; f && r < f->n_regions; r++)
    for (uint32_t b = 0; b < f->regions[r]->n_blocks; b++) scan_block(&c, f->regions[r]->blocks[b]);
  for (uint32_t w = 0; w < nw; w++) {
    class_of[w] = w;
    for (uint32_t u = 0; u < w && class_of[w] == w; u++) {
      if (class_of[u] != u) continue;
      bool same = !wp || wp_group(m, w) == wp_group(m, u);
      for (uint32_t id = 0; id < nv && same; id++)
        same = !c.front[id] || c.val[(size_t)w * nv + id] == c.val[(size_t)u * nv + id];
      if (same) class_of[w] = u;
    }
  }
  uint32_t n = 0;
  for (uint32_t k = 0; k < nw; k++)
    for (uint32_t w = 0; w < nw; w++)
      if (class_of[w] == k) order[n++] = w;
  assert(n == nw);
  bool ok = !c.fail;
  free(c.pure);
  free(c.front);
  free(c.val);
  return ok;
}

/* How an LDS write target views its allocation: the whole allocation, or one slot of it
 * (ttg.memdesc_index of the allocation), through loop-carried values whose initial and yielded
 * values agree; anything else (subslices, reinterpretations, unknown roots) is VIEW_OTHER. */
enum { VIEW_OTHER, VIEW_WHOLE, VIEW_SLOT };

static int view_kind(const ir_value *v, const ir_op **alloc, int depth) {
  if (!v || depth > 8) return VIEW_OTHER;
  const ir_op *d = v->def;
  if (d && d->code == IR_OP_TTG_LOCAL_ALLOC) {
    *alloc = d;
    return VIEW_WHOLE;
  }
  if (d && d->code == IR_OP_TTG_MEMDESC_INDEX && d->n_operands && d->operands[0]->def &&
      d->operands[0]->def->code == IR_OP_TTG_LOCAL_ALLOC) {
    *alloc = d->operands[0]->def;
    return VIEW_SLOT;
  }
  const ir_value *src[2];
  if (d || ir_view_sources(v, IR_VIEW_LOOP_YIELD, src) != 2) return VIEW_OTHER;
  const ir_op *a1 = NULL, *a2 = NULL;
  int k1 = view_kind(src[0], &a1, depth + 1);
  int k2 = view_kind(src[1], &a2, depth + 1);
  if (k1 != k2 || a1 != a2) return VIEW_OTHER;
  *alloc = a1;
  return k1;
}

const ir_value *sim_compile_lds_write_target(const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTG_LOCAL_STORE: return op->n_operands > 1 ? op->operands[1] : NULL;
  case IR_OP_TTG_ASYNC_COPY_G2L: return sim_compile_seg0(op, 1);
  case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL: return sim_compile_seg0(op, 2);
  case IR_OP_TTG_LOCAL_ALLOC: return sim_alloc_writes(op) && op->n_results ? op->results[0] : NULL;
  default: return NULL;
  }
}

/* Do the waves' parts of the LDS writes nest: every write of an allocation views it the same
 * way (always whole, or always one slot), so two writes' footprints are equal or disjoint and
 * the parts of two waves never meet? Then a representative that stands for several waves loses
 * no race between them (choose_reps). Records into *kinds (per op id of allocations). */
static bool parts_nest(const ir_block *b, uint8_t *kinds) {
  for (const ir_op *op = b->first; op; op = op->next) {
    const ir_value *t = sim_compile_lds_write_target(op);
    const ir_op *alloc = NULL;
    if (t) {
      int k = view_kind(t, &alloc, 0);
      if (k == VIEW_OTHER || (kinds[alloc->id] && kinds[alloc->id] != k)) return false;
      kinds[alloc->id] = (uint8_t)k;
    }
    for (uint32_t r = 0; r < op->n_regions; r++)
      for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++)
        if (!parts_nest(op->regions[r]->blocks[k], kinds)) return false;
  }
  return true;
}

/* Does the kernel have a warp pipeline (scf.for {triton.warp_pipeline.pipelined_for})? Its
 * expansion (ConvertWarpPipeline.cpp) splits the waves into groups by a thread id the TTGIR does
 * not show, so the classes of wave_classes would not see the difference: every wave runs. */
static bool warp_pipelined(const ir_block *b) {
  for (const ir_op *op = b->first; op; op = op->next) {
    if (op->code == IR_OP_SCF_FOR && sim_compile_amd_has(op, SIM_AMD_PIPELINED_FOR)) return true;
    for (uint32_t r = 0; r < op->n_regions; r++)
      for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++)
        if (warp_pipelined(op->regions[r]->blocks[k])) return true;
  }
  return false;
}

/* MODEL: which waves run. The two-thread reduction of GPUVerify (Betts et al., "GPUVerify: a
 * verifier for GPU kernels", OOPSLA 2012: for barrier-synchronised kernels, races and barrier
 * divergence between any two threads show in a run of two arbitrary threads), per class of
 * waves that compute the same thing:
 *  - Classes. In Triton's IR only what is computed from the thread id differs between the
 *    waves (m->amd_wdep). Two waves that agree on every frontier value (wave_classes: the
 *    thread-id values other ops read, e.g. the cond_barrier predicates tid / 256 == 0 and != 0 of
 *    the block ping-pong) agree on every wave-dependent value, by induction over the program:
 *    each is a function of frontier values and wave-uniform ones, and the conditions that steer
 *    them are too. So the waves of one class run the same instructions with the same values;
 *    they differ only in which part of each LDS footprint they write (share, sim_amd_ops.c).
 *  - Representatives. Listing the waves class by class (order), each class is cut into two
 *    halves (one when it has one wave); the first wave of a half runs, and stands for the half:
 *    its stores write the union of the half's parts (m->amd_share: parts [lo, hi) of
 *    num_warps), so the representatives' parts are disjoint and cover each footprint.
 *  - Nesting. Only when the parts of two waves' writes never meet (parts_nest: each allocation
 *    is written whole, or one slot at a time, so two write footprints are equal or disjoint):
 *    otherwise two waves one representative stands for could write overlapping parts of
 *    different footprints, a race no representative shows. Then every wave runs.
 *  - Warp pipelines (warp_pipelined): their two wave groups, one stage apart, are not in the
 *    TTGIR; the group refines the classes (wp_group), so each group has its representatives.
 *  - Why no verdict changes against the run of every wave whose parts follow that order (the
 *    identity when classes are runs of consecutive waves, as tid / 256 gives). A run of the
 *    representatives is a run of the workgroup in which every other wave copies, step by step,
 *    the representative that stands for it; so what it reports exists. Conversely take a bug of
 *    the whole workgroup. A barrier-count or divergence bug is between classes, and every class
 *    runs. A race pairs an access of wave i with a write of wave j's part (by nesting, no
 *    write of i meets it): the representative b that stands for j writes a superset of that
 *    part, and a representative a != b of i's class (one exists: if i's class is b's it has two
 *    waves, i and j) runs i's instructions with i's values and reads what i reads; the
 *    projection of the workgroup's run on the representatives, a running i's steps and b
 *    running j's, is a run of the model (a barrier generation it completes earlier only
 *    releases waves earlier). A wave's read of its own DMA destination: the representative
 *    standing for it writes a superset and reads the same.
 * --all-waves (m->amd_all_waves) runs every wave with its own part, for checking this
 * (tests/cli/check_amd_waves.sh). */
void sim_amd_choose_waves(sim_machine *m) {
  uint32_t nw = m->num_warps, order[SIM_MAX_AGENTS], class_of[SIM_MAX_AGENTS];
  uint32_t n = 0;
  uint8_t *kinds = ir_xcalloc(m->fn->n_ops + 1, 1);
  bool nest = true, wp = false;
  const ir_op *f = m->fn->op;
  for (uint32_t r = 0; f && r < f->n_regions && nest; r++)
    for (uint32_t b = 0; b < f->regions[r]->n_blocks && nest; b++) {
      nest = parts_nest(f->regions[r]->blocks[b], kinds);
      wp |= warp_pipelined(f->regions[r]->blocks[b]);
    }
  free(kinds);
  /* gfx1250 mbarriers count arrivals per wave (sim_amd_mbar.c), and wave 0 alone signals the
   * cluster barrier (sim_amd_cluster.c): one agent per wave */
  bool per_wave = false;
  for (uint32_t pc = 0; pc < m->n_code && !per_wave; pc++)
    per_wave = m->code[pc].op && (sim_amd_mbar_op(m->code[pc].op->code) || sim_amd_cluster_op(m->code[pc].op->code));
  /* gfx1250 warp specialization: every wave (sim_amd_layout_agents adds the partitions') */
  if (m->amd_all_waves || per_wave || m->n_ws || !nest || !wave_classes(m, wp, order, class_of)) {
    for (uint32_t w = 0; w < nw; w++) {
      m->amd_wave[w] = (uint8_t)w;
      m->amd_share[w][0] = (uint8_t)w;
      m->amd_share[w][1] = (uint8_t)(w + 1);
    }
    m->n_agents = nw;
    return;
  }
  for (uint32_t lo = 0; lo < nw;) {
    uint32_t hi = lo;
    while (hi < nw && class_of[order[hi]] == class_of[order[lo]]) hi++;
    uint32_t mid = hi - lo > 1 ? lo + (hi - lo + 1) / 2 : hi;
    uint32_t cut[3] = {lo, mid, hi};
    for (int k = 0; k < 2 && cut[k] < cut[k + 1]; k++) {
      m->amd_wave[n] = (uint8_t)order[cut[k]];
      m->amd_share[n][0] = (uint8_t)cut[k];
      m->amd_share[n][1] = (uint8_t)cut[k + 1];
      n++;
    }
    lo = hi;
  }
  m->n_agents = n;
}
