/* cli_graph.c: `tlx-verify graph`: draws a kernel's pipeline schedule (one round-robin
 * schedule, run until it ends; with --counterexample the shortest bug the explorer finds;
 * a bug is minimized and highlighted) or, with --protocol, its static barrier protocol, as
 * SVG / PNG / DOT; optionally the schedule as a Chrome trace (--trace-out). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "traces/traces.h"
#include "traces/tr_utf8.h"
#include "verify/vf.h"
#include "ir/ir_alloc.h"

enum { GR_MAX_ARGS = 64 };

typedef struct gr_opts {
  const char *file, *out, *trace_out;
  bool protocol;
  bool cex;                    /* --counterexample: explore, draw the first bug's schedule */
  uint32_t iterations;
  const char *arg_name[GR_MAX_ARGS]; /* --arg NAME=INT: the names malloc'd (free_opts) */
  int64_t arg_val[GR_MAX_ARGS];
  bool arg_used[GR_MAX_ARGS];
  uint32_t n_args;
} gr_opts;

static void free_opts(gr_opts *o) {
  for (uint32_t k = 0; k < o->n_args; k++) free((char *)o->arg_name[k]);
}

/* Returns 0 or VF_EXIT_INPUT (printed); either way the caller frees o with free_opts. */
static int parse_opts(int argc, char **argv, gr_opts *o) {
  memset(o, 0, sizeof *o);
  vf_cli_args p;
  vf_cli_args_init(&p, "graph", argc, argv);
  int64_t n = 0;
  char msg[300];
  while (vf_cli_next(&p)) {
    const char *v;
    if (vf_cli_value(&p, "-o", &o->out) || vf_cli_value(&p, "--trace-out", &o->trace_out)) {
    } else if (vf_cli_i64(&p, "--iterations", 1, 100000, &n)) {
      o->iterations = (uint32_t)n;
    } else if (vf_cli_value(&p, "--arg", &v)) {
      if (v && !vf_cli_opt_arg(v, o->arg_name, o->arg_val, &o->n_args, GR_MAX_ARGS, msg, sizeof msg))
        vf_cli_usage(&p, "%s", msg);
    } else if (vf_cli_flag(&p, "--protocol")) {
      o->protocol = true;
    } else if (vf_cli_flag(&p, "--counterexample")) {
      o->cex = true;
    } else {
      vf_cli_input(&p, &o->file);
    }
  }
  if (p.rc) return p.rc;
  if (!o->file) return vf_cli_usage(&p, "missing FILE");
  if (!o->out) return vf_cli_usage(&p, "missing -o F.svg|F.png|F.dot");
  if (!tr_gfmt_of_path(o->out)) return vf_cli_usage(&p, "-o %s: name the output .svg, .png or .dot", o->out);
  return 0;
}

/* Kernel argument bits from --arg (scalars; everything else 0, as verify mode allows).
 * Returns 0 or an exit code (error printed). */
static int build_args(const ir_func *fn, gr_opts *o, uint64_t *bits, uint32_t n) {
  const ir_block *entry = fn->op->regions[0]->blocks[0];
  for (uint32_t i = 0; i < n; i++) {
    const ir_value *v = entry->args[i];
    bits[i] = 0;
    for (uint32_t k = 0; k < o->n_args; k++) {
      if (!v->name || strcmp(v->name, o->arg_name[k])) continue;
      if (!v->type || (v->type->kind != IR_T_INT && v->type->kind != IR_T_INDEX)) {
        char lb[256];
        fprintf(stderr, "%s: error: --arg %s: kernel argument '%s' is not an integer; only "
                        "integer arguments can be given\n",
                ir_loc_str(v->loc, lb, sizeof lb), v->name, v->name);
        return VF_EXIT_INPUT;
      }
      char msg[400];
      if (!vf_arg_fits(v, o->file, v->name, o->arg_val[k], msg, sizeof msg)) {
        fprintf(stderr, "%s\n", msg);
        return VF_EXIT_INPUT;
      }
      unsigned w = v->type->kind == IR_T_INT ? v->type->bits : 64;
      bits[i] = w >= 64 ? (uint64_t)o->arg_val[k] : (uint64_t)o->arg_val[k] & ((1ull << w) - 1);
      o->arg_used[k] = true;
    }
  }
  for (uint32_t k = 0; k < o->n_args; k++)
    if (!o->arg_used[k]) {
      fprintf(stderr, "%s: error: --arg %s: the kernel has no argument of that name; pass "
                      "one of its integer argument names\n",
              o->file, o->arg_name[k]);
      return VF_EXIT_INPUT;
    }
  return 0;
}

/* Integer arguments that steer synchronization must be given: the graph would show a
 * different kernel otherwise. */
static int check_control_args(const sim_machine *m, const ir_func *fn, const gr_opts *o) {
  const ir_block *entry = fn->op->regions[0]->blocks[0];
  for (uint32_t i = 0; i < entry->n_args; i++) {
    const ir_value *v = entry->args[i];
    if (!sim_arg_is_control(m, i) || !v->type || v->type->kind != IR_T_INT) continue;
    bool given = false;
    for (uint32_t k = 0; k < o->n_args; k++) given |= v->name && !strcmp(v->name, o->arg_name[k]);
    if (!given) {
      char lb[256];
      fprintf(stderr, "%s: error: missing scalar argument: pass --arg %s=INT (it decides the "
                      "kernel's loop trip counts or synchronization)\n",
              ir_loc_str(v->loc, lb, sizeof lb), v->name ? v->name : "?");
      return VF_EXIT_INPUT;
    }
  }
  return 0;
}

