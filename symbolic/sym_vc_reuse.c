/* sym_vc_reuse.c: back-pressure (c), slot reuse ordered by async-MMA groups. A software-
 * pipelined loop (Triton's pipeliner for every Hopper matmul) issues an async wgmma on slot
 * i % S, waits with warp_group_dot_wait {pendings = P}, and then refills slot (i + S - 1) % S
 * (cp.async, TMA, local_store): no barrier orders the refill after the wgmma that read that
 * slot in an earlier iteration; only the group wait does. A wait with {pendings = P} returns
 * once all but the P most recent groups of the thread completed (semantics.md §2.2, §3), so
 * the read of the slot's previous use is complete at the refill iff a wait after it and
 * before the refill leaves at most P later groups in flight (sym_async_retired). The same
 * holds for a TMA store's read and async_tma_store_wait. */
#include <stdio.h>

#include "sym_internal.h"

static bool is_slot_write(const sym_event *e, int *ring, int64_t *mul, int64_t *off) {
  if (e->kind == SYM_EV_WRITE && e->has_seq && e->ring >= 0) {
    *ring = e->ring, *mul = e->mul, *off = e->off;
    return true;
  }
  if (e->kind == SYM_EV_TMA_LOAD && e->buf_has_seq && e->buf_ring >= 0) {
    *ring = e->buf_ring, *mul = e->buf_mul, *off = e->buf_off;
    return true;
  }
  return false;
}

/* The async read rd's kind and the group wait that retires it, for messages. */
static const char *read_kind(const sym_event *rd) {
  return rd->group == SYM_G_WGMMA ? "async wgmma" : "TMA store";
}
static const char *group_wait(const sym_event *rd) {
  return rd->group == SYM_G_WGMMA ? "warp_group_dot_wait" : "async_tma_store_wait";
}

/* A ttng.async_tma_store_token_wait in region r (and the regions nested in it) strictly between
 * program positions lo and hi (op ids are program order). */
static bool token_wait_in(const ir_region *r, uint32_t lo, uint32_t hi) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_TTNG_TMA_STORE_TOKEN_WAIT && op->id > lo && op->id < hi) return true;
      for (uint32_t k = 0; k < op->n_regions; k++)
        if (token_wait_in(op->regions[k], lo, hi)) return true;
    }
  return false;
}

/* A token wait between async read rd and write w: it retires the store its token names, which
 * the encoding does not follow (sym_build.c): the pair is unknown, not a race. */
static bool token_wait_between(const sym_event *rd, const sym_event *w) {
  const ir_op *fn = ir_op_ancestor(w->op, IR_OP_TT_FUNC);
  return fn && fn->n_regions && token_wait_in(fn->regions[0], rd->pos, w->pos);
}

/* Straight-line write w of a slot and its thread's earlier straight-line async reads of the
 * slot (ConSan's tma_store: two TMA stores from slots 0 and 1, then a store into slot 0 after
 * a wait {pendings = 1}): a group wait between them must retire the read. A model is a race
 * the explorer confirms; predicated reads or waits are unknown. */
static void straight_reuse(sym_ctx *c, vf_sym_condres *r, const sym_event *w, int ring) {
  char lb[256], rl[256];
  Z3_ast widx = w->kind == SYM_EV_TMA_LOAD ? w->buf_idx : w->idx;
  for (uint32_t ri = 0; ri < c->n_evs; ri++) {
    const sym_event *rd = &c->evs[ri];
    if (rd->kind != SYM_EV_ASYNC_READ || rd->group == SYM_G_TC05 || rd->ring != ring ||
        rd->part != w->part || rd->prefork != w->prefork || rd->postjoin != w->postjoin ||
        rd->loop >= 0 || rd->pos >= w->pos)
      continue;
    if (sym_disjoint_slots(c, rd, w, widx)) continue; /* another slot */
    r->n_checked++;
    bool unknown = false;
    if (sym_async_retired(c, w, rd, 0, &unknown)) continue;
    ir_loc_str(w->op->loc, lb, sizeof lb);
    if (unknown || token_wait_between(rd, w)) {
      sym_note_unknown(r, "write at %s: %s", lb,
                       unknown ? "predicated async reads or group waits"
                               : "a token wait between the TMA store and the write (not encoded)");
      continue;
    }
    Z3_ast phi = sym_and2(c, sym_and2(c, w->pred, rd->pred), sym_same_slot(c, widx, rd->idx));
    Z3_lbool st;
    vf_sym_violation *v = sym_violation(c, r, w->op, w->part, phi, -1, NULL,
                                        w->tainted || rd->tainted, NULL, 0, NULL, &st);
    if (!v) continue;
    sym_site(v, rd->op);
    ir_loc_str(rd->op->loc, rl, sizeof rl);
    v->message = sym_fmt("overwrites %s while the %s issued at %s may still be reading it: no "
                         "%s with small enough pendings retires it before the write "
                         "(semantics.md §2.2, §3)", c->rings[ring].name, read_kind(rd), rl,
                         group_wait(rd));
  }
}

