/* lw_ws.c: ttg.warp_specialize. The default warps run the kernel body; every other warp sits
 * in a worker loop: bar.sync 1 (all threads), read its state byte from shared memory, run
 * that partition, repeat. Per warp_specialize the default warps write the states and the
 * captures, then three all-thread barriers on id 1 delimit it: A releases the workers, B
 * follows the capture loads, C joins at the end (tlx-ir.md §0, semantics.md §5 "reserved
 * ids"). Partition i syncs internally on named barrier 2+i. setmaxnreg moves registers from
 * the workers to the default warps when the op requests it (semantics.md §7). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"
#include "ir/ir_wsgroups.h"
#include "ir/ir_alloc.h"

/* ------------------------------------------------------------------ analysis */

/* Default and partition regions of a warp_specialize op (partitions may sit in a nested
 * ttg.warp_specialize.partitions op). Returns the number of partitions. */
static int ws_regions(const ir_op *op, const ir_region **def, const ir_region **parts, int max) {
  int n = 0;
  *def = NULL;
  for (uint32_t r = 0; r < op->n_regions; r++) {
    const ir_region *rg = op->regions[r];
    if (!*def && (r == 0 || (rg->label && !strcmp(rg->label, "default")))) {
      *def = rg;
      continue;
    }
    if (rg->n_blocks == 1 && rg->blocks[0]->first &&
        rg->blocks[0]->first->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) {
      const ir_op *p = rg->blocks[0]->first;
      for (uint32_t k = 0; k < p->n_regions && n < max; k++) parts[n++] = p->regions[k];
      continue;
    }
    if (n < max) parts[n++] = rg;
  }
  return n;
}

typedef struct ws_collect {
  const ir_op *ops[LW_MAX_WS];
  int n;
  const ir_op *bad;   /* nested or too many */
} ws_collect;

static void collect(ws_collect *w, const ir_op *op, bool in_ws) {
  if (op->code == IR_OP_TTG_WARP_SPECIALIZE) {
    if (in_ws || w->n == LW_MAX_WS) {
      if (!w->bad) w->bad = op;
      return;
    }
    w->ops[w->n++] = op;
    in_ws = true;
  }
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) collect(w, o, in_ws);
}

static int ceil8(int v) { return (v + 7) / 8 * 8; }

/* Register budget of one op (Triton's allocation rule): each partition warpgroup gets the
 * largest request of its partitions, the default warps what is left. */
static void ws_registers(lw_ctx *c, lw_wsop *o, const ir_attr *req, int nreal) {
  lw_ws *w = &c->ws;
  int nwg = (w->total_warps - w->num_warps) / 4;
  int wgmax[16] = {0};
  if (nwg > 16 || w->num_warps % 4) return;
  for (int i = 0; i < o->nparts; i++) {
    int r = i < nreal ? (int)req->ivals[i] : 16;
    int g = (o->parts[i].start - w->num_warps) / 4;
    if (ceil8(r) > wgmax[g]) wgmax[g] = ceil8(r);
  }
  int64_t budget = (int64_t)w->maxnreg * w->num_warps * 32;
  for (int g = 0; g < nwg; g++) budget += (int64_t)(w->maxnreg - wgmax[g]) * 4 * 32;
  if (budget <= 0) return;
  int left = (int)(budget / (w->num_warps * 32)) / 8 * 8;
  if (left < 24) return;
  o->def_regs = left > 256 ? 256 : left;
  for (int i = 0; i < o->nparts; i++) {
    int g = (o->parts[i].start - w->num_warps) / 4;
    int r = wgmax[g] < 24 ? 24 : wgmax[g];
    o->parts[i].regs = r > 256 ? 256 : r;
  }
  w->realloc = true;
}

