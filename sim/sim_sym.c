/* sim_sym.c: symmetry reduction (issue 13). On AMD every wave is an agent (sim_amd_waves.c),
 * and the waves of one group (the workgroup's default waves, or one gfx1250 partition's) run
 * the same code: a state and the state with two such waves' parts swapped often have the same
 * future, up to the swap. The visited table then keys a state by a representative of its
 * orbit (Emerson & Sistla, "Symmetry and model checking", FMSD 1996; Ip & Dill, "Better
 * verification through symmetry", FMSD 1996): the waves that may be permuted, ordered by
 * their local states. The search itself goes on from the state it reached, so every
 * reported schedule is a real one.
 *
 * When are waves a and b interchangeable in state s (the permutation pi = (a b) a
 * bisimulation between s and pi(s), the image with every part indexed by agent permuted)?
 * What a wave does depends on its index only through:
 *  - the LDS part it writes (sim_amd_share: local_store, LDS DMA, TDM copies, an
 *    initialised local_alloc) and wave 0's mbarrier init (sim_amd_mbar.c init); these
 *    instructions are `asym`;
 *  - values computed from the thread id (rocdl.workitem.id.x, gpu.thread_id, ttg.warp_id, a
 *    warp pipeline's cond_barrier): a kernel with any of them (m->amd_wdep) has no symmetry.
 * A wave is free in s when no asym instruction is reachable from its pc by static control
 * flow (sim_ins_succs; an idle or finished partition wave: from the start of any of its
 * partition's regions, which a fork may start again; a finished default wave has no future).
 * Two free waves of the same group (same CTA, same partition, the same number of waves and
 * state words) are interchangeable: from then on each one's steps depend on its own local
 * state only, as the other's would from the same local state; every other rule reads agent
 * indices only to compare them (same_group, the issuing wave of an event, a barrier's
 * waiting waves), which pi maps alike. What a free wave issued before (an LDS write in
 * flight with its part) is part of the state and moves with it. The violations are those of
 * pi(s) with the waves renamed: the same kinds at the same instructions.
 * The image pi(s) permutes: the agent records, persistent words, phase-alias intents, the
 * issuing agent of each event, and the per-agent bits of the cluster and named-barrier
 * masks. The order: each free wave's local state hashed (its record, words, intents, mask
 * bits, and its events with their positions), sorted, the smallest key to the group's
 * lowest free index. Equal keys: either order is an image of s (so still sound), at worst
 * two representatives for one orbit.
 * Kept out: simulate mode, proxy tracking (per-agent footprints not permuted), CLC, clusters,
 * more than one CTA, and representatives that stand for several waves (each agent must be
 * one wave). The explorer uses it only on graphs without cycles (vf_explore.c: the cycle
 * proviso's stack test stays one of exact states). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "sim/sim_sym.h"
#include "sim_internal.h"

enum { UNSHARE_MEMO = 256 }; /* entries of unshare's memo (a power of two) */

struct sim_sym {
  uint8_t *asym_reach;         /* per instruction: an asym instruction is reachable from it */
  uint32_t n_code;
  uint32_t group[SIM_MAX_AGENTS]; /* agents of one group share it; UINT32_MAX: never moved */
  uint8_t idle_free[SIM_MAX_AGENTS]; /* a partition wave that is idle or done is free */
  bool parts;                  /* part mode (below): every group of n_parts waves moves by one
                                  permutation of the LDS parts */
  uint32_t n_parts;
  uint8_t part[SIM_MAX_AGENTS];   /* part mode: the wave's part (its index in its group) */
  int8_t by_part[SIM_MAX_AGENTS][SIM_MAX_AGENTS]; /* part mode: [group][part] -> agent, -1 */
  uint32_t n_groups;
  uint8_t *init_reach;         /* part mode: per instruction, an init_barrier is reachable */
  uint8_t idle_init[SIM_MAX_AGENTS]; /* part mode: an idle partition wave may reach one */
  uint8_t *img;                /* the permuted copy (m->size bytes) */
  uint8_t *kbuf;               /* one wave's key bytes */
  size_t kcap;
  uint64_t permuted;
  bool bad;                    /* wave_key met a footprint that is not a part */
  /* Caches that give the same answers faster (the canonical states do not change):
   * the hash of a one-byte agent-mask record (no named barriers: 8 values); per wave, the
   * key bytes hashed last and their hash (a step changes one wave, so most keys repeat); and
   * unshare's answers by everything they depend on (direct-mapped). */
  uint64_t bits_h[8];
  uint8_t *wk_buf;             /* [n_agents][kcap]: wave a's key bytes hashed last */
  size_t wk_len[SIM_MAX_AGENTS]; /* their length, 0: none yet */
  uint64_t wk_key[SIM_MAX_AGENTS];
  struct unshare_memo {
    sim_fp f, whole;           /* the event's footprint; the answer */
    uint32_t ins;
    uint8_t kind, agent, ok, used;
  } um[UNSHARE_MEMO];
};

