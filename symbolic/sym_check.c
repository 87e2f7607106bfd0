/* sym_check.c: the Z3 layer's entry points: vf_sym_check (the seven conditions) and argument
 * suggestions for the explicit explorer. What needs no Z3 (names, printing, freeing, the
 * confirmation loops) is in symbolic/result/, which the command links directly. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* ------------------------------------------------------------------ context */

static void ctx_open(sym_ctx *c, const ir_module *m, const vf_sym_opts *o) {
  /* every query opens a Z3 context of its own (sym_ctx.c qs_open): 38 of the 46 s of
   * tws_attention_inner_loop_kernel_100 were its contexts' fresh pages before (the command
   * sets it at start too; unit tests and fuzz targets come here first) */
  ir_heap_keep();
  memset(c, 0, sizeof *c);
  c->m = m;
  c->o = o;
  c->rlimit = o->rlimit ? o->rlimit : VF_SYM_DEFAULT_RLIMIT;
  c->deadline = o->time_limit > 0 ? sym_now_s() + o->time_limit : 0;
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "model", "true");
  c->z = Z3_mk_context(cfg); /* non-refcounted: every term lives until Z3_del_context */
  Z3_del_config(cfg);
  Z3_set_error_handler(c->z, NULL); /* errors are polled with sym_ok, never fatal */
  c->wide = Z3_mk_bv_sort(c->z, SYM_WIDE);
  c->bv1 = Z3_mk_bv_sort(c->z, 1);
}

static void ctx_close(sym_ctx *c) {
  for (uint32_t l = 0; l < c->n_loops; l++) {
    free(c->loops[l].carried_var);
    free(c->loops[l].closed);
    free(c->loops[l].final);
    free(c->loops[l].after);
    free(c->loops[l].after_ok);
    free(c->loops[l].range_n);
    free(c->loops[l].result_var);
    free(c->loops[l].closed_form);
  }
  for (uint32_t r = 0; r < c->n_rings; r++) free(c->rings[r].count);
  free(c->loops);
  free(c->rings);
  free(c->evs);
  free(c->untraced);
  free(c->unencoded);
  free(c->graph_pred);
  free(c->parts);
  free(c->stages);
  free(c->stage_default);
  free(c->unsupported_owned);
  free(c->views);
  free(c->firsts);
  free(c->qmemo);
  free(c->memo);
  free(c->taint);
  free(c->busy);
  free(c->argvar);
  free(c->divisibility);
  free(c->lag);
  free(c->edges);
  free(c->pad_member);
  free(c->pad_delayed);
  free(c->sib_thr);
  free(c->active);
  free(c->apart_waits);
  free(c->tile_twin);
  free(c->graph_condw);
  free(c->def_var);
  free(c->def_phi);
  free(c->def_lazy);
  free(c->prods);
  free(c->splits);
  free(c->prefixes);
  free(c->keyed);
  for (uint32_t k = 0; k < c->n_assume; k++) free(c->assume[k]);
  free(c->assume);
  free(c->lag_how);
  free(c->iter_carried);
  sym_cfg_close(c);
  sym_scratch_close(c);
  if (c->z) Z3_del_context(c->z);
}

static void copy_args(sym_ctx *c, uint32_t *n, const char ***names, bool **is_int) {
  *n = c->n_args;
  *names = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof **names);
  *is_int = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof **is_int);
  for (uint32_t a = 0; a < c->n_args; a++) {
    (*names)[a] = c->entry->args[a]->name ? c->entry->args[a]->name : "?";
    (*is_int)[a] = c->argvar[a] != NULL;
  }
}

/* ------------------------------------------------------------------ constraints text */

static void append(char **buf, size_t *len, const char *s) {
  size_t n = strlen(s);
  *buf = ir_xrealloc(*buf, *len + n + 1, 1);
  memcpy(*buf + *len, s, n + 1);
  *len += n;
}

/* The bounds the encoding assumes of the arguments (sym_assume), e.g. a flattened nest's trip
 * count below 2^38: a proof holds for the arguments satisfying them. */
static void assumptions_text(sym_ctx *c, char **s, size_t *len) {
  for (uint32_t k = 0; k < c->n_assume; k++) {
    append(s, len, k ? ", and " : ", assuming ");
    append(s, len, c->assume[k]);
  }
}

