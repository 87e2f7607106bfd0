/* cli_check.c: `tlx-verify [check] FILE`: parses the IR, plans the runs (arguments, program
 * ids), explores every run's schedules, merges the bugs and prints text / JSON / SARIF.
 * Exit: 0 verified, 1 bugs, 2 usage or input error, 3 inconclusive. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "traces/traces.h"
#include "sim/sim_size.h"
#include "verify/vf_run.h"
#include "ir/ir_alloc.h"
#include "cli_sym.h" /* --symbolic (symbolic layer) */
#include "cli_fleet.h" /* several kernels: a directory, files, -j, --shard */

typedef struct check_opts {
  const char *file;
  bool stats;
  bool symbolic;               /* --symbolic: the Z3 layer after the explicit check (cli_sym.h) */
  bool werror;                 /* --warnings-as-errors: every warning is reported as an error */
  vf_partial_mode partial;     /* --partial-tiles: what a partial-tile probe's finding is */
  vf_cli_run r;                /* the options shared with explain / check (cli.h) */
  vf_fleet fleet;              /* the inputs, -j, --shard (cli_fleet.h) */
} check_opts;

static void free_opts(check_opts *o) { vf_cli_run_free(&o->r); }

/* Returns 0, or VF_EXIT_INPUT with the message printed; either way the caller frees the --arg
 * names with free_opts. */
static int parse_args(int argc, char **argv, check_opts *o, vf_cli_args *p) {
  memset(o, 0, sizeof *o);
  vf_cli_run_init(&o->r);
  vf_cli_args_init(p, "check", argc, argv);
  int64_t v = 0;
  const char *mode;
  while (vf_cli_next(p)) {
    if (vf_cli_run_opt(&o->r, p, UINT64_MAX) || vf_fleet_opt(&o->fleet, p)) {
    } else if (vf_cli_i64(p, "--random", 1, 100000000, &v)) {
      o->r.vf.random_walks = (uint32_t)v;
    } else if (vf_cli_u64(p, "--seed", 0, UINT64_MAX, &o->r.vf.seed)) {
    } else if (vf_cli_flag(p, "--symbolic")) { /* symbolic layer */
      o->symbolic = true;
    } else if (vf_cli_flag(p, "--warnings-as-errors")) {
      o->werror = true;
    } else if (vf_cli_value(p, "--partial-tiles", &mode)) {
      if (mode && !vf_partial_mode_parse(mode, &o->partial))
        vf_cli_usage(p, "--partial-tiles must be warn, error or off, not '%s'", mode);
    } else if (vf_cli_flag(p, "--stats")) {
      o->stats = true;
    } else if (p->word[0] == '-' && p->word[1]) {
      vf_cli_usage(p, "unknown option '%s'", p->word);
    } else {
      if (!o->file) o->file = p->word;
      vf_fleet_input(&o->fleet, p->i); /* a second input makes the command a fleet */
    }
  }
  if (!p->rc && !o->file) vf_cli_usage(p, "no input file");
  return p->rc;
}

/* Appends "; " and the formatted text to *covered (malloc'd, may be NULL: then it is the
 * text alone). */
