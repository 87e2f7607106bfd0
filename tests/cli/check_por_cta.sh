#!/bin/sh
# check_por_cta.sh: the reduction takes the steps of CTAs that do not interact as independent
# (docs/verifier.md §4, "CTA-scoped effects"): tests/por/cta-independent.ok, a cluster of two CTAs
# that each run their own TMA double buffer, is verified in at most 200 states (1,456 when barrier
# init / inval, the CTA's exit and the implicit cluster sync depended on everything; 25 for one
# CTA; 1,681 without the reduction); its planted race in CTA 1 alone is still found first, at its
# line, as without the reduction. tests/por/cta-long.ok, the same with 18 visible ops between a TMA
# load and its wait (each CTA's 16-op lookahead is cut before its next blocking wait: an unknown
# future), is verified in at most 400 states (158; 4,002 when such a future joined every set, 17,689
# without the reduction: docs/verifier.md §4, "CTA-local futures"); its race in CTA 1 alone is found
# first at its line with and without the reduction, and so is cta-long-gstore.bug's race between the
# CTAs in global memory (a TMA store of the same box of a descriptor argument in both).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh" # T, fail
D="$SRC/tests/por"
"$TLXV" "$D/cta-independent.ok.ttgir" --format json > "$T/ok.json" || fail "cta-independent.ok: not verified"
s=$(jq .stats.states "$T/ok.json")
[ "$s" -le 200 ] || fail "cta-independent.ok: $s states (at most 200: the CTAs' steps are independent)"
q='[.verdict, (.bugs[0] // {} | (.kind // "-") + ":" + ((.loc.line // 0) | tostring))]'
# found BUG WANT: tests/por/BUG.ttgir's first bug is WANT (kind:line), with and without reduction
found() {
  for mode in "" --no-reduction; do
    rc=0
    "$TLXV" "$D/$1.ttgir" $mode --format json > "$T/bug.json" || rc=$?
    [ "$rc" = 1 ] || fail "$1 $mode: exit $rc, not 1"
    [ "$(jq -c "$q" "$T/bug.json")" = "[\"bug\",\"$2\"]" ] ||
      fail "$1 $mode: $(jq -c "$q" "$T/bug.json"), not $2"
  done
}
found cta-independent.bug race:52
"$TLXV" "$D/cta-long.ok.ttgir" --format json > "$T/long.json" || fail "cta-long.ok: not verified"
l=$(jq .stats.states "$T/long.json")
[ "$l" -le 400 ] || fail "cta-long.ok: $l states (at most 400: a CTA's unknown future stays out of the other's sets)"
found cta-long.bug race:60
found cta-long-gstore.bug race:65
echo "check_por_cta: ok ($s, $l states)"
