/* sym_vc_early.c: back-pressure (f), no early waiter. A wait for round r of a slot passes when
 * the slot's current phase parity differs from round r's (semantics.md §1.4): it passes once
 * round r completed, but also at once while round r - 1 is still pending (the two rounds have
 * different parities, and the pending one's parity is "the other"). The soundness argument of
 * docs/symbolic.md §3 ("a wait for round r finds the slot at completion count r or r + 1")
 * needs the lower end: round r - 1 of the slot completed before the wait is reached.
 * Back-pressure (a) gives the upper end only.
 *
 * The rule: wait w (lag L, ring of N slots, sequence number s, observing o = s - L * N) with
 * o >= N (round 1 or later) is preceded, in program order of its thread (or across the fork or
 * the join), by the instance of a wait v on the same ring observing o - N: v's own number is
 * s + d with d = (L_v - L - 1) * N (sym_precedes_shift / sym_fires_shift). In a pipeline that is
 * w itself N iterations earlier, or the loop's last wait before an epilogue wait. Z3 is asked
 * for an instance of w where no such v fires. A model is a violation when w's thread has no
 * other wait before w (nothing else could order the previous round's completion before it)
 * and some producer of the previous round is not issued before w (issued_before); otherwise
 * unknown (an order relayed through another thread's waits and arrivals is not
 * followed). Found by session 22's mutation audit: t07_pipelined_100 without the wait for the
 * main loop's last commit before the epilogue's MMA had all seven conditions proved; its final
 * wait passed on the pending phase and the tmem_load raced the MMA. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* v's instance of number s_w + d runs in an earlier iteration of w's loop than w's instance:
 * both numbered mul * it + off of one base (mul > 0), so v's iteration is (d + off_w - off_v) /
 * mul iterations from w's. Also in a padded nest, whose flattened iterations run in order, where
 * sym_precedes_shift pairs events at one pad position and step only (t07_persistent's wait
 * after the K loop, whose previous round the K loop's wait observed). */
static bool earlier_iteration(sym_ctx *c, const sym_event *v, const sym_event *w, int64_t d) {
  return v->loop >= 0 && v->loop == w->loop && v->part == w->part && v->mul == w->mul &&
         w->mul > 0 && !v->seqt && !w->seqt && sym_same_base(c, v, w) &&
         d + w->off - v->off < 0;
}

/* v is in a loop of w's thread that ends before w: every instance of v precedes w (sibling
 * loops continuing one ring counter: the second loop's first wait follows the first loop's
 * last, sibling-loops.ok). */
static bool loop_before(const sym_ctx *c, const sym_event *v, const sym_event *w) {
  if (v->loop < 0 || v->loop == w->loop || v->part != w->part || v->prefork != w->prefork ||
      v->postjoin != w->postjoin)
    return false;
  const ir_op *L = c->loops[v->loop].op;
  /* L runs once (no loop around it): all its instances precede w */
  if (ir_op_ancestor(L, IR_OP_SCF_FOR) || ir_op_ancestor(L, IR_OP_SCF_WHILE)) return false;
  return L->id < w->op->id && !ir_op_inside(w->op, L);
}

/* Bool: a wait of w's thread on w's ring observes the round of sequence number
 * s_w - shift - N (the previous round of w's slot) before w's instance; *taint is set when one
 * of them is havoc. */
static Z3_ast previous_observed(sym_ctx *c, int wi, int64_t shift, bool *taint) {
  const sym_event *w = &c->evs[wi];
  int64_t N = c->rings[w->ring].n;
  Z3_ast n = sym_seq_term(c, w), f = Z3_mk_false(c->z);
  for (uint32_t vi = 0; vi < c->n_evs; vi++) {
    const sym_event *v = &c->evs[vi];
    if (v->kind != SYM_EV_WAIT || v->ring != w->ring || v->unsupported || !v->has_seq || v->dead)
      continue;
    int64_t sv = sym_wait_shift(c, (int)vi);
    if (sv < 0) continue;
    int64_t d = sv - shift - N;
    if (!earlier_iteration(c, v, w, d) && !loop_before(c, v, w) &&
        !sym_precedes_shift(c, v, w, d))
      continue;
    f = sym_or2(c, f, sym_fires_shift(c, v, w, n, d));
    *taint |= v->tainted;
  }
  return f;
}

