"""Warp-specialized Blackwell GEMM in Gluon with tcgen05_mma and tensor memory, with planted bugs.

C = A @ B, fp16 in, fp32 accumulator in TMEM, fp16 out. Each program computes TILES output tiles along N, one
after the other, through a single TMEM accumulator. Partitions: default (4 warps) = epilogue (TMEM load, SMEM
store, TMA store); worker 0 (1 warp) = TMA loads into a ring of NB stages; worker 1 (1 warp) = tcgen05_mma
issuer. Barriers: ready/empty per stage (empty is arrived by the MMA's completion, via `mbarriers=`),
acc_ready (tcgen05_commit after the tile's last MMA) and acc_empty (epilogue has read the accumulator).
Compiled for cuda:100 only (no Blackwell GPU is needed to produce the TTGIR); never run here.
BUG == 0 is correct; every other value plants one synchronization bug.
"""
import torch
import triton
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
from triton.experimental.gluon.language.nvidia.blackwell import (tma, mbarrier, fence_async_shared,
                                                                 allocate_tensor_memory, tcgen05_mma,
                                                                 tcgen05_commit)

# 1 epilogue loads TMEM without waiting on acc_ready (race with the MMAs), 2 MMAs carry no completion barrier,
# so no stage is ever released (hang once the ring wraps), 3 epilogue arrives on acc_empty before its TMEM load
# (race: next tile's first MMA overwrites the accumulator being read), 4 expect counts only A's bytes
# (tx-mismatch), 5 acc_ready is committed after the tile's first MMA instead of after its last (race),
# 6 MMA partition waits on `ready` with parity ph ^ 1 (passes before the data lands: race / phase alias).
BUGS = {0: "ok", 1: "race", 2: "hang", 3: "race", 4: "tx-mismatch", 5: "race", 6: "race"}


