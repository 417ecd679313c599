#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Boot a kernel and a dg1 initramfs in QEMU (TCG) with vdg1 attached.
#
#   run-vm.sh --qemu QEMU --kernel BZIMAGE --initrd INITRD --log FILE
#             [--timeout SECONDS] [--append "extra cmdline"] [--tee]
#             [--device-opts "prop=value,..."]   vdg1 properties
#
# The serial console goes to FILE (and to stdout with --tee). Exit status:
# 0 when the guest reported "DG1-VM: done rc=0", 1 when it reported a failure
# or stopped without the line (panic, crash), 124 on the wall-clock limit.
set -euo pipefail
qemu= kernel= initrd= logf= timeout_s=600 append= tee=0 devopts=
while [ $# -gt 0 ]; do
	case "$1" in
	--qemu) qemu=$2; shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--log) logf=$2; shift 2 ;;
	--timeout) timeout_s=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--tee) tee=1; shift ;;
	--device-opts) devopts=$2; shift 2 ;;
	*) echo "run-vm: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -x "$qemu" ] && [ -f "$kernel" ] && [ -f "$initrd" ] && [ -n "$logf" ] ||
	{ echo "run-vm: need --qemu, --kernel, --initrd and --log" >&2; exit 2; }

# /dev/kvm hangs guests on these machines: TCG only. iomem=relaxed lets the
# tests mmap resource0 (vdg1's counters) while dg1 owns BAR0 on kernels with
# CONFIG_IO_STRICT_DEVMEM.
cmdline="console=ttyS0 panic=-1 oops=panic iomem=relaxed $append"
qemu_args=(
	-machine pc,accel=tcg -cpu max -smp 2 -m 2G
	-nographic -no-reboot -nic none
	-L /usr/share/seabios -L /usr/share/qemu
	-device "vdg1${devopts:+,$devopts}"
	-kernel "$kernel" -initrd "$initrd" -append "$cmdline"
)

set +e
if [ "$tee" = 1 ]; then
	timeout -k 5 "$timeout_s" "$qemu" "${qemu_args[@]}" < /dev/null 2>&1 | tee "$logf"
	rc=${PIPESTATUS[0]}
else
	timeout -k 5 "$timeout_s" "$qemu" "${qemu_args[@]}" < /dev/null > "$logf" 2>&1
	rc=$?
fi
set -e
tr -d '\r' < "$logf" > "$logf.tmp" && mv "$logf.tmp" "$logf"

if [ "$rc" = 124 ]; then
	echo "run-vm: guest did not finish within ${timeout_s}s" >&2
	exit 124
fi
grep -q '^DG1-VM: done rc=0$' "$logf" && exit 0
if ! grep -q '^DG1-VM: done' "$logf"; then
	echo "run-vm: guest stopped before reporting (qemu exit $rc); last lines:" >&2
	tail -n 40 "$logf" >&2
fi
exit 1
