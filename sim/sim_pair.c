/* sim_pair.c: paired-CTA kernels (tcgen05 .cta_group::2, semantics.md §4.2-§4.4): how many
 * CTAs a module's cluster has, which ops run on the CTA pair, and issuing a paired MMA / commit.
 *
 * The rules (sources: tlx-ir.md §0 §1.4 §1.6, and the TLX fork's lowering, read not copied):
 * - Cluster size: the product of ttg.cluster-dim-x/y/z when it is > 1 (TLX / ctas_per_cga
 *   launches, whose ttg.num-ctas stays 1), else ttg.num-ctas (Triton's 1-D cluster). A paired
 *   kernel whose module names no cluster runs as one pair (2 CTAs); an odd cluster is refused.
 * - Paired: "ttng.two-ctas" = true or "tlx.enable_paired_cta_mma" = true; without the module
 *   attribute (TTIR), a tcgen05 op carrying two_ctas. In a paired module EVERY tcgen05.mma and
 *   tcgen05.commit is cta_group::2 (the lowering decides by the module, §4.2: one cta_group per
 *   kernel), whether or not the op repeats the two_ctas flag.
 * - tcgen05.mma: issued only by the even (leader) CTA of a pair (§4.3); the odd CTA's op is a
 *   no-op. It reads A and B from both CTAs' shared memory and writes both CTAs' accumulators:
 *   D_c = A_c x [B_leader | B_follower] for c in the pair (each CTA holds its M rows of A and D
 *   and N/2 columns of B). Modelled as two tcgen05.mma events of the leader (one per CTA half,
 *   completing in issue order on the leader's pipeline) then, per completion barrier, a commit
 *   event that arrives on that barrier in BOTH CTAs of the pair (multicast mask 0b11 << pair).
 * - tcgen05.commit: leader only; arrives on the barrier at the same offset in both CTAs.
 * - TMA loads with two_cta: the bytes land in the issuing CTA's smem and complete_tx goes to
 *   the barrier the operand names (the frontend maps it to the leader, tlx-ir.md §1.4).
 * - An implicit cluster sync follows the last entry-block init_barrier of a paired kernel, as of
 *   any cluster kernel that touches a peer's memory (tlx-ir.md §0: Triton adds it in its LLVM
 *   lowering, invisible in TTGIR; ir_cluster_init_sync is the rule). */
#include <stdio.h>

#include "sim_internal.h"

/* ------------------------------------------------------------------ module rules */

static bool is_tc05(ir_opcode c) {
  return c == IR_OP_TTNG_TC_GEN5_MMA || c == IR_OP_TTNG_TC_GEN5_MMA_SCALED || c == IR_OP_TTNG_TC_GEN5_COMMIT;
}

/* Walks op and its nested ops: *two = some tcgen05 op has two_ctas, *peers = a remote view or
 * a multicast arrive (a CTA touches a peer's barriers). */
