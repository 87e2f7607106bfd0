/* sym_build.c: finds the kernel, its integer arguments and their facts, the warp_specialize
 * partitions, their loops (normalised and inducted) and the events that touch rings. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"
#include "sim/sim.h" /* sim_op_loc: the kernel's position in the IR file */

#define INT31_MAX 2147483647LL

/* ------------------------------------------------------------------ arguments */

static int64_t arg_divisibility(const ir_func *fn, uint32_t i) {
  if (!fn->arg_attrs || !fn->arg_attrs[i]) return 1;
  const ir_attr *d = ir_dict_get(fn->arg_attrs[i], "tt.divisibility");
  return d && d->kind == IR_A_INT && d->ival > 1 ? d->ival : 1;
}

bool sym_arg_fixed(const sym_ctx *c, uint32_t a, int64_t *val) {
  const char *nm = c->entry->args[a]->name;
  bool found = false;
  for (uint32_t f = 0; nm && f < c->o->n_fixed; f++)
    if (!strcmp(c->o->fixed_names[f], nm)) *val = c->o->fixed_vals[f], found = true;
  return found;
}

int64_t sym_arg_mult(const sym_ctx *c, uint32_t a) {
  int64_t m = c->divisibility[a] > 1 ? c->divisibility[a] : 1;
  return c->o->align && c->o->align[a] > m ? c->o->align[a] : m;
}

bool sym_arg_from_zero(const sym_ctx *c, uint32_t a) { return c->o->zero_arg && c->o->zero_arg[a]; }

static void build_args(sym_ctx *c) {
  c->n_args = c->entry->n_args;
  c->argvar = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *c->argvar);
  c->divisibility = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *c->divisibility);
  Z3_ast facts = Z3_mk_true(c->z);
  for (uint32_t i = 0; i < c->n_args; i++) {
    const ir_value *v = c->entry->args[i];
    int w = sym_value_width(v->type);
    c->divisibility[i] = arg_divisibility(c->fn, i);
    if (!w) continue;
    char name[96];
    snprintf(name, sizeof name, "%s", v->name ? v->name : "arg");
    Z3_ast a = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), Z3_mk_bv_sort(c->z, w));
    c->argvar[i] = a;
    if (w > 1) { /* integer arguments: positive (or from 0: zero_arg), at most 2^31 - 1 (in
                    their own width) */
      Z3_ast a64 = sym_resize(c, a, 64, true);
      Z3_sort s64 = Z3_mk_bv_sort(c->z, 64);
      facts = sym_and2(c, facts, sym_sle(c, Z3_mk_int64(c->z, sym_arg_from_zero(c, i) ? 0 : 1, s64), a64));
      facts = sym_and2(c, facts, sym_sle(c, a64, Z3_mk_int64(c->z, INT31_MAX, s64)));
      /* tt.divisibility, or the tile alignment the suggestion asks for (a multiple of it) */
      int64_t mult = sym_arg_mult(c, i);
      if (mult > 1)
        facts = sym_and2(c, facts,
                         sym_eq(c, Z3_mk_bvurem(c->z, a, sym_bv(c, mult, (unsigned)w)), sym_bv(c, 0, (unsigned)w)));
    }
    for (uint32_t f = 0; f < c->o->n_fixed; f++)
      if (v->name && !strcmp(c->o->fixed_names[f], v->name))
        facts = sym_and2(c, facts, sym_eq(c, a, sym_bv(c, c->o->fixed_vals[f], (unsigned)w)));
  }
  c->facts = facts;
}

/* Program ids and counts are only known to be in range; added once the terms exist. */
static void query_facts(sym_ctx *c) {
  for (int k = 0; k < 3; k++) {
    if (c->pid[k])
      c->facts = sym_and2(c, c->facts, sym_and2(c, sym_sle(c, sym_int(c, 0), c->pid[k]),
                                                sym_slt(c, c->pid[k], sym_int(c, INT31_MAX))));
    if (c->nprog[k])
      c->facts = sym_and2(c, c->facts, sym_and2(c, sym_sle(c, sym_int(c, 1), c->nprog[k]),
                                                sym_sle(c, c->nprog[k], sym_int(c, INT31_MAX))));
    if (c->pid[k] && c->nprog[k])
      c->facts = sym_and2(c, c->facts, sym_slt(c, c->pid[k], c->nprog[k]));
  }
}

/* ------------------------------------------------------------------ partitions */

static const ir_op *find_ws(const ir_region *r) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_TTG_WARP_SPECIALIZE) return op;
      for (uint32_t k = 0; k < op->n_regions; k++) {
        const ir_op *w = find_ws(op->regions[k]);
        if (w) return w;
      }
    }
  return NULL;
}

static void add_part(sym_ctx *c, const ir_region *r, const char *label, int stage, uint32_t *cap) {
  c->parts = ir_grow(c->parts, cap, c->n_parts + 1, sizeof *c->parts);
  sym_part *p = &c->parts[c->n_parts++];
  memset(p, 0, sizeof *p);
  p->region = r;
  p->label = r->label ? r->label : label;
  p->main_loop = -1;
  p->stage = stage;
}

/* The regions of one warp_specialize (stage s) as parts; a later stage's labels name it
 * ("partition0/ws2"). */
static void add_stage(sym_ctx *c, const ir_op *ws, int s, uint32_t *cap) {
  uint32_t first = c->n_parts;
  c->stage_default[s] = (int)first;
  for (uint32_t k = 0; k < ws->n_regions; k++) {
    const ir_region *r = ws->regions[k];
    /* either the partitions are regions of the op itself, or of a nested
     * ttg.warp_specialize.partitions op (MLIR's generic form) */
    const ir_op *holder = r->n_blocks ? r->blocks[0]->first : NULL;
    if (holder && holder->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) {
      for (uint32_t j = 0; j < holder->n_regions; j++) add_part(c, holder->regions[j], NULL, s, cap);
      continue;
    }
    add_part(c, r, k == 0 ? "default" : NULL, s, cap);
  }
  /* label any unlabelled partition regions "partitionN" (static strings) */
  static const char *const names[] = {"partition0", "partition1", "partition2", "partition3",
                                      "partition4", "partition5", "partition6", "partition7"};
  uint32_t n = 0;
  for (uint32_t p = first; p < c->n_parts; p++) {
    if (p == first) continue;
    if (!c->parts[p].label) c->parts[p].label = n < 8 ? names[n] : "partition";
    n++;
  }
  if (first < c->n_parts && !c->parts[first].label) c->parts[first].label = "default";
  for (uint32_t p = first; p < c->n_parts && s > 0; p++)
    c->parts[p].label = sym_stage_label(c->parts[p].label, s);
}

/* The first op of r (or of the regions nested in it) whose code is in [lo, hi], or NULL. */
static const ir_op *find_code(const ir_region *r, ir_opcode lo, ir_opcode hi) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code >= lo && op->code <= hi) return op;
      for (uint32_t k = 0; k < op->n_regions; k++) {
        const ir_op *in = find_code(op->regions[k], lo, hi);
        if (in) return in;
      }
    }
  return NULL;
}

static void build_parts(sym_ctx *c) {
  uint32_t cap = 0;
  const ir_region *body = c->fn->op->regions[0];
  /* nvws arefs and tokens: their barriers exist only in the explicit model's compiler
   * (sim/sim_compile_aref.c); the encoding, which reads the IR's barrier ops, would miss them */
  if (find_code(body, IR_OP_NVWS_AREF_CREATE, IR_OP_NVWS_CONSUMER_RELEASE))
    c->unsupported = "nvws aref / token ops (their barriers are the explicit model's, sim_compile_aref.c; "
                     "the encoding reads the barrier ops of the IR)";
  /* nvws.warp_group: the explicit model runs it as the ttg.warp_specialize NVWSLowerWarpGroup
   * makes of it (sim_compile.c compile_ws); the encoding knows only ttg.warp_specialize */
  else if (find_code(body, IR_OP_NVWS_WARP_GROUP, IR_OP_NVWS_WARP_GROUP))
    c->unsupported = "nvws.warp_group (the explicit model runs it as the ttg.warp_specialize "
                     "NVWSLowerWarpGroup makes of it; the encoding reads ttg.warp_specialize only)";
  /* tlx.set_buffer_overlap: the reuse-group placement moves buffers and rewrites their indices
   * in the explicit model's compiler only (sim_compile_overlap.c); the encoding's bounds and
   * slot proofs would be about the IR's indices, not the placed ones */
  else if (find_code(body, IR_OP_TLX_SET_BUFFER_OVERLAP, IR_OP_TLX_SET_BUFFER_OVERLAP))
    c->unsupported = "tlx.set_buffer_overlap (the reuse-group placement rewrites buffer indices "
                     "in the explicit model's compiler, sim_compile_overlap.c; the encoding reads "
                     "the IR's indices)";
  /* tlx.storage_alias_local_alloc: allocations that share one storage (sim_compile_alias.c
   * places them); a slot of one is bytes of another's, which the encoding's rings, one per
   * allocation, do not relate (tests/checkers/race-alias.ok: its accesses made no event) */
  else if (find_code(body, IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC, IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC))
    c->unsupported = "tlx.storage_alias_local_alloc (allocations sharing one storage: the encoding "
                     "has one ring per allocation and does not relate their bytes)";
  c->ws = find_ws(body);
  if (!c->ws) {
    add_part(c, body, "main", 0, &cap);
    return;
  }
  sym_stage_find(c); /* the warp_specialize ops in sequence (sym_stage.c) */
  c->stage_default = ir_xcalloc(c->n_stages, sizeof *c->stage_default);
  for (uint32_t s = 0; s < c->n_stages; s++) add_stage(c, c->stages[s], (int)s, &cap);
}

