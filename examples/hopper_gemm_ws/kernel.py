"""Warp-specialized Hopper GEMM in Gluon (C = A @ B, fp16 in, fp32 accumulate, fp16 out), with planted bugs.

Partitions: default (4 warps) = async wgmma consumer + epilogue (SMEM store, TMA store); worker (1 warp) =
TMA load producer. Operand stages form a ring of NB slots guarded by `ready` (TMA -> MMA, expect-tx) and
`empty` (MMA -> TMA) mbarriers. A stage is released only once `warpgroup_mma_wait(1)` proves the wgmma
that read it has retired. BUG == 0 is correct; every other value plants one synchronization bug.
"""
import torch
import triton
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
from triton.experimental.gluon.language.nvidia.hopper import (tma, mbarrier, fence_async_shared, warpgroup_mma,
                                                              warpgroup_mma_wait)

# 1 load partition waits on `empty` with parity ph instead of ph ^ 1 (hang), 2 stage released right after the
# async wgmma is issued, before warpgroup_mma_wait covers it (race: TMA overwrites operands still being read),
# 3 expect counts only A's bytes (tx-mismatch), 4 no fence_async_shared between the SMEM store of C and the TMA
# store (proxy race), 5 MMA partition never arrives on `empty` (hang once the ring wraps), 6 MMA partition
# reads a stage without waiting on `ready` (race).
BUGS = {0: "ok", 1: "hang", 2: "race", 3: "tx-mismatch", 4: "proxy-fence", 5: "hang", 6: "race"}


@gluon.jit
def gemm_load(descs, bars, bufs, off_m, off_n, K, BUG: gl.constexpr):
    a_desc, b_desc, c_desc = descs
    ready, empty = bars
    a_bufs, b_bufs, c_smem = bufs
    NB: gl.constexpr = a_bufs.type.shape[0]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    for k in range(gl.cdiv(K, BLOCK_K)):
        s = k % NB
        ph = k // NB & 1
        if BUG == 1:
            mbarrier.wait(empty.index(s), ph)
        else:
            mbarrier.wait(empty.index(s), ph ^ 1)
        if BUG == 3:
            mbarrier.expect(ready.index(s), a_desc.block_type.nbytes)
        else:
            mbarrier.expect(ready.index(s), a_desc.block_type.nbytes + b_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(a_desc, [off_m, k * BLOCK_K], ready.index(s), a_bufs.index(s))
        tma.async_copy_global_to_shared(b_desc, [k * BLOCK_K, off_n], ready.index(s), b_bufs.index(s))


@gluon.jit
def gemm_mma_epilogue(descs, bars, bufs, off_m, off_n, K, mma_layout: gl.constexpr, BUG: gl.constexpr):
    a_desc, b_desc, c_desc = descs
    ready, empty = bars
    a_bufs, b_bufs, c_smem = bufs
    NB: gl.constexpr = a_bufs.type.shape[0]
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    acc = gl.zeros([BLOCK_M, BLOCK_N], gl.float32, mma_layout)
    for k in range(gl.cdiv(K, BLOCK_K)):
        s = k % NB
        ph = k // NB & 1
        if BUG != 6:
            mbarrier.wait(ready.index(s), ph)
        acc = warpgroup_mma(a_bufs.index(s), b_bufs.index(s), acc, is_async=True)
        if BUG == 2:
            mbarrier.arrive(empty.index(s), count=1)
            acc = warpgroup_mma_wait(num_outstanding=1, deps=(acc, ))
        else:
            # After this wait at most one wgmma (the one just issued) is in flight: stage k-1 is free.
            acc = warpgroup_mma_wait(num_outstanding=1, deps=(acc, ))
            if BUG != 5:
                mbarrier.arrive(empty.index((k + NB - 1) % NB), count=1, pred=k > 0)
    acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc, ))
    c_smem.store(acc.to(gl.float16))
    if BUG != 4:
        fence_async_shared()
    tma.async_copy_shared_to_global(c_desc, [off_m, off_n], c_smem)
    tma.store_wait(0)


@gluon.jit
def hopper_gemm_ws_kernel(a_desc, b_desc, c_desc, M, N, K, NB: gl.constexpr, BUG: gl.constexpr,
                          num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    mma_layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[num_warps, 1],
                                                         instr_shape=[16, BLOCK_N, 16])
    a_bufs = gl.allocate_shared_memory(a_desc.dtype, [NB] + a_desc.block_type.shape, a_desc.layout)
    b_bufs = gl.allocate_shared_memory(b_desc.dtype, [NB] + b_desc.block_type.shape, b_desc.layout)
    c_smem = gl.allocate_shared_memory(c_desc.dtype, c_desc.block_type.shape, c_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [NB, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [NB, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(NB):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=1)
    off_m = gl.program_id(0) * BLOCK_M
    off_n = gl.program_id(1) * BLOCK_N
    descs = (a_desc, b_desc, c_desc)
    bars = (ready, empty)
    bufs = (a_bufs, b_bufs, c_smem)
    gl.warp_specialize([
        (gemm_mma_epilogue, (descs, bars, bufs, off_m, off_n, K, mma_layout, BUG)),
        (gemm_load, (descs, bars, bufs, off_m, off_n, K, BUG)),
    ], [1], [24])


# ---------------------------------------------------------------- host side (not part of the TTGIR)
LAUNCH = dict(M=128, N=128, K=256, BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, NB=2, num_warps=4, maxnreg=128)


def make_inputs(seed=0, device="cuda"):
    g = torch.Generator(device="cpu").manual_seed(seed)
    M, N, K = LAUNCH["M"], LAUNCH["N"], LAUNCH["K"]
    a = torch.randn(M, K, generator=g, dtype=torch.float32).to(torch.float16).to(device)
    b = torch.randn(K, N, generator=g, dtype=torch.float32).to(torch.float16).to(device)
    return {"a": a, "b": b}


def reference(inp):
    return (inp["a"].float() @ inp["b"].float()).to(torch.float16)


def launch(inp, bug):
    """Launch once; returns (compiled kernel, output tensor). Does not synchronize."""
    L = LAUNCH
    a, b = inp["a"], inp["b"]
    c = torch.full((L["M"], L["N"]), float("nan"), device=a.device, dtype=torch.float16)
    a_l = gl.NVMMASharedLayout.get_default_for([L["BLOCK_M"], L["BLOCK_K"]], gl.float16)
    b_l = gl.NVMMASharedLayout.get_default_for([L["BLOCK_K"], L["BLOCK_N"]], gl.float16)
    c_l = gl.NVMMASharedLayout.get_default_for([L["BLOCK_M"], L["BLOCK_N"]], gl.float16)
    a_desc = TensorDescriptor.from_tensor(a, [L["BLOCK_M"], L["BLOCK_K"]], a_l)
    b_desc = TensorDescriptor.from_tensor(b, [L["BLOCK_K"], L["BLOCK_N"]], b_l)
    c_desc = TensorDescriptor.from_tensor(c, [L["BLOCK_M"], L["BLOCK_N"]], c_l)
    grid = (triton.cdiv(L["M"], L["BLOCK_M"]), triton.cdiv(L["N"], L["BLOCK_N"]))
    ck = hopper_gemm_ws_kernel[grid](a_desc, b_desc, c_desc, L["M"], L["N"], L["K"], L["NB"], bug,
                                     num_warps=L["num_warps"], maxnreg=L["maxnreg"])
    return ck, c


def check(out, ref):
    return bool(torch.allclose(out.float(), ref.float(), atol=5e-2, rtol=1e-2))
