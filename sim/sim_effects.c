/* sim_effects.c: effects of visible ops and async completions on shared objects (barriers,
 * memory windows, proxy lists, groups), computed without running them, and the lookahead of
 * one agent running alone: the inputs of the explorer's partial-order reduction. */
#include <stdlib.h>
#include <xxhash.h>
#if defined(__x86_64__)
#include <xxh_x86dispatch.h> /* XXH3 vectorized at run time */
#endif

#include "sim_amd.h"
#include "sim_size.h"

static void eff_init(sim_eff *e, uint32_t agent, uint32_t cta) {
  memset(e, 0, sizeof *e);
  e->bar = e->bar2 = e->xbar[0] = e->xbar[1] = SIM_NOBAR;
  e->agent = (uint8_t)agent;
  e->cta = (uint8_t)cta;
  e->ctas = (uint16_t)(1u << cta);
}

/* Completes e->ctas (sim_eff): the CTAs of the barriers e names and of its footprints in shared /
 * tensor memory (both CTAs of the pair for a SIM_FP_PAIR one), beside its own (eff_init). A barrier index past the cluster's names every CTA. */
static void eff_ctas(const sim_machine *m, sim_eff *e) {
  _Static_assert(SIM_MAX_CTAS <= 16, "a CTA mask fits sim_eff.ctas");
  if (m->n_ctas < 2) return; /* one CTA: everything is CTA 0's (eff_init) */
  const uint16_t bars[4] = {e->bar, e->bar2, e->xbar[0], e->xbar[1]};
  for (int k = 0; k < 4; k++) {
    if (bars[k] == SIM_NOBAR) continue;
    uint32_t c = m->n_bars ? bars[k] / m->n_bars : SIM_MAX_CTAS;
    e->ctas |= c < SIM_MAX_CTAS ? (uint16_t)(1u << c) : 0xffff;
  }
  for (uint32_t k = 0; k < e->n_fp; k++)
    if (!(e->fp[k].flags & SIM_FP_GLOBAL)) {
      uint32_t c = e->fp[k].cta;
      e->ctas |= c < SIM_MAX_CTAS ? (uint16_t)(1u << c) : 0xffff;
      if (e->fp[k].flags & SIM_FP_PAIR) e->ctas |= (c ^ 1u) < SIM_MAX_CTAS ? (uint16_t)(1u << (c ^ 1u)) : 0xffff;
    }
}

static void add_fp(const sim_machine *m, sim_eff *e, uint64_t view, const sim_tref *val, uint8_t flags) {
  if (e->n_fp >= 3) return;
  sim_fp f;
  sim_view_fp(m, view, val, &f);
  if (!f.alloc) return;
  f.flags |= flags;
  e->fp[e->n_fp++] = f;
}

/* The global box of a descriptor op (descriptor operand dk, coordinates from operand c0 on,
 * n of them) as a footprint in e. */
static void add_gbox(const sim_machine *m, sim_eff *e, const sim_ins *i, const uint64_t *x,
                     uint32_t dk, uint32_t c0, uint32_t n, uint8_t flags) {
  if (e->n_fp >= 3 || n > SIM_GBOX_RANK) return;
  uint64_t coords[SIM_GBOX_RANK];
  const uint32_t *in = ins_in(m, i);
  for (uint32_t k = 0; k < n; k++) coords[k] = x[in[c0 + k]];
  sim_gbox b;
  if (sim_gbox_of(m, x[in[dk]], ins_tin(m, i, dk), coords, n, flags & ~SIM_FP_ASYNC, &b))
    e->fp[e->n_fp++] = sim_gbox_fp(&b, flags & SIM_FP_ASYNC);
}

/* Slot value k of instruction i's inputs, from slot-indexed values x. */
#define IN(k) (x[ins_in(m, i)[(k)]])
#define SEG(s, k) ((k) < ins_seg_len(i, (s)) ? IN(ins_seg_at(i, (s)) + (k)) : 0)
#define SEGV(s, k) ins_rseg(m, i, (s), (k))

