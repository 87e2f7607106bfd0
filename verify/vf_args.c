/* vf_args.c: the argument plan of a check: the kernel's integer arguments, values given with
 * --arg, and for control arguments left open a default set covering ring wrap-around: values
 * giving trip counts 1, 2, S, S+1 and 2S+1 for the deepest barrier ring S. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vf_run.h"
#include "sim/sim_size.h"

int vf_argplan_init(vf_argplan *p, const ir_module *mod, sim_err *err) {
  memset(p, 0, sizeof *p);
  p->mod = mod;
  p->fn = ir_module_kernel(mod);
  p->grid[0] = p->grid[1] = p->grid[2] = 1;
  p->grid_pid_dim = -1;
  if (!p->fn || !p->fn->op || !p->fn->op->n_regions || !p->fn->op->regions[0]->n_blocks) {
    snprintf(err->msg, sizeof err->msg, "%s: error: the input has no kernel function to check",
             mod->filename ? mod->filename : "<input>");
    return -1;
  }
  const ir_block *entry = p->fn->op->regions[0]->blocks[0];
  uint32_t n = p->n_args = entry->n_args;
  p->names = ir_xcalloc(n + 1, sizeof *p->names);
  p->is_int = ir_xcalloc(n + 1, sizeof *p->is_int);
  p->companion = ir_xcalloc(n + 1, sizeof *p->companion);
  p->given = ir_xcalloc(n + 1, sizeof *p->given);
  p->value = ir_xcalloc(n + 1, sizeof *p->value);
  p->divisor = ir_xcalloc(n + 1, sizeof *p->divisor);
  p->align = ir_xcalloc(n + 1, sizeof *p->align);
  for (uint32_t k = 0; k < n; k++) {
    /* the compiler may rely on tt.divisibility: default values honour it */
    const ir_attr *d = p->fn->arg_attrs && p->fn->arg_attrs[k] ? ir_dict_get(p->fn->arg_attrs[k], "tt.divisibility") : NULL;
    p->divisor[k] = d && d->kind == IR_A_INT && d->ival > 1 ? d->ival : 1;
    p->align[k] = p->divisor[k]; /* until vf_argplan_align reads the tile sizes */
    const ir_value *v = entry->args[k];
    p->names[k] = v->name ? v->name : "";
    p->is_int[k] = v->type && (v->type->kind == IR_T_INT || v->type->kind == IR_T_INDEX);
    p->value[k] = 1;
    /* a !tt.tensordesc argument is followed by its shape (i32) and strides (i64) */
    if (v->type && v->type->kind == IR_T_TENSORDESC && v->type->elem) {
      uint32_t r = v->type->elem->rank;
      for (uint32_t j = k + 1; j < n && j <= k + 2 * r; j++) p->companion[j] = true;
    }
  }
  return 0;
}

void vf_argplan_free(vf_argplan *p) {
  free(p->names);
  free(p->is_int);
  free(p->companion);
  free(p->given);
  free(p->value);
  free(p->divisor);
  free(p->align);
  memset(p, 0, sizeof *p);
}

int vf_argplan_set(vf_argplan *p, const char *name, int64_t value, sim_err *err) {
  for (uint32_t k = 0; k < p->n_args; k++)
    if (!strcmp(p->names[k], name)) {
      if (!p->is_int[k]) {
        snprintf(err->msg, sizeof err->msg, "%s: error: --arg %s: argument '%s' is not an integer; "
                 "only integer arguments can be given", p->mod->filename, name, name);
        return -1;
      }
      /* checked before vf_argplan_bits truncates it to the argument's bits */
      const ir_value *arg = p->fn->op->regions[0]->blocks[0]->args[k];
      if (!vf_arg_fits(arg, p->mod->filename, name, value, err->msg, sizeof err->msg))
        return -1;
      p->given[k] = true;
      p->value[k] = value;
      return 0;
    }
  char list[300] = "";
  size_t len = 0;
  for (uint32_t k = 0; k < p->n_args; k++)
    if (p->is_int[k] && !p->companion[k])
      len += (size_t)snprintf(list + len, len < sizeof list ? sizeof list - len : 0, "%s%s",
                              len ? ", " : "", p->names[k]);
  snprintf(err->msg, sizeof err->msg, "%s: error: --arg %s: the kernel has no argument '%s'; its "
           "integer arguments are: %s", p->mod->filename, name, name, len ? list : "(none)");
  return -1;
}

int64_t vf_argplan_big(const vf_argplan *p, uint32_t k) {
  int64_t a = p->align[k] > 0 ? p->align[k] : 1;
  return a <= (1 << 14) ? a << 16 : (((int64_t)1 << 30) / a) * a;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

static int64_t trips_with(const vf_argplan *p, uint64_t *bits, uint32_t k, int64_t v) {
  bits[k] = (uint64_t)v;
  return sim_static_trip_count(p->fn, bits, p->n_args);
}

/* Smallest multiple v >= d of the argument's divisibility d giving at least `want` trips
 * (trip counts grow with v), or -1 when none below 2^30 does. */
static int64_t find_value_ge(const vf_argplan *p, uint64_t *bits, uint32_t k, int64_t want) {
  int64_t d = p->align[k];
  int64_t hi = 1;
  while (hi < (1ll << 30) / d && trips_with(p, bits, k, hi * d) < want) hi *= 2;
  if (trips_with(p, bits, k, hi * d) < want) return -1;
  int64_t lo = 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (trips_with(p, bits, k, mid * d) >= want) hi = mid;
    else lo = mid + 1;
  }
  return lo * d;
}

/* As find_value_ge, giving exactly `want` trips, or -1. */
static int64_t find_value(const vf_argplan *p, uint64_t *bits, uint32_t k, int64_t want) {
  int64_t v = find_value_ge(p, bits, k, want);
  return v >= 0 && trips_with(p, bits, k, v) == want ? v : -1;
}

uint32_t vf_loop_targets(const vf_argplan *p, const uint64_t *bits, const ir_op *loop, int64_t *tg) {
  sim_static_loop l[VF_MAX_LOOPS];
  static const int32_t pid0[3] = {0, 0, 0};
  /* nested loops' counts in the enclosing loop's first iteration (a tile's KV range from the
   * tile index): the first tile's slots, the fewest in a causal attention kernel */
  uint32_t nl = sim_static_loops_first(p->fn, bits, p->n_args, pid0, p->grid, l, VF_MAX_LOOPS);
  uint32_t n = vf_loop_wrap_counts(loop, l, nl, tg, VF_MAX_TARGETS);
  if (n) return n;
  int64_t S = p->ring_depth ? p->ring_depth : 1;
  int64_t all[5] = {1, 2, S, S + 1, 2 * S + 1};
  for (int t = 0; t < 5; t++) {
    uint32_t i = 0;
    while (i < n && tg[i] != all[t]) i++;
    if (i == n) tg[n++] = all[t];
  }
  return n;
}

/* Trip count of loop `li` (walk order) of program 0 of `grid` with bits. */
static int64_t loop_trips_at(const vf_argplan *p, const uint64_t *bits, uint32_t li, const int32_t grid[3]) {
  sim_static_loop l[VF_MAX_LOOPS];
  int32_t pid[3] = {0, 0, 0};
  uint32_t n = sim_static_loops(p->fn, bits, p->n_args, pid, grid, l, VF_MAX_LOOPS);
  return li < n ? l[li].trips : -1;
}

/* The same at the plan's grid. */
static int64_t loop_trips(const vf_argplan *p, const uint64_t *bits, uint32_t li) {
  return loop_trips_at(p, bits, li, p->grid);
}

int64_t vf_least_giving(int64_t (*count)(void *ctx, int64_t x), void *ctx, int64_t want, int64_t limit) {
  int64_t hi = 1;
  for (; hi < limit; hi *= 2)
    if (count(ctx, hi) >= want) break;
  if (count(ctx, hi) < want) return -1;
  int64_t lo = 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (count(ctx, mid) >= want) hi = mid;
    else lo = mid + 1;
  }
  return count(ctx, lo) == want ? lo : -1;
}

