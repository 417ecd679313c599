#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""dg1 beside i915: the ratio of each pair of figures, round by round.

Reads bench.txt lines ("[label] bench: [round N: ]<what>: <number>", as
scripts/check.sh and scripts/bench.sh collect them) and pairs every dg1
figure "<what>" with i915's "i915 <what>" of the same label and round
(dg1_bench_exec and i915_bench_exec print the same names: lib/dg1_bench.c).
Only figures where less is better are paired: times and context switches,
not rates. For each pair it prints, per label, the ratio dg1/i915 (below 1:
dg1 takes less) as the median of the rounds and their lowest and highest
("one round" when there is one):

  [bench] bench: dg1/i915, median of 3 rounds: loop: us per exec, ...: 0.83

Rounds are make bench's (scripts/vm/init, scenario bench); make check's
stock-i915 runs one, unlabelled. Exit status 0, 1 when nothing could be
paired (no i915 figure, or none of dg1's), 2 on unreadable input.
"""
import argparse
import collections
import re
import statistics
import sys

LINE = re.compile(r'^(\[[^\]]+\] )?bench: (round (\d+): )?(.*): '
                  r'(-?[0-9.]+)$')
LESS_IS_BETTER = re.compile(r'\bus\b|context switches')


def pairs(lines):
    """{(label, what): {round: (dg1, i915)}} for the figures both have."""
    figs = collections.defaultdict(dict)
    for line in lines:
        m = LINE.match(line.rstrip('\n'))
        if not m:
            continue
        label = (m.group(1) or '').strip()
        rnd = int(m.group(3) or 1)
        figs[(label, rnd)][m.group(4)] = float(m.group(5))
    out = collections.defaultdict(dict)
    for (label, rnd), named in figs.items():
        for what, value in named.items():
            if what.startswith('i915 ') or not LESS_IS_BETTER.search(what):
                continue
            other = named.get('i915 ' + what)
            if other is not None and other > 0:
                out[(label, what)][rnd] = (value, other)
    return out


def sides(lines):
    """The output lines for the figures of lines (empty: nothing paired)."""
    out = []
    for (label, what), rounds in sorted(pairs(lines).items()):
        ratios = [d / i for d, i in (rounds[r] for r in sorted(rounds))]
        n = len(ratios)
        head = f'{label} bench: dg1/i915' if label else 'bench: dg1/i915'
        if n == 1:
            out.append(f'{head}, one round: {what}: {ratios[0]:.2f}')
            continue
        out.append(f'{head}, median of {n} rounds: {what}: '
                   f'{statistics.median(ratios):.2f}')
        out.append(f'{head}, lowest of {n} rounds: {what}: {min(ratios):.2f}')
        out.append(f'{head}, highest of {n} rounds: {what}: {max(ratios):.2f}')
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('bench_txt', nargs='?', default='-',
                    help='bench.txt (default: standard input)')
    args = ap.parse_args()
    try:
        f = sys.stdin if args.bench_txt == '-' else open(args.bench_txt)
        with f:
            out = sides(f)
    except OSError as e:
        print(f'bench-sides: {e}', file=sys.stderr)
        return 2
    if not out:
        print('bench-sides: no dg1 figure with an i915 one beside it',
              file=sys.stderr)
        return 1
    print('\n'.join(out))
    return 0


if __name__ == '__main__':
    sys.exit(main())
