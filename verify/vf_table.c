/* vf_table.c: the visited-state set: open addressing over 127-bit state hashes (xxh3 with
 * the top bit dropped: that bit marks an entry, see vf.h), linear probing, doubled at 3/4
 * load, in huge-page backed memory, with a small direct-mapped cache of recently inserted
 * hashes in front of it. Stores hashes only (hash compaction: a collision of two distinct
 * states has probability ~n^2 / 2^128). Also the large zeroed allocations the explorer uses
 * (vf_big_zalloc). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "vf.h"
#include "sim/sim_size.h"

enum {
  BIG = 1 << 21,               /* huge-page size: allocations from 2 MiB on are mapped */
  RECENT = 1 << 11,            /* entries of the recent-insert cache (32 KiB) */
};

/* Large zeroed memory: an anonymous mapping aligned to 2 MiB and advised to use transparent
 * huge pages (a random access into a table of many MiB then costs no TLB miss, and a page
 * fault zeroes 2 MiB at once); small sizes come from calloc. Free with vf_big_free(p, n). */
void *vf_big_zalloc(size_t n) {
  if (n < BIG) return ir_xcalloc(1, n ? n : 1);
  size_t len = (n + BIG - 1) & ~(size_t)(BIG - 1);
  uint8_t *raw = mmap(NULL, len + BIG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
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

void vf_big_free(void *p, size_t n) {
  if (!p) return;
  if (n < BIG) {
    free(p);
    return;
  }
  munmap(p, (n + BIG - 1) & ~(size_t)(BIG - 1));
}

/* The key of an entry is its hash with the top bit of hi cleared (MARK): 127 bits. The
 * all-zero key marks an empty slot, so the key {0,0} is stored as {1,0}. */
#define MARK (1ull << 63)

struct vf_table {
  sim_hash128 *slots;          /* keys, each with its mark bit (MARK of hi) */
  uint64_t cap, n;             /* cap: power of two */
  uint32_t gen;                /* growths so far */
  sim_hash128 *recent;         /* direct-mapped by hi: keys inserted lately (a subset of the
                                  table: a hit is a visited state without touching the table) */
};

vf_table *vf_table_new(void) {
  vf_table *t = ir_xcalloc(1, sizeof *t);
  t->cap = 1u << 16;
  t->slots = vf_big_zalloc(t->cap * sizeof *t->slots);
  t->recent = ir_xcalloc(RECENT, sizeof *t->recent);
  if (!t->slots || !t->recent) ir_out_of_memory(0);
  return t;
}

void vf_table_free(vf_table *t) {
  if (!t) return;
  vf_big_free(t->slots, t->cap * sizeof *t->slots);
  free(t->recent);
  free(t);
}

static sim_hash128 key(sim_hash128 h) {
  h.hi &= ~MARK;
  if (!h.lo && !h.hi) h.lo = 1;
  return h;
}

static bool same(sim_hash128 slot, sim_hash128 k) { return slot.lo == k.lo && (slot.hi & ~MARK) == k.hi; }

static void put(sim_hash128 *slots, uint64_t cap, sim_hash128 h) {
  uint64_t i = h.lo & (cap - 1);
  while (slots[i].lo || slots[i].hi) i = (i + 1) & (cap - 1);
  slots[i] = h;
}

uint64_t vf_table_find(const vf_table *t, sim_hash128 h) {
  h = key(h);
  for (uint64_t i = h.lo & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
    sim_hash128 s = t->slots[i];
    if (!s.lo && !s.hi) return UINT64_MAX;
    if (same(s, h)) return i;
  }
}

bool vf_table_insert_at(vf_table *t, sim_hash128 h, uint64_t *slot) {
  h = key(h);
  sim_hash128 *r = &t->recent[h.hi & (RECENT - 1)];
  if (r->lo == h.lo && r->hi == h.hi) {
    if (slot) *slot = UINT64_MAX; /* not looked up */
    return false;
  }
  uint64_t i = h.lo & (t->cap - 1);
  for (;;) {
    sim_hash128 s = t->slots[i];
    if (!s.lo && !s.hi) break;
    if (same(s, h)) {
      if (slot) *slot = i;
      return false;
    }
    i = (i + 1) & (t->cap - 1);
  }
  t->slots[i] = h;
  *r = h;
  t->n++;
  if (t->n * 4 > t->cap * 3) {
    uint64_t nc = t->cap * 2;
    sim_hash128 *ns = vf_big_zalloc(nc * sizeof *ns);
    if (!ns) ir_out_of_memory(0);
    for (uint64_t k = 0; k < t->cap; k++)
      if (t->slots[k].lo || t->slots[k].hi) put(ns, nc, t->slots[k]); /* with its mark */
    vf_big_free(t->slots, t->cap * sizeof *t->slots);
    t->slots = ns;
    t->cap = nc;
    t->gen++;
    if (slot) i = vf_table_find(t, h);
  }
  if (slot) *slot = i;
  return true;
}

bool vf_table_insert(vf_table *t, sim_hash128 h) { return vf_table_insert_at(t, h, NULL); }

void vf_table_mark(vf_table *t, uint64_t slot, bool on) {
  assert(slot < t->cap && (t->slots[slot].lo || t->slots[slot].hi));
  if (on) t->slots[slot].hi |= MARK;
  else t->slots[slot].hi &= ~MARK;
}

bool vf_table_marked(const vf_table *t, uint64_t slot) {
  assert(slot < t->cap);
  return (t->slots[slot].hi & MARK) != 0;
}

uint32_t vf_table_generation(const vf_table *t) { return t->gen; }

size_t vf_table_bytes(const vf_table *t) {
  return (size_t)t->cap * sizeof(sim_hash128) + RECENT * sizeof(sim_hash128);
}
uint64_t vf_table_count(const vf_table *t) { return t->n; }
