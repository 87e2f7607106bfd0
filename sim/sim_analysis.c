/* sim_analysis.c: static facts over the compiled code: which allocations each slot may
 * name (barrier arrays, buffers touched by the async proxy), and which values the program id,
 * kernel arguments or loaded data flow into (synchronization-relevant uses). */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "sim_size.h"

/* Taint bits: the program id, loaded data, each kernel argument (arguments past 60 share a
 * bit), and T_LOAD: the value of a chosen load (sim_compile_ldchoice.c), which a run chooses like an
 * argument rather than data. */
enum { T_PID = 1, T_DATA = 2, T_ARG0 = 2 };
#define T_LOAD (1ull << 63)
static uint64_t arg_bit(uint32_t k) { return 1ull << (T_ARG0 + (k < 60 ? k : 60)); }

/* Segment k of the op behind instruction i: input index range [*lo, *hi). */
static bool seg_range(const sim_ins *i, int k, uint32_t *lo, uint32_t *hi) {
  return sim_compile_seg_bounds(i->op, k, lo, hi) && *hi > *lo;
}

/* Segments holding mbarrier operands of an op, as a bitmask over segment indices. */
static uint32_t barrier_segs(ir_opcode c) {
  switch (c) {
  case IR_OP_TTNG_INIT_BARRIER: case IR_OP_TTNG_INVAL_BARRIER: case IR_OP_TTNG_BARRIER_EXPECT:
  case IR_OP_TTNG_WAIT_BARRIER: case IR_OP_TTNG_ARRIVE_BARRIER:
  case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE: case IR_OP_TTNG_TC_GEN5_COMMIT:
    return 1u << 0;
  case IR_OP_TTNG_TMA_STORE_TOKEN_WAIT: return 1u << 1;
  case IR_OP_TTNG_TMA_GATHER: return 1u << 3;
  case IR_OP_TTNG_ASYNC_SHARED_STORE: return 1u << 2;
  case IR_OP_TTNG_TMA_G2L: return 1u << 3;
  case IR_OP_TTNG_TC_GEN5_MMA: return 1u << 6;
  case IR_OP_TTNG_TC_GEN5_MMA_SCALED: return 1u << 8;
  case IR_OP_TTG_ASYNC_COPY_G2L: return 1u << 5;
  case IR_OP_TTNG_TMEM_COPY: return 1u << 2;
  case IR_OP_TTG_ASYNC_REMOTE_SHMEM_STORE: case IR_OP_TTG_ASYNC_REMOTE_SHMEM_COPY: return 1u << 3;
  case IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL: return 1u << 0;
  case IR_OP_TTNG_CLC_TRY_CANCEL: return 1u << 1;
  /* AMD gfx1250 TDM copies (sim_amd_mbar.c); its other mbarrier ops compile to ttng codes */
  case IR_OP_AMDG_TDM_G2L: case IR_OP_AMDG_TDM_GATHER: case IR_OP_AMDG_TDM_SCATTER: return 1u << 3;
  case IR_OP_AMDG_TDM_L2G: return 1u << 2;
  default: return 0;
  }
}

/* Segments holding shared-memory operands read or written through the async proxy. */
static uint32_t async_segs(ir_opcode c) {
  switch (c) {
  case IR_OP_TTNG_TMA_G2L: return 1u << 2;
  case IR_OP_TTNG_TMA_L2G: case IR_OP_TTNG_TMA_REDUCE: return 1u << 2;
  case IR_OP_TTNG_ASYNC_STORE: return 1u << 0;
  case IR_OP_TTNG_TMA_GATHER: return 1u << 4;
  case IR_OP_TTNG_TMA_SCATTER: return 1u << 3;
  case IR_OP_TTNG_WARP_GROUP_DOT: return (1u << 0) | (1u << 1);
  case IR_OP_TTNG_TC_GEN5_MMA: case IR_OP_TTNG_TC_GEN5_MMA_SCALED: return (1u << 0) | (1u << 1);
  case IR_OP_TTNG_TMEM_COPY: return 1u << 0;
  case IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL: return 1u << 1; /* the CLC response */
  case IR_OP_TTNG_CLC_TRY_CANCEL: return 1u << 0;
  default: return 0;
  }
}

