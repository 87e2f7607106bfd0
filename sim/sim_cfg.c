/* sim_cfg.c: static control flow of the compiled code: the successors of an instruction
 * (jumps, branches and loops taken both ways, data ignored) and the instructions an agent
 * may still run from a state. Used by the liveness (sim_live.c) and by explain, which asks
 * whether an agent can still get to a line. */
#include <assert.h>
#include <stdlib.h>

#include "sim_internal.h"
#include "sim_size.h"

int sim_ins_succs(const sim_machine *m, uint32_t pc, const sim_region *r, uint32_t out[2]) {
  const sim_ins *i = &m->code[pc];
  int n = 0;
  switch (i->code) {
  case SIM_I_JMP: case SIM_I_FOR_STEP: out[n++] = i->target; break;
  case SIM_I_BRZ: case SIM_I_FOR_TEST:
    out[n++] = pc + 1;
    out[n++] = i->target;
    break;
  case SIM_I_PEND: case SIM_I_END: break;
  default: out[n++] = pc + 1;
  }
  for (int k = 0; k < n; k++)
    if (out[k] < r->start || out[k] >= r->end) out[k] = UINT32_MAX;
  return n;
}

/* Marks every instruction reachable from `from` inside its region (from included); returns
 * how many it marked. A marked instruction's successors are taken as marked. */
static uint32_t ins_reach(const sim_machine *m, uint32_t from, uint8_t *mark) {
  if (from >= m->n_code || mark[from]) return 0;
  const sim_region *r = &m->regions[m->code[from].region];
  /* a work list of marked instructions whose successors are not yet looked at: each
   * instruction enters it once, so it never holds more than the region */
  uint32_t *todo = ir_xmalloc((size_t)(r->end - r->start) + 1, sizeof *todo);
  uint32_t n = 0, marked = 0;
  mark[from] = 1;
  todo[n++] = from;
  marked++;
  while (n) {
    uint32_t pc = todo[--n], sv[2];
    int ns = sim_ins_succs(m, pc, r, sv);
    for (int k = 0; k < ns; k++) {
      if (sv[k] == UINT32_MAX || mark[sv[k]]) continue;
      mark[sv[k]] = 1;
      todo[n++] = sv[k];
      marked++;
    }
  }
  free(todo);
  return marked;
}

void sim_agent_reach(const sim_machine *m, const void *st, uint32_t a, uint8_t *mark) {
  if (a >= m->n_agents) return;
  const sim_agent *ag = st_cagent(m, st, a);
  if (ag->status == SIM_AG_DONE) return;
  if (ag->status != SIM_AG_IDLE) ins_reach(m, ag->pc, mark);
  uint32_t l = m->agents[a].local;
  if (!l) return; /* the parent (or an AMD wave): its own code only */
  /* a partition slot runs again when its CTA's parent (the CTA's first agent) reaches a
   * warp_specialize with a region for it: the one it waits at, or one of a later loop trip */
  uint32_t parent = a - l; /* NVIDIA: the CTA's agents are the parent, then one per slot */
  if (m->amd_gfx) /* gfx1250: a partition wave; wave 0 of the default runs the fork */
    for (parent = 0; parent < m->n_agents && m->agents[parent].local; parent++) {}
  assert(parent < m->n_agents);
  const sim_agent *pa = st_cagent(m, st, parent);
  if (pa->status == SIM_AG_DONE || pa->status == SIM_AG_IDLE) return;
  uint8_t *pm = ir_xcalloc(m->n_code, 1);
  ins_reach(m, pa->pc, pm);
  for (uint32_t w = 0; w < m->n_ws; w++) {
    const sim_ws *ws = &m->ws[w];
    if (l - 1 < ws->n_parts && ws->fork_ins < m->n_code && pm[ws->fork_ins])
      ins_reach(m, m->regions[ws->part_region[l - 1]].start, mark);
  }
  free(pm);
}
