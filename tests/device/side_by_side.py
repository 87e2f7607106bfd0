#!/usr/bin/env python3
"""Side by side (issue 17, run 5): the hardware, ConSan and `tlx-verify check` on the same kernels.

On the H200 (Triton 3.6.0):
    python3 tests/device/side_by_side.py --out DIR --tutdir TUTDIR [--budget S]
  runs every variant of the runnable Hopper examples (examples/*/kernel.py, via run_one.py) and the
  Hopper tutorial kernels of tests/corpus/real (via tut_one.py; TUTDIR holds Triton's tutorial files at
  the corpus's tag) 10 times plainly and once under ConSan, each in its own process, and writes
  DIR/side_by_side.json.
Anywhere (no GPU):
    python3 tests/device/side_by_side.py --table DIR/side_by_side.json [--tlxv build/tlx-verify]
  adds `check`'s verdict for each kernel's TTGIR (the examples' files and tests/corpus/real) and prints
  the markdown table of docs/comparison.md.
"""
import argparse
import concurrent.futures as cf
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import run_examples as rx  # noqa: E402  (run_task, bugs_of, hw_cell, consan_summary)

REPS = 10


def tut_names():
    import tut_one
    return sorted(tut_one.TUTS)


def run_tut(name, mode, out, tutdir, deadline):
    res_path = os.path.join(out, "results", f"tut.{name}.{mode}.json")
    log_path = os.path.join(out, "logs", f"tut.{name}.{mode}.log")
    env = dict(os.environ, PYTHONUNBUFFERED="1", TRITON_CACHE_DIR=os.path.join(out, "cache", mode))
    cmd = [sys.executable, os.path.join(HERE, "tut_one.py"), "--tut", name, "--tutdir", tutdir, "--mode", mode,
           "--result", res_path, "--reps", str(REPS if mode == "hw" else 1)]
    limit = 240
    if mode == "consan":
        env["TRITON_INSTRUMENTATION_MODE"] = "consan"
        limit = 300
    limit = max(5, min(limit, deadline - time.time()))
    t0 = time.time()
    p, killed, res = rx.run_proc(cmd, env, log_path, limit, res_path)
    if killed:
        res["status"] = "hang" if res.get("done") or res.get("status") == "started" else "killed"
        res["detail"] = f"process killed after {limit:.0f} s"
    res.update(mode=mode, example="tut", bug=name, wall_s=round(time.time() - t0, 1), rc=p.returncode)
    if mode == "consan":
        res["consan"] = rx.consan_summary(res, log_path)
    json.dump(res, open(res_path, "w"), indent=1)
    print(f"[{time.strftime('%H:%M:%S')}] {mode:7s} {name}: {res['status']} ({res['wall_s']} s)", flush=True)
    return res


def device_main(a):
    out = os.path.abspath(a.out)
    for d in ("results", "logs"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    deadline = time.time() + a.budget
    jobs = []
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for mode in ("hw", "consan"):
            for name in ([] if a.only == "tut" else rx.RUNNABLE):
                for bug in rx.bugs_of(name):
                    jobs.append(ex.submit(rx.run_task, (mode, name, bug), out, deadline, REPS))
            for t in ([] if a.only == "examples" else tut_names()):
                jobs.append(ex.submit(run_tut, t, mode, out, os.path.abspath(a.tutdir), deadline))
        results = [j.result() for j in jobs]
    json.dump(results, open(os.path.join(out, "side_by_side.json"), "w"), indent=1)


def check_verdict(tlxv, path):
    p = subprocess.run([tlxv, "check", path, "--format", "json"], capture_output=True, text=True, timeout=600)
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        return f"exit {p.returncode}: {(p.stderr or p.stdout).strip().splitlines()[0][:120]}"
    bugs = doc.get("bugs") or []
    if p.returncode == 1 and bugs:
        b = bugs[0]
        loc = b.get("loc") or {}
        where = f"{os.path.basename(loc.get('file', ''))}:{loc.get('line', '')}" if loc else ""
        return f"bug: {b.get('kind')} {where}".strip()
    return {0: "verified", 3: "inconclusive"}.get(p.returncode, f"exit {p.returncode}")


def cell(text):
    return str(text).replace("|", "/").replace("\n", " ")


def table_main(a):
    by = {}
    for f in [a.table] + a.merge:
        for r in json.load(open(f)):
            by[(r["mode"], r["example"], r["bug"])] = r
    lines = ["| kernel | H200: 10 launches | ConSan: 1 launch | `tlx-verify check` |", "|---|---|---|---|"]
    for name in rx.RUNNABLE:
        for bug in rx.bugs_of(name):
            hw, cs = by.get(("hw", name, bug)), by.get(("consan", name, bug))
            ttgir = os.path.join(ROOT, "examples", name, f"{name}.bug{bug}.ttgir")
            lines.append(f"| examples/{name} bug{bug} | {cell(rx.hw_cell(hw)) if hw else 'not run'} | "
                         f"{cell(cs.get('consan', cs['status'])) if cs else 'not run'} | "
                         f"{check_verdict(a.tlxv, ttgir)} |")
    for t in tut_names():
        hw, cs = by.get(("hw", "tut", t)), by.get(("consan", "tut", t))
        ttgir = os.path.join(ROOT, "tests", "corpus", "real", f"{t}.ok.ttgir")
        lines.append(f"| {t} | {cell(rx.hw_cell(hw)) if hw else 'not run'} | "
                     f"{cell(cs.get('consan', cs['status'])) if cs else 'not run'} | {check_verdict(a.tlxv, ttgir)} |")
    print("\n".join(lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--tutdir")
    ap.add_argument("--budget", type=float, default=500)
    ap.add_argument("--jobs", type=int, default=6)
    ap.add_argument("--only", choices=["examples", "tut"], help="run only the examples or only the tutorials")
    ap.add_argument("--merge", nargs="*", default=[], help="--table: more result files to merge (later wins)")
    ap.add_argument("--table")
    ap.add_argument("--tlxv", default=os.path.join(ROOT, "build", "tlx-verify"))
    a = ap.parse_args()
    if a.table:
        table_main(a)
    elif a.out and a.tutdir:
        device_main(a)
    else:
        ap.error("give --out DIR --tutdir DIR (on the GPU machine) or --table FILE")


if __name__ == "__main__":
    main()
