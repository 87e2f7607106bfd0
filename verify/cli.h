/* cli.h: the tlx-verify subcommands. Each takes the arguments after the subcommand name
 * (argv[0] is the subcommand) and returns the process exit code:
 * 0 verified / success, 1 bugs found, 2 usage or input error, 3 inconclusive. */
#ifndef TLXV_CLI_H
#define TLXV_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "vf.h"          /* vf_opts */
#include "lowering/lw.h" /* types only: the lowering itself is loaded by vf_cli_lowering */

enum { VF_EXIT_OK = 0, VF_EXIT_BUG = 1, VF_EXIT_INPUT = 2, VF_EXIT_INCONCLUSIVE = 3,
       VF_EXIT_NO_MATCH = 5 /* explain: no reachable state matches the observation */ };

int vf_cmd_parse(int argc, char **argv);  /* verify/cli_parse.c */
int vf_cmd_check(int argc, char **argv);  /* verify/cli_check.c */
int vf_cmd_sim(int argc, char **argv);    /* verify/cli_sim.c */
int vf_cmd_graph(int argc, char **argv);  /* verify/cli_graph.c */
int vf_cmd_lower(int argc, char **argv);  /* verify/cli_lower.c */
int vf_cmd_explain(int argc, char **argv); /* verify/cli_explain.c */
int vf_cmd_skeleton(int argc, char **argv); /* verify/cli_skel.c */

/* Parses the input file ("-" = stdin); on failure prints the reader's one-line
 * "FILE:LINE:COL: error: ..." on stderr and returns NULL (the caller exits with VF_EXIT_INPUT). */
ir_module *vf_cli_read(const char *path); /* verify/cli_util.c */
/* A command's FILE word (one FILE, no unknown option): 0 with *file set, or VF_EXIT_INPUT after
 * printing "unknown option 'ARG' for 'CMD'" or "'CMD' takes one FILE". */
int vf_cli_file_word(const char *cmd, const char *arg, const char **file);
/* The whole of FILE ('-': standard input), malloc'd (*len bytes, the caller frees), or NULL after
 * printing why ("'CMD' needs a FILE" when file is NULL, or the read error). */
char *vf_cli_read_text(const char *cmd, const char *file, size_t *len);
/* The lowering module (libtlxv-lower.so), opened on first use; NULL after printing why it could
 * not be loaded (verify/cli_lwload.c). */
const lw_api *vf_cli_lowering(void);
/* Parses --grid X[,Y[,Z]] (CUDA's launch limits: x from 1 to 2^31-1, y and z from 1 to 65535,
 * so the product fits in 64 bits, which is how the explorer counts programs; missing axes are
 * 1) into grid; returns 0, or -1 with the message in msg (grid untouched). */
#define VF_GRID_MAX_X INT32_MAX
#define VF_GRID_MAX_YZ 65535
int vf_cli_parse_grid(const char *v, int32_t grid[3], char *msg, size_t n);

/* ---------------------------------------------------------------- numbers (cli_num.c) */

/* Option values are strict: an integer is an optional '-' and decimal digits, or 0x and hex
 * digits (010 is ten, not C's octal eight); no spaces, '+' or suffix. */
typedef enum vf_num { VF_NUM_OK, VF_NUM_MALFORMED, VF_NUM_RANGE } vf_num;
vf_num vf_cli_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out);
vf_num vf_cli_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
/* The same for option opt: true, or false with "OPT expects an integer from LO to HI, got
 * 'S'" in msg (out untouched). */
bool vf_cli_opt_i64(const char *opt, const char *s, int64_t lo, int64_t hi, int64_t *out,
                    char *msg, size_t n);
bool vf_cli_opt_u64(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *out,
                    char *msg, size_t n);
/* The options check and explain share (cli_runopt.c): the kernel arguments, grid, search bounds
 * and output of their runs. The --arg names are malloc'd and owned here (vf_cli_run_free). */
typedef struct vf_cli_run {
  const char *format;          /* text | json | sarif */
  const char *trace_out;       /* --trace-out: the (first) bug's schedule as a Chrome trace */
  const char *graph_out;       /* --graph-out: that schedule as a pipeline graph (.svg/.png/.dot) */
  vf_opts vf;
  uint32_t max_trip;
  bool quiet;
  bool all_waves;              /* --all-waves (vf_argplan.all_waves) */
  const char *arg_name[64];
  int64_t arg_val[64];
  uint32_t n_arg;
  int32_t grid[3];
  bool grid_given;
} vf_cli_run;
void vf_cli_run_init(vf_cli_run *r); /* text output, a 1x1x1 grid, everything else 0 */
void vf_cli_run_free(vf_cli_run *r);
/* Option a (its value val, NULL when a is the last word) if it is a shared one: 1 when a is one
 * (*i advanced past a value it took), 0 when it is not, -1 with the message in msg. --max-states
 * takes 1 .. max_states_hi. */
int vf_cli_run_opt(vf_cli_run *r, const char *a, const char *val, int *i, uint64_t max_states_hi,
                   char *msg, size_t n);

/* --arg NAME=INT for check and explain: appends a malloc'd NAME and the value to names / vals
 * (*n entries, at most max; the caller frees the names). False with the message in msg for a
 * malformed value, one out of the 64-bit range, a name given twice, or too many. */
bool vf_cli_opt_arg(const char *val, const char **names, int64_t *vals, uint32_t *n, uint32_t max,
                    char *msg, size_t msg_n);
/* A finite positive number of seconds (strtod syntax, no sign); false with msg otherwise. */
bool vf_cli_opt_seconds(const char *opt, const char *s, double *out, char *msg, size_t n);
/* The values an integer kernel argument of type t takes, and the type's name ("i32",
 * "ui8", "index"): iN and index two's complement (-2^(N-1) .. 2^(N-1)-1, how Triton types
 * a Python int), uiN 0 .. 2^N-1, i1 0 or 1. False when t is not an integer type. */
bool vf_cli_int_range(const ir_type *t, int64_t *lo, int64_t *hi, char *name, size_t n);
/* --arg NAME=V for the kernel argument arg: true when V fits its type (or it is not an
 * integer), else false with "LOC: error: --arg NAME=V: value does not fit the argument's
 * type i32 (LO to HI)" in msg (LOC: the argument's location, else file). Every subcommand
 * checks this before the value is truncated to the argument's bits. */
bool vf_cli_arg_fits(const ir_value *arg, const char *file, const char *name, int64_t v,
                     char *msg, size_t n);

#endif