/* ------------------------------------------------------------------ loops */

/* A zeroed loop entry at the end of c->loops with its counter "PREFIX<index>" and n entries in
 * each per-carried-value array (at least one); returns it (c->loops may have moved). */
static sym_loop *new_loop(sym_ctx *c, const ir_op *op, int part, int parent, const char *prefix,
                          uint32_t n) {
  c->loops = ir_grow(c->loops, &c->cap_loops, c->n_loops + 1, sizeof *c->loops);
  sym_loop *L = &c->loops[c->n_loops];
  memset(L, 0, sizeof *L);
  L->op = op;
  L->part = part;
  L->parent = parent;
  L->flat = L->flat_outer = L->flat_inner = L->pad_inner = -1;
  char name[48];
  snprintf(name, sizeof name, "%s%u", prefix, c->n_loops);
  L->it = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), c->wide);
  if (!n) n = 1;
  L->carried_var = ir_xcalloc(n, sizeof *L->carried_var);
  L->closed = ir_xcalloc(n, sizeof *L->closed);
  L->final = ir_xcalloc(n, sizeof *L->final);
  L->after = ir_xcalloc(n, sizeof *L->after);
  L->after_ok = ir_xcalloc(n, sizeof *L->after_ok);
  L->range_n = ir_xcalloc(n, sizeof *L->range_n);
  L->result_var = ir_xcalloc(n, sizeof *L->result_var);
  L->closed_form = ir_xcalloc(n, sizeof *L->closed_form);
  return L;
}

static void add_loop(sym_ctx *c, const ir_op *f, int part, int parent) {
  const ir_block *body = f->n_regions && f->regions[0]->n_blocks ? f->regions[0]->blocks[0] : NULL;
  uint32_t nc = !body ? 0 : f->code == IR_OP_SCF_WHILE ? body->n_args : body->n_args ? body->n_args - 1 : 0;
  sym_loop *L = new_loop(c, f, part, parent, "it", nc);
  L->n_carried = nc;
  char name[48];
  for (uint32_t k = 0; k < L->n_carried; k++) {
    int w = sym_carried_width(f, k);
    snprintf(name, sizeof name, "c%u_%u", c->n_loops, k);
    L->carried_var[k] = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name),
                                    Z3_mk_bv_sort(c->z, w ? (unsigned)w : 1));
    snprintf(name, sizeof name, "r%u_%u", c->n_loops, k);
    L->result_var[k] = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name),
                                   Z3_mk_bv_sort(c->z, w ? (unsigned)w : 1));
  }
  c->n_loops++;
}

static void find_loops(sym_ctx *c, const ir_region *r, int part, int parent);

static void find_loops_op(sym_ctx *c, const ir_op *op, int part, int parent) {
  int inner = parent;
  if ((op->code == IR_OP_SCF_FOR && op->n_operands >= 3) ||
      (op->code == IR_OP_SCF_WHILE && op->n_regions == 2)) {
    add_loop(c, op, part, parent);
    inner = (int)c->n_loops - 1;
  }
  if (op->code == IR_OP_TTG_WARP_SPECIALIZE) return; /* its regions are partitions */
  for (uint32_t k = 0; k < op->n_regions; k++) find_loops(c, op->regions[k], part, inner);
}

static void find_loops(sym_ctx *c, const ir_region *r, int part, int parent) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next)
      find_loops_op(c, op, part, parent);
}

/* Trip count and range: iv runs lb, lb + step, ... while iv < ub (signed), step > 0. */
static void normalise_loop(sym_ctx *c, int l) {
  sym_loop *L = &c->loops[l];
  const ir_op *f = L->op;
  if (f->code == IR_OP_SCF_WHILE) {
    /* no bound: any trip count in [0, 2^31) (its condition is usually loaded data) */
    L->step_ok = true;
    if (!L->trip) {
      L->trip = sym_fresh(c, "trip", c->wide);
      c->facts = sym_and2(c, c->facts, sym_and2(c, sym_sle(c, sym_int(c, 0), L->trip),
                                                sym_sle(c, L->trip, sym_int(c, INT31_MAX))));
    }
    L->range = sym_and2(c, sym_sle(c, sym_int(c, 0), L->it), sym_slt(c, L->it, L->trip));
    /* with the closed forms: the response its condition follows (sym_while.c) */
    if (L->induct_done && !L->cont_op) sym_while_responses(c, l);
    if (L->parent >= 0) L->range = sym_and2(c, L->range, c->loops[L->parent].range);
    return;
  }
  Z3_ast lb = sym_eval(c, f->operands[0]), ub = sym_eval(c, f->operands[1]),
         st = sym_eval(c, f->operands[2]);
  int64_t stv = 0;
  L->step_ok = st && sym_numeral(c, st, &stv) && stv > 0;
  if (!lb || !ub || !L->step_ok) {
    L->trip = sym_fresh(c, "trip", c->wide);
    L->range = sym_and2(c, sym_sle(c, sym_int(c, 0), L->it), sym_slt(c, L->it, L->trip));
    return;
  }
  /* the trip count in a width where ub - lb + step - 1 cannot wrap (two bits above the bounds'
   * and SYM_WIDE); bounds of 32 bits give it exactly in SYM_WIDE bits. A wider (i64) loop's
   * count is assumed below 2^(SYM_WIDE - 2), printed with the verdict, never truncated
   * silently: the encoding's counters and sequence numbers are SYM_WIDE-bit terms. */
  unsigned wb = sym_width(c, lb) > sym_width(c, ub) ? sym_width(c, lb) : sym_width(c, ub);
  unsigned w = wb + 2 > SYM_WIDE ? wb + 2 : SYM_WIDE;
  Z3_ast lbw = sym_resize(c, lb, w, true), ubw = sym_resize(c, ub, w, true);
  Z3_ast span = sym_add(c, sym_sub(c, ubw, lbw), sym_bv(c, stv - 1, w));
  Z3_ast trip = sym_ite(c, sym_slt(c, lbw, ubw), Z3_mk_bvsdiv(c->z, span, sym_bv(c, stv, w)),
                        sym_bv(c, 0, w));
  if (w > SYM_WIDE) {
    char lc[200], text[300];
    ir_loc_str(sim_op_loc(c->m, f), lc, sizeof lc);
    snprintf(text, sizeof text, "the loop at %s runs fewer than 2^%d iterations", lc, SYM_WIDE - 2);
    sym_assume(c, sym_slt(c, trip, sym_bv(c, (int64_t)1 << (SYM_WIDE - 2), w)), text);
    trip = sym_resize(c, trip, SYM_WIDE, true);
  }
  L->trip = trip;
  L->range = sym_and2(c, sym_sle(c, sym_int(c, 0), L->it), sym_slt(c, L->it, L->trip));
  if (L->parent >= 0) L->range = sym_and2(c, L->range, c->loops[L->parent].range);
}

