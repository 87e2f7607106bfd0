/* sym_ring.c: maps memdesc views back to (allocation, slot term) through warp_specialize
 * captures, reads barrier init counts, and gives each ring event its sequence number
 * seq = mul * it + off (slot = seq mod N, round = seq div N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"
#include "sim/sim.h" /* sim_op_loc */

/* The allocation a memdesc value is (through partition block arguments), or NULL. */
static const ir_op *trace_alloc(sym_ctx *c, const ir_value *v) {
  (void)c;
  const ir_op *a = ir_view_origin(v, IR_VIEW_CAPTURES, NULL, NULL);
  return a && (a->code == IR_OP_TTG_LOCAL_ALLOC || a->code == IR_OP_TTNG_TMEM_ALLOC) ? a : NULL;
}

static int ring_for(sym_ctx *c, const ir_op *alloc, bool indexed) {
  for (uint32_t r = 0; r < c->n_rings; r++)
    if (c->rings[r].alloc == alloc) return (int)r;
  c->rings = ir_xrealloc(c->rings, c->n_rings + 1, sizeof *c->rings);
  sym_ring *R = &c->rings[c->n_rings];
  memset(R, 0, sizeof *R);
  R->alloc = alloc;
  R->name = alloc->n_results && alloc->results[0]->name ? alloc->results[0]->name : "alloc";
  const ir_type *t = alloc->n_results ? alloc->results[0]->type : NULL;
  R->n = indexed && t && t->kind == IR_T_MEMDESC && t->rank >= 1 ? t->shape[0] : 1;
  if (R->n < 1) R->n = 1;
  R->count = ir_xcalloc((size_t)R->n, sizeof *R->count);
  return (int)c->n_rings++;
}

int sym_ring_of_view(sym_ctx *c, const ir_value *v, Z3_ast *idx, const ir_op **view) {
  *idx = NULL;
  *view = NULL;
  /* views inside one slot (transpose, reshape, reinterpret, static subslice) keep its index;
   * a partition argument is its capture in the parent region (ir_view.c), which may be such a
   * view again (ConSan's aliasing kernels capture a subslice: its reads made no event until
   * session 21's mutation audit) */
  v = ir_view_follow(v, IR_VIEW_SLOT | IR_VIEW_CAPTURES);
  if (!v) return -1;
  if (v->def && v->def->code == IR_OP_TTG_MEMDESC_INDEX && v->def->n_operands >= 2) {
    const ir_op *alloc = trace_alloc(c, v->def->operands[0]);
    if (!alloc) return -1;
    *idx = sym_eval(c, v->def->operands[1]);
    *view = v->def;
    return *idx ? ring_for(c, alloc, true) : -1;
  }
  const ir_op *alloc = trace_alloc(c, v);
  if (alloc) return ring_for(c, alloc, false);
  /* a view carried through loops' iter_args (sym_carried_view.c) */
  return sym_ring_of_carried_view(c, v, idx, view);
}

/* ------------------------------------------------------------------ init counts */

static void scan_inits(sym_ctx *c, const ir_region *r) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_TTNG_INIT_BARRIER || op->code == IR_OP_AMDG_INIT_BARRIER) {
        Z3_ast idx;
        const ir_op *view;
        int ring = sym_ring_of_view(c, ir_seg(op, IR_SEG_TTNG_INIT_BARRIER_ALLOC, NULL), &idx, &view);
        _Static_assert(IR_SEG_TTNG_INIT_BARRIER_ALLOC == IR_SEG_AMDG_INIT_BARRIER_ALLOC, "one segment");
        if (ring >= 0) {
          sym_ring *R = &c->rings[ring];
          R->is_barrier = true;
          int64_t cnt = ir_op_attr_int(op, "count", 0), k = 0;
          if (!idx) R->count[0] = cnt;
          else if (sym_numeral(c, idx, &k) && k >= 0 && k < R->n) R->count[k] = cnt;
          else /* a non-constant slot (an init loop): assume it covers every slot */
            for (int64_t s = 0; s < R->n; s++) R->count[s] = cnt;
        }
      }
      for (uint32_t k = 0; k < op->n_regions; k++) scan_inits(c, op->regions[k]);
    }
}

void sym_ring_counts(sym_ctx *c) {
  scan_inits(c, c->fn->op->regions[0]);
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->ring >= 0 && (e->kind == SYM_EV_WAIT || e->kind == SYM_EV_ARRIVE ||
                         e->kind == SYM_EV_EXPECT || e->kind == SYM_EV_TMA_LOAD))
      c->rings[e->ring].is_barrier = true;
  }
}

/* ------------------------------------------------------------------ sequence numbers */

const ir_value *sym_strip_casts(const ir_value *v) {
  while (v && v->def && v->def->n_operands == 1 &&
         (v->def->code == IR_OP_ARITH_INDEX_CAST || v->def->code == IR_OP_ARITH_INDEX_CASTUI ||
          v->def->code == IR_OP_ARITH_EXTSI || v->def->code == IR_OP_ARITH_EXTUI ||
          v->def->code == IR_OP_ARITH_TRUNCI))
    v = v->def->operands[0];
  return v;
}

/* The counter x of an index written "x % n" (or "x & (n-1)"); the index itself otherwise. */
const ir_value *sym_mod_argument(const ir_value *index, int64_t n) {
  const ir_value *v = sym_strip_casts(index);
  if (!v || !v->def || v->def->n_operands != 2) return index;
  ir_opcode k = v->def->code;
  int64_t m;
  if ((k == IR_OP_ARITH_REMSI || k == IR_OP_ARITH_REMUI) &&
      ir_value_const_int(v->def->operands[1], &m) && m == n)
    return v->def->operands[0];
  if (k == IR_OP_ARITH_ANDI && n > 0 && (n & (n - 1)) == 0 &&
      ir_value_const_int(v->def->operands[1], &m) && m == n - 1)
    return v->def->operands[0];
  return index;
}

