/* sim_machine.c: building a machine (compile, liveness, analysis, layout), the initial
 * state, enabled transitions, sim_step, canonical hashing and read-only inspection. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#if defined(__x86_64__)
#include <xxh_x86dispatch.h> /* XXH3 with the widest vector unit found at run time */
#endif

#include "sim_amd.h"
#include "sim_internal.h"
#include "sim_size.h"

/* What a run sets: argument values, program id, grid (sim_machine_set_run). Descriptor
 * arguments become views of their global tensors once the compiler has made those (verify
 * mode, m->arg_galloc). */
static void set_run(sim_machine *m, const uint64_t *args, uint32_t n_args, const int32_t pid[3],
                    const int32_t grid[3]) {
  for (uint32_t k = 0; k < m->n_args; k++) m->args[k] = args && k < n_args ? args[k] : 0;
  for (int k = 0; k < 3; k++) {
    m->pid[k] = pid[k];
    m->grid[k] = grid[k] > 0 ? grid[k] : 1;
  }
  /* verify mode: a descriptor argument's value is a view of its global tensor, so that TMA
   * and tt.descriptor_* ops know which tensor they touch (simulate mode keeps descriptor ids) */
  if (!m->data && m->arg_galloc)
    for (uint32_t k = 0; k < m->n_args; k++)
      if (m->arg_galloc[k]) m->args[k] = sim_view_make(m->arg_galloc[k], 0, 0);
  if (m->n_stale) sim_amd_stale_run(m); /* the AMD lint's masks for these arguments */
}

void sim_machine_set_run(sim_machine *m, const uint64_t *args, uint32_t n_args, const int32_t pid[3],
                         const int32_t grid[3]) {
  /* simulate mode keeps per-run data (buffers, descriptors): one machine per run there */
  assert(!m->data);
  set_run(m, args, n_args, pid, grid);
}

/* Room for the captured values of the widest warp_specialize (capbuf). */
static uint32_t max_captures(const sim_machine *m) {
  uint32_t n = 1;
  for (uint32_t w = 0; w < m->n_ws; w++)
    if (m->ws[w].n_caps + 1 > n) n = m->ws[w].n_caps + 1;
  return n;
}

