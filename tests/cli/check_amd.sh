#!/bin/sh
# check_amd.sh: the hand-written AMD kernels (tests/amd): the correct ones verify, every
# planted bug is reported first with its kind at its line (semantics.md §8, sim/sim_amd_*.c).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/expected_kernels.sh"
check_expected "$SRC/tests/amd" amd.py
[ "$n" -ge 10 ] || fail "only $n AMD kernels"
echo "check_amd: $n kernels ok"
