/* data_float.c: element types and exact number formats of simulate mode: f16, bf16, fp8
 * (e4m3fn, e5m2, the FNUZ types, IEEE-like e4m3, e8m0fnu), f6 / f4 (MX), tf32 rounding like the GPU's cvt instructions, and element get / set. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "sim_data.h"

/* ------------------------------------------------------------------ dtypes */

static const struct {
  const char *name;
  int size;
} dtinfo[SIM_DT__COUNT] = {
    [SIM_DT_NONE] = {"?", 0},        [SIM_DT_I1] = {"i1", 1},
    [SIM_DT_I8] = {"i8", 1},         [SIM_DT_I16] = {"i16", 2},
    [SIM_DT_I32] = {"i32", 4},       [SIM_DT_I64] = {"i64", 8},
    [SIM_DT_F16] = {"f16", 2},       [SIM_DT_BF16] = {"bf16", 2},
    [SIM_DT_F32] = {"f32", 4},       [SIM_DT_F64] = {"f64", 8},
    [SIM_DT_TF32] = {"tf32", 4},     [SIM_DT_F8E4M3FN] = {"f8e4m3fn", 1},
    [SIM_DT_F8E5M2] = {"f8e5m2", 1}, [SIM_DT_PTR] = {"ptr", 8},
    [SIM_DT_F8E4M3FNUZ] = {"f8e4m3fnuz", 1}, [SIM_DT_F8E5M2FNUZ] = {"f8e5m2fnuz", 1},
    [SIM_DT_F8E4M3B11FNUZ] = {"f8e4m3b11fnuz", 1}, [SIM_DT_F8E4M3] = {"f8e4m3", 1},
    [SIM_DT_F6E2M3FN] = {"f6e2m3fn", 1}, [SIM_DT_F6E3M2FN] = {"f6e3m2fn", 1},
    [SIM_DT_F4E2M1FN] = {"f4e2m1fn", 1}, [SIM_DT_F8E8M0FNU] = {"f8e8m0fnu", 1},
};

int sim_dtype_size(sim_dtype dt) {
  assert((unsigned)dt < SIM_DT__COUNT);
  return dtinfo[dt].size;
}

const char *sim_dtype_name(sim_dtype dt) {
  return (unsigned)dt < SIM_DT__COUNT ? dtinfo[dt].name : "?";
}

bool sim_dtype_is_float(sim_dtype dt) {
  return (dt >= SIM_DT_F16 && dt <= SIM_DT_F8E5M2) || (dt > SIM_DT_PTR && dt < SIM_DT__COUNT);
}

sim_dtype sim_dtype_parse(const char *s, size_t len) {
  static const struct {
    const char *n;
    sim_dtype dt;
  } alias[] = {
      {"e4m3", SIM_DT_F8E4M3FN}, {"fp8e4m3", SIM_DT_F8E4M3FN}, {"f8e4m3", SIM_DT_F8E4M3FN},
      {"e5m2", SIM_DT_F8E5M2},   {"fp8e5m2", SIM_DT_F8E5M2},   {"fp16", SIM_DT_F16},
      {"fp32", SIM_DT_F32},      {"fp64", SIM_DT_F64},         {"bool", SIM_DT_I1},
  };
  for (int i = SIM_DT_I1; i < SIM_DT__COUNT; i++)
    /* "f8e4m3" keeps meaning e4m3fn (the alias below): the IEEE-like type is not parsed */
    if (i != SIM_DT_PTR && i != SIM_DT_TF32 && i != SIM_DT_F8E4M3 && strlen(dtinfo[i].name) == len &&
        !memcmp(dtinfo[i].name, s, len))
      return (sim_dtype)i;
  for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
    if (strlen(alias[i].n) == len && !memcmp(alias[i].n, s, len)) return alias[i].dt;
  return SIM_DT_NONE;
}

/* ------------------------------------------------------------------ rounding core */

/* A binary floating-point format with ebits exponent bits and mbits stored mantissa bits. */
typedef struct fmt {
  int ebits, mbits, bias;
  int max_efield;    /* largest exponent field of a finite number */
  uint32_t max_mant; /* largest mantissa of a finite number at max_efield */
} fmt;

