/* sym_vc.c: the counting conditions: phase-agreement, arrival-balance, byte-balance and
 * bounds, each an existential Z3 query over a symbolic iteration / sequence number. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"

#define SEQ_MAX ((int64_t)1 << (SYM_WIDE - 2)) /* sequence numbers range over [0, SEQ_MAX) */

static bool is_arrival(const sym_event *e) {
  return e->kind == SYM_EV_ARRIVE || e->kind == SYM_EV_EXPECT;
}

/* Why a ring's events cannot be counted, or NULL. */
static const char *ring_problem(sym_ctx *c, int ring) {
  const sym_ring *R = &c->rings[ring];
  if (R->irregular) return R->why ? R->why : "irregular ring";
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->ring != ring || sym_is_access(e->kind) || e->kind == SYM_EV_ASYNC_WAIT)
      continue;
    if (e->unsupported) return e->unsupported;
    if (!e->has_seq) return "ring index not in (i + c) mod N form";
  }
  return NULL;
}

static Z3_ast arrivals_at(sym_ctx *c, int ring, Z3_ast n) {
  Z3_ast sum = sym_int(c, 0);
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->ring == ring && is_arrival(e) && e->has_seq)
      sum = sym_add(c, sum, sym_ite(c, sym_fires(c, e, n), sym_int(c, e->weight), sym_int(c, 0)));
  }
  return sum;
}

static Z3_ast count_at(sym_ctx *c, int ring, Z3_ast n) {
  const sym_ring *R = &c->rings[ring];
  Z3_ast slot = sym_fmod(c, n, R->n), v = sym_int(c, R->count[R->n - 1]);
  for (int64_t s = R->n - 1; s-- > 0;)
    v = sym_ite(c, sym_eq(c, slot, sym_int(c, s)), sym_int(c, R->count[s]), v);
  return v;
}

static bool ring_tainted(sym_ctx *c, int ring) {
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (c->evs[i].ring == ring && c->evs[i].tainted &&
        (is_arrival(&c->evs[i]) || c->evs[i].kind == SYM_EV_TMA_LOAD))
      return true;
  return false;
}

static int first_event(sym_ctx *c, int ring, bool (*pick)(const sym_event *)) {
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (c->evs[i].ring == ring && pick(&c->evs[i]) && c->evs[i].has_seq) return (int)i;
  return -1;
}

static Z3_ast seq_var(sym_ctx *c, const char *name) {
  return sym_fresh(c, name, c->wide);
}

static Z3_ast seq_range(sym_ctx *c, Z3_ast n) {
  return sym_and2(c, sym_sle(c, sym_int(c, 0), n), sym_slt(c, n, sym_int(c, SEQ_MAX)));
}

/* ------------------------------------------------------------------ phase-agreement */

