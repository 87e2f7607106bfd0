/* lw_cluster.c: thread-block clusters (semantics.md §6): the cluster shape of the launch, the
 * cluster barrier ops, views of a peer CTA's shared memory (map_to_remote_buffer -> mapa), and
 * the two cluster syncs Triton adds only in its LLVM lowering (tlx-ir.md §0). */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

void lw_cluster_dims(const ir_module *m, int dims[3]) {
  static const char *const keys[3] = {"ttg.cluster-dim-x", "ttg.cluster-dim-y", "ttg.cluster-dim-z"};
  bool any = false;
  for (int i = 0; i < 3; i++) {
    dims[i] = (int)ir_module_attr_int(m, keys[i], 1);
    if (dims[i] < 1) dims[i] = 1;
    any |= dims[i] > 1;
  }
  /* Without explicit cluster dims, "ttg.num-ctas" CTAs form a 1-D cluster (Triton's launch). */
  int64_t n = ir_module_attr_int(m, "ttg.num-ctas", 1);
  if (!any && n > 1) dims[0] = (int)n;
}

bool lw_is_remote(const ir_type *t) {
  if (!t || t->kind != IR_T_MEMDESC) return false;
  const ir_attr *s = t->space;
  return s && s->kind == IR_A_ENCODING && s->enc && s->enc->kind == IR_E_SPACE_CLUSTER;
}

void lw_cluster_analyze(lw_ctx *c) {
  int d[3];
  lw_cluster_dims(c->m, d);
  c->clustered = d[0] * d[1] * d[2] > 1;
  c->cl_init_sync = ir_cluster_init_sync(c->m, c->fn, &c->cl_init_after);
}

/* barrier.cluster.arrive{.relaxed} + barrier.cluster.wait: every thread of every CTA of the
 * cluster (semantics.md §6.1). */
void lw_cluster_sync(lw_ctx *c, bool relaxed) {
  lw_asm(c, NULL, relaxed ? "barrier.cluster.arrive.relaxed.aligned;" : "barrier.cluster.arrive.aligned;", "", NULL,
         NULL, 0, 0);
  lw_asm(c, NULL, "barrier.cluster.wait.aligned;", "", NULL, NULL, 0, 0);
}

void lw_cluster_init_sync(lw_ctx *c) {
  /* The inits (by thread 0) are released to the cluster, then every thread of the cluster
   * waits until every CTA got here: no remote arrive can reach an uninitialised barrier. */
  lw_asm(c, NULL, "fence.mbarrier_init.release.cluster;", "", NULL, NULL, 0, 0);
  lw_cluster_sync(c, true);
}

int lw_cluster_op(lw_ctx *c, const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTNG_CLUSTER_ARRIVE:
    lw_asm(c, NULL, ir_op_attr_int(op, "relaxed", 0) ? "barrier.cluster.arrive.relaxed.aligned;"
                                                    : "barrier.cluster.arrive.aligned;",
           "", NULL, NULL, 0, 0);
    c->rg->mb = 0; /* with the wait, a superset of a CTA barrier */
    return 0;
  case IR_OP_TTNG_CLUSTER_WAIT:
    lw_asm(c, NULL, "barrier.cluster.wait.aligned;", "", NULL, NULL, 0, 0);
    c->rg->mb = 0;
    return 0;
  case IR_OP_TTNG_CLUSTER_BARRIER:
    /* Inside warp_specialize Triton lowers it to a rendezvous of the region's warps through an
     * mbarrier per region (the model's partition cluster barrier, sim_ops_bar.c); barrier.cluster
     * there would wait for warps that never arrive. Not built here yet: refused. */
    if (ir_op_ws_ancestor(op))
      return lw_fail(c, op, "ttng.cluster_barrier inside warp_specialize (a rendezvous of one "
                     "partition across the cluster) is not supported by the lowering");
    lw_cluster_sync(c, ir_op_attr_int(op, "relaxed", 0) != 0);
    c->rg->mb = 0;
    return 0;
  case IR_OP_TTNG_MAP_TO_REMOTE_BUFFER: {
    /* The view's origin in CTA `rank` of the cluster: mapa gives its shared::cluster address,
     * kept as the view's pointer (only remote mbarrier arrives use it, lw_sync.c). */
    ir_value *src = ir_seg(op, IR_SEG_TTNG_MAP_TO_REMOTE_BUFFER_SRC, NULL);
    ir_value *rank = ir_seg(op, IR_SEG_TTNG_MAP_TO_REMOTE_BUFFER_RANK, NULL);
    lw_val *sv = lw_get(c, src);
    if (sv->kind != LV_MEMDESC || lw_is_remote(src->type))
      return lw_fail(c, op, "map_to_remote_buffer of something that is not a local shared-memory view");
    lw_ssa args[2] = {lw_smem_u32(c, sv->s), lw_scalar(c, rank)};
    const char *rty = lw_llty(rank->type);
    if (rty && strcmp(rty, "i32")) args[1] = lw_cast(c, lw_ty_bits(rty) < 32 ? "llvm.zext" : "llvm.trunc", args[1], rty, "i32");
    const char *tys[2] = {"i32", "i32"};
    lw_ssa ca = lw_asm_pure(c, "i32", "mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r", args, tys, 2);
    lw_val r = *sv;
    r.s = lw_cast(c, "llvm.inttoptr", ca, "i32", "!llvm.ptr<3>");
    lw_set(c, op->results[0], r);
    return 0;
  }
  default: return lw_unsupported(c, op);
  }
}
