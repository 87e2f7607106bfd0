/* sim.h: the machine model of a warp-specialized kernel (semantics.md): a compiled program
 * (sim_machine, immutable once built) and machine states that are plain byte blobs.
 * sim_enabled() lists transitions, sim_step() fires one; nothing else changes a state.
 * Ownership: a sim_machine is the caller's (sim_machine_free) and borrows the module and the
 * sim_data of its sim_opts, which must outlive it; states are the caller's byte blobs
 * (sim_state_size); names and notes it returns are static or the machine's; the *_str
 * functions write into the caller's buffer and return it. */
#ifndef TLXV_SIM_H
#define TLXV_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

/* ------------------------------------------------------------------ limits */

enum {
  SIM_MAX_AGENTS = 32,   /* agents per machine: (CTA, partition) pairs, parent included */
  SIM_MAX_EVENTS = 40,   /* async events in flight per state (more: the path stops, bound hit) */
  SIM_MAX_TRANS = SIM_MAX_AGENTS + SIM_MAX_EVENTS,
  SIM_MAX_CTAS = 16,     /* CTAs per cluster */
  SIM_MAX_REL = 6,       /* related instructions per reported violation */
};

typedef struct sim_machine sim_machine;
typedef struct sim_data sim_data; /* sim_data.h: the simulate-mode data plane */

/* ------------------------------------------------------------------ building a machine */

typedef struct sim_opts {
  const ir_module *mod;
  const ir_func *fn;       /* the kernel; NULL = the first public function */
  const uint64_t *args;    /* one value per kernel argument (entry block argument), in the
                              "bits" convention of sim_data.h (ints zero-extended, floats as
                              their encoding, pointers as addresses, tensordesc = descriptor
                              id). NULL = all zero. Verify mode: tensordesc args may be 0. */
  uint32_t n_args;
  int32_t pid[3];          /* program id of CTA 0 of the simulated cluster */
  int32_t grid[3];         /* number of programs per axis (0 = 1) */
  sim_data *data;          /* NULL = verify mode (no payloads); else simulate mode */
  uint32_t max_trip;       /* a loop whose trip count exceeds this stops the path with
                              log->bound set (verdict inconclusive); 0 = 1<<20 */
  int32_t clc_max;         /* CLC (sim_clc.c): successful cancels per simulated cluster in
                              verify mode; 0 = SIM_CLC_VERIFY_MAX, -1 = no bound (simulate
                              mode: no bound) */
  bool amd_all_waves;      /* AMD: run every wave of the workgroup, not two of each class of
                              waves (sim_compile_amd_waves.c; for checking that reduction) */
} sim_opts;

typedef struct sim_err {
  char msg[512];           /* one "FILE:LINE:COL: error: what, and what to do" line */
} sim_err;

/* Compiles fn into a machine. Returns NULL and fills err for unsupported ops or IR the model
 * cannot run (control that depends on loaded data, recursion, ...). The module must outlive
 * the machine. */
sim_machine *sim_machine_new(const sim_opts *o, sim_err *err);
void sim_machine_free(sim_machine *m);
/* CLC (sim_clc.c): verify mode's bound on successful cancels per simulated cluster, and whether
 * the kernel has CLC ops (its work loop runs once per program when the grid has one program,
 * so `check` then chooses a grid of 1 + SIM_CLC_VERIFY_MAX programs: cli_runopt.c). */
enum { SIM_CLC_VERIFY_MAX = 2 };
bool sim_machine_uses_clc(const sim_machine *m);
/* Re-targets a verify-mode machine (o->data NULL) to another run of the same kernel: argument
 * values (as sim_opts.args), the program id of CTA 0 and the grid. Nothing the compiler made
 * depends on them (they are read when the kernel runs), so the machine then behaves exactly
 * as sim_machine_new with those options would: a check compiles its kernel once. States made
 * before keep their size and layout. */
void sim_machine_set_run(sim_machine *m, const uint64_t *args, uint32_t n_args, const int32_t pid[3],
                         const int32_t grid[3]);
/* A second machine for another thread: it shares m's compiled program (read-only while both
 * are in use) and has its own working memory, so that two threads can step states of the
 * same verify-mode machine at once. Free it with sim_machine_free before m; m must not be
 * re-targeted while it exists. */
sim_machine *sim_machine_worker(const sim_machine *m);

/* ------------------------------------------------------------------ states
 * A state is sim_state_size(m) bytes, no pointers inside: copy it with memcpy, compare it with
 * memcmp over sim_state_used(m, st) bytes (the rest is zero), hash it with sim_state_hash.
 * Agents are in a fixed order, async events sorted by a canonical key, values that are dead at
 * an agent's program point are zeroed, so equal machine situations give equal bytes. */

size_t sim_state_size(const sim_machine *m);
size_t sim_state_used(const sim_machine *m, const void *st);

typedef struct sim_hash128 {
  uint64_t lo, hi;
} sim_hash128;
sim_hash128 sim_state_hash(const sim_machine *m, const void *st);