/* Segments of a visible op that are NOT synchronization-relevant (global coordinates and
 * descriptors of TMA ops: they only address global memory). */
static uint32_t data_segs(ir_opcode c) {
  switch (c) {
  case IR_OP_TTNG_TMA_G2L: case IR_OP_TTNG_TMA_L2G: case IR_OP_TTNG_TMA_REDUCE:
    return (1u << 0) | (1u << 1);
  case IR_OP_TTG_ASYNC_COPY_G2L: return (1u << 0) | (1u << 2) | (1u << 3);
  case IR_OP_TTNG_TMA_GATHER: case IR_OP_TTNG_TMA_SCATTER: /* rows, column: global addressing */
    return (1u << 0) | (1u << 1) | (1u << 2);
  case IR_OP_TT_DESCRIPTOR_LOAD: case IR_OP_TT_DESCRIPTOR_STORE: /* only global addressing */
  case IR_OP_TT_DESCRIPTOR_REDUCE:
    return (1u << 0) | (1u << 1) | (1u << 2);
  /* AMD gfx1250 TDM copies: descriptor and row indices address global memory (the pred
   * segment of async_tdm_copy_global_to_local stays relevant: it decides the arrival) */
  case IR_OP_AMDG_TDM_G2L: case IR_OP_AMDG_TDM_GATHER: case IR_OP_AMDG_TDM_SCATTER:
    return (1u << 0) | (1u << 1);
  case IR_OP_AMDG_TDM_L2G: return 1u << 0;
  default: return 0;
  }
}

typedef struct flow {
  sim_machine *m;
  uint32_t W;                  /* words per points-to set */
  uint64_t **pts;              /* per region: n_slots * W */
  uint64_t **taint;            /* per region: n_slots */
  uint32_t *cd_start, *cd_br;  /* per COPY instruction pc: the branches it is control
                                  dependent on, cd_br[cd_start[pc] .. cd_start[pc + 1]) */
} flow;

/* The branches a parallel copy is control dependent on, where the copy merges values the
 * branch chose between: the yields of an scf.if's arms (the else arm included: the then arm
 * ends with a forward jump past it), the block arguments of a cf.cond_br's edges, and the
 * results of an scf.for / scf.while (their final values depend on how many times the body
 * ran: the loop test's choice). Without this, a value merged by an `if flag` from two
 * flag-free values looked independent of flag (the coordinates of a global write: vf_grid.c
 * compared them at a flag value the grid need not be consistent with). A carried value
 * inside the body is not control dependent on the test (iteration k sees the same value
 * whatever the bound). The other taint sinks are unchanged: every branch condition is a sink
 * of its own. */
static void control_deps(flow *f) {
  sim_machine *m = f->m;
  uint32_t n = m->n_code;
  uint32_t *cnt = ir_xcalloc(n + 2, sizeof *cnt);
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      f->cd_start = ir_xcalloc(n + 2, sizeof *f->cd_start);
      for (uint32_t pc = 0; pc < n; pc++) f->cd_start[pc + 1] = f->cd_start[pc] + cnt[pc];
      f->cd_br = ir_xcalloc(f->cd_start[n] + 1, sizeof *f->cd_br);
      memset(cnt, 0, (n + 2) * sizeof *cnt);
    }
    for (uint32_t b = 0; b < n; b++) {
      const sim_ins *br = &m->code[b];
      if ((br->code != SIM_I_BRZ && br->code != SIM_I_FOR_TEST) || !br->n_in || !br->op) continue;
      const sim_region *rg = &m->regions[br->region];
      uint32_t lo = 0, hi = 0;
      const ir_op *same = NULL; /* only copies of this op */
      switch (br->op->code) {
      case IR_OP_SCF_IF:
        lo = b + 1;
        hi = br->target;
        if (hi > lo && hi <= rg->end && m->code[hi - 1].code == SIM_I_JMP && m->code[hi - 1].target > hi)
          hi = m->code[hi - 1].target;
        break;
      case IR_OP_CF_COND_BR: /* its edges' copies carry the cond_br */
        lo = rg->start;
        hi = rg->end;
        same = br->op;
        break;
      case IR_OP_SCF_FOR: /* the results, copied at the exit */
        lo = br->target;
        hi = br->target + 1;
        same = br->op;
        break;
      case IR_OP_SCF_CONDITION: /* the results, copied before the exit test */
        lo = b ? b - 1 : 0;
        hi = b;
        same = br->op;
        break;
      default:
        break;
      }
      if (hi > rg->end) hi = rg->end;
      for (uint32_t pc = lo; pc < hi; pc++) {
        if (m->code[pc].code != SIM_I_COPY || (same && m->code[pc].op != same)) continue;
        if (pass == 1) f->cd_br[f->cd_start[pc] + cnt[pc]] = b;
        cnt[pc]++;
      }
    }
  }
  free(cnt);
}