static int64_t floordiv(int64_t a, int64_t n) { return (a - ((a % n) + n) % n) / n; }

/* A counter's sampled values must be far from int64's ends (shift * n stays exact); after the
 * normalisation seq's offset must be far from SYM_WIDE's (seq = mul * it + off cannot wrap). */
#define SEQ_LIMIT ((int64_t)1 << 60)
#define SEQ_OFF_MAX ((int64_t)1 << (SYM_WIDE - 4))

/* A straight-line event of the same partition, ring and kind before e's loop: a peeled
 * prologue, whose firings come first; then e's rounds follow the code's own counter. */
static bool has_prologue(sym_ctx *c, const sym_event *e) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->loop < 0 && !p->prefork && p->part == e->part && p->ring == e->ring &&
        p->kind == e->kind && p->pos < c->loops[e->loop].op->id)
      return true;
  }
  return false;
}

/* The peeled prologue of loop event e (has_prologue) as a sequence: the number P of its ops
 * when the j-th of them (program order) is on slot j mod n and all of them fire whenever e
 * does (a pipeliner's prologue is predicated on the trip count; proved), so that they are the
 * sequence numbers 0 .. P - 1 before e's first firing and the loop continues with P; -1
 * otherwise. Their predicates may depend on loaded data (a trip count over a keyed load): the
 * firing is proved for every value (until session 17 a tainted prologue op gave -1).
 * Stages: when that fails because a run of consecutive ops of the kind is on one slot (the A
 * and B tiles of a matmul stage, two TMA loads on its barrier), P counts the runs (stages)
 * instead: each op of a run is a straight-line op, round 0 of its slot, as the stage's single
 * op would be, and the loop's ops (one per loaded tile) each continue at the stage count. That
 * count is used (and its firing proved) only where it changes e's offset from v0, the index's
 * value in iteration 0, which infer_seq keeps otherwise: the queries (and the Z3 terms) of a
 * kernel whose rounds it does not change stay as they were (Z3's answers within its resource
 * limit depend on them: triton_t09_tma_persistent_90). */
static int64_t prologue_length(sym_ctx *c, const sym_event *e, int64_t n, int64_t v0) {
  int64_t P = 0, S = 0, k, last = -1;
  bool per_op = true;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->loop >= 0 || p->prefork || p->postjoin || p->part != e->part || p->ring != e->ring ||
        p->kind != e->kind || p->pos >= c->loops[e->loop].op->id)
      continue;
    if (p->idx ? !sym_numeral(c, p->idx, &k) : n != 1) return -1;
    if (!p->idx) k = 0;
    per_op &= k == P % n;
    P++;
    if (S > 0 && k == last) continue; /* the same stage */
    if (k != S % n) return -1;
    last = k;
    S++;
  }
  if (!per_op) {
    if (S == v0) return -1; /* the same offset as without a prologue count */
    P = S;
  }
  Z3_ast all = Z3_mk_true(c->z);
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->loop >= 0 || p->prefork || p->postjoin || p->part != e->part || p->ring != e->ring ||
        p->kind != e->kind || p->pos >= c->loops[e->loop].op->id)
      continue;
    all = sym_and2(c, all, p->pred);
  }
  if (P == 0 || sym_is_true(c, all)) return P;
  Z3_ast fires = sym_and2(c, c->loops[e->loop].range, e->pred);
  if (sym_sat(c, sym_and2(c, fires, sym_not(c, all))) == Z3_L_FALSE) return P;
  /* where the i32 trip count and the predicates on it wrap (a count of 2^31: the loop runs,
   * the prologue's `count > k` fails) the prologue does not fire: excluded by an assumption,
   * printed, when that is the only way (sym_nowrap.c) */
  Z3_ast nowrap = sym_nowrap(c, sym_and2(c, fires, all));
  if (sym_is_true(c, nowrap) ||
      sym_sat(c, sym_and2(c, sym_and2(c, fires, nowrap), sym_not(c, all))) != Z3_L_FALSE)
    return -1;
  char loc[200], text[400];
  ir_loc_str(sim_op_loc(c->m, c->loops[e->loop].op), loc, sizeof loc);
  snprintf(text, sizeof text, "the loop at %s and the predicates of its peeled prologue compute "
           "their bounds without overflowing (no argument makes its trip count wrap)", loc);
  sym_assume(c, nowrap, text);
  c->facts = sym_and2(c, c->facts, nowrap); /* also when another event of the loop printed it */
  return P;
}

/* The first iteration in which e fires, the same for every argument value (proved). */
static bool first_firing_solve(sym_ctx *c, const sym_event *e, int64_t *it0, const char **why);

static bool first_firing(sym_ctx *c, const sym_event *e, int64_t *it0, const char **why) {
  for (uint32_t k = 0; k < c->n_firsts; k++) {
    const struct sym_first *f = &c->firsts[k];
    if (f->loop == e->loop && Z3_is_eq_ast(c->z, f->pred, e->pred)) {
      *it0 = f->it0;
      if (!f->ok) *why = f->why;
      return f->ok;
    }
  }
  bool ok = first_firing_solve(c, e, it0, why);
  c->firsts = ir_xrealloc(c->firsts, c->n_firsts + 1, sizeof *c->firsts);
  c->firsts[c->n_firsts++] = (struct sym_first){e->loop, e->pred, *it0, ok, ok ? NULL : *why};
  return ok;
}

