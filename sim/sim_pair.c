/* sim_pair.c: paired-CTA kernels (tcgen05 .cta_group::2, semantics.md §4.2-§4.4): which ops run
 * on the CTA pair, and issuing a paired MMA / commit. How many CTAs a module's cluster has and
 * the ops refused at compile time: sim_compile_pair.c, by the rules below.
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
 * - tcgen05.commit: leader only; arrives on the barrier at the same offset in both CTAs
 *   (tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster with
 *   ctaMask = 0b11 << pair base, MMAv5.cpp createMMACommit; PTX ISA tcgen05.commit: the arrive
 *   goes to the mbarrier at the same offset in each CTA of ctaMask, when all prior async
 *   tcgen05 ops of the executing thread complete).
 * - A tc_gen5_mma with no barrier and no is_async ("synchronous") is issued like any paired MMA
 *   and not waited for, as in one CTA (sim_ops_async.c mma5): the MMAv5 lowering emits no
 *   commit and no wait for it; its reads and accumulator writes in both CTAs stay in flight
 *   until a later tc_gen5_commit of the leader arrives (the only synchronous form is made by
 *   the MMA lowering pass, MMALowering.cpp SyncMMALowering, before the TTGIR is dumped).
 * - TMA loads with two_cta: the bytes land in the issuing CTA's smem and complete_tx goes to
 *   the barrier the operand names (the frontend maps it to the leader, tlx-ir.md §1.4).
 * - Outside warp_specialize, upstream Triton 3.6.0 puts a full cluster barrier
 *   (barrier.cluster.arrive + wait, every thread of the cluster) before every paired MMA;
 *   the TLX fork a lone arrive (refused in TLX modules): sim_compile_pair.c
 *   sim_pair_mma_cluster_sync, emitted as SIM_I_CLSYNC with imm 2 (sim_compile.c).
 * - An implicit cluster sync follows the last entry-block init_barrier of a paired kernel, as of
 *   any cluster kernel that touches a peer's memory (tlx-ir.md §0: Triton adds it in its LLVM
 *   lowering, invisible in TTGIR; ir_cluster_init_sync is the rule). */
#include <stdio.h>

#include "sim_internal.h"

bool sim_pair_op(const sim_machine *m, const ir_op *op) { return m->paired && op && sim_is_tc05(op->code); }

/* Every SIM_I_END of the code directly follows the implicit cluster sync before ret (CLSYNC imm
 * 1, sim_compile.c tt.return) and no instruction jumps to it: then a CTA exits only right after
 * its main agent passed that cluster barrier, in a transition that is a cluster-barrier op (its
 * own CLSYNC, or the arrive that completes the barrier) or the visible exit (SIM_I_END with async
 * ops in flight), all of whose effects have SIM_E_CLUSTER. The premise of pair_effect
 * (sim_effects.c): a paired op, which reads whether the peer CTA exited, is dependent on every
 * transition that may make it exit. */
bool sim_pair_exit_sync(const sim_machine *m) {
  if (!m->paired || m->amd_gfx || m->n_ctas < 2) return false;
  for (uint32_t k = 0; k < m->n_code; k++) {
    uint32_t t = m->code[k].target; /* a jump to an exit */
    if (t < m->n_code && m->code[t].code == SIM_I_END) return false;
    if (m->code[k].code == SIM_I_END &&
        (!k || m->code[k - 1].code != SIM_I_CLSYNC || m->code[k - 1].imm != 1))
      return false;
  }
  return true;
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
  int seg_usd = scaled ? 6 : 4, seg_bars = sim_mma5_seg_bars(scaled), seg_bpred = scaled ? 9 : 7;
  sim_fp f[3];
  for (int k = 0; k < 3; k++) sim_view_fp(m, ex_seg(e, k, 0), ins_rseg(m, e->i, k, 0), &f[k]);
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
  /* the commit arrives on the barrier in both CTAs of the pair */
  uint32_t bl = (uint32_t)b % m->n_bars;
  sim_uf_publish(m, e->st, e->a,
                 sim_uf_obj_bar(e->cta * m->n_bars + bl) | sim_uf_obj_bar((e->cta + 1) * m->n_bars + bl));
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
