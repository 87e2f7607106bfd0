/* sym_ctx.c: Z3 helpers for the symbolic layer: bit-vector term builders, satisfiability
 * checks under the argument facts, and counterexample minimisation (smallest trip count first). */
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* ------------------------------------------------------------------ terms */

Z3_ast sym_bv(sym_ctx *c, int64_t v, unsigned width) {
  return Z3_mk_int64(c->z, v, Z3_mk_bv_sort(c->z, width));
}

Z3_ast sym_int(sym_ctx *c, int64_t v) { return Z3_mk_int64(c->z, v, c->wide); }

unsigned sym_width(sym_ctx *c, Z3_ast t) {
  return Z3_get_bv_sort_size(c->z, Z3_get_sort(c->z, t));
}

Z3_ast sym_resize(sym_ctx *c, Z3_ast t, unsigned width, bool is_signed) {
  unsigned w = sym_width(c, t);
  if (w == width) return t;
  if (w > width) return Z3_mk_extract(c->z, width - 1, 0, t);
  return is_signed ? Z3_mk_sign_ext(c->z, width - w, t) : Z3_mk_zero_ext(c->z, width - w, t);
}

Z3_ast sym_wide(sym_ctx *c, Z3_ast t, bool is_signed) {
  return sym_resize(c, t, SYM_WIDE, is_signed);
}

Z3_ast sym_truth(sym_ctx *c, Z3_ast bv1) {
  return Z3_mk_eq(c->z, sym_resize(c, bv1, 1, false), Z3_mk_int(c->z, 1, c->bv1));
}

Z3_ast sym_bit(sym_ctx *c, Z3_ast b) {
  return Z3_mk_ite(c->z, b, Z3_mk_int(c->z, 1, c->bv1), Z3_mk_int(c->z, 0, c->bv1));
}

Z3_ast sym_and2(sym_ctx *c, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_and(c->z, 2, v);
}

Z3_ast sym_or2(sym_ctx *c, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_or(c->z, 2, v);
}

Z3_ast sym_not(sym_ctx *c, Z3_ast a) { return Z3_mk_not(c->z, a); }
Z3_ast sym_eq(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_eq(c->z, a, b); }

unsigned sym_int_width(sym_ctx *c, Z3_ast t) {
  unsigned w = sym_width(c, t);
  return w > SYM_WIDE ? w : SYM_WIDE;
}

Z3_ast sym_eq_int(sym_ctx *c, Z3_ast a, Z3_ast b, int64_t add) {
  unsigned wa = sym_int_width(c, a), wb = sym_int_width(c, b), w = wa > wb ? wa : wb;
  Z3_ast rhs = sym_resize(c, b, w, true);
  if (add) rhs = sym_add(c, rhs, sym_bv(c, add, w));
  return Z3_mk_eq(c->z, sym_resize(c, a, w, true), rhs);
}
Z3_ast sym_slt(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvslt(c->z, a, b); }
Z3_ast sym_sle(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvsle(c->z, a, b); }
Z3_ast sym_add(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvadd(c->z, a, b); }
Z3_ast sym_sub(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvsub(c->z, a, b); }
Z3_ast sym_mul(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvmul(c->z, a, b); }
Z3_ast sym_ite(sym_ctx *c, Z3_ast k, Z3_ast a, Z3_ast b) { return Z3_mk_ite(c->z, k, a, b); }

/* bvsmod takes the divisor's sign, so with n > 0 it is the Euclidean remainder. */
Z3_ast sym_fmod(sym_ctx *c, Z3_ast a, int64_t n) {
  assert(n > 0);
  return Z3_mk_bvsmod(c->z, a, sym_bv(c, n, sym_width(c, a)));
}

Z3_ast sym_fdiv(sym_ctx *c, Z3_ast a, int64_t n) {
  assert(n > 0);
  return Z3_mk_bvsdiv(c->z, sym_sub(c, a, sym_fmod(c, a, n)), sym_bv(c, n, sym_width(c, a)));
}

Z3_ast sym_subst(sym_ctx *c, Z3_ast t, Z3_ast from, Z3_ast to) {
  Z3_ast f[1] = {from}, g[1] = {to};
  return Z3_substitute(c->z, t, 1, f, g);
}

