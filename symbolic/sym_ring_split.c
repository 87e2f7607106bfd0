/* sym_ring_split.c: rings whose every use keeps to one residue class of slots mod m, seen as m
 * rings of n / m slots (docs/symbolic.md §1, "Rings used m slots per step").
 *
 * Triton's FA kernels (tests/corpus/real/fa_*_100) use their kv ring twice per padded step, K
 * then V, with one rollover counter: the k-th use of step u is slot (a + 2u + k) mod N, so the
 * slot advances two per iteration and sym_ring.c's sequence numbers (one slot per iteration) do
 * not fit. With N even and a even, K only ever uses the even slots and V the odd ones. Each
 * barrier slot and each buffer slot is an object of its own (semantics.md §1: an mbarrier's
 * phase counts the arrivals on that barrier only), so the ring's conditions are the conditions
 * of its slots: when every event of the allocation provably keeps to one residue r mod m, the
 * events of residue r form a ring of n / m slots (sub-slot s is the allocation's slot m s + r)
 * that no other event touches, and each is used once per step there. With m = n (session 39:
 * a two-slot ring advanced twice per step, the FA kernels' O ring) every use keeps to one slot:
 * n one-slot rings, whose uses carry no index (as a one-slot barrier used without
 * memdesc_index, numbered per padded step by sym_pad.c label_unindexed).
 *
 * What is proved (Z3, under the event's loop range and predicate): idx mod m == r for every
 * firing, r read off a concrete iteration. An event whose slot is not a term (no index on a
 * ring of several slots, a havoc index) leaves its allocation whole. The events' slot terms
 * become the sub-slot (idx - r) / m; idx_alloc keeps the allocation's slot for the sequence
 * proofs, which state slot == (m * seq + r) mod (m * n) (the same linear term as the rollover
 * forms: no division reasoning, sym_pad_roll.c) and for the rounds, (m * seq + r) div (m * n)
 * (= seq div n). Messages name the allocation's slot (sym_ring_slot). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

#define SPLIT_MAX_N 64 /* largest ring split */

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}

/* One use of ring r: an event's slot (its ring) or a TMA load's destination (its buf_ring). */
typedef struct use {
  sym_event *e;
  bool buf;
  int64_t res; /* residue mod m, once known */
} use;

static Z3_ast *use_idx(use *u) { return u->buf ? &u->e->buf_idx : &u->e->idx; }

/* The slot of use u at iteration j of its loop (a guess, proved afterwards), or false. */
static bool slot_at(sym_ctx *c, use *u, int64_t j, int64_t *v) {
  Z3_ast idx = *use_idx(u);
  if (u->e->loop < 0) return sym_numeral(c, idx, v);
  return sym_numeral(c, sym_ring_guess(c, u->e->loop, idx, j), v);
}

/* idx mod m == res wherever u's event fires (Z3; constants directly). */
static bool residue_holds(sym_ctx *c, use *u, int64_t m) {
  Z3_ast idx = *use_idx(u);
  int64_t k;
  if (sym_numeral(c, idx, &k)) return ((k % m) + m) % m == u->res;
  Z3_ast wide = sym_resize(c, idx, sym_int_width(c, idx), true);
  Z3_ast bad = sym_not(c, sym_eq_int(c, sym_fmod(c, wide, m), sym_int(c, u->res), 0));
  Z3_ast q = sym_and2(c, sym_and2(c, sym_ev_range(c, u->e), u->e->pred), bad);
  return sym_sat(c, q) == Z3_L_FALSE;
}

/* The uses of ring r; false when one has no slot term (or a havoc one). */
static bool collect(sym_ctx *c, int r, use **out, uint32_t *n_out) {
  use *us = NULL;
  uint32_t n = 0;
  bool ok = true;
  for (uint32_t i = 0; i < c->n_evs && ok; i++) {
    sym_event *e = &c->evs[i];
    for (int b = 0; b < 2; b++) {
      if ((b ? e->buf_ring : e->ring) != r || (b && e->kind != SYM_EV_TMA_LOAD)) continue;
      Z3_ast idx = b ? e->buf_idx : e->idx;
      if (!idx || e->tainted) {
        ok = false;
        break;
      }
      us = ir_xrealloc(us, n + 1, sizeof *us);
      us[n++] = (use){.e = e, .buf = b};
    }
  }
  *out = us;
  *n_out = n;
  return ok && n > 0;
}

