/* vf_por.c: partial-order reduction: a persistent set of a state's enabled transitions,
 * built from a seed by closing over dependencies with what every other agent and every
 * in-flight async op may still do before a transition of the set runs (their "futures":
 * an agent's ops depend only on its own values, so its future is its lookahead, cut at the
 * first wait that nothing outside the set can release). See docs/verifier.md. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "vf_por.h"
#include "sim/sim_size.h"

enum {
  LOOK = 16, MAX_UF = 4,
  MEMO_TAB = 1 << 16,          /* lookahead memo: table slots (at most half used) ... */
  MEMO_POOL = 1 << 18,         /* ... and effects stored; when either is full the memo starts
                                  over (bounded memory; the DFS revisits mostly recent local
                                  states) */
};

typedef struct memo_ent {
  uint64_t key;                /* 0: empty */
  uint32_t off;                /* into pool */
  uint16_t n;
  uint8_t end;                 /* 0: the agent ends after these effects; 1: cut */
  uint8_t tx;                  /* one of them signals transaction bytes (arrival_masks) */
  uint16_t waits;              /* bit k: effect k waits on a barrier (wait_mask) */
} memo_ent;

struct vf_por {
  sim_machine *m;
  memo_ent *tab;
  uint32_t cap, used;
  sim_eff *pool;
  uint64_t *pool_sig;          /* beside pool: arrival_masks of each lookahead */
  uint32_t n_pool, cap_pool;
  sim_eff scratch[LOOK];
  sim_eff *uncached;           /* [SIM_MAX_AGENTS][LOOK]: lookaheads when the memo is full */
  uint64_t *uncached_sig;      /* [SIM_MAX_AGENTS][LOOK]: their arrival_masks */
  bool uncached_tx[SIM_MAX_AGENTS];
  uint64_t n_bars;             /* barriers (all CTAs) */
};

vf_por *vf_por_new(sim_machine *m) {
  vf_por *p = ir_xcalloc(1, sizeof *p);
  p->m = m;
  p->cap = 1u << 10; /* doubled at half load: a check makes a memo per run, most are small */
  p->tab = ir_xcalloc(p->cap, sizeof *p->tab);
  p->n_bars = sim_n_barriers(m);
  return p;
}

void vf_por_free(vf_por *p) {
  if (!p) return;
  free(p->uncached);
  free(p->uncached_sig);
  free(p->tab);
  free(p->pool);
  free(p->pool_sig);
  free(p);
}

/* The barriers effect e arrives on, as a mask of the barriers below 64 (note_signal without
 * transaction bytes); sets *tx when it signals transaction bytes. */
static uint64_t arrival_mask(const sim_eff *e, bool *tx) {
  if (!(e->kind & SIM_E_SIGNAL)) return 0;
  if (e->kind & SIM_E_TX) *tx = true;
  uint64_t mk = 0;
  const uint16_t bars[4] = {e->bar, e->bar2, e->xbar[0], e->xbar[1]};
  for (int k = 0; k < 4; k++)
    if (bars[k] < 64) mk |= 1ull << bars[k];
  return mk;
}

/* sig[k] = the barriers that L[0..k] arrive on (a lookahead's masks for gates_by_mask);
 * returns whether one of them signals transaction bytes. */
static bool arrival_masks(const sim_eff *L, uint32_t n, uint64_t *sig) {
  bool tx = false;
  uint64_t acc = 0;
  for (uint32_t k = 0; k < n; k++) sig[k] = acc |= arrival_mask(&L[k], &tx);
  return tx;
}

/* Bit k set: L[k] waits on a barrier the closure tracks (below 1024); only these can block
 * (pview.block), so a state asks the barriers about them alone. */
static uint16_t wait_mask(const vf_por *p, const sim_eff *L, uint32_t n) {
  _Static_assert(LOOK <= 16, "a lookahead's waits fit in 16 bits");
  uint16_t w = 0;
  for (uint32_t k = 0; k < n; k++)
    if ((L[k].kind & SIM_E_WAIT) && L[k].bar < p->n_bars && L[k].bar < 1024) w |= (uint16_t)(1u << k);
  return w;
}

/* The lookahead of agent a in st, memoized by the agent's local state: returns its offset in
 * the pool, or UINT32_MAX when it was not cached (then it is in p->uncached[a]). Pointers are
 * taken only after every agent's lookahead is known (the pool may move). */
