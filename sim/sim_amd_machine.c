/* sim_amd_machine.c: building a machine for an AMD target (semantics.md §8): which targets
 * and ops the model takes, how visible the ops are, and the agents (one per wave). Simulate
 * mode runs them too: every wave computes the TTGIR's whole-tensor values (a store of equal
 * values by several waves), LDS writes land at issue, LDS DMA at its completion. */
#include <stdio.h>
#include <string.h>

#include "sim_amd.h"

int sim_amd_setup(sim_machine *m, const char *target, sim_err *err) {
  /* gfx942 (MI300, CDNA3) and gfx950 (MI350, CDNA4) share the rules of §8.1; gfx1250 has
   * LDS mbarriers, TDM, clusters and warp specialization, which are not modelled */
  const char *g = target + 4;
  if (!strncmp(g, "gfx942", 6) && (!g[6] || g[6] == ':')) m->amd_gfx = 942;
  else if (!strncmp(g, "gfx950", 6) && (!g[6] || g[6] == ':')) m->amd_gfx = 950;
  else
    return sim_errf(err, m, m->fn->op,
                    "target '%s' is not modelled: of the AMD targets only gfx942 and gfx950 are "
                    "checked", target);
  /* wave64 on gfx9 [CDNA3 ISA §1]; the module says so too (ttg.threads-per-warp = 64) */
  m->threads_per_warp = 64;
  if (m->num_warps < 1 || m->num_warps > SIM_MAX_AGENTS)
    return sim_errf(err, m, m->fn->op, "%u waves per workgroup exceed the model's limit of %d agents",
                    m->num_warps, SIM_MAX_AGENTS);
  return 0;
}

int sim_amd_check_op(const sim_machine *m, const ir_op *op, sim_err *err) {
  ir_opcode code = op->code;
  if (!m->amd_gfx) {
    if (ir_op_flags[code] & IR_F_SIM_AMD)
      return sim_errf(err, m, op, "%s is an AMD op; the kernel's target is not an AMD one",
                      ir_ops[code].name);
    return 0;
  }
  switch (code) {
  case IR_OP_TTG_WARP_SPECIALIZE:
    /* "Warp specialization is only supported on gfx1250" (Triton
     * third_party/amd/lib/TritonAMDGPUToLLVM/ConvertWarpSpecializeToLLVM.cpp) */
    return sim_errf(err, m, op, "ttg.warp_specialize on %s: warp specialization exists on AMD "
                    "only for gfx1250, which is not modelled", ir_module_target(m->mod));
  case IR_OP_TT_CALL:
    return sim_errf(err, m, op, "tt.call in an AMD kernel: the model places Membar's barriers "
                    "within one function only; inline the callee");
  case IR_OP_TTG_ASYNC_COPY_G2L:
    if (op->n_segs > 5 && op->seg_start[5] < op->seg_start[6])
      return sim_errf(err, m, op, "ttg.async_copy_global_to_local with an mbarrier on an AMD "
                      "target is not modelled");
    return 0;
  default: return 0;
  }
}

uint8_t sim_amd_visibility(const ir_op *op, uint8_t nvidia) {
  switch (op->code) {
  case IR_OP_TTG_BARRIER: case IR_OP_GPU_BARRIER: case IR_OP_ROCDL_S_BARRIER:
  case IR_OP_AMDG_COND_BARRIER: case IR_OP_AMDG_ASYNC_WAIT: case IR_OP_AMDG_MEMORY_COUNTER_WAIT:
  case IR_OP_TTG_ASYNC_COMMIT_GROUP:
    return SIM_V_SYNC;
  case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL:
    return SIM_V_ASYNC;
  default: return nvidia;
  }
}

void sim_amd_layout_agents(sim_machine *m) {
  sim_amd_choose_waves(m); /* n_agents: the waves that run (sim_amd_waves.c) */
  m->agents_per_cta = m->n_agents; /* one workgroup: no clusters on gfx942 / gfx950 */
  uint32_t env = 0;
  for (uint32_t a = 0; a < m->n_agents; a++) {
    sim_agentinfo *ai = &m->agents[a];
    ai->cta = 0;
    ai->local = 0; /* every wave runs the kernel body (region 0) */
    ai->env_off = env;
    ai->env_cap = m->regions[0].n_colors;
    env += ai->env_cap;
    snprintf(ai->name, sizeof ai->name, "wave%u", m->amd_wave[a]);
  }
  m->env_total = env;
}
