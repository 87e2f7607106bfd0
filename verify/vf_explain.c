/* vf_explain.c: the explain search (vf_explain.h). Breadth first, so the first matching state
 * found has a shortest schedule; only the frontier's states are kept (visited states: their
 * 128-bit hashes, plus a parent link each for the schedule). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vf_explain.h"
#include "sim/sim_size.h"
#include "vf_por.h"

static const char *base_name(const char *p) {
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

bool vf_xins_at(const sim_machine *m, uint32_t ins, const obs_agent *ob) {
  ir_loc l = sim_ins_loc(m, ins);
  if (!l.line) return false;
  for (uint32_t k = 0; k < ob->n_lines; k++)
    if (ob->lines[k].line == l.line &&
        (!ob->lines[k].file || (l.file && !strcmp(base_name(ob->lines[k].file), base_name(l.file)))))
      return true;
  return false;
}

/* The barrier facts of ob against the barrier agent a waits on. */
static bool facts_match(const sim_machine *m, const void *st, uint32_t a, const obs_facts *f) {
  if (!f->has_phase && !f->has_parity && !f->has_pending && !f->has_tx) return true;
  uint32_t bar;
  int32_t parity;
  if (!sim_agent_wait_barrier(m, st, a, &bar, &parity)) return false;
  sim_barinfo bi;
  sim_barrier_info(m, st, bar, &bi);
  if (!bi.valid) return false;
  /* the model's phase is absolute (semantics.md §3): the hardware keeps its parity */
  if (f->has_phase && (bi.phase & 1) != (f->phase & 1)) return false;
  if (f->has_parity && (parity & 1) != (f->parity & 1)) return false;
  if (f->has_pending && bi.pending != f->pending) return false;
  if (f->has_tx && bi.tx != f->tx) return false;
  return true;
}

static bool enabled(const sim_trans *en, int n_en, uint32_t a) {
  for (int k = 0; k < n_en; k++)
    if (en[k].kind == SIM_TR_AGENT && en[k].who == a) return true;
  return false;
}

bool vf_xagent_matches(sim_machine *m, const void *st, uint32_t a, const obs_agent *ob,
                       const sim_trans *en, int n_en, bool *at_line, bool *blocked) {
  int s = sim_agent_status_of(m, st, a);
  bool live = s == SIM_AG_RUN || s == SIM_AG_NBWAIT || s == SIM_AG_CLWAIT;
  *at_line = *blocked = false;
  switch (ob->what) {
  case OBS_EXITED:
    /* a partition joined by its parent is idle again: it finished too */
    return s == SIM_AG_DONE || (s == SIM_AG_IDLE && a % (sim_n_agents(m) / sim_n_ctas(m)) != 0);
  case OBS_RUNNING:
    return live && enabled(en, n_en, a);
  case OBS_AT:
    if (!live) return false;
    *at_line = vf_xins_at(m, sim_agent_pc(m, st, a), ob);
    *blocked = *at_line && !enabled(en, n_en, a);
    return *blocked && facts_match(m, st, a, &ob->facts);
  default:
    return true;
  }
}

/* ------------------------------------------------------------------ the search */

typedef struct layer {
  uint8_t *bytes;              /* states, each at off[k] (used bytes, rounded to 8) */
  size_t len, cap;
  uint32_t *id;                /* visited-state id of each */
  size_t *off;
  uint32_t n, ncap;
} layer;

static void layer_push(layer *l, const void *st, size_t used, uint32_t id) {
  size_t need = (used + 7) & ~(size_t)7;
  if (l->len + need > l->cap) {
    l->cap = (l->len + need) * 2;
    l->bytes = ir_xrealloc(l->bytes, l->cap, 1);
  }
  if (l->n == l->ncap) {
    l->ncap = l->ncap ? l->ncap * 2 : 1024;
    l->id = ir_xrealloc(l->id, l->ncap, sizeof *l->id);
    l->off = ir_xrealloc(l->off, l->ncap, sizeof *l->off);
  }
  memcpy(l->bytes + l->len, st, used);
  l->off[l->n] = l->len;
  l->id[l->n++] = id;
  l->len += need;
}

