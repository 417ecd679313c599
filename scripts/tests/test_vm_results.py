#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Self-tests of scripts/vm-results.py: every way a VM run can look fine
without having checked anything must fail it. Prints TAP."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree
from vmlog import Log, Tap, clean, judge, kunit_json, named, passing

SCENARIOS = ['debug', 'debug-never-ack-gt', 'debug-never-ack-render',
             'debug-never-ack-vdbox2', 'stock', 'stock-fused',
             'stock-small-bar', 'stock-untrained-lmem', 'stock-dead-bar']

REPORTS = {
    'kasan': 'BUG: KASAN: slab-out-of-bounds in dg1_query_fill+0x1/0x2',
    'ubsan': 'UBSAN: shift-out-of-bounds in mmio/dg1_mmio.c:12:3',
    'lockdep': 'WARNING: possible circular locking dependency detected',
    'kmemleak': 'unreferenced object 0xffff888003 (size 64):',
    'warn': 'WARNING: CPU: 0 PID: 1 at mmio/dg1_forcewake.c:10 x+0x1/0x2',
    'atomic-sleep': 'BUG: sleeping function called from invalid context',
}

SKIP_ONE = ('Starting subtest: one\nSubtest one: SUCCESS (0.001s)\n'
            'Starting subtest: two\nSkipping: no never-acking domain (x() at y.c:1)\n'
            'Subtest two: SKIP (0.000s)\n', 0)
LISTED = 'stock dg1_core/two no never-acking domain\n'


def debug(log, **kw):
    return judge(log, kunit=kw.pop('kunit', kunit_json()), **kw)


def check_clean(t):
    for s in SCENARIOS:
        rows, rc, out = (debug if s == 'debug' else judge)(clean(s))
        t.ok(f'{s}: a clean run has no failure', rc == 0 and rows and
             not named(rows, 'FAIL'), out)
    rows, _, out = judge(clean('stock'))
    t.ok('a passing subtest is a PASS row', 'stock: dg1_core/one' in named(rows, 'PASS'), out)
    t.ok('the audit is a PASS row', 'stock: dg1_audit/one' in named(rows, 'PASS'), out)
    t.ok('a step is a PASS row', 'stock: step rmmod' in named(rows, 'PASS'), out)
    t.ok('a benchmark is a PASS row', 'stock: bench dg1_bench_uncore' in named(rows, 'PASS'), out)
    rows, _, out = debug(clean('debug'))
    t.ok('rows after the rebind are named after it',
         'debug: rebind: dg1_core/one' in named(rows, 'PASS'), out)
    t.ok('each injected checkpoint is a PASS row',
         'debug: inject checkpoint 15' in named(rows, 'PASS'), out)


def check_kernel_log(t):
    for name, line in REPORTS.items():
        log = clean('debug')
        log.kernel.insert(-3, line)
        rows, _, out = debug(log)
        t.fails(f'a {name} report fails the run', rows,
                'debug: kernel log: no KASAN/lockdep/WARN report', out)
    log = clean('stock')
    log.kernel.insert(-3, 'CPU1 failed to report alive state')
    rows, _, out = judge(log)
    t.fails('a CPU that did not come back fails the run', rows,
            'stock: every CPU came back up', out)
    rows, _, out = judge(clean('stock'), checkers='WARN/BUG/Oops')
    t.ok('a run whose CPUs all came back passes that row',
         'stock: every CPU came back up' in named(rows, 'PASS'), out)
    t.ok('the stock kernel\'s row names only what it checks',
         'stock: kernel log: no WARN/BUG/Oops report' in named(rows, 'PASS') and
         not any('KASAN' in n or 'lockdep' in n for _, n in rows), out)


