/* sym_slice.c: a query's nest slice, the weakening of query mode Q_SLICE (sym_ctx.c;
 * docs/symbolic.md §2, "Divisions by constants").
 *
 * A flattened or fused nest (sym_build.c sym_nest_vars, sym_fused.c) numbers its iterations
 * with a flat counter itF = TB + k, TB a defined variable standing for t * T2 (and TF, T1 its
 * trip counts, defined too). Many questions about such a loop (a ring's phase, a slot's bounds)
 * need only "itF >= 0" and the sign-extended i32 trip count, but a query carries the nest's
 * definitions and the tile count's multipliers and divisions by the number of programs, whose
 * circuits make Z3 run out of its limit (tws_matmul_tma_persistent_ws_kernel_100_pers's phase:
 * it div 3 against (it + 2) div 3). The slice of phi:
 *   1. phi's conjuncts (nested ands flattened);
 *   2. each link conjunct V = D + X1 + ... (V a constant that is not defined, D a defined
 *      variable, the Xi not mentioning D or V) gives D := V - X1 - ..., substituted into the
 *      other conjuncts and simplified, so that a term of TB + k (a view's index in the inner
 *      loop) becomes a term of itF;
 *   3. the conjuncts that still mention a defined variable are dropped.
 * Each kept conjunct is implied by phi (a substitution uses an equation of phi; modular
 * arithmetic: V = D + X iff D = V - X), so every model of phi is one of the slice: only its unsat
 * answer is phi's. The slice mentions no defined variable: it needs no definition. */
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

#define SLICE_MAX_LINKS 16

bool sym_mentions_def(sym_ctx *c, Z3_ast t) {
  if (!c->n_defs) return false;
  bool *used = ir_xcalloc(c->n_defs, sizeof *used), any = false;
  sym_mark_consts(c, t, c->def_var, c->n_defs, used);
  for (uint32_t k = 0; k < c->n_defs; k++) any |= used[k];
  free(used);
  return any;
}

static bool is_app_of(sym_ctx *c, Z3_ast t, Z3_decl_kind k) {
  return Z3_get_ast_kind(c->z, t) == Z3_APP_AST &&
         Z3_get_decl_kind(c->z, Z3_get_app_decl(c->z, Z3_to_app(c->z, t))) == k;
}

static bool is_def_var(sym_ctx *c, Z3_ast t) {
  for (uint32_t k = 0; k < c->n_defs; k++)
    if (Z3_is_eq_ast(c->z, t, c->def_var[k])) return true;
  return false;
}

static bool is_const(sym_ctx *c, Z3_ast t) {
  return Z3_get_ast_kind(c->z, t) == Z3_APP_AST && Z3_get_app_num_args(c->z, Z3_to_app(c->z, t)) == 0 &&
         Z3_get_ast_kind(c->z, t) != Z3_NUMERAL_AST && is_app_of(c, t, Z3_OP_UNINTERPRETED);
}

/* Does t mention the constant x? */
static bool mentions(sym_ctx *c, Z3_ast t, Z3_ast x) {
  bool used = false;
  sym_mark_consts(c, t, &x, 1, &used);
  return used;
}

/* Conjunct e as a link V = D + X1 + ... (either side): *d the defined variable D, *to the term
 * V - X1 - ...; false when it is none. */
static bool link_of(sym_ctx *c, Z3_ast e, Z3_ast *d, Z3_ast *to) {
  if (!is_app_of(c, e, Z3_OP_EQ)) return false;
  Z3_app a = Z3_to_app(c->z, e);
  for (unsigned s = 0; s < 2; s++) {
    Z3_ast v = Z3_get_app_arg(c->z, a, s), sum = Z3_get_app_arg(c->z, a, 1 - s);
    if (!is_const(c, v) || is_def_var(c, v) || !is_app_of(c, sum, Z3_OP_BADD)) continue;
    Z3_app sa = Z3_to_app(c->z, sum);
    unsigned n = Z3_get_app_num_args(c->z, sa);
    for (unsigned i = 0; i < n; i++) {
      Z3_ast D = Z3_get_app_arg(c->z, sa, i);
      if (!is_def_var(c, D)) continue;
      Z3_ast rest = v;
      bool ok = true;
      for (unsigned j = 0; j < n && ok; j++) {
        if (j == i) continue;
        Z3_ast x = Z3_get_app_arg(c->z, sa, j);
        ok = !mentions(c, x, D) && !mentions(c, x, v);
        rest = Z3_mk_bvsub(c->z, rest, x);
      }
      if (!ok) continue;
      *d = D;
      *to = rest;
      return true;
    }
  }
  return false;
}

static void conjuncts(sym_ctx *c, Z3_ast phi, Z3_ast **v, uint32_t *n, uint32_t *cap) {
  if (is_app_of(c, phi, Z3_OP_AND)) {
    Z3_app a = Z3_to_app(c->z, phi);
    for (unsigned k = 0; k < Z3_get_app_num_args(c->z, a); k++)
      conjuncts(c, Z3_get_app_arg(c->z, a, k), v, n, cap);
    return;
  }
  *v = ir_grow(*v, cap, *n + 1, sizeof **v);
  (*v)[(*n)++] = phi;
}

Z3_ast sym_slice(sym_ctx *c, Z3_ast phi) {
  Z3_ast *v = NULL, from[SLICE_MAX_LINKS], to[SLICE_MAX_LINKS];
  uint32_t n = 0, cap = 0, nl = 0;
  conjuncts(c, phi, &v, &n, &cap);
  for (uint32_t k = 0; k < n && nl < SLICE_MAX_LINKS; k++) {
    Z3_ast d, t;
    bool dup = false;
    if (!link_of(c, v[k], &d, &t)) continue;
    for (uint32_t j = 0; j < nl; j++) dup |= Z3_is_eq_ast(c->z, from[j], d);
    if (dup) continue;
    from[nl] = d;
    to[nl++] = t;
  }
  Z3_ast out = Z3_mk_true(c->z);
  for (uint32_t k = 0; k < n; k++) {
    Z3_ast e = v[k];
    if (!sym_mentions_def(c, e)) {
      out = sym_and2(c, out, e);
      continue;
    }
    if (!nl) continue;
    e = Z3_simplify(c->z, Z3_substitute(c->z, e, nl, from, to));
    if (!sym_mentions_def(c, e)) out = sym_and2(c, out, e);
  }
  free(v);
  return out;
}
