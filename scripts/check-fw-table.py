#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check dg1's forcewake range table against the DG1 manual.

Reads the "Force Wake and Steering Table" of the DG1 PRM Vol 13 text
(000_5bc36b2a2bce547c.txt) and the driver's range table
(mmio/dg1_forcewake_table.c), and checks that every manual row naming a wake
target is covered by table entries of that domain; AON means no forcewake.
Rows without a wake target are not checked (the driver folds them into a
neighbour). The row printed with the end "0000FOFF" (letter O) is read
through its byte count.

Prints TAP, ends with a summary line, exits 1 on any mismatch and 2 when an
input cannot be read.

    scripts/check-fw-table.py [--manual PATH] [--table PATH]
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MANUAL = os.path.join(ROOT, "..", "shared", "seeds",
                              "000_5bc36b2a2bce547c.txt")
DEFAULT_TABLE = os.path.join(ROOT, "mmio", "dg1_forcewake_table.c")

HEADING = "Force Wake and Steering Table"
# start, end, #bytes, wake target: the first four tab-separated columns
ROW = re.compile(r"^([0-9A-FO]{8})\t([0-9A-FO]{8})\t(\d+)\t([^\t]*)")
ENTRY = re.compile(r"DG1_FW_RANGE\(\s*(0x[0-9a-fA-F]+)\s*,\s*"
                   r"(0x[0-9a-fA-F]+)\s*,\s*DG1_FW_(\w+)\s*\)")
TARGET = re.compile(r"^(AON|GT|RENDER|VD(\d)|VE(\d))$")


def domain_of(target):
    """Driver domain name (DG1_FW_<name>) of a manual wake target."""
    m = TARGET.match(target)
    if not m:
        return None
    if m.group(2) is not None:
        return "VDBOX" + m.group(2)
    if m.group(3) is not None:
        return "VEBOX" + m.group(3)
    return "NONE" if target == "AON" else target


def read_manual(path, notes):
    """Rows (line, start, end, target) of the table that name a target."""
    rows = []
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    try:
        first = lines.index(HEADING)
    except ValueError:
        return rows
    for number, line in enumerate(lines[first + 1:], first + 2):
        if line.startswith("- "):
            break
        m = ROW.match(line)
        if not m or not m.group(4).strip():
            continue
        start = int(m.group(1).replace("O", "0"), 16)
        end = start + int(m.group(3)) - 1
        if "O" in m.group(1) + m.group(2) or \
                int(m.group(2).replace("O", "0"), 16) != end:
            notes.append("L%d: end %s read as 0x%08X from its %s bytes"
                         % (number, m.group(2), end, m.group(3)))
        rows.append((number, start, end, m.group(4).strip()))
    return rows


def read_table(path):
    """Entries (start, end, domain) of the driver's range table."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    body = text.split("dg1_fw_ranges[] = {", 1)
    if len(body) < 2:
        return []
    body = body[1].split("};", 1)[0]
    return [(int(s, 16), int(e, 16), d) for s, e, d in ENTRY.findall(body)]


def check_table_shape(table):
    """Sorted and gap-free from 0: the lookup's binary search needs it."""
    if not table:
        return "no DG1_FW_RANGE entries found"
    expect = 0
    for start, end, _ in table:
        if start != expect or end < start:
            return "entry 0x%06x-0x%06x: expected a start of 0x%06x" % (
                start, end, expect)
        expect = end + 1
    return None


def check_row(table, row):
    """None if table entries of the row's domain cover the row."""
    _, start, end, target = row
    want = domain_of(target)
    if want is None:
        return "unknown wake target %r" % target
    offset = start
    while offset <= end:
        entry = next((e for e in table if e[0] <= offset <= e[1]), None)
        if entry is None:
            return "0x%06x not covered by the table" % offset
        if entry[2] != want:
            return "entry 0x%06x-0x%06x is %s, manual says %s" % (
                entry[0], entry[1], entry[2], want)
        offset = entry[1] + 1
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--manual", default=DEFAULT_MANUAL)
    parser.add_argument("--table", default=DEFAULT_TABLE)
    args = parser.parse_args()

    notes = []
    try:
        rows = read_manual(args.manual, notes)
        table = read_table(args.table)
    except OSError as err:
        print("Bail out! %s" % err)
        return 2

    shown = args.table
    if os.path.abspath(shown).startswith(ROOT + os.sep):
        shown = os.path.relpath(shown, ROOT)
    results = []
    results.append(("table %s: %d entries, sorted and gap-free"
                    % (shown, len(table)), check_table_shape(table)))
    results.append(("manual: %d rows with a wake target" % len(rows),
                    None if rows else "no rows found under %r" % HEADING))
    for row in rows:
        results.append(("L%d 0x%06x-0x%06x %s" % row,
                        check_row(table, row)))

    print("TAP version 13")
    print("1..%d" % len(results))
    for note in notes:
        print("# %s" % note)
    failed = 0
    for n, (name, error) in enumerate(results, 1):
        if error:
            failed += 1
            print("not ok %d - %s: %s" % (n, name, error))
        else:
            print("ok %d - %s" % (n, name))
    print("# fw table vs manual: %d passed, %d failed"
          % (len(results) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
