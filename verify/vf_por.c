/* vf_por.c: partial-order reduction: a persistent set of a state's enabled transitions,
 * built from a seed by closing over dependencies with what every other agent and every
 * in-flight async op may still do before a transition of the set runs (their "futures":
 * an agent's ops depend only on its own values, so its future is its lookahead, cut at the
 * first wait that nothing outside the set can release: the gates, verify/vf_gates.c). See
 * docs/verifier.md §4. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "vf_por_int.h"
#include "sim/sim_size.h"

vf_por *vf_por_new(sim_machine *m) {
  vf_por *p = ir_xcalloc(1, sizeof *p);
  p->m = m;
  p->cap = 1u << 10; /* doubled at half load: a check makes a memo per run, most are small */
  p->tab = ir_xcalloc(p->cap, sizeof *p->tab);
  p->n_bars = sim_n_barriers(m);
  p->ctaloc = sim_cta_local(m, &p->gacc, &p->gwr);
  p->dm_cap = 1u << 10;
  p->dm = ir_xcalloc(p->dm_cap, sizeof *p->dm);
  return p;
}

void vf_por_free(vf_por *p) {
  if (!p) return;
  free(p->uncached);
  free(p->uncached_sig);
  free(p->tab);
  free(p->dm);
  free(p->pool);
  free(p->pool_sig);
  free(p);
}

/* A 64-bit filter of footprints: bit 63 for a global box, a bit of (allocation, CTA)
 * otherwise (none for allocation 0; a paired footprint, SIM_FP_PAIR, sets the bits of both CTAs
 * of its pair). Two footprints that overlap (sim_fp_overlap: both global, or the same
 * allocation and CTA) set a common bit, so disjoint filters rule out every overlap between two
 * lists of footprints. */
static inline uint64_t fp_bloom_bit(uint32_t alloc, uint32_t cta) {
  return 1ull << ((alloc << 8 | cta) * 0x9e3779b1u >> 26);
}
static uint64_t fp_bloom(const sim_fp *f, uint32_t n) {
  uint64_t b = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (f[i].flags & SIM_FP_GLOBAL) b |= 1ull << 63;
    else if (f[i].alloc) {
      b |= fp_bloom_bit(f[i].alloc, f[i].cta);
      if (f[i].flags & SIM_FP_PAIR) b |= fp_bloom_bit(f[i].alloc, f[i].cta ^ 1u);
    }
  }
  return b;
}

/* The op_sums of L[0..n) (a lookahead's masks for gm_add and the footprint filters of
 * the dependency tests); returns the positions of the ops that signal transaction bytes
 * (bit k). */
