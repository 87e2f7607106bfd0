/* vf_explore.c: depth-first search over the schedules of a machine with a visited-state table
 * (canonical 128-bit hashes), partial-order reduction (vf_por.c), the state checkers on every
 * new state, bounds (states, time), and random walks. One searcher (vf_dfs.h); the
 * multi-threaded search runs several of them (vf_par.c). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vf_dfs.h"
#include "sim/sim_size.h"

enum {
  CHUNK_BYTES = 4 << 20,       /* bytes per chunk of the DFS stack (huge-page backed) */
  AHEAD_TABLE_BYTES = 2 << 20, /* step_ahead from this size of the visited table on */
};

/* The state of frame f enters / leaves the stack (the cycle proviso's set, vf_onstack.c). */
static void stack_mark(dfs *d, const frame *f) { vf_onstack_add(&d->onstack, f->h); }
static void stack_unmark(dfs *d, const frame *f) { vf_onstack_remove(&d->onstack, f->h); }

double vf_now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint8_t *state_at(const dfs *d, uint32_t depth) { return d->fr[depth].st; }

static uint8_t *chunk(dfs *d, uint32_t c) {
  if (c >= d->n_chunks) {
    d->chunks = ir_xrealloc(d->chunks, (c + 1) * sizeof *d->chunks, 1);
    if (!d->chunks) ir_out_of_memory(0);
    while (d->n_chunks <= c) {
      d->chunks[d->n_chunks] = vf_big_zalloc(d->chunk_bytes);
      if (!d->chunks[d->n_chunks++]) ir_out_of_memory(0);
    }
  }
  return d->chunks[c];
}

/* Room for the state above the one at `depth` (a full-size state fits there); sets the
 * frame depth+1's location. */
static uint8_t *place_next(dfs *d, uint32_t depth) {
  frame *f = &d->fr[depth], *g = &d->fr[depth + 1];
  size_t used = (sim_state_used(d->m, f->st) + 7) & ~(size_t)7;
  uint8_t *base = chunk(d, f->chunk);
  size_t at = (size_t)(f->st - base) + used;
  g->chunk = f->chunk;
  if (at + d->ssz > d->chunk_bytes) {
    g->chunk++;
    at = 0;
  }
  g->st = chunk(d, g->chunk) + at;
  assert(at + d->ssz <= d->chunk_bytes); /* a full-size state fits at its place */
  return g->st;
}

/* Moves the state placed above `depth` down onto the state at `depth` (which must be dead:
 * never expanded again); returns its new place. The place of a state always has room for a
 * full-size state. */
static uint8_t *take_place(dfs *d, uint32_t depth) {
  frame *f = &d->fr[depth], *g = &d->fr[depth + 1];
  memmove(f->st, g->st, sim_state_used(d->m, g->st));
  g->st = f->st;
  g->chunk = f->chunk;
  return g->st;
}

static void grow(dfs *d) {
  if (d->depth + 2 < d->cap) return;
  d->cap = d->cap ? d->cap * 2 : 1024;
  d->fr = ir_xrealloc(d->fr, d->cap * sizeof *d->fr, 1);
  if (!d->fr) ir_out_of_memory(0);
}

/* Depth of the state at stack depth `depth` from the initial state. */
static uint32_t abs_depth(const dfs *d, uint32_t depth) { return d->n_prefix + depth; }

/* The root state's place. */
static uint8_t *place_root(dfs *d) {
  d->fr[0].chunk = 0;
  d->fr[0].st = chunk(d, 0);
  return d->fr[0].st;
}

/* The schedule to the state at `depth` (the prefix, then frames 1..depth), plus `last` if
 * given. */
static uint32_t path_to(dfs *d, uint32_t depth, const sim_trans *last) {
  uint32_t need = d->n_prefix + depth + 1;
  if (need > d->path_cap) {
    d->path_cap = need * 2;
    d->path = ir_xrealloc(d->path, d->path_cap, sizeof *d->path);
  }
  uint32_t n = 0;
  for (uint32_t k = 0; k < d->n_prefix; k++) d->path[n++] = d->prefix[k];
  for (uint32_t k = 1; k <= depth; k++) d->path[n++] = d->fr[k].taken;
  if (last) d->path[n++] = *last;
  return n;
}