static bool asym_op(uint32_t c) {
  switch (c) {
  case IR_OP_TTG_LOCAL_STORE: case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL:
  case IR_OP_TTG_LOCAL_ALLOC: case IR_OP_TTNG_INIT_BARRIER: case IR_OP_AMDG_INIT_BARRIER:
  case IR_OP_AMDG_TDM_G2L: case IR_OP_AMDG_TDM_L2G: case IR_OP_AMDG_TDM_FUSED_G2L:
  case IR_OP_AMDG_TDM_GATHER: case IR_OP_AMDG_TDM_SCATTER:
    return true;
  default: return false;
  }
}

static bool wave_id_op(uint32_t c) {
  return c == IR_OP_ROCDL_WORKITEM_ID_X || c == IR_OP_GPU_THREAD_ID || c == IR_OP_TTG_WARP_ID ||
         c == SIM_I_AMD_CBAR;
}

static bool init_op(uint32_t c) { return c == IR_OP_TTNG_INIT_BARRIER || c == IR_OP_AMDG_INIT_BARRIER; }

/* r[pc]: an instruction `is` accepts is reachable from pc: backward fixpoint over
 * sim_ins_succs, per region (as sim_canon.c). */
static void reach(const sim_machine *m, uint8_t *r, bool (*is)(uint32_t)) {
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    const sim_ins *i = &m->code[pc];
    r[pc] = is(i->code) || (i->op && is(i->op->code));
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (uint32_t g = 0; g < m->n_regions; g++) {
      const sim_region *rg = &m->regions[g];
      for (uint32_t pc = rg->end; pc-- > rg->start;) {
        if (r[pc]) continue;
        uint32_t sv[2];
        int ns = sim_ins_succs(m, pc, rg, sv);
        for (int k = 0; k < ns; k++)
          if (sv[k] != UINT32_MAX && r[sv[k]]) {
            r[pc] = 1;
            grew = true;
            break;
          }
      }
    }
  }
}

