/* sym_vc_postloop.c: back-pressure (a) for a producer after another partition's loop (an
 * epilogue arrive: the MMA partition's arrive after its fused loop makes the accumulator's
 * round after the last tile; docs/symbolic.md §2, back-pressure (a)).
 *
 * Such an op e (a straight-line op after partition Q's loop L, sequence number seqt) is not a
 * graph node, but program order puts it after every instance of L's events: it stands at the
 * end of L's last iteration T_L - 1 (when T_L >= 1; with T_L = 0 it follows nothing of L). The
 * graph search runs from e placed there (sym_graph_longest with src_loop L): an event q of the
 * wait's partition and loop reached at offset dist[q] means e cannot happen before q at
 * iteration T_L - 1 + dist[q], which comes after the wait w at iteration i when
 * T_L - 1 + dist[q] > i, or = i with q at or after w in the body. That is a Bool over i and
 * the arguments (T_L is a term of them), not a constant offset: the caller (sym_vc_order.c)
 * takes the instances where e makes w's next round and this Bool holds as held, and asks Z3
 * about the rest. The path follows the graph's own rule (every wait on it is active). */
#include "sym_vc_graph.h"

/* Loop l holds a graph event of partition part and closes before op position pos. */
static bool precedes(sym_ctx *c, int l, int part, uint32_t pos) {
  if (c->loops[l].pad || sym_pad_loop_of(c, l)) return false; /* steps, not iterations */
  if (c->loops[sym_top_loop(c, l)].op->id >= pos) return false;
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (c->evs[i].part == part && c->evs[i].loop == l && sym_in_graph(c, &c->evs[i]))
      return true;
  return false;
}

/* The Bool "some event of w's partition and loop that the search from src reached (dist) comes
 * after w at iteration i", src standing at iteration `at` (a term); NULL when none was reached. */
static Z3_ast reached_after(sym_ctx *c, const sym_event *w, Z3_ast at, const int64_t *dist) {
  Z3_ast after = NULL, i = c->loops[w->loop].it;
  for (uint32_t q = 0; q < c->n_evs; q++) {
    const sym_event *x = &c->evs[q];
    if (dist[q] == INT64_MIN || x->part != w->part || x->loop != w->loop) continue;
    Z3_ast xt = sym_add(c, at, sym_int(c, dist[q])); /* q's iteration */
    Z3_ast later = x->pos >= w->pos ? sym_sle(c, i, xt) : sym_slt(c, i, xt);
    later = sym_and2(c, later, sym_slt(c, xt, c->loops[w->loop].trip)); /* q's instance */
    later = sym_and2(c, later, sym_graph_path_real(c, dist, (int)q, false, at));
    after = after ? sym_or2(c, after, later) : later;
  }
  return after;
}

/* A DEP_YES answer of the search from src standing at iteration `at`: it ends at a wait that
 * never passes (c->graph_end), which blocks only where the path's waits, itself included, have
 * real rounds; or at a positive cycle (no end: src never happens). */
static Z3_ast yes_held(sym_ctx *c, const int64_t *dist, Z3_ast at) {
  return c->graph_end >= 0 ? sym_graph_path_real(c, dist, c->graph_end, true, at)
                           : Z3_mk_true(c->z);
}

static Z3_ast or_into(sym_ctx *c, Z3_ast acc, Z3_ast x) {
  return !x ? acc : acc ? sym_or2(c, acc, x) : x;
}

static Z3_ast held_from(sym_ctx *c, int ei, int wi, int64_t *dist, bool *partial, int depth);

/* Through straight-line wait u of e's partition before e (program order: e follows u, and u
 * passes only once its round completed, so after every producer firing in that round; the
 * rules rest on arrival-balance as the graph's wait edges do): producer p of u's round, a loop
 * event at iteration j (the graph search from there) or an op after another loop (recursively,
 * depth levels). */
static Z3_ast through_wait(sym_ctx *c, int ui, int wi, int64_t *dist, bool *partial, int depth) {
  const sym_event *u = &c->evs[ui], *w = &c->evs[wi];
  const char *how;
  int lag = sym_wait_lag(c, ui, &how);
  if (lag < 0 || u->dead) return NULL;
  Z3_ast target = sym_sub(c, sym_seq_term(c, u), sym_int(c, lag * c->rings[u->ring].n));
  Z3_ast held = NULL;
  for (uint32_t pi = 0; pi < c->n_evs; pi++) {
    const sym_event *p = &c->evs[pi];
    if (p->ring != u->ring || !sym_is_producer(p) || !p->has_seq || p->unsupported || p->prefork ||
        p->postjoin || p->part == u->part)
      continue;
    Z3_ast h = NULL;
    if (p->loop < 0) {
      h = held_from(c, (int)pi, wi, dist, partial, depth - 1);
    } else if (sym_in_graph(c, p) && sym_same_base(c, p, w) && !sym_pad_loop_of(c, p->loop)) {
      dep d = sym_graph_longest(c, (int)pi, -1, INT64_MIN, dist);
      if (d == DEP_UNKNOWN) *partial = true;
      Z3_ast pj = sym_iter_of_seq(c, p, target); /* p's iteration */
      h = d == DEP_YES ? yes_held(c, dist, pj) : reached_after(c, w, pj, dist);
    }
    if (h) held = or_into(c, held, sym_and2(c, sym_fires(c, p, target), h));
  }
  return held ? sym_and2(c, u->pred, held) : NULL;
}

