/* sim_internal.h: private to sim/sim_*.c: the compiled program (instructions, regions,
 * allocations, barriers) and the byte layout of a machine state.
 * Ownership: the compiled tables belong to the sim_machine (freed by sim_machine_free);
 * nothing here points into a state. */
#ifndef TLXV_SIM_INTERNAL_H
#define TLXV_SIM_INTERNAL_H

#include <assert.h>
#include <stdarg.h>
#include <string.h>

#include "sim.h"
#include "sim_data.h"
#include "ir/ir_alloc.h" /* ir_grow */

/* ------------------------------------------------------------------ instructions */

/* Pseudo instruction codes, after the IR op codes (an IR op runs as its own code). */
enum {
  SIM_I_JMP = IR_OP__COUNT + 1, /* pc = target */
  SIM_I_BRZ,                    /* in0 == 0 ? pc = target */
  SIM_I_COPY,                   /* parallel copy of n_in sources into n_out (= n_in) slots */
  SIM_I_FOR_INIT,               /* in: lb ub step; checks the trip-count bound (imm = width) */
  SIM_I_FOR_TEST,               /* in: iv ub; !(iv < ub) ? pc = target (signed, imm = width) */
  SIM_I_FOR_STEP,               /* in: iv step, out: iv; pc = target */
  SIM_I_FORK,                   /* imm = warp_specialize index: starts the partitions */
  SIM_I_JOIN,                   /* imm = ws index: waits for every partition to finish */
  SIM_I_PEND,                   /* end of a partition region (ttg.warp_return) */
  SIM_I_END,                    /* end of the kernel (tt.return of the kernel function) */
  SIM_I_CLSYNC,                 /* implicit cluster barrier (tlx-ir.md §0), imm = 0 after init, 1 before ret, 2 before an upstream paired MMA */
  SIM_I_AMD_BAR,                /* AMD: a CTA barrier Membar inserts at LLVM lowering (sim_compile_amd_membar.c),
                                   or a LOCAL barrier of a warp pipeline (sim_compile_amd_wpipe.c) */
  SIM_I_AMD_SBAR,               /* AMD: a warp pipeline's raw s_barrier (no waits) */
  SIM_I_AMD_CBAR,               /* AMD: a warp pipeline's cond_barrier: imm 1 = the waves of
                                   the high group (warpHigh), 0 = the low group (warpLow) */
  SIM_I__END
};

/* Visibility of an instruction: the agent yields (a state boundary) before a visible one. */
enum {
  SIM_V_NONE = 0,               /* pure: runs inside the agent's step */
  SIM_V_SYNC,                   /* barrier / wait / fence / fork / join: always interleaved */
  SIM_V_MEM,                    /* shared / tensor memory access */
  SIM_V_ASYNC,                  /* issues an async event */
};

/* A scalar op as sim_scalar_run evaluates it: what it needs of the op's types and attributes
 * (sim_scalar_decode). */
typedef struct sim_scalar_dec {
  uint16_t code;               /* ir_opcode */
  uint8_t w;                   /* integer width of the result (sim_int_width) */
  uint8_t w0, w1;              /* ... of operands 0 and 1 */
  uint8_t pred;                /* cmpi / cmpf predicate (index in its keyword list); 0xff unknown;
                                  amdg.update_tensor_descriptor: its pred operand's index, 0xff none */
  uint8_t dt, dt0;             /* sim_dtype of the result / operand 0 (floats) */
  uint8_t rt_kind;             /* ir type kind of the result (IR_T_*) */
  uint8_t n_operands;
  uint8_t asm_noop;            /* tt.elementwise_inline_asm whose instruction has no effect inside
                                  the grid (sim_asm_no_effect): its results are 0 */
  int32_t eb;                  /* tt.addptr: bytes of the pointee */
} sim_scalar_dec;

/* The index rewrite tlx.set_buffer_overlap gives a buffer (sim_compile_overlap.c): buffer k
 * lies at index scale * k + slots + k % group (group > 1) in buffers of its own size. */
typedef struct sim_ovl {
  int32_t scale;               /* 0: the index is not rewritten */
  int32_t slots;               /* buffer_offset / buffer size */
  int32_t group;               /* group_size of the shared groups above it, multiplied */
} sim_ovl;

typedef struct sim_ins {
  uint16_t code;               /* ir_opcode or SIM_I_* */
  uint8_t vis;                 /* SIM_V_* */
  uint8_t region;              /* agent-code region it belongs to */
  uint16_t n_in, n_out;        /* operand slots: m->opnd[opnd .. opnd+n_in) inputs, then outputs */
  uint32_t opnd;
  uint32_t target;             /* jump target */
  uint32_t pred_in;            /* input index of the predicate operand, UINT16_MAX if none:
                                  a visible op whose predicate is false runs inline as a no-op */
  int64_t imm, imm2;           /* immediates (constant bits, counts, sizes, ws index) */
  const ir_op *op;             /* source op (NULL for some pseudo instructions) */
  const ir_value **vin, **vout; /* COPY / FORK / call: IR values of the slots (payload copies) */
  uint8_t data_op;             /* 1: pure tensor op, evaluated only in simulate mode */
  uint8_t dyn_pred;            /* 1: has a predicate operand */
  uint8_t late_chk;            /* 1: a visible op on an allocation with may_reuse: checked
                                  against pending late arrivals before it runs (sim_late.c) */
  /* What the step loop needs of the op's attributes and operand segments, decoded once by
   * the compiler (sim_compile.c decode_attrs): running an instruction never looks an
   * attribute up by name or walks the op's segment table. */
  uint8_t n_seg;               /* operand segments (ops whose inputs are their operands) */
  uint16_t seg[IR_MAX_SEGS + 1]; /* segment s = inputs [seg[s], seg[s+1]) */
  uint16_t af;                 /* SIM_AF_*: flag attributes */
  int32_t ai;                  /* an integer attribute, per op (decode_attrs) */
  int32_t xi[IR_MAX_RANK];     /* an integer-list attribute (memdesc_subslice offsets), n_xi */
  uint8_t n_xi;
  const char *astr;            /* a string attribute (the kind of a TMA reduce) */
  sim_scalar_dec sc;           /* scalar ops: result / operand types and predicate (sim_scalar.c) */
  /* The types of the op's operands, then of its results, decoded once by the compiler
   * (sim_compile_types.c): m->trefs[vt .. vt + n_top + n_tres); read with ins_tin / ins_tout /
   * ins_tseg, never through op (tests/cli/sim_ir_reads.sh). */
  uint32_t vt;
  uint16_t n_top, n_tres;
  sim_ovl ovl;                 /* ttg.memdesc_index of a buffer placed by set_buffer_overlap */
} sim_ins;

/* A value's decoded type (sim_compile_types.c): t indexes m->vtypes (0: no type); src, for a
 * memdesc made by a chain of permuting views (trans, reshape, reinterpret, local_alias), the
 * type of the view the chain started from, whose bytes an irregular view covers (sim_view_fp);
 * 0 when there is none. */
typedef struct sim_tref {
  uint16_t t, src;
} sim_tref;

/* sim_ins.af: flag attributes */
enum {
  SIM_AF_ASYNC = 1,            /* isAsync / is_async */
  SIM_AF_MULTICAST = 2,        /* multicast */
  SIM_AF_TWO_CTA = 4,          /* two_cta / two_ctas */
  SIM_AF_CTA_MASK = 8,         /* has ctaMask (arrive_barrier) */
  SIM_AF_REDUCE = 16,          /* has reduce_kind (tt.descriptor_store) */
  SIM_AF_HAS_AI = 32,          /* ai holds a value that the op may omit (AMD waits) */
  SIM_AF_HAS_AI2 = 64,         /* ... and xi[0] a second one */
  SIM_AF_TID_X = 128,          /* a thread id op of the x dimension (sim_compile_tid_x) */
  SIM_AF_WP_INSIDE = 256,      /* AMD: the op is in a warp pipeline (m->amd_wp SIM_WP_INSIDE;
                                  sim_compile_amd_ins) */
};
/* A thread id op (gpu.thread_id, rocdl.workitem.id.x) reads the x dimension: no "dimension",
 * 0, or the keyword x (sim_compile.c). */
bool sim_compile_tid_x(const ir_op *op);
/* The address spaces a ttg.barrier waits for ("addrSpace"; all when absent): bit 0 local
 * (LDS), bit 1 global (sim_compile.c; decode_attrs keeps it in sim_ins.ai). */
int sim_compile_bar_spaces(const ir_op *op);
/* The first operand of segment seg of op, NULL when the segment is empty or absent: for the
 * build-time analyses (sim_amd_*), which walk the IR before there are instructions. */
