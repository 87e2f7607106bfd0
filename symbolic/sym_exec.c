/* sym_exec.c: symbolic evaluation of a partition's scalar control as Z3 bit-vector terms
 * (one per SSA value, memoised), over the kernel's integer arguments and loop counters. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "sym_internal.h"

int sym_value_width(const ir_type *t) {
  if (!t) return 0;
  if (t->kind == IR_T_INDEX) return 64;
  if (t->kind == IR_T_INT && t->bits >= 1 && t->bits <= 64) return t->bits;
  return 0;
}

/* The allocation (the memdesc_index source operand) every leaf of slot view v comes from, or
 * NULL (depth: carried views nested in loops followed at most that deep). */
static const ir_value *slot_source(const ir_value *v, int depth) {
  if (!v || !v->type || v->type->kind != IR_T_MEMDESC || depth < 0) return NULL;
  if (v->def && v->def->code == IR_OP_TTG_MEMDESC_INDEX)
    return v->def->n_operands >= 2 && v->result_idx == 0 ? v->def->operands[0] : NULL;
  const ir_op *f = v->def ? v->def : v->block && v->block->parent ? v->block->parent->parent : NULL;
  if (!f || f->code != IR_OP_SCF_FOR) return NULL;
  if (!v->def && (v->block != f->regions[0]->blocks[0] || v->arg_idx == 0)) return NULL;
  uint32_t k = v->def ? (uint32_t)v->result_idx : v->arg_idx - 1, n_init = 0;
  ir_seg(f, IR_SEG_SCF_FOR_INITS, &n_init);
  const ir_op *y = sym_body_yield(f);
  if (!f->n_operands || k >= n_init || !y || k >= y->n_operands) return NULL;
  /* a constant initial slot is sym_carried_view.c's first two rules' (one slot throughout, or
   * the previous iteration's yield): no term, no induction of it (ttd_reshape_100 spent 8 s
   * more on the prefix queries with one) */
  const ir_value *init = f->operands[f->seg_start[IR_SEG_SCF_FOR_INITS] + k];
  int64_t k0;
  if (init->def && init->def->code == IR_OP_TTG_MEMDESC_INDEX && init->def->n_operands >= 2 &&
      ir_value_const_int(init->def->operands[1], &k0))
    return NULL;
  const ir_value *a = slot_source(init, depth - 1);
  return a && a == slot_source(y->operands[k], depth - 1) ? a : NULL;
}

int sym_term_width(const ir_value *v) {
  if (!v) return 0;
  int w = sym_value_width(v->type);
  return w ? w : slot_source(v, 4) ? SYM_SLOT_WIDTH : 0;
}

int sym_carried_width(const ir_op *f, uint32_t k) {
  return sym_term_width(sym_carried_arg(f, k));
}

void sym_forget(sym_ctx *c) {
  memset(c->memo, 0, c->fn->n_values * sizeof *c->memo);
  memset(c->taint, 0, c->fn->n_values * sizeof *c->taint);
  sym_cfg_forget(c);
}

int sym_loop_of_op(sym_ctx *c, const ir_op *op) {
  for (const ir_op *o = op; o; ) {
    const ir_block *b = o->parent;
    if (!b || !b->parent) return -1;
    o = b->parent->parent; /* the op owning the region */
    if (!o) return -1;
    if (sym_is_loop(o))
      for (uint32_t l = 0; l < c->n_loops; l++)
        if (c->loops[l].op == o) return (int)l;
  }
  return -1;
}

/* The loop a block argument or an op result lives in (for havoc terms). */
static int loop_of_value(sym_ctx *c, const ir_value *v) {
  if (v->def) return sym_loop_of_op(c, v->def);
  const ir_block *b = v->block;
  if (!b || !b->parent || !b->parent->parent) return -1;
  const ir_op *owner = b->parent->parent;
  if (sym_is_loop(owner))
    for (uint32_t l = 0; l < c->n_loops; l++)
      if (c->loops[l].op == owner) return (int)l;
  return sym_loop_of_op(c, owner);
}

