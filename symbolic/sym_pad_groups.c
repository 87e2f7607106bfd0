/* sym_pad_groups.c: async-group retirement in a padded nest (docs/symbolic.md §1, "Padded
 * nests"; back-pressure (c), sym_vc_reuse.c). A software-pipelined persistent Hopper matmul
 * (tests/corpus/real/t07_persistent_90) issues an async wgmma per K step and one after the K
 * loop, each preceded by a warp_group_dot_wait, and refills a slot with TMA in the K loop: no
 * barrier orders the refill after the wgmma that read the slot's previous use, only the group
 * waits. sym_async_retired counts the groups between a read and a wait by iteration offsets,
 * taking every op of the loop to fire in every iteration; in a padded nest an op fires at some
 * steps only (v = 0, 1 <= v <= T2, v = T2), so the count is a Z3 term instead.
 *
 * The write w fires at step itF, the read rd at itF + D (D <= 0, a constant: the offsets of
 * their sequence numbers), and program order is (step, op position) (sym_pad.c). The read is
 * complete at w when some group wait q fires at a step itF + d of the window [D, 0], strictly
 * between the read and w in that order, and at least pendings(q) groups were issued strictly
 * between the read and q (semantics.md §3: wait_group N returns once at most the N most recent
 * groups are pending, so the read's group is complete once N later groups exist). Each async
 * op of the group in the partition is one group (Triton commits after every async wgmma, as
 * sym_async_retired takes it), and every such op executed in the window is one of the padded
 * loop's events: an op of the group elsewhere in the tile loop (not moved into the padded nest)
 * makes the answer unknown. Each firing is the op's predicate (step included) at its step,
 * relocated into its tile by linear terms (sym_pad_fires_at), so the formula is
 * quantifier-free and needs no product beyond the nest's own. */
#include "sym_internal.h"

/* Beyond this many steps between the read and the write the window is not unrolled. */
#define PAD_WINDOW 8

/* Is loop x the tile loop o, or inside it (a real loop nested in it, a loop flattened with
 * it)? */
static bool in_tile(sym_ctx *c, int x, int o) {
  if (x < 0) return false;
  if (c->loops[x].flat_outer == o) return true;
  for (; x >= 0; x = c->loops[x].parent)
    if (x == o) return true;
  return false;
}

/* Padded event e fires at step itF + d, d <= 0 (e's predicate, step included, and the loop's
 * range there). That step is step v + d + m * M of tile t - m (M = T2 + 1, the padded loop's
 * steps per tile) for the smallest m >= 0 that makes it non-negative (at most -d, as M >= 1),
 * and its base TB - m * M: linear terms, exact where TB = t * M (the lazy product of
 * sym_nest_vars), without sym_at's fresh split of a symbolic iteration (Z3 could not relate
 * the split of itF - 3 to the current tile without the product: t07_persistent_90's TMA load
 * before the K loop). A term of e is over the loop's counter itF, the tile t, the step v and
 * the base TB only (sym_pad_term rewrote the inner loop's counter). */
static Z3_ast fires_back(sym_ctx *c, const sym_event *e, int64_t d, int64_t m_max) {
  const sym_loop *F = &c->loops[e->loop];
  const sym_loop *V = &c->loops[F->flat_inner], *O = &c->loops[F->flat_outer];
  Z3_ast t = sym_and2(c, F->range, e->pred);
  if (d == 0) return t;
  Z3_ast v = V->it, tb = V->nest_base, M = V->trip, vc = sym_add(c, v, sym_int(c, d));
  Z3_ast from[4] = {O->it, v, tb, F->it}, res = NULL;
  for (int64_t m = m_max; m >= 0; m--) {
    Z3_ast mM = sym_mul(c, sym_int(c, m), M);
    Z3_ast vm = sym_add(c, vc, mM), tbm = sym_sub(c, tb, mM);
    Z3_ast to[4] = {sym_sub(c, O->it, sym_int(c, m)), vm, tbm, sym_add(c, F->it, sym_int(c, d))};
    Z3_ast at = Z3_substitute(c->z, t, 4, from, to);
    res = res ? sym_ite(c, sym_sle(c, sym_int(c, 0), vm), at, res) : at;
  }
  return res;
}

Z3_ast sym_pad_fires_at(sym_ctx *c, const sym_event *e, int64_t d) {
  return fires_back(c, e, d, -d);
}

