/* sym_vc_progress.c: the progress condition: no cycle of waits (a deadlock) for any argument.
 *
 * A wait passes once every arrival of the round it is for has happened (arrival-balance and
 * byte-balance make those exactly the producers that fire with that sequence number), and an
 * arrival happens once the ops before it in its thread's program order did (semantics.md §1.3).
 * The kernel can get stuck only in waits, at most one per thread (the parent before the fork,
 * the default partition and the parent after the join are one thread; the fork orders the
 * parent's earlier ops before every partition's, the join every partition's before its later
 * ones). A stuck wait w needs a producer p that never runs, so p comes after the stuck wait w'
 * of its own thread: following w -> w' gives a cycle of stuck waits w_1 .. w_m in m distinct
 * threads, where a producer p_j of w_j's round comes after w_{j+1} (w_1 after w_m) in program
 * order. Conversely, if waits and producers of such a cycle all execute, none of the waits can
 * pass first: the kernel cannot finish. So the condition is one Z3 query per candidate cycle:
 * iterations i_j where w_j executes, whose rounds p_j fire, and w_{j+1} at i_{j+1} precedes p_j
 * in program order. A model is a deadlock (confirmed by the explorer: kind deadlock); every
 * query unsatisfiable proves progress. Candidates are found by a search over waits that visits
 * each thread at most once; a cycle whose events are all in one loop nest with constant
 * iteration offsets is ruled out without Z3 when its offsets sum below zero (the producer is
 * always an earlier iteration's: a pipeline's own dependency chain). Without the condition a
 * cross wait (A: wait X; arrive Y. B: wait Y; arrive X) was "proved" by the other five
 * (tests/symbolic/cross-wait.bug, late-cycle.bug). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

#define PROG_MAXC 16         /* threads in one cycle (more: unknown) */
#define PROG_STEPS 2000000     /* search steps before the condition gives up (unknown): the FA
                                * rows need ~720 K (session 43; 200 K before) */
#define PROG_QUERIES 2048    /* Z3 queries for candidate cycles before it gives up (most are
                                * refuted at once: triton_t06_attention_ws needs ~850) */

typedef struct prog {
  sym_ctx *c;
  vf_sym_condres *r;
  int *lag;                  /* per event: the wait's lag (waits only) */
  int w[PROG_MAXC], p[PROG_MAXC];
  int m;
  uint64_t used;             /* threads on the current path */
  long steps;
  int queries;
  bool gave_up, found;
} prog;

/* The partition's top-level loop holding loop l (a flattened loop: its outer loop). */
static int top_loop(sym_ctx *c, int l) {
  return c->loops[l].flat_outer >= 0 ? c->loops[l].flat_outer : l;
}

static uint32_t anchor(sym_ctx *c, const sym_event *e) {
  return e->loop < 0 ? e->pos : c->loops[top_loop(c, e->loop)].op->id;
}

/* Fork and join order across threads; else program order of one thread (op ids are in
 * textual order, a loop's before its body's). 1: a before b, 0: not, -1: depends on the
 * iterations (one top-level loop or nest). */
static int order(sym_ctx *c, const sym_event *a, const sym_event *b) {
  if (c->n_stages > 1) { /* several warp_specialize stages: their segments run in sequence,
                          * and the parent's straight-line ops of one segment in position
                          * order (sym_stage.c) */
    int sa = sym_stage_segment(c, a), sb = sym_stage_segment(c, b);
    if (sa != sb) return sa < sb;
    if ((a->prefork || a->postjoin) && (b->prefork || b->postjoin) && a->loop < 0 && b->loop < 0)
      return a->pos < b->pos;
  }
  if (a->prefork != b->prefork) return a->prefork;
  if (a->postjoin != b->postjoin) return b->postjoin;
  if (a->part != b->part && !a->prefork && !a->postjoin) return 0;
  if (a->loop >= 0 && b->loop >= 0 && top_loop(c, a->loop) == top_loop(c, b->loop)) return -1;
  return anchor(c, a) < anchor(c, b);
}

/* Counter of the top-level loop O at e's iteration i. */
static Z3_ast outer_it(sym_ctx *c, const sym_event *e, Z3_ast i, int O) {
  return e->loop == O ? i : sym_at(c, e->loop, c->loops[O].it, i);
}

