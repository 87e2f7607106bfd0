/* sim_data.h: the data plane of simulate mode: tensor payloads, the contents of global,
 * shared and tensor memory, tensor descriptors, exact number formats, and the functions the
 * engine calls from its op dispatch to compute real values. Verify mode never calls it.
 * Ownership: a sim_data is the caller's (sim_data_free) and owns its buffers; tensors are
 * reference counted (sim_tensor_unref); the module is borrowed. */
#ifndef TLXV_SIM_DATA_H
#define TLXV_SIM_DATA_H

/* ------------------------------------------------------------------ overview
 *
 * Simulate mode runs ONE schedule, so payloads live OUTSIDE the explored machine state (the
 * state stays small, hashable and identical in both modes). The engine keeps, in its state,
 * only small handles into this plane:
 *
 *   - a tensor SSA value's payload is found by (agent slot, ir_value *): see "payload store";
 *   - a memdesc value (smem / tmem view) is described by a sim_mview (buffer id + offset +
 *     shape + strides): the engine may keep it in its state or rebuild it on demand;
 *   - a !tt.ptr scalar (and each element of a pointer tensor) is a 64-bit virtual address
 *     (see "addresses"); a !tt.tensordesc scalar is a descriptor id (see "descriptors").
 *
 * Scalars (i1..i64, index, f16/bf16/f32/f64, fp8) are passed in and out as uint64_t "bits":
 * the value in the IR type's own encoding, zero-extended to 64 bits (i32 -1 = 0xffffffff,
 * f32 1.0 = 0x3f800000, f16 1.0 = 0x3c00, a pointer = its virtual address). The engine owns
 * its scalar environment; sim_data_eval() can evaluate every pure scalar op for it too, so
 * both modes share one definition of integer and floating-point arithmetic.
 *
 * Numbers are exact where the hardware is deterministic: +, -, *, sqrt, conversions and
 * comparisons round like the GPU (IEEE round-to-nearest-even; f16/bf16 overflow to Inf;
 * fp8 conversions saturate to the largest finite value ("satfinite"), NaN stays NaN; NaN
 * results are the canonical NaN). Known inexact spots, documented at their functions:
 * arith.divf and math.exp/log/sin/... (the GPU uses approximate instructions), reductions
 * (the GPU's tree order; we follow the layout's order where we can), and MMAs (fp32
 * accumulation order inside the tensor core is not specified).
 *
 * Errors: every fallible function returns 0 on success, or a sim_data_status and fills a
 * sim_data_err; the caller prints it as "FILE:LINE:COL: error: MSG" (loc from the op).
 * err may be NULL. Every entry point taking a sim_data also keeps its latest failure in the
 * data plane (sim_data_last_error), so the engine may just stop the path (log->halt) and the
 * driver reads the cause from there. Nothing here prints or exits. */

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

/* ------------------------------------------------------------------ element types */

/* Element type of a payload or a memory buffer. MLIR integers are signless: the op picks
 * signed or unsigned, so one type per width. */
typedef enum sim_dtype {
  SIM_DT_NONE = 0, /* not representable (sub-byte floats, opaque types): unsupported */
  SIM_DT_I1,       /* stored as one byte 0 / 1 */
  SIM_DT_I8,
  SIM_DT_I16,
  SIM_DT_I32,
  SIM_DT_I64,  /* also `index` */
  SIM_DT_F16,  /* IEEE binary16 bits */
  SIM_DT_BF16, /* bfloat16 bits */
  SIM_DT_F32,
  SIM_DT_F64,
  SIM_DT_TF32,     /* stored as f32 bits with the low 13 mantissa bits zero */
  SIM_DT_F8E4M3FN, /* OCP e4m3fn: bias 7, no Inf, NaN = S.1111.111, max 448 */
  SIM_DT_F8E5M2,   /* OCP e5m2: bias 15, IEEE-like Inf / NaN, max 57344 */
  SIM_DT_PTR,      /* 64-bit virtual address (see "addresses") */
  /* the other float types of Triton / MLIR (one byte each, value in the low bits); overflow
   * and Inf saturate to the largest finite like the fp8 types above (satfinite) */
  SIM_DT_F8E4M3FNUZ,   /* bias 8, no Inf, no -0, NaN = 0x80, max 240 */
  SIM_DT_F8E5M2FNUZ,   /* bias 16, no Inf, no -0, NaN = 0x80, max 57344 */
  SIM_DT_F8E4M3B11FNUZ, /* bias 11, no Inf, no -0, NaN = 0x80, max 30 */
  SIM_DT_F8E4M3,       /* IEEE-like e4m3: bias 7, Inf = S.1111.000, NaN S.1111.xxx, max 240 */
  SIM_DT_F6E2M3FN,     /* bias 1, finite only (no Inf, no NaN), max 7.5 */
  SIM_DT_F6E3M2FN,     /* bias 3, finite only, max 28 */
  SIM_DT_F4E2M1FN,     /* bias 1, finite only, max 6 */
  SIM_DT_F8E8M0FNU,    /* exponent only: 2^(e-127), no sign, no zero, NaN = 0xff */
  SIM_DT__COUNT
} sim_dtype;