static void cover_add(char **covered, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cover_add(char **covered, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  size_t have = *covered ? strlen(*covered) : 0, at = have ? have + 2 : 0;
  char *out = ir_xmalloc(at + (size_t)(n > 0 ? n : 0) + 1, 1);
  if (have) {
    memcpy(out, *covered, have);
    memcpy(out + have, "; ", 2);
  }
  va_start(ap, fmt);
  vsnprintf(out + at, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
  va_end(ap);
  free(*covered);
  *covered = out;
}

/* A verified run's "verified for" gains "WHAT TEXT" (joined by " and "): the coverage it holds
 * for is limited by text (chosen-data fills, guard sides no run took). Frees text. */
static void limit_verified(tr_report *rep, vf_verdict v, const char *what, char *text) {
  if (!text) return;
  if (v == VF_VERIFIED) {
    char *vf = rep->verified_for;
    rep->verified_for = NULL;
    cover_add(&rep->verified_for, "%s%s%s%s", vf ? vf : "", vf ? " and " : "", what, text);
    free(vf);
  }
  free(text);
}

/* Whether region r holds an op with a partition annotation of a later pass (ttg.partition:
 * PartitionLoops; async_task_id: the TLX fork's code partitioning) outside any
 * ttg.warp_specialize: the model runs such ops as one agent in program order. */
static bool unsplit_partitions(const ir_region *r) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (ir_op_is_ws(op)) continue;
      if (ir_op_has_attr(op, "ttg.partition") || ir_op_has_attr(op, "async_task_id")) return true;
      for (uint32_t k = 0; k < op->n_regions; k++)
        if (unsplit_partitions(op->regions[k])) return true;
    }
  return false;
}

/* The first confirmed symbolic violation (smallest trip count), or NULL. */
static const vf_sym_violation *first_confirmed(const vf_sym_result *r) {
  const vf_sym_violation *best = NULL;
  for (int k = 0; k < VF_SYM__NCOND; k++)
    for (uint32_t v = 0; v < r->cond[k].n_viol; v++) {
      const vf_sym_violation *x = &r->cond[k].viol[v];
      if (x->confirmed == 1 && (!best || x->trip_count < best->trip_count)) best = x;
    }
  return best;
}

/* Runs `check FILE` again with the counterexample's values for the arguments the symbolic
 * layer chose (the user's --arg values for the others) and prints its report. */
static void show_confirmed(const check_opts *o, const vf_sym_result *r) {
  const vf_sym_violation *v = first_confirmed(r);
  if (!v || !v->args) return;
  char *argv[2 + 2 * 64 + 1];
  char vals[64][96];
  int n = 0, nv = 0;
  argv[n++] = "check";
  argv[n++] = (char *)o->file;
  char desc[256] = "";
  for (uint32_t k = 0; k < r->n_args && nv < 64; k++) {
    if (!r->arg_relevant[k] || !r->arg_names[k]) continue;
    snprintf(vals[nv], sizeof vals[nv], "%s=%lld", r->arg_names[k], (long long)v->args[k]);
    size_t len = strlen(desc);
    snprintf(desc + len, sizeof desc - len, "%s%s", len ? " " : "", vals[nv]);
    argv[n++] = "--arg";
    argv[n++] = vals[nv++];
  }
  for (uint32_t k = 0; k < o->r.n_arg && n + 2 < (int)(sizeof argv / sizeof argv[0]) - 1; k++) {
    bool chosen = false;
    for (uint32_t j = 0; j < r->n_args; j++)
      if (r->arg_relevant[j] && r->arg_names[j] && !strcmp(r->arg_names[j], o->r.arg_name[k]))
        chosen = true;
    if (chosen || nv >= 64) continue;
    snprintf(vals[nv], sizeof vals[nv], "%s=%lld", o->r.arg_name[k], (long long)o->r.arg_val[k]);
    argv[n++] = "--arg";
    argv[n++] = vals[nv++];
  }
  argv[n] = NULL;
  printf("symbolic: the explicit explorer with %s shows the counterexample:\n", desc);
  fflush(stdout);
  (void)vf_cmd_check(n, argv);
}

