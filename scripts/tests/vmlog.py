# SPDX-License-Identifier: GPL-2.0
"""Synthetic dg1 VM runs for the self-tests of scripts/vm-results.py.

A Log is the test channel of one run (what scripts/vm/init and the tests
print); its console() is the kernel console that goes with it (each marker
copied in, as the init does through /dev/kmsg). clean() writes the run each
scenario should produce, step by step as scripts/vm/init does it: written out
here again on purpose, so that a clean run passing shows the init, this
file and vm-results.py's SCENARIOS agree.

The tool under test is scripts/vm-results.py, or $DG1_SELFTEST_TOOL (used by
test_selftests_fail.py to show that every check can fail).
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))


def load_script(filename):
    """A script of scripts/ whose name is no module name (console-summary.py)."""
    name = os.path.splitext(filename)[0].replace('-', '_')
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(HERE, '..', filename))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
TOOL = os.environ.get('DG1_SELFTEST_TOOL') or os.path.join(ROOT, 'scripts', 'vm-results.py')

TEST_LIST = ['dg1_core', 'dg1_gt']


def passing(*subtests):
    return ''.join(f'Starting subtest: {s}\nSubtest {s}: SUCCESS (0.001s)\n'
                   for s in subtests or ('one',)), 0


class Log:
    def __init__(self, scenario):
        self.scenario = scenario
        self.lines = []
        self.kernel = ['Linux version 6.12.0 (self-test)',
                       'dg1 0000:00:04.0: [drm] Initialized dg1 1.0.0']
        self.marker(f'DG1-VM: begin scenario={scenario} kernel=6.12.0')

    def marker(self, text):
        self.lines.append(text)
        self.kernel.append(text)

    def text(self, text):
        self.lines.extend(text.splitlines())

    def step(self, name, rc=0, out=''):
        self.marker(f'DG1-STEP-BEGIN: {name}')
        self.text(out)
        self.marker(f'DG1-STEP: {name} rc={rc}')

    def round(self, name):
        self.marker(f'DG1-ROUND: {name}')

    def test(self, binary, out=None, rc=None):
        if out is None:
            out, rc = passing()
        self.marker(f'DG1-TEST-BEGIN: {binary}')
        self.text(out)
        self.marker(f'DG1-TEST: {binary} rc={rc}')

    def tests(self, rnd, binaries, outputs):
        self.round(rnd)
        for b in binaries:
            self.test(b, *outputs.get((rnd, b), outputs.get(b, (None, None))))

    def bench(self, name, rc=0):
        self.marker(f'DG1-BENCH-BEGIN: {name}')
        self.text('bench: wakes per 1000 accesses 1')
        self.marker(f'DG1-BENCH: {name} rc={rc}')

    def inject(self, count, fail=()):
        self.marker('DG1-STEP-BEGIN: inject-probe')
        for n in range(1, count + 1):
            self.marker(f'DG1-INJECT-CHECKPOINT: {n} rc={1 if n in fail else 0}')
        self.marker(f'DG1-INJECT: {count} checkpoints exercised')
        self.marker(f'DG1-STEP: inject-probe rc={1 if fail else 0}')

    def done(self, rc=0):
        self.marker(f'DG1-VM: done rc={rc}')
        self.kernel.append('reboot: Power down')

    def console(self):
        return ''.join(f'[{i:5d}.000000] {line}\n' for i, line in enumerate(self.kernel))

    def test_log(self):
        return ''.join(f'{line}\n' for line in self.lines)


def clean(scenario, outputs=None, test_list=TEST_LIST, inject=15, done=True):
    """The log of a good run. outputs: {binary or (round, binary): (text, rc)}."""
    outputs = outputs or {}
    log = Log(scenario)
    if scenario == 'stock':
        for name in ('opt-in-deps', 'opt-in', 'fwfb-insmod', 'fwfb-drawn',
                     'console-insmod', 'console-probe'):
            log.step(name)
        log.tests('console', ['dg1_console'], outputs)
        for name in ('console-rmmod', 'fwfb-after-unload', 'fwfb-rmmod'):
            log.step(name)
    log.step('load-deps')
    log.step('insmod')
    if scenario in ('debug-never-ack-gt', 'stock-untrained-lmem',
                    'stock-dead-bar'):
        log.step('probe-refused')
        log.step('refusal-explained')
    else:
        log.step('probe')
    if scenario == 'stock':
        log.bench('dg1_bench_uncore')
    if scenario in ('debug', 'stock', 'stock-fused'):
        log.tests('main', test_list, outputs)
    if scenario == 'stock':
        for name in ('reload-rmmod', 'reload-insmod', 'reload-probe'):
            log.step(name)
        log.tests('reload', ['dg1_core', 'dg1_hang'], outputs)
    if scenario in ('debug-never-ack-render', 'debug-never-ack-vdbox2'):
        log.tests('main', ['dg1_forcewake', 'dg1_gt'], outputs)
    if scenario == 'stock-small-bar':
        log.tests('main', ['dg1_core', 'dg1_gem', 'dg1_vm'], outputs)
    if scenario == 'debug':
        log.step('rebind')
        log.tests('rebind', test_list, outputs)
        log.inject(inject)
    log.step('rmmod')
    log.tests('audit', ['dg1_audit'], outputs)
    if scenario.startswith('debug'):
        log.step('kmemleak')
    if done:
        log.done()
    return log


KUNIT_SRC = {
    'a_test.c': '''
static struct kunit_suite dg1_alpha_suite = {
	.name = "dg1_alpha",
	.test_cases = alpha_cases,
};

kunit_test_suites(&dg1_alpha_suite);
''',
    'b_test.c': '''
static struct kunit_suite dg1_beta_suite = {
	.name = "dg1_beta",
	.test_cases = beta_cases,
};

static struct kunit_suite dg1_gamma_suite = {
	.name = "dg1_gamma",
	.test_cases = gamma_cases,
};

kunit_test_suites(&dg1_beta_suite,
		  &dg1_gamma_suite);
''',
}


def kunit_json(suites=('dg1_alpha', 'dg1_beta', 'dg1_gamma'), status='PASS',
               params=None):
    """kunit.py parse --json output: one case per suite, or params of one."""
    groups = []
    for s in suites:
        group = {'name': s, 'sub_groups': [], 'test_cases': [{'name': 'case', 'status': status}]}
        if params is not None and s == suites[0]:
            group['sub_groups'].append({'name': 'param_case', 'sub_groups': [],
                                        'test_cases': params})
        groups.append(group)
    return {'name': 'KUnit Test Group', 'sub_groups': groups, 'test_cases': []}


def judge(log, label=None, skips='', test_list=TEST_LIST, vm_status=0,
          kunit=None, kunit_src=KUNIT_SRC, checkers='KASAN/lockdep/WARN',
          console=None):
    """Run the tool on a log. Returns (rows, exit status, stdout)."""
    import json
    label = label or log.scenario
    with tempfile.TemporaryDirectory() as tmp:
        def write(name, text):
            path = os.path.join(tmp, name)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
            return path
        src = os.path.join(tmp, 'kunit')
        os.mkdir(src)
        for name, text in kunit_src.items():
            write(os.path.join('kunit', name), text)
        args = [sys.executable, TOOL, '--label', label,
                '--log', write('console.log', console if console is not None else log.console()),
                '--test-log', write('tests.log', log.test_log()),
                '--results', write('results.tsv', ''),
                '--test-list', write('test-list.txt', '\n'.join(test_list) + '\n'),
                '--expected-skips', write('skips.txt', skips),
                '--kunit-src', src, '--checkers', checkers,
                '--vm-status', str(vm_status)]
        if kunit is not None:
            args += ['--kunit-json', write('kunit.json', json.dumps(kunit))]
        p = subprocess.run(args, capture_output=True, text=True, check=False)
        with open(os.path.join(tmp, 'results.tsv'), encoding='utf-8') as f:
            rows = [tuple(line.rstrip('\n').split('\t')[:2]) for line in f if '\t' in line]
    return rows, p.returncode, p.stdout + p.stderr


def named(rows, status):
    return [name for s, name in rows if s == status]


class Tap:
    """TAP output; ok() takes the check's name and whether it held."""

    def __init__(self):
        self.n = self.failed = 0

    def ok(self, name, cond, why=''):
        self.n += 1
        self.failed += not cond
        print(f'{"ok" if cond else "not ok"} {self.n} - {name}')
        if not cond and why:
            for line in str(why).splitlines()[:30]:
                print(f'#   {line}')

    def fails(self, name, rows, row, why=''):
        """The rows fail the run, and with this row in particular."""
        self.ok(name, row in named(rows, 'FAIL'), why or rows)

    def done(self, title):
        print(f'1..{self.n}')
        print(f'# {title}: {self.n - self.failed} passed, {self.failed} failed')
        return 1 if self.failed else 0
