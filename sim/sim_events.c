/* sim_events.c: the in-flight async events of a state (sorted by issuing agent, FIFO within
 * an agent), which of them may complete now (bulk groups, wgmma groups and tcgen05 pipelines
 * complete in order, §2.2 §3 §4.4), and what completing one does. */
#include <assert.h>
#include <stdio.h>

#include "sim_amd.h"

sim_event *sim_ev_add(sim_machine *m, void *st, const sim_event *e, sim_log *log) {
  sim_hdr *h = st_hdr(st);
  assert(e->agent < m->n_agents);
  if (h->n_events >= SIM_MAX_EVENTS) {
    sim_bound(log, m, e->ins < m->n_code ? m->code[e->ins].op : NULL,
              "more than %d async operations in flight", SIM_MAX_EVENTS);
    return NULL;
  }
  sim_event *ev = st_events(m, st);
  uint32_t pos = h->n_events;
  while (pos > 0 && ev[pos - 1].agent > e->agent) pos--;
  memmove(&ev[pos + 1], &ev[pos], (h->n_events - pos) * sizeof *ev);
  ev[pos] = *e;
  h->n_events++;
  /* the queue stays sorted by issuing agent, FIFO within an agent (the canonical order) */
  assert(pos == 0 || ev[pos - 1].agent <= ev[pos].agent);
  assert(pos + 1 == h->n_events || ev[pos].agent < ev[pos + 1].agent);
  return &ev[pos];
}

void sim_ev_remove(sim_machine *m, void *st, uint32_t idx) {
  sim_hdr *h = st_hdr(st);
  assert(idx < h->n_events);
  sim_event *ev = st_events(m, st);
  memmove(&ev[idx], &ev[idx + 1], (h->n_events - idx - 1) * sizeof *ev);
  h->n_events--;
  memset(&ev[h->n_events], 0, sizeof *ev);
}

uint32_t sim_ev_count_agent(const sim_machine *m, const void *st, uint32_t agent, int kind) {
  const sim_event *ev = st_cevents(m, st);
  uint32_t n = 0;
  for (uint32_t k = 0; k < st_chdr(st)->n_events; k++)
    if (ev[k].agent == agent && ev[k].kind == kind) n++;
  return n;
}

/* No earlier event of the same agent has a kind in kinds_mask (bit = kind). */
bool sim_ev_is_oldest(const sim_machine *m, const void *st, uint32_t idx, uint32_t kinds_mask) {
  const sim_event *ev = st_cevents(m, st);
  for (uint32_t k = 0; k < idx; k++)
    if (ev[k].agent == ev[idx].agent && ((kinds_mask >> ev[k].kind) & 1)) return false;
  return true;
}

#define KB(k) (1u << (k))

bool sim_ev_completable(const sim_machine *m, const void *st, uint32_t idx) {
  assert(idx < st_chdr(st)->n_events);
  const sim_event *e = &st_cevents(m, st)[idx];
  switch (e->kind) {
  case SIM_EV_TMA_LOAD: case SIM_EV_BULK_COPY: return true;
  case SIM_EV_TMA_STORE: return sim_ev_is_oldest(m, st, idx, KB(SIM_EV_TMA_STORE));
  case SIM_EV_WGMMA: return sim_ev_is_oldest(m, st, idx, KB(SIM_EV_WGMMA));
  case SIM_EV_CP_ASYNC: return sim_ev_is_oldest(m, st, idx, KB(SIM_EV_CP_ASYNC));
  case SIM_EV_MMA5: case SIM_EV_TMEM_CP:
    /* an op with barriers is the op plus commits after it (§4.4): a commit arrives once every
     * earlier tcgen05 op of its thread completed, so commits arrive in issue order and these
     * arrivals (in the op's completion step) come after those of earlier commits */
    if (e->bar != SIM_NOBAR)
      return sim_ev_is_oldest(m, st, idx, KB(SIM_EV_MMA5) | KB(SIM_EV_TMEM_CP) | KB(SIM_EV_COMMIT5));
    return sim_ev_is_oldest(m, st, idx, KB(SIM_EV_MMA5) | KB(SIM_EV_TMEM_CP));
  case SIM_EV_COMMIT5:
    if (e->flags & SIM_EVF_TIED) return false; /* completes with its MMA */
    return sim_ev_is_oldest(m, st, idx, KB(SIM_EV_MMA5) | KB(SIM_EV_TMEM_CP) | KB(SIM_EV_COMMIT5));
  case SIM_EV_CP_ARRIVE: return sim_ev_is_oldest(m, st, idx, KB(SIM_EV_CP_ASYNC));
  case SIM_EV_CLC: return sim_clc_completable(m, st, idx);
  case SIM_EV_AMD_DS: case SIM_EV_AMD_VM: case SIM_EV_AMD_TDM: case SIM_EV_AMD_ARRIVE:
    return sim_amd_completable(m, st, idx);
  default: return false;
  }
}

