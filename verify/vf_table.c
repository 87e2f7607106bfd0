/* vf_table.c: the visited-state set: open addressing over 128-bit state hashes (xxh3), linear
 * probing, doubled at half load. Stores hashes only (hash compaction: a collision of two
 * distinct states has probability ~n^2 / 2^129). */
#include <stdlib.h>

#include "vf.h"

struct vf_table {
  sim_hash128 *slots;          /* lo == 0 && hi == 0: empty */
  uint64_t cap, n;             /* cap: power of two */
};

vf_table *vf_table_new(void) {
  vf_table *t = calloc(1, sizeof *t);
  t->cap = 1u << 16;
  t->slots = calloc(t->cap, sizeof *t->slots);
  return t;
}

void vf_table_free(vf_table *t) {
  if (!t) return;
  free(t->slots);
  free(t);
}

static void put(sim_hash128 *slots, uint64_t cap, sim_hash128 h) {
  uint64_t i = h.lo & (cap - 1);
  while (slots[i].lo || slots[i].hi) i = (i + 1) & (cap - 1);
  slots[i] = h;
}

bool vf_table_insert(vf_table *t, sim_hash128 h) {
  if (!h.lo && !h.hi) h.lo = 1;
  uint64_t i = h.lo & (t->cap - 1);
  for (;;) {
    sim_hash128 s = t->slots[i];
    if (!s.lo && !s.hi) break;
    if (s.lo == h.lo && s.hi == h.hi) return false;
    i = (i + 1) & (t->cap - 1);
  }
  t->slots[i] = h;
  t->n++;
  if (t->n * 2 > t->cap) {
    uint64_t nc = t->cap * 2;
    sim_hash128 *ns = calloc(nc, sizeof *ns);
    if (!ns) abort();
    for (uint64_t k = 0; k < t->cap; k++)
      if (t->slots[k].lo || t->slots[k].hi) put(ns, nc, t->slots[k]);
    free(t->slots);
    t->slots = ns;
    t->cap = nc;
  }
  return true;
}

size_t vf_table_bytes(const vf_table *t) { return (size_t)t->cap * sizeof(sim_hash128); }
uint64_t vf_table_count(const vf_table *t) { return t->n; }