/* The real inner loop of a flattened nest (plain or padded) whose iterations e's instances are
 * in, -1 for an event of no inner loop (a padded nest's op before or after the inner loop, an
 * op of the outer body). */
static int inner_of(sym_ctx *c, const sym_event *e) {
  if (e->loop < 0) return -1;
  const sym_loop *F = &c->loops[e->loop];
  if (F->flat_outer < 0 || F->flat_inner < 0) return -1;
  const sym_loop *I = &c->loops[F->flat_inner];
  if (!I->pad) return F->flat_inner;
  return e->pad_pos == SYM_PAD_INNER ? I->pad_inner : -1;
}

/* The inner loop's counter k of e's instance at iteration i (inner_of(e) >= 0): a padded
 * nest's inner step is v = k + 1. */
static Z3_ast inner_it(sym_ctx *c, const sym_event *e, Z3_ast i) {
  const sym_loop *F = &c->loops[e->loop], *I = &c->loops[F->flat_inner];
  Z3_ast k = sym_at(c, e->loop, I->it, i);
  return I->pad ? sym_sub(c, k, sym_int(c, 1)) : k;
}

/* Bool: a at iteration ia runs before b at iteration ib (NULL iterations outside loops). */
static Z3_ast before(sym_ctx *c, const sym_event *a, Z3_ast ia, const sym_event *b, Z3_ast ib) {
  int o = order(c, a, b);
  if (o >= 0) return o ? Z3_mk_true(c->z) : Z3_mk_false(c->z);
  Z3_ast x = ia, y = ib;
  if (a->loop != b->loop) { /* one in a flattened nest, one in its outer loop's body */
    int O = top_loop(c, a->loop);
    x = outer_it(c, a, ia, O);
    y = outer_it(c, b, ib, O);
    /* two forms of one nest (a partition's plain flattened nest and its padded nest, the FA
     * softmax's): in one tile, two instances of the same inner loop are ordered by its
     * counter first (by the body's positions alone, an instance at a later K step whose op
     * comes earlier in the body would precede, and a cycle through them be missed) */
    int ka = inner_of(c, a);
    if (ka >= 0 && ka == inner_of(c, b)) {
      Z3_ast u = inner_it(c, a, ia), v = inner_it(c, b, ib);
      Z3_ast step = a->pos < b->pos ? sym_sle(c, u, v) : sym_slt(c, u, v);
      return sym_or2(c, sym_slt(c, x, y), sym_and2(c, sym_eq(c, x, y), step));
    }
  }
  Z3_ast same = a->pos < b->pos ? sym_eq(c, x, y) : Z3_mk_false(c->z);
  return sym_or2(c, sym_slt(c, x, y), same);
}

/* Can producer p fire in the round wait w needs?  Only a same-shape loop pair is told apart
 * without Z3 (another slot); *k is then p's iteration minus w's. */
static bool may_feed(sym_ctx *c, const prog *g, int wi, const sym_event *p, bool *offset,
                     int64_t *k) {
  const sym_event *w = &c->evs[wi];
  int64_t n = c->rings[w->ring].n, need = w->off - g->lag[wi] * n;
  *offset = false;
  if (p->ring != w->ring || !sym_is_producer(p)) return false;
  if (w->seqt || p->seqt) return true;
  if (w->loop < 0 && p->loop < 0) return p->off == need;
  /* a straight-line wait's one round against a loop producer's numbers mul * it + off, it >= 0
   * (the FA softmax's wait before its tile loop for the parent's round 0 against the
   * correction's arrivals of rounds 1, 2, ...: a query per candidate before) */
  if (w->loop < 0 && !p->base && !p->off_mod_n && p->mul > 0)
    return need >= p->off && (need - p->off) % p->mul == 0;
  if (w->loop < 0 || p->loop < 0 || p->mul != w->mul) return true;
  int64_t x = need - p->off;
  if (x % w->mul) return false;
  *offset = true;
  *k = x / w->mul;
  return true;
}

