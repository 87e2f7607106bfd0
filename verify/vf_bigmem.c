/* vf_bigmem.c: the explorer's large zeroed memory: anonymous mappings aligned to 2 MiB and
 * advised to use transparent huge pages (a random access into a table of many MiB then costs
 * no TLB miss, and a page fault zeroes 2 MiB at once); and address ranges reserved once and
 * made usable as they fill (vf_big_reserve), so that a table grows in place and the pages it
 * already touched are not given back and faulted in again elsewhere (on the VM of
 * docs/performance.md, session 19, a first touch of fresh huge pages costs ~1.5 ms of system
 * time per MiB, against ~0.1 ms to zero memory already touched). */
#include <assert.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "vf.h"
#include "sim/sim_size.h"

enum { BIG = 1 << 21 };        /* huge-page size: allocations from 2 MiB on are mapped */

static size_t round_big(size_t n) { return (n + BIG - 1) & ~(size_t)(BIG - 1); }

/* An anonymous mapping of len bytes (a multiple of BIG) at a 2 MiB boundary, with protection
 * prot, advised to use huge pages; NULL when the address space or memory is short. */
static void *map_aligned(size_t len, int prot) {
  assert(len % BIG == 0);
  uint8_t *raw = mmap(NULL, len + BIG, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return NULL;
  uint8_t *p = (uint8_t *)(((uintptr_t)raw + BIG - 1) & ~(uintptr_t)(BIG - 1));
  if (p > raw) munmap(raw, (size_t)(p - raw));
  size_t tail = (size_t)(raw + len + BIG - (p + len));
  if (tail) munmap(p + len, tail);
#ifdef MADV_HUGEPAGE
  madvise(p, len, MADV_HUGEPAGE);
#endif
  return p;
}

void *vf_big_zalloc(size_t n) {
  if (n < BIG) return ir_xcalloc(1, n ? n : 1);
  return map_aligned(round_big(n), PROT_READ | PROT_WRITE);
}

void vf_big_free(void *p, size_t n) {
  if (!p) return;
  if (n < BIG) {
    free(p);
    return;
  }
  munmap(p, round_big(n));
}

/* The range is mapped without access (no memory is committed for it) and made readable and
 * writable by vf_big_commit, 2 MiB at a time; its pages are zero until written. */
void *vf_big_reserve(size_t room) { return map_aligned(round_big(room), PROT_NONE); }

bool vf_big_commit(void *p, size_t from, size_t to) {
  assert(from % BIG == 0 && from <= to); /* commits follow each other in whole huge pages */
  to = round_big(to);
  return to == from || mprotect((uint8_t *)p + from, to - from, PROT_READ | PROT_WRITE) == 0;
}

void vf_big_release(void *p, size_t room) {
  if (p) munmap(p, round_big(room));
}
