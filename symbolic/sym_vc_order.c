/* sym_vc_order.c: which phase a wait is for (its lag), the iteration-offset dependency graph
 * between partitions, and the back-pressure condition (no ring runs two phases ahead of a
 * waiter; a slot is released only after its reads completed). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "sym_vc_graph.h"
#include "ir/ir_alloc.h"

#define UNREACHED INT64_MIN
#define FAR ((int64_t)1 << 20) /* offsets beyond this mean a positive cycle */

/* ------------------------------------------------------------------ the lag of a wait */

/* Event e (its destination buffer when buf) uses the slot sequence of wait w. */
static bool same_seq(sym_ctx *c, const sym_event *w, const sym_event *e, bool buf) {
  int ring = buf ? e->buf_ring : e->ring;
  if (ring < 0 || c->rings[ring].n != c->rings[w->ring].n) return false;
  if (w->seqt || (!buf && e->seqt)) /* after the loop: the same symbolic sequence number */
    return !buf && w->loop < 0 && e->loop < 0 && sym_same_seq(c, w, e) == 1;
  if (!sym_same_base(c, w, e) || (buf && w->base)) return false; /* buf: never based */
  return buf ? e->buf_mul == w->mul && e->buf_off == w->off : e->mul == w->mul && e->off == w->off;
}

/* Does some partition other than w's that arrives on w's barrier make an access `match`es to
 * buffer ring b? True also when every producer of the barrier is in w's own partition (then
 * the access counts as before). */
static bool through_barrier(sym_ctx *c, const sym_event *w, int b,
                            bool (*match)(const sym_event *x, int b)) {
  bool other = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring != w->ring || !sym_is_producer(p) || p->part == w->part) continue;
    other = true;
    for (uint32_t j = 0; j < c->n_evs; j++)
      if (c->evs[j].part == p->part && match(&c->evs[j], b)) return true;
  }
  return !other;
}

static bool reads_ring(const sym_event *r, int b) {
  return r->ring == b && (r->kind == SYM_EV_READ || r->kind == SYM_EV_ASYNC_READ);
}

static bool feeds_ring(const sym_event *x, int b) {
  return !x->prefork && (((x->kind == SYM_EV_WRITE || x->kind == SYM_EV_ASYNC_WRITE) && x->ring == b) ||
                         (x->kind == SYM_EV_TMA_LOAD && x->buf_ring == b));
}

/* A write of buffer ring b after wait w is a reuse (the wait is for a release: lag 1) only if
 * the buffer is released through w's barrier: some partition other than w's that arrives on
 * that barrier reads b. A buffer that no such partition reads (partition0 of ConSan's aliasing
 * tests stores its result into a buffer of its own after a data-ready wait) tells nothing. */
static bool released_here(sym_ctx *c, const sym_event *w, int b) { return through_barrier(c, w, b, reads_ring); }

/* Symmetrically, a read of buffer ring b after wait w is a data-ready read (lag 0) only if the
 * data comes through w's barrier: some partition other than w's that arrives on it writes b
 * (a TMA load into b, a store, an MMA's accumulator). A buffer no such partition writes (the
 * operands an MMA thread reads after its accumulator-empty wait, filled before the fork) tells
 * nothing. */
static bool fed_here(sym_ctx *c, const sym_event *w, int b) { return through_barrier(c, w, b, feeds_ring); }

/* Access e in wait w's window: marks a read of this round's data (rd), a write after a
 * release (wr, and its buffer ring in written when given). */
static void window_access(sym_ctx *c, const sym_event *w, const sym_event *e, bool *rd, bool *wr,
                          bool *written) {
  if ((e->kind == SYM_EV_READ || e->kind == SYM_EV_ASYNC_READ) && e->has_seq &&
      same_seq(c, w, e, false) && fed_here(c, w, e->ring))
    *rd = true;
  if ((e->kind == SYM_EV_WRITE || e->kind == SYM_EV_ASYNC_WRITE) && e->has_seq &&
      same_seq(c, w, e, false) && released_here(c, w, e->ring)) {
    *wr = true;
    if (written) written[e->ring] = true;
  }
  if (e->kind == SYM_EV_TMA_LOAD && e->buf_has_seq && same_seq(c, w, e, true) &&
      released_here(c, w, e->buf_ring)) {
    *wr = true;
    if (written) written[e->buf_ring] = true;
  }
}

/* Accesses of the wait's slot between the wait and the partition's next wait: the buffers
 * that slot of the barrier guards. Marks written / read buffer rings when marks are given. */
static void window(sym_ctx *c, int wi, bool *rd, bool *wr, bool *written) {
  const sym_event *w = &c->evs[wi];
  *rd = *wr = false;
  for (uint32_t i = (uint32_t)wi + 1; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->part != w->part || e->loop != w->loop) {
      /* the window reaches a K loop: its accumulator writes moved to w's loop (sym_hoist.c)
       * come after the K loop's events in the array, at positions inside the K loop */
      if (e->part == w->part && e->loop >= 0)
        for (uint32_t h = i + 1; h < c->n_evs; h++) {
          const sym_event *x = &c->evs[h];
          if (x->hoisted && x->part == w->part && x->loop == w->loop &&
              sym_loop_of_inner(c, e->loop, x->hoist_inner))
            window_access(c, w, x, rd, wr, written);
        }
      break;
    }
    /* a padded nest's K step waits on its data ring and then on the commit barrier of the
     * previous MMA (t07_persistent_100): a wait on another ring does not end the window there;
     * one on another slot of w's barrier array does (a ring split into one-slot rings,
     * sym_ring_split.c: oring.ok's loader waits on one slot, loads, then on the other) */
    if (e->kind == SYM_EV_WAIT && (w->pad_pos == SYM_PAD_NONE || e->ring == w->ring ||
                                   (e->ring >= 0 && w->ring >= 0 &&
                                    c->rings[e->ring].alloc == c->rings[w->ring].alloc)))
      break;
    if (e->kind == SYM_EV_WAIT) continue;
    window_access(c, w, e, rd, wr, written);
  }
}

/* Is a read in padded wait w's loop and partition without a sequence number, on a buffer
 * whose data comes through w's barrier? Then whether the wait's slot is read after it is not
 * known, and the lag cannot come from the writes alone (the FA kernels' softmax partition
 * reads and overwrites S in place after its data-ready wait, in a padded nest whose reads are
 * unplaced). */
static bool window_unsure(sym_ctx *c, int wi) {
  const sym_event *w = &c->evs[wi];
  /* only a padded wait: its window is a step's ops, whose other positions' reads (unplaced
   * ones: at steps not every tile has) may be the ones of its round, so any of its loop
   * counts (a plain loop's unplaced read, e.g. one whose index is out of range, leaves the
   * rules as they were) */
  if (w->pad_pos == SYM_PAD_NONE) return false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->part != w->part || e->loop != w->loop || e->kind == SYM_EV_WAIT) continue;
    if ((e->kind == SYM_EV_READ || e->kind == SYM_EV_ASYNC_READ) && !e->has_seq &&
        fed_here(c, w, e->ring))
      return true;
  }
  return false;
}

/* Does a partition other than w's (not the parent before the fork) arrive on w's ring? */
static bool other_producer(sym_ctx *c, const sym_event *w) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring == w->ring && sym_is_producer(p) && p->part != w->part && !p->prefork) return true;
  }
  return false;
}

/* Padded wait wi (a write of its slot after it, no read) on a ring another partition arrives
 * on has another wait of its group (its partition, ring and padded loop) that a read of its
 * slot follows: the group's sequence numbers are consecutive uses of the ring (sym_pad_check),
 * of which the write rule would make this one wait for the previous use's release and the read
 * rule the others for their own rounds. The FA softmax partitions wait on their S barrier in
 * each inner step (then read S) and after the inner loop (then store m_i and l_i into S),
 * where the MMA partition's last commit, a release of P, makes the round: lag 1 gave
 * phase-agreement counterexamples the explorer did not reproduce (fa_d64_100). A ring only the
 * wait's own partition arrives on is left to the rules (h/padwrite: t07_persistent_100's K
 * steps wait for the previous MMA's commit, then write the accumulator: lag 1; the wait after
 * the K loop is for the last commit: lag 0, self_signalled; its read made the K steps'
 * waits unknown since 54639b2). */
static bool read_peer(sym_ctx *c, int wi) {
  const sym_event *w = &c->evs[wi];
  if (w->pad_pos == SYM_PAD_NONE || !other_producer(c, w)) return false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *x = &c->evs[i];
    bool rd, wr;
    if ((int)i == wi || x->kind != SYM_EV_WAIT || x->part != w->part || x->ring != w->ring ||
        x->loop != w->loop || x->pad_pos == SYM_PAD_NONE || !x->has_seq)
      continue;
    window(c, (int)i, &rd, &wr, NULL);
    if (rd) return true;
  }
  return false;
}

/* Who arrives on read_peer wait wi's ring (h/padwrite): is every producer a tcgen05 completion
 * (an MMA's barrier operand, tc_gen5_commit, tmem_copy's barrier) of a partition other than
 * wi's, with a sequence number, and is every access those partitions make to the buffers
 * written after wi (written: by buffer ring) a tcgen05 op (group SYM_G_TC05)? Such an arrival
 * completes once every tcgen05 op its thread issued before it completed (semantics.md §4.4),
 * so the round it makes is the one after which the arriving partition no longer touches the
 * slot's buffers from its earlier ops: the wait is for its own round (lag 0), as the other
 * waits of its group. A wait for the round before (lag 1) would order the writes only after
 * the previous completion, not after the tcgen05 ops issued between the two (the FA MMA
 * partition's P@V reading S as P, whose completion makes the round of the softmax's wait after
 * the inner loop). Lag 0 waits for the later round, so it orders at least as much; that round
 * is asked to complete, and no later one before the wait passes, by arrival-balance,
 * back-pressure (a) and progress as for every lag-0 wait. */
static bool completion_round(sym_ctx *c, int wi, const bool *written) {
  const sym_event *w = &c->evs[wi];
  bool any = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring != w->ring || !sym_is_producer(p)) continue;
    if (!sym_is_commit(p) || p->part == w->part || p->prefork || p->postjoin || !p->has_seq ||
        p->unsupported)
      return false;
    any = true;
    for (uint32_t j = 0; j < c->n_evs; j++) {
      const sym_event *x = &c->evs[j];
      bool touches = sym_is_access(x->kind) && x->ring >= 0 && written[x->ring];
      touches |= x->kind == SYM_EV_TMA_LOAD && x->buf_ring >= 0 && written[x->buf_ring];
      if (x->part == p->part && touches &&
          !((x->kind == SYM_EV_ASYNC_READ || x->kind == SYM_EV_ASYNC_WRITE) &&
            x->group == SYM_G_TC05))
        return false;
    }
  }
  return any;
}

