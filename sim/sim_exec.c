/* sim_exec.c: running one agent: fire its visible op, then run pure ops (scalars, views,
 * control, tensor ops in simulate mode) up to the next visible op; warp_specialize fork and
 * join, partition and kernel ends, and work deferred to after the step (starting partitions,
 * agents released from named or cluster barriers). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim_amd.h"
#include "sim_size.h"

enum { PURE_LIMIT = 1 << 24 }; /* pure ops one agent may run without a visible op */

static uint32_t region_of(const sim_machine *m, uint32_t pc) { return m->code[pc].region; }

uint32_t sim_agent_threads(const sim_machine *m, const void *st, uint32_t a) {
  const sim_agent *ag = st_cagent(m, st, a);
  uint32_t warps = m->num_warps;
  if (m->agents[a].local && ag->pc < m->n_code) warps = (uint32_t)m->regions[region_of(m, ag->pc)].num_warps;
  return warps * m->threads_per_warp;
}

/* ------------------------------------------------------------------ persistent slots */

/* The state holds exactly the slots live before the agent's pc (env_store, with the same
 * pc), every other word zero: those are loaded, and the region's other persistent slots
 * (dead there: nothing reads them before writing them) are zero. */
void sim_env_load(sim_machine *m, const void *st, uint32_t a, uint32_t pc) {
  assert(a < m->n_agents && pc < m->n_code); /* an agent that runs stands at an instruction */
  const sim_region *r = &m->regions[region_of(m, pc)];
  const uint64_t *env = st_cenv(m, st, a);
  uint32_t row = m->live_row[pc];
  memset(m->scratch, 0, ((size_t)r->n_persist + 1) * sizeof *m->scratch);
  for (const struct sim_live_ent *q = m->live_ent + m->live_off[row], *end = m->live_ent + m->live_off[row + 1];
       q < end; q++)
    m->scratch[q->slot] = env[q->word];
  if (m->data) {
    const sim_mview *mv = m->mviews + m->agents[a].env_off;
    memset(&m->mscratch[0], 0, sizeof m->mscratch[0]);
    for (uint32_t s = 1; s <= r->n_persist; s++) m->mscratch[s] = mv[r->color[s] - 1];
  }
}

/* Writes back the slots live before pc; every other persistent slot becomes zero. */
static void env_store(sim_machine *m, void *st, uint32_t a, uint32_t pc, bool running) {
  uint64_t *env = st_env(m, st, a);
  uint32_t cap = m->agents[a].env_cap;
  if (!running) {
    memset(env, 0, cap * sizeof *env);
    return;
  }
  /* the slots live before pc, as a list (sim_live.c): the same as testing every persistent
   * slot's bit in its row of m->live */
  uint32_t row = m->live_row[pc];
  const struct sim_live_ent *l = m->live_ent + m->live_off[row], *end = m->live_ent + m->live_off[row + 1];
  memset(env, 0, cap * sizeof *env);
  for (const struct sim_live_ent *q = l; q < end; q++) env[q->word] = m->scratch[q->slot];
  if (m->data) {
    sim_mview *mv = m->mviews + m->agents[a].env_off;
    for (const struct sim_live_ent *q = l; q < end; q++) mv[q->word] = m->mscratch[q->slot];
  }
#ifdef TLXV_SELFCHECK
  const sim_region *r = &m->regions[region_of(m, pc)];
  const uint64_t *mask = m->live + (size_t)row * m->live_words;
  for (uint32_t s = 1; s <= r->n_persist; s++)
    if ((mask[s >> 6] >> (s & 63)) & 1) assert(env[r->color[s] - 1] == m->scratch[s]);
#endif
}

/* ------------------------------------------------------------------ pure ops */

static int data_eval(sim_exec *e) {
  sim_machine *m = e->m;
  const sim_ins *i = e->i;
  const uint32_t *o = ins_out(m, i);
  if (!m->data) { /* the explorer: tensor values are not modelled, the results are 0 (no
                   * operand gathered, no buffer zeroed: a step runs many of these) */
    for (uint32_t k = 0; k < i->n_out && k < 16; k++) e->x[o[k]] = 0;
    return 0;
  }
  uint64_t in[64] = {0}, out[16] = {0};
  uint32_t n = i->n_in < 64 ? i->n_in : 64;
  for (uint32_t k = 0; k < n; k++) in[k] = ex_in(e, k);
  sim_data_err derr;
  if (sim_data_eval(m->data, e->a, i->op, in, out, &derr)) {
    sim_data_stop(e->log, e->m, (int)e->a, e->pc, &derr);
    return -1;
  }
  for (uint32_t k = 0; k < i->n_out && k < 16; k++) e->x[o[k]] = out[k];
  return 0;
}

