/* cli_util.c: pieces every subcommand shares: reading the input module with the reader's
 * one-line diagnostic. */
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>

#include "cli.h"

ir_module *vf_cli_read(const char *path) {
  ir_diag diag = {0};
  ir_module *mod = ir_parse_file(path, &diag);
  if (!mod) {
    fprintf(stderr, "%s\n", diag.msg ? diag.msg : "tlx-verify: error: cannot read the input");
    free(diag.msg);
  }
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
