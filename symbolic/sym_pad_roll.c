/* sym_pad_roll.c: rollover counters carried across a padded nest (docs/symbolic.md §1,
 * "Rollover counters across a padded nest"). Triton's FA kernels (tests/corpus/real/fa_*_100)
 * keep a ring's slot and phase as `idx' = idx + 1 == N ? 0 : idx + 1`, `ph' = idx + 1 == N ?
 * ph ^ 1 : ph`, advanced m times per padded step (the kv ring: twice before the K loop and
 * twice per K step), handed from the tile loop O to its K loop I and back. With u the padded
 * steps so far and a the slot O starts from, the templates are
 *   index  g(u) = (a + m * u) mod N
 *   phase  p(u) = p0 ^ (((a + m * u) div N) & 1)     (a and N: its index's)
 * and each is proved by induction over a free base B standing for t * (T2 + 1 + e), as the
 * linear templates of sym_pad_induct.c are (d: the steps before I's init, e: after I):
 *   base         O's init = g(0)
 *   inner base   O's values at g(B)               ->  I's init = g(B + d)
 *   inner step   0 <= kk < T2, I's values at g(B + d + kk)  ->  I's next = g(B + d + kk + 1)
 *   outer step   O's values at g(B), I's results at g(B + d + T2)  ->  O's next = g(B + T2 + 1 + e)
 * I's values may also stand dx advances (0 < dx < m) after those points, I's init dx advances
 * into a step (session 39: the FA kernels' O ring, advanced once before the K loop, twice per
 * K step, once after it: m = 2, d = 0, dx = 1); the outer step is then m (1 + e - d) - dx
 * advances. An index whose K step maps every slot to itself (m = N s) is guessed too.
 * A phase's step reads its index (the rollover compare): its proof takes the index's closed
 * form as a hypothesis at the same point (a simultaneous induction of the pair; the index's own
 * proof needs nothing of the phase). Every other carried value stays free: the proofs hold for
 * any of them. Nothing is taken from the syntax: N and m are guessed from a concrete run of I's
 * step and every claim is a Z3 proof in the counter's own width. */
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

#define ROLL_MAX_N 16 /* largest ring a rollover index is guessed for */
#define ROLL_MAX_M 64 /* most advances per padded step (m0 + 2 N <= 46) */

/* One proved (or candidate) rollover template: carried value k of I, j of O. */
typedef struct roll {
  bool phase;     /* p(u) (else g(u)) */
  int k, j;       /* I's and O's carried values */
  int ki, ji;     /* a phase's index (its k, j) */
  int64_t N, m;   /* ring size, advances per padded step */
  int64_t o;      /* a shadow index's offset in advances, 0 <= o < N (else 0) */
  int d, e;       /* steps before I's init, after I */
  int64_t dx;     /* advances before I's init besides d steps, 0 <= dx < m (the FA kernels'
                     O ring: one advance before the K loop, two per K step, one after it) */
  Z3_ast a, p0;   /* the index's init (O's, its width), the phase's init */
  unsigned w;     /* the value's width */
} roll;

/* The template at x = (a + o + adv) + m * U (U a wide term, adv a constant shift in advances:
 * m * d + dx for I's values, o a shadow's offset) in r's width: its Euclidean pair (x div N, x mod N); x >= 0 and no wrap-around wherever the forms
 * are used (U + s < 2^30, the padded nest's assumption, m <= ROLL_MAX_M, 0 <= a < N: x <
 * 2^37). The closed forms keep U = TB + i (TB + T2 after I) as a subterm: sym_pad_term and
 * sym_flat_rewrite turn it into the flat counter, and a wait's phase term is then the division
 * of the same linear term as its round's (phase-agreement needs no division reasoning). */
static Z3_ast roll_form(sym_ctx *c, const roll *r, int64_t adv, Z3_ast U) {
  Z3_ast a = sym_add(c, sym_resize(c, r->a, SYM_WIDE, true), sym_int(c, adv + r->o));
  Z3_ast x = sym_add(c, a, sym_mul(c, sym_int(c, r->m), U));
  if (!r->phase) return sym_resize(c, sym_fmod(c, x, r->N), r->w, true);
  Z3_ast bit = Z3_mk_bvand(c->z, sym_fdiv(c, x, r->N), sym_int(c, 1));
  return Z3_mk_bvxor(c->z, r->p0, sym_resize(c, bit, r->w, false));
}

static Z3_ast roll_val(sym_ctx *c, const roll *r, Z3_ast u) { return roll_form(c, r, 0, u); }

/* Advances from O's value at a padded step to I's init: d whole steps and dx more. */
static int64_t inner_adv(const roll *r) { return r->m * r->d + r->dx; }

