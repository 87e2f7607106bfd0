/* ir_buf.c: the growable text buffer (ir_buf.h). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_alloc.h"
#include "ir_buf.h"

/* Room for extra more bytes plus the NUL (doubling from 64). */
static void reserve(ir_buf *b, size_t extra) {
  if (b->n + extra + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->n + extra + 1) cap *= 2;
  b->p = ir_xrealloc(b->p, cap, 1);
  b->cap = cap;
}

void ir_buf_put(ir_buf *b, const char *s, size_t n) {
  reserve(b, n);
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}

void ir_buf_puts(ir_buf *b, const char *s) { ir_buf_put(b, s, strlen(s)); }

void ir_buf_vprintf(ir_buf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int k = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (k < 0) return; /* an encoding error of the format: nothing is written */
  reserve(b, (size_t)k);
  vsnprintf(b->p + b->n, (size_t)k + 1, fmt, ap);
  b->n += (size_t)k;
  assert(b->n < b->cap && !b->p[b->n]);
}

void ir_buf_printf(ir_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ir_buf_vprintf(b, fmt, ap);
  va_end(ap);
}

void ir_buf_reset(ir_buf *b) {
  b->n = 0;
  if (b->p) b->p[0] = 0;
}

void ir_buf_free(ir_buf *b) {
  free(b->p);
  memset(b, 0, sizeof *b);
}