static bool first_firing_solve(sym_ctx *c, const sym_event *e, int64_t *it0, const char **why) {
  const sym_loop *L = &c->loops[e->loop];
  *it0 = 0;
  if (sym_is_true(c, e->pred)) return true;
  /* the common case first, one query: it fires in iteration 0 whenever the loop runs; in an
   * scf.while, whenever it fires at all (an op that fires for no iteration of some arguments
   * has no round to number there: a release in a CLC loop fires in every iteration but the
   * last, none when it runs once, sym_while.c; kept to while loops, whose trip count is free,
   * so that the queries of scf.for kernels stay as they were) */
  bool wl = L->op && L->op->code == IR_OP_SCF_WHILE;
  Z3_ast at0 = sym_int(c, 0);
  Z3_ast skip0 = sym_and2(c, sym_at(c, e->loop, L->range, at0),
                          sym_not(c, sym_at(c, e->loop, e->pred, at0)));
  /* (the while-only term is made only for while loops: Z3's answers at its resource limit
   * depend on the terms made before a query, and triton_t09_tma_persistent_90's arrival-balance
   * lost its proof when it was made for every loop) */
  Z3_ast fires = wl ? sym_and2(c, L->range, e->pred) : NULL;
  if (sym_sat(c, wl ? sym_and2(c, skip0, fires) : skip0) == Z3_L_FALSE) return true;
  /* an scf.for op that may skip iteration 0 only when it fires in no iteration at all (a
   * predicate over a loaded flag, the same in every iteration): asked only here, after the
   * common query failed, so that other kernels' terms stay as they were */
  if (!wl && sym_sat(c, sym_and2(c, skip0, sym_and2(c, L->range, e->pred))) == Z3_L_FALSE)
    return true;
  int64_t *args = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *args), trip;
  c->cex_iter_only = true; /* only the iteration is read */
  Z3_lbool r = sym_cex(c, sym_and2(c, L->range, e->pred), NULL, L->it, NULL, 0, args, &trip, it0,
                       NULL);
  c->cex_iter_only = false;
  free(args);
  if (r == Z3_L_FALSE) { /* never fires for any argument: contributes nothing */
    *it0 = -1;
    return true;
  }
  if (r != Z3_L_TRUE || *it0 < 0) {
    *why = "Z3 timed out on the op's first iteration";
    return false;
  }
  at0 = sym_int(c, *it0);
  Z3_ast earlier = sym_and2(c, sym_and2(c, L->range, e->pred), sym_slt(c, L->it, at0));
  Z3_ast skips = sym_and2(c, sym_at(c, e->loop, L->range, at0),
                          sym_not(c, sym_at(c, e->loop, e->pred, at0)));
  if (wl) skips = sym_and2(c, skips, sym_and2(c, fires, sym_slt(c, at0, L->it)));
  if (sym_sat(c, sym_or2(c, earlier, skips)) != Z3_L_FALSE) {
    *why = "the op's first iteration depends on the arguments";
    return false;
  }
  return true;
}

/* t at iteration j, assuming for a flattened loop that the inner loop runs at least j + 1
 * times (outer counter 0, inner j): only a guess of the index's shape, proved afterwards. */
static Z3_ast guess_at(sym_ctx *c, int l, Z3_ast t, int64_t j) {
  const sym_loop *L = &c->loops[l];
  if (L->flat_outer < 0) return sym_subst_counter(c, l, t, sym_int(c, j));
  const sym_loop *I = &c->loops[L->flat_inner];
  Z3_ast from[4] = {L->it, c->loops[L->flat_outer].it, I->it, I->nest_base};
  Z3_ast to[4] = {sym_int(c, j), sym_int(c, 0), sym_int(c, j), sym_int(c, 0)};
  return Z3_substitute(c->z, t, 4, from, to);
}

/* t with loop l's prefix predicates (sym_prefix.c) true: a counter advanced under one is
 * "q ? g(it) : F" (sym_induct.c, induct_guarded), whose iterations 0 and 1 then give the
 * template's values; only a guess of the index's shape, proved afterwards under the event's
 * predicate. */
static Z3_ast assume_prefixes(sym_ctx *c, int l, Z3_ast t) {
  Z3_ast tru = Z3_mk_true(c->z);
  for (uint32_t k = 0; k < c->n_prefixes; k++)
    if (c->prefixes[k].loop == l && c->prefixes[k].count)
      t = Z3_substitute(c->z, t, 1, &c->prefixes[k].q, &tru);
  return t;
}

Z3_ast sym_ring_guess(sym_ctx *c, int l, Z3_ast t, int64_t j) {
  return guess_at(c, l, assume_prefixes(c, l, t), j);
}

/* The value k of straight-line event e's index idx whenever e fires: a pipeliner's prologue op
 * predicated on the trip count (or under an scf.if) whose slot is a select on the same condition
 * (`N > 0 ? 1 : 0` under `N > 32`). One model of the predicate gives k, a second query proves
 * that idx is k wherever the predicate holds. 1: constant k; 0: not a constant (or Z3 ran out);
 * -1: the op never fires. */
static int slot_under_pred(sym_ctx *c, const sym_event *e, Z3_ast idx, int64_t *k) {
  int64_t *args = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *args), trip, it;
  c->cex_iter_only = true; /* one model, no minimisation: only idx is read */
  Z3_lbool r = sym_cex(c, e->pred, NULL, NULL, &idx, 1, args, &trip, &it, k);
  c->cex_iter_only = false;
  free(args);
  if (r == Z3_L_FALSE) return -1;
  if (r != Z3_L_TRUE) return 0;
  unsigned w = sym_width(c, idx);
  if (w < 64 && (*k < -((int64_t)1 << (w - 1)) || *k >= ((int64_t)1 << (w - 1)))) return 0;
  Z3_ast other = sym_not(c, sym_eq(c, idx, sym_bv(c, *k, w)));
  return sym_sat(c, sym_and2(c, e->pred, other)) == Z3_L_FALSE ? 1 : 0;
}

