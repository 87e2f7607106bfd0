/* cli_sym.h: `tlx-verify check --symbolic`: runs the Z3 layer after the explicit check,
 * confirms each counterexample with the explicit explorer, prints the symbolic section.
 * Ownership: a vf_sym_result filled here is the caller's (vf_sym_result_free, also on
 * failure), a tr_rsym too (tr_rsym_free); the module and the plan are borrowed. */
#ifndef TLXV_SYM_CLI_H
#define TLXV_SYM_CLI_H

#include <stdio.h>

#include "symbolic/sym.h"
#include "traces/report.h"
#include "verify/vf_run.h"

typedef struct vf_sym_cli_opts {
  const char *const *arg_names; /* --arg NAME=VALUE given by the user (kept for callers that
                                   pin arguments; the symbolic layer itself generalises them) */
  const int64_t *arg_vals;
  uint32_t n_args;
  const vf_opts *explore;       /* explorer options for the confirmation runs */
  uint32_t max_trip;            /* sim_opts.max_trip of the confirmation runs */
  const char *format;           /* "text" prints the symbolic section; json / sarif do not */
  bool quiet;                   /* text: only the violations */
  /* Per kernel argument (entry block order; NULL: none): a multiple the proofs assume, where
   * the explicit check's verdict is for whole tiles of that argument only (its partial-tile
   * probe found something, or probes are off: vf_sym_cli_align). 0 or 1: no assumption. */
  const int64_t *align;
} vf_sym_cli_opts;

/* The tile alignments the symbolic proofs take from the explicit check (vf_sym_cli_opts.align):
 * plan->align[k] for each tile-aligned argument whose partial-tile probe found[i] reports, or
 * every one when probes are off (mode VF_PARTIAL_OFF: the explicit check covered whole tiles
 * only). Returns a malloc'd array of plan->n_args entries (the caller frees), or NULL when no
 * argument is restricted. */
int64_t *vf_sym_cli_align(const vf_argplan *plan, vf_partial_mode mode, const uint32_t *found);

/* Runs vf_sym_check, confirms every violation by exploring the kernel with its arguments
 * (the plan's values for the arguments the symbolic layer does not need, program id 0),
 * prints the section and returns the combined exit code: 1 when the explicit check or a
 * confirmed violation found a bug; 3 when a violation was not reproduced, or a condition is
 * unknown and the explicit check verified; 2 on an input error (message on stderr);
 * otherwise explicit_exit. */
int vf_sym_cli(const ir_module *m, const vf_argplan *plan, const vf_sym_cli_opts *o, FILE *out,
               int explicit_exit);

/* The same in steps, for a caller that puts the result in a JSON / SARIF report:
 * vf_sym_cli_run runs vf_sym_check and confirms every violation into *r (the caller frees it
 * with vf_sym_result_free, also on failure); returns 0, or VF_EXIT_INPUT with the message
 * printed on stderr. vf_sym_cli_print prints the text section (nothing unless o->format is
 * text). vf_sym_cli_exit is the combined exit code described above. vf_sym_cli_report fills the
 * report's section (traces/report.h; free with tr_rsym_free); returns 0 or -1 (out of memory). */
int vf_sym_cli_run(const ir_module *m, const vf_argplan *plan, const vf_sym_cli_opts *o,
                   vf_sym_result *r);
void vf_sym_cli_print(const vf_sym_result *r, const vf_sym_cli_opts *o, FILE *out);
int vf_sym_cli_exit(const vf_sym_result *r, int explicit_exit);
int vf_sym_cli_report(const vf_sym_result *r, tr_rsym *out);

#endif
