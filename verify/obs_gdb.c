/* obs_gdb.c: format 1, pasted cuda-gdb `info cuda threads` output (live attach or a
 * coredump; /work/shared/docs/hangs.md §2): rows
 *   [*] (BX,BY,BZ) (TX,TY,TZ) (BX,BY,BZ) (TX,TY,TZ) COUNT PC FILENAME LINE
 * (from block / thread, to block / thread, both included). Other lines (the header, "Kernel
 * N", prompts, messages) are skipped; a line that starts like a row must be one. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "obs.h"
#include "ir/ir_alloc.h"

typedef struct cur {
  const char *p, *line0;
  uint32_t line;
} cur;

static obs_pos at(const cur *c, const char *p) { return (obs_pos){c->line, (uint32_t)(p - c->line0) + 1}; }
static void skip_sp(cur *c) {
  while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r') c->p++;
}

static bool num(cur *c, uint32_t *v) {
  if (!isdigit((unsigned char)*c->p)) return false;
  uint64_t x = 0;
  while (isdigit((unsigned char)*c->p)) {
    x = x * 10 + (uint64_t)(*c->p++ - '0');
    if (x > UINT32_MAX) return false;
  }
  *v = (uint32_t)x;
  return true;
}

/* "(X,Y,Z)" */
static bool triple(cur *c, uint32_t v[3]) {
  skip_sp(c);
  if (*c->p != '(') return false;
  c->p++;
  for (int k = 0; k < 3; k++) {
    skip_sp(c);
    if (!num(c, &v[k])) return false;
    skip_sp(c);
    if (*c->p != (k < 2 ? ',' : ')')) return false;
    c->p++;
  }
  return true;
}

/* Whether the line at c->p starts like a row: optional '*', then "(digit". */
static bool row_start(const char *p) {
  while (*p == ' ' || *p == '\t') p++;
  if (*p == '*') p++;
  while (*p == ' ' || *p == '\t') p++;
  return p[0] == '(' && isdigit((unsigned char)p[1]);
}

static int row(obs *o, cur *c, char *err, size_t n) {
  skip_sp(c);
  if (*c->p == '*') c->p++;
  uint32_t b0[3], t0[3], b1[3], t1[3], count;
  const char *names[4] = {"the first block (BX,BY,BZ)", "the first thread (TX,TY,TZ)",
                          "the last block (BX,BY,BZ)", "the last thread (TX,TY,TZ)"};
  uint32_t *vs[4] = {b0, t0, b1, t1};
  for (int k = 0; k < 4; k++) {
    skip_sp(c);
    const char *s = c->p;
    if (!triple(c, vs[k])) return obs_error(o, at(c, s), err, n, "expected %s in this `info cuda threads` row", names[k]);
  }
  skip_sp(c);
  const char *s = c->p;
  if (!num(c, &count) || !count) return obs_error(o, at(c, s), err, n, "expected the thread count (Count column)");
  skip_sp(c);
  s = c->p;
  if (strncmp(c->p, "0x", 2)) return obs_error(o, at(c, s), err, n, "expected the PC (0x...)");
  c->p += 2;
  while (isxdigit((unsigned char)*c->p)) c->p++;
  skip_sp(c);
  s = c->p;
  while (*c->p && !isspace((unsigned char)*c->p)) c->p++;
  size_t flen = (size_t)(c->p - s);
  if (!flen) return obs_error(o, at(c, s), err, n, "expected the Filename column");
  skip_sp(c);
  const char *ls = c->p;
  uint32_t line;
  if (!num(c, &line) || !line) {
    if (flen == 3 && !memcmp(s, "n/a", 3))
      return obs_error(o, at(c, s), err, n, "no source line for these threads: build with line "
                       "information (Triton emits it unless TRITON_DISABLE_LINE_INFO is set)");
    return obs_error(o, at(c, ls), err, n, "expected the Line column (a line number)");
  }
  skip_sp(c);
  if (*c->p && *c->p != '\n') return obs_error(o, at(c, c->p), err, n, "unexpected text after the Line column");
  if (b1[0] < b0[0] || (b1[0] == b0[0] && t1[0] < t0[0]))
    return obs_error(o, at(c, c->line0), err, n, "the range ends before it starts");
  obs_warp *w = ir_xrealloc(o->warps, o->n_warps + 1, sizeof *w);
  if (!w) return obs_error(o, at(c, s), err, n, "out of memory");
  o->warps = w;
  w = &o->warps[o->n_warps++];
  memset(w, 0, sizeof *w);
  w->b_lo = b0[0];
  w->t_lo = t0[0];
  w->b_hi = b1[0];
  w->t_hi = t1[0];
  w->other_axes = b0[1] || b0[2] || t0[1] || t0[2] || b1[1] || b1[2] || t1[1] || t1[2];
  w->what = OBS_AT;
  w->at.file = ir_xstrndup(s, flen);
  w->at.line = line;
  w->pos = at(c, c->line0);
  return 0;
}

int obs_parse_gdb(const char *text, obs *o, char *err, size_t n) {
  cur c = {.p = text, .line0 = text, .line = 1};
  while (*c.p) {
    if (row_start(c.p) && row(o, &c, err, n)) return -1;
    while (*c.p && *c.p != '\n') c.p++;
    if (*c.p) c.p++;
    c.line0 = c.p;
    c.line++;
  }
  if (!o->n_warps)
    return obs_error(o, (obs_pos){1, 1}, err, n, "no `info cuda threads` row ((block) (thread) "
                     "(block) (thread) count PC file line) in the observation");
  return 0;
}