static uint32_t lookahead(vf_por *p, const void *st, uint32_t a, uint32_t *n, int *end, bool *tx,
                          uint16_t *waits) {
  uint64_t key = sim_agent_local_hash(p->m, st, a) | 1;
  uint32_t i = (uint32_t)key & (p->cap - 1);
  while (p->tab[i].key) {
    if (p->tab[i].key == key) {
      *n = p->tab[i].n;
      *end = p->tab[i].end;
      *tx = p->tab[i].tx;
      *waits = p->tab[i].waits;
      return p->tab[i].off;
    }
    i = (i + 1) & (p->cap - 1);
  }
  int e;
  int k = sim_lookahead(p->m, st, a, p->scratch, LOOK, &e);
  *n = (uint32_t)k;
  *end = e;
  *waits = wait_mask(p, p->scratch, (uint32_t)k);
  if (p->used * 2 >= p->cap) {
    if (p->cap >= MEMO_TAB || p->n_pool + (uint32_t)k > MEMO_POOL) { /* full: no caching */
      if (!p->uncached) {
        p->uncached = ir_xmalloc((size_t)SIM_MAX_AGENTS * LOOK * sizeof *p->uncached, 1);
        p->uncached_sig = ir_xmalloc((size_t)SIM_MAX_AGENTS * LOOK * sizeof *p->uncached_sig, 1);
      }
      memcpy(p->uncached + (size_t)a * LOOK, p->scratch, (size_t)k * sizeof *p->scratch);
      p->uncached_tx[a] = arrival_masks(p->scratch, (uint32_t)k, p->uncached_sig + (size_t)a * LOOK);
      *tx = p->uncached_tx[a];
      return UINT32_MAX;
    }
    memo_ent *old = p->tab;
    uint32_t oc = p->cap;
    p->cap *= 2;
    p->tab = ir_xcalloc(p->cap, sizeof *p->tab);
    for (uint32_t j = 0; j < oc; j++)
      if (old[j].key) {
        uint32_t q = (uint32_t)old[j].key & (p->cap - 1);
        while (p->tab[q].key) q = (q + 1) & (p->cap - 1);
        p->tab[q] = old[j];
      }
    free(old);
    i = (uint32_t)key & (p->cap - 1);
    while (p->tab[i].key) i = (i + 1) & (p->cap - 1);
  }
  if (p->n_pool + (uint32_t)k > p->cap_pool) {
    p->cap_pool = p->cap_pool ? p->cap_pool * 2 : 4096;
    while (p->cap_pool < p->n_pool + (uint32_t)k) p->cap_pool *= 2;
    p->pool = ir_xrealloc(p->pool, p->cap_pool * sizeof *p->pool, 1);
    p->pool_sig = ir_xrealloc(p->pool_sig, p->cap_pool * sizeof *p->pool_sig, 1);
  }
  memcpy(p->pool + p->n_pool, p->scratch, (size_t)k * sizeof *p->pool);
  *tx = arrival_masks(p->scratch, (uint32_t)k, p->pool_sig + p->n_pool);
  p->tab[i] = (memo_ent){.key = key, .off = p->n_pool, .n = (uint16_t)k, .end = (uint8_t)e, .tx = *tx,
                          .waits = *waits};
  p->n_pool += (uint32_t)k;
  p->used++;
  return p->tab[i].off;
}

