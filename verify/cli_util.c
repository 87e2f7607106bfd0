/* cli_util.c: pieces every subcommand shares: reading the input module with the reader's
 * one-line diagnostic. */
#include <stdio.h>
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
