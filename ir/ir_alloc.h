/* ir_alloc.h: the project's checked allocator (ir_alloc.c), in the lowest module so that every
 * module uses it. n elements of elem bytes, the product
 * checked for overflow; out of memory (or a size that overflows) prints one line on stderr and
 * exits 2 (an input too large for this machine is bad input, never a crash). The results are
 * owned by the caller and released with free(). Never returns NULL.
 * Ownership: every result is the caller's (free). */
#ifndef TLXV_IR_ALLOC_H
#define TLXV_IR_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h> /* IR_PUSH */

void *ir_xmalloc(size_t n, size_t elem);
void *ir_xcalloc(size_t n, size_t elem);
void *ir_xrealloc(void *p, size_t n, size_t elem);
char *ir_xstrdup(const char *s);
char *ir_xstrndup(const char *s, size_t n);
/* The one growable-array step of every module: p (capacity *cap elements of elem bytes)
 * grown to hold at least need elements, doubling from 16; the new elements are zeroed. Returns
 * the (possibly moved) array; *cap is updated. */
void *ir_grow(void *p, uint32_t *cap, uint32_t need, size_t elem);
/* Appends one zeroed element to the growable array p of n elements (capacity cap, all three
 * lvalues without side effects) and evaluates to its address; n is incremented. */
#define IR_PUSH(p, n, cap)                                                                     \
  ((p) = ir_grow((p), &(cap), (n) + 1, sizeof *(p)), memset(&(p)[(n)], 0, sizeof *(p)), &(p)[(n)++])
/* The one pointer-keyed hash map (ir_arena.c): open addressing, at most half full. The IR uniques
 * types / attributes and names SSA values with it; the data plane keeps decoded ops in it.
 * ir_pmap_slot: the value slot of key (never NULL), a new one (holding NULL) when create and key
 * is absent, else NULL. ir_pmap_free frees the table, not what the values point to. */
typedef struct ir_pmap {
  const void **keys;           /* NULL = empty */
  void **vals;
  size_t cap, n;
} ir_pmap;
void ir_pmap_free(ir_pmap *m);
void **ir_pmap_slot(ir_pmap *m, const void *key, bool create);
/* Makes glibc keep freed blocks of up to 64 MiB in the heap for the next allocation instead of
 * unmapping them (mallopt; once per process, idempotent). Each Z3 query's fresh context
 * allocates two 8.5 MB tables and each run of a check its explorer tables: given back and
 * faulted in again, fresh pages cost about fifteen times what zeroing touched memory does on
 * the VM of docs/performance.md ("Fresh pages per Z3 context"). */
void ir_heap_keep(void);
/* Out of memory for `bytes` bytes (0: unknown, SIZE_MAX: a size overflow): message, exit 2. */
_Noreturn void ir_out_of_memory(size_t bytes);

#endif
