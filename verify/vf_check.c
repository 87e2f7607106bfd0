/* vf_check.c: checkers that look at one explored state: races (conflicting accesses that
 * nothing orders: co-enabled agent accesses and accesses inside an async op's window) and the
 * analysis of a stuck state (who waits for what, and the byte-count root cause). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vf.h"
#include "sim/sim_size.h"

/* sim_fp_conflict, its common answers inline (neither writes; different allocations). */
static bool conflict(const sim_fp *a, const sim_fp *b) {
  if (!((a->flags | b->flags) & SIM_FP_WRITE)) return false;
  if (!((a->flags | b->flags) & SIM_FP_GLOBAL) && (!a->alloc || a->alloc != b->alloc || a->cta != b->cta))
    return false;
  return sim_fp_conflict(a, b);
}

/* v becomes a race reported at instruction ins of agent (0xff: an async op's), its message and
 * related instructions still to fill. */
static void race_at(sim_viol *v, uint32_t agent, uint32_t ins) {
  memset(v, 0, sizeof *v);
  v->kind = SIM_BUG_RACE;
  v->agent = (uint8_t)agent;
  v->ins = ins;
}

static const char *op_name(const sim_machine *m, uint32_t ins) {
  const ir_op *op = sim_ins_op(m, ins);
  return op ? ir_ops[op->code].name : "op";
}

/* The note on the async op of a race. A tc_gen5_mma without is_async is documented as
 * synchronous, yet Triton's MMAv5 lowering issues tcgen05.mma without waiting (semantics.md
 * §4.4): only the MMA lowering pass at the end of the Triton pipeline's make_ttgir gives it a
 * barrier and a wait (Gluon's pipeline has no such pass). So the report holds for final TTGIR;
 * IR dumped before that pass (a lit test's input) would get the wait later: said in the note. */
static const char *async_note(const sim_machine *m, uint32_t ins, const char *dflt) {
  const ir_op *op = sim_ins_op(m, ins);
  if (op && (op->code == IR_OP_TTNG_TC_GEN5_MMA || op->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED) &&
      !ir_op_has_attr(op, "is_async"))
    return "async operation issued here: a tc_gen5_mma without is_async does not wait once lowered; "
           "only the MMA lowering pass at the end of Triton's make_ttgir makes it synchronous, so "
           "in IR dumped before that pass it would wait";
  return dflt;
}

static const char *verb(const sim_fp *f) {
  return (f->flags & SIM_FP_ATOMIC) ? "atomically updates" : (f->flags & SIM_FP_WRITE) ? "writes" : "reads";
}
static const char *verbing(const sim_fp *f) {
  return (f->flags & SIM_FP_ATOMIC) ? "atomically updating" : (f->flags & SIM_FP_WRITE) ? "writing" : "reading";
}

/* v->msg formatted only when msg (the search asks tersely first: vf_check_race_ex). */
#define MSGF(...)                                                                          \
  do {                                                                                     \
    if (msg) snprintf(v->msg, sizeof v->msg, __VA_ARGS__);                                \
  } while (0)

bool vf_check_race(const sim_machine *m, const void *st, sim_viol *v) {
  return vf_check_race_ex(m, st, v, true);
}

