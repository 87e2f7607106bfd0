/* sim_ops_bar.c: barrier ops of one agent: mbarrier init / inval / expect / arrive / wait
 * with the phase-alias check (§1), named barriers (§5), the cluster barrier and the implicit
 * cluster syncs (§6.1, tlx-ir.md §0). */
#include <limits.h>
#include <stdio.h>

#include "sim_internal.h"

/* The barrier's name, formatted only when a message needs it. */
#define BNAME() (nm[0] ? nm : sim_barrier_name(m, (uint32_t)bar, nm, sizeof nm))

/* Barrier named by element k of operand `seg` of the current op; -1 with a lifecycle violation
 * (and the path halted) when it is not one. */
int32_t sim_ex_bar(sim_exec *e, int seg, uint32_t k, uint64_t *view_out) {
  uint64_t v = ex_seg(e, seg, k);
  if (view_out) *view_out = v;
  int32_t b = sim_view_bar(e->m, v);
  if (b < 0) {
    if (v & SIM_VIEW_OOB)
      sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                   "%s on a barrier whose index is outside its array", ir_ops[e->i->code].name);
    else
      sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                   "%s on memory that is not an mbarrier the model knows", ir_ops[e->i->code].name);
    e->log->halt = true;
  }
  return b;
}

static int init_op(sim_exec *e) {
  sim_machine *m = e->m;
  int32_t bar = sim_ex_bar(e, 0, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  sim_mbar *b = st_mbar(m, e->st, (uint32_t)bar);
  char nm[64];
  nm[0] = 0;
  int64_t count = e->i->imm; /* "count", decoded at compile time */
  const sim_event *ev = sim_late_signaller(m, e->st, (uint32_t)bar);
  if (b->valid || ev) {
    sim_viol *v;
    if (b->valid)
      v = sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                       "%s is initialised again while it is still valid (§1.2: mbarrier.inval first)",
                       BNAME());
    else /* invalidated with the op in flight (sim_late.c): its arrival would hit the new barrier */
      v = sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                       "%s is initialised again while an async op that signals it is still in "
                       "flight: its late arrival would count in a phase of the new barrier "
                       "(§1.2, §1.5.1: wait for the op before the inval)", BNAME());
    if (ev) {
      sim_viol_rel(v, ev->ins, "async op in flight");
      if (b->late) sim_viol_rel(v, b->late_ins, "invalidated here while the op was in flight");
    }
    sim_logf(e->log, "init %s again while it is %s", BNAME(), b->valid ? "valid" : "signalled by an op in flight");
    e->log->halt = true;
    return SIM_X_HALT;
  }
  if (sim_mbar_init(b, (int32_t)(count < INT32_MIN ? INT32_MIN : count > INT32_MAX ? INT32_MAX : count)) != SIM_MB_OK) {
    sim_viol_add(e->log, SIM_BUG_COUNT_MISMATCH, (int)e->a, e->pc,
                 "%s is initialised with count %lld, outside [1, 2^20-1] (§1.2)", BNAME(), (long long)count);
    e->log->halt = true;
    return SIM_X_HALT;
  }
  b->exp_bytes = b->iss_bytes = 0;
  b->last_expect = UINT32_MAX;
  b->late = 0;
  /* the phase-alias intents of this barrier (sim_internal.h): intents are per agent and local
   * barrier index, and an agent waits on its own CTA's barriers, so only the agents of the
   * barrier's CTA forget what they knew of it (another CTA's init of the barrier at the same
   * index is another barrier: resetting every agent's made a two-CTA pipeline's next wait look
   * like a wait for phase -1, a false phase-alias) */
  uint32_t bl = (uint32_t)bar % m->n_bars, bc = (uint32_t)bar / m->n_bars;
  for (uint32_t a = 0; a < m->n_agents; a++)
    if (agent_cta(m, a) == bc) *st_intent(m, e->st, a, bl) = INT32_MIN;
  sim_logf(e->log, "init %s, count %lld", BNAME(), (long long)count);
  return SIM_X_NEXT;
}

