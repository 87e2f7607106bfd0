/* sim_compile_ctalocal.c: a build-time bound for the reduction (verify/vf_por.c cta_fut_dep,
 * docs/verifier.md §4 "CTA-local futures"): whether every instruction of a cluster kernel touches
 * only its own CTA's objects, the cluster barrier and global tensors named by descriptor
 * arguments, and which of those it may read / write. It walks the compiled code and the IR's
 * value types, so it is a compiler file (tests/cli/sim_ir_reads.sh). */
#include "sim_internal.h"

/* The global tensors a descriptor operand v (IR value) may name in the explorer (no data), as a
 * mask of allocation ids mod 64 (sim_cta_local): a !tt.tensordesc kernel argument names its
 * allocation (sim_compile.c arg_galloc, sim_machine.c args); a descriptor the kernel makes
 * (tt.make_tensor_descriptor, ttng.reinterpret_tensor_descriptor) is a data op, 0 without data
 * (sim_exec.c data_eval), which names no global tensor (sim_gbox_of: no footprint); anything else
 * (a loop-carried or captured value, a select) any of them. */
static uint64_t desc_allocs(const sim_machine *m, const ir_op *op) {
  if (!op || op->n_operands == 0) return ~0ull;
  const ir_value *v = op->operands[0];
  if (!v || !v->type || v->type->kind != IR_T_TENSORDESC) return ~0ull;
  if (v->def) {
    ir_opcode c = v->def->code;
    return c == IR_OP_TT_MAKE_TENSOR_DESC || c == IR_OP_TTNG_REINTERPRET_TENSOR_DESC ? 0 : ~0ull;
  }
  const ir_block *entry = m->fn && m->fn->op && m->fn->op->n_regions ? m->fn->op->regions[0]->blocks[0] : NULL;
  if (!entry || v->block != entry || v->arg_idx >= entry->n_args || !m->arg_galloc || !m->arg_galloc[v->arg_idx])
    return ~0ull;
  return 1ull << (m->arg_galloc[v->arg_idx] & 63);
}

bool sim_cta_local(const sim_machine *m, uint64_t *gacc, uint64_t *gwrite) {
  *gacc = *gwrite = ~0ull;
  /* with data (simulate mode) a step also reads and writes global memory (tt.load / tt.store),
   * which the effects do not name */
  if (m->amd_gfx || m->data || m->n_ctas < 2 || m->n_ctas > SIM_MAX_CTAS || m->paired || !m->n_bars) return false;
  uint64_t acc = 0, wr = 0;
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    const sim_ins *i = &m->code[pc];
    switch (i->code) {
    case SIM_I_CLSYNC: case SIM_I_END: continue;     /* the cluster barrier; the CTA's exit */
    case SIM_I_FORK: case SIM_I_JOIN: case SIM_I_PEND: return false; /* global effects */
    default: break;
    }
    if (i->code >= IR_OP__COUNT || !i->op) {
      if (i->vis == SIM_V_NONE && i->code >= IR_OP__COUNT) continue; /* jumps, copies, loops */
      return false;
    }
    const ir_op *op = i->op;
    /* a view of another CTA's memory or barriers */
    if (op->code == IR_OP_TTNG_MAP_TO_REMOTE_BUFFER) return false;
    if (i->vis == SIM_V_NONE) continue; /* pure: the agent's own values only */
    switch (op->code) {
    case IR_OP_TTNG_INIT_BARRIER: case IR_OP_TTNG_INVAL_BARRIER: case IR_OP_TTNG_WAIT_BARRIER:
    case IR_OP_TTNG_BARRIER_EXPECT: case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE: case IR_OP_TTNG_TC_GEN5_COMMIT:
    case IR_OP_TTNG_WAIT_BARRIER_NAMED: case IR_OP_TTNG_ARRIVE_BARRIER_NAMED:
    case IR_OP_TTNG_CLUSTER_ARRIVE: case IR_OP_TTNG_CLUSTER_WAIT: case IR_OP_TTNG_CLUSTER_BARRIER:
    case IR_OP_TTNG_FENCE_ASYNC_SHARED: case IR_OP_TTG_LOCAL_LOAD: case IR_OP_TTNG_TMEM_LOAD:
    case IR_OP_TTG_LOCAL_STORE: case IR_OP_TTNG_TMEM_STORE: case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW:
    case IR_OP_TTG_LOCAL_ALLOC: case IR_OP_TTNG_TMEM_ALLOC: case IR_OP_TTNG_WARP_GROUP_DOT:
    case IR_OP_TTNG_WARP_GROUP_DOT_WAIT: case IR_OP_TTNG_TMA_STORE_WAIT: case IR_OP_TTG_ASYNC_WAIT:
    case IR_OP_TTG_ASYNC_COMMIT_GROUP: case IR_OP_TTNG_TC_GEN5_MMA: case IR_OP_TTNG_TC_GEN5_MMA_SCALED:
    case IR_OP_TTNG_TMEM_COPY: case IR_OP_TTG_ASYNC_COPY_G2L:
      break;
    case IR_OP_TTNG_ARRIVE_BARRIER:
      if (i->af & SIM_AF_CTA_MASK) return false; /* arrives in other CTAs */
      break;
    case IR_OP_TTNG_TMA_STORE_TOKEN_WAIT:
      if (ins_seg_len(i, 1)) return false;
      break;
    case IR_OP_TTNG_TMA_G2L:
      if (ins_seg_len(i, 5)) return false; /* multicast */
      acc |= desc_allocs(m, op);
      break;
    case IR_OP_TT_DESCRIPTOR_LOAD:
      acc |= desc_allocs(m, op);
      break;
    case IR_OP_TT_DESCRIPTOR_STORE: case IR_OP_TT_DESCRIPTOR_REDUCE: case IR_OP_TTNG_TMA_L2G:
    case IR_OP_TTNG_TMA_REDUCE:
      wr |= desc_allocs(m, op);
      break;
    default:
      return false; /* remote stores and copies, CLC, gathers / scatters, ...: not summarised */
    }
  }
  *gacc = acc | wr;
  *gwrite = wr;
  return true;
}
