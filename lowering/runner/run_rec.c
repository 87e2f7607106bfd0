/* run_rec.c: the hang recorder's side table and JSON writer (run_rec.h). The record buffer's
 * layout is rec_abi.h; the JSON schema is the one verify/obs_json.c parses (cta, warp, loc,
 * barrier, parity, exited, running), with informative extra keys it ignores. The barrier
 * word the kernel read with a plain shared-memory load goes out as "smem_word", never as the
 * "word" explain decodes: on the H200 such a load of a live mbarrier returns what was stored
 * before mbarrier.init (0), not its state (tests/device/mbar_word.cu, docs/comparison.md). */
#include <stdlib.h>
#include <string.h>

#include "rec_abi.h"
#include "run_rec.h"

static int key_int(const char *line, const char *key, long *v) {
  size_t kl = strlen(key);
  for (const char *p = strstr(line, key); p; p = strstr(p + 1, key))
    if (p[-1] == ' ' && p[kl] == '=') {
      char *e;
      *v = strtol(p + kl + 1, &e, 10);
      return e == p + kl + 1 ? -1 : 0;
    }
  return -1;
}

/* Copies s into out (n bytes), decoding the %HH escapes of the lowering (lw_recorder.c). */
static void unescape(const char *s, char *out, size_t n) {
  size_t k = 0;
  for (; *s && k + 1 < n; s++) {
    unsigned v;
    if (*s == '%' && sscanf(s + 1, "%2x", &v) == 1 && s[1] && s[2]) {
      out[k++] = (char)v;
      s += 2;
    } else {
      out[k++] = *s;
    }
  }
  out[k] = 0;
}

int run_rec_parse(const char *ptx, run_rec_info *ri, char *err, size_t errn) {
  memset(ri, 0, sizeof *ri);
  for (const char *l = ptx; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
    if (strncmp(l, "//", 2)) break; /* the header ends at the first non-comment line */
    char line[512];
    size_t n = strcspn(l, "\n");
    if (n >= sizeof line) n = sizeof line - 1;
    memcpy(line, l, n);
    line[n] = 0;
    if (!strncmp(line, "// tlxv-recorder ", 17)) {
      long ver, w, nb, no;
      if (key_int(line, "version", &ver) || key_int(line, "warps", &w) || key_int(line, "bars", &nb) ||
          key_int(line, "ops", &no) || w < 1 || nb < 0 || no < 0 || nb > 65536 || no > 65536) {
        snprintf(err, errn, "malformed recorder line: %s", line);
        return -1;
      }
      if (ver != REC_VERSION) {
        snprintf(err, errn, "recorder version %ld, this runner reads version %d", ver, REC_VERSION);
        return -1;
      }
      ri->on = 1;
      ri->warps = (int)w;
      ri->nops = (unsigned)no;
      ri->nbars = (unsigned)nb;
      ri->ops = calloc(ri->nops + 1, sizeof *ri->ops);
      ri->bars = calloc(ri->nbars + 1, sizeof *ri->bars);
      if (!ri->ops || !ri->bars) {
        snprintf(err, errn, "out of memory");
        return -1;
      }
    } else if (!strncmp(line, "// tlxv-rec-op ", 15)) {
      char *e;
      unsigned long id = strtoul(line + 15, &e, 10);
      if (!ri->on || e == line + 15 || *e != ' ' || id < 1 || id > ri->nops) goto bad;
      unescape(e + 1, ri->ops[id - 1].loc, sizeof ri->ops[0].loc);
    } else if (!strncmp(line, "// tlxv-rec-bar ", 16)) {
      char *e;
      unsigned long k = strtoul(line + 16, &e, 10);
      long off;
      const char *nm = strstr(line, " name=");
      if (!ri->on || e == line + 16 || k >= ri->nbars || key_int(line, "off", &off) || off < 0 || !nm) goto bad;
      ri->bars[k].off = (unsigned)off;
      unescape(nm + 6, ri->bars[k].name, sizeof ri->bars[0].name);
    }
    continue;
  bad:
    snprintf(err, errn, "malformed recorder line: %s", line);
    return -1;
  }
  return 0;
}

void run_rec_free(run_rec_info *ri) {
  free(ri->ops);
  free(ri->bars);
  memset(ri, 0, sizeof *ri);
}

size_t run_rec_words(const run_rec_info *ri, unsigned ctas) {
  return REC_HDR_WORDS + (size_t)ctas * (size_t)ri->warps * REC_WARP_WORDS + (size_t)ctas * (1 + ri->nbars);
}

/* Length of the valid UTF-8 sequence at s, 0 when invalid. */
static int utf8_len(const unsigned char *s) {
  int n = s[0] >= 0xf0 && s[0] < 0xf5 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
  for (int i = 1; i < n; i++)
    if ((s[i] & 0xc0) != 0x80) return 0;
  return n;
}

