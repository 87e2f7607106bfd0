/* sym_after.c: ops after a partition's loop on a ring the loop uses: the epilogue of a
 * software-pipelined loop (a wait for the last round the loop's loads produced, the last MMA's
 * operand reads; Gluon tutorials 06 / 07, docs/symbolic.md §1 "Ops after the loop").
 *
 * Such an op fires once. Its sequence number continues the loop's: a thread's k-th op of a kind
 * on a slot is in that slot's round k (§1.4, the rule the loop events follow), and the loop's
 * one unpredicated op L of that kind on the ring fires T times (T the loop's trip count) with
 * sequence numbers mul * it + off, it < T. So the j-th op of that kind after the loop (each one
 * unpredicated before it) has
 *     seqt = mul * T + off + j * mul      (mul 1: a rotating slot; mul N: L's constant slot)
 * and its slot index must be proved equal to seqt mod N (else it stays unsupported). Reads and
 * writes of a buffer ring (no rounds of their own) continue a loop access of the ring whose
 * continuation their index proves (one of the same kind first, then one of another). */
#include <stdio.h>

#include "sym_internal.h"

/* Ring event kinds count rounds; buffer accesses only name the slot's use. */
static bool counts_rounds(sym_evkind k) {
  return k == SYM_EV_WAIT || k == SYM_EV_ARRIVE || k == SYM_EV_EXPECT || k == SYM_EV_TMA_LOAD;
}

/* Buffer accesses: no rounds of their own; a loop access of another kind may name the use. */
static bool buffer_kind(sym_evkind k) { return sym_is_access(k); }

/* The skip-th loop op of e's partition whose firings e may continue (with e's constant slot
 * for mul N): the same kind, and for a buffer access also one of another access kind after
 * those; NULL with *why set when there is none (or, for ring event kinds, more than one). */
static const sym_event *loop_twin(sym_ctx *c, const sym_event *e, int64_t slot, int skip,
                                  const char **why) {
  int64_t n = c->rings[e->ring].n;
  int seen = 0;
  for (int pass = 0; pass < 2; pass++) {
    const sym_event *twin = NULL;
    for (uint32_t i = 0; i < c->n_evs; i++) {
      const sym_event *l = &c->evs[i];
      bool kind = pass == 0 ? l->kind == e->kind
                            : buffer_kind(e->kind) && buffer_kind(l->kind) && l->kind != e->kind;
      if (l->loop < 0 || l->part != e->part || l->ring != e->ring || !kind || l->prefork ||
          !l->has_seq || l->unsupported)
        continue;
      if (l->mul != 1 && !(l->mul == n && slot >= 0 && ((l->off % n) + n) % n == slot)) continue;
      if (l->base) { /* sibling loops: sym_sibling.c refuses such a straight-line op */
        *why = "ring op after sibling loops that use the ring";
        return NULL;
      }
      if (!sym_is_true(c, l->pred) && (l->tainted || !sym_prefix_count(c, l->loop, l->pred))) {
        *why = "ring op after the loop, whose op of that kind is predicated (its firings are "
               "not the trip count)";
        return NULL;
      }
      if (counts_rounds(e->kind)) {
        if (twin) {
          *why = "ring op after the loop, which has several ops of that kind on the ring";
          return NULL;
        }
        twin = l;
        continue;
      }
      if (seen++ == skip) return l;
    }
    if (twin) return skip == 0 ? twin : NULL;
  }
  if (!skip) *why = "ring op after the loop, which has no unpredicated op of that kind on the ring";
  return NULL;
}

/* The earlier ops of e's kind after the loop on the ring (each op once): j in the header. */
static int64_t earlier_after(sym_ctx *c, uint32_t i, const char **why) {
  const sym_event *e = &c->evs[i];
  int64_t j = 0;
  for (uint32_t k = 0; k < i; k++) {
    const sym_event *p = &c->evs[k];
    if (!p->post_loop || p->part != e->part || p->ring != e->ring || p->kind != e->kind ||
        p->op == e->op || (k && c->evs[k - 1].op == p->op && c->evs[k - 1].ring == p->ring))
      continue;
    if (!sym_is_true(c, p->pred)) {
      *why = "an earlier op of its kind after the loop is predicated (its round depends on "
             "the predicate)";
      return -1;
    }
    j++;
  }
  return j;
}

/* An index "x % n" whose x is seqt + shift * n >= 0 (shift: the loop op's, or 0): then the
 * index is seqt mod n, and the round is computed from x as the kernel does (sym_round_term).
 * Sets e->seqx; false when x is not that (the caller proves the index another way). */
static bool own_counter(sym_ctx *c, sym_event *e, const sym_event *l, Z3_ast seqt) {
  int64_t n = c->rings[e->ring].n;
  const ir_value *xv = e->view ? sym_mod_argument(e->view->operands[1], n) : NULL;
  if (!xv || xv == e->view->operands[1]) return false;
  Z3_ast x = sym_eval(c, xv);
  if (!x) return false;
  int64_t shift = l->seqx ? l->seqx_shift : 0;
  /* compared in x's own width: an i64 counter is not truncated to SYM_WIDE bits */
  unsigned w = sym_int_width(c, x);
  Z3_ast bad = sym_or2(c, sym_not(c, sym_eq_int(c, x, seqt, shift * n)),
                       sym_slt(c, sym_resize(c, x, w, true), sym_bv(c, 0, w)));
  if (sym_sat(c, sym_and2(c, e->pred, bad)) != Z3_L_FALSE) return false;
  e->seqx = x;
  e->seqx_shift = shift;
  return true;
}