/* find_loop_value's count: loop li's trips with argument k at x times its divisibility. */
typedef struct arg_count {
  const vf_argplan *p;
  uint64_t *bits;
  uint32_t k, li;
} arg_count;

static int64_t count_at_arg(void *ctx, int64_t x) {
  arg_count *a = ctx;
  a->bits[a->k] = (uint64_t)(x * a->p->align[a->k]);
  return loop_trips(a->p, a->bits, a->li);
}

/* Smallest multiple v of arg k's divisibility giving loop li exactly `want` trips, or -1. */
static int64_t find_loop_value(const vf_argplan *p, uint64_t *bits, uint32_t k, uint32_t li, int64_t want) {
  arg_count a = {p, bits, k, li};
  int64_t x = vf_least_giving(count_at_arg, &a, want, (1ll << 30) / p->align[k]);
  return x < 0 ? -1 : x * p->align[k];
}

enum { VEC_GRID_MAX = 1 << 20, /* largest grid a vector gets (program 0's share of the tiles) */
       VEC_GRID_BASES = 4 };  /* argument vectors tried as its base, the first ones */

/* Sets the control arguments of bits to vector vec. */
static void put_vec(uint64_t *bits, const uint32_t *ctrl, uint32_t nc, const int64_t *vec) {
  for (uint32_t c = 0; c < nc; c++) bits[ctrl[c]] = (uint64_t)vec[c];
}

/* Does the run of vector vec (with its grid vgrid, 0: the plan's) give loop li (walk order)
 * exactly t trips: as its one count (sim_static_loops), or, given the loop's op (nested), in
 * some iteration of the loops around it (sim_static_loop_takes)? bits: scratch. */
static bool vec_gives(const vf_argplan *p, uint64_t *bits, const uint32_t *ctrl, uint32_t nc,
                      const int64_t *vec, int32_t vgrid, uint32_t li, int64_t t, const ir_op *nested) {
  put_vec(bits, ctrl, nc, vec);
  int32_t g[3] = {vgrid ? vgrid : p->grid[0], p->grid[1], p->grid[2]};
  if (!nested) return loop_trips_at(p, bits, li, g) == t;
  static const int32_t pid0[3] = {0, 0, 0};
  return sim_static_loop_takes(p->fn, bits, p->n_args, pid0, g, nested, t);
}

/* Does one of the nv vectors give it (vec_gives)? */
static bool some_vec_gives(const vf_argplan *p, uint64_t *bits, const uint32_t *ctrl, uint32_t nc,
                           int64_t (*vec)[8], const int32_t *vgrid, uint32_t nv, uint32_t li, int64_t t,
                           const ir_op *nested) {
  for (uint32_t j = 0; j < nv; j++)
    if (vec_gives(p, bits, ctrl, nc, vec[j], vgrid[j], li, t, nested)) return true;
  return false;
}

/* per_loop_grids' count: minus loop li's trips in program 0 of a grid of G along x, so that
 * vf_least_giving (for a count growing with its argument) finds the smallest grid giving at
 * most that many trips (program 0's share of the tiles shrinks as the grid grows). */
typedef struct grid_count {
  const vf_argplan *p;
  const uint64_t *bits;
  uint32_t li;
} grid_count;

static int64_t fewer_at_grid(void *ctx, int64_t G) {
  const grid_count *a = ctx;
  int32_t g[3] = {(int32_t)G, a->p->grid[1], a->p->grid[2]};
  int64_t t = loop_trips_at(a->p, a->bits, a->li, g);
  return t < 0 ? INT64_MIN : -t;
}

/* A persistent tile loop (pers: its count depends on the program id or the grid) whose wrap
 * counts no vector reaches at the plan's grid of one program gets vectors with a grid of
 * their own: program 0 of G programs runs ceil(tiles / G) tiles (tk_swiglu's tiles are
 * M_BLOCKS * N_BLOCKS with M_BLOCKS divisible by 16: at one program 16 or more, never 1, 2 or
 * 3; the lit FA kernel's 256 tiles at the least H need grids of 86 to 256 for 3 to 1). For each
 * count missed, the first of the first vectors with a grid G <= VEC_GRID_MAX giving it exactly:
 * the smallest G giving at most that count, by doubling and bisection (program 0's count does
 * not grow with the grid), checked exactly; the vector is copied with that grid (vgrid[j], 0:
 * the plan's). Returns the vectors' new count. bits: scratch, restored to vector 0. */
static uint32_t per_loop_grids(const vf_argplan *p, uint64_t *bits, const uint32_t *ctrl, uint32_t nc,
                               const sim_static_loop *l1, uint32_t nl, const bool *pers,
                               int64_t (*vec)[8], int32_t *vgrid, uint32_t nv) {
  if (p->grid_given || p->grid_chosen || sim_grid_programs(p->grid) != 1) return nv;
  uint32_t bases = nv < VEC_GRID_BASES ? nv : VEC_GRID_BASES;
  for (uint32_t li = 0; li < nl && li < VF_MAX_LOOPS; li++) {
    if (!pers[li] || l1[li].trips < 0) continue;
    int64_t tg[VF_MAX_TARGETS];
    put_vec(bits, ctrl, nc, vec[0]);
    uint32_t nt = vf_loop_targets(p, bits, l1[li].op, tg);
    for (uint32_t t = 0; t < nt && nv < VF_MAX_VALS; t++) {
      if (some_vec_gives(p, bits, ctrl, nc, vec, vgrid, nv, li, tg[t], NULL)) continue;
      for (uint32_t j = 0; j < bases; j++) {
        put_vec(bits, ctrl, nc, vec[j]);
        grid_count gc = {p, bits, li};
        int64_t G = vf_least_giving(fewer_at_grid, &gc, -tg[t], VEC_GRID_MAX);
        if (G < 2) continue;
        memcpy(vec[nv], vec[j], sizeof vec[j]);
        vgrid[nv++] = (int32_t)G;
        break;
      }
    }
  }
  put_vec(bits, ctrl, nc, vec[0]);
  return nv;
}

enum { NESTED_SCAN = 32 }; /* multiples of an argument's alignment tried for a nested loop */

/* A loop whose count the arguments alone do not give (its bounds come from the loops around
 * it: a causal attention's KV range per tile, from the tile index) is driven through the
 * counts it takes in program 0's iterations of those loops: for each wrap count no vector
 * gives it, the first of the first VEC_GRID_BASES vectors with one argument at the smallest
 * multiple (of NESTED_SCAN) of its alignment that gives it, as a copy of that vector.
 * fa_d64_causal_100 ran its KV loops once per tile in every run (N_CTX stayed 256: the tile
 * loop was driven by Z alone); N_CTX = 512 with 133 heads gives 3 in program 0's second tile.
 * Counts no such vector gives stay gaps of the cover. Returns the vectors' new count. */
static uint32_t per_loop_nested(const vf_argplan *p, uint64_t *bits, const uint32_t *ctrl, uint32_t nc,
                                const sim_static_loop *l1, uint32_t nl, int64_t (*vec)[8], int32_t *vgrid,
                                uint32_t nv) {
  if (p->n_fill) return nv;
  uint32_t bases = nv < VEC_GRID_BASES ? nv : VEC_GRID_BASES;
  for (uint32_t li = 0; li < nl && li < VF_MAX_LOOPS; li++) {
    if (l1[li].trips >= 0) continue; /* the arguments give its count: per_loop_vectors' */
    int64_t tg[VF_MAX_TARGETS];
    put_vec(bits, ctrl, nc, vec[0]);
    uint32_t nt = vf_loop_targets(p, bits, l1[li].op, tg);
    for (uint32_t t = 0; t < nt && nv < VF_MAX_VALS; t++) {
      bool have = some_vec_gives(p, bits, ctrl, nc, vec, vgrid, nv, li, tg[t], l1[li].op);
      for (int64_t m = 2; m <= NESTED_SCAN && !have; m++)
        for (uint32_t j = 0; j < bases && !have; j++)
          for (uint32_t c = 0; c < nc && !have; c++) {
            int64_t cand[8];
            memcpy(cand, vec[j], sizeof cand);
            cand[c] = m * p->align[ctrl[c]];
            if (cand[c] <= vec[j][c]) continue;
            if (!vec_gives(p, bits, ctrl, nc, cand, vgrid[j], li, tg[t], l1[li].op)) continue;
            memcpy(vec[nv], cand, sizeof cand);
            vgrid[nv++] = vgrid[j];
            have = true;
          }
    }
  }
  put_vec(bits, ctrl, nc, vec[0]);
  return nv;
}

