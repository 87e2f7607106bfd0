/* lw_ptx.c: PTX text fix-ups after the NVPTX backend. LLVM 19 knows targets up to sm_90a and
 * PTX ISA 8.5, so sm_100a PTX is produced for sm_90a and its `.version` / `.target` lines are
 * rewritten to PTX 8.7 / sm_100a (the first ISA that ptxas of CUDA 12.8 accepts for sm_100a
 * with tcgen05). The lowering never emits sm_90a-only instructions (wgmma) for sm_100a:
 * they are rejected before, as unsupported ops. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"
#include "ir/ir_alloc.h"

/* Finds the line starting with prefix (at column 0); returns its start or NULL. */
static char *find_line(char *text, const char *prefix) {
  size_t n = strlen(prefix);
  for (char *p = text; p && *p;) {
    if (!strncmp(p, prefix, n)) return p;
    p = strchr(p, '\n');
    if (p) p++;
  }
  return NULL;
}

/* Replaces the whole line at `line` with `repl` (no newline). */
static int replace_line(char **text, size_t *len, char *line, const char *repl) {
  char *eol = strchr(line, '\n');
  size_t start = (size_t)(line - *text), end = eol ? (size_t)(eol - *text) : *len;
  size_t rl = strlen(repl), nl = *len - (end - start) + rl;
  char *n = ir_xmalloc(nl + 1, 1);
  if (!n) return -1;
  memcpy(n, *text, start);
  memcpy(n + start, repl, rl);
  memcpy(n + start + rl, *text + end, *len - end);
  n[nl] = 0;
  free(*text);
  *text = n;
  *len = nl;
  return 0;
}

int lw_ptx_retarget(char **ptx, size_t *len, lw_target t, char *err, size_t errn) {
  char *ver = find_line(*ptx, ".version ");
  char *tgt = find_line(*ptx, ".target ");
  if (!ver || !tgt || strncmp(tgt, ".target sm_90a", 14) || strncmp(ver, ".version 8.5", 12)) {
    snprintf(err, errn, "the NVPTX backend did not produce `.version 8.5` / `.target sm_90a` PTX");
    return -1;
  }
  if (t == LW_SM90A) return 0;
  if (replace_line(ptx, len, tgt, ".target sm_100a")) goto oom;
  ver = find_line(*ptx, ".version ");
  if (replace_line(ptx, len, ver, ".version 8.7")) goto oom;
  return 0;
oom:
  snprintf(err, errn, "out of memory");
  return -1;
}
