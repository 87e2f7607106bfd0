# gen_kv_pair.py: writes tests/symbolic/kv-pair*.ttgir (four slots) and kv-pair3*.ttgir (three
# slots): `python3 tests/symbolic/gen_kv_pair.py tests/symbolic` (the files there are its output).
import sys
HDR = """// kv-pair.ok.ttgir: the FA kernels' kv ring (tests/corpus/real/fa_d64_100, partition3 and its
// MMA partition) in small: a four-slot ring used twice per padded step (K then V), twice in the
// tile loop's body before the K loop and twice per K step, with Triton's rollover counters
// (`idx + 1 == 4 ? 0 : idx + 1`, the phase flipped on that rollover) carried across the nest in
// both partitions. The parent arrives once on every `empty` slot before the fork (buffers start
// empty); partition0 waits on `empty`, expects and TMA-loads into `bufs`; the default partition
// waits on `full`, reads, fences and releases. The slot of the k-th use is (2 u + k) mod 4 (u the
// padded steps so far): each use keeps to one parity of slots, so the ring splits into two rings
// of two slots used once per step (sym_ring_split.c), and --symbolic proves the seven conditions.
// Before: "ring index is not (i + c) mod N" (two slots per step).
// kv-pair-phase.bug.ttgir: the default partition's phase starts at 1 (phase-agreement).
// kv-pair-release.bug.ttgir: the default partition's V release in the K loop arrives on the K
// slot (`empty[i]` for `empty[i + 1]`): arrival-balance (the explorer: a deadlock).
// kv-pair-fence.bug.ttgir: the default partition's fence after its V read in the K loop is
// deleted: the TMA load of the slot's next round writes through the async proxy after a generic
// read with no fence.proxy.async (proxy-fence, never proved; the explorer finds it).
// kv-pair-early.bug.ttgir: the default partition's K release before the K loop (the step before
// the inner loop only) comes before its wait and read: the loader may refill the slot while it
// is read (back-pressure: a counterexample the explorer confirms since session 40, found at
// small argument values where Z3 ran out on the query as built, sym_ctx.c small_args).
// kv-pair-wait.bug.ttgir: the default partition's V wait in the K loop is deleted: its read races
// the TMA load (back-pressure).
// kv-pair-mid.bug.ttgir: the default partition's K release in the K loop comes after its wait and
// before its read: the loader may refill the slot while it is read (back-pressure (b), whose
// release numbers stand N above the buffer's uses here: the slots start empty by an arrival
// each before the fork; proved before session 28; a confirmed counterexample since session 40,
// at small argument values).
"""
HDR3 = """// kv-pair3.ok.ttgir: kv-pair.ok.ttgir with a three-slot ring (the FA kernels' kv ring at
// d128, tests/corpus/real/fa_d128_100: K then V, two slots per padded step). The slot of the
// k-th use is (2 u + k) mod 3: both uses visit every slot, so the ring does not split by
// residue (sym_ring_split.c); its padded ops are numbered 2 itF + k (sym_ring.c infer_seq, the
// numbering proved by sym_pad_check) and --symbolic proves the seven conditions. Before: "ring
// index does not advance one slot per iteration".
// kv-pair3-phase.bug.ttgir: the default partition's phase starts at 1 (phase-agreement).
// kv-pair3-release.bug.ttgir: the default partition's V release in the K loop arrives on the K
// slot (arrival-balance not proved; the explorer: a deadlock).
// kv-pair3-fence.bug.ttgir: the fence after the V read in the K loop is deleted (proxy-fence
// not proved; the explorer finds it).
// kv-pair3-early.bug.ttgir: the K release before the K loop comes before its wait and read
// (back-pressure not proved; the explorer finds the over-arrival).
// kv-pair3-wait.bug.ttgir: the V wait in the K loop is deleted (back-pressure).
// kv-pair3-mid.bug.ttgir: the K release in the K loop between its wait and its read.
"""
MOD = """#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @kv_pair(%desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %desc_0: i32, %desc_1: i32, %desc_2: i64, %desc_3: i64, %m: i32, %kt: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %true = arith.constant true
    %bufs = ttg.local_alloc : () -> !ttg.memdesc<4x32x64xf32, #shared, #smem, mutable> loc("kv_pair.py":10:1)
    %full = ttg.local_alloc : () -> !ttg.memdesc<4x1xi64, #shared1, #smem, mutable> loc("kv_pair.py":11:1)
    %empty = ttg.local_alloc : () -> !ttg.memdesc<4x1xi64, #shared1, #smem, mutable> loc("kv_pair.py":12:1)
"""
INIT = """    %{b}{s} = ttg.memdesc_index %{b}[%c{s}] : !ttg.memdesc<4x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %{b}{s}, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc("kv_pair.py":{line}:1)
"""
PRE = """    ttng.arrive_barrier %empty{s}, 1, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc("kv_pair.py":15:1)
"""
BAR = "!ttg.memdesc<1xi64, #shared1, #smem, mutable>"
RING = "!ttg.memdesc<4x1xi64, #shared1, #smem, mutable>"
BUFS = "!ttg.memdesc<4x32x64xf32, #shared, #smem, mutable>"
BUF = "!ttg.memdesc<32x64xf32, #shared, #smem, mutable>"

