/* lw_emit.c: emission helpers: SSA and block numbering, common LLVM-dialect ops, inline PTX,
 * error reporting, and the mapping of IR scalar types to LLVM types. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"
#include "ir/ir_alloc.h"

void *lw_alloc(lw_ctx *c, size_t n) {
  if (c->narena == c->caparena) {
    size_t cap = c->caparena ? c->caparena * 2 : 256;
    void **a = ir_xrealloc(c->arena, cap, sizeof *a);
    if (!a) abort(); /* out of memory while lowering: nothing sensible to report */
    c->arena = a;
    c->caparena = cap;
  }
  void *p = ir_xcalloc(1, n ? n : 1);
  if (!p) abort();
  c->arena[c->narena++] = p;
  return p;
}

const char *lw_n(lw_ctx *c, lw_ssa s) {
  char *b = c->nb[c->nbi++ % 8];
  assert(s != 0 && "use of a value that was never defined");
  snprintf(b, sizeof c->nb[0], "%%v%u", s);
  return b;
}

/* PTX inline asm and NVVM ops have no meaning for an AMD target: the op being lowered
 * (c->cur) is refused there, once, and the text emitted meanwhile is never used (c->err). */
static void nvidia_only(lw_ctx *c) {
  if (lw_target_is_amd(c->target) && !c->err) {
    if (c->cur) lw_unsupported(c, c->cur);
    else lw_fail(c, NULL, "the kernel needs NVIDIA-only code for %s", lw_target_name(c->target));
  }
}

lw_ssa lw_new(lw_ctx *c) { return ++c->nssa; }
uint32_t lw_newblk(lw_ctx *c) { return ++c->nblk; }

lw_ssa lw_op(lw_ctx *c, const char *fmt, ...) {
  if (!strncmp(fmt, "nvvm.", 5)) nvidia_only(c);
  lw_ssa s = lw_new(c);
  lw_sb_printf(c->out, "    %%v%u = ", s);
  va_list ap;
  va_start(ap, fmt);
  lw_sb_vprintf(c->out, fmt, ap);
  va_end(ap);
  lw_sb_put(c->out, "\n", 1);
  return s;
}

void lw_stmt(lw_ctx *c, const char *fmt, ...) {
  if (!strncmp(fmt, "nvvm.", 5)) nvidia_only(c);
  lw_sb_put(c->out, "    ", 4);
  va_list ap;
  va_start(ap, fmt);
  lw_sb_vprintf(c->out, fmt, ap);
  va_end(ap);
  lw_sb_put(c->out, "\n", 1);
}

void lw_block(lw_ctx *c, uint32_t blk) { lw_sb_printf(c->out, "  ^bb%u:\n", blk); }

void lw_block_args(lw_ctx *c, uint32_t blk, const lw_ssa *args, const char *const *tys,
                   uint32_t n) {
  if (!n) {
    lw_block(c, blk);
    return;
  }
  lw_sb_printf(c->out, "  ^bb%u(", blk);
  for (uint32_t i = 0; i < n; i++)
    lw_sb_printf(c->out, "%s%%v%u: %s", i ? ", " : "", args[i], tys[i]);
  lw_sb_put(c->out, "):\n", 3);
}

static void succ(lw_ctx *c, uint32_t blk, const lw_ssa *args, const char *const *tys,
                 uint32_t n) {
  lw_sb_printf(c->out, "^bb%u", blk);
  if (!n) return;
  lw_sb_put(c->out, "(", 1);
  for (uint32_t i = 0; i < n; i++) lw_sb_printf(c->out, "%s%%v%u", i ? ", " : "", args[i]);
  lw_sb_put(c->out, " : ", 3);
  for (uint32_t i = 0; i < n; i++) lw_sb_printf(c->out, "%s%s", i ? ", " : "", tys[i]);
  lw_sb_put(c->out, ")", 1);
}

void lw_br(lw_ctx *c, uint32_t blk, const lw_ssa *args, const char *const *tys, uint32_t n) {
  lw_sb_put(c->out, "    llvm.br ", 12);
  succ(c, blk, args, tys, n);
  lw_sb_put(c->out, "\n", 1);
}

void lw_cond_br(lw_ctx *c, lw_ssa cond, uint32_t t, uint32_t f) {
  lw_stmt(c, "llvm.cond_br %s, ^bb%u, ^bb%u", lw_n(c, cond), t, f);
}

