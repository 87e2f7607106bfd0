#!/bin/sh
# trace_corpus.sh: `tlx-verify graph --trace-out` writes Chrome trace JSON for every corpus kernel
# that tests/tools/check_chrome_trace.py accepts (required fields, flow pairs, one thread per
# agent); a deadlock's trace carries the bug instant.
set -eu
: "${TLXV:?}" "${CORPUS:?}" "${SRC:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
CHECK="/usr/bin/python3 $SRC/tests/tools/check_chrome_trace.py"
for k in "$CORPUS"/gluon/ws_add.bug*.ttgir; do
  b=$(basename "$k" .ttgir)
  "$TLXV" graph "$k" --arg xnumel=256 --arg ynumel=2048 -o "$T/$b.dot" --trace-out "$T/$b.json" \
    > "$T/$b.out" || fail "$b: exited $?"
  $CHECK --expect-threads 3 "$T/$b.json" > "$T/$b.check" || fail "$b: $(cat "$T/$b.check")"
done
$CHECK --expect-bug "$T/ws_add.bug2.json" > /dev/null || fail "bug2: no bug instant in the trace"
grep -q '"engine: TMA load"' "$T/ws_add.bug0.json" || fail "bug0: no TMA load engine track"
grep -q '"engine: TMA store"' "$T/ws_add.bug0.json" || fail "bug0: no TMA store engine track"
# the validator itself rejects a broken trace (an unpaired flow, a missing field)
printf '{"traceEvents":[{"ph":"s","id":1,"name":"x","ts":1,"pid":1,"tid":1},{"ph":"X","name":"y","ts":0,"pid":1}]}' > "$T/bad.json"
if $CHECK "$T/bad.json" > "$T/bad.check"; then fail "validator accepted a broken trace"; fi
grep -q "unpaired\|start(s)" "$T/bad.check" || fail "validator missed the unpaired flow"
grep -q "missing required field 'tid'" "$T/bad.check" || fail "validator missed the missing tid"
echo "trace_corpus: ok"
