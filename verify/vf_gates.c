/* vf_gates.c: the partial-order reduction's gates (docs/verifier.md §4 item 3): for a set of
 * transitions, how far each agent outside it runs in its lookahead before a wait that nothing
 * outside the set can release, and which barriers the actors outside it may still change. A
 * least fixpoint, by bit masks when every barrier is below 64 (gm_add), by scanning the
 * lookaheads otherwise (gates_by_scan); the seeds of a state share their first gates
 * (vf_gates_seed). The closure that uses them is vf_por.c's. */
#include <assert.h>
#include <string.h>

#include "vf_por_int.h"

/* Records what effect e signals on its barriers; returns true when something was added. */
static bool note_signal(const sim_eff *e, uint8_t *arr, uint8_t *ntx, uint32_t (*txb)[6], uint32_t nb) {
  if (!(e->kind & SIM_E_SIGNAL)) return false;
  bool added = false;
  const uint16_t bars[4] = {e->bar, e->bar2, e->xbar[0], e->xbar[1]};
  for (int k = 0; k < 4; k++) {
    uint16_t b = bars[k];
    if (b >= nb) continue;
    if ((e->kind & SIM_E_TX) && k == 0 && ntx[b] < 6) {
      txb[b][ntx[b]++] = e->bytes;
      added = true;
    } else if (!arr[b]) {
      arr[b] = 1;
      added = true;
    }
  }
  return added;
}

/* Can the phase of barrier b complete with only these free signals? Arrivals: assume yes;
 * bytes alone: only when no arrival is pending and some subset of them equals the tx-count. */
bool vf_gates_may_change(const sim_machine *m, const void *st, uint32_t b, const uint8_t *arr,
                       const uint8_t *ntx, uint32_t (*txb)[6]) {
  if (arr[b] || ntx[b] >= 6) return arr[b] || ntx[b] > 0;
  if (!ntx[b]) return false;
  int32_t pending, tx;
  sim_bar_counts(m, st, b, &pending, &tx);
  if (pending > 0) return false;
  for (uint32_t mask = 1; mask < (1u << ntx[b]); mask++) {
    int64_t sum = 0;
    for (uint32_t k = 0; k < ntx[b]; k++)
      if (mask >> k & 1) sum += txb[b][k];
    if (sum == tx) return true;
  }
  return false;
}

/* Notes transaction bytes on barrier b (note_signal's first barrier of a signal with bytes)
 * and sets can's bit b when vf_gates_may_change would now say yes: the subsets without the new bytes
 * were tried when they were noted (or can was already set), so only those with it are. */
static void note_bytes(const sim_machine *m, const void *st, pview *v, gsig *g, uint32_t nb, uint32_t b,
                       uint32_t bytes) {
  if (b >= nb) return;
  uint64_t bit = 1ull << b;
  if (!(g->txm & bit)) {
    g->txm |= bit;
    g->ntx[b] = 0;
  }
  if (g->ntx[b] >= 6) { /* note_signal: an arrival then; vf_gates_may_change: yes */
    g->can |= bit;
    return;
  }
  uint32_t n = g->ntx[b];
  g->txb[b][g->ntx[b]++] = bytes;
  if (g->can & bit) return;
  if (g->ntx[b] >= 6) {
    g->can |= bit;
    return;
  }
  if (!(v->bc_have & bit)) {
    sim_bar_counts(m, st, b, &v->bc_pending[b], &v->bc_tx[b]);
    v->bc_have |= bit;
  }
  if (v->bc_pending[b] > 0) return;
  for (uint32_t mask = 0; mask < (1u << n); mask++) {
    int64_t sum = bytes;
    for (uint32_t k = 0; k < n; k++)
      if (mask >> k & 1) sum += g->txb[b][k];
    if (sum == v->bc_tx[b]) {
      g->can |= bit;
      return;
    }
  }
}

static void gfix_empty(gfix *f) {
  f->free_a = 0;
  f->free_e = 0;
  f->stuck = 0;
  f->g.can = 0;
  f->g.txm = 0;
  memset(f->gate, 0, sizeof f->gate); /* an agent joins the free ones once, at its gate 0 */
}

/* Once per state, when a closure first needs mask gates: the events' arrival masks. */
static void gm_setup_events(pview *v) {
  for (uint32_t j = 0; j < v->ne; j++) {
    v->ev_tx[j] = false;
    v->ev_sig[j] = arrival_mask(&v->F[j], &v->ev_tx[j]);
    v->txany |= v->ev_tx[j];
  }
  v->bc_have = 0;
  v->masks = MASKS_YES;
}
static inline void gm_setup(pview *v) {
  if (v->masks == MASKS_LATER) gm_setup_events(v);
}

