/* vf_argguard.c: both sides of every argument guard (issue 12, class 5). The default
 * arguments (vf_args.c, vf_argstatic.c, Z3) are chosen for loop trip counts: every value
 * gives each loop at least one trip, so a branch taken only when a guard on an argument is
 * false (`if n > 0` around the only arrival a partition waits for: a deadlock at n = 0) was
 * never explored, and the output said "verified".
 *
 * A guard is an i1 value that decides control, computed from the kernel's arguments (and
 * constants, the program id, the grid size) alone: an arith.cmpi, or an i1 argument itself,
 * whose value reaches a branch (scf.if, cf.cond_br, scf.condition), a loop bound, a barrier /
 * async op's operand (predicates, indices, parities) or a memdesc view's index, through scalar
 * ops, structured results (an scf.if's result depends on its condition), loop-carried values
 * and partition captures; and the implicit guard `lb < ub` of every scf.for whose bounds come
 * from the arguments (zero trips against some). Guards that depend only on --arg values are
 * the user's choice and are left alone.
 *
 * Each guard is evaluated statically (sim_static_value) under every planned combination and
 * partial-tile probe, at every program the check runs. A side no run takes gets a run of its
 * own: combination 0 with one argument the guard depends on moved to the first value that takes
 * that side (0, then whole tiles by size, values next to the guard's constants and the other
 * arguments' values), a multiple of
 * the argument's alignment within its type. When that value breaks an llvm.intr.assume or
 * divides by zero where the division certainly runs, the side is outside the kernel's domain:
 * not run, and the summary says so. One run may cover several guards; at most
 * VF_MAX_GUARD_RUNS are added (each is a full exploration, times the programs when
 * synchronization depends on the program id), within VF_MAX_RUNS. A side left without a run
 * is a gap, and so is a side only negative values take (sizes are not negative; the value is
 * named, for --arg): the summary names it and the verdict is
 * "verified for" the sides covered (cli_check.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vf_run.h"
#include "ir/ir_alloc.h"
#include "sim/sim_size.h"

enum { GUARDS_MAX = 64, CANDS_MAX = 160, CONSTS_MAX = 8 };

typedef struct guard {
  const ir_value *cond;        /* the i1 value, or NULL for a loop's `lb < ub` */
  const ir_op *loop;           /* the scf.for of a loop guard */
  const ir_op *at;             /* where it is reported */
  uint64_t deps;               /* open arguments it depends on (bit k) */
  bool seen[2];                /* a run gives it false / true */
} guard;

typedef struct gctx {
  vf_argplan *p;
  uint8_t *rel;                /* per value id: reaches control */
  bool changed;
  guard g[GUARDS_MAX];
  uint32_t n;
  const ir_op *callee_gap[8];  /* comparisons in a function called from several places whose
                                  value comes from its arguments: no single value, not driven */
  uint32_t n_callee_gap;
  const ir_op *dom[32];         /* llvm.intr.assume ops, and divisions whose divisor comes
                                  from the arguments: the kernel's domain */
  uint32_t n_dom;
  int32_t grid[3];              /* the grid of the combination noted (vf_argplan_grid_of) */
} gctx;

static void mark(gctx *c, const ir_value *v) {
  if (!v || v->id >= c->p->fn->n_values || c->rel[v->id]) return;
  c->rel[v->id] = 1;
  c->changed = true;
}

static bool scalar_type(const ir_type *t) { return t && (t->kind == IR_T_INT || t->kind == IR_T_INDEX); }

/* The terminator of region r's first block (scf.yield / scf.condition), or NULL. */
static const ir_op *term(const ir_region *r) { return r && r->n_blocks ? r->blocks[0]->last : NULL; }

/* Sinks: the operands whose value decides control or which memory a synchronizing op names. */
static void sinks(gctx *c, const ir_op *op) {
  switch (op->code) {
  case IR_OP_SCF_IF:
  case IR_OP_CF_COND_BR:
  case IR_OP_SCF_CONDITION:
    if (op->n_operands) mark(c, op->operands[0]);
    return;
  case IR_OP_SCF_FOR:
    for (uint32_t k = 0; k < 3 && k < op->n_operands; k++) mark(c, op->operands[k]);
    return;
  default:
    break;
  }
  ir_opclass cls = ir_ops[op->code].cls;
  if (cls == IR_C_BARRIER || cls == IR_C_ASYNC || cls == IR_C_ASYNC_WAIT || cls == IR_C_VIEW)
    for (uint32_t k = 0; k < op->n_operands; k++)
      if (scalar_type(op->operands[k]->type)) mark(c, op->operands[k]);
}