/* An unmodelled value: a fresh function of the enclosing loops' counters (so instantiating
 * them at another iteration, of any loop of the nest, gives another unknown), or a fresh
 * constant (sym_havoc.c). */
static Z3_ast havoc(sym_ctx *c, const ir_value *v, unsigned w) {
  char name[80];
  snprintf(name, sizeof name, "?%s", v->name ? v->name : "v");
  return sym_havoc_at(c, name, Z3_mk_bv_sort(c->z, w), loop_of_value(c, v));
}

/* Replaces the pre-induction variables of finished loops by their final terms. A closed form
 * built before an enclosing loop's induction (an inner counter whose init is the outer loop's
 * carried value), or before an earlier sibling loop's (a counter continuing that loop's result:
 * its result variable, replaced by the final term at it = trip), may mention a variable that
 * ended up havoc: then *taint is set. */
Z3_ast sym_resolve_carried(sym_ctx *c, Z3_ast t, bool *taint) {
  enum { MAX = 256 }; /* substitutions per round; beyond them the term counts as tainted */
  for (int round = 0; round < 4; round++) {
    Z3_ast from[MAX], to[MAX];
    unsigned n = 0, nh = 0;
    bool full = false;
    for (int havoc = 1; havoc >= 0; havoc--) { /* the havoc ones first: from[0..nh) */
      for (uint32_t l = 0; l < c->n_loops; l++) {
        const sym_loop *L = &c->loops[l];
        if (!L->induct_done) continue;
        for (uint32_t k = 0; k < L->n_carried; k++) {
          if (!L->final[k]) continue; /* a tensor: never */
          if (n + 2 > MAX) {
            full = true;
            continue;
          }
          if ((L->closed[k] == NULL) == havoc) {
            from[n] = L->carried_var[k];
            to[n++] = L->final[k];
          }
          /* the value after the loop: proved (last step and zero trips), else havoc */
          if (L->op->code != IR_OP_SCF_FOR || L->flat_outer >= 0 || !L->after[k] ||
              L->after_ok[k] == havoc)
            continue;
          from[n] = L->result_var[k];
          to[n++] = L->after[k];
        }
      }
      if (havoc) nh = n;
    }
    if (full) *taint = true; /* a variable may stay free: never a violation through it */
    if (!n) return t;
    if (nh && !Z3_is_eq_ast(c->z, Z3_substitute(c->z, t, nh, from, to), t)) *taint = true;
    Z3_ast u = Z3_substitute(c->z, t, n, from, to);
    if (Z3_is_eq_ast(c->z, u, t)) return t;
    t = u;
  }
  return t;
}

static int loop_index(sym_ctx *c, const ir_op *forop) {
  for (uint32_t l = 0; l < c->n_loops; l++)
    if (c->loops[l].op == forop) return (int)l;
  return -1;
}

/* scf.for iv = lb + step * it, in the iv's own width. */
static Z3_ast loop_iv(sym_ctx *c, int l, unsigned w, bool *taint) {
  const ir_op *f = c->loops[l].op;
  Z3_ast lb = sym_eval(c, f->operands[0]), st = sym_eval(c, f->operands[2]);
  if (!lb || !st) return NULL;
  *taint |= sym_tainted(c, f->operands[0]) || sym_tainted(c, f->operands[2]);
  Z3_ast v = sym_add(c, sym_wide(c, lb, true), sym_mul(c, sym_wide(c, st, true), c->loops[l].it));
  return sym_resize(c, v, w, true);
}

static const ir_op *region_yield(const ir_region *r) {
  if (!r || !r->n_blocks || !r->blocks[0]->last) return NULL;
  const ir_op *y = r->blocks[0]->last;
  return y->code == IR_OP_SCF_YIELD ? y : NULL;
}