const ir_value *sim_compile_seg0(const ir_op *op, int seg);
/* The memdesc an op writes in LDS split among the waves, each wave its part (sim_amd_ops.c
 * ds_write and the LDS DMA; sim_amd_share), or NULL: sim_compile_amd_waves.c. */
const ir_value *sim_compile_lds_write_target(const ir_op *op);
/* Segment k of op: operand index range [*lo, *hi); false (nothing written) when op has no
 * segment k. */
bool sim_compile_seg_bounds(const ir_op *op, int k, uint32_t *lo, uint32_t *hi);

/* Inputs of segment s of instruction i: [ins_seg_at(i, s), + ins_seg_len(i, s)). */
static inline uint32_t ins_seg_len(const sim_ins *i, int s) {
  return s < i->n_seg ? (uint32_t)(i->seg[s + 1] - i->seg[s]) : 0;
}
static inline uint32_t ins_seg_at(const sim_ins *i, int s) { return s < i->n_seg ? i->seg[s] : i->n_in; }

/* ttng.arrive_barrier's sim_ins.imm2 (imm: its count; sim_compile.c decode_attrs) */
#define SIM_ARRIVE_PER_THREAD 1     /* perThread: every thread arrives */
#define SIM_ARRIVE_MASKED 2         /* ctaMask given: the mask is bits 32..63 */

#define SIM_NOSLOT 0u           /* slot 0 of every region is a discard slot */
#define SIM_NOBAR 0xffffu
#define SIM_NOPRED UINT16_MAX

/* An agent-code region: the parent (kernel body, default regions and inlined calls) or one
 * partition region. Slots [0, n_persist) live in the state, the rest in scratch. */
typedef struct sim_region {
  uint32_t start, end;         /* instruction range */
  uint32_t n_slots;            /* slots used by its code */
  uint32_t n_persist;          /* slots live across a visible op (kept in the state) */
  uint16_t *color;             /* persistent slot s -> its word in the state (1-based): slots
                                  never live at the same visible op share a word */
  uint32_t n_colors;           /* state words of the region */
  int32_t ws;                  /* warp_specialize index for partitions, -1 for the parent */
  int32_t part;                /* partition index, -1 for the parent */
  int32_t num_warps;
  const char *label;           /* "default" (parent) / "partition0" ... */
  bool owns_label;             /* label was allocated here */
  bool owns_entry_vals;        /* entry_vals was allocated here (nvws.warp_group captures) */
  uint32_t entry_slot0;        /* partitions: first block-argument slot (captures copy here) */
  uint32_t n_entry;            /* partitions: number of block arguments */
  uint32_t *entry_slots;       /* partitions: slot of each block argument */
  const ir_value **entry_vals; /* partitions: the block arguments */
} sim_region;

typedef struct sim_ws {
  uint32_t fork_ins, join_ins;
  uint32_t n_parts;
  uint32_t part_region[SIM_MAX_AGENTS];
  uint32_t n_caps;
  const int64_t *start_ids;    /* warpGroupStartIds (n_start_ids of them; NULL: not given) */
  uint32_t n_start_ids;
  uint32_t *cap_slots;         /* parent slots of the captured values */
  const ir_value **cap_vals;   /* captured values (simulate mode payload copies) */
} sim_ws;

/* An allocation: ttg.local_alloc (smem), ttng.tmem_alloc (tmem), or a kernel argument's
 * global memory. Id = index in m->allocs (0 unused). */
typedef struct sim_alloc {
  const ir_op *op;             /* defining op (NULL for globals) */
  const char *name;            /* SSA name ("a_bufs") */
  uint8_t space;               /* SIM_SPACE_SHARED / SIM_SPACE_TMEM / SIM_SPACE_GLOBAL */
  uint8_t rank;
  uint8_t is_barrier;          /* its elements are mbarriers */
  uint8_t async_used;          /* some async-proxy op accesses it (proxy tracking needed) */
  uint8_t is_desc;             /* global: the tensor of a !tt.tensordesc kernel argument
                                  (verify mode: the argument's value is a view of it) */
  int32_t ebytes;              /* element bytes */
  int64_t tmem_col;            /* tensor_memory_col_offset (tmem_alloc): -1 when not placed */
  int64_t shape[IR_MAX_RANK];
  int64_t stride[IR_MAX_RANK]; /* bytes */
  uint32_t bytes;
  uint32_t bar_base;           /* first per-CTA barrier index when is_barrier */
  uint32_t n_bars;
  uint32_t init_ins;           /* an instruction that initialises barriers of it */
  uint32_t first_id, last_id;  /* shared memory: ids (ir_op.id) of its defining op and of its
                                  last use in the kernel function, a loop that uses it counting
                                  up to its end (Triton's allocator's live range); UINT32_MAX
                                  unknown (sim_late.c) */
  uint8_t may_reuse;           /* defined after the live range of a barrier allocation ended:
                                  Triton's allocator may place it over those barriers' bytes */
  uint32_t sig_ins[8];         /* barrier: instructions that arrive / expect / signal it */
  uint32_t n_sig;
  uint16_t vt;                 /* m->vtypes index of its type (the defining op's result; 0 for
                                  globals: sim_compile_types.c) */
  uint8_t placed;              /* a storage_alias_spec's backing sized by set_buffer_overlap:
                                  bytes is the placement's, more than its type's (simulate
                                  mode holds it as bytes; sim_machine.c) */
} sim_alloc;

/* A rule broken statically (sim_tmem.c), reported when instruction ins runs. */
typedef struct sim_sviol {
  uint32_t ins;
  char msg[240];
} sim_sviol;

/* A candidate of the AMD lint amd.masked-lanes-stale (sim_compile_amd_stale.c): a masked
 * ttg.async_copy_global_to_local without `other`, and the consumers of its buffer that use every
 * element of a tile (up to SIM_STALE_USES). Built once with the machine; fires / use / msg are
 * for the current run (sim_amd_stale_run). */
enum { SIM_STALE_USES = 4 };
typedef struct sim_stale_use {
  const ir_op *load;           /* the ttg.local_load of the copy's buffer */
  const ir_op *use;            /* tt.dot / tt.dot_scaled / tt.reduce / unmasked store it reaches */
  int cdim;                    /* the tile's dim the use contracts or reduces; -1: every element */
} sim_stale_use;
typedef struct sim_stale {
  const ir_op *copy;
  const ir_value *mask;
  sim_stale_use uses[SIM_STALE_USES];
  uint32_t n_uses;
  bool fires;                  /* this run: a use reads a masked-off element */
  int use;                     /* which use */
  char msg[300];
} sim_stale;

/* Static information about one agent slot. */
typedef struct sim_agentinfo {
  uint8_t cta;
  uint8_t local;               /* 0 = parent, k = partition k-1 */
  char name[40];
  uint32_t first_warp;         /* CTA-relative warp id of its first warp (ttg.warp_id) */
  uint32_t env_off;            /* offset (in u64) of its persistent slots in the state's env */
  uint32_t env_cap;            /* persistent slots reserved for it */
} sim_agentinfo;

/* ------------------------------------------------------------------ state layout */

typedef struct sim_hdr {
  uint16_t n_events;
  uint16_t exited;             /* bit per CTA that ran its kernel end (cluster-exit checks) */
  uint32_t cl_arrived;         /* cluster barrier: agents arrived in this generation (bitmask);
                                  AMD (sim_amd_cluster.c): CTAs that signalled in this phase */
  uint32_t cl_passed;          /* cluster barrier: agents whose generation completed, wait not yet
                                  run; AMD: waves that arrived and have not yet waited */
  uint32_t pcl_arrived;        /* partition cluster barriers (sim_ops_bar.c): agents arrived (bitmask) */
} sim_hdr;

typedef struct sim_agent {
  uint32_t pc;
  uint8_t status;              /* sim_agent_status */
  uint8_t aux;                 /* NBWAIT: named-barrier id */
  uint16_t seq;                /* TMA stores with a token issued so far (token numbers) */
  uint16_t cp_group;           /* cp.async: current (uncommitted) group number */
  uint16_t cl_credit;          /* AMD cluster barrier: phases completed while the wave was not
                                  waiting, for its next waits (sim_amd_cluster.c) */
} sim_agent;

/* mbarrier object (semantics.md §1.1) plus the checker's per-phase byte ledger (§1.9). */
typedef struct sim_mbar {
  int32_t phase;               /* absolute phase */
  int32_t tx;                  /* signed tx-count */
  int32_t pending;             /* arrivals still missing in this phase */
  int32_t expected;            /* arrivals per phase */
  uint8_t valid;
  uint8_t inited;              /* ever initialised */
  uint8_t late;                /* invalidated while an async op still signalled it, and some
                                  such op is still in flight: its arrival is pending (sim_late.c) */
  uint8_t pad;
  int32_t exp_bytes;           /* ledger: bytes expected (expect_tx) in the current phase */
  int32_t iss_bytes;           /* ledger: bytes of async copies issued against the current phase */
  uint32_t last_expect;        /* ledger: instruction of the latest expect in this phase */
  uint32_t late_ins;           /* late: the inval instruction */
} sim_mbar;

