/* ir_alloc.c: the checked allocator (ir_alloc.h). */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stdint.h>

#include "ir_alloc.h"

static int mul_size(size_t a, size_t b, size_t *out) { return !__builtin_mul_overflow(a, b, out); }

_Noreturn void ir_out_of_memory(size_t bytes) {
  fflush(stdout);
  if (bytes == 0)
    fputs("tlx-verify: error: out of memory; the input is too large for this machine's memory "
          "limit\n", stderr);
  else if (bytes == SIZE_MAX)
    fputs("tlx-verify: error: out of memory (a size overflows the address space)\n", stderr);
  else
    fprintf(stderr, "tlx-verify: error: out of memory (%zu bytes more were needed); the input is "
                    "too large for this machine's memory limit\n", bytes);
  exit(2);
}

void *ir_xmalloc(size_t n, size_t elem) {
  size_t b;
  if (!mul_size(n, elem, &b)) ir_out_of_memory(SIZE_MAX);
  void *p = malloc(b ? b : 1);
  if (!p) ir_out_of_memory(b);
  return p;
}

void *ir_xcalloc(size_t n, size_t elem) {
  size_t b;
  if (!mul_size(n, elem, &b)) ir_out_of_memory(SIZE_MAX);
  void *p = calloc(b ? b : 1, 1);
  if (!p) ir_out_of_memory(b);
  return p;
}

void *ir_xrealloc(void *p, size_t n, size_t elem) {
  size_t b;
  if (!mul_size(n, elem, &b)) ir_out_of_memory(SIZE_MAX);
  void *q = realloc(p, b ? b : 1);
  if (!q) ir_out_of_memory(b);
  return q;
}

char *ir_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = ir_xmalloc(n, 1);
  memcpy(d, s, n);
  return d;
}

char *ir_xstrndup(const char *s, size_t n) {
  size_t len = strnlen(s, n);
  char *d = ir_xmalloc(len + 1, 1);
  memcpy(d, s, len);
  d[len] = 0;
  return d;
}

void *ir_grow(void *p, uint32_t *cap, uint32_t need, size_t elem) {
  if (need <= *cap) return p;
  uint64_t nc = *cap ? *cap : 16;
  while (nc < need) nc *= 2;
  if (nc > UINT32_MAX) nc = UINT32_MAX; /* need fits: need <= UINT32_MAX */
  uint8_t *q = ir_xrealloc(p, (size_t)nc, elem);
  memset(q + (size_t)*cap * elem, 0, (size_t)(nc - *cap) * elem);
  *cap = (uint32_t)nc;
  return q;
}

void ir_heap_keep(void) {
  static bool done;
  if (done) return;
  done = true;
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
}
