/* lw_atomic.c: tt.atomic_cas and tt.atomic_rmw on a scalar pointer (both vendors), as
 * Triton's lowering of the scalar case (third_party/amd/lib/TritonAMDGPUToLLVM/
 * LoadStoreOpToLLVM.cpp AtomicCASOpConversion / AtomicRMWOpConversion, and the NVIDIA
 * conversions alike): one thread (thread 0 of the region) performs the atomic, LLVM
 * `cmpxchg` / `atomicrmw` with the op's ordering (`sem`: relaxed -> monotonic, acquire,
 * release, acq_rel; default acq_rel) and scope (`scope`: gpu -> agent (AMD) / device (NVPTX),
 * cta -> workgroup / block, sys -> the system scope; default gpu); a cmpxchg fails with
 * monotonic ordering. When the result is used, thread 0 writes it to the op's scratch word
 * (lw_plan.c plans it like a layout exchange's), the region synchronizes and every thread
 * reads it: a spin lock `while atomic_cas(lock, 0, 1) == 1` then loops in every thread on the
 * one value (semantics.md §8.1 for the AMD barrier). As every scratch op, it starts with a
 * barrier of its region, so the previous reader of the word is done. Triton's AMD scalar
 * cmpxchg always takes acq_rel / agent; this one takes the op's attributes (the same for the
 * default). Atomics on tensors of pointers are refused at the op. */
#include <string.h>

#include "lw_int.h"

/* True when a value defined by op is an operand of some op of the function holding op. */
static bool used_in(const ir_op *top, const ir_value *v) {
  for (uint32_t i = 0; i < top->n_operands; i++)
    if (top->operands[i] == v) return true;
  for (uint32_t r = 0; r < top->n_regions; r++)
    for (uint32_t b = 0; b < top->regions[r]->n_blocks; b++)
      for (const ir_op *o = top->regions[r]->blocks[b]->first; o; o = o->next)
        if (used_in(o, v)) return true;
  return false;
}

uint64_t lw_atomic_scratch_bytes(const ir_op *op) {
  if ((op->code != IR_OP_TT_ATOMIC_CAS && op->code != IR_OP_TT_ATOMIC_RMW) || op->n_results != 1) return 0;
  const ir_type *t = op->results[0]->type;
  if (!t || t->kind == IR_T_TENSOR) return 0;
  const ir_op *top = op;
  while (top->parent && top->parent->parent && top->parent->parent->parent) top = top->parent->parent->parent;
  if (!used_in(top, op->results[0])) return 0;
  int eb = ir_type_elem_bytes(t);
  return eb > 0 ? (uint64_t)(eb < 4 ? 4 : eb) : 0;
}

/* LLVM ordering of the op's `sem`, NULL when unknown. */
static const char *ordering(const ir_op *op) {
  const ir_attr *a = ir_op_attr(op, "sem");
  if (!a) return "acq_rel";
  if (!a->str) return NULL;
  if (!strcmp(a->str, "relaxed")) return "monotonic";
  if (!strcmp(a->str, "acquire") || !strcmp(a->str, "release") || !strcmp(a->str, "acq_rel")) return a->str;
  return NULL;
}

/* The syncscope clause of the op's `scope` for target t (empty for the system scope), NULL
 * when unknown. */
static const char *scope(const ir_op *op, bool amd) {
  const ir_attr *a = ir_op_attr(op, "scope");
  const char *s = !a ? "gpu" : a->str;
  if (!s) return NULL;
  if (!strcmp(s, "gpu")) return amd ? " syncscope(\"agent\")" : " syncscope(\"device\")";
  if (!strcmp(s, "cta")) return amd ? " syncscope(\"workgroup\")" : " syncscope(\"block\")";
  if (!strcmp(s, "sys")) return "";
  return NULL;
}

/* The atomicrmw operation of the op's `atomic_rmw_op` for element type ty, NULL when this
 * lowering has none (float max / min, which Triton emits through integer tricks). */
static const char *rmw_kind(const ir_op *op, const char *ty) {
  const ir_attr *a = ir_op_attr(op, "atomic_rmw_op");
  if (!a || !a->str) return NULL;
  bool fl = lw_ty_is_float(ty);
  static const char *const ints[] = {"and", "or", "xor", "add", "max", "min", "umax", "umin"};
  for (size_t i = 0; i < sizeof ints / sizeof *ints; i++)
    if (!strcmp(a->str, ints[i])) return fl ? NULL : ints[i];
  if (!strcmp(a->str, "fadd")) return fl ? "fadd" : NULL;
  if (!strcmp(a->str, "exch")) return "xchg";
  return NULL;
}