/* One backward step from a relevant value v: what its value depends on. */
static void back(gctx *c, const ir_value *v) {
  const ir_op *op = v->def;
  if (!op) {
    const ir_value *cap = ir_ws_capture(v);
    if (cap) {
      mark(c, cap);
      return;
    }
    const ir_region *r = v->block ? v->block->parent : NULL;
    const ir_op *up = r ? r->parent : NULL;
    if (!up || !r->n_blocks || v->block != r->blocks[0]) return;
    if (up->code == IR_OP_SCF_FOR && v->arg_idx >= 1) {
      /* a carried value: its init and what the body yields */
      uint32_t j = v->arg_idx - 1;
      if (3 + j < up->n_operands) mark(c, up->operands[3 + j]);
      const ir_op *y = term(up->regions[0]);
      if (y && j < y->n_operands) mark(c, y->operands[j]);
    } else if (up->code == IR_OP_SCF_WHILE && up->n_regions == 2) {
      uint32_t j = v->arg_idx;
      if (r == up->regions[0]) { /* before: the inits and the after region's yield */
        if (j < up->n_operands) mark(c, up->operands[j]);
        const ir_op *y = term(up->regions[1]);
        if (y && j < y->n_operands) mark(c, y->operands[j]);
      } else { /* after: what scf.condition forwards */
        const ir_op *t = term(up->regions[0]);
        if (t && t->code == IR_OP_SCF_CONDITION && j + 1 < t->n_operands) mark(c, t->operands[j + 1]);
      }
    }
    return;
  }
  ir_opclass cls = ir_ops[op->code].cls;
  if (cls == IR_C_SCALAR || cls == IR_C_TENSOR) {
    for (uint32_t k = 0; k < op->n_operands; k++) mark(c, op->operands[k]);
    return;
  }
  uint32_t j = (uint32_t)(v->result_idx >= 0 ? v->result_idx : 0);
  if (op->code == IR_OP_SCF_IF) {
    /* control dependence: which yield gives the result is the condition's choice */
    if (op->n_operands) mark(c, op->operands[0]);
    for (uint32_t r = 0; r < op->n_regions; r++) {
      const ir_op *y = term(op->regions[r]);
      if (y && j < y->n_operands) mark(c, y->operands[j]);
    }
  } else if (op->code == IR_OP_SCF_FOR) {
    if (3 + j < op->n_operands) mark(c, op->operands[3 + j]);
    const ir_op *y = term(op->regions[0]);
    if (y && j < y->n_operands) mark(c, y->operands[j]);
  } else if (op->code == IR_OP_SCF_WHILE && op->n_regions == 2) {
    const ir_op *t = term(op->regions[0]);
    if (t && t->code == IR_OP_SCF_CONDITION) {
      mark(c, t->operands[0]);
      if (j + 1 < t->n_operands) mark(c, t->operands[j + 1]);
    }
  }
}

static void walk_ops(gctx *c, const ir_region *r, void (*f)(gctx *, const ir_op *)) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      f(c, op);
      for (uint32_t k = 0; k < op->n_regions; k++) walk_ops(c, op->regions[k], f);
    }
}

static void propagate(gctx *c, const ir_op *op) {
  for (uint32_t k = 0; k < op->n_results; k++)
    if (c->rel[op->results[k]->id]) back(c, op->results[k]);
  for (uint32_t k = 0; k < op->n_regions; k++)
    for (uint32_t b = 0; b < op->regions[k]->n_blocks; b++) {
      const ir_block *bl = op->regions[k]->blocks[b];
      for (uint32_t a = 0; a < bl->n_args; a++)
        if (c->rel[bl->args[a]->id]) back(c, bl->args[a]);
    }
}

/* The open arguments v depends on (through what sim_static_value evaluates). */
static uint64_t deps_of(const gctx *c, const ir_value *v, int depth) {
  if (!v || depth > 64) return 0;
  if (!v->def) {
    const ir_block *entry = c->p->fn->op->regions[0]->blocks[0];
    if (v->block == entry) {
      uint32_t k = v->arg_idx;
      const vf_argplan *p = c->p;
      bool open = k < p->n_args && k < 64 && p->is_int[k] && !p->given[k] && !p->companion[k];
      return open ? 1ull << k : 0;
    }
    const ir_value *cap = ir_ws_capture(v);
    if (cap) return deps_of(c, cap, depth + 1);
    const ir_value *site = ir_call_arg(c->p->mod, v); /* a called function's argument */
    return site ? deps_of(c, site, depth + 1) : 0;
  }
  if (ir_ops[v->def->code].cls != IR_C_SCALAR) return 0;
  uint64_t d = 0;
  for (uint32_t k = 0; k < v->def->n_operands; k++) d |= deps_of(c, v->def->operands[k], depth + 1);
  return d;
}

static void add_guard(gctx *c, const ir_value *cond, const ir_op *loop, const ir_op *at, uint64_t deps) {
  if (!deps || c->n == GUARDS_MAX) return;
  c->g[c->n++] = (guard){.cond = cond, .loop = loop, .at = at, .deps = deps};
}

