/* sym_vc_acquire.c: back-pressure (e), acquire: an access of a buffer slot that a TMA load, or
 * another thread's write, writes is ordered with that write (semantics.md §1.8, §2.1). The
 * release side (the next write into the slot comes after the slot's reads: back-pressure (a),
 * (b)) says nothing about the write the access reads: without the wait, the access races it
 * (issue 12, found by a mutation audit: deleting the data-ready wait before a local_load left
 * all seven conditions proved).
 *
 * The rule (check_pair). Access x (read, write, async read or write) of buffer ring B, writer p
 * of B (a TMA load into B, any thread; a write or tcgen05 accumulator write of a thread other
 * than x's, not the parent's before the fork; x not after the join). Their instances of one
 * sequence number n (the same slot; a TMA load's buffer slot must be its barrier round's:
 * load_aligned) must be ordered: acquire (p, then an arrival on a ring G whose round n a wait
 * of x's thread observes before x (a wait of lag L at number s observes s - L * N: sym_wait_shift;
 * or, where the barrier's numbers are not the buffer's, at instances: relay): phase-agreement and the balances
 * make that wait pass only once every arrival of round n, p's among them, happened; a TMA load
 * is its own arrival, a tcgen05 write's arrival a commit) or release (x, then an arrival whose
 * round n a wait of p's thread observes before p). "Before" is program order at one
 * sequence number (precedes_at_seq): an earlier iteration of the same loop, a straight-line op
 * before the loop, the fork and the join. Z3 is asked for x's instance where p's instance of
 * n fires and neither order holds: a model is a race the explorer confirms (or a warning).
 * Shapes the rule does not follow (a TMA load whose buffer and barrier numbers are different
 * terms, an access without a sequence number, a padded loop without a guard, an order relayed
 * through waits on other barriers) are unknown, never proved. Earlier rounds on the slot
 * completed before round n (a slot's phases complete in order); later ones are the release
 * side, except for a synchronous writer of another thread, whose neighbouring rounds are asked
 * too (neighbour_rounds), and a tcgen05 accumulator write's. Two TMA loads into one buffer whose
 * slots may meet are unknown unless one thread issues both on their barrier rounds' slots
 * (tma_pairs). */
#include <stdio.h>
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* Slots of the ring event e numbers: an access of a buffer used without an index is one slot
 * (its ring's n is the buffer's leading dimension then); a view carried through iter_args has
 * no memdesc_index op but an index (sym_carried_view.c): a slot of the ring. */
static int64_t depth(const sym_ctx *c, const sym_event *e) {
  return sym_is_access(e->kind) && !e->view && !e->idx ? 1 : c->rings[e->ring].n;
}

/* The allocation's slot that access x's sequence number q names (messages): q mod depth(x),
 * so slot 0 for an access of a whole buffer. */
static long long access_slot(const sym_ctx *c, const sym_event *x, int64_t q) {
  int64_t N = depth(c, x);
  return (long long)sym_ring_slot(&c->rings[x->ring], ((q % N) + N) % N);
}

/* p writes the buffer slot of the barrier round it signals: its buffer sequence is its barrier
 * sequence, or (a sibling loop's load, whose buffer sequence is not numbered) both slots are one
 * index term, in rings of one depth. */
static bool load_aligned(sym_ctx *c, const sym_event *p) {
  if (!p->has_seq) return false;
  /* one term: round n of the barrier is the load of buffer sequence n, whatever the depths
   * (t05's two-slot buffers on a one-slot barrier: slot n mod 2, round n) */
  if (p->buf_has_seq && !p->base && !p->seqt && p->buf_mul == p->mul && p->buf_off == p->off)
    return true;
  if ((p->buf_view ? c->rings[p->buf_ring].n : 1) != c->rings[p->ring].n) return false;
  if (c->rings[p->ring].n == 1) return true; /* one slot each: every round writes it */
  return p->idx && p->buf_idx &&
         Z3_is_eq_ast(c->z, sym_simplify(c, p->idx), sym_simplify(c, p->buf_idx));
}

/* Event a's instance of sequence number n + d comes before event b's instance of n in program
 * order (a and b of one thread, or a of the parent before the fork, or b of the parent after
 * the join): the same loop with a's iteration earlier (its offset minus d larger, with one
 * multiple and base) or the same and a earlier in the body; a straight-line op before b's loop,
 * or a loop op before a straight-line b after its loop. A padded nest's ops of one slot per
 * step by flat step, then the body (the FA MMA partition's read of the previous step's V
 * through the carried view follows that step's wait); of several slots per step only at one
 * position, step and offset. d: a wait of lag L observes the round L * N below its own number
 * (sym_wait_shift); the numbers of one iteration are comparable whatever the rings' depths. */
bool sym_precedes_shift(sym_ctx *c, const sym_event *a, const sym_event *b, int64_t d) {
  if (!a->has_seq || !b->has_seq) return false;
  if (a->prefork && !b->prefork) return true;   /* the fork */
  if (b->postjoin && !a->postjoin) return true; /* the join */
  if (a->part != b->part || a->prefork != b->prefork || a->postjoin != b->postjoin) return false;
  if (a->pad_pos != SYM_PAD_NONE || b->pad_pos != SYM_PAD_NONE) {
    if (a->loop != b->loop || a->mul != b->mul || !sym_same_base(c, a, b)) return false;
    /* one slot per step (numbers itF + off, session 38): by flat steps, then the body (at
     * one step the ops that run are in text order: pre, inner, post); else one position */
    if (a->mul == 1 && a->pad_pos != SYM_PAD_NONE && b->pad_pos != SYM_PAD_NONE)
      return a->off - d > b->off || (a->off - d == b->off && a->pos < b->pos);
    return a->pad_pos == b->pad_pos && a->off - d == b->off && a->pos < b->pos;
  }
  if (a->loop == b->loop) {
    if (a->loop < 0) return a->pos < b->pos;
    return a->mul == b->mul && sym_same_base(c, a, b) &&
           (a->off - d > b->off || (a->off - d == b->off && a->pos < b->pos));
  }
  /* one straight-line, the other in a loop of the partition's body */
  if ((a->loop < 0) != (b->loop < 0)) return a->pos < b->pos;
  return false;
}

static bool precedes_at_seq(sym_ctx *c, const sym_event *a, const sym_event *b) {
  return sym_precedes_shift(c, a, b, 0);
}

/* Wait w (index wi) of event e's thread on ring G, whose instance observing round n of G comes
 * before e's instance of sequence number n: when it passes, round n of G has completed. */
