# input_error.sh: sourced by the tests/cli/*.sh that check input errors (and by
# tests/tools/expected_kernels.sh). Sets T (a temporary folder, removed at exit), fail, and
# input_error SUBCMD WANT ARGS...: `tlx-verify SUBCMD ARGS...` must exit 2 with WANT in its
# stderr and print nothing on stdout (its stderr stays in $T/err);
# run WANT_RC ARGS...: `tlx-verify ARGS...` must exit WANT_RC (stdout and stderr in $T/o.txt).
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
input_error() {
  sub=$1
  want=$2
  shift 2
  rc=0
  "$TLXV" "$sub" "$@" > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = 2 ] || fail "exit $rc (want 2) for: $*: $(cat "$T/err")"
  grep -q -- "$want" "$T/err" || fail "message lacks '$want' for: $*: $(cat "$T/err")"
  [ ! -s "$T/out" ] || fail "printed on stdout for: $*"
}
run() { # run WANT_RC ARGS...: output in $T/o.txt
  want=$1
  shift
  rc=0
  "$TLXV" "$@" > "$T/o.txt" 2>&1 || rc=$?
  [ $rc = "$want" ] || fail "exit $rc (want $want): $*: $(head -3 "$T/o.txt")"
}