static void bound(vf_result *r, const char *why) {
  if (r->bound_hit) return;
  r->bound_hit = true;
  snprintf(r->bound_why, sizeof r->bound_why, "%s", why);
}

/* Checks a new state at the top of the stack; returns false when it is terminal. */
static bool check_state(dfs *d, const void *st, sim_trans *en, int *n_en) {
  sim_machine *m = d->m;
  sim_viol v;
  if (vf_check_race_ex(m, st, &v, false)) {
    /* a bug ends its path (one root cause, one report): the state is not expanded */
    if (!vf_result_keeps(d->res, m, &v, abs_depth(d, d->depth))) {
      uint32_t n = path_to(d, d->depth, NULL);
      vf_check_race(m, st, &v); /* with its message */
      vf_result_add(d->res, m, &v, d->path, n, NULL);
    }
    *n_en = 0;
    return false;
  }
  *n_en = sim_enabled(m, st, en);
  if (*n_en == 0) {
    if (!sim_is_final(m, st)) {
      char *rel[SIM_MAX_REL];
      vf_deadlock_explain(m, st, &v, rel);
      if (!vf_result_keeps(d->res, m, &v, abs_depth(d, d->depth))) {
        uint32_t n = path_to(d, d->depth, NULL);
        vf_result_add(d->res, m, &v, d->path, n, rel);
      }
      for (int k = 0; k < SIM_MAX_REL; k++) free(rel[k]);
    }
    return false;
  }
  return true;
}

/* The violations of step t from `from` with their messages: the search steps tersely
 * (sim_log.terse), and steps again, on a copy, for the violations it reports. */
static const sim_log *full_log(dfs *d, const void *from, sim_trans t) {
  if (!d->spare) d->spare = ir_xmalloc(d->ssz, 1);
  memcpy(d->spare, from, sim_state_used(d->m, from));
  d->full = (sim_log){0};
  sim_step(d->m, d->spare, t, &d->full);
  return &d->full;
}

/* Records the violations of a step (t, from state `from`) or of the initial state (t NULL,
 * log not terse). */
static void record_viols(dfs *d, const sim_log *log, const sim_trans *t, const void *from) {
  if (log->assume_false) {
    if (!d->res->n_outside++) snprintf(d->res->outside_why, sizeof d->res->outside_why, "%s", log->text);
    return;
  }
  if (log->bound) bound(d->res, log->text[0] ? log->text : "a model bound was hit");
  if (!log->n_viol) return;
  /* the schedule is built only for a new bug or a shorter schedule: a violation repeated on
   * every transition of a deep search would otherwise cost O(depth) each (issue 11) */
  uint32_t n = UINT32_MAX;
  const sim_log *full = log->terse ? NULL : log;
  for (uint32_t k = 0; k < log->n_viol; k++) {
    if (vf_result_keeps(d->res, d->m, &log->viol[k], abs_depth(d, d->depth) + (t ? 1 : 0))) continue;
    if (n == UINT32_MAX) n = path_to(d, d->depth, t);
    if (!full) full = full_log(d, from, *t);
    /* the same step: the same violations, in the same order */
    assert(full->n_viol == log->n_viol && full->viol[k].kind == log->viol[k].kind &&
           full->viol[k].ins == log->viol[k].ins);
    vf_result_add(d->res, d->m, &full->viol[k], d->path, n, NULL);
  }
}

static void step_ahead(dfs *d);

/* Where frame `depth`'s stepped-ahead keys start: above its parent's. */
static uint32_t pre_base(const dfs *d, uint32_t depth) {
  return depth ? d->fr[depth - 1].pre_at + d->fr[depth - 1].npre : 0;
}

