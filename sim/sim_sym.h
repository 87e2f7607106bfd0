/* sim_sym.h: symmetry reduction for the explorer's visited table (sim_sym.c): states that
 * differ by a permutation of interchangeable AMD waves hash alike.
 * Ownership: sim_sym_new's object is the caller's (sim_sym_free); it borrows nothing. */
#ifndef TLXV_SIM_SYM_H
#define TLXV_SIM_SYM_H

#include "sim/sim.h"

typedef struct sim_sym sim_sym;

/* The static facts for m (which waves may be interchangeable, and from which instructions
 * on); NULL when no two agents of m can be (sim_sym_hash is then sim_state_hash). */
sim_sym *sim_sym_new(const sim_machine *m);
void sim_sym_free(sim_sym *y);
/* The hash of st's representative: st with the interchangeable waves of each group ordered
 * by their local states; states related by such a permutation have the same
 * representative, and a state is bisimilar to its representative (the same verdicts, kinds
 * and lines from both). Uses y's buffers: one thread per object. */
sim_hash128 sim_sym_hash(sim_sym *y, const sim_machine *m, const void *st);
/* sim_compile_sym_parts.c, for sim_sym_new: may the waves' LDS parts be permuted (every allocation a
 * wave stores its part of is viewed alike by every access, no TDM copies)? */
bool sim_sym_parts_ok(const sim_machine *m);
/* How many states were hashed as a permuted representative (statistics). */
uint64_t sim_sym_permuted(const sim_sym *y);

#endif