static void gm_run(const vf_por *p, const void *st, pview *v, gfix *f, uint32_t todo);
static void gm_run_rec(const vf_por *p, const void *st, pview *v, gfix *f, uint32_t todo, gseeds *rec);
static void gs_record(gseeds *gs, uint32_t a, uint32_t k0, uint64_t need, uint64_t add);

/* Adds the live agents addA and the events addE (none of them free yet) to the free actors of
 * fixpoint f and runs it to the least fixpoint of the larger free set. Arrivals are ORed in by
 * prefix masks (S), transaction bytes noted one by one (txpos, note_bytes). */
static void gm_add(const vf_por *p, const void *st, pview *v, gfix *f, uint32_t addA, uint64_t addE,
                   gseeds *rec) {
  const sim_machine *m = p->m;
  uint32_t nb = (uint32_t)p->n_bars;
  assert(nb <= 64 && v->masks == MASKS_YES && !(f->free_a & addA) && !(f->free_e & addE));
  uint64_t can0 = f->g.can;
  for (uint64_t w = addE; w; w &= w - 1) {
    uint32_t j = (uint32_t)__builtin_ctzll(w);
    f->g.can |= v->ev_sig[j];
    if (v->ev_tx[j]) note_bytes(m, st, v, &f->g, nb, v->F[j].bar, v->F[j].bytes);
  }
  f->free_e |= addE;
  uint32_t todo = addA;
  /* the free agents stopped at a wait whose barrier the new events may change */
  if (f->g.can & ~can0 & f->stuck)
    for (uint32_t w = f->free_a; w; w &= w - 1) {
      uint32_t b = (uint32_t)__builtin_ctz(w);
      if (f->gate[b] < v->nl[b] && (f->g.can >> v->block[b][f->gate[b]] & 1)) todo |= 1u << b;
    }
  f->free_a |= addA;
  if (rec) gm_run_rec(p, st, v, f, todo, rec);
  else gm_run(p, st, v, f, todo);
}

/* Runs fixpoint f to the least fixpoint: visits the free agents of todo, and again those
 * stopped at a wait whose barrier joins `can` meanwhile. Every free agent outside todo is
 * stopped at a wait whose barrier is not in can, or at its lookahead's end. */
static inline __attribute__((always_inline)) void gm_run_(const vf_por *p, const void *st, pview *v, gfix *f,
                                                          uint32_t todo, gseeds *rec) {
  const sim_machine *m = p->m;
  uint32_t nb = (uint32_t)p->n_bars;
  /* An agent stopped at a wait on barrier B can move on only once B joins `can`, so only those
   * agents are visited again (`todo`). */
  while (todo) {
    uint32_t a = (uint32_t)__builtin_ctz(todo);
    todo &= todo - 1;
    const op_sum *S = v->S[a];
    const uint32_t nl = v->nl[a];
    const uint64_t before = f->g.can;
    uint32_t k = f->gate[a];                        /* L[a][0..k) are noted */
    uint32_t bm = (uint32_t)v->bmask[a] >> k << k;  /* blocking waits from the gate on */
    uint32_t tp = (uint32_t)v->txpos[a] >> k << k;  /* byte signals from the gate on */
    if (!tp) { /* arrivals only: the first blocking wait that nothing may release */
      uint64_t need = 0; /* what the waits passed need from others (rec) */
      for (; bm; bm &= bm - 1) {
        uint32_t q = (uint32_t)__builtin_ctz(bm);
        uint64_t own = q ? S[q - 1].sig : 0;
        if (!((f->g.can | own) >> v->block[a][q] & 1)) break;
        if (rec && !(own >> v->block[a][q] & 1)) need |= 1ull << v->block[a][q];
      }
      k = bm ? (uint32_t)__builtin_ctz(bm) : nl;
      if (rec && k > f->gate[a]) gs_record(rec, a, f->gate[a], need, S[k - 1].sig);
      if (k) f->g.can |= S[k - 1].sig;
    } else for (;;) {
      uint32_t q = bm ? (uint32_t)__builtin_ctz(bm) : nl;
      if (q > k) { /* note L[a][k..q) */
        f->g.can |= S[q - 1].sig;
        for (; tp && (uint32_t)__builtin_ctz(tp) < q; tp &= tp - 1) {
          const sim_eff *e = &v->L[a][__builtin_ctz(tp)];
          note_bytes(m, st, v, &f->g, nb, e->bar, e->bytes);
        }
        k = q;
      }
      if (q == nl || !(f->g.can >> v->block[a][q] & 1)) break;
      bm &= bm - 1;
    }
    f->gate[a] = (uint8_t)k;
    if (k < nl) f->stuck |= 1ull << v->block[a][k];
    uint64_t add = f->g.can & ~before;
    if (!(add & f->stuck)) continue;
    /* the agents stopped at a wait whose barrier just joined `can` */
    for (uint32_t w = f->free_a & ~todo & ~(1u << a); w; w &= w - 1) {
      uint32_t b = (uint32_t)__builtin_ctz(w);
      if (f->gate[b] < v->nl[b] && (add >> v->block[b][f->gate[b]] & 1)) todo |= 1u << b;
    }
  }
}