/* Named barrier (§5), per CTA and id. */
typedef struct sim_nbar {
  uint16_t count;              /* thread count b of the current generation (0: none yet) */
  uint16_t arrived;            /* threads arrived */
  uint32_t waiters;            /* agents (bits) waiting in a sync */
  uint32_t arrivers;           /* agents (bits) that arrived in this generation */
  uint32_t pad;
} sim_nbar;

enum {
  SIM_EV_TMA_LOAD = 1,         /* writes fp0 (async); complete_tx(bytes) on bar (§2.1) */
  SIM_EV_TMA_STORE,            /* reads fp0 (async); its own bulk group (§2.2) */
  SIM_EV_WGMMA,                /* reads fp0/fp1 (async); a wgmma group (§3) */
  SIM_EV_MMA5,                 /* reads fp0/fp1, writes fp2 (tmem); arrives on bar/bar2 (§4.4) */
  SIM_EV_TMEM_CP,              /* reads fp0 (smem), writes fp1 (tmem) (§4.4) */
  SIM_EV_COMMIT5,              /* arrive on bar once older MMA5 / TMEM_CP of the agent are done */
  SIM_EV_CP_ASYNC,             /* cp.async: writes fp0 (generic); group = cp group (§1.2) */
  SIM_EV_CP_ARRIVE,            /* cp.async.mbarrier.arrive: arrive once older CP_ASYNC are done */
  SIM_EV_BULK_COPY,            /* cp.async.bulk / st.async into (remote) smem: writes fp0, complete_tx */
  SIM_EV_CLC,                  /* CLC try_cancel: writes response fp0 (async), complete_tx(16) on bar;
                                  one event per outcome, aux = decided code (sim_clc.c, §6.3) */
  SIM_EV_AMD_DS,               /* AMD: a ds_write (local_store) in its wave's LDS queue: writes fp0 (§8.1) */
  SIM_EV_AMD_VM,               /* AMD: an LDS DMA in its wave's vector-memory queue: writes fp0; group (§8.1) */
  SIM_EV_AMD_TDM,              /* AMD gfx1250: a TDM copy in its wave's tensor queue: writes (global->LDS)
                                  or reads (LDS->global) fp0; arrive-on(1) on bar (sim_amd_mbar.c) */
  SIM_EV_AMD_ARRIVE,           /* AMD gfx1250: async_copy_mbarrier_arrive: arrive-on(lanes) on bar once
                                  the wave's older SIM_EV_AMD_VM copies are done (sim_amd_mbar.c) */
};
enum {
  SIM_EVF_COMMITTED = 1,
  SIM_EVF_CLC_FAIL = 2, /* SIM_EV_CLC: the failure outcome */
  SIM_EVF_TIED = 4,     /* SIM_EV_COMMIT5: a barrier of the MMA just before it (same agent),
                           arrived on when that MMA completes, in the same transition */
  SIM_EVF_AMD_XBAR = 8, /* SIM_EV_AMD_*: its wave passed an s_barrier while it was in flight;
                           `bytes` holds that barrier's instruction (sim_amd_ops.c) */
};

/* Value of a !ttg.async.token made by a TMA store: the tag, and the issuer's store number in
 * the low 16 bits (sim_ops_async.c). Other tokens are 0. */
#define SIM_TOKEN_TAG (1ull << 40)

typedef struct sim_event {
  uint8_t kind;                /* SIM_EV_* */
  uint8_t agent;               /* issuing agent */
  uint8_t n_fp;
  uint8_t flags;               /* SIM_EVF_* */
  uint16_t seq;                /* TMA_STORE: the issuer's token number (sim_ops_async.c) */
  uint16_t bar;                /* barrier signalled on completion, SIM_NOBAR */
  uint16_t bar2;               /* second barrier (tc_gen5_mma with two), SIM_NOBAR */
  uint16_t group;              /* cp.async group */
  uint32_t ins;                /* issuing instruction */
  uint32_t bytes;              /* complete_tx bytes */
  uint32_t aux;                /* simulate mode: side record index (0 in verify mode) */
  sim_fp fp[3];
} sim_event;

/* Proxy tracking (§2.3): a generic access of an agent not yet followed by its own
 * fence.proxy.async; kept for allocations that the async proxy also touches. A fence of
 * another agent covers it for that agent once the agent acquired it (a proxy fence on the
 * causality path from the access to the async op: sim_proxy.c says why). */
typedef struct sim_uf {
  sim_fp fp;                   /* flags: SIM_FP_WRITE for writes, SIM_FP_PUBLISHED once released */
  uint32_t ins;
  uint32_t pub;                /* the synchronization objects it was released to (SIM_UF_OBJ_*) */
  uint32_t acq;                /* agents that acquired it after a release (bit per agent) */
  uint32_t cov;                /* agents whose fence.proxy.async after acquiring it covers it */
} sim_uf;
enum { SIM_FP_PUBLISHED = 0x80 }; /* the agent ran a release (arrive, ...) after the access */
#define SIM_UF_CAP 4
/* Release / acquire objects of sim_uf.pub: an mbarrier by its index modulo 28 (two barriers
 * that share a bit make an acquire cover more: a missed report, never a false one), named
 * barriers, the cluster barriers, and a warp_specialize's fork and join (SIM_UF_OBJ_FORK). */
enum {
  SIM_UF_OBJ_NAMED = 1u << 28,
  SIM_UF_OBJ_CLUSTER = 1u << 29,
  SIM_UF_OBJ_FORK = 1u << 30,
};
static inline uint32_t sim_uf_obj_bar(uint32_t bar) { return 1u << (bar % 28u); }

/* ------------------------------------------------------------------ the machine */

/* The module attributes the machine is built from, decoded once by the compiler
 * (sim_compile_mod.c) before anything else reads them. */
typedef struct sim_modattrs {
  const char *target;          /* ttg.target ("cuda:90", "hip:gfx942") or NULL */
  int64_t threads_per_warp;    /* ttg.threads-per-warp: 32 when absent */
  int64_t num_warps;           /* ttg.num-warps: 4 when absent */
  int64_t num_ctas;            /* ttg.num-ctas: 1 when absent */
  int64_t cluster_dim[3];      /* ttg.cluster-dim-x/y/z: 1 when absent */
  int64_t two_ctas;            /* ttng.two-ctas: -1 when absent */
  int64_t tlx_paired;          /* tlx.enable_paired_cta_mma: 0 when absent */
  int64_t tmem_size;           /* ttg.tensor_memory_size: -1 when absent */
  bool tlx_module;             /* a tlx.* marker the TLX fork sets on TLX kernels (tlx.has_tlx_ops,
                                  tlx.has_warp_spec_ops, tlx.has_explicit_local_mem_access);
                                  upstream Triton sets none */
} sim_modattrs;
void sim_compile_modattrs(const ir_module *mod, sim_modattrs *out);

struct sim_machine {
  bool worker;                 /* sim_machine_worker: owns only scratch, capbuf and sandbox */
  const ir_module *mod;
  sim_modattrs ma;             /* its attributes (sim_compile_mod.c) */
  const ir_func *fn;
  sim_data *data;
  uint32_t max_trip;
  int32_t pid[3], grid[3];
  uint32_t n_ctas;             /* CTAs per cluster simulated */
  uint32_t threads_per_warp;
  uint32_t num_warps;          /* parent warps */