bool vf_check_race_ex(const sim_machine *m, const void *st, sim_viol *v, bool msg) {
  uint32_t na = sim_n_agents(m), ne = sim_n_events(m, st);
  sim_fp acc[SIM_MAX_AGENTS][4];
  int nacc[SIM_MAX_AGENTS];
  for (uint32_t a = 0; a < na; a++) nacc[a] = sim_agent_access(m, st, a, acc[a]);
  char fp[96];
  /* an agent's next access against another agent's next access: both can run next, in
   * either order (co-enabled), so nothing orders them */
  for (uint32_t a = 0; a < na; a++)
    for (uint32_t b = a + 1; b < na; b++)
      for (int i = 0; i < nacc[a]; i++)
        for (int j = 0; j < nacc[b]; j++)
          if (conflict(&acc[a][i], &acc[b][j])) {
            uint32_t pa = sim_agent_pc(m, st, a), pb = sim_agent_pc(m, st, b);
            race_at(v, a, pa);
            MSGF(
                     "%s by %s %s %s while %s of %s may run at the same time: nothing orders them",
                     op_name(m, pa), sim_agent_name(m, a), verb(&acc[a][i]),
                     sim_fp_str(m, &acc[a][i], fp, sizeof fp), op_name(m, pb), sim_agent_name(m, b));
            v->rel[0] = pb;
            v->rel_note[0] = (acc[b][j].flags & SIM_FP_ATOMIC) ? "conflicting atomic update (atomic only "
                                                                 "with respect to other atomics)"
                             : (acc[b][j].flags & SIM_FP_WRITE) ? "conflicting write"
                                                                : "conflicting read";
            v->n_rel = 1;
            return true;
          }
  /* an agent's next access inside the window [issue, completion] of an async op (the
   * events' windows read once; the pipeline exemption asked only of a conflicting pair: the
   * same first report as asking it first) */
  sim_fp evf[SIM_MAX_EVENTS][4];
  int nevf[SIM_MAX_EVENTS];
  for (uint32_t e = 0; e < ne; e++) nevf[e] = sim_event_access(m, st, e, evf[e]);
  for (uint32_t a = 0; a < na; a++) {
    if (!nacc[a]) continue;
    for (uint32_t e = 0; e < ne; e++) {
      const sim_fp *ef = evf[e];
      int n = nevf[e];
      bool after = false, asked = false;
      for (int i = 0; i < nacc[a] && !after; i++)
        for (int j = 0; j < n && !after; j++)
          if (conflict(&acc[a][i], &ef[j])) {
            if (!asked) {
              asked = true;
              after = sim_access_after_event(m, st, a, e); /* one tcgen05 pipeline */
              if (after) break;
            }
            uint32_t pa = sim_agent_pc(m, st, a), pe = sim_event_ins(m, st, e);
            race_at(v, a, pa);
            MSGF(
                     "%s by %s %s %s while the %s issued by %s may still be %s it: nothing makes "
                     "it wait for the %s to complete", op_name(m, pa), sim_agent_name(m, a),
                     verb(&acc[a][i]), sim_fp_str(m, &acc[a][i], fp, sizeof fp),
                     sim_event_kind_name(m, st, e), sim_agent_name(m, sim_event_agent(m, st, e)),
                     verbing(&ef[j]), sim_event_kind_name(m, st, e));
            v->rel[0] = pe;
            v->rel_note[0] = async_note(m, pe, "async operation issued here");
            v->n_rel = 1;
            /* AMD refinements (sim_amd_ops.c): a wave's read of its own DMA destination, or
             * a barrier passed without the issuing wave's wait (reported at the barrier) */
            uint32_t rb;
            const char *rn;
            v->kind = (uint8_t)sim_race_kind(m, st, a, e, &rb, &rn);
            if (rb != UINT32_MAX) {
              v->ins = rb;
              v->rel[1] = pa;
              v->rel_note[1] = "accessed after the barrier";
              v->n_rel = 2;
              MSGF(
                       "%s: %s passes this barrier with its %s still in flight, and %s by %s "
                       "%s %s after it", rn, sim_agent_name(m, sim_event_agent(m, st, e)),
                       sim_event_kind_name(m, st, e),
                       op_name(m, pa), sim_agent_name(m, a), verb(&acc[a][i]),
                       sim_fp_str(m, &acc[a][i], fp, sizeof fp));
            }
            return true;
          }
    }
  }
  /* two async ops in flight at once whose windows conflict (whether they are ordered asked
   * only of a conflicting pair) */
  for (uint32_t e1 = 0; e1 < ne; e1++) {
    const sim_fp *ef = evf[e1];
    int n1 = nevf[e1];
    for (uint32_t e2 = e1 + 1; e2 < ne; e2++) {
      const sim_fp *ef2 = evf[e2];
      int n2 = nevf[e2];
      bool ordered = false, asked = false;
      for (int i = 0; i < n1 && !ordered; i++)
        for (int j = 0; j < n2 && !ordered; j++)
          if (conflict(&ef[i], &ef2[j])) {
            if (!asked) {
              asked = true;
              ordered = sim_events_ordered(m, st, e1, e2);
              if (ordered) break;
            }
            uint32_t p1 = sim_event_ins(m, st, e1), p2 = sim_event_ins(m, st, e2);
            /* the later-issued op is the one that should have waited */
            uint32_t late = sim_event_agent(m, st, e2) == sim_event_agent(m, st, e1) ? p2 : p2;
            race_at(v, 0xff, late);
            MSGF(
                     "%s issued by %s %s %s while the %s issued by %s is still %s it",
                     sim_event_kind_name(m, st, e2), sim_agent_name(m, sim_event_agent(m, st, e2)),
                     verb(&ef2[j]), sim_fp_str(m, &ef2[j], fp, sizeof fp), sim_event_kind_name(m, st, e1),
                     sim_agent_name(m, sim_event_agent(m, st, e1)), verbing(&ef[i]));
            v->rel[0] = p1;
            v->rel_note[0] = async_note(m, p1, "async operation still in flight");
            v->n_rel = 1;
            return true;
          }
    }
  }
  return false;
}

#undef MSGF

static char *dupf(const char *fmt, const char *a, const char *b) {
  size_t n = strlen(fmt) + strlen(a) + strlen(b) + 1;
  char *s = ir_xmalloc(n, 1);
  snprintf(s, n, fmt, a, b);
  return s;
}

static void add_rel(sim_viol *v, char *rel_text[SIM_MAX_REL], uint32_t ins, char *text) {
  for (int k = 0; k < v->n_rel; k++)
    if (v->rel[k] == ins) {
      free(text);
      return;
    }
  if (v->n_rel >= SIM_MAX_REL) {
    free(text);
    return;
  }
  rel_text[v->n_rel] = text;
  v->rel_note[v->n_rel] = NULL;
  v->rel[v->n_rel++] = ins;
}