/* The effect of a paired-CTA tcgen05.mma / tcgen05.commit (cta_group::2, sim_pair.c) run by an
 * agent of CTA e->cta; false when it cannot be named (then the caller makes it global). What the
 * op reads and writes (sim_pair.c sim_pair_mma5 / sim_pair_commit5), and how each is named:
 * - The follower's (odd CTA's) op is a no-op (semantics.md §4.3: only the even CTA issues): it
 *   reads and writes nothing but its agent's pc, so its effect is empty (independent of
 *   everything; the transition's pure run after it stays in the agent, and cannot reach the
 *   exit, which follows a cluster sync: m->pair_exit_sync).
 * - The leader's op reads whether the peer CTA exited (peer_exited, §4.3 / §6.2). That flag is
 *   written only by the peer's exit: the visible SIM_I_END (SIM_E_CTA | SIM_E_CLUSTER of the
 *   peer; the effect names the peer in ctas, so sim_eff_cta_dep makes them dependent) or an exit
 *   run inside a cluster-barrier transition (m->pair_exit_sync: every exit directly follows the
 *   implicit cluster sync before ret, so the transition that runs a silent exit is that sync, an
 *   arrive that completes the cluster barrier, or another CTA's exit, each with SIM_E_CLUSTER): the
 *   effect has SIM_E_CLUSTER too, so it is dependent on all of them (dep_f, sdep).
 * - tcgen05.mma: two MMA events (one per CTA half) whose windows are A, B and the accumulator D at
 *   the same offsets in BOTH CTAs (§4.4: "::2 spans both CTAs' TMEM"; A and B are read through the
 *   async proxy, §2.3): fp[] as the one-CTA MMA's, in the leader's CTA, with SIM_FP_PAIR (the
 *   footprint in the pair's other CTA too: sim_fp_overlap, the reduction's filters, eff_ctas).
 *   The proxy check at issue (sim_uf_check_async) reads every agent's unfenced list against those
 *   windows: proxy_dep / sdep test fences and releases against the same footprints. Per barrier
 *   operand, a commit event that arrives on the barrier at the same offset in both CTAs (§4.4
 *   multicast commit): both are named (bar, bar2, xbar[0], xbar[1]: at most two operands; more, or
 *   one that is no barrier of the pair, cannot be named). SIM_E_ISSUE | SIM_E_GWAIT | SIM_E_MEM as
 *   the one-CTA MMA (the issuer's pipeline and groups).
 * - tcgen05.commit: publishes the issuer's unfenced accesses to the barrier in both CTAs, and
 *   arrives on both now (nothing of the issuer in flight: its own events, SIM_E_GWAIT as the one-CTA
 *   commit) or as a commit event: SIM_E_SIGNAL | SIM_E_PUBLISH | SIM_E_GWAIT on bar (the leader's
 *   barrier) and bar2 (the follower's).
 * Everything else the op touches is the issuing agent's own state (pc, events of its pipeline). So
 * an effect that names none of these objects commutes with it and neither enables nor disables it
 * (the barrier rules of dep_f cover the arrivals: a commit enables waits on both barriers; the
 * footprint rules the windows' races, §4.4 "a stage is reusable only after the commit barrier of
 * the MMAs reading it fires"). */
static bool pair_effect(const sim_machine *m, const sim_ins *i, const uint64_t *x, sim_eff *e) {
  const ir_op *op = i->op;
  if (e->cta & 1) return true; /* the follower: a no-op */
  if (!m->n_bars || e->cta + 1u >= m->n_ctas) return false;
  e->kind |= SIM_E_CLUSTER; /* the peer's exit (above) */
  e->ctas |= (uint16_t)(1u << (e->cta + 1));
  uint16_t *slot[4] = {&e->bar, &e->bar2, &e->xbar[0], &e->xbar[1]};
  uint32_t nb = 0;
  /* barrier operands: the same offset in both CTAs of the pair (sim_pair.c pair_arrive) */
  uint32_t sb = op->code == IR_OP_TTNG_TC_GEN5_COMMIT
                    ? 0
                    : (uint32_t)sim_mma5_seg_bars(op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED);
  uint32_t n = op->code == IR_OP_TTNG_TC_GEN5_COMMIT ? 1 : ins_seg_len(i, sb);
  for (uint32_t k = 0; k < n; k++) {
    int32_t b = sim_view_bar(m, SEG(sb, k));
    if (b < 0 || (uint32_t)b / m->n_bars > e->cta + 1u || (uint32_t)b / m->n_bars < e->cta) return false;
    if (nb + 2 > 4) return false; /* more than sim_eff names */
    uint32_t bl = (uint32_t)b % m->n_bars;
    *slot[nb++] = (uint16_t)(e->cta * m->n_bars + bl);
    *slot[nb++] = (uint16_t)((e->cta + 1) * m->n_bars + bl);
    e->kind |= SIM_E_SIGNAL;
  }
  if (op->code == IR_OP_TTNG_TC_GEN5_COMMIT) {
    if (!nb) return false;
    e->kind |= SIM_E_PUBLISH | SIM_E_GWAIT;
    return true;
  }
  e->kind |= SIM_E_ISSUE | SIM_E_GWAIT | SIM_E_MEM;
  for (int k = 0; k < 3; k++) {
    uint32_t before = e->n_fp;
    add_fp(m, e, IN(k), ins_rin(m, i, k), k == 2 ? SIM_FP_WRITE : SIM_FP_ASYNC);
    if (e->n_fp == before) return false; /* an operand without a footprint: not named */
    sim_fp *f = &e->fp[e->n_fp - 1];
    if (f->flags & SIM_FP_GLOBAL) return false;
    f->cta = (uint8_t)e->cta; /* as the events (sim_pair_mma5): the leader's, and the follower's */
    f->flags |= SIM_FP_PAIR;
  }
  return true;
}

