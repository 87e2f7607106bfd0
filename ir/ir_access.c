/* ir_access.c: the read-only accessors of ir.h (segments, attributes, constants, module
 * facts), reading a file or stdin, and splitting lit files on `// -----`. */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"
#include "ir/ir_alloc.h"

ir_value *ir_seg(const ir_op *op, int k, uint32_t *n) {
  if (k < 0 || k >= op->n_segs) {
    if (n) *n = 0;
    return NULL;
  }
  uint32_t lo = op->seg_start[k], hi = op->seg_start[k + 1];
  if (n) *n = hi - lo;
  return hi > lo ? op->operands[lo] : NULL;
}

const ir_attr *ir_op_attr(const ir_op *op, const char *name) {
  for (uint32_t i = 0; i < op->n_attrs; i++)
    if (!strcmp(op->attrs[i].name, name)) return op->attrs[i].attr;
  return NULL;
}

int64_t ir_op_attr_int(const ir_op *op, const char *name, int64_t dflt) {
  const ir_attr *a = ir_op_attr(op, name);
  if (a && (a->kind == IR_A_INT || a->kind == IR_A_BOOL)) return a->ival;
  return dflt;
}

int ir_op_attr_ints(const ir_op *op, const char *name, int64_t *vals, int max) {
  const ir_attr *a = ir_op_attr(op, name);
  if (!a) return -1;
  if (a->kind == IR_A_DENSE_ARRAY || a->kind == IR_A_ARRAY) {
    for (uint32_t i = 0; i < a->n && (int)i < max; i++)
      vals[i] = a->kind == IR_A_DENSE_ARRAY ? a->ivals[i] : a->elems[i] ? a->elems[i]->ival : 0;
    return (int)a->n;
  }
  if (a->kind == IR_A_INT) {
    if (max > 0) vals[0] = a->ival;
    return 1;
  }
  return -1;
}

bool ir_op_has_attr(const ir_op *op, const char *name) { return ir_op_attr(op, name) != NULL; }

const ir_op *ir_op_owner(const ir_op *op) {
  return op->parent && op->parent->parent ? op->parent->parent->parent : NULL;
}

bool ir_op_inside(const ir_op *op, const ir_op *outer) {
  for (; op; op = ir_op_owner(op))
    if (op == outer) return true;
  return false;
}

const ir_op *ir_op_ancestor(const ir_op *op, ir_opcode code) {
  while (op && (op = ir_op_owner(op)))
    if (op->code == code) return op;
  return NULL;
}

bool ir_op_holds(const ir_op *op, ir_opcode code) {
  if (op->code == code) return true;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next)
        if (ir_op_holds(o, code)) return true;
  return false;
}

bool ir_op_is_ws(const ir_op *op) {
  return op && (op->code == IR_OP_TTG_WARP_SPECIALIZE || op->code == IR_OP_NVWS_WARP_GROUP);
}

const ir_op *ir_op_ws_ancestor(const ir_op *op) {
  while (op && (op = ir_op_owner(op)))
    if (ir_op_is_ws(op)) return op;
  return NULL;
}

const ir_value *ir_ws_capture(const ir_value *v) {
  if (!v || v->def || !v->block) return NULL;
  const ir_region *r = v->block->parent;
  const ir_op *ws = r ? r->parent : NULL;
  /* the partitions of a warp_specialize: its ttg.warp_specialize.partitions op holds them */
  if (ws && ws->code == IR_OP_TTG_WARP_SPEC_PARTITIONS && !ws->n_operands && ws->parent && ws->parent->parent)
    ws = ws->parent->parent->parent;
  if (ws && (ws->code == IR_OP_TTG_WARP_SPECIALIZE || ws->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) &&
      v->arg_idx < ws->n_operands)
    return ws->operands[v->arg_idx];
  return NULL;
}

bool ir_value_const_int(const ir_value *v, int64_t *out) {
  if (!v || !v->def || v->def->code != IR_OP_ARITH_CONSTANT) return false;
  const ir_attr *a = ir_op_attr(v->def, "value");
  if (!a || (a->kind != IR_A_INT && a->kind != IR_A_BOOL)) return false;
  if (out) *out = a->ival;
  return true;
}