static const fmt F16 = {5, 10, 15, 30, 0x3ff};
static const fmt BF16 = {8, 7, 127, 254, 0x7f};
static const fmt F32 = {8, 23, 127, 254, 0x7fffff};
static const fmt E4M3 = {4, 3, 7, 15, 6};  /* S.1111.111 is NaN: max 1.75 * 2^8 = 448 */
static const fmt E5M2 = {5, 2, 15, 30, 3}; /* max 1.75 * 2^15 = 57344 */

static double dbl_from_bits(uint64_t b) {
  double x;
  memcpy(&x, &b, 8);
  return x;
}

/* 2^e as a double, for the exponents of these formats (|e| < 1000). */
static double pow2(int e) { return dbl_from_bits((uint64_t)(e + 1023) << 52); }

/* Rounds |x| (finite, > 0) to the format; returns the magnitude bits (exponent field and
 * mantissa, no sign) and sets *ovf when the rounded value exceeds the largest finite.
 * Integer arithmetic on the double's bits: the significand is shifted right to the format's
 * last place (of the normal or, below emin, the subnormal range) and rounded once. */
static uint32_t round_mag(const fmt *f, double a, sim_round r, bool *ovf) {
  uint64_t bits;
  memcpy(&bits, &a, 8);
  *ovf = false;
  int e = (int)(bits >> 52 & 0x7ff);
  if (e == 0) return 0; /* double subnormals are far below every format's smallest value */
  uint64_t sig = (bits & ((1ull << 52) - 1)) | (1ull << 52); /* a = sig * 2^(E-52) */
  int E = e - 1023, emin = 1 - f->bias;
  int qexp = (E < emin ? emin : E) - f->mbits; /* exponent of one unit in the last place */
  int sh = 52 + qexp - E;                      /* >= 52 - mbits > 0 */
  if (sh >= 54) return 0; /* below half a unit of the smallest subnormal: zero either way */
  uint64_t n = sig >> sh, rem = sig & ((1ull << sh) - 1), half = 1ull << (sh - 1);
  if (r == SIM_RNE && (rem > half || (rem == half && (n & 1)))) n++;
  if (n == 0) return 0;
  int efield;
  uint64_t mant;
  if (n < (1ull << f->mbits)) { /* subnormal (only when E < emin) */
    efield = 0;
    mant = n;
  } else {
    int shift = n >= (2ull << f->mbits) ? 1 : 0; /* a carry out of the mantissa */
    efield = qexp + shift + f->mbits + f->bias;
    mant = (n >> shift) - (1ull << f->mbits);
  }
  if (efield > f->max_efield || (efield == f->max_efield && mant > f->max_mant)) {
    *ovf = true;
    return ((uint32_t)f->max_efield << f->mbits) | f->max_mant;
  }
  return ((uint32_t)efield << f->mbits) | (uint32_t)mant;
}

static double decode(const fmt *f, uint32_t bits) {
  uint32_t sign = bits >> (f->ebits + f->mbits) & 1;
  uint32_t efield = bits >> f->mbits & ((1u << f->ebits) - 1);
  uint32_t mant = bits & ((1u << f->mbits) - 1);
  double v = efield == 0 ? (double)mant * pow2(1 - f->bias - f->mbits)
                         : dbl_from_bits((uint64_t)((int)efield - f->bias + 1023) << 52 |
                                         (uint64_t)mant << (52 - f->mbits));
  return sign ? -v : v;
}

/* IEEE-like format with Inf (f16, bf16, f32): overflow gives Inf under RNE, the largest
 * finite under RTZ (IEEE 754 §7.4), NaN the canonical quiet NaN (all mantissa bits set). */
static uint32_t to_ieee(const fmt *f, double x, sim_round r) {
  uint32_t sbit = 1u << (f->ebits + f->mbits);
  uint32_t inf = ((1u << f->ebits) - 1) << f->mbits;
  if (isnan(x)) return inf | ((1u << f->mbits) - 1);
  uint32_t s = signbit(x) ? sbit : 0;
  double a = fabs(x);
  if (a == 0.0) return s;
  if (isinf(a)) return s | inf;
  bool ovf;
  uint32_t m = round_mag(f, a, r, &ovf);
  if (ovf) return s | (r == SIM_RNE ? inf : m);
  return s | m;
}

/* fp8 with satfinite (cvt.rn.satfinite.e4m3x2 / e5m2x2): overflow and Inf clamp to the
 * largest finite, NaN gives 0x7f. */
