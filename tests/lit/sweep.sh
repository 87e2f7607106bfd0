#!/bin/sh
# sweep.sh DIR [OUT.tsv]: runs `tlx-verify check` on every complete kernel of the lit tests
# under DIR (the TLX fork's test/, fetched outside the repo: docs/lit-sweep.md says how) and
# writes one TSV row per function (default OUT: lit-sweep.tsv in the current folder):
#   file  function  verdict  ws  message
# file is the path under DIR with '#N' for the N-th '// -----' chunk (split-input-file);
# verdict is one of
#   verified | bug:KIND | refused:OP | inconclusive | error | fragment:WHY
# ws is 'ws' when the function has a ttg.warp_specialize op (not only the loop attribute); message is the first line of the
# report (the first bug, the refusal, the bound hit). A fragment is a function that is not a
# complete kernel, so it is not checked (fragment:no-module: no module with ttg.num-warps,
# a pass input; fragment:invalid: a chunk with expected-error diagnostics) or that check itself
# declines as not a kernel (fragment:memdesc-arg: shared memory passed in, a device function).
# A chunk with several public functions gives one input per function: the others are removed
# (or made private when something in the chunk names them, e.g. a tt.call).
# Prints the counts at the end. Not part of CI (the fork's files are not in the repo): without
# DIR it is skipped (exit 77). Env: TLXV = tlx-verify binary (default: tlx-verify on PATH);
# SWEEP_TIME = --time-limit per function in seconds (default 30); SWEEP_KEEP = a folder where
# each checked input is kept as PATH_N_FUNCTION.mlir (PATH with '/' as '_'), for triage.
set -u
DIR=${1:-}
[ -n "$DIR" ] || { echo "sweep.sh: SKIPPED: no lit test folder given (usage: sweep.sh DIR [OUT.tsv])"; exit 77; }
[ -d "$DIR" ] || { echo "sweep.sh: no such directory: $DIR" >&2; exit 2; }
OUT=${2:-lit-sweep.tsv}
TLXV=${TLXV:-tlx-verify}
TIME=${SWEEP_TIME:-30}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
TAB=$(printf '\t')

# split_funcs CHUNK PREFIX: writes PREFIX.N.mlir for each non-private tt.func of CHUNK (the
# chunk with every other non-private function removed or made private) and PREFIX.list with
# lines "N<TAB>NAME".
split_funcs() {
  awk -v prefix="$2" '
    function is_code(s) { return s !~ /^[ \t]*\/\// }
    { line[NR] = $0 }
    is_code($0) && match($0, /tt\.func[ \t]+((public|private|nested)[ \t]+)?@[A-Za-z0-9_$.-]+/) {
      hdr = substr($0, RSTART, RLENGTH)
      name = hdr; sub(/.*@/, "", name)
      nf++; fstart[nf] = NR; fname[nf] = name; fpriv[nf] = (hdr ~ /(private|nested)[ \t]+@/)
      ind = $0; sub(/[^ \t].*/, "", ind); findent[nf] = ind
    }
    END {
      # the end of each function: the first later line that is its indentation and "}"
      for (f = 1; f <= nf; f++) {
        fend[f] = fstart[f]
        if (line[fstart[f]] !~ /\{[ \t]*$/ && line[fstart[f]] ~ /\)[ \t]*(->[^{]*)?$/ && fpriv[f]) continue
        for (i = fstart[f] + 1; i <= NR; i++)
          if (index(line[i], findent[f] "}") == 1 && substr(line[i], length(findent[f]) + 1, 1) == "}") { fend[f] = i; break }
      }
      n = 0
      for (f = 1; f <= nf; f++) {
        if (fpriv[f]) continue
        n++
        out = prefix "." n ".mlir"
        for (i = 1; i <= NR; i++) {
          keep[i] = 1; hdrfix[i] = 0
        }
        for (g = 1; g <= nf; g++) {
          if (g == f || fpriv[g]) continue
          # named outside its own lines (a call, a symbol use): keep it, made private
          used = 0
          for (i = 1; i <= NR && !used; i++)
            if ((i < fstart[g] || i > fend[g]) && is_code(line[i]) && match(line[i], "@" fname[g] "([^A-Za-z0-9_$.-]|$)")) used = 1
          if (used) hdrfix[fstart[g]] = 1
          else for (i = fstart[g]; i <= fend[g]; i++) keep[i] = 0
        }
        for (i = 1; i <= NR; i++) {
          if (!keep[i]) continue
          s = line[i]
          if (hdrfix[i]) { sub(/tt\.func[ \t]+(public[ \t]+)?@/, "tt.func private @", s) }
          print s > out
        }
        close(out)
        printf "%d\t%s\n", n, fname[f] > (prefix ".list")
      }
      close(prefix ".list")
    }' "$1"
}

# check_one FILE: prints "VERDICT<TAB>MESSAGE" for one single-kernel input
check_one() {
  rc=0
  "$TLXV" check "$1" --time-limit "$TIME" --format json > "$TMP/out.json" 2> "$TMP/err" || rc=$?
  case $rc in
    0) printf 'verified\t\n' ;;
    1) jq -r '"bug:" + (.bugs[0].kind // "?") + "\t" + ((.bugs[0].message // "") | split("\n")[0])' "$TMP/out.json" ;;
    3) printf 'inconclusive\t%s\n' "$(jq -r '.bound // .reason // ""' "$TMP/out.json" 2> /dev/null | head -n 1)" ;;
    2)
      msg=$(grep -m 1 . "$TMP/err" | sed 's/^[^ ]*: error: //')
      case $msg in
        *"is a memory descriptor (!ttg.memdesc)"*) printf 'fragment:memdesc-arg\t%s\n' "$msg" ;;
        *"no kernel function"*) printf 'fragment:no-kernel\t%s\n' "$msg" ;;
        *"unsupported operation '"*)
          printf 'refused:%s\t%s\n' "$(printf '%s' "$msg" | sed "s/.*unsupported operation '\([^']*\)'.*/\1/")" "$msg" ;;
        *"target '"*"is not modelled"*)
          printf 'refused:target-%s\t%s\n' "$(printf '%s' "$msg" | sed "s/.*target '\([^:']*\).*/\1/")" "$msg" ;;
        *"not supported"* | *"not modelled"* | *"unsupported"* | *"is not handled"* | *"cannot be checked"* | \
        *"is an AMD op"* | *"high-level cluster launch control"* | *"does not reproduce"* | \
        *"refuses what that pass does not lower"*)
          # the op named first: dialect.op (unstructured control flow names it in parentheses)
          op=$(printf '%s' "$msg" | grep -o '[a-z_][a-z_0-9]*\.[a-z_][a-z_0-9.]*' | grep -v '^ttg\.\(num\|cluster\|target\)\|\.mlir\|\.py' | head -n 1)
          printf 'refused:%s\t%s\n' "${op:-other}" "$msg" ;;
        *) printf 'error\t%s\n' "$msg" ;;
      esac ;;
    *) printf 'error\texit %s: %s\n' "$rc" "$(grep -m 1 . "$TMP/err")" ;;
  esac
}