/* Advances from I's result to O's next: the rest of the tile's 1 + e steps (>= 0, else the
 * combination is not one: outer_adv < 0). */
static int64_t outer_adv(const roll *r) { return r->m * (1 + r->e - r->d) - r->dx; }

/* The proofs state the templates through the pair itself: a point's pair is free (q any,
 * 0 <= rr < N), a point `delta` advances later is its shift (rr + delta mod N wrapped once, q
 * carried), exact integer arithmetic on small terms; a claim proved for every pair holds in
 * particular for the pair of x. No division or product of a free term for Z3 (the first
 * version, with x = N * q + rr of the points' x, left the step of a three-slot ring undecided
 * within the limit). */
typedef struct roll_pair { Z3_ast q, rr; } roll_pair;

static roll_pair pair_fresh(sym_ctx *c, int64_t N, Z3_ast *hyp) {
  roll_pair p = {sym_fresh(c, "rq", c->wide), sym_fresh(c, "rr", c->wide)};
  *hyp = sym_and2(c, *hyp, sym_and2(c, sym_sle(c, sym_int(c, 0), p.rr),
                                    sym_slt(c, p.rr, sym_int(c, N))));
  return p;
}

static roll_pair pair_shift(sym_ctx *c, roll_pair p, int64_t N, int64_t delta) {
  Z3_ast r1 = sym_add(c, p.rr, sym_int(c, delta % N)), q1 = sym_add(c, p.q, sym_int(c, delta / N));
  Z3_ast wrap = sym_sle(c, sym_int(c, N), r1);
  return (roll_pair){sym_ite(c, wrap, sym_add(c, q1, sym_int(c, 1)), q1),
                     sym_ite(c, wrap, sym_sub(c, r1, sym_int(c, N)), r1)};
}

static Z3_ast pair_val(sym_ctx *c, const roll *r, roll_pair p) {
  if (!r->phase) return sym_resize(c, p.rr, r->w, true);
  Z3_ast bit = Z3_mk_bvand(c->z, p.q, sym_int(c, 1));
  return Z3_mk_bvxor(c->z, r->p0, sym_resize(c, bit, r->w, false));
}

static bool unsat(sym_ctx *c, Z3_ast hyp, Z3_ast goal) {
  return sym_sat(c, sym_and2(c, hyp, sym_not(c, goal))) == Z3_L_FALSE;
}

/* The loops' terms: I's init and next, O's init and next (sym_pad_induct.c evaluates them) */
typedef struct roll_terms {
  int l, o;
  uint32_t n, m;
  Z3_ast *initI, *nextI, *initO, *nextO;
  const bool *taintO;
} roll_terms;

/* t with O's carried values of the templates in rs[0..nr) (and r) at pair po, I's results at
 * pair pr (pr NULL: not replaced). */
static Z3_ast at_outer(sym_ctx *c, const roll_terms *rt, const roll *rs, int nr, const roll *r,
                       Z3_ast t, roll_pair po, const roll_pair *pr) {
  for (int q = -1; q < nr; q++) {
    const roll *x = q < 0 ? r : &rs[q];
    t = sym_subst(c, t, c->loops[rt->o].carried_var[x->j], pair_val(c, x, po));
    if (pr) t = sym_subst(c, t, c->loops[rt->l].result_var[x->k], pair_val(c, x, *pr));
  }
  return t;
}

/* I's carried values of the templates at pair p, as a hypothesis. */
static Z3_ast at_inner(sym_ctx *c, const roll_terms *rt, const roll *rs, int nr, const roll *r,
                       roll_pair p) {
  Z3_ast h = Z3_mk_true(c->z);
  for (int q = -1; q < nr; q++) {
    const roll *x = q < 0 ? r : &rs[q];
    h = sym_and2(c, h, sym_eq(c, c->loops[rt->l].carried_var[x->k], pair_val(c, x, p)));
  }
  return h;
}

/* The four steps of r's induction, with the templates ctx[0..nc) (r's index, of r's a, N and
 * m: one pair per point for all of them) as hypotheses. */
