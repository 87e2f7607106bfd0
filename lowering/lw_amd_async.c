/* lw_amd_async.c: direct-to-LDS copies on gfx942 / gfx950 (semantics.md §8.1): an unmasked
 * ttg.async_copy_global_to_local is one llvm.amdgcn.global.load.lds of 4 bytes per lane per
 * instruction (global_load_lds_dword: lane L writes M0 + 4*L, AMDGPUUsage "LDS DMA"), and
 * ttg.async_wait {num} is `s_waitcnt vmcnt(n)` with n the direct-to-LDS instructions of the
 * youngest num commit groups (LLVM 22 has no asyncmark intrinsics). Vector-memory operations
 * complete in issue order ("Memory Model GFX942"), and loads to registers and stores also count
 * in vmcnt, so counting only the copies waits at least as long as the groups need (as Triton's
 * UpdateAsyncWaitCount). Where the count is not one static number it waits for vmcnt(0). */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

#define LW_DMA_BYTES 4 /* bytes per lane of one global_load_lds_dword */
#define LW_BUF_OOB (-2147483647 - 1) /* 0x80000000: past the buffer resource's range (lw_amd_buffer.c) */

/* Instructions one lane issues for an async copy (the pointer tensor's layout) or a
 * buffer_load_to_local (the offsets' layout): 4 bytes each, from the types alone. */
static int dma_count(const ir_op *op) {
  bool buf = op->code == IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL;
  /* the buffer form's offsets, else the async copy's pointers; pv: the pointer(s) of either */
  _Static_assert(IR_SEG_TTG_ASYNC_COPY_G2L_SRC == IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_PTR, "one segment");
  const ir_value *lv = ir_seg(op, buf ? IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_OFFSETS : IR_SEG_TTG_ASYNC_COPY_G2L_SRC, NULL);
  const ir_value *pv = ir_seg(op, IR_SEG_TTG_ASYNC_COPY_G2L_SRC, NULL);
  const ir_type *st = lv ? lv->type : NULL;
  lw_ll l;
  char err[160];
  if (!st || !pv || st->kind != IR_T_TENSOR || lw_ll_of_type(st, &l, err, sizeof err)) return -1;
  const ir_type *pe = buf ? pv->type : st->elem;
  const char *ety = pe && pe->kind == IR_T_PTR ? lw_llty(pe->elem) : NULL;
  int eb = ety ? lw_ty_bits(ety) / 8 : 0;
  if (eb < 1 || eb > LW_DMA_BYTES) return -1;
  return (int)(lw_ll_nregs(&l) * (uint32_t)eb / LW_DMA_BYTES);
}

typedef struct scan {
  int kmin;   /* smallest group seen, in instructions; -1 none yet */
  bool bad;   /* the youngest groups are not static: every wait is vmcnt(0) */
} scan;

/* Walks a block in order; `pending` copies not yet committed. Copies or commits under scf.if,
 * a wait or a block end with uncommitted copies make the counts path-dependent. */
static int scan_block(scan *s, const ir_block *b, int pending, bool cond);

static int scan_op(scan *s, const ir_op *op, int pending, bool cond) {
  switch (op->code) {
  case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL: {
    int n = dma_count(op);
    if (n < 0 || cond) s->bad = true;
    return pending + (n > 0 ? n : 0);
  }
  case IR_OP_TTG_ASYNC_COMMIT_GROUP:
    if (cond || pending == 0) s->bad = true;
    if (s->kmin < 0 || pending < s->kmin) s->kmin = pending;
    return 0;
  case IR_OP_TTG_ASYNC_WAIT: case IR_OP_AMDG_ASYNC_WAIT:
    if (pending) s->bad = true;
    return pending;
  default: break;
  }
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++)
      if (scan_block(s, op->regions[r]->blocks[k], pending, cond || op->code == IR_OP_SCF_IF)) s->bad = true;
  return pending;
}

static int scan_block(scan *s, const ir_block *b, int pending, bool cond) {
  int p0 = pending;
  for (const ir_op *op = b->first; op; op = op->next) pending = scan_op(s, op, pending, cond);
  return pending != p0;
}

void lw_amd_async_analyze(lw_ctx *c) {
  scan s = {.kmin = -1};
  const ir_region *body = c->fn->op->regions[0];
  for (uint32_t k = 0; k < body->n_blocks; k++)
    if (scan_block(&s, body->blocks[k], 0, false)) s.bad = true;
  c->amd_group_insts = s.bad ? 0 : s.kmin < 0 ? 0 : s.kmin;
}