Z3_ast sym_simplify(sym_ctx *c, Z3_ast t) { return Z3_simplify(c->z, t); }

bool sym_numeral(sym_ctx *c, Z3_ast t, int64_t *out) {
  Z3_ast s = Z3_simplify(c->z, t);
  if (Z3_get_ast_kind(c->z, s) != Z3_NUMERAL_AST) return false;
  uint64_t u;
  if (!Z3_get_numeral_uint64(c->z, s, &u)) return false;
  unsigned w = sym_width(c, s);
  if (w < 64 && (u >> (w - 1)) & 1) u |= ~(uint64_t)0 << w; /* sign-extend */
  *out = (int64_t)u;
  return true;
}

bool sym_is_true(sym_ctx *c, Z3_ast b) {
  return Z3_get_bool_value(c->z, Z3_simplify(c->z, b)) == Z3_L_TRUE;
}

Z3_ast sym_fresh(sym_ctx *c, const char *prefix, Z3_sort s) {
  return Z3_mk_fresh_const(c->z, prefix, s);
}

bool sym_ok(sym_ctx *c) {
  Z3_error_code e = Z3_get_error_code(c->z);
  if (e == Z3_OK) return true;
  if (!c->errbuf[0])
    snprintf(c->errbuf, sizeof c->errbuf, "%s", Z3_get_error_msg(c->z, e));
  return false;
}

/* ------------------------------------------------------------------ solving */

static void assert_defs(sym_ctx *c, Z3_solver s, Z3_ast phi, bool lazy);
static bool mentions_lazy(sym_ctx *c, Z3_ast phi);

/* Z3_solver_check, timed for TLXV_SYM_DEBUG. */
static Z3_lbool check(sym_ctx *c, Z3_solver s) {
  double t0 = sym_debug_on() ? sym_debug_clock() : 0;
  Z3_lbool r = Z3_solver_check(c->z, s);
  if (sym_debug_on()) sym_debug_query(c, sym_debug_clock() - t0, r);
  if (sym_debug_on() && getenv("TLXV_SYM_DUMP") && sym_debug_clock() - t0 > 0.3) {
    static int nd = 0;
    char fn[64];
    snprintf(fn, sizeof fn, "/tmp/sym/q_%d.smt2", nd++);
    FILE *f = fopen(fn, "w");
    if (f) { fprintf(f, "; %s\n%s\n", c->dbg, Z3_solver_to_string(c->z, s)); fclose(f); }
  }
  return r;
}

/* Z3's work on a query is bounded by its resource limit (rlimit), a count of solver steps, so
 * an answer never depends on the machine's load: the same input gives the same report. Only
 * the user's --time-limit (c->deadline) is wall-clock: near it a query also gets a timeout,
 * and past it none is asked. */
#define SYM_PROBE_DIV 8      /* a minimisation probe gets rlimit / SYM_PROBE_DIV */
#define SYM_MINIMISE_PROBES 48 /* per counterexample: all its minimisation probes together */

/* Milliseconds left before the deadline (UINT_MAX without one); 0 when it has passed. */
static unsigned query_ms(sym_ctx *c) {
  if (c->deadline <= 0) return UINT_MAX;
  double left = c->deadline - sym_now_s();
  if (left <= 0) return 0;
  return left * 1000 < 4e9 ? (unsigned)(left * 1000) + 1 : UINT_MAX - 1;
}

bool sym_past_deadline(sym_ctx *c) { return c->deadline > 0 && query_ms(c) == 0; }

/* The solver's limits: resource limit rl (Z3 counts it from the start of each check), and what the deadline leaves (1 ms when past). */
static void set_limits(sym_ctx *c, Z3_solver s, uint64_t rl) {
  Z3_params p = Z3_mk_params(c->z);
  Z3_params_inc_ref(c->z, p);
  Z3_params_set_uint(c->z, p, Z3_mk_string_symbol(c->z, "rlimit"),
                     rl > UINT_MAX ? UINT_MAX : (unsigned)rl);
  if (c->deadline > 0) {
    unsigned left = query_ms(c);
    Z3_params_set_uint(c->z, p, Z3_mk_string_symbol(c->z, "timeout"), left ? left : 1);
  }
  Z3_solver_set_params(c->z, s, p);
  Z3_params_dec_ref(c->z, p);
}

