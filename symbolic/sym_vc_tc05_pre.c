/* sym_vc_tc05_pre.c: a tcgen05 MMA issued before a loop (straight-line, e.g. a software-
 * pipelined loop's peeled first MMA) against an access of the same slot inside the loop
 * (ConSan's multibuffered_loop: the loop refills the operand slot the peeled MMA read).
 *
 * Rule (semantics.md §4.4, the one of sym_tc05_retired): a commit cm after the MMA a arrives
 * only once a completed, so a wait w of the thread that observed cm's round retires a for every
 * later op of the thread. With cm straight-line (seq cm->off) and w in x's loop with
 * seq = mul * it + off and lag (sym_wait_lag), w's instance iw = (cm->off + lag * N - off) / mul
 * waits for exactly that round; w fires in every iteration (unpredicated), so every instance of
 * x in an iteration i > iw (or i = iw with w before x) runs after a is retired. The rule proves
 * (Z3) that every instance of x on a's slot is such an instance; otherwise it decides nothing
 * (the caller's answer stays unknown). That the wait passing implies the commit arrived rests on
 * the other conditions, as for sym_tc05_retired (arrival-balance, phase-agreement).
 *
 * A predicated MMA (the pipeliner predicates its peeled MMA on the trip count, `0 < k`) accesses
 * nothing where its predicate fails: the conflict is asked under it. The predicate must be
 * free of havoc values (sym_havoc_free: a K that tutorial 08's grouped GEMM loads from a table
 * is a keyed load, the same term wherever the kernel loads that address, so the proof holds
 * for every content). The commit must then fire
 * wherever the MMA does (its own barrier operand, or a commit whose predicate the MMA's implies:
 * proved), so the round w waits for is still cm's whenever there is an access to retire. */
#include "sym_internal.h"

/* Whether the rule applies to MMA a (before the loop) and access x (in a top-level scf.for of
 * the same partition); then *L is x's loop and *conflict the condition that x is on a's
 * (constant) slot. */
static bool pre_applies(sym_ctx *c, const sym_event *a, const sym_event *x, const sym_loop **L,
                        Z3_ast *conflict) {
  if (a->loop >= 0 || x->loop < 0 || a->prefork || a->postjoin || a->part != x->part ||
      a->group != SYM_G_TC05 || a->ring < 0 ||
      (a->tainted && !sym_havoc_free(c, a->pred)))
    return false;
  *L = &c->loops[x->loop];
  if ((*L)->parent >= 0 || (*L)->flat_outer >= 0 || !(*L)->op || (*L)->op->code != IR_OP_SCF_FOR ||
      a->pos > (*L)->op->id)
    return false;
  int64_t as;
  *conflict = Z3_mk_true(c->z);
  if (c->rings[a->ring].n != 1) {
    Z3_ast xs = x->kind == SYM_EV_TMA_LOAD ? x->buf_idx : x->idx;
    if (!a->idx || !xs || !sym_numeral(c, a->idx, &as)) return false;
    *conflict = sym_eq_int(c, xs, sym_int(c, as), 0);
  }
  *conflict = sym_and2(c, *conflict, a->pred); /* a predicated-off MMA accesses nothing */
  return true;
}

/* Commit cm fires wherever MMA a does: cm is unpredicated, or its predicate follows from a's
 * (cm a barrier operand of a itself gets a's predicate: sym_build.c, mma5_events). */
static bool fires_with(sym_ctx *c, const sym_event *cm, const sym_event *a) {
  if (sym_is_true(c, cm->pred)) return true;
  if (cm->tainted || a->tainted) return false;
  return Z3_is_eq_ast(c->z, cm->pred, a->pred) ||
         sym_sat(c, sym_and2(c, a->pred, sym_not(c, cm->pred))) == Z3_L_FALSE;
}

bool sym_tc05_retired_before_loop(sym_ctx *c, const sym_event *a, const sym_event *x) {
  const sym_loop *L;
  Z3_ast conflict;
  if (!pre_applies(c, a, x, &L, &conflict)) return false;
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    const char *how;
    if (w->kind != SYM_EV_WAIT || w->part != x->part || w->loop != x->loop || !w->has_seq ||
        w->unsupported || w->dead || w->base || w->seqt || w->ring < 0 ||
        c->rings[w->ring].irregular || !sym_is_true(c, w->pred))
      continue;
    int64_t nw = c->rings[w->ring].n;
    int lag = sym_wait_lag(c, (int)wi, &how);
    if (lag < 0 || c->evs[wi].dead || (w->mul != 1 && w->mul != nw)) continue;
    for (uint32_t ci = 0; ci < c->n_evs; ci++) {
      const sym_event *cm = &c->evs[ci];
      if (!sym_is_commit(cm) || cm->part != a->part || cm->ring != w->ring || cm->loop >= 0 ||
          cm->prefork || cm->postjoin || !cm->has_seq || cm->seqt || cm->unsupported ||
          !fires_with(c, cm, a) || !(cm->op == a->op || cm->pos > a->pos) ||
          cm->pos > L->op->id)
        continue;
      int64_t d = cm->off + lag * nw - w->off;
      if (d < 0 || d % w->mul) continue;
      int64_t iw = d / w->mul;
      Z3_ast it = L->it, at = sym_int(c, iw);
      Z3_ast after = Z3_mk_bvsgt(c->z, it, at);
      if (w->pos < x->pos) after = sym_or2(c, after, sym_eq(c, it, at));
      Z3_ast phi = sym_and2(c, sym_and2(c, L->range, x->pred), sym_and2(c, conflict, sym_not(c, after)));
      if (sym_sat(c, phi) == Z3_L_FALSE) return true;
    }
  }
  return false;
}

