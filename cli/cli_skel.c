/* cli_skel.c: `tlx-verify skeleton FILE`: the AMD wave model over the wait / barrier skeleton
 * of a disassembled gfx9 kernel (sim/sim_amd_skel.h), translation validation of what
 * `tlx-verify lower --target gfx942|gfx950` (or any compiler) wrote. FILE is the text of
 * `llvm-objdump -d` ('-' reads standard input) or a code object (.hsaco), which is
 * disassembled with llvm-objdump (LLVM_OBJDUMP, else llvm-objdump-22, else llvm-objdump). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ir/ir.h"
#include "sim/sim_amd_skel.h"

static const char skel_usage[] =
    "usage: tlx-verify skeleton FILE     (FILE: llvm-objdump -d output, '-' for standard input, or a .hsaco)\n"
    "Checks that the waits (s_waitcnt) and barriers (s_barrier) of a gfx942 / gfx950 kernel order every LDS\n"
    "write of one wave before the other waves' reads of it and every read before their writes (docs/manual.md).\n"
    "Exit codes: 0 ordered, 1 an unordered access, 2 input error, 3 inconclusive.\n";

/* An ELF file (the code object itself). */
static bool is_elf(const char *b, size_t n) { return n >= 4 && !memcmp(b, "\x7f" "ELF", 4); }

/* The disassembly of code object `path` (malloc'd, *n bytes), or NULL after printing why. */
static char *disassemble(const char *path, size_t *n) {
  const char *tool = getenv("LLVM_OBJDUMP");
  const char *cands[3] = {tool, "llvm-objdump-22", "llvm-objdump"};
  for (int k = 0; k < 3; k++) {
    if (!cands[k] || !*cands[k]) continue;
    if (strchr(path, '\'')) break; /* not quoted safely below */
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' -d '%s' 2>/dev/null", cands[k], path);
    FILE *p = popen(cmd, "r");
    if (!p) continue;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    char buf[8192];
    size_t r;
    while (mem && (r = fread(buf, 1, sizeof buf, p)) > 0) fwrite(buf, 1, r, mem);
    int st = pclose(p);
    if (mem) fclose(mem);
    if (st == 0 && text && len) {
      *n = len;
      return text;
    }
    free(text);
  }
  fprintf(stderr, "%s:1:1: error: cannot disassemble the code object: set LLVM_OBJDUMP to llvm-objdump (LLVM 22)\n",
          path);
  return NULL;
}

int vf_cmd_skeleton(int argc, char **argv) {
  const char *file = NULL;
  vf_cli_args p;
  vf_cli_args_init(&p, "skeleton", argc, argv);
  while (vf_cli_next(&p)) {
    if (vf_cli_help(&p, skel_usage)) return VF_EXIT_OK;
    vf_cli_input(&p, &file);
  }
  size_t len;
  char *buf = vf_cli_input_text(&p, file, &len);
  if (!buf) return p.rc;
  if (is_elf(buf, len)) {
    free(buf);
    if (!(buf = disassemble(file, &len))) return VF_EXIT_INPUT;
  }
  char *report;
  sim_skel_verdict v = sim_amd_skel_check(buf, len, strcmp(file, "-") ? file : "<stdin>", &report);
  free(buf);
  fputs(report, v == SIM_SKEL_OK ? stdout : stderr);
  free(report);
  switch (v) {
  case SIM_SKEL_OK:
    printf("%s: verified: every LDS access of one wave is ordered before the other waves' conflicting ones\n", file);
    return VF_EXIT_OK;
  case SIM_SKEL_BUG: return VF_EXIT_BUG;
  case SIM_SKEL_INCONCLUSIVE: return VF_EXIT_INCONCLUSIVE;
  default: return VF_EXIT_INPUT;
  }
}
