/* vf_argtype.c: integer kernel arguments against their types (vf_run.h): the values a type
 * takes, and the error for an --arg value outside them (every command checks it before the
 * value is truncated to the argument's bits). */
#include <inttypes.h>
#include <stdio.h>

#include "vf_run.h"

bool vf_int_range(const ir_type *t, int64_t *lo, int64_t *hi, char *name, size_t n) {
  if (!t || (t->kind != IR_T_INT && t->kind != IR_T_INDEX)) return false;
  unsigned w = t->kind == IR_T_INDEX ? 64 : t->bits;
  if (t->kind == IR_T_INDEX) snprintf(name, n, "index");
  else snprintf(name, n, "%si%u", t->is_unsigned ? "u" : "", w);
  if (w == 0 || w > 64) w = 64;
  if (t->kind == IR_T_INT && (t->is_unsigned || w == 1)) {
    /* uiN: 0 .. 2^N-1; i1 is a boolean, 0 or 1 (Triton passes bools as i1) */
    *lo = 0;
    *hi = w >= 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << w) - 1);
  } else {
    /* iN, index: two's complement, as Triton types a Python int (an i32 argument only ever
     * receives -2^31 .. 2^31-1) */
    *lo = w >= 64 ? INT64_MIN : -(int64_t)(UINT64_C(1) << (w - 1));
    *hi = w >= 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << (w - 1)) - 1);
  }
  return true;
}

bool vf_arg_fits(const ir_value *arg, const char *file, const char *name, int64_t v,
                     char *msg, size_t n) {
  int64_t lo, hi;
  char tn[24];
  if (!vf_int_range(arg->type, &lo, &hi, tn, sizeof tn) || (v >= lo && v <= hi)) return true;
  char lb[256];
  if (arg->loc.file && arg->loc.line) ir_loc_str(arg->loc, lb, sizeof lb);
  else snprintf(lb, sizeof lb, "%s", file ? file : "<input>");
  snprintf(msg, n, "%s: error: --arg %s=%" PRId64 ": value does not fit the argument's type %s "
           "(%" PRId64 " to %" PRId64 ")", lb, name, v, tn, lo, hi);
  return false;
}
