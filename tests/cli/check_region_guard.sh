#!/bin/sh
# check_region_guard.sh: an op with regions that the model's compiler has no case for is
# refused at the op (exit 2, file:line:col), never run as one instruction with its regions
# skipped, which could verify a kernel whose synchronization sits in them (sim_compile.c
# compile_op; ttng.subtiled_region verified so before it was modelled).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
input_error check "region-guard.ttgir:11:5: error: ttng.fence_async_shared has regions the model does not run" \
  "$SRC/tests/cli/real_ops/region-guard.ttgir"
echo "check_region_guard: ok"
