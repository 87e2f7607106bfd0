/* cli_fleet_internal.h: what the fleet's files share (cli_fleet.c runs the jobs,
 * cli_fleet_list.c finds and shards the kernels, cli_fleet_report.c merges the reports).
 * Ownership: fl_list's array and what each fl_kernel owns (its path, error, report) are
 * the caller's (fl_kernels_free); the merged reports allocate nothing the caller keeps. */
#ifndef TLXV_CLI_FLEET_INTERNAL_H
#define TLXV_CLI_FLEET_INTERNAL_H

#include <jansson.h>
#include <stdio.h>
#include <sys/types.h>

#include "cli_fleet.h"

typedef struct fl_kernel {
  char *path;                  /* owned: the kernel's path as the report names it */
  pid_t pid;                   /* its check while it runs, else 0 */
  FILE *out, *err;             /* owned while it runs: the child's stdout (its report) and stderr */
  int exit_code;               /* its check's exit code (VF_EXIT_*) */
  const char *verdict;         /* static: "verified" | "bug" | "inconclusive" | "error" */
  char *error;                 /* owned, may be NULL: why it is an error (its stderr, or how the
                                  child died) */
  json_t *doc;                 /* owned, may be NULL: the child's report (JSON, or SARIF for
                                  --format sarif) */
  uint32_t warnings;           /* warnings in that report (its "warnings" count) */
} fl_kernel;

typedef struct fl_summary {
  uint32_t kernels;            /* checked (in this shard) */
  uint32_t found;              /* found in the inputs, before sharding */
  uint32_t verified, bug, inconclusive, error;
  uint32_t warnings;           /* over every kernel's report (they do not change the exit code) */
  uint64_t shard_k, shard_n;   /* shard_n == 0: no --shard */
  int exit_code;
  double seconds;              /* wall clock of the whole fleet */
} fl_summary;

/* The kernels of the inputs (argv[f->input[..]]): a file is taken as it is; a directory is
 * walked (symbolic links to directories are not followed) for *.ttgir and *.ttir files, a
 * .ttir dropped when the .ttgir of the same kernel is next to it (Triton writes both). Sorted
 * by path (bytes, strcmp), duplicates removed. 0, or -1 with "PATH: why" in msg (an input
 * that does not exist, a directory that cannot be read). */
int fl_list(const vf_fleet *f, char **argv, fl_kernel **out, uint32_t *n, char *msg, size_t msg_n);
/* Keeps the kernels of shard k of n: those whose index i in the sorted list has
 * i mod n == k mod n (so 0..n-1 and 1..n both partition the list). */
void fl_shard(fl_kernel *k, uint32_t *n, uint64_t shard_k, uint64_t shard_n);
void fl_kernels_free(fl_kernel *k, uint32_t n);

/* The number of warnings in a kernel's report doc (check's JSON "warnings", or its SARIF run's
 * properties.warnings); 0 when it has none. */
uint32_t fl_doc_warnings(const json_t *doc);
/* The merged reports (cli_fleet_report.c); JSON and SARIF return 0, or -1 when writing failed. */
void fl_report_text(const fl_kernel *k, uint32_t n, const fl_summary *s, FILE *out, bool quiet);
int fl_report_json(const fl_kernel *k, uint32_t n, const fl_summary *s, FILE *out);
int fl_report_sarif(const fl_kernel *k, uint32_t n, const fl_summary *s, FILE *out);

#endif