/* Per-state view used by the closure. */
typedef struct pview {
  uint32_t na, ne;
  const sim_eff *L[SIM_MAX_AGENTS];   /* lookahead: L[a][0] is the current op */
  uint32_t nl[SIM_MAX_AGENTS];
  int end[SIM_MAX_AGENTS];
  /* Sets of actors as bit masks (bit a: agent a, bit j: event j): the closure's sets and the
   * loops over them take the members in increasing index order, as over arrays. */
  uint32_t live;                      /* agents with a current op */
  uint32_t en_a;                      /* enabled agents */
  sim_eff F[SIM_MAX_EVENTS];
  uint64_t en_e;                      /* enabled events */
  sim_fp uf[SIM_MAX_AGENTS][MAX_UF];  /* each agent's unfenced generic accesses now */
  uint8_t n_uf[SIM_MAX_AGENTS];
  /* A wait that cannot pass now (the gate test of the closure): L[a][k] waits, on barrier
   * block[a][k], with a parity the barrier does not satisfy in this state; NOBLOCK otherwise.
   * Set once per state (the closure runs once per seed and round). */
  uint16_t block[SIM_MAX_AGENTS][LOOK];
  uint16_t bmask[SIM_MAX_AGENTS];     /* bit k: block[a][k] != NOBLOCK */
  /* The gates by bit masks (gates_by_mask), when every barrier index is below 64 and the
   * free actors signal arrivals only (no transaction bytes): S[a][k] = the barriers that
   * L[a][0..k] arrive on (arrival_masks); has_tx[a]: some op of L[a] signals transaction
   * bytes; ev_sig / ev_tx the same for event j, set when masks is MASKS_YES. */
  uint8_t masks;                       /* MASKS_* */
  const uint64_t *S[SIM_MAX_AGENTS];
  bool has_tx[SIM_MAX_AGENTS];
  uint64_t ev_sig[SIM_MAX_EVENTS];
  bool ev_tx[SIM_MAX_EVENTS];
  /* Memo of dependencies between the set's transitions and the futures of free agents,
   * which depend on neither the seed nor the round: row r is actor r's transition (agent
   * r's current op for r < na, event r - na after), column b agent b. fd[r][b] = FD_FOUND |
   * k: L[b][k] is the first op of b's lookahead that depends on it (dep / proxy_dep);
   * otherwise the number of leading ops of L[b] known not to (none depends below it). */
  uint8_t fd[SIM_MAX_TRANS][SIM_MAX_AGENTS];
  /* ee[r][j]: dep(actor r's transition, event j): 0 unknown, 1 no, 2 yes */
  uint8_t ee[SIM_MAX_TRANS][SIM_MAX_EVENTS];
} pview;

enum { NOBLOCK = 0xffff, FD_FOUND = 0x80 };
_Static_assert(SIM_MAX_AGENTS <= 32 && SIM_MAX_EVENTS <= 64, "actor sets fit in 32 / 64-bit masks");
enum { MASKS_NO, MASKS_LATER, MASKS_YES }; /* pview.masks: ... unusable, not set yet, set */
_Static_assert((int)LOOK < (int)FD_FOUND, "lookahead positions fit beside the found bit");

static bool fp_conflict(const sim_eff *a, const sim_eff *b) {
  for (uint32_t i = 0; i < a->n_fp; i++)
    for (uint32_t j = 0; j < b->n_fp; j++)
      if (((a->fp[i].flags | b->fp[j].flags) & SIM_FP_WRITE) && sim_fp_overlap(&a->fp[i], &b->fp[j])) return true;
  return false;
}

static bool touches(const sim_eff *e, uint16_t bar) { return sim_eff_touches(e, bar); }

static bool any_overlap(const sim_fp *f, uint32_t nf, const sim_eff *e) {
  for (uint32_t i = 0; i < nf; i++)
    for (uint32_t j = 0; j < e->n_fp; j++)
      if (sim_fp_overlap(&f[i], &e->fp[j])) return true;
  return false;
}

/* Proxy bookkeeping: a fence or release by agent x changes x's unfenced list, which an async
 * issue of another agent is checked against. prefix[0..np): x's ops between now and the fence
 * (its lookahead before it, whose generic accesses join the list); x's list now is v->uf[x]. */
static bool proxy_dep(const pview *v, const sim_eff *fence, const sim_eff *prefix, uint32_t np,
                      const sim_eff *issue) {
  if (!(fence->kind & (SIM_E_FENCE | SIM_E_PUBLISH)) || !(issue->kind & SIM_E_ISSUE)) return false;
  if (fence->agent == issue->agent) return false;
  if (any_overlap(v->uf[fence->agent], v->n_uf[fence->agent], issue)) return true;
  for (uint32_t k = 0; k < np; k++)
    if ((prefix[k].kind & SIM_E_MEM) && any_overlap(prefix[k].fp, prefix[k].n_fp, issue)) return true;
  return false;
}

/* Dependency of two effects of different actors (conservative: may say yes wrongly). The
 * proxy part needs where the effects sit (proxy_dep). A group wait and a completion of its own
 * agent's async op commute (a completion never disables a wait); enabling is handled by the
 * closure. */
/* Inlined: the closure asks it of most pairs, and most answers are a quick no. */
static inline __attribute__((always_inline)) bool dep(const sim_eff *a, const sim_eff *b) {
  if ((a->kind | b->kind) & SIM_E_GLOBAL) return true;
  uint16_t ka = a->kind, kb = b->kind;
  /* barriers: a signal against a wait or another signal on the same barrier */
  if ((ka & (SIM_E_SIGNAL | SIM_E_WAIT)) && (kb & (SIM_E_SIGNAL | SIM_E_WAIT)) &&
      ((ka | kb) & SIM_E_SIGNAL) && sim_eff_share_bar(a, b))
    return true;
  /* memory and async windows */
  if (fp_conflict(a, b)) return true;
  if ((ka & SIM_E_NAMED) && (kb & SIM_E_NAMED) && a->named == b->named && a->cta == b->cta) return true;
  if ((ka & SIM_E_CLUSTER) && (kb & SIM_E_CLUSTER)) return true;
  return false;
}