/* The allocation's slot (m * seq + r) mod (m * n) and round (m * seq + r) div (m * n) (= seq
 * div n) of sequence number seq on sub-ring R (sym_ring_split.c): the same linear term as a
 * rollover form's (sym_pad_roll.c), so that slot and phase proofs need no division reasoning. */
static Z3_ast alloc_seq(sym_ctx *c, const sym_ring *R, Z3_ast seq) {
  return sym_add(c, sym_mul(c, sym_int(c, R->split_m), seq), sym_int(c, R->split_r));
}

static Z3_ast alloc_slot(sym_ctx *c, const sym_ring *R, Z3_ast seq) {
  return sym_fmod(c, alloc_seq(c, R, seq), R->split_m * R->n);
}

/* Finds seq = mul * it + off with slot == seq mod n, seq >= 0 whenever the event fires, and
 * the first firing in round 0 (unless a prologue fired first); proves it with Z3. Returns
 * false with *why set when the index has another shape. A straight-line op's index that is a
 * constant only under its predicate is replaced by that constant (*idxp). */
static bool infer_seq(sym_ctx *c, sym_event *e, Z3_ast *idxp, const ir_op *view, int64_t n,
                      int64_t *mul, int64_t *off, Z3_ast *seqx, int64_t *shift, const char **why) {
  int64_t k;
  bool multi = false; /* a padded op's wrapped counter advancing several slots per step */
  Z3_ast idx = *idxp;
  /* on a sub-ring (sym_ring_split.c): the allocation's slot term */
  bool is_buf = idxp == &e->buf_idx;
  const sym_ring *SR = &c->rings[is_buf ? e->buf_ring : e->ring];
  Z3_ast alloc = SR->split_m ? (is_buf ? e->buf_idx_alloc : e->idx_alloc) : NULL;
  *seqx = NULL;
  *shift = 0;
  if (e->loop < 0) { /* straight-line: fires once, on its constant slot, in round 0 */
    if (idx && !sym_numeral(c, idx, &k) && !sym_is_true(c, e->pred)) {
      int s = slot_under_pred(c, e, idx, &k);
      if (s < 0) { /* dead: keep the event, it never fires */
        e->pred = Z3_mk_false(c->z);
        k = 0;
      }
      if (s != 0) *idxp = idx = sym_bv(c, k, sym_width(c, idx));
    }
    if (idx && !(sym_numeral(c, idx, &k) && k >= 0 && k < n)) {
      *why = "slot of a straight-line op is not a constant in range (whenever it runs)";
      return false;
    }
    if (!idx && n != 1) { *why = "ring used without an index"; return false; }
    *mul = 0;
    *off = idx ? k : 0;
    return true;
  }
  const sym_loop *L = &c->loops[e->loop];
  if (!idx) {
    if (n != 1) { *why = "ring used without an index"; return false; }
    *mul = 1;
    *off = 0;
  } else if (sym_numeral(c, idx, &k)) { /* the same slot every iteration */
    if (k < 0 || k >= n) { *why = "constant slot out of range"; return false; }
    *mul = n;
    *off = k;
  } else {
    /* on a sub-ring (sym_ring_split.c) the view's index names the allocation's slot: the
     * sub-slot term is taken as the counter */
    const ir_value *xv = view && !alloc ? sym_mod_argument(view->operands[1], n) : NULL;
    Z3_ast x = xv ? sym_pad_term(c, e, sym_eval(c, xv)) : idx; /* over a padded loop */
    if (!x) { *why = "ring index not modelled"; return false; }
    /* in the counter's own width (an i64 counter is not truncated to the 40-bit sequence
     * numbers: docs/symbolic.md §1, "Sequence numbers") */
    Z3_ast xw = sym_resize(c, x, sym_int_width(c, x), true);
    int64_t v0, v1;
    Z3_ast xg = assume_prefixes(c, e->loop, xw);
    if (sym_width(c, xw) > 64 || !sym_numeral(c, guess_at(c, e->loop, xg, 0), &v0) ||
        !sym_numeral(c, guess_at(c, e->loop, xg, 1), &v1)) {
      *why = "ring index depends on more than the loop counter";
      return false;
    }
    if (v0 < -SEQ_LIMIT || v0 > SEQ_LIMIT || v1 < -SEQ_LIMIT || v1 > SEQ_LIMIT) {
      *why = "ring counter too large for the encoding's sequence numbers";
      return false;
    }
    /* without "x % n" the index itself is taken as a counter wrapping in [0, n) */
    bool wrapped = !view || alloc || xv == view->operands[1];
    if (idxp == &e->idx) e->off_mod_n = wrapped;
    /* a wrapped counter's step: its value at step 1 less at step 0, mod n */
    int64_t step = ((v1 - v0) % n + n) % n;
    *mul = wrapped ? 1 : v1 - v0;
    *off = v0;
    /* a padded op of a ring used s > 1 slots per padded step that sym_ring_split.c could not
     * split (s and n coprime: the FA kernels' three-slot kv ring, K then V, s = 2): seq =
     * s * itF + off. Only the slot is proved below (idx = seq mod n, for every s of that
     * residue); that the group's numbers are its firings' rounds, 0, 1, 2, ... in program
     * order, is sym_pad_check's proof (a wrong s leaves gaps: unknown) */
    if (wrapped && step > 1 && e->pad_pos != SYM_PAD_NONE && !alloc && idx)
      *mul = step, multi = true;
    /* any other wrapped counter that the guess shows advancing by another step is refused
     * without the proof below, whose query would be satisfiable (and costly: sym_fmod of a
     * rollover form) */
    else if (*mul != 1 || (wrapped && step != 1 % n)) {
      *why = "ring index does not advance one slot per iteration";
      return false;
    }
    if (!wrapped) *seqx = x;
    /* a counter kept in [0, n) names the slot only: after a peeled prologue of P uses the
     * loop's uses continue the sequence at P (the k-th use of a slot is its round k) */
    int64_t P = wrapped && has_prologue(c, e) ? prologue_length(c, e, n, v0) : -1;
    if (P > 0 && v0 >= 0 && v0 < n && ((v0 - P) % n + n) % n == 0) *off = P;
  }
  /* the k-th firing on a slot is its round k (in a padded nest, the ops of its kind together:
   * sym_pad_check) */
  if (!has_prologue(c, e) && e->pad_pos == SYM_PAD_NONE) {
    int64_t it0;
    if (!first_firing(c, e, &it0, why)) return false;
    if (it0 < 0) { /* dead: keep the event, it fires for no iteration */
      e->pred = Z3_mk_false(c->z);
      *seqx = NULL;
      return true;
    }
    int64_t r0 = floordiv(*mul * it0 + *off, n);
    *off -= r0 * n;
    *shift = r0;
  }
  /* seq = mul * it + off is a SYM_WIDE-bit term: its offset must leave room for the counter
   * (a counter started near 2^40 keeps its full value in seqx; its offset is normalised above) */
  if (*off < -SEQ_OFF_MAX || *off > SEQ_OFF_MAX) {
    *why = "ring counter too large for the encoding's sequence numbers";
    return false;
  }
  Z3_ast seq = sym_add(c, sym_mul(c, sym_int(c, *mul), L->it), sym_int(c, *off));
  Z3_ast bad = sym_slt(c, seq, sym_int(c, 0));
  /* "x % n" (remsi / remui / andi with n - 1) of x >= 0 is x mod n by construction; a
   * wrapped counter must be shown to equal seq mod n */
  if (*seqx)
    bad = sym_or2(c, bad, sym_not(c, sym_eq_int(c, *seqx, seq, *shift * n)));
  else if (alloc && *mul == 1) /* the allocation's slot: the rollover forms' linear term */
    bad = sym_or2(c, bad, sym_not(c, sym_eq_int(c, alloc, alloc_slot(c, SR, seq), 0)));
  else if (idx && (*mul == 1 || multi))
    bad = sym_or2(c, bad, sym_not(c, sym_eq_int(c, idx, sym_fmod(c, seq, n), 0)));
  Z3_lbool r = sym_sat(c, sym_and2(c, sym_and2(c, L->range, e->pred), bad));
  if (r == Z3_L_FALSE) return true;
  if (*seqx && idx) { /* "x % n" of an x that is not the counter itself ((i % n + 2) % n): the
                       * index may still be seq mod n */
    *seqx = NULL;
    bad = sym_or2(c, sym_slt(c, seq, sym_int(c, 0)),
                  sym_not(c, sym_eq_int(c, idx, sym_fmod(c, seq, n), 0)));
    r = sym_sat(c, sym_and2(c, sym_and2(c, L->range, e->pred), bad));
    if (r == Z3_L_FALSE) return true;
  }
  *why = r == Z3_L_TRUE ? "ring index is not (i + c) mod N on every iteration"
                        : "Z3 timed out on the ring index";
  return false;
}

