/* tr_min_relevant.c: "the steps that matter" of a counterexample: from the bug's own steps
 * (or a deadlock's blocked waits) backwards along synchronization (the arrivals and async
 * completions that released or fed each wait, the issue of each completed event, the wait
 * that let each op run), a few hops deep. */
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"
#include "ir/ir_alloc.h"

enum {
  RL_MAX_HOPS = 2,             /* synchronization hops followed back from the bug */
  RL_MAX_REL = 64,
};

typedef struct rl_item {
  uint32_t step;
  uint32_t hops;
} rl_item;

typedef struct rl_ctx {
  const tr_run *r;
  uint8_t *keep;
  rl_item *queue;              /* each step enters at most once */
  uint32_t head, tail;
} rl_ctx;

static void push(rl_ctx *c, uint32_t step, uint32_t hops) {
  if (step >= c->r->n_steps || c->keep[step]) return;
  c->keep[step] = 1;
  c->queue[c->tail++] = (rl_item){step, hops};
}

/* The latest wait of agent a before step i (the one that let it run on), or UINT32_MAX. */
static uint32_t prev_wait(const tr_run *r, uint32_t a, uint32_t i) {
  while (i-- > 0) {
    const tr_step *s = &r->steps[i];
    if (s->t.kind == SIM_TR_AGENT && s->agent == a &&
        (s->kind == TR_S_WAIT || s->kind == TR_S_ASYNC_WAIT))
      return i;
  }
  return UINT32_MAX;
}

static uint32_t last_step_of_agent(const tr_run *r, uint32_t a) {
  for (uint32_t i = r->n_steps; i-- > 0;)
    if (r->steps[i].t.kind == SIM_TR_AGENT && r->steps[i].agent == a) return i;
  return UINT32_MAX;
}

static void expand(rl_ctx *c, rl_item it) {
  const tr_run *r = c->r;
  const tr_step *s = &r->steps[it.step];
  if (s->kind == TR_S_COMPLETE && s->event != UINT32_MAX)
    push(c, r->events[s->event].issue_step, it.hops);
  if (it.hops >= RL_MAX_HOPS) return;
  if (s->kind == TR_S_WAIT) {
    uint32_t rel[RL_MAX_REL];
    uint32_t n = tr_run_releasers(r, it.step, rel, RL_MAX_REL);
    for (uint32_t k = 0; k < n && k < RL_MAX_REL; k++) push(c, rel[k], it.hops + 1);
  } else if (s->kind == TR_S_ASYNC_WAIT) {
    /* completions of the agent's own events while it waited */
    for (uint32_t e = 0; e < r->n_events; e++) {
      const tr_event *ev = &r->events[e];
      if (ev->agent == s->agent && ev->done_step != UINT32_MAX && ev->done_step < it.step &&
          ev->done_step >= s->ready)
        push(c, ev->done_step, it.hops + 1);
    }
  }
  if (s->t.kind == SIM_TR_AGENT && s->kind != TR_S_WAIT)
    push(c, prev_wait(r, s->agent, it.step), it.hops + 1);
}

uint32_t tr_relevant_run(const tr_run *r, const sim_viol *bug, uint8_t *keep) {
  memset(keep, 0, r->n_steps ? r->n_steps : 1);
  rl_ctx c = {.r = r, .keep = keep, .queue = ir_xmalloc(sizeof(rl_item) * (r->n_steps + 1), 1)};
  if (!c.queue) return 0;
  uint32_t at = r->n_steps ? r->n_steps - 1 : 0;
  if (bug && r->out.has_bug && r->out.bug.kind == bug->kind && r->out.bug.ins == bug->ins &&
      r->out.bug_step < r->n_steps)
    at = r->out.bug_step;
  if (bug && bug->kind != SIM_BUG_DEADLOCK) {
    /* the bug's instructions: their last runs, or for a race about an agent's next op, that
     * agent's last step (what led it there) */
    bool st = tr_run_state_bug(r, bug);
    for (uint32_t k = 0; k <= bug->n_rel && k <= SIM_MAX_REL; k++) {
      uint32_t ins = k == 0 ? bug->ins : bug->rel[k - 1];
      int a = st ? tr_run_next_agent(r, ins) : -1;
      push(&c, a >= 0 ? last_step_of_agent(r, (uint32_t)a) : tr_run_last_of(r, ins, at), 0);
    }
  }
  /* blocked agents: their last step, what fed the phase they wait for, and who completed
   * the phase before it */
  for (uint32_t a = 0; a < r->n_agents; a++) {
    if (!r->blocked[a] || (bug && bug->kind != SIM_BUG_DEADLOCK)) continue;
    push(&c, last_step_of_agent(r, a), 0);
    if (r->blocked_bar[a] < 0) continue;
    sim_barinfo bi;
    sim_barrier_info(r->m, r->end, (uint32_t)r->blocked_bar[a], &bi);
    for (uint32_t k = 0; k < r->n_effs; k++) {
      const tr_eff *e = &r->effs[k];
      if (e->bar == (uint32_t)r->blocked_bar[a] && !e->init &&
          (e->phase == bi.phase || (e->phase == bi.phase - 1 && e->completed)))
        push(&c, e->step, 1);
    }
  }
  while (c.head < c.tail) expand(&c, c.queue[c.head++]);
  free(c.queue);
  return c.tail;
}

int tr_min_relevant(sim_machine *m, const sim_trans *steps, uint32_t n, const sim_viol *bug,
                    uint8_t *keep, tr_err *err) {
  tr_run *r = tr_replay(m, steps, n, err);
  if (!r) return -1;
  memset(keep, 0, n);
  uint32_t k = tr_relevant_run(r, bug, keep);
  tr_run_free(r);
  return (int)k;
}
