#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn a dg1 test VM's serial log into results for scripts/check.sh.

Reads the markers written by scripts/vm/init, the IGT-style subtest lines of
the test binaries, KUnit's results (as JSON from the kernel's own
`kunit.py parse`), and the reports of the kernel's checkers. Appends one
"STATUS<TAB>NAME" row per result to --results; prints failures with the guest
log around them.
"""
import argparse
import json
import re
import sys

SUBTEST = re.compile(r'^Subtest (\S+): (SUCCESS|FAIL|SKIP|CRASH|TIMEOUT)\b')
STEP = re.compile(r'^DG1-STEP: (\S+) rc=(\d+)$')
TEST_BEGIN = re.compile(r'^DG1-TEST-BEGIN: (\S+)$')
TEST_END = re.compile(r'^DG1-TEST: (\S+) rc=(\d+)$')
TIMESTAMP = re.compile(r'^\[\s*\d+\.\d+\]\s?')

# Any of these in the kernel log fails the run: KASAN, UBSAN, lockdep and
# other WARN()s, sleeping-in-atomic BUGs, debugobjects, kmemleak, oopses.
CHECKERS = re.compile(
    r'BUG: KASAN|UBSAN:|WARNING:|BUG:|Oops|ODEBUG:|'
    r'DEBUG_LOCKS_WARN_ON|possible recursive locking|'
    r'possible circular locking|inconsistent lock state|'
    r'suspicious RCU usage|unreferenced object|kmemleak: .*suspected|'
    r'Kernel panic|general protection fault|Call Trace:')


class Results:
    def __init__(self, path, label):
        self.out = open(path, 'a', encoding='utf-8')
        self.label = label

    def add(self, status, name, detail=''):
        name = f'{self.label}: {name}'
        self.out.write(f'{status}\t{name}\n')
        if status == 'FAIL':
            print(f'FAIL: {name}' + (f' ({detail})' if detail else ''))


def context(lines, index, before=25, after=10):
    lo, hi = max(0, index - before), min(len(lines), index + after)
    return ''.join(f'    | {line}\n' for line in lines[lo:hi])


def kunit_cases(group, prefix=''):
    for case in group.get('test_cases', []):
        yield f'{prefix}{case["name"]}', case['status']
    for sub in group.get('sub_groups', []):
        yield from kunit_cases(sub, f'{prefix}{sub["name"]}.')


def check_kunit(res, path, expect):
    try:
        with open(path, encoding='utf-8') as f:
            top = json.load(f)
    except (OSError, ValueError) as err:
        if expect:
            res.add('FAIL', 'kunit', f'no parsable KUnit output: {err}')
        return
    cases = list(kunit_cases(top))
    if expect and not cases:
        res.add('FAIL', 'kunit', 'no KUnit test ran')
    status_map = {'PASS': 'PASS', 'SKIP': 'SKIP'}
    for name, status in cases:
        res.add(status_map.get(status, 'FAIL'), f'kunit {name}', status)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--log', required=True)
    ap.add_argument('--label', required=True)
    ap.add_argument('--results', required=True)
    ap.add_argument('--kunit-json')
    ap.add_argument('--vm-status', type=int, default=0)
    args = ap.parse_args()

    res = Results(args.results, args.label)
    with open(args.log, encoding='utf-8', errors='replace') as f:
        raw = f.readlines()
    lines = [TIMESTAMP.sub('', line) for line in raw]

    if args.vm_status != 0:
        why = 'timed out' if args.vm_status == 124 else 'did not finish cleanly'
        res.add('FAIL', 'vm', why)
        print(context(raw, len(raw), before=40, after=0))
    else:
        res.add('PASS', 'vm')

    binary, started = None, 0
    for i, line in enumerate(lines):
        line = line.rstrip('\n')
        m = TEST_BEGIN.match(line)
        if m:
            binary, started = m.group(1), i
            continue
        m = SUBTEST.match(line)
        if m and binary:
            status = {'SUCCESS': 'PASS', 'SKIP': 'SKIP'}.get(m.group(2), 'FAIL')
            res.add(status, f'{binary}/{m.group(1)}', m.group(2))
            if status == 'FAIL':
                print(context(raw, i))
            continue
        m = TEST_END.match(line)
        if m:
            rc = int(m.group(2))
            if rc not in (0, 77, 98):
                res.add('FAIL', f'{m.group(1)} exit', f'exit status {rc}')
                print(context(raw, i, before=i - started))
            binary = None
            continue
        m = STEP.match(line)
        if m:
            ok = m.group(2) == '0'
            res.add('PASS' if ok else 'FAIL', f'step {m.group(1)}', f'rc={m.group(2)}')
            if not ok:
                print(context(raw, i))

    hits = [i for i, line in enumerate(lines) if CHECKERS.search(line)]
    if hits:
        res.add('FAIL', 'kernel checkers', f'{len(hits)} report lines')
        print(context(raw, hits[0], before=5, after=40))
    else:
        res.add('PASS', 'kernel checkers (KASAN/UBSAN/lockdep/kmemleak/WARN)')

    if args.kunit_json:
        check_kunit(res, args.kunit_json, expect=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