/* --counterexample: the explorer's shortest bug into s / oc (nothing when it finds none).
 * Returns 0, or -1 when out of memory. */
static int explore_bug(sim_machine *m, tr_sched *s, tr_outcome *oc) {
  vf_opts vo = {0};
  vf_result res = {0};
  int rc = 0;
  if (vf_explore(m, &vo, &res) == 0 && vf_result_errors(&res)) {
    vf_result_sort(&res); /* errors first */
    const vf_bug *b = &res.bugs[0];
    for (uint32_t i = 0; i < b->n_path && rc == 0; i++) rc = tr_sched_push(s, b->path[i]);
    oc->has_bug = true;
    oc->bug = b->v;
    oc->bug_step = b->n_path;
  }
  vf_result_free(&res);
  return rc;
}

/* Runs one schedule and draws it. Returns the exit code. */
static int draw_schedule(const ir_module *mod, const ir_func *fn, gr_opts *o) {
  uint32_t n = fn->op->regions[0]->blocks[0]->n_args;
  uint64_t *bits = ir_xcalloc(n + 1, sizeof *bits);
  if (!bits) {
    fprintf(stderr, "tlx-verify graph: error: out of memory\n");
    return VF_EXIT_INPUT;
  }
  int rc = build_args(fn, o, bits, n);
  if (rc) {
    free(bits);
    return rc;
  }
  sim_opts so = {.mod = mod, .fn = fn, .args = bits, .n_args = n};
  sim_err serr;
  sim_machine *m = sim_machine_new(&so, &serr);
  if (!m) {
    fprintf(stderr, "%s\n", serr.msg);
    free(bits);
    return VF_EXIT_INPUT;
  }
  rc = check_control_args(m, fn, o);
  tr_sched s = {0}, small = {0};
  tr_outcome oc;
  tr_err err = {{0}};
  memset(&oc, 0, sizeof oc);
  if (!rc && o->cex && explore_bug(m, &s, &oc) != 0) {
    fprintf(stderr, "tlx-verify graph: error: out of memory\n");
    rc = VF_EXIT_INPUT;
  }
  /* races are state properties: the explorer's checker looks at every state of the run */
  if (!rc && !oc.has_bug && tr_sched_round_robin(m, 0, vf_check_race, &s, &oc, &err) != 0)
    rc = VF_EXIT_INPUT;
  const tr_sched *show = &s;
  if (!rc && oc.has_bug && tr_min_schedule(m, s.steps, s.n, &oc.bug, vf_check_race, 2000, &small, NULL, &err) == 0)
    show = &small;
  err.msg[0] = 0;
  tr_graph_opts go = {.title = tr_basename(o->file), .mod = mod, .iterations = o->iterations,
                      .bug = !rc && oc.has_bug ? &oc.bug : NULL};
  if (!rc && tr_graph_write(m, show->steps, show->n, &go, o->out, &err) != 0) rc = VF_EXIT_INPUT;
  if (!rc && o->trace_out &&
      tr_chrome_write(m, show->steps, show->n, go.bug, go.title, o->trace_out, &err) != 0)
    rc = VF_EXIT_INPUT;
  if (rc && err.msg[0]) fprintf(stderr, "%s\n", err.msg);
  if (!rc) {
    printf("%s: pipeline graph of a %u-step schedule", o->out, show->n);
    if (oc.has_bug) {
      char lb[256];
      ir_loc_str(sim_ins_loc(m, oc.bug.ins), lb, sizeof lb);
      printf(" (%s at ", sim_bug_kind_name((sim_bug_kind)oc.bug.kind));
      tr_fput_utf8(stdout, lb, strlen(lb)); /* as the reports write it (tr_utf8.h) */
      printf(")");
    }
    printf("\n");
  }
  tr_sched_free(&s);
  tr_sched_free(&small);
  sim_machine_free(m);
  free(bits);
  return rc;
}

int vf_cmd_graph(int argc, char **argv) {
  gr_opts o;
  int rc = parse_opts(argc, argv, &o);
  ir_module *mod = rc ? NULL : vf_cli_read(o.file);
  if (!mod) {
    free_opts(&o);
    return rc ? rc : VF_EXIT_INPUT;
  }
  const ir_func *fn = ir_module_kernel(mod);
  if (!fn || !fn->op->n_regions || !fn->op->regions[0]->n_blocks) {
    fprintf(stderr, "%s: error: no kernel function (tt.func) to draw\n", o.file);
    ir_module_free(mod);
    free_opts(&o);
    return VF_EXIT_INPUT;
  }
  if (o.protocol) {
    tr_err err = {{0}};
    rc = tr_protocol_write(mod, fn, tr_basename(o.file), o.out, &err);
    if (rc) fprintf(stderr, "%s\n", err.msg);
    else printf("%s: barrier protocol graph\n", o.out);
    rc = rc ? VF_EXIT_INPUT : VF_EXIT_OK;
  } else {
    rc = draw_schedule(mod, fn, &o);
  }
  ir_module_free(mod);
  free_opts(&o);
  return rc;
}