static bool waits_before(sym_ctx *c, int wi, const sym_event *e, int G) {
  const sym_event *w = &c->evs[wi];
  if (w->kind != SYM_EV_WAIT || w->ring != G || w->unsupported || !w->has_seq) return false;
  int64_t d = sym_wait_shift(c, wi);
  return d >= 0 && sym_precedes_shift(c, w, e, d);
}

/* Arrival a is e's own completion barrier: a tcgen05 MMA's barrier operand, which arrives once
 * its operand reads and accumulator writes completed. */
static bool own_completion(const sym_event *e, const sym_event *a) {
  return a->op == e->op && (e->kind == SYM_EV_ASYNC_WRITE || e->kind == SYM_EV_ASYNC_READ);
}

/* Arrival a (index ai) on ring G after e's instance of sequence number n in e's thread: round
 * n of G completes only after e. A tcgen05 accumulator write is published only by a commit (it
 * completes asynchronously). */
static bool arrives_after(sym_ctx *c, int ai, const sym_event *e, int G) {
  const sym_event *a = &c->evs[ai];
  if ((a->kind != SYM_EV_ARRIVE && a->kind != SYM_EV_EXPECT) || a->ring != G || a->unsupported)
    return false;
  if (e->kind == SYM_EV_ASYNC_WRITE && !sym_is_commit(a)) return false;
  if (a->op == e->op) /* its own completion barrier (own_completion), at one sequence number */
    return e->has_seq && a->has_seq && e->loop == a->loop && e->pad_pos == a->pad_pos &&
           (e->loop < 0 || (e->mul == a->mul && e->off == a->off && sym_same_base(c, e, a)));
  return precedes_at_seq(c, e, a);
}

/* Bool: e fires with sequence number n + d (fires_rel, shifted). */
Z3_ast sym_fires_shift(sym_ctx *c, const sym_event *e, const sym_event *x, Z3_ast n,
                          int64_t d) {
  if (e->loop >= 0 && e->loop == x->loop && e->mul == x->mul && e->off - d == x->off &&
      e->pad_pos == x->pad_pos && sym_same_base(c, e, x) && !e->seqt && !x->seqt)
    return e->pred;
  if (e->loop < 0 && x->loop < 0 && !e->seqt && !x->seqt)
    return e->off - d == x->off ? e->pred : Z3_mk_false(c->z);
  return sym_fires(c, e, d ? sym_add(c, n, sym_int(c, d)) : n);
}

/* Bool: e fires with sequence number n, where n is the sequence number of x in x's iteration
 * (x's range and predicate are asserted): for an event of x's loop numbered like x that is its
 * predicate there (no instantiation at another iteration). */
static Z3_ast fires_rel(sym_ctx *c, const sym_event *e, const sym_event *x, Z3_ast n) {
  return sym_fires_shift(c, e, x, n, 0);
}

/* Bool: some event that pick accepts (for e and ring) fires with sequence number n; *any is
 * set when there is one, *taint when one of their terms is havoc. */
typedef bool (*pick_fn)(sym_ctx *c, int i, const sym_event *e, int ring);
static Z3_ast some_fires(sym_ctx *c, pick_fn pick, const sym_event *e, int ring,
                         const sym_event *x, Z3_ast n, bool *any, bool *taint) {
  Z3_ast f = Z3_mk_false(c->z);
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (pick(c, (int)i, e, ring)) {
      int64_t d = c->evs[i].kind == SYM_EV_WAIT ? sym_wait_shift(c, (int)i) : 0;
      f = sym_or2(c, f, sym_fires_shift(c, &c->evs[i], x, n, d));
      *any = true;
      *taint |= c->evs[i].tainted;
    }
  return f;
}

/* A wait of e's thread that may come before e (not on ring skip). */
static bool some_wait_before(sym_ctx *c, const sym_event *e, int skip) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *w = &c->evs[i];
    if (w->kind != SYM_EV_WAIT || w->ring == skip || w->dead) continue;
    if (w->part == e->part && (w->pos < e->pos || (w->loop >= 0 && w->loop == e->loop)))
      return true;
    if (w->prefork && !e->prefork) return true;
  }
  return false;
}

/* Wait wi is straight-line on ring G and observes the round of sequence number off (its own
 * number minus its lag's shift). */
bool sym_straight_observer(sym_ctx *c, uint32_t wi, int G, int64_t off) {
  const sym_event *w = &c->evs[wi];
  if (w->kind != SYM_EV_WAIT || w->ring != G || w->loop >= 0 || w->unsupported || !w->has_seq ||
      w->seqt)
    return false;
  int64_t d = sym_wait_shift(c, (int)wi);
  return d >= 0 && w->off - d == off;
}

/* A straight-line access x and a straight-line TMA load p of one buffer used without an index,
 * whose barrier has other slots (ConSan's one-buffer kernels): a load issued after x in x's
 * thread comes after it; otherwise a wait of x's thread on p's barrier slot and round
 * (p's sequence number) before x must run whenever both do. */
static void straight_pair(sym_ctx *c, vf_sym_condres *r, const sym_event *x, const sym_event *p,
                          const char *lb, const char *pl) {
  if (p->part == x->part && p->prefork == x->prefork && p->pos > x->pos) return;
  Z3_ast none = Z3_mk_true(c->z);
  bool any = false, taint = x->tainted || p->tainted;
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    if (!sym_straight_observer(c, wi, p->ring, p->off)) continue;
    bool before = (w->part == x->part && w->prefork == x->prefork && w->pos < x->pos) ||
                  (w->prefork && !x->prefork);
    if (!before) continue;
    any = true;
    taint |= w->tainted;
    none = sym_and2(c, none, sym_not(c, w->pred));
  }
  if (!any && some_wait_before(c, x, p->ring)) {
    sym_note_unknown(r, "access of %s at %s: no wait of its thread observes the round of the "
                     "TMA load at %s; an order relayed through other barriers is not followed",
                     c->rings[x->ring].name, lb, pl);
    return;
  }
  Z3_ast phi = sym_and2(c, sym_and2(c, x->pred, p->pred), none);
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, x->op, x->part, phi, -1, NULL, taint, NULL, 0, NULL,
                                      &st);
  if (!v) return;
  sym_site(v, p->op);
  sym_ring_sites(c, v, p->ring);
  v->message = sym_fmt("accesses %s while the TMA load at %s may still be writing it: no wait on "
                       "%s before the access observes that load (semantics.md §1.8)",
                       c->rings[x->ring].name, pl, c->rings[p->ring].name);
}

/* Straight-line ops of threads a (first) and b: an arrival of a's thread after a and a
 * wait of b's thread before b on one barrier slot and round (their sequence numbers equal):
 * Bool where both run (false when there is no such pair; *any set when there is). */