static char *constraints_text(sym_ctx *c, const bool *rel) {
  char *s = NULL, tmp[160];
  size_t len = 0;
  uint32_t nrel = 0, nwhile = 0;
  for (uint32_t a = 0; a < c->n_args; a++) nrel += rel[a];
  for (uint32_t l = 0; l < c->n_loops; l++) nwhile += c->loops[l].op && c->loops[l].op->code == IR_OP_SCF_WHILE;
  const char *wtext = nwhile ? "every trip count of its scf.while loop(s)" : "";
  const char *ltext = "every content of the memory the kernel loads into its control (read-only "
                      "inputs: one value per address; other loads: one unknown each)";
  if (!nrel) {
    if (nwhile || c->loaded_control) append(&s, &len, "for ");
    else append(&s, &len, "for the kernel's constant trip counts (no integer argument reaches the "
                          "pipeline's control)");
    append(&s, &len, wtext);
    if (c->loaded_control) append(&s, &len, nwhile ? ", and " : "");
    if (c->loaded_control) append(&s, &len, ltext);
    assumptions_text(c, &s, &len);
    return s;
  }
  append(&s, &len, "for all values of ");
  bool first = true;
  for (uint32_t a = 0; a < c->n_args; a++)
    if (rel[a]) {
      snprintf(tmp, sizeof tmp, "%s%s", first ? "" : ", ", c->entry->args[a]->name);
      append(&s, &len, tmp);
      first = false;
    }
  append(&s, &len, " satisfying ");
  first = true;
  for (uint32_t a = 0; a < c->n_args; a++) {
    if (!rel[a]) continue;
    const char *nm = c->entry->args[a]->name;
    bool fixed = false;
    for (uint32_t f = 0; f < c->o->n_fixed; f++)
      if (!strcmp(c->o->fixed_names[f], nm)) {
        snprintf(tmp, sizeof tmp, "%s%s == %lld", first ? "" : ", ", nm,
                 (long long)c->o->fixed_vals[f]);
        append(&s, &len, tmp);
        fixed = true;
      }
    if (fixed) { first = false; continue; }
    /* tt.divisibility, or the whole tiles the explicit verdict is limited to (sym.h align) */
    int64_t mult = sym_arg_mult(c, a);
    if (mult > 1) {
      snprintf(tmp, sizeof tmp, "%s%s %% %lld == 0%s", first ? "" : ", ", nm, (long long)mult,
               mult > c->divisibility[a] ? " (whole tiles, as the explicit check)" : "");
      append(&s, &len, tmp);
      first = false;
    }
    snprintf(tmp, sizeof tmp, "%s0 %s %s <= 2147483647", first ? "" : ", ", sym_arg_from_zero(c, a) ? "<=" : "<", nm);
    append(&s, &len, tmp);
    first = false;
  }
  if (c->pid[0] || c->pid[1] || c->pid[2]) append(&s, &len, ", and every program id");
  if (nwhile) {
    append(&s, &len, ", and ");
    append(&s, &len, wtext);
  }
  if (c->loaded_control) {
    append(&s, &len, ", and ");
    append(&s, &len, ltext);
  }
  assumptions_text(c, &s, &len);
  return s;
}

static void relevant_args(sym_ctx *c, bool *rel) {
  for (uint32_t l = 0; l < c->n_loops; l++) sym_mark_args(c, c->loops[l].trip, rel);
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    sym_mark_args(c, e->pred, rel);
    if (e->idx) sym_mark_args(c, e->idx, rel);
    if (e->phase) sym_mark_args(c, e->phase, rel);
  }
}

/* an iteration's context (sym_ring_fresh.c) lives like the kernel's */
void sym_ctx_open(sym_ctx *c, const ir_module *m, const vf_sym_opts *o) { ctx_open(c, m, o); }
void sym_ctx_close(sym_ctx *c) { ctx_close(c); }

/* ------------------------------------------------------------------ check */

/* The first cf.br / cf.cond_br (when branches), tt.call or ttng.subtiled_region of region r
 * (or of the regions nested in it), or NULL. */
static const ir_op *first_branch(const ir_region *r, bool branches) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_TT_CALL || op->code == IR_OP_TTNG_SUBTILED_REGION ||
          (branches && (op->code == IR_OP_CF_BR || op->code == IR_OP_CF_COND_BR)))
        return op;
      for (uint32_t k = 0; k < op->n_regions; k++) {
        const ir_op *x = first_branch(op->regions[k], true);
        if (x) return x;
      }
    }
  return NULL;
}

/* Control flow the encoding does not follow, or a call: the encoding follows scf loops and
 * ifs, and the forward branches between the blocks of the checked kernel's own body (an
 * early exit; sym_cfg.c) when it has no warp_specialize (whose parent ops before the fork and
 * after the join sym_build.c takes from one block). Refused: a call (a callee's waits and
 * arrivals would be missing, e.g. "nothing ever arrives" for an arrival inside it), a branch
 * in a nested region or in another function, blocks sym_cfg_refusal refuses, several blocks
 * around a warp_specialize, a ttng.subtiled_region (its tile body is replicated per tile;
 * sim_compile.c expands it, this layer does not). Then nothing is proved: every condition is
 * unknown, with the op. */