/* A group wait {pendings = 0} of rd's kind in w's loop body (or straight-line code) before w
 * that fires whenever w does, with no instance of rd between it and w: it retires every
 * instance of rd issued before w (all but the 0 most recent groups), whatever their numbers. */
static bool full_wait_before(sym_ctx *c, const sym_event *w, const sym_event *rd) {
  for (uint32_t qi = 0; qi < c->n_evs; qi++) {
    const sym_event *q = &c->evs[qi];
    if (q->kind != SYM_EV_ASYNC_WAIT || q->group != rd->group || q->pendings != 0 ||
        q->part != w->part || q->loop != w->loop || q->prefork != w->prefork ||
        q->postjoin != w->postjoin || q->pos >= w->pos)
      continue;
    if (rd->loop == w->loop && rd->pos > q->pos && rd->pos < w->pos) continue;
    if (!Z3_is_eq_ast(c->z, q->pred, w->pred) &&
        sym_sat(c, sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred), sym_not(c, q->pred))) !=
            Z3_L_FALSE)
      continue;
    return true;
  }
  return false;
}

/* A write (or TMA load) of a buffer ring without a sequence number (unsupported: e.g. a
 * write under a condition whose first iteration depends on the arguments) while its thread
 * reads the ring asynchronously (a TMA store, an async wgmma): whether a group wait retires
 * the read first is not asked, so unknown unless a full group wait before the write retires
 * every earlier read (full_wait_before). Before session 22 skipped silently (a
 * tk_p_matmul_90 mutant without the epilogue's async_tma_store_wait had all seven proved). */
static void unnumbered_write(sym_ctx *c, vf_sym_condres *r, const sym_event *w) {
  int ring = w->kind == SYM_EV_WRITE ? w->ring : w->kind == SYM_EV_TMA_LOAD ? w->buf_ring : -1;
  if (ring < 0 || c->rings[ring].elsewhere) return;
  for (uint32_t ri = 0; ri < c->n_evs; ri++) {
    const sym_event *rd = &c->evs[ri];
    if (rd->kind != SYM_EV_ASYNC_READ || rd->group == SYM_G_TC05 || rd->ring != ring ||
        rd->part != w->part)
      continue;
    char lb[256], rl[256];
    r->n_checked++;
    if (full_wait_before(c, w, rd)) continue;
    sym_note_unknown(r, "write at %s of a slot the async read at %s reads: %s",
                     ir_loc_str(w->op->loc, lb, sizeof lb), ir_loc_str(rd->op->loc, rl, sizeof rl),
                     w->unsupported ? w->unsupported : "no sequence number");
    return;
  }
}

/* Write w (loop, ring `ring`) and its thread's async read rd of the slot in w's loop, whose
 * instance in iteration i + D reads the slot content w overwrites in iteration i: a group wait
 * between them must retire it (before: the read is issued first), else a race. */
