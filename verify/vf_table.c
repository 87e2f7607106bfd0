/* vf_table.c: the visited-state set: open addressing over 119-bit keys of the 128-bit state
 * hashes (xxh3), linear probing, doubled at 3/4 load, in huge-page backed memory, with a
 * small direct-mapped cache of recently inserted keys in front of it; or, for a
 * multi-threaded search, a table split into shards by bits of the key, each with its own lock
 * and growing on its own (it starts small: its size follows the states found, not the bound).
 * Stores hashes only (hash compaction: a collision of two distinct states has probability
 * ~n^2 / 2^120). A one-thread table of 2 MiB and more lies at the start of an address range
 * reserved for it (vf_big_reserve) and doubles in place: its old slots are rehashed where they
 * are, only the new half is fresh memory (docs/performance.md, session 19). */
#include <assert.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>

#include "vf.h"
#include "sim/sim_size.h"

enum {
  BIG = 1 << 21,               /* from this size on, a growing one-thread table is in a reserved range */
  RECENT = VF_RECENT,          /* entries of the recent-insert cache (32 KiB) */
};

/* An entry: the key, lo and the low 55 bits of hi, with bit 55 of hi set and a zero lo made
 * 1 (an occupied slot never has lo == 0; slots {0,0} are empty). The top 8 bits of hi are not
 * part of the key (vf_onstack.c ignores them too). */
#define KEY_HI ((1ull << 56) - 1)
#define HI_SET (1ull << 55)

/* One open-addressing table: linear probing from lo, doubled at 3/4 load. */
typedef struct part {
  sim_hash128 *slots;
  uint64_t cap, n;             /* cap: power of two */
  size_t room;                 /* 0: slots is vf_big_zalloc'd, cap entries; else slots starts a
                                  range of `room` bytes (vf_big_reserve), its first cap entries
                                  committed, the rest untouched (zero) */
  bool in_place;               /* grows into a reserved range from BIG bytes on (one-thread table) */
} part;

enum { ROOM = (size_t)1 << 36 }; /* bytes reserved for a table growing in place (2^32 slots:
                                  past that it moves, as below BIG) */

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
  p->room = 0;
  p->in_place = false;
  p->slots = vf_big_zalloc(cap * sizeof *p->slots);
  if (!p->slots) ir_out_of_memory(0);
}

static void part_free(part *p) {
  if (p->room) vf_big_release(p->slots, p->room);
  else vf_big_free(p->slots, p->cap * sizeof *p->slots);
}

vf_table *vf_table_new(void) {
  vf_table *t = ir_xcalloc(1, sizeof *t);
  part_init(&t->p, PART0);
  t->p.in_place = true;
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

/* Puts key k (not in p) into the first free slot of its probe. */
static void part_put(part *p, sim_hash128 k) {
  uint64_t q = k.lo & (p->cap - 1);
  while (p->slots[q].lo) q = (q + 1) & (p->cap - 1);
  p->slots[q] = k;
}

/* Doubles p into fresh memory: a reserved range when p grows in place from now on, else a
 * new allocation; the keys are put there again, the old memory freed. */
static void part_move(part *p, uint64_t cap) {
  part np = {.cap = cap, .n = p->n, .in_place = p->in_place};
  size_t bytes = cap * sizeof *np.slots;
  if (p->in_place && bytes >= BIG && bytes <= ROOM && (np.slots = vf_big_reserve(ROOM))) {
    np.room = ROOM;
    if (!vf_big_commit(np.slots, 0, bytes)) ir_out_of_memory(0);
  } else {
    np.slots = vf_big_zalloc(bytes);
    if (!np.slots) ir_out_of_memory(0);
  }
  for (uint64_t j = 0; j < p->cap; j++)
    if (p->slots[j].lo) part_put(&np, p->slots[j]);
  part_free(p);
  *p = np;
}

/* Doubles p where it lies (p->room holds twice its slots): the new half [n, 2n) is fresh
 * (zero) memory, the keys of the old half are moved to their slots in the doubled table.
 * With linear probing a key at home h (lo mod n) goes to home h or h + n (lo mod 2n). The
 * keys of [0, z) (z: the first free slot) are taken out first, so no run of full slots
 * wraps from the end to the start; then slots z..n-1 are visited in order, each key taken
 * out and put from its new home at the first free slot. A key staying at home h lay at or
 * after h with every slot between full, all visited before, so it lands at or before its own
 * slot: visited slots are never emptied again, so its probe stays unbroken. A key moving up
 * probes the new half (only moved keys there) and may wrap to the start: a probe reaching a
 * slot not yet visited would rest on a slot that may still be emptied, so that key waits
 * with those of [0, z) and all of them are put last, into the finished table. */
static void part_double_in_place(part *p) {
  uint64_t n = p->cap, mask = 2 * n - 1;
  sim_hash128 *s = p->slots;
  uint64_t z = 0;
  while (s[z].lo) z++; /* a free slot exists: load <= 3/4 */
  uint64_t nw = 0, capw = z + 64;
  sim_hash128 *wait = ir_xmalloc(capw, sizeof *wait);
  for (uint64_t j = 0; j < z; j++) {
    wait[nw++] = s[j];
    s[j] = (sim_hash128){0, 0};
  }
  for (uint64_t i = z; i < n; i++) {
    sim_hash128 k = s[i];
    if (!k.lo) continue;
    s[i] = (sim_hash128){0, 0};
    uint64_t q = k.lo & mask;
    while (s[q].lo && !(q > i && q < n)) q = (q + 1) & mask;
    if (q > i && q < n) { /* a wrapped probe reached slots not yet visited */
      if (nw == capw) wait = ir_xrealloc(wait, capw *= 2, sizeof *wait);
      wait[nw++] = k;
      continue;
    }
    assert(q >= n || q <= i); /* a staying key lands at or before its old slot */
    s[q] = k;
  }
  p->cap = 2 * n;
  for (uint64_t j = 0; j < nw; j++) part_put(p, wait[j]);
  free(wait);
}

/* Doubles p (at 3/4 load): in place when it lies in a reserved range with room, else moved. */
static void part_grow(part *p) {
  size_t bytes = 2 * p->cap * sizeof *p->slots;
  if (p->room && bytes <= p->room) {
    if (!vf_big_commit(p->slots, p->cap * sizeof *p->slots, bytes)) ir_out_of_memory(0);
    part_double_in_place(p);
  } else {
    part_move(p, 2 * p->cap);
  }
  assert(p->n * 4 <= p->cap * 3); /* the grown part is back under its load bound */
#ifdef TLXV_SELFCHECK
  uint64_t cnt = 0;
  for (uint64_t j = 0; j < p->cap; j++)
    if (p->slots[j].lo) {
      cnt++;
      assert(part_has(p, p->slots[j])); /* every key is found by its probe */
    }
  assert(cnt == p->n);
#endif
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
    part_grow(p);
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
