#!/bin/sh
# ctest_gpu.sh: the ctest entry device.run_lowered. On a machine with an NVIDIA GPU and the CUDA
# toolkit it runs tests/device/run_lowered.sh (every lowered kernel on the GPU, outputs compared
# with NumPy); elsewhere it exits 77, which ctest reports as skipped (SKIP_RETURN_CODE).
set -eu
: "${TLXV:?}" "${SRC:?}"
CUDA=${CUDA:-/usr/local/cuda}
skip() { echo "device.run_lowered: SKIPPED: $*"; exit 77; }
command -v nvidia-smi > /dev/null 2>&1 || skip "no nvidia-smi (no NVIDIA driver)"
nvidia-smi -L 2> /dev/null | grep -q '^GPU ' || skip "nvidia-smi lists no GPU"
[ -f "$CUDA/include/cuda.h" ] || skip "no $CUDA/include/cuda.h (set CUDA to a toolkit root)"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TLXV="$TLXV" exec sh "$SRC/tests/device/run_lowered.sh" "$T/lowered"