static int lag_from_code(sym_ctx *c, int wi, const char **how) {
  const sym_event *w = &c->evs[wi];
  Z3_ast round = sym_round_term(c, w, SYM_WIDE);
  Z3_ast have = Z3_mk_bvand(c->z, sym_wide(c, w->phase, false), sym_int(c, 1));
  Z3_ast extra[2] = {have, round}, it0 = sym_ev_it(c, w);
  int64_t x[2], trip, it;
  int64_t *args = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *args);
  /* the base case decides: the parity of the wait's first iteration */
  c->cex_iter_only = true; /* the first iteration's parity and round: the arguments are not read */
  Z3_ast fires = sym_and2(c, sym_ev_range(c, w), w->pred);
  /* in a padded nest the first iteration is in the first tile when it fires there (its base
   * then 0: no product for the minimisation to search) */
  if (sym_pad_loop_of(c, w->loop)) {
    Z3_ast first = sym_pad_in_first_tile(c, w->loop, fires);
    if (sym_sat(c, first) == Z3_L_TRUE) {
      fires = first;
      for (int k = 0; k < 2; k++) extra[k] = sym_pad_in_first_tile(c, w->loop, extra[k]);
      it0 = sym_pad_in_first_tile(c, w->loop, it0);
    }
  }
  Z3_lbool r = Z3_L_UNDEF;
  if (it0) { /* most waits fire in iteration 0: a model there is the first iteration's, asked
              * as built only (h/pers: a search for the first iteration asked three rewrites
              * first and minimised, ~5 CPU s per wait of a persistent nest) */
    c->cex_direct = true;
    r = sym_cex(c, sym_and2(c, fires, sym_eq_int(c, it0, sym_int(c, 0), 0)), NULL, it0, extra, 2,
                args, &trip, &it, x);
    c->cex_direct = false;
  }
  if (r != Z3_L_TRUE) r = sym_cex(c, fires, NULL, it0, extra, 2, args, &trip, &it, x);
  c->cex_iter_only = false;
  free(args);
  if (r == Z3_L_FALSE) { /* never executes: every condition on it holds vacuously */
    *how = "the wait never executes";
    c->evs[wi].dead = true;
    return 0;
  }
  if (r != Z3_L_TRUE) {
    *how = "Z3 timed out on the wait's first iteration";
    return -1;
  }
  *how = "the parity of its first iteration (no access to the slot follows the wait)";
  return (int)((x[1] ^ x[0]) & 1);
}

/* Every producer of the wait's ring is an op of its own partition just before it, on the same
 * slot sequence (tc_gen5_commit then wait): the wait is for the round that arrival produces,
 * whatever the partition does with the slot's buffers afterwards. */
static bool padded_self_signalled(sym_ctx *c, const sym_event *w);

static bool self_signalled(sym_ctx *c, const sym_event *w) {
  /* two padded forms (both sound on their own): the last producer before w at w's step and
   * offset (padded_self_signalled), or every kind of producer at w's step before it, the
   * others at disjoint steps (sym_pad_self_signalled) */
  if (w->pad_pos != SYM_PAD_NONE && (padded_self_signalled(c, w) || sym_pad_self_signalled(c, w)))
    return true;
  bool any = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring != w->ring || !sym_is_producer(p)) continue;
    if (p->part != w->part || p->loop != w->loop || p->pos > w->pos || !p->has_seq ||
        p->mul != w->mul || !sym_same_base(c, p, w) ||
        (w->loop < 0 ? sym_same_seq(c, p, w) != 1 : p->off != w->off))
      return false;
    any = true;
  }
  return any;
}

/* The same for a wait of a padded nest (sym_pad.c), where the producers of a K step and of the
 * tile's end have different offsets: every producer of the ring is in w's partition and padded
 * loop, and the last one before w in the body fires at w's step whenever w does (both at the
 * same position of the nest, without a predicate of their own) with w's sequence number. */
static bool padded_self_signalled(sym_ctx *c, const sym_event *w) {
  const sym_event *last = NULL;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring != w->ring || !sym_is_producer(p)) continue;
    if (p->part != w->part || p->loop != w->loop || !p->has_seq || p->unsupported ||
        p->mul != w->mul || !sym_same_base(c, p, w))
      return false;
    if (p->pos < w->pos && (!last || p->pos > last->pos)) last = p;
  }
  return last && last->pad_pos == w->pad_pos && last->off == w->off && last->pad_plain &&
         w->pad_plain;
}

/* A straight-line wait in its slot's round 0 with the constant parity 0 that the write rule
 * would make a wait for the previous use's release (round -1: the phase before init, parity
 * 1): parity 0 can only mean phase 0, so it waits for the slot's first release, an arrival of
 * round 0 (ConSan's load_wait_store: the reader arrives before the writer's first store).
 * Arrival-balance then requires that arrival; back-pressure orders the next round. Only when
 * that arrival depends on no wait (else a cycle through it would go unseen: unknown rule). */
static bool first_release(sym_ctx *c, const sym_event *w) {
  int64_t n = c->rings[w->ring].n, p;
  if (!(w->loop < 0 && !w->seqt && w->off >= 0 && w->off < n && sym_numeral(c, w->phase, &p) &&
        (p & 1) == 0))
    return false;
  /* the conditions do not see a cycle of straight-line waits (the release waiting, through
   * other waits, for this wait's partition): every arrival of round 0 on the slot must be a
   * straight-line op that no wait of its partition precedes */
  bool any = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *a = &c->evs[i];
    if (a->ring != w->ring || !sym_is_producer(a) || !a->has_seq || a->seqt || a->loop >= 0 ||
        a->off != w->off)
      continue;
    if (a->prefork || a->postjoin || a->part == w->part) return false;
    for (uint32_t j = 0; j < i; j++)
      if (c->evs[j].kind == SYM_EV_WAIT && c->evs[j].part == a->part && !c->evs[j].prefork)
        return false;
    any = true;
  }
  return any;
}

int64_t sym_wait_shift(sym_ctx *c, int wi) {
  const char *how;
  int lag = sym_wait_lag(c, wi, &how);
  return lag < 0 ? -1 : (int64_t)lag * c->rings[c->evs[wi].ring].n;
}

int sym_wait_lag(sym_ctx *c, int wi, const char **how) {
  if (!c->lag) {
    c->lag = ir_xmalloc(c->n_evs ? c->n_evs : 1, 1);
    c->lag_how = ir_xcalloc(c->n_evs ? c->n_evs : 1, sizeof *c->lag_how);
    memset(c->lag, -2, c->n_evs ? c->n_evs : 1);
  }
  if (c->lag[wi] != -2) {
    *how = c->lag_how[wi];
    return c->lag[wi];
  }
  const sym_event *w = &c->evs[wi];
  int lag;
  bool rd, wr;
  if (!w->has_seq || w->ring < 0) {
    *how = "no sequence number";
    lag = -1;
  } else if (w->join_round) { /* sym_join.c placed it on the last round completed before it */
    *how = "a wait after the join is for the last round whose arrivals all precede it";
    lag = 0;
  } else if (self_signalled(c, w)) {
    *how = "it waits for its own partition's preceding arrival (a commit) on the slot";
    lag = 0;
  } else {
    bool *written = ir_xcalloc(c->n_rings ? c->n_rings : 1, sizeof *written);
    window(c, wi, &rd, &wr, written);
    bool peer = !rd && wr && read_peer(c, wi), own = peer && completion_round(c, wi, written);
    free(written);
    if (rd) {
      *how = "the slot is read after the wait";
      lag = 0;
    } else if (own) {
      *how = "the slot is written after the wait, whose round is made by tcgen05 completions of "
             "the partition that accesses it, as the other waits of its group in the padded "
             "nest (followed by reads) wait for their own rounds";
      lag = 0;
    } else if (peer) {
      *how = "the slot is written after the wait, while the other waits of its group in the "
             "padded nest are followed by reads (whether it waits for a release or for its own "
             "round is not known)";
      lag = -1;
    } else if (window_unsure(c, wi)) {
      *how = "a read after the wait has no sequence number (whether it reads this round's data "
             "is not known)";
      lag = -1;
    } else if (wr && first_release(c, w)) {
      *how = "the slot is written after the wait, whose parity 0 in the slot's round 0 is for "
             "the first release (the phase before init has parity 1)";
      lag = 0;
    } else if (wr) {
      *how = "the slot is written after the wait";
      lag = 1;
    } else {
      lag = lag_from_code(c, wi, how);
    }
  }
  c->lag[wi] = (int8_t)lag;
  c->lag_how[wi] = *how;
  if (sym_debug_on()) fprintf(stderr, "sym: lag of ev %d: %d (%s)\n", wi, lag, *how);
  return lag;
}

/* ------------------------------------------------------------------ dependency graph */

/* Events of a partition's main loop take part in the iteration-offset graph. */
bool sym_in_graph(sym_ctx *c, const sym_event *e) {
  if (e->loop < 0) return false;
  int main = c->parts[e->part].main_loop;
  if (c->parts[e->part].multi_loop) /* sibling loops (sym_sibling.c): each is a graph loop */
    return sym_sibling_loops_ok(c, e->part) && c->loops[e->loop].parent < 0 &&
           c->loops[e->loop].flat_outer < 0;
  return main == e->loop || (main >= 0 && c->loops[e->loop].flat_outer == main);
}

/* A wait that can never pass: its ring's arrivals per round cannot reach the count. */
static bool blocking(sym_ctx *c, const sym_event *w) {
  const sym_ring *R = &c->rings[w->ring];
  int64_t sum = 0, min = INT64_MAX;
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (c->evs[i].ring == w->ring &&
        (c->evs[i].kind == SYM_EV_ARRIVE || c->evs[i].kind == SYM_EV_EXPECT))
      sum += c->evs[i].weight;
  for (int64_t s = 0; s < R->n; s++) min = R->count[s] < min ? R->count[s] : min;
  return sum < min;
}

/* A straight-line producer before its partition's main loop with no wait of its partition
 * before it: it happens before every loop event of its partition and after nothing the graph
 * knows, so a wait that needs it gains no dependency (it is a dead end, as the parent's ops
 * before the fork are). */
static bool prologue_end(sym_ctx *c, int pi) {
  const sym_event *p = &c->evs[pi];
  int main = c->parts[p->part].main_loop;
  if (p->loop >= 0 || p->seqt || p->postjoin || main < 0 || p->pos > c->loops[main].op->id)
    return false;
  for (int i = 0; i < pi; i++)
    if (c->evs[i].kind == SYM_EV_WAIT && c->evs[i].part == p->part && !c->evs[i].prefork)
      return false;
  return true;
}

/* A straight-line producer of w's own partition before that partition's main loop (which
 * holds loop wait w): it precedes every instance of w in program order, so nothing it depends
 * on can depend on w (that would be a cycle, a deadlock): leaving its edges out of the graph
 * loses no dependency on w, whatever waits precede it (prologue_end: without such waits). */