/* Bool: every arrival of the round of sequence number s_w - (L + 1) * N is a synchronous
 * arrive_barrier before w's instance in program order (its thread's, or the parent's before
 * the fork): that round completed before w (arrival-balance: it receives exactly its count).
 * TMA loads, expects and commits complete asynchronously: where one fires in that round, false. */
static Z3_ast previous_arrived(sym_ctx *c, int wi, int64_t shift) {
  const sym_event *w = &c->evs[wi];
  int64_t d = -shift - c->rings[w->ring].n;
  Z3_ast n = sym_seq_term(c, w), f = Z3_mk_true(c->z);
  for (uint32_t pi = 0; pi < c->n_evs; pi++) {
    const sym_event *p = &c->evs[pi];
    if (p->ring != w->ring || !sym_is_producer(p)) continue;
    if (p->kind == SYM_EV_ARRIVE && p->op->code == IR_OP_TTNG_ARRIVE_BARRIER && !p->unsupported &&
        sym_precedes_shift(c, p, w, d))
      continue;
    if (p->unsupported || !p->has_seq) return Z3_mk_false(c->z);
    f = sym_and2(c, f, sym_not(c, sym_fires_shift(c, p, w, n, d)));
  }
  return f;
}

/* Another wait of w's thread (or the parent's before the fork) that may come before w: it could
 * relay the previous round's completion from another thread. A wait on w's own barrier (a ring
 * of one slot) cannot: the rounds it observes that previous_observed did not take are earlier
 * ones, which complete before the previous round (a producer of theirs waiting for that round
 * would deadlock). */
static bool other_wait_before(const sym_ctx *c, const sym_event *w) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *v = &c->evs[i];
    if (v == w || v->kind != SYM_EV_WAIT || v->dead) continue;
    if (v->ring == w->ring && c->rings[w->ring].n == 1) continue;
    if ((v->part == w->part && v->prefork == w->prefork &&
         (v->pos < w->pos || (v->loop >= 0 && v->loop == w->loop))) ||
        (v->prefork && !w->prefork) || (w->postjoin && !v->postjoin))
      return true;
  }
  return false;
}

/* Padded wait w (a padded nest's flattened loop): sym_pad_check proved that the sequence
 * numbers of its group (its partition's waits on its ring, prologue ops included) are 0, 1,
 * 2, ... in program order, without gaps. So some wait v of the group fired number s_w - N
 * (>= 0 when w observes round 1 or later) before w; it observed s_w - N - shift_v, a round of
 * w's slot no earlier than w's previous one when shift_v <= shift_w (rounds of a slot complete
 * in order). */
static bool padded_in_order(sym_ctx *c, int wi, int64_t shift) {
  const sym_event *w = &c->evs[wi];
  if (w->pad_pos == SYM_PAD_NONE) return false;
  for (uint32_t vi = 0; vi < c->n_evs; vi++) {
    const sym_event *v = &c->evs[vi];
    if (v->kind != SYM_EV_WAIT || v->part != w->part || v->ring != w->ring || v->prefork ||
        v->postjoin)
      continue;
    int64_t sv = v->unsupported || !v->has_seq ? -1 : sym_wait_shift(c, (int)vi);
    if (sv < 0 || sv > shift) return false;
  }
  return true;
}

/* Every producer of w's ring is issued before w's instance at the previous round's number
 * (program order, or across the fork or the join): only an asynchronous completion (a commit,
 * a TMA load) can still be in flight when w starts, which the explorer may model as done at
 * once (a commit with no MMA before it: postjoin-async.ok); unknown rather than a violation. */
static bool issued_before(sym_ctx *c, int wi, int64_t shift) {
  const sym_event *w = &c->evs[wi];
  int64_t d = -shift - c->rings[w->ring].n;
  for (uint32_t pi = 0; pi < c->n_evs; pi++) {
    const sym_event *p = &c->evs[pi];
    if (p->ring != w->ring || !sym_is_producer(p)) continue;
    if (!sym_precedes_shift(c, p, w, d)) return false;
  }
  return true;
}

