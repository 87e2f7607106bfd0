/* lw_backend.c: MLIR text -> parsed and verified module (MLIR C API) -> LLVM IR
 * (mlirTranslateModuleToLLVMIR) -> -O3 -> PTX (the LLVM 22 NVPTX backend through LLVM-C, for
 * the target's own CPU: sm_90a or sm_100a); AMD targets continue in lw_amdgpu.c. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <mlir-c/Diagnostics.h>
#include <mlir-c/Dialect/LLVM.h>
#include <mlir-c/Dialect/NVVM.h>
#include <mlir-c/Dialect/ROCDL.h>
#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>
#include <mlir-c/Target/LLVMIR.h>

#include "lw_int.h"
#include "ir/ir_alloc.h"

#define LW_TRIPLE "nvptx64-nvidia-cuda"

typedef struct diag_sink {
  lw_sb text;     /* first error, "line:col: message" */
  bool have;
} diag_sink;

static void sink_put(MlirStringRef s, void *ud) { lw_sb_put(ud, s.data, s.length); }

static MlirLogicalResult on_diag(MlirDiagnostic d, void *ud) {
  diag_sink *s = ud;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError && !s->have) {
    s->have = true;
    lw_sb loc = {0};
    mlirLocationPrint(mlirDiagnosticGetLocation(d), sink_put, &loc);
    /* loc("what":L:C) -> L:C */
    const char *p = loc.p ? strrchr(loc.p, '"') : NULL;
    if (p && p[1] == ':') {
      const char *e = strchr(p + 2, ')');
      lw_sb_put(&s->text, p + 2, e ? (size_t)(e - p - 2) : strlen(p + 2));
      lw_sb_put(&s->text, ": ", 2);
    }
    lw_sb_free(&loc);
    mlirDiagnosticPrint(d, sink_put, &s->text);
  }
  return mlirLogicalResultSuccess();
}

int lw_backend_fail(ir_diag *diag, const char *what, const char *stage, const char *msg) {
  lw_sb b = {0};
  lw_sb_printf(&b, "%s:1:1: error: lowering: %s: %s (an internal error of the lowering: please report it with the input)",
               what ? what : "<input>", stage, msg ? msg : "failed");
  diag->msg = b.p;
  return -1;
}

/* Marks every inline-asm call convergent so LLVM never duplicates or sinks a barrier or an
 * aligned warp-collective PTX instruction into divergent code (tlx-ir.md §4 story 6). */
static void mark_asm_convergent(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned kind = LLVMGetEnumAttributeKindForName("convergent", 10);
  LLVMAttributeRef conv = LLVMCreateEnumAttribute(ctx, kind, 0);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
        if (LLVMIsACallInst(i) && LLVMIsAInlineAsm(LLVMGetCalledValue(i)))
          LLVMAddCallSiteAttribute(i, LLVMAttributeFunctionIndex, conv);
}