sim_sym *sim_sym_new(const sim_machine *m) {
  if (!m->amd_gfx || m->data || m->proxy_track || m->uses_clc || m->uses_cluster || m->n_ctas != 1 ||
      m->n_agents < 2)
    return NULL;
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    const sim_ins *i = &m->code[pc];
    if (wave_id_op(i->code) || (i->op && wave_id_op(i->op->code))) return NULL;
  }
  if (m->amd_wdep)
    for (uint32_t v = 0; v < m->fn->n_values; v++)
      if (m->amd_wdep[v]) return NULL;
  /* groups: one wave per agent, same CTA, partition, group size and state words */
  uint32_t n_groups = 0;
  uint32_t gkey[SIM_MAX_AGENTS][3];
  uint32_t group[SIM_MAX_AGENTS];
  for (uint32_t a = 0; a < m->n_agents; a++) {
    if (m->amd_share[a][1] != m->amd_share[a][0] + 1) return NULL; /* stands for several waves */
    uint32_t k[3] = {m->agents[a].local, m->amd_nw[a], m->agents[a].env_cap};
    uint32_t g = 0;
    while (g < n_groups && memcmp(gkey[g], k, sizeof k)) g++;
    if (g == n_groups) memcpy(gkey[n_groups++], k, sizeof k);
    group[a] = g;
  }
  if (n_groups == m->n_agents) return NULL; /* every group has one wave */
  sim_sym *y = ir_xcalloc(1, sizeof *y);
  /* part mode: every group of more than one wave has n_parts waves, one per part */
  y->n_groups = n_groups;
  y->parts = sim_sym_parts_ok(m);
  memset(y->by_part, -1, sizeof y->by_part);
  for (uint32_t a = 0; a < m->n_agents && y->parts; a++) {
    uint32_t g = group[a], size = 0;
    for (uint32_t b = 0; b < m->n_agents; b++) size += group[b] == g;
    if (size == 1) continue;
    if (!y->n_parts) y->n_parts = size;
    uint32_t k = m->amd_share[a][0];
    y->parts &= size == y->n_parts && m->amd_nw[a] == size && k < size && y->by_part[g][k] < 0;
    if (y->parts) {
      y->by_part[g][k] = (int8_t)a;
      y->part[a] = (uint8_t)k;
    }
  }
  y->n_code = m->n_code;
  y->asym_reach = ir_xcalloc((size_t)m->n_code + 1, 1);
  reach(m, y->asym_reach, asym_op);
  memcpy(y->group, group, sizeof group);
  for (uint32_t a = 0; a < m->n_agents; a++) {
    uint32_t l = m->agents[a].local;
    bool f = true;
    for (uint32_t w = 0; w < m->n_ws && l; w++)
      if (l - 1 < m->ws[w].n_parts) f &= !y->asym_reach[m->regions[m->ws[w].part_region[l - 1]].start];
    y->idle_free[a] = f;
  }
  if (y->parts) {
    y->init_reach = ir_xcalloc((size_t)m->n_code + 1, 1);
    reach(m, y->init_reach, init_op);
    for (uint32_t a = 0; a < m->n_agents; a++) {
      uint32_t l = m->agents[a].local;
      for (uint32_t w = 0; w < m->n_ws && l; w++)
        if (l - 1 < m->ws[w].n_parts) y->idle_init[a] |= y->init_reach[m->regions[m->ws[w].part_region[l - 1]].start];
    }
  }
  y->img = ir_xmalloc(m->size, 1);
  y->kcap = sizeof(sim_agent) + 64 + (size_t)m->n_bars * 4 + (size_t)SIM_MAX_EVENTS * (sizeof(sim_event) + 4);
  uint32_t cap = 0;
  for (uint32_t a = 0; a < m->n_agents; a++)
    if (m->agents[a].env_cap > cap) cap = m->agents[a].env_cap;
  y->kcap += (size_t)cap * 8;
  y->kbuf = ir_xmalloc(y->kcap, 1);
  y->wk_buf = ir_xmalloc((size_t)m->n_agents * y->kcap, 1);
  for (uint32_t b = 0; b < 8; b++) {
    uint8_t one = (uint8_t)b;
    y->bits_h[b] = XXH3_64bits(&one, 1);
  }
  return y;
}

void sim_sym_free(sim_sym *y) {
  if (!y) return;
  free(y->asym_reach);
  free(y->init_reach);
  free(y->img);
  free(y->kbuf);
  free(y->wk_buf);
  free(y);
}

uint64_t sim_sym_permuted(const sim_sym *y) { return y ? y->permuted : 0; }

static bool is_free(const sim_sym *y, const sim_machine *m, const void *st, uint32_t a) {
  if (y->group[a] == UINT32_MAX) return false;
  const sim_agent *ag = st_cagent(m, st, a);
  if (m->agents[a].local && (ag->status == SIM_AG_IDLE || ag->status == SIM_AG_DONE)) return y->idle_free[a];
  if (ag->status == SIM_AG_DONE) return true; /* a default wave at the kernel's end */
  return ag->pc < y->n_code && !y->asym_reach[ag->pc];
}

/* The bits of agent a in the state's agent masks (cluster and named barriers). */
static uint32_t mask_bits(const sim_machine *m, const void *st, uint32_t a, uint8_t *out) {
  const sim_hdr *h = st_chdr(st);
  uint32_t n = 0;
  out[n++] = (uint8_t)((h->cl_arrived >> a & 1) | (h->cl_passed >> a & 1) << 1 | (h->pcl_arrived >> a & 1) << 2);
  if (m->uses_named)
    for (uint32_t k = 0; k < m->n_ctas * 16u; k++) {
      const sim_nbar *b = (const sim_nbar *)((const uint8_t *)st + m->off_nbar) + k;
      out[n++] = (uint8_t)((b->waiters >> a & 1) | (b->arrivers >> a & 1) << 1);
    }
  return n;
}

/* ------------------------------------------------------------------ part mode */

/* A ds_write or LDS DMA of a wave of several parts: its footprint is the wave's part. */
static bool split_event(const sim_machine *m, const sim_event *e) {
  return (e->kind == SIM_EV_AMD_DS || e->kind == SIM_EV_AMD_VM) && e->agent < m->n_agents &&
         m->amd_nw[e->agent] > 1 && e->n_fp == 1 && e->fp[0].alloc;
}

