/* sim_compile_static.c: evaluating loop bounds from kernel arguments alone, without running the
 * machine: used to choose default argument values that exercise ring wrap-around. A build-time
 * analysis of the IR, so it sits with the compiler (it reads constants' values and program-id
 * axes as the compiler does; tests/cli/sim_ir_reads.sh). */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "ir/ir_alloc.h"

/* What an evaluation reads besides the IR: passed down explicitly (no thread-locals: the
 * symbolic layer is a dlopen'ed module, and static TLS of such modules trips LeakSanitizer). */
typedef struct eval_ctx {
  const ir_func *fn;
  const uint64_t *args;    /* the kernel's integer arguments, by entry block index */
  uint32_t n;              /* how many */
  const int32_t *pid, *grid; /* the program whose loops are evaluated (NULL: program 0 of 1) */
  bool queries;            /* program id / grid evaluated (sim_static_loops, sim_static_value) */
  const ir_module *mod;    /* a called function's arguments are its one call's operands
                              (ir_call_arg; NULL: not followed) */
  bool first;              /* an scf.for's induction variable and carried values take their
                              first iteration's values (lower bound, inits) */
  bool fill;               /* a scalar integer tt.load reads fill_a + fill_b * index (chosen
                              data, sim_compile_ldchoice.c: the run's fill of the read-only inputs;
                              index from the pointer, pointer arguments being 0) */
  int64_t fill_a, fill_b;
  /* induction variables bound to one iteration's value (sim_static_loop_counts): an scf.for
   * of binds[i].loop has its induction variable at binds[i].iv; its carried values are their
   * inits in its first iteration (first), unknown in the others */
  const struct iv_bind { const ir_op *loop; uint64_t iv; bool first; } *binds;
  uint32_t n_binds;
} eval_ctx;

/* Value of v when it only depends on arguments, constants and the program id / grid size
 * through scalar ops. */
