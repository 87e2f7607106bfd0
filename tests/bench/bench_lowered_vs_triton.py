#!/usr/bin/env python3
"""Lowered kernel vs Triton-compiled kernel on the same GPU (docs/performance.md, "Lowered kernels
vs Triton (H200)").

Run on a machine with a Hopper GPU, Triton 3.6 and PyTorch, from the repository root, after
`tests/device/run_lowered.sh --lower-only build-lowered` on a machine with tlx-verify:

    python3 tests/bench/bench_lowered_vs_triton.py [--lowered DIR[,DIR...]] [--reps N] [--dump DIR]

Each kernel is one TTGIR: Triton compiles it from its Python source (the TTGIR in the repository
came from exactly that compilation; the script checks that Triton's TTGIR for every problem below
is still that file), tlx-verify lowers the TTGIR. For each kernel two problems run: the launch of
the repository's device runs, and a larger one made only by the kernel's integer arguments and
a proportional grid (same TTGIR). Both sides get the same input tensors (made here from a seed,
handed to tlxv-run as .npy files), the same scalars and the same grid; both outputs are checked
against a torch reference.

Timing, identical on both sides: N launches captured in one CUDA graph, the graph replayed 5 times
after a warm-up, best replay / N = GPU time per launch (tlxv-run's gpu_ms_graph; torch.cuda.graph
for Triton's launcher). Nothing else is in the graph (the output and the tensor descriptors are
made before the capture). Both cubins come from the same ptxas: Triton's own, when it can be
found, for the lowered PTX too.

Prints one table row per (kernel, problem, lowered variant): Triton ms, lowered ms, ratio
(Triton time / lowered time: > 1 means the lowered kernel is faster), registers, and the checks.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import torch
import triton
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "device"))
import run_one  # noqa: E402  (the device engineer's module loader and TTGIR normalization)

RUNNER = os.path.join(ROOT, "build-runner", "tlxv-run")


def ptxas_path():
    """Triton's bundled ptxas (the one that assembled Triton's side), else the toolkit's."""
    try:
        from triton import knobs
        p = knobs.nvidia.ptxas.path
        if p and os.path.exists(p):
            return p
    except Exception:  # noqa: BLE001  (older / newer Triton layouts)
        pass
    try:
        from triton.backends.nvidia.compiler import get_ptxas
        p = get_ptxas().path
        if p and os.path.exists(p):
            return p
    except Exception:  # noqa: BLE001
        pass
    for p in ("/usr/local/cuda/bin/ptxas", shutil.which("ptxas") or ""):
        if p and os.path.exists(p):
            return p
    raise RuntimeError("no ptxas")


def time_graph(launch, reps):
    """GPU ms per launch: reps launches in one CUDA graph, best of 5 replays after a warm-up."""
    for _ in range(3):
        launch()
    torch.cuda.synchronize()
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g, stream=s):
            for _ in range(reps):
                launch()
    torch.cuda.synchronize()
    e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    best = None
    for rep in range(6):
        e0.record()
        g.replay()
        e1.record()
        e1.synchronize()
        t = e0.elapsed_time(e1) / reps
        if rep and (best is None or t < best):
            best = t
    return best


def f16(shape, gen):
    return torch.randn(*shape, generator=gen).to(torch.float16)


def nvmma(block, dtype):
    return gl.NVMMASharedLayout.get_default_for(block, dtype)


# ---------------------------------------------------------------- the kernels and their problems
# Each maker returns: inputs {runner name: cpu tensor}, output runner name, scalars {name: int},
# grid, a Triton launcher factory (device tensors -> (launch(), output tensor)), reference(device
# tensors) -> tensor, tolerance (atol, rtol; None = exact).