/* Element type of an IR scalar / pointer type (the element of a tensor or memdesc type
 * when t is one); SIM_DT_NONE if not supported. */
sim_dtype sim_dtype_of(const ir_type *t);
int sim_dtype_size(sim_dtype dt);         /* bytes per element (I1 = 1) */
bool sim_dtype_is_float(sim_dtype dt);    /* F16 .. F8E5M2 */
const char *sim_dtype_name(sim_dtype dt); /* "f32", "bf16", "f8e4m3fn", "i32", "ptr", ... */
/* Parses "f32", "f16", "bf16", "f64", "f8e4m3fn"/"e4m3", "f8e5m2"/"e5m2", "i1", "i8",
 * "i16", "i32", "i64" (as in --tensor specs). SIM_DT_NONE if unknown. */
sim_dtype sim_dtype_parse(const char *s, size_t len);

/* ------------------------------------------------------------------ number formats
 * Exact conversions (sim/data_float.c). "rne" = round to nearest, ties to even (the GPU's
 * cvt.rn); "rtz" = toward zero (cvt.rz, tt.fp_to_fp rounding = rtz). Converting FROM double
 * rounds once, so an f16 add computed in double and rounded here equals add.f16. */
typedef enum sim_round { SIM_RNE = 0, SIM_RTZ = 1 } sim_round;

uint16_t sim_f16_from_double(double x, sim_round r);  /* overflow -> Inf, NaN -> 0x7fff */
uint16_t sim_bf16_from_double(double x, sim_round r); /* overflow -> Inf, NaN -> 0x7fff */
/* satfinite: |x| > 448 -> ±448, Inf -> ±448, NaN -> 0x7f */
uint8_t sim_e4m3_from_double(double x, sim_round r);
uint8_t sim_e5m2_from_double(double x, sim_round r); /* satfinite: -> ±57344, NaN -> 0x7f */
float sim_f32_from_double(double x, sim_round r);    /* NaN -> canonical 0x7fffffff */
float sim_tf32_from_f32(float x); /* drops the low 13 mantissa bits (tensor-core operand read) */
double sim_f16_to_double(uint16_t h);
double sim_bf16_to_double(uint16_t h);
double sim_e4m3_to_double(uint8_t b);
double sim_e5m2_to_double(uint8_t b);

/* Element <-> double / int64 through a dtype (p points at one element). */
double sim_elem_get_f(sim_dtype dt, const void *p);  /* ints: signed value */
int64_t sim_elem_get_i(sim_dtype dt, const void *p); /* sign-extended; floats: truncated toward 0 */
uint64_t sim_elem_get_bits(sim_dtype dt, const void *p); /* raw encoding, zero-extended */
/* Rounds / converts x into the element (ints: truncating and saturating like cvt.rzi). */
void sim_elem_set_f(sim_dtype dt, void *p, double x, sim_round r);
void sim_elem_set_bits(sim_dtype dt, void *p, uint64_t bits); /* stores the low size*8 bits */
/* Scalar bits <-> double (the "bits" convention above). */
double sim_bits_to_double(sim_dtype dt, uint64_t bits);
uint64_t sim_bits_from_double(sim_dtype dt, double x, sim_round r);

/* ------------------------------------------------------------------ decoded types
 * What the machine and the data plane read of a value's type, decoded once by the compiler
 * (sim_compile_dec.c sim_vtype_decode): running a machine or computing values never reads an
 * ir_type (tests/cli/sim_ir_reads.sh). Tensor-like fields describe a TENSOR's or MEMDESC's
 * shape and elements, and a TENSORDESC's block; they are 0 for other kinds. */