static int inval_op(sim_exec *e) {
  sim_machine *m = e->m;
  int32_t bar = sim_ex_bar(e, 0, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  char nm[64];
  nm[0] = 0;
  sim_mbar *b = st_mbar(m, e->st, (uint32_t)bar);
  if (sim_mbar_inval(b) != SIM_MB_OK) {
    sim_viol *v = sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                               "inval of %s, which is not a valid barrier (§1.5.1)", BNAME());
    sim_late_note(m, e->st, (uint32_t)bar, v);
    e->log->halt = true;
    return SIM_X_HALT;
  }
  /* §1.5.1: undefined while an async op still signals it; its late arrival is tracked until it
   * lands (a warning) or the barrier's bytes are reused first (an error): sim_late.c */
  const sim_event *ev = sim_late_signaller(m, e->st, (uint32_t)bar);
  if (ev) sim_late_mark(m, e->st, (uint32_t)bar, e->pc);
  sim_logf(e->log, "inval %s%s", BNAME(), ev ? " (an async op that signals it is still in flight)" : "");
  return SIM_X_NEXT;
}

static int expect_op(sim_exec *e) {
  sim_machine *m = e->m;
  int32_t bar = sim_ex_bar(e, 0, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  if (sim_check_bar_usable(m, e->st, (uint32_t)bar, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
  sim_mbar *b = st_mbar(m, e->st, (uint32_t)bar);
  int64_t bytes = e->i->imm; /* "size" */
  char nm[64];
  nm[0] = 0;
  sim_logf(e->log, "expect %lld bytes on %s (an arrival: %d pending before)", (long long)bytes, BNAME(),
           b->pending);
  /* §1.8: barrier_expect is mbarrier.arrive.expect_tx by the partition's thread 0 */
  b->exp_bytes += (int32_t)bytes;
  b->last_expect = e->pc;
  int32_t pending = b->pending;
  sim_mbar_rc rc = sim_mbar_arrive_expect(b, (int32_t)bytes);
  if (rc == SIM_MB_OVER_ARRIVAL) {
    sim_viol_add(e->log, SIM_BUG_OVER_ARRIVAL, (int)e->a, e->pc,
                 "expect on %s is an arrival, but phase %d has %d arrival(s) pending%s (§1.5.2, "
                 "§1.8)", BNAME(), b->phase, pending, b->tx ? " and waits for transaction bytes" : "");
    e->log->halt = true;
    return SIM_X_HALT;
  }
  if (rc == SIM_MB_TX_RANGE) {
    sim_viol_add(e->log, SIM_BUG_TX_MISMATCH, (int)e->a, e->pc,
                 "expect of %lld bytes takes the tx-count of %s out of range (§1.5.3)",
                 (long long)bytes, BNAME());
    e->log->halt = true;
    return SIM_X_HALT;
  }
  sim_uf_publish(m, e->st, e->a, sim_uf_obj_bar((uint32_t)bar));
  sim_intent_note_arrive(m, e->st, (int)e->a, (uint32_t)bar);
  if (rc == SIM_MB_COMPLETED && sim_phase_completed(m, e->st, (uint32_t)bar, e->pc, e->log))
    return SIM_X_HALT;
  return SIM_X_NEXT;
}

static int wait_op(sim_exec *e) {
  sim_machine *m = e->m;
  uint64_t view;
  int32_t bar = sim_ex_bar(e, 0, 0, &view);
  if (bar < 0) return SIM_X_HALT;
  char nm[64];
  nm[0] = 0;
  if ((view & SIM_VIEW_REMOTE) && sim_view_cta(view) != e->cta) {
    sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                 "waits on %s in another CTA: waits are legal only on the CTA's own barriers (§1.3)", BNAME());
    e->log->halt = true;
    return SIM_X_HALT;
  }
  if (sim_check_bar_usable(m, e->st, (uint32_t)bar, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
  const sim_mbar *b = st_cmbar(m, e->st, (uint32_t)bar);
  int32_t parity = (int32_t)(ex_seg(e, 1, 0) & 1);
  uint32_t bl = (uint32_t)bar % m->n_bars;
  int32_t *intent = st_intent(m, e->st, e->a, bl);
  int32_t want = sim_mbar_intent(*intent, parity);
  int32_t c = b->phase;
  sim_logf(e->log, "wait %s parity %d: passes (phase %d complete)", BNAME(), parity, c - 1);
  /* §1.4: correct iff the waiter intended the phase that just completed */
  if (want != c - 1) {
    sim_viol *v;
    if (want <= c - 2)
      v = sim_viol_add(e->log, SIM_BUG_PHASE_ALIAS, (int)e->a, e->pc,
                       "wait on %s with parity %d means phase %d, but the barrier already completed "
                       "phase %d: it ran %d phase(s) ahead of this waiter, which now consumes the "
                       "wrong phase (§1.4: missing back-pressure or a wrong initial parity)",
                       BNAME(), parity, want, c - 1, c - 1 - want);
    else
      v = sim_viol_add(e->log, SIM_BUG_PHASE_ALIAS, (int)e->a, e->pc,
                       "wait on %s with parity %d passes although phase %d it waits for has not "
                       "completed (the barrier is in phase %d): an early alias (§1.4)",
                       BNAME(), parity, want, c);
    uint32_t a = m->bar_alloc[bl];
    if (a && m->allocs[a].init_ins != UINT32_MAX) sim_viol_rel(v, m->allocs[a].init_ins, "barrier initialised here");
    e->log->halt = true;
    return SIM_X_HALT;
  }
  *intent = want;
  sim_uf_acquire(m, e->st, e->a, sim_uf_obj_bar((uint32_t)bar)); /* sim_proxy.c */
  return SIM_X_NEXT;
}

/* Targets of an arrive: the barrier, or its copy in each CTA of ctaMask (multicast). */
static int arrive_op(sim_exec *e) {
  sim_machine *m = e->m;
  int32_t bar = sim_ex_bar(e, 0, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  int64_t count = e->i->imm; /* "count", "perThread", "ctaMask": decoded at compile time */
  bool per_thread = (e->i->imm2 & SIM_ARRIVE_PER_THREAD) != 0;
  /* §1.8: non-perThread: partition bar.sync, then thread 0 arrives once with count;
   * perThread: every thread of the partition arrives with count */
  int64_t n = per_thread ? count * (int64_t)sim_agent_threads(m, e->st, e->a) : count;
  uint32_t mask = (e->i->imm2 & SIM_ARRIVE_MASKED) ? (uint32_t)((uint64_t)e->i->imm2 >> 32) : 0;
  uint32_t bl = (uint32_t)bar % m->n_bars;
  char nm[64];
  nm[0] = 0;
  sim_logf(e->log, "arrive on %s (count %lld)%s", BNAME(), (long long)n, mask ? " multicast" : "");
  uint32_t obj = mask ? 0 : sim_uf_obj_bar((uint32_t)bar);
  for (uint32_t c = 0; c < m->n_ctas; c++)
    if ((mask >> c) & 1) obj |= sim_uf_obj_bar(c * m->n_bars + bl);
  sim_uf_publish(m, e->st, e->a, obj);
  if (!mask) return sim_signal_arrive(m, e->st, (uint32_t)bar, (int32_t)n, e->pc, (int)e->a, e->log) ? SIM_X_HALT : SIM_X_NEXT;
  for (uint32_t c = 0; c < m->n_ctas; c++)
    if ((mask >> c) & 1)
      if (sim_signal_arrive(m, e->st, c * m->n_bars + bl, (int32_t)n, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
  return SIM_X_NEXT;
}

/* cp.async.mbarrier.arrive (§1.2): pending += 1 now (unless noIncrement), and an async
 * arrive-on(1) once the agent's earlier cp.async ops complete. */
static int cp_arrive_op(sim_exec *e) {
  sim_machine *m = e->m;
  int32_t bar = sim_ex_bar(e, 0, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  if (sim_check_bar_usable(m, e->st, (uint32_t)bar, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
  sim_mbar *b = st_mbar(m, e->st, (uint32_t)bar);
  if (!e->i->imm) { /* not noIncrement */
    if (b->pending + 1 > SIM_MB_MAX) {
      sim_viol_add(e->log, SIM_BUG_OVER_ARRIVAL, (int)e->a, e->pc, "cp.async.mbarrier.arrive takes "
                   "the pending count out of range (§1.2)");
      e->log->halt = true;
      return SIM_X_HALT;
    }
    b->pending++;
  }
  sim_event ev = {.kind = SIM_EV_CP_ARRIVE, .agent = (uint8_t)e->a, .bar = (uint16_t)bar,
                  .bar2 = SIM_NOBAR, .ins = e->pc};
  if (!sim_ev_add(m, e->st, &ev, e->log)) return SIM_X_HALT;
  sim_logf(e->log, "cp.async.mbarrier.arrive");
  return SIM_X_NEXT;
}

/* ------------------------------------------------------------------ named barriers (§5) */

static int named_op(sim_exec *e, bool sync) {
  sim_machine *m = e->m;
  int64_t id = sim_sext(ex_in(e, 0), 32), n = sim_sext(ex_in(e, 1), 32);
  uint32_t threads = sim_agent_threads(m, e->st, e->a);
  if (id < 0 || id > 15) {
    sim_viol_add(e->log, SIM_BUG_NAMED_BARRIER, (int)e->a, e->pc, "named barrier id %lld is "
                 "outside 0..15 (§5)", (long long)id);
    e->log->halt = true;
    return SIM_X_HALT;
  }
  /* Triton's warp_specialize lowering owns ids 0 (default warp group), 1 (start / end) and
   * 2+i (partition i's own bar.sync) while partitions run (§5 reserved ids). */
  uint32_t base = e->cta * m->agents_per_cta, running = 0;
  for (uint32_t p = 1; p < m->agents_per_cta; p++) {
    uint8_t s = st_cagent(m, e->st, base + p)->status;
    if (s != SIM_AG_IDLE) running = p;
  }
  if (running && id < 2 + (int64_t)running) {
    sim_viol_add(e->log, SIM_BUG_NAMED_BARRIER, (int)e->a, e->pc,
                 "named barrier id %lld collides with the ids Triton's warp specialization "
                 "reserves (0, 1 and 2+i for partition i; use %lld or higher)", (long long)id,
                 (long long)(2 + running));
    e->log->halt = true;
    return SIM_X_HALT;
  }
  if (n <= 0 || n % 32 || n > 0xffff) {
    sim_viol_add(e->log, SIM_BUG_NAMED_BARRIER, (int)e->a, e->pc,
                 "named barrier %lld with thread count %lld: it must be a positive multiple of 32 "
                 "(§5)", (long long)id, (long long)n);
    e->log->halt = true;
    return SIM_X_HALT;
  }
  sim_nbar *nb = st_nbar(m, e->st, e->cta, (uint32_t)id);
  uint32_t me = 1u << e->a;
  if (nb->count && nb->count != n) {
    sim_viol_add(e->log, SIM_BUG_NAMED_BARRIER, (int)e->a, e->pc,
                 "named barrier %lld used with thread count %lld while this generation was "
                 "started with %u (§5 count mismatch)", (long long)id, (long long)n, nb->count);
    e->log->halt = true;
    return SIM_X_HALT;
  }
  if (nb->arrivers & me) {
    sim_viol_add(e->log, SIM_BUG_NAMED_BARRIER, (int)e->a, e->pc,
                 "%s arrives twice on named barrier %lld in one generation (§5 double arrive)",
                 m->agents[e->a].name, (long long)id);
    e->log->halt = true;
    return SIM_X_HALT;
  }
  nb->count = (uint16_t)n;
  nb->arrived = (uint16_t)(nb->arrived + threads);
  nb->arrivers |= me;
  sim_uf_publish(m, e->st, e->a, SIM_UF_OBJ_NAMED);
  sim_logf(e->log, "%s named barrier %lld (%u of %lld threads)", sync ? "sync" : "arrive",
           (long long)id, nb->arrived, (long long)n);
  if (nb->arrived >= nb->count) {
    if (nb->arrived > nb->count) {
      sim_viol_add(e->log, SIM_BUG_NAMED_BARRIER, (int)e->a, e->pc,
                   "%u threads reached named barrier %lld whose count is %u: it releases early "
                   "and skews the next generation (§5)", nb->arrived, (long long)id, nb->count);
      e->log->halt = true;
      return SIM_X_HALT;
    }
    e->release |= nb->waiters & ~me; /* they acquire when released (sim_exec.c deferred) */
    memset(nb, 0, sizeof *nb);
    if (sync) sim_uf_acquire(m, e->st, e->a, SIM_UF_OBJ_NAMED);
    return SIM_X_NEXT;
  }
  if (!sync) return SIM_X_NEXT;
  nb->waiters |= me;
  st_agent(m, e->st, e->a)->status = SIM_AG_NBWAIT;
  st_agent(m, e->st, e->a)->aux = (uint8_t)id;
  return SIM_X_STAY;
}

/* ------------------------------------------------------------------ cluster barrier (§6.1) */

void sim_cluster_try_complete(sim_machine *m, void *st, sim_exec *e) {
  sim_hdr *h = st_hdr(st);
  if (!h->cl_arrived) return;
  uint32_t part = 0;
  for (uint32_t a = 0; a < m->n_agents; a++) {
    uint8_t s = st_cagent(m, st, a)->status;
    if (s == SIM_AG_RUN || s == SIM_AG_NBWAIT || s == SIM_AG_CLWAIT) part |= 1u << a;
  }
  if (part & ~h->cl_arrived) return;
  uint32_t gen = h->cl_arrived & part;
  h->cl_arrived = 0;
  uint32_t rel = 0;
  for (uint32_t a = 0; a < m->n_agents; a++)
    if (((gen >> a) & 1) && st_cagent(m, st, a)->status == SIM_AG_CLWAIT && !sim_in_partition_barrier(m, st, a))
      rel |= 1u << a;
  h->cl_passed |= gen & ~rel;
  if (e) e->release |= rel;
}

static int cluster_op(sim_exec *e, bool arrive, bool wait) {
  sim_machine *m = e->m;
  sim_hdr *h = st_hdr(e->st);
  uint32_t me = 1u << e->a;
  if (arrive) {
    if (h->cl_arrived & me) {
      sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc,
                   "arrives twice on the cluster barrier before it completes (§6.1)");
      e->log->halt = true;
      return SIM_X_HALT;
    }
    h->cl_arrived |= me;
    sim_uf_publish(m, e->st, e->a, SIM_UF_OBJ_CLUSTER);
    sim_exec tmp = *e;
    tmp.release = 0;
    sim_cluster_try_complete(m, e->st, &tmp);
    if (tmp.release & me) {
      /* completed by this arrive: this agent's wait passes */
      tmp.release &= ~me;
      h->cl_passed |= me;
    }
    e->release |= tmp.release;
  }
  sim_logf(e->log, "%s%s cluster barrier%s", arrive ? "arrive" : "", wait ? (arrive ? " + wait" : "wait") : "",
           e->i->code == SIM_I_CLSYNC && e->i->imm == 2 ? " (the lowering's, before the paired MMA)" : "");
  if (!wait) return SIM_X_NEXT;
  if (h->cl_passed & me) {
    h->cl_passed &= ~me;
    sim_uf_acquire(m, e->st, e->a, SIM_UF_OBJ_CLUSTER);
    return SIM_X_NEXT;
  }
  st_agent(m, e->st, e->a)->status = SIM_AG_CLWAIT;
  return SIM_X_STAY;
}

/* Agents that run the same code as agent a in every CTA of the cluster: a itself, and the
 * agent with a's place (parent or partition k) in each other CTA. */
static uint32_t same_role(const sim_machine *m, uint32_t a) {
  uint32_t g = 0;
  for (uint32_t b = 0; b < m->n_agents; b++)
    if (m->agents[b].local == m->agents[a].local) g |= 1u << b;
  return g;
}

/* ttng.cluster_barrier inside warp_specialize. barrier.cluster would need every thread of the
 * cluster, which a single partition never gets (§6.1: partial participation deadlocks), so
 * Triton lowers it (ClusterBarrierMbarAllocator, triton-lang #10440) to a rendezvous of the
 * region's warps only: a CTA-local bar.sync, then an mbarrier of the region, double-buffered,
 * to which each CTA's copy of the region arrives remotely. Modelled as a barrier of the agents
 * with the same role in every CTA: it completes when all of them arrived; one that exited or
 * never reaches it leaves the others waiting (deadlock). */
static int partition_cluster_op(sim_exec *e) {
  sim_machine *m = e->m;
  sim_hdr *h = st_hdr(e->st);
  uint32_t me = 1u << e->a, group = same_role(m, e->a);
  h->pcl_arrived |= me;
  sim_uf_publish(m, e->st, e->a, SIM_UF_OBJ_CLUSTER);
  sim_logf(e->log, "arrive + wait on the partition cluster barrier (%u of %u CTA(s) here)",
           (unsigned)__builtin_popcount(h->pcl_arrived & group), (unsigned)__builtin_popcount(group));
  if ((h->pcl_arrived & group) != group) {
    st_agent(m, e->st, e->a)->status = SIM_AG_CLWAIT;
    return SIM_X_STAY;
  }
  h->pcl_arrived &= ~group;
  e->release |= group & ~me; /* every other member waits in this barrier (CLWAIT) */
  sim_uf_acquire(m, e->st, e->a, SIM_UF_OBJ_CLUSTER);
  return SIM_X_NEXT;
}

/* ------------------------------------------------------------------ dispatch */

int sim_op_barrier(sim_exec *e) {
  switch (e->i->code) {
  case IR_OP_TTNG_INIT_BARRIER: return init_op(e);
  case IR_OP_TTNG_INVAL_BARRIER: return inval_op(e);
  case IR_OP_TTNG_BARRIER_EXPECT: return expect_op(e);
  case IR_OP_TTNG_WAIT_BARRIER: return wait_op(e);
  case IR_OP_TTNG_ARRIVE_BARRIER: return arrive_op(e);
  case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE: return cp_arrive_op(e);
  case IR_OP_TTNG_WAIT_BARRIER_NAMED: return named_op(e, true);
  case IR_OP_TTNG_ARRIVE_BARRIER_NAMED: return named_op(e, false);
  case IR_OP_TTNG_CLUSTER_ARRIVE: return cluster_op(e, true, false);
  case IR_OP_TTNG_CLUSTER_WAIT: return cluster_op(e, false, true);
  case IR_OP_TTNG_CLUSTER_BARRIER:
    return e->i->imm ? partition_cluster_op(e) : cluster_op(e, true, true);
  case SIM_I_CLSYNC: return cluster_op(e, true, true);
  default: break;
  }
  sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc, "%s is not modelled",
               e->i->code < IR_OP__COUNT ? ir_ops[e->i->code].name : "pseudo op");
  e->log->halt = true;
  e->log->bound = true;
  return SIM_X_HALT;
}

bool sim_barrier_op_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i) {
  if (i->code != IR_OP_TTNG_WAIT_BARRIER) return true;
  const uint64_t *env = st_cenv(m, st, a);
  const uint32_t *in = ins_in(m, i);
  uint32_t s_bar = in[ins_seg_at(i, 0)], s_par = in[ins_seg_at(i, 1)];
  uint64_t view = env_slot(m, env, i->region, s_bar), par = env_slot(m, env, i->region, s_par);
  int32_t bar = sim_view_bar(m, view);
  if (bar < 0) return true; /* fires and reports */
  const sim_mbar *b = st_cmbar(m, st, (uint32_t)bar);
  if (!b->valid) return true;
  return sim_mbar_test_wait(b, (int32_t)(par & 1));
}
