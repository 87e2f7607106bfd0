/* report.h: the diagnostics of a check run, independent of how they were found: bugs with
 * kind, message, location, related locations and schedule; written as compiler-style text,
 * JSON (design.md "Outputs") or SARIF 2.1.0.
 * Ownership: a tr_report owns its bugs, strings and schedules (tr_report_free), a tr_rsym
 * likewise (tr_rsym_free); the writers allocate nothing the caller keeps. */
#ifndef TLXV_REPORT_H
#define TLXV_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ir/ir.h"

typedef struct tr_rel {
  ir_loc loc;
  char *message;               /* owned */
} tr_rel;

typedef struct tr_rstep {
  uint32_t index;              /* 1-based position in the schedule */
  const char *agent;           /* agent name ("default", "partition0"); async completions are
                                  named after the issuing agent plus ".async" */
  uint32_t agent_step;         /* 1-based step number of that agent */
  char *action;                /* owned: what happened */
  ir_loc loc;
} tr_rstep;

typedef struct tr_rbug {
  const char *kind;            /* design.md's kind names */
  const char *severity;        /* static: "error" or "warning" (docs/diagnostics.md "Severity");
                                  NULL is an error */
  char *message;               /* owned, one line */
  ir_loc loc;
  tr_rel *related;             /* owned */
  uint32_t n_related;
  tr_rstep *trace;             /* owned */
  uint32_t n_trace;
  uint32_t n_trace_full;       /* steps of the schedule before filtering to those that matter */
  char *args;                  /* owned, may be NULL: arguments of the run ("ynumel=65") */
  void *names_owner;           /* owned, may be NULL: storage of the trace's agent names */
} tr_rbug;

/* --symbolic: the symbolic layer's result (symbolic/sym.h) as the JSON / SARIF reports show it
 * (traces/report_sym.c). Filled by cli/cli_sym.c; free with tr_rsym_free. */
typedef struct tr_rsymviol {
  ir_loc loc;                  /* the op where the condition fails */
  char *message;               /* owned, one line, no location ("partition0: wait on ...") */
  const char **arg_names;      /* counterexample: the arguments the layer chose (array owned,
                                  names borrowed from the module) */
  int64_t *arg_vals;           /* owned, n_args values */
  uint32_t n_args;
  int64_t trip_count;          /* of the loop the op is in; -1: not in a loop */
  int64_t iteration;           /* failing iteration, 0-based; -1: not in a loop */
  bool has_fill;               /* the counterexample's read-only input memory, a + b * index */
  int64_t fill_a, fill_b;
  int confirmed;               /* 1 reproduced by the explorer, 0 not reproduced, -1 not asked */
} tr_rsymviol;

typedef struct tr_rsymcond {
  const char *name;            /* "phase-agreement", ... (static) */
  const char *result;          /* "proved" | "violated" | "unknown" (static) */
  const char *description;     /* static, may be NULL: what the condition proves (SARIF rule) */
  uint32_t instances;          /* instances encoded and sent to Z3 */
  char *detail;                /* owned, may be NULL: what was proved, or why unknown */
  tr_rsymviol *viol;           /* owned, smallest trip count first */
  uint32_t n_viol;
} tr_rsymcond;

typedef struct tr_rsym {
  const char *verdict;         /* "proved" | "violated" | "unknown" (static) */
  char *constraints;           /* owned: "for all values of ynumel satisfying ..." */
  tr_rsymcond *conds;          /* owned */
  uint32_t n_conds;
  double seconds;
} tr_rsym;

void tr_rsym_free(tr_rsym *s); /* frees what s owns, not s */

/* One scf.for and the trip counts the check's runs gave it (vf_loopcover). */
typedef struct tr_rloop {
  ir_loc loc;
  int64_t trips[16];           /* ascending; empty when not computable */
  uint32_t n_trips;
  bool driven;                 /* false: some wrap-around count (1, 2, S, S+1, 2S+1) missing */
} tr_rloop;

/* A tile-aligned argument of the default set (verify/vf_align.c): its default values were
 * multiples of its alignment, and one partial-tile value was probed. */
typedef struct tr_raligned {
  const char *name;            /* the argument (borrowed from the module) */
  int64_t multiple_of;         /* its alignment A: every default value is a multiple of it */
  int64_t probe;               /* the partial-tile value also checked (a multiple of its
                                  tt.divisibility, not of A); 0: none (--partial-tiles off) */
  uint32_t findings;           /* reports the probe found that no whole-tile run found */
} tr_raligned;

typedef struct tr_report {
  const char *file;            /* input as given */
  const char *verdict;         /* "verified" | "bug" | "inconclusive" */
  tr_rbug *bugs;               /* errors first, then warnings */
  uint32_t n_bugs;             /* errors and warnings */
  char *covered;               /* owned, may be NULL: "ynumel in {1, 65, 129, 257}" */
  char *bound;                 /* owned, may be NULL: why the run is inconclusive */
  tr_rloop *loops;             /* owned, may be NULL: per-loop trip counts covered ("loops") */
  uint32_t n_loops;
  char *verified_for;          /* owned, may be NULL: a loop was not driven to the wrap-around
                                  counts, so "verified" holds only for these ("verified for") */
  tr_raligned *aligned;        /* owned array, may be NULL: tile-aligned default arguments */
  uint32_t n_aligned;
  const char *partial_tiles;   /* static: "warn" | "error" | "off" (--partial-tiles) */
  /* statistics */
  uint64_t states, transitions, runs;
  double seconds;              /* whole check, parsing included */
  double explore_seconds;      /* state-space exploration only (states/s uses this) */
  double reduction;            /* states of --no-reduction / states (0 = not measured) */
  uint64_t peak_bytes;
  uint32_t max_depth;
  uint64_t *run_states;        /* owned, may be NULL: states of each run, in run order (--stats) */
  uint32_t n_run_states;
  bool with_stats;             /* print / include the performance statistics */
  const tr_rsym *sym;          /* not owned, may be NULL: --symbolic, a "symbolic" object in
                                  JSON and results per condition in SARIF (report_sym.c) */
} tr_report;

void tr_report_free(tr_report *r);
/* "tile-aligned arguments (N_CTX a multiple of 128; 1 warning for N_CTX=144)" (malloc'd): what
 * a "verified" covers when some argument's partial tiles were not checked (--partial-tiles
 * off) or gave findings; NULL when every probe was clean or no argument is tile-aligned
 * (report_aligned.c). */
char *tr_report_aligned_for(const tr_report *r);
/* Whether b is a warning, and how many of r's bugs are (the others are errors). */
bool tr_rbug_is_warning(const tr_rbug *b);
uint32_t tr_report_warnings(const tr_report *r);
/* Text: one "FILE:LINE:COL: error: KIND: MESSAGE" per bug ("warning:" for a warning), "note:"
 * lines for related locations, the schedule, then a summary line (unless quiet) that counts
 * the errors as bugs and the warnings apart. */
void tr_report_text(const tr_report *r, FILE *out, bool quiet);
/* JSON and SARIF 2.1.0 (jansson). Return 0, or -1 when writing failed. */
int tr_report_json(const tr_report *r, FILE *out);
int tr_report_sarif(const tr_report *r, FILE *out);

#endif