/* ------------------------------------------------------------------ transitions */

typedef enum sim_trans_kind {
  SIM_TR_AGENT = 1,        /* the agent runs its visible op and then its pure ops up to the next
                              visible op (or its end) */
  SIM_TR_EVENT = 2,        /* an in-flight async event completes */
} sim_trans_kind;

typedef struct sim_trans {
  uint8_t kind;            /* sim_trans_kind */
  uint8_t who;             /* agent index, or event index in the state's sorted event list */
} sim_trans;

/* Transitions enabled in st, agents first (by index), then events (by list order); out has
 * room for SIM_MAX_TRANS. Returns how many. */
int sim_enabled(const sim_machine *m, const void *st, sim_trans *out);

/* ------------------------------------------------------------------ what a step reports */

/* Violations the model detects while stepping (the `kind` names of design.md's table; race
 * and deadlock are state properties the explorer checks, listed here so that every kind has
 * one enum). */
typedef enum sim_bug_kind {
  SIM_BUG_NONE = 0,
  SIM_BUG_DEADLOCK,
  SIM_BUG_RACE,
  SIM_BUG_PROXY_FENCE,
  SIM_BUG_PHASE_ALIAS,
  SIM_BUG_TX_MISMATCH,
  SIM_BUG_OVER_ARRIVAL,
  SIM_BUG_COUNT_MISMATCH,
  SIM_BUG_LIFECYCLE,
  SIM_BUG_CLUSTER_EXIT,
  SIM_BUG_NAMED_BARRIER,
  SIM_BUG_CLC_RETRY,           /* try_cancel after the CTA read a failed response (§6.3) */
  SIM_BUG_CLC_QUERY,           /* a CLC response read that was never written, or a failed one's ctaid */
  SIM_BUG_AMD_DMA_UNWAITED,    /* AMD: a wave reads an LDS-DMA destination before its own wait (§8.1) */
  SIM_BUG_AMD_LDS_UNWAITED,    /* AMD: an s_barrier passed without the wave's lgkmcnt wait for its ds_write (§8.2) */
  SIM_BUG_AMD_BAR_DMA_UNWAITED, /* AMD: an s_barrier passed without the wave's vmcnt wait for its LDS DMA (§8.2) */
  SIM_BUG_AMD_BARRIER_COUNT,   /* AMD: unequal s_barrier counts per wave (hang or silent mis-pairing, §8.2) */
  SIM_BUG_AMD_BARRIER_DIVERGENT, /* AMD: one s_barrier generation met at different barriers, not a cond_barrier pair */
  SIM_BUG_AMD_MASKED_STALE,    /* AMD lint: masked-off lanes of an async copy without `other` read as data */
  SIM_BUG__COUNT
} sim_bug_kind;
const char *sim_bug_kind_name(sim_bug_kind k); /* "deadlock", "race", "proxy-fence", ... */

/* How bad a violation is (docs/diagnostics.md "Severity"). An error is a bug of the kernel
 * (exit 1); a warning breaks a rule of the PTX ISA without an effect the model can see (exit 0
 * unless --warnings-as-errors) and does not end its path. Zero is an error, so a violation
 * built by memset is one. */
typedef enum sim_severity {
  SIM_SEV_ERROR = 0,
  SIM_SEV_WARNING = 1,
} sim_severity;
const char *sim_severity_name(sim_severity s); /* "error", "warning" */

typedef struct sim_viol {
  uint8_t kind;            /* sim_bug_kind */
  uint8_t agent;           /* agent that executed the primary op (0xff: an async event) */
  uint8_t severity;        /* sim_severity */
  uint32_t ins;            /* primary instruction (sim_ins_op gives the IR op and location) */
  uint32_t rel[SIM_MAX_REL]; /* related instructions */
  const char *rel_note[SIM_MAX_REL]; /* static text per related instruction ("TMA load issued here") */
  uint8_t n_rel;
  char msg[320];           /* one line, no location, no "error:" prefix */
} sim_viol;

/* A box of a global tensor accessed through a !tt.tensordesc (TMA, tt.descriptor_*): the
 * elements [lo[d], lo[d] + ext[d]) of every descriptor dimension d (outer first), in element
 * coordinates of the descriptor's tensor (the global shape and strides are not needed: two
 * boxes of one descriptor overlap iff they intersect in every dimension). Global memory is
 * shared by every CTA and program. */
enum { SIM_GBOX_RANK = 5 };
typedef struct sim_gbox {
  uint16_t alloc;              /* the global object: a !tt.tensordesc kernel argument's
                                  allocation (sim_fp_str names it); 0 = unknown descriptor */
  uint8_t rank;
  uint8_t flags;               /* SIM_FP_WRITE, SIM_FP_ATOMIC (a TMA reduce) */
  int32_t lo[SIM_GBOX_RANK];   /* origin per dimension (the op's coordinates) */
  int32_t ext[SIM_GBOX_RANK];  /* extent per dimension (the descriptor's block shape) */
} sim_gbox;
bool sim_gbox_overlap(const sim_gbox *a, const sim_gbox *b);
/* "c_desc rows 0..31, cols 0..63" (rank 2), "x_desc elements 0..127" (rank 1),
 * "q_desc box [0..0, 64..127, 0..63]" (rank 3+), into buf. */
