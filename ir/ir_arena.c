/* ir_arena.c: the arena allocator that owns a module, string interning, and the small
 * hash map / vector helpers the parser uses (malloc'd scratch, freed after parsing). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"
#include "ir/ir_alloc.h"

struct ir_chunk {
  struct ir_chunk *next;
  size_t size;
  /* data follows, 16-byte aligned */
};

#define IR_CHUNK_HDR ((sizeof(struct ir_chunk) + 15) & ~(size_t)15)
#define IR_CHUNK_MIN ((size_t)1 << 16)

static _Noreturn void ir_oom(void) {
  fputs("tlx-verify: error: out of memory\n", stderr);
  abort();
}

ir_arena *ir_arena_new(void) {
  ir_arena *a = ir_xcalloc(1, sizeof *a);
  if (!a) ir_oom();
  return a;
}

void ir_arena_free(ir_arena *a) {
  if (!a) return;
  for (struct ir_chunk *c = a->head, *n; c; c = n) {
    n = c->next;
    free(c);
  }
  free(a);
}

void *ir_alloc(ir_arena *a, size_t n) {
  n = (n + 7) & ~(size_t)7;
  if ((size_t)(a->end - a->cur) < n) {
    /* Chunks grow with the arena so a large module needs few mallocs. */
    size_t sz = IR_CHUNK_MIN;
    if (a->head && a->head->size < ((size_t)1 << 24)) sz = a->head->size * 2;
    if (sz < n) sz = n;
    struct ir_chunk *c = ir_xmalloc(IR_CHUNK_HDR + sz, 1);
    if (!c) ir_oom();
    c->next = a->head;
    c->size = sz;
    a->head = c;
    a->cur = (char *)c + IR_CHUNK_HDR;
    a->end = a->cur + sz;
  }
  void *p = a->cur;
  a->cur += n;
  memset(p, 0, n);
  return p;
}

char *ir_arena_strndup(ir_arena *a, const char *s, size_t n) {
  char *d = ir_alloc(a, n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

/* Word-at-a-time multiply-xorshift hash (the parser hashes every identifier it interns). */
uint32_t ir_hash_bytes(const void *p, size_t n, uint32_t seed) {
  const unsigned char *s = p;
  uint64_t h = 0x9E3779B97F4A7C15ull ^ seed ^ (n * 0xFF51AFD7ED558CCDull);
  while (n >= 8) {
    uint64_t w;
    memcpy(&w, s, 8);
    h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
    s += 8;
    n -= 8;
  }
  uint64_t w = 0;
  memcpy(&w, s, n);
  h = (h ^ w) * 0x94D049BB133111EBull;
  h ^= h >> 29;
  return (uint32_t)(h ^ (h >> 32));
}

void ir_intern_init(ir_intern *t, ir_arena *a) {
  memset(t, 0, sizeof *t);
  t->arena = a;
}

void ir_intern_free(ir_intern *t) {
  free(t->slots);
  free(t->hashes);
  free(t->lens);
  t->slots = NULL;
  t->hashes = NULL;
  t->lens = NULL;
}

static void ir_intern_grow(ir_intern *t) {
  size_t cap = t->cap ? t->cap * 2 : 1024;
  const char **slots = ir_xcalloc(cap, sizeof *slots);
  uint32_t *hashes = ir_xcalloc(cap, sizeof *hashes), *lens = ir_xcalloc(cap, sizeof *lens);
  if (!slots || !hashes || !lens) ir_oom();
  for (size_t i = 0; i < t->cap; i++) {
    if (!t->slots[i]) continue;
    size_t j = t->hashes[i] & (cap - 1);
    while (slots[j]) j = (j + 1) & (cap - 1);
    slots[j] = t->slots[i];
    hashes[j] = t->hashes[i];
    lens[j] = t->lens[i];
  }
  ir_intern_free(t);
  t->slots = slots;
  t->hashes = hashes;
  t->lens = lens;
  t->cap = cap;
}

const char *ir_intern_str(ir_intern *t, const char *s, size_t n) {
  if ((t->n + 1) * 2 > t->cap) ir_intern_grow(t);
  uint32_t h = ir_hash_bytes(s, n, 0);
  size_t j = h & (t->cap - 1);
  while (t->slots[j]) {
    /* equal hash: compare bytes, then check the stored string ends there */
    if (t->hashes[j] == h && t->lens[j] == n && !memcmp(t->slots[j], s, n)) return t->slots[j];
    j = (j + 1) & (t->cap - 1);
  }
  const char *d = ir_arena_strndup(t->arena, s, n);
  t->slots[j] = d;
  t->hashes[j] = h;
  t->lens[j] = (uint32_t)n;
  t->n++;
  return d;
}

/* ---- pointer map (keys are interned pointers or structural-hash cookies) */

static size_t ir_ptr_hash(const void *k) {
  uintptr_t x = (uintptr_t)k;
  x ^= x >> 17;
  x *= 0x9E3779B97F4A7C15ull;
  return (size_t)(x ^ (x >> 29));
}

void ir_pmap_free(ir_pmap *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

static void ir_pmap_grow(ir_pmap *m) {
  size_t cap = m->cap ? m->cap * 2 : 256;
  const void **keys = ir_xcalloc(cap, sizeof *keys);
  void **vals = ir_xcalloc(cap, sizeof *vals);
  if (!keys || !vals) ir_oom();
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->keys[i]) continue;
    size_t j = ir_ptr_hash(m->keys[i]) & (cap - 1);
    while (keys[j]) j = (j + 1) & (cap - 1);
    keys[j] = m->keys[i];
    vals[j] = m->vals[i];
  }
  free(m->keys);
  free(m->vals);
  m->keys = keys;
  m->vals = vals;
  m->cap = cap;
}

void **ir_pmap_slot(ir_pmap *m, const void *key, bool create) {
  assert(key);
  if (!m->cap) {
    if (!create) return NULL;
    ir_pmap_grow(m);
  }
  size_t j = ir_ptr_hash(key) & (m->cap - 1);
  while (m->keys[j]) {
    if (m->keys[j] == key) return &m->vals[j];
    j = (j + 1) & (m->cap - 1);
  }
  if (!create) return NULL;
  if ((m->n + 1) * 2 > m->cap) {
    ir_pmap_grow(m);
    return ir_pmap_slot(m, key, true);
  }
  m->keys[j] = key;
  m->vals[j] = NULL;
  m->n++;
  return &m->vals[j];
}

void ir_vec_push(ir_vec *v, void *p) {
  if (v->n == v->cap) {
    size_t cap = v->cap ? v->cap * 2 : 8;
    void **nv;
    if (v->arena) {
      nv = ir_alloc(v->arena, cap * sizeof *nv); /* the old block stays in the arena */
      if (v->n) memcpy(nv, v->v, v->n * sizeof *nv);
    } else {
      nv = ir_xrealloc(v->v, cap, sizeof *nv);
      if (!nv) ir_oom();
    }
    v->v = nv;
    v->cap = cap;
  }
  v->v[v->n++] = p;
}

void ir_vec_free(ir_vec *v) {
  if (!v->arena) free(v->v);
  ir_arena *a = v->arena;
  memset(v, 0, sizeof *v);
  v->arena = a;
}

void **ir_vec_to_arena(ir_arena *a, const ir_vec *v) {
  if (!v->n) return NULL;
  void **d = ir_alloc(a, v->n * sizeof *d);
  memcpy(d, v->v, v->n * sizeof *d);
  return d;
}
