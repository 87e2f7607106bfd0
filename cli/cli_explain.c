/* cli_explain.c: `tlx-verify explain FILE --observed OBS`: why did it hang? Maps what a
 * stuck GPU showed (obs.h: cuda-gdb threads, a hang record, a ROCr dump or a hand-written
 * list) onto the model and searches the reachable states for one that matches
 * (vf_explain.h); reports it like check (root cause and schedule); else the halting bugs the
 * search met on the way (the model stops at them, the hardware runs past), those that fit the
 * observation first; else the closest states. `explain --how` prints how to collect the
 * observation. Exit: 1 a matching hang, or no matching state (the search finished) and a
 * halting bug that fits the observation; 5 no matching state nor such a bug; 3 bounds hit
 * before a match; 2 usage or input error. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "traces/traces.h"
#include "verify/vf_explain.h"
#include "verify/vf_run.h"
#include "ir/ir_alloc.h"

typedef struct xopts {
  const char *file, *observed;
  bool how;
  vf_cli_run r;                /* the options shared with explain / check (cli.h) */
} xopts;

static const char how_text[] =
    "# Collecting what a hung kernel shows, for tlx-verify explain --observed OBS\n"
    "#\n"
    "# 1. Live: attach cuda-gdb to the hung process and list its threads by PC with file and\n"
    "#    line (Triton emits line info unless TRITON_DISABLE_LINE_INFO=1 is set):\n"
    "cuda-gdb -p PID -batch -ex 'info cuda kernels' -ex 'info cuda threads' > obs.txt 2>&1\n"
    "#\n"
    "# 2. Offline: a user-triggered coredump of the running kernel, keeping shared memory (the\n"
    "#    mbarrier words live there; recipes that set skip_shared_memory in\n"
    "#    CUDA_COREDUMP_GENERATION_FLAGS lose them). Start the program with:\n"
    "export CUDA_ENABLE_USER_TRIGGERED_COREDUMP=1\n"
    "export CUDA_COREDUMP_PIPE=/tmp/cuda-coredump-pipe.%p\n"
    "export CUDA_COREDUMP_FILE=/tmp/cuda-core.%p\n"
    "export CUDA_COREDUMP_GENERATION_FLAGS='skip_nonrelocated_elf_images,skip_global_memory'\n"
    "python my_kernel.py &\n"
    "#    once it hangs, write the pipe (the dump is taken while the kernel keeps running):\n"
    "echo 1 > /tmp/cuda-coredump-pipe.$!\n"
    "#    then read the dump:\n"
    "cuda-gdb -batch -ex 'target cudacore /tmp/cuda-core.PID' -ex 'info cuda threads' > obs.txt 2>&1\n"
    "#    a barrier word, for a word= fact (its address from the shared-memory plan):\n"
    "#    cuda-gdb -batch -ex 'target cudacore ...' -ex 'print/x *(@shared unsigned long *)ADDR'\n"
    "#\n"
    "# 3. Then:\n"
    "tlx-verify explain KERNEL.ttgir --observed obs.txt --arg NAME=VALUE ...\n"
    "#    (the --arg values of the hung launch; without them explain tries check's defaults)\n";

static void free_opts(xopts *o) { vf_cli_run_free(&o->r); }

static int parse_args(int argc, char **argv, xopts *o) {
  memset(o, 0, sizeof *o);
  vf_cli_run_init(&o->r);
  vf_cli_args p;
  vf_cli_args_init(&p, "explain", argc, argv);
  while (vf_cli_next(&p)) {
    if (vf_cli_run_opt(&o->r, &p, UINT32_MAX - 1) || vf_cli_value(&p, "--observed", &o->observed)) {
    } else if (vf_cli_flag(&p, "--how")) {
      o->how = true;
    } else {
      vf_cli_input(&p, &o->file);
    }
  }
  if (p.rc || o->how) return p.rc;
  if (!o->file) return vf_cli_usage(&p, "no input file");
  if (!o->observed)
    return vf_cli_usage(&p, "--observed OBS is required (what the hung GPU showed; tlx-verify "
                            "explain --how says how to collect it)");
  return 0;
}

