/* cli_check.c: placeholder until the check subcommand lands (see issues). */
#include <stdio.h>

#include "cli.h"

int vf_cmd_check(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fprintf(stderr, "tlx-verify: error: 'check' is not available in this build yet\n");
  return VF_EXIT_INPUT;
}
