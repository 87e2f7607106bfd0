#!/usr/bin/env python3
"""render_obs.py CHECK.json KERNEL.ttgir OUTDIR: renders the stuck state of check's first bug
(the agents that wait forever and their lines: its message and related notes "AGENT waits
on ...") as the three observation formats explain reads: OUTDIR/list.txt (hand list),
OUTDIR/gdb.txt (cuda-gdb `info cuda threads`), OUTDIR/rec.json (hang record), plus
OUTDIR/args (the run's --arg options). Warps follow Triton's assignment (default: warps
0..num_warps-1, partitions and the padding ones filling the last warp group largest first
from num_warps on, or warpGroupStartIds),
recomputed here independently of verify/obs_warps.c. Exit 3 when the bug is no stuck state."""
import json, re, sys

rep = json.load(open(sys.argv[1]))
ir = open(sys.argv[2]).read()
out = sys.argv[3]
if not rep.get("bugs"):
    sys.exit(3)
b = rep["bugs"][0]
agents = {}
m = re.search(r"wait forever: (\S+) waits on", b["message"])
if m:
    agents[m.group(1)] = (b["loc"]["file"], b["loc"]["line"])
for r in b.get("related", []):
    m = re.match(r"(\S+) waits on", r["message"])
    if m:
        agents.setdefault(m.group(1), (r["file"], r["line"]))
if not agents:
    sys.exit(3)

nw = int(re.search(r'"ttg.num-warps" = (\d+)', ir).group(1))
pnw = re.search(r"partitionNumWarps = array<i32: ([\d, ]+)>", ir)
sizes = [int(x) for x in pnw.group(1).split(",")] if pnw else []
if not sizes:
    sizes = [int(x) for x in re.findall(r"^\s*partition\d+\(.*\) num_warps\((\d+)\)", ir, re.M)]
ids = re.search(r"warpGroupStartIds = array<i32: ([\d, ]+)>", ir)
start = {}
if ids and len(ids.group(1).split(",")) == len(sizes):
    start = {k: int(x) for k, x in enumerate(ids.group(1).split(","))}
else:
    # padding partitions fill the last warp group, powers of two largest first (one op per
    # kernel here), then every partition from warp nw on, largest first, stable
    # (ir/ir_wsgroups.h, Triton's AllocateWarpGroups)
    allsz = list(sizes)
    missing = -sum(sizes) % 4
    while missing:
        p = 1 << (missing.bit_length() - 1)
        allsz.append(p)
        missing -= p
    nxt = nw
    for k in sorted(range(len(allsz)), key=lambda k: (-allsz[k], k)):
        start[k] = nxt
        nxt += allsz[k]

def warps_of(name):
    cta, part = 0, name
    m = re.match(r"cta(\d+)\.(.*)", name)
    if m:
        cta, part = int(m.group(1)), m.group(2)
    if part == "default":
        return cta, 0, nw
    k = int(re.match(r"partition(\d+)", part).group(1))
    return cta, start[k], sizes[k]

with open(out + "/list.txt", "w") as f:
    f.write("# rendered from check's stuck state\n")
    for a, (fl, ln) in agents.items():
        f.write(f"{a} {fl}:{ln}\n")
with open(out + "/gdb.txt", "w") as f:
    f.write("(cuda-gdb) info cuda threads\n")
    f.write("  BlockIdx ThreadIdx To BlockIdx To ThreadIdx Count                 PC                 Filename  Line\n")
    f.write("Kernel 0\n")
    star = "*"
    for a, (fl, ln) in sorted(agents.items(), key=lambda x: warps_of(x[0])):
        cta, w0, n = warps_of(a)
        f.write(f"{star}  ({cta},0,0) ({w0 * 32},0,0)     ({cta},0,0) ({(w0 + n) * 32 - 1},0,0) {n * 32:5d} "
                f"0x00007fffd32f{ln:04x} /home/user/{fl} {ln:5d}\n")
        star = " "
rec = {"format": "tlx-verify-hang-record", "version": 1, "warps": []}
for a, (fl, ln) in agents.items():
    cta, w0, n = warps_of(a)
    for w in range(w0, w0 + n):
        rec["warps"].append({"cta": cta, "warp": w, "loc": f"{fl}:{ln}", "exited": False})
json.dump(rec, open(out + "/rec.json", "w"), indent=1)
args = b.get("args") or ""
with open(out + "/args", "w") as f:
    # "T=1, N=64, program_id=(1,0,0)": every NAME=INT but the program id and the chosen-data
    # fill ("loaded inputs=2": not an argument; explain runs every fill, as check does)
    args = re.sub(r"loaded inputs=-?\d+(\*index)?", "", args)
    # "grid=16": a run with a grid of its own (vf_args.c per_loop_grids) is --grid 16
    f.write(" ".join(("--grid %s" % kv[1]) if kv[0] == "grid" else "--arg %s=%s" % kv
                     for kv in re.findall(r"(\w+)=(-?\d+)", args) if kv[0] != "program_id"))