/* Persistent kernels (a loop whose trip count depends on the grid size: the tile loop from
 * the program id to the tile count, step num_programs): the product of per-argument value
 * sets would give every program one tile (the tile count comes from several arguments at
 * once) or far too many runs. Instead, per loop whose count the arguments decide, argument
 * vectors that give that loop the counts 1, 2, S, S+1, 2S+1, the other arguments at their
 * smallest values (joint mode: run j takes vector j). Returns false (plan unchanged) for
 * other kernels. */
static bool per_loop_vectors(vf_argplan *p, sim_machine *probe) {
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  uint32_t ctrl[8], nc = 0;
  for (uint32_t k = 0; k < p->n_args; k++) {
    bits[k] = (uint64_t)p->value[k];
    if (!p->given[k] && p->is_int[k] && sim_arg_is_control(probe, k) && nc < 8) {
      ctrl[nc++] = k;
      bits[k] = (uint64_t)p->align[k];
    }
  }
  sim_static_loop l1[VF_MAX_LOOPS];
  /* twice the grid along x (saturated: --grid takes up to 2^31 - 1, an int32 product would
   * overflow) */
  int32_t pid0[3] = {0, 0, 0},
          g2[3] = {p->grid[0] <= INT32_MAX / 2 ? p->grid[0] * 2 : INT32_MAX, p->grid[1], p->grid[2]};
  /* program 1 and a far one: with 2^16 tiles and a constant stride (NUM_SMS = 132 in
   * Triton's attention example), programs 0 and 1 can get the same count */
  static const int32_t pids[2][3] = {{1, 0, 0}, {1 << 12, 0, 0}};
  uint32_t nl = sim_static_loops(p->fn, bits, p->n_args, pid0, p->grid, l1, VF_MAX_LOOPS);
  bool persistent = false;
  bool pers[VF_MAX_LOOPS] = {false}; /* per loop: its count depends on the program id or grid */
  /* a loop from the program id, or stepping by the grid size: with many tiles (one argument
   * large), another program id or grid gives program 0 another count */
  for (uint32_t c = 0; c < nc; c++) {
    uint64_t save = bits[ctrl[c]];
    bits[ctrl[c]] = (uint64_t)vf_argplan_big(p, ctrl[c]);
    sim_static_loop a[VF_MAX_LOOPS], b[VF_MAX_LOOPS], g[VF_MAX_LOOPS];
    uint32_t na = sim_static_loops(p->fn, bits, p->n_args, pid0, p->grid, a, VF_MAX_LOOPS);
    uint32_t ng = sim_static_loops(p->fn, bits, p->n_args, pid0, g2, g, VF_MAX_LOOPS);
    for (uint32_t li = 0; li < na && li < ng; li++)
      pers[li] |= a[li].trips >= 0 && a[li].trips != g[li].trips;
    for (int q = 0; q < 2; q++) {
      uint32_t nb = sim_static_loops(p->fn, bits, p->n_args, pids[q], p->grid, b, VF_MAX_LOOPS);
      for (uint32_t li = 0; li < na && li < nb; li++)
        pers[li] |= a[li].trips >= 0 && a[li].trips != b[li].trips;
    }
    bits[ctrl[c]] = save;
  }
  for (uint32_t li = 0; li < nl && li < VF_MAX_LOOPS; li++) persistent |= pers[li];
  if (!persistent || !nc) {
    free(bits);
    return false;
  }
  /* base values: the smallest giving the loops each argument drives one trip (as the
   * per-argument defaults do), not zero trips (a pipelined loop's prologue covers those) */
  for (uint32_t c = 0; c < nc; c++) {
    uint32_t k = ctrl[c];
    bool dep[VF_MAX_LOOPS] = {false};
    uint64_t save = bits[k];
    bits[k] = (uint64_t)vf_argplan_big(p, k);
    for (uint32_t li = 0; li < nl; li++) dep[li] = loop_trips(p, bits, li) != l1[li].trips;
    int64_t v = p->align[k];
    for (int step = 0; step < 24; step++, v *= 2) { /* the first power of two that suffices */
      bits[k] = (uint64_t)v;
      bool ok = true;
      for (uint32_t li = 0; li < nl && ok; li++) ok = !dep[li] || loop_trips(p, bits, li) >= 1;
      if (ok) break;
    }
    /* then the smallest multiple of the divisibility below it that still does */
    int64_t lo = v / 2 > p->align[k] ? v / 2 : p->align[k], hi = v;
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      mid -= mid % p->align[k];
      if (mid < lo) mid = lo;
      bits[k] = (uint64_t)mid;
      bool ok = true;
      for (uint32_t li = 0; li < nl && ok; li++) ok = !dep[li] || loop_trips(p, bits, li) >= 1;
      if (ok) hi = mid;
      else lo = mid + p->align[k];
    }
    bits[k] = (uint64_t)(hi > 0 ? hi : (int64_t)save);
  }
  nl = sim_static_loops(p->fn, bits, p->n_args, pid0, p->grid, l1, VF_MAX_LOOPS);
  int64_t vec[VF_MAX_VALS][8];
  uint32_t nv = 0;
  for (uint32_t c = 0; c < nc; c++) vec[0][c] = (int64_t)bits[ctrl[c]];
  nv = 1; /* the base vector: every loop at its smallest count */
  for (uint32_t li = 0; li < nl; li++) {
    if (l1[li].trips < 0) continue;
    /* the first argument that moves this loop's count drives it; a loop whose count depends
     * on the program id (the persistent tile loop) is driven in turn by every other argument
     * that moves no loop to another count than this one's (the partitions' copies of the loop
     * move with it): a flattened persistent loop's count is tiles x K steps, and driving it by
     * K alone gives every program one tile (tk_p_matmul: an epilogue that never releases its
     * 2-slot accumulator ring verified until session 19), while an argument that also
     * lengthens the inner loops (attention's N_CTX) would multiply the runs' states */
    uint32_t first = UINT32_MAX;
    for (uint32_t drv = 0; drv < nc; drv++) {
      uint64_t save = bits[ctrl[drv]];
      bits[ctrl[drv]] = (uint64_t)vf_argplan_big(p, ctrl[drv]);
      int64_t big = loop_trips(p, bits, li);
      bool moves = big != l1[li].trips, other = first != UINT32_MAX, fixed = other && !pers[li];
      for (uint32_t lj = 0; lj < nl && lj < VF_MAX_LOOPS && moves && other && !fixed; lj++) {
        int64_t tj = loop_trips(p, bits, lj);
        /* a loop whose count is not computable may move too: not driven by another argument */
        fixed = l1[lj].trips < 0 || tj < 0 || (tj != l1[lj].trips && tj != big);
      }
      bits[ctrl[drv]] = save;
      if (!moves || fixed) continue;
      if (first == UINT32_MAX) first = drv;
      int64_t targets[VF_MAX_TARGETS];
      uint32_t nt = vf_loop_targets(p, bits, l1[li].op, targets);
      for (uint32_t t = 0; t < nt && nv < VF_MAX_VALS; t++) {
        save = bits[ctrl[drv]];
        int64_t v = find_loop_value(p, bits, ctrl[drv], li, targets[t]);
        bits[ctrl[drv]] = save;
        if (v < 0) continue;
        int64_t cand[8];
        for (uint32_t c = 0; c < nc; c++) cand[c] = (int64_t)bits[ctrl[c]];
        cand[drv] = v;
        bool dup = false;
        for (uint32_t j = 0; j < nv && !dup; j++) dup = !memcmp(vec[j], cand, nc * sizeof *cand);
        if (!dup) memcpy(vec[nv++], cand, nc * sizeof *cand);
      }
    }
  }
  memset(p->vec_grid, 0, sizeof p->vec_grid);
  nv = per_loop_grids(p, bits, ctrl, nc, l1, nl, pers, vec, p->vec_grid, nv);
  nv = per_loop_nested(p, bits, ctrl, nc, l1, nl, vec, p->vec_grid, nv);
  p->joint = true;
  p->per_loop = true;
  p->n_vary = nc;
  for (uint32_t c = 0; c < nc; c++) {
    p->vary_arg[c] = ctrl[c];
    p->n_vals[c] = nv;
    for (uint32_t j = 0; j < nv; j++) {
      p->vary_vals[c][j] = vec[j][c];
      p->trips[c][j] = -1; /* per loop: vf_argplan_loops */
    }
    p->value[ctrl[c]] = vec[0][c];
  }
  free(bits);
  return true;
}

