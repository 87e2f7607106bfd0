/* sim_layout.c: the agents of a machine (per CTA: the parent, then one per partition slot)
 * and the byte layout of its states (header, agents, persistent slots, barriers, checker
 * fields, named barriers, events last so that only the used part is hashed). */
#include <stdio.h>
#include <stdlib.h>

#include "sim_amd.h"

static size_t align8(size_t x) { return (x + 7) & ~(size_t)7; }

static void nv_agents(sim_machine *m);
static int state_layout(sim_machine *m);

/* The CTA-relative warp id of an agent's first warp (its elected thread's warp): 0 for the
 * default, the partition's entry of warpGroupStartIds (else the warps of the default and of
 * the partitions before it). Like gpu.thread_id, values of other warps are not modelled: the
 * analysis taints it as data, so no synchronization may depend on it. */
static uint32_t agent_first_warp(const sim_machine *m, uint32_t a) {
  uint32_t local = m->agents[a].local;
  if (!local || !m->n_ws) return 0;
  for (uint32_t r = 0; r < m->n_regions; r++) {
    const sim_region *rg = &m->regions[r];
    if (rg->part != (int32_t)(local - 1) || rg->ws < 0) continue;
    const sim_ws *ws = &m->ws[rg->ws];
    if (ws->start_ids && (uint32_t)rg->part < ws->n_start_ids) return (uint32_t)ws->start_ids[rg->part];
    uint32_t w = m->num_warps;
    for (uint32_t p = 0; p < (uint32_t)rg->part; p++) w += (uint32_t)m->regions[ws->part_region[p]].num_warps;
    return w;
  }
  return 0;
}

int sim_layout(sim_machine *m, sim_err *err) {
  if (m->amd_gfx) {
    if (sim_amd_layout_agents(m, err)) return -1; /* one agent per wave (per CTA) */
  } else {
    m->agents_per_cta = 1 + m->max_parts;
    m->n_agents = m->n_ctas * m->agents_per_cta;
    if (m->n_agents > SIM_MAX_AGENTS)
      return sim_errf(err, m, NULL, "%u CTAs x %u agents exceed the model's limit of %d agents",
                      m->n_ctas, m->agents_per_cta, SIM_MAX_AGENTS);
    nv_agents(m);
  }
  for (uint32_t a = 0; a < m->n_agents; a++) m->agents[a].first_warp = agent_first_warp(m, a);
  return state_layout(m);
}

static void nv_agents(sim_machine *m) {
  /* persistent slots per local agent index: the parent region, or the widest partition
   * region that runs in that partition slot */
  uint32_t cap[SIM_MAX_AGENTS] = {0};
  cap[0] = m->regions[0].n_colors;
  for (uint32_t r = 1; r < m->n_regions; r++) {
    uint32_t l = (uint32_t)m->regions[r].part + 1;
    if (l < SIM_MAX_AGENTS && m->regions[r].n_colors > cap[l]) cap[l] = m->regions[r].n_colors;
  }
  uint32_t env = 0;
  for (uint32_t a = 0; a < m->n_agents; a++) {
    sim_agentinfo *ai = &m->agents[a];
    ai->cta = (uint8_t)(a / m->agents_per_cta);
    ai->local = (uint8_t)(a % m->agents_per_cta);
    ai->env_off = env;
    ai->env_cap = cap[ai->local];
    env += ai->env_cap;
    const char *base = "default";
    char part[24];
    if (ai->local) {
      /* label of the first region running in this slot */
      snprintf(part, sizeof part, "partition%u", ai->local - 1u);
      base = part;
      for (uint32_t r = 1; r < m->n_regions; r++)
        if ((uint32_t)m->regions[r].part + 1 == ai->local && m->regions[r].label) {
          base = m->regions[r].label;
          break;
        }
    }
    if (m->n_ctas > 1) snprintf(ai->name, sizeof ai->name, "cta%u.%s", ai->cta, base);
    else snprintf(ai->name, sizeof ai->name, "%s", base);
  }
  m->env_total = env;
}

static int state_layout(sim_machine *m) {
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    uint16_t c = m->code[pc].code;
    if (c == IR_OP_TTNG_WAIT_BARRIER_NAMED || c == IR_OP_TTNG_ARRIVE_BARRIER_NAMED) m->uses_named = true;
    if (c == IR_OP_TTNG_CLUSTER_ARRIVE || c == IR_OP_TTNG_CLUSTER_WAIT || c == IR_OP_TTNG_CLUSTER_BARRIER ||
        c == SIM_I_CLSYNC)
      m->uses_cluster = true;
  }
  size_t off = sizeof(sim_hdr);
  m->off_agents = off;
  off += (size_t)m->n_agents * sizeof(sim_agent);
  off = align8(off);
  m->off_env = off;
  off += (size_t)m->env_total * sizeof(uint64_t);
  m->off_mbar = off;
  off += (size_t)m->n_ctas * m->n_bars * sizeof(sim_mbar);
  m->off_intent = off;
  off += (size_t)m->n_agents * m->n_bars * sizeof(int32_t);
  off = align8(off);
  m->off_uf = off;
  if (m->proxy_track) off += (size_t)m->n_agents * SIM_UF_CAP * sizeof(sim_uf);
  m->off_nbar = off;
  if (m->uses_named) off += (size_t)m->n_ctas * 16 * sizeof(sim_nbar);
  off = align8(off);
  m->off_clc = off;
  off = align8(off + sim_clc_layout(m));
  m->off_events = off;
  off += (size_t)SIM_MAX_EVENTS * sizeof(sim_event);
  m->size = off;
  return 0;
}
