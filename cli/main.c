/* main.c: the tlx-verify command line: dispatches to a subcommand (cli/cli.h). A bare
 * FILE argument means `check FILE`; any other word is an unknown command. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "ir/ir_alloc.h"
#ifdef TLXV_SYM_LINKED
#include "symbolic/sym.h"
#endif

#ifndef TLXV_VERSION
#define TLXV_VERSION "dev"
#endif

static const char usage[] =
    "usage: tlx-verify [check] FILE [options]     verify every schedule (deadlocks, races, barriers)\n"
    "       tlx-verify [check] DIR|FILE... [-j N] [--shard K/N] [options]  many kernels, one report\n"
    "       tlx-verify sim FILE [options]         run with real data on the CPU\n"
    "       tlx-verify graph FILE -o F [options]  draw the pipeline schedule or the protocol\n"
    "       tlx-verify lower FILE --target T -o F lower to MLIR / LLVM IR / PTX\n"
    "       tlx-verify parse [options] FILE       syntax check: parse and print back\n"
    "       tlx-verify explain FILE --observed OBS why did it hang: match what a stuck GPU showed\n"
    "       tlx-verify explain --how              how to collect OBS (cuda-gdb, coredumps)\n"
    "       tlx-verify skeleton FILE              AMD: check the waits and barriers of a disassembled\n"
    "                                             gfx942 / gfx950 kernel (llvm-objdump -d, or a .hsaco)\n"
    "       tlx-verify --version | --help\n"
    "FILE is TTGIR or TTIR text ('-' reads standard input). docs/manual.md has examples.\n"
    "\n"
    "check options:\n"
    "  --arg NAME=INT          value of an integer kernel argument (repeatable; default: whole\n"
    "                          tiles giving a few trip counts around each ring depth, and one\n"
    "                          partial tile)\n"
    "  --grid X[,Y[,Z]]        launch grid: program ids checked when control depends on them;\n"
    "                          the programs' global writes compared (races between programs);\n"
    "                          default 1, 3 for a kernel with cluster launch control ops,\n"
    "                          up to 8 along a dimension that indexes a loop's trip count\n"
    "  --format text|json|sarif  report format (default text)\n"
    "  --trace-out F.json      the first bug's schedule as a Chrome trace (Perfetto)\n"
    "  --graph-out F.svg|F.png|F.dot  the first bug's schedule (or a round-robin one) as a graph\n"
    "  --max-states N          state bound for the whole check (default 5000000; inconclusive when hit)\n"
    "  --time-limit S          time bound in seconds for the whole check (inconclusive when hit)\n"
    "  --random N              N random schedules instead of the exhaustive search\n"
    "  --seed N                seed of --random\n"
    "  --max-trip N            loop trip-count bound of the model (default 2^20)\n"
    "  --no-reduction          explore without partial-order reduction\n"
    "  --symmetry              AMD: symmetry reduction of interchangeable waves from the first\n"
    "                          state (default: past 100,000 states of a run)\n"
    "  --no-symmetry           AMD: no symmetry reduction (for checking it)\n"
    "  --all-waves             AMD: run every wave, not two of each class of waves that compute\n"
    "                          the same (for checking that reduction)\n"
    "  --threads N             N threads search each run together (default 1; the same states\n"
    "                          and bugs, the schedules shown may differ)\n"
    "  --symbolic              also prove the pipeline conditions for every argument value (Z3)\n"
    "  -q, --quiet             only the diagnostics, no summary\n"
    "  --stats                 performance statistics (states/s, memory, reduction factor)\n"
    "  --warnings-as-errors    report every warning as an error (exit 1 when there is one)\n"
    "  --partial-tiles warn|error|off  a report only the default arguments' partial tile gives:\n"
    "                          a warning (default), an error, or not looked for\n"
    "  -j N                    with a directory or several files: N kernels at once, one process\n"
    "                          each (default: the online CPUs); a directory's *.ttgir / *.ttir\n"
    "  --shard K/N             only shard K of N of the sorted kernels (K mod N; 0..N-1 or 1..N)\n"
    "sim options:\n"
    "  --arg NAME=INT|FLOAT    scalar kernel argument (required for each)\n"
    "  --tensor NAME=SPEC      tensor / pointer argument: FILE.npy, random:SHAPE:DTYPE or\n"
    "                          zeros:SHAPE:DTYPE (e.g. random:256x2048:f32)\n"
    "  --grid X[,Y[,Z]]        launch grid (every program is run, one after the other)\n"
    "  --seed N                seed of the random schedule and of random: tensors\n"
    "  --schedule random|round-robin  the schedule (default random)\n"
    "  --out DIR               write every tensor argument as DIR/NAME.npy after the run\n"
    "  --trace-out F.json      the schedule of the first program with a bug (else program 0)\n"
    "                          as a Chrome trace\n"
    "  --max-steps N           step bound over the whole run (default 10^8; inconclusive)\n"
    "  -q                      no summary line\n"
    "graph options:\n"
    "  -o F.svg|F.png|F.dot    output (required)\n"
    "  --arg NAME=INT          integer kernel argument (required for those that decide trip\n"
    "                          counts or synchronization)\n"
    "  --counterexample        draw the first bug the explorer finds (else a round-robin run)\n"
    "  --protocol              the static barrier protocol graph instead of a schedule\n"
    "  --iterations N          loop iterations shown per lane\n"
    "  --trace-out F.json      the drawn schedule as a Chrome trace\n"
    "lower options:\n"
    "  --target sm_90a|sm_100a|gfx942|gfx950  GPU target (required)\n"
    "  --emit mlir|llvm|ptx|hsaco  output kind (default ptx; hsaco for the AMD targets)\n"
    "  -o F                    output file (required; '-' is standard output)\n"
    "explain options:\n"
    "  --observed OBS          what the hung GPU showed (format detected): cuda-gdb 'info cuda\n"
    "                          threads' output, a hang record (JSON), a ROCr debug-agent dump, or\n"
    "                          lines 'PARTITION FILE:LINE' / 'PARTITION exited' (docs/manual.md)\n"
    "  --arg, --grid, --format, --max-states, --time-limit, --max-trip, --trace-out, --graph-out,\n"
    "  -q                      as for check (the trace and graph show the schedule to the hang)\n"
    "  --no-reduction          search without partial-order reduction\n"
    "  --all-waves             AMD: accepted; explain runs every wave of an AMD kernel anyway\n"
    "parse options:\n"
    "  --split-input-file      '// -----' lines separate independent inputs\n"
    "  --no-print              only check the syntax\n"
    "  --list-ops              print the supported operations (markdown table)\n"
    "Exit codes: 0 verified / success, 1 bugs found (explain: a matching hang), 2 usage or input\n"
    "error, 3 inconclusive, 5 explain: no reachable state matches the observation.\n";

typedef struct cmd {
  const char *name;
  int (*run)(int argc, char **argv);
} cmd;

static const cmd cmds[] = {
    {"check", vf_cmd_check}, {"sim", vf_cmd_sim},     {"graph", vf_cmd_graph},
    {"lower", vf_cmd_lower}, {"parse", vf_cmd_parse}, {"explain", vf_cmd_explain},
    {"skeleton", vf_cmd_skeleton},
};

/* Whether a first argument that is no command still means `check`: an option (check's
 * options may come first), '-' (standard input), an existing path, or a word that looks like
 * a file name (a '.' or a '/': "k.ttgir", "./k"). A bare word like "frobnicate" is a
 * mistyped command, not a missing file (docs/manual.md "Commands"). */
