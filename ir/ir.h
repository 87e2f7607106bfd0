/* ir.h: the in-memory TTGIR module (ops, regions, blocks, values, types, attributes,
 * locations) and the reader / printer API. Everything downstream (sim/, verify/, traces/,
 * lowering/) reads the IR only through this header. Nothing here knows about the machine.
 * Ownership: a module's arena owns everything reachable from it (ir_module_free); texts
 * and diagnostics the reader returns are malloc'd and the caller's (free); accessors return
 * pointers into the module. */
#ifndef TLXV_IR_H
#define TLXV_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ir_segs.h" /* IR_SEG_<OP>_<SEGMENT>: segment indices for ir_seg, generated */

#define IR_MAX_RANK 6   /* deepest tensor / memdesc shape Triton emits is 5-D */
#define IR_MAX_SEGS 12  /* operand segments per op (see ops.def; tc_gen5_mma_scaled has 10) */

typedef struct ir_arena ir_arena;
typedef struct ir_type ir_type;
typedef struct ir_attr ir_attr;
typedef struct ir_value ir_value;
typedef struct ir_op ir_op;
typedef struct ir_block ir_block;
typedef struct ir_region ir_region;
typedef struct ir_module ir_module;

/* ------------------------------------------------------------------ the op table */

/* Semantic class of an op: what the interpreter, the explorer and the lowering must do
 * with it. One class per op, given in ops.def. */
typedef enum ir_opclass {
  IR_C_SCALAR,     /* pure scalar or tensor arithmetic: no memory, no sync */
  IR_C_TENSOR,     /* pure tensor shape / layout op (splat, broadcast, convert_layout, ...) */
  IR_C_VIEW,       /* memdesc view: an alias of (part of) an allocation */
  IR_C_ALLOC,      /* allocates smem / tmem / global scratch */
  IR_C_MEM,        /* synchronous memory access (local_load/store, tt.load/store, tmem ld/st) */
  IR_C_BARRIER,    /* mbarrier / named / cluster barrier op (init, arrive, expect, wait) */
  IR_C_ASYNC,      /* issues an asynchronous operation (TMA, cp.async, wgmma, tcgen05) */
  IR_C_ASYNC_WAIT, /* waits for asynchronous groups (store_wait, async_wait, dot_wait) */
  IR_C_FENCE,      /* memory / proxy fence */
  IR_C_CONTROL,    /* structured or unstructured control flow, calls, returns, yields */
  IR_C_SPECIAL,    /* warp_specialize and its regions, func, module */
  IR_C_QUERY,      /* reads a machine fact: program id, cluster rank, thread id, clock */
  IR_C_META,       /* no runtime effect (layout bookkeeping, scheduling markers, debug) */
} ir_opclass;

typedef enum ir_opcode {
#define X(id, name, cls, segs) IR_OP_##id,
#include "ops.def"
#undef X
  IR_OP__COUNT
} ir_opcode;

typedef struct ir_opinfo {
  const char *name;    /* full dialect.op name, e.g. "ttng.wait_barrier" */
  ir_opclass cls;
  const char *segs;    /* operand segments in printed order, e.g. "alloc phase pred? deps*" */
} ir_opinfo;

extern const ir_opinfo ir_ops[IR_OP__COUNT];
/* Columns of the op table beside ops.def (ir_ops.c ir_op_flags: one bit set per op that has
 * the property), read by every module instead of a list of its own. */