static Z3_solver new_solver(sym_ctx *c) {
  Z3_solver s = Z3_mk_solver_for_logic(c->z, Z3_mk_string_symbol(c->z, "QF_BV"));
  Z3_solver_inc_ref(c->z, s);
  set_limits(c, s, c->rlimit);
  Z3_solver_assert(c->z, s, c->facts);
  return s;
}

Z3_lbool sym_sat(sym_ctx *c, Z3_ast phi) { return sym_sat_rl(c, phi, c->rlimit); }

/* phi without the lazy definitions it needs (products of a flattened nest), at half the
 * limit: most proofs about a nest's rings need no product, and an unsat answer there is one
 * with them (every model of the full query is one of the abstraction). Z3_L_TRUE (sat: only
 * the full query can tell) when phi needs no lazy definition. An undefined answer stands for
 * the full query's too (strictly more to decide): the callers do not ask it then. */
static Z3_lbool abstract_check(sym_ctx *c, Z3_ast phi, uint64_t rlimit) {
  if (!mentions_lazy(c, phi)) return Z3_L_TRUE;
  Z3_solver s = new_solver(c);
  set_limits(c, s, rlimit / 2);
  Z3_solver_assert(c->z, s, phi);
  assert_defs(c, s, phi, false);
  Z3_lbool r = check(c, s);
  Z3_solver_dec_ref(c->z, s);
  return sym_ok(c) ? r : Z3_L_UNDEF;
}

Z3_lbool sym_sat_rl(sym_ctx *c, Z3_ast phi, uint64_t rlimit) {
  if (!sym_ok(c) || !query_ms(c)) return Z3_L_UNDEF;
  for (uint32_t k = c->n_qmemo; k-- > 0;)
    if (c->qmemo[k].rl == rlimit && c->qmemo[k].phi == phi) return c->qmemo[k].r;
  Z3_lbool r = abstract_check(c, phi, rlimit);
  if (r == Z3_L_TRUE) {
    Z3_solver s = new_solver(c);
    if (rlimit != c->rlimit) set_limits(c, s, rlimit);
    Z3_solver_assert(c->z, s, phi);
    assert_defs(c, s, phi, true);
    r = check(c, s);
    Z3_solver_dec_ref(c->z, s);
  }
  if (!sym_ok(c)) return Z3_L_UNDEF;
  if (r != Z3_L_UNDEF || c->deadline <= 0) { /* a wall-clock timeout is not an answer */
    c->qmemo = ir_grow(c->qmemo, &c->cap_qmemo, c->n_qmemo + 1, sizeof *c->qmemo);
    c->qmemo[c->n_qmemo++] = (struct sym_qmemo){phi, rlimit, r};
  }
  return r;
}

/* Value of t in the solver's current model (signed), false when unavailable. */
static bool model_value(sym_ctx *c, Z3_solver s, Z3_ast t, int64_t *out) {
  Z3_model m = Z3_solver_get_model(c->z, s);
  if (!m) return false;
  Z3_model_inc_ref(c->z, m);
  Z3_ast v = NULL;
  bool ok = Z3_model_eval(c->z, m, t, true, &v) && v && sym_numeral(c, v, out);
  Z3_model_dec_ref(c->z, m);
  return ok;
}

/* Counts a probe against the counterexample's budget (c->probes_left); false when spent. */
static bool take_probe(sym_ctx *c) {
  if (!c->probes_left) return false;
  c->probes_left--;
  return true;
}

/* A fresh solver for phi (with the facts and the definitions phi uses), checked with resource
 * limit rl; *r is its answer. Each probe gets its own solver rather than push / pop on one:
 * after a push Z3 switches to its incremental engine, whose preprocessing is weaker and whose
 * pop is not bounded by the rlimit (it took minutes on persistent kernels' closed forms). */
static Z3_solver probe(sym_ctx *c, Z3_ast phi, uint64_t rl, Z3_lbool *r) {
  Z3_solver s = new_solver(c);
  set_limits(c, s, rl);
  Z3_solver_assert(c->z, s, phi);
  assert_defs(c, s, phi, true);
  *r = check(c, s);
  return s;
}