/* Coordinate of (register r, lane, warp) of l plus the view's offsets. */
static void coord_of(const lw_ll *l, uint32_t r, uint32_t lane, uint32_t warp, const int32_t *off,
                     int64_t *co) {
  for (int d = 0; d < l->rank; d++) {
    int32_t x = 0;
    for (int b = 0; b < l->nreg; b++) if (r >> b & 1) x ^= l->reg[b][d];
    for (int b = 0; b < l->nlane; b++) if (lane >> b & 1) x ^= l->lane[b][d];
    for (int b = 0; b < l->nwarp; b++) if (warp >> b & 1) x ^= l->warp[b][d];
    co[d] = (int64_t)x + off[d];
  }
}

/* True when every instruction's lanes write 4 consecutive bytes each at base + 4 * lane (the
 * base the same for the wave), the bytes of one lane being k consecutive registers. */
static bool lanes_linear(const lw_ll *l, const lw_smem_layout *sl, const int32_t *off, int k, int lanes) {
  uint32_t nregs = lw_ll_nregs(l), nw = 1u << l->nwarp;
  int64_t co[IR_MAX_RANK];
  for (uint32_t r0 = 0; r0 < nregs; r0 += (uint32_t)k)
    for (uint32_t w = 0; w < nw; w++) {
      coord_of(l, r0, 0, w, off, co);
      int64_t base = lw_smem_offset_const(sl, co);
      for (int L = 0; L < lanes; L++)
        for (int j = 0; j < k; j++) {
          coord_of(l, r0 + (uint32_t)j, (uint32_t)L, w, off, co);
          if (lw_smem_offset_const(sl, co) != base + (int64_t)L * LW_DMA_BYTES + (int64_t)j * sl->eb) return false;
        }
    }
  return true;
}

/* The copy both ops share: per instruction, the wave's LDS base made uniform for M0, then
 * global.load.lds from this lane's pointer, or raw.ptr.buffer.load.lds at this lane's byte
 * offset (rsrc != 0; out of range, hence zeros, where the mask is off). */
static int dma_emit(lw_ctx *c, const ir_op *op, const lw_val *m, const lw_val *pv, const lw_val *mk,
                    lw_ssa rsrc, int eb_src, const lw_ll *l, const lw_smem_layout *sl, int vg);

int lw_amd_dma(lw_ctx *c, const ir_op *op, const lw_val *m, const lw_val *pv, const lw_ll *l,
               const lw_smem_layout *sl, int vg, bool masked) {
  if (masked)
    return lw_fail(c, op, "a masked async copy is not supported for %s yet (LDS DMA has no zero fill)",
                   lw_target_name(c->target));
  return dma_emit(c, op, m, pv, NULL, 0, 0, l, sl, vg);
}

static int dma_emit(lw_ctx *c, const ir_op *op, const lw_val *m, const lw_val *pv, const lw_val *mk,
                    lw_ssa rsrc, int eb_src, const lw_ll *l, const lw_smem_layout *sl, int vg) {
  int eb = sl->eb, k = LW_DMA_BYTES / (eb ? eb : 1);
  int lanes = 1 << c->lane_bits;
  if (eb > LW_DMA_BYTES || k * eb != LW_DMA_BYTES || vg < k || lw_ll_nregs(l) % (uint32_t)k ||
      l->nlane != c->lane_bits || !lanes_linear(l, sl, m->off, k, lanes))
    return lw_fail(c, op, "this async copy's layouts do not give each lane 4 consecutive bytes at 4 * lane in LDS "
                          "(global_load_lds_dword)");
  lw_ssa thr[IR_MAX_RANK], co[IR_MAX_RANK];
  lw_thread_coord(c, l, thr);
  lw_ssa lane = lw_bin_imm(c, "llvm.and", c->rg->tid, lanes - 1, "i32");
  lw_ssa lane_b = lw_bin_imm(c, "llvm.mul", lane, LW_DMA_BYTES, "i32");
  lw_ssa sz = lw_i32(c, LW_DMA_BYTES), zero = lw_i32(c, 0);
  for (uint32_t i = 0; i < pv->n; i += (uint32_t)k) {
    lw_elem_coord(c, l, thr, i, co);
    /* The wave's base (lane 0's address), made uniform for M0. */
    lw_ssa a = lw_bin(c, "llvm.sub", lw_smem_addr(c, sl, m, co), lane_b, "i32");
    lw_ssa base = lw_smem_u32(c, lw_gep(c, m->s, a));
    lw_ssa ub = lw_op(c, "rocdl.readfirstlane %s : i32", lw_n(c, base));
    lw_ssa p3 = lw_cast(c, "llvm.inttoptr", ub, "i32", "!llvm.ptr<3>");
    if (!rsrc) {
      lw_stmt(c, "llvm.call_intrinsic \"llvm.amdgcn.global.load.lds\"(%s, %s, %s, %s, %s) : "
                 "(!llvm.ptr<1>, !llvm.ptr<3>, i32, i32, i32) -> ()",
              lw_n(c, pv->el[i]), lw_n(c, p3), lw_n(c, sz), lw_n(c, zero), lw_n(c, zero));
      continue;
    }
    lw_ssa off = lw_bin_imm(c, "llvm.mul", pv->el[i], eb_src, "i32");
    if (mk) {
      lw_ssa mm = mk->kind == LV_TENSOR ? mk->el[i] : mk->s;
      off = lw_op(c, "llvm.select %s, %s, %s : i1, i32", lw_n(c, mm), lw_n(c, off), lw_n(c, lw_i32(c, LW_BUF_OOB)));
    }
    lw_stmt(c, "llvm.call_intrinsic \"llvm.amdgcn.raw.ptr.buffer.load.lds\"(%s, %s, %s, %s, %s, %s, %s) : "
               "(!llvm.ptr<8>, !llvm.ptr<3>, i32, i32, i32, i32, i32) -> ()",
            lw_n(c, rsrc), lw_n(c, p3), lw_n(c, sz), lw_n(c, off), lw_n(c, zero), lw_n(c, zero), lw_n(c, zero));
  }
  if (op->n_results) lw_set(c, op->results[0], (lw_val){.kind = LV_NONE});
  return 0;
}

