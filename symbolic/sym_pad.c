/* sym_pad.c: padded loop nests (docs/symbolic.md §1, "Padded nests"). A persistent kernel's
 * tile loop t (trip T1) may use a ring in its own body and in its K loop k (trip T2, not
 * depending on t): one load before the K loop and one per K step, one wait per K step and one
 * after it (tests/corpus/real/t07_persistent_90). Its counters then advance by T2 + 1 per
 * tile, so the flattening of a nest (itF = t * T2 + k, inner events only) does not fit.
 *
 * The padded nest is a virtual inner loop V of T2 + 1 steps v per tile, flattened with the
 * tile loop like a real inner loop (sym_flatten_nest: itF = TB + v, TB standing for
 * t * (T2 + 1), a lazy product; TF for T1 * (T2 + 1)). A partition's events on such a ring
 * move into V's flattened loop at a step of V:
 *   before the K loop (SYM_PAD_PRE)   step 0            (predicate v = 0)
 *   K loop iteration k (SYM_PAD_INNER) step k + 1       (1 <= v <= T2; k = v - 1)
 *   after the K loop (SYM_PAD_POST)   step T2           (v = T2)
 * Program order is then (itF, op position): a pre event precedes every inner event of its tile
 * (smaller v), an inner event precedes the later ones (larger v) and the post event (v <= T2;
 * at v = T2 the inner event's op comes first), the post event precedes the next tile's (v = 0
 * of itF + 1). Every term of a moved event is rewritten over V (k by v - 1; for a pre event the
 * base TB by TB + v, for a post event T2 by v: equal wherever the event fires), so the
 * sequence numbers, their instances at other iterations (sym_at) and every condition work as
 * in a flattened nest. The rounds are not normalised per event (its k-th firing is not its
 * round k when another op of its kind fires in between): sym_pad_check proves instead that
 * the sequence numbers of each partition's events of one kind on the ring number their
 * firings in program order, from 0 without gaps. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include <stdio.h>

#include "ir/ir_alloc.h"
#include "sim/sim.h" /* sim_op_loc */

/* A padded loop's flattened trip count stays below this (i32 counters: t * (T2 + 1) + k fits
 * them with room for their offsets); assumed of the arguments and printed (sym_assume). */
#define PAD_LIMIT ((int64_t)1 << 30)
/* Most slots a ring's counter advances per padded step that the numbering follows (M in
 * check_group: the FA kernels' kv ring, K then V, 2) */
#define PAD_MAX_STEP 4

int sym_pad_loop(sym_ctx *c, int l, int e) {
  for (uint32_t v = 0; v < c->n_loops; v++)
    if (c->loops[v].pad && c->loops[v].pad_inner == l && c->loops[v].pad_post == e)
      return (int)v;
  if (l < 0 || c->loops[l].pad || !sym_nestable(c, l) || e < 0 || e > 1) return -1;
  int o = c->loops[l].parent;
  /* program position of its steps 1 .. T2: the real inner loop's */
  int vi = sym_loop_virtual(c, c->loops[l].op, c->loops[l].part, o, "v");
  sym_loop *V = &c->loops[vi];
  const sym_loop *I = &c->loops[l], *O = &c->loops[o];
  V->pad = true;
  V->pad_inner = l;
  V->pad_post = (int8_t)e;
  V->trip = sym_add(c, I->trip, sym_int(c, 1 + e));
  V->range = sym_and2(c, sym_and2(c, sym_sle(c, sym_int(c, 0), V->it), sym_slt(c, V->it, V->trip)),
                      O->range);
  Z3_ast tb, tf;
  sym_nest_vars(c, vi, &tb, &tf);
  char lb[200], text[300];
  ir_loc_str(sim_op_loc(c->m, c->loops[o].op), lb, sizeof lb);
  snprintf(text, sizeof text,
           "the padded loop nest at %s runs fewer than 2^30 steps in all (tiles * (inner trip "
           "count + %d))", lb, 1 + e);
  sym_assume(c, sym_slt(c, tf, sym_int(c, PAD_LIMIT)), text);
  sym_flatten_nest(c, vi);
  return vi;
}

/* ------------------------------------------------------------------ moving events */

static bool ring_kind(sym_evkind k) {
  return k == SYM_EV_WAIT || k == SYM_EV_ARRIVE || k == SYM_EV_EXPECT || k == SYM_EV_TMA_LOAD ||
         sym_is_access(k);
}

/* Is each op of kind k on ring r a round of its own, so that two of them before the inner loop
 * take two steps of a padded nest (ring_post_step: post step 1; check_group: numbered in
 * program order)? Waits and arrivals on a one-slot barrier (the FA MMA partition's S "free"
 * barrier); accesses, and ops on rings of several slots, may use one round twice (two MMAs
 * reading one Q buffer). */
static bool own_round(const sym_ctx *c, int r, sym_evkind k) {
  return c->rings[r].n == 1 && (k == SYM_EV_WAIT || k == SYM_EV_ARRIVE);
}

/* Does term t mention x? */
static bool mentions(sym_ctx *c, Z3_ast t, Z3_ast x) {
  if (!t || !x) return false;
  Z3_ast moved = sym_subst(c, t, x, sym_fresh(c, "m", Z3_get_sort(c->z, x)));
  return !Z3_is_eq_ast(c->z, sym_simplify(c, moved), sym_simplify(c, t));
}

Z3_ast sym_pad_term(sym_ctx *c, const sym_event *e, Z3_ast t) {
  if (!t || !e || e->pad_pos == SYM_PAD_NONE) return t;
  const sym_loop *F = &c->loops[e->loop];
  const sym_loop *V = &c->loops[F->flat_inner], *I = &c->loops[V->pad_inner];
  Z3_ast v = V->it;
  switch (e->pad_pos) {
  case SYM_PAD_PRE: /* v = 0 */
    return sym_subst(c, t, V->nest_base, sym_add(c, V->nest_base, v));
  case SYM_PAD_INNER: /* v = k + 1 (TB + k, a rollover form's, sym_pad_roll.c: (TB + v) - 1,
                       * whose TB + v sym_flat_rewrite makes the flat counter) */
    t = sym_subst(c, t, sym_add(c, V->nest_base, I->it),
                  sym_sub(c, sym_add(c, V->nest_base, v), sym_int(c, 1)));
    return sym_subst(c, t, I->it, sym_sub(c, v, sym_int(c, 1)));
  default: /* v = T2 + e */
    return sym_subst(c, t, I->trip, V->pad_post ? sym_sub(c, v, sym_int(c, V->pad_post)) : v);
  }
}

/* Step predicate of a padded event at position pos (v its step, T2 the inner trip count, the
 * outer body after the inner loop at step T2 + e). */
static Z3_ast step_pred(sym_ctx *c, int pos, Z3_ast v, Z3_ast t2, int e) {
  if (pos == SYM_PAD_PRE) return sym_eq(c, v, sym_int(c, 0));
  if (pos == SYM_PAD_POST) return sym_eq(c, v, e ? sym_add(c, t2, sym_int(c, e)) : t2);
  return sym_and2(c, sym_sle(c, sym_int(c, 1), v), sym_sle(c, v, t2));
}

static void move_event(sym_ctx *c, sym_event *e, int l, int ep, int pos) {
  int vi = sym_pad_loop(c, l, ep);
  if (vi < 0) return;
  const sym_loop *V = &c->loops[vi], *I = &c->loops[l], *O = &c->loops[c->loops[l].parent];
  Z3_ast *terms[4] = {&e->idx, &e->phase, &e->pred, &e->buf_idx};
  /* a term over the real nest's base (t * T2: a counter carried across it, a phase flipped
   * once per K step that the nest induction proved as g(t * T2 + k)) is rewritten over V's:
   * t * T2 = TB - (1 + e) * t exactly (TB = t * (T2 + 1 + e)), so that sym_at, which replaces
   * V's base and tile, moves it to another iteration too (the FA MMA partition's S "free"
   * barrier: session 41, tests/symbolic/sfree.ok) */
  for (int k = 0; k < 4; k++)
    if (I->nest_base && mentions(c, *terms[k], I->nest_base))
      *terms[k] = sym_subst(c, *terms[k], I->nest_base,
                            sym_sub(c, V->nest_base,
                                    sym_mul(c, sym_int(c, 1 + V->pad_post), O->it)));
  e->loop = V->flat;
  e->pad_pos = (int8_t)pos;
  e->pad_plain = sym_is_true(c, e->pred) && !e->tainted;
  for (int k = 0; k < 4; k++) *terms[k] = sym_pad_term(c, e, *terms[k]);
  e->pred = sym_and2(c, e->pred, step_pred(c, pos, V->it, I->trip, V->pad_post));
}

