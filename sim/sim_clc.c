/* sim_clc.c: cluster launch control (semantics.md §6.3): try_cancel as an async event whose
 * completion either cancels the next not-yet-launched cluster of a global work pool or fails
 * (both outcomes are explored), the 16-byte responses it writes, and the ops that read them. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim_internal.h"
#include "sim_size.h"

/* Response codes kept in the state (and carried by the i128 value of clc_load_result). */
enum {
  CLC_UNWRITTEN = 0,           /* no try_cancel wrote this slot */
  CLC_FAILED = 1,              /* the request failed (no cluster cancelled) */
  CLC_OK0 = 2,                 /* 2 + k: cluster k of the grid (in launch order) was cancelled */
};

enum { CLC_RESP_CAP = 16 };    /* response slots with a value, per state */

/* One response slot that a completion wrote: 16 bytes at `off` of allocation `alloc` in CTA
 * `cta`. */
typedef struct clc_resp {
  uint16_t alloc;
  uint8_t cta;
  uint8_t pad;
  uint32_t off;
  uint32_t code;               /* CLC_FAILED or CLC_OK0 + cluster index */
} clc_resp;

/* The CLC part of a state (at m->off_clc when the kernel uses CLC). */
typedef struct clc_state {
  uint16_t taken;              /* successful cancels handed out so far: the pool's position */
  uint16_t failseen;           /* bit per CTA: it read a failed response (§6.3: no try_cancel after) */
  uint16_t n_resp;             /* used entries of resp, sorted by (cta, alloc, off) */
  uint16_t pad;
  clc_resp resp[CLC_RESP_CAP];
} clc_state;

static clc_state *cst(const sim_machine *m, void *st) { return (clc_state *)((uint8_t *)st + m->off_clc); }
static const clc_state *ccst(const sim_machine *m, const void *st) {
  return (const clc_state *)((const uint8_t *)st + m->off_clc);
}

bool sim_clc_op(uint32_t code) {
  switch (code) {
  case IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL: case IR_OP_TTNG_CLC_TRY_CANCEL: case IR_OP_TTNG_CLC_QUERY_CANCEL:
  case IR_OP_TTNG_CLC_LOAD_RESULT: case IR_OP_TTNG_CLC_IS_CANCELED: case IR_OP_TTNG_CLC_GET_PROGRAM_ID:
    return true;
  default:
    return false;
  }
}

bool sim_machine_uses_clc(const sim_machine *m) { return m->uses_clc; }

size_t sim_clc_layout(sim_machine *m) {
  m->uses_clc = false;
  for (uint32_t pc = 0; pc < m->n_code; pc++)
    if (sim_clc_op(m->code[pc].code)) m->uses_clc = true;
  return m->uses_clc ? sizeof(clc_state) : 0;
}

/* ------------------------------------------------------------------ the work pool */

/* Clusters of the grid in launch order (the order of the sim driver's grid loop: x in steps
 * of the cluster size, then y, then z). */
static uint32_t clusters_x(const sim_machine *m) {
  return ((uint32_t)m->grid[0] + m->n_ctas - 1) / m->n_ctas;
}
static uint64_t n_clusters(const sim_machine *m) {
  return (uint64_t)clusters_x(m) * (uint32_t)m->grid[1] * (uint32_t)m->grid[2];
}
static uint64_t cluster_index(const sim_machine *m) {
  uint32_t cx = clusters_x(m);
  return (uint64_t)((uint32_t)m->pid[0] / m->n_ctas) +
         (uint64_t)cx * ((uint32_t)m->pid[1] + (uint64_t)(uint32_t)m->grid[1] * (uint32_t)m->pid[2]);
}
/* First ctaid (x, y, z) of cluster k. */
static void cluster_ctaid(const sim_machine *m, uint64_t k, int32_t out[3]) {
  uint32_t cx = clusters_x(m);
  out[0] = (int32_t)((k % cx) * m->n_ctas);
  out[1] = (int32_t)((k / cx) % (uint32_t)m->grid[1]);
  out[2] = (int32_t)(k / ((uint64_t)cx * (uint32_t)m->grid[1]));
}

/* The cluster a successful cancel would return now, or false when the pool is empty: the
 * clusters after the simulated one, in launch order, at most m->clc_max of them in verify
 * mode (semantics.md §6.3 MODEL; design: a bounded pool keeps the state space small). */