/* Model-limit errors inside a step: the path stops and the verdict cannot be "verified". */
static int bound_error(sim_exec *e, const char *fmt, const char *what) {
  sim_bound(e->log, e->m, e->i->op, fmt, what);
  return -1;
}

static int query(sim_exec *e) {
  const sim_ins *i = e->i;
  sim_machine *m = e->m;
  uint64_t v = 0;
  int axis = i->ai; /* decode_attrs: 0..2 */
  switch (i->code) {
  case IR_OP_TT_GET_PROGRAM_ID: v = (uint64_t)(m->pid[axis] + (axis == 0 ? (int32_t)e->cta : 0)); break;
  case IR_OP_TT_GET_NUM_PROGRAMS: v = (uint64_t)(m->grid[axis] ? m->grid[axis] : 1); break;
  case IR_OP_NVGPU_CLUSTER_ID: case IR_OP_NVG_CLUSTER_ID: case IR_OP_TTNG_CLUSTER_CTA_ID: v = e->cta; break;
  case IR_OP_TTG_WARP_ID: v = m->agents[e->a].first_warp; break;
  case IR_OP_TTNG_CLUSTER_SIZE_1D: v = m->n_ctas; break;
  case IR_OP_GPU_THREAD_ID: case IR_OP_ROCDL_WORKITEM_ID_X:
    /* AMD: the wave the agent runs (sim_compile_amd_waves.c); NVIDIA: thread 0 */
    if (m->amd_gfx) v = sim_amd_wave_tid(m, i->sc.w, i->af & SIM_AF_TID_X, m->amd_wave[e->a]);
    break;
  default: v = 0; break; /* thread id, clock: the elected thread 0 / time 0 (analysis refuses sync uses) */
  }
  e->x[ins_out(m, i)[0]] = sim_trunc(v, i->sc.w);
  return 0;
}

static int view_op(sim_exec *e) {
  sim_machine *m = e->m;
  const sim_ins *i = e->i;
  uint64_t idx[IR_MAX_RANK + 2] = {0};
  uint32_t n = i->n_in > 0 ? i->n_in - 1u : 0;
  if (n > IR_MAX_RANK + 2) n = IR_MAX_RANK + 2;
  for (uint32_t k = 0; k < n; k++) idx[k] = ex_in(e, k + 1);
  sim_err err;
  uint64_t out;
  if (sim_view_apply(m, i, ex_in(e, 0), idx, n, &out, &err)) {
    /* a view the model cannot follow: not a kernel bug, the path is not checked further */
    sim_bound(e->log, m, i->op, "%s", sim_err_what(&err));
    return -1;
  }
  e->x[ins_out(m, i)[0]] = out;
  if (m->data && !ins_tout(m, i, 0)->clc_resp) { /* CLC responses: sim_clc.c */
    sim_data_err derr;
    const uint32_t *in = ins_in(m, i);
    if (i->ovl.scale && !(out & SIM_VIEW_OOB)) /* set_buffer_overlap's rewritten index */
      idx[0] = (uint64_t)sim_overlap_index(&i->ovl, sim_sext(idx[0], i->sc.w1));
    if (sim_mview_apply(m->data, i->op, &m->mscratch[in[0]], idx, &m->mscratch[ins_out(m, i)[0]], &derr)) {
      sim_data_stop(e->log, e->m, (int)e->a, e->pc, &derr);
      return -1;
    }
    if (i->op->code == IR_OP_TTNG_MAP_TO_REMOTE_BUFFER) {
      uint32_t al = sim_view_alloc(out);
      m->mscratch[ins_out(m, i)[0]].buf = m->data_buf[sim_view_cta(out) * m->n_allocs + al];
    }
  }
  return 0;
}