/* Two async completions that only share the barrier they signal (no conflicting window, no
 * other effect): arrive-on(1) twice is the same whichever comes first; complete_tx(a) and
 * complete_tx(b) give the same state in both orders unless one of them can complete the phase
 * on its own, i.e. unless the barrier waits only for bytes (pending 0) and its tx-count, after
 * any subset of the other free tx-completions on it, equals a or b. Free agents cannot change
 * the barrier before the set runs: their signals on it are dependent and join the set. */
static bool completions_commute(const sim_machine *m, const void *st, const pview *v, uint64_t inE,
                                const sim_eff *t, const sim_eff *u, uint32_t uj) {
  const uint16_t only = SIM_E_COMPLETE | SIM_E_GWAIT | SIM_E_SIGNAL | SIM_E_TX | SIM_E_ARRIVE1;
  if (!(t->kind & SIM_E_COMPLETE) || !(u->kind & SIM_E_COMPLETE)) return false;
  if ((t->kind & ~only) || (u->kind & ~only) || t->agent == u->agent || fp_conflict(t, u)) return false;
  if ((t->kind & SIM_E_ARRIVE1) && (u->kind & SIM_E_ARRIVE1)) return true;
  if (!(t->kind & SIM_E_TX) || !(u->kind & SIM_E_TX) || t->bar != u->bar || t->bar2 != 0xffff ||
      u->bar2 != 0xffff || t->xbar[0] != 0xffff || u->xbar[0] != 0xffff)
    return false;
  int32_t pending, tx;
  sim_bar_counts(m, st, t->bar, &pending, &tx);
  if (pending > 0) return true;
  /* the other free tx-completions on this barrier (at most 8 considered) */
  uint32_t other[8], no = 0;
  for (uint32_t j = 0; j < v->ne; j++) {
    if ((inE >> j & 1) || j == uj || !(v->F[j].kind & SIM_E_TX) || v->F[j].bar != t->bar) continue;
    if (&v->F[j] == t) continue;
    if (no == 8) return false;
    other[no++] = v->F[j].bytes;
  }
  for (uint32_t mask = 0; mask < (1u << no); mask++) {
    int64_t left = tx;
    for (uint32_t k = 0; k < no; k++)
      if (mask >> k & 1) left -= other[k];
    if (left == (int64_t)t->bytes || left == (int64_t)u->bytes) return false;
  }
  return true;
}

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
static bool may_change(const sim_machine *m, const void *st, uint32_t b, const uint8_t *arr,
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

static uint32_t enabled_in(const pview *v, uint32_t inA, uint64_t inE) {
  return (uint32_t)__builtin_popcount(inA & v->en_a) + (uint32_t)__builtin_popcountll(inE & v->en_e);
}

/* Does an op of agent b's lookahead before position `gate` depend on transition t, the
 * transition of actor r (pview.fd)? The same answer as testing L[b][0..gate) in order, each
 * pair tested at most once per state. */
static bool dep_before(pview *v, uint32_t r, const sim_eff *t, uint32_t b, uint32_t gate) {
  uint8_t f = v->fd[r][b];
  if (f & FD_FOUND) return (uint32_t)(f & ~FD_FOUND) < gate;
  for (uint32_t k = f; k < gate; k++) {
    const sim_eff *e = &v->L[b][k];
    if (dep(t, e) || proxy_dep(v, t, NULL, 0, e) || proxy_dep(v, e, v->L[b], k, t)) {
      v->fd[r][b] = (uint8_t)(FD_FOUND | k);
      return true;
    }
  }
  if (gate > f) v->fd[r][b] = (uint8_t)gate;
  return false;
}

/* dep(t, F[j]) for the transition t of actor r, memoized per state (pview.ee). */
static bool dep_event(pview *v, uint32_t r, const sim_eff *t, uint32_t j) {
  uint8_t *e = &v->ee[r][j];
  if (!*e) *e = dep(t, &v->F[j]) ? 2 : 1;
  return *e == 2;
}

/* Adds agent a / event j to the set; *nen counts the enabled transitions in it. */
static void join_agent(const pview *v, uint32_t *inA, uint32_t a, uint32_t *nen) {
  if (*inA >> a & 1) return;
  *inA |= 1u << a;
  *nen += v->en_a >> a & 1;
}
static void join_event(const pview *v, uint64_t *inE, uint32_t j, uint32_t *nen) {
  if (*inE >> j & 1) return;
  *inE |= 1ull << j;
  *nen += (uint32_t)(v->en_e >> j & 1);
}

/* The gates of the free agents (not in inA) as the scan in closure computes them, with bit
 * masks: the same fixpoint, when pview.masks holds and no free
 * actor signals transaction bytes (then may_change(b) is just "b is in the arrivals"). Fills
 * gate, inf and the arrivals as a mask (*in_out: bit b, barrier b); false when it does not
 * apply. */
static bool gates_by_mask(pview *v, uint32_t inA, uint64_t inE, uint64_t *in_out,
                          uint32_t *gate, bool *inf) {
  if (v->masks == MASKS_NO) return false;
  if (v->masks == MASKS_LATER) { /* once per state, when a closure first needs its gates */
    for (uint32_t j = 0; j < v->ne; j++) {
      v->ev_tx[j] = false;
      v->ev_sig[j] = arrival_mask(&v->F[j], &v->ev_tx[j]);
    }
    v->masks = MASKS_YES;
  }
  uint64_t in = 0;
  for (uint64_t w = ~inE & (v->ne < 64 ? (1ull << v->ne) - 1 : ~0ull); w; w &= w - 1) {
    uint32_t j = (uint32_t)__builtin_ctzll(w);
    if (v->ev_tx[j]) return false;
    in |= v->ev_sig[j];
  }
  uint32_t free_a = v->live & ~inA; /* the free live agents */
  for (uint32_t w = free_a; w; w &= w - 1) {
    uint32_t a = (uint32_t)__builtin_ctz(w);
    if (v->has_tx[a]) return false;
  }
  for (uint32_t a = 0; a < v->na; a++) gate[a] = 0;
  /* The least fixpoint of: each free agent runs to its gate, the first wait that blocks now
   * and on whose barrier nothing free arrives (`in`, plus the agent's own earlier arrivals);
   * what it arrives on before its gate joins `in`. An agent stopped at a wait on barrier B
   * can move on only once B joins `in`, so only those agents are visited again (`todo`).
   * The fixpoint does not depend on the order of the visits. */
  uint32_t todo = free_a;
  while (todo) {
    uint32_t a = (uint32_t)__builtin_ctz(todo);
    todo &= todo - 1;
    const uint64_t *S = v->S[a];
    uint32_t bm = (uint32_t)v->bmask[a] >> gate[a] << gate[a]; /* blocking waits from the gate on */
    for (; bm; bm &= bm - 1) {
      uint32_t q = (uint32_t)__builtin_ctz(bm);
      if (!((in | (q ? S[q - 1] : 0)) >> v->block[a][q] & 1)) break;
    }
    uint32_t k = bm ? (uint32_t)__builtin_ctz(bm) : v->nl[a];
    gate[a] = k;
    uint64_t own = k ? S[k - 1] : 0; /* what a arrives on before its gate */
    if (!(own & ~in)) continue;
    in |= own;
    /* the agents stopped at a wait whose barrier just joined `in` */
    for (uint32_t w = free_a & ~todo & ~(1u << a); w; w &= w - 1) {
      uint32_t b = (uint32_t)__builtin_ctz(w);
      if (gate[b] < v->nl[b] && (in >> v->block[b][gate[b]] & 1)) todo |= 1u << b;
    }
  }
  for (uint32_t w = free_a; w; w &= w - 1) {
    uint32_t a = (uint32_t)__builtin_ctz(w);
    inf[a] = gate[a] == v->nl[a] && v->end[a] != 0;
  }
  *in_out = in;
  return true;
}

/* The gates of the free agents (not in inA) by scanning their lookaheads: how far each one
 * runs without the set (gate, inf: then off its lookahead), and what free actors may signal
 * meanwhile (arr, ntx, txb: note_signal). */
static void gates_by_scan(const vf_por *p, const void *st, const pview *v, uint32_t inA,
                          uint64_t inE, uint8_t *arr, uint8_t *ntx, uint32_t (*txb)[6],
                          uint32_t *gate, bool *inf) {
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
      if (v->block[a][k] != NOBLOCK && !may_change(m, st, v->block[a][k], arr, ntx, txb)) break;
      added |= note_signal(e, arr, ntx, txb, nb);
    }
    gate[a] = k;
    if (!added) continue;
    for (uint32_t w = free_a & ~todo & ~(1u << a); w; w &= w - 1) {
      uint32_t b = (uint32_t)__builtin_ctz(w);
      if (gate[b] < v->nl[b] && may_change(m, st, v->block[b][gate[b]], arr, ntx, txb)) todo |= 1u << b;
    }
  }
  for (uint32_t w = free_a; w; w &= w - 1) {
    uint32_t a = (uint32_t)__builtin_ctz(w);
    inf[a] = gate[a] == v->nl[a] && v->end[a] != 0; /* ran off the lookahead: unknown future */
  }
}