static Z3_ast eval_arg(sym_ctx *c, const ir_value *v, unsigned w, bool *taint) {
  const ir_block *b = v->block;
  if (b == c->entry) return c->argvar[v->arg_idx];
  if (c->cfg && b && b->parent == c->cfg->r) return sym_cfg_arg(c, v, taint); /* a phi */
  const ir_op *owner = b && b->parent ? b->parent->parent : NULL;
  if (!owner) return NULL;
  if (owner->code == IR_OP_TTG_WARP_SPECIALIZE || owner->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) {
    /* partition block arguments are the warp_specialize captures, in order */
    const ir_op *ws = owner;
    while (ws && ws->code != IR_OP_TTG_WARP_SPECIALIZE)
      ws = ws->parent && ws->parent->parent ? ws->parent->parent->parent : NULL;
    if (!ws) ws = c->ws;
    if (ws && v->arg_idx < ws->n_operands) {
      const ir_value *cap = ws->operands[v->arg_idx];
      Z3_ast t = sym_eval(c, cap);
      *taint |= sym_tainted(c, cap);
      return t;
    }
    return NULL;
  }
  if (c->iter_loop && owner == c->iter_loop) return sym_fresh_iter_arg(c, v, w);
  if (owner->code == IR_OP_SCF_WHILE && owner->n_regions == 2 && b->parent == owner->regions[1]) {
    /* the body's arguments: what the condition region forwards (scf.condition) */
    const ir_block *before = owner->regions[0]->n_blocks ? owner->regions[0]->blocks[0] : NULL;
    const ir_op *cond = before ? before->last : NULL;
    if (!cond || cond->code != IR_OP_SCF_CONDITION || v->arg_idx + 1 >= cond->n_operands) return NULL;
    const ir_value *fwd = cond->operands[v->arg_idx + 1];
    Z3_ast t = sym_eval(c, fwd);
    *taint |= sym_tainted(c, fwd);
    return t;
  }
  if (sym_is_loop(owner)) {
    int l = loop_index(c, owner);
    if (l < 0) return sym_fresh_outer_arg(c, v, w); /* a loop around an iteration's context */
    bool wl = owner->code == IR_OP_SCF_WHILE;
    if (!wl && v->arg_idx == 0) return loop_iv(c, l, w, taint);
    uint32_t k = wl ? v->arg_idx : v->arg_idx - 1;
    sym_loop *L = &c->loops[l];
    if (k >= L->n_carried) return NULL;
    if (!L->induct_done) return L->carried_var[k];
    if (!L->closed[k]) *taint = true;
    return sym_resolve_carried(c, L->final[k], taint);
  }
  return NULL;
}

static int cmp_predicate(const ir_op *op) {
  static const char *const names[] = {"eq", "ne", "slt", "sle", "sgt", "sge",
                                      "ult", "ule", "ugt", "uge"};
  const ir_attr *a = ir_op_attr(op, "predicate");
  if (!a) return -1;
  if (a->kind == IR_A_INT) return a->ival >= 0 && a->ival < 10 ? (int)a->ival : -1;
  if ((a->kind == IR_A_KEYWORD || a->kind == IR_A_STRING) && a->str)
    for (int i = 0; i < 10; i++)
      if (!strcmp(a->str, names[i])) return i;
  return -1;
}

static Z3_ast cmp(sym_ctx *c, int p, Z3_ast a, Z3_ast b) {
  Z3_context z = c->z;
  switch (p) {
  case 0: return Z3_mk_eq(z, a, b);
  case 1: return Z3_mk_not(z, Z3_mk_eq(z, a, b));
  case 2: return Z3_mk_bvslt(z, a, b);
  case 3: return Z3_mk_bvsle(z, a, b);
  case 4: return Z3_mk_bvsgt(z, a, b);
  case 5: return Z3_mk_bvsge(z, a, b);
  case 6: return Z3_mk_bvult(z, a, b);
  case 7: return Z3_mk_bvule(z, a, b);
  case 8: return Z3_mk_bvugt(z, a, b);
  default: return Z3_mk_bvuge(z, a, b);
  }
}