static bool is_div(ir_opcode code) {
  switch (code) {
  case IR_OP_ARITH_DIVSI: case IR_OP_ARITH_DIVUI: case IR_OP_ARITH_REMSI: case IR_OP_ARITH_REMUI:
  case IR_OP_ARITH_CEILDIVSI: case IR_OP_ARITH_CEILDIVUI: case IR_OP_ARITH_FLOORDIVSI:
    return true;
  default:
    return false;
  }
}

/* cond is a guard already (a comparison, an i1 argument, or another branch's condition). */
static bool has_guard(const gctx *c, const ir_value *cond) {
  for (uint32_t i = 0; i < c->n; i++)
    if (c->g[i].cond == cond) return true;
  return false;
}

/* The guards of op other than comparisons: a branch condition made of comparisons (`n <= 0
 * && m <= 0`: arith.andi / ori / xori / select; each comparison taking both sides does not
 * make the branch take both), and an scf.for's `lb < ub`. True when op is one of those. */
static bool collect_branch(gctx *c, const ir_op *op) {
  if ((op->code == IR_OP_SCF_IF || op->code == IR_OP_CF_COND_BR || op->code == IR_OP_SCF_CONDITION) &&
      op->n_operands && op->operands[0]->def && op->operands[0]->def->code != IR_OP_ARITH_CMPI) {
    if (!has_guard(c, op->operands[0])) add_guard(c, op->operands[0], NULL, op, deps_of(c, op->operands[0], 0));
    return true;
  }
  if (op->code == IR_OP_SCF_FOR && op->n_operands >= 3) {
    uint64_t d = 0;
    for (uint32_t k = 0; k < 3; k++) d |= deps_of(c, op->operands[k], 0);
    add_guard(c, NULL, op, op, d);
    return true;
  }
  return false;
}

static void collect(gctx *c, const ir_op *op) {
  if (op->code == IR_OP_ARITH_CMPI && op->n_results && c->rel[op->results[0]->id]) {
    add_guard(c, op->results[0], NULL, op, deps_of(c, op->results[0], 0));
  } else if (collect_branch(c, op)) {
    /* added */
  } else if (((op->code == IR_OP_LLVM_INTR_ASSUME && op->n_operands) ||
              (is_div(op->code) && op->n_operands == 2 && deps_of(c, op->operands[1], 0))) &&
             c->n_dom < 32) {
    c->dom[c->n_dom++] = op;
  }
}

/* v's scalar expression reaches an argument of a called function that has no single call
 * (ir_call_arg NULL). */
static bool unbound(const gctx *c, const ir_value *v, int depth) {
  if (!v || depth > 64) return false;
  if (!v->def) {
    const ir_value *cap = ir_ws_capture(v);
    if (cap) return unbound(c, cap, depth + 1);
    const ir_region *r = v->block ? v->block->parent : NULL;
    const ir_op *fop = r ? r->parent : NULL;
    if (!fop || fop->code != IR_OP_TT_FUNC || fop == c->p->fn->op || v->block != r->blocks[0]) return false;
    const ir_value *site = ir_call_arg(c->p->mod, v);
    return site ? unbound(c, site, depth + 1) : true;
  }
  if (ir_ops[v->def->code].cls != IR_C_SCALAR) return false;
  for (uint32_t k = 0; k < v->def->n_operands; k++)
    if (unbound(c, v->def->operands[k], depth + 1)) return true;
  return false;
}

/* In a function the kernel calls: comparisons, branch conditions and loops whose value comes
 * from its arguments (which get their call's operands: ir_call_arg) are guards too. The
 * relevance marks (rel) are per value id of the kernel, so they are not used here: every
 * comparison counts; a function called from more than one place has no single argument value,
 * and its comparisons are gaps (gctx.callee_gap). */
static void collect_callee(gctx *c, const ir_op *op) {
  if (op->code == IR_OP_ARITH_CMPI && op->n_results) {
    if (unbound(c, op->results[0], 0) && c->n_callee_gap < 8) c->callee_gap[c->n_callee_gap++] = op;
    add_guard(c, op->results[0], NULL, op, deps_of(c, op->results[0], 0));
  } else {
    collect_branch(c, op);
  }
}

/* The functions the kernel calls, transitively (depth-limited as the compiler's inlining is),
 * each walked once with collect_callee. */
