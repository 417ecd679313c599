#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Self-tests of the harness end to end: igt_fixture.c, built with the real
tests/lib/igt_core.c, misuses the harness in each way a test can; its real
output and exit status go through scripts/vm-results.py as one binary of a
stock run, which must fail for each misuse. Prints TAP."""
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the tree
from vmlog import HERE, ROOT, Tap, clean, judge, named

# test_selftests_fail.py swaps in broken copies to show the checks can fail.
IGT_CORE = os.environ.get('DG1_SELFTEST_IGT_CORE') or os.path.join(ROOT, 'tests', 'lib', 'igt_core.c')

# mode: (the row that must fail, or None for a run with no failure;
#        expected skips of the run)
MODES = {
    'good': (None, 'stock dg1_fx/skips listed reason\n'),
    'all-skip': (None, 'stock dg1_fx/passes fixture needs what is missing\n'),
    'whole-skip': (None, 'stock dg1_fx/* no such device here\n'),
    'fails': ('stock: dg1_fx/fails', ''),
    'crash': ('stock: dg1_fx/crashes', ''),
    'bad-name': ('stock: dg1_fx: harness error', ''),
    'return-in-block': ('stock: dg1_fx/returns', ''),
    'fail-outside': ('stock: dg1_fx: harness error', ''),
    'skip-after-block': ('stock: dg1_fx: harness error', ''),
    'exit-98': ('stock: dg1_fx: exit status', ''),
    'trailing-fixture': (None, ''),     # row name has a line number: below
}


def build(tmp):
    exe = os.path.join(tmp, 'dg1_fx')
    cmd = ['gcc', '-std=gnu11', '-O1', '-Wall', '-Wextra', '-Werror',
           '-I', os.path.join(ROOT, 'tests', 'lib'), '-I', os.path.join(ROOT, 'lib'),
           '-I', os.path.join(ROOT, 'uapi'),
           '-I', os.path.join(ROOT, 'vdg1', 'include'), '-I', '/usr/include/libdrm',
           '-o', exe, os.path.join(HERE, 'igt_fixture.c'), IGT_CORE]
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    return exe if p.returncode == 0 else None, p.stderr


def run(exe, mode):
    p = subprocess.run([exe], env=dict(os.environ, IGT_FIXTURE=mode),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, check=False)
    return p.stdout, p.returncode


def main():
    t = Tap()
    with tempfile.TemporaryDirectory() as tmp:
        exe, err = build(tmp)
        t.ok('[igt] the fixture builds with igt_core.c', exe is not None, err)
        if not exe:
            return t.done('igt harness')
        for mode, (row, skips) in MODES.items():
            out, rc = run(exe, mode)
            rows, _, text = judge(clean('stock', {'dg1_fx': (out, rc)}, test_list=['dg1_fx']),
                                  skips=skips, test_list=['dg1_fx'])
            fails = named(rows, 'FAIL')
            why = f'exit {rc}, output:\n{out}\nvm-results:\n{text}'
            if mode == 'trailing-fixture':
                t.ok(f'{mode}: a failing trailing fixture fails the binary',
                     any(n.startswith('stock: dg1_fx: fixture at ') and 'igt_fixture.c' in n
                         for n in fails), why)
            elif row is None:
                t.ok(f'{mode}: a correct binary does not fail', rows and not fails, why)
            else:
                t.ok(f'{mode}: fails the binary ({row})', row in fails, why)

        # What igt_core itself must print for vm-results to see it.
        out, rc = run(exe, 'trailing-fixture')
        t.ok('[igt] a failing fixture prints its own result line, exit 98',
             'Fixture at ' in out and ': FAIL' in out and rc == 98, out)
        out, rc = run(exe, 'skip-after-block')
        t.ok('[igt] a skip between blocks is a harness error, exit 98',
             'harness error:' in out and rc == 98, out)
        out, rc = run(exe, 'whole-skip')
        t.ok('[igt] a skip before any block skips the binary, exit 77',
             out.startswith('Skipping: no such device here') and rc == 77, out)
        out, rc = run(exe, 'good')
        t.ok('[igt] a correct binary exits 0', rc == 0, out)
    return t.done('igt harness')


if __name__ == '__main__':
    sys.exit(main())
