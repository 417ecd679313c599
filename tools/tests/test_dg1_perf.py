#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Host tests of dg1-perf on synthetic recordings (TAP on stdout).

dg1_perf record --synthetic writes fabricated 256-byte A32u40_A4u32_B8_C8
reports through the same writer as a real recording. The expected values
are computed here from the file's raw reports, not taken from the tool:
GpuTime is the timestamp delta at the frequency in the device info,
GpuCoreClocks the GPU-ticks delta, Counter0-7 (TestOa) the B counter
deltas, and the synthetic busy pattern gives RenderBasic's GpuBusy and,
through the 96-EU topology, EuActive.

    DG1_PERF_BIN=tools/bin/dg1_perf OA_XML=.../oa-dg1.xml test_dg1_perf.py
"""
import csv
import os
import struct
import subprocess
import sys
import tempfile
import traceback
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, '..', 'dg1-perf')
BIN = os.environ.get('DG1_PERF_BIN', os.path.join(HERE, '..', 'bin',
                                                  'dg1_perf'))
XML = os.environ.get('OA_XML', os.path.join(HERE, '..', '..', '..', 'shared',
                                            'data', 'oa-dg1.xml'))
READER = os.environ.get('DG1_PERF_READER', 'i915-perf-reader')
HDR = struct.Struct('<IHH')
TS_HZ = 19200000        # what --synthetic writes in the device info

results = []


def test(fn):
    results.append(fn)
    return fn


def run(*cmd, ok=True):
    p = subprocess.run(list(cmd), capture_output=True, text=True)
    if ok and p.returncode != 0:
        raise AssertionError(f'{" ".join(cmd)}: status {p.returncode}\n'
                             f'{p.stderr}')
    return p


def eq(got, want, what):
    if got != want:
        raise AssertionError(f'{what}: got {got!r}, want {want!r}')


def synthetic(tmp, name, sym, n, *extra):
    path = os.path.join(tmp, name)
    run(BIN, 'record', '-q', '-m', sym, '--synthetic', str(n), '-o', path,
        *extra)
    return path


def raw_reports(path):
    """(type, payload) of every record, in file order."""
    data = open(path, 'rb').read()
    out, off = [], 0
    while off < len(data):
        t, _, size = HDR.unpack_from(data, off)
        out.append((t, data[off + HDR.size:off + size]))
        off += size
    return out


def samples(path):
    return [struct.unpack('<64I', p) for t, p in raw_reports(path) if t == 1]


def report_csv(tmp, rec, counters):
    out = os.path.join(tmp, os.path.basename(rec) + '.csv')
    run(SCRIPT, 'report', rec, '-c', counters, '-o', out)
    with open(out, newline='') as f:
        rows = list(csv.reader(f))
    return rows[0], [dict(zip(rows[0], r)) for r in rows[1:]]


@test
def record_layout(tmp):
    """The file: version 1, device info, topology, a correlation point,
    the reports and lost records, a final correlation point."""
    rec = synthetic(tmp, 'layout', 'TestOa', 20)
    recs = raw_reports(rec)
    eq([t for t, _ in recs[:4]], [0x10000, 0x10001, 0x10002, 0x10003],
       'first records')
    eq(recs[-1][0], 0x10003, 'last record')
    eq(struct.unpack_from('<I', recs[0][1])[0], 1, 'format version')
    info = recs[1][1]
    eq(len(info), 336, 'device info size')
    freq, devid = struct.unpack_from('<QI', info)
    eq((freq, devid), (TS_HZ, 0x4905), 'frequency and device id')
    eq(struct.unpack_from('<I', info, 32)[0], 10,
       'oa_format (i915 A32u40_A4u32_B8_C8)')
    eq(info[36:42], b'TestOa', 'metric set name')
    topo = recs[2][1]
    eq(len(topo) % 8, 0, 'topology padded to 8 bytes')
    eq(struct.unpack_from('<8H', topo), (0, 1, 6, 16, 1, 1, 2, 2),
       'topology header (1 slice, 6 DSS of 16 EUs)')
    eq(topo[16:18], b'\x01\x3f', 'slice and subslice masks')
    eq(topo[18:30], b'\xff' * 12, 'EU masks')
    eq([t for t, _ in recs].count(1), 20, 'reports')
    eq([t for t, _ in recs].count(2), 1, 'report-lost records')
    eq([t for t, _ in recs].count(3), 1, 'buffer-lost records')


@test
def reader_accepts(tmp):
    """i915-perf-reader takes the file as written: DG1, our set, its uuid."""
    rec = synthetic(tmp, 'accept', 'TestOa', 20)
    out = run(READER, rec).stdout
    for want in ('Recorded on device=0x4905(dg1) graphics_ver=12',
                 'Metric used : TestOa (Metric set TestOa) '
                 'uuid=23f51139-6973-4b45-a211-778834ce2c9a',
                 'Reports: 20'):
        if want not in out:
            raise AssertionError(f'no {want!r} in:\n{out}')
    if 'WARNING' in out:
        raise AssertionError(out)


@test
def every_set_known_to_reader(tmp):
    """Each of the XML's 26 sets: the reader's DG1 set of that symbol has
    the XML's hw_config_guid."""
    sets = ET.parse(XML).getroot().findall('set')
    eq(len(sets), 26, 'sets in the XML')
    listed = run(BIN, 'list').stdout.split('\n')
    eq(len([ln for ln in listed if ln]), 26, 'dg1_perf list')
    for s in sets:
        sym, guid = s.get('symbol_name'), s.get('hw_config_guid')
        rec = synthetic(tmp, 'set-' + sym, sym, 3)
        out = run(READER, rec).stdout
        if f'Metric used : {sym} (' not in out or f'uuid={guid}' not in out \
                or 'WARNING' in out:
            raise AssertionError(f'{sym} {guid}:\n{out}')