static bool unstructured(const sym_ctx *c, vf_sym_result *res) {
  const ir_module *m = c->m;
  const ir_region *body = c->fn->op->regions[0];
  const ir_op *br = NULL;
  const char *why = NULL;
  for (uint32_t f = 0; f < m->n_funcs && !br; f++)
    if (m->funcs[f]->op && m->funcs[f]->op->n_regions && m->funcs[f]->op->regions[0] != body)
      br = first_branch(m->funcs[f]->op->regions[0], true);
  if (!br) br = first_branch(body, false); /* a call, a subtiled region, or a branch in a nested region */
  if (br && br->code == IR_OP_TTNG_SUBTILED_REGION)
    why = "its tile body runs numTiles times with per-tile operands (lowerSubtiledRegion), which "
          "the encoding does not replicate";
  if (!br) br = sym_cfg_refusal(body, &why);
  if (!br && body->n_blocks > 1 && c->ws) {
    br = body->blocks[0]->last ? body->blocks[0]->last : c->ws;
    why = "branches between the blocks of a kernel with warp_specialize (its parent's ops are "
          "taken from one block)";
  }
  if (!br) return false;
  char tmp[512];
  bool call = br->code == IR_OP_TT_CALL;
  if (why)
    snprintf(tmp, sizeof tmp, "unstructured control flow (%s at %s:%u:%u): %s; the encoding follows "
             "scf loops and ifs, and forward branches of the kernel's own body",
             ir_ops[br->code].name, br->loc.file ? br->loc.file : "?", br->loc.line, br->loc.col, why);
  else
    snprintf(tmp, sizeof tmp, "%s (%s at %s:%u:%u): the encoding follows scf loops and ifs%s",
             call ? "a function call" : "unstructured control flow", ir_ops[br->code].name,
             br->loc.file ? br->loc.file : "?", br->loc.line, br->loc.col,
             call ? " of the kernel's own body only" : ", and forward branches of the kernel's own body");
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    res->cond[k].status = VF_SYM_UNKNOWN;
    res->cond[k].detail = sym_strdup(tmp);
  }
  res->constraints = sym_strdup(call ? "nothing encoded: the kernel calls a function"
                                      : "nothing encoded: the kernel has unstructured control flow");
  return true;
}

/* A kernel-wide structure the encoding does not number (c->unsupported: sym_stage.c): every
 * condition is unknown, with the reason. */
static bool refused(const sym_ctx *c, vf_sym_result *res) {
  if (!c->unsupported) return false;
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    res->cond[k].status = VF_SYM_UNKNOWN;
    res->cond[k].detail = sym_strdup(c->unsupported);
  }
  res->constraints = sym_fmt("nothing encoded: %s", c->unsupported);
  return true;
}

vf_sym_result vf_sym_check(const ir_module *m, const vf_sym_opts *o) {
  static const vf_sym_opts dflt = {0};
  vf_sym_result res;
  memset(&res, 0, sizeof res);
  double t0 = sym_now_s();
  if (!o) o = &dflt;
  sym_ctx c;
  ctx_open(&c, m, o);
  char *err = NULL;
  if (sym_build(&c, &err)) {
    res.rc = 2;
    res.error = err;
    ctx_close(&c);
    return res;
  }
  copy_args(&c, &res.n_args, &res.arg_names, &res.arg_is_int);
  if (unstructured(&c, &res) || refused(&c, &res)) {
    res.arg_relevant = ir_xcalloc(c.n_args ? c.n_args : 1, sizeof *res.arg_relevant);
    ctx_close(&c);
    res.seconds = sym_now_s() - t0;
    return res;
  }
  sym_debug_events(&c);
  double t_built = sym_now_s();
  void (*const vc[VF_SYM__NCOND])(sym_ctx *, vf_sym_condres *) = {
      sym_vc_phase, sym_vc_arrivals, sym_vc_bytes, sym_vc_bounds, sym_vc_backpressure,
      sym_vc_proxy, sym_vc_progress};
  /* TLXV_SYM_ONLY=NAME (a developer's aid, docs/symbolic.md §6): the other conditions are not
   * asked (unknown) */
  const char *only = getenv("TLXV_SYM_ONLY");
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    double t1 = sym_now_s();
    c.vc_undef = 0;
    if (only && *only && strcmp(only, vf_sym_cond_name((vf_sym_cond)k))) {
      sym_note_unknown(&res.cond[k], "not asked (TLXV_SYM_ONLY=%s)", only);
      sym_finish_cond(&res.cond[k], "");
      continue;
    }
    vc[k](&c, &res.cond[k]);
    res.cond[k].seconds = sym_now_s() - t1;
  }
  if (sym_debug_on()) {
    fprintf(stderr, "sym: build %.2f s", t_built - t0);
    for (int k = 0; k < VF_SYM__NCOND; k++)
      fprintf(stderr, ", %s %.2f s", vf_sym_cond_name((vf_sym_cond)k), res.cond[k].seconds);
    fprintf(stderr, "\n");
    sym_debug_summary();
  }
  res.arg_relevant = ir_xcalloc(c.n_args ? c.n_args : 1, sizeof *res.arg_relevant);
  relevant_args(&c, res.arg_relevant);
  res.constraints = constraints_text(&c, res.arg_relevant);
  sym_fresh_check(&c, &res); /* barriers allocated in a loop body, per iteration */
  res.n_loops = c.n_loops;
  res.n_invariants = c.n_invariants;
  ctx_close(&c);
  res.seconds = sym_now_s() - t0;
  return res;
}

