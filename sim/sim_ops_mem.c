/* sim_ops_mem.c: synchronous shared / tensor memory accesses of an agent (local_load /
 * local_store, tmem_load / tmem_store, remote smem stores, shared-memory atomic scatters): proxy bookkeeping (§2.3), the
 * cluster-exit check (§6.2) and, in simulate mode, the data movement. */
#include <stdio.h>

#include "sim_amd.h"

static int data_fail(sim_exec *e, const sim_data_err *derr) {
  sim_data_stop(e->log, e->m, (int)e->a, e->pc, derr);
  return SIM_X_HALT;
}

/* The box of a tt.descriptor_load / store (descriptor operand 0, indices segment 1), from
 * slot values x through the op's input slots in. */
static bool desc_gbox(const sim_machine *m, const sim_ins *i, const uint64_t *x, const uint32_t *in,
                      sim_gbox *b) {
  uint32_t n = ins_seg_len(i, 1);
  uint64_t coords[SIM_GBOX_RANK];
  if (n > SIM_GBOX_RANK) return false;
  for (uint32_t k = 0; k < n; k++) coords[k] = x[in[ins_seg_at(i, 1) + k]];
  return sim_gbox_of(m, x[in[0]], ins_tseg(m, i, 0, 0), coords, n, sim_desc_flags(i), b);
}