typedef struct sim_vtype {
  uint8_t kind;                  /* ir_typekind (IR_T_*); IR_T_NONE when the value has no type */
  uint8_t dt;                    /* sim_dtype_of the type (a scalar's, a TENSOR's / MEMDESC's element's) */
  uint8_t pdt;                   /* sim_dtype_of the pointee (pkind), of a TENSORDESC's block */
  uint8_t w;                     /* sim_int_width: an INT's bits, 64 for any other type */
  uint8_t rank;                  /* TENSOR / MEMDESC / TENSORDESC block rank */
  uint8_t has_elem;              /* TENSOR / MEMDESC / TENSORDESC block, PTR: its element type
                                    (pointee) is known */
  uint8_t in_tmem;               /* MEMDESC in #ttng.tensor_memory */
  uint8_t tmem_enc;              /* MEMDESC with a #ttng.tensor_memory_encoding (the fields below) */
  uint8_t clc_resp;              /* a MEMDESC of 128-bit integers: CLC responses (sim_clc.c) */
  uint8_t pkind;                 /* a PTR's or a TENSOR of PTR's pointee kind (IR_T_*); IR_T_NONE
                                    when not a pointer or the pointee is unknown */
  uint8_t bkind;                 /* TENSORDESC: the kind of its block type (IR_T_TENSOR) */
  uint8_t arank;                 /* MEMDESC: rank of its allocation shape (alloc_shape when
                                    written, else shape) */
  int32_t ebytes;                /* bytes per element (ir_type_elem_bytes) of a TENSOR / MEMDESC /
                                    TENSORDESC block element or a PTR pointee; 0 when unknown */
  int32_t ebits;                 /* bits of an INT / FLOAT element (tf32: 32), 0 for other elements */
  int32_t pbytes;                /* bytes of the pointee (pkind), 0 when unknown */
  int32_t tm_block_m, tm_col_stride; /* tmem_enc: blockM, colStride */
  int64_t numel;                 /* ir_type_numel: elements of the shape (block), 1 for scalars */
  int64_t shape[IR_MAX_RANK];
  int64_t ashape[IR_MAX_RANK];   /* MEMDESC: its allocation shape (arank) */
  int32_t cta_split;             /* TENSORDESC: the CTAs its block's encoding splits the block
                                    over (ir_enc_cta_split); 1 otherwise */
} sim_vtype;

/* Decodes t (NULL: kind IR_T_NONE) into *out (sim_compile_dec.c). */
void sim_vtype_decode(const ir_type *t, sim_vtype *out);
/* Bytes of a TENSOR / MEMDESC / TENSORDESC block: elements x element bytes (1 when unknown). */
static inline uint32_t sim_vtype_bytes(const sim_vtype *t) {
  return (uint32_t)(t->numel * (t->has_elem ? t->ebytes : 1));
}
/* Bytes a TMA through descriptor type t delivers to one CTA: its block's share (a block split
 * over the CTAs of a cluster by its layout is loaded as one piece per CTA, each signalling its
 * own CTA's barrier; Triton's expect counts that piece). */
static inline uint32_t sim_vtype_cta_bytes(const sim_vtype *t) {
  return sim_vtype_bytes(t) / (uint32_t)(t->cta_split > 1 ? t->cta_split : 1);
}

/* ------------------------------------------------------------------ decoded attributes
 * What the data plane reads of an op's attributes and operand segments, decoded once by the
 * compiler (sim_compile_dec.c sim_opdec_decode): computing values never looks an attribute up
 * by name. Every field is filled for every op (the default when the op has no such attribute);
 * each is read only for the ops named. */
