/* sim_amd_skel.h: the AMD machine model (semantics.md §8) run over the wait / barrier skeleton
 * of a gfx9 code object, as `llvm-objdump -d` prints it: translation validation of the
 * lowering (docs/lowering.md, "AMD: translation validation"). The skeleton keeps, per wave,
 * the vector-memory queue (vmcnt), the LDS / scalar-memory queue (lgkmcnt), s_waitcnt and
 * s_barrier, and the control flow; LDS addresses are not kept, so every LDS access may touch
 * every other one (one location). Public: used by `tlx-verify skeleton` (cli/cli_skel.c).
 * Ownership: sim_amd_skel_check's report is malloc'd and the caller's (free). */
#ifndef TLXV_SIM_AMD_SKEL_H
#define TLXV_SIM_AMD_SKEL_H

#include <stddef.h>

typedef enum sim_skel_verdict {
  SIM_SKEL_OK,           /* every LDS read / write pair of two waves is ordered */
  SIM_SKEL_BUG,          /* an unordered pair (or a wait missing before a barrier) */
  SIM_SKEL_INCONCLUSIVE, /* what the skeleton cannot decide (LDS DMA in flight, divergent
                            barriers, indirect branches, too many states) */
  SIM_SKEL_INPUT,        /* not llvm-objdump output of an AMDGPU kernel */
} sim_skel_verdict;

/* Checks every function of the disassembly text (n bytes; `what` names it in messages).
 * Returns the verdict and sets *report to the diagnostic lines, one a line
 * ("WHAT: SYMBOL+0xOFF: error: KIND: ..." / "... note: ..." / "... inconclusive: ..."),
 * malloc'd and owned by the caller (never NULL). */
sim_skel_verdict sim_amd_skel_check(const char *text, size_t n, const char *what, char **report);

#endif