/* ------------------------------------------------------------------ suggestions */

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

int vf_sym_suggest_args(const ir_module *m, const vf_sym_opts *o, vf_sym_suggestion *out) {
  static const vf_sym_opts dflt = {0};
  memset(out, 0, sizeof *out);
  if (!o) o = &dflt;
  sym_ctx c;
  ctx_open(&c, m, o);
  c.structure_only = true; /* trip counts and ring depths suffice */
  char *err = NULL;
  if (sym_build(&c, &err)) {
    out->error = err;
    ctx_close(&c);
    return 0;
  }
  copy_args(&c, &out->n_args, &out->arg_names, &out->arg_is_int);
  /* the loops holding ring ops (nested ones too), whose trip count the arguments decide */
  Z3_ast same = Z3_mk_true(c.z);
  Z3_ast trip = NULL;
  bool *used = ir_xcalloc(c.n_args ? c.n_args : 1, sizeof *used);
  bool *mark = ir_xcalloc(c.n_args ? c.n_args : 1, sizeof *mark);
  for (uint32_t l = 0; l < c.n_loops; l++) {
    bool ring_ops = false;
    for (uint32_t i = 0; i < c.n_evs && !ring_ops; i++)
      ring_ops = c.evs[i].loop == (int)l && c.evs[i].ring >= 0 &&
                 (c.evs[i].kind == SYM_EV_WAIT || c.evs[i].kind == SYM_EV_ARRIVE ||
                  c.evs[i].kind == SYM_EV_EXPECT || c.evs[i].kind == SYM_EV_TMA_LOAD);
    if (!ring_ops) continue;
    memset(mark, 0, (c.n_args ? c.n_args : 1) * sizeof *mark);
    sym_mark_args(&c, c.loops[l].trip, mark);
    bool dep = false;
    for (uint32_t a = 0; a < c.n_args; a++) dep |= mark[a], used[a] |= mark[a];
    if (!dep) continue;
    if (!trip) trip = c.loops[l].trip;
    else same = sym_and2(&c, same, sym_eq(&c, c.loops[l].trip, trip));
  }
  free(mark);
  if (!trip) {
    out->error = sym_strdup("no partition loop has a trip count that depends on the arguments");
    free(used);
    ctx_close(&c);
    return 0;
  }
  out->arg_relevant = used; /* ownership passes to the suggestion */
  used = NULL;
  int64_t targets[64];
  int nt = 0;
  targets[nt++] = 1;
  targets[nt++] = 2;
  for (uint32_t r = 0; r < c.n_rings && nt < 60; r++) {
    if (!c.rings[r].is_barrier) continue;
    int64_t s = c.rings[r].n;
    targets[nt++] = s;
    targets[nt++] = s + 1;
    targets[nt++] = 2 * s + 1;
  }
  qsort(targets, (size_t)nt, sizeof *targets, cmp_i64);
  out->sets = ir_xcalloc((size_t)nt, sizeof *out->sets);
  for (int k = 0; k < nt; k++) {
    if (k && targets[k] == targets[k - 1]) continue;
    /* the smallest trip count >= the target (a nest's flattened count may skip values) */
    int64_t *args = ir_xcalloc(c.n_args ? c.n_args : 1, sizeof *args), t, it;
    Z3_ast phi = sym_and2(&c, same, sym_sle(&c, sym_int(&c, targets[k]), trip));
    if (sym_cex(&c, phi, trip, NULL, NULL, 0, args, &t, &it, NULL) != Z3_L_TRUE || t < 0 ||
        (out->n_sets && out->sets[out->n_sets - 1].trip_count == t)) {
      free(args);
      continue;
    }
    out->sets[out->n_sets].trip_count = t;
    out->sets[out->n_sets++].args = args;
  }
  free(used);
  ctx_close(&c);
  return (int)out->n_sets;
}
