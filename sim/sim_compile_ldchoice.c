/* sim_compile_ldchoice.c: chosen data (issue 12), a build-time analysis of the IR (it reads
 * value types, so it sits with the compiler: tests/cli/sim_ir_reads.sh). A scalar integer tt.load from a read-only kernel
 * input (ragged-tensor metadata: `n = tl.load(ptr + pid)`, then `for i in range(n)`) may
 * decide control. The verifier does not compute loaded data, so such a kernel was refused;
 * instead its read-only input memory is *chosen*, like an integer argument: each run fills
 * it with a value that is a function of the address, fill(index) = a + b * index (index:
 * the element offset from the argument's base; sim_machine_set_fill), for a few (a, b) the
 * argument plan picks (verify/vf_args.c). A function of the address is a real memory
 * content: two loads of one entry agree, and nothing the model does with the values is
 * infeasible for some input. Coverage is then only those fills, and the report says so.
 *
 * A load is a chosen site when (sim_ldchoice_sites):
 *   - it is a scalar tt.load of an integer without mask (one operand),
 *   - its pointer derives only from pointer arguments of the kernel (tt.addptr, splat,
 *     broadcast, ..., loop-carried values, warp_specialize captures), and
 *   - none of those arguments is written by the kernel: every use of a pointer derived from
 *     them is another derivation or the pointer of a load. A pointer the kernel made from an
 *     integer (tt.int_to_ptr of a loaded address) or loaded from memory is assumed not to
 *     point into those inputs (docs/verifier.md "Chosen data").
 * The taint analysis (sim_analysis.c) gives a site's value the taint T_LOAD rather than data,
 * unless its address depends on data or on another chosen value (pointer chasing): that
 * value stays data, and control it reaches is still refused at the op. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

enum { LD_UNKNOWN = 1 }; /* flags of a trace besides the argument bits */

typedef struct ldtrace {
  const ir_func *fn;
  uint8_t *busy;               /* per value id: on the trace stack (loop-carried cycles) */
} ldtrace;

static bool is_ptr_type(const ir_type *t) {
  return t && (t->kind == IR_T_PTR || (t->kind == IR_T_TENSOR && t->elem && t->elem->kind == IR_T_PTR));
}

static uint64_t arg_bit(uint32_t k) { return 1ull << (k < 63 ? k : 63); }

static uint64_t trace(ldtrace *t, const ir_value *v, uint32_t *flags, int depth);

/* The scf.yield ending region r's entry block: operand j (NULL when absent). */
static const ir_value *yield_of(const ir_region *r, uint32_t j) {
  if (!r || !r->n_blocks || !r->blocks[0]->last) return NULL;
  const ir_op *y = r->blocks[0]->last;
  return y->code == IR_OP_SCF_YIELD && j < y->n_operands ? y->operands[j] : NULL;
}

static uint64_t trace_blockarg(ldtrace *t, const ir_value *v, uint32_t *flags, int depth) {
  const ir_block *b = v->block;
  const ir_region *r = b ? b->parent : NULL;
  const ir_op *p = r ? r->parent : NULL;
  if (p && p == t->fn->op && b->index == 0) return arg_bit(v->arg_idx); /* a kernel argument */
  if (p && p->code == IR_OP_SCF_FOR && b->index == 0 && v->arg_idx >= 1) {
    uint32_t j = v->arg_idx - 1;
    uint64_t s = 3 + j < p->n_operands ? trace(t, p->operands[3 + j], flags, depth + 1) : 0;
    const ir_value *y = yield_of(r, j);
    return s | (y ? trace(t, y, flags, depth + 1) : 0);
  }
  const ir_op *ws = p ? (p->code == IR_OP_TTG_WARP_SPECIALIZE ? p : ir_op_ancestor(p, IR_OP_TTG_WARP_SPECIALIZE)) : NULL;
  if (ws && (p->code == IR_OP_TTG_WARP_SPEC_PARTITIONS || p == ws) && v->arg_idx < ws->n_operands)
    return trace(t, ws->operands[v->arg_idx], flags, depth + 1);
  *flags |= LD_UNKNOWN;
  return 0;
}