static bool before_own_loop(sym_ctx *c, const sym_event *w, const sym_event *p) {
  int main = c->parts[w->part].main_loop;
  return p->loop < 0 && !p->seqt && !p->postjoin && !p->prefork && p->part == w->part &&
         w->loop >= 0 && main >= 0 && p->pos < c->loops[main].op->id;
}

/* A producer after its loop (sequence number seqt) that never produces a round loop wait w
 * needs: no dependency edge is lost by leaving it out. */
/* A loop producer that fires for no argument value (its predicate fails in every iteration of
 * its loop: the on-band stage of Triton's causal attention prefetches nothing) makes no round
 * at all, whatever sequence numbers it was given: no wait needs it (wait_edges) and the graph
 * has no edge to it (an edge would make the wait depend on its loop's iteration, which the
 * round's real producer need not follow). Proved with Z3 once per event. */
static bool silent_producer(sym_ctx *c, const sym_event *p) {
  if (p->seqt || p->loop < 0) return false;
  sym_event *q = (sym_event *)p; /* the cache */
  if (!q->silent)
    q->silent = sym_sat_likely(c, sym_and2(c, c->loops[p->loop].range, p->pred)) == Z3_L_FALSE ? 2 : 1;
  return q->silent == 2;
}

static bool never_needed(sym_ctx *c, const sym_event *w, int lag, const sym_event *p) {
  if (silent_producer(c, p)) return true;
  if (w->loop < 0) return false;
  Z3_ast target = sym_sub(c, sym_seq_term(c, w), sym_int(c, lag * c->rings[w->ring].n));
  if (!p->seqt) { /* a loop producer of another base (sibling loops): it never fires there */
    if (!p->has_seq || p->loop < 0 || sym_same_base(c, p, w)) return false;
    Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred), sym_fires(c, p, target));
    return sym_sat(c, phi) == Z3_L_FALSE;
  }
  Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred), sym_eq(c, target, p->seqt));
  return sym_sat(c, phi) == Z3_L_FALSE;
}

/* Usable wait edges: the wait's lag is known and every producer is a plain loop event, or
 * the parent's before the fork (it happens before every partition's event: no edge). */
/* wait_edges: 1 every producer of the wait's rounds is a graph event of its base; 2 the same
 * except producers of another base (sibling loops, sym_sibling.c) that may produce one of its
 * rounds: the edges to the others are real, but not all of them (a lower bound); 0 none. */
static int wait_edges(sym_ctx *c, int wi, int *lag) {
  const sym_event *w = &c->evs[wi];
  const char *how;
  if (w->kind != SYM_EV_WAIT || !w->has_seq || w->unsupported || w->ring < 0 ||
      c->rings[w->ring].irregular ||
      (w->mul != 1 && w->mul != c->rings[w->ring].n && !sym_multi_step(c, w)))
    return false;
  if ((*lag = sym_wait_lag(c, wi, &how)) < 0) return false;
  if (!c->edges) {
    c->edges = ir_xmalloc(c->n_evs ? c->n_evs : 1, 1);
    memset(c->edges, -2, c->n_evs ? c->n_evs : 1);
  }
  if (c->edges[wi] != -2) return c->edges[wi];
  bool ok = true, sib = false;
  for (uint32_t i = 0; i < c->n_evs && ok; i++) {
    const sym_event *p = &c->evs[i];
    /* a producer after the join follows every partition's wait: no edge is needed */
    if (p->ring == w->ring && sym_is_producer(p) && !p->prefork && !p->postjoin &&
        !prologue_end(c, (int)i) && !before_own_loop(c, w, p) &&
        !never_needed(c, w, *lag, p) &&
        (!p->has_seq || p->mul != w->mul || !sym_same_base(c, p, w) || !sym_in_graph(c, p) ||
         !sym_pad_node(c, i))) {
      if (p->has_seq && (!sym_same_base(c, p, w) || (p->loop < 0 && !p->seqt)))
        sib = true; /* its edge is left out (another base, or a straight-line producer: a
                     * pipelined prologue's op after a wait of its partition) */
      else
        ok = false;
    }
  }
  c->edges[wi] = (int8_t)(!ok ? 0 : sib ? 2 : 1);
  return c->edges[wi];
}

/* Event i's sequence offset in the graph's iterations (sym_pad_graph.c: a delayed class's
 * member after the inner loop stands at the next step). */
static int64_t graph_off(sym_ctx *c, uint32_t i) {
  return c->evs[i].off - sym_pad_graph_shift(c, i) * c->evs[i].mul;
}

/* Iterations from an event with sequence offset `from` to one with offset `to`, events of one
 * ring sharing the multiplier mul (1: a rotating slot; n: a constant slot, one round per
 * iteration). False when no iteration of the second has that sequence number (another slot). */
static bool iter_offset(int64_t from, int64_t to, int64_t mul, int64_t *d) {
  int64_t x = from - to;
  if (x % mul) return false;
  *d = x / mul;
  return true;
}

/* Longest iteration offsets from src: event x at offset dist[x] means src at iteration i
 * cannot happen before x at iteration i + dist[x] (program order and wait edges).
 * DEP_YES: unbounded (a positive cycle, or a wait that never passes is reached: src never
 * happens and depends on everything). DEP_UNKNOWN: a wait whose edges the encoding lacks was
 * reached, so dist is only a lower bound. DEP_NO: dist is exact. */
/* Type-2 wait u (wait_edges: sibling loops): the first iteration from which no producer of
 * another base makes the round it waits for, so that its same-base edges are the real ones
 * (proved with Z3 for t = lag * N / mul: the rounds before come from the earlier loop);
 * INT64_MAX when that does not hold. */
static int64_t sibling_threshold(sym_ctx *c, int wi, int lag) {
  const sym_event *w = &c->evs[wi];
  int64_t n = c->rings[w->ring].n, t = (lag * n + w->mul - 1) / w->mul, k;
  /* from t on the same-base graph producers' instances the edges name exist (iteration >= 0) */
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring == w->ring && sym_is_producer(p) && !p->prefork && !p->postjoin && p->loop >= 0 &&
        sym_same_base(c, p, w) && iter_offset(w->off - lag * n, graph_off(c, i), w->mul, &k) &&
        -k > t)
      t = -k;
  }
  Z3_ast target = sym_sub(c, sym_seq_term(c, w), sym_int(c, lag * n));
  Z3_ast late = sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred),
                         sym_sle(c, sym_int(c, t), c->loops[w->loop].it));
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring != w->ring || !sym_is_producer(p) || p->prefork || p->postjoin ||
        (sym_same_base(c, p, w) && (p->loop >= 0 || p->seqt || prologue_end(c, (int)i) ||
                                    before_own_loop(c, w, p))))
      continue;
    if (!p->has_seq || p->seqt || (p->loop < 0 && p->unsupported) ||
        sym_sat(c, sym_and2(c, late, sym_fires(c, p, target))) != Z3_L_FALSE)
      return INT64_MAX;
  }
  return t;
}

/* A wait that runs in every iteration of its loop (its predicate holds wherever the loop runs):
 * only then is every instance of it an edge of the graph. A wait predicated off in some
 * iteration (`i != 2`) passes nothing there, so the producer after it in that iteration does
 * not depend on the wait's target round (tests/symbolic/prologue-lag.bug: proved while such
 * waits counted). */
static bool wait_active(sym_ctx *c, int u) {
  const sym_event *e = &c->evs[u];
  if (sym_is_true(c, e->pred)) return true;
  /* a padded class fires at every iteration (sym_pad_graph.c), but an advanced class's last
   * (depends asks sym_pad_class_runs) */
  if (e->pad_pos != SYM_PAD_NONE && sym_pad_node(c, (uint32_t)u))
    return !sym_pad_advanced_class(c, (uint32_t)u);
  if (!c->active) {
    c->active = ir_xmalloc(c->n_evs ? c->n_evs : 1, 1);
    memset(c->active, -1, c->n_evs ? c->n_evs : 1);
  }
  if (c->active[u] < 0)
    c->active[u] = sym_sat_likely(c, sym_and2(c, sym_ev_range(c, e), sym_not(c, e->pred))) == Z3_L_FALSE;
  return c->active[u] == 1;
}

/* Is loop l a padded nest's flattened loop whose partition has a wait in another loop under
 * l's outermost loop (a second padded nest of the same real nest, with another post step, or
 * ops left in the real nest)? The graph's program order joins events of one loop only, so a
 * path through l's events never meets such a wait, which may precede them in the body: a
 * search that reaches l is partial (the FA integer form: partition2's "S ready" arrivals in one
 * padded nest, its waits on the S buffer's free barrier in another: "no dependency", models the
 * explorer does not reproduce). A plain flattened nest keeps its tile loop's and its K loop's
 * events apart too, but there the answer stays as it was: its "no dependency" models are the
 * explorer's to confirm (acquire-nest.bug's missing acc_empty wait: the commit after the K loop
 * against the epilogue's wait, a confirmed counterexample; unknown if it were partial). */
static bool apart_waits(sym_ctx *c, int l, int part) {
  if (!c->apart_waits) {
    c->apart_waits = ir_xmalloc(c->n_loops ? c->n_loops : 1, 1);
    memset(c->apart_waits, -1, c->n_loops ? c->n_loops : 1);
  }
  if (c->apart_waits[l] < 0) {
    int top = sym_pad_loop_of(c, l) ? sym_top_loop(c, l) : -1;
    bool any = false;
    for (uint32_t i = 0; i < c->n_evs && !any && top >= 0; i++) {
      const sym_event *e = &c->evs[i];
      any = e->kind == SYM_EV_WAIT && e->part == part && e->loop >= 0 && e->loop != l &&
            !e->prefork && !e->postjoin && sym_top_loop(c, e->loop) == top;
    }
    c->apart_waits[l] = any;
  }
  return c->apart_waits[l] == 1;
}

/* src_loop >= 0: src is a straight-line op after that loop (sym_vc_postloop.c) standing at the
 * end of the loop's last iteration: program order puts it after every event of the loop in
 * that iteration (offset 0); no edge ever leads to it (it is not a graph node). */
/* condw NULL: a wait not active in every iteration gives no edges (the search is partial);
 * else it keeps them and is marked in condw[] (depends() conditions on its instance).
 * full: a wait that never passes ends its path, not the search (DEP_YES at the end, unless
 * the caller finds a path to its own wait in dist; c->graph_end is that blocked wait). */