/* Only x's partition arrives on ring b: no other thread can relay the MMA's completion through
 * a wait on it. */
static bool own_ring(sym_ctx *c, int b, int part) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring == b && p->part != part &&
        (p->kind == SYM_EV_ARRIVE || p->kind == SYM_EV_EXPECT || p->kind == SYM_EV_TMA_LOAD))
      return false;
  }
  return true;
}

/* Bool over x's loop counter: a wait of the partition before x's instance has observed a
 * commit after a, over-approximated (a commit in the loop is taken to fire); NULL when a wait
 * that may come between a and x has a shape the rule does not follow. */
static Z3_ast may_be_retired(sym_ctx *c, const sym_event *a, const sym_event *x) {
  const sym_loop *L = &c->loops[x->loop];
  Z3_ast it = L->it, any = Z3_mk_false(c->z);
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    if (w->kind != SYM_EV_WAIT || w->part != x->part || w->pos < a->pos) continue;
    bool in_loop = w->loop == x->loop, before_loop = w->loop < 0 && w->pos < L->op->id;
    for (int l = w->loop; l >= 0 && !in_loop; l = c->loops[l].parent)
      if (c->loops[l].parent == x->loop || c->loops[l].flat_outer == x->loop)
        return NULL; /* in a loop nested in x's: its instances are not followed */
    if (!in_loop && !before_loop) {
      if (w->loop >= 0 && w->pos < L->op->id) return NULL; /* another loop between a and x */
      continue;                                            /* after x's loop */
    }
    bool commits = false;
    for (uint32_t ci = 0; ci < c->n_evs && !commits; ci++)
      commits = sym_is_commit(&c->evs[ci]) && c->evs[ci].ring == w->ring &&
                c->evs[ci].part == a->part;
    if (w->ring < 0 || !own_ring(c, w->ring, x->part)) return NULL;
    if (!commits) continue; /* nothing it waits for tracks the MMA */
    const char *how;
    int lag = w->has_seq ? sym_wait_lag(c, (int)wi, &how) : -1;
    if (lag < 0 || w->unsupported || w->base || w->seqt || c->rings[w->ring].irregular)
      return NULL;
    if (c->evs[wi].dead) continue;
    int64_t n = c->rings[w->ring].n;
    for (uint32_t ci = 0; ci < c->n_evs; ci++) {
      const sym_event *cm = &c->evs[ci];
      if (!sym_is_commit(cm) || cm->ring != w->ring || cm->part != a->part) continue;
      if (!(cm->op == a->op || cm->pos > a->pos) && !(cm->loop == x->loop)) continue;
      if (!cm->has_seq || cm->unsupported || cm->base || cm->seqt) return NULL;
      if (cm->loop >= 0 && cm->loop != x->loop) return NULL;
      if (before_loop) { /* a straight-line wait before the loop: once, before every x */
        if (cm->loop >= 0 || cm->pos > w->pos) continue;
        if (w->off - lag * n == cm->off) return Z3_mk_true(c->z);
        continue;
      }
      if (w->mul != 1 && w->mul != n) return NULL;
      /* w's instance iw waits for cm's round of iteration ic = iw + k (cm in the loop) or for
       * cm's only round (straight-line): the earliest such iw retires a from then on */
      int64_t iw0;
      if (cm->loop < 0) {
        int64_t d = cm->off + lag * n - w->off;
        if (d < 0 || d % w->mul) continue;
        iw0 = d / w->mul;
      } else {
        if (cm->mul != w->mul) return NULL;
        int64_t x0 = w->off - lag * n - cm->off;
        if (x0 % w->mul) continue;
        int64_t k = x0 / w->mul;
        iw0 = k < 0 ? -k : 0; /* ic = iw + k >= 0: an instance after a (its firing assumed) */
      }
      Z3_ast from = Z3_mk_bvsgt(c->z, it, sym_int(c, iw0));
      if (w->pos < x->pos) from = sym_or2(c, from, sym_eq(c, it, sym_int(c, iw0)));
      any = sym_or2(c, any, from);
    }
  }
  return any;
}

