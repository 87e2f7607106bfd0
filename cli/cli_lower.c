/* cli_lower.c: `tlx-verify lower FILE --target sm_90a|sm_100a|gfx942|gfx950
 * [--emit mlir|llvm|ptx|hsaco] [--recorder] -o F`: parses the TTGIR and writes it lowered to
 * MLIR (llvm + nvvm / rocdl dialects), LLVM IR, PTX (NVIDIA; it starts with the runner ABI
 * header, docs/lowering.md) or an AMD code object (.hsaco, AMD; lowering/lw.h). --recorder
 * builds the hang recorder into every mbarrier wait (NVIDIA; docs/lowering.md "Hang recorder"). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ir/ir.h"

static const char usage[] =
    "usage: tlx-verify lower FILE --target sm_90a|sm_100a|gfx942|gfx950 [--emit mlir|llvm|ptx|hsaco]\n"
    "                          [--recorder] -o F\n";

static int usage_error(const char *what, const char *arg) {
  fprintf(stderr, "tlx-verify: error: lower: %s%s%s\n%s", what, arg ? ": " : "", arg ? arg : "",
          usage);
  return VF_EXIT_INPUT;
}

int vf_cmd_lower(int argc, char **argv) {
  const char *file = NULL, *target = NULL, *emit = NULL, *outp = NULL;
  lw_opts opts = {0};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return VF_EXIT_OK;
    }
    bool has_next = i + 1 < argc;
    if (!strcmp(a, "--target")) {
      if (!has_next) return usage_error("--target needs a value", NULL);
      target = argv[++i];
    } else if (!strncmp(a, "--target=", 9)) {
      target = a + 9;
    } else if (!strcmp(a, "--emit")) {
      if (!has_next) return usage_error("--emit needs a value", NULL);
      emit = argv[++i];
    } else if (!strncmp(a, "--emit=", 7)) {
      emit = a + 7;
    } else if (!strcmp(a, "--recorder")) {
      opts.recorder = 1;
    } else if (!strcmp(a, "-o")) {
      if (!has_next) return usage_error("-o needs a file name", NULL);
      outp = argv[++i];
    } else if (a[0] == '-' && a[1]) {
      return usage_error("unknown option", a);
    } else if (!file) {
      file = a;
    } else {
      return usage_error("more than one input file", a);
    }
  }
  if (!file) return usage_error("missing input FILE", NULL);
  if (!target) return usage_error("missing --target (sm_90a, sm_100a, gfx942 or gfx950)", NULL);
  if (!outp) return usage_error("missing -o FILE (use -o - for standard output)", NULL);
  const lw_api *lw = vf_cli_lowering();
  if (!lw) return VF_EXIT_INPUT;
  lw_target t;
  lw_emit e;
  if (lw->target_parse(target, &t))
    return usage_error("unknown --target (use sm_90a, sm_100a, gfx942 or gfx950)", target);
  bool amd = lw_target_is_amd(t);
  if (!emit) emit = amd ? "hsaco" : "ptx"; /* the target's own machine code */
  if (lw->emit_parse(emit, &e)) return usage_error("unknown --emit (use mlir, llvm, ptx or hsaco)", emit);
  if ((e == LW_EMIT_PTX && amd) || (e == LW_EMIT_HSACO && !amd))
    return usage_error(amd ? "--emit ptx is for the NVIDIA targets" : "--emit hsaco is for the AMD targets",
                       emit);
  ir_module *m = vf_cli_read(file);
  if (!m) return VF_EXIT_INPUT;
  ir_diag d = {0};
  char *text = NULL;
  size_t len = 0;
  int rc = lw->lower_opts(m, t, e, &opts, &text, &len, &d);
  ir_module_free(m);
  if (rc) {
    fprintf(stderr, "%s\n", d.msg ? d.msg : "error: lowering failed");
    free(d.msg);
    return VF_EXIT_INPUT;
  }
  FILE *f = strcmp(outp, "-") ? fopen(outp, "wb") : stdout;
  if (!f) {
    fprintf(stderr, "%s:1:1: error: cannot write the output, check the -o path\n", outp);
    free(text);
    return VF_EXIT_INPUT;
  }
  size_t w = fwrite(text, 1, len, f);
  int cerr = f == stdout ? fflush(f) : fclose(f);
  free(text);
  if (w != len || cerr) {
    fprintf(stderr, "%s:1:1: error: writing the output failed, check free space and the -o path\n", outp);
    return VF_EXIT_INPUT;
  }
  return VF_EXIT_OK;
}
