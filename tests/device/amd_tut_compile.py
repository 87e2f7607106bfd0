"""Compile Triton's own tutorial kernels (TLX fork tag v3.6.1) for hip:gfx942 / hip:gfx950 with
nothing launched, and keep their TTGIR (tests/corpus/amd/amd_t0*: README.md there).

  TUT=DIR python3 tests/device/amd_tut_compile.py OUT [ID ...]

DIR holds the tutorial files, which are not in this repository (`git show
v3.6.1:python/tutorials/<file>` of the fork; the device machine reaches nothing outside, so copy
them into the working tree, untracked, before the run). Each file is reduced to its imports and
its @triton.jit functions with the line numbers kept (every other line blanked, autotune and
launch-metadata decorators dropped), so the TTGIR's locations name the tutorial's own file and
line. Writes OUT/amd_tut_<ID>_<arch>.ttgir and prints one line per (ID, arch); each compile runs
in its own process (an LLVM error aborts it). Run of 2026-12-02 (Triton 3.6.0, H200 machine):
all 20 compiled."""
import ast
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
T = os.environ.get("TUT", os.path.join(HERE, "tut"))
P16, P32 = "*fp16", "*fp32"


def mm_sig(n):
    return dict({k: P16 for k in ("a_ptr", "b_ptr", "c_ptr")}, **{k: "i32" for k in n})


MMS = ("M", "N", "K", "stride_am", "stride_ak", "stride_bk", "stride_bn", "stride_cm", "stride_cn")
ATT = dict(sm_scale="fp32", M=P32, Z="i32", H="i32", desc_q=P16, desc_k=P16, desc_v=P16, desc_o=P16, N_CTX="i32")
BWD = dict(Q=P16, K=P16, V=P16, sm_scale="fp32", DO=P16, DQ=P16, DK=P16, DV=P16, M=P32, D=P32, stride_z="i32",
           stride_h="i32", stride_tok="i32", stride_d="i32", H="i32", N_CTX="i32")
# id: (file, kernel, signature, constexprs, num_warps, num_stages)
K = {
    "vadd": ("01-vector-add", "add_kernel", dict(x_ptr=P32, y_ptr=P32, output_ptr=P32, n_elements="i32"),
             dict(BLOCK_SIZE=1024), 4, 2),
    "softmax": ("02-fused-softmax", "softmax_kernel",
                dict(output_ptr=P32, input_ptr=P32, input_row_stride="i32", output_row_stride="i32", n_rows="i32",
                     n_cols="i32"), dict(BLOCK_SIZE=1024, num_stages=2), 8, 2),
    "lnfwd": ("05-layer-norm", "_layer_norm_fwd_fused",
              dict(X=P16, Y=P16, W=P16, B=P16, Mean=P32, Rstd=P32, stride="i32", N="i32", eps="fp32"),
              dict(BLOCK_SIZE=1024), 8, 2),
    "lnbwd": ("05-layer-norm", "_layer_norm_bwd_dx_fused",
              dict(DX=P16, DY=P16, DW=P16, DB=P16, X=P16, W=P16, Mean=P32, Rstd=P32, Lock="*i32", stride="i32",
                   N="i32"), dict(GROUP_SIZE_M=64, BLOCK_SIZE_N=1024), 8, 2),
    "lndwdb": ("05-layer-norm", "_layer_norm_bwd_dwdb", dict(DW=P16, DB=P16, FINAL_DW=P16, FINAL_DB=P16, M="i32",
                                                               N="i32"), dict(BLOCK_SIZE_M=32, BLOCK_SIZE_N=128), 4, 2),
    "pmm": ("09-persistent-matmul", "matmul_kernel_persistent", mm_sig(MMS),
            dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, NUM_SMS=304), 8, 2),
    "gmm": ("08-grouped-gemm", "grouped_matmul_kernel",
            dict(group_a_ptrs="*i64", group_b_ptrs="*i64", group_c_ptrs="*i64", group_gemm_sizes="*i32",
                 g_lds="*i32", group_size="i32"), dict(NUM_SM=304, BLOCK_SIZE_M=128, BLOCK_SIZE_N=128,
                                                       BLOCK_SIZE_K=32), 4, 2),
    "attfwd": ("06-fused-attention", "_attn_fwd", ATT,
               dict(HEAD_DIM=64, BLOCK_M=128, BLOCK_N=64, FP8_OUTPUT=False, STAGE=1, warp_specialize=False,
                    IS_HOPPER=False), 4, 1),
    "attfwdc": ("06-fused-attention", "_attn_fwd", ATT,
                dict(HEAD_DIM=64, BLOCK_M=128, BLOCK_N=64, FP8_OUTPUT=False, STAGE=3, warp_specialize=False,
                     IS_HOPPER=False), 4, 1),
    "attbwd": ("06-fused-attention", "_attn_bwd", BWD,
               dict(BLOCK_M1=32, BLOCK_N1=128, BLOCK_M2=128, BLOCK_N2=32, BLK_SLICE_FACTOR=2, HEAD_DIM=64,
                    CAUSAL=True), 4, 5),
}