/* Binds the observation's agents to machine agents; -1 with err for an unknown name. */
static int bind(const obs *ob, sim_machine *m, vf_xgoal *g, char *err, size_t n) {
  memset(g, 0, sizeof *g);
  g->terminal = true;
  uint32_t na = sim_n_agents(m);
  for (uint32_t k = 0; k < ob->n_agents; k++) {
    const obs_agent *oa = &ob->agents[k];
    uint32_t a = 0;
    while (a < na && strcmp(sim_agent_name(m, a), oa->name)) a++;
    if (a == na) {
      char names[256] = "";
      for (uint32_t b = 0; b < na; b++) {
        size_t l = strlen(names);
        snprintf(names + l, sizeof names - l, "%s%s", b ? ", " : "", sim_agent_name(m, b));
      }
      return obs_error(ob, oa->pos, err, n, "the kernel has no partition '%s' (its partitions: %s)", oa->name, names);
    }
    g->want[a] = oa;
    g->n_want++;
    if (oa->what == OBS_RUNNING) g->terminal = false;
  }
  return 0;
}

/* "kernels.py:75" (the first line) or "exited" / "running" */
static void obs_where(const obs_agent *oa, char *buf, size_t n) {
  if (oa->what == OBS_EXITED) snprintf(buf, n, "exited");
  else if (oa->what == OBS_RUNNING) snprintf(buf, n, "running");
  else {
    size_t l = 0;
    buf[0] = 0;
    for (uint32_t k = 0; k < oa->n_lines && l + 2 < n; k++) {
      snprintf(buf + l, n - l, "%s%s:%u", k ? "|" : "", oa->lines[k].file ? oa->lines[k].file : "*", oa->lines[k].line);
      l = strlen(buf);
    }
  }
}

/* The model's position of agent a in st: "blocked at kernels.py:33:41 (wait ...)" */
static void model_where(sim_machine *m, const void *st, uint32_t a, char *buf, size_t n) {
  int s = sim_agent_status_of(m, st, a);
  if (s == SIM_AG_DONE || s == SIM_AG_IDLE) {
    snprintf(buf, n, s == SIM_AG_DONE ? "finished" : "idle");
    return;
  }
  ir_loc l = sim_ins_loc(m, sim_agent_pc(m, st, a));
  char why[200] = "";
  uint32_t who[4];
  sim_trans en[SIM_MAX_TRANS];
  int n_en = sim_enabled(m, st, en);
  bool blocked = true;
  for (int k = 0; k < n_en; k++)
    if (en[k].kind == SIM_TR_AGENT && en[k].who == a) blocked = false;
  if (blocked) sim_explain_blocked(m, st, a, why, sizeof why, who, 4);
  snprintf(buf, n, "%s at %s:%u:%u%s%s%s", blocked ? "blocked" : "running", l.file ? l.file : "?", l.line, l.col,
           why[0] ? " (" : "", why, why[0] ? ")" : "");
}

static void *replay_to(sim_machine *m, const vf_xpath *p) {
  void *st = ir_xcalloc(1, sim_state_size(m));
  sim_log log = {0};
  sim_init(m, st, &log);
  for (uint32_t k = 0; k < p->n; k++) sim_step(m, st, p->steps[k], &log);
  return st;
}

/* The violation a matching state shows: the deadlock analysis when it is stuck, else the
 * observed blocked agents' waits. */
static void state_viol(sim_machine *m, const void *st, const vf_xgoal *g, sim_viol *v, char *rel[SIM_MAX_REL]) {
  memset(v, 0, sizeof *v);
  for (int k = 0; k < SIM_MAX_REL; k++) rel[k] = NULL;
  sim_trans en[SIM_MAX_TRANS];
  if (!sim_enabled(m, st, en) && !sim_is_final(m, st)) {
    vf_deadlock_explain(m, st, v, rel);
    return;
  }
  v->kind = SIM_BUG_DEADLOCK;
  v->agent = 0xff;
  uint32_t who[4];
  for (uint32_t a = 0; a < sim_n_agents(m); a++) {
    if (!g->want[a] || g->want[a]->what != OBS_AT) continue;
    char why[240];
    sim_explain_blocked(m, st, a, why, sizeof why, who, 4);
    if (v->agent == 0xff) {
      v->agent = (uint8_t)a;
      v->ins = sim_agent_pc(m, st, a);
      snprintf(v->msg, sizeof v->msg, "the observed state: %s %s (other agents still run)", sim_agent_name(m, a), why);
    } else if (v->n_rel < SIM_MAX_REL) {
      char *t = ir_xmalloc(300, 1);
      if (t) snprintf(t, 300, "%s %s", sim_agent_name(m, a), why);
      rel[v->n_rel] = t;
      v->rel[v->n_rel++] = sim_agent_pc(m, st, a);
    }
  }
}