sim_machine *sim_machine_new(const sim_opts *o, sim_err *err) {
  const ir_func *fn = o->fn ? o->fn : ir_module_kernel(o->mod);
  if (!fn) {
    snprintf(err->msg, sizeof err->msg, "%s: error: the module has no function to run",
             o->mod->filename ? o->mod->filename : "<input>");
    return NULL;
  }
  sim_machine *m = ir_xcalloc(1, sizeof *m);
  m->mod = o->mod;
  m->fn = fn;
  m->data = o->data;
  m->max_trip = o->max_trip ? o->max_trip : 1u << 20;
  m->amd_all_waves = o->amd_all_waves;
  m->clc_max = o->data ? -1 : o->clc_max ? o->clc_max : SIM_CLC_VERIFY_MAX; /* sim_clc.c: the work pool's bound */
  m->n_ctas = 1; /* the cluster size: sim_pair_setup below */
  sim_compile_modattrs(o->mod, &m->ma); /* the module attributes, decoded once */
  m->threads_per_warp = (uint32_t)m->ma.threads_per_warp;
  m->num_warps = (uint32_t)m->ma.num_warps;
  const ir_block *entry = fn->op && fn->op->n_regions && fn->op->regions[0]->n_blocks
                              ? fn->op->regions[0]->blocks[0] : NULL;
  m->n_args = entry ? entry->n_args : 0;
  m->args = ir_xcalloc(m->n_args + 1, sizeof *m->args);
  set_run(m, o->args, o->n_args, o->pid, o->grid); /* before compiling: no descriptor views yet */
  /* An AMD kernel (ttg.target "hip:...") runs under the rules of semantics.md §8 (waves, LDS
   * and vector-memory queues, s_barrier: sim_amd_*.c); only gfx942 / gfx950 are modelled,
   * other AMD targets are refused, never checked against the wrong hardware rules. */
  const char *target = m->ma.target;
  if (target && !strncmp(target, "hip:", 4) && sim_amd_setup(m, target, err)) {
    sim_machine_free(m);
    return NULL;
  }
  /* cluster size (ttg.num-ctas / ttg.cluster-dim-*) and paired-CTA mode (sim_pair.c) */
  if (sim_pair_setup(m, err)) {
    sim_machine_free(m);
    return NULL;
  }
  /* workgroup clusters exist on gfx1250 only (sim_amd_cluster.c, docs/amd-gfx1250.md) */
  if (m->amd_gfx && m->amd_gfx != 1250 && m->n_ctas > 1) {
    sim_errf(err, m, fn->op, "an AMD kernel with %u CTAs per cluster: %s has no workgroup clusters",
             m->n_ctas, m->ma.target);
    sim_machine_free(m);
    return NULL;
  }
  /* warp pipelines first: Membar runs after ConvertWarpPipeline and sees its barriers */
  if (m->amd_gfx && sim_amd_wpipe(m, err)) {
    sim_machine_free(m);
    return NULL;
  }
  if (m->amd_gfx) {
    sim_amd_membar(m);    /* Membar's barriers, placed by sim_compile */
    sim_amd_wave_deps(m); /* what depends on the wave */
  }
  if (sim_compile(m, err) || sim_liveness(m, err)) {
    sim_machine_free(m);
    return NULL;
  }
  m->pair_exit_sync = sim_pair_exit_sync(m); /* the premise of the paired ops' effects */
  sim_ldchoice_sites(m); /* chosen data: read-only inputs control depends on */
  sim_analyze(m);
  set_run(m, o->args, o->n_args, o->pid, o->grid); /* with the descriptor views */
  if (m->data_sink_ins != UINT32_MAX && !m->data) {
    const ir_op *sop = m->code[m->data_sink_ins].op;
    char why[512];
    sim_ldchoice_why(m, sop, why, sizeof why); /* which load, and why it is not chosen data */
    sim_errf(err, m, sop,
             "%s depends on data loaded from memory (or on the thread id), which the verifier "
             "does not compute; it cannot be checked%s",
             sop ? ir_ops[sop->code].name : "this synchronization", why);
    sim_machine_free(m);
    return NULL;
  }
  if (sim_layout(m, err)) {
    sim_machine_free(m);
    return NULL;
  }
  uint32_t max_caps = max_captures(m);
  m->scratch = ir_xcalloc(m->max_slots + 2, sizeof *m->scratch);
  m->capbuf = ir_xcalloc(max_caps, sizeof *m->capbuf);
  m->lhcache = ir_xcalloc(4 * (size_t)m->n_agents + m->env_total, sizeof *m->lhcache);
  if (m->data) {
    m->mscratch = ir_xcalloc(m->max_slots + 2, sizeof *m->mscratch);
    m->fork_mviews = ir_xcalloc(max_caps, sizeof *m->fork_mviews);
    m->mviews = ir_xcalloc(m->env_total + 1, sizeof *m->mviews);
    m->data_buf = ir_xcalloc((size_t)m->n_ctas * m->n_allocs + 1, sizeof *m->data_buf);
    for (uint32_t c = 0; c < m->n_ctas; c++)
      for (uint32_t a = 1; a < m->n_allocs; a++) {
        const sim_alloc *al = &m->allocs[a];
        if (!al->op || al->space == SIM_SPACE_GLOBAL) continue;
        if (sim_alloc_vt(m, al)->clc_resp) continue; /* in the state (sim_clc.c) */
        sim_data_err derr;
        /* a backing placed by set_buffer_overlap: its bytes, larger than its type */
        int64_t placed = al->bytes;
        uint32_t id = al->placed ? sim_data_buf_new(m->data, SIM_SPACE_SHARED, SIM_DT_I8, 1, &placed, "", &derr)
                                 : sim_data_buf_for_alloc(m->data, sim_alloc_vt(m, al), &derr);
        if (!id) {
          sim_errf(err, m, al->op, "%s", derr.msg);
          sim_machine_free(m);
          return NULL;
        }
        m->data_buf[c * m->n_allocs + a] = id;
      }
  }
  return m;
}

