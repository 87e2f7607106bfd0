#!/bin/sh
# symbolic_json.sh: `check --symbolic --format json|sarif` carries the symbolic layer's result:
# a "symbolic" object (verdict, constraints, one entry per condition with result, loc,
# counterexample, confirmed) next to the unchanged keys of design.md "Outputs", and in SARIF one
# rule per condition and one result per counterexample. ws_add.bug0: all seven proved, exit 0;
# examples/trip_count/ws_add_norelease.ttgir at ynumel=64 (the explicit check passes there):
# arrival-balance violated at kernels.py:33 with ynumel=144, confirmed by the explorer, exit 1;
# tests/symbolic/fused-loaded.bug: a counterexample whose loaded memory the model chose.
set -eu
: "${TLXV:?}" "${CORPUS:?}" "${SRC:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
PY=/usr/bin/python3
BUG0="$CORPUS/gluon/ws_add.bug0.ttgir"
NOREL="$SRC/examples/trip_count/ws_add_norelease.ttgir"

# run EXPECTED_RC OUT ARGS...: tlx-verify with exit code EXPECTED_RC, stdout in OUT, no stderr
run() {
  want=$1 out=$2
  shift 2
  rc=0
  "$TLXV" "$@" > "$out" 2> "$T/err" || rc=$?
  [ "$rc" = "$want" ] || fail "tlx-verify $*: exit $rc, want $want: $(cat "$T/err")"
  [ ! -s "$T/err" ] || fail "tlx-verify $*: printed on stderr: $(cat "$T/err")"
}

# 1. bug0: all proved; the explicit report's keys are as without --symbolic
run 0 "$T/bug0.json" check "$BUG0" --symbolic --format json
run 0 "$T/bug0.plain.json" check "$BUG0" --format json
"$PY" - "$T/bug0.json" "$T/bug0.plain.json" <<'EOF' || fail "bug0 JSON"
import json, sys
d, plain = (json.load(open(f)) for f in sys.argv[1:3])
assert "symbolic" not in plain, "a symbolic object without --symbolic"
assert list(d) == list(plain) + ["symbolic"], (list(d), list(plain))
for k in ("file", "verdict", "bugs", "covered"):
    assert d[k] == plain[k], (k, d[k], plain[k])
assert d["verdict"] == "verified" and d["bugs"] == []
for k in ("states", "transitions", "seconds"):
    assert k in d["stats"], k
s = d["symbolic"]
assert s["verdict"] == "proved", s["verdict"]
assert "ynumel" in s["constraints"], s["constraints"]
names = [c["name"] for c in s["conditions"]]
assert names == ["phase-agreement", "arrival-balance", "byte-balance", "bounds",
                 "back-pressure", "proxy-fence", "progress"], names
for c in s["conditions"]:
    assert c["result"] == "proved", c
    assert c["instances"] >= 1, c
    assert c["loc"] is None and c["counterexample"] is None and c["confirmed"] is None, c
    assert "violations" not in c, c
EOF

# 2. norelease at ynumel=64: no explicit bug, arrival-balance violated and confirmed at 144
run 1 "$T/norel.json" check "$NOREL" --arg ynumel=64 --symbolic --format json
"$PY" - "$T/norel.json" <<'EOF' || fail "norelease JSON: $(cat "$T/norel.json")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["bugs"] == [], "the explicit check should pass at ynumel=64"
assert d["verdict"] == "bug", "verdict %s does not follow the exit code 1" % d["verdict"]
s = d["symbolic"]
assert s["verdict"] == "violated", s["verdict"]
by = {c["name"]: c for c in s["conditions"]}
ab = by["arrival-balance"]
assert ab["result"] == "violated", ab
assert ab["counterexample"] == {"ynumel": 144}, ab["counterexample"]
assert ab["confirmed"] is True, ab
assert ab["trip_count"] == 3, ab
assert (ab["loc"]["file"], ab["loc"]["line"]) == ("kernels.py", 33), ab["loc"]
assert "le" in ab["message"], ab["message"]
assert ab["violations"][0]["counterexample"] == ab["counterexample"], ab["violations"]
for n in ("phase-agreement", "byte-balance", "bounds", "back-pressure", "proxy-fence", "progress"):
    assert by[n]["result"] == "proved", by[n]