/* A straight-line op after its partition's loop on a ring that loops use: its round depends
 * on the trip count, which the encoding does not follow. */
static bool after_loop(sym_ctx *c, const sym_event *e) {
  if (e->postjoin) { /* after the join: its round counts every partition's arrivals on the
                      * slot, which rounds from program order do not place yet */
    for (uint32_t i = 0; i < c->n_evs; i++)
      if (c->evs[i].ring == e->ring && !c->evs[i].prefork && !c->evs[i].postjoin) return true;
    return false;
  }
  int l = c->parts[e->part].main_loop;
  if (e->loop >= 0 || l < 0 || e->pos < c->loops[l].op->id) return false;
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (c->evs[i].ring == e->ring && c->evs[i].loop >= 0) return true;
  return false;
}

static bool arrival_kind(sym_evkind k) { return k == SYM_EV_ARRIVE || k == SYM_EV_EXPECT; }

/* The latest straight-line expect before straight-line event i, of the same thread (partition,
 * before the fork or not) on the same slot, once placed; NULL when there is none. A partition's
 * load with no expect of its own thread on the slot, on a slot whose only expects are the
 * parent's before the fork, completes bytes of the round the parent's latest expect there set
 * up: that round stays open for the bytes (the expect's arrival counts, its transaction count
 * does not; semantics.md §1.2), so it is not one of the h rounds the parent's arrivals complete
 * (lit TLX/propagate-layout.mlir @ws_tma: the parent expects, the default partition loads; the
 * load was placed in round 1 and byte-balance "violated" there, a round no schedule has). */
static const sym_event *latest_expect(sym_ctx *c, uint32_t i) {
  const sym_event *e = &c->evs[i];
  int64_t n = c->rings[e->ring].n;
  for (uint32_t j = i; j-- > 0;) {
    const sym_event *p = &c->evs[j];
    if (p->kind == SYM_EV_EXPECT && p->loop < 0 && p->ring == e->ring && p->part == e->part &&
        p->prefork == e->prefork && p->postjoin == e->postjoin && p->has_seq && !p->unsupported &&
        ((p->off % n) + n) % n == e->off)
      return p;
  }
  if (e->prefork || e->postjoin) return NULL;
  const sym_event *parent = NULL;
  for (uint32_t j = 0; j < c->n_evs; j++) {
    const sym_event *p = &c->evs[j];
    if (p->kind != SYM_EV_EXPECT || p->ring != e->ring || ((p->off % n) + n) % n != e->off)
      continue;
    if (!p->prefork || p->loop >= 0 || !p->has_seq || p->unsupported) return NULL;
    parent = p; /* the latest in program order: events are in program order */
  }
  return parent;
}

