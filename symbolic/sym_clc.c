/* sym_clc.c: one trip count for the scf.while loops of partitions that follow the same cluster
 * launch control responses (docs/symbolic.md §1, "scf.while loops"; semantics.md §6.3).
 *
 * An scf.while's trip count is a free variable (sym_build.c normalise_loop), one per loop: a
 * ring two partitions' while loops share is then outside the encoding (their iteration counts
 * are unrelated). In a CLC persistent kernel each partition's loop follows the same responses:
 * iteration k waits for round k of the response barrier B, reads the response that round's
 * try_cancel wrote into buffer R, and the next condition is a function of that read. When
 *   (1) the condition `go` of each loop is the same function of its before-region arguments,
 *       every argument it depends on has the same initial value in each loop, and its next
 *       value (the after region's yield) is the same function of one response read of R (pure
 *       integer arithmetic, clc_is_canceled / clc_get_program_id; no other leaf than the read
 *       and loop-invariant values equal in both partitions: `same_fn`), the read an
 *       unconditional op of the body (not in an scf.if);
 *   (2) the reads are READ events on R with sequence numbers equal across the loops, each right
 *       after an unconditional wait on B (no other wait of its partition between) with the same
 *       sequence number, whose lag is 0 (the read is in its window: the data of that round);
 *   (3) R has one writer, one unconditional try_cancel in one of the loops, signalling B, its
 *       response slot numbered like its barrier round (buf seq = seq);
 *   (4) the try_cancel overwrites R only after a buffer-empty wait on a ring G on which every
 *       other partition of the group arrives in its loop (`guarded`);
 * then in every iteration k each loop reads the response of the same round, provided no
 * try_cancel overwrites R before every loop read it, which back-pressure (b) checks given (4)
 * (the reads are accesses of R, guarded by G; a release before the read is a violation). So the sequences of
 * conditions are equal and so are the trip counts: the fact trip_l = trip_rep is added.
 * (Soundness: if two loops' trip counts differ in some execution, there is a first iteration k
 * whose reads of R differ; every earlier iteration agreed, so that prefix is an execution of the
 * encoding with one trip count > k, in which the read of iteration k sees another round than
 * its wait's: a phase-agreement or back-pressure violation at iterations <= k + 1, which the
 * conditions would report for that trip count.)
 * Anything else keeps the loops independent, and a ring they share unknown. */
#include <string.h>

#include "sym_internal.h"

static const char *const FREE_TRIPS = "ring shared by partitions whose scf.while loops have free trip counts";

/* A top-level scf.while of its partition (not a nest's or a padded loop). */
static bool top_while(const sym_ctx *c, int l) {
  const sym_loop *L = &c->loops[l];
  return l >= 0 && L->op && L->op->code == IR_OP_SCF_WHILE && L->parent < 0 && L->flat_outer < 0 &&
         !L->pad && !L->virt && L->op->n_regions == 2;
}

/* Loop l (or a loop around it) is an scf.while. */
static bool in_while(const sym_ctx *c, int l) {
  for (; l >= 0; l = c->loops[l].parent >= 0 ? c->loops[l].parent : c->loops[l].flat_outer)
    if (c->loops[l].op && c->loops[l].op->code == IR_OP_SCF_WHILE) return true;
  return false;
}

static bool attr_eq(const ir_attr *a, const ir_attr *b) {
  if (!a || !b || a->kind != b->kind) return false;
  switch (a->kind) {
  case IR_A_INT:
  case IR_A_BOOL:
    return a->ival == b->ival;
  case IR_A_UNIT:
    return true;
  case IR_A_STRING:
  case IR_A_KEYWORD:
    return a->str && b->str && !strcmp(a->str, b->str);
  default:
    return false; /* not compared: the ops count as different */
  }
}

static bool attrs_eq(const ir_op *a, const ir_op *b) {
  if (a->n_attrs != b->n_attrs) return false;
  for (uint32_t k = 0; k < a->n_attrs; k++) {
    const ir_attr *o = ir_op_attr(b, a->attrs[k].name);
    if (!attr_eq(a->attrs[k].attr, o)) return false;
  }
  return true;
}

