/* sym_ring_fresh.c: barriers allocated (and initialised) in a loop's body. Every iteration of
 * that loop makes a fresh instance, its phase back at 0 (semantics.md §1.2, init), while the
 * kernel's sequence numbers count a ring's rounds across iterations: the kernel's context
 * leaves such a ring to an iteration's context, whose one partition is the loop's body run for
 * one symbolic iteration (any iteration of the loop's range, its carried values free), where
 * the ring is allocated at the top and its rounds count from 0 in the iteration
 * (docs/symbolic.md §1, "Barriers allocated in a loop"). The instance is the iteration's own
 * when no view of it leaves the iteration: a value defined in the body reaches later
 * iterations only through the loop's scf.yield, which must carry no view of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"
#include "sim/sim.h" /* sim_op_loc */

/* The innermost scf.for / scf.while enclosing op, or NULL. */
static const ir_op *enclosing_loop(const ir_op *op) {
  for (const ir_op *o = op; o;) {
    const ir_block *b = o->parent;
    o = b && b->parent ? b->parent->parent : NULL;
    if (o && sym_is_loop(o)) return o;
  }
  return NULL;
}

/* op is (strictly) inside region op `outer`. */
static bool inside(const ir_op *op, const ir_op *outer) {
  for (const ir_op *o = op; o;) {
    const ir_block *b = o->parent;
    o = b && b->parent ? b->parent->parent : NULL;
    if (o == outer) return true;
  }
  return false;
}

/* The body block whose one run is an iteration of loop O: an scf.for's single block, or an
 * scf.while's "do" block when its condition region only computes (arithmetic and the
 * scf.condition: nothing in it synchronizes or touches memory, so an iteration is the do
 * block alone); NULL otherwise. */
const ir_block *sym_fresh_body(const ir_op *O) {
  if (O->code == IR_OP_SCF_FOR)
    return O->n_operands >= 3 && O->n_regions && O->regions[0]->n_blocks == 1
               ? O->regions[0]->blocks[0]
               : NULL;
  if (O->code != IR_OP_SCF_WHILE || O->n_regions != 2 || O->regions[0]->n_blocks != 1 ||
      O->regions[1]->n_blocks != 1)
    return NULL;
  for (const ir_op *op = O->regions[0]->blocks[0]->first; op; op = op->next)
    if (op->code != IR_OP_SCF_CONDITION &&
        (ir_ops[op->code].cls != IR_C_SCALAR || op->n_regions))
      return NULL;
  return O->regions[1]->blocks[0];
}

/* The loop whose iterations each make a fresh instance of barrier allocation a that the
 * encoding can check per iteration; NULL (*why set) when a is in a loop the rule does not
 * cover, or (why NULL) in none. */
static const ir_op *fresh_loop(const ir_op *a, const char **why) {
  *why = NULL;
  const ir_op *O = enclosing_loop(a);
  if (!O) return NULL;
  const ir_block *body = sym_fresh_body(O);
  if (!body) {
    *why = "barrier allocated in the body of a loop whose iteration is not checked on its own "
           "(an scf.for without a constant-step range, an scf.while whose condition region does "
           "more than arithmetic, or a body of several blocks)";
    return NULL;
  }
  if (a->parent != body) {
    *why = "barrier allocated under a region op of a loop body (a fresh barrier whenever it "
           "runs): only allocations directly in a loop's body are checked per iteration";
    return NULL;
  }
  if (ir_op_holds(O, IR_OP_TTG_WARP_SPECIALIZE)) {
    *why = "barrier allocated in a loop body holding a warp_specialize: not checked per "
           "iteration";
    return NULL;
  }
  /* the instance must not reach the next iteration: no view of it (or of anything not traced
   * to another allocation) among the values the body yields */
  const ir_op *y = body->last;
  for (uint32_t k = 0; y && y->code == IR_OP_SCF_YIELD && k < y->n_operands; k++) {
    const ir_value *v = y->operands[k];
    if (!v->type || v->type->kind != IR_T_MEMDESC) continue;
    const ir_op *o = ir_view_origin(v, IR_VIEW_ALL | IR_VIEW_CAPTURES | IR_VIEW_LOOP_INIT, NULL, NULL);
    if (!o || o == a) {
      *why = "barrier allocated in a loop body whose scf.yield carries a view of it (or one not "
             "traced to another allocation) to the next iteration: the instance is not the "
             "iteration's own";
      return NULL;
    }
  }
  *why = NULL;
  return O;
}