bool sym_nestable(sym_ctx *c, int l) {
  int o = c->loops[l].parent;
  if (o < 0 || c->loops[o].parent >= 0 || !c->loops[l].step_ok || !c->loops[o].step_ok)
    return false;
  if (c->loops[l].op->code != IR_OP_SCF_FOR || c->loops[o].op->code != IR_OP_SCF_FOR) return false;
  Z3_ast t2 = c->loops[l].trip;
  Z3_ast moved = sym_subst(c, t2, c->loops[o].it, sym_fresh(c, "t", c->wide));
  /* nor on a counter carried across a nest (its base TB stands for t * T2) */
  for (uint32_t k = 0; k < c->n_loops; k++)
    if (c->loops[k].nest_base)
      moved = sym_subst(c, moved, c->loops[k].nest_base, sym_fresh(c, "t", c->wide));
  return Z3_is_eq_ast(c->z, sym_simplify(c, moved), sym_simplify(c, t2));
}

bool sym_same_value(sym_ctx *c, Z3_ast a, Z3_ast b) {
  if (Z3_is_eq_ast(c->z, a, b)) return true;
  if (Z3_is_eq_ast(c->z, sym_simplify(c, a), sym_simplify(c, b))) return true;
  return sym_sat(c, sym_not(c, sym_eq(c, a, b))) == Z3_L_FALSE;
}

/* tb = t * T2 and tf = T1 * T2 are products Z3 bit-blasts (slow, and sensitive to term order),
 * while the nest's ring proofs need only their linear consequences: those are the eager
 * definitions, the products lazy ones (sym_sat_rl tries without them first). The flattened
 * trip count must fit the wide vectors: T1 * T2 < 2^(SYM_WIDE - 2) is assumed of the
 * arguments, and printed (docs/symbolic.md §1, "Loop nests"). */
void sym_nest_vars(sym_ctx *c, int l, Z3_ast *tb, Z3_ast *tf) {
  sym_loop *I = &c->loops[l];
  assert(sym_nestable(c, l));
  if (!I->nest_base) {
    const sym_loop *O = &c->loops[I->parent];
    Z3_ast t1 = O->trip, t2 = I->trip, t = O->it, zero = sym_int(c, 0), one = sym_int(c, 1);
    Z3_ast lim = sym_int(c, (int64_t)1 << (SYM_WIDE - 2));
    Z3_ast TB = sym_fresh(c, "TB", c->wide);
    sym_product(c, TB, t, t1, t2);
    /* TF is shared by the nests of equal trip counts (the partitions of one persistent
     * kernel), so that their flattened loops run equally often without the product */
    for (uint32_t k = 0; k < c->n_loops; k++)
      if (c->loops[k].nest_trip && sym_same_value(c, c->loops[k].trip, t2) &&
          sym_same_value(c, c->loops[c->loops[k].parent].trip, t1))
        I->nest_trip = c->loops[k].nest_trip;
    Z3_ast TF = I->nest_trip ? I->nest_trip : sym_fresh(c, "TF", c->wide);
    char lb[200], text[300];
    ir_loc_str(sim_op_loc(c->m, O->op), lb, sizeof lb);
    if (!I->nest_trip) {
      snprintf(text, sizeof text, "the loop nest at %s runs fewer than 2^%d inner iterations in all",
               lb, SYM_WIDE - 2);
      sym_assume(c, sym_and2(c, sym_sle(c, zero, TF), sym_slt(c, TF, lim)), text);
      /* TF = T1 * T2 (no overflow): lazy; its linear consequences eager */
      Z3_ast prod = sym_and2(c, sym_eq(c, TF, sym_mul(c, t1, t2)),
                             sym_and2(c, Z3_mk_bvmul_no_overflow(c->z, t1, t2, false),
                                      sym_and2(c, sym_slt(c, t1, lim), sym_slt(c, t2, lim))));
      sym_define_lazy(c, TF, prod);
      Z3_ast empty = sym_or2(c, sym_sle(c, t1, zero), sym_sle(c, t2, zero));
      Z3_ast lin = sym_ite(c, empty, sym_eq(c, TF, zero),
                           sym_and2(c, sym_sle(c, t1, TF), sym_sle(c, t2, TF)));
      sym_define(c, TF, lin);
    }
    /* TB = t * T2: lazy; in O's range, 0 <= TB, TB + T2 <= TF, TB = 0 at t = 0, TB >= T2 later */
    Z3_ast in = sym_and2(c, sym_and2(c, sym_sle(c, zero, t), sym_slt(c, t, t1)), sym_slt(c, zero, t2));
    Z3_ast blin = sym_and2(c, sym_and2(c, sym_sle(c, zero, TB), sym_sle(c, sym_add(c, TB, t2), TF)),
                           sym_ite(c, sym_eq(c, t, zero), sym_eq(c, TB, zero),
                                   sym_sle(c, t2, TB)));
    blin = sym_and2(c, blin, sym_ite(c, sym_eq(c, t, sym_sub(c, t1, one)),
                                     sym_eq(c, sym_add(c, TB, t2), TF), Z3_mk_true(c->z)));
    sym_define(c, TB, Z3_mk_implies(c->z, in, blin));
    I->nest_base = TB;
    I->nest_trip = TF;
  }
  *tb = I->nest_base;
  *tf = I->nest_trip;
}

/* Flattens each two-level nest whose inner trip count T2 does not depend on the outer
 * counter: a loop F with counter itF = t * T2 + k in [0, T1 * T2) (through the nest's
 * variables: itF = TB + k, TB standing for t * T2; sym_nest_vars). */
static void flatten_loops(sym_ctx *c) {
  uint32_t n = c->n_loops;
  for (uint32_t l = 0; l < n; l++)
    if (!c->loops[l].pad && c->loops[l].flat < 0 && sym_nestable(c, (int)l))
      sym_flatten_nest(c, (int)l);
}

int sym_loop_virtual(sym_ctx *c, const ir_op *op, int part, int parent, const char *prefix) {
  sym_loop *V = new_loop(c, op, part, parent, prefix, 0);
  V->step_ok = true;
  V->induct_done = true; /* no carried values of its own: one empty entry each */
  return (int)c->n_loops++;
}

void sym_flatten_nest(sym_ctx *c, int l) {
  {
    int o = c->loops[l].parent;
    Z3_ast TB, TF;
    sym_nest_vars(c, (int)l, &TB, &TF);
    /* program position: the start of the nest */
    int fi = sym_loop_virtual(c, c->loops[o].op, c->loops[l].part, -1, "itF");
    sym_loop *F = &c->loops[fi];
    F->flat_outer = o;
    F->flat_inner = (int)l;
    F->trip = TF;
    Z3_ast link = sym_eq(c, F->it, sym_add(c, TB, c->loops[l].it));
    F->range = sym_and2(c, sym_and2(c, sym_sle(c, sym_int(c, 0), F->it), sym_slt(c, F->it, F->trip)),
                        sym_and2(c, link, c->loops[l].range));
    c->loops[l].flat = fi;
  }
}

/* ------------------------------------------------------------------ events */

typedef struct walk {
  int part;
  bool prefork, postjoin;
  int loop;
  Z3_ast path;          /* Bool */
  bool path_taint;
  const char *unsupported;
  uint32_t cap;
} walk;

static Z3_ast pred_of(sym_ctx *c, const ir_op *op, int seg, bool *taint) {
  uint32_t n = 0;
  ir_value *p = ir_seg(op, seg, &n);
  if (!p || !n) return Z3_mk_true(c->z);
  Z3_ast t = sym_eval(c, p);
  if (!t) { /* a tensor predicate: unmodelled */
    *taint = true;
    return sym_fresh(c, "?pred", Z3_mk_bool_sort(c->z));
  }
  *taint |= sym_tainted(c, p);
  return sym_truth(c, t);
}

static sym_event *new_event(sym_ctx *c, walk *w, sym_evkind k, const ir_op *op) {
  c->evs = ir_grow(c->evs, &w->cap, c->n_evs + 1, sizeof *c->evs);
  sym_event *e = &c->evs[c->n_evs++];
  memset(e, 0, sizeof *e);
  e->kind = k;
  e->op = op;
  e->part = w->part;
  e->loop = w->loop;
  e->pos = op->id;
  e->prefork = w->prefork;
  e->postjoin = w->postjoin;
  e->pred = w->path;
  e->tainted = w->path_taint;
  e->ring = e->buf_ring = -1;
  e->unsupported = w->unsupported;
  e->weight = 0;
  return e;
}

/* The ring of view v (sym_ring_of_view: *idx its slot, *view its memdesc_index), or, for a
 * view carried through iter_args from slots of one allocation that no constant fixes, that
 * ring with no slot (sym_carried_view_ring); -1 when neither. *why: NULL when the slot is
 * known, else why the event cannot be numbered. */