static bool pool_next(const sim_machine *m, const void *st, uint64_t *k) {
  const clc_state *c = ccst(m, st);
  if (m->clc_max >= 0 && c->taken >= (uint32_t)m->clc_max) return false;
  uint64_t next = cluster_index(m) + 1 + c->taken;
  if (next >= n_clusters(m) || CLC_OK0 + next > UINT32_MAX) return false;
  *k = next;
  return true;
}

uint32_t sim_clc_cancelled(const sim_machine *m, const void *st) {
  return m->uses_clc ? ccst(m, st)->taken : 0;
}

/* ------------------------------------------------------------------ response slots */

static int resp_cmp(const clc_resp *a, uint32_t cta, uint32_t alloc, uint32_t off) {
  if (a->cta != cta) return a->cta < cta ? -1 : 1;
  if (a->alloc != alloc) return a->alloc < alloc ? -1 : 1;
  if (a->off != off) return a->off < off ? -1 : 1;
  return 0;
}

static uint32_t resp_get(const sim_machine *m, const void *st, const sim_fp *f) {
  const clc_state *c = ccst(m, st);
  for (uint32_t k = 0; k < c->n_resp; k++)
    if (!resp_cmp(&c->resp[k], f->cta, f->alloc, f->off)) return c->resp[k].code;
  return CLC_UNWRITTEN;
}

/* Writes the code of a slot (kept sorted); false when the table is full. */
static bool resp_set(const sim_machine *m, void *st, const sim_fp *f, uint32_t code) {
  clc_state *c = cst(m, st);
  uint32_t k = 0;
  while (k < c->n_resp && resp_cmp(&c->resp[k], f->cta, f->alloc, f->off) < 0) k++;
  if (k < c->n_resp && !resp_cmp(&c->resp[k], f->cta, f->alloc, f->off)) {
    c->resp[k].code = code;
    return true;
  }
  if (c->n_resp >= CLC_RESP_CAP) return false;
  memmove(&c->resp[k + 1], &c->resp[k], (c->n_resp - k) * sizeof c->resp[0]);
  c->resp[k] = (clc_resp){.alloc = (uint16_t)f->alloc, .cta = f->cta, .off = f->off, .code = code};
  c->n_resp++;
  return true;
}

/* The response slot a memdesc operand names: 16 bytes from the view's offset. */
static void resp_fp(const sim_machine *m, uint64_t view, const sim_tref *v, sim_fp *f) {
  sim_view_fp(m, view, v, f);
  f->len = 16;
  f->rows = 1;
  f->pitch = 0;
}

/* ------------------------------------------------------------------ try_cancel */

/* Operand segments: async_clc_try_cancel is (barrier, result) and always multicast (its
 * lowering uses .multicast::cluster::all); clc_try_cancel is (result, barrier) with an
 * optional `multicast` flag. */
static void issue_operands(const sim_exec *e, int *seg_bar, int *seg_resp, bool *multicast) {
  const ir_op *op = e->i->op;
  bool async_form = op->code == IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL;
  *seg_bar = async_form ? 0 : 1;
  *seg_resp = async_form ? 1 : 0;
  *multicast = async_form || (e->i->af & SIM_AF_MULTICAST);
}