enum {
  IR_F_TERMINATOR = 1,         /* ends a region and hands control (and values) back to the op
                                  that owns the region, which compiles / lowers it */
  IR_F_LW_NOOP = 2,            /* the lowering emits nothing for it (a hint, a profiling marker,
                                  a dealloc: the shared-memory plan ends a buffer's lifetime
                                  at its last use, lowering/lw_plan_live.c) */
  IR_F_SIM_NO = 4,             /* the model refuses it at the op, on every target (exit 2; the
                                  reason: sim_compile.c refusal) */
  IR_F_SIM_AMD = 8,            /* an AMD op: the AMD model runs it, any other target refuses it
                                  at the op (sim_amd_check_op) */
  IR_F_LW = 16,                /* the lowering has code of its own for it (a case label in
                                  lowering/lw_*.c; tests/cli/lw_column.sh keeps them in step) */
};
extern const unsigned char ir_op_flags[IR_OP__COUNT];
/* Writes ir/ir_segs.h: a constant IR_SEG_<OP>_<SEGMENT> per operand segment of ops.def. */
void ir_segs_header(FILE *out);
/* Looks an op up by its full name; returns IR_OP__COUNT when unknown. */
ir_opcode ir_op_lookup(const char *name, size_t len);
const char *ir_opclass_name(ir_opclass c);

/* ------------------------------------------------------------------ locations */

/* A resolved source position. file is an interned string owned by the module (NULL when
 * unknown). Resolution rule: callsite(callee at caller) takes the callee while it names a
 * user file, fused[...] takes its first known member, name(child) takes the child. */
typedef struct ir_loc {
  const char *file;
  uint32_t line, col;
} ir_loc;

/* ------------------------------------------------------------------ types */

typedef enum ir_typekind {
  IR_T_INT,        /* iN / uiN (bits, is_unsigned) */
  IR_T_INDEX,
  IR_T_FLOAT,      /* fkind */
  IR_T_TENSOR,     /* shape, elem, enc (may be NULL) */
  IR_T_PTR,        /* elem (pointee), addr_space */
  IR_T_TENSORDESC, /* block: the tensor<...> block type (its enc is the shared layout) */
  IR_T_MEMDESC,    /* shape, elem, enc, space, is_mutable, alloc_shape */
  IR_T_TOKEN,      /* !ttg.async.token */
  IR_T_FUNC,       /* inputs -> results */
  IR_T_NONE,
  IR_T_OPAQUE,     /* any other !dialect.type<...>: kept as text, printed back verbatim */
} ir_typekind;

typedef enum ir_floatkind {
  IR_F16, IR_BF16, IR_F32, IR_F64, IR_TF32,
  IR_F8E4M3FN, IR_F8E5M2, IR_F8E4M3FNUZ, IR_F8E5M2FNUZ, IR_F8E4M3B11FNUZ, IR_F8E4M3,
  IR_F6E2M3FN, IR_F6E3M2FN, IR_F4E2M1FN, IR_F8E8M0FNU,
} ir_floatkind;

/* Types are uniqued per module: two equal types are the same pointer. */
struct ir_type {
  ir_typekind kind;
  uint16_t bits;               /* INT / FLOAT width in bits; 0 otherwise */
  bool is_unsigned;            /* INT: ui8 ... ui128 */
  bool is_signed;              /* INT: si8 ... (explicitly signed; iN is signless) */
  ir_floatkind fkind;          /* FLOAT */
  uint8_t rank;                /* TENSOR / MEMDESC */
  int64_t shape[IR_MAX_RANK];
  uint8_t alloc_rank;          /* MEMDESC: trailing alloc shape, 0 when absent */
  int64_t alloc_shape[IR_MAX_RANK];
  const ir_type *elem;         /* TENSOR / MEMDESC element, PTR pointee, TENSORDESC block */
  const ir_attr *enc;          /* TENSOR / MEMDESC encoding (NULL if none) */
  const ir_attr *space;        /* MEMDESC memory space attribute */
  bool is_mutable;             /* MEMDESC */
  int addr_space;              /* PTR */
  const ir_type **inputs, **results; /* FUNC */
  uint32_t n_inputs, n_results;
  const char *text;            /* OPAQUE: verbatim text */
  bool desc_short;             /* TENSORDESC written <128x64xf16, #enc> rather than <tensor<...>> */
};

/* Bytes per element of an INT / FLOAT / PTR / INDEX type (sub-byte types round up to 1). */
int ir_type_elem_bytes(const ir_type *t);
/* Number of elements of a TENSOR / MEMDESC shape (1 for scalars). */
/* Reachable blocks of region r in reverse postorder (indices into order, room for
 * r->n_blocks); returns how many (ir_dom.c). */
