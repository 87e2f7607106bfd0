/* sim_ops_async.c: issuing async operations as events (TMA load / store §2, wgmma §3,
 * tcgen05 mma / cp / commit §4, cp.async §1.2, bulk copies into cluster smem §6.2) and the
 * group waits that wait for them. */
#include <stdio.h>
#include <stdlib.h>

#include "sim_internal.h"

/* Footprint of the memdesc operand `seg`[k] of the current op (flags added). */
static void seg_fp(sim_exec *e, int seg, uint32_t k, uint8_t flags, sim_fp *f) {
  sim_view_fp(e->m, ex_seg(e, seg, k), ins_rseg(e->m, e->i, seg, k), f);
  f->flags |= flags;
}

/* Simulate mode side record for an event (descriptor, coordinates, views). */
static uint32_t evrec_new(sim_exec *e) {
  sim_machine *m = e->m;
  if (!m->data) return 0;
  sim_evrec *r = IR_PUSH(m->evrec, m->n_evrec, m->cap_evrec);
  r->agent = e->a;
  return m->n_evrec;
}

static sim_evrec *evrec(sim_exec *e, uint32_t id) { return id ? &e->m->evrec[id - 1] : NULL; }

static const sim_mview *seg_mview(sim_exec *e, int seg, uint32_t k) {
  return &e->m->mscratch[ins_in(e->m, e->i)[ins_seg_at(e->i, seg) + k]];
}

/* Box bytes of a TMA through a !tt.tensordesc (§2.1: Π box dims × element bytes, out-of-bound
 * elements included), of one CTA's share of a block its layout splits over the cluster. */
static uint32_t desc_bytes(const sim_vtype *t) {
  return t->kind == IR_T_TENSORDESC ? sim_vtype_cta_bytes(t) : 0;
}

/* The global box of a TMA op (descriptor segment 0, coordinates segment 1), packed as a
 * footprint into ev->fp[ev->n_fp] when the descriptor is known. */
static bool tma_gbox(sim_exec *e, uint8_t flags, sim_gbox *b) {
  uint64_t coords[SIM_GBOX_RANK];
  uint32_t n = ins_seg_len(e->i, 1);
  if (n > SIM_GBOX_RANK) return false;
  for (uint32_t k = 0; k < n; k++) coords[k] = ex_seg(e, 1, k);
  return sim_gbox_of(e->m, ex_seg(e, 0, 0), ins_tseg(e->m, e->i, 0, 0), coords, n, flags, b);
}

static int add_event(sim_exec *e, sim_event *ev) {
  ev->agent = (uint8_t)e->a;
  ev->ins = e->pc;
  if (!sim_ev_add(e->m, e->st, ev, e->log)) return SIM_X_HALT;
  return SIM_X_NEXT;
}

/* The record simulate mode moves the box with (descriptor, coordinates, shared view; the
 * segments 0, 1, 2 of a TMA load and store alike): its id for sim_event.aux, 0 when none. */
static uint32_t tma_evrec(sim_exec *e) {
  uint32_t id = evrec_new(e);
  sim_evrec *r = evrec(e, id);
  if (!r) return 0;
  r->desc = ex_seg(e, 0, 0);
  r->ncoords = ins_seg_len(e->i, 1);
  for (uint32_t k = 0; k < r->ncoords && k < IR_MAX_RANK; k++) r->coords[k] = sim_sext(ex_seg(e, 1, k), 32);
  r->v[0] = *seg_mview(e, 2, 0);
  return id;
}

