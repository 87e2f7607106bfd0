#!/bin/sh
# check_amd.sh: the hand-written AMD kernels (tests/amd): the correct ones verify, every
# planted bug is reported first with its kind at its line (semantics.md §8, sim/sim_amd_*.c).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/expected_kernels.sh"
check_expected "$SRC/tests/amd" amd.py
[ "$n" -ge 16 ] || fail "only $n AMD kernels"
# the AMD ops print back as written
"$TLXV" parse "$SRC/tests/amd/ops.ok.ttgir" > "$T/rt.ttgir" || fail "parse ops.ok"
grep -v '^//' "$SRC/tests/amd/ops.ok.ttgir" | cmp -s - "$T/rt.ttgir" || fail "ops.ok does not print back as written"
# the wave reduction against the run of every wave: check_amd_waves.sh
echo "check_amd: $n kernels ok"
