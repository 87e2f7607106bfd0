#!/bin/sh
# check_amd_planted.sh: the planted-bug variants of the AMD kernels Triton compiled
# (examples/amd_planted, README.md there) against tests/corpus/amd (tests/tools/planted.sh says
# what is checked).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
. "$SRC/tests/tools/planted.sh"
check_planted "$SRC/examples/amd_planted" "$SRC/tests/corpus/amd" 5
[ "$n" -ge 10 ] || fail "only $n variants in expected.tsv"
echo "check_amd_planted: $n variants checked, sources verify"