/* The counts the per-argument defaults aim at: 1, 2, then each loop's wrap counts
 * (vf_loop_targets: S, S+1, 2S+1 of the rings that loop uses, the plan's deepest ring for a
 * loop without one), ascending, at most VF_MAX_DEFAULTS. Before, only the deepest ring's: a
 * loop on a shallower ring (tk_p_matmul f8's loader on a 2-slot ring beside a 4-slot one)
 * never got S+1 = 3 trips. bits: scratch. */
static uint32_t fallback_targets(const vf_argplan *p, uint64_t *bits, int64_t *out) {
  uint32_t n = 0;
  out[n++] = 1;
  out[n++] = 2;
  for (uint32_t j = 0; j < p->n_args; j++) bits[j] = (uint64_t)p->value[j];
  sim_static_loop l[VF_MAX_LOOPS];
  static const int32_t pid0[3] = {0, 0, 0};
  uint32_t nl = sim_static_loops(p->fn, bits, p->n_args, pid0, p->grid, l, VF_MAX_LOOPS);
  int64_t more[VF_MAX_LOOPS * VF_MAX_TARGETS];
  uint32_t nm = 0;
  for (uint32_t li = 0; li <= nl; li++) { /* li == nl: the deepest ring's, as before */
    int64_t tg[VF_MAX_TARGETS];
    uint32_t nt = vf_loop_targets(p, bits, li < nl ? l[li].op : NULL, tg);
    for (uint32_t t = 0; t < nt; t++) {
      uint32_t i = 0;
      while (i < nm && more[i] != tg[t]) i++;
      if (i == nm) more[nm++] = tg[t];
    }
  }
  qsort(more, nm, sizeof *more, cmp_i64);
  for (uint32_t i = 0; i < nm && n < VF_MAX_DEFAULTS; i++)
    if (more[i] > 2) out[n++] = more[i];
  return n;
}

static int choose_defaults(vf_argplan *p, sim_machine *probe) {
  vf_argplan_align(p);
  /* a tile-aligned control argument no route varies starts at one whole tile, not at 1 */
  for (uint32_t k = 0; k < p->n_args; k++)
    if (!p->given[k] && p->is_int[k] && p->align[k] > p->divisor[k] && sim_arg_is_control(probe, k))
      p->value[k] = p->align[k];
  uint32_t S = sim_max_ring_depth(probe);
  if (S < 1) S = 1;
  p->ring_depth = S;
  /* persistent kernels first: their loop counts are exact functions of the arguments, the
   * program id and the grid (sim_static_loops), which the Z3 suggestion does not model */
  if (per_loop_vectors(p, probe)) return 0;
  /* Z3 only where the trip counts cannot be solved for statically */
  int st = vf_argplan_static(p, probe);
  /* a kernel whose control reads chosen data (sim_compile_ldchoice.c): the solver sees those
   * loads as free unknowns, so it can meet any trip count through them and its suggestion
   * says nothing about the arguments (and costs seconds of Z3): the targets below instead */
  bool solver = p->choose && !sim_ldchoice_ctl(probe);
  if (st > 0 || (st < 0 && solver && p->choose(p))) return 0;
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  int64_t targets[VF_MAX_DEFAULTS];
  uint32_t n_targets = fallback_targets(p, bits, targets);
  p->n_vary = 0;
  for (uint32_t k = 0; k < p->n_args && p->n_vary < 8; k++) {
    if (p->given[k] || !p->is_int[k] || !sim_arg_is_control(probe, k)) continue;
    uint32_t vi = p->n_vary++;
    p->vary_arg[vi] = k;
    p->n_vals[vi] = 0;
    const ir_type *ty = p->fn->op->regions[0]->blocks[0]->args[k]->type;
    if (ty && ty->kind == IR_T_INT && (ty->bits == 1 || sim_arg_is_flag(probe, k))) {
      /* a flag (an i1, or an integer that is only a TDM descriptor's pred): both of its values
       * (true first: combination 0, which the probes and the guard runs start from, takes the
       * path the flag enables) */
      p->vary_vals[vi][0] = 1;
      p->vary_vals[vi][1] = 0;
      p->trips[vi][0] = p->trips[vi][1] = -1;
      p->n_vals[vi] = 2;
      p->value[k] = 1;
      continue;
    }
    for (uint32_t j = 0; j < p->n_args; j++) bits[j] = (uint64_t)p->value[j];
    int64_t base = trips_with(p, bits, k, p->align[k]);
    bool loops = base >= 0 && trips_with(p, bits, k, vf_argplan_big(p, k)) != base;
    for (uint32_t t = 0; t < n_targets; t++) {
      int64_t v = loops ? find_value(p, bits, k, targets[t]) : targets[t] * p->align[k];
      /* no value of the divisibility gives that count exactly (K_MXFP with tt.divisibility
       * 16 and ceil(K_MXFP / 4) trips: 4, 8, ...): the smallest giving more, so that the ring
       * still wraps (tpipe_matmul_kernel_90_matmul_mxf4 ran one trip, at K_MXFP = 1, which
       * its divisibility excludes) */
      if (v < 0 && loops) v = find_value_ge(p, bits, k, targets[t]);
      if (v < 0) continue;
      bool dup = false;
      for (uint32_t j = 0; j < p->n_vals[vi]; j++) dup |= p->vary_vals[vi][j] == v;
      if (dup || p->n_vals[vi] >= VF_MAX_DEFAULTS) continue;
      p->vary_vals[vi][p->n_vals[vi]] = v;
      p->trips[vi][p->n_vals[vi]] = loops ? trips_with(p, bits, k, v) : -1;
      p->n_vals[vi]++;
    }
    if (!p->n_vals[vi]) {
      p->vary_vals[vi][0] = p->align[k]; /* a value the divisibility allows */
      p->trips[vi][0] = -1;
      p->n_vals[vi] = 1;
    }
    p->value[k] = p->vary_vals[vi][0];
  }
  free(bits);
  return 0;
}

/* Each varied value as the run sees it: truncated to the argument's type (an i1 argument
 * takes 0 and 1, not 2 and 3), duplicates dropped where the values are per argument. */
