/* test_data_float.c: exact number formats of simulate mode (sim/data_float.c): f16 against
 * the compiler's _Float16, bf16 against the bit-trick rounding of f32, fp8 e4m3fn / e5m2
 * edge cases (saturation, NaN, subnormals, ties to even) and exhaustive round trips. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/data_internal.h"
#include "check_run.h"

static uint16_t f16_oracle(double x) {
  _Float16 h = (_Float16)x; /* libgcc __truncdfhf2: one correctly rounded step */
  uint16_t b;
  memcpy(&b, &h, 2);
  return b;
}

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rng(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

START_TEST(f16_matches_float16) {
  /* Every f16 code decodes exactly and re-encodes to itself. */
  for (uint32_t c = 0; c < 0x10000; c++) {
    double v = sim_f16_to_double((uint16_t)c);
    if (isnan(v)) {
      ck_assert_uint_eq(sim_f16_from_double(v, SIM_RNE), 0x7fff);
      continue;
    }
    ck_assert_uint_eq(sim_f16_from_double(v, SIM_RNE), c);
    _Float16 h;
    uint16_t cc = (uint16_t)c;
    memcpy(&h, &cc, 2);
    ck_assert(v == (double)h);
  }
  /* Random doubles over the whole f16 range (and beyond): same as _Float16. */
  for (int i = 0; i < 200000; i++) {
    double x = ldexp((double)(rng() >> 11) * 0x1.0p-53, (int)(rng() % 50) - 30);
    if (rng() & 1) x = -x;
    ck_assert_msg(sim_f16_from_double(x, SIM_RNE) == f16_oracle(x), "x=%a", x);
  }
  /* Midpoints between neighbours: ties go to the even code. */
  for (uint32_t c = 0; c < 0x7bff; c++) {
    double a = sim_f16_to_double((uint16_t)c), b = sim_f16_to_double((uint16_t)(c + 1));
    uint16_t want = (c & 1) ? (uint16_t)(c + 1) : (uint16_t)c;
    ck_assert_uint_eq(sim_f16_from_double((a + b) / 2, SIM_RNE), want);
    ck_assert_uint_eq(sim_f16_from_double((a + b) / 2, SIM_RTZ), c);
  }
}
END_TEST

START_TEST(f16_fast_decode) {
  for (uint32_t c = 0; c < 0x10000; c++) {
    float f = sim_f16_to_float((uint16_t)c);
    double v = sim_f16_to_double((uint16_t)c);
    if (isnan(v))
      ck_assert(isnan(f));
    else
      ck_assert_msg((double)f == v && !signbit(f) == !signbit(v), "code %04x", c);
  }
}
END_TEST

START_TEST(f16_edges) {
  ck_assert_uint_eq(sim_f16_from_double(65504.0, SIM_RNE), 0x7bff);
  ck_assert_uint_eq(sim_f16_from_double(65519.99, SIM_RNE), 0x7bff);
  ck_assert_uint_eq(sim_f16_from_double(65520.0, SIM_RNE), 0x7c00); /* tie above max -> Inf */
  ck_assert_uint_eq(sim_f16_from_double(1e9, SIM_RTZ), 0x7bff);     /* RTZ saturates */
  ck_assert_uint_eq(sim_f16_from_double(-1e9, SIM_RNE), 0xfc00);
  ck_assert_uint_eq(sim_f16_from_double(INFINITY, SIM_RNE), 0x7c00);
  ck_assert_uint_eq(sim_f16_from_double(NAN, SIM_RNE), 0x7fff);
  ck_assert_uint_eq(sim_f16_from_double(-0.0, SIM_RNE), 0x8000);
  ck_assert_uint_eq(sim_f16_from_double(0x1p-24, SIM_RNE), 0x0001); /* min subnormal */
  ck_assert_uint_eq(sim_f16_from_double(0x1p-25, SIM_RNE), 0x0000); /* tie -> even (0) */
  ck_assert_uint_eq(sim_f16_from_double(0x1.8p-25, SIM_RNE), 0x0001);
  ck_assert_uint_eq(sim_f16_from_double(0x1.ffcp-15, SIM_RNE), 0x0400); /* rounds up into normal */
}
END_TEST

static uint16_t bf16_oracle(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return (uint16_t)((b + 0x7fff + ((b >> 16) & 1)) >> 16);
}

START_TEST(bf16_matches_bit_trick) {
  for (int i = 0; i < 200000; i++) {
    uint32_t b = (uint32_t)rng();
    if ((b & 0x7f800000u) == 0x7f800000u) continue; /* Inf / NaN: checked below */
    float f;
    memcpy(&f, &b, 4);
    uint16_t want = bf16_oracle(f);
    ck_assert_msg(sim_bf16_from_double(f, SIM_RNE) == want, "bits=%08x", b);
    ck_assert_uint_eq(sim_bf16_from_double(f, SIM_RTZ), b >> 16);
  }
  for (uint32_t c = 0; c < 0x10000; c++) {
    double v = sim_bf16_to_double((uint16_t)c);
    if (!isnan(v)) ck_assert_uint_eq(sim_bf16_from_double(v, SIM_RNE), c);
  }
  ck_assert_uint_eq(sim_bf16_from_double(NAN, SIM_RNE), 0x7fff);
  ck_assert_uint_eq(sim_bf16_from_double(-INFINITY, SIM_RNE), 0xff80);
  ck_assert_uint_eq(sim_bf16_from_double(3.4e38, SIM_RNE), 0x7f80); /* past max (3.39e38) -> Inf */
}
END_TEST

START_TEST(e4m3_edges) {
  ck_assert(sim_e4m3_to_double(0x7e) == 448.0);
  ck_assert(isnan(sim_e4m3_to_double(0x7f)));
  ck_assert(isnan(sim_e4m3_to_double(0xff)));
  ck_assert(sim_e4m3_to_double(0x78) == 256.0); /* e=15 is an ordinary exponent */
  ck_assert(sim_e4m3_to_double(0x01) == 0x1p-9);
  ck_assert(sim_e4m3_to_double(0x08) == 0x1p-6);
  ck_assert_uint_eq(sim_e4m3_from_double(448.0, SIM_RNE), 0x7e);
  ck_assert_uint_eq(sim_e4m3_from_double(464.0, SIM_RNE),
                    0x7e); /* tie between 448 and 480 -> even (448) */
  ck_assert_uint_eq(sim_e4m3_from_double(470.0, SIM_RNE), 0x7e); /* satfinite */
  ck_assert_uint_eq(sim_e4m3_from_double(1e6, SIM_RNE), 0x7e);
  ck_assert_uint_eq(sim_e4m3_from_double(-1e6, SIM_RNE), 0xfe);
  ck_assert_uint_eq(sim_e4m3_from_double(INFINITY, SIM_RNE), 0x7e);
  ck_assert_uint_eq(sim_e4m3_from_double(NAN, SIM_RNE), 0x7f);
  ck_assert_uint_eq(sim_e4m3_from_double(0x1p-10, SIM_RNE),
                    0x00); /* half min subnormal: tie -> 0 */
  ck_assert_uint_eq(sim_e4m3_from_double(0x1.8p-10, SIM_RNE), 0x01);
  ck_assert_uint_eq(sim_e4m3_from_double(0x1.8p-9, SIM_RNE), 0x02); /* 1.5 units: tie -> 2 */
  ck_assert_uint_eq(sim_e4m3_from_double(1.0625, SIM_RNE), 0x38);   /* 1 + 1/16: tie -> 1.0 */
  ck_assert_uint_eq(sim_e4m3_from_double(1.1875, SIM_RNE), 0x3a);   /* 1 + 3/16: tie -> 1.25 */
  ck_assert_uint_eq(sim_e4m3_from_double(-0.0, SIM_RNE), 0x80);
}
END_TEST

START_TEST(e5m2_edges) {
  ck_assert(sim_e5m2_to_double(0x7b) == 57344.0);
  ck_assert(isinf(sim_e5m2_to_double(0x7c)));
  ck_assert(isnan(sim_e5m2_to_double(0x7d)));
  ck_assert(sim_e5m2_to_double(0x01) == 0x1p-16);
  ck_assert_uint_eq(sim_e5m2_from_double(57344.0, SIM_RNE), 0x7b);
  ck_assert_uint_eq(sim_e5m2_from_double(61440.0, SIM_RNE), 0x7b); /* satfinite, no Inf */
  ck_assert_uint_eq(sim_e5m2_from_double(-INFINITY, SIM_RNE), 0xfb);
  ck_assert_uint_eq(sim_e5m2_from_double(NAN, SIM_RNE), 0x7f);
  ck_assert_uint_eq(sim_e5m2_from_double(0x1p-17, SIM_RNE), 0x00);
  ck_assert_uint_eq(sim_e5m2_from_double(1.125, SIM_RNE), 0x3c); /* tie -> 1.0 (even) */
  ck_assert_uint_eq(sim_e5m2_from_double(1.375, SIM_RNE), 0x3e); /* tie -> 1.5 */
}
END_TEST

START_TEST(fp8_round_trip_and_ties) {
  for (int fmt = 0; fmt < 2; fmt++) {
    double (*dec)(uint8_t) = fmt ? sim_e5m2_to_double : sim_e4m3_to_double;
    uint8_t (*enc)(double, sim_round) = fmt ? sim_e5m2_from_double : sim_e4m3_from_double;
    uint8_t maxc = fmt ? 0x7b : 0x7e;
    for (uint32_t c = 0; c < 256; c++) {
      double v = dec((uint8_t)c);
      if (isnan(v) || isinf(v)) continue;
      ck_assert_uint_eq(enc(v, SIM_RNE), c);
    }
    for (uint32_t c = 0; c < maxc; c++) {
      double a = dec((uint8_t)c), b = dec((uint8_t)(c + 1));
      ck_assert(a < b);
      ck_assert_uint_eq(enc((a + b) / 2, SIM_RNE), (c & 1) ? c + 1 : c);
      ck_assert_uint_eq(enc(a + (b - a) * 0.75, SIM_RNE), c + 1);
      ck_assert_uint_eq(enc(a + (b - a) * 0.75, SIM_RTZ), c);
    }
  }
}
END_TEST

START_TEST(f32_tf32_and_ints) {
  ck_assert(sim_f32_from_double(0x1.000001p0, SIM_RNE) == 1.0f); /* below half ulp */
  ck_assert(sim_f32_from_double(0x1.000003p0, SIM_RTZ) == 0x1.000002p0f);
  ck_assert(sim_f32_from_double(1e39, SIM_RTZ) == 0x1.fffffep127f);
  ck_assert(isinf(sim_f32_from_double(1e39, SIM_RNE)));
  ck_assert(sim_tf32_from_f32(0x1.fffffep0f) == 0x1.ffcp0f);
  ck_assert(isinf(sim_tf32_from_f32(INFINITY)));
  /* float -> int saturates and truncates (cvt.rzi); NaN -> 0 */
  ck_assert_uint_eq(sim_bits_from_double(SIM_DT_I32, 3e9, SIM_RNE), 0x7fffffffu);
  ck_assert_uint_eq(sim_bits_from_double(SIM_DT_I32, -3e9, SIM_RNE), 0x80000000u);
  ck_assert_uint_eq(sim_bits_from_double(SIM_DT_I32, -2.9, SIM_RNE), 0xfffffffeu);
  ck_assert_uint_eq(sim_bits_from_double(SIM_DT_I8, NAN, SIM_RNE), 0);
  ck_assert(sim_bits_to_double(SIM_DT_I16, 0xffff) == -1.0);
  ck_assert_int_eq(sim_dtype_parse("bf16", 4), SIM_DT_BF16);
  ck_assert_int_eq(sim_dtype_parse("e4m3", 4), SIM_DT_F8E4M3FN);
  ck_assert_int_eq(sim_dtype_parse("f33", 3), SIM_DT_NONE);
}
END_TEST


/* The other float types of Triton (issue 11: a scalar conversion to them aborted). Known
 * values from the formats' definitions (MLIR's APFloat semantics: bias, FNUZ NaN / zero). */
static uint64_t enc(sim_dtype dt, double x) { return sim_bits_from_double(dt, x, SIM_RNE); }
static double dec(sim_dtype dt, uint64_t b) { return sim_bits_to_double(dt, b); }

START_TEST(fnuz_types) {
  /* e4m3fnuz: bias 8; 1.0 = 0.1000.000; max 0x7f = 240; 0x80 NaN; -0 -> +0 */
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3FNUZ, 1.0), 0x40);
  ck_assert(dec(SIM_DT_F8E4M3FNUZ, 0x7f) == 240.0);
  ck_assert(dec(SIM_DT_F8E4M3FNUZ, 0xff) == -240.0);
  ck_assert(isnan(dec(SIM_DT_F8E4M3FNUZ, 0x80)));
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3FNUZ, -0.0), 0x00);
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3FNUZ, 0.0), 0x00);
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3FNUZ, -1e-30), 0x00); /* underflow: +0, never NaN */
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3FNUZ, NAN), 0x80);
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3FNUZ, 1e6), 0x7f);    /* satfinite */
  ck_assert(dec(SIM_DT_F8E4M3FNUZ, 0x01) == ldexp(1, -10)); /* smallest subnormal 2^(1-8-3) */
  /* e5m2fnuz: bias 16; 1.0 = 0.10000.00; max 57344 */
  ck_assert_uint_eq(enc(SIM_DT_F8E5M2FNUZ, 1.0), 0x40);
  ck_assert(dec(SIM_DT_F8E5M2FNUZ, 0x7f) == 57344.0);
  ck_assert(isnan(dec(SIM_DT_F8E5M2FNUZ, 0x80)));
  ck_assert_uint_eq(enc(SIM_DT_F8E5M2FNUZ, -INFINITY), 0xff);
  /* e4m3b11fnuz: bias 11; 1.0 = 0.1011.000; max 30 */
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3B11FNUZ, 1.0), 0x58);
  ck_assert(dec(SIM_DT_F8E4M3B11FNUZ, 0x7f) == 30.0);
  ck_assert(isnan(dec(SIM_DT_F8E4M3B11FNUZ, 0x80)));
  /* ties to even: 1 + 1/16 lies halfway between 1.0 (0x40, even) and 1.125 (0x41) */
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3FNUZ, 1.0625), 0x40);
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3FNUZ, 1.1875), 0x42);
}
END_TEST

