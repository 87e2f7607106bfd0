/* sym_tile_steps.c: one step layout per tile for a partition's several flattened nests
 * (docs/symbolic.md §2 progress, "Cycles across a partition's nests").
 *
 * A partition may keep the events of one tile loop O x K loop I in several flattened nests:
 * a plain one (its counter it = t * T2 + k, T2 steps per tile: rings with ops in the K loop
 * only, the FA softmax's exp_turnstile) and padded ones (sym_pad.c: it = t * (T2 + 1 + e) + v,
 * v = 0 before the K loop, k + 1 in its iteration k, T2 + e after it: the alpha and S rings).
 * Their counters are not a constant apart (it differs by a multiple of the tile t), so rules
 * that compare iteration offsets stop where a cycle of waits passes from one nest to another.
 * Placed on one layout of the tile, sigma = 0 before the K loop, k + 1 in iteration k and
 * T2 + 1 after it (a plain nest's step v = k is sigma - 1, a padded nest's post step T2 + e is
 * sigma - (1 - e), its other steps are sigma), program order of two events of the partition
 * in one tile is (sigma, op position): equal sigmas are one region of the body (before, in or
 * after the K loop), where the text orders the ops.
 *
 * Each nest's step v of an event lies in a range [lo, hi] whose ends are c or S - c (S the
 * nest's steps per tile, c a constant), which is what tells whether a producer that fires k
 * nest steps after a wait (their sequence numbers' offset, one round per step of twin nests)
 * can be in a later tile (sym_tile_not_later). An op of the tile loop's own body is one step
 * per tile (it = t, S = 1), at sigma 0 before the K loop or T2 + 1 after it; it pairs with
 * tile-body ops only (sym_tile_twin). Used by progress (sym_vc_progress.c tile_place_cycle)
 * and back-pressure (a) (sym_vc_tile.c); stateless, nothing owned. */
#include <assert.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* The one real K loop of tile loop o (nested in it, flattened or padded), -2 when there are
 * several, -1 when none. */
static int k_loop_of(sym_ctx *c, int o) {
  int k = -1;
  for (uint32_t l = 0; l < c->n_loops; l++) {
    const sym_loop *L = &c->loops[l];
    if (L->parent != o || L->pad || L->virt || L->flat_outer >= 0) continue;
    if (k >= 0) return -2;
    k = (int)l;
  }
  return k;
}

bool sym_tile_place(sym_ctx *c, const sym_event *e, sym_tile_at *at) {
  if (e->loop < 0 || e->prefork || e->postjoin || e->seqt || e->base || !e->has_seq ||
      e->hoisted)
    return false;
  const sym_loop *F = &c->loops[e->loop];
  if (F->fused || F->virt) return false;
  if (F->flat_outer < 0 && F->parent < 0 && !F->pad) {
    /* an op of the tile loop's own body (one round per tile, it = t: S = 1, v = 0) before its
     * K loop (sigma 0) or after it (sigma T2 + 1: a = sigma - v is no constant, so only
     * sigma's region places it) */
    int k = k_loop_of(c, e->loop);
    if (k == -2) return false;
    at->outer = e->loop;
    at->inner = k;
    at->tile_body = true;
    at->region = k >= 0 && e->pos > c->loops[k].op->id ? 2 : 0;
    at->a = 0;
    at->lo[0] = at->hi[0] = 0, at->lo[1] = at->hi[1] = 0;
    return true;
  }
  at->tile_body = false;
  if (F->flat_outer < 0 || F->flat_inner < 0) return false;
  const sym_loop *V = &c->loops[F->flat_inner];
  at->outer = F->flat_outer;
  if (!V->pad) { /* plain: v = k in [0, S - 1] */
    if (e->pad_pos != SYM_PAD_NONE) return false;
    at->inner = F->flat_inner;
    at->region = 1;
    at->a = 1;
    at->lo[0] = 0, at->lo[1] = 0;
    at->hi[0] = 1, at->hi[1] = -1;
    return true;
  }
  int64_t post = V->pad_post; /* S = T2 + 1 + e */
  at->inner = V->pad_inner;
  if (at->inner < 0) return false;
  switch (e->pad_pos) {
  case SYM_PAD_PRE: /* v = 0 */
    at->region = 0;
    at->a = 0;
    at->lo[0] = at->hi[0] = 0, at->lo[1] = at->hi[1] = 0;
    return true;
  case SYM_PAD_INNER: /* v = k + 1 in [1, T2] = [1, S - 1 - e] */
    at->region = 1;
    at->a = 0;
    at->lo[0] = 0, at->lo[1] = 1;
    at->hi[0] = 1, at->hi[1] = -1 - post;
    return true;
  case SYM_PAD_POST: /* v = T2 + e = S - 1 */
    at->region = 2;
    at->a = 1 - post;
    at->lo[0] = at->hi[0] = 1, at->lo[1] = at->hi[1] = -1;
    return true;
  default:
    return false;
  }
}

