#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# End-to-end smoke test of the vdg1 QEMU device: boot Debian's stock kernel
# under TCG with a busybox initramfs that inspects the device through sysfs
# and /dev/mem (no driver bound), once with default properties and once with
# non-default ones. Prints TAP-ish lines and "vdg1-smoke: N passed, N failed".
#
#   vdg1/qemu/smoke-test.sh [path/to/qemu-system-x86_64]
#
# Without an argument the binary comes from scripts/build-qemu.sh.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
qemu=${1:-$("$repo/scripts/build-qemu.sh" | tail -n 1)}
kernel=${VDG1_SMOKE_KERNEL:-$(ls /boot/vmlinuz-6.12.*-amd64 | sort -V | tail -n 1)}
busybox=$(command -v busybox)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
ok() { echo "ok - $*"; passed=$((passed + 1)); }
not_ok() { echo "not ok - $*"; failed=$((failed + 1)); }

# ---- guest side: /init of the initramfs ----
mkdir -p "$work/root/bin" "$work/root/proc" "$work/root/sys" "$work/root/dev"
cp "$busybox" "$work/root/bin/busybox"

# The counters page layout comes from the one header that describes it:
# /counters.sh gives the guest each field's BAR0 offset as C_<field>.
cat > "$work/offsets.c" <<'EOF'
#include <stdio.h>
#include "vdg1_counters.h"
#include "vdg1_fw_domain.h"
#define P(f) printf("C_%s=0x%x\n", #f, VDG1_COUNTERS_BASE + VDG1_COUNTERS_OFFSET(f))
int main(void)
{
	P(magic); P(version); P(control); P(mmio_reads); P(unclaimed_reads);
	P(last_unclaimed); P(wake_violations); P(last_wake_violation);
	P(mcr_terminated); P(awake_domains); P(never_ack_domains);
	P(fw_ack_delay_ns); P(fuse_dss_enable); P(fuse_l3_disable);
	P(lose_ack_domains); P(lose_ack_count); P(acks_lost);
	P(acks_recovered_by_fallback);
	P(lmem_size_lo); P(lmem_size_hi); P(lmem_bar_size_lo);
	P(ggtt_pte_writes); P(ggtt_invalidations); P(tlb_invalidations);
	P(page_walks); P(page_faults); P(probe_walks);
	P(probe_control); P(probe_mode); P(probe_access); P(probe_root_lo);
	P(probe_root_hi); P(probe_va_lo); P(probe_va_hi); P(probe_status);
	P(probe_fault_level); P(probe_fault_reason); P(probe_mem);
	P(probe_addr_lo); P(probe_addr_hi); P(probe_page_size);
	printf("C_wake_transitions_gt=0x%x\n", VDG1_COUNTERS_BASE +
	       VDG1_COUNTERS_OFFSET(wake_transitions[VDG1_FW_GT]));
	printf("C_version_value=%u\n", VDG1_COUNTERS_VERSION_VALUE);
	return 0;
}
EOF
gcc -std=gnu11 -Wall -Werror -I"$repo/vdg1/include" -o "$work/offsets" "$work/offsets.c"
"$work/offsets" > "$work/root/counters.sh"
cat > "$work/root/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
. /counters.sh

check() {
	if [ "$2" = "$3" ]; then
		echo "vdg1-smoke: ok - $1"
	else
		echo "vdg1-smoke: not ok - $1: got '$2', want '$3'"
	fi
}
hex32() { printf '0x%08X' "$1"; }

