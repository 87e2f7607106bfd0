"""Run one kernel variant on the GPU (or compile it for another target) and write a JSON verdict.

Started by run_examples.py, one process per variant, so that a hanging kernel only takes its own process
down. Modes:
  hw         launch REPS times, compare each output with the torch reference; save the TTGIR right after the
             first launch, before synchronizing (a hanging variant never returns from the synchronize)
  consan     one launch with TRITON_INSTRUMENTATION_MODE=consan (set by the parent), report what happened
  compile100 compile for cuda:100 without launching (Blackwell kernels; no Blackwell GPU needed)
  ref        run the correct kernel once on seeded inputs and save inputs and outputs as .npy
"""
import argparse
import importlib.util
import json
import os
import re
import sys
import time
import traceback

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def load_module(name):
    if name == "ws_add":
        path = os.path.join(ROOT, "tests", "corpus", "gluon", "kernels.py")
    else:
        path = os.path.join(ROOT, "examples", name, "kernel.py")
    spec = importlib.util.spec_from_file_location(f"tlxv_example_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def normalize_ttgir(text):
    """Locations carry absolute paths; like the corpus, keep Triton's own files from `triton/` on
    (loc("triton/language/standard.py":..)) and only the file name of everything else (loc("kernel.py":..))."""
    text = re.sub(r'loc\("[^"]*/(triton/[^"]+\.py)"', r'loc("\1"', text)
    return re.sub(r'loc\("(?!triton/)[^"]*/([^"/]+\.py)"', r'loc("\1"', text)


def write_json(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, indent=1)
        f.flush()
        os.fsync(f.fileno())


def save_ttgir(ck, path):
    with open(path, "w") as f:
        f.write(normalize_ttgir(ck.asm["ttgir"]))
        f.flush()
        os.fsync(f.fileno())


def wait_done(torch, timeout):
    """Poll an event behind the launch; True when done, False on timeout. Raises on a CUDA error."""
    ev = torch.cuda.Event()
    ev.record()
    t0 = time.time()
    while not ev.query():
        if time.time() - t0 > timeout:
            return False
        time.sleep(0.02)
    torch.cuda.synchronize()
    return True


# ---------------------------------------------------------------- ws_add (corpus kernel) launch
WS_ADD = dict(xnumel=256, ynumel=2048, XBLOCK=32, YBLOCK=64, NB=2, NC=2, num_warps=4, maxnreg=128)


def ws_add_launch(mod, a, b, bug):
    import torch
    import triton
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
    L = WS_ADD
    c = torch.full_like(a, float("nan"))
    block = [L["XBLOCK"], L["YBLOCK"]]
    lay = gl.NVMMASharedLayout.get_default_for(block, gl.float32)
    descs = [TensorDescriptor.from_tensor(t, block, lay) for t in (a, b, c)]
    grid = (triton.cdiv(L["xnumel"], L["XBLOCK"]), )
    ck = mod.ws_add_kernel[grid](*descs, L["xnumel"], L["ynumel"], L["XBLOCK"], L["YBLOCK"], L["NB"], L["NC"], bug,
                                 num_warps=L["num_warps"], maxnreg=L["maxnreg"])
    return ck, c


def mode_ref(args, res):
    import numpy as np
    import torch
    mod = load_module(args.example)
    d = os.path.join(args.outdir, "ref", args.example)
    os.makedirs(d, exist_ok=True)
    if args.example == "ws_add":
        g = torch.Generator(device="cpu").manual_seed(args.seed)
        shape = (WS_ADD["xnumel"], WS_ADD["ynumel"])
        # Multiples of 1/8 in [-8, 8): every sum is exact in fp32, so the output is fully determined.
        a = (torch.randint(-64, 64, shape, generator=g, dtype=torch.int32).float() / 8).cuda()
        b = (torch.randint(-64, 64, shape, generator=g, dtype=torch.int32).float() / 8).cuda()
        ck, c = ws_add_launch(mod, a, b, 0)
        save_ttgir(ck, os.path.join(d, "ws_add.bug0.ttgir"))
        if not wait_done(torch, 30):
            res.update(status="hang")
            return
        arrays = {"a": a, "b": b, "c": c}
        res["exact_match_torch"] = bool(torch.equal(c, a + b))
    else:
        inp = mod.make_inputs(args.seed)
        ck, out = mod.launch(inp, 0)
        if not wait_done(torch, 30):
            res.update(status="hang")
            return
        ref = mod.reference(inp)
        arrays = dict(inp)
        arrays["c"] = out
        arrays["c_torch"] = ref
        res["allclose_torch"] = mod.check(out, ref)
        res["max_abs_diff_torch"] = float((out.float() - ref.float()).abs().max())
    for k, v in arrays.items():
        np.save(os.path.join(d, f"{k}.npy"), v.cpu().numpy())
    res["files"] = {k: [list(v.shape), str(v.dtype)] for k, v in arrays.items()}
    res["status"] = "ok"


def mode_run(args, res):
    import torch
    import triton
    # ConSan (and nothing else here) needs a global scratch allocator.
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    mod = load_module(args.example)
    inp = mod.make_inputs(args.seed)
    ref = mod.reference(inp)
    good = 0
    for rep in range(args.reps):
        try:
            ck, out = mod.launch(inp, args.bug)
        except Exception as e:  # noqa: BLE001
            res.update(status="compile/launch error", detail=f"{type(e).__name__}: {e}"[:4000], correct=good,
                       reps=rep)
            return
        if rep == 0:
            res["t_compiled"] = time.time()
            if args.mode == "hw":
                save_ttgir(ck, os.path.join(args.outdir, "ttgir", f"{args.example}.bug{args.bug}.ttgir"))
            res["n_regs"] = getattr(ck, "n_regs", None)
        try:
            done = wait_done(torch, args.timeout)
        except Exception as e:  # noqa: BLE001
            res.update(status="launch failure", detail=f"{type(e).__name__}: {e}"[:4000], correct=good, reps=rep)
            return
        if not done:
            res.update(status="hang", detail=f"not finished {args.timeout} s after launch {rep}", correct=good,
                       reps=rep)
            return
        if mod.check(out, ref):
            good += 1
        elif "first_bad" not in res:
            res["first_bad"] = rep
            res["max_abs_diff"] = float((out.float() - ref.float()).nan_to_num(1e9).abs().max())
    res.update(status="correct" if good == args.reps else "wrong results", correct=good, reps=args.reps)


def mode_compile100(args, res):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.runtime import driver
    target = GPUTarget("cuda", 100, 32)
    # The JIT reads the target once per device (create_binder); point it at sm_100 before the first compile.
    driver.active.get_current_target = lambda: target
    mod = load_module(args.example)
    inp = mod.make_inputs(args.seed)
    res["layouts"] = [repr(x) for x in mod.host_layouts()]
    out = os.path.join(args.outdir, "ttgir", f"{args.example}.bug{args.bug}.ttgir")
    try:
        ck = mod.compile_only(inp, args.bug)
        save_ttgir(ck, out)
        res.update(status="compiled", target=str(ck.metadata.target) if hasattr(ck, "metadata") else "?")
    except Exception as e:  # noqa: BLE001
        res.update(status="compile error", detail=f"{type(e).__name__}: {e}"[-4000:])
        # A failure after the TTGIR stage (e.g. ptxas) still leaves the TTGIR in the dump directory.
        dump = os.environ.get("TRITON_DUMP_DIR")
        if dump:
            for dp, _, fs in os.walk(dump):
                for fn in fs:
                    if fn.endswith(".ttgir"):
                        with open(os.path.join(dp, fn)) as f:
                            txt = f.read()
                        with open(out, "w") as f:
                            f.write(normalize_ttgir(txt))
                        res["ttgir_from_dump"] = True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", required=True, choices=["hw", "consan", "compile100", "ref"])
    ap.add_argument("--example", required=True)
    ap.add_argument("--bug", type=int, default=0)
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--timeout", type=float, default=15)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--outdir", required=True)
    ap.add_argument("--result", required=True)
    args = ap.parse_args()
    os.makedirs(os.path.join(args.outdir, "ttgir"), exist_ok=True)
    res = dict(vars(args), status="started", t_start=time.time())
    write_json(args.result, res)
    try:
        if args.mode == "ref":
            mode_ref(args, res)
        elif args.mode == "compile100":
            mode_compile100(args, res)
        else:
            mode_run(args, res)
    except Exception as e:  # noqa: BLE001
        res.update(status="error", detail=traceback.format_exc()[-4000:])
    res["t_end"] = time.time()
    write_json(args.result, res)
    sys.stdout.flush()
    sys.stderr.flush()
    # A hung kernel would make a normal interpreter exit wait on the device; leave at once.
    os._exit(0)


if __name__ == "__main__":
    main()
