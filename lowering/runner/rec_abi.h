/* rec_abi.h: the hang recorder's memory layout, shared by the lowering that writes it
 * (lowering/lw_recorder.c, `tlx-verify lower --recorder`) and the runner that reads it
 * (lowering/runner/run_rec.c). docs/lowering.md, "Hang recorder".
 *
 * The runner allocates one host-mapped buffer of 64-bit words and sets three device globals of
 * the module before the launch: tlxv_rec (the buffer's device address; 0 = recorder off),
 * tlxv_rec_timeout (nanoseconds of %globaltimer a wait spins before it is recorded) and
 * tlxv_rec_ctas (CTAs that have room in the buffer; higher CTAs record nothing).
 *
 * Buffer: REC_HDR_WORDS header words (runner use only), then one warp record of
 * REC_WARP_WORDS words per (cta, warp) at REC_HDR_WORDS + (cta * warps + warp) * REC_WARP_WORDS,
 * then one barrier dump of (1 + nbars) words per CTA: a flag word (nonzero once dumped: the
 * %globaltimer value | 1), then the raw 64-bit word of every barrier of the shared-memory plan,
 * in the order of the "// tlxv-rec-bar" lines.
 *
 * A warp record (written by lane 0 of the warp; REC_W_STATE last, after a system fence):
 *   [REC_W_STATE]  state (REC_ST_*) in bits 0-7, static op id in bits 32-63
 *   [REC_W_BAR]    barrier offset in the plan (bits 0-31), awaited parity (bit 32),
 *                  mbarrier.test_wait.parity result when recorded (bit 33)
 *   [REC_W_WORD]   raw 64-bit barrier word when recorded
 *   [REC_W_TIME]   %globaltimer when recorded (ns)
 *   [REC_W_START]  %globaltimer when the wait began spinning (ns)
 *   [REC_W_SPINS]  failed try_wait rounds before the record
 * Ownership: a layout only (no functions); the runner allocates and frees the buffer. */
#ifndef TLXV_REC_ABI_H
#define TLXV_REC_ABI_H

#define REC_VERSION 1
#define REC_HDR_WORDS 8
#define REC_WARP_WORDS 8

enum { REC_W_STATE = 0, REC_W_BAR = 1, REC_W_WORD = 2, REC_W_TIME = 3, REC_W_START = 4, REC_W_SPINS = 5 };

enum {
  REC_ST_NONE = 0,    /* nothing written: the warp never waited past the timeout */
  REC_ST_WAIT = 1,    /* sits in the wait of op id (timed out, still spinning) */
  REC_ST_EXITED = 2,  /* left the kernel */
  REC_ST_RESUMED = 3, /* a recorded wait passed later: the warp runs on */
};

#endif
