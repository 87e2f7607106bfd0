/* sim_canon.c: canonical states for the explorer's visited table: state parts that no future
 * step can read are reset, so that schedules which differ only in them meet in one state.
 *
 * The part handled here is the phase-alias intent (sim_internal.h, §1.4) of an agent that can
 * no longer wait on an mbarrier. An agent's entries are read only by its own waits
 * (sim_ops_bar.c wait_op), by a fork (the parent's entries seed its partitions') and by a
 * join (the parent takes the maximum of its partitions'), and written by its own arrivals
 * (sim_intent_note_arrive: the barrier's phase at the arrival) and by mbarrier.init. An agent
 * that arrives on a barrier it never waits on (a consumer that releases a slot, a producer's
 * expect on a full barrier) records there the phase its arrival happened to meet, which
 * depends on the schedule: without the reset every such interleaving is a distinct state
 * (a free-running arriver multiplies the state count by the phases it can meet).
 *
 * An agent's entry for barrier b is dead when no future step reads it. The agent's own future
 * is fixed (its ops depend only on its own values, as for sim_lookahead): it is run alone to
 * its end, and the barriers its waits name are live; a fork on the way (it reads every
 * entry) or a future that cannot be run out (too long, an error, more than 64 barriers, a
 * kernel that decodes CLC responses) makes all of them live. What a partition leaves is read by its join: all live when a reader
 * (wait_barrier, fork) is reachable in the parent from the join by static control flow
 * (sim_cfg.c, both ways of every branch); likewise for the parent when its run ends at a
 * join. An idle partition's entries are overwritten by the fork that starts it again; a
 * finished parent has no reader. The runs are memoized by the agent's local state. Resetting
 * a dead entry changes no enabled transition, no step's outcome and no violation (the
 * checkers read an intent only at a wait), so the reset state is bisimilar to the original
 * one. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "sim/sim_canon.h"
#include "sim_internal.h"

enum {
  RUN_MAX = 4096,              /* visible ops an agent is run through before "not known" */
  RUN_FAR = 2 * RUN_MAX,       /* visible ops a run goes on, answering the later points */
  MEMO_MIN = 1 << 10,          /* memo entries at first; doubled when half full ... */
  MEMO_MAX = 1 << 16,          /* ... up to this; then it starts over when half full */
};

/* The live entries of one agent's local state (key: sim_agent_local_hash | 1, 0 empty). */
typedef struct canon_ent {
  uint64_t key;
  uint64_t live;               /* bit b: the entry of local barrier b is live */
  uint32_t gen;                /* the memo's generation it belongs to (older: empty) */
} canon_ent;

struct sim_canon {
  uint8_t *reads;              /* per instruction: an intent reader is reachable from it */
  uint32_t n_code;
  canon_ent *memo;             /* cap entries, open addressing; NULL: no runs (the
                                  static answer only) */
  uint32_t cap;                /* MEMO_MIN..MEMO_MAX, a power of two (a small run zeroes
                                  a small memo: the check makes a memo per run) */
  uint32_t used, gen;          /* entries of generation gen (the live ones) */
  struct canon_pt { uint64_t key; int8_t bar; } *path; /* run_live's path (RUN_FAR points) */
  uint64_t *env;               /* agent_key's words (the largest env_cap) */
};

/* reads[pc] = an intent reader (wait_barrier, fork) is reachable from pc in its region:
 * backward fixpoint over sim_ins_succs. */
static void reach_readers(const sim_machine *m, uint8_t *reads) {
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    uint16_t c = m->code[pc].code;
    reads[pc] = c == IR_OP_TTNG_WAIT_BARRIER || c == SIM_I_FORK;
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (uint32_t r = 0; r < m->n_regions; r++) {
      const sim_region *rg = &m->regions[r];
      for (uint32_t pc = rg->end; pc-- > rg->start;) {
        if (reads[pc]) continue;
        uint32_t sv[2];
        int ns = sim_ins_succs(m, pc, rg, sv);
        for (int k = 0; k < ns; k++)
          if (sv[k] != UINT32_MAX && reads[sv[k]]) {
            reads[pc] = 1;
            grew = true;
            break;
          }
      }
    }
  }
}