void vf_deadlock_explain(const sim_machine *m, const void *st, sim_viol *v,
                         char *rel_text[SIM_MAX_REL]) {
  memset(v, 0, sizeof *v);
  for (int k = 0; k < SIM_MAX_REL; k++) rel_text[k] = NULL;
  uint32_t na = sim_n_agents(m);
  uint32_t blocked[SIM_MAX_AGENTS], nb = 0;
  char why[SIM_MAX_AGENTS][240];
  uint32_t who[SIM_MAX_AGENTS][8];
  int nwho[SIM_MAX_AGENTS];
  for (uint32_t a = 0; a < na; a++) {
    int s = sim_agent_status_of(m, st, a);
    if (s != SIM_AG_RUN && s != SIM_AG_NBWAIT && s != SIM_AG_CLWAIT) continue;
    nwho[nb] = sim_explain_blocked(m, st, a, why[nb], sizeof why[nb], who[nb], 8);
    blocked[nb++] = a;
  }
  /* root cause: a barrier that waits for transaction bytes no async copy will deliver */
  for (uint32_t k = 0; k < nb; k++) {
    uint32_t bar;
    int32_t parity;
    if (!sim_agent_wait_barrier(m, st, blocked[k], &bar, &parity)) continue;
    sim_barinfo bi;
    sim_barrier_info(m, st, bar, &bi);
    if (bi.valid && bi.tx != 0 && bi.inflight == 0 && bi.pending == 0) {
      char nm[64];
      sim_barrier_name(m, bar, nm, sizeof nm);
      v->kind = SIM_BUG_TX_MISMATCH;
      v->agent = 0xff;
      v->ins = bi.last_expect != UINT32_MAX ? bi.last_expect : sim_agent_pc(m, st, blocked[k]);
      if (bi.tx > 0)
        snprintf(v->msg, sizeof v->msg,
                 "expect on %s asks for %d byte(s) more than the async copies of phase %d deliver: "
                 "the phase never completes and %s waits forever (deadlock)", nm, bi.tx, bi.phase,
                 sim_agent_name(m, blocked[k]));
      else
        snprintf(v->msg, sizeof v->msg,
                 "the async copies of phase %d of %s deliver %d byte(s) more than its expect asks "
                 "for: the tx-count never returns to 0, the phase never completes and %s waits "
                 "forever (deadlock)", bi.phase, nm, -bi.tx, sim_agent_name(m, blocked[k]));
      add_rel(v, rel_text, sim_agent_pc(m, st, blocked[k]),
              dupf("%s %s", sim_agent_name(m, blocked[k]), why[k]));
      break;
    }
  }
  if (!v->kind) {
    /* primary: the first blocked agent that is not just waiting for its partitions, nor in a
     * cluster barrier (it waits for agents that are themselves blocked elsewhere) */
    uint32_t p = 0;
    for (int pass = 0; pass < 2; pass++) {
      uint32_t k = 0;
      for (; k < nb; k++) {
        const ir_op *op = sim_ins_op(m, sim_agent_pc(m, st, blocked[k]));
        if (op && !ir_op_is_ws(op) &&
            (pass || sim_agent_status_of(m, st, blocked[k]) != SIM_AG_CLWAIT))
          break;
      }
      if (k < nb) {
        p = k;
        break;
      }
    }
    v->kind = SIM_BUG_DEADLOCK;
    v->agent = nb ? (uint8_t)blocked[p] : 0xff;
    v->ins = nb ? sim_agent_pc(m, st, blocked[p]) : 0;
    snprintf(v->msg, sizeof v->msg, "%u agent(s) wait forever: %.32s %.250s", nb,
             nb ? sim_agent_name(m, blocked[p]) : "?", nb ? why[p] : "");
    for (uint32_t k = 0; k < nb; k++)
      if (k != p)
        add_rel(v, rel_text, sim_agent_pc(m, st, blocked[k]),
                dupf("%s %s", sim_agent_name(m, blocked[k]), why[k]));
    /* the barrier's init and the ops that could still signal it */
    uint32_t bar;
    int32_t parity;
    if (nb && sim_agent_wait_barrier(m, st, blocked[p], &bar, &parity)) {
      sim_barinfo bi;
      sim_barrier_info(m, st, bar, &bi);
      char nm[64], cnt[32];
      sim_barrier_name(m, bar, nm, sizeof nm);
      snprintf(cnt, sizeof cnt, "%d", bi.expected);
      if (bi.init_ins != UINT32_MAX)
        add_rel(v, rel_text, bi.init_ins, dupf("%s is initialised here with count %s", nm, cnt));
      for (int k = 0; nb && k < nwho[p]; k++)
        add_rel(v, rel_text, who[p][k], dupf("%s%s is signalled here, but the agent that runs this is blocked or finished", "", nm));
    }
  }
}
