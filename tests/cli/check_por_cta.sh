#!/bin/sh
# check_por_cta.sh: the reduction takes the steps of CTAs that do not interact as independent
# (docs/verifier.md §4, "CTA-scoped effects"): tests/por/cta-independent.ok, a cluster of two CTAs
# that each run their own TMA double buffer, is verified in at most 200 states (1,456 when barrier
# init / inval, the CTA's exit and the implicit cluster sync depended on everything; 25 for one
# CTA; 1,681 without the reduction); its planted race in CTA 1 alone is still found first, at its
# line, as without the reduction.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
D="$SRC/tests/por"
"$TLXV" "$D/cta-independent.ok.ttgir" --format json > "$T/ok.json" || fail "cta-independent.ok: not verified"
s=$(jq .stats.states "$T/ok.json")
[ "$s" -le 200 ] || fail "cta-independent.ok: $s states (at most 200: the CTAs' steps are independent)"
q='[.verdict, (.bugs[0] // {} | (.kind // "-") + ":" + ((.loc.line // 0) | tostring))]'
for mode in "" --no-reduction; do
  rc=0
  "$TLXV" "$D/cta-independent.bug.ttgir" $mode --format json > "$T/bug.json" || rc=$?
  [ "$rc" = 1 ] || fail "cta-independent.bug $mode: exit $rc, not 1"
  [ "$(jq -c "$q" "$T/bug.json")" = '["bug","race:52"]' ] ||
    fail "cta-independent.bug $mode: $(jq -c "$q" "$T/bug.json"), not the race at por.py:52"
done
echo "check_por_cta: ok ($s states)"
