#!/bin/sh
# corpus_real_open.sh: the kernels of tests/corpus/real/open.tsv, whose verdict is known to be
# wrong today (each row names the issue that tracks it). Reported to ctest as skipped (exit 77)
# with the list; a listed kernel that now gets its expected verdict fails the test, so that
# open.tsv never hides a fixed kernel (remove its row).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/corpus_real_lib.sh"
[ "$(open_count)" != 0 ] || { echo "corpus_real_open: ok (no open kernels)"; exit 0; }
fixed=0
while IFS="$(printf '\t')" read -r file args verdict kinds source; do
  is_open "$file" || continue
  if real_check "$file" "$args" "$verdict" "$kinds"; then
    echo "FAIL: $file is listed in open.tsv but now gets its expected verdict: remove the row" >&2
    fixed=$((fixed + 1))
  else
    echo "open: $file: $WHY ($(grep "^$file	" "$R/open.tsv" | cut -f2))"
  fi
done < "$T/rows"
[ "$fixed" = 0 ] || exit 1
echo "corpus_real_open: SKIPPED: $(open_count) kernel(s) with a known wrong verdict (tests/corpus/real/open.tsv)"
exit 77
