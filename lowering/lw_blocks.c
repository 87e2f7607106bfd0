/* lw_blocks.c: a kernel body of several blocks joined by cf.br / cf.cond_br (Triton keeps an
 * early exit as one: triton_kernels' `if pid >= total_tiles: return` becomes `cf.cond_br %c,
 * ^bb1, ^bb2` with ^bb1 holding the tt.return; tests/corpus/amd/amd_tk_matmul_*_ragged_gs).
 * Each IR block becomes an LLVM block with the same scalar arguments; a branch becomes
 * llvm.br / llvm.cond_br (a cond_br through one trampoline block per edge, each edge passing
 * its own operands). Supported when every branch goes forward (to a later block: no loop
 * through blocks, so the shared-memory plan's liveness by op order holds; a buffer allocated
 * in such a body is live for the whole kernel anyway, lw_plan_live.c), every block argument
 * is a scalar, and the kernel has no warp_specialize (its worker loop is entered from the
 * entry block: lw_ws.c). Otherwise refused at the branch. The CTA-wide effects of an exit
 * (the tcgen05 dealloc, the cluster sync, the recorder) are those of each tt.return. The
 * pending shared accesses of membar-lite (lw_sync.c) at a block's entry are the union of
 * those at the branches into it (all earlier: the branches go forward). */
#include <assert.h>

#include "lw_int.h"

/* The branch ending block b (NULL when b ends otherwise). */
static const ir_op *branch_of(const ir_block *b) {
  const ir_op *t = b->last;
  return t && (t->code == IR_OP_CF_BR || t->code == IR_OP_CF_COND_BR) ? t : NULL;
}

/* 0 when the lowering below handles body; else refused at the op that keeps it from it. */
static int check(lw_ctx *c, const ir_region *body) {
  for (uint32_t i = 0; i < body->n_blocks; i++) {
    const ir_block *b = body->blocks[i];
    for (uint32_t k = 0; i && k < b->n_args; k++) {
      const ir_type *t = b->args[k]->type;
      const char *ty = lw_llty(t);
      if (!ty || t->kind == IR_T_TENSOR || t->kind == IR_T_MEMDESC || t->kind == IR_T_TENSORDESC)
        return lw_fail(c, branch_of(body->blocks[i - 1]) ? body->blocks[i - 1]->last : c->fn->op,
                       "unstructured control flow: block ^%s takes a value that is not a scalar (not lowered)",
                       b->label ? b->label : "?");
    }
    const ir_op *br = branch_of(b);
    if (!br) continue;
    if (c->ws.nops)
      return lw_fail(c, br, "unstructured control flow in a warp-specialized kernel is not lowered");
    for (uint32_t s = 0; s < br->n_successors; s++)
      if (br->successors[s]->parent != body || br->successors[s]->index <= i)
        return lw_fail(c, br, "unstructured control flow: a branch back to ^%s (a loop through blocks) is not lowered",
                       br->successors[s]->label ? br->successors[s]->label : "?");
  }
  return 0;
}

/* Jump to IR block `to` (LLVM block blk[to->index]) with the operands of segment seg of br. */
static void jump(lw_ctx *c, const ir_op *br, int seg, const ir_block *to, const uint32_t *blk,
                 unsigned *mb_at) {
  mb_at[to->index] |= c->rg->mb;
  uint32_t n = 0;
  (void)ir_seg(br, seg, &n);
  assert(n == to->n_args); /* the parser checks a branch's operands against its target's arguments */
  lw_ssa *args = n ? lw_alloc(c, n * sizeof *args) : NULL;
  const char **tys = n ? lw_alloc(c, n * sizeof *tys) : NULL;
  for (uint32_t k = 0; k < n; k++) {
    args[k] = lw_scalar(c, br->operands[br->seg_start[seg] + k]);
    tys[k] = lw_llty(to->args[k]->type);
  }
  lw_br(c, blk[to->index], args, tys, n);
}

int lw_lower_body(lw_ctx *c, const ir_region *body) {
  if (body->n_blocks == 1) return lw_lower_block(c, body->blocks[0]);
  if (check(c, body)) return -1;
  uint32_t *blk = lw_alloc(c, body->n_blocks * sizeof *blk);
  unsigned *mb_at = lw_alloc(c, body->n_blocks * sizeof *mb_at); /* zeroed */
  for (uint32_t i = 1; i < body->n_blocks; i++) blk[i] = lw_newblk(c);
  for (uint32_t i = 0; i < body->n_blocks; i++) {
    const ir_block *b = body->blocks[i];
    if (i) {
      lw_ssa *args = b->n_args ? lw_alloc(c, b->n_args * sizeof *args) : NULL;
      const char **tys = b->n_args ? lw_alloc(c, b->n_args * sizeof *tys) : NULL;
      for (uint32_t k = 0; k < b->n_args; k++) {
        args[k] = lw_new(c);
        tys[k] = lw_llty(b->args[k]->type);
        lw_set(c, b->args[k], (lw_val){.kind = LV_SCALAR, .ty = tys[k], .s = args[k]});
      }
      lw_block_args(c, blk[i], args, tys, b->n_args);
      c->rg->mb = mb_at[i];
    }
    const ir_op *br = branch_of(b);
    for (const ir_op *op = b->first; op && op != br; op = op->next) {
      if (!lw_is_terminator(op) && lw_lower_op(c, op)) return -1;
      if (c->cl_init_sync && op == c->cl_init_after) lw_cluster_init_sync(c);
    }
    if (c->err) return -1;
    if (!br) continue; /* ends with tt.return (lowered above) */
    c->cur = br;
    if (br->code == IR_OP_CF_BR) {
      jump(c, br, IR_SEG_CF_BR_ARGS, br->successors[0], blk, mb_at);
      continue;
    }
    uint32_t nc = 0;
    ir_value *cond = ir_seg(br, IR_SEG_CF_COND_BR_COND, &nc);
    if (br->n_successors != 2 || nc != 1 || !cond) return lw_fail(c, br, "malformed cf.cond_br");
    uint32_t t = lw_newblk(c), f = lw_newblk(c);
    lw_cond_br(c, lw_scalar(c, cond), t, f);
    lw_block(c, t);
    jump(c, br, IR_SEG_CF_COND_BR_TRUE_ARGS, br->successors[0], blk, mb_at);
    lw_block(c, f);
    jump(c, br, IR_SEG_CF_COND_BR_FALSE_ARGS, br->successors[1], blk, mb_at);
  }
  return c->err ? -1 : 0;
}
