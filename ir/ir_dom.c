/* ir_dom.c: MLIR's dominance rule across the blocks of one region. Within a block, the parser
 * already requires a definition before its uses (ir_parse.c, ir_check_fwd_dominance); across
 * blocks a value defined in block D may be used in block B only when every path from the
 * region's entry to B passes through D. Regions of one block (all of structured Triton) have
 * nothing to check; a tt.func body written with cf.br / cf.cond_br does. */
#include <stdio.h>
#include <stdlib.h>

#include "ir_priv.h"

typedef struct ir_domctx {
  ir_parser *P;
  const ir_region *r;
  int32_t *po;                 /* postorder number of each block, -1 when unreachable */
  uint32_t *idom;              /* immediate dominator (entry: itself) of reachable blocks */
} ir_domctx;

/* Does block d dominate block b? An unreachable b is dominated by anything and an unreachable
 * d dominates nothing else (LLVM's and MLIR's convention). */
static bool ir_dominates(const ir_domctx *c, uint32_t d, uint32_t b) {
  if (c->po[b] < 0) return true;
  if (c->po[d] < 0) return false;
  while (b != d && b != 0) b = c->idom[b];
  return b == d;
}

/* Immediate dominators by Cooper, Harvey and Kennedy's iteration ("A Simple, Fast Dominance
 * Algorithm"): blocks in reverse postorder, each idom the meet of its processed
 * predecessors; near-linear on the CFGs the parser sees. */
static void ir_dom_compute(ir_domctx *c) {
  const ir_region *r = c->r;
  ir_arena *A = c->P->A;
  uint32_t n = r->n_blocks;
  /* successors (of each block's ops: its terminator) and predecessors, within r */
  uint32_t *nsucc = ir_alloc(A, n * sizeof *nsucc), *npred = ir_alloc(A, n * sizeof *npred);
  uint32_t **succ = ir_alloc(A, n * sizeof *succ), **pred = ir_alloc(A, n * sizeof *pred);
  for (uint32_t b = 0; b < n; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next)
      for (uint32_t s = 0; s < op->n_successors; s++)
        if (op->successors[s]->parent == r) {
          nsucc[b]++;
          npred[op->successors[s]->index]++;
        }
  for (uint32_t b = 0; b < n; b++) {
    succ[b] = ir_alloc(A, (nsucc[b] + 1) * sizeof **succ);
    pred[b] = ir_alloc(A, (npred[b] + 1) * sizeof **pred);
    nsucc[b] = npred[b] = 0;
  }
  for (uint32_t b = 0; b < n; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next)
      for (uint32_t s = 0; s < op->n_successors; s++)
        if (op->successors[s]->parent == r) {
          uint32_t t = op->successors[s]->index;
          succ[b][nsucc[b]++] = t;
          pred[t][npred[t]++] = b;
        }
  /* postorder from the entry, with an explicit stack (no recursion on deep CFGs) */
  c->po = ir_alloc(A, n * sizeof *c->po);
  for (uint32_t b = 0; b < n; b++) c->po[b] = -1;
  uint32_t *order = ir_alloc(A, n * sizeof *order); /* blocks by postorder number */
  uint32_t *stk = ir_alloc(A, n * sizeof *stk), *next = ir_alloc(A, n * sizeof *next);
  bool *seen = ir_alloc(A, n * sizeof *seen);
  uint32_t sp = 0, npo = 0;
  stk[sp++] = 0;
  seen[0] = true;
  while (sp) {
    uint32_t b = stk[sp - 1];
    if (next[b] < nsucc[b]) {
      uint32_t t = succ[b][next[b]++];
      if (!seen[t]) {
        seen[t] = true;
        stk[sp++] = t;
      }
    } else {
      sp--;
      c->po[b] = (int32_t)npo;
      order[npo++] = b;
    }
  }
  c->idom = ir_alloc(A, n * sizeof *c->idom);
  bool *done = ir_alloc(A, n * sizeof *done);
  c->idom[0] = 0;
  done[0] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t k = npo; k-- > 0;) { /* reverse postorder */
      uint32_t b = order[k];
      if (b == 0) continue;
      int64_t nd = -1;
      for (uint32_t j = 0; j < npred[b]; j++) {
        uint32_t p = pred[b][j];
        if (!done[p]) continue;
        if (nd < 0) {
          nd = p;
          continue;
        }
        uint32_t x = p, y = (uint32_t)nd; /* intersect: walk up to the common dominator */
        while (x != y) {
          while (c->po[x] < c->po[y]) x = c->idom[x];
          while (c->po[y] < c->po[x]) y = c->idom[y];
        }
        nd = x;
      }
      if (nd >= 0 && (!done[b] || c->idom[b] != (uint32_t)nd)) {
        c->idom[b] = (uint32_t)nd;
        done[b] = true;
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
  ir_domctx c = {.P = P, .r = r};
  ir_dom_compute(&c);
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) ir_dom_check_op(&c, op, op, b);
}

/* Indices of the blocks of r reachable from its entry, in reverse postorder (depth-first,
 * successors in operand order) into order (room for r->n_blocks): a block's dominators come
 * before it, and in a graph of forward branches every predecessor does. Returns how many;
 * unreachable blocks never run and are left out. Used by the model's compiler
 * (sim_compile.c) and the symbolic walk (sym_cfg.c). */
uint32_t ir_region_rpo(const ir_region *r, uint32_t *order) {
  uint32_t n = r->n_blocks, n_post = 0, sp = 0;
  uint8_t *seen = ir_xcalloc(n + 1, 1);
  uint32_t *stack = ir_xcalloc(n + 1, sizeof *stack), *next = ir_xcalloc(n + 1, sizeof *next);
  uint32_t *post = ir_xcalloc(n + 1, sizeof *post);
  if (n) {
    stack[sp++] = 0;
    seen[0] = 1;
  }
  while (sp) {
    uint32_t b = stack[sp - 1];
    const ir_op *t = r->blocks[b]->last;
    uint32_t ns = t ? t->n_successors : 0;
    if (next[b] < ns) {
      const ir_block *s = t->successors[next[b]++];
      if (s && s->parent == r && !seen[s->index]) {
        seen[s->index] = 1;
        stack[sp++] = s->index;
      }
      continue;
    }
    post[n_post++] = b;
    sp--;
  }
  for (uint32_t k = 0; k < n_post; k++) order[k] = post[n_post - 1 - k];
  free(seen); free(stack); free(next); free(post);
  return n_post;
}
