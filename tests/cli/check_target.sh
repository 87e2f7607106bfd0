#!/bin/sh
# check_target.sh: a kernel compiled for an AMD target (ttg.target "hip:gfx942") is refused at
# the kernel, exit 2, by check and sim: the machine model follows NVIDIA's rules, so such a
# kernel must never come out "verified" (it did once llvm.intr.assume was modelled).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
K="$SRC/tests/cli/inputs/amd_t03_matmul_gfx942.ok.ttgir"
input_error check "^03-matrix-multiplication.py:233:0: error: target 'hip:gfx942' is not modelled" "$K"
input_error check "AMD targets are not checked yet" "$K" --arg M=64 --arg N=64 --arg K=64
echo "check_target: ok"
