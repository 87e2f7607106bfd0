#!/bin/sh
# parse_ops_md.sh: docs/ops.md is the output of `tlx-verify parse --list-ops` (regenerate it
# with: tlx-verify parse --list-ops > docs/ops.md), and lists every op of ir/ops.def.
set -u
: "${TLXV:?set TLXV to the tlx-verify binary}" "${SRC:?set SRC to the repository root}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$TLXV" parse --list-ops >"$TMP/ops.md" || { echo "FAIL: --list-ops exited $?"; exit 1; }
if ! cmp -s "$TMP/ops.md" "$SRC/docs/ops.md"; then
  echo "FAIL: docs/ops.md is out of date; run: tlx-verify parse --list-ops > docs/ops.md"
  diff "$SRC/docs/ops.md" "$TMP/ops.md" | head -10
  exit 1
fi
want=$(grep -c '^X(' "$SRC/ir/ops.def")
got=$(grep -c '^| `' "$TMP/ops.md")
[ "$want" -eq "$got" ] || { echo "FAIL: ops.def has $want ops, ops.md lists $got"; exit 1; }
grep -q '^| `ttng.wait_barrier` | barrier | `alloc phase pred? deps\*` |$' "$TMP/ops.md" ||
  { echo "FAIL: wait_barrier row missing"; exit 1; }
echo "parse_ops_md: $got ops, docs/ops.md up to date"
