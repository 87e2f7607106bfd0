/* sym_cfg.c: the kernel body's blocks joined by forward branches (cf.br / cf.cond_br; an early
 * exit `cf.cond_br %c, ^ret, ^rest` is the common case) for the event walk (sym_build.c) and
 * the values of their block arguments (sym_exec.c).
 *
 * The encoding places each event under a path condition (scf.if: the condition, or its
 * negation, conjoined to the enclosing path). A DAG of blocks is the same thing spelt with
 * branches: walked in reverse postorder, block b runs under
 *     path(b) = OR over the edges p -> b of (path(p) AND edge condition)
 * (cf.br: true; cf.cond_br %k: k to the first target, NOT k to the second), the entry under
 * true. Each block that runs takes exactly one of its out-edges, so the blocks whose path
 * holds are exactly those of one run, in the walk's order (any path of a DAG follows its
 * reverse postorder), as an scf.if's then- and else-events are walked one after the other.
 * A block argument (a phi) is the operand its incoming edge passes: an ite over the edges
 * (path(p) AND edge condition), like an scf.if result; its value only matters where the block
 * runs, and there exactly one edge's condition holds.
 * A branch condition sym_eval cannot give is a fresh Bool (memoised per branch), and one over
 * loaded data a havoc term, as for scf.if (walk_op): the blocks behind it are tainted.
 *
 * Paths are memoised per sym_forget epoch (they are terms over values, which induction gives
 * closed forms later); computing one needs only blocks earlier in the order (SSA dominance),
 * so the recursion ends.
 *
 * Refused (sym_cfg_refusal; sym_check.c makes every condition unknown, naming the op): a
 * branch back to an earlier block (a loop through blocks), a block argument that is not an
 * integer (a view or tensor joined at a branch: rings are traced through defining ops only),
 * a block ending in anything but cf.br / cf.cond_br / tt.return. */
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* Reverse postorder of the blocks of r reachable from its entry into order (r->n_blocks
 * entries); returns how many. Unreachable blocks never run and are left out. */
static uint32_t rpo(const ir_region *r, const ir_block **order) {
  uint32_t *ix = ir_xcalloc(r->n_blocks + 1, sizeof *ix);
  uint32_t n = ir_region_rpo(r, ix);
  for (uint32_t k = 0; k < n; k++) order[k] = r->blocks[ix[k]];
  free(ix);
  return n;
}

static bool is_branch(const ir_op *t) {
  return t && (t->code == IR_OP_CF_BR || t->code == IR_OP_CF_COND_BR);
}

/* The operands branch t passes to its successor s (their count in *n). */
static ir_value *const *edge_args(const ir_op *t, uint32_t s, uint32_t *n) {
  int seg = t->code == IR_OP_CF_BR ? IR_SEG_CF_BR_ARGS
            : s == 0               ? IR_SEG_CF_COND_BR_TRUE_ARGS
                                   : IR_SEG_CF_COND_BR_FALSE_ARGS;
  *n = 0;
  ir_seg(t, seg, n);
  return *n ? t->operands + t->seg_start[seg] : NULL;
}

const ir_op *sym_cfg_refusal(const ir_region *r, const char **why) {
  if (r->n_blocks <= 1) return NULL;
  const ir_block **order = ir_xcalloc(r->n_blocks, sizeof *order);
  uint32_t n = rpo(r, order);
  uint32_t *pos = ir_xcalloc(r->n_blocks, sizeof *pos);
  for (uint32_t k = 0; k < r->n_blocks; k++) pos[k] = UINT32_MAX; /* unreachable */
  for (uint32_t k = 0; k < n; k++) pos[order[k]->index] = k;
  const ir_op *bad = NULL;
  for (uint32_t k = 0; k < n && !bad; k++) {
    const ir_block *b = order[k];
    const ir_op *t = b->last;
    if (!t || t->code == IR_OP_TT_RETURN) continue; /* an empty block: malformed */
    if (!is_branch(t)) {
      bad = t;
      *why = "a block that ends in neither a branch nor tt.return";
      break;
    }
    bool cond = t->code == IR_OP_CF_COND_BR;
    uint32_t nc = 0;
    if (cond) ir_seg(t, IR_SEG_CF_COND_BR_COND, &nc);
    if (t->n_successors != (cond ? 2u : 1u) || (cond && nc != 1)) {
      bad = t;
      *why = "a malformed branch";
      break;
    }
    for (uint32_t s = 0; s < t->n_successors && !bad; s++) {
      const ir_block *to = t->successors[s];
      uint32_t na = 0;
      edge_args(t, s, &na);
      if (!to || to->parent != r || pos[to->index] <= k) {
        bad = t;
        *why = "a branch back to an earlier block (a loop through blocks)";
      } else if (na != to->n_args) {
        bad = t;
        *why = "a malformed branch (operands and block arguments differ in number)";
      }
      for (uint32_t a = 0; !bad && a < na; a++)
        if (!sym_value_width(to->args[a]->type)) {
          bad = t;
          *why = "a branch passing a value that is not an integer (views and tensors joined at "
                 "a block are not encoded)";
        }
    }
  }
  free(order);
  free(pos);
  return bad;
}

