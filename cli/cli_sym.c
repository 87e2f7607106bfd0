/* cli_sym.c: the `--symbolic` step of the check command: the Z3 layer's conditions, their
 * counterexamples confirmed by the explicit explorer, and the combined verdict. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_sym.h"
#include "cli_symmatch.h"
#include "traces/tr_utf8.h"
#include "ir/ir_alloc.h"
#include "sim/sim_size.h"

/* One exploration per distinct argument vector and memory fill: its error bugs (explorer
 * order). */
typedef struct confirm_run_t {
  int64_t *args;                /* the violation's arguments (malloc'd copy) */
  bool has_fill;                /* the violation's read-only input contents (vf_sym_violation) */
  int64_t fill_a, fill_b;
  int rc;                       /* 0 explored, -1 the machine could not be built */
  vf_sym_bugsite *bugs;         /* malloc'd */
  uint32_t n_bugs;
} confirm_run_t;

typedef struct confirm_ctx {
  const vf_argplan *plan;
  const vf_sym_cli_opts *o;
  const bool *relevant;         /* the arguments the symbolic layer chose */
  uint32_t n_args;              /* of the symbolic result */
  confirm_run_t *runs;          /* malloc'd */
  uint32_t n_runs;
} confirm_ctx;

static int arg_width(const ir_value *v) {
  const ir_type *t = v->type;
  if (t && t->kind == IR_T_INDEX) return 64;
  return t && t->kind == IR_T_INT ? t->bits : 0;
}

/* Seconds one confirmation run may take (every program of the grid together). */
#define CONFIRM_SECONDS 20.0

/* One exploration with the counterexample's arguments (and its loaded memory, when the model
 * gave it as a fill); its error bugs into *out. */
static void explore_at(const ir_module *m, const int64_t *args, const confirm_ctx *cx,
                       confirm_run_t *out) {
  const vf_argplan *p = cx->plan;
  const ir_block *entry = p->fn->op->regions[0]->blocks[0];
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  uint32_t combo0 = 0;
  vf_argplan_bits(p, combo0, bits); /* the plan's first combination for everything else */
  for (uint32_t k = 0; k < p->n_args && k < entry->n_args; k++) {
    int w = arg_width(entry->args[k]);
    if (!cx->relevant[k] || !w) continue;
    uint64_t v = (uint64_t)args[k];
    bits[k] = w >= 64 ? v : v & ((UINT64_C(1) << w) - 1);
  }
  if (getenv("TLXV_SYM_MATCH_DEBUG")) {
    fprintf(stderr, "match: explore at");
    for (uint32_t k = 0; k < p->n_args; k++) fprintf(stderr, " %lld", (long long)args[k]);
    fprintf(stderr, "\n");
  }
  sim_opts so = {.mod = m, .fn = p->fn, .args = bits, .n_args = p->n_args,
                 .max_trip = cx->o->max_trip, .amd_all_waves = p->all_waves};
  for (int k = 0; k < 3; k++) so.grid[k] = p->grid[k];
  /* the violation names no program id (the layer's pid is free): where synchronization
   * depends on it, every program of the plan's grid (a causal kernel's KV loop has the
   * violation's trip count at some program only; its grid is chosen, vf_pidgrid.c), at most
   * VF_PID_GRID_MAX of them */
  sim_err err = {{0}};
  sim_machine *mach = sim_machine_new(&so, &err); /* program 0, re-targeted to the others */
  out->rc = mach ? 0 : -1;
  uint64_t npid = mach && sim_depends_on_pid(mach) ? sim_grid_programs(p->grid) : 1;
  if (npid > VF_PID_GRID_MAX) npid = VF_PID_GRID_MAX;
  for (uint64_t q = 0; q < npid && mach; q++) {
    if (q) {
      sim_grid_pid(p->grid, q, so.pid);
      sim_machine_set_run(mach, bits, p->n_args, so.pid, p->grid);
    }
    if (out->has_fill) sim_machine_set_fill(mach, out->fill_a, out->fill_b);
    vf_result res = {0};
    vf_opts vo = cx->o->explore ? *cx->o->explore : (vf_opts){0};
    /* a model at large arguments (its minimisation ran out: sfree-pre.bug's m=1153,
     * kt=364537) is explored within a budget of its own: beyond it the run is inconclusive,
     * the violation unconfirmed (a warning, exit 3), as the explorer's own limits make it */
    double until = vf_now_s() + CONFIRM_SECONDS;
    if (!vo.deadline || vo.deadline > until) vo.deadline = until;
    vf_explore(mach, &vo, &res);
    out->bugs = ir_xrealloc(out->bugs, out->n_bugs + res.n_bugs + 1, sizeof *out->bugs);
    for (uint32_t b = 0; b < res.n_bugs; b++) {
      const sim_viol *v = &res.bugs[b].v;
      if (v->severity != SIM_SEV_ERROR) continue; /* a warning confirms nothing */
      vf_sym_bugsite *x = &out->bugs[out->n_bugs++];
      memset(x, 0, sizeof *x);
      x->kind = v->kind;
      /* locations, not ops: the machine may own ops it made (it is freed below) */
      x->loc = sim_ins_loc(mach, v->ins);
      for (uint8_t k = 0; k < v->n_rel && k < SIM_MAX_REL; k++)
        x->rel[x->n_rel++] = sim_ins_loc(mach, v->rel[k]);
    }
    vf_result_free(&res);
  }
  sim_machine_free(mach);
  free(bits);
}

