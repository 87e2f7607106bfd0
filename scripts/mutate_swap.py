#!/usr/bin/env python3
"""mutate_swap.py KERNEL OUT_PREFIX: writes one mutant per ttng.wait_barrier or
ttng.arrive_barrier that another wait_barrier follows in the same block: the op moves below
that wait. Two waits swapped change the order a thread blocks in (a circular wait between
partitions: a deadlock, or a wait passing on a round it should not see yet); an arrival held
until after the next wait releases a slot or signals a round later than the other side may
wait for it (a deadlock when that side's arrival is what the wait needs). Neither op defines a
value, so the move keeps the IR valid. Prints the mutant paths, one per line, as
OUT_PREFIX_LINE.ttgir (LINE: the moved op's line in KERNEL). Used by mutation_audit.sh --swap
(session 30: aimed at progress and phase-agreement, which the other move kinds seldom reach)."""
import re
import sys

from mutate_lib import move_each

MOVED = re.compile(r'^\s*ttng\.(wait_barrier|arrive_barrier)\b')
WAIT = re.compile(r'^\s*ttng\.wait_barrier\b')


def main():
    move_each(sys.argv[1], sys.argv[2], MOVED, WAIT, below=True)


if __name__ == '__main__':
    main()
