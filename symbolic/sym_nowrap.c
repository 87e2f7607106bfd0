/* sym_nowrap.c: the no-wrap facts of a term's narrow integer arithmetic (docs/symbolic.md §1,
 * "Sequence numbers", peeled prologues).
 *
 * The IR's i32 arithmetic wraps, and Z3 finds models where a bound computed from the arguments
 * does (a persistent GEMM's flattened trip count `tiles * k_tiles` equal to 2^31: the loop then
 * runs 2^31 - 1 times while the pipeliner's prologue, predicated on `count > 0`, is skipped).
 * Such arguments describe tensors of terabytes; where a proof needs them excluded, the caller
 * assumes the facts built here and prints the assumption (sym_assume), as the fused loops'
 * trip-count product is assumed not to overflow (sym_fused.c). */
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

enum { NOWRAP_NODES = 4096 }; /* distinct subterms visited at most (the terms are DAGs) */

typedef struct nowrap_walk {
  sym_ctx *c;
  unsigned *seen; /* ast ids visited */
  uint32_t n_seen;
  Z3_ast facts;
} nowrap_walk;

static bool visited(nowrap_walk *w, Z3_ast t) {
  unsigned id = Z3_get_ast_id(w->c->z, t);
  for (uint32_t k = 0; k < w->n_seen; k++)
    if (w->seen[k] == id) return true;
  if (w->n_seen < NOWRAP_NODES) w->seen[w->n_seen++] = id;
  return false;
}

static void walk(nowrap_walk *w, Z3_ast t) {
  Z3_context z = w->c->z;
  if (w->n_seen >= NOWRAP_NODES || Z3_get_ast_kind(z, t) != Z3_APP_AST || visited(w, t)) return;
  Z3_app a = Z3_to_app(z, t);
  unsigned n = Z3_get_app_num_args(z, a);
  for (unsigned i = 0; i < n; i++) walk(w, Z3_get_app_arg(z, a, i));
  if (n != 2 || Z3_get_sort_kind(z, Z3_get_sort(z, t)) != Z3_BV_SORT ||
      Z3_get_bv_sort_size(z, Z3_get_sort(z, t)) >= SYM_WIDE)
    return; /* the encoding's own wide terms (sequence numbers, counters) do not wrap */
  Z3_ast x = Z3_get_app_arg(z, a, 0), y = Z3_get_app_arg(z, a, 1), f = NULL;
  switch (Z3_get_decl_kind(z, Z3_get_app_decl(z, a))) {
  case Z3_OP_BADD:
    f = sym_and2(w->c, Z3_mk_bvadd_no_overflow(z, x, y, true), Z3_mk_bvadd_no_underflow(z, x, y));
    break;
  case Z3_OP_BSUB:
    f = sym_and2(w->c, Z3_mk_bvsub_no_overflow(z, x, y), Z3_mk_bvsub_no_underflow(z, x, y, true));
    break;
  case Z3_OP_BMUL:
    f = sym_and2(w->c, Z3_mk_bvmul_no_overflow(z, x, y, true), Z3_mk_bvmul_no_underflow(z, x, y));
    break;
  default:
    return;
  }
  w->facts = sym_and2(w->c, w->facts, f);
}

Z3_ast sym_nowrap(sym_ctx *c, Z3_ast t) {
  nowrap_walk w = {c, ir_xcalloc(NOWRAP_NODES, sizeof(unsigned)), 0, Z3_mk_true(c->z)};
  walk(&w, t);
  free(w.seen);
  return w.facts;
}
