/* sym_join.c: rounds of the parent's ops after the warp_specialize join on a ring the
 * partitions use (docs/symbolic.md §1, "Rounds after the join").
 *
 * The join waits for every partition's last op (semantics.md §1.4), and after it the parent
 * runs alone, as before the fork. So when a post-join op of slot s executes, every arrival on
 * s made before it (the parent's before the fork, every partition's, the earlier post-join
 * ones) has been issued, and only those: their total weight
 *     A = sum over arrival events a on s of weight(a) * firings(a, s)
 * is a closed form of the trip counts (a straight-line op fires once under its predicate; an
 * unpredicated loop op with seq = it + off fires on slot s for the x in [off, off + T) with
 * x mod N = s; one with a constant slot (seq = N * it + off) T times). The rounds then run in
 * order (arrival-balance), so
 *   - a post-join arrival (arrive, expect) belongs to round A div count,
 *   - a post-join wait is for round A div count - 1, the last round whose arrivals are all
 *     before it (round -1: the phase before init). A later round has fewer than count
 *     arrivals before the wait and none after it until it passes, so it cannot complete first
 *     (back-pressure (a) holds by construction); whether the wait's own round completes at all
 *     (its bytes, asynchronous arrivals) is arrival-balance / byte-balance as for any wait,
 *     and whether the round before it has completed when it starts is checked by
 *     sym_join_settled (an asynchronous completion still in flight would let it pass early),
 *   - a post-join TMA load completes bytes of its thread's latest post-join expect's round.
 * Anything else (an arrival in a loop under a predicate, a tainted one, a non-constant slot)
 * leaves the op unsupported: its conditions are unknown, never proved. */
#include "sym_internal.h"

static bool arrival(const sym_event *e) {
  return e->kind == SYM_EV_ARRIVE || e->kind == SYM_EV_EXPECT;
}

/* Firings of loop event a on slot s (wide BV), or NULL with *why set. */
static Z3_ast loop_firings(sym_ctx *c, const sym_event *a, int64_t s, const char **why) {
  int64_t n = c->rings[a->ring].n;
  Z3_ast T = c->loops[a->loop].trip;
  if (!sym_is_true(c, a->pred)) {
    *why = "ring op after the join: an arrival in a loop is predicated (its firings are not the "
           "trip count)";
    return NULL;
  }
  if (a->base) {
    *why = "ring op after the join: an arrival in a sibling loop (its firings start at a symbolic "
           "sequence number)";
    return NULL;
  }
  if (a->mul == n) /* a constant slot: once per iteration */
    return ((a->off % n) + n) % n == s ? T : sym_int(c, 0);
  if (a->mul != 1) {
    *why = "ring op after the join: an arrival in a loop advances by more than one slot";
    return NULL;
  }
  /* #{x in [off, off + T) : x mod n = s} = floor((off + T - 1 - s) / n) - floor((off - 1 - s) / n) */
  Z3_ast hi = sym_add(c, T, sym_int(c, a->off - 1 - s));
  return sym_sub(c, sym_fdiv(c, hi, n), sym_int(c, (a->off - 1 - s - (((a->off - 1 - s) % n) + n) % n) / n));
}

/* Total arrival weight on slot s of event i's ring before post-join event i, or NULL. */
static Z3_ast arrivals_before(sym_ctx *c, uint32_t i, int64_t s, const char **why) {
  const sym_event *e = &c->evs[i];
  int64_t n = c->rings[e->ring].n;
  Z3_ast A = sym_int(c, 0);
  for (uint32_t j = 0; j < c->n_evs; j++) {
    const sym_event *a = &c->evs[j];
    if (a->ring != e->ring || !arrival(a) || (a->postjoin && j >= i)) continue;
    if (a->unsupported || !a->has_seq) {
      *why = a->unsupported ? a->unsupported : "ring op after the join: an arrival on the ring is "
                                               "outside the encoding";
      return NULL;
    }
    if (a->tainted) {
      *why = "ring op after the join: an arrival on the ring depends on a value the encoding does "
             "not model";
      return NULL;
    }
    Z3_ast k;
    if (a->loop >= 0) {
      if (!(k = loop_firings(c, a, s, why))) return NULL;
    } else {
      Z3_ast on = sym_eq(c, sym_fmod(c, sym_seq_term(c, a), n), sym_int(c, s));
      k = sym_ite(c, sym_and2(c, a->pred, on), sym_int(c, 1), sym_int(c, 0));
    }
    A = sym_add(c, A, sym_mul(c, sym_int(c, a->weight), k));
  }
  return A;
}

