/* data_host.c: building kernel input tensors from --tensor specs: a .npy file, or
 * random:SHAPE:DTYPE / zeros:SHAPE:DTYPE generated deterministically from (seed, name). */
#include <stdlib.h>
#include <string.h>

#include "data_internal.h"

/* splitmix64: a small, well-mixed generator; one stream per tensor. */
static uint64_t mix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint64_t name_hash(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
  for (; s && *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return h;
}

/* Parses "256x2048" into shape; returns the rank or -1. */
static int parse_shape(const char *s, size_t len, int64_t *shape) {
  int rank = 0;
  size_t i = 0;
  while (i < len) {
    if (rank == IR_MAX_RANK) return -1;
    int64_t v = 0;
    size_t st = i;
    while (i < len && s[i] >= '0' && s[i] <= '9') {
      v = v * 10 + (s[i] - '0');
      if (v > (INT64_C(1) << 40)) return -1;
      i++;
    }
    if (i == st) return -1;
    shape[rank++] = v;
    if (i < len) {
      if (s[i] != 'x' && s[i] != 'X' && s[i] != ',') return -1;
      i++;
      if (i == len) return -1;
    }
  }
  return rank;
}

uint32_t sim_data_host_tensor(sim_data *d, const char *name, const char *spec, sim_dtype want_dt,
                              sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  bool rnd = !strncmp(spec, "random:", 7), zeros = !strncmp(spec, "zeros:", 6);
  if (!rnd && !zeros) return sim_npy_read(d, spec, name, want_dt, err);
  const char *body = spec + (rnd ? 7 : 6);
  const char *colon = strrchr(body, ':');
  int64_t shape[IR_MAX_RANK];
  int rank = colon ? parse_shape(body, (size_t)(colon - body), shape) : -1;
  sim_dtype dt = colon ? sim_dtype_parse(colon + 1, strlen(colon + 1)) : SIM_DT_NONE;
  if (rank < 1 || dt == SIM_DT_NONE) {
    sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL,
                  "--tensor %s=%s: expected FILE.npy, random:SHAPE:DTYPE or zeros:SHAPE:DTYPE "
                  "(e.g. random:256x2048:f32; dtypes f32 f16 bf16 f64 f8e4m3fn f8e5m2 i1 i8 "
                  "i16 i32 i64)",
                  name, spec);
    return 0;
  }
  if (want_dt != SIM_DT_NONE && want_dt != dt) {
    sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL,
                  "--tensor %s=%s: the kernel expects %s elements for '%s'; use %.*s:%s", name,
                  spec, sim_dtype_name(want_dt), name, (int)(colon - spec), spec,
                  sim_dtype_name(want_dt));
    return 0;
  }
  uint32_t id = sim_data_buf_new(d, SIM_SPACE_GLOBAL, dt, rank, shape, name, err);
  if (!id || zeros) return id;
  sim_buf *b = sim_data_buf(d, id);
  uint64_t st = d->seed ^ name_hash(name);
  int sz = sim_dtype_size(dt);
  int64_t n = b->nbytes / sz;
  for (int64_t i = 0; i < n; i++) {
    uint64_t r = mix(&st);
    void *p = b->bytes + i * sz;
    if (dt == SIM_DT_F32) {
      float u = (float)(r >> 40) * 0x1.0p-23f - 1.0f; /* uniform on the 2^-23 grid of [-1, 1) */
      memcpy(p, &u, 4);
    } else if (sim_dtype_is_float(dt)) {
      double u = (double)(r >> 11) * 0x1.0p-52 - 1.0; /* uniform in [-1, 1) */
      sim_elem_set_f(dt, p, u, SIM_RNE);
    } else if (dt == SIM_DT_I1) {
      sim_elem_set_bits(dt, p, r & 1);
    } else {
      sim_elem_set_bits(dt, p, (uint64_t)((int64_t)(r % 17) - 8));
    }
  }
  return id;
}