sim_machine *sim_machine_worker(const sim_machine *m) {
  assert(!m->data && !m->worker); /* verify mode: scratch, capbuf and sandbox are all a step writes */
  uint32_t max_caps = max_captures(m);
  sim_machine *c = ir_xmalloc(sizeof *c, 1);
  *c = *m;
  c->worker = true;
  c->scratch = ir_xcalloc(m->max_slots + 2, sizeof *c->scratch);
  c->capbuf = ir_xcalloc(max_caps, sizeof *c->capbuf);
  c->sandbox = NULL;
  c->lhcache = ir_xcalloc(4 * (size_t)m->n_agents + m->env_total, sizeof *c->lhcache);
  return c;
}

void sim_machine_free(sim_machine *m) {
  if (!m) return;
  if (m->worker) {
    free(m->scratch);
    free(m->capbuf);
    free(m->sandbox);
    free(m->lhcache);
    free(m);
    return;
  }
  for (uint32_t k = 0; k < m->n_code; k++) {
    free(m->code[k].vin);
    free(m->code[k].vout);
  }
  for (uint32_t r = 0; r < m->n_regions; r++) {
    free(m->regions[r].entry_slots);
    free(m->regions[r].color);
    if (m->regions[r].owns_label) free((char *)m->regions[r].label);
    if (m->regions[r].owns_entry_vals) free((void *)m->regions[r].entry_vals);
  }
  for (uint32_t w = 0; w < m->n_ws; w++) {
    free(m->ws[w].cap_slots);
    free(m->ws[w].cap_vals);
  }
  free(m->code);
  sim_aref_free(m->aref);
  free(m->vtypes);
  free(m->trefs);
  free(m->opnd);
  free(m->regions);
  free(m->ws);
  free(m->allocs);
  free(m->bar_alloc);
  free(m->ld_site);
  free(m->ld_why);
  free(m->scratch);
  free(m->capbuf);
  free(m->mscratch);
  free(m->fork_mviews);
  free(m->mviews);
  free(m->data_buf);
  free(m->live);
  free(m->live_row);
  free(m->live_ent);
  free(m->lhcache);
  free(m->live_off);
  free(m->arg_ctl);
  free(m->arg_flag);
  free(m->args);
  free(m->arg_slots);
  free(m->arg_galloc);
  free(m->sviol);
  free(m->stale);
  free(m->coord_deps);
  free(m->amd_bar_before);
  free(m->amd_wdep);
  free(m->amd_wctl);
  free(m->amd_ctl);
  free(m->amd_wp);
  free(m->evrec);
  free(m->sandbox);
  free(m);
}

size_t sim_state_size(const sim_machine *m) { return m->size; }

size_t sim_state_used(const sim_machine *m, const void *st) {
  return m->off_events + (size_t)st_chdr(st)->n_events * sizeof(sim_event);
}

sim_hash128 sim_state_hash(const sim_machine *m, const void *st) {
#if defined(__x86_64__)
  /* the same function (the same hashes) as XXH3_128bits, vectorized with AVX2 / AVX-512 when
   * the CPU has them: hashing is a large part of a search step */
  XXH128_hash_t h = XXH3_128bits_dispatch(st, sim_state_used(m, st));
#else
  XXH128_hash_t h = XXH3_128bits(st, sim_state_used(m, st));
#endif
  return (sim_hash128){h.low64, h.high64};
}

