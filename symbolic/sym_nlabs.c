/* sym_nlabs.c: a query's nonlinear terms as free constants, for a first proof attempt
 * (docs/symbolic.md §2, "Divisions by constants").
 *
 * A persistent kernel's trip count is a product of tile counts and a division by the number of
 * programs (ceil((tiles - pid) / nprog)); its sequence numbers, bounds and phases rarely depend
 * on more than "it < T" for some T, yet Z3 bit-blasts every product of two 32-bit terms and
 * every division by a term into a multiplier / divider circuit, and the SAT search through them
 * ran out of Z3's limit (t07_persistent_90's sequence numbers and phase). Here every bvmul of
 * two or more non-numeral factors and every signed / unsigned division or remainder by a
 * non-numeral divisor is replaced by a constant named after the term (nl!ID: the same term is
 * the same constant in the facts, the query and its definitions). That only drops facts: every
 * model of the query is one of the abstraction (the constants taking the terms' values), so an
 * unsat answer is the query's. A sat answer says nothing (the caller asks the query itself),
 * and a model of the abstraction is never used. */
#include <stdio.h>
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

typedef struct nlabs {
  Z3_context z;
  unsigned *id; /* open addressing on the ast id + 1; 0 empty */
  Z3_ast *to;
  size_t n, cap;
} nlabs;

static size_t slot(const nlabs *a, unsigned id) {
  size_t h = (id * 2654435761u) & (a->cap - 1);
  while (a->id[h] && a->id[h] != id) h = (h + 1) & (a->cap - 1);
  return h;
}

static void put(nlabs *a, unsigned id, Z3_ast t) {
  if (2 * (a->n + 1) > a->cap) {
    unsigned *oi = a->id;
    Z3_ast *ot = a->to;
    size_t oc = a->cap;
    a->cap *= 2;
    a->id = ir_xcalloc(a->cap, sizeof *a->id);
    a->to = ir_xcalloc(a->cap, sizeof *a->to);
    for (size_t i = 0; i < oc; i++)
      if (oi[i]) {
        size_t h = slot(a, oi[i]);
        a->id[h] = oi[i], a->to[h] = ot[i];
      }
    free(oi);
    free(ot);
  }
  size_t h = slot(a, id);
  a->id[h] = id, a->to[h] = t;
  a->n++;
}

/* t is a constant: a numeral, or an interpreted operation on constants (the sign extension of
 * a numeral that a sequence number's step is, `sext(1) * it`: a product with it is linear).
 * Small terms only (depth 8): a larger one counts as not constant, which only abstracts more. */
static bool constant_term(nlabs *a, Z3_ast t, int depth) {
  if (Z3_get_ast_kind(a->z, t) == Z3_NUMERAL_AST) return true;
  if (Z3_get_ast_kind(a->z, t) != Z3_APP_AST || depth == 0) return false;
  Z3_app app = Z3_to_app(a->z, t);
  unsigned n = Z3_get_app_num_args(a->z, app);
  if (!n || Z3_get_decl_kind(a->z, Z3_get_app_decl(a->z, app)) == Z3_OP_UNINTERPRETED) return false;
  for (unsigned i = 0; i < n; i++)
    if (!constant_term(a, Z3_get_app_arg(a->z, app, i), depth - 1)) return false;
  return true;
}

static bool is_numeral(nlabs *a, Z3_ast t) { return constant_term(a, t, 8); }

/* Is t (with its arguments args) a product of terms or a division by a term? */
static bool nonlinear(nlabs *a, Z3_decl_kind k, unsigned n, const Z3_ast *args) {
  if (k == Z3_OP_BMUL) {
    unsigned terms = 0;
    for (unsigned i = 0; i < n; i++) terms += !is_numeral(a, args[i]);
    return terms >= 2;
  }
  switch (k) {
  case Z3_OP_BSDIV: case Z3_OP_BSDIV_I: case Z3_OP_BUDIV: case Z3_OP_BUDIV_I:
  case Z3_OP_BSREM: case Z3_OP_BSREM_I: case Z3_OP_BUREM: case Z3_OP_BUREM_I:
  case Z3_OP_BSMOD: case Z3_OP_BSMOD_I:
    return n == 2 && !is_numeral(a, args[1]);
  default:
    return false;
  }
}

static Z3_ast abstract(nlabs *a, Z3_ast t) {
  if (Z3_get_ast_kind(a->z, t) != Z3_APP_AST) return t;
  unsigned id = Z3_get_ast_id(a->z, t) + 1;
  size_t h = slot(a, id);
  if (a->id[h]) return a->to[h];
  Z3_app app = Z3_to_app(a->z, t);
  unsigned n = Z3_get_app_num_args(a->z, app);
  Z3_ast res = t;
  if (n) {
    Z3_ast *args = ir_xcalloc(n, sizeof *args);
    bool changed = false;
    for (unsigned i = 0; i < n; i++) {
      args[i] = abstract(a, Z3_get_app_arg(a->z, app, i));
      changed |= !Z3_is_eq_ast(a->z, args[i], Z3_get_app_arg(a->z, app, i));
    }
    Z3_decl_kind k = Z3_get_decl_kind(a->z, Z3_get_app_decl(a->z, app));
    if (nonlinear(a, k, n, args)) {
      char name[32];
      snprintf(name, sizeof name, "nl!%u", id - 1);
      res = Z3_mk_const(a->z, Z3_mk_string_symbol(a->z, name), Z3_get_sort(a->z, t));
    } else if (changed) {
      res = Z3_update_term(a->z, t, n, args);
    }
    free(args);
  }
  put(a, id, res);
  return res;
}

Z3_ast sym_nl_abstract(Z3_context z, Z3_ast phi) {
  nlabs a = {.z = z, .cap = 256};
  a.id = ir_xcalloc(a.cap, sizeof *a.id);
  a.to = ir_xcalloc(a.cap, sizeof *a.to);
  Z3_ast out = abstract(&a, phi);
  free(a.id);
  free(a.to);
  return out;
}