/* The gates (gates_by_scan), by bit masks where they apply: then returns true with the free
 * arrivals in *in (arr, ntx and txb not set; may_change(b) is bit b of *in). A Debug build
 * (TLXV_SELFCHECK) computes them both ways and asserts that they agree. */
static bool compute_gates(const vf_por *p, const void *st, pview *v, uint32_t inA,
                          uint64_t inE, uint8_t *arr, uint8_t *ntx, uint32_t (*txb)[6],
                          uint32_t *gate, bool *inf, uint64_t *in) {
  if (!gates_by_mask(v, inA, inE, in, gate, inf)) {
    gates_by_scan(p, st, v, inA, inE, arr, ntx, txb, gate, inf);
    return false;
  }
#ifdef TLXV_SELFCHECK
  uint32_t nb = p->n_bars < 1024 ? (uint32_t)p->n_bars : 1024;
  uint8_t arr2[64], ntx2[64];
  uint32_t txb2[64][6], gate2[SIM_MAX_AGENTS];
  bool inf2[SIM_MAX_AGENTS];
  gates_by_scan(p, st, v, inA, inE, arr2, ntx2, txb2, gate2, inf2);
  for (uint32_t b = 0; b < nb; b++) assert(arr2[b] == (*in >> b & 1) && !ntx2[b]);
  for (uint32_t a = 0; a < v->na; a++)
    assert((inA >> a & 1) || !(v->live >> a & 1) || (gate[a] == gate2[a] && inf[a] == inf2[a]));
#endif
  return true;
}