void sym_vc_phase(sym_ctx *c, vf_sym_condres *r) {
  char sb[128], lb[256];
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    sym_debug_what(c, "phase-agreement of ev %u", i);
    if (e->kind != SYM_EV_WAIT) continue;
    if (e->ring >= 0 && c->rings[e->ring].elsewhere) continue; /* sym_ring_fresh.c */
    r->n_checked++;
    if (e->unsupported || !e->has_seq) {
      sym_note_unknown(r, "wait at %s: %s", ir_loc_str(e->op->loc, lb, sizeof lb),
                       e->unsupported ? e->unsupported : "no sequence number");
      continue;
    }
    const char *how = NULL;
    int lag = sym_wait_lag(c, (int)i, &how);
    if (lag < 0) {
      sym_note_unknown(r, "wait at %s: %s", ir_loc_str(e->op->loc, lb, sizeof lb), how);
      continue;
    }
    /* compared in the phase operand's own width: only its parity bit is used (§1.3) */
    unsigned wp = sym_width(c, e->phase);
    Z3_ast round = sym_round_term(c, e, wp), one = sym_bv(c, 1, wp);
    Z3_ast want = Z3_mk_bvand(c->z, sym_sub(c, round, sym_bv(c, lag, wp)), one);
    Z3_ast have = Z3_mk_bvand(c->z, e->phase, one);
    Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, e), e->pred),
                          sym_not(c, sym_eq(c, want, have)));
    /* the round's and the phase's divisions by the ring depth: a query is first asked with
     * them as floor pairs of the counter (sym_floordiv.c, sym_ctx.c ask_modes) */
    Z3_ast extra[4] = {have, want, round, sym_seq_term(c, e)};
    int64_t x[4];
    Z3_lbool st;
    c->floor_full = sym_multi_step(c, e);
    vf_sym_violation *v = sym_violation(c, r, e->op, e->part, phi, e->loop, sym_ev_it(c, e),
                                        e->tainted, extra, 4, x, &st);
    c->floor_full = false;
    if (!v) continue;
    sym_ring_sites(c, v, e->ring);
    int64_t phase = x[2] - lag;
    char why[200];
    if (lag == 0)
      snprintf(why, sizeof why, "it waits for round %lld of the slot (this iteration's data), "
               "which completes phase %lld", (long long)x[2], (long long)phase);
    else if (phase < 0)
      snprintf(why, sizeof why, "the slot has not been used yet, so it must pass on the phase "
               "before init (buffers start empty: parity 1)");
    else
      snprintf(why, sizeof why, "it waits for the release of round %lld of the slot, which "
               "completes phase %lld", (long long)phase, (long long)phase);
    char when[48] = "";
    if (v->iteration >= 0)
      snprintf(when, sizeof when, " in iteration %lld", (long long)v->iteration);
    v->message = sym_fmt("wait on %s (slot %lld)%s uses parity %lld, but %s, parity %lld "
                         "(semantics.md §1.3; lag from %s)",
                         sym_slot_text(c, e, sb, sizeof sb),
                         (long long)sym_ring_slot(&c->rings[e->ring], x[3]), when, (long long)x[0],
                         why, (long long)x[1], how);
  }
  sym_finish_cond(r, "every wait's parity is the parity of the phase it waits for, in every "
                  "iteration");
}

/* ------------------------------------------------------------------ arrival-balance */

#define FIRERS 8 /* events a ring-wide counterexample looks at for the one that fires */

/* Up to FIRERS events of the ring that pick accepts, expects first (the op a byte-balance or
 * arrival-balance report names), each with three extra terms: 1 when it fires with sequence number n, its
 * iteration, its loop's trip count. */
static void firers(sym_ctx *c, int ring, bool (*pick)(const sym_event *), Z3_ast n,
                   uint32_t *fi, uint32_t *nf, Z3_ast *extra) {
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t i = 0; i < c->n_evs && *nf < FIRERS; i++) {
      const sym_event *e = &c->evs[i];
      if (e->ring != ring || !pick(e) || !e->has_seq || (e->kind == SYM_EV_EXPECT) != (pass == 0))
        continue;
      fi[*nf] = i;
      extra[3 * *nf] = sym_ite(c, sym_fires(c, e, n), sym_int(c, 1), sym_int(c, 0));
      extra[3 * *nf + 1] = e->loop >= 0 ? sym_iter_of_seq(c, e, n) : NULL;
      extra[3 * *nf + 2] = e->loop >= 0 ? c->loops[e->loop].trip : NULL;
      ++*nf;
    }
}

/* Moves v to the first of the firers that fires in its model (x: firers' extra values). */
static void move_to_firer(sym_ctx *c, vf_sym_violation *v, const uint32_t *fi, uint32_t nf,
                          const int64_t *x) {
  for (uint32_t k = 0; k < nf; k++) {
    if (x[3 * k] != 1) continue;
    const sym_event *e = &c->evs[fi[k]];
    sym_violation_move(c, v, e->op, e->part);
    v->iteration = e->loop >= 0 ? x[3 * k + 1] : -1;
    v->trip_count = e->loop >= 0 ? x[3 * k + 2] : -1;
    return;
  }
}

