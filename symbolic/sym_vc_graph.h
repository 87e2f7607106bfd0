/* sym_vc_graph.h: the iteration-offset dependency graph of back-pressure (a) (sym_vc_order.c),
 * shared with the rule for producers after a loop (sym_vc_postloop.c).
 * Ownership: the caller owns the dist arrays it passes; the functions allocate nothing that
 * outlives them (Z3 terms belong to the sym_ctx, sym_internal.h). */
#ifndef SYM_VC_GRAPH_H
#define SYM_VC_GRAPH_H

#include "sym_internal.h"

typedef enum dep { DEP_NO, DEP_YES, DEP_UNKNOWN } dep;

/* Events of a partition's main loop (or of its sibling graph loops) are graph nodes. */
bool sym_in_graph(sym_ctx *c, const sym_event *e);

/* Longest iteration offsets from src: event x at offset dist[x] means src at iteration i
 * cannot happen before x at iteration i + dist[x] (program order and wait edges). src_loop
 * >= 0: src is an op after that loop, at the end of its last iteration i. DEP_YES: src
 * depends on everything (a positive cycle, a wait that never passes); DEP_UNKNOWN: a wait
 * whose edges the encoding lacks was reached (dist is a lower bound); DEP_NO: dist is exact. */
dep sym_graph_longest(sym_ctx *c, int src, int src_loop, int64_t src_min, int64_t *dist);

/* After sym_graph_longest: the Bool that every wait on the longest path to event end has a
 * real target round (not the virtual phase before init, which waits for nothing) at the
 * instance the path uses, the source at iteration `at`; end itself counts when end_counts (a
 * wait that never passes, c->graph_end of a DEP_YES answer). */
Z3_ast sym_graph_path_real(sym_ctx *c, const int64_t *dist, int end, bool end_counts, Z3_ast at);

/* Producer ei, a straight-line op after its partition's loops (post_loop, seqt), of the round
 * after the one loop wait wi is for: the Bool over wi's iteration and the arguments under
 * which ei depends on wi (it stands at the end of a preceding graph loop's last iteration);
 * NULL when no graph loop precedes it. *partial: some dependency may be missing. */
Z3_ast sym_postloop_held(sym_ctx *c, int ei, int wi, int64_t *dist, bool *partial);

/* Producer ei (a loop event, or an op after a loop) of the round after the one straight-line
 * wait wi is for (next): the Bool under which ei depends on wi, through a loop event of wi's
 * partition after it or a straight-line producer after it (after[]); NULL when none is
 * reached. */
Z3_ast sym_straight_held(sym_ctx *c, int ei, int wi, Z3_ast next, const bool *after,
                         int64_t *dist, bool *partial);

#endif