typedef struct sim_opdec {
  const ir_op *op;
  uint8_t n_seg;                 /* operand segments: k = operands[seg[k] .. seg[k + 1]) */
  uint16_t seg[IR_MAX_SEGS + 1];
  int64_t axis;                  /* "axis" (reduce, scan, gather): 0 when absent */
  int64_t start;                 /* "start" (make_range): 0 when absent */
  int64_t tmem_n;                /* "N", else "offset" (tmem_subslice): -1 when absent */
  int precision;                 /* "inputPrecision" (dots): 0 tf32, 1 tf32x3, 2 ieee */
  int pred;                      /* cmpi / cmpf predicate (sim_cmp_pred): -1 unknown */
  bool reverse;                  /* "reverse" (scan) */
  bool rtz;                      /* fp_to_fp / truncf round toward zero */
  bool propagate_nan;            /* "propagateNan" (clampf) */
  bool order_dense;              /* "order" is a dense array (tt.trans takes no other) */
  const char *symbol;            /* "symbol" (extern_elementwise) or NULL */
  const char *rmw_kind;          /* "atomic_rmw_op" (atomic_rmw) or NULL */
  const char *reduce_kind;       /* "kind" (descriptor_reduce) or NULL */
  const ir_attr *value;          /* "value" (arith.constant) or NULL */
  int n_order, n_offsets;        /* lengths of "order" (trans, memdesc_trans) and "offsets"
                                    (memdesc_subslice); -1 when absent */
  int64_t order[IR_MAX_RANK], offsets[IR_MAX_RANK];
  /* The types of the op's operands, then of its results (n_operands + n_results of them;
   * owned, freed with the record): tin(d, k) / tout(d, k). */
  sim_vtype *vt;
  uint32_t n_in, n_out;
} sim_opdec;

/* Decodes op into *out (sim_compile_dec.c). */
void sim_opdec_decode(const ir_op *op, sim_opdec *out);
/* Frees what *d owns (its types), not d. */
void sim_opdec_release(sim_opdec *d);
/* The decoded type of operand k / result k of a decoded op. */
static inline const sim_vtype *sim_opdec_tin(const sim_opdec *d, uint32_t k) {
  assert(k < d->n_in);
  return &d->vt[k];
}
static inline const sim_vtype *sim_opdec_tout(const sim_opdec *d, uint32_t k) {
  assert(k < d->n_out);
  return &d->vt[d->n_in + k];
}
/* The first operand of segment k of a decoded op (NULL when empty); *n receives its size. */
static inline ir_value *sim_opdec_seg(const sim_opdec *d, int k, uint32_t *n) {
  bool in = k >= 0 && k < d->n_seg;
  uint32_t lo = in ? d->seg[k] : 0, hi = in ? d->seg[k + 1] : 0;
  if (n) *n = hi - lo;
  return hi > lo ? d->op->operands[lo] : NULL;
}

/* ------------------------------------------------------------------ tensor payloads */

/* An immutable, reference-counted, dense row-major array. Created with refs = 1; every
 * holder (a payload-store slot, an in-flight MMA result, ...) owns one reference. Never
 * modified once shared (refs > 1). */
typedef struct sim_tensor {
  uint32_t refs;
  sim_dtype dt;
  uint8_t rank; /* 0 = scalar held as a tensor (reduce to a scalar) */
  int64_t shape[IR_MAX_RANK];
  int64_t numel;
  void *data; /* numel * sim_dtype_size(dt) bytes, row-major; owned */
} sim_tensor;

/* New zero-filled tensor (refs = 1); NULL on overflow / out of memory. */
sim_tensor *sim_tensor_new(sim_dtype dt, int rank, const int64_t *shape);
sim_tensor *sim_tensor_ref(sim_tensor *t); /* refs++, returns t */
void sim_tensor_unref(sim_tensor *t);      /* refs--, frees at 0; NULL is fine */

/* ------------------------------------------------------------------ errors */

typedef enum sim_data_status {
  SIM_DATA_OK = 0,
  SIM_DATA_UNSUPPORTED, /* op / type / layout simulate mode cannot compute: input error (exit 2) */
  SIM_DATA_BAD_INPUT,   /* a user input does not fit (shape, dtype, missing tensor): exit 2 */
  SIM_DATA_FAULT,       /* the kernel did something invalid on real data (out-of-bounds
                           access, bad pointer, division by zero in i32): a bug (exit 1) */
  SIM_DATA_NOMEM,
} sim_data_status;

typedef struct sim_data_err {
  sim_data_status status;
  ir_loc loc;    /* the op's location when known */
  char msg[512]; /* "what, and what to do" (no "error:" prefix, no loc) */
} sim_data_err;

/* ------------------------------------------------------------------ the data plane */

typedef struct sim_data sim_data;

