/* ir_wsgroups.h: which warps run which warp_specialize partition, by Triton's rule.
 *
 * Triton 3.6's AllocateWarpGroups pass (lib/Conversion/TritonGPUToLLVM/AllocateWarpGroups.cpp,
 * tag v3.6.1) decides it after the TTGIR that tlx-verify reads, so the TTGIR has no start
 * warps; the lowering (lowering/lw_ws.c) and `explain`'s warp mapping (verify/obs_warps.c)
 * both reproduce it through this one function:
 *  1. every warp_specialize op is padded with empty partitions so that its partitions fill
 *     the same whole number of warp groups (4 warps) as the module's largest op: padding
 *     sizes are powers of two, largest first (4-1 = 3 missing warps -> 2, then 1);
 *  2. start warps: when the op carries warpGroupStartIds for fewer partitions than it has
 *     after padding, those are kept and the rest follow the highest warp they use; otherwise
 *     every partition, the padding ones included, is laid out from warp num_warps on,
 *     largest first, stable among equal sizes.
 * Seen on the H200 (tests/device/ref/cuda-gdb/hopper_gemm_ws.bug1.*): one 1-warp partition
 * with 4 default warps runs on warp 6; warps 4-5 and 7 are padding.
 * Ownership: nothing here allocates; the ops are borrowed and results go to caller arrays. */
#ifndef TLXV_IR_WSGROUPS_H
#define TLXV_IR_WSGROUPS_H

#define IR_WS_MAX_PARTS 32

struct ir_op;
struct ir_region;
/* Warps of partition k (region part) of the warp_specialize op ws: the region's num_warps,
 * else the op's partitionNumWarps[k], else 0 (the caller decides what an absent count means). */
int ir_ws_part_warps(const struct ir_op *ws, const struct ir_region *part, int k);

/* nw[0..n_real) are the real partitions' warp counts; max_extra is the largest total of real
 * partition warps over the module's warp_specialize ops; ids/n_ids the op's
 * warpGroupStartIds (n_ids 0 when absent). Appends the padding partitions to nw[] and writes
 * every partition's start warp to start[]. Returns the number of partitions with padding,
 * or -1 when that exceeds max (<= IR_WS_MAX_PARTS). No allocation; pure. */
int ir_ws_groups(int num_warps, int max_extra, int *nw, int n_real, const int *ids, int n_ids, int *start,
                 int max);

#endif