static uint8_t to_fp8(const fmt *f, double x, sim_round r) {
  if (isnan(x)) return 0x7f;
  uint8_t s = signbit(x) ? 0x80 : 0;
  double a = fabs(x);
  if (a == 0.0) return s;
  bool ovf;
  uint32_t m =
      isinf(a) ? (((uint32_t)f->max_efield << f->mbits) | f->max_mant) : round_mag(f, a, r, &ovf);
  return (uint8_t)(s | m);
}

uint16_t sim_f16_from_double(double x, sim_round r) { return (uint16_t)to_ieee(&F16, x, r); }
uint16_t sim_bf16_from_double(double x, sim_round r) { return (uint16_t)to_ieee(&BF16, x, r); }
uint8_t sim_e4m3_from_double(double x, sim_round r) { return to_fp8(&E4M3, x, r); }
uint8_t sim_e5m2_from_double(double x, sim_round r) { return to_fp8(&E5M2, x, r); }

float sim_f32_from_double(double x, sim_round r) {
  uint32_t b;
  float f;
  if (r == SIM_RNE && !isnan(x)) {
    f = (float)x; /* C conversion rounds with the current mode: nearest-even by default */
    return f;
  }
  b = to_ieee(&F32, x, r);
  memcpy(&f, &b, 4);
  return f;
}

float sim_tf32_from_f32(float x) {
  uint32_t b;
  memcpy(&b, &x, 4);
  if ((b & 0x7f800000u) != 0x7f800000u) b &= ~0x1fffu; /* keep Inf / NaN as they are */
  float y;
  memcpy(&y, &b, 4);
  return y;
}

double sim_f16_to_double(uint16_t h) {
  if ((h & 0x7c00) == 0x7c00) return (h & 0x3ff) ? NAN : ((h & 0x8000) ? -INFINITY : INFINITY);
  if (h & 0x7c00) { /* normal: rebias the exponent, widen the mantissa */
    uint64_t b = (uint64_t)(h & 0x8000) << 48 | (uint64_t)(((h >> 10) & 0x1f) - 15 + 1023) << 52 |
                 (uint64_t)(h & 0x3ff) << 42;
    return dbl_from_bits(b);
  }
  return decode(&F16, h);
}

double sim_bf16_to_double(uint16_t h) {
  uint32_t b = (uint32_t)h << 16;
  float f;
  memcpy(&f, &b, 4);
  return f;
}

double sim_e4m3_to_double(uint8_t b) {
  if ((b & 0x7f) == 0x7f) return NAN;
  return decode(&E4M3, b);
}

double sim_e5m2_to_double(uint8_t b) {
  if ((b & 0x7c) == 0x7c) return (b & 3) ? NAN : ((b & 0x80) ? -INFINITY : INFINITY);
  return decode(&E5M2, b);
}

/* ------------------------------------------------------------------ other small floats */

/* How a small format spends its special encodings (MLIR's naming: FN = no Inf, UZ = unsigned
 * zero, i.e. no -0 and NaN is the negative-zero code). */
typedef enum mkind { MK_IEEE, MK_FN, MK_FNUZ, MK_FINITE } mkind;

typedef struct mini {
  fmt f;
  mkind kind;
} mini;

static const mini *mini_of(sim_dtype dt) {
  static const mini E4M3FNUZ = {{4, 3, 8, 15, 7}, MK_FNUZ};    /* max 1.875 * 2^7 = 240 */
  static const mini E5M2FNUZ = {{5, 2, 16, 31, 3}, MK_FNUZ};   /* max 1.75 * 2^15 = 57344 */
  static const mini E4M3B11 = {{4, 3, 11, 15, 7}, MK_FNUZ};    /* max 1.875 * 2^4 = 30 */
  static const mini E4M3IEEE = {{4, 3, 7, 14, 7}, MK_IEEE};    /* max 1.875 * 2^7 = 240 */
  static const mini E2M3 = {{2, 3, 1, 3, 7}, MK_FINITE};       /* max 1.875 * 4 = 7.5 */
  static const mini E3M2 = {{3, 2, 3, 7, 3}, MK_FINITE};       /* max 1.75 * 16 = 28 */
  static const mini E2M1 = {{2, 1, 1, 3, 1}, MK_FINITE};       /* max 1.5 * 4 = 6 */
  switch (dt) {
  case SIM_DT_F8E4M3FNUZ: return &E4M3FNUZ;
  case SIM_DT_F8E5M2FNUZ: return &E5M2FNUZ;
  case SIM_DT_F8E4M3B11FNUZ: return &E4M3B11;
  case SIM_DT_F8E4M3: return &E4M3IEEE;
  case SIM_DT_F6E2M3FN: return &E2M3;
  case SIM_DT_F6E3M2FN: return &E3M2;
  case SIM_DT_F4E2M1FN: return &E2M1;
  default: return NULL;
  }
}