/* The latest post-join expect of the thread before event i on its slot, placed, or NULL. */
static const sym_event *join_expect(sym_ctx *c, uint32_t i, int64_t s) {
  const sym_event *e = &c->evs[i];
  for (uint32_t j = i; j-- > 0;) {
    const sym_event *p = &c->evs[j];
    if (!p->postjoin || p->ring != e->ring || p->kind != SYM_EV_EXPECT) continue;
    return p->seqt && p->join_slot == s && !p->unsupported ? p : NULL;
  }
  return NULL;
}

void sym_place_join(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (!e->join_round || e->unsupported) continue;
    sym_debug_what(c, "round of ev %u after the join", i);
    const sym_ring *R = &c->rings[e->ring];
    int64_t n = R->n, s = 0;
    if (e->idx && !(sym_numeral(c, e->idx, &s) && s >= 0 && s < n)) {
      e->unsupported = "ring op after the join: its slot is not a constant in range";
      continue;
    }
    if (!e->idx && n != 1) {
      e->unsupported = "ring op after the join: ring used without an index";
      continue;
    }
    e->join_slot = s;
    if (e->kind == SYM_EV_TMA_LOAD) {
      const sym_event *x = join_expect(c, i, s);
      if (!x) {
        e->unsupported = "ring op after the join: a TMA load without a post-join expect on its slot";
        continue;
      }
      e->seqt = x->seqt;
    } else if (e->kind == SYM_EV_WAIT || arrival(e)) {
      if (!R->is_barrier || R->count[s] <= 0) {
        e->unsupported = "ring op after the join on a slot that is never initialised";
        continue;
      }
      const char *why = NULL;
      Z3_ast A = arrivals_before(c, i, s, &why);
      if (!A) {
        e->unsupported = why;
        continue;
      }
      Z3_ast round = sym_fdiv(c, A, R->count[s]);
      if (e->kind == SYM_EV_WAIT) round = sym_sub(c, round, sym_int(c, 1));
      e->seqt = sym_simplify(c, sym_add(c, sym_mul(c, round, sym_int(c, n)), sym_int(c, s)));
    } else { /* buffer accesses name no round of their own */
      e->unsupported = "buffer access after the join on a ring the partitions use (its use is not "
                       "placed)";
      continue;
    }
    e->has_seq = true;
    e->mul = 0;
    e->off = 0;
  }
}

/* Bool: the round before post-join wait wi's has completed when the wait starts: the ring has
 * no asynchronous completion, that round is the phase before init, or another wait on the
 * ring before wi in program order (a partition's, the parent's) was for it and has passed. */
Z3_ast sym_join_settled(sym_ctx *c, int wi) {
  const sym_event *e = &c->evs[wi];
  const sym_ring *R = &c->rings[e->ring];
  int64_t n = R->n;
  /* only asynchronous completions can be in flight at the join: TMA bytes, tcgen05 commits
   * and MMA barriers; arrive_barrier and byte-less expects complete their phase at the op */
  bool async = false;
  for (uint32_t j = 0; j < c->n_evs; j++) {
    const sym_event *a = &c->evs[j];
    if (a->ring != e->ring) continue;
    if (a->kind == SYM_EV_TMA_LOAD || (a->kind == SYM_EV_EXPECT && a->bytes != 0) ||
        (a->kind == SYM_EV_ARRIVE && a->op->code != IR_OP_TTNG_ARRIVE_BARRIER))
      async = true;
  }
  Z3_ast prev = sym_sub(c, e->seqt, sym_int(c, n)); /* the previous round of the slot */
  if (!async) return Z3_mk_true(c->z);
  Z3_ast done = sym_slt(c, prev, sym_int(c, 0)); /* the phase before init */
  for (uint32_t j = 0; j < c->n_evs; j++) {
    const sym_event *w = &c->evs[j];
    if (w->ring != e->ring || w->kind != SYM_EV_WAIT || (int)j == wi || !w->has_seq ||
        w->unsupported || (w->postjoin && j > (uint32_t)wi))
      continue;
    int64_t d = sym_wait_shift(c, (int)j);
    if (d < 0 || w->dead) continue;
    done = sym_or2(c, done, sym_fires(c, w, sym_add(c, prev, sym_int(c, d))));
  }
  return done;
}

