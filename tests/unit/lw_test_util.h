/* lw_test_util.h: helpers of the lowering's layout tests (test_lw_layout.c, test_lw_mfma.c):
 * the coordinate a (register, lane, warp) holds, and the layout of a tensor type written in
 * MLIR text. */
#ifndef TLXV_LW_TEST_UTIL_H
#define TLXV_LW_TEST_UTIL_H

#include "ir_test_util.h"
#include "lowering/lw_int.h"

/* Coordinates of (register r, lane, warp) of layout l, through its bases. */
static inline void tu_ll_coord(const lw_ll *l, uint32_t r, uint32_t lane, uint32_t warp, int32_t *co) {
  lw_ll_reg_coord(l, r, co);
  for (int b = 0; b < l->nlane; b++)
    if (lane >> b & 1)
      for (int d = 0; d < l->rank; d++) co[d] ^= l->lane[b][d];
  for (int b = 0; b < l->nwarp; b++)
    if (warp >> b & 1)
      for (int d = 0; d < l->rank; d++) co[d] ^= l->warp[b][d];
}

/* The layout of tensor type ty (aliases: the #name = ... lines it uses); fails the test when
 * the lowering has none. */
static inline lw_ll tu_ll_of(const char *aliases, const char *ty) {
  ir_module *m;
  const ir_type *t = tu_type(aliases, ty, &m);
  lw_ll l;
  char err[160];
  ck_assert_msg(lw_ll_of_type(t, &l, err, sizeof err) == 0, "%s: %s", ty, err);
  ir_module_free(m);
  return l;
}

#endif