def roll(p, i, ph, ind):
    return (f"{ind}%{p}n = arith.addi %{i}, %one : i32\n"
            f"{ind}%{p}r = arith.cmpi eq, %{p}n, %four : i32\n"
            f"{ind}%{p}i = arith.select %{p}r, %z, %{p}n : i32\n"
            f"{ind}%{p}x = arith.xori %{ph}, %one : i32\n"
            f"{ind}%{p}h = arith.select %{p}r, %{p}x, %{ph} : i32\n")

def wait_op(p, i, ph, ind, line):
    return (f"{ind}%{p}fb = ttg.memdesc_index %full[%{i}] : {RING} -> {BAR}\n"
            f"{ind}ttng.wait_barrier %{p}fb, %{ph}, %t : {BAR} loc(\"kv_pair.py\":{line}:7)\n")

def read_op(p, i, ind, line, fence=True):
    return (f"{ind}%{p}b = ttg.memdesc_index %bufs[%{i}] : {BUFS} -> {BUF}\n"
            f"{ind}%{p}v = ttg.local_load %{p}b : {BUF} -> tensor<32x64xf32, #blocked> loc(\"kv_pair.py\":{line}:7)\n"
            + (f"{ind}ttng.fence_async_shared {{bCluster = false}} loc(\"kv_pair.py\":{line}:9)\n" if fence else ""))

def release_op(p, i, ind, line):
    return (f"{ind}%{p}eb = ttg.memdesc_index %empty[%{i}] : {RING} -> {BAR}\n"
            f"{ind}ttng.arrive_barrier %{p}eb, 1, %t : {BAR} loc(\"kv_pair.py\":{line}:7)\n")

def cons_use(p, i, ph, ind, line, slot_rel=None, wait=True, fence=True, early=False, mid=False):
    """wait, read (and fence), release of slot i; early: the release first; mid: the release
    between the wait and the read"""
    rel = release_op(p, slot_rel or i, ind, line + 2)
    return ((rel if early else "") + (wait_op(p, i, ph, ind, line) if wait else "")
            + (rel if mid else "") + read_op(p, i, ind, line + 1, fence)
            + ("" if early or mid else rel) + roll(p, i, ph, ind))

def prod_use(p, i, ph, ind, line):
    return (f"{ind}%{p}eb = ttg.memdesc_index %pe[%{i}] : {RING} -> {BAR}\n"
            f"{ind}ttng.wait_barrier %{p}eb, %{ph}, %t : {BAR} loc(\"kv_pair.py\":{line}:7)\n"
            f"{ind}%{p}fb = ttg.memdesc_index %pf[%{i}] : {RING} -> {BAR}\n"
            f"{ind}ttng.barrier_expect %{p}fb, 8192, %t : {BAR} loc(\"kv_pair.py\":{line+1}:7)\n"
            f"{ind}%{p}b = ttg.memdesc_index %pb[%{i}] : {BUFS} -> {BUF}\n"
            f"{ind}ttng.async_tma_copy_global_to_local %d[%z, %z] %{p}b, %{p}fb, %t : !tt.tensordesc<tensor<32x64xf32, #shared>>, {BAR} -> {BUF} loc(\"kv_pair.py\":{line+2}:7)\n"
            + roll(p, i, ph, ind))