int lw_ws_analyze(lw_ctx *c) {
  lw_ws *w = &c->ws;
  memset(w, 0, sizeof *w);
  w->num_warps = (int)ir_module_attr_int(c->m, "ttg.num-warps", 4);
  if (w->num_warps < 1 || w->num_warps > 32)
    return lw_fail(c, c->fn->op, "ttg.num-warps = %d is out of range", w->num_warps);
  ws_collect col = {0};
  collect(&col, c->fn->op, false);
  if (col.bad) return lw_fail(c, col.bad, "nested or more than %d warp_specialize ops are not supported", LW_MAX_WS);
  c->threads = w->num_warps << c->lane_bits;
  if (!col.n) return 0;
  if (lw_target_is_amd(c->target)) return lw_unsupported(c, col.ops[0]); /* no WS on gfx9 */
  w->nops = col.n;
  int max_extra = 0;
  int nreal[LW_MAX_WS];
  for (int i = 0; i < col.n; i++) {
    lw_wsop *o = &w->ops[i];
    const ir_region *parts[LW_MAX_PARTS];
    o->op = col.ops[i];
    nreal[i] = ws_regions(o->op, &o->def, parts, LW_MAX_PARTS);
    if (!o->def) return lw_fail(c, o->op, "warp_specialize without a default region");
    int extra = 0;
    for (int k = 0; k < nreal[i]; k++) {
      int nw = ir_ws_part_warps(o->op, parts[k], k);
      if (nw < 1 || (nw & (nw - 1))) return lw_fail(c, o->op, "partition%d has %d warps", k, nw);
      o->parts[k] = (lw_part){.r = parts[k], .nw = nw, .state = k};
      extra += nw;
    }
    o->nparts = nreal[i];
    if (extra > max_extra) max_extra = extra;
  }
  int nwg = (max_extra + 3) / 4;
  w->total_warps = w->num_warps + nwg * 4;
  if (w->total_warps > 32) return lw_fail(c, w->ops[0].op, "the kernel needs %d warps, more than 32", w->total_warps);
  int state = 0;
  for (int i = 0; i < col.n; i++) {
    lw_wsop *o = &w->ops[i];
    /* Padding partitions and start warps: Triton's rule (ir/ir_wsgroups.h). */
    int nw[IR_WS_MAX_PARTS], start[IR_WS_MAX_PARTS], ids[IR_WS_MAX_PARTS], n_ids = 0;
    for (int k = 0; k < o->nparts; k++) nw[k] = o->parts[k].nw;
    const ir_attr *a = ir_op_attr(o->op, "warpGroupStartIds");
    if (a && a->kind == IR_A_DENSE_ARRAY)
      for (uint32_t k = 0; k < a->n && n_ids < IR_WS_MAX_PARTS; k++) ids[n_ids++] = (int)a->ivals[k];
    int lim = LW_MAX_PARTS < IR_WS_MAX_PARTS ? LW_MAX_PARTS : IR_WS_MAX_PARTS;
    int all = ir_ws_groups(w->num_warps, max_extra, nw, o->nparts, ids, n_ids, start, lim);
    if (all < 0) return lw_fail(c, o->op, "too many partitions");
    for (int k = o->nparts; k < all; k++) o->parts[k] = (lw_part){.r = NULL, .nw = nw[k], .state = k};
    o->nparts = all;
    for (int k = 0; k < all; k++) o->parts[k].start = start[k];
    uint64_t seen = 0;
    for (int k = 0; k < o->nparts; k++) {
      lw_part *p = &o->parts[k];
      if (p->start < w->num_warps || p->start + p->nw > w->total_warps)
        return lw_fail(c, o->op, "partition%d starts at warp %d, outside the worker warps", k, p->start);
      uint64_t m = ((1ULL << p->nw) - 1) << p->start;
      if (seen & m) return lw_fail(c, o->op, "partitions share warps");
      seen |= m;
      p->state = state++;
    }
  }
  w->exit_state = state;
  if (state > 250) return lw_fail(c, w->ops[0].op, "too many partitions");
  c->threads = w->total_warps * 32;
  /* Registers. */
  w->maxnreg = (int)ir_module_attr_int(c->m, "ttg.maxnreg", 0);
  if (!w->maxnreg) w->maxnreg = 65536 / c->threads / 8 * 8;
  /* .maxnreg takes at most 255 (ptxas ignores a larger one, and then the setmaxnreg budget
   * would not hold): the largest multiple of 8 below is 248. */
  if (w->maxnreg > 248) w->maxnreg = 248;
  for (int i = 0; i < col.n; i++) {
    const ir_attr *req = ir_op_attr(w->ops[i].op, "requestedRegisters");
    if (req && req->kind == IR_A_DENSE_ARRAY && (int)req->n == nreal[i] && w->maxnreg >= 24)
      ws_registers(c, &w->ops[i], req, nreal[i]);
  }
  if (w->realloc) {
    int workers = w->total_warps - w->num_warps;
    w->low_regs = 24;
    int def = (w->maxnreg + (w->maxnreg - 24) * workers / w->num_warps) / 8 * 8;
    if (def > 256) {
      def = 256;
      int give = (256 - w->maxnreg) * w->num_warps / workers;
      w->low_regs = (w->maxnreg - give) / 8 * 8;
    }
    w->entry_regs = def;
    for (int i = 0; i < col.n; i++)
      if (!w->ops[i].def_regs) {
        /* No budget for this op: everyone keeps what it has outside it. */
        w->ops[i].def_regs = w->entry_regs;
        for (int k = 0; k < w->ops[i].nparts; k++) w->ops[i].parts[k].regs = w->low_regs;
      }
  }
  w->switch_blk = lw_newblk(c);
  return 0;
}

