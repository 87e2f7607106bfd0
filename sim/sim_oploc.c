/* sim_oploc.c: the position reported for an op (sim.h sim_op_loc). Alone in its file: the
 * symbolic module (libtlxv-sym.so) uses it and nothing else of sim/, so it links this object
 * only, not the machine. */
#include "sim.h"

ir_loc sim_op_loc(const ir_module *mod, const ir_op *op) {
  ir_loc none = {0};
  if (!op) return none;
  if (op->loc.file) return op->loc;
  /* no user location: the op's own position in the IR file; an op the text omits (an
   * implicit scf.yield) takes the position of the nearest enclosing op */
  for (const ir_op *o = op; o && mod && mod->filename; ) {
    if (o->ir_line) return (ir_loc){mod->filename, o->ir_line, o->ir_col};
    o = o->parent && o->parent->parent ? o->parent->parent->parent : NULL;
  }
  return none;
}