int sim_op_mem(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  const uint32_t *in = ins_in(m, e->i);
  sim_data_err derr;
  sim_fp f;
  char fp[96];
  for (uint32_t k = 0; k < e->i->n_in; k++)
    if (ins_tin(m, e->i, k)->kind == IR_T_MEMDESC && (ex_in(e, k) & SIM_VIEW_OOB)) {
      uint32_t al = sim_view_alloc(ex_in(e, k));
      sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
                   "%s through a view of %s that is outside its allocation (an index or a slice "
                   "out of range)", ir_ops[op->code].name,
                   al && al < m->n_allocs ? m->allocs[al].name : "memory");
      e->log->halt = true;
      return SIM_X_HALT;
    }
  switch (op->code) {
  case IR_OP_TTG_LOCAL_ALLOC: case IR_OP_TTNG_TMEM_ALLOC:
    /* an allocation with an initial value: a synchronous generic-proxy write of the whole
     * buffer (inside a loop, the same buffer every iteration), e.g. while an MMA of the previous
     * iteration may still read it. An async-proxy read of it (a TMA store, an MMA operand) needs
     * a fence.proxy.async in between (§2.3), as after a local_store: Triton 3.6.0 adds none
     * when it lowers the TTGIR (tests/device/triton_ptx.py, docs/comparison.md). */
    if (sim_exec_alloc(e)) return SIM_X_HALT;
    sim_view_fp(m, e->x[ins_out(m, e->i)[0]], ins_rout(m, e->i, 0), &f);
    if (op->n_operands && op->code == IR_OP_TTG_LOCAL_ALLOC) {
      f.flags |= SIM_FP_WRITE;
      sim_uf_note(m, e->st, e->a, &f, e->pc);
    }
    sim_logf(e->log, "%s writes %s", ir_ops[op->code].name, sim_fp_str(m, &f, fp, sizeof fp));
    return SIM_X_NEXT;
  case IR_OP_TTG_LOCAL_LOAD: case IR_OP_TTNG_TMEM_LOAD:
    sim_view_fp(m, ex_in(e, 0), ins_rin(m, e->i, 0), &f);
    sim_uf_note(m, e->st, e->a, &f, e->pc);
    sim_logf(e->log, "%s reads %s", op->code == IR_OP_TTG_LOCAL_LOAD ? "local_load" : "tmem_load",
             sim_fp_str(m, &f, fp, sizeof fp));
    if (m->data && sim_data_load_view(m->data, e->a, op, &m->mscratch[in[0]], &derr)) return data_fail(e, &derr);
    return SIM_X_NEXT;
  case IR_OP_TTG_LOCAL_STORE: case IR_OP_TTNG_TMEM_STORE: {
    sim_view_fp(m, ex_in(e, 1), ins_rin(m, e->i, 1), &f);
    f.flags |= SIM_FP_WRITE;
    sim_uf_note(m, e->st, e->a, &f, e->pc);
    sim_logf(e->log, "%s writes %s", op->code == IR_OP_TTG_LOCAL_STORE ? "local_store" : "tmem_store",
             sim_fp_str(m, &f, fp, sizeof fp));
    if (m->data && sim_data_store_view(m->data, e->a, op, &m->mscratch[in[1]], true, &derr))
      return data_fail(e, &derr);
    return SIM_X_NEXT;
  }
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW: {
    /* atom.shared (relaxed, CTA scope; .cluster through a remote view) per element, by the
     * agent's threads: a generic-proxy read-modify-write of the view. The indices are data,
     * so the footprint is the whole view (an index outside it is undefined behaviour); two
     * atomic footprints do not conflict (sim_fp_conflict), any other access does */
    sim_view_fp(m, ex_in(e, 0), ins_rin(m, e->i, 0), &f);
    f.flags |= SIM_FP_WRITE | SIM_FP_ATOMIC;
    sim_uf_note(m, e->st, e->a, &f, e->pc);
    sim_logf(e->log, "local_atomic_scatter_rmw updates %s", sim_fp_str(m, &f, fp, sizeof fp));
    if (m->data && sim_data_scatter_rmw(m->data, e->a, op, &m->mscratch[in[0]], &derr)) return data_fail(e, &derr);
    return SIM_X_NEXT;
  }
  case IR_OP_TTG_REMOTE_SHMEM_STORE: {
    uint32_t rank = (uint32_t)ex_in(e, 1);
    sim_view_fp(m, ex_in(e, 2), ins_rin(m, e->i, 2), &f);
    f.cta = (uint8_t)rank;
    f.flags |= SIM_FP_WRITE;
    if (rank >= m->n_ctas || ((st_chdr(e->st)->exited >> rank) & 1)) {
      sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc,
                   "stores into the shared memory of CTA %u, which %s (§6.2)", rank,
                   rank >= m->n_ctas ? "is not in the cluster" : "has exited");
      e->log->halt = true;
      return SIM_X_HALT;
    }
    sim_logf(e->log, "remote store into %s", sim_fp_str(m, &f, fp, sizeof fp));
    if (m->data && sim_data_store_view(m->data, e->a, op, &m->mscratch[in[2]], true, &derr))
      return data_fail(e, &derr);
    return SIM_X_NEXT;
  }
  case IR_OP_TT_DESCRIPTOR_LOAD: case IR_OP_TT_DESCRIPTOR_STORE: case IR_OP_TT_DESCRIPTOR_REDUCE: {
    /* a synchronous access of a global box (the race checker sees it as the agent's next
     * access, vf_check.c); a store is part of the program's global write footprint; a
     * tt.descriptor_reduce is a store whose elements are atomic reductions (§2.2: the TMA
     * reduce it lowers to, waited for before the op returns) */
    bool store = op->code != IR_OP_TT_DESCRIPTOR_LOAD;
    sim_gbox b;
    if (desc_gbox(m, e->i, e->x, in, &b)) {
      if (store) sim_log_gwrite(e->log, &b, e->cta, e->pc);
      sim_logf(e->log, "%s %s %s", ir_ops[op->code].name, store ? "writes" : "reads",
               sim_gbox_str(m, &b, fp, sizeof fp));
    } else {
      sim_logf(e->log, "%s", ir_ops[op->code].name);
    }
    if (m->data) {
      uint64_t bits[64] = {0};
      for (uint32_t k = 0; k < e->i->n_in && k < 64; k++) bits[k] = ex_in(e, k);
      if (sim_data_desc_access(m->data, e->a, op, bits, &derr)) return data_fail(e, &derr);
    }
    return SIM_X_NEXT;
  }
  case IR_OP_TTNG_CLC_QUERY_CANCEL: case IR_OP_TTNG_CLC_LOAD_RESULT: return sim_clc_read(e);
  default: break;
  }
  sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc, "%s is not modelled", ir_ops[op->code].name);
  e->log->halt = true;
  e->log->bound = true;
  return SIM_X_HALT;
}

