/* vf_argstatic.c: default argument vectors from static trip counts, without Z3: the same
 * choice as the symbolic layer's suggestion (sym_check.c vf_sym_suggest_args) where the trip
 * counts are exact functions of one argument, computed by evaluating the loop bounds
 * (sim_static_loops) and searching over the argument's values instead of solving.
 *
 * The rules follow vf_sym_suggest_args: the loops holding ring operations (mbarrier wait,
 * arrive, expect, TMA load, commit, CLC), a two-level nest whose inner count does not depend
 * on the outer counter counted as one loop of T_outer * T_inner iterations (sym_build.c
 * flatten_loops); those loops whose count the arguments decide must run equally often; for
 * each target 1, 2 and S, S+1, 2S+1 of every barrier ring depth S, the smallest trip count at
 * least the target, then the smallest argument value (a multiple of its tt.divisibility)
 * giving it. Several arguments deciding one loop's count (a fused loop's `m * kk`) get a
 * vector per target: one argument searched, the others at twice their smallest value where the target is
 * still met exactly, else at their smallest (Z3's suggestion, asked before session 33, gave
 * them values from its first model when its minimisation of a product timed out: m = 2^29,
 * kk = 2, a trip count over the bound, inconclusive). Returns 1 with the plan set; 0 when no
 * argument decides a ring loop's count (every count computable and fixed: Z3 would suggest
 * nothing); -1, the plan unchanged, where the static route does not apply (several arguments
 * each deciding loops of their own, over MOVERS_MAX deciding the counts, a count depends on the program id or cannot be computed, the
 * loops cannot be made to agree): the caller asks Z3. */
#include <stdlib.h>
#include <string.h>

#include "vf_run.h"
#include "sim/sim_size.h"

enum { UNITS_MAX = VF_MAX_LOOPS, TARGETS_MAX = 48, MOVERS_MAX = 4 };

/* A ring loop: one scf.for, or a flattened nest (outer, inner). */
typedef struct unit {
  const ir_op *outer, *inner; /* inner NULL: the loop `outer` alone */
} unit;

static bool is_loop(const ir_op *op) {
  return (op->code == IR_OP_SCF_FOR && op->n_operands >= 3) ||
         (op->code == IR_OP_SCF_WHILE && op->n_regions == 2);
}

/* The innermost loop around op, within its partition (warp_specialize regions are
 * partitions: a loop around the warp_specialize is not the partition's loop). */
static const ir_op *enclosing_loop(const ir_op *op) {
  for (;;) {
    const ir_region *r = op->parent && op->parent->parent ? op->parent->parent : NULL;
    const ir_op *up = r ? r->parent : NULL;
    if (!up || ir_op_is_ws(up) || up->code == IR_OP_TTG_WARP_SPEC_PARTITIONS ||
        up->code == IR_OP_TT_FUNC)
      return NULL;
    if (is_loop(up)) return up;
    op = up;
  }
}

static bool is_ring_op(const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTNG_WAIT_BARRIER:
  case IR_OP_AMDG_WAIT_BARRIER:
  case IR_OP_TTNG_ARRIVE_BARRIER:
  case IR_OP_AMDG_ARRIVE_BARRIER:
  case IR_OP_TTNG_BARRIER_EXPECT:
  case IR_OP_TTNG_TC_GEN5_COMMIT:
  case IR_OP_TTNG_TMA_G2L:
  case IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL:
  case IR_OP_TTNG_CLC_TRY_CANCEL:
  case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE:
    return true;
  case IR_OP_TTNG_TC_GEN5_MMA:
  case IR_OP_TTNG_TC_GEN5_MMA_SCALED: { /* its completion barriers */
    uint32_t nb = 0;
    ir_seg(op, op->code == IR_OP_TTNG_TC_GEN5_MMA ? 6 : 8, &nb);
    return nb > 0;
  }
  default:
    return false;
  }
}

static int64_t trips_of(const sim_static_loop *l, uint32_t n, const ir_op *op) {
  for (uint32_t k = 0; k < n; k++)
    if (l[k].op == op) return l[k].trips;
  return -1; /* an scf.while, or past the list's bound: not computable */
}

