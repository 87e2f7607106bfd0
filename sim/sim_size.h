/* sim_size.h: sizes computed without overflow, and the checked allocator. Every product of
 * counts (grid dimensions, tensor shapes, bytes, buffer sizes) goes through these helpers
 * (issue 11: a grid of 65536 x 65536 overflowed int32). The allocator never returns NULL:
 * out of memory ends the process with "tlx-verify: error: out of memory ..." and exit 2 (an
 * input too large for this machine), never a crash.
 * Ownership: the helpers here allocate nothing; ir_x* memory is the caller's (free). */
#ifndef TLXV_SIM_SIZE_H
#define TLXV_SIM_SIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir_alloc.h"

/* a * b into *out; false (and *out = UINT64_MAX) on overflow. */
static inline bool sim_mul_u64(uint64_t a, uint64_t b, uint64_t *out) {
  if (__builtin_mul_overflow(a, b, out)) {
    *out = UINT64_MAX;
    return false;
  }
  return true;
}
static inline bool sim_add_u64(uint64_t a, uint64_t b, uint64_t *out) {
  if (__builtin_add_overflow(a, b, out)) {
    *out = UINT64_MAX;
    return false;
  }
  return true;
}
static inline bool sim_mul_size(size_t a, size_t b, size_t *out) {
  if (__builtin_mul_overflow(a, b, out)) {
    *out = SIZE_MAX;
    return false;
  }
  return true;
}

/* Programs of a grid (each dimension >= 1, at most INT32_MAX): fits in 64 bits. */
static inline uint64_t sim_grid_programs(const int32_t grid[3]) {
  uint64_t n = 1;
  for (int k = 0; k < 3; k++) n *= (uint64_t)(grid[k] > 0 ? grid[k] : 1);
  return n;
}
/* The program id of linear index p (x fastest) in grid. */
static inline void sim_grid_pid(const int32_t grid[3], uint64_t p, int32_t pid[3]) {
  uint64_t gx = (uint64_t)(grid[0] > 0 ? grid[0] : 1), gy = (uint64_t)(grid[1] > 0 ? grid[1] : 1);
  pid[0] = (int32_t)(p % gx);
  pid[1] = (int32_t)(p / gx % gy);
  pid[2] = (int32_t)(p / gx / gy);
}

/* Checked allocation: ir/ir_alloc.h (ir_xmalloc, ir_xcalloc, ...), included above. */

#endif
