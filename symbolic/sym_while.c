/* sym_while.c: the CLC response an scf.while loop's condition follows, tied to its trip count
 * (docs/symbolic.md §1, "scf.while loops"; semantics.md §6.3).
 *
 * The trip count T of an scf.while is a free variable (sym_build.c normalise_loop): iteration
 * `it` runs iff the conditions of rounds 0 .. it held, so for 0 <= it < T the condition of
 * round it + 1 holds iff it + 1 < T. A CLC persistent loop goes on iff the response it read in
 * the iteration names a cancelled program. When the next round's condition (`go` of the
 * scf.condition on the before-region arguments of round it + 1, i.e. the body's yields of
 * iteration it) is, for every value of everything else, false when a response op R of the body
 * (top level: it runs in every iteration) gives its failure value and true for every success
 * value, then R's value in iteration it is failure exactly when it + 1 = T:
 *   clc_query_cancel (a ctaid, >= 0, or -1 on failure): ite(it + 1 < T, h(it) >= 0, -1);
 *   clc_is_canceled (i1): it + 1 < T.
 * These are R's values in every execution (no axiom to instantiate: a term over it and T, so
 * every event instantiated at an iteration j gets R's value at j). Otherwise R stays a havoc
 * term (clc_query_cancel: -1 or >= 0, sym_exec.c). A release predicated on the response
 * (`arrive ce, 1, %more`, tests/clc/clc-ws.ok) then fires exactly when the loop goes on. */
#include "sym_internal.h"

/* The condition of round it + 1 (Bool), with op's result bound to val; NULL when it is not
 * computable. Leaves memoised terms of round it + 1 behind: the caller forgets them. */
static Z3_ast next_condition(sym_ctx *c, const ir_op *w, const ir_op *op, Z3_ast val) {
  const ir_block *before = w->regions[0]->blocks[0];
  const ir_op *cond = before->last, *y = w->regions[1]->blocks[0]->last;
  if (!cond || cond->code != IR_OP_SCF_CONDITION || !cond->n_operands || !y ||
      y->code != IR_OP_SCF_YIELD || y->n_operands != before->n_args || before->n_args > 64)
    return NULL;
  sym_forget(c);
  c->memo[op->results[0]->id] = val;
  c->taint[op->results[0]->id] = 0;
  Z3_ast next[64];
  for (uint32_t k = 0; k < before->n_args; k++) {
    next[k] = sym_eval(c, y->operands[k]);
    if (!next[k] && sym_value_width(before->args[k]->type)) return NULL;
  }
  /* round it + 1: the before region anew on the yields */
  for (const ir_op *o = before->first; o; o = o->next)
    for (uint32_t r = 0; r < o->n_results; r++) c->memo[o->results[r]->id] = NULL;
  for (uint32_t k = 0; k < before->n_args; k++) c->memo[before->args[k]->id] = next[k];
  Z3_ast go = sym_eval(c, cond->operands[0]);
  return go && sym_width(c, go) == 1 ? sym_truth(c, go) : NULL;
}

/* Does the next round's condition hold exactly on op's success values? */
static bool follows(sym_ctx *c, const sym_loop *L, const ir_op *op) {
  unsigned w = (unsigned)sym_value_width(op->results[0]->type);
  if (!w) return false;
  bool query = op->code == IR_OP_TTNG_CLC_QUERY_CANCEL;
  Z3_ast fail = sym_bv(c, query ? -1 : 0, w);
  Z3_ast ok = query ? sym_fresh(c, "?ctaid", Z3_mk_bv_sort(c->z, w)) : sym_bv(c, 1, w);
  Z3_ast gf = next_condition(c, L->op, op, fail);
  if (!gf || sym_sat(c, gf) != Z3_L_FALSE) return false;
  Z3_ast go = next_condition(c, L->op, op, ok);
  if (!go) return false;
  Z3_ast phi = sym_not(c, go);
  if (query) phi = sym_and2(c, phi, sym_sle(c, sym_bv(c, 0, w), ok));
  return sym_sat(c, phi) == Z3_L_FALSE;
}

void sym_while_responses(sym_ctx *c, int l) {
  sym_loop *L = &c->loops[l];
  const ir_op *w = L->op;
  if (!w || w->code != IR_OP_SCF_WHILE || w->n_regions != 2 || w->regions[0]->n_blocks != 1 ||
      w->regions[1]->n_blocks != 1)
    return;
  for (const ir_op *op = w->regions[1]->blocks[0]->first; op && !L->cont_op; op = op->next)
    if ((op->code == IR_OP_TTNG_CLC_QUERY_CANCEL || op->code == IR_OP_TTNG_CLC_IS_CANCELED) &&
        op->n_results >= 1 && follows(c, L, op))
      L->cont_op = op;
  sym_forget(c);
}

Z3_ast sym_while_response(sym_ctx *c, const ir_op *op, unsigned w) {
  for (uint32_t l = 0; l < c->n_loops; l++) {
    const sym_loop *L = &c->loops[l];
    if (L->cont_op != op) continue;
    Z3_ast more = sym_slt(c, sym_add(c, L->it, sym_int(c, 1)), L->trip);
    if (op->code == IR_OP_TTNG_CLC_IS_CANCELED) return sym_ite(c, more, sym_bv(c, 1, w), sym_bv(c, 0, w));
    char name[80];
    snprintf(name, sizeof name, "?%s", op->results[0]->name ? op->results[0]->name : "ctaid");
    Z3_ast h = sym_havoc_at(c, name, Z3_mk_bv_sort(c->z, w), (int)l);
    Z3_ast nonneg = sym_ite(c, sym_slt(c, h, sym_bv(c, 0, w)), sym_bv(c, 0, w), h);
    return sym_ite(c, more, nonneg, sym_bv(c, -1, w));
  }
  return NULL;
}