static void walk_calls(gctx *c, const ir_region *r, const ir_func **seen, uint32_t *n_seen, int depth) {
  if (depth > 16) return;
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_TT_CALL) {
        const ir_attr *ca = ir_op_attr(op, "callee");
        const char *name = ca ? ca->str : NULL;
        if (name && name[0] == '@') name++;
        const ir_func *f = name ? ir_module_func(c->p->mod, name) : NULL;
        bool again = false;
        for (uint32_t i = 0; i < *n_seen && f; i++) again |= seen[i] == f;
        if (f && !again && *n_seen < 32 && f->op && f->op->n_regions) {
          seen[(*n_seen)++] = f;
          walk_ops(c, f->op->regions[0], collect_callee);
          walk_calls(c, f->op->regions[0], seen, n_seen, depth + 1);
        }
      }
      for (uint32_t k = 0; k < op->n_regions; k++) walk_calls(c, op->regions[k], seen, n_seen, depth);
    }
}

/* Side of guard g under bits (0 false, 1 true), -1 when it cannot be evaluated. */
static int side_at(const gctx *c, const guard *g, const uint64_t *bits, const int32_t pid[3]) {
  const vf_argplan *p = c->p;
  uint64_t x[3];
  if (g->cond)
    return sim_static_value_m(p->mod, p->fn, g->cond, bits, p->n_args, pid, c->grid, x) ? (int)(x[0] & 1) : -1;
  for (uint32_t k = 0; k < 3; k++)
    if (!sim_static_value_m(p->mod, p->fn, g->loop->operands[k], bits, p->n_args, pid, c->grid, &x[k])) return -1;
  unsigned w = sim_int_width(g->loop->operands[0]->type);
  int64_t lb = sim_sext(x[0], w), ub = sim_sext(x[1], w), st = sim_sext(x[2], w);
  return st > 0 ? lb < ub : -1;
}

/* At program 0 (the choice of a guard run's values). */
static int side(const gctx *c, const guard *g, const uint64_t *bits) {
  static const int32_t pid0[3] = {0, 0, 0};
  return side_at(c, g, bits, pid0);
}

/* op certainly runs under bits: every scf.if around it (up to the kernel function, partitions
 * included) takes op's side and every scf.for around it has a trip, as evaluated statically;
 * false when something around it cannot be evaluated or is another construct (scf.while,
 * blocks joined by cf branches). */
static bool runs(const gctx *c, const ir_op *op, const uint64_t *bits) {
  static const int32_t pid0[3] = {0, 0, 0};
  const vf_argplan *p = c->p;
  for (;;) {
    const ir_region *r = op->parent ? op->parent->parent : NULL;
    const ir_op *up = r ? r->parent : NULL;
    if (!up) return false;
    if (up == p->fn->op) return r->n_blocks == 1;
    if (r->n_blocks != 1) return false;
    uint64_t x[3];
    switch (up->code) {
    case IR_OP_TTG_WARP_SPECIALIZE:
    case IR_OP_NVWS_WARP_GROUP:
    case IR_OP_TTG_WARP_SPEC_PARTITIONS:
    case IR_OP_SCF_EXECUTE_REGION:
      break;
    case IR_OP_SCF_IF:
      if (!sim_static_value_m(p->mod, p->fn, up->operands[0], bits, p->n_args, pid0, p->grid, x) ||
          (x[0] & 1) != (r == up->regions[0]))
        return false;
      break;
    case IR_OP_SCF_FOR: {
      for (uint32_t k = 0; k < 3; k++)
        if (!sim_static_value_m(p->mod, p->fn, up->operands[k], bits, p->n_args, pid0, p->grid, &x[k])) return false;
      unsigned w = sim_int_width(up->operands[0]->type);
      if (sim_sext(x[2], w) <= 0 || sim_sext(x[0], w) >= sim_sext(x[1], w)) return false;
      break;
    }
    default:
      return false;
    }
    op = up;
  }
}

/* The op that puts bits outside the kernel's domain, or NULL: an llvm.intr.assume that is
 * false, or a division or remainder of argument values by zero (undefined in LLVM: the
 * arith ops lower to sdiv / srem; the model stops such a run, inconclusive), each where it
 * certainly runs. */
static const ir_op *outside(const gctx *c, const uint64_t *bits) {
  static const int32_t pid0[3] = {0, 0, 0};
  for (uint32_t d = 0; d < c->n_dom; d++) {
    const ir_op *op = c->dom[d];
    const ir_value *v = op->code == IR_OP_LLVM_INTR_ASSUME ? op->operands[0] : op->operands[1];
    uint64_t x;
    if (!sim_static_value_m(c->p->mod, c->p->fn, v, bits, c->p->n_args, pid0, c->p->grid, &x)) continue;
    bool bad = op->code == IR_OP_LLVM_INTR_ASSUME ? !(x & 1) : !x;
    if (bad && runs(c, op, bits)) return op;
  }
  return NULL;
}

/* The sides bits give every guard at each program the runs check (npid: 1, or the grid's
 * programs when synchronization depends on the program id; the first VF_MAX_RUNS). */