/* ------------------------------------------------------------------ emission helpers */

static void bar_all(lw_ctx *c) {
  lw_ssa one = lw_i32(c, 1);
  lw_stmt(c, "nvvm.barrier id = %s", lw_n(c, one));
}

static void setmaxnreg(lw_ctx *c, int from, int to) {
  if (!c->ws.realloc || from == to) return;
  lw_stmt(c, "nvvm.setmaxregister %s %d", to > from ? "increase" : "decrease", to);
}

/* Back edge to the worker loop. LICM is disabled on it: hoisting partition code into the
 * loop would keep values live in the workers' reduced register budget. */
static void br_switch(lw_ctx *c) {
  lw_stmt(c, "llvm.br ^bb%u {loop_annotation = #llvm.loop_annotation<licm = <disable = true>>}",
          c->ws.switch_blk);
}

static lw_ssa ws_slot(lw_ctx *c, int64_t byte) {
  return lw_gep_imm(c, c->smem, (int64_t)c->plan.ws_off + byte);
}

/* Values a partition can recompute instead of receiving through shared memory: kernel
 * arguments, constants, allocations, views of them and pure scalar math on those. */
static bool can_remat(lw_ctx *c, const ir_value *v, int depth) {
  if (!v->def) return v->block == c->fn->op->regions[0]->blocks[0];
  const ir_op *d = v->def;
  if (depth > 8 || d->n_regions) return false;
  switch (d->code) {
  case IR_OP_ARITH_CONSTANT: case IR_OP_TT_GET_PROGRAM_ID: case IR_OP_TT_GET_NUM_PROGRAMS:
    return true;
  case IR_OP_TTG_LOCAL_ALLOC: case IR_OP_TTNG_TMEM_ALLOC: return d->n_operands == 0;
  case IR_OP_TTNG_TMEM_SUBSLICE:
  case IR_OP_TTG_MEMDESC_INDEX: case IR_OP_TTG_MEMDESC_SUBSLICE: case IR_OP_TTG_MEMDESC_TRANS:
  case IR_OP_TTG_MEMDESC_RESHAPE: case IR_OP_TTG_MEMDESC_REINTERPRET:
    break;
  default:
    if (ir_ops[d->code].cls != IR_C_SCALAR || d->code == IR_OP_TT_INLINE_ASM ||
        d->code == IR_OP_TT_EXTERN_ELEMENTWISE || d->n_results != 1 ||
        v->type->kind == IR_T_TENSOR)
      return false;
  }
  for (uint32_t i = 0; i < d->n_operands; i++)
    if (!can_remat(c, d->operands[i], depth + 1)) return false;
  return true;
}

static int remat(lw_ctx *c, const ir_value *v) {
  if (!v->def) return 0; /* a kernel argument: bound for the whole function */
  for (uint32_t i = 0; i < v->def->n_operands; i++)
    if (remat(c, v->def->operands[i])) return -1;
  return lw_lower_op(c, v->def);
}