  sim_vtype *vtypes;           /* the program's distinct value types, [0] = no type (owned;
                                  sim_compile_types.c) */
  uint32_t n_vtypes, cap_vtypes;
  sim_tref *trefs;             /* instructions' operand and result types (sim_ins.vt; owned) */
  uint32_t n_trefs, cap_trefs;
  sim_ins *code;               /* all instructions */
  uint32_t n_code, cap_code;
  uint32_t *opnd;              /* operand slots */
  uint32_t n_opnd, cap_opnd;
  sim_region *regions;
  uint32_t n_regions, cap_regions;
  sim_ws *ws;
  uint32_t n_ws, cap_ws;
  sim_alloc *allocs;           /* [0] unused */
  uint32_t n_allocs, cap_allocs;
  uint32_t n_bars;             /* mbarriers per CTA */
  uint16_t *bar_alloc;         /* per-CTA barrier index -> alloc id */
  uint32_t max_parts;          /* partitions of the widest warp_specialize */
  uint32_t agents_per_cta;     /* 1 + max_parts */
  uint32_t n_agents;
  sim_agentinfo agents[SIM_MAX_AGENTS];
  uint32_t max_slots;          /* scratch size (largest region) */
  uint64_t *scratch;           /* scratch env while an agent runs */
  uint64_t *capbuf;            /* captured values of a fork in progress */
  sim_mview *fork_mviews;      /* simulate mode: views of those captures */
  sim_mview *mscratch;         /* simulate mode: views of scratch slots */
  sim_mview *mviews;           /* simulate mode: views of persistent slots per agent */
  uint32_t *data_buf;          /* simulate mode: buffer id per (cta, alloc) */
  uint64_t *live;              /* rows of live_words u64: persistent slots live before a visible
                                  instruction (row 0: none) */
  uint32_t *live_row;          /* per instruction: its row in `live` (0 unless visible) */
  uint32_t live_words;         /* u64 words per row of `live` */
  /* The same rows as lists, for env_store (sim_exec.c): row k's live persistent slots are
   * live_ent[live_off[k] .. live_off[k + 1]), each with its state word (colour - 1). */
  struct sim_live_ent { uint32_t slot, word; } *live_ent;
  uint32_t *live_off;          /* rows + 1 entries */
  bool uses_named;             /* named barriers appear */
  bool uses_cluster;           /* cluster barriers or n_ctas > 1 */
  bool needs_cl_init_sync;     /* implicit cluster sync after barrier init (tlx-ir.md §0) */
  const ir_op *cl_init_after;  /* ... emitted right after this entry-block init_barrier */
  bool paired;                 /* paired-CTA kernel: tcgen05 ops run on CTA pairs (sim_pair.c) */
  bool pair_exit_sync;         /* paired kernel whose every exit (SIM_I_END) directly follows the
                                  implicit cluster sync before ret and is no jump target: its
                                  paired ops get precise effects (sim_effects.c pair_effect) */
  bool proxy_track;            /* some allocation is touched by both proxies */
  uint32_t uf_fencers;         /* by agent role (sim_agentinfo.local: parent 0, partition k + 1):
                                  the code has a fence.proxy.async and an async-proxy op, so
                                  only its acquires of other agents' accesses can matter
                                  (sim_proxy.c sim_uf_acquire; sim_analysis.c) */
  bool pid_dep;                /* sync-relevant values depend on the program id */
  bool uses_clc;               /* cluster launch control ops appear (sim_clc.c) */
  uint16_t amd_gfx;            /* AMD target: 942 / 950 (sim_amd_*.c); 0 = NVIDIA */
  uint8_t amd_h[(SIM_I__END + 7) / 8]; /* AMD: bit c: code c runs in sim_amd_*.c (sim_amd_handles;
                                  set by sim_amd_setup: the step asks it of every op) */
  uint8_t *amd_wp;             /* AMD: per op id of fn, SIM_WP_* (sim_compile_amd_wpipe.c; owned), or NULL */
  uint8_t *amd_bar_before;     /* AMD: per op id of fn, 1 = Membar puts a CTA barrier before
                                  it (sim_compile_amd_membar.c; owned) */
  uint8_t *amd_wdep;           /* AMD: per value id of fn, 1 = depends on the wave (computed from
                                  the thread id; sim_compile_amd_waves.c; owned) */
  bool amd_all_waves;          /* AMD: every wave runs (sim_opts.amd_all_waves) */
  uint8_t amd_wave[SIM_MAX_AGENTS];     /* AMD: agent -> the wave it runs (sim_compile_amd_waves.c) */
  uint8_t amd_share[SIM_MAX_AGENTS][2]; /* AMD: agent -> the parts [lo, hi) of amd_nw of each LDS
                                           write footprint it writes (share, sim_amd_ops.c) */
  uint8_t amd_nw[SIM_MAX_AGENTS];       /* AMD: agent -> the waves of its group: num_warps for the
                                           default waves, the partition's for a gfx1250 partition
                                           wave (sim_amd_machine.c) */
  uint8_t *amd_wctl;           /* AMD: per op id of fn, 1 = an scf.if / for / while whose condition
                                  or bounds depend on the wave (sim_compile_amd_waves.c; owned) */
  uint32_t *amd_ctl;           /* AMD: per instruction, 0 when it is in wave-uniform control, else
                                  1 + the instruction of the innermost construct that makes it
                                  wave-divergent (sim_amd_wave_ctl; UINT32_MAX: that construct
                                  has no instruction); sim_compile_amd_ins; owned, or NULL */
  int32_t clc_max;             /* successful CLC cancels per run (-1: the whole grid) */
  uint32_t data_sink_ins;      /* first instruction whose sync-relevant input depends on loaded data */
  uint8_t *ld_site;            /* per instruction, 1: a chosen load (sim_compile_ldchoice.c; owned, or NULL) */
  struct sim_ldwhy *ld_why;    /* per instruction: why a load is not chosen (messages; owned) */
  uint32_t n_ld_sites;
  bool ld_ctl;                 /* some chosen load's value reaches control or synchronization */
  int64_t fill_a, fill_b;      /* this run's fill of the chosen inputs: a + b * index */
  bool *arg_ctl;               /* per kernel argument: flows into control */
  bool *arg_flag;              /* ... only as a TDM descriptor's pred (0 or 1: sim_arg_is_flag) */
  uint64_t *coord_deps;        /* per instruction: sim_coord_deps (global writes only) */
  uint32_t n_args;
  uint64_t *args;              /* kernel argument bits (owned copy) */
  uint32_t *arg_slots;         /* parent-region slot of each kernel argument */
  uint16_t *arg_galloc;        /* per kernel argument: its global allocation (!tt.tensordesc), 0 */
  uint32_t ring_depth;
  struct sim_aref_plan *aref;  /* the kernel's nvws aref ops as synthetic ops (owned; NULL: none) */
  sim_sviol *sviol;            /* static violations (TMEM allocation rules), by instruction */
  sim_stale *stale;            /* AMD lint candidates (sim_compile_amd_stale.c; owned) */
  uint32_t n_stale, cap_stale;
  uint32_t n_sviol, cap_sviol;

  /* state layout (byte offsets) */
  size_t off_agents, off_env, off_mbar, off_intent, off_uf, off_nbar, off_events, size;
  size_t off_clc;              /* CLC work pool and responses (sim_clc.c), when uses_clc */
  uint32_t env_total;          /* u64 slots in the state's env */

  void *sandbox;               /* lookahead: a scratch copy of a state (size bytes) */
  uint64_t *lhcache;           /* sim_agent_local_hash's last answer per agent a, at
                                  4 * a + agents[a].env_off: {hash, valid, the agent record
                                  (2 words), its env_cap slots}; a worker has its own (a hit is an exact match of the words, so its hash) */

  /* simulate mode side records of events (coords) */
  struct sim_evrec *evrec;
  uint32_t n_evrec, cap_evrec;
};

/* Side record of an async event in simulate mode (outside the state). */
typedef struct sim_evrec {
  uint64_t desc;               /* descriptor id */
  int64_t coords[IR_MAX_RANK];
  uint32_t ncoords;
  sim_mview v[4];              /* views of the event's memory operands (v[3]: a paired MMA's
                                  follower B half) */
  uint32_t agent;
  bool use_d;                  /* tcgen05.mma: accumulate into D */
  bool pair;                   /* tcgen05.mma half of a paired-CTA MMA (sim_pair.c) */
  uint32_t cp_handle;          /* cp.async: the data plane's gathered payload (0 none) */
} sim_evrec;

/* ------------------------------------------------------------------ state accessors */

