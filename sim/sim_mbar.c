/* sim_mbar.c: the mbarrier state machine of semantics.md §1.2-§1.4 as pure functions on one
 * barrier object: init, inval, arrive-on, expect-tx, complete-tx, arrive_drop, parity waits. */
#include <limits.h>

#include "sim_internal.h"

/* try_complete (§1.2 [P#mbar-phase-completion]): a phase completes when no arrival and no
 * transaction byte is missing; leftover complete-tx bytes are charged to the next phase. */
static sim_mbar_rc try_complete(sim_mbar *b) {
  if (b->pending == 0 && b->tx == 0) {
    b->phase++;
    b->pending = b->expected;
    return SIM_MB_COMPLETED;
  }
  return SIM_MB_OK;
}

sim_mbar_rc sim_mbar_init(sim_mbar *b, int32_t count) {
  /* §1.2: UB on a location that already holds a valid mbarrier (inval first). */
  if (b->valid) return SIM_MB_REINIT;
  if (count < 1 || count > SIM_MB_MAX) return SIM_MB_BAD_COUNT;
  b->phase = 0;
  b->expected = b->pending = count;
  b->tx = 0;
  b->valid = 1;
  b->inited = 1;
  return SIM_MB_OK;
}

sim_mbar_rc sim_mbar_inval(sim_mbar *b) {
  if (!b->valid) return SIM_MB_INVALID;
  b->valid = 0;
  return SIM_MB_OK;
}

sim_mbar_rc sim_mbar_arrive(sim_mbar *b, int32_t n) {
  if (!b->valid) return SIM_MB_INVALID;
  /* §1.5.2: arrive-on with n > pending takes pending out of [0, 2^20-1]; never wrap. */
  if (n < 0 || n > b->pending) return SIM_MB_OVER_ARRIVAL;
  b->pending -= n;
  return try_complete(b);
}

sim_mbar_rc sim_mbar_expect_tx(sim_mbar *b, int32_t bytes) {
  if (!b->valid) return SIM_MB_INVALID;
  int64_t t = (int64_t)b->tx + bytes;
  if (t > SIM_MB_MAX || t < -SIM_MB_MAX) return SIM_MB_TX_RANGE; /* §1.5.3 */
  b->tx = (int32_t)t;
  return SIM_MB_OK;
}

sim_mbar_rc sim_mbar_arrive_expect(sim_mbar *b, int32_t bytes) {
  /* §1.2 / §1.8: expect-tx(tx) THEN arrive-on(1): its own bytes never complete the phase. */
  sim_mbar_rc rc = sim_mbar_expect_tx(b, bytes);
  if (rc != SIM_MB_OK) return rc;
  return sim_mbar_arrive(b, 1);
}

sim_mbar_rc sim_mbar_complete_tx(sim_mbar *b, int32_t bytes) {
  if (!b->valid) return SIM_MB_INVALID;
  int64_t t = (int64_t)b->tx - bytes;
  if (t > SIM_MB_MAX || t < -SIM_MB_MAX) return SIM_MB_TX_RANGE;
  b->tx = (int32_t)t;
  return try_complete(b);
}

sim_mbar_rc sim_mbar_arrive_drop(sim_mbar *b, int32_t n) {
  if (!b->valid) return SIM_MB_INVALID;
  /* §1.2: expected -= n for all later phases; UB if expected leaves [1, 2^20-1] (§1.5.4). */
  if (n < 0 || b->expected - n < 1) return SIM_MB_EXPECTED_RANGE;
  if (n > b->pending) return SIM_MB_OVER_ARRIVAL;
  b->expected -= n;
  b->pending -= n;
  return try_complete(b);
}

int32_t sim_mbar_intent(int32_t prev, int32_t parity) {
  /* §1.4: first wait: intended = (p==0) ? 0 : -1; later: +1 if the parity flipped, else +2.
   * The parity a waiter uses for phase k is k & 1, so the previous parity is prev & 1. */
  int32_t p = parity & 1;
  if (sim_intent_is_none(prev)) {
    int32_t h = sim_intent_known(prev);
    return ((h - 1) & 1) == p ? h - 1 : h;
  }
  /* same parity: a re-wait on the phase it already passed (passes at once while that phase is
   * the preceding one); a schedule in which it passes on a later phase is the alias */
  return ((prev & 1) != p) ? prev + 1 : prev;
}