static Z3_ast zero_of(sym_ctx *c, Z3_ast a) { return sym_bv(c, 0, sym_width(c, a)); }

/* MLIR ceildivsi / floordivsi / ceildivui from truncating division and its remainder. */
static Z3_ast rounded_div(sym_ctx *c, ir_opcode code, Z3_ast a, Z3_ast b) {
  Z3_context z = c->z;
  Z3_ast one = sym_bv(c, 1, sym_width(c, a)), zero = zero_of(c, a);
  if (code == IR_OP_ARITH_CEILDIVUI) {
    Z3_ast q = Z3_mk_bvudiv(z, a, b), r = Z3_mk_bvurem(z, a, b);
    return Z3_mk_ite(z, Z3_mk_eq(z, r, zero), q, sym_add(c, q, one));
  }
  Z3_ast q = Z3_mk_bvsdiv(z, a, b), r = Z3_mk_bvsrem(z, a, b);
  Z3_ast nz = Z3_mk_not(z, Z3_mk_eq(z, r, zero));
  Z3_ast same = Z3_mk_eq(z, Z3_mk_bvslt(z, r, zero), Z3_mk_bvslt(z, b, zero));
  if (code == IR_OP_ARITH_CEILDIVSI)
    return Z3_mk_ite(z, sym_and2(c, nz, same), sym_add(c, q, one), q);
  return Z3_mk_ite(z, sym_and2(c, nz, sym_not(c, same)), sym_sub(c, q, one), q);
}

static Z3_ast query_var(sym_ctx *c, Z3_ast *slot, const char *name, unsigned w) {
  if (!*slot) *slot = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), c->wide);
  return sym_resize(c, *slot, w, true);
}

static int axis_of(const ir_op *op) {
  const ir_attr *a = ir_op_attr(op, "axis");
  if (!a) return 0;
  if (a->kind == IR_A_INT) return a->ival >= 0 && a->ival < 3 ? (int)a->ival : 0;
  if (a->str && a->str[0] >= 'x' && a->str[0] <= 'z') return a->str[0] - 'x';
  return 0;
}

