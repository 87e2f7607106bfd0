/* data_npy.c: NumPy .npy files (format v1.0 written; v1/v2/v3 read), little-endian and
 * C order, to and from global buffers. Format: "\x93NUMPY", version, header length, a
 * Python-literal dict {'descr', 'fortran_order', 'shape'}, padded to 64 bytes, then data. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data_internal.h"
#include "sim_size.h"

/* npy descr of each dtype (bf16 and fp8 as raw unsigned bits: NumPy has no such types). */
static const char *descr_of(sim_dtype dt) {
  switch (dt) {
  case SIM_DT_I1: return "|b1";
  case SIM_DT_I8: return "|i1";
  case SIM_DT_I16: return "<i2";
  case SIM_DT_I32: return "<i4";
  case SIM_DT_I64: return "<i8";
  case SIM_DT_F16: return "<f2";
  case SIM_DT_BF16: return "<u2";
  case SIM_DT_F32:
  case SIM_DT_TF32: return "<f4";
  case SIM_DT_F64: return "<f8";
  case SIM_DT_F8E4M3FN:
  case SIM_DT_F8E5M2:
  case SIM_DT_F8E4M3FNUZ:
  case SIM_DT_F8E5M2FNUZ:
  case SIM_DT_F8E4M3B11FNUZ:
  case SIM_DT_F8E4M3:
  case SIM_DT_F6E2M3FN:
  case SIM_DT_F6E3M2FN:
  case SIM_DT_F4E2M1FN:
  case SIM_DT_F8E8M0FNU: return "|u1";
  case SIM_DT_PTR: return "<u8";
  default: return NULL;
  }
}

/* File dtype from descr ("<f4"): kind letter and byte size; false if unsupported. */
static bool parse_descr(const char *s, char *kind, int *size) {
  if (s[0] != '<' && s[0] != '|' && s[0] != '=') return false;
  *kind = s[1];
  *size = atoi(s + 2);
  if (!strchr("fiub", *kind) || (*size != 1 && *size != 2 && *size != 4 && *size != 8))
    return false;
  if (*kind == 'f' && *size == 1) return false;
  return true;
}

static sim_dtype natural_dt(char kind, int size) {
  if (kind == 'b') return SIM_DT_I1;
  if (kind == 'f') return size == 2 ? SIM_DT_F16 : size == 4 ? SIM_DT_F32 : SIM_DT_F64;
  return size == 1 ? SIM_DT_I8 : size == 2 ? SIM_DT_I16 : size == 4 ? SIM_DT_I32 : SIM_DT_I64;
}

/* Finds 'key': in the header and returns a pointer just after the colon. */
static const char *hdr_find(const char *h, const char *key) {
  char pat[32];
  snprintf(pat, sizeof pat, "'%s'", key);
  const char *p = strstr(h, pat);
  if (!p) return NULL;
  p = strchr(p + strlen(pat), ':');
  if (!p) return NULL;
  p++;
  while (*p == ' ') p++;
  return p;
}

static uint32_t npy_fail(sim_data_err *err, sim_data_status st, const char *path,
                         const char *what) {
  sim_data_fail(err, st, NULL, "%s: %s", path, what);
  return 0;
}