/* Rounds from program order (§1.4; the explorer's rule is sim_internal.h, SIM_INTENT_NONE).
 * The parent runs alone before the fork, so its arrivals on a slot fill the rounds in order
 * (their weights over the init count), and its wait there is in the round its arrivals have
 * reached. A partition starts knowing the h rounds those arrivals completed: its k-th
 * straight-line event of a kind on a slot is in round h + k, its loops' first firing in
 * round h. A wait's round then fixes the phase its parity means (lag: round or round - 1),
 * as the explorer's first wait means phase h - 1 or h. */
static void place_rounds(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (e->ring < 0 || !e->has_seq || e->unsupported || e->kind == SYM_EV_ASYNC_WAIT) continue;
    const sym_ring *R = &c->rings[e->ring];
    int64_t n = R->n, h = -1;
    if (!R->is_barrier || !R->count) continue;
    /* h of the slots this event may use: one value, or the event is not placed */
    int64_t s0 = e->loop >= 0 && e->mul != n ? 0 : ((e->off % n) + n) % n;
    int64_t s1 = e->loop >= 0 && e->mul != n ? n : s0 + 1;
    for (int64_t s = s0; s < s1; s++) {
      int64_t w = 0;
      for (uint32_t j = 0; j < c->n_evs; j++) {
        const sym_event *p = &c->evs[j];
        if (p->prefork && p->ring == e->ring && arrival_kind(p->kind) && p->has_seq &&
            (e->prefork ? j < i : true) && ((p->off % n) + n) % n == s)
          w += p->weight;
      }
      int64_t hs = R->count[s] > 0 ? w / R->count[s] : 0;
      if (h >= 0 && hs != h) {
        e->unsupported = "the parent's arrivals before the fork complete different rounds on "
                         "the ring's slots";
        break;
      }
      h = hs;
    }
    if (e->unsupported || h < 0) continue;
    if (e->loop >= 0) { /* the first firing is in round h: x = seq + shift * n still holds */
      e->off += h * n;
      e->seqx_shift -= h;
      continue;
    }
    /* a TMA load completes bytes of the phase its thread's latest expect on the slot set up
     * (semantics.md §1.8): that expect's round, not the k-th load's */
    const sym_event *x = e->kind == SYM_EV_TMA_LOAD ? latest_expect(c, i) : NULL;
    if (x) {
      e->off = x->off;
      continue;
    }
    int64_t k = 0;
    if (!e->prefork || !(arrival_kind(e->kind) || e->kind == SYM_EV_WAIT))
      for (uint32_t j = 0; j < i; j++) {
        const sym_event *p = &c->evs[j];
        if (p->loop >= 0 || p->prefork != e->prefork || (!e->prefork && p->part != e->part) ||
            p->ring != e->ring || p->kind != e->kind || !p->has_seq || p->off % n != e->off)
          continue;
        /* an arrival of weight 0 (a cp.async.mbarrier.arrive raising the pending count) joins
         * the round in progress and completes none */
        if (arrival_kind(p->kind) && p->weight == 0) continue;
        /* a predicated earlier op counts when it fires whenever e does (a pipeliner's prologue:
         * `k > 0` before `k > 1`; proved), else e's round depends on the predicate */
        if (!sym_is_true(c, p->pred) &&
            sym_sat(c, sym_and2(c, e->pred, sym_not(c, p->pred))) != Z3_L_FALSE) {
          e->unsupported = "an earlier op of its kind on the slot is predicated (its round "
                           "depends on the predicate)";
          break;
        }
        k++;
      }
    if (!e->prefork) k += h;
    else if (arrival_kind(e->kind) || e->kind == SYM_EV_WAIT) k = h;
    e->off += k * n;
  }
}

/* Why-strings of infer_seq when Z3 ran out of its limit. */
static bool timed_out(const char *why) {
  return why && !strncmp(why, "Z3 timed out", 12);
}

void sym_ring_seq(sym_ctx *c) {
  /* once a sequence proof ran out of its limit, its ring is irregular and the kernel is not
   * proved: the later ones get rlimit / 4, then / 16 (a hard persistent kernel no longer spends
   * the full limit on each of its events; an event left without a sequence number is unknown) */
  uint64_t full = c->rlimit;
  unsigned undef = 0;
  sym_fresh_mark(c); /* rings allocated in a loop body, per iteration (sym_ring_fresh.c) */
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    sym_debug_what(c, "seq of ev %u", i);
    c->rlimit = full >> (2 * (undef < 2 ? undef : 2));
    if (e->ring < 0 || e->unsupported || e->kind == SYM_EV_ASYNC_WAIT) continue;
    const char *why = NULL;
    /* a barrier allocated in a loop body: a fresh barrier, phase 0, in every iteration
     * (semantics.md §1.2, init), numbered per iteration by sym_ring_fresh.c; until session
     * 13 its rounds were numbered across iterations (tk_p_matmul_100_mxf8_mxf4_ragged_p's
     * per-tile MMA barrier got a phase-agreement "violation" no schedule has) */
    const char *fresh = sym_fresh_why(c, &c->rings[e->ring]);
    if (fresh) {
      e->unsupported = fresh;
      continue;
    }
    if (after_loop(c, e)) {
      if (e->postjoin)
        e->join_round = true; /* placed by sym_place_join, once the partitions' events are */
      else
        e->post_loop = true; /* placed by sym_place_after, once the loop events are */
    } else if (sym_sibling_defer(c, e)) {
      continue; /* continues an earlier sibling loop: placed by sym_place_siblings */
    } else {
      e->has_seq = infer_seq(c, e, &e->idx, e->view, c->rings[e->ring].n, &e->mul, &e->off,
                             &e->seqx, &e->seqx_shift, &why);
      if (!e->has_seq) e->unsupported = why;
      undef += timed_out(why);
    }
    Z3_ast bx;
    int64_t bs;
    if (e->kind == SYM_EV_TMA_LOAD && e->buf_ring >= 0 && e->has_seq)
      e->buf_has_seq = infer_seq(c, e, &e->buf_idx, e->buf_view, c->rings[e->buf_ring].n,
                                 &e->buf_mul, &e->buf_off, &bx, &bs, &why);
  }
  c->rlimit = full;
  sym_pad_check(c);
  sym_place_siblings(c);
  place_rounds(c);
  sym_place_after(c);
  sym_place_join(c);
  /* an arrival nobody can place: any ring's. One on a carried view traced to its ring but to
   * no slot (sym_carried_view_ring) leaves every barrier ring irregular too: only its own ring
   * would need to be, but then the other rings' back-pressure and progress graphs (which
   * cannot route through the unnumbered arrivals) cost the FA kernels a thousand queries and
   * minutes of Z3 for an unknown verdict anyway (docs/symbolic.md §5) */
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    bool carried = e->ring >= 0 && e->unsupported == sym_carried_slot_why;
    if ((e->ring >= 0 && !carried) || (e->kind != SYM_EV_ARRIVE && e->kind != SYM_EV_EXPECT &&
                                       e->kind != SYM_EV_TMA_LOAD))
      continue;
    const char *why = carried ? "an arrive on a view carried through loop iter_args from "
                                "slots its ring's counter does not fix (not numbered)"
                              : "an arrive on a barrier view not traced to an allocation";
    for (uint32_t r = 0; r < c->n_rings; r++)
      if (c->rings[r].is_barrier && !c->rings[r].irregular) {
        c->rings[r].irregular = true;
        c->rings[r].why = why;
      }
  }
  for (uint32_t i = 0; i < c->n_evs; i++) { /* an irregular event makes its ring irregular */
    sym_event *e = &c->evs[i];
    if (e->ring >= 0 && e->unsupported && e->kind != SYM_EV_ASYNC_WAIT && !sym_is_access(e->kind)) {
      sym_ring *R = &c->rings[e->ring];
      if (!R->irregular) { R->irregular = true; R->why = e->unsupported; }
    }
  }
}