static int trace_ring(sym_ctx *c, const ir_value *v, Z3_ast *idx, const ir_op **view,
                      const char **why) {
  int r = sym_ring_of_view(c, v, idx, view);
  if (r >= 0) return r;
  r = sym_carried_view_ring(c, v);
  *why = r >= 0 ? sym_carried_slot_why : "barrier view not traced to an allocation";
  return r;
}

/* An event on the view operand in segment seg; NULL when the view is not a ring slot. */
static sym_event *view_event(sym_ctx *c, walk *w, sym_evkind k, const ir_op *op, int seg,
                             bool need_ring) {
  uint32_t n = 0;
  ir_value *v = ir_seg(op, seg, &n);
  if (!v || !n) return NULL;
  Z3_ast idx = NULL;
  const ir_op *view = NULL;
  const char *why = NULL;
  int r = trace_ring(c, v, &idx, &view, &why);
  if (r < 0 && need_ring) { /* no event: docs/symbolic.md §4, first item */
    if (v->type && v->type->kind == IR_T_MEMDESC) { /* not a register operand */
      if (sym_debug_on())
        fprintf(stderr, "sym: no event for %s: its view reaches no allocation\n",
                ir_ops[op->code].name);
      c->untraced = ir_grow(c->untraced, &c->cap_untraced, c->n_untraced + 1,
                            sizeof *c->untraced);
      c->untraced[c->n_untraced++] = op;
    }
    return NULL;
  }
  sym_event *e = new_event(c, w, k, op);
  e->ring = r;
  e->idx = idx;
  e->view = view;
  if (sym_is_access(k)) e->mem = v;
  if (view) e->tainted |= sym_tainted(c, view->operands[1]);
  if (why && !e->unsupported) e->unsupported = why;
  return e;
}

/* An allocation with an initial value writes the whole new buffer at once (sim_ops_mem.c; a
 * local_alloc's write is a generic-proxy one: Triton's lowering adds no fence after it, so an
 * async-proxy read of the buffer needs a fence_async_shared, semantics.md §2.3). Its ring is
 * resolved once every event exists (resolve_alloc_writes): an allocation that other ops index
 * is a ring of several slots, and this unindexed write must not make it a one-slot ring. */
static void alloc_write_event(sym_ctx *c, walk *w, const ir_op *op) {
  uint32_t n = 0;
  ir_seg(op, op->code == IR_OP_TTG_LOCAL_ALLOC ? IR_SEG_TTG_LOCAL_ALLOC_SRC
                                               : IR_SEG_TTNG_TMEM_ALLOC_SRC, &n);
  if (!n || !op->n_results) return;
  new_event(c, w, SYM_EV_WRITE, op);
}

static void resolve_alloc_writes(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (e->kind != SYM_EV_WRITE ||
        (e->op->code != IR_OP_TTG_LOCAL_ALLOC && e->op->code != IR_OP_TTNG_TMEM_ALLOC))
      continue;
    Z3_ast idx = NULL;
    const ir_op *view = NULL;
    e->ring = sym_ring_of_view(c, e->op->results[0], &idx, &view);
    if (e->ring >= 0 && c->rings[e->ring].n != 1 && !e->unsupported)
      e->unsupported = "an allocation with an initial value writes every slot of a ring";
  }
}

static int partition_warps(sym_ctx *c, int part) {
  const ir_region *r = c->parts[part].region;
  if (r->num_warps > 0) return r->num_warps;
  return (int)ir_module_attr_int(c->m, "ttg.num-warps", 4);
}

static int64_t tma_block_bytes(const ir_value *desc) {
  const ir_type *t = desc ? desc->type : NULL;
  if (!t || t->kind != IR_T_TENSORDESC || !t->elem) return -1;
  const ir_type *blk = t->elem;
  int eb = blk->elem ? ir_type_elem_bytes(blk->elem) : 0;
  if (eb <= 0) return -1;
  if (blk->elem->kind == IR_T_FLOAT && blk->elem->bits < 8) return -1; /* packed sub-byte */
  /* one CTA's share of a block its layout splits over the cluster (ir_enc_cta_split) */
  return ir_type_numel(blk) * eb / ir_enc_cta_split(ir_type_encoding(t));
}

/* Bytes of a shared-memory buffer of type t (a memdesc), or -1 (unknown, or packed sub-byte
 * elements). */
static int64_t memdesc_bytes(const ir_type *t) {
  if (!t || t->kind != IR_T_MEMDESC || !t->elem) return -1;
  int eb = ir_type_elem_bytes(t->elem);
  if (eb <= 0 || (t->elem->kind == IR_T_FLOAT && t->elem->bits < 8)) return -1;
  return ir_type_numel(t) * eb;
}

/* A tcgen05 MMA (semantics.md §4.4): asynchronous whatever its is_async attribute (Triton's
 * lowering never waits for it, sim_ops_async.c): it reads its operands (A, B) and writes its
 * accumulator (D) in flight, group SYM_G_TC05, until a commit of the thread after it arrives
 * (each of its barrier operands is such a commit). All of it runs under its predicate. The
 * scale operands of the scaled MMA (TMEM) are not events, as in the explicit model. */
static void mma5_events(sym_ctx *c, walk *w, const ir_op *op) {
  bool scaled = op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED;
  int seg_a = scaled ? IR_SEG_TTNG_TC_GEN5_MMA_SCALED_A : IR_SEG_TTNG_TC_GEN5_MMA_A;
  int seg_b = scaled ? IR_SEG_TTNG_TC_GEN5_MMA_SCALED_B : IR_SEG_TTNG_TC_GEN5_MMA_B;
  int seg_d = scaled ? IR_SEG_TTNG_TC_GEN5_MMA_SCALED_D : IR_SEG_TTNG_TC_GEN5_MMA_D;
  int seg_p = scaled ? IR_SEG_TTNG_TC_GEN5_MMA_SCALED_PRED : IR_SEG_TTNG_TC_GEN5_MMA_PRED;
  int bseg = scaled ? IR_SEG_TTNG_TC_GEN5_MMA_SCALED_BARRIERS : IR_SEG_TTNG_TC_GEN5_MMA_BARRIERS;
  int pseg = scaled ? IR_SEG_TTNG_TC_GEN5_MMA_SCALED_BARRIER_PREDS
                    : IR_SEG_TTNG_TC_GEN5_MMA_BARRIER_PREDS;
  /* the MMA's own predicate guards its accesses and its barriers' arrivals */
  walk in = *w;
  in.path = sym_and2(c, w->path, pred_of(c, op, seg_p, &in.path_taint));
  sym_event *e;
  const int segs[3] = {seg_a, seg_b, seg_d};
  for (int k = 0; k < 3; k++)
    if ((e = view_event(c, &in, k == 2 ? SYM_EV_ASYNC_WRITE : SYM_EV_ASYNC_READ, op, segs[k],
                        true)))
      e->group = SYM_G_TC05;
  uint32_t nb = 0, np = 0;
  ir_seg(op, bseg, &nb);
  ir_seg(op, pseg, &np);
  for (uint32_t i = 0; i < nb; i++) {
    ir_value *bar = op->operands[op->seg_start[bseg] + i];
    Z3_ast idx = NULL;
    const ir_op *view = NULL;
    const char *why = NULL;
    int r = trace_ring(c, bar, &idx, &view, &why);
    e = new_event(c, &in, SYM_EV_ARRIVE, op);
    e->ring = r;
    e->idx = idx;
    e->view = view;
    e->weight = 1;
    if (why && !e->unsupported) e->unsupported = why;
    if (i < np) {
      ir_value *p = op->operands[op->seg_start[pseg] + i];
      Z3_ast pt = sym_eval(c, p);
      if (pt) e->pred = sym_and2(c, e->pred, sym_truth(c, pt));
      e->tainted |= !pt || sym_tainted(c, p);
    }
  }
  w->cap = in.cap;
}

/* tcgen05.cp (ttng.tmem_copy, semantics.md §4.4): asynchronous like an MMA, it reads its shared
 * memory source (through the async proxy) and writes its TMEM destination in flight, group
 * SYM_G_TC05, until a commit after it; its optional barrier is such a commit (sim_ops_async.c). */
