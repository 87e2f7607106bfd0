/* lw_amd_async.c: direct-to-LDS copies on gfx942 / gfx950 (semantics.md §8.1): an unmasked
 * ttg.async_copy_global_to_local is one llvm.amdgcn.global.load.lds of W bytes per lane per
 * instruction (global_load_lds_dword, W = 4: lane L writes M0 + 4*L, AMDGPUUsage "LDS DMA";
 * gfx950 also global_load_lds_dwordx4, W = 16 [CDNA4 ISA]), amdg.buffer_load_to_local the
 * same through raw.ptr.buffer.load.lds, and
 * ttg.async_wait {num} is `s_waitcnt vmcnt(n)` with n the direct-to-LDS instructions of the
 * youngest num commit groups (LLVM 22 has no asyncmark intrinsics). Vector-memory operations
 * complete in issue order ("Memory Model GFX942"), and loads to registers and stores also count
 * in vmcnt, so counting only the copies waits at least as long as the groups need (as Triton's
 * UpdateAsyncWaitCount). Where the count is not one static number it waits for vmcnt(0). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"

#define LW_BUF_OOB (-2147483647 - 1) /* 0x80000000: past the buffer resource's range (lw_amd_buffer.c) */

/* What a copy's types say: the source's register layout (the pointers', or the buffer form's
 * offsets'), the LDS layout, and the elements contiguous in global memory. */
typedef struct dma_shape {
  lw_ll l;
  lw_smem_layout sl;
  int vg;
} dma_shape;

static int dma_shape_of(const lw_ctx *c, const ir_op *op, dma_shape *s) {
  bool buf = op->code == IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL;
  const ir_value *lv = ir_seg(op, buf ? IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_OFFSETS : IR_SEG_TTG_ASYNC_COPY_G2L_SRC, NULL);
  const ir_value *dv = ir_seg(op, buf ? IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_DEST : IR_SEG_TTG_ASYNC_COPY_G2L_RESULT, NULL);
  const ir_value *mk = ir_seg(op, buf ? IR_SEG_AMDG_BUFFER_LOAD_TO_LOCAL_MASK : IR_SEG_TTG_ASYNC_COPY_G2L_MASK, NULL);
  char err[160];
  if (!lv || !dv || lv->type->kind != IR_T_TENSOR || lw_ll_of_type(lv->type, &s->l, err, sizeof err) ||
      lw_smem_layout_of(dv->type, &s->sl, err, sizeof err))
    return -1;
  s->vg = lw_global_vec(c, &s->l, lv, mk, s->sl.eb);
  /* `contiguity` (the buffer form): the runs of consecutive offsets the op was built with
   * (Triton's axis analysis, loop-carried offsets included, which lw_axis.c does not follow);
   * Triton's lowering takes the larger of it and its own vector width, the mask's alignment
   * notwithstanding (BufferLoadToLocalOpConversion), and so do we. */
  int64_t cg = buf ? ir_op_attr_int(op, "contiguity", 1) : 1;
  if (cg > s->vg && cg <= 16 / s->sl.eb && (cg & (cg - 1)) == 0) s->vg = (int)cg;
  return 0;
}

static int dma_count(lw_ctx *c, const ir_op *op);

typedef struct scan {
  lw_ctx *c;
  int kmin;   /* smallest group seen, in instructions; -1 none yet */
  bool bad;   /* the youngest groups are not static: every wait is vmcnt(0) */
} scan;

/* Walks a block in order; `pending` copies not yet committed. Copies or commits under scf.if,
 * a wait or a block end with uncommitted copies make the counts path-dependent. */
static int scan_block(scan *s, const ir_block *b, int pending, bool cond);