static void check_wait(sym_ctx *c, vf_sym_condres *r, int wi) {
  const sym_event *w = &c->evs[wi];
  int64_t shift = sym_wait_shift(c, wi), N = c->rings[w->ring].n;
  if (shift < 0) return; /* lag unknown: back-pressure (a) notes it */
  if (padded_in_order(c, wi, shift)) {
    r->n_checked++;
    return;
  }
  char wl[256];
  ir_loc_str(w->op->loc, wl, sizeof wl);
  r->n_checked++;
  sym_debug_what(c, "back-pressure (f) of ev %d", wi);
  bool taint = w->tainted;
  Z3_ast seen = sym_or2(c, previous_observed(c, wi, shift, &taint),
                        previous_arrived(c, wi, shift));
  Z3_ast n = sym_seq_term(c, w);
  Z3_ast later = sym_sle(c, sym_int(c, shift + N), n); /* round 1 or later */
  Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred),
                        sym_and2(c, later, sym_not(c, seen)));
  if (other_wait_before(c, w) || issued_before(c, wi, shift)) {
    if (sym_sat(c, phi) == Z3_L_FALSE) return;
    sym_note_unknown(r, "wait on %s at %s: no earlier wait of its thread observes the slot's "
                     "previous round (an order through other barriers is not followed)",
                     c->rings[w->ring].name, wl);
    return;
  }
  Z3_ast extra[1] = {n};
  int64_t v_n[1];
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, w->op, w->part, phi, w->loop, sym_ev_it(c, w),
                                      taint, extra, 1, v_n, &st);
  if (!v) return;
  sym_ring_sites(c, v, w->ring);
  int64_t o = v_n[0] - shift;
  v->message = sym_fmt("waits for round %lld of %s[%lld] while nothing before it observed "
                       "round %lld: with that round pending the wait's parity already differs "
                       "from the slot's phase, so it passes at once (semantics.md §1.4)",
                       (long long)(o / N), c->rings[w->ring].name,
                       (long long)sym_ring_slot(&c->rings[w->ring], o),
                       (long long)(o / N - 1));
}

void sym_vc_early(sym_ctx *c, vf_sym_condres *r) {
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    if (w->kind != SYM_EV_WAIT || w->ring < 0 || w->unsupported || !w->has_seq || w->dead ||
        c->rings[w->ring].irregular || c->rings[w->ring].elsewhere)
      continue;
    check_wait(c, r, (int)wi);
  }
}

/* ------------------------------------------------------------------ the producer side */

/* Producer q of e's thread makes the same round as e in e's iteration, before e in the body,
 * and fires whenever e does: e follows q in program order. */
static bool after_mate(sym_ctx *c, const sym_event *q, const sym_event *e) {
  if (q == e || !sym_is_producer(q) || q->ring != e->ring || q->part != e->part ||
      q->loop != e->loop || q->prefork != e->prefork || q->postjoin != e->postjoin ||
      !q->has_seq || q->unsupported || q->pos >= e->pos || q->mul != e->mul ||
      q->off != e->off || q->seqt || e->seqt || q->pad_pos != e->pad_pos ||
      !sym_same_base(c, q, e))
    return false;
  return Z3_is_eq_ast(c->z, q->pred, e->pred) || sym_is_true(c, q->pred);
}

/* Producer e (index ei) of round r >= 1 of a slot: round r - 1 completed before e is issued.
 * Proved for an instance when a wait of e's thread observes round r - 1 before it
 * (previous_observed), every arrival of round r - 1 is a synchronous arrive before it
 * (previous_arrived), back-pressure (a)'s graph has e depend on a wait of that round
 * (a_seen: the Bool over e's iteration or the arguments; the constant true for a
 * straight-line producer after such a wait), or
 * a producer of the same round before it in its iteration is proved so (ok[]). The others are
 * unknown (hopper_gemm_ws with the expect moved above the empty wait: an over-arrival the
 * explorer reports, with all seven proved before session 22). */