int sim_clc_issue(sim_exec *e) {
  sim_machine *m = e->m;
  int sb, sr;
  bool mc;
  issue_operands(e, &sb, &sr, &mc);
  clc_state *c = cst(m, e->st);
  if ((c->failseen >> e->cta) & 1) {
    /* §6.3: "UB: try_cancel after the CTA has observed a failure" */
    sim_viol_add(e->log, SIM_BUG_CLC_RETRY, (int)e->a, e->pc,
                 "try_cancel after CTA %u read a failed response: once a request fails no "
                 "cluster is left, and a new request is undefined behaviour (§6.3); leave the "
                 "loop when the response says no tile", e->cta);
    e->log->halt = true;
    return SIM_X_HALT;
  }
  int32_t bar = sim_ex_bar(e, sb, 0, NULL);
  if (bar < 0) return SIM_X_HALT;
  sim_fp f;
  resp_fp(m, ex_seg(e, sr, 0), ins_rseg(m, e->i, sr, 0), &f);
  f.flags |= SIM_FP_WRITE | SIM_FP_ASYNC;
  uint64_t next;
  bool can_succeed = pool_next(m, e->st, &next);
  uint32_t bl = (uint32_t)bar % m->n_bars;
  char fp[96], nm[64];
  sim_logf(e->log, "try_cancel%s: response %s, complete_tx(16) on %s%s", mc ? " (multicast)" : "",
           sim_fp_str(m, &f, fp, sizeof fp), sim_barrier_name(m, (uint32_t)bar, nm, sizeof nm),
           can_succeed ? "" : " (no cluster left: it fails)");
  for (uint32_t t = 0; t < m->n_ctas; t++) {
    /* multicast: the same response offset and barrier in every CTA of the cluster (§6.3);
     * otherwise the issuing CTA's own slot */
    if (!mc && t != f.cta) continue;
    if ((st_chdr(e->st)->exited >> t) & 1) {
      sim_viol_add(e->log, SIM_BUG_CLUSTER_EXIT, (int)e->a, e->pc, "multicast try_cancel into CTA %u, "
                   "which has exited (§6.3: undefined if any CTA of the cluster exited)", t);
      e->log->halt = true;
      return SIM_X_HALT;
    }
    uint32_t b = mc ? t * m->n_bars + bl : (uint32_t)bar;
    if (sim_check_bar_usable(m, e->st, b, e->pc, (int)e->a, e->log)) return SIM_X_HALT;
    st_mbar(m, e->st, b)->iss_bytes += 16;
    sim_fp ft = f;
    ft.cta = (uint8_t)t;
    sim_uf_check_async(m, e->st, e->a, &ft, e->pc, e->log);
    /* one event per outcome: completing one withdraws the other (sim_clc_complete) */
    for (int fail = can_succeed ? 0 : 1; fail <= 1; fail++) {
      sim_event ev = {.kind = SIM_EV_CLC, .agent = (uint8_t)e->a, .ins = e->pc, .bar = (uint16_t)b,
                      .bar2 = SIM_NOBAR, .bytes = 16, .n_fp = 1, .fp = {ft},
                      .flags = (uint8_t)(fail ? SIM_EVF_CLC_FAIL : 0)};
      if (!sim_ev_add(m, e->st, &ev, e->log)) return SIM_X_HALT;
    }
  }
  return SIM_X_NEXT;
}

/* The same request (issuer, instruction, response offset), any target CTA. */
static bool same_request(const sim_event *a, const sim_event *b) {
  return a->kind == SIM_EV_CLC && b->kind == SIM_EV_CLC && a->agent == b->agent && a->ins == b->ins &&
         a->fp[0].alloc == b->fp[0].alloc && a->fp[0].off == b->fp[0].off;
}

bool sim_clc_completable(const sim_machine *m, const void *st, uint32_t idx) {
  const sim_event *e = &st_cevents(m, st)[idx];
  if (e->flags & SIM_EVF_CLC_FAIL) return true;
  uint64_t k;
  /* a success still undecided needs a cluster in the pool (another request may have taken it) */
  return e->aux || pool_next(m, st, &k);
}

int sim_clc_complete(sim_machine *m, void *st, const sim_event *e, sim_log *log) {
  clc_state *c = cst(m, st);
  uint32_t code = e->aux;
  bool fail = e->flags & SIM_EVF_CLC_FAIL;
  if (!code) {
    /* the first completion of the request decides it for every CTA it targets */
    uint64_t k = 0;
    if (fail) {
      code = CLC_FAILED;
    } else {
      bool ok = pool_next(m, st, &k);
      assert(ok);
      (void)ok;
      code = (uint32_t)(CLC_OK0 + k);
      c->taken++;
    }
    sim_event *ev = st_events(m, st);
    for (uint32_t j = 0; j < st_chdr(st)->n_events;) {
      if (!same_request(&ev[j], e)) {
        j++;
        continue;
      }
      if (((ev[j].flags & SIM_EVF_CLC_FAIL) != 0) != fail) {
        sim_ev_remove(m, st, j);
        continue;
      }
      ev[j].aux = code;
      j++;
    }
  }
  if (!resp_set(m, st, &e->fp[0], code)) {
    sim_bound(log, m, NULL, "more than %d CLC response slots written", CLC_RESP_CAP);
    return -1;
  }
  if (log->detail) {
    char fp[96];
    sim_fp_str(m, &e->fp[0], fp, sizeof fp);
    if (code == CLC_FAILED) {
      sim_logf(log, "try_cancel completes: fails (response %s)", fp);
    } else {
      int32_t id[3];
      cluster_ctaid(m, code - CLC_OK0, id);
      sim_logf(log, "try_cancel completes: cancels the cluster of program (%d,%d,%d) (response %s)",
               id[0], id[1], id[2], fp);
    }
  }
  return sim_signal_tx(m, st, e->bar, 16, e->ins, log);
}

