/* lw_func.c: the lowering driver: the kernel signature (the runner ABI), the prologue, the
 * per-op dispatch, and lw_lower() which strings the passes together and hands the MLIR text
 * to the backend. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"

int lw_target_parse(const char *s, lw_target *out) {
  if (!strcmp(s, "sm_90a")) *out = LW_SM90A;
  else if (!strcmp(s, "sm_100a")) *out = LW_SM100A;
  else if (!strcmp(s, "gfx942")) *out = LW_GFX942;
  else if (!strcmp(s, "gfx950")) *out = LW_GFX950;
  else return -1;
  return 0;
}

const char *lw_target_name(lw_target t) {
  switch (t) {
  case LW_SM100A: return "sm_100a";
  case LW_GFX942: return "gfx942";
  case LW_GFX950: return "gfx950";
  default: return "sm_90a";
  }
}

int lw_emit_parse(const char *s, lw_emit *out) {
  if (!strcmp(s, "mlir")) *out = LW_EMIT_MLIR;
  else if (!strcmp(s, "llvm")) *out = LW_EMIT_LLVM;
  else if (!strcmp(s, "ptx")) *out = LW_EMIT_PTX;
  else if (!strcmp(s, "hsaco")) *out = LW_EMIT_HSACO;
  else return -1;
  return 0;
}

/* ------------------------------------------------------------------ values */

lw_val *lw_get(lw_ctx *c, const ir_value *v) {
  assert(v->id < c->nvals);
  return &c->vals[v->id];
}

void lw_set(lw_ctx *c, const ir_value *v, lw_val val) {
  assert(v->id < c->nvals);
  c->vals[v->id] = val;
}

lw_ssa lw_scalar(lw_ctx *c, const ir_value *v) {
  lw_val *x = lw_get(c, v);
  return x->kind == LV_TENSOR ? 0 : x->s;
}

/* ------------------------------------------------------------------ regions */

void lw_region_begin(lw_ctx *c, lw_region *r, lw_rkind kind, int part, int first_warp,
                     int num_warps) {
  memset(r, 0, sizeof *r);
  r->kind = kind;
  r->part = part;
  r->num_warps = num_warps;
  r->bar_id = kind == LW_R_PARTITION ? 2 + part : 0;
  r->tid = first_warp ? lw_bin_imm(c, "llvm.sub", c->tid, (int64_t)first_warp << c->lane_bits, "i32")
                      : c->tid;
  lw_ssa z = lw_i32(c, 0);
  r->leader = lw_icmp(c, "eq", r->tid, z, "i32");
  c->rg = r;
}

/* ------------------------------------------------------------------ queries */

static int axis_of(const ir_op *op) {
  const ir_attr *a = ir_op_attr(op, "axis");
  if (!a) return 0;
  if (a->kind == IR_A_INT) return (int)a->ival;
  if ((a->kind == IR_A_KEYWORD || a->kind == IR_A_STRING) && a->str) {
    if (!strcmp(a->str, "y")) return 1;
    if (!strcmp(a->str, "z")) return 2;
  }
  return 0;
}