static void scan(const ir_op *op, bool *two, bool *peers) {
  if (is_tc05(op->code) && attr_true(op, "two_ctas")) *two = true;
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

static const char *module_rule(const ir_module *mod, const ir_op *fop, pair_rule *r, char *buf, size_t len) {
  int64_t nc = ir_module_attr_int(mod, "ttg.num-ctas", 1), cl = 1;
  static const char *const dims[3] = {"ttg.cluster-dim-x", "ttg.cluster-dim-y", "ttg.cluster-dim-z"};
  for (int k = 0; k < 3; k++) {
    int64_t d = ir_module_attr_int(mod, dims[k], 1);
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
  int64_t two = ir_module_attr_int(mod, "ttng.two-ctas", -1);
  bool tlx = ir_module_attr_int(mod, "tlx.enable_paired_cta_mma", 0) > 0;
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
  return module_rule(mod, fn ? fn->op : NULL, &r, buf, sizeof buf) ? 1 : (uint32_t)r.n;
}

int sim_pair_setup(sim_machine *m, sim_err *err) {
  const ir_op *fop = m->fn->op;
  pair_rule r = {1, false, false};
  char buf[256];
  if (module_rule(m->mod, fop, &r, buf, sizeof buf)) return sim_errf(err, m, fop, "%s", buf);
  m->n_ctas = (uint32_t)r.n;
  m->paired = r.paired;
  /* the implicit cluster sync after barrier init, where the lowering puts it (tlx-ir.md §0) */
  m->cl_init_after = NULL;
  if (r.n > 1) ir_cluster_init_sync(m->mod, m->fn, &m->cl_init_after);
  m->needs_cl_init_sync = m->cl_init_after != NULL;
  return 0;
}

bool sim_pair_op(const sim_machine *m, const ir_op *op) { return m->paired && op && is_tc05(op->code); }

int sim_pair_check_op(const sim_machine *m, const ir_op *op, sim_err *err) {
  const char *name = ir_ops[op->code].name;
  bool two = attr_true(op, "two_ctas") || attr_true(op, "two_cta");
  switch (op->code) {
  case IR_OP_TTNG_TC_GEN5_MMA: case IR_OP_TTNG_TC_GEN5_MMA_SCALED: {
    if (!m->paired) return 0;
    bool scaled = op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED;
    if (!attr_true(op, "is_async") && !seg_len(op, scaled ? 8 : 6))
      return sim_errf(err, m, op, "synchronous %s in a paired-CTA kernel is not modelled (the "
                      "follower CTA cannot wait for it); give it a completion barrier", name);
    if (attr_true(op, "multicast"))
      return sim_errf(err, m, op, "%s with multicast in a paired-CTA kernel is not modelled", name);
    if (!ir_op_ancestor(op, IR_OP_TTG_WARP_SPECIALIZE) && ir_module_attr_int(m->mod, "tlx.enable_paired_cta_mma", 0) <= 0 &&
        ir_module_attr_int(m->mod, "tlx.has_tlx_ops", 0) <= 0)
      return sim_errf(err, m, op, "paired-CTA %s outside warp_specialize in a non-TLX kernel: the "
                      "lowering adds a cluster arrive there that the model does not reproduce", name);
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

/* ------------------------------------------------------------------ issue */

/* Halts the path when the peer CTA of the pair has exited: a ::2 op needs it running (§4.3). */
static int peer_exited(sim_exec *e, uint32_t peer) {
  if (!((st_chdr(e->st)->exited >> peer) & 1)) return 0;
  sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc, "paired-CTA %s after the peer CTA %u "
               "exited: the pair's second CTA must still run (§4.3, §6.2)", ir_ops[e->i->code].name, peer);
  e->log->halt = true;
  return 1;
}

/* The simulate-mode view of operand seg in CTA cta (the leader's view, moved to cta's buffer). */
static sim_mview half_view(sim_exec *e, int seg, uint32_t cta) {
  sim_machine *m = e->m;
  sim_mview v = m->mscratch[ins_in(m, e->i)[ins_seg_at(e->i, seg)]];
  uint32_t al = sim_view_alloc(ex_seg(e, seg, 0));
  if (al && al < m->n_allocs && m->data_buf[cta * m->n_allocs + al]) v.buf = m->data_buf[cta * m->n_allocs + al];
  return v;
}

/* Arrive-on(1) on the barrier at offset bl in both CTAs of the pair starting at cta base: at
 * once (nothing of the issuer in flight) or as a commit event after its older tcgen05 ops. */
static int pair_arrive(sim_exec *e, uint32_t base, uint32_t bl, bool now) {
  sim_machine *m = e->m;
  uint32_t b0 = base * m->n_bars + bl, b1 = b0 + m->n_bars;
  if (now) {
    if (sim_signal_arrive(m, e->st, b0, 1, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
    return sim_signal_arrive(m, e->st, b1, 1, e->pc, (int)e->a, e->log) ? SIM_X_HALT : SIM_X_NEXT;
  }
  sim_event ev = {.kind = SIM_EV_COMMIT5, .bar = (uint16_t)b0, .bar2 = (uint16_t)b1};
  return sim_async_add_event(e, &ev);
}

int sim_pair_mma5(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  if (e->cta & 1) {
    sim_logf(e->log, "tcgen05.mma.cta_group::2: the follower CTA does not issue (§4.3)");
    return SIM_X_NEXT;
  }
  uint32_t peer = e->cta + 1;
  if (peer_exited(e, peer)) return SIM_X_HALT;
  bool scaled = op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED;
  int seg_usd = scaled ? 6 : 4, seg_bars = scaled ? 8 : 6, seg_bpred = scaled ? 9 : 7;
  sim_fp f[3];
  for (int k = 0; k < 3; k++) sim_view_fp(m, ex_seg(e, k, 0), ins_val(e->i, k, 0), &f[k]);
  if (!(f[0].flags & SIM_FP_TMEM)) f[0].flags |= SIM_FP_ASYNC;
  f[1].flags |= SIM_FP_ASYNC;
  f[2].flags |= SIM_FP_WRITE;
  /* one event per CTA half: A and D of that CTA, B of that CTA (the other B half is read by
   * the other event, which completes in the same pipeline window) */
  for (uint32_t h = 0; h < 2; h++) {
    uint32_t cta = e->cta + h;
    sim_event ev = {.kind = SIM_EV_MMA5, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 3};
    for (int k = 0; k < 3; k++) {
      ev.fp[k] = f[k];
      if (f[k].alloc) ev.fp[k].cta = (uint8_t)cta;
      if (k < 2 && (ev.fp[k].flags & SIM_FP_ASYNC)) sim_uf_check_async(m, e->st, e->a, &ev.fp[k], e->pc, e->log);
    }
    ev.aux = sim_async_evrec(e);
    if (ev.aux) {
      sim_evrec *r = &m->evrec[ev.aux - 1];
      r->v[0] = half_view(e, 0, cta);
      r->v[1] = half_view(e, 1, e->cta);
      r->v[2] = half_view(e, 2, cta);
      r->v[3] = half_view(e, 1, peer);
      r->use_d = ex_seg(e, seg_usd, 0) & 1;
      r->pair = true;
    }
    if (sim_async_add_event(e, &ev) != SIM_X_NEXT) return SIM_X_HALT;
  }
  uint32_t nb = ins_seg_len(e->i, seg_bars), np = ins_seg_len(e->i, seg_bpred);
  for (uint32_t k = 0; k < nb; k++) {
    if (k < np && !(ex_seg(e, seg_bpred, k) & 1)) continue;
    int32_t b = sim_ex_bar(e, seg_bars, k, NULL);
    if (b < 0) return SIM_X_HALT;
    if (pair_arrive(e, e->cta, (uint32_t)b % m->n_bars, false) != SIM_X_NEXT) return SIM_X_HALT;
  }
  sim_logf(e->log, "tcgen05.mma.cta_group::2 issued for CTAs %u and %u", e->cta, peer);
  return SIM_X_NEXT;
}

int sim_pair_commit5(sim_exec *e) {
  sim_machine *m = e->m;
  if (e->cta & 1) {
    sim_logf(e->log, "tcgen05.commit.cta_group::2: the follower CTA does not issue (§4.4)");
    return SIM_X_NEXT;
  }
  int32_t b = sim_ex_bar(e, 0, 0, NULL);
  if (b < 0) return SIM_X_HALT;
  if (peer_exited(e, e->cta + 1)) return SIM_X_HALT;
  sim_uf_publish(m, e->st, e->a);
  uint32_t pending = sim_tc05_pending(m, e->st, e->a);
  char nm[64];
  sim_logf(e->log, "tcgen05.commit.cta_group::2 to %s in CTAs %u and %u (%u earlier op(s) pending)",
           sim_barrier_name(m, (uint32_t)b, nm, sizeof nm), e->cta, e->cta + 1, pending);
  /* §4.4: with no tracked op in flight the arrive is immediate */
  return pair_arrive(e, e->cta, (uint32_t)b % m->n_bars, pending == 0);
}

/* ------------------------------------------------------------------ data */

int sim_pair_mma_data(sim_data *d, const ir_op *op, const sim_evrec *r, sim_data_err *err) {
  /* D_c[:, h*N/2 : (h+1)*N/2] = A_c x B_h[:, 0 : N/2] (h = 0 leader, 1 follower) */
  const sim_mview *dv = &r->v[2];
  int64_t half = dv->rank == 2 ? dv->shape[1] / 2 : 0;
  for (int h = 0; h < 2; h++) {
    sim_mview b = r->v[h ? 3 : 1], dh = *dv;
    if (b.rank == 2) b.shape[1] = half;
    dh.shape[1] = half;
    dh.offset += h * half * dv->stride[1];
    int rc = sim_data_tcgen5_mma(d, op, &r->v[0], &b, &dh, r->use_d, err);
    if (rc) return rc;
  }
  return 0;
}