static bool is_tx(const sym_event *e) {
  return e->kind == SYM_EV_EXPECT || e->kind == SYM_EV_TMA_LOAD;
}
static bool is_expect(const sym_event *e) { return e->kind == SYM_EV_EXPECT; }


static bool waits_or_arrives(const sym_event *e) { return is_arrival(e) || e->kind == SYM_EV_WAIT; }
static bool arrives(const sym_event *e) { return is_arrival(e); }

/* Arrival-balance (2) of padded wait w (lag `lag`) asked step by step: when w and every arrival
 * of its ring in a loop are padded events of twin nests numbered one per step (mul 1,
 * sym_pad_twin), the arrival numbered as w's round fires a constant number of steps from w's
 * (w's number minus lag * N minus the arrival's offset); straight-line arrivals have constant
 * numbers. The query at the latest of those steps, per step of the tile (sym_pad_steps_unsat:
 * its tile crossings collapse, as progress's padded_cycle_apart), is the general query's with
 * each firing written by sym_pad_fires_at instead of a split of its iteration: its unsat answer
 * proves w's instance. The FA alpha barriers' waits (tests/symbolic/alpha.ok) ran to Z3's limit
 * as one query. False (ask the general query) when it does not apply or a step is not unsat. */
static bool balance_by_steps(sym_ctx *c, uint32_t wi, int lag) {
  enum { WINDOW = 8 };
  const sym_event *w = &c->evs[wi];
  const int L = w->loop;
  if (!sym_pad_on_twin(c, w, L)) return false;
  const sym_ring *R = &c->rings[w->ring];
  const int64_t need = w->off - lag * R->n; /* w's round: itF + need */
  int64_t hi = 0, lo = 0;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->ring != w->ring || !is_arrival(e) || !e->has_seq) continue;
    if (e->seqt) return false;
    if (e->loop < 0) continue; /* a constant number */
    if (!sym_pad_on_twin(c, e, L)) return false;
    int64_t d = need - e->off; /* e numbered itF + need fires at step itF + d */
    hi = d > hi ? d : hi;
    lo = d < lo ? d : lo;
  }
  if (hi - lo > WINDOW) return false;
  /* at the reference step itF (the latest), w stands at itF - hi and its round is t */
  Z3_ast t = sym_add(c, c->loops[L].it, sym_int(c, need - hi));
  Z3_ast A = sym_int(c, 0), A_in = A, zero = sym_int(c, 0);
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->ring != w->ring || !is_arrival(e) || !e->has_seq) continue;
    Z3_ast wt = sym_int(c, e->weight), f, f_in;
    if (e->loop < 0) {
      f = f_in = sym_and2(c, e->pred, sym_eq(c, t, sym_int(c, e->off)));
    } else {
      f = sym_pad_fires_twin(c, e, need - e->off - hi, L, false);
      f_in = sym_pad_fires_twin(c, e, need - e->off - hi, L, true);
    }
    A = sym_add(c, A, sym_ite(c, f, wt, zero));
    A_in = sym_add(c, A_in, sym_ite(c, f_in, wt, zero));
  }
  Z3_ast C = count_at(c, w->ring, t), real = sym_sle(c, zero, t);
  Z3_ast phi = sym_and2(c, sym_and2(c, sym_pad_fires_at(c, w, -hi), real),
                        sym_not(c, sym_eq(c, A, C)));
  Z3_ast phi_in = sym_and2(c, sym_and2(c, sym_pad_fires_in_tile(c, w, -hi), real),
                           sym_not(c, sym_eq(c, A_in, C)));
  return sym_pad_steps_unsat(c, L, phi, phi_in, hi - lo, "arrival-balance of a padded wait, by steps");
}