/* Is violation v of condition cond the explorer's bug at its arguments? 1 when some error of
 * a kind the condition accounts for names its op (cli_symmatch.c); 0 otherwise, with a note
 * naming the explorer's first error when there is one; -1 when the run could not start. */
static int confirm_run(const ir_module *m, vf_sym_cond cond, vf_sym_violation *v, void *vctx) {
  confirm_ctx *cx = vctx;
  confirm_run_t *run = NULL;
  for (uint32_t q = 0; q < cx->n_runs && !run; q++)
    if (!memcmp(cx->runs[q].args, v->args, cx->n_args * sizeof *v->args) &&
        cx->runs[q].has_fill == v->has_fill &&
        (!v->has_fill || (cx->runs[q].fill_a == v->fill_a && cx->runs[q].fill_b == v->fill_b)))
      run = &cx->runs[q];
  if (!run) {
    cx->runs = ir_xrealloc(cx->runs, cx->n_runs + 1, sizeof *cx->runs);
    run = &cx->runs[cx->n_runs++];
    memset(run, 0, sizeof *run);
    run->args = ir_xcalloc(cx->n_args + 1, sizeof *run->args);
    memcpy(run->args, v->args, cx->n_args * sizeof *v->args);
    run->has_fill = v->has_fill;
    run->fill_a = v->fill_a;
    run->fill_b = v->fill_b;
    explore_at(m, v->args, cx, run);
  }
  if (run->rc) return -1;
  if (getenv("TLXV_SYM_MATCH_DEBUG")) {
    char lb[256], bb[320];
    fprintf(stderr, "match: %s at %s:", vf_sym_cond_name(cond), ir_loc_str(v->loc, lb, sizeof lb));
    for (uint32_t b = 0; b < run->n_bugs; b++) {
      fprintf(stderr, " [%s", vf_sym_bugsite_text(m, &run->bugs[b], bb, sizeof bb));
      for (uint8_t k = 0; k < run->bugs[b].n_rel; k++)
        fprintf(stderr, " rel %s", ir_loc_str(run->bugs[b].rel[k], lb, sizeof lb));
      fprintf(stderr, "]");
    }
    fprintf(stderr, "\n");
  }
  for (uint32_t b = 0; b < run->n_bugs; b++)
    if (vf_sym_bug_matches(m, cond, v, &run->bugs[b])) return 1;
  if (run->n_bugs) {
    char bb[320], note[400];
    snprintf(note, sizeof note, "the explorer found %s instead",
             vf_sym_bugsite_text(m, &run->bugs[0], bb, sizeof bb));
    v->confirm_note = ir_xstrdup(note);
  }
  return 0;
}

static void confirm_free(confirm_ctx *cx) {
  for (uint32_t q = 0; q < cx->n_runs; q++) {
    free(cx->runs[q].args);
    free(cx->runs[q].bugs);
  }
  free(cx->runs);
}

/* Conditions neither proved nor violated. */
static uint32_t unknowns(const vf_sym_result *r) {
  uint32_t n = 0;
  for (int k = 0; k < VF_SYM__NCOND; k++) n += r->cond[k].status == VF_SYM_UNKNOWN;
  return n;
}