static bool eval(const eval_ctx *c, const ir_value *v, uint64_t *out, int depth) {
  if (!v || depth > 64) return false;
  if (!v->def) {
    const ir_block *b = v->block;
    if (!b) return false;
    const ir_block *entry = c->fn->op->regions[0]->blocks[0];
    if (b == entry) {
      if (v->arg_idx >= c->n) return false;
      *out = c->args[v->arg_idx];
      return true;
    }
    /* a partition block argument: the warp_specialize capture of the same index */
    const ir_value *cap = ir_ws_capture(v);
    if (cap) return eval(c, cap, out, depth + 1);
    const ir_value *site = ir_call_arg(c->mod, v);
    if (site) return eval(c, site, out, depth + 1);
    /* first iteration: the induction variable is the lower bound, a carried value its init */
    const ir_region *r = b->parent;
    const ir_op *loop = r ? r->parent : NULL;
    for (uint32_t i = 0; i < c->n_binds; i++)
      if (c->binds[i].loop == loop && loop->code == IR_OP_SCF_FOR && r == loop->regions[0]) {
        if (v->arg_idx == 0) {
          *out = c->binds[i].iv;
          return true;
        }
        uint32_t k = 2 + v->arg_idx;
        if (c->binds[i].first) return k < loop->n_operands && eval(c, loop->operands[k], out, depth + 1);
        return false;
      }
    if (c->first && loop && loop->code == IR_OP_SCF_FOR && loop->n_operands >= 3 && r == loop->regions[0]) {
      uint32_t k = v->arg_idx ? 2 + v->arg_idx : 0;
      return k < loop->n_operands && eval(c, loop->operands[k], out, depth + 1);
    }
    return false;
  }
  const ir_op *op = v->def;
  if (op->code == IR_OP_ARITH_CONSTANT) {
    const ir_attr *a = ir_op_attr(op, "value");
    if (!a || (a->kind != IR_A_INT && a->kind != IR_A_BOOL)) return false;
    *out = sim_trunc((uint64_t)a->ival, sim_int_width(v->type));
    return true;
  }
  if (c->queries && (op->code == IR_OP_TT_GET_PROGRAM_ID || op->code == IR_OP_TT_GET_NUM_PROGRAMS)) {
    const ir_attr *a = ir_op_attr(op, "axis");
    int axis = a && a->kind == IR_A_INT ? (int)a->ival : 0;
    if (a && a->kind != IR_A_INT && a->str) axis = a->str[0] == 'y' ? 1 : a->str[0] == 'z' ? 2 : 0;
    if (axis < 0 || axis > 2) return false;
    int32_t x = op->code == IR_OP_TT_GET_PROGRAM_ID ? (c->pid ? c->pid[axis] : 0) : (c->grid ? c->grid[axis] : 1);
    *out = sim_trunc((uint64_t)(int64_t)x, sim_int_width(v->type));
    return true;
  }
  if (c->fill && op->code == IR_OP_TT_LOAD && op->n_operands == 1 && op->n_results == 1 &&
      (v->type->kind == IR_T_INT || v->type->kind == IR_T_INDEX) && op->operands[0]->type->kind == IR_T_PTR) {
    /* as the machine reads a chosen load (sim_ldchoice_value) */
    uint64_t ptr = 0;
    /* a constant fill (fill_b 0) reads the same value wherever the pointer points */
    if (c->fill_b && !eval(c, op->operands[0], &ptr, depth + 1)) return false;
    int eb = op->operands[0]->type->elem ? ir_type_elem_bytes(op->operands[0]->type->elem) : 4;
    int64_t idx = (int64_t)ptr / (eb > 0 ? eb : 1);
    uint64_t x = (uint64_t)c->fill_a + (uint64_t)c->fill_b * (uint64_t)idx;
    *out = v->type->kind == IR_T_INDEX ? x : sim_trunc(x, v->type->bits);
    return true;
  }
  if (op->code == IR_OP_SCF_IF && op->n_operands == 1 && op->n_regions == 2 && v->result_idx >= 0) {
    /* a value chosen by a condition the arguments decide (`if pid < rem: tiles += 1`, the
     * persistent tile count): the taken branch's yield operand */
    uint64_t cond;
    if (!eval(c, op->operands[0], &cond, depth + 1)) return false;
    const ir_region *r = op->regions[cond & 1 ? 0 : 1];
    const ir_op *y = r->n_blocks == 1 ? r->blocks[0]->last : NULL;
    if (!y || y->code != IR_OP_SCF_YIELD || (uint32_t)v->result_idx >= y->n_operands) return false;
    return eval(c, y->operands[v->result_idx], out, depth + 1);
  }
  if (ir_ops[op->code].cls != IR_C_SCALAR || op->n_operands > 8 || op->n_results != 1) return false;
  uint64_t in[8], res[4];
  for (uint32_t k = 0; k < op->n_operands; k++)
    if (!eval(c, op->operands[k], &in[k], depth + 1)) return false;
  sim_err err;
  if (sim_scalar_eval(op, in, res, &err)) return false;
  *out = res[0];
  return true;
}

/* Trip count of scf.for op from its bounds, evaluated statically; -1 when a bound is not
 * computable or the step is not positive. */
static int64_t for_trips(const eval_ctx *c, const ir_op *op) {
  uint64_t lb, ub, st;
  unsigned w = sim_int_width(op->operands[0]->type);
  if (!eval(c, op->operands[0], &lb, 0) || !eval(c, op->operands[1], &ub, 0) ||
      !eval(c, op->operands[2], &st, 0))
    return -1;
  int64_t l = sim_sext(lb, w), u = sim_sext(ub, w), s = sim_sext(st, w);
  if (s <= 0) return -1;
  return u > l ? (u - l + s - 1) / s : 0;
}

static void walk(const eval_ctx *c, const ir_region *r, int64_t *best) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_SCF_FOR && op->n_operands >= 3) {
        int64_t trips = for_trips(c, op);
        if (trips > *best) *best = trips;
      }
      for (uint32_t k = 0; k < op->n_regions; k++) walk(c, op->regions[k], best);
    }
}

