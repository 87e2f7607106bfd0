/* obs.h: what a stuck GPU showed, as `tlx-verify explain` reads it (docs/manual.md
 * "explain"): the observation parsers (one file per format: obs_hand.c, obs_gdb.c,
 * obs_json.c, obs_rocr.c; obs_read.c detects the format), the warp -> partition mapping
 * (obs_warps.c) and the mbarrier word decoder (obs_mbar.c).
 *
 * Ownership: an obs owns every string and array in it (obs_free). */
#ifndef TLXV_OBS_H
#define TLXV_OBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

enum { OBS_MAX_LINES = 8 };

typedef enum obs_what {
  OBS_UNSEEN = 0,              /* nothing observed: any position */
  OBS_AT,                      /* sits at (blocked in) an op of one of the lines */
  OBS_EXITED,                  /* finished its region */
  OBS_RUNNING,                 /* still making progress (not stuck) */
} obs_what;

/* Facts about the barrier an agent waits on (each optional). */
typedef struct obs_facts {
  bool has_phase, has_parity, has_pending, has_tx;
  int32_t phase;               /* parity of the barrier's current phase (0 / 1) */
  int32_t parity;              /* parity the wait awaits (0 / 1) */
  int32_t pending;             /* arrivals still missing in the current phase */
  int32_t tx;                  /* transaction bytes still missing (signed) */
} obs_facts;

typedef struct obs_line {
  char *file;                  /* owned; NULL = any file */
  uint32_t line;
} obs_line;

/* Where an item came from in the observation file (for errors). */
typedef struct obs_pos {
  uint32_t line, col;
} obs_pos;

/* One observed agent, named as `check` prints agents ("default", "partition0",
 * "cta1.partition2"). */
typedef struct obs_agent {
  char name[48];
  obs_what what;
  obs_line lines[OBS_MAX_LINES]; /* OBS_AT: the lines it was seen at (any of them) */
  uint32_t n_lines;
  obs_facts facts;
  obs_pos pos;
} obs_agent;

/* Observed threads (formats 1-3), before the mapping to partitions: the threads from
 * (block b_lo, thread t_lo) to (block b_hi, thread t_hi), both included, in launch order
 * (blockIdx.x, threadIdx.x; a range may span blocks, as cuda-gdb coalesces them); a warp is
 * 32 consecutive threads. */
typedef struct obs_warp {
  uint32_t b_lo, t_lo, b_hi, t_hi;
  bool other_axes;             /* blockIdx / threadIdx y or z not 0 (not mapped: noted) */
  obs_what what;
  obs_line at;
  obs_facts facts;
  obs_pos pos;
} obs_warp;

typedef struct obs {
  const char *path;            /* as given (not owned) */
  const char *format;          /* "list" | "cuda-gdb" | "recorder" | "rocr" (static) */
  obs_agent *agents;           /* owned */
  uint32_t n_agents;
  obs_warp *warps;             /* owned */
  uint32_t n_warps;
  char notes[512];             /* what the mapping dropped or assumed (may be empty) */
} obs;

void obs_free(obs *o);

/* Reads the observation file (format detected: obs_detect). On malformed input returns -1
 * with "PATH:LINE:COL: error: ..." in err. */
int obs_read(const char *path, obs *o, char *err, size_t n);
/* The format of text: "recorder" (a JSON object), "cuda-gdb" (an `info cuda threads`
 * header or rows), "rocr" (a debug-agent wave dump), else "list". */
const char *obs_detect(const char *text);
/* The parsers, on the whole file text (NUL-terminated). */
int obs_parse_list(const char *text, obs *o, char *err, size_t n);
int obs_parse_gdb(const char *text, obs *o, char *err, size_t n);
int obs_parse_json(const char *text, obs *o, char *err, size_t n);
int obs_parse_rocr(const char *text, obs *o, char *err, size_t n);
/* "PATH:LINE:COL: error: " + fmt into err; returns -1. */
int obs_error(const obs *o, obs_pos at, char *err, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Parses "FILE:LINE" (FILE may hold ':'; the last ':' splits) into l; false when malformed. */
bool obs_parse_fileline(const char *s, size_t len, obs_line *l);

/* ------------------------------------------------------------------ warps -> partitions */

/* The warps of the kernel's partitions (Triton's warp-group assignment, as the lowering
 * reproduces it in lowering/lw_ws.c): the default partition has warps 0..num_warps-1; the
 * partitions start at warpGroupStartIds when given, else largest first (stable) from
 * num_warps on. start[k], nw[k] for partition k; returns the number of partitions (0: no
 * warp_specialize), -1 when there are more than max, -2 when the kernel has an nvws.warp_group
 * (a pass input: its warps are laid out only once NVWSLowerWarpGroup made it a warp_specialize). */
int obs_partition_warps(const ir_module *mod, int *num_warps, int *start, int *nw, int max);
/* Turns o->warps into o->agents (merging warps of one partition: their lines are
 * alternatives; facts are kept when the warps agree). n_ctas: CTAs per cluster; names[k]:
 * the model's name of partition slot k of a CTA (0 = default), without the "ctaC." prefix
 * (added when n_ctas > 1). The warps of the first cluster observed are kept; others are named
 * in o->notes. Returns -1 with err (position of the warp) when a warp lies outside every
 * partition. */
int obs_map_warps(obs *o, const ir_module *mod, uint32_t n_ctas, const char *const *names,
                  uint32_t n_names, char *err, size_t n);

/* ------------------------------------------------------------------ mbarrier words */

/* A Hopper mbarrier's 64-bit shared-memory word, decoded with the layout of
 * /work/shared/docs/hangs.md §2 (reverse-engineered, not documented by NVIDIA; confirmed on an
 * H200 by tests/device/mbar_word.cu): bit 0 reserved, bits 1-20 the expected count (stored
 * negated), 21-41 the tx-count (signed, stored negated), 42 a lock bit, 43-62 the pending
 * arrivals (stored negated), 63 the phase parity. A kernel's own plain shared-memory load of
 * the word reads what was stored before mbarrier.init (0 on the H200: the live state is not
 * in shared memory until mbarrier.inval); cuda-gdb, live or from a coredump, reads the
 * live word. */
typedef struct obs_mbar {
  int32_t expected;            /* arrivals each phase expects */
  int32_t pending;             /* arrivals still missing in the current phase */
  int32_t tx;                  /* transaction bytes still missing (negative: more delivered
                                  than expected) */
  bool locked;
  int32_t phase;               /* current phase parity */
} obs_mbar;
obs_mbar obs_mbar_decode(uint64_t word);
uint64_t obs_mbar_encode(const obs_mbar *b); /* the inverse (tests, renderers) */
/* The facts a raw word gives: phase parity, pending arrivals, tx-count. */
void obs_facts_from_word(obs_facts *f, uint64_t word);

#endif