/* Closure of a seed; fills inA / inE, returns the number of enabled transitions in the set.
 * The set only grows: once it holds `limit` enabled transitions (a smaller set is already
 * known) it stops, returning at least limit.
 * Each round tests only the members that no earlier round has tested (the same sets as
 * testing all of them every round): a test of a member against a free actor that said no
 * says no again later, because the set only grows, so the free actors only shrink, and with
 * them what they may signal, the gates (least fixpoints of fewer signals) and the runs off the
 * lookaheads (inf needs the gate at the lookahead's end); a yes joined the actor at once.
 * The same holds for a waiting member's enablers and an event's older events. */
static uint32_t closure(const vf_por *p, const void *st, pview *v, uint32_t *inA_io, uint64_t *inE_io,
                        uint32_t limit) {
  const sim_machine *m = p->m;
  /* Per barrier, what free actors (agents outside the set, running up to their gates, and
   * events outside the set) may still do to it: arrivals (`arr`), or transaction bytes
   * (`txb`); may() says whether that can complete its current phase. */
  uint8_t arr[1024], ntx[1024];
  uint32_t txb[1024][6];
  uint32_t gate[SIM_MAX_AGENTS];
  bool inf[SIM_MAX_AGENTS];
  uint32_t nb = p->n_bars < 1024 ? (uint32_t)p->n_bars : 1024;
  uint32_t inA = *inA_io;
  uint64_t inE = *inE_io;
  /* the seed: one transition, enabled (no popcount per closure) */
  uint32_t nen = (uint32_t)(inA & v->en_a ? 1 : 0) + (uint32_t)(inE & v->en_e ? 1 : 0);
#ifdef TLXV_SELFCHECK
  assert(nen == enabled_in(v, inA, inE));
#endif
  assert(nen < limit);
  /* the members each part of a round has tested (in an earlier round or earlier in this one) */
  uint32_t doneA = 0, waitedA = 0;
  uint64_t doneE = 0, olderE = 0;
  uint32_t ret = 0;
  for (int rounds = 0; rounds < 64; rounds++) {
    uint64_t in_mask = 0;
    bool masked = compute_gates(p, st, v, inA, inE, arr, ntx, txb, gate, inf, &in_mask);
    bool changed = false;
    /* transitions of the set against the futures of free actors (in index order: agents,
     * then events; a member that joins during the round at a higher index is tested in it) */
    for (uint32_t s = 0; s < v->na + v->ne; s++) {
      const sim_eff *t;
      if (s < v->na) {
        if (!((inA & v->live & ~doneA) >> s & 1)) continue;
        doneA |= 1u << s;
        t = &v->L[s][0];
      } else {
        if (!((inE & ~doneE) >> (s - v->na) & 1)) continue;
        doneE |= 1ull << (s - v->na);
        t = &v->F[s - v->na];
      }
      for (uint32_t w = v->live & ~inA; w; w &= w - 1) {
        uint32_t b = (uint32_t)__builtin_ctz(w);
        if (inf[b] || dep_before(v, s, t, b, gate[b])) {
          join_agent(v, &inA, b, &nen);
          changed = true;
          if (nen >= limit) goto stop; /* the set only grows: it cannot beat the best */
        }
      }
      for (uint32_t j = 0; j < v->ne; j++)
        if (!(inE >> j & 1) && dep_event(v, s, t, j) && !completions_commute(m, st, v, inE, t, &v->F[j], j)) {
          join_event(v, &inE, j, &nen);
          changed = true;
          if (nen >= limit) goto stop;
        }
    }
    /* members that cannot move now need what could enable them */
    for (uint32_t a = 0; a < v->na; a++) {
      if (!((inA & v->live & ~v->en_a & ~waitedA) >> a & 1)) continue;
      waitedA |= 1u << a;
      const sim_eff *t = &v->L[a][0];
      bool all = (t->kind & (SIM_E_GLOBAL | SIM_E_NAMED | SIM_E_CLUSTER)) != 0 || !(t->kind & (SIM_E_WAIT | SIM_E_GWAIT));
      bool open = !(t->kind & SIM_E_WAIT) || t->bar >= nb || (masked ? (in_mask >> t->bar & 1) != 0 : may_change(m, st, t->bar, arr, ntx, txb));
      for (uint32_t w = v->live & ~inA; w; w &= w - 1) {
        uint32_t b = (uint32_t)__builtin_ctz(w);
        bool d = all || inf[b];
        for (uint32_t k = 0; !d && open && k < gate[b]; k++)
          d = (t->kind & SIM_E_WAIT) && (v->L[b][k].kind & SIM_E_SIGNAL) && touches(&v->L[b][k], t->bar);
        if (d) {
          join_agent(v, &inA, b, &nen);
          changed = true;
          if (nen >= limit) goto stop; /* the set only grows: it cannot beat the best */
        }
      }
      for (uint32_t j = 0; j < v->ne; j++) {
        if (inE >> j & 1) continue;
        bool d = all || ((t->kind & SIM_E_WAIT) && open && touches(&v->F[j], t->bar)) ||
                 ((t->kind & SIM_E_GWAIT) && v->F[j].agent == a);
        if (d) {
          join_event(v, &inE, j, &nen);
          changed = true;
          if (nen >= limit) goto stop;
        }
      }
    }
    /* an event that must wait for older events of its issuer brings them along */
    for (uint32_t j = 0; j < v->ne; j++) {
      if (!((inE & ~v->en_e & ~olderE) >> j & 1)) continue;
      olderE |= 1ull << j;
      for (uint32_t i = 0; i < v->ne; i++)
        if (!(inE >> i & 1) && v->F[i].agent == v->F[j].agent) {
          join_event(v, &inE, i, &nen);
          changed = true;
          if (nen >= limit) goto stop;
        }
    }
    if (!changed) break;
    if (rounds == 63) {
      inA = v->na < 32 ? (1u << v->na) - 1 : ~0u;
      inE = v->ne < 64 ? (1ull << v->ne) - 1 : ~0ull;
      nen = enabled_in(v, inA, inE);
    }
  }
  /* join_agent / join_event kept the count (no popcount per closure) */
#ifdef TLXV_SELFCHECK
  assert(nen == enabled_in(v, inA, inE));
#endif
  ret = nen;
  *inA_io = inA;
  *inE_io = inE;
  return ret;
stop:
  *inA_io = inA;
  *inE_io = inE;
  return limit;
}