/* New data plane for a module (not owned; must outlive it). seed drives random tensors. */
sim_data *sim_data_new(const ir_module *m, uint64_t seed);
void sim_data_free(sim_data *d);
/* The decoded attributes of op (sim_opdec), kept by d: decoded on op's first use, which for a
 * compiled machine is its compilation (sim_compile.c notes every op it compiles). */
const sim_opdec *sim_data_dec(sim_data *d, const ir_op *op);
/* Latest failure of any entry point (NULL if none since the last clear). */
const sim_data_err *sim_data_last_error(const sim_data *d);
void sim_data_clear_error(sim_data *d);

/* ------------------------------------------------------------------ memory buffers
 * Every byte the kernel can address lives in a buffer: a global tensor (host input or
 * output), a shared-memory allocation, a tensor-memory allocation, or global scratch. Ids
 * are small integers >= 1 chosen here; the engine stores them in its allocation records.
 *
 * Shared memory is stored LOGICALLY: row-major over the allocation shape in the element
 * type, with no swizzle. Swizzling permutes bytes inside the allocation but every access
 * through the same encoding undoes it, so results are identical; only a memdesc_reinterpret
 * that changes the element size or the row length over swizzled data would differ (we
 * reinterpret the logical bytes; documented as a limitation).
 *
 * Tensor memory is stored the same way: logically, row-major over the tmem_alloc shape in its
 * element type. tmem_subslice is a column-range view. Lanes, columns and packing of the
 * #ttng.tensor_memory_encoding are not modelled: they permute cells without changing what a
 * load returns after a store through the same encoding. The same reinterpret caveat applies
 * (e.g. a P tile aliasing an S tile: consistent as long as S is dead when P is written, which
 * the kernel's synchronization guarantees). */

typedef enum sim_space {
  SIM_SPACE_GLOBAL = 0,
  SIM_SPACE_SHARED,
  SIM_SPACE_TMEM,
} sim_space;

typedef struct sim_buf {
  uint32_t id; /* >= 1 */
  sim_space space;
  sim_dtype dt; /* element type it was created with (global: of the tensor) */
  uint8_t rank;
  int64_t shape[IR_MAX_RANK]; /* logical shape (global tensor / alloc shape) */
  int64_t nbytes;
  uint8_t *bytes; /* owned */
  char name[64];  /* kernel argument name for globals ("a_desc"), else "" */
  bool live;      /* false after sim_data_buf_free (use = fault) */
} sim_buf;

/* New zero-filled buffer; returns its id, 0 on failure (err filled). */
uint32_t sim_data_buf_new(sim_data *d, sim_space space, sim_dtype dt, int rank,
                          const int64_t *shape, const char *name, sim_data_err *err);
/* Buffer for a ttg.local_alloc / ttng.tmem_alloc result type (a MEMDESC); when the alloc
 * has a `src` operand the engine then calls sim_data_init_alloc. */
uint32_t sim_data_buf_for_alloc(sim_data *d, const sim_vtype *memdesc, sim_data_err *err);
sim_buf *sim_data_buf(sim_data *d, uint32_t id);  /* NULL if no such id */
void sim_data_buf_free(sim_data *d, uint32_t id); /* local_dealloc, or end of a program */

/* ------------------------------------------------------------------ addresses
 * A pointer is a 64-bit virtual address: buffer b occupies [b << 40, (b << 40) + nbytes).
 * tt.addptr, ptr_to_int and int_to_ptr are plain integer arithmetic on it; a dereference
 * finds the buffer from the high bits and faults when outside it. */
#define SIM_VA_SHIFT 40
static inline uint64_t sim_va(uint32_t buf, int64_t off) {
  return ((uint64_t)buf << SIM_VA_SHIFT) + (uint64_t)off;
}

/* ------------------------------------------------------------------ memory views
 * A memdesc value: which elements of which buffer it names. Offsets and strides are in
 * ELEMENTS of dt (logical row-major storage, see above). View ops are functions from view
 * to view; the engine may use them for its own footprints (sim_mview_byte_range). */
typedef struct sim_mview {
  uint32_t buf; /* buffer id */
  sim_dtype dt; /* element type of the view */
  uint8_t rank;
  int64_t shape[IR_MAX_RANK];
  int64_t stride[IR_MAX_RANK]; /* elements; may be 0 (never negative) */
  int64_t offset;              /* element offset of [0,...,0] */
} sim_mview;

