"""Compile TTGIR files with Triton's own backend (no launch) and report what its later passes add.

Issue 12's open question: Triton's make_llir runs add_proxy_fence_insertion after the TTGIR we
read, so a generic-proxy write followed by an async-proxy read in the same program order may get
a fence.proxy.async that the TTGIR does not show. This compiles every given .ttgir with
triton.compile (IRSource: the file itself, target from its "ttg.target" attribute), writes the
PTX, and prints per file the number of fence.proxy.async in the PTX and in the TTGIR.

  python3 tests/device/triton_ptx.py --out DIR FILE.ttgir ...   (GPU machine with Triton 3.6)

Writes DIR/<name>.ptx and DIR/summary.tsv (file, target, status, fences in TTGIR, fences in PTX).
"""
import argparse
import multiprocessing
import os
import re
import sys


def target_of(text):
    m = re.search(r'"?ttg\.target"?\s*=\s*"(\w+):(\w+)"', text)
    return (m.group(1), m.group(2)) if m else ("cuda", "90")


def compile_one(path, out):
    name = os.path.basename(path)
    text = open(path).read()
    backend, arch = target_of(text)
    ttgir_f = len(re.findall(r"ttng\.fence_async_shared", text))
    try:
        import triton
        from triton.backends.compiler import GPUTarget
        tgt = GPUTarget(backend, int(arch) if arch.isdigit() else arch, 32 if backend == "cuda" else 64)
        ck = triton.compile(path, target=tgt)
        ptx = ck.asm.get("ptx", "")
        if isinstance(ptx, bytes):
            ptx = ptx.decode()
        with open(os.path.join(out, name + ".ptx"), "w") as f:
            f.write(ptx)
        ptx_f = len(re.findall(r"fence\.proxy\.async", ptx))
        print("\t".join(str(x) for x in (name, f"{backend}:{arch}", "ok", ttgir_f, ptx_f, "")))
    except Exception as e:  # a file Triton cannot compile: say why
        msg = str(e).replace("\n", " ")[:300]
        print("\t".join(str(x) for x in (name, f"{backend}:{arch}", "error", ttgir_f, -1, msg)))


def one(args):
    """One file in a child process (an LLVM ERROR aborts the process; a hang is cut at 120 s)."""
    import subprocess
    path, out = args
    name = os.path.basename(path)
    try:
        r = subprocess.run([sys.executable, __file__, "--one", path, "--out", out], capture_output=True,
                           text=True, timeout=120)
        line = [l for l in r.stdout.splitlines() if l.startswith(name + "\t")]
        if line:
            return tuple(line[-1].split("\t"))
        err = (r.stderr.strip().splitlines() or ["no output"])[-1][:300]
        return (name, "?", "crash", "-", -1, err)
    except subprocess.TimeoutExpired:
        return (name, "?", "timeout", "-", -1, "over 120 s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=min(16, os.cpu_count() or 1))
    ap.add_argument("--one", default="", help="compile this one file and print its row (internal)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.one:
        compile_one(a.one, a.out)
        return 0
    with multiprocessing.Pool(a.jobs) as pool:
        rows = pool.map(one, [(f, a.out) for f in a.files])
    with open(os.path.join(a.out, "summary.tsv"), "w") as f:
        f.write("file\ttarget\tstatus\tfences_ttgir\tfences_ptx\terror\n")
        for r in rows:
            f.write("\t".join(str(x) for x in r) + "\n")
    ok = sum(r[2] == "ok" for r in rows)
    print(f"compiled {ok} of {len(rows)}")
    for r in rows:
        print("\t".join(str(x) for x in r))


if __name__ == "__main__":
    sys.exit(main())