static void tmem_copy_events(sym_ctx *c, walk *w, const ir_op *op) {
  sym_event *e;
  if ((e = view_event(c, w, SYM_EV_ASYNC_READ, op, IR_SEG_TTNG_TMEM_COPY_SRC, true)))
    e->group = SYM_G_TC05;
  if ((e = view_event(c, w, SYM_EV_ASYNC_WRITE, op, IR_SEG_TTNG_TMEM_COPY_DST, true)))
    e->group = SYM_G_TC05;
  if ((e = view_event(c, w, SYM_EV_ARRIVE, op, IR_SEG_TTNG_TMEM_COPY_BARRIER, false)))
    e->weight = 1;
}

/* cases that share a segment index name one op's constant: the others must agree */
_Static_assert(IR_SEG_TTNG_WAIT_BARRIER_ALLOC == IR_SEG_AMDG_WAIT_BARRIER_ALLOC, "one segment");
_Static_assert(IR_SEG_TTNG_ARRIVE_BARRIER_ALLOC == IR_SEG_AMDG_ARRIVE_BARRIER_ALLOC, "one segment");
_Static_assert(IR_SEG_TTNG_TMA_L2G_SRC == IR_SEG_TTNG_TMA_REDUCE_SRC, "one segment");
_Static_assert(IR_SEG_TTNG_TMEM_STORE_DST == IR_SEG_TTG_LOCAL_STORE_DST, "one segment");

static void op_events(sym_ctx *c, walk *w, const ir_op *op) {
  sym_event *e;
  switch (op->code) {
  case IR_OP_TTNG_WAIT_BARRIER:
  case IR_OP_AMDG_WAIT_BARRIER:
    if ((e = view_event(c, w, SYM_EV_WAIT, op, IR_SEG_TTNG_WAIT_BARRIER_ALLOC, false))) {
      _Static_assert(IR_SEG_TTNG_WAIT_BARRIER_PHASE == IR_SEG_AMDG_WAIT_BARRIER_PHASE, "one segment");
      e->phase = sym_eval(c, ir_seg(op, IR_SEG_TTNG_WAIT_BARRIER_PHASE, NULL));
      e->tainted |= sym_tainted(c, ir_seg(op, IR_SEG_TTNG_WAIT_BARRIER_PHASE, NULL));
      if (op->code == IR_OP_TTNG_WAIT_BARRIER)
        e->pred = sym_and2(c, e->pred, pred_of(c, op, IR_SEG_TTNG_WAIT_BARRIER_PRED, &e->tainted));
      if (!e->phase) e->unsupported = "phase operand is not a scalar";
    }
    break;
  case IR_OP_TTNG_ARRIVE_BARRIER:
  case IR_OP_AMDG_ARRIVE_BARRIER:
    if ((e = view_event(c, w, SYM_EV_ARRIVE, op, IR_SEG_TTNG_ARRIVE_BARRIER_ALLOC, false))) {
      e->weight = ir_op_attr_int(op, "count", 1);
      if (ir_op_has_attr(op, "perThread")) e->weight *= 32 * partition_warps(c, w->part);
      if (op->code == IR_OP_TTNG_ARRIVE_BARRIER)
        e->pred = sym_and2(c, e->pred, pred_of(c, op, IR_SEG_TTNG_ARRIVE_BARRIER_PRED, &e->tainted));
      if (ir_op_has_attr(op, "ctaMask")) e->unsupported = "remote (ctaMask) arrive";
    }
    break;
  case IR_OP_TTNG_BARRIER_EXPECT:
    if ((e = view_event(c, w, SYM_EV_EXPECT, op, IR_SEG_TTNG_BARRIER_EXPECT_ALLOC, false))) {
      e->weight = 1; /* arrive.expect_tx: one arrival (semantics.md §1.8) */
      e->bytes = ir_op_attr_int(op, "size", -1);
      e->pred = sym_and2(c, e->pred, pred_of(c, op, IR_SEG_TTNG_BARRIER_EXPECT_PRED, &e->tainted));
    }
    break;
  case IR_OP_TTNG_TC_GEN5_COMMIT:
    if ((e = view_event(c, w, SYM_EV_ARRIVE, op, IR_SEG_TTNG_TC_GEN5_COMMIT_BARRIER, false))) {
      e->weight = 1; /* tcgen05.commit: arrive-on(1) when the MMAs finish (§1.2) */
      e->pred = sym_and2(c, e->pred, pred_of(c, op, IR_SEG_TTNG_TC_GEN5_COMMIT_PRED, &e->tainted));
      if (ir_op_has_attr(op, "two_ctas")) e->unsupported = "two-CTA commit";
    }
    break;
  case IR_OP_TTNG_TMA_G2L:
    if ((e = view_event(c, w, SYM_EV_TMA_LOAD, op, IR_SEG_TTNG_TMA_G2L_BARRIER, false))) {
      e->bytes = tma_block_bytes(ir_seg(op, IR_SEG_TTNG_TMA_G2L_DESC, NULL));
      e->pred = sym_and2(c, e->pred, pred_of(c, op, IR_SEG_TTNG_TMA_G2L_PRED, &e->tainted));
      uint32_t nm = 0;
      ir_seg(op, IR_SEG_TTNG_TMA_G2L_MCAST, &nm);
      if (nm || ir_op_has_attr(op, "multicast") || ir_op_has_attr(op, "two_cta"))
        e->unsupported = "multicast / two-CTA TMA";
      if (e->bytes < 0) e->unsupported = "TMA block size unknown";
      Z3_ast bi = NULL;
      const ir_op *bv = NULL;
      e->mem = ir_seg(op, IR_SEG_TTNG_TMA_G2L_RESULT, NULL);
      e->buf_ring = sym_ring_of_view(c, e->mem, &bi, &bv);
      e->buf_idx = bi;
      e->buf_view = bv;
    }
    break;
  case IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL:
  case IR_OP_TTNG_CLC_TRY_CANCEL:
    /* the 16-byte response lands with complete_tx(16) on the barrier, like a TMA load (§6.3) */
    if ((e = view_event(c, w, SYM_EV_TMA_LOAD, op, op->code == IR_OP_TTNG_CLC_TRY_CANCEL ? IR_SEG_TTNG_CLC_TRY_CANCEL_BARRIER : IR_SEG_TTNG_ASYNC_CLC_TRY_CANCEL_BARRIER, false))) {
      e->bytes = 16;
      /* the response buffer is the load's destination: its reads (clc_query_cancel /
       * clc_load_result) are accesses that the response barrier's round guards, so that
       * back-pressure checks that no try_cancel overwrites a response before every partition
       * read it (sym_clc.c relies on this to give partitions one trip count) */
      Z3_ast bi = NULL;
      const ir_op *bv = NULL;
      e->buf_ring = sym_ring_of_view(c, ir_seg(op, op->code == IR_OP_TTNG_CLC_TRY_CANCEL ? IR_SEG_TTNG_CLC_TRY_CANCEL_RESULT : IR_SEG_TTNG_ASYNC_CLC_TRY_CANCEL_RESULT, NULL), &bi, &bv);
      e->buf_idx = bi;
      e->buf_view = bv;
      if (ir_module_attr_int(c->m, "ttg.num-ctas", 1) > 1 || ir_module_attr_int(c->m, "ttg.cluster-dim-x", 1) > 1)
        e->unsupported = "multicast CLC response";
    }
    break;
  case IR_OP_TTNG_TMA_L2G:
  case IR_OP_TTNG_TMA_REDUCE:
    if ((e = view_event(c, w, SYM_EV_ASYNC_READ, op, IR_SEG_TTNG_TMA_L2G_SRC, true))) e->group = SYM_G_TMA_STORE;
    break;
  case IR_OP_TTNG_TMA_STORE_WAIT:
  case IR_OP_TTNG_WARP_GROUP_DOT_WAIT:
    e = new_event(c, w, SYM_EV_ASYNC_WAIT, op);
    e->pendings = ir_op_attr_int(op, "pendings", 0);
    e->group = op->code == IR_OP_TTNG_TMA_STORE_WAIT ? SYM_G_TMA_STORE : SYM_G_WGMMA;
    break;
  case IR_OP_TTNG_TMA_GATHER:
    /* a TMA load by rows (sim_ops_async.c tma_gather, semantics.md §2.2): complete_tx of its
     * whole destination (every row of the x offsets, the box's width each) on the barrier,
     * under its predicate, as a tiled TMA load */
    if ((e = view_event(c, w, SYM_EV_TMA_LOAD, op, IR_SEG_TTNG_TMA_GATHER_BARRIER, false))) {
      const ir_value *dst = ir_seg(op, IR_SEG_TTNG_TMA_GATHER_RESULT, NULL);
      e->bytes = dst ? memdesc_bytes(dst->type) : -1;
      e->pred = sym_and2(c, e->pred, pred_of(c, op, IR_SEG_TTNG_TMA_GATHER_PRED, &e->tainted));
      if (ir_op_has_attr(op, "multicast") || ir_op_has_attr(op, "two_cta")) e->unsupported = "multicast TMA gather";
      if (e->bytes < 0) e->unsupported = "TMA gather destination size unknown";
      Z3_ast bi = NULL;
      const ir_op *bv = NULL;
      e->mem = dst;
      e->buf_ring = sym_ring_of_view(c, dst, &bi, &bv);
      e->buf_idx = bi;
      e->buf_view = bv;
    }
    break;
  case IR_OP_TTNG_ASYNC_STORE: case IR_OP_TTNG_TMA_SCATTER:
    /* bulk smem -> global copies, each its own bulk group as a TMA store (sim_ops_async.c
     * tma_scatter / bulk_store): an async-proxy read of the source until an
     * async_tma_store_wait retires it. Before session 22 an unsupported event with no ring,
     * which no condition saw: a local_store into a TMA scatter's source with the store wait
     * deleted (tk_p_matmul_100_f16_ragged_gs_p) had all seven proved */
    if ((e = view_event(c, w, SYM_EV_ASYNC_READ, op,
                        op->code == IR_OP_TTNG_TMA_SCATTER ? IR_SEG_TTNG_TMA_SCATTER_SRC
                                                           : IR_SEG_TTNG_ASYNC_STORE_SRC, true)))
      e->group = SYM_G_TMA_STORE;
    break;
  case IR_OP_TTNG_ASYNC_SHARED_STORE:
    /* st.async: its complete_tx on the mbarrier (segment 2) is not encoded, so that barrier's
     * ring is left unknown (else byte-balance would count no bytes for it) */
    e = view_event(c, w, SYM_EV_TMA_LOAD, op, IR_SEG_TTNG_ASYNC_SHARED_STORE_MBARRIER, false);
    if (!e) e = new_event(c, w, SYM_EV_ASYNC_READ, op);
    e->unsupported = "ttng.async_shared_store";
    break;
  case IR_OP_TTNG_TMA_STORE_TOKEN_WAIT:
    /* the wait for the store its token names (sim_ops_async.c) is not encoded (no store is
     * retired by it here: conservative); its arrive on the first barrier is, one arrival
     * under its predicate */
    if ((e = view_event(c, w, SYM_EV_ARRIVE, op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_BARRIERS, false))) {
      e->weight = 1;
      e->pred = sym_and2(c, e->pred, pred_of(c, op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_BARRIER_PREDS, &e->tainted));
      uint32_t nb = 0;
      ir_seg(op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_BARRIERS, &nb);
      if (nb > 1) e->unsupported = "async_tma_store_token_wait with several barriers";
    }
    break;
  case IR_OP_TTNG_FENCE_ASYNC_SHARED:
    new_event(c, w, SYM_EV_FENCE, op);
    break;
  case IR_OP_TTG_LOCAL_ALLOC:
  case IR_OP_TTNG_TMEM_ALLOC:
    alloc_write_event(c, w, op);
    break;
  case IR_OP_TTNG_CLC_QUERY_CANCEL: /* a CLC response read (semantics.md §6.3) */
  case IR_OP_TTNG_CLC_LOAD_RESULT: {
    _Static_assert(IR_SEG_TTNG_CLC_QUERY_CANCEL_SRC == IR_SEG_TTNG_CLC_LOAD_RESULT_SRC, "one segment");
    view_event(c, w, SYM_EV_READ, op, IR_SEG_TTNG_CLC_QUERY_CANCEL_SRC, true);
    break;
  }
  case IR_OP_TTG_LOCAL_LOAD:
  case IR_OP_TTNG_TMEM_LOAD:
    view_event(c, w, SYM_EV_READ, op, IR_SEG_TTG_LOCAL_LOAD_SRC, true);
    break;
  case IR_OP_TTG_LOCAL_STORE:
  case IR_OP_TTNG_TMEM_STORE:
    view_event(c, w, SYM_EV_WRITE, op, IR_SEG_TTG_LOCAL_STORE_DST, true);
    break;
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW: /* a generic-proxy RMW of its whole view, taken as a
                                            * write (two atomics commute: the explorer knows) */
    view_event(c, w, SYM_EV_WRITE, op, IR_SEG_TTG_LOCAL_ATOMIC_SCATTER_RMW_DST, true);
    break;
  case IR_OP_TTG_ASYNC_COPY_G2L: /* cp.async: writes its slot from issue on (semantics.md §2.2) */
    view_event(c, w, SYM_EV_WRITE, op, IR_SEG_TTG_ASYNC_COPY_G2L_RESULT, true);
    break;
  case IR_OP_TTNG_WARP_GROUP_DOT: { /* an async wgmma reads its smem operands until retired */
    bool async = ir_op_has_attr(op, "isAsync") && ir_op_attr_int(op, "isAsync", 1);
    for (int k = 0; k < 2; k++)
      if ((e = view_event(c, w, async ? SYM_EV_ASYNC_READ : SYM_EV_READ, op, k, true)))
        e->group = SYM_G_WGMMA;
    break;
  }
  case IR_OP_TTNG_TC_GEN5_MMA:
  case IR_OP_TTNG_TC_GEN5_MMA_SCALED:
    mma5_events(c, w, op);
    break;
  case IR_OP_TTNG_TMEM_COPY:
    tmem_copy_events(c, w, op);
    break;
  case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE:
    /* cp.async.mbarrier.arrive: pending += 1 now and an arrival once the thread's earlier
     * cp.async completed: net zero arrivals, one with .noinc (noIncrement); the phase it
     * joins cannot complete before the copies did. Its ordering of the copies: sym_vc_cpasync.c
     * mbar_retired (the thread's own accesses); other threads' stay unknown (sym_vc_acquire.c:
     * no group wait retires the copy before the arrival) */
    if ((e = view_event(c, w, SYM_EV_ARRIVE, op, 0, false)))
      e->weight = ir_op_has_attr(op, "noIncrement") ? 1 : 0;
    break;
  case IR_OP_TTNG_WAIT_BARRIER_NAMED:   /* bar.sync / bar.arrive across partitions */
  case IR_OP_TTNG_ARRIVE_BARRIER_NAMED:
  case IR_OP_TTNG_CLUSTER_ARRIVE:       /* barrier.cluster across CTAs */
  case IR_OP_TTNG_CLUSTER_WAIT:
  case IR_OP_TTNG_CLUSTER_BARRIER:
  case IR_OP_TTG_REMOTE_SHMEM_STORE:    /* another CTA's shared memory */
  case IR_OP_TTG_ASYNC_REMOTE_SHMEM_STORE:
  case IR_OP_TTG_ASYNC_REMOTE_SHMEM_COPY:
    /* not encoded: before session 24 they made no event and a deadlock through a named or
     * cluster barrier had all seven proved (tests/checkers/named-barrier.bug,
     * cluster-barrier.bug); the conditions they bear on are unknown (sym_unencoded_unknown) */
    c->unencoded = ir_grow(c->unencoded, &c->cap_unencoded, c->n_unencoded + 1,
                           sizeof *c->unencoded);
    c->unencoded[c->n_unencoded++] = op;
    break;
  default:
    break;
  }
}

