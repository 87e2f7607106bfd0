/* run_abi.c: parses the "// tlxv-..." header lowering/lw_abi.c writes at the top of PTX. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

static const char *const dt_names[] = {"none", "f16", "bf16", "f32", "f64", "f8e4m3fn",
                                       "f8e5m2", "i1", "i8", "u8", "i16", "i32", "i64"};

run_dtype run_dtype_parse(const char *s) {
  for (int i = 1; i < (int)(sizeof dt_names / sizeof dt_names[0]); i++)
    if (!strcmp(s, dt_names[i])) return (run_dtype)i;
  if (!strcmp(s, "e4m3")) return RUN_F8E4M3;
  if (!strcmp(s, "e5m2")) return RUN_F8E5M2;
  return RUN_NONE;
}

const char *run_dtype_name(run_dtype t) { return dt_names[t]; }

int run_dtype_size(run_dtype t) {
  switch (t) {
  case RUN_F16: case RUN_BF16: case RUN_I16: return 2;
  case RUN_F32: case RUN_I32: return 4;
  case RUN_F64: case RUN_I64: return 8;
  case RUN_NONE: return 0;
  default: return 1;
  }
}

/* Value of key=... in a space-separated line, copied into out. */
static int kv(const char *line, const char *key, char *out, size_t n) {
  size_t kl = strlen(key);
  for (const char *p = line; (p = strstr(p, key)); p++) {
    if ((p == line || p[-1] == ' ') && p[kl] == '=') {
      p += kl + 1;
      size_t k = 0;
      while (p[k] && p[k] != ' ' && p[k] != '\n' && k + 1 < n) {
        out[k] = p[k];
        k++;
      }
      out[k] = 0;
      return 0;
    }
  }
  return -1;
}

static int dims(const char *s, int64_t *d, int max) {
  int n = 0;
  while (*s && n < max) {
    char *e;
    d[n++] = strtoll(s, &e, 10);
    if (e == s) return -1;
    s = *e == 'x' || *e == ',' ? e + 1 : e;
    if (!*e) break;
  }
  return n;
}

int run_abi_parse(const char *ptx, run_abi *a, char *err, size_t errn) {
  memset(a, 0, sizeof *a);
  a->cluster[0] = a->cluster[1] = a->cluster[2] = 1;
  bool seen_abi = false, seen_kernel = false;
  for (const char *l = ptx; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
    if (strncmp(l, "// tlxv-", 8)) {
      if (seen_abi && strncmp(l, "//", 2)) break; /* the header ends at the first non-comment */
      continue;
    }
    char line[512];
    size_t n = strcspn(l, "\n");
    if (n >= sizeof line) n = sizeof line - 1;
    memcpy(line, l, n);
    line[n] = 0;
    char v[128];
    if (!strncmp(line, "// tlxv-abi ", 12)) {
      if (atoi(line + 12) != 1) {
        snprintf(err, errn, "unsupported ABI version '%s' (this runner reads version 1)", line + 12);
        return -1;
      }
      seen_abi = true;
    } else if (!strncmp(line, "// tlxv-kernel ", 15)) {
      sscanf(line + 15, "%127s", a->kernel);
      if (!kv(line, "threads", v, sizeof v)) a->threads = atoi(v);
      if (!kv(line, "smem", v, sizeof v)) a->smem = (unsigned)strtoul(v, NULL, 10);
      if (!kv(line, "target", v, sizeof a->target)) memcpy(a->target, v, sizeof a->target);
      if (!kv(line, "cluster", v, sizeof v)) {
        int64_t cd[3] = {1, 1, 1};
        dims(v, cd, 3);
        for (int i = 0; i < 3; i++) a->cluster[i] = (int)cd[i];
      }
      seen_kernel = true;
    } else if (!strncmp(line, "// tlxv-param ", 14)) {
      if (a->np == RUN_MAX_PARAMS) {
        snprintf(err, errn, "more than %d kernel parameters", RUN_MAX_PARAMS);
        return -1;
      }
      run_param *p = &a->p[a->np];
      char kind[32] = "";
      if (sscanf(line + 14, "%d %63s %31s", &p->index, p->name, kind) != 3 || p->index != a->np) {
        snprintf(err, errn, "malformed ABI line: %s", line);
        return -1;
      }
      char role[16] = "";
      kv(line, "role", role, sizeof role);
      if (!strcmp(kind, "tensormap")) {
        p->kind = RUN_P_TENSORMAP;
        if (kv(line, "dtype", v, sizeof v) || !(p->dt = run_dtype_parse(v)) ||
            kv(line, "rank", v, sizeof v)) {
          snprintf(err, errn, "malformed tensormap line: %s", line);
          return -1;
        }
        p->rank = atoi(v);
        char b[128];
        if (kv(line, "block", b, sizeof b) || dims(b, p->block, RUN_MAX_RANK) != p->rank ||
            kv(line, "box", b, sizeof b) || dims(b, p->box, RUN_MAX_RANK) != p->rank ||
            kv(line, "swizzle", v, sizeof v)) {
          snprintf(err, errn, "malformed tensormap line: %s", line);
          return -1;
        }
        p->swizzle = atoi(v);
      } else if (!strcmp(kind, "ptr")) {
        p->kind = RUN_P_PTR;
        if (kv(line, "dtype", v, sizeof v) || !(p->dt = run_dtype_parse(v))) {
          snprintf(err, errn, "pointer parameter %s has an unknown element type", p->name);
          return -1;
        }
      } else {
        p->dt = run_dtype_parse(kind);
        if (!p->dt) {
          snprintf(err, errn, "parameter %s has an unknown type '%s'", p->name, kind);
          return -1;
        }
        p->kind = RUN_P_SCALAR;
        if (role[0]) {
          if (kv(line, "of", v, sizeof v)) goto bad;
          p->of = atoi(v);
          if (kv(line, "dim", v, sizeof v)) goto bad;
          p->dim = atoi(v);
          if (!strcmp(role, "shape")) p->kind = RUN_P_SHAPE;
          else if (!strcmp(role, "stride")) p->kind = RUN_P_STRIDE;
          else goto bad;
          if (p->of < 0 || p->of >= a->np || a->p[p->of].kind != RUN_P_TENSORMAP) goto bad;
        }
      }
      a->np++;
    }
  }
  if (!seen_abi || !seen_kernel || !a->kernel[0] || a->threads <= 0) {
    snprintf(err, errn, "no tlxv ABI header: lower the kernel with `tlx-verify lower ... --emit ptx`");
    return -1;
  }
  return 0;
bad:
  snprintf(err, errn, "malformed descriptor shape / stride line for parameter %s", a->p[a->np].name);
  return -1;
}
