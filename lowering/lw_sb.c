/* lw_sb.c: the lowering's writes into the text buffer (ir/ir_buf.h) that are its own: printf
 * (a function, for the format check) and MLIR string literals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"
#include "ir/ir_alloc.h"

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