int vf_por_ample(vf_por *p, const void *st, const sim_trans *en, int n, sim_trans *out) {
  if (n <= 1) {
    memcpy(out, en, (size_t)n * sizeof *en);
    return n;
  }
  const sim_machine *m = p->m;
  /* a full memo starts over here, never while this state's lookaheads are being collected
   * (they are offsets into the pool) */
  if ((p->used * 2 >= p->cap && p->cap >= MEMO_TAB) ||
      p->n_pool + (uint32_t)SIM_MAX_AGENTS * LOOK > MEMO_POOL) {
    memset(p->tab, 0, p->cap * sizeof *p->tab);
    p->used = 0;
    p->n_pool = 0;
  }
  pview v;
  v.na = sim_n_agents(m);
  v.ne = sim_n_events(m, st);
  v.en_a = 0;
  v.en_e = 0;
  for (int k = 0; k < n; k++) {
    assert(en[k].kind == SIM_TR_AGENT ? en[k].who < v.na : en[k].who < v.ne);
    if (en[k].kind == SIM_TR_AGENT) v.en_a |= 1u << en[k].who;
    else v.en_e |= 1ull << en[k].who;
  }
  uint32_t offs[SIM_MAX_AGENTS];
  bool tx[SIM_MAX_AGENTS];
  uint16_t waits[SIM_MAX_AGENTS];
  v.live = 0;
  for (uint32_t a = 0; a < v.na; a++) {
    int s = sim_agent_status_of(m, st, a);
    v.nl[a] = 0;
    v.end[a] = 0;
    v.L[a] = NULL;
    v.n_uf[a] = 0;
    if (!(s == SIM_AG_RUN || s == SIM_AG_NBWAIT || s == SIM_AG_CLWAIT)) continue;
    offs[a] = lookahead(p, st, a, &v.nl[a], &v.end[a], &tx[a], &waits[a]);
    if (v.nl[a]) v.live |= 1u << a;
  }
  for (uint32_t w = v.live; w; w &= w - 1) {
    uint32_t a = (uint32_t)__builtin_ctz(w);
    v.L[a] = offs[a] == UINT32_MAX ? p->uncached + (size_t)a * LOOK : p->pool + offs[a];
    v.S[a] = offs[a] == UINT32_MAX ? p->uncached_sig + (size_t)a * LOOK : p->pool_sig + offs[a];
    v.has_tx[a] = tx[a];
    v.n_uf[a] = (uint8_t)sim_agent_unfenced(m, st, a, v.uf[a], MAX_UF);
  }
  for (uint32_t j = 0; j < v.ne; j++) sim_event_effect(m, st, j, &v.F[j]);
  /* the waits that do not pass now (only the lookaheads' waits are asked: wait_mask) */
  memset(v.block, 0xff, v.na * sizeof v.block[0]); /* NOBLOCK */
  for (uint32_t a = 0; a < v.na; a++) {
    v.bmask[a] = 0;
    if (!(v.live >> a & 1)) continue;
    for (uint32_t w = waits[a]; w; w &= w - 1) {
      uint32_t k = (uint32_t)__builtin_ctz(w);
      const sim_eff *e = &v.L[a][k];
      if (sim_bar_satisfied(m, st, e->bar, e->parity)) continue;
      v.block[a][k] = e->bar;
      v.bmask[a] |= (uint16_t)(1u << k);
    }
  }
  v.masks = p->n_bars <= 64 ? MASKS_LATER : MASKS_NO;
  /* the memos' rows of this state's actors, whole rows: two calls, not two per row */
  memset(v.fd, 0, (v.na + v.ne) * sizeof v.fd[0]);
  memset(v.ee, 0, (v.na + v.ne) * sizeof v.ee[0]);
  uint32_t bestA = 0;
  uint64_t bestE = 0;
  /* a set holding every enabled transition reduces nothing: a closure stops as soon as it
   * holds as many as the best set so far (closure's limit) */
  uint32_t best = (uint32_t)n;
  bool found = false;
  for (int k = 0; k < n && best > 1; k++) {
    uint32_t inA = 0;
    uint64_t inE = 0;
    if (en[k].kind == SIM_TR_AGENT) {
      if (!(v.live >> en[k].who & 1)) continue;
      inA = 1u << en[k].who;
    } else {
      inE = 1ull << en[k].who;
    }
    uint32_t c = closure(p, st, &v, &inA, &inE, best);
    if (c >= 1 && c < best) {
      best = c;
      found = true;
      bestA = inA;
      bestE = inE;
    }
  }
  if (!found) {
    memcpy(out, en, (size_t)n * sizeof *en);
    return n;
  }
  int o = 0;
  for (int k = 0; k < n; k++)
    if (en[k].kind == SIM_TR_AGENT ? (bestA >> en[k].who & 1) : (bestE >> en[k].who & 1)) out[o++] = en[k];
  /* the ample set is a nonempty subset of the enabled transitions (in their order) */
  assert(o >= 1 && o <= n);
  return o;
}