/* Smallest value of t (known to be >= 0 in every model of *phi) such that *phi stays
 * satisfiable: galloping probes 0, 1, 3, 7, ... then bisection, each probe with a short
 * resource limit. *best holds the current model's value on entry. On return *phi has the
 * conjunct t == best and *s (replaced) holds a model of it. Returns false when a probe gave no
 * answer (the value found so far is kept) or the model could not be refreshed in time (then
 * *phi and *s are unchanged): the caller stops minimising. */
static bool minimise(sym_ctx *c, Z3_solver *s, Z3_ast *phi, Z3_ast t, int64_t *best) {
  int64_t lo = 0, hi = *best;
  bool complete = true;
  if (hi <= 0) return true;
  Z3_ast t64 = sym_wide(c, t, true);
  for (int64_t x = 0; x < hi; x = 2 * x + 1) {
    if (sym_past_deadline(c) || !take_probe(c)) { complete = false; goto done; }
    Z3_lbool r;
    Z3_solver p = probe(c, sym_and2(c, *phi, sym_sle(c, t64, sym_int(c, x))),
                        c->rlimit / SYM_PROBE_DIV, &r);
    int64_t v;
    if (r == Z3_L_TRUE && model_value(c, p, t64, &v)) hi = v;
    Z3_solver_dec_ref(c->z, p);
    if (r == Z3_L_UNDEF) { complete = false; goto done; }
    if (r == Z3_L_TRUE) break;
    lo = x + 1;
  }
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (sym_past_deadline(c) || !take_probe(c)) { complete = false; break; }
    Z3_lbool r;
    Z3_solver p = probe(c, sym_and2(c, *phi, sym_sle(c, t64, sym_int(c, mid))),
                        c->rlimit / SYM_PROBE_DIV, &r);
    int64_t v;
    bool got = r == Z3_L_TRUE && model_value(c, p, t64, &v);
    Z3_solver_dec_ref(c->z, p);
    if (r == Z3_L_UNDEF) { complete = false; break; }
    if (got) hi = v; else lo = mid + 1;
  }
done: /* the probes left no model with the bound: make one */
  {
    Z3_lbool r;
    Z3_ast fixed = sym_and2(c, *phi, sym_eq(c, t64, sym_int(c, hi)));
    Z3_solver p = probe(c, fixed, c->rlimit / SYM_PROBE_DIV, &r);
    if (r != Z3_L_TRUE) { /* hi was satisfiable, but not in time now */
      Z3_solver_dec_ref(c->z, p);
      return false;
    }
    Z3_solver_dec_ref(c->z, *s);
    *s = p;
    *phi = fixed;
  }
  *best = hi;
  return complete;
}

/* Reads trip, iter, the used arguments and the extras from the solver's model; false (outputs
 * unchanged) when a value is unavailable. Unused arguments take their smallest legal value. */
static bool read_model(sym_ctx *c, Z3_solver s, const bool *used, Z3_ast trip, Z3_ast iter,
                       const Z3_ast *extra, unsigned n_extra, int64_t *args, int64_t *trip_out,
                       int64_t *iter_out, int64_t *extra_out) {
  int64_t tv = -1, iv = -1, *av = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *av);
  int64_t *ev = ir_xcalloc(n_extra ? n_extra : 1, sizeof *ev);
  bool ok = (!trip || model_value(c, s, trip, &tv)) && (!iter || model_value(c, s, iter, &iv));
  for (uint32_t a = 0; a < c->n_args && ok; a++) {
    if (!c->argvar[a]) continue;
    if (used[a]) {
      ok = model_value(c, s, c->argvar[a], &av[a]);
      continue;
    }
    av[a] = c->divisibility[a] > 1 ? c->divisibility[a] : 1;
    for (uint32_t f = 0; f < c->o->n_fixed; f++)
      if (c->entry->args[a]->name && !strcmp(c->o->fixed_names[f], c->entry->args[a]->name))
        av[a] = c->o->fixed_vals[f];
  }
  for (unsigned k = 0; k < n_extra && ok; k++)
    if (extra[k] && !model_value(c, s, extra[k], &ev[k])) ok = false;
  if (ok) {
    *trip_out = tv;
    *iter_out = iv;
    if (c->n_args) memcpy(args, av, c->n_args * sizeof *args);
    if (n_extra) memcpy(extra_out, ev, n_extra * sizeof *ev);
  }
  free(av);
  free(ev);
  return ok;
}

