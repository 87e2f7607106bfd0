/* vf.h: the explorer: depth-first search over the schedules of a machine (sim.h) with a
 * visited-state table and partial-order reduction, the checkers (deadlock, race, and the
 * violations the model reports while stepping), and the bugs they find.
 * Ownership: a vf_result owns its bugs, their schedules and notes (vf_result_free); a
 * vf_table owns its memory (vf_table_free); vf_big_zalloc's memory is the caller's (vf_big_free
 * with the same size); machines are borrowed, never freed here. */
#ifndef TLXV_VF_H
#define TLXV_VF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/sim.h"

typedef enum vf_verdict { VF_VERIFIED = 0, VF_BUG = 1, VF_INCONCLUSIVE = 3 } vf_verdict;

typedef struct vf_gwset vf_gwset; /* global writes of programs (vf_grid.c) */

/* Monotonic clock in seconds (timing, deadlines). */
double vf_now_s(void);

enum { VF_SYM_AFTER = 100000 }; /* vf_opts.sym_after's default */

typedef struct vf_opts {
  uint64_t max_states;         /* states over the whole check (every run); 0 = 5,000,000 */
  uint64_t states_done;        /* states earlier runs of the same check explored: they count
                                  against max_states */
  double time_limit;           /* seconds; 0 = none (named in the inconclusive message) */
  double deadline;             /* vf_now_s() time at which every run stops (inconclusive); 0 =
                                  none. check sets it once from --time-limit: one budget for
                                  all its runs and the Z3 layer */
  bool no_reduction;           /* explore every interleaving (naive) */
  bool no_symmetry;            /* no symmetry reduction (sim_sym.c); implied by no_reduction */
  uint64_t sym_after;          /* the symmetry reduction keys the states a run visits after this
                                  many (1: all; 0: VF_SYM_AFTER): a small search stays the exact
                                  one (the same bugs, found in the same order) */
  uint32_t random_walks;       /* > 0: walk this many random schedules instead of searching */
  uint64_t seed;               /* random walks */
  vf_gwset *gw;                /* not owned, may be NULL: every global write a step makes is
                                  noted there (the program's write footprint, the union over
                                  the explored paths) */
  uint32_t threads;            /* > 1: searchers on as many threads sharing one visited table
                                  (vf_par.c); 0 / 1: one (the same states every time) */
} vf_opts;

/* One bug: a violation and the schedule (from sim_init's state) that shows it. Its severity
 * (v.severity) is an error or a warning (docs/diagnostics.md "Severity"); "bugs" below means
 * both. */
typedef struct vf_bug {
  sim_viol v;                  /* kind, primary instruction, message, related instructions */
  sim_trans *path;             /* malloc'd: the schedule; the bug shows at its end (for a
                                  violation: its last step reports it; for a deadlock / race:
                                  the state after it) */
  uint32_t n_path;
  char *rel_text[SIM_MAX_REL]; /* malloc'd or NULL: a note per related instruction that
                                  replaces v.rel_note (deadlocks: why each agent is blocked) */
  uint32_t found_order;        /* discovery order (ties) */
  uint64_t times;              /* how many times it was found */
  uint32_t run;                /* index of the run (arguments, program id) it was found in */
} vf_bug;

typedef struct vf_stats {
  uint64_t states;             /* distinct states visited */
  uint64_t transitions;        /* steps fired */
  uint64_t revisits;           /* steps that reached an already visited state */
  uint64_t por_pruned;         /* enabled transitions not explored thanks to the reduction */
  uint32_t max_depth;
  double seconds;
  size_t peak_bytes;           /* visited table + stack */
} vf_stats;

typedef struct vf_result {
  vf_verdict verdict;          /* vf_result_verdict once complete (errors only: a run with
                                  warnings alone is verified) */
  vf_bug *bugs;                /* sorted: errors first, then shortest schedule */
  uint32_t n_bugs, cap_bugs;
  bool bound_hit;              /* a bound stopped some path: never "verified" */
  char bound_why[256];         /* which bound */
  uint32_t cur_run;            /* run index stamped on bugs added now */
  /* an llvm.intr.assume was false: the run's inputs are outside the kernel's contract. Its
   * exploration stops and its bugs are dropped (undefined behaviour, not the kernel's bugs);
   * in a merged result: how many runs were so skipped, and the first one's reason */
  uint32_t n_outside;
  char outside_why[256];
  vf_stats st;
} vf_result;

/* Explores m's schedules. Bugs are merged by (kind, primary source location). Returns 0, or -1
 * when the initial state cannot be built (res->bugs then holds the reason if it is a bug). */
int vf_explore(sim_machine *m, const vf_opts *o, vf_result *res);
void vf_result_free(vf_result *r);
/* Frees every bug of r (n_bugs = 0; the array is kept). */
void vf_result_drop_bugs(vf_result *r);
/* Adds (or merges) a bug found at the end of path[0..n): keeps the shorter schedule.
 * rel_text (may be NULL) holds v->n_rel notes, copied. */