bool sym_tc05_before_loop_violation(sym_ctx *c, vf_sym_condres *r, const sym_event *a,
                                    const sym_event *x) {
  const sym_loop *L;
  Z3_ast conflict;
  if (!pre_applies(c, a, x, &L, &conflict)) return false;
  Z3_ast retired = may_be_retired(c, a, x);
  if (!retired) return false;
  Z3_ast phi = sym_and2(c, sym_and2(c, L->range, x->pred), sym_and2(c, conflict, sym_not(c, retired)));
  Z3_lbool st;
  int64_t xv[1];
  Z3_ast extra[1] = {L->it};
  r->n_checked++;
  vf_sym_violation *v = sym_violation(c, r, x->op, x->part, phi, x->loop, L->it,
                                      x->tainted || a->tainted, extra, 1, xv, &st);
  if (v) {
    char al[256];
    v->message = sym_fmt("%s in iteration %lld of its loop while the tcgen05 MMA issued before "
                         "the loop at %s may still %s it: no wait before it observed a commit "
                         "after that MMA (semantics.md §4.4)",
                         x->kind == SYM_EV_TMA_LOAD ? "refills (TMA load)" : "accesses",
                         (long long)v->iteration, ir_loc_str(a->op->loc, al, sizeof al),
                         a->kind == SYM_EV_ASYNC_READ ? "be reading" : "be writing");
  }
  return true;
}

/* An MMA a before a loop L and an access x after it, both straight-line (the pipeliner's peeled
 * first MMA and the epilogue's accumulator load): a straight-line wait w between L and x (the
 * epilogue wait, under `scf.if 0 < k`) waits for the round that the commit of L's last
 * iteration completes when L runs, and for a's own commit's round when it does not. Either
 * commit comes after a and arrives only once a completed (semantics.md §4.4). The rule proves
 * (Z3) that whenever a and x fire, w fires and its round is the one of a commit after a that
 * fires: of a straight-line commit between a and w, or of the last iteration of a commit in a
 * top-level loop between them. Otherwise it decides nothing. */
bool sym_tc05_retired_across_loop(sym_ctx *c, const sym_event *a, const sym_event *x) {
  if (a->loop >= 0 || x->loop >= 0 || a->part != x->part || a->group != SYM_G_TC05 ||
      a->prefork || a->postjoin || x->prefork || x->postjoin || a->pos > x->pos)
    return false;
  /* tainted events: their terms decide only when the query is free of havoc values */
  bool taint = a->tainted || x->tainted;
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    const char *how;
    if (w->kind != SYM_EV_WAIT || w->part != x->part || w->loop >= 0 || w->pos < a->pos ||
        w->pos > x->pos || !w->has_seq || w->unsupported || w->dead || w->base || w->ring < 0 ||
        c->rings[w->ring].irregular || w->prefork || w->postjoin)
      continue;
    bool wtaint = taint || w->tainted;
    int lag = sym_wait_lag(c, (int)wi, &how);
    if (lag < 0 || c->evs[wi].dead) continue;
    Z3_ast target = sym_sub(c, sym_seq_term(c, w), sym_int(c, lag * c->rings[w->ring].n));
    Z3_ast seen = Z3_mk_false(c->z);
    for (uint32_t ci = 0; ci < c->n_evs; ci++) {
      const sym_event *cm = &c->evs[ci];
      if (!sym_is_commit(cm) || cm->part != a->part || cm->ring != w->ring || !cm->has_seq ||
          cm->unsupported || cm->base || cm->prefork || cm->postjoin ||
          !(cm->op == a->op || cm->pos > a->pos) || cm->pos > w->pos)
        continue;
      wtaint |= cm->tainted;
      if (cm->loop < 0) {
        seen = sym_or2(c, seen, sym_and2(c, cm->pred, sym_eq(c, target, sym_seq_term(c, cm))));
        continue;
      }
      const sym_loop *L = &c->loops[cm->loop];
      if (cm->seqt || L->parent >= 0 || L->flat_outer >= 0 || !L->op ||
          L->op->code != IR_OP_SCF_FOR || L->op->id < a->pos || sym_pad_loop_of(c, cm->loop))
        continue;
      Z3_ast last = sym_sub(c, L->trip, sym_int(c, 1));
      Z3_ast hit = sym_and2(c, sym_slt(c, sym_int(c, 0), L->trip),
                            sym_at(c, cm->loop, sym_and2(c, cm->pred,
                                                         sym_eq(c, target, sym_seq_term(c, cm))),
                                   last));
      seen = sym_or2(c, seen, hit);
    }
    /* where a's or x's firing depends on a havoc value (the epilogue's `scf.if` on a tile
     * counter the encoding havocs), the query leaves it out: a weaker query, whose unsat
     * still proves the rule wherever they fire */
    Z3_ast fire = Z3_mk_true(c->z);
    if (!a->tainted || sym_havoc_free(c, a->pred)) fire = sym_and2(c, fire, a->pred);
    if (!x->tainted || sym_havoc_free(c, x->pred)) fire = sym_and2(c, fire, x->pred);
    Z3_ast phi = sym_and2(c, fire, sym_or2(c, sym_not(c, w->pred), sym_not(c, seen)));
    if ((!wtaint || sym_havoc_free(c, phi)) && sym_sat(c, phi) == Z3_L_FALSE) return true;
  }
  return false;
}