def check_exit_status(t):
    cases = {
        'a failed subtest': (('Starting subtest: one\nSubtest one: FAIL (0.1s)\n', 98),
                             'stock: dg1_core/one'),
        'exit 139 (a crash outside blocks)': (passing()[0], 139),
        'exit 98 without a FAIL row': (passing()[0], 98),
        'exit 0 with a FAIL row': ('Starting subtest: one\nSubtest one: FAIL (0.1s)\n', 0),
        'exit 0 with a CRASH row': ('Starting subtest: one\nSubtest one: CRASH (0.1s)\n', 0),
        'exit 77 with a PASS row': (passing()[0], 77),
        'exit 0 and no subtest ran': ('', 0),
        'exit 79 (no subtest matched)': ('dg1_core: no subtest matches \'x\'\n', 79),
    }
    for name, case in cases.items():
        if isinstance(case[1], str):
            (out, rc), row = case
        else:
            (out, rc), row = case, 'stock: dg1_core: exit status'
        rows, _, text = judge(clean('stock', {'dg1_core': (out, rc)}))
        t.fails(f'{name} fails the binary', rows, row, text)
    rows, _, text = judge(clean('stock', {'dg1_core': (
        'Starting subtest: one\nSubtest one: FAIL (0.1s)\n', 98)}))
    t.ok('exit 98 with its FAIL row: the status agrees',
         'stock: dg1_core: exit status' in named(rows, 'PASS'), text)
    log = clean('stock', {'dg1_core': (
        'Starting subtest: one\n'
        '(dg1_core:7) CRITICAL: Test assertion failure in f(), x.c:3:\n'
        '(dg1_core:7) CRITICAL: Failed assertion: !unlisted\n'
        '(dg1_core:7) CRITICAL: 2 differences not listed\n'
        '(dg1_core:7) CRITICAL: Last errno: 2 (ENOENT, x)\n'
        'Subtest one: FAIL (0.1s)\n', 98)})
    _, _, text = judge(log)
    t.ok('a failed subtest\'s row carries its message, not the location',
         'FAIL: stock: dg1_core/one (FAIL: 2 differences not listed)' in text, text)


def check_rows(t):
    cases = {
        'a subtest started with no result row': (
            'Starting subtest: one\n', 0, 'stock: dg1_core/one'),
        'a harness error line': (
            passing()[0] + '(dg1_core:1) harness error: x.c:3: invalid subtest name\n',
            98, 'stock: dg1_core: harness error'),
        'a failure outside any block': (
            passing()[0] + '(dg1_core:1) CRITICAL: failure outside any block\n',
            98, 'stock: dg1_core: harness error'),
        'a failing fixture': (passing()[0] + 'Fixture at x.c:9: FAIL\n', 98,
                              'stock: dg1_core: fixture at x.c:9 FAIL'),
        # One channel for kernel and tests, as before: a console line
        # splits the result line.
        'a FAIL line split by kernel output': (
            'Starting subtest: one\nSubtest one: F[    9.1] dg1: x\nAIL (0.1s)\n', 98,
            'stock: dg1_core/one'),
        'a result row without its Starting line': (
            'Subtest one: SUCCESS (0.0s)\n', 0, 'stock: dg1_core/one'),
        'a subtest run twice': (passing()[0] * 2, 0, 'stock: dg1_core/one'),
    }
    for name, (out, rc, row) in cases.items():
        rows, _, text = judge(clean('stock', {'dg1_core': (out, rc)}))
        t.fails(f'{name} fails', rows, row, text)

    # With the test channel, kernel messages meanwhile cannot hide a FAIL.
    log = clean('stock', {'dg1_core': ('Starting subtest: one\nSubtest one: FAIL (0.1s)\n', 98)})
    log.kernel[-6:-6] = ['dg1 0000:00:04.0: [drm] a message'] * 3
    rows, _, text = judge(log)
    t.fails('a FAIL row beside kernel output is kept', rows, 'stock: dg1_core/one', text)

    log = clean('stock')
    i = log.lines.index('DG1-TEST: dg1_core rc=0')
    log.lines[i - 1] += 'DG1-TEST: dg1_core rc=0'
    del log.lines[i]
    log.lines[i - 1] = log.lines[i - 1].replace('SUCCESS (0.001s)', 'SUCC')
    rows, _, text = judge(log)
    t.fails('a marker glued to cut output still ends the binary', rows,
            'stock: dg1_core/one', text)

    log = clean('stock')
    i = log.lines.index('DG1-TEST: dg1_core rc=0')
    del log.lines[i:]
    rows, _, text = judge(log, vm_status=124)
    t.fails('a binary that never ended fails', rows, 'stock: dg1_core: exit status', text)
    t.fails('a timeout fails the vm row', rows, 'stock: vm', text)


