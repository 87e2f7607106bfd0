#!/bin/sh
# lw_column.sh: the op table's lowering column (ir/ir_ops.c IR_F_LW, shown by
# `parse --list-ops`) names exactly the ops that have a case label in lowering/lw_*.c, less
# the lowering's no-op column: a new case in the lowering without the column (or the reverse)
# fails here.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ids() { sed -n 's/^X(\([A-Z0-9_]*\), *"\([^"]*\)".*/\2 \1/p' "$SRC/ir/ops.def"; }
col() { # the op ids of the list-ops column line starting with $1
  "$TLXV" parse --list-ops | grep "^- $1" | tr ',' '\n' | sed -n 's/.*`\([^`]*\)`.*/\1/p' |
    while read -r n; do ids | awk -v n="$n" '$1 == n { print $2 }'; done | sort -u
}
col "lowered by code of their own" > "$T/col"
col "emit nothing in the lowering" > "$T/noop"
cat "$SRC"/lowering/lw_*.c | grep -o 'case  *IR_OP_[A-Z0-9_]* *:' | sed 's/case  *IR_OP_\([A-Z0-9_]*\).*/\1/' |
  sort -u | comm -23 - "$T/noop" > "$T/cases"
[ -s "$T/col" ] || { echo "FAIL: no lowering column in parse --list-ops" >&2; exit 1; }
if ! cmp -s "$T/col" "$T/cases"; then
  echo "FAIL: the lowering column (<) and lowering/'s case labels (>) differ:" >&2
  diff "$T/col" "$T/cases" >&2 || true
  exit 1
fi
echo "lw_column: ok ($(wc -l < "$T/col") ops)"