void sym_vc_arrivals(sym_ctx *c, vf_sym_condres *r) {
  char sb[128], lb[256];
  for (uint32_t ring = 0; ring < c->n_rings; ring++) {
    const sym_ring *R = &c->rings[ring];
    int any = first_event(c, (int)ring, waits_or_arrives);
    sym_debug_what(c, "arrival-balance of ring %s", R->name);
    if (!R->is_barrier || R->elsewhere) continue; /* elsewhere: sym_ring_fresh.c */
    const char *why = ring_problem(c, (int)ring);
    if (why) {
      r->n_checked++;
      sym_note_unknown(r, "barrier %s: %s", R->name, why);
      continue;
    }
    if (any < 0) continue; /* initialised but never used in a loop */
    bool uninit = false;
    for (int64_t s = 0; s < R->n; s++) uninit |= R->count[s] <= 0;
    if (uninit) {
      r->n_checked++;
      sym_note_unknown(r, "barrier %s has a slot that is never initialised", R->name);
      continue;
    }
    bool taint = ring_tainted(c, (int)ring);
    int a0 = first_event(c, (int)ring, arrives);
    /* (1) no phase receives more arrivals than its count */
    if (a0 >= 0) {
      const sym_event *e0 = &c->evs[a0];
      r->n_checked++;
      Z3_ast n = seq_var(c, "n"), A = arrivals_at(c, (int)ring, n), C = count_at(c, (int)ring, n);
      Z3_ast phi = sym_and2(c, seq_range(c, n), Z3_mk_bvsgt(c->z, A, C));
      uint32_t nf = 0, fi[FIRERS];
      Z3_ast extra[3 + 3 * FIRERS] = {A, C, n};
      firers(c, (int)ring, arrives, n, fi, &nf, extra + 3);
      int64_t x[3 + 3 * FIRERS];
      Z3_lbool st;
      vf_sym_violation *v = sym_violation(c, r, e0->op, e0->part, phi, e0->loop,
                                          sym_iter_of_seq(c, e0, n), taint, extra, 3 + 3 * nf, x,
                                          &st);
      sym_ring_sites(c, v, (int)ring); /* (no-op without v) */
      if (v) move_to_firer(c, v, fi, nf, x + 3);
      if (v)
        v->message = sym_fmt("round %lld of barrier %s[%lld] receives %lld arrivals but its init "
                             "count is %lld (over-arrival, semantics.md §1.5)",
                             (long long)(x[2] / R->n), R->name,
                             (long long)sym_ring_slot(R, x[2]),
                             (long long)x[0], (long long)x[1]);
      /* (3) a phase left incomplete while later arrivals on the slot continue */
      r->n_checked++;
      n = seq_var(c, "n");
      A = arrivals_at(c, (int)ring, n);
      C = count_at(c, (int)ring, n);
      Z3_ast later = arrivals_at(c, (int)ring, sym_add(c, n, sym_int(c, R->n)));
      phi = sym_and2(c, seq_range(c, n), sym_and2(c, Z3_mk_bvslt(c->z, A, C),
                                                   Z3_mk_bvsgt(c->z, later, sym_int(c, 0))));
      nf = 0;
      Z3_ast extra3[3 + 3 * FIRERS] = {A, C, n};
      firers(c, (int)ring, arrives, n, fi, &nf, extra3 + 3);
      v = sym_violation(c, r, e0->op, e0->part, phi, e0->loop, sym_iter_of_seq(c, e0, n), taint,
                        extra3, 3 + 3 * nf, x, &st);
      sym_ring_sites(c, v, (int)ring); /* (no-op without v) */
      if (v) move_to_firer(c, v, fi, nf, x + 3);
      if (v)
        v->message = sym_fmt("round %lld of barrier %s[%lld] gets only %lld of its %lld arrivals "
                             "but the slot is arrived on again later: the next round's arrivals "
                             "complete the wrong phase (semantics.md §1.2)",
                             (long long)(x[2] / R->n), R->name,
                             (long long)sym_ring_slot(R, x[2]),
                             (long long)x[0], (long long)x[1]);
    }
    /* (2) every phase a wait needs receives exactly its count */
    for (uint32_t i = 0; i < c->n_evs; i++) {
      const sym_event *w = &c->evs[i];
      if (w->kind != SYM_EV_WAIT || w->ring != (int)ring) continue;
      r->n_checked++;
      const char *how = NULL;
      int lag = sym_wait_lag(c, (int)i, &how);
      if (lag < 0) {
        sym_note_unknown(r, "wait at %s: %s", ir_loc_str(w->op->loc, lb, sizeof lb), how);
        continue;
      }
      if (balance_by_steps(c, i, lag)) continue;
      Z3_ast t = sym_sub(c, sym_seq_term(c, w), sym_int(c, lag * R->n));
      Z3_ast A = arrivals_at(c, (int)ring, t), C = count_at(c, (int)ring, t);
      Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred),
                            sym_and2(c, sym_sle(c, sym_int(c, 0), t), sym_not(c, sym_eq(c, A, C))));
      Z3_ast extra[3] = {A, C, t};
      int64_t x[3];
      Z3_lbool st;
      vf_sym_violation *v = sym_violation(c, r, w->op, w->part, phi, w->loop, sym_ev_it(c, w),
                                          taint || w->tainted, extra, 3, x, &st);
      sym_ring_sites(c, v, (int)ring); /* (no-op without v) */
      if (v)
        v->message = sym_fmt("wait on %s in iteration %lld needs round %lld of slot %lld to "
                             "complete, but that phase receives %lld of its %lld arrivals%s%s",
                             sym_slot_text(c, w, sb, sizeof sb), (long long)v->iteration,
                             (long long)(x[2] / R->n), (long long)sym_ring_slot(R, x[2]),
                             (long long)x[0],
                             (long long)x[1], a0 < 0 ? ": nothing ever arrives on " : "",
                             a0 < 0 ? R->name : "");
    }
  }
  sym_finish_cond(r, "every barrier phase that is waited for receives exactly its init count of "
                  "arrivals, and none receives more");
}

