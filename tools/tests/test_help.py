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
                       (['-p', 'loop,nosuchpart'], 'nosuchpart')],
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


def main():
    tools = binaries()
    bad = [(path, ['--no-such-option'], None) for path in tools] + \
        [(os.path.join(BIN, name), args, names)
         for name, cases in BAD_VALUES.items() for args, names in cases]
    print(f'1..{len(tools) + len(bad)}')
    failed = 0
    for n, path in enumerate(tools, 1):
        name = os.path.basename(path)
        try:
            p = subprocess.run([path, '--help'], capture_output=True,
                               text=True, timeout=30)
            why = None
            if p.returncode != 0:
                why = f'exit status {p.returncode}'
            elif not re.search(r'usage', p.stdout, re.I):
                why = 'no usage line on stdout'
            elif p.stderr:
                why = f'stderr: {p.stderr.strip()[:200]}'
        except (OSError, subprocess.TimeoutExpired) as e:
            why = str(e)
        if why:
            failed += 1
            print(f'not ok {n} {name} --help')
            print(f'# {why}')
        else:
            print(f'ok {n} {name} --help')
    for n, (path, args, names) in enumerate(bad, len(tools) + 1):
        what = f'{os.path.basename(path)} {" ".join(args)}'
        why = refused(path, args, names)
        if why:
            failed += 1
            print(f'not ok {n} {what}')
            print(f'# {why}')
        else:
            print(f'ok {n} {what}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