/* Whether the observation can follow a state (fits), for the agents' positions in it. */
enum { FIT_CACHE = 1024 };
typedef struct fit_entry {
  uint32_t pc[SIM_MAX_AGENTS];
  uint8_t status[SIM_MAX_AGENTS];
  uint8_t val;                 /* 0 empty, 1 fits, 2 does not */
} fit_entry;

typedef struct search {
  sim_machine *m;
  const vf_xgoal *g;
  vf_xresult *r;
  uint32_t *parent;            /* per visited id */
  sim_trans *via;
  uint32_t n_ids, cap_ids;
  uint64_t close_sig[VF_X_CLOSE];
  fit_entry *fit_cache;         /* FIT_CACHE entries, direct mapped by positions_sig; made
                                  when the first halting bug is met */
  uint8_t *mark;               /* sim_agent_reach's marks, one instruction each */
  vf_xpath tmp;                /* a halting bug's schedule being built */
} search;

static uint32_t new_id(search *s, uint32_t parent, sim_trans t) {
  if (s->n_ids == s->cap_ids) {
    s->cap_ids = s->cap_ids ? s->cap_ids * 2 : 4096;
    s->parent = ir_xrealloc(s->parent, s->cap_ids, sizeof *s->parent);
    s->via = ir_xrealloc(s->via, s->cap_ids, sizeof *s->via);
  }
  s->parent[s->n_ids] = parent;
  s->via[s->n_ids] = t;
  return s->n_ids++;
}

static void path_of(const search *s, uint32_t id, vf_xpath *p) {
  uint32_t n = 0;
  for (uint32_t k = id; k; k = s->parent[k]) n++;
  free(p->steps);
  p->steps = ir_xmalloc(n + 1, sizeof *p->steps);
  p->n = n;
  for (uint32_t k = id; k; k = s->parent[k]) p->steps[--n] = s->via[k];
}

/* A hash of every agent's position (pc and status) in st. */
static uint64_t positions_sig(sim_machine *m, const void *st) {
  uint64_t sig = 1469598103934665603ull;
  for (uint32_t a = 0; a < sim_n_agents(m); a++)
    sig = (sig ^ sim_agent_pc(m, st, a) ^ ((uint64_t)sim_agent_status_of(m, st, a) << 32)) * 1099511628211ull;
  return sig;
}

/* Scores st; returns true when it matches. Keeps the closest candidates. */
static bool visit(search *s, const void *st, uint32_t id) {
  sim_machine *m = s->m;
  sim_trans en[SIM_MAX_TRANS];
  int n_en = sim_enabled(m, st, en);
  uint32_t na = sim_n_agents(m), score = 0;
  uint64_t sig = positions_sig(m, st);
  for (uint32_t a = 0; a < na; a++) {
    const obs_agent *ob = s->g->want[a];
    if (!ob) continue;
    bool at, blocked;
    bool ok = vf_xagent_matches(m, st, a, ob, en, n_en, &at, &blocked);
    vf_xseen *v = &s->r->seen[a];
    v->at_line |= at;
    v->blocked_at_line |= blocked;
    v->matched |= ok;
    score += ok;
  }
  bool stuck = n_en == 0 && !sim_is_final(m, st);
  if (s->g->terminal && !stuck) return false;
  if (score == s->g->n_want) return true;
  /* closest: most agents matching; BFS order makes the first of a score the shortest */
  vf_xresult *r = s->r;
  for (uint32_t k = 0; k < r->n_close; k++)
    if (s->close_sig[k] == sig) return false;
  uint32_t at = r->n_close;
  while (at > 0 && r->close[at - 1].score < score) at--;
  if (at >= VF_X_CLOSE) return false;
  if (r->n_close == VF_X_CLOSE) {
    free(r->close[VF_X_CLOSE - 1].steps);
    r->n_close--;
  }
  memmove(&r->close[at + 1], &r->close[at], (r->n_close - at) * sizeof r->close[0]);
  memmove(&s->close_sig[at + 1], &s->close_sig[at], (r->n_close - at) * sizeof s->close_sig[0]);
  r->close[at] = (vf_xpath){0};
  path_of(s, id, &r->close[at]);
  r->close[at].score = score;
  s->close_sig[at] = sig;
  r->n_close++;
  return false;
}

/* ------------------------------------------------------------------ halting bugs */

/* Whether observed agent a can still get where it was seen from st: to one of its observed
 * lines, or (seen running) to any instruction. */
