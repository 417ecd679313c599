#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Host tests of dg1_top --fdinfo: the drm-usage-stats.rst rules (TAP).

The fdinfo texts are written here, as the kernel's drm_show_fdinfo() and
drm_print_memory_stats() print them, and each expectation is the
document's (Documentation/gpu/drm-usage-stats.rst): sizes in bytes
whatever unit is printed, "<uint> ns" for engine time, a capacity of one
when absent. Ten texts that break a rule are refused with status 1 and
the rule named. The tool on a live device is tested in the VM (dg1_exec
"top").

    DG1_TOP_BIN=tools/bin/dg1_top test_dg1_top.py
"""
import json
import os
import subprocess
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.environ.get('DG1_TOP_BIN', os.path.join(HERE, '..', 'bin', 'dg1_top'))

GOOD = '''pos:\t0
flags:\t02100002
mnt_id:\t24
ino:\t1043
drm-driver:\tdg1
drm-client-id:\t7
drm-pdev:\t0000:00:03.0
drm-total-system0:\t132 KiB
drm-shared-system0:\t0
drm-resident-system0:\t128 KiB
drm-active-system0:\t0
drm-total-local0:\t8 MiB
drm-shared-local0:\t0
drm-resident-local0:\t8 MiB
drm-active-local0:\t4096
drm-engine-render:\t0 ns
drm-engine-copy:\t123456 ns
drm-engine-video:\t5 ns
drm-engine-capacity-video:\t2
drm-engine-video-enhance:\t0 ns
'''

# (what is wrong, a line added to GOOD, or replacing its own key's, the rule)
BAD = [
    ('whitespace in a key', 'drm-total local0:\t1', 'whitespace in the key'),
    ('engine time without ns', 'drm-engine-compute:\t5', 'not "<uint> ns"'),
    ('capacity 0', 'drm-engine-capacity-copy:\t0', 'above 0'),
    ('capacity without its engine', 'drm-engine-capacity-compute:\t2',
     'without drm-engine-compute'),
    ('a size in GiB', 'drm-purgeable-local0:\t1 GiB', '<uint> [KiB|MiB]'),
    ('a key twice', 'drm-engine-copy:\t1 ns', 'twice'),
    ('an unknown drm- key', 'drm-frobs-copy:\t1', 'not a key of'),
    ('a short PCI slot', 'drm-pdev:\t0000:00:03', 'not a PCI slot'),
    ('a negative client id', 'drm-client-id:\t-1', 'not one <uint>'),
    ('no value', 'drm-maxfreq-copy:', 'no value'),
]

results = []


def test(fn):
    results.append(fn)
    return fn


def run(text):
    with tempfile.NamedTemporaryFile('w', suffix='.fdinfo', delete=False) as f:
        f.write(text)
    try:
        return subprocess.run([BIN, '--fdinfo', f.name], capture_output=True,
                              text=True, timeout=30)
    finally:
        os.unlink(f.name)


@test
def good_fdinfo_read_by_the_document():
    p = run(GOOD)
    assert p.returncode == 0, (p.returncode, p.stderr)
    d = json.loads(p.stdout)
    assert d['driver'] == 'dg1' and d['pdev'] == '0000:00:03.0', d
    assert d['client_id'] == 7, d
    r = d['regions']
    assert r['system0'] == {'total': 132 << 10, 'shared': 0,
                            'resident': 128 << 10, 'active': 0}, r
    assert r['local0'] == {'total': 8 << 20, 'shared': 0,
                           'resident': 8 << 20, 'active': 4096}, r
    e = d['engines']
    assert e['copy'] == {'busy_ns': 123456, 'capacity': 1}, e
    assert e['video'] == {'busy_ns': 5, 'capacity': 2}, e
    assert set(e) == {'render', 'copy', 'video', 'video-enhance'}, e


@test
def no_drm_driver_refused():
    text = ''.join(line + '\n' for line in GOOD.splitlines()
                   if not line.startswith('drm-driver'))
    p = run(text)
    assert p.returncode == 1 and 'no drm-driver' in p.stderr, \
        (p.returncode, p.stderr)


def bad_case(what, line, rule):
    def fn():
        key = line.split(':')[0] + ':'
        text = GOOD + line + '\n'
        if key in ('drm-client-id:', 'drm-pdev:'):
            text = ''.join((line if ln.startswith(key) else ln) + '\n'
                           for ln in GOOD.splitlines())
        p = run(text)
        assert p.returncode == 1, (what, p.returncode, p.stdout)
        assert rule in p.stderr, (what, p.stderr)
        assert not p.stdout, (what, p.stdout)
    fn.__name__ = 'refused: ' + what
    return fn


for case in BAD:
    results.append(bad_case(*case))


@test
def unreadable_file_refused():
    p = subprocess.run([BIN, '--fdinfo', '/nonexistent/fdinfo'],
                       capture_output=True, text=True, timeout=30)
    assert p.returncode == 1 and 'cannot read' in p.stderr, p.stderr


@test
def bad_options_refused():
    for args in (['-d', '5'], ['-n', '0'], ['--bogus'], ['extra']):
        p = subprocess.run([BIN] + args, capture_output=True, text=True,
                           timeout=30)
        assert p.returncode == 2, (args, p.returncode)


def main():
    print(f'1..{len(results)}')
    failed = 0
    for n, fn in enumerate(results, 1):
        try:
            fn()
            print(f'ok {n} - {fn.__name__}')
        except Exception:
            failed += 1
            print(f'not ok {n} - {fn.__name__}')
            for line in traceback.format_exc().splitlines():
                print(f'# {line}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
