/* cli_symmatch.h: does a bug the explicit explorer found reproduce a symbolic counterexample?
 * Each condition of docs/symbolic.md §2 accounts for some bug kinds of docs/verifier.md, and
 * names an op; a confirmation needs such a kind at (or about) that op, not just any bug.
 * Ownership: ops and file names are borrowed from the module. */
#ifndef TLXV_CLI_SYMMATCH_H
#define TLXV_CLI_SYMMATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "sim/sim.h"
#include "symbolic/sym.h"

/* One bug of an exploration: its kind, the locations of its primary and related instructions
 * (sim_ins_loc; file names are the module's). */
typedef struct vf_sym_bugsite {
  uint8_t kind;                     /* sim_bug_kind */
  ir_loc loc;
  ir_loc rel[SIM_MAX_REL];
  uint8_t n_rel;
} vf_sym_bugsite;

/* The explorer bug kinds that condition c accounts for, as a bit mask of (1u << kind). */
uint32_t vf_sym_cond_kinds(vf_sym_cond c);
/* Does bug b reproduce violation v of condition c? Its kind is one c accounts for, and its
 * primary or a related instruction is on the source line of v's op or of one of v's sites. */
bool vf_sym_bug_matches(const ir_module *m, vf_sym_cond c, const vf_sym_violation *v,
                        const vf_sym_bugsite *b);
/* "race at kernels.py:80:5" into buf. */
const char *vf_sym_bugsite_text(const ir_module *m, const vf_sym_bugsite *b, char *buf, size_t n);

#endif
