#!/bin/sh
# sim_ir_reads.sh: only the compiler reads an op's attributes and operand segments
# (docs/design.md "Layout"): no sim/*.c other than sim_compile*.c calls the IR's attribute or
# segment accessors (ir/ir.h: ir_op_attr, ir_op_attr_int, ir_op_has_attr, ir_seg, ir_dict_get,
# ir_module_attr_int, ir_module_target; the compiler's wrappers attr_true, seg_len, seg_val of
# sim_internal.h) or walks op->attrs itself. Running a machine reads what
# the compiler decoded into its instructions (sim_ins), its side records (sim_opdec) and its
# build-time analyses.
# PENDING names the files that still read the IR at build time and are not yet moved into the
# compiler: the list may only shrink, and a file on it that no longer reads fails too.
set -u
: "${SRC:?set SRC to the repository root}"
cd "$SRC" || exit 1
PENDING="sim_amd_machine.c sim_amd_mbar.c sim_amd_membar.c sim_amd_waves.c sim_amd_wpipe.c"
PAT='\b(ir_op_attr|ir_op_attr_int|ir_op_has_attr|ir_seg|ir_dict_get|ir_module_attr_int|ir_module_target|attr_true|seg_len|seg_val)[[:space:]]*\(|->(n_)?attrs\b'
bad=0
for f in sim/*.c; do
  b=$(basename "$f")
  case $b in sim_compile*.c) continue ;; esac
  hits=$(grep -nE "$PAT" "$f")
  pending=0
  for p in $PENDING; do [ "$p" = "$b" ] && pending=1; done
  if [ -n "$hits" ] && [ $pending = 0 ]; then
    echo "FAIL: $f reads the IR's attributes or segments outside the compiler (decode it in sim_compile*.c):"
    echo "$hits"
    bad=1
  elif [ -z "$hits" ] && [ $pending = 1 ]; then
    echo "FAIL: $f no longer reads the IR: take it off PENDING in $0"
    bad=1
  fi
done
[ $bad = 0 ] && echo "sim_ir_reads: ok"
exit $bad