void sym_cfg_open(sym_ctx *c) {
  const ir_region *r = c->fn->op->regions[0];
  const char *why;
  /* a refused body keeps the old walk (sym_build.c: its later blocks' events unsupported);
   * sym_check.c makes every condition unknown for it anyway */
  if (r->n_blocks <= 1 || sym_cfg_refusal(r, &why)) return;
  sym_cfg *g = ir_xcalloc(1, sizeof *g);
  g->r = r;
  g->order = ir_xcalloc(r->n_blocks, sizeof *g->order);
  g->n = rpo(r, g->order);
  g->pos = ir_xcalloc(r->n_blocks, sizeof *g->pos);
  for (uint32_t k = 0; k < r->n_blocks; k++) g->pos[k] = UINT32_MAX;
  for (uint32_t k = 0; k < g->n; k++) g->pos[g->order[k]->index] = k;
  g->path = ir_xcalloc(r->n_blocks, sizeof *g->path);
  g->taint = ir_xcalloc(r->n_blocks, 1);
  g->busy = ir_xcalloc(r->n_blocks, 1);
  g->fresh = ir_xcalloc(r->n_blocks, sizeof *g->fresh);
  c->cfg = g;
}

void sym_cfg_close(sym_ctx *c) {
  sym_cfg *g = c->cfg;
  if (!g) return;
  free(g->order);
  free(g->pos);
  free(g->path);
  free(g->taint);
  free(g->busy);
  free(g->fresh);
  free(g);
  c->cfg = NULL;
}

void sym_cfg_forget(sym_ctx *c) {
  sym_cfg *g = c->cfg;
  if (!g) return;
  memset(g->path, 0, g->r->n_blocks * sizeof *g->path);
  memset(g->taint, 0, g->r->n_blocks);
}

/* Bool: branch t (ending block b) takes its edge to successor s; *taint when its condition
 * is havoc or fresh. */
static Z3_ast edge_cond(sym_ctx *c, const ir_block *b, const ir_op *t, uint32_t s, bool *taint) {
  if (t->code != IR_OP_CF_COND_BR) return Z3_mk_true(c->z);
  uint32_t nc = 0;
  const ir_value *cv = ir_seg(t, IR_SEG_CF_COND_BR_COND, &nc);
  Z3_ast kv = cv && nc == 1 ? sym_eval(c, cv) : NULL;
  Z3_ast kb;
  if (kv) {
    kb = sym_truth(c, kv);
    *taint |= sym_tainted(c, cv);
  } else {
    if (!c->cfg->fresh[b->index]) c->cfg->fresh[b->index] = sym_fresh(c, "?br", Z3_mk_bool_sort(c->z));
    kb = c->cfg->fresh[b->index];
    *taint = true;
  }
  return s == 0 ? kb : sym_not(c, kb);
}

Z3_ast sym_cfg_path(sym_ctx *c, const ir_block *b, bool *taint) {
  sym_cfg *g = c->cfg;
  uint32_t i = b->index;
  if (!g || b == c->entry) return Z3_mk_true(c->z);
  if (g->pos[i] == UINT32_MAX) return Z3_mk_false(c->z); /* unreachable: never runs */
  if (g->path[i]) {
    *taint |= g->taint[i];
    return g->path[i];
  }
  if (g->busy[i]) { /* not expected (a DAG in SSA form): any value, tainted */
    *taint = true;
    return sym_fresh(c, "?path", Z3_mk_bool_sort(c->z));
  }
  g->busy[i] = 1;
  Z3_ast p = NULL;
  bool pt = false;
  for (uint32_t k = 0; k < g->pos[i]; k++) {
    const ir_block *q = g->order[k];
    const ir_op *t = q->last;
    if (!is_branch(t)) continue;
    for (uint32_t s = 0; s < t->n_successors; s++) {
      if (t->successors[s] != b) continue;
      Z3_ast e = sym_and2(c, sym_cfg_path(c, q, &pt), edge_cond(c, q, t, s, &pt));
      p = p ? sym_or2(c, p, e) : e;
    }
  }
  if (!p) p = Z3_mk_false(c->z);
  g->busy[i] = 0;
  g->path[i] = p;
  g->taint[i] = pt;
  *taint |= pt;
  return p;
}

Z3_ast sym_cfg_arg(sym_ctx *c, const ir_value *v, bool *taint) {
  sym_cfg *g = c->cfg;
  const ir_block *b = v->block;
  if (!g || !b || b->parent != g->r || g->pos[b->index] == UINT32_MAX) return NULL;
  Z3_ast val = NULL;
  for (uint32_t k = 0; k < g->pos[b->index]; k++) {
    const ir_block *q = g->order[k];
    const ir_op *t = q->last;
    if (!is_branch(t)) continue;
    for (uint32_t s = 0; s < t->n_successors; s++) {
      if (t->successors[s] != b) continue;
      uint32_t n = 0;
      ir_value *const *args = edge_args(t, s, &n);
      if (v->arg_idx >= n) return NULL; /* refused by sym_cfg_refusal */
      Z3_ast x = sym_eval(c, args[v->arg_idx]);
      if (!x) return NULL;
      *taint |= sym_tainted(c, args[v->arg_idx]);
      if (!val) { /* the first edge: the value when no later edge is taken */
        val = x;
        continue;
      }
      Z3_ast e = sym_and2(c, sym_cfg_path(c, q, taint), edge_cond(c, q, t, s, taint));
      val = sym_ite(c, e, x, val);
    }
  }
  return val;
}
