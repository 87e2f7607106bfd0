/* lw_amdgpu.c: LLVM IR -> -O3 -> AMD code object: the LLVM 22 AMDGPU backend (gfx942 / gfx950)
 * writes a relocatable object, which `ld.lld -shared` links into the .hsaco the ROCm loader
 * takes (AMDGPUUsage, "Code Object"). Code object version 5, as Triton's AMD backend sets it. */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "lw_int.h"
#include "ir/ir_alloc.h"

#ifndef TLXV_LD_LLD
#define TLXV_LD_LLD "ld.lld"
#endif

#define LW_AMD_TRIPLE "amdgcn-amd-amdhsa"

extern char **environ;

static int write_all(const char *path, const char *p, size_t n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) return -1;
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w <= 0) {
      close(fd);
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return close(fd);
}

static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  lw_sb b = {0};
  char buf[65536];
  size_t r;
  while ((r = fread(buf, 1, sizeof buf, f)) > 0) lw_sb_put(&b, buf, r);
  fclose(f);
  *len = b.n;
  return b.p ? b.p : ir_xcalloc(1, 1);
}

/* ld.lld -shared obj -o out (in a private temporary directory); its stderr goes to ours. */
static int link_hsaco(const char *obj, size_t objn, char **out, size_t *olen, char *err, size_t errn) {
  const char *tmp = getenv("TMPDIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/tlxv-hsaco-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    snprintf(err, errn, "cannot make a temporary directory: %s", strerror(errno));
    return -1;
  }
  char o[4200], h[4200];
  snprintf(o, sizeof o, "%s/k.o", dir);
  snprintf(h, sizeof h, "%s/k.hsaco", dir);
  int rc = -1;
  if (write_all(o, obj, objn)) {
    snprintf(err, errn, "cannot write %s: %s", o, strerror(errno));
    goto done;
  }
  char *argv[] = {(char *)TLXV_LD_LLD, (char *)"-shared", o, (char *)"-o", h, NULL};
  pid_t pid;
  int e = posix_spawn(&pid, TLXV_LD_LLD, NULL, NULL, argv, environ);
  if (e) {
    snprintf(err, errn, "cannot run %s: %s", TLXV_LD_LLD, strerror(e));
    goto done;
  }
  int st;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  if (!WIFEXITED(st) || WEXITSTATUS(st)) {
    snprintf(err, errn, "%s -shared failed (status %d)", TLXV_LD_LLD, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    goto done;
  }
  *out = read_all(h, olen);
  if (!*out) snprintf(err, errn, "cannot read %s", h);
  else rc = 0;
done:
  unlink(o);
  unlink(h);
  rmdir(dir);
  return rc;
}

int lw_amdgpu_stage(LLVMModuleRef lm, const char *what, lw_target t, lw_emit e, char **out,
                    size_t *olen, ir_diag *diag) {
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(LW_AMD_TRIPLE, &target, &err)) {
    int rc = lw_backend_fail(diag, what, "LLVM", err);
    LLVMDisposeMessage(err);
    return rc;
  }
  LLVMTargetMachineRef tm =
      LLVMCreateTargetMachine(target, LW_AMD_TRIPLE, lw_target_name(t), "", LLVMCodeGenLevelAggressive,
                              LLVMRelocPIC, LLVMCodeModelDefault);
  LLVMContextRef ctx = LLVMGetModuleContext(lm);
  LLVMMetadataRef cov = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(ctx), 500, 0));
  static const char key[] = "amdhsa_code_object_version";
  LLVMAddModuleFlag(lm, LLVMModuleFlagBehaviorError, key, sizeof key - 1, cov);
  int rc = lw_backend_optimize(lm, tm, LW_AMD_TRIPLE, what, e, out, olen, diag);
  if (rc || e == LW_EMIT_LLVM) goto done;
  LLVMMemoryBufferRef mb;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, lm, LLVMObjectFile, &err, &mb)) {
    rc = lw_backend_fail(diag, what, "AMDGPU backend", err);
    LLVMDisposeMessage(err);
    goto done;
  }
  char lerr[4400];
  if (link_hsaco(LLVMGetBufferStart(mb), LLVMGetBufferSize(mb), out, olen, lerr, sizeof lerr))
    rc = lw_backend_fail(diag, what, "ld.lld", lerr);
  LLVMDisposeMemoryBuffer(mb);
done:
  LLVMDisposeTargetMachine(tm);
  return rc;
}