int sim_init(sim_machine *m, void *st, sim_log *log) {
  sim_log local = {0};
  if (!log) log = &local;
  memset(st, 0, m->size);
  for (uint32_t a = 0; a < m->n_agents; a++)
    for (uint32_t b = 0; b < m->n_bars; b++) *st_intent(m, st, a, b) = INT32_MIN;
  for (uint32_t b = 0; b < m->n_ctas * m->n_bars; b++) st_mbar(m, st, b)->last_expect = UINT32_MAX;
  sim_mview *mv = m->data ? ir_xcalloc(m->n_args + 1, sizeof *mv) : NULL;
  uint32_t release = 0;
  int rc = 0;
  /* every CTA's parent; on AMD every wave of the workgroup that runs the kernel body (local
   * 0; gfx1250 partition waves start at the fork) */
  uint32_t starts = m->amd_gfx ? m->agents_per_cta : 1;
  for (uint32_t c = 0; c < m->n_ctas && !rc; c++)
    for (uint32_t w = 0; w < starts && !rc; w++)
      if (!m->agents[c * m->agents_per_cta + w].local)
        rc = sim_start_agent(m, st, c * m->agents_per_cta + w, m->regions[0].start, m->arg_slots,
                             m->args, mv, m->n_args, log, &release);
  free(mv);
  return rc || log->halt ? -1 : 0;
}

int sim_enabled(const sim_machine *m, const void *st, sim_trans *out) {
  int n = 0;
  for (uint32_t a = 0; a < m->n_agents; a++)
    if (sim_agent_enabled(m, st, a)) out[n++] = (sim_trans){SIM_TR_AGENT, (uint8_t)a};
  uint32_t ne = st_chdr(st)->n_events;
  for (uint32_t k = 0; k < ne; k++)
    if (sim_ev_completable(m, st, k)) out[n++] = (sim_trans){SIM_TR_EVENT, (uint8_t)k};
  assert(n <= SIM_MAX_TRANS);
  return n;
}

int sim_step(sim_machine *m, void *st, sim_trans t, sim_log *log) {
  /* reset the outputs (violation records are cleared by sim_viol_add when filled: clearing
   * all four here would cost more than the rest of a typical step) */
  log->n_viol = 0;
  log->halt = log->bound = log->assume_false = false;
  log->n_gw = 0;
  log->ins = 0;
  log->text[0] = 0;
  /* a transition names an agent of the machine or an event in flight in this state */
  assert(t.kind == SIM_TR_AGENT ? t.who < m->n_agents
                                : t.kind == SIM_TR_EVENT && t.who < st_chdr(st)->n_events);
  int rc;
  if (t.kind == SIM_TR_AGENT) rc = sim_run_agent(m, st, t.who, true, log);
  else rc = sim_ev_complete(m, st, t.who, log);
  /* the event list stays inside the state's bytes (SIM_MAX_EVENTS bounds it) */
  assert(st_chdr(st)->n_events <= SIM_MAX_EVENTS && sim_state_used(m, st) <= m->size);
  return rc || log->halt ? -1 : 0;
}

bool sim_is_final(const sim_machine *m, const void *st) {
  if (st_chdr(st)->n_events) return false;
  for (uint32_t a = 0; a < m->n_agents; a++) {
    uint8_t s = st_cagent(m, st, a)->status;
    if (s != SIM_AG_DONE && s != SIM_AG_IDLE) return false;
  }
  return true;
}