sim_canon *sim_canon_new(const sim_machine *m) {
  if (!m->n_bars || m->data || m->amd_gfx) return NULL; /* no intents to reset */
  sim_canon *c = ir_xcalloc(1, sizeof *c);
  c->n_code = m->n_code;
  c->reads = ir_xcalloc((size_t)m->n_code + 1, 1);
  reach_readers(m, c->reads);
  /* the runs need a future that depends on the agent's own values only: a CLC response
   * decoded from memory (sim_clc.c) depends on when the try_cancel completes */
  bool own = m->n_bars <= 64;
  for (uint32_t pc = 0; pc < m->n_code && own; pc++)
    own = m->code[pc].code != IR_OP_TTNG_CLC_IS_CANCELED && m->code[pc].code != IR_OP_TTNG_CLC_GET_PROGRAM_ID;
  if (own) {
    uint32_t cap = 1;
    for (uint32_t a = 0; a < m->n_agents; a++)
      if (m->agents[a].env_cap > cap) cap = m->agents[a].env_cap;
    c->cap = MEMO_MIN;
    c->memo = ir_xcalloc(c->cap, sizeof *c->memo);
    c->gen = 1;
    c->path = ir_xmalloc(RUN_FAR, sizeof *c->path); /* run_live writes each point it reads */
    c->env = ir_xcalloc(cap, sizeof *c->env);
  }
  return c;
}

void sim_canon_free(sim_canon *c) {
  if (!c) return;
  free(c->reads);
  free(c->memo);
  free(c->path);
  free(c->env);
  free(c);
}

/* Does a reader run in the parent after the join of warp_specialize w? */
static bool join_reads(const sim_canon *c, const sim_machine *m, int32_t w) {
  if (w < 0 || (uint32_t)w >= m->n_ws) return true;
  uint32_t join = m->ws[w].join_ins;
  return join >= c->n_code || c->reads[join];
}

/* The memo's key of agent a's local state at pc: the future run_live follows is a function of
 * the agent, its pc and the slots live there (pure ops read no other part of the state; the CLC
 * decodes that do disable the memo, sim_canon_new). words: those slots' values, in the order
 * of pc's liveness row (env_store's list). */
static uint64_t point_key(const sim_machine *m, uint32_t a, uint32_t pc, const uint64_t *words, uint32_t n) {
  uint64_t seed = ((uint64_t)a << 32 | pc) * 0x9e3779b97f4a7c15ull;
  return XXH3_64bits_withSeed(words, (size_t)n * sizeof *words, seed) | 1;
}

/* The key of agent a at pc in state st (its persistent words: env_store's layout), or, with
 * st NULL, in the sandbox run (the scratch slots loaded). */
static uint64_t agent_key(sim_canon *c, const sim_machine *m, const void *st, uint32_t a, uint32_t pc) {
  uint32_t row = m->live_row[pc], n = 0;
  const uint64_t *env = st ? st_cenv(m, st, a) : NULL;
  for (const struct sim_live_ent *q = m->live_ent + m->live_off[row], *end = m->live_ent + m->live_off[row + 1];
       q < end; q++)
    c->env[n++] = env ? env[q->word] : m->scratch[q->slot];
  return point_key(m, a, pc, c->env, n);
}

static canon_ent *memo_at(sim_canon *c, uint64_t key) {
  uint32_t i = (uint32_t)key & (c->cap - 1);
  while (c->memo[i].gen == c->gen && c->memo[i].key != key) i = (i + 1) & (c->cap - 1);
  return &c->memo[i];
}

/* Doubles the memo, keeping the entries of the current generation (the same answers). */
static void memo_grow(sim_canon *c) {
  canon_ent *old = c->memo;
  uint32_t oc = c->cap;
  c->cap *= 2;
  c->memo = ir_xcalloc(c->cap, sizeof *c->memo);
  for (uint32_t k = 0; k < oc; k++)
    if (old[k].gen == c->gen) *memo_at(c, old[k].key) = old[k];
  free(old);
}