/* What a failed match points to, from what the search saw of each observed agent. */
static void points_to(sim_machine *m, const vf_xgoal *g, const vf_xresult *r, const void *close_st, json_t *arr,
                      FILE *out) {
  uint32_t na = sim_n_agents(m);
  bool any = false, each_blocks = true;
  for (uint32_t a = 0; a < na; a++) {
    const obs_agent *oa = g->want[a];
    if (!oa) continue;
    const vf_xseen *s = &r->seen[a];
    char where[160], text[600] = "";
    obs_where(oa, where, sizeof where);
    if (!s->matched) each_blocks = false;
    if (oa->what == OBS_AT && !s->has_op)
      snprintf(text, sizeof text, "%s: no op of the kernel is at %s: the observation and the IR disagree on "
               "source lines (another build of the kernel, or an op the model drops: a model gap)", oa->name, where);
    else if (oa->what == OBS_AT && !s->at_line)
      snprintf(text, sizeof text, "%s never reaches %s in any explored schedule: control that depends on "
               "data or on arguments (try the launch's --arg values), or a lowering bug that put the op there",
               oa->name, where);
    else if (oa->what == OBS_AT && !s->blocked_at_line)
      snprintf(text, sizeof text, "%s passes %s in every schedule (it never blocks there in the model): a "
               "lowering bug (the lowered wait uses another barrier or parity) or a model gap", oa->name, where);
    else if (!s->matched)
      snprintf(text, sizeof text, "%s blocks at %s, but never with the observed barrier facts (phase, "
               "parity, pending, tx): data-dependent iteration counts or a lowering bug", oa->name, where);
    else if (close_st) {
      bool at, bl;
      sim_trans en[SIM_MAX_TRANS];
      int n_en = sim_enabled(m, close_st, en);
      if (!vf_xagent_matches(m, close_st, a, oa, en, n_en, &at, &bl)) {
        char mw[300];
        model_where(m, close_st, a, mw, sizeof mw);
        snprintf(text, sizeof text, "%s (observed %s) is %s in the closest hang", oa->name, where, mw);
      }
    }
    if (!text[0]) continue;
    any = true;
    if (arr) json_array_append_new(arr, json_string(text));
    if (out) fprintf(out, "  - %s\n", text);
  }
  if (each_blocks) {
    const char *t = "each observed agent can be where it was seen, but no schedule puts them there together "
                    "(in a stuck state): data-dependent control (other --arg values), or a lowering bug";
    if (arr) json_array_append_new(arr, json_string(t));
    if (out) fprintf(out, "  - %s\n", t);
  } else if (!any && out) {
    fprintf(out, "  - no single agent explains it\n");
  }
}

static json_t *json_of_report(const tr_report *rep) {
  char *buf = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&buf, &len);
  if (!mem) return NULL;
  tr_report_json(rep, mem);
  fclose(mem);
  json_t *j = json_loads(buf, 0, NULL);
  free(buf);
  return j;
}

/* --trace-out / --graph-out: the schedule path[0..n) to the state that explains the hang
 * (the matching state, or a halting bug's step), as check writes a bug's. */
/* Prints {"explain": jx, "report": check's report of rep} (no report when rep is NULL) on
 * stdout; takes jx. */
static void print_json(json_t *jx, const tr_report *rep) {
  json_t *root = json_pack("{s:o}", "explain", jx);
  if (rep) {
    json_t *jr = json_of_report(rep);
    json_object_set_new(root, "report", jr ? jr : json_null());
  }
  json_dumpf(root, stdout, JSON_INDENT(2));
  putchar('\n');
  json_decref(root);
}