/* amdg.buffer_load_to_local %ptr[%offsets] into %dest (mask, other: zero fill only). */
int lw_amd_buffer_to_local(lw_ctx *c, const ir_op *op, const lw_val *m, const lw_smem_layout *sl) {
  ir_value *ptr = ir_seg(op, IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_PTR, NULL);
  ir_value *offs = ir_seg(op, IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_OFFSETS, NULL);
  ir_value *mask = ir_seg(op, IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_MASK, NULL);
  ir_value *other = ir_seg(op, IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_OTHER, NULL);
  /* The optional `stride` operand only feeds the resource's cache-swizzle field, which Triton
   * leaves off on CDNA3 / CDNA4 (BufferOpsEmitter::createResourceDescriptor keeps stride 0:
   * the swizzle code is disabled); the addresses are the offsets alone, as in lw_amd_buffer_op. */
  if (other && !lw_is_zero_const(other))
    return lw_fail(c, op, "amdg.buffer_load_to_local fills masked-off elements with zeros: `other` must be a constant 0");
  if (!ptr || ptr->type->kind != IR_T_PTR || !offs || offs->type->kind != IR_T_TENSOR)
    return lw_fail(c, op, "amdg.buffer_load_to_local needs a scalar base pointer and an offsets tensor");
  lw_val *ov = lw_get(c, offs);
  lw_ll l;
  char err[160];
  if (ov->kind != LV_TENSOR || lw_ll_of_type(offs->type, &l, err, sizeof err))
    return lw_fail(c, op, "amdg.buffer_load_to_local: bad offsets layout");
  if (lw_ll_nwarps(&l) != c->rg->num_warps)
    return lw_fail(c, op, "the tensor layout spans %d warps but the code runs on %d", lw_ll_nwarps(&l), c->rg->num_warps);
  int vg = lw_global_vec(c, &l, offs, mask, sl->eb);
  lw_ssa rsrc = lw_amd_buffer_rsrc(c, lw_scalar(c, ptr));
  return dma_emit(c, op, m, ov, mask ? lw_get(c, mask) : NULL, rsrc, sl->eb, &l, sl, vg);
}

int lw_amd_async_group(lw_ctx *c, const ir_op *op) {
  if (op->code == IR_OP_TTG_ASYNC_WAIT || op->code == IR_OP_AMDG_ASYNC_WAIT) {
    bool raw = op->code == IR_OP_AMDG_ASYNC_WAIT; /* num_inst: instructions, counted by Triton */
    int64_t num = ir_op_attr_int(op, raw ? "num_inst" : "num", 0);
    if (num < 0) return lw_fail(c, op, "async_wait count out of range");
    int64_t n = raw ? num : num * c->amd_group_insts;
    if (n > 63) n = 63; /* the vmcnt field saturates: waiting for more is safe */
    /* gfx9 s_waitcnt: vmcnt bits 3:0 and 15:14; expcnt (6:4) and lgkmcnt (13:8) left at max. */
    int64_t imm = (n & 0xF) | ((n >> 4) << 14) | 0x3FF0;
    lw_stmt(c, "rocdl.s.waitcnt %lld", (long long)imm);
  }
  /* async_commit_group: a marker; its groups were counted by lw_amd_async_analyze. */
  for (uint32_t i = 0; i < op->n_results; i++) lw_set(c, op->results[i], (lw_val){.kind = LV_NONE});
  return 0;
}