static const char *const ev_names[] = {
    [SIM_EV_TMA_LOAD] = "TMA load",        [SIM_EV_TMA_STORE] = "TMA store",
    [SIM_EV_WGMMA] = "wgmma",              [SIM_EV_MMA5] = "tcgen05.mma",
    [SIM_EV_TMEM_CP] = "tcgen05.cp",       [SIM_EV_COMMIT5] = "tcgen05.commit",
    [SIM_EV_CP_ASYNC] = "cp.async",        [SIM_EV_CP_ARRIVE] = "cp.async.mbarrier.arrive",
    [SIM_EV_BULK_COPY] = "bulk copy",       [SIM_EV_CLC] = "CLC try_cancel",
    [SIM_EV_AMD_DS] = "ds_write",           [SIM_EV_AMD_VM] = "LDS DMA",
    [SIM_EV_AMD_TDM] = "TDM copy",          [SIM_EV_AMD_ARRIVE] = "async mbarrier arrive",
};

const char *sim_event_kind_name(const sim_machine *m, const void *st, uint32_t ev) {
  const sim_event *e = &st_cevents(m, st)[ev];
  if (e->kind == SIM_EV_AMD_DS && e->n_fp && (e->fp[0].flags & SIM_FP_ATOMIC)) return "ds atomic"; /* sim_amd_ops.c ds_atomic */
  return e->kind < sizeof ev_names / sizeof ev_names[0] && ev_names[e->kind] ? ev_names[e->kind] : "async op";
}

/* Simulate mode: moves the data of a completing event. */
static int complete_data(sim_machine *m, const sim_event *e, sim_log *log) {
  if (!m->data || !e->aux || e->aux > m->n_evrec) return 0;
  sim_evrec *r = &m->evrec[e->aux - 1];
  sim_data_err derr;
  int rc = 0;
  const ir_op *op = m->code[e->ins].op;
  switch (e->kind) {
  case SIM_EV_TMA_LOAD: rc = sim_data_tma_load(m->data, (uint32_t)r->desc, r->coords, &r->v[0], &derr); break;
  case SIM_EV_TMA_STORE:
    if (op && op->code == IR_OP_TTNG_TMA_REDUCE) {
      rc = sim_data_tma_reduce(m->data, (uint32_t)r->desc, r->coords, &r->v[0], m->code[e->ins].astr, &derr);
    } else {
      rc = sim_data_tma_store(m->data, (uint32_t)r->desc, r->coords, &r->v[0], &derr);
    }
    break;
  case SIM_EV_MMA5:
    rc = r->pair ? sim_pair_mma_data(m->data, op, r, &derr)
                 : sim_data_tcgen5_mma(m->data, op, &r->v[0], &r->v[1], &r->v[2], r->use_d, &derr);
    break;
  case SIM_EV_TMEM_CP: rc = sim_data_tmem_copy(m->data, &r->v[0], &r->v[1], &derr); break;
  case SIM_EV_CP_ASYNC: case SIM_EV_AMD_VM: /* cp.async, AMD LDS DMA */
    rc = sim_data_cp_async_complete(m->data, r->cp_handle, op, &r->v[0], &derr);
    r->cp_handle = 0;
    break;
  default: break;
  }
  if (rc) {
    return sim_data_stop(log, m, -1, e->ins, &derr);
  }
  return 0;
}