/* ------------------------------------------------------------------ unplaced accesses */

static bool writes(const sym_event *e) {
  return e->kind == SYM_EV_WRITE || e->kind == SYM_EV_ASYNC_WRITE || e->kind == SYM_EV_TMA_LOAD;
}

static bool async_access(const sym_event *e) {
  return e->kind == SYM_EV_ASYNC_READ || e->kind == SYM_EV_ASYNC_WRITE || e->kind == SYM_EV_TMA_LOAD;
}

/* Is group access a (a TMA store's or async wgmma's read) retired before post-join access x by
 * a wait of its group with no pendings that its thread executes after a, unconditionally and
 * outside any loop (in a's partition: before the join; in the parent's thread: before x)? */
static bool group_retired(sym_ctx *c, const sym_event *a, const sym_event *x) {
  if (a->kind != SYM_EV_ASYNC_READ || (a->group != SYM_G_TMA_STORE && a->group != SYM_G_WGMMA))
    return false;
  for (uint32_t j = 0; j < c->n_evs; j++) {
    const sym_event *g = &c->evs[j];
    if (g->kind == SYM_EV_ASYNC_WAIT && g->group == a->group && g->part == a->part &&
        g->loop < 0 && g->pendings == 0 && g->pos > a->pos && sym_is_true(c, g->pred) &&
        !g->tainted && !g->unsupported && (a->part != x->part || g->pos < x->pos))
      return true;
  }
  return false;
}

/* Is tcgen05 access a retired before post-join access x by a commit of its thread after it
 * that x's thread waited for? The commit (straight-line, unconditional, after a in a's
 * partition) arrives once every tcgen05 op its thread issued before it has completed
 * (semantics.md §4.4); a post-join wait w before x on its slot is for round A div count - 1 of
 * the A arrivals made before it (sym_place_join), the commit's among them; when count divides
 * A for every argument value, those arrivals fill whole rounds and w's phase completes only
 * after all of them, the commit's too. (w passing on that phase, not an older one of its
 * parity, is phase-agreement and back-pressure's sym_join_settled.) */
static bool commit_retired(sym_ctx *c, const sym_event *a, const sym_event *x) {
  if (a->group != SYM_G_TC05) return false;
  for (uint32_t k = 0; k < c->n_evs; k++) {
    const sym_event *cm = &c->evs[k];
    if (cm->op->code != IR_OP_TTNG_TC_GEN5_COMMIT || cm->part != a->part || cm->loop >= 0 ||
        cm->prefork || cm->postjoin || cm->pos <= a->pos || !sym_is_true(c, cm->pred) ||
        cm->tainted || cm->unsupported || cm->ring < 0)
      continue;
    const sym_ring *R = &c->rings[cm->ring];
    for (uint32_t wi = 0; wi < c->n_evs; wi++) {
      const sym_event *w = &c->evs[wi];
      if (w->kind != SYM_EV_WAIT || !w->join_round || !w->has_seq || w->unsupported ||
          w->tainted || w->ring != cm->ring || w->part != x->part || w->pos >= x->pos ||
          !sym_is_true(c, w->pred))
        continue;
      int64_t s = w->join_slot, cs = 0, cnt = R->count[s];
      if (R->n != 1 && !(cm->idx && sym_numeral(c, cm->idx, &cs) && cs == s)) continue;
      const char *why = NULL;
      Z3_ast A = cnt > 0 ? arrivals_before(c, wi, s, &why) : NULL;
      if (A && (cnt == 1 || sym_sat(c, sym_not(c, sym_eq(c, sym_fmod(c, A, cnt),
                                                         sym_int(c, 0)))) == Z3_L_FALSE))
        return true;
    }
  }
  return false;
}

