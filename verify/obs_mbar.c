/* obs_mbar.c: the mbarrier word decoder (obs.h). The layout was reverse-engineered (public
 * test code found by content, /work/shared/docs/hangs.md §2; PTX ISA calls the object opaque,
 * §9.7.13.15.2) and confirmed on an H200 (2026-12-01, tests/device/mbar_word.cu, 13 states
 * in tests/device/ref/mbar/mbar_words.tsv): count 32 initialises as 0x7fff0000_001fffc0, and
 * all three counts are stored negated -- expected arrivals, pending arrivals and the tx-count
 * (expect_tx(256) stores -256; complete_tx(16) with nothing expected stores +16). */
#include "obs.h"

static int32_t sext(uint64_t v, unsigned bits) {
  uint64_t m = 1ull << (bits - 1);
  v &= (1ull << bits) - 1;
  return (int32_t)(int64_t)((v ^ m) - m);
}

obs_mbar obs_mbar_decode(uint64_t w) {
  obs_mbar b;
  b.expected = -sext(w >> 1, 20);
  b.tx = -sext(w >> 21, 21);
  b.locked = (w >> 42) & 1;
  b.pending = -sext(w >> 43, 20);
  b.phase = (int32_t)(w >> 63);
  return b;
}

uint64_t obs_mbar_encode(const obs_mbar *b) {
  uint64_t w = 0;
  w |= ((uint64_t)(uint32_t)-b->expected & 0xfffffu) << 1;
  w |= ((uint64_t)(uint32_t)-b->tx & 0x1fffffu) << 21;
  w |= (uint64_t)(b->locked ? 1 : 0) << 42;
  w |= ((uint64_t)(uint32_t)-b->pending & 0xfffffu) << 43;
  w |= (uint64_t)(b->phase & 1) << 63;
  return w;
}

void obs_facts_from_word(obs_facts *f, uint64_t word) {
  obs_mbar b = obs_mbar_decode(word);
  f->has_phase = f->has_pending = f->has_tx = true;
  f->phase = b.phase;
  f->pending = b.pending;
  f->tx = b.tx;
}