def ws_add_problem(xnumel, ynumel):
    def make(gen):
        a = torch.randn(xnumel, ynumel, generator=gen)
        b = torch.randn(xnumel, ynumel, generator=gen)
        return {"a_desc": a, "b_desc": b}

    def triton_launch(mod, t):
        L = run_one.WS_ADD
        c = torch.full_like(t["a_desc"], float("nan"))
        block = [L["XBLOCK"], L["YBLOCK"]]
        lay = nvmma(block, gl.float32)
        descs = [TensorDescriptor.from_tensor(x, block, lay) for x in (t["a_desc"], t["b_desc"], c)]
        grid = (triton.cdiv(xnumel, L["XBLOCK"]), )
        kern = mod.ws_add_kernel[grid]

        def launch():
            return kern(*descs, xnumel, ynumel, L["XBLOCK"], L["YBLOCK"], L["NB"], L["NC"], 0,
                        num_warps=L["num_warps"], maxnreg=L["maxnreg"])
        return launch, c

    return dict(make=make, out="c_desc", out_shape=(xnumel, ynumel), out_dtype="f32",
                scalars=dict(xnumel=xnumel, ynumel=ynumel), grid=(xnumel // 32, ),
                triton=triton_launch, ref=lambda t: t["a_desc"] + t["b_desc"], tol=None,
                what=f"{xnumel}x{ynumel} f32")


def gemm_problem(M, N, K):
    def make(gen):
        return {"a_desc": f16((M, K), gen), "b_desc": f16((K, N), gen)}

    def triton_launch(mod, t):
        L = mod.LAUNCH
        c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
        a_desc = TensorDescriptor.from_tensor(t["a_desc"], [L["BLOCK_M"], L["BLOCK_K"]],
                                              nvmma([L["BLOCK_M"], L["BLOCK_K"]], gl.float16))
        b_desc = TensorDescriptor.from_tensor(t["b_desc"], [L["BLOCK_K"], L["BLOCK_N"]],
                                              nvmma([L["BLOCK_K"], L["BLOCK_N"]], gl.float16))
        c_desc = TensorDescriptor.from_tensor(c, [L["BLOCK_M"], L["BLOCK_N"]],
                                              nvmma([L["BLOCK_M"], L["BLOCK_N"]], gl.float16))
        grid = (triton.cdiv(M, L["BLOCK_M"]), triton.cdiv(N, L["BLOCK_N"]))
        kern = mod.hopper_gemm_ws_kernel[grid]

        def launch():
            return kern(a_desc, b_desc, c_desc, M, N, K, L["NB"], 0, num_warps=L["num_warps"], maxnreg=L["maxnreg"])
        return launch, c

    return dict(make=make, out="c_desc", out_shape=(M, N), out_dtype="f16", scalars=dict(M=M, N=N, K=K),
                grid=(M // 64, N // 64), triton=triton_launch,
                ref=lambda t: (t["a_desc"].float() @ t["b_desc"].float()).to(torch.float16),
                tol=(5e-2, 1e-2), what=f"M=N={M} K={K}")


def attn_problem(BH, N_CTX):
    def make(gen):
        return {f"{n}_desc": f16((BH * N_CTX, 64), gen) for n in "qkv"}

    def triton_launch(mod, t):
        L = mod.LAUNCH
        o = torch.full_like(t["q_desc"], float("nan"))
        lay = nvmma([L["BLOCK_M"], L["HEAD_D"]], gl.float16)
        descs = [TensorDescriptor.from_tensor(x, [L["BLOCK_M"], L["HEAD_D"]], lay)
                 for x in (t["q_desc"], t["k_desc"], t["v_desc"], o)]
        grid = (BH * N_CTX // L["BLOCK_M"], )
        kern = mod.hopper_attention_ws_kernel[grid]

        def launch():
            return kern(*descs, N_CTX, mod.QK_SCALE, L["NB"], 0, num_warps=L["num_warps"], maxnreg=L["maxnreg"])
        return launch, o

    def ref(t):
        q, k, v = (t[f"{n}_desc"].float().view(BH, N_CTX, 64) for n in "qkv")
        p = torch.softmax(q @ k.transpose(1, 2) * 0.125, dim=-1)
        return (p @ v).reshape(BH * N_CTX, 64).to(torch.float16)

    return dict(make=make, out="o_desc", out_shape=(BH * N_CTX, 64), out_dtype="f16", scalars=dict(N_CTX=N_CTX),
                grid=(BH * N_CTX // 64, ), triton=triton_launch, ref=ref, tol=(2e-2, 2e-2),
                what=f"BH={BH} N_CTX={N_CTX}")


KERNELS = [
    # name, module, repository TTGIR, lowered PTX name, problems (fixed launch first)
    ("ws_add", "ws_add", "tests/corpus/gluon/ws_add.bug0.ttgir", "ws_add.bug0",
     [ws_add_problem(256, 2048), ws_add_problem(8192, 4096)]),
    ("hopper_gemm_ws", "hopper_gemm_ws", "examples/hopper_gemm_ws/hopper_gemm_ws.bug0.ttgir", "gemm.bug0",
     [gemm_problem(128, 128, 256), gemm_problem(2048, 2048, 2048)]),
    ("hopper_attention_ws", "hopper_attention_ws", "examples/hopper_attention_ws/hopper_attention_ws.bug0.ttgir",
     "attn.bug0", [attn_problem(2, 256), attn_problem(8, 4096)]),
]


def check(out, ref, tol):
    out, ref = out.float(), ref.float()
    if tol is None:
        bad = int((out != ref).sum())
        return "ok" if bad == 0 else f"WRONG({bad} differ)"
    ok = torch.allclose(out, ref, atol=tol[0], rtol=tol[1])
    return "ok" if ok else f"WRONG(max|err| {float((out - ref).nan_to_num(1e9).abs().max()):.3g})"


def run_lowered(cubin, ptx, pb, files, tmp, reps):
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    cmd = [RUNNER, ptx, "--cubin", cubin, "--grid", ",".join(map(str, pb["grid"])), "--out", out,
           "--repeat", str(reps), "--timeout", "20"]
    for k, v in pb["scalars"].items():
        cmd += ["--arg", f"{k}={v}"]
    for k, f in files.items():
        cmd += ["--tensor", f"{k}={f}"]
    cmd += ["--tensor", f"{pb['out']}=zeros:{'x'.join(map(str, pb['out_shape']))}:{pb['out_dtype']}"]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    m = re.search(r"gpu_ms_graph=([0-9.]+)", r.stdout)
    if r.returncode or not m:
        raise RuntimeError(f"tlxv-run exit {r.returncode}: {(r.stdout + r.stderr)[-300:]}")
    return float(m.group(1)), torch.from_numpy(np.load(os.path.join(out, pb["out"] + ".npy")))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lowered", default="build-lowered", help="folder(s) of lowered PTX, comma separated")
    ap.add_argument("--reps", type=int, default=0, help="launches per graph (default: 200 small, 50 large)")
    ap.add_argument("--dump", default="", help="write Triton's PTX and the cubins' resource usage here")
    ap.add_argument("--only", default="", help="run only kernels whose name contains this")
    args = ap.parse_args()
    dirs = [os.path.join(ROOT, d) if not os.path.isabs(d) else d for d in args.lowered.split(",")]
    ptxas = ptxas_path()
    tmp = tempfile.mkdtemp(prefix="tlxv-bench-")
    if args.dump:
        os.makedirs(args.dump, exist_ok=True)
    hdr = (f"{'kernel':20s} {'problem':20s} {'grid':>8s} {'lowered':14s} {'triton_ms':>10s} {'lowered_ms':>10s} "
           f"{'ratio':>6s}  checks")
    print(hdr)
    for name, modname, ttgir, ptxname, problems in KERNELS:
        if args.only and args.only not in name:
            continue
        try:
            mod = run_one.load_module(modname)
            want = open(os.path.join(ROOT, ttgir)).read()
        except Exception as e:  # noqa: BLE001
            print(f"{name:20s} error: {str(e)[:300]}")
            continue
        cubins = {}
        for d in dirs:
            ptx = os.path.join(d, ptxname + ".ptx")
            cub = os.path.join(tmp, f"{os.path.basename(d)}.{ptxname}.cubin")
            r = subprocess.run([ptxas, "-arch=sm_90a", "-v", ptx, "-o", cub], capture_output=True, text=True)
            if r.returncode:
                print(f"{name:20s} ptxas failed on {ptx}: {r.stderr[-300:]}")
                continue
            regs = re.search(r"Used (\d+) registers", r.stderr)
            cubins[d] = (ptx, cub, regs.group(1) if regs else "?")
            if args.dump:
                with open(os.path.join(args.dump, f"lowered.{os.path.basename(d)}.{ptxname}.ptxas.txt"), "w") as f:
                    f.write(r.stderr)
        for pi, pb in enumerate(problems):
            reps = args.reps or (200 if pi == 0 else 50)
            gen = torch.Generator(device="cpu").manual_seed(1234 + pi)
            host = pb["make"](gen)
            files = {}
            for k, v in host.items():
                f = os.path.join(tmp, f"{name}.{pi}.{k}.npy")
                np.save(f, v.numpy())
                files[k] = f
            dev = {k: v.cuda() for k, v in host.items()}
            try:
                launch, tout = pb["triton"](mod, dev)
                ck = launch()
                torch.cuda.synchronize()
                same = run_one.normalize_ttgir(ck.asm["ttgir"]) == want
                ref = pb["ref"](dev)
                tcheck = check(tout, ref, pb["tol"])
                if args.dump and pi == 0:
                    with open(os.path.join(args.dump, f"triton.{ptxname}.ptx"), "w") as f:
                        f.write(ck.asm["ptx"])
                    with open(os.path.join(args.dump, f"triton.{ptxname}.ttgir"), "w") as f:
                        f.write(ck.asm["ttgir"])
                tregs = getattr(ck, "n_regs", "?")
                tms = time_graph(launch, reps)
            except Exception as e:  # noqa: BLE001
                print(f"{name:20s} {pb['what']:20s} triton error: {str(e)[:300]}")
                continue
            for d, (ptx, cub, lregs) in cubins.items():
                try:
                    lms, lout = run_lowered(cub, ptx, pb, files, tmp, reps)
                    lcheck = check(lout.cuda(), ref, pb["tol"])
                    agree = check(lout.cuda(), tout, pb["tol"] if pb["tol"] else None)
                except Exception as e:  # noqa: BLE001
                    print(f"{name:20s} {pb['what']:20s} lowered error: {str(e)[:300]}")
                    continue
                grid = "x".join(map(str, pb["grid"]))
                print(f"{name:20s} {pb['what']:20s} {grid:>8s} {os.path.basename(d):14s} {tms:10.4f} {lms:10.4f} "
                      f"{tms / lms:6.2f}  triton={tcheck} lowered={lcheck} agree={agree} ttgir_same={same} "
                      f"regs(triton/lowered)={tregs}/{lregs} reps={reps}", flush=True)
    print(f"(GPU ms per launch: {{reps}} launches in one CUDA graph, best of 5 replays, both sides; "
          f"ratio = triton_ms / lowered_ms; GPU: {torch.cuda.get_device_name()}; ptxas: {ptxas}; "
          f"triton {triton.__version__}, torch {torch.__version__})")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
