/* sym_load.c: scalar loads from read-only kernel inputs, keyed by address. The explicit check
 * fills such memory with a function of the address (chosen data, sim_compile_ldchoice.c); here
 * its contents are one uninterpreted function per argument and width, applied to the element
 * offset from the argument: two loads of one address (each partition loading a ragged tensor's
 * bound itself) are the same term, and a proof holds for every content of that memory. Loads
 * of memory the kernel may write, masked or tensor loads, and pointers not derived by tt.addptr
 * from one kernel argument stay independent unknowns (sym_exec.c havoc). The value stays
 * tainted (not a computed value: a counterexample over it is not a concrete input), but a
 * query whose only unknowns are keyed loads (sym_keyed_only) is a proof over every content of
 * that memory and gets more of Z3's limit (sym_report.c). */
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"
#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* Kernel argument index a scalar pointer derives from, with its element offset (wide); -1 when
 * it is not a chain of tt.addptr from one argument (through warp_specialize captures). */
static int base_arg(sym_ctx *c, const ir_value *p, Z3_ast *off) {
  *off = sym_int(c, 0);
  for (int depth = 0; p && depth < 64; depth++) {
    if (!p->def) {
      const ir_block *entry = c->fn->op->regions[0]->blocks[0];
      if (p->block == entry) return (int)p->arg_idx;
      p = ir_ws_capture(p);
      continue;
    }
    if (p->def->code != IR_OP_TT_ADDPTR || p->def->n_operands != 2) return -1;
    const ir_value *o = p->def->operands[1];
    if (!o->type || o->type->kind == IR_T_TENSOR) return -1;
    Z3_ast t = sym_eval(c, o);
    if (!t) return -1;
    *off = sym_add(c, *off, sym_resize(c, t, sym_width(c, *off), true));
    p = p->def->operands[0];
  }
  return -1;
}

Z3_ast sym_load_keyed(sym_ctx *c, const ir_op *op, unsigned w) {
  if (op->code != IR_OP_TT_LOAD || op->n_operands != 1 || op->n_results != 1) return NULL;
  const ir_type *rt = op->results[0]->type, *pt = op->operands[0]->type;
  if (!rt || (rt->kind != IR_T_INT && rt->kind != IR_T_INDEX) || !pt || pt->kind != IR_T_PTR) return NULL;
  if (!c->written_known) {
    c->written_args = sim_ldchoice_written_args(c->fn);
    c->written_known = true;
  }
  Z3_ast off;
  int a = base_arg(c, op->operands[0], &off);
  if (a < 0 || ((c->written_args >> (a < 63 ? a : 63)) & 1)) return NULL;
  char name[48];
  snprintf(name, sizeof name, "mem.arg%d.i%u", a, w);
  Z3_sort dom = c->wide, rng = Z3_mk_bv_sort(c->z, w);
  Z3_func_decl f = Z3_mk_func_decl(c->z, Z3_mk_string_symbol(c->z, name), 1, &dom, rng);
  c->loaded_control = true;
  Z3_ast app = Z3_mk_app(c->z, f, 1, &off);
  c->keyed = ir_xrealloc(c->keyed, c->n_keyed + 1, sizeof *c->keyed);
  c->keyed[c->n_keyed++] = (struct sym_keyed){app, off};
  return app;
}

/* ------------------------------------------------------------------ keyed-only instances */

/* Visited AST ids of one walk: an open-addressing set (ids + 1; 0 is empty) of fixed size. */
enum { WALK_CAP = 1 << 16 };

static bool walk_mark(unsigned *seen, unsigned *n, unsigned id) {
  for (unsigned h = (id * 2654435761u) & (WALK_CAP - 1);; h = (h + 1) & (WALK_CAP - 1)) {
    if (seen[h] == id + 1) return false;
    if (!seen[h]) {
      seen[h] = id + 1;
      (*n)++;
      return true;
    }
  }
}

/* Walks phi's applications: *keyed when it mentions a keyed load, *havoc when a havoc symbol
 * (a name starting with '?'); false when phi is larger than the walk's table. */
static bool walk_unknowns(sym_ctx *c, Z3_ast phi, bool *keyed, bool *havoc) {
  unsigned *seen = ir_xcalloc(WALK_CAP, sizeof *seen), n = 0, sp = 0;
  Z3_ast *stack = ir_xmalloc(WALK_CAP, sizeof *stack);
  bool full = false;
  *keyed = *havoc = false;
  stack[sp++] = phi;
  while (sp && !*havoc && !full) {
    Z3_ast t = stack[--sp];
    if (Z3_get_ast_kind(c->z, t) != Z3_APP_AST) continue;
    if (n * 2 >= WALK_CAP) { full = true; break; }
    if (!walk_mark(seen, &n, Z3_get_ast_id(c->z, t))) continue;
    Z3_app a = Z3_to_app(c->z, t);
    Z3_func_decl d = Z3_get_app_decl(c->z, a);
    if (Z3_get_decl_kind(c->z, d) == Z3_OP_UNINTERPRETED) {
      Z3_symbol s = Z3_get_decl_name(c->z, d);
      const char *name =
          Z3_get_symbol_kind(c->z, s) == Z3_STRING_SYMBOL ? Z3_get_symbol_string(c->z, s) : "";
      if (name[0] == '?') *havoc = true;
      else if (!strncmp(name, "mem.arg", 7)) *keyed = true;
    }
    unsigned k = Z3_get_app_num_args(c->z, a);
    if (sp + k >= WALK_CAP) { full = true; break; }
    while (k-- > 0) stack[sp++] = Z3_get_app_arg(c->z, a, k);
  }
  free(seen);
  free(stack);
  return !full;
}

bool sym_keyed_only(sym_ctx *c, Z3_ast phi) {
  bool keyed, havoc;
  if (!c->n_keyed || !phi) return false;
  return walk_unknowns(c, phi, &keyed, &havoc) && keyed && !havoc;
}

bool sym_havoc_free(sym_ctx *c, Z3_ast phi) {
  bool keyed, havoc;
  return phi && walk_unknowns(c, phi, &keyed, &havoc) && !havoc;
}
