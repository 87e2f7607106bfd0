# expected_kernels.sh: sourced by tests/cli/check_checkers.sh and check_clc.sh. Sets T (a
# temporary folder, removed at exit), fail and input_error (from input_error.sh), and
# check_expected DIR SRC [TSV]: checks every kernel of DIR/TSV (default expected.tsv; columns
# file, verdict, kind, line, optional args split into words; SRC "=": the kernels' own files, no
# locations): a "verified" kernel exits 0 with no bug, or (kind not "-") with warnings only, the
# first of that kind at SRC:line (docs/diagnostics.md "Severity"); a "bug" kernel exits 1 and its
# first bug (JSON and text output) is an error of the kind at SRC:line; a "refused" kernel (one
# whose construct the model does not compute) exits 2 with `SRC:line:col: error:` first on stderr
# and nothing on stdout. Sets n to the number of kernels checked.
. "$SRC/tests/tools/input_error.sh"
check_expected() {
  dir=$1
  src=$2
  n=0
  tail -n +2 "$dir/${3:-expected.tsv}" > "$T/list"
  while IFS="$(printf '\t')" read -r file verdict kind line args; do
    [ -n "$file" ] || continue
    rc=0
    want_src=$src
    [ "$src" != "=" ] || want_src="$dir/$file" # "=": kernels without locations, the IR file's lines
    if [ "$verdict" = refused ]; then
      # shellcheck disable=SC2086
      "$TLXV" "$dir/$file" $args > "$T/o.txt" 2> "$T/err" || rc=$?
      [ "$rc" = 2 ] || fail "$file: exit $rc, expected 2 (refused)"
      [ ! -s "$T/o.txt" ] || fail "$file: refused with output: $(cat "$T/o.txt")"
      w=$want_src
      [ "$w" != - ] || w='[^:]*' # "-": the kernels' own source files, any name
      head -1 "$T/err" | grep -q "^$w:$line:[0-9]*: error: " ||
        fail "$file: refusal not at $want_src:$line: $(head -1 "$T/err")"
      n=$((n + 1))
      continue
    fi
    # shellcheck disable=SC2086
    "$TLXV" "$dir/$file" $args --format json > "$T/o.json" 2> "$T/err" || rc=$?
    [ ! -s "$T/err" ] || fail "$file: stderr: $(cat "$T/err")"
    got=$(jq -r .verdict "$T/o.json")
    [ "$got" = "$verdict" ] || fail "$file: verdict $got, expected $verdict"
    sev=error
    if [ "$verdict" = verified ]; then
      [ "$rc" = 0 ] || fail "$file: exit $rc"
      if [ "$kind" = - ]; then
        [ "$(jq '.bugs | length' "$T/o.json")" = 0 ] || fail "$file: verified with reports"
      else
        sev=warning
        [ "$(jq '[.bugs[] | select(.severity != "warning")] | length' "$T/o.json")" = 0 ] ||
          fail "$file: verified with an error"
      fi
    else
      [ "$rc" = 1 ] || fail "$file: exit $rc"
    fi
    if [ "$kind" != - ]; then
      [ "$(jq -r '.bugs[0].severity' "$T/o.json")" = "$sev" ] || fail "$file: first report is not a $sev"
      k=$(jq -r '.bugs[0].kind' "$T/o.json")
      l=$(jq -r '.bugs[0].loc.line' "$T/o.json")
      f=$(jq -r '.bugs[0].loc.file' "$T/o.json")
      [ "$k" = "$kind" ] || fail "$file: first bug is $k, expected $kind"
      [ "$l" = "$line" ] && [ "$f" = "$want_src" ] || fail "$file: first bug at $f:$l, expected $want_src:$line"
      # the text form names the same place, compiler style
      # shellcheck disable=SC2086
      "$TLXV" "$dir/$file" $args -q > "$T/o.txt" 2>/dev/null || true
      head -1 "$T/o.txt" | grep -q "^$want_src:$line:[0-9]*: $sev: $kind: " ||
        fail "$file: text output does not start with $want_src:$line: $sev: $kind"
    fi
    n=$((n + 1))
  done < "$T/list"
}