static void fit_types(vf_argplan *p) {
  const ir_block *entry = p->fn->op->regions[0]->blocks[0];
  for (uint32_t i = 0; i < p->n_vary; i++) {
    uint32_t k = p->vary_arg[i], n = 0;
    const ir_type *t = entry->args[k]->type;
    unsigned w = sim_int_width(t);
    bool uns = t && t->kind == IR_T_INT && (t->is_unsigned || w == 1);
    for (uint32_t j = 0; j < p->n_vals[i]; j++) {
      uint64_t b = sim_trunc((uint64_t)p->vary_vals[i][j], w);
      int64_t v = uns ? (int64_t)b : sim_sext(b, w);
      bool dup = false;
      for (uint32_t q = 0; q < n && !p->joint; q++) dup |= p->vary_vals[i][q] == v;
      if (dup) continue;
      p->trips[i][n] = p->trips[i][j];
      p->vary_vals[i][n++] = v;
    }
    p->n_vals[i] = n;
    if (n) p->value[k] = p->vary_vals[i][0];
  }
}

int vf_argplan_defaults(vf_argplan *p, sim_machine *probe) {
  int rc = choose_defaults(p, probe);
  fit_types(p);
  return rc;
}

void vf_argplan_partial(vf_argplan *p, sim_machine *probe_m, bool probe) {
  p->n_aligned = p->n_probes = 0;
  for (uint32_t k = 0; k < p->n_args && p->n_aligned < 8; k++) {
    if (p->given[k] || !p->is_int[k] || p->align[k] <= p->divisor[k] || !sim_arg_is_control(probe_m, k))
      continue;
    /* the smallest value past one whole tile that the compiler's divisibility still allows */
    p->aligned_arg[p->n_aligned] = k;
    p->probe_val[p->n_aligned++] = probe ? p->align[k] + p->divisor[k] : 0;
  }
  if (probe) p->n_probes = p->n_aligned;
}

/* The combinations of the varied values (joint vectors, or their product), without the
 * guard runs. */
static uint32_t base_combos(const vf_argplan *p) {
  if (p->joint) return p->n_vary ? p->n_vals[0] : 1;
  uint32_t n = 1;
  for (uint32_t i = 0; i < p->n_vary; i++) {
    n *= p->n_vals[i];
    if (n > VF_MAX_RUNS) return VF_MAX_RUNS;
  }
  return n;
}

/* The combinations of the arguments (the guard runs among them), without the fills. */
static uint32_t arg_combos(const vf_argplan *p) { return base_combos(p) + p->n_guard_runs; }

/* The fixed fills (vf_fill.c): the first ones, before the loop-driving fills. */
static uint32_t fixed_fills(const vf_argplan *p) { return p->n_fill_fixed ? p->n_fill_fixed : p->n_fill; }

bool vf_argplan_fill_joint(const vf_argplan *p) {
  /* decided by the fixed fills: loop-driving fills never turn a product into pairs */
  return fixed_fills(p) > 1 && arg_combos(p) * fixed_fills(p) > VF_MAX_RUNS / 2;
}

/* Joint mode: the combinations that pair the fixed fills with the argument combinations. */
static uint32_t joint_fixed(const vf_argplan *p) {
  uint32_t a = arg_combos(p), f = fixed_fills(p);
  return a > f ? a : f;
}

uint32_t vf_argplan_combos(const vf_argplan *p) {
  uint32_t a = arg_combos(p);
  if (!p->n_fill) return a;
  if (vf_argplan_fill_joint(p)) return joint_fixed(p) + (p->n_fill - fixed_fills(p));
  return a * p->n_fill;
}

/* The argument combination of combination combo and (in *fill) its fill: combination
 * c + f * A is argument combination c with fill f (the product), or, where that makes too
 * many runs (vf_argplan_fill_joint), combination j is argument combination j mod A with
 * fixed fill j mod F (F: n_fill_fixed), then each loop-driving fill with argument combination
 * 0, for which it was chosen (vf_fill.c); the probes after them keep fill 0. */
static uint32_t split_fill(const vf_argplan *p, uint32_t combo, uint32_t *fill) {
  uint32_t a = arg_combos(p), all = vf_argplan_combos(p);
  if (combo < all) {
    if (!p->n_fill) *fill = 0;
    else if (!vf_argplan_fill_joint(p)) *fill = combo / a;
    else {
      uint32_t jf = joint_fixed(p), nf = fixed_fills(p);
      if (combo >= jf) {
        *fill = nf + (combo - jf);
        return 0;
      }
      *fill = combo % nf;
    }
    return combo % a;
  }
  *fill = 0;
  return a + (combo - all);
}

void vf_argplan_set_fill(const vf_argplan *p, uint32_t combo, sim_machine *m) {
  uint32_t f = 0;
  split_fill(p, combo, &f);
  if (p->n_fill) sim_machine_set_fill(m, p->fill_a[f], p->fill_b[f]);
  else sim_machine_set_fill(m, 0, 0);
}

int32_t vf_argplan_guard_of(const vf_argplan *p, uint32_t combo) {
  uint32_t f = 0;
  combo = split_fill(p, combo, &f);
  uint32_t c = base_combos(p);
  return combo >= c && combo - c < p->n_guard_runs ? (int32_t)(combo - c) : -1;
}

/* Which value of varied argument i combination *combo takes (consumes its digit). */
static uint32_t value_index(const vf_argplan *p, uint32_t i, uint32_t *combo) {
  if (p->joint) return *combo < p->n_vals[i] ? *combo : 0;
  uint32_t d = *combo % p->n_vals[i];
  *combo /= p->n_vals[i];
  return d;
}

/* Where the plan records no trip counts (vectors chosen per loop or by Z3): the static trip
 * count of every loop at each combination (program 0, sim_static_loops_first); the combination
 * where the most loops reach min(want, the loop's largest count over the combinations), the
 * fewest trips in all among those (the cheapest run), the first among those; 0 unless it
 * brings more loops to their target than combination 0 does. */
static uint32_t wrap_base_static(const vf_argplan *p, int64_t want, uint32_t n) {
  if (n > VF_MAX_RUNS) n = VF_MAX_RUNS;
  sim_static_loop (*l)[VF_MAX_LOOPS] = ir_xcalloc(n ? n : 1, sizeof *l);
  uint32_t *nl = ir_xcalloc(n ? n : 1, sizeof *nl);
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  static const int32_t pid0[3] = {0, 0, 0};
  for (uint32_t j = 0; j < n; j++) {
    int32_t g[3];
    vf_argplan_bits(p, j, bits);
    vf_argplan_grid_of(p, j, g);
    nl[j] = sim_static_loops_first(p->fn, bits, p->n_args, pid0, g, l[j], VF_MAX_LOOPS);
  }
  int64_t most[VF_MAX_LOOPS];
  for (uint32_t i = 0; i < VF_MAX_LOOPS; i++) most[i] = -1;
  for (uint32_t j = 0; j < n; j++)
    for (uint32_t i = 0; i < nl[j] && i < nl[0]; i++)
      if (l[j][i].op == l[0][i].op && l[j][i].trips > most[i]) most[i] = l[j][i].trips;
  uint32_t best = 0, best_hit = 0;
  int64_t best_sum = INT64_MAX;
  for (uint32_t j = 0; j < n; j++) {
    uint32_t hit = 0;
    int64_t sum = 0;
    for (uint32_t i = 0; i < nl[j] && i < nl[0]; i++) {
      if (l[j][i].op != l[0][i].op || most[i] < 0 || l[j][i].trips < 0) continue;
      hit += l[j][i].trips >= (want < most[i] ? want : most[i]);
      sum += l[j][i].trips;
    }
    /* combination 0 is left only for more loops at their target; then the fewest trips */
    if (j == 0 || hit > best_hit || (best && hit == best_hit && sum < best_sum)) {
      best = j;
      best_hit = hit;
      best_sum = sum;
    }
  }
  free(l);
  free(nl);
  free(bits);
  return best;
}

