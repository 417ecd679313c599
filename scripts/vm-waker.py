#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Wake a QEMU guest from suspend to RAM as soon as it gets there.

The tests set the RTC alarm 20 s ahead before they suspend (the debug
kernel under TCG takes seconds to reach S3, and an alarm that fires before
would leave the machine asleep), so every suspend to RAM cost 20 s of an
idle guest: 7 of them in make check. QEMU says on its QMP socket when the
guest is in S3 (event SUSPEND); this answers with system_wakeup, as a
user's key press would. The alarm stays as the way out where no one wakes
the machine (real hardware).

Usage: vm-waker.py SOCKET   (QEMU's -qmp unix:SOCKET,server=on,wait=off)
Runs until QEMU closes the socket; prints how many wake-ups it sent.
"""
import json
import socket
import sys
import time


def connect(path, seconds=60):
    end = time.monotonic() + seconds
    while True:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect(path)
            return s
        except OSError:
            s.close()
            if time.monotonic() > end:
                raise
            time.sleep(0.1)


def main():
    if len(sys.argv) != 2:
        print(__doc__.split('\n\n')[-1], file=sys.stderr)
        return 2
    try:
        s = connect(sys.argv[1])
    except OSError as e:
        print(f'vm-waker: cannot connect to {sys.argv[1]}: {e}', file=sys.stderr)
        return 1
    f = s.makefile('rw')
    f.readline()  # the greeting
    f.write(json.dumps({'execute': 'qmp_capabilities'}) + '\n')
    f.flush()
    wakeups = 0
    for line in f:
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if msg.get('event') == 'SUSPEND':
            f.write(json.dumps({'execute': 'system_wakeup'}) + '\n')
            f.flush()
            wakeups += 1
    print(f'vm-waker: {wakeups} wake-up(s) from suspend to RAM', file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
