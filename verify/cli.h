/* cli.h: the tlx-verify subcommands. Each takes the arguments after the subcommand name
 * (argv[0] is the subcommand) and returns the process exit code:
 * 0 verified / success, 1 bugs found, 2 usage or input error, 3 inconclusive. */
#ifndef TLXV_CLI_H
#define TLXV_CLI_H

#include "ir/ir.h"
#include "lowering/lw.h" /* types only: the lowering itself is loaded by vf_cli_lowering */

enum { VF_EXIT_OK = 0, VF_EXIT_BUG = 1, VF_EXIT_INPUT = 2, VF_EXIT_INCONCLUSIVE = 3 };

int vf_cmd_parse(int argc, char **argv);  /* verify/cli_parse.c */
int vf_cmd_check(int argc, char **argv);  /* verify/cli_check.c */
int vf_cmd_sim(int argc, char **argv);    /* verify/cli_sim.c */
int vf_cmd_graph(int argc, char **argv);  /* verify/cli_graph.c */
int vf_cmd_lower(int argc, char **argv);  /* verify/cli_lower.c */

/* Parses the input file ("-" = stdin); on failure prints the reader's one-line
 * "FILE:LINE:COL: error: ..." on stderr and returns NULL (the caller exits with VF_EXIT_INPUT). */
ir_module *vf_cli_read(const char *path); /* verify/cli_util.c */
/* The lowering module (libtlxv-lower.so), opened on first use; NULL after printing why it could
 * not be loaded (verify/cli_lwload.c). */
const lw_api *vf_cli_lowering(void);
/* Parses --grid X[,Y[,Z]] (positive, at most 2^24 each; missing axes are 1) into grid;
 * returns 0, or -1 (grid untouched) when v is malformed. */
int vf_cli_parse_grid(const char *v, int32_t grid[3]);

#endif
