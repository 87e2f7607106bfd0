/* tr_min_relevant.c: "the steps that matter" of a counterexample, for the drawings: the
 * slice sim_slice computes (the backward closure of the bug over program order and effect
 * dependencies), the same steps the report's trace keeps, so a drawing and a report never
 * disagree on them. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"
#include "ir/ir_alloc.h"

uint32_t tr_relevant_run(const tr_run *r, const sim_viol *bug, uint8_t *keep) {
  assert(bug);
  memset(keep, 0, r->n_steps ? r->n_steps : 1);
  if (!r->n_steps) return 0;
  sim_trans *path = ir_xmalloc(r->n_steps, sizeof *path);
  for (uint32_t i = 0; i < r->n_steps; i++) path[i] = r->steps[i].t;
  uint32_t kept = sim_slice(r->m, path, r->n_steps, bug, keep);
  free(path);
  return kept;
}

int tr_min_relevant(sim_machine *m, const sim_trans *steps, uint32_t n, const sim_viol *bug,
                    uint8_t *keep, tr_err *err) {
  (void)err; /* the slice replays without failing: a step that halts ends it */
  return (int)sim_slice(m, steps, n, bug, keep);
}
