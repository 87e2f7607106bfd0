/* sim_compile_pair.c: the build-time half of paired-CTA kernels (the rules: sim_pair.c's header,
 * semantics.md §4.2-§4.4): the module's cluster size and paired mode, decided once from the
 * decoded module attributes (sim_compile_mod.c) and a walk of the kernel's ops, and the paired
 * ops the model refuses at compile time. Issuing them: sim_pair.c. */
#include <stdio.h>

#include "sim_internal.h"

/* ------------------------------------------------------------------ module rules */

/* Walks op and its nested ops: *two = some tcgen05 op has two_ctas, *peers = a remote view or
 * a multicast arrive (a CTA touches a peer's barriers). */
static void scan(const ir_op *op, bool *two, bool *peers) {
  if (sim_is_tc05(op->code) && attr_true(op, "two_ctas")) *two = true;
  if (op->code == IR_OP_TTNG_MAP_TO_REMOTE_BUFFER) *peers = true;
  if (op->code == IR_OP_TTNG_ARRIVE_BARRIER && ir_op_has_attr(op, "ctaMask")) *peers = true;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) scan(o, two, peers);
}

/* The module's cluster: size *n, paired mode, whether a CTA touches a peer's barriers. Returns
 * NULL, or what is wrong with the module (a message for an input error). */
typedef struct pair_rule {
  int64_t n;
  bool paired, peers;
} pair_rule;

static const char *module_rule(const sim_modattrs *ma, const ir_op *fop, pair_rule *r, char *buf, size_t len) {
  int64_t nc = ma->num_ctas, cl = 1;
  static const char *const dims[3] = {"ttg.cluster-dim-x", "ttg.cluster-dim-y", "ttg.cluster-dim-z"};
  for (int k = 0; k < 3; k++) {
    int64_t d = ma->cluster_dim[k];
    if (k && d > 1) {
      snprintf(buf, len, "%s = %lld: clusters with more than one dimension are not modelled (CTA "
               "ranks map to program ids along x only)", dims[k], (long long)d);
      return buf;
    }
    cl *= d < 1 ? 1 : d;
  }
  if (nc < 1) nc = 1;
  if (cl > 1 && nc > 1 && cl != nc) {
    snprintf(buf, len, "ttg.num-ctas = %lld but ttg.cluster-dim-x = %lld: the cluster size is "
             "ambiguous; make them agree", (long long)nc, (long long)cl);
    return buf;
  }
  r->n = cl > 1 ? cl : nc;
  int64_t two = ma->two_ctas;
  bool tlx = ma->tlx_paired > 0;
  bool op_two = false;
  r->peers = false;
  if (fop) scan(fop, &op_two, &r->peers);
  if (two == 0 && op_two && !tlx) {
    snprintf(buf, len, "a tcgen05 op has two_ctas but the module says \"ttng.two-ctas\" = false: "
             "every tcgen05 instruction of a kernel must use the same cta_group (semantics.md "
             "§4.2); make the module attribute and the ops agree");
    return buf;
  }
  r->paired = two > 0 || tlx || (two < 0 && op_two);
  if (r->paired && r->n == 1) r->n = 2; /* the pair itself: cta_group::2 needs the peer (§4.3) */
  if (r->paired && r->n % 2) {
    snprintf(buf, len, "paired-CTA (cta_group::2) kernel in a cluster of %lld CTAs: CTA pairs need "
             "an even cluster size (semantics.md §4.3)", (long long)r->n);
    return buf;
  }
  if (r->n > SIM_MAX_CTAS) {
    snprintf(buf, len, "a cluster of %lld CTAs exceeds the model's limit of %d", (long long)r->n,
             SIM_MAX_CTAS);
    return buf;
  }
  return NULL;
}

uint32_t sim_cluster_ctas(const ir_module *mod) {
  const ir_func *fn = ir_module_kernel(mod);
  pair_rule r = {1, false, false};
  char buf[256];
  sim_modattrs ma;
  sim_compile_modattrs(mod, &ma);
  return module_rule(&ma, fn ? fn->op : NULL, &r, buf, sizeof buf) ? 1 : (uint32_t)r.n;
}

int sim_pair_setup(sim_machine *m, sim_err *err) {
  const ir_op *fop = m->fn->op;
  pair_rule r = {1, false, false};
  char buf[256];
  if (module_rule(&m->ma, fop, &r, buf, sizeof buf)) return sim_errf(err, m, fop, "%s", buf);
  m->n_ctas = (uint32_t)r.n;
  m->paired = r.paired;
  /* the implicit cluster sync after barrier init, where the lowering puts it (tlx-ir.md §0) */
  m->cl_init_after = NULL;
  /* NVIDIA only: an AMD cluster has no implicit cluster barrier (sim_amd_cluster.c) */
  if (r.n > 1 && !m->amd_gfx) ir_cluster_init_sync(m->mod, m->fn, &m->cl_init_after);
  m->needs_cl_init_sync = m->cl_init_after != NULL;
  return 0;
}


