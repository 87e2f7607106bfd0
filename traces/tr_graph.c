/* tr_graph.c: builds the pipeline schedule graph of a replayed schedule: per agent a lane of
 * nodes (each wait alone, runs of other ops between waits grouped, cut at loop iterations),
 * for the first N iterations; edges from the steps that completed a barrier phase to the
 * waits that observed it; a counterexample's chain and bug marked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tr_graph.h"
#include "ir/ir_alloc.h"

enum {
  TG_MAX_REL = 64,
  TG_MAX_LANE_STEPS = 400,     /* steps drawn per lane at most (layout time grows fast) */
};

static uint32_t add_node(tg_graph *g, uint8_t kind, uint32_t lane, uint32_t iter, uint32_t step) {
  g->nodes = ir_grow(g->nodes, &g->cap_nodes, g->n_nodes + 1, sizeof *g->nodes);
  tg_node *n = &g->nodes[g->n_nodes];
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->lane = lane;
  n->iter = iter;
  n->row_first = g->n_rows;
  n->step_first = step;
  return g->n_nodes++;
}

static tg_row *add_row(tg_graph *g, uint32_t node) {
  g->rows = ir_grow(g->rows, &g->cap_rows, g->n_rows + 1, sizeof *g->rows);
  tg_row *rw = &g->rows[g->n_rows++];
  memset(rw, 0, sizeof *rw);
  g->nodes[node].n_rows++;
  return rw;
}

static void add_edge(tg_graph *g, uint32_t from, uint32_t to, uint8_t kind, uint8_t mark,
                     const char *label) {
  if (from == UINT32_MAX || to == UINT32_MAX) return;
  g->edges = ir_grow(g->edges, &g->cap_edges, g->n_edges + 1, sizeof *g->edges);
  tg_edge *e = &g->edges[g->n_edges++];
  e->from = from;
  e->to = to;
  e->kind = kind;
  e->mark = mark;
  snprintf(e->label, sizeof e->label, "%s", label ? label : "");
}

/* ------------------------------------------------------------------ row text */

/* One row's text for step i. */
static void row_text(const tr_run *r, uint32_t i, char *buf, size_t n) {
  const tr_step *s = &r->steps[i];
  const ir_op *op = sim_ins_op(r->m, s->ins);
  const char *verb = tr_op_short(op);
  switch (s->kind) {
  case TR_S_WAIT:
    if (s->wait_phase < 0)
      snprintf(buf, n, "wait %s parity %d (fresh barrier: passes)", s->obj, s->wait_parity);
    else
      snprintf(buf, n, "wait %s parity %d", s->obj, s->wait_parity);
    return;
  case TR_S_ASYNC_WAIT: {
    int64_t p = op ? ir_op_attr_int(op, "pendings", ir_op_attr_int(op, "num", -1)) : -1;
    if (p >= 0)
      snprintf(buf, n, "%s %lld", verb, (long long)p);
    else
      snprintf(buf, n, "%s", verb);
    return;
  }
  case TR_S_ISSUE: {
    /* the direction of the copy for copies, plain for MMAs and commits */
    const tr_event *e = &r->events[s->ev_first];
    bool store = op && (op->code == IR_OP_TTNG_TMA_L2G || op->code == IR_OP_TTNG_TMA_REDUCE ||
                        op->code == IR_OP_TTNG_TMA_SCATTER);
    bool load = op && (op->code == IR_OP_TTNG_TMA_G2L || op->code == IR_OP_TTNG_TMA_GATHER ||
                       op->code == IR_OP_TTG_ASYNC_COPY_G2L || op->code == IR_OP_AMDG_TDM_G2L);
    snprintf(buf, n, "%s%s%s%s", verb, store ? " ← " : load ? " → " : " ", e->what[0] ? e->what : "?",
             s->n_ev > 1 ? " ..." : "");
    return;
  }
  default:
    break;
  }
  if (op && (op->code == IR_OP_TTNG_ARRIVE_BARRIER || op->code == IR_OP_AMDG_ARRIVE_BARRIER) &&
      !s->n_eff && !s->n_viol) {
    snprintf(buf, n, "arrive skipped (predicate false)");
    return;
  }
  if (op && op->code == IR_OP_TTNG_BARRIER_EXPECT) {
    snprintf(buf, n, "expect %s %lld B", s->obj, (long long)ir_op_attr_int(op, "size", 0));
    return;
  }
  if (!op) {
    /* a pseudo instruction (fork, join, end): the log's own words */
    snprintf(buf, n, "%.60s", s->text[0] ? s->text : "step");
    return;
  }
  snprintf(buf, n, "%s%s%s", verb, s->obj[0] ? " " : "", s->obj);
}