/* With p's nest counter k above w's and both nests of S steps per tile (twins),
 * (t_w - t_p) S = v_p - v_w - k >= lo_p - hi_w - k = (A - 1) S + B, A = lo_p[0] - hi_w[0] + 1,
 * B = lo_p[1] - hi_w[1] - k. Where A S + B > 0 for every S >= 1 (an event has an instance only
 * where S >= 1), t_w - t_p > -1: p's instance is in w's tile or an earlier one. */
bool sym_tile_not_later(const sym_tile_at *w, const sym_tile_at *p, int64_t k) {
  int64_t A = p->lo[0] - w->hi[0] + 1, B = p->lo[1] - w->hi[1] - k;
  assert(A >= 0 && A <= 2);
  return A == 0 ? B > 0 : A + B > 0;
}

/* The converse: (t_w - t_p) S <= hi_p - lo_w - k = A S + B, A = hi_p[0] - lo_w[0], B =
 * hi_p[1] - lo_w[1] - k; below S for every S >= 1 when (A - 1) S + B < 0 there: t_p >= t_w. */
bool sym_tile_not_earlier(const sym_tile_at *w, const sym_tile_at *p, int64_t k) {
  int64_t A = p->hi[0] - w->lo[0] - 1, B = p->hi[1] - w->lo[1] - k;
  assert(A >= -2 && A <= 0);
  return A == 0 ? B < 0 : A + B < 0;
}

/* ... and not two tiles later: (t_p - t_w) S = v_w + k - v_p <= hi_w + k - lo_p = A S + B,
 * A = hi_w[0] - lo_p[0], B = hi_w[1] + k - lo_p[1], below 2 S for every S >= 1. */
bool sym_tile_within_next(const sym_tile_at *w, const sym_tile_at *p, int64_t k) {
  int64_t A = w->hi[0] - p->lo[0] - 2, B = w->hi[1] + k - p->lo[1];
  assert(A >= -3 && A <= -1);
  return A + B < 0;
}

Z3_ast sym_tile_in_region(sym_ctx *c, const sym_tile_at *at, Z3_ast sigma) {
  if (at->region == 0) return sym_eq(c, sigma, sym_int(c, 0));
  Z3_ast T2 = c->loops[at->inner].trip;
  switch (at->region) {
  case 1: return sym_and2(c, sym_sle(c, sym_int(c, 1), sigma), sym_sle(c, sigma, T2));
  default: return sym_eq(c, sigma, sym_add(c, T2, sym_int(c, 1)));
  }
}

bool sym_tile_twin(sym_ctx *c, int l, int L) {
  if (l == L) return true;
  bool bl = c->loops[l].flat_inner < 0, bL = c->loops[L].flat_inner < 0;
  if (bl || bL) return bl && bL; /* tile bodies: one step per tile each */
  size_t n = c->n_loops;
  if (!c->tile_twin) {
    c->tile_twin = ir_xmalloc(n * n, 1);
    memset(c->tile_twin, -1, n * n);
  }
  int8_t *m = &c->tile_twin[(size_t)l * n + (size_t)L];
  if (*m < 0) *m = sym_pad_twin(c, l, L);
  return *m == 1;
}
