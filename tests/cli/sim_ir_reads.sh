#!/bin/sh
# sim_ir_reads.sh: only the compiler reads an op's attributes and operand segments
# (docs/design.md "Layout"): no sim/*.c other than sim_compile*.c calls the IR's attribute or
# segment accessors (ir/ir.h: ir_op_attr, ir_op_attr_int, ir_op_has_attr, ir_seg, ir_dict_get,
# ir_module_attr_int, ir_module_target; the compiler's wrappers attr_true, seg_len, seg_val of
# sim_internal.h) or walks op->attrs or the segment table (op->seg_start, op->n_segs) itself.
# Running a machine reads what the compiler decoded into its instructions (sim_ins), its side
# records (sim_opdec, sim_modattrs, sim_alloc, sim_ws); the build-time analyses walk the IR and
# ask the compiler (sim_compile_seg0, sim_compile_amd_has, ...).
set -u
: "${SRC:?set SRC to the repository root}"
cd "$SRC" || exit 1
PAT='\b(ir_op_attr|ir_op_attr_int|ir_op_has_attr|ir_seg|ir_dict_get|ir_module_attr_int|ir_module_target|attr_true|seg_len|seg_val)[[:space:]]*\(|->(n_)?attrs\b|->seg_start\b|->n_segs\b'
bad=0
for f in sim/*.c; do
  b=$(basename "$f")
  case $b in sim_compile*.c) continue ;; esac
  hits=$(grep -nE "$PAT" "$f")
  if [ -n "$hits" ]; then
    echo "FAIL: $f reads the IR's attributes or segments outside the compiler (decode it in sim_compile*.c):"
    echo "$hits"
    bad=1
  fi
done
# Segment indices are named (ir/ir_segs.h, generated from ops.def: IR_SEG_<OP>_<SEGMENT>), in
# every folder: no ir_seg(op, 3, ...) with a bare number.
for f in ir/*.c sim/*.c verify/*.c symbolic/*.c traces/*.c lowering/*.c cli/*.c; do
  hits=$(grep -nE '\bir_seg\([^,()]+, *[0-9]+ *,' "$f")
  if [ -n "$hits" ]; then
    echo "FAIL: $f names a segment by number (use its IR_SEG_ constant):"
    echo "$hits"
    bad=1
  fi
done
[ $bad = 0 ] && echo "sim_ir_reads: ok"
exit $bad
