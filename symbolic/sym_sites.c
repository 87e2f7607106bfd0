/* sym_sites.c: the ops a violation is about (vf_sym_violation.sites), so that a caller can
 * tell whether the explorer's bug at the counterexample's arguments is this violation's: a
 * wrong parity shows as a deadlock at the wait, or as a race at an access it guards; an
 * over-arrival at one of the ring's producers (cli/cli_symmatch.c). */
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

void sym_site(vf_sym_violation *v, const ir_op *op) {
  if (!v || !op || op == v->op) return;
  for (uint32_t k = 0; k < v->n_sites; k++)
    if (v->sites[k] == op) return;
  v->sites = ir_xrealloc(v->sites, v->n_sites + 1, sizeof *v->sites);
  v->sites[v->n_sites++] = op;
}

static bool is_arrival(const sym_event *e) {
  return e->kind == SYM_EV_ARRIVE || e->kind == SYM_EV_EXPECT || e->kind == SYM_EV_TMA_LOAD;
}

void sym_ring_sites(sym_ctx *c, vf_sym_violation *v, int ring) {
  if (!v || ring < 0) return;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->ring != ring || sym_is_access(e->kind)) continue;
    sym_site(v, e->op);
    if (e->kind == SYM_EV_WAIT) /* the accesses it guards */
      for (uint32_t j = i + 1; j < c->n_evs; j++) {
        const sym_event *x = &c->evs[j];
        if (x->part != e->part || x->kind == SYM_EV_WAIT) break;
        if (sym_is_access(x->kind) || x->kind == SYM_EV_TMA_LOAD) sym_site(v, x->op);
      }
    if (is_arrival(e)) /* the accesses it releases */
      for (uint32_t j = i; j-- > 0;) {
        const sym_event *x = &c->evs[j];
        if (x->part != e->part || x->kind == SYM_EV_WAIT) break;
        if (sym_is_access(x->kind)) sym_site(v, x->op);
      }
  }
}