static void note(gctx *c, const uint64_t *bits, uint64_t npid) {
  for (uint64_t q = 0; q < npid && q < VF_MAX_RUNS; q++) {
    int32_t pid[3];
    sim_grid_pid(c->p->grid, q, pid);
    for (uint32_t i = 0; i < c->n; i++) {
      int s = side_at(c, &c->g[i], bits, pid);
      if (s >= 0) c->g[i].seen[s] = true;
    }
  }
}

/* Integer constants of v's expression (the guard's thresholds). */
static void consts_of(const ir_value *v, int64_t *out, uint32_t *n, int depth) {
  if (!v || !v->def || depth > 16 || *n >= CONSTS_MAX) return;
  int64_t x;
  if (ir_value_const_int(v, &x)) {
    out[(*n)++] = x;
    return;
  }
  if (ir_ops[v->def->code].cls != IR_C_SCALAR) return;
  for (uint32_t k = 0; k < v->def->n_operands; k++) consts_of(v->def->operands[k], out, n, depth + 1);
}

static void cand_add(int64_t *cand, uint32_t *n, int64_t v, int64_t a, int64_t lo, int64_t hi) {
  if (v < lo || v > hi || v % a || *n >= CANDS_MAX) return;
  for (uint32_t k = 0; k < *n; k++)
    if (cand[k] == v) return;
  cand[(*n)++] = v;
}

/* Preference: non-negative values before negative ones, smaller magnitudes first. */
static int cmp_pref(const void *x, const void *y) {
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  if ((a < 0) != (b < 0)) return a < 0 ? 1 : -1;
  int64_t ma = a < 0 ? -a : a, mb = b < 0 ? -b : b;
  return ma < mb ? -1 : ma > mb;
}

/* Candidate values of argument k for guard g, most preferred first. */
static uint32_t candidates(const gctx *c, const guard *g, uint32_t k, const uint64_t *base, int64_t *cand) {
  const vf_argplan *p = c->p;
  const ir_value *arg = p->fn->op->regions[0]->blocks[0]->args[k];
  int64_t lo, hi, a = p->align[k] > 0 ? p->align[k] : 1;
  char tn[24];
  if (!vf_int_range(arg->type, &lo, &hi, tn, sizeof tn)) return 0;
  uint32_t n = 0;
  for (int64_t m = 0; m <= 4; m++) cand_add(cand, &n, m * a, a, lo, hi);
  for (int64_t m = 8; m <= (INT64_MAX / 2) / a && m * a <= hi; m *= 2) cand_add(cand, &n, m * a, a, lo, hi);
  /* thresholds: the guard's constants and the other arguments' values, rounded to tiles */
  int64_t th[CONSTS_MAX + 64];
  uint32_t nt = 0;
  if (g->cond && g->cond->def) consts_of(g->cond, th, &nt, 0);
  for (uint32_t j = 0; j < 3 && g->loop; j++) consts_of(g->loop->operands[j], th, &nt, 0);
  for (uint32_t j = 0; j < p->n_args && j < 64; j++)
    if (((g->deps >> j) & 1) && j != k) th[nt++] = sim_sext(base[j], sim_int_width(p->fn->op->regions[0]->blocks[0]->args[j]->type));
  for (uint32_t t = 0; t < nt; t++)
    for (int64_t d = -1; d <= 1; d++) {
      if (th[t] > INT64_MAX / 4 || th[t] < INT64_MIN / 4) continue;
      int64_t x = th[t] + d, fl = x >= 0 ? x / a * a : -((-x + a - 1) / a) * a;
      cand_add(cand, &n, fl, a, lo, hi);
      cand_add(cand, &n, fl + a, a, lo, hi);
    }
  for (int64_t m = 1; m <= (INT64_MAX / 2) / a && -m * a >= lo; m *= 2) cand_add(cand, &n, -m * a, a, lo, hi);
  qsort(cand, n, sizeof *cand, cmp_pref);
  return n;
}

/* The search for a value of one argument (in g's deps, not skip) that gives g side s when set
 * in start (a copy is made in bits): non-negative values first, negative ones only when no
 * non-negative one takes it. Returns 1 with *xk, *xv when found (bits hold the run's values);
 * else 0, with *why set when the first value taking s is outside the kernel's domain, or
 * *negative when only a negative one does (*xk, *xv name it). */