/* The Bool under which straight-line op e (after its partition's loops), when it fires,
 * depends on loop wait w at iteration i. */
static Z3_ast held_from(sym_ctx *c, int ei, int wi, int64_t *dist, bool *partial, int depth) {
  const sym_event *e = &c->evs[ei], *w = &c->evs[wi];
  if (depth < 0 || e->loop >= 0 || e->prefork || e->postjoin || !e->has_seq) return NULL;
  Z3_ast held = NULL;
  if (e->post_loop && e->seqt)
    for (uint32_t l = 0; l < c->n_loops; l++) {
      if (c->loops[l].part != e->part || !precedes(c, (int)l, e->part, e->pos)) continue;
      Z3_ast last = sym_sub(c, c->loops[l].trip, sym_int(c, 1)); /* T_L - 1 */
      Z3_ast ran = sym_sle(c, sym_int(c, 0), last);
      dep d = sym_graph_longest(c, ei, (int)l, INT64_MIN, dist);
      if (d == DEP_UNKNOWN) *partial = true;
      Z3_ast after = d == DEP_YES ? yes_held(c, dist, last) : reached_after(c, w, last, dist);
      if (after) held = or_into(c, held, sym_and2(c, ran, after));
    }
  for (uint32_t ui = 0; ui < (uint32_t)ei && depth > 0; ui++) {
    const sym_event *u = &c->evs[ui];
    if (u->kind == SYM_EV_WAIT && u->part == e->part && u->loop < 0 && u->pos < e->pos &&
        !u->prefork && !u->postjoin && u->has_seq && !u->unsupported && u->ring >= 0 &&
        !c->rings[u->ring].irregular && !u->tainted)
      held = or_into(c, held, through_wait(c, (int)ui, wi, dist, partial, depth));
  }
  return held;
}

Z3_ast sym_postloop_held(sym_ctx *c, int ei, int wi, int64_t *dist, bool *partial) {
  const sym_event *e = &c->evs[ei], *w = &c->evs[wi];
  if (!e->post_loop || !e->seqt || w->loop < 0) return NULL;
  return held_from(c, ei, wi, dist, partial, 2);
}

/* Does graph node q have an instance at graph iteration xt (a term)? Its loop runs there; a
 * padded class fires there (sym_pad_graph.c: a delayed class from iteration 1 on, an advanced
 * one before the loop's last iteration). */
static Z3_ast instance(sym_ctx *c, uint32_t q, Z3_ast xt) {
  int64_t from = sym_pad_delayed_class(c, q) ? 1 : 0;
  Z3_ast in = sym_and2(c, sym_sle(c, sym_int(c, from), xt),
                       sym_slt(c, xt, c->loops[c->evs[q].loop].trip));
  Z3_ast runs = sym_pad_class_runs(c, q, xt);
  return runs ? sym_and2(c, in, runs) : in;
}

/* Straight-line wait w (a pipelined prologue's: partition1 of triton_t06_attention_ws_100 waits
 * for K's first tile before its peeled MMA): a producer e of w's next round at iteration j of
 * a graph loop (a loop producer, or an op after a loop at that loop's last iteration) depends
 * on w when the graph search from e (dist) reaches
 *  - an event of a loop of w's partition that follows w (every instance of it does), or
 *  - a loop wait u at iteration j + dist[u] whose instance at iteration m (m <= j + dist[u]:
 *    program order) needs a straight-line producer x that program order puts after w
 *    (after[]: sym_vc_order.c's after_wait), x making u's round at m (x's sequence number is
 *    constant, so m is too).
 * The Bool over j and the arguments; NULL when nothing is reached. */