Z3_ast sym_seq_term(sym_ctx *c, const sym_event *e) {
  if (e->seqt) return e->seqt;
  if (e->loop < 0) return sym_int(c, e->off);
  Z3_ast s = sym_add(c, sym_mul(c, sym_int(c, e->mul), c->loops[e->loop].it), sym_int(c, e->off));
  return e->base ? sym_add(c, e->base, s) : s;
}

Z3_ast sym_ev_range(sym_ctx *c, const sym_event *e) {
  return e->loop >= 0 ? c->loops[e->loop].range : Z3_mk_true(c->z);
}

Z3_ast sym_ev_it(sym_ctx *c, const sym_event *e) {
  return e->loop >= 0 ? c->loops[e->loop].it : NULL;
}

Z3_ast sym_round_term(sym_ctx *c, const sym_event *e, unsigned width) {
  int64_t n = c->rings[e->ring].n;
  /* the IR's own counter x (x = seq + shift * n >= 0 when the event fires: truncating division
   * is floor division), so a kernel that computes the round the same way gives identical terms */
  if (e->seqx && (e->seqt || (e->loop >= 0 && n != 1 && e->mul != n))) {
    unsigned w = sym_width(c, e->seqx);
    Z3_ast r = Z3_mk_bvsdiv(c->z, e->seqx, sym_bv(c, n, w));
    if (e->seqx_shift) r = sym_sub(c, r, sym_bv(c, e->seqx_shift, w));
    return sym_resize(c, r, width, true);
  }
  if (c->rings[e->ring].split_m) /* a sub-ring: the allocation's round term (= seq div n) */
    return sym_resize(c, sym_fdiv(c, alloc_seq(c, &c->rings[e->ring], sym_seq_term(c, e)),
                                  c->rings[e->ring].split_m * n),
                      width, true);
  if (e->seqt) return sym_resize(c, sym_fdiv(c, e->seqt, n), width, true);
  if (e->base) return sym_resize(c, sym_fdiv(c, sym_seq_term(c, e), n), width, true);
  if (e->loop < 0) return sym_bv(c, floordiv(e->off, n), width);
  Z3_ast it = c->loops[e->loop].it;
  if (n == 1) return sym_resize(c, sym_seq_term(c, e), width, true);
  if (e->mul == n) /* constant slot: one round per iteration */
    return sym_resize(c, sym_add(c, it, sym_int(c, floordiv(e->off, n))), width, true);
  if (sym_multi_step(c, e)) {
    /* several slots per padded step (infer_seq): (mul it + off) div n as
     * (mul it + off mod n) div n + off div n, exact for floor division; the rollover forms'
     * phases divide mul it + a, a in [0, n) (sym_pad_roll.c), so a wait's phase and its round
     * share the division term */
    int64_t q = floordiv(e->off, n);
    Z3_ast lin = sym_add(c, sym_mul(c, sym_int(c, e->mul), it), sym_int(c, e->off - q * n));
    return sym_resize(c, sym_add(c, sym_fdiv(c, lin, n), sym_int(c, q)), width, true);
  }
  return sym_resize(c, sym_fdiv(c, sym_seq_term(c, e), n), width, true);
}

bool sym_multi_step(const sym_ctx *c, const sym_event *e) {
  return e->loop >= 0 && e->ring >= 0 && e->pad_pos != SYM_PAD_NONE && e->mul > 1 &&
         e->mul != c->rings[e->ring].n;
}

/* log2 of e's multiplier when e is numbered several slots per padded step by a power of two
 * of them, else -1: its iteration for a sequence number is then a shift and "a multiple of
 * mul" its low bits (sym_iter_of_seq, sym_fires), which Z3 decides without a divider circuit */