/* Part j of n of the whole footprint f (sim_amd_share's rule). */
static sim_fp reshare(sim_fp f, uint32_t j, uint32_t n) {
  if (f.rows >= n) {
    uint32_t lo = (uint32_t)((uint64_t)j * f.rows / n), hi = (uint32_t)((uint64_t)(j + 1) * f.rows / n);
    f.off += lo * f.pitch;
    f.rows = hi - lo;
  } else if (f.rows <= 1 && f.len >= n) {
    uint32_t lo = (uint32_t)((uint64_t)j * f.len / n), hi = (uint32_t)((uint64_t)(j + 1) * f.len / n);
    f.off += lo;
    f.len = hi - lo;
  }
  return f;
}

/* The whole footprint of split event e (its issuing wave's part of it): the footprint of the
 * op's LDS operand type at the event's allocation, placed so that the wave's part of it is
 * e's. False when e's footprint is not such a part (a clamped view): no permutation then. */
static bool unshare_calc(const sim_sym *y, const sim_machine *m, const sim_event *e, sim_fp *whole) {
  const sim_ins *i = &m->code[e->ins];
  const ir_op *op = i->op;
  if (!op) return false;
  const sim_tref *val = NULL;
  if (e->kind == SIM_EV_AMD_DS) val = op->n_operands > 1 ? ins_rin(m, i, 1) : NULL;
  else val = ins_rseg(m, i, op->code == IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL ? 2 : 1, 0);
  const sim_fp *f = &e->fp[0];
  sim_fp w;
  sim_view_fp(m, sim_view_make(f->alloc, f->cta, 0), val, &w);
  if (!w.alloc) return false;
  uint32_t n = m->amd_nw[e->agent], k = y->part[e->agent];
  w.flags = f->flags;
  w.off = 0;
  sim_fp p = reshare(w, k, n);
  if (p.rows != f->rows || p.len != f->len || p.pitch != f->pitch || p.off > f->off) return false;
  w.off = f->off - p.off;
  *whole = w;
  return true;
}

/* unshare_calc, memoized: its answer depends only on the event's instruction, kind, agent
 * (the part and the wave count) and footprint. */
static bool unshare(sim_sym *y, const sim_machine *m, const sim_event *e, sim_fp *whole) {
  _Static_assert(sizeof(sim_fp) == 20, "sim_fp has no padding (compared with memcmp)");
  const sim_fp *f = &e->fp[0];
  uint32_t h = e->ins * 0x9e3779b1u ^ f->off * 0x85ebca6bu ^ f->alloc ^ (uint32_t)e->agent << 16;
  struct unshare_memo *u = &y->um[(h ^ h >> 16) & (UNSHARE_MEMO - 1)];
  if (u->used && u->ins == e->ins && u->kind == e->kind && u->agent == e->agent && !memcmp(&u->f, f, sizeof *f)) {
    if (u->ok) *whole = u->whole;
    return u->ok;
  }
  sim_fp w = {0};
  bool ok = unshare_calc(y, m, e, &w);
  *u = (struct unshare_memo){.f = *f, .whole = w, .ins = e->ins, .kind = e->kind, .agent = e->agent, .ok = ok, .used = 1};
  if (ok) *whole = w;
  return ok;
}

/* May agent a of a moving group still run an init_barrier (wave 0's, sim_amd_mbar.c)? */
static bool may_init(const sim_sym *y, const sim_machine *m, const void *st, uint32_t a) {
  const sim_agent *ag = st_cagent(m, st, a);
  if (m->agents[a].local && (ag->status == SIM_AG_IDLE || ag->status == SIM_AG_DONE)) return y->idle_init[a];
  if (ag->status == SIM_AG_DONE) return false;
  return ag->pc >= y->n_code || y->init_reach[ag->pc];
}

/* The key of wave a's local state: everything pi moves with it (part mode: its split events
 * by their whole footprints). False when a footprint is not a part (no permutation). */
static bool wave_key_ok(sim_sym *y, const sim_machine *m, const void *st, uint32_t a, uint64_t *key);

/* Part mode: pi moves every group of n_parts waves by one permutation sigma of the parts:
 * the parts sorted by the keys of their waves (every group's), part 0 kept while a wave of
 * part 0 may still initialise a barrier. */
