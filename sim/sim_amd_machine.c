/* sim_amd_machine.c: building a machine for an AMD target (semantics.md §8): which targets
 * and ops the model takes, how visible the ops are, and the agents (one per wave). Simulate
 * mode runs them too: every wave computes the TTGIR's whole-tensor values (a store of equal
 * values by several waves), LDS writes land at issue, LDS DMA at its completion. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "sim_amd.h"

int sim_amd_setup(sim_machine *m, const char *target, sim_err *err) {
  /* gfx942 (MI300, CDNA3) and gfx950 (MI350, CDNA4) share the rules of §8.1; gfx1250 adds
   * LDS mbarriers and TDM copies (sim_amd_mbar.c, docs/amd-gfx1250.md) and warp
   * specialization (sim_amd_layout_agents) and clusters (sim_amd_cluster.c) */
  const char *g = target + 4;
  if (!strncmp(g, "gfx942", 6) && (!g[6] || g[6] == ':')) m->amd_gfx = 942;
  else if (!strncmp(g, "gfx950", 6) && (!g[6] || g[6] == ':')) m->amd_gfx = 950;
  else if (!strncmp(g, "gfx1250", 7) && (!g[7] || g[7] == ':')) m->amd_gfx = 1250;
  else
    return sim_errf(err, m, m->fn->op,
                    "target '%s' is not modelled: of the AMD targets only gfx942, gfx950 and "
                    "gfx1250 are checked", target);
  /* wave64 on gfx9 [CDNA3 ISA §1]; wave32 on gfx1250 (Triton compiles it with
   * threads-per-warp 32: GPUTarget("hip", "gfx1250", 32)) */
  m->threads_per_warp = m->amd_gfx == 1250 ? 32 : 64;
  for (uint32_t c = 0; c < SIM_I__END; c++)
    if (sim_amd_handles_code(m->amd_gfx, c)) m->amd_h[c >> 3] |= (uint8_t)(1u << (c & 7));
  if (m->num_warps < 1 || m->num_warps > SIM_MAX_AGENTS)
    return sim_errf(err, m, m->fn->op, "%u waves per workgroup exceed the model's limit of %d agents",
                    m->num_warps, SIM_MAX_AGENTS);
  return 0;
}

/* The AMD ops the model refuses on every AMD target, with the reason (a format taking the op's
 * name). scripts/ops_coverage.py reads the case labels of this function for docs/ops-coverage.md. */
static const char *amd_refusal(ir_opcode code) {
  switch (code) {
  case IR_OP_AMDG_ASYNC_COPY_L2G: case IR_OP_AMDG_TDM_FUSED_G2L:
    return "%s (gfx1250) is not modelled; the kernel cannot be checked";
  default: return NULL;
  }
}

/* MODEL (docs/amd-gfx1250.md "Clusters"): in a kernel of several CTAs, a copy into LDS whose
 * layout gives several CTAs the same elements is lowered to a multicast
 * (cluster_load_async_to_lds, a TDM load with a CTA mask: LoadStoreOpToLLVM.cpp, "the multicast
 * mask will be used by the hardware to efficiently broadcast to different CTAs"). When the
 * broadcast writes a CTA's LDS, and whether a CTA's copy waits for its peers' copies, is not
 * documented: refused at the op. Copies of CTA-distinct data write their own CTA's LDS. */
static int multicast_check(const sim_machine *m, const ir_op *op, sim_err *err) {
  if (m->n_ctas < 2 || !sim_compile_amd_cta_broadcast(op)) return 0;
  return sim_errf(err, m, op, "%s in a kernel of %u CTAs with a layout that gives several CTAs the "
                  "same data (a multicast copy, or no CGA layout): when the broadcast lands in each "
                  "CTA's LDS is not modelled", ir_ops[op->code].name, m->n_ctas);
}

