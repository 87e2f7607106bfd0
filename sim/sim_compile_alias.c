/* sim_compile_alias.c: TLX buffer sharing (tlx.storage_alias_spec / tlx.storage_alias_local_alloc):
 * the allocations that reference one spec share one backing allocation. Without a
 * tlx.set_buffer_overlap every one of them starts at offset 0 of it, each laid out as its own
 * contiguous buffer (the fork's StorageAliasAllocation pass and its design note
 * StorageAliasSpecAndSetBufferOverlap.md, "No set_buffer_overlap"), and the backing is as
 * large as the largest of them. With one, the backing has the size of the reuse-group
 * placement and the allocations of the tree have their buffers where the fork puts them, by
 * rewriting their memdesc_index ops (sim_compile_overlap.c; tensor memory is refused there). */
#include "sim_internal.h"

static void scan_region(const ir_region *r, const ir_value *spec, const ir_op **best, uint64_t *best_bytes,
                        const ir_op **overlap);

static uint64_t memdesc_bytes(const ir_type *t) {
  if (!t || t->kind != IR_T_MEMDESC) return 0;
  int64_t n = ir_type_numel(t), eb = t->elem ? ir_type_elem_bytes(t->elem) : 1;
  return n > 0 && eb > 0 ? (uint64_t)n * (uint64_t)eb : 0;
}

static void scan_op(const ir_op *op, const ir_value *spec, const ir_op **best, uint64_t *best_bytes,
                    const ir_op **overlap) {
  if (op->n_operands && op->operands[0] == spec) {
    if (op->code == IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC && op->n_results) {
      uint64_t b = memdesc_bytes(op->results[0]->type);
      if (!*best || b > *best_bytes) {
        *best = op;
        *best_bytes = b;
      }
    } else if (op->code == IR_OP_TLX_SET_BUFFER_OVERLAP && !*overlap) {
      *overlap = op;
    }
  }
  for (uint32_t k = 0; k < op->n_regions; k++) scan_region(op->regions[k], spec, best, best_bytes, overlap);
}

static void scan_region(const ir_region *r, const ir_value *spec, const ir_op **best, uint64_t *best_bytes,
                        const ir_op **overlap) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) scan_op(op, spec, best, best_bytes, overlap);
}

const ir_op *sim_alias_group(const ir_func *fn, const ir_value *spec, const ir_op **overlap) {
  const ir_op *best = NULL;
  uint64_t bytes = 0;
  *overlap = NULL;
  if (fn && fn->op) scan_op(fn->op, spec, &best, &bytes, overlap);
  return best;
}