static int lower_query(lw_ctx *c, const ir_op *op) {
  static const char xyz[3] = {'x', 'y', 'z'};
  lw_ssa r;
  const char *ty = "i32";
  bool amd = lw_target_is_amd(c->target);
  switch (op->code) {
  case IR_OP_TT_GET_PROGRAM_ID:
    r = amd ? lw_op(c, "rocdl.workgroup.id.%c : i32", xyz[axis_of(op)])
            : lw_op(c, "nvvm.read.ptx.sreg.ctaid.%c : i32", xyz[axis_of(op)]);
    break;
  case IR_OP_TT_GET_NUM_PROGRAMS:
    if (amd) {
      /* Workgroups along an axis: the HSA dispatch packet's grid size (work-items; u32 at byte
       * 12 + 4 * axis of hsa_kernel_dispatch_packet_t) over the workgroup size. Triton lowers
       * this through gpu.grid_dim, i.e. ROCm's __ockl_get_num_groups from the device library,
       * which this lowering does not link; the packet is what that library reads. The workgroup
       * size is c->threads along x (reqd_work_group_size) and 1 along y and z. */
      int ax = axis_of(op);
      lw_ssa dp = lw_op(c, "llvm.call_intrinsic \"llvm.amdgcn.dispatch.ptr\"() : () -> !llvm.ptr<4>");
      lw_ssa gp = lw_op(c, "llvm.getelementptr %s[%d] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8", lw_n(c, dp),
                        12 + 4 * ax);
      r = lw_op(c, "llvm.load %s invariant {alignment = 4 : i64} : !llvm.ptr<4> -> i32", lw_n(c, gp));
      if (ax == 0) r = lw_bin_imm(c, "llvm.udiv", r, c->threads, "i32");
    } else {
      r = lw_op(c, "nvvm.read.ptx.sreg.nctaid.%c : i32", xyz[axis_of(op)]);
    }
    break;
  case IR_OP_GPU_THREAD_ID: {
    const ir_attr *d = ir_op_attr(op, "dimension");
    bool x = !d || !d->str || !strcmp(d->str, "x");
    r = x ? c->tid : lw_i32(c, 0);
    break;
  }
  case IR_OP_ROCDL_WORKITEM_ID_X: /* the AMD thread id the kernel entry already read */
    if (!amd) return lw_unsupported(c, op);
    r = c->tid;
    break;
  case IR_OP_NVGPU_CLUSTER_ID: case IR_OP_NVG_CLUSTER_ID:
    r = lw_asm(c, "i32", "mov.u32 $0, %cluster_ctarank;", "=r", NULL, NULL, 0, 0);
    break;
  case IR_OP_TTNG_CLUSTER_SIZE_1D:
    r = lw_asm(c, "i32", "mov.u32 $0, %cluster_nctarank;", "=r", NULL, NULL, 0, 0);
    break;
  case IR_OP_TTG_CLOCK64:
    r = lw_op(c, "nvvm.read.ptx.sreg.clock64 : i64");
    ty = "i64";
    break;
  case IR_OP_PTG_READ_COUNTER: { /* Proton's cycle metric: %clock (i32) or %clock64 (i64) */
    bool wide = op->n_results == 1 && op->results[0]->type && op->results[0]->type->kind == IR_T_INT &&
                op->results[0]->type->bits == 64;
    if (wide) r = lw_op(c, "nvvm.read.ptx.sreg.clock64 : i64"), ty = "i64";
    else r = lw_op(c, "nvvm.read.ptx.sreg.clock : i32");
    break;
  }
  default: return lw_unsupported(c, op);
  }
  if (op->n_results != 1) return lw_unsupported(c, op);
  const char *want = lw_llty(op->results[0]->type);
  if (want && strcmp(want, ty)) r = lw_cast(c, "llvm.trunc", r, ty, want), ty = want;
  lw_set(c, op->results[0], (lw_val){.kind = LV_SCALAR, .ty = ty, .s = r});
  return 0;
}

/* ------------------------------------------------------------------ dispatch */