/* Moves e (in loop l or its parent) to its step of l's padded nest of post step T2 + ep. */
static void move(sym_ctx *c, sym_event *e, int l, int ep) {
  if (e->loop == l) move_event(c, e, l, ep, SYM_PAD_INNER);
  else if (e->loop == c->loops[l].parent)
    move_event(c, e, l, ep, e->pos < c->loops[l].op->id ? SYM_PAD_PRE : SYM_PAD_POST);
}

/* Does term t contain x? A walk of its DAG that makes no term (a fresh constant would renumber
 * the later ones, and Z3's time on queries near its limit depends on that); *budget bounds
 * the nodes visited: once spent, the answer is true. */
bool sym_term_has(sym_ctx *c, Z3_ast t, Z3_ast x, int *budget) {
  if (!t || !x) return false;
  if (--*budget < 0) return true;
  if (Z3_is_eq_ast(c->z, t, x)) return true;
  if (Z3_get_ast_kind(c->z, t) != Z3_APP_AST) return false;
  Z3_app a = Z3_to_app(c->z, t);
  unsigned n = Z3_get_app_num_args(c->z, a);
  for (unsigned i = 0; i < n; i++)
    if (sym_term_has(c, Z3_get_app_arg(c->z, a, i), x, budget)) return true;
  return false;
}

bool sym_term_has_loop(sym_ctx *c, const sym_loop *L, Z3_ast t, int *budget) {
  if (sym_term_has(c, t, L->it, budget) || (L->nest_base && sym_term_has(c, t, L->nest_base, budget)))
    return true;
  for (uint32_t k = 0; k < L->n_carried; k++)
    if (L->carried_var && sym_term_has(c, t, L->carried_var[k], budget)) return true;
  return false;
}

/* The post step e of the padded nest (of inner loop l) that ring r's events in the nest belong
 * to: the one whose base (t * (T2 + 1 + e)) their terms mention, the closed forms that
 * sym_pad_induct.c proved for the counters indexing the ring or giving its phases (events
 * without such a term, a constant slot's arrivals, go with them); -1 when
 * they mention both (counters of two strides on one ring: not padded). Without such a term,
 * 1 when some kind of op is used on the ring both before and after the inner loop, else 0. */
static int ring_post_step(sym_ctx *c, int l, int r) {
  int o = c->loops[l].parent, found = -1;
  for (uint32_t v = 0; v < c->n_loops; v++) {
    const sym_loop *V = &c->loops[v];
    if (!V->pad || V->pad_inner != l || !V->nest_base) continue;
    for (uint32_t i = 0; i < c->n_evs; i++) {
      const sym_event *e = &c->evs[i];
      if (e->ring != r || e->prefork || e->postjoin || (e->loop != o && e->loop != l)) continue;
      int budget = 20000;
      Z3_ast tb = V->nest_base;
      if (!(sym_term_has(c, e->idx, tb, &budget) || sym_term_has(c, e->phase, tb, &budget) ||
            sym_term_has(c, e->pred, tb, &budget) || sym_term_has(c, e->buf_idx, tb, &budget)))
        continue;
      if (found >= 0 && found != V->pad_post) return -1;
      found = V->pad_post;
    }
  }
  if (found >= 0) return found;
  /* no counter: the ring's shape decides (a kind used before and after the inner loop has
   * T2 + 2 uses per tile, one step each; so has one used twice before it whose ops are rounds
   * of their own, own_round; the check of sym_pad_check proves the numbering) */
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *a = &c->evs[i];
    if (a->ring != r || a->prefork || a->postjoin || a->loop != o || a->pos > c->loops[l].op->id)
      continue;
    bool twice = own_round(c, r, a->kind);
    for (uint32_t k = 0; k < c->n_evs; k++) {
      const sym_event *b = &c->evs[k];
      if (k != i && b->ring == r && b->kind == a->kind && b->part == a->part && b->loop == o &&
          !b->prefork && !b->postjoin && (twice || b->pos > c->loops[l].op->id))
        return 1;
    }
  }
  return 0;
}

void sym_pad_events(sym_ctx *c) {
  for (uint32_t l = 0; l < c->n_loops; l++) {
    const sym_loop *I = &c->loops[l];
    if (I->pad || I->flat_outer >= 0 || I->parent < 0 || !sym_nestable(c, (int)l)) continue;
    int o = I->parent;
    for (uint32_t r = 0; r < c->n_rings; r++) {
      /* the partition of the nest uses ring r in the outer body and in the inner loop */
      bool outer = false, inner = false, havoc = false;
      for (uint32_t i = 0; i < c->n_evs; i++) {
        const sym_event *e = &c->evs[i];
        if (e->ring != (int)r || e->prefork || e->postjoin || !ring_kind(e->kind)) continue;
        outer |= e->loop == o;
        inner |= e->loop == (int)l;
        havoc |= (e->loop == o || e->loop == (int)l) && e->tainted;
      }
      /* a ring whose slot or phase is havoc somewhere (a counter without a closed form) would
       * only give unknowns, after many queries: it stays "used in two loops" */
      if (!outer || !inner || havoc) continue;
      int ep = ring_post_step(c, (int)l, (int)r);
      if (ep < 0) continue;
      for (uint32_t i = 0; i < c->n_evs; i++) {
        sym_event *e = &c->evs[i];
        if (e->ring != (int)r || e->prefork || e->postjoin || !ring_kind(e->kind)) continue;
        move(c, e, (int)l, ep);
      }
    }
    /* a group wait retires the async reads of its group issued before it in its loop: it goes
     * with them when they moved (wgmma operands of a padded ring); other groups' stay */
    for (uint32_t i = 0; i < c->n_evs; i++) {
      sym_event *e = &c->evs[i];
      if (e->kind != SYM_EV_ASYNC_WAIT || (e->loop != (int)l && e->loop != o)) continue;
      int ep = -1; /* the post step of the nest the reads moved to (-2: two of them) */
      for (uint32_t k = 0; k < c->n_evs && ep != -2; k++) {
        const sym_event *x = &c->evs[k];
        if (x->kind == SYM_EV_ASYNC_READ && x->group == e->group && x->part == e->part &&
            x->pad_pos != SYM_PAD_NONE && c->loops[x->loop].flat_inner >= 0 &&
            c->loops[c->loops[x->loop].flat_inner].pad_inner == (int)l) {
          int xe = c->loops[c->loops[x->loop].flat_inner].pad_post;
          ep = ep == -1 || ep == xe ? xe : -2;
        }
      }
      if (ep >= 0) move(c, e, (int)l, ep);
      else if (ep == -2 && !e->unsupported)
        e->unsupported = "padded nest: a group wait whose group's reads are in nests of two strides";
    }
  }
}

/* ------------------------------------------------------------------ sequence numbers */

/* Term t of padded event e (over its loop F: itF, t, v, TB) at the padded step itF + cc, for
 * |cc| <= T2 + 1: the same tile, the previous or the next one (TB -/+ (T2 + 1): linear, the
 * product stays TB's own lazy definition). */