static bool can_get_there(search *s, const void *st, uint32_t a) {
  const obs_agent *ob = s->g->want[a];
  uint32_t ni = sim_n_instructions(s->m);
  memset(s->mark, 0, ni);
  sim_agent_reach(s->m, st, a, s->mark);
  for (uint32_t i = 0; i < ni; i++)
    if (s->mark[i] && (ob->what == OBS_RUNNING || vf_xins_at(s->m, i, ob))) return true;
  return false;
}

/* Whether the observation can follow st (vf_xresult: a bug that fits). It depends on the
 * agents' positions alone. */
static bool fits(search *s, const void *st) {
  sim_machine *m = s->m;
  if (!s->fit_cache) {
    s->fit_cache = ir_xcalloc(FIT_CACHE, sizeof *s->fit_cache);
    s->mark = ir_xcalloc(sim_n_instructions(m) + 1, 1);
  }
  uint32_t na = sim_n_agents(m);
  fit_entry *c = &s->fit_cache[positions_sig(m, st) % FIT_CACHE];
  bool same = c->val != 0;
  for (uint32_t a = 0; a < na && same; a++)
    same = c->pc[a] == sim_agent_pc(m, st, a) && c->status[a] == sim_agent_status_of(m, st, a);
  if (same) return c->val == 1;
  bool ok = true;
  for (uint32_t a = 0; a < na && ok; a++) {
    const obs_agent *ob = s->g->want[a];
    if (!ob || ob->what == OBS_EXITED) continue; /* any agent can still finish */
    ok = can_get_there(s, st, a);
  }
  for (uint32_t a = 0; a < na; a++) {
    c->pc[a] = sim_agent_pc(m, st, a);
    c->status[a] = (uint8_t)sim_agent_status_of(m, st, a);
  }
  c->val = ok ? 1 : 2;
  return ok;
}

/* Step t from st (the state of visited id, at depth steps) ended its path with violations:
 * keeps each as a halting bug, with the schedule to it, unless a schedule as short is kept. */
static void note_halt(search *s, const void *st, uint32_t id, uint32_t depth, sim_trans t, const sim_log *log) {
  int fit = -1; /* not known yet: fits() is asked only for a bug not known to fit */
  bool have_path = false;
  for (uint32_t k = 0; k < log->n_viol; k++) {
    if (vf_result_keeps(&s->r->fit, s->m, &log->viol[k], depth + 1)) continue;
    if (fit < 0) fit = fits(s, st);
    vf_result *dst = fit ? &s->r->fit : &s->r->other;
    if (!fit && vf_result_keeps(dst, s->m, &log->viol[k], depth + 1)) continue;
    if (!have_path) {
      path_of(s, id, &s->tmp); /* room for one more step */
      s->tmp.steps[s->tmp.n] = t;
      have_path = true;
    }
    vf_result_add(dst, s->m, &log->viol[k], s->tmp.steps, s->tmp.n + 1, NULL);
  }
}

/* Drops from r->other the bugs r->fit holds too (met on paths of both kinds). */
static void drop_fitting_others(sim_machine *m, vf_xresult *r) {
  if (!r->fit.n_bugs || !r->other.n_bugs) return;
  vf_result keep = {0};
  for (uint32_t k = 0; k < r->other.n_bugs; k++) {
    const vf_bug *b = &r->other.bugs[k];
    if (!vf_result_find(&r->fit, m, &b->v)) vf_result_add(&keep, m, &b->v, b->path, b->n_path, b->rel_text);
  }
  vf_result_free(&r->other);
  r->other = keep;
}

static void bound(vf_xresult *r, const char *why) {
  if (r->bound_hit) return;
  r->bound_hit = true;
  snprintf(r->bound_why, sizeof r->bound_why, "%s", why);
}