static void effect_of(const sim_machine *m, const sim_ins *i, const uint64_t *x, sim_eff *e) {
  const ir_op *op = i->op;
  if (m->amd_gfx && sim_amd_effect(m, i, x, e->agent, e)) return;
  switch (i->code) {
  case SIM_I_CLSYNC:
    /* the implicit barrier.cluster arrive + wait (sim_compile.c): the cluster barrier, as
     * ttng.cluster_barrier (cluster_op, sim_ops_bar.c); a release of the agent's accesses */
    if (m->amd_gfx) break;
    e->kind |= SIM_E_CLUSTER | SIM_E_PUBLISH;
    return;
  case SIM_I_END:
    /* the CTA's exit (reached with async ops in flight, sim_exec.c): sim_cta_exit reads the
     * events that touch this CTA's memory, marks the CTA exited (read only by ops that name its
     * barriers or memory) and may complete the cluster barrier (the agent leaves it) */
    if (m->amd_gfx) break;
    /* one CTA: dependent on everything anyway, and a global effect ends the lookahead (cheaper) */
    e->kind |= m->n_ctas < 2 ? SIM_E_GLOBAL : SIM_E_CTA | SIM_E_CLUSTER;
    return;
  case SIM_I_FORK: case SIM_I_JOIN: case SIM_I_PEND:
    e->kind |= SIM_E_GLOBAL;
    return;
  default: break;
  }
  if (i->code >= IR_OP__COUNT || !op) {
    e->kind |= SIM_E_GLOBAL;
    return;
  }
  int32_t b;
  if (sim_pair_op(m, op)) {
    /* paired-CTA tcgen05 op: touches both CTAs of the pair (sim_pair.c) */
    if (!m->pair_exit_sync || !pair_effect(m, i, x, e)) e->kind |= SIM_E_GLOBAL;
    return;
  }
  switch (op->code) {
  case IR_OP_TTNG_INIT_BARRIER: case IR_OP_TTNG_INVAL_BARRIER:
    /* a barrier of the agent's own CTA: init_op / inval_op (sim_ops_bar.c) read and write that
     * barrier, the in-flight events that signal it (sim_late.c) and the phase intents of the
     * CTA's agents: all of them the CTA's (SIM_E_CTA); another CTA's barrier: global. A signal
     * on the barrier too: it changes whether a wait on it passes (an inval, or an init that starts
     * a new phase, can let a wait pass), so the gates (vf_gates.c) let waits on it go on. With
     * one CTA it would depend on everything anyway: global, which ends the lookahead (cheaper) */
    b = sim_view_bar(m, SEG(0, 0));
    if (b < 0 || m->amd_gfx || !m->n_bars || (uint32_t)b / m->n_bars != e->cta || m->n_ctas < 2) break;
    e->kind |= SIM_E_CTA | SIM_E_SIGNAL;
    e->bar = (uint16_t)b;
    return;
  case IR_OP_TTNG_WAIT_BARRIER:
    b = sim_view_bar(m, SEG(0, 0));
    if (b < 0) break;
    e->kind |= SIM_E_WAIT;
    e->bar = (uint16_t)b;
    e->parity = (int32_t)(SEG(1, 0) & 1);
    return;
  case IR_OP_TTNG_BARRIER_EXPECT: case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE:
  case IR_OP_TTNG_TC_GEN5_COMMIT:
    b = sim_view_bar(m, SEG(0, 0));
    if (b < 0) break;
    e->kind |= SIM_E_SIGNAL | SIM_E_PUBLISH | (op->code == IR_OP_TTNG_TC_GEN5_COMMIT ? SIM_E_GWAIT : 0);
    e->bar = (uint16_t)b;
    return;
  case IR_OP_TTNG_ARRIVE_BARRIER:
    if (i->af & SIM_AF_CTA_MASK) break;
    b = sim_view_bar(m, SEG(0, 0));
    if (b < 0) break;
    e->kind |= SIM_E_SIGNAL | SIM_E_PUBLISH;
    e->bar = (uint16_t)b;
    return;
  case IR_OP_TTNG_WAIT_BARRIER_NAMED: case IR_OP_TTNG_ARRIVE_BARRIER_NAMED:
    e->kind |= SIM_E_NAMED | SIM_E_PUBLISH;
    e->named = (uint8_t)(IN(0) & 0xff);
    return;
  case IR_OP_TTNG_CLUSTER_ARRIVE: case IR_OP_TTNG_CLUSTER_WAIT: case IR_OP_TTNG_CLUSTER_BARRIER:
    e->kind |= SIM_E_CLUSTER | SIM_E_PUBLISH;
    return;
  case IR_OP_TTNG_FENCE_ASYNC_SHARED:
    e->kind |= SIM_E_FENCE;
    return;
  case IR_OP_TTG_LOCAL_LOAD: case IR_OP_TTNG_TMEM_LOAD:
    e->kind |= SIM_E_MEM;
    add_fp(m, e, IN(0), ins_rin(m, i, 0), 0);
    return;
  case IR_OP_TTG_LOCAL_STORE: case IR_OP_TTNG_TMEM_STORE:
    e->kind |= SIM_E_MEM;
    add_fp(m, e, IN(1), ins_rin(m, i, 1), SIM_FP_WRITE);
    return;
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW: /* dependent on every other access of the view, two
                                            * of them too (their old values depend on the order) */
    e->kind |= SIM_E_MEM;
    add_fp(m, e, IN(0), ins_rin(m, i, 0), SIM_FP_WRITE | SIM_FP_ATOMIC);
    return;
  case IR_OP_TTG_LOCAL_ALLOC: case IR_OP_TTNG_TMEM_ALLOC: /* with a value: writes the buffer */
    if (!sim_alloc_writes(op) || !i->imm) break;
    e->kind |= SIM_E_MEM;
    add_fp(m, e, sim_view_make((uint32_t)i->imm, e->cta, 0), ins_rout(m, i, 0), SIM_FP_WRITE);
    return;
  case IR_OP_TT_DESCRIPTOR_LOAD: case IR_OP_TT_DESCRIPTOR_STORE: case IR_OP_TT_DESCRIPTOR_REDUCE:
    e->kind |= SIM_E_MEM;
    add_gbox(m, e, i, x, 0, ins_seg_at(i, 1), ins_seg_len(i, 1), sim_desc_flags(i));
    return;
  case IR_OP_TTNG_TMA_G2L:
    if (ins_seg_len(i, 5)) break; /* multicast */
    b = sim_view_bar(m, SEG(3, 0));
    if (b < 0) break;
    e->kind |= SIM_E_ISSUE | SIM_E_SIGNAL | SIM_E_TX;
    e->bar = (uint16_t)b;
    {
      const sim_vtype *dt = ins_tseg(m, i, 0, 0);
      e->bytes = dt->kind == IR_T_TENSORDESC ? sim_vtype_cta_bytes(dt) : 0;
    }
    add_fp(m, e, SEG(2, 0), SEGV(2, 0), SIM_FP_WRITE | SIM_FP_ASYNC);
    add_gbox(m, e, i, x, 0, ins_seg_at(i, 1), ins_seg_len(i, 1), SIM_FP_ASYNC);
    return;
  case IR_OP_TTNG_TMA_L2G: case IR_OP_TTNG_TMA_REDUCE:
    e->kind |= SIM_E_ISSUE | SIM_E_GWAIT;
    add_fp(m, e, SEG(2, 0), SEGV(2, 0), SIM_FP_ASYNC);
    add_gbox(m, e, i, x, 0, ins_seg_at(i, 1), ins_seg_len(i, 1),
             SIM_FP_ASYNC | SIM_FP_WRITE | (op->code == IR_OP_TTNG_TMA_REDUCE ? SIM_FP_ATOMIC : 0));
    return;
  case IR_OP_TTNG_WARP_GROUP_DOT:
    e->kind |= (i->af & SIM_AF_ASYNC) ? SIM_E_ISSUE | SIM_E_GWAIT : SIM_E_MEM;
    for (int k = 0; k < 2; k++)
      if (ins_tin(m, i, k)->kind == IR_T_MEMDESC) add_fp(m, e, IN(k), ins_rin(m, i, k), SIM_FP_ASYNC);
    return;
  case IR_OP_TTNG_TMA_STORE_TOKEN_WAIT:
    if (ins_seg_len(i, 1)) break; /* arrives on barriers: taken as dependent */
    e->kind |= SIM_E_GWAIT;
    return;
  case IR_OP_TTNG_WARP_GROUP_DOT_WAIT: case IR_OP_TTNG_TMA_STORE_WAIT: case IR_OP_TTG_ASYNC_WAIT:
  case IR_OP_TTG_ASYNC_COMMIT_GROUP:
    e->kind |= SIM_E_GWAIT;
    return;
  case IR_OP_TTNG_TC_GEN5_MMA: case IR_OP_TTNG_TC_GEN5_MMA_SCALED: {
    bool scaled = op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED;
    int sb = sim_mma5_seg_bars(scaled);
    e->kind |= SIM_E_ISSUE | SIM_E_GWAIT | SIM_E_MEM;
    for (int k = 0; k < 3; k++) add_fp(m, e, IN(k), ins_rin(m, i, k), k == 2 ? SIM_FP_WRITE : SIM_FP_ASYNC);
    /* what its completion will arrive on (every barrier operand: predicates not looked at) */
    uint16_t *slot[4] = {&e->bar, &e->bar2, &e->xbar[0], &e->xbar[1]};
    uint32_t nb = 0;
    for (uint32_t k = 0; k < ins_seg_len(i, sb); k++) {
      b = sim_view_bar(m, SEG(sb, k));
      if (b < 0) continue;
      e->kind |= SIM_E_SIGNAL;
      if (nb == 4) {
        e->kind |= SIM_E_GLOBAL; /* more than sim_eff names */
        break;
      }
      *slot[nb++] = (uint16_t)b;
    }
    return;
  }
  case IR_OP_TTNG_TMEM_COPY:
    e->kind |= SIM_E_ISSUE | SIM_E_GWAIT;
    add_fp(m, e, IN(0), ins_rin(m, i, 0), SIM_FP_ASYNC);
    add_fp(m, e, IN(1), ins_rin(m, i, 1), SIM_FP_WRITE);
    if (ins_seg_len(i, 2) && (b = sim_view_bar(m, SEG(2, 0))) >= 0) {
      e->kind |= SIM_E_SIGNAL;
      e->bar = (uint16_t)b;
    }
    return;
  case IR_OP_TTG_ASYNC_COPY_G2L:
    e->kind |= SIM_E_ISSUE | SIM_E_GWAIT;
    add_fp(m, e, SEG(1, 0), SEGV(1, 0), SIM_FP_WRITE);
    if (ins_seg_len(i, 5) && (b = sim_view_bar(m, SEG(5, 0))) >= 0) {
      e->kind |= SIM_E_SIGNAL;
      e->bar = (uint16_t)b;
    }
    return;
  default: break;
  }
  /* remote stores / copies and anything not summarised above */
  e->kind |= SIM_E_GLOBAL;
}

