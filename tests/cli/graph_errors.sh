#!/bin/sh
# graph_errors.sh: input errors of `tlx-verify graph` are clear, say what to pass, exit 2,
# and print nothing on stdout.
set -eu
: "${TLXV:?}" "${CORPUS:?}" "${SRC:?}"
K="$CORPUS/gluon/ws_add.bug0.ttgir"
. "$SRC/tests/tools/input_error.sh"
expect2() { # "what it must say" args...
  input_error graph "$@"
  grep -q "error:" "$T/err" || fail "no 'error:' for: $*"
}
expect2 "missing -o" "$K" --arg xnumel=256 --arg ynumel=2048
expect2 "missing FILE" -o "$T/x.svg"
expect2 "name the output .svg, .png or .dot" "$K" -o "$T/x.jpg"
expect2 "unknown option '--frobnicate'" "$K" -o "$T/x.svg" --frobnicate
expect2 "pass --arg ynumel=INT" "$K" -o "$T/x.svg" --arg xnumel=256
expect2 "kernels.py:95" "$K" -o "$T/x.svg" --arg xnumel=256
expect2 "has no argument of that name" "$K" -o "$T/x.svg" --arg xnumel=256 --arg ynumel=2048 --arg nope=1
expect2 "expects NAME=INT" "$K" -o "$T/x.svg" --arg ynumel=lots
expect2 "--iterations expects an integer from 1 to 100000" "$K" -o "$T/x.svg" --iterations 0
expect2 "cannot write" "$K" -o "$T/no/such/dir/x.svg" --arg xnumel=256 --arg ynumel=2048
expect2 "cannot write" --protocol "$K" -o "$T/no/such/dir/x.svg"
printf 'module {\n  tt.func @k() {\n    tt.bogus_op\n' > "$T/bad.ttgir"
expect2 "bad.ttgir:" "$T/bad.ttgir" -o "$T/x.svg"
[ ! -e "$T/x.svg" ] || fail "an output was written despite errors"
echo "graph_errors: ok"