int lw_atomic_op(lw_ctx *c, const ir_op *op) {
  bool cas = op->code == IR_OP_TT_ATOMIC_CAS;
  ir_value *ptr = ir_seg(op, cas ? IR_SEG_TT_ATOMIC_CAS_PTR : IR_SEG_TT_ATOMIC_RMW_PTR, NULL);
  ir_value *val = ir_seg(op, cas ? IR_SEG_TT_ATOMIC_CAS_VAL : IR_SEG_TT_ATOMIC_RMW_VAL, NULL);
  ir_value *cmp = cas ? ir_seg(op, IR_SEG_TT_ATOMIC_CAS_CMP, NULL) : NULL;
  ir_value *mask = cas ? NULL : ir_seg(op, IR_SEG_TT_ATOMIC_RMW_MASK, NULL);
  if (!ptr || !val || (cas && !cmp) || op->n_results != 1) return lw_fail(c, op, "malformed %s", ir_ops[op->code].name);
  if (ptr->type->kind != IR_T_PTR)
    return lw_fail(c, op, "%s on a tensor of pointers is not lowered yet (scalar pointers only)", ir_ops[op->code].name);
  bool amd = lw_target_is_amd(c->target);
  const char *ty = lw_llty(op->results[0]->type), *ord = ordering(op), *sc = scope(op, amd);
  const char *kind = cas ? NULL : rmw_kind(op, ty ? ty : "");
  if (!ty || lw_ty_bits(ty) < 32 || !strncmp(ty, "!llvm", 5))
    return lw_fail(c, op, "%s of %s is not lowered (32- and 64-bit elements only)", ir_ops[op->code].name, ty ? ty : "this type");
  if (!ord || !sc) return lw_fail(c, op, "%s with this sem / scope is not lowered", ir_ops[op->code].name);
  if (!cas && !kind) return lw_fail(c, op, "tt.atomic_rmw of this kind on %s is not lowered", ty);
  if (!cas && !amd && !*sc) /* NVPTX prints an atomicrmw at the gpu scope (below) */
    return lw_fail(c, op, "tt.atomic_rmw at the system scope is not lowered for %s", lw_target_name(c->target));
  const char *pty = lw_llty(ptr->type);
  uint64_t bytes = lw_atomic_scratch_bytes(op);
  uint32_t off = bytes ? c->plan.off[op->id] : LW_NO_OFF;
  if (bytes && (off == LW_NO_OFF || !c->smem)) return lw_fail(c, op, "atomic without its scratch word");
  lw_ssa slot = bytes ? lw_gep_imm(c, c->smem, off) : 0;
  if (bytes) lw_region_barrier(c); /* the previous reader of the word is done */
  lw_ssa go = c->rg->leader;
  if (mask) go = lw_bin(c, "llvm.and", go, lw_scalar(c, mask), "i1");
  uint32_t at = lw_newblk(c), cont = lw_newblk(c);
  lw_cond_br(c, go, at, cont);
  lw_block(c, at);
  lw_ssa p = lw_scalar(c, ptr), v = lw_scalar(c, val), old;
  if (cas) {
    lw_ssa r = lw_op(c, "llvm.cmpxchg %s, %s, %s%s %s monotonic : %s, %s", lw_n(c, p), lw_n(c, lw_scalar(c, cmp)),
                     lw_n(c, v), sc, ord, pty, ty);
    old = lw_op(c, "llvm.extractvalue %s[0] : !llvm.struct<(%s, i1)>", lw_n(c, r), ty);
  } else if (amd || !strcmp(ord, "monotonic")) {
    old = lw_op(c, "llvm.atomicrmw %s %s, %s%s %s : %s, %s", kind, lw_n(c, p), lw_n(c, v), sc, ord, pty, ty);
  } else {
    /* NVPTX (LLVM 22) prints an atomicrmw without its ordering and scope (a release exchange
     * became a plain `atom.global.exch.b32`, relaxed at the gpu scope, which covers a cta
     * one; the system scope is refused above): fences around a relaxed one, a release /
     * acquire pattern of the PTX memory model. */
    bool rel = strcmp(ord, "acquire") != 0, acq = strcmp(ord, "release") != 0;
    if (rel) lw_stmt(c, "llvm.fence%s release", sc);
    old = lw_op(c, "llvm.atomicrmw %s %s, %s%s monotonic : %s, %s", kind, lw_n(c, p), lw_n(c, v), sc, pty, ty);
    if (acq) lw_stmt(c, "llvm.fence%s acquire", sc);
  }
  if (bytes) lw_stmt(c, "llvm.store %s, %s : %s, !llvm.ptr<3>", lw_n(c, old), lw_n(c, slot), ty);
  lw_br(c, cont, NULL, NULL, 0);
  lw_block(c, cont);
  if (!bytes) {
    lw_set(c, op->results[0], (lw_val){.kind = LV_NONE});
    return 0;
  }
  lw_region_barrier(c);
  lw_ssa r = lw_op(c, "llvm.load %s : !llvm.ptr<3> -> %s", lw_n(c, slot), ty);
  lw_scratch_read_done(c);
  lw_set(c, op->results[0], (lw_val){.kind = LV_SCALAR, .ty = ty, .s = r});
  return 0;
}