int sim_exec_alloc(sim_exec *e) {
  sim_machine *m = e->m;
  const sim_ins *i = e->i;
  if (!i->imm || !i->n_out) return 0; /* local_dealloc */
  if (m->n_sviol && sim_tmem_report(e)) return -1; /* §4.2 rules (sim_tmem.c) */
  uint32_t out = ins_out(m, i)[0];
  e->x[out] = sim_view_make((uint32_t)i->imm, e->cta, 0) | (i->imm2 ? SIM_VIEW_IRREG : 0);
  if (m->data && i->code == IR_OP_TTG_GLOBAL_SCRATCH_ALLOC) {
    /* simulate mode: real bytes (device-side TMA descriptors, data_tmap.c; ConSan's state) */
    sim_data_err derr;
    uint64_t va = sim_data_scratch_alloc(m->data, m->allocs[i->imm].bytes, &derr);
    if (!va) return sim_data_stop(e->log, m, (int)e->a, e->pc, &derr);
    e->x[out] = va;
    return 0;
  }
  if (m->data && !ins_tout(m, i, 0)->clc_resp) { /* CLC responses: sim_clc.c */
    uint32_t buf = m->data_buf[e->cta * m->n_allocs + (uint32_t)i->imm];
    sim_data_err derr;
    if (sim_mview_of_alloc(m->data, buf, ins_tout(m, i, 0), &m->mscratch[out], &derr) ||
        (i->n_in && i->code != IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC && /* its input is the spec */
         sim_data_init_alloc(m->data, e->a, i->op, &m->mscratch[out], &derr))) {
      sim_data_stop(e->log, e->m, (int)e->a, e->pc, &derr);
      return -1;
    }
  }
  return 0;
}

static void copy_op(sim_exec *e) {
  sim_machine *m = e->m;
  const sim_ins *i = e->i;
  const uint32_t *in = ins_in(m, i), *out = ins_out(m, i);
  uint64_t tmp[64];
  uint32_t n = i->n_in;
  if (n <= 64) {
    for (uint32_t k = 0; k < n; k++) tmp[k] = e->x[in[k]];
    for (uint32_t k = 0; k < n; k++) e->x[out[k]] = tmp[k];
  } else {
    uint64_t *t = ir_xmalloc(n * sizeof *t, 1);
    for (uint32_t k = 0; k < n; k++) t[k] = e->x[in[k]];
    for (uint32_t k = 0; k < n; k++) e->x[out[k]] = t[k];
    free(t);
  }
  e->x[0] = 0;
  if (m->data) {
    sim_mview *mt = ir_xmalloc((n + 1) * sizeof *mt, 1);
    for (uint32_t k = 0; k < n; k++) mt[k] = m->mscratch[in[k]];
    for (uint32_t k = 0; k < n; k++) m->mscratch[out[k]] = mt[k];
    free(mt);
    sim_data_copy(m->data, e->a, i->vout, e->a, i->vin, n);
  }
}

static int for_init(sim_exec *e) {
  const sim_ins *i = e->i;
  unsigned w = (unsigned)i->imm; /* the bounds' width (sim_compile.c) */
  int64_t lb = sim_sext(ex_in(e, 0), w), ub = sim_sext(ex_in(e, 1), w), st = sim_sext(ex_in(e, 2), w);
  /* a non-positive step only matters when the loop is entered (lb < ub): the loop then never
   * ends (step 0) or counts down past the type's minimum; with lb >= ub it runs no iteration,
   * as the lowered loop does (its first test fails), so that is no bug */
  if (st <= 0 && lb < ub) {
    sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                 "scf.for with step %lld never terminates", (long long)st);
    e->log->halt = true;
    return -1;
  }
  int64_t trips = ub > lb ? (ub - lb + st - 1) / st : 0;
  if ((uint64_t)trips > e->m->max_trip) {
    char what[64];
    snprintf(what, sizeof what, "%lld", (long long)trips);
    return bound_error(e, "loop trip count %s exceeds the trip-count bound", what);
  }
  /* the induction variable after the last iteration must not wrap past the type's maximum
   * (it would compare below the bound again): such a loop does not end, and the model's
   * states would repeat (sim_may_cycle counts on them never repeating) */
  __int128 last = (__int128)lb + (__int128)trips * st, max = ((__int128)1 << (w - 1)) - 1;
  if (trips && last > max) {
    char what[64];
    snprintf(what, sizeof what, "i%u", w);
    return bound_error(e, "the loop's induction variable overflows its %s type: the loop does not end", what);
  }
  return 0;
}

