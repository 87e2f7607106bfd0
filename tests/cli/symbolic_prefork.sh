#!/bin/sh
# symbolic_prefork.sh: a barrier the parent arrives on before warp_specialize, then used by
# both partitions' loops (tests/symbolic/prefork-loop.ok.ttgir): the explorer verifies it, and
# --symbolic places the loops' rounds after the parent's completed phase (program order,
# docs/symbolic.md "Rounds from program order") and proves all seven conditions.
set -u
: "${TLXV:?}" "${SRC:?}"
k="$SRC/tests/symbolic/prefork-loop.ok.ttgir"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0
"$TLXV" check "$k" --arg n=3 -q >"$out" 2>&1 || { echo "FAIL explicit check: exit $?"; cat "$out"; fail=1; }
"$TLXV" check "$k" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 0 ] || [ "$(grep -c '^  [a-z-]* *proved ' "$out")" -ne 7 ] || grep -q violated "$out"; then
  echo "FAIL --symbolic: exit $rc, expected 0 with seven proved conditions"; cat "$out"; fail=1
fi
exit $fail