const ir_op *sym_fresh_ring_loop(const sym_ctx *c, int ring) {
  const char *why;
  if (ring < 0 || !c->rings[ring].is_barrier || !c->rings[ring].alloc) return NULL;
  return fresh_loop(c->rings[ring].alloc, &why);
}

const char *sym_fresh_why(sym_ctx *c, sym_ring *R) {
  if (!R->is_barrier) return NULL;
  const ir_op *a = R->alloc;
  if (c->iter_loop) { /* an iteration's context */
    if (!inside(a, c->iter_loop)) {
      R->elsewhere = true;
      return "a barrier allocated outside the loop whose iteration this context checks "
             "(decided by the kernel's context)";
    }
    const char *why;
    return fresh_loop(a, &why) == c->iter_loop ? NULL : why;
  }
  const char *why;
  if (!fresh_loop(a, &why)) return why;
  R->elsewhere = true;
  return "barrier allocated in a loop body (a fresh barrier, phase 0, in every iteration): its "
         "rounds are numbered per iteration (sym_ring_fresh.c), not across iterations";
}

/* The one allocation every value view v may be is a view of (its initial and yielded values
 * through scf.for arguments and results, and view ops), or NULL. */
static const ir_op *web_alloc(const ir_value *v) {
  enum { MAX = 64 };
  const ir_value *work[MAX];
  uint32_t n = 0, steps = 0;
  const ir_op *a = NULL;
  work[n++] = v;
  while (n) {
    if (++steps > MAX) return NULL; /* a larger web (or a cycle of yields): not traced */
    const ir_value *w = ir_view_follow(work[--n], IR_VIEW_ALL | IR_VIEW_CAPTURES);
    if (!w) return NULL;
    const ir_op *o = w->def;
    if (o && o->code == IR_OP_TTG_LOCAL_ALLOC) {
      if (a && a != o) return NULL;
      a = o;
      continue;
    }
    const ir_value *arg = w, *src[2];
    if (o && o->code == IR_OP_SCF_FOR && w->result_idx >= 0)
      arg = sym_carried_arg(o, (uint32_t)w->result_idx);
    else if (o)
      return NULL;
    if (!arg || ir_view_sources(arg, IR_VIEW_LOOP_INIT | IR_VIEW_LOOP_YIELD, src) != 2 ||
        n + 2 > MAX)
      return NULL;
    work[n++] = src[0];
    work[n++] = src[1];
  }
  return a;
}