ir_func *ir_module_func(const ir_module *m, const char *name) {
  for (uint32_t i = 0; i < m->n_funcs; i++)
    if (!strcmp(m->funcs[i]->name, name)) return m->funcs[i];
  return NULL;
}

/* Counts the tt.call ops of region r (nested regions included) that call name; *site: the last. */
static uint32_t count_calls(const ir_region *r, const char *name, const ir_op **site) {
  uint32_t n = 0;
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_TT_CALL) {
        const ir_attr *ca = ir_op_attr(op, "callee");
        const char *cn = ca ? ca->str : NULL;
        if (cn && cn[0] == '@') cn++;
        if (cn && !strcmp(cn, name)) n++, *site = op;
      }
      for (uint32_t k = 0; k < op->n_regions; k++) n += count_calls(op->regions[k], name, site);
    }
  return n;
}

const ir_value *ir_call_arg(const ir_module *m, const ir_value *v) {
  if (!m || !v || v->def || !v->block || !v->block->parent) return NULL;
  const ir_region *r = v->block->parent;
  const ir_op *fop = r->parent;
  if (!fop || fop->code != IR_OP_TT_FUNC || !r->n_blocks || v->block != r->blocks[0]) return NULL;
  const ir_func *f = NULL;
  for (uint32_t i = 0; i < m->n_funcs && !f; i++)
    if (m->funcs[i]->op == fop) f = m->funcs[i];
  if (!f || !f->name) return NULL;
  const ir_op *site = NULL;
  uint32_t n = 0;
  for (uint32_t i = 0; i < m->n_funcs; i++)
    if (m->funcs[i]->op && m->funcs[i]->op->n_regions) n += count_calls(m->funcs[i]->op->regions[0], f->name, &site);
  if (n != 1 || v->arg_idx >= site->n_operands) return NULL;
  return site->operands[v->arg_idx];
}

int64_t ir_module_attr_int(const ir_module *m, const char *name, int64_t dflt) {
  const ir_attr *a = ir_dict_get(m->attrs, name);
  if (a && (a->kind == IR_A_INT || a->kind == IR_A_BOOL)) return a->ival;
  return dflt;
}

const char *ir_module_target(const ir_module *m) {
  const ir_attr *a = ir_dict_get(m->attrs, "ttg.target");
  return a && a->kind == IR_A_STRING ? a->str : NULL;
}