/* ------------------------------------------------------------------ reading a response */

/* True when an in-flight try_cancel writes slot f (a read then races with it: the race
 * checker reports that, not the unwritten value). */
static bool write_in_flight(const sim_machine *m, const void *st, const sim_fp *f) {
  const sim_event *ev = st_cevents(m, st);
  for (uint32_t k = 0; k < st_chdr(st)->n_events; k++)
    if (ev[k].kind == SIM_EV_CLC && ev[k].fp[0].cta == f->cta && ev[k].fp[0].alloc == f->alloc &&
        ev[k].fp[0].off == f->off)
      return true;
  return false;
}

static int query_failed(sim_exec *e, const char *fmt, const char *what) {
  sim_viol_add(e->log, SIM_BUG_CLC_QUERY, (int)e->a, e->pc, fmt, what);
  e->log->halt = true;
  return SIM_X_HALT;
}

/* clc_query_cancel (results x[, y, z]: the first ctaid of the cancelled cluster, -1 when the
 * request failed) and clc_load_result (the raw response: an i128, or two i64 halves). */
int sim_clc_read(sim_exec *e) {
  sim_machine *m = e->m;
  const ir_op *op = e->i->op;
  sim_fp f;
  resp_fp(m, ex_in(e, 0), ins_rin(m, e->i, 0), &f);
  sim_uf_note(m, e->st, e->a, &f, e->pc);
  uint32_t code = resp_get(m, e->st, &f);
  char fp[96];
  sim_fp_str(m, &f, fp, sizeof fp);
  if (code == CLC_UNWRITTEN && op->code == IR_OP_TTNG_CLC_QUERY_CANCEL && !write_in_flight(m, e->st, &f))
    return query_failed(e, "clc_query_cancel reads %s, which no try_cancel has written: wait on the "
                        "response's barrier after the try_cancel completes (§6.3)", fp);
  if (code == CLC_FAILED) cst(m, e->st)->failseen |= (uint16_t)(1u << e->cta);
  const uint32_t *out = ins_out(m, e->i);
  if (op->code == IR_OP_TTNG_CLC_QUERY_CANCEL) {
    int32_t id[3] = {-1, -1, -1};
    if (code >= CLC_OK0) cluster_ctaid(m, code - CLC_OK0, id);
    for (uint32_t k = 0; k < e->i->n_out && k < 3; k++)
      e->x[out[k]] = sim_trunc((uint64_t)(int64_t)id[k], ins_tout(m, e->i, k)->w);
    if (code >= CLC_OK0)
      sim_logf(e->log, "clc_query_cancel reads %s: ctaid (%d,%d,%d)", fp, id[0], id[1], id[2]);
    else
      sim_logf(e->log, "clc_query_cancel reads %s: %s", fp, code == CLC_FAILED ? "failed (-1)" : "not written yet");
  } else {
    /* the model's encoding of the 128-bit response: the code in the low word */
    for (uint32_t k = 0; k < e->i->n_out; k++) e->x[out[k]] = k == 0 ? code : 0;
    sim_logf(e->log, "clc_load_result reads %s", fp);
  }
  e->x[0] = 0;
  return SIM_X_NEXT;
}

