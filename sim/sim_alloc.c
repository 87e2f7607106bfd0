/* sim_alloc.c: the checked allocator (sim_size.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_size.h"

_Noreturn void sim_out_of_memory(size_t bytes) {
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

void *sim_xmalloc(size_t n, size_t elem) {
  size_t b;
  if (!sim_mul_size(n, elem, &b)) sim_out_of_memory(SIZE_MAX);
  void *p = malloc(b ? b : 1);
  if (!p) sim_out_of_memory(b);
  return p;
}

void *sim_xcalloc(size_t n, size_t elem) {
  size_t b;
  if (!sim_mul_size(n, elem, &b)) sim_out_of_memory(SIZE_MAX);
  void *p = calloc(b ? b : 1, 1);
  if (!p) sim_out_of_memory(b);
  return p;
}

void *sim_xrealloc(void *p, size_t n, size_t elem) {
  size_t b;
  if (!sim_mul_size(n, elem, &b)) sim_out_of_memory(SIZE_MAX);
  void *q = realloc(p, b ? b : 1);
  if (!q) sim_out_of_memory(b);
  return q;
}

char *sim_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = sim_xmalloc(n, 1);
  memcpy(d, s, n);
  return d;
}