/* Is every instance of tcgen05 op a observed complete by a wait of a partition (so before
 * the join)? a's own barrier arrival b (the MMA's mbarrier operand, firing whenever a does)
 * arrives once a has completed (semantics.md §4.4); a wait w of a partition, unconditional in
 * its loop, on b's ring with lag L waits for the round that the producers of sequence number
 * m - L * N complete. When every sequence number n that b fires with has w fire with
 * n + L * N (Z3), each instance of a is complete before some w passes, before the join. (That
 * w's round holds b's arrival and w passes on that phase, not an older one, is arrival-balance,
 * phase-agreement and back-pressure (a).) */
static bool mma_observed(sym_ctx *c, const sym_event *a) {
  if (a->group != SYM_G_TC05) return false;
  for (uint32_t bi = 0; bi < c->n_evs; bi++) {
    const sym_event *b = &c->evs[bi];
    if (b->op != a->op || b->kind != SYM_EV_ARRIVE || b->ring < 0 || !b->has_seq ||
        b->unsupported || b->tainted || c->rings[b->ring].irregular ||
        b->loop != a->loop)
      continue;
    /* b fires whenever a does (its barrier's predicate holds) */
    Z3_ast in = a->loop >= 0 ? c->loops[a->loop].range : Z3_mk_true(c->z);
    if (!Z3_is_eq_ast(c->z, b->pred, a->pred) &&
        sym_sat(c, sym_and2(c, sym_and2(c, in, a->pred), sym_not(c, b->pred))) != Z3_L_FALSE)
      continue;
    for (uint32_t wi = 0; wi < c->n_evs; wi++) {
      const sym_event *w = &c->evs[wi];
      if (w->kind != SYM_EV_WAIT || w->ring != b->ring || w->prefork || w->postjoin ||
          !w->has_seq || w->unsupported || w->tainted || w->loop < 0 ||
          !sym_is_true(c, w->pred))
        continue;
      int64_t d = sym_wait_shift(c, (int)wi);
      if (d < 0 || w->dead) continue;
      Z3_ast s = sym_fresh(c, "n", c->wide), m = sym_add(c, s, sym_int(c, d));
      if (sym_sat(c, sym_and2(c, sym_fires(c, b, s), sym_not(c, sym_fires(c, w, m)))) ==
          Z3_L_FALSE)
        return true;
    }
  }
  return false;
}

void sym_join_accesses(sym_ctx *c, vf_sym_condres *r) {
  char xl[256], al[256];
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *x = &c->evs[i];
    if (!x->postjoin || !sym_is_access(x->kind) || x->has_seq || x->ring < 0) continue;
    for (uint32_t j = 0; j < c->n_evs; j++) {
      const sym_event *a = &c->evs[j];
      bool on = a->kind == SYM_EV_TMA_LOAD ? a->buf_ring == x->ring
                                           : sym_is_access(a->kind) && a->ring == x->ring;
      if (j == i || !on || (!writes(a) && !writes(x))) continue;
      /* a synchronous access: complete at its op, before x by the join (another partition)
       * or by program order (the parent's thread: the default partition, before the fork,
       * the post-join ops) */
      if (!async_access(a)) continue;
      r->n_checked++;
      /* tcgen05 accesses of the parent's thread: back-pressure (d) (sym_vc_tc05.c) */
      if ((a->group == SYM_G_TC05 && a->part == x->part) || group_retired(c, a, x) ||
          commit_retired(c, a, x) || mma_observed(c, a))
        continue;
      sym_note_unknown(r, "%s at %s: an access after the join of %s, which the asynchronous %s at "
                       "%s (%s) may still be %s: its completion before the access is not modelled",
                       writes(x) ? "write" : "read", ir_loc_str(x->op->loc, xl, sizeof xl),
                       c->rings[x->ring].name, ir_ops[a->op->code].name,
                       ir_loc_str(a->op->loc, al, sizeof al), sym_part_label(c, a->part),
                       writes(a) ? "writing" : "reading");
    }
  }
}
