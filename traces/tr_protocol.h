/* tr_protocol.h: private to tr_protocol*.c: the static barrier protocol of a kernel (which
 * partition arrives on, expects bytes on, waits on, or has async engines signal which
 * barrier ring), extracted from the IR alone, and its drawing.
 * Ownership: a tp_model is a value (fixed tables, no allocation; names point into the
 * module); tp_draw's graph is the caller's (tr_gv_close). */
#ifndef TLXV_TR_PROTOCOL_H
#define TLXV_TR_PROTOCOL_H

#include "tr_internal.h"

enum { TP_MAX_LANES = 40, TP_MAX_RINGS = 64, TP_MAX_EDGES = 512, TP_MAX_LOCS = 6 };

/* A lane: the kernel body outside warp_specialize (lane 0), or one region of a
 * warp_specialize (default, partition0, ...). */
typedef struct tp_lane {
  char name[48];               /* "kernel", "default", "partition0" ("ws1.partition0" when the
                                  function has several warp_specialize ops) */
  int32_t warps;               /* warp count (0 unknown) */
  uint32_t line_lo, line_hi;   /* range of source lines of its ops (0 unknown) */
  const char *file;            /* file of those lines */
  uint32_t n_tma_store;        /* async ops that signal no barrier, shown on the lane */
  uint32_t n_mma;              /* MMAs that signal no barrier (wgmma, synchronous tcgen05) */
  uint32_t n_async_wait;       /* store_wait / wgmma wait / cp.async wait */
  uint32_t n_ops;              /* barrier-related ops seen in it */
} tp_lane;

/* A barrier ring: an allocation of !ttg.memdesc<Nxi64> initialised by init_barrier. */
typedef struct tp_ring {
  const ir_op *alloc;          /* the ttg.local_alloc */
  char name[48];               /* its SSA name ("lr") */
  int64_t size;                /* N: barriers in the ring */
  int64_t count_lo, count_hi;  /* init counts seen (equal when uniform) */
  uint32_t n_init;             /* init_barrier ops on it */
  bool count_unknown;          /* some init count is not a constant */
  ir_loc loc;                  /* the allocation */
  /* static per-phase estimates (every op on the ring runs once per phase of a barrier) */
  int64_t arrivals;            /* arrive counts + expects + MMA / commit arrivals */
  bool arrivals_unknown;       /* a count is not a constant */
  int64_t expect_bytes;        /* sum of expect sizes */
  int64_t async_bytes;         /* sum of bytes async copies deliver (complete_tx) */
  uint32_t n_waits;
  bool has_tx;                 /* some expect or async complete_tx targets it */
} tp_ring;

typedef enum tp_kind {
  TP_WAIT = 1,                 /* ring -> lane: the lane waits on the ring */
  TP_ARRIVE,                   /* lane -> ring: arrive (count) */
  TP_EXPECT,                   /* lane -> ring: arrive.expect_tx (bytes) */
  TP_TMA,                      /* lane -> ring: TMA / bulk copy complete_tx (bytes), async */
  TP_MMA,                      /* lane -> ring: tcgen05 mma completion arrive, async */
  TP_COMMIT,                   /* lane -> ring: tcgen05 commit arrive, async */
  TP_CP_ARRIVE,                /* lane -> ring: cp.async mbarrier arrive, async */
  TP_INVAL,                    /* lane -> ring: inval */
} tp_kind;

/* All ops of one kind from one lane on one ring, merged. */
typedef struct tp_edge {
  uint8_t kind;                /* tp_kind */
  uint16_t lane, ring;
  uint32_t n_ops;              /* ops merged */
  int64_t count;               /* arrivals (ARRIVE: sum of counts; others: ops) */
  int64_t bytes;               /* EXPECT / TMA: sum of bytes */
  bool unknown;                /* a count or size is not a constant */
  bool predicated;             /* some op has a non-constant predicate */
  uint32_t lines[TP_MAX_LOCS]; /* source lines of the ops (first TP_MAX_LOCS) */
  uint8_t n_lines;
  char bufs[64];               /* TMA: destination buffers ("a_bufs, b_bufs") */
} tp_edge;

typedef struct tp_model {
  const ir_module *mod;
  const ir_func *fn;
  tp_lane lanes[TP_MAX_LANES];
  uint32_t n_lanes;
  tp_ring rings[TP_MAX_RINGS];
  uint32_t n_rings;
  tp_edge edges[TP_MAX_EDGES];
  uint32_t n_edges;
  bool truncated;              /* a table filled up: some ops are not shown */
  const char *file;            /* most common source file of the ops (for labels) */
} tp_model;

/* Builds the model of fn (tr_protocol.c). Returns 0, or -1 with err. */
int tp_build(tp_model *pm, const ir_module *mod, const ir_func *fn, tr_err *err);
/* What is suspicious about a ring (tp_ring_problem). */
typedef enum tp_problem {
  TP_P_NONE = 0,
  TP_P_NOINIT,                 /* used but never initialised */
  TP_P_NOARRIVE,               /* waited on, nobody arrives and no bytes land */
  TP_P_COUNT,                  /* arrivals per phase differ from the init count */
  TP_P_BYTES,                  /* expected bytes differ from the bytes async copies deliver */
} tp_problem;
/* Why ring r is suspicious: the tp_problem, and one line into buf ("" when it is not). */
int tp_ring_problem(const tp_model *pm, uint32_t r, char *buf, size_t n);
/* Draws the model as a Graphviz graph (tr_protocol_draw.c); NULL when out of memory. */
tr_gv_graph *tp_draw(const tp_model *pm, const char *title);

#endif
