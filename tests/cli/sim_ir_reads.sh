#!/bin/sh
# sim_ir_reads.sh: only the compiler reads an op's attributes and operand segments
# (docs/design.md "Layout"): no sim/*.c other than sim_compile*.c calls the IR's attribute or
# segment accessors (ir/ir.h: ir_op_attr, ir_op_attr_int, ir_op_has_attr, ir_seg, ir_dict_get,
# ir_module_attr_int, ir_module_target; the compiler's wrappers attr_true, seg_len, seg_val of
# sim_internal.h) or walks op->attrs or the segment table (op->seg_start, op->n_segs) itself.
# Running a machine reads what the compiler decoded into its instructions (sim_ins), its side
# records (sim_opdec, sim_vtype, sim_modattrs, sim_alloc, sim_ws); the build-time analyses walk
# the IR and ask the compiler (sim_compile_seg0, sim_compile_amd_has, ...).
set -u
: "${SRC:?set SRC to the repository root}"
cd "$SRC" || exit 1
PAT='\b(ir_op_attr|ir_op_attr_int|ir_op_has_attr|ir_seg|ir_dict_get|ir_module_attr_int|ir_module_target|attr_true|seg_len|seg_val)[[:space:]]*\(|->(n_)?attrs\b|->seg_start\b|->n_segs\b'
# Nor do they read value types (docs/design.md "Layout"): no ir_type named, no value's ->type, no
# type accessor (ir/ir.h ir_type_elem_bytes, ir_type_numel, ir_type_is_scalar, ir_type_encoding;
# the compiler's decoders sim_dtype_of, sim_int_width). The compiler decodes the types the
# machine reads into sim_vtype records (sim_compile_types.c: sim_ins.vt, sim_alloc.vt;
# sim_compile_dec.c: sim_opdec for the data plane); the AMD analyses that walk the IR's types
# are compiler files (sim_compile_amd_*.c).
TPAT='\bir_type\b|->type\b|\b(ir_type_[a-z_]+|sim_dtype_of|sim_int_width)[[:space:]]*\('
bad=0
# The patterns find planted reads (a typo in one would let every file pass) and pass a decoded one.
for planted in 'const ir_type *t = v->type;' 'n = ir_type_numel(t);' 'w = sim_int_width(t);' \
               'dt = sim_dtype_of(t);' 'c = ir_op_attr_int(op, "count", 0);' 'v = ir_seg(op, 1, &n);'; do
  printf '%s\n' "$planted" | grep -qE "$TPAT|$PAT" || { echo "FAIL: the patterns miss '$planted'"; exit 1; }
done
printf '%s\n' 'const sim_vtype *t = ins_tin(m, i, 0); n = t->numel;' | grep -qE "$TPAT|$PAT" &&
  { echo "FAIL: the patterns flag a decoded read"; exit 1; }
# scan PATTERN WHAT: every sim/*.c but the compiler's, against PATTERN.
scan() {
  for f in sim/*.c; do
    case $(basename "$f") in sim_compile*.c) continue ;; esac
    hits=$(grep -nE "$1" "$f")
    if [ -n "$hits" ]; then
      echo "FAIL: $f $2"
      echo "$hits"
      bad=1
    fi
  done
}
scan "$PAT" "reads the IR's attributes or segments outside the compiler (decode it in sim_compile*.c):"
scan "$TPAT" "reads value types outside the compiler (decode them in sim_compile*.c into sim_vtype):"
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
