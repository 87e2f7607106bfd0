/* lw_test_util.h: helpers of the lowering's unit tests (test_lw_*.c): the coordinate a
 * (register, lane, warp) holds, the layout of a tensor type written in MLIR text (test_lw_layout.c,
 * test_lw_mfma.c); a repository file parsed, a kernel lowered that must lower, occurrences of a
 * text counted (test_lw_lower.c, test_lw_scan.c). The module and the text returned are the
 * caller's (ir_module_free, free). */
#ifndef TLXV_LW_TEST_UTIL_H
#define TLXV_LW_TEST_UTIL_H

#include <string.h>

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

/* The file at rel (from the repository root), parsed; fails the test when it does not parse. */
static inline ir_module *lwt_parse_file(const char *rel) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, rel);
  ir_diag d = {0};
  ir_module *m = ir_parse_file(path, &d);
  ck_assert_msg(m != NULL, "%s: %s", path, d.msg ? d.msg : "?");
  return m;
}

/* m lowered for t as e; fails the test when the lowering refuses. */
static inline char *lwt_lower_ok(ir_module *m, lw_target t, lw_emit e) {
  char *out = NULL;
  size_t len = 0;
  ir_diag d = {0};
  int rc = lw_lower(m, t, e, &out, &len, &d);
  ck_assert_msg(rc == 0, "lowering failed: %s", d.msg ? d.msg : "?");
  ck_assert_uint_eq(strlen(out), len);
  return out;
}

/* m (freed here) must fail to lower for t; its message contains msg (exact: equals msg). */
static inline void lwt_lower_refused(ir_module *m, lw_target t, const char *msg, bool exact) {
  char *out = NULL;
  size_t len = 0;
  ir_diag d = {0};
  ck_assert_int_ne(lw_lower(m, t, LW_EMIT_MLIR, &out, &len, &d), 0);
  ck_assert_ptr_null(out);
  ck_assert_ptr_nonnull(d.msg);
  if (exact) ck_assert_str_eq(d.msg, msg);
  else ck_assert_msg(strstr(d.msg, msg), "%s", d.msg);
  free(d.msg);
  ir_module_free(m);
}

/* How many times needle occurs in hay (overlapping occurrences counted). */
static inline int lwt_count(const char *hay, const char *needle) {
  int n = 0;
  for (const char *p = hay; (p = strstr(p, needle)); p++) n++;
  return n;
}

#endif