Z3_ast sym_pad_fires_in_tile(sym_ctx *c, const sym_event *e, int64_t d) {
  return fires_back(c, e, d, 0);
}

bool sym_pad_steps_unsat(sym_ctx *c, int l, Z3_ast phi, Z3_ast phi_in, int64_t K,
                         const char *what) {
  const sym_loop *V = &c->loops[c->loops[l].flat_inner];
  for (int64_t v = 0; v <= K; v++) {
    Z3_ast at = v < K ? sym_and2(c, phi, sym_eq(c, V->it, sym_int(c, v)))
                      : sym_and2(c, phi_in, sym_sle(c, sym_int(c, K), V->it));
    sym_debug_what(c, "%s, step %lld", what, (long long)v);
    if (sym_sat(c, at) != Z3_L_FALSE) return false;
  }
  return true;
}

/* Padded loop l's flattened nest as twin of padded loop L's (the partitions of one persistent
 * kernel, the FA softmax and correction partitions): as many tiles, and as many steps per
 * tile wherever a tile runs (with none, neither nest has a step), so a flat step is the same
 * (tile, step) in both. */
bool sym_pad_twin(sym_ctx *c, int l, int L) {
  if (l == L) return true;
  const sym_loop *F = &c->loops[l], *G = &c->loops[L];
  Z3_ast t1 = c->loops[F->flat_outer].trip;
  if (!sym_same_value(c, t1, c->loops[G->flat_outer].trip)) return false;
  Z3_ast m1 = c->loops[F->flat_inner].trip, m2 = c->loops[G->flat_inner].trip;
  if (sym_same_value(c, m1, m2)) return true;
  sym_debug_what(c, "twin padded nests' steps per tile");
  return sym_sat(c, sym_and2(c, sym_slt(c, sym_int(c, 0), t1), sym_not(c, sym_eq(c, m1, m2)))) ==
         Z3_L_FALSE;
}

/* Term t of an event of twin nest l moved to nest L's variables (counter, tile, step, base,
 * total): how sym_pad_fires_at terms of several nests meet in one sym_pad_steps_unsat query. */
static Z3_ast to_nest(sym_ctx *c, Z3_ast t, int l, int L) {
  if (l == L) return t;
  const sym_loop *F = &c->loops[l], *G = &c->loops[L];
  const sym_loop *V = &c->loops[F->flat_inner], *W = &c->loops[G->flat_inner];
  Z3_ast from[5] = {F->it, c->loops[F->flat_outer].it, V->it, V->nest_base, V->nest_trip};
  Z3_ast to[5] = {G->it, c->loops[G->flat_outer].it, W->it, W->nest_base, W->nest_trip};
  return Z3_substitute(c->z, t, 5, from, to);
}

bool sym_pad_on_twin(sym_ctx *c, const sym_event *e, int L) {
  return e->loop >= 0 && sym_pad_loop_of(c, e->loop) && e->pad_pos != SYM_PAD_NONE && !e->base &&
         !e->seqt && e->mul == 1 && sym_pad_twin(c, e->loop, L);
}

Z3_ast sym_pad_fires_twin(sym_ctx *c, const sym_event *e, int64_t d, int L, bool in_tile) {
  Z3_ast f = in_tile ? sym_pad_fires_in_tile(c, e, d) : sym_pad_fires_at(c, e, d);
  return to_nest(c, f, e->loop, L);
}

static Z3_ast fires_at(sym_ctx *c, const sym_event *e, int64_t d) {
  return sym_pad_fires_at(c, e, d);
}

/* (da, pa) strictly before (db, pb) in program order (steps, then op positions). */
static bool earlier(int64_t da, uint32_t pa, int64_t db, uint32_t pb) {
  return da < db || (da == db && pa < pb);
}