char *sim_gbox_str(const sim_machine *m, const sim_gbox *b, char *buf, size_t n);

/* Filled by sim_step. Pass detail=true to also get a one-line description of the step (for
 * traces); exploration leaves it off (it costs a snprintf per step). */
typedef struct sim_log {
  bool detail;             /* in: describe the step in `text` */
  bool terse;              /* in: violations without their message (msg empty, the kind,
                              agent, instructions and related notes as always): the search
                              steps again without it for a violation it reports */
  sim_viol viol[4];        /* out: violations found in this step */
  uint8_t n_viol;
  bool halt;               /* out: the path cannot continue (undefined behaviour, model error) */
  bool bound;              /* out: a bound was hit (trip count, event capacity): inconclusive */
  bool assume_false;       /* out: an llvm.intr.assume was false (halt too): the arguments are
                              outside the kernel's contract; text says which and where */
  const ir_op *bound_op;   /* out (bound): the op that hit it (may be NULL); text holds why,
                              its first bound_len bytes without the " (at FILE:L:C)" suffix */
  uint16_t bound_len;
  uint8_t n_gw;            /* out: 1 when the step wrote (or issued a write of) global memory
                              through a descriptor: gw, by CTA gw_cta, instruction gw_ins */
  uint8_t gw_cta;
  uint32_t gw_ins;
  sim_gbox gw;
  char text[256];          /* out (detail): what happened, e.g. "wait lr[0] parity 0: passes (phase 0 complete)" */
  uint32_t ins;            /* out: the instruction the step executed (agent steps) or issued
                              (event steps), for locations in traces */
} sim_log;

/* The first error (not a warning) the step logged, or NULL. */
static inline const sim_viol *sim_log_first_error(const sim_log *log) {
  for (uint8_t k = 0; k < log->n_viol; k++)
    if (log->viol[k].severity == SIM_SEV_ERROR) return &log->viol[k];
  return NULL;
}

/* ------------------------------------------------------------------ running */

/* Writes the initial state: CTA parents at their first visible op. log may be NULL. Returns
 * 0, or -1 when even the first steps fail (log->viol / halt say why). */
int sim_init(sim_machine *m, void *st, sim_log *log);
/* Fires t (which must be enabled) in place. Returns 0, or -1 when the path must stop
 * (log->halt). log must not be NULL; it is reset first. */
int sim_step(sim_machine *m, void *st, sim_trans t, sim_log *log);

/* All agents finished and no event in flight. */
bool sim_is_final(const sim_machine *m, const void *st);

/* ------------------------------------------------------------------ inspecting */

typedef enum sim_agent_status {
  SIM_AG_IDLE = 0,         /* not started (partition before its fork) or joined */
  SIM_AG_RUN,              /* sitting at a visible op (enabled or blocked) */
  SIM_AG_DONE,             /* finished its region */
  SIM_AG_NBWAIT,           /* inside a named-barrier sync, waiting for the generation */
  SIM_AG_CLWAIT,           /* inside a cluster wait */
} sim_agent_status;

uint32_t sim_n_agents(const sim_machine *m);
const char *sim_agent_name(const sim_machine *m, uint32_t agent); /* "default", "partition0", "cta1.partition0" */
int sim_agent_status_of(const sim_machine *m, const void *st, uint32_t agent);
uint32_t sim_agent_pc(const sim_machine *m, const void *st, uint32_t agent);
uint32_t sim_n_events(const sim_machine *m, const void *st);
/* The IR op an instruction came from (NULL for pseudo instructions without one). */
const ir_op *sim_ins_op(const sim_machine *m, uint32_t ins);
/* Source location of an instruction: its op's user location (`loc(...)`), or, when the IR
 * has none, the op's own line:col in the IR file (sim_op_loc). */
ir_loc sim_ins_loc(const sim_machine *m, uint32_t ins);
/* Location of an op of module mod: its user location, else its position in the IR file
 * (mod->filename, ir_op.ir_line / ir_col, or the nearest enclosing op's for ops the text
 * omits); {0} when neither is known. */
ir_loc sim_op_loc(const ir_module *mod, const ir_op *op);
/* Instruction that issued in-flight event ev, and its issuing agent. */
uint32_t sim_event_ins(const sim_machine *m, const void *st, uint32_t ev);
uint32_t sim_event_agent(const sim_machine *m, const void *st, uint32_t ev);
/* Short name of an event's kind ("TMA load", "TMA store", "wgmma", ...). */
const char *sim_event_kind_name(const sim_machine *m, const void *st, uint32_t ev);

