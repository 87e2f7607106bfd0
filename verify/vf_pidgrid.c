/* vf_pidgrid.c: the default grid for loops indexed by the program id (issue 12 class 5, "the
 * checked program gets those tile counts"). A causal attention kernel's KV loop runs over
 * [0, start_m * BLOCK_M) with start_m = program_id(0): program 0 of the default grid of one
 * program runs it 0 times, the next loop twice, and its K / V rings never wrap; "verified" then
 * said nothing about a loader that overwrites a slot before its empty wait (session 30's --late
 * audit of tutorial 06's causal attention: the explorer found the deadlock with --grid 2 only).
 *
 * Rule: with no --grid and a grid of one program, for each dimension d the static trip counts
 * (sim_static_loops, at the default arguments of combination 0) of programs 0..K-1 of a grid
 * of K = VF_PID_GRID_MAX programs along d are compared with program 0's of a grid of one. A
 * dimension where program 0's counts change with the grid's size is left alone: there the
 * count is a persistent kernel's tile share (ceildiv(tiles - pid, num_programs)), which the
 * default arguments drive at one program (vf_args.c, per_loop_vectors). Elsewhere each loop
 * whose count differs between programs wants the first program reaching each of its wrap-around
 * counts (vf_loop_targets: 1, 2, S, S+1, 2S+1) that program 0 does not have, and the first
 * reaching at least 2S+1 (the ring wraps twice even when the counts skip the exact values: the
 * causal loop's counts are 0, 2, 4, ...); the grid along d is the largest such program + 1,
 * within VF_MAX_RUNS / the argument combinations (each program is a run). One dimension is
 * chosen, the one wanting the most programs. The report says the grid was chosen (cli_check.c)
 * and the loop cover names the counts the programs reached (vf_argplan_loops). */
#include <stdlib.h>

#include "vf_run.h"
#include "ir/ir_alloc.h"
#include "sim/sim_size.h"

/* The programs dimension d of a grid of `size` programs wants (1: none beyond program 0). */
static int32_t wanted(const vf_argplan *p, const uint64_t *bits, int d, int32_t size) {
  static const int32_t one[3] = {1, 1, 1};
  sim_static_loop base[VF_MAX_LOOPS], l[VF_MAX_LOOPS];
  int32_t pid[3] = {0, 0, 0}, grid[3] = {1, 1, 1};
  grid[d] = size;
  uint32_t nb = vf_argplan_loops_at(p, 0, bits, pid, one, base);
  uint32_t n = vf_argplan_loops_at(p, 0, bits, pid, grid, l);
  bool grid_sized = n != nb;
  for (uint32_t li = 0; li < n && !grid_sized; li++) grid_sized = l[li].trips != base[li].trips;
  int32_t want = 1;
  for (uint32_t li = 0; li < nb && !grid_sized; li++) {
    if (base[li].trips < 0) continue;
    int64_t tg[VF_MAX_TARGETS];
    uint32_t nt = vf_loop_targets(p, bits, base[li].op, tg);
    int64_t big = 0;
    for (uint32_t t = 0; t < nt; t++)
      if (tg[t] > big) big = tg[t];
    bool seen[VF_MAX_TARGETS] = {false}, seen_big = base[li].trips >= big;
    for (uint32_t t = 0; t < nt; t++) seen[t] = tg[t] == base[li].trips;
    for (int32_t k = 1; k < size; k++) {
      pid[d] = k;
      uint32_t m = vf_argplan_loops_at(p, 0, bits, pid, grid, l);
      if (li >= m || l[li].op != base[li].op || l[li].trips < 0) continue;
      for (uint32_t t = 0; t < nt; t++)
        if (!seen[t] && l[li].trips == tg[t]) {
          seen[t] = true;
          if (k + 1 > want) want = k + 1;
        }
      if (!seen_big && l[li].trips >= big) {
        seen_big = true;
        if (k + 1 > want) want = k + 1;
      }
    }
    pid[d] = 0;
  }
  return want;
}

void vf_argplan_pid_grid(vf_argplan *p) {
  p->grid_pid_dim = -1;
  if (p->grid_given || p->grid_chosen || sim_grid_programs(p->grid) != 1) return;
  uint32_t combos = vf_argplan_combos(p);
  int32_t room = (int32_t)(VF_MAX_RUNS / (combos ? combos : 1));
  int32_t size = room < VF_PID_GRID_MAX ? room : VF_PID_GRID_MAX;
  if (size < 2) return;
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  vf_argplan_bits(p, 0, bits);
  int best = -1;
  int32_t best_want = 1;
  for (int d = 0; d < 3; d++) {
    int32_t w = wanted(p, bits, d, size);
    if (w > best_want) best = d, best_want = w;
  }
  free(bits);
  if (best < 0) return;
  p->grid[best] = best_want;
  p->grid_pid_dim = best;
}
