/* lw_sb.c: a growable text buffer (the MLIR text is built in it). Allocation failure sets
 * a flag instead of aborting; lw_lower reports it once at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"
#include "ir/ir_alloc.h"

static bool sb_reserve(lw_sb *b, size_t extra) {
  if (b->oom) return false;
  if (b->n + extra + 1 <= b->cap) return true;
  size_t cap = b->cap ? b->cap : 4096;
  while (cap < b->n + extra + 1) cap *= 2;
  char *p = ir_xrealloc(b->p, cap, 1);
  if (!p) {
    b->oom = true;
    return false;
  }
  b->p = p;
  b->cap = cap;
  return true;
}

void lw_sb_put(lw_sb *b, const char *s, size_t n) {
  if (!sb_reserve(b, n)) return;
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}

void lw_sb_vprintf(lw_sb *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int k = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (k < 0 || !sb_reserve(b, (size_t)k)) return;
  vsnprintf(b->p + b->n, (size_t)k + 1, fmt, ap);
  b->n += (size_t)k;
}

void lw_sb_printf(lw_sb *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lw_sb_vprintf(b, fmt, ap);
  va_end(ap);
}

void lw_sb_put_mlir_str(lw_sb *b, const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') lw_sb_put(b, "\\", 1);
    if (*s == '\n') {
      lw_sb_put(b, "\\0A", 3);
      continue;
    }
    lw_sb_put(b, s, 1);
  }
}

void lw_sb_free(lw_sb *b) {
  free(b->p);
  memset(b, 0, sizeof *b);
}
