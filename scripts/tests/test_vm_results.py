#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Self-tests of scripts/vm-results.py: a checker report in the guest log
must fail the run, and the results must count what the log says. Prints TAP."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, '..', 'vm-results.py')

CLEAN = """\
[    1.000000] Linux version 6.12.117
DG1-VM: begin mode=check kernel=6.12.117
DG1-STEP-BEGIN: insmod
DG1-STEP: insmod rc=0
DG1-TEST-BEGIN: dg1_core
Starting subtest: version
Subtest version: SUCCESS (0.001s)
Starting subtest: vdg1-counters
Subtest vdg1-counters: SKIP (0.000s)
DG1-TEST: dg1_core rc=0
DG1-VM: done rc=0
"""

REPORTS = {
    'kasan': '[    9.1] BUG: KASAN: slab-out-of-bounds in dg1_query_fill+0x1/0x2\n',
    'ubsan': '[    9.1] UBSAN: shift-out-of-bounds in gt/dg1_mmio.c:12:3\n',
    'lockdep': '[    9.1] WARNING: possible circular locking dependency detected\n',
    'kmemleak': 'unreferenced object 0xffff888003 (size 64):\n',
    'warn': '[    9.1] WARNING: CPU: 0 PID: 1 at gt/dg1_forcewake.c:10 x+0x1/0x2\n',
    'atomic-sleep': '[    9.1] BUG: sleeping function called from invalid context\n',
}


def run(log_text, status=0):
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, 'vm.log')
        res = os.path.join(tmp, 'results.tsv')
        with open(log, 'w', encoding='utf-8') as f:
            f.write(log_text)
        subprocess.run([sys.executable, TOOL, '--log', log, '--label', 't',
                        '--results', res, '--vm-status', str(status)],
                       check=True, capture_output=True)
        with open(res, encoding='utf-8') as f:
            return [line.rstrip('\n').split('\t') for line in f]


def statuses(rows, status):
    return [name for s, name in rows if s == status]


def main():
    checks = []
    rows = run(CLEAN)
    checks.append(('clean log has no failures', not statuses(rows, 'FAIL')))
    checks.append(('subtest pass counted', 't: dg1_core/version' in statuses(rows, 'PASS')))
    checks.append(('subtest skip counted', 't: dg1_core/vdg1-counters' in statuses(rows, 'SKIP')))
    checks.append(('step counted', 't: step insmod' in statuses(rows, 'PASS')))
    for name, line in REPORTS.items():
        rows = run(CLEAN.replace('DG1-VM: done', line + 'DG1-VM: done'))
        checks.append((f'{name} report fails the run',
                       't: kernel checkers' in statuses(rows, 'FAIL')))
    rows = run(CLEAN.replace('SUCCESS', 'FAIL'))
    checks.append(('failed subtest counted', 't: dg1_core/version' in statuses(rows, 'FAIL')))
    rows = run(CLEAN.replace('DG1-TEST: dg1_core rc=0', 'DG1-TEST: dg1_core rc=139'))
    checks.append(('crashed binary fails', 't: dg1_core exit' in statuses(rows, 'FAIL')))
    rows = run(CLEAN, status=124)
    checks.append(('timeout fails', 't: vm' in statuses(rows, 'FAIL')))

    failed = 0
    for i, (name, ok) in enumerate(checks, 1):
        print(f'{"ok" if ok else "not ok"} {i} - {name}')
        failed += not ok
    print(f'vm-results: {len(checks) - failed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