uint32_t ir_region_rpo(const ir_region *r, uint32_t *order);
int64_t ir_type_numel(const ir_type *t);
bool ir_type_is_scalar(const ir_type *t);

/* ------------------------------------------------------------------ attributes */

typedef enum ir_attrkind {
  IR_A_INT,       /* ival, type (NULL for a bare integer) */
  IR_A_FLOAT,     /* fval, type */
  IR_A_BOOL,      /* ival 0/1 */
  IR_A_STRING,    /* str */
  IR_A_UNIT,      /* a present unit attribute (e.g. is_async) */
  IR_A_ARRAY,     /* elems: [a, b] */
  IR_A_DENSE_ARRAY, /* array<i32: 1, 0>: ints in ivals, type = element type */
  IR_A_DENSE,     /* dense<...> : type; splat value or elems, kept as text in str too */
  IR_A_DICT,      /* names/elems */
  IR_A_TYPE,      /* type */
  IR_A_SYMBOL,    /* @name in str */
  IR_A_KEYWORD,   /* bare keyword / enum, e.g. slt, local|global_read: str */
  IR_A_ENCODING,  /* a Triton encoding or memory space: enc */
  IR_A_LOC,       /* a location attribute: loc */
  IR_A_OPAQUE,    /* #dialect.thing<...> not modelled: kept as text in str */
} ir_attrkind;

typedef enum ir_enckind {
  IR_E_BLOCKED, IR_E_SLICE, IR_E_DOT_OP, IR_E_NVIDIA_MMA, IR_E_LINEAR,
  IR_E_NVMMA_SHARED, IR_E_SWIZZLED_SHARED, IR_E_PADDED_SHARED, IR_E_SHARED_LINEAR,
  IR_E_TMEM, IR_E_TMEM_SCALES, IR_E_AMD_MFMA, IR_E_AMD_WMMA,
  IR_E_AMD_ROTATING_SHARED,   /* #ttg.amd_rotating_shared: swizzled_shared whose phase also rotates per block */
  IR_E_SPACE_SHARED,          /* #ttg.shared_memory */
  IR_E_SPACE_TMEM,            /* #ttng.tensor_memory */
  IR_E_SPACE_CLUSTER,         /* #ttng.shared_cluster_memory */
  IR_E_OTHER,                 /* any other #ttg./#ttng./#tlx. encoding: fields in `params` */
} ir_enckind;

/* A Triton layout, parsed into the fields later stages need. Unused fields are 0. */
typedef struct ir_encoding {
  ir_enckind kind;
  const char *mnemonic;        /* e.g. "ttg.blocked", for printing */
  uint8_t rank;
  int32_t size_per_thread[IR_MAX_RANK], threads_per_warp[IR_MAX_RANK];
  int32_t warps_per_cta[IR_MAX_RANK], order[IR_MAX_RANK];
  int32_t instr_shape[3];      /* NVIDIA_MMA, AMD_MFMA */
  int32_t tiles_per_warp[IR_MAX_RANK]; /* AMD_MFMA: tilesPerWarp (0 = absent: 1 each) */
  int32_t version_major, version_minor; /* NVIDIA_MMA */
  int32_t dim;                 /* SLICE */
  int32_t op_idx, k_width;     /* DOT_OP */
  const ir_attr *parent;       /* SLICE / DOT_OP */
  int32_t swizzle_bytes;       /* NVMMA_SHARED: swizzlingByteWidth */
  bool transposed, fp4_padded; /* NVMMA_SHARED */
  int32_t element_bits;        /* NVMMA_SHARED, AMD_MFMA: elementBitWidth (MFMA: 0 = absent, 32) */
  int32_t vec, per_phase, max_phase; /* SWIZZLED_SHARED, AMD_ROTATING_SHARED */
  int32_t block_m, block_n, col_stride; /* TMEM */
  bool two_ctas;               /* TMEM */
  const ir_attr *cta_layout;   /* CGALayout / CTA layout sub-attribute, NULL if absent */
  const ir_attr *params;       /* the whole parameter attribute as parsed (for printing) */
  /* Older CTA layout form (CTAsPerCGA / CTASplitNum / CTAOrder), 0 when absent. */
  int32_t ctas_per_cga[IR_MAX_RANK], cta_split_num[IR_MAX_RANK], cta_order[IR_MAX_RANK];
  int32_t element_bytes;       /* NVMMA_SHARED: elementBitWidth / 8 (rounded up); else 0 */
  const char *raw;             /* body kept verbatim (e.g. padded_shared), printed as #m<raw> */
  bool has_body;               /* printed with a <...> body (params or raw) */
} ir_encoding;