static const char *loc_text(const ir_op *op, char *buf, size_t n) { return ir_loc_str(op->loc, buf, n); }
/* ", iteration N" for an event in a loop (its iteration variable it set), else "". */
static void iter_text(char *buf, size_t n, Z3_ast it, int64_t v) {
  if (it) snprintf(buf, n, ", iteration %lld", (long long)v);
  else buf[0] = 0;
}

/* A one-wait cycle in a padded loop (sym_pad.c), wait w at step i and its producer p at step
 * i + k (k >= 0 the offset of may_feed: a padded event with sequence numbers `it + off` fires in
 * round t at step t - off, and program order puts w first, see ask's offset sum): the cycle needs
 * both to fire there. Whether they ever do is asked relative to p's step itF (w at itF - k),
 * each step v of the tile apart (sym_pad_steps_unsat: the tile crossings collapse); true when no
 * step has both (no query for the cycle). t07_persistent_100: the wait after the K loop for the
 * tile's last commit (position post, the tile's last step) against the K loop's commit one step
 * later (position inner: the next step is the next tile's first, which has none); as one query
 * over the two steps' splits Z3 ran out of its limit (their products relate them). */
static bool padded_apart(prog *g) {
  sym_ctx *c = g->c;
  if (g->m != 1) return false;
  const sym_event *w = &c->evs[g->w[0]], *p = &c->evs[g->p[0]];
  bool off;
  int64_t k;
  may_feed(c, g, g->w[0], p, &off, &k);
  if (!off || k < 0 || k > 4 || w->loop != p->loop || !sym_pad_loop_of(c, w->loop) ||
      w->base || p->base || w->mul != 1 || p->mul != 1 || w->seqt || p->seqt)
    return false;
  Z3_ast phi = sym_and2(c, sym_pad_fires_at(c, p, 0), sym_pad_fires_at(c, w, -k));
  Z3_ast phi_in = sym_and2(c, sym_pad_fires_in_tile(c, p, 0), sym_pad_fires_in_tile(c, w, -k));
  return sym_pad_steps_unsat(c, w->loop, phi, phi_in, k, "progress in a padded loop");
}

/* A cycle of padded twin nests whose offsets sum to zero (ask): each inequality of the sum is
 * tight, so every event of the cycle fires at a step a constant apart from w_1's. Whether they
 * ever all do is asked at the latest of those steps, each step v of the tile apart
 * (sym_pad_steps_unsat), the other nests' terms moved to w_1's (sym_pad_twin). The FA correction
 * partition's wait on the alpha barrier before its K loop (a tile's first step) against the
 * softmax partition's wait after its K loop (a tile's last step): tests/symbolic/alpha.ok; as
 * one query with the nests' products Z3 ran out of its limit. */
static bool padded_cycle_apart(prog *g) {
  enum { WINDOW = 8 };
  sym_ctx *c = g->c;
  int m = g->m, L = c->evs[g->w[0]].loop;
  if (L < 0 || !sym_pad_loop_of(c, L)) return false;
  int64_t at[2 * PROG_MAXC], s = 0, hi = 0, lo = 0;
  const sym_event *ev[2 * PROG_MAXC];
  for (int j = 0; j < m; j++) {
    ev[2 * j] = &c->evs[g->w[j]];
    ev[2 * j + 1] = &c->evs[g->p[j]];
    const sym_event *p = ev[2 * j + 1], *wn = &c->evs[g->w[(j + 1) % m]];
    bool off;
    int64_t k = 0;
    may_feed(c, g, g->w[j], p, &off, &k);
    at[2 * j] = s;
    at[2 * j + 1] = s += k;
    s -= wn->pos > p->pos;
  }
  if (s != 0) return false; /* (the caller's sum) */
  for (int q = 0; q < 2 * m; q++) {
    const sym_event *e = ev[q];
    if (!sym_pad_on_twin(c, e, L)) return false;
    hi = at[q] > hi ? at[q] : hi;
    lo = at[q] < lo ? at[q] : lo;
  }
  if (hi - lo > WINDOW) return false;
  Z3_ast phi = Z3_mk_true(c->z), phi_in = phi;
  for (int q = 0; q < 2 * m; q++) {
    int64_t d = at[q] - hi;
    phi = sym_and2(c, phi, sym_pad_fires_twin(c, ev[q], d, L, false));
    phi_in = sym_and2(c, phi_in, sym_pad_fires_twin(c, ev[q], d, L, true));
  }
  return sym_pad_steps_unsat(c, L, phi, phi_in, hi - lo, "progress: a cycle of padded nests");
}