static inline sim_hdr *st_hdr(void *st) { return (sim_hdr *)st; }
static inline const sim_hdr *st_chdr(const void *st) { return (const sim_hdr *)st; }
static inline sim_agent *st_agent(const sim_machine *m, void *st, uint32_t a) {
  return (sim_agent *)((uint8_t *)st + m->off_agents) + a;
}
static inline const sim_agent *st_cagent(const sim_machine *m, const void *st, uint32_t a) {
  return (const sim_agent *)((const uint8_t *)st + m->off_agents) + a;
}
static inline uint64_t *st_env(const sim_machine *m, void *st, uint32_t a) {
  return (uint64_t *)((uint8_t *)st + m->off_env) + m->agents[a].env_off;
}
static inline const uint64_t *st_cenv(const sim_machine *m, const void *st, uint32_t a) {
  return (const uint64_t *)((const uint8_t *)st + m->off_env) + m->agents[a].env_off;
}
/* b: global barrier index = cta * n_bars + per-CTA index */
static inline sim_mbar *st_mbar(const sim_machine *m, void *st, uint32_t b) {
  return (sim_mbar *)((uint8_t *)st + m->off_mbar) + b;
}
static inline const sim_mbar *st_cmbar(const sim_machine *m, const void *st, uint32_t b) {
  return (const sim_mbar *)((const uint8_t *)st + m->off_mbar) + b;
}
/* bl: per-CTA barrier index (an agent only waits on its own CTA's barriers, §1.3) */
static inline int32_t *st_intent(const sim_machine *m, void *st, uint32_t a, uint32_t bl) {
  return (int32_t *)((uint8_t *)st + m->off_intent) + (size_t)a * m->n_bars + bl;
}
static inline sim_uf *st_uf(const sim_machine *m, void *st, uint32_t a) {
  return (sim_uf *)((uint8_t *)st + m->off_uf) + (size_t)a * SIM_UF_CAP;
}
static inline const sim_uf *st_cuf(const sim_machine *m, const void *st, uint32_t a) {
  return (const sim_uf *)((const uint8_t *)st + m->off_uf) + (size_t)a * SIM_UF_CAP;
}
static inline sim_nbar *st_nbar(const sim_machine *m, void *st, uint32_t cta, uint32_t id) {
  return (sim_nbar *)((uint8_t *)st + m->off_nbar) + cta * 16u + id;
}
static inline sim_event *st_events(const sim_machine *m, void *st) {
  return (sim_event *)((uint8_t *)st + m->off_events);
}
static inline const sim_event *st_cevents(const sim_machine *m, const void *st) {
  return (const sim_event *)((const uint8_t *)st + m->off_events);
}
/* A flag attribute: present as a unit attribute, or true / non-zero (sim_compile*.c only). */
static inline bool attr_true(const ir_op *op, const char *name) {
  const ir_attr *a = ir_op_attr(op, name);
  if (!a) return false;
  if (a->kind == IR_A_INT || a->kind == IR_A_BOOL) return a->ival != 0;
  return true;
}

/* Persistent slot s of an agent running region r, read from its state words. */
static inline uint64_t env_slot(const sim_machine *m, const uint64_t *env, uint32_t r, uint32_t s) {
  return s && s <= m->regions[r].n_persist ? env[m->regions[r].color[s] - 1] : 0;
}
static inline const uint32_t *ins_in(const sim_machine *m, const sim_ins *i) {
  return m->opnd + i->opnd;
}
static inline const uint32_t *ins_out(const sim_machine *m, const sim_ins *i) {
  return m->opnd + i->opnd + i->n_in;
}
/* Decoded types of instruction i (sim_compile_types.c): of IR operand k, of result k, of
 * operand k of segment s; the tref forms also carry a view's permutation source. */
static inline const sim_tref *ins_rin(const sim_machine *m, const sim_ins *i, uint32_t k) {
  assert(k < i->n_top);
  return &m->trefs[i->vt + k];
}
static inline const sim_tref *ins_rout(const sim_machine *m, const sim_ins *i, uint32_t k) {
  assert(k < i->n_tres);
  return &m->trefs[i->vt + i->n_top + k];
}
static inline const sim_tref *ins_rseg(const sim_machine *m, const sim_ins *i, int s, uint32_t k) {
  return ins_rin(m, i, ins_seg_at(i, s) + k);
}
static inline const sim_vtype *sim_vt(const sim_machine *m, const sim_tref *r) {
  assert(r->t < m->n_vtypes);
  return &m->vtypes[r->t];
}
static inline const sim_vtype *ins_tin(const sim_machine *m, const sim_ins *i, uint32_t k) {
  return sim_vt(m, ins_rin(m, i, k));
}
static inline const sim_vtype *ins_tout(const sim_machine *m, const sim_ins *i, uint32_t k) {
  return sim_vt(m, ins_rout(m, i, k));
}
static inline const sim_vtype *ins_tseg(const sim_machine *m, const sim_ins *i, int s, uint32_t k) {
  return sim_vt(m, ins_rseg(m, i, s, k));
}
/* The type of allocation al (sim_compile_types.c). */
static inline const sim_vtype *sim_alloc_vt(const sim_machine *m, const sim_alloc *al) {
  assert(al->vt < m->n_vtypes);
  return &m->vtypes[al->vt];
}

/* ------------------------------------------------------------------ executing one agent */

/* Context of one agent step (sim_exec.c); handlers of visible ops take it. */
typedef struct sim_exec {
  sim_machine *m;
  void *st;
  uint32_t a;                  /* agent */
  uint32_t cta;
  uint32_t pc;
  const sim_ins *i;
  uint64_t *x;                 /* scratch slots of the agent */
  sim_log *log;
  uint32_t fork_ws;            /* deferred: warp_specialize to start after the step (UINT32_MAX) */
  uint64_t *fork_caps;         /* deferred: captured values */
  uint32_t release;            /* deferred: agents released from a named / cluster barrier (bits) */
} sim_exec;

/* Handler results. */
enum { SIM_X_NEXT = 0, SIM_X_STAY = 1, SIM_X_HALT = -1 };

static inline uint64_t ex_in(const sim_exec *e, uint32_t k) { return e->x[ins_in(e->m, e->i)[k]]; }
/* Operand k of segment seg of the current op (0 if the segment is shorter). */
static inline uint64_t ex_seg(const sim_exec *e, int seg, uint32_t k) {
  return k < ins_seg_len(e->i, seg) ? ex_in(e, ins_seg_at(e->i, seg) + k) : 0;
}
/* Segment helpers on the IR op, for the compiler only (sim_compile*.c; everything else uses
 * the instruction's copy, ins_seg_len / ins_seg_at, or sim_compile_seg0 / _seg_bounds while the
 * machine is built: tests/cli/sim_ir_reads.sh). */
static inline uint32_t seg_len(const ir_op *op, int seg) {
  if (!op || seg >= op->n_segs) return 0;
  return (uint32_t)(op->seg_start[seg + 1] - op->seg_start[seg]);
}
static inline const ir_value *seg_val(const ir_op *op, int seg, uint32_t k) {
  return op->operands[op->seg_start[seg] + k];
}
static inline uint32_t agent_cta(const sim_machine *m, uint32_t a) { return m->agents[a].cta; }
uint32_t sim_agent_threads(const sim_machine *m, const void *st, uint32_t a);

/* Runs pure ops of agent a from *pc with the scratch slots already loaded (lookahead);
 * returns 0 at a visible op, 1 at the agent's end, -1 on error. st may be a sandbox copy. */
int sim_run_pure_from(sim_machine *m, void *st, uint32_t a, uint32_t *pc, sim_log *log);
/* Loads agent a's persistent slots (for pc's region) into the scratch slots. */
void sim_env_load(sim_machine *m, const void *st, uint32_t a, uint32_t pc);

/* sim_ops_bar.c / sim_ops_async.c / sim_ops_mem.c: visible-op handlers */
int32_t sim_ex_bar(sim_exec *e, int seg, uint32_t k, uint64_t *view_out);
int sim_op_barrier(sim_exec *e);
int sim_op_async(sim_exec *e);
/* tcgen05 ops of agent a still in flight (MMAs, tmem copies, commits): a commit arrives at
 * once when there are none (§4.4). */
uint32_t sim_tc05_pending(const sim_machine *m, const void *st, uint32_t a);
int sim_op_mem(sim_exec *e);
/* local_alloc / tmem_alloc / global_scratch_alloc: the view of the op's allocation (and, in
 * simulate mode, its initial value); 0, or -1 after a violation. */
int sim_exec_alloc(sim_exec *e);
/* A local_alloc / tmem_alloc with an initial value writes the new buffer: a visible memory op. */
static inline bool sim_alloc_writes(const ir_op *op) {
  return op && (op->code == IR_OP_TTG_LOCAL_ALLOC || op->code == IR_OP_TTNG_TMEM_ALLOC) && op->n_operands;
}
bool sim_barrier_op_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i);
bool sim_async_wait_enabled(const sim_machine *m, const void *st, uint32_t a, const sim_ins *i);
/* Cluster barrier: complete the generation if every participant arrived. */
void sim_cluster_try_complete(sim_machine *m, void *st, sim_exec *e);
/* Agent a waits in a partition cluster barrier (a cluster_barrier inside warp_specialize). */
static inline bool sim_in_partition_barrier(const sim_machine *m, const void *st, uint32_t a) {
  const sim_agent *ag = st_cagent(m, st, a);
  return ag->status == SIM_AG_CLWAIT && ag->pc < m->n_code &&
         m->code[ag->pc].code == IR_OP_TTNG_CLUSTER_BARRIER && m->code[ag->pc].imm;
}
/* Kernel end of a CTA: exit checks (§9.3). */
void sim_cta_exit(sim_exec *e);

/* ------------------------------------------------------------------ module-internal API */