static void walk_region(sym_ctx *c, walk *w, const ir_region *r);

int sym_body_loop(const sym_ctx *c, const ir_op *op) {
  int found = -1;
  for (uint32_t l = 0; l < c->n_loops; l++)
    if (c->loops[l].op == op && !c->loops[l].virt && !c->loops[l].pad &&
        (c->loops[l].flat_outer < 0 || c->loops[l].fused)) /* sym_fused.c */
      found = (int)l;
  return found;
}

int sym_top_loop(const sym_ctx *c, int l) {
  while (l >= 0 && (c->loops[l].flat_outer >= 0 || c->loops[l].parent >= 0))
    l = c->loops[l].flat_outer >= 0 ? c->loops[l].flat_outer : c->loops[l].parent;
  return l;
}

static void walk_op(sym_ctx *c, walk *w, const ir_op *op) {
  if (op->code == IR_OP_TTG_MEMDESC_INDEX) {
    c->views = ir_xrealloc(c->views, c->n_views + 1, sizeof *c->views);
    c->views[c->n_views++] = op;
  }
  op_events(c, w, op);
  if (!op->n_regions || op->code == IR_OP_TTG_WARP_SPECIALIZE) return;
  walk saved = *w;
  if (op->code == IR_OP_SCF_FOR) {
    int l = sym_body_loop(c, op);
    if (l >= 0) {
      w->loop = l;
      if (!c->loops[l].step_ok) w->unsupported = "loop step is not a positive constant";
    }
    walk_region(c, w, op->regions[0]);
  } else if (op->code == IR_OP_SCF_IF && op->n_operands) {
    Z3_ast k = sym_eval(c, op->operands[0]);
    Z3_ast kb = k ? sym_truth(c, k) : sym_fresh(c, "?cond", Z3_mk_bool_sort(c->z));
    w->path_taint |= !k || sym_tainted(c, op->operands[0]);
    Z3_ast base = w->path;
    w->path = sym_and2(c, base, kb);
    walk_region(c, w, op->regions[0]);
    if (op->n_regions > 1) {
      w->path = sym_and2(c, base, sym_not(c, kb));
      walk_region(c, w, op->regions[1]);
    }
  } else if (op->code == IR_OP_SCF_WHILE && op->n_regions == 2) {
    for (uint32_t l = 0; l < c->n_loops; l++)
      if (c->loops[l].op == op && c->loops[l].flat_outer < 0 && !c->loops[l].pad) w->loop = (int)l;
    /* the condition region runs once more than the body: its events are not encoded */
    const char *u = w->unsupported;
    w->unsupported = u ? u : "in the condition region of scf.while";
    walk_region(c, w, op->regions[0]);
    w->unsupported = u;
    walk_region(c, w, op->regions[1]);
  } else {
    if (op->code != IR_OP_SCF_EXECUTE_REGION) w->unsupported = "inside a region op";
    for (uint32_t k = 0; k < op->n_regions; k++) walk_region(c, w, op->regions[k]);
  }
  saved.cap = w->cap;
  *w = saved;
}