static const char *slot_ty(const lw_val *v) {
  return v->kind == LV_MEMDESC ? "!llvm.ptr<3>" : v->kind == LV_DESC ? "!llvm.ptr"
         : v->kind == LV_TMEM ? "i32" : v->ty;
}

/* ------------------------------------------------------------------ partitions */

static int emit_partition(lw_ctx *c, const lw_wsop *o, int k, uint32_t blk, int real_idx) {
  const lw_part *p = &o->parts[k];
  const lw_ws *w = &c->ws;
  lw_block(c, blk);
  setmaxnreg(c, w->low_regs, p->regs);
  if (p->r) {
    lw_region pr;
    lw_region_begin(c, &pr, LW_R_PARTITION, real_idx, p->start, p->nw);
    const ir_block *b = p->r->blocks[0];
    uint32_t ncap = o->op->n_operands;
    if (b->n_args != ncap) return lw_fail(c, o->op, "partition%d arguments do not match the captures", real_idx);
    for (uint32_t i = 0; i < ncap; i++) {
      const ir_value *cap = o->op->operands[i];
      if (can_remat(c, cap, 0)) {
        if (remat(c, cap)) return -1;
        lw_set(c, b->args[i], *lw_get(c, cap));
        continue;
      }
      lw_val v = *lw_get(c, cap); /* kind, type and static offsets as the default side has them */
      lw_ssa ptr = ws_slot(c, 64 + 8 * (int64_t)i);
      v.s = lw_op(c, "llvm.load %s {alignment = 8 : i64} : !llvm.ptr<3> -> %s", lw_n(c, ptr), slot_ty(&v));
      lw_set(c, b->args[i], v);
    }
    bar_all(c); /* B */
    if (lw_lower_block(c, b)) return -1;
  } else {
    bar_all(c); /* B */
  }
  bar_all(c); /* C */
  setmaxnreg(c, p->regs, w->low_regs);
  br_switch(c);
  return 0;
}

/* ------------------------------------------------------------------ the op */

static lw_wsop *find(lw_ctx *c, const ir_op *op) {
  for (int i = 0; i < c->ws.nops; i++)
    if (c->ws.ops[i].op == op) return &c->ws.ops[i];
  return NULL;
}

int lw_ws_lower(lw_ctx *c, const ir_op *op) {
  lw_wsop *o = find(c, op);
  if (!o || c->rg->kind == LW_R_PARTITION) return lw_fail(c, op, "unexpected warp_specialize");
  lw_ws *w = &c->ws;
  /* Default side: the state byte of every worker warp and the captures. Every default thread
   * stores the same bytes (no predication needed). */
  for (int k = 0; k < o->nparts; k++)
    for (int x = 0; x < o->parts[k].nw; x++) {
      lw_ssa s = lw_const_int(c, "i8", o->parts[k].state);
      lw_stmt(c, "llvm.store %s, %s : i8, !llvm.ptr<3>", lw_n(c, s),
              lw_n(c, ws_slot(c, o->parts[k].start + x - w->num_warps)));
    }
  for (uint32_t i = 0; i < op->n_operands; i++) {
    const ir_value *cap = op->operands[i];
    if (can_remat(c, cap, 0)) continue;
    lw_val *v = lw_get(c, cap);
    if (v->kind == LV_TENSOR || v->kind == LV_NONE)
      return lw_fail(c, op, "capture %u of warp_specialize is not a scalar the lowering can pass", i);
    lw_stmt(c, "llvm.store %s, %s {alignment = 8 : i64} : %s, !llvm.ptr<3>", lw_n(c, v->s),
            lw_n(c, ws_slot(c, 64 + 8 * (int64_t)i)), slot_ty(v));
  }
  bar_all(c); /* A: releases the workers */
  setmaxnreg(c, w->entry_regs, o->def_regs);
  bar_all(c); /* B */
  /* Partitions, into their own text (appended after the function body). */
  uint32_t *blks = lw_alloc(c, (size_t)o->nparts * sizeof *blks);
  for (int k = 0; k < o->nparts; k++) blks[k] = lw_newblk(c);
  lw_sb *saved_out = c->out;
  lw_region *saved_rg = c->rg;
  lw_val *snap = ir_xmalloc(c->nvals, sizeof *snap);
  if (!snap) return lw_fail(c, op, "out of memory");
  memcpy(snap, c->vals, c->nvals * sizeof *snap);
  c->out = &c->parts;
  int real = 0, rc = 0;
  for (int k = 0; k < o->nparts && !rc; k++) {
    c->rg = saved_rg; /* each partition sets its own region; padding has none */
    rc = emit_partition(c, o, k, blks[k], o->parts[k].r ? real : -1);
    if (o->parts[k].r) real++;
    memcpy(c->vals, snap, c->nvals * sizeof *snap);
  }
  free(snap);
  c->out = saved_out;
  c->rg = saved_rg;
  if (rc) return -1;
  /* The switch needs each state's block. */
  for (int k = 0; k < o->nparts; k++) o->parts[k].blk = blks[k];
  /* Default region, on the default warps. */
  c->rg->mb = 0;
  const ir_block *db = o->def->blocks[0];
  if (lw_lower_block(c, db)) return -1;
  const ir_op *y = db->last;
  uint32_t ny = y && y->code == IR_OP_TTG_WARP_YIELD ? y->n_operands : 0;
  uint32_t nf = lw_flat_count(c, y ? y->operands : NULL, ny);
  lw_ssa *fs = lw_alloc(c, (nf + 1) * sizeof *fs);
  const char **ft = lw_alloc(c, (nf + 1) * sizeof *ft);
  if (ny) lw_flatten(c, y->operands, ny, fs, ft, nf);
  bar_all(c); /* C: joins the partitions */
  setmaxnreg(c, o->def_regs, w->entry_regs);
  c->rg->mb = 0;
  uint32_t after = lw_newblk(c);
  lw_br(c, after, fs, ft, nf);
  lw_ssa *args = lw_alloc(c, (nf + 1) * sizeof *args);
  for (uint32_t i = 0; i < nf; i++) args[i] = lw_new(c);
  lw_block_args(c, after, args, ft, nf);
  return lw_unflatten(c, op->results, op->n_results, args, op);
}