/* The ops the condition may apply: integer arithmetic and the response decoders. */
static bool pure_int_op(const ir_op *op) {
  if (op->n_regions || op->n_results != 1 || !sym_value_width(op->results[0]->type)) return false;
  return ir_ops[op->code].cls == IR_C_SCALAR || op->code == IR_OP_TTNG_CLC_IS_CANCELED ||
         op->code == IR_OP_TTNG_CLC_GET_PROGRAM_ID;
}

static bool is_response_read(const ir_op *op) {
  return op && (op->code == IR_OP_TTNG_CLC_QUERY_CANCEL || op->code == IR_OP_TTNG_CLC_LOAD_RESULT);
}

/* What same_fn compares: values of loop wa / wb. Leaves: before-region arguments (mode 0,
 * the condition: same index, recorded in *mask) or one response read per loop at the top level
 * of the after block (mode 1, the next values: recorded in rd[]); values defined outside the
 * loops compare by their terms (equal, untainted). */
typedef struct cmp {
  const ir_op *w[2];
  int mode;
  uint64_t mask;
  const ir_op *rd[2];
} cmp;

static bool same_fn(sym_ctx *c, cmp *k, const ir_value *a, const ir_value *b, int depth) {
  if (!a || !b || depth > 64) return false;
  bool ia = a->def ? ir_op_inside(a->def, k->w[0]) : a->block && a->block->parent &&
                                                   a->block->parent->parent &&
                                                   ir_op_inside(a->block->parent->parent, k->w[0]);
  bool ib = b->def ? ir_op_inside(b->def, k->w[1]) : b->block && b->block->parent &&
                                                   b->block->parent->parent &&
                                                   ir_op_inside(b->block->parent->parent, k->w[1]);
  if (ia != ib) return false;
  if (!ia) { /* loop-invariant: the same term in both partitions (captures are followed) */
    Z3_ast ta = sym_eval(c, a), tb = sym_eval(c, b);
    return ta && tb && !sym_tainted(c, a) && !sym_tainted(c, b) &&
           Z3_is_eq_ast(c->z, sym_simplify(c, ta), sym_simplify(c, tb));
  }
  if (!a->def || !b->def) { /* block arguments: only the before region's, in the condition */
    const ir_block *ba = k->w[0]->regions[0]->blocks[0], *bb = k->w[1]->regions[0]->blocks[0];
    if (k->mode != 0 || a->def || b->def || a->block != ba || b->block != bb ||
        a->arg_idx != b->arg_idx || a->arg_idx >= 64)
      return false;
    k->mask |= (uint64_t)1 << a->arg_idx;
    return true;
  }
  const ir_op *oa = a->def, *ob = b->def;
  if (is_response_read(oa) || is_response_read(ob)) {
    const ir_block *aa = k->w[0]->regions[1]->blocks[0], *ab = k->w[1]->regions[1]->blocks[0];
    if (k->mode != 1 || oa->code != ob->code || oa->parent != aa || ob->parent != ab) return false;
    if ((k->rd[0] && k->rd[0] != oa) || (k->rd[1] && k->rd[1] != ob)) return false;
    k->rd[0] = oa, k->rd[1] = ob;
    return true;
  }
  if (oa->code != ob->code || !pure_int_op(oa) || !pure_int_op(ob) ||
      oa->n_operands != ob->n_operands ||
      sym_value_width(a->type) != sym_value_width(b->type) || !attrs_eq(oa, ob))
    return false;
  for (uint32_t j = 0; j < oa->n_operands; j++)
    if (!same_fn(c, k, oa->operands[j], ob->operands[j], depth + 1)) return false;
  return true;
}

static const ir_op *terminator(const ir_region *r) {
  return r->n_blocks == 1 ? r->blocks[0]->last : NULL;
}

