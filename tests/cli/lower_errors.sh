#!/bin/sh
# lower_errors.sh: `tlx-verify lower` usage and input errors are one clear line on stderr, exit
# 2, and print nothing else; the three output forms are what they say.
set -eu
: "${TLXV:?}" "${CORPUS:?}" "${SRC:?}"
K="$CORPUS/gluon/ws_add.bug0.ttgir"
. "$SRC/tests/tools/input_error.sh"
expect2() { # "what it must say" args...
  input_error lower "$@"
}
expect2 "missing --target" "$K" -o "$T/x"
expect2 "unknown --target (use sm_90a, sm_100a, gfx942 or gfx950): sm_80" "$K" --target sm_80 -o "$T/x"
expect2 "unknown --emit (use mlir, llvm, ptx or hsaco): asm" "$K" --target sm_90a --emit asm -o "$T/x"
expect2 "missing -o FILE" "$K" --target sm_90a
expect2 "missing input FILE" --target sm_90a -o "$T/x"
expect2 "unknown option: --bogus" "$K" --target sm_90a -o "$T/x" --bogus
expect2 "cannot write the output" "$K" --target sm_90a -o "$T/no/such/dir/x.ptx"
expect2 "error" "$T/missing.ttgir" --target sm_90a -o "$T/x"
# An op the target lacks: file:line:col of the op's source location, the op, the target.
cat > "$T/tmem.ttgir" <<'K'
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func public @k() {
    %t = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> loc("k.py":7:3)
    tt.return
  }
}
K
input_error lower "^k.py:7:3: error: lowering: op 'ttng.tmem_alloc' is not supported for sm_90a$" \
  "$T/tmem.ttgir" --target sm_90a -o "$T/x"
[ "$(wc -l < "$T/err")" = 1 ] || fail "unsupported op: more than one line: $(cat "$T/err")"
[ ! -e "$T/x" ] || fail "an output file was written after an error"
# The three forms, to a file and to stdout.
"$TLXV" lower "$K" --target sm_90a --emit mlir -o "$T/k.mlir"
grep -q '^  llvm.func @ws_add_kernel(' "$T/k.mlir" || fail "--emit mlir has no llvm.func"
grep -q 'nvvm.grid_constant' "$T/k.mlir" || fail "--emit mlir: tensor maps are not grid constants"
"$TLXV" lower "$K" --target sm_90a --emit llvm -o "$T/k.ll"
grep -q '^define ptx_kernel void @ws_add_kernel(' "$T/k.ll" || fail "--emit llvm has no define"
"$TLXV" lower "$K" --target=sm_90a -o - > "$T/k.ptx"
head -n 1 "$T/k.ptx" | grep -q '^// tlxv-abi 1$' || fail "PTX to stdout lacks the ABI header"
grep -q '^\.entry ws_add_kernel(\|^\.visible \.entry ws_add_kernel(' "$T/k.ptx" || fail "PTX has no entry"
# The lowering is a module loaded on demand (libtlxv-lower.so next to the binary): a binary
# without it says so for `lower`, and still checks kernels (LLVM/MLIR are not linked into it).
mkdir "$T/alone" && cp "$TLXV" "$T/alone/tlx-verify"
rc=0
TLXV_LOWER_LIB="$T/none.so" "$T/alone/tlx-verify" lower "$K" --target sm_90a -o "$T/x" > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 2 ] || fail "lower without the module: exit $rc"
grep -q "cannot load the lowering module libtlxv-lower.so" "$T/err" || fail "lower without the module: $(cat "$T/err")"
[ ! -s "$T/out" ] || fail "lower without the module printed on stdout"
rc=0
"$T/alone/tlx-verify" "$K" --arg xnumel=256 --arg ynumel=2048 > "$T/out" 2>&1 || rc=$?
[ $rc = 0 ] || fail "check without the lowering module: exit $rc: $(tail -3 "$T/out")"
echo "lower_errors: ok"
