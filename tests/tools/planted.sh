# planted.sh: sourced by tests/cli/check_real_planted.sh and check_amd_planted.sh (after
# input_error.sh: T, fail). check_planted D R COL: the planted-bug variants of D (README.md there)
# against their source kernels in R. D/make_variants.py regenerates exactly the committed files
# (every edit matched its source once); each source kernel (unchanged) still verifies with the
# arguments in column COL of R/expected.tsv ("-" or empty: none); each variant of D/expected.tsv
# (file, source, verdict, kind, line) gets its verdict, first bug kind and first bug line; each
# known miss of D/missed.tsv, if there is one, still verifies, so that a fix that starts finding
# it has to move it to expected.tsv. Sets n (variants checked) and m (known misses).
tab=$(printf '\t')
check_planted() {
  D=$1 R=$2 COL=$3
  python3 "$D/make_variants.py" "$T" > "$T/made" || fail "$D/make_variants.py failed"
  while read -r f; do
    cmp -s "$T/$f" "$D/$f" || fail "$f differs from what make_variants.py generates"
  done < "$T/made"
  n=0 m=0 srcs=
  tail -n +2 "$D/expected.tsv" > "$T/rows"
  while IFS="$tab" read -r file source verdict kind line; do
    [ -n "$file" ] || continue
    planted_run "$file" "$source"
    got=$(jq -r '[.verdict, (.bugs[0].kind // "-"), (.bugs[0].loc.line // "-" | tostring)] | join(" ")' "$T/o.json")
    [ "$got" = "$verdict $kind $line" ] || fail "$file: got $got, expected $verdict $kind $line"
    [ "$verdict" != bug ] || [ "$rc" = 1 ] || fail "$file: exit $rc, expected 1"
    srcs="$srcs $source"
    n=$((n + 1))
  done < "$T/rows"
  if [ -f "$D/missed.tsv" ]; then
    tail -n +2 "$D/missed.tsv" > "$T/miss"
    while IFS="$tab" read -r file source should rest; do
      [ -n "$file" ] || continue
      planted_run "$file" "$source"
      got=$(jq -r '[.verdict, (.bugs[0].kind // "-")] | join(" ")' "$T/o.json")
      if [ "$rc" != 0 ] || [ "$got" != "verified -" ]; then
        fail "$file (a known miss, should be $should): now exit $rc, $got: move it to expected.tsv"
      fi
      srcs="$srcs $source"
      m=$((m + 1))
    done < "$T/miss"
  fi
  # every source kernel the corpus table says is ok, unchanged, still verifies (a source with
  # a bug of its own, e.g. Triton 3.6.0's missing cp.async fence, is checked by the corpus test)
  for s in $(echo "$srcs" | tr ' ' '\n' | sort -u); do
    awk -F"$tab" -v f="$s" '$1 == f && $3 == "bug" { b = 1 } END { exit !b }' "$R/expected.tsv" && continue
    a=$(args_of "$s")
    rc=0
    # shellcheck disable=SC2086
    "$TLXV" check "$R/$s" $a -q > "$T/s.out" 2>&1 || rc=$?
    [ "$rc" = 0 ] || fail "source kernel $s: exit $rc: $(head -3 "$T/s.out")"
  done
}
# the arguments of a source kernel, from column COL of the corpus table
args_of() {
  a=$(awk -F"$tab" -v f="$1" -v c="$COL" '$1 == f { print "row", $c }' "$R/expected.tsv")
  [ -n "$a" ] || fail "$1 is not in $R/expected.tsv"
  a=${a#row}
  a=${a# }
  [ "$a" = - ] && a=
  echo "$a"
}
# checks variant $1 of source $2: its JSON report in $T/o.json, its exit status in rc
planted_run() {
  grep -qx "$1" "$T/made" || fail "$1 is not made by make_variants.py"
  a=$(args_of "$2")
  rc=0
  # shellcheck disable=SC2086
  "$TLXV" check "$D/$1" $a --format json > "$T/o.json" 2> "$T/err" || rc=$?
  [ ! -s "$T/err" ] || fail "$1: stderr: $(cat "$T/err")"
}