@test
def report_testoa_values(tmp):
    """TestOa: GpuTime, GpuCoreClocks, AvgGpuCoreFrequency, B and C
    counters, and timestamp_ns equal what the raw reports say."""
    rec = synthetic(tmp, 'testoa', 'TestOa', 64)
    head, rows = report_csv(tmp, rec, 'GpuTime,GpuCoreClocks,'
                            'AvgGpuCoreFrequency,Counter0,Counter7,Counter8')
    eq(head, ['timestamp_ns', 'GpuTime', 'GpuCoreClocks',
              'AvgGpuCoreFrequency', 'Counter0', 'Counter7', 'Counter8'],
       'columns')
    reps = samples(rec)
    eq(len(rows), len(reps) - 1, 'rows')
    elapsed = 0
    for i, row in enumerate(rows):
        a, b = reps[i], reps[i + 1]
        dts = (b[1] - a[1]) & 0xffffffff
        elapsed += dts
        gpu_time = dts * 10**9 // TS_HZ
        clocks = (b[3] - a[3]) & 0xffffffff
        eq(int(row['GpuTime']), gpu_time, f'row {i} GpuTime')
        eq(int(row['GpuCoreClocks']), clocks, f'row {i} GpuCoreClocks')
        eq(int(row['AvgGpuCoreFrequency']), clocks * 10**9 // gpu_time,
           f'row {i} AvgGpuCoreFrequency')
        if abs(int(row['AvgGpuCoreFrequency']) - 1550000000) > 1000:
            raise AssertionError(f'row {i}: not 1.55 GHz: {row}')
        eq(int(row['Counter0']), b[48] - a[48], f'row {i} Counter0 (B0)')
        eq(int(row['Counter7']), b[55] - a[55], f'row {i} Counter7 (B7)')
        eq(int(row['Counter8']), b[56] - a[56], f'row {i} Counter8 (C0)')
        eq(int(row['timestamp_ns']), elapsed * 10**9 // TS_HZ,
           f'row {i} timestamp_ns')
    # 64 reports at exponent 16 (the 10 ms default): 2^17 ticks apart.
    eq(int(rows[0]['GpuTime']), (2 << 16) * 10**9 // TS_HZ, 'period')


@test
def report_timestamp_wrap(tmp):
    """Reports whose 32-bit timestamp wraps: the reader alone aborts on
    such a file (no correlation points bracket the wrap); report still
    decodes every interval and its times keep increasing."""
    rec = synthetic(tmp, 'wrap', 'TestOa', 40, '--synthetic-wrap')
    reps = samples(rec)
    if not any(b[1] < a[1] for a, b in zip(reps, reps[1:])):
        raise AssertionError('the synthetic timestamps do not wrap')
    _, rows = report_csv(tmp, rec, 'GpuTime')
    eq(len(rows), 39, 'rows')
    period = (2 << 16) * 10**9 // TS_HZ
    for i, row in enumerate(rows):
        eq(int(row['GpuTime']), period, f'row {i} GpuTime')
    times = [int(r['timestamp_ns']) for r in rows]
    eq(times, sorted(times), 'timestamps increase')
    eq(times[-1], 39 * (2 << 16) * 10**9 // TS_HZ, 'last timestamp')


@test
def report_renderbasic_topology(tmp):
    """RenderBasic: GpuBusy follows the synthetic busy pattern, and
    EuActive, which divides by the EU count of the topology written,
    equals it."""
    rec = synthetic(tmp, 'renderbasic', 'RenderBasic', 30)
    _, rows = report_csv(tmp, rec, 'GpuBusy,EuActive,GpuTime')
    eq(len(rows), 29, 'rows')
    for i, row in enumerate(rows):
        busy, eu = float(row['GpuBusy']), float(row['EuActive'])
        if abs(busy - 10 * (i % 10)) > 0.01 or abs(eu - busy) > 0.01:
            raise AssertionError(f'row {i}: GpuBusy {busy}, EuActive {eu}, '
                                 f'want {10 * (i % 10)}')


@test
def report_all_and_errors(tmp):
    """-c all gives every counter of the set; an unknown counter, a file
    that is no recording and a 1-report file fail."""
    rec = synthetic(tmp, 'all', 'TestOa', 5)
    head, rows = report_csv(tmp, rec, 'all')
    eq(len(head), 1 + 13, 'TestOa columns')
    eq(len(rows), 4, 'rows')
    p = run(SCRIPT, 'report', rec, '-c', 'NoSuchCounter', ok=False)
    if p.returncode == 0 or 'NoSuchCounter' not in p.stderr:
        raise AssertionError(f'unknown counter: {p.returncode} {p.stderr}')
    junk = os.path.join(tmp, 'junk')
    with open(junk, 'wb') as f:
        f.write(b'\x01\x00\x00\x00\x00\x00\x04\x00')
    p = run(SCRIPT, 'report', junk, ok=False)
    if p.returncode == 0:
        raise AssertionError('a junk file was accepted')
    data = open(rec, 'rb').read()
    one = os.path.join(tmp, 'one')
    recs, off = [], 0
    while off < len(data):
        t, _, size = HDR.unpack_from(data, off)
        recs.append((t, data[off:off + size]))
        off += size
    first = [i for i, (t, _) in enumerate(recs) if t == 1][0]
    with open(one, 'wb') as f:
        f.write(b''.join(r for i, (t, r) in enumerate(recs)
                         if t != 1 or i == first))
    p = run(SCRIPT, 'report', one, ok=False)
    if p.returncode == 0 or '1 reports' not in p.stderr:
        raise AssertionError(f'1 report: {p.returncode} {p.stderr}')


@test
def plot_png(tmp):
    """plot writes a PNG of the chosen columns; a missing column fails."""
    rec = synthetic(tmp, 'plot', 'RenderBasic', 30)
    csv_path = os.path.join(tmp, 'plot.csv')
    run(SCRIPT, 'report', rec, '-o', csv_path)
    png = os.path.join(tmp, 'plot.png')
    run(SCRIPT, 'plot', csv_path, '-c', 'GpuBusy,AvgGpuCoreFrequency',
        '-o', png)
    with open(png, 'rb') as f:
        data = f.read()
    eq(data[:8], b'\x89PNG\r\n\x1a\n', 'PNG signature')
    if len(data) < 5000:
        raise AssertionError(f'a {len(data)}-byte PNG')
    p = run(SCRIPT, 'plot', csv_path, '-c', 'Nope', '-o', png, ok=False)
    if p.returncode == 0 or 'Nope' not in p.stderr:
        raise AssertionError(f'missing column: {p.returncode} {p.stderr}')


@test
def help_texts(tmp):
    """dg1-perf --help names every command; the binary's names its options."""
    out = run(SCRIPT, '--help').stdout
    for cmd in ('record', 'report', 'plot', 'list'):
        if f'dg1-perf {cmd}' not in out:
            raise AssertionError(f'--help lacks {cmd}:\n{out}')
    out = run(BIN, '--help').stdout
    for opt in ('--metrics', '--exponent', '--period', '--format',
                '--output', '--time'):
        if opt not in out:
            raise AssertionError(f'dg1_perf --help lacks {opt}')
    p = run(BIN, 'record', '-m', 'NoSuchSet', ok=False)
    eq(p.returncode, 2, 'unknown set status')


def main():
    print(f'1..{len(results)}')
    failed = 0
    with tempfile.TemporaryDirectory(prefix='test_dg1_perf.') as tmp:
        for n, fn in enumerate(results, 1):
            name = fn.__name__.replace('_', '-')
            try:
                fn(tmp)
                print(f'ok {n} dg1-perf {name}')
            except Exception:
                failed += 1
                print(f'not ok {n} dg1-perf {name}')
                for line in traceback.format_exc().splitlines():
                    print(f'# {line}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