def reduced(name):
    """The tutorial with only imports and jit functions left; other lines blank."""
    src = open(os.path.join(T, name + ".py")).read()
    lines = src.split("\n")
    keep = [False] * len(lines)
    tree = ast.parse(src)
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for i in range(node.lineno - 1, node.end_lineno):
                keep[i] = True
        elif isinstance(node, ast.FunctionDef):
            jit = [d for d in node.decorator_list if "jit" in ast.unparse(d)]
            if not jit:
                continue
            for i in range(node.lineno - 1, node.end_lineno):
                keep[i] = True
            d = jit[0]
            lines[d.lineno - 1] = " " * node.col_offset + "@triton.jit"
            for i in range(d.lineno, d.end_lineno):
                lines[i] = ""
            keep[d.lineno - 1] = True
    out = [ln if k else "" for ln, k in zip(lines, keep)]
    out = [("" if re.match(r"\s*from triton\.tools|\s*import (torch|pytest)", ln) else ln) for ln in out]
    d = f"/tmp/amd_tut_src-{os.getpid()}"
    os.makedirs(d, exist_ok=True)
    p = os.path.join(d, name + ".py")
    open(p, "w").write("\n".join(out))
    return p


def one(o, kid, arch):
    fname, kern, sig, cx, nw, ns = K[kid]
    import importlib.util
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    p = reduced(fname)
    spec = importlib.util.spec_from_file_location(fname.replace("-", "_"), p)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    fn = getattr(m, kern)
    full = dict(sig)
    for k, v in cx.items():
        full[k] = "constexpr"
    s = ASTSource(fn, full, constexprs=cx, attrs={})
    k = triton.compile(s, target=GPUTarget("hip", arch, 64), options=dict(num_warps=nw, num_stages=ns))
    text = re.sub(r'loc\("[^"]*/([^"/]+\.py)"', r'loc("\1"', k.asm["ttgir"])
    open(f"{o}/amd_tut_{kid}_{arch}.ttgir", "w").write(text)
    print("written", kid, arch, triton.__version__)


if __name__ == "__main__":
    o = sys.argv[1]
    if len(sys.argv) > 2 and sys.argv[2] == "--one":
        one(o, sys.argv[3], sys.argv[4])
        sys.exit(0)
    ids = sys.argv[2:] or list(K)
    procs = []
    for kid in ids:
        for arch in ("gfx942", "gfx950"):
            procs.append((kid, arch, subprocess.Popen([sys.executable, __file__, o, "--one", kid, arch],
                                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)))
    for kid, arch, p in procs:
        try:
            out, _ = p.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            p.kill()
            out = "timeout"
        lines = out.strip().split("\n")
        print(kid, arch, p.returncode, [x for x in lines if "rror" in x][:3] + lines[-2:])
