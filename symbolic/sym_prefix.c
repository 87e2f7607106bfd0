/* sym_prefix.c: prefix predicates of a loop (docs/symbolic.md §1, "Counters advanced under a
 * prefix predicate"). A Bool term Q over a loop's counter is a prefix predicate when, over the
 * loop's iterations, once false it stays false: Q(j + 1) -> Q(j) for 0 <= j, j + 1 < T (one
 * query, for every argument value). Its count K, the number of iterations in which Q holds, is
 * a fresh wide variable with the definition
 *     0 <= K <= T,  K = 0 or Q(K - 1),  K = T or not Q(K)
 * which is total for any Q (K = the first iteration where Q fails, or T) and functional for a
 * prefix predicate (two solutions K1 < K2 would give not Q(K1) and Q(K2 - 1), K1 <= K2 - 1).
 * For a prefix predicate, Q(j) <-> j < K for 0 <= j < T (an induction over j from the
 * one-step implication): sym_prefix_lemma states that instance, which a query may assume
 * without Z3 proving it (Z3 would need that induction). Only top-level scf.for loops (no
 * enclosing counter the trip count or Q could depend on, so K is one value per launch). */
#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* Monotone on the loop's iterations: Q(j + 1) -> Q(j). */
static bool monotone(sym_ctx *c, const sym_loop *L, int l, Z3_ast q) {
  Z3_ast zero = sym_int(c, 0), it1 = sym_add(c, L->it, sym_int(c, 1));
  Z3_ast in = sym_and2(c, sym_and2(c, sym_sle(c, zero, L->it), sym_slt(c, L->it, L->trip)),
                       sym_slt(c, it1, L->trip));
  Z3_ast bad = sym_and2(c, sym_at(c, l, q, it1), sym_not(c, q));
  return sym_sat(c, sym_and2(c, in, bad)) == Z3_L_FALSE;
}

Z3_ast sym_prefix_count(sym_ctx *c, int l, Z3_ast q) {
  for (uint32_t k = 0; k < c->n_prefixes; k++)
    if (c->prefixes[k].loop == l && Z3_is_eq_ast(c->z, c->prefixes[k].q, q))
      return c->prefixes[k].count;
  const sym_loop *L = &c->loops[l];
  Z3_ast K = NULL;
  if (L->op->code == IR_OP_SCF_FOR && L->parent < 0 && L->flat_outer < 0 && L->step_ok) {
    sym_debug_what(c, "prefix predicate of loop %d", l);
    if (monotone(c, L, l, q)) {
      Z3_ast zero = sym_int(c, 0), T = L->trip;
      K = sym_fresh(c, "K", c->wide);
      Z3_ast in = sym_and2(c, sym_sle(c, zero, K), sym_sle(c, K, T));
      Z3_ast before = sym_or2(c, sym_eq(c, K, zero), sym_at(c, l, q, sym_sub(c, K, sym_int(c, 1))));
      Z3_ast stop = sym_or2(c, sym_eq(c, K, T), sym_not(c, sym_at(c, l, q, K)));
      sym_define(c, K, sym_and2(c, in, sym_and2(c, before, stop)));
    }
  }
  c->prefixes = ir_xrealloc(c->prefixes, c->n_prefixes + 1, sizeof *c->prefixes);
  c->prefixes[c->n_prefixes++] = (struct sym_prefix){l, q, K};
  return K;
}

Z3_ast sym_prefix_lemma(sym_ctx *c, int l, Z3_ast q, Z3_ast K, Z3_ast j) {
  const sym_loop *L = &c->loops[l];
  Z3_ast in = sym_and2(c, sym_sle(c, sym_int(c, 0), j), sym_slt(c, j, L->trip));
  return Z3_mk_implies(c->z, in, Z3_mk_iff(c->z, sym_at(c, l, q, j), sym_slt(c, j, K)));
}
