/* cli_lower.c: placeholder until the lower subcommand lands (see issues). */
#include <stdio.h>

#include "cli.h"

int vf_cmd_lower(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fprintf(stderr, "tlx-verify: error: 'lower' is not available in this build yet\n");
  return VF_EXIT_INPUT;
}