void sym_fresh_mark(sym_ctx *c) {
  /* buffers, for (b) - (d) of back-pressure: in the kernel's context those allocated in the
   * body of a loop that allocates a fresh barrier (the iteration's context checks them with
   * that barrier), in an iteration's context those allocated outside its loop */
  for (uint32_t r = 0; r < c->n_rings; r++) {
    sym_ring *R = &c->rings[r];
    const char *why;
    if (R->is_barrier) {
      /* a fresh barrier is the other context's whatever else keeps its events out of this one
       * (a ring in a nested loop: assign_main_loops), so that context is run for it */
      (void)sym_fresh_why(c, R);
      continue;
    }
    if (c->iter_loop) {
      R->elsewhere = !inside(R->alloc, c->iter_loop);
      continue;
    }
    const ir_op *O = fresh_loop(R->alloc, &why);
    for (uint32_t b = 0; O && b < c->n_rings && !R->elsewhere; b++)
      R->elsewhere = c->rings[b].is_barrier && fresh_loop(c->rings[b].alloc, &why) == O;
  }
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (e->ring >= 0 || !e->op->n_operands ||
        !((e->kind == SYM_EV_WAIT && e->op->code == IR_OP_TTNG_WAIT_BARRIER) ||
          (e->kind == SYM_EV_ARRIVE && e->op->code == IR_OP_TTNG_ARRIVE_BARRIER)))
      continue;
    const ir_op *a = web_alloc(e->op->operands[0]);
    for (uint32_t r = 0; a && r < c->n_rings; r++) {
      sym_ring *R = &c->rings[r];
      if (R->alloc != a || !R->is_barrier) continue;
      const char *why = sym_fresh_why(c, R);
      if (R->elsewhere) { /* decided by the other context: this one skips it */
        e->ring = (int)r;
        e->unsupported = why;
      }
      break;
    }
  }
}

/* ------------------------------------------------------------------ an iteration's context */

void sym_fresh_parts(sym_ctx *c) {
  const ir_op *O = c->iter_loop;
  int keep = -1;
  for (uint32_t p = 0; p < c->n_parts && keep < 0; p++)
    for (const ir_op *o = O; o && keep < 0;) {
      const ir_block *b = o->parent;
      if (b && b->parent == c->parts[p].region) keep = (int)p;
      o = b && b->parent ? b->parent->parent : NULL;
    }
  if (keep < 0) {
    c->unsupported = "the loop is in no partition";
    return;
  }
  sym_part P = c->parts[keep];
  const ir_block *body = sym_fresh_body(O);
  if (!body) {
    c->unsupported = "the loop allocating the barrier has no body the encoding runs alone";
    return;
  }
  P.region = body->parent;
  c->parts[0] = P;
  c->n_parts = 1;
  c->ws = NULL; /* no parent ops before a fork or after a join: the body is the whole program */
  c->n_stages = 0;
  /* '@' keeps the names apart from the kernel's arguments (constants named after them) and from
   * havoc values ('?', sym_keyed_only): they are the context's inputs, every value covered */
  c->iter_it = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, "@tile"), c->wide);
  Z3_ast trip = NULL;
  if (O->code == IR_OP_SCF_FOR) {
    /* the iteration: 0 <= it < trip, in a width where ub - lb + step - 1 cannot wrap */
    Z3_ast lb = sym_eval(c, O->operands[0]), ub = sym_eval(c, O->operands[1]),
           st = sym_eval(c, O->operands[2]);
    int64_t stv = 0;
    if (!lb || !ub || !st || !sym_numeral(c, st, &stv) || stv <= 0 ||
        sym_width(c, lb) + 2 > SYM_WIDE || sym_width(c, ub) + 2 > SYM_WIDE) {
      c->unsupported = "the loop allocating the barrier has bounds outside the encoding (not "
                       "integers of at most 38 bits, or a step that is not a positive constant)";
      return;
    }
    Z3_ast lbw = sym_wide(c, lb, true), ubw = sym_wide(c, ub, true);
    Z3_ast span = sym_add(c, sym_sub(c, ubw, lbw), sym_int(c, stv - 1));
    trip = sym_ite(c, sym_slt(c, lbw, ubw), Z3_mk_bvsdiv(c->z, span, sym_int(c, stv)),
                   sym_int(c, 0));
  }
  /* an scf.while's trip count is free: any iteration, its arguments free */
  Z3_ast in = sym_sle(c, sym_int(c, 0), c->iter_it);
  if (trip) in = sym_and2(c, in, sym_slt(c, c->iter_it, trip));
  c->facts = sym_and2(c, c->facts, in);
  /* an scf.for's block arguments are its iv and then the carried values */
  uint32_t skip = O->code == IR_OP_SCF_FOR ? 1 : 0;
  c->n_iter_carried = body->n_args > skip ? body->n_args - skip : 0;
  c->iter_carried = ir_xcalloc(c->n_iter_carried ? c->n_iter_carried : 1, sizeof *c->iter_carried);
  for (uint32_t k = 0; k < c->n_iter_carried; k++) {
    int w = sym_value_width(body->args[k + skip]->type);
    if (!w) continue;
    char name[48];
    snprintf(name, sizeof name, "@carried%u", k);
    c->iter_carried[k] = Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name),
                                     Z3_mk_bv_sort(c->z, (unsigned)w));
  }
  sym_forget(c);
}

