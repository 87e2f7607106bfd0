# gen_alpha.py: writes tests/symbolic/alpha*.ttgir: `python3 tests/symbolic/gen_alpha.py
# tests/symbolic` (the files there are its output).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
HDR = """// alpha.ok.ttgir: the FA kernels' alpha hand-over (tests/corpus/real/fa_d64_100: the softmax
// partition's ready_bars_55 / empty_bars_56, one slot each) in small. The parent arrives once on
// `afree` before the fork. partition0 (softmax) waits on `afree` once before its tile loop
// (parity 0: the round the parent made), then per step of its K loop of kt steps and once after
// it arrives on `aready` and waits on `afree`. The default partition (correction) waits on
// `aready` and arrives on `afree` once before its K loop of kt - 1 steps, once per step and once
// after it. kt + 1 rounds per tile on each barrier; the tile loops run only for kt > 0. The
// explicit check verifies it.
// alpha-pro.bug.ttgir: the softmax's wait before its tile loop has parity 1 (the round the
// correction makes only after the softmax's first arrival: a deadlock).
// alpha-early.bug.ttgir: the correction arrives on `afree` before its wait on `aready` before its
// K loop (its first arrival comes before the softmax waited for the parent's round: the
// softmax's wait before its tile loop may see the next phase; phase aliasing).
// alpha-swap.bug.ttgir: the softmax waits on `afree` before its alpha arrival in each K step (the
// correction's arrival it waits for comes after the correction's wait for that alpha arrival:
// a deadlock at the first step; progress's cycle of the two padded nests is tight, every event
// at one step, so padded_cycle_apart must not refute it).
// alpha-turn.ok.ttgir: alpha.ok with a turnstile (the FA softmax partitions' exp_turnstile, a
// ring with ops in the K loop only): the correction arrives on `cdone` after its waits on
// `aready` before and in its K loop (kt per tile); partition1 waits on `cdone` and arrives on
// `tfree` once per step of its own K loop of kt steps; the softmax waits on `tfree` after its
// alpha arrival in each K step. The softmax's `tfree` wait stays in the plain flattened nest
// while its alpha ops are in the padded one (session 42: progress orders two forms of one nest
// by the inner counter, sym_vc_progress.c before()).
// alpha-turn-swap.bug.ttgir: alpha-turn.ok with the softmax's turnstile wait before its alpha
// arrival in each K step: the turnstile's round needs the correction's `cdone` arrival, which
// comes after its wait for that alpha arrival (a deadlock at the first step, through the plain
// nest of the turnstile rings and the padded one of the alpha rings: a tight cycle across
// nests that the step layout must leave to the query).
// alpha-turn.bug.ttgir: partition1's wait on `cdone` has the other parity: at its first step it
// passes on the phase before init (a wait for the round before, lag 1), so it runs a round
// ahead and the correction's arrivals can complete `cdone`'s phases two ahead of its waits
// (phase aliasing; the explicit check finds the deadlock that follows).
"""
from barkernel import B, V1, CONSTS, module
import barkernel
def wait(bar, ph, line, s, n): return barkernel.wait("alpha.py", bar, ph, line, s, n)
def arrive(bar, line, s, n): return barkernel.arrive("alpha.py", bar, line, s, n)
def body(mut):
    s = "      "
    turn = mut.startswith("turn")
    guard = (f"{s}%go = arith.cmpi sgt, %K, %z : i32\n"
             f"{s}%mm = arith.select %go, %M, %z : i32\n")
    dguard = guard.replace("%K", "%kt").replace("%M", "%m")
    # correction (default): wait aready / arrive afree before, in (kt - 1 steps) and after its K loop
    pre = wait("%aready", "%h", 21, s + "  ", 1) + arrive("%afree", 22, s + "  ", 2)
    cd_pre = arrive("%cdone", 23, s + "  ", 12) if turn else ""
    cd_in = arrive("%cdone", 33, s + "    ", 13) if turn else ""
    if mut == "early":
        pre = arrive("%afree", 22, s + "  ", 2) + wait("%aready", "%h", 21, s + "  ", 1)
    corr = (dguard +
            f"{s}%cr = scf.for %ti = %z to %mm step %one iter_args(%h = %z) -> (i32) : i32 {{\n"
            + pre + cd_pre +
            f"{s}  %h1 = arith.xori %h, %one : i32\n"
            f"{s}  %cq = scf.for %kk = %one to %kt step %one iter_args(%u = %h1) -> (i32) : i32 {{\n"
            + wait("%aready", "%u", 31, s + "    ", 3) + arrive("%afree", 32, s + "    ", 4) + cd_in +
            f"{s}    %u1 = arith.xori %u, %one : i32\n{s}    scf.yield %u1 : i32\n"
            f"{s}  }} loc(\"alpha.py\":30:5)\n"
            + wait("%aready", "%cq", 41, s + "  ", 5) + arrive("%afree", 42, s + "  ", 6) +
            f"{s}  %h2 = arith.xori %cq, %one : i32\n{s}  scf.yield %h2 : i32\n"
            f"{s}}} loc(\"alpha.py\":20:3)\n")
    # softmax (partition0): one wait on afree before the tile loop; K loop of kt steps
    if turn:
        soft = (wait("%AF", "%z", 59, s, 7) + guard +
                f"{s}%pr:2 = scf.for %ti = %z to %mm step %one iter_args(%p = %one, %tp = %z) -> (i32, i32) : i32 {{\n"
                f"{s}  %q:2 = scf.for %kk = %z to %K step %one iter_args(%v = %p, %tv = %tp) -> (i32, i32) : i32 {{\n"
                + ((wait("%TF", "%tv", 73, s + "    ", 14) + arrive("%AR", 71, s + "    ", 8) +
                    wait("%AF", "%v", 72, s + "    ", 9)) if mut == "turn-swap" else
                   (arrive("%AR", 71, s + "    ", 8) + wait("%AF", "%v", 72, s + "    ", 9) +
                    wait("%TF", "%tv", 73, s + "    ", 14))) +
                f"{s}    %v1 = arith.xori %v, %one : i32\n{s}    %tv1 = arith.xori %tv, %one : i32\n"
                f"{s}    scf.yield %v1, %tv1 : i32, i32\n"
                f"{s}  }} loc(\"alpha.py\":70:5)\n"
                + arrive("%AR", 81, s + "  ", 10) + wait("%AF", "%q#0", 82, s + "  ", 11) +
                f"{s}  %q1 = arith.xori %q#0, %one : i32\n"
                f"{s}  scf.yield %q1, %q#1 : i32, i32\n{s}}} loc(\"alpha.py\":60:3)\n")
    else:
        soft = (wait("%AF", "%one" if mut == "pro" else "%z", 59, s, 7) + guard +
            f"{s}%pr = scf.for %ti = %z to %mm step %one iter_args(%p = %one) -> (i32) : i32 {{\n"
            f"{s}  %q = scf.for %kk = %z to %K step %one iter_args(%v = %p) -> (i32) : i32 {{\n"
            + (wait("%AF", "%v", 72, s + "    ", 9) + arrive("%AR", 71, s + "    ", 8)
               if mut == "swap" else
               arrive("%AR", 71, s + "    ", 8) + wait("%AF", "%v", 72, s + "    ", 9)) +
            f"{s}    %v1 = arith.xori %v, %one : i32\n{s}    scf.yield %v1 : i32\n"
            f"{s}  }} loc(\"alpha.py\":70:5)\n"
            + arrive("%AR", 81, s + "  ", 10) + wait("%AF", "%q", 82, s + "  ", 11) +
            f"{s}  %q1 = arith.xori %q, %one : i32\n"
            f"{s}  scf.yield %q1 : i32\n{s}}} loc(\"alpha.py\":60:3)\n")
    # turnstile (partition1): per step of its K loop of kt steps, wait cdone, arrive tfree
    tw = "%c1" if mut == "turn-bug" else "%c"
    tstile = (guard.replace("%M", "%M2").replace("%K", "%K2") +
              f"{s}%tr = scf.for %ti = %z to %mm step %one iter_args(%cp = %z) -> (i32) : i32 {{\n"
              f"{s}  %tq = scf.for %kk = %z to %K2 step %one iter_args(%c = %cp) -> (i32) : i32 {{\n"
              f"{s}    %c1 = arith.xori %c, %one : i32\n"
              + wait("%CD", tw, 91, s + "    ", 15) + arrive("%TF2", 92, s + "    ", 16) +
              f"{s}    scf.yield %c1 : i32\n"
              f"{s}  }} loc(\"alpha.py\":90:5)\n"
              f"{s}  scf.yield %tq : i32\n{s}}} loc(\"alpha.py\":89:3)\n")
    turn_decl = turn_args = turn_regs = turn_params = turn_part = turn_types = ""
    if turn:
        turn_decl = (f"    %cdone = ttg.local_alloc : () -> {B} loc(\"alpha.py\":16:1)\n"
                     f"    %tfree = ttg.local_alloc : () -> {B} loc(\"alpha.py\":17:1)\n"
                     f"    %d0 = ttg.memdesc_index %cdone[%c0] : {B} -> {V1}\n"
                     f"    ttng.init_barrier %d0, 1 : {V1} loc(\"alpha.py\":18:1)\n"
                     f"    %e0 = ttg.memdesc_index %tfree[%c0] : {B} -> {V1}\n"
                     f"    ttng.init_barrier %e0, 1 : {V1} loc(\"alpha.py\":19:1)\n")
        turn_args = ", %cdone, %tfree"
        turn_regs = ", 24"
        turn_params = f", %CDX: {B}, %TF: {B}"
        turn_types = f", {B}, {B}"
        turn_part = (f"\n    partition1(%AR2: {B}, %AF2: {B}, %M2: i32, %K2: i32, %CD: {B}, %TF2: {B}) num_warps(1) {{\n"
                     f"{CONSTS}{tstile}      ttg.warp_return\n    }}")
    return module("alpha", "alpha.py", "aready", "afree", corr,
                  (f"%AR: {B}, %AF: {B}, %M: i32, %K: i32", soft), turn_decl, turn_args, turn_regs,
                  turn_params, turn_types, turn_part)

out = sys.argv[1] if len(sys.argv) > 1 else "."
for name, mut in (("alpha.ok", ""), ("alpha-pro.bug", "pro"), ("alpha-early.bug", "early"),
                  ("alpha-swap.bug", "swap"),
                  ("alpha-turn.ok", "turn"), ("alpha-turn.bug", "turn-bug"),
                  ("alpha-turn-swap.bug", "turn-swap")):
    with open(os.path.join(out, name + ".ttgir"), "w") as f:
        f.write(HDR + body(mut))
