/* cli_num.c: the numbers of the command line (cli.h): option values in the reader's strict
 * integer syntax (ir.h ir_num_i64) and in seconds, with their ranges. One message shape for
 * every option: "OPT expects an integer from LO to HI, got 'TEXT'". */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ir/ir_alloc.h"

bool vf_cli_opt_num(const char *opt, const char *s, bool sgn, uint64_t lo, uint64_t hi,
                    uint64_t *out, char *msg, size_t n) {
  int64_t v;
  ir_num st = sgn ? ir_num_i64(s, (int64_t)lo, (int64_t)hi, &v) : ir_num_u64(s, lo, hi, out);
  if (st == IR_NUM_OK) {
    if (sgn) *out = (uint64_t)v;
    return true;
  }
  char l[24], h[24];
  snprintf(l, sizeof l, sgn ? "%" PRId64 : "%" PRIu64, lo);
  snprintf(h, sizeof h, sgn ? "%" PRId64 : "%" PRIu64, hi);
  snprintf(msg, n, "%s expects an integer from %s to %s, got '%s'", opt, l, h, s ? s : "");
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

bool vf_cli_opt_arg(const char *val, const char **names, int64_t *vals, uint32_t *n, uint32_t max,
                    char *msg, size_t msg_n) {
  const char *eq = strchr(val, '=');
  size_t len = eq ? (size_t)(eq - val) : 0;
  int64_t v;
  ir_num st = len ? ir_num_i64(eq + 1, INT64_MIN, INT64_MAX, &v) : IR_NUM_MALFORMED;
  if (st == IR_NUM_MALFORMED) {
    snprintf(msg, msg_n, "--arg expects NAME=INT, got '%s'", val);
    return false;
  }
  if (st == IR_NUM_RANGE) {
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