static void push_frame(dfs *d, sim_trans taken, const sim_trans *en, int n_en) {
  frame *f = &d->fr[d->depth];
  f->taken = taken;
  f->next = 0;
  f->reduced = 0;
  void *st = state_at(d, d->depth);
  assert(n_en >= 1 && n_en <= SIM_MAX_TRANS); /* a terminal state is never pushed */
  if (d->o->no_reduction) {
    memcpy(f->t, en, n_en * sizeof *en);
    f->n = (uint8_t)n_en;
  } else {
    f->n = (uint8_t)vf_por_ample(d->por, st, en, n_en, f->t);
    assert(f->n >= 1 && f->n <= n_en); /* the reduction explores a nonempty subset */
    f->reduced = f->n < n_en;
    d->res->st.por_pruned += (uint64_t)(n_en - f->n);
  }
  f->pre_at = pre_base(d, d->depth);
  f->npre = 0;
  /* only once the visited table outgrows the caches: a smaller one answers from cache, and
   * stepping ahead costs ~2-7 % more instructions (scratch copies, new successors found after
   * a descent stepped again) */
  if (d->ahead && vf_table_bytes(d->seen) >= AHEAD_TABLE_BYTES) step_ahead(d);
}

/* The --time-limit budget of the whole check is spent: the run ends inconclusive. */
static bool past_deadline(const vf_opts *o, vf_result *res) {
  if (o->deadline <= 0 || vf_now_s() <= o->deadline) return false;
  char why[96];
  snprintf(why, sizeof why, "the time limit (--time-limit %g s) was reached", o->time_limit);
  bound(res, why);
  return true;
}

/* The --max-states budget of the whole check (this run's states, of every searcher, and
 * earlier runs') is spent. */
static bool past_states(const dfs *d, uint64_t max_states) {
  const vf_opts *o = d->o;
  vf_result *res = d->res;
  uint64_t mine = d->sh ? __atomic_load_n(&d->sh->states, __ATOMIC_RELAXED) : res->st.states;
  if (o->states_done + mine < max_states) return false;
  char why[96];
  snprintf(why, sizeof why, "the state bound (--max-states %llu) was reached", (unsigned long long)max_states);
  bound(res, why);
  return true;
}

/* The key of state st in the visited table: its hash, or past the first sym_after states of
 * the run (vf.h) the hash of its symmetric representative (sim_sym.c). Both kinds of key in
 * one table: equal keys still mean states equal up to a permutation, so the mix is sound; a
 * state met before and after the switch may be searched twice. A search that stays small is
 * the exact one, bugs and schedules in the same order. */
static bool key_sym(const dfs *d) {
  if (!d->sym) return false;
  uint64_t after = d->o->sym_after ? d->o->sym_after : VF_SYM_AFTER;
  uint64_t mine = d->sh ? __atomic_load_n(&d->sh->states, __ATOMIC_RELAXED) : d->res->st.states;
  return mine + 1 >= after;
}
static sim_hash128 key_of(dfs *d, const void *st, bool sym) {
  return sym ? sim_sym_hash(d->sym, d->m, st) : sim_state_hash(d->m, st);
}
static sim_hash128 state_key(dfs *d, const void *st) { return key_of(d, st, key_sym(d)); }

/* Steps the transitions of the top frame ahead of their turn (a new state's, just pushed):
 * the keys of their successors become known now, so the visited table's lines they will probe
 * are prefetched while the others are stepped, and the DFS finds them in cache when it takes
 * the transitions in order (each key is looked up only then: the same visited set, states
 * and transitions as stepping in turn). Only a step with no other effect than its state is
 * kept (no violation, bound, assumption or global write: those are recorded in turn, so
 * stepped again then). The first successor stays in place above the state (the DFS takes it
 * next, nothing is placed there before); the others wait in the scratch states, copied into
 * place when new, until a deeper frame steps ahead (scratch_of): a successor new after the DFS
 * came back from a descent is stepped again in its turn (steps are deterministic). */