static Z3_ast at_step(sym_ctx *c, const sym_event *e, Z3_ast t, int64_t cc) {
  const sym_loop *F = &c->loops[e->loop];
  const sym_loop *V = &c->loops[F->flat_inner], *O = &c->loops[F->flat_outer];
  Z3_ast v = V->it, tb = V->nest_base, m = V->trip, one = sym_int(c, 1);
  Z3_ast vc = sym_add(c, v, sym_int(c, cc));
  Z3_ast from[4] = {O->it, v, tb, F->it};
  Z3_ast same[4] = {O->it, vc, tb, sym_add(c, tb, vc)};
  Z3_ast tbp = sym_sub(c, tb, m), vp = sym_add(c, vc, m);
  Z3_ast prev[4] = {sym_sub(c, O->it, one), vp, tbp, sym_add(c, tbp, vp)};
  Z3_ast tbn = sym_add(c, tb, m), vn = sym_sub(c, vc, m);
  Z3_ast next[4] = {sym_add(c, O->it, one), vn, tbn, sym_add(c, tbn, vn)};
  Z3_ast a = Z3_substitute(c->z, t, 4, from, same), b = Z3_substitute(c->z, t, 4, from, prev),
         d = Z3_substitute(c->z, t, 4, from, next);
  Z3_ast fits = sym_slt(c, vc, m);
  return sym_ite(c, sym_slt(c, vc, sym_int(c, 0)), b, sym_ite(c, fits, a, d));
}

/* Do e's ring's padded producers have different offsets (their steps' splits differ)? */
static bool mixed_offsets(sym_ctx *c, const sym_event *e) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring == e->ring && p->pad_pos != SYM_PAD_NONE && p->has_seq && p->off != e->off &&
        (p->kind == SYM_EV_ARRIVE || p->kind == SYM_EV_EXPECT || p->kind == SYM_EV_TMA_LOAD))
      return true;
  }
  return false;
}

/* The variables a padded step is made of in flattened padded loop F: tile t, step v, base TB
 * and the flat counter itF. */
static void step_vars(sym_ctx *c, const sym_loop *F, Z3_ast v[4]) {
  const sym_loop *V = &c->loops[F->flat_inner], *O = &c->loops[F->flat_outer];
  v[0] = O->it, v[1] = V->it, v[2] = V->nest_base, v[3] = F->it;
}

/* The flattened padded loop G whose counter n is over, at a constant distance *k from G's
 * current step: F itself, or another partition's loop that runs the same steps as F (the same
 * tile loop trip count and padded steps per tile, sym_same_value: the partitions of one
 * persistent kernel walk one nest; step j of G is then step j of F, the same tile and step,
 * whatever their post steps: session 41, an MMA partition's K loop of T2 steps with two waits
 * before it against a softmax partition's of T2 + 1 with none, tests/symbolic/sfree.ok); -1
 * when there is none. */
static int step_loop(sym_ctx *c, int f, Z3_ast n, int64_t *k) {
  const sym_loop *F = &c->loops[f];
  if (sym_numeral(c, sym_sub(c, n, F->it), k)) return f;
  const sym_loop *V = &c->loops[F->flat_inner], *O = &c->loops[F->flat_outer];
  for (uint32_t g = 0; g < c->n_loops; g++) {
    const sym_loop *G = &c->loops[g];
    if ((int)g == f || !sym_pad_loop_of(c, (int)g)) continue;
    const sym_loop *VG = &c->loops[G->flat_inner], *OG = &c->loops[G->flat_outer];
    if (sym_numeral(c, sym_sub(c, n, G->it), k) && sym_same_value(c, VG->trip, V->trip) &&
        sym_same_value(c, OG->trip, O->trip))
      return (int)g;
  }
  return -1;
}

Z3_ast sym_pad_fires(sym_ctx *c, const sym_event *e, Z3_ast n, Z3_ast old) {
  /* a ring whose producers share one offset asks each at the same step: one split already */
  if (e->base || e->mul != 1 || e->off < -2 || e->off > 2 || !sym_pad_loop_of(c, e->loop) ||
      !mixed_offsets(c, e))
    return old;
  const sym_loop *F = &c->loops[e->loop];
  const sym_loop *V = &c->loops[F->flat_inner];
  int64_t k;
  int g = step_loop(c, e->loop, n, &k);
  if (g >= 0 && k - e->off >= -2 && k - e->off <= 2) {
    /* n is the current step of loop G plus k (a wait's round; G is e's own loop, or a twin
     * of another partition, session 39: tests/symbolic/oring.ok): e's step relative to G's
     * current one, over G's tile, step and base, no split at all */
    Z3_ast near = sym_sle(c, sym_int(c, llabs(k - e->off)), V->trip);
    Z3_ast here = at_step(c, e, sym_and2(c, F->range, e->pred), k - e->off);
    Z3_ast in = sym_and2(c, F->range, near);
    if (g != e->loop) {
      Z3_ast fv[4], gv[4];
      step_vars(c, F, fv);
      step_vars(c, &c->loops[g], gv);
      in = Z3_substitute(c->z, in, 4, fv, gv);
      here = Z3_substitute(c->z, here, 4, fv, gv);
    }
    return sym_ite(c, in, here, old);
  }
  int64_t cc = -e->off; /* e's step relative to step n */
  Z3_ast in = sym_and2(c, sym_sle(c, sym_int(c, 0), n), sym_slt(c, n, F->trip));
  Z3_ast near = sym_sle(c, sym_int(c, cc < 0 ? -cc : cc), V->trip);
  Z3_ast here = at_step(c, e, sym_and2(c, F->range, e->pred), cc);
  return sym_ite(c, sym_and2(c, in, near), sym_at(c, e->loop, here, n), old);
}

/* No gaps, for a group of unpredicated ops (each fires at every step of its position) with
 * offsets in [-2, 2]: per tile (relative to its first step t * (T2 + 1 + e)) they use the
 * sequence numbers off (pre), 1 + off .. T2 + off (inner) and T2 + e + off (post), which must be
 * exactly 0 .. T2 + e, the tile's T2 + 1 + e steps, for every T2 >= 0: then the tiles' numbers
 * follow each other without gaps from 0. A group of arrivals or expects must also use each
 * number once (TMA loads complete bytes of the round of their expect: two may share it): two firings with one sequence number would be counted in one
 * round, while the barrier puts the later one in the next round (waits and accesses may
 * share a round: two waits for one phase). For T2 >= 8 the numbers near 0 come from pre ops
 * and the inner range's start, those near T2 from post ops and its end, and the inner range
 * covers the middle, so T2 = 0 .. 8 decide every T2. off[a]: the offset of grp[a] (its
 * round's, for a constant slot). 1: no gaps; 0: a gap, a number used twice by producers, or
 * one outside the tile; -1: not such a group. */
static int plain_gaps(sym_ctx *c, const uint32_t *grp, const int64_t *off, uint32_t n, int ep,
                      int64_t M) {
  assert(M >= 1 && M <= PAD_MAX_STEP);
  for (uint32_t a = 0; a < n; a++) {
    const sym_event *e = &c->evs[grp[a]];
    if (!e->pad_plain || off[a] < -2 || off[a] > 2 + M - 1) return -1;
  }
  sym_evkind kind = c->evs[grp[0]].kind;
  bool once = kind == SYM_EV_ARRIVE || kind == SYM_EV_EXPECT;
  for (int64_t t2 = 0; t2 <= 8; t2++) {
    int used[PAD_MAX_STEP * 10] = {0};
    int64_t top = M * (t2 + ep + 1); /* the tile's numbers: 0 .. top - 1 */
    for (uint32_t a = 0; a < n; a++) {
      const sym_event *e = &c->evs[grp[a]];
      int64_t lo = e->pad_pos == SYM_PAD_PRE ? 0 : e->pad_pos == SYM_PAD_POST ? t2 + ep : 1;
      int64_t hi = e->pad_pos == SYM_PAD_PRE ? 0 : e->pad_pos == SYM_PAD_POST ? t2 + ep : t2;
      for (int64_t v = lo; v <= hi; v++) {
        int64_t q = M * v + off[a];
        if (q < 0 || q >= top) return 0;
        if (once && used[q]) return 0;
        used[q]++;
      }
    }
    for (int64_t q = 0; q < top; q++)
      if (!used[q]) return 0;
  }
  return 1;
}