int lw_lower_op(lw_ctx *c, const ir_op *op) {
  if (c->err) return -1;
  /* A warp pipeline gets its barriers from Triton's ConvertWarpPipeline at LLVM lowering
   * (sim/sim_compile_amd_wpipe.c models them); lowered without them it would be another program. */
  if ((op->code == IR_OP_ROCDL_SCHED_BARRIER && ir_op_has_attr(op, "triton.warp_pipeline.border")) ||
      (op->code == IR_OP_SCF_FOR && ir_op_has_attr(op, "triton.warp_pipeline.pipelined_for")))
    return lw_fail(c, op, "warp pipelines are not lowered yet (the barriers ConvertWarpPipeline adds)");
  if (ir_op_flags[op->code] & IR_F_LW_NOOP) return 0;
  c->cur = op; /* lw_emit.c refuses NVIDIA-only text for an AMD target at this op */
  switch (op->code) {
  case IR_OP_SCF_FOR: return lw_cf_for(c, op);
  case IR_OP_SCF_IF: return lw_cf_if(c, op);
  case IR_OP_SCF_WHILE: return lw_cf_while(c, op);
  case IR_OP_TTG_WARP_SPECIALIZE: return lw_ws_lower(c, op);
  case IR_OP_TT_RETURN:
    if (op->n_operands) return lw_fail(c, op, "a kernel cannot return values");
    lw_tc05_exit(c);
    lw_ws_kernel_exit(c);
    /* Clustered kernels: no CTA exits while a peer may still touch its shared memory
     * (tlx-ir.md §0, semantics.md §6.2); the workers join from their exit state (lw_ws.c). */
    if (c->clustered) lw_cluster_sync(c, false);
    lw_rec_exit(c);
    lw_stmt(c, "llvm.return");
    return 0;
  case IR_OP_TTG_ASYNC_COPY_G2L: case IR_OP_TTG_ASYNC_COMMIT_GROUP: case IR_OP_TTG_ASYNC_WAIT:
  case IR_OP_AMDG_ASYNC_WAIT: case IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL:
    return lw_mem_op(c, op);
  case IR_OP_AMDG_BUFFER_LOAD: case IR_OP_AMDG_BUFFER_STORE:
    return lw_amd_buffer_op(c, op);
  case IR_OP_AMDG_COND_BARRIER: case IR_OP_ROCDL_S_BARRIER: return lw_amd_sync_op(c, op);
  case IR_OP_TT_ATOMIC_CAS: case IR_OP_TT_ATOMIC_RMW: return lw_atomic_op(c, op);
  case IR_OP_TT_DOT: return lw_amd_dot(c, op);
  case IR_OP_TTNG_CLUSTER_ARRIVE: case IR_OP_TTNG_CLUSTER_WAIT: case IR_OP_TTNG_CLUSTER_BARRIER:
  case IR_OP_TTNG_MAP_TO_REMOTE_BUFFER:
    return lw_cluster_op(c, op);
  case IR_OP_TT_GET_PROGRAM_ID: case IR_OP_TT_GET_NUM_PROGRAMS: case IR_OP_GPU_THREAD_ID:
  case IR_OP_NVGPU_CLUSTER_ID: case IR_OP_TTNG_CLUSTER_SIZE_1D: case IR_OP_TTG_CLOCK64:
  case IR_OP_NVG_CLUSTER_ID: case IR_OP_ROCDL_WORKITEM_ID_X: case IR_OP_PTG_READ_COUNTER:
    return lower_query(c, op);
  case IR_OP_TTNG_TMA_G2L: case IR_OP_TTNG_TMA_L2G: case IR_OP_TTNG_TMA_REDUCE:
  case IR_OP_TTNG_TMA_STORE_WAIT:
    return lw_tma_op(c, op);
  case IR_OP_TTNG_WARP_GROUP_DOT: case IR_OP_TTNG_WARP_GROUP_DOT_WAIT:
  case IR_OP_TTNG_TMEM_ALLOC: case IR_OP_TTNG_TMEM_LOAD: case IR_OP_TTNG_TMEM_STORE:
  case IR_OP_TTNG_TMEM_SUBSLICE: case IR_OP_TTNG_TC_GEN5_MMA: case IR_OP_TTNG_TC_GEN5_COMMIT:
    return lw_mma_op(c, op);
  default: break;
  }
  switch (ir_ops[op->code].cls) {
  case IR_C_SCALAR: return lw_arith(c, op);
  case IR_C_TENSOR: return lw_tensor_op(c, op);
  case IR_C_VIEW: case IR_C_ALLOC: case IR_C_MEM: return lw_mem_op(c, op);
  case IR_C_BARRIER: case IR_C_FENCE: return lw_sync_op(c, op);
  default: return lw_unsupported(c, op);
  }
}