/* The barrier ring a barrier view belongs to: its allocation (the value indexed, traced
 * through views inside a slot, partition captures and loop-carried values to where it is made:
 * ir_view_origin) and depth (the allocation's first dimension; 1 for a single mbarrier). NULL
 * when it cannot be traced. */
static const ir_value *bar_ring(const ir_value *v, uint32_t *depth) {
  if (!v || !v->type || v->type->kind != IR_T_MEMDESC) return NULL;
  const unsigned how = IR_VIEW_SLOT | IR_VIEW_STOP_INDEX | IR_VIEW_CAPTURES | IR_VIEW_LOOP_INIT;
  const ir_op *op = ir_view_origin(v, how, NULL, NULL);
  if (op && op->code == IR_OP_TTG_MEMDESC_INDEX && op->n_operands >= 1) {
    /* the slot of a ring: the ring is the value indexed (traced to its allocation) */
    const ir_type *t = op->operands[0]->type;
    uint32_t inner;
    const ir_value *root = bar_ring(op->operands[0], &inner);
    *depth = t && t->kind == IR_T_MEMDESC && t->rank >= 1 && t->shape[0] > 0 ? (uint32_t)t->shape[0] : 1;
    return root ? root : op->operands[0];
  }
  if (op && op->code == IR_OP_TTG_LOCAL_ALLOC && op->n_results) {
    const ir_type *t = op->results[0]->type;
    *depth = t->rank >= 2 && t->shape[0] > 0 ? (uint32_t)t->shape[0] : 1;
    return op->results[0];
  }
  return NULL;
}

/* The rings a loop uses: per ring, its depth and the slots one iteration takes. A partition
 * takes a slot of a ring with one wait (a consumer on "ready", a producer on "empty"); the
 * ring it signals in return ("empty" of the consumer, "ready" of the producer) is the other
 * half of a ring it waits on, or one another partition's loop waits on, so only the rings the
 * loop waits on count. A loop that waits on none counts its signals (arrives, commits, MMA
 * completions, expects; not the TMA loads, several of which can share one slot). An op in a
 * nested loop counts once per iteration of that loop (its trip count at the arguments given;
 * none when it is not computable). */
typedef struct loop_rings {
  const ir_value *ring[16];
  uint32_t depth[16];
  int64_t waits[16], signals[16];
  uint32_t n;
  const sim_static_loop *trips; /* the trip counts of the nested loops */
  uint32_t n_trips;
} loop_rings;

static void scan_rings(const ir_region *r, int64_t mult, loop_rings *lr) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (is_ring_op(op))
        for (uint32_t k = 0; k < op->n_operands; k++) {
          const ir_type *t = op->operands[k]->type;
          if (!t || t->kind != IR_T_MEMDESC || !t->elem || t->elem->kind != IR_T_INT || t->elem->bits != 64)
            continue; /* mbarriers are i64 shared memory */
          uint32_t d = 1, j = 0;
          const ir_value *ring = bar_ring(op->operands[k], &d);
          while (j < lr->n && lr->ring[j] != ring) j++;
          if (j == lr->n) {
            if (lr->n == 16) continue;
            lr->ring[lr->n] = ring;
            lr->depth[lr->n] = d;
            lr->signals[lr->n] = 0;
            lr->waits[lr->n++] = 0;
          }
          if (op->code == IR_OP_TTNG_WAIT_BARRIER || op->code == IR_OP_AMDG_WAIT_BARRIER) lr->waits[j] += mult;
          else if (op->code != IR_OP_TTNG_TMA_G2L) lr->signals[j] += mult;
        }
      if (ir_op_is_ws(op)) continue; /* partitions are not the loop's */
      int64_t m = mult;
      if (is_loop(op)) {
        int64_t n = trips_of(lr->trips, lr->n_trips, op);
        m = n > 0 && mult <= (1 << 20) / n ? mult * n : 0;
      }
      for (uint32_t k = 0; k < op->n_regions && m; k++) scan_rings(op->regions[k], m, lr);
    }
}

