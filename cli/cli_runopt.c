/* cli_runopt.c: the options `check` and `explain` share (cli.h, vf_cli_run). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "traces/traces.h"

void vf_cli_run_init(vf_cli_run *r) {
  memset(r, 0, sizeof *r);
  r->format = "text";
  r->grid[0] = r->grid[1] = r->grid[2] = 1;
}

void vf_cli_run_free(vf_cli_run *r) {
  for (uint32_t k = 0; k < r->n_arg; k++) free((char *)r->arg_name[k]);
  r->n_arg = 0;
}

sim_machine *vf_cli_plan(vf_argplan *plan, const ir_module *mod, const vf_cli_run *r, sim_err *err) {
  if (vf_argplan_init(plan, mod, err)) return NULL;
  for (uint32_t k = 0; k < r->n_arg; k++)
    if (vf_argplan_set(plan, r->arg_name[k], r->arg_val[k], err)) return NULL;
  for (int k = 0; k < 3; k++) plan->grid[k] = r->grid[k];
  plan->grid_given = r->grid_given;
  plan->all_waves = r->all_waves;
  int32_t pid0[3] = {0, 0, 0};
  sim_machine *probe = vf_argplan_machine(plan, 0, pid0, r->max_trip, err);
  if (!probe) return NULL;
  /* a CLC work loop (try_cancel) gets another tile only from a later program of the grid:
   * with the default grid of one program it runs once. Program 0 of 1 + SIM_CLC_VERIFY_MAX
   * programs gets 1, 2 and 3 tiles (both outcomes of every try_cancel are explored) */
  if (!r->grid_given && plan->grid[0] * plan->grid[1] * plan->grid[2] == 1 && sim_machine_uses_clc(probe)) {
    sim_machine_free(probe);
    plan->grid[0] = 1 + SIM_CLC_VERIFY_MAX;
    plan->grid_chosen = true;
    probe = vf_argplan_machine(plan, 0, pid0, r->max_trip, err);
    if (!probe) return NULL;
  }
  plan->deadline = r->vf.deadline; /* choosing defaults spends the same --time-limit budget */
  plan->choose = vf_cli_sym_defaults;
  vf_argplan_defaults(plan, probe);
  vf_argplan_fills(plan, probe); /* chosen data: read-only inputs control depends on */
  /* a loop indexed by the program id (a causal KV range): programs along that dimension */
  vf_argplan_pid_grid(plan);
  if (plan->grid_pid_dim >= 0) probe = vf_argplan_machine_at(plan, &probe, 0, pid0, r->max_trip, err);
  return probe;
}

bool vf_cli_run_opt(vf_cli_run *r, vf_cli_args *p, uint64_t max_states_hi) {
  const char *v;
  char msg[300];
  int64_t x = 0;
  if (vf_cli_flag(p, "--no-reduction")) {
    r->vf.no_reduction = true;
  } else if (vf_cli_flag(p, "--no-symmetry")) {
    r->vf.no_symmetry = true;
  } else if (vf_cli_flag(p, "--symmetry")) {
    r->vf.sym_after = 1;
  } else if (vf_cli_flag(p, "-q") || vf_cli_flag(p, "--quiet")) {
    r->quiet = true;
  } else if (vf_cli_flag(p, "--all-waves")) {
    r->all_waves = true;
  } else if (vf_cli_i64(p, "--threads", 1, 256, &x)) {
    r->vf.threads = (uint32_t)x;
  } else if (vf_cli_value(p, "--arg", &v)) {
    if (v && !vf_cli_opt_arg(v, r->arg_name, r->arg_val, &r->n_arg, 64, msg, sizeof msg))
      vf_cli_usage(p, "%s", msg);
  } else if (vf_cli_value(p, "--grid", &v)) {
    if (v && vf_cli_parse_grid(v, r->grid, msg, sizeof msg)) vf_cli_usage(p, "%s", msg);
    r->grid_given = true;
  } else if (vf_cli_value(p, "--format", &v)) {
    if (v && strcmp(v, "text") && strcmp(v, "json") && strcmp(v, "sarif"))
      vf_cli_usage(p, "--format must be text, json or sarif, not '%s'", v);
    else if (v) r->format = v;
  } else if (vf_cli_u64(p, "--max-states", 1, max_states_hi, &r->vf.max_states)) {
  } else if (vf_cli_value(p, "--time-limit", &v)) {
    if (v && !vf_cli_opt_seconds("--time-limit", v, &r->vf.time_limit, msg, sizeof msg))
      vf_cli_usage(p, "%s", msg);
  } else if (vf_cli_i64(p, "--max-trip", 1, 1ll << 30, &x)) {
    r->max_trip = (uint32_t)x;
  } else if (vf_cli_value(p, "--trace-out", &v)) {
    r->trace_out = v;
  } else if (vf_cli_value(p, "--graph-out", &v)) {
    if (v && !tr_gfmt_of_path(v))
      vf_cli_usage(p, "--graph-out expects a .svg, .png or .dot file, got '%s'", v);
    r->graph_out = v;
  } else {
    return false;
  }
  return true;
}
