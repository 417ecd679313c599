#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Say in a few lines why a guest died, from its kernel console.

CI keeps only the end of make check's output (about 20 lines), and the
register dump that ends a panic fills that on its own: the report's first
line and its call trace, the part that names the culprit, scrolled away
(stop 39's CI: "RIP: 0010:0x0" and nothing else). This prints, for the
first report in the log: its first line, the task and CPU, the RIP line,
the call trace as one chain of function names (innermost first,
unreliable "?" entries dropped), then the console's last lines.

Usage: console-summary.py LOG [--tail N] [--width W]
"""
import argparse
import re
import sys

TIMESTAMP = re.compile(r'^\[\s*\d+\.\d+\]\s?')
# The first line of a report: where the trouble began.
REPORT = re.compile(r'BUG: |Oops|general protection fault|kernel BUG at|'
                    r'WARNING: CPU|Kernel panic|UBSAN:|double fault|'
                    r'stack-protector|stack guard page')
# A call trace entry: "func+0x1a/0x40 [mod]", maybe after "? ".
FRAME = re.compile(r'^(\? )?([A-Za-z_][\w.]*)\+0x[0-9a-f]+/0x[0-9a-f]+'
                   r'(?: \[(\w+)\])?')
TRACE_END = re.compile(r'^(Modules linked in|---\[ end trace|RIP: |Kernel panic)')


def summary(lines, tail=5, width=200):
    """The summary of console LINES, as a list of lines."""
    text = [TIMESTAMP.sub('', l.rstrip('\n')) for l in lines]
    text = [l for l in text if l.strip()]
    out = []
    first = next((i for i, l in enumerate(text) if REPORT.search(l)), None)
    if first is not None:
        out.append('report: ' + text[first])
        # Which task, on which CPU; then where it was.
        for pat in ('CPU: ', 'RIP: '):
            hit = next((l for l in text[first:] if l.startswith(pat)), None)
            if hit:
                out.append(hit[:width])
        frames = []
        in_trace = False
        for l in text[first:]:
            s = l.strip()
            if s.startswith('Call Trace:'):
                if frames:
                    break  # the first report's trace only
                in_trace = True
                continue
            if not in_trace:
                continue
            if TRACE_END.match(s):
                break
            m = FRAME.match(s)
            if not m or m.group(1):
                continue
            frames.append(m.group(2) + (f' [{m.group(3)}]' if m.group(3) else ''))
        if frames:
            out.extend(wrap('trace: ', ' < '.join(frames), width))
    if tail:
        out.append('last lines:')
        out.extend(l[:width] for l in text[-tail:])
    return out


def wrap(prefix, s, width):
    """S cut into lines of at most WIDTH characters, at ' < '."""
    lines, cur = [], prefix
    for part in s.split(' < '):
        add = part if cur == prefix else ' < ' + part
        if len(cur) + len(add) > width and cur != prefix:
            lines.append(cur)
            cur = '  ' + part
        else:
            cur += add
    lines.append(cur)
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('log')
    ap.add_argument('--tail', type=int, default=5)
    ap.add_argument('--width', type=int, default=200)
    a = ap.parse_args()
    with open(a.log, errors='replace') as f:
        for l in summary(f.readlines(), a.tail, a.width):
            print(l)
    return 0


if __name__ == '__main__':
    sys.exit(main())
