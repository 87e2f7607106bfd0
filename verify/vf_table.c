/* vf_table.c: the visited-state set: open addressing over 119-bit keys of the 128-bit state
 * hashes (xxh3; the other bits hold an in-progress count per entry, see vf.h), linear
 * probing, doubled at 3/4 load, in huge-page backed memory, with a small direct-mapped cache
 * of recently inserted keys in front of it; or, for a multi-threaded search, one table of
 * fixed capacity that threads insert into at once (compare-and-swap on the key's first word).
 * Stores hashes only (hash compaction: a collision of two distinct states has probability
 * ~n^2 / 2^120). Also the large zeroed allocations the explorer uses (vf_big_zalloc). */
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

/* An entry: the key (lo, and the low 56 bits of hi) and, in the top 8 bits of hi, how many
 * DFS stacks hold the state now (the explorer's in-progress count, vf_table_mark). The key
 * is the hash with bit 55 of hi set and a zero lo made 1: an occupied slot never has
 * lo == 0 or hi == 0, which lets concurrent inserts claim a slot by its lo alone (below). */
#define CNT_SHIFT 56
#define CNT_ONE (1ull << CNT_SHIFT)
#define KEY_HI ((1ull << CNT_SHIFT) - 1)
#define HI_SET (1ull << 55)

struct vf_table {
  sim_hash128 *slots;          /* entries; {0,0} empty */
  uint64_t cap, n;             /* cap: power of two */
  uint32_t gen;                /* growths so far */
  bool concurrent;             /* fixed capacity, threads insert at once (vf_table_new_shared) */
  bool full;                   /* concurrent: 7/8 of the slots used; later inserts are refused */
  sim_hash128 *recent;         /* direct-mapped by hi: keys inserted lately (a subset of the
                                  table: a hit is a visited state without touching the table);
                                  sequential tables only */
};

static vf_table *table_new(uint64_t cap, bool concurrent) {
  vf_table *t = ir_xcalloc(1, sizeof *t);
  t->cap = cap;
  t->concurrent = concurrent;
  t->slots = vf_big_zalloc(t->cap * sizeof *t->slots);
  t->recent = concurrent ? NULL : ir_xcalloc(RECENT, sizeof *t->recent);
  if (!t->slots || (!concurrent && !t->recent)) ir_out_of_memory(0);
  return t;
}

vf_table *vf_table_new(void) { return table_new(1u << 16, false); }

vf_table *vf_table_new_shared(uint64_t max_entries) {
  uint64_t cap = 1u << 16;
  while (cap < max_entries + max_entries / 3 + 1 && cap < (1ull << 40)) cap *= 2;
  return table_new(cap, true);
}

void vf_table_free(vf_table *t) {
  if (!t) return;
  vf_big_free(t->slots, t->cap * sizeof *t->slots);
  free(t->recent);
  free(t);
}

static sim_hash128 key(sim_hash128 h) {
  h.hi = (h.hi & KEY_HI) | HI_SET;
  if (!h.lo) h.lo = 1;
  return h;
}

static bool same(sim_hash128 slot, sim_hash128 k) { return slot.lo == k.lo && (slot.hi & KEY_HI) == k.hi; }

static void put(sim_hash128 *slots, uint64_t cap, sim_hash128 h) {
  uint64_t i = h.lo & (cap - 1);
  while (slots[i].lo) i = (i + 1) & (cap - 1);
  slots[i] = h;
}

/* hi of an occupied slot (a concurrent insert stores it right after claiming lo). */
static uint64_t load_hi(const sim_hash128 *s) {
  uint64_t hi;
  while (!(hi = __atomic_load_n(&s->hi, __ATOMIC_ACQUIRE))) {
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
  }
  return hi;
}

uint64_t vf_table_find(const vf_table *t, sim_hash128 h) {
  h = key(h);
  for (uint64_t i = h.lo & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
    uint64_t lo = __atomic_load_n(&t->slots[i].lo, __ATOMIC_ACQUIRE);
    if (!lo) return UINT64_MAX;
    if (lo == h.lo && (load_hi(&t->slots[i]) & KEY_HI) == h.hi) return i;
  }
}

/* Concurrent insert: a slot is claimed by a compare-and-swap of its lo from 0 to the key's
 * lo, then its hi is stored; a reader that finds lo but not yet hi waits for it (load_hi). */
static bool insert_shared(vf_table *t, sim_hash128 h, uint64_t *slot) {
  for (uint64_t i = h.lo & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
    sim_hash128 *s = &t->slots[i];
    uint64_t lo = __atomic_load_n(&s->lo, __ATOMIC_ACQUIRE);
    if (!lo) {
      if (__atomic_load_n(&t->full, __ATOMIC_RELAXED)) {
        *slot = UINT64_MAX;
        return false; /* refused: the caller sees vf_table_full */
      }
      uint64_t zero = 0;
      if (__atomic_compare_exchange_n(&s->lo, &zero, h.lo, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&s->hi, h.hi, __ATOMIC_RELEASE);
        uint64_t n = __atomic_add_fetch(&t->n, 1, __ATOMIC_RELAXED);
        if (n * 8 > t->cap * 7) __atomic_store_n(&t->full, true, __ATOMIC_RELAXED);
        *slot = i;
        return true;
      }
      lo = zero; /* another thread claimed it: its key */
    }
    if (lo == h.lo && (load_hi(s) & KEY_HI) == h.hi) {
      *slot = i;
      return false;
    }
  }
}

bool vf_table_insert_at(vf_table *t, sim_hash128 h, uint64_t *slot) {
  h = key(h);
  uint64_t at;
  if (t->concurrent) {
    bool fresh = insert_shared(t, h, &at);
    if (slot) *slot = at;
    return fresh;
  }
  sim_hash128 *r = &t->recent[h.hi & (RECENT - 1)];
  if (r->lo == h.lo && r->hi == h.hi) {
    if (slot) *slot = UINT64_MAX; /* not looked up */
    return false;
  }
  uint64_t i = h.lo & (t->cap - 1);
  for (;;) {
    sim_hash128 s = t->slots[i];
    if (!s.lo) break;
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
      if (t->slots[k].lo) put(ns, nc, t->slots[k]); /* with its count */
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
  assert(slot < t->cap && t->slots[slot].lo);
  uint64_t old = on ? __atomic_fetch_add(&t->slots[slot].hi, CNT_ONE, __ATOMIC_RELAXED)
                    : __atomic_fetch_sub(&t->slots[slot].hi, CNT_ONE, __ATOMIC_RELAXED);
  /* at most 255 stacks hold a state (one per thread) */
  assert(on ? (old >> CNT_SHIFT) < 255 : (old >> CNT_SHIFT) > 0);
  (void)old;
}

bool vf_table_marked(const vf_table *t, uint64_t slot) {
  assert(slot < t->cap);
  return (__atomic_load_n(&t->slots[slot].hi, __ATOMIC_RELAXED) >> CNT_SHIFT) != 0;
}

bool vf_table_full(const vf_table *t) { return __atomic_load_n(&t->full, __ATOMIC_RELAXED); }

uint32_t vf_table_generation(const vf_table *t) { return t->gen; }

size_t vf_table_bytes(const vf_table *t) {
  return (size_t)t->cap * sizeof(sim_hash128) + (t->recent ? RECENT * sizeof(sim_hash128) : 0);
}
uint64_t vf_table_count(const vf_table *t) { return __atomic_load_n(&t->n, __ATOMIC_RELAXED); }
