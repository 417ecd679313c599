#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Self-tests of scripts/check-layers.py: a small tree that keeps the
layers passes, and each way of breaking them fails the rule it breaks.
Prints TAP."""
import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the tree
from vmlog import ROOT, Tap

SCRIPT = os.path.join(ROOT, 'scripts', 'check-layers.py')

# A tree that keeps every rule: the container includes every layer's
# types, calls point down, submit/ calls follow CALL_ORDER.
GOOD = {
    'regs/dg1_x_regs.h': '',
    'core/dg1_device_types.h': '#include "gt/dg1_gt_types.h"\n'
                               '#include "oa/dg1_oa_types.h"\n',
    'mmio/dg1_mmio.h': 'int dg1_mmio_read(void);\n',
    'mmio/dg1_mmio.c': '#include "mmio/dg1_mmio.h"\n'
                       'int dg1_mmio_read(void) { return 1; }\n',
    'gt/dg1_gt_types.h': '#include "regs/dg1_x_regs.h"\n',
    'gt/dg1_gt.h': '#include "gt/dg1_gt_types.h"\nint dg1_gt_init(void);\n',
    'gt/dg1_gt.c': '#include "core/dg1_device_types.h"\n'
                   '#include "gt/dg1_gt.h"\n#include "mmio/dg1_mmio.h"\n'
                   'int dg1_gt_init(void) { return dg1_mmio_read(); }\n',
    'oa/dg1_oa_types.h': '',
    'submit/dg1_request.h': 'void dg1_request_signal(void);\n',
    'submit/dg1_request.c': '#include "submit/dg1_request.h"\n'
                            'void dg1_request_signal(void) { }\n',
    'submit/dg1_context.h': 'void dg1_context_run(void);\n',
    'submit/dg1_context.c': '#include "submit/dg1_context.h"\n'
                            'void dg1_context_run(void) { }\n',
    'submit/dg1_execlists.c': '#include "gt/dg1_gt.h"\n'
                              '#include "submit/dg1_request.h"\n'
                              'void dg1_execlists_irq(void);\n'
                              'void dg1_execlists_irq(void) '
                              '{ dg1_request_signal(); dg1_gt_init(); }\n',
}

# name: (files changed, the rule that must fail, text its report names)
BROKEN = {
    'gt includes a mem header': (
        {'mem/dg1_vm.h': 'int dg1_vm_get(void);\n',
         'gt/dg1_gt.c': GOOD['gt/dg1_gt.c'] + '#include "mem/dg1_vm.h"\n'},
        1, 'gt/dg1_gt.c (gt) includes mem/dg1_vm.h (mem)'),
    'gt types include submit types': (
        {'submit/dg1_context_types.h': '',
         'gt/dg1_gt_types.h': '#include "submit/dg1_context_types.h"\n'},
        1, 'gt/dg1_gt_types.h (gt) includes submit/dg1_context_types.h'),
    'a file outside every layer': (
        {'misc/dg1_x.c': ''}, 1, 'misc/dg1_x.c: not in any layer'),
    'a types header with declarations': (
        {'gt/dg1_gt_types.h': '#include "mmio/dg1_mmio.h"\n'},
        2, 'gt/dg1_gt_types.h: includes mmio/dg1_mmio.h, not a types header'),
    'an include cycle': (
        {'gt/dg1_a.h': '#include "gt/dg1_b.h"\n',
         'gt/dg1_b.h': '#include "gt/dg1_a.h"\n'},
        3, 'gt/dg1_a.h -> gt/dg1_b.h'),
    'mmio calls gt through a local extern': (
        {'mmio/dg1_mmio.c': 'int dg1_gt_init(void);\n'
                            'int dg1_mmio_read(void);\n'
                            'int dg1_mmio_read(void) '
                            '{ return dg1_gt_init(); }\n'},
        4, 'mmio/dg1_mmio.o uses dg1_gt_init of gt/dg1_gt.o'),
    'execlists calls the context above it': (
        {'submit/dg1_execlists.c': GOOD['submit/dg1_execlists.c'] +
         '#include "submit/dg1_context.h"\n'
         'void dg1_execlists_x(void);\n'
         'void dg1_execlists_x(void) { dg1_context_run(); }\n'},
        4, 'submit/dg1_execlists.o uses dg1_context_run of '
           'submit/dg1_context.o'),
    'a submit file CALL_ORDER does not place': (
        {'submit/dg1_new.c': 'void dg1_new(void);\nvoid dg1_new(void) { }\n'},
        4, 'submit/dg1_new.o: not in CALL_ORDER'),
}


# vdg1 (--vdg1): the irq component under the core, and two ways to break it.
VDG1_GOOD = {
    'vdg1/vdg1_irq.c': 'void vdg1_irq_raise(void);\nvoid vdg1_irq_raise(void) { }\n',
    'vdg1/vdg1_core.c': 'void vdg1_irq_raise(void);\nvoid vdg1_core_run(void);\n'
                        'void vdg1_core_run(void) { vdg1_irq_raise(); }\n',
}
VDG1_BROKEN = {
    'the irq component calls the core': (
        {'vdg1/vdg1_irq.c': 'void vdg1_core_run(void);\nvoid vdg1_irq_raise(void);\n'
                            'void vdg1_irq_raise(void) { vdg1_core_run(); }\n'},
        'vdg1_irq uses vdg1_core_run of vdg1_core'),
    'a component VDG1_ORDER does not place': (
        {'vdg1/vdg1_new.c': 'void vdg1_new(void);\nvoid vdg1_new(void) { }\n'},
        'vdg1_new: not in VDG1_ORDER'),
}


def make_tree(tmp, files):
    shutil.rmtree(tmp, ignore_errors=True)
    for path, text in files.items():
        full = os.path.join(tmp, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'w', encoding='utf-8') as f:
            f.write(text)
    subprocess.run(['git', 'init', '-q', tmp], check=True)
    for path in files:
        if path.endswith('.c'):
            subprocess.run(['gcc', '-c', '-I', tmp, '-o',
                            os.path.join(tmp, path[:-2] + '.o'),
                            os.path.join(tmp, path)], check=True)


def run(tmp, *args):
    p = subprocess.run([sys.executable, '-B', SCRIPT, '--root', tmp,
                        *(args or ('--objects', tmp))], capture_output=True,
                       text=True, check=False)
    return p.returncode, p.stdout + p.stderr


def main():
    tap = Tap()
    with tempfile.TemporaryDirectory() as base:
        tree = os.path.join(base, 'tree')
        make_tree(tree, GOOD)
        rc, out = run(tree)
        tap.ok('a layered tree passes every rule', rc == 0 and
               'not ok' not in out and 'ok 4 - no call points up' in out,
               out)
        for name, (change, rule, text) in BROKEN.items():
            make_tree(tree, {**GOOD, **change})
            rc, out = run(tree)
            failed = [line for line in out.splitlines()
                      if line.startswith('not ok ')]
            tap.ok(f'{name}: rule {rule} fails and names it',
                   rc == 1 and any(line.startswith(f'not ok {rule} ')
                                   for line in failed) and text in out, out)
        vdg1 = os.path.join(tree, 'vdg1')
        make_tree(tree, VDG1_GOOD)
        rc, out = run(tree, '--vdg1', vdg1)
        tap.ok('vdg1: components that call down pass', rc == 0 and
               out.startswith('ok 1 - vdg1'), out)
        for name, (change, text) in VDG1_BROKEN.items():
            make_tree(tree, {**VDG1_GOOD, **change})
            rc, out = run(tree, '--vdg1', vdg1)
            tap.ok(f'vdg1: {name} fails and names it',
                   rc == 1 and out.startswith('not ok 1') and text in out, out)
    return tap.done('check-layers self-tests')


if __name__ == '__main__':
    sys.exit(main())