/* The sequence number the first op of loop op l's kind after the loop takes when l never
 * fired (its prefix predicate failed in iteration 0): the one after the last straight-line
 * op of that kind on the ring before the loop that fired (a pipeliner's prologue, whose ops
 * fire as a prefix: each one's predicate implies its predecessor's, proved, on consecutive
 * sequence numbers that l continues, and all of them fire whenever l does), or l's first
 * sequence number when there is no such op. When l never fires at all (dead: its predicate
 * fails in every iteration for every argument, proved; the on-band stage of Triton's causal
 * attention, whose loop of two steps prefetches nothing), its own numbering is not asked: the
 * prologue alone decides, and there must be one. NULL when the prologue has another shape. */
static Z3_ast seq_without_loop(sym_ctx *c, const sym_event *l, bool dead) {
  Z3_ast s = NULL;
  const sym_event *prev = NULL;
  for (uint32_t k = 0; k < c->n_evs; k++) {
    const sym_event *p = &c->evs[k];
    if (p->loop >= 0 || p->prefork || p->postjoin || p->part != l->part || p->ring != l->ring ||
        p->kind != l->kind || p->pos >= c->loops[l->loop].op->id)
      continue;
    if (!p->has_seq || p->unsupported || p->tainted || p->seqt || (!dead && l->mul != 1) ||
        (prev && (p->off != prev->off + 1 ||
                  sym_sat(c, sym_and2(c, p->pred, sym_not(c, prev->pred))) != Z3_L_FALSE)))
      return NULL;
    s = sym_ite(c, p->pred, sym_int(c, p->off + 1), s ? s : sym_int(c, p->off));
    prev = p;
  }
  if (!prev) return dead ? NULL : sym_int(c, l->off);
  if (dead) return s;
  Z3_ast all = sym_and2(c, sym_and2(c, c->loops[l->loop].range, l->pred), sym_not(c, prev->pred));
  if (l->off != prev->off + 1 || sym_sat(c, all) != Z3_L_FALSE) return NULL;
  return s;
}

/* The sequence number after loop op l's last firing: mul * T + off for an unpredicated l; for
 * l under a prefix predicate (sym_prefix.c: it fires in iterations 0 .. K - 1) mul * K + off,
 * or seq_without_loop when K = 0 (always, when l never fires). NULL when that has no term. */
static Z3_ast seq_after_loop(sym_ctx *c, const sym_event *l) {
  Z3_ast T = c->loops[l->loop].trip, mul = sym_int(c, l->mul), off = sym_int(c, l->off);
  if (sym_is_true(c, l->pred)) return sym_add(c, sym_mul(c, mul, T), off);
  Z3_ast K = sym_prefix_count(c, l->loop, l->pred);
  if (!K) return NULL;
  if (!l->tainted &&
      sym_sat(c, sym_and2(c, c->loops[l->loop].range, l->pred)) == Z3_L_FALSE)
    return seq_without_loop(c, l, true);
  Z3_ast s0 = seq_without_loop(c, l, false);
  if (!s0) return NULL;
  return sym_ite(c, sym_eq(c, K, sym_int(c, 0)), s0, sym_add(c, sym_mul(c, mul, K), off));
}

/* seqt for post_loop event i from the loop op l: proved to index the op's slot. */
static bool try_twin(sym_ctx *c, uint32_t i, const sym_event *l, int64_t j) {
  sym_event *e = &c->evs[i];
  int64_t n = c->rings[e->ring].n;
  Z3_ast s = seq_after_loop(c, l);
  if (!s) return false;
  Z3_ast seqt = sym_add(c, s, sym_int(c, j * l->mul));
  if (!e->idx) {
    if (n != 1) return false;
  } else if (!own_counter(c, e, l, seqt)) {
    Z3_ast bad = sym_not(c, sym_eq_int(c, e->idx, sym_fmod(c, seqt, n), 0));
    if (sym_sat(c, sym_and2(c, e->pred, bad)) != Z3_L_FALSE) return false;
  }
  e->seqt = seqt;
  e->mul = 0;
  e->off = 0;
  e->has_seq = true;
  return true;
}

void sym_place_after(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (!e->post_loop || e->unsupported) continue;
    sym_debug_what(c, "seq of ev %u after the loop", i);
    const char *why = "ring op after the loop: its slot is not the one the loop's ops continue to";
    int64_t slot = -1, k;
    if (e->idx && sym_numeral(c, e->idx, &k)) slot = k;
    /* ring events: exactly the j-th use; a buffer access may repeat an earlier one's slot (two
     * MMAs reading one operand buffer): any use up to the j-th whose index proves */
    int64_t j = earlier_after(c, i, &why);
    bool placed = false;
    for (int64_t jj = counts_rounds(e->kind) ? j : 0; jj <= j && j >= 0 && !placed; jj++)
      for (int skip = 0; !placed; skip++) {
        const sym_event *l = loop_twin(c, e, slot, skip, &why);
        if (!l) break;
        placed = try_twin(c, i, l, jj);
      }
    if (!placed) e->unsupported = why;
  }
}

int sym_same_seq(sym_ctx *c, const sym_event *a, const sym_event *b) {
  if (!a->seqt && !b->seqt) return a->off == b->off;
  if (a->seqt && b->seqt &&
      Z3_is_eq_ast(c->z, sym_simplify(c, a->seqt), sym_simplify(c, b->seqt)))
    return 1;
  return -1;
}