static void check_producer(sym_ctx *c, vf_sym_condres *r, int ei, Z3_ast a_seen, bool *ok,
                           int8_t *pad_ok) {
  const sym_event *e = &c->evs[ei];
  int64_t N = c->rings[e->ring].n;
  r->n_checked++;
  if (a_seen && Z3_is_eq_ast(c->z, a_seen, Z3_mk_true(c->z))) {
    ok[ei] = true;
    return;
  }
  for (uint32_t qi = 0; qi < (uint32_t)ei; qi++)
    if (ok[qi] && after_mate(c, &c->evs[qi], e)) {
      ok[ei] = true;
      return;
    }
  /* a padded producer of a partition whose waits are all private padded waits
   * (sym_pad_graph_ok): each fires after the wait for its round's previous round (private_wait_ok
   * in sym_pad.c, with the waits numbered 0, 1, 2, ... in order: every round has one) */
  if (e->pad_pos != SYM_PAD_NONE && e->loop >= 0) {
    if (pad_ok[e->loop] < 0) pad_ok[e->loop] = sym_pad_graph_ok(c, (uint32_t)ei);
    if (pad_ok[e->loop]) {
      ok[ei] = true;
      return;
    }
  }
  sym_debug_what(c, "back-pressure (f) of producer ev %d", ei);
  bool taint = e->tainted;
  Z3_ast seen = sym_or2(c, previous_observed(c, ei, 0, &taint), previous_arrived(c, ei, 0));
  Z3_ast n = sym_seq_term(c, e);
  Z3_ast inst = sym_and2(c, sym_and2(c, sym_ev_range(c, e), e->pred), sym_sle(c, sym_int(c, N), n));
  /* (a)'s record only where the thread's own waits and arrivals do not settle it: its Bool
   * over every wait (a) asked can take a query to Z3's limit (triton_t09_tma_persistent_90).
   * With a record, the own-waits query first gets a quarter of the limit: where it runs out
   * (kv-pair3.ok's producers: 4-6 s each at the full limit) the record settles it, and the
   * full-limit query is asked only when that fails too */
  Z3_ast own = sym_and2(c, inst, sym_not(c, seen));
  Z3_lbool st = a_seen ? sym_sat_rl(c, own, c->rlimit / 4) : sym_sat(c, own);
  if (st != Z3_L_FALSE && a_seen) {
    Z3_lbool st1 = st;
    st = sym_sat(c, sym_and2(c, inst, sym_not(c, sym_or2(c, seen, a_seen))));
    if (st != Z3_L_FALSE && st1 == Z3_L_UNDEF) st = sym_sat(c, own);
  }
  if (st == Z3_L_FALSE) {
    ok[ei] = true;
    return;
  }
  char el[256];
  if (sym_debug_on())
    fprintf(stderr, "sym: (f) producer ev %d unknown (loop %d seqt %d)\n", ei, e->loop, e->seqt != NULL);
  sym_note_unknown(r, "%s on %s at %s: %s", e->kind == SYM_EV_TMA_LOAD ? "TMA load" : "arrival",
                   c->rings[e->ring].name, ir_loc_str(e->op->loc, el, sizeof el),
                   st == Z3_L_UNDEF ? "Z3 gave no answer"
                                    : "nothing shown to order it after the slot's previous round "
                                      "completed (else it lands in that round)");
}

void sym_vc_early_producers(sym_ctx *c, vf_sym_condres *r, Z3_ast const *a_seen) {
  bool *ok = ir_xcalloc(c->n_evs ? c->n_evs : 1, sizeof *ok);
  /* per padded loop: -1 not asked, else sym_pad_graph_ok of its partition */
  int8_t *pad_ok = ir_xmalloc(c->n_loops ? c->n_loops : 1, 1);
  memset(pad_ok, -1, c->n_loops ? c->n_loops : 1);
  for (uint32_t ei = 0; ei < c->n_evs; ei++) {
    const sym_event *e = &c->evs[ei];
    if (!sym_is_producer(e) || e->ring < 0 || e->unsupported || !e->has_seq || e->dead ||
        c->rings[e->ring].irregular || c->rings[e->ring].elsewhere || !c->rings[e->ring].is_barrier)
      continue;
    check_producer(c, r, (int)ei, a_seen[ei], ok, pad_ok);
  }
  free(pad_ok);
  free(ok);
}