int vf_sym_cli_run(const ir_module *m, const vf_argplan *plan, const vf_sym_cli_opts *o,
                   vf_sym_result *r) {
  /* every integer argument is symbolic: --arg values only feed the explicit check and the
   * arguments a counterexample does not choose in its confirmation run */
  vf_sym_opts so = {.func = plan->fn ? plan->fn->name : NULL, .align = o->align};
  /* the arguments whose 0 the explicit check runs for a branch (an scf.if guard, not a loop's
   * zero trips): their proofs cover 0 too (sym.h zero_arg) */
  bool *zero = ir_xcalloc(plan->n_args + 1, sizeof *zero);
  bool any_zero = false;
  for (uint32_t i = 0; i < plan->n_guard_runs; i++) {
    if (!plan->guard_op[i] || plan->guard_op[i]->code == IR_OP_SCF_FOR) continue;
    if (plan->guard_val[i] == 0 && plan->guard_arg[i] < plan->n_args) any_zero = zero[plan->guard_arg[i]] = true;
    if (plan->guard_arg2[i] != UINT32_MAX && plan->guard_val2[i] == 0 && plan->guard_arg2[i] < plan->n_args)
      any_zero = zero[plan->guard_arg2[i]] = true;
  }
  so.zero_arg = zero;
  if (o->explore && o->explore->deadline > 0) {
    /* what the explicit runs left of --time-limit (a tiny budget once it is spent: unknown) */
    so.time_limit = o->explore->deadline - vf_now_s();
    if (so.time_limit < 1e-9) so.time_limit = 1e-9;
  }
  memset(r, 0, sizeof *r); /* freed by the caller whatever happens */
  const vf_sym_api *sym = vf_cli_symbolic("error: --symbolic");
  if (!sym) {
    free(zero);
    return VF_EXIT_INPUT;
  }
  *r = sym->check(m, &so);
  free(zero);
  if (any_zero && vf_sym_verdict(r) == 3) { /* unknown, none violated */
    /* a 0 the encoding cannot follow (a ring op after a loop of no trip: prefix-counter.ok):
     * the proofs from 1, as before session 31, when they settle more conditions (a violation
     * found with the 0 is kept: it may need the 0) */
    so.zero_arg = NULL;
    vf_sym_result r1 = sym->check(m, &so);
    if (!r1.rc && unknowns(&r1) < unknowns(r)) {
      vf_sym_result_free(r);
      *r = r1;
    } else {
      vf_sym_result_free(&r1);
    }
  }
  if (r->rc) {
    fprintf(stderr, "%s\n", r->error ? r->error : "tlx-verify: error: symbolic check failed");
    return VF_EXIT_INPUT;
  }
  confirm_ctx cx = {.plan = plan, .o = o, .relevant = r->arg_relevant, .n_args = r->n_args};
  if (plan->n_args == r->n_args) vf_sym_confirm_each(m, r, confirm_run, &cx);
  confirm_free(&cx);
  return 0;
}

int64_t *vf_sym_cli_align(const vf_argplan *plan, vf_partial_mode mode, const uint32_t *found) {
  int64_t *al = NULL;
  for (uint32_t i = 0; i < plan->n_aligned; i++) {
    uint32_t k = plan->aligned_arg[i];
    bool found_here = i < plan->n_probes && found[i];
    if (k >= plan->n_args || !(found_here || mode == VF_PARTIAL_OFF)) continue;
    if (!al) al = ir_xcalloc(plan->n_args, sizeof *al);
    al[k] = plan->align[k];
  }
  return al;
}

static void print_section(const vf_sym_result *r, const vf_sym_cli_opts *o, FILE *out) {
  bool text = !o->format || !strcmp(o->format, "text");
  if (text && o->quiet) {
    vf_sym_print_violations(r, out);
  } else if (text) {
    vf_sym_print(r, out);
    fprintf(out, "symbolic: %.3f s, %u loop%s, %u loop-carried value%s proved by induction\n",
            r->seconds, r->n_loops, r->n_loops == 1 ? "" : "s", r->n_invariants,
            r->n_invariants == 1 ? "" : "s");
  }
}

/* Composed in memory and written as valid UTF-8, as the text report (traces/tr_utf8.h). */
void vf_sym_cli_print(const vf_sym_result *r, const vf_sym_cli_opts *o, FILE *out) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  if (!mem) {
    print_section(r, o, out);
    return;
  }
  print_section(r, o, mem);
  if (fclose(mem) == 0) tr_fput_utf8(out, text, len);
  free(text);
}

int vf_sym_cli_exit(const vf_sym_result *r, int explicit_exit) {
  int rc = explicit_exit;
  bool confirmed = false, unconfirmed = false, unknown = false;
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    unknown |= r->cond[k].status == VF_SYM_UNKNOWN;
    for (uint32_t v = 0; v < r->cond[k].n_viol; v++) {
      /* the explorer found a bug at the counterexample's arguments: this violation's (1), or
       * another one (confirm_note): either is a bug of the kernel */
      if (r->cond[k].viol[v].confirmed == 1 || r->cond[k].viol[v].confirm_note) confirmed = true;
      else unconfirmed = true;
    }
  }
  if (rc == VF_EXIT_BUG || confirmed) rc = VF_EXIT_BUG;
  else if (unconfirmed || (unknown && rc == VF_EXIT_OK)) rc = VF_EXIT_INCONCLUSIVE;
  return rc;
}