uint32_t vf_loop_wrap_counts(const ir_op *loop, const sim_static_loop *trips, uint32_t n_trips,
                             int64_t *out, uint32_t max) {
  loop_rings lr = {.trips = trips, .n_trips = n_trips};
  if (loop && loop->n_regions) scan_rings(loop->regions[0], 1, &lr);
  if (!lr.n || max < 2) return 0;
  uint32_t n = 0;
  out[n++] = 1;
  out[n++] = 2;
  bool waits = false;
  for (uint32_t j = 0; j < lr.n; j++) waits |= lr.waits[j] > 0;
  for (uint32_t j = 0; j < lr.n; j++) {
    /* an iteration that takes u slots of an S-deep ring wraps it after S / u iterations: the
     * first counts whose slots reach S, S+1 and 2S+1, and the first that ends exactly on a
     * wrap (slot index back to 0: lcm(S, u) slots); with u = 1 these are S, S+1, 2S+1 (an
     * untraced ring counts one slot per iteration) */
    int64_t slots = waits ? lr.waits[j] : lr.signals[j];
    if (!slots) continue;
    int64_t S = lr.ring[j] ? lr.depth[j] : 1, u = lr.ring[j] ? slots : 1;
    int64_t g = S, h = u;
    while (h) {
      int64_t r = g % h;
      g = h;
      h = r;
    }
    int64_t t[4] = {S, S + 1, 2 * S + 1, S / g * u};
    for (int q = 0; q < 4; q++) {
      int64_t c = (t[q] + u - 1) / u, i = 0;
      while (i < n && out[i] != c) i++;
      if (i == n && n < max) out[n++] = c;
    }
  }
  return n;
}

static bool const_step(const ir_op *f) {
  int64_t s;
  return f->code == IR_OP_SCF_FOR && ir_value_const_int(f->operands[2], &s) && s > 0;
}

typedef struct sctx {
  const vf_argplan *p;
  unit u[UNITS_MAX];
  uint32_t n;
  bool overflow;
} sctx;

static void add_unit(sctx *c, const ir_op *outer, const ir_op *inner) {
  for (uint32_t k = 0; k < c->n; k++)
    if (c->u[k].outer == outer && c->u[k].inner == inner) return;
  if (c->n == UNITS_MAX) {
    c->overflow = true;
    return;
  }
  c->u[c->n].outer = outer;
  c->u[c->n++].inner = inner;
}


/* Ring ops: each counts for its innermost loop, or for the flattened nest around it. */
static void scan(sctx *c, const ir_region *r, const sim_static_loop *l, uint32_t nl) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (is_ring_op(op)) {
        const ir_op *in = enclosing_loop(op);
        const ir_op *out = in ? enclosing_loop(in) : NULL;
        if (in && out && !enclosing_loop(out) && const_step(in) && const_step(out) &&
            trips_of(l, nl, in) >= 0)
          add_unit(c, out, in); /* the inner count is computable: it does not use the outer counter */
        else if (in)
          add_unit(c, in, NULL);
      }
      for (uint32_t k = 0; k < op->n_regions; k++) scan(c, op->regions[k], l, nl);
    }
}

/* Trip count of unit u with bits at program pid of grid (-1 unknown). */
static int64_t unit_trips(const sctx *c, const unit *u, const uint64_t *bits, const int32_t pid[3],
                          const int32_t grid[3]) {
  sim_static_loop l[VF_MAX_LOOPS];
  uint32_t n = sim_static_loops(c->p->fn, bits, c->p->n_args, pid, grid, l, VF_MAX_LOOPS);
  int64_t a = trips_of(l, n, u->outer);
  if (!u->inner || a < 0) return a;
  int64_t b = trips_of(l, n, u->inner);
  return b < 0 ? -1 : a * b;
}

/* The common count of the dependent units (dep[i]) at bits: -1 when some count is unknown,
 * -2 when they differ. */
