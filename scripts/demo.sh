#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make demo`: boot Debian's stock 6.12 kernel in QEMU with vdg1 attached, load
# dg1 and print what the driver found; record OA counters around a short
# copy workload and plot them (out/demo/oa.png).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/out/demo
mkdir -p "$out"
log() { echo "demo: $*" >&2; }

kdir=$("$root/scripts/find-kdir.sh")
case "$kdir" in
/lib/modules/*/build) kver=$(basename "$(dirname "$kdir")") ;;
*) kver=$(basename "$kdir"); kver=${kver#linux-headers-} ;;
esac

log "building dg1.ko against $kver"
mkdir -p "$out/mod"
rsync -a --delete --exclude .git --exclude /out --filter=':- .gitignore' \
	"$root/" "$out/mod/"
make -s -C "$kdir" M="$out/mod" CONFIG_DRM_DG1=m modules >&2
make -s -C "$root/tools" >&2
log "building QEMU with vdg1 (cached after the first time)"
qemu=$("$root/scripts/build-qemu.sh" | tail -n 1)

"$root/scripts/mkinitramfs.sh" --out "$out/initrd.gz" --scenario demo \
	--module "$out/mod/dg1.ko" --kmod-dir "/lib/modules/$kver" \
	--tools "$root/tools/bin"
log "booting $kver with vdg1 (TCG)"
status=0
"$root/scripts/run-vm.sh" --qemu "$qemu" --kernel "/boot/vmlinuz-$kver" \
	--initrd "$out/initrd.gz" --log "$out/vm.log" --test-log "$out/vm-tests.log" \
	--scenario demo --timeout 300 --device-opts pg-follows-driver=on || status=$?
# What the guest printed is on its test channel; the kernel log in vm.log.
sed -n '/^DG1-DEMO-BEGIN/,/^DG1-DEMO-END/p' "$out/vm-tests.log" | sed '1d;$d'
if [ "$status" != 0 ]; then
	log "the VM run failed (status $status); logs: $out/vm-tests.log, $out/vm.log"
	exit 1
fi

# The recording left the guest as base64 on the test channel.
sed -n '/^DG1-DEMO-RECORD-BEGIN/,/^DG1-DEMO-RECORD-END/p' "$out/vm-tests.log" |
	sed '1d;$d' | tr -d '\r' | base64 -d > "$out/oa.record"
"$root/tools/dg1-perf" report "$out/oa.record" \
	-c GpuTime,GpuBusy,GpuCoreClocks -o "$out/oa.csv"
"$root/tools/dg1-perf" plot "$out/oa.csv" -c GpuBusy -o "$out/oa.png"
log "OA recording $out/oa.record, counters $out/oa.csv, plot $out/oa.png"

