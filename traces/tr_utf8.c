/* tr_utf8.c: keeping the encoders' output valid UTF-8 (tr_utf8.h). */
#include <stdlib.h>
#include <string.h>

#include "tr_utf8.h"
#include "ir/ir_alloc.h"

static const char REPL[] = "\xef\xbf\xbd"; /* U+FFFD REPLACEMENT CHARACTER */

static int cont(unsigned char c) { return (c & 0xc0) == 0x80; }

size_t tr_utf8_seq(const char *str) {
  const unsigned char *s = (const unsigned char *)str;
  unsigned char c = s[0];
  if (c < 0x80) return 1;
  if (c < 0xc2 || c > 0xf4) return 0; /* continuation byte, overlong lead C0/C1, or > U+10FFFF */
  if (c < 0xe0) return cont(s[1]) ? 2 : 0;
  /* the second byte's range excludes overlongs (E0, F0), surrogates (ED) and > U+10FFFF (F4) */
  unsigned char lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
  unsigned char hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
  if (s[1] < lo || s[1] > hi) return 0;
  if (c < 0xf0) return cont(s[2]) ? 3 : 0;
  return cont(s[2]) && cont(s[3]) ? 4 : 0;
}

char *tr_utf8_clean(const char *s) {
  if (!s) s = "";
  size_t n = 0;
  for (const char *p = s; *p;) {
    size_t k = tr_utf8_seq(p);
    n += k ? k : sizeof REPL - 1;
    p += k ? k : 1;
  }
  char *out = ir_xmalloc(n + 1, 1), *o = out;
  if (!out) return NULL;
  for (const char *p = s; *p;) {
    size_t k = tr_utf8_seq(p);
    if (k) memcpy(o, p, k);
    else memcpy(o, REPL, sizeof REPL - 1);
    o += k ? k : sizeof REPL - 1;
    p += k ? k : 1;
  }
  *o = 0;
  return out;
}

json_t *tr_json_str(const char *s) {
  json_t *j = json_string(s ? s : "");
  if (j) return j;
  char *c = tr_utf8_clean(s);
  j = c ? json_string(c) : NULL;
  free(c);
  return j;
}

void tr_fput_utf8(FILE *f, const char *s, size_t n) {
  size_t i = 0, run = 0; /* s[run..i) is valid and not yet written */
  while (i < n) {
    size_t k = s[i] ? tr_utf8_seq(s + i) : 1;
    if (k && i + k <= n) {
      i += k;
      continue;
    }
    fwrite(s + run, 1, i - run, f);
    fputs(REPL, f);
    run = ++i;
  }
  fwrite(s + run, 1, i - run, f);
}