@gluon.jit
def bw_load(descs, bars, bufs, off_m, pid_n, K, TILES: gl.constexpr, BUG: gl.constexpr):
    a_desc, b_desc, c_desc = descs
    ready, empty, acc_ready, acc_empty = bars
    a_bufs, b_bufs, c_smem = bufs
    NB: gl.constexpr = a_bufs.type.shape[0]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    BLOCK_N: gl.constexpr = b_desc.block_type.shape[1]
    num_k = gl.cdiv(K, BLOCK_K)
    for t in range(TILES):
        off_n = (pid_n * TILES + t) * BLOCK_N
        for k in range(num_k):
            it = t * num_k + k
            s = it % NB
            ph = it // NB & 1
            mbarrier.wait(empty.index(s), ph ^ 1)
            if BUG == 4:
                mbarrier.expect(ready.index(s), a_desc.block_type.nbytes)
            else:
                mbarrier.expect(ready.index(s), a_desc.block_type.nbytes + b_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(a_desc, [off_m, k * BLOCK_K], ready.index(s), a_bufs.index(s))
            tma.async_copy_global_to_shared(b_desc, [k * BLOCK_K, off_n], ready.index(s), b_bufs.index(s))


@gluon.jit
def bw_mma(descs, bars, bufs, acc_tmem, K, TILES: gl.constexpr, BUG: gl.constexpr):
    a_desc, b_desc, c_desc = descs
    ready, empty, acc_ready, acc_empty = bars
    a_bufs, b_bufs, c_smem = bufs
    NB: gl.constexpr = a_bufs.type.shape[0]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    num_k = gl.cdiv(K, BLOCK_K)
    for t in range(TILES):
        # The epilogue must have drained the accumulator of the previous tile.
        mbarrier.wait(acc_empty, (t & 1) ^ 1)
        for k in range(num_k):
            it = t * num_k + k
            s = it % NB
            ph = it // NB & 1
            if BUG == 6:
                mbarrier.wait(ready.index(s), ph ^ 1)
            else:
                mbarrier.wait(ready.index(s), ph)
            if BUG == 2:
                tcgen05_mma(a_bufs.index(s), b_bufs.index(s), acc_tmem, use_acc=k > 0)
            else:
                tcgen05_mma(a_bufs.index(s), b_bufs.index(s), acc_tmem, use_acc=k > 0, mbarriers=[empty.index(s)])
            if BUG == 5:
                if k == 0:
                    tcgen05_commit(acc_ready)
        if BUG != 5:
            tcgen05_commit(acc_ready)


@gluon.jit
def bw_epilogue(descs, bars, bufs, acc_tmem, pid_m, pid_n, acc_reg_layout: gl.constexpr, TILES: gl.constexpr,
                BUG: gl.constexpr):
    a_desc, b_desc, c_desc = descs
    ready, empty, acc_ready, acc_empty = bars
    a_bufs, b_bufs, c_smem = bufs
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    for t in range(TILES):
        if BUG != 1:
            mbarrier.wait(acc_ready, t & 1)
        if BUG == 3:
            mbarrier.arrive(acc_empty, count=1)
            acc = acc_tmem.load(acc_reg_layout)
        else:
            acc = acc_tmem.load(acc_reg_layout)
            mbarrier.arrive(acc_empty, count=1)
        c_smem.store(acc.to(gl.float16))
        fence_async_shared()
        tma.async_copy_shared_to_global(c_desc, [pid_m * BLOCK_M, (pid_n * TILES + t) * BLOCK_N], c_smem)
        tma.store_wait(0)


@gluon.jit
def blackwell_gemm_tcgen05_kernel(a_desc, b_desc, c_desc, M, N, K, NB: gl.constexpr, TILES: gl.constexpr,
                                  tmem_layout: gl.constexpr, acc_reg_layout: gl.constexpr, BUG: gl.constexpr,
                                  num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    a_bufs = gl.allocate_shared_memory(a_desc.dtype, [NB] + a_desc.block_type.shape, a_desc.layout)
    b_bufs = gl.allocate_shared_memory(b_desc.dtype, [NB] + b_desc.block_type.shape, b_desc.layout)
    c_smem = gl.allocate_shared_memory(c_desc.dtype, c_desc.block_type.shape, c_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [NB, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [NB, 1], mbarrier.MBarrierLayout())
    acc_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    acc_empty = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    for i in gl.static_range(NB):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=1)
    mbarrier.init(acc_ready, count=1)
    mbarrier.init(acc_empty, count=1)
    acc_tmem = allocate_tensor_memory(gl.float32, [BLOCK_M, BLOCK_N], tmem_layout)
    pid_m = gl.program_id(0)
    pid_n = gl.program_id(1)
    descs = (a_desc, b_desc, c_desc)
    bars = (ready, empty, acc_ready, acc_empty)
    bufs = (a_bufs, b_bufs, c_smem)
    gl.warp_specialize([
        (bw_epilogue, (descs, bars, bufs, acc_tmem, pid_m, pid_n, acc_reg_layout, TILES, BUG)),
        (bw_load, (descs, bars, bufs, pid_m * BLOCK_M, pid_n, K, TILES, BUG)),
        (bw_mma, (descs, bars, bufs, acc_tmem, K, TILES, BUG)),
    ], [1, 1], [24, 24])


# ---------------------------------------------------------------- host side (not part of the TTGIR)
LAUNCH = dict(M=256, N=256, K=256, BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, NB=2, TILES=2, num_warps=4)


def _unwrap(x):
    return x.value if type(x).__name__ == "constexpr" else x


def host_layouts():
    """TMEM layout and the matching register layout, built on the host (the helper names moved between
    Triton releases; this tries the 3.6 spellings first)."""
    from triton.experimental.gluon.language.nvidia import blackwell as bw
    L = LAUNCH
    BM, BN, nw = L["BLOCK_M"], L["BLOCK_N"], L["num_warps"]
    try:
        tl_ = bw.TensorMemoryLayout(block=(BM, BN), col_stride=1)
    except TypeError:
        tl_ = bw.TensorMemoryLayout(block=(BM, BN), unpacked=True)
    reg = None
    errs = []
    if hasattr(bw, "get_tmem_reg_layout"):
        try:
            reg = _unwrap(bw.get_tmem_reg_layout(gl.float32, (BM, BN), tl_, nw))
        except Exception as e:  # noqa: BLE001
            errs.append(repr(e))
    if reg is None and hasattr(bw, "get_tmem_32x32b_reg_layout"):
        try:
            reg = _unwrap(bw.get_tmem_32x32b_reg_layout(BM, BN, [BM, BN], nw))
        except Exception as e:  # noqa: BLE001
            errs.append(repr(e))
    if reg is None:
        # 32x32b access pattern: thread i of the warpgroup owns TMEM lane (row) i, all BN columns.
        reg = gl.BlockedLayout([1, BN], [32, 1], [nw, 1], [0, 1])
    return tl_, reg, errs


def make_inputs(seed=0, device="cuda"):
    g = torch.Generator(device="cpu").manual_seed(seed)
    M, N, K = LAUNCH["M"], LAUNCH["N"], LAUNCH["K"]
    a = torch.randn(M, K, generator=g).to(torch.float16).to(device)
    b = torch.randn(K, N, generator=g).to(torch.float16).to(device)
    return {"a": a, "b": b}


def compile_only(inp, bug):
    """Compile for the current (possibly overridden) target without launching; returns the compiled kernel."""
    L = LAUNCH
    a, b = inp["a"], inp["b"]
    c = torch.empty((L["M"], L["N"]), device=a.device, dtype=torch.float16)
    a_l = gl.NVMMASharedLayout.get_default_for([L["BLOCK_M"], L["BLOCK_K"]], gl.float16)
    b_l = gl.NVMMASharedLayout.get_default_for([L["BLOCK_K"], L["BLOCK_N"]], gl.float16)
    c_l = gl.NVMMASharedLayout.get_default_for([L["BLOCK_M"], L["BLOCK_N"]], gl.float16)
    a_desc = TensorDescriptor.from_tensor(a, [L["BLOCK_M"], L["BLOCK_K"]], a_l)
    b_desc = TensorDescriptor.from_tensor(b, [L["BLOCK_K"], L["BLOCK_N"]], b_l)
    c_desc = TensorDescriptor.from_tensor(c, [L["BLOCK_M"], L["BLOCK_N"]], c_l)
    tmem_layout, reg_layout, _ = host_layouts()
    grid = (triton.cdiv(L["M"], L["BLOCK_M"]), triton.cdiv(L["N"], L["BLOCK_N"] * L["TILES"]))
    return blackwell_gemm_tcgen05_kernel.warmup(a_desc, b_desc, c_desc, L["M"], L["N"], L["K"], L["NB"],
                                                L["TILES"], tmem_layout, reg_layout, bug, grid=grid,
                                                num_warps=L["num_warps"])
