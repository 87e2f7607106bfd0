# bench_args.py: the arguments the benchmarks pass to each example kernel (shared by
# bench_check_corpus.sh and stats_compare.py): examples/*/expected.tsv's `small_args` column,
# "NAME=VALUE ..." per file; kernels without one run with their default arguments.
import csv, glob, os


def small_args(src):
    """{kernel path: ["NAME=VALUE", ...]} for every example row with a small_args entry."""
    args = {}
    for tsv in glob.glob(os.path.join(src, "examples/*/expected.tsv")):
        with open(tsv) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                a = (row.get("small_args") or "").strip()
                if a and a != "-":
                    args[os.path.join(os.path.dirname(tsv), row["file"])] = a.split()
    return args
