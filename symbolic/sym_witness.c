/* sym_witness.c: sat answers found at sample argument values. A query whose expected answer is
 * a model (a producer that fires somewhere, a predicated wait that is off in some iteration)
 * can stay without an answer at Z3's full limit when its arguments are free: the divisions of
 * trip counts by them and by the program count are circuits Z3 must search through. With every
 * argument fixed the same query is mostly constant folding. A model of the strengthened query
 * (phi and "a = v" for each argument) is a model of phi, so its sat answer is phi's; its unsat
 * or undefined answer says nothing, and phi is then asked as usual (sym_sat). */
#include "sym_internal.h"

/* The sample values: a fixed argument (--arg) its value, another integer argument the smallest
 * multiple of its divisibility (or the suggested alignment) that is at least `at`; program id 0
 * of 1 program. */
static Z3_ast sample_args(sym_ctx *c, int64_t at) {
  Z3_ast eqs = Z3_mk_true(c->z);
  for (uint32_t a = 0; a < c->n_args; a++) {
    Z3_ast v = c->argvar[a];
    if (!v || sym_width(c, v) < 2) continue;
    int64_t mult = sym_arg_mult(c, a), val = (at + mult - 1) / mult * mult;
    sym_arg_fixed(c, a, &val);
    eqs = sym_and2(c, eqs, sym_eq(c, v, sym_bv(c, val, sym_width(c, v))));
  }
  for (int k = 0; k < 3; k++) {
    if (c->pid[k]) eqs = sym_and2(c, eqs, sym_eq(c, c->pid[k], sym_int(c, 0)));
    if (c->nprog[k]) eqs = sym_and2(c, eqs, sym_eq(c, c->nprog[k], sym_int(c, 1)));
  }
  return eqs;
}

enum { WITNESS_DIV = 16 }; /* each sample's query gets rlimit / WITNESS_DIV */

Z3_lbool sym_sat_likely(sym_ctx *c, Z3_ast phi) {
  static const int64_t at[] = {192, 64}; /* three tiles of 64, then one */
  for (unsigned k = 0; k < sizeof at / sizeof *at; k++)
    if (sym_sat_raw_rl(c, sym_and2(c, phi, sample_args(c, at[k])), c->rlimit / WITNESS_DIV) ==
        Z3_L_TRUE)
      return Z3_L_TRUE;
  return sym_sat(c, phi);
}
