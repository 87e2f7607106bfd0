#!/bin/sh
# check_real_planted.sh: the planted-bug variants of real kernels (examples/real_planted,
# README.md there) against tests/corpus/real (tests/tools/planted.sh says what is checked).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
. "$SRC/tests/tools/planted.sh"
check_planted "$SRC/examples/real_planted" "$SRC/tests/corpus/real" 2
[ "$n" -ge 9 ] || fail "only $n variants in expected.tsv"
echo "check_real_planted: $n variants found, $m known miss(es) unchanged, sources verify"