static dep graph_longest(sym_ctx *c, int src, int src_loop, int64_t src_min, int64_t *dist,
                         uint8_t *condw, bool full) {
  bool partial = false;
  int blocked = -1; /* the first wait that never passes the search reached (full) */
  c->graph_end = -1;
  if (!c->graph_pred) c->graph_pred = ir_xmalloc(c->n_evs ? c->n_evs : 1, sizeof *c->graph_pred);
  for (uint32_t i = 0; i < c->n_evs; i++) dist[i] = UNREACHED, c->graph_pred[i] = -1;
  dist[src] = 0;
  for (uint32_t round = 0; round <= c->n_evs + 1; round++) {
    bool changed = false;
    for (uint32_t u = 0; u < c->n_evs; u++) {
      if (dist[u] == UNREACHED) continue;
      const sym_event *eu = &c->evs[u];
      if (dist[u] > FAR) return DEP_YES;
      int ul = (int)u == src && src_loop >= 0 ? src_loop : eu->loop;
      if (ul >= 0 && apart_waits(c, ul, eu->part)) partial = true;
      for (uint32_t v = 0; v < c->n_evs; v++) { /* program order */
        const sym_event *ev = &c->evs[v];
        if (ev->part != eu->part || ev->loop != ul || !sym_in_graph(c, ev)) continue;
        /* (a padded nest's classes: sym_pad_graph.c) */
        int po = sym_pad_po_offset(c, u, v);
        if (po > 0) continue;
        int64_t d = dist[u] + po;
        if (d > dist[v]) { dist[v] = d; c->graph_pred[v] = (int)u; changed = true; }
      }
      int lag;
      if (eu->kind != SYM_EV_WAIT) continue;
      if (!sym_pad_node(c, u)) { /* a padded wait of one position: its edges are not known */
        partial = true;
        continue;
      }
      /* 2 (sibling loops): the same-base edges hold only from iteration thr on (before it
       * the rounds come from the earlier loop, whose events need not mirror this loop's: an
       * edge would name an instance that does not exist); src's iteration is at least src_min,
       * so u's instance on this path is src_min + dist[u] (dist only grows) */
      int we = wait_edges(c, (int)u, &lag);
      if (we != 1) {
        partial = true;
        if (we == 0 || src_min == INT64_MIN) continue;
        if (!c->sib_thr) {
          c->sib_thr = ir_xmalloc(c->n_evs, sizeof *c->sib_thr);
          for (uint32_t q = 0; q < c->n_evs; q++) c->sib_thr[q] = INT64_MIN;
        }
        if (c->sib_thr[u] == INT64_MIN) c->sib_thr[u] = sibling_threshold(c, (int)u, lag);
        if (c->sib_thr[u] == INT64_MAX || src_min + dist[u] < c->sib_thr[u]) continue;
      }
      if (eu->dead) continue; /* it never executes: it waits for nothing */
      if (!wait_active(c, (int)u)) { /* its edges hold only where it runs */
        if (!condw) {
          partial = true;
          continue;
        }
        condw[u] = 1; /* the caller asks for it at its instance on the path */
      }
      if (blocking(c, eu)) { /* the path ends at a wait that never passes (path_start) */
        if (!full) {
          c->graph_end = (int)u;
          return DEP_YES;
        }
        if (blocked < 0) blocked = (int)u;
        continue;
      }
      int64_t n = c->rings[eu->ring].n;
      for (uint32_t v = 0; v < c->n_evs; v++) { /* the wait needs its target's producers */
        const sym_event *p = &c->evs[v];
        int64_t k;
        if (p->ring != eu->ring || !sym_is_producer(p) || p->prefork || p->loop < 0 ||
            !sym_same_base(c, p, eu) || silent_producer(c, p) ||
            !iter_offset(graph_off(c, u) - lag * n, graph_off(c, v), eu->mul, &k))
          continue;
        int64_t d = dist[u] + k;
        if (d > dist[v]) { dist[v] = d; c->graph_pred[v] = (int)u; changed = true; }
      }
    }
    if (!changed) {
      if (blocked >= 0) {
        c->graph_end = blocked;
        return DEP_YES;
      }
      return partial ? DEP_UNKNOWN : DEP_NO;
    }
  }
  return DEP_YES;
}

dep sym_graph_longest(sym_ctx *c, int src, int src_loop, int64_t src_min, int64_t *dist) {
  return graph_longest(c, src, src_loop, src_min, dist, NULL, false);
}

/* One search for depends(): with cond, a wait not active in every iteration keeps its edges
 * (marked in c->graph_condw); without, it gives none. */
static dep depends_search(sym_ctx *c, int src, int64_t delta, int wi, int64_t *dist, bool cond,
                          bool *marked) {
  if (!c->graph_condw) c->graph_condw = ir_xcalloc(c->n_evs ? c->n_evs : 1, 1);
  memset(c->graph_condw, 0, c->n_evs ? c->n_evs : 1);
  /* full: a wait that never passes ends one path, not the search */
  dep d = graph_longest(c, src, -1, delta, dist, cond ? c->graph_condw : NULL, true);
  int blocked = d == DEP_YES ? c->graph_end : -1;
  *marked = false;
  for (uint32_t u = 0; u < c->n_evs && !*marked; u++)
    *marked = c->graph_condw[u] && dist[u] != UNREACHED;
  if (d == DEP_YES && blocked < 0) return *marked ? DEP_UNKNOWN : DEP_YES;
  const sym_event *w = &c->evs[wi];
  for (uint32_t q = 0; q < c->n_evs; q++) {
    const sym_event *e = &c->evs[q];
    if (dist[q] == UNREACHED || e->part != w->part || e->loop != w->loop) continue;
    /* in a padded nest, q's class member at w's step (sym_pad_graph.c) */
    if (sym_pad_graph_after(c, q, delta + dist[q], (uint32_t)wi)) {
      c->graph_end = (int)q; /* a path to w: preferred to one ending at a blocked wait */
      return d == DEP_YES && *marked ? DEP_UNKNOWN : DEP_YES;
    }
  }
  if (blocked >= 0) {
    c->graph_end = blocked;
    return *marked ? DEP_UNKNOWN : DEP_YES;
  }
  return d;
}

/* Does event src at iteration i + delta depend on wait w at iteration i (i >= 0, so src's
 * iteration is at least delta)? First without the edges of waits that do not run in every
 * iteration (predicated, wait_active); when that search does not show the dependency, again
 * with them: then DEP_YES holds only where each such wait u reached runs at the instance the
 * longest path uses, i + delta + dist[u]. *valid is that condition over w's iteration (NULL:
 * none needed), and the caller asks the other instances again. An unbounded answer (a
 * cycle, a wait that never passes) through such a wait is unknown: its instances are not
 * one per wait. */
static dep depends(sym_ctx *c, int src, int64_t delta, int wi, int64_t *dist, Z3_ast *valid) {
  *valid = NULL;
  bool marked;
  dep d = depends_search(c, src, delta, wi, dist, false, &marked);
  if (d != DEP_UNKNOWN) return d;
  if (depends_search(c, src, delta, wi, dist, true, &marked) != DEP_YES) return DEP_UNKNOWN;
  if (!marked) return DEP_YES;
  const sym_event *w = &c->evs[wi];
  Z3_ast wit = sym_ev_it(c, w);
  for (uint32_t u = 0; u < c->n_evs; u++) {
    const sym_event *eu = &c->evs[u];
    if (!c->graph_condw[u] || dist[u] == UNREACHED) continue;
    if (!wit || eu->loop < 0) return DEP_UNKNOWN;
    Z3_ast at = sym_add(c, wit, sym_int(c, delta + dist[u]));
    Z3_ast runs = sym_pad_class_runs(c, u, at);
    if (!runs) runs = sym_at(c, eu->loop, eu->pred, at);
    /* (a wait whose instance runs wherever w's does is no condition: one small query here
     * keeps the caller's query free of it; its instance's existence is assumed as for the
     * waits that run in every iteration, §4) */
    if (sym_sat(c, sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred), sym_not(c, runs))) ==
        Z3_L_FALSE)
      continue;
    *valid = *valid ? sym_and2(c, *valid, runs) : runs;
  }
  return DEP_YES;
}

/* ------------------------------------------------------------------ back-pressure */

/* Producer e of loop wait w's next round (sequence number next), with another base than w
 * (sibling loops, sym_sibling.c): DEP_YES when e's loop follows w's in w's partition (program
 * order puts every instance of e after every instance of w: it cannot complete the round
 * early; the caller asks for the instances where it does not fire in that round), DEP_NO when
 * e never fires with that sequence number (Z3); DEP_UNKNOWN otherwise. */
static dep sibling_producer(sym_ctx *c, const sym_event *w, const sym_event *e, Z3_ast next) {
  if (e->part == w->part && e->loop >= 0 && w->loop >= 0 && !e->prefork && !e->postjoin &&
      c->loops[e->loop].parent < 0 && c->loops[w->loop].parent < 0 &&
      c->loops[e->loop].flat_outer < 0 && c->loops[w->loop].flat_outer < 0 &&
      c->loops[e->loop].op->id > c->loops[w->loop].op->id)
    return DEP_YES;
  if (!e->has_seq) return DEP_UNKNOWN;
  Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred), sym_fires(c, e, next));
  return sym_sat(c, phi) == Z3_L_FALSE ? DEP_NO : DEP_UNKNOWN;
}

/* Is e a straight-line op after the loop of loop wait w in w's partition (an epilogue,
 * sym_after.c: after the partition's main loop, which holds w)? */
static bool after_own_loop(sym_ctx *c, const sym_event *w, const sym_event *e) {
  if (!e->post_loop || e->prefork || e->postjoin || e->part != w->part || w->loop < 0 ||
      w->postjoin)
    return false;
  int l = c->loops[w->loop].flat_outer >= 0 ? c->loops[w->loop].flat_outer : w->loop;
  while (c->loops[l].parent >= 0) l = c->loops[l].parent;
  return l == c->parts[w->part].main_loop;
}

/* Marks (in after[]) the events that program order puts after straight-line wait wi: the
 * later events of its partition (of every partition for a wait of the parent before the fork:
 * the partitions start at the fork) and, transitively, those after a straight-line wait whose
 * round receives an arrival already marked (the wait cannot pass before that arrival). */
