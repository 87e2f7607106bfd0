/* cli_num.c: the numbers of the command line (cli.h): strict integer and seconds syntax,
 * option ranges, and whether an --arg value fits its kernel argument's type. One message
 * shape for every option: "OPT expects an integer from LO to HI, got 'TEXT'". */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ir/ir_alloc.h"

/* An integer is an optional '-', then decimal digits, or 0x / 0X and hex digits; nothing
 * else (no spaces, no '+', no suffix). A leading 0 is decimal, not C's octal: 010 is ten. */
enum { SCAN_BAD, SCAN_OK, SCAN_HUGE /* beyond 2^64-1 in magnitude */ };
static int scan_int(const char *s, bool *neg, uint64_t *mag) {
  if (!s) return SCAN_BAD;
  *neg = *s == '-';
  if (*neg) s++;
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
  }
  if (!*s) return SCAN_BAD;
  for (const char *p = s; *p; p++)
    if (!(*p >= '0' && *p <= '9') &&
        !(base == 16 && ((*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F'))))
      return SCAN_BAD;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, base);
  if (*end) return SCAN_BAD;
  *mag = (uint64_t)v;
  return errno == ERANGE ? SCAN_HUGE : SCAN_OK;
}

vf_num vf_cli_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out) {
  bool neg;
  uint64_t mag;
  int sc = scan_int(s, &neg, &mag);
  if (sc == SCAN_BAD) return VF_NUM_MALFORMED;
  if (sc == SCAN_HUGE) return VF_NUM_RANGE;
  int64_t v;
  if (!neg) {
    if (mag > (uint64_t)INT64_MAX) return VF_NUM_RANGE;
    v = (int64_t)mag;
  } else {
    if (mag > (uint64_t)INT64_MAX + 1) return VF_NUM_RANGE;
    v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
  }
  if (v < lo || v > hi) return VF_NUM_RANGE;
  *out = v;
  return VF_NUM_OK;
}

vf_num vf_cli_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
  bool neg;
  uint64_t mag;
  int sc = scan_int(s, &neg, &mag);
  if (sc == SCAN_BAD) return VF_NUM_MALFORMED;
  if (sc == SCAN_HUGE || (neg && mag) || mag < lo || mag > hi) return VF_NUM_RANGE;
  *out = mag;
  return VF_NUM_OK;
}

bool vf_cli_opt_i64(const char *opt, const char *s, int64_t lo, int64_t hi, int64_t *out,
                    char *msg, size_t n) {
  if (vf_cli_parse_i64(s, lo, hi, out) == VF_NUM_OK) return true;
  snprintf(msg, n, "%s expects an integer from %" PRId64 " to %" PRId64 ", got '%s'", opt, lo, hi,
           s ? s : "");
  return false;
}

bool vf_cli_opt_u64(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *out,
                    char *msg, size_t n) {
  if (vf_cli_parse_u64(s, lo, hi, out) == VF_NUM_OK) return true;
  snprintf(msg, n, "%s expects an integer from %" PRIu64 " to %" PRIu64 ", got '%s'", opt, lo, hi,
           s ? s : "");
  return false;
}

bool vf_cli_opt_seconds(const char *opt, const char *s, double *out, char *msg, size_t n) {
  /* strtod's syntax, but no leading space or sign, and a finite positive value (not nan,
   * inf, 0, nor a value that underflows to 0) */
  char *end = NULL;
  double v = 0;
  if (s && ((*s >= '0' && *s <= '9') || *s == '.')) {
    errno = 0;
    v = strtod(s, &end);
  }
  if (end && end != s && !*end && isfinite(v) && v > 0) {
    *out = v;
    return true;
  }
  snprintf(msg, n, "%s expects a positive number of seconds (e.g. 30 or 0.5), got '%s'", opt,
           s ? s : "");
  return false;
}

bool vf_cli_int_range(const ir_type *t, int64_t *lo, int64_t *hi, char *name, size_t n) {
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

bool vf_cli_arg_fits(const ir_value *arg, const char *file, const char *name, int64_t v,
                     char *msg, size_t n) {
  int64_t lo, hi;
  char tn[24];
  if (!vf_cli_int_range(arg->type, &lo, &hi, tn, sizeof tn) || (v >= lo && v <= hi)) return true;
  char lb[256];
  if (arg->loc.file && arg->loc.line) ir_loc_str(arg->loc, lb, sizeof lb);
  else snprintf(lb, sizeof lb, "%s", file ? file : "<input>");
  snprintf(msg, n, "%s: error: --arg %s=%" PRId64 ": value does not fit the argument's type %s "
           "(%" PRId64 " to %" PRId64 ")", lb, name, v, tn, lo, hi);
  return false;
}

bool vf_cli_opt_arg(const char *val, const char **names, int64_t *vals, uint32_t *n, uint32_t max,
                    char *msg, size_t msg_n) {
  const char *eq = strchr(val, '=');
  size_t len = eq ? (size_t)(eq - val) : 0;
  int64_t v;
  vf_num st = len ? vf_cli_parse_i64(eq + 1, INT64_MIN, INT64_MAX, &v) : VF_NUM_MALFORMED;
  if (st == VF_NUM_MALFORMED) {
    snprintf(msg, msg_n, "--arg expects NAME=INT, got '%s'", val);
    return false;
  }
  if (st == VF_NUM_RANGE) {
    snprintf(msg, msg_n, "--arg %s: value out of the 64-bit integer range", val);
    return false;
  }
  if (*n >= max) {
    snprintf(msg, msg_n, "too many --arg options (at most %u)", max);
    return false;
  }
  for (uint32_t k = 0; k < *n; k++)
    if (strlen(names[k]) == len && !memcmp(names[k], val, len)) {
      snprintf(msg, msg_n, "--arg given twice for '%s'", names[k]);
      return false;
    }
  char *name = ir_xstrndup(val, len);
  if (!name) {
    snprintf(msg, msg_n, "out of memory");
    return false;
  }
  names[*n] = name;
  vals[(*n)++] = v;
  return true;
}
