/* vf_table.c: the visited-state set: open addressing over 119-bit keys of the 128-bit state
 * hashes (xxh3), linear probing, doubled at 3/4 load, in huge-page backed memory, with a
 * small direct-mapped cache of recently inserted keys in front of it; or, for a
 * multi-threaded search, a table split into shards by bits of the key, each with its own lock
 * and growing on its own (it starts small: its size follows the states found, not the bound).
 * Stores hashes only (hash compaction: a collision of two distinct states has probability
 * ~n^2 / 2^120). Also the large zeroed allocations the explorer uses (vf_big_zalloc). */
#include <assert.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>

#include "vf.h"
#include "sim/sim_size.h"

enum {
  BIG = 1 << 21,               /* huge-page size: allocations from 2 MiB on are mapped */
  RECENT = VF_RECENT,          /* entries of the recent-insert cache (32 KiB) */
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

/* An entry: the key, lo and the low 55 bits of hi, with bit 55 of hi set and a zero lo made
 * 1 (an occupied slot never has lo == 0; slots {0,0} are empty). The top 8 bits of hi are not
 * part of the key (vf_onstack.c ignores them too). */
#define KEY_HI ((1ull << 56) - 1)
#define HI_SET (1ull << 55)

/* One open-addressing table: linear probing from lo, doubled at 3/4 load. */
typedef struct part {
  sim_hash128 *slots;
  uint64_t cap, n;             /* cap: power of two */
} part;

/* A shard of the shared table: a part behind its own lock, on its own cache lines. */
typedef struct shard {
  pthread_mutex_t mu;
  part p;
} __attribute__((aligned(64))) shard;

struct vf_table {
  part p;                      /* the table of one thread */
  uint32_t gen;                /* growths so far (all shards) */
  sim_hash128 *recent;         /* direct-mapped by hi: keys inserted lately (a subset of the
                                  table: a hit is a visited state without touching the table);
                                  one-thread tables only */
  shard *sh;                   /* shared tables: n_sh shards, chosen by bits of hi (the probe
                                  starts from lo); NULL for one thread */
  uint32_t n_sh;
};

enum {
  PART0 = 1 << 12,             /* a one-thread table's first capacity (64 KiB: a check makes a
                                  table per run, most runs are small; it doubles at 3/4) */
  SHARD0 = 1 << 9,             /* a shard's first capacity (8 KiB) */
  SHARDS_PER_THREAD = 64,      /* two threads rarely want the same lock at once */
  MAX_SHARDS = 1 << 14,
};

static void part_init(part *p, uint64_t cap) {
  assert(cap >= 4 && (cap & (cap - 1)) == 0); /* probing masks with cap - 1 */
  p->cap = cap;
  p->n = 0;
  p->slots = vf_big_zalloc(cap * sizeof *p->slots);
  if (!p->slots) ir_out_of_memory(0);
}

static void part_free(part *p) { vf_big_free(p->slots, p->cap * sizeof *p->slots); }

vf_table *vf_table_new(void) {
  vf_table *t = ir_xcalloc(1, sizeof *t);
  part_init(&t->p, PART0);
  t->recent = ir_xcalloc(RECENT, sizeof *t->recent);
  if (!t->recent) ir_out_of_memory(0);
  return t;
}

/* The shared table starts small (SHARD0 slots a shard) and grows shard by shard: a search of
 * a few thousand states touches a few hundred KiB, not a table sized for the state bound
 * (issue 13: the fixed 132 MiB made two threads slower than one on small kernels). */
vf_table *vf_table_new_shared(uint32_t threads) {
  vf_table *t = ir_xcalloc(1, sizeof *t);
  uint32_t n = 1;
  while (n < (uint64_t)threads * SHARDS_PER_THREAD && n < MAX_SHARDS) n *= 2;
  t->n_sh = n;
  assert((n & (n - 1)) == 0); /* shard_of masks with n_sh - 1 */
  if (posix_memalign((void **)&t->sh, 64, n * sizeof *t->sh)) ir_out_of_memory(0);
  for (uint32_t k = 0; k < n; k++) {
    pthread_mutex_init(&t->sh[k].mu, NULL);
    part_init(&t->sh[k].p, SHARD0);
  }
  return t;
}

void vf_table_free(vf_table *t) {
  if (!t) return;
  if (t->sh) {
    for (uint32_t k = 0; k < t->n_sh; k++) {
      part_free(&t->sh[k].p);
      pthread_mutex_destroy(&t->sh[k].mu);
    }
    free(t->sh);
  } else {
    part_free(&t->p);
  }
  free(t->recent);
  free(t);
}

static sim_hash128 key(sim_hash128 h) {
  h.hi = (h.hi & KEY_HI) | HI_SET;
  if (!h.lo) h.lo = 1;
  return h;
}

static bool same(sim_hash128 slot, sim_hash128 k) { return slot.lo == k.lo && slot.hi == k.hi; }

/* The shard of key k: bits of hi (the probe position comes from lo). */
static shard *shard_of(const vf_table *t, sim_hash128 k) { return &t->sh[(k.hi >> 16) & (t->n_sh - 1)]; }

static bool part_has(const part *p, sim_hash128 k) {
  for (uint64_t i = k.lo & (p->cap - 1);; i = (i + 1) & (p->cap - 1)) {
    if (!p->slots[i].lo) return false;
    if (same(p->slots[i], k)) return true;
  }
}

/* Inserts key k; true when it was new. Grows p at 3/4 load (*gen counts growths). */
static bool part_insert(part *p, sim_hash128 k, uint32_t *gen) {
  assert(k.lo != 0);           /* 0 marks an empty slot: key() never returns it */
  assert(p->n * 4 <= p->cap * 3); /* a free slot exists: the probe below ends */
  uint64_t i = k.lo & (p->cap - 1);
  for (;;) {
    sim_hash128 s = p->slots[i];
    if (!s.lo) break;
    if (same(s, k)) return false;
    i = (i + 1) & (p->cap - 1);
  }
  p->slots[i] = k;
  p->n++;
  if (p->n * 4 > p->cap * 3) {
    part np;
    part_init(&np, p->cap * 2);
    for (uint64_t j = 0; j < p->cap; j++) {
      if (!p->slots[j].lo) continue;
      uint64_t q = p->slots[j].lo & (np.cap - 1);
      while (np.slots[q].lo) q = (q + 1) & (np.cap - 1);
      np.slots[q] = p->slots[j];
    }
    np.n = p->n;
    assert(np.n * 4 <= np.cap * 3); /* the grown part is back under its load bound */
    part_free(p);
    *p = np;
    (*gen)++;
  }
  return true;
}

bool vf_table_has(const vf_table *t, sim_hash128 h) {
  sim_hash128 k = key(h);
  if (!t->sh) return part_has(&t->p, k);
  shard *s = shard_of(t, k);
  pthread_mutex_lock(&s->mu);
  bool has = part_has(&s->p, k);
  pthread_mutex_unlock(&s->mu);
  return has;
}

/* Inserts key k into the table proper (a shared table: the key's shard, under its lock). */
static bool insert_key(vf_table *t, sim_hash128 k) {
  if (!t->sh) return part_insert(&t->p, k, &t->gen);
  shard *s = shard_of(t, k);
  pthread_mutex_lock(&s->mu);
  uint32_t gen = 0;
  bool fresh = part_insert(&s->p, k, &gen);
  pthread_mutex_unlock(&s->mu);
  if (gen) __atomic_add_fetch(&t->gen, gen, __ATOMIC_RELAXED);
  return fresh;
}

/* Inserts key k through the direct-mapped cache `recent` (it holds visited keys only: a hit
 * is a revisit without touching the table). */
static bool insert_via(vf_table *t, sim_hash128 *recent, sim_hash128 k) {
  sim_hash128 *r = &recent[k.hi & (RECENT - 1)];
  if (same(*r, k)) return false;
  bool fresh = insert_key(t, k);
  *r = k;
  return fresh;
}

bool vf_table_insert(vf_table *t, sim_hash128 h) {
  sim_hash128 k = key(h);
  return t->sh ? insert_key(t, k) : insert_via(t, t->recent, k);
}

void vf_table_prefetch(const vf_table *t, sim_hash128 h) {
  if (t->sh) return;
  sim_hash128 k = key(h);
  __builtin_prefetch(&t->recent[k.hi & (RECENT - 1)]);
  __builtin_prefetch(&t->p.slots[k.lo & (t->p.cap - 1)]);
}

bool vf_table_insert_cached(vf_table *t, sim_hash128 *recent, sim_hash128 h) {
  return insert_via(t, recent, key(h));
}

uint32_t vf_table_generation(const vf_table *t) { return __atomic_load_n(&t->gen, __ATOMIC_RELAXED); }

/* Shared tables: a consistent total once the threads are done; approximate while they run. */
size_t vf_table_bytes(const vf_table *t) {
  if (!t->sh) return (size_t)t->p.cap * sizeof(sim_hash128) + RECENT * sizeof(sim_hash128);
  size_t b = t->n_sh * sizeof *t->sh;
  for (uint32_t k = 0; k < t->n_sh; k++) b += (size_t)__atomic_load_n(&t->sh[k].p.cap, __ATOMIC_RELAXED) * sizeof(sim_hash128);
  return b;
}

uint64_t vf_table_count(const vf_table *t) {
  if (!t->sh) return t->p.n;
  uint64_t n = 0;
  for (uint32_t k = 0; k < t->n_sh; k++) n += __atomic_load_n(&t->sh[k].p.n, __ATOMIC_RELAXED);
  return n;
}
