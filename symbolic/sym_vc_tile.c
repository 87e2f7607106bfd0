/* sym_vc_tile.c: back-pressure (a) across a partition's nests of one tile loop (docs/symbolic.md
 * §2 back-pressure, "Across a partition's nests").
 *
 * (a)'s dependency graph (sym_vc_order.c) joins events by iteration offsets of one numbering,
 * so its program order stays inside one loop: a partition whose rings sit in a plain flattened
 * nest and in padded ones (the FA softmax: its turnstile ring in the plain nest, its alpha ring
 * in a padded one; sym_tile_steps.c) has no edge from one to the other, and a wait whose next
 * round comes back through the other nest is unknown. Here the search runs on the tile's step
 * layout instead: an instance is a tile offset from the wait's tile (0 or 1) and a step sigma (a
 * term over the wait's own step, the K loops' trip counts and the nest's steps per tile).
 *  - the producer of the wait's next round fires k nest steps after the wait: in its tile
 *    (sigma_e = sigma_w + k + a_e - a_w) or, where its step would leave the tile, in the next one
 *    (sigma_e = sigma_w + k + a_e - a_w - S);
 *  - program order: from an instance back to a wait z of the same partition, the latest
 *    instance of z before it in the same tile: sigma - 1 or sigma in the same region (by the
 *    ops' positions), the end of z's region when z's region comes first (0 before the K loop,
 *    T2 in it);
 *  - a wait needs the producers of its round: a producer of a twin nest whose instance is in the
 *    wait's tile by the ranges of their steps (sym_tile_not_later and its converse) fires at
 *    sigma_u + k + a_q - a_u;
 *  - every instance on the path must be one its op executes: sigma in its region (before, in or
 *    after the K loop), and no predicate besides its step; a wait's round must be a real one
 *    (its producer's number, at least mul * v + off, not negative).
 * A path that reaches an event of the wait's partition after the wait (a later tile, or a later
 * step, or the same step and a later op) is a dependency where its conditions hold; the caller
 * ORs the paths' conditions into what holds the round back. The search is bounded (paths,
 * hops): what it does not cover stays unknown, never a counterexample. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

enum { TILE_DEPTH = 8, TILE_PATHS = 32, TILE_NODES = 4096 };

typedef struct tile_search {
  sym_ctx *c;
  const sym_event *w;
  sym_tile_at aw;
  Z3_ast sigma_w;
  Z3_ast held;               /* OR of the paths' conditions */
  int paths, nodes, depth;   /* depth: the bound on wait hops of this round of the search */
  int trail[2 * TILE_DEPTH + 4], n_trail; /* the current path's events (TLXV_SYM_PATHDBG) */
  bool on_path[];            /* per event: on the current path */
} tile_search;

/* The event executes wherever its step is in its region: no predicate besides the step. */
static bool plain_pred(sym_ctx *c, const sym_event *e) {
  return e->pad_pos != SYM_PAD_NONE ? e->pad_plain : sym_is_true(c, e->pred);
}

/* Upper end of z's region in the layout (the latest instance of z in a tile). */
static Z3_ast region_end(sym_ctx *c, const sym_tile_at *z) {
  if (z->region == 0) return sym_int(c, 0);
  Z3_ast T2 = c->loops[z->inner].trip;
  return z->region == 1 ? T2 : sym_add(c, T2, sym_int(c, 1));
}

/* The step of an instance of `to` k nest steps after `from`'s at step sf, in the same tile: a
 * tile body's op has one step per tile (twins: both are tile bodies), its step its region's. */
static Z3_ast step_from(sym_ctx *c, const sym_tile_at *from, Z3_ast sf, const sym_tile_at *to,
                        int64_t k) {
  if (to->tile_body) return to->region == 0 ? sym_int(c, 0) : region_end(c, to);
  return sym_add(c, sf, sym_int(c, k + to->a - from->a));
}

/* Producer p of wait u's round is in u's tile: neither later nor earlier (k: p's nest counter
 * minus u's). */
static bool same_tile(const sym_tile_at *u, const sym_tile_at *p, int64_t k) {
  return sym_tile_not_later(u, p, k) && sym_tile_not_earlier(u, p, k);
}

static void from_node(tile_search *s, uint32_t y, const sym_tile_at *ay, Z3_ast sy, int tile,
                      Z3_ast cond, int depth);

