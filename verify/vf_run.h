/* vf_run.h: one check of a kernel over several runs (argument values x program ids): the
 * argument plan (user values, default sets for control arguments), the runs, the grid's
 * global writes. The command turns the merged bugs into a report (cli/cli_report.c).
 * Ownership: a vf_argplan owns its arrays (vf_argplan_free) and borrows the module; the
 * machines and strings returned are malloc'd and the caller's (sim_machine_free, free); a
 * vf_grid is the caller's (vf_grid_free). */
#ifndef TLXV_VF_RUN_H
#define TLXV_VF_RUN_H

#include "vf.h"

enum { VF_MAX_RUNS = 64, VF_MAX_DEFAULTS = 8, VF_MAX_VALS = 16, VF_MAX_LOOPS = 16, VF_MAX_TARGETS = 8,
       VF_MAX_GUARD_RUNS = 6, VF_MAX_GAPS = 8 };

typedef struct vf_argplan {
  const ir_module *mod;
  const ir_func *fn;
  uint32_t n_args;
  const char **names;          /* argument names (not owned) */
  bool *is_int;                /* integer (or index) argument */
  bool *companion;             /* shape / stride companion of a !tt.tensordesc argument */
  bool *given;                 /* set by --arg */
  int64_t *value;              /* --arg value, or the base value */
  int64_t *divisor;            /* tt.divisibility of the argument (1 when absent) */
  int64_t *align;              /* tile alignment (vf_align.c): tt.divisibility lcm'd with the
                                  tile sizes the kernel cuts the argument into; default values
                                  are multiples of it (= divisor when it has none) */
  /* control arguments without --arg: the values to cover */
  uint32_t n_vary;
  uint32_t vary_arg[8];
  int64_t vary_vals[8][VF_MAX_VALS];
  uint32_t n_vals[8];
  int64_t trips[8][VF_MAX_VALS]; /* trip count each value gives (-1 unknown) */
  bool joint;                  /* the symbolic layer chose whole argument vectors: combination
                                  j takes value j of every varied argument (no product) */
  int32_t grid[3];
  bool grid_given;
  bool grid_chosen;            /* no --grid: the grid was chosen for a CLC work loop (cli_runopt.c) */
  int grid_pid_dim;            /* no --grid: the grid was chosen along this dimension for a loop
                                  indexed by the program id (vf_pidgrid.c); -1: not */
  bool all_waves;              /* AMD: every wave runs (--all-waves; sim_opts.amd_all_waves) */
  bool per_loop;               /* joint vectors chosen per loop (persistent kernels, vf_args.c) */
  /* Per joint vector j (per_loop only): the grid's size along x its runs use, 0 = the plan's.
   * Set where no argument value gives a persistent tile loop one of its wrap counts at the
   * plan's grid of one program (tk_swiglu: M_BLOCKS divisible by 16, so at least 16 tiles):
   * program 0 of a grid of G programs gets ceil(tiles / G) of them (vf_args.c,
   * per_loop_grids). Only with no --grid and a grid of one program. */
  int32_t vec_grid[VF_MAX_VALS];
  uint32_t ring_depth;         /* S of the wrap-around trip counts 1, 2, S, S+1, 2S+1 */
  const char *chooser;         /* joint vectors from the static trip counts: "from the loop
                                  bounds" (vf_argstatic.c); NULL: Z3 or per loop */
  double deadline;             /* vf_now_s() after which choosing defaults asks Z3 nothing (the
                                  --time-limit budget of the whole check); 0 = none */
  bool (*choose)(struct vf_argplan *p); /* joint vectors where the static trip counts cannot
                                  decide (the command's symbolic layer, cli/cli_symargs.c):
                                  true when it set them; NULL: none (the static search) */
  /* Tile-aligned arguments (vf_align.c): control arguments left open whose alignment exceeds
   * their tt.divisibility; their default values are whole tiles. Each gets one partial-tile
   * probe (vf_argplan_partial): combination vf_argplan_combos(p) + i is combination 0 with
   * argument aligned_arg[i] at probe_val[i] (a multiple of its tt.divisibility, not of its
   * alignment); probe_val[i] = 0 when probes are off. */
  uint32_t n_aligned;
  uint32_t aligned_arg[8];
  int64_t probe_val[8];
  uint32_t n_probes;           /* probe combinations (n_aligned, or 0 when off) */
  /* Guard runs (vf_argguard.c): combination base + i (base: the combinations above, before
   * the probes) is combination guard_base with argument guard_arg[i] at guard_val[i] (and, when a
   * side needs two arguments moved, e.g. `if n <= 0 && m <= 0`, guard_arg2[i] at
   * guard_val2[i]; UINT32_MAX when one is enough), the side
   * guard_side[i] of the guard at guard_op[i] (NULL: the i1 argument itself) that no other run
   * takes. Gaps: guard sides no run takes (no value found): gap_op / gap_arg / gap_side, and
   * n_gaps_more past VF_MAX_GAPS. */
  uint32_t n_guard_runs;
  uint32_t guard_base;         /* the combination the guard runs start from (vf_argplan_wrap_base:
                                  the first whose loops wrap their rings; 0 before session 36) */
  uint32_t guard_arg[VF_MAX_GUARD_RUNS];
  int64_t guard_val[VF_MAX_GUARD_RUNS];
  uint32_t guard_arg2[VF_MAX_GUARD_RUNS];
  int64_t guard_val2[VF_MAX_GUARD_RUNS];
  const ir_op *guard_op[VF_MAX_GUARD_RUNS];
  bool guard_side[VF_MAX_GUARD_RUNS];
  uint32_t n_outside;           /* guard sides whose first value is outside the kernel's domain
                                  (out_why: the llvm.intr.assume it breaks, or the division
                                  by zero it makes): not run, not a gap, said in the summary */
  const ir_op *out_op[VF_MAX_GAPS], *out_why[VF_MAX_GAPS];
  uint32_t out_arg[VF_MAX_GAPS];
  int64_t out_val[VF_MAX_GAPS];
  bool out_side[VF_MAX_GAPS];
  /* Chosen data (vf_fill.c, sim_compile_ldchoice.c): the fills of the read-only inputs whose loaded
   * values reach control; every argument combination runs with each fill f (value a + b *
   * index at element `index`), combination c + f * A (A: the combinations without fills),
   * or each fill with some argument combination where that product is too large
   * (vf_argplan_fill_joint). */
  uint32_t n_fill;             /* 0: no chosen data (one implicit fill) */
  uint32_t n_fill_fixed;       /* the first ones, vf_fill.c's fixed fills; the others drive a
                                  loop's count at the first argument combination, and in joint
                                  mode run with that combination */
  int64_t fill_a[VF_MAX_VALS], fill_b[VF_MAX_VALS]; /* the first VF_MAX_DEFAULTS: vf_fill.c's
                                  fixed fills; then loop-driving constants (fill_for_counts) */
  const ir_op *fill_site[4];   /* the chosen loads, one per source line */
  uint32_t n_fill_sites;       /* how many there are (may exceed 4) */
  uint32_t n_gaps, n_gaps_more;
  const ir_op *gap_op[VF_MAX_GAPS];
  uint32_t gap_arg[VF_MAX_GAPS];
  int64_t gap_neg[VF_MAX_GAPS];   /* a negative value that takes the side (not run), or 0 */
  bool gap_side[VF_MAX_GAPS];
} vf_argplan;