static void after_wait(sym_ctx *c, int wi, bool *after) {
  const sym_event *w = &c->evs[wi];
  memset(after, 0, c->n_evs * sizeof *after);
  for (uint32_t j = (uint32_t)wi + 1; j < c->n_evs; j++)
    after[j] = c->evs[j].part == w->part || (w->prefork && !c->evs[j].prefork);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t v = 0; v < c->n_evs; v++) {
      const sym_event *x = &c->evs[v];
      const char *how;
      int lag;
      if (after[v] || x->kind != SYM_EV_WAIT || x->loop >= 0 || !x->has_seq || x->ring < 0 ||
          x->unsupported || x->seqt || (lag = sym_wait_lag(c, (int)v, &how)) < 0 || x->dead)
        continue;
      int64_t need = x->off - lag * c->rings[x->ring].n;
      bool fed = false;
      /* the arrival fires whenever x runs (a pipeliner's prologue predicates both on the
       * trip count): x then passes only after it */
      for (uint32_t a = 0; a < c->n_evs && !fed; a++)
        fed = after[a] && c->evs[a].ring == x->ring && c->evs[a].loop < 0 &&
              c->evs[a].has_seq && !c->evs[a].seqt && c->evs[a].off == need &&
              sym_is_producer(&c->evs[a]) &&
              (sym_is_true(c, c->evs[a].pred) ||
               sym_sat(c, sym_and2(c, x->pred, sym_not(c, c->evs[a].pred))) == Z3_L_FALSE);
      if (!fed) continue;
      /* an op after x follows the arrival only when x runs whenever it does */
      for (uint32_t j = v; j < c->n_evs; j++)
        if (c->evs[j].part == x->part && !after[j] &&
            (sym_is_true(c, x->pred) ||
             sym_sat(c, sym_and2(c, c->evs[j].pred, sym_not(c, x->pred))) == Z3_L_FALSE))
          after[j] = changed = true;
    }
  }
}

/* The graph's edges from a wait to its target round's producers exist only at instances whose
 * target round is real (>= 0): a wait of lag L at number mul * it + off in iterations it <
 * (L * N - off) / mul passes on the virtual phase before init and waits for nothing. A path
 * from the search's source through wait u at iteration offset dist[u] holds for the source's
 * iterations from thr_u - dist[u] on. Waits not to count: wi, the target; the path's end when it
 * lies in the target's thread (reached, not passed through); a blocked end counts (it blocks
 * only where its round is real). INT64_MAX / 4 when a wait's lag is unknown. */
/* Loop wait u's first iteration with a real target round; INT64_MAX / 4 when its lag is
 * unknown. */
static int64_t real_from(sym_ctx *c, uint32_t u) {
  const sym_event *eu = &c->evs[u];
  const char *how;
  int lag = sym_wait_lag(c, (int)u, &how);
  if (lag < 0) return INT64_MAX / 4;
  int64_t need = (int64_t)lag * c->rings[eu->ring].n - graph_off(c, u);
  int64_t first = need <= 0 ? 0 : (need + eu->mul - 1) / eu->mul;
  /* a delayed class fires from graph iteration 1 on (sym_pad_graph.c) */
  return first < 1 && sym_pad_delayed_class(c, u) ? 1 : first;
}

static int64_t wait_start(sym_ctx *c, const int64_t *dist, uint32_t u, int wi) {
  const sym_event *eu = &c->evs[u];
  if (dist[u] == UNREACHED || eu->kind != SYM_EV_WAIT || eu->loop < 0 || eu->mul <= 0 ||
      (int)u == wi || ((int)u == c->graph_end && !blocking(c, eu)))
    return INT64_MIN;
  int64_t thr = real_from(c, u);
  return thr == INT64_MAX / 4 ? thr : thr - dist[u];
}

/* The Bool "every wait on the last search's longest path to event end (end itself when
 * end_counts: a blocked end blocks only where its round is real) has a real target round at
 * the instance the path uses", the source standing at iteration `at` (a term: an op after a
 * loop stands at that loop's last iteration, sym_vc_postloop.c), so that the path's instance
 * of wait u is at + dist[u]. The term form of wait_start, for sources whose iteration is not
 * a constant offset from the wait asked about. False when a wait's lag is unknown. */
Z3_ast sym_graph_path_real(sym_ctx *c, const int64_t *dist, int end, bool end_counts, Z3_ast at) {
  Z3_ast ok = Z3_mk_true(c->z);
  int hops = 0;
  for (int u = end; u >= 0 && hops <= (int)c->n_evs; u = c->graph_pred[u], hops++) {
    const sym_event *eu = &c->evs[u];
    if ((u == end && !end_counts) || dist[u] == UNREACHED || eu->kind != SYM_EV_WAIT ||
        eu->loop < 0 || eu->mul <= 0)
      continue;
    int64_t thr = real_from(c, (uint32_t)u);
    if (thr == INT64_MAX / 4) return Z3_mk_false(c->z);
    if (thr == 0) continue; /* real from iteration 0 */
    ok = sym_and2(c, ok, sym_sle(c, sym_int(c, thr), sym_add(c, at, sym_int(c, dist[u]))));
  }
  return ok;
}

/* The source's first iteration (at least k) from which the last search's dependency holds:
 * over the waits of the longest path to c->graph_end (a longest path's prefix to u is a
 * longest path to u, at offset dist[u]), or of every wait reached when there is no end. */
static int64_t path_start(sym_ctx *c, const int64_t *dist, int64_t k, int wi) {
  int64_t from = k, t;
  if (c->graph_end >= 0) {
    int hops = 0;
    for (int u = c->graph_end; u >= 0 && hops <= (int)c->n_evs; u = c->graph_pred[u], hops++)
      if ((t = wait_start(c, dist, (uint32_t)u, wi)) > from) from = t;
  } else {
    for (uint32_t u = 0; u < c->n_evs; u++)
      if ((t = wait_start(c, dist, u, wi)) > from) from = t;
  }
  return from;
}

/* What back-pressure (f)'s producer side (sym_vc_early.c sym_vc_early_producers) reads, per
 * event: a_seen (NULL = none), the Bool under which a wait observing the round before e's
 * precedes e's instance through (a)'s graph: over e's iteration for a loop producer (the wait
 * at iteration i - k of its loop runs there and the path holds), over the arguments for a
 * straight-line producer after another partition's loop (sym_postloop_held); the constant
 * true (kept once set: sym_vc_early.c reads it without a query) for a straight-line producer
 * after a straight-line wait, in program order, that observes the round before e's. */
static void add_seen(sym_ctx *c, Z3_ast *a_seen, uint32_t p, Z3_ast seen) {
  Z3_ast t = Z3_mk_true(c->z);
  if (a_seen[p] && Z3_is_eq_ast(c->z, a_seen[p], t)) return;
  a_seen[p] = a_seen[p] && !Z3_is_eq_ast(c->z, seen, t) ? sym_or2(c, a_seen[p], seen) : seen;
}

/* (f)'s records from padded waits that are class nodes (sym_pad_graph.c): producer p follows
 * member w's instance at e's iteration minus k (goff = k minus w's graph shift: in the graph's
 * iterations). Where every member of w's class has such a record for p with one goff (and no
 * path condition), whichever member fires at graph iteration g = it_p - goff precedes p's
 * instance, and the class fires at every g of its loop from its first (sym_pad_delayed_class:
 * 1): one linear Bool stands for the members' own, each of which splits its step into tile and
 * step (oring.ok's loader expects: the consumer's inner wait one step back, or its wait after
 * the inner loop two steps back at a tile's first K step; Z3 ran out of its limit on the
 * two splits). */
typedef struct { uint32_t p, w; int64_t goff; Z3_ast seen; } seen_rec_t;
typedef struct { seen_rec_t *v; uint32_t n, cap; } seen_recs;

static void seen_rec(seen_recs *cs, uint32_t p, uint32_t w, int64_t goff, Z3_ast seen) {
  cs->v = ir_grow(cs->v, &cs->cap, cs->n + 1, sizeof *cs->v);
  cs->v[cs->n++] = (seen_rec_t){p, w, goff, seen};
}

/* The records into a_seen: a class's Bool where all its members agree, else the members' own. */
static void seen_flush(sym_ctx *c, seen_recs *cs, Z3_ast *a_seen) {
  for (uint32_t a = 0; a < cs->n; a++) {
    const seen_rec_t *x = &cs->v[a];
    uint32_t cm[3], nm = sym_pad_class_members(c, x->w, cm), found = 0;
    bool first = true; /* the class's first record for p with this goff */
    for (uint32_t b = 0; b < cs->n; b++) {
      const seen_rec_t *y = &cs->v[b];
      if (y->p != x->p || y->goff != x->goff) continue;
      for (uint32_t m = 0; m < nm; m++)
        if (y->w == cm[m]) {
          found |= 1u << m;
          first &= b >= a;
        }
    }
    if (found != (1u << nm) - 1) {
      add_seen(c, a_seen, x->p, x->seen);
      continue;
    }
    if (!first) continue;
    const sym_event *e = &c->evs[x->p];
    const sym_loop *L = &c->loops[c->evs[x->w].loop];
    Z3_ast g = sym_sub(c, sym_ev_it(c, e), sym_int(c, x->goff));
    int64_t from = sym_pad_delayed_class(c, x->w) ? 1 : 0;
    /* (an advanced class has no instance at its loop's last iteration) */
    Z3_ast to = sym_pad_advanced_class(c, x->w) ? sym_sub(c, L->trip, sym_int(c, 1)) : L->trip;
    add_seen(c, a_seen, x->p, sym_and2(c, sym_sle(c, sym_int(c, from), g), sym_slt(c, g, to)));
  }
  free(cs->v);
}

