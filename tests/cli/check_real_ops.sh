#!/bin/sh
# check_real_ops.sh: real ops of the TLX fork the model cannot run are refused at the op
# (exit 2, file:line:col, empty stdout), never a crash or a bug report (issue 12, class 6);
# and a token wait on a token no TMA store made waits for every store.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
D="$SRC/tests/cli/real_ops"
input_error check "cf-cond-br.mlir:5:5: error: unstructured control flow (cf.cond_br)" "$D/cf-cond-br.mlir"
input_error check "cf-br-region.mlir:7:9: error: unstructured control flow (cf.br between the blocks" "$D/cf-br-region.mlir"
input_error check "nv.*unsupported operation 'nvws.create_token'" "$D/nvws-create-token.mlir"
input_error check "^checkers.py:15:1: error: tlx.set_buffer_overlap: the reuse-group placement" "$D/set-buffer-overlap.ttgir"
input_error check "^k.py:3:5: error: ttng.clc_advance is the fork's high-level cluster launch control" "$D/clc-advance.mlir"
rc=0
"$TLXV" "$D/token-poison.ttgir" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 0 ] || fail "token-poison.ttgir: exit $rc: $(head -3 "$T/o.txt")"
echo "check_real_ops: ok"
