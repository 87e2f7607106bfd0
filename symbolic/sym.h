/* sym.h: the Z3 layer. Symbolic execution of each partition's scalar control for a symbolic
 * loop iteration, and verification conditions proved for ALL values of the integer arguments.
 * Two parts: the functions that run Z3 (vf_sym_check, vf_sym_suggest_args: the sym_*.c files of symbolic/,
 * tlxv_symbolic, built into the module libtlxv-sym.so that the command loads on demand through
 * vf_sym_api) and those that only read a result (names, verdict, printing, freeing,
 * confirmation: symbolic/result/, tlxv_symresult, linked by the command).
 * Ownership: a vf_sym_result owns every string and array in it (vf_sym_result_free);
 * ops and argument names point into the module, which must outlive it. The vf_sym_api table
 * is static, never freed. */
#ifndef TLXV_SYM_H
#define TLXV_SYM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ir/ir.h"

/* The verification conditions (docs/symbolic.md). Names are user visible (vf_sym_cond_name). */
typedef enum vf_sym_cond {
  VF_SYM_PHASE_AGREEMENT, /* "phase-agreement": each wait's parity is the parity of the phase the
                             protocol makes it wait for (semantics.md §1.3, §1.4) */
  VF_SYM_ARRIVAL_BALANCE, /* "arrival-balance": arrivals per barrier phase == init count, on every
                             phase somebody waits for; never more (semantics.md §1.5.2) */
  VF_SYM_BYTE_BALANCE,    /* "byte-balance": expect-tx bytes == TMA bytes landing on the phase */
  VF_SYM_BOUNDS,          /* "bounds": every memdesc_index stays inside its allocation */
  VF_SYM_BACK_PRESSURE,   /* "back-pressure": no ring phase can complete twice ahead of a waiter,
                             and a slot is released only after its reads completed */
  VF_SYM_PROXY_FENCE,     /* "proxy-fence": a shared buffer written through the generic proxy
                             is read by the async proxy (TMA store, wgmma / tcgen05 operand)
                             only after a fence.proxy.async of the writer (semantics.md §2.3) */
  VF_SYM_PROGRESS,        /* "progress": no cycle of waits (a deadlock): no wait's round needs an
                             arrival that program order puts after a wait which, through other
                             threads, needs it (semantics.md §1.3; sym_vc_progress.c) */
  VF_SYM__NCOND
} vf_sym_cond;

typedef enum vf_sym_status {
  VF_SYM_PROVED,   /* holds for every argument value satisfying the printed constraints */
  VF_SYM_VIOLATED, /* a concrete counterexample exists (args below) */
  VF_SYM_UNKNOWN,  /* Z3 timed out, or the kernel falls outside the encoding (detail says why) */
} vf_sym_status;

/* One counterexample of one condition. */
typedef struct vf_sym_violation {
  char *message;       /* one line, no location prefix (malloc'd) */
  ir_loc loc;          /* the op where the condition fails */
  const ir_op *op;     /* same op (owned by the module) */
  const char *partition; /* partition label ("default", "partition0", ...) or NULL */
  int64_t *args;       /* concrete value per kernel argument (n_args entries, malloc'd);
                          non-integer arguments are 0 */
  int64_t trip_count;  /* trip count of the loop the failing op is in (-1: not in a loop) */
  int64_t iteration;   /* failing iteration (0-based; -1: not in a loop) */
  /* the model's contents of the read-only inputs it loads (symbolic/sym_load.c), when they are
   * one line fill(index) = fill_a + fill_b * index over every loaded entry: the confirmation
   * run reads that memory so (sim_machine_set_fill); has_fill false otherwise */
  bool has_fill;
  int64_t fill_a, fill_b;
  int confirmed;       /* set by vf_sym_confirm: 1 confirmed, 0 not, -1 not asked / error */
  char *confirm_note;  /* with confirmed == 0: why not, when the explorer found another bug at
                          these arguments ("the explorer found race at k.py:80:5 instead"),
                          else NULL (malloc'd; vf_sym_confirm_each) */
  const ir_op **sites; /* the other ops the violation is about (the ring's waits and arrivals
                          and the accesses they guard, a read it names, an MMA, a cycle's
                          waits): an explorer bug at one of them, or at op, reproduces it
                          (malloc'd array; ops owned by the module) */
  uint32_t n_sites;
} vf_sym_violation;

