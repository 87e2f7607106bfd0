#!/bin/sh
# corpus_real.sh: every kernel of tests/corpus/real/ (written by others, compiled by Triton 3.6.0;
# README.md there) gets the verdict of expected.tsv: `ok` exits 0 (or 1 with a first bug of a
# kind the row accepts: `lifecycle` rows), `bug` exits 1 with a first bug of a listed kind.
# Kernels listed in open.tsv (a known wrong verdict with its open issue) are checked by
# corpus_real_open.sh instead, not here. Nothing else may be refused (2) or inconclusive (3).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/corpus_real_lib.sh"
n=0 bad=0
while IFS="$(printf '\t')" read -r file args verdict kinds source; do
  is_open "$file" && continue
  n=$((n + 1))
  if ! real_check "$file" "$args" "$verdict" "$kinds"; then
    echo "FAIL: $file: $WHY" >&2
    bad=$((bad + 1))
  fi
done < "$T/rows"
[ "$n" -ge 50 ] || { echo "FAIL: only $n kernels checked" >&2; exit 1; }
[ "$bad" = 0 ] || { echo "corpus_real: $bad of $n kernels got a wrong verdict" >&2; exit 1; }
echo "corpus_real: ok ($n kernels; $(open_count) open, see corpus_real_open)"