Z3_ast sym_straight_order(sym_ctx *c, const sym_event *a, const sym_event *b, bool *any,
                          bool *taint) {
  Z3_ast f = Z3_mk_false(c->z);
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *ar = &c->evs[i];
    if ((ar->kind != SYM_EV_ARRIVE && ar->kind != SYM_EV_EXPECT) || ar->loop >= 0 ||
        ar->unsupported || !ar->has_seq || ar->seqt || ar->part != a->part ||
        ar->prefork != a->prefork)
      continue;
    /* after a: later in program order, or a's own completion barrier; a tcgen05 accumulator
     * write is published only by a commit or its own barrier (arrives_after) */
    if (ar->op == a->op ? !own_completion(a, ar)
                        : ar->pos <= a->pos || (a->kind == SYM_EV_ASYNC_WRITE && !sym_is_commit(ar)))
      continue;
    for (uint32_t j = 0; j < c->n_evs; j++) {
      const sym_event *w = &c->evs[j];
      if (!sym_straight_observer(c, j, ar->ring, ar->off) || w->part != b->part ||
          w->prefork != b->prefork || w->pos >= b->pos)
        continue;
      f = sym_or2(c, f, sym_and2(c, ar->pred, w->pred));
      *any = true;
      *taint |= ar->tainted || w->tainted;
    }
  }
  return f;
}

/* Straight-line access x and another thread's straight-line write p of a buffer used without
 * an index: their sequence numbers are each thread's own count, not rounds, so the pair is
 * ordered (either way) by an arrival and a wait on one barrier round. */
static void generic_straight(sym_ctx *c, vf_sym_condres *r, const sym_event *x,
                             const sym_event *p, const char *lb, const char *pl) {
  bool any = false, taint = x->tainted || p->tainted;
  Z3_ast ord = sym_or2(c, sym_straight_order(c, p, x, &any, &taint),
                       sym_straight_order(c, x, p, &any, &taint));
  if (!any && (some_wait_before(c, x, -1) || some_wait_before(c, p, -1))) {
    sym_note_unknown(r, "access of %s at %s, write at %s: no arrival and wait on one barrier "
                     "round order them; an order relayed through other barriers is not "
                     "followed", c->rings[x->ring].name, lb, pl);
    return;
  }
  Z3_ast same = sym_same_slot(c, x->idx, p->idx);
  Z3_ast phi = sym_and2(c, sym_and2(c, sym_and2(c, x->pred, p->pred), same), sym_not(c, ord));
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, x->op, x->part, phi, -1, NULL, taint, NULL, 0, NULL,
                                      &st);
  if (!v) return;
  sym_site(v, p->op);
  v->message = sym_fmt("accesses %s while %s's write at %s may run at the same time: no wait of "
                       "either thread observes an arrival the other makes after its access",
                       c->rings[x->ring].name, sym_part_label(c, p->part), pl);
}

/* Event e (loop or straight-line, no padded nest) at iteration J of its loop (NULL: its own
 * counter): Bool where it fires, and its sequence number there. */
static Z3_ast fires_at(sym_ctx *c, const sym_event *e, Z3_ast J) {
  Z3_ast f = sym_and2(c, sym_ev_range(c, e), e->pred);
  return J && e->loop >= 0 ? sym_at(c, e->loop, f, J) : f;
}
static Z3_ast seq_at(sym_ctx *c, const sym_event *e, Z3_ast J) {
  Z3_ast t = sym_seq_term(c, e);
  return J && e->loop >= 0 ? sym_at(c, e->loop, t, J) : t;
}

/* a and b of one thread, a's instance in b's iteration (or a straight-line a before b's loop or
 * the fork, or a straight-line b after a's loop) comes before b's (ordered by position). */
static bool before_in_iteration(const sym_event *a, const sym_event *b) {
  if (a->prefork && !b->prefork) return true;
  if (a->part != b->part || a->prefork != b->prefork || a->postjoin != b->postjoin) return false;
  if (a->loop == b->loop || a->loop < 0 || b->loop < 0) return a->pos < b->pos;
  return false;
}

/* The outer loop of flattened loop l (docs/symbolic.md §1 "Nested loops", "Fused loops"), -1
 * when l is none (a padded nest's outer body is placed inside its flattened loop). */
static int nest_outer(const sym_ctx *c, int l) {
  if (l < 0) return -1;
  const sym_loop *F = &c->loops[l];
  return F->flat_outer >= 0 && !F->pad ? F->flat_outer : -1;
}

/* o, an arrival (after: true) or a wait (false) of inner's thread in the outer loop O of
 * inner's flattened loop, comes after (before) inner's instance at outer iteration t + *delta,
 * t being inner's. A real nest's outer body runs before its inner loop (o earlier in the body)
 * or after it (o later): at t when o is on the right side of inner, else at t + 1 (an
 * arrival) or t - 1 (a wait). A fused loop's outer events fire at the tile's last K step
 * (sym_fused.c): an arrival later in the body at t, earlier at t + 1; a wait at t - 1 only.
 * An MMA's own barrier is no outer event here (own_completion). */
static bool outer_body(const sym_ctx *c, const sym_event *inner, const sym_event *o, bool after,
                       int *delta) {
  int O = nest_outer(c, inner->loop);
  if (O < 0 || o->loop != O || o->part != inner->part || o->prefork != inner->prefork ||
      o->postjoin != inner->postjoin || o->op == inner->op)
    return false;
  if (o->op->code == IR_OP_TTNG_TC_GEN5_MMA || o->op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED)
    return false; /* a fused loop's MMA event of O fires at every K step */
  bool fused = c->loops[inner->loop].fused;
  if (after)
    *delta = o->pos > inner->pos ? 0 : 1;
  else
    *delta = !fused && o->pos < inner->pos ? 0 : -1;
  return true;
}

/* The outer iteration of inner's flattened loop at inner's iteration J (NULL: its own
 * counter), plus delta. */
static Z3_ast outer_at(sym_ctx *c, const sym_event *inner, Z3_ast J, int delta) {
  Z3_ast t = c->loops[nest_outer(c, inner->loop)].it;
  if (J) t = sym_at(c, inner->loop, t, J);
  return delta ? sym_add(c, t, sym_int(c, delta)) : t;
}

/* Order through a barrier relay at instances: first's instance at iteration Jf (NULL: its own
 * counter), then an arrival a of first's thread after it in that iteration, whose round a wait
 * w of second's thread observes (its sequence number minus lag * N, sym_wait_lag) before
 * second's instance at iteration Js. Unlike the "one sequence number" pairing of check_pair,
 * the barrier's numbers need not be the buffer's: consan's buffers on slot 1 whose barrier is
 * slot 0. Bool where some such pair runs (false when there is none; *any set when there is). */