Z3_lbool sym_cex(sym_ctx *c, Z3_ast phi, Z3_ast trip, Z3_ast iter, const Z3_ast *extra,
                 unsigned n_extra, int64_t *args, int64_t *trip_out, int64_t *iter_out,
                 int64_t *extra_out) {
  *trip_out = *iter_out = -1;
  for (unsigned k = 0; k < n_extra; k++) extra_out[k] = 0;
  for (uint32_t a = 0; a < c->n_args; a++) args[a] = 0;
  if (!sym_ok(c) || !query_ms(c)) return Z3_L_UNDEF;
  Z3_lbool ra = abstract_check(c, phi, c->rlimit);
  if (ra != Z3_L_TRUE) return ra;
  Z3_solver s = new_solver(c);
  Z3_solver_assert(c->z, s, phi);
  assert_defs(c, s, phi, true);
  Z3_lbool r = check(c, s);
  bool *used = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *used);
  sym_mark_args(c, phi, used);
  if (trip) sym_mark_args(c, trip, used);
  if (r == Z3_L_TRUE && !read_model(c, s, used, trip, iter, extra, n_extra, args, trip_out,
                                    iter_out, extra_out))
    r = Z3_L_UNDEF;
  if (r == Z3_L_TRUE && getenv("TLXV_SYM_MODEL")) {
    Z3_model m = Z3_solver_get_model(c->z, s);
    Z3_model_inc_ref(c->z, m);
    fprintf(stderr, "sym: model (%s):\n%s\n", c->dbg, Z3_model_to_string(c->z, m));
    Z3_model_dec_ref(c->z, m);
  }
  if (r == Z3_L_TRUE && !c->o->no_minimize) {
    /* smallest trip count, then iteration, then each argument; every probe is short, and the
     * first one Z3 cannot decide in time ends the minimisation: values come from one model */
    c->probes_left = SYM_MINIMISE_PROBES; /* minimisation's own budget, in probes */
    uint32_t n_terms = c->cex_iter_only ? 2 : 2 + c->n_args;
    Z3_ast acc = phi; /* phi and the values fixed so far */
    for (uint32_t k = 0; k < n_terms; k++) {
      Z3_ast t = k == 0 ? trip : k == 1 ? iter : used[k - 2] ? c->argvar[k - 2] : NULL;
      int64_t v;
      if (!t || !model_value(c, s, t, &v)) continue;
      bool go_on = minimise(c, &s, &acc, t, &v);
      if (!read_model(c, s, used, trip, iter, extra, n_extra, args, trip_out, iter_out,
                      extra_out) || !go_on)
        break;
    }
  }
  free(used);
  Z3_solver_dec_ref(c->z, s);
  if (!sym_ok(c)) return Z3_L_UNDEF;
  return r;
}

/* ------------------------------------------------------------------ argument occurrence */