/* Runs pure instructions from e->pc. Returns 0 at a visible op, 1 when the agent finished,
 * -1 when the path must stop. */
static int run_pure(sim_exec *e) {
  sim_machine *m = e->m;
  sim_agent *ag = st_agent(m, e->st, e->a);
  for (uint32_t steps = 0;; steps++) {
    if (steps > PURE_LIMIT) return bound_error(e, "%s", "an agent ran 2^24 operations without synchronizing");
    const sim_ins *i = &m->code[e->pc];
    e->i = i;
    if (i->vis != SIM_V_NONE) {
      if (i->dyn_pred && !(ex_in(e, i->pred_in) & 1)) { /* predicated off: a no-op */
        e->pc++;
        continue;
      }
      return 0;
    }
    switch (i->code) {
    case SIM_I_JMP: e->pc = i->target; continue;
    case SIM_I_BRZ: e->pc = ex_in(e, 0) ? e->pc + 1 : i->target; continue;
    case SIM_I_COPY: copy_op(e); break;
    case SIM_I_FOR_INIT: if (for_init(e)) return -1; break;
    case SIM_I_FOR_TEST: {
      unsigned w = (unsigned)i->imm;
      e->pc = sim_sext(ex_in(e, 0), w) < sim_sext(ex_in(e, 1), w) ? e->pc + 1 : i->target;
      continue;
    }
    case SIM_I_FOR_STEP: {
      e->x[ins_out(m, i)[0]] = sim_trunc(ex_in(e, 0) + ex_in(e, 1), (unsigned)i->imm);
      e->pc = i->target;
      continue;
    }
    case SIM_I_PEND:
      if (m->amd_gfx) { /* a partition wave ends (sim_amd_ops.c: its named barrier's count) */
        sim_amd_wave_end(e);
        return 1;
      }
      ag->status = SIM_AG_DONE;
      if (m->uses_cluster) sim_cluster_try_complete(m, e->st, e);
      return 1;
    case SIM_I_END:
      /* With async ops in flight the agent stops before the exit, so the state in which they
       * are all in flight is checked (two of them may race) before the exit reports them */
      if (st_chdr(e->st)->n_events) return 0;
      if (m->amd_gfx) { /* one wave of the workgroup ends (sim_amd_ops.c) */
        sim_amd_wave_end(e);
        return 1;
      }
      ag->status = SIM_AG_DONE;
      sim_cta_exit(e);
      return 1;
    default: {
      if (i->code >= IR_OP__COUNT) return bound_error(e, "%s", "internal error: unknown pseudo op");
      ir_opclass cls = ir_ops[i->code].cls;
      int rc = 0;
      if (i->code == IR_OP_ARITH_CONSTANT && !i->data_op) e->x[ins_out(m, i)[0]] = (uint64_t)i->imm;
      else if (cls == IR_C_ALLOC) rc = sim_exec_alloc(e);
      else if (cls == IR_C_VIEW) rc = view_op(e);
      else if (cls == IR_C_QUERY) rc = query(e);
      else if (i->data_op) rc = data_eval(e);
      else if (i->code == IR_OP_TTNG_CLC_IS_CANCELED || i->code == IR_OP_TTNG_CLC_GET_PROGRAM_ID)
        rc = sim_clc_decode(e); /* sim_clc.c */
      else if (i->code == IR_OP_LLVM_INTR_ASSUME) {
        /* a fact the compiler relies on: false means these inputs are outside the kernel's
         * contract, so nothing the path does next is a bug of the kernel */
        if (!(ex_in(e, 0) & 1)) {
          sim_bound(e->log, m, i->op, "%s", "llvm.intr.assume is false");
          e->log->bound = false;
          e->log->assume_false = true;
          return -1;
        }
      } else if (cls == IR_C_SCALAR) {
        uint64_t in[16] = {0}, out[4] = {0};
        for (uint32_t k = 0; k < i->n_in && k < 16; k++) in[k] = ex_in(e, k);
        sim_err err;
        if (sim_scalar_run(&i->sc, i->op, in, out, &err)) {
          /* e.g. a division by zero: undefined in the IR; the path stops, inconclusive */
          sim_bound(e->log, m, i->op, "%s", sim_err_what(&err));
          return -1;
        }
        for (uint32_t k = 0; k < i->n_out && k < 4; k++) e->x[ins_out(m, i)[k]] = out[k];
      } else if (cls == IR_C_MEM) {
        /* global memory through pointers / descriptors: data only (races not checked). A
         * descriptor gather / scatter addresses rows by a tensor's values, which only the data
         * plane knows: synchronous (the TMA gather / scatter it lowers to is waited for before
         * the op returns), no shared-memory effect; its data movement is not simulated. */
        if (m->data && (i->code == IR_OP_TT_DESCRIPTOR_GATHER || i->code == IR_OP_TT_DESCRIPTOR_SCATTER))
          return bound_error(e, "%s: the data plane does not simulate descriptor gathers and scatters",
                             ir_ops[i->code].name);
        if (m->data) {
          uint64_t in[64] = {0}, out[8] = {0};
          for (uint32_t k = 0; k < i->n_in && k < 64; k++) in[k] = ex_in(e, k);
          sim_data_err derr;
          int drc = (i->code == IR_OP_TT_DESCRIPTOR_LOAD || i->code == IR_OP_TT_DESCRIPTOR_STORE ||
                     i->code == IR_OP_TT_DESCRIPTOR_REDUCE)
                        ? sim_data_desc_access(m->data, e->a, i->op, in, &derr)
                        : sim_data_global_access(m->data, e->a, i->op, in, out, &derr);
          if (drc) {
            sim_data_stop(e->log, e->m, (int)e->a, e->pc, &derr);
            return -1;
          }
          for (uint32_t k = 0; k < i->n_out && k < 8; k++) e->x[ins_out(m, i)[k]] = out[k];
        } else if (m->ld_site && m->ld_site[e->pc]) {
          /* a chosen load (sim_compile_ldchoice.c): the run's fill of a read-only input */
          e->x[ins_out(m, i)[0]] = sim_ldchoice_value(m, e->pc, ex_in(e, 0));
        } else {
          for (uint32_t k = 0; k < i->n_out; k++) e->x[ins_out(m, i)[k]] = 0;
        }
      }
      /* barriers inside a partition, non-proxy fences, meta: no effect on the model */
      if (rc) return -1;
      break;
    }
    }
    e->x[0] = 0;
    e->pc++;
  }
}