EOF

# 3. SARIF: rules named after the conditions, the counterexample as an error result
run 1 "$T/norel.sarif" check "$NOREL" --arg ynumel=64 --symbolic --format sarif
run 0 "$T/bug0.sarif" check "$BUG0" --symbolic --format sarif
"$PY" - "$T/norel.sarif" "$T/bug0.sarif" <<'EOF' || fail "SARIF: $(cat "$T/norel.sarif")"
import json, sys
conds = {"phase-agreement", "arrival-balance", "byte-balance", "bounds", "back-pressure",
         "proxy-fence", "progress"}
d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0"
run = d["runs"][0]
ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
assert conds <= ids, ids
res = [r for r in run["results"] if r["ruleId"] in conds]
assert len(res) == 1 and res[0]["ruleId"] == "arrival-balance", res
r = res[0]
assert r["level"] == "error" and r["kind"] == "fail", r
assert r["properties"]["counterexample"] == {"ynumel": 144} and r["properties"]["confirmed"] is True
loc = r["locations"][0]["physicalLocation"]
assert loc["artifactLocation"]["uri"] == "kernels.py" and loc["region"]["startLine"] == 33, loc
assert "ynumel=144" in r["message"]["text"] and "confirmed" in r["message"]["text"], r["message"]
p = run["properties"]
assert p["verdict"] == "bug" and p["symbolic"]["verdict"] == "violated", p
assert p["symbolic"]["conditions"]["arrival-balance"] == "violated", p
b = json.load(open(sys.argv[2]))["runs"][0]
assert not b["results"], b["results"]
assert b["properties"]["symbolic"]["verdict"] == "proved", b["properties"]
assert set(b["properties"]["symbolic"]["conditions"].values()) == {"proved"}
EOF

# 5. a counterexample over loaded memory: its contents as "loaded_inputs" (symbolic.md
# "Confirmation"), in SARIF's text too; null where the model chose none (norelease)
LOADED="$SRC/tests/symbolic/fused-loaded.bug.ttgir"
run 1 "$T/loaded.json" check "$LOADED" --arg kk=2 --symbolic --format json
run 1 "$T/loaded.sarif" check "$LOADED" --arg kk=2 --symbolic --format sarif
"$PY" - "$T/loaded.json" "$T/loaded.sarif" "$T/norel.json" <<'EOF' || fail "loaded inputs: $(cat "$T/loaded.json")"
import json, sys
d = json.load(open(sys.argv[1]))
pa = {c["name"]: c for c in d["symbolic"]["conditions"]}["phase-agreement"]
assert pa["result"] == "violated" and pa["confirmed"] is True, pa
assert pa["loaded_inputs"] == {"a": 1, "b": 0}, pa["loaded_inputs"]
res = [r for r in json.load(open(sys.argv[2]))["runs"][0]["results"]
       if r["ruleId"] == "phase-agreement"]
assert res and "loaded inputs=1+0*index" in res[0]["message"]["text"], res
n = json.load(open(sys.argv[3]))
ab = {c["name"]: c for c in n["symbolic"]["conditions"]}["arrival-balance"]
assert ab["loaded_inputs"] is None, ab
EOF

# 4. text output still carries the section (and JSON output does not print it)
run 1 "$T/norel.txt" check "$NOREL" --arg ynumel=64 --symbolic
grep -q "^  arrival-balance  violated" "$T/norel.txt" || fail "text: no symbolic section: $(cat "$T/norel.txt")"
grep -q "^symbolic:" "$T/norel.json" && fail "JSON output carries the text section"
echo "symbolic_json: ok"