static void ordering(sym_ctx *c, vf_sym_condres *r, int64_t *dist, Z3_ast *a_seen) {
  char sb[128], lb[256];
  seen_recs recs = {NULL, 0, 0}, *cs = &recs;
  /* per padded loop (one partition's): -1 not asked, 0 / 1 sym_pad_graph_ok of its waits */
  int8_t *pad_ok = ir_xmalloc(c->n_loops ? c->n_loops : 1, 1);
  memset(pad_ok, -1, c->n_loops ? c->n_loops : 1);
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    if (w->kind != SYM_EV_WAIT) continue;
    if (w->ring >= 0 && c->rings[w->ring].elsewhere) continue; /* sym_ring_fresh.c */
    r->n_checked++;
    sym_debug_what(c, "back-pressure (a) of ev %u", wi);
    const char *how;
    int lag = w->has_seq && w->ring >= 0 && !c->rings[w->ring].irregular
                  ? sym_wait_lag(c, (int)wi, &how)
                  : -1;
    if (lag < 0 || w->unsupported) {
      sym_note_unknown(r, "wait at %s: the ring's events are outside the encoding",
                       ir_loc_str(w->op->loc, lb, sizeof lb));
      continue;
    }
    int64_t n = c->rings[w->ring].n;
    if (w->join_round) { /* after the join: the next round has fewer than count arrivals before
                          * the wait and none after it until it passes (sym_join.c); the
                          * round before its own must have completed when it starts */
      Z3_ast phi = sym_and2(c, w->pred, sym_not(c, sym_join_settled(c, (int)wi)));
      Z3_lbool st = sym_sat(c, phi);
      if (st != Z3_L_FALSE)
        sym_note_unknown(r, "wait at %s: %s", ir_loc_str(w->op->loc, lb, sizeof lb),
                         st == Z3_L_UNDEF ? "Z3 gave no answer"
                                          : "a wait after the join whose previous round may still "
                                            "be completing asynchronously when it starts");
      continue;
    }
    /* a padded wait of a private ring (sym_pad_graph_ok: every wait of its partition is one,
     * and its ring's producers of its round come before it, of the next round after it, by
     * their offsets, private_wait_ok): program order alone keeps the next round behind it, no
     * graph needed. Other padded waits take the graph's padded classes (sym_pad_graph.c). */
    if (w->pad_pos != SYM_PAD_NONE && w->loop >= 0 && (uint32_t)w->loop < c->n_loops) {
      if (pad_ok[w->loop] < 0) pad_ok[w->loop] = sym_pad_graph_ok(c, wi);
      if (pad_ok[w->loop]) continue;
    }
    /* the round after the one this wait is for: can it be produced at all? */
    Z3_ast next = sym_add(c, sym_sub(c, sym_seq_term(c, w), sym_int(c, lag * n)), sym_int(c, n));
    Z3_ast fired = Z3_mk_false(c->z);
    int first = -1;
    bool producers_ok = true;
    for (uint32_t p = 0; p < c->n_evs; p++) {
      const sym_event *e = &c->evs[p];
      /* a producer after the join cannot complete a round before a partition's wait passed */
      if (e->ring != w->ring || !sym_is_producer(e) || (e->postjoin && !w->postjoin)) continue;
      if (!e->has_seq) { producers_ok = false; continue; }
      if (first < 0) first = (int)p;
      fired = sym_or2(c, fired, sym_fires(c, e, next));
    }
    if (first < 0 || !producers_ok) {
      if (!producers_ok)
        sym_note_unknown(r, "barrier %s: a producer is outside the encoding",
                         c->rings[w->ring].name);
      continue;
    }
    Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred),
                          sym_and2(c, sym_sle(c, sym_int(c, 0), next), fired));
    /* the graph: does some producer of that round wait, transitively, for this wait? */
    dep held = DEP_UNKNOWN;
    /* a producer that waits for this wait holds the round back in the instances where it
     * fires in that round (a round completes with all its arrivals); a predicated one (or one
     * whose iteration is past its loop's end) may leave the round to another producer (an
     * epilogue), so the instances it does not fire in are asked again (held_by) */
    Z3_ast held_by = NULL;
    if (w->loop < 0) { /* a round that needs an arrival program order puts after the wait
                        * cannot complete before it passes (over-arrival is checked apart) */
      bool *after = ir_xmalloc(c->n_evs, sizeof *after), partial = false;
      after_wait(c, (int)wi, after);
      for (uint32_t p = 0; p < c->n_evs; p++)
        if (after[p] && c->evs[p].ring == w->ring && sym_is_producer(&c->evs[p])) {
          phi = sym_and2(c, phi, sym_not(c, sym_fires(c, &c->evs[p], next)));
          const sym_event *e = &c->evs[p];
          if (e->loop < 0 && e->has_seq && !e->seqt && !w->seqt && sym_is_true(c, w->pred) &&
              e->off == w->off - lag * n + n)
            add_seen(c, a_seen, p, Z3_mk_true(c->z));
          else if (e->has_seq) /* (f): e's instances in round next follow w where it runs */
            add_seen(c, a_seen, p, sym_and2(c, sym_eq(c, sym_seq_term(c, e), next), w->pred));
        }
      /* a loop producer that waits, through the graph, for an op after the wait
       * (sym_vc_postloop.c): held where it fires in that round and the path exists */
      for (uint32_t p = 0; p < c->n_evs && !w->prefork && !w->postjoin; p++) {
        const sym_event *e = &c->evs[p];
        if (after[p] || e->ring != w->ring || !sym_is_producer(e)) continue;
        Z3_ast h = sym_straight_held(c, (int)p, (int)wi, next, after, dist, &partial);
        if (h) {
          held_by = sym_or2(c, held_by ? held_by : Z3_mk_false(c->z),
                            sym_and2(c, sym_fires(c, e, next), h));
          if (e->has_seq) /* (f): e's instance in round next follows w where h holds */
            add_seen(c, a_seen, p,
                     sym_and2(c, sym_and2(c, sym_eq(c, sym_seq_term(c, e), next), w->pred), h));
        }
      }
      /* every producer of the round not after the wait precedes it in its own thread (its
       * partition's earlier straight-line ops, the parent's before the fork): none waits for
       * it, so the round completes before the wait passed wherever they make it (a prologue
       * wait with the next round's parity after its own arrival: padded-prologue.bug) */
      bool own = !w->prefork && !w->postjoin;
      for (uint32_t p = 0; p < c->n_evs && own; p++) {
        const sym_event *e = &c->evs[p];
        if (after[p] || e->ring != w->ring || !sym_is_producer(e)) continue;
        own = e->prefork || (e->part == w->part && e->loop < 0 && !e->postjoin && p < wi);
      }
      if (own) held = DEP_NO;
      free(after);
    }
    /* a wait of a sibling loop whose first rounds come from the earlier loop (wait_edges 2)
     * takes part too: its own edges are not used here, only those of waits a path reaches */
    if (sym_in_graph(c, w) && wait_edges(c, (int)wi, &lag) != 0) {
      held = DEP_NO;
      for (uint32_t p = 0; p < c->n_evs; p++) {
        const sym_event *e = &c->evs[p];
        int64_t k = -1, kg = -1;
        bool searched = false;
        if (e->ring != w->ring || !sym_is_producer(e) || e->prefork) continue;
        dep d;
        Z3_ast valid = NULL;
        if (after_own_loop(c, w, e)) /* program order: after every instance of w */
          d = DEP_YES;
        else if (!sym_same_base(c, e, w)) /* sibling loops: no integer iteration offset */
          d = sibling_producer(c, w, e, next);
        else if (e->loop < 0 && (before_own_loop(c, w, e) || prologue_end(c, (int)p)))
          d = DEP_NO; /* not in the graph: independent of w, program order puts it before w's
                       * loop or before any wait of its partition */
        else if (e->loop < 0 &&
                 sym_sat(c, sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred),
                                     sym_fires(c, e, next))) == Z3_L_FALSE)
          continue; /* a straight-line op that never makes that round */
        else if (e->loop < 0) { /* after another partition's loop: held where the graph
                                 * search from its loop's last iteration reaches w's
                                 * instance (sym_vc_postloop.c); unknown elsewhere */
          bool partial = false;
          Z3_ast h = sym_postloop_held(c, (int)p, (int)wi, dist, &partial);
          if (h) {
            held_by = sym_or2(c, held_by ? held_by : Z3_mk_false(c->z),
                              sym_and2(c, sym_fires(c, e, next), h));
            /* (f): e's instance follows w's instance for the round before e's (the iteration
             * where w's target is e's sequence number minus n) wherever h holds there */
            Z3_ast num = sym_add(c, sym_seq_term(c, e), sym_int(c, lag * n - n));
            Z3_ast seen = sym_and2(c, sym_fires(c, w, num),
                                   sym_at(c, w->loop, h, sym_iter_of_seq(c, w, num)));
            add_seen(c, a_seen, p, seen);
          }

          if (!h || partial) held = DEP_UNKNOWN; /* its other instances: asked below */
          continue;
        } else if (!iter_offset(w->off - lag * n + n, e->off, w->mul, &k))
          continue;
        else {
          /* kg: e's graph iteration, one more than its own for a delayed class's member
           * after the inner loop (sym_pad_graph.c); (f) below keeps e's own, k */
          kg = k + sym_pad_graph_shift(c, p);
          d = depends(c, (int)p, kg, (int)wi, dist, &valid);
          searched = true;
        }

        int64_t from = searched && d == DEP_YES ? path_start(c, dist, kg, (int)wi) : kg;
        if (sym_debug_on() && searched)
          fprintf(stderr, "sym: (a) w ev %u producer ev %u k %lld dep %d from %lld valid %d\n",
                  wi, p, (long long)kg, (int)d, (long long)from, valid != NULL);
        if (sym_debug_on() && searched && getenv("TLXV_SYM_PATHDBG"))
          for (uint32_t q = 0; q < c->n_evs; q++)
            if (dist[q] != UNREACHED)
              fprintf(stderr, "sym:    reached ev %u dist %lld pred %d\n", q, (long long)dist[q],
                      c->graph_pred[q]);
        if (d != DEP_YES && searched && e->loop >= 0) {
          /* a path through the partitions' other nests of the tile loop (sym_vc_tile.c):
           * held where it exists; d stays (an unknown search keeps the rest unknown) */
          Z3_ast th = sym_tile_held(c, wi, p, k);
          if (th)
            held_by = sym_or2(c, held_by ? held_by : Z3_mk_false(c->z),
                              sym_and2(c, sym_fires(c, e, next), th));
        }
        if (d == DEP_YES && searched && from > kg) {
          /* w's instances before iteration from - kg: a wait on the path observes the virtual
           * phase before init there and passes without its round's producers (path_start) */
          Z3_ast late = sym_sle(c, sym_int(c, from - kg), sym_ev_it(c, w));
          valid = valid ? sym_and2(c, valid, late) : late;
        }
        if (d == DEP_YES && searched && e->loop >= 0 && !w->seqt && !e->seqt) {
          /* (f): e's instance at iteration i follows w's at i - k, which observes the round
           * before e's, wherever that instance runs and the path holds (valid) */
          Z3_ast at = sym_and2(c, sym_and2(c, c->loops[w->loop].range, w->pred),
                               valid ? valid : Z3_mk_true(c->z));
          Z3_ast seen = sym_at(c, w->loop, at, sym_sub(c, sym_ev_it(c, e), sym_int(c, k)));
          if (!valid && w->pad_pos != SYM_PAD_NONE && sym_pad_node(c, wi))
            seen_rec(cs, p, wi, k - sym_pad_graph_shift(c, wi), seen); /* a class's */
          else
            add_seen(c, a_seen, p, seen);
        }
        if (d == DEP_YES) {
          Z3_ast f = sym_fires(c, e, next);
          held_by = sym_or2(c, held_by ? held_by : Z3_mk_false(c->z), valid ? sym_and2(c, f, valid) : f);
          if (valid) held = DEP_UNKNOWN; /* the instances its path does not run: unknown,
                                          * never a counterexample */
        } else if (d == DEP_UNKNOWN)
          held = DEP_UNKNOWN;
      }
    }
    if (held_by) { /* the instances no held producer fires in need another reason */
      phi = sym_and2(c, phi, sym_not(c, held_by));
      if (sym_sat(c, phi) == Z3_L_FALSE) continue;
    }
    if (held == DEP_UNKNOWN) { /* fine only if the next round never comes */
      Z3_lbool st = sym_sat(c, phi);
      if (sym_debug_on())
        fprintf(stderr, "sym: (a) w ev %u: held unknown (%s), round after it %s\n", wi,
                w->loop < 0 ? "a straight-line wait" : "a producer's search or path",
                st == Z3_L_FALSE ? "never comes" : st == Z3_L_TRUE ? "may come" : "undecided");
      if (st != Z3_L_FALSE)
        sym_note_unknown(
            r, "wait at %s: %s", ir_loc_str(w->op->loc, lb, sizeof lb),
            st == Z3_L_UNDEF
                ? "Z3 gave no answer"
                : "what orders the ring's next round after it is outside the encoding");
      continue;
    }
    const sym_event *e0 = &c->evs[first];
    /* the producer named is one that makes round r + 1 in the counterexample (a second
     * sibling loop's, not the ring's first producer), with its iteration */
    enum { PRODS = 8 };
    Z3_ast extra[2 + 2 * PRODS] = {next, sym_iter_of_seq(c, e0, next)};
    uint32_t pi[PRODS], np = 0;
    for (uint32_t p = 0; p < c->n_evs && np < PRODS; p++) {
      const sym_event *e = &c->evs[p];
      if (e->ring != w->ring || !sym_is_producer(e) || (e->postjoin && !w->postjoin) || !e->has_seq)
        continue;
      pi[np] = p;
      extra[2 + 2 * np] = sym_ite(c, sym_fires(c, e, next), sym_int(c, 1), sym_int(c, 0));
      extra[3 + 2 * np++] = sym_iter_of_seq(c, e, next);
    }
    int64_t x[2 + 2 * PRODS];
    Z3_lbool st;
    vf_sym_violation *v = sym_violation(c, r, e0->op, e0->part, phi, w->loop, sym_ev_it(c, w),
                                        w->tainted, extra, 2 + 2 * np, x, &st);
    sym_ring_sites(c, v, w->ring); /* (no-op without v) */
    for (uint32_t k = 0; v && k < np; k++)
      if (x[2 + 2 * k] == 1) {
        e0 = &c->evs[pi[k]];
        sym_violation_move(c, v, e0->op, e0->part);
        x[1] = x[3 + 2 * k];
        break;
      }
    if (v)
      v->message = sym_fmt("nothing makes %s's round %lld of %s[%lld] (iteration %lld) wait for "
                           "%s's wait on %s in iteration %lld, which is for round %lld: the "
                           "producer can run two phases ahead of that waiter (phase aliasing, "
                           "semantics.md §1.4)",
                           sym_part_label(c, e0->part), (long long)(x[0] / n),
                           c->rings[w->ring].name, (long long)sym_ring_slot(&c->rings[w->ring], x[0]),
                           (long long)x[1],
                           sym_part_label(c, w->part), sym_slot_text(c, w, sb, sizeof sb),
                           (long long)v->iteration, (long long)(x[0] / n - 1));
  }
  seen_flush(c, cs, a_seen);
  free(pad_ok);
}