static bool or_into(uint64_t *dst, const uint64_t *src, uint32_t W) {
  bool ch = false;
  for (uint32_t w = 0; w < W; w++)
    if ((dst[w] | src[w]) != dst[w]) {
      dst[w] |= src[w];
      ch = true;
    }
  return ch;
}

static bool flow_ins(flow *f, uint32_t pc) {
  sim_machine *m = f->m;
  const sim_ins *i = &m->code[pc];
  uint32_t r = i->region, W = f->W;
  uint64_t *P = f->pts[r], *T = f->taint[r];
  const uint32_t *in = ins_in(m, i), *out = ins_out(m, i);
  bool ch = false;
  if (i->code == SIM_I_COPY) {
    uint64_t ct = 0; /* the conditions that chose this copy (control_deps) */
    for (uint32_t d = f->cd_start[pc]; d < f->cd_start[pc + 1]; d++) {
      const sim_ins *br = &m->code[f->cd_br[d]];
      const uint32_t *bin = ins_in(m, br);
      for (uint32_t k = 0; k < br->n_in; k++) ct |= T[bin[k]];
    }
    for (uint32_t k = 0; k < i->n_in && k < i->n_out; k++) {
      if (!out[k]) continue;
      ch |= or_into(P + (size_t)out[k] * W, P + (size_t)in[k] * W, W);
      uint64_t t = T[in[k]] | ct;
      if ((T[out[k]] | t) != T[out[k]]) {
        T[out[k]] |= t;
        ch = true;
      }
    }
    return ch;
  }
  if (i->code == SIM_I_FORK) {
    const sim_ws *ws = &m->ws[i->imm];
    for (uint32_t p = 0; p < ws->n_parts; p++) {
      const sim_region *pr = &m->regions[ws->part_region[p]];
      uint64_t *PP = f->pts[ws->part_region[p]], *PT = f->taint[ws->part_region[p]];
      for (uint32_t k = 0; k < ws->n_caps && k < pr->n_entry; k++) {
        uint32_t d = pr->entry_slots[k], s = ws->cap_slots[k];
        if (!d) continue;
        ch |= or_into(PP + (size_t)d * W, P + (size_t)s * W, W);
        if ((PT[d] | T[s]) != PT[d]) {
          PT[d] |= T[s];
          ch = true;
        }
      }
    }
    return ch;
  }
  if (i->code >= IR_OP__COUNT || !i->n_out) return false;
  ir_opclass cls = ir_ops[i->code].cls;
  uint64_t t = 0;
  if (i->code == IR_OP_TT_GET_PROGRAM_ID || i->code == IR_OP_TT_GET_NUM_PROGRAMS) t |= T_PID;
  /* the thread id is data, except on AMD where the model runs each wave with its own
   * (sim_exec.c, query) */
  if ((i->code == IR_OP_GPU_THREAD_ID || i->code == IR_OP_ROCDL_WORKITEM_ID_X) && !f->m->amd_gfx) t |= T_DATA;
  if (i->code == IR_OP_TTG_CLOCK64 || i->code == IR_OP_TTG_WARP_ID || i->code == IR_OP_PTG_READ_COUNTER) t |= T_DATA;
  /* a CLC response names a program of the grid (sim_clc.c computes it): like the program id */
  if (m->ld_site && m->ld_site[pc]) {
    /* a chosen load: chosen, unless its address depends on loaded data (pointer chasing) */
    t |= (T[in[0]] & (T_DATA | T_LOAD)) ? T_DATA : T_LOAD;
  } else if (i->data_op || (cls == IR_C_MEM && !sim_clc_op(i->code))) {
    t |= T_DATA;
  }
  if (sim_clc_op(i->code)) t |= T_PID;
  if (i->code != IR_OP_ARITH_CONSTANT && cls != IR_C_ALLOC)
    for (uint32_t k = 0; k < i->n_in; k++) t |= T[in[k]];
  for (uint32_t k = 0; k < i->n_out; k++) {
    if (!out[k]) continue;
    if ((T[out[k]] | t) != T[out[k]]) {
      T[out[k]] |= t;
      ch = true;
    }
  }
  if (cls == IR_C_ALLOC && i->imm && out[0]) {
    uint64_t *d = P + (size_t)out[0] * W;
    uint64_t bit = 1ull << (i->imm & 63);
    if (!(d[i->imm >> 6] & bit)) {
      d[i->imm >> 6] |= bit;
      ch = true;
    }
  } else if ((cls == IR_C_VIEW || i->code == IR_OP_ARITH_SELECT) && out[0]) {
    for (uint32_t k = 0; k < i->n_in; k++) ch |= or_into(P + (size_t)out[0] * W, P + (size_t)in[k] * W, W);
  }
  return ch;
}