bool lw_is_terminator(const ir_op *op) { return ir_op_flags[op->code] & IR_F_TERMINATOR; }

int lw_lower_block(lw_ctx *c, const ir_block *b) {
  for (const ir_op *op = b->first; op; op = op->next) {
    if (!lw_is_terminator(op) && lw_lower_op(c, op)) return -1;
    if (c->cl_init_sync && op == c->cl_init_after) lw_cluster_init_sync(c);
  }
  return c->err ? -1 : 0;
}

/* ------------------------------------------------------------------ the kernel */

/* Emits "llvm.func @k(args) attributes {...} {" and binds the kernel arguments. */
static int emit_signature(lw_ctx *c, lw_sb *o) {
  const ir_block *entry = c->fn->op->regions[0]->blocks[0];
  lw_sb_printf(o, "  llvm.func @%s(", c->fn->name);
  for (uint32_t i = 0; i < entry->n_args; i++) {
    const ir_value *a = entry->args[i];
    lw_ssa s = lw_new(c);
    const ir_type *t = a->type;
    lw_val v = {.kind = LV_SCALAR, .s = s};
    const char *decl;
    if (t->kind == IR_T_TENSORDESC) {
      v.kind = LV_DESC;
      v.ty = "!llvm.ptr";
      decl = "!llvm.ptr {llvm.byval = !llvm.array<128 x i8>, llvm.align = 64 : i64, nvvm.grid_constant}";
    } else {
      v.ty = lw_llty(t);
      if (!v.ty || t->kind == IR_T_TENSOR || t->kind == IR_T_MEMDESC)
        return lw_fail(c, c->fn->op, "kernel argument %%%s has a type the lowering cannot pass",
                       a->name ? a->name : "?");
      decl = v.ty;
    }
    lw_sb_printf(o, "%s%%v%u: %s", i ? ", " : "", s, decl);
    lw_set(c, a, v);
  }
  if (lw_target_is_amd(c->target)) {
    /* One workgroup size, as Triton's AMD lowering gives it (flat and required sizes). */
    lw_sb_printf(o, ") attributes {rocdl.kernel, rocdl.flat_work_group_size = \"%d,%d\", "
                    "rocdl.reqd_work_group_size = array<i32: %d, 1, 1>} {\n", c->threads, c->threads, c->threads);
    return 0;
  }
  lw_sb_printf(o, ") attributes {nvvm.kernel, nvvm.reqntid = array<i32: %d, 1, 1>", c->threads);
  if (c->ws.realloc) lw_sb_printf(o, ", nvvm.maxnreg = %d : i32", c->ws.maxnreg);
  lw_sb_printf(o, "} {\n");
  return 0;
}

/* Entry block: the 1024-aligned shared-memory base and the thread id. */
static void emit_prologue(lw_ctx *c) {
  if (lw_target_is_amd(c->target)) {
    /* LDS is a module global of the plan's size, aligned by its declaration. */
    if (c->plan.total) c->smem = lw_op(c, "llvm.mlir.addressof @global_smem : !llvm.ptr<3>");
    c->tid = lw_op(c, "rocdl.workitem.id.x : i32");
    return;
  }
  if (c->plan.total) {
    lw_ssa g = lw_op(c, "llvm.mlir.addressof @global_smem : !llvm.ptr<3>");
    lw_ssa gi = lw_smem_u32(c, g);
    lw_ssa up = lw_bin_imm(c, "llvm.add", gi, 1023, "i32");
    lw_ssa al = lw_bin_imm(c, "llvm.and", up, -1024, "i32");
    lw_ssa d = lw_bin(c, "llvm.sub", al, gi, "i32");
    c->smem = lw_gep(c, g, d);
  }
  c->tid = lw_op(c, "nvvm.read.ptx.sreg.tid.x : i32");
}