static int search(const gctx *c, const guard *g, int s, const uint64_t *start, uint32_t skip, uint64_t *bits,
                  uint32_t *xk, int64_t *xv, const ir_op **why, bool *negative) {
  const vf_argplan *p = c->p;
  const ir_block *entry = p->fn->op->regions[0]->blocks[0];
  for (int neg = 0; neg < 2; neg++)
    for (uint32_t k = 0; k < p->n_args && k < 64; k++) {
      if (!((g->deps >> k) & 1) || k == skip) continue;
      int64_t cand[CANDS_MAX];
      uint32_t nc = candidates(c, g, k, start, cand);
      unsigned wk = sim_int_width(entry->args[k]->type);
      for (uint32_t q = 0; q < nc; q++) {
        if ((cand[q] < 0) != (neg == 1)) continue;
        memcpy(bits, start, (p->n_args + 1) * sizeof *bits);
        bits[k] = sim_trunc((uint64_t)cand[q], wk);
        if (side(c, g, bits) != s) continue;
        *xk = k;
        *xv = cand[q];
        *why = outside(c, bits);
        if (*why) return 0;
        if (neg) { /* negative values are not run (sizes): a gap, named with the value */
          *negative = true;
          return 0;
        }
        return 1;
      }
    }
  return 0;
}

static void guards_of(vf_argplan *p, uint64_t runs_per_combo);

void vf_argplan_guards(vf_argplan *p, uint64_t runs_per_combo) {
  /* the guard runs get their room before the loop-driving fills (vf_fill.c), which run only
   * where they still fit in VF_MAX_RUNS: never at the cost of the fixed fills, the guard
   * sides or the partial-tile probes */
  uint32_t all = p->n_fill;
  if (p->n_fill_fixed) p->n_fill = p->n_fill_fixed;
  guards_of(p, runs_per_combo);
  uint64_t per = runs_per_combo ? runs_per_combo : 1;
  while (p->n_fill < all) {
    p->n_fill++;
    if ((vf_argplan_combos(p) + p->n_probes) * per > VF_MAX_RUNS) {
      p->n_fill--;
      break;
    }
  }
}