CONSTS = """      %z = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %four = arith.constant 4 : i32
      %t = arith.constant true
"""

def set_depth(s, N):
    """the ring's depth N < 4: its types, the rollover bound, no slot 3"""
    s = s.replace("4x1xi64", f"{N}x1xi64").replace("4x32x64xf32", f"{N}x32x64xf32")
    s = s.replace("%four = arith.constant 4 : i32", f"%four = arith.constant {N} : i32")
    return "".join(l for l in s.splitlines(True)
                   if not any(t in l for t in ("%full3 ", "%empty3 ", "%full3,", "%empty3,", "%c3 =")))

def kernel(cons_ph0="%z", bad_release=False, drop_wait=False, drop_fence=False, early=False, N=4,
           mid=False):
    s = MOD
    for s_ in range(4):
        if s_ >= 2:
            s += f"    %c{s_} = arith.constant {s_} : i32\n"
        else:
            s += f"    %c{s_} = arith.constant {s_} : i32\n" if False else ""
    s = s.replace("%c0_i32 = arith.constant 0 : i32\n", "%c0_i32 = arith.constant 0 : i32\n    %c0 = arith.constant 0 : i32\n    %c1 = arith.constant 1 : i32\n")
    for b, line in (("full", 13), ("empty", 14)):
        for s_ in range(4):
            s += INIT.format(b=b, s=s_, line=line)
    for s_ in range(4):
        s += PRE.format(s=s_)
    s += "    ttg.warp_specialize(%desc, %bufs, %full, %empty, %m, %kt) attributes {requestedRegisters = array<i32: 24>}\n    default {\n"
    s += CONSTS
    ph0 = "%one" if cons_ph0 == "one" else "%z"
    I6 = " " * 6; I8 = " " * 8; I10 = " " * 10
    s += f"{I6}%cr:2 = scf.for %ti = %z to %m step %one iter_args(%ci = %z, %cph = {ph0}) -> (i32, i32) : i32 {{\n"
    s += cons_use("ck", "ci", "cph", I8, 22, early=early)
    s += cons_use("cv", "cki", "ckh", I8, 25)
    s += f"{I8}%cq:2 = scf.for %kk = %one to %kt step %one iter_args(%ii = %cvi, %iph = %cvh) -> (i32, i32) : i32 {{\n"
    s += cons_use("dk", "ii", "iph", I10, 29, mid=mid)
    s += cons_use("dv", "dki", "dkh", I10, 32, slot_rel="ii" if bad_release else None, wait=not drop_wait, fence=not drop_fence)
    s += f"{I10}scf.yield %dvi, %dvh : i32, i32\n{I8}}} loc(\"kv_pair.py\":28:7)\n"
    s += f"{I8}scf.yield %cq#0, %cq#1 : i32, i32\n{I6}}} loc(\"kv_pair.py\":21:5)\n"
    s += "      ttg.warp_yield\n    }\n"
    s += f"    partition0(%d: !tt.tensordesc<tensor<32x64xf32, #shared>>, %pb: {BUFS}, %pf: {RING}, %pe: {RING}, %pm: i32, %pk: i32) num_warps(1) {{\n"
    s += CONSTS
    s += f"{I6}%pr:2 = scf.for %ti = %z to %pm step %one iter_args(%pi = %z, %pph = %z) -> (i32, i32) : i32 {{\n"
    s += prod_use("pk", "pi", "pph", I8, 42)
    s += prod_use("pv", "pki", "pkh", I8, 45)
    s += f"{I8}%pq:2 = scf.for %kk = %one to %pk step %one iter_args(%ii = %pvi, %iph = %pvh) -> (i32, i32) : i32 {{\n"
    s += prod_use("qk", "ii", "iph", I10, 49)
    s += prod_use("qv", "qki", "qkh", I10, 52)
    s += f"{I10}scf.yield %qvi, %qvh : i32, i32\n{I8}}} loc(\"kv_pair.py\":48:7)\n"
    s += f"{I8}scf.yield %pq#0, %pq#1 : i32, i32\n{I6}}} loc(\"kv_pair.py\":41:5)\n"
    s += "      ttg.warp_return\n"
    s += f"    }} : (!tt.tensordesc<tensor<32x64xf32, #shared>>, {BUFS}, {RING}, {RING}, i32, i32) -> ()\n"
    s += "    tt.return\n  }\n}\n"
    if N != 4:
        return HDR3 + set_depth(s, N)
    return HDR + s