void vf_result_add(vf_result *r, const sim_machine *m, const sim_viol *v, const sim_trans *path,
                   uint32_t n, char *const *rel_text);
/* The bug v would merge into (same kind, same primary location), or NULL. */
vf_bug *vf_result_find(vf_result *r, const sim_machine *m, const sim_viol *v);
/* When r already holds v's bug with a schedule of at most n steps: counts the finding and
 * returns true (the caller need not build the schedule: finding a bug costs O(1) schedule
 * work, not O(depth), issue 11). */
bool vf_result_keeps(vf_result *r, const sim_machine *m, const sim_viol *v, uint32_t n);
/* Moves every bug of src into dst (merging). */
void vf_result_merge(vf_result *dst, const sim_machine *m, vf_result *src);
/* Orders bugs: errors before warnings, then shortest schedule first, then discovery order. */
void vf_result_sort(vf_result *r);
/* How many of r's bugs are errors (sim_severity): warnings do not make a verdict "bug". */
uint32_t vf_result_errors(const vf_result *r);
/* The verdict r's bugs and bound give: bug when some bug is an error, else inconclusive when a
 * bound was hit, else verified (warnings or not). */
vf_verdict vf_result_verdict(const vf_result *r);
/* --warnings-as-errors: every warning of r becomes an error (sort again afterwards). */
void vf_result_promote_warnings(vf_result *r);

/* Checkers on one state (vf_check.c). */
/* Races: two agents' next accesses, or an agent's next access and an in-flight async event,
 * or two in-flight events, overlap with at least one write. Fills v and returns true for the
 * first one found. */
bool vf_check_race(const sim_machine *m, const void *st, sim_viol *v);
/* The same; without msg the message is left empty (the same race, kind and instructions). */
bool vf_check_race_ex(const sim_machine *m, const void *st, sim_viol *v, bool msg);
/* Deadlock analysis of a stuck state: the violation (deadlock, or its root cause when it is a
 * byte-count mismatch) with, per related instruction, a note in rel_text (malloc'd). */
void vf_deadlock_explain(const sim_machine *m, const void *st, sim_viol *v,
                         char *rel_text[SIM_MAX_REL]);

/* Notes the global write step t logged (log->n_gw) in s, for the program of the writing CTA
 * (vf_grid.c). */
void vf_gwset_note(vf_gwset *s, const sim_machine *m, const sim_log *log, sim_trans t);

/* Visited-state set of state hashes (vf_table.c): 119 bits of each sim_hash128 are the key
 * (the top 8 bits of hi and bit 55 are not part of it). The table owns its memory;
 * vf_table_free frees it. Out of memory ends the process (ir_out_of_memory). */
typedef struct vf_table vf_table;
/* A table for one thread, growing as needed. */
vf_table *vf_table_new(void);
/* A table that `threads` threads insert into at once: shards (a lock each) that start small
 * and grow as needed. */
vf_table *vf_table_new_shared(uint32_t threads);
void vf_table_free(vf_table *t);
/* Inserts h; returns true when it was new. */
bool vf_table_insert(vf_table *t, sim_hash128 h);
/* A searcher's own cache of keys it found visited lately (VF_RECENT entries, zeroed), in
 * front of a shared table: the same answer as vf_table_insert, and a hit takes no lock and
 * touches no shard (a revisit of a recent state is the common case). */
enum { VF_RECENT = 1 << 11 };
bool vf_table_insert_cached(vf_table *t, sim_hash128 *recent, sim_hash128 h);
/* Starts loading the cache lines a later vf_table_insert(t, h) reads (one-thread tables; a
 * hint only: the table may grow before). */
void vf_table_prefetch(const vf_table *t, sim_hash128 h);
/* Whether h is in the table. */
bool vf_table_has(const vf_table *t, sim_hash128 h);
/* Growths so far (of the table or of any shard). */
uint32_t vf_table_generation(const vf_table *t);
size_t vf_table_bytes(const vf_table *t);
uint64_t vf_table_count(const vf_table *t);
/* Large zeroed memory (huge-page backed from 2 MiB on; vf_bigmem.c); free with the same size. */
void *vf_big_zalloc(size_t n);
void vf_big_free(void *p, size_t n);
/* An address range of `room` bytes (rounded up to 2 MiB) reserved for one growing object,
 * huge-page backed, zero until written; NULL when the address space is short. Bytes [from, to)
 * become usable by vf_big_commit (from: what the previous commit reached, a multiple of 2 MiB;
 * to is rounded up to one; false: out of memory). vf_big_release unmaps it all (same room). */
void *vf_big_reserve(size_t room);
bool vf_big_commit(void *p, size_t from, size_t to);
void vf_big_release(void *p, size_t room);

#endif