static void guards_of(vf_argplan *p, uint64_t runs_per_combo) {
  p->n_guard_runs = p->n_gaps = p->n_gaps_more = p->n_outside = 0;
  if (!p->fn || !p->fn->op || !p->fn->op->n_regions) return;
  gctx c = {.p = p, .grid = {p->grid[0], p->grid[1], p->grid[2]}};
  c.rel = ir_xcalloc(p->fn->n_values + 1, 1);
  const ir_region *body = p->fn->op->regions[0];
  walk_ops(&c, body, sinks);
  do {
    c.changed = false;
    walk_ops(&c, body, propagate);
  } while (c.changed);
  /* an i1 argument used as a condition is a guard of its own */
  const ir_block *entry = body->blocks[0];
  for (uint32_t k = 0; k < entry->n_args && k < 64; k++) {
    const ir_value *v = entry->args[k];
    if (c.rel[v->id] && v->type && v->type->kind == IR_T_INT && v->type->bits == 1)
      add_guard(&c, v, NULL, NULL, deps_of(&c, v, 0));
  }
  walk_ops(&c, body, collect);
  const ir_func *called[32];
  uint32_t n_called = 0;
  walk_calls(&c, body, called, &n_called, 0);
  /* each guard run is runs_per_combo runs (the programs of the grid when synchronization
   * depends on the program id): the guard runs may not push the check past VF_MAX_RUNS (the
   * base combinations or the probes would be cut); sides beyond the budget are gaps */
  uint64_t per = runs_per_combo ? runs_per_combo : 1, room = VF_MAX_RUNS / per;
  uint64_t used = vf_argplan_combos(p) + p->n_probes; /* the probes keep their room */
  uint32_t cap = room > used ? (uint32_t)(room - used < VF_MAX_GUARD_RUNS ? room - used : VF_MAX_GUARD_RUNS) : 0;
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits), *base = ir_xcalloc(p->n_args + 1, sizeof *bits);
  /* the base of every guard run: the first combination whose loops wrap their rings (session
   * 36: from combination 0, a loop's single trip hid an overwrite of a slot an MMA still read
   * on a guard's other side, tests/checkers/guard-wrap.bug) */
  p->guard_base = vf_argplan_wrap_base(p);
  vf_argplan_bits(p, p->guard_base, base);
  /* guards that cannot be evaluated at the base values are not guards of the arguments */
  uint32_t w = 0;
  for (uint32_t i = 0; i < c.n; i++)
    if (side(&c, &c.g[i], base) >= 0) c.g[w++] = c.g[i];
  c.n = w;
  /* the sides the planned runs take: every combination, and every partial-tile probe */
  uint32_t combos = vf_argplan_combos(p);
  for (uint32_t j = 0; j < combos; j++) {
    vf_argplan_bits(p, j, bits);
    vf_argplan_grid_of(p, j, c.grid);
    note(&c, bits, per);
  }
  memcpy(c.grid, p->grid, sizeof c.grid);
  for (uint32_t i = 0; i < p->n_probes; i++) {
    if (!p->probe_val[i]) continue;
    vf_argplan_bits(p, 0, bits); /* a probe moves one argument of combination 0 */
    uint32_t k = p->aligned_arg[i];
    bits[k] = sim_trunc((uint64_t)p->probe_val[i], sim_int_width(entry->args[k]->type));
    note(&c, bits, per);
  }
  vf_argplan_grid_of(p, p->guard_base, c.grid); /* the guard runs' grid: their base's */
  for (uint32_t i = 0; i < c.n; i++) {
    guard *g = &c.g[i];
    for (int s = 0; s < 2; s++) {
      if (g->seen[s] || p->n_guard_runs >= cap) continue;
      /* the first value taking side s from guard_base, one argument moved; else, from an
       * earlier guard run, a second argument moved (`n <= 0 && m <= 0` after the runs n = 0
       * and m = 0) */
      uint32_t xk = 0, xk2 = UINT32_MAX;
      int64_t xv = 0, xv2 = 0;
      const ir_op *why = NULL;
      bool negative = false;
      bool found = search(&c, g, s, base, UINT32_MAX, bits, &xk, &xv, &why, &negative);
      uint64_t *start = ir_xcalloc(p->n_args + 1, sizeof *start);
      for (uint32_t r = 0; r < p->n_guard_runs && !found && !why && !negative; r++) {
        if (p->guard_arg2[r] != UINT32_MAX) continue;
        memcpy(start, base, (p->n_args + 1) * sizeof *start);
        uint32_t k0 = p->guard_arg[r];
        start[k0] = sim_trunc((uint64_t)p->guard_val[r], sim_int_width(entry->args[k0]->type));
        const ir_op *why2 = NULL;
        bool neg2 = false;
        uint32_t k2;
        int64_t v2;
        if (search(&c, g, s, start, k0, bits, &k2, &v2, &why2, &neg2)) {
          found = true;
          xk = k0, xv = p->guard_val[r], xk2 = k2, xv2 = v2;
        }
      }
      free(start);
      if (found) {
        uint32_t r = p->n_guard_runs++;
        p->guard_arg[r] = xk;
        p->guard_val[r] = xv;
        p->guard_arg2[r] = xk2;
        p->guard_val2[r] = xv2;
        p->guard_op[r] = g->at;
        p->guard_side[r] = s;
        note(&c, bits, per);
      }
      if (found) continue;
      if (why) {
        /* not a gap: the kernel's contract excludes it; said in the summary */
        g->seen[s] = true;
        if (p->n_outside < VF_MAX_GAPS) {
          p->out_op[p->n_outside] = g->at;
          p->out_arg[p->n_outside] = xk;
          p->out_val[p->n_outside] = xv;
          p->out_why[p->n_outside] = why;
          p->out_side[p->n_outside++] = s;
        }
        continue;
      }
      if (p->n_gaps < VF_MAX_GAPS) {
        p->gap_op[p->n_gaps] = g->at;
        p->gap_arg[p->n_gaps] = negative ? xk : (uint32_t)__builtin_ctzll(g->deps);
        p->gap_neg[p->n_gaps] = negative ? xv : 0;
        p->gap_side[p->n_gaps++] = s;
      } else {
        p->n_gaps_more++;
      }
    }
  }
  /* comparisons in functions called from several places: both sides are gaps */
  for (uint32_t i = 0; i < c.n_callee_gap; i++)
    for (int s = 0; s < 2; s++) {
      if (p->n_gaps < VF_MAX_GAPS) {
        p->gap_op[p->n_gaps] = c.callee_gap[i];
        p->gap_arg[p->n_gaps] = 0;
        p->gap_neg[p->n_gaps] = 0;
        p->gap_side[p->n_gaps++] = s;
      } else {
        p->n_gaps_more++;
      }
    }
  /* sides left when the guard runs ran out: gaps */
  for (uint32_t i = 0; i < c.n; i++)
    for (int s = 0; s < 2; s++) {
      guard *g = &c.g[i];
      if (g->seen[s] || p->n_guard_runs < cap) continue;
      bool listed = false;
      for (uint32_t j = 0; j < p->n_gaps; j++) listed |= p->gap_op[j] == g->at && p->gap_side[j] == s;
      if (listed) continue;
      if (p->n_gaps < VF_MAX_GAPS) {
        p->gap_op[p->n_gaps] = g->at;
        p->gap_arg[p->n_gaps] = (uint32_t)__builtin_ctzll(g->deps);
        p->gap_neg[p->n_gaps] = 0;
        p->gap_side[p->n_gaps++] = s;
      } else {
        p->n_gaps_more++;
      }
    }
  free(bits);
  free(base);
  free(c.rel);
}

