/* run_npy.c: host tensors: NumPy .npy read / write (v1-v3, little-endian, C order) and the
 * generated inputs random:SHAPE:DTYPE / zeros:SHAPE:DTYPE. bf16 and fp8, which NumPy lacks,
 * are read and written as raw bits (<u2 / |u1). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

static const char *descr_of(run_dtype t) {
  switch (t) {
  case RUN_F16: return "<f2";
  case RUN_BF16: return "<u2";
  case RUN_F32: return "<f4";
  case RUN_F64: return "<f8";
  case RUN_F8E4M3: case RUN_F8E5M2: case RUN_U8: return "|u1";
  case RUN_I1: return "|b1";
  case RUN_I8: return "|i1";
  case RUN_I16: return "<i2";
  case RUN_I32: return "<i4";
  case RUN_I64: return "<i8";
  default: return NULL;
  }
}

/* Element type of a descr, given the type the kernel wants (raw-bit forms need it). */
static run_dtype dtype_of_descr(const char *d, run_dtype want) {
  if (!strcmp(d, "<f2")) return RUN_F16;
  if (!strcmp(d, "<f4")) return RUN_F32;
  if (!strcmp(d, "<f8")) return RUN_F64;
  if (!strcmp(d, "<u2")) return want == RUN_BF16 ? RUN_BF16 : RUN_I16;
  if (!strcmp(d, "|u1")) return want == RUN_F8E4M3 || want == RUN_F8E5M2 ? want : RUN_U8;
  if (!strcmp(d, "|b1")) return RUN_I1;
  if (!strcmp(d, "|i1")) return RUN_I8;
  if (!strcmp(d, "<i2")) return RUN_I16;
  if (!strcmp(d, "<i4")) return RUN_I32;
  if (!strcmp(d, "<i8")) return RUN_I64;
  return RUN_NONE;
}

static size_t numel(const run_tensor *t) {
  size_t n = 1;
  for (int d = 0; d < t->rank; d++) n *= (size_t)t->shape[d];
  return n;
}

int run_npy_read(run_tensor *t, const char *path, char *err, size_t errn) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errn, "%s: cannot open", path);
    return -1;
  }
  unsigned char mg[10];
  if (fread(mg, 1, 8, f) != 8 || memcmp(mg, "\x93NUMPY", 6)) goto bad;
  size_t hl;
  if (mg[6] == 1) {
    if (fread(mg, 1, 2, f) != 2) goto bad;
    hl = mg[0] | (size_t)mg[1] << 8;
  } else {
    if (fread(mg, 1, 4, f) != 4) goto bad;
    hl = mg[0] | (size_t)mg[1] << 8 | (size_t)mg[2] << 16 | (size_t)mg[3] << 24;
  }
  char *h = calloc(1, hl + 1);
  if (!h || fread(h, 1, hl, f) != hl) {
    free(h);
    goto bad;
  }
  char descr[16] = "";
  const char *p = strstr(h, "'descr'");
  if (p && (p = strchr(p + 7, '\''))) sscanf(p + 1, "%15[^']", descr);
  bool fortran = strstr(h, "'fortran_order': True") != NULL;
  p = strstr(h, "'shape'");
  t->rank = 0;
  if (p && (p = strchr(p, '('))) {
    p++;
    while (*p && *p != ')' && t->rank < RUN_MAX_RANK) {
      while (*p == ' ' || *p == ',') p++;
      if (*p == ')') break;
      t->shape[t->rank++] = strtoll(p, (char **)&p, 10);
    }
  }
  free(h);
  run_dtype dt = dtype_of_descr(descr, t->dt);
  if (fortran || !dt) {
    fclose(f);
    snprintf(err, errn, "%s: only C-order arrays of dtype f2/f4/f8/i1/i2/i4/i8/u1/u2/b1 are read", path);
    return -1;
  }
  if (t->dt != RUN_NONE && run_dtype_size(dt) != run_dtype_size(t->dt)) {
    fclose(f);
    snprintf(err, errn, "%s: dtype %s does not match the kernel's %s", path, descr, run_dtype_name(t->dt));
    return -1;
  }
  if (t->dt == RUN_NONE) t->dt = dt;
  t->bytes = numel(t) * (size_t)run_dtype_size(t->dt);
  t->data = malloc(t->bytes ? t->bytes : 1);
  if (!t->data || fread(t->data, 1, t->bytes, f) != t->bytes) {
    free(t->data);
    t->data = NULL;
    goto bad;
  }
  fclose(f);
  return 0;
bad:
  fclose(f);
  snprintf(err, errn, "%s: not a readable .npy file", path);
  return -1;
}

int run_npy_write(const run_tensor *t, const char *path, char *err, size_t errn) {
  const char *d = descr_of(t->dt);
  char hdr[256];
  int k = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': (", d);
  for (int i = 0; i < t->rank; i++) k += snprintf(hdr + k, sizeof hdr - (size_t)k, "%lld,%s", (long long)t->shape[i], i + 1 < t->rank ? " " : "");
  k += snprintf(hdr + k, sizeof hdr - (size_t)k, "), }");
  int total = 10 + k + 1;
  int pad = (64 - total % 64) % 64;
  FILE *f = fopen(path, "wb");
  if (!f) {
    snprintf(err, errn, "%s: cannot write", path);
    return -1;
  }
  unsigned hl = (unsigned)(k + pad + 1);
  unsigned char mg[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(hl & 0xff), (unsigned char)(hl >> 8)};
  fwrite(mg, 1, 10, f);
  fwrite(hdr, 1, (size_t)k, f);
  for (int i = 0; i < pad; i++) fputc(' ', f);
  fputc('\n', f);
  size_t w = fwrite(t->data, 1, t->bytes, f);
  if (fclose(f) || w != t->bytes) {
    snprintf(err, errn, "%s: write failed", path);
    return -1;
  }
  return 0;
}

