/* ir_buf.h: the one growable text buffer of every module (the lowering's MLIR text, the trace
 * writers' labels, ...), in the lowest module beside the checked allocator (ir_buf.c).
 * Zero-initialise an ir_buf; the text is always NUL-terminated once something was written.
 * Out of memory has the allocator's one policy: a line on stderr and exit 2 (ir_alloc.h), so
 * there is no failure to check.
 * Ownership: the buffer owns its text (ir_buf_free); a caller may take b->p instead and free
 * it itself. */
#ifndef TLXV_IR_BUF_H
#define TLXV_IR_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct ir_buf {
  char *p;                     /* malloc'd, owned; NULL while nothing was written */
  size_t n, cap;               /* length (without the NUL), allocated size */
} ir_buf;

void ir_buf_put(ir_buf *b, const char *s, size_t n); /* n bytes of s */
void ir_buf_puts(ir_buf *b, const char *s);
void ir_buf_printf(ir_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ir_buf_vprintf(ir_buf *b, const char *fmt, va_list ap);
void ir_buf_reset(ir_buf *b);  /* empties, keeps the allocation */
void ir_buf_free(ir_buf *b);
static inline const char *ir_buf_str(const ir_buf *b) { return b->p ? b->p : ""; }

#endif