/* What each condition proves (docs/symbolic.md section 2), for the SARIF rules. */
static const char *const cond_description[VF_SYM__NCOND] = {
    [VF_SYM_PHASE_AGREEMENT] = "every wait's parity is the parity of the phase it waits for, in "
                               "every iteration, for every argument value",
    [VF_SYM_ARRIVAL_BALANCE] = "every barrier phase that is waited for receives exactly its init "
                               "count of arrivals, and none receives more",
    [VF_SYM_BYTE_BALANCE] = "every phase's expected bytes (barrier_expect) equal the bytes its TMA "
                            "copies deliver",
    [VF_SYM_BOUNDS] = "every memdesc_index stays inside its allocation whenever its view is used",
    [VF_SYM_BACK_PRESSURE] = "no ring phase can complete before the waiters of the previous phase "
                             "passed, and every slot is released after its reads completed",
    [VF_SYM_PROXY_FENCE] = "every shared buffer written through the generic proxy is read by the "
                           "async proxy only after a fence.proxy.async of its writer",
    [VF_SYM_PROGRESS] = "no cycle of waits: no wait needs an arrival that comes, through other "
                        "threads' waits, only after it (no deadlock)",
};

int vf_sym_cli_report(const vf_sym_result *r, tr_rsym *out) {
  memset(out, 0, sizeof *out);
  int v = vf_sym_verdict(r);
  out->verdict = v == 1 ? "violated" : v == 3 ? "unknown" : "proved";
  out->constraints = r->constraints ? ir_xstrdup(r->constraints) : NULL;
  out->seconds = r->seconds;
  out->conds = ir_xcalloc(VF_SYM__NCOND, sizeof *out->conds); /* owned by out (tr_rsym_free) */
  if (!out->conds) return -1;
  out->n_conds = VF_SYM__NCOND;
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    const vf_sym_condres *c = &r->cond[k];
    tr_rsymcond *d = &out->conds[k];
    d->name = vf_sym_cond_name((vf_sym_cond)k);
    d->result = vf_sym_status_name(c->status);
    d->description = cond_description[k];
    d->instances = c->n_checked;
    d->detail = c->detail ? ir_xstrdup(c->detail) : NULL;
    d->viol = ir_xcalloc(c->n_viol + 1, sizeof *d->viol);
    if (!d->viol) return -1;
    d->n_viol = c->n_viol;
    for (uint32_t i = 0; i < c->n_viol; i++) {
      const vf_sym_violation *x = &c->viol[i];
      tr_rsymviol *y = &d->viol[i];
      char msg[1024];
      snprintf(msg, sizeof msg, "%s%s%s%s%s%s", x->partition ? x->partition : "",
               x->partition ? ": " : "", x->message ? x->message : "violated",
               x->confirm_note ? " (not confirmed: " : "", x->confirm_note ? x->confirm_note : "",
               x->confirm_note ? ")" : "");
      y->message = ir_xstrdup(msg);
      y->loc = x->loc;
      y->trip_count = x->trip_count;
      y->iteration = x->iteration;
      y->has_fill = x->has_fill;
      y->fill_a = x->fill_a;
      y->fill_b = x->fill_b;
      y->confirmed = x->confirmed;
      /* the counterexample: the integer arguments the layer chose (the text report's list) */
      y->arg_names = ir_xcalloc(r->n_args + 1, sizeof *y->arg_names);
      y->arg_vals = ir_xcalloc(r->n_args + 1, sizeof *y->arg_vals);
      if (!y->message || !y->arg_names || !y->arg_vals) return -1;
      for (uint32_t a = 0; a < r->n_args; a++)
        if (r->arg_is_int[a] && r->arg_relevant && r->arg_relevant[a] && x->args) {
          y->arg_names[y->n_args] = r->arg_names[a];
          y->arg_vals[y->n_args++] = x->args[a];
        }
    }
  }
  return 0;
}

int vf_sym_cli(const ir_module *m, const vf_argplan *plan, const vf_sym_cli_opts *o, FILE *out,
               int explicit_exit) {
  vf_sym_result r;
  int rc = vf_sym_cli_run(m, plan, o, &r);
  if (!rc) {
    vf_sym_cli_print(&r, o, out);
    rc = vf_sym_cli_exit(&r, explicit_exit);
  }
  vf_sym_result_free(&r);
  return rc;
}