int64_t sim_static_trip_count(const ir_func *fn, const uint64_t *args, uint32_t n_args) {
  if (!fn || !fn->op || !fn->op->n_regions) return -1;
  int64_t best = -1;
  eval_ctx c = {.fn = fn, .args = args, .n = n_args};
  walk(&c, fn->op->regions[0], &best);
  return best;
}

typedef struct loops_ctx {
  eval_ctx e;
  sim_static_loop *out;
  uint32_t max, count;
} loops_ctx;

static void walk_loops(loops_ctx *c, const ir_region *r) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_SCF_FOR && op->n_operands >= 3 && c->count < c->max) {
        int64_t trips = for_trips(&c->e, op);
        c->out[c->count].op = op;
        c->out[c->count++].trips = trips;
      }
      for (uint32_t k = 0; k < op->n_regions; k++) walk_loops(c, op->regions[k]);
    }
}

static uint32_t static_loops(const eval_ctx *e, sim_static_loop *out, uint32_t max) {
  if (!e->fn || !e->fn->op || !e->fn->op->n_regions) return 0;
  loops_ctx c = {.e = *e, .out = out, .max = max};
  walk_loops(&c, e->fn->op->regions[0]);
  return c.count;
}

uint32_t sim_static_loops(const ir_func *fn, const uint64_t *args, uint32_t n_args, const int32_t pid[3],
                          const int32_t grid[3], sim_static_loop *out, uint32_t max) {
  eval_ctx e = {.fn = fn, .args = args, .n = n_args, .pid = pid, .grid = grid, .queries = true};
  return static_loops(&e, out, max);
}

uint32_t sim_static_loops_fill(const ir_func *fn, const uint64_t *args, uint32_t n_args, const int32_t pid[3],
                               const int32_t grid[3], int64_t fill_a, int64_t fill_b, bool first,
                               sim_static_loop *out, uint32_t max) {
  eval_ctx e = {.fn = fn, .args = args, .n = n_args, .pid = pid, .grid = grid, .queries = true,
                .fill = true, .fill_a = fill_a, .fill_b = fill_b, .first = first};
  return static_loops(&e, out, max);
}

bool sim_static_value_m(const ir_module *m, const ir_func *fn, const ir_value *v, const uint64_t *args,
                        uint32_t n_args, const int32_t pid[3], const int32_t grid[3], uint64_t *out) {
  if (!fn || !fn->op || !v) return false;
  eval_ctx e = {.fn = fn, .args = args, .n = n_args, .pid = pid, .grid = grid, .queries = true, .mod = m};
  return eval(&e, v, out, 0);
}

bool sim_static_value(const ir_func *fn, const ir_value *v, const uint64_t *args, uint32_t n_args,
                      const int32_t pid[3], const int32_t grid[3], uint64_t *out) {
  return sim_static_value_m(NULL, fn, v, args, n_args, pid, grid, out);
}

uint32_t sim_static_loops_first(const ir_func *fn, const uint64_t *args, uint32_t n_args,
                                const int32_t pid[3], const int32_t grid[3], sim_static_loop *out,
                                uint32_t max) {
  eval_ctx e = {.fn = fn, .args = args, .n = n_args, .pid = pid, .grid = grid, .queries = true,
                .first = true};
  return static_loops(&e, out, max);
}

/* ------------------------------------------------ every count each loop takes */

enum { EACH_ITERS = 64,  /* iterations of an enclosing loop enumerated */
       EACH_DEPTH = 8 }; /* enclosing loops bound at most */

typedef struct each_ctx {
  eval_ctx e;
  struct iv_bind binds[EACH_DEPTH];
  sim_static_counts *out;
  uint32_t n;                  /* loops of out (walk order, as sim_static_loops) */
  uint32_t steps;              /* loop evaluations left (bounds the enumeration's cost) */
  bool unknown[64];            /* per loop: some evaluation's bounds were not computable */
} each_ctx;

static bool has_loop(const ir_region *r) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_SCF_FOR) return true;
      for (uint32_t k = 0; k < op->n_regions; k++)
        if (has_loop(op->regions[k])) return true;
    }
  return false;
}