/* Which trip counts the runs gave each scf.for (computed from the arguments, program id and
 * grid, sim_static_loops): `driven` is false for a loop whose count depends on the arguments
 * but missed some wrap-around count, or whose count cannot be computed; such a loop makes the
 * verdict "verified for" the counts covered, never a bare "verified". */
typedef struct vf_loopcover {
  uint32_t n;
  struct {
    const ir_op *op;
    int64_t trips[VF_MAX_VALS]; /* distinct counts seen, ascending; -1: not computable */
    uint32_t n_trips;
    bool varies;                /* the count depends on the arguments / program id */
    bool partial;               /* counts of some enclosing iterations not enumerated
                                   (sim_static_loop_counts): trips lists those that were */
    bool driven;
    /* wrap counts no run gave that no argument value the kernel was compiled for gives
     * (tt.divisibility: vf_args.c unreachable_count): not gaps, named in the cover */
    int64_t unreach[VF_MAX_TARGETS];
    uint32_t n_unreach;
  } loop[VF_MAX_LOOPS];
} vf_loopcover;

/* Reads the kernel's arguments; returns -1 (err filled, "FILE:LINE:COL: error: ...") when fn
 * has no body. */
int vf_argplan_init(vf_argplan *p, const ir_module *mod, sim_err *err);
void vf_argplan_free(vf_argplan *p);
/* The values an integer kernel argument of type t takes, and the type's name ("i32",
 * "ui8", "index"): iN and index two's complement (-2^(N-1) .. 2^(N-1)-1, how Triton types
 * a Python int), uiN 0 .. 2^N-1, i1 0 or 1. False when t is not an integer type
 * (vf_argtype.c). */
