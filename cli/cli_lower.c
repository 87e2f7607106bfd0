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

int vf_cmd_lower(int argc, char **argv) {
  const char *file = NULL, *target = NULL, *emit = NULL, *outp = NULL;
  lw_opts opts = {0};
  vf_cli_args p;
  vf_cli_args_init(&p, "lower", argc, argv);
  while (vf_cli_next(&p)) {
    if (vf_cli_help(&p, usage)) return VF_EXIT_OK;
    if (vf_cli_value(&p, "--target", &target) || vf_cli_value(&p, "--emit", &emit) ||
        vf_cli_value(&p, "-o", &outp)) {
    } else if (vf_cli_flag(&p, "--recorder")) {
      opts.recorder = 1;
    } else if (p.word[0] == '-' && p.word[1]) {
      vf_cli_usage(&p, "unknown option: %s", p.word);
    } else {
      vf_cli_input(&p, &file);
    }
  }
  if (p.rc) return p.rc;
  if (!file) return vf_cli_usage(&p, "missing input FILE");
  if (!target) return vf_cli_usage(&p, "missing --target (sm_90a, sm_100a, gfx942 or gfx950)");
  if (!outp) return vf_cli_usage(&p, "missing -o FILE (use -o - for standard output)");
  const lw_api *lw = vf_cli_lowering();
  if (!lw) return VF_EXIT_INPUT;
  lw_target t;
  lw_emit e;
  if (lw->target_parse(target, &t))
    return vf_cli_usage(&p, "unknown --target (use sm_90a, sm_100a, gfx942 or gfx950): %s", target);
  bool amd = lw_target_is_amd(t);
  if (!emit) emit = amd ? "hsaco" : "ptx"; /* the target's own machine code */
  if (lw->emit_parse(emit, &e)) return vf_cli_usage(&p, "unknown --emit (use mlir, llvm, ptx or hsaco): %s", emit);
  if ((e == LW_EMIT_PTX && amd) || (e == LW_EMIT_HSACO && !amd))
    return vf_cli_usage(&p, "--emit %s is for the %s targets", emit, amd ? "NVIDIA" : "AMD");
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