/* Memory footprint: bytes of one allocation (smem / tmem) of one CTA, as rows:
 * {off + k*pitch + [0,len) : 0 <= k < rows}.
 * With SIM_FP_GLOBAL it is a box of a global tensor (sim_gbox) instead, packed as: off = row
 * origin (dimension rank-2, as int32), pitch = column origin (dimension rank-1, as int32),
 * len = column extent | row extent << 16 (TMA boxes are at most 256 per dimension), rows = a
 * key of the origins of the dimensions before those two (0 for rank <= 2); cta is unused
 * (global memory is shared). Boxes overlap when their keys are equal and rows and columns
 * intersect: exact up to rank 2; beyond, boxes with different leading origins are taken as
 * disjoint (never a false overlap, a missed one only if a leading extent exceeds 1). */
typedef struct sim_fp {
  uint16_t alloc;          /* allocation id (sim_fp_str names it); 0 = none */
  uint8_t cta;
  uint8_t flags;           /* SIM_FP_* */
  uint32_t off, len, rows, pitch;
} sim_fp;
enum {
  SIM_FP_WRITE = 1,        /* the access writes */
  SIM_FP_ASYNC = 2,        /* through the async proxy (TMA, wgmma, tcgen05) */
  SIM_FP_TMEM = 4,         /* tensor memory */
  SIM_FP_GLOBAL = 8,       /* a global box (see above) */
  SIM_FP_ATOMIC = 16,      /* an atomic read-modify-write: a TMA / descriptor reduce (global), a
                              ttg.local_atomic_scatter_rmw (shared); two of them do not conflict,
                              an atomic and any other access (plain, async proxy) do */
  SIM_FP_PAIR = 32,        /* (effects only, sim_eff.fp) the same bytes in BOTH CTAs of the pair of
                              `cta` (cta and cta ^ 1): a paired-CTA tcgen05 op's operands and
                              accumulator (sim_effects.c pair_effect); never in an event or a list */
};
/* Can footprints a and b lie in the same CTA (sim_fp.cta, or its pair with SIM_FP_PAIR)? */
static inline bool sim_fp_same_cta(const sim_fp *a, const sim_fp *b) {
  return a->cta == b->cta || (((a->flags | b->flags) & SIM_FP_PAIR) && (a->cta >> 1) == (b->cta >> 1));
}
bool sim_fp_overlap_slow(const sim_fp *a, const sim_fp *b);
/* Do two footprints share a byte? Inline for its common answer (different allocations or CTAs,
 * neither global: no), which the reduction's dependency test asks for most pairs. */
static inline bool sim_fp_overlap(const sim_fp *a, const sim_fp *b) {
  if (!((a->flags | b->flags) & SIM_FP_GLOBAL) && (!a->alloc || a->alloc != b->alloc || !sim_fp_same_cta(a, b)))
    return false;
  return sim_fp_overlap_slow(a, b);
}
/* Two accesses conflict: they overlap, one writes, and they are not both atomic (SIM_FP_ATOMIC). */
bool sim_fp_conflict(const sim_fp *a, const sim_fp *b);
/* "a_bufs[1]" / "a_bufs bytes [0,8192)" / "lr[0]" / "c_desc rows 0..31, cols 0..63" into buf. */
char *sim_fp_str(const sim_machine *m, const sim_fp *f, char *buf, size_t n);
/* The packed footprint of a global box (flags: SIM_FP_GLOBAL plus b->flags plus `extra`). */
sim_fp sim_gbox_fp(const sim_gbox *b, uint8_t extra);

/* Memory accesses that agent's next op would make (up to 4), or that in-flight event ev may
 * make at any moment until it completes. Returns the count. */
int sim_agent_access(const sim_machine *m, const void *st, uint32_t agent, sim_fp *out);
int sim_event_access(const sim_machine *m, const void *st, uint32_t ev, sim_fp *out);
/* True when the hardware orders the accesses of in-flight events e1 and e2 (same issuer and
 * an in-order pipeline, e.g. tcgen05 mma -> mma on one accumulator, §4.4). */
bool sim_events_ordered(const sim_machine *m, const void *st, uint32_t e1, uint32_t e2);
/* The kind of a race between agent a's next access and in-flight event ev: SIM_BUG_RACE, or
 * on AMD a refinement (a wave reading its own DMA destination before its wait; a write whose
 * wave passed an s_barrier without its wait: *rel = that barrier, *note its text). */
sim_bug_kind sim_race_kind(const sim_machine *m, const void *st, uint32_t a, uint32_t ev, uint32_t *rel,
                           const char **note);
/* True when agent a's next access (a tcgen05.mma it issues) is performed after in-flight
 * event ev by the hardware: ev is a tcgen05.cp or mma of the same agent, and the pairs
 * cp -> mma and mma -> mma are pipelined (PTX ISA 9.7.16.6.2, §4.4). */
bool sim_access_after_event(const sim_machine *m, const void *st, uint32_t a, uint32_t ev);

/* Why a blocked agent cannot move, one line (e.g. "waits lr[0] for phase 0 (parity 0): 1 of 1
 * arrivals and 1024 bytes missing"); fills who[] with instructions that could still provide
 * what it waits for (arrives / expects / async issues on that barrier), returns their count. */