static int64_t common_trips(const sctx *c, const bool *dep, const uint64_t *bits) {
  static const int32_t pid0[3] = {0, 0, 0};
  int64_t t = -3;
  for (uint32_t i = 0; i < c->n; i++) {
    if (!dep[i]) continue;
    int64_t x = unit_trips(c, &c->u[i], bits, pid0, c->p->grid);
    if (x < 0) return -1;
    if (t == -3) t = x;
    else if (t != x) return -2;
  }
  return t;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* Argument k's smallest value (a multiple of its divisibility, the other arguments as in bits)
 * at which every dependent unit runs the same count, at least target: the first dependent
 * unit's count grows with the argument, so galloping and bisection, then forward to where the
 * units agree. Leaves k's value in bits; returns the count, -1 where none is found. */
static int64_t drive(const sctx *c, const bool *dep, uint64_t *bits, uint32_t k, int64_t target) {
  static const int32_t pid0[3] = {0, 0, 0};
  const vf_argplan *p = c->p;
  int64_t d = p->align[k];
  /* the argument's type bounds the search (an i32 argument: below 2^31) */
  const ir_type *ty = p->fn->op->regions[0]->blocks[0]->args[k]->type;
  unsigned w = sim_int_width(ty);
  int64_t vmax = w >= 32 ? INT32_MAX : ((int64_t)1 << (w - 1)) - 1;
  uint32_t first = 0;
  while (!dep[first]) first++;
  int64_t hi = 1;
  for (;; hi *= 2) {
    if (hi > vmax / d) return -1;
    bits[k] = (uint64_t)(hi * d);
    if (unit_trips(c, &c->u[first], bits, pid0, p->grid) >= target) break;
  }
  int64_t lo = 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    bits[k] = (uint64_t)(mid * d);
    if (unit_trips(c, &c->u[first], bits, pid0, p->grid) >= target) hi = mid;
    else lo = mid + 1;
  }
  int64_t got = -2;
  for (int step = 0; step < 256 && lo <= vmax / d; step++, lo++) {
    bits[k] = (uint64_t)(lo * d);
    if ((got = common_trips(c, dep, bits)) >= target) break;
  }
  return got >= target ? got : -1;
}