static Z3_ast relay(sym_ctx *c, const sym_event *first, Z3_ast Jf, const sym_event *second,
                    Z3_ast Js, bool ge, bool *any, bool *taint) {
  Z3_ast f = Z3_mk_false(c->z);
  if (first->pad_pos != SYM_PAD_NONE || second->pad_pos != SYM_PAD_NONE) return f;
  Z3_ast one = sym_int(c, 1);
  int delta;
  for (uint32_t ai = 0; ai < c->n_evs; ai++) {
    const sym_event *a = &c->evs[ai];
    if ((a->kind != SYM_EV_ARRIVE && a->kind != SYM_EV_EXPECT) || a->unsupported ||
        !a->has_seq || a->ring < 0 || a->pad_pos != SYM_PAD_NONE || a->seqt)
      continue;
    if (first->kind == SYM_EV_ASYNC_WRITE && !sym_is_commit(a)) continue;
    /* a's instance after first's: in first's iteration (later in the body, or first's own
     * completion barrier), or in the next iteration of first's loop (earlier in the body) */
    Z3_ast Ja = Jf;
    if (a->op == first->op) {
      if (!own_completion(first, a)) continue;
    } else if (outer_body(c, first, a, true, &delta)) {
      Ja = outer_at(c, first, Jf, delta); /* the outer body after first's inner loop */
    } else if (!before_in_iteration(first, a) || a->loop != first->loop) {
      if (a->loop < 0 || a->loop != first->loop || first->part != a->part ||
          first->prefork != a->prefork)
        continue;
      Ja = sym_add(c, Jf ? Jf : sym_ev_it(c, first), one); /* the next iteration */
    }
    for (uint32_t wi = 0; wi < c->n_evs; wi++) {
      const sym_event *w = &c->evs[wi];
      if (w->kind != SYM_EV_WAIT || w->ring != a->ring || w->unsupported || !w->has_seq ||
          w->pad_pos != SYM_PAD_NONE || w->seqt)
        continue;
      /* w's instance before second's: in second's iteration (earlier in the body, or a
       * straight-line w before second's loop or the fork), or in the previous iteration of
       * second's loop (later in the body) */
      Z3_ast Jw = Js;
      if (outer_body(c, second, w, false, &delta)) {
        Jw = outer_at(c, second, Js, delta); /* the outer body before second's inner loop */
      } else if (!before_in_iteration(w, second) || (w->loop >= 0 && w->loop != second->loop)) {
        if (w->loop < 0 || w->loop != second->loop || w->part != second->part ||
            w->prefork != second->prefork)
          continue;
        Jw = sym_sub(c, Js ? Js : sym_ev_it(c, second), one); /* the previous iteration */
      }
      int64_t d = sym_wait_shift(c, (int)wi);
      if (d < 0) continue;
      Z3_ast obs = sym_sub(c, seq_at(c, w, Jw), sym_int(c, d)), sa = seq_at(c, a, Ja);
      /* ge: a later round of a's slot will do (a slot's phases complete in order) */
      Z3_ast same = sym_eq(c, obs, sa);
      if (ge) {
        int64_t N = c->rings[a->ring].n;
        same = sym_sle(c, sa, obs);
        if (N > 1)
          same = sym_and2(c, same, sym_eq(c, Z3_mk_bvsmod(c->z, sym_sub(c, obs, sa), sym_int(c, N)),
                                          sym_int(c, 0)));
      }
      Z3_ast g = sym_and2(c, sym_and2(c, fires_at(c, a, Ja), fires_at(c, w, Jw)), same);
      f = sym_or2(c, f, g);
      *any = true;
      *taint |= a->tainted || w->tainted;
    }
  }
  return f;
}

Z3_ast sym_same_slot(sym_ctx *c, Z3_ast a, Z3_ast b) {
  return a && b && sym_width(c, a) == sym_width(c, b) ? sym_eq(c, a, b) : Z3_mk_true(c->z);
}

/* Padded events x and p (either in a padded nest) whose slot terms meet at concrete iterations
 * 0 .. 3 of their loops (guesses, sym_ring_guess): they are taken to share a slot without the
 * query, which would be satisfiable and costs seconds there (a model through the nest's step
 * predicates; kv-pair.ok). Only ever answers "not disjoint": the pair is then checked. */
static bool padded_overlap(sym_ctx *c, const sym_event *x, Z3_ast xidx, const sym_event *p,
                           Z3_ast pidx) {
  if ((x->pad_pos == SYM_PAD_NONE && p->pad_pos == SYM_PAD_NONE) || x->loop < 0 || p->loop < 0)
    return false;
  int64_t a[4], b[4];
  for (int j = 0; j < 4; j++)
    if (!sym_numeral(c, sym_ring_guess(c, x->loop, xidx, j), &a[j]) ||
        !sym_numeral(c, sym_ring_guess(c, p->loop, pidx, j), &b[j]))
      return false;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      if (a[i] == b[j]) return true;
  return false;
}

/* Access x and writer p (slot term pidx) never touch one slot of the ring: two different
 * constants, or (in different loops or threads, whose iteration terms are independent) no
 * instances of both that fire on one slot (ConSan's partitions on slots {0, 1} and {2, 3} of
 * one allocation). */
bool sym_disjoint_slots(sym_ctx *c, const sym_event *x, const sym_event *p, Z3_ast pidx) {
  if (!x->idx || !pidx || sym_width(c, x->idx) != sym_width(c, pidx)) return false;
  /* on one sub-ring (sym_ring_split.c) the allocation's slots compare alike, without the
   * division of the sub-ring's slot terms */
  Z3_ast xidx = x->idx;
  Z3_ast palloc = pidx == p->idx ? p->idx_alloc : pidx == p->buf_idx ? p->buf_idx_alloc : NULL;
  if (x->idx_alloc && palloc && sym_width(c, x->idx_alloc) == sym_width(c, palloc)) {
    xidx = x->idx_alloc;
    pidx = palloc;
  }
  int64_t ix, ip;
  if (sym_numeral(c, sym_simplify(c, xidx), &ix) && sym_numeral(c, sym_simplify(c, pidx), &ip))
    return ix != ip;
  if (x->part == p->part && x->prefork == p->prefork && x->loop == p->loop) return false;
  if (padded_overlap(c, x, xidx, p, pidx)) return false;
  Z3_ast both = sym_and2(c, sym_and2(c, sym_ev_range(c, x), x->pred),
                         sym_and2(c, sym_ev_range(c, p), p->pred));
  return sym_sat(c, sym_and2(c, both, sym_eq(c, xidx, pidx))) == Z3_L_FALSE;
}