HDR_LAG = """// kv-lag.ok.ttgir: the FA MMA partition's use of the kv ring (tests/corpus/real/fa_d64_100,
// partition3, 01-attention-forward.py _attn_fwd_mma) in small: kv-pair.ok's loader, and a
// consumer that reads and releases each V slot one padded step late, through views carried into
// the K loop (`iter_args(%pvb = V buffer, %pve = V empty barrier)`, yielded as the step's V
// views): per K step it waits for K_j, reads it, reads the previous step's V through the carried
// view, releases that V slot through the carried barrier view, releases K_j, then waits for and
// reads V_j; after the K loop it reads and releases the last V through the loop's results. The
// explicit check verifies it. --symbolic: the carried views into the nest's inner loop are not
// numbered (the FA rows' first reason, "a read after the wait has no sequence number"): a
// 2-second reproducer of it. kv-lag3.ok.ttgir: the same with a three-slot ring (fa_d128).
// kv-lag-phase.bug.ttgir: the consumer's rollover phase starts at 1.
// kv-lag-release.bug.ttgir: the carried release arrives on the K slot (empty[j]), not on the
// previous V slot: the K slot gets two arrivals, the V slot none (the explorer: a deadlock).
// kv-lag-fence.bug.ttgir: the fence after the read of the previous V (carried view) is deleted:
// the loader's TMA load into that slot follows a generic read with no fence.proxy.async.
"""

