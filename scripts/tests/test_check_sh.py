#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Self-tests of scripts/check.sh's helpers (sourced, not run) and of the
pieces that must name the same scenarios. Prints TAP.

$DG1_SELFTEST_CHECK_SH swaps in another check.sh, $DG1_SELFTEST_TOOL another
vm-results.py (test_selftests_fail.py feeds broken ones to show that each of
these checks can fail)."""
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the tree
from vmlog import ROOT, TOOL, Tap, clean, named

CHECK_SH = os.environ.get('DG1_SELFTEST_CHECK_SH') or os.path.join(ROOT, 'scripts', 'check.sh')
VM_RESULTS = TOOL
INIT = os.path.join(ROOT, 'scripts', 'vm', 'init')

STUBS = {
    'crashes': 'print(1 / 0)',
    'exits 2': 'import sys; sys.exit(2)',
    'exits 0 and writes no row': 'pass',
}


def helper(tmp, script, *args):
    """Run bash with check.sh's helpers; returns (results rows, output)."""
    results = os.path.join(tmp, 'results.tsv')
    open(results, 'w', encoding='utf-8').close()
    cmd = ['bash', '-c', 'source "$1"; root=$2; out=$3; results=$3/results.tsv; '
           'shift 3; ' + script, '_', CHECK_SH, ROOT, tmp, *args]
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    with open(results, encoding='utf-8') as f:
        rows = [tuple(line.rstrip('\n').split('\t', 1)) for line in f if '\t' in line]
    return rows, p.stdout + p.stderr


def judge_vm(tmp, tool):
    log = clean('stock', test_list=open(os.path.join(ROOT, 'tests', 'test-list.txt'),
                                        encoding='utf-8').read().split())
    for name, text in (('c.log', log.console()), ('t.log', log.test_log())):
        with open(os.path.join(tmp, name), 'w', encoding='utf-8') as f:
            f.write(text)
    return helper(tmp, 'vm_results=$1; judge_vm stock "$2/c.log" "$2/t.log" 0 WARN',
                  tool, tmp)


def check_judge_vm(t):
    for name, body in STUBS.items():
        with tempfile.TemporaryDirectory() as tmp:
            stub = os.path.join(tmp, 'stub.py')
            with open(stub, 'w', encoding='utf-8') as f:
                f.write(body + '\n')
            rows, out = judge_vm(tmp, stub)
            t.ok(f'[check.sh] vm-results that {name} fails the run',
                 'stock: vm-results' in named(rows, 'FAIL'), f'{rows}\n{out}')
    with tempfile.TemporaryDirectory() as tmp:
        rows, out = judge_vm(tmp, VM_RESULTS)
        t.ok('[check.sh] the real vm-results judges the run',
             'stock: vm' in named(rows, 'PASS') and
             'stock: vm-results' not in named(rows, 'FAIL'), f'{rows}\n{out}')


def check_helpers(t):
    with tempfile.TemporaryDirectory() as tmp:
        debug_cfg = os.path.join(tmp, 'debug.config')
        stock_cfg = os.path.join(tmp, 'stock.config')
        with open(debug_cfg, 'w', encoding='utf-8') as f:
            f.write('CONFIG_KASAN=y\nCONFIG_UBSAN=y\nCONFIG_PROVE_LOCKING=y\n'
                    'CONFIG_DEBUG_KMEMLEAK=y\n')
        with open(stock_cfg, 'w', encoding='utf-8') as f:
            f.write('# CONFIG_KASAN is not set\n# CONFIG_PROVE_LOCKING is not set\n')
        _, out = helper(tmp, 'kernel_checkers "$1"; kernel_checkers "$2"', debug_cfg, stock_cfg)
        lines = out.split()
        t.ok('[check.sh] the debug kernel\'s checkers are named',
             lines[:1] == ['KASAN/UBSAN/lockdep/kmemleak/WARN/BUG/Oops'], out)
        t.ok('[check.sh] the stock kernel\'s row claims no KASAN or lockdep',
             lines[1:2] == ['WARN/BUG/Oops'], out)

        tap = os.path.join(tmp, 'tap.log')
        with open(tap, 'w', encoding='utf-8') as f:
            f.write('Traceback (most recent call last):\n')
        rows, out = helper(tmp, 'record_tap suite 0 "$1"', tap)
        t.ok('[check.sh] a self-test that printed no TAP line fails',
             'suite' in named(rows, 'FAIL'), f'{rows}\n{out}')

        rows, out = helper(tmp, 'vm_results=$1; record PASS "stock: vm"; check_all_ran',
                           VM_RESULTS)
        t.ok('[check.sh] a scenario that did not run fails',
             'debug: vm' in named(rows, 'FAIL') and 'stock: vm' not in named(rows, 'FAIL'),
             f'{rows}\n{out}')


def check_scenarios(t):
    labels = subprocess.run([sys.executable, VM_RESULTS, '--list-scenarios'],
                            capture_output=True, text=True, check=False).stdout.split()
    with open(CHECK_SH, encoding='utf-8') as f:
        text = f.read()
    queued = [w for q in re.findall(r'vm_(?:queue|solo|beside)\+=\(([^)]*)\)', text)
              for w in q.split()]
    job = re.search(r'^vm_job\(\) \{\n(.*?)^\}', text, re.M | re.S)
    cases = re.findall(r'^\t([a-z0-9-]+)\)$', job.group(1), re.M) if job else []
    t.ok('[check.sh] check.sh queues every scenario vm-results knows, once',
         labels and sorted(queued) == sorted(labels), f'{labels} vs {queued}')
    t.ok('[check.sh] check.sh has a VM job for every scenario vm-results knows',
         labels and all(label in cases for label in labels), f'{labels} vs {cases}')
    with open(INIT, encoding='utf-8') as f:
        cases = [p for line in re.findall(r'^([a-z0-9|-]+)\)$', f.read(), re.M)
                 for p in line.split('|')]
    t.ok('the guest init has a case for every scenario',
         labels and all(label in cases for label in labels), f'{labels} vs {cases}')
    p = subprocess.run([sys.executable, VM_RESULTS, '--label', 'stock', '--log', '/dev/null',
                        '--test-log', '/dev/null', '--results', '/dev/null',
                        '--expected-skips', os.path.join(ROOT, 'tests', 'expected-skips.txt')],
                       capture_output=True, text=True, check=False)
    t.ok('tests/expected-skips.txt is well formed', p.returncode == 0, p.stdout + p.stderr)


def main():
    t = Tap()
    check_judge_vm(t)
    check_helpers(t)
    check_scenarios(t)
    return t.done('check.sh')


if __name__ == '__main__':
    sys.exit(main())
