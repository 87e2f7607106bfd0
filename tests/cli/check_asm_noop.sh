#!/bin/sh
# check_asm_noop.sh: inline PTX with no effect inside the grid (sim/sim_compile_dec.c
# sim_asm_no_effect). Triton's tutorial 11 (programmatic dependent launch) calls gdc_wait and
# gdc_launch_dependents, which Triton 3.6.0 emits as tt.elementwise_inline_asm
# "griddepcontrol.wait; // dummy $0" / "griddepcontrol.launch_dependents; // dummy $0"; the
# model refused every scalar inline asm (inconclusive, exit 3). Both instructions act between
# grids only (PTX ISA, griddepcontrol), so they are no-ops here and the kernel verifies. Any
# other asm text stays inconclusive: a second instruction after the recognised one, another
# opcode.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh" # T, fail, run
K="$SRC/tests/corpus/real/triton_t11_add_kernel_90.ok.ttgir"
grep -q 'griddepcontrol.wait; // dummy' "$K" || fail "the corpus kernel changed"
run 0 check "$K"
grep -q "verified: no bug" "$T/o.txt" || fail "t11: $(tail -1 "$T/o.txt")"
sed 's|griddepcontrol.wait; // dummy|griddepcontrol.wait; membar.gl; // dummy|' "$K" > "$T/two.ttgir"
run 3 check "$T/two.ttgir"
grep -q "tt.elementwise_inline_asm on scalars is not supported by the model (at 11-programmatic-dependent-launch.py:43:8)" "$T/o.txt" ||
  fail "two instructions: $(cat "$T/o.txt")"
sed 's|griddepcontrol.launch_dependents; // dummy|bar.sync 0; // dummy|' "$K" > "$T/bar.ttgir"
run 3 check "$T/bar.ttgir"
grep -q "inconclusive" "$T/o.txt" || fail "bar.sync: $(cat "$T/o.txt")"
grep -q "verified" "$T/o.txt" && fail "bar.sync verified: $(cat "$T/o.txt")"
echo "check_asm_noop: ok"