/* A tcgen05 MMA's accumulator write: asynchronous, but its neighbouring rounds against a
 * synchronous access of another thread are asked like a synchronous write's. (a) does not see
 * them when the write's slot is not its empty wait's: acc-tile.ok with the MMA on slot
 * (s + 1) mod 2 had all seven proved (session 29's slot audit); its relays end at the MMA's
 * commit (own_completion). */
static bool tc05_write(const sym_event *p) {
  return p->kind == SYM_EV_ASYNC_WRITE; /* its only kind (sym_internal.h) */
}

/* An asynchronous read x (a TMA store, a wgmma or tcgen05 MMA operand) of a slot that another
 * thread's synchronous write p fills: the next round's write must follow x's read, which an
 * arrival after x's completion (a group wait, an MMA's commit) hands back. Asked as for a
 * synchronous read. Found by session 29's --late audit on the Gluon ws_add kernel (the compute
 * partition's wait on the slot's empty barrier moved below its local_store, then read by a TMA
 * store) and session 30's on tutorial 06's attention (the softmax partition's wait on the P @ V
 * MMA's barrier moved below its tmem_store of P, which that MMA reads): all seven were proved,
 * since with the write before the wait (b) takes the buffer as unguarded and asks nothing.
 * Asked only there (a buffer no buffer-empty wait of any thread guards, sym_bp_guarded): where
 * one does, (b) orders x's read before the release the writer waits for, and the relay below
 * does not follow a release deferred to the next iteration (ws_add's store partition releases
 * slot i after the store of i + 1: an unreproduced warning); guarded MMA operands stay with (a)
 * and (d). */
static bool async_read_unguarded(sym_ctx *c, const sym_event *x, const sym_event *p) {
  return x->kind == SYM_EV_ASYNC_READ && p->kind == SYM_EV_WRITE && !sym_bp_guarded(c, x->ring);
}

/* The neighbouring rounds of a synchronous write p of another thread: x's instance at n and p's
 * at n + N (N the ring's depth: the slot's next round) and at n - N (its previous round) must
 * be ordered too. When the pair at n is ordered x then p (rel), p's later instance follows by
 * program order, so only the earlier one needs a relay p then x; when it is ordered p then x
 * (acq), the earlier one precedes by program order and the later one needs a relay x then p.
 * Back-pressure (a) and (b) order rings through their barriers' phases; a writer that does not
 * wait at all is not theirs to see (ConSan's two_producers_two_consumers with a producer wait
 * deleted was proved). tcgen05 accumulator writes are asked the same way (tc05_write); TMA
 * loads are left to (a) (a producer that skips its wait lets its barrier's next phase complete
 * early; a load whose buffer slot is not its barrier round's is unknown: load_aligned); so are
 * asynchronous accesses x (below). A model is a race
 * the explorer confirms (or a warning); no relay at all: unknown. */
static void neighbour_rounds(sym_ctx *c, vf_sym_condres *r, const sym_event *x,
                             const sym_event *p, Z3_ast n, Z3_ast acq, Z3_ast rel,
                             const char *lb, const char *pl) {
  /* synchronous accesses only; a straight-line p has one instance. An asynchronous access (an
   * MMA's operand or accumulator) against another thread's neighbouring write is left to
   * back-pressure (a) and (d): on the tcgen05 attention kernels the relay through the MMA's
   * barrier is not found at one iteration (unreproduced counterexamples, session 20) */
  if ((p->kind != SYM_EV_WRITE && !tc05_write(p)) || p->loop < 0 ||
      (x->kind != SYM_EV_READ && x->kind != SYM_EV_WRITE && !async_read_unguarded(c, x, p)))
    return;
  if (x->seqt || p->seqt || x->pad_pos != SYM_PAD_NONE || p->pad_pos != SYM_PAD_NONE) {
    sym_note_unknown(r, "access of %s at %s: the write of its slot's neighbouring rounds at %s "
                     "is not placed (a padded nest or a sequence term)", c->rings[x->ring].name,
                     lb, pl);
    return;
  }
  int64_t N = depth(c, x);
  Z3_ast xs = sym_and2(c, sym_ev_range(c, x), x->pred), pn = sym_fires(c, p, n);
  for (int dir = -1; dir <= 1; dir += 2) {
    Z3_ast m = sym_add(c, n, sym_int(c, dir * N));
    Z3_ast Jp = sym_iter_of_seq(c, p, m);
    bool any = false, taint = x->tainted || p->tainted;
    /* dir +1: x then p's next write; -1: p's previous write then x */
    Z3_ast direct = dir > 0 ? relay(c, x, NULL, p, Jp, false, &any, &taint)
                            : relay(c, p, Jp, x, NULL, false, &any, &taint);
    Z3_ast trans = sym_and2(c, pn, dir > 0 ? rel : acq); /* through p's instance at n */
    Z3_ast bad = sym_and2(c, sym_and2(c, xs, sym_fires(c, p, m)),
                          sym_not(c, sym_or2(c, direct, trans)));
    sym_debug_what(c, "back-pressure (e) round %+d of ev %d, %d", dir, (int)(x - c->evs),
                   (int)(p - c->evs));
    if (!any) {
      if (sym_sat(c, bad) != Z3_L_FALSE)
        sym_note_unknown(r, "access of %s at %s: the write of the slot's %s round at %s is not "
                         "ordered with it by an arrival and a wait on one round (an order "
                         "relayed through other barriers is not followed)",
                         c->rings[x->ring].name, lb, dir > 0 ? "next" : "previous", pl);
      continue;
    }
    Z3_ast extra[1] = {n};
    int64_t v_x[1];
    Z3_lbool st;
    vf_sym_violation *v = sym_violation(c, r, x->op, x->part, bad, x->loop, sym_ev_it(c, x),
                                        taint, extra, 1, v_x, &st);
    if (!v) continue;
    sym_site(v, p->op);
    char when[48] = "";
    if (v->iteration >= 0)
      snprintf(when, sizeof when, " in iteration %lld", (long long)v->iteration);
    v->message = sym_fmt("accesses %s[%lld]%s while %s's %s write of that slot at %s may run at "
                         "the same time: no wait orders that write with the access",
                         c->rings[x->ring].name,
                         access_slot(c, x, v_x[0]), when,
                         sym_part_label(c, p->part), dir > 0 ? "next" : "previous", pl);
  }
}

/* Access x and another thread's write p of one buffer slot, one of them in a loop nest's
 * (or a fused loop's) inner loop and the other not in that loop (the tcgen05 matmuls: the K loop's
 * MMAs write the accumulator, the epilogue reads it once per tile): their sequence numbers
 * count different things (K steps, tiles), so pairing equal numbers means nothing. Every
 * instance of p (at a free iteration J) against x's instance is asked instead: ordered by a
 * relay either way, which may go through the outer body around the inner loop (a commit after
 * the K loop, a wait before it) and end at a later round of the arrival's slot. */
