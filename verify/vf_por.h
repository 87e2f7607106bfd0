/* vf_por.h: partial-order reduction for the explorer: the subset of a state's enabled
 * transitions that must be explored (an ample set), see vf_por.c and docs/verifier.md.
 * Ownership: vf_por_new's set is the caller's (vf_por_free) and borrows the machine. */
#ifndef TLXV_VF_POR_H
#define TLXV_VF_POR_H

#include "sim/sim.h"

typedef struct vf_por vf_por;

vf_por *vf_por_new(sim_machine *m);
void vf_por_free(vf_por *p);
/* Writes into out the transitions of en[0..n) to explore from st; returns how many (>= 1
 * when n >= 1). */
int vf_por_ample(vf_por *p, const void *st, const sim_trans *en, int n, sim_trans *out);

#endif