uint32_t vf_argplan_wrap_base(const vf_argplan *p) {
  int64_t want = (int64_t)(p->ring_depth ? p->ring_depth : 1) + 1;
  uint32_t n = base_combos(p);
  /* each varied argument's largest trip count over its values (-1: none known) */
  enum { NV = sizeof p->trips / sizeof p->trips[0] };
  int64_t most[NV];
  bool known = false;
  assert(p->n_vary <= NV); /* vary_arg / trips hold NV arguments */
  for (uint32_t i = 0; i < p->n_vary; i++) {
    most[i] = -1;
    for (uint32_t v = 0; v < p->n_vals[i]; v++) most[i] = p->trips[i][v] > most[i] ? p->trips[i][v] : most[i];
    known |= most[i] >= 0;
  }
  if (!known) return wrap_base_static(p, want, n);
  for (uint32_t j = 0; j < n; j++) {
    uint32_t rest = j;
    bool ok = true;
    for (uint32_t i = 0; i < p->n_vary && ok; i++) {
      uint32_t d = value_index(p, i, &rest);
      if (most[i] >= 0) ok = p->trips[i][d] >= (want < most[i] ? want : most[i]);
    }
    if (ok) return j;
  }
  return 0;
}

int32_t vf_argplan_probe_of(const vf_argplan *p, uint32_t combo) {
  uint32_t c = vf_argplan_combos(p);
  return combo >= c && combo - c < p->n_probes ? (int32_t)(combo - c) : -1;
}

/* The argument combination whose values combination combo takes (the caller sets what a probe
 * or a guard run moves): a probe's is combination 0, a guard run's guard_base; *fill gets the
 * combination's fill. */
static uint32_t values_of(const vf_argplan *p, uint32_t combo, uint32_t *fill) {
  uint32_t c = split_fill(p, combo, fill);
  if (vf_argplan_probe_of(p, combo) >= 0) return 0;
  return vf_argplan_guard_of(p, combo) >= 0 ? p->guard_base : c;
}

void vf_argplan_bits(const vf_argplan *p, uint32_t combo, uint64_t *bits) {
  const ir_block *entry = p->fn->op->regions[0]->blocks[0];
  int32_t probe = vf_argplan_probe_of(p, combo), guard = vf_argplan_guard_of(p, combo);
  /* a probe: combination 0 with one argument at a partial tile; a guard run: combination
   * guard_base with one argument on the other side of a guard */
  uint32_t fill = 0; /* the fill is the machine's (vf_argplan_set_fill), not an argument */
  combo = values_of(p, combo, &fill);
  for (uint32_t k = 0; k < p->n_args; k++) {
    const ir_type *t = entry->args[k]->type;
    bits[k] = p->is_int[k] ? sim_trunc((uint64_t)p->value[k], sim_int_width(t)) : 0;
  }
  for (uint32_t i = 0; i < p->n_vary; i++) {
    uint32_t d = value_index(p, i, &combo);
    uint32_t k = p->vary_arg[i];
    bits[k] = sim_trunc((uint64_t)p->vary_vals[i][d], sim_int_width(entry->args[k]->type));
  }
  if (probe >= 0) {
    uint32_t k = p->aligned_arg[probe];
    bits[k] = sim_trunc((uint64_t)p->probe_val[probe], sim_int_width(entry->args[k]->type));
  }
  if (guard >= 0) {
    uint32_t k = p->guard_arg[guard], k2 = p->guard_arg2[guard];
    bits[k] = sim_trunc((uint64_t)p->guard_val[guard], sim_int_width(entry->args[k]->type));
    if (k2 != UINT32_MAX) bits[k2] = sim_trunc((uint64_t)p->guard_val2[guard], sim_int_width(entry->args[k2]->type));
  }
}

void vf_argplan_grid_of(const vf_argplan *p, uint32_t combo, int32_t grid[3]) {
  for (int d = 0; d < 3; d++) grid[d] = p->grid[d];
  if (!p->per_loop || !p->n_vary || vf_argplan_probe_of(p, combo) >= 0) return;
  uint32_t fill = 0, c = values_of(p, combo, &fill);
  uint32_t j = value_index(p, 0, &c);
  if (j < VF_MAX_VALS && p->vec_grid[j] > 0) grid[0] = p->vec_grid[j];
}

char *vf_argplan_describe(const vf_argplan *p, uint32_t combo, const int32_t *pid) {
  char buf[256] = "";
  size_t len = 0;
  int32_t probe = vf_argplan_probe_of(p, combo), guard = vf_argplan_guard_of(p, combo);
  /* the one argument a probe (off combination 0) or a guard run (off guard_base) moves */
  uint32_t pk = probe >= 0 ? p->aligned_arg[probe] : guard >= 0 ? p->guard_arg[guard] : UINT32_MAX;
  int64_t pv = probe >= 0 ? p->probe_val[probe] : guard >= 0 ? p->guard_val[guard] : 0;
  /* a guard run's second moved argument, if any */
  uint32_t pk2 = guard >= 0 ? p->guard_arg2[guard] : UINT32_MAX;
  int64_t pv2 = guard >= 0 ? p->guard_val2[guard] : 0;
  bool shown = false, shown2 = false;
  uint32_t fill = 0, orig = combo;
  combo = values_of(p, combo, &fill);
  for (uint32_t i = 0; i < p->n_vary && len < sizeof buf; i++) {
    uint32_t d = value_index(p, i, &combo);
    bool mine = p->vary_arg[i] == pk, mine2 = p->vary_arg[i] == pk2;
    shown |= mine;
    shown2 |= mine2;
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld", len ? ", " : "",
                            p->names[p->vary_arg[i]],
                            (long long)(mine ? pv : mine2 ? pv2 : p->vary_vals[i][d]));
  }
  if (pk != UINT32_MAX && !shown && len < sizeof buf)
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld", len ? ", " : "", p->names[pk],
                            (long long)pv);
  if (pk2 != UINT32_MAX && !shown2 && len < sizeof buf)
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld", len ? ", " : "", p->names[pk2],
                            (long long)pv2);
  if (p->n_fill && len < sizeof buf) { /* chosen data: the run's fill (vf_fill.c) */
    int64_t a = p->fill_a[fill], b = p->fill_b[fill];
    if (!b) len += (size_t)snprintf(buf + len, sizeof buf - len, "%sloaded inputs=%lld", len ? ", " : "", (long long)a);
    else len += (size_t)snprintf(buf + len, sizeof buf - len, "%sloaded inputs=%lld*index", len ? ", " : "", (long long)b);
  }
  int32_t g[3];
  vf_argplan_grid_of(p, orig, g);
  if (g[0] != p->grid[0] && len < sizeof buf) /* a vector's own grid (per_loop_grids): --grid G */
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%sgrid=%d", len ? ", " : "", g[0]);
  if (pid && len < sizeof buf) {
    if (p->grid[1] > 1 || p->grid[2] > 1 || pid[1] || pid[2])
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%sprogram_id=(%d,%d,%d)", len ? ", " : "",
                              pid[0], pid[1], pid[2]);
    else
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%sprogram_id=%d", len ? ", " : "", pid[0]);
  }
  return len ? ir_xstrdup(buf) : NULL;
}