/* Does event x (its predicate) fire in iteration it + delta of its loop whenever the context
 * ctx holds (Z3: ctx and not x's predicate there is unsatisfiable)?  Unpredicated events do. */
static bool fires_in(sym_ctx *c, const sym_event *x, Z3_ast ctx, int64_t delta) {
  if (sym_is_true(c, x->pred)) return true;
  Z3_ast at = x->pred;
  if (x->loop >= 0) {
    const sym_loop *L = &c->loops[x->loop];
    at = sym_at(c, x->loop, x->pred, sym_add(c, L->it, sym_int(c, delta)));
  }
  return sym_sat(c, sym_and2(c, ctx, sym_not(c, at))) == Z3_L_FALSE;
}

/* Is the async read rd retired by a group wait before arrive e?  D is the read's iteration
 * minus the arrive's (0 outside loops). *unknown is set when the count is not exact. Each op
 * is one group (an async wgmma's two operand reads are one group). Only what fires is relied
 * on: a predicated wait counts when Z3 shows it runs whenever e runs and rd ran (in its
 * instance); a predicated read's group is counted in the instances where Z3 shows the same
 * (not in the whole iterations between: there only unpredicated reads count), so the count is
 * a lower bound and a read that may not issue its group never makes rd look retired. */
bool sym_async_retired(sym_ctx *c, const sym_event *e, const sym_event *rd, int64_t D,
                       bool *unknown) {
  if (rd->group == SYM_G_TC05) return sym_tc05_retired(c, e, rd, D, unknown);
  /* the counts below take every async read and group wait of the loop to fire in every
   * iteration; a padded nest's fire at some steps only (sym_pad.c) */
  if (sym_pad_loop_of(c, e->loop)) {
    *unknown = true;
    return false;
  }
  /* the instances asked about: e fires (in iteration it) and rd fired in iteration it + D */
  Z3_ast ctx = e->pred;
  if (e->loop >= 0) {
    const sym_loop *L = &c->loops[e->loop];
    Z3_ast j = sym_add(c, L->it, sym_int(c, D));
    ctx = sym_and2(c, sym_and2(c, L->range, e->pred), sym_at(c, e->loop, sym_and2(c, L->range, rd->pred), j));
  } else {
    ctx = sym_and2(c, ctx, rd->pred);
  }
  int64_t S = 0; /* groups issued in every iteration */
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *s = &c->evs[i];
    if (s->part != e->part || s->loop != e->loop || s->group != rd->group) continue;
    if (s->kind == SYM_EV_ASYNC_READ && !(i && c->evs[i - 1].op == s->op)) {
      if (sym_is_true(c, s->pred)) S++;
      else *unknown = true;
    }
    if (s->kind == SYM_EV_ASYNC_WAIT && !sym_is_true(c, s->pred)) *unknown = true;
  }
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *q = &c->evs[i];
    if (q->kind != SYM_EV_ASYNC_WAIT || q->group != rd->group || q->part != e->part ||
        q->loop != e->loop)
      continue;
    int64_t mq = q->pos < e->pos ? 0 : -1; /* q's iteration minus e's */
    int64_t m = mq - D;                    /* latest instance of q before e, minus the read's */
    if (m < 0 || (m == 0 && q->pos < rd->pos)) continue;
    if (!fires_in(c, q, ctx, mq)) continue;
    int64_t cnt = 0;
    for (uint32_t j = 0; j < c->n_evs && cnt < q->pendings; j++) {
      const sym_event *s = &c->evs[j];
      if (s->kind != SYM_EV_ASYNC_READ || s->group != rd->group || s->part != e->part ||
          s->loop != e->loop || (j && c->evs[j - 1].op == s->op))
        continue;
      /* s's instances between rd and q: in rd's iteration after it, in q's before it */
      if (m == 0) {
        if (s->pos > rd->pos && s->pos < q->pos) cnt += fires_in(c, s, ctx, D);
      } else {
        if (s->pos > rd->pos) cnt += fires_in(c, s, ctx, D);
        if (s->pos < q->pos) cnt += fires_in(c, s, ctx, mq);
      }
    }
    if (m > 0) cnt += (m - 1) * S;
    /* {pendings = P} leaves the P most recent groups in flight: rd is complete once P groups
     * were issued after it (semantics.md §2.2) */
    if (cnt >= q->pendings) return true;
  }
  return false;
}

/* A single (unindexed) buffer written after a buffer-empty wait, before the partition's next
 * wait on the same barrier, also inside a loop nested in the wait's loop: an accumulator
 * released per tile and overwritten by the next tile's MMAs in the inner loop. */
static void guard_nest(sym_ctx *c, int wi, bool *guarded) {
  const sym_event *w = &c->evs[wi];
  for (uint32_t i = (uint32_t)wi + 1; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->part != w->part) break;
    bool nested = e->loop >= 0 && w->loop >= 0 && c->loops[e->loop].flat_outer == w->loop;
    if (e->loop != w->loop && !nested) break;
    if (e->kind == SYM_EV_WAIT && e->ring == w->ring) break;
    if ((e->kind == SYM_EV_WRITE || e->kind == SYM_EV_ASYNC_WRITE) && e->ring >= 0 &&
        c->rings[e->ring].n == 1 && !e->view)
      guarded[e->ring] = true;
  }
}

/* Buffer-empty (lag 1) wait wi's writes of buffer slots numbered apart from its own number
 * (window_access takes only the same number): a ring whose slots start empty by an arrival
 * per slot before the loop (kv-pair.ok, the FA kernels) numbers the release of use u as u + N,
 * and the loader's wait for it, u + N, precedes its write of use u. The wait for arrival
 * number a (its own number minus N) lets the write of use a + N - K overwrite use a - K, K its
 * own number minus the write's: every read of use a - K must come before arrival a. shift[b]
 * is that K for buffer ring b (guarded), INT64_MIN when two windows disagree. Rings of a
 * constant slot per op (mul N: ConSan's one-ring kernels) are left to window_access. */
static void guard_shifted(sym_ctx *c, int wi, bool *guarded, int64_t *shift) {
  const sym_event *w = &c->evs[wi];
  /* (the shapes whose read offsets (b) computes: one slot per iteration, or M per padded
   * step; a constant slot's waits keep window_access's pairing alone) */
  if (w->seqt || w->loop < 0 || (w->mul != 1 && !sym_multi_step(c, w))) return;
  for (uint32_t i = (uint32_t)wi + 1; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    /* (up to the next wait of any ring: the loader's next wait is for another slot's
     * release, whose writes are that wait's) */
    if (e->part != w->part || e->loop != w->loop || e->kind == SYM_EV_WAIT) break;
    int b = -1;
    int64_t off = 0;
    if (e->kind == SYM_EV_TMA_LOAD && e->buf_has_seq && e->buf_ring >= 0 && !w->base &&
        e->buf_mul == w->mul) {
      b = e->buf_ring;
      off = e->buf_off;
    } else if ((e->kind == SYM_EV_WRITE || e->kind == SYM_EV_ASYNC_WRITE) && e->has_seq &&
               e->ring >= 0 && e->mul == w->mul && sym_same_base(c, w, e) && !e->seqt) {
      b = e->ring;
      off = e->off;
    }
    if (b < 0 || c->rings[b].n != c->rings[w->ring].n || !released_here(c, w, b)) continue;
    int64_t k = w->off - off;
    if (guarded[b] && shift[b] != k) k = INT64_MIN;
    guarded[b] = true;
    shift[b] = k;
  }
}

/* A buffer-empty (lag 1) wait on the ring in a partition other than part. */
static bool other_waiter(sym_ctx *c, int ring, int part) {
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    const char *how;
    if (w->kind == SYM_EV_WAIT && w->ring == ring && w->part != part && w->has_seq &&
        sym_wait_lag(c, (int)wi, &how) == 1)
      return true;
  }
  return false;
}

/* The buffer rings barrier ring `ring`'s buffer-empty (lag 1) waits guard (window,
 * guard_nest, guard_shifted), marked in guarded[] (shift[]: guard_shifted's K); false when the
 * ring has no such wait (it is no buffer-empty ring: nothing guarded). */
