#!/usr/bin/env python3
"""mutate_hoist.py KERNEL OUT_PREFIX: writes one mutant per producer op (barrier_expect,
arrive_barrier, tc_gen5_commit, async_tma_copy_global_to_local) that a wait_barrier precedes
in the same block: the wait is moved below the producer, when only index computations lie
between them (a producer issued before the wait that should order it: an arrival that may
land in the previous round, a load into a slot still in use). Prints the mutant paths, one
per line, as OUT_PREFIX_LINE.ttgir (LINE: the producer's line in KERNEL). Used by
mutation_audit.sh --hoist."""
import re
import sys

from mutate_lib import nearest_above, write_mutant

PRODUCER = re.compile(r'^\s*ttng\.(barrier_expect|arrive_barrier|tc_gen5_commit|'
                      r'async_tma_copy_global_to_local)\b')
WAIT = re.compile(r'^\s*ttng\.wait_barrier\b')
PURE = re.compile(r'^\s*(%[\w#:.-]+\s*=\s*(arith\.|ttg\.memdesc_index|ttg\.memdesc_subslice|'
                  r'ttg\.memdesc_reinterpret|ttng\.tmem_subslice)|$)')


def main():
    src, prefix = sys.argv[1], sys.argv[2]
    lines = open(src).read().split('\n')
    for i, line in enumerate(lines):
        if not PRODUCER.match(line):
            continue
        j = nearest_above(lines, i, WAIT)
        if j < 0:
            continue
        # the ops between are pure index computations (they stay where they are, before the
        # producer); the wait moves below the producer
        if not all(PURE.match(lines[k]) for k in range(j + 1, i)):
            continue
        write_mutant(prefix, i, lines[:j] + lines[j + 1:i + 1] + [lines[j]] + lines[i + 1:])


if __name__ == '__main__':
    main()