int sim_amd_check_op(const sim_machine *m, const ir_op *op, sim_err *err) {
  ir_opcode code = op->code;
  if (!m->amd_gfx) {
    if (ir_op_flags[code] & IR_F_SIM_AMD)
      return sim_errf(err, m, op, "%s is an AMD op; the kernel's target is not an AMD one",
                      ir_ops[code].name);
    return 0;
  }
  const char *why = amd_refusal(code);
  if (why) return sim_errf(err, m, op, why, ir_ops[code].name);
  switch (code) {
  case IR_OP_TTNG_SUBTILED_REGION:
    /* made and expanded by the NVIDIA warp-specialization passes (the fork's
     * lowerSubtiledRegion); the AMD analyses (Membar, waves) walk the IR, not its expansion */
    return sim_errf(err, m, op, "%s (NVIDIA warp specialization) is not modelled on AMD targets",
                    ir_ops[code].name);
  case IR_OP_TTG_WARP_SPECIALIZE:
    /* "Warp specialization is only supported on gfx1250" (Triton
     * third_party/amd/lib/TritonAMDGPUToLLVM/ConvertWarpSpecializeToLLVM.cpp) */
    if (m->amd_gfx != 1250)
      return sim_errf(err, m, op, "ttg.warp_specialize on %s: warp specialization exists on AMD "
                      "only for gfx1250", m->ma.target);
    /* MODEL (docs/amd-gfx1250.md): warp_specialize ops in the kernel body, outside any loop or
     * branch, one after the other; the fork and join are s_barriers of all waves in the lowering
     * (the switch loop of WarpSpecializeUtility.cpp). A later one must have the first one's
     * partition waves (sim_compile.c compile_ws). */
    if (m->n_ctas > 1)
      return sim_errf(err, m, op, "ttg.warp_specialize in a gfx1250 kernel of %u CTAs: warp "
                      "specialization in a cluster is not modelled (docs/amd-gfx1250.md)", m->n_ctas);
    if (!op->parent || !op->parent->parent || op->parent->parent->parent != m->fn->op)
      return sim_errf(err, m, op, "ttg.warp_specialize inside a loop or branch on gfx1250: the model "
                      "runs one fork and join at the kernel's top level (docs/amd-gfx1250.md)");
    return 0;
  case IR_OP_TTNG_CLUSTER_ARRIVE: case IR_OP_TTNG_CLUSTER_WAIT: case IR_OP_TTNG_CLUSTER_BARRIER:
    /* NVIDIA's barrier.cluster (sim_ops_bar.c) shares its state words with the AMD cluster
     * barrier (sim_amd_cluster.c) */
    return sim_errf(err, m, op, "%s is an NVIDIA cluster op; an AMD kernel's cluster barrier is "
                    "amdg.cluster_barrier_arrive / _wait", ir_ops[code].name);
  case IR_OP_AMDG_CLUSTER_BARRIER_ARRIVE: case IR_OP_AMDG_CLUSTER_BARRIER_WAIT:
    /* the cluster user barrier (s_barrier_signal / s_barrier_wait -3) exists on gfx1250, and
     * the op's verifier requires ttg.num-ctas > 1 (TritonAMDGPUOps.td) */
    if (m->amd_gfx != 1250)
      return sim_errf(err, m, op, "%s exists only on gfx1250; the kernel's target is %s",
                      ir_ops[code].name, m->ma.target);
    if (m->n_ctas < 2)
      return sim_errf(err, m, op, "%s in a kernel of one CTA: its verifier requires ttg.num-ctas > 1",
                      ir_ops[code].name);
    return 0;
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW:
    /* each wave is an agent that runs the whole op (sim_amd_ops.c ds_atomic): its data would
     * be applied once per wave, not once per element */
    if (m->data)
      return sim_errf(err, m, op, "ttg.local_atomic_scatter_rmw in simulate mode on an AMD target: the "
                      "model runs the op in every wave and does not split its elements among them (check "
                      "mode models its synchronization)");
    return 0;
  case IR_OP_TT_CALL:
    return sim_errf(err, m, op, "tt.call in an AMD kernel: the model places Membar's barriers "
                    "within one function only; inline the callee");
  case IR_OP_TTG_ASYNC_COPY_G2L:
    if (sim_compile_seg0(op, 5))
      return sim_errf(err, m, op, "ttg.async_copy_global_to_local with an mbarrier on an AMD "
                      "target is not modelled");
    return multicast_check(m, op, err);
  case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL: return multicast_check(m, op, err);
  default:
    if (sim_amd_mbar_op(code) && sim_amd_mbar_check(m, op, err)) return -1;
    return code == IR_OP_AMDG_TDM_G2L || code == IR_OP_AMDG_TDM_GATHER ? multicast_check(m, op, err) : 0;
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

/* Agents: the waves the model runs of the default group (sim_compile_amd_waves.c), then, on gfx1250
 * with warp specialization, every wave of every partition (local = partition + 1, the NVIDIA
 * layout's partition slot; wave ids after the default's num_warps, in partition order: the
 * warpGroupStartIds Triton assigns). They start idle; the fork starts them (sim_exec.c). */
int sim_amd_layout_agents(sim_machine *m, sim_err *err) {
  sim_amd_choose_waves(m); /* n_agents: the waves that run (sim_compile_amd_waves.c) */
  uint32_t n = m->n_agents;
  for (uint32_t a = 0; a < n; a++) {
    m->amd_nw[a] = (uint8_t)m->num_warps;
    m->agents[a].local = 0; /* every default wave runs the kernel body (region 0) */
  }
  if (m->n_ws) {
    const sim_ws *ws = &m->ws[0];
    uint32_t wave = m->num_warps;
    for (uint32_t p = 0; p < ws->n_parts; p++) {
      uint32_t nw = (uint32_t)m->regions[ws->part_region[p]].num_warps;
      for (uint32_t k = 0; k < nw; k++, n++) {
        assert(n < SIM_MAX_AGENTS); /* sim_compile refuses more */
        m->amd_wave[n] = (uint8_t)(wave + k);
        m->amd_share[n][0] = (uint8_t)k;
        m->amd_share[n][1] = (uint8_t)(k + 1);
        m->amd_nw[n] = (uint8_t)nw;
        m->agents[n].local = (uint8_t)(p + 1);
      }
      wave += nw;
    }
  }
  /* a gfx1250 cluster: every CTA runs the same waves; CTA c's agents are [c * n, (c + 1) * n) */
  if (n * m->n_ctas > SIM_MAX_AGENTS)
    return sim_errf(err, m, m->fn->op, "%u CTAs x %u waves exceed the model's limit of %d agents",
                    m->n_ctas, n, SIM_MAX_AGENTS);
  m->agents_per_cta = n;
  for (uint32_t c = 1; c < m->n_ctas; c++)
    for (uint32_t a = 0; a < n; a++) {
      uint32_t b = c * n + a;
      m->amd_wave[b] = m->amd_wave[a];
      m->amd_share[b][0] = m->amd_share[a][0];
      m->amd_share[b][1] = m->amd_share[a][1];
      m->amd_nw[b] = m->amd_nw[a];
      m->agents[b].local = m->agents[a].local;
    }
  n *= m->n_ctas;
  m->n_agents = n;
  uint32_t cap[SIM_MAX_AGENTS] = {0};
  for (uint32_t r = 0; r < m->n_regions; r++) {
    uint32_t l = m->regions[r].part < 0 ? 0 : (uint32_t)m->regions[r].part + 1;
    if (l < SIM_MAX_AGENTS && m->regions[r].n_colors > cap[l]) cap[l] = m->regions[r].n_colors;
  }
  uint32_t env = 0;
  for (uint32_t a = 0; a < n; a++) {
    sim_agentinfo *ai = &m->agents[a];
    ai->cta = (uint8_t)(a / m->agents_per_cta);
    ai->env_off = env;
    ai->env_cap = ai->local ? cap[ai->local] : m->regions[0].n_colors;
    env += ai->env_cap;
    char cta[12] = "";
    if (m->n_ctas > 1) snprintf(cta, sizeof cta, "cta%u.", ai->cta);
    if (ai->local)
      snprintf(ai->name, sizeof ai->name, "%spartition%u.wave%u", cta, ai->local - 1u, m->amd_wave[a]);
    else
      snprintf(ai->name, sizeof ai->name, "%swave%u", cta, m->amd_wave[a]);
  }
  m->env_total = env;
  return 0;
}