/* The full view of a freshly allocated buffer, typed as the alloc's result memdesc. */
int sim_mview_of_alloc(const sim_data *d, uint32_t buf, const sim_vtype *memdesc, sim_mview *out,
                       sim_data_err *err);
/* Applies a view op (IR_C_VIEW: memdesc_index, memdesc_subslice, memdesc_dynamic_subslice,
 * memdesc_trans, memdesc_reshape, memdesc_reinterpret, tmem_subslice, map_to_remote_buffer,
 * tlx.local_alias) to src. idx holds the op's scalar operands after the memdesc (index,
 * dynamic offsets, rank), as bits; the result type is read from op->results[0].
 * map_to_remote_buffer keeps src->buf: the engine, which knows every CTA's allocations,
 * replaces out->buf with the peer CTA's buffer of the same allocation. */
int sim_mview_apply(sim_data *d, const ir_op *op, const sim_mview *src, const uint64_t *idx,
                    sim_mview *out, sim_data_err *err);
/* [lo, hi) byte range the view can touch in its buffer (a superset when strided). */
void sim_mview_byte_range(const sim_mview *v, int64_t *lo, int64_t *hi);

/* ------------------------------------------------------------------ descriptors
 * A !tt.tensordesc value is a descriptor id (>= 1) held as the scalar's bits. */
typedef struct sim_tdesc {
  uint32_t id;
  uint32_t buf; /* global buffer */
  sim_dtype dt;
  uint8_t rank;
  int64_t shape[IR_MAX_RANK];  /* global extent per dim (elements) */
  int64_t stride[IR_MAX_RANK]; /* elements; innermost must be 1 */
  int64_t base;                /* element offset of [0,...,0] in buf */
  int64_t block[IR_MAX_RANK];  /* box shape, from the tensordesc type */
  bool nan_fill;               /* OOB fill with NaN instead of zero (padding = nan) */
} sim_tdesc;

/* Registers a descriptor over buffer `buf` (shape/strides as given, block from the
 * !tt.tensordesc type). Returns its id, 0 on error. */
uint32_t sim_data_tdesc_new(sim_data *d, uint32_t buf, const sim_vtype *desc_type, int rank,
                            const int64_t *shape, const int64_t *stride, sim_data_err *err);
const sim_tdesc *sim_data_tdesc(const sim_data *d, uint32_t id);

/* ------------------------------------------------------------------ payload store
 * Tensor payloads of SSA values, per agent slot. Slots are whatever small integers the
 * engine uses for its agents (one per (program, CTA, partition)); keys are value pointers,
 * so values of several functions (tt.call) never collide. Scalars are NOT stored here. */

/* Borrowed payload of v in agent, or NULL when it has none. */
sim_tensor *sim_data_get(sim_data *d, uint32_t agent, const ir_value *v);
/* Stores t (takes over the caller's reference; t may be NULL to clear). */
void sim_data_set(sim_data *d, uint32_t agent, const ir_value *v, sim_tensor *t);
/* Parallel copy dst[i] := src[i] for tensor-typed values (scf.yield into iter_args, scf.if
 * results, warp_specialize captures into partition block arguments, tt.call arguments):
 * all sources are read before any destination is written. A destination gets what its
 * source holds; only tensor values hold payloads, so the engine may pass whole operand lists. */
void sim_data_copy(sim_data *d, uint32_t dst_agent, const ir_value *const *dst, uint32_t src_agent,
                   const ir_value *const *src, uint32_t n);
/* Drops every payload of an agent (agent exit, or the program finished). */
void sim_data_agent_clear(sim_data *d, uint32_t agent);

/* ------------------------------------------------------------------ pure ops
 * Evaluates a pure op (class IR_C_SCALAR or IR_C_TENSOR, including tt.dot, tt.reduce /
 * tt.scan with their combiner region, make_tensor_descriptor) of agent `agent`:
 *   - tensor operands are read from the payload store; scalar operands from in_bits[i]
 *     (one entry per operand; entries for tensor operands are ignored);
 *   - tensor results are written to the payload store; scalar results to out_bits[i].
 * Works for scalar-only ops too (no store access), so verify mode may use it for scalars.
 * Layout conversions (convert_layout, require/release_layout) are the identity on values. */