static void check_reuse(sym_ctx *c, vf_sym_condres *r, const sym_event *w, const sym_event *rd,
                        int ring, int64_t D) {
  char lb[256], rl[256];
  bool before = D < 0 || (D == 0 && rd->pos < w->pos), unknown = false, rtaint = false;
  Z3_ast retired = NULL; /* a padded nest's: a term over the steps between (sym_pad_groups.c) */
  if (before && sym_pad_loop_of(c, w->loop)) {
    const char *why = NULL;
    retired = sym_pad_retired(c, w, rd, D, &rtaint, &why);
    if (!retired) {
      sym_note_unknown(r, "refill at %s: %s", ir_loc_str(w->op->loc, lb, sizeof lb), why);
      return;
    }
  } else if (before && sym_async_retired(c, w, rd, D, &unknown))
    return;
  if (unknown) {
    sym_note_unknown(r, "refill at %s: predicated async reads or group waits",
                     ir_loc_str(w->op->loc, lb, sizeof lb));
    return;
  }
  const sym_loop *L = &c->loops[w->loop];
  Z3_ast j = sym_add(c, L->it, sym_int(c, D));
  Z3_ast rd_at = retired ? sym_pad_fires_at(c, rd, D)
                         : sym_at(c, w->loop, sym_and2(c, L->range, rd->pred), j);
  Z3_ast phi = sym_and2(c, sym_and2(c, L->range, w->pred), rd_at);
  bool taint = w->tainted || rd->tainted || rtaint;
  if (retired) phi = sym_and2(c, phi, sym_not(c, retired));
  if (retired && !taint) phi = sym_pad_first_tile(c, w->loop, phi);
  /* split by tile crossing: the read in w's tile (v + D >= 0) or in an earlier one; each
   * case's ites over the crossings (sym_pad_fires_at) collapse, and two small proofs are
   * one (t07_persistent_90's refill ran out of the limit as one query) */
  if (retired && sym_pad_split_unsat(c, w->loop, phi, D)) return;
  Z3_ast extra[1] = {j};
  int64_t x[1];
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, w->op, w->part, phi, w->loop, L->it,
                                      taint, extra, 1, x, &st);
  if (!v) return;
  sym_site(v, rd->op);
  ir_loc_str(rd->op->loc, rl, sizeof rl);
  const char *what = read_kind(rd), *wait = group_wait(rd);
  v->message =
      before
          ? sym_fmt("overwrites %s in iteration %lld while the %s issued at %s in iteration "
                    "%lld may still be reading that slot: no %s with small enough pendings "
                    "retires it before the write (semantics.md §2.2, §3)",
                    c->rings[ring].name, (long long)v->iteration, what, rl, (long long)x[0],
                    wait)
          : sym_fmt("overwrites %s in iteration %lld before the %s at %s in iteration %lld "
                    "reads that slot's previous contents",
                    c->rings[ring].name, (long long)v->iteration, what, rl, (long long)x[0]);
}

void sym_vc_reuse(sym_ctx *c, vf_sym_condres *r) {
  char lb[256], rl[256];
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    int ring;
    int64_t mul, off;
    if (!is_slot_write(w, &ring, &mul, &off)) {
      unnumbered_write(c, r, w);
      continue;
    }
    if (w->loop < 0) {
      if (!c->rings[ring].elsewhere && !w->seqt) straight_reuse(c, r, w, ring);
      continue;
    }
    if (c->rings[ring].elsewhere) continue; /* sym_ring_fresh.c */
    sym_debug_what(c, "back-pressure (c) of ev %u", wi);
    int64_t n = c->rings[ring].n;
    for (uint32_t ri = 0; ri < c->n_evs; ri++) {
      const sym_event *rd = &c->evs[ri];
      /* tcgen05 operand reads: back-pressure (d), sym_vc_tc05.c */
      if (rd->kind != SYM_EV_ASYNC_READ || rd->group == SYM_G_TC05 || rd->ring != ring ||
          rd->part != w->part ||
          (ri && c->evs[ri - 1].op == rd->op && c->evs[ri - 1].ring == ring))
        continue; /* one check per op (an async wgmma's two operands may share a ring) */
      if (rd->loop != w->loop) {
        /* another loop, or a straight-line read before the write's loop (a prologue's TMA
         * store or wgmma): the group count between them is not followed; a straight-line read
         * after the loop is no earlier use */
        if (rd->loop >= 0 || rd->pos < w->pos) {
          r->n_checked++;
          sym_note_unknown(r, "refill at %s: the async read at %s is %s",
                           ir_loc_str(w->op->loc, lb, sizeof lb),
                           ir_loc_str(rd->op->loc, rl, sizeof rl),
                           rd->loop >= 0 ? "in another loop" : "before the loop");
        }
        continue;
      }
      r->n_checked++;
      if (!rd->has_seq || rd->mul != 1 || mul != 1 || rd->base || w->base) {
        sym_note_unknown(r, "refill at %s: slot sequences of different shapes",
                         ir_loc_str(w->op->loc, lb, sizeof lb));
        continue;
      }
      /* the previous use of the slot the write fills (seq - n) is read in iteration i + D */
      check_reuse(c, r, w, rd, ring, off - n - rd->off);
      /* the same round's async read issued before the write (a slot written twice in one
       * round: tutorial 09's epilogue stores both halves of the tile through one buffer, each
       * after an async_tma_store_wait; without the second wait all seven were proved) */
      int64_t D0 = off - rd->off;
      if (D0 < 0 || (D0 == 0 && rd->pos < w->pos)) {
        r->n_checked++;
        check_reuse(c, r, w, rd, ring, D0);
      }
    }
  }
}
