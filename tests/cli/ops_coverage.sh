#!/bin/sh
# ops_coverage.sh: scripts/ops_coverage.py on a hand-written miniature ODS tree
# (tests/tools/ods_fixture): dialects resolved through base classes, commented-out defs
# skipped, and each column computed from ops.def, sim/ and lowering/.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
command -v python3 >/dev/null || { echo "ops_coverage: python3 missing, skipped"; exit 0; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
python3 "$SRC/scripts/ops_coverage.py" --tlxv "$TLXV" --src "$SRC" --source "mini=$SRC/tests/tools/ods_fixture@0000" > "$T/o.md"
row() { grep -qF -- "$1" "$T/o.md" || fail "missing row '$1': $(cat "$T/o.md")"; }
row '| `ttng.wait_barrier` | mini | yes | executes | yes |'
row '| `ttng.async_tma_store_token_wait` | mini | yes | executes |'
row '| `ttng.clc_advance` | mini | yes | refused | refused |'
row '| `ttng.no_such_op_here` | mini | no | - | - |'
# a data op with no case of its own: the lowering's generic path for its class
row '| `ttng.packed_arith` | mini | yes | executes | by class |'
# a barrier-class op with no case label in the lowering's switch (lw_sync_op) is refused there
row '| `nvws.aref.create` | mini | yes | executes | refused |'
! grep -q commented_out "$T/o.md" || fail "a commented-out def is listed"
row '- mini at 0000: 6 ops'
echo "ops_coverage: ok"