/* ------------------------------------------------------------------ which steps to show */

typedef struct tg_win {
  uint32_t iterations;
  const uint8_t *relevant;
  uint32_t last_iter[SIM_MAX_AGENTS]; /* highest iteration each agent reached */
  bool bug;                    /* counterexample: also show each agent's last two iterations */
} tg_win;

static bool shown(const tr_run *r, const tg_win *w, uint32_t i) {
  const tr_step *s = &r->steps[i];
  if (s->iter < w->iterations) return true;
  if (w->relevant && w->relevant[i]) return true;
  return w->bug && s->iter + 2 > w->last_iter[s->agent];
}

/* ------------------------------------------------------------------ marks */

static bool ins_in_bug(const sim_viol *bug, uint32_t ins) {
  if (bug->ins == ins) return true;
  for (uint32_t k = 0; k < bug->n_rel && k < SIM_MAX_REL; k++)
    if (bug->rel[k] == ins) return true;
  return false;
}

/* Per step mark: chain (relevant) or bug (the primary and related ops). */
static void mark_steps(const tr_run *r, const sim_viol *bug, const uint8_t *relevant, uint8_t *mark) {
  for (uint32_t i = 0; i < r->n_steps; i++) mark[i] = relevant && relevant[i] ? TG_MARK_CHAIN : 0;
  if (!bug || bug->kind == SIM_BUG_DEADLOCK) return; /* a deadlock's bug is its blocked nodes */
  bool st = tr_run_state_bug(r, bug);
  uint32_t at = st || !r->n_steps ? (r->n_steps ? r->n_steps - 1 : 0) : r->out.bug_step;
  uint32_t ins[1 + SIM_MAX_REL], n = 0;
  ins[n++] = bug->ins;
  for (uint32_t k = 0; k < bug->n_rel && k < SIM_MAX_REL; k++) ins[n++] = bug->rel[k];
  for (uint32_t k = 0; k < n; k++) {
    if (st && tr_run_next_agent(r, ins[k]) >= 0) continue; /* shown as a "next" node */
    uint32_t p = tr_run_last_of(r, ins[k], at);
    if (p != UINT32_MAX) mark[p] = TG_MARK_BUG;
  }
}

/* ------------------------------------------------------------------ lanes and nodes */

static int32_t lane_warps(const ir_module *mod, const sim_machine *m, const char *name) {
  if (!mod) return 0;
  const char *dot = strchr(name, '.');
  if (dot && !strncmp(name, "cta", 3)) name = dot + 1;
  if (!strcmp(name, "default")) return (int32_t)ir_module_attr_int(mod, "ttg.num-warps", 0);
  for (uint32_t i = 0; i < sim_n_instructions(m); i++) {
    const ir_op *op = sim_ins_op(m, i);
    if (!op || op->code != IR_OP_TTG_WARP_SPECIALIZE) continue;
    for (uint32_t k = 0; k < op->n_regions; k++)
      if (op->regions[k]->label && !strcmp(op->regions[k]->label, name))
        return op->regions[k]->num_warps;
  }
  return 0;
}