static Z3_ast eval_op(sym_ctx *c, const ir_op *op, int ridx, unsigned w, bool *taint) {
  Z3_context z = c->z;
  Z3_ast a = NULL, b = NULL;
  int64_t k;
  switch (op->code) {
  case IR_OP_ARITH_CONSTANT:
    return ir_value_const_int(op->results[ridx], &k) ? sym_bv(c, k, w) : NULL;
  case IR_OP_TT_LOAD:
    *taint = true; /* loaded data: no concrete value (sym_load.c) */
    return sym_load_keyed(c, op, w);
  case IR_OP_TT_GET_PROGRAM_ID: {
    static const char *const n[3] = {"pid_x", "pid_y", "pid_z"};
    int ax = axis_of(op);
    return query_var(c, &c->pid[ax], n[ax], w);
  }
  case IR_OP_TTNG_CLC_QUERY_CANCEL: {
    /* the cancelled cluster's first ctaid (>= 0), or -1 when the request failed (semantics.md
     * §6.3; sim_clc.c sim_clc_read): failure in the last iteration of a loop that goes on
     * exactly on success (sym_while.c), else a havoc h mapped to -1 where it is negative */
    *taint = true; /* the ctaid is not known */
    Z3_ast t = ridx == 0 ? sym_while_response(c, op, w) : NULL;
    if (t) return t;
    Z3_ast h = havoc(c, op->results[ridx], w);
    return sym_ite(c, sym_slt(c, h, sym_bv(c, 0, w)), sym_bv(c, -1, w), h);
  }
  case IR_OP_TTNG_CLC_IS_CANCELED: /* exact for the response a while loop follows */
    return sym_while_response(c, op, w);
  case IR_OP_TT_GET_NUM_PROGRAMS: {
    static const char *const n[3] = {"nprog_x", "nprog_y", "nprog_z"};
    int ax = axis_of(op);
    return query_var(c, &c->nprog[ax], n[ax], w);
  }
  case IR_OP_TTG_MEMDESC_INDEX: /* a slot view's term: its index (sym_term_width) */
    if (ridx != 0 || op->n_operands < 2 || !(a = sym_eval(c, op->operands[1]))) return NULL;
    *taint |= sym_tainted(c, op->operands[1]);
    return sym_resize(c, a, w, true);
  case IR_OP_SCF_FOR: {
    int l = loop_index(c, op);
    if (l < 0 || (uint32_t)ridx >= c->loops[l].n_carried) return NULL;
    /* before its induction (a later sibling loop's init, inducted first): a variable that
     * sym_resolve_carried replaces */
    if (!c->loops[l].induct_done) return c->loops[l].result_var[ridx];
    /* the value after the loop: the closed form at it = trip once proved there
     * (sym_induct.c, after_loop) */
    if (!c->loops[l].after_ok[ridx]) {
      int64_t n = c->loops[l].range_n[ridx];
      if (!n) return NULL; /* a havoc of its own (eval_value) */
      *taint = true; /* that havoc (a function of the enclosing loops' counters), clamped to its
                      * proved slot range (sym_range.c) */
      return sym_range_clamp(c, havoc(c, op->results[ridx], w), n);
    }
    return sym_resolve_carried(c, c->loops[l].after[ridx], taint);
  }
  case IR_OP_TTG_WARP_SPECIALIZE: {
    /* after the join: what the default partition yields (its warp_yield's operands) */
    const ir_region *d = op->n_regions ? op->regions[0] : NULL;
    const ir_op *y = d && d->n_blocks ? d->blocks[0]->last : NULL;
    if (!y || y->code != IR_OP_TTG_WARP_YIELD || (uint32_t)ridx >= y->n_operands) return NULL;
    a = sym_eval(c, y->operands[ridx]);
    *taint |= sym_tainted(c, y->operands[ridx]);
    return a;
  }
  case IR_OP_SCF_IF: {
    if (op->n_regions < 2 || !op->n_operands) return NULL;
    const ir_op *ty = region_yield(op->regions[0]), *fy = region_yield(op->regions[1]);
    if (!ty || !fy || (uint32_t)ridx >= ty->n_operands || (uint32_t)ridx >= fy->n_operands)
      return NULL;
    Z3_ast k0 = sym_eval(c, op->operands[0]);
    a = sym_eval(c, ty->operands[ridx]);
    b = sym_eval(c, fy->operands[ridx]);
    if (!k0 || !a || !b) return NULL;
    *taint |= sym_tainted(c, op->operands[0]) || sym_tainted(c, ty->operands[ridx]) ||
              sym_tainted(c, fy->operands[ridx]);
    return Z3_mk_ite(z, sym_truth(c, k0), a, b);
  }
  default:
    break;
  }
  /* the remaining ops: scalar arithmetic on one to three scalar operands */
  if (ir_ops[op->code].cls != IR_C_SCALAR || op->n_operands < 1 || op->n_operands > 3)
    return NULL;
  Z3_ast x[3] = {NULL, NULL, NULL};
  for (uint32_t i = 0; i < op->n_operands; i++) {
    x[i] = sym_eval(c, op->operands[i]);
    if (!x[i]) return NULL;
    *taint |= sym_tainted(c, op->operands[i]);
  }
  a = x[0];
  b = x[1];
  bool two = op->n_operands == 2;
  switch (op->code) {
  case IR_OP_ARITH_ADDI: return two ? sym_add(c, a, b) : NULL;
  case IR_OP_ARITH_SUBI: return two ? sym_sub(c, a, b) : NULL;
  case IR_OP_ARITH_MULI: return two ? sym_mul(c, a, b) : NULL;
  case IR_OP_ARITH_DIVSI: return two ? Z3_mk_bvsdiv(z, a, b) : NULL;
  case IR_OP_ARITH_DIVUI: return two ? Z3_mk_bvudiv(z, a, b) : NULL;
  case IR_OP_ARITH_REMSI: return two ? Z3_mk_bvsrem(z, a, b) : NULL;
  case IR_OP_ARITH_REMUI: return two ? Z3_mk_bvurem(z, a, b) : NULL;
  case IR_OP_ARITH_CEILDIVSI:
  case IR_OP_ARITH_CEILDIVUI:
  case IR_OP_ARITH_FLOORDIVSI: return two ? rounded_div(c, op->code, a, b) : NULL;
  case IR_OP_ARITH_ANDI: return two ? Z3_mk_bvand(z, a, b) : NULL;
  case IR_OP_ARITH_ORI: return two ? Z3_mk_bvor(z, a, b) : NULL;
  case IR_OP_ARITH_XORI: return two ? Z3_mk_bvxor(z, a, b) : NULL;
  case IR_OP_ARITH_SHLI: return two ? Z3_mk_bvshl(z, a, b) : NULL;
  case IR_OP_ARITH_SHRSI: return two ? Z3_mk_bvashr(z, a, b) : NULL;
  case IR_OP_ARITH_SHRUI: return two ? Z3_mk_bvlshr(z, a, b) : NULL;
  case IR_OP_ARITH_MAXSI: return two ? Z3_mk_ite(z, Z3_mk_bvsge(z, a, b), a, b) : NULL;
  case IR_OP_ARITH_MINSI: return two ? Z3_mk_ite(z, Z3_mk_bvsle(z, a, b), a, b) : NULL;
  case IR_OP_ARITH_MAXUI: return two ? Z3_mk_ite(z, Z3_mk_bvuge(z, a, b), a, b) : NULL;
  case IR_OP_ARITH_MINUI: return two ? Z3_mk_ite(z, Z3_mk_bvule(z, a, b), a, b) : NULL;
  case IR_OP_ARITH_CMPI: {
    int p = cmp_predicate(op);
    return two && p >= 0 ? sym_bit(c, cmp(c, p, a, b)) : NULL;
  }
  case IR_OP_ARITH_SELECT:
    return op->n_operands == 3 ? Z3_mk_ite(z, sym_truth(c, a), x[1], x[2]) : NULL;
  case IR_OP_ARITH_EXTSI:
  case IR_OP_ARITH_INDEX_CAST: return sym_resize(c, a, w, true);
  case IR_OP_ARITH_EXTUI:
  case IR_OP_ARITH_TRUNCI:
  case IR_OP_ARITH_INDEX_CASTUI: return sym_resize(c, a, w, false);
  case IR_OP_ARITH_BITCAST: case IR_OP_AMDG_ASSUME_UNIFORM: return sym_width(c, a) == w ? a : NULL;
  default: return NULL;
  }
}

