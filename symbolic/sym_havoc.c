/* sym_havoc.c: havoc terms, the unknowns that stand for unmodelled values (docs/symbolic.md
 * §1, "Values" and "Havoc terms in loop nests"). A havoc term is a fresh uninterpreted
 * function applied to what the value may depend on, so that instantiating a condition at
 * another iteration (sym_at, sym_subst_counter) gives another unknown wherever the value may
 * differ, and the same one only where it cannot:
 *   - an unmodelled value in loop l (loaded data, a CLC response, an unsupported op): a
 *     function of the counters of l and of every loop enclosing it. Before issue 12 it was one
 *     of l's counter alone: in a tile x K nest the value at (tile i, step j) and at (tile i',
 *     step j) was the same term, and a condition comparing two tiles could be proved by an
 *     equality that does not hold (tests/symbolic/nest-havoc.bug).
 *   - a carried integer of loop l that no template fits, in the loop (key: l's counter) or
 *     after it (key: l's trip count): when the next values of the carried values it depends
 *     on mention nothing but l's counter, those carried values, the kernel's arguments,
 *     program ids and read-only memory (keyed loads, sym_load.c), the value is determined by
 *     the key and those values' inits: a function of the key and the inits (equal in two tiles
 *     that start the loop alike: tests/symbolic/nest-havoc.ok, nest-havoc-after.ok); else a
 *     function of the key and the enclosing loops' counters, as above.
 * Every such term is named "?..." (sym_keyed_only: a query mentioning one is no proof over
 * read-only memory alone). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_alloc.h"
#include "sym_internal.h"

enum { HAVOC_MAX_ARGS = 16 }; /* arguments of one havoc function; beyond: the counters only */

static Z3_ast apply(sym_ctx *c, const char *name, Z3_sort s, const Z3_ast *args, unsigned n) {
  if (!n) return sym_fresh(c, name, s);
  Z3_sort dom[HAVOC_MAX_ARGS];
  for (unsigned i = 0; i < n; i++) dom[i] = Z3_get_sort(c->z, args[i]);
  Z3_func_decl f = Z3_mk_fresh_func_decl(c->z, name, n, dom, s);
  return Z3_mk_app(c->z, f, n, args);
}

/* key (when not NULL) and the counters of loop l's enclosing loops (from l's parent: with
 * self, l's own first), into args; returns their number. */
static unsigned counters(sym_ctx *c, int l, bool self, Z3_ast key, Z3_ast *args) {
  unsigned n = 0;
  if (key) args[n++] = key;
  for (int p = l < 0 ? -1 : self ? l : c->loops[l].parent; p >= 0 && n < HAVOC_MAX_ARGS;
       p = c->loops[p].parent)
    args[n++] = c->loops[p].it;
  return n;
}

Z3_ast sym_havoc_at(sym_ctx *c, const char *name, Z3_sort s, int l) {
  Z3_ast args[HAVOC_MAX_ARGS];
  unsigned n = counters(c, l, true, NULL, args);
  if (n > 1 && sym_debug_on())
    fprintf(stderr, "sym: havoc %s in loop %d: a function of %u counters\n", name, l, n);
  return apply(c, name, s, args, n);
}

/* ------------------------------------------------------------------ carried values */

/* Is x one of the symbols a closed body may mention: the kernel's arguments, program ids and
 * counts? */
static bool global_symbol(sym_ctx *c, Z3_ast x) {
  for (uint32_t a = 0; a < c->n_args; a++)
    if (c->argvar[a] && Z3_is_eq_ast(c->z, c->argvar[a], x)) return true;
  for (int k = 0; k < 3; k++)
    if ((c->pid[k] && Z3_is_eq_ast(c->z, c->pid[k], x)) ||
        (c->nprog[k] && Z3_is_eq_ast(c->z, c->nprog[k], x)))
      return true;
  return false;
}

/* Walks term t: false when it mentions an uninterpreted symbol other than L's counter, its
 * carried variables (those it meets are set in *dep), the global symbols and keyed loads
 * (functions "mem.arg..."); *budget bounds the nodes visited (spent: false). */
static bool closed_term(sym_ctx *c, const sym_loop *L, Z3_ast t, bool *dep, int *budget) {
  if (--*budget < 0) return false;
  if (Z3_get_ast_kind(c->z, t) != Z3_APP_AST) return Z3_get_ast_kind(c->z, t) == Z3_NUMERAL_AST;
  Z3_app a = Z3_to_app(c->z, t);
  Z3_func_decl d = Z3_get_app_decl(c->z, a);
  unsigned n = Z3_get_app_num_args(c->z, a);
  if (Z3_get_decl_kind(c->z, d) == Z3_OP_UNINTERPRETED) {
    if (!n) {
      if (Z3_is_eq_ast(c->z, t, L->it) || global_symbol(c, t)) return true;
      for (uint32_t k = 0; k < L->n_carried; k++)
        if (L->carried_var[k] && Z3_is_eq_ast(c->z, t, L->carried_var[k])) {
          dep[k] = true;
          return true;
        }
      return false;
    }
    Z3_symbol s = Z3_get_decl_name(c->z, d);
    if (Z3_get_symbol_kind(c->z, s) != Z3_STRING_SYMBOL ||
        strncmp(Z3_get_symbol_string(c->z, s), "mem.arg", 7))
      return false;
  }
  for (unsigned i = 0; i < n; i++)
    if (!closed_term(c, L, Z3_get_app_arg(c->z, a, i), dep, budget)) return false;
  return true;
}

Z3_ast sym_havoc_carried(sym_ctx *c, const char *name, int l, uint32_t k, Z3_ast key,
                         const Z3_ast *init, const Z3_ast *next) {
  const sym_loop *L = &c->loops[l];
  Z3_sort s = Z3_get_sort(c->z, L->carried_var[k]);
  Z3_ast args[HAVOC_MAX_ARGS];
  /* a loop outside every other runs once: its inits are fixed, a function of key alone (the
   * term made before issue 12, so that such kernels' queries stay as they were) */
  if (L->parent < 0) return apply(c, name, s, &key, 1);
  uint32_t n = L->n_carried;
  /* the carried values k depends on (a closure over the next values' variables) */
  bool *dep = ir_xcalloc(n ? n : 1, sizeof *dep), *done = ir_xcalloc(n ? n : 1, sizeof *done);
  bool closed = init && next;
  int budget = 20000;
  dep[k] = true;
  for (bool more = closed; more && closed;) {
    more = false;
    for (uint32_t j = 0; j < n && closed; j++) {
      if (!dep[j] || done[j]) continue;
      done[j] = more = true;
      closed = next[j] && init[j] && closed_term(c, L, next[j], dep, &budget);
    }
  }
  unsigned na = 0;
  if (closed) {
    args[na++] = key;
    for (uint32_t j = 0; j < n && closed; j++)
      if (dep[j]) {
        if (na == HAVOC_MAX_ARGS) closed = false;
        else args[na++] = init[j];
      }
  }
  free(dep);
  free(done);
  if (!closed) na = counters(c, l, false, key, args);
  if (sym_debug_on())
    fprintf(stderr, "sym: havoc %s of loop %d carried %u: a function of %s\n", name, l, k,
            closed ? "its key and inits" : "its key and the enclosing counters");
  return apply(c, name, s, args, na);
}