int sim_explain_blocked(const sim_machine *m, const void *st, uint32_t agent, char *buf,
                        size_t n, uint32_t *who, int max_who);
/* One line describing transition t in st (before it fires), without locations. */
void sim_describe(sim_machine *m, const void *st, sim_trans t, char *buf, size_t n);

/* Barrier view for the explorer's deadlock analysis. */
typedef struct sim_barinfo {
  bool valid;
  int32_t phase, pending, expected, tx;
  int32_t inflight;        /* async events in flight that will signal it */
  uint32_t last_expect;    /* instruction of the latest expect in this phase (UINT32_MAX none) */
  uint32_t init_ins;       /* instruction that initialised it (UINT32_MAX none) */
} sim_barinfo;
/* Barrier an agent blocked in a wait waits for (false if it is not waiting on an mbarrier). */
bool sim_agent_wait_barrier(const sim_machine *m, const void *st, uint32_t agent, uint32_t *bar,
                            int32_t *parity);
void sim_barrier_info(const sim_machine *m, const void *st, uint32_t bar, sim_barinfo *out);
char *sim_barrier_name(const sim_machine *m, uint32_t bar, char *buf, size_t n); /* "lr[0]" */

/* ------------------------------------------------------------------ effects (for reduction) */

/* What one visible op or one async completion does to shared objects, without running it:
 * the explorer's partial-order reduction decides independence from these. */
enum {
  SIM_E_WAIT = 1,              /* reads barrier `bar` (a wait with `parity`) */
  SIM_E_SIGNAL = 2,            /* changes barrier `bar` (and `bar2`): arrive, expect, complete_tx, ledger */
  SIM_E_MEM = 4,               /* synchronous access to fp[] */
  SIM_E_ISSUE = 8,             /* starts an async op: fp[] is its window, `bar` what its completion signals */
  SIM_E_FENCE = 16,            /* fence.proxy.async: clears the agent's unfenced accesses */
  SIM_E_PUBLISH = 32,          /* a release: publishes the agent's unfenced accesses */
  SIM_E_GWAIT = 64,            /* waits on / changes the agent's own async groups */
  SIM_E_NAMED = 128,           /* named barrier `named` of CTA `cta` */
  SIM_E_CLUSTER = 256,         /* cluster barrier */
  SIM_E_GLOBAL = 512,          /* fork, join, partition end, ...: depends on everything */
  SIM_E_COMPLETE = 1024,       /* an async completion: ends the window fp[], signals `bar` */
  SIM_E_TX = 2048,             /* (completion) its signal is complete_tx(`bytes`) on `bar` */
  SIM_E_ARRIVE1 = 4096,        /* (completion) its signal is arrive-on(1) on each of its barriers */
  SIM_E_CTA = 8192,            /* touches any object of CTA `cta` (its barriers' init / inval, the
                                  CTA's exit): depends on every effect that names that CTA
                                  (sim_eff_cta_dep); with SIM_E_CLUSTER also on the cluster barrier */
  SIM_E_UFNOTE = 16384,        /* (completion) a generic-proxy write joins the issuer's unfenced
                                  accesses (cp.async, semantics.md §2.3): ordered with its fences */
};

typedef struct sim_eff {
  uint16_t kind;               /* SIM_E_* bits */
  uint16_t bar, bar2;          /* barriers (global index), 0xffff none */
  uint16_t xbar[2];            /* further barriers signalled, 0xffff none: a tc_gen5_mma's third and
                                  fourth, or those of its completion's tied commits */
  uint8_t n_fp;
  uint8_t named;
  uint8_t cta;
  uint8_t agent;               /* acting agent (issuer for completions) */
  uint16_t ctas;               /* bit c: the effect acts for CTA c (`cta`) or names an object of it (a
                                  barrier, a footprint in its shared / tensor memory): sim_eff_ctas */
  int32_t parity;
  uint32_t bytes;              /* SIM_E_TX */
  sim_fp fp[3];
} sim_eff;

/* Does effect e wait on or signal barrier bar (0xffff: none)? */
static inline bool sim_eff_touches(const sim_eff *e, uint16_t bar) {
  return bar != 0xffff && (e->bar == bar || e->bar2 == bar || e->xbar[0] == bar || e->xbar[1] == bar);
}
/* Do effects a and b name a common barrier? */
static inline bool sim_eff_share_bar(const sim_eff *a, const sim_eff *b) {
  return sim_eff_touches(b, a->bar) || sim_eff_touches(b, a->bar2) || sim_eff_touches(b, a->xbar[0]) ||
         sim_eff_touches(b, a->xbar[1]);
}

/* Dependency of two effects of which one is CTA-scoped (SIM_E_CTA), x of CTA c = x->cta: the other,
 * y, depends on it when it names CTA c (y->ctas bit c: it acts for c, or names c's barriers or
 * shared / tensor memory), is global, or both take part in the cluster barrier. Everything a
 * CTA-scoped op reads or writes belongs to its CTA (docs/verifier.md §4, "CTA-scoped effects"),
 * and an op of another CTA reaches that CTA's state only through such names (remote ops that the
 * effects cannot name are SIM_E_GLOBAL), so the two commute and neither enables the other. */