static uint16_t op_sums(const sim_eff *L, uint32_t n, op_sum *sum) {
  uint16_t txpos = 0;
  uint64_t acc = 0, mem = 0;
  for (uint32_t k = 0; k < n; k++) {
    bool tx = false;
    sum[k].sig = acc |= arrival_mask(&L[k], &tx);
    sum[k].fpb = fp_bloom(L[k].fp, L[k].n_fp);
    if (L[k].kind & SIM_E_MEM) mem |= sum[k].fpb;
    sum[k].memb = mem;
    if (tx) txpos |= (uint16_t)(1u << k);
  }
  return txpos;
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
/* Bit k set: L[k] has one of the kinds of `kinds` (proxy_dep holds only between an async
 * issue and a fence or release). */
static uint16_t proxy_mask(const sim_eff *L, uint32_t n, uint16_t kinds) {
  uint16_t w = 0;
  for (uint32_t k = 0; k < n; k++)
    if (L[k].kind & kinds) w |= (uint16_t)(1u << k);
  return w;
}

static uint32_t lookahead(vf_por *p, const void *st, uint32_t a, uint32_t *n, int *end,
                          uint16_t *txpos, uint16_t *waits, uint16_t *issue, uint16_t *fence) {
  /* The key is the agent's local state and whether async events are in flight: the lookahead
   * reads nothing else of the state but that, at the kernel's end (sim_exec.c run_pure,
   * SIM_I_END: with events in flight the agent stops before its exit, a global op; without, it
   * ends). Keyed by the local state alone, a lookahead cached without events in flight was
   * returned with events in flight, one op short (the exit), so the reduction could miss a
   * dependency of that exit (found in session 17 on tests/amd/.../cl-loop.ok). */
  uint64_t key = (sim_agent_local_hash(p->m, st, a) ^ (sim_n_events(p->m, st) ? 0x9e3779b97f4a7c15ull : 0)) | 1;
  uint32_t i = (uint32_t)key & (p->cap - 1);
  while (p->tab[i].key) {
    if (p->tab[i].key == key) {
#ifdef TLXV_SELFCHECK
      { /* the cached lookahead is the one the state gives (same length and end) */
        int e2;
        int k2 = sim_lookahead(p->m, st, a, p->scratch, LOOK, &e2);
        assert((uint32_t)k2 == p->tab[i].n && e2 == p->tab[i].end);
      }
#endif
      *n = p->tab[i].n;
      *end = p->tab[i].end;
      *txpos = p->tab[i].txpos;
      *waits = p->tab[i].waits;
      *issue = p->tab[i].issue;
      *fence = p->tab[i].fence;
      return p->tab[i].off;
    }
    i = (i + 1) & (p->cap - 1);
  }
  int e;
  int k = sim_lookahead(p->m, st, a, p->scratch, LOOK, &e);
  *n = (uint32_t)k;
  *end = e;
  *waits = wait_mask(p, p->scratch, (uint32_t)k);
  *issue = proxy_mask(p->scratch, (uint32_t)k, SIM_E_ISSUE);
  *fence = proxy_mask(p->scratch, (uint32_t)k, SIM_E_FENCE | SIM_E_PUBLISH);
  if (p->used * 2 >= p->cap) {
    if (p->cap >= MEMO_TAB || p->n_pool + (uint32_t)k > MEMO_POOL) { /* full: no caching */
      if (!p->uncached) {
        p->uncached = ir_xmalloc((size_t)SIM_MAX_AGENTS * LOOK * sizeof *p->uncached, 1);
        p->uncached_sig = ir_xmalloc((size_t)SIM_MAX_AGENTS * LOOK * sizeof *p->uncached_sig, 1);
      }
      memcpy(p->uncached + (size_t)a * LOOK, p->scratch, (size_t)k * sizeof *p->scratch);
      p->uncached_txpos[a] = op_sums(p->scratch, (uint32_t)k, p->uncached_sig + (size_t)a * LOOK);
      *txpos = p->uncached_txpos[a];
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
  *txpos = op_sums(p->scratch, (uint32_t)k, p->pool_sig + p->n_pool);
  p->tab[i] = (memo_ent){.key = key, .off = p->n_pool, .n = (uint16_t)k, .end = (uint8_t)e, .txpos = *txpos,
                          .waits = *waits, .issue = *issue, .fence = *fence};
  p->n_pool += (uint32_t)k;
  p->used++;
  return p->tab[i].off;
}

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
/* fp_may false: the footprint filters of a and b (fp_bloom) are disjoint, no footprint
 * conflict is possible (fp_conflict is skipped). */
static inline __attribute__((always_inline)) bool dep_f(const sim_eff *a, const sim_eff *b, bool fp_may) {
  if ((a->kind | b->kind) & SIM_E_GLOBAL) return true;
  uint16_t ka = a->kind, kb = b->kind;
  /* a CTA-scoped op (barrier init / inval, the CTA's exit) against anything: only what names its
   * CTA, or the cluster barrier (docs/verifier.md §4, "CTA-scoped effects") */
  if ((ka | kb) & SIM_E_CTA) return sim_eff_cta_dep(a, b);
  /* barriers: a signal against a wait or another signal on the same barrier */
  if ((ka & (SIM_E_SIGNAL | SIM_E_WAIT)) && (kb & (SIM_E_SIGNAL | SIM_E_WAIT)) &&
      ((ka | kb) & SIM_E_SIGNAL) && sim_eff_share_bar(a, b))
    return true;
  /* memory and async windows */
  if (fp_may && fp_conflict(a, b)) return true;
  if ((ka & SIM_E_NAMED) && (kb & SIM_E_NAMED) && a->named == b->named && a->cta == b->cta) return true;
  if ((ka & SIM_E_CLUSTER) && (kb & SIM_E_CLUSTER)) return true;
  return sim_eff_ufnote_dep(a, b); /* a cp.async completion against its issuer's fence */
}

static inline __attribute__((always_inline)) bool dep(const sim_eff *a, const sim_eff *b) {
  return dep_f(a, b, true);
}

/* proxy_dep(t, e) || proxy_dep(e, t) for e = L[b][q] and a transition t whose footprints
 * have the filter tfpb: proxy_dep is asked only where the kinds and the filters allow it
 * (the fence's unfenced list, and the prefix's accesses, against the issue's footprints). */
static inline __attribute__((always_inline)) bool proxy_dep_at(const pview *v, const sim_eff *t, uint64_t tfpb,
                                                                uint32_t b, uint32_t q) {
  const sim_eff *e = &v->L[b][q];
  const uint16_t fence = SIM_E_FENCE | SIM_E_PUBLISH;
  if ((t->kind & fence) && (e->kind & SIM_E_ISSUE) && (v->ufb[t->agent] & v->S[b][q].fpb) &&
      proxy_dep(v, t, NULL, 0, e))
    return true;
  if ((e->kind & fence) && (t->kind & SIM_E_ISSUE) &&
      ((v->ufb[e->agent] | (q ? v->S[b][q - 1].memb : 0)) & tfpb) && proxy_dep(v, e, v->L[b], q, t))
    return true;
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

static uint32_t enabled_in(const pview *v, uint32_t inA, uint64_t inE) {
  return (uint32_t)__builtin_popcount(inA & v->en_a) + (uint32_t)__builtin_popcountll(inE & v->en_e);
}

/* The first op of lookahead b (pool offset off_b, ops B[0..nb)) that depends (dep) on t, the
 * current op of lookahead r (pool offset off_r); nb when none. A function of the two
 * lookaheads, so memoized across states (vf_por.dm). */
static uint32_t first_dep(vf_por *p, uint32_t off_r, const sim_eff *t, uint32_t off_b, const sim_eff *B,
                          uint32_t nb) {
  const uint64_t tfpb = p->pool_sig[off_r].fpb;
  const op_sum *SB = p->pool_sig + off_b;
  _Static_assert(MEMO_POOL <= 1 << 20, "pool offsets fit in 20 bits");
  uint64_t key = ((uint64_t)off_r << 20 | off_b) + 1;
  uint32_t i = (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 40) & (p->dm_cap - 1);
  for (; p->dm[i]; i = (i + 1) & (p->dm_cap - 1))
    if ((p->dm[i] & ((1ull << 48) - 1)) == key) return (uint32_t)(p->dm[i] >> 48);
  uint32_t k = 0;
  while (k < nb && !dep_f(t, &B[k], (tfpb & SB[k].fpb) != 0)) k++;
  if (p->dm_used * 2 >= p->dm_cap) { /* grow to 1 M entries, then start over */
    uint64_t *old = p->dm;
    uint32_t oc = p->dm_cap;
    if (oc < (1u << 20)) p->dm_cap *= 2;
    p->dm = ir_xcalloc(p->dm_cap, sizeof *p->dm);
    p->dm_used = 0;
    for (uint32_t j = 0; j < oc && oc < p->dm_cap; j++)
      if (old[j]) {
        uint64_t kj = old[j] & ((1ull << 48) - 1);
        uint32_t q = (uint32_t)((kj * 0x9e3779b97f4a7c15ull) >> 40) & (p->dm_cap - 1);
        while (p->dm[q]) q = (q + 1) & (p->dm_cap - 1);
        p->dm[q] = old[j];
        p->dm_used++;
      }
    free(old);
    i = (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 40) & (p->dm_cap - 1);
    while (p->dm[i]) i = (i + 1) & (p->dm_cap - 1);
  }
  p->dm[i] = key | (uint64_t)k << 48;
  p->dm_used++;
  return k;
}

/* CTA-local futures (docs/verifier.md §4). Can anything an agent of CTA c does, from any state
 * on (its whole future, its async ops' completions included), depend on transition t? A bound
 * by the program (sim_cta_local): when every instruction touches only the objects of the
 * acting agent's CTA, the cluster barrier and the global tensors p->gacc, an effect e of such a
 * future names only c (e.ctas = bit c: its barriers, named barriers, shared / tensor memory,
 * agents, the CTA's exit), takes part in the cluster barrier, or accesses those tensors. dep_f
 * (and what its GLOBAL answers stand for: a late arrival, an MMA with more barriers than sim_eff
 * names, also touch only c's barriers and memory) then holds for (t, e) only when t is global,
 * names c (t.ctas bit c: the barrier / CTA-scoped / named / footprint / same-agent rules need a
 * common CTA, shared and tensor footprints overlap only within one CTA), is a cluster-barrier op,
 * or accesses a global tensor the future may write (or writes one it may access); proxy_dep
 * needs an overlap of footprints, so for different CTAs a global one: t an async issue or a fence
 * / release (of an agent whose unfenced list holds a global box) on a tensor the future may
 * access. So false here means: no op and no completion of c's future depends on t. Without the
 * bound (one CTA, or sim_cta_local false) it is always true: a future that runs off its lookahead
 * depends on everything. */
static bool cta_fut_dep(const vf_por *p, const pview *v, const sim_eff *t, uint32_t c) {
  if (!p->ctaloc || (t->kind & (SIM_E_GLOBAL | SIM_E_CLUSTER)) || (t->ctas >> c & 1)) return true;
  const bool proxy = (t->kind & (SIM_E_ISSUE | SIM_E_FENCE | SIM_E_PUBLISH)) != 0;
  for (uint32_t k = 0; k < t->n_fp; k++) {
    const sim_fp *f = &t->fp[k];
    if (!(f->flags & SIM_FP_GLOBAL) || !f->alloc) continue; /* no global overlap without one */
    uint64_t bit = 1ull << (f->alloc & 63);
    if ((p->gwr & bit) || (((f->flags & SIM_FP_WRITE) || proxy) && (p->gacc & bit))) return true;
  }
  if ((t->kind & (SIM_E_FENCE | SIM_E_PUBLISH)) && p->gacc &&
      (!(t->kind & SIM_E_COMPLETE) && t->agent < v->na ? (v->ufb[t->agent] >> 63 & 1) != 0 : true))
    return true;
  return false;
}

/* Can the future of an agent of CTA c (run off its lookahead) enable t, the op of a member that
 * cannot move (a barrier or group wait: global, named and cluster ops bring every actor anyway)?
 * With the bound of cta_fut_dep it signals only c's barriers, and a wait names the CTA of its
 * barrier (ctas); a group wait waits for its own agent's completions. */
static bool cta_fut_enab(const vf_por *p, const sim_eff *t, uint32_t c) {
  return !p->ctaloc || (t->ctas >> c & 1);
}

#ifdef TLXV_SELFCHECK
/* The bound of cta_fut_dep holds for effect e of the agents' futures (a lookahead's op, an
 * in-flight completion): it names only its own CTA, and its global footprints are among the
 * tensors the program may access (write). A global effect only as a completion (a late arrival,
 * tied commits past sim_eff's barriers: its own CTA's barriers still). */
static void cta_bound_check(const vf_por *p, const sim_eff *e) {
  if (!p->ctaloc) return;
  assert(!(e->kind & SIM_E_GLOBAL) || (e->kind & SIM_E_COMPLETE));
  assert(e->ctas == (uint16_t)(1u << e->cta));
  for (uint32_t k = 0; k < e->n_fp; k++) {
    const sim_fp *f = &e->fp[k];
    if (!(f->flags & SIM_FP_GLOBAL) || !f->alloc) continue;
    assert(p->gacc >> (f->alloc & 63) & 1);
    assert(!(f->flags & SIM_FP_WRITE) || (p->gwr >> (f->alloc & 63) & 1));
  }
}
#endif

/* Does an op of agent b's lookahead before position `gate` depend on transition t, the
 * transition of actor r (pview.fd)? The same answer as testing L[b][0..gate) in order, each
 * pair tested at most once per state. For an agent's transition (both lookaheads cached) dep
 * comes from first_dep and only the ops proxy_dep can hold for (pview.issue, fence) are tested. */
static bool dep_before(vf_por *p, pview *v, uint32_t r, const sim_eff *t, uint32_t b, uint32_t gate) {
  uint8_t f = v->fd[r][b];
  if (f & FD_FOUND) return (uint32_t)(f & ~FD_FOUND) < gate;
  if (gate <= f) return false;
  const uint64_t tfpb = r < v->na ? v->S[r][0].fpb : v->ev_fpb[r - v->na];
  if (r < v->na && v->off[r] != UINT32_MAX && v->off[b] != UINT32_MAX) {
    uint32_t k = first_dep(p, v->off[r], t, v->off[b], v->L[b], v->nl[b]);
    assert(k >= f); /* L[b][0..f) do not depend on t */
    /* proxy_dep(t, L[b][q]) needs t a fence / release and L[b][q] an issue; proxy_dep(L[b][q],
     * t) the converse */
    uint32_t pm = ((t->kind & (SIM_E_FENCE | SIM_E_PUBLISH)) ? v->issue[b] : 0) |
                  ((t->kind & SIM_E_ISSUE) ? v->fence[b] : 0);
    pm &= ((1u << k) - 1) & ~((1u << f) - 1);
    for (; pm; pm &= pm - 1) {
      uint32_t q = (uint32_t)__builtin_ctz(pm);
      if (q >= gate) break;
      if (proxy_dep_at(v, t, tfpb, b, q)) {
        k = q;
        break;
      }
    }
    if (k < gate) {
      v->fd[r][b] = (uint8_t)(FD_FOUND | k);
      return true;
    }
    v->fd[r][b] = (uint8_t)gate;
    return false;
  }
  for (uint32_t k = f; k < gate; k++) {
    if (dep_f(t, &v->L[b][k], (tfpb & v->S[b][k].fpb) != 0) || proxy_dep_at(v, t, tfpb, b, k)) {
      v->fd[r][b] = (uint8_t)(FD_FOUND | k);
      return true;
    }
  }
  v->fd[r][b] = (uint8_t)gate;
  return false;
}

/* dep(t, F[j]) for the transition t of actor r, memoized per state (pview.ee). */
static bool dep_event(pview *v, uint32_t r, const sim_eff *t, uint32_t j) {
  uint8_t *e = &v->ee[r][j];
  if (!*e) {
    const uint64_t tfpb = r < v->na ? v->S[r][0].fpb : v->ev_fpb[r - v->na];
    *e = dep_f(t, &v->F[j], (tfpb & v->ev_fpb[j]) != 0) ? 2 : 1;
  }
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

/* Closure of a seed; fills inA / inE, returns the number of enabled transitions in the set.
 * The set only grows: once it holds `limit` enabled transitions (a smaller set is already
 * known) it stops, returning at least limit.
 * Each round tests only the members that no earlier round has tested (the same sets as
 * testing all of them every round): a test of a member against a free actor that said no
 * says no again later, because the set only grows, so the free actors only shrink, and with
 * them what they may signal, the gates (least fixpoints of fewer signals) and the runs off the
 * lookaheads (inf needs the gate at the lookahead's end); a yes joined the actor at once.
 * The same holds for a waiting member's enablers and an event's older events. */
static uint32_t closure(vf_por *p, const void *st, pview *v, uint32_t *inA_io, uint64_t *inE_io,
                        uint32_t limit, const gfix *first) {
  const sim_machine *m = p->m;
  /* Per barrier, what free actors (agents outside the set, running up to their gates, and
   * events outside the set) may still do to it: arrivals (`arr`), or transaction bytes
   * (`txb`); may() says whether that can complete its current phase. */
  uint8_t arr[1024], ntx[1024];
  uint32_t txb[1024][6];
  gfix gf; /* a round's gates (from the second round on, or without `first`) */
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
    /* the gates of the set (the first round's from `first`, the seeds' shared fixpoints, when
     * given): gate[b] for the free agents; vf_gates_may_change(b) is bit b of in_mask when masked */
    const uint8_t *gate;
    uint64_t in_mask = 0;
    bool masked = true;
    if (rounds == 0 && first) {
      gate = first->gate;
      in_mask = first->g.can;
    } else {
      masked = vf_gates_compute(p, st, v, inA, inE, arr, ntx, txb, &gf);
      gate = gf.gate;
      if (masked) in_mask = gf.g.can;
    }

    bool changed = false;
    /* transitions of the set against the futures of free actors (in index order: agents,
     * then events; a member that joins during the round at a higher index is tested in it) */
    for (uint32_t s = 0;; s++) {
      /* the next untested member at index s or above (by the masks, in index order) */
      const sim_eff *t;
      if (s < v->na) {
        uint32_t w = (inA & v->live & ~doneA) >> s << s;
        if (!w) {
          s = v->na - 1; /* the events next */
          continue;
        }
        s = (uint32_t)__builtin_ctz(w);
        doneA |= 1u << s;
        t = &v->L[s][0];
      } else {
        uint32_t j0 = s - v->na;
        uint64_t w = j0 < 64 ? (inE & ~doneE) >> j0 << j0 : 0;
        if (!w) break;
        uint32_t j = (uint32_t)__builtin_ctzll(w);
        s = v->na + j;
        doneE |= 1ull << j;
        t = &v->F[j];
      }
      for (uint32_t w = v->live & ~inA; w; w &= w - 1) {
        uint32_t b = (uint32_t)__builtin_ctz(w);
        /* a free agent that runs off its lookahead: its whole future against t (cta_fut_dep) */
        if ((gate_inf(v, b, gate[b]) && cta_fut_dep(p, v, t, v->L[b][0].cta)) ||
            dep_before(p, v, s, t, b, gate[b])) {
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
      uint32_t wa = (inA & v->live & ~v->en_a & ~waitedA) >> a << a; /* the next one, by mask */
      if (!wa) break;
      a = (uint32_t)__builtin_ctz(wa);
      waitedA |= 1u << a;
      const sim_eff *t = &v->L[a][0];
      bool all = (t->kind & (SIM_E_GLOBAL | SIM_E_NAMED | SIM_E_CLUSTER)) != 0 || !(t->kind & (SIM_E_WAIT | SIM_E_GWAIT));
      bool open = !(t->kind & SIM_E_WAIT) || t->bar >= nb || (masked ? (in_mask >> t->bar & 1) != 0 : vf_gates_may_change(m, st, t->bar, arr, ntx, txb));
      for (uint32_t w = v->live & ~inA; w; w &= w - 1) {
        uint32_t b = (uint32_t)__builtin_ctz(w);
        bool d = all || (gate_inf(v, b, gate[b]) && cta_fut_enab(p, t, v->L[b][0].cta));
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
      uint64_t wj = (inE & ~v->en_e & ~olderE) >> j << j; /* the next one, by mask */
      if (!wj) break;
      j = (uint32_t)__builtin_ctzll(wj);
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

/* Does a disabled member of every closure (one of `u`, the always-joined agents) bring in every actor?
 * Its current op is not a barrier or group wait (or it is global, named, cluster): the closure's
 * "members that cannot move now" part then joins every free agent and event, so every closure
 * holds every enabled transition (each enabled agent has a lookahead) and none reduces. */
static bool joins_all(const pview *v, uint32_t u) {
  if (v->en_a & ~v->live) return false; /* an enabled agent without a lookahead joins no closure */
  for (uint32_t w = u & ~v->en_a; w; w &= w - 1) {
    const sim_eff *t = &v->L[__builtin_ctz(w)][0];
    if ((t->kind & (SIM_E_GLOBAL | SIM_E_NAMED | SIM_E_CLUSTER)) || !(t->kind & (SIM_E_WAIT | SIM_E_GWAIT)))
      return true;
  }
  return false;
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
    memset(p->dm, 0, p->dm_cap * sizeof *p->dm); /* keyed by pool offsets */
    p->dm_used = 0;
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
  uint16_t txpos[SIM_MAX_AGENTS];
  uint16_t waits[SIM_MAX_AGENTS];
  uint16_t issue[SIM_MAX_AGENTS], fence[SIM_MAX_AGENTS];
  v.live = 0;
  v.txany = false;
  for (uint32_t a = 0; a < v.na; a++) {
    int s = sim_agent_status_of(m, st, a);
    v.nl[a] = 0;
    v.end[a] = 0;
    v.L[a] = NULL;
    v.n_uf[a] = 0;
    v.ufb[a] = 0;
    if (!(s == SIM_AG_RUN || s == SIM_AG_NBWAIT || s == SIM_AG_CLWAIT)) continue;
    offs[a] = lookahead(p, st, a, &v.nl[a], &v.end[a], &txpos[a], &waits[a], &issue[a], &fence[a]);
    if (v.nl[a]) v.live |= 1u << a;
  }
  for (uint32_t w = v.live; w; w &= w - 1) {
    uint32_t a = (uint32_t)__builtin_ctz(w);
    v.L[a] = offs[a] == UINT32_MAX ? p->uncached + (size_t)a * LOOK : p->pool + offs[a];
    v.S[a] = offs[a] == UINT32_MAX ? p->uncached_sig + (size_t)a * LOOK : p->pool_sig + offs[a];
    v.txpos[a] = txpos[a];
    v.txany |= txpos[a] != 0;
    v.off[a] = offs[a];
    v.issue[a] = issue[a];
    v.fence[a] = fence[a];
  }
  /* the waits that do not pass now (only the lookaheads' waits are asked: wait_mask) */
  memset(v.block, 0xff, v.na * sizeof v.block[0]); /* NOBLOCK */
  /* The live agents that join every closure at its first test, whatever the seed: no wait of
   * their lookahead blocks now (bmask 0) and the lookahead was cut, so under any gates their
   * gate is the lookahead's end (gate_inf: both gate computations, vf_gates.c, stop an agent
   * only at a blocking wait) and the closure's first member test joins them. */
  uint32_t always = 0;
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
    if (!v.bmask[a] && v.end[a]) always |= 1u << a;
  }
  /* every closure holds every enabled transition: nothing to reduce, no seed is tried
   * (the same answer as trying them all; the Debug build tries them and checks) */
  /* (with CTA-local futures, cta_fut_dep, a cut agent joins only the closures whose members its
   * CTA's future may depend on: not every closure, so no state is known to join all) */
  bool all_join = !p->ctaloc && (always & ~v.en_a) && joins_all(&v, always);
  /* the enabled always-joined agents: with the seed, a lower bound of every closure's count */
  uint32_t always_en = always & v.en_a;
  uint32_t n_always_en = always_en ? (uint32_t)__builtin_popcount(always_en) : 0;
#ifndef TLXV_SELFCHECK
  if (all_join) {
    memcpy(out, en, (size_t)n * sizeof *en);
    return n;
  }
#endif
  for (uint32_t w = v.live; w; w &= w - 1) {
    uint32_t a = (uint32_t)__builtin_ctz(w);
    v.n_uf[a] = (uint8_t)sim_agent_unfenced(m, st, a, v.uf[a], MAX_UF);
    if (v.n_uf[a]) v.ufb[a] = fp_bloom(v.uf[a], v.n_uf[a]);
  }
  for (uint32_t j = 0; j < v.ne; j++) {
    sim_event_effect(m, st, j, &v.F[j]);
    v.ev_fpb[j] = fp_bloom(v.F[j].fp, v.F[j].n_fp);
  }
#ifdef TLXV_SELFCHECK
  for (uint32_t j = 0; j < v.ne; j++) cta_bound_check(p, &v.F[j]);
  for (uint32_t w = v.live; w; w &= w - 1)
    for (uint32_t k = 0; k < v.nl[__builtin_ctz(w)]; k++) cta_bound_check(p, &v.L[__builtin_ctz(w)][k]);
  if (p->ctaloc)
    for (uint32_t w = v.live; w; w &= w - 1) /* unfenced global boxes: accesses of the program */
      for (uint32_t k = 0; k < v.n_uf[__builtin_ctz(w)]; k++) {
        const sim_fp *f = &v.uf[__builtin_ctz(w)][k];
        assert(!(f->flags & SIM_FP_GLOBAL) || !f->alloc || (p->gacc >> (f->alloc & 63) & 1));
      }
#endif
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
  gseeds gs; /* the seeds' first gates, shared */
  gs.state = GS_NONE;
  gfix sf;
  for (int k = 0; k < n && best > 1; k++) {
    uint32_t inA = 0;
    uint64_t inE = 0;
    if (en[k].kind == SIM_TR_AGENT) {
      if (!(v.live >> en[k].who & 1)) continue;
      inA = 1u << en[k].who;
    } else {
      inE = 1ull << en[k].who;
    }
    /* the seed and the always-joined enabled agents: a closure holding as many as the best set
     * stops (returns its limit) whatever else it does, so it is not computed */
    uint32_t aen = always_en, n_aen = n_always_en;
    if (p->ctaloc && aen) { /* those that the seed's transition brings in (cta_fut_dep) */
      const sim_eff *t = en[k].kind == SIM_TR_AGENT ? &v.L[en[k].who][0] : &v.F[en[k].who];
      for (uint32_t w = aen; w; w &= w - 1) {
        uint32_t b = (uint32_t)__builtin_ctz(w);
        if (!(inA >> b & 1) && !cta_fut_dep(p, &v, t, v.L[b][0].cta)) aen &= ~(1u << b);
      }
      n_aen = (uint32_t)__builtin_popcount(aen);
    }
    bool skip = all_join || 1 + n_aen - (inA & aen ? 1 : 0) >= best;
#ifndef TLXV_SELFCHECK
    if (skip) continue;
#endif
    /* (txany: the lookaheads' transaction bytes already rule the shared gates out) */
    const gfix *first = v.masks != MASKS_NO && !v.txany && vf_gates_seed(p, st, &v, &gs, inA, inE, &sf) ? &sf
                                                                                                      : NULL;
    uint32_t c = closure(p, st, &v, &inA, &inE, best, first);
#ifdef TLXV_SELFCHECK
    assert(!skip || c >= best); /* a skipped seed would not have beaten the best */
    if (skip) continue;
#endif
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