def check_skips(t):
    rows, _, text = judge(clean('stock', {'dg1_core': SKIP_ONE}), skips=LISTED)
    t.ok('a listed skip is a SKIP row and no failure',
         'stock: dg1_core/two' in named(rows, 'SKIP') and not named(rows, 'FAIL'), text)
    rows, _, text = judge(clean('stock', {'dg1_core': SKIP_ONE}))
    t.fails('an unlisted skip fails', rows, 'stock: unexpected skip dg1_core/two', text)
    rows, _, text = judge(clean('stock', {'dg1_core': SKIP_ONE}),
                          skips='stock dg1_core/two a different reason\n')
    t.fails('a skip for another reason than listed fails', rows,
            'stock: unexpected skip dg1_core/two', text)
    rows, _, text = judge(clean('stock'), skips=LISTED)
    t.fails('a listed skip that did not happen fails', rows,
            'stock: expected skip dg1_core/two', text)
    rows, _, text = judge(clean('stock'), skips='stock dg1_nope/two reason\n')
    t.fails('a listed skip of a binary that did not run fails', rows,
            'stock: expected skip dg1_nope/two', text)
    rows, _, text = debug(clean('debug', {('main', 'dg1_core'): SKIP_ONE}),
                          skips=LISTED.replace('stock', 'debug'))
    t.fails('a listed skip must happen after the rebind too', rows,
            'debug: expected skip rebind: dg1_core/two', text)
    whole = ('Skipping: no such device here (main() at x.c:1)\n', 77)
    rows, _, text = judge(clean('stock', {'dg1_core': whole}))
    t.fails('a binary that skips as a whole must be listed', rows,
            'stock: unexpected skip dg1_core/*', text)
    rows, _, text = judge(clean('stock', {'dg1_core': whole}),
                          skips='stock dg1_core/* no such device\n')
    t.ok('a listed whole-binary skip passes', not named(rows, 'FAIL'), text)
    for name, skips in (('an unknown scenario', 'stokc dg1_core/two r\n'),
                        ('a line without reason', 'stock dg1_core/two\n'),
                        ('a line listed twice', LISTED + LISTED)):
        _, rc, text = judge(clean('stock'), skips=skips)
        t.ok(f'the skip list with {name} is refused (exit 2)', rc == 2, text)


def check_kunit(t):
    rows, _, text = debug(clean('debug'), kunit=kunit_json(('dg1_alpha', 'dg1_beta')))
    t.fails('a suite of kunit/ that did not run fails', rows,
            'debug: kunit suite dg1_gamma', text)
    rows, _, text = debug(clean('debug'), kunit=kunit_json(
        ('dg1_alpha', 'dg1_beta', 'dg1_gamma', 'dg1_delta')))
    t.fails('a suite that ran but is not in kunit/ fails', rows,
            'debug: kunit suite dg1_delta', text)
    rows, _, text = debug(clean('debug'), kunit=kunit_json(status='SKIP'))
    t.fails('a KUnit SKIP fails', rows, 'debug: kunit dg1_alpha.case', text)
    rows, _, text = debug(clean('debug'), kunit=kunit_json(
        params=[{'name': 'param_case', 'status': 'SKIP'}]))
    t.fails('an empty parameter table (a SKIP case) fails', rows,
            'debug: kunit dg1_alpha.param_case.param_case', text)
    rows, _, text = debug(clean('debug'), kunit=kunit_json(status='ERROR'))
    t.fails('a crashed KUnit case fails', rows, 'debug: kunit dg1_alpha.case', text)
    rows, _, text = judge(clean('debug'))
    t.fails('the debug run without KUnit results fails', rows, 'debug: kunit', text)
    rows, _, text = debug(clean('debug'), kunit={'name': 'x', 'sub_groups': [], 'test_cases': []})
    t.fails('no suite ran at all', rows, 'debug: kunit suite dg1_alpha', text)
    rows, _, text = debug(clean('debug'), kunit_src={
        'a.c': 'static struct kunit_suite s = {\n\t.test_cases = c,\n};\n\nkunit_test_suite(s);\n'})
    t.fails('a registered suite without a name fails', rows, 'debug: kunit sources', text)