static bool part_perm(sim_sym *y, const sim_machine *m, const void *st, uint8_t *pi, uint8_t *sigma) {
  uint32_t n = y->n_parts;
  uint64_t pk[SIM_MAX_AGENTS];
  bool pin0 = false;
  for (uint32_t k = 0; k < n; k++) {
    uint64_t acc[SIM_MAX_AGENTS];
    uint32_t na = 0;
    for (uint32_t g = 0; g < y->n_groups; g++) {
      int8_t a = y->by_part[g][k];
      if (a < 0) continue;
      if (!wave_key_ok(y, m, st, (uint32_t)a, &acc[na++])) return false;
      if (k == 0) pin0 |= may_init(y, m, st, (uint32_t)a);
    }
    pk[k] = XXH3_64bits(acc, na * sizeof *acc);
  }
  uint32_t mv[SIM_MAX_AGENTS], by[SIM_MAX_AGENTS], nm = 0;
  for (uint32_t k = pin0 ? 1 : 0; k < n; k++) mv[nm++] = k;
  for (uint32_t i = 0; i < nm; i++) { /* insertion sort of the movable parts by key */
    uint32_t j = i;
    while (j > 0 && pk[by[j - 1]] > pk[mv[i]]) {
      by[j] = by[j - 1];
      j--;
    }
    by[j] = mv[i];
  }
  for (uint32_t k = 0; k < n; k++) sigma[k] = (uint8_t)k;
  bool moved = false;
  for (uint32_t i = 0; i < nm; i++) {
    sigma[by[i]] = (uint8_t)mv[i];
    moved |= by[i] != mv[i];
  }
  if (!moved) return false;
  for (uint32_t g = 0; g < y->n_groups; g++)
    for (uint32_t k = 0; k < n; k++)
      if (y->by_part[g][k] >= 0) pi[y->by_part[g][k]] = (uint8_t)y->by_part[g][sigma[k]];
  return true;
}

/* The key of wave a's local state: everything pi moves with it. Bytes equal to the wave's
 * bytes hashed last give their hash without hashing again. */
static uint64_t wave_key(sim_sym *y, const sim_machine *m, const void *st, uint32_t a) {
  uint8_t *p = y->kbuf;
  memcpy(p, st_cagent(m, st, a), sizeof(sim_agent));
  p += sizeof(sim_agent);
  size_t env = (size_t)m->agents[a].env_cap * sizeof(uint64_t);
  memcpy(p, st_cenv(m, st, a), env);
  p += env;
  memcpy(p, (const int32_t *)((const uint8_t *)st + m->off_intent) + (size_t)a * m->n_bars, (size_t)m->n_bars * 4);
  p += (size_t)m->n_bars * 4;
  uint8_t bits[1 + 16 * 16];
  uint32_t nb = mask_bits(m, st, a, bits);
  uint64_t bh = nb == 1 && bits[0] < 8 ? y->bits_h[bits[0]] : XXH3_64bits(bits, nb);
  memcpy(p, &bh, sizeof bh);
  p += sizeof bh;
  const sim_event *ev = st_cevents(m, st);
  for (uint32_t k = 0; k < st_chdr(st)->n_events; k++) {
    if (ev[k].agent != a) continue;
    sim_event e = ev[k];
    e.agent = 0;
    if (y->parts && split_event(m, &ev[k]) && !unshare(y, m, &ev[k], &e.fp[0])) y->bad = true;
    memcpy(p, &k, 4);
    memcpy(p + 4, &e, sizeof e);
    p += 4 + sizeof e;
  }
  size_t len = (size_t)(p - y->kbuf);
  assert(len <= y->kcap);
  uint8_t *last = y->wk_buf + (size_t)a * y->kcap;
  if (len == y->wk_len[a] && !memcmp(last, y->kbuf, len)) return y->wk_key[a];
  memcpy(last, y->kbuf, len);
  y->wk_len[a] = len;
  return y->wk_key[a] = XXH3_64bits(y->kbuf, len);
}

static bool wave_key_ok(sim_sym *y, const sim_machine *m, const void *st, uint32_t a, uint64_t *key) {
  y->bad = false;
  *key = wave_key(y, m, st, a);
  return !y->bad;
}

static uint32_t permute_mask(uint32_t x, const uint8_t *pi, uint32_t n) {
  uint32_t out = x;
  for (uint32_t a = 0; a < n; a++)
    if (pi[a] != a) out &= ~(1u << pi[a]);
  for (uint32_t a = 0; a < n; a++)
    if (pi[a] != a && (x >> a & 1)) out |= 1u << pi[a];
  return out;
}