static void step_ahead(dfs *d) {
  grow(d); /* place_next's frame above */
  sim_machine *m = d->m;
  frame *f = &d->fr[d->depth];
  if (f->pre_at + f->n > d->pre_cap) {
    d->pre_cap = 2 * (f->pre_at + f->n) + 64;
    d->pre = ir_xrealloc(d->pre, d->pre_cap, sizeof *d->pre);
  }
  if (f->n > d->n_scratch) { /* room for every successor but the first */
    d->n_scratch = f->n;
    d->scratch = ir_xrealloc(d->scratch, d->n_scratch, d->ssz_al);
  }
  pre_ent *pe = d->pre + f->pre_at;
  const void *cur = f->st;
  size_t used = sim_state_used(m, cur);
  bool sym = key_sym(d);
  sim_log *log = &d->alog; /* terse, set up once (sim_step resets its outputs) */
  for (uint32_t k = 0; k < f->n; k++) {
    void *st = k ? (uint8_t *)d->scratch + (size_t)k * d->ssz_al : place_next(d, d->depth);
    memcpy(st, cur, used);
    int rc = sim_step(m, st, f->t[k], log);
    if (rc || log->n_viol || log->bound || log->assume_false || log->n_gw) {
      pe[k].kind = PRE_RAW;
      continue;
    }
    sim_canon_step(d->canon, m, cur, st, f->t[k]);
    pe[k].h = key_of(d, st, sym);
    pe[k].sym = sym;
    pe[k].kind = k ? PRE_KEY : PRE_PLACED;
    vf_table_prefetch(d->seen, pe[k].h); /* the first one's line comes while the others step */
  }
  f->npre = f->n;
  d->scratch_of = d->depth; /* until a deeper frame steps ahead */
}

/* Another searcher should stop too: the search ended, a bound, or the inputs are outside the
 * kernel's contract. */
static bool stopped(const dfs *d) { return d->sh && __atomic_load_n(&d->sh->stop, __ATOMIC_RELAXED); }
static void stop_all(dfs *d) {
  if (d->sh) __atomic_store_n(&d->sh->stop, 1, __ATOMIC_RELAXED);
}

/* Expands the stack from frame `depth` (frames 0..depth set up) until it is empty or a bound
 * stops the search. */