static uint32_t mini_max(const fmt *f) { return ((uint32_t)f->max_efield << f->mbits) | f->max_mant; }

/* Round to nearest even (or toward zero); overflow and Inf saturate to the largest finite
 * (like cvt.rn.satfinite of the fp8 types). NaN: the format's NaN; a finite-only format has
 * none and gives its largest positive value (an assumption: no Triton test pins it). FNUZ:
 * a result that is zero is +0 (the -0 code is NaN). */
static uint32_t mini_from_double(const mini *m, double x, sim_round r) {
  const fmt *f = &m->f;
  uint32_t sbit = 1u << (f->ebits + f->mbits);
  if (isnan(x))
    return m->kind == MK_FNUZ ? sbit : m->kind == MK_FINITE ? mini_max(f) : (sbit - 1);
  uint32_t s = signbit(x) ? sbit : 0;
  double a = fabs(x);
  bool ovf = false;
  uint32_t mag = a == 0.0 ? 0 : isinf(a) ? mini_max(f) : round_mag(f, a, r, &ovf);
  if (m->kind == MK_FNUZ && mag == 0) return 0;
  return s | mag;
}

static double mini_to_double(const mini *m, uint32_t b) {
  const fmt *f = &m->f;
  uint32_t sbit = 1u << (f->ebits + f->mbits), efull = (1u << f->ebits) - 1;
  b &= (sbit << 1) - 1;
  uint32_t efield = b >> f->mbits & efull, mant = b & ((1u << f->mbits) - 1);
  if (m->kind == MK_FNUZ && b == sbit) return NAN;
  if (m->kind == MK_IEEE && efield == efull)
    return mant ? NAN : (b & sbit) ? -INFINITY : INFINITY;
  return decode(f, b);
}

/* e8m0fnu (MX scales): 2^(e-127) for e = 0..254, 0xff NaN, no sign and no zero. Rounds to
 * the nearest power of two (a tie, 1.5 * 2^k, to the even exponent field); saturates at
 * both ends; zero, negative values and NaN give NaN. */
static uint32_t e8m0_from_double(double x, sim_round r) {
  if (isnan(x) || x <= 0.0) return 0xff;
  if (isinf(x)) return 254;
  int k;
  double fr = frexp(x, &k); /* x = fr * 2^k, fr in [0.5, 1): x = (2 fr) 2^(k-1) */
  int e = k - 1 + 127;
  if (r == SIM_RNE && (2 * fr > 1.5 || (2 * fr == 1.5 && (e & 1)))) e++;
  if (e < 0) e = 0;
  if (e > 254) e = 254;
  return (uint32_t)e;
}

static double e8m0_to_double(uint32_t b) {
  b &= 0xff;
  return b == 0xff ? NAN : ldexp(1.0, (int)b - 127);
}

/* ------------------------------------------------------------------ elements */

uint64_t sim_elem_get_bits(sim_dtype dt, const void *p) {
  switch (sim_dtype_size(dt)) {
  case 1: return *(const uint8_t *)p;
  case 2: {
    uint16_t v;
    memcpy(&v, p, 2);
    return v;
  }
  case 4: {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
  }
  case 8: {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
  }
  default: assert(0 && "bad dtype"); return 0;
  }
}

void sim_elem_set_bits(sim_dtype dt, void *p, uint64_t bits) {
  switch (sim_dtype_size(dt)) {
  case 1: {
    uint8_t v = (uint8_t)bits;
    memcpy(p, &v, 1);
    break;
  }
  case 2: {
    uint16_t v = (uint16_t)bits;
    memcpy(p, &v, 2);
    break;
  }
  case 4: {
    uint32_t v = (uint32_t)bits;
    memcpy(p, &v, 4);
    break;
  }
  case 8: memcpy(p, &bits, 8); break;
  default: assert(0 && "bad dtype");
  }
}