def lag_kernel(cons_ph0="%z", bad_release=False, drop_fence=False, N=4):
    """kv-lag*: kv-pair's module and loader; the consumer releases each V one step late."""
    s = kernel(N=4)[len(HDR):]
    fork = s.index("    default {\n") + len("    default {\n")
    load = s.index("    partition0(")
    I6 = " " * 6; I8 = " " * 8; I10 = " " * 10
    c = CONSTS
    c += f"{I6}%cr:2 = scf.for %ti = %z to %m step %one iter_args(%ci = %z, %cph = {cons_ph0}) -> (i32, i32) : i32 {{\n"
    c += wait_op("ck", "ci", "cph", I8, 22) + read_op("ck", "ci", I8, 23) + release_op("ck", "ci", I8, 24)
    c += roll("ck", "ci", "cph", I8)
    c += wait_op("cv", "cki", "ckh", I8, 25) + read_op("cv", "cki", I8, 26)
    c += f"{I8}%cve = ttg.memdesc_index %empty[%cki] : {RING} -> {BAR}\n" + roll("cv", "cki", "ckh", I8)
    c += (f"{I8}%cq:4 = scf.for %kk = %one to %kt step %one iter_args(%ii = %cvi, %iph = %cvh, "
          f"%pvb = %cvb, %pve = %cve) -> (i32, i32, {BUF}, {BAR}) : i32 {{\n")
    c += wait_op("dk", "ii", "iph", I10, 29) + read_op("dk", "ii", I10, 30)
    c += f"{I10}%lvv = ttg.local_load %pvb : {BUF} -> tensor<32x64xf32, #blocked> loc(\"kv_pair.py\":31:7)\n"
    if not drop_fence:
        c += f"{I10}ttng.fence_async_shared {{bCluster = false}} loc(\"kv_pair.py\":31:9)\n"
    if bad_release:
        c += (f"{I10}%bve = ttg.memdesc_index %empty[%ii] : {RING} -> {BAR}\n"
              f"{I10}ttng.arrive_barrier %bve, 1, %t : {BAR} loc(\"kv_pair.py\":32:7)\n")
    else:
        c += f"{I10}ttng.arrive_barrier %pve, 1, %t : {BAR} loc(\"kv_pair.py\":32:7)\n"
    c += release_op("dk", "ii", I10, 33) + roll("dk", "ii", "iph", I10)
    c += wait_op("dv", "dki", "dkh", I10, 34) + read_op("dv", "dki", I10, 35)
    c += f"{I10}%dve = ttg.memdesc_index %empty[%dki] : {RING} -> {BAR}\n" + roll("dv", "dki", "dkh", I10)
    c += f"{I10}scf.yield %dvi, %dvh, %dvb, %dve : i32, i32, {BUF}, {BAR}\n{I8}}} loc(\"kv_pair.py\":28:7)\n"
    c += (f"{I8}%lv = ttg.local_load %cq#2 : {BUF} -> tensor<32x64xf32, #blocked> loc(\"kv_pair.py\":37:7)\n"
          f"{I8}ttng.fence_async_shared {{bCluster = false}} loc(\"kv_pair.py\":37:9)\n"
          f"{I8}ttng.arrive_barrier %cq#3, 1, %t : {BAR} loc(\"kv_pair.py\":38:7)\n")
    c += f"{I8}scf.yield %cq#0, %cq#1 : i32, i32\n{I6}}} loc(\"kv_pair.py\":21:5)\n"
    c += "      ttg.warp_yield\n    }\n"
    s = s[:fork] + c + s[load:]
    return HDR_LAG + (set_depth(s, N) if N != 4 else s)

out = sys.argv[1]
open(f"{out}/kv-pair.ok.ttgir", "w").write(kernel())
open(f"{out}/kv-pair-phase.bug.ttgir", "w").write(kernel(cons_ph0="one"))
open(f"{out}/kv-pair-release.bug.ttgir", "w").write(kernel(bad_release=True))
open(f"{out}/kv-pair-wait.bug.ttgir", "w").write(kernel(drop_wait=True))
open(f"{out}/kv-pair-fence.bug.ttgir", "w").write(kernel(drop_fence=True))
open(f"{out}/kv-pair-early.bug.ttgir", "w").write(kernel(early=True))
open(f"{out}/kv-pair-mid.bug.ttgir", "w").write(kernel(mid=True))
open(f"{out}/kv-pair3.ok.ttgir", "w").write(kernel(N=3))
open(f"{out}/kv-pair3-phase.bug.ttgir", "w").write(kernel(cons_ph0="one", N=3))
open(f"{out}/kv-pair3-release.bug.ttgir", "w").write(kernel(bad_release=True, N=3))
open(f"{out}/kv-pair3-wait.bug.ttgir", "w").write(kernel(drop_wait=True, N=3))
open(f"{out}/kv-pair3-fence.bug.ttgir", "w").write(kernel(drop_fence=True, N=3))
open(f"{out}/kv-pair3-early.bug.ttgir", "w").write(kernel(early=True, N=3))
open(f"{out}/kv-pair3-mid.bug.ttgir", "w").write(kernel(mid=True, N=3))
open(f"{out}/kv-lag.ok.ttgir", "w").write(lag_kernel())
open(f"{out}/kv-lag3.ok.ttgir", "w").write(lag_kernel(N=3))
open(f"{out}/kv-lag-phase.bug.ttgir", "w").write(lag_kernel(cons_ph0="%one"))
open(f"{out}/kv-lag-release.bug.ttgir", "w").write(lag_kernel(bad_release=True))
open(f"{out}/kv-lag-fence.bug.ttgir", "w").write(lag_kernel(drop_fence=True))