void lw_ws_kernel_exit(lw_ctx *c) {
  if (!c->ws.nops || c->rg->kind == LW_R_PARTITION) return;
  lw_ssa s = lw_const_int(c, "i8", c->ws.exit_state);
  for (int x = 0; x < c->ws.total_warps - c->ws.num_warps; x++)
    lw_stmt(c, "llvm.store %s, %s : i8, !llvm.ptr<3>", lw_n(c, s), lw_n(c, ws_slot(c, x)));
  bar_all(c); /* releases the workers into the exit state */
}

void lw_ws_emit_switch(lw_ctx *c) {
  lw_ws *w = &c->ws;
  uint32_t idle = lw_newblk(c), ex = lw_newblk(c);
  lw_block(c, w->switch_blk);
  setmaxnreg(c, w->maxnreg, w->low_regs); /* a no-op after the first round */
  bar_all(c); /* A */
  lw_ssa wid = lw_bin_imm(c, "llvm.lshr", c->tid, 5, "i32");
  lw_ssa rel = lw_bin_imm(c, "llvm.sub", wid, w->num_warps, "i32");
  lw_ssa p = lw_gep(c, lw_gep_imm(c, c->smem, c->plan.ws_off), rel);
  lw_ssa st = lw_op(c, "llvm.load %s : !llvm.ptr<3> -> i8", lw_n(c, p));
  lw_sb_printf(c->out, "    llvm.switch %s : i8, ^bb%u [\n", lw_n(c, st), idle);
  for (int i = 0; i < w->nops; i++)
    for (int k = 0; k < w->ops[i].nparts; k++)
      lw_sb_printf(c->out, "      %d: ^bb%u,\n", w->ops[i].parts[k].state, w->ops[i].parts[k].blk);
  lw_sb_printf(c->out, "      %d: ^bb%u\n    ]\n", w->exit_state, ex);
  lw_block(c, idle);
  bar_all(c);
  bar_all(c);
  br_switch(c);
  lw_block(c, ex);
  if (c->clustered) lw_cluster_sync(c, false); /* with the default warps' (lw_func.c) */
  lw_rec_exit(c);
  lw_stmt(c, "llvm.return");
}
