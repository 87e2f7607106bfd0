/* vf_onstack.c: the set of states on a one-thread DFS stack (the cycle proviso's "in
 * progress", docs/verifier.md §4), apart from the visited table: open addressing over the
 * states' keys, linear probing, removal by backward shift, doubled at half load. It stays as
 * small as the stack (cache-resident), where marking in the visited table touched a cold
 * table line again when each state left the stack. Keys are the visited table's (the top 8
 * bits of hi ignored, vf_table.c), so "on the stack" means the same state as "visited". */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "vf_dfs.h"
#include "sim/sim_size.h"

#define KEY_HI ((1ull << 56) - 1)

static sim_hash128 key(sim_hash128 h) {
  h.hi &= KEY_HI;
  if (!h.lo) h.lo = 1; /* lo == 0 marks an empty slot */
  return h;
}

static uint64_t home(const vf_onstack *s, sim_hash128 k) { return (k.lo ^ (k.lo >> 29)) & (s->cap - 1); }

void vf_onstack_init(vf_onstack *s) {
  s->cap = 1024;
  s->n = 0;
  s->slots = ir_xcalloc(s->cap, sizeof *s->slots);
}

void vf_onstack_free(vf_onstack *s) {
  free(s->slots);
  memset(s, 0, sizeof *s);
}

static void put(vf_onstack *s, sim_hash128 k) {
  uint64_t i = home(s, k);
  while (s->slots[i].lo) {
    assert(s->slots[i].lo != k.lo || s->slots[i].hi != k.hi); /* a state is on a stack once */
    i = (i + 1) & (s->cap - 1);
  }
  s->slots[i] = k;
}

void vf_onstack_add(vf_onstack *s, sim_hash128 h) {
  if (2 * (s->n + 1) > s->cap) {
    sim_hash128 *old = s->slots;
    uint64_t oc = s->cap;
    s->cap *= 2;
    s->slots = ir_xcalloc(s->cap, sizeof *s->slots);
    for (uint64_t i = 0; i < oc; i++)
      if (old[i].lo) put(s, old[i]);
    free(old);
  }
  put(s, key(h));
  s->n++;
}

bool vf_onstack_has(const vf_onstack *s, sim_hash128 h) {
  sim_hash128 k = key(h);
  for (uint64_t i = home(s, k);; i = (i + 1) & (s->cap - 1)) {
    if (!s->slots[i].lo) return false;
    if (s->slots[i].lo == k.lo && s->slots[i].hi == k.hi) return true;
  }
}

void vf_onstack_remove(vf_onstack *s, sim_hash128 h) {
  sim_hash128 k = key(h);
  uint64_t i = home(s, k), mask = s->cap - 1;
  while (s->slots[i].lo != k.lo || s->slots[i].hi != k.hi) {
    assert(s->slots[i].lo); /* it is in the set */
    i = (i + 1) & mask;
  }
  /* backward shift: move later entries of the probe run into the hole when their home
   * position allows it, so that lookups never stop early */
  for (uint64_t j = (i + 1) & mask;; j = (j + 1) & mask) {
    if (!s->slots[j].lo) break;
    uint64_t hj = home(s, s->slots[j]);
    /* j may move to i unless its home lies cyclically in (i, j] */
    bool stays = i <= j ? (hj > i && hj <= j) : (hj > i || hj <= j);
    if (stays) continue;
    s->slots[i] = s->slots[j];
    i = j;
  }
  s->slots[i] = (sim_hash128){0, 0};
  s->n--;
}