struct ir_attr {
  ir_attrkind kind;
  int64_t ival;
  double fval;
  const char *str;             /* STRING / SYMBOL / KEYWORD / OPAQUE / DENSE text */
  const ir_type *type;
  const ir_attr **elems;       /* ARRAY / DICT values / DENSE elements */
  const char **names;          /* DICT keys */
  uint32_t n;                  /* elems / names / ivals count */
  int64_t *ivals;              /* DENSE_ARRAY */
  const ir_encoding *enc;      /* ENCODING */
  const char *alias;           /* set when written as #alias: printed back as the alias */
  struct ir_locattr *loc;      /* LOC */
};

/* Location attribute tree as written (kept for printing back). */
typedef enum ir_lockind { IR_L_UNKNOWN, IR_L_FILE, IR_L_NAME, IR_L_CALLSITE, IR_L_FUSED, IR_L_ALIAS } ir_lockind;
typedef struct ir_locattr {
  ir_lockind kind;
  const char *file, *name;     /* FILE: file; NAME: name; ALIAS: alias name ("loc12") */
  uint32_t line, col;
  struct ir_locattr *a, *b;    /* NAME: child in a; CALLSITE: callee a, caller b */
  struct ir_locattr **list; uint32_t n; /* FUSED */
} ir_locattr;

/* Looks up a named attribute of a dictionary (or op): NULL if absent. */
const ir_attr *ir_dict_get(const ir_attr *dict, const char *name);

/* ------------------------------------------------------------------ values, ops, regions */

struct ir_value {
  uint32_t id;                 /* dense per function (0..fn->n_values-1): index into env arrays */
  const ir_type *type;
  const char *name;            /* SSA name without '%' (e.g. "a_bufs", "c0_i32", "arg17") */
  int32_t result_idx;          /* >=0: result #result_idx of def; -1: block argument */
  ir_op *def;                  /* defining op, or NULL for a block argument */
  ir_block *block;             /* owning block for a block argument */
  uint32_t arg_idx;            /* block argument index */
  ir_loc loc;                  /* resolved location (arguments and results) */
  ir_locattr *loc_attr;        /* block argument location as written (NULL if none) */
  int32_t name_sub;            /* index within a `%x:N` result group (printed %x#k); -1 if alone */
};

typedef struct ir_namedattr {
  const char *name;
  const ir_attr *attr;
  bool is_prop;                /* written in <{...}> (generic form properties) */
} ir_namedattr;

struct ir_op {
  ir_opcode code;
  uint32_t id;                 /* dense per function, in textual order */
  ir_value **operands;
  uint32_t n_operands;
  uint16_t seg_start[IR_MAX_SEGS + 1]; /* operand segment k = operands[seg_start[k]..seg_start[k+1]) */
  uint8_t n_segs;
  ir_value **results;
  uint32_t n_results;
  ir_region **regions;
  uint32_t n_regions;
  ir_namedattr *attrs;         /* custom-form attributes are stored here too, by name */
  uint32_t n_attrs;
  ir_loc loc;                  /* resolved best user location */
  ir_locattr *loc_attr;        /* as written */
  uint32_t ir_line, ir_col;    /* position of the op in the IR text itself (its first token:
                                  the first result name, else the op name); 0 for ops the
                                  text omits (implicit terminators) */
  ir_block *parent;
  ir_op *next;                 /* next op in the block, NULL at the end */
  const ir_type **succ_types;  /* unused by most ops */
  ir_block **successors;       /* cf.br / cf.cond_br targets */
  uint32_t n_successors;
  bool generic;                /* was written in generic form: printed back the same way */
  bool implicit;               /* terminator the text omitted (scf.yield of a result-less scf.for
                                  / scf.if): present in the IR, not printed */
};

