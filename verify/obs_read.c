/* obs_read.c: reading an observation file: the format detection, errors with positions,
 * "FILE:LINE" items, and freeing (obs.h). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obs.h"
#include "ir/ir_alloc.h"

void obs_free(obs *o) {
  for (uint32_t a = 0; a < o->n_agents; a++)
    for (uint32_t k = 0; k < o->agents[a].n_lines; k++) free(o->agents[a].lines[k].file);
  for (uint32_t w = 0; w < o->n_warps; w++) free(o->warps[w].at.file);
  free(o->agents);
  free(o->warps);
  o->agents = NULL;
  o->warps = NULL;
  o->n_agents = o->n_warps = 0;
}

int obs_error(const obs *o, obs_pos at, char *err, size_t n, const char *fmt, ...) {
  int k = snprintf(err, n, "%s:%u:%u: error: ", o->path, at.line ? at.line : 1, at.col ? at.col : 1);
  if (k < 0 || (size_t)k >= n) return -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err + k, n - (size_t)k, fmt, ap);
  va_end(ap);
  return -1;
}

bool obs_parse_fileline(const char *s, size_t len, obs_line *l) {
  const char *colon = NULL;
  for (size_t k = 0; k < len; k++)
    if (s[k] == ':') colon = s + k;
  if (!colon || colon == s || (size_t)(colon - s) + 1 >= len) return false;
  uint64_t v = 0;
  for (const char *p = colon + 1; p < s + len; p++) {
    if (!isdigit((unsigned char)*p)) return false;
    v = v * 10 + (uint64_t)(*p - '0');
    if (v > UINT32_MAX) return false;
  }
  if (!v) return false;
  l->file = ir_xstrndup(s, (size_t)(colon - s));
  l->line = (uint32_t)v;
  return l->file != NULL;
}

/* The first non-blank character of text (skipping '#' comment lines). */
static const char *first_content(const char *t) {
  for (;;) {
    while (*t == ' ' || *t == '\t' || *t == '\r' || *t == '\n') t++;
    if (*t != '#') return t;
    while (*t && *t != '\n') t++;
  }
}

const char *obs_detect(const char *text) {
  const char *f = first_content(text);
  if (*f == '{') return "recorder";
  if (strstr(text, "BlockIdx") && strstr(text, "ThreadIdx")) return "cuda-gdb";
  /* a pasted table without its header: rows of "(x,y,z) (x,y,z) ..." */
  if (*f == '*' || *f == '(') return "cuda-gdb";
  if (strstr(text, "wave_") && strstr(text, "pc=0x")) return "rocr";
  return "list";
}

int obs_read(const char *path, obs *o, char *err, size_t n) {
  memset(o, 0, sizeof *o);
  o->path = path;
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f) {
    snprintf(err, n, "%s: error: cannot open the observation file: %s", path, strerror(errno));
    return -1;
  }
  size_t cap = 4096, len = 0;
  char *buf = ir_xmalloc(cap, 1);
  size_t got;
  while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
    len += got;
    if (len + 1 == cap) {
      char *nb = ir_xrealloc(buf, cap *= 2, 1);
      if (!nb) {
        free(buf);
        buf = NULL;
      } else {
        buf = nb;
      }
    }
  }
  if (f != stdin) fclose(f);
  if (!buf) {
    snprintf(err, n, "%s: error: out of memory", path);
    return -1;
  }
  buf[len] = 0;
  if (memchr(buf, 0, len)) {
    free(buf);
    return obs_error(o, (obs_pos){1, 1}, err, n, "the observation file holds a NUL byte (not text)");
  }
  o->format = obs_detect(buf);
  int rc = !strcmp(o->format, "recorder")   ? obs_parse_json(buf, o, err, n)
           : !strcmp(o->format, "cuda-gdb") ? obs_parse_gdb(buf, o, err, n)
           : !strcmp(o->format, "rocr")     ? obs_parse_rocr(buf, o, err, n)
                                            : obs_parse_list(buf, o, err, n);
  free(buf);
  if (rc) obs_free(o);
  return rc;
}
