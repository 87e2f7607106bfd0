/* vf_runmach.c: one compiled machine for every run of a check: built for the first run that
 * needs it, then re-targeted (sim_machine_set_run) to each run's argument values and program
 * id instead of compiled again (issue 13: the command compiled the kernel per run, per bug
 * and per grid walk). */
#include <stdlib.h>

#include "vf_run.h"
#include "sim/sim_size.h"

sim_machine *vf_argplan_machine_at(const vf_argplan *p, sim_machine **cache, uint32_t combo,
                                   const int32_t pid[3], uint32_t max_trip, sim_err *err) {
  if (!*cache) return *cache = vf_argplan_machine(p, combo, pid, max_trip, err);
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  vf_argplan_bits(p, combo, bits);
  int32_t grid[3];
  vf_argplan_grid_of(p, combo, grid); /* a joint vector's own grid (vf_args.c per_loop_grids) */
  sim_machine_set_run(*cache, bits, p->n_args, pid, grid);
  vf_argplan_set_fill(p, combo, *cache);
  free(bits);
  return *cache;
}
