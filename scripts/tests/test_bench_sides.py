#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Self-tests of scripts/bench-sides.py: dg1's figures are paired with
i915's of the same round and label only, rates are left out, and the
median is the middle round's ratio. Prints TAP."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree
from vmlog import Tap, load_script

bs = load_script('bench-sides.py')

WAITED = 'loop: us per exec, bcs0, each waited'
RATE = 'loop: execs per second, bcs0, each waited'


def rounds(*pairs):
    lines = ['# make bench, a header line']
    for r, (d, i) in enumerate(pairs, 1):
        lines += [f'[bench] bench: round {r}: {WAITED}: {d}',
                  f'[bench] bench: round {r}: {RATE}: {1e6 / d}',
                  f'[bench] bench: round {r}: i915 {WAITED}: {i}',
                  f'[bench] bench: round {r}: i915 {RATE}: {1e6 / i}']
    return lines


def main():
    tap = Tap()
    out = bs.sides(rounds((100, 200), (300, 200), (150, 100)))
    text = '\n'.join(out)
    tap.ok('the median is the middle round\'s ratio',
           f'[bench] bench: dg1/i915, median of 3 rounds: {WAITED}: 1.50'
           in out, text)
    tap.ok('lowest and highest of the rounds',
           f'[bench] bench: dg1/i915, lowest of 3 rounds: {WAITED}: 0.50'
           in out and
           f'[bench] bench: dg1/i915, highest of 3 rounds: {WAITED}: 1.50'
           in out, text)
    tap.ok('rates are not paired (more is better there)',
           'per second' not in text, text)
    tap.ok('three lines for the one pair', len(out) == 3, text)

    one = bs.sides(['[stock-i915] bench: fence: exec to fence signalled, us: 50',
                    '[stock-i915] bench: i915 fence: exec to fence signalled, us: 200'])
    tap.ok('one unlabelled round', one == [
        '[stock-i915] bench: dg1/i915, one round: '
        'fence: exec to fence signalled, us: 0.25'], one)

    apart = bs.sides([f'[stock] bench: {WAITED}: 100',
                      f'[stock-i915] bench: i915 {WAITED}: 200',
                      f'[bench] bench: round 1: {WAITED}: 100',
                      f'[bench] bench: round 2: i915 {WAITED}: 200'])
    tap.ok('never across labels or rounds', apart == [], apart)
    return tap.done('bench-sides self-tests')


if __name__ == '__main__':
    sys.exit(main())