static void gm_run(const vf_por *p, const void *st, pview *v, gfix *f, uint32_t todo) {
  gm_run_(p, st, v, f, todo, NULL);
}

/* gm_run recording the visits that move an agent (arrivals only) into rec (gseeds). */
static void gm_run_rec(const vf_por *p, const void *st, pview *v, gfix *f, uint32_t todo, gseeds *rec) {
  gm_run_(p, st, v, f, todo, rec);
}

static uint64_t all_events(const pview *v) { return v->ne < 64 ? (1ull << v->ne) - 1 : ~0ull; }

/* The gates of the free agents (not in inA) by scanning their lookaheads: how far each one
 * runs without the set (gate; it runs off its lookahead, an unknown future, when its gate is
 * the lookahead's end and the lookahead was cut: gate_inf), and what free actors may signal
 * meanwhile (arr, ntx, txb: note_signal). */
static void gates_by_scan(const vf_por *p, const void *st, const pview *v, uint32_t inA,
                          uint64_t inE, uint8_t *arr, uint8_t *ntx, uint32_t (*txb)[6],
                          uint8_t *gate) {
  const sim_machine *m = p->m;
  uint32_t nb = p->n_bars < 1024 ? (uint32_t)p->n_bars : 1024;
  memset(arr, 0, nb);
  memset(ntx, 0, nb);
  for (uint32_t j = 0; j < v->ne; j++)
    if (!(inE >> j & 1)) note_signal(&v->F[j], arr, ntx, txb, nb);
  uint32_t free_a = v->live & ~inA; /* the free live agents */
  for (uint32_t a = 0; a < v->na; a++) gate[a] = 0;
  /* The least fixpoint (what may change only grows with what is noted, so the order of the
   * visits does not matter; past 6 byte counts on a barrier it may change anyway): an agent
   * stopped at a wait is visited again only when something was noted since and its wait's
   * barrier may now change (`todo`). */
  uint32_t todo = free_a;
  while (todo) {
    uint32_t a = (uint32_t)__builtin_ctz(todo);
    todo &= todo - 1;
    uint32_t k = gate[a];
    bool added = false;
    for (; k < v->nl[a]; k++) {
      const sim_eff *e = &v->L[a][k];
      /* a wait on a barrier whose phase cannot change without the set keeps its current
       * outcome on every path that avoids the set: if it does not pass now, stop here */
      if (v->block[a][k] != NOBLOCK && !vf_gates_may_change(m, st, v->block[a][k], arr, ntx, txb)) break;
      added |= note_signal(e, arr, ntx, txb, nb);
    }
    gate[a] = (uint8_t)k;
    if (!added) continue;
    for (uint32_t w = free_a & ~todo & ~(1u << a); w; w &= w - 1) {
      uint32_t b = (uint32_t)__builtin_ctz(w);
      if (gate[b] < v->nl[b] && vf_gates_may_change(m, st, v->block[b][gate[b]], arr, ntx, txb))
        todo |= 1u << b;
    }
  }
}

#ifdef TLXV_SELFCHECK
/* Asserts that the mask gates (gate, can) of the set (inA, inE) are the scan's. */
static void gates_check(const vf_por *p, const void *st, const pview *v, uint32_t inA, uint64_t inE,
                        const uint8_t *gate, uint64_t can) {
  uint32_t nb = p->n_bars < 1024 ? (uint32_t)p->n_bars : 1024;
  uint8_t arr2[64], ntx2[64], gate2[SIM_MAX_AGENTS];
  uint32_t txb2[64][6];
  gates_by_scan(p, st, v, inA, inE, arr2, ntx2, txb2, gate2);
  for (uint32_t b = 0; b < nb; b++)
    assert(vf_gates_may_change(p->m, st, b, arr2, ntx2, txb2) == (can >> b & 1));
  for (uint32_t a = 0; a < v->na; a++) assert((inA >> a & 1) || !(v->live >> a & 1) || gate[a] == gate2[a]);
}
#endif

/* The gates of the set (inA, inE) into f: by bit masks where they apply (then true: f->gate
 * and f->g.can, vf_gates_may_change(b) being bit b of can); otherwise by the scan (false: f->gate, and
 * arr, ntx, txb for vf_gates_may_change). A Debug build (TLXV_SELFCHECK) computes the mask gates both
 * ways and asserts that they agree. */
