#!/bin/sh
# check_real_ops.sh: real ops of the TLX fork the model cannot run are refused at the op
# (exit 2, file:line:col, empty stdout), never a crash or a bug report (issue 12, class 6);
# the cf branches it now runs get verdicts; and a token wait on a token no TMA store made
# waits for every store.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
D="$SRC/tests/cli/real_ops"
# cf.br / cf.cond_br between the blocks of a region run (sim_compile.c compile_blocks): the
# function body's blocks and an scf.execute_region's blocks; both kernels are correct
for k in cf-cond-br.mlir cf-br-region.mlir; do
  rc=0
  "$TLXV" check "$D/$k" > "$T/o.txt" 2>&1 || rc=$?
  [ $rc = 0 ] && grep -q "verified: no bug in any schedule" "$T/o.txt" || fail "$k: exit $rc: $(head -3 "$T/o.txt")"
done
# nvws.create_token runs since session 16 (WSLowerToken: an empty and a full mbarrier per buffer,
# docs/nvws.md): a token nobody uses verifies
rc=0
"$TLXV" check "$D/nvws-create-token.mlir" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 0 ] && grep -q "verified" "$T/o.txt" || fail "nvws-create-token.mlir: exit $rc: $(head -3 "$T/o.txt")"
input_error check "^k.py:3:5: error: ttng.clc_advance is the fork's high-level cluster launch control" "$D/clc-advance.mlir"
# the fork's abstract 2-CTA peer gather (no LLVM lowering; a pass materializes it): refused at
# the op, with the materialized form named
input_error check "^k.py:4:5: error: ttng.two_cta_peer_gather is not modelled: .*async_remote_shmem_store" \
  "$D/two-cta-peer-gather.mlir"
rc=0
"$TLXV" "$D/token-poison.ttgir" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 0 ] || fail "token-poison.ttgir: exit $rc: $(head -3 "$T/o.txt")"
echo "check_real_ops: ok"
