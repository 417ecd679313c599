#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Boot a kernel and a dg1 initramfs in QEMU (TCG) with vdg1 attached.
#
#   run-vm.sh --qemu QEMU --kernel BZIMAGE --initrd INITRD --log FILE
#             [--test-log FILE]    the test channel (default: FILE.tests)
#             [--scenario LABEL]   what the guest runs (scripts/vm/init)
#             [--timeout SECONDS] [--append "extra cmdline"] [--tee]
#             [--device-opts "prop=value,..."]   vdg1 properties
#             [--devices N]                      N vdg1 devices (1)
#             [--memory SIZE]                    guest RAM, QEMU's -m (2G)
#
# Two serial ports: the kernel console (ttyS0) goes to --log, and the test
# channel (ttyS1: the init's markers and the tests' output) to --test-log,
# so that kernel messages cannot split a test's output lines. --tee also
# shows both as they come. Prints the run's wall-clock time on stderr.
# Exit status: 0 when the guest reported "DG1-VM: done rc=0", 1 when it
# reported a failure or stopped without the line (panic, crash), 124 on the
# wall-clock limit.
set -euo pipefail
qemu= kernel= initrd= logf= tlog= scenario= timeout_s=600 append= tee=0 devopts= devices=1 memory=2G
while [ $# -gt 0 ]; do
	case "$1" in
	--qemu) qemu=$2; shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--log) logf=$2; shift 2 ;;
	--test-log) tlog=$2; shift 2 ;;
	--scenario) scenario=$2; shift 2 ;;
	--timeout) timeout_s=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--tee) tee=1; shift ;;
	--device-opts) devopts=$2; shift 2 ;;
	--devices) devices=$2; shift 2 ;;
	--memory) memory=$2; shift 2 ;;
	*) echo "run-vm: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -x "$qemu" ] && [ -f "$kernel" ] && [ -f "$initrd" ] && [ -n "$logf" ] ||
	{ echo "run-vm: need --qemu, --kernel, --initrd and --log" >&2; exit 2; }
tlog=${tlog:-$logf.tests}
case "$tlog" in
*,*) echo "run-vm: the test log path must not contain a comma" >&2; exit 2 ;;
esac

# /dev/kvm hangs guests on these machines: TCG only. iomem=relaxed lets the
# tests mmap resource0 (vdg1's counters) while dg1 owns BAR0 on kernels with
# CONFIG_IO_STRICT_DEVMEM. The CPU has no 5-level paging, like the Tiger
# Lake hosts DG1 shipped with: with it, the debug kernel's KASAN reported a
# wild access in the timer interrupt's first handling (handle_edge_irq, at
# ~3.5 s, before /init) on about one boot in five.
# no_console_suspend: the console stays on through system sleep, so that an
# oops in a driver's suspend or resume callback (which run after the
# console is suspended) is printed before the guest resets, not lost.
# no_ipi_broadcast=1: IPIs always by mask, so that taking a CPU down and up
# again (every suspend to RAM does) does not patch the kernel's text to
# switch the all-but-self shorthand off and on. Under TCG such runtime
# patching crashes now and then (see below, and the init's record-cmd):
# stock-small-bar's guest died in CI's suspend to RAM twice (stops 37 and
# 39), the second time with a panic whose registers held that key's patch
# site in apic_send_IPI_allbutself in R13 and RSI, and the end of its
# decode window in RDX (RSI + 15): in the middle of the patch. Not seen
# here in 73 suspends of that test and 3000 CPU hotplug cycles.
cmdline="console=ttyS0 panic=-1 oops=panic iomem=relaxed no_console_suspend no_ipi_broadcast=1"
cmdline+="${scenario:+ dg1_scenario=$scenario}${append:+ $append}"
qemu_args=(
	-machine pc,accel=tcg -cpu max,la57=off -smp 2 -m "$memory"
	-nographic -monitor none -no-reboot -nic none
	-serial stdio -serial "file:$tlog"
	-L /usr/share/seabios -L /usr/share/qemu
	-kernel "$kernel" -initrd "$initrd" -append "$cmdline"
)

for _ in $(seq "$devices"); do
	qemu_args+=(-device "vdg1${devopts:+,$devopts}")
done

# QEMU's QMP socket, for vm-waker.py: the guest is woken from suspend to
# RAM as soon as it is there, not by the RTC alarm 20 s later.
qmp_dir=$(mktemp -d)
trap 'rm -rf "$qmp_dir"' EXIT
qmp=$qmp_dir/qmp.sock
qemu_args+=(-qmp "unix:$qmp,server=on,wait=off")

: > "$tlog"
t0=$(date +%s)
# A boot that dies before /init starts ran none of dg1's code: under TCG the
# stock kernel's early text patching (int3 in sched_clock_cpu) crashes now
# and then. So does one that the kernel reports a bug in before /init (the
# debug kernel's KASAN caught the timer interrupt in handle_edge_irq at
# ~3 s, seen with 5-level paging only: 0 of 24 boots without it, 3 of 14
# with). Boot again, at most twice; a failure once
# /init has begun is never retried. The failed attempts' logs are kept
# beside the log.
# A BUG, WARNING, UBSAN or Oops line in the kernel log before init's first
# marker (which it also writes to the kernel log).
report_before_init() {
	awk 'BEGIN { r = 1 } /DG1-VM: begin/ { exit } /(BUG|WARNING|UBSAN):|Oops/ { r = 0; exit } END { exit r }' "$1"
}

attempt=1
while :; do
	: > "$tlog"
	rm -f "$qmp"
	python3 "$(dirname "$0")/vm-waker.py" "$qmp" &
	waker_pid=$!
	set +e
	if [ "$tee" = 1 ]; then
		tail -n +1 -f "$tlog" &
		tail_pid=$!
		timeout -k 5 "$timeout_s" "$qemu" "${qemu_args[@]}" < /dev/null 2>&1 | tee "$logf"
		rc=${PIPESTATUS[0]}
		kill "$tail_pid"
	else
		timeout -k 5 "$timeout_s" "$qemu" "${qemu_args[@]}" < /dev/null > "$logf" 2>&1
		rc=$?
	fi
	wait "$waker_pid"
	set -e
	for f in "$logf" "$tlog"; do
		tr -d '\r' < "$f" > "$f.tmp" && mv "$f.tmp" "$f"
	done
	why=
	if [ "$rc" != 124 ] && [ "$attempt" -lt 3 ]; then
		if ! grep -q '^DG1-VM: begin' "$tlog"; then
			why="died before /init (qemu exit $rc)"
		elif report_before_init "$logf"; then
			why="had a kernel bug report before /init"
		fi
	fi
	[ -n "$why" ] || break
	echo "run-vm: boot attempt $attempt $why; booting again" >&2
	mv "$logf" "$logf.boot-failure-$attempt"
	attempt=$((attempt + 1))
done
echo "run-vm: ${scenario:-vm} took $(( $(date +%s) - t0 ))s${attempt:+ ($attempt boot(s))}" >&2

if [ "$rc" = 124 ]; then
	echo "run-vm: guest did not finish within ${timeout_s}s" >&2
	exit 124
fi
grep -q '^DG1-VM: done rc=0$' "$tlog" && exit 0
if ! grep -q '^DG1-VM: done' "$tlog"; then
	echo "run-vm: guest stopped before reporting (qemu exit $rc); last lines:" >&2
	tail -n 20 "$tlog" >&2
	tail -n 40 "$logf" >&2
fi
exit 1
