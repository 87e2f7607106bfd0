#!/usr/bin/env python3
"""Regenerate the examples' TTGIR, the hardware reference outputs and the H200 result table.

On a machine with a Hopper GPU and Triton 3.6:   python3 tests/device/run_examples.py --out DIR
  runs every variant of the runnable examples on the GPU (20 launches each, 15 s hang timeout) and once under
  ConSan (45 s), compiles the Blackwell example for cuda:100, runs the ws_add and hopper_gemm_ws reference
  launches, prints the result table and packs everything into DIR/device-results.tar.gz.
Anywhere (no GPU, no Triton):                   python3 tests/device/run_examples.py --install DIR/device-results.tar.gz
  copies the TTGIR into examples/<name>/ and the reference data into tests/device/ref/.
Each variant runs in its own process, so a hang or a crash only takes that variant down.
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
RUNNABLE = ["hopper_gemm_ws", "hopper_attention_ws"]  # run on the H200
COMPILE_ONLY = ["blackwell_gemm_tcgen05"]  # compiled for cuda:100, never run
REFS = ["ws_add", "hopper_gemm_ws"]


def bugs_of(name):
    """BUG values of an example, read from its BUGS table without importing Triton."""
    import ast
    src = open(os.path.join(ROOT, "examples", name, "kernel.py")).read()
    for node in ast.parse(src).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "BUGS":
            return sorted(ast.literal_eval(node.value).keys())
    raise SystemExit(f"{name}: no BUGS table")


def run_proc(cmd, env, log_path, limit, res_path):
    """Runs cmd in its own session (a hang is killed with its children after limit seconds);
    returns the process, whether it was killed, and the JSON result it wrote (else "no result")."""
    with open(log_path, "w") as log:
        p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        try:
            p.wait(timeout=limit)
            killed = False
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, 9)
            p.wait()
            killed = True
    try:
        res = json.load(open(res_path))
    except Exception:  # noqa: BLE001
        res = dict(status="no result")
    return p, killed, res


def run_task(task, out, deadline, reps=20):
    mode, name, bug = task
    res_path = os.path.join(out, "results", f"{name}.bug{bug}.{mode}.json")
    log_path = os.path.join(out, "logs", f"{name}.bug{bug}.{mode}.log")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env["TRITON_CACHE_DIR"] = os.path.join(out, "cache", mode)
    cmd = [sys.executable, os.path.join(HERE, "run_one.py"), "--mode", mode, "--example", name, "--bug", str(bug),
           "--outdir", out, "--result", res_path]
    limit = 240
    if mode == "consan":
        env["TRITON_INSTRUMENTATION_MODE"] = "consan"
        cmd += ["--reps", "1", "--timeout", "45"]
        limit = 400
    elif mode == "hw":
        cmd += ["--reps", str(reps), "--timeout", "15"]
    elif mode == "compile100":
        env["TRITON_KERNEL_DUMP"] = "1"
        env["TRITON_ALWAYS_COMPILE"] = "1"
        env["TRITON_DUMP_DIR"] = os.path.join(out, "dump", f"{name}.bug{bug}")
    limit = max(5, min(limit, deadline - time.time()))
    t0 = time.time()
    p, killed, res = run_proc(cmd, env, log_path, limit, res_path)
    if killed and res.get("status") in ("started", "no result"):
        res["status"] = "hang" if res.get("t_compiled") else "killed (no launch)"
        res["detail"] = f"process killed after {limit:.0f} s"
    res.update(mode=mode, example=name, bug=bug, wall_s=round(time.time() - t0, 1), rc=p.returncode)
    if mode == "consan":
        res["consan"] = consan_summary(res, log_path)
    json.dump(res, open(res_path, "w"), indent=1)
    print(f"[{time.strftime('%H:%M:%S')}] {mode:10s} {name}.bug{bug}: {res['status']} ({res['wall_s']} s)",
          flush=True)
    return res


def consan_summary(res, log_path):
    """One table cell: clean / hang / detected: <ConSan's assertion> / trap without a message."""
    st = res.get("status")
    if st == "hang":
        return "hang"
    if st == "correct":
        return "clean"
    if st == "wrong results":
        return f"clean, wrong results ({res.get('correct')}/{res.get('reps')} correct)"
    text = open(log_path, errors="replace").read()
    asserts = [ln.strip() for ln in text.splitlines() if "Assertion" in ln]
    if asserts:
        msg = re.sub(r"\S*/([^/\s]+\.py):", r"\1:", asserts[0])
        return "detected: " + msg[:200].replace("|", "/")
    detail = (res.get("detail") or st).strip().split("\n")[0]
    if "illegal instruction" in detail:
        return "trap (illegal instruction, no message)"
    return f"{st}: {detail[:160]}".replace("|", "/")


