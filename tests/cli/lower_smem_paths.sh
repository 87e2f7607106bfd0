#!/bin/sh
# lower_smem_paths.sh: the vectorized shared-memory accesses of the lowering on
# tests/lowering/smem_paths.ttgir (a 64x64 f16 tile per CTA, 4 warps): ldmatrix.x4 / stmatrix.x4
# for the wgmma A-fragment layout, ld/st.shared.v4 (8 x f16) for a [1, 8] blocked layout, and
# ptxas accepts the PTX. tests/device/run_lowered.sh checks on the GPU that the data arrive.
set -eu
: "${TLXV:?}" "${SRC:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
"$TLXV" lower "$SRC/tests/lowering/smem_paths.ttgir" --target sm_90a --emit mlir -o "$T/k.mlir" 2> "$T/err" ||
  fail "lower: $(cat "$T/err")"
n() { grep -o "$1" "$T/k.mlir" | wc -l | tr -d ' '; }
# 32 elements per thread: 4 matrices of 8 per instruction
[ "$(n 'ldmatrix.sync.aligned.m8n8.x4.shared.b16')" = 4 ] || fail "want 4 ldmatrix.x4, got $(n ldmatrix)"
[ "$(n 'stmatrix.sync.aligned.m8n8.x4.shared.b16')" = 4 ] || fail "want 4 stmatrix.x4, got $(n stmatrix)"
# the [1, 8] blocked tile: 32 elements per thread in 16-byte vectors, one load and one store
[ "$(n 'llvm.load .*!llvm.ptr<3> -> vector<8xf16>')" = 4 ] || fail "want 4 vector<8xf16> loads"
[ "$(n 'llvm.store .*: vector<8xf16>, !llvm.ptr<3>')" = 4 ] || fail "want 4 vector<8xf16> stores"
"$TLXV" lower "$SRC/tests/lowering/smem_paths.ttgir" --target sm_90a -o "$T/k.ptx"
grep -q "ld.shared.v4.b32" "$T/k.ptx" || fail "no ld.shared.v4.b32 in the PTX"
grep -q "st.shared.v4.b32" "$T/k.ptx" || fail "no st.shared.v4.b32 in the PTX"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$PTXAS" ] || PTXAS=$(command -v ptxas || true)
if [ -z "$PTXAS" ]; then echo "lower_smem_paths: SKIPPED: no ptxas (the lowering checks passed; the ptxas check did not run)"; exit 77; fi
"$PTXAS" -arch=sm_90a "$T/k.ptx" -o "$T/k.cubin" 2> "$T/perr" || fail "ptxas rejects the PTX: $(head -5 "$T/perr")"
echo "lower_smem_paths: ok"