/* Whether step i starts a new node after node cur (UINT32_MAX: none open). */
static bool starts_node(const tg_graph *g, uint32_t cur, uint32_t i) {
  if (cur == UINT32_MAX) return true;
  const tr_step *s = &g->r->steps[i];
  const tg_node *n = &g->nodes[cur];
  if (s->kind == TR_S_WAIT || s->kind == TR_S_ASYNC_WAIT || n->kind == TG_WAIT) return true;
  return s->iter != n->iter;
}

static void add_gap(tg_graph *g, uint32_t lane, uint32_t skipped, uint32_t it_lo, uint32_t it_hi,
                    uint32_t *prev) {
  uint32_t gap = add_node(g, TG_GAP, lane, it_lo, UINT32_MAX);
  if (gap == UINT32_MAX) return;
  if (it_hi > it_lo)
    snprintf(g->nodes[gap].note, sizeof g->nodes[gap].note, "⋮  %u steps (iterations %u-%u)",
             skipped, it_lo, it_hi);
  else
    snprintf(g->nodes[gap].note, sizeof g->nodes[gap].note, "⋮  %u steps", skipped);
  add_edge(g, *prev, gap, TG_E_PROGRAM, 0, NULL);
  *prev = gap;
}

/* Rows of agent a's shown steps, grouped into nodes; returns the last node. */
static uint32_t build_lane(tg_graph *g, uint32_t lane, const tg_win *w, const uint8_t *mark) {
  const tr_run *r = g->r;
  uint32_t a = g->lanes[lane].agent, prev = g->lanes[lane].head, cur = UINT32_MAX;
  uint32_t skipped = 0, it_lo = 0, it_hi = 0, drawn = 0;
  for (uint32_t i = 0; i < r->n_steps; i++) {
    const tr_step *s = &r->steps[i];
    if (s->t.kind != SIM_TR_AGENT || s->agent != a) continue;
    if (!shown(r, w, i) || (drawn >= TG_MAX_LANE_STEPS && !(w->relevant && w->relevant[i]))) {
      if (!skipped || s->iter < it_lo) it_lo = s->iter;
      if (!skipped || s->iter > it_hi) it_hi = s->iter;
      skipped++;
      cur = UINT32_MAX;
      continue;
    }
    if (skipped) {
      add_gap(g, lane, skipped, it_lo, it_hi, &prev);
      skipped = 0;
    }
    drawn++;
    char text[112];
    row_text(r, i, text, sizeof text);
    if (starts_node(g, cur, i)) {
      uint8_t kind = s->kind == TR_S_WAIT || s->kind == TR_S_ASYNC_WAIT ? TG_WAIT : TG_OPS;
      cur = add_node(g, kind, lane, s->iter, i);
      if (cur == UINT32_MAX) break;
      add_edge(g, prev, cur, TG_E_PROGRAM, 0, NULL);
      prev = cur;
    } else if (g->nodes[cur].n_rows) {
      /* runs of the same op (barrier inits of the prologue) collapse into one row */
      tg_row *last = &g->rows[g->n_rows - 1];
      const ir_op *op = sim_ins_op(r->m, s->ins);
      if (op && (op->code == IR_OP_TTNG_INIT_BARRIER || op->code == IR_OP_AMDG_INIT_BARRIER) &&
          !strncmp(last->text, "init", 4)) {
        size_t len = strlen(last->text);
        if (len + strlen(s->obj) + 3 < sizeof last->text)
          snprintf(last->text + len, sizeof last->text - len, ", %s", s->obj);
        else if (!strstr(last->text, "..."))
          snprintf(last->text + len, sizeof last->text - len, " ...");
        g->node_of_step[i] = cur;
        continue;
      }
    }
    if (s->kind == TR_S_ISSUE) g->nodes[cur].kind = TG_ISSUE;
    tg_row *rw = add_row(g, cur);
    if (!rw) break;
    snprintf(rw->text, sizeof rw->text, "%s", text);
    tr_ins_line(r->m, s->ins, rw->line, sizeof rw->line);
    rw->mark = mark[i];
    if (rw->mark > g->nodes[cur].mark) g->nodes[cur].mark = rw->mark;
    g->node_of_step[i] = cur;
  }
  if (skipped) add_gap(g, lane, skipped, it_lo, it_hi, &prev);
  return prev;
}