/* sim_compile.c */
int sim_compile(sim_machine *m, sim_err *err);
/* sim_compile_types.c: m->vtypes, m->trefs, sim_ins.vt and sim_alloc.vt of the compiled code. */
void sim_compile_types(sim_machine *m);
/* Paired-CTA kernels (cta_group::2, semantics.md §4.3). sim_compile_pair.c: cluster size,
 * `paired` and the implicit init cluster sync of a module (machine build); ops the pair model
 * refuses (compile). sim_pair.c: issue of a paired tcgen05.mma / commit; the data of one half
 * of a paired MMA. */
int sim_pair_setup(sim_machine *m, sim_err *err);
int sim_pair_check_op(const sim_machine *m, const ir_op *op, sim_err *err);
/* Whether the lowering puts a full cluster barrier (arrive + wait) before op: a paired-CTA MMA
 * outside warp_specialize in a module upstream Triton compiled (sim_compile_pair.c). */
bool sim_pair_mma_cluster_sync(const sim_machine *m, const ir_op *op);
static inline bool sim_is_tc05(ir_opcode c) {
  return c == IR_OP_TTNG_TC_GEN5_MMA || c == IR_OP_TTNG_TC_GEN5_MMA_SCALED || c == IR_OP_TTNG_TC_GEN5_COMMIT;
}
/* The operand segment of a tc_gen5_mma's (scaled: tc_gen5_mma_scaled's) completion barriers. */
static inline int sim_mma5_seg_bars(bool scaled) { return scaled ? 8 : 6; }
bool sim_pair_op(const sim_machine *m, const ir_op *op);
/* sim_pair.c: m->pair_exit_sync of the compiled code (sim_effects.c pair_effect's premise). */
bool sim_pair_exit_sync(const sim_machine *m);
int sim_pair_mma5(sim_exec *e);
int sim_pair_commit5(sim_exec *e);
int sim_pair_mma_data(sim_data *d, const ir_op *op, const sim_evrec *r, sim_data_err *err);
/* sim_ops_async.c: a simulate-mode side record for the current op's next event (0 in verify
 * mode), and adding an event issued by the current agent (SIM_X_NEXT / SIM_X_HALT). */
uint32_t sim_async_evrec(sim_exec *e);
int sim_async_add_event(sim_exec *e, sim_event *ev);
/* sim_cfg.c: the successors of instruction pc inside region r (out[k] = UINT32_MAX for one
 * that leaves it: the region's end); returns how many (0 at a region's end, 2 at a branch). */
int sim_ins_succs(const sim_machine *m, uint32_t pc, const sim_region *r, uint32_t out[2]);
/* sim_live.c: liveness, persistent slots, renumbering */
int sim_liveness(sim_machine *m, sim_err *err);
/* sim_layout.c: agents and state offsets */
int sim_layout(sim_machine *m, sim_err *err);
/* sim_analysis.c: taint (program id, arguments), barrier roots */
void sim_analyze(sim_machine *m);
/* sim_compile_ldchoice.c: the chosen loads (m->ld_site), before sim_analyze; the value a chosen load
 * instruction i reads at pointer ptr under the run's fill */
void sim_ldchoice_sites(sim_machine *m);
/* Why a load is not chosen data (for the refusal's message) */
enum { SIM_LD_NONE, SIM_LD_TENSOR, SIM_LD_MASKED, SIM_LD_ORIGIN, SIM_LD_WRITTEN };
typedef struct sim_ldwhy {
  uint8_t why;                 /* SIM_LD_* */
  const ir_op *writer;         /* SIM_LD_WRITTEN: the first op that writes the input */
  uint8_t eb, width;           /* a chosen load: bytes per element of its pointer, its bits */
} sim_ldwhy;
/* " (the value loaded at F:L:C: ... chosen data ...)" for the refusal of control op sink, or
 * "" when no load is found behind it */
void sim_ldchoice_why(const sim_machine *m, const ir_op *sink, char *buf, size_t n);
uint64_t sim_ldchoice_value(const sim_machine *m, uint32_t pc, uint64_t ptr);

/* sim_scalar.c: pure scalar op on bits (the sim_data.h convention). Returns 0, or -1 when
 * the op is not a scalar op this evaluator knows (err filled). */
int sim_scalar_eval(const ir_op *op, const uint64_t *in, uint64_t *out, sim_err *err);
/* The same in two parts: decode op once (the compiler, into sim_ins.sc), then run the decoded
 * op (op only for the error message's location). */
void sim_scalar_decode(const ir_op *op, sim_scalar_dec *d);
/* Is s (an inline asm string) one instruction with no effect inside the grid? (sim_compile_dec.c) */
bool sim_asm_no_effect(const char *s);
int sim_scalar_run(const sim_scalar_dec *d, const ir_op *op, const uint64_t *in, uint64_t *out,
                   sim_err *err);

/* sim_view.c: memdesc views packed in a u64 slot */
#define SIM_VIEW_IRREG (1ull << 48)   /* trans / reshape / reinterpret: bounding footprint */
#define SIM_VIEW_REMOTE (1ull << 49)  /* shared::cluster view (map_to_remote_buffer) */
#define SIM_VIEW_OOB (1ull << 50)     /* an index left the allocation: an error only if used */
/* A !tt.tensordesc value (a view of its global tensor) carries the predicate of an AMD TDM
 * descriptor: amdg.update_tensor_descriptor's `pred` rewrites the descriptor's pred field,
 * which the TDM copies through it inherit (sim_scalar.c, sim_amd_mbar.c). Neither bit: pred 1
 * (the descriptor's default). */
#define SIM_DESC_PRED_OFF (1ull << 51) /* pred 0: the copies through it do not run */
#define SIM_DESC_PRED_ODD (1ull << 52) /* pred neither 0 nor 1: not modelled */
static inline uint64_t sim_view_make(uint32_t alloc, uint32_t cta, uint32_t off) {
  return ((uint64_t)(alloc & 0xfff) << 32) | ((uint64_t)(cta & 0xf) << 44) | off;
}
static inline uint32_t sim_view_alloc(uint64_t v) { return (uint32_t)(v >> 32) & 0xfff; }
static inline uint32_t sim_view_cta(uint64_t v) { return (uint32_t)(v >> 44) & 0xf; }
static inline uint32_t sim_view_off(uint64_t v) { return (uint32_t)v; }
/* Applies view instruction i to src (idx: its scalar operands as bits). Returns 0 or -1 (err). */
int sim_view_apply(const sim_machine *m, const sim_ins *i, uint64_t src, const uint64_t *idx,
                   uint32_t n_idx, uint64_t *out, sim_err *err);
/* Footprint of view v, a value of decoded type val (a memdesc: ins_rin / ins_rout / ins_rseg).
 * A view through trans / reshape / reinterpret covers the same bytes as the view it was made
 * from: its footprint is computed with the type of that view (val->src). */
void sim_view_fp(const sim_machine *m, uint64_t v, const sim_tref *val, sim_fp *out);
/* Barrier index (global) named by a view of a barrier allocation, or -1. */
int32_t sim_view_bar(const sim_machine *m, uint64_t v);

/* sim_global.c: global boxes through tensor descriptors (sim.h, SIM_FP_GLOBAL) */
bool sim_gfp_overlap(const sim_fp *a, const sim_fp *b);
char *sim_gfp_str(const sim_machine *m, const sim_fp *f, char *buf, size_t n);
/* The box an op with descriptor value desc (of type desc_t) touches at coordinates
 * coords[0..n); false when the descriptor is not a kernel argument the model knows. */
bool sim_gbox_of(const sim_machine *m, uint64_t desc, const sim_vtype *desc_t, const uint64_t *coords,
                 uint32_t n, uint8_t flags, sim_gbox *out);
/* Access flags of a tt.descriptor_load / store / reduce's box: a store writes, a store with a
 * reduce_kind and a tt.descriptor_reduce are atomic reductions. */
static inline uint8_t sim_desc_flags(const sim_ins *i) {
  if (i->code == IR_OP_TT_DESCRIPTOR_REDUCE) return (uint8_t)(SIM_FP_WRITE | SIM_FP_ATOMIC);
  if (i->code != IR_OP_TT_DESCRIPTOR_STORE) return 0;
  return (uint8_t)(SIM_FP_WRITE | ((i->af & SIM_AF_REDUCE) ? SIM_FP_ATOMIC : 0));
}
/* Records a global write of the step in log (n_gw, gw, gw_cta, gw_ins). */
void sim_log_gwrite(sim_log *log, const sim_gbox *b, uint32_t cta, uint32_t ins);

/* sim_compile_aref.c: the nvws aref ops as the synthetic barrier ops NVWSLowerAref writes
 * (docs/nvws.md). A step compiles a synthetic op (op), or copies a slot (copy_src -> copy_dst). */