static inline bool sim_eff_cta_dep(const sim_eff *a, const sim_eff *b) {
  if ((a->kind | b->kind) & SIM_E_GLOBAL) return true;
  if ((a->kind & SIM_E_CLUSTER) && (b->kind & SIM_E_CLUSTER)) return true;
  return ((a->kind & SIM_E_CTA) && ((b->ctas >> a->cta) & 1)) || ((b->kind & SIM_E_CTA) && ((a->ctas >> b->cta) & 1));
}

/* A cp.async completion (SIM_E_UFNOTE) joins its issuer's unfenced accesses, which the issuer's
 * fence clears and its release publishes (sim_events.c): the two orders differ. */
static inline bool sim_eff_ufnote_dep(const sim_eff *a, const sim_eff *b) {
  const uint16_t fp_ops = SIM_E_FENCE | SIM_E_PUBLISH;
  return a->agent == b->agent && (((a->kind & fp_ops) && (b->kind & SIM_E_UFNOTE)) ||
                                  ((b->kind & fp_ops) && (a->kind & SIM_E_UFNOTE)));
}

/* A static bound of everything an agent may do, from any state, for the reduction's agents whose
 * lookahead is cut (docs/verifier.md §4, "CTA-local futures"): true when the kernel has several
 * CTAs and every instruction of the program, run by an agent of CTA c, has effects (its visible
 * ops' and its async ops' completions) that touch only c's objects (its barriers, named barriers,
 * shared / tensor memory, agents: the effects' ctas is bit c alone), the cluster barrier, and
 * global tensors: those it may access into *gacc and those it may write into *gwrite (bit a % 64
 * for allocation a; all bits: unknown). False, with all bits, otherwise: AMD, a remote view
 * (map_to_remote_buffer), multicast, an arrive with a CTA mask, a paired-CTA kernel,
 * warp_specialize (fork / join / partition end are global), an op the effects do not summarise
 * (remote stores, cluster launch control, gathers / scatters, ...). Computed once per machine. */
bool sim_cta_local(const sim_machine *m, uint64_t *gacc, uint64_t *gwrite);

/* Effect of agent a's next op (status RUN / NBWAIT / CLWAIT); false when it has none. */
bool sim_agent_effect(const sim_machine *m, const void *st, uint32_t a, sim_eff *out);
/* Effect of completing in-flight event ev. */
void sim_event_effect(const sim_machine *m, const void *st, uint32_t ev, sim_eff *out);
/* Runs agent a alone from st, ignoring barriers and events (its ops depend only on its own
 * values): the effects of its next visible ops, the current one first, into out (up to max).
 * *end: 0 the agent's end was reached, 1 the list is cut (max reached, or an op with a
 * global effect, or an error). Returns the number of effects. st is not changed. */
int sim_lookahead(sim_machine *m, const void *st, uint32_t a, sim_eff *out, int max, int *end);
/* The steps of path[0..n) that matter for bug (sim_slice.c): the backward closure of the step
 * or state that shows it over program order and effect dependencies (the kept steps alone
 * reach the bug). Marks keep[k] = 1 for them (keep has n bytes, the caller's) and returns how
 * many. The only slicer: the report and the drawings call it. */
uint32_t sim_slice(sim_machine *m, const sim_trans *path, uint32_t n, const sim_viol *bug,
                   uint8_t *keep);
/* Pending arrivals and tx-count of barrier bar now. */
void sim_bar_counts(const sim_machine *m, const void *st, uint32_t bar, int32_t *pending, int32_t *tx);
/* Would a wait with `parity` on barrier bar pass now? */
bool sim_bar_satisfied(const sim_machine *m, const void *st, uint32_t bar, int32_t parity);
/* Agent a's generic accesses not yet followed by its fence.proxy.async (proxy tracking), into
 * out (up to max, flags SIM_FP_WRITE for writes); returns the count. */
int sim_agent_unfenced(const sim_machine *m, const void *st, uint32_t a, sim_fp *out, int max);
/* Hash of agent a's local state (pc, status, persistent slots): equal hashes, equal
 * lookahead. */
uint64_t sim_agent_local_hash(const sim_machine *m, const void *st, uint32_t a);

/* ------------------------------------------------------------------ static facts */

/* Whether m's state graph may have cycles: some loop other than an scf.for jumps back (an
 * scf.while). Without one, every agent step reaches a local state (pc, status, the
 * induction variables of its enclosing loops, which only grow: sim_exec.c for_init) that
 * agent never had before, and a completion removes an event that only an agent step adds,
 * so no state repeats (the multi-threaded search then needs no cycle proviso, vf_par.c). */
bool sim_may_cycle(const sim_machine *m);