bool sim_agent_effect(const sim_machine *m, const void *st, uint32_t a, sim_eff *out) {
  const sim_agent *ag = st_cagent(m, st, a);
  eff_init(out, a, agent_cta(m, a));
  if (ag->status == SIM_AG_NBWAIT) {
    out->kind = SIM_E_NAMED;
    out->named = ag->aux;
    return true;
  }
  if (ag->status == SIM_AG_CLWAIT) {
    out->kind = SIM_E_CLUSTER;
    return true;
  }
  if (ag->status != SIM_AG_RUN) return false;
  const sim_ins *i = &m->code[ag->pc];
  const sim_region *r = &m->regions[i->region];
  uint64_t x[256];
  const uint64_t *env = st_cenv(m, st, a);
  if (r->n_persist + 1 > sizeof x / sizeof x[0]) {
    out->kind = SIM_E_GLOBAL;
    return true;
  }
  x[0] = 0;
  for (uint32_t s = 1; s <= r->n_persist; s++) x[s] = env[r->color[s] - 1];
  effect_of(m, i, x, out);
  eff_ctas(m, out);
  return true;
}

void sim_event_effect(const sim_machine *m, const void *st, uint32_t ev, sim_eff *out) {
  const sim_event *e = &st_cevents(m, st)[ev];
  eff_init(out, e->agent, agent_cta(m, e->agent));
  out->kind = SIM_E_COMPLETE | SIM_E_GWAIT;
  if (e->bar != SIM_NOBAR) {
    out->kind |= SIM_E_SIGNAL;
    switch (e->kind) {
    case SIM_EV_TMA_LOAD: case SIM_EV_BULK_COPY: case SIM_EV_CP_ASYNC: case SIM_EV_CLC:
      out->kind |= SIM_E_TX;
      out->bytes = e->bytes;
      break;
    default:
      out->kind |= SIM_E_ARRIVE1;
      break;
    }
  }
  out->bar = e->bar;
  out->bar2 = e->bar2;
  out->n_fp = e->n_fp;
  for (uint32_t k = 0; k < e->n_fp; k++) out->fp[k] = e->fp[k];
  /* an MMA whose tied commits (further barriers, sim_events.c) arrive in the same step: their
   * barriers are its own (two of them; more: dependent on everything) */
  uint32_t n_ev = st_chdr(st)->n_events;
  for (uint32_t k = ev + 1, x = 0; e->kind == SIM_EV_MMA5 && k < n_ev; k++, x++) {
    const sim_event *t = &st_cevents(m, st)[k];
    if (t->agent != e->agent || t->kind != SIM_EV_COMMIT5 || !(t->flags & SIM_EVF_TIED)) break;
    if (x == 2) {
      out->kind |= SIM_E_GLOBAL;
      break;
    }
    out->xbar[x] = t->bar;
  }
  /* a late arrival onto an invalidated barrier (sim_late.c): whether something reused the
   * barrier's bytes first depends on every other transition's order */
  const uint16_t bars[4] = {out->bar, out->bar2, out->xbar[0], out->xbar[1]};
  for (int k = 0; k < 4; k++)
    if (bars[k] != SIM_NOBAR && st_cmbar(m, st, bars[k])->late) out->kind |= SIM_E_GLOBAL;
  /* a cp.async completion is a generic-proxy write of its issuer (sim_events.c): whether the
   * issuer's fence or release comes before or after it decides what the fence covers */
  if (e->kind == SIM_EV_CP_ASYNC && !m->amd_gfx && m->proxy_track) out->kind |= SIM_E_UFNOTE;
  /* the arrive of a cp.async.mbarrier.arrive releases its issuer's landed cp.async writes
   * (sim_proxy.c sim_uf_publish_cp): ordered with the issuer's later cp.async landing */
  if (e->kind == SIM_EV_CP_ARRIVE && !m->amd_gfx && m->proxy_track) out->kind |= SIM_E_PUBLISH;
  /* a CLC completion draws from the global work pool and withdraws its other outcome */
  if (e->kind == SIM_EV_CLC) out->kind |= SIM_E_GLOBAL;
  /* a completion into another CTA can race with that CTA's exit (global memory: no CTA). Not for
   * the follower's half of a paired MMA (pair_effect's premise, m->pair_exit_sync): with it in
   * flight the follower's exit is the visible SIM_I_END (sim_exec.c: an exit with async ops in
   * flight is its own transition), SIM_E_CTA of the follower, and this effect names the follower
   * (eff_ctas: its footprints), so sim_eff_cta_dep keeps the two dependent; the completion reads
   * the follower's exited flag and its memory (sim_ev_complete, §6.2), nothing else of it */
  bool pair_half = m->pair_exit_sync && e->kind == SIM_EV_MMA5;
  for (uint32_t k = 0; k < e->n_fp; k++)
    if (!(e->fp[k].flags & SIM_FP_GLOBAL) && e->fp[k].cta != out->cta &&
        !(pair_half && (e->fp[k].cta >> 1) == (out->cta >> 1)))
      out->kind |= SIM_E_GLOBAL;
  eff_ctas(m, out);
}

