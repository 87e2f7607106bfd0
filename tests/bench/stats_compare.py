#!/usr/bin/env python3
# stats_compare.py BINARY OUTDIR: `tlx-verify check --stats` on every kernel of tests/corpus/real,
# tests/corpus/gluon, tests/corpus/amd, tests/amd/gfx1250 and examples/*/ (default arguments, or
# an examples/*/expected.tsv `small_args` column), one file per kernel in OUTDIR with times,
# rates and peak memory masked. A change that must not change the search: run it with the old
# and the new binary, then `diff -r OLD_DIR NEW_DIR` (docs/performance.md, session 13).
import glob, os, re, subprocess, sys
tlxv, out = sys.argv[1], sys.argv[2]
src = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.makedirs(out, exist_ok=True)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_args import small_args  # noqa: E402
args = small_args(src)
files = []
for d in ["tests/corpus/real", "tests/corpus/gluon", "tests/corpus/amd", "tests/amd/gfx1250", "examples/*"]:
    files += sorted(glob.glob(os.path.join(src, d, "*.ttgir")))
mask = [(re.compile(r"\d+(\.\d+)? (s|ms)\b"), "T s"), (re.compile(r"\d+ states/s"), "R states/s"),
        (re.compile(r"peak memory [\d.]+ \w+"), "peak memory M")]
for f in files:
    cmd = [tlxv, "check", "--stats", f]
    for a in args.get(f, []): cmd += ["--arg", a]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        txt = r.stdout + r.stderr + "\nexit %d\n" % r.returncode
    except subprocess.TimeoutExpired:
        txt = "TIMEOUT\n"
    for rx, s in mask: txt = rx.sub(s, txt)
    name = os.path.relpath(f, src).replace("/", "__")
    open(os.path.join(out, name + ".txt"), "w").write(txt)
print(len(files), "kernels")
