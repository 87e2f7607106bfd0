/* vf_por_int.h: the partial-order reduction's internals, shared by vf_por.c (lookaheads,
 * dependencies, the closure) and vf_gates.c (the gates: how far each agent outside a set runs
 * without it). Not an interface for other modules (vf_por.h is). See docs/verifier.md §4.
 * Ownership: nothing here allocates; the memo tables and gate scratch live in the reducer's
 * own state (vf_por.c), which vf_gates.c borrows for one call. */
#ifndef TLXV_VF_POR_INT_H
#define TLXV_VF_POR_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "vf_por.h"

enum {
  LOOK = 16, MAX_UF = 4,
  MEMO_TAB = 1 << 16,          /* lookahead memo: table slots (at most half used) ... */
  MEMO_POOL = 1 << 18,         /* ... and effects stored; when either is full the memo starts
                                  over (bounded memory; the DFS revisits mostly recent local
                                  states) */
};

/* Summary of op k of a lookahead L (beside it in the pool): sig = the barriers L[0..k] arrive
 * on (arrival_mask); fpb = fp_bloom of L[k]'s footprints; memb = fp_bloom of the footprints of
 * the memory accesses among L[0..k]. */
typedef struct op_sum {
  uint64_t sig, fpb, memb;
} op_sum;

typedef struct memo_ent {
  uint64_t key;                /* 0: empty */
  uint32_t off;                /* into pool */
  uint16_t n;
  uint8_t end;                 /* 0: the agent ends after these effects; 1: cut */
  uint16_t txpos;              /* bit k: effect k signals transaction bytes (op_sums) */
  uint16_t waits;              /* bit k: effect k waits on a barrier (wait_mask) */
  uint16_t issue, fence;       /* bit k: effect k issues an async op / is a fence or release
                                  (proxy_dep holds only between the two: proxy_mask) */
} memo_ent;

struct vf_por {
  sim_machine *m;
  memo_ent *tab;
  uint32_t cap, used;
  sim_eff *pool;
  op_sum *pool_sig;            /* beside pool: op_sums of each lookahead (op_sums) */
  uint32_t n_pool, cap_pool;
  sim_eff scratch[LOOK];
  sim_eff *uncached;           /* [SIM_MAX_AGENTS][LOOK]: lookaheads when the memo is full */
  op_sum *uncached_sig;        /* [SIM_MAX_AGENTS][LOOK]: their op_sums */
  uint16_t uncached_txpos[SIM_MAX_AGENTS];
  /* Memo of dep(L[r][0], L[b][k]) across states: the first k at which lookahead b depends on
   * the current op of lookahead r (both named by their offsets in the pool), n of b when none.
   * dm[i] = key + 1 (bits 0..47: off_r << 20 | off_b) | first << 48; 0 empty. Cleared when the
   * lookahead memo starts over (the offsets are reused). */
  uint64_t *dm;
  uint32_t dm_cap, dm_used;
  uint64_t n_bars;             /* barriers (all CTAs) */
  /* sim_cta_local: every agent's whole future touches only its own CTA's objects, the cluster
   * barrier and the global tensors gacc (gwr: those it may write), by allocation id mod 64
   * (cta_fut_dep) */
  bool ctaloc;
  uint64_t gacc, gwr;
};

/* The barriers effect e arrives on, as a mask of the barriers below 64: every barrier it
 * signals, except the first of a signal with transaction bytes (note_signal records its bytes,
 * gm_add too); sets *tx when it signals transaction bytes. */
static inline uint64_t arrival_mask(const sim_eff *e, bool *tx) {
  if (!(e->kind & SIM_E_SIGNAL)) return 0;
  bool t = (e->kind & SIM_E_TX) != 0;
  if (t) *tx = true;
  uint64_t mk = 0;
  const uint16_t bars[4] = {e->bar, e->bar2, e->xbar[0], e->xbar[1]};
  for (int k = t ? 1 : 0; k < 4; k++)
    if (bars[k] < 64) mk |= 1ull << bars[k];
  return mk;
}

