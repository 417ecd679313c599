#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Every self-test can fail: the other test_*.py files run again against
broken stand-ins, and each of their checks must report "not ok" in at least
one of those runs. Stand-ins: a vm-results.py that passes everything, one
that refuses everything, and copies of check.sh and tests/lib/igt_core.c
with one safeguard removed each (test_docs.py and test_check_layers.py show
their own checks failing). Prints TAP."""
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the tree
from vmlog import HERE, ROOT, Tap

SUITES = ['test_vm_results.py', 'test_igt_harness.py', 'test_check_sh.py']

STUB_PASS = '''import sys
a = sys.argv
if '--results' in a and '--label' in a:
    with open(a[a.index('--results') + 1], 'a') as f:
        f.write('PASS\\t%s: vm\\n' % a[a.index('--label') + 1])
'''
STUB_REFUSE = STUB_PASS.replace('PASS', 'FAIL') + 'sys.exit(2)\n'

CHECK_SH = os.path.join(ROOT, 'scripts', 'check.sh')
IGT_CORE = os.path.join(ROOT, 'tests', 'lib', 'igt_core.c')

# (file, [(text to find, replacement)]): each removes a safeguard.
MUTANTS = [
    (CHECK_SH, [('--results "$results" || rc=$?', '--results "$results" || true')]),
    (CHECK_SH, [('elif ! has_row "$label: vm"; then', 'elif false; then')]),
    (CHECK_SH, [('--results "$results" || rc=$?', '--results "$results" || true'),
                ('elif ! has_row "$label: vm"; then', 'elif false; then')]),
    (CHECK_SH, [("grep -q '^CONFIG_KASAN=y' \"$1\" 2>/dev/null && names+=(KASAN)",
                 'names+=(KASAN)')]),
    (CHECK_SH, [("grep -q '^CONFIG_PROVE_LOCKING=y' \"$1\" 2>/dev/null && names+=(lockdep)",
                 'true')]),
    (CHECK_SH, [('elif [ "$n" = 0 ]; then', 'elif false; then')]),
    (CHECK_SH, [('has_row "$label: vm" || record', 'true || record')]),
    (CHECK_SH, [('\tdebug-never-ack-gt)\n', '\tdebug-never-ack-gt-typo)\n')]),
    (IGT_CORE, [('printf("Fixture at %s:%d: %s\\n"', 'if (0) printf("Fixture at %s:%d: %s\\n"')]),
    (IGT_CORE, [('if (igt.blocks_entered)', 'if (0)')]),
    (IGT_CORE, [('exit(IGT_EXIT_SKIP);', 'exit(IGT_EXIT_SUCCESS);')]),
    (IGT_CORE, [('\tif (igt.failed)\n\t\treturn IGT_EXIT_FAILURE;',
                 '\tif (1)\n\t\treturn IGT_EXIT_FAILURE;')]),
    (IGT_CORE, [('void igt_info(', 'syntax error; void igt_info(')]),
]
# check.sh's runs its scenarios with run_vm: drop one.
# debug-never-ack-gt in check.sh's queue of VM scenarios (the last of a list).
RUN_VM_GT = re.compile(r' debug-never-ack-gt(?=\))')


def run_suite(suite, env):
    p = subprocess.run([sys.executable, os.path.join(HERE, suite)],
                       env=dict(os.environ, **env), capture_output=True, text=True,
                       check=False)
    ok, bad = set(), set()
    for line in p.stdout.splitlines():
        m = re.match(r'^(ok|not ok) \d+ - (.*)$', line)
        if m:
            (ok if m.group(1) == 'ok' else bad).add(m.group(2))
    return ok, bad, p.returncode


def main():
    t = Tap()
    checks = {}
    for suite in SUITES:
        ok, bad, rc = run_suite(suite, {})
        t.ok(f'{suite} passes as it is', ok and not bad and rc == 0, sorted(bad))
        checks[suite] = ok | bad

    failed = {suite: set() for suite in SUITES}
    with tempfile.TemporaryDirectory() as tmp:
        runs = []   # (suites, environment)
        for name, text in (('pass.py', STUB_PASS), ('refuse.py', STUB_REFUSE)):
            path = os.path.join(tmp, name)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
            runs.append((SUITES, {'DG1_SELFTEST_TOOL': path}))
        for i, (path, edits) in enumerate(MUTANTS):
            with open(path, encoding='utf-8') as f:
                text = f.read()
            for old, new in edits:
                what = ' '.join(old.split())[:40]
                t.ok(f'mutant {i}: "{what}" is in {os.path.basename(path)}', old in text)
                text = text.replace(old, new)
            mutant = os.path.join(tmp, f'{i}-{os.path.basename(path)}')
            with open(mutant, 'w', encoding='utf-8') as f:
                f.write(text)
            if path == CHECK_SH:
                runs.append((['test_check_sh.py'], {'DG1_SELFTEST_CHECK_SH': mutant}))
            else:
                runs.append((['test_igt_harness.py'], {'DG1_SELFTEST_IGT_CORE': mutant}))
        with open(CHECK_SH, encoding='utf-8') as f:
            text = f.read()
        t.ok('mutant: check.sh queues debug-never-ack-gt', RUN_VM_GT.search(text))
        mutant = os.path.join(tmp, 'no-gt-check.sh')
        with open(mutant, 'w', encoding='utf-8') as f:
            f.write(RUN_VM_GT.sub('', text))
        runs.append((['test_check_sh.py'], {'DG1_SELFTEST_CHECK_SH': mutant}))

        for suites, env in runs:
            for suite in suites:
                _, bad, _ = run_suite(suite, env)
                failed[suite] |= bad

    for suite in SUITES:
        for name in sorted(checks[suite]):
            t.ok(f'{suite}: "{name}" can fail', name in failed[suite])
    return t.done('self-tests can fail')


if __name__ == '__main__':
    sys.exit(main())