/* A group whose ops each use one constant slot of a ring of N slots (seq = N * itF + off,
 * off mod N its slot: the FA kernels' two-slot o ring, slot 0 then slot 1 in each step): per
 * slot, its ops' rounds (off div N) must follow program order and be numbered like a plain
 * group's sequence numbers (plain_gaps), which makes the k-th use of the slot its round k. Only
 * unpredicated ops (a predicated one's steps would need the Z3 query of check_group). */
static const char *const_slots(sym_ctx *c, const uint32_t *grp, uint32_t n, int64_t N, int ep) {
  for (int64_t s = 0; s < N; s++) {
    uint32_t sub[64], m = 0;
    int64_t off[64] = {0};
    for (uint32_t a = 0; a < n; a++) {
      const sym_event *e = &c->evs[grp[a]];
      if (((e->off % N) + N) % N != s) continue;
      sub[m] = grp[a];
      off[m++] = (e->off - s) / N;
    }
    if (!m) continue;
    for (uint32_t a = 0; a < m; a++)
      for (uint32_t b = 0; b < m; b++) {
        const sym_event *ea = &c->evs[sub[a]], *eb = &c->evs[sub[b]];
        if (a != b && (ea->pos < eb->pos ? off[a] > off[b] : off[a] > off[b] + 1))
          return "padded nest: rounds of a constant slot out of program order";
      }
    int plain = plain_gaps(c, sub, off, m, ep, 1);
    if (plain < 0) return "padded nest: a predicated op on a constant slot of a ring of several slots";
    if (!plain) return "padded nest: a round of a constant slot no firing uses (or two producers use)";
  }
  return NULL;
}

static bool unindexed(sym_ctx *c, const sym_event *e);

/* Is padded event e on a one-slot ring, used without an index (label_unindexed) or at the
 * constant slot 0 (seq = itF + off either way)? */
static bool one_slot(sym_ctx *c, const sym_event *e) {
  int64_t k;
  return unindexed(c, e) ||
         (e->pad_pos != SYM_PAD_NONE && e->ring >= 0 && c->rings[e->ring].n == 1 && e->idx &&
          sym_numeral(c, e->idx, &k) && k == 0 && e->has_seq && !e->unsupported && e->mul == 1 &&
          !e->prefork && !e->postjoin);
}

/* The write that labels padded read a (labelled_by_write): the last write of a's ring before
 * it in its partition at its position of the nest (pre, inner, post), else the first one after
 * it there; NULL when there is none. */
static const sym_event *labelling_write(sym_ctx *c, const sym_event *a) {
  const sym_event *before = NULL, *after = NULL;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *x = &c->evs[i];
    if (x->part != a->part || x->ring != a->ring || x->loop != a->loop ||
        (x->kind != SYM_EV_WRITE && x->kind != SYM_EV_ASYNC_WRITE) || x->pad_pos != a->pad_pos ||
        x->prefork || x->postjoin)
      continue;
    if (x->pos < a->pos && (!before || x->pos > before->pos)) before = x;
    if (x->pos > a->pos && (!after || x->pos < after->pos)) after = x;
  }
  return before ? before : after;
}

/* Is padded read a of a one-slot ring (one_slot) numbered by a write of its step: the last
 * write of the ring before it in its partition at its position of the nest (pre, inner, post),
 * or, without one, the first after it there, fires at every step of it, as a does, with a's
 * sequence number? Then a, at the same step, touches that write's round (with the write before
 * it: reads the data the write made, a later write of the step would come between them in
 * position; with the write after it: reads the round's data before the partition overwrites
 * it, no other write of the step in between). A read group labelled so may leave rounds
 * unread (the accumulator load after the K loop of a persistent matmul, one read per tile of
 * the T2 + 1 rounds of its MMAs' writes: t07_persistent_100; the FA softmax partitions' S reads
 * in the inner steps only, the step after the inner loop writes m_i and l_i into S without
 * reading it: fa_d64_100): reads count no arrivals, and the round a read touches is the
 * write's, which the write group numbers without gaps by its own checks (pad_self: sym_pad_check
 * decides groups in passes, a labelled group once its labelling group is decided). */
static bool labelled_by_write(sym_ctx *c, const sym_event *a) {
  if ((a->kind != SYM_EV_READ && a->kind != SYM_EV_ASYNC_READ) || !one_slot(c, a) ||
      !a->pad_plain)
    return false;
  const sym_event *w = labelling_write(c, a);
  return w && w->pad_self && one_slot(c, w) && w->pad_plain && w->off == a->off;
}

/* The read that numbers padded write a of a one-slot ring (one_slot): the last read of the
 * ring before it in its partition at its position of the nest, both firing at every step of
 * it, no wait of the partition between them, and the read's group numbered by its own checks
 * already (pad_self); NULL when there is none. a writes the round the read read, in
 * place (the FA correction partition rescales O: a tmem_load of the O slot, then a tmem_store
 * of it, at each K step, tests/corpus/real/fa_d64_100), so it takes the read's sequence
 * number: a write group labelled so may leave rounds unwritten (the step after the K loop
 * reads O without rescaling it), as a read group labelled by a write may leave rounds
 * unread. */
static const sym_event *labelling_read(sym_ctx *c, const sym_event *a) {
  if (a->kind != SYM_EV_WRITE || !one_slot(c, a) || !a->pad_plain) return NULL;
  const sym_event *r = NULL;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *x = &c->evs[i];
    if (x->part == a->part && x->ring == a->ring && x->loop == a->loop && x->kind == SYM_EV_READ &&
        x->pad_pos == a->pad_pos && x->pos < a->pos && !x->prefork && !x->postjoin &&
        (!r || x->pos > r->pos))
      r = x;
  }
  if (!r || !r->pad_self || !one_slot(c, r) || !r->pad_plain || r->mul != a->mul ||
      r->unsupported || !r->has_seq)
    return NULL;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *x = &c->evs[i];
    if (x->part == a->part && x->loop == a->loop && x->kind == SYM_EV_WAIT &&
        x->pad_pos == a->pad_pos && x->pos > r->pos && x->pos < a->pos)
      return NULL;
  }
  return r;
}

/* Is padded write a numbered by its labelling read (with the read's sequence number)? */
static bool labelled_by_read(sym_ctx *c, const sym_event *a) {
  const sym_event *r = labelling_read(c, a);
  return r && r->off == a->off;
}

/* Is straight-line event e the prologue op number P (program order) of the group whose padded
 * loop is F: an op of its partition's top level before F's tile loop (itself at the top
 * level), on ring of N slots, that fires whenever the partition runs (no predicate, no havoc)
 * on slot P mod N? Its round is then fixed (place_rounds: the k-th straight-line op of its
 * kind on a slot is round k, plus the rounds made before the fork, which it adds to the loop
 * ops too): its sequence number is P, and the group's padded ops continue at the prologue's
 * length (check_group). The FA kernels' softmax partitions wait on their correction barrier
 * once before the tile loop (the parent's arrival completes that round) and then in the
 * padded nest (tests/corpus/real/fa_d64_100). */
static bool prologue_op(sym_ctx *c, const sym_event *e, const sym_loop *F, int64_t N, int64_t P) {
  const sym_loop *O = &c->loops[F->flat_outer];
  int64_t k = 0;
  if (e->loop >= 0 || O->parent >= 0 || e->post_loop || e->join_round || e->seqt || e->base ||
      !e->has_seq || e->unsupported || e->tainted || e->mul != 0 || e->pos >= O->op->id ||
      !sym_is_true(c, e->pred))
    return false;
  if (e->idx ? !(sym_numeral(c, e->idx, &k) && k == P % N) : !(N == 1))
    return false;
  return e->off == P % N;
}

/* Can padded events a and b of one nest (post step T2 + ep) fire at the same step? Before the
 * inner loop is step 0, its iterations 1 .. T2, after it T2 + ep: never for a pre and an inner
 * op, nor, with ep = 1, for an op after the loop and one at another position. */