/* (1): loops a and b (top-level scf.while of two partitions) follow the same responses. */
static bool same_condition(sym_ctx *c, int la, int lb) {
  const ir_op *wa = c->loops[la].op, *wb = c->loops[lb].op;
  const ir_op *ca = terminator(wa->regions[0]), *cb = terminator(wb->regions[0]);
  const ir_op *ya = terminator(wa->regions[1]), *yb = terminator(wb->regions[1]);
  if (!ca || !cb || ca->code != IR_OP_SCF_CONDITION || cb->code != IR_OP_SCF_CONDITION || !ya ||
      !yb || ya->code != IR_OP_SCF_YIELD || yb->code != IR_OP_SCF_YIELD || !ca->n_operands ||
      !cb->n_operands)
    return false;
  /* the before region computes the condition only */
  for (int s = 0; s < 2; s++)
    for (const ir_op *op = (s ? wb : wa)->regions[0]->blocks[0]->first; op; op = op->next)
      if (op != (s ? cb : ca) && !pure_int_op(op)) return false;
  cmp k = {.w = {wa, wb}, .mode = 0};
  if (!same_fn(c, &k, ca->operands[0], cb->operands[0], 0) || !k.mask) return false;
  k.mode = 1;
  for (uint32_t j = 0; j < 64; j++) {
    if (!(k.mask >> j & 1)) continue;
    if (j >= wa->n_operands || j >= wb->n_operands || j >= ya->n_operands || j >= yb->n_operands)
      return false;
    cmp init = {.w = {wa, wb}, .mode = 2}; /* loop-invariant values only */
    if (!same_fn(c, &init, wa->operands[j], wb->operands[j], 0) ||
        !same_fn(c, &k, ya->operands[j], yb->operands[j], 0))
      return false;
  }
  if (!k.rd[0] || !k.rd[1]) return false; /* the condition must follow a response */
  c->loops[la].clc_read = k.rd[0];
  c->loops[lb].clc_read = k.rd[1];
  return true;
}

void sym_clc_link(sym_ctx *c) {
  if (c->structure_only) return; /* no sequence numbers to confirm the link with */
  for (uint32_t l = 0; l < c->n_loops; l++) {
    if (!top_while(c, (int)l)) continue;
    for (uint32_t r = 0; r < l && !c->loops[l].clc_link; r++)
      if (c->loops[r].clc_link == (int)r + 1 && c->loops[r].part != c->loops[l].part &&
          same_condition(c, (int)r, (int)l))
        c->loops[l].clc_link = (int)r + 1;
    if (!c->loops[l].clc_link) c->loops[l].clc_link = (int)l + 1;
  }
  for (uint32_t l = 0; l < c->n_loops; l++) { /* a group of one links nothing */
    int rep = c->loops[l].clc_link - 1;
    if (rep != (int)l) continue;
    bool other = false;
    for (uint32_t m = l + 1; m < c->n_loops; m++) other |= c->loops[m].clc_link == rep + 1;
    if (!other) c->loops[l].clc_link = 0;
  }
}

bool sym_while_shared(const sym_ctx *c, const sym_event *e, const sym_event *f) {
  if (f->part == e->part || f->ring != e->ring || (!in_while(c, e->loop) && !in_while(c, f->loop)))
    return false;
  return !(e->loop >= 0 && f->loop >= 0 && c->loops[e->loop].clc_link &&
           c->loops[e->loop].clc_link == c->loops[f->loop].clc_link);
}

static int event_of(const sym_ctx *c, const ir_op *op, sym_evkind kind) {
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (c->evs[i].op == op && c->evs[i].kind == kind) return (int)i;
  return -1;
}

/* (4) The try_cancel tc waits for a release before overwriting R: the last wait before it in
 * its partition is a buffer-empty wait (lag 1) on a ring G, and every other partition of the
 * group arrives on G in its loop. Back-pressure (b) then proves that each read of R precedes
 * its partition's release (a release before the read is its violation), arrival-balance that
 * the round tc waits for needs those arrivals; a
 * response buffer no ring guards would be outside the conditions (docs/symbolic.md §4, "Not in
 * scope"), and the reads could see different rounds. */
static bool guarded(sym_ctx *c, int rep, int tc) {
  const sym_event *t = &c->evs[tc];
  int wi = tc - 1;
  while (wi >= 0 && !(c->evs[wi].part == t->part && c->evs[wi].kind == SYM_EV_WAIT)) wi--;
  if (wi < 0) return false;
  const sym_event *w = &c->evs[wi];
  const char *how;
  if (w->loop != t->loop || w->unsupported || !w->has_seq || w->ring < 0 || w->ring == t->ring ||
      c->rings[w->ring].irregular || sym_wait_lag(c, wi, &how) != 1)
    return false;
  for (uint32_t l = 0; l < c->n_loops; l++) {
    if (c->loops[l].clc_link != rep + 1 || c->loops[l].part == t->part) continue;
    bool released = false;
    for (uint32_t i = 0; i < c->n_evs && !released; i++)
      released = c->evs[i].kind == SYM_EV_ARRIVE && c->evs[i].ring == w->ring &&
                 c->evs[i].loop == (int)l && !c->evs[i].unsupported && c->evs[i].has_seq;
    if (!released) return false;
  }
  return true;
}

