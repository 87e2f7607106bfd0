/* ir_dom.c: MLIR's dominance rule across the blocks of one region. Within a block, the parser
 * already requires a definition before its uses (ir_parse.c, ir_check_fwd_dominance); across
 * blocks a value defined in block D may be used in block B only when every path from the
 * region's entry to B passes through D. Regions of one block (all of structured Triton) have
 * nothing to check; a tt.func body written with cf.br / cf.cond_br does. */
#include <stdio.h>
#include <string.h>

#include "ir_priv.h"

typedef struct ir_domctx {
  ir_parser *P;
  const ir_region *r;
  uint64_t *dom;               /* n x words bits: dom[b] = blocks that dominate b */
  uint32_t words;
} ir_domctx;

static bool ir_dominates(const ir_domctx *c, uint32_t d, uint32_t b) {
  return (c->dom[(size_t)b * c->words + d / 64] >> (d % 64)) & 1;
}

static void ir_dom_compute(ir_domctx *c) {
  const ir_region *r = c->r;
  uint32_t n = r->n_blocks, w = c->words;
  c->dom = ir_alloc(c->P->A, (size_t)n * w * sizeof *c->dom);
  /* predecessors: the successors of each block's ops (its terminator) */
  uint32_t *npred = ir_alloc(c->P->A, n * sizeof *npred);
  uint32_t **pred = ir_alloc(c->P->A, n * sizeof *pred);
  for (int pass = 0; pass < 2; pass++) {
    for (uint32_t b = 0; b < n; b++)
      for (const ir_op *op = r->blocks[b]->first; op; op = op->next)
        for (uint32_t s = 0; s < op->n_successors; s++) {
          const ir_block *t = op->successors[s];
          if (t->parent != r) continue;
          if (pass) pred[t->index][npred[t->index]++] = b;
          else npred[t->index]++;
        }
    if (!pass)
      for (uint32_t b = 0; b < n; b++) {
        pred[b] = ir_alloc(c->P->A, (npred[b] + 1) * sizeof **pred);
        npred[b] = 0;
      }
  }
  /* iterative data flow: dom(entry) = {entry}; dom(b) = {b} + the meet over its reachable
   * predecessors. A block never reached keeps "every block" (LLVM's and MLIR's convention: an
   * unreachable block is dominated by anything). */
  bool *reach = ir_alloc(c->P->A, n * sizeof *reach);
  reach[0] = true;
  for (uint32_t b = 1; b < n; b++) memset(&c->dom[(size_t)b * w], 0xff, w * sizeof *c->dom);
  c->dom[0] = 1;
  uint64_t *tmp = ir_alloc(c->P->A, w * sizeof *tmp);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = 1; b < n; b++) {
      bool any = false;
      memset(tmp, 0xff, w * sizeof *tmp);
      for (uint32_t k = 0; k < npred[b]; k++) {
        uint32_t p = pred[b][k];
        if (!reach[p]) continue;
        any = true;
        for (uint32_t i = 0; i < w; i++) tmp[i] &= c->dom[(size_t)p * w + i];
      }
      if (!any) continue;
      if (!reach[b]) changed = reach[b] = true;
      tmp[b / 64] |= UINT64_C(1) << (b % 64);
      if (memcmp(tmp, &c->dom[(size_t)b * w], w * sizeof *tmp)) {
        memcpy(&c->dom[(size_t)b * w], tmp, w * sizeof *tmp);
        changed = true;
      }
    }
  }
}

static const char *ir_block_name(const ir_block *b, char *buf, size_t n) {
  if (b->label) snprintf(buf, n, "^%s", b->label);
  else snprintf(buf, n, "the entry block");
  return buf;
}

/* Checks the operands of op (and of every op nested in its regions): uses in block b of r. */
static void ir_dom_check_op(const ir_domctx *c, const ir_op *op, const ir_op *at, uint32_t b) {
  for (uint32_t i = 0; i < op->n_operands; i++) {
    const ir_value *v = op->operands[i];
    const ir_block *d = v->def ? v->def->parent : v->block;
    if (!d || d->parent != c->r || d->index == b || ir_dominates(c, d->index, b)) continue;
    char bd[64], bb[64];
    uint32_t nl = v->def ? v->def->ir_line : d->ir_line, nc = v->def ? v->def->ir_col : d->ir_col;
    ir_fail_note_at(c->P, op->ir_line ? op->ir_line : at->ir_line, op->ir_line ? op->ir_col : at->ir_col,
                    nl, nc, v->def ? "it is defined here" : "it is an argument of this block",
                    "'%%%s' is used in %s, but its definition in %s does not dominate it (not every "
                    "path to the use passes it: MLIR's dominance rule)",
                    v->name ? v->name : "?", ir_block_name(c->r->blocks[b], bb, sizeof bb),
                    ir_block_name(d, bd, sizeof bd));
  }
  for (uint32_t k = 0; k < op->n_regions; k++) {
    const ir_region *nr = op->regions[k];
    for (uint32_t j = 0; j < nr->n_blocks; j++)
      for (const ir_op *o = nr->blocks[j]->first; o; o = o->next) ir_dom_check_op(c, o, at, b);
  }
}

void ir_check_dominance(ir_parser *P, const ir_region *r) {
  ir_domctx c = {.P = P, .r = r, .words = (r->n_blocks + 63) / 64};
  ir_dom_compute(&c);
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) ir_dom_check_op(&c, op, op, b);
}
