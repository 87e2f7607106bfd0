/* tr_buf.c: the trace writers' own writes into the text buffer (Graphviz HTML escapes) and
 * the error formatter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"
#include "tr_utf8.h"
#include "ir/ir_alloc.h"

/* Graphviz HTML labels are XML: besides the markup characters, ill-formed UTF-8 and the C0
 * controls XML 1.0 forbids become U+FFFD (tr_utf8.h), so the DOT and SVG stay readable. */
void tr_buf_html(ir_buf *b, const char *s) {
  while (*s) {
    size_t k = tr_utf8_seq(s);
    unsigned char c = (unsigned char)*s;
    if (!k || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
      ir_buf_puts(b, "\xef\xbf\xbd");
      s++;
      continue;
    }
    switch (c) {
    case '<': ir_buf_puts(b, "&lt;"); break;
    case '>': ir_buf_puts(b, "&gt;"); break;
    case '&': ir_buf_puts(b, "&amp;"); break;
    case '"': ir_buf_puts(b, "&quot;"); break;
    default: {
      char ch[5] = {0};
      memcpy(ch, s, k);
      ir_buf_puts(b, ch);
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