bool vf_int_range(const ir_type *t, int64_t *lo, int64_t *hi, char *name, size_t n);
/* --arg NAME=V for the kernel argument arg: true when V fits its type (or it is not an
 * integer), else false with "LOC: error: --arg NAME=V: value does not fit the argument's
 * type i32 (LO to HI)" in msg (LOC: the argument's location, else file). Every subcommand
 * checks this before the value is truncated to the argument's bits. */
bool vf_arg_fits(const ir_value *arg, const char *file, const char *name, int64_t v,
                 char *msg, size_t n);
/* Applies --arg NAME=VALUE; -1 with err for an unknown or non-integer name, or a value that
 * does not fit the argument's type (vf_arg_fits). */
int vf_argplan_set(vf_argplan *p, const char *name, int64_t value, sim_err *err);
/* Fills p->align from the IR (vf_align.c): per integer argument, tt.divisibility lcm'd with
 * the constant steps of the loops whose bound is the argument and the constants it is divided
 * by, leaving out a tile size that would make such a loop skip trip counts (at most 4096). */
void vf_argplan_align(vf_argplan *p);
/* A large multiple of argument k's alignment (2^16 tiles, below 2^31): a value at which a loop
 * whose count the argument decides has a count other than at the smallest one. */
int64_t vf_argplan_big(const vf_argplan *p, uint32_t k);
/* Chooses default values for control arguments the user did not give: the static choice, or
 * p->choose where that cannot decide (the symbolic layer's suggestion), else from a probe machine (deepest ring S, trip
 * counts 1, 2, S, S+1, 2S+1 of its static trip count). Returns 0 or -1 (err). */
int vf_argplan_defaults(vf_argplan *p, sim_machine *probe);
/* The same choice without Z3, from the loop bounds evaluated statically (vf_argstatic.c),
 * where one argument decides the ring loops' counts: 1 (plan set); 0 when no argument
 * decides them (Z3 would suggest nothing); -1 (plan unchanged) when Z3 must decide. */
int vf_argplan_static(vf_argplan *p, sim_machine *probe);
/* The wrap-around trip counts of `loop` (vf_argstatic.c): 1, 2, and for each barrier ring the
 * loop waits on, of depth S, with u waits on it per iteration (an op in a nested loop counts
 * once per iteration of that loop, by the trip counts in `trips`), the counts ceil(t / u) for
 * t = S, S+1, 2S+1 (the ring wraps after S / u iterations). Up to max into out, distinct;
 * returns how many, 0 when the loop uses no ring. */
uint32_t vf_loop_wrap_counts(const ir_op *loop, const sim_static_loop *trips, uint32_t n_trips,
                             int64_t *out, uint32_t max);
/* The trip counts `loop` must be driven to (VF_MAX_TARGETS at most): vf_loop_wrap_counts with
 * the nested loops' counts at `bits` (program 0, the first iteration of the loops around them:
 * sim_static_loops_first), else 1, 2, S, S+1, 2S+1 of the plan's
 * deepest ring S. Returns how many. */
uint32_t vf_loop_targets(const vf_argplan *p, const uint64_t *bits, const ir_op *loop, int64_t *tg);
/* The smallest x in [1, limit] (doubling from 1 until count(x) >= want, then bisection) with
 * count(x) >= want, when count there is exactly want; -1 otherwise. count is taken as
 * non-decreasing in x (a trip count over an argument or a fill); the last call is count(x) of
 * the answer (vf_args.c). */
int64_t vf_least_giving(int64_t (*count)(void *ctx, int64_t x), void *ctx, int64_t want, int64_t limit);
/* After the defaults: notes the tile-aligned arguments and, when `probe` is true, plans one
 * partial-tile probe per argument (value A + tt.divisibility). */
