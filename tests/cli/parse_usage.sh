#!/bin/sh
# parse_usage.sh: command-line errors of `tlx-verify parse` exit 2 with one line on stderr;
# --split-input-file keeps the line numbers of the whole file; --help works.
set -u
: "${TLXV:?set TLXV to the tlx-verify binary}" "${SRC:?set SRC to the repository root}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
expect() { # expect WANT_RC WANT_STDERR_REGEX ARGS...
  want_rc=$1 want=$2
  shift 2
  "$TLXV" parse "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  if [ "$rc" -ne "$want_rc" ] || ! grep -q -- "$want" "$TMP/err" || [ "$(wc -l <"$TMP/err")" -gt 1 ]; then
    echo "FAIL parse $*: exit $rc, stderr: $(cat "$TMP/err")"; fail=1
  fi
}
expect 2 "needs a FILE" 
expect 2 "unknown option '--bogus'" --bogus x.ttgir
expect 2 "takes one FILE" a.ttgir b.ttgir
expect 2 "^$TMP/missing.ttgir:1:1: error: cannot open the input: No such file or directory$" "$TMP/missing.ttgir"
"$TLXV" parse --help | grep -q -- "--split-input-file" || { echo "FAIL: --help"; fail=1; }
# split input: chunks print separated by // -----; blank chunks are skipped
printf '// RUN: x\nmodule {\n}\n// -----\n// only comments\n// -----\nmodule attributes {a = 1 : i32} {\n}\n' >"$TMP/s.mlir"
"$TLXV" parse --split-input-file "$TMP/s.mlir" >"$TMP/out" || { echo "FAIL: split parse"; fail=1; }
printf 'module {\n}\n// -----\nmodule attributes {a = 1 : i32} {\n}\n' | cmp -s - "$TMP/out" ||
  { echo "FAIL: split output:"; cat "$TMP/out"; fail=1; }
printf 'module {\n}\n// -----\n\nmodule {\n  x.y\n}\n' >"$TMP/e.mlir"
expect 2 "e.mlir:6:3: error: unsupported operation 'x.y'" --split-input-file "$TMP/e.mlir"
[ "$fail" -eq 0 ] && echo "parse_usage: ok"
exit "$fail"