static void add_count(sim_static_counts *o, int64_t t) {
  for (uint32_t i = 0; i < o->n; i++)
    if (o->trips[i] == t) return;
  if (o->n < SIM_STATIC_COUNTS) o->trips[o->n++] = t;
  else o->partial = true;
}

/* The enumerated iterations of scf.for op (trips >= 0 of them): its bounds and how many of
 * them (the first EACH_ITERS); false when its lower bound or step is not computable. */
typedef struct each_iter {
  const ir_op *loop;
  uint64_t lb, st;
  unsigned w;                  /* the induction variable's width */
  int64_t n;
} each_iter;

static bool iter_open(each_ctx *c, const ir_op *op, int64_t trips, each_iter *it) {
  it->loop = op;
  it->w = sim_int_width(op->operands[0]->type);
  it->n = trips < EACH_ITERS ? trips : EACH_ITERS;
  return eval(&c->e, op->operands[0], &it->lb, 0) && eval(&c->e, op->operands[2], &it->st, 0);
}

/* Binds slot d of the induction variables to iteration i of it. */
static void iter_bind(each_ctx *c, uint32_t d, const each_iter *it, int64_t i) {
  c->binds[d].loop = it->loop;
  c->binds[d].first = i == 0;
  c->binds[d].iv = sim_trunc((uint64_t)(sim_sext(it->lb, it->w) + i * sim_sext(it->st, it->w)), it->w);
}

/* The blocks of region r a run can enter (reach[b]): from the entry along cf.br, and along
 * the side of a cf.cond_br its condition takes when computable (both otherwise). A guard that
 * returns early (`if pid >= tiles: return`, Triton's ragged matmuls with an empty slice) keeps
 * the loops behind it out of that run's counts: their bounds need not be computable there
 * (a `remsi` by the empty slice's tile count of 0). */
static void reachable_blocks(const eval_ctx *e, const ir_region *r, bool *reach) {
  uint32_t stack[64], n = 0;
  reach[0] = true;
  stack[n++] = 0;
  while (n) {
    const ir_op *t = r->blocks[stack[--n]]->last;
    if (!t || (t->code != IR_OP_CF_BR && t->code != IR_OP_CF_COND_BR)) continue;
    uint64_t cond;
    bool known = t->code == IR_OP_CF_COND_BR && t->n_operands && eval(e, t->operands[0], &cond, 0);
    for (uint32_t s = 0; s < t->n_successors; s++) {
      if (known && s > 1) break;
      if (known && (s == 0) != (cond & 1)) continue;
      const ir_block *b = t->successors[s];
      if (b && b->parent == r && !reach[b->index] && n < 64) {
        reach[b->index] = true;
        stack[n++] = b->index;
      }
    }
  }
}

static void walk_each(each_ctx *c, const ir_region *r) {
  bool one[1] = {true}, *reach = one;
  if (r->n_blocks > 1) {
    reach = ir_xcalloc(r->n_blocks, sizeof *reach);
    if (r->n_blocks > 64) memset(reach, 1, r->n_blocks); /* past the walk's stack: all */
    else reachable_blocks(&c->e, r, reach);
  }
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = reach[b] ? r->blocks[b]->first : NULL; op; op = op->next) {
      if (op->code != IR_OP_SCF_FOR || op->n_operands < 3) {
        for (uint32_t k = 0; k < op->n_regions; k++) walk_each(c, op->regions[k]);
        continue;
      }
      uint32_t li = 0;
      while (li < c->n && c->out[li].op != op) li++;
      if (li == c->n) continue; /* past the loops recorded */
      if (!c->steps) {
        c->out[li].partial = true;
        continue;
      }
      c->steps--;
      int64_t trips = for_trips(&c->e, op);
      if (trips >= 0) add_count(&c->out[li], trips);
      else c->unknown[li] = true; /* -1 only if no evaluation gave a count (below) */
      if (!op->n_regions || !has_loop(op->regions[0])) continue;
      if (trips < 0 || c->e.n_binds >= EACH_DEPTH) {
        /* the nested loops' bounds may come from this one's induction variable: evaluated
         * with it unknown */
        walk_each(c, op->regions[0]);
        continue;
      }
      each_iter it;
      if (!iter_open(c, op, trips, &it)) continue;
      if (trips > EACH_ITERS) c->out[li].partial = true;
      uint32_t d = c->e.n_binds++;
      for (int64_t i = 0; i < it.n; i++) {
        iter_bind(c, d, &it, i);
        walk_each(c, op->regions[0]);
      }
      c->e.n_binds--;
    }
  if (reach != one) free(reach);
}