bool sym_tainted(sym_ctx *c, const ir_value *v) {
  return v && (c->taint[v->id] & 2);
}

Z3_ast sym_eval(sym_ctx *c, const ir_value *v) {
  if (!v) return NULL;
  assert(v->id < c->fn->n_values);
  if (c->memo[v->id]) return c->memo[v->id]; /* (set only for a value with a term) */
  int w = sym_term_width(v);
  if (!w) return NULL;
  if (c->busy[v->id]) return NULL; /* not expected in SSA: treated as unmodelled */
  c->busy[v->id] = 1;
  bool taint = false;
  Z3_ast t = v->def ? eval_op(c, v->def, v->result_idx, (unsigned)w, &taint)
                    : eval_arg(c, v, (unsigned)w, &taint);
  if (t && sym_width(c, t) != (unsigned)w) t = sym_resize(c, t, (unsigned)w, true);
  if (!t) {
    t = havoc(c, v, (unsigned)w);
    taint = true;
    if (v->def && (v->def->code == IR_OP_TT_LOAD || v->def->code == IR_OP_AMDG_BUFFER_LOAD))
      c->loaded_control = true;
  }
  c->busy[v->id] = 0;
  c->memo[v->id] = t;
  c->taint[v->id] = taint ? 2 : 0;
  return t;
}
