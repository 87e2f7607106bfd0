#!/bin/sh
# precommit.sh: scripts/pre-commit-tlx-verify.sh (the entry of .pre-commit-hooks.yaml) passes the
# options before the files (--arg NAME=V, valueless flags, `--`) to every `tlx-verify check` and
# exits with the worst status, 1 over 2 over 3 over 0, whatever the order of the files; a
# missing binary is a clear error (exit 2).
set -eu
: "${TLXV:?}" "${CORPUS:?}" "${SRC:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
HOOK="$SRC/scripts/pre-commit-tlx-verify.sh"
BUG0="$CORPUS/gluon/ws_add.bug0.ttgir"
BUG1="$CORPUS/gluon/ws_add.bug1.ttgir"
NOREL="$SRC/examples/trip_count/ws_add_norelease.ttgir"
BAD="$SRC/tests/cli/malformed/bad_type.ttgir"
export TLXV

# hook EXPECTED_RC ARGS...: runs the hook, stdout + stderr in $T/out
hook() {
  want=$1
  shift
  rc=0
  sh "$HOOK" "$@" > "$T/out" 2>&1 || rc=$?
  [ "$rc" = "$want" ] || fail "hook $*: exit $rc, want $want: $(cat "$T/out")"
}

# the hook definition points at this script, which is executable
grep -q '^- id: tlx-verify$' "$SRC/.pre-commit-hooks.yaml" || fail ".pre-commit-hooks.yaml: no hook id tlx-verify"
grep -q '^  entry: scripts/pre-commit-tlx-verify.sh$' "$SRC/.pre-commit-hooks.yaml" || fail ".pre-commit-hooks.yaml: entry"
[ -x "$HOOK" ] || fail "$HOOK is not executable"

# 1. every file is checked; a bug anywhere gives 1
hook 0 --arg xnumel=256 --arg ynumel=2048 "$BUG0"
grep -q "ws_add.bug0.ttgir: verified" "$T/out" || fail "bug0 not reported verified: $(cat "$T/out")"
hook 1 --arg xnumel=256 --arg ynumel=2048 "$BUG0" "$BUG1"
grep -q "ws_add.bug0.ttgir: verified" "$T/out" || fail "bug0 not checked: $(cat "$T/out")"
grep -q "ws_add.bug1.ttgir: bug" "$T/out" || fail "bug1 not reported: $(cat "$T/out")"
grep -q "kernels.py:[0-9]*:[0-9]*: error: deadlock" "$T/out" || fail "bug1: no diagnostic: $(cat "$T/out")"

# 2. --arg reaches the check: norelease has a bug at the default arguments, none at ynumel=64
hook 1 "$NOREL"
hook 0 --arg ynumel=64 "$NOREL"
# a wrong name is the check's input error, so the option was passed (here after `--`)
hook 2 --arg nosuch=1 -- "$BUG0"
grep -q -- "--arg nosuch" "$T/out" || fail "--arg nosuch=1 did not reach the check: $(cat "$T/out")"
# valueless flags before the files: -q (no summary line), --symbolic (finds ynumel=144)
hook 0 -q --arg ynumel=64 "$NOREL"
[ ! -s "$T/out" ] || fail "-q was not passed: $(cat "$T/out")"
hook 1 --symbolic --arg ynumel=64 "$NOREL"
grep -q "ynumel=144" "$T/out" || fail "--symbolic was not passed: $(cat "$T/out")"

# 3. worst status, in both orders: 1 over 2, 2 over 3, 3 over 0
hook 1 -q "$BUG1" "$BAD"
hook 1 -q "$BAD" "$BUG1"
hook 2 -q --max-states 5 "$BAD" "$BUG0"
hook 2 -q --max-states 5 "$BUG0" "$BAD"
# a kernel without synchronization is verified within 5 states; ws_add is not (inconclusive)
printf 'module attributes {"ttg.num-warps" = 4 : i32} {\n  tt.func public @k() {\n    tt.return\n  }\n}\n' > "$T/tiny.ttgir"
hook 0 --max-states 5 "$T/tiny.ttgir"
hook 3 -q --max-states 5 "$T/tiny.ttgir" "$BUG0"
hook 3 -q --max-states 5 "$BUG0" "$T/tiny.ttgir"

# 4. errors of the hook itself
hook 2 --arg
grep -q "option --arg needs a value" "$T/out" || fail "--arg without value: $(cat "$T/out")"
# last: whether an assignment before a function call persists differs between shells
TLXV=/nonexistent/tlx-verify hook 2 "$BUG0"
grep -q "cannot run '/nonexistent/tlx-verify'" "$T/out" || fail "missing binary: $(cat "$T/out")"
echo "precommit: ok"