/* (2), (3) for the group of representative loop rep. */
static bool confirm_group(sym_ctx *c, int rep) {
  int ring = -1, bar = -1, tc = -1;
  bool first = true;
  int64_t mul = 0, off = 0, wmul = 0, woff = 0;
  for (uint32_t l = 0; l < c->n_loops; l++) {
    if (c->loops[l].clc_link != rep + 1) continue;
    int ri = event_of(c, c->loops[l].clc_read, SYM_EV_READ);
    if (ri < 0) return false;
    const sym_event *rd = &c->evs[ri];
    if (rd->unsupported || !rd->has_seq || rd->loop != (int)l || rd->base || rd->seqt ||
        !sym_is_true(c, rd->pred) || (ring >= 0 && rd->ring != ring))
      return false;
    ring = rd->ring;
    int wi = ri - 1; /* the partition's last wait before the read */
    while (wi >= 0 && !(c->evs[wi].part == rd->part && c->evs[wi].kind == SYM_EV_WAIT)) wi--;
    if (wi < 0) return false;
    const sym_event *w = &c->evs[wi];
    const char *how;
    if (w->unsupported || !w->has_seq || w->loop != (int)l || w->base || w->seqt ||
        !sym_is_true(c, w->pred) || (bar >= 0 && w->ring != bar) || w->ring < 0 ||
        c->rings[w->ring].irregular || sym_wait_lag(c, wi, &how) != 0)
      return false;
    bar = w->ring;
    if (!first && (rd->mul != mul || rd->off != off || w->mul != wmul || w->off != woff))
      return false;
    first = false;
    mul = rd->mul, off = rd->off, wmul = w->mul, woff = w->off;
  }
  if (ring < 0 || c->rings[ring].irregular) return false;
  for (uint32_t i = 0; i < c->n_evs; i++) { /* R's one writer: a try_cancel signalling B */
    const sym_event *e = &c->evs[i];
    bool writes = (e->kind == SYM_EV_TMA_LOAD && e->buf_ring == ring) ||
                  ((e->kind == SYM_EV_WRITE || e->kind == SYM_EV_ASYNC_WRITE) && e->ring == ring);
    if (!writes) continue;
    if (tc >= 0 || e->kind != SYM_EV_TMA_LOAD ||
        (e->op->code != IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL && e->op->code != IR_OP_TTNG_CLC_TRY_CANCEL) ||
        e->unsupported || e->ring != bar || e->loop < 0 || c->loops[e->loop].clc_link != rep + 1 ||
        !e->has_seq || !e->buf_has_seq || e->base || e->seqt || !sym_is_true(c, e->pred) ||
        e->buf_mul != e->mul || e->buf_off != e->off)
      return false;
    tc = (int)i;
  }
  return tc >= 0 && guarded(c, rep, tc);
}

void sym_clc_confirm(sym_ctx *c) {
  for (uint32_t l = 0; l < c->n_loops; l++) {
    if (c->loops[l].clc_link != (int)l + 1) continue;
    bool ok = confirm_group(c, (int)l);
    for (uint32_t m = l; m < c->n_loops; m++) {
      if (c->loops[m].clc_link != (int)l + 1) continue;
      if (ok && m != l)
        c->facts = sym_and2(c, c->facts, Z3_mk_eq(c->z, c->loops[m].trip, c->loops[l].trip));
      if (!ok) c->loops[m].clc_link = 0;
    }
    if (ok) continue;
    /* unlinked: the shared rings are outside the encoding, as without the rule */
    for (uint32_t i = 0; i < c->n_evs; i++) {
      sym_event *e = &c->evs[i];
      if (!sym_ring_event(e) || e->unsupported) continue;
      for (uint32_t j = 0; j < c->n_evs && !e->unsupported; j++)
        if (sym_ring_event(&c->evs[j]) && sym_while_shared(c, e, &c->evs[j])) e->unsupported = FREE_TRIPS;
      if (e->unsupported && e->ring >= 0 && !c->rings[e->ring].irregular) {
        c->rings[e->ring].irregular = true;
        c->rings[e->ring].why = e->unsupported;
      }
    }
  }
}

const char *sym_while_free_trips(void) { return FREE_TRIPS; }