void lw_cond_br_args(lw_ctx *c, lw_ssa cond, uint32_t t, uint32_t f, const lw_ssa *args,
                     const char *const *tys, uint32_t n) {
  lw_sb_printf(c->out, "    llvm.cond_br %s, ", lw_n(c, cond));
  succ(c, t, args, tys, n);
  lw_sb_put(c->out, ", ", 2);
  succ(c, f, args, tys, n);
  lw_sb_put(c->out, "\n", 1);
}

lw_ssa lw_const_int(lw_ctx *c, const char *ty, int64_t v) {
  if (!strcmp(ty, "i1")) return lw_op(c, "llvm.mlir.constant(%s) : i1", v ? "true" : "false");
  return lw_op(c, "llvm.mlir.constant(%lld : %s) : %s", (long long)v, ty, ty);
}
lw_ssa lw_i32(lw_ctx *c, int64_t v) { return lw_const_int(c, "i32", v); }
lw_ssa lw_i1(lw_ctx *c, bool v) { return lw_const_int(c, "i1", v); }

lw_ssa lw_bin(lw_ctx *c, const char *op, lw_ssa a, lw_ssa b, const char *ty) {
  return lw_op(c, "%s %s, %s : %s", op, lw_n(c, a), lw_n(c, b), ty);
}

lw_ssa lw_bin_imm(lw_ctx *c, const char *op, lw_ssa a, int64_t b, const char *ty) {
  lw_ssa k = lw_const_int(c, ty, b);
  return lw_bin(c, op, a, k, ty);
}

lw_ssa lw_icmp(lw_ctx *c, const char *pred, lw_ssa a, lw_ssa b, const char *ty) {
  return lw_op(c, "llvm.icmp \"%s\" %s, %s : %s", pred, lw_n(c, a), lw_n(c, b), ty);
}

lw_ssa lw_cast(lw_ctx *c, const char *op, lw_ssa a, const char *from, const char *to) {
  return lw_op(c, "%s %s : %s to %s", op, lw_n(c, a), from, to);
}

lw_ssa lw_gep(lw_ctx *c, lw_ssa base, lw_ssa off) {
  return lw_op(c, "llvm.getelementptr %s[%s] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8",
               lw_n(c, base), lw_n(c, off));
}

lw_ssa lw_gep_imm(lw_ctx *c, lw_ssa base, int64_t off) {
  if (!off) return base;
  return lw_op(c, "llvm.getelementptr %s[%lld] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8",
               lw_n(c, base), (long long)off);
}

lw_ssa lw_smem_u32(lw_ctx *c, lw_ssa p3) {
  return lw_cast(c, "llvm.ptrtoint", p3, "!llvm.ptr<3>", "i32");
}

static lw_ssa asm_impl(lw_ctx *c, const char *ret_ty, const char *ptx, const char *constraints,
                       const lw_ssa *args, const char *const *tys, uint32_t n, lw_ssa pred,
                       bool pure) {
  nvidia_only(c);
  lw_sb text = {0}, cons = {0};
  lw_ssa pi = 0;
  if (pred) pi = lw_cast(c, "llvm.zext", pred, "i1", "i32");
  if (pred) {
    /* The predicate is the last operand: $k where k counts outputs then inputs. */
    unsigned k = n + (ret_ty ? 1u : 0u);
    lw_sb_printf(&text, "{ .reg .pred %%lwp; setp.ne.b32 %%lwp, $%u, 0; @%%lwp %s }", k, ptx);
  } else {
    lw_sb_printf(&text, "%s", ptx);
  }
  lw_sb_printf(&cons, "%s%s%s", constraints, (pred && constraints[0]) ? "," : "", pred ? "r" : "");
  /* Sync and async PTX must not be reordered with the loads and stores LLVM sees. */
  if (!pure) lw_sb_printf(&cons, "%s~{memory}", cons.n ? "," : "");
  lw_sb *o = c->out;
  lw_ssa r = 0;
  if (ret_ty) {
    r = lw_new(c);
    lw_sb_printf(o, "    %%v%u = ", r);
  } else {
    lw_sb_put(o, "    ", 4);
  }
  if (pure)
    lw_sb_printf(o, "llvm.inline_asm asm_dialect = att \"");
  else
    lw_sb_printf(o, "llvm.inline_asm has_side_effects asm_dialect = att \"");
  lw_sb_put_mlir_str(o, text.p ? text.p : "");
  lw_sb_put(o, "\", \"", 4);
  lw_sb_put_mlir_str(o, cons.p ? cons.p : "");
  lw_sb_put(o, "\"", 1);
  for (uint32_t i = 0; i < n; i++) lw_sb_printf(o, "%s %%v%u", i ? "," : "", args[i]);
  if (pred) lw_sb_printf(o, "%s %%v%u", n ? "," : "", pi);
  lw_sb_put(o, " : (", 4);
  for (uint32_t i = 0; i < n; i++) lw_sb_printf(o, "%s%s", i ? ", " : "", tys[i]);
  if (pred) lw_sb_printf(o, "%si32", n ? ", " : "");
  lw_sb_printf(o, ") -> %s\n", ret_ty ? ret_ty : "()");
  lw_sb_free(&text);
  lw_sb_free(&cons);
  return r;
}