static char *dup_n(const char *s, size_t n) {
  char *p = ir_xmalloc(n + 1, 1);
  if (!p) return NULL;
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

/* 32-bit shared-memory pointers (address space 3), as Triton compiles: shared addresses are
 * 32-bit in hardware, and 64-bit ones cost a register pair and 64-bit adds for every shared
 * access. LLVM has this only as a command-line option of the NVPTX backend (read when a target
 * machine is made), so it is set once per process, before the first one. */
static void set_llvm_options(void) {
  static const char *const argv[] = {"tlx-verify", "-nvptx-short-ptr"};
  LLVMParseCommandLineOptions(2, argv, NULL);
}

/* The PTX ISA of each target: 8.5 for sm_90a (CUDA 12.5); 8.7 for sm_100a (CUDA 12.8, the first
 * toolkit whose ptxas accepts sm_100a with tcgen05). */
static const char *ptx_isa(lw_target t) { return t == LW_SM100A ? "+ptx87" : "+ptx85"; }

int lw_backend_optimize(LLVMModuleRef lm, LLVMTargetMachineRef tm, const char *triple, const char *what,
                        lw_emit e, char **out, size_t *olen, ir_diag *diag) {
  LLVMSetTarget(lm, triple);
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
  char *dl = LLVMCopyStringRepOfTargetData(td);
  LLVMSetDataLayout(lm, dl);
  LLVMDisposeMessage(dl);
  LLVMDisposeTargetData(td);
  char *err = NULL;
  if (LLVMVerifyModule(lm, LLVMReturnStatusAction, &err)) {
    int rc = lw_backend_fail(diag, what, "LLVM verifier", err);
    LLVMDisposeMessage(err);
    return rc;
  }
  LLVMDisposeMessage(err);
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMErrorRef perr = LLVMRunPasses(lm, "default<O3>", tm, po);
  LLVMDisposePassBuilderOptions(po);
  if (perr) {
    char *m = LLVMGetErrorMessage(perr);
    int rc = lw_backend_fail(diag, what, "LLVM passes", m);
    LLVMDisposeErrorMessage(m);
    return rc;
  }
  if (e != LW_EMIT_LLVM) return 0;
  char *s = LLVMPrintModuleToString(lm);
  *olen = strlen(s);
  *out = dup_n(s, *olen);
  LLVMDisposeMessage(s);
  return *out ? 0 : lw_backend_fail(diag, what, "LLVM IR", "out of memory");
}

static int llvm_stage(LLVMModuleRef lm, const char *what, lw_target t, lw_emit e, char **out,
                      size_t *olen, ir_diag *diag) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, set_llvm_options);
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(LW_TRIPLE, &target, &err)) {
    int rc = lw_backend_fail(diag, what, "LLVM", err);
    LLVMDisposeMessage(err);
    return rc;
  }
  LLVMTargetMachineRef tm =
      LLVMCreateTargetMachine(target, LW_TRIPLE, lw_target_name(t), ptx_isa(t),
                              LLVMCodeGenLevelAggressive, LLVMRelocDefault, LLVMCodeModelDefault);
  mark_asm_convergent(lm);
  int rc = lw_backend_optimize(lm, tm, LW_TRIPLE, what, e, out, olen, diag);
  if (rc || e == LW_EMIT_LLVM) goto done;
  LLVMMemoryBufferRef mb;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, lm, LLVMAssemblyFile, &err, &mb)) {
    rc = lw_backend_fail(diag, what, "NVPTX backend", err);
    LLVMDisposeMessage(err);
    goto done;
  }
  *olen = LLVMGetBufferSize(mb);
  *out = dup_n(LLVMGetBufferStart(mb), *olen);
  LLVMDisposeMemoryBuffer(mb);
  if (!*out) rc = lw_backend_fail(diag, what, "PTX", "out of memory");
done:
  LLVMDisposeTargetMachine(tm);
  return rc;
}

int lw_backend(const char *mlir, size_t len, const char *what, lw_target t, lw_emit e,
               char **out, size_t *olen, ir_diag *diag) {
  *out = NULL;
  *olen = 0;
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__llvm__(), reg);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__nvvm__(), reg);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__rocdl__(), reg);
  mlirContextAppendDialectRegistry(ctx, reg);
  mlirDialectRegistryDestroy(reg);
  mlirContextLoadAllAvailableDialects(ctx);
  mlirRegisterAllLLVMTranslations(ctx);
  diag_sink sink = {0};
  MlirDiagnosticHandlerID hid = mlirContextAttachDiagnosticHandler(ctx, on_diag, &sink, NULL);
  int rc = 0;
  MlirModule mod = mlirModuleCreateParse(ctx, (MlirStringRef){mlir, len});
  if (mlirModuleIsNull(mod)) {
    rc = lw_backend_fail(diag, what, "MLIR parser", sink.have ? sink.text.p : NULL);
    goto done;
  }
  if (!mlirOperationVerify(mlirModuleGetOperation(mod))) {
    rc = lw_backend_fail(diag, what, "MLIR verifier", sink.have ? sink.text.p : NULL);
    goto done_mod;
  }
  if (e == LW_EMIT_MLIR) {
    *out = dup_n("", 0);
    goto done_mod;
  }
  LLVMContextRef lc = LLVMContextCreate();
  LLVMModuleRef lm = mlirTranslateModuleToLLVMIR(mlirModuleGetOperation(mod), lc);
  if (!lm) {
    rc = lw_backend_fail(diag, what, "MLIR to LLVM IR translation", sink.have ? sink.text.p : NULL);
  } else {
    rc = lw_target_is_amd(t) ? lw_amdgpu_stage(lm, what, t, e, out, olen, diag)
                             : llvm_stage(lm, what, t, e, out, olen, diag);
    LLVMDisposeModule(lm);
  }
  LLVMContextDispose(lc);
done_mod:
  mlirModuleDestroy(mod);
done:
  mlirContextDetachDiagnosticHandler(ctx, hid);
  mlirContextDestroy(ctx);
  lw_sb_free(&sink.text);
  if (rc) {
    free(*out);
    *out = NULL;
    *olen = 0;
  }
  return rc;
}