static int tma_load(sim_exec *e) {
  sim_machine *m = e->m;
  uint32_t bytes = desc_bytes(ins_tseg(m, e->i, 0, 0));
  int32_t bar = sim_ex_bar(e, 3, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  sim_fp dst;
  seg_fp(e, 2, 0, SIM_FP_WRITE | SIM_FP_ASYNC, &dst);
  /* §2.1: the copy reads its global box until it completes */
  sim_gbox gb;
  sim_fp gsrc = {0};
  if (tma_gbox(e, 0, &gb)) gsrc = sim_gbox_fp(&gb, SIM_FP_ASYNC);
  uint32_t mask = ins_seg_len(e->i, 5) ? (uint32_t)ex_seg(e, 5, 0) : 0;
  uint32_t bl = (uint32_t)bar % m->n_bars;
  char fp[96], nm[64];
  sim_logf(e->log, "TMA load %u bytes into %s, signals %s", bytes, sim_fp_str(m, &dst, fp, sizeof fp),
           sim_barrier_name(m, (uint32_t)bar, nm, sizeof nm));
  for (uint32_t c = 0; c < m->n_ctas; c++) {
    /* multicast (§2.1): the same offset in every CTA of the mask, each signalling its own
     * barrier at the same offset; otherwise the destination named by the view */
    if (mask ? !((mask >> c) & 1) : c != 0) continue;
    sim_fp f = dst;
    uint32_t b = (uint32_t)bar;
    if (mask) {
      f.cta = (uint8_t)c;
      /* with cta_group::2 (two_cta) the signal goes to the CTA of c's pair that has the parity
       * of the CTA holding mbar (§2.1) */
      uint32_t bc = (e->i->af & SIM_AF_TWO_CTA) ? (c & ~1u) | (((uint32_t)bar / m->n_bars) & 1u) : c;
      b = bc * m->n_bars + bl;
    }
    if (sim_check_bar_usable(m, e->st, b, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
    st_mbar(m, e->st, b)->iss_bytes += (int32_t)bytes;
    sim_uf_check_async(m, e->st, e->a, &f, e->pc, e->log);
    sim_event ev = {.kind = SIM_EV_TMA_LOAD, .bar = (uint16_t)b, .bar2 = SIM_NOBAR, .bytes = bytes,
                    .n_fp = 1, .fp = {f}};
    if (gsrc.alloc) ev.fp[ev.n_fp++] = gsrc;
    ev.aux = tma_evrec(e);
    if (add_event(e, &ev) != SIM_X_NEXT) return SIM_X_HALT;
  }
  return SIM_X_NEXT;
}

static int tma_store(sim_exec *e) {
  const ir_op *op = e->i->op;
  sim_fp src;
  seg_fp(e, 2, 0, SIM_FP_ASYNC, &src);
  char fp[96];
  sim_logf(e->log, "TMA store from %s (its own bulk group)", sim_fp_str(e->m, &src, fp, sizeof fp));
  sim_uf_check_async(e->m, e->st, e->a, &src, e->pc, e->log);
  /* In TTGIR every TMA store is committed as its own bulk group (§2.2). */
  sim_event ev = {.kind = SIM_EV_TMA_STORE, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 1, .fp = {src}};
  /* A store with a token result is named by it (async_tma_store_token_wait, §2.2): the agent's
   * count of such stores is its sequence number and the token's value. A store without one
   * takes the next number without using it, so it is newer than every token issued before
   * it and older than the next one. */
  sim_agent *ag = st_agent(e->m, e->st, e->a);
  if (e->i->n_out) {
    ag->seq++;
    e->x[ins_out(e->m, e->i)[0]] = SIM_TOKEN_TAG | ag->seq;
  }
  ev.seq = e->i->n_out ? ag->seq : (uint16_t)(ag->seq + 1);
  /* ... and writes its global box until it completes (a reduce: atomically) */
  sim_gbox gb;
  if (tma_gbox(e, SIM_FP_WRITE | (op->code == IR_OP_TTNG_TMA_REDUCE ? SIM_FP_ATOMIC : 0), &gb)) {
    ev.fp[ev.n_fp++] = sim_gbox_fp(&gb, SIM_FP_ASYNC);
    sim_log_gwrite(e->log, &gb, e->cta, e->pc);
  }
  ev.aux = tma_evrec(e);
  return add_event(e, &ev);
}

static bool is_memdesc(const sim_vtype *t) { return t->kind == IR_T_MEMDESC; }

/* ttng.async_tma_gather (§2.1): a TMA load whose rows are the values of a tensor: it writes
 * its whole shared-memory result asynchronously and performs complete_tx(result bytes) on its
 * barrier. The global rows are data (verify mode does not know them): not tracked. */
static int tma_gather(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  if ((e->i->af & SIM_AF_MULTICAST) || m->data) {
    sim_bound(e->log, m, op, "%s", m->data ? "the data plane does not simulate ttng.async_tma_gather"
                                           : "multicast ttng.async_tma_gather is not modelled");
    return SIM_X_HALT;
  }
  int32_t bar = sim_ex_bar(e, 3, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  sim_fp dst;
  seg_fp(e, 4, 0, SIM_FP_WRITE | SIM_FP_ASYNC, &dst);
  uint32_t bytes = sim_vtype_bytes(ins_tseg(m, e->i, 4, 0));
  if (sim_check_bar_usable(m, e->st, (uint32_t)bar, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
  st_mbar(m, e->st, (uint32_t)bar)->iss_bytes += (int32_t)bytes;
  sim_uf_check_async(m, e->st, e->a, &dst, e->pc, e->log);
  char fp[96];
  sim_logf(e->log, "TMA gather %u bytes into %s", bytes, sim_fp_str(m, &dst, fp, sizeof fp));
  sim_event ev = {.kind = SIM_EV_TMA_LOAD, .bar = (uint16_t)bar, .bar2 = SIM_NOBAR, .bytes = bytes,
                  .n_fp = 1, .fp = {dst}};
  return add_event(e, &ev);
}

/* ttng.async_tma_scatter (§2.2): a TMA store whose rows are the values of a tensor, committed as
 * its own bulk group: it reads its shared-memory source until a wait retires it. */
static int tma_scatter(sim_exec *e) {
  if (e->m->data) {
    sim_bound(e->log, e->m, e->i->op, "%s", "the data plane does not simulate ttng.async_tma_scatter");
    return SIM_X_HALT;
  }
  sim_fp src;
  seg_fp(e, 3, 0, SIM_FP_ASYNC, &src);
  sim_uf_check_async(e->m, e->st, e->a, &src, e->pc, e->log);
  char fp[96];
  sim_logf(e->log, "TMA scatter from %s (its own bulk group)", sim_fp_str(e->m, &src, fp, sizeof fp));
  sim_agent *ag = st_agent(e->m, e->st, e->a);
  sim_event ev = {.kind = SIM_EV_TMA_STORE, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 1, .fp = {src},
                  .seq = (uint16_t)(ag->seq + 1)};
  return add_event(e, &ev);
}

/* ttng.async_store: cp.async.bulk.global.shared::cta.bulk_group of `size` bytes, committed as
 * its own bulk group like a TMA store (§2.2): it reads its shared-memory source through the
 * async proxy until a cp.async.bulk.wait_group (async_tma_store_wait) retires it. The global
 * destination is a pointer: data only, as for tt.store. */
static int bulk_store(sim_exec *e) {
  sim_fp src;
  seg_fp(e, 0, 0, SIM_FP_ASYNC, &src);
  char fp[96];
  sim_logf(e->log, "bulk store from %s (its own bulk group)", sim_fp_str(e->m, &src, fp, sizeof fp));
  sim_uf_check_async(e->m, e->st, e->a, &src, e->pc, e->log);
  if (e->m->data) {
    sim_bound(e->log, e->m, e->i->op, "%s", "the data plane does not simulate ttng.async_store");
    return SIM_X_HALT;
  }
  sim_agent *ag = st_agent(e->m, e->st, e->a);
  sim_event ev = {.kind = SIM_EV_TMA_STORE, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 1, .fp = {src},
                  .seq = (uint16_t)(ag->seq + 1)};
  return add_event(e, &ev);
}

/* ttng.async_shared_store: st.async.shared::cluster.mbarrier::complete_tx::bytes of a register
 * tensor into (possibly another CTA's) shared memory: the destination is written until the
 * store completes, which performs complete_tx(bytes) on the mbarrier (§6.2, as
 * ttg.async_remote_shmem_store; the CTAs are those of the views). */
static int shared_store(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  sim_event ev = {.kind = SIM_EV_BULK_COPY, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 1};
  seg_fp(e, 1, 0, SIM_FP_WRITE, &ev.fp[0]);
  ev.bytes = sim_vtype_bytes(ins_tseg(m, e->i, 0, 0));
  uint32_t dcta = ev.fp[0].cta;
  int32_t b = sim_view_bar(m, ex_seg(e, 2, 0));
  if (b < 0) {
    sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                 "ttng.async_shared_store barrier operand is not an mbarrier the model knows");
    e->log->halt = true;
    return SIM_X_HALT;
  }
  if (dcta >= m->n_ctas || ((st_chdr(e->st)->exited >> dcta) & 1)) {
    sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc, "async store into CTA %u, which %s "
                 "(§6.2)", dcta, dcta >= m->n_ctas ? "is not in the cluster" : "has exited");
    e->log->halt = true;
    return SIM_X_HALT;
  }
  if (m->data) {
    sim_bound(e->log, m, op, "%s", "the data plane does not simulate ttng.async_shared_store");
    return SIM_X_HALT;
  }
  if (sim_check_bar_usable(m, e->st, (uint32_t)b, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
  ev.bar = (uint16_t)b;
  st_mbar(m, e->st, (uint32_t)b)->iss_bytes += (int32_t)ev.bytes;
  char fp[96];
  sim_logf(e->log, "async store of %u bytes into %s", ev.bytes, sim_fp_str(m, &ev.fp[0], fp, sizeof fp));
  return add_event(e, &ev);
}

static int wgmma(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  sim_event ev = {.kind = SIM_EV_WGMMA, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR};
  const sim_vtype *a = ins_tseg(m, e->i, 0, 0), *b = ins_tseg(m, e->i, 1, 0);
  if (is_memdesc(a)) seg_fp(e, 0, 0, SIM_FP_ASYNC, &ev.fp[ev.n_fp++]);
  if (is_memdesc(b)) seg_fp(e, 1, 0, SIM_FP_ASYNC, &ev.fp[ev.n_fp++]);
  for (uint32_t k = 0; k < ev.n_fp; k++) sim_uf_check_async(m, e->st, e->a, &ev.fp[k], e->pc, e->log);
  if (m->data) {
    bool use_c = ins_seg_len(e->i, 3) ? (ex_seg(e, 3, 0) & 1) : true;
    sim_data_err derr;
    if (sim_data_wgmma(m->data, e->a, op, is_memdesc(a) ? seg_mview(e, 0, 0) : NULL, seg_mview(e, 1, 0),
                       use_c, &derr)) {
      sim_data_stop(e->log, e->m, (int)e->a, e->pc, &derr);
      return SIM_X_HALT;
    }
  }
  sim_logf(e->log, "wgmma issued (its own wgmma group)");
  if (!(e->i->af & SIM_AF_ASYNC)) return SIM_X_NEXT; /* synchronous: accesses happen now */
  return add_event(e, &ev);
}

static int mma5(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  if (m->paired) return sim_pair_mma5(e); /* cta_group::2 (§4.3) */
  bool scaled = op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED;
  int seg_usd = scaled ? 6 : 4, seg_bars = sim_mma5_seg_bars(scaled), seg_bpred = scaled ? 9 : 7;
  sim_event ev = {.kind = SIM_EV_MMA5, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 3};
  const sim_vtype *a = ins_tseg(m, e->i, 0, 0);
  seg_fp(e, 0, 0, is_memdesc(a) && a->in_tmem ? 0 : SIM_FP_ASYNC, &ev.fp[0]);
  seg_fp(e, 1, 0, SIM_FP_ASYNC, &ev.fp[1]);
  seg_fp(e, 2, 0, SIM_FP_WRITE, &ev.fp[2]);
  if (ev.fp[0].flags & SIM_FP_TMEM) ev.fp[0].flags &= (uint8_t)~SIM_FP_ASYNC;
  for (uint32_t k = 0; k < 2; k++)
    if (ev.fp[k].flags & SIM_FP_ASYNC) sim_uf_check_async(m, e->st, e->a, &ev.fp[k], e->pc, e->log);
  /* Every barrier operand whose predicate holds gets arrive-on(1) when the MMA completes
   * (Triton lowers each to a tcgen05.commit right after the mma, §4.4, with nothing of the
   * issuer between them). The first two ride on the MMA event; further ones are commit events
   * tied to it (SIM_EVF_TIED), arrived on in the MMA's completion step. */
  uint32_t nb = ins_seg_len(e->i, seg_bars), np = ins_seg_len(e->i, seg_bpred), used = 0, n_more = 0;
  uint16_t more[SIM_MAX_EVENTS];
  for (uint32_t k = 0; k < nb; k++) {
    if (k < np && !(ex_seg(e, seg_bpred, k) & 1)) continue;
    int32_t b = sim_view_bar(m, ex_seg(e, seg_bars, k));
    if (b < 0) {
      sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                   "tc_gen5_mma barrier operand is not an mbarrier the model knows");
      e->log->halt = true;
      return SIM_X_HALT;
    }
    if (used == 0) ev.bar = (uint16_t)b;
    else if (used == 1) ev.bar2 = (uint16_t)b;
    else if (n_more < SIM_MAX_EVENTS) more[n_more++] = (uint16_t)b;
    used++;
  }
  /* Always asynchronous, with or without barriers and is_async: Triton's MMAv5 lowering emits
   * tcgen05.mma, then one tcgen05.commit per listed barrier, and never waits (is_async only
   * steers the MMA lowering pass of the Triton-language pipeline, which has run before the
   * TTGIR is dumped; Gluon's pipeline has no such pass). Without barriers the MMA stays in
   * flight until a later tc_gen5_commit's barrier phase is observed (§4.4). */
  ev.aux = evrec_new(e);
  if (ev.aux) {
    sim_evrec *r = evrec(e, ev.aux);
    for (int k = 0; k < 3; k++) r->v[k] = *seg_mview(e, k, 0);
    r->use_d = ex_seg(e, seg_usd, 0) & 1;
  }
  sim_logf(e->log, "tcgen05.mma issued%s", used ? "" : " (no barrier: a later tcgen05.commit tracks it)");
  if (add_event(e, &ev) != SIM_X_NEXT) return SIM_X_HALT;
  for (uint32_t k = 0; k < n_more; k++) {
    sim_event c = {.kind = SIM_EV_COMMIT5, .flags = SIM_EVF_TIED, .bar = more[k], .bar2 = SIM_NOBAR};
    if (add_event(e, &c) != SIM_X_NEXT) return SIM_X_HALT;
  }
  return SIM_X_NEXT;
}

uint32_t sim_tc05_pending(const sim_machine *m, const void *st, uint32_t a) {
  return sim_ev_count_agent(m, st, a, SIM_EV_MMA5) + sim_ev_count_agent(m, st, a, SIM_EV_TMEM_CP) +
         sim_ev_count_agent(m, st, a, SIM_EV_COMMIT5);
}

static int commit5(sim_exec *e) {
  sim_machine *m = e->m;
  if (m->paired) return sim_pair_commit5(e); /* cta_group::2 (§4.4) */
  int32_t b = sim_ex_bar(e, 0, 0, NULL);
  if (b < 0) return SIM_X_HALT;
  sim_uf_publish(m, e->st, e->a, sim_uf_obj_bar((uint32_t)b));
  uint32_t pending = sim_tc05_pending(m, e->st, e->a);
  char nm[64];
  sim_logf(e->log, "tcgen05.commit to %s (%u earlier op(s) pending)",
           sim_barrier_name(m, (uint32_t)b, nm, sizeof nm), pending);
  /* §4.4: with no tracked op in flight the arrive is immediate */
  if (!pending)
    return sim_signal_arrive(m, e->st, (uint32_t)b, 1, e->pc, (int)e->a, e->log) ? SIM_X_HALT : SIM_X_NEXT;
  sim_event ev = {.kind = SIM_EV_COMMIT5, .bar = (uint16_t)b, .bar2 = SIM_NOBAR};
  return add_event(e, &ev);
}

static int tmem_cp(sim_exec *e) {
  sim_machine *m = e->m;
  sim_event ev = {.kind = SIM_EV_TMEM_CP, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 2};
  seg_fp(e, 0, 0, SIM_FP_ASYNC, &ev.fp[0]);
  seg_fp(e, 1, 0, SIM_FP_WRITE, &ev.fp[1]);
  sim_uf_check_async(m, e->st, e->a, &ev.fp[0], e->pc, e->log);
  if (ins_seg_len(e->i, 2)) {
    int32_t b = sim_view_bar(m, ex_seg(e, 2, 0));
    if (b >= 0) ev.bar = (uint16_t)b;
  }
  ev.aux = evrec_new(e);
  if (ev.aux) {
    sim_evrec *r = evrec(e, ev.aux);
    r->v[0] = *seg_mview(e, 0, 0);
    r->v[1] = *seg_mview(e, 1, 0);
  }
  sim_logf(e->log, "tcgen05.cp issued");
  return add_event(e, &ev);
}

static int cp_async(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  sim_agent *ag = st_agent(m, e->st, e->a);
  sim_event ev = {.kind = SIM_EV_CP_ASYNC, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR, .n_fp = 1,
                  .group = ag->cp_group};
  seg_fp(e, 1, 0, SIM_FP_WRITE, &ev.fp[0]);
  if (ins_seg_len(e->i, 5)) {
    int32_t b = sim_view_bar(m, ex_seg(e, 5, 0));
    if (b >= 0) {
      ev.bar = (uint16_t)b;
      ev.bytes = ins_seg_len(e->i, 4) ? (uint32_t)ex_seg(e, 4, 0) : 0;
      st_mbar(m, e->st, (uint32_t)b)->iss_bytes += (int32_t)ev.bytes;
    }
  }
  /* simulate mode: the source is read now, the destination written at completion */
  ev.aux = evrec_new(e);
  if (ev.aux) {
    sim_evrec *r = evrec(e, ev.aux);
    uint64_t in[64] = {0};
    for (uint32_t k = 0; k < e->i->n_in && k < 64; k++) in[k] = ex_in(e, k);
    sim_data_err derr;
    r->v[0] = *seg_mview(e, 1, 0);
    if (!(r->cp_handle = sim_data_cp_async_issue(m->data, e->a, op, in, &derr))) {
      sim_data_stop(e->log, e->m, (int)e->a, e->pc, &derr);
      return SIM_X_HALT;
    }
  }
  sim_logf(e->log, "cp.async issued (group %u)", ag->cp_group);
  return add_event(e, &ev);
}

static int remote_copy(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  uint32_t rank = (uint32_t)ex_seg(e, 1, 0);
  if (rank >= m->n_ctas) {
    sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc, "copy to CTA rank %u, but the "
                 "cluster has %u CTA(s)", rank, m->n_ctas);
    e->log->halt = true;
    return SIM_X_HALT;
  }
  sim_event ev = {.kind = SIM_EV_BULK_COPY, .bar = SIM_NOBAR, .bar2 = SIM_NOBAR};
  seg_fp(e, 2, 0, SIM_FP_WRITE, &ev.fp[0]);
  ev.fp[0].cta = (uint8_t)rank;
  ev.n_fp = 1;
  const sim_vtype *src = ins_tseg(m, e->i, 0, 0);
  if (op->code == IR_OP_TTG_ASYNC_REMOTE_SHMEM_COPY && is_memdesc(src)) {
    seg_fp(e, 0, 0, SIM_FP_ASYNC, &ev.fp[1]);
    ev.n_fp = 2;
    ev.fp[0].flags |= SIM_FP_ASYNC;
  }
  ev.bytes = sim_vtype_bytes(src);
  int32_t b = sim_view_bar(m, ex_seg(e, 3, 0));
  if (b >= 0) {
    uint32_t rb = rank * m->n_bars + (uint32_t)b % m->n_bars;
    if ((st_chdr(e->st)->exited >> rank) & 1) {
      sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc, "copy into CTA %u after it "
                   "exited (§6.2)", rank);
      e->log->halt = true;
      return SIM_X_HALT;
    }
    ev.bar = (uint16_t)rb;
    st_mbar(m, e->st, rb)->iss_bytes += (int32_t)ev.bytes;
  }
  sim_logf(e->log, "async copy of %u bytes into CTA %u", ev.bytes, rank);
  return add_event(e, &ev);
}

/* async_tma_store_token_wait, once enabled (sim_async_wait_enabled): the store named by the
 * token has finished (and, bulk groups completing in order, every older store of the agent:
 * the fork lowers the op to cp.async.bulk.wait_group with the count of stores issued after
 * the token's, §2.2); then each barrier whose predicate holds gets a thread arrive (count 1,
 * as the lowering's arrive_barrier). */
static int token_wait(sim_exec *e) {
  sim_machine *m = e->m;
  uint64_t tok = ex_seg(e, 0, 0);
  if (tok & SIM_TOKEN_TAG)
    sim_logf(e->log, "TMA store token wait (store #%u)", (unsigned)(tok & 0xffff));
  else
    sim_logf(e->log, "TMA store token wait (token not from a TMA store: waits for every store)");
  uint32_t nb = ins_seg_len(e->i, 1), np = ins_seg_len(e->i, 2);
  for (uint32_t k = 0; k < nb; k++) {
    if (k < np && !(ex_seg(e, 2, k) & 1)) continue;
    int32_t b = sim_view_bar(m, ex_seg(e, 1, k));
    if (b < 0) {
      sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                   "async_tma_store_token_wait barrier operand is not an mbarrier the model knows");
      e->log->halt = true;
      return SIM_X_HALT;
    }
    sim_uf_publish(m, e->st, e->a, sim_uf_obj_bar((uint32_t)b));
    if (sim_signal_arrive(m, e->st, (uint32_t)b, 1, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
  }
  return SIM_X_NEXT;
}

/* Pass-through results (warp_group_dot_wait returns its inputs). */
static void pass_through(sim_exec *e) {
  sim_machine *m = e->m;
  const sim_ins *i = e->i;
  const uint32_t *in = ins_in(m, i), *out = ins_out(m, i);
  for (uint32_t k = 0; k < i->n_out && k < i->n_in; k++) {
    e->x[out[k]] = e->x[in[k]];
    if (m->data) m->mscratch[out[k]] = m->mscratch[in[k]];
  }
  e->x[0] = 0;
  if (m->data) sim_data_copy(m->data, e->a, (const ir_value *const *)i->op->results, e->a,
                             (const ir_value *const *)i->op->operands,
                             i->n_out < i->n_in ? i->n_out : i->n_in);
}

int sim_op_async(sim_exec *e) {
  /* a buffer operand through a view that left its allocation (an index or a slice out of
   * range, e.g. TMEM columns beyond the tmem_alloc, §4.2); barrier operands are checked as
   * barriers */
  const ir_op *op = e->i->op;
  for (uint32_t k = 0; op && k < e->i->n_in && k < op->n_operands; k++) {
    uint64_t v = ex_in(e, k);
    if (ins_tin(e->m, e->i, k)->kind != IR_T_MEMDESC || !(v & SIM_VIEW_OOB)) continue;
    uint32_t al = sim_view_alloc(v);
    if (al && al < e->m->n_allocs && e->m->allocs[al].is_barrier) continue;
    sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                 "%s through a view of %s that is outside its allocation", ir_ops[op->code].name,
                 al && al < e->m->n_allocs ? e->m->allocs[al].name : "memory");
    e->log->halt = true;
    return SIM_X_HALT;
  }
  switch (e->i->code) {
  case IR_OP_TTNG_TMA_G2L: return tma_load(e);
  case IR_OP_TTNG_TMA_L2G: case IR_OP_TTNG_TMA_REDUCE: return tma_store(e);
  case IR_OP_TTNG_ASYNC_STORE: return bulk_store(e);
  case IR_OP_TTNG_TMA_GATHER: return tma_gather(e);
  case IR_OP_TTNG_TMA_SCATTER: return tma_scatter(e);
  case IR_OP_TTNG_ASYNC_SHARED_STORE: return shared_store(e);
  case IR_OP_TTNG_WARP_GROUP_DOT: return wgmma(e);
  case IR_OP_TTNG_TC_GEN5_MMA: case IR_OP_TTNG_TC_GEN5_MMA_SCALED: return mma5(e);
  case IR_OP_TTNG_TC_GEN5_COMMIT: return commit5(e);
  case IR_OP_TTNG_TMEM_COPY: return tmem_cp(e);
  case IR_OP_TTG_ASYNC_COPY_G2L: return cp_async(e);
  case IR_OP_TTG_ASYNC_COMMIT_GROUP:
    st_agent(e->m, e->st, e->a)->cp_group++;
    sim_logf(e->log, "cp.async commit group");
    return SIM_X_NEXT;
  case IR_OP_TTG_ASYNC_REMOTE_SHMEM_STORE: case IR_OP_TTG_ASYNC_REMOTE_SHMEM_COPY: return remote_copy(e);
  case IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL: case IR_OP_TTNG_CLC_TRY_CANCEL: return sim_clc_issue(e);
  case IR_OP_TTNG_TMA_STORE_WAIT:
    sim_logf(e->log, "TMA store wait (pendings %lld)", (long long)e->i->imm);
    return SIM_X_NEXT;
  case IR_OP_TTNG_TMA_STORE_TOKEN_WAIT: return token_wait(e);
  case IR_OP_TTNG_WARP_GROUP_DOT_WAIT:
    pass_through(e);
    sim_logf(e->log, "wgmma wait (pendings %lld)", (long long)e->i->imm);
    return SIM_X_NEXT;
  case IR_OP_TTG_ASYNC_WAIT:
    sim_logf(e->log, "cp.async wait (num %lld)", (long long)e->i->imm);
    return SIM_X_NEXT;
  default: break;
  }
  sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc, "%s is not modelled", ir_ops[e->i->code].name);
  e->log->halt = true;
  e->log->bound = true;
  return SIM_X_HALT;
}

bool sim_async_wait_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i) {
  switch (i->code) { /* pendings / num: sim_ins.imm (decoded at compile time) */
  case IR_OP_TTNG_TMA_STORE_WAIT:
    return sim_ev_count_agent(m, st, a, SIM_EV_TMA_STORE) <= (uint32_t)i->imm;
  case IR_OP_TTNG_TMA_STORE_TOKEN_WAIT: {
    /* the token's store and every older TMA store of the agent have completed; a token no
     * TMA store made waits for all of them (the lowering's fallback, pendings 0). imm: the
     * token's operand index (decoded at compile time) */
    uint64_t tok = env_slot(m, st_cenv(m, st, a), i->region, ins_in(m, i)[i->imm]);
    const sim_event *ev = st_cevents(m, st);
    for (uint32_t k = 0; k < st_chdr(st)->n_events; k++)
      if (ev[k].agent == a && ev[k].kind == SIM_EV_TMA_STORE &&
          (!(tok & SIM_TOKEN_TAG) || (int16_t)(uint16_t)(ev[k].seq - (uint16_t)tok) <= 0))
        return false;
    return true;
  }
  case IR_OP_TTNG_WARP_GROUP_DOT_WAIT:
    return sim_ev_count_agent(m, st, a, SIM_EV_WGMMA) <= (uint32_t)i->imm;
  case IR_OP_TTG_ASYNC_WAIT: {
    /* committed groups still pending (distinct group numbers, in order) */
    const sim_event *ev = st_cevents(m, st);
    uint16_t cur = st_cagent(m, st, a)->cp_group;
    uint32_t groups = 0;
    int last = -1;
    for (uint32_t k = 0; k < st_chdr(st)->n_events; k++)
      if (ev[k].agent == a && ev[k].kind == SIM_EV_CP_ASYNC && ev[k].group != cur && ev[k].group != last) {
        groups++;
        last = ev[k].group;
      }
    return groups <= (uint32_t)i->imm;
  }
  default:
    return true;
  }
}

uint32_t sim_async_evrec(sim_exec *e) { return evrec_new(e); }
int sim_async_add_event(sim_exec *e, sim_event *ev) { return add_event(e, ev); }
