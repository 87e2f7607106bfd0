/* tr_buf.c: the growable text buffer of the trace writers (labels, JSON names) and the
 * error formatter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"
#include "tr_utf8.h"
#include "ir/ir_alloc.h"

void tr_buf_free(tr_buf *b) {
  free(b->s);
  memset(b, 0, sizeof *b);
}

void tr_buf_reset(tr_buf *b) {
  b->n = 0;
  if (b->s) b->s[0] = 0;
}

/* Makes room for extra more bytes plus the NUL; false (and oom) when allocation fails. */
static bool reserve(tr_buf *b, size_t extra) {
  if (b->oom) return false;
  if (b->n + extra + 1 <= b->cap) return true;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->n + extra + 1) cap *= 2;
  char *s = ir_xrealloc(b->s, cap, 1);
  if (!s) {
    b->oom = true;
    return false;
  }
  b->s = s;
  b->cap = cap;
  return true;
}

void tr_buf_puts(tr_buf *b, const char *s) {
  size_t k = strlen(s);
  if (!reserve(b, k)) return;
  memcpy(b->s + b->n, s, k + 1);
  b->n += k;
}

void tr_buf_printf(tr_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (k < 0 || !reserve(b, (size_t)k)) return;
  va_start(ap, fmt);
  vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
  va_end(ap);
  b->n += (size_t)k;
}

/* Graphviz HTML labels are XML: besides the markup characters, ill-formed UTF-8 and the C0
 * controls XML 1.0 forbids become U+FFFD (tr_utf8.h), so the DOT and SVG stay readable. */
void tr_buf_html(tr_buf *b, const char *s) {
  while (*s) {
    size_t k = tr_utf8_seq(s);
    unsigned char c = (unsigned char)*s;
    if (!k || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
      tr_buf_puts(b, "\xef\xbf\xbd");
      s++;
      continue;
    }
    switch (c) {
    case '<': tr_buf_puts(b, "&lt;"); break;
    case '>': tr_buf_puts(b, "&gt;"); break;
    case '&': tr_buf_puts(b, "&amp;"); break;
    case '"': tr_buf_puts(b, "&quot;"); break;
    default: {
      char ch[5] = {0};
      memcpy(ch, s, k);
      tr_buf_puts(b, ch);
    }
    }
    s += k;
  }
}

int tr_errf(tr_err *err, const char *fmt, ...) {
  if (!err) return -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return -1;
}