lw_ssa lw_asm(lw_ctx *c, const char *ret_ty, const char *ptx, const char *constraints,
              const lw_ssa *args, const char *const *tys, uint32_t n, lw_ssa pred) {
  return asm_impl(c, ret_ty, ptx, constraints, args, tys, n, pred, false);
}

lw_ssa lw_asm_pure(lw_ctx *c, const char *ret_ty, const char *ptx, const char *constraints,
                   const lw_ssa *args, const char *const *tys, uint32_t n) {
  return asm_impl(c, ret_ty, ptx, constraints, args, tys, n, 0, true);
}

lw_ssa lw_alloca(lw_ctx *c) {
  lw_ssa one = lw_new(c), p = lw_new(c);
  lw_sb_printf(&c->allocas, "    %%v%u = llvm.mlir.constant(1 : i32) : i32\n", one);
  lw_sb_printf(&c->allocas, "    %%v%u = llvm.alloca %%v%u x i32 : (i32) -> !llvm.ptr\n", p, one);
  return p;
}

bool lw_is_tmem(const ir_type *t) {
  if (!t || t->kind != IR_T_MEMDESC) return false;
  const ir_attr *s = t->space, *e = t->enc;
  if (s && s->kind == IR_A_ENCODING && s->enc && s->enc->kind == IR_E_SPACE_TMEM) return true;
  return e && e->kind == IR_A_ENCODING && e->enc &&
         (e->enc->kind == IR_E_TMEM || e->enc->kind == IR_E_TMEM_SCALES);
}

int lw_fail(lw_ctx *c, const ir_op *op, const char *fmt, ...) {
  if (c->err) return -1;
  c->err = 1;
  char where[512];
  if (op && op->loc.file)
    ir_loc_str(op->loc, where, sizeof where);
  else
    snprintf(where, sizeof where, "%s:1:1", c->m->filename ? c->m->filename : "<input>");
  lw_sb b = {0};
  lw_sb_printf(&b, "%s: error: lowering: ", where);
  va_list ap;
  va_start(ap, fmt);
  lw_sb_vprintf(&b, fmt, ap);
  va_end(ap);
  c->diag->msg = b.p ? b.p : ir_xstrdup("error: lowering: out of memory");
  return -1;
}

int lw_unsupported(lw_ctx *c, const ir_op *op) {
  return lw_fail(c, op, "op '%s' is not supported for %s", ir_ops[op->code].name,
                 lw_target_name(c->target));
}

const char *lw_llty(const ir_type *t) {
  if (!t) return NULL;
  if (t->kind == IR_T_TENSOR || t->kind == IR_T_MEMDESC) t = t->elem;
  switch (t->kind) {
  case IR_T_INT:
    switch (t->bits) {
    case 1: return "i1";
    case 8: return "i8";
    case 16: return "i16";
    case 32: return "i32";
    case 64: return "i64";
    case 128: return "i128";
    default: return NULL;
    }
  case IR_T_INDEX: return "i32"; /* Triton lowers index to 32 bits */
  case IR_T_FLOAT:
    switch (t->fkind) {
    case IR_F16: return "f16";
    case IR_BF16: return "bf16";
    case IR_F32: return "f32";
    case IR_F64: return "f64";
    case IR_F8E4M3FN: case IR_F8E5M2: return "i8"; /* fp8 kept as raw bytes */
    default: return NULL;
    }
  case IR_T_PTR: return t->addr_space == 3 ? "!llvm.ptr<3>" : "!llvm.ptr<1>";
  default: return NULL;
  }
}

bool lw_ty_is_float(const char *ty) { return ty && (ty[0] == 'f' || ty[0] == 'b'); }

int lw_ty_bits(const char *ty) {
  if (!ty) return 0;
  if (!strcmp(ty, "bf16")) return 16;
  if (ty[0] == 'i' || ty[0] == 'f') return atoi(ty + 1);
  if (!strncmp(ty, "!llvm.ptr", 9)) return 64;
  return 0;
}