static bool may_share_step(const sym_event *a, const sym_event *b, int ep) {
  if (a->pad_pos == b->pad_pos) return true;
  if (ep) return false;
  return !((a->pad_pos == SYM_PAD_PRE && b->pad_pos == SYM_PAD_INNER) ||
           (a->pad_pos == SYM_PAD_INNER && b->pad_pos == SYM_PAD_PRE));
}

/* The order of a group's sequence numbers M * itF + off: a firing of a before one of b in
 * program order ((itF, position)) has a number no larger: at one step (a before b in the
 * body, both may fire there) off_a <= off_b; at a later step of b off_a <= off_b + M; for
 * arrivals and expects of M > 1 a smaller one (each number used once, as plain_gaps asks of
 * unpredicated groups). M = 1 is the same rule without the strictness (a before b and both
 * may fire at one step: off_a <= off_b, else off_a <= off_b + 1): the FA MMA partition reads
 * the previous step's V through a view carried into the K loop (number itF - 1) after the
 * pre step's own V read (itF) in the body, but never at the pre step itself. */
static bool in_order(const sym_event *a, int64_t off_a, const sym_event *b, int64_t off_b,
                     int64_t M, int ep) {
  if (M == 1) /* (not for a ring used without an index: label_unindexed tries both offsets of
               * its inner ops, and each that passes the order costs a gap query) */
    return a->pos < b->pos && (may_share_step(a, b, ep) || !a->idx || !b->idx)
               ? off_a <= off_b
               : off_a <= off_b + 1;
  int64_t strict = a->kind == SYM_EV_ARRIVE || a->kind == SYM_EV_EXPECT;
  if (a->pos < b->pos && may_share_step(a, b, ep)) return off_a + strict <= off_b;
  return off_a + strict <= off_b + M;
}

/* Offsets of a group whose slot indices are their own counters (off_mod_n: a rollover slot
 * carried across the nest, sym_pad_roll.c, names seq mod N only, and infer_seq took the
 * representative of its value at step 0, e.g. N - 1 for a slot one step behind): among the
 * representatives off - N (kept in [-2, 2]) the first combination whose program order and
 * numbering without gaps (plain_gaps) hold is taken; check_group then proves it as it proves
 * any offsets (the slot proofs hold for every representative). Plain groups only. */
static void pick_offsets(sym_ctx *c, const uint32_t *grp, uint32_t n, int64_t N, int64_t P,
                         int ep, int64_t M) {
  uint32_t cand[6], nc = 0;
  for (uint32_t a = 0; a < n; a++) {
    const sym_event *e = &c->evs[grp[a]];
    if (!e->pad_plain || !e->off_mod_n || e->seqx || e->mul != M) return;
    if (e->off - N >= -2 + P && e->off - N <= 2 + P) {
      if (nc == 6) return;
      cand[nc++] = a;
    }
  }
  if (!nc) return;
  int64_t orig[64], off[64];
  for (uint32_t a = 0; a < n; a++) orig[a] = c->evs[grp[a]].off;
  for (uint32_t mask = 0; mask < (1u << nc); mask++) {
    for (uint32_t a = 0; a < n; a++) off[a] = orig[a];
    for (uint32_t b = 0; b < nc; b++)
      if (mask >> b & 1) off[cand[b]] -= N;
    bool order = true;
    for (uint32_t a = 0; a < n && order; a++)
      for (uint32_t b = 0; b < n && order; b++) {
        const sym_event *ea = &c->evs[grp[a]], *eb = &c->evs[grp[b]];
        order = a == b || in_order(ea, off[a], eb, off[b], M, ep);
      }
    if (!order) continue;
    int64_t rel[64];
    for (uint32_t a = 0; a < n; a++) rel[a] = off[a] - P;
    if (plain_gaps(c, grp, rel, n, ep, M) != 1) continue;
    for (uint32_t a = 0; a < n; a++) c->evs[grp[a]].off = off[a];
    return;
  }
}

/* Marks the group's events as numbered by the group's own checks (they may label another
 * group: labelled_by_write, labelling_read); NULL, check_group's success. */
static const char *self_numbered(sym_ctx *c, const uint32_t *grp, uint32_t n) {
  for (uint32_t a = 0; a < n; a++) c->evs[grp[a]].pad_self = true;
  return NULL;
}

/* The group of padded event e (its partition, ring and kind): may its sequence numbers be
 * its firings' rounds? Each event of the group is in e's loop with one slot per iteration
 * (seq = itF + off); (order) a firing's sequence number is at least any earlier firing's in
 * program order: for a before b in the body off_a <= off_b, for a after b off_a <= off_b + 1
 * (b's next firing is at a later itF); (no gaps) a firing with sequence number q > 0 has one
 * with q - 1: asked of Z3 at the few steps around it. With the proofs of sym_ring.c
 * (slot = seq mod N, seq >= 0) the group's distinct sequence numbers are 0, 1, 2, ... in
 * program order: the k-th use of a slot is its round k. */
