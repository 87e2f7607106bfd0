# gen_sfree.py: writes tests/symbolic/sfree*.ttgir: `python3 tests/symbolic/gen_sfree.py
# tests/symbolic` (the files there are its output).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
HDR = """// sfree.ok.ttgir: the FA kernels' S "free" barrier (tests/corpus/real/fa_d64_100, the MMA
// partition's empty_bars_48, one slot) in small: partition0 (the MMA partition) waits on `sfree`
// twice before its K loop (parities p and p ^ 1: the S buffer free, then P written) and once
// per K step, and arrives on `sready` once before the K loop, once per K step and once after
// it; its K loop runs kt - 1 steps (num_mmas - 1). The default partition (softmax) waits on
// `sready` and arrives on `sfree` once per step of its own K loop of kt steps and once after it;
// the parent arrives once on `sfree` before the fork. kt + 1 rounds per tile on each barrier,
// the tile loop runs only for kt > 0 (FA: no tile for N_CTX = 0). The explicit check verifies
// it. Session 41: the two waits before the K loop are numbered in program order (sym_pad.c
// check_group) in a padded nest of post step 1 (ring_post_step), their phase counter proved
// over the real nest's base is rewritten over the padded one (move_event), and back-pressure
// sees them as one advanced class (sym_pad_graph.c). Before: phase-agreement, arrival-balance
// and progress "padded nest: a term over the inner loop's own nest base".
// sfree-phase.bug.ttgir: the MMA partition's second wait before the K loop has parity p
// (phase-agreement: it passes on the phase its first wait saw).
// sfree-pre.bug.ttgir: the MMA partition's second wait before the K loop is left out (it runs a
// round ahead of the softmax partition: arrival-balance / back-pressure).
"""
from barkernel import B, CONSTS, module
import barkernel
def wait(bar, ph, line, s, n): return barkernel.wait("sfree.py", bar, ph, line, s, n)
def arrive(bar, line, s, n): return barkernel.arrive("sfree.py", bar, line, s, n)
def body(mut):
    s = "      "
    guard = (f"{s}%go = arith.cmpi sgt, %K, %z : i32\n"
             f"{s}%mm = arith.select %go, %M, %z : i32\n")
    dguard = guard.replace("%K", "%kt").replace("%M", "%m")
    # softmax (default): kt steps of wait sready / arrive sfree, one more after the loop
    soft = (dguard +
            f"{s}%cr = scf.for %ti = %z to %mm step %one iter_args(%ch = %z) -> (i32) : i32 {{\n"
            f"{s}  %cq = scf.for %kk = %z to %kt step %one iter_args(%h = %ch) -> (i32) : i32 {{\n"
            + wait("%sready", "%h", 21, s + "    ", 1) + arrive("%sfree", 22, s + "    ", 2) +
            f"{s}    %h1 = arith.xori %h, %one : i32\n{s}    scf.yield %h1 : i32\n"
            f"{s}  }} loc(\"sfree.py\":20:5)\n"
            + wait("%sready", "%cq", 31, s + "  ", 3) + arrive("%sfree", 32, s + "  ", 4) +
            f"{s}  %h2 = arith.xori %cq, %one : i32\n{s}  scf.yield %h2 : i32\n"
            f"{s}}} loc(\"sfree.py\":19:3)\n")
    # MMA partition: two waits on sfree before its K loop of kt - 1 steps, one per step
    pre2 = "" if mut == "pre" else wait("%FR", "%p" if mut == "phase" else "%p1", 64, s + "  ", 7)
    mma = (guard +
           f"{s}%pr = scf.for %ti = %z to %mm step %one iter_args(%p = %z) -> (i32) : i32 {{\n"
           + wait("%FR", "%p", 61, s + "  ", 5) + arrive("%RD", 62, s + "  ", 6) +
           f"{s}  %p1 = arith.xori %p, %one : i32\n" + pre2 +
           f"{s}  %q = scf.for %kk = %one to %K step %one iter_args(%u = %p) -> (i32) : i32 {{\n"
           + arrive("%RD", 71, s + "    ", 8) + wait("%FR", "%u", 72, s + "    ", 9) +
           f"{s}    %u1 = arith.xori %u, %one : i32\n{s}    scf.yield %u1 : i32\n"
           f"{s}  }} loc(\"sfree.py\":70:5)\n"
           + arrive("%RD", 81, s + "  ", 10) +
           f"{s}  scf.yield %q : i32\n{s}}} loc(\"sfree.py\":60:3)\n")
    return module("sfree", "sfree.py", "sready", "sfree", soft,
                  (f"%RD: {B}, %FR: {B}, %M: i32, %K: i32", mma))

out = sys.argv[1] if len(sys.argv) > 1 else "."
for name, mut in (("sfree.ok", ""), ("sfree-phase.bug", "phase"), ("sfree-pre.bug", "pre")):
    with open(os.path.join(out, name + ".ttgir"), "w") as f:
        f.write(HDR + body(mut))