static void all_instances(sym_ctx *c, vf_sym_condres *r, const sym_event *x,
                          const sym_event *p, const char *lb, const char *pl) {
  Z3_ast J = p->loop >= 0 ? sym_fresh(c, "J", c->wide) : NULL;
  bool any = false, taint = x->tainted || p->tainted;
  sym_debug_what(c, "back-pressure (e) all instances of ev %d against ev %d", (int)(p - c->evs),
                 (int)(x - c->evs));
  Z3_ast ord = sym_or2(c, relay(c, p, J, x, NULL, true, &any, &taint),
                       relay(c, x, NULL, p, J, true, &any, &taint));
  Z3_ast both = sym_and2(c, fires_at(c, x, NULL), fires_at(c, p, J));
  both = sym_and2(c, both, sym_same_slot(c, x->idx, J && p->idx ? sym_at(c, p->loop, p->idx, J)
                                                                   : p->idx));
  if (!any) {
    if (sym_sat(c, both) != Z3_L_FALSE)
      sym_note_unknown(r, "access of %s at %s, write at %s: no arrival and wait order them (an "
                       "order relayed through other barriers is not followed)",
                       c->rings[x->ring].name, lb, pl);
    return;
  }
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, x->op, x->part, sym_and2(c, both, sym_not(c, ord)),
                                      x->loop, sym_ev_it(c, x), taint, NULL, 0, NULL, &st);
  if (!v) return;
  sym_site(v, p->op);
  v->message = sym_fmt("accesses %s while %s's write at %s may run at the same time: no wait of "
                       "either thread observes an arrival the other makes after its access",
                       c->rings[x->ring].name, sym_part_label(c, p->part), pl);
}

/* An accumulator written in a loop nest: a tcgen05 accumulator write in a flattened (or fused)
 * nest's inner loop, which writes its slot at every K step of a round. */
static bool nest_accumulator(const sym_ctx *c, const sym_event *e) {
  return e->kind == SYM_EV_ASYNC_WRITE && nest_outer(c, e->loop) >= 0;
}

/* The sequence numbers of x and p count different things: one is a nest's accumulator write
 * (K steps), the other is in no nest's inner loop (tiles): all_instances, their slots compared
 * as terms. Two inner loops (a producer's and a consumer's K loops, a fused loop's data ring)
 * count the ring's uses alike: their numbers pair (check_pair). */
static bool counts_differ(sym_ctx *c, const sym_event *x, const sym_event *p) {
  bool slots = (!x->view || x->idx) && (!p->view || p->idx) &&
               (!x->idx || !p->idx || sym_width(c, x->idx) == sym_width(c, p->idx));
  return slots && x->loop != p->loop && x->pad_pos == SYM_PAD_NONE &&
         p->pad_pos == SYM_PAD_NONE && !x->seqt && !p->seqt && !x->base && !p->base &&
         ((nest_accumulator(c, p) && nest_outer(c, x->loop) < 0) ||
          (nest_accumulator(c, x) && nest_outer(c, p->loop) < 0));
}

/* An op that arrives on a barrier (or may, at its completion: a tcgen05 op). */
static bool arrival_op(const ir_op *op) {
  return op->code == IR_OP_TTNG_ARRIVE_BARRIER || op->code == IR_OP_TTNG_BARRIER_EXPECT ||
         op->code == IR_OP_TTNG_TC_GEN5_COMMIT || op->code == IR_OP_TTNG_TC_GEN5_MMA ||
         op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED ||
         op->code == IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE;
}

/* An asynchronous access a (its op) whose slot another thread accesses: the engine reads or
 * writes it until a group wait retires it, not at issue, so an arrival of a's thread
 * publishes (or releases) it only when such a wait comes first. Scanned in a's block from a on:
 * a cp.async's group is closed by the next ttg.async_commit_group and `async_wait {num = P}`
 * retires it once P groups were committed after it; an async wgmma or a TMA store is one group
 * of its own, retired by `warp_group_dot_wait` / `async_tma_store_wait {pendings = P}` once P
 * ops of its kind were issued after it (semantics.md §2.2). An arrival, a tcgen05 op or a
 * region op before such a wait (or the block's end) leaves it in flight there. Before session
 * 23 these accesses counted as done at issue: ConSan's ws_async_copy_wait_visibility.0 (a
 * cp.async) and ws_wgmma_wait_visibility.0 (an async wgmma's operand read, overwritten by
 * another thread after the arrive that follows `warp_group_dot_wait {pendings = 1}`) had all
 * seven proved.
 * The scan of a's block from a on: true when a group wait retires a first; an arrival, a
 * region op or the block's end stops it (false). A thread's own accesses against its
 * in-flight cp.async: sym_vc_cpasync.c. */
static bool retired_in_block(const sym_event *ae) {
  const ir_op *a = ae->op;
  bool cp = a->code == IR_OP_TTG_ASYNC_COPY_G2L;
  ir_opcode wait = cp ? IR_OP_TTG_ASYNC_WAIT
             : a->code == IR_OP_TTNG_WARP_GROUP_DOT ? IR_OP_TTNG_WARP_GROUP_DOT_WAIT
                                                    : IR_OP_TTNG_TMA_STORE_WAIT;
  int64_t after = 0; /* groups issued (cp.async: committed) after a's */
  bool closed = !cp;  /* a's own group committed */
  for (const ir_op *op = a->next; op; op = op->next) {
    if (cp && op->code == IR_OP_TTG_ASYNC_COMMIT_GROUP) {
      after += closed;
      closed = true;
    } else if (!cp && op->code == a->code &&
               (a->code != IR_OP_TTNG_WARP_GROUP_DOT ||
                (ir_op_has_attr(op, "isAsync") && ir_op_attr_int(op, "isAsync", 1)))) {
      after++; /* a synchronous wgmma is no group */
    } else if (op->code == wait) {
      if (closed && after >= ir_op_attr_int(op, cp ? "num" : "pendings", 0)) return true;
    } else if (op->n_regions || arrival_op(op)) {
      return false;
    }
  }
  return false;
}

/* Does pair (x, p) rely on an asynchronous access handed over by an arrival, unretired there?
 * A cp.async writer p (any position), or a straight-line async wgmma / TMA store read x (in a
 * loop the group counts cross iterations: sym_async_retired's business, back-pressure (b)). */