/* Reads all of f into a malloc'd buffer; returns NULL on a read error. */
static char *ir_slurp(FILE *f, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    cap = (size_t)st.st_size + 1; /* one read for a regular file */
  char *buf = ir_xmalloc(cap, 1);
  if (!buf) return NULL;
  for (;;) {
    if (n == cap) {
      cap *= 2;
      char *nb = ir_xrealloc(buf, cap, 1);
      if (!nb) {
        free(buf);
        return NULL;
      }
      buf = nb;
    }
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (r == 0) break;
  }
  if (ferror(f)) {
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

static void ir_diag_set(ir_diag *d, const char *file, const char *what) {
  if (!d) return;
  size_t n = strlen(file) + strlen(what) + 48;
  d->msg = ir_xmalloc(n, 1);
  if (d->msg) snprintf(d->msg, n, "%s:1:1: error: %s", file, what);
}

char *ir_read_file(const char *path, size_t *len, ir_diag *diag) {
  bool is_stdin = !strcmp(path, "-");
  const char *shown = is_stdin ? "<stdin>" : path;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (!f) {
    char what[256];
    snprintf(what, sizeof what, "cannot open the input: %s", strerror(errno));
    ir_diag_set(diag, shown, what);
    return NULL;
  }
  char *buf = ir_slurp(f, len);
  int err = errno;
  if (!is_stdin) fclose(f);
  if (!buf) {
    char what[256];
    snprintf(what, sizeof what, "cannot read the input: %s", strerror(err));
    ir_diag_set(diag, shown, what);
  }
  return buf;
}

ir_module *ir_parse_file(const char *path, ir_diag *diag) {
  size_t len;
  if (diag) diag->msg = NULL;
  char *buf = ir_read_file(path, &len, diag);
  if (!buf) return NULL;
  ir_module *m = ir_parse(buf, len, strcmp(path, "-") ? path : "<stdin>", diag);
  free(buf);
  return m;
}

/* Appends chunk [start, end) beginning on line `line` to the three growing arrays. */
static void ir_split_push(size_t *n, size_t *cap, size_t **starts, size_t **lens, uint32_t **first,
                          size_t start, size_t end, uint32_t line) {
  if (*n == *cap) {
    *cap *= 2;
    *starts = ir_xrealloc(*starts, *cap, sizeof **starts);
    *lens = ir_xrealloc(*lens, *cap, sizeof **lens);
    *first = ir_xrealloc(*first, *cap, sizeof **first);
    if (!*starts || !*lens || !*first) abort();
  }
  (*starts)[*n] = start;
  (*lens)[*n] = end - start;
  (*first)[*n] = line;
  (*n)++;
}

static uint32_t ir_count_lines(const char *p, size_t n) {
  uint32_t c = 0;
  for (size_t i = 0; i < n; i++) c += p[i] == '\n';
  return c;
}

size_t ir_split_input(const char *buf, size_t len, size_t **starts, size_t **lens,
                      uint32_t **first_line) {
  static const char marker[] = "// -----";
  const size_t mlen = sizeof marker - 1;
  size_t cap = 8, n = 0;
  *starts = ir_xmalloc(cap, sizeof **starts);
  *lens = ir_xmalloc(cap, sizeof **lens);
  *first_line = ir_xmalloc(cap, sizeof **first_line);
  if (!*starts || !*lens || !*first_line) abort();
  size_t chunk = 0, counted = 0, pos = 0;
  uint32_t line = 1, chunk_line = 1; /* line = the line number at offset `counted` */
  const char *hit;
  while (pos < len && (hit = memmem(buf + pos, len - pos, marker, mlen))) {
    size_t at = (size_t)(hit - buf), ls = at;
    while (ls > 0 && (buf[ls - 1] == ' ' || buf[ls - 1] == '\t')) ls--;
    pos = at + mlen;
    if (ls > 0 && buf[ls - 1] != '\n') continue; /* not at the start of a line */
    line += ir_count_lines(buf + counted, ls - counted);
    counted = ls;
    ir_split_push(&n, &cap, starts, lens, first_line, chunk, ls, chunk_line);
    const char *nl = memchr(hit, '\n', len - at);
    chunk = nl ? (size_t)(nl - buf) + 1 : len;
    chunk_line = line + 1;
    pos = chunk;
  }
  ir_split_push(&n, &cap, starts, lens, first_line, chunk, len, chunk_line);
  return n;
}

const ir_func *ir_module_kernel(const ir_module *m) {
  for (uint32_t i = 0; i < m->n_funcs; i++)
    if (m->funcs[i]->is_public) return m->funcs[i];
  return m->n_funcs ? m->funcs[0] : NULL;
}

/* True when op or an op nested in it makes a CTA touch a peer's shared memory before the peer
 * could have initialised its barriers: a remote view, a multicast arrive. */
static bool ir_touches_peers(const ir_op *op) {
  if (op->code == IR_OP_TTNG_MAP_TO_REMOTE_BUFFER) return true;
  if (op->code == IR_OP_TTNG_ARRIVE_BARRIER && ir_op_has_attr(op, "ctaMask")) return true;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next)
        if (ir_touches_peers(o)) return true;
  return false;
}

bool ir_cluster_init_sync(const ir_module *m, const ir_func *fn, const ir_op **after) {
  *after = NULL;
  if (!fn || !fn->op) return false;
  if (!ir_touches_peers(fn->op) && !ir_module_attr_int(m, "ttng.two-ctas", 0)) return false;
  /* after the last barrier init of the entry block (TritonGPUToLLVM.cpp's rule) */
  if (fn->op->n_regions && fn->op->regions[0]->n_blocks)
    for (const ir_op *o = fn->op->regions[0]->blocks[0]->first; o; o = o->next)
      if (o->code == IR_OP_TTNG_INIT_BARRIER) *after = o;
  return true;
}