static bool proved(sym_ctx *c, const roll_terms *rt, const roll *ctx, int nc, const roll *r) {
  Z3_ast tru = Z3_mk_true(c->z);
  int64_t N = r->N, m = r->m;
  /* inner step first: it does not depend on O's value j (the cheapest filter); O's values at
   * any pair (the claim for every pair covers O's own) */
  Z3_ast hs = tru;
  roll_pair pk = pair_fresh(c, N, &hs), po = pair_fresh(c, N, &hs);
  hs = sym_and2(c, hs, at_inner(c, rt, ctx, nc, r, pk));
  Z3_ast nI = at_outer(c, rt, ctx, nc, r, rt->nextI[r->k], po, NULL);
  if (!unsat(c, hs, sym_eq(c, nI, pair_val(c, r, pair_shift(c, pk, N, m))))) return false;
  /* base: O's init is g(0), 0 <= a < N (its pair (0, a)) */
  Z3_ast ax = sym_resize(c, r->a, SYM_WIDE, true);
  Z3_ast base_ok = sym_and2(c, sym_sle(c, sym_int(c, 0), ax), sym_slt(c, ax, sym_int(c, N)));
  base_ok = sym_and2(c, base_ok, sym_eq(c, rt->initO[r->j], roll_val(c, r, sym_int(c, 0))));
  if (!unsat(c, tru, base_ok)) return false;
  /* inner base: from O's pair at B, d steps (m * d advances) */
  Z3_ast hb = tru;
  roll_pair pb = pair_fresh(c, N, &hb);
  Z3_ast iB = at_outer(c, rt, ctx, nc, r, rt->initI[r->k], pb, NULL);
  if (!unsat(c, hb, sym_eq(c, iB, pair_val(c, r, pair_shift(c, pb, N, inner_adv(r))))))
    return false;
  /* outer step: I's result at B + d + T2, O's next 1 + e - d steps later */
  Z3_ast ho = tru;
  roll_pair p0 = pair_fresh(c, N, &ho), pr = pair_fresh(c, N, &ho);
  Z3_ast nO = at_outer(c, rt, ctx, nc, r, rt->nextO[r->j], p0, &pr);
  return unsat(c, ho, sym_eq(c, nO, pair_val(c, r, pair_shift(c, pr, N, outer_adv(r)))));
}

/* I's step of carried value k at the numeral x (other carried values as they are): a numeral,
 * or false. */
static bool step_at(sym_ctx *c, const roll_terms *rt, int k, unsigned w, int64_t x, int64_t *out) {
  Z3_ast t = sym_subst(c, rt->nextI[k], c->loops[rt->l].carried_var[k], sym_bv(c, x, w));
  return sym_numeral(c, t, out);
}

/* Guesses N and m0 (mod N) of a rollover index from I's step: f(x) = (x + m0) mod N on [0, N),
 * m0 != 0; or m0 = 0, f(x) = x on [0, N) and f(N) != N (N advances per step, e.g. the FA
 * kernels' two-slot O ring advanced twice per K step: only the first value the rollover
 * compare does not hold tells N). */
static bool guess_index(sym_ctx *c, const roll_terms *rt, int k, unsigned w, int64_t *N,
                        int64_t *m0) {
  int64_t f[ROLL_MAX_N];
  for (int64_t x = 0; x < ROLL_MAX_N; x++)
    if (!step_at(c, rt, k, w, x, &f[x])) return false;
  if (f[0] == 0) {
    for (int64_t n = 2; n < ROLL_MAX_N; n++) {
      if (f[n - 1] != n - 1) return false;
      if (f[n] != n) {
        *N = n;
        *m0 = 0;
        return true;
      }
    }
    return false;
  }
  for (int64_t n = 2; n <= ROLL_MAX_N; n++) {
    if (f[0] <= 0 || f[0] >= n) continue;
    bool ok = true;
    for (int64_t x = 0; x < n && ok; x++) ok = f[x] == (x + f[0]) % n;
    if (ok) {
      *N = n;
      *m0 = f[0];
      return true;
    }
  }
  return false;
}

/* Records r's closed forms over the padded nest of post step r->e. */
static bool record(sym_ctx *c, const roll_terms *rt, const roll *r) {
  int vi = sym_pad_loop(c, rt->l, r->e);
  if (vi < 0) return false;
  Z3_ast tb = c->loops[vi].nest_base;
  sym_loop *I = &c->loops[rt->l], *O = &c->loops[rt->o];
  if (!O->closed[r->j]) c->n_invariants++;
  if (!I->closed[r->k]) c->n_invariants++;
  O->closed[r->j] = O->final[r->j] = roll_val(c, r, tb);
  I->closed[r->k] = I->final[r->k] = roll_form(c, r, inner_adv(r), sym_add(c, tb, I->it));
  I->after[r->k] = roll_form(c, r, inner_adv(r), sym_add(c, tb, I->trip));
  I->after_ok[r->k] = true;
  O->closed_form[r->j] = r->phase
      ? "p0 ^ (((a + m * t * (T2 + 1 + e)) div N) & 1), a rollover phase across a padded nest"
      : "(a + m * t * (T2 + 1 + e)) mod N, a rollover index across a padded nest";
  I->closed_form[r->k] = r->phase
      ? "p0 ^ (((a + dx + m * (t * (T2 + 1 + e) + d + i)) div N) & 1), a rollover phase "
        "across a padded nest"
      : "(a + dx + m * (t * (T2 + 1 + e) + d + i)) mod N, a rollover index across a padded nest";
  return true;
}