struct ir_block {
  const char *label;           /* "bb0" or NULL for an unlabelled entry block */
  ir_value **args;
  uint32_t n_args;
  ir_op *first, *last;
  ir_region *parent;
  uint32_t index;              /* position in parent->blocks */
  uint32_t ir_line, ir_col;    /* position of its ^label in the text; 0 when unlabelled */
};

/* scf.if: region 0 = then, region 1 = else, present only when the text has an else
 * (n_regions == 1 otherwise). scf.for: entry block args = [iv, iter_args...]. scf.while:
 * region 0 = before, region 1 = after (`do`). tt.reduce / tt.scan: region 0 = combiner. */
struct ir_region {
  ir_block **blocks;
  uint32_t n_blocks;
  ir_op *parent;
  const char *label;           /* warp_specialize: "default", "partition0", ...; else NULL */
  int32_t num_warps;           /* warp_specialize partitions: num_warps(N); else 0 */
};

typedef struct ir_func {
  const char *name;            /* without '@' */
  ir_op *op;                   /* the tt.func op: region 0 is the body; its entry block args
                                  are the kernel arguments, with loc and arg attributes */
  const ir_attr **arg_attrs;   /* per argument dictionary, or NULL */
  uint32_t n_values;           /* values numbered 0..n_values-1 */
  uint32_t n_ops;              /* ops numbered 0..n_ops-1; the tt.func op itself is 0 */
  bool is_public;
  const ir_type *type;         /* FUNC type (argument and result types) */
  const char *visibility;      /* "public", "private", or NULL when not written */
} ir_func;

struct ir_module {
  ir_arena *arena;             /* owns everything reachable from the module */
  const char *filename;        /* as given on the command line ("-" for stdin shown as <stdin>) */
  const ir_attr *attrs;        /* module attributes dictionary */
  ir_func **funcs;
  uint32_t n_funcs;
  ir_op *module_op;            /* the builtin.module op, body in region 0 */
  /* Alias definitions in textual order, printed back before / after the module. */
  /* alias_names keep their sigil: "#blocked", "#loc12", "!ty" (a type alias: IR_A_TYPE). */
  const char **alias_names; const ir_attr **alias_attrs; bool *alias_after; uint32_t n_aliases;
  bool implicit_module;        /* the text had no `module {...}` around its ops */
};

/* ------------------------------------------------------------------ accessors */

/* Operand segment k of op (see the segs string in ops.def; k is a constant of ir_segs.h,
 * IR_SEG_<OP>_<SEGMENT>): its first operand, or NULL if the segment is empty; *n (if non-NULL)
 * receives its size. */
ir_value *ir_seg(const ir_op *op, int k, uint32_t *n);
const ir_attr *ir_op_attr(const ir_op *op, const char *name);
/* Integer value of an integer / bool attribute, or dflt when absent. */
int64_t ir_op_attr_int(const ir_op *op, const char *name, int64_t dflt);
/* An integer-list attribute (a dense array, an array of integers, or one integer): at most max
 * of its integers into vals; its length, or -1 when absent or of another kind. */
int ir_op_attr_ints(const ir_op *op, const char *name, int64_t *vals, int max);
bool ir_op_has_attr(const ir_op *op, const char *name);
/* The op owning the region op lies in (block -> region -> op); NULL at the top. */
const ir_op *ir_op_owner(const ir_op *op);
/* The nearest op enclosing op (not op itself) whose opcode is code; NULL when there is none. */
const ir_op *ir_op_ancestor(const ir_op *op, ir_opcode code);
/* op has opcode code, or some op nested in its regions does. */
bool ir_op_holds(const ir_op *op, ir_opcode code);
/* op is outer or lies in one of outer's regions, at any depth. */
bool ir_op_inside(const ir_op *op, const ir_op *outer);
/* The nearest enclosing ttg.warp_specialize or nvws.warp_group (which NVWSLowerWarpGroup turns
 * into a warp_specialize whose regions hold all of the group's ops: docs/nvws.md), or NULL. The
 * query for rules that depend on running inside warp_specialize. */
