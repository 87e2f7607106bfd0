#!/bin/sh
# check_real_planted.sh: the planted-bug variants of real kernels (examples/real_planted,
# README.md there) against tests/corpus/real (tests/tools/planted.sh says what is checked).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
. "$SRC/tests/tools/planted.sh"
check_planted "$SRC/examples/real_planted" "$SRC/tests/corpus/real" 2
[ "$n" -ge 9 ] || fail "only $n variants in expected.tsv"
# the fenced (fixed) variants of Triton 3.6.0's cp.async pipelines (their sources lack the
# fence after the cp.async wait: proxy-fence) verify and are proved for all sizes (issue 12
# point 8: async groups ordered by warp_group_dot_wait / tcgen05 commits)
for f in triton_t03_fenced tpipe_mxf4_100_fenced tk_bf16_100_fenced; do
  run 0 check "$SRC/examples/real_planted/$f.ttgir" --symbolic
  [ "$(grep -c '^  [a-z-]* *proved ' "$T/o.txt")" = 7 ] || fail "$f: --symbolic: $(grep '^  [a-z-]' "$T/o.txt")"
done
echo "check_real_planted: $n variants found, $m known miss(es) unchanged, sources verify"
