/* cli_sim.c: placeholder until the sim subcommand lands (see issues). */
#include <stdio.h>

#include "cli.h"

int vf_cmd_sim(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fprintf(stderr, "tlx-verify: error: 'sim' is not available in this build yet\n");
  return VF_EXIT_INPUT;
}