/* The pointer arguments v may derive from (bits), LD_UNKNOWN in *flags when its origin is
 * not followed. A pointer made from no pointer (tt.int_to_ptr, a loaded pointer) has none. */
static uint64_t trace(ldtrace *t, const ir_value *v, uint32_t *flags, int depth) {
  if (!v || depth > 64) {
    *flags |= LD_UNKNOWN;
    return 0;
  }
  if (t->busy[v->id]) return 0; /* a cycle through a loop: its other entries are followed */
  t->busy[v->id] = 1;
  uint64_t s = 0;
  if (!v->def) {
    s = trace_blockarg(t, v, flags, depth);
  } else {
    const ir_op *d = v->def;
    if (d->code == IR_OP_SCF_FOR || d->code == IR_OP_SCF_IF) {
      uint32_t j = (uint32_t)v->result_idx;
      if (d->code == IR_OP_SCF_FOR && 3 + j < d->n_operands) s |= trace(t, d->operands[3 + j], flags, depth + 1);
      for (uint32_t r = 0; r < d->n_regions; r++) {
        const ir_value *y = yield_of(d->regions[r], j);
        if (y) s |= trace(t, y, flags, depth + 1);
      }
    } else if (d->n_regions) {
      *flags |= LD_UNKNOWN; /* scf.while, warp_specialize results, ...: not followed */
    } else if (d->code != IR_OP_TT_LOAD) {
      for (uint32_t k = 0; k < d->n_operands; k++)
        if (is_ptr_type(d->operands[k]->type)) s |= trace(t, d->operands[k], flags, depth + 1);
    }
  }
  t->busy[v->id] = 0;
  return s;
}

/* Ops whose pointer operands only make other pointers (traced where those are used). */
static bool derives(const ir_op *op, uint32_t k) {
  switch (op->code) {
  case IR_OP_TT_ADDPTR: return k == 0;
  case IR_OP_TT_SPLAT: case IR_OP_TT_BROADCAST: case IR_OP_TT_EXPAND_DIMS: case IR_OP_TT_RESHAPE:
  case IR_OP_TTG_CONVERT_LAYOUT: case IR_OP_ARITH_SELECT: case IR_OP_SCF_YIELD: case IR_OP_SCF_FOR:
  case IR_OP_TTG_WARP_SPECIALIZE: case IR_OP_TTG_WARP_SPEC_PARTITIONS:
    return true;
  case IR_OP_TT_LOAD: case IR_OP_AMDG_BUFFER_LOAD: return k == 0; /* read */
  default: return false;
  }
}

/* The pointer arguments some op may write through (every use of a pointer that is neither a
 * derivation nor a load's address), and LD_UNKNOWN when such a pointer's origin is unknown. */
static void written(ldtrace *t, const ir_region *r, uint64_t *w, uint32_t *flags, const ir_op **first) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      for (uint32_t k = 0; k < op->n_operands; k++)
        if (is_ptr_type(op->operands[k]->type) && !derives(op, k)) {
          uint32_t f = 0;
          uint64_t s = trace(t, op->operands[k], &f, 0);
          *flags |= f;
          for (uint32_t a = 0; a < 64; a++) /* the first writer of each argument, for messages */
            if ((((s >> a) & 1) || (f & LD_UNKNOWN)) && !first[a]) first[a] = op;
          *w |= s;
        }
      for (uint32_t q = 0; q < op->n_regions; q++) written(t, op->regions[q], w, flags, first);
    }
}

/* The arguments the kernel may write through (all bits when a write's pointer has an unknown
 * origin), with the first writer of each in first[] (for messages). */
static uint64_t written_args(ldtrace *t, const ir_op **first) {
  uint64_t w = 0;
  uint32_t wflags = 0;
  written(t, t->fn->op->regions[0], &w, &wflags, first);
  return (wflags & LD_UNKNOWN) ? ~0ull : w;
}