Z3_ast sym_pad_retired(sym_ctx *c, const sym_event *w, const sym_event *rd, int64_t D,
                       bool *tainted, const char **why) {
  enum { MAXG = 32 };
  const sym_loop *F = &c->loops[w->loop];
  int o = F->flat_outer;
  if (D > 0 || D < -PAD_WINDOW) {
    *why = "padded nest: the read is too many steps before the write";
    return NULL;
  }
  /* the group's ops of the partition: reads (one per op) and waits, all in the padded loop */
  uint32_t g[MAXG], n = 0;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *s = &c->evs[i];
    if ((s->kind != SYM_EV_ASYNC_READ && s->kind != SYM_EV_ASYNC_WAIT) || s->part != w->part ||
        s->group != rd->group || s->prefork || s->postjoin)
      continue;
    if (s->loop != w->loop) {
      if (in_tile(c, s->loop, o)) {
        *why = "padded nest: an async op of the group outside the padded loop";
        return NULL;
      }
      continue; /* before or after the tile loop: never between two of its steps */
    }
    if (s->kind == SYM_EV_ASYNC_READ && n && c->evs[g[n - 1]].op == s->op) continue;
    if (n == MAXG) {
      *why = "padded nest: too many async ops of the group";
      return NULL;
    }
    *tainted |= s->tainted;
    g[n++] = i;
  }
  Z3_ast retired = Z3_mk_false(c->z), one = sym_int(c, 1), zero = sym_int(c, 0);
  for (int64_t d = D; d <= 0; d++)
    for (uint32_t a = 0; a < n; a++) {
      const sym_event *q = &c->evs[g[a]];
      if (q->kind != SYM_EV_ASYNC_WAIT || !earlier(D, rd->pos, d, q->pos) ||
          !earlier(d, q->pos, 0, w->pos))
        continue;
      /* the groups issued strictly between the read and q */
      Z3_ast cnt = zero;
      for (int64_t d2 = D; d2 <= d; d2++)
        for (uint32_t b = 0; b < n; b++) {
          const sym_event *s = &c->evs[g[b]];
          if (s->kind != SYM_EV_ASYNC_READ || !earlier(D, rd->pos, d2, s->pos) ||
              !earlier(d2, s->pos, d, q->pos))
            continue;
          cnt = sym_add(c, cnt, sym_ite(c, fires_at(c, s, d2), one, zero));
        }
      Z3_ast enough = sym_sle(c, sym_int(c, q->pendings), cnt);
      retired = sym_or2(c, retired, sym_and2(c, fires_at(c, q, d), enough));
    }
  return retired;
}

/* A counterexample's search: a model of phi in the nest's first tile (t = 0, TB = 0) is one of
 * phi, and Z3 finds it without the product t * (T2 + 1) that a model in a later tile needs
 * (the full query ran out of its limit on t07_persistent_90 with pendings = 1). Returns phi
 * restricted to the first tile when that is satisfiable, else phi itself (a bug at a tile
 * boundary, or none). */
Z3_ast sym_pad_first_tile(sym_ctx *c, int l, Z3_ast phi) {
  const sym_loop *F = &c->loops[l];
  const sym_loop *V = &c->loops[F->flat_inner], *O = &c->loops[F->flat_outer];
  Z3_ast zero = sym_int(c, 0);
  Z3_ast first = sym_and2(c, phi, sym_and2(c, sym_eq(c, O->it, zero), sym_eq(c, V->nest_base, zero)));
  first = sym_and2(c, first, sym_and2(c, sym_eq(c, O->trip, sym_int(c, 1)),
                                      sym_eq(c, V->nest_trip, V->trip)));
  return sym_sat(c, first) == Z3_L_TRUE ? first : phi;
}

Z3_ast sym_pad_in_first_tile(sym_ctx *c, int l, Z3_ast t) {
  const sym_loop *F = &c->loops[l];
  const sym_loop *V = &c->loops[F->flat_inner], *O = &c->loops[F->flat_outer];
  Z3_ast zero = sym_int(c, 0);
  Z3_ast from[4] = {O->it, V->nest_base, O->trip, V->nest_trip};
  Z3_ast to[4] = {zero, zero, sym_int(c, 1), V->trip};
  return Z3_substitute(c->z, t, 4, from, to);
}

bool sym_pad_split_unsat(sym_ctx *c, int l, Z3_ast phi, int64_t D) {
  if (D >= 0) return false;
  const sym_loop *F = &c->loops[l];
  const sym_loop *V = &c->loops[F->flat_inner];
  Z3_ast same = sym_sle(c, sym_int(c, -D), V->it);
  sym_debug_what(c, "padded refill, same tile");
  if (sym_sat(c, sym_and2(c, phi, same)) != Z3_L_FALSE) return false;
  sym_debug_what(c, "padded refill, earlier tile");
  return sym_sat(c, sym_and2(c, phi, sym_not(c, same))) == Z3_L_FALSE;
}