static void mark_allocs(flow *f, const sim_ins *i, uint32_t segs, bool barrier) {
  sim_machine *m = f->m;
  const uint32_t *in = ins_in(m, i);
  for (int k = 0; k < 16; k++) {
    uint32_t lo, hi;
    if (!(segs & (1u << k)) || !seg_range(i, k, &lo, &hi)) continue;
    for (uint32_t x = lo; x < hi; x++) {
      const uint64_t *p = f->pts[i->region] + (size_t)in[x] * f->W;
      for (uint32_t a = 1; a < m->n_allocs; a++) {
        if (!((p[a >> 6] >> (a & 63)) & 1)) continue;
        if (barrier) m->allocs[a].is_barrier = 1;
        else m->allocs[a].async_used = 1;
        uint32_t pc = (uint32_t)(i - m->code);
        sim_alloc *al = &m->allocs[a];
        if (barrier && i->code == IR_OP_TTNG_INIT_BARRIER && al->init_ins == UINT32_MAX) al->init_ins = pc;
        if (barrier && i->code != IR_OP_TTNG_INIT_BARRIER && i->code != IR_OP_TTNG_INVAL_BARRIER &&
            i->code != IR_OP_TTNG_WAIT_BARRIER && al->n_sig < 8)
          al->sig_ins[al->n_sig++] = pc;
      }
    }
  }
}

/* The agent roles (parent, partition k of any warp_specialize) whose code holds both a
 * fence.proxy.async and an async-proxy op. Another agent's acquire of an access is never used:
 * without a fence it covers nothing, without an async op nothing asks (sim_proxy.c), so its
 * bit would only split states. */
static void uf_fencers(sim_machine *m) {
  uint8_t fence[SIM_MAX_AGENTS] = {0}, async[SIM_MAX_AGENTS] = {0};
  m->uf_fencers = 0;
  for (uint32_t r = 0; r < m->n_regions; r++) {
    const sim_region *g = &m->regions[r];
    uint32_t local = g->ws < 0 ? 0 : (uint32_t)g->part + 1;
    if (local >= SIM_MAX_AGENTS) continue;
    for (uint32_t pc = g->start; pc < g->end && pc < m->n_code; pc++) {
      const sim_ins *i = &m->code[pc];
      fence[local] |= i->code == IR_OP_TTNG_FENCE_ASYNC_SHARED;
      async[local] |= i->vis == SIM_V_ASYNC || sim_clc_op(i->code);
    }
  }
  for (uint32_t l = 0; l < SIM_MAX_AGENTS; l++)
    if (fence[l] && async[l]) m->uf_fencers |= 1u << l;
}