/* ------------------------------------------------------------------ byte-balance */

void sym_vc_bytes(sym_ctx *c, vf_sym_condres *r) {
  for (uint32_t ring = 0; ring < c->n_rings; ring++) {
    const sym_ring *R = &c->rings[ring];
    int any = -1;
    sym_debug_what(c, "byte-balance of ring %s", R->name);
    if (R->elsewhere) continue; /* sym_ring_fresh.c */
    for (uint32_t i = 0; i < c->n_evs && any < 0; i++)
      if (c->evs[i].ring == (int)ring && is_tx(&c->evs[i])) any = (int)i;
    if (any < 0) continue;
    r->n_checked++;
    const char *why = ring_problem(c, (int)ring);
    for (uint32_t i = 0; i < c->n_evs && !why; i++)
      if (c->evs[i].ring == (int)ring && is_tx(&c->evs[i]) && c->evs[i].bytes < 0)
        why = "byte count unknown";
    if (why) {
      sym_note_unknown(r, "barrier %s: %s", R->name, why);
      continue;
    }
    Z3_ast n = seq_var(c, "n"), X = sym_int(c, 0), D = sym_int(c, 0);
    for (uint32_t i = 0; i < c->n_evs; i++) {
      const sym_event *e = &c->evs[i];
      if (e->ring != (int)ring || !is_tx(e)) continue;
      Z3_ast b = sym_ite(c, sym_fires(c, e, n), sym_int(c, e->bytes), sym_int(c, 0));
      if (e->kind == SYM_EV_EXPECT) X = sym_add(c, X, b);
      else D = sym_add(c, D, b);
    }
    int e0i = first_event(c, (int)ring, is_expect);
    const sym_event *e0 = &c->evs[e0i >= 0 ? e0i : any];
    Z3_ast phi = sym_and2(c, seq_range(c, n), sym_not(c, sym_eq(c, X, D)));
    /* which op fires in the failing round (its iteration, its loop's trip count): the report
     * names it, not the ring's first expect (a second sibling loop's, an epilogue's) */
    uint32_t nf = 0, fi[FIRERS];
    Z3_ast extra[3 + 3 * FIRERS] = {X, D, n};
    firers(c, (int)ring, is_tx, n, fi, &nf, extra + 3);
    int64_t x[3 + 3 * FIRERS];
    Z3_lbool st;
    vf_sym_violation *v = sym_violation(c, r, e0->op, e0->part, phi, e0->loop,
                                        sym_iter_of_seq(c, e0, n), ring_tainted(c, (int)ring),
                                        extra, 3 + 3 * nf, x, &st);
    sym_ring_sites(c, v, (int)ring); /* (no-op without v) */
    if (v) move_to_firer(c, v, fi, nf, x + 3);
    if (v)
      v->message = sym_fmt("round %lld of barrier %s[%lld] expects %lld bytes but the TMA copies "
                           "signalling it deliver %lld (semantics.md §1.2, §2.1)",
                           (long long)(x[2] / R->n), R->name,
                           (long long)sym_ring_slot(R, x[2]),
                           (long long)x[0], (long long)x[1]);
  }
  sym_finish_cond(r, "every phase's expected bytes equal the bytes its TMA copies deliver");
}