int sim_run_pure_from(sim_machine *m, void *st, uint32_t a, uint32_t *pc, sim_log *log) {
  sim_exec e = {.m = m, .st = st, .a = a, .cta = agent_cta(m, a), .pc = *pc, .x = m->scratch,
                .log = log, .fork_ws = UINT32_MAX, .fork_caps = m->capbuf};
  int rc = run_pure(&e);
  *pc = e.pc;
  return rc;
}

/* ------------------------------------------------------------------ visible pseudo ops */

static int fork_op(sim_exec *e) {
  sim_machine *m = e->m;
  const sim_ws *ws = &m->ws[e->i->imm];
  if (m->n_sviol && sim_tmem_report(e)) return SIM_X_HALT; /* §4.2: allocations live across it */
  e->fork_ws = (uint32_t)e->i->imm;
  for (uint32_t k = 0; k < ws->n_caps; k++) e->fork_caps[k] = e->x[ws->cap_slots[k]];
  sim_logf(e->log, "warp_specialize: starts %u partition(s)", ws->n_parts);
  return SIM_X_NEXT;
}

/* Agent b runs one of the n_parts partitions of a CTA's warp_specialize: agent cta *
 * agents_per_cta + 1 + p runs partition p on NVIDIA; on AMD (gfx1250) each wave of a partition
 * is an agent (sim_amd_machine.c). Its partition is local - 1. */
static bool part_agent(const sim_machine *m, uint32_t cta, uint32_t b, uint32_t n_parts) {
  uint32_t l = m->agents[b].local;
  return m->agents[b].cta == cta && l >= 1 && l - 1 < n_parts;
}

static bool join_ready(const sim_machine *m, const void *st, uint32_t a, uint32_t w) {
  const sim_ws *ws = &m->ws[w];
  for (uint32_t b = 0; b < m->n_agents; b++)
    if (part_agent(m, m->agents[a].cta, b, ws->n_parts) && st_cagent(m, st, b)->status != SIM_AG_DONE)
      return false;
  return true;
}