uint32_t sim_n_agents(const sim_machine *m) { return m->n_agents; }
const char *sim_agent_name(const sim_machine *m, uint32_t a) { return m->agents[a].name; }
int sim_agent_status_of(const sim_machine *m, const void *st, uint32_t a) { return st_cagent(m, st, a)->status; }
uint32_t sim_agent_pc(const sim_machine *m, const void *st, uint32_t a) { return st_cagent(m, st, a)->pc; }
uint32_t sim_n_events(const sim_machine *m, const void *st) { (void)m; return st_chdr(st)->n_events; }
const ir_op *sim_ins_op(const sim_machine *m, uint32_t ins) { return ins < m->n_code ? m->code[ins].op : NULL; }
ir_loc sim_ins_loc(const sim_machine *m, uint32_t ins) {
  return sim_op_loc(m->mod, sim_ins_op(m, ins));
}
uint32_t sim_event_ins(const sim_machine *m, const void *st, uint32_t ev) { return st_cevents(m, st)[ev].ins; }
uint32_t sim_event_agent(const sim_machine *m, const void *st, uint32_t ev) { return st_cevents(m, st)[ev].agent; }
uint32_t sim_max_ring_depth(const sim_machine *m) { return m->ring_depth; }
uint32_t sim_ring_depths(const sim_machine *m, uint32_t *out, uint32_t max) {
  uint32_t n = 0;
  for (uint32_t a = 1; a < m->n_allocs && n < max; a++) {
    const sim_alloc *al = &m->allocs[a];
    if (!al->is_barrier) continue;
    uint32_t d = al->rank >= 1 && al->shape[0] > 0 ? (uint32_t)al->shape[0] : 1, k = 0;
    while (k < n && out[k] != d) k++;
    if (k == n) out[n++] = d;
  }
  return n;
}
bool sim_depends_on_pid(const sim_machine *m) { return m->pid_dep; }
bool sim_may_cycle(const sim_machine *m) {
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    uint16_t c = m->code[pc].code;
    if ((c == SIM_I_JMP || c == SIM_I_BRZ) && m->code[pc].target <= pc) return true;
  }
  return false;
}
bool sim_arg_is_control(const sim_machine *m, uint32_t arg) { return arg < m->n_args && m->arg_ctl[arg]; }
bool sim_arg_is_flag(const sim_machine *m, uint32_t arg) { return arg < m->n_args && m->arg_flag[arg]; }
uint32_t sim_n_instructions(const sim_machine *m) { return m->n_code; }
uint32_t sim_n_ctas(const sim_machine *m) { return m->n_ctas; }
uint64_t sim_coord_deps(const sim_machine *m, uint32_t ins) {
  return ins < m->n_code && m->coord_deps ? m->coord_deps[ins] : 0;
}
void sim_cta_program(const sim_machine *m, uint32_t cta, int32_t pid[3]) {
  pid[0] = m->pid[0] + (int32_t)cta; /* as tt.get_program_id x (sim_exec.c) */
  pid[1] = m->pid[1];
  pid[2] = m->pid[2];
}
uint32_t sim_n_barriers(const sim_machine *m) { return m->n_bars * m->n_ctas; }

bool sim_agent_wait_barrier(const sim_machine *m, const void *st, uint32_t a, uint32_t *bar,
                            int32_t *parity) {
  const sim_agent *ag = st_cagent(m, st, a);
  if (ag->status != SIM_AG_RUN) return false;
  const sim_ins *i = &m->code[ag->pc];
  if (i->code != IR_OP_TTNG_WAIT_BARRIER) return false;
  const uint64_t *env = st_cenv(m, st, a);
  const uint32_t *in = ins_in(m, i);
  uint32_t sb = in[ins_seg_at(i, 0)], sp = in[ins_seg_at(i, 1)];
  int32_t b = sim_view_bar(m, env_slot(m, env, i->region, sb));
  if (b < 0) return false;
  *bar = (uint32_t)b;
  *parity = (int32_t)(env_slot(m, env, i->region, sp) & 1);
  return true;
}

void sim_barrier_info(const sim_machine *m, const void *st, uint32_t bar, sim_barinfo *out) {
  const sim_mbar *b = st_cmbar(m, st, bar);
  out->valid = b->valid;
  out->phase = b->phase;
  out->pending = b->pending;
  out->expected = b->expected;
  out->tx = b->tx;
  out->last_expect = b->last_expect;
  out->inflight = 0;
  const sim_event *ev = st_cevents(m, st);
  for (uint32_t k = 0; k < st_chdr(st)->n_events; k++)
    if (ev[k].bar == bar || ev[k].bar2 == bar) out->inflight++;
  uint32_t a = m->bar_alloc[bar % (m->n_bars ? m->n_bars : 1)];
  out->init_ins = a ? m->allocs[a].init_ins : UINT32_MAX;
}