/* A shadow index (session 38): I's carried value k that no template of its own fits, whose
 * step reads a proved index ix of I (not k itself) and which stays o advances after it:
 *   v(u) = (a + o + m * u) mod N      (ix's a, m, N, d, e; 0 <= o < N)
 * The FA kernels' MMA partition carries the slot of the previous K step's V buffer into its K
 * loop (a view yielded as `%bufs[%dki]`, the slot before the index's next value; the carried
 * view made an index by sym_carried_view.c): its value is the kv index minus one. Proved like
 * the index, by induction over I with ix's closed form as a hypothesis at the same point
 *   inner base   O's values at g(B)                      ->  I's init of k = v(B + d)
 *   inner step   ix = g(B + d + kk), k = v(B + d + kk)  ->  I's next of k = v(B + d + kk + 1)
 * (no outer part: k is I's own, its result is the form at the trip count). */
static bool shadow_proved(sym_ctx *c, const roll_terms *rt, const roll *ix, const roll *r) {
  Z3_ast tru = Z3_mk_true(c->z);
  int64_t N = r->N, m = r->m;
  Z3_ast hs = tru;
  roll_pair pk = pair_fresh(c, N, &hs), po = pair_fresh(c, N, &hs);
  hs = sym_and2(c, hs, at_inner(c, rt, NULL, 0, ix, pk));
  hs = sym_and2(c, hs, sym_eq(c, c->loops[rt->l].carried_var[r->k],
                              pair_val(c, r, pair_shift(c, pk, N, r->o))));
  Z3_ast nI = at_outer(c, rt, NULL, 0, ix, rt->nextI[r->k], po, NULL);
  if (!unsat(c, hs, sym_eq(c, nI, pair_val(c, r, pair_shift(c, pk, N, m + r->o))))) return false;
  Z3_ast hb = tru;
  roll_pair pb = pair_fresh(c, N, &hb);
  Z3_ast iB = at_outer(c, rt, NULL, 0, ix, rt->initI[r->k], pb, NULL);
  return unsat(c, hb, sym_eq(c, iB, pair_val(c, r, pair_shift(c, pb, N, inner_adv(r) + r->o))));
}

/* The offset a shadow of ix would have: I's step of k with ix's value a numeral x and k's
 * own value left free must be a numeral f (k's next reads ix only), o = f - x - m mod N. */
static bool guess_shadow(sym_ctx *c, const roll_terms *rt, int k, const roll *ix, int64_t *o) {
  const sym_loop *I = &c->loops[rt->l];
  Z3_ast t = sym_subst(c, rt->nextI[k], I->carried_var[ix->k], sym_bv(c, 1, ix->w));
  int64_t f;
  if (!sym_numeral(c, t, &f)) return false;
  *o = ((f - 1 - ix->m) % ix->N + ix->N) % ix->N;
  return true;
}

/* Records shadow r's closed forms over I (O keeps its own values). */
static bool record_shadow(sym_ctx *c, const roll_terms *rt, const roll *r) {
  int vi = sym_pad_loop(c, rt->l, r->e);
  if (vi < 0) return false;
  Z3_ast tb = c->loops[vi].nest_base;
  sym_loop *I = &c->loops[rt->l];
  if (!I->closed[r->k]) c->n_invariants++;
  I->closed[r->k] = I->final[r->k] = roll_form(c, r, inner_adv(r), sym_add(c, tb, I->it));
  I->after[r->k] = roll_form(c, r, inner_adv(r), sym_add(c, tb, I->trip));
  I->after_ok[r->k] = true;
  I->closed_form[r->k] = "(a + dx + o + m * (t * (T2 + 1 + e) + d + i)) mod N, an index o "
                         "advances after a rollover index across a padded nest";
  return true;
}

/* Is O's carried value q a candidate base for a template of width w? */
static bool outer_ok(sym_ctx *c, const roll_terms *rt, uint32_t q, unsigned w) {
  const sym_loop *O = &c->loops[rt->o];
  return rt->initO[q] && rt->nextO[q] && !rt->taintO[q] && !O->closed[q] &&
         sym_carried_width(O->op, q) == (int)w;
}