void sim_ldchoice_sites(sim_machine *m) {
  m->ld_site = NULL;
  m->ld_why = NULL;
  m->n_ld_sites = 0;
  if (m->data || !m->fn->op || !m->fn->op->n_regions) return;
  ldtrace t = {.fn = m->fn, .busy = ir_xcalloc(m->fn->n_values + 1, 1)};
  const ir_op *first[64] = {0};
  uint64_t w = written_args(&t, first);
  m->ld_why = ir_xcalloc(m->n_code + 1, sizeof *m->ld_why);
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    const sim_ins *i = &m->code[pc];
    const ir_op *op = i->op;
    if (i->code != IR_OP_TT_LOAD || !op || !op->n_operands || op->n_results != 1 || i->n_out != 1) continue;
    const ir_type *rt = op->results[0]->type;
    if (!rt || rt->kind == IR_T_TENSOR) {
      m->ld_why[pc].why = SIM_LD_TENSOR;
      continue;
    }
    if (rt->kind != IR_T_INT && rt->kind != IR_T_INDEX) continue;
    if (op->n_operands != 1) {
      m->ld_why[pc].why = SIM_LD_MASKED;
      continue;
    }
    uint32_t flags = 0;
    uint64_t s = trace(&t, op->operands[0], &flags, 0);
    if (!s || (flags & LD_UNKNOWN)) {
      m->ld_why[pc].why = SIM_LD_ORIGIN;
      continue;
    }
    if (s & w) {
      m->ld_why[pc].why = SIM_LD_WRITTEN;
      for (uint32_t a = 0; a < 64 && !m->ld_why[pc].writer; a++)
        if ((s >> a) & 1) m->ld_why[pc].writer = first[a];
      continue;
    }
    if (!m->ld_site) m->ld_site = ir_xcalloc(m->n_code + 1, 1);
    m->ld_site[pc] = 1;
    m->n_ld_sites++;
    /* what the machine needs to read it (sim_ldchoice_value): decoded here */
    const ir_type *pt = op->operands[0]->type;
    int eb = pt->elem ? ir_type_elem_bytes(pt->elem) : 4;
    m->ld_why[pc].eb = (uint8_t)(eb > 0 && eb < 256 ? eb : 1);
    m->ld_why[pc].width = rt->kind == IR_T_INDEX ? 64 : (uint8_t)rt->bits;
  }
  free(t.busy);
}

uint64_t sim_ldchoice_written_args(const ir_func *fn) {
  if (!fn || !fn->op || !fn->op->n_regions) return ~0ull;
  ldtrace t = {.fn = fn, .busy = ir_xcalloc(fn->n_values + 1, 1)};
  const ir_op *first[64] = {0};
  uint64_t w = written_args(&t, first);
  free(t.busy);
  return w;
}

bool sim_ldchoice_ctl(const sim_machine *m) { return m->ld_ctl; }

void sim_machine_set_fill(sim_machine *m, int64_t a, int64_t b) {
  m->fill_a = a;
  m->fill_b = b;
}

uint32_t sim_ldchoice_list(const sim_machine *m, const ir_op **out, uint32_t max) {
  uint32_t n = 0;
  for (uint32_t pc = 0; pc < m->n_code && m->ld_site; pc++) {
    if (!m->ld_site[pc]) continue;
    const ir_op *op = m->code[pc].op;
    bool dup = false; /* one entry per source line */
    for (uint32_t k = 0; k < n && k < max; k++)
      if (out[k]->loc.line == op->loc.line &&
          !strcmp(out[k]->loc.file ? out[k]->loc.file : "", op->loc.file ? op->loc.file : ""))
        dup = true;
    if (dup) continue;
    if (n < max) out[n] = op;
    n++;
  }
  return n;
}

uint64_t sim_ldchoice_value(const sim_machine *m, uint32_t pc, uint64_t ptr) {
  const sim_ldwhy *w = &m->ld_why[pc];
  int64_t idx = (int64_t)ptr / (w->eb ? w->eb : 1); /* pointer arguments are 0 in verify mode */
  uint64_t v = (uint64_t)m->fill_a + (uint64_t)m->fill_b * (uint64_t)idx;
  return sim_trunc(v, w->width ? w->width : 64);
}

/* The load a value depends on, searched backwards from v through its defining ops, loop
 * bounds and carried values, scf.if / scf.for results and warp_specialize captures (the
 * first found, depth first); NULL when none is found. */