int vf_argplan_static(vf_argplan *p, sim_machine *probe) {
  static const int32_t pid0[3] = {0, 0, 0}, pid1[3] = {1, 0, 0};
  sctx c = {.p = p};
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  int ok = -1;
  for (uint32_t k = 0; k < p->n_args; k++) bits[k] = (uint64_t)p->value[k];
  sim_static_loop l[VF_MAX_LOOPS];
  uint32_t nl = sim_static_loops(p->fn, bits, p->n_args, pid0, p->grid, l, VF_MAX_LOOPS);
  scan(&c, p->fn->op->regions[0], l, nl);
  if (c.overflow || nl >= VF_MAX_LOOPS) goto out;
  /* which open argument moves each unit's count (its smallest value against a large one) */
  bool dep[UNITS_MAX] = {false};
  uint32_t movers[UNITS_MAX] = {0}; /* per unit: how many arguments move its count */
  uint32_t mv[MOVERS_MAX], nm = 0; /* the arguments that move a unit's count */
  int32_t g2[3] = {p->grid[0] <= INT32_MAX / 2 ? p->grid[0] * 2 : INT32_MAX, p->grid[1],
                   p->grid[2]}; /* saturated: --grid takes up to 2^31 - 1 */
  for (uint32_t k = 0; k < p->n_args; k++) {
    if (!p->is_int[k] || p->given[k] || p->companion[k]) continue;
    uint64_t save = bits[k];
    bool moves = false;
    for (uint32_t i = 0; i < c.n; i++) {
      bits[k] = (uint64_t)p->align[k];
      int64_t a = unit_trips(&c, &c.u[i], bits, pid0, p->grid);
      bits[k] = (uint64_t)vf_argplan_big(p, k);
      int64_t b = unit_trips(&c, &c.u[i], bits, pid0, p->grid);
      if (a == b) continue;
      moves = dep[i] = true;
      movers[i]++;
      /* the program id or the grid size moves it too: Z3 (its model picks a program) */
      if (b != unit_trips(&c, &c.u[i], bits, pid1, g2) || b != unit_trips(&c, &c.u[i], bits, pid0, g2))
        goto out;
    }
    bits[k] = save;
    if (moves && nm == MOVERS_MAX) goto out; /* too many: Z3 */
    if (moves) mv[nm++] = k;
  }
  if (!nm) {
    /* no argument moves a ring loop's count: Z3 finds none either when every count is
     * computable (its trip terms are the same bounds); an unknown count (a bound from a
     * loop-carried value, an scf.while) is left to Z3 */
    bool known = true;
    for (uint32_t i = 0; i < c.n && known; i++) known = unit_trips(&c, &c.u[i], bits, pid0, p->grid) >= 0;
    ok = known ? 0 : -1;
    goto out;
  }
  /* several arguments each moving loops of their own (a nest's outer and inner bounds, also
   * when the nest counts as one unit of T_outer * T_inner): the per-argument values of the
   * caller's fallback drive each loop; vectors only where one scf.for's own count is a
   * function of several (a product bound: Triton's fused tile x K loops) */
  bool joint_count = false;
  for (uint32_t i = 0; i < c.n; i++) joint_count |= movers[i] > 1 && !c.u[i].inner;
  if (nm > 1 && !joint_count) goto out;
  uint32_t depth[TARGETS_MAX / 3];
  uint32_t nd = sim_ring_depths(probe, depth, TARGETS_MAX / 3 - 1);
  int64_t tg[TARGETS_MAX];
  uint32_t nt = 0;
  tg[nt++] = 1;
  tg[nt++] = 2;
  for (uint32_t r = 0; r < nd; r++) {
    tg[nt++] = depth[r];
    tg[nt++] = depth[r] + 1;
    tg[nt++] = 2 * (int64_t)depth[r] + 1;
  }
  qsort(tg, nt, sizeof *tg, cmp_i64);
  /* per target, a vector: one argument (the driver) searched, the others fixed. With several
   * arguments (a trip count `m * kk`: a fused tile x K loop) the others sit at twice their
   * smallest value where that still leaves the target reachable, so that every factor is at
   * least 2 in some run (a K loop of one step never wraps its ring), else at their smallest */
  int64_t vals[VF_MAX_VALS][MOVERS_MAX], trips[VF_MAX_VALS];
  uint32_t nv = 0;
  for (uint32_t t = 0; t < nt && nv < VF_MAX_DEFAULTS; t++) {
    if (t && tg[t] == tg[t - 1]) continue;
    int64_t got = -1;
    for (int others = nm > 1 ? 2 : 1; others >= 1 && got < 0; others--)
      for (uint32_t d = 0; d < nm && got < 0; d++) {
        for (uint32_t j = 0; j < nm; j++) bits[mv[j]] = (uint64_t)(others * p->align[mv[j]]);
        got = drive(&c, dep, bits, mv[d], tg[t]);
        if (others > 1 && got != tg[t]) got = -1; /* the others too high for it: smallest */
      }
    if (got < 0) goto out; /* no vector reaches it, or the loops do not agree: Z3 decides */
    if (nv && trips[nv - 1] == got) continue;
    for (uint32_t j = 0; j < nm; j++) vals[nv][j] = (int64_t)bits[mv[j]];
    trips[nv++] = got;
  }
  p->n_vary = nm;
  p->joint = true;
  p->chooser = "from the loop bounds";
  for (uint32_t j = 0; j < nm; j++) {
    p->vary_arg[j] = mv[j];
    p->n_vals[j] = nv;
    for (uint32_t v = 0; v < nv; v++) {
      p->vary_vals[j][v] = vals[v][j];
      p->trips[j][v] = trips[v];
    }
    p->value[mv[j]] = vals[0][j];
  }
  ok = nv > 0 ? 1 : -1;
out:
  free(bits);
  return ok;
}
