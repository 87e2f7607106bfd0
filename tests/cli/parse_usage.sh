#!/bin/sh
# parse_usage.sh: command-line errors of `tlx-verify parse` exit 2 with one line on stderr;
# --split-input-file keeps the line numbers of the whole file; --help works.
set -u
: "${TLXV:?set TLXV to the tlx-verify binary}" "${SRC:?set SRC to the repository root}"
. "$SRC/tests/tools/input_error.sh" # T, fail, input_error
bad=0
expect() { # expect WANT_STDERR_REGEX ARGS...: exit 2, that one line on stderr, empty stdout
  input_error parse "$@"
  [ "$(wc -l <"$T/err")" -le 1 ] || fail "parse $*: more than one line: $(cat "$T/err")"
}
expect "needs a FILE"
expect "unknown option '--bogus'" --bogus x.ttgir
expect "takes one FILE" a.ttgir b.ttgir
expect "^$T/missing.ttgir:1:1: error: cannot open the input: No such file or directory$" "$T/missing.ttgir"
"$TLXV" parse --help | grep -q -- "--split-input-file" || { echo "FAIL: --help"; bad=1; }
# split input: chunks print separated by // -----; blank chunks are skipped
printf '// RUN: x\nmodule {\n}\n// -----\n// only comments\n// -----\nmodule attributes {a = 1 : i32} {\n}\n' >"$T/s.mlir"
"$TLXV" parse --split-input-file "$T/s.mlir" >"$T/out" || { echo "FAIL: split parse"; bad=1; }
printf 'module {\n}\n// -----\nmodule attributes {a = 1 : i32} {\n}\n' | cmp -s - "$T/out" ||
  { echo "FAIL: split output:"; cat "$T/out"; bad=1; }
printf 'module {\n}\n// -----\n\nmodule {\n  x.y\n}\n' >"$T/e.mlir"
expect "e.mlir:6:3: error: unsupported operation 'x.y'" --split-input-file "$T/e.mlir"
[ "$bad" -eq 0 ] && echo "parse_usage: ok"
exit "$bad"