typedef struct sim_aref_step {
  const ir_op *op;             /* a synthetic op to compile, or NULL for a copy */
  const ir_value *inplace;     /* op's result is written to this value's slot (a counter), or NULL */
  const ir_value *copy_src, *copy_dst;
} sim_aref_step;
typedef struct sim_aref_plan sim_aref_plan;
bool sim_aref_op(ir_opcode c);
/* The plan of fn's aref ops, NULL when it has none (*rc 0) or when one is refused (*rc -1,
 * err set at the op). Synthetic values take ids after fn's: sim_aref_values more. */
sim_aref_plan *sim_aref_plan_new(sim_machine *m, const ir_func *fn, sim_err *err, int *rc);
uint32_t sim_aref_values(const sim_aref_plan *p);
/* The steps that run op (after = false), or that run after it (barrier invalidation). */
const sim_aref_step *sim_aref_steps(const sim_aref_plan *p, const ir_op *op, bool after, uint32_t *n);
void sim_aref_free(sim_aref_plan *p);
/* Whether op (not an nvws op) is replaced by its steps (a store wait with nvws tokens). */
bool sim_aref_replaces(const sim_aref_plan *p, const ir_op *op);
/* sim_compile_aref_combine.c: NVWSLowerAref's combineArefs. A group of arefs the pass merges into one
 * (members in the textual order of their get.enters; each has exactly these four ops). */
typedef struct sim_aref_group {
  uint32_t n;
  const ir_op *create[8], *put_enter[8], *put_exit[8], *get_enter[8], *get_exit[8];
} sim_aref_group;
/* The groups of the function whose ops (textual order) are ops: *groups (malloc'd, the caller
 * frees), rc 0; or rc -1 with err set at the op the model refuses. */
int sim_aref_combine(sim_machine *m, const ir_op *const *ops, uint32_t n_ops, sim_err *err,
                     sim_aref_group **groups, uint32_t *n_groups);

/* sim_compile_alias.c: the tlx.storage_alias_local_alloc of fn that references spec with the most
 * bytes (the backing allocation's type), and in *overlap a tlx.set_buffer_overlap of spec or
 * NULL. */
const ir_op *sim_alias_group(const ir_func *fn, const ir_value *spec, const ir_op **overlap);
/* sim_compile_overlap.c: tlx.set_buffer_overlap's placement of a storage_alias_spec's buffers
 * (the fork's BufferOffsetCalculation; the rules are at the top of that file). */
typedef struct sim_ovl_leaf {
  const ir_op *alloc;          /* its tlx.storage_alias_local_alloc */
  int64_t offset;              /* buffer_offset: bytes from the backing's start to buffer 0 */
  int64_t between;             /* bytes between its buffer groups */
  int64_t group;               /* group_size of the shared groups above it, multiplied */
  int64_t unit;                /* bytes of one of its buffers */
  sim_ovl ix;                  /* its index rewrite (scale 0: none) */
} sim_ovl_leaf;
/* Ownership: leaf is malloc'd, freed by sim_overlap_free (also after a failure). */
typedef struct sim_ovl_place {
  const ir_op *sbo;            /* the tlx.set_buffer_overlap */
  sim_ovl_leaf *leaf;          /* one per allocation of the tree, in tree order */
  uint32_t n_leaf, cap_leaf;
  int64_t align;               /* bytes: the largest alignment of the leaves */
  int64_t between;             /* bytes between the root's buffer groups */
  int64_t bytes;               /* the backing allocation's size */
  const ir_op *at;             /* failure: the op the fork's diagnostic (or the refusal) names */
  char why[320];               /* failure: the message */
} sim_ovl_place;
/* Places the tree of sbo (in fn); -1 with p->at / p->why when the fork rejects it or the model
 * does not model it. */
int sim_overlap_place(const ir_func *fn, const ir_op *sbo, sim_ovl_place *p);
void sim_overlap_free(sim_ovl_place *p);
/* The leaf of alloc, or NULL (an allocation of the spec outside the tree stays at offset 0). */
const sim_ovl_leaf *sim_overlap_leaf(const sim_ovl_place *p, const ir_op *alloc);
/* The index buffer k of a rewritten allocation has in its enlarged view (inline: the step
 * applies it to every rewritten memdesc_index, sim_view.c). */
static inline int64_t sim_overlap_index(const sim_ovl *x, int64_t k) {
  if (!x->scale) return k;
  return x->scale * k + x->slots + (x->group > 1 ? k % x->group : 0);
}
/* Compile hooks: the backing's size for allocation alloc of sbo's spec, refusing forms the
 * model cannot follow (err set, -1); the index rewrite of a ttg.memdesc_index (none: zeros). */
int sim_overlap_alias(sim_machine *m, sim_err *err, const ir_func *fn, const ir_op *alloc, const ir_op *sbo,
                      uint32_t *bytes);
int sim_overlap_index_op(sim_machine *m, sim_err *err, const ir_func *fn, const ir_op *ix, sim_ovl *out);
/* sim_view.c: whether a view of type t at offset 0 of allocation al (of type alt; made for
 * type base) is regular, as tlx.local_alias / memdesc_reinterpret decide it. */
bool sim_view_alias_regular(const sim_alloc *al, const sim_vtype *alt, const sim_vtype *base,
                            const sim_vtype *t);

/* sim_tmem.c: tensor-memory allocation rules (§4.2) */
uint32_t sim_tmem_min_cols(const sim_machine *m, const sim_alloc *al);
/* Rules of single allocations and of the kernel's column count (machine build). */
void sim_tmem_check(sim_machine *m);
/* Allocations allocs[0..n) live together across the warp_specialize forked at fork_ins. */
void sim_tmem_check_live(sim_machine *m, uint32_t fork_ins, const uint32_t *allocs, uint32_t n);
/* When the op at e->pc breaks a rule: the lifecycle violation, -1 (the path stops). */
int sim_tmem_report(sim_exec *e);

/* sim_mbar.c: the mbarrier state machine (§1.2, §1.3), pure functions. */
typedef enum sim_mbar_rc {
  SIM_MB_OK = 0,
  SIM_MB_COMPLETED,            /* OK, and the phase completed */
  SIM_MB_OVER_ARRIVAL,         /* arrive-on with n > pending (§1.5.2) */
  SIM_MB_TX_RANGE,             /* tx left ±(2^20-1) (§1.5.3) */
  SIM_MB_INVALID,              /* op on an uninitialised / invalidated barrier (§1.5.1) */
  SIM_MB_REINIT,               /* init on a valid barrier (§1.2) */
  SIM_MB_BAD_COUNT,            /* init count outside [1, 2^20-1] */
  SIM_MB_EXPECTED_RANGE,       /* arrive_drop would leave expected's range */
} sim_mbar_rc;
#define SIM_MB_MAX ((1 << 20) - 1)
sim_mbar_rc sim_mbar_init(sim_mbar *b, int32_t count);
sim_mbar_rc sim_mbar_inval(sim_mbar *b);
sim_mbar_rc sim_mbar_arrive(sim_mbar *b, int32_t n);
sim_mbar_rc sim_mbar_expect_tx(sim_mbar *b, int32_t bytes);
sim_mbar_rc sim_mbar_arrive_expect(sim_mbar *b, int32_t bytes); /* expect_tx then arrive(1), §1.8 */
sim_mbar_rc sim_mbar_complete_tx(sim_mbar *b, int32_t bytes);
sim_mbar_rc sim_mbar_arrive_drop(sim_mbar *b, int32_t n);
/* waitComplete = (phase mod 2) != (parity mod 2) (§1.3). */
/* §1.3: waitComplete = (phase mod 2) != (phaseParity mod 2). Inline: the reduction asks it for
 * every wait of every lookahead (sim_bar_satisfied). */
static inline bool sim_mbar_test_wait(const sim_mbar *b, int32_t parity) {
  return (b->phase & 1) != (parity & 1);
}
/* Phase-alias intent (§1.4). An agent's entry for a barrier is either the phase its last wait
 * passed on, or SIM_INTENT_NONE(h): program order (the agent's own arrivals, and for a
 * partition what its parent knew when it forked) tells it that phases 0..h-1 are complete,
 * more than its last wait (if any) passed on (INT32_MIN = h 0: a fresh barrier). The phase a
 * wait means is then not guessed from the parity alone: with NONE(h) it means h-1 (the
 * immediately preceding phase) when the parity matches it, else h (the current one, §1.3's two
 * valid phases); after a wait on phase v (and no own arrival beyond v + 1 since), v + 1 when
 * the parity flipped, else v again (a re-wait: it passes at once while v is the preceding
 * phase). A wait that passes on any other phase passes on arrivals program order does not make
 * it wait for: that depends on the schedule (another one passes it on the meant phase, or
 * deadlocks it). */
