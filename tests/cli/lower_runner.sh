#!/bin/sh
# lower_runner.sh: lowering/runner (tlxv-run) compiles against the CUDA headers and the stub
# libcuda, reads the ABI header of lowered PTX, builds its inputs and reports what is missing;
# with the stub driver it stops at cuInit with exit 3. The GPU run itself is
# tests/device/run_lowered.sh. Skips (exit 77, ctest: skipped, with a message) where the CUDA headers are absent.
set -eu
: "${TLXV:?}" "${SRC:?}"
CUDA=${CUDA:-/usr/local/cuda}
if [ ! -f "$CUDA/include/cuda.h" ]; then
  echo "lower_runner: SKIPPED: no $CUDA/include/cuda.h (set CUDA to a toolkit root)"
  exit 77
fi
STUBS=""
for d in "$CUDA/lib64/stubs" "$CUDA/targets/x86_64-linux/lib/stubs"; do [ -f "$d/libcuda.so" ] && STUBS=$d && break; done
[ -n "$STUBS" ] || { echo "lower_runner: SKIPPED: no stub libcuda.so under $CUDA"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
R="$SRC/lowering/runner"
cc -O1 -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror -I"$CUDA/include" \
  "$R/tlxv_run.c" "$R/run_abi.c" "$R/run_npy.c" "$R/run_rec.c" -o "$T/tlxv-run" -L"$STUBS" -lcuda 2> "$T/cc" ||
  fail "tlxv-run does not compile: $(cat "$T/cc")"
mkdir "$T/lib" && ln -s "$STUBS/libcuda.so" "$T/lib/libcuda.so.1"
run() { LD_LIBRARY_PATH="$T/lib" "$T/tlxv-run" "$@"; }
"$TLXV" lower "$SRC/tests/corpus/gluon/ws_add.bug0.ttgir" --target sm_90a -o "$T/k.ptx"
A="--tensor a_desc=random:256x2048:f32 --tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f32"
expect() { # exit-code "what it must say" args...
  code=$1 want=$2
  shift 2
  rc=0
  run "$@" > "$T/out" 2> "$T/err" || rc=$?
  [ "$rc" = "$code" ] || fail "exit $rc (want $code) for: $*: $(cat "$T/err")"
  grep -q -- "$want" "$T/err" || fail "message lacks '$want' for: $*: $(cat "$T/err")"
}
# shellcheck disable=SC2086
{
expect 2 "missing --arg xnumel=VALUE (i32)" "$T/k.ptx" $A --arg ynumel=2048
expect 2 "missing --tensor c_desc=" "$T/k.ptx" --tensor a_desc=random:256x2048:f32 --tensor b_desc=random:256x2048:f32 --arg xnumel=256 --arg ynumel=2048
expect 2 "dtype f16, but the kernel takes f32" "$T/k.ptx" --tensor a_desc=random:256x2048:f16 --tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f32 --arg xnumel=256 --arg ynumel=2048
expect 2 "not a number" "$T/k.ptx" $A --arg xnumel=lots --arg ynumel=2048
expect 2 "--grid 0" "$T/k.ptx" $A --arg xnumel=256 --arg ynumel=2048 --grid 0
printf '.version 8.5\n.target sm_90a\n' > "$T/plain.ptx"
expect 2 "no tlxv ABI header" "$T/plain.ptx" $A
# The hang recorder: --recorder needs PTX lowered with --recorder; such PTX runs up to cuInit.
expect 2 "has no recorder" "$T/k.ptx" $A --arg xnumel=256 --arg ynumel=2048 --recorder "$T/hang.json"
"$TLXV" lower "$SRC/tests/corpus/gluon/ws_add.bug1.ttgir" --target sm_90a --recorder -o "$T/r.ptx"
expect 3 "cuInit failed" "$T/r.ptx" $A --arg xnumel=256 --arg ynumel=2048 --recorder "$T/hang.json"
sed 's/^\(\/\/ tlxv-recorder version=\)1/\19/' "$T/r.ptx" > "$T/r9.ptx"
expect 2 "recorder version 9" "$T/r9.ptx" $A --arg xnumel=256 --arg ynumel=2048
# Everything given: inputs are written, then the stub driver refuses cuInit.
expect 3 "cuInit failed" "$T/k.ptx" $A --arg xnumel=256 --arg ynumel=2048 --grid 8 --out "$T/o/run1"
}
for n in a_desc b_desc c_desc; do
  f="$T/o/run1/$n.in.npy"
  [ -f "$f" ] || fail "missing $f"
  head -c 80 "$f" | grep -q "'descr': '<f4', 'fortran_order': False, 'shape': (256, 2048,)" || fail "bad header in $f"
  [ "$(wc -c < "$f")" = $((128 + 256 * 2048 * 4)) ] || fail "bad size of $f"
done
cmp -s "$T/o/run1/a_desc.in.npy" "$T/o/run1/b_desc.in.npy" && fail "a and b got the same random data"
echo "lower_runner: ok"