void sim_analyze(sim_machine *m) {
  flow f = {.m = m, .W = (m->n_allocs + 64) / 64};
  f.pts = ir_xcalloc(m->n_regions, sizeof *f.pts);
  f.taint = ir_xcalloc(m->n_regions, sizeof *f.taint);
  for (uint32_t r = 0; r < m->n_regions; r++) {
    f.pts[r] = ir_xcalloc((size_t)(m->regions[r].n_slots + 1) * f.W, sizeof(uint64_t));
    f.taint[r] = ir_xcalloc(m->regions[r].n_slots + 1, sizeof(uint64_t));
  }
  for (uint32_t k = 0; k < m->n_args; k++)
    if (m->arg_slots[k]) f.taint[0][m->arg_slots[k]] |= arg_bit(k);
  control_deps(&f);
  bool ch = true;
  while (ch) {
    ch = false;
    for (uint32_t pc = 0; pc < m->n_code; pc++) ch |= flow_ins(&f, pc);
  }
  /* consumers (psink: the pred operands of amdg.update_tensor_descriptor) */
  uint64_t sink = 0, psink = 0;
  m->ring_depth = 0;
  m->data_sink_ins = UINT32_MAX;
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    const sim_ins *i = &m->code[pc];
    const uint32_t *in = ins_in(m, i);
    if (i->code < IR_OP__COUNT) {
      mark_allocs(&f, i, barrier_segs(i->code), true);
      mark_allocs(&f, i, async_segs(i->code), false);
    }
    bool control = i->code == SIM_I_BRZ || i->code == SIM_I_FOR_INIT || i->code == SIM_I_FOR_TEST;
    /* amdg.update_tensor_descriptor's pred decides whether the TDM copies through the
     * descriptor run (sim_amd_mbar.c): a synchronization-relevant use by an invisible op; its
     * other operands only address global memory */
    bool desc_pred = i->code == IR_OP_AMDG_UPDATE_TENSOR_DESC;
    if (!control && !desc_pred && (i->vis == SIM_V_NONE || i->code == SIM_I_FORK)) continue;
    uint32_t skip = desc_pred ? ~(1u << IR_SEG_AMDG_UPDATE_TENSOR_DESC_PRED)
                    : i->code < IR_OP__COUNT ? data_segs(i->code) : 0;
    for (uint32_t k = 0; k < i->n_in; k++) {
      bool is_data = false;
      for (int s = 0; s < 16 && i->op && skip; s++) {
        uint32_t lo, hi;
        if ((skip & (1u << s)) && seg_range(i, s, &lo, &hi) && k >= lo && k < hi) is_data = true;
      }
      if (is_data) continue;
      /* an async token names an async op, not data (tokens are values only for the TMA-store
       * token wait, sim_ops_async.c): a token from a memory op is no data dependence */
      if (i->code < IR_OP__COUNT && i->op && k < i->op->n_operands &&
          ins_tin(m, i, k)->kind == IR_T_TOKEN)
        continue;
      uint64_t t = f.taint[i->region][in[k]];
      if ((t & T_DATA) && m->data_sink_ins == UINT32_MAX) m->data_sink_ins = pc;
      if (desc_pred) psink |= t;
      else sink |= t;
    }
  }
  /* what the coordinates of global writes through descriptors depend on (vf_grid.c compares
   * footprints of programs only where the arguments they depend on are known) */
  m->coord_deps = ir_xcalloc(m->n_code + 1, sizeof *m->coord_deps);
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    const sim_ins *i = &m->code[pc];
    uint32_t lo, hi;
    if ((i->code != IR_OP_TTNG_TMA_L2G && i->code != IR_OP_TTNG_TMA_REDUCE &&
         i->code != IR_OP_TT_DESCRIPTOR_STORE && i->code != IR_OP_TT_DESCRIPTOR_REDUCE) ||
        !seg_range(i, 1, &lo, &hi))
      continue;
    uint64_t t = 0;
    for (uint32_t k = lo; k < hi; k++) t |= f.taint[i->region][ins_in(m, i)[k]];
    m->coord_deps[pc] = ((t & ~T_LOAD) >> T_ARG0) | ((t & (T_DATA | T_LOAD)) ? 1ull << 63 : 0);
  }
  sim_clc_coord_deps(m);
  m->arg_ctl = ir_xcalloc(m->n_args + 1, sizeof *m->arg_ctl);
  m->arg_flag = ir_xcalloc(m->n_args + 1, sizeof *m->arg_flag);
  for (uint32_t k = 0; k < m->n_args; k++) {
    m->arg_ctl[k] = ((sink | psink) & arg_bit(k)) != 0;
    m->arg_flag[k] = (psink & arg_bit(k)) && !(sink & arg_bit(k)) && k < 60; /* 60+ share a bit */
  }
  sink |= psink;
  m->pid_dep = (sink & T_PID) != 0;
  m->ld_ctl = (sink & T_LOAD) != 0;
  /* number the mbarriers of each barrier allocation */
  m->n_bars = 0;
  for (uint32_t a = 1; a < m->n_allocs; a++) {
    sim_alloc *al = &m->allocs[a];
    if (!al->is_barrier) continue;
    al->bar_base = m->n_bars;
    al->n_bars = al->bytes / (uint32_t)(al->ebytes > 0 ? al->ebytes : 8);
    if (!al->n_bars) al->n_bars = 1;
    m->n_bars += al->n_bars;
    if (al->rank >= 1 && al->shape[0] > (int64_t)m->ring_depth) m->ring_depth = (uint32_t)al->shape[0];
    if (al->async_used) al->async_used = 0; /* a barrier is touched by async signals, not data */
  }
  m->bar_alloc = ir_xcalloc(m->n_bars + 1, sizeof *m->bar_alloc);
  for (uint32_t a = 1; a < m->n_allocs; a++)
    for (uint32_t k = 0; m->allocs[a].is_barrier && k < m->allocs[a].n_bars; k++)
      m->bar_alloc[m->allocs[a].bar_base + k] = (uint16_t)a;
  /* live ranges of shared allocations: which may lie over a dead barrier's bytes */
  sim_late_analyze(m, f.pts, f.W);
  /* tensor-memory rules (§4.2): single allocations, and those captured by one
   * warp_specialize, which are all live while its partitions run */
  sim_tmem_check(m);
  uint32_t *caps = ir_xcalloc(m->n_allocs + 1, sizeof *caps);
  for (uint32_t w = 0; w < m->n_ws; w++) {
    const sim_ws *ws = &m->ws[w];
    uint32_t n = 0;
    for (uint32_t a = 1; a < m->n_allocs; a++) {
      bool hit = false;
      for (uint32_t k = 0; k < ws->n_caps && !hit; k++) {
        const uint64_t *pp = f.pts[0] + (size_t)ws->cap_slots[k] * f.W;
        hit = (pp[a >> 6] >> (a & 63)) & 1;
      }
      if (hit && m->allocs[a].space == SIM_SPACE_TMEM) caps[n++] = a;
    }
    sim_tmem_check_live(m, ws->fork_ins, caps, n);
  }
  free(caps);
  m->proxy_track = false;
  for (uint32_t a = 1; a < m->n_allocs; a++)
    if (m->allocs[a].async_used) m->proxy_track = true;
  uf_fencers(m);
  for (uint32_t r = 0; r < m->n_regions; r++) {
    free(f.pts[r]);
    free(f.taint[r]);
  }
  free(f.pts);
  free(f.taint);
  free(f.cd_start);
  free(f.cd_br);
}