static bool ring_guards(sym_ctx *c, uint32_t ring, bool *guarded, int64_t *shift) {
  memset(guarded, 0, c->n_rings * sizeof *guarded);
  memset(shift, 0, c->n_rings * sizeof *shift);
  bool empty_ring = false;
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    const char *how;
    bool rd, wr;
    if (w->kind != SYM_EV_WAIT || w->ring != (int)ring || !w->has_seq) continue;
    if (sym_wait_lag(c, (int)wi, &how) != 1) continue;
    empty_ring = true;
    window(c, (int)wi, &rd, &wr, guarded);
    guard_nest(c, (int)wi, guarded);
    guard_shifted(c, (int)wi, guarded, shift);
  }
  return empty_ring;
}

/* Rings (b) checks: barriers of the encoding (elsewhere: sym_ring_fresh.c). */
static bool b_ring(const sym_ctx *c, uint32_t ring) {
  return c->rings[ring].is_barrier && !c->rings[ring].irregular && !c->rings[ring].elsewhere;
}

bool sym_bp_guarded(sym_ctx *c, int b) {
  bool *guarded = ir_xcalloc(c->n_rings ? c->n_rings : 1, sizeof *guarded);
  int64_t *shift = ir_xcalloc(c->n_rings ? c->n_rings : 1, sizeof *shift);
  bool any = false;
  for (uint32_t ring = 0; ring < c->n_rings && !any; ring++)
    any = b_ring(c, ring) && ring_guards(c, ring, guarded, shift) && guarded[b];
  free(shift);
  free(guarded);
  return any;
}

static void release_after_read(sym_ctx *c, vf_sym_condres *r) {
  char lb[256];
  bool *guarded = ir_xcalloc(c->n_rings ? c->n_rings : 1, sizeof *guarded);
  /* per guarded buffer ring: its uses' numbers below the barrier's (guard_shifted) */
  int64_t *shift = ir_xcalloc(c->n_rings ? c->n_rings : 1, sizeof *shift);
  for (uint32_t ring = 0; ring < c->n_rings; ring++) {
    if (!b_ring(c, ring)) continue;
    sym_debug_what(c, "back-pressure (b) of ring %s", c->rings[ring].name);
    if (!ring_guards(c, ring, guarded, shift)) continue;
    for (uint32_t ei = 0; ei < c->n_evs; ei++) {
      const sym_event *e = &c->evs[ei];
      if (e->kind != SYM_EV_ARRIVE || e->ring != (int)ring || !e->has_seq) continue;
      /* the threads that overwrite after waiting for this release: when the releasing thread
       * is the only one, program order orders its reads and its later writes */
      if (!other_waiter(c, (int)ring, e->part)) continue;
      for (uint32_t ri = 0; ri < c->n_evs; ri++) {
        const sym_event *rd = &c->evs[ri];
        /* (a synchronous write of the releasing thread too: a write back of what it read, the
         * FA O rescale, must come before the release as the read does: oring-rescale-late.bug,
         * session 41; a write the thread's own release precedes is another round's) */
        if ((rd->kind != SYM_EV_READ && rd->kind != SYM_EV_ASYNC_READ &&
             rd->kind != SYM_EV_WRITE) ||
            rd->part != e->part || rd->loop != e->loop || rd->ring < 0 || !guarded[rd->ring] ||
            !rd->has_seq || c->rings[rd->ring].elsewhere) /* sym_ring_fresh.c */
          continue;
        /* an MMA's own completion barrier arrives after it read its operands (§4.4): the
         * release of the round it reads, not of another (below: D == 0) */
        bool own = rd->op == e->op;
        int64_t K = shift[rd->ring];
        /* M slots per padded step (sym_multi_step): numbers M it + off */
        bool multi = e->loop >= 0 && e->mul > 1 && sym_multi_step(c, e) && sym_multi_step(c, rd);
        bool shaped = rd->mul == e->mul && sym_same_base(c, rd, e) &&
                      !(e->loop >= 0 && e->mul != 1 && !multi) && !(K && e->loop < 0);
        if (own && (!shaped || K == INT64_MIN))
          continue; /* numbered apart: its own completion, as before session 30 */
        r->n_checked++;
        if (!shaped) {
          sym_note_unknown(r, "release at %s: slot sequences of different shapes",
                           ir_loc_str(e->op->loc, lb, sizeof lb));
          continue;
        }
        if (K == INT64_MIN) {
          sym_note_unknown(r, "release at %s: the loader's writes are numbered apart from its "
                           "waits by different amounts", ir_loc_str(e->op->loc, lb, sizeof lb));
          continue;
        }
        /* the read of the released slot (its use numbered K below the release) runs in
         * iteration i + D (same slot only outside loops) */
        int64_t D = e->loop >= 0 ? e->off - K - rd->off : 0;
        if (multi) {
          if (D % e->mul) continue; /* rd's numbers are another residue mod M: not that use */
          D /= e->mul;
        }
        if (e->loop < 0 && sym_same_seq(c, e, rd) == 0) continue; /* another slot */
        /* its own completion releases the round it reads; an MMA whose barrier releases
         * another round (its operand on the slot after its wait's: session 30's --slot
         * audit of tutorial 06's attention, all seven proved) is asked like any read */
        if (own && D == 0) continue;
        bool before = D < 0 || (D == 0 && rd->pos < e->pos), unknown = false;
        /* a padded read at a step where the release never fires with it (oring.ok: the
         * release after the inner loop against an inner read one step later, which is the
         * next tile's first step) */
        if (!before && sym_pad_apart(c, e, rd, D)) continue;
        bool ok = before && (rd->kind == SYM_EV_READ || rd->kind == SYM_EV_WRITE ||
                             sym_async_retired(c, e, rd, D, &unknown));
        if (ok) continue;
        if (unknown) {
          sym_note_unknown(r, "release at %s: predicated async reads or waits",
                           ir_loc_str(e->op->loc, lb, sizeof lb));
          continue;
        }
        Z3_ast rd_at = rd->pred, phi = e->pred, j = NULL;
        if (e->loop >= 0) {
          const sym_loop *L = &c->loops[e->loop];
          j = sym_add(c, L->it, sym_int(c, D));
          rd_at = sym_at(c, e->loop, sym_and2(c, L->range, rd->pred), j);
          phi = sym_and2(c, L->range, e->pred);
        }
        /* harmful only when the slot is used again: a buffer-empty wait for this release */
        Z3_ast reuse = Z3_mk_false(c->z), rel = sym_seq_term(c, e);
        for (uint32_t wi = 0; wi < c->n_evs; wi++) {
          const sym_event *w = &c->evs[wi];
          const char *how;
          if (w->kind == SYM_EV_WAIT && w->ring == (int)ring && w->has_seq &&
              sym_wait_lag(c, (int)wi, &how) == 1)
            reuse =
                sym_or2(c, reuse, sym_fires(c, w, sym_add(c, rel, sym_int(c, c->rings[ring].n))));
        }
        phi = sym_and2(c, sym_and2(c, phi, rd_at), reuse);
        Z3_ast extra[1] = {j ? j : sym_int(c, -1)};
        int64_t x[1];
        Z3_lbool st;
        vf_sym_violation *v = sym_violation(c, r, e->op, e->part, phi, e->loop, sym_ev_it(c, e),
                                            e->tainted || rd->tainted, extra, 1, x, &st);
        if (!v) continue;
        sym_site(v, rd->op);
        sym_ring_sites(c, v, (int)ring);
        char rl[256];
        ir_loc_str(rd->op->loc, rl, sizeof rl);
        const char *buf = c->rings[rd->ring].name, *bar = c->rings[ring].name;
        const char *what = rd->group == SYM_G_WGMMA ? "async wgmma"
                           : rd->group == SYM_G_TC05 ? "tcgen05 MMA" : "TMA store";
        const char *wait = rd->group == SYM_G_WGMMA ? "warp_group_dot_wait"
                           : rd->group == SYM_G_TC05 ? "commit (or wait on a commit's phase)"
                                                     : "async_tma_store_wait";
        if (!before)
          v->message = sym_fmt("releases %s (arrive on %s) in iteration %lld before %s that "
                               "slot at %s in iteration %lld: the producer may overwrite it first",
                               buf, bar, (long long)v->iteration,
                               rd->kind == SYM_EV_WRITE ? "writing" : "reading", rl,
                               (long long)x[0]);
        else
          v->message = sym_fmt("releases %s (arrive on %s) in iteration %lld while the %s issued "
                               "at %s in iteration %lld may still be reading it: no %s retires it "
                               "before the arrive (semantics.md %s)",
                               buf, bar, (long long)v->iteration, what, rl, (long long)x[0], wait,
                               rd->group == SYM_G_TC05 ? "§4.4" : "§2.2, §3");
      }
    }
  }
  free(guarded);
  free(shift);
}

void sym_untraced_unknown(const sym_ctx *c, vf_sym_condres *r) {
  for (uint32_t i = 0; i < c->n_untraced; i++) {
    char l[256];
    r->n_checked++;
    sym_note_unknown(r, "%s at %s: its memory view is not traced to an allocation (the access "
                     "is not numbered, nothing about it is checked)",
                     ir_ops[c->untraced[i]->code].name,
                     ir_loc_str(c->untraced[i]->loc, l, sizeof l));
  }
}

void sym_unencoded_unknown(const sym_ctx *c, vf_sym_condres *r, bool sync) {
  for (uint32_t i = 0; i < c->n_unencoded; i++) {
    const ir_op *op = c->unencoded[i];
    /* a named / cluster barrier (its class in the op table), else a remote write */
    if ((ir_ops[op->code].cls == IR_C_BARRIER) != sync) continue;
    char l[256];
    r->n_checked++;
    sym_note_unknown(r, "%s at %s: %s", ir_ops[op->code].name, ir_loc_str(op->loc, l, sizeof l),
                     sync ? "named and cluster barriers are not encoded (a deadlock through "
                            "them is not asked)"
                          : "a write of another CTA's shared memory is not encoded");
  }
}

void sym_vc_backpressure(sym_ctx *c, vf_sym_condres *r) {
  sym_untraced_unknown(c, r);
  sym_unencoded_unknown(c, r, false);
  int64_t *dist = ir_xmalloc(c->n_evs ? c->n_evs : 1, sizeof *dist);
  Z3_ast *a_seen = ir_xcalloc(c->n_evs ? c->n_evs : 1, sizeof *a_seen);
  ordering(c, r, dist, a_seen);
  release_after_read(c, r);
  sym_vc_reuse(c, r);
  sym_vc_tc05(c, r);
  sym_vc_acquire(c, r);
  sym_join_accesses(c, r); /* accesses after the join with no round (sym_join.c) */
  sym_vc_early(c, r);       /* (f): the previous round completed before a wait */
  sym_vc_early_producers(c, r, a_seen); /* (f): and before an arrival */
  free(a_seen);
  free(dist);
  sym_finish_cond(r, "no ring phase can complete before the waiters of the previous phase "
                  "passed, every slot is released after its reads completed, and every access of a slot a TMA "
                  "load or another thread writes is ordered with that write by a wait");
}