Z3_ast sym_fresh_iter_arg(sym_ctx *c, const ir_value *v, unsigned w) {
  const ir_op *O = c->iter_loop;
  if (O->code == IR_OP_SCF_FOR && v->arg_idx == 0) { /* iv = lb + step * it */
    Z3_ast lb = sym_eval(c, O->operands[0]), st = sym_eval(c, O->operands[2]);
    if (!lb || !st) return NULL;
    Z3_ast iv = sym_add(c, sym_wide(c, lb, true), sym_mul(c, sym_wide(c, st, true), c->iter_it));
    return sym_resize(c, iv, w, true);
  }
  /* an scf.while's condition region is not run in the context: only the body's arguments */
  if (O->code == IR_OP_SCF_WHILE && v->block != sym_fresh_body(O)) return NULL;
  uint32_t k = O->code == IR_OP_SCF_FOR ? v->arg_idx - 1 : v->arg_idx;
  return k < c->n_iter_carried ? c->iter_carried[k] : NULL;
}

Z3_ast sym_fresh_outer_arg(sym_ctx *c, const ir_value *v, unsigned w) {
  if (!c->iter_loop || !v->block || !v->block->parent || !v->block->parent->parent ||
      !inside(c->iter_loop, v->block->parent->parent) || !w)
    return NULL;
  char name[48];
  snprintf(name, sizeof name, "@outer%u_%u", v->id, w);
  return Z3_mk_const(c->z, Z3_mk_string_symbol(c->z, name), Z3_mk_bv_sort(c->z, w));
}

/* ------------------------------------------------------------------ quiescence */

/* The per-iteration argument needs each iteration to end with nothing in flight on what it
 * allocated: the next iteration re-initialises the barriers (an arrival still in flight would
 * land on the new instance) and reuses the buffers (an engine still reading or writing one
 * races with the new iteration's ops). An asynchronous arrival (TMA bytes, a tcgen05 commit or
 * an MMA's barrier) is complete once a wait of the iteration observed its phase: a wait after
 * it in program order for the same sequence number (same slot, same round). */

/* Bool: wait w, with lag `lag`, observes the phase that producer p completes at p's
 * sequence number s, after p (p at its own counter). */
static Z3_ast observes(sym_ctx *c, const sym_event *p, const sym_event *w, int lag, Z3_ast s) {
  int64_t n = c->rings[w->ring].n;
  Z3_ast m = sym_add(c, s, sym_int(c, (int64_t)lag * n));
  Z3_ast f = sym_fires(c, w, m);
  if (w->loop < 0 || p->loop < 0) /* one straight-line op: program order of the two ops */
    return w->pos > p->pos ? f : Z3_mk_false(c->z);
  if (w->loop != p->loop) return Z3_mk_false(c->z); /* not followed: counted as unobserved */
  Z3_ast jw = sym_iter_of_seq(c, w, m), ip = c->loops[p->loop].it;
  Z3_ast later = sym_slt(c, ip, jw);
  if (w->pos > p->pos) later = sym_or2(c, later, sym_eq(c, ip, jw));
  return sym_and2(c, f, later);
}

static bool async_arrival(const sym_event *e) {
  return e->kind == SYM_EV_TMA_LOAD ||
         (e->kind == SYM_EV_ARRIVE && e->op->code != IR_OP_TTNG_ARRIVE_BARRIER);
}

