/* tr_internal.h: private to traces/tr_*.c: the HTML escape of the text buffer, error
 * helpers, and the thin layer over Graphviz's cgraph / gvc used by the graph writers.
 * Ownership: a text buffer owns its bytes (freed by its owner); Graphviz objects belong
 * to their root graph (tr_gv_close). */
#ifndef TLXV_TR_INTERNAL_H
#define TLXV_TR_INTERNAL_H

#include <stdarg.h>

#include "traces.h"
#include "ir/ir_buf.h"

/* ------------------------------------------------------------------ text buffer (tr_buf.c) */

/* The writers' text is the project's one text buffer (ir/ir_buf.h). Appends s with the
 * characters that are special in Graphviz HTML labels escaped. */
void tr_buf_html(ir_buf *b, const char *s);

/* Formats err->msg; always returns -1 (for `return tr_errf(...)`). */
int tr_errf(tr_err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ------------------------------------------------------------------ graphviz (tr_gv.c) */

typedef struct Agraph_s tr_gv_graph;   /* cgraph's Agraph_t */
typedef struct Agnode_s tr_gv_node;
typedef struct Agedge_s tr_gv_edge;

/* Loads Graphviz (libcgraph, libgvc: opened on first use, not linked); 0, or -1 with err
 * saying so ("PATH: error: cannot load Graphviz ..."). Graph writers call it first. */
int tr_gv_load(const char *path, tr_err *err);
/* A new directed graph (free with tr_gv_close); NULL when Graphviz is not loaded. */
tr_gv_graph *tr_gv_open(const char *name);
void tr_gv_close(tr_gv_graph *g);
/* Subgraph (a cluster when name starts with "cluster"). */
tr_gv_graph *tr_gv_subgraph(tr_gv_graph *g, const char *name);
tr_gv_node *tr_gv_node_new(tr_gv_graph *g, const char *name);
/* Puts an existing node into subgraph sub too (rank constraints across clusters). */
void tr_gv_subgraph_add(tr_gv_graph *sub, tr_gv_node *n);
tr_gv_edge *tr_gv_edge_new(tr_gv_graph *g, tr_gv_node *t, tr_gv_node *h, const char *key);
/* Attribute on a graph / node / edge object (a cgraph object pointer); html: the value is
 * an HTML-like label body (without the outer < >). Defaults are declared on first use. */
void tr_gv_set(void *obj, const char *name, const char *value);
void tr_gv_set_html(void *obj, const char *name, const char *html);
/* Defaults for every node / edge of g (call before creating them). */
void tr_gv_node_default(tr_gv_graph *g, const char *name, const char *value);
/* The drawings' common look: top to bottom, Helvetica, the title on top, HTML nodes (shape
 * plain), 9-point edge labels; nodesep and ranksep as given (inches). */
void tr_gv_style(tr_gv_graph *g, const char *nodesep, const char *ranksep);
void tr_gv_edge_default(tr_gv_graph *g, const char *name, const char *value);
/* Lays out with dot and renders to path in fmt (tr_gfmt); DOT is written without layout.
 * Returns 0, or -1 with err. */
int tr_gv_render(tr_gv_graph *g, int fmt, const char *path, tr_err *err);

/* ------------------------------------------------------------------ shared helpers */

/* A deadlock violation for agent a blocked in st: its next op, sim_explain_blocked's line
 * (also into why) and the instructions that could still release it (tr_replay.c). */
void tr_deadlock_viol(sim_machine *m, const void *st, uint32_t a, sim_viol *v, char *why,
                      size_t n);

/* A bug of the end state (a race between next ops and in-flight events) rather than of one
 * step: no step of the run reported it, and it is not a deadlock (tr_replay.c). */
bool tr_run_state_bug(const tr_run *r, const sim_viol *bug);
/* The step that ran instruction ins last at or before step at (agent steps and async issues),
 * in a stuck run preferring a run that touched a barrier a blocked agent waits on;
 * UINT32_MAX when none (tr_replay.c). */
uint32_t tr_run_last_of(const tr_run *r, uint32_t ins, uint32_t at);
/* -1 with err when the replay stopped at a step that was not enabled (the schedule belongs to
 * another machine); 0 otherwise (tr_replay.c). */
int tr_run_check_complete(const tr_run *r, uint32_t n, const char *path, tr_err *err);
/* The agent whose next op at the end of the run is ins, or -1 (tr_replay.c). */
int tr_run_next_agent(const tr_run *r, uint32_t ins);

/* Marks in keep[0..r->n_steps) the steps that matter for bug (non-NULL) in a replayed run:
 * sim_slice over the run's transitions; returns how many (tr_min_relevant.c). */
uint32_t tr_relevant_run(const tr_run *r, const sim_viol *bug, uint8_t *keep);

/* Short label of an IR op for graphs ("wait", "arrive", "TMA load", ...) (tr_label.c). */
const char *tr_op_short(const ir_op *op);
/* True for ops the graphs show as their own node kind. */
bool tr_op_is_wait(const ir_op *op);        /* mbarrier wait */
bool tr_op_is_async_wait(const ir_op *op);  /* store_wait, dot_wait, async_wait, ... */
/* "kernels.py:75" (file base name, line) for a location; "" when unknown. */
char *tr_loc_line(ir_loc loc, char *buf, size_t n);

#endif