/* clc_is_canceled / clc_get_program_id on a loaded response (pure ops). */
int sim_clc_decode(sim_exec *e) {
  sim_machine *m = e->m;
  uint32_t code = (uint32_t)ex_in(e, 0);
  uint32_t out = ins_out(m, e->i)[0];
  if (e->i->code == IR_OP_TTNG_CLC_IS_CANCELED) {
    if (code == CLC_UNWRITTEN)
      return query_failed(e, "%s decodes a response that no try_cancel has written (§6.3)",
                          "clc_is_canceled") == SIM_X_HALT ? -1 : 0;
    e->x[out] = code >= CLC_OK0;
    return 0;
  }
  if (code < CLC_OK0)
    return query_failed(e, code == CLC_FAILED
                               ? "%s on a failed response: get_first_ctaid is undefined unless "
                                 "is_canceled is true (§6.3); test clc_is_canceled first"
                               : "%s on a response that no try_cancel has written (§6.3)",
                        "clc_get_program_id") == SIM_X_HALT ? -1 : 0;
  int32_t id[3];
  cluster_ctaid(m, code - CLC_OK0, id);
  int axis = e->i->ai; /* dim: decode_attrs */
  int64_t v = id[axis];
  /* its lowering divides the x ctaid by the cluster size (a program is a cluster there) */
  if (axis == 0 && m->n_ctas > 1) v /= m->n_ctas;
  e->x[out] = sim_trunc((uint64_t)v, e->i->sc.w);
  return 0;
}

/* ------------------------------------------------------------------ static facts */

/* Global writes whose coordinates depend on a CLC response compute a cancelled program's
 * tile: the grid check (vf_grid.c) must not compare them with that program's own writes (it
 * never runs once cancelled, §6.3: no other response contains its id). They are marked like
 * writes computed from loaded data (coord_deps bit 63): left out of the comparison. */
void sim_clc_coord_deps(sim_machine *m) {
  sim_clc_layout(m); /* sets uses_clc (the analysis runs before the layout) */
  if (!m->uses_clc || !m->coord_deps) return;
  uint8_t **t = ir_xcalloc(m->n_regions, sizeof *t);
  for (uint32_t r = 0; r < m->n_regions; r++) t[r] = ir_xcalloc(m->regions[r].n_slots + 1, 1);
  for (bool ch = true; ch;) {
    ch = false;
    for (uint32_t pc = 0; pc < m->n_code; pc++) {
      const sim_ins *i = &m->code[pc];
      const uint32_t *in = ins_in(m, i), *out = ins_out(m, i);
      uint8_t *T = t[i->region];
      if (i->code == SIM_I_FORK) {
        const sim_ws *ws = &m->ws[i->imm];
        for (uint32_t p = 0; p < ws->n_parts; p++) {
          const sim_region *pr = &m->regions[ws->part_region[p]];
          for (uint32_t k = 0; k < ws->n_caps && k < pr->n_entry; k++)
            if (T[ws->cap_slots[k]] && pr->entry_slots[k] && !t[ws->part_region[p]][pr->entry_slots[k]]) {
              t[ws->part_region[p]][pr->entry_slots[k]] = 1;
              ch = true;
            }
        }
        continue;
      }
      if (i->code == SIM_I_COPY) {
        for (uint32_t k = 0; k < i->n_in && k < i->n_out; k++)
          if (T[in[k]] && out[k] && !T[out[k]]) {
            T[out[k]] = 1;
            ch = true;
          }
        continue;
      }
      bool src = i->code < IR_OP__COUNT && sim_clc_op(i->code);
      for (uint32_t k = 0; k < i->n_in && !src; k++) src = T[in[k]];
      if (!src) continue;
      for (uint32_t k = 0; k < i->n_out; k++)
        if (out[k] && !T[out[k]]) {
          T[out[k]] = 1;
          ch = true;
        }
    }
  }
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    const sim_ins *i = &m->code[pc];
    if ((i->code != IR_OP_TTNG_TMA_L2G && i->code != IR_OP_TTNG_TMA_REDUCE &&
         i->code != IR_OP_TT_DESCRIPTOR_STORE && i->code != IR_OP_TT_DESCRIPTOR_REDUCE) ||
        !i->op || i->n_seg < 2)
      continue;
    for (uint32_t k = ins_seg_at(i, 1); k < ins_seg_at(i, 2) && k < i->n_in; k++)
      if (t[i->region][ins_in(m, i)[k]]) m->coord_deps[pc] |= 1ull << 62;
  }
  for (uint32_t r = 0; r < m->n_regions; r++) free(t[r]);
  free(t);
}