bool vf_gates_compute(const vf_por *p, const void *st, pview *v, uint32_t inA, uint64_t inE,
                          uint8_t *arr, uint8_t *ntx, uint32_t (*txb)[6], gfix *f) {
  if (v->masks == MASKS_NO) {
    gates_by_scan(p, st, v, inA, inE, arr, ntx, txb, f->gate);
    return false;
  }
  gm_setup(v);
  gfix_empty(f);
  gm_add(p, st, v, f, v->live & ~inA, ~inE & all_events(v), NULL);
#ifdef TLXV_SELFCHECK
  gates_check(p, st, v, inA, inE, f->gate, f->g.can);
#endif
  return true;
}

/* Records a visit of gs_init's fixpoint that moved agent a from k0 (gm_run_rec). */
static void gs_record(gseeds *gs, uint32_t a, uint32_t k0, uint64_t need, uint64_t add) {
  if (gs->n == GS_STEPS) {
    gs->state = GS_NO;
    return;
  }
  uint32_t i = gs->n++;
  gs->step[i] = (gstep){.a = (uint8_t)a, .k0 = (uint8_t)k0, .next = GS_END, .need = need, .add = add};
  if (gs->moved >> a & 1) gs->step[gs->tail[a]].next = (uint8_t)i;
  else gs->head[a] = (uint8_t)i;
  gs->tail[a] = (uint8_t)i;
  gs->moved |= 1u << a;
}

static void gs_init(const vf_por *p, const void *st, pview *v, gseeds *gs) {
  gs->state = GS_NO;
  gm_setup(v);
  if (v->txany) return;
  gs->state = GS_YES;
  gs->n = 0;
  gs->moved = 0;
  gfix_empty(&gs->all);
  gm_add(p, st, v, &gs->all, v->live, all_events(v), gs);
  uint64_t pe = 0, se = 0; /* evx by prefixes and suffixes */
  for (uint32_t j = 0; j < v->ne; j++) {
    gs->evx[j] = pe;
    pe |= v->ev_sig[j];
  }
  for (uint32_t j = v->ne; j-- > 0;) {
    gs->evx[j] |= se;
    se |= v->ev_sig[j];
  }
  gs->ev = pe;
}

/* The fixpoint of every actor but seed x (agent bit xA or event bit xE, one of them set) into
 * out; false when gseeds is not usable in this state. */
bool vf_gates_seed(const vf_por *p, const void *st, pview *v, gseeds *gs, uint32_t xA, uint64_t xE,
                       gfix *out) {
  if (gs->state == GS_NONE) gs_init(p, st, v, gs);
  if (gs->state == GS_NO) return false;
  out->free_a = v->live & ~xA;
  out->free_e = all_events(v) & ~xE;
  out->g.txm = 0;
  memcpy(out->gate, gs->all.gate, sizeof out->gate);
  uint64_t can = xA ? gs->ev : gs->evx[__builtin_ctzll(xE)];
  /* the steps in all's order first; an agent whose step is not justified (yet) is left there
   * (cur: its next step), and those left take their steps as a fixpoint after */
  uint8_t cur[SIM_MAX_AGENTS];
  uint32_t stop = xA;
  for (uint32_t i = 0; i < gs->n; i++) {
    const gstep *t = &gs->step[i];
    if (stop >> t->a & 1) continue;
    if (t->need & ~can) {
      stop |= 1u << t->a;
      cur[t->a] = (uint8_t)i;
      continue;
    }
    can |= t->add;
  }
  uint32_t left = stop & ~xA;         /* the agents with steps left */
  for (bool took = true; took && left;) {
    took = false;
    for (uint32_t w = left; w; w &= w - 1) {
      uint32_t a = (uint32_t)__builtin_ctz(w);
      uint32_t i = cur[a];
      while (i != GS_END && !(gs->step[i].need & ~can)) {
        can |= gs->step[i].add;
        i = gs->step[i].next;
        took = true;
      }
      cur[a] = (uint8_t)i;
      if (i == GS_END) left &= ~(1u << a);
    }
  }
  out->g.can = can;
  out->stuck = gs->all.stuck;
  if (left) { /* they run on from the step they could not take */
    for (uint32_t w = left; w; w &= w - 1) {
      uint32_t a = (uint32_t)__builtin_ctz(w);
      out->gate[a] = gs->step[cur[a]].k0;
    }
    out->stuck = ~0ull;
    gm_run(p, st, v, out, left);
  }
#ifdef TLXV_SELFCHECK
  gates_check(p, st, v, xA, xE, out->gate, out->g.can);
#endif
  return true;
}