/* The result of one condition over the whole kernel. */
typedef struct vf_sym_condres {
  vf_sym_status status;
  uint32_t n_checked;  /* instances (waits, rings, views, ...) encoded and sent to Z3 */
  uint32_t n_unknown;  /* instances that stayed unknown */
  char *detail;        /* one line: what was proved, or why unknown (malloc'd, may be NULL) */
  vf_sym_violation *viol; /* violations, smallest trip count first (malloc'd) */
  uint32_t n_viol;
  double seconds;      /* Z3 time spent on this condition */
} vf_sym_condres;

/* Z3 resource units a query may use by default (a few seconds of solving on one core). */
#define VF_SYM_DEFAULT_RLIMIT 20000000u

typedef struct vf_sym_opts {
  uint64_t rlimit;            /* Z3 resource limit per query; 0 = VF_SYM_DEFAULT_RLIMIT (steps, not
                                 time: the same input gives the same answers on any machine) */
  double time_limit;          /* seconds for the whole layer (what check's --time-limit left); 0 = none:
                                 each query gets at most what is left, and a query past it is
                                 not asked (its condition is unknown) */
  const char *func;           /* kernel name; NULL = the first public function */
  /* Arguments fixed by the user (--arg NAME=INT): the proof is then for those values only. */
  const char *const *fixed_names;
  const int64_t *fixed_vals;
  uint32_t n_fixed;
  bool no_minimize;           /* keep the first model instead of the smallest one */
  /* Per kernel argument (entry block order), a tile alignment its values must be multiples of
   * (verify/vf_align.c); NULL or <= 1 = tt.divisibility only. The suggestions ask for whole
   * tiles; check --symbolic where the explicit verdict is for whole tiles only (a partial-tile
   * probe found something: cli_sym.h vf_sym_cli_align), and says so in the constraints. */
  const int64_t *align;
  uint32_t max_viol;          /* violations kept per condition; 0 = 4 */
  /* Per kernel argument (entry block order; NULL: none): the integer argument ranges over
   * 0 .. 2^31 - 1 instead of 1 .. 2^31 - 1 (check --symbolic, session 31: the arguments whose
   * 0 takes a branch the other values do not, the explicit check's guard runs at 0 of an
   * scf.if guard; tutorial 09's `k_tiles == 0` epilogue was outside every proof). A
   * warp_specialize in a branch such a 0 skips is then proved under that branch's condition,
   * stated in the constraints (the other branch is the explicit check's). The suggestions
   * (vf_sym_suggest_args) leave it NULL: trip counts of at least one. */
  const bool *zero_arg;
} vf_sym_opts;

typedef struct vf_sym_result {
  int rc;                     /* 0 checked; 2 input error (error says what) */
  char *error;                /* "FILE:LINE:COL: error: ..." (malloc'd) when rc == 2 */
  vf_sym_condres cond[VF_SYM__NCOND];
  char *constraints;          /* "for all values of ynumel satisfying ynumel % 16 == 0, ..." */
  uint32_t n_args;            /* kernel arguments (entry block arguments) */
  const char **arg_names;     /* names, owned by the module (array malloc'd) */
  bool *arg_is_int;           /* integer (i1..i64 / index) arguments (malloc'd) */
  bool *arg_relevant;         /* appears in some condition or trip count (malloc'd) */
  uint32_t n_loops;           /* partition loops analysed */
  uint32_t n_invariants;      /* loop-carried values given a closed form by induction */
  double seconds;             /* wall time of vf_sym_check */
} vf_sym_result;

/* Runs the seven conditions. Never exits; Z3 errors become VF_SYM_UNKNOWN. The result owns
 * its memory: release with vf_sym_result_free. */
vf_sym_result vf_sym_check(const ir_module *m, const vf_sym_opts *o);
void vf_sym_result_free(vf_sym_result *r);

