#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Host tests of dg1_error on captures written here (TAP on stdout).

The captures follow the layout submit/dg1_capture.c writes
(Documentation/hangs.rst, "Error capture"); the ASCII85 is encoded here,
not by the tool. What the decoder must say is taken from the dwords put
in: the commands named, ACTHD/HEAD/TAIL marked at the right addresses,
an LRI's registers named, a batch start's target shown, NOOP runs
folded; and a text that is not a capture is refused with status 1.

    DG1_ERROR_BIN=tools/bin/dg1_error test_dg1_error.py
"""
import os
import subprocess
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get('DG1_ERROR_BIN', os.path.join(HERE, '..', 'bin',
                                                   'dg1_error'))
results = []

MI_BB_START = 0x18800101
MI_BAD = 0x03800000
MI_BB_END = 0x05000000
MI_SDI = 0x10000002
LRI2 = 0x11081003       # LRI, 2 pairs, CS-relative


def test(fn):
    results.append(fn)
    return fn


def a85(words):
    out = []
    for w in words:
        if w == 0:
            out.append('z')
            continue
        c = []
        for _ in range(5):
            c.append(chr(w % 85 + 33))
            w //= 85
        out.append(''.join(reversed(c)))
    return ''.join(out)


def capture(head=0x10, tail=0x20, acthd=0x100004):
    ring = [0] * 64
    ring[4:8] = [MI_BB_START, 0x100000, 0, 0]
    ring[8:12] = [MI_SDI, 0x1000, 0, 7]
    batch = [0, MI_BAD, MI_BB_END, 0] + [0] * 12
    image = [0, LRI2, 0x244, 0x90009, 0x34, head, 0]
    return '\n'.join([
        'dg1 GPU error capture',
        'PCI ID: 0x4905',
        'Engine: bcs0',
        'Context: exec queue 3 of t [42], hw id 1, seqno 5 (guilty), hangs before 0',
        'bcs0 command stream:',
        f'  HEAD:  0x{head:08x}',
        f'  TAIL:  0x{tail:08x}',
        f'  ACTHD: 0x{acthd >> 32:08x} {acthd & 0xffffffff:08x}',
        f'  IPEHR: 0x{MI_BAD:08x}',
        'bcs0 --- ringbuffer = 0x00000000 fee00000',
        '~' + a85(ring),
        'bcs0 --- gtt_offset = 0x00000000 00100000',
        '~' + a85(batch),
        'bcs0 --- HW context = 0x00000000 fee04000',
        '~' + a85(image),
        ''])


def run(text):
    return subprocess.run([BIN], input=text, capture_output=True, text=True)


def line_of(out, addr):
    for line in out.splitlines():
        if line.startswith(f'0x{addr:016x}:'):
            return line
    raise AssertionError(f'no line at 0x{addr:x} in:\n{out}')


@test
def marks_acthd_head_tail():
    p = run(capture())
    assert p.returncode == 0, p.stderr
    assert 'unknown command' in line_of(p.stdout, 0x100004)
    assert '<- ACTHD' in line_of(p.stdout, 0x100004)
    assert '<- ACTHD' not in line_of(p.stdout, 0x100008)
    assert 'MI_BATCH_BUFFER_END' in line_of(p.stdout, 0x100008)
    assert '<- HEAD' in line_of(p.stdout, 0xfee00010)
    assert 'MI_BATCH_BUFFER_START -> 0x0000000000100000 PPGTT' in \
        line_of(p.stdout, 0xfee00010)
    assert '<- TAIL' in line_of(p.stdout, 0xfee00020)
    assert 'MI_STORE_DATA_IMM' in line_of(p.stdout, 0xfee00020)


@test
def lri_registers_named():
    out = run(capture()).stdout
    assert 'MI_LOAD_REGISTER_IMM' in line_of(out, 0xfee04004)
    assert 'CONTEXT_CONTROL' in line_of(out, 0xfee04008)
    assert 'RING_HEAD' in line_of(out, 0xfee04010)


@test
def noop_runs_folded_text_kept():
    out = run(capture()).stdout
    assert '0x00000000fee00030: 52 x MI_NOOP' in out, out
    assert 'Context: exec queue 3 of t [42]' in out
    assert '~' not in out


@test
def acthd_in_ring_not_batch():
    out = run(capture(acthd=0xfee00020)).stdout
    assert '<- ACTHD' in line_of(out, 0xfee00020)
    assert '<- ACTHD' not in line_of(out, 0x100004)


@test
def refuses_what_is_not_a_capture():
    p = run('GPU HANG: ecode 12\n')
    assert p.returncode == 1 and 'not a dg1 error capture' in p.stderr
    bad = capture().replace('~', '~{', 1)
    p = run(bad)
    assert p.returncode == 1 and 'ASCII85' in p.stderr, p.stderr
    p = subprocess.run([BIN, '-x'], capture_output=True, text=True)
    assert p.returncode == 2


def main():
    print(f'1..{len(results)}')
    failed = 0
    for n, fn in enumerate(results, 1):
        try:
            fn()
            print(f'ok {n} dg1_error {fn.__name__}')
        except Exception:
            failed += 1
            print(f'not ok {n} dg1_error {fn.__name__}')
            for line in traceback.format_exc().splitlines():
                print(f'# {line}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