int sim_data_eval(sim_data *d, uint32_t agent, const ir_op *op, const uint64_t *in_bits,
                  uint64_t *out_bits, sim_data_err *err);

/* Lower level, no store: operands given explicitly (ins[i] is the payload of operand i, or
 * NULL for a scalar operand with bits in in_bits[i]); tensor results returned in outs[]
 * (new references), scalar results in out_bits[]. */
int sim_data_eval_raw(sim_data *d, const ir_op *op, sim_tensor *const *ins, const uint64_t *in_bits,
                      sim_tensor **outs, uint64_t *out_bits, sim_data_err *err);

/* ------------------------------------------------------------------ memory ops
 * Each takes the views the engine resolved for the op's memdesc operands and moves data.
 * The engine decides WHEN (for async ops: suggested times are given). */

/* ttg.local_alloc %src / ttng.tmem_alloc %src: writes the src payload into the new buffer. */
int sim_data_init_alloc(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *dst,
                        sim_data_err *err);
/* ttg.local_load / ttng.tmem_load: reads src into the result payload. */
int sim_data_load_view(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *src,
                       sim_data_err *err);
/* ttg.local_store / ttng.tmem_store (pred given as bits, 1 = store) / remote_shmem_store:
 * writes the `src` payload into dst. */
int sim_data_store_view(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *dst,
                        bool pred, sim_data_err *err);
/* ttg.local_atomic_scatter_rmw: for each element I of `values` (mask on), dst at I with
 * I[axis] = indices[I] becomes rmw(old, values[I]) (atomic_rmw_op), in row-major order of I;
 * the result holds the old values (0 where masked off: undefined in the IR). An index outside
 * the buffer is a FAULT. */
int sim_data_scatter_rmw(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *dst,
                         sim_data_err *err);
/* tt.load / tt.store / tt.atomic_rmw / tt.atomic_cas / amdg.buffer_load/store through
 * pointers: pointer, mask, other, value operands come from the store (tensor) or in_bits
 * (scalar pointer / mask). Loads of a masked-off element give `other` (or 0). */
int sim_data_global_access(sim_data *d, uint32_t agent, const ir_op *op, const uint64_t *in_bits,
                           uint64_t *out_bits, sim_data_err *err);
/* tt.descriptor_load / tt.descriptor_store (synchronous TMA through a register descriptor). */
/* Device-side TMA descriptors (data_tmap.c): a fresh zero-filled global buffer for a
 * ttg.global_scratch_alloc of nbytes (its address; 0 with err set); ttng.tensormap_create
 * writes its descriptor record at the desc_ptr operand; ttng.reinterpret_tensor_descriptor of
 * va reads it back into a new descriptor id (out_bits[0]); a record never written is a FAULT. */
uint64_t sim_data_scratch_alloc(sim_data *d, int64_t nbytes, sim_data_err *err);
int sim_data_tmap_create(sim_data *d, const ir_op *op, const uint64_t *in_bits, sim_data_err *err);
int sim_data_tmap_reinterpret(sim_data *d, const ir_op *op, uint64_t va, uint64_t *out_bits,
                              sim_data_err *err);
int sim_data_desc_access(sim_data *d, uint32_t agent, const ir_op *op, const uint64_t *in_bits,
                         sim_data_err *err);

/* TMA tile load (async_tma_copy_global_to_local): copies the box at coords (one per box
 * dim, may be negative or past the end) of descriptor desc into dst; out-of-bounds box
 * elements are written as zero (or NaN with nan_fill), semantics.md §2.1. Call when the
 * copy COMPLETES (coords captured at issue). dst must have the box's element count. */
int sim_data_tma_load(sim_data *d, uint32_t desc, const int64_t *coords, const sim_mview *dst,
                      sim_data_err *err);
/* cp.async (ttg.async_copy_global_to_local, semantics.md §1.2) in two halves. At issue: reads
 * the elements its pointer tensor names (operands: src, dst memdesc, mask?, other?, bulk_size?;
 * a masked-off element reads `other`, or 0, like the hardware's zero fill; with a scalar
 * pointer and bulk_size, that many bytes from it) into a pending payload the data plane keeps;
 * returns its handle (>= 1), 0 on failure. At completion: writes the payload into dst (the
 * destination view, captured at issue) and releases it. */