/* Each fresh barrier: every asynchronous arrival on it observed within the iteration, else
 * the ring is irregular (all its conditions unknown). */
static void quiet_barriers(sym_ctx *c) {
  for (uint32_t r = 0; r < c->n_rings; r++) {
    sym_ring *R = &c->rings[r];
    if (!R->is_barrier || R->elsewhere) continue;
    for (uint32_t i = 0; i < c->n_evs && !R->irregular; i++) {
      const sym_event *p = &c->evs[i];
      if (p->ring != (int)r || !async_arrival(p) || p->unsupported || !p->has_seq) continue;
      sym_debug_what(c, "fresh ring %s: arrival ev %u observed", R->name, i);
      Z3_ast s = sym_seq_term(c, p), seen = Z3_mk_false(c->z);
      for (uint32_t j = 0; j < c->n_evs; j++) {
        const sym_event *w = &c->evs[j];
        if (w->kind != SYM_EV_WAIT || w->ring != (int)r || w->unsupported || !w->has_seq) continue;
        const char *how;
        int lag = sym_wait_lag(c, (int)j, &how);
        if (lag >= 0) seen = sym_or2(c, seen, observes(c, p, w, lag, s));
      }
      Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, p), p->pred), sym_not(c, seen));
      if (sym_sat(c, phi) != Z3_L_FALSE) {
        R->irregular = true;
        R->why = "an asynchronous arrival on it (TMA bytes, a tcgen05 commit) is not observed by "
                 "a wait of the iteration: it may still be in flight when the next iteration "
                 "re-initialises the barrier";
      }
    }
    /* not shown quiet (or irregular before): every condition on the ring unknown */
    for (uint32_t j = 0; j < c->n_evs && R->irregular; j++)
      if (c->evs[j].ring == (int)r && !c->evs[j].unsupported) c->evs[j].unsupported = R->why;
  }
}

/* The buffers allocated in the iteration: every asynchronous access retired within it. A
 * tcgen05 access is when a commit after it (its own op's barrier arrival, or a later commit of
 * its thread in its iteration or after its loop; §4.4) fires whenever it does, on a fresh
 * barrier whose arrivals are all observed (quiet_barriers); a TMA load's write when its
 * barrier is such a barrier; a TMA store's or async wgmma's read when a group wait
 * {pendings = 0} of its thread follows it unconditionally. NULL, or why not. */
static const char *quiet_buffers(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *a = &c->evs[i];
    int b = a->kind == SYM_EV_TMA_LOAD ? a->buf_ring
            : (a->kind == SYM_EV_ASYNC_READ || a->kind == SYM_EV_ASYNC_WRITE) ? a->ring : -1;
    if (b < 0 || c->rings[b].elsewhere) continue;
    if (a->kind == SYM_EV_TMA_LOAD) {
      if (a->ring < 0 || c->rings[a->ring].elsewhere || c->rings[a->ring].irregular)
        return "a TMA load into a buffer allocated in the loop body on a barrier whose arrivals "
               "are not all observed within the iteration";
      continue;
    }
    if (a->group != SYM_G_TC05) { /* a group wait {pendings = 0} of the thread after it that
                                    * always runs retires it (and every earlier group) */
      bool ok = false;
      for (uint32_t j = 0; j < c->n_evs && !ok; j++) {
        const sym_event *x = &c->evs[j];
        ok = x->kind == SYM_EV_ASYNC_WAIT && x->group == a->group && x->pendings == 0 &&
             x->loop < 0 && x->pos > a->pos && x->part == a->part && sym_is_true(c, x->pred) &&
             !x->unsupported;
      }
      if (!ok)
        return "an asynchronous read (TMA store, async wgmma) of a buffer allocated in the loop "
               "body without a group wait {pendings = 0} after it in the iteration";
      continue;
    }
    bool ok = false;
    for (uint32_t j = 0; j < c->n_evs && !ok; j++) {
      const sym_event *x = &c->evs[j];
      /* a commit after it (its own op's barrier, or a later commit of the thread in its
       * iteration or after its loop): arrives once every earlier tcgen05 op completed */
      bool later = x->op == a->op || (x->pos > a->pos && (x->loop == a->loop || x->loop < 0));
      if (!sym_is_commit(x) || !later || x->part != a->part || x->ring < 0 ||
          c->rings[x->ring].elsewhere || c->rings[x->ring].irregular || !x->has_seq ||
          x->unsupported)
        continue;
      sym_debug_what(c, "fresh buffer: tcgen05 access ev %u retired by ev %u", i, j);
      Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, a), a->pred), sym_not(c, x->pred));
      ok = sym_sat(c, phi) == Z3_L_FALSE;
    }
    if (!ok)
      return "a tcgen05 access of a buffer allocated in the loop body with no commit after it on "
             "a barrier of the iteration whose arrivals are all observed: it may still be in "
             "flight when the next iteration reuses the buffer";
  }
  return NULL;
}

