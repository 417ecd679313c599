#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every tool answers --help (TAP on stdout).

Each binary the tools Makefile builds (BINS), and dg1-perf, run with
--help: exit status 0, a usage line on standard output, nothing on
standard error. No device is needed for it.

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


def main():
    tools = binaries()
    print(f'1..{len(tools)}')
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
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