static void dfs_loop(dfs *d) {
  sim_machine *m = d->m;
  const vf_opts *o = d->o;
  vf_result *res = d->res;
  uint64_t max_states = o->max_states ? o->max_states : 5000000;
  bool c3 = d->c3;
  sim_log log = {.terse = true}; /* messages only for the violations reported (record_viols) */
  sim_trans en[SIM_MAX_TRANS];
  int n_en;
  bool cut = true; /* until the stack empties */
  for (;;) {
    frame *f = &d->fr[d->depth];
    if (f->next >= f->n) {
      if (c3) stack_unmark(d, f);
      if (d->depth == 0) {
        cut = false;
        break;
      }
      d->depth--;
      continue;
    }
    /* the clock on every 256th transition, not state: transitions that revisit or violate
     * cost time too; a multi-threaded search also gives work to idle searchers then */
    if ((++d->tick & 255) == 0) {
      if (past_deadline(o, res)) {
        stop_all(d);
        break;
      }
      if (stopped(d)) break;
      if (d->sh && __atomic_load_n(&d->sh->hungry, __ATOMIC_RELAXED)) vf_par_give(d);
      f = &d->fr[d->depth];
      if (f->next >= f->n) continue;
    }
    uint32_t ti = f->next;
    sim_trans t = f->t[f->next++];
    grow(d);
    f = &d->fr[d->depth];
    void *cur = state_at(d, d->depth);
    void *nxt;
    sim_hash128 h;
    /* stepped ahead (step_ahead): the successor's key is known, its effects are its state */
    const pre_ent *pe = ti < f->npre ? &d->pre[f->pre_at + ti] : NULL;
    if (pe && pe->kind != PRE_RAW && pe->sym == key_sym(d)) {
      res->st.transitions++;
      h = pe->h;
      nxt = NULL; /* placed (or stepped again) once the key proves new */
      goto lookup;
    }
    nxt = place_next(d, d->depth);
    memcpy(nxt, cur, sim_state_used(m, cur));
    res->st.transitions++;
    int rc = sim_step(m, nxt, t, &log);
    if (log.n_viol || log.bound || log.assume_false) record_viols(d, &log, &t, cur);
    if (log.n_gw && o->gw) {
      if (d->sh) pthread_mutex_lock(&d->sh->gw_mu);
      vf_gwset_note(o->gw, m, &log, t);
      if (d->sh) pthread_mutex_unlock(&d->sh->gw_mu);
    }
    if (res->n_outside) { /* the inputs are outside the contract: nothing more to learn */
      stop_all(d);
      break;
    }
    if (rc) continue;
    sim_canon_step(d->canon, m, cur, nxt, t); /* dead parts reset: equivalent states meet */
    h = state_key(d, nxt); /* past sym_after states, symmetric states meet too */
  lookup:
    if (!(d->recent ? vf_table_insert_cached(d->seen, d->recent, h) : vf_table_insert(d->seen, h))) {
      res->st.revisits++;
      /* cycle proviso (C3): a reduced state reaching a state in progress (on this stack)
       * explores everything (docs/verifier.md §4: then every cycle of the explored graph has
       * a fully expanded state). Several threads search only graphs without cycles (no C3). */
      if (c3 && f->reduced && vf_onstack_has(&d->onstack, h)) {
        sim_trans all[SIM_MAX_TRANS];
        int na = sim_enabled(m, cur, all);
        for (int k = 0; k < na; k++) {
          bool have = false;
          for (int j = 0; j < f->n; j++) have |= f->t[j].kind == all[k].kind && f->t[j].who == all[k].who;
          if (!have) f->t[f->n++] = all[k];
        }
        assert(f->n == na); /* fully expanded: the ample set was a subset of the enabled ones */
        f->reduced = 0;
      }
      continue;
    }
    if (!nxt) { /* a new state stepped ahead: in place, or stepped again (the same state) */
      nxt = place_next(d, d->depth);
      if (pe->kind == PRE_KEY && d->scratch_of == d->depth) { /* still in the scratch */
        const uint8_t *kept = (const uint8_t *)d->scratch + (size_t)ti * d->ssz_al;
        memcpy(nxt, kept, sim_state_used(m, kept));
      } else if (pe->kind != PRE_PLACED) {
        memcpy(nxt, cur, sim_state_used(m, cur));
        int rc2 = sim_step(m, nxt, t, &log);
        (void)rc2;
        assert(!rc2 && !log.n_viol && !log.bound && !log.assume_false && !log.n_gw);
        sim_canon_step(d->canon, m, cur, nxt, t);
      }
#ifdef TLXV_SELFCHECK
      sim_hash128 h2 = key_of(d, nxt, pe->sym);
      assert(h2.lo == h.lo && h2.hi == h.hi); /* the state stepped ahead */
#endif
    }
    res->st.states++;
    if (d->sh) __atomic_add_fetch(&d->sh->states, 1, __ATOMIC_RELAXED);
    /* the parent has no transition left (a reduced frame can gain some only while one of its
     * own transitions is being processed, C3 above): its state is dead, the new state takes
     * its place, so the stack holds only states that will still be expanded (a deep
     * reduced search stays in a few cache-hot pages) */
    if (f->next >= f->n) nxt = take_place(d, d->depth);
    d->depth++;
    assert(d->depth + 1 < d->cap); /* grow() left room for this frame and the next state */
    if (abs_depth(d, d->depth) > res->st.max_depth) res->st.max_depth = abs_depth(d, d->depth);
    d->fr[d->depth].taken = t;
    d->fr[d->depth].h = h;
    if (c3) stack_mark(d, &d->fr[d->depth]);
    if (check_state(d, nxt, en, &n_en)) push_frame(d, t, en, n_en);
    else {
      d->fr[d->depth].n = d->fr[d->depth].next = d->fr[d->depth].npre = 0;
      d->fr[d->depth].pre_at = pre_base(d, d->depth);
    }
    if (past_states(d, max_states)) {
      stop_all(d);
      break;
    }
  }
  /* a search cut short (a bound, another searcher's stop) leaves states on the stack, each
   * counted in progress: the counts go back (the loop ends at depth 0 only once frame 0 is
   * popped) */
  if (c3 && cut)
    for (uint32_t k = d->depth + 1; k-- > 0;) stack_unmark(d, &d->fr[k]);
}

