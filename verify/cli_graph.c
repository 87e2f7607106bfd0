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
#include "vf.h"
#include "ir/ir_alloc.h"

enum { GR_MAX_ARGS = 64 };

typedef struct gr_opts {
  const char *file, *out, *trace_out;
  bool protocol;
  bool cex;                    /* --counterexample: explore, draw the first bug's schedule */
  uint32_t iterations;
  const char *arg_name[GR_MAX_ARGS]; /* --arg NAME=INT, pointing into argv */
  size_t arg_len[GR_MAX_ARGS];
  int64_t arg_val[GR_MAX_ARGS];
  bool arg_used[GR_MAX_ARGS];
  int n_args;
} gr_opts;

static int usage_err(const char *fmt, const char *a) {
  fprintf(stderr, "tlx-verify graph: error: ");
  fprintf(stderr, fmt, a);
  fprintf(stderr, "\nusage: tlx-verify graph FILE -o F.svg|F.png|F.dot [--protocol] "
                  "[--iterations N] [--arg NAME=INT]... [--counterexample] [--trace-out F.json]\n");
  return VF_EXIT_INPUT;
}

static int parse_opts(int argc, char **argv, gr_opts *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    char msg[300];
    if (!strcmp(a, "-o") || !strcmp(a, "--iterations") || !strcmp(a, "--arg") ||
        !strcmp(a, "--trace-out")) {
      if (!v) return usage_err("%s needs a value", a);
      i++;
      if (!strcmp(a, "-o")) {
        o->out = v;
      } else if (!strcmp(a, "--trace-out")) {
        o->trace_out = v;
      } else if (!strcmp(a, "--iterations")) {
        int64_t n;
        if (!vf_cli_opt_i64(a, v, 1, 100000, &n, msg, sizeof msg)) return usage_err("%s", msg);
        o->iterations = (uint32_t)n;
      } else {
        const char *eq = strchr(v, '=');
        int64_t x;
        if (!eq || eq == v) return usage_err("--arg expects NAME=INT, got '%s'", v);
        vf_num st = vf_cli_parse_i64(eq + 1, INT64_MIN, INT64_MAX, &x);
        if (st == VF_NUM_MALFORMED) return usage_err("--arg expects NAME=INT, got '%s'", v);
        if (st == VF_NUM_RANGE) return usage_err("--arg %s: value out of the 64-bit integer range", v);
        if (o->n_args == GR_MAX_ARGS) return usage_err("too many --arg options%s", "");
        for (int k = 0; k < o->n_args; k++)
          if (o->arg_len[k] == (size_t)(eq - v) && !memcmp(o->arg_name[k], v, o->arg_len[k]))
            return usage_err("--arg given twice for '%s'", v);
        o->arg_name[o->n_args] = v;
        o->arg_len[o->n_args] = (size_t)(eq - v);
        o->arg_val[o->n_args++] = x;
      }
    } else if (!strcmp(a, "--protocol")) {
      o->protocol = true;
    } else if (!strcmp(a, "--counterexample")) {
      o->cex = true;
    } else if (a[0] == '-' && a[1]) {
      return usage_err("unknown option '%s'", a);
    } else if (o->file) {
      return usage_err("more than one input file ('%s')", a);
    } else {
      o->file = a;
    }
  }
  if (!o->file) return usage_err("%s", "missing FILE");
  if (!o->out) return usage_err("%s", "missing -o F.svg|F.png|F.dot");
  if (!tr_gfmt_of_path(o->out))
    return usage_err("-o %s: name the output .svg, .png or .dot", o->out);
  return 0;
}

/* Kernel argument bits from --arg (scalars; everything else 0, as verify mode allows).
 * Returns 0 or an exit code (error printed). */
static int build_args(const ir_func *fn, gr_opts *o, uint64_t *bits, uint32_t n) {
  const ir_block *entry = fn->op->regions[0]->blocks[0];
  for (uint32_t i = 0; i < n; i++) {
    const ir_value *v = entry->args[i];
    bits[i] = 0;
    for (int k = 0; k < o->n_args; k++) {
      if (!v->name || strlen(v->name) != o->arg_len[k] || memcmp(v->name, o->arg_name[k], o->arg_len[k]))
        continue;
      if (!v->type || (v->type->kind != IR_T_INT && v->type->kind != IR_T_INDEX)) {
        char lb[256];
        fprintf(stderr, "%s: error: --arg %s: kernel argument '%s' is not an integer; only "
                        "integer arguments can be given\n",
                ir_loc_str(v->loc, lb, sizeof lb), v->name, v->name);
        return VF_EXIT_INPUT;
      }
      char msg[400];
      if (!vf_cli_arg_fits(v, o->file, v->name, o->arg_val[k], msg, sizeof msg)) {
        fprintf(stderr, "%s\n", msg);
        return VF_EXIT_INPUT;
      }
      unsigned w = v->type->kind == IR_T_INT ? v->type->bits : 64;
      bits[i] = w >= 64 ? (uint64_t)o->arg_val[k] : (uint64_t)o->arg_val[k] & ((1ull << w) - 1);
      o->arg_used[k] = true;
    }
  }
  for (int k = 0; k < o->n_args; k++)
    if (!o->arg_used[k]) {
      fprintf(stderr, "%s: error: --arg %.*s: the kernel has no argument of that name; pass "
                      "one of its integer argument names\n",
              o->file, (int)o->arg_len[k], o->arg_name[k]);
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
    for (int k = 0; k < o->n_args; k++)
      given |= v->name && strlen(v->name) == o->arg_len[k] && !memcmp(v->name, o->arg_name[k], o->arg_len[k]);
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
  if (!bits) return usage_err("%s", "out of memory");
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
  if (!rc && o->cex && explore_bug(m, &s, &oc) != 0) rc = usage_err("%s", "out of memory");
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
  if (rc) return rc;
  ir_module *mod = vf_cli_read(o.file);
  if (!mod) return VF_EXIT_INPUT;
  const ir_func *fn = ir_module_kernel(mod);
  if (!fn || !fn->op->n_regions || !fn->op->regions[0]->n_blocks) {
    fprintf(stderr, "%s: error: no kernel function (tt.func) to draw\n", o.file);
    ir_module_free(mod);
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
  return rc;
}