uint32_t sim_data_cp_async_issue(sim_data *d, uint32_t agent, const ir_op *op, const uint64_t *in_bits,
                                 sim_data_err *err);
int sim_data_cp_async_complete(sim_data *d, uint32_t handle, const ir_op *op, const sim_mview *dst,
                               sim_data_err *err);
/* TMA tile store (async_tma_copy_local_to_global) / reduce (kind add|min|max|and|or|xor):
 * writes src to the box at coords, skipping out-of-bounds elements. Suggested time: when
 * the bulk group completes (the smem source is read then). */
int sim_data_tma_store(sim_data *d, uint32_t desc, const int64_t *coords, const sim_mview *src,
                       sim_data_err *err);
int sim_data_tma_reduce(sim_data *d, uint32_t desc, const int64_t *coords, const sim_mview *src,
                        const char *kind, sim_data_err *err);

/* ------------------------------------------------------------------ MMA
 * D = A x B (+ C): operands converted to their input precision (f16 / bf16 / fp8 exactly;
 * f32 under inputPrecision tf32 truncated to tf32; ieee kept), multiplied with OpenBLAS in
 * fp32 (dgemm for f64), accumulated in fp32 like the tensor core, then rounded to D's type.
 * The order of fp32 additions inside the tensor core is unspecified, so results match
 * hardware within accumulation error, not bitwise. */

/* ttng.warp_group_dot: a is a register tensor (payload of operand a) when a_view is NULL,
 * b_view is the smem B; C is the payload of operand c; useC from bits (1 if absent). The
 * result payload is stored for op->results[0]. Suggested time: issue (operands are stable
 * until the covering warp_group_dot_wait in a correct kernel). */
int sim_data_wgmma(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *a_view,
                   const sim_mview *b_view, bool use_c, sim_data_err *err);
/* ttng.tc_gen5_mma: A in smem or tmem, B in smem, D in tmem, D = A*B + (useD ? D : 0).
 * Suggested time: when the MMA completes. */
int sim_data_tcgen5_mma(sim_data *d, const ir_op *op, const sim_mview *a, const sim_mview *b,
                        const sim_mview *dv, bool use_d, sim_data_err *err);
/* ttng.tmem_copy: smem -> tmem element copy (row-major order). */
int sim_data_tmem_copy(sim_data *d, const sim_mview *src, const sim_mview *dst, sim_data_err *err);

/* GEMM kernel used by all of the above (exported for tests): C[MxN] = A[MxK]·B[KxN] (+C).
 * a, b are row-major float arrays already rounded to the input precision; c is fp32.
 * Returns 0, or -1 when OpenBLAS cannot be loaded (data_blas.h; c is then unchanged). */
int sim_gemm_f32(int64_t m, int64_t n, int64_t k, const float *a, const float *b, float *c,
                 bool accumulate);

/* ------------------------------------------------------------------ host tensors
 * (sim/data_npy.c, sim/data_host.c): building kernel inputs and writing outputs. */

/* Reads a NumPy .npy (v1.0 / v2.0 / v3.0, little-endian, C order) into a new global buffer
 * named `name`. Accepted dtypes: <f2 <f4 <f8 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 |b1.
 * want_dt != NONE converts (e.g. an f4 file for a bf16 descriptor, RNE) or accepts raw
 * bits of the same width (u2 for bf16, u1 for fp8). Returns the buffer id, 0 on error. */
uint32_t sim_npy_read(sim_data *d, const char *path, const char *name, sim_dtype want_dt,
                      sim_data_err *err);
/* Writes buffer id as .npy v1.0. f16/f32/f64/ints keep their dtype; bf16 and fp8, which
 * NumPy lacks, are written as raw bits (<u2 / |u1). Returns 0 or an error. */
int sim_npy_write(const sim_data *d, uint32_t id, const char *path, sim_data_err *err);
/* Parses a --tensor spec value: FILE.npy | random:SHAPE:DTYPE | zeros:SHAPE:DTYPE, SHAPE =
 * "256x2048". Random floats are uniform in [-1, 1) rounded to the dtype; random ints uniform
 * in [-8, 8]; deterministic in (seed, name). Returns the new buffer id, 0 on error. */
uint32_t sim_data_host_tensor(sim_data *d, const char *name, const char *spec, sim_dtype want_dt,
                              sim_data_err *err);

#endif