: > "$OUT"
for f in $(cd "$DIR" && find . -name '*.mlir' | sed 's|^\./||' | sort); do
  rm -f "$TMP"/c.*
  awk -v out="$TMP/c" 'BEGIN { n = 0; fn = out "." n } /^\/\/ -----/ { n++; fn = out "." n; next } { print > fn }' "$DIR/$f"
  for c in $(ls "$TMP"/c.* 2> /dev/null | sort -t. -k2 -n); do
    k=${c##*.}
    grep -q 'tt\.func' "$c" || continue
    rm -f "$TMP"/k.*
    split_funcs "$c" "$TMP/k"
    [ -f "$TMP/k.list" ] || continue
    while IFS="$TAB" read -r n name; do
      kf="$TMP/k.$n.mlir"
      ws=-
      grep -q 'ttg\.warp_specialize(' "$kf" && ws=ws
      if grep -q 'expected-error' "$c"; then
        res="fragment:invalid${TAB}the chunk tests a diagnostic (expected-error)"
      elif ! grep -q 'ttg\.num-warps' "$kf"; then
        res="fragment:no-module${TAB}no module with ttg.num-warps (a pass input)"
      else
        res=$(check_one "$kf")
        [ -n "${SWEEP_KEEP:-}" ] && mkdir -p "$SWEEP_KEEP" && cp "$kf" "$SWEEP_KEEP/$(printf '%s' "${f%.mlir}" | tr '/' '_')_${k}_$name.mlir"
      fi
      printf '%s#%s\t%s\t%s\t%s\t%s\n' "$f" "$k" "$name" "${res%%"$TAB"*}" "$ws" "$(printf '%s' "${res#*"$TAB"}" | cut -c1-300)" >> "$OUT"
    done < "$TMP/k.list"
  done
done

total=$(grep -c . "$OUT")
count() { cut -f3 "$OUT" | grep -c "$1" || true; }
echo "functions: $total  fragments: $(count '^fragment')"
echo "checked: verified $(count '^verified$')  bug $(count '^bug:')  refused $(count '^refused:')  inconclusive $(count '^inconclusive$')  error $(count '^error$')"
echo "warp-specialized checked: $(awk -F"$TAB" '$4 == "ws" && $3 !~ /^fragment/' "$OUT" | wc -l)" \
  "verified $(awk -F"$TAB" '$4 == "ws" && $3 == "verified"' "$OUT" | wc -l)" \
  "bug $(awk -F"$TAB" '$4 == "ws" && $3 ~ /^bug:/' "$OUT" | wc -l)" \
  "refused $(awk -F"$TAB" '$4 == "ws" && $3 ~ /^refused:/' "$OUT" | wc -l)"
echo "refusals by op:"
cut -f3 "$OUT" | grep '^refused:' | sort | uniq -c | sort -rn
exit 0
