#!/usr/bin/env python3
"""Run one of Triton's own Hopper tutorial kernels on the GPU and write a JSON verdict.

Started by side_by_side.py, one process per (kernel, mode), so that a hang only takes its own process
down. The tutorial sources are Triton's (tag v3.6.1 of the TLX fork, the tag tests/corpus/real was compiled
from); they are not in this repository: side_by_side.py is given the folder they were extracted to
(`git show v3.6.1:python/tutorials/<file>`), and imports each file as a module (its `__main__` blocks do
not run). Each kernel is checked by the tutorial's own test function where it has one (it asserts against
torch), else against torch here with the tutorial's own tolerance.
Modes: hw (REPS launches), consan (one launch; the parent sets TRITON_INSTRUMENTATION_MODE=consan).
"""
import argparse
import importlib.util
import json
import os
import sys
import time
import traceback


def compat():
    """The tutorials at the corpus's tag call GPUTarget.is_cuda_backend(), which the installed Triton 3.6.0
    lacks; ConSan and tutorial 09's descriptors need a global scratch allocator (as run_one.py sets)."""
    import torch
    import triton
    from triton.backends.compiler import GPUTarget
    if not hasattr(GPUTarget, "is_cuda_backend"):
        GPUTarget.is_cuda_backend = lambda self: self.backend == "cuda"
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))


def load(tutdir, fname):
    path = os.path.join(tutdir, fname)
    name = "tlxv_tut_" + fname.replace("-", "_").replace(".py", "")
    sys.path.insert(0, tutdir)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def t09(kind):
    """Triton tutorial 09's validate(): b is stored transposed; matmul(a, b.T) is the naive reference."""
    def run(m):
        import torch
        a = torch.randn((1024, 512), device="cuda", dtype=torch.float16)
        b = torch.randn((512, 768), device="cuda", dtype=torch.float16).T.contiguous()
        expect = torch.matmul(a, b.T)
        if kind == "persistent":
            got = m.matmul_persistent(a, b.T)
        elif kind == "tma_persistent":
            got = m.matmul_tma_persistent(a, b, False)
        else:
            got = m.matmul_descriptor_persistent(a, b, True)
        assert torch.allclose(expect, got.to(expect.dtype), atol=1.0), "result differs from torch (atol 1.0)"
    return run


def t03_matmul(m):
    import torch
    a = torch.randn((512, 512), device="cuda", dtype=torch.float16)
    b = torch.randn((512, 512), device="cuda", dtype=torch.float16)
    got = m.matmul(a, b)
    torch.testing.assert_close(got, torch.matmul(a, b), atol=1e-2, rtol=0)


def t06_attention(m):
    """The forward pass with warp specialization, checked as the tutorial's test_op checks it: reference
    softmax in float, probabilities rounded to fp16, atol 1e-2."""
    import torch
    torch.manual_seed(20)
    q, k, v = (torch.empty((1, 2, 1024, 64), dtype=torch.float16, device="cuda").normal_(0.0, 0.5)
               for _ in range(3))
    p = torch.softmax((torch.matmul(q, k.transpose(2, 3)) * 0.5).float(), dim=-1).to(torch.float16)
    ref = torch.matmul(p, v).half()
    got = m.attention(q, k, v, False, 0.5, True).half()
    torch.testing.assert_close(got, ref, atol=1e-2, rtol=0)


# corpus file stem -> (tutorial file, what runs, the parameters in words)
TUTS = {
    "t03_add_pipelined_90": ("03-async-copy.py",
                             lambda m: m.test_elementwise_add_pipelined(1000, 2000, 32, 64, 2),
                             "test_elementwise_add_pipelined(1000, 2000, 32, 64, num_buffers=2)"),
    "t05_matmul_pipelined_90": ("05-wgmma.py",
                                lambda m: m.test_blocked_matmul_pipelined(208, 416, 304, 128, 128, 128, 4),
                                "test_blocked_matmul_pipelined(208, 416, 304, 128, 128, 128, num_warps=4)"),
    "t07_pipelined_90": ("07-persistence.py",
                         lambda m: m.test_pipelined_matmul(2000, 1000, 2000, 128, 256, 64, 3, 8),
                         "test_pipelined_matmul(2000, 1000, 2000, 128, 256, 64, num_buffers=3, num_warps=8)"),
    "t07_persistent_90": ("07-persistence.py",
                          lambda m: m.test_persistent_matmul(2000, 1000, 2000, 128, 256, 64, 3, 8,
                                                             m.PersistentTileScheduler),
                          "test_persistent_matmul(2000, 1000, 2000, 128, 256, 64, 3, 8, PersistentTileScheduler)"),
    "triton_t03_matmul_90": ("03-matrix-multiplication.py", t03_matmul, "matmul(512x512 @ 512x512), autotuned"),
    "triton_t06_attention_ws_90": ("06-fused-attention.py", t06_attention,
                                   "attention(Z=1, H=2, N_CTX=1024, D=64, causal=False, warp_specialize=True)"),
    "triton_t09_persistent_90": ("09-persistent-matmul.py", t09("persistent"), "matmul_persistent(1024x512x768)"),
    "triton_t09_tma_persistent_90": ("09-persistent-matmul.py", t09("tma_persistent"),
                                     "matmul_tma_persistent(1024x512x768, warp_specialize=False)"),
    "triton_t09_descriptor_persistent_ws_90": ("09-persistent-matmul.py", t09("descriptor"),
                                               "matmul_descriptor_persistent(1024x512x768, warp_specialize=True)"),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tut", required=True, choices=sorted(TUTS))
    ap.add_argument("--tutdir", required=True)
    ap.add_argument("--mode", choices=["hw", "consan"], default="hw")
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--result", required=True)
    a = ap.parse_args()
    fname, fn, params = TUTS[a.tut]
    res = dict(tut=a.tut, file=fname, params=params, mode=a.mode, reps=a.reps, correct=0, status="started",
               t_start=time.time())

    def save():
        json.dump(res, open(a.result, "w"), indent=1)

    save()
    try:
        import torch
        compat()
        mod = load(a.tutdir, fname)
        for rep in range(a.reps):
            try:
                fn(mod)
                torch.cuda.synchronize()
                res["correct"] += 1
            except AssertionError as e:
                res.setdefault("first_bad", rep)
                res["detail"] = str(e).strip().split("\n")[0][:300]
            res["done"] = rep + 1
            save()
        res["status"] = "correct" if res["correct"] == a.reps else "wrong results"
    except Exception as e:  # noqa: BLE001 (a launch failure, a trap, a compile error)
        res["status"] = "launch failure"
        res["detail"] = "".join(traceback.format_exception_only(type(e), e)).strip()[-600:]
    res["t_end"] = time.time()
    save()


if __name__ == "__main__":
    main()
