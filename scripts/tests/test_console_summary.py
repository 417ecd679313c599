#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Self-tests of scripts/console-summary.py: a dead guest's summary must
name the report and its call trace even when the register dump of the
panic fills the console's end. Prints TAP."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree
from vmlog import Tap, load_script

cs = load_script('console-summary.py')

REGS = [f'[    9.0{i:02d}] R{i:02d}: 0000000000000000' for i in range(20)]

OOPS = """[    8.900000] DG1-TEST-BEGIN: dg1_gem
[    9.000100] BUG: kernel NULL pointer dereference, address: 0000000000000000
[    9.000200] #PF: supervisor instruction fetch in kernel mode
[    9.000300] Oops: 0010 [#1] PREEMPT SMP NOPTI
[    9.000350] CPU: 1 UID: 0 PID: 312 Comm: dg1_gem Tainted: G           OE      6.12.117 #1
[    9.000400] RIP: 0010:0x0
[    9.000500] Code: Unable to access opcode bytes at 0xffffffffffffffd6.
[    9.000600] Call Trace:
[    9.000700]  <TASK>
[    9.000800]  ? __die+0x23/0x70
[    9.000900]  dg1_bo_move+0x1a/0x40 [dg1]
[    9.001000]  ttm_bo_handle_move_mem+0xb1/0x170 [ttm]
[    9.001100]  ? srso_return_thunk+0x5/0x5f
[    9.001200]  ttm_bo_validate+0xd1/0x1a0 [ttm]
[    9.001300]  __x64_sys_ioctl+0x94/0xd0
[    9.001400]  </TASK>
[    9.001500] Modules linked in: dg1(OE) ttm vgem
[    9.001600] ---[ end trace 0000000000000000 ]---
[    9.001700] RIP: 0010:0x0
""".splitlines() + REGS + ['[    9.011023] Kernel panic - not syncing: Fatal exception']


def main():
    tap = Tap()
    out = cs.summary(OOPS, tail=3)
    text = '\n'.join(out)
    tap.ok('the first report line comes first',
           out[0] == 'report: BUG: kernel NULL pointer dereference, address: 0000000000000000',
           text)
    tap.ok('the RIP line is there', 'RIP: 0010:0x0' in out, text)
    tap.ok('the task and CPU are there, before the RIP',
           out[1].startswith('CPU: 1 UID: 0 PID: 312 Comm: dg1_gem') and
           out[2] == 'RIP: 0010:0x0', text)
    tap.ok('the trace names the frames innermost first, module kept',
           'trace: dg1_bo_move [dg1] < ttm_bo_handle_move_mem [ttm] < '
           'ttm_bo_validate [ttm] < __x64_sys_ioctl' in out, text)
    tap.ok('unreliable "?" frames are dropped',
           '__die' not in text and 'srso_return_thunk' not in text, text)
    tap.ok('the last lines follow', out[-1].startswith('Kernel panic') and
           out[-4] == 'last lines:', text)
    tap.ok('no timestamps', '[    9.' not in text, text)
    tap.ok('short: the trace is kept where the plain tail lost it',
           len(out) <= 10 and not any('dg1_bo_move' in l for l in OOPS[-15:]), text)

    long = cs.summary(OOPS, tail=0, width=40)
    tap.ok('a long trace is wrapped within the width',
           all(len(l) <= 40 for l in long if l.startswith(('trace', '  '))) and
           sum(l.startswith('  ') for l in long) >= 2, '\n'.join(long))

    clean = cs.summary(['[    1.0] DG1-VM: done rc=0'], tail=2)
    tap.ok('no report: only the last lines',
           clean == ['last lines:', 'DG1-VM: done rc=0'], clean)

    two = OOPS[:16] + ['[   9.1] Call Trace:', '[   9.2]  other+0x1/0x2']
    tap.ok('only the first report\'s trace', 'other' not in '\n'.join(
        cs.summary(two, tail=0)), cs.summary(two, tail=0))
    return tap.done('console-summary self-tests')


if __name__ == '__main__':
    sys.exit(main())