void vf_argplan_partial(vf_argplan *p, sim_machine *probe_m, bool probe);
/* After the defaults and the probes (vf_argguard.c): a run for each side of an argument
 * guard (a comparison of argument values deciding a branch, loop bound, predicate or barrier
 * index; an scf.for's lb < ub; an i1 argument used as a condition) that no combination or
 * probe takes; the sides no value reaches are the plan's gaps. runs_per_combo: the runs each
 * combination makes (the grid's programs when synchronization depends on the program id): the
 * guard runs stay within VF_MAX_RUNS, the sides past it are gaps. */
void vf_argplan_guards(vf_argplan *p, uint64_t runs_per_combo);
/* "the other side of the argument guards: n=0 (false at checkers.py:29:5)" (malloc'd), NULL
 * without guard runs. */
char *vf_argplan_guard_runs(const vf_argplan *p);
/* "the false side of the guard at checkers.py:29:5, ..." (malloc'd), NULL without gaps. */
char *vf_argplan_gaps(const vf_argplan *p);
/* The combination the guard runs move one argument from: the first whose varied arguments give
 * every loop of known trip count at least S + 1 trips (S the deepest ring: a slot is reused, so
 * an access after an op still in flight on it is reached) or that argument's most; 0 where no
 * trip count is known. */
uint32_t vf_argplan_wrap_base(const vf_argplan *p);
/* The guard run a combination is (0 .. n_guard_runs-1), or -1. */
int32_t vf_argplan_guard_of(const vf_argplan *p, uint32_t combo);
/* The probe a combination is (0 .. n_probes-1), or -1 for an aligned combination. */
int32_t vf_argplan_probe_of(const vf_argplan *p, uint32_t combo);
/* Argument bits for combination `combo` (0 .. vf_argplan_combos-1, the guard runs last
 * among them, then the probes). */
uint32_t vf_argplan_combos(const vf_argplan *p);
void vf_argplan_bits(const vf_argplan *p, uint32_t combo, uint64_t *bits);
/* The grid combination combo runs with: the plan's, its x size replaced by the vector's
 * vec_grid where one is set. */
void vf_argplan_grid_of(const vf_argplan *p, uint32_t combo, int32_t grid[3]);
/* The loops' static trip counts (sim_static_loops, at most VF_MAX_LOOPS into l) at argument
 * bits `bits`, program pid of grid `grid` (the plan's, or one probed), chosen loads read as
 * combination combo's fill does (vf_fill.c). */
uint32_t vf_argplan_loops_at(const vf_argplan *p, uint32_t combo, const uint64_t *bits,
                             const int32_t *pid, const int32_t grid[3], sim_static_loop *l);
/* No --grid, a grid of one program, and a loop whose trip count depends on the program id but
 * not on the grid's size (a causal attention kernel's KV range from its query block): sets
 * p->grid along that dimension to the fewest programs whose counts reach the loop's wrap-around
 * counts (and one at least 2S+1, when some program within VF_PID_GRID_MAX has it), at most
 * VF_MAX_RUNS / the combinations; p->grid_pid_dim is the dimension (-1: grid unchanged).
 * Call after the default arguments are chosen (vf_pidgrid.c). */
enum { VF_PID_GRID_MAX = 8 };
void vf_argplan_pid_grid(vf_argplan *p);
/* Chosen data (vf_fill.c): when the probe's chosen loads reach control, the fills to run
 * (constants 1, 0, 2, S, S+1, 2S+1 of the deepest ring S, and the ramps index, (S+1)*index). */
void vf_argplan_fills(vf_argplan *p, const sim_machine *probe);
/* True when the fills are too many to run with every argument combination: combination j
 * then takes argument combination j mod A and fill j mod F (said in the coverage line). */
bool vf_argplan_fill_joint(const vf_argplan *p);
/* The fill of combination combo: sets m's (sim_machine_set_fill). */
void vf_argplan_set_fill(const vf_argplan *p, uint32_t combo, sim_machine *m);
/* "loaded values at ragged_tensor.py:165 in {1, 0, 2} and index, 3*index (read-only memory
 * filled with each)" (malloc'd), NULL without chosen data. */
char *vf_argplan_fill_covered(const vf_argplan *p);
/* A new machine (caller frees) of the plan's kernel for combination combo and program id pid,
 * with the plan's grid; NULL with err filled when the kernel cannot be compiled. The one place
 * check, explain and the report build a run's machine. */
sim_machine *vf_argplan_machine(const vf_argplan *p, uint32_t combo, const int32_t pid[3],
                                uint32_t max_trip, sim_err *err);