const ir_op *ir_op_ws_ancestor(const ir_op *op);
/* Whether op is a ttg.warp_specialize or an nvws.warp_group: its regions are partitions. */
bool ir_op_is_ws(const ir_op *op);
/* The ttg.warp_specialize operand a partition region's block argument v stands for (the
 * capture of the same index), or NULL when v is not such an argument. */
const ir_value *ir_ws_capture(const ir_value *v);

/* The chase from a memdesc view back to its allocation (ir_view.c), the only one in the
 * tree. The flags choose which edges a step follows: */
enum {
  IR_VIEW_ALL = 1u << 0,        /* every view op (IR_C_VIEW) to the memdesc it views */
  IR_VIEW_SLOT = 1u << 1,       /* only the views that keep a ring's slot (ir_view_keeps_slot) */
  IR_VIEW_STOP_INDEX = 1u << 2, /* a ttg.memdesc_index ends the chase (ir_view_origin returns it) */
  IR_VIEW_CAPTURES = 1u << 3,   /* a partition's block argument to the warp_specialize capture */
  IR_VIEW_LOOP_INIT = 1u << 4,  /* an scf.for / scf.while iteration argument to its initial value */
  IR_VIEW_LOOP_YIELD = 1u << 5, /* and (scf.for only) to the value the body yields for it */
};
#define IR_VIEW_MAX_STEPS 256   /* longest chase; deeper nests read as "not traced" */
/* trans, reshape, reinterpret, static subslice, tmem_subslice: views inside one slot. */
bool ir_view_keeps_slot(ir_opcode code);
/* One step up from v: the values it is made from, in src (the initial value first, then the
 * yielded one under IR_VIEW_LOOP_YIELD); returns how many (0: v is not followed further). */
uint32_t ir_view_sources(const ir_value *v, unsigned how, const ir_value *src[2]);
/* Follows single steps from v (not IR_VIEW_LOOP_YIELD) and returns the value where they stop
 * (NULL past IR_VIEW_MAX_STEPS): the building block of chases done in stages. */
const ir_value *ir_view_follow(const ir_value *v, unsigned how);
/* Resolves a block argument the flags do not (a function argument through a call stack):
 * the value it stands for, or NULL to stop. */
typedef const ir_value *(*ir_view_arg_fn)(void *ud, const ir_value *arg);
/* Follows single steps from v (not IR_VIEW_LOOP_YIELD) and returns the op the chase ends at
 * when it is an allocation (IR_C_ALLOC) or, under IR_VIEW_STOP_INDEX, a memdesc_index; NULL
 * when it ends anywhere else or is not traced. arg may be NULL. Points into the module. */
const ir_op *ir_view_origin(const ir_value *v, unsigned how, ir_view_arg_fn arg, void *ud);
/* Integer of an arith.constant defining v; returns false if v is not such a constant. */
bool ir_value_const_int(const ir_value *v, int64_t *out);
ir_func *ir_module_func(const ir_module *m, const char *name);
/* The operand a called function's entry argument v receives at the one tt.call of that function
 * in m; NULL when v is not such an argument (the kernel's own arguments included) or the
 * function has no call or more than one (the argument then has no single value). Walks the
 * module: for analyses, not for a step loop. Points into m. */