int sim_agent_access(const sim_machine *m, const void *st, uint32_t a, sim_fp *out) {
  if (m->amd_gfx) return sim_amd_access(m, st, a, out);
  const sim_agent *ag = st_cagent(m, st, a);
  if (ag->status != SIM_AG_RUN) return 0;
  const sim_ins *i = &m->code[ag->pc];
  if (i->code >= IR_OP__COUNT || !i->op) return 0;
  const ir_op *op = i->op;
  const uint64_t *env = st_cenv(m, st, a);
  const uint32_t *in = ins_in(m, i);
#define VAL(k) env_slot(m, env, i->region, in[k])
  int n = 0;
  switch (op->code) {
  case IR_OP_TTG_LOCAL_ALLOC: case IR_OP_TTNG_TMEM_ALLOC: /* with a value (visible only then) */
    if (!i->imm || !i->n_out) break;
    sim_view_fp(m, sim_view_make((uint32_t)i->imm, agent_cta(m, a), 0), ins_rout(m, i, 0), &out[n]);
    out[n++].flags |= SIM_FP_WRITE;
    break;
  case IR_OP_TTG_LOCAL_LOAD: case IR_OP_TTNG_TMEM_LOAD:
  case IR_OP_TTNG_CLC_QUERY_CANCEL: case IR_OP_TTNG_CLC_LOAD_RESULT: /* a CLC response (16 bytes) */
    sim_view_fp(m, VAL(0), ins_rin(m, i, 0), &out[n++]);
    break;
  case IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL: case IR_OP_TTNG_CLC_TRY_CANCEL: /* its response window opens */
    sim_view_fp(m, VAL(op->code == IR_OP_TTNG_CLC_TRY_CANCEL ? 0 : 1),
                ins_rin(m, i, op->code == IR_OP_TTNG_CLC_TRY_CANCEL ? 0 : 1), &out[n]);
    out[n++].flags |= SIM_FP_WRITE | SIM_FP_ASYNC;
    break;
  case IR_OP_TTG_LOCAL_STORE: case IR_OP_TTNG_TMEM_STORE:
    sim_view_fp(m, VAL(1), ins_rin(m, i, 1), &out[n]);
    out[n++].flags |= SIM_FP_WRITE;
    break;
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW:
    sim_view_fp(m, VAL(0), ins_rin(m, i, 0), &out[n]);
    out[n++].flags |= SIM_FP_WRITE | SIM_FP_ATOMIC;
    break;
  case IR_OP_TTG_REMOTE_SHMEM_STORE:
    sim_view_fp(m, VAL(2), ins_rin(m, i, 2), &out[n]);
    out[n].cta = (uint8_t)VAL(1);
    out[n++].flags |= SIM_FP_WRITE;
    break;
  case IR_OP_TT_DESCRIPTOR_LOAD: case IR_OP_TT_DESCRIPTOR_STORE: case IR_OP_TT_DESCRIPTOR_REDUCE: {
    uint64_t x[1 + SIM_GBOX_RANK];
    uint32_t idx[1 + SIM_GBOX_RANK];
    uint32_t nin = 1 + ins_seg_len(i, 1);
    if (nin > 1 + SIM_GBOX_RANK || nin > i->n_in) break;
    for (uint32_t k = 0; k < nin; k++) {
      x[k] = VAL(k);
      idx[k] = k;
    }
    sim_gbox b;
    if (desc_gbox(m, i, x, idx, &b)) out[n++] = sim_gbox_fp(&b, 0);
    break;
  }
  case IR_OP_TTNG_WARP_GROUP_DOT:
    if (i->af & SIM_AF_ASYNC) break;
    for (uint32_t k = 0; k < 2; k++)
      if (ins_tin(m, i, k)->kind == IR_T_MEMDESC) {
        sim_view_fp(m, VAL(k), ins_rin(m, i, k), &out[n]);
        out[n++].flags |= SIM_FP_ASYNC;
      }
    break;
  default: break;
  }
#undef VAL
  for (int k = 0; k < n; k++)
    if (!out[k].alloc) out[k--] = out[--n];
  return n;
}

int sim_event_access(const sim_machine *m, const void *st, uint32_t ev, sim_fp *out) {
  const sim_event *e = &st_cevents(m, st)[ev];
  for (uint32_t k = 0; k < e->n_fp; k++) out[k] = e->fp[k];
  return e->n_fp;
}