static int lower_kernel(lw_ctx *c, lw_sb *module) {
  const ir_region *body = c->fn->op->regions[0];
  if (!body->n_blocks) return lw_fail(c, c->fn->op, "a kernel without a body");
  if (lw_ws_analyze(c) || lw_plan_build(c)) return -1;
  lw_cluster_analyze(c);
  lw_rec_analyze(c);
  if (lw_target_is_amd(c->target)) lw_amd_async_analyze(c);
  lw_sb sig = {0};
  if (emit_signature(c, &sig)) {
    lw_sb_free(&sig);
    return -1;
  }
  c->out = &c->body;
  size_t alloca_at = c->body.n; /* the allocas go first in the entry block */
  emit_prologue(c);
  lw_region main;
  uint32_t main_blk = 0;
  if (c->ws.nops) {
    /* Default warps run the kernel body; the others enter the worker loop (lw_ws.c). */
    lw_ssa w = lw_bin_imm(c, "llvm.lshr", c->tid, 5, "i32");
    lw_ssa m = lw_i32(c, -1), z = lw_i32(c, 0), cl = lw_i32(c, 31);
    lw_ssa wu = lw_op(c, "nvvm.shfl.sync idx %s, %s, %s, %s : i32 -> i32", lw_n(c, m),
                      lw_n(c, w), lw_n(c, z), lw_n(c, cl));
    lw_ssa isdef = lw_icmp(c, "ult", wu, lw_i32(c, c->ws.num_warps), "i32");
    main_blk = lw_newblk(c);
    if (c->cl_init_sync) {
      /* The workers take part in the cluster sync after the barrier inits, once. */
      uint32_t wentry = lw_newblk(c);
      lw_cond_br(c, isdef, main_blk, wentry);
      lw_block(c, wentry);
      lw_cluster_sync(c, true);
      lw_br(c, c->ws.switch_blk, NULL, NULL, 0);
    } else {
      lw_cond_br(c, isdef, main_blk, c->ws.switch_blk); /* ^switch: lw_ws_emit_switch */
    }
    lw_block(c, main_blk);
    if (c->ws.realloc && c->ws.entry_regs != c->ws.maxnreg)
      lw_stmt(c, "nvvm.setmaxregister %s %d", c->ws.entry_regs > c->ws.maxnreg ? "increase" : "decrease",
              c->ws.entry_regs);
    lw_region_begin(c, &main, LW_R_DEFAULT, -1, 0, c->ws.num_warps);
  } else {
    lw_region_begin(c, &main, LW_R_KERNEL, -1, 0, c->ws.num_warps);
  }
  if (c->cl_init_sync && !c->cl_init_after) lw_cluster_init_sync(c); /* no init at the top */
  if (lw_lower_body(c, body)) goto fail; /* several blocks: lw_blocks.c */
  if (c->ws.nops) lw_ws_emit_switch(c);
  /* Assemble the module. */
  lw_sb_printf(module, "module attributes {tlxv.target = \"%s\"} {\n", lw_target_name(c->target));
  if (c->plan.total && lw_target_is_amd(c->target))
    /* Static LDS: the code object's group_segment_fixed_size is the plan (no dynamic LDS). */
    lw_sb_printf(module, "  llvm.mlir.global internal @global_smem() {addr_space = 3 : i32, "
                         "alignment = 1024 : i64} : !llvm.array<%u x i8> {\n"
                         "    %%0 = llvm.mlir.undef : !llvm.array<%u x i8>\n"
                         "    llvm.return %%0 : !llvm.array<%u x i8>\n  }\n",
                 c->plan.total, c->plan.total, c->plan.total);
  else if (c->plan.total)
    lw_sb_printf(module, "  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, "
                         "alignment = 16 : i64} : !llvm.array<0 x i8>\n");
  lw_rec_globals(c, module);
  lw_sb_put(module, sig.p, sig.n);
  lw_sb_put(module, c->body.p, alloca_at);
  if (c->allocas.n) lw_sb_put(module, c->allocas.p, c->allocas.n);
  lw_sb_put(module, c->body.p + alloca_at, c->body.n - alloca_at);
  if (c->parts.n) lw_sb_put(module, c->parts.p, c->parts.n);
  lw_sb_printf(module, "  }\n");
  if (lw_rec_funcs(c, module)) {
    lw_fail(c, NULL, "out of memory");
    goto fail;
  }
  lw_sb_printf(module, "}\n");
  lw_sb_free(&sig);
  return 0;
fail:
  lw_sb_free(&sig);
  return -1;
}

