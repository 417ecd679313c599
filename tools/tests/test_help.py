#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every tool answers --help, and says what is wrong with bad options (TAP).

Each binary the tools Makefile builds (BINS), and dg1-perf, run with
--help: exit status 0, a usage line on standard output, nothing on
standard error. Run with an option it does not know, and dg1_bench_exec
with option values out of range (BAD_VALUES): a non-zero exit status, a
message on standard error, nothing on standard output. No device is
needed for it.

    TOOLS_BIN=tools/bin test_help.py
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get('TOOLS_BIN', os.path.join(HERE, '..', 'bin'))


def binaries():
    with open(os.path.join(HERE, '..', 'Makefile')) as f:
        text = f.read()
    m = re.search(r'^BINS := ((?:.*\\\n)*.*)$', text, re.M)
    names = m.group(1).replace('\\\n', ' ').split()
    return [os.path.join(BIN, n) for n in names] + \
        [os.path.join(HERE, '..', 'dg1-perf')]


# Option values a tool refuses before it looks for a device, and what its
# message must name.
BAD_VALUES = {
    'dg1_bench_exec': [(['-t', '2'], '-t 2'), (['-s', '0'], '-s 0'),
                       (['-b', '5'], '-b 5'),
                       (['-p', 'loop,nosuchpart'], 'nosuchpart'),
                       (['-p', ','], '-p')],
}


def refused(path, args, names=None):
    """None if @path refuses @args plainly (naming @names), else why not."""
    try:
        p = subprocess.run([path] + args, capture_output=True, text=True,
                           timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return str(e)
    if p.returncode == 0:
        return 'exit status 0'
    if not p.stderr.strip():
        return f'exit status {p.returncode} and nothing on stderr'
    if p.stdout:
        return f'stdout: {p.stdout.strip()[:200]}'
    if names and names not in p.stderr:
        return f'stderr does not name "{names}": {p.stderr.strip()[:200]}'
    return None


def helped(path):
    """None if @path answers --help as it should, else why not."""
    try:
        p = subprocess.run([path, '--help'], capture_output=True,
                           text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return str(e)
    if p.returncode != 0:
        return f'exit status {p.returncode}'
    if not re.search(r'usage', p.stdout, re.I):
        return 'no usage line on stdout'
    if p.stderr:
        return f'stderr: {p.stderr.strip()[:200]}'
    return None


def main():
    tools = binaries()
    cases = [(f'{os.path.basename(path)} --help', lambda p=path: helped(p))
             for path in tools]
    cases += [(f'{os.path.basename(path)} --no-such-option',
               lambda p=path: refused(p, ['--no-such-option']))
              for path in tools]
    cases += [(f'{name} {" ".join(args)}',
               lambda p=os.path.join(BIN, name), a=args, w=names:
               refused(p, a, w))
              for name, bad in BAD_VALUES.items() for args, names in bad]
    print(f'1..{len(cases)}')
    failed = 0
    for n, (what, check) in enumerate(cases, 1):
        why = check()
        if why:
            failed += 1
            print(f'not ok {n} {what}')
            print(f'# {why}')
        else:
            print(f'ok {n} {what}')
    return 1 if failed else 0

if __name__ == '__main__':
    sys.exit(main())