int vf_dfs_root(dfs *d) {
  sim_machine *m = d->m;
  const vf_opts *o = d->o;
  vf_result *res = d->res;
  uint64_t max_states = o->max_states ? o->max_states : 5000000;
  sim_log log = {0};
  grow(d);
  d->depth = 0;
  void *s0 = place_root(d);
  if (sim_init(m, s0, &log)) {
    record_viols(d, &log, NULL, NULL);
    if (!log.n_viol && !log.bound) bound(res, "the initial state could not be built");
    return -1;
  }
  sim_canon_apply(d->canon, m, s0);
  d->fr[0].h = state_key(d, s0);
  vf_table_insert(d->seen, d->fr[0].h);
  if (d->c3) stack_mark(d, &d->fr[0]);
  res->st.states = 1;
  if (d->sh) __atomic_add_fetch(&d->sh->states, 1, __ATOMIC_RELAXED);
  sim_trans en[SIM_MAX_TRANS];
  int n_en;
  if (check_state(d, s0, en, &n_en)) push_frame(d, (sim_trans){0, 0}, en, n_en);
  else d->fr[0].n = d->fr[0].next = d->fr[0].npre = d->fr[0].pre_at = 0;
  /* earlier runs of the check may have spent the budgets */
  if (past_deadline(o, res) || past_states(d, max_states)) {
    if (d->c3) stack_unmark(d, &d->fr[0]);
    stop_all(d);
    return 0;
  }
  dfs_loop(d);
  return 0;
}

void vf_dfs_work(dfs *d, const vf_work *w) {
  grow(d);
  d->depth = 0;
  d->prefix = w->prefix;
  d->n_prefix = w->n_prefix;
  frame *f = &d->fr[0];
  memcpy(place_root(d), w->st, sim_state_used(d->m, w->st));
  f->h = w->h;
  f->taken = w->n_prefix ? w->prefix[w->n_prefix - 1] : (sim_trans){0, 0};
  memcpy(f->t, w->t, w->n * sizeof *w->t);
  f->n = w->n;
  f->next = 0;
  f->npre = 0;
  f->pre_at = 0;
  f->reduced = w->reduced;
  /* the state is visited (by the giver): it is in progress here too while its transitions are */
  if (d->c3) stack_mark(d, f);
  dfs_loop(d);
  d->prefix = NULL;
  d->n_prefix = 0;
}

/* Random walks: never a proof; finds bugs fast on large kernels. */
static int run_random(dfs *d) {
  sim_machine *m = d->m;
  uint64_t x = d->o->seed ? d->o->seed : 0x9e3779b97f4a7c15ull;
  sim_log log = {0};
  sim_trans en[SIM_MAX_TRANS];
  for (uint32_t w = 0; w < d->o->random_walks; w++) {
    d->depth = 0;
    grow(d);
    void *s = place_root(d);
    log.terse = false;
    if (sim_init(m, s, &log)) {
      record_viols(d, &log, NULL, NULL);
      return -1;
    }
    log.terse = true;
    for (uint32_t step = 0; step < 1000000; step++) {
      int n;
      if (!check_state(d, state_at(d, d->depth), en, &n)) break;
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      sim_trans t = en[x % (uint64_t)n];
      grow(d);
      void *cur = state_at(d, d->depth);
      void *nxt = place_next(d, d->depth);
      memcpy(nxt, cur, sim_state_used(m, cur));
      d->res->st.transitions++;
      int rc = sim_step(m, nxt, t, &log);
      if (log.n_viol || log.bound || log.assume_false) record_viols(d, &log, &t, cur);
      if (d->res->n_outside) return 0;
      if (log.n_gw && d->o->gw) vf_gwset_note(d->o->gw, m, &log, t);
      if (rc) break;
      take_place(d, d->depth); /* a walk never goes back: one state in memory */
      d->depth++;
      d->fr[d->depth].taken = t;
      d->res->st.states++;
      if (d->depth > d->res->st.max_depth) d->res->st.max_depth = d->depth;
    }
  }
  bound(d->res, "random walks never prove the absence of bugs");
  return 0;
}