/* A JSON string literal; bytes that are not UTF-8 (file names need not be) become U+FFFD. */
static void jstr(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
    else if (*p < 0x20) fprintf(f, "\\u%04x", *p);
    else if (*p < 0x80) fputc(*p, f);
    else {
      int n = utf8_len(p);
      if (!n) fputs("\\ufffd", f);
      else fwrite(p, 1, (size_t)n, f), p += n - 1;
    }
  }
  fputc('"', f);
}

static const run_rec_bar *bar_at(const run_rec_info *ri, unsigned off) {
  for (unsigned k = 0; k < ri->nbars; k++)
    if (ri->bars[k].off == off) return &ri->bars[k];
  return NULL;
}

int run_rec_waiting(const run_rec_info *ri, const volatile uint64_t *buf, unsigned ctas, unsigned *cta,
                    int *warp, unsigned *op) {
  int n = 0;
  for (unsigned c = 0; c < ctas; c++)
    for (int w = 0; w < ri->warps; w++) {
      uint64_t st = buf[REC_HDR_WORDS + ((size_t)c * (size_t)ri->warps + (size_t)w) * REC_WARP_WORDS + REC_W_STATE];
      if ((st & 0xff) != REC_ST_WAIT) continue;
      if (!n++) *cta = c, *warp = w, *op = (unsigned)(st >> 32);
    }
  return n;
}

int run_rec_json(FILE *f, const run_rec_info *ri, const char *kernel, const volatile uint64_t *buf,
                 unsigned ctas, uint64_t timeout_ns) {
  fprintf(f, "{\"format\": \"tlx-verify-hang-record\", \"version\": 1, \"kernel\": ");
  jstr(f, kernel ? kernel : "");
  fprintf(f, ", \"timeout_ns\": %llu, \"ctas_recorded\": %u,\n \"warps\": [", (unsigned long long)timeout_ns, ctas);
  int n = 0;
  for (unsigned c = 0; c < ctas; c++)
    for (int w = 0; w < ri->warps; w++) {
      const volatile uint64_t *r = buf + REC_HDR_WORDS + ((size_t)c * (size_t)ri->warps + (size_t)w) * REC_WARP_WORDS;
      uint64_t st = r[REC_W_STATE];
      unsigned state = (unsigned)(st & 0xff), op = (unsigned)(st >> 32);
      if (state == REC_ST_NONE || state > REC_ST_RESUMED) continue;
      fprintf(f, "%s\n  {\"cta\": %u, \"warp\": %d", n ? "," : "", c, w);
      n++;
      const char *loc = op >= 1 && op <= ri->nops && ri->ops[op - 1].loc[0] ? ri->ops[op - 1].loc : NULL;
      if (state == REC_ST_EXITED) {
        fprintf(f, ", \"exited\": true}");
        continue;
      }
      if (state == REC_ST_RESUMED || !loc) {
        /* resumed: it runs on past the op it was recorded at (where now: unknown) */
        fprintf(f, ", \"running\": true, \"last_op\": %u", op);
        if (loc) fprintf(f, ", \"last_loc\": "), jstr(f, loc);
        fprintf(f, "}");
        continue;
      }
      uint64_t wb = r[REC_W_BAR], t = r[REC_W_TIME], t0 = r[REC_W_START];
      unsigned off = (unsigned)(wb & 0xffffffffu);
      const run_rec_bar *b = bar_at(ri, off);
      fprintf(f, ", \"loc\": ");
      jstr(f, loc);
      fprintf(f, ", \"op\": %u", op);
      if (b) fprintf(f, ", \"barrier\": "), jstr(f, b->name);
      fprintf(f, ", \"smem_off\": %u, \"parity\": %u, \"test_wait\": %u, \"smem_word\": \"0x%016llx\", \"time_ns\": %llu, "
                 "\"waited_ns\": %llu, \"spins\": %llu, \"exited\": false}",
              off, (unsigned)((wb >> 32) & 1), (unsigned)((wb >> 33) & 1), (unsigned long long)r[REC_W_WORD],
              (unsigned long long)t, (unsigned long long)(t >= t0 ? t - t0 : 0), (unsigned long long)r[REC_W_SPINS]);
    }
  fprintf(f, "\n ],\n \"barriers\": [");
  int nb = 0;
  const volatile uint64_t *dumps = buf + REC_HDR_WORDS + (size_t)ctas * (size_t)ri->warps * REC_WARP_WORDS;
  for (unsigned c = 0; c < ctas; c++) {
    const volatile uint64_t *d = dumps + (size_t)c * (1 + ri->nbars);
    if (!ri->nbars || !d[0]) continue;
    for (unsigned k = 0; k < ri->nbars; k++) {
      fprintf(f, "%s\n  {\"cta\": %u, \"name\": ", nb++ ? "," : "", c);
      jstr(f, ri->bars[k].name);
      fprintf(f, ", \"smem_off\": %u, \"smem_word\": \"0x%016llx\", \"time_ns\": %llu}", ri->bars[k].off,
              (unsigned long long)d[1 + k], (unsigned long long)(d[0] & ~1ull));
    }
  }
  fprintf(f, "\n ]}\n");
  return n;
}