/* The machine of run (combo, pid) as *cache (vf_runmach.c): built by vf_argplan_machine the
 * first time, re-targeted to the run afterwards (sim_machine_set_run: the same behaviour
 * as a new machine, no compilation). Every call must pass the same max_trip. The cache
 * owns the machine: the caller frees *cache once with sim_machine_free. NULL with err
 * filled when the kernel cannot be compiled. */
sim_machine *vf_argplan_machine_at(const vf_argplan *p, sim_machine **cache, uint32_t combo,
                                   const int32_t pid[3], uint32_t max_trip, sim_err *err);
/* "ynumel=65" for the varied arguments of a combination (malloc'd), NULL when none vary;
 * with pid (may be NULL) also the program id ("program_id=3", or "program_id=(1,0,0)" when
 * the grid has more than one dimension). */
char *vf_argplan_describe(const vf_argplan *p, uint32_t combo, const int32_t *pid);
/* "ynumel in {1, 65, 129, 257} (trip counts 1, 2, 3, 5)" (malloc'd) or NULL. */
char *vf_argplan_covered(const vf_argplan *p);

/* A run: one argument combination and one program id. */
typedef struct vf_runspec {
  uint32_t combo;
  int32_t pid[3];
} vf_runspec;

/* Per-loop coverage of the runs (see vf_loopcover). */
void vf_argplan_loops(const vf_argplan *p, const vf_runspec *runs, uint32_t n_runs, vf_loopcover *out);
/* "loop 09-persistent-matmul.py:180: trip counts 1, 2, 3, 4, 7; ..." (malloc'd), NULL when no loop;
 * *all_driven false when some loop is not driven. */
char *vf_loopcover_describe(const vf_loopcover *c, const ir_module *mod, bool *all_driven);

/* Partial-tile probes (vf_partial.c): what a report found only with a probe value is, by
 * --partial-tiles. */
typedef enum vf_partial_mode {
  VF_PARTIAL_WARN,             /* a warning (default): the host may never pass partial tiles */
  VF_PARTIAL_ERROR,            /* an error: the host passes partial tiles */
  VF_PARTIAL_OFF,              /* no probe */
} vf_partial_mode;
/* "warn" -> VF_PARTIAL_WARN, ...; false for another word. */
bool vf_partial_mode_parse(const char *s, vf_partial_mode *out);
const char *vf_partial_mode_name(vf_partial_mode m);
/* Folds the result of a run of probe `probe` (src, explored on machine m) into the whole-tile
 * runs' result dst (complete: every whole-tile run merged): a report dst holds (same kind and
 * place) is dropped, as found with whole tiles; every other one is the probe's finding: its
 * message says so ("only when N_CTX is not a multiple of 128, e.g. N_CTX=144"), it is a
 * warning unless mode is VF_PARTIAL_ERROR, and found[probe] counts it. Statistics and a bound
 * hit merge as vf_result_merge's; src's bugs are moved out. */
void vf_partial_fold(const vf_argplan *p, uint32_t probe, vf_partial_mode mode, const sim_machine *m,
                     vf_result *dst, vf_result *src, uint32_t *found);

/* Global writes of the programs of the grid (vf_grid.c): each program's write footprint
 * (boxes written through tensor descriptors) is the union over its explored paths, or, for
 * programs that were not explored, the writes of one schedule (an agent's ops depend only on
 * its own values, so every complete schedule makes the same writes); footprints of programs
 * in different clusters that overlap are races (nothing orders two clusters). */
typedef struct vf_grid vf_grid;
/* NULL when the grid has one program (or one cluster). */
vf_grid *vf_grid_new(const vf_argplan *p, uint32_t combos, uint32_t max_trip);
void vf_grid_free(vf_grid *g);
/* The set to collect run r's writes in while exploring it (NULL: not collected). */
vf_gwset *vf_grid_collect(vf_grid *g, const vf_runspec *r);
/* Footprints of the programs not explored, then the overlaps: race bugs added to res (with the
 * schedule of one of the two programs; a run is appended to runs[*n_runs < cap] for it when
 * needed). A bound hit is noted in res. */
void vf_grid_finish(vf_grid *g, vf_runspec *runs, uint32_t *n_runs, uint32_t cap, vf_result *res);
/* "global writes of 8 programs compared" (malloc'd). */
char *vf_grid_describe(const vf_grid *g);

#endif