const char *vf_sym_cond_name(vf_sym_cond c);     /* "phase-agreement", ... */
const char *vf_sym_status_name(vf_sym_status s); /* "proved", "violated", "unknown" */
/* Exit-code style summary: 1 if any condition violated, 3 if any unknown, else 0. */
int vf_sym_verdict(const vf_sym_result *r);
/* Prints the constraint line, one line per condition and each violation as
 * "file:line:col: error: <cond>: message (args: ynumel=144; trip count 3, iteration 2)". */
void vf_sym_print(const vf_sym_result *r, FILE *out);
/* Only the violation lines of vf_sym_print. */
void vf_sym_print_violations(const vf_sym_result *r, FILE *out);

/* Argument sets the explicit explorer should cover: for each ring depth S of the kernel,
 * values giving trip counts 1, 2, S, S+1 and 2S+1 (the smallest argument values that do,
 * honouring divisibility and fixed args). */
typedef struct vf_sym_argset {
  int64_t trip_count;         /* the trip count these args give the partition loops */
  int64_t *args;              /* per kernel argument (n_args, malloc'd) */
} vf_sym_argset;

typedef struct vf_sym_suggestion {
  uint32_t n_args;
  const char **arg_names;     /* owned by the module (array malloc'd) */
  bool *arg_is_int;           /* (malloc'd) */
  bool *arg_relevant;         /* decides a partition loop's trip count (malloc'd); the others
                                 are set to their smallest legal value and may be replaced */
  vf_sym_argset *sets;        /* (malloc'd) increasing trip count */
  uint32_t n_sets;
  char *error;                /* set when nothing could be suggested (malloc'd) */
} vf_sym_suggestion;

/* Returns the number of sets (0 when the loops have no argument-dependent trip count, or on
 * error: then out->error says why). Free with vf_sym_suggestion_free. */
int vf_sym_suggest_args(const ir_module *m, const vf_sym_opts *o, vf_sym_suggestion *out);
void vf_sym_suggestion_free(vf_sym_suggestion *s);

/* Counterexample confirmation by the explicit explorer: for every violation (distinct args
 * only once), calls confirm(m, args, ctx), which returns 1 when the explorer reproduces a bug
 * with those arguments, 0 when it does not, <0 on error. Stores the answer in
 * violation.confirmed and returns how many violations were confirmed. */
typedef int (*vf_sym_confirm_fn)(const ir_module *m, const int64_t *args, void *ctx);
int vf_sym_confirm(const ir_module *m, vf_sym_result *r, vf_sym_confirm_fn confirm, void *ctx);
/* The same, asked per violation (sym_confirm.c): confirm(m, cond, v, ctx) returns 1 when the
 * explorer, run with v->args, reproduces the violation of condition cond (a bug of a kind the
 * condition accounts for, at its op), 0 when not (it may set v->confirm_note), <0 on error;
 * the callback caches its runs per argument vector. Returns how many were confirmed. */
typedef int (*vf_sym_confirm_each_fn)(const ir_module *m, vf_sym_cond cond,
                                      vf_sym_violation *v, void *ctx);
int vf_sym_confirm_each(const ir_module *m, vf_sym_result *r, vf_sym_confirm_each_fn confirm,
                        void *ctx);

/* The Z3 entry points as the module libtlxv-sym.so exports them: one function, VF_SYM_API_SYMBOL,
 * returning this table (symbolic/sym_api.c), so that commands not asking Z3 never map it (start-up,
 * docs/performance.md). Memory the module allocates is freed by the caller's vf_sym_result_free /
 * vf_sym_suggestion_free (the same C library). Append only; bump the version on any change. */
#define VF_SYM_API_VERSION 1
#define VF_SYM_API_SYMBOL "vf_sym_api_v1"
typedef struct vf_sym_api {
  int version; /* VF_SYM_API_VERSION */
  vf_sym_result (*check)(const ir_module *m, const vf_sym_opts *o);
  int (*suggest_args)(const ir_module *m, const vf_sym_opts *o, vf_sym_suggestion *out);
} vf_sym_api;
/* Static table, never freed (in tlxv_symbolic too, for programs linking the layer statically). */
const vf_sym_api *vf_sym_api_v1(void);

#endif