/* ------------------------------------------------------------------ the check */

/* The conditions an iteration's context decides for its fresh barriers: those of one ring at
 * a time, back-pressure (a) and (b) (waits and releases of a ring), and progress (a cycle
 * through a fresh barrier's wait is that wait alone: its producers are its thread's). */
static const vf_sym_cond per_ring[] = {VF_SYM_PHASE_AGREEMENT, VF_SYM_ARRIVAL_BALANCE,
                                       VF_SYM_BYTE_BALANCE, VF_SYM_BACK_PRESSURE,
                                       VF_SYM_PROGRESS};
#define N_PER_RING (sizeof per_ring / sizeof *per_ring)

/* Adds sub (the iteration's result of one condition) to r (the kernel's), where loc names the
 * loop. */
static void merge(vf_sym_condres *r, vf_sym_condres *sub, const char *loc) {
  uint32_t main_checked = r->n_checked;
  r->n_checked += sub->n_checked;
  r->seconds += sub->seconds;
  if (sub->n_viol) {
    r->viol = ir_xrealloc(r->viol, r->n_viol + sub->n_viol, sizeof *r->viol);
    memcpy(r->viol + r->n_viol, sub->viol, sub->n_viol * sizeof *sub->viol);
    r->n_viol += sub->n_viol;
    free(sub->viol);
    sub->viol = NULL;
    sub->n_viol = 0;
  }
  char *d = NULL;
  if (sub->status == VF_SYM_UNKNOWN && !r->n_unknown)
    d = sym_fmt("per iteration of the loop at %s (barriers allocated in its body): %s", loc,
                sub->detail ? sub->detail : "unknown");
  else if (sub->status == VF_SYM_PROVED && r->status == VF_SYM_PROVED && !main_checked)
    d = sym_fmt("%s (per iteration of the loop at %s: barriers allocated in its body, rounds "
                "from 0 in each iteration)", sub->detail ? sub->detail : "proved", loc);
  else if (sub->status == VF_SYM_PROVED && r->status == VF_SYM_PROVED && sub->n_checked)
    d = sym_fmt("%s; %u of them per iteration of the loop at %s (barriers allocated in its "
                "body, rounds from 0 in each iteration)", r->detail ? r->detail : "proved",
                sub->n_checked, loc);
  r->n_unknown += sub->n_unknown;
  if (d) {
    free(r->detail);
    r->detail = d;
  }
  free(sub->detail);
  sub->detail = NULL;
  vf_sym_status keep = r->status;
  /* violations first, then unknown; proved only when both are */
  r->status = r->n_viol ? VF_SYM_VIOLATED : r->n_unknown ? VF_SYM_UNKNOWN : keep;
}