#define SIM_INTENT_NONE(h) ((int32_t)(INT32_MIN + (h)))
static inline bool sim_intent_is_none(int32_t v) { return v < INT32_MIN + (1 << 24); }
/* What program order tells the holder of entry v: phases 0..result-1 are complete. */
static inline int32_t sim_intent_known(int32_t v) { return sim_intent_is_none(v) ? v - INT32_MIN : v + 1; }
int32_t sim_mbar_intent(int32_t prev, int32_t parity);
/* The agent's own arrival on barrier `bar` (global index): the phases before the barrier's
 * current one become known to it (sim_sync.c), before its first wait as after one: a thread
 * that completes two phases with its own arrivals between two same-parity waits means the
 * later phase (every schedule passes it there), not a re-wait. */
void sim_intent_note_arrive(sim_machine *m, void *st, int agent, uint32_t bar);

/* sim_events.c: event list (sorted by (agent, seq)) */
sim_event *sim_ev_add(sim_machine *m, void *st, const sim_event *e, sim_log *log);
void sim_ev_remove(sim_machine *m, void *st, uint32_t idx);
uint32_t sim_ev_count_agent(const sim_machine *m, const void *st, uint32_t agent, int kind);
bool sim_ev_is_oldest(const sim_machine *m, const void *st, uint32_t idx, uint32_t kinds_mask);
bool sim_ev_completable(const sim_machine *m, const void *st, uint32_t idx);
int sim_ev_complete(sim_machine *m, void *st, uint32_t idx, sim_log *log);

/* sim_exec.c: running agents */
int sim_run_agent(sim_machine *m, void *st, uint32_t a, bool fire, sim_log *log);
bool sim_agent_enabled(const sim_machine *m, const void *st, uint32_t a);
/* Starts agent a at pc with slots[k] = vals[k] (runs it to its first visible op); agents
 * released meanwhile are added to *release. */
int sim_start_agent(sim_machine *m, void *st, uint32_t a, uint32_t pc, const uint32_t *slots,
                    const uint64_t *vals, const sim_mview *mvals, uint32_t n, sim_log *log,
                    uint32_t *release);

/* sim_sync.c: barrier-side effects shared by ops and event completions */
int sim_phase_completed(sim_machine *m, void *st, uint32_t bar, uint32_t ins, sim_log *log);
int sim_signal_arrive(sim_machine *m, void *st, uint32_t bar, int32_t n, uint32_t ins,
                      int agent, sim_log *log);
int sim_signal_tx(sim_machine *m, void *st, uint32_t bar, int32_t bytes, uint32_t ins,
                  sim_log *log);
int sim_check_bar_usable(sim_machine *m, void *st, uint32_t bar, uint32_t ins, int agent,
                         sim_log *log);

/* sim_late.c: late arrivals of invalidated mbarriers (§1.5.1; docs/verifier.md "Late
 * arrivals"). An inval while an async op still signals the barrier is undefined by the PTX
 * ISA, but the op's arrival only writes the barrier's own 8 bytes: it matters only when they
 * are reused before it lands. */
/* Static part, from the points-to sets of sim_analyze (pts[region][slot * W + word]): the
 * allocations' live ranges, may_reuse and the instructions' late_chk. */
void sim_late_analyze(sim_machine *m, uint64_t *const *pts, uint32_t W);
/* The in-flight async op that signals barrier bar, or NULL. */
const sim_event *sim_late_signaller(const sim_machine *m, const void *st, uint32_t bar);
/* An inval of bar (valid) at instruction ins while an async op still signals it: marks the
 * arrival pending (no report yet). */
void sim_late_mark(sim_machine *m, void *st, uint32_t bar, uint32_t ins);
/* An async completion's signal reaching bar: when it is a pending late arrival, reports the
 * warning (it lands on the invalid barrier, unused since; an error when the barrier's CTA has
 * exited, the path halted), clears the mark once no other op in flight signals bar, and
 * returns true (the signal has no other effect); false otherwise. */
bool sim_late_land(sim_machine *m, void *st, uint32_t bar, uint32_t ins, sim_log *log);
/* Before the agent's visible instruction e->i (late_chk): a lifecycle error when it touches an
 * allocation that may lie over a barrier whose late arrival is pending. Returns 0, or -1 with
 * the violation logged and the path halted. */
int sim_late_reuse_check(sim_exec *e);
/* A note on v for barrier bar when a late arrival is pending on it (where it was invalidated). */
void sim_late_note(const sim_machine *m, const void *st, uint32_t bar, sim_viol *v);

/* sim_proxy.c: proxy-fence tracking (§2.3) */
void sim_uf_note(sim_machine *m, void *st, uint32_t a, const sim_fp *f, uint32_t ins);
/* Agent a's fence.proxy.async: its own list is cleared (every later async op is ordered after
 * its accesses), and it covers, for a, the other agents' accesses it acquired. */
void sim_uf_clear(sim_machine *m, void *st, uint32_t a);
/* A release of agent a to obj (SIM_UF_OBJ_*): its listed accesses are published. */
void sim_uf_publish(sim_machine *m, void *st, uint32_t a, uint32_t obj);
/* The arrive a cp.async.mbarrier.arrive makes once agent a's cp.async ops landed: their writes
 * are released to obj (the agent's other accesses are not). */
void sim_uf_publish_cp(sim_machine *m, void *st, uint32_t a, uint32_t obj);
/* An acquire of agent r from obj (a wait that passed, a barrier that completed, a fork, a
 * join): the other agents' accesses published to obj are acquired by r. */
void sim_uf_acquire(sim_machine *m, void *st, uint32_t r, uint32_t obj);
void sim_uf_check_async(sim_machine *m, void *st, uint32_t issuer, const sim_fp *f, uint32_t ins,
                        sim_log *log);

/* sim_clc.c: cluster launch control (§6.3) */
bool sim_clc_op(uint32_t code);
size_t sim_clc_layout(sim_machine *m);        /* sets uses_clc; state bytes it needs */
int sim_clc_issue(sim_exec *e);               /* (async_)clc_try_cancel */
int sim_clc_read(sim_exec *e);                /* clc_query_cancel, clc_load_result */
int sim_clc_decode(sim_exec *e);              /* clc_is_canceled, clc_get_program_id (pure) */
bool sim_clc_completable(const sim_machine *m, const void *st, uint32_t idx);
int sim_clc_complete(sim_machine *m, void *st, const sim_event *e, sim_log *log);
void sim_clc_coord_deps(sim_machine *m);      /* after coord_deps: CLC-dependent writes */

/* sim_log.c: violations. sim_viol_add records one with its message; under log->terse (the
 * explorer's search) the message is left empty and its arguments are not evaluated. */
sim_viol *sim_viol_add_(sim_log *log, sim_bug_kind kind, int agent, uint32_t ins,
                        const char *fmt, ...) __attribute__((format(printf, 5, 6)));
sim_viol *sim_viol_new(sim_log *log, sim_bug_kind kind, int agent, uint32_t ins);
#define sim_viol_add(log, kind, agent, ins, ...)                                           \
  ((log)->terse ? sim_viol_new((log), (kind), (agent), (ins))                              \
                : sim_viol_add_((log), (kind), (agent), (ins), __VA_ARGS__))
void sim_viol_rel(sim_viol *v, uint32_t ins, const char *note);
void sim_logf_(sim_log *log, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A model limit stopped the path (not a kernel bug; the verdict cannot be "verified"): sets
 * log->bound and log->halt and, always (not only with detail), the reason in log->text with
 * op's location when op is known, for the "inconclusive" line. */
void sim_bound(sim_log *log, const sim_machine *m, const ir_op *op, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A simulate-mode data error stops the run at instruction ins of agent (-1: an async event):
 * a fault of the kernel on real data (SIM_DATA_FAULT: out of bounds, bad pointer, division
 * by zero) is a bug (lifecycle) at the op; what simulate mode cannot compute, a bad input or
 * out of memory is a model limit (sim_bound: the run is inconclusive, never a bug report).
 * Sets log->halt; returns -1. */
int sim_data_stop(sim_log *log, const sim_machine *m, int agent, uint32_t ins,
                  const sim_data_err *derr);
/* The "what" of an error line, without its "FILE:LINE:COL: error: " prefix. */
static inline const char *sim_err_what(const sim_err *err) {
  const char *w = strstr(err->msg, "error: ");
  return w ? w + 7 : err->msg;
}
/* Step description: the arguments are evaluated only when the log wants detail. */
#define sim_logf(log, ...)                                                                 \
  do {                                                                                     \
    if ((log) && (log)->detail) sim_logf_((log), __VA_ARGS__);                             \
  } while (0)
/* err helpers: "file:line:col: error: " + message; the location is sim_op_loc's (m may be
 * NULL: then only a user location is known) */
int sim_errf(sim_err *err, const sim_machine *m, const ir_op *op, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