/* Largest mbarrier ring (array length of a barrier allocation): the S of the default trip
 * counts. 0 when the kernel has no mbarrier array. */
uint32_t sim_max_ring_depth(const sim_machine *m);
/* The distinct ring depths of the barrier allocations (array length; 1 for a single
 * mbarrier), at most max of them into out; returns how many. */
uint32_t sim_ring_depths(const sim_machine *m, uint32_t *out, uint32_t max);
/* True when some synchronization-relevant value (loop bounds, barrier indices, parities,
 * predicates, control conditions) depends on tt.get_program_id / get_num_programs: then each
 * program of the grid must be checked. */
bool sim_depends_on_pid(const sim_machine *m);
/* Chosen data (sim_compile_ldchoice.c, docs/verifier.md "Chosen data"): true when the value of a
 * scalar load from a read-only kernel input reaches control or synchronization; the run then
 * reads that memory as a + b * index (sim_machine_set_fill; 0, 0 until set). The loads, one
 * per source line, into out[0..max) (returns how many there are). */
bool sim_ldchoice_ctl(const sim_machine *m);
void sim_machine_set_fill(sim_machine *m, int64_t a, int64_t b);
uint32_t sim_ldchoice_list(const sim_machine *m, const ir_op **out, uint32_t max);
/* The IR side of the same analysis, for the symbolic layer: the kernel arguments fn may write
 * through (bit k: argument k, arguments >= 63 share bit 63; all bits when a write goes through
 * a pointer of unknown origin). A scalar load whose pointer derives from one argument outside
 * this set reads memory no op of the kernel changes: two loads of one address agree. */
uint64_t sim_ldchoice_written_args(const ir_func *fn);
/* Per kernel argument: true when it flows into synchronization-relevant values. */
bool sim_arg_is_control(const sim_machine *m, uint32_t arg);
/* ... only into the pred of amdg.update_tensor_descriptor (a flag: its values 0 and 1 are
 * the ones that matter, sim_amd_mbar.c; the default arguments take both). */
bool sim_arg_is_flag(const sim_machine *m, uint32_t arg);
/* Trip count of the first scf.for of each agent region computed from the arguments alone
 * (statically, without running); -1 when not computable. Used to pick default arguments. */
int64_t sim_static_trip_count(const ir_func *fn, const uint64_t *args, uint32_t n_args);
/* Every scf.for of fn in walk order (at most max) with its trip count computed from the
 * arguments and the program id / grid size (pid, grid may be NULL: program 0 of 1) alone;
 * trips -1 when not computable (bounds from loaded data or loop-carried values). A persistent
 * kernel's tile loop (program id to a tile count, step num_programs) is computable. */
typedef struct sim_static_loop {
  const ir_op *op;
  int64_t trips;
} sim_static_loop;
uint32_t sim_static_loops(const ir_func *fn, const uint64_t *args, uint32_t n_args, const int32_t pid[3],
                          const int32_t grid[3], sim_static_loop *out, uint32_t max);
/* As sim_static_loops, with chosen data (sim_compile_ldchoice.c): a scalar integer tt.load of one
 * operand reads fill_a + fill_b * index, as the machine's chosen loads do under that fill
 * (sim_machine_set_fill). first: enclosing loops at their first iteration, as
 * sim_static_loops_first. */
uint32_t sim_static_loops_fill(const ir_func *fn, const uint64_t *args, uint32_t n_args, const int32_t pid[3],
                               const int32_t grid[3], int64_t fill_a, int64_t fill_b, bool first,
                               sim_static_loop *out, uint32_t max);
/* The value of scalar v (bits, sim_trunc'd to its width) when it depends only on the arguments,
 * constants and the program id / grid size (pid, grid may be NULL: program 0 of 1) through
 * scalar ops; false otherwise (loaded data, loop-carried values, an induction variable). */
bool sim_static_value(const ir_func *fn, const ir_value *v, const uint64_t *args, uint32_t n_args,
                      const int32_t pid[3], const int32_t grid[3], uint64_t *out);
/* As sim_static_value, and a value inside a function the kernel calls (tt.call) follows the
 * function's arguments to the operands of its one call in m (ir_call_arg). */
bool sim_static_value_m(const ir_module *m, const ir_func *fn, const ir_value *v, const uint64_t *args,
                        uint32_t n_args, const int32_t pid[3], const int32_t grid[3], uint64_t *out);
/* As sim_static_loops, with the induction variable and the carried values of every enclosing
 * scf.for at their first iteration's values (lower bound, inits): a nested loop whose bounds
 * come from its enclosing loop (a tile's KV range from the tile index) gets the count of the
 * enclosing loop's first iteration. */
uint32_t sim_static_loops_first(const ir_func *fn, const uint64_t *args, uint32_t n_args,
                                const int32_t pid[3], const int32_t grid[3], sim_static_loop *out,
                                uint32_t max);

