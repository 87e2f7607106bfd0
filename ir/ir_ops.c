/* ir_ops.c: the op table (ops.def) expanded into ir_ops[] and a name lookup. */
#include <string.h>

#include "ir.h"

const ir_opinfo ir_ops[IR_OP__COUNT] = {
#define X(id, name, cls, segs) {name, cls, segs},
#include "ops.def"
#undef X
};

ir_opcode ir_op_lookup(const char *name, size_t len) {
  /* Linear scan over ~230 names; the parser caches by interned name, so this is cold. */
  for (int i = 0; i < IR_OP__COUNT; i++)
    if (strlen(ir_ops[i].name) == len && !memcmp(ir_ops[i].name, name, len)) return (ir_opcode)i;
  return IR_OP__COUNT;
}

const char *ir_opclass_name(ir_opclass c) {
  static const char *const names[] = {"scalar", "tensor", "view", "alloc", "memory",
                                      "barrier", "async", "async-wait", "fence", "control",
                                      "special", "query", "meta"};
  return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}