/* m for ring r's uses: the gcd of n and every loop use's step between iterations 0 and 1 (the
 * residues read at iteration 0); 1 when some slot is no numeral there. */
static int64_t pick_m(sym_ctx *c, use *us, uint32_t n, int64_t slots) {
  int64_t m = slots;
  bool moves = false;
  for (uint32_t k = 0; k < n; k++) {
    int64_t v0, v1;
    if (!slot_at(c, &us[k], 0, &v0)) return 1;
    if (us[k].e->loop >= 0 && !sym_numeral(c, *use_idx(&us[k]), &v1)) {
      if (!slot_at(c, &us[k], 1, &v1)) return 1;
      m = gcd64(m, ((v1 - v0) % slots + slots) % slots);
      moves = true;
    }
    us[k].res = v0;
  }
  /* m = slots: every use keeps to one slot (a two-slot ring advanced twice per step, the FA
   * kernels' O ring): m rings of one slot each */
  if (!moves || m <= 1 || m > slots || slots % m) return 1;
  for (uint32_t k = 0; k < n; k++) us[k].res = ((us[k].res % m) + m) % m;
  return m;
}

/* Ring r's allocation as m rings: r itself keeps residue 0, m - 1 new rings the others. */
static void split(sym_ctx *c, int r, int64_t m, use *us, uint32_t n) {
  assert(m > 1 && c->rings[r].n % m == 0 && !c->rings[r].split_m);
  int first = (int)c->n_rings;
  c->rings = ir_xrealloc(c->rings, c->n_rings + (uint32_t)m - 1, sizeof *c->rings);
  sym_ring *R = &c->rings[r];
  int64_t slots = R->n / m;
  int64_t *count = R->count;
  for (int64_t res = 0; res < m; res++) {
    sym_ring *S = res ? &c->rings[first + res - 1] : R;
    if (res) *S = *R;
    S->n = slots;
    S->split_m = m;
    S->split_r = res;
    S->count = ir_xcalloc((size_t)slots, sizeof *S->count);
    for (int64_t s = 0; s < slots; s++) S->count[s] = count ? count[m * s + res] : 0;
  }
  free(count);
  c->n_rings += (uint32_t)m - 1;
  for (uint32_t k = 0; k < n; k++) {
    use *u = &us[k];
    int ring = u->res ? first + (int)u->res - 1 : r;
    Z3_ast *idx = use_idx(u);
    unsigned w = sym_width(c, *idx);
    if (u->buf) {
      u->e->buf_ring = ring;
      u->e->buf_idx_alloc = *idx;
    } else {
      u->e->ring = ring;
      u->e->idx_alloc = *idx;
    }
    int64_t v;
    /* one slot per residue: the sub-ring's uses have no index (as a one-slot barrier used
     * without memdesc_index: sym_pad.c label_unindexed numbers their padded firings) */
    if (slots == 1)
      *idx = NULL;
    else
      *idx = sym_numeral(c, *idx, &v) ? sym_bv(c, (v - u->res) / m, w)
                                      : Z3_mk_bvsdiv(c->z, sym_sub(c, *idx, sym_bv(c, u->res, w)),
                                                     sym_bv(c, m, w));
  }
  if (sym_debug_on())
    fprintf(stderr, "sym: ring %s split into %lld rings of %lld slots (slot %lld * s + r)\n",
            R->name, (long long)m, (long long)slots, (long long)m);
}

void sym_ring_split(sym_ctx *c) {
  uint32_t nr = c->n_rings;
  for (uint32_t r = 0; r < nr; r++) {
    const sym_ring *R = &c->rings[r];
    /* a barrier allocated in a loop body is fresh per iteration (sym_ring_fresh.c) */
    if (R->n < 2 || R->n > SPLIT_MAX_N || R->split_m || !R->alloc || R->alloc->parent != c->entry)
      continue;
    use *us;
    uint32_t n;
    bool ok = collect(c, (int)r, &us, &n);
    int64_t m = ok ? pick_m(c, us, n, R->n) : 1;
    sym_debug_what(c, "split of ring %s", R->name);
    for (uint32_t k = 0; k < n && m > 1; k++)
      if (!residue_holds(c, &us[k], m)) m = 1;
    if (m > 1) split(c, (int)r, m, us, n);
    free(us);
  }
}