/* Marks used[i] for every vars[i] (constants; NULL entries skipped) that term t mentions. */
static void mark_consts(sym_ctx *c, Z3_ast t, const Z3_ast *vars, uint32_t n_vars, bool *used) {
  /* iterative DFS over the term DAG with a small open-addressing set of visited ast ids */
  size_t cap = 256, n = 0, scap = 64, sp = 0;
  unsigned *seen = ir_xcalloc(cap, sizeof *seen); /* id + 1, 0 = empty */
  Z3_ast *stack = ir_xmalloc(scap, sizeof *stack);
  stack[sp++] = t;
  while (sp) {
    Z3_ast a = stack[--sp];
    unsigned id = Z3_get_ast_id(c->z, a) + 1;
    size_t h = (id * 2654435761u) & (cap - 1);
    while (seen[h] && seen[h] != id) h = (h + 1) & (cap - 1);
    if (seen[h]) continue;
    seen[h] = id;
    if (++n * 2 > cap) { /* grow and rehash */
      size_t ncap = cap * 2;
      unsigned *ns = ir_xcalloc(ncap, sizeof *ns);
      for (size_t i = 0; i < cap; i++)
        if (seen[i]) {
          size_t g = (seen[i] * 2654435761u) & (ncap - 1);
          while (ns[g]) g = (g + 1) & (ncap - 1);
          ns[g] = seen[i];
        }
      free(seen);
      seen = ns;
      cap = ncap;
    }
    if (Z3_get_ast_kind(c->z, a) != Z3_APP_AST) continue;
    Z3_app app = Z3_to_app(c->z, a);
    unsigned na = Z3_get_app_num_args(c->z, app);
    if (na == 0) {
      for (uint32_t i = 0; i < n_vars; i++)
        if (vars[i] && Z3_is_eq_ast(c->z, a, vars[i])) used[i] = true;
      continue;
    }
    for (unsigned k = 0; k < na; k++) {
      if (sp == scap) stack = ir_xrealloc(stack, scap *= 2, sizeof *stack);
      stack[sp++] = Z3_get_app_arg(c->z, app, k);
    }
  }
  free(seen);
  free(stack);
}

void sym_mark_args(sym_ctx *c, Z3_ast t, bool *used) {
  mark_consts(c, t, c->argvar, c->n_args, used);
  if (!c->n_defs) return;
  /* a defined variable (a flattened nest's T1 * T2, sym_define / sym_product) stands for the
   * arguments of its definition, transitively: the trip count of a flattened nest is one */
  bool *seen = ir_xcalloc(c->n_defs, sizeof *seen), *now = ir_xcalloc(c->n_defs, sizeof *now);
  mark_consts(c, t, c->def_var, c->n_defs, now);
  for (bool more = true; more;) {
    more = false;
    for (uint32_t k = 0; k < c->n_defs; k++)
      if (now[k] && !seen[k]) {
        seen[k] = more = true;
        mark_consts(c, c->def_phi[k], c->argvar, c->n_args, used);
        mark_consts(c, c->def_phi[k], c->def_var, c->n_defs, now);
      }
  }
  free(seen);
  free(now);
}

static void define(sym_ctx *c, Z3_ast var, Z3_ast phi, bool lazy) {
  if (c->n_defs == c->cap_defs) {
    c->cap_defs = c->cap_defs ? 2 * c->cap_defs : 16;
    c->def_var = ir_xrealloc(c->def_var, c->cap_defs, sizeof *c->def_var);
    c->def_phi = ir_xrealloc(c->def_phi, c->cap_defs, sizeof *c->def_phi);
    c->def_lazy = ir_xrealloc(c->def_lazy, c->cap_defs, sizeof *c->def_lazy);
  }
  c->def_var[c->n_defs] = var;
  c->def_lazy[c->n_defs] = lazy;
  c->def_phi[c->n_defs++] = phi;
}

void sym_define(sym_ctx *c, Z3_ast var, Z3_ast phi) { define(c, var, phi, false); }
void sym_define_lazy(sym_ctx *c, Z3_ast var, Z3_ast phi) { define(c, var, phi, true); }

void sym_product(sym_ctx *c, Z3_ast var, Z3_ast t, Z3_ast n, Z3_ast m) {
  sym_define_lazy(c, var, sym_eq(c, var, sym_mul(c, t, m)));
  c->prods = ir_xrealloc(c->prods, c->n_prods + 1, sizeof *c->prods);
  c->prods[c->n_prods++] = (struct sym_prod){var, t, n, m};
}

/* The monotonicity lemmas of the products among the definitions used[] (sym_product): each
 * holds in every model of the full definitions, where t * m < n * m fits the wide vectors. */