/* A cycle through several flattened nests of one tile loop per partition (a plain nest beside
 * padded ones: the FA softmax's turnstile ring in the plain nest, its alpha ring in a padded
 * one; or the tile loop's own body), placed on each partition's one step layout of the tile
 * (sym_tile_steps.c). When every producer p_j fires, by its nest counter, in w_j's tile or an
 * earlier one (twin nests, offset k_j), and program order puts w_{j+1} in p_j's tile or an
 * earlier one, the tiles around the cycle sum to zero, so every event is in one tile; there
 * sigma(p_j) - sigma(w_j) = k_j + a_pj - a_wj exactly (both in nests; a tile body's op has one
 * step per tile, its sigma fixed by its region) and sigma(w_{j+1}) <= sigma(p_j) - d_j (d_j = 1
 * when w_{j+1} follows p_j in the body). Places the cycle's events in at[] (w_j at 2j, p_j at
 * 2j + 1) and their offsets k in k[]; false when the rule does not apply. */
static bool tile_place_cycle(prog *g, sym_tile_at *at, int64_t *kk) {
  sym_ctx *c = g->c;
  for (int j = 0; j < g->m; j++) {
    const sym_event *w = &c->evs[g->w[j]], *p = &c->evs[g->p[j]];
    const sym_event *wn = &c->evs[g->w[(j + 1) % g->m]];
    sym_tile_at an;
    bool off;
    may_feed(c, g, g->w[j], p, &off, &kk[j]);
    if (!off || !sym_tile_place(c, w, &at[2 * j]) || !sym_tile_place(c, p, &at[2 * j + 1]) ||
        !sym_tile_place(c, wn, &an) || wn->part != p->part || an.outer != at[2 * j + 1].outer ||
        an.inner != at[2 * j + 1].inner || !sym_tile_twin(c, w->loop, p->loop) ||
        !sym_tile_not_later(&at[2 * j], &at[2 * j + 1], kk[j]))
      return false;
  }
  return true;
}

/* An op of a tile body after the K loop stands at T2 + 1 of its partition: no constant step. */
static bool fixed_late(const sym_tile_at *a) { return a->tile_body && a->region == 2; }

/* The placed cycle's sum of sigma differences (it must be >= 0 for an instance to exist);
 * INT64_MAX when some event's step is no constant offset (fixed_late). */
static int64_t tile_sum(prog *g, const sym_tile_at *at, const int64_t *kk) {
  sym_ctx *c = g->c;
  int64_t sum = 0;
  for (int j = 0; j < g->m; j++) {
    const sym_event *p = &c->evs[g->p[j]], *wn = &c->evs[g->w[(j + 1) % g->m]];
    if (fixed_late(&at[2 * j]) || fixed_late(&at[2 * j + 1])) return INT64_MAX;
    sum += kk[j] + at[2 * j + 1].a - at[2 * j].a - (wn->pos > p->pos);
  }
  return sum;
}

/* The placed cycle's steps as one linear query (no product): a step per event in its region
 * (before, in or after the K loop, whose trip counts differ between partitions), the producers'
 * steps from their waits', program order in each partition. Unsat: the cycle has no instance
 * (alpha-turn.ok: a tight sum whose post-loop arrival cannot stand at the first wait's step
 * before the K loop; the FA MMA partition's arrival after its K loop). */
