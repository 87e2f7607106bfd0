/* cli_util.c: pieces every subcommand shares: reading the input module with the reader's
 * one-line diagnostic. */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

ir_module *vf_cli_read(const char *path) {
  ir_diag diag = {0};
  size_t len = 0;
  char *buf = ir_read_file(path, &len, &diag);
  ir_module *mod = buf ? ir_parse(buf, len, strcmp(path, "-") ? path : "<stdin>", &diag) : NULL;
  if (!mod) {
    fprintf(stderr, "%s\n", diag.msg ? diag.msg : "tlx-verify: error: cannot read the input");
    /* a lit test file holds several modules: say how to take them one at a time */
    if (buf && (!strncmp(buf, "// -----", 8) || memmem(buf, len, "\n// -----", 9)))
      fprintf(stderr, "%s: note: the file holds several inputs separated by '// -----' lines; "
              "check them one at a time (`tlx-verify parse --split-input-file` reads them all)\n",
              path);
    free(diag.msg);
  }
  free(buf);
  return mod;
}

int vf_cli_parse_grid(const char *v, int32_t grid[3]) {
  int32_t g[3] = {1, 1, 1};
  const char *p = v;
  for (int k = 0; k < 3; k++) {
    char *e;
    errno = 0;
    long x = strtol(p, &e, 10);
    if (e == p || errno || x < 1 || x > (1 << 24)) return -1;
    g[k] = (int32_t)x;
    if (!*e) {
      for (int j = 0; j < 3; j++) grid[j] = g[j];
      return 0;
    }
    if (*e != ',' || k == 2) return -1;
    p = e + 1;
  }
  return -1;
}
