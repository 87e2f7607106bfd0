/* lw_int.h: internals shared by the lowering files: the text builder, the emission context
 * (SSA numbering, value map, region state), register and shared-memory layouts, and the
 * shared-memory plan. Not included outside lowering/.
 * Ownership: the emission context owns its text buffers and maps (freed when the
 * lowering ends); the module is borrowed. */
#ifndef TLXV_LW_INT_H
#define TLXV_LW_INT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw.h"
#include "ir/ir_buf.h"

/* ------------------------------------------------------------------ text builder (lw_sb.c) */

/* The MLIR text is built in the project's one text buffer (ir/ir_buf.h); these are its
 * names here. */
typedef ir_buf lw_sb;
void lw_sb_printf(lw_sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void lw_sb_vprintf(lw_sb *b, const char *fmt, va_list ap) { ir_buf_vprintf(b, fmt, ap); }
static inline void lw_sb_put(lw_sb *b, const char *s, size_t n) { ir_buf_put(b, s, n); }
static inline void lw_sb_free(lw_sb *b) { ir_buf_free(b); }
/* Appends s as the body of an MLIR string literal (quotes, backslashes escaped). */
void lw_sb_put_mlir_str(lw_sb *b, const char *s);

/* ------------------------------------------------------------------ values */

typedef uint32_t lw_ssa; /* MLIR value %vN; 0 = none */

typedef enum lw_vkind {
  LV_NONE,    /* no runtime value (async tokens) */
  LV_SCALAR,  /* one SSA value of type ty */
  LV_TENSOR,  /* n SSA values of type ty: this thread's elements, register order of the layout */
  LV_MEMDESC, /* shared-memory view: s = !llvm.ptr<3> to the origin of the view's tile */
  LV_DESC,    /* tensor descriptor: s = generic !llvm.ptr to the 128-byte CUtensorMap */
  LV_TMEM,    /* tensor-memory view: s = i32 TMEM address (lane << 16 | column) */
} lw_vkind;

typedef struct lw_val {
  lw_vkind kind;
  const char *ty;            /* LLVM type of the scalar / of each element (static string) */
  lw_ssa s;                  /* SCALAR value, MEMDESC tile origin, DESC pointer */
  lw_ssa *el;                /* TENSOR elements (owned by the context's arena) */
  uint32_t n;                /* TENSOR element count */
  int32_t off[IR_MAX_RANK];  /* MEMDESC: static element offsets of the view inside its tile */
} lw_val;

/* ------------------------------------------------------------------ layouts (lw_layout.c) */

#define LW_LL_MAXREG 16 /* register bases: at most 65536 elements per thread */
#define LW_LL_MAXLANE 6 /* 64 lanes (AMD wave64); the kernel's threads-per-warp is checked */
#define LW_LL_MAXWARP 6 /* 64 warps */

/* A distributed (register) layout as a linear map over GF(2): the element a thread holds in
 * register r is at coordinate XOR(reg[b] for bits b of r) ^ XOR(lane[b] for bits of the lane)
 * ^ XOR(warp[b] for bits of the warp, relative to the region's first warp). Zero vectors are
 * broadcast (several threads hold the same element). Shapes are powers of two. */
typedef struct lw_ll {
  int rank;
  int64_t shape[IR_MAX_RANK];
  int nreg, nlane, nwarp;                   /* number of bases of each kind */
  int32_t reg[LW_LL_MAXREG][IR_MAX_RANK];
  int32_t lane[LW_LL_MAXLANE][IR_MAX_RANK];
  int32_t warp[LW_LL_MAXWARP][IR_MAX_RANK];
} lw_ll;

/* Layout of a tensor type (blocked, slice, nvidia_mma v3, linear). Returns 0, or -1 with a
 * reason in err. */
int lw_ll_of_type(const ir_type *t, lw_ll *out, char *err, size_t errn);
/* Layout of encoding enc over shape (rank dims). */
int lw_ll_of_enc(const ir_attr *enc, int rank, const int64_t *shape, lw_ll *out, char *err,
                 size_t errn);
/* Register part of the coordinate of register r. */
void lw_ll_reg_coord(const lw_ll *l, uint32_t r, int32_t *coord);
uint32_t lw_ll_nregs(const lw_ll *l);
int lw_ll_nwarps(const lw_ll *l);
/* Register of l whose register coordinate is coord, or -1. */
int32_t lw_ll_find_reg(const lw_ll *l, const int32_t *coord);
/* True when a and b place every element in the same (register, lane, warp). */
bool lw_ll_equal(const lw_ll *a, const lw_ll *b);

/* Shared-memory layout of a memdesc type: byte offset of an element. */
typedef enum lw_smkind { LW_SM_PLAIN, LW_SM_SWIZZLED, LW_SM_NVMMA, LW_SM_PADDED } lw_smkind;
#define LW_PAD_MAXBITS 24 /* PADDED: coordinate bits per dim */
#define LW_PAD_MAXPAIRS 4
typedef struct lw_smem_layout {
  lw_smkind kind;
  int rank;
  int64_t tile[IR_MAX_RANK]; /* the tile shape the layout is defined on (alloc shape tail) */
  int eb;                    /* element bytes */
  int order[IR_MAX_RANK];    /* SWIZZLED / PLAIN: fastest dim first */
  int vec, per_phase, max_phase;  /* SWIZZLED */
  bool rotating;             /* SWIZZLED from #ttg.amd_rotating_shared: the phase also XORs the
                                block number (row / (perPhase * maxPhase)) % maxPhase */
  int er;                    /* SWIZZLED: dims the encoding covers (the last er dims) */
  int swizzle;               /* NVMMA: swizzle bytes 0 / 32 / 64 / 128 */
  int inner;                 /* NVMMA: contiguous dim */
  /* PADDED (#ttg.padded_shared, lw_padded.c): the element index of a coordinate of the last er
   * dims is the XOR of pinv[d][b] over the set bits b of coordinate d (the inverse of the
   * encoding's offset bases); the leading dims count whole tiles; then every 2^pint[i]
   * elements are followed by 2^ppad[i] elements of padding. order[0]: the dim of offset bit 0;
   * prun: log2 of the elements contiguous along it (the offset bases 1, 2, 4, ... there). */
  int npad;
  int pint[LW_PAD_MAXPAIRS], ppad[LW_PAD_MAXPAIRS];
  int pbits[IR_MAX_RANK];    /* log2 of the tile along each of the last er dims */
  int64_t pinv[IR_MAX_RANK][LW_PAD_MAXBITS];
  int prun;
} lw_smem_layout;

/* Layout of a memdesc type's tile. Returns 0 or -1 with a reason in err. */
int lw_smem_layout_of(const ir_type *md, lw_smem_layout *out, char *err, size_t errn);
/* Byte offset of the element at constant coordinate coord (used by tests and for static
 * offsets). */
int64_t lw_smem_offset_const(const lw_smem_layout *l, const int64_t *coord);
/* SWIZZLED: the XOR applied to the contiguous-dim index of an element in row `row`. */
int64_t lw_swizzle_xor(const lw_smem_layout *l, int64_t row);
/* Bytes of one tile (the product of tile dims times element bytes). */
int64_t lw_smem_tile_bytes(const lw_smem_layout *l);
/* Bytes an allocation of layout l takes: the tile bytes, padding included (PADDED). */
int64_t lw_smem_alloc_bytes(const lw_smem_layout *l);
/* lw_padded.c: #ttg.padded_shared. Parses e's body into l (rank, tile and eb already set). */
int lw_padded_layout(const ir_encoding *e, lw_smem_layout *l, char *err, size_t errn);
/* Element index (before padding) of a constant coordinate, and that index padded. */
int64_t lw_padded_index(const lw_smem_layout *l, const int64_t *coord);
int64_t lw_padded_pad(const lw_smem_layout *l, int64_t idx);
/* NVMMA: elements of the contiguous dim per swizzle row (the TMA box inner extent). */
int64_t lw_nvmma_row_elems(const lw_smem_layout *l);

/* ------------------------------------------------------------------ shared-memory plan */

#define LW_NO_OFF UINT32_MAX

typedef struct lw_plan {
  uint32_t *off;        /* per op id: byte offset of the op's smem (alloc or scratch), or LW_NO_OFF */
  uint32_t ws_off;      /* warp_specialize state bytes and capture slots */
  uint32_t ws_bytes;
  uint32_t total;       /* bytes used, before the runtime 1024-byte alignment slack */
  uint32_t *tcol;       /* per op id: TMEM column of a ttng.tmem_alloc, or LW_NO_OFF */
  uint32_t tmem_slot;   /* 16 bytes: the TMEM base address written by tcgen05.alloc */
  int tmem_cols;        /* columns to allocate (power of two >= 32), 0 = no TMEM */
} lw_plan;

/* ------------------------------------------------------------------ warp specialization */

#define LW_MAX_PARTS 14 /* named barriers 2..15 */
#define LW_MAX_WS 4

typedef struct lw_part {
  const ir_region *r;   /* NULL for a padding partition */
  int nw;               /* warps */
  int start;            /* absolute first warp */
  int regs;             /* setmaxnreg value while running, 0 = no reallocation */
  int state;            /* switch state id */
  uint32_t blk;         /* ^bb of the partition's entry (set while lowering the op) */
} lw_part;

typedef struct lw_wsop {
  const ir_op *op;
  const ir_region *def;   /* default region */
  lw_part parts[LW_MAX_PARTS];
  int nparts;             /* including padding partitions */
  int def_regs;           /* default region's setmaxnreg value, 0 = none */
} lw_wsop;

typedef struct lw_ws {
  lw_wsop ops[LW_MAX_WS];
  int nops;
  int num_warps;          /* default warps ("ttg.num-warps") */
  int total_warps;        /* including worker and padding warps */
  int maxnreg;            /* module register limit (0 = none) */
  bool realloc;           /* setmaxnreg is emitted */
  int low_regs, entry_regs; /* workers while idle; default warps outside warp_specialize */
  int exit_state;
  uint32_t switch_blk;    /* ^bb of the worker loop */
} lw_ws;

/* ------------------------------------------------------------------ regions */

typedef enum lw_rkind { LW_R_KERNEL, LW_R_DEFAULT, LW_R_PARTITION } lw_rkind;

/* Pending generic shared-memory accesses since the last barrier of the region (membar-lite,
 * lw_sync.c). */
enum { LW_MB_RD = 1, LW_MB_WR = 2, LW_MB_INIT = 4 };

typedef struct lw_region {
  lw_rkind kind;
  int part;            /* partition index (LW_R_PARTITION), -1 otherwise */
  int num_warps;       /* warps executing the region */
  int bar_id;          /* named barrier used for region-wide syncs */
  lw_ssa tid;          /* i32 thread id relative to the region's first thread */
  lw_ssa leader;       /* i1: tid == 0 */
  unsigned mb;         /* LW_MB_* */
} lw_region;

/* ------------------------------------------------------------------ hang recorder (lw_recorder.c) */

typedef struct lw_recbar {
  const ir_op *alloc;   /* the i64 local_alloc */
  uint32_t idx;         /* element of the alloc */
  uint32_t off;         /* byte offset in the plan */
} lw_recbar;

typedef struct lw_rec {
  const ir_op **ops;    /* wait ops in emission order: static op id k is ops[k - 1] */
  uint32_t nops;
  lw_recbar *bars;      /* every barrier of the plan (arena) */
  uint32_t nbars;
} lw_rec;

/* ------------------------------------------------------------------ the context */

typedef struct lw_ctx {
  const ir_module *m;
  const ir_func *fn;
  lw_target target;
  int lane_bits;            /* log2 of the warp / wave size: 5 (NVIDIA), 6 (AMD wave64) */
  const ir_op *cur;         /* the op being lowered (lw_lower_op), for refusals at the op */
  int amd_group_insts;      /* AMD: direct-to-LDS instructions per commit group, 0 = wait for all */
  ir_diag *diag;
  int err;                  /* nonzero once an error was reported */
  lw_sb *out;               /* where ops are emitted now (body or parts) */
  lw_sb body, parts;        /* function body; partition blocks (appended after the body) */
  uint32_t nssa, nblk;      /* last %vN / ^bbN handed out */
  lw_val *vals;             /* indexed by ir_value.id */
  uint32_t nvals;
  lw_region *rg;            /* current region */
  lw_ssa smem;              /* !llvm.ptr<3>: 1024-aligned base of the plan */
  lw_ssa tid;               /* i32 absolute thread id */
  lw_sb allocas;            /* allocas spliced into the entry block (lw_alloca) */
  int tmem_cols;            /* TMEM columns allocated at kernel start (0 = none) */
  bool tmem_done;           /* the allocation code has been emitted */
  bool clustered;           /* the launch has clusters of more than one CTA (lw_cluster.c) */
  bool cl_init_sync;        /* a cluster sync must follow the barrier inits (tlx-ir.md §0) */
  const ir_op *cl_init_after; /* ... after this op (the last entry-block init), NULL = at entry */
  lw_plan plan;
  lw_ws ws;
  bool recorder;            /* --recorder: wait loops record hangs (lw_recorder.c) */
  lw_rec rec;
  int threads;              /* threads per CTA */
  char nb[8][16];           /* rotating buffers for lw_n() */
  unsigned nbi;
  void **arena;             /* allocations freed with the context */
  size_t narena, caparena;
} lw_ctx;

/* ------------------------------------------------------------------ emission helpers (lw_emit.c) */

void *lw_alloc(lw_ctx *c, size_t n);   /* zeroed, freed with the context; never NULL */
const char *lw_n(lw_ctx *c, lw_ssa s); /* "%vN" (valid for the next 7 calls) */
lw_ssa lw_new(lw_ctx *c);              /* a fresh %vN */
uint32_t lw_newblk(lw_ctx *c);         /* a fresh ^bbN */
/* Emits "%vN = <text>" and returns N. */
lw_ssa lw_op(lw_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Emits one line "<text>" (no result). */
void lw_stmt(lw_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Starts block ^bbN (arguments, if any, must be printed by the caller through lw_blk_args). */
void lw_block(lw_ctx *c, uint32_t blk);
void lw_block_args(lw_ctx *c, uint32_t blk, const lw_ssa *args, const char *const *tys,
                   uint32_t n);
void lw_br(lw_ctx *c, uint32_t blk, const lw_ssa *args, const char *const *tys, uint32_t n);
void lw_cond_br(lw_ctx *c, lw_ssa cond, uint32_t t, uint32_t f);
/* cond_br passing the same n values to both successors. */
void lw_cond_br_args(lw_ctx *c, lw_ssa cond, uint32_t t, uint32_t f, const lw_ssa *args,
                     const char *const *tys, uint32_t n);

lw_ssa lw_const_int(lw_ctx *c, const char *ty, int64_t v);
lw_ssa lw_i32(lw_ctx *c, int64_t v);
lw_ssa lw_i1(lw_ctx *c, bool v);
lw_ssa lw_bin(lw_ctx *c, const char *op, lw_ssa a, lw_ssa b, const char *ty);
lw_ssa lw_bin_imm(lw_ctx *c, const char *op, lw_ssa a, int64_t b, const char *ty);
lw_ssa lw_icmp(lw_ctx *c, const char *pred, lw_ssa a, lw_ssa b, const char *ty);
lw_ssa lw_cast(lw_ctx *c, const char *op, lw_ssa a, const char *from, const char *to);
lw_ssa lw_gep(lw_ctx *c, lw_ssa base, lw_ssa byte_off_i32);
lw_ssa lw_gep_imm(lw_ctx *c, lw_ssa base, int64_t byte_off);
lw_ssa lw_smem_u32(lw_ctx *c, lw_ssa p3); /* !llvm.ptr<3> -> i32 shared address */
/* Inline PTX. ret_ty is NULL for none. With pred != 0 (an i1), the instruction text is run
 * under a PTX predicate made from it (it is passed as the last operand). Every inline asm
 * call is marked convergent later (lw_llvm.c). args/tys have n entries. */
lw_ssa lw_asm(lw_ctx *c, const char *ret_ty, const char *ptx, const char *constraints,
              const lw_ssa *args, const char *const *tys, uint32_t n, lw_ssa pred);
/* mbarrier try_wait / test_wait .parity on shared address a: 1 when that phase completed (lw_sync.c) */
lw_ssa lw_mbar_parity(lw_ctx *c, bool try_wait, lw_ssa a, lw_ssa parity);

/* Inline PTX without side effects or memory access (math approximations). */
lw_ssa lw_asm_pure(lw_ctx *c, const char *ret_ty, const char *ptx, const char *constraints,
                   const lw_ssa *args, const char *const *tys, uint32_t n);

/* Reports an error at op (the first one wins); returns -1. */
int lw_fail(lw_ctx *c, const ir_op *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int lw_unsupported(lw_ctx *c, const ir_op *op);

/* An i32-typed private variable (alloca in the entry block, promoted to SSA by LLVM). */
lw_ssa lw_alloca(lw_ctx *c);
/* True for a memdesc in tensor memory. */
bool lw_is_tmem(const ir_type *t);

/* LLVM type of a scalar ir type (element type for tensors / memdescs); NULL if none. */
const char *lw_llty(const ir_type *t);
bool lw_ty_is_float(const char *ty);
int lw_ty_bits(const char *ty);

/* ------------------------------------------------------------------ the passes */

/* lw_plan.c */
int lw_plan_build(lw_ctx *c);
/* lw_plan_live.c: the liveness-based plan. A buffer: a local_alloc or a scratch op, its bytes
 * and alignment (set by the caller), its lifetime [lo, hi] in op ids and its offset (set here). */
typedef struct lw_live_buf {
  const ir_op *op;
  uint64_t bytes, align;
  uint32_t lo, hi;
  bool whole;          /* lives for the whole function (a use the analysis does not follow) */
  uint64_t off;
} lw_live_buf;
void lw_live_intervals(lw_ctx *c, lw_live_buf *bufs, uint32_t n);
/* Places the buffers (first fit, largest first); returns the bytes used. */
uint64_t lw_live_place(lw_ctx *c, lw_live_buf *bufs, uint32_t n);
/* lw_ws.c */
int lw_ws_analyze(lw_ctx *c);
int lw_ws_lower(lw_ctx *c, const ir_op *op);
void lw_ws_kernel_exit(lw_ctx *c);   /* before the kernel's return (default warps) */
void lw_ws_emit_switch(lw_ctx *c);   /* the worker loop, after the body */
/* lw_func.c */
/* Lowers every op of b except its terminator (scf.yield / condition, warp_yield / return),
 * which the caller handles through b->last. */
int lw_lower_block(lw_ctx *c, const ir_block *b);
/* The kernel body: its one block, or blocks joined by forward cf.br / cf.cond_br (lw_blocks.c;
 * refused at the branch otherwise). */
int lw_lower_body(lw_ctx *c, const ir_region *body);
bool lw_is_terminator(const ir_op *op);
int lw_lower_op(lw_ctx *c, const ir_op *op);
lw_val *lw_get(lw_ctx *c, const ir_value *v);
void lw_set(lw_ctx *c, const ir_value *v, lw_val val);
lw_ssa lw_scalar(lw_ctx *c, const ir_value *v); /* SCALAR / MEMDESC / DESC payload */
/* Region entry: computes tid / leader of the region. first_warp is an absolute warp. */
void lw_region_begin(lw_ctx *c, lw_region *r, lw_rkind kind, int part, int first_warp,
                     int num_warps);
/* lw_cf.c */
int lw_cf_for(lw_ctx *c, const ir_op *op);
int lw_cf_if(lw_ctx *c, const ir_op *op);
int lw_cf_while(lw_ctx *c, const ir_op *op);
/* Flattens the values of vals (n ir values) to SSA + type lists (tensors expand). */
uint32_t lw_flatten(lw_ctx *c, ir_value *const *vals, uint32_t n, lw_ssa *ssa,
                    const char **tys, uint32_t cap);
uint32_t lw_flat_count(lw_ctx *c, ir_value *const *vals, uint32_t n);
/* Binds values of n ir values from flat SSA lists (inverse of lw_flatten), types from the IR. */
int lw_unflatten(lw_ctx *c, ir_value *const *vals, uint32_t n, const lw_ssa *ssa,
                 const ir_op *where);
/* Template values for block arguments of the same kinds as vals. */
uint32_t lw_flat_types(lw_ctx *c, ir_value *const *vals, uint32_t n, const char **tys,
                       uint32_t cap, const ir_op *where);
/* lw_arith.c */
int lw_arith(lw_ctx *c, const ir_op *op);
/* lw_tensor.c */
int lw_tensor_op(lw_ctx *c, const ir_op *op);
/* The layout of tensor type t of op, which must span the code's warps; or -1 after lw_fail
 * (the reason at op). */
int lw_tensor_ll(lw_ctx *c, const ir_op *op, const ir_type *t, lw_ll *l);
/* Emits the per-thread coordinate of every dimension (i32) for layout l, excluding the
 * register part. */
void lw_thread_coord(lw_ctx *c, const lw_ll *l, lw_ssa *coord);
/* Coordinate of register r: thread part xor the register part. */
void lw_elem_coord(lw_ctx *c, const lw_ll *l, const lw_ssa *thr, uint32_t r, lw_ssa *coord);
/* lw_upcast.c: amdg.upcast_mxfp (e2m1) and amdg.scaled_upcast_fp4 to bf16 (AMD targets) */
int lw_upcast(lw_ctx *c, const ir_op *op);
/* Scratch bytes amdg.upcast_mxfp needs to bring its scales to the values' threads (0 for other
 * ops, or when the op will be refused). */
uint64_t lw_upcast_scratch_bytes(const ir_op *op);
/* The element math (pure llvm-dialect ops; tests/unit/test_lw_upcast.c runs it on the host):
 * f32 2^(s - 127) of an e8m0 byte s (i8) as Triton builds it (s = 0 gives 0, 0xFF inf); a bf16
 * widened to f32; and nibble hi (0 = low) of byte (i8) as e2m1, times scale (f32), as bf16
 * (truncated), or the NaN 0x7FFF where nan (an i1, 0 = none) holds. */
lw_ssa lw_e8m0_f32(lw_ctx *c, lw_ssa s);
lw_ssa lw_bf16_f32(lw_ctx *c, lw_ssa v);
lw_ssa lw_fp4_scaled_bf16(lw_ctx *c, lw_ssa byte, int hi, lw_ssa scale, lw_ssa nan);
/* lw_reduce.c */
int lw_reduce(lw_ctx *c, const ir_op *op);
/* acc = combine(acc, other) through the combiner block comb of op (tt.reduce / tt.scan: 2n
 * scalar arguments, a return of n values), elementwise over the n operands of types ty. */
int lw_combine(lw_ctx *c, const ir_op *op, const ir_block *comb, uint32_t n, const char *const *ty,
               lw_ssa *acc, const lw_ssa *other);
/* The value of scalar v (<= 64 bits, type ty) in lane `lane ^ mask` of the warp / wave. */
lw_ssa lw_shfl_bfly(lw_ctx *c, lw_ssa v, const char *ty, int mask);
/* lw_scan.c: tt.scan, and the scratch bytes it needs (0 when the axis stays inside warps) */
int lw_scan(lw_ctx *c, const ir_op *op);
uint64_t lw_scan_scratch_bytes(const ir_op *op);
/* lw_joinsplit.c: tt.join / tt.split as register moves (refused when a pair spans threads) */
int lw_joinsplit(lw_ctx *c, const ir_op *op);
/* Scratch bytes lw_reduce needs for op (0 when it reduces within warps). */
uint64_t lw_reduce_scratch_bytes(const ir_op *op);
/* True for the ops that only move a tensor's elements between layouts (convert_layout, trans,
 * reshape, in_thread_transpose, ...; not broadcast / expand_dims). */
bool lw_is_relayout(const ir_op *op);
/* Scratch bytes a relayout op (convert_layout, trans, reshape, ...) needs: 0 when it is a
 * register permutation (lw_tensor.c). */
uint64_t lw_relayout_scratch_bytes(const ir_op *op);
/* Moves the elements of sv (layout sl) to the layout dl of the same shape through op's scratch
 * buffer (the plan's offset for op): a region barrier, the stores, a barrier, the loads.
 * dv->el must have room for dl's registers. 0, or -1 after an error at op. */
int lw_exchange(lw_ctx *c, const ir_op *op, const lw_val *sv, const lw_ll *sl, const lw_ll *dl, lw_val *dv);
/* tt.load / tt.store through pointers (lw_tensor.c) */
int lw_global_op(lw_ctx *c, const ir_op *op);
/* lw_mem.c */
int lw_mem_op(lw_ctx *c, const ir_op *op);
/* lw_atomic.c: tt.atomic_cas / tt.atomic_rmw on a scalar pointer */
int lw_atomic_op(lw_ctx *c, const ir_op *op);
/* Scratch bytes the op needs to hand its result to every thread: 0 unless it is a scalar
 * atomic whose result is used. */
uint64_t lw_atomic_scratch_bytes(const ir_op *op);
/* !llvm.ptr<3> to the first element of memdesc value v (static view offsets applied); 0
 * after reporting an error at op. */
lw_ssa lw_memdesc_ptr(lw_ctx *c, const ir_op *op, const ir_value *v);
/* The same for a view of a peer CTA's memory (map_to_remote_buffer): the pointer holds its
 * shared::cluster address. */
lw_ssa lw_memdesc_ptr_remote(lw_ctx *c, const ir_op *op, const ir_value *v);
/* Byte offset (i32) of the element at coord in view v of memdesc type md. */
lw_ssa lw_smem_addr(lw_ctx *c, const lw_smem_layout *l, const lw_val *v, const lw_ssa *coord);
/* lw_padded.c: PADDED element index (i32) of the coordinates of the last er dims, and an
 * element index (i32) padded, in bytes. */
lw_ssa lw_padded_index_emit(lw_ctx *c, const lw_smem_layout *l, const lw_ssa *coord);
lw_ssa lw_padded_bytes_emit(lw_ctx *c, const lw_smem_layout *l, lw_ssa idx);
/* True for a constant zero (`other` operands that mean a zero fill). */
bool lw_is_zero_const(const ir_value *v);
/* lw_sync.c */
int lw_sync_op(lw_ctx *c, const ir_op *op);
void lw_region_barrier(lw_ctx *c);   /* bar.sync over the current region's threads */
void lw_membar_before(lw_ctx *c, const ir_op *op);
/* After the reads of a scratch exchange (conversion, cross-warp reduction): on AMD the reads
 * stay pending for membar-lite (a later shared write gets a barrier), elsewhere nothing. */
void lw_scratch_read_done(lw_ctx *c);
/* Flags that can be pending at the head of a loop whose body is b, entered with mb_in. */
unsigned lw_membar_scan_loop(lw_ctx *c, const ir_block *b, unsigned mb_in);
/* lw_amd_async.c: LDS DMA copies and their waits on AMD (semantics.md §8.1) */
void lw_amd_async_analyze(lw_ctx *c);
int lw_amd_dma(lw_ctx *c, const ir_op *op, const lw_val *m, const lw_val *pv, const lw_ll *l,
               const lw_smem_layout *sl, int vg, bool masked);
int lw_amd_async_group(lw_ctx *c, const ir_op *op);
int lw_amd_buffer_to_local(lw_ctx *c, const ir_op *op, const lw_val *m, const lw_smem_layout *sl);
/* lw_amd_sync.c: amdg.cond_barrier (AMD targets; refused elsewhere) */
int lw_amd_sync_op(lw_ctx *c, const ir_op *op);
/* lw_amd_buffer.c: amdg.buffer_load / amdg.buffer_store (AMD targets; refused elsewhere) */
int lw_amd_buffer_op(lw_ctx *c, const ir_op *op);
/* Buffer resource (!llvm.ptr<8>) over the global base pointer base. */
lw_ssa lw_amd_buffer_rsrc(lw_ctx *c, lw_ssa base);
/* lw_amd_mfma.c: tt.dot with #ttg.amd_mfma layouts (AMD targets; refused elsewhere) */
int lw_amd_dot(lw_ctx *c, const ir_op *op);
#define LW_MFMA_MAXG 64   /* A or B tiles per wave */
#define LW_MFMA_MAXK 8    /* operand elements per lane and instruction */
#define LW_MFMA_MAXOUT 16 /* accumulator elements per lane and instruction */
/* Which registers feed which MFMA instruction (pure; tests emulate the instructions on it).
 * Instruction (i, j, s) takes A registers areg[i*nk + s .. + kbase) and B registers
 * breg[j*nk + s ..], and accumulates into C registers creg[(i*ngb + j)*nout ..]. */
typedef struct lw_mfma_plan {
  const char *op;        /* ROCDL op after "rocdl." (static string) */
  int md, nd, k;         /* instruction shape */
  int kbase;             /* operand elements per lane */
  int nout;              /* accumulator elements per lane: md * nd / 64 */
  const char *lane_ty;   /* operand element type of the intrinsic */
  bool swap;             /* isTransposed: B goes in as the instruction's A and A as its B */
  int nga, ngb;          /* A tiles (M offsets), B tiles (N offsets) of the thread */
  uint32_t nk;           /* K registers per tile: a multiple of kbase */
  uint32_t ncreg;        /* C registers */
  uint32_t *areg, *breg, *creg; /* malloc'd; lw_mfma_plan_free */
} lw_mfma_plan;
/* Plans tt.dot (a, b, c types; c's layout #ttg.amd_mfma) for target t. 0, or -1 with the
 * reason in err (nothing to free then). */
int lw_mfma_plan_of(const ir_type *at, const ir_type *bt, const ir_type *ct, lw_target t, lw_mfma_plan *p,
                    char *err, size_t errn);
void lw_mfma_plan_free(lw_mfma_plan *p);
/* lw_tma.c */
int lw_tma_op(lw_ctx *c, const ir_op *op);
typedef struct lw_tma_info {
  int rank;                   /* descriptor (block) rank */
  int eb;                     /* element bytes */
  int swizzle;                /* bytes: 0, 32, 64, 128 */
  int nbox;                   /* boxes per block (along the contiguous dim) */
  int64_t block[IR_MAX_RANK]; /* block shape, outermost first */
  int64_t box[IR_MAX_RANK];   /* tensor-map box, outermost first */
} lw_tma_info;
/* TMA geometry of a !tt.tensordesc type; 0, or -1 with a reason. */
int lw_tma_box(const ir_type *desc, lw_tma_info *ti, char *err, size_t errn);
/* lw_mma.c */
int lw_mma_op(lw_ctx *c, const ir_op *op);
/* lw_tc05.c: tcgen05 / tensor memory (sm_100a) */
int lw_tc05_op(lw_ctx *c, const ir_op *op);
/* Before the kernel returns (default warps): frees the tensor memory. */
void lw_tc05_exit(lw_ctx *c);
/* memdesc_index / tmem_subslice / reinterpret of a tensor-memory view. */
int lw_tmem_view(lw_ctx *c, const ir_op *op);
/* lw_axis.c: contiguity / divisibility / constancy of integer and pointer values */
typedef struct lw_axis {
  int rank;                     /* 0 for a scalar (facts in [0]) */
  int64_t contig[IR_MAX_RANK];  /* runs of consecutive values along each dim */
  int64_t div[IR_MAX_RANK];     /* power of two dividing each run's first value (pointers: bytes) */
  int64_t cst[IR_MAX_RANK];     /* runs of equal values */
} lw_axis;
void lw_axis_of(const lw_ctx *c, const ir_value *v, lw_axis *a);
/* Elements per vector global access (or cp.async) for pointer tensor ptr of layout l with
 * eb-byte elements under mask (NULL = none): a power of two, at most 16 bytes, 1 = scalar.
 * Registers 0.. must step along one dim where the pointers run contiguously and aligned and
 * the mask is constant. */
int lw_global_vec(const lw_ctx *c, const lw_ll *l, const ir_value *ptr, const ir_value *mask, int eb);
/* lw_cluster.c: clusters (semantics.md §6) */
/* Cluster shape of the launch: ttg.cluster-dim-x/y/z, else (ttg.num-ctas, 1, 1). */
void lw_cluster_dims(const ir_module *m, int dims[3]);
/* True for a memdesc in #ttng.shared_cluster_memory (a view of a peer CTA's memory). */
bool lw_is_remote(const ir_type *t);
/* Sets clustered / cl_init_sync / cl_init_after. */
void lw_cluster_analyze(lw_ctx *c);
/* barrier.cluster.arrive{.relaxed} + wait by the executing threads. */
void lw_cluster_sync(lw_ctx *c, bool relaxed);
/* fence.mbarrier_init.release.cluster + a relaxed cluster sync (after the barrier inits). */
void lw_cluster_init_sync(lw_ctx *c);
/* cluster_arrive / cluster_wait / cluster_barrier / map_to_remote_buffer. */
int lw_cluster_op(lw_ctx *c, const ir_op *op);
/* lw_recorder.c (each a no-op without --recorder, except lw_rec_wait_slow, called only with it) */
/* After the plan: the barrier list. */
void lw_rec_analyze(lw_ctx *c);
/* Emits block ^slow (entered when the first try_wait of op failed) and the recording spin
 * loop after it; every way out branches to ^done. a: barrier (i32 shared address), phase: i32. */
void lw_rec_wait_slow(lw_ctx *c, const ir_op *op, lw_ssa a, lw_ssa phase, uint32_t slow, uint32_t done);
/* Before a kernel return: the warp marks itself exited. */
void lw_rec_exit(lw_ctx *c);
/* Module-level globals (before the kernel) and helper functions (after it). */
void lw_rec_globals(lw_ctx *c, lw_sb *module);
int lw_rec_funcs(lw_ctx *c, lw_sb *module);
/* The "// tlxv-recorder" side table of the PTX header. */
void lw_rec_header(lw_ctx *c, lw_sb *out);
/* lw_abi.c: the PTX header the runner reads */
void lw_abi_header(lw_ctx *c, lw_sb *out);
/* lw_backend.c: MLIR text -> out (LLVM IR, PTX or a code object; malloc'd, caller frees) */
int lw_backend(const char *mlir, size_t len, const char *what, lw_target t, lw_emit e,
               char **out, size_t *olen, ir_diag *diag);
/* Sets diag->msg to "what:1:1: error: lowering: stage: msg (an internal error ...)"; -1. */
int lw_backend_fail(ir_diag *diag, const char *what, const char *stage, const char *msg);
/* The steps both backends share (lw_backend.c): the module gets triple and tm's data layout, is
 * verified and optimised (O3); for LW_EMIT_LLVM its text goes to *out (malloc'd, the caller's).
 * 0, or lw_backend_fail's code. */
struct LLVMOpaqueModule;
struct LLVMOpaqueTargetMachine;
int lw_backend_optimize(struct LLVMOpaqueModule *lm, struct LLVMOpaqueTargetMachine *tm, const char *triple,
                        const char *what, lw_emit e, char **out, size_t *olen, ir_diag *diag);
/* lw_amdgpu.c: an LLVM module (LLVMModuleRef) -> -O3 -> LLVM IR text or a .hsaco */
int lw_amdgpu_stage(struct LLVMOpaqueModule *lm, const char *what, lw_target t, lw_emit e, char **out,
                    size_t *olen, ir_diag *diag);

#endif