/* img = pi(st): agent a's parts go to agent pi[a]. */
static void apply(sim_sym *y, const sim_machine *m, const void *st, const uint8_t *pi) {
  size_t used = sim_state_used(m, st);
  memcpy(y->img, st, used);
  for (uint32_t a = 0; a < m->n_agents; a++) {
    uint32_t b = pi[a];
    if (b == a) continue;
    *st_agent(m, y->img, b) = *st_cagent(m, st, a);
    memcpy(st_env(m, y->img, b), st_cenv(m, st, a), (size_t)m->agents[a].env_cap * sizeof(uint64_t));
    memcpy(st_intent(m, y->img, b, 0), (const int32_t *)((const uint8_t *)st + m->off_intent) + (size_t)a * m->n_bars,
           (size_t)m->n_bars * 4);
  }
  sim_hdr *h = st_hdr(y->img);
  h->cl_arrived = permute_mask(h->cl_arrived, pi, m->n_agents);
  h->cl_passed = permute_mask(h->cl_passed, pi, m->n_agents);
  h->pcl_arrived = permute_mask(h->pcl_arrived, pi, m->n_agents);
  if (m->uses_named)
    for (uint32_t k = 0; k < m->n_ctas * 16u; k++) {
      sim_nbar *b = (sim_nbar *)(y->img + m->off_nbar) + k;
      b->waiters = permute_mask(b->waiters, pi, m->n_agents);
      b->arrivers = permute_mask(b->arrivers, pi, m->n_agents);
    }
  sim_event *ev = st_events(m, y->img);
  for (uint32_t k = 0; k < h->n_events; k++)
    if (ev[k].agent < m->n_agents) ev[k].agent = pi[ev[k].agent];
}

sim_hash128 sim_sym_hash(sim_sym *y, const sim_machine *m, const void *st) {
  if (!y) return sim_state_hash(m, st);
  uint8_t pi[SIM_MAX_AGENTS];
  uint64_t key[SIM_MAX_AGENTS];
  bool moved = false;
  for (uint32_t a = 0; a < m->n_agents; a++) pi[a] = (uint8_t)a;
  if (y->parts) {
    uint8_t sigma[SIM_MAX_AGENTS];
    if (!part_perm(y, m, st, pi, sigma)) return sim_state_hash(m, st);
    apply(y, m, st, pi);
    /* the split events' parts follow their waves: part k becomes sigma[k] */
    const sim_event *ev = st_cevents(m, st);
    sim_event *out = st_events(m, y->img);
    for (uint32_t k = 0; k < st_chdr(st)->n_events; k++) {
      if (!split_event(m, &ev[k]) || pi[ev[k].agent] == ev[k].agent) continue;
      sim_fp whole;
      if (!unshare(y, m, &ev[k], &whole)) return sim_state_hash(m, st);
      out[k].fp[0] = reshare(whole, sigma[y->part[ev[k].agent]], m->amd_nw[ev[k].agent]);
    }
    y->permuted++;
    return sim_state_hash(m, y->img);
  }
  uint8_t done[SIM_MAX_AGENTS] = {0};
  for (uint32_t a0 = 0; a0 < m->n_agents; a0++) {
    if (done[a0] || y->group[a0] == UINT32_MAX) continue;
    /* the free waves of a0's group, by index; their keys */
    uint32_t idx[SIM_MAX_AGENTS], n = 0;
    for (uint32_t a = a0; a < m->n_agents; a++) {
      if (y->group[a] != y->group[a0]) continue;
      done[a] = 1;
      if (!is_free(y, m, st, a)) continue;
      idx[n] = a;
      key[a] = wave_key(y, m, st, a);
      n++;
    }
    if (n < 2) continue;
    /* the waves sorted by key (insertion sort: a group has a few waves); the k-th goes to
     * the k-th free index */
    uint32_t by[SIM_MAX_AGENTS];
    for (uint32_t k = 0; k < n; k++) {
      uint32_t j = k;
      while (j > 0 && key[by[j - 1]] > key[idx[k]]) {
        by[j] = by[j - 1];
        j--;
      }
      by[j] = idx[k];
    }
    for (uint32_t k = 0; k < n; k++) {
      pi[by[k]] = (uint8_t)idx[k];
      moved |= by[k] != idx[k];
    }
  }
  if (!moved) return sim_state_hash(m, st);
  y->permuted++;
  apply(y, m, st, pi);
  return sim_state_hash(m, y->img);
}
