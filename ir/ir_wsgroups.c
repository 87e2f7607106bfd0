/* ir_wsgroups.c: Triton's warp-group assignment for warp_specialize (ir_wsgroups.h). */
#include "ir_wsgroups.h"
#include "ir.h"

#include <assert.h>
#include <stdbool.h>

int ir_ws_groups(int num_warps, int max_extra, int *nw, int n_real, const int *ids, int n_ids, int *start,
                 int max) {
  assert(n_real >= 0 && n_real <= max && max <= IR_WS_MAX_PARTS);
  int used = 0;
  for (int k = 0; k < n_real; k++) used += nw[k];
  int n = n_real;
  int groups = (max_extra + 3) / 4;
  /* 1. padding: the largest power of two not above what is missing, until nothing is */
  for (int add = groups * 4 - used; add > 0;) {
    int p = 1;
    while (p * 2 <= add) p *= 2;
    if (n == max) return -1;
    nw[n++] = p;
    add -= p;
  }
  /* 2a. start ids given for a prefix of the partitions: keep them, the rest follow */
  if (n_ids > 0 && n_ids < n) {
    int next = 0;
    for (int k = 0; k < n_ids; k++) {
      start[k] = ids[k];
      if (ids[k] + nw[k] > next) next = ids[k] + nw[k];
    }
    for (int k = n_ids; k < n; k++) start[k] = next, next += nw[k];
    return n;
  }
  /* 2b. largest first, stable (selection keeps the original order among equal sizes) */
  bool done[IR_WS_MAX_PARTS] = {false};
  int next = num_warps;
  for (int i = 0; i < n; i++) {
    int best = -1;
    for (int k = 0; k < n; k++)
      if (!done[k] && (best < 0 || nw[k] > nw[best])) best = k;
    assert(best >= 0);
    done[best] = true;
    start[best] = next;
    next += nw[best];
  }
  return n;
}

int ir_ws_part_warps(const ir_op *ws, const ir_region *part, int k) {
  if (part->num_warps) return (int)part->num_warps;
  const ir_attr *pnw = ir_op_attr(ws, "partitionNumWarps");
  return pnw && pnw->kind == IR_A_DENSE_ARRAY && (int)pnw->n > k ? (int)pnw->ivals[k] : 0;
}