char *vf_argplan_covered(const vf_argplan *p) {
  if (!p->n_vary && !p->n_aligned && !p->n_guard_runs) return NULL;
  char buf[1024] = "";
  size_t len = 0;
  for (uint32_t i = 0; i < p->n_vary && len < sizeof buf; i++) {
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s in {", i ? "; " : "",
                            p->names[p->vary_arg[i]]);
    bool trips = p->n_vals[i] && p->trips[i][0] >= 0;
    /* a set of values ascending; joint vectors and trip counts keep their order */
    int64_t shown[VF_MAX_VALS];
    memcpy(shown, p->vary_vals[i], p->n_vals[i] * sizeof *shown);
    if (!trips && !p->joint) qsort(shown, p->n_vals[i], sizeof *shown, cmp_i64);
    for (uint32_t j = 0; j < p->n_vals[i] && len < sizeof buf; j++)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld", j ? ", " : "", (long long)shown[j]);
    if (len < sizeof buf) len += (size_t)snprintf(buf + len, sizeof buf - len, "}");
    if (trips && len < sizeof buf) {
      len += (size_t)snprintf(buf + len, sizeof buf - len, " (loop trip counts ");
      for (uint32_t j = 0; j < p->n_vals[i] && len < sizeof buf; j++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld", j ? ", " : "",
                                (long long)p->trips[i][j]);
      if (len < sizeof buf) len += (size_t)snprintf(buf + len, sizeof buf - len, ")");
    }
  }
  if (len < sizeof buf && p->n_vary)
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s",
                            !p->joint ? "" : p->per_loop ? ", the i-th values together, chosen per loop"
                            : p->chooser ? ", chosen from the loop bounds"
                            : p->n_vary > 1 ? ", the i-th values together, chosen by Z3" : ", chosen by Z3");
  /* joint vectors with a grid of their own (per_loop_grids) */
  bool vg = false;
  for (uint32_t j = 0; p->per_loop && p->n_vary && j < p->n_vals[0]; j++) vg |= p->vec_grid[j] > 0;
  for (uint32_t j = 0; vg && j < p->n_vals[0] && len < sizeof buf; j++)
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d", j ? ", " : "; grid sizes along x {",
                            p->vec_grid[j] > 0 ? p->vec_grid[j] : p->grid[0]);
  if (vg && len < sizeof buf)
    len += (size_t)snprintf(buf + len, sizeof buf - len, "} with them (program 0 of each: its "
                            "share of the tiles)");
  /* tile-aligned arguments: whole tiles by default, and the partial-tile probe of each */
  for (uint32_t i = 0; i < p->n_aligned && len < sizeof buf; i++) {
    uint32_t k = p->aligned_arg[i];
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s: whole tiles (multiples of %lld)",
                            len ? "; " : "", p->names[k], (long long)p->align[k]);
    if (len < sizeof buf && i < p->n_probes && p->probe_val[i])
      len += (size_t)snprintf(buf + len, sizeof buf - len, ", and the partial tile %s=%lld",
                              p->names[k], (long long)p->probe_val[i]);
  }
  char *gr = vf_argplan_guard_runs(p);
  if (gr && len < sizeof buf) len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", len ? "; " : "", gr);
  free(gr);
  if (len < sizeof buf) snprintf(buf + len, sizeof buf - len, "; pass --arg to check other values");
  return ir_xstrdup(buf);
}

enum { UNREACH_SCAN = 4096 }; /* multiples of the divisibility tried per argument */

/* When no argument value the compiled kernel accepts gives loop li (walk order) exactly t trips
 * at program 0: the smallest count above t that one does (its stand-in: the ring still wraps
 * there), else -1 (t reachable, or not known). Each integer argument the user did not give is
 * moved alone from bits (the base combination) over its multiples of tt.divisibility (Triton
 * compiles a kernel per divisibility class: a value off it runs another kernel), in order,
 * until the count passes t: counts grow with a size. Only for loops whose count neither the
 * program id nor the grid changes (a persistent loop's share is per_loop_grids') and without
 * chosen data; a count not computable, a value past the argument's type or UNREACH_SCAN
 * multiples without passing t answer -1. tpipe_matmul_kernel_90_matmul_mxf4 loops
 * ceil(K_MXFP / 4) times with K_MXFP divisible by 16: 1, 2 and 3 trips never happen, 4 stands
 * in for them. */
static int64_t unreachable_count(const vf_argplan *p, const uint64_t *base, uint32_t li, int64_t t) {
  if (p->n_fill) return -1;
  static const int32_t pid1[3] = {1, 0, 0}, g2[3] = {2, 1, 1};
  int64_t c0 = loop_trips(p, base, li);
  if (c0 < 0 || sim_grid_programs(p->grid) != 1) return -1;
  sim_static_loop l[VF_MAX_LOOPS];
  uint32_t n = sim_static_loops(p->fn, base, p->n_args, pid1, g2, l, VF_MAX_LOOPS);
  if (li >= n || l[li].trips != c0 || loop_trips_at(p, base, li, g2) != c0) return -1;
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  bool reach = false;
  int64_t above = -1;
  const ir_block *entry = p->fn->op->regions[0]->blocks[0];
  for (uint32_t k = 0; k < p->n_args && !reach; k++) {
    if (!p->is_int[k] || p->given[k]) continue;
    int64_t lo, hi, d = p->divisor[k] > 0 ? p->divisor[k] : 1;
    char tn[24];
    if (!vf_int_range(entry->args[k]->type, &lo, &hi, tn, sizeof tn)) continue;
    memcpy(bits, base, (p->n_args + 1) * sizeof *bits);
    /* an argument that moves the count neither at its first multiple nor at its last scanned
     * one is not this loop's (counts grow with a size): skipped without the scan */
    int64_t last = hi / d < UNREACH_SCAN ? hi / d : UNREACH_SCAN;
    bits[k] = sim_trunc((uint64_t)(last * d), sim_int_width(entry->args[k]->type));
    int64_t c_last = loop_trips(p, bits, li);
    bits[k] = sim_trunc((uint64_t)d, sim_int_width(entry->args[k]->type));
    if (last < 1 || (c_last == c0 && loop_trips(p, bits, li) == c0)) continue;
    bool passed = false;
    for (int64_t m = 1; m <= UNREACH_SCAN && !reach && !passed; m++) {
      if (m * d > hi) break;
      bits[k] = sim_trunc((uint64_t)(m * d), sim_int_width(entry->args[k]->type));
      int64_t c = loop_trips(p, bits, li);
      if (c < 0) break;
      reach = c == t;
      passed = c > t;
      if (passed && (above < 0 || c < above)) above = c;
    }
    /* a count that stays at its base value (another loop's argument) says nothing; a scan
     * that ended before the count passed t otherwise: not known */
    if (!passed && loop_trips(p, bits, li) != c0) reach = true;
  }
  free(bits);
  return reach ? -1 : above;
}

static void add_trip(vf_loopcover *c, uint32_t li, int64_t t) {
  int64_t *a = c->loop[li].trips;
  uint32_t n = c->loop[li].n_trips, k = 0;
  while (k < n && a[k] < t) k++;
  if (k < n && a[k] == t) return;
  if (n >= VF_MAX_VALS) return;
  memmove(a + k + 1, a + k, (n - k) * sizeof *a);
  a[k] = t;
  c->loop[li].n_trips = n + 1;
}

/* The chosen-data fill combination combo runs with (a + b * index); false without chosen data. */
static bool fill_of(const vf_argplan *p, uint32_t combo, int64_t *a, int64_t *b) {
  uint32_t f = 0;
  split_fill(p, combo, &f);
  *a = p->n_fill ? p->fill_a[f] : 0;
  *b = p->n_fill ? p->fill_b[f] : 0;
  return p->n_fill > 0;
}

uint32_t vf_argplan_loops_at(const vf_argplan *p, uint32_t combo, const uint64_t *bits,
                             const int32_t *pid, const int32_t grid[3], sim_static_loop *l) {
  int64_t a, b;
  if (!fill_of(p, combo, &a, &b)) return sim_static_loops(p->fn, bits, p->n_args, pid, grid, l, VF_MAX_LOOPS);
  return sim_static_loops_fill(p->fn, bits, p->n_args, pid, grid, a, b, false, l, VF_MAX_LOOPS);
}