int sim_ev_complete(sim_machine *m, void *st, uint32_t idx, sim_log *log) {
  sim_event e = st_events(m, st)[idx];
  sim_ev_remove(m, st, idx);
  log->ins = e.ins;
  if (log->detail) {
    char fp[96] = "";
    if (e.n_fp) sim_fp_str(m, &e.fp[0], fp, sizeof fp);
    sim_logf(log, "%s %s completes", e.kind < sizeof ev_names / sizeof ev_names[0] && ev_names[e.kind] ? ev_names[e.kind] : "async op", fp);
  }
  /* §6.2: a completion that lands in a CTA that exited */
  for (uint32_t k = 0; k < e.n_fp; k++)
    if (!(e.fp[k].flags & SIM_FP_GLOBAL) && ((st_chdr(st)->exited >> e.fp[k].cta) & 1)) {
      char fp[96];
      sim_viol_add(log, SIM_BUG_CLUSTER_EXIT, -1, e.ins, "async op writes %s after CTA %u exited (§6.2)",
                   sim_fp_str(m, &e.fp[k], fp, sizeof fp), e.fp[k].cta);
      log->halt = true;
      return -1;
    }
  if (complete_data(m, &e, log)) return -1;
  /* cp.async is "a weak memory operation performed in the generic proxy" (PTX ISA, cp.async):
   * its bytes are a generic-proxy write of the issuing thread, which a wgmma / tcgen05.mma /
   * tcgen05.cp / TMA store (async proxy) may read only after a fence.proxy.async of that thread
   * that follows the write (semantics.md §2.3); a fence before the cp.async.wait_group does not
   * cover it (the write is visible to the thread only after the wait). The write joins the
   * issuer's unfenced accesses when it lands. */
  if (e.kind == SIM_EV_CP_ASYNC && !m->amd_gfx)
    for (uint32_t k = 0; k < e.n_fp; k++)
      if ((e.fp[k].flags & SIM_FP_WRITE) && !(e.fp[k].flags & SIM_FP_GLOBAL))
        sim_uf_note(m, st, e.agent, &e.fp[k], e.ins);
  switch (e.kind) {
  case SIM_EV_TMA_LOAD: case SIM_EV_BULK_COPY: case SIM_EV_CP_ASYNC:
    if (e.bar != SIM_NOBAR && sim_signal_tx(m, st, e.bar, (int32_t)e.bytes, e.ins, log)) return -1;
    break;
  case SIM_EV_MMA5: case SIM_EV_TMEM_CP: case SIM_EV_COMMIT5: case SIM_EV_CP_ARRIVE:
    /* a cp.async.mbarrier.arrive's arrive releases the issuer's landed cp.async writes: a
     * thread that waits on the barrier and fences may read them through the async proxy */
    if (e.kind == SIM_EV_CP_ARRIVE && e.bar != SIM_NOBAR && !m->amd_gfx)
      sim_uf_publish_cp(m, st, e.agent, sim_uf_obj_bar(e.bar));
    /* tcgen05 completion / commit: arrive-on(1) at cluster scope (§4.4) */
    if (e.bar != SIM_NOBAR && sim_signal_arrive(m, st, e.bar, 1, e.ins, -1, log)) return -1;
    if (e.bar2 != SIM_NOBAR && sim_signal_arrive(m, st, e.bar2, 1, e.ins, -1, log)) return -1;
    /* an MMA's further barriers (SIM_EVF_TIED commits queued right behind it) */
    while (e.kind == SIM_EV_MMA5 && idx < st_hdr(st)->n_events) {
      sim_event t = st_events(m, st)[idx];
      if (t.agent != e.agent || t.kind != SIM_EV_COMMIT5 || !(t.flags & SIM_EVF_TIED)) break;
      sim_ev_remove(m, st, idx);
      if (sim_signal_arrive(m, st, t.bar, 1, t.ins, -1, log)) return -1;
    }
    break;
  case SIM_EV_CLC: return sim_clc_complete(m, st, &e, log); /* response, then complete_tx(16) */
  case SIM_EV_AMD_TDM: case SIM_EV_AMD_ARRIVE: return sim_amd_ev_complete(m, st, &e, log);
  default: break;
  }
  return 0;
}

bool sim_events_ordered(const sim_machine *m, const void *st, uint32_t e1, uint32_t e2) {
  const sim_event *a = &st_cevents(m, st)[e1], *b = &st_cevents(m, st)[e2];
  if (a->agent != b->agent) return false;
  if (m->amd_gfx) return sim_amd_events_ordered(m, st, e1, e2);
  /* the outcomes of one CLC request (sim_clc.c): only one of them ever completes */
  if (a->kind == SIM_EV_CLC && b->kind == SIM_EV_CLC && a->ins == b->ins) return true;
  uint32_t pipe = KB(SIM_EV_MMA5) | KB(SIM_EV_TMEM_CP);
  if (((pipe >> a->kind) & 1) && ((pipe >> b->kind) & 1)) return true;
  /* Not cp.async: it completes in issue order in the model (which keeps group waits exact),
   * but the PTX ISA gives two cp.async of a thread no order unless a wait_group (or an
   * mbarrier) separates them, so two in flight on the same bytes are a race. */
  return a->kind == b->kind && (a->kind == SIM_EV_TMA_STORE || a->kind == SIM_EV_WGMMA);
}

bool sim_access_after_event(const sim_machine *m, const void *st, uint32_t a, uint32_t ev) {
  if (m->amd_gfx) return sim_amd_access_after_event(m, st, a, ev);
  const sim_event *e = &st_cevents(m, st)[ev];
  if (e->agent != a || (e->kind != SIM_EV_TMEM_CP && e->kind != SIM_EV_MMA5)) return false;
  const sim_agent *ag = st_cagent(m, st, a);
  if (ag->status != SIM_AG_RUN) return false;
  /* a synchronous tc_gen5_mma (its accesses happen at issue in the model) goes down the same
   * tensor-core pipe: it starts after the earlier cp / mma of its thread (PTX ISA 9.7.16.6.2
   * "Pipelined tcgen05 Instructions": tcgen05.cp -> tcgen05.mma, tcgen05.mma -> tcgen05.mma) */
  int code = m->code[ag->pc].code;
  return code == IR_OP_TTNG_TC_GEN5_MMA || code == IR_OP_TTNG_TC_GEN5_MMA_SCALED;
}
