/* main.c: the tlx-verify command line: dispatches to a subcommand (verify/cli.h). A bare
 * FILE argument means `check FILE`. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#ifndef TLXV_VERSION
#define TLXV_VERSION "dev"
#endif

static const char usage[] =
    "usage: tlx-verify [check] FILE [--arg NAME=INT]... [--grid X[,Y[,Z]]]\n"
    "                  [--format text|json|sarif] [--trace-out F.json] [--graph-out F.svg|F.dot]\n"
    "                  [--max-states N] [--time-limit S] [--random N] [--no-reduction]\n"
    "                  [--symbolic] [-q] [--stats]\n"
    "       tlx-verify sim FILE [--arg NAME=INT]... [--tensor NAME=SPEC]... [--grid X[,Y[,Z]]]\n"
    "                  [--seed N] [--schedule random|round-robin] [--out DIR] [--trace-out F.json]\n"
    "       tlx-verify graph FILE -o F.svg|F.png|F.dot [--protocol] [--iterations N] [--arg ...]\n"
    "       tlx-verify lower FILE --target sm_90a|sm_100a [--emit mlir|llvm|ptx] -o F\n"
    "       tlx-verify parse [--split-input-file] FILE\n"
    "       tlx-verify --version | --help\n"
    "FILE is TTGIR or TTIR text ('-' reads standard input).\n"
    "Exit codes: 0 verified / success, 1 bugs found, 2 usage or input error, 3 inconclusive.\n";

typedef struct cmd {
  const char *name;
  int (*run)(int argc, char **argv);
} cmd;

static const cmd cmds[] = {
    {"check", vf_cmd_check}, {"sim", vf_cmd_sim},     {"graph", vf_cmd_graph},
    {"lower", vf_cmd_lower}, {"parse", vf_cmd_parse},
};

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs(usage, stderr);
    return VF_EXIT_INPUT;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    fputs(usage, stdout);
    return VF_EXIT_OK;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("tlx-verify %s\n", TLXV_VERSION);
    return VF_EXIT_OK;
  }
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
    if (!strcmp(argv[1], cmds[i].name)) return cmds[i].run(argc - 1, argv + 1);
  /* `tlx-verify FILE ...` is `tlx-verify check FILE ...`: argv[0] stands in for "check". */
  return vf_cmd_check(argc, argv);
}
