/* cli_graph.c: placeholder until the graph subcommand lands (see issues). */
#include <stdio.h>

#include "cli.h"

int vf_cmd_graph(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fprintf(stderr, "tlx-verify: error: 'graph' is not available in this build yet\n");
  return VF_EXIT_INPUT;
}