double sim_bits_to_double(sim_dtype dt, uint64_t bits) {
  switch (dt) {
  case SIM_DT_I1: return (double)(bits & 1);
  case SIM_DT_I8: return (double)(int8_t)bits;
  case SIM_DT_I16: return (double)(int16_t)bits;
  case SIM_DT_I32: return (double)(int32_t)bits;
  case SIM_DT_I64:
  case SIM_DT_PTR: return (double)(int64_t)bits;
  case SIM_DT_F16: return sim_f16_to_double((uint16_t)bits);
  case SIM_DT_BF16: return sim_bf16_to_double((uint16_t)bits);
  case SIM_DT_F32:
  case SIM_DT_TF32: {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, 4);
    return f;
  }
  case SIM_DT_F64: {
    double f;
    memcpy(&f, &bits, 8);
    return f;
  }
  case SIM_DT_F8E4M3FN: return sim_e4m3_to_double((uint8_t)bits);
  case SIM_DT_F8E5M2: return sim_e5m2_to_double((uint8_t)bits);
  case SIM_DT_F8E8M0FNU: return e8m0_to_double((uint32_t)bits);
  default:
    assert(mini_of(dt) && "bad dtype");
    return mini_of(dt) ? mini_to_double(mini_of(dt), (uint32_t)bits) : 0;
  }
}

/* Float -> integer of `bits` width like cvt.rzi.sN: truncate, saturate, NaN -> 0. */
static int64_t sat_int(double x, int bits) {
  if (isnan(x)) return 0;
  double hi = ldexp(1.0, bits - 1) - 1, lo = -ldexp(1.0, bits - 1);
  x = trunc(x);
  if (x >= hi) return bits == 64 ? INT64_MAX : (int64_t)hi;
  if (x <= lo) return bits == 64 ? INT64_MIN : (int64_t)lo;
  return (int64_t)x;
}

uint64_t sim_bits_from_double(sim_dtype dt, double x, sim_round r) {
  switch (dt) {
  case SIM_DT_I1: return x != 0.0 && !isnan(x);
  case SIM_DT_I8: return (uint8_t)sat_int(x, 8);
  case SIM_DT_I16: return (uint16_t)sat_int(x, 16);
  case SIM_DT_I32: return (uint32_t)sat_int(x, 32);
  case SIM_DT_I64:
  case SIM_DT_PTR: return (uint64_t)sat_int(x, 64);
  case SIM_DT_F16: return sim_f16_from_double(x, r);
  case SIM_DT_BF16: return sim_bf16_from_double(x, r);
  case SIM_DT_F32:
  case SIM_DT_TF32: {
    float f = sim_f32_from_double(x, r);
    if (dt == SIM_DT_TF32) f = sim_tf32_from_f32(f);
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
  }
  case SIM_DT_F64: {
    uint64_t b;
    if (isnan(x)) return 0x7fffffffffffffffull;
    memcpy(&b, &x, 8);
    return b;
  }
  case SIM_DT_F8E4M3FN: return sim_e4m3_from_double(x, r);
  case SIM_DT_F8E5M2: return sim_e5m2_from_double(x, r);
  case SIM_DT_F8E8M0FNU: return e8m0_from_double(x, r);
  default:
    assert(mini_of(dt) && "bad dtype");
    return mini_of(dt) ? mini_from_double(mini_of(dt), x, r) : 0;
  }
}

double sim_elem_get_f(sim_dtype dt, const void *p) {
  if (dt == SIM_DT_F32) {
    float f;
    memcpy(&f, p, 4);
    return f;
  }
  return sim_bits_to_double(dt, sim_elem_get_bits(dt, p));
}

int64_t sim_elem_get_i(sim_dtype dt, const void *p) {
  uint64_t b = sim_elem_get_bits(dt, p);
  switch (dt) {
  case SIM_DT_I1: return (int64_t)(b & 1);
  case SIM_DT_I8: return (int8_t)b;
  case SIM_DT_I16: return (int16_t)b;
  case SIM_DT_I32: return (int32_t)b;
  case SIM_DT_I64:
  case SIM_DT_PTR: return (int64_t)b;
  default: return sat_int(sim_bits_to_double(dt, b), 64);
  }
}

void sim_elem_set_f(sim_dtype dt, void *p, double x, sim_round r) {
  if (dt == SIM_DT_F32 && r == SIM_RNE && !isnan(x)) {
    float f = (float)x;
    memcpy(p, &f, 4);
    return;
  }
  sim_elem_set_bits(dt, p, sim_bits_from_double(dt, x, r));
}