/* Wait z (instance at step sz, tile offset `tile`) needs its round's producers. */
static void from_wait(tile_search *s, uint32_t zi, const sym_tile_at *az, Z3_ast sz, int tile,
                      Z3_ast cond, int depth) {
  sym_ctx *c = s->c;
  const sym_event *z = &c->evs[zi];
  const char *how;
  int lag = sym_wait_lag(c, (int)zi, &how);
  if (lag < 0 || z->dead || !z->has_seq || z->ring < 0 || c->rings[z->ring].irregular ||
      !plain_pred(c, z))
    return;
  int64_t n = c->rings[z->ring].n;
  for (uint32_t q = 0; q < c->n_evs && s->paths < TILE_PATHS; q++) {
    const sym_event *p = &c->evs[q];
    sym_tile_at ap;
    int64_t k;
    if (p->ring != z->ring || !sym_is_producer(p) || s->on_path[q] || p->mul != z->mul ||
        !sym_tile_place(c, p, &ap) || !plain_pred(c, p))
      continue;
    int64_t x = z->off - lag * n - p->off;
    if (x % z->mul) continue;
    k = x / z->mul;
    if (!same_tile(az, &ap, k) || !sym_tile_twin(c, z->loop, p->loop)) continue;
    Z3_ast sp = step_from(c, az, sz, &ap, k);
    /* the round is a real one (a wait for the virtual phase before init passes without its
     * producers, as the graph's path_start): p's number mul * it + off with it = t S + v >= v,
     * so v = sp - a (a tile body's: 0) with mul * v + off >= 0 suffices */
    Z3_ast real;
    if (ap.tile_body) {
      if (p->off < 0) continue;
      real = Z3_mk_true(c->z);
    } else
      real = sym_sle(c, sym_int(c, 0),
                     sym_add(c, sym_mul(c, sym_int(c, p->mul), sym_sub(c, sp, sym_int(c, ap.a))),
                             sym_int(c, p->off)));
    from_node(s, q, &ap, sp, tile,
              sym_and2(c, cond, sym_and2(c, real, sym_tile_in_region(c, &ap, sp))), depth + 1);
  }
}

/* Event y's instance (step sy, tile offset `tile` from the wait's) happens only after every
 * event on the path to it; does it follow the wait, else which waits before it lead on? */
static void from_node(tile_search *s, uint32_t y, const sym_tile_at *ay, Z3_ast sy, int tile,
                      Z3_ast cond, int depth) {
  sym_ctx *c = s->c;
  const sym_event *e = &c->evs[y];
  if (s->paths >= TILE_PATHS || ++s->nodes > TILE_NODES || depth > s->depth) return;
  if (e->part == s->w->part && ay->outer == s->aw.outer && ay->inner == s->aw.inner) {
    Z3_ast after = tile > 0 ? Z3_mk_true(c->z)
                   : e->pos > s->w->pos ? sym_sle(c, s->sigma_w, sy)
                                        : sym_slt(c, s->sigma_w, sy);
    Z3_ast h = sym_simplify(c, sym_and2(c, cond, after));
    if (Z3_get_bool_value(c->z, h) != Z3_L_FALSE) {
      s->held = sym_or2(c, s->held, h);
      s->paths++;
      if (sym_debug_on() && getenv("TLXV_SYM_PATHDBG")) {
        fprintf(stderr, "sym:   path (tile %d):", tile);
        for (int q = 0; q < s->n_trail; q++) fprintf(stderr, " ev %d", s->trail[q]);
        fprintf(stderr, " ev %u\n          %s\n", y, Z3_ast_to_string(c->z, h));
      }
    }
    if (tile > 0) return; /* every later instance on this path is after the wait too */
  }
  s->on_path[y] = true;
  s->trail[s->n_trail++] = (int)y;
  for (uint32_t zi = 0; zi < c->n_evs && s->paths < TILE_PATHS; zi++) {
    const sym_event *z = &c->evs[zi];
    sym_tile_at az;
    if (z->kind != SYM_EV_WAIT || z->part != e->part || s->on_path[zi] ||
        !sym_tile_place(c, z, &az) || az.outer != ay->outer || az.inner != ay->inner)
      continue;
    s->on_path[zi] = true;
    s->trail[s->n_trail++] = (int)zi;
    /* z's latest instance before y's in y's tile: the end of its region when that comes
     * first, else y's step or the one before (by the ops' positions), if in z's region */
    bool same = az.region < ay->region || (az.region == ay->region && z->pos < e->pos);
    if (az.region <= ay->region) {
      Z3_ast sz = az.region < ay->region ? region_end(c, &az)
                  : z->pos < e->pos     ? sy
                                        : sym_sub(c, sy, sym_int(c, 1));
      from_wait(s, zi, &az, sz, tile, sym_and2(c, cond, sym_tile_in_region(c, &az, sz)), depth);
    }
    /* else (or where that step is outside z's region) its last instance of the tile before,
     * which exists (a tile at or after the wait's, so not before the first) where its region
     * is not empty; a path that went back before the wait's tile never reaches it */
    if (!same && tile > 0) {
      Z3_ast sz = region_end(c, &az);
      from_wait(s, zi, &az, sz, tile - 1, sym_and2(c, cond, sym_tile_in_region(c, &az, sz)),
                depth);
    }
    s->on_path[zi] = false;
    s->n_trail--;
  }
  s->on_path[y] = false;
  s->n_trail--;
}