static bool tile_steps_unsat(prog *g, const sym_tile_at *at, const int64_t *kk) {
  sym_ctx *c = g->c;
  int n = 2 * g->m;
  Z3_ast sg[2 * PROG_MAXC], phi = Z3_mk_true(c->z);
  for (int q = 0; q < n; q++) {
    sg[q] = sym_fresh(c, "sigma", c->wide);
    phi = sym_and2(c, phi, sym_tile_in_region(c, &at[q], sg[q]));
  }
  for (int j = 0; j < g->m; j++) {
    const sym_tile_at *aw = &at[2 * j], *ap = &at[2 * j + 1];
    const sym_event *p = &c->evs[g->p[j]], *wn = &c->evs[g->w[(j + 1) % g->m]];
    if (aw->tile_body != ap->tile_body) return false; /* (twins: both or neither) */
    if (aw->tile_body && kk[j]) return true; /* tiles k_j apart, but all are one */
    if (!aw->tile_body)
      phi = sym_and2(c, phi, sym_eq(c, sg[2 * j + 1],
                                    sym_add(c, sg[2 * j], sym_int(c, kk[j] + ap->a - aw->a))));
    Z3_ast lim = sg[2 * j + 1], nx = sg[(2 * j + 2) % n];
    phi = sym_and2(c, phi, wn->pos > p->pos ? sym_slt(c, nx, lim) : sym_sle(c, nx, lim));
  }
  sym_debug_what(c, "progress: a cycle across nests, by steps");
  return sym_sat(c, phi) == Z3_L_FALSE;
}

/* The candidate cycle g->w / g->p (m waits): one query. */
static void ask(prog *g) {
  sym_ctx *c = g->c;
  int m = g->m;
  /* a cycle of one loop nest with constant offsets: its iterations must satisfy
   * i_{j+1} <= i_j + k_j - d_j (d_j = 1 when w_{j+1} follows p_j in the body) around it */
  int64_t sum = 0;
  bool all_offset = true;
  for (int j = 0; j < m && all_offset; j++) {
    const sym_event *p = &c->evs[g->p[j]], *wn = &c->evs[g->w[(j + 1) % m]];
    bool off;
    int64_t k;
    may_feed(c, g, g->w[j], p, &off, &k);
    all_offset = off && wn->loop == p->loop && !wn->prefork && !wn->postjoin;
    sum += k - (wn->pos > p->pos);
  }
  if (all_offset && sum < 0) return;
  if (!all_offset) {
    sym_tile_at at[2 * PROG_MAXC];
    int64_t kk[PROG_MAXC];
    if (tile_place_cycle(g, at, kk)) {
      int64_t ts = tile_sum(g, at, kk);
      if (ts < 0 || tile_steps_unsat(g, at, kk)) {
        if (sym_debug_on())
          fprintf(stderr, "sym: progress from ev %d, %d waits, producer ev %d: across nests, sum %lld\n",
                  g->w[0], m, g->p[0], (long long)ts);
        return;
      }
    }
  }
  if (all_offset && padded_apart(g)) return;
  if (all_offset && sum == 0 && padded_cycle_apart(g)) return;
  if (g->queries++ >= PROG_QUERIES) {
    g->gave_up = true;
    return;
  }
  Z3_ast it[PROG_MAXC], jt[PROG_MAXC], phi = Z3_mk_true(c->z);
  bool tainted = false;
  for (int j = 0; j < m; j++) {
    const sym_event *w = &c->evs[g->w[j]];
    it[j] = w->loop >= 0 ? sym_fresh(c, "i", c->wide) : NULL;
  }
  for (int j = 0; j < m; j++) {
    const sym_event *w = &c->evs[g->w[j]], *p = &c->evs[g->p[j]];
    const sym_event *wn = &c->evs[g->w[(j + 1) % m]];
    Z3_ast inst = w->pred, seq = sym_seq_term(c, w);
    if (w->loop >= 0) {
      inst = sym_at(c, w->loop, sym_and2(c, c->loops[w->loop].range, w->pred), it[j]);
      seq = sym_at(c, w->loop, seq, it[j]);
    }
    Z3_ast t = sym_sub(c, seq, sym_int(c, g->lag[g->w[j]] * c->rings[w->ring].n));
    jt[j] = p->loop >= 0 ? sym_iter_of_seq(c, p, t) : NULL;
    phi = sym_and2(c, phi, sym_and2(c, inst, sym_sle(c, sym_int(c, 0), t)));
    phi = sym_and2(c, phi, sym_fires(c, p, t));
    phi = sym_and2(c, phi, before(c, wn, it[(j + 1) % m], p, jt[j]));
    tainted |= w->tainted || p->tainted;
  }
  const sym_event *w0 = &c->evs[g->w[0]];
  Z3_ast extra[2 * PROG_MAXC];
  int64_t x[2 * PROG_MAXC];
  for (int j = 0; j < m; j++) {
    extra[2 * j] = it[j] ? it[j] : sym_int(c, -1);
    extra[2 * j + 1] = jt[j] ? jt[j] : sym_int(c, -1);
  }
  Z3_lbool st;
  sym_debug_what(c, "progress from ev %d, %d waits, producer ev %d (then ev %d, ev %d)", g->w[0], m,
                 g->p[0], m > 1 ? g->w[1] : -1, m > 1 ? g->p[1] : -1);
  vf_sym_violation *v = sym_violation(c, g->r, w0->op, w0->part, phi, w0->loop, it[0], tainted,
                                      extra, (unsigned)(2 * m), x, &st);
  if (st == Z3_L_TRUE) g->found = true; /* a deadlock (or, tainted, unknown): enough */
  if (!v) return;
  for (int j = 0; j < m; j++) {
    sym_site(v, c->evs[g->w[j]].op);
    sym_site(v, c->evs[g->p[j]].op);
  }
  /* "wait on z (pp.py:22:7, iteration 4) needs the arrival at pp.py:33:7 (partition1,
   * iteration 4), which comes after partition1's wait on y (pp.py:32:7, iteration 4); ..." */
  char *msg = NULL, sb[128], lb[256], pb[256], it_s[48], jt_s[48];
  size_t len = 0;
  FILE *f = open_memstream(&msg, &len);
  if (!f) return;
  for (int j = 0; j < m; j++) {
    const sym_event *w = &c->evs[g->w[j]], *p = &c->evs[g->p[j]];
    iter_text(it_s, sizeof it_s, it[j], x[2 * j]);
    iter_text(jt_s, sizeof jt_s, jt[j], x[2 * j + 1]);
    if (j == 0)
      fprintf(f, "wait on %s (%s%s)", sym_slot_text(c, w, sb, sizeof sb),
              loc_text(w->op, lb, sizeof lb), it_s);
    fprintf(f, " needs the %s at %s (%s%s), which comes after ",
            p->kind == SYM_EV_TMA_LOAD ? "TMA load" : "arrival", loc_text(p->op, pb, sizeof pb),
            sym_part_label(c, p->part), jt_s);
    if (j + 1 == m) {
      fprintf(f, m == 1 ? "the wait itself" : "the first wait");
      break;
    }
    const sym_event *wn = &c->evs[g->w[j + 1]];
    iter_text(it_s, sizeof it_s, it[j + 1], x[2 * j + 2]);
    fprintf(f, "%s's wait on %s (%s%s), which", sym_part_label(c, wn->part),
            sym_slot_text(c, wn, sb, sizeof sb), loc_text(wn->op, lb, sizeof lb), it_s);
  }
  fprintf(f, ": a cycle of waits, none can pass (deadlock, semantics.md §1.3)");
  fclose(f);
  v->message = msg;
}