int sim_lookahead(sim_machine *m, const void *st, uint32_t a, sim_eff *out, int max, int *end) {
  *end = 1;
  const sim_agent *ag = st_cagent(m, st, a);
  if (ag->status != SIM_AG_RUN || m->data) {
    if (max > 0 && sim_agent_effect(m, st, a, &out[0])) return 1;
    *end = ag->status == SIM_AG_DONE || ag->status == SIM_AG_IDLE ? 0 : 1;
    return 0;
  }
  if (!m->sandbox) m->sandbox = ir_xmalloc(m->size, 1);
  memcpy(m->sandbox, st, sim_state_used(m, st));
  uint32_t pc = ag->pc;
  sim_env_load(m, m->sandbox, a, pc);
  sim_log log = {0};
  int n = 0;
  while (n < max) {
    const sim_ins *i = &m->code[pc];
    eff_init(&out[n], a, agent_cta(m, a));
    effect_of(m, i, m->scratch, &out[n]);
    eff_ctas(m, &out[n]);
    if (out[n++].kind & SIM_E_GLOBAL) return n;
    if (i->code == SIM_I_END) { /* the exit: the agent is done after it */
      *end = 0;
      return n;
    }
    /* skip the op itself; only warp_group_dot_wait has results the agent uses later */
    if (i->code == IR_OP_TTNG_WARP_GROUP_DOT_WAIT) {
      const uint32_t *in = ins_in(m, i), *o = ins_out(m, i);
      for (uint32_t k = 0; k < i->n_out && k < i->n_in; k++) m->scratch[o[k]] = m->scratch[in[k]];
      m->scratch[0] = 0;
    }
    pc++;
    int rc = sim_run_pure_from(m, m->sandbox, a, &pc, &log);
    if (rc == 1) {
      *end = 0;
      return n;
    }
    if (rc < 0) return n;
  }
  return n;
}