static void ctx_free(lw_ctx *c) {
  for (size_t i = 0; i < c->narena; i++) free(c->arena[i]);
  free(c->arena);
  lw_sb_free(&c->body);
  lw_sb_free(&c->parts);
  lw_sb_free(&c->allocas);
}

int lw_lower(const ir_module *m, lw_target t, lw_emit e, char **out, size_t *len,
             ir_diag *diag) {
  return lw_lower_opts(m, t, e, NULL, out, len, diag);
}

int lw_lower_opts(const ir_module *m, lw_target t, lw_emit e, const lw_opts *o, char **out,
                  size_t *len, ir_diag *diag) {
  *out = NULL;
  *len = 0;
  bool amd = lw_target_is_amd(t);
  lw_ctx c = {.m = m, .target = t, .diag = diag, .recorder = o && o->recorder, .lane_bits = amd ? 6 : 5};
  c.fn = ir_module_kernel(m);
  if (!c.fn) {
    lw_fail(&c, NULL, "the module has no kernel function");
    return 2;
  }
  if ((e == LW_EMIT_PTX && amd) || (e == LW_EMIT_HSACO && !amd)) {
    lw_fail(&c, NULL, "--emit %s is not an output of %s", e == LW_EMIT_PTX ? "ptx" : "hsaco", lw_target_name(t));
    return 2;
  }
  if (amd && c.recorder) {
    lw_fail(&c, NULL, "the hang recorder waits on mbarriers, which %s does not have", lw_target_name(t));
    return 2;
  }
  /* Layouts place lanes by the target's warp size: wave64 on gfx9, 32 on NVIDIA. */
  int64_t tpw = ir_module_attr_int(m, "ttg.threads-per-warp", 1 << c.lane_bits);
  if (tpw != 1 << c.lane_bits) {
    lw_fail(&c, c.fn->op, "the kernel was compiled for %lld threads per warp, %s has %d",
            (long long)tpw, lw_target_name(t), 1 << c.lane_bits);
    return 2;
  }
  c.nvals = c.fn->n_values;
  c.vals = lw_alloc(&c, (c.nvals + 1) * sizeof *c.vals);
  lw_sb module = {0};
  if (lower_kernel(&c, &module)) {
    lw_sb_free(&module);
    ctx_free(&c);
    return 2;
  }
  if (e == LW_EMIT_MLIR) {
    /* Still run it through MLIR's parser and verifier so broken text is never handed out. */
    char *tmp = NULL;
    size_t tl = 0;
    int rc = lw_backend(module.p, module.n, m->filename, t, LW_EMIT_MLIR, &tmp, &tl, diag);
    free(tmp);
    if (rc) {
      lw_sb_free(&module);
      ctx_free(&c);
      return 2;
    }
    *out = module.p;
    *len = module.n;
    ctx_free(&c);
    return 0;
  }
  int rc = lw_backend(module.p, module.n, m->filename, t, e, out, len, diag);
  lw_sb_free(&module);
  if (rc) {
    ctx_free(&c);
    return 2;
  }
  if (e == LW_EMIT_PTX) {
    lw_sb hdr = {0};
    lw_abi_header(&c, &hdr);
    lw_sb_put(&hdr, *out, *len);
    free(*out);
    *out = hdr.p;
    *len = hdr.n;
  }
  ctx_free(&c);
  return 0;
}

int lw_mlir_to_text(const char *mlir, size_t mlir_len, const char *what, lw_target t,
                    lw_emit e, char **out, size_t *len, ir_diag *diag) {
  return lw_backend(mlir, mlir_len, what, t, e, out, len, diag) ? 2 : 0;
}