START_TEST(ieee_e4m3_and_mx_types) {
  /* IEEE-like e4m3: bias 7, 0x78 = Inf, max 0x77 = 240 */
  ck_assert(isinf(dec(SIM_DT_F8E4M3, 0x78)));
  ck_assert(isnan(dec(SIM_DT_F8E4M3, 0x79)));
  ck_assert(dec(SIM_DT_F8E4M3, 0x77) == 240.0);
  ck_assert_uint_eq(enc(SIM_DT_F8E4M3, 1.0), 0x38);
  /* f4e2m1fn: values 0, 0.5, 1, 1.5, 2, 3, 4, 6 */
  static const double e2m1[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  for (uint32_t b = 0; b < 8; b++) {
    ck_assert(dec(SIM_DT_F4E2M1FN, b) == e2m1[b]);
    ck_assert(dec(SIM_DT_F4E2M1FN, b | 8) == -e2m1[b]);
    ck_assert_uint_eq(enc(SIM_DT_F4E2M1FN, e2m1[b]), b);
  }
  ck_assert_uint_eq(enc(SIM_DT_F4E2M1FN, 1.5), 3);   /* the repro's constant */
  ck_assert_uint_eq(enc(SIM_DT_F4E2M1FN, 2.5), 4);   /* tie: 2 (even mantissa) */
  ck_assert_uint_eq(enc(SIM_DT_F4E2M1FN, 5.0), 6);   /* tie between 4 and 6: 4 (even) */
  ck_assert_uint_eq(enc(SIM_DT_F4E2M1FN, 100.0), 7); /* satfinite: 6 */
  ck_assert_uint_eq(enc(SIM_DT_F4E2M1FN, -0.25), 8); /* tie between 0 and 0.5: -0 */
  /* f6e2m3fn: max 7.5, smallest subnormal 0.125; f6e3m2fn: max 28, 1.0 = 0.011.00 */
  ck_assert(dec(SIM_DT_F6E2M3FN, 0x1f) == 7.5);
  ck_assert(dec(SIM_DT_F6E2M3FN, 0x01) == 0.125);
  ck_assert(dec(SIM_DT_F6E2M3FN, 0x3f) == -7.5);
  ck_assert(dec(SIM_DT_F6E3M2FN, 0x1f) == 28.0);
  ck_assert_uint_eq(enc(SIM_DT_F6E3M2FN, 1.0), 0x0c);
  /* e8m0fnu: 2^(e-127), 0xff NaN, no zero */
  ck_assert_uint_eq(enc(SIM_DT_F8E8M0FNU, 1.0), 127);
  ck_assert_uint_eq(enc(SIM_DT_F8E8M0FNU, 0.25), 125);
  ck_assert_uint_eq(enc(SIM_DT_F8E8M0FNU, 3.0), 128);  /* tie 2 / 4: even field 128 */
  ck_assert_uint_eq(enc(SIM_DT_F8E8M0FNU, 1.4), 127);
  ck_assert_uint_eq(enc(SIM_DT_F8E8M0FNU, 0.0), 0xff);
  ck_assert(dec(SIM_DT_F8E8M0FNU, 127) == 1.0);
  ck_assert(isnan(dec(SIM_DT_F8E8M0FNU, 0xff)));
  /* every code decodes and re-encodes to itself (NaN codes to the canonical NaN) */
  static const sim_dtype all[] = {SIM_DT_F8E4M3FNUZ, SIM_DT_F8E5M2FNUZ, SIM_DT_F8E4M3B11FNUZ,
                                  SIM_DT_F8E4M3, SIM_DT_F6E2M3FN, SIM_DT_F6E3M2FN,
                                  SIM_DT_F4E2M1FN, SIM_DT_F8E8M0FNU};
  static const uint32_t width[] = {8, 8, 8, 8, 6, 6, 4, 8};
  for (size_t t = 0; t < sizeof all / sizeof all[0]; t++) {
    ck_assert(sim_dtype_is_float(all[t]));
    for (uint32_t b = 0; b < (1u << width[t]); b++) {
      double v = dec(all[t], b);
      if (isnan(v) || isinf(v)) continue;
      ck_assert_msg(enc(all[t], v) == b, "%s code 0x%x (%g)", sim_dtype_name(all[t]), b, v);
    }
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("data_float");
  TCase *tc = tcase_create("formats");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, f16_matches_float16);
  tcase_add_test(tc, f16_fast_decode);
  tcase_add_test(tc, f16_edges);
  tcase_add_test(tc, bf16_matches_bit_trick);
  tcase_add_test(tc, e4m3_edges);
  tcase_add_test(tc, e5m2_edges);
  tcase_add_test(tc, fp8_round_trip_and_ties);
  tcase_add_test(tc, f32_tf32_and_ints);
  tcase_add_test(tc, fnuz_types);
  tcase_add_test(tc, ieee_e4m3_and_mx_types);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