uint32_t sim_npy_read(sim_data *d, const char *path, const char *name, sim_dtype want_dt,
                      sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  FILE *f = fopen(path, "rb");
  if (!f) {
    char msg[256];
    snprintf(msg, sizeof msg, "cannot open .npy file: %s", strerror(errno));
    return npy_fail(err, SIM_DATA_BAD_INPUT, path, msg);
  }
  unsigned char pre[12];
  uint32_t id = 0;
  char *hdr = NULL;
  sim_tensor *raw = NULL;
  if (fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY", 6)) {
    npy_fail(err, SIM_DATA_BAD_INPUT, path, "not a NumPy .npy file");
    goto out;
  }
  size_t hlen;
  if (pre[6] == 1) {
    hlen = pre[8] | (size_t)pre[9] << 8;
  } else if (pre[6] == 2 || pre[6] == 3) {
    if (fread(pre + 10, 1, 2, f) != 2) goto trunc;
    hlen = pre[8] | (size_t)pre[9] << 8 | (size_t)pre[10] << 16 | (size_t)pre[11] << 24;
  } else {
    npy_fail(err, SIM_DATA_BAD_INPUT, path, "unsupported .npy version");
    goto out;
  }
  if (hlen > (1u << 20)) {
    npy_fail(err, SIM_DATA_BAD_INPUT, path, "corrupt .npy header");
    goto out;
  }
  hdr = ir_xmalloc(hlen + 1, 1); /* freed below */
  if (!hdr || fread(hdr, 1, hlen, f) != hlen) goto trunc;
  hdr[hlen] = 0;
  const char *p = hdr_find(hdr, "descr"), *q = hdr_find(hdr, "fortran_order"),
             *s = hdr_find(hdr, "shape");
  if (!p || !q || !s || *p != '\'' || *s != '(') {
    npy_fail(err, SIM_DATA_BAD_INPUT, path, "malformed .npy header");
    goto out;
  }
  char descr[16] = {0}, kind;
  int size;
  for (int i = 0; i < 15 && p[1 + i] && p[1 + i] != '\''; i++) descr[i] = p[1 + i];
  if (!parse_descr(descr, &kind, &size)) {
    char msg[128];
    snprintf(msg, sizeof msg,
             "unsupported dtype '%s' (little-endian bool, int, uint or float only)", descr);
    npy_fail(err, SIM_DATA_BAD_INPUT, path, msg);
    goto out;
  }
  if (!strncmp(q, "True", 4)) {
    npy_fail(err, SIM_DATA_BAD_INPUT, path,
             "Fortran-order array: save np.ascontiguousarray(x) instead");
    goto out;
  }
  int rank = 0;
  int64_t shape[IR_MAX_RANK];
  for (s++; *s && *s != ')';) {
    while (*s == ' ' || *s == ',') s++;
    if (*s == ')') break;
    char *e;
    long long v = strtoll(s, &e, 10);
    if (e == s || v < 0 || rank == IR_MAX_RANK) {
      npy_fail(err, SIM_DATA_BAD_INPUT, path, "malformed or too deep shape in .npy header");
      goto out;
    }
    shape[rank++] = v;
    s = e;
    while (*s == 'L' || *s == ' ') s++;
  }
  sim_dtype fdt = natural_dt(kind, size);
  raw = sim_tensor_new(fdt, rank, shape);
  if (!raw) {
    npy_fail(err, SIM_DATA_NOMEM, path, "array too large");
    goto out;
  }
  if (fread(raw->data, (size_t)size, (size_t)raw->numel, f) != (size_t)raw->numel) goto trunc;
  sim_dtype dt = want_dt == SIM_DT_NONE ? fdt : want_dt;
  sim_tensor *conv = raw;
  if (dt != fdt) {
    bool raw_bits = !sim_dtype_is_float(fdt) && kind == 'u' && sim_dtype_size(dt) == size;
    bool ok = raw_bits || sim_dtype_is_float(fdt) || sim_dtype_is_float(dt) ||
              (!sim_dtype_is_float(fdt) && !sim_dtype_is_float(dt));
    if (!ok) goto mismatch;
    if (raw_bits) {
      raw->dt = dt; /* same width: the file holds the encoding (bf16 / fp8 as uint) */
    } else if (sim_dtype_is_float(dt) != sim_dtype_is_float(fdt)) {
      goto mismatch;
    } else if (kind == 'u' && !sim_dtype_is_float(dt)) { /* zero-extend / truncate */
      if (!(conv = sim_tensor_new(dt, rank, shape))) {
        npy_fail(err, SIM_DATA_NOMEM, path, "out of memory");
        goto out;
      }
      for (int64_t i = 0; i < raw->numel; i++)
        sim_elem_set_bits(dt, sim_tensor_at(conv, i),
                          sim_elem_get_bits(fdt, sim_tensor_at(raw, i)));
    } else if (!(conv = sim_tensor_convert(raw, dt, SIM_RNE))) {
      npy_fail(err, SIM_DATA_NOMEM, path, "out of memory");
      goto out;
    }
  }
  id = sim_data_buf_new(d, SIM_SPACE_GLOBAL, conv->dt, rank, shape, name, err);
  if (id)
    memcpy(sim_data_buf(d, id)->bytes, conv->data,
           (size_t)(conv->numel * sim_dtype_size(conv->dt)));
  if (conv != raw) sim_tensor_unref(conv);
  goto out;
mismatch : {
  char msg[200];
  snprintf(msg, sizeof msg, "holds %s ('%s') but the kernel expects %s for '%s'",
           sim_dtype_name(fdt), descr, sim_dtype_name(dt), name ? name : "");
  npy_fail(err, SIM_DATA_BAD_INPUT, path, msg);
  goto out;
}
trunc:
  npy_fail(err, SIM_DATA_BAD_INPUT, path, "truncated .npy file");
out:
  sim_tensor_unref(raw);
  free(hdr);
  fclose(f);
  return id;
}

int sim_npy_write(const sim_data *d, uint32_t id, const char *path, sim_data_err *err) {
  sim_buf *b = sim_data_buf((sim_data *)d, id);
  if (!b || !b->live) return sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL, "no buffer %u", id);
  const char *descr = descr_of(b->dt);
  if (!descr)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, NULL, "cannot write %s as .npy",
                         sim_dtype_name(b->dt));
  char hdr[512];
  int n = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
  for (int i = 0; i < b->rank; i++)
    n += snprintf(hdr + n, sizeof hdr - (size_t)n, "%lld%s", (long long)b->shape[i],
                  b->rank == 1      ? ","
                  : i + 1 < b->rank ? ", "
                                    : "");
  n += snprintf(hdr + n, sizeof hdr - (size_t)n, "), }");
  int total = 10 + n + 1; /* magic+version+len, dict, '\n' */
  int pad = (64 - total % 64) % 64;
  while (pad-- > 0) hdr[n++] = ' ';
  hdr[n++] = '\n';
  FILE *f = fopen(path, "wb");
  if (!f)
    return sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL, "%s: cannot write: %s", path,
                         strerror(errno));
  unsigned char pre[10] = {
      0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(n & 0xff), (unsigned char)(n >> 8)};
  bool ok = fwrite(pre, 1, 10, f) == 10 && fwrite(hdr, 1, (size_t)n, f) == (size_t)n &&
            fwrite(b->bytes, 1, (size_t)b->nbytes, f) == (size_t)b->nbytes;
  ok = (fclose(f) == 0) && ok;
  if (!ok) return sim_data_fail(err, SIM_DATA_BAD_INPUT, NULL, "%s: write failed", path);
  return 0;
}