/* ------------------------------------------------------------------ a nested warp_specialize */

enum { MAX_NEST = 8 };

/* The region ops enclosing c->ws up to the kernel's body, innermost first (tutorial 09's
 * persistent ws matmuls fork in the else branch of `scf.if k_tiles == 0`); 0 when c->ws is in
 * the body. Deeper than MAX_NEST: the kernel is unsupported. */
static uint32_t ws_chain(sym_ctx *c, const ir_op **chain) {
  uint32_t n = 0;
  for (const ir_op *x = c->ws; x->parent != c->entry;) {
    const ir_op *up = x->parent && x->parent->parent ? x->parent->parent->parent : NULL;
    if (!up) break;
    if (n == MAX_NEST) {
      c->unsupported = "a warp_specialize nested in more than 8 region ops";
      break;
    }
    chain[n++] = up;
    x = up;
  }
  return n;
}

/* The ops before x in its block: the parent's ops before the fork (they run whenever the
 * fork does; the branch conditions are checked by nested_branches). Before session 23 they
 * were not walked for a nested fork: a wait there (the compiler's wait on a fresh accumulator
 * barrier, its parity flipped) made no event and all seven were proved on a deadlock. */
static void walk_before(sym_ctx *c, walk *w, const ir_op *x) {
  for (const ir_op *op = x->parent->first; op && op != x; op = op->next) {
    if (op->code == IR_OP_TTG_MEMDESC_INDEX) {
      c->views = ir_xrealloc(c->views, c->n_views + 1, sizeof *c->views);
      c->views[c->n_views++] = op;
    }
    if (!op->n_regions) {
      op_events(c, w, op);
      continue;
    }
    w->unsupported = "in a region op before warp_specialize";
    walk_op(c, w, op);
    w->unsupported = NULL;
  }
}

/* The ops after x in its block: after the join, as the parent's ops after an unnested fork. */
static void walk_after(sym_ctx *c, walk *w, const ir_op *x) {
  for (const ir_op *op = x->next; op; op = op->next) {
    w->unsupported = op->n_regions ? "in a region op after the warp_specialize join" : NULL;
    walk_op(c, w, op);
  }
  w->unsupported = NULL;
}

/* Each region op enclosing the fork is an scf.if whose branch holding it is taken for every
 * argument value the proofs cover (Z3 under the facts, arguments >= 1: tutorial 09's
 * k_tiles == 0 is false there); else the other branch, which no event describes, may run
 * instead, and the kernel is unsupported. */
static void nested_branches(sym_ctx *c, const ir_op **chain, uint32_t n) {
  const ir_op *inner = c->ws;
  for (uint32_t k = 0; k < n && !c->unsupported; inner = chain[k++]) {
    const ir_op *op = chain[k];
    if (op->code != IR_OP_SCF_IF || !op->n_operands) {
      c->unsupported = "a warp_specialize nested in a region op other than scf.if";
      return;
    }
    Z3_ast cond = sym_eval(c, op->operands[0]);
    bool in_then = inner->parent->parent == op->regions[0];
    if (!cond || sym_tainted(c, op->operands[0])) {
      c->unsupported = "a warp_specialize in a branch whose condition is outside the encoding";
      return;
    }
    Z3_ast taken = in_then ? sym_truth(c, cond) : sym_not(c, sym_truth(c, cond));
    if (sym_sat(c, sym_not(c, taken)) == Z3_L_FALSE) continue;
    /* with arguments from 0 (zero_arg): a branch that arguments >= 1 always take (tutorial
     * 09's `k_tiles == 0` around the fork) is assumed taken, and the constraints say so; the
     * other branch, no event of which is encoded, is left to the explicit check (its guard run) */
    Z3_ast pos = Z3_mk_true(c->z);
    bool zero = false;
    for (uint32_t a = 0; a < c->n_args; a++)
      if (c->argvar[a] && sym_arg_from_zero(c, a)) {
        zero = true;
        pos = sym_and2(c, pos, sym_sle(c, Z3_mk_int64(c->z, 1, Z3_mk_bv_sort(c->z, 64)),
                                       sym_resize(c, c->argvar[a], 64, true)));
      }
    if (zero && sym_sat(c, sym_and2(c, pos, sym_not(c, taken))) == Z3_L_FALSE) {
      char *t = sym_fmt("the branch at %s:%u:%u holding the warp_specialize is taken (its other "
                        "branch, taken only where an argument is 0, is left to the explicit "
                        "check)", op->loc.file ? op->loc.file : "?", op->loc.line, op->loc.col);
      sym_assume(c, taken, t);
      free(t);
      continue;
    }
    c->unsupported = "a warp_specialize in a branch not taken for every argument value (the "
                     "other branch is not encoded)";
  }
}

/* The kernel body's blocks joined by forward branches (an early exit; sym_cfg.c, which
 * sym_check.c's refusal admits): each block's ops under its path condition, in reverse
 * postorder. */
static void walk_blocks(sym_ctx *c, walk *w) {
  Z3_ast base = w->path;
  bool base_taint = w->path_taint;
  for (uint32_t k = 0; k < c->cfg->n; k++) {
    const ir_block *b = c->cfg->order[k];
    bool t = false;
    w->path = sym_and2(c, base, sym_cfg_path(c, b, &t));
    w->path_taint = base_taint || t;
    for (const ir_op *op = b->first; op; op = op->next) walk_op(c, w, op);
  }
  w->path = base;
  w->path_taint = base_taint;
}

static void walk_region(sym_ctx *c, walk *w, const ir_region *r) {
  if (c->cfg && r == c->cfg->r) {
    walk_blocks(c, w);
    return;
  }
  for (uint32_t b = 0; b < r->n_blocks; b++) {
    if (b > 0 && !w->unsupported) w->unsupported = "unstructured control flow (cf.br)";
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) walk_op(c, w, op);
  }
}

/* Each partition's protocol must live in one top-level loop (or a flattened nest of it, plus
 * straight-line code), and each ring of a partition in one loop. */