static void search(prog *g, int wi);

/* Extends the path at wait wi (g->w[g->m - 1]) by each producer of its round and each wait
 * that may precede that producer in its thread. */
static void search(prog *g, int wi) {
  sym_ctx *c = g->c;
  int depth = g->m;
  for (uint32_t pi = 0; pi < c->n_evs && !g->found && !g->gave_up; pi++) {
    const sym_event *p = &c->evs[pi];
    bool off;
    int64_t k;
    if (!may_feed(c, g, wi, p, &off, &k)) continue;
    g->p[depth - 1] = (int)pi;
    for (uint32_t vi = 0; vi < c->n_evs && !g->found && !g->gave_up; vi++) {
      const sym_event *v = &c->evs[vi];
      if (v->kind != SYM_EV_WAIT || v->ring < 0 || g->lag[vi] < 0 || order(c, v, p) == 0)
        continue;
      if (++g->steps > PROG_STEPS) {
        g->gave_up = true;
        return;
      }
      if ((int)vi == g->w[0]) { /* the cycle closes */
        ask(g);
        continue;
      }
      /* each cycle once: its first wait has the smallest thread */
      int th = v->part;
      if (th <= c->evs[g->w[0]].part || (g->used >> th & 1)) continue;
      if (depth == PROG_MAXC) {
        g->gave_up = true;
        return;
      }
      g->w[g->m++] = (int)vi;
      g->used |= UINT64_C(1) << th;
      search(g, (int)vi);
      g->used &= ~(UINT64_C(1) << th);
      g->m--;
    }
  }
}

