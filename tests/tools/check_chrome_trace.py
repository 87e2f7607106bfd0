#!/usr/bin/python3
"""Validates a Chrome trace event JSON file (the format Perfetto and chrome://tracing open).

Checks: the top level is an object with a "traceEvents" array (or a bare array); every event
has ph, name, pid, tid and (except metadata) a numeric ts; complete events ("X") have a
non-negative dur; flow events come in matching pairs: every id has exactly one "s" and one
"f", the "f" not earlier than the "s"; instants ("i") have a scope s in g/p/t; metadata
("M") names threads and processes. With --expect-threads N, at least N thread_name records;
with --expect-bug, an instant of category "bug". Exit 0 when valid, 1 with one line per
problem (at most 20), 2 on usage errors.
"""
import json
import sys

PHASES = set("BEXibenstfPCMNODR(),")


def check(events, expect_threads, expect_bug):
    errs = []
    flows = {}
    threads = 0
    bugs = 0
    for k, e in enumerate(events):
        where = "event %d" % k
        if not isinstance(e, dict):
            errs.append("%s: not an object" % where)
            continue
        for f in ("ph", "name", "pid", "tid"):
            if f not in e:
                errs.append("%s: missing required field '%s'" % (where, f))
        ph = e.get("ph")
        if ph not in PHASES:
            errs.append("%s: unknown phase %r" % (where, ph))
            continue
        if ph != "M":
            ts = e.get("ts")
            if not isinstance(ts, (int, float)) or isinstance(ts, bool):
                errs.append("%s (%s): ts must be a number" % (where, ph))
                continue
        if ph == "X":
            d = e.get("dur")
            if not isinstance(d, (int, float)) or d < 0:
                errs.append("%s: complete event needs dur >= 0" % where)
        if ph == "i" and e.get("s", "t") not in ("g", "p", "t"):
            errs.append("%s: instant scope must be g, p or t" % where)
        if ph in ("s", "f"):
            if "id" not in e:
                errs.append("%s: flow event without id" % where)
                continue
            flows.setdefault(e["id"], []).append(e)
        if ph == "M" and e.get("name") == "thread_name":
            threads += 1
            if not isinstance(e.get("args", {}).get("name"), str):
                errs.append("%s: thread_name without args.name" % where)
        if ph == "i" and e.get("cat") == "bug":
            bugs += 1
    for fid, evs in flows.items():
        starts = [e for e in evs if e["ph"] == "s"]
        ends = [e for e in evs if e["ph"] == "f"]
        if len(starts) != 1 or len(ends) != 1:
            errs.append("flow id %r: %d start(s) and %d finish(es), want 1 and 1"
                        % (fid, len(starts), len(ends)))
        elif ends[0]["ts"] < starts[0]["ts"]:
            errs.append("flow id %r: finishes (ts %s) before it starts (ts %s)"
                        % (fid, ends[0]["ts"], starts[0]["ts"]))
    if expect_threads is not None and threads < expect_threads:
        errs.append("%d thread_name records, expected at least %d" % (threads, expect_threads))
    if expect_bug and not bugs:
        errs.append("no bug instant (ph i, cat bug)")
    return errs, len(flows)


def main(argv):
    args = argv[1:]
    expect_threads = None
    expect_bug = False
    files = []
    while args:
        a = args.pop(0)
        if a == "--expect-threads" and args:
            expect_threads = int(args.pop(0))
        elif a == "--expect-bug":
            expect_bug = True
        elif a.startswith("-"):
            print("usage: check_chrome_trace.py [--expect-threads N] [--expect-bug] FILE...",
                  file=sys.stderr)
            return 2
        else:
            files.append(a)
    if not files:
        print("usage: check_chrome_trace.py [--expect-threads N] [--expect-bug] FILE...",
              file=sys.stderr)
        return 2
    bad = 0
    for path in files:
        try:
            with open(path) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            print("%s: not valid JSON: %s" % (path, e))
            bad += 1
            continue
        events = doc.get("traceEvents") if isinstance(doc, dict) else doc
        if not isinstance(events, list):
            print("%s: no traceEvents array" % path)
            bad += 1
            continue
        errs, nflows = check(events, expect_threads, expect_bug)
        for e in errs[:20]:
            print("%s: %s" % (path, e))
        if errs:
            bad += 1
        else:
            print("%s: ok, %d events, %d flows" % (path, len(events), nflows))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
