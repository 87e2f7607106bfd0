"""Compile (and, on the H200, run) kernels of Triton's `triton_kernels` package (the matmul behind
gpt-oss's MoE layers: `_matmul`, `_p_matmul` with TMA, gather / scatter, split-K, block-scaled
mx formats) through its own test function `tests/test_matmul.py::_test_op`, for the real corpus
(tests/corpus/real/README.md, "triton_kernels").

    PYTHONPATH=TK python3 tests/device/tk_compile.py --target 90|100 --out DIR

TK is `python/triton_kernels` of the TLX fork at tag v3.6.1 (what Triton 3.6 ships beside its
wheel). With --target 100 the JIT is pointed at sm_100 (as run_one.py's compile100 does) and the
GPU reports capability 10.0 to the package; with --target gfx942|gfx950 it is pointed at that AMD
target (as amd_tut_compile.py's targets): every kernel is compiled for that target and its launch
is made a no-op (the code cannot load on the H200), so the test's comparisons fail, which is
expected and recorded. Every TTGIR the cache holds afterwards is
written to DIR with an index (index.tsv: file, kernel, target, num_warps, config, outcome)."""
import argparse
import glob
import json
import os
import re
import sys
import tempfile
import traceback

CONFIGS = [
    # (name, overrides of the test's Case / parameters)
    ("f16_batched", dict(mode="batched", act="float16", weight="float16")),
    ("f16_batched_p", dict(mode="batched", act="float16", weight="float16", is_persistent=True)),
    ("f16_ragged_gs", dict(mode="ragged", act="float16", weight="float16", do_gather=True, do_scatter=True)),
    ("f16_ragged_gs_p", dict(mode="ragged", act="float16", weight="float16", do_gather=True, do_scatter=True,
                            is_persistent=True)),
    ("f16_ragged_splitk", dict(mode="ragged", act="float16", weight="float16", split_k=5)),
    ("bf16_plain_p", dict(mode="plain", act="bfloat16", weight="bfloat16", is_persistent=True, block_m=128)),
    ("bf16_plain", dict(mode="plain", act="bfloat16", weight="bfloat16", block_m=128)),
    ("bf16_ragged_swiglu_p", dict(mode="ragged", act="bfloat16", weight="bfloat16", is_persistent=True,
                                 swiglu_opts=(1.1, 1.4))),
    ("f8_ragged_p", dict(mode="ragged", act="float8_e5m2", weight="float8_e5m2", is_persistent=True,
                         block_m=128)),
    ("f8_ragged_sub2_p", dict(mode="ragged", act="float8_e5m2", weight="float8_e5m2", is_persistent=True,
                              epilogue_subtile=2, block_m=128)),
    ("bf16_mxf4_ragged_p", dict(mode="ragged", act="bfloat16", weight="mxfloat4_e2m1", is_persistent=True,
                                block_m=128)),
    ("bf16_mxf4_batched", dict(mode="batched", act="bfloat16", weight="mxfloat4_e2m1")),
    ("mxf8_mxf4_ragged_p", dict(mode="ragged", act="mxfloat8_e4m3fn", weight="mxfloat4_e2m1", is_persistent=True,
                                b_hbm_swizzling=True, block_m=128)),
    ("f8_mxf4_batched_p", dict(mode="batched", act="float8_e5m2", weight="mxfloat4_e2m1", is_persistent=True,
                               block_m=128, m=1024, n=1024, k=1024)),
]