/* ------------------------------------------------------------------ bounds */

static uint32_t count_uses(const ir_region *r, const ir_value *v, bool *other, sym_ctx *c) {
  uint32_t n = 0;
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      bool uses = false;
      for (uint32_t k = 0; k < op->n_operands; k++) uses |= op->operands[k] == v;
      if (uses) {
        n++;
        bool ev = false;
        for (uint32_t i = 0; i < c->n_evs && !ev; i++) ev = c->evs[i].op == op;
        if (!ev) *other = true;
      }
      for (uint32_t k = 0; k < op->n_regions; k++) n += count_uses(op->regions[k], v, other, c);
    }
  return n;
}

/* Index term idx of view op (n slots) outside its allocation: the Bool, and *i64 the index in
 * its own width. Terms are those of padded event e's loop when e is given (sym_pad_term: equal
 * wherever e fires), else the view's own. */
static Z3_ast out_of_bounds(sym_ctx *c, const ir_op *op, int64_t n, const sym_event *e,
                            Z3_ast idx, Z3_ast *i64out) {
  idx = sym_pad_term(c, e, idx);
  /* in the index's own width (at least SYM_WIDE): an i64 index is not truncated */
  unsigned wi = sym_int_width(c, idx);
  Z3_ast i64 = sym_resize(c, idx, wi, true);
  Z3_ast out = sym_or2(c, sym_slt(c, i64, sym_bv(c, 0, wi)), sym_sle(c, sym_bv(c, n, wi), i64));
  /* "x % m" with 0 < m <= n is in bounds when x >= 0 (remsi; for x < 0 exactly when the
   * remainder is 0), always (remui, and "x & (m - 1)"): the remainder circuit only for x < 0 */
  const ir_value *iv = sym_strip_casts(op->operands[1]);
  int64_t m;
  if (iv && iv->def && iv->def->n_operands == 2 && ir_value_const_int(iv->def->operands[1], &m) &&
      sym_value_width(iv->type) > 1) {
    ir_opcode kd = iv->def->code;
    Z3_ast x = sym_pad_term(c, e, sym_eval(c, iv->def->operands[0]));
    if (kd == IR_OP_ARITH_REMSI && m > 0 && m <= n && x)
      out = sym_and2(c, sym_slt(c, x, sym_bv(c, 0, sym_width(c, x))),
                     sym_not(c, sym_eq(c, i64, sym_bv(c, 0, wi))));
    else if ((kd == IR_OP_ARITH_REMUI && m > 0 && m <= n) ||
             (kd == IR_OP_ARITH_ANDI && m >= 0 && m < n))
      out = Z3_mk_false(c->z);
  }
  *i64out = i64;
  return out;
}

/* A view whose every use is an event of a padded nest (sym_pad.c) is checked at each of them,
 * over the padded loop (its index there is the event's rewritten term). */
static bool padded_view(sym_ctx *c, const ir_op *op) {
  bool any = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->view != op && e->buf_view != op) continue;
    if (e->pad_pos == SYM_PAD_NONE) return false;
    any = true;
  }
  return any;
}

/* The ops that use view op (its events): the explorer reports an index outside the array at
 * the access through the view (a lifecycle bug there confirms the counterexample). */
