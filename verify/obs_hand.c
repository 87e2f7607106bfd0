/* obs_hand.c: format 4, the hand-written list (docs/manual.md "explain"): one line per
 * partition, named as `check` prints it,
 *   <partition> <file>:<line>[|<file>:<line>...] [phase=P] [parity=P] [pending=N] [tx=N] [word=0xW]
 *   <partition> exited
 *   <partition> running
 * '#' starts a comment. phase: parity of the barrier's current phase; parity: the parity the
 * wait awaits; pending: arrivals missing; tx: bytes missing; word: a raw mbarrier word
 * (obs_mbar_decode gives phase, pending and tx). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "obs.h"
#include "ir/ir_alloc.h"

typedef struct lex {
  const char *p;               /* cursor */
  const char *line0;           /* start of the current line */
  uint32_t line;
} lex;

static obs_pos pos_of(const lex *x, const char *at) {
  return (obs_pos){x->line, (uint32_t)(at - x->line0) + 1};
}

/* Next token of the line: [*tok, *tok+len); false at the end of the line. */
static bool token(lex *x, const char **tok, size_t *len) {
  while (*x->p == ' ' || *x->p == '\t' || *x->p == '\r') x->p++;
  if (!*x->p || *x->p == '\n' || *x->p == '#') return false;
  *tok = x->p;
  while (*x->p && !isspace((unsigned char)*x->p) && *x->p != '#') x->p++;
  *len = (size_t)(x->p - *tok);
  return true;
}

static bool tok_is(const char *t, size_t len, const char *w) { return strlen(w) == len && !memcmp(t, w, len); }

/* key=value: a fact of f; false with err set when malformed. */
static int fact(obs *o, lex *x, const char *t, size_t len, obs_facts *f, char *err, size_t n) {
  const char *eq = memchr(t, '=', len);
  if (!eq)
    return obs_error(o, pos_of(x, t), err, n, "expected a barrier fact KEY=VALUE (phase, parity, "
                     "pending, tx or word), got '%.*s'", (int)len, t);
  char val[40];
  size_t vl = len - (size_t)(eq + 1 - t);
  if (!vl || vl >= sizeof val) return obs_error(o, pos_of(x, eq + 1), err, n, "missing or too long value");
  memcpy(val, eq + 1, vl);
  val[vl] = 0;
  size_t kl = (size_t)(eq - t);
  if (tok_is(t, kl, "word")) {
    uint64_t w;
    if (strncmp(val, "0x", 2) || ir_num_u64(val, 0, UINT64_MAX, &w) != IR_NUM_OK)
      return obs_error(o, pos_of(x, eq + 1), err, n, "word= expects a hexadecimal 64-bit value (0x...), got '%s'", val);
    obs_facts_from_word(f, w);
    return 0;
  }
  int64_t v;
  bool bit = tok_is(t, kl, "phase") || tok_is(t, kl, "parity");
  int64_t lo = bit ? 0 : tok_is(t, kl, "pending") ? 0 : -(1 << 20), hi = bit ? 1 : 1 << 20;
  if (!bit && !tok_is(t, kl, "pending") && !tok_is(t, kl, "tx"))
    return obs_error(o, pos_of(x, t), err, n, "unknown barrier fact '%.*s' (phase, parity, pending, tx or word)", (int)kl, t);
  if (ir_num_i64(val, lo, hi, &v) != IR_NUM_OK)
    return obs_error(o, pos_of(x, eq + 1), err, n, "%.*s= expects an integer from %lld to %lld, got '%s'",
                     (int)kl, t, (long long)lo, (long long)hi, val);
  if (tok_is(t, kl, "phase")) f->has_phase = true, f->phase = (int32_t)v;
  else if (tok_is(t, kl, "parity")) f->has_parity = true, f->parity = (int32_t)v;
  else if (tok_is(t, kl, "pending")) f->has_pending = true, f->pending = (int32_t)v;
  else f->has_tx = true, f->tx = (int32_t)v;
  return 0;
}

static int one_line(obs *o, lex *x, char *err, size_t n) {
  const char *t;
  size_t len;
  if (!token(x, &t, &len)) return 0; /* blank or comment */
  for (size_t k = 0; k < len; k++)
    if (!isalnum((unsigned char)t[k]) && t[k] != '_' && t[k] != '.')
      return obs_error(o, pos_of(x, t + k), err, n, "expected a partition name (default, partition0, "
                       "cta1.partition2, ...), got '%.*s'", (int)len, t);
  if (len >= sizeof o->agents[0].name) return obs_error(o, pos_of(x, t), err, n, "partition name too long");
  for (uint32_t a = 0; a < o->n_agents; a++)
    if (tok_is(t, len, o->agents[a].name))
      return obs_error(o, pos_of(x, t), err, n, "'%.*s' is listed twice (first on line %u)", (int)len, t,
                       o->agents[a].pos.line);
  obs_agent *ag = ir_xrealloc(o->agents, o->n_agents + 1, sizeof *ag);
  if (!ag) return obs_error(o, pos_of(x, t), err, n, "out of memory");
  o->agents = ag;
  ag = &o->agents[o->n_agents++];
  memset(ag, 0, sizeof *ag);
  memcpy(ag->name, t, len);
  ag->pos = pos_of(x, t);
  const char *name_end = t + len;
  if (!token(x, &t, &len))
    return obs_error(o, pos_of(x, name_end), err, n, "expected FILE:LINE, 'exited' or 'running' after '%s'", ag->name);
  if (tok_is(t, len, "exited")) ag->what = OBS_EXITED;
  else if (tok_is(t, len, "running")) ag->what = OBS_RUNNING;
  else {
    ag->what = OBS_AT;
    for (const char *s = t; s < t + len;) {
      const char *bar = memchr(s, '|', (size_t)(t + len - s));
      const char *e = bar ? bar : t + len;
      if (ag->n_lines == OBS_MAX_LINES)
        return obs_error(o, pos_of(x, s), err, n, "at most %d alternative lines per partition", OBS_MAX_LINES);
      if (!obs_parse_fileline(s, (size_t)(e - s), &ag->lines[ag->n_lines]))
        return obs_error(o, pos_of(x, s), err, n, "expected FILE:LINE (a line number from 1), 'exited' or "
                         "'running', got '%.*s'", (int)(e - s), s);
      ag->n_lines++;
      s = bar ? bar + 1 : e;
    }
  }
  while (token(x, &t, &len)) {
    if (ag->what != OBS_AT)
      return obs_error(o, pos_of(x, t), err, n, "barrier facts need a FILE:LINE (an agent that waits)");
    if (fact(o, x, t, len, &ag->facts, err, n)) return -1;
  }
  return 0;
}

int obs_parse_list(const char *text, obs *o, char *err, size_t n) {
  lex x = {.p = text, .line0 = text, .line = 1};
  for (;;) {
    if (one_line(o, &x, err, n)) return -1;
    while (*x.p && *x.p != '\n') x.p++; /* the rest is a comment */
    if (!*x.p) break;
    x.p++;
    x.line0 = x.p;
    x.line++;
  }
  if (!o->n_agents) return obs_error(o, (obs_pos){1, 1}, err, n, "the observation lists no partition");
  return 0;
}
