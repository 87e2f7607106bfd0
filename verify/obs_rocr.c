/* obs_rocr.c: format 3, a ROCr debug-agent wave dump (MI300: HSA_TOOLS_LIB=
 * librocm-debug-agent.so.2, then SIGQUIT; /work/shared/docs/hangs.md §4), best effort: each
 * "wave_N: pc=0x... (...)" header starts a wave; the first "FILE:LINE" line after it (the
 * source line the agent prints above the disassembly when the code has -ggdb line
 * information) is where the wave sits. The dump names no work-group per wave: waves are
 * taken in order as waves 0, 1, ... of block 0 (noted in the report). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obs.h"
#include "ir/ir_alloc.h"

/* A line that is a bare source location "FILE:LINE" (optionally followed by text after a
 * space, as a source line printed with its text). */
static bool source_line(const char *p, const char *e, obs_line *l) {
  while (p < e && (*p == ' ' || *p == '\t')) p++;
  const char *s = p;
  while (p < e && !isspace((unsigned char)*p)) p++;
  size_t len = (size_t)(p - s);
  if (len && s[len - 1] == ':') len--; /* "FILE:LINE:" */
  if (!len || !memchr(s, ':', len) || !memchr(s, '.', len)) return false;
  return obs_parse_fileline(s, len, l);
}

int obs_parse_rocr(const char *text, obs *o, char *err, size_t n) {
  uint32_t line = 1, wave = 0;
  obs_warp *cur = NULL;
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    if (!e) e = p + strlen(p);
    const char *q = p;
    while (q < e && (*q == ' ' || *q == '\t')) q++;
    if (!strncmp(q, "wave_", 5)) {
      if (!strstr(q, "pc=0x") || strstr(q, "pc=0x") > e)
        return obs_error(o, (obs_pos){line, (uint32_t)(q - p) + 1}, err, n, "a wave header needs \"pc=0x...\"");
      obs_warp *ws = ir_xrealloc(o->warps, o->n_warps + 1, sizeof *ws);
      if (!ws) return obs_error(o, (obs_pos){line, 1}, err, n, "out of memory");
      o->warps = ws;
      cur = &o->warps[o->n_warps++];
      memset(cur, 0, sizeof *cur);
      cur->t_lo = wave * 32; /* one wave stands for one Triton warp */
      cur->t_hi = cur->t_lo + 31;
      cur->pos = (obs_pos){line, (uint32_t)(q - p) + 1};
      wave++;
    } else if (cur && !cur->at.file) {
      obs_line l = {0};
      if (source_line(q, e, &l)) {
        cur->at = l;
        cur->what = OBS_AT;
      }
    }
    p = *e ? e + 1 : e;
    line++;
  }
  if (!o->n_warps) return obs_error(o, (obs_pos){1, 1}, err, n, "no \"wave_N: pc=0x...\" header in the dump");
  for (uint32_t w = 0; w < o->n_warps; w++)
    if (!o->warps[w].at.file)
      return obs_error(o, o->warps[w].pos, err, n, "this wave has no source line: build with line "
                       "information (-ggdb / Triton's default line info)");
  snprintf(o->notes, sizeof o->notes, "ROCr dump: waves taken in order as warps 0..%u of block 0", o->n_warps - 1);
  return 0;
}