def hw_cell(r):
    st = r.get("status")
    if st == "correct":
        return f"correct {r['correct']}/{r['reps']}"
    if st == "wrong results":
        return f"wrong results ({r['correct']}/{r['reps']} correct, max |diff| {r.get('max_abs_diff', 0):.3g})"
    if st == "hang":
        return "hang"
    if st == "launch failure":
        return "launch failure: " + (r.get("detail") or "").split("\n")[0][:120].replace("|", "/")
    return f"{st}: " + (r.get("detail") or "").strip().split("\n")[-1][:160]


def table(results):
    by = {(r["mode"], r["example"], r["bug"]): r for r in results}
    lines = []
    for name in RUNNABLE:
        lines += [f"### {name}", "", "| variant | H200 | ConSan |", "|---|---|---|"]
        for bug in bugs_of(name):
            hw = by.get(("hw", name, bug))
            cs = by.get(("consan", name, bug))
            lines.append(f"| bug{bug} | {hw_cell(hw) if hw else 'not run'} | "
                         f"{cs.get('consan', cs['status']) if cs else 'not run'} |")
        lines.append("")
    for name in COMPILE_ONLY:
        lines += [f"### {name} (compiled for cuda:100, not run)", "", "| variant | compile |", "|---|---|"]
        for bug in bugs_of(name):
            r = by.get(("compile100", name, bug))
            cell = "not run" if r is None else r["status"] + (" (TTGIR from dump)" if r.get("ttgir_from_dump") else "")
            if r and r["status"] != "compiled":
                cell += ": " + (r.get("detail") or "").strip().split("\n")[-1][:160]
            lines.append(f"| bug{bug} | {cell} |")
        lines.append("")
    for name in REFS:
        r = by.get(("ref", name, 0))
        lines.append(f"ref {name}: {'not run' if r is None else r['status']} "
                     f"{json.dumps({k: r[k] for k in r if k in ('files', 'exact_match_torch', 'allclose_torch', 'max_abs_diff_torch')}) if r else ''}")
    return "\n".join(lines) + "\n"