/* The next op of agent a when a state bug (a race) is about it. */
static void add_next(tg_graph *g, uint32_t lane, uint32_t prev, const sim_viol *bug) {
  const tr_run *r = g->r;
  uint32_t a = g->lanes[lane].agent;
  if (!r->has_next[a] || !tr_run_state_bug(r, bug) || !ins_in_bug(bug, r->next_ins[a])) return;
  uint32_t n = add_node(g, TG_NEXT, lane, 0, UINT32_MAX);
  tg_row *rw = n == UINT32_MAX ? NULL : add_row(g, n);
  if (!rw) return;
  snprintf(rw->text, sizeof rw->text, "next: %s%s%s", tr_op_short(sim_ins_op(r->m, r->next_ins[a])),
           r->next_obj[a][0] ? " " : "", r->next_obj[a]);
  tr_ins_line(r->m, r->next_ins[a], rw->line, sizeof rw->line);
  rw->mark = TG_MARK_BUG;
  g->nodes[n].mark = TG_MARK_BUG;
  snprintf(g->nodes[n].note, sizeof g->nodes[n].note, "%s", bug->ins == r->next_ins[a]
           ? "about to run: the bug is in the state before it"
           : "about to run, in the bug's state");
  add_edge(g, prev, n, TG_E_PROGRAM, 0, NULL);
  g->lanes[lane].blocked = n;
}

/* The node showing instruction ins for the bug: an agent's "next" node, or the node of its
 * last run at or before step at. UINT32_MAX when not shown. */
static uint32_t bug_node(const tg_graph *g, uint32_t ins, uint32_t at) {
  const tr_run *r = g->r;
  int a = tr_run_next_agent(r, ins);
  for (uint32_t l = 0; a >= 0 && l < g->n_lanes; l++)
    if (g->lanes[l].agent == (uint32_t)a && g->lanes[l].blocked != UINT32_MAX &&
        g->nodes[g->lanes[l].blocked].kind == TG_NEXT)
      return g->lanes[l].blocked;
  uint32_t p = tr_run_last_of(r, ins, at);
  return p == UINT32_MAX ? UINT32_MAX : g->node_of_step[p];
}

/* For a race or a missing fence: an edge from each related op to the bug's op. */
static void conflict_edges(tg_graph *g, const sim_viol *bug) {
  const tr_run *r = g->r;
  if (!bug || bug->kind == SIM_BUG_DEADLOCK) return;
  bool st = tr_run_state_bug(r, bug);
  uint32_t at = st || !r->n_steps ? (r->n_steps ? r->n_steps - 1 : 0) : r->out.bug_step;
  uint32_t to = bug_node(g, bug->ins, at);
  for (uint32_t k = 0; k < bug->n_rel && k < SIM_MAX_REL && to != UINT32_MAX; k++) {
    uint32_t from = bug_node(g, bug->rel[k], at);
    if (from == UINT32_MAX || from == to) continue;
    add_edge(g, from, to, TG_E_CONFLICT, TG_MARK_BUG, sim_bug_kind_name((sim_bug_kind)bug->kind));
  }
}