static const ir_op *find_load(const ir_func *fn, const ir_value *v, uint8_t *seen, int depth) {
  if (!v || depth > 200 || seen[v->id]) return NULL;
  seen[v->id] = 1;
  const ir_op *d = v->def;
  if (!d) {
    const ir_value *cap = ir_ws_capture(v);
    if (cap) return find_load(fn, cap, seen, depth + 1);
    const ir_region *r = v->block ? v->block->parent : NULL;
    const ir_op *p = r ? r->parent : NULL;
    if (p && p->code == IR_OP_SCF_FOR) {
      for (uint32_t k = 0; k < 3 && k < p->n_operands; k++) { /* bounds: the iv and the trip count */
        const ir_op *l = find_load(fn, p->operands[k], seen, depth + 1);
        if (l) return l;
      }
      if (v->arg_idx >= 1 && 2 + v->arg_idx < p->n_operands) {
        const ir_op *l = find_load(fn, p->operands[2 + v->arg_idx], seen, depth + 1);
        if (l) return l;
        return find_load(fn, yield_of(r, v->arg_idx - 1), seen, depth + 1);
      }
    }
    return NULL;
  }
  if (d->code == IR_OP_TT_LOAD || ir_ops[d->code].cls == IR_C_MEM) return d;
  for (uint32_t k = 0; k < d->n_operands; k++) {
    const ir_op *l = find_load(fn, d->operands[k], seen, depth + 1);
    if (l) return l;
  }
  if (d->code == IR_OP_SCF_FOR || d->code == IR_OP_SCF_IF)
    for (uint32_t r = 0; r < d->n_regions; r++) {
      const ir_op *l = find_load(fn, yield_of(d->regions[r], (uint32_t)v->result_idx), seen, depth + 1);
      if (l) return l;
    }
  return NULL;
}

void sim_ldchoice_why(const sim_machine *m, const ir_op *sink, char *buf, size_t n) {
  buf[0] = 0;
  if (!sink || !m->ld_why) return;
  uint8_t *seen = ir_xcalloc(m->fn->n_values + 1, 1);
  const ir_op *ld = NULL;
  for (uint32_t k = 0; k < sink->n_operands && !ld; k++) ld = find_load(m->fn, sink->operands[k], seen, 0);
  free(seen);
  if (!ld) return;
  uint32_t pc = UINT32_MAX;
  for (uint32_t k = 0; k < m->n_code; k++)
    if (m->code[k].op == ld) pc = k;
  ir_loc l = sim_op_loc(m->mod, ld);
  const char *f = l.file ? l.file : "";
  const sim_ldwhy *w = pc != UINT32_MAX ? &m->ld_why[pc] : NULL;
  if (ld->code != IR_OP_TT_LOAD) { /* an atomic's result, a local load, ... */
    snprintf(buf, n, " (the value %s returns at %s:%u:%u: only a scalar tt.load from a read-only "
             "input is chosen data, docs/verifier.md \"Chosen data\")", ir_ops[ld->code].name, f, l.line, l.col);
    return;
  }
  const char *why = !w ? "only a scalar tt.load from a read-only input is"
                    : m->ld_site && m->ld_site[pc] ? "its address depends on loaded data (pointer chasing), and only a load at an address the arguments decide is"
                    : w->why == SIM_LD_TENSOR ? "a tensor load is not"
                    : w->why == SIM_LD_MASKED ? "a masked load is not"
                    : w->why == SIM_LD_ORIGIN ? "its pointer does not derive from kernel arguments alone, and only a load from a read-only kernel input is"
                    : w->why == SIM_LD_WRITTEN ? "the kernel writes that input, and only a read-only input is"
                    : "only a scalar integer load is";
  int len = snprintf(buf, n, " (the value loaded at %s:%u:%u: %s chosen data, docs/verifier.md \"Chosen data\"", f, l.line, l.col, why);
  if (w && w->why == SIM_LD_WRITTEN && w->writer && len > 0 && (size_t)len < n) {
    ir_loc wl = sim_op_loc(m->mod, w->writer);
    len += snprintf(buf + len, n - (size_t)len, "; written by %s at %s:%u:%u", ir_ops[w->writer->code].name,
                    wl.file ? wl.file : "", wl.line, wl.col);
  }
  if (len > 0 && (size_t)len < n) snprintf(buf + len, n - (size_t)len, ")");
}
