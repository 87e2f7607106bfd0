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

int vf_cli_run_opt(vf_cli_run *r, const char *a, const char *val, int *i, uint64_t max_states_hi,
                   char *msg, size_t n) {
  static const char *const with_value[] = {"--arg", "--grid", "--format", "--max-states",
                                           "--time-limit", "--max-trip", "--trace-out", "--graph-out",
                                           "--threads"};
  if (!strcmp(a, "--no-reduction")) {
    r->vf.no_reduction = true;
    return 1;
  }
  if (!strcmp(a, "--all-waves")) {
    r->all_waves = true;
    return 1;
  }
  if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
    r->quiet = true;
    return 1;
  }
  size_t k = 0, nv = sizeof with_value / sizeof *with_value;
  while (k < nv && strcmp(a, with_value[k])) k++;
  if (k == nv) return 0;
  if (!val) {
    snprintf(msg, n, "option %s needs a value", a);
    return -1;
  }
  ++*i;
  int64_t v;
  switch (k) {
  case 0: return vf_cli_opt_arg(val, r->arg_name, r->arg_val, &r->n_arg, 64, msg, n) ? 1 : -1;
  case 1:
    if (vf_cli_parse_grid(val, r->grid, msg, n)) return -1;
    r->grid_given = true;
    return 1;
  case 2:
    if (strcmp(val, "text") && strcmp(val, "json") && strcmp(val, "sarif")) {
      snprintf(msg, n, "--format must be text, json or sarif, not '%s'", val);
      return -1;
    }
    r->format = val;
    return 1;
  case 3: return vf_cli_opt_u64(a, val, 1, max_states_hi, &r->vf.max_states, msg, n) ? 1 : -1;
  case 4: return vf_cli_opt_seconds(a, val, &r->vf.time_limit, msg, n) ? 1 : -1;
  case 5:
    if (!vf_cli_opt_i64(a, val, 1, 1ll << 30, &v, msg, n)) return -1;
    r->max_trip = (uint32_t)v;
    return 1;
  case 6: r->trace_out = val; return 1;
  case 8:
    if (!vf_cli_opt_i64(a, val, 1, 256, &v, msg, n)) return -1;
    r->vf.threads = (uint32_t)v;
    return 1;
  default:
    if (!tr_gfmt_of_path(val)) {
      snprintf(msg, n, "--graph-out expects a .svg, .png or .dot file, got '%s'", val);
      return -1;
    }
    r->graph_out = val;
    return 1;
  }
}