static const char *check_group(sym_ctx *c, uint32_t i0) {
  const sym_event *e0 = &c->evs[i0];
  const sym_loop *F = &c->loops[e0->loop];
  const sym_loop *V = &c->loops[F->flat_inner];
  int64_t N = c->rings[e0->ring].n;
  uint32_t grp[64] = {0}, n = 0;
  int64_t P = 0; /* prologue ops of the group (sequence numbers 0 .. P - 1) */
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->part != e0->part || e->ring != e0->ring || e->kind != e0->kind || e->prefork ||
        e->postjoin)
      continue;
    if (e->loop != e0->loop && prologue_op(c, e, F, N, P)) {
      P++;
      continue;
    }
    if (e->loop != e0->loop || !e->has_seq || e->unsupported)
      return "padded nest: an op of its kind on the ring outside the padded loop";
    if (n == 64) return "padded nest: too many ops of one kind on the ring";
    grp[n++] = i;
  }
  bool cslot = N > 1 && c->evs[grp[0]].mul == N;
  /* sequence numbers M * itF + off: M = 1, or M slots per step of a rollover counter
   * (sym_ring.c infer_seq; M < N), or N (a constant slot) */
  int64_t M = cslot ? N : c->evs[grp[0]].mul;
  if (P > 0 && cslot)
    return "padded nest: a prologue op ahead of a constant slot of a ring of several slots";
  /* (a constant slot's M = N goes to const_slots, which counts rounds, not numbers) */
  if (!cslot && (M < 1 || M > PAD_MAX_STEP || (M > 1 && P > 0)))
    return "padded nest: a ring used several slots per step with a prologue op, or too many";
  /* (label_unindexed checks such groups more than once: the prologue's shift is not
   * repeatable) */
  for (uint32_t a = 0; a < n && P > 0; a++)
    if (!c->evs[grp[a]].idx)
      return "padded nest: a prologue op ahead of ops on a ring used without an index";
  for (uint32_t a = 0; a < n; a++)
    if (c->evs[grp[a]].mul != M)
      return cslot || c->evs[grp[a]].mul == N
                 ? "padded nest: a constant slot of a ring of several slots, with other slots"
                 : "padded nest: ops of one kind on the ring advancing by different steps";
  /* ops on a constant slot have no counter to give their offsets (sym_ring.c: round itF at
   * step v): without an op before the inner loop the tile's first use is at step 1, so the
   * inner ops' rounds are itF - 1 and the op after the inner loop (step T2 + e) takes the
   * next, T2 (the checks below prove the numbering either way) */
  bool fixed = true, pre = false;
  for (uint32_t a = 0; a < n; a++) {
    const sym_event *e = &c->evs[grp[a]];
    int64_t k;
    fixed &= (!e->idx || sym_numeral(c, e->idx, &k)) && !e->seqx && e->pad_plain;
    pre |= e->pad_pos == SYM_PAD_PRE;
  }
  if (fixed && !pre)
    for (uint32_t a = 0; a < n; a++) {
      sym_event *e = &c->evs[grp[a]];
      e->off -= e->pad_pos == SYM_PAD_POST ? V->pad_post * e->mul : e->mul;
    }
  /* two ops before the inner loop that are rounds of their own (own_round: the FA MMA
   * partition waits twice on its S "free" barrier before the K loop, once per K step: T2 + 2
   * uses per tile, V of post step 1, ring_post_step): they take the tile's first rounds in
   * program order, j for the j-th, and the inner ops the rounds after them (np + k at step
   * k + 1) */
  uint32_t np = 0;
  for (uint32_t a = 0; a < n; a++) np += c->evs[grp[a]].pad_pos == SYM_PAD_PRE;
  if (fixed && np >= 2 && own_round(c, e0->ring, e0->kind))
    for (uint32_t a = 0; a < n; a++) {
      sym_event *e = &c->evs[grp[a]];
      int64_t j = 0;
      for (uint32_t b = 0; b < n; b++)
        j += c->evs[grp[b]].pad_pos == SYM_PAD_PRE && c->evs[grp[b]].pos < e->pos;
      e->off += (e->pad_pos == SYM_PAD_PRE ? j : (int64_t)np - 1) * e->mul;
    }
  /* ops on a constant slot numbered after the prologue's P (a counter of the code gives its
   * own offsets: the checks below prove that they continue at P) */
  if (fixed && P > 0)
    for (uint32_t a = 0; a < n; a++) c->evs[grp[a]].off += P * c->evs[grp[a]].mul;
  if (cslot) return const_slots(c, grp, n, N, V->pad_post);
  if (N > 1) pick_offsets(c, grp, n, N, P, V->pad_post, M);
  for (uint32_t a = 0; a < n; a++)
    for (uint32_t b = 0; b < n; b++) {
      const sym_event *ea = &c->evs[grp[a]], *eb = &c->evs[grp[b]];
      if (a != b && !in_order(ea, ea->off, eb, eb->off, M, V->pad_post))
        return "padded nest: sequence numbers out of program order";
    }
  bool by_write = P == 0, by_read = P == 0;
  for (uint32_t a = 0; a < n && by_write; a++) by_write = labelled_by_write(c, &c->evs[grp[a]]);
  if (by_write) return NULL;
  int64_t off[64] = {0};
  for (uint32_t a = 0; a < n; a++) off[a] = c->evs[grp[a]].off - P;
  int plain = plain_gaps(c, grp, off, n, V->pad_post, M);
  if (plain == 1) return self_numbered(c, grp, n);
  /* a write group whose every member writes back what a read of its step read: the reads'
   * numbers */
  const sym_event *rd[64];
  for (uint32_t a = 0; a < n && by_read; a++) {
    rd[a] = labelling_read(c, &c->evs[grp[a]]);
    by_read = rd[a] != NULL;
  }
  if (by_read) {
    for (uint32_t a = 0; a < n; a++) c->evs[grp[a]].off = rd[a]->off;
    return NULL;
  }
  if (plain == 0) return "padded nest: a sequence number no firing uses (or two producers use)";
  if (P > 0) return "padded nest: a prologue op ahead of a predicated op of its kind";
  for (uint32_t a = 0; a < n; a++) {
    const sym_event *ea = &c->evs[grp[a]];
    /* ea fires at itF with q = M itF + off_a > 0; eb would fire with q - 1 at itF + cc */
    Z3_ast mit = M == 1 ? F->it : sym_mul(c, sym_int(c, M), F->it);
    Z3_ast q = sym_add(c, mit, sym_int(c, ea->off));
    Z3_ast none = Z3_mk_true(c->z);
    for (uint32_t b = 0; b < n; b++) {
      const sym_event *eb = &c->evs[grp[b]];
      int64_t x = ea->off - 1 - eb->off, cc = x / M;
      if (x % M) continue; /* eb's numbers are another residue mod M: never q - 1 */
      if (cc < -2 || cc > 2) continue; /* not among the candidates: counts as not firing */
      Z3_ast near = sym_sle(c, sym_int(c, cc < 0 ? -cc : cc), V->trip); /* |cc| <= T2 + 1 */
      Z3_ast fb = at_step(c, eb, sym_and2(c, F->range, eb->pred), cc);
      none = sym_and2(c, none, sym_not(c, sym_and2(c, near, fb)));
    }
    Z3_ast gap = sym_and2(c, sym_and2(c, sym_and2(c, F->range, ea->pred),
                                      sym_slt(c, sym_int(c, 0), q)), none);
    Z3_lbool st = sym_sat(c, gap);
    if (st != Z3_L_FALSE)
      return st == Z3_L_TRUE ? "padded nest: a sequence number no firing uses"
                             : "padded nest: Z3 timed out on the sequence numbers";
  }
  return self_numbered(c, grp, n);
}

/* ------------------------------------------------------------------ unindexed rings */

static bool is_producer(sym_evkind k) {
  return k == SYM_EV_ARRIVE || k == SYM_EV_EXPECT || k == SYM_EV_TMA_LOAD;
}

/* Is padded event e on a one-slot ring it uses without an index (a tcgen05 commit barrier, an
 * accumulator)? Its sequence number is then no counter of the code: infer_seq gave it itF. */
static bool unindexed(sym_ctx *c, const sym_event *e) {
  return e->pad_pos != SYM_PAD_NONE && e->ring >= 0 && !e->idx && c->rings[e->ring].n == 1 &&
         e->has_seq && !e->unsupported && e->mul == 1 && !e->prefork && !e->postjoin;
}

/* Sets the offset of every inner event of partition part on ring r to s. */
static void shift_inner(sym_ctx *c, int part, int r, int64_t s) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (e->part == part && e->ring == r && e->pad_pos == SYM_PAD_INNER && unindexed(c, e))
      e->off = s;
  }
}

/* Do partition part's groups on ring r (one per kind; its producers' only when it has
 * producers, else those with inner events) all number their firings? */
static bool groups_ok(sym_ctx *c, int part, int r, bool producers) {
  bool any = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->part != part || e->ring != r || !unindexed(c, e)) continue;
    if (producers ? !is_producer(e->kind) : e->pad_pos != SYM_PAD_INNER) continue;
    bool first = true;
    for (uint32_t k = 0; k < i && first; k++)
      first = !(c->evs[k].part == part && c->evs[k].ring == r && c->evs[k].kind == e->kind &&
                (producers || c->evs[k].pad_pos == SYM_PAD_INNER));
    if (!first) continue;
    if (check_group(c, i)) return false;
    any = true;
  }
  return any;
}

/* Sequence numbers of a one-slot ring used without an index (every slot is slot 0, so any
 * offset satisfies slot = seq mod 1; infer_seq gave each event itF): a tile of T2 + 1 steps
 * whose producers arrive at its K steps and once after the K loop (a tcgen05 commit per MMA,
 * tutorial 07's persistent kernel) has T2 + 1 rounds, the K step v's in round TB + v - 1, the
 * post event's TB + T2. The offset of the inner events (0 or -1, pre and post events keep 0)
 * is the one for which the partition's producers number their firings from 0 without gaps
 * (check_group); exactly one must fit. Its waits and accesses on the ring take the same offset
 * (a wait at step v is labelled as the arrivals at step v: the lag rules of sym_vc_order.c
 * then compare it with the arrivals of its own step) and are checked as every group is. */
static void label_unindexed(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (!unindexed(c, e)) continue;
    bool first = true, inner = false, prod = false, zero = true;
    for (uint32_t k = 0; k < i && first; k++)
      first = !(c->evs[k].part == e->part && c->evs[k].ring == e->ring && unindexed(c, &c->evs[k]));
    if (!first) continue;
    for (uint32_t k = i; k < c->n_evs; k++) {
      const sym_event *x = &c->evs[k];
      if (x->part != e->part || x->ring != e->ring || !unindexed(c, x)) continue;
      inner |= x->pad_pos == SYM_PAD_INNER;
      prod |= is_producer(x->kind);
      zero &= x->off == 0;
    }
    if (!inner || !zero) continue;
    sym_debug_what(c, "labels of the unindexed ring of ev %u", i);
    int part = e->part, r = e->ring;
    bool ok0 = groups_ok(c, part, r, prod);
    shift_inner(c, part, r, -1);
    bool ok1 = groups_ok(c, part, r, prod);
    shift_inner(c, part, r, ok1 && !ok0 ? -1 : 0);
  }
}