static int scan_op(scan *s, const ir_op *op, int pending, bool cond) {
  switch (op->code) {
  case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL: {
    int n = dma_count(s->c, op);
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
  scan s = {.c = c, .kmin = -1};
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

/* Lanes of one DMA instruction (semantics.md §8.1): lane L writes its `width` bytes at
 * M0 + width * L, so the wave's elements of instruction n must fill one block of
 * lanes * width bytes, each lane's k registers consecutive. A swizzled destination permutes
 * them inside the block: slot(n, t) is the slot (address - block) / width of thread t's own
 * element, src(n, t) the lane whose element belongs at thread t's slot. Triton permutes the
 * global addresses among the lanes likewise (a shuffle, and the mask by ballot), as gfx942 /
 * gfx950 LDS DMA cannot scatter. Both maps are affine over GF(2) in the thread id's bits when
 * the layouts are linear: map(n, t) = cst[n] ^ XOR of col[b] over the set bits b of t. */
typedef struct lane_map {
  uint32_t col[32]; /* per thread-id bit: lane bits, then warp bits */
  uint32_t *cst;    /* per instruction */
  bool ident;       /* map(n, t) = t's lane */
} lane_map;

typedef struct dma_lanes {
  int k, width, nins;
  lane_map slot, src;
} dma_lanes;

/* Fits tab[n][t] (t = warp << lane bits | lane) to an affine map; false when it is not. */
static bool fit_affine(lw_ctx *c, const uint32_t *tab, int nins, int tbits, int lbits, lane_map *m) {
  uint32_t nt = 1u << tbits;
  m->cst = lw_alloc(c, (size_t)nins * sizeof *m->cst);
  for (int b = 0; b < tbits; b++) m->col[b] = tab[1u << b] ^ tab[0];
  m->ident = true;
  for (int n = 0; n < nins; n++) {
    m->cst[n] = tab[(size_t)n * nt];
    for (uint32_t t = 0; t < nt; t++) {
      uint32_t v = m->cst[n];
      for (int b = 0; b < tbits; b++) if (t >> b & 1) v ^= m->col[b];
      if (tab[(size_t)n * nt + t] != v) return false;
      if (v != (t & ((1u << lbits) - 1))) m->ident = false;
    }
  }
  return true;
}

/* The lanes of every instruction of an async copy of layout l into sl at view offsets off;
 * 0, or -1 when they do not fill blocks as above. */
static int dma_lanes_of(lw_ctx *c, const lw_ll *l, const lw_smem_layout *sl, const int32_t *off, int k,
                        int width, dma_lanes *dl) {
  int lbits = c->lane_bits, tbits = lbits + l->nwarp;
  uint32_t lanes = 1u << lbits, nt = 1u << tbits, nregs = lw_ll_nregs(l);
  if (l->nlane != lbits || nregs % (uint32_t)k || tbits > 16) return -1;
  dl->k = k;
  dl->width = width;
  dl->nins = (int)(nregs / (uint32_t)k);
  uint32_t *slot = calloc((size_t)dl->nins * nt, sizeof *slot), *src = calloc((size_t)dl->nins * nt, sizeof *src);
  int64_t *o = calloc(lanes, sizeof *o);
  int64_t co[IR_MAX_RANK];
  int rc = slot && src && o ? 0 : -1;
  for (int n = 0; !rc && n < dl->nins; n++)
    for (uint32_t w = 0; !rc && w < nt / lanes; w++) {
      int64_t base = INT64_MAX;
      for (uint32_t L = 0; L < lanes; L++) {
        coord_of(l, (uint32_t)(n * k), L, w, off, co);
        o[L] = lw_smem_offset_const(sl, co);
        if (o[L] < base) base = o[L];
        for (int j = 1; j < k; j++) { /* a lane's bytes are consecutive */
          coord_of(l, (uint32_t)(n * k + j), L, w, off, co);
          if (lw_smem_offset_const(sl, co) != o[L] + (int64_t)j * sl->eb) rc = -1;
        }
      }
      uint32_t *sl_n = slot + (size_t)n * nt + w * lanes, *src_n = src + (size_t)n * nt + w * lanes;
      uint64_t seen = 0; /* lanes <= 64 */
      for (uint32_t L = 0; !rc && L < lanes; L++) {
        int64_t d = o[L] - base;
        if (d % width || d / width >= (int64_t)lanes || (seen >> (d / width) & 1)) {
          rc = -1;
          break;
        }
        seen |= 1ull << (d / width);
        sl_n[L] = (uint32_t)(d / width);
        src_n[d / width] = L;
      }
    }
  if (!rc && (!fit_affine(c, slot, dl->nins, tbits, lbits, &dl->slot) ||
              !fit_affine(c, src, dl->nins, tbits, lbits, &dl->src)))
    rc = -1;
  free(slot);
  free(src);
  free(o);
  return rc;
}

/* The widest DMA the target has whose lanes fill blocks (dma_lanes_of), k = width / eb
 * registers of a lane contiguous in global memory too: gfx950 16 bytes
 * (global_load_lds_dwordx4 / buffer_load_dwordx4 lds) or 4, gfx942 4 (dword) [CDNA3 / CDNA4
 * ISA "global_load_lds"]. 12 bytes (dwordx3) is never a power-of-two register group. Returns
 * the width, or -1. */
static int dma_width(lw_ctx *c, const dma_shape *s, const int32_t *off, dma_lanes *dl) {
  static const int w950[] = {16, 4}, w942[] = {4};
  const int *w = c->target == LW_GFX950 ? w950 : w942;
  int nw = c->target == LW_GFX950 ? 2 : 1, eb = s->sl.eb;
  for (int i = 0; i < nw; i++) {
    int k = w[i] / (eb ? eb : 1);
    if (eb < 1 || eb > w[i] || k * eb != w[i] || s->vg < k) continue;
    if (!dma_lanes_of(c, &s->l, &s->sl, off, k, w[i], dl)) return w[i];
  }
  return -1;
}

/* Instructions one lane issues for a copy, from its types alone (no view offsets); -1 when
 * it has no DMA form. The emission checks it issues as many. */
static int dma_count(lw_ctx *c, const ir_op *op) {
  dma_shape s;
  dma_lanes dl;
  int32_t off[IR_MAX_RANK] = {0};
  if (dma_shape_of(c, op, &s) || dma_width(c, &s, off, &dl) < 0) return -1;
  return dl.nins;
}

/* The affine part of m at run time: XOR of col[b] over the set bits b of the thread id. */
static lw_ssa lane_map_lin(lw_ctx *c, const lane_map *m, int tbits) {
  lw_ssa x = 0;
  uint32_t same = 0; /* bits that map to themselves */
  for (int b = 0; b < tbits; b++) {
    if (!m->col[b]) continue;
    if (m->col[b] == 1u << b) {
      same |= 1u << b;
      continue;
    }
    lw_ssa t = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.lshr", c->rg->tid, b, "i32"), 1, "i32");
    t = lw_bin_imm(c, "llvm.mul", t, m->col[b], "i32");
    x = x ? lw_bin(c, "llvm.xor", x, t, "i32") : t;
  }
  if (same) {
    lw_ssa t = lw_bin_imm(c, "llvm.and", c->rg->tid, same, "i32");
    x = x ? lw_bin(c, "llvm.xor", x, t, "i32") : t;
  }
  return x ? x : lw_i32(c, 0);
}

/* Value v (i32) of lane `lane` (ds_bpermute_b32 reads lane address / 4, CDNA3 ISA). */
static lw_ssa lane_read(lw_ctx *c, lw_ssa lane, lw_ssa v) {
  lw_ssa addr = lw_bin_imm(c, "llvm.shl", lane, 2, "i32");
  return lw_op(c, "rocdl.ds_bpermute %s, %s : (i32, i32) -> i32", lw_n(c, addr), lw_n(c, v));
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
  dma_shape sh = {.l = *l, .sl = *sl, .vg = vg};
  dma_lanes dl;
  int width = dma_width(c, &sh, m->off, &dl);
  if (width < 0)
    return lw_fail(c, op, "this async copy's layouts do not give each lane %s consecutive bytes at that many "
                          "times the lane in one block of LDS, up to a permutation of the lanes (LDS DMA)",
                   c->target == LW_GFX950 ? "16 or 4" : "4");
  if (dl.nins != dma_count(c, op))
    return lw_fail(c, op, "internal: this copy's view offsets change its DMA width, which its waits were counted with");
  int k = dl.k;
  int tbits = c->lane_bits + l->nwarp;
  lw_ssa thr[IR_MAX_RANK], co[IR_MAX_RANK];
  lw_thread_coord(c, l, thr);
  lw_ssa lane = lw_bin_imm(c, "llvm.and", c->rg->tid, (1 << c->lane_bits) - 1, "i32");
  lw_ssa slot_lin = dl.slot.ident ? lane : lane_map_lin(c, &dl.slot, tbits);
  lw_ssa src_lin = dl.src.ident ? 0 : lane_map_lin(c, &dl.src, tbits);
  lw_ssa sz = lw_i32(c, width), zero = lw_i32(c, 0);
  for (int n = 0; n < dl.nins; n++) {
    uint32_t i = (uint32_t)(n * k);
    lw_elem_coord(c, l, thr, i, co);
    /* The block's start (M0, made uniform): this lane's address minus its slot. */
    lw_ssa slot = dl.slot.cst[n] ? lw_bin_imm(c, "llvm.xor", slot_lin, dl.slot.cst[n], "i32") : slot_lin;
    lw_ssa a = lw_bin(c, "llvm.sub", lw_smem_addr(c, sl, m, co), lw_bin_imm(c, "llvm.mul", slot, width, "i32"), "i32");
    lw_ssa base = lw_smem_u32(c, lw_gep(c, m->s, a));
    lw_ssa ub = lw_op(c, "rocdl.readfirstlane %s : i32", lw_n(c, base));
    lw_ssa p3 = lw_cast(c, "llvm.inttoptr", ub, "i32", "!llvm.ptr<3>");
    /* The lane whose element belongs at this lane's slot: its source, and its mask bit. */
    lw_ssa src = dl.src.ident ? 0 : dl.src.cst[n] ? lw_bin_imm(c, "llvm.xor", src_lin, dl.src.cst[n], "i32") : src_lin;
    if (!rsrc) {
      lw_ssa ptr = pv->el[i];
      if (src) {
        lw_ssa x = lw_cast(c, "llvm.ptrtoint", ptr, "!llvm.ptr<1>", "i64");
        lw_ssa lo = lane_read(c, src, lw_cast(c, "llvm.trunc", x, "i64", "i32"));
        lw_ssa hi = lane_read(c, src, lw_cast(c, "llvm.trunc", lw_bin_imm(c, "llvm.lshr", x, 32, "i64"), "i64", "i32"));
        x = lw_bin(c, "llvm.or", lw_cast(c, "llvm.zext", lo, "i32", "i64"),
                   lw_bin_imm(c, "llvm.shl", lw_cast(c, "llvm.zext", hi, "i32", "i64"), 32, "i64"), "i64");
        ptr = lw_cast(c, "llvm.inttoptr", x, "i64", "!llvm.ptr<1>");
      }
      lw_stmt(c, "llvm.call_intrinsic \"llvm.amdgcn.global.load.lds\"(%s, %s, %s, %s, %s) : "
                 "(!llvm.ptr<1>, !llvm.ptr<3>, i32, i32, i32) -> ()",
              lw_n(c, ptr), lw_n(c, p3), lw_n(c, sz), lw_n(c, zero), lw_n(c, zero));
      continue;
    }
    lw_ssa el = src ? lane_read(c, src, pv->el[i]) : pv->el[i];
    lw_ssa off = lw_bin_imm(c, "llvm.mul", el, eb_src, "i32");
    if (mk) {
      lw_ssa mm = mk->kind == LV_TENSOR ? mk->el[i] : mk->s;
      if (src && mk->kind == LV_TENSOR) { /* bit src of the wave's ballot */
        lw_ssa bal = lw_op(c, "rocdl.ballot %s : i64", lw_n(c, mm));
        lw_ssa bit = lw_bin(c, "llvm.lshr", bal, lw_cast(c, "llvm.zext", src, "i32", "i64"), "i64");
        mm = lw_cast(c, "llvm.trunc", bit, "i64", "i1");
      }
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
  /* `contiguity`: the runs of consecutive offsets the op was built with (Triton's axis
   * analysis, loop-carried offsets included, which lw_axis.c does not follow); Triton's
   * lowering takes the larger of it and its own vector width, the mask's alignment
   * notwithstanding (BufferLoadToLocalOpConversion), and so do we. */
  int64_t cg = ir_op_attr_int(op, "contiguity", 1);
  if (cg > vg && cg <= 16 / sl->eb && (cg & (cg - 1)) == 0) vg = (int)cg;
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