/* Every count each scf.for of fn (walk order, as sim_static_loops, at most max) takes in the
 * program: an enclosing loop's iterations are enumerated (its induction variable bound to each
 * value, the first 64; carried values known in the first iteration only: their inits), so a
 * nested loop whose bounds come from the enclosing loop's index (a causal KV range per tile)
 * gets the count of every iteration, and one whose bounds come from a carried value (a
 * persistent loop's tile index) the count of the first. trips: distinct counts in the order
 * met; -1 alone when no evaluation's bounds were computable; partial: some were not enumerated
 * or not computable (over 64 iterations, over SIM_STATIC_COUNTS counts, the evaluation budget,
 * a later iteration's carried value). With fill, chosen data as sim_static_loops_fill. */
enum { SIM_STATIC_COUNTS = 16 };
typedef struct sim_static_counts {
  const ir_op *op;
  int64_t trips[SIM_STATIC_COUNTS];
  uint32_t n;
  bool partial;
} sim_static_counts;
uint32_t sim_static_loop_counts(const ir_func *fn, const uint64_t *args, uint32_t n_args,
                                const int32_t pid[3], const int32_t grid[3], bool fill, int64_t fill_a,
                                int64_t fill_b, sim_static_counts *out, uint32_t max);
/* Does scf.for loop take exactly t trips in some iteration of the loops around it, enumerated
 * as sim_static_loop_counts does (the first 64 iterations of each, within its evaluation
 * budget)? Looks only at loop and the scf.for ops enclosing it and stops at the first hit: the
 * default-argument search asks it for many candidate vectors (vf_args.c per_loop_nested). */
bool sim_static_loop_takes(const ir_func *fn, const uint64_t *args, uint32_t n_args, const int32_t pid[3],
                           const int32_t grid[3], const ir_op *loop, int64_t t);

/* Scalars in the "bits" convention: truncation to a width, sign extension, and the width of
 * an integer / index type (64 for others). */
uint64_t sim_trunc(uint64_t v, unsigned width);
int64_t sim_sext(uint64_t bits, unsigned width);
unsigned sim_int_width(const ir_type *t);
/* The integer semantics of the arith ops, one definition for verify mode (sim_scalar.c) and
 * simulate mode (data_elem.c), in sim_int.c. sim_int_binop: the binary op c (addi .. minui) of
 * width w (1..64) on a and b (bits), wrapping at the width as PTX does (INT_MIN / -1 gives
 * INT_MIN, its remainder 0); false when the divisor is 0 or c is not such an op. sim_cmp_pred
 * (decoded by the compiler, sim_compile_dec.c): the predicate of an arith.cmpi / cmpf as MLIR's
 * enum number (a keyword or an integer in the IR), -1 when unknown. sim_cmpi / sim_cmpf: the comparison under that predicate. */
bool sim_int_binop(ir_opcode c, unsigned w, uint64_t a, uint64_t b, uint64_t *out);
int sim_cmp_pred(const ir_op *op);
bool sim_cmpi(int pred, unsigned w, uint64_t a, uint64_t b);
bool sim_cmpf(int pred, double a, double b);

/* CTAs of the simulated cluster, and the program id of CTA cta (tt.get_program_id: the
 * machine's pid with x advanced by the CTA's rank). */
uint32_t sim_n_ctas(const sim_machine *m);
void sim_cta_program(const sim_machine *m, uint32_t cta, int32_t pid[3]);
/* CTAs per cluster a module launches (ttg.cluster-dim-x, else ttg.num-ctas; a paired-CTA
 * kernel at least 2; sim_pair.c): drivers step program ids by it. 1 for a module the model
 * refuses (sim_machine_new says why). */
uint32_t sim_cluster_ctas(const ir_module *mod);

/* For an instruction that writes global memory through a descriptor (TMA store / reduce,
 * tt.descriptor_store): the kernel arguments its coordinates depend on (bit k: argument k for
 * k < 61, bit 61: a later argument), bit 62 when they depend on a cluster launch control
 * response (the tile a cancelled program stood for: sim_clc.c) and bit 63 when they depend on
 * loaded data. */
uint64_t sim_coord_deps(const sim_machine *m, uint32_t ins);

/* Cluster launch control: programs (clusters) the run cancelled with try_cancel; they are
 * the next ones in launch order (x in steps of the cluster size, then y, then z) after the
 * machine's own, and a driver running the grid must not launch them again. */
uint32_t sim_clc_cancelled(const sim_machine *m, const void *st);

/* Marks mark[i] = 1 (mark: sim_n_instructions bytes, zeroed by the caller) for every
 * instruction agent a may still run from st by static control flow (sim_cfg.c: both ways of
 * every branch and loop, data ignored): from its position when it runs or waits (that
 * instruction included), and from the start of its region in every warp_specialize its CTA's
 * parent can still reach (a partition not started yet, or started again by a later loop
 * trip). Nothing for a finished agent. */
void sim_agent_reach(const sim_machine *m, const void *st, uint32_t a, uint8_t *mark);

/* Statistics of the compiled program. */
uint32_t sim_n_instructions(const sim_machine *m);
uint32_t sim_n_barriers(const sim_machine *m);

#endif