static Z3_ast after_w_reached(sym_ctx *c, const sym_event *w, Z3_ast j, const bool *after,
                              const int64_t *dist) {
  Z3_ast held = NULL;
  for (uint32_t q = 0; q < c->n_evs; q++) {
    const sym_event *x = &c->evs[q];
    if (dist[q] == INT64_MIN || x->part != w->part || x->loop < 0 || x->pos < w->pos ||
        c->loops[sym_top_loop(c, x->loop)].op->id < w->pos || !sym_pad_node(c, q))
      continue;
    Z3_ast xt = sym_add(c, j, sym_int(c, dist[q])); /* q's iteration: an instance */
    held = or_into(c, held, sym_and2(c, instance(c, q, xt),
                                     sym_graph_path_real(c, dist, (int)q, false, j)));
  }
  for (uint32_t ui = 0; ui < c->n_evs; ui++) {
    const sym_event *u = &c->evs[ui];
    const char *how;
    int lag;
    /* (a padded class's node stands at its own step only where its graph iteration is its
     * own: no delayed or advanced member) */
    if (dist[ui] == INT64_MIN || u->kind != SYM_EV_WAIT || u->loop < 0 || !u->has_seq ||
        u->base || u->seqt || u->mul <= 0 || !sym_pad_node(c, ui) ||
        sym_pad_graph_shift(c, ui) != 0 || (lag = sym_wait_lag(c, (int)ui, &how)) < 0)
      continue;
    int64_t n = c->rings[u->ring].n;
    for (uint32_t xi = 0; xi < c->n_evs; xi++) {
      const sym_event *x = &c->evs[xi];
      if (!after[xi] || x->ring != u->ring || !sym_is_producer(x) || x->loop >= 0 || x->seqt ||
          !x->has_seq || x->unsupported)
        continue;
      int64_t num = x->off - u->off + lag * n; /* u at m waits for x's sequence number */
      if (num < 0 || num % u->mul) continue;
      Z3_ast m = sym_int(c, num / u->mul);
      Z3_ast u_at_m = sym_at(c, u->loop, sym_and2(c, c->loops[u->loop].range, u->pred), m);
      Z3_ast f = sym_and2(c, sym_and2(c, x->pred, u_at_m),
                          sym_sle(c, m, sym_add(c, j, sym_int(c, dist[ui]))));
      f = sym_and2(c, f, sym_graph_path_real(c, dist, (int)ui, false, j));
      held = or_into(c, held, f);
    }
  }
  return held;
}

Z3_ast sym_straight_held(sym_ctx *c, int ei, int wi, Z3_ast next, const bool *after,
                         int64_t *dist, bool *partial) {
  const sym_event *e = &c->evs[ei], *w = &c->evs[wi];
  if (w->loop >= 0 || !e->has_seq || e->prefork || e->postjoin) return NULL;
  if (e->loop >= 0) { /* a loop producer at iteration j */
    bool padded = sym_pad_loop_of(c, e->loop);
    if (e->base || !sym_in_graph(c, e) || (padded && !sym_pad_node(c, (uint32_t)ei))) return NULL;
    dep d = sym_graph_longest(c, ei, -1, 0, dist);
    if (d == DEP_UNKNOWN) *partial = true;
    /* (a padded class member: its node's graph iteration, sym_pad_graph_shift) */
    Z3_ast j = sym_add(c, sym_iter_of_seq(c, e, next),
                       sym_int(c, padded ? sym_pad_graph_shift(c, (uint32_t)ei) : 0));
    return d == DEP_YES ? yes_held(c, dist, j) : after_w_reached(c, w, j, after, dist);
  }
  if (!e->post_loop || !e->seqt) return NULL;
  Z3_ast held = NULL;
  /* a straight-line wait u of e's partition before e whose round needs an op after w */
  for (uint32_t ui = 0; ui < (uint32_t)ei; ui++) {
    const sym_event *u = &c->evs[ui];
    const char *how;
    int lag;
    if (u->kind != SYM_EV_WAIT || u->part != e->part || u->loop >= 0 || u->pos >= e->pos ||
        u->prefork || u->postjoin || !u->has_seq || u->unsupported || u->ring < 0 ||
        c->rings[u->ring].irregular || u->tainted || u->dead ||
        (lag = sym_wait_lag(c, (int)ui, &how)) < 0)
      continue;
    Z3_ast target = sym_sub(c, sym_seq_term(c, u), sym_int(c, lag * c->rings[u->ring].n));
    for (uint32_t pi = 0; pi < c->n_evs; pi++)
      if (after[pi] && c->evs[pi].ring == u->ring && sym_is_producer(&c->evs[pi]) &&
          c->evs[pi].has_seq && !c->evs[pi].unsupported)
        held = or_into(c, held, sym_and2(c, u->pred, sym_fires(c, &c->evs[pi], target)));
  }
  /* an op after its loops: at the end of a preceding loop's last iteration */
  for (uint32_t l = 0; l < c->n_loops; l++) {
    if (c->loops[l].part != e->part || !precedes(c, (int)l, e->part, e->pos)) continue;
    Z3_ast last = sym_sub(c, c->loops[l].trip, sym_int(c, 1)); /* T_L - 1 */
    Z3_ast ran = sym_sle(c, sym_int(c, 0), last);
    dep d = sym_graph_longest(c, ei, (int)l, 0, dist);
    if (d == DEP_UNKNOWN) *partial = true;
    Z3_ast r = d == DEP_YES ? yes_held(c, dist, last) : after_w_reached(c, w, last, after, dist);
    if (r) held = or_into(c, held, sym_and2(c, ran, r));
  }
  return held;
}