static void memo_put(sim_canon *c, uint64_t key, uint64_t live) {
  if (c->used * 2 >= c->cap && c->cap < MEMO_MAX) memo_grow(c);
  if (c->used * 2 >= c->cap) {   /* full: start over (bounded memory; a new generation
                                  * empties every entry without touching them) */
    if (++c->gen == 0) {
      memset(c->memo, 0, c->cap * sizeof *c->memo);
      c->gen = 1;
    }
    c->used = 0;
  }
  canon_ent *e = memo_at(c, key);
  if (e->gen != c->gen) c->used++;
  *e = (canon_ent){.key = key, .live = live, .gen = c->gen};
}

/* The live entries of running agent a (status RUN) in st: run it alone from its current op
 * (sim_lookahead's way: waits pass, visible ops only skipped) and collect the barriers its
 * waits name (m->n_bars <= 64). The run from point k (its k-th visible op) would follow the
 * same path from there: its answer is the union of the waits from k on, with the same end,
 * or all when that end lies RUN_MAX or more visible ops after k (the cap of a run). So one
 * run answers every point of its path (memoized by point_key; the path goes on past RUN_MAX,
 * up to RUN_FAR, for the points closer to the end), instead of a run per new local state
 * (quadratic in a loop's length). */
static void run_live(sim_canon *c, sim_machine *m, const void *st, uint32_t a) {
  const uint64_t all = m->n_bars == 64 ? ~0ull : (1ull << m->n_bars) - 1;
  const sim_agent *ag = st_cagent(m, st, a);
  uint32_t pc = ag->pc;
  assert(pc < c->n_code); /* memo_live answers the others */
  uint64_t key0 = agent_key(c, m, st, a, pc);
  int32_t ws = m->regions[m->code[pc].region].ws;
  bool part = m->agents[a].local != 0;
  if (part && ws < 0) { /* a partition outside a partition region: not expected */
    memo_put(c, key0, all);
    return;
  }
  if (!m->sandbox) m->sandbox = ir_xmalloc(m->size, 1);
  memcpy(m->sandbox, st, sim_state_used(m, st));
  sim_env_load(m, m->sandbox, a, pc);
  sim_log log = {0};
  /* the path: point k's key and the barrier its wait names (-1 none); n points, then the
   * end (tail: the live entries it adds, all or none) or none seen (n == RUN_FAR) */
  uint32_t n = 0;
  uint64_t tail = all;
  bool ended = false, only0 = false;
  for (; n < RUN_FAR && !ended; n++) {
    const sim_ins *i = &m->code[pc];
    c->path[n].key = n ? agent_key(c, m, NULL, a, pc) : key0;
    c->path[n].bar = -1;
    ended = true; /* unless the op is passed below */
    if (i->code == IR_OP_TTNG_WAIT_BARRIER) {
      int32_t b = sim_view_bar(m, m->scratch[ins_in(m, i)[ins_seg_at(i, 0)]]);
      if (b < 0) continue; /* all */
      c->path[n].bar = (int8_t)((uint32_t)b % m->n_bars);
    } else if (i->code == SIM_I_FORK) {
      continue; /* all */
    } else if (i->code == SIM_I_JOIN) {
      tail = join_reads(c, m, (int32_t)i->imm) ? all : 0;
      continue;
    } else if (i->code == SIM_I_END) { /* async ops in flight stopped it before the exit */
      tail = 0;
      only0 = part; /* see below */
      continue;
    } else if (i->code == IR_OP_TTNG_WARP_GROUP_DOT_WAIT) { /* its results are used later */
      const uint32_t *in = ins_in(m, i), *o = ins_out(m, i);
      for (uint32_t k = 0; k < i->n_out && k < i->n_in; k++) m->scratch[o[k]] = m->scratch[in[k]];
      m->scratch[0] = 0;
    }
    pc++;
    int rc = sim_run_pure_from(m, m->sandbox, a, &pc, &log);
    if (rc == 1) { /* its end (pc stays there) */
      tail = part && join_reads(c, m, ws) ? all : 0;
      /* a partition at the kernel's end: whether it stops before the exit depends on the
       * events in flight, which the run from a later point sees in another state */
      only0 = part && pc < c->n_code && m->code[pc].code == SIM_I_END;
      continue;
    }
    ended = rc < 0; /* all */
  }
  /* the run from point k returns in its (n - 1 - k)-th iteration; one that needs RUN_MAX or
   * more answers all. Without an end seen: all when the cap comes first, else unknown. */
  uint64_t live = tail;
  for (uint32_t k = n; k-- > 0;) {
    if (c->path[k].bar >= 0) live |= 1ull << c->path[k].bar;
    if (!ended && RUN_FAR - k < RUN_MAX) continue;
    if (only0 && k) continue;
    memo_put(c, c->path[k].key, !ended || n - k > RUN_MAX ? all : live);
  }
}