static void assert_product_lemmas(sym_ctx *c, Z3_solver s, const bool *used) {
  uint32_t *at = ir_xcalloc(c->n_prods ? c->n_prods : 1, sizeof *at), k = 0;
  for (uint32_t p = 0; p < c->n_prods; p++)
    for (uint32_t d = 0; d < c->n_defs; d++)
      if (used[d] && c->def_var[d] == c->prods[p].var) {
        at[k++] = p;
        break;
      }
  Z3_ast zero = sym_int(c, 0);
  for (uint32_t a = 0; a < k; a++)
    for (uint32_t b = a + 1; b < k; b++) {
      const struct sym_prod *x = &c->prods[at[a]], *y = &c->prods[at[b]];
      if (x->m != y->m || x->n != y->n) continue;
      Z3_ast in = sym_and2(c, sym_and2(c, sym_sle(c, zero, x->t), sym_slt(c, x->t, x->n)),
                           sym_and2(c, sym_sle(c, zero, y->t), sym_slt(c, y->t, y->n)));
      Z3_ast lt = Z3_mk_implies(c->z, sym_slt(c, x->t, y->t), sym_sle(c, sym_add(c, x->var, x->m), y->var));
      Z3_ast gt = Z3_mk_implies(c->z, sym_slt(c, y->t, x->t), sym_sle(c, sym_add(c, y->var, y->m), x->var));
      Z3_ast eq = Z3_mk_implies(c->z, sym_eq(c, x->t, y->t), sym_eq(c, x->var, y->var));
      Z3_solver_assert(c->z, s, Z3_mk_implies(c->z, in, sym_and2(c, sym_and2(c, lt, gt), eq)));
    }
  free(at);
}

void sym_assume(sym_ctx *c, Z3_ast phi, const char *text) {
  for (uint32_t k = 0; k < c->n_assume; k++)
    if (!strcmp(c->assume[k], text)) return;
  c->assume = ir_xrealloc(c->assume, c->n_assume + 1, sizeof *c->assume);
  size_t n = strlen(text) + 1;
  c->assume[c->n_assume] = memcpy(ir_xmalloc(n, 1), text, n);
  c->n_assume++;
  c->facts = sym_and2(c, c->facts, phi);
}

/* The definitions (indices into def_var) that phi needs: of the fresh variables it mentions,
 * and of those their definitions mention; with lazy false, lazy ones are left out (and what
 * only they mention). used[] has n_defs entries. */
static void needed_defs(sym_ctx *c, Z3_ast phi, bool lazy, bool *used) {
  bool *done = ir_xcalloc(c->n_defs, sizeof *done);
  mark_consts(c, phi, c->def_var, c->n_defs, used);
  for (bool more = true; more;) {
    more = false;
    for (uint32_t k = 0; k < c->n_defs; k++)
      if (used[k] && !done[k] && (lazy || !c->def_lazy[k])) {
        done[k] = more = true;
        mark_consts(c, c->def_phi[k], c->def_var, c->n_defs, used);
      }
  }
  for (uint32_t k = 0; k < c->n_defs; k++) used[k] = done[k];
  free(done);
}

/* Does phi need a lazy definition? */
static bool mentions_lazy(sym_ctx *c, Z3_ast phi) {
  if (!c->n_defs) return false;
  bool *used = ir_xcalloc(c->n_defs, sizeof *used), any = false;
  mark_consts(c, phi, c->def_var, c->n_defs, used);
  /* a lazy variable reached through eager definitions counts too */
  needed_defs(c, phi, false, used);
  bool *all = ir_xcalloc(c->n_defs, sizeof *all);
  needed_defs(c, phi, true, all);
  for (uint32_t k = 0; k < c->n_defs; k++) any |= all[k] && !used[k];
  free(used);
  free(all);
  return any;
}

/* Asserts the definitions phi needs (lazy ones only when lazy is set; without them, the
 * products' monotonicity lemmas). */
static void assert_defs(sym_ctx *c, Z3_solver s, Z3_ast phi, bool lazy) {
  if (!c->n_defs) return;
  bool *used = ir_xcalloc(c->n_defs, sizeof *used);
  needed_defs(c, phi, lazy, used);
  for (uint32_t k = 0; k < c->n_defs; k++)
    if (used[k]) Z3_solver_assert(c->z, s, c->def_phi[k]);
  if (!lazy && c->n_prods) {
    memset(used, 0, c->n_defs * sizeof *used);
    needed_defs(c, phi, true, used);
    assert_product_lemmas(c, s, used);
  }
  free(used);
}