static int join_op(sim_exec *e) {
  sim_machine *m = e->m;
  const sim_ws *ws = &m->ws[e->i->imm];
  /* §1.4 intents: the join orders every partition's waits before the parent's next op, so
   * the parent knows each phase a partition saw complete (its first wait after the join is
   * not a first wait on that barrier); on AMD every default wave passed the join's s_barrier */
  for (uint32_t d = 0; d < m->n_agents; d++) {
    if (d != e->a && !(m->amd_gfx && m->agents[d].local == 0)) continue;
    for (uint32_t pa = 0; pa < m->n_agents; pa++) {
      if (!part_agent(m, e->cta, pa, ws->n_parts)) continue;
      for (uint32_t b = 0; b < m->n_bars; b++) {
        int32_t *mine = st_intent(m, e->st, d, b), pi = *st_intent(m, e->st, pa, b);
        if (pi > *mine) *mine = pi;
      }
    }
  }
  /* the join hands the partitions' memory to the parent (§2.3): their generic accesses that no
   * fence of theirs followed are released to it, and the parent's fence after the join covers
   * them (sim_proxy.c); before session 35 they were never released, a missed report */
  for (uint32_t b = 0; b < m->n_agents; b++)
    if (part_agent(m, e->cta, b, ws->n_parts)) sim_uf_publish(m, e->st, b, SIM_UF_OBJ_FORK);
  sim_uf_acquire(m, e->st, e->a, SIM_UF_OBJ_FORK);
  for (uint32_t b = 0; b < m->n_agents; b++) {
    if (!part_agent(m, e->cta, b, ws->n_parts)) continue;
    sim_agent *pa = st_agent(m, e->st, b);
    pa->status = SIM_AG_IDLE;
    pa->pc = 0;
    pa->seq = 0;
    pa->cp_group = 0;
    if (m->data) sim_data_agent_clear(m->data, b);
  }
  sim_logf(e->log, "warp_specialize: all partitions finished (join)");
  return SIM_X_NEXT;
}

/* gfx1250 (docs/amd-gfx1250.md): the fork and the join are s_barriers of all waves
 * (WarpSpecializeUtility.cpp lowerWarpSpecializeCommon: createAllBarrier, rocdl.barrier,
 * with its workgroup release fence) that the default waves meet; the last default wave to
 * arrive at the fork starts the partitions' waves, at the join the partitions have ended. */
static int amd_fork_join(sim_exec *e) {
  int rc = sim_amd_sbarrier(e);
  if (rc != SIM_X_NEXT) return rc;
  return e->i->code == SIM_I_FORK ? fork_op(e) : join_op(e);
}

static int exec_visible(sim_exec *e) {
  const sim_ins *i = e->i;
  if (sim_amd_handles(e->m, i)) return sim_amd_exec(e);
  switch (i->code) {
  case SIM_I_FORK: return e->m->amd_gfx ? amd_fork_join(e) : fork_op(e);
  case SIM_I_JOIN: return e->m->amd_gfx ? amd_fork_join(e) : join_op(e);
  case SIM_I_CLSYNC: return sim_op_barrier(e);
  case SIM_I_END: /* reached with async ops in flight (run_pure) */
    st_agent(e->m, e->st, e->a)->status = SIM_AG_DONE;
    sim_cta_exit(e);
    return SIM_X_STAY;
  default: break;
  }
  if (i->code >= IR_OP__COUNT) return SIM_X_HALT;
  if (i->code == IR_OP_TTNG_FENCE_ASYNC_SHARED) {
    sim_uf_clear(e->m, e->st, e->a);
    sim_logf(e->log, "fence.proxy.async");
    return SIM_X_NEXT;
  }
  switch (i->vis) {
  case SIM_V_MEM: return sim_op_mem(e);
  case SIM_V_ASYNC: return sim_op_async(e);
  default: break;
  }
  if (ir_ops[i->code].cls == IR_C_ASYNC_WAIT) return sim_op_async(e);
  return sim_op_barrier(e);
}