/* The blocked op at the end of agent a's lane (or its next op when a race is about it). */
static void add_blocked(tg_graph *g, uint32_t lane, uint32_t prev, const sim_viol *bug) {
  const tr_run *r = g->r;
  uint32_t a = g->lanes[lane].agent;
  if (!r->blocked[a]) {
    add_next(g, lane, prev, bug);
    return;
  }
  uint32_t n = add_node(g, TG_BLOCKED, lane, 0, UINT32_MAX);
  if (n == UINT32_MAX) return;
  tg_row *rw = add_row(g, n);
  if (!rw) return;
  const ir_op *op = sim_ins_op(r->m, r->blocked_ins[a]);
  char bn[48] = "";
  if (r->blocked_bar[a] >= 0) sim_barrier_name(r->m, (uint32_t)r->blocked_bar[a], bn, sizeof bn);
  if (bn[0])
    snprintf(rw->text, sizeof rw->text, "%s: %s %s parity %d", r->out.stuck ? "BLOCKED" : "waiting",
             tr_op_short(op), bn, r->blocked_parity[a]);
  else
    snprintf(rw->text, sizeof rw->text, "%s: %s", r->out.stuck ? "BLOCKED" : "waiting", tr_op_short(op));
  tr_ins_line(r->m, r->blocked_ins[a], rw->line, sizeof rw->line);
  rw->mark = r->out.stuck ? TG_MARK_BUG : 0;
  g->nodes[n].mark = rw->mark;
  snprintf(g->nodes[n].note, sizeof g->nodes[n].note, "%s%s", r->blocked_why[a],
           r->out.stuck && !r->n_blocked_who[a] ? "; no op left in the kernel can release it" : "");
  add_edge(g, prev, n, TG_E_PROGRAM, 0, NULL);
  g->lanes[lane].blocked = n;
  /* what already fed the phase it waits for: one edge per source node */
  if (r->blocked_bar[a] < 0) return;
  sim_barinfo bi;
  sim_barrier_info(r->m, r->end, (uint32_t)r->blocked_bar[a], &bi);
  uint32_t seen[TG_MAX_REL], n_seen = 0;
  int64_t expect = 0, landed = 0;
  for (uint32_t k = 0; k < r->n_effs; k++) {
    const tr_eff *e = &r->effs[k];
    if (e->bar != (uint32_t)r->blocked_bar[a] || e->phase != bi.phase || e->init) continue;
    if (e->tx > 0) expect += e->tx; else landed -= e->tx;
  }
  char label[96];
  int len = snprintf(label, sizeof label, "%s ph%d: %d of %d arrivals", bn, bi.phase,
                     bi.expected - bi.pending, bi.expected);
  if ((expect || landed) && len > 0 && (size_t)len < sizeof label)
    snprintf(label + len, sizeof label - (size_t)len, "\n%lld of %lld B landed", (long long)landed,
             (long long)expect);
  for (uint32_t k = 0; k < r->n_effs; k++) {
    const tr_eff *e = &r->effs[k];
    if (e->bar != (uint32_t)r->blocked_bar[a] || e->phase != bi.phase || e->init) continue;
    const tr_step *s = &r->steps[e->step];
    uint32_t src = s->kind == TR_S_COMPLETE && s->event != UINT32_MAX
                       ? g->node_of_step[r->events[s->event].issue_step]
                       : g->node_of_step[e->step];
    bool dup = src == UINT32_MAX;
    for (uint32_t j = 0; j < n_seen && !dup; j++) dup = seen[j] == src;
    if (dup || n_seen == TG_MAX_REL) continue;
    seen[n_seen++] = src;
    add_edge(g, src, n, TG_E_PARTIAL, TG_MARK_BUG, label);
  }
}

/* The label of the warp_specialize region around op ("partition0"; "default" for the
 * default region and the kernel body, which the parent agent runs). */
static const char *region_label(const ir_op *op) {
  for (const ir_op *p = op; p && p->parent && p->parent->parent;) {
    const ir_region *rg = p->parent->parent;
    const ir_op *q = rg->parent;
    if (!q) break;
    if (q->code == IR_OP_TTG_WARP_SPECIALIZE) return rg->label ? rg->label : "default";
    p = q;
  }
  return "default";
}

/* The agent (of the same CTA as agent near) that runs instruction ins: one that ran it in
 * this run, else the one named after the op's region. UINT32_MAX when unknown. */