const ir_value *ir_call_arg(const ir_module *m, const ir_value *v);
/* The kernel: the first public function, else the first function; NULL when there is none. */
const ir_func *ir_module_kernel(const ir_module *m);
/* Module attribute as integer ("ttg.num-warps", "ttg.num-ctas"...), dflt when absent. */
int64_t ir_module_attr_int(const ir_module *m, const char *name, int64_t dflt);
const char *ir_module_target(const ir_module *m); /* "cuda:90", "hip:gfx942", or NULL */
/* The implicit cluster sync Triton's LLVM lowering adds after barrier init (tlx-ir.md §0): true
 * when fn needs one (a view of a peer CTA's memory, a multicast arrive, or "ttng.two-ctas");
 * *after then receives the last init_barrier of fn's entry block (NULL: none, sync at the top). */
bool ir_cluster_init_sync(const ir_module *m, const ir_func *fn, const ir_op **after);
const ir_encoding *ir_type_encoding(const ir_type *t);
/* The CTAs of a cluster a block of encoding e is split over (1 without a CTA layout): a
 * CGALayout has one basis per bit of the CTA id, a basis of zeros replicates the block (a
 * broadcast) and any other halves it, so 2^(bases not zero); the older form's CTASplitNum gives
 * the split per dimension. A TMA through a descriptor of such a block loads one CTA's share per
 * CTA (Triton's expect counts that share). */
int32_t ir_enc_cta_split(const ir_encoding *e);

/* ------------------------------------------------------------------ integers in text */

/* An integer as the reader reads a literal and the command line an option value (ir_int.c):
 * an optional '-', then decimal digits, or 0x / 0X and hex digits; nothing else (no spaces,
 * '+' or suffix; 010 is ten, not C's octal eight). */
typedef enum ir_num { IR_NUM_OK, IR_NUM_MALFORMED, IR_NUM_RANGE } ir_num;
/* s (NUL-terminated, may be NULL: malformed) as an integer from lo to hi; *out is written only
 * on IR_NUM_OK. */
ir_num ir_num_i64(const char *s, int64_t lo, int64_t hi, int64_t *out);
ir_num ir_num_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* ------------------------------------------------------------------ reading and printing */

typedef struct ir_diag {
  char *msg;                   /* "FILE:LINE:COL: error: what", possibly followed by one
                                * "\nFILE:LINE:COL: note: ..." line (malloc'd, caller frees) */
} ir_diag;

/* Parses MLIR text (buf need not be NUL-terminated). filename names the input in locations
 * and diagnostics. On success returns the module (free with ir_module_free); on error
 * returns NULL and sets diag->msg to one "file:line:col: error: ..." line, followed by a
 * "file:line:col: note: ..." line where a second position matters (e.g. where a value used
 * before its definition is defined). */
ir_module *ir_parse(const char *buf, size_t len, const char *filename, ir_diag *diag);
/* ir_parse with line_offset added to every line number in diagnostics (used for one chunk of
 * a split lit file, so errors name the line in the whole file). */
ir_module *ir_parse_ex(const char *buf, size_t len, const char *filename, uint32_t line_offset,
                       ir_diag *diag);
/* Reads a whole file ("-" = stdin) into a malloc'd buffer (caller frees); NULL and a
 * diagnostic on error. */
char *ir_read_file(const char *path, size_t *len, ir_diag *diag);
/* Reads a whole file ("-" = stdin) and parses it. */
ir_module *ir_parse_file(const char *path, ir_diag *diag);
void ir_module_free(ir_module *m);
/* Prints the module back in Triton's syntax. The output parses, and printing it again gives
 * identical text. */
void ir_print(const ir_module *m, FILE *out);
void ir_print_type(const ir_type *t, FILE *out);
void ir_print_attr(const ir_attr *a, FILE *out);
/* Source location as "file:line:col" into buf (returns buf); "<unknown>" when unknown. */
char *ir_loc_str(ir_loc loc, char *buf, size_t n);

/* Splits lit-test text on "// -----" lines; comment-only lines are dropped by the parser.
 * Returns the number of chunks; chunk i is [starts[i], starts[i]+lens[i]), line numbers are
 * preserved by first_line[i]. Arrays are malloc'd, caller frees. */
size_t ir_split_input(const char *buf, size_t len, size_t **starts, size_t **lens,
                      uint32_t **first_line);

#endif