def run_one(tm, name, o, target, device):
    m, n, k = o.get("m", 768), o.get("n", 512), o.get("k", 1024)
    nw = o.get("num_warps", 8 if target == 90 else None)
    args = dict(m=m, n=n, k=k, split_k=o.get("split_k", 1), do_gather=o.get("do_gather", False),
                do_scatter=o.get("do_scatter", False), inner_expt_opt=None, do_gamma=False,
                is_persistent=o.get("is_persistent", False), num_warps=nw,
                n_slices=1 if o["mode"] == "plain" else 10, mode=o["mode"], act_dtype_str=o["act"],
                weight_dtype_str=o["weight"], block_m=o.get("block_m", 16),
                b_hbm_swizzling=o.get("b_hbm_swizzling", False), a_hbm_swizzling=False,
                colmajor_mxfp_weight=True, epilogue_subtile=o.get("epilogue_subtile"), a_transpose=False,
                b_transpose=False, c_transpose=False, swiglu_opts=o.get("swiglu_opts"), device=device,
                opt_flags_scope=None)
    import pytest
    import triton_kernels.matmul_details.opt_flags as opt_flags
    try:
        tm._test_op(**args)
        return "passed" if target == 90 else "ran"
    except pytest.skip.Exception as e:
        return f"skipped: {e}"
    except BaseException as e:  # noqa: BLE001 (a launch on the wrong GPU, a numerics assertion)
        return f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
    finally:
        opt_flags.reset_opt_flags_constraints()


def normalize(text):
    text = re.sub(r'loc\("[^"]*/(triton/[^"]+\.py)"', r'loc("\1"', text)
    return re.sub(r'loc\("(?!triton/)[^"]*/([^"/]+\.py)"', r'loc("\1"', text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", choices=["90", "100", "gfx942", "gfx950"], required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    a.target = int(a.target) if a.target.isdigit() else a.target
    cache = tempfile.mkdtemp(prefix="tkcache")
    os.environ["TRITON_CACHE_DIR"] = cache
    import torch
    import triton
    from triton.backends.compiler import GPUTarget
    if not hasattr(GPUTarget, "is_cuda_backend"):  # the package at v3.6.1 asks; Triton 3.6.0 lacks it
        GPUTarget.is_cuda_backend = lambda self: self.backend == "cuda"
    if a.target != 90:
        from triton.compiler.compiler import CompiledKernel
        from triton.runtime import driver
        t = GPUTarget("cuda", 100, 32) if a.target == 100 else GPUTarget("hip", a.target, 64)
        driver.active.get_current_target = lambda: t
        if a.target == 100:
            torch.cuda.get_device_capability = lambda *x, **y: (10, 0)

        # sm_100 and AMD code cannot be loaded on the H200: every launch (the package's helper kernels
        # too) becomes a no-op, so that each kernel after the first still gets compiled
        def no_load(self):
            if self.module is None:
                self.module, self.function, self.n_regs, self.n_spills, self.n_max_threads = 1, 0, 0, 0, 1024
                self._run = lambda *x, **y: None
        CompiledKernel._init_handles = no_load
    sys.path.insert(0, os.path.join(os.environ.get("PYTHONPATH", "."), "tests"))
    import test_matmul as tm
    os.makedirs(a.out, exist_ok=True)
    index = []
    seen = set()
    for name, o in CONFIGS:
        outcome = run_one(tm, name, o, a.target, "cuda")
        print(f"{name}: {outcome}", flush=True)
        for p in sorted(glob.glob(os.path.join(cache, "*", "*.ttgir"))):
            if p in seen:
                continue
            seen.add(p)
            meta_p = p[:-len(".ttgir")] + ".json"
            meta = json.load(open(meta_p)) if os.path.exists(meta_p) else {}
            kname = os.path.basename(p)[:-len(".ttgir")]
            h = os.path.basename(os.path.dirname(p))[:8]
            fn = f"tk_{kname}_{a.target}_{name}_{h}.ttgir"
            with open(os.path.join(a.out, fn), "w") as f:
                f.write(normalize(open(p).read()))
            index.append("\t".join([fn, kname, str(a.target), str(meta.get("num_warps", "?")), name,
                                    outcome.replace("\t", " ")]))
    with open(os.path.join(a.out, "index.tsv"), "w") as f:
        f.write("file\tkernel\ttarget\tnum_warps\tconfig\toutcome\n" + "\n".join(index) + "\n")
    print(f"{len(index)} TTGIR files", flush=True)


if __name__ == "__main__":
    main()