static uint32_t agent_of_ins(const tr_run *r, uint32_t ins, uint32_t near) {
  for (uint32_t i = 0; i < r->n_steps; i++)
    if (r->steps[i].t.kind == SIM_TR_AGENT && r->steps[i].ins == ins) return r->steps[i].agent;
  const char *label = region_label(sim_ins_op(r->m, ins));
  const char *nn = sim_agent_name(r->m, near), *dot = strchr(nn, '.');
  size_t pre = dot && !strncmp(nn, "cta", 3) ? (size_t)(dot - nn + 1) : 0;
  for (uint32_t a = 0; a < r->n_agents; a++) {
    const char *an = sim_agent_name(r->m, a);
    if (!strncmp(an, nn, pre) && !strcmp(an + pre, label)) return a;
  }
  return UINT32_MAX;
}

/* Wait-for edges between blocked agents: from the blocked agent whose ops would release
 * another blocked agent, to that one (a deadlock's cycle); one edge per pair, listing ops. */
static void waits_for_edges(tg_graph *g) {
  const tr_run *r = g->r;
  for (uint32_t l = 0; l < g->n_lanes; l++) {
    uint32_t a = g->lanes[l].agent;
    if (!r->blocked[a] || g->lanes[l].blocked == UINT32_MAX) continue;
    for (uint32_t m = 0; m < g->n_lanes; m++) {
      uint32_t b = g->lanes[m].agent;
      if (b == a || !r->blocked[b] || g->lanes[m].blocked == UINT32_MAX) continue;
      char label[96] = "";
      size_t len = 0;
      for (uint32_t k = 0; k < r->n_blocked_who[a] && k < SIM_MAX_REL; k++) {
        uint32_t p = r->blocked_who[a][k];
        if (agent_of_ins(r, p, a) != b) continue;
        char line[48];
        tr_ins_line(r->m, p, line, sizeof line);
        const char *colon = strrchr(line, ':');
        if (len < sizeof label)
          len += (size_t)snprintf(label + len, sizeof label - len, "%s%s %s", len ? ", " : "would release it: ",
                                  tr_op_short(sim_ins_op(r->m, p)), len && colon ? colon : line);
      }
      if (len) add_edge(g, g->lanes[m].blocked, g->lanes[l].blocked, TG_E_WAITS_FOR, TG_MARK_BUG, label);
    }
  }
}

/* ------------------------------------------------------------------ sync edges */

/* Edges into wait step w from the nodes whose steps fed the phase it observed: one edge per
 * source node, dashed when async completions are among them. */
static void sync_edges(tg_graph *g, uint32_t w, const uint8_t *mark) {
  const tr_run *r = g->r;
  const tr_step *s = &r->steps[w];
  uint32_t to = g->node_of_step[w];
  if (to == UINT32_MAX) return;
  uint32_t rel[TG_MAX_REL];
  uint32_t nr = tr_run_releasers(r, w, rel, TG_MAX_REL);
  if (nr > TG_MAX_REL) nr = TG_MAX_REL;
  uint32_t src[TG_MAX_REL];
  for (uint32_t k = 0; k < nr; k++) {
    const tr_step *q = &r->steps[rel[k]];
    src[k] = q->kind == TR_S_COMPLETE && q->event != UINT32_MAX
                 ? g->node_of_step[r->events[q->event].issue_step]
                 : g->node_of_step[rel[k]];
  }
  for (uint32_t k = 0; k < nr; k++) {
    if (src[k] == UINT32_MAX) continue;
    bool first = true;
    for (uint32_t j = 0; j < k; j++) first &= src[j] != src[k];
    if (!first) continue;
    uint32_t n_async = 0, n_arr = 0;
    int64_t bytes = 0;
    bool chain = mark[w] != 0;
    char kind[24] = "";
    for (uint32_t j = k; j < nr; j++) {
      if (src[j] != src[k]) continue;
      const tr_step *q = &r->steps[rel[j]];
      chain &= mark[rel[j]] != 0 || (q->kind == TR_S_COMPLETE && q->event != UINT32_MAX &&
                                     mark[r->events[q->event].issue_step] != 0);
      if (q->kind == TR_S_COMPLETE) {
        n_async++;
        if (q->event != UINT32_MAX) snprintf(kind, sizeof kind, "%s", r->events[q->event].kind);
        for (uint32_t e = 0; e < q->n_eff; e++)
          if (r->effs[q->eff_first + e].bar == (uint32_t)s->wait_bar)
            bytes += -(int64_t)r->effs[q->eff_first + e].tx;
      } else {
        n_arr++;
      }
    }
    char label[96];
    int len = snprintf(label, sizeof label, "%s ph%d", s->obj, s->wait_phase);
    if (n_async && len > 0 && (size_t)len < sizeof label) {
      if (bytes > 0)
        snprintf(label + len, sizeof label - (size_t)len, "\n%s%u %s %lld B", n_arr ? "+ " : "",
                 n_async, kind, (long long)bytes);
      else
        snprintf(label + len, sizeof label - (size_t)len, "\n%s%u %s", n_arr ? "+ " : "", n_async, kind);
    }
    add_edge(g, src[k], to, n_async ? TG_E_ASYNC : TG_E_SYNC, chain ? TG_MARK_CHAIN : 0, label);
  }
}

