/* lw_abi.c: the runner ABI header written at the top of the PTX as comments: the kernel's
 * launch shape and, per parameter, how the runner fills it (docs/lowering.md, "ABI"). */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"

/* dtype name of an element type, as in `tlx-verify sim --tensor` specs. */
static const char *dtype_name(const ir_type *t) {
  if (!t) return "?";
  if (t->kind == IR_T_INT) {
    switch (t->bits) {
    case 1: return "i1";
    case 8: return t->is_unsigned ? "u8" : "i8";
    case 16: return "i16";
    case 32: return "i32";
    case 64: return "i64";
    default: return "?";
    }
  }
  if (t->kind == IR_T_FLOAT) {
    switch (t->fkind) {
    case IR_F16: return "f16";
    case IR_BF16: return "bf16";
    case IR_F32: return "f32";
    case IR_F64: return "f64";
    case IR_F8E4M3FN: return "f8e4m3fn";
    case IR_F8E5M2: return "f8e5m2";
    default: return "?";
    }
  }
  if (t->kind == IR_T_PTR) return "ptr";
  return "?";
}

static bool is_int(const ir_type *t, int bits) { return t->kind == IR_T_INT && t->bits == bits; }

void lw_abi_header(lw_ctx *c, lw_sb *o) {
  const ir_block *entry = c->fn->op->regions[0]->blocks[0];
  int cd[3];
  lw_cluster_dims(c->m, cd);
  int cx = cd[0], cy = cd[1], cz = cd[2];
  lw_sb_printf(o, "// tlxv-abi 1\n");
  lw_sb_printf(o, "// tlxv-kernel %s threads=%d smem=%u cluster=%d,%d,%d target=%s\n", c->fn->name,
               c->threads, c->plan.total ? c->plan.total + 1024 : 0, cx, cy, cz,
               lw_target_name(c->target));
  for (uint32_t i = 0; i < entry->n_args; i++) {
    const ir_value *a = entry->args[i];
    const ir_type *t = a->type;
    const char *nm = a->name ? a->name : "arg";
    if (t->kind == IR_T_TENSORDESC) {
      lw_tma_info ti;
      char err[160];
      if (lw_tma_box(t, &ti, err, sizeof err)) {
        lw_sb_printf(o, "// tlxv-param %u %s tensormap invalid\n", i, nm);
        continue;
      }
      lw_sb_printf(o, "// tlxv-param %u %s tensormap dtype=%s rank=%d block=", i, nm,
                   dtype_name(t->elem->elem), ti.rank);
      for (int d = 0; d < ti.rank; d++) lw_sb_printf(o, "%s%lld", d ? "x" : "", (long long)ti.block[d]);
      lw_sb_printf(o, " box=");
      for (int d = 0; d < ti.rank; d++) lw_sb_printf(o, "%s%lld", d ? "x" : "", (long long)ti.box[d]);
      lw_sb_printf(o, " swizzle=%d\n", ti.swizzle);
      /* Triton passes each descriptor's shape (i32) and strides (i64, elements) after it. */
      uint32_t r = (uint32_t)ti.rank;
      bool expanded = i + 2 * r < entry->n_args;
      for (uint32_t k = 0; expanded && k < r; k++)
        expanded = is_int(entry->args[i + 1 + k]->type, 32) && is_int(entry->args[i + 1 + r + k]->type, 64);
      if (expanded) {
        for (uint32_t k = 0; k < 2 * r; k++) {
          const ir_value *x = entry->args[i + 1 + k];
          lw_sb_printf(o, "// tlxv-param %u %s %s role=%s of=%u dim=%u\n", i + 1 + k,
                       x->name ? x->name : "arg", k < r ? "i32" : "i64", k < r ? "shape" : "stride",
                       i, k % r);
        }
        i += 2 * r;
      }
    } else if (t->kind == IR_T_PTR) {
      lw_sb_printf(o, "// tlxv-param %u %s ptr dtype=%s\n", i, nm, dtype_name(t->elem));
    } else {
      lw_sb_printf(o, "// tlxv-param %u %s %s\n", i, nm, dtype_name(t));
    }
  }
  lw_rec_header(c, o);
}
