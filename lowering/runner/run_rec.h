/* run_rec.h: the runner's side of the hang recorder (docs/lowering.md "Hang recorder"): the
 * side table of the PTX header ("// tlxv-recorder", "// tlxv-rec-op", "// tlxv-rec-bar") and
 * the JSON writer that turns the host-mapped record buffer (rec_abi.h) into the hang record
 * `tlx-verify explain --observed` reads (verify/obs_json.c). No CUDA here: the writer is a
 * function over a word array, unit-tested on the CPU (tests/unit/test_run_rec.c).
 *
 * Ownership: a run_rec_info owns its arrays (run_rec_free). */
#ifndef TLXV_RUN_REC_H
#define TLXV_RUN_REC_H

#include <stdint.h>
#include <stdio.h>

typedef struct run_rec_op {
  char loc[256];               /* FILE:LINE of the wait op */
} run_rec_op;

typedef struct run_rec_bar {
  unsigned off;                /* byte offset in the shared-memory plan */
  char name[64];               /* "bar[1]": the alloc's SSA name (no %) and element */
} run_rec_bar;

typedef struct run_rec_info {
  int on;                      /* the PTX was lowered with --recorder */
  int warps;                   /* warps per CTA */
  unsigned nops, nbars;
  run_rec_op *ops;             /* op id k is ops[k - 1] */
  run_rec_bar *bars;
} run_rec_info;

/* Reads the recorder lines of a PTX header; on = 0 when there are none. Returns 0, or -1
 * with a message in err (malformed lines). */
int run_rec_parse(const char *ptx, run_rec_info *ri, char *err, size_t errn);
void run_rec_free(run_rec_info *ri);
/* 64-bit words of the buffer for ctas CTAs with room. */
size_t run_rec_words(const run_rec_info *ri, unsigned ctas);
/* Warps whose record says they wait past the timeout now; the first one (in CTA, warp order)
 * in *cta, *warp and *op (untouched when none). */
int run_rec_waiting(const run_rec_info *ri, const volatile uint64_t *buf, unsigned ctas, unsigned *cta,
                    int *warp, unsigned *op);
/* Writes buf (ctas CTAs with room) as a hang record, format "tlx-verify-hang-record" version 1:
 * one entry per warp that recorded a wait, exited or resumed (warps that wrote nothing are
 * left out: unseen), plus the barrier dumps. Returns the number of warp entries. */
int run_rec_json(FILE *f, const run_rec_info *ri, const char *kernel, const volatile uint64_t *buf,
                 unsigned ctas, uint64_t timeout_ns);

#endif