uint32_t sim_static_loop_counts(const ir_func *fn, const uint64_t *args, uint32_t n_args,
                                const int32_t pid[3], const int32_t grid[3], bool fill, int64_t fill_a,
                                int64_t fill_b, sim_static_counts *out, uint32_t max) {
  sim_static_loop l[64];
  eval_ctx e = {.fn = fn, .args = args, .n = n_args, .pid = pid, .grid = grid, .queries = true,
                .fill = fill, .fill_a = fill_a, .fill_b = fill_b};
  uint32_t n = static_loops(&e, l, max < 64 ? max : 64);
  each_ctx c = {.e = e, .out = out, .n = n, .steps = 1u << 16};
  c.e.binds = c.binds;
  for (uint32_t i = 0; i < n; i++) {
    out[i].op = l[i].op;
    out[i].n = 0;
    out[i].partial = false;
  }
  if (fn && fn->op && fn->op->n_regions) walk_each(&c, fn->op->regions[0]);
  for (uint32_t i = 0; i < n; i++) {
    if (!c.unknown[i]) continue;
    if (out[i].n) out[i].partial = true; /* a later iteration's count from a carried value */
    else add_count(&out[i], -1);
  }
  return n;
}

/* ------------------------------------------- one count of one loop, looked for */

/* Does target take t trips in some enumerated iteration of chain[d..] (its enclosing loops,
 * outermost first)? The same enumeration as walk_each restricted to target's enclosing loops,
 * stopping at the first hit. */
static bool takes(each_ctx *c, const ir_op *const *chain, uint32_t nchain, uint32_t d, const ir_op *target,
                  int64_t t) {
  if (!c->steps) return false;
  c->steps--;
  if (d == nchain) return for_trips(&c->e, target) == t;
  const ir_op *op = chain[d];
  int64_t trips = for_trips(&c->e, op);
  if (trips < 0 || c->e.n_binds >= EACH_DEPTH) return takes(c, chain, nchain, d + 1, target, t);
  each_iter it;
  if (!iter_open(c, op, trips, &it)) return false;
  uint32_t b = c->e.n_binds++;
  bool hit = false;
  for (int64_t i = 0; i < it.n && !hit; i++) {
    iter_bind(c, b, &it, i);
    hit = takes(c, chain, nchain, d + 1, target, t);
  }
  c->e.n_binds--;
  return hit;
}

bool sim_static_loop_takes(const ir_func *fn, const uint64_t *args, uint32_t n_args, const int32_t pid[3],
                           const int32_t grid[3], const ir_op *loop, int64_t t) {
  if (!fn || !fn->op || !loop || loop->code != IR_OP_SCF_FOR || loop->n_operands < 3) return false;
  /* the enclosing scf.for ops, innermost first, then reversed */
  const ir_op *chain[64];
  uint32_t nchain = 0;
  for (const ir_op *o = loop; o->parent && o->parent->parent && nchain < 64;) {
    const ir_op *up = o->parent->parent->parent;
    if (!up || up == fn->op) break;
    if (up->code == IR_OP_SCF_FOR && up->n_operands >= 3 && up->regions[0] == o->parent->parent)
      chain[nchain++] = up;
    o = up;
  }
  for (uint32_t i = 0; i < nchain / 2; i++) {
    const ir_op *x = chain[i];
    chain[i] = chain[nchain - 1 - i];
    chain[nchain - 1 - i] = x;
  }
  each_ctx c = {.e = {.fn = fn, .args = args, .n = n_args, .pid = pid, .grid = grid, .queries = true},
                .steps = 1u << 16};
  c.e.binds = c.binds;
  return takes(&c, chain, nchain, 0, loop, t);
}