static void write_schedule(sim_machine *m, const ir_module *mod, const xopts *o, const sim_trans *path, uint32_t n,
                           const sim_viol *v) {
  tr_err terr = {{0}};
  if (o->r.trace_out && tr_chrome_write(m, path, n, v, o->file, o->r.trace_out, &terr)) fprintf(stderr, "%s\n", terr.msg);
  if (o->r.graph_out) {
    tr_graph_opts go = {.title = o->file, .mod = mod, .bug = v};
    if (tr_graph_write(m, path, n, &go, o->r.graph_out, &terr)) fprintf(stderr, "%s\n", terr.msg);
  }
}

/* The halting bugs the search met that fit the observation (vf_xresult.fit) as check reports
 * them: the run's arguments, schedules shortened. Returns 0 or -1 (err). */
static int fit_report(const vf_argplan *plan, uint32_t combo, uint32_t max_trip, vf_xresult *x, tr_report *rep,
                      sim_err *err) {
  vf_runspec run = {.combo = combo}; /* program 0, as the search ran (vf_xresult bugs: run 0) */
  sim_machine *mach = NULL; /* built by vf_cli_build_report for the run's replays */
  int rc = vf_cli_build_report(plan, &mach, &run, max_trip, &x->fit, rep, err);
  sim_machine_free(mach);
  return rc;
}

/* Text: the halting bugs met on the way; those that fit the observation with their schedules,
 * the others one line each. */
static void print_halts(sim_machine *m, const tr_report *fit, const vf_result *other, bool bound_hit) {
  if (fit->n_bugs) {
    bool many = fit->n_bugs > 1;
    if (!bound_hit)
      printf("explain: the model stops at %s on the way; the GPU ran past %s into the observed hang (its state "
             "after the bug is undefined in the model). %s the observation: from the state before %s, every "
             "observed partition can still get where it was seen:\n", many ? "these bugs" : "this bug",
             many ? "them" : "it", many ? "Each fits" : "It fits", many ? "each" : "it");
    else /* a matching state may lie past the bound */
      printf("explain: the model stops at %s on the way, and %s the observation (from the state before %s, "
             "every observed partition can still get where it was seen); the GPU may have run past %s into the "
             "observed hang, but the search stopped before it could rule out a reachable matching state:\n",
             many ? "these bugs" : "this bug", many ? "each fits" : "it fits", many ? "each" : "it",
             many ? "them" : "it");
    tr_report_text(fit, stdout, true);
  }
  if (other->n_bugs) {
    bool many = other->n_bugs > 1;
    printf("explain: the model %sstops at %s on the way, but %s not fit the observation (from the state before "
           "%s, some observed partition can no longer get where it was seen):\n", fit->n_bugs ? "also " : "",
           many ? "these bugs" : "this bug", many ? "they do" : "it does", many ? "each" : "it");
    for (uint32_t k = 0; k < other->n_bugs; k++) {
      const sim_viol *v = &other->bugs[k].v;
      ir_loc l = sim_ins_loc(m, v->ins);
      printf("  %s:%u:%u: %s: %s\n", l.file ? l.file : "?", l.line, l.col, sim_bug_kind_name((sim_bug_kind)v->kind),
             v->msg);
    }
  }
}

static json_t *json_halt(const char *kind, ir_loc l, const char *msg, bool fits) {
  return json_pack("{s:s, s:s, s:I, s:I, s:s, s:b}", "kind", kind, "file", l.file ? l.file : "", "line",
                   (json_int_t)l.line, "col", (json_int_t)l.col, "message", msg, "fits", fits);
}

/* JSON: every halting bug met, with whether it fits the observation. */
static json_t *json_halts(sim_machine *m, const tr_report *fit, const vf_result *other) {
  json_t *arr = json_array();
  for (uint32_t k = 0; k < fit->n_bugs; k++)
    json_array_append_new(arr, json_halt(fit->bugs[k].kind, fit->bugs[k].loc, fit->bugs[k].message, true));
  for (uint32_t k = 0; k < other->n_bugs; k++) {
    const sim_viol *v = &other->bugs[k].v;
    json_array_append_new(arr, json_halt(sim_bug_kind_name((sim_bug_kind)v->kind), sim_ins_loc(m, v->ins), v->msg, false));
  }
  return arr;
}