static const sym_event *in_flight(sym_ctx *c, const sym_event *x, const sym_event *p) {
  if (p->op->code == IR_OP_TTG_ASYNC_COPY_G2L && !retired_in_block(p)) return p;
  if (x->kind == SYM_EV_ASYNC_READ && x->loop < 0 && x->group != SYM_G_TC05 &&
      !retired_in_block(x))
    return x;
  return NULL;
}

/* Access x and writer p of its buffer ring (a TMA load into it, or a write of another thread).
 * Their instances of one sequence number n (the same slot, the round the protocol pairs them
 * in) must be ordered one way: acquire (p, then an arrival on some ring G whose round n a wait
 * of x's thread observes before x; a TMA load is its own arrival) or release (x, then an
 * arrival on some ring H whose round n a wait of p's thread observes before p; a TMA load of
 * x's own thread issued after x in the iteration). Instances of other sequence numbers on the
 * slot are earlier rounds of the ring (complete before round n: a slot's phases complete in
 * order) or later ones (the release side: back-pressure (a), (b)). A model (both fire at n,
 * neither order holds) is a race. */
static void check_pair(sym_ctx *c, vf_sym_condres *r, const sym_event *x, const sym_event *p) {
  char lb[256], pl[256];
  const char *B = c->rings[x->ring].name;
  bool tma = p->kind == SYM_EV_TMA_LOAD;
  Z3_ast pidx = tma ? p->buf_idx : p->idx;
  sym_debug_what(c, "back-pressure (e) of ev %d, %d", (int)(x - c->evs), (int)(p - c->evs));
  if (sym_disjoint_slots(c, x, p, pidx)) return; /* different buffers: nothing to order */
  if (sym_fp_disjoint(x, p)) return;              /* different parts of one slot */
  /* two atomic RMWs do not conflict (the explicit model: sim_fp_conflict) */
  if (x->op->code == IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW &&
      p->op->code == IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW)
    return;
  r->n_checked++;
  ir_loc_str(x->op->loc, lb, sizeof lb);
  ir_loc_str(p->op->loc, pl, sizeof pl);
  const sym_event *fl = in_flight(c, x, p);
  if (fl) {
    char al[256];
    sym_note_unknown(r, "access of %s at %s (written at %s): no group wait retires the %s at %s "
                     "before its thread's next arrival", B, lb, pl,
                     ir_ops[fl->op->code].name, ir_loc_str(fl->op->loc, al, sizeof al));
    return;
  }
  if (x->unsupported || !x->has_seq || p->unsupported || (!tma && !p->has_seq)) {
    const char *why = x->unsupported ? x->unsupported : !x->has_seq ? "no sequence number"
                      : p->unsupported ? p->unsupported : "the write has no sequence number";
    sym_note_unknown(r, "access of %s at %s (written at %s): %s", B, lb, pl, why);
    return;
  }
  if (!tma && counts_differ(c, x, p)) {
    all_instances(c, r, x, p, lb, pl);
    return;
  }
  if (tma && !load_aligned(c, p) && x->loop < 0 && p->loop < 0 && !x->seqt && !p->seqt &&
      !x->view && !p->buf_view) {
    straight_pair(c, r, x, p, lb, pl);
    return;
  }
  if (!tma && x->loop < 0 && p->loop < 0 && !x->seqt && !p->seqt) {
    generic_straight(c, r, x, p, lb, pl);
    return;
  }
  if (tma && !load_aligned(c, p)) {
    sym_note_unknown(r, "access of %s at %s: the TMA load at %s writes a buffer slot other than "
                     "its barrier round's (whose completion the access's wait observes is not "
                     "followed)", B, lb, pl);
    return;
  }
  Z3_ast n = sym_seq_term(c, x); /* x's instance in its iteration */
  bool any = false, taint = x->tainted || p->tainted;
  Z3_ast acq = Z3_mk_false(c->z), rel = Z3_mk_false(c->z); /* p then x; x then p */
  for (uint32_t G = 0; G < c->n_rings; G++) {
    if (!c->rings[G].is_barrier) continue;
    bool aw = false, ap = tma && p->ring == (int)G, rw = false, rp = false;
    /* acquire through G */
    Z3_ast pub = tma ? Z3_mk_true(c->z) : some_fires(c, arrives_after, p, (int)G, x, n, &ap, &taint);
    Z3_ast obs = some_fires(c, waits_before, x, (int)G, x, n, &aw, &taint);
    if (aw && ap) acq = sym_or2(c, acq, sym_and2(c, pub, obs));
    any |= aw && ap;
    if (tma) continue;
    /* release through G */
    Z3_ast out = some_fires(c, arrives_after, x, (int)G, x, n, &rp, &taint);
    Z3_ast robs = some_fires(c, waits_before, p, (int)G, x, n, &rw, &taint);
    if (rw && rp) rel = sym_or2(c, rel, sym_and2(c, out, robs));
    any |= rw && rp;
  }
  /* relays whose barrier numbers are not the buffer's (p's iteration at x's number n) */
  if (!tma && !x->seqt && !p->seqt) {
    Z3_ast Jp = p->loop >= 0 ? sym_iter_of_seq(c, p, n) : NULL;
    acq = sym_or2(c, acq, relay(c, p, Jp, x, NULL, false, &any, &taint));
    rel = sym_or2(c, rel, relay(c, x, NULL, p, Jp, false, &any, &taint));
  }
  /* a TMA load issued after x in x's own iteration */
  if (tma && precedes_at_seq(c, x, p)) {
    rel = sym_or2(c, rel, fires_rel(c, p, x, n));
    any = true;
  }
  Z3_ast ordered = sym_or2(c, acq, rel);
  if (!tma) neighbour_rounds(c, r, x, p, n, acq, rel, lb, pl);
  /* no instance of p at x's sequence number: nothing to order (other numbers: the header) */
  Z3_ast both = sym_and2(c, sym_and2(c, sym_ev_range(c, x), x->pred), fires_rel(c, p, x, n));
  if (!any && sym_sat(c, both) == Z3_L_FALSE) return;
  if (!any && (x->pad_pos != SYM_PAD_NONE || some_wait_before(c, x, tma ? p->ring : -1) ||
               (!tma && some_wait_before(c, p, -1)))) {
    sym_note_unknown(r, "access of %s at %s: no wait of its thread observes the round of the %s "
                     "at %s, nor does one of the writer's observe its release%s", B, lb,
                     tma ? "TMA load" : "write", pl,
                     x->pad_pos != SYM_PAD_NONE ? " (a padded nest)"
                                                : "; an order relayed through other barriers "
                                                  "is not followed");
    return;
  }
  /* x and p's write of slot n both run (a TMA load's buffer sequence is its barrier sequence,
   * load_aligned), ordered neither way */
  Z3_ast phi = sym_and2(c, both, sym_not(c, ordered));
  Z3_ast extra[1] = {n};
  int64_t v_x[1];
  Z3_lbool st;
  sym_debug_what(c, "back-pressure (e) of %s at %s", B, lb);
  vf_sym_violation *v = sym_violation(c, r, x->op, x->part, phi, x->loop,
                                      sym_ev_it(c, x), taint,
                                      extra, 1, v_x, &st);
  if (!v) return;
  sym_site(v, p->op);
  if (tma) sym_ring_sites(c, v, p->ring);
  int64_t N = depth(c, x);
  long long slot = access_slot(c, x, v_x[0]);
  char when[48] = "";
  if (v->iteration >= 0)
    snprintf(when, sizeof when, " in iteration %lld", (long long)v->iteration);
  if (tma)
    v->message = sym_fmt("accesses %s[%lld]%s while the TMA load at %s may still be writing it: "
                         "no wait on %s before the access observes round %lld of that load "
                         "(semantics.md §1.8)",
                         B, slot, when, pl,
                         c->rings[p->ring].name, (long long)(v_x[0] / N));
  else
    v->message = sym_fmt("accesses %s[%lld]%s while %s's write at %s of the same round may run "
                         "at the same time: no wait of either thread observes an arrival the "
                         "other makes after its access",
                         B, slot, when,
                         sym_part_label(c, p->part), pl);
}

