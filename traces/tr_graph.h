/* tr_graph.h: private to tr_graph*.c: the pipeline schedule graph of a replayed schedule
 * (lanes of nodes, each node a wait or a run of ops between waits, per loop iteration;
 * synchronization and program-order edges), built by tr_graph.c, drawn by tr_graph_draw.c.
 * Ownership: a tg_graph owns its arrays (tg_free); tg_draw's graph is the caller's
 * (tr_gv_close). */
#ifndef TLXV_TR_GRAPH_H
#define TLXV_TR_GRAPH_H

#include "tr_internal.h"

typedef enum tg_kind {
  TG_HEAD = 1,                 /* lane title */
  TG_WAIT,                     /* one mbarrier or async-group wait */
  TG_OPS,                      /* a run of non-waiting ops (arrives, expects, memory, fences) */
  TG_ISSUE,                    /* a run of ops that issues async operations */
  TG_GAP,                      /* steps left out ("... 54 steps, iterations 5-31") */
  TG_BLOCKED,                  /* the op an agent is stuck at when the schedule ends */
  TG_NEXT,                     /* an agent's next op that a state bug (a race) is about */
} tg_kind;

enum { TG_MARK_NONE = 0, TG_MARK_CHAIN = 1, TG_MARK_BUG = 2 };

typedef struct tg_row {
  char text[112];              /* "wait lr[0] parity 0", "TMA load → a_bufs[1]" */
  char line[48];               /* "kernels.py:75" */
  uint8_t mark;                /* TG_MARK_*: part of the bug's chain, or the bug itself */
} tg_row;

typedef struct tg_node {
  uint8_t kind;                /* tg_kind */
  uint32_t lane;
  uint32_t iter;               /* loop iteration of its first step */
  uint32_t row_first, n_rows;  /* into g->rows */
  uint32_t step_first;         /* first step (UINT32_MAX for heads, gaps, blocked) */
  uint8_t mark;                /* strongest mark of its rows */
  char note[320];              /* HEAD: warps; GAP: what was left out; BLOCKED: why */
} tg_node;

typedef enum tg_ekind {
  TG_E_PROGRAM = 1,            /* program order inside a lane */
  TG_E_SYNC,                   /* arrivals released a wait */
  TG_E_ASYNC,                  /* async completions (and maybe arrivals) released a wait */
  TG_E_PARTIAL,                /* arrivals that fed the phase a blocked agent still waits for */
  TG_E_WAITS_FOR,              /* a blocked agent's op would release another blocked agent */
  TG_E_CONFLICT,               /* a race / proxy-fence pair: from the related op to the bug's op */
} tg_ekind;

typedef struct tg_edge {
  uint32_t from, to;           /* node indices */
  uint8_t kind;                /* tg_ekind */
  uint8_t mark;                /* TG_MARK_* */
  char label[96];              /* "lr[0] ph0", "lr[0] ph0 + 2 TMA 16384 B" */
} tg_edge;

typedef struct tg_lane {
  uint32_t agent;
  char name[48];               /* sim_agent_name */
  int32_t warps;               /* 0 unknown */
  uint32_t head;               /* its TG_HEAD node */
  uint32_t blocked;            /* its TG_BLOCKED or TG_NEXT node, UINT32_MAX when none */
} tg_lane;

typedef struct tg_graph {
  const tr_run *r;
  tg_lane lanes[SIM_MAX_AGENTS];
  uint32_t n_lanes;
  tg_node *nodes;
  uint32_t n_nodes, cap_nodes;
  tg_row *rows;
  uint32_t n_rows, cap_rows;
  tg_edge *edges;
  uint32_t n_edges, cap_edges;
  uint32_t *node_of_step;      /* per step: its node, UINT32_MAX when not shown */
  uint32_t iterations;         /* iterations shown */
  char title[512];
} tg_graph;

/* Builds the graph of run r (tr_graph.c). relevant: per step, 1 for the bug's chain (may be
 * NULL); bug may be NULL. Returns 0 (out of memory exits: ir/ir_alloc.h). */
int tg_build(tg_graph *g, const tr_run *r, const tr_graph_opts *o, const uint8_t *relevant);
void tg_free(tg_graph *g);
/* Draws it (tr_graph_draw.c); o gives the title and the bug. NULL when out of memory. */
tr_gv_graph *tg_draw(const tg_graph *g, const tr_graph_opts *o);

#endif
