#!/bin/sh
# corpus_lit.sh: the complete warp-specialized kernels of the TLX fork's lit tests whose bug
# reports were triaged (tests/corpus/lit/, provenance in each file's first lines; the triage
# and each verdict's reason: docs/lit-sweep.md). Every kernel gets the verdict and first bug
# kind of expected.tsv (`bug` exits 1 with a first bug of a listed kind, `ok` exits 0); nothing
# may be refused (2) or inconclusive (3). A changed verdict means the triage must be redone.
set -eu
: "${TLXV:?}" "${SRC:?}"
CORPUS_DIR="$SRC/tests/corpus/lit"
. "$SRC/tests/tools/corpus_real_lib.sh"
n=0 bad=0
while IFS="$(printf '\t')" read -r file args verdict kinds source; do
  n=$((n + 1))
  if ! real_check "$file" "$args" "$verdict" "$kinds"; then
    echo "FAIL: $file: $WHY" >&2
    bad=$((bad + 1))
  fi
done < "$T/rows"
[ "$n" -ge 15 ] || { echo "FAIL: only $n kernels checked" >&2; exit 1; }
[ "$bad" = 0 ] || { echo "corpus_lit: $bad of $n kernels got a wrong verdict" >&2; exit 1; }
echo "corpus_lit: ok ($n kernels)"