def check_plan(t):
    def without(log, *markers):
        log.lines = [line for line in log.lines if not any(m in line for m in markers)]
        return log

    rows, _, text = debug(without(clean('debug'), 'DG1-STEP-BEGIN: kmemleak',
                                  'DG1-STEP: kmemleak'))
    t.fails('a debug run without the kmemleak step fails', rows,
            'debug: plan: every step in order', text)
    log = clean('debug')
    i = log.lines.index('DG1-STEP: kmemleak rc=0')
    log.lines[i:i + 1] = ['/sys/kernel/debug/kmemleak missing on the debug kernel',
                          'DG1-STEP: kmemleak rc=1']
    rows, _, text = debug(log)
    t.fails('a missing kmemleak file or failed scan fails the step', rows,
            'debug: step kmemleak', text)
    rows, _, text = judge(without(clean('stock'), 'DG1-BENCH'))
    t.fails('a stock run without benchmarks fails', rows, 'stock: plan: every step in order', text)
    log = clean('stock')
    log.lines = [line.replace('DG1-BENCH: dg1_bench_uncore rc=0',
                              'DG1-BENCH: dg1_bench_uncore rc=1') for line in log.lines]
    rows, _, text = judge(log)
    t.fails('a failing benchmark fails the run', rows, 'stock: bench dg1_bench_uncore', text)

    # The audit must come after the last driver action.
    log = clean('stock')
    a = log.lines.index('DG1-ROUND: audit')
    audit = log.lines[a:a + 5]
    del log.lines[a:a + 5]
    r = log.lines.index('DG1-STEP-BEGIN: rmmod')
    log.lines[r:r] = audit
    rows, _, text = judge(log)
    t.fails('an audit before rmmod fails', rows, 'stock: plan: every step in order', text)
    for s in ('stock-untrained-lmem', 'stock-dead-bar', 'debug-never-ack-gt'):
        rows, _, text = judge(without(clean(s), 'dg1_audit', 'DG1-ROUND: audit'))
        t.fails(f'{s}: a probe-refused run without the audit fails', rows,
                f'{s}: plan: every step in order', text)

    log = without(clean('debug'), 'DG1-ROUND: rebind')
    i = log.lines.index('DG1-STEP: rebind rc=0')
    j = log.lines.index('DG1-STEP-BEGIN: inject-probe')
    log.lines[i + 1:j] = []
    log.lines[i:i] = passing('query-device')[0].splitlines()
    rows, _, text = debug(log)
    t.fails('one subtest after the rebind instead of the suite fails', rows,
            'debug: plan: every step in order', text)
    rows, _, text = judge(clean('stock', test_list=['dg1_core']), test_list=['dg1_core', 'dg1_gt'])
    t.fails('a binary of the test list that did not run fails', rows,
            'stock: plan: every step in order', text)
    rows, _, text = judge(clean('stock', test_list=['dg1_core', 'dg1_audit']),
                          test_list=['dg1_core', 'dg1_audit'])
    t.fails('dg1_audit in the test list fails', rows, 'stock: test list', text)
    log = Log('stock')
    log.done()
    rows, _, text = judge(log)
    t.fails('a run that did nothing fails', rows, 'stock: plan: every step in order', text)


def check_inject(t):
    rows, _, text = debug(clean('debug', inject=14))
    t.fails('fewer than 15 injected checkpoints fail', rows,
            'debug: inject: at least 15 probe checkpoints exercised', text)
    log = clean('debug')
    log.lines = [line for line in log.lines if 'checkpoints exercised' not in line]
    rows, _, text = debug(log)
    t.fails('no injection count fails', rows,
            'debug: inject: at least 15 probe checkpoints exercised', text)
    log = clean('debug')
    log.lines = [line.replace('CHECKPOINT: 7 rc=0', 'CHECKPOINT: 7 rc=1') for line in log.lines]
    rows, _, text = debug(log)
    t.fails('a checkpoint that did not unwind cleanly fails', rows,
            'debug: inject checkpoint 7', text)
    log = clean('debug')
    log.lines = [line for line in log.lines if 'CHECKPOINT: 3 ' not in line]
    rows, _, text = debug(log)
    t.fails('a count without a row per checkpoint fails', rows,
            'debug: inject: at least 15 probe checkpoints exercised', text)


def check_vm(t):
    rows, _, text = judge(clean('stock', done=False), vm_status=1)
    t.fails('a guest that stopped before "done" fails', rows, 'stock: vm', text)
    log = clean('stock')
    log.lines[0] = 'DG1-VM: begin scenario=stock-fused kernel=6.12.0'
    rows, _, text = judge(log)
    t.fails('a guest that ran another scenario fails', rows, 'stock: vm', text)
    _, rc, text = judge(clean('stock'), label='stock-typo')
    t.ok('an unknown scenario is refused (exit 2)', rc == 2, text)
    rows, _, text = judge(clean('stock'), console='')
    t.ok('a clean run does not need kernel markers', not named(rows, 'FAIL'), text)


def main():
    t = Tap()
    for check in (check_clean, check_kernel_log, check_exit_status, check_rows,
                  check_skips, check_kunit, check_plan, check_inject, check_vm):
        check(t)
    return t.done('vm-results')


if __name__ == '__main__':
    sys.exit(main())