int vf_cmd_check(int argc, char **argv) {
  check_opts o;
  vf_cli_args args;
  int rc = parse_args(argc, argv, &o, &args);
  if (!rc && vf_fleet_wanted(&o.fleet, argv)) {
    /* a directory or several kernels (cli_fleet.c); the outputs that name one file refuse */
    if (o.r.trace_out || o.r.graph_out)
      rc = vf_cli_usage(&args, "%s names one file: check one kernel at a time to write it",
                        o.r.trace_out ? "--trace-out" : "--graph-out");
    else
      rc = vf_fleet_run(&o.fleet, argc, argv, o.r.format, o.r.quiet);
    free_opts(&o);
    return rc;
  }
  ir_module *mod = rc ? NULL : vf_cli_read(o.file);
  if (!mod) {
    free_opts(&o);
    return rc ? rc : VF_EXIT_INPUT;
  }
  int exit_code = VF_EXIT_INPUT;
  sim_err err = {{0}};
  vf_argplan plan = {0};
  vf_result all = {0};
  tr_report rep = {0};
  vf_sym_result symr = {0};    /* --symbolic: the symbolic layer's result */
  tr_rsym rsym = {0};          /* its report section (JSON / SARIF) */
  int64_t *symalign = NULL;    /* its whole-tile assumptions (vf_sym_cli_align) */
  vf_runspec runs[VF_MAX_RUNS];
  uint32_t n_runs = 0;
  sim_machine *probe = NULL;
  vf_grid *grid = NULL;        /* --grid: global writes of the programs (vf_grid.c) */
  double t0 = vf_now_s();
  if (o.r.vf.time_limit > 0) o.r.vf.deadline = t0 + o.r.vf.time_limit; /* one budget for every run */
  probe = vf_cli_plan(&plan, mod, &o.r, &err);
  if (!probe) goto input_error;
  vf_argplan_partial(&plan, probe, o.partial != VF_PARTIAL_OFF);
  uint32_t found[8] = {0};     /* per partial-tile probe: reports only it found (vf_partial.c) */
  /* runs: argument combinations x program ids (all of the grid when control depends on it) */
  bool per_pid = sim_depends_on_pid(probe);
  uint64_t npid = per_pid ? sim_grid_programs(plan.grid) : 1; /* 64 bits: 65536 x 65536 */
  vf_argplan_guards(&plan, npid); /* both sides of every argument guard (vf_argguard.c) */
  uint32_t combos = vf_argplan_combos(&plan);
  uint64_t pid_runs = 0;       /* program ids 0..pid_runs-1 have runs */
  for (uint32_t c = 0; c < combos; c++)
    for (uint64_t p = 0; p < npid && n_runs < VF_MAX_RUNS; p++) {
      vf_runspec *r = &runs[n_runs++];
      r->combo = c;
      sim_grid_pid(plan.grid, p, r->pid);
      if (p + 1 > pid_runs) pid_runs = p + 1;
    }
  uint64_t want_runs;
  bool truncated = !sim_mul_u64(combos, npid, &want_runs) || want_runs > n_runs;
  uint32_t n_explored = n_runs;
  grid = vf_grid_new(&plan, combos, o.r.max_trip);
  uint64_t run_states[VF_MAX_RUNS] = {0}; /* --stats: states per run (0: a run of the grid
                                             check that only replays a schedule) */
  for (uint32_t k = 0; k < n_runs; k++) {
    /* the probe's compiled machine, re-targeted to the run (vf_runmach.c) */
    sim_machine *m = vf_argplan_machine_at(&plan, &probe, runs[k].combo, runs[k].pid, o.r.max_trip, &err);
    if (!m) goto input_error;
    vf_result res = {0};
    res.cur_run = k;
    vf_opts ro = o.r.vf;
    ro.states_done = all.st.states; /* --max-states bounds the whole check */
    ro.gw = vf_grid_collect(grid, &runs[k]);
    vf_explore(m, &ro, &res);
    run_states[k] = res.st.states;
    vf_result_merge(&all, m, &res);
    vf_result_free(&res);
  }
  /* overlapping global writes of different programs (may add runs that show a schedule) */
  vf_grid_finish(grid, runs, &n_runs, VF_MAX_RUNS, &all);
  /* partial-tile probes, after every whole-tile run: what they alone find is reported apart */
  uint32_t n_probe_runs = 0;
  for (uint32_t i = 0; i < plan.n_probes; i++) {
    if (n_runs >= VF_MAX_RUNS) plan.probe_val[i] = 0; /* no room: not probed, and said so */
    for (uint64_t p = 0; p < npid && n_runs < VF_MAX_RUNS; p++) {
      uint32_t k = n_runs++;
      runs[k].combo = combos + i;
      sim_grid_pid(plan.grid, p, runs[k].pid);
      sim_machine *m = vf_argplan_machine(&plan, runs[k].combo, runs[k].pid, o.r.max_trip, &err);
      if (!m) goto input_error;
      vf_result res = {0};
      res.cur_run = k;
      vf_opts ro = o.r.vf;
      ro.states_done = all.st.states;
      vf_explore(m, &ro, &res);
      run_states[k] = res.st.states;
      vf_partial_fold(&plan, i, o.partial, m, &all, &res, found);
      vf_result_free(&res);
      sim_machine_free(m);
      n_probe_runs++;
    }
  }
  if (truncated && !all.bound_hit) {
    all.bound_hit = true;
    snprintf(all.bound_why, sizeof all.bound_why, "only the first %u argument / program-id "
             "combinations were checked (program ids 0..%llu of %llu)", n_explored,
             (unsigned long long)(pid_runs - 1), (unsigned long long)npid);
  }
  if (all.n_outside && all.n_outside >= n_explored && !all.n_bugs && !all.bound_hit) {
    all.bound_hit = true;
    snprintf(all.bound_why, sizeof all.bound_why, "every run's arguments are outside the kernel's "
             "contract (%.150s); pass --arg values it assumes", all.outside_why);
  }
  if (o.werror) vf_result_promote_warnings(&all);
  vf_result_sort(&all);
  all.verdict = vf_result_verdict(&all); /* warnings alone: verified (or inconclusive) */
  /* --stats: the reduction factor against a naive search of the first run */
  double reduction = 0;
  if (o.stats && !o.r.vf.no_reduction && !o.r.vf.random_walks && n_runs) {
    sim_machine *m = vf_argplan_machine_at(&plan, &probe, runs[0].combo, runs[0].pid, o.r.max_trip, &err);
    if (m) {
      vf_opts naive = o.r.vf;
      naive.no_reduction = true;
      vf_result nres = {0}, pres = {0};
      vf_explore(m, &o.r.vf, &pres);
      vf_explore(m, &naive, &nres);
      if (!nres.bound_hit && pres.st.states) reduction = (double)nres.st.states / (double)pres.st.states;
      vf_result_free(&nres);
      vf_result_free(&pres);
    }
  }
  if (vf_cli_build_report(&plan, &probe, runs, o.r.max_trip, &all, &rep, &err)) goto input_error;
  rep.file = o.file;
  rep.verdict = all.verdict == VF_BUG ? "bug" : all.verdict == VF_INCONCLUSIVE ? "inconclusive" : "verified";
  rep.covered = vf_argplan_covered(&plan);
  vf_cli_partial_report(&plan, o.partial, found, &rep);
  if (per_pid) {
    char of[48] = "";
    if (pid_runs < npid) snprintf(of, sizeof of, " of %llu", (unsigned long long)npid);
    cover_add(&rep.covered, "program ids 0..%llu%s (synchronization depends on the program id)",
              (unsigned long long)(pid_runs - 1), of);
  }
  if (plan.grid_pid_dim >= 0)
    cover_add(&rep.covered, "grid %d along %c (chosen: a loop's trip count depends on the program "
              "id; pass --grid to change)", plan.grid[plan.grid_pid_dim], "xyz"[plan.grid_pid_dim]);
  if (plan.grid_chosen)
    cover_add(&rep.covered, "grid %d (chosen: cluster launch control gives program 0 up to %d more "
              "tiles, both outcomes of each try_cancel explored; pass --grid to change)",
              plan.grid[0], SIM_CLC_VERIFY_MAX);
  if (grid) {
    char *gd = vf_grid_describe(grid);
    cover_add(&rep.covered, "%s", gd);
    free(gd);
  }
  if (all.n_outside) {
    /* runs whose arguments the kernel assumes away (llvm.intr.assume): skipped, and said so */
    if (!rep.covered) rep.covered = ir_xstrdup("the given arguments");
    cover_add(&rep.covered, "skipped %u of %u run(s) whose arguments are outside the kernel's "
              "contract (%.200s)", all.n_outside, n_explored, all.outside_why);
  }
  {
    /* which trip counts each loop got (issue 12 B): a loop not driven to the wrap-around
     * counts limits "verified" to what was covered */
    vf_loopcover lc;
    bool driven = true;
    vf_argplan_loops(&plan, runs, n_explored, &lc);
    char *ld = vf_loopcover_describe(&lc, mod, &driven);
    if (lc.n) {
      rep.loops = ir_xcalloc(lc.n, sizeof *rep.loops);
      rep.n_loops = lc.n;
      for (uint32_t k = 0; k < lc.n; k++) {
        rep.loops[k].loc = sim_op_loc(mod, lc.loop[k].op);
        rep.loops[k].driven = lc.loop[k].driven;
        for (uint32_t j = 0; j < lc.loop[k].n_trips && j < 16; j++)
          if (lc.loop[k].trips[j] >= 0) rep.loops[k].trips[rep.loops[k].n_trips++] = lc.loop[k].trips[j];
      }
    }
    if (ld && !driven && all.verdict == VF_VERIFIED) rep.verified_for = ir_xstrdup(ld);
    else if (ld) cover_add(&rep.covered, "%s", ld);
    free(ld);
    /* chosen data (vf_fill.c): "verified" is for the fills checked only */
    char *fc = vf_argplan_fill_covered(&plan);
    if (fc) cover_add(&rep.covered, "%s", fc);
    limit_verified(&rep, all.verdict, "", fc);
    /* a guard side no run took (vf_argguard.c): said in the coverage line, and "verified"
     * is for the sides covered only */
    char *gaps = vf_argplan_gaps(&plan);
    if (gaps) cover_add(&rep.covered, "not covered: %s", gaps);
    limit_verified(&rep, all.verdict, "every argument guard side but ", gaps);
    /* partitions a later pass would split into concurrent warp groups (docs/nvws.md) */
    const ir_func *kf = ir_module_kernel(mod);
    if (kf && kf->op->n_regions && unsplit_partitions(kf->op->regions[0])) {
      static const char part[] = "the partitions annotated by ttg.partition / async_task_id in program order "
                                 "(a later pass splits them into concurrent warp groups; check its output "
                                 "for their interleavings)";
      cover_add(&rep.covered, "%s", part);
      limit_verified(&rep, all.verdict, "", ir_xstrdup(part));
    }
  }
  rep.bound = all.bound_hit ? ir_xstrdup(all.bound_why) : NULL;
  rep.states = all.st.states;
  rep.transitions = all.st.transitions;
  rep.runs = n_explored + n_probe_runs;
  rep.seconds = vf_now_s() - t0;
  rep.explore_seconds = all.st.seconds;
  rep.reduction = reduction;
  rep.peak_bytes = all.st.peak_bytes;
  rep.max_depth = all.st.max_depth;
  rep.with_stats = o.stats;
  if (o.stats && n_runs) {
    rep.run_states = ir_xcalloc(n_runs, sizeof *rep.run_states);
    rep.n_run_states = n_runs;
    memcpy(rep.run_states, run_states, n_runs * sizeof *run_states);
  }
  exit_code = all.verdict == VF_BUG ? VF_EXIT_BUG
              : all.verdict == VF_INCONCLUSIVE ? VF_EXIT_INCONCLUSIVE : VF_EXIT_OK;
  /* --symbolic (cli/cli_sym.c): run before the report so JSON / SARIF carry its section and
   * the combined verdict (the exit code's); text prints its section after the report */
  vf_sym_cli_opts symo = {.arg_names = o.r.arg_name, .arg_vals = o.r.arg_val, .n_args = o.r.n_arg,
                          .explore = &o.r.vf, .max_trip = o.r.max_trip, .format = o.r.format,
                          .quiet = o.r.quiet};
  if (o.symbolic) {
    symalign = vf_sym_cli_align(&plan, o.partial, found);
    symo.align = symalign;
    if (vf_sym_cli_run(mod, &plan, &symo, &symr)) {
      exit_code = VF_EXIT_INPUT;
      goto done;
    }
    exit_code = vf_sym_cli_exit(&symr, exit_code);
    if (strcmp(o.r.format, "text")) {
      if (vf_sym_cli_report(&symr, &rsym)) {
        fputs("tlx-verify: error: out of memory\n", stderr);
        exit_code = VF_EXIT_INPUT;
        goto done;
      }
      rep.sym = &rsym;
      rep.verdict = exit_code == VF_EXIT_BUG ? "bug"
                    : exit_code == VF_EXIT_INCONCLUSIVE ? "inconclusive" : "verified";
    }
  }
  if (!strcmp(o.r.format, "json")) tr_report_json(&rep, stdout);
  else if (!strcmp(o.r.format, "sarif")) tr_report_sarif(&rep, stdout);
  else tr_report_text(&rep, stdout, o.r.quiet);
  bool any_error = vf_result_errors(&all) > 0; /* sorted: bugs[0] is an error if any is */
  if (o.r.trace_out && any_error) {
    sim_machine *m = vf_argplan_machine_at(&plan, &probe, runs[all.bugs[0].run].combo,
                                           runs[all.bugs[0].run].pid, o.r.max_trip, &err);
    tr_err terr = {{0}};
    if (m && tr_chrome_write(m, all.bugs[0].path, all.bugs[0].n_path, &all.bugs[0].v, o.file,
                             o.r.trace_out, &terr))
      fprintf(stderr, "%s\n", terr.msg);
  }
  if (o.r.graph_out && n_runs) {
    const vf_bug *b = any_error ? &all.bugs[0] : NULL;
    uint32_t run = b ? b->run : 0;
    sim_machine *m = vf_argplan_machine_at(&plan, &probe, runs[run].combo, runs[run].pid, o.r.max_trip, &err);
    tr_err terr = {{0}};
    tr_sched rr = {0};
    tr_outcome oc;
    const sim_trans *steps = b ? b->path : NULL;
    uint32_t n = b ? b->n_path : 0;
    if (m && !b && !tr_sched_round_robin(m, 0, vf_check_race, &rr, &oc, &terr)) {
      steps = rr.steps;
      n = rr.n;
    }
    tr_graph_opts go = {.title = o.file, .mod = mod, .bug = b ? &b->v : NULL};
    if (m && steps && tr_graph_write(m, steps, n, &go, o.r.graph_out, &terr)) fprintf(stderr, "%s\n", terr.msg);
    tr_sched_free(&rr);
  }
  if (o.symbolic) {
    vf_sym_cli_print(&symr, &symo, stdout); /* text only */
    /* A counterexample the explicit run above did not cover: show its schedule, exactly as
     * `check` reports it with those arguments (issue 6: the confirming schedule is shown). */
    if (!strcmp(o.r.format, "text") && !any_error) show_confirmed(&o, &symr);
  }
  goto done;
input_error:
  fprintf(stderr, "%s\n", err.msg);
  exit_code = VF_EXIT_INPUT;
done:
  vf_grid_free(grid);
  tr_report_free(&rep);
  tr_rsym_free(&rsym);
  vf_sym_result_free(&symr);
  free(symalign);
  vf_result_free(&all);
  sim_machine_free(probe);
  if (plan.fn) vf_argplan_free(&plan);
  free_opts(&o);
  ir_module_free(mod);
  return exit_code;
}