/* ------------------------------------------------------------------ building */

int tg_build(tg_graph *g, const tr_run *r, const tr_graph_opts *o, const uint8_t *relevant) {
  memset(g, 0, sizeof *g);
  g->r = r;
  uint32_t depth = sim_max_ring_depth(r->m);
  g->iterations = o && o->iterations ? o->iterations : 2 * (depth ? depth : 1) + 1;
  const sim_viol *bug = o && o->bug ? o->bug : NULL;
  g->node_of_step = ir_xmalloc(sizeof(uint32_t) * (r->n_steps + 1), 1);
  uint8_t *mark = ir_xcalloc(r->n_steps + 1, 1);
  if (!g->node_of_step || !mark) {
    free(mark);
    return -1;
  }
  for (uint32_t i = 0; i < r->n_steps; i++) g->node_of_step[i] = UINT32_MAX;
  mark_steps(r, bug, relevant, mark);
  tg_win w = {.iterations = g->iterations, .relevant = relevant, .bug = bug != NULL};
  for (uint32_t i = 0; i < r->n_steps; i++)
    if (r->steps[i].t.kind == SIM_TR_AGENT && r->steps[i].iter > w.last_iter[r->steps[i].agent])
      w.last_iter[r->steps[i].agent] = r->steps[i].iter;

  /* lanes: agents that ran or are blocked, in agent order */
  for (uint32_t a = 0; a < r->n_agents && a < SIM_MAX_AGENTS; a++) {
    bool used = r->blocked[a];
    for (uint32_t i = 0; i < r->n_steps && !used; i++)
      used = r->steps[i].t.kind == SIM_TR_AGENT && r->steps[i].agent == a;
    if (!used) continue;
    tg_lane *L = &g->lanes[g->n_lanes];
    L->agent = a;
    snprintf(L->name, sizeof L->name, "%s", sim_agent_name(r->m, a));
    L->warps = lane_warps(o ? o->mod : NULL, r->m, L->name);
    L->head = add_node(g, TG_HEAD, g->n_lanes, 0, UINT32_MAX);
    L->blocked = UINT32_MAX;
    if (L->head == UINT32_MAX) break;
    g->n_lanes++;
  }
  uint32_t last[SIM_MAX_AGENTS];
  for (uint32_t l = 0; l < g->n_lanes; l++) last[l] = build_lane(g, l, &w, mark);
  /* blocked ends after every lane, so that partial arrivals find their source nodes */
  for (uint32_t l = 0; l < g->n_lanes; l++) add_blocked(g, l, last[l], bug);
  if (r->out.stuck) waits_for_edges(g);
  conflict_edges(g, bug);
  for (uint32_t i = 0; i < r->n_steps; i++)
    if (r->steps[i].kind == TR_S_WAIT) sync_edges(g, i, mark);
  free(mark);
  return 0;
}

void tg_free(tg_graph *g) {
  free(g->nodes);
  free(g->rows);
  free(g->edges);
  free(g->node_of_step);
  memset(g, 0, sizeof *g);
}