/* ------------------------------------------------------------------ generated inputs */

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

static uint16_t f32_to_f16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t s = (x >> 16) & 0x8000, e = (x >> 23) & 0xff, m = x & 0x7fffff;
  if (e == 0xff) return (uint16_t)(s | 0x7c00 | (m ? 0x200 : 0));
  int ne = (int)e - 127 + 15;
  if (ne >= 31) return (uint16_t)(s | 0x7c00);
  if (ne <= 0) {
    if (ne < -10) return (uint16_t)s;
    m |= 0x800000;
    int sh = 14 - ne;
    uint32_t r = m >> sh, rem = m & ((1u << sh) - 1), half = 1u << (sh - 1);
    if (rem > half || (rem == half && (r & 1))) r++;
    return (uint16_t)(s | r);
  }
  uint32_t r = (uint32_t)ne << 10 | m >> 13, rem = m & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (r & 1))) r++;
  return (uint16_t)(s | r);
}

static uint16_t f32_to_bf16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000) return (uint16_t)((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return (uint16_t)(x >> 16);
}

static int parse_shape(const char *s, run_tensor *t) {
  t->rank = 0;
  while (*s && t->rank < RUN_MAX_RANK) {
    char *e;
    long long v = strtoll(s, &e, 10);
    if (e == s || v <= 0) return -1;
    t->shape[t->rank++] = v;
    if (*e != 'x') return *e ? -1 : 0;
    s = e + 1;
  }
  return *s ? -1 : 0;
}

int run_tensor_make(run_tensor *t, const char *name, const char *spec, run_dtype want,
                    uint64_t seed, char *err, size_t errn) {
  memset(t, 0, sizeof *t);
  snprintf(t->name, sizeof t->name, "%s", name);
  t->dt = want;
  bool rnd = !strncmp(spec, "random:", 7), zero = !strncmp(spec, "zeros:", 6);
  if (!rnd && !zero) return run_npy_read(t, spec, err, errn);
  const char *s = spec + (rnd ? 7 : 6);
  const char *colon = strchr(s, ':');
  char shp[128];
  if (!colon || (size_t)(colon - s) >= sizeof shp) goto bad;
  memcpy(shp, s, (size_t)(colon - s));
  shp[colon - s] = 0;
  run_dtype dt = run_dtype_parse(colon + 1);
  if (parse_shape(shp, t) || !dt) goto bad;
  if (want != RUN_NONE && dt != want) {
    snprintf(err, errn, "--tensor %s: dtype %s, but the kernel takes %s", name, run_dtype_name(dt), run_dtype_name(want));
    return -1;
  }
  t->dt = dt;
  size_t n = numel(t);
  int es = run_dtype_size(dt);
  t->bytes = n * (size_t)es;
  t->data = calloc(1, t->bytes ? t->bytes : 1);
  if (!t->data) {
    snprintf(err, errn, "out of memory for --tensor %s", name);
    return -1;
  }
  if (zero) return 0;
  uint64_t h = seed * 0x9e3779b97f4a7c15ULL;
  for (const char *c = name; *c; c++) h = mix(h ^ (unsigned char)*c);
  for (size_t i = 0; i < n; i++) {
    uint64_t r = mix(h + i);
    double u = (double)(r >> 11) / 9007199254740992.0 * 2.0 - 1.0; /* [-1, 1) */
    int64_t iv = (int64_t)(r % 17) - 8;                             /* [-8, 8] */
    unsigned char *p = (unsigned char *)t->data + i * (size_t)es;
    switch (dt) {
    case RUN_F32: { float f = (float)u; memcpy(p, &f, 4); break; }
    case RUN_F64: memcpy(p, &u, 8); break;
    case RUN_F16: { uint16_t v = f32_to_f16((float)u); memcpy(p, &v, 2); break; }
    case RUN_BF16: { uint16_t v = f32_to_bf16((float)u); memcpy(p, &v, 2); break; }
    case RUN_I1: *p = (unsigned char)(r & 1); break;
    case RUN_I8: case RUN_U8: *p = (unsigned char)(int8_t)iv; break;
    case RUN_I16: { int16_t v = (int16_t)iv; memcpy(p, &v, 2); break; }
    case RUN_I32: { int32_t v = (int32_t)iv; memcpy(p, &v, 4); break; }
    case RUN_I64: memcpy(p, &iv, 8); break;
    default:
      snprintf(err, errn, "--tensor %s: random %s is not supported (give a .npy)", name, run_dtype_name(dt));
      return -1;
    }
  }
  return 0;
bad:
  snprintf(err, errn, "--tensor %s=%s: expected FILE.npy, random:SHAPE:DTYPE or zeros:SHAPE:DTYPE", name, spec);
  return -1;
}
