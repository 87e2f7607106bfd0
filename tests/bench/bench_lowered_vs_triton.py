#!/usr/bin/env python3
"""Lowered kernel vs Triton-compiled kernel on the same GPU (issue 7, docs/performance.md).

Run on a machine with a Hopper GPU, Triton 3.6 and PyTorch, from the repository root, after
`tests/device/run_lowered.sh --lower-only build-lowered` on a machine with tlx-verify and
`make -C lowering/runner tlxv-run` here. Each kernel is the same TTGIR: Triton compiles it from
its Python source (the TTGIR in the repository came from exactly that compilation), and
tlx-verify lowers the TTGIR. Both are timed per launch with CUDA events, each launch
back to back (Triton's through a CUDA graph, so Python launch overhead is not counted),
same inputs and grid. Prints a table.
"""
import os
import re
import subprocess
import sys

import torch

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "device"))
import run_one  # noqa: E402  (the device engineer's launchers)

REPS = int(os.environ.get("REPS", "200"))
RUNNER = os.path.join(ROOT, "lowering", "runner", "tlxv-run")
LOWERED = os.path.join(ROOT, "build-lowered")

# id, module, lowered PTX, runner arguments (same launch as the Triton side)
KERNELS = [
    ("ws_add", "ws_add", "ws_add.bug0.ptx",
     "--grid 8 --arg xnumel=256 --arg ynumel=2048 --tensor a_desc=random:256x2048:f32 "
     "--tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f32"),
    ("hopper_gemm_ws", "hopper_gemm_ws", "gemm.bug0.ptx",
     "--grid 2,2 --arg M=128 --arg N=128 --arg K=256 --tensor a_desc=random:128x256:f16 "
     "--tensor b_desc=random:256x128:f16 --tensor c_desc=zeros:128x128:f16"),
    ("hopper_attention_ws", "hopper_attention_ws", "attn.bug0.ptx",
     "--grid 8 --arg N_CTX=256 --tensor q_desc=random:512x64:f16 --tensor k_desc=random:512x64:f16 "
     "--tensor v_desc=random:512x64:f16 --tensor o_desc=zeros:512x64:f16"),
]


def time_triton(name):
    mod = run_one.load_module(name)
    if name == "ws_add":
        g = torch.Generator(device="cpu").manual_seed(0)
        a = torch.randn(256, 2048, generator=g).cuda()
        b = torch.randn(256, 2048, generator=g).cuda()
        launch = lambda: run_one.ws_add_launch(mod, a, b, 0)  # noqa: E731
    else:
        inp = mod.make_inputs(0)
        launch = lambda: mod.launch(inp, 0)  # noqa: E731
    for _ in range(10):
        launch()
    torch.cuda.synchronize()
    # A CUDA graph of REPS launches: GPU time per launch without Python's launch overhead.
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g, stream=s):
            for _ in range(REPS):
                launch()
    torch.cuda.synchronize()
    e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    best = None
    for _ in range(5):
        e0.record()
        g.replay()
        e1.record()
        e1.synchronize()
        t = e0.elapsed_time(e1) / REPS
        best = t if best is None else min(best, t)
    return best


def time_lowered(ptx, args):
    out = subprocess.run([RUNNER, os.path.join(LOWERED, ptx), "--repeat", str(REPS), "--timeout", "10"]
                         + args.split(), capture_output=True, text=True, timeout=120)
    m = re.search(r"gpu_ms_batched=([0-9.]+)", out.stdout)
    if not m:
        raise RuntimeError(out.stdout + out.stderr)
    return float(m.group(1))


def main():
    print(f"{'kernel':22s} {'triton_ms':>10s} {'lowered_ms':>11s} {'speed ratio (triton/lowered)':>30s}")
    for name, modname, ptx, args in KERNELS:
        try:
            t = time_triton(modname)
            lo = time_lowered(ptx, args)
            print(f"{name:22s} {t:10.4f} {lo:11.4f} {t / lo:30.2f}")
        except Exception as e:  # report and go on: one broken kernel must not hide the others
            print(f"{name:22s} error: {str(e)[:300]}")
    print(f"(GPU time per launch over {REPS} back-to-back launches: Triton as a CUDA graph (best of 5 replays), lowered via tlxv-run; GPU: {torch.cuda.get_device_name()})")


if __name__ == "__main__":
    main()
