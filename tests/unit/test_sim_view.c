/* test_sim_view.c: byte footprints as strided row sets and their overlap test (race and
 * proxy checks rely on it): contiguous ranges, rows of a 2-D subslice, different
 * allocations / CTAs. */
#include <check.h>

#include "sim/sim.h"
#include "check_run.h"

static sim_fp fp(uint16_t alloc, uint8_t cta, uint32_t off, uint32_t len, uint32_t rows, uint32_t pitch) {
  sim_fp f = {.alloc = alloc, .cta = cta, .off = off, .len = len, .rows = rows, .pitch = pitch};
  return f;
}

START_TEST(contiguous) {
  sim_fp a = fp(1, 0, 0, 8192, 1, 0), b = fp(1, 0, 8192, 8192, 1, 0), c = fp(1, 0, 8191, 2, 1, 0);
  ck_assert(!sim_fp_overlap(&a, &b)); /* two slots of a ring */
  ck_assert(sim_fp_overlap(&a, &c));
  ck_assert(sim_fp_overlap(&b, &c));
  ck_assert(sim_fp_overlap(&a, &a));
}
END_TEST

START_TEST(other_alloc_or_cta) {
  sim_fp a = fp(1, 0, 0, 64, 1, 0), b = fp(2, 0, 0, 64, 1, 0), c = fp(1, 1, 0, 64, 1, 0);
  ck_assert(!sim_fp_overlap(&a, &b));
  ck_assert(!sim_fp_overlap(&a, &c)); /* the same allocation in another CTA */
  sim_fp none = fp(0, 0, 0, 64, 1, 0);
  ck_assert(!sim_fp_overlap(&none, &none));
}
END_TEST

START_TEST(column_halves) {
  /* a 32x64 f32 tile (256-byte rows): columns [0,32) and [32,64) as 128-byte row pieces */
  sim_fp left = fp(1, 0, 0, 128, 32, 256), right = fp(1, 0, 128, 128, 32, 256);
  ck_assert(!sim_fp_overlap(&left, &right));
  sim_fp row5 = fp(1, 0, 5 * 256, 256, 1, 0);
  ck_assert(sim_fp_overlap(&left, &row5));
  ck_assert(sim_fp_overlap(&right, &row5));
  sim_fp mid = fp(1, 0, 120, 16, 32, 256); /* straddles the boundary */
  ck_assert(sim_fp_overlap(&left, &mid));
  ck_assert(sim_fp_overlap(&right, &mid));
  sim_fp after = fp(1, 0, 32 * 256, 64, 1, 0);
  ck_assert(!sim_fp_overlap(&left, &after));
}
END_TEST

START_TEST(interleaved_rows) {
  /* even rows against odd rows of the same matrix */
  sim_fp even = fp(1, 0, 0, 256, 16, 512), odd = fp(1, 0, 256, 256, 16, 512);
  ck_assert(!sim_fp_overlap(&even, &odd));
  sim_fp odd_wide = fp(1, 0, 255, 2, 16, 512);
  ck_assert(sim_fp_overlap(&even, &odd_wide));
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_view");
  TCase *t = tcase_create("fp");
  tcase_add_test(t, contiguous);
  tcase_add_test(t, other_alloc_or_cta);
  tcase_add_test(t, column_halves);
  tcase_add_test(t, interleaved_rows);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
