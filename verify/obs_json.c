/* obs_json.c: format 2, the hang recorder's record (docs/manual.md "explain"):
 *   {"format": "tlx-verify-hang-record", "version": 1,
 *    "warps": [{"cta": 0, "warp": 4, "loc": "kernels.py:31", "barrier": "le[0]",
 *               "parity": 0, "word": "0x7fff0000001fffc0", "exited": false}, ...]}
 * per warp: cta (block index), warp (index in the block), loc (FILE:LINE of the op it sits
 * at), optional barrier (name, informative), parity (awaited), word (raw mbarrier word, hex
 * string), exited, running. Syntax errors carry jansson's position; errors in a warp record
 * point at the record (found by a scan of the text: jansson keeps no positions). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "obs.h"
#include "ir/ir_alloc.h"

/* Position of the k-th element of the top-level "warps" array (else of the start). */
static obs_pos elem_pos(const char *text, int k) {
  int depth = 0, idx = -1;
  bool in_warps = false;
  uint32_t line = 1;
  const char *line0 = text;
  const char *last_key = NULL;
  size_t last_len = 0;
  for (const char *p = text; *p; p++) {
    if (*p == '\n') {
      line++;
      line0 = p + 1;
    } else if (*p == '"') {
      const char *s = ++p;
      while (*p && *p != '"') p += (*p == '\\' && p[1]) ? 2 : 1;
      last_key = s;
      last_len = (size_t)(p - s);
      if (!*p) break;
    } else if (*p == '{' || *p == '[') {
      if (in_warps && depth == 2 && ++idx == k) return (obs_pos){line, (uint32_t)(p - line0) + 1};
      if (depth == 1 && *p == '[' && last_key && last_len == 5 && !memcmp(last_key, "warps", 5)) in_warps = true;
      depth++;
    } else if (*p == '}' || *p == ']') {
      depth--;
      if (depth == 1) in_warps = false;
    }
  }
  return (obs_pos){1, 1};
}

static int warp(obs *o, const char *text, int k, json_t *w, char *err, size_t n) {
  obs_pos pos = elem_pos(text, k);
  if (!json_is_object(w)) return obs_error(o, pos, err, n, "warps[%d] is not an object", k);
  json_t *cta = json_object_get(w, "cta"), *wp = json_object_get(w, "warp");
  if (!json_is_integer(cta) || json_integer_value(cta) < 0 || json_integer_value(cta) > INT32_MAX)
    return obs_error(o, pos, err, n, "warps[%d]: \"cta\" must be a non-negative integer", k);
  if (!json_is_integer(wp) || json_integer_value(wp) < 0 || json_integer_value(wp) >= 1024)
    return obs_error(o, pos, err, n, "warps[%d]: \"warp\" must be an integer from 0 to 1023", k);
  obs_warp *ws = ir_xrealloc(o->warps, o->n_warps + 1, sizeof *ws);
  if (!ws) return obs_error(o, pos, err, n, "out of memory");
  o->warps = ws;
  obs_warp *x = &o->warps[o->n_warps++];
  memset(x, 0, sizeof *x);
  x->pos = pos;
  x->b_lo = x->b_hi = (uint32_t)json_integer_value(cta);
  x->t_lo = (uint32_t)json_integer_value(wp) * 32;
  x->t_hi = x->t_lo + 31;
  json_t *ex = json_object_get(w, "exited"), *run = json_object_get(w, "running");
  if ((ex && !json_is_boolean(ex)) || (run && !json_is_boolean(run)))
    return obs_error(o, pos, err, n, "warps[%d]: \"exited\" and \"running\" must be true or false", k);
  if (json_is_true(ex)) {
    x->what = OBS_EXITED;
    return 0;
  }
  json_t *loc = json_object_get(w, "loc");
  if (json_is_true(run) && !loc) {
    x->what = OBS_RUNNING;
    return 0;
  }
  const char *ls = json_string_value(loc);
  if (!ls || !obs_parse_fileline(ls, strlen(ls), &x->at))
    return obs_error(o, pos, err, n, "warps[%d]: \"loc\" must be a \"FILE:LINE\" string (or \"exited\": true)", k);
  x->what = json_is_true(run) ? OBS_RUNNING : OBS_AT;
  json_t *par = json_object_get(w, "parity");
  if (par) {
    if (!json_is_integer(par) || (json_integer_value(par) != 0 && json_integer_value(par) != 1))
      return obs_error(o, pos, err, n, "warps[%d]: \"parity\" must be 0 or 1", k);
    x->facts.has_parity = true;
    x->facts.parity = (int32_t)json_integer_value(par);
  }
  json_t *word = json_object_get(w, "word");
  if (word) {
    const char *s = json_string_value(word);
    uint64_t v;
    if (!s || strncmp(s, "0x", 2) || ir_num_u64(s, 0, UINT64_MAX, &v) != IR_NUM_OK)
      return obs_error(o, pos, err, n, "warps[%d]: \"word\" must be a hexadecimal string \"0x...\"", k);
    obs_facts_from_word(&x->facts, v);
  }
  return 0;
}

int obs_parse_json(const char *text, obs *o, char *err, size_t n) {
  json_error_t je;
  json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &je);
  if (!root)
    return obs_error(o, (obs_pos){(uint32_t)(je.line > 0 ? je.line : 1), (uint32_t)(je.column > 0 ? je.column : 1)},
                     err, n, "malformed recorder JSON: %s", je.text);
  int rc = -1;
  json_t *fmt = json_object_get(root, "format"), *ws = json_object_get(root, "warps");
  if (!json_is_string(fmt) || strcmp(json_string_value(fmt), "tlx-verify-hang-record"))
    obs_error(o, (obs_pos){1, 1}, err, n, "not a hang record: \"format\" must be \"tlx-verify-hang-record\"");
  else if (!json_is_integer(json_object_get(root, "version")) || json_integer_value(json_object_get(root, "version")) != 1)
    obs_error(o, (obs_pos){1, 1}, err, n, "unsupported hang record: \"version\" must be 1");
  else if (!json_is_array(ws) || !json_array_size(ws))
    obs_error(o, (obs_pos){1, 1}, err, n, "the hang record has no \"warps\" array (one record per warp)");
  else {
    rc = 0;
    for (size_t k = 0; k < json_array_size(ws) && !rc; k++) rc = warp(o, text, (int)k, json_array_get(ws, k), err, n);
  }
  json_decref(root);
  return rc;
}