bool sim_agent_enabled(const sim_machine *m, const void *st, uint32_t a) {
  const sim_agent *ag = st_cagent(m, st, a);
  if (ag->status != SIM_AG_RUN) return false;
  const sim_ins *i = &m->code[ag->pc];
  if (sim_amd_handles(m, i)) return sim_amd_enabled(m, st, a, i);
  switch (i->code) {
  case SIM_I_JOIN:
    return join_ready(m, st, a, (uint32_t)i->imm) && (!m->amd_gfx || sim_amd_fork_join_enabled(m, st, a, i));
  case SIM_I_FORK: return !m->amd_gfx || sim_amd_fork_join_enabled(m, st, a, i);
  case SIM_I_CLSYNC: case SIM_I_END: return true;
  default: break;
  }
  if (i->code >= IR_OP__COUNT) return false;
  ir_opclass cls = ir_ops[i->code].cls;
  if (cls == IR_C_BARRIER) return sim_barrier_op_enabled(m, st, a, i);
  if (cls == IR_C_ASYNC_WAIT) return sim_async_wait_enabled(m, st, a, i);
  return true;
}

/* ------------------------------------------------------------------ one agent step */

static int continue_agent(sim_exec *e) {
  sim_agent *ag = st_agent(e->m, e->st, e->a);
  int rc = run_pure(e);
  if (rc < 0) return -1;
  ag->pc = e->pc;
  return 0;
}

int sim_start_agent(sim_machine *m, void *st, uint32_t a, uint32_t pc, const uint32_t *slots,
                    const uint64_t *vals, const sim_mview *mvals, uint32_t n, sim_log *log,
                    uint32_t *release) {
  sim_agent *ag = st_agent(m, st, a);
  ag->status = SIM_AG_RUN;
  ag->pc = pc;
  memset(m->scratch, 0, (size_t)(m->max_slots + 1) * sizeof *m->scratch);
  for (uint32_t k = 0; k < n; k++) m->scratch[slots[k]] = vals[k];
  if (m->data)
    for (uint32_t k = 0; k < n; k++) m->mscratch[slots[k]] = mvals[k];
  m->scratch[0] = 0;
  sim_exec pe = {.m = m, .st = st, .a = a, .cta = agent_cta(m, a), .pc = pc, .x = m->scratch,
                 .log = log, .fork_ws = UINT32_MAX, .fork_caps = m->capbuf};
  if (continue_agent(&pe)) return -1;
  env_store(m, st, a, ag->pc, ag->status == SIM_AG_RUN);
  if (release) *release |= pe.release;
  return 0;
}

/* Deferred work after the step of e->a: partitions to start, agents to release. */
static int deferred(sim_exec *e) {
  sim_machine *m = e->m;
  if (e->fork_ws != UINT32_MAX) {
    const sim_ws *ws = &m->ws[e->fork_ws];
    e->fork_ws = UINT32_MAX;
    /* the fork hands the parent's memory to the partitions as an arrive does (§2.3): a
     * generic write before it that no fence.proxy.async of the parent followed, read by a
     * partition's async op, is a proxy-fence bug (before, only a later arrive of the parent
     * published it: tests/checkers/proxy-fork.bug verified with one iteration) */
    sim_uf_publish(m, e->st, e->a, SIM_UF_OBJ_FORK);
    for (uint32_t b = 0; b < m->n_agents; b++) {
      if (!part_agent(m, e->cta, b, ws->n_parts)) continue;
      sim_uf_acquire(m, e->st, b, SIM_UF_OBJ_FORK); /* a partition's fence covers them too */
      const sim_region *r = &m->regions[ws->part_region[m->agents[b].local - 1]];
      uint32_t n = r->n_entry < ws->n_caps ? r->n_entry : ws->n_caps;
      /* what the parent knows of each barrier's phases happens before the partition's ops
       * (the phase-alias intent, sim_internal.h) */
      for (uint32_t bl = 0; bl < m->n_bars; bl++) {
        int32_t h = sim_intent_known(*st_intent(m, e->st, e->a, bl));
        *st_intent(m, e->st, b, bl) = SIM_INTENT_NONE(h < (1 << 24) ? h : 0);
      }
      if (m->data)
        sim_data_copy(m->data, b, (const ir_value *const *)r->entry_vals, e->a, ws->cap_vals, n);
      if (sim_start_agent(m, e->st, b, r->start, r->entry_slots, e->fork_caps, m->fork_mviews, n,
                          e->log, &e->release))
        return -1;
    }
  }
  while (e->release) {
    uint32_t b = (uint32_t)__builtin_ctz(e->release);
    e->release &= e->release - 1;
    sim_agent *ag = st_agent(m, e->st, b);
    if (ag->status != SIM_AG_NBWAIT && ag->status != SIM_AG_CLWAIT) continue;
    /* the barrier it waited in completed: an acquire (sim_proxy.c) */
    sim_uf_acquire(m, e->st, b, ag->status == SIM_AG_NBWAIT ? SIM_UF_OBJ_NAMED : SIM_UF_OBJ_CLUSTER);
    ag->status = SIM_AG_RUN;
    sim_env_load(m, e->st, b, ag->pc);
    sim_exec pe = *e;
    pe.a = b;
    pe.cta = agent_cta(m, b);
    pe.pc = ag->pc + 1;
    pe.release = 0;
    if (continue_agent(&pe)) return -1;
    env_store(m, e->st, b, ag->pc, ag->status == SIM_AG_RUN || ag->status == SIM_AG_NBWAIT ||
                                       ag->status == SIM_AG_CLWAIT);
    e->release |= pe.release;
  }
  return 0;
}

