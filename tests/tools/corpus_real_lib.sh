# corpus_real_lib.sh: sourced by tests/cli/corpus_real*.sh and corpus_lit.sh. Sets R (CORPUS_DIR
# when set, else tests/corpus/real), T (a
# temporary folder, removed at exit; $T/rows holds expected.tsv without its header), and:
#   is_open FILE     true when FILE has a row in open.tsv (known wrong verdict, open issue)
#   open_count       the number of such rows
#   real_check FILE ARGS VERDICT KINDS
#                    runs the check; true when the exit code and the first error's kind match
#                    the expected row (warnings, docs/diagnostics.md "Severity", are not bugs:
#                    an `ok` kernel may have them); `refused` expects exit 2 with the first
#                    error at the source position KINDS names (e.g. `_p_matmul.py:215`: a
#                    construct the model does not compute, refused at the op); otherwise false
#                    with the reason in WHY
R="${CORPUS_DIR:-$SRC/tests/corpus/real}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
tail -n +2 "$R/expected.tsv" > "$T/rows"
touch "$T/open"
[ -f "$R/open.tsv" ] && grep -v '^#' "$R/open.tsv" | cut -f1 > "$T/open"
is_open() { grep -qx -- "$1" "$T/open"; }
open_count() { grep -c . "$T/open" || true; }
real_check() {
  f=$1 args=$2 verdict=$3 kinds=$4
  [ "$args" = "-" ] && args=""
  rc=0
  # shellcheck disable=SC2086 # ARGS is a list of options
  "$TLXV" "$R/$f" $args --format json > "$T/out.json" 2> "$T/err" || rc=$?
  kind=$(jq -r '[.bugs[] | select(.severity != "warning")][0].kind // "-"' "$T/out.json" 2> /dev/null || echo "?")
  case "$verdict:$rc" in
    ok:0) [ "$kind" = "-" ] && return 0 ;;
    ok:1) echo ",$kinds," | grep -q ",$kind," && return 0 ;;
    bug:1) echo ",$kinds," | grep -q ",$kind," && return 0 ;;
    refused:2) head -n 1 "$T/err" | grep -q "^$kinds:[0-9]*: error: " && return 0 ;;
  esac
  WHY="exit $rc, first kind $kind; expected $verdict ($kinds)$( [ -s "$T/err" ] && printf ': %s' "$(head -c 300 "$T/err")")"
  return 1
}
