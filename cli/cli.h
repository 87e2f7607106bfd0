/* cli.h: the tlx-verify subcommands. Each takes the arguments after the subcommand name
 * (argv[0] is the subcommand) and returns the process exit code:
 * 0 verified / success, 1 bugs found, 2 usage or input error, 3 inconclusive.
 * Ownership: vf_cli_read's module is the caller's (ir_module_free); the lowering's and the
 * symbolic layer's tables are static; a vf_cli_args points into argv and allocates nothing; a vf_cli_run owns its --arg
 * names (vf_cli_run_free); messages are printed, never returned. */
#ifndef TLXV_CLI_H
#define TLXV_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "traces/report.h"
#include "verify/vf_run.h"      /* vf_opts, the argument plan, vf_arg_fits */
#include "lowering/lw.h" /* types only: the lowering itself is loaded by vf_cli_lowering */
#include "symbolic/sym.h" /* types and the Z3-free part: the Z3 layer is loaded by vf_cli_symbolic */

enum { VF_EXIT_OK = 0, VF_EXIT_BUG = 1, VF_EXIT_INPUT = 2, VF_EXIT_INCONCLUSIVE = 3,
       VF_EXIT_NO_MATCH = 5 /* explain: no reachable state matches the observation */ };

int vf_cmd_parse(int argc, char **argv);  /* cli/cli_parse.c */
int vf_cmd_check(int argc, char **argv);  /* cli/cli_check.c */
int vf_cmd_sim(int argc, char **argv);    /* cli/cli_sim.c */
int vf_cmd_graph(int argc, char **argv);  /* cli/cli_graph.c */
int vf_cmd_lower(int argc, char **argv);  /* cli/cli_lower.c */
int vf_cmd_explain(int argc, char **argv); /* cli/cli_explain.c */
int vf_cmd_skeleton(int argc, char **argv); /* cli/cli_skel.c */

/* Parses the input file ("-" = stdin); on failure prints the reader's one-line
 * "FILE:LINE:COL: error: ..." on stderr and returns NULL (the caller exits with VF_EXIT_INPUT). */
ir_module *vf_cli_read(const char *path); /* cli/cli_util.c */
/* The whole of FILE ('-': standard input), malloc'd (*len bytes, the caller frees), or NULL after
 * printing the read error (cli/cli_util.c). */
char *vf_cli_read_text(const char *file, size_t *len);
/* The lowering module (libtlxv-lower.so), opened on first use; NULL after printing why it could
 * not be loaded (cli/cli_modload.c). */
const lw_api *vf_cli_lowering(void);
/* The Z3 layer (libtlxv-sym.so, cli/cli_modload.c), opened on first use; NULL after printing,
 * once, "tlx-verify: <why_needed>: cannot load the symbolic module ..." (why_needed starts with
 * "error" or "warning" and says what is lost). */
const vf_sym_api *vf_cli_symbolic(const char *why_needed);
/* Hands the command a Z3 layer linked into the program (unit tests, fuzz targets: vf_sym_api_v1())
 * instead of the module. */
void vf_cli_sym_use(const vf_sym_api *api);
/* Parses --grid X[,Y[,Z]] (CUDA's launch limits: x from 1 to 2^31-1, y and z from 1 to 65535,
 * so the product fits in 64 bits, which is how the explorer counts programs; missing axes are
 * 1) into grid; returns 0, or -1 with the message in msg (grid untouched). */
#define VF_GRID_MAX_X INT32_MAX
#define VF_GRID_MAX_YZ 65535
int vf_cli_parse_grid(const char *v, int32_t grid[3], char *msg, size_t n);

/* ---------------------------------------------------------------- options (cli_opt.c) */

/* The words after a command's name, read in order by every command's parser:
 *   vf_cli_args p; vf_cli_args_init(&p, "graph", argc, argv);
 *   while (vf_cli_next(&p)) {
 *     if (vf_cli_value(&p, "-o", &v)) o->out = v;
 *     else if (vf_cli_flag(&p, "--protocol")) o->protocol = true;
 *     else vf_cli_input(&p, &o->file);
 *   }
 *   if (p.rc) return p.rc;
 * An option that takes a value is written "NAME VALUE" or "NAME=VALUE". The first usage error
 * is printed (vf_cli_usage) and ends the loop. Nothing is allocated. */
typedef struct vf_cli_args {
  const char *cmd;             /* "check", "graph", ...: names the command in errors */
  int argc;
  char **argv;                 /* argv[0] is the command's name */
  int i;                       /* index of the word being read */
  const char *word;            /* argv[i]; NULL at the end */
  int rc;                      /* 0, or VF_EXIT_INPUT once a usage error was printed */
} vf_cli_args;
void vf_cli_args_init(vf_cli_args *p, const char *cmd, int argc, char **argv);
/* The next word, NULL at the end or after a usage error. */
const char *vf_cli_next(vf_cli_args *p);
/* The one usage-error line of every command, on stderr: "tlx-verify CMD: error: MESSAGE; see
 * 'tlx-verify CMD --help'". Returns (and sets p->rc to) VF_EXIT_INPUT. */
