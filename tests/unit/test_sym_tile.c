/* test_sym_tile.c: the tile step layout's range tests (symbolic/sym_tile_steps.c, docs/symbolic.md
 * §2 progress, "Cycles across a partition's nests"). A producer k nest steps after a wait's
 * instance, both of twin nests of S steps per tile, is in the wait's tile, the next or an
 * earlier one depending on where their ops stand in the tile; each assertion is checked against
 * the arithmetic by brute force over small S (the tests claim a property for every S >= 1). */
#include <check.h>
#include <stdint.h>

#include "symbolic/sym_internal.h"
#include "check_run.h"

/* Places of ops, as sym_tile_place gives them (lo / hi as lo[0] * S + lo[1]). */
static sym_tile_at plain(void) { /* a plain nest's K loop op: v in [0, S - 1] */
  return (sym_tile_at){.region = 1, .a = 1, .lo = {0, 0}, .hi = {1, -1}};
}
static sym_tile_at pre(void) { /* a padded nest's op before the K loop: v = 0 */
  return (sym_tile_at){.region = 0, .a = 0, .lo = {0, 0}, .hi = {0, 0}};
}
static sym_tile_at inner(int64_t e) { /* a padded nest's K loop op: v in [1, S - 1 - e] */
  return (sym_tile_at){.region = 1, .a = 0, .lo = {0, 1}, .hi = {1, -1 - e}};
}
static sym_tile_at post(int64_t e) { /* after the K loop: v = S - 1 */
  return (sym_tile_at){.region = 2, .a = 1 - e, .lo = {1, -1}, .hi = {1, -1}};
}

static int64_t end(const int64_t b[2], int64_t S) { return b[0] * S + b[1]; }
static int64_t fdiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* Over S = 1 .. 40 and every v_w, v_p in their ranges with it_p = it_w + k: the tile
 * difference t_p - t_w, its least and greatest value (INT64_MAX / MIN when no pair exists). */
static void tile_range(const sym_tile_at *w, const sym_tile_at *p, int64_t k, int64_t *lo,
                       int64_t *hi) {
  *lo = INT64_MAX, *hi = INT64_MIN;
  for (int64_t S = 1; S <= 40; S++)
    for (int64_t vw = end(w->lo, S); vw <= end(w->hi, S); vw++) {
      if (vw < 0 || vw >= S) continue;
      int64_t x = vw + k; /* p's counter relative to w's tile start: t_p - t_w = x div S */
      int64_t dt = fdiv(x, S), vp = x - dt * S;
      if (vp < end(p->lo, S) || vp > end(p->hi, S)) continue;
      if (dt < *lo) *lo = dt;
      if (dt > *hi) *hi = dt;
    }
}

/* The three tests agree with the brute force wherever they claim something. */
static void agree(sym_tile_at w, sym_tile_at p, int64_t k) {
  int64_t lo, hi;
  tile_range(&w, &p, k, &lo, &hi);
  if (sym_tile_not_later(&w, &p, k)) ck_assert_msg(hi == INT64_MIN || hi <= 0, "k %lld: later", (long long)k);
  if (sym_tile_not_earlier(&w, &p, k)) ck_assert_msg(lo == INT64_MAX || lo >= 0, "k %lld: earlier", (long long)k);
  if (sym_tile_within_next(&w, &p, k)) ck_assert_msg(hi == INT64_MIN || hi <= 1, "k %lld: 2 later", (long long)k);
}

START_TEST(claims_hold_for_every_step_count) {
  sym_tile_at ops[] = {plain(), pre(), inner(0), inner(1), post(0), post(1)};
  int n = (int)(sizeof ops / sizeof *ops);
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      for (int64_t k = -5; k <= 5; k++) agree(ops[a], ops[b], k);
}
END_TEST

/* The cases the FA alpha hand-over needs (tests/symbolic/alpha-turn.ok): decided, not only safe. */
START_TEST(alpha_turn_edges) {
  /* the correction's wait before its K loop and the softmax's arrival in its K loop one step
   * later: always the same tile */
  ck_assert(sym_tile_not_later(&(sym_tile_at){.region = 0, .lo = {0, 0}, .hi = {0, 0}},
                               &(sym_tile_at){.region = 1, .lo = {0, 1}, .hi = {1, -1}}, 1));
  sym_tile_at w = pre(), p = inner(0);
  ck_assert(sym_tile_not_later(&w, &p, 1) && sym_tile_not_earlier(&w, &p, 1));
  /* a plain nest's wait and the next round's producer one step later: the next tile at the
   * tile's last step, so not "not later", but within the next */
  sym_tile_at a = plain(), b = plain();
  ck_assert(!sym_tile_not_later(&a, &b, 1));
  ck_assert(sym_tile_not_earlier(&a, &b, 1));
  ck_assert(sym_tile_within_next(&a, &b, 1));
  /* the same round (k = 0) of two plain nests: the same tile */
  ck_assert(sym_tile_not_later(&a, &b, 0) && sym_tile_not_earlier(&a, &b, 0));
  /* a tile body's op (S = 1): its tile is exactly k after */
  sym_tile_at t = {.tile_body = true, .region = 0, .lo = {0, 0}, .hi = {0, 0}};
  ck_assert(sym_tile_not_later(&t, &t, 0) && sym_tile_not_earlier(&t, &t, 0));
  ck_assert(!sym_tile_not_later(&t, &t, 1) && sym_tile_within_next(&t, &t, 1));
  ck_assert(!sym_tile_within_next(&t, &t, 2));
}
END_TEST

int main(void) {
  Suite *s = suite_create("sym_tile");
  TCase *tc = tcase_create("ranges");
  tcase_add_test(tc, claims_hold_for_every_step_count);
  tcase_add_test(tc, alpha_turn_edges);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
