#!/usr/bin/env python3
"""mutate_edit.py MODE KERNEL OUT_PREFIX: writes one mutant per site of MODE and prints the
mutant paths, one per line, as OUT_PREFIX_LINE.ttgir (LINE: the edited op's line in KERNEL).
Used by mutation_audit.sh --parity / --bytes / --pendings.
  parity: each ttng.wait_barrier waits for the other parity (its phase operand xor 1, two ops
          inserted before it): a wait one phase early or late.
  bytes:  each ttng.barrier_expect expects half its byte count: a phase completed by part of
          its TMA bytes.
  pendings: each group wait (ttg.async_wait {num}, ttng.warp_group_dot_wait and
          ttng.async_tma_store_wait {pendings}) leaves one more group in flight: a wait that
          retires one group too few.
  commit: each ttg.async_commit_group becomes an async_wait {num = 1000} (a token, no group
          closed: the copies join the next commit's group; deleting the op would leave its
          token unused-but-referenced).
  slot: each ttg.memdesc_index into an allocation of N >= 2 slots whose view is used by more
          than barrier init / inval takes slot (index + 1) mod N (three ops inserted before
          it): a wait, arrival, expect or access on the neighbouring slot of its ring.
  count:  each ttng.init_barrier's arrival count is one less when it is 2 or more (a phase
          completed early), else one more (a phase that waits for an arrival nobody makes)."""
import re
import sys

from mutate_lib import write_mutant

WAIT = re.compile(r'^(\s*)ttng\.wait_barrier\s+(%[\w#:.-]+),\s*(%[\w#:.-]+)(.*)$')
EXPECT = re.compile(r'^(\s*ttng\.barrier_expect\s+%[\w#:.-]+,\s*)(\d+)(.*)$')
COMMIT = re.compile(r'^(\s*%[\w#:.-]+ = )ttg\.async_commit_group(?: tokens ([^{]*?))?( loc\(.*)?$')
INDEX = re.compile(r'^(\s*)(%[\w#:.-]+) = ttg\.memdesc_index (%[\w#:.-]+)\[(%[\w#:.-]+)\]'
                   r'( : !ttg\.memdesc<(\d+)x.*)$')
INIT = re.compile(r'^(\s*ttng\.init_barrier\s+%[\w#:.-]+,\s*)(\d+)(.*)$')
GROUP = re.compile(r'^(.*(?:ttg\.async_wait|ttng\.warp_group_dot_wait|ttng\.async_tma_store_wait)'
                   r'\b.*\{[^}]*\b(?:num|pendings) = )(\d+)( : i32.*)$')


def used_beyond_init(lines, i, name):
    """Does a line after line i use value name other than a barrier init / inval?"""
    use = re.compile(re.escape(name) + r'(?![\w#:.-])')
    for line in lines[i + 1:]:
        if use.search(line) and not re.search(r'ttng\.(init|inval)_barrier', line):
            return True
    return False


def mutants(mode, lines):
    """(line index, new lines) per site."""
    for i, line in enumerate(lines):
        if mode == 'parity':
            m = WAIT.match(line)
            if not m:
                continue
            ind, bar, par, rest = m.groups()
            one, flip = '%%mut_one_%d' % (i + 1), '%%mut_par_%d' % (i + 1)
            yield i, [
                '%s%s = arith.constant 1 : i32' % (ind, one),
                '%s%s = arith.xori %s, %s : i32' % (ind, flip, par, one),
                '%sttng.wait_barrier %s, %s%s' % (ind, bar, flip, rest)]
        elif mode == 'bytes':
            m = EXPECT.match(line)
            if not m or int(m.group(2)) < 2:
                continue
            yield i, [m.group(1) + str(int(m.group(2)) // 2) + m.group(3)]
        elif mode == 'commit':
            m = COMMIT.match(line)
            if m:
                toks = (m.group(2) or '').strip()
                yield i, ['%sttg.async_wait %s{num = 1000 : i32}%s' % (
                    m.group(1), toks + ' ' if toks else '', m.group(3) or '')]
        elif mode == 'slot':
            m = INDEX.match(line)
            if not m or int(m.group(6)) < 2 or not used_beyond_init(lines, i, m.group(2)):
                continue
            ind, res, src, idx, rest, n = m.groups()
            one, inc, mod, cn = ('%%mut_%s_%d' % (w, i + 1) for w in ('one', 'inc', 'mod', 'n'))
            yield i, [
                '%s%s = arith.constant 1 : i32' % (ind, one),
                '%s%s = arith.constant %s : i32' % (ind, cn, n),
                '%s%s = arith.addi %s, %s : i32' % (ind, inc, idx, one),
                '%s%s = arith.remsi %s, %s : i32' % (ind, mod, inc, cn),
                '%s%s = ttg.memdesc_index %s[%s]%s' % (ind, res, src, mod, rest)]
        elif mode == 'count':
            m = INIT.match(line)
            if m:
                k = int(m.group(2))
                yield i, [m.group(1) + str(k - 1 if k >= 2 else k + 1) + m.group(3)]
        elif mode == 'pendings':
            m = GROUP.match(line)
            if m:
                yield i, [m.group(1) + str(int(m.group(2)) + 1) + m.group(3)]


def main():
    mode, src, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
    if mode not in ('parity', 'bytes', 'pendings', 'commit', 'slot', 'count'):
        sys.exit('mutate_edit.py: MODE is parity, bytes, pendings, commit, slot or count')
    lines = open(src).read().split('\n')
    for i, new in mutants(mode, lines):
        write_mutant(prefix, i, lines[:i] + new + lines[i + 1:])


if __name__ == '__main__':
    main()
