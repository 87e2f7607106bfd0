/* lw.h: the lowering module's public API: TTGIR (ir.h) -> MLIR text in the LLVM + NVVM (or
 * ROCDL) dialects -> LLVM IR (MLIR C API) -> PTX (LLVM NVPTX backend through LLVM-C), or an AMD
 * code object (AMDGPU backend, then ld.lld -shared: .hsaco).
 * Design and ABI: docs/lowering.md.
 * Ownership: every text and diagnostic a lowering returns is malloc'd and the caller's
 * (free); the module is borrowed; the lw_api table is static, never freed. */
#ifndef TLXV_LW_H
#define TLXV_LW_H

#include <stddef.h>

#include "ir/ir.h"

/* Hardware target of a lowering. */
typedef enum lw_target {
  LW_SM90A,   /* Hopper: wgmma, TMA, mbarrier tx-count, setmaxnreg */
  LW_SM100A,  /* Blackwell: tcgen05 + TMEM */
  LW_GFX942,  /* MI300 (CDNA3): wave64, LDS 64 KiB */
  LW_GFX950,  /* MI350 (CDNA4): wave64, LDS 160 KiB */
} lw_target;

/* True for the AMD targets (gfx942, gfx950). */
static inline int lw_target_is_amd(lw_target t) { return t == LW_GFX942 || t == LW_GFX950; }

/* What lw_lower hands back. */
typedef enum lw_emit {
  LW_EMIT_MLIR,  /* the generated MLIR (llvm + nvvm dialects), verified by MLIR */
  LW_EMIT_LLVM,  /* LLVM IR after translation and -O3 */
  LW_EMIT_PTX,   /* PTX text, with the runner ABI header (docs/lowering.md, "ABI") */
  LW_EMIT_HSACO, /* AMD code object (ELF, binary): the AMDGPU backend's object, ld.lld -shared */
} lw_emit;

/* Parses "sm_90a" / "sm_100a" / "gfx942" / "gfx950"; returns 0 on success, -1 if unknown. */
int lw_target_parse(const char *s, lw_target *out);
const char *lw_target_name(lw_target t);
/* Parses "mlir" / "llvm" / "ptx" / "hsaco"; returns 0 on success, -1 if unknown. Whether the
 * emit suits the target is lw_lower's check (ptx: NVIDIA, hsaco: AMD). */
int lw_emit_parse(const char *s, lw_emit *out);

/* Lowers the first public function of m (the kernel). On success returns 0 and sets *out to
 * a malloc'd NUL-terminated text (caller frees) and *len to its length. On failure returns
 * 2 and sets diag->msg to one "FILE:LINE:COL: error: lowering: ..." line (caller frees). */
int lw_lower(const ir_module *m, lw_target t, lw_emit e, char **out, size_t *len,
             ir_diag *diag);

/* Options of a lowering (zero-initialised = the plain lowering lw_lower makes). */
typedef struct lw_opts {
  int recorder; /* the hang recorder in every mbarrier wait (docs/lowering.md "Hang recorder") */
} lw_opts;
/* lw_lower with options (o may be NULL). */
int lw_lower_opts(const ir_module *m, lw_target t, lw_emit e, const lw_opts *o, char **out,
                  size_t *len, ir_diag *diag);

/* Backend only (also used by tests): MLIR text in the llvm / nvvm dialects -> LLVM IR or
 * PTX for target t. Same return and ownership rules as lw_lower; errors name `what` (the
 * input's name) with MLIR's own line:col. */
int lw_mlir_to_text(const char *mlir, size_t mlir_len, const char *what, lw_target t,
                    lw_emit e, char **out, size_t *len, ir_diag *diag);

/* The lowering is built twice: as the static library tlxv_lowering (unit tests) and as the
 * loadable module libtlxv-lower.so, which `tlx-verify lower` opens with dlopen so that LLVM and
 * MLIR are loaded only by the command that uses them (check starts without them). The module's
 * one entry point, LW_API_SYMBOL, returns this table; LW_API_VERSION changes with its layout. */
#define LW_API_VERSION 2
#define LW_API_SYMBOL "lw_api_v1"
typedef struct lw_api {
  int version; /* LW_API_VERSION */
  int (*target_parse)(const char *s, lw_target *out);
  const char *(*target_name)(lw_target t);
  int (*emit_parse)(const char *s, lw_emit *out);
  int (*lower)(const ir_module *m, lw_target t, lw_emit e, char **out, size_t *len, ir_diag *diag);
  int (*lower_opts)(const ir_module *m, lw_target t, lw_emit e, const lw_opts *o, char **out,
                    size_t *len, ir_diag *diag); /* version 2 */
} lw_api;
/* Static table, never freed. */
const lw_api *lw_api_v1(void);

#endif