void vf_dfs_init(dfs *d, sim_machine *m, const vf_opts *o, vf_result *res, vf_table *seen, vf_shared *sh) {
  memset(d, 0, sizeof *d);
  d->m = m;
  d->o = o;
  d->res = res;
  d->sh = sh;
  d->ssz = sim_state_size(m);
  d->chunk_bytes = 2 * d->ssz > CHUNK_BYTES ? 2 * d->ssz : CHUNK_BYTES;
  d->seen = seen;
  if (sh) d->recent = ir_xcalloc(VF_RECENT, sizeof *d->recent);
  d->por = o->no_reduction ? NULL : vf_por_new(m);
  /* --no-reduction: no state merging beyond the model's own either (a plain reference) */
  d->canon = o->no_reduction ? NULL : sim_canon_new(m);
  /* waves interchangeable up to a permutation (sim_sym.c): only in graphs without cycles,
   * where the cycle proviso never needs to see a state on the stack up to symmetry */
  d->sym = o->no_reduction || o->no_symmetry || sim_may_cycle(m) ? NULL : sim_sym_new(m);
  /* one thread: always; several threads search only state graphs without cycles */
  d->c3 = !o->no_reduction && !sh;
  /* one thread: its table can be prefetched (a shared table's shards move under their locks) */
  d->ahead = !sh && !o->random_walks;
  d->ssz_al = (d->ssz + 63) & ~(size_t)63;
  d->alog.terse = true;
  d->scratch_of = UINT32_MAX;
  if (d->c3) vf_onstack_init(&d->onstack);
}

void vf_dfs_free(dfs *d) {
  vf_por_free(d->por);
  sim_canon_free(d->canon);
  sim_sym_free(d->sym);
  if (d->c3) vf_onstack_free(&d->onstack);
  free(d->fr);
  for (uint32_t k = 0; k < d->n_chunks; k++) vf_big_free(d->chunks[k], d->chunk_bytes);
  free(d->chunks);
  free(d->path);
  free(d->spare);
  free(d->recent);
  free(d->pre);
  free(d->scratch);
}

/* The verdict of a finished search (one searcher's result, or the merged ones). */
static void finish(vf_result *res) {
  if (res->n_outside) {
    /* undefined behaviour from here on: neither its bugs nor its bounds are the kernel's */
    vf_result_drop_bugs(res);
    res->bound_hit = false;
    res->bound_why[0] = 0;
  }
  vf_result_sort(res);
  res->verdict = vf_result_verdict(res); /* errors only: warnings leave a run verified */
}

int vf_explore(sim_machine *m, const vf_opts *o, vf_result *res) {
  /* several threads only where the state graph has no cycle (vf_par.c): no cycle proviso */
  if (o->threads > 1 && !o->random_walks && !sim_may_cycle(m)) {
    int rc = vf_par_explore(m, o, res);
    finish(res);
    return rc;
  }
  dfs d;
  vf_dfs_init(&d, m, o, res, vf_table_new(), NULL);
  double t0 = vf_now_s();
  int rc = o->random_walks ? run_random(&d) : vf_dfs_root(&d);
  res->st.seconds = vf_now_s() - t0;
  size_t bytes = vf_table_bytes(d.seen) + (size_t)d.n_chunks * d.chunk_bytes + (size_t)d.cap * sizeof(frame);
  if (bytes > res->st.peak_bytes) res->st.peak_bytes = bytes;
  vf_table_free(d.seen);
  vf_dfs_free(&d);
  finish(res);
  return rc;
}