int vf_explain_search(sim_machine *m, const vf_xgoal *g, const vf_opts *o, vf_xresult *r) {
  memset(r, 0, sizeof *r);
  double t0 = vf_now_s();
  uint32_t na = sim_n_agents(m), ni = sim_n_instructions(m);
  for (uint32_t a = 0; a < na; a++)
    if (g->want[a] && g->want[a]->what == OBS_AT)
      for (uint32_t i = 0; i < ni && !r->seen[a].has_op; i++) r->seen[a].has_op = vf_xins_at(m, i, g->want[a]);
  search s = {.m = m, .g = g, .r = r};
  r->reduced = g->terminal && !o->no_reduction;
  vf_por *por = r->reduced ? vf_por_new(m) : NULL;
  vf_table *seen = vf_table_new();
  size_t ssz = sim_state_size(m);
  uint8_t *st = ir_xcalloc(1, ssz), *nx = ir_xcalloc(1, ssz);
  layer cur = {0}, nxt = {0};
  uint64_t max_states = o->max_states ? o->max_states : 5000000;
  sim_log log = {0};
  int rc = 0;
  if (sim_init(m, st, &log)) {
    bound(r, "the initial state could not be built");
    rc = -1;
    goto out;
  }
  vf_table_insert(seen, sim_state_hash(m, st));
  uint32_t id0 = new_id(&s, 0, (sim_trans){0, 0});
  r->states = 1;
  if (visit(&s, st, id0)) {
    r->found = true;
    path_of(&s, id0, &r->match);
    goto out;
  }
  layer_push(&cur, st, sim_state_used(m, st), id0);
  uint64_t tick = 0;
  uint32_t depth = 0; /* of the states of cur */
  while (cur.n && !r->found) {
    for (uint32_t k = 0; k < cur.n && !r->found; k++) {
      memset(st, 0, ssz);
      const uint8_t *src = cur.bytes + cur.off[k];
      size_t used = (k + 1 < cur.n ? cur.off[k + 1] : cur.len) - cur.off[k];
      memcpy(st, src, used < ssz ? used : ssz);
      sim_trans en[SIM_MAX_TRANS], am[SIM_MAX_TRANS];
      int n_en = sim_enabled(m, st, en);
      const sim_trans *ts = en;
      if (por && n_en > 1) {
        n_en = vf_por_ample(por, st, en, n_en, am);
        ts = am;
      }
      for (int j = 0; j < n_en && !r->found; j++) {
        memcpy(nx, st, ssz);
        int src_rc = sim_step(m, nx, ts[j], &log);
        if (log.bound) bound(r, log.text[0] ? log.text : "a model bound was hit");
        /* a halting bug (not a bound; a false assume is outside the kernel's contract) */
        if (src_rc && log.n_viol && !log.bound && !log.assume_false) note_halt(&s, st, cur.id[k], depth, ts[j], &log);
        if (src_rc) continue;
        if (!vf_table_insert(seen, sim_state_hash(m, nx))) continue;
        uint32_t id = new_id(&s, cur.id[k], ts[j]);
        r->states++;
        if (visit(&s, nx, id)) {
          r->found = true;
          path_of(&s, id, &r->match);
          break;
        }
        layer_push(&nxt, nx, sim_state_used(m, nx), id);
        if (r->states >= max_states) {
          char why[96];
          snprintf(why, sizeof why, "the state bound (--max-states %llu) was reached", (unsigned long long)max_states);
          bound(r, why);
          goto out;
        }
        if ((++tick & 255) == 0 && o->deadline > 0 && vf_now_s() > o->deadline) {
          char why[96];
          snprintf(why, sizeof why, "the time limit (--time-limit %g s) was reached", o->time_limit);
          bound(r, why);
          goto out;
        }
      }
    }
    layer t = cur;
    cur = nxt;
    nxt = t;
    nxt.n = 0;
    nxt.len = 0;
    depth++;
  }
out:
  drop_fitting_others(m, r);
  vf_result_sort(&r->fit);
  vf_result_sort(&r->other);
  r->seconds = vf_now_s() - t0;
  free(cur.bytes), free(cur.id), free(cur.off);
  free(nxt.bytes), free(nxt.id), free(nxt.off);
  free(st);
  free(nx);
  free(s.parent);
  free(s.via);
  free(s.fit_cache);
  free(s.mark);
  free(s.tmp.steps);
  vf_table_free(seen);
  vf_por_free(por);
  return rc;
}

void vf_xresult_free(vf_xresult *r) {
  free(r->match.steps);
  for (uint32_t k = 0; k < r->n_close; k++) free(r->close[k].steps);
  vf_result_free(&r->fit);
  vf_result_free(&r->other);
  memset(r, 0, sizeof *r);
}