def env_report(out):
    code = r'''
import inspect, triton, torch, subprocess
print("triton", triton.__version__, "torch", torch.__version__, "cuda", torch.version.cuda)
print(torch.cuda.get_device_name(), torch.cuda.get_device_capability())
import triton.experimental.gluon.language as gl
import triton.experimental.gluon.language.nvidia.hopper as h
import triton.experimental.gluon.language.nvidia.blackwell as b
for mod in (h, h.mbarrier, h.tma, b):
    print(mod.__name__, sorted(n for n in dir(mod) if not n.startswith("_")))
def sig(o):
    try: return str(inspect.signature(o))
    except Exception as e: return "?" + repr(e)
for n in ("warp_specialize", "allocate_shared_memory", "NVMMADistributedLayout", "DotOperandLayout", "maximum"):
    print("gl." + n, sig(getattr(gl, n)) if hasattr(gl, n) else "MISSING")
for n in ("warpgroup_mma", "warpgroup_mma_wait", "fence_async_shared"):
    print("hopper." + n, sig(getattr(h, n)))
for n in ("wait", "arrive", "expect", "init"):
    print("mbarrier." + n, sig(getattr(h.mbarrier, n)))
for n in ("async_copy_global_to_shared", "async_copy_shared_to_global", "store_wait"):
    print("tma." + n, sig(getattr(h.tma, n)))
for n in ("tcgen05_mma", "tcgen05_commit", "allocate_tensor_memory", "TensorMemoryLayout", "get_tmem_reg_layout",
          "get_tmem_32x32b_reg_layout"):
    print("blackwell." + n, sig(getattr(b, n)) if hasattr(b, n) else "MISSING")
'''
    with open(os.path.join(out, "env.txt"), "w") as f:
        subprocess.run([sys.executable, "-c", code], stdout=f, stderr=subprocess.STDOUT, timeout=120)
        subprocess.run(["nvidia-smi", "-L"], stdout=f, stderr=subprocess.STDOUT)


def device_main(args):
    out = os.path.abspath(args.out)
    for d in ("results", "logs", "ttgir"):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    t_start = time.time()
    deadline = t_start + args.budget
    env_report(out)
    tasks = []
    for name in REFS:
        tasks.append(("ref", name, 0))
    for name in RUNNABLE:
        tasks += [("hw", name, b) for b in bugs_of(name)]
    for name in COMPILE_ONLY:
        tasks += [("compile100", name, b) for b in bugs_of(name)]
    if not args.skip_consan:
        for name in RUNNABLE:
            tasks += [("consan", name, b) for b in bugs_of(name)]
    results = []
    with cf.ThreadPoolExecutor(args.jobs) as ex:
        futs = [ex.submit(run_task, t, out, deadline) for t in tasks]
        for fu in futs:
            results.append(fu.result())
    json.dump(results, open(os.path.join(out, "results.json"), "w"), indent=1)
    tab = table(results)
    open(os.path.join(out, "table.md"), "w").write(tab)
    print(tab)
    print(f"total {time.time() - t_start:.0f} s")
    tar = os.path.join(out, "device-results.tar.gz")
    with tarfile.open(tar, "w:gz") as tf:
        for d in ("results", "logs", "ttgir", "ref", "results.json", "table.md", "env.txt"):
            if os.path.exists(os.path.join(out, d)):
                tf.add(os.path.join(out, d), arcname=d)
    print("wrote", tar)


def install(tar):
    """Copy TTGIR and reference data from a results tarball into the tree (no GPU needed)."""
    tmp = os.path.join(ROOT, "build-device-install")
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tar) as tf:
        tf.extractall(tmp)
    n = 0
    for fn in sorted(os.listdir(os.path.join(tmp, "ttgir"))):
        name = fn.split(".bug")[0]
        dst = os.path.join(ROOT, "examples", name)
        if os.path.isdir(dst):
            shutil.copy(os.path.join(tmp, "ttgir", fn), os.path.join(dst, fn))
            n += 1
    for name in REFS:
        src = os.path.join(tmp, "ref", name)
        if os.path.isdir(src):
            dst = os.path.join(HERE, "ref", name)
            os.makedirs(dst, exist_ok=True)
            for fn in os.listdir(src):
                if fn.endswith(".npy"):
                    shutil.copy(os.path.join(src, fn), os.path.join(dst, fn))
                    n += 1
    print(f"installed {n} files; table:\n")
    print(open(os.path.join(tmp, "table.md")).read())
    shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.environ.get("OUT", "device-out"))
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--budget", type=float, default=540, help="seconds; tasks still running then are killed")
    ap.add_argument("--skip-consan", action="store_true")
    ap.add_argument("--install", metavar="TARBALL")
    args = ap.parse_args()
    if args.install:
        install(args.install)
    else:
        device_main(args)


if __name__ == "__main__":
    main()