Z3_ast sym_tile_held(sym_ctx *c, uint32_t wi, uint32_t ei, int64_t k) {
  const sym_event *w = &c->evs[wi], *e = &c->evs[ei];
  sym_tile_at aw, ae;
  /* e's instance is in w's tile or the next: not earlier, and not two tiles later */
  /* (e itself may be predicated: the caller asks only the instances where it fires) */
  if (!sym_tile_place(c, w, &aw) || !sym_tile_place(c, e, &ae) ||
      !sym_tile_twin(c, w->loop, e->loop) || !sym_tile_not_earlier(&aw, &ae, k) ||
      !sym_tile_within_next(&aw, &ae, k))
    return NULL;
  tile_search *s = ir_xcalloc(1, sizeof *s + c->n_evs);
  s->c = c;
  s->w = w;
  s->aw = aw;
  s->sigma_w = aw.tile_body ? step_from(c, &aw, NULL, &aw, 0)
                            : sym_add(c, c->loops[c->loops[w->loop].flat_inner].it, sym_int(c, aw.a));
  bool next = !sym_tile_not_later(&aw, &ae, k);
  Z3_ast se, se1, in0, in1;
  if (ae.tile_body) { /* one step per tile: e's tile is k after w's (0 or 1 here) */
    se = se1 = step_from(c, &aw, NULL, &ae, 0);
    in0 = k == 0 ? Z3_mk_true(c->z) : Z3_mk_false(c->z);
    in1 = k == 1 ? Z3_mk_true(c->z) : Z3_mk_false(c->z);
  } else { /* where e makes the round: in w's tile, or (unless its range keeps it there) the
            * next, its nest's S steps per tile back */
    se = step_from(c, &aw, s->sigma_w, &ae, k);
    se1 = sym_sub(c, se, c->loops[c->loops[e->loop].flat_inner].trip);
    in0 = sym_tile_in_region(c, &ae, se);
    in1 = sym_tile_in_region(c, &ae, se1);
  }
  Z3_ast fires = next ? sym_or2(c, in0, in1) : in0;
  Z3_ast ctx = sym_and2(c, sym_tile_in_region(c, &aw, s->sigma_w), fires);
  Z3_ast held = NULL;
  /* shortest paths first: each bound on the hops, then whether the paths found cover every
   * instance of w whose next round e makes (a linear query: steps and trip counts only) */
  for (s->depth = 0; s->depth <= TILE_DEPTH && !held; s->depth++) {
    s->held = Z3_mk_false(c->z);
    s->paths = s->nodes = 0;
    memset(s->on_path, 0, c->n_evs);
    s->on_path[wi] = true;
    from_node(s, ei, &ae, se, 0, in0, 0);
    if (next) from_node(s, ei, &ae, se1, 1, in1, 0);
    if (!s->paths) continue;
    sym_debug_what(c, "back-pressure (a) across nests");
    if (sym_sat(c, sym_and2(c, ctx, sym_not(c, s->held))) == Z3_L_FALSE) held = Z3_mk_true(c->z);
    if (sym_debug_on() && getenv("TLXV_SYM_PATHDBG"))
      fprintf(stderr, "sym:   depth %d: ctx %d, covered %d\n", s->depth, sym_sat(c, ctx), held != NULL);
    if (s->nodes > TILE_NODES) break;
  }
  if (sym_debug_on())
    fprintf(stderr, "sym: (a) w ev %u producer ev %u across nests: %s (%d hops, %d paths, %d nodes)\n",
            wi, ei, held ? "held" : "not shown", s->depth - 1, s->paths, s->nodes);
  free(s);
  return held;
}
