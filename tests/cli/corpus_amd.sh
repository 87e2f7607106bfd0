#!/bin/sh
# corpus_amd.sh: the AMD kernels Triton 3.6.0 compiled for gfx942 / gfx950 (tests/corpus/amd,
# README.md there) get the verdict of expected.tsv: all verify, with the CTA barriers of
# Triton's Membar pass placed by the model (sim/sim_compile_amd_membar.c).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/expected_kernels.sh"
check_expected "$SRC/tests/corpus/amd" -
[ "$n" -ge 34 ] || fail "only $n AMD corpus kernels"
echo "corpus_amd: $n kernels ok"