/* The index of the first padded event of e's group (its partition, ring and kind). */
static uint32_t group_first(sym_ctx *c, const sym_event *e) {
  for (uint32_t k = 0; k < c->n_evs; k++) {
    const sym_event *p = &c->evs[k];
    if (p->pad_pos != SYM_PAD_NONE && p->part == e->part && p->ring == e->ring &&
        p->kind == e->kind && !p->prefork && !p->postjoin)
      return k;
  }
  return UINT32_MAX;
}

/* Makes the events of the group whose first padded event is i unsupported (why). */
static void fail_group(sym_ctx *c, uint32_t i, const char *why) {
  sym_event *e = &c->evs[i];
  for (uint32_t k = 0; k < c->n_evs; k++) {
    sym_event *p = &c->evs[k];
    if (p->part == e->part && p->ring == e->ring && p->kind == e->kind && !p->prefork &&
        !p->postjoin && !p->unsupported) {
      p->unsupported = why;
      p->has_seq = false;
    }
  }
}

/* A padded TMA load on a one-slot barrier used without an index that writes a one-slot
 * buffer used without an index (a ring split into one-slot rings, sym_ring_split.c): infer_seq
 * gave both itF; the group checks renumber the load's firings (check_group's constant-slot
 * shift, label_unindexed) without gaps, and each firing writes the buffer once, so where the
 * loads of that group are the buffer's only writes (but for writes back of what a read of the
 * same round read, labelled_by_read) its uses carry the same numbers
 * (oring.ok: the loader's inner load into the second O slot, numbered one step back as its
 * barrier; before, its use kept itF and back-pressure (b) saw two shifts). */
static void number_tma_buffers(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *x = &c->evs[i];
    if (x->kind != SYM_EV_TMA_LOAD || !unindexed(c, x) || !x->buf_has_seq || x->buf_ring < 0 ||
        x->buf_idx || c->rings[x->buf_ring].n != 1 || x->buf_mul != 1 || x->buf_off != 0)
      continue;
    bool only = true;
    for (uint32_t k = 0; k < c->n_evs && only; k++) {
      const sym_event *y = &c->evs[k];
      if (y->kind == SYM_EV_TMA_LOAD && y->buf_ring == x->buf_ring)
        only = y->part == x->part && y->ring == x->ring && y->loop == x->loop && unindexed(c, y);
      else if (y->ring == x->buf_ring) /* (a write back of the round a read read makes no
                                         * round: oring-rescale.ok, the FA O rescale) */
        only = (y->kind != SYM_EV_WRITE && y->kind != SYM_EV_ASYNC_WRITE) ||
               (!y->unsupported && labelled_by_read(c, y));
    }
    if (only) x->buf_off = x->off;
  }
}

void sym_pad_check(sym_ctx *c) {
  label_unindexed(c);
  /* once per group (its first padded event), in passes: a group whose numbers come from
   * another group (a read labelled by a write, a write back labelled by a read) is decided
   * once that group is numbered by its own checks; a pass that decides nothing ends the
   * search, and the groups left take their last failure. A failed try leaves the offsets as
   * they were (check_group shifts them). */
  uint32_t n = c->n_evs ? c->n_evs : 1;
  /* (label_unindexed's trials set it for offsets it may not keep) */
  for (uint32_t i = 0; i < c->n_evs; i++) c->evs[i].pad_self = false;
  const char **why = ir_xcalloc(n, sizeof *why);
  uint8_t *todo = ir_xcalloc(n, 1);
  int64_t *saved = ir_xmalloc(n, sizeof *saved);
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    todo[i] = e->pad_pos != SYM_PAD_NONE && !e->unsupported && e->has_seq &&
              group_first(c, e) == i;
  }
  for (bool progress = true; progress;) {
    progress = false;
    for (uint32_t i = 0; i < c->n_evs; i++) {
      if (!todo[i]) continue;
      for (uint32_t k = 0; k < c->n_evs; k++) saved[k] = c->evs[k].off;
      sym_debug_what(c, "padded sequence numbers of ev %u", i);
      why[i] = check_group(c, i);
      if (!why[i]) {
        todo[i] = 0;
        progress = true;
      } else {
        for (uint32_t k = 0; k < c->n_evs; k++) c->evs[k].off = saved[k];
      }
    }
  }
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (todo[i]) fail_group(c, i, why[i]);
  free(why);
  free(todo);
  free(saved);
  number_tma_buffers(c);
}

bool sym_pad_loop_of(sym_ctx *c, int l) {
  return l >= 0 && c->loops[l].flat_inner >= 0 && c->loops[c->loops[l].flat_inner].pad;
}

bool sym_pad_same_step(sym_ctx *c, const sym_event *w, const sym_event *e) {
  if (w->pad_pos == SYM_PAD_NONE || e->pad_pos != SYM_PAD_NONE || e->prefork || e->postjoin ||
      !sym_pad_loop_of(c, w->loop))
    return false;
  const sym_loop *F = &c->loops[w->loop];
  int i = c->loops[F->flat_inner].pad_inner;
  const ir_op *I = c->loops[i].op;
  if (w->pad_pos == SYM_PAD_INNER)
    return e->loop == i || (c->loops[i].flat >= 0 && e->loop == c->loops[i].flat);
  if (e->loop != F->flat_outer) return false;
  return w->pad_pos == SYM_PAD_PRE ? e->pos < I->id : e->pos > I->id;
}

/* Padded wait wi of a private ring (every op on it is in wi's partition and padded loop, and
 * its producers' firings are its thread's own): with firings ordered by (itF, position), both
 * conditions hold without the graph when, for every producer e of the ring (sequence numbers
 * itF + off, the wait's target round's at itF + off_w - lag * N): e's firing for the target
 * round comes before the wait (it passes once they are issued: arrival-balance gives the
 * round its count, all of them earlier ops of its own thread: progress), and e's firing for
 * the next round after it (that round cannot complete before the wait passed: back-pressure
 * (a)). */
/* Can producer e fire at step itF + d of its padded loop when wait w fires at itF? Asked of
 * Z3 (tile crossings as in at_step; a step more than a tile away may always fire): a producer
 * of a tile's end (a commit after the K loop) never fires at a K step's neighbours. */
static bool may_fire_at(sym_ctx *c, const sym_event *w, const sym_event *e, int64_t d) {
  if (d < -2 || d > 2) return true;
  const sym_loop *F = &c->loops[w->loop];
  const sym_loop *V = &c->loops[F->flat_inner];
  Z3_ast near = sym_sle(c, sym_int(c, d < 0 ? -d : d), V->trip);
  Z3_ast fe = at_step(c, e, sym_and2(c, F->range, e->pred), d);
  Z3_ast phi = sym_and2(c, sym_and2(c, F->range, w->pred), sym_or2(c, sym_not(c, near), fe));
  sym_debug_what(c, "padded private wait ev %u", (unsigned)(w - c->evs));
  return sym_sat(c, phi) != Z3_L_FALSE;
}

/* The smallest sequence number padded event e (mul 1) can have: its offset plus its position's
 * first step (itF = TB + v >= v; inner steps from 1, the post step from T2 + e >= e). */
static int64_t pad_min_seq(sym_ctx *c, const sym_event *e) {
  int ep = c->loops[c->loops[e->loop].flat_inner].pad_post;
  return e->off + (e->pad_pos == SYM_PAD_INNER ? 1 : e->pad_pos == SYM_PAD_POST ? ep : 0);
}

/* Is e a straight-line op of its partition's top level before the padded loop pl's tile loop
 * (at the top level) that fires exactly once, whenever the partition runs, with sequence
 * number off (a prologue op, sym_pad.c prologue_op; or any such op of another kind)? It then
 * precedes every firing of pl's events in program order. */