/* Every instance of the per-ring conditions of the loop's fresh barriers unknown: why. */
static void all_unknown(vf_sym_result *res, const char *loc, const char *why) {
  for (size_t k = 0; k < N_PER_RING; k++) {
    vf_sym_condres sub;
    memset(&sub, 0, sizeof sub);
    sub.n_checked = sub.n_unknown = 1;
    sub.status = VF_SYM_UNKNOWN;
    sub.detail = sym_strdup(why);
    merge(&res->cond[per_ring[k]], &sub, loc);
  }
}

void sym_fresh_check(sym_ctx *c, vf_sym_result *res) {
  static void (*const vc[VF_SYM__NCOND])(sym_ctx *, vf_sym_condres *) = {
      [VF_SYM_PHASE_AGREEMENT] = sym_vc_phase, [VF_SYM_ARRIVAL_BALANCE] = sym_vc_arrivals,
      [VF_SYM_BYTE_BALANCE] = sym_vc_bytes, [VF_SYM_BACK_PRESSURE] = sym_vc_backpressure,
      [VF_SYM_PROGRESS] = sym_vc_progress};
  const ir_op **done = ir_xcalloc(c->n_rings ? c->n_rings : 1, sizeof *done);
  uint32_t n_done = 0;
  for (uint32_t r = 0; r < c->n_rings; r++) {
    const char *why;
    /* a barrier's loop, or a buffer's (marked only where the loop allocates a fresh barrier,
     * even one whose events stayed outside the encoding for another reason: the buffer's
     * instances are this context's then) */
    const ir_op *O = c->rings[r].elsewhere ? fresh_loop(c->rings[r].alloc, &why) : NULL;
    bool seen = false;
    for (uint32_t k = 0; k < n_done; k++) seen |= done[k] == O;
    if (!O || seen) continue;
    done[n_done++] = O;
    char loc[200];
    ir_loc_str(sim_op_loc(c->m, O), loc, sizeof loc);
    sym_ctx s;
    sym_ctx_open(&s, c->m, c->o);
    s.deadline = c->deadline;
    s.iter_loop = O;
    char *err = NULL;
    if (sym_build(&s, &err) || s.unsupported) {
      all_unknown(res, loc, err ? err : s.unsupported);
      free(err);
      sym_ctx_close(&s);
      continue;
    }
    sym_debug_events(&s);
    quiet_barriers(&s);
    const char *busy = quiet_buffers(&s);
    for (size_t k = 0; k < N_PER_RING; k++) {
      vf_sym_condres sub;
      memset(&sub, 0, sizeof sub);
      double t1 = sym_now_s();
      s.vc_undef = 0;
      if (busy && per_ring[k] == VF_SYM_BACK_PRESSURE) sym_note_unknown(&sub, "%s", busy);
      vc[per_ring[k]](&s, &sub);
      sub.seconds = sym_now_s() - t1;
      if (sym_debug_on())
        fprintf(stderr, "sym: per iteration of %s: %s %s (%u checked, %u unknown, %.2f s)%s%s\n", loc,
                vf_sym_cond_name(per_ring[k]),
                sub.n_viol ? "violated" : sub.n_unknown ? "unknown" : "proved", sub.n_checked,
                sub.n_unknown, sub.seconds, sub.detail ? ": " : "", sub.detail ? sub.detail : "");
      merge(&res->cond[per_ring[k]], &sub, loc);
    }
    for (uint32_t k = 0; k < s.n_assume; k++) { /* the iteration's proofs rest on them too */
      char *t = sym_fmt("%s%s%s", res->constraints ? res->constraints : "",
                        k ? ", and " : "; per iteration of the loop at ", k ? "" : loc);
      char *u = sym_fmt("%s%s%s", t, k ? "" : ": assuming ", s.assume[k]);
      free(t);
      free(res->constraints);
      res->constraints = u;
    }
    sym_ctx_close(&s);
  }
  free(done);
}