want_dev=${VDG1_DEV:-0x4905}
want_lmem=${VDG1_LMEM:-536870912}
want_bar=${VDG1_BAR:-$want_lmem}
dev=
for d in /sys/bus/pci/devices/*; do
	[ "$(cat "$d/vendor")" = 0x8086 ] && [ "$(cat "$d/class")" = 0x038000 ] && dev=$d
done
check "display-other device 8086:* found" "${dev:+yes}" yes
[ -n "$dev" ] || { poweroff -f; exit 1; }
check "device id" "$(cat "$dev/device")" "$want_dev"
check "revision" "$(cat "$dev/revision")" 0x01
check "GMCH_CTRL (config 0x50)" "$(hexdump -s 0x50 -n 2 -e '1/2 "%04x"' "$dev/config")" 00c0
cap=$(hexdump -s 0x34 -n 1 -e '1/1 "%02x"' "$dev/config")
check "MSI capability" "$(hexdump -s $((0x$cap)) -n 1 -e '1/1 "%02x"' "$dev/config")" 05

field() { sed -n "$(($1 + 1))p" "$dev/resource" | cut -d' ' -f"$2"; }
bar0=$(($(field 0 1)))
bar2=$(($(field 2 1)))
check "BAR0 size" $(($(field 0 2) - bar0 + 1)) $((16 << 20))
check "BAR2 size" $(($(field 2 2) - bar2 + 1)) "$want_bar"
# IORESOURCE_MEM | IORESOURCE_PREFETCH | IORESOURCE_MEM_64
check "BAR0 64-bit prefetchable" $(($(field 0 3) & 0x102200)) $((0x102200))
check "BAR2 64-bit prefetchable" $(($(field 2 3) & 0x102200)) $((0x102200))

r() { devmem $((bar0 + $1)) 32; }
w() { devmem $((bar0 + $1)) 32 "$2"; }
want_delay=${VDG1_DELAY_NS:-10000}
want_dss=${VDG1_DSS:-0x3f}
want_l3=${VDG1_L3:-0}
want_never=${VDG1_NEVER:-0}
want_lose=${VDG1_LOSE:-0}
want_lose_count=${VDG1_LOSE_COUNT:-1}
# Requesting a domain: with a long ack delay, check it is still pending.
wake() {	# <request offset> <ack offset> <name>
	w "$1" 0x00010001
	if [ -n "$VDG1_DELAY" ]; then
		check "$3 ack still pending" "$(r "$2")" "$(hex32 0)"
		sleep "$VDG1_DELAY"
	fi
	check "$3 forcewake ack" "$(r "$2")" "$(hex32 1)"
}
check "counters magic" "$(r $C_magic)" 0x31474456
check "counters version" "$(r $C_version)" "$(hex32 6)"
check "counters version matches vdg1_counters.h" "$(r $C_version)" "$(hex32 $C_version_value)"
w $C_control 1
check "counters fw_ack_delay_ns" "$(r $C_fw_ack_delay_ns)" "$(hex32 "$want_delay")"
check "counters never_ack_domains" "$(r $C_never_ack_domains)" "$(hex32 "$want_never")"
check "counters fuse_dss_enable" "$(r $C_fuse_dss_enable)" "$(hex32 "$want_dss")"
check "counters fuse_l3_disable" "$(r $C_fuse_l3_disable)" "$(hex32 "$want_l3")"
check "counters lose_ack_domains" "$(r $C_lose_ack_domains)" "$(hex32 "$want_lose")"
check "counters lose_ack_count" "$(r $C_lose_ack_count)" "$(hex32 "$want_lose_count")"
check "counters acks_lost" "$(r $C_acks_lost)" "$(hex32 0)"
check "counters lmem_size" "$(r $C_lmem_size_lo)" "$(hex32 "$want_lmem")"
check "counters lmem_bar_size" "$(r $C_lmem_bar_size_lo)" "$(hex32 "$want_bar")"
check "GU_CNTL LMEM_INIT" "$(r 0x101010)" "$(hex32 0x80)"
check "GSMBASE low" "$(r 0x108100)" "$(hex32 $((want_lmem - (40 << 20))))"
check "DSMBASE low" "$(r 0x1080c0)" "$(hex32 $((want_lmem - (32 << 20))))"
check "GSMBASE high" "$(r 0x108104)" "$(hex32 0)"
check "GGC" "$(r 0x108040)" "$(hex32 0xc0)"
check "RPM_CONFIG0 (AON): 38.4 MHz, shift 2" "$(r 0xd00)" "$(hex32 0x14)"
check "fuse read with GT asleep reads 0" "$(r 0x913c)" "$(hex32 0)"
check "wake_violations" "$(r $C_wake_violations)" "$(hex32 1)"
check "last_wake_violation" "$(r $C_last_wake_violation)" "$(hex32 0x913c)"
check "unclaimed reads 0" "$(r 0x2068)" "$(hex32 0)"
check "unclaimed_reads" "$(r $C_unclaimed_reads)" "$(hex32 1)"
check "last_unclaimed" "$(r $C_last_unclaimed)" "$(hex32 0x2068)"
check "unclaimed is no wake violation" "$(r $C_wake_violations)" "$(hex32 1)"

wake 0xa188 0x130044 GT
check "awake_domains = GT" "$(r $C_awake_domains)" "$(hex32 1)"
check "GT wake transitions" "$(r $C_wake_transitions_gt)" "$(hex32 1)"
check "DSS enable fuse" "$(r 0x913c)" "$(hex32 "$want_dss")"
check "VEBOX/VDBOX disable fuse" "$(r 0x9140)" "$(hex32 0xe00fa)"
check "L3 disable fuse" "$(r 0x9118)" "$(hex32 $((want_l3 | want_l3 << 4)))"
check "CTC_MODE: crystal" "$(r 0xa26c)" "$(hex32 0)"
check "RENDER still asleep" "$(r 0x0d84)" "$(hex32 0)"
# TLB invalidation (GT domain): the bit clears within 1 us, before the read.
w 0xced8 1
check "GFX_TLB_INV_CR clears when done" "$(r 0xced8)" "$(hex32 0)"
check "tlb_invalidations" "$(r $C_tlb_invalidations)" "$(hex32 1)"
check "no fault recorded" "$(r 0xcec4)" "$(hex32 0)"
check "RCS TIMESTAMP asleep reads 0" "$(r 0x2358)" "$(hex32 0)"
check "wake_violations after RCS read" "$(r $C_wake_violations)" "$(hex32 2)"
# MISCCPCTL: DOP clock gating on at reset; Wa_14015795083 clears it unless
# firmware locked the register.
check "MISCCPCTL reset value" "$(r 0x9424)" "$(hex32 2)"
w 0x9424 0
if [ -n "$VDG1_MISC_LOCKED" ]; then
	check "MISCCPCTL locked: write ignored" "$(r 0x9424)" "$(hex32 2)"
else
	check "MISCCPCTL write sticks" "$(r 0x9424)" "$(hex32 0)"
fi
wake 0xa278 0x0d84 RENDER
t1=$(r 0x2358)
t2=$(r 0x2358)
check "RCS TIMESTAMP ticks" "$([ "$t1" != "$t2" ] && [ "$t1" != 0x00000000 ] && echo yes)" yes
# Default steering is DSS 0: terminated when DSS 0 is fused off.
r 0x9528 > /dev/null
check "mcr_terminated" "$(r $C_mcr_terminated)" "$(hex32 $(( (want_dss & 1) ? 0 : 1 )))"
w 0xfdc 0x81000000
r 0x9528 > /dev/null
check "steered to DSS 1: not terminated" "$(r $C_mcr_terminated)" "$(hex32 $(( (want_dss & 1) ? 0 : 1 )))"
w $C_control 1
r 0x9118 > /dev/null
r 0x9118 > /dev/null
check "mmio_reads counts (page excluded)" "$(r $C_mmio_reads)" "$(hex32 2)"
if [ "$want_never" != 0 ]; then
	w 0xa560 0x00010001
	w 0xa560 0x80008000
	sleep "${VDG1_DELAY:-1}"
	check "never-ack VEBOX0 stays unacked, fallback too" "$(r 0x0d70)" "$(hex32 0)"
	check "awake_domains = GT|RENDER" "$(r $C_awake_domains)" "$(hex32 3)"
	check "never-ack loses no ack" "$(r $C_acks_lost)" "$(hex32 0)"
fi
if [ $((want_lose & 4)) != 0 ]; then
	# VDBOX0 loses its wake ack until the driver asks for the fallback.
	w 0xa540 0x00010001
	sleep "${VDG1_DELAY:-1}"
	check "lost VDBOX0 ack stays clear" "$(r 0x0d50)" "$(hex32 0)"
	check "acks_lost" "$(r $C_acks_lost)" "$(hex32 1)"
	w 0xa540 0x80008000
	sleep "${VDG1_DELAY:-1}"
	check "fallback brings the lost ack" "$(r 0x0d50)" "$(hex32 0x8001)"
	check "acks_recovered_by_fallback" "$(r $C_acks_recovered_by_fallback)" "$(hex32 1)"
fi

devmem $((bar0 + (8 << 20) + 8)) 64 0x123456003
check "GGTT PTE 64-bit" "$(devmem $((bar0 + (8 << 20) + 8)) 64)" 0x0000000123456003
check "ggtt_pte_writes: one 64-bit store" "$(r $C_ggtt_pte_writes)" "$(hex32 1)"
w 0x101008 1
check "ggtt_invalidations" "$(r $C_ggtt_invalidations)" "$(hex32 1)"
# The probe, GGTT mode: GGTT address 0x1abc through that PTE (LM set).
probe() {	# <mode> <access> <root> <va>
	w $C_probe_mode "$1"
	w $C_probe_access "$2"
	w $C_probe_root_lo "$3"
	w $C_probe_root_hi 0
	w $C_probe_va_lo "$4"
	w $C_probe_va_hi 0
	w $C_probe_control 1
}
probe 1 0 0 0x1abc
check "probe GGTT: ok" "$(r $C_probe_status)" "$(hex32 1)"
check "probe GGTT: LMEM" "$(r $C_probe_mem)" "$(hex32 1)"
check "probe GGTT: address" "$(r $C_probe_addr_hi):$(r $C_probe_addr_lo)" \
	"$(hex32 1):$(hex32 0x23456abc)"
# PPGTT tables written through BAR2 into LMEM, where the walk reads them:
# PML4 0x100000 -> PDP 0x101000 -> PD 0x102000 -> PT 0x103000 -> page 0x200000.
devmem $((bar2 + 0x100000)) 64 0x101003
devmem $((bar2 + 0x101000)) 64 0x102003
devmem $((bar2 + 0x102000)) 64 0x103003
devmem $((bar2 + 0x103008)) 64 0x200803
probe 2 1 0x100000 0x1abc
check "probe PPGTT: ok" "$(r $C_probe_status)" "$(hex32 1)"
check "probe PPGTT: LMEM" "$(r $C_probe_mem)" "$(hex32 1)"
check "probe PPGTT: address" "$(r $C_probe_addr_lo)" "$(hex32 0x200abc)"
check "probe PPGTT: 4 KiB page" "$(r $C_probe_page_size)" "$(hex32 4096)"
probe 2 0 0x100000 0x2000
check "probe PPGTT unmapped: fault" "$(r $C_probe_status)" "$(hex32 2)"
check "probe PPGTT unmapped: PTE level" "$(r $C_probe_fault_level)" "$(hex32 1)"
check "probe PPGTT unmapped: not present" "$(r $C_probe_fault_reason)" "$(hex32 1)"
check "probe_walks" "$(r $C_probe_walks)" "$(hex32 3)"
check "probes are no GPU walks or faults" "$(r $C_page_walks):$(r $C_page_faults)" \
	"$(hex32 0):$(hex32 0)"
check "BAR0 4-8 MiB reads 0" "$(r $((5 << 20)))" "$(hex32 0)"
devmem $((bar2 + 0x1000)) 32 0xdeadbeef
check "LMEM read back" "$(devmem $((bar2 + 0x1000)) 32)" 0xDEADBEEF
echo "vdg1-smoke: done"
poweroff -f
EOF
chmod +x "$work/root/init"
(cd "$work/root" && find . | cpio -o -H newc --quiet | gzip -1) > "$work/initrd.gz"

# ---- host side ----
boot() {	# <name> <device options> <kernel cmdline extras>
	local log=$work/$1.log

	timeout 120 "$qemu" -L /usr/share/seabios -L /usr/share/qemu \
		-machine pc -m 1G -nic none -nographic -no-reboot \
		-device "vdg1$2" -kernel "$kernel" -initrd "$work/initrd.gz" \
		-append "console=ttyS0 panic=-1 $3" < /dev/null > "$log" 2>&1 || true
	grep -q "pci 0000:00:0[0-9a-f].0: \[8086:${4}\]" "$log" &&
		ok "$1: kernel enumerated [8086:$4]" ||
		not_ok "$1: kernel enumerated [8086:$4]"
	grep -q 'vdg1-smoke: done' "$log" && ok "$1: guest checks ran" ||
		not_ok "$1: guest checks ran (log: $log)"
	while read -r line; do
		case "$line" in
		*"vdg1-smoke: ok - "*) ok "$1: ${line#*ok - }" ;;
		*"vdg1-smoke: not ok - "*) not_ok "$1: ${line#*not ok - }" ;;
		esac
	done < <(tr -d '\r' < "$log")
	if [ "$failed" -ne 0 ] && [ -n "${VDG1_SMOKE_VERBOSE:-}" ]; then
		cat "$log" >&2
	fi
}

# (pipefail: capture first, a failing QEMU is the expected case below)
out=$("$qemu" -device vdg1,help < /dev/null 2>&1 || true)
for prop in lmem-size lmem-bar-size fw-ack-delay-ns fw-never-ack fw-lose-acks \
	fw-lose-acks-count misccpctl-locked lmem-trained dss-enable l3-disable \
	eu-disable vdbox-vebox-disable; do
	case "$out" in
	*"$prop="*) ok "-device vdg1,help lists $prop" ;;
	*) not_ok "-device vdg1,help lists $prop" ;;
	esac
done
out=$(timeout 60 "$qemu" -L /usr/share/seabios -L /usr/share/qemu \
	-machine pc -nodefaults -display none -S \
	-device vdg1,device-id=0x1234 < /dev/null 2>&1 || true)
case "$out" in
*"device-id must be"*) ok "bad device-id rejected" ;;
*) not_ok "bad device-id rejected" ;;
esac
out=$(timeout 60 "$qemu" -L /usr/share/seabios -L /usr/share/qemu \
	-machine pc -nodefaults -display none -S \
	-device vdg1,fw-never-ack=vdbox1 < /dev/null 2>&1 || true)
case "$out" in
*"unknown forcewake domain"*) ok "bad fw-never-ack rejected" ;;
*) not_ok "bad fw-never-ack rejected" ;;
esac
out=$(timeout 60 "$qemu" -L /usr/share/seabios -L /usr/share/qemu \
	-machine pc -nodefaults -display none -S \
	-device vdg1,fw-lose-acks=gt,,bogus < /dev/null 2>&1 || true)
case "$out" in
*"fw-lose-acks: unknown forcewake domain"*) ok "bad fw-lose-acks rejected" ;;
*) not_ok "bad fw-lose-acks rejected" ;;
esac
out=$(timeout 60 "$qemu" -L /usr/share/seabios -L /usr/share/qemu \
	-machine pc -nodefaults -display none -S \
	-device vdg1,lmem-size=256M,lmem-bar-size=512M < /dev/null 2>&1 || true)
case "$out" in
*"lmem-bar-size must be"*) ok "lmem-bar-size above lmem-size rejected" ;;
*) not_ok "lmem-bar-size above lmem-size rejected" ;;
esac
boot default "" "" 4905
boot props ",device-id=0x4909,lmem-size=1G,lmem-bar-size=256M,fw-ack-delay-ns=2000000000,dss-enable=0x3e,l3-disable=0x1,fw-never-ack=vebox0,fw-lose-acks=vdbox0,,vebox0,fw-lose-acks-count=2,misccpctl-locked=on" \
	"VDG1_DEV=0x4909 VDG1_LMEM=1073741824 VDG1_BAR=268435456 VDG1_DELAY=3 VDG1_DELAY_NS=2000000000 VDG1_DSS=0x3e VDG1_L3=1 VDG1_NEVER=16 VDG1_LOSE=20 VDG1_LOSE_COUNT=2 VDG1_MISC_LOCKED=1" 4909

echo "vdg1-smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