int vf_cmd_explain(int argc, char **argv) {
  xopts o;
  int rc = parse_args(argc, argv, &o);
  if (rc || o.how) {
    if (!rc) fputs(how_text, stdout);
    free_opts(&o);
    return rc;
  }
  ir_module *mod = vf_cli_read(o.file);
  if (!mod) {
    free_opts(&o);
    return VF_EXIT_INPUT;
  }
  char err[600];
  obs ob;
  sim_err serr = {{0}};
  vf_argplan plan = {0};
  sim_machine *probe = NULL, *m = NULL;
  vf_xresult best = {0};
  void *st = NULL;
  int exit_code = VF_EXIT_INPUT;
  bool have_obs = false;
  double t0 = vf_now_s();
  if (o.r.vf.time_limit > 0) o.r.vf.deadline = t0 + o.r.vf.time_limit;
  if (obs_read(o.observed, &ob, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    goto done;
  }
  have_obs = true;
  /* AMD: an observation names waves (wave5 ...), and the wave reduction runs two waves of each
   * class only (verifier.md §5): explain runs every wave, as --all-waves does */
  const char *tgt = ir_module_target(mod);
  if (tgt && !strncmp(tgt, "hip:", 4)) o.r.all_waves = true;
  probe = vf_cli_plan(&plan, mod, &o.r, &serr);
  if (!probe) goto sim_error;
  vf_argplan_guards(&plan, 1); /* check's runs: both sides of every argument guard */
  int32_t pid0[3] = {0, 0, 0};
  if (ob.n_warps) {
    uint32_t per = sim_n_agents(probe) / sim_n_ctas(probe);
    const char *names[SIM_MAX_AGENTS];
    for (uint32_t k = 0; k < per; k++) {
      const char *nm = sim_agent_name(probe, k);
      const char *dot = sim_n_ctas(probe) > 1 ? strchr(nm, '.') : NULL;
      names[k] = dot ? dot + 1 : nm;
    }
    if (obs_map_warps(&ob, mod, sim_n_ctas(probe), names, per, err, sizeof err)) {
      fprintf(stderr, "%s\n", err);
      goto done;
    }
  }
  vf_xgoal g;
  if (bind(&ob, probe, &g, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    goto done;
  }
  /* runs: the argument combinations (check's defaults when not given); the first match wins,
   * else the run with the closest state is reported */
  uint32_t combos = vf_argplan_combos(&plan), best_combo = 0;
  uint64_t states = 0;
  bool bound_hit = false;
  char bound_why[256] = "";
  for (uint32_t c = 0; c < combos && c < VF_MAX_RUNS; c++) {
    sim_machine *mc = vf_argplan_machine(&plan, c, pid0, o.r.max_trip, &serr);
    if (!mc) goto sim_error;
    vf_opts ro = o.r.vf;
    if (ro.max_states && states >= ro.max_states) break;
    if (ro.max_states) ro.max_states -= states;
    vf_xresult r;
    vf_explain_search(mc, &g, &ro, &r);
    states += r.states;
    if (r.bound_hit && !bound_hit) {
      bound_hit = true;
      snprintf(bound_why, sizeof bound_why, "%s", r.bound_why);
    }
    /* a match, else a halting bug that fits the observation, else the closest state */
    bool r_fit = r.fit.n_bugs > 0, b_fit = best.fit.n_bugs > 0;
    bool closer = r.n_close && (!best.n_close || r.close[0].score > best.close[0].score);
    bool better = !m || r.found || (!best.found && (r_fit > b_fit || (r_fit == b_fit && closer)));
    if (better) {
      vf_xresult_free(&best);
      best = r;
      sim_machine_free(m);
      m = mc;
      best_combo = c;
    } else {
      /* keep what each run saw of the agents */
      for (uint32_t a = 0; a < SIM_MAX_AGENTS; a++) {
        best.seen[a].at_line |= r.seen[a].at_line;
        best.seen[a].blocked_at_line |= r.seen[a].blocked_at_line;
        best.seen[a].matched |= r.seen[a].matched;
      }
      vf_xresult_free(&r);
      sim_machine_free(mc);
    }
    if (best.found) break;
  }
  char *args = vf_argplan_describe(&plan, best_combo, NULL);
  bool json = !strcmp(o.r.format, "json"), sarif = !strcmp(o.r.format, "sarif");
  json_t *jx = json_object();
  json_object_set_new(jx, "observation", json_string(o.observed));
  json_object_set_new(jx, "format", json_string(ob.format));
  json_t *jag = json_array();
  for (uint32_t k = 0; k < ob.n_agents; k++) {
    char where[160];
    obs_where(&ob.agents[k], where, sizeof where);
    json_array_append_new(jag, json_pack("{s:s, s:s}", "agent", ob.agents[k].name, "observed", where));
  }
  json_object_set_new(jx, "agents", jag);
  if (ob.notes[0]) json_object_set_new(jx, "notes", json_string(ob.notes));
  json_object_set_new(jx, "states", json_integer((json_int_t)states));
  json_object_set_new(jx, "reduction", json_boolean(best.reduced));
  if (args) json_object_set_new(jx, "args", json_string(args));
  tr_report rep = {0};
  rep.file = o.file;
  rep.states = states;
  rep.runs = 1;
  rep.seconds = vf_now_s() - t0;
  if (!o.r.quiet && !json && !sarif) {
    printf("explain: %s observation %s: ", ob.format, o.observed);
    for (uint32_t k = 0; k < ob.n_agents; k++) {
      char where[160];
      obs_where(&ob.agents[k], where, sizeof where);
      printf("%s%s %s", k ? ", " : "", ob.agents[k].name, where);
    }
    printf("\n");
    if (ob.notes[0]) printf("  note: %s\n", ob.notes);
  }
  if (best.found) {
    st = replay_to(m, &best.match);
    vf_bug b = {0};
    state_viol(m, st, &g, &b.v, b.rel_text);
    b.path = best.match.steps;
    b.n_path = best.match.n;
    tr_rbug rb = {0};
    vf_cli_report_bug(m, &b, &rb);
    rb.args = args;
    args = NULL;
    for (int k = 0; k < SIM_MAX_REL; k++) free(b.rel_text[k]);
    rep.bugs = &rb;
    rep.n_bugs = 1;
    rep.verdict = "bug";
    exit_code = VF_EXIT_BUG;
    json_object_set_new(jx, "matched", json_true());
    if (json) {
      print_json(jx, &rep);
      jx = NULL;
    } else if (sarif) {
      tr_report_sarif(&rep, stdout);
    } else {
      printf("explain: the observed state is reachable: a hang (%llu states searched%s); its root cause "
             "and a shortest schedule to it:\n", (unsigned long long)states, best.reduced ? ", reduced search" : "");
      tr_report_text(&rep, stdout, true);
    }
    write_schedule(m, mod, &o, b.path, b.n_path, &b.v);
    rep.bugs = NULL;
    rep.n_bugs = 0;
    tr_report r1 = {.bugs = &rb, .n_bugs = 1};
    (void)r1;
    free(rb.message);
    for (uint32_t k = 0; k < rb.n_related; k++) free(rb.related[k].message);
    free(rb.related);
    for (uint32_t k = 0; k < rb.n_trace; k++) free(rb.trace[k].action);
    free(rb.trace);
    free(rb.args);
    free(rb.names_owner);
  } else {
    /* no state matches: a halting bug met on the way that fits the observation explains it
     * (the hardware ran past the bug, the model stops there) */
    tr_report hfit = {0};
    if (fit_report(&plan, best_combo, o.r.max_trip, &best, &hfit, &serr)) {
      tr_report_free(&hfit);
      json_decref(jx);
      free(args);
      goto sim_error;
    }
    bool explained = hfit.n_bugs > 0 && !bound_hit; /* no state matches: the search finished */
    exit_code = explained ? VF_EXIT_BUG : bound_hit ? VF_EXIT_INCONCLUSIVE : VF_EXIT_NO_MATCH;
    json_object_set_new(jx, "matched", json_false());
    if (bound_hit) json_object_set_new(jx, "bound", json_string(bound_why));
    json_object_set_new(jx, "halting_bugs", json_halts(m, &hfit, &best.other));
    hfit.file = o.file;
    hfit.verdict = "bug";
    hfit.states = states;
    hfit.runs = 1;
    hfit.seconds = vf_now_s() - t0;
    if (explained) write_schedule(m, mod, &o, best.fit.bugs[0].path, best.fit.bugs[0].n_path, &best.fit.bugs[0].v);
    void *cst = best.n_close ? replay_to(m, &best.close[0]) : NULL;
    json_t *jc = json_array();
    for (uint32_t k = 0; k < best.n_close; k++) {
      void *s = k ? replay_to(m, &best.close[k]) : cst;
      json_t *one = json_object();
      json_object_set_new(one, "matching_agents", json_integer(best.close[k].score));
      json_object_set_new(one, "steps", json_integer(best.close[k].n));
      json_t *pos = json_object();
      for (uint32_t a = 0; a < sim_n_agents(m); a++) {
        char mw[300];
        model_where(m, s, a, mw, sizeof mw);
        json_object_set_new(pos, sim_agent_name(m, a), json_string(mw));
      }
      json_object_set_new(one, "agents", pos);
      json_array_append_new(jc, one);
      if (k) free(s);
    }
    json_object_set_new(jx, "closest", jc);
    json_t *jp = json_array();
    if (!json && !sarif) {
      print_halts(m, &hfit, &best.other, bound_hit);
      if (bound_hit)
        printf("explain: inconclusive: %s before a matching state was found (%llu states searched)\n", bound_why,
               (unsigned long long)states);
      else
        printf("explain: no reachable state matches the observation (%llu states searched%s%s%s)\n",
               (unsigned long long)states, best.reduced ? ", reduced search: every stuck state" : "",
               args ? ", " : "", args ? args : "");
      for (uint32_t k = 0; k < best.n_close && !explained; k++) {
        void *s = k ? replay_to(m, &best.close[k]) : cst;
        printf("  closest %s %u (%u of %u observed agents as seen, %u steps):", g.terminal ? "hang" : "state", k + 1,
               best.close[k].score, g.n_want, best.close[k].n);
        for (uint32_t a = 0; a < sim_n_agents(m); a++) {
          char mw[300];
          model_where(m, s, a, mw, sizeof mw);
          printf("\n    %s %s", sim_agent_name(m, a), mw);
        }
        printf("\n");
        if (k) free(s);
      }
      if (!explained) printf("  what that points to:\n");
      points_to(m, &g, &best, cst, jp, explained ? NULL : stdout);
    } else {
      points_to(m, &g, &best, cst, jp, NULL);
    }
    json_object_set_new(jx, "points_to", jp);
    free(cst);
    if (json) {
      /* explained: as in a match, check's report of the fitting bugs */
      print_json(jx, explained ? &hfit : NULL);
      jx = NULL;
    } else if (sarif && explained) {
      tr_report_sarif(&hfit, stdout);
    } else if (sarif) {
      /* one result: the observation the model cannot reach, at the first observed line */
      tr_rbug rb = {.kind = "no-matching-state"};
      char msg[700] = "no reachable state matches the observation";
      json_t *first = json_array_get(jp, 0);
      if (first) snprintf(msg, sizeof msg, "no reachable state matches the observation: %s", json_string_value(first));
      rb.message = msg;
      for (uint32_t k = 0; k < ob.n_agents && !rb.loc.line; k++)
        if (ob.agents[k].n_lines) rb.loc = (ir_loc){ob.agents[k].lines[0].file, ob.agents[k].lines[0].line, 1};
      rep.bugs = &rb;
      rep.n_bugs = 1;
      rep.verdict = bound_hit ? "inconclusive" : "bug";
      tr_report_sarif(&rep, stdout);
      rep.bugs = NULL;
      rep.n_bugs = 0;
    }
    tr_report_free(&hfit);
  }
  json_decref(jx);
  free(args);
  goto done;
sim_error:
  fprintf(stderr, "%s\n", serr.msg);
  exit_code = VF_EXIT_INPUT;
done:
  free(st);
  vf_xresult_free(&best);
  sim_machine_free(m);
  sim_machine_free(probe);
  if (plan.fn) vf_argplan_free(&plan);
  if (have_obs) obs_free(&ob);
  free_opts(&o);
  ir_module_free(mod);
  return exit_code;
}