int sim_run_agent(sim_machine *m, void *st, uint32_t a, bool fire, sim_log *log) {
  sim_agent *ag = st_agent(m, st, a);
  sim_exec e = {.m = m, .st = st, .a = a, .cta = agent_cta(m, a), .pc = ag->pc, .x = m->scratch,
                .log = log, .fork_ws = UINT32_MAX, .fork_caps = m->capbuf};
  sim_env_load(m, st, a, ag->pc);
  int rc = SIM_X_NEXT;
  if (fire) {
    e.i = &m->code[e.pc];
    log->ins = e.pc;
    if (m->data && e.i->code == SIM_I_FORK) {
      const sim_ws *ws = &m->ws[e.i->imm];
      for (uint32_t k = 0; k < ws->n_caps; k++) m->fork_mviews[k] = m->mscratch[ws->cap_slots[k]];
    }
    /* an op on memory that may lie over a barrier with a late arrival pending (sim_late.c) */
    if (e.i->late_chk && sim_late_reuse_check(&e)) return -1;
    rc = exec_visible(&e);
    assert(rc == SIM_X_NEXT || rc == SIM_X_STAY || rc == SIM_X_HALT);
    if (rc == SIM_X_HALT) {
      log->halt = true;
      return -1;
    }
    if (rc == SIM_X_NEXT) e.pc++;
  }
  if (rc == SIM_X_NEXT && ag->status == SIM_AG_RUN) {
    if (continue_agent(&e)) return -1;
  } else {
    ag->pc = e.pc;
  }
  bool keep = ag->status == SIM_AG_RUN || ag->status == SIM_AG_NBWAIT || ag->status == SIM_AG_CLWAIT;
  env_store(m, st, a, ag->pc, keep);
  return deferred(&e);
}

void sim_cta_exit(sim_exec *e) {
  sim_machine *m = e->m;
  st_hdr(e->st)->exited |= (uint16_t)(1u << e->cta);
  sim_logf(e->log, "kernel exit");
  /* §9.3 / §6.2: no async op may still read or write this CTA's memory */
  const sim_event *ev = st_cevents(m, e->st);
  for (uint32_t k = 0; k < st_chdr(e->st)->n_events; k++) {
    for (uint32_t j = 0; j < ev[k].n_fp; j++) {
      if (ev[k].fp[j].cta != e->cta || (ev[k].fp[j].flags & SIM_FP_GLOBAL)) continue;
      char fp[96];
      sim_fp_str(m, &ev[k].fp[j], fp, sizeof fp);
      sim_viol *v;
      if (agent_cta(m, ev[k].agent) == e->cta)
        v = sim_viol_add(e->log, SIM_BUG_LIFECYCLE, ev[k].agent, ev[k].ins,
                         "the kernel exits while this async op on %s is still in flight: wait for "
                         "it before the end (§9.3)", fp);
      else
        v = sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, ev[k].agent, ev[k].ins,
                         "CTA %u exits while this async op from CTA %u still writes %s (§6.2: the "
                         "peer must not exit before the operation completes)", e->cta,
                         agent_cta(m, ev[k].agent), fp);
      sim_viol_rel(v, e->pc, "the CTA exits here");
      e->log->halt = true;
      goto done;
    }
  }
done:
  if (m->uses_cluster) sim_cluster_try_complete(m, e->st, e);
}