static bool before_tiles(sym_ctx *c, const sym_event *e, int pl) {
  const sym_loop *O = &c->loops[c->loops[pl].flat_outer];
  return e->loop < 0 && O->parent < 0 && !e->prefork && !e->postjoin && !e->post_loop &&
         !e->join_round && !e->seqt && !e->base && e->has_seq && !e->unsupported &&
         !e->tainted && e->mul == 0 && e->pos < O->op->id && sym_is_true(c, e->pred);
}

static bool private_wait_ok(sym_ctx *c, uint32_t wi) {
  const sym_event *w = &c->evs[wi];
  const char *how;
  int lag = sym_wait_lag(c, (int)wi, &how);
  if (lag < 0 || w->mul != 1) return false;
  int64_t n = c->rings[w->ring].n, target = w->off - lag * n;
  bool any = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->ring != w->ring || sym_is_access(e->kind) || e->kind == SYM_EV_ASYNC_WAIT) continue;
    if (e->part == w->part && before_tiles(c, e, w->loop)) {
      /* a prologue producer fired once, before every firing of w: its round must not be one
       * of w's next rounds (the smallest is w's first target + n) */
      if (e->kind != SYM_EV_WAIT && e->off >= pad_min_seq(c, w) - lag * n + n) return false;
      continue;
    }
    if (e->part != w->part || e->loop != w->loop || e->prefork || e->postjoin || !e->has_seq ||
        e->unsupported || e->mul != 1)
      return false;
    if (e->kind == SYM_EV_WAIT) continue;
    any = true;
    int64_t own = target - e->off, next = target + n - e->off; /* e's itF minus w's */
    /* at w's own itF (offset 0) a producer at another step (sym_pad_disjoint) does not fire;
     * nor does one that Z3 shows never fires at that step (e.g. a tile's end seen from a K
     * step): either orders nothing, the round's count comes from the others (arrival-balance) */
    bool apart = sym_pad_disjoint(c, e, w);
    if (!(own < 0 || (own == 0 && (e->pos < w->pos || apart))) && may_fire_at(c, w, e, own))
      return false;
    if (!(next > 0 || (next == 0 && (e->pos > w->pos || apart))) && may_fire_at(c, w, e, next))
      return false;
  }
  return any;
}

/* Straight-line wait wi of a partition whose padded loop is pl, before pl's tile loop
 * (before_tiles), on a private ring: the round it waits for (target = off - lag * N) is made
 * only by straight-line producers of its thread before it, and its next round only after it
 * (by straight-line producers after it, or by padded producers, none of which fires with a
 * sequence number <= target: their smallest, pad_min_seq, is larger). As for private_wait_ok,
 * neither back-pressure (a) nor progress then needs the graph. */
static bool prologue_wait_ok(sym_ctx *c, uint32_t wi, int pl) {
  const sym_event *w = &c->evs[wi];
  const char *how;
  int lag = sym_wait_lag(c, (int)wi, &how);
  if (lag < 0 || !before_tiles(c, w, pl)) return false;
  int64_t n = c->rings[w->ring].n, target = w->off - lag * n;
  if (target < 0) return false;
  bool any = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->ring != w->ring || sym_is_access(e->kind) || e->kind == SYM_EV_ASYNC_WAIT ||
        e->kind == SYM_EV_WAIT)
      continue;
    if (e->part != w->part) return false;
    if (before_tiles(c, e, pl)) {
      if (e->off == target && e->pos > w->pos) return false;
      if (e->off == target + n && e->pos < w->pos) return false;
      any |= e->off == target && e->pos < w->pos;
      continue;
    }
    if (e->loop != pl || e->pad_pos == SYM_PAD_NONE || !e->has_seq || e->unsupported ||
        e->mul != 1 || e->base || pad_min_seq(c, e) <= target)
      return false;
  }
  return any;
}

bool sym_pad_graph_ok(sym_ctx *c, uint32_t ei) {
  const sym_event *e = &c->evs[ei];
  /* every wait of its partition must be such a padded wait (a graph path of another wait
   * could pass through it) */
  bool ok = true;
  for (uint32_t k = 0; k < c->n_evs && ok; k++) {
    const sym_event *x = &c->evs[k];
    if (x->kind == SYM_EV_WAIT && x->part == e->part && !x->prefork && !x->postjoin)
      ok = x->loop < 0 ? prologue_wait_ok(c, k, e->loop)
                       : x->pad_pos != SYM_PAD_NONE && x->has_seq && !x->unsupported &&
                             private_wait_ok(c, k);
  }
  /* and every padded ring of its partition private to it: a graph path of another
   * partition's wait enters the partition only through a producer of a shared ring */
  for (uint32_t k = 0; k < c->n_evs && ok; k++) {
    const sym_event *x = &c->evs[k];
    if (x->part != e->part || x->pad_pos == SYM_PAD_NONE || x->ring < 0) continue;
    for (uint32_t q = 0; q < c->n_evs && ok; q++) {
      const sym_event *y = &c->evs[q];
      ok = !(y->ring == x->ring && y->part != x->part && !sym_is_access(y->kind) &&
             y->kind != SYM_EV_ASYNC_WAIT);
    }
  }
  return ok;
}

bool sym_pad_disjoint(sym_ctx *c, const sym_event *a, const sym_event *b) {
  if (a->loop != b->loop || !sym_pad_loop_of(c, a->loop) || a->pad_pos == SYM_PAD_NONE ||
      b->pad_pos == SYM_PAD_NONE || a->pad_pos == b->pad_pos)
    return false;
  int e = c->loops[c->loops[a->loop].flat_inner].pad_post;
  if (a->pad_pos == SYM_PAD_POST || b->pad_pos == SYM_PAD_POST) return e == 1;
  return true; /* step 0 and steps 1 .. T2 */
}

bool sym_pad_apart(sym_ctx *c, const sym_event *a, const sym_event *b, int64_t d) {
  if (d == 0) return sym_pad_disjoint(c, a, b);
  if (d != 1 && d != -1) return false;
  if (a->loop != b->loop || !sym_pad_loop_of(c, a->loop) || a->pad_pos == SYM_PAD_NONE ||
      b->pad_pos == SYM_PAD_NONE)
    return false;
  /* the op after the inner loop fires at its tile's last step; the step after it is the next
   * tile's first (pre) step */
  const sym_event *x = d == 1 ? a : b, *y = d == 1 ? b : a;
  return x->pad_pos == SYM_PAD_POST && y->pad_pos != SYM_PAD_PRE;
}

/* The padded form of sym_vc_order.c's self-signalled wait: a producer of w's ring fires at
 * w's step (its position's) or never there (sym_pad_disjoint); those at w's step fire at every
 * step of it (plain), before w with w's sequence number, and each producer kind has one: since
 * a plain producer group uses each sequence number once (plain_gaps), that firing is the one
 * that makes w's round for its kind. */
bool sym_pad_self_signalled(sym_ctx *c, const sym_event *w) {
  bool any[3] = {false, false, false}, here[3] = {false, false, false};
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    int k = p->kind == SYM_EV_ARRIVE ? 0 : p->kind == SYM_EV_EXPECT ? 1
          : p->kind == SYM_EV_TMA_LOAD ? 2 : -1;
    if (p->ring != w->ring || k < 0) continue;
    if (p->part != w->part || p->loop != w->loop || p->pad_pos == SYM_PAD_NONE || !p->has_seq ||
        p->unsupported || !p->pad_plain || p->mul != w->mul || p->prefork || p->postjoin)
      return false;
    any[k] = true;
    if (sym_pad_disjoint(c, p, w)) continue;
    if (p->pad_pos != w->pad_pos || p->pos > w->pos || p->off != w->off) return false;
    here[k] = true;
  }
  for (int k = 0; k < 3; k++)
    if (any[k] != here[k]) return false;
  return any[0] || any[1] || any[2];
}