static int multi_shift(const sym_ctx *c, const sym_event *e) {
  if (!sym_multi_step(c, e) || (e->mul & (e->mul - 1)) != 0) return -1;
  int k = 0;
  while ((INT64_C(1) << k) < e->mul) k++;
  return k;
}

Z3_ast sym_iter_of_seq(sym_ctx *c, const sym_event *e, Z3_ast n) {
  if (e->loop < 0) return sym_int(c, 0);
  if (e->base) n = sym_sub(c, n, e->base);
  Z3_ast d = sym_sub(c, n, sym_int(c, e->off));
  /* a shift is floor division, the same as the truncating one wherever the iteration is used
   * (d >= 0, a multiple of mul: sym_fires) */
  int k = multi_shift(c, e);
  if (k >= 0) return Z3_mk_bvashr(c->z, d, sym_int(c, k));
  return Z3_mk_bvsdiv(c->z, d, sym_int(c, e->mul));
}

Z3_ast sym_fires(sym_ctx *c, const sym_event *e, Z3_ast n) {
  if (e->loop < 0) return sym_and2(c, sym_eq(c, n, sym_seq_term(c, e)), e->pred);
  const sym_loop *L = &c->loops[e->loop];
  Z3_ast d = sym_sub(c, e->base ? sym_sub(c, n, e->base) : n, sym_int(c, e->off));
  Z3_ast j = sym_iter_of_seq(c, e, n);
  Z3_ast ok = sym_sle(c, sym_int(c, 0), d);
  if (multi_shift(c, e) >= 0) /* d a multiple of mul: its low bits */
    ok = sym_and2(c, ok, sym_eq(c, Z3_mk_bvand(c->z, d, sym_int(c, e->mul - 1)), sym_int(c, 0)));
  else if (e->mul != 1)
    ok = sym_and2(c, ok, sym_eq(c, Z3_mk_bvsmod(c->z, d, sym_int(c, e->mul)), sym_int(c, 0)));
  Z3_ast at = sym_and2(c, L->range, e->pred);
  Z3_ast fires = sym_and2(c, ok, sym_at(c, e->loop, at, j));
  return e->pad_pos != SYM_PAD_NONE ? sym_pad_fires(c, e, n, fires) : fires;
}

Z3_ast sym_subst_counter(sym_ctx *c, int l, Z3_ast t, Z3_ast j) {
  const sym_loop *L = &c->loops[l];
  Z3_ast from[8], to[8];
  unsigned n = 0;
  from[n] = L->it;
  to[n++] = j;
  /* the bases TB (t * T2) of the nests whose outer loop is l, at t = j: the product itself
   * (TF at j = T1) */
  for (uint32_t k = 0; k < c->n_loops && n < 8; k++)
    if (c->loops[k].parent == l && c->loops[k].nest_base) {
      from[n] = c->loops[k].nest_base;
      to[n++] = Z3_is_eq_ast(c->z, j, L->trip) ? c->loops[k].nest_trip
                                                : sym_mul(c, j, c->loops[k].trip);
    }
  return Z3_substitute(c->z, t, n, from, to);
}

Z3_ast sym_at(sym_ctx *c, int l, Z3_ast t, Z3_ast j) {
  const sym_loop *L = &c->loops[l];
  if (Z3_is_eq_ast(c->z, j, L->it)) return t;
  if (L->flat_outer < 0) return sym_subst_counter(c, l, t, j);
  /* the unique (t', k') with j = t' * T2 + k', 0 <= k' < T2, 0 <= t' < T1 when j is in
   * [0, T1 * T2); unconstrained otherwise (where F's range is false anyway). TB' stands for
   * t' * T2 as TB does for t * T2 (sym_nest_vars): the product is its lazy definition */
  const sym_loop *O = &c->loops[L->flat_outer], *I = &c->loops[L->flat_inner];
  for (uint32_t k = 0; k < c->n_splits; k++)
    if (c->splits[k].l == l && Z3_is_eq_ast(c->z, c->splits[k].j, j)) {
      Z3_ast from[4] = {L->it, O->it, I->it, I->nest_base};
      Z3_ast by[4] = {j, c->splits[k].t, c->splits[k].k, c->splits[k].tb};
      return Z3_substitute(c->z, t, 4, from, by);
    }
  Z3_ast to = sym_fresh(c, "t", c->wide), ki = sym_fresh(c, "k", c->wide);
  Z3_ast tb = sym_fresh(c, "TB", c->wide), zero = sym_int(c, 0);
  c->splits = ir_grow(c->splits, &c->cap_splits, c->n_splits + 1, sizeof *c->splits);
  c->splits[c->n_splits++] = (struct sym_split){l, j, to, ki, tb};
  Z3_ast in = sym_and2(c, sym_sle(c, zero, j), sym_slt(c, j, L->trip));
  Z3_ast split = sym_and2(c, sym_eq(c, j, sym_add(c, tb, ki)),
                          sym_and2(c, sym_and2(c, sym_sle(c, zero, ki), sym_slt(c, ki, I->trip)),
                                   sym_and2(c, sym_sle(c, zero, to), sym_slt(c, to, O->trip))));
  Z3_ast blin = sym_and2(c, sym_and2(c, sym_sle(c, zero, tb), sym_sle(c, sym_add(c, tb, I->trip), L->trip)),
                         sym_ite(c, sym_eq(c, to, zero), sym_eq(c, tb, zero), sym_sle(c, I->trip, tb)));
  Z3_ast def = Z3_mk_implies(c->z, in, sym_and2(c, split, blin));
  sym_define(c, to, def);
  sym_define(c, ki, def);
  sym_define(c, tb, def);
  sym_product(c, tb, to, O->trip, I->trip);
  Z3_ast from[4] = {L->it, O->it, I->it, I->nest_base}, by[4] = {j, to, ki, tb};
  return Z3_substitute(c->z, t, 4, from, by);
}
