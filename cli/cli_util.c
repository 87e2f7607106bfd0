/* cli_util.c: pieces every subcommand shares: reading the input module with the reader's
 * one-line diagnostic. */
#define _GNU_SOURCE /* memmem */
#include <assert.h>
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

int vf_cli_parse_grid(const char *v, int32_t grid[3], char *msg, size_t n) {
  int32_t g[3] = {1, 1, 1};
  char part[64];
  const char *p = v ? v : "";
  int k = 0;
  for (;; k++) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    int64_t x;
    if (k == 3 || len >= sizeof part) goto malformed;
    memcpy(part, p, len);
    part[len] = 0;
    int64_t hi = k == 0 ? VF_GRID_MAX_X : VF_GRID_MAX_YZ;
    ir_num st = ir_num_i64(part, 1, hi, &x);
    if (st == IR_NUM_MALFORMED) goto malformed;
    if (st == IR_NUM_RANGE) {
      snprintf(msg, n, "--grid %s: dimension %c is an integer from 1 to %lld (CUDA's grid limit), got '%s'",
               v, "xyz"[k], (long long)hi, part);
      return -1;
    }
    g[k] = (int32_t)x;
    if (!comma) break;
    p = comma + 1;
  }
  for (int j = 0; j < 3; j++) grid[j] = g[j];
  return 0;
malformed:
  snprintf(msg, n, "--grid expects X[,Y[,Z]] with integers (x 1 to %d, y and z 1 to %d), got '%s'",
           VF_GRID_MAX_X, VF_GRID_MAX_YZ, v ? v : "");
  return -1;
}

char *vf_cli_read_text(const char *file, size_t *len) {
  assert(file);
  ir_diag d = {0};
  char *buf = ir_read_file(file, len, &d);
  if (!buf) {
    fprintf(stderr, "%s\n", d.msg ? d.msg : "tlx-verify: error: cannot read the input");
    free(d.msg);
  }
  return buf;
}