/* A paired MMA before which the lowering synchronizes the cluster itself: outside
 * warp_specialize, in a module without tlx.enable_paired_cta_mma (MMAv5.cpp convertDotImpl:
 * hasExplicitCTASync = tlxEnablePairedMMA || inside a WarpSpecializeOp). */
static bool lowering_syncs(const sim_machine *m, const ir_op *op) {
  return m->paired && (op->code == IR_OP_TTNG_TC_GEN5_MMA || op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED) &&
         !ir_op_ws_ancestor(op) && m->ma.tlx_paired <= 0;
}

bool sim_pair_mma_cluster_sync(const sim_machine *m, const ir_op *op) {
  /* Upstream Triton 3.6.0's MMAv5 lowering (convertDotImpl, twoCTAs) emits ClusterArriveOp +
   * ClusterWaitOp before every paired MMA: barrier.cluster.arrive.aligned;
   * barrier.cluster.wait.aligned in the PTX of test_tensor_descriptor.py's
   * test_make_tensor_descriptor_matmul (num_ctas = 2, cuda:100), compiled on the device
   * (docs/simulator.md "Paired-CTA MMA outside warp_specialize"). Inside warp_specialize
   * the kernel synchronizes itself (a cluster barrier there would wait for threads of
   * other partitions, semantics.md §6.1). */
  return !m->amd_gfx && lowering_syncs(m, op) && !m->ma.tlx_module;
}

int sim_pair_check_op(const sim_machine *m, const ir_op *op, sim_err *err) {
  const char *name = ir_ops[op->code].name;
  bool two = attr_true(op, "two_ctas") || attr_true(op, "two_cta");
  switch (op->code) {
  case IR_OP_TTNG_TC_GEN5_MMA: case IR_OP_TTNG_TC_GEN5_MMA_SCALED: {
    if (!m->paired) return 0;
    if (attr_true(op, "multicast"))
      return sim_errf(err, m, op, "%s with multicast in a paired-CTA kernel is not modelled", name);
    /* Without barriers and is_async the MMA is modelled as in one CTA: the lowering does not
     * wait for it, a later (leader) tc_gen5_commit tracks it (sim_pair.c). Outside
     * warp_specialize the lowering first synchronizes the cluster; how depends on the compiler
     * (sim_pair_mma_cluster_sync): upstream Triton 3.6.0 emits a full barrier.cluster
     * arrive + wait (modelled), the TLX fork a lone arrive unless the module sets
     * tlx.enable_paired_cta_mma (MMAv5.cpp convertDotImpl: hasExplicitCTASync =
     * tlxEnablePairedMMA || inside a WarpSpecializeOp) whose wait is nowhere in the TTGIR:
     * refused, see the message. */
    if (lowering_syncs(m, op) && m->ma.tlx_module)
      return sim_errf(err, m, op, "paired-CTA %s outside warp_specialize in a TLX module without "
                      "tlx.enable_paired_cta_mma is not modelled: the fork's MMAv5 lowering puts a barrier.cluster.arrive with no wait "
                      "before it in every CTA, and the TTGIR does not say which wait completes it "
                      "(with ttg.num-ctas > 1 the LLVM lowering's cluster-barrier insertion adds "
                      "arrive/wait pairs from the shared-memory allocation); by the ISA a second "
                      "arrive before the barrier completes (the next such MMA, the exit cluster "
                      "barrier) is undefined (semantics.md §6.1)", name);
    if (m->data) {
      /* simulate mode: D_c = A_c x [B_0 | B_1] needs N/2 columns of B per CTA (§4.4) */
      const ir_type *bt = seg_val(op, 1, 0)->type, *dt = seg_val(op, 2, 0)->type;
      if (bt->rank != 2 || dt->rank != 2 || dt->shape[1] % 2 || bt->shape[1] < dt->shape[1] / 2)
        return sim_errf(err, m, op, "paired-CTA %s: each CTA's B must hold at least N/2 = %lld "
                        "columns of the %lld-column accumulator (rank-2 operands); the model cannot "
                        "compute it", name, (long long)(dt->rank == 2 ? dt->shape[1] / 2 : 0),
                        (long long)(dt->rank == 2 ? dt->shape[1] : 0));
    }
    return 0;
  }
  case IR_OP_TTNG_TC_GEN5_COMMIT:
    if (m->paired && seg_len(op, 2))
      return sim_errf(err, m, op, "%s with descs in a paired-CTA kernel is not modelled", name);
    return 0;
  case IR_OP_TTNG_TMEM_COPY:
    if (m->paired)
      return sim_errf(err, m, op, "%s (tcgen05.cp) in a paired-CTA kernel is not modelled", name);
    return 0;
  case IR_OP_TTNG_TMA_G2L:
    if (two && m->n_ctas < 2)
      return sim_errf(err, m, op, "%s with two_cta needs a CTA pair, but the module's cluster has "
                      "one CTA; set \"ttg.cluster-dim-x\" = 2", name);
    return 0;
  default:
    if (two)
      return sim_errf(err, m, op, "%s with two_ctas (paired-CTA, cta_group::2) is not modelled; the "
                      "kernel cannot be checked", name);
    return 0;
  }
}