static bool names_input(const char *a) {
  struct stat st;
  return a[0] == '-' || strchr(a, '.') || strchr(a, '/') || stat(a, &st) == 0;
}

int main(int argc, char **argv) {
  ir_heap_keep(); /* the runs of a check reallocate their tables: -3 % CPU on 64 runs */
#ifdef TLXV_SYM_LINKED
  vf_cli_sym_use(vf_sym_api_v1()); /* sanitizer builds: linked in, not loaded (CMakeLists.txt) */
#endif
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
  /* `check|sim|graph ... --help`: those parsers have no help of their own (parse and lower
   * do): print this text */
  for (int i = 1; i < argc; i++)
    if ((!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) && strcmp(argv[1], "parse") &&
        strcmp(argv[1], "lower")) {
      fputs(usage, stdout);
      return VF_EXIT_OK;
    }
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
    if (!strcmp(argv[1], cmds[i].name)) return cmds[i].run(argc - 1, argv + 1);
  if (!names_input(argv[1])) {
    fprintf(stderr, "tlx-verify: error: unknown command '%s'; the commands are check, sim, graph, "
                    "lower, parse, explain and skeleton (a FILE first means check); see tlx-verify --help\n", argv[1]);
    return VF_EXIT_INPUT;
  }
  /* `tlx-verify FILE ...` is `tlx-verify check FILE ...`: argv[0] stands in for "check". */
  return vf_cmd_check(argc, argv);
}