void sym_pad_roll(sym_ctx *c, int l, Z3_ast *initI, Z3_ast *nextI, Z3_ast *initO, Z3_ast *nextO,
                  const bool *taintO) {
  int o = c->loops[l].parent;
  roll_terms rt = {.l = l, .o = o, .n = c->loops[l].n_carried, .m = c->loops[o].n_carried,
                   .initI = initI, .nextI = nextI, .initO = initO, .nextO = nextO,
                   .taintO = taintO};
  roll *idx = ir_xcalloc(rt.n, sizeof *idx);
  int nidx = 0;
  sym_debug_what(c, "rollover counters of loop %d in loop %d", l, o);
  /* indices */
  for (uint32_t k = 0; k < rt.n; k++) {
    const sym_loop *I = &c->loops[l];
    unsigned w = (unsigned)sym_carried_width(I->op, k);
    int64_t N, m0;
    /* (m slots per padded step: sym_ring.c numbers one slot per iteration, so a ring used
     * that way is numbered only when sym_ring_split.c splits it into m rings (N a multiple of
     * m); otherwise its events are refused before any sequence query, sym_ring.c infer_seq) */
    if (!w || w > 64 || I->closed[k] || !initI[k] || !nextI[k] ||
        !guess_index(c, &rt, (int)k, w, &N, &m0))
      continue;
    bool done = false;
    /* whole steps before I's init first (dx = 0), then dx advances more (d = 0); an index's
     * forms depend on m mod N only, m0 = 0 taken as N */
    int64_t m = m0 ? m0 : N;
    for (uint32_t q = 0; q < rt.m && !done; q++) {
      if (!outer_ok(c, &rt, q, w)) continue;
      for (int64_t dx = 0; dx < m && dx < N && !done; dx++)
        for (int e = 0; e <= 1 && !done; e++)
          for (int d = 0; d <= (dx ? 0 : 1) && !done; d++) {
            roll r = {.phase = false, .k = (int)k, .j = (int)q, .ki = -1, .ji = -1, .N = N,
                      .m = m, .d = d, .e = e, .dx = dx, .a = initO[q], .w = w};
            if (outer_adv(&r) < 0 || !proved(c, &rt, NULL, 0, &r) || !record(c, &rt, &r)) continue;
            idx[nidx++] = r;
            done = true;
          }
    }
  }
  /* shadows of the proved indices (no template of their own) */
  for (uint32_t k = 0; k < rt.n && nidx; k++) {
    const sym_loop *I = &c->loops[l];
    unsigned w = (unsigned)sym_carried_width(I->op, k);
    if (!w || w > 64 || I->closed[k] || !initI[k] || !nextI[k]) continue;
    bool done = false;
    for (int x = 0; x < nidx && !done; x++) {
      int64_t off;
      if (idx[x].w != w || idx[x].k == (int)k || !guess_shadow(c, &rt, (int)k, &idx[x], &off))
        continue;
      roll r = idx[x];
      r.k = (int)k;
      r.j = -1;
      r.o = off;
      done = shadow_proved(c, &rt, &idx[x], &r) && record_shadow(c, &rt, &r);
    }
  }
  /* phases, each with one proved index as a hypothesis (its m: m0 + N * s, and its dx: the
   * index's + N * s2, below m: the index proved them mod N only) */
  for (uint32_t k = 0; k < rt.n && nidx; k++) {
    const sym_loop *I = &c->loops[l];
    unsigned w = (unsigned)sym_carried_width(I->op, k);
    if (!w || w > 64 || I->closed[k] || !initI[k] || !nextI[k]) continue;
    bool done = false;
    for (int x = 0; x < nidx && !done; x++)
      for (int64_t s = 0; s <= 2 && !done; s++)
        for (int64_t s2 = 0; s2 <= 2 && !done; s2++) {
          roll ix = idx[x];
          ix.m = idx[x].m + idx[x].N * s;
          ix.dx = idx[x].dx + idx[x].N * s2;
          if (ix.dx >= ix.m || outer_adv(&ix) < 0) continue;
          for (uint32_t q = 0; q < rt.m && !done; q++) {
            if (!outer_ok(c, &rt, q, w)) continue;
            roll r = {.phase = true, .k = (int)k, .j = (int)q, .ki = ix.k, .ji = ix.j, .N = ix.N,
                      .m = ix.m, .d = ix.d, .e = ix.e, .dx = ix.dx, .a = ix.a, .p0 = initO[q],
                      .w = w};
            if (!proved(c, &rt, &ix, 1, &r)) continue;
            /* the index's forms with this m and dx are its forms (both equal mod N) */
            done = record(c, &rt, &r);
          }
        }
  }
  free(idx);
}