/* Why the waits and producers cannot all be placed, or NULL. */
static const char *unplaced(sym_ctx *c, const sym_event *e) {
  if (e->unsupported) return e->unsupported;
  if (e->ring < 0) return "a barrier not traced to an allocation";
  if (c->rings[e->ring].irregular)
    return c->rings[e->ring].why ? c->rings[e->ring].why : "irregular ring";
  if (!e->has_seq) return "no sequence number";
  return NULL;
}

void sym_vc_progress(sym_ctx *c, vf_sym_condres *r) {
  char lb[256];
  prog g = {.c = c, .r = r};
  g.lag = ir_xcalloc(c->n_evs ? c->n_evs : 1, sizeof *g.lag);
  bool ok = c->n_parts <= 64;
  if (!ok) sym_note_unknown(r, "more than 64 partitions");
  sym_unencoded_unknown(c, r, true);
  for (uint32_t i = 0; i < c->n_evs && ok; i++) {
    const sym_event *e = &c->evs[i];
    g.lag[i] = -1;
    if (e->kind != SYM_EV_WAIT && !(sym_is_producer(e) && e->ring >= 0)) continue;
    /* a ring the other context of a fresh-ring check decides (sym_ring_fresh.c): a fresh
     * barrier's waits and producers are one thread's, in one iteration, so a cycle through
     * one of its waits is a cycle of that wait alone, which the iteration's context asks;
     * its producers feed no other ring's waits. Lag -1: neither a start nor a member. */
    if (e->ring >= 0 && c->rings[e->ring].elsewhere) continue;
    if (e->kind == SYM_EV_WAIT) r->n_checked++;
    const char *why = unplaced(c, e), *how = NULL;
    if (!why && e->kind == SYM_EV_WAIT && (g.lag[i] = sym_wait_lag(c, (int)i, &how)) < 0)
      why = how ? how : "which phase it waits for is unknown";
    if (!why) continue;
    sym_note_unknown(r, "%s at %s: %s", e->kind == SYM_EV_WAIT ? "wait" : "arrival",
                     ir_loc_str(e->op->loc, lb, sizeof lb), why);
    ok = false;
  }
  /* the budgets are per warp_specialize stage (sym_stage.c): a stage's waits, producers and
   * threads are its own (its rings are no other stage's), so each stage's search is the one
   * of a kernel of that stage alone; the budget bounds work only, never what is concluded */
  int queries = 0;
  long steps = 0;
  uint32_t n_stages = c->n_stages ? c->n_stages : 1;
  for (uint32_t s = 0; s < n_stages && ok && !g.found && !g.gave_up; s++) {
    g.queries = 0;
    g.steps = 0;
    for (uint32_t i = 0; i < c->n_evs && ok && !g.found && !g.gave_up; i++) {
      const sym_event *e = &c->evs[i];
      if (e->kind != SYM_EV_WAIT || (uint32_t)c->parts[e->part].stage != s || g.lag[i] < 0)
        continue;
      sym_debug_what(c, "progress from ev %u", i);
      g.w[0] = (int)i;
      g.m = 1;
      g.used = UINT64_C(1) << e->part;
      search(&g, (int)i);
    }
    queries += g.queries;
    steps += g.steps;
  }
  if (sym_debug_on()) fprintf(stderr, "sym: progress: %d queries, %ld steps\n", queries, steps);
  if (g.gave_up && !g.found)
    sym_note_unknown(r, "too many candidate cycles of waits to examine (%d queries, %ld steps)",
                     queries, steps);
  free(g.lag);
  sym_finish_cond(r, "no cycle of waits: every wait's round is produced by ops that do not "
                  "wait for it, for every argument value");
}