static void assign_main_loops(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (e->loop >= 0 && c->loops[e->loop].flat >= 0) e->loop = c->loops[e->loop].flat;
    if (!sym_ring_event(e) || e->loop < 0 || e->prefork) continue;
    int top = e->loop;
    if (c->loops[top].flat_outer >= 0) top = c->loops[top].flat_outer;
    while (c->loops[top].parent >= 0) top = c->loops[top].parent;
    if (c->loops[e->loop].parent >= 0 && !e->unsupported) e->unsupported = "inside a nested loop";
    sym_part *p = &c->parts[e->part];
    if (p->main_loop < 0) p->main_loop = top;
    else if (p->main_loop != top) p->multi_loop = true;
  }
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (!sym_ring_event(e) || e->unsupported) continue;
    /* several plain top-level loops (sibling loops): sym_sibling.c numbers their rounds */
    if (c->parts[e->part].multi_loop && !sym_sibling_loops_ok(c, e->part))
      e->unsupported = "partition uses rings in more than one loop";
    /* an scf.while's trip count is free: two partitions' while loops need not run equally
     * often in the encoding, unless sym_clc.c links them (the same CLC responses) */
    for (uint32_t j = 0; j < c->n_evs && !e->unsupported; j++)
      if (sym_ring_event(&c->evs[j]) && sym_while_shared(c, e, &c->evs[j]))
        e->unsupported = sym_while_free_trips();
    for (uint32_t j = 0; j < c->n_evs && !e->unsupported && e->loop >= 0; j++) {
      const sym_event *f = &c->evs[j];
      if (sym_ring_event(f) && f->part == e->part && f->ring == e->ring && f->loop >= 0 &&
          f->loop != e->loop && !sym_sibling_loops_ok(c, e->part))
        e->unsupported = "ring used in two loops of the partition";
    }
  }
}

/* ------------------------------------------------------------------ entry */

static const ir_func *pick_func(const ir_module *m, const char *name) {
  if (name) return ir_module_func(m, name);
  return ir_module_kernel(m);
}

int sym_build(sym_ctx *c, char **err) {
  c->fn = pick_func(c->m, c->o->func);
  if (!c->fn || !c->fn->op || !c->fn->op->n_regions || !c->fn->op->regions[0]->n_blocks) {
    *err = sym_fmt("%s:1:1: error: no kernel function%s%s found; name one that the module defines",
                   c->m->filename ? c->m->filename : "<input>", c->o->func ? " " : "",
                   c->o->func ? c->o->func : "");
    return 2;
  }
  /* The encoding's conditions are those of NVIDIA's mbarrier rings (semantics.md §1-§4); an AMD
   * kernel's waits and s_barrier generations (§8) are not encoded, so nothing about it could be
   * proved: refused at the kernel rather than "proved" over zero instances. */
  const char *tgt = ir_module_target(c->m);
  if (tgt && !strncmp(tgt, "hip:", 4)) {
    char lb[256];
    *err = sym_fmt("%s: error: --symbolic: the symbolic conditions are encoded for NVIDIA kernels only "
                   "(mbarrier rings, TMA, wgmma, tcgen05); this kernel targets %s, whose waits and "
                   "s_barrier generations they do not cover; check it without --symbolic (the explicit "
                   "model covers AMD, semantics.md §8)",
                   ir_loc_str(sim_op_loc(c->m, c->fn->op), lb, sizeof lb), tgt);
    return 2;
  }
  for (uint32_t f = 0; f < c->o->n_fixed; f++) {
    bool found = false;
    const ir_block *entry = c->fn->op->regions[0]->blocks[0];
    for (uint32_t a = 0; a < entry->n_args; a++)
      found |= entry->args[a]->name && !strcmp(entry->args[a]->name, c->o->fixed_names[f]);
    if (!found) {
      char lb[256];
      *err = sym_fmt("%s: error: unknown argument '%s'; the kernel's arguments are listed in its "
                     "signature", ir_loc_str(c->fn->op->loc, lb, sizeof lb), c->o->fixed_names[f]);
      return 2;
    }
  }
  uint32_t nv = c->fn->n_values ? c->fn->n_values : 1;
  c->memo = ir_xcalloc(nv, sizeof *c->memo);
  c->taint = ir_xcalloc(nv, sizeof *c->taint);
  c->busy = ir_xcalloc(nv, sizeof *c->busy);
  c->entry = c->fn->op->regions[0]->blocks[0];
  sym_cfg_open(c);
  build_args(c);
  build_parts(c);
  if (c->iter_loop) sym_fresh_parts(c); /* an iteration's context (sym_ring_fresh.c) */
  for (uint32_t p = 0; p < c->n_parts; p++) find_loops(c, c->parts[p].region, (int)p, -1);
  /* the parent's loops before the fork (barrier init loops: their indices are then closed
   * forms of the counter, for the bounds condition); their ring events stay unsupported */
  if (c->ws && c->ws->parent == c->entry)
    for (const ir_op *op = c->entry->first; op && op != c->ws; op = op->next)
      find_loops_op(c, op, 0, -1);
  for (uint32_t l = 0; l < c->n_loops; l++) normalise_loop(c, (int)l);
  /* induction innermost first, so outer loops see inner results in closed form */
  for (uint32_t l = c->n_loops; l-- > 0;) {
    sym_induct_loop(c, (int)l);
    sym_forget(c);
  }
  uint32_t nl = c->n_loops;
  for (uint32_t l = 0; l < nl; l++) { /* counters carried across a nest */
    sym_induct_nest(c, (int)l);
    sym_forget(c);
  }
  for (uint32_t l = 0; l < nl; l++) { /* ... advanced in the outer body too (sym_pad.c) */
    sym_induct_pad(c, (int)l);
    sym_forget(c);
  }
  sym_range_invariants(c); /* slot ranges of the counters still havoc (sym_range.c) */
  for (uint32_t l = 0; l < c->n_loops; l++) /* with closed forms (padded loops have theirs) */
    if (!c->loops[l].pad && c->loops[l].flat_outer < 0) normalise_loop(c, (int)l);
  flatten_loops(c);
  sym_fused_loops(c);
  /* init counts come from the parent body (views there are part of the bounds check too) */
  walk w = {.part = 0, .loop = -1, .path = Z3_mk_true(c->z)};
  for (const ir_op *op = c->entry->first; op && c->ws; op = op->next)
    if (op->code == IR_OP_TTG_MEMDESC_INDEX) {
      c->views = ir_xrealloc(c->views, c->n_views + 1, sizeof *c->views);
      c->views[c->n_views++] = op;
    }
  /* the parent's ops before the fork (§1.4: what a partition knows of a barrier's phases
   * comes from program order, its parent's arrivals before the fork included); events in
   * region ops there are not placed by the encoding */
  w.prefork = true;
  /* a nested fork (ws_chain): the entry block's ops before its outermost enclosing op, then
   * those before each inner level (walk_before) */
  const ir_op *chain[MAX_NEST];
  uint32_t n_chain = c->ws ? ws_chain(c, chain) : 0;
  const ir_op *top = n_chain ? chain[n_chain - 1] : c->ws;
  if (top && top->parent == c->entry)
    for (const ir_op *op = c->entry->first; op && op != top; op = op->next) {
      if (!op->n_regions) { /* its views are registered above */
        op_events(c, &w, op);
        continue;
      }
      w.unsupported = "in a region op before warp_specialize";
      walk_op(c, &w, op);
      w.unsupported = NULL;
    }
  for (uint32_t k = n_chain; k-- > 0;) /* nested: outermost inner block first */
    walk_before(c, &w, k ? chain[k - 1] : c->ws);
  w.prefork = false;
  for (uint32_t p = 0; p < c->n_parts; p++) {
    w.part = (int)p;
    w.loop = -1;
    w.path = Z3_mk_true(c->z);
    w.path_taint = false;
    w.unsupported = NULL;
    walk_region(c, &w, c->parts[p].region);
  }
  /* the parent's ops after the join: they follow every partition's last op (§1.4), as the
   * default partition's later ops; on a ring that loops use their round depends on the trip
   * counts (sym_ring_seq makes them unsupported), otherwise they are straight-line events */
  w.part = 0;
  w.loop = -1;
  w.path = Z3_mk_true(c->z);
  w.path_taint = false;
  w.postjoin = true;
  for (uint32_t k = 0; k < n_chain; k++) /* nested: innermost block first */
    walk_after(c, &w, k ? chain[k - 1] : c->ws);
  if (top && top->parent == c->entry) walk_after(c, &w, top); /* then the entry block's */
  w.postjoin = false;
  resolve_alloc_writes(c);
  sym_stage_place(c); /* the parent's ops relative to the stage using their ring */
  query_facts(c);
  nested_branches(c, chain, n_chain);
  sym_hoist_accumulators(c);
  sym_pad_events(c);
  sym_fused_place(c);
  sym_clc_link(c);
  assign_main_loops(c);
  sym_flat_rewrite(c);
  sym_ring_counts(c);
  if (!c->structure_only) {
    sym_ring_split(c);
    sym_ring_seq(c);
    sym_clc_confirm(c);
  }
  return 0;
}
