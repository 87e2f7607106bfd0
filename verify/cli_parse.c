/* cli_parse.c: placeholder until the reader lands. */
#include <stdio.h>

#include "cli.h"

int vf_cmd_parse(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fprintf(stderr, "tlx-verify: error: 'parse' is not available in this build yet\n");
  return VF_EXIT_INPUT;
}