void sim_bar_counts(const sim_machine *m, const void *st, uint32_t bar, int32_t *pending, int32_t *tx) {
  const sim_mbar *b = st_cmbar(m, st, bar);
  *pending = b->pending;
  *tx = b->tx;
}

bool sim_bar_satisfied(const sim_machine *m, const void *st, uint32_t bar, int32_t parity) {
  const sim_mbar *b = st_cmbar(m, st, bar);
  return !b->valid || sim_mbar_test_wait(b, parity);
}

int sim_agent_unfenced(const sim_machine *m, const void *st, uint32_t a, sim_fp *out, int max) {
  if (!m->proxy_track) return 0;
  const sim_uf *u = st_cuf(m, st, a);
  int n = 0;
  for (int k = 0; k < SIM_UF_CAP && u[k].fp.alloc && n < max; k++) {
    out[n] = u[k].fp;
    out[n++].flags &= SIM_FP_WRITE | SIM_FP_TMEM;
  }
  return n;
}

/* The persistent slots are hashed in place (seed 0: no per-call secret), then that hash, the
 * agent record and the agent's index together; every slot of the agent counts. Most agents
 * are unchanged from the state asked about before (the search moves one agent per step):
 * their words equal the cached ones, and so does the hash. */
uint64_t sim_agent_local_hash(const sim_machine *m, const void *st, uint32_t a) {
  const sim_agent *ag = st_cagent(m, st, a);
  const uint64_t *env = st_cenv(m, st, a);
  uint32_t cap = m->agents[a].env_cap;
  size_t bytes = (size_t)cap * sizeof(uint64_t);
  uint64_t buf[3] = {0, 0, 0};
  _Static_assert(sizeof(sim_agent) <= 2 * sizeof(uint64_t), "agent record fits two words");
  memcpy(buf, ag, sizeof *ag);
  uint64_t *c = m->lhcache + 4 * (size_t)a + m->agents[a].env_off;
  if (c[1] && c[2] == buf[0] && c[3] == buf[1] && !memcmp(c + 4, env, bytes)) return c[0];
#if defined(__x86_64__)
  buf[2] = XXH3_64bits_dispatch(env, bytes);
#else
  buf[2] = XXH3_64bits(env, bytes);
#endif
  c[0] = XXH3_64bits_withSeed(buf, sizeof buf, a);
  c[1] = 1;
  c[2] = buf[0];
  c[3] = buf[1];
  memcpy(c + 4, env, bytes);
  return c[0];
}