int vf_cli_usage(vf_cli_args *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Whether the word is the flag name. */
bool vf_cli_flag(vf_cli_args *p, const char *name);
/* Whether the word is option name, which takes a value: then *val receives it (pointing into
 * argv; NULL, with the usage error printed, when it is missing); else *val is untouched. */
bool vf_cli_value(vf_cli_args *p, const char *name, const char **val);
/* The same for an integer value from lo to hi: *out is written when it is one, else the usage
 * error "NAME expects an integer from LO to HI, got 'V'" is printed. */
bool vf_cli_i64(vf_cli_args *p, const char *name, int64_t lo, int64_t hi, int64_t *out);
bool vf_cli_u64(vf_cli_args *p, const char *name, uint64_t lo, uint64_t hi, uint64_t *out);
/* The last case of a parser: the word is the input file (stored in *file); an unknown
 * option or a second file is a usage error. Returns false only at the end. */
bool vf_cli_input(vf_cli_args *p, const char **file);
/* --help or -h: prints usage on stdout and returns true (the command then exits 0). */
bool vf_cli_help(vf_cli_args *p, const char *usage);
/* After the loop: the text of FILE (malloc'd, the caller's), or NULL with p->rc set (the
 * loop's usage error, no FILE given, or an unreadable file, each already printed). */
char *vf_cli_input_text(vf_cli_args *p, const char *file, size_t *len);

/* ---------------------------------------------------------------- numbers (cli_num.c) */

/* Option opt's value s as an integer in the reader's strict syntax (ir.h ir_num_i64), from lo
 * to hi: signed (sgn: lo, hi and *out hold int64_t bits) or not. True, or false with "OPT
 * expects an integer from LO to HI, got 'S'" in msg (out untouched). */
bool vf_cli_opt_num(const char *opt, const char *s, bool sgn, uint64_t lo, uint64_t hi,
                    uint64_t *out, char *msg, size_t n);
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
/* The argument plan of check and explain for mod under r (its --arg values, grid and
 * --time-limit deadline, then the default values of the other control arguments), and the
 * probe machine (program 0 of combination 0) it was chosen on: the caller frees it
 * (sim_machine_free) and the plan (vf_argplan_free, once plan->fn is set). NULL with err when
 * the kernel or an --arg is refused. */
sim_machine *vf_cli_plan(vf_argplan *plan, const ir_module *mod, const vf_cli_run *r, sim_err *err);
/* The symbolic layer's choice of defaults (symbolic/sym.h vf_sym_suggest_args, cli_symargs.c),
 * the plan's `choose`: argument vectors giving the pipeline loops trip counts 1, 2, S, S+1,
 * 2S+1 per ring depth S, solved by Z3 (joint mode). False (plan unchanged) when it has no
 * suggestion. */
bool vf_cli_sym_defaults(vf_argplan *p);
void vf_cli_run_free(vf_cli_run *r);
/* Whether the word of p is one of the shared options (a usage error printed on p when its
 * value is bad). --max-states takes 1 .. max_states_hi. */
bool vf_cli_run_opt(vf_cli_run *r, vf_cli_args *p, uint64_t max_states_hi);

/* --arg NAME=INT for check and explain: appends a malloc'd NAME and the value to names / vals
 * (*n entries, at most max; the caller frees the names). False with the message in msg for a
 * malformed value, one out of the 64-bit range, a name given twice, or too many. */
bool vf_cli_opt_arg(const char *val, const char **names, int64_t *vals, uint32_t *n, uint32_t max,
                    char *msg, size_t msg_n);
/* A finite positive number of seconds (strtod syntax, no sign); false with msg otherwise. */
bool vf_cli_opt_seconds(const char *opt, const char *s, double *out, char *msg, size_t n);
/* ---------------------------------------------------------------- reports (cli_report.c) */

/* Builds the report of merged results: replays each bug's schedule on the machine of its run
 * (runs[bug.run]) to describe the steps. Returns 0 or -1 (err). */
int vf_cli_build_report(const vf_argplan *p, sim_machine **mach, const vf_runspec *runs, uint32_t max_trip,
                    vf_result *res, tr_report *rep, sim_err *err);
/* One bug's report entry on machine m, with its schedule as given (not shortened: explain's
 * schedule leads to the one observed state, which a shortening could trade for another). */
void vf_cli_report_bug(sim_machine *m, const vf_bug *b, tr_rbug *rb);
/* The report's tile-aligned arguments (tr_raligned, malloc'd into rep, freed with it) with
 * found[] per partial-tile probe (verify/vf_partial.c). */
void vf_cli_partial_report(const vf_argplan *p, vf_partial_mode mode, const uint32_t *found,
                           tr_report *rep);

#endif