/* Does an access event (read, write, async read or write) name buffer ring `ring`? */
static bool accessed(const sym_ctx *c, int ring) {
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (sym_is_access(c->evs[i].kind) && c->evs[i].ring == ring) return true;
  return false;
}

/* Two TMA loads into one buffer ring write a slot asynchronously; what orders them is followed
 * only for loads of one thread that write the buffer slot of their barrier round (load_aligned:
 * a load of round r is issued after round r - 1 of its slot completed, back-pressure (f)'s
 * producer side, and a round's loads write one slot). Other pairs whose slots may meet (not two
 * different constants, no Z3 model apart: the rule of sym_disjoint_slots, on their buffer
 * slots; not disjoint parts of a slot) are unknown, never proved: loads of two threads (or of
 * the parent before the fork and a partition), and loads of one thread of which one writes
 * another slot than its round's (a load in a loop against its own other iterations too) into
 * a buffer no access reads or writes (with one, check_pair asks load_aligned itself; rings
 * checked per iteration, sym_ring_fresh.c, are left to it).
 * Session 29's slot audit: ConSan's deadlock_exempt_when_tma_signals.0 with the default
 * partition's load on partition0's slot, and prologue-stage.ok with a load on the other slot
 * of a buffer nothing reads, had all seven proved while the explorer reports the write-write
 * race; (e) paired accesses with TMA loads, never two loads. */
static void tma_pairs(sym_ctx *c, vf_sym_condres *r) {
  for (uint32_t qi = 0; qi < c->n_evs; qi++) {
    const sym_event *q = &c->evs[qi];
    if (q->kind != SYM_EV_TMA_LOAD || q->buf_ring < 0 || q->dead ||
        c->rings[q->buf_ring].elsewhere || (q->ring >= 0 && c->rings[q->ring].elsewhere))
      continue;
    /* one thread's loads: only into a buffer nothing accesses (else check_pair's business) */
    bool acc = accessed(c, q->buf_ring), q_al = acc || load_aligned(c, q);
    for (uint32_t pi = qi; pi < c->n_evs; pi++) {
      const sym_event *p = &c->evs[pi];
      if (p->kind != SYM_EV_TMA_LOAD || p->buf_ring != q->buf_ring || p->dead) continue;
      bool thread = p->part == q->part && p->prefork == q->prefork && p->postjoin == q->postjoin;
      if (pi == qi ? q->loop < 0 || q_al : thread && q_al && (acc || load_aligned(c, p)))
        continue;
      r->n_checked++;
      if (pi != qi) {
        sym_event qb = *q; /* q as an access of its buffer slot */
        qb.idx = q->buf_idx;
        qb.idx_alloc = q->buf_idx_alloc;
        if (sym_disjoint_slots(c, &qb, p, p->buf_idx) || sym_fp_disjoint(q, p)) continue;
      }
      char ql[256], pl[256];
      ir_loc_str(q->op->loc, ql, sizeof ql);
      ir_loc_str(p->op->loc, pl, sizeof pl);
      if (!thread)
        sym_note_unknown(r, "%s is written by TMA loads of two threads (at %s and %s): what "
                         "orders them is not followed", c->rings[q->buf_ring].name, ql, pl);
      else
        sym_note_unknown(r, "%s is written by TMA loads at %s and %s, one of them on a slot other "
                         "than its barrier round's: what orders them is not followed",
                         c->rings[q->buf_ring].name, ql, pl);
    }
  }
}

void sym_vc_acquire(sym_ctx *c, vf_sym_condres *r) {
  /* back-pressure is unknown already (its first reason kept): the pairs could only add
   * violations, at a cost (fa_d64_100: 195 s of Z3 over pairs of rings outside the encoding) */
  if (r->n_unknown) return;
  sym_vc_cp_own(c, r);
  tma_pairs(c, r);
  for (uint32_t xi = 0; xi < c->n_evs; xi++) {
    const sym_event *x = &c->evs[xi];
    if (!sym_is_access(x->kind) || x->ring < 0 || c->rings[x->ring].is_barrier ||
        c->rings[x->ring].elsewhere) /* elsewhere: sym_ring_fresh.c */
      continue;
    for (uint32_t pi = 0; pi < c->n_evs; pi++) {
      const sym_event *p = &c->evs[pi];
      if (p->kind != SYM_EV_TMA_LOAD || p->buf_ring != x->ring || p->ring < 0) continue;
      if (p->unsupported || c->rings[p->ring].irregular) {
        char lb[256];
        r->n_checked++;
        sym_note_unknown(r, "access of %s at %s (written by a TMA load): %s",
                         c->rings[x->ring].name, ir_loc_str(x->op->loc, lb, sizeof lb),
                         p->unsupported ? p->unsupported : c->rings[p->ring].why);
        continue;
      }
      check_pair(c, r, x, p);
    }
    /* writes of another thread (not the parent's before the fork, which precede every
     * partition's ops; an access after the join follows every partition's) */
    if (x->postjoin || x->prefork) continue;
    for (uint32_t pi = 0; pi < c->n_evs; pi++) {
      const sym_event *p = &c->evs[pi];
      if ((p->kind != SYM_EV_WRITE && p->kind != SYM_EV_ASYNC_WRITE) || p->ring != x->ring ||
          p->part == x->part || p->prefork || p->postjoin)
        continue;
      check_pair(c, r, x, p);
    }
  }
}