/* run_live, memoized by the agent's local state. */
static uint64_t memo_live(sim_canon *c, sim_machine *m, const void *st, uint32_t a) {
  uint32_t pc = st_cagent(m, st, a)->pc;
  if (pc >= c->n_code) return m->n_bars == 64 ? ~0ull : (1ull << m->n_bars) - 1;
  uint64_t key = agent_key(c, m, st, a, pc);
  canon_ent *e = memo_at(c, key);
  if (e->gen == c->gen) return e->live;
  run_live(c, m, st, a);
  e = memo_at(c, key);
  assert(e->gen == c->gen); /* run_live answers its own point */
  return e->live;
}

/* Are all of agent a's entries live without running it (the coarse, static answer)? */
static bool static_live(const sim_canon *c, const sim_machine *m, const void *st, uint32_t a) {
  const sim_agent *ag = st_cagent(m, st, a);
  if (ag->pc >= c->n_code) return true;
  int32_t ws = m->regions[m->code[ag->pc].region].ws;
  if (!m->agents[a].local) /* the parent */
    return ag->status != SIM_AG_DONE && c->reads[ag->pc];
  if (ws < 0) return true; /* a partition outside a partition region: not expected */
  /* a finished partition's pc stays at its region's end (sim_exec.c SIM_I_PEND) */
  if (ag->status != SIM_AG_DONE && c->reads[ag->pc]) return true;
  return join_reads(c, m, ws);
}

/* Resets agent a's dead entries in st. */
static void canon_agent(sim_canon *c, sim_machine *m, void *st, uint32_t a) {
  int32_t *in = st_intent(m, st, a, 0);
  uint32_t b = 0;
  while (b < m->n_bars && in[b] == INT32_MIN) b++;
  if (b == m->n_bars) return; /* nothing to reset */
  const sim_agent *ag = st_cagent(m, st, a);
  uint64_t live;
  if (ag->status == SIM_AG_IDLE) live = 0; /* a fork overwrites them before any read */
  else if (!static_live(c, m, st, a)) live = 0;
  else if (ag->status != SIM_AG_RUN || !c->memo) return; /* all live */
  else live = memo_live(c, m, st, a);
  for (; b < m->n_bars; b++)
    if (!(live >> b & 1)) in[b] = INT32_MIN;
}

void sim_canon_apply(sim_canon *c, sim_machine *m, void *st) {
  if (!c) return;
  for (uint32_t a = 0; a < m->n_agents; a++) canon_agent(c, m, st, a);
}

void sim_canon_step(sim_canon *c, sim_machine *m, const void *prev, void *st, sim_trans t) {
  if (!c) return;
  for (uint32_t a = 0; a < m->n_agents; a++) {
    /* an agent other than the one that stepped changes its local state only with its record
     * (a fork starts it, a release moves it on): same record and entries, same answer */
    if (!(t.kind == SIM_TR_AGENT && t.who == a) &&
        !memcmp(st_cagent(m, prev, a), st_cagent(m, st, a), sizeof(sim_agent)) &&
        !memcmp(st_intent(m, (void *)prev, a, 0), st_intent(m, st, a, 0), m->n_bars * sizeof(int32_t)))
      continue;
    canon_agent(c, m, st, a);
  }
}