/* Per-state view used by the closure. */
typedef struct pview {
  uint32_t na, ne;
  const sim_eff *L[SIM_MAX_AGENTS];   /* lookahead: L[a][0] is the current op */
  uint32_t nl[SIM_MAX_AGENTS];
  uint32_t off[SIM_MAX_AGENTS];       /* its offset in the pool; UINT32_MAX: not cached */
  uint16_t issue[SIM_MAX_AGENTS];     /* L[a]'s async issues, fences and releases (proxy_mask) */
  uint16_t fence[SIM_MAX_AGENTS];
  int end[SIM_MAX_AGENTS];
  /* Sets of actors as bit masks (bit a: agent a, bit j: event j): the closure's sets and the
   * loops over them take the members in increasing index order, as over arrays. */
  uint32_t live;                      /* agents with a current op */
  uint32_t en_a;                      /* enabled agents */
  sim_eff F[SIM_MAX_EVENTS];
  uint64_t en_e;                      /* enabled events */
  sim_fp uf[SIM_MAX_AGENTS][MAX_UF];  /* each agent's unfenced generic accesses now */
  uint8_t n_uf[SIM_MAX_AGENTS];
  uint64_t ufb[SIM_MAX_AGENTS];       /* fp_bloom of uf[a] */
  uint64_t ev_fpb[SIM_MAX_EVENTS];    /* fp_bloom of F[j]'s footprints */
  /* A wait that cannot pass now (the gate test of the closure): L[a][k] waits, on barrier
   * block[a][k], with a parity the barrier does not satisfy in this state; NOBLOCK otherwise.
   * Set once per state (the closure runs once per seed and round). */
  uint16_t block[SIM_MAX_AGENTS][LOOK];
  uint16_t bmask[SIM_MAX_AGENTS];     /* bit k: block[a][k] != NOBLOCK */
  /* The gates by bit masks (gm_add), when every barrier index is below 64:
   * S[a][k].sig = the barriers that L[a][0..k] arrive on (op_sums); txpos[a] bit k: L[a][k]
   * signals transaction bytes (on its first barrier); ev_sig / ev_tx the same for event j,
   * set when masks is MASKS_YES. The barriers' pending arrivals and tx-counts in this state,
   * asked once each (bit b of bc_have: bc_pending[b] / bc_tx[b] are set). */
  uint8_t masks;                       /* MASKS_* */
  const op_sum *S[SIM_MAX_AGENTS];    /* op_sums of L[a] */
  uint16_t txpos[SIM_MAX_AGENTS];
  bool txany;                         /* a live agent's lookahead or an event (ev_tx, once set)
                                         signals transaction bytes */
  uint64_t ev_sig[SIM_MAX_EVENTS];
  bool ev_tx[SIM_MAX_EVENTS];
  uint64_t bc_have;
  int32_t bc_pending[64], bc_tx[64];
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

/* What the free actors may signal, as gm_add collects it for the barriers below 64:
 * `can` bit b = vf_gates_may_change(b) of the scan (an arrival, or transaction bytes of which some
 * subset completes the phase); the bytes noted per barrier, the first 6 as note_signal keeps
 * them (ntx[b] / txb[b] are set for the barriers of txm only). can only grows. */
typedef struct gsig {
  uint64_t can;
  uint64_t txm;
  uint8_t ntx[64];
  uint32_t txb[64][6];
} gsig;

/* A least fixpoint of the gates by bit masks (gm_add), when pview.masks holds (every barrier
 * below 64): the free actors (free_a: live agents outside the set; free_e: events outside it),
 * how far each free agent runs (gate[a]: L[a][0..gate) run without the set; its gate is the
 * first wait that blocks now and on whose barrier nothing free may change the phase) and what
 * they may change (g.can bit b = vf_gates_may_change(b) of the scan). `stuck` holds (at least) the
 * barriers of the waits the free agents stopped at. The fixpoint grows with the free set and
 * does not depend on the order of the visits, so adding actors to a fixpoint of a smaller free
 * set gives the fixpoint computed from nothing (the seeds share one, gseeds). */
typedef struct gfix {
  uint32_t free_a;
  uint64_t free_e;
  uint64_t stuck;
  uint8_t gate[SIM_MAX_AGENTS];       /* free agents only */
  gsig g;
} gfix;
_Static_assert(LOOK <= 255, "lookahead positions fit in a byte");

/* Free agent b runs off its lookahead (an unknown future) with gate g: it reached the
 * lookahead's end and the lookahead was cut. */
static inline bool gate_inf(const pview *v, uint32_t b, uint32_t g) {
  return g == v->nl[b] && v->end[b] != 0;
}

/* The first round's gates of the seeds, shared. The closure of seed x starts from the set {x},
 * so its first gates are the least fixpoint of every actor but x. gseeds computes the fixpoint
 * of every actor (`all`) once per state, recording how each agent got there: its visits that
 * moved it, in order (a step: from L[a][k0] on, passing blocking waits on the barriers `need`
 * that its own earlier arrivals do not release, then having signalled `add`). vf_gates_seed
 * replays the steps without x, as a fixpoint of its own: an agent takes its next step once the
 * events and the steps taken so far (x's excluded) signal its `need`. Every step taken is
 * justified without x, so the replay stays below the least fixpoint without x; an agent that
 * took all its steps stands where `all` left it, at a wait that even `all` cannot release (or
 * its lookahead's end); an agent left before a step runs on from that step's k0 (gm_run), which
 * reaches exactly the least fixpoint. In most states every agent takes all its steps (what x
 * signals, others signal too, or nobody needs it) and a seed costs a few mask tests instead of
 * a fixpoint. Only when no live agent and no event signals transaction bytes (their notes are
 * more than a mask); otherwise every closure computes its gates (vf_gates_compute). */
enum { GS_NONE, GS_YES, GS_NO, GS_STEPS = 64, GS_END = 0xff };
typedef struct gstep {
  uint8_t a, k0, next;                /* next: a's next step, GS_END after its last */
  uint64_t need, add;
} gstep;
typedef struct gseeds {
  uint8_t state;                      /* GS_NONE / GS_YES / GS_NO: not set yet, set, unusable */
  uint32_t n;
  gstep step[GS_STEPS];               /* all's visits that moved an agent */
  uint8_t head[SIM_MAX_AGENTS], tail[SIM_MAX_AGENTS]; /* each agent's first / last step */
  uint32_t moved;                     /* the agents with a step */
  gfix all;                           /* every live agent and every event free */
  uint64_t evx[SIM_MAX_EVENTS];       /* the events' arrivals without event j's */
  uint64_t ev;                        /* ... all of them */
} gseeds;
_Static_assert(GS_STEPS < GS_END, "step indices fit below GS_END");

/* The gates of the set (inA, inE) into f, by bit masks where they apply (then true: f->gate
 * and f->g.can); otherwise by the scan (false: f->gate, and arr, ntx, txb for
 * vf_gates_may_change). */
bool vf_gates_compute(const vf_por *p, const void *st, pview *v, uint32_t inA, uint64_t inE, uint8_t *arr,
                      uint8_t *ntx, uint32_t (*txb)[6], gfix *f);
/* The first gates of seed x (agent bit xA or event bit xE): the fixpoint of every actor but x,
 * shared by the state's seeds through gs (state GS_NONE before the first seed); false when
 * gs does not apply (transaction bytes, or more than 64 barriers: vf_gates_compute then). */
bool vf_gates_seed(const vf_por *p, const void *st, pview *v, gseeds *gs, uint32_t xA, uint64_t xE,
                   gfix *out);
/* Can the phase of barrier b complete with only the free signals noted by the scan? */
bool vf_gates_may_change(const sim_machine *m, const void *st, uint32_t b, const uint8_t *arr,
                         const uint8_t *ntx, uint32_t (*txb)[6]);

#endif