void vf_argplan_loops(const vf_argplan *p, const vf_runspec *runs, uint32_t n_runs, vf_loopcover *out) {
  memset(out, 0, sizeof *out);
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  sim_static_loop l[VF_MAX_LOOPS];
  for (uint32_t r = 0; r < n_runs; r++) {
    vf_argplan_bits(p, runs[r].combo, bits);
    int32_t g[3];
    vf_argplan_grid_of(p, runs[r].combo, g);
    /* every count each loop takes in the run: a nested loop's per enclosing iteration */
    sim_static_counts cnt[VF_MAX_LOOPS];
    int64_t fa, fb;
    bool fill = fill_of(p, runs[r].combo, &fa, &fb);
    uint32_t n = sim_static_loop_counts(p->fn, bits, p->n_args, runs[r].pid, g, fill, fa, fb, cnt,
                                        VF_MAX_LOOPS);
    if (n > out->n) out->n = n;
    for (uint32_t li = 0; li < n; li++) {
      out->loop[li].op = cnt[li].op;
      out->loop[li].partial |= cnt[li].partial;
      for (uint32_t j = 0; j < cnt[li].n; j++) add_trip(out, li, cnt[li].trips[j]);
    }
  }
  /* does the count depend on the arguments? probe each integer argument at a large value */
  for (uint32_t li = 0; li < out->n; li++) {
    /* a loop no run reached (the loops around it ran no iteration): its body was not
     * checked, a gap (base -1) */
    int64_t base = out->loop[li].n_trips ? out->loop[li].trips[0] : -1;
    bool varies = out->loop[li].n_trips > 1 || base < 0;
    vf_argplan_bits(p, 0, bits);
    for (uint32_t k = 0; k < p->n_args && !varies; k++) {
      if (!p->is_int[k] || p->given[k]) continue;
      uint64_t save = bits[k];
      bits[k] = (uint64_t)vf_argplan_big(p, k);
      uint32_t n = vf_argplan_loops_at(p, 0, bits, runs ? runs[0].pid : NULL, p->grid, l);
      varies = li < n && l[li].trips != base;
      bits[k] = save;
    }
    /* or on the program id: one program past the grid's last along each dimension (a count
     * the grid's programs all share, e.g. --grid 1 on a causal attention kernel) */
    for (int d = 0; d < 3 && !varies && base >= 0 && runs; d++) {
      if (p->grid[d] == INT32_MAX) continue; /* no program past it */
      int32_t pid[3] = {runs[0].pid[0], runs[0].pid[1], runs[0].pid[2]};
      int32_t grid[3] = {p->grid[0], p->grid[1], p->grid[2]};
      pid[d] = grid[d]++;
      uint32_t n = vf_argplan_loops_at(p, 0, bits, pid, grid, l);
      varies = li < n && l[li].op == out->loop[li].op && l[li].trips != base;
    }
    out->loop[li].varies = varies;
    int64_t tg[VF_MAX_TARGETS];
    vf_argplan_bits(p, 0, bits); /* the base combination, as the targets were chosen */
    uint32_t nt = vf_loop_targets(p, bits, out->loop[li].op, tg);
    bool all = base >= 0;
    for (uint32_t t = 0; t < nt && all; t++) {
      bool have = false;
      for (uint32_t j = 0; j < out->loop[li].n_trips; j++) have |= out->loop[li].trips[j] == tg[t];
      int64_t in = !have && varies ? unreachable_count(p, bits, li, tg[t]) : -1;
      for (uint32_t j = 0; j < out->loop[li].n_trips && in >= 0 && !have; j++)
        have = out->loop[li].trips[j] == in; /* its stand-in ran */
      if (in >= 0 && have) out->loop[li].unreach[out->loop[li].n_unreach++] = tg[t];
      all = have;
    }
    /* a loop of fixed count, or one whose count the user gave: nothing more to drive */
    out->loop[li].driven = !varies || all;
  }
  /* the compiler's warp specialization clones a loop into each partition (one source
   * location): one entry per location, its counts the union */
  uint32_t w = 0;
  for (uint32_t li = 0; li < out->n; li++) {
    ir_loc a = sim_op_loc(p->mod, out->loop[li].op);
    uint32_t j = 0;
    for (; j < w; j++) {
      ir_loc b = sim_op_loc(p->mod, out->loop[j].op);
      if (a.line == b.line && a.col == b.col && a.file && b.file && !strcmp(a.file, b.file)) break;
    }
    if (j < w) {
      for (uint32_t t = 0; t < out->loop[li].n_trips; t++) add_trip(out, j, out->loop[li].trips[t]);
      out->loop[j].driven &= out->loop[li].driven;
      out->loop[j].partial |= out->loop[li].partial;
      for (uint32_t u = 0; u < out->loop[li].n_unreach; u++) {
        uint32_t q = 0, nu = out->loop[j].n_unreach;
        while (q < nu && out->loop[j].unreach[q] != out->loop[li].unreach[u]) q++;
        if (q == nu && nu < VF_MAX_TARGETS) out->loop[j].unreach[out->loop[j].n_unreach++] = out->loop[li].unreach[u];
      }
      out->loop[j].varies |= out->loop[li].varies;
    } else if (j != li) {
      out->loop[w++] = out->loop[li];
    } else {
      w++;
    }
  }
  out->n = w;
  free(bits);
}

char *vf_loopcover_describe(const vf_loopcover *c, const ir_module *mod, bool *all_driven) {
  *all_driven = true;
  if (!c->n) return NULL;
  char buf[1024] = "";
  size_t len = 0;
  for (uint32_t li = 0; li < c->n && len < sizeof buf; li++) {
    ir_loc l = sim_op_loc(mod, c->loop[li].op);
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%sloop %s:%u: ", li ? "; " : "",
                            l.file ? l.file : "?", l.line);
    if (!c->loop[li].n_trips) {
      len += (size_t)snprintf(buf + len, len < sizeof buf ? sizeof buf - len : 0,
                              "not reached by any run (the loops around it ran no iteration)");
    } else if (c->loop[li].trips[0] < 0) {
      len += (size_t)snprintf(buf + len, sizeof buf - len < sizeof buf ? sizeof buf - len : 0,
                              "trip count not computable from the arguments");
    } else {
      len += (size_t)snprintf(buf + len, len < sizeof buf ? sizeof buf - len : 0, "trip counts ");
      for (uint32_t j = 0; j < c->loop[li].n_trips && len < sizeof buf; j++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld", j ? ", " : "",
                                (long long)c->loop[li].trips[j]);
    }
    if (c->loop[li].partial && len < sizeof buf) /* sim_static_loop_counts enumerated part */
      len += (size_t)snprintf(buf + len, sizeof buf - len, " (and counts of later iterations of "
                              "the loops around it, not enumerated)");
    /* wrap counts the compiled kernel cannot run (unreachable_count), not covered by a copy */
    int64_t un[VF_MAX_TARGETS];
    uint32_t nu = 0;
    for (uint32_t u = 0; u < c->loop[li].n_unreach; u++) {
      bool seen = false;
      for (uint32_t j = 0; j < c->loop[li].n_trips; j++) seen |= c->loop[li].trips[j] == c->loop[li].unreach[u];
      if (!seen) un[nu++] = c->loop[li].unreach[u];
    }
    qsort(un, nu, sizeof *un, cmp_i64);
    for (uint32_t u = 0; u < nu && len < sizeof buf; u++)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld", u ? ", " : " (", (long long)un[u]);
    if (nu && len < sizeof buf)
      len += (size_t)snprintf(buf + len, sizeof buf - len, ": no argument value its tt.divisibility "
                              "allows gives %s, the next count that one gives ran instead)",
                              nu > 1 ? "them" : "it");
    if (!c->loop[li].driven) {
      *all_driven = false;
      if (len < sizeof buf) len += (size_t)snprintf(buf + len, sizeof buf - len, " (not driven to 1, 2, S, S+1, 2S+1)");
    }
  }
  return ir_xstrdup(buf);
}

sim_machine *vf_argplan_machine(const vf_argplan *p, uint32_t combo, const int32_t pid[3],
                                uint32_t max_trip, sim_err *err) {
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  vf_argplan_bits(p, combo, bits);
  sim_opts o = {.mod = p->mod, .fn = p->fn, .args = bits, .n_args = p->n_args, .max_trip = max_trip,
                .amd_all_waves = p->all_waves};
  vf_argplan_grid_of(p, combo, o.grid);
  for (int k = 0; k < 3; k++) o.pid[k] = pid[k];
  sim_machine *m = sim_machine_new(&o, err);
  if (m) vf_argplan_set_fill(p, combo, m);
  free(bits);
  return m;
}
