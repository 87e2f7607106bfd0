#!/bin/sh
# check_big_kernel.sh: a 10 MB kernel of 248,000 straight-line ops (tests/tools/genops.py) is
# checked under a 2 GB address-space limit, with the same verdict as the kernel without them
# (issue 11: liveness took ops x values bits, 7 GB, and an unchecked calloc crashed).
set -eu
: "${TLXV:?}" "${SRC:?}"
fail() { echo "FAIL: $*" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
K="$SRC/tests/corpus/gluon/ws_add.bug0.ttgir"
python3 "$SRC/tests/tools/genops.py" 248000 "$K" > "$T/big.ttgir"
rc=0
# The limit: `ulimit -v` (2 GB of address space); an AddressSanitizer build reserves terabytes of
# shadow address space at start-up, so there the same 2 GB bound is ASan's own malloc limit.
if grep -q __asan_init "$TLXV"; then
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}malloc_limit_mb=2000:allocator_may_return_null=1" \
    "$TLXV" check "$T/big.ttgir" --arg xnumel=256 --arg ynumel=2048 > "$T/out" 2>&1 || rc=$?
else
  (ulimit -v 2000000 && "$TLXV" check "$T/big.ttgir" --arg xnumel=256 --arg ynumel=2048) > "$T/out" 2>&1 || rc=$?
fi
want=0
"$TLXV" check "$K" --arg xnumel=256 --arg ynumel=2048 > "$T/ref" 2>&1 || want=$?
[ $rc = "$want" ] || fail "exit $rc (want $want as without the ops): $(tail -3 "$T/out")"
tail -1 "$T/ref" | sed 's/.*: //' > "$T/v1"
tail -1 "$T/out" | sed 's/.*: //' > "$T/v2"
cmp -s "$T/v1" "$T/v2" || fail "verdict differs: $(cat "$T/v2") vs $(cat "$T/v1")"
echo "check_big_kernel: ok"