/* "checkers.py:29:5" of an op, or the argument's name for an i1 argument's guard. */
static void where(const vf_argplan *p, const ir_op *op, uint32_t arg, char *buf, size_t n) {
  if (!op) {
    snprintf(buf, n, "argument %s", p->names[arg]);
    return;
  }
  ir_loc l = sim_op_loc(p->mod, op);
  if (!l.file) {
    snprintf(buf, n, "?");
    return;
  }
  ir_loc_str(l, buf, n);
  if (op->code == IR_OP_SCF_FOR) {
    size_t len = strlen(buf);
    snprintf(buf + len, n - len, " (loop)");
  }
}

/* An earlier entry i < r of ops / sides names the same place and side (the compiler's copies
 * of one source loop or comparison: one location). */
static bool same_place(const vf_argplan *p, const ir_op *const *ops, const bool *sides, uint32_t r) {
  char a[200], b[200];
  where(p, ops[r], 0, a, sizeof a);
  for (uint32_t i = 0; i < r; i++) {
    if (sides[i] != sides[r] || !ops[i] || !ops[r]) continue;
    where(p, ops[i], 0, b, sizeof b);
    if (!strcmp(a, b)) return true;
  }
  return false;
}

char *vf_argplan_guard_runs(const vf_argplan *p) {
  if (!p->n_guard_runs && !p->n_outside) return NULL;
  char buf[1024] = "";
  size_t len = 0;
  if (p->n_guard_runs) len += (size_t)snprintf(buf, sizeof buf, "the other side of the argument guards: ");
  for (uint32_t r = 0; r < p->n_guard_runs && len < sizeof buf; r++) {
    char at[200];
    where(p, p->guard_op[r], p->guard_arg[r], at, sizeof at);
    if (!p->guard_op[r]) /* the i1 argument itself */
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld", r ? ", " : "",
                              p->names[p->guard_arg[r]], (long long)p->guard_val[r]);
    else if (p->guard_arg2[r] != UINT32_MAX)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld and %s=%lld (%s at %s)", r ? ", " : "",
                              p->names[p->guard_arg[r]], (long long)p->guard_val[r],
                              p->names[p->guard_arg2[r]], (long long)p->guard_val2[r],
                              p->guard_side[r] ? "true" : "false", at);
    else
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld (%s at %s)", r ? ", " : "",
                              p->names[p->guard_arg[r]], (long long)p->guard_val[r],
                              p->guard_side[r] ? "true" : "false", at);
  }
  if (p->n_guard_runs && p->guard_base && len < sizeof buf) { /* not combination 0's values */
    char *b = vf_argplan_describe(p, p->guard_base, NULL);
    if (b) len += (size_t)snprintf(buf + len, sizeof buf - len, ", each from %s (the first values "
                                   "whose loops wrap their rings)", b);
    free(b);
  }
  for (uint32_t r = 0; r < p->n_outside && len < sizeof buf; r++) {
    char at[200], why[200];
    where(p, p->out_op[r], p->out_arg[r], at, sizeof at);
    bool dup = false; /* one line per value not run (the compiler's copies of one guard) */
    for (uint32_t i = 0; i < r && !dup; i++)
      dup = p->out_arg[i] == p->out_arg[r] && p->out_val[i] == p->out_val[r] && p->out_why[i] == p->out_why[r];
    if (dup) continue;
    ir_loc l = sim_op_loc(p->mod, p->out_why[r]);
    if (l.file) ir_loc_str(l, why, sizeof why);
    else snprintf(why, sizeof why, "?");
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld (%s at %s) not run: %s at %s",
                            len ? "; " : "the other side of the argument guards: ", p->names[p->out_arg[r]],
                            (long long)p->out_val[r], p->out_side[r] ? "true" : "false", at,
                            p->out_why[r]->code == IR_OP_LLVM_INTR_ASSUME ? "outside the llvm.intr.assume"
                                                                          : "it divides by zero", why);
  }
  return ir_xstrdup(buf);
}

char *vf_argplan_gaps(const vf_argplan *p) {
  if (!p->n_gaps) return NULL;
  char buf[1024] = "";
  size_t len = 0;
  for (uint32_t i = 0; i < p->n_gaps && len < sizeof buf; i++) {
    char at[200];
    if (same_place(p, p->gap_op, p->gap_side, i)) continue;
    where(p, p->gap_op[i], p->gap_arg[i], at, sizeof at);
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%sthe %s side of the guard at %s",
                            len ? ", " : "", p->gap_side[i] ? "true" : "false", at);
    if (p->gap_neg[i] && len < sizeof buf)
      len += (size_t)snprintf(buf + len, sizeof buf - len, " (only negative values reach it, e.g. %s=%lld)",
                              p->names[p->gap_arg[i]], (long long)p->gap_neg[i]);
  }
  if (p->n_gaps_more && len < sizeof buf)
    snprintf(buf + len, sizeof buf - len, " and %u more", p->n_gaps_more);
  return ir_xstrdup(buf);
}
