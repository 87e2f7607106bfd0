/* sim_canon.h: canonical states for state matching (sim_canon.c): resets state parts no
 * future step can read (the phase-alias intents of agents that can no longer wait).
 * Ownership: sim_canon_new's object is the caller's (sim_canon_free); it borrows nothing. */
#ifndef TLXV_SIM_CANON_H
#define TLXV_SIM_CANON_H

#include "sim/sim.h"

typedef struct sim_canon sim_canon;

/* The static facts for m (reachability of intent readers); NULL when m's states have nothing
 * to reset (sim_canon_apply then does nothing). */
sim_canon *sim_canon_new(const sim_machine *m);
void sim_canon_free(sim_canon *c);
/* Resets the dead parts of st, a state of m (in place; the state stays one of m, bisimilar to
 * the original: the same enabled transitions, steps and violations from it). Uses m's scratch
 * and sandbox (as sim_lookahead) and c's memo: one thread per machine and object. */
void sim_canon_apply(sim_canon *c, sim_machine *m, void *st);
/* sim_canon_apply for st = prev after transition t, prev canonical: only the agents the step
 * may have changed are looked at. */
void sim_canon_step(sim_canon *c, sim_machine *m, const void *prev, void *st, sim_trans t);

#endif
