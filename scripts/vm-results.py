#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Judge one dg1 test VM run for scripts/check.sh.

The guest (scripts/vm/init) writes two channels:
  --test-log  the test channel (/dev/ttyS1): the init's DG1-... markers and
              everything the test binaries, benchmarks and steps print;
  --log       the kernel console (/dev/ttyS0): the kernel log only, with a
              copy of every marker written through /dev/kmsg.
Subtest rows come only from the test channel, so kernel output cannot split
them. The console gives the kernel checkers' reports, KUnit (as JSON from the
kernel's `kunit.py parse`), and the kernel log around a failure.

What a scenario must run is decided here (SCENARIOS), not by the guest: a
missing step, test round, benchmark or audit, a KUnit suite of kunit/*.c that
did not run, a skip not listed in tests/expected-skips.txt (or a listed one
that did not happen), and an exit status that disagrees with the subtest rows
each fail the run.

Appends one "STATUS<TAB>NAME" row per result to --results and prints failures
with the test output and kernel log around them. Exit status 0 when the run
could be judged (the rows say how it went), 2 on unusable input.
"""
import argparse
import collections
import json
import os
import re
import sys

FULL = '@full'          # every binary of tests/test-list.txt, in order
# The same without the binaries that run once per kernel: the OA tests (the
# OA unit cares neither about the fuses nor about a rebind; dg1_unbind
# takes a stream across one), the per-file limits (filling them is
# slow, and neither fuses nor a rebind change them) and the hot-unplug
# cycles (each is a rebind of its own). Kept in step with
# full_list_but_once in scripts/vm/init.
FULL_BUT_ONCE = '@full-but-once'
ONCE_TESTS = ('dg1_perf', 'dg1_limits', 'dg1_hotunplug', 'dg1_fuzz')
# Run on each of two devices at once in stock-two-gpus: none unbinds, fills a
# per-file limit or sets a module-wide knob, so neither disturbs the other
# device's run. Not dg1_perf: its paranoid subtest flips the module's
# dev.dg1.perf_stream_paranoid (module-wide, as i915's is), which the other
# run's would see; dg1_multi streams OA on both devices at once instead.
TWO_GPU_TESTS = ['dg1_core', 'dg1_gem', 'dg1_exec', 'dg1_vm']
AUDIT = 'dg1_audit'     # run by the init itself, after the last driver action
MIN_INJECT_CHECKPOINTS = 15


def tests(rnd, binaries=FULL):
    return ('tests', rnd, binaries)


def step(name):
    return ('step', name)


BENCH = ('bench',)
# make bench's side by side rounds (scripts/vm/init, scenario bench).
BENCH_ROUNDS = 3
AUDIT_ROUND = tests('audit', [AUDIT])

# What each scenario runs, in order. Kept in step with the case statement
# of scripts/vm/init; the labels are the ones of tests/expected-skips.txt.
SCENARIOS = {
    'debug': dict(kunit=True, plan=[
        step('load-deps'), step('insmod'), step('probe'), tests('main'),
        step('rebind'), tests('rebind', FULL_BUT_ONCE), step('inject-probe'),
        step('rmmod'),
        AUDIT_ROUND, step('kmemleak')]),
    'debug-never-ack-gt': dict(plan=[
        step('load-deps'), step('insmod'), step('probe-refused'),
        step('refusal-explained'), step('rmmod'), AUDIT_ROUND,
        step('kmemleak')]),
    'debug-never-ack-render': dict(plan=[
        step('load-deps'), step('insmod'), step('probe'),
        tests('main', ['dg1_forcewake', 'dg1_gt']), step('rmmod'),
        AUDIT_ROUND, step('kmemleak')]),
    'debug-never-ack-vdbox2': dict(plan=[
        step('load-deps'), step('insmod'), step('probe'),
        tests('main', ['dg1_forcewake', 'dg1_gt']), step('rmmod'),
        AUDIT_ROUND, step('kmemleak')]),
    # Binding is opt-in first (dg1 unloaded at its end); then a firmware
    # console (tests/kmod/dg1_fwfb.c) stays through dg1's load, tests and
    # unload.
    'stock': dict(plan=[
        step('opt-in-deps'), step('opt-in'), step('fwfb-insmod'),
        step('fwfb-drawn'), step('console-insmod'), step('console-probe'),
        tests('console', ['dg1_console']), step('console-rmmod'),
        step('fwfb-after-unload'), step('fwfb-rmmod'),
        step('load-deps'), step('insmod'), step('probe'), BENCH,
        tests('main'), step('reload-rmmod'), step('reload-insmod'),
        step('reload-probe'), tests('reload', ['dg1_core', 'dg1_hang']),
        step('rmmod'), AUDIT_ROUND]),
    # 10 000 runtime suspend/resume cycles (dg1_power rpm-stress).
    'stock-rpm-stress': dict(plan=[
        step('load-deps'), step('insmod'), step('probe'),
        tests('stress', ['dg1_power']), step('rmmod'), AUDIT_ROUND]),
    'stock-fused': dict(plan=[
        step('load-deps'), step('insmod'), step('probe'),
        tests('main', FULL_BUT_ONCE), step('rmmod'), AUDIT_ROUND]),
    # Two vdg1 devices (run-vm.sh --devices 2): the same tests on each, side
    # by side, then both at once (dg1_multi); each one audited.
    'stock-two-gpus': dict(plan=[
        step('load-deps'), step('insmod'), step('probe-both'),
        tests('main-first', TWO_GPU_TESTS), tests('main-second', TWO_GPU_TESTS),
        tests('both', ['dg1_multi']), step('rmmod'), AUDIT_ROUND,
        tests('audit-second', [AUDIT])]),
    'stock-small-bar': dict(plan=[
        step('load-deps'), step('insmod'), step('probe'),
        tests('main', ['dg1_core', 'dg1_gem', 'dg1_vm']), step('rmmod'),
        AUDIT_ROUND]),
    'stock-i915': dict(plan=[
        step('load-deps'), step('insmod'), step('probe'),
        step('batch-each-engine'), step('regstate-dg1'), BENCH, step('rmmod'), step('regstate-fresh'),
        step('insmod-i915'), step('probe-i915'), BENCH,
        tests('main', ['i915_vdg1']), step('rmmod-i915')]),
    'stock-xe': dict(plan=[
        step('insmod-xe'), step('probe-xe'), tests('main', ['xe_vdg1'])]),
    'stock-untrained-lmem': dict(plan=[
        step('load-deps'), step('insmod'), step('probe-refused'),
        step('refusal-explained'), step('rmmod'), AUDIT_ROUND]),
    'stock-dead-bar': dict(plan=[
        step('load-deps'), step('insmod'), step('probe-refused'),
        step('refusal-explained'), step('rmmod'), AUDIT_ROUND]),
    # make fuzz (scripts/fuzz.sh), not make check: the fuzzer for 1M calls.
    'fuzz': dict(check=False, plan=[
        step('load-deps'), step('insmod'), step('probe'),
        tests('fuzz', ['dg1_fuzz']), step('rmmod'), AUDIT_ROUND]),
    # make bench (scripts/bench.sh), not make check: every benchmark at full
    # length, then the side by side with Debian's i915 in BENCH_ROUNDS
    # rounds, dg1 then i915 in each; the audit after dg1's first.
    'bench': dict(check=False, plan=[
        step('code-patching'), step('load-deps'), step('insmod'), step('probe'), BENCH,
        step('rmmod'), AUDIT_ROUND, step('insmod-i915'), step('probe-i915'),
        BENCH, step('rmmod-i915')] + [
        it for _ in range(BENCH_ROUNDS - 1) for it in (
            step('insmod'), step('probe'), BENCH, step('rmmod'),
            step('insmod-i915'), step('probe-i915'), BENCH,
            step('rmmod-i915'))]),
}

MARKER = re.compile(r'DG1-[A-Z-]+: ')
VM_BEGIN = re.compile(r'^DG1-VM: begin scenario=(\S*)')
VM_DONE = re.compile(r'^DG1-VM: done rc=(\d+)$')
ROUND = re.compile(r'^DG1-ROUND: (\S+)$')
STEP_BEGIN = re.compile(r'^DG1-STEP-BEGIN: (\S+)$')
STEP_END = re.compile(r'^DG1-STEP: (\S+) rc=(\d+)$')
TEST_BEGIN = re.compile(r'^DG1-TEST-BEGIN: (\S+)$')
TEST_END = re.compile(r'^DG1-TEST: (\S+) rc=(\d+)$')
BENCH_BEGIN = re.compile(r'^DG1-BENCH-BEGIN: (\S+)$')
BENCH_END = re.compile(r'^DG1-BENCH: (\S+) rc=(\d+)$')
INJECT_POINT = re.compile(r'^DG1-INJECT-CHECKPOINT: (\d+) rc=(\d+)$')
INJECT_COUNT = re.compile(r'^DG1-INJECT: (\d+) checkpoints exercised$')

# The lines of tests/lib/igt_core.c.
STARTING = re.compile(r'^Starting subtest: (\S+)$')
SUBTEST = re.compile(r'^Subtest (\S+): (SUCCESS|FAIL|SKIP|CRASH|TIMEOUT)\b')
SKIPPING = re.compile(r'^Skipping: (.*)$')
# The failure's own words, for the results row (not the location lines).
CRITICAL = re.compile(r'^\(\S+:\d+\) CRITICAL: (?!Test assertion failure|'
                      r'Failed assertion|Last errno)(.*)$')
FIXTURE = re.compile(r'^Fixture at (\S+): (FAIL|CRASH)\b')
HARNESS = re.compile(r'harness error:|failure outside any block')

TIMESTAMP = re.compile(r'^\[\s*\d+\.\d+\]\s?')

# Any of these in the kernel log fails the run: KASAN, UBSAN, lockdep and
# other WARN()s, sleeping-in-atomic BUGs, debugobjects, kmemleak, oopses.
CHECKERS = re.compile(
    r'BUG: KASAN|UBSAN:|WARNING:|BUG:|Oops|ODEBUG:|'
    r'DEBUG_LOCKS_WARN_ON|possible recursive locking|'
    r'possible circular locking|inconsistent lock state|'
    r'suspicious RCU usage|unreferenced object|kmemleak: .*suspected|'
    r'Kernel panic|general protection fault|Call Trace:')

# A CPU that did not come back when the kernel brought it up again (every
# suspend to RAM takes the second one down and up). Seen under TCG on a
# loaded host with no vdg1 at all: Documentation/testing.rst, "CPUs after
# suspend to RAM". The guest goes on with one CPU, and the other may run
# whatever memory it was sent to: what follows is not judged as if nothing
# happened.
CPU_LOST = re.compile(r'CPU\d+ failed to report alive state|Error taking CPU\d+ up')

IGT_PASS, IGT_SKIP, IGT_FAIL = 0, 77, 98


class InputError(Exception):
    """The input cannot be judged: check.sh fails the run."""


class Results:
    def __init__(self, path, label):
        self.out = open(path, 'a', encoding='utf-8')
        self.label = label
        self.failed = 0

    def add(self, status, name, detail=''):
        name = f'{self.label}: {name}'
        # A failure's detail is a third column: the summary repeats it.
        extra = f'\t{detail}' if status == 'FAIL' and detail else ''
        self.out.write(f'{status}\t{name}{extra}\n')
        if status == 'FAIL':
            self.failed += 1
            print(f'FAIL: {name}' + (f' ({detail})' if detail else ''))


def excerpt(title, lines, limit=30):
    if not lines:
        return
    lines = lines[-limit:]
    print(f'  {title}:')
    for line in lines:
        print(f'    | {line}')


class Console:
    """The kernel console, cut at the markers the init copied into it."""

    def __init__(self, raw):
        self.lines = [TIMESTAMP.sub('', line) for line in raw]
        self.raw = raw
        self.marks = collections.defaultdict(list)
        for i, line in enumerate(self.lines):
            m = MARKER.search(line)
            if m:
                self.marks[line[m.start():]].append(i)

    def between(self, begin, end):
        """Kernel log between two markers: (text, occurrence) pairs."""
        lo = self.find(begin)
        hi = self.find(end) if end else None
        if lo is None:
            return []
        if hi is None or hi < lo:
            hi = min(len(self.raw), lo + 60)
        return self.raw[lo:hi + 1]

    def find(self, mark):
        text, nth = mark
        hits = self.marks.get(text, [])
        return hits[nth] if nth < len(hits) else None


class Span:
    """A step, test binary or benchmark run: its marker and its output."""

    def __init__(self, kind, name, rnd, begin):
        self.kind, self.name, self.round = kind, name, rnd
        self.begin, self.end = begin, None
        self.rc = None
        self.lines = []
        self.extra = []     # inject lines of a step


def split_marker(line):
    """Output and a marker glued to it (no newline before the marker)."""
    m = MARKER.search(line)
    if m and m.start() > 0:
        return line[:m.start()], line[m.start():]
    return (None, line) if m else (line, None)


def parse_test_log(raw):
    """The test channel as a list of events (Spans) plus the VM markers."""
    seen = collections.Counter()
    events, vm = [], {'begin': None, 'done': None}
    rnd, span = None, None

    def mark(text):
        seen[text] += 1
        return (text, seen[text] - 1)

    def close_open():
        nonlocal span
        if span is not None:
            events.append(span)
            span = None

    for line in raw:
        out, marker = split_marker(line)
        if out is not None and span is not None:
            span.lines.append(out)
        if marker is None:
            continue
        m = VM_BEGIN.match(marker)
        if m:
            vm['begin'] = m.group(1)
            continue
        m = VM_DONE.match(marker)
        if m:
            close_open()
            vm['done'] = int(m.group(1))
            continue
        m = ROUND.match(marker)
        if m:
            rnd = m.group(1)
            continue
        for kind, begin_re in (('step', STEP_BEGIN), ('test', TEST_BEGIN),
                               ('bench', BENCH_BEGIN)):
            m = begin_re.match(marker)
            if m:
                close_open()
                span = Span(kind, m.group(1), rnd if kind == 'test' else None,
                            mark(marker))
                break
        else:
            for kind, end_re in (('step', STEP_END), ('test', TEST_END),
                                 ('bench', BENCH_END)):
                m = end_re.match(marker)
                if not m:
                    continue
                if span is None or span.kind != kind or span.name != m.group(1):
                    close_open()
                    span = Span(kind, m.group(1), rnd, None)
                span.rc, span.end = int(m.group(2)), mark(marker)
                close_open()
                break
            else:
                if span is not None:
                    span.extra.append(marker)
    close_open()
    return events, vm


def plan_tokens(plan, full):
    out = []
    for item in plan:
        if item[0] == 'tests':
            if item[2] == FULL:
                binaries = full
            elif item[2] == FULL_BUT_ONCE:
                binaries = [b for b in full if b not in ONCE_TESTS]
            else:
                binaries = item[2]
            out.append(f'tests[{item[1]}]={",".join(binaries)}')
        elif item[0] == 'step':
            out.append(item[1])
        else:
            out.append('bench')
    return out


def run_tokens(events):
    """What ran, in the form of plan_tokens(): consecutive runs collapse."""
    out, last = [], None
    for ev in events:
        if ev.kind == 'step':
            tok = ev.name
        elif ev.kind == 'bench':
            tok = 'bench'
        else:
            tok = ('tests', ev.round)
        if ev.kind == 'test' and tok == last:
            out[-1] += f',{ev.name}'
        elif ev.kind == 'bench' and tok == last:
            pass
        elif ev.kind == 'test':
            out.append(f'tests[{ev.round}]={ev.name}')
        else:
            out.append(tok)
        last = tok
    return out


def row_prefix(rnd):
    return '' if rnd in ('main', 'audit', None) else f'{rnd}: '


class Judge:
    def __init__(self, res, console, args):
        self.res, self.console, self.args = res, console, args
        self.skips = []     # (round, binary, subtest, reason)
        self.runs = collections.defaultdict(list)   # binary -> rounds

    def context(self, ev, upto=None):
        lines = ev.lines if upto is None else ev.lines[:upto + 1]
        excerpt(f'{ev.kind} {ev.name} output', lines)
        excerpt('kernel log meanwhile', self.console.between(ev.begin, ev.end)
                if ev.begin else [])

    def step(self, ev):
        if ev.rc is None:
            self.res.add('FAIL', f'step {ev.name}', 'did not finish')
            self.context(ev)
        elif ev.rc:
            self.res.add('FAIL', f'step {ev.name}', f'rc={ev.rc}')
            self.context(ev)
        else:
            self.res.add('PASS', f'step {ev.name}')
        if ev.name == 'inject-probe':
            self.inject(ev)

    def inject(self, ev):
        count, points = None, []
        for marker in ev.extra:
            m = INJECT_POINT.match(marker)
            if m:
                points.append((int(m.group(1)), int(m.group(2))))
            m = INJECT_COUNT.match(marker)
            if m:
                count = int(m.group(1))
        for n, rc in points:
            self.res.add('PASS' if rc == 0 else 'FAIL',
                         f'inject checkpoint {n}', f'rc={rc}')
        name = f'inject: at least {MIN_INJECT_CHECKPOINTS} probe checkpoints exercised'
        numbers = [n for n, _ in points]
        if count is None:
            self.res.add('FAIL', name, 'no "DG1-INJECT: N checkpoints exercised" line')
        elif count < MIN_INJECT_CHECKPOINTS:
            self.res.add('FAIL', name, f'{count} exercised')
        elif numbers != list(range(1, count + 1)):
            self.res.add('FAIL', name, f'{count} claimed, checkpoint rows {numbers}')
        else:
            self.res.add('PASS', name, f'{count} exercised')
        if count is None or count < MIN_INJECT_CHECKPOINTS:
            self.context(ev)

    def bench(self, ev):
        ok = ev.rc == 0
        self.res.add('PASS' if ok else 'FAIL', f'bench {ev.name}',
                     'did not finish' if ev.rc is None else f'exit {ev.rc}')
        if not ok:
            self.context(ev)

    def test(self, ev):
        pre = row_prefix(ev.round) + ev.name
        self.runs[ev.name].append(ev.round)
        started, results, reasons = {}, {}, {}
        harness, fixtures, orphans, twice = [], [], [], []
        loose_skip, current = None, None
        for i, text in enumerate(ev.lines):
            m = STARTING.match(text)
            if m:
                if m.group(1) in started:
                    twice.append(m.group(1))
                started[m.group(1)] = i
                current = m.group(1)
                continue
            m = SUBTEST.match(text)
            if m:
                name = m.group(1)
                if name != current or name in results:
                    orphans.append((name, i))
                else:
                    results[name] = (m.group(2), i)
                current = None
                continue
            m = CRITICAL.match(text)
            if m and current and current not in reasons:
                reasons[current] = m.group(1)[:200]
                continue
            m = SKIPPING.match(text)
            if m:
                if current:
                    reasons[current] = m.group(1)
                elif loose_skip is None:
                    loose_skip = m.group(1)
                continue
            m = FIXTURE.match(text)
            if m:
                fixtures.append((f'{m.group(1)} {m.group(2)}', i))
            elif HARNESS.search(text):
                harness.append((text.strip(), i))

        reported_fail = bool(fixtures or harness)
        passed = skipped = 0
        for name, idx in started.items():
            if name not in results:
                self.res.add('FAIL', f'{pre}/{name}',
                             'started, no result row (block left early or output cut)')
                self.context(ev, idx + 5)
                continue
            status, i = results[name]
            if status == 'SUCCESS':
                self.res.add('PASS', f'{pre}/{name}')
                passed += 1
            elif status == 'SKIP':
                self.res.add('SKIP', f'{pre}/{name}', reasons.get(name, ''))
                self.skips.append((ev.round, ev.name, name, reasons.get(name)))
                skipped += 1
            else:
                why = reasons.get(name)
                self.res.add('FAIL', f'{pre}/{name}',
                             f'{status}: {why}' if why else status)
                self.context(ev, i)
                reported_fail = True
        for name in twice:
            self.res.add('FAIL', f'{pre}/{name}', 'subtest ran twice in one binary')
        for name, i in orphans:
            self.res.add('FAIL', f'{pre}/{name}',
                         'result row without its Starting line (garbled output)')
            self.context(ev, i)
        for what, i in fixtures:
            self.res.add('FAIL', f'{pre}: fixture at {what}')
            self.context(ev, i)
        for text, i in harness:
            self.res.add('FAIL', f'{pre}: harness error', text)
            self.context(ev, i)

        # The whole binary skipped before any block ran (igt_require outside
        # a block): one row, listed like a subtest as <binary>/*.
        if not started and loose_skip is not None and ev.rc == IGT_SKIP:
            self.res.add('SKIP', f'{pre}/*', loose_skip)
            self.skips.append((ev.round, ev.name, '*', loose_skip))
            skipped += 1

        if reported_fail:
            want = IGT_FAIL
        elif passed:
            want = IGT_PASS
        elif skipped:
            want = IGT_SKIP
        else:
            want = None
        name = f'{pre}: exit status'
        if ev.rc is None:
            self.res.add('FAIL', name, 'no end marker: the binary did not finish')
            self.context(ev)
        elif want is None:
            self.res.add('FAIL', name, f'exit {ev.rc} but no subtest result')
            self.context(ev)
        elif ev.rc != want:
            self.res.add('FAIL', name, f'exit {ev.rc}, the subtest rows say {want}')
            self.context(ev)
        else:
            self.res.add('PASS', name)

    def expected_skips(self, listed):
        happened = collections.defaultdict(set)
        for rnd, binary, sub, reason in self.skips:
            key = f'{binary}/{sub}'
            row = f'{row_prefix(rnd)}{key}'
            happened[key].add(rnd)
            if key not in listed:
                self.res.add('FAIL', f'unexpected skip {row}',
                             f'not in tests/expected-skips.txt: {reason}')
            elif listed[key] not in (reason or ''):
                self.res.add('FAIL', f'unexpected skip {row}',
                             f'reason "{reason}" lacks the listed "{listed[key]}"')
        for key, reason in sorted(listed.items()):
            binary = key.split('/', 1)[0]
            rounds = self.runs.get(binary)
            if not rounds:
                self.res.add('FAIL', f'expected skip {key}',
                             f'{binary} did not run in this scenario')
                continue
            for rnd in rounds:
                if rnd not in happened[key]:
                    self.res.add('FAIL', f'expected skip {row_prefix(rnd)}{key}',
                                 f'listed ({reason}) but did not skip')


def read_expected_skips(path):
    """{label: {binary/subtest: reason}} from tests/expected-skips.txt."""
    listed = collections.defaultdict(dict)
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            parts = line.split(None, 2)
            where = f'{path}:{n}'
            if len(parts) < 3 or '/' not in parts[1]:
                raise InputError(f'{where}: want "<scenario> <binary>/<subtest> <reason>"')
            label, key, reason = parts
            if label not in SCENARIOS:
                raise InputError(f'{where}: unknown scenario "{label}"')
            if key in listed[label]:
                raise InputError(f'{where}: {label} {key} listed twice')
            listed[label][key] = reason
    return listed


SUITE_VAR = re.compile(
    r'struct\s+kunit_suite\s+(\w+)\s*=\s*\{(.*?)\n\s*\};', re.S)
SUITE_NAME = re.compile(r'\.name\s*=\s*"([^"]+)"')
SUITE_REG = re.compile(r'^\s*kunit_test_suites?\s*\(([^;]*?)\)\s*;', re.M | re.S)


def kunit_suites_in_source(directory):
    """Names of the suites kunit/*.c registers with kunit_test_suite(s)."""
    names, problems = set(), []
    for fname in sorted(os.listdir(directory)):
        if not fname.endswith('.c'):
            continue
        with open(os.path.join(directory, fname), encoding='utf-8') as f:
            text = f.read()
        suites = {}
        for m in SUITE_VAR.finditer(text):
            name = SUITE_NAME.search(m.group(2))
            suites[m.group(1)] = name.group(1) if name else None
        for m in SUITE_REG.finditer(text):
            for var in m.group(1).split(','):
                var = var.strip().lstrip('&').strip()
                if not var:
                    continue
                if suites.get(var):
                    names.add(suites[var])
                else:
                    problems.append(f'{fname}: registered suite {var} has no .name')
    return names, problems


def kunit_cases(group, prefix=''):
    for case in group.get('test_cases', []):
        yield f'{prefix}{case["name"]}', case['status']
    for sub in group.get('sub_groups', []):
        yield from kunit_cases(sub, f'{prefix}{sub["name"]}.')


def check_kunit(res, path, source_dir):
    try:
        with open(path, encoding='utf-8') as f:
            top = json.load(f)
    except (OSError, ValueError, TypeError) as err:
        res.add('FAIL', 'kunit', f'no parsable KUnit output: {err}')
        return
    for name, status in kunit_cases(top):
        if status == 'PASS':
            res.add('PASS', f'kunit {name}')
        elif status == 'SKIP':
            # kunit_skip() or an empty parameter table: nothing was checked.
            res.add('FAIL', f'kunit {name}', 'skipped: a KUnit case must run')
        else:
            res.add('FAIL', f'kunit {name}', status)
    ran = {g['name'] for g in top.get('sub_groups', [])}
    ran |= {c['name'] for c in top.get('test_cases', [])}
    if not source_dir:
        if not ran:
            res.add('FAIL', 'kunit', 'no KUnit suite ran')
        return
    want, problems = kunit_suites_in_source(source_dir)
    for p in problems:
        res.add('FAIL', 'kunit sources', p)
    if not want:
        res.add('FAIL', 'kunit sources', f'no kunit_test_suites() found in {source_dir}')
    for name in sorted(want - ran):
        res.add('FAIL', f'kunit suite {name}', 'in kunit/ but did not run')
    for name in sorted(ran - want):
        res.add('FAIL', f'kunit suite {name}', 'ran but is not registered in kunit/*.c')
    if want and want == ran:
        res.add('PASS', f'kunit: all {len(want)} suites of kunit/ ran')


def read_lines(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return [line.rstrip('\r\n') for line in f]


def judge(args):
    if args.scenario not in SCENARIOS:
        raise InputError(f'unknown scenario "{args.scenario}"')
    scenario = SCENARIOS[args.scenario]
    res = Results(args.results, args.label)
    console = Console(read_lines(args.log))
    events, vm = parse_test_log(read_lines(args.test_log))

    full = []
    if args.test_list:
        with open(args.test_list, encoding='utf-8') as f:
            full = f.read().split()
        if AUDIT in full:
            res.add('FAIL', 'test list', f'{args.test_list} lists {AUDIT}: '
                    'the init runs it itself, after the last driver action')

    # The steps' own rows say whether they passed; this one says whether
    # the guest got to the end of its scenario.
    if args.vm_status == 124 or vm['done'] is None:
        why = ('timed out' if args.vm_status == 124 else
               'no "DG1-VM: done" on the test channel (panic, crash or no ttyS1)')
        res.add('FAIL', 'vm', why)
        excerpt('end of the test channel', read_lines(args.test_log), 20)
        excerpt('end of the kernel console', console.raw, 40)
    elif vm['begin'] != args.scenario:
        res.add('FAIL', 'vm', f'the guest ran scenario "{vm["begin"]}"')
    else:
        res.add('PASS', 'vm')

    j = Judge(res, console, args)
    for ev in events:
        getattr(j, ev.kind)(ev)

    want, got = plan_tokens(scenario['plan'], full), run_tokens(events)
    if want == got:
        res.add('PASS', 'plan: every step in order')
    else:
        res.add('FAIL', 'plan: every step in order', 'see below')
        print(f'  wanted: {" ".join(want)}\n  ran:    {" ".join(got)}')

    listed = read_expected_skips(args.expected_skips) if args.expected_skips else {}
    j.expected_skips(listed.get(args.scenario, {}))

    hits = [i for i, line in enumerate(console.lines) if CHECKERS.search(line)]
    name = f'kernel log: no {args.checkers} report'
    if hits:
        res.add('FAIL', name, f'{len(hits)} report lines')
        excerpt('kernel log', console.raw[max(0, hits[0] - 5):hits[0] + 40], 45)
    else:
        res.add('PASS', name)

    lost = [i for i, line in enumerate(console.lines) if CPU_LOST.search(line)]
    name = 'every CPU came back up'
    if lost:
        res.add('FAIL', name, f'{console.lines[lost[0]].strip()} (under TCG, not '
                'a dg1 path: Documentation/testing.rst, "CPUs after suspend to RAM")')
        excerpt('kernel log', console.raw[max(0, lost[0] - 6):lost[0] + 4], 10)
    else:
        res.add('PASS', name)

    if scenario.get('kunit'):
        if args.kunit_json:
            check_kunit(res, args.kunit_json, args.kunit_src)
        else:
            res.add('FAIL', 'kunit', 'scenario runs KUnit but no --kunit-json')


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--list-scenarios', action='store_true',
                    help="print the labels of make check's scenarios and exit")
    ap.add_argument('--log', help='kernel console (ttyS0)')
    ap.add_argument('--test-log', help='test channel (ttyS1)')
    ap.add_argument('--label')
    ap.add_argument('--scenario', help='default: the label')
    ap.add_argument('--results')
    ap.add_argument('--test-list', help='tests/test-list.txt')
    ap.add_argument('--expected-skips', help='tests/expected-skips.txt')
    ap.add_argument('--kunit-json')
    ap.add_argument('--kunit-src', help='kunit/: the suites that must run')
    ap.add_argument('--checkers', default='WARN/BUG/Oops',
                    help='what the kernel checks, for the row name')
    ap.add_argument('--vm-status', type=int, default=0)
    args = ap.parse_args()
    if args.list_scenarios:
        print('\n'.join(k for k, v in SCENARIOS.items() if v.get('check', True)))
        return 0
    if not (args.log and args.test_log and args.label and args.results):
        ap.error('--log, --test-log, --label and --results are required')
    args.scenario = args.scenario or args.label
    try:
        judge(args)
    except (InputError, OSError) as err:
        print(f'vm-results: {err}', file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main())
