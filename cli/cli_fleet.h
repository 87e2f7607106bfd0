/* cli_fleet.h: `check` over many kernels (cli_fleet.c): a directory tree (a TRITON_CACHE_DIR or
 * TRITON_DUMP_DIR: <hash>/<kernel>.ttgir) or several files, checked by -j N forked jobs (one
 * process per kernel, so one kernel's crash or out-of-memory spares the others), --shard K/N
 * picks a deterministic subset, and one merged text / JSON / SARIF report is written
 * (docs/manual.md "Fleets"). cli_check.c's parser feeds it; it runs every kernel through
 * vf_cmd_check in a child process.
 * Ownership: a vf_fleet holds argv indices only (nothing to free); vf_fleet_run owns the
 * children and temporary report files it makes and removes them before it returns. */
#ifndef TLXV_CLI_FLEET_H
#define TLXV_CLI_FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h" /* vf_cli_args */

typedef struct vf_fleet {
  int input[256];              /* argv indices of the input paths, in command-line order */
  uint32_t n_input;
  bool overflow;               /* more than 256 inputs were given */
  int own[4];                  /* argv indices of -j / --shard and their values (not passed on) */
  uint32_t n_own;
  uint32_t jobs;               /* -j N; 0: the number of online CPUs */
  uint64_t shard_k, shard_n;   /* --shard K/N; shard_n == 0: no sharding */
  bool given;                  /* -j or --shard was given */
} vf_fleet;

/* Whether the word of p is a fleet option (-j N, -jN, --jobs N, --shard K/N); a bad value is a
 * usage error printed on p. */
bool vf_fleet_opt(vf_fleet *f, vf_cli_args *p);
/* Records argv[i] as an input path. */
void vf_fleet_input(vf_fleet *f, int i);
/* Whether the command is a fleet: more than one input, a directory, -j or --shard. */
bool vf_fleet_wanted(const vf_fleet *f, char **argv);
/* Checks the fleet and prints the merged report in format (text|json|sarif); quiet: text
 * prints only the kernels that are not verified. argv (argc words, argv[0] == "check") is the
 * whole command line: every word that is neither an input nor a fleet option goes to each
 * kernel's check. Returns the exit code (docs/manual.md "Fleets": 1 when any kernel has a
 * bug, else 2 when any kernel could not be checked, else 3 when any is inconclusive, else 0;
 * 2 with nothing on stdout for a usage error or an input tree without kernels). */
int vf_fleet_run(const vf_fleet *f, int argc, char **argv, const char *format, bool quiet);

#endif
