#!/usr/bin/env python3
"""ops_coverage.py: the coverage table of the dialects' ODS ops (docs/ops-coverage.md).

usage: ops_coverage.py --tlxv BIN --src REPO [--source NAME=ROOT[@COMMIT]]... > docs/ops-coverage.md

Each ROOT is a checkout (or a copy of its .td files under the same paths) of a Triton tree,
e.g. facebookexperimental/triton (the TLX fork) or triton-lang/triton; fetched trees stay
outside this repository. The script reads every `*Ops.td` under ROOT, resolves each op's
dialect through its TableGen base class (`class X_Op<...> : Op<Y_Dialect, ...>` and
`def Y_Dialect : Dialect { let name = "..."; }`), keeps the dialects tt, ttg, ttng, tlx,
nvws, nvg, amdg, proton, proton_gpu, gluon, and for every op says:
  parses   the op is in `tlx-verify parse --list-ops` (ir/ops.def)
  model    what the checker does with it: "executes"; "executes (AMD)" (the op table's AMD
           column: the AMD model runs it, other targets refuse it); "no effect" (meta class:
           profiling, layout bookkeeping, hints); "refused" (the op table's model-refuses
           column, or a case label of amd_refusal() in sim/sim_amd_machine.c for the AMD ops
           refused on every AMD target: exit 2 at the op); async / barrier ops must also have a case label in sim/
           (else "refused at run")
  lowering "yes" (the op table's lowered column), "with owner" (a terminator of the op table's
           column: lowered by the op that owns its region, as that op is), "no-op" (the op table's lowering no-op column), "by class" (the generic lowering
           of its class, which refuses at the op what it cannot emit; for the barrier, fence,
           view, alloc and memory classes only an op with a case label in that lowering's
           switch, lw_sync_op / lw_mem_op: the others are "refused"), "driver" (module /
           function structure, lowered with its parent), else "refused"
Nothing is hand-listed here: the table follows ir/ops.def, the op table's columns (the lines
after `parse --list-ops`'s table) and sim/.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

DIALECTS = ["tt", "ttg", "ttng", "tlx", "nvws", "nvg", "amdg", "proton", "proton_gpu", "gluon"]


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", text)


def class_heads(text):
    """(name, base, first template argument of the base) of every `class NAME<...> : BASE<...`."""
    for m in re.finditer(r"\bclass\s+(\w+)\s*<", text):
        i, depth = m.end(), 1
        while i < len(text) and depth:  # the class's own template parameters, nested <...>
            depth += {"<": 1, ">": -1}.get(text[i], 0)
            i += 1
        b = re.match(r"\s*:\s*(\w+)\s*<\s*(\w+)?", text[i:])
        if b:
            yield m.group(1), b.group(1), b.group(2)


def read_td(root):
    """Op name -> .td file, for the ops of DIALECTS in the *Ops.td files under root."""
    dialect_name, base_of, op_dialect, defs = {}, {}, {}, []
    for path in glob.glob(os.path.join(root, "**", "*.td"), recursive=True):
        text = strip_comments(open(path, encoding="utf-8", errors="replace").read())
        for m in re.finditer(r"def\s+(\w+)\s*:\s*Dialect\s*\{[^}]*?let\s+name\s*=\s*\"([^\"]+)\"", text, re.S):
            dialect_name[m.group(1)] = m.group(2)
        for name, base, arg in class_heads(text):
            base_of[name] = base
            if arg and arg.endswith("_Dialect"):
                op_dialect[name] = arg  # Op<Dialect, mnemonic, ...> (or LLVM_OpBase<Dialect, ...>)
        if os.path.basename(path).endswith("Ops.td"):
            for m in re.finditer(r"\bdef\s+(\w+)\s*:\s*(\w+)\s*<\s*\"([^\"]+)\"", text):
                defs.append((m.group(2), m.group(3), os.path.relpath(path, root)))

    def cls_dialect(cls, depth=0):
        if cls in op_dialect:
            return dialect_name.get(op_dialect[cls])
        if depth > 16 or cls not in base_of:
            return None
        return cls_dialect(base_of[cls], depth + 1)

    ops = {}
    for cls, mnem, path in defs:
        d = cls_dialect(cls)
        if d in DIALECTS:
            ops.setdefault(f"{d}.{mnem}", path)
    return ops


def case_labels(paths, func=None):
    """IR_OP_ ids in case labels of the files (only inside function func when given)."""
    ids = set()
    for path in paths:
        text = open(path, encoding="utf-8").read()
        if func:
            m = re.search(r"\b" + re.escape(func) + r"\s*\([^)]*\)\s*\{(.*?)\n\}", text, re.S)
            text = m.group(1) if m else ""
        ids.update(re.findall(r"case\s+IR_OP_(\w+)\s*:", text))
    return ids


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tlxv", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--source", action="append", default=[], help="NAME=ROOT[@COMMIT]")
    ap.add_argument("--note", action="append", default=[], help="a line printed under the sources")
    a = ap.parse_args()
    # the op table: name -> class, and name -> IR_OP_ id from ir/ops.def
    listing = subprocess.run([a.tlxv, "parse", "--list-ops"], capture_output=True, text=True, check=True).stdout
    table = {m.group(1): m.group(2) for m in re.finditer(r"^\| `([^`]+)` \| ([\w-]+) \|", listing, re.M)}
    ids = {}
    for m in re.finditer(r'^X\((\w+),\s*"([^"]+)"', open(os.path.join(a.src, "ir/ops.def")).read(), re.M):
        ids[m.group(2)] = m.group(1)
    src = lambda *p: sorted(glob.glob(os.path.join(a.src, *p)))
    def column(words):
        """The ops of the op-table column whose line under the table starts with words."""
        m = re.search(r"^- " + re.escape(words) + r"[^:]*:(.*)$", listing, re.M)
        return {ids.get(n) for n in re.findall(r"`([^`]+)`", m.group(1))} if m else set()
    refused = column("refused by the model")
    # the AMD model's refusals on every AMD target (an amdg op in an NVIDIA kernel is refused as such)
    refused |= case_labels([os.path.join(a.src, "sim/sim_amd_machine.c")], "amd_refusal")
    amd = column("AMD ops")
    lw_noop = column("emit nothing in the lowering")
    terminators = column("terminators")
    sim_cases = case_labels(src("sim", "sim_*.c"))
    lw_cases = column("lowered by code of their own") - lw_noop
    by_class = {"scalar", "tensor", "view", "alloc", "memory", "barrier", "fence"}
    # the classes whose generic lowering is a switch over the op that refuses every other op
    # (lw_func.c dispatches them): an op of such a class with no case label there is refused
    switched = {"barrier": "lw_sync_op", "fence": "lw_sync_op", "view": "lw_mem_op",
                "alloc": "lw_mem_op", "memory": "lw_mem_op"}
    switch_cases = {f: case_labels(src("lowering", "lw_*.c"), f) for f in set(switched.values())}

    sources, union = [], {}
    for spec in a.source:
        name, _, rest = spec.partition("=")
        root, _, commit = rest.partition("@")
        ops = read_td(root)
        sources.append((name, commit, ops))
        for op, path in ops.items():
            union.setdefault(op, []).append(name)

    def model(op):
        if op not in table:
            return "-"
        oid, cls = ids.get(op), table[op]
        if oid in refused:
            return "refused"
        if oid in amd:
            return "executes (AMD)"
        if cls == "meta":
            return "no effect"
        if cls in ("async", "async-wait", "barrier") and oid not in sim_cases:
            return "refused at run"
        return "executes"

    def lowering(op):
        if op not in table:
            return "-"
        oid = ids.get(op)
        if oid in lw_noop:
            return "no-op"
        if oid in terminators:
            return "with owner"
        if oid in lw_cases:
            return "yes"
        if table[op] == "special":
            return "driver"  # module, function, warp_specialize partitions: lowered with their parent
        cls = table[op]
        if cls in switched and oid not in switch_cases[switched[cls]]:
            return "refused"
        return "by class" if cls in by_class else "refused"

    out = []
    out.append("# ODS op coverage")
    out.append("")
    out.append("Generated by `scripts/ops_coverage.py` (see its header for the rules) from the dialects' ODS")
    out.append("definitions and `tlx-verify parse --list-ops` ([ops.md](ops.md)); do not edit by hand. Sources:")
    out.append("")
    for name, commit, ops in sources:
        out.append(f"- {name}{' at ' + commit if commit else ''}: {len(ops)} ops of {', '.join(DIALECTS)}")
    out.append("")
    for note in a.note:
        out.append(note)
        out.append("")
    rows = sorted(union)
    n_parse = sum(1 for op in rows if op in table)
    n_exec = sum(1 for op in rows if model(op) in ("executes", "executes (AMD)", "no effect"))
    out.append(f"{len(rows)} ops; {n_parse} parse; {n_exec} run in the model (executes or no effect).")
    out.append("")
    out.append("| dialect | executes | no effect | refused | not parsed | total |")
    out.append("|---|---|---|---|---|---|")
    for d in DIALECTS:
        dr = [op for op in rows if op.split(".")[0] == d]
        if not dr:
            continue
        c = lambda v: sum(1 for op in dr if model(op) == v)
        out.append(f"| {d} | {c('executes') + c('executes (AMD)')} | {c('no effect')} | {c('refused') + c('refused at run')} | {c('-')} | {len(dr)} |")
    out.append("")
    out.append("| op | in | parses | model | lowering |")
    out.append("|---|---|---|---|---|")
    for op in rows:
        out.append(f"| `{op}` | {', '.join(union[op])} | {'yes' if op in table else 'no'} | {model(op)} | {lowering(op)} |")
    extra = sorted(op for op in table if op.split(".")[0] in DIALECTS and op not in union)
    if extra:
        out.append("")
        out.append("Ops of the table in none of the sources (older names or other releases): " +
                   ", ".join(f"`{op}`" for op in extra) + ".")
    print("\n".join(out))


if __name__ == "__main__":
    sys.exit(main())