static void view_sites(sym_ctx *c, vf_sym_violation *v, const ir_op *op) {
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (c->evs[i].view == op || c->evs[i].buf_view == op) sym_site(v, c->evs[i].op);
}

void sym_vc_bounds(sym_ctx *c, vf_sym_condres *r) {
  char lb[256];
  for (uint32_t k = 0; k < c->n_views; k++) {
    const ir_op *op = c->views[k];
    if (op->n_operands < 2 || !op->n_results) continue;
    const ir_type *src = op->operands[0]->type;
    if (!src || src->kind != IR_T_MEMDESC || src->rank < 1) continue;
    int64_t n = src->shape[0];
    r->n_checked++;
    sym_debug_what(c, "bounds of view %u", k);
    Z3_ast idx = sym_eval(c, op->operands[1]);
    if (!idx) {
      sym_note_unknown(r, "index at %s is not a scalar", ir_loc_str(op->loc, lb, sizeof lb));
      continue;
    }
    int loop = sym_loop_of_op(c, op);
    Z3_ast guard = Z3_mk_false(c->z);
    bool other = false;
    count_uses(c->fn->op->regions[0], op->results[0], &other, c);
    bool taint = sym_tainted(c, op->operands[1]);
    const char *name = op->operands[0]->name ? op->operands[0]->name : "buffer";
    for (uint32_t q = 0; q < c->n_rings; q++) /* name the allocation, not the block argument */
      for (uint32_t i = 0; i < c->n_evs; i++)
        if ((c->evs[i].view == op && c->evs[i].ring == (int)q) ||
            (c->evs[i].buf_view == op && c->evs[i].buf_ring == (int)q))
          name = c->rings[q].name;
    int part = -1;
    for (uint32_t i = 0; i < c->n_evs && part < 0; i++)
      if (c->evs[i].view == op || c->evs[i].buf_view == op) part = c->evs[i].part;
    Z3_ast extra[1];
    int64_t x[1];
    Z3_lbool st;
    if (!other && padded_view(c, op)) {
      for (uint32_t i = 0; i < c->n_evs; i++) {
        const sym_event *e = &c->evs[i];
        if (e->view != op && e->buf_view != op) continue;
        Z3_ast out = out_of_bounds(c, op, n, e, idx, &extra[0]);
        Z3_ast phi = sym_and2(c, sym_and2(c, c->loops[e->loop].range, e->pred), out);
        vf_sym_violation *v = sym_violation(c, r, op, part, phi, e->loop, c->loops[e->loop].it,
                                            taint || e->tainted, extra, 1, x, &st);
        if (v) {
          v->message = sym_fmt("index %lld into %s is outside its %lld slots", (long long)x[0],
                               name, (long long)n);
          view_sites(c, v, op);
        }
      }
      continue;
    }
    for (uint32_t i = 0; i < c->n_evs; i++) {
      const sym_event *e = &c->evs[i];
      if (e->view == op || e->buf_view == op) guard = sym_or2(c, guard, e->pred);
    }
    if (other) guard = Z3_mk_true(c->z); /* some use is not predicated: the index must hold */
    /* the inner loop of a flattened nest: with its flat counter itF = TB + k (implied by the
     * nest's definitions), so that the query's nest slice states the index over itF */
    if (loop >= 0)
      guard = sym_and2(c, guard, c->loops[loop].flat >= 0 ? c->loops[c->loops[loop].flat].range
                                                          : c->loops[loop].range);
    Z3_ast out = out_of_bounds(c, op, n, NULL, idx, &extra[0]);
    vf_sym_violation *v =
        sym_violation(c, r, op, part, sym_and2(c, guard, out), loop,
                      loop >= 0 ? c->loops[loop].it : NULL, taint, extra, 1, x, &st);
    if (v) {
      v->message = sym_fmt("index %lld into %s is outside its %lld slots", (long long)x[0], name,
                           (long long)n);
      view_sites(c, v, op);
    }
  }
  sym_finish_cond(r, "every memdesc_index stays inside its allocation whenever its view is used");
}
