#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make fuzz`: dg1_fuzz for FUZZ_CALLS ioctl-level calls (1000000) from seed
# FUZZ_SEED (1), on Debian's stock 6.12 kernel (FUZZ_KERNEL=stock, about
# 3000 calls/s under TCG) or the debug kernel (FUZZ_KERNEL=debug: KASAN,
# lockdep, UBSAN, kmemleak; about 300 calls/s), one VM with one vdg1.
# `make check` runs the same fuzzer for 15 s per kernel. Any kernel report,
# stuck thread or vdg1 violation fails it; the seed is in the first line of
# the output (tests/dg1_fuzz.c). Writes out/fuzz/.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/check.sh
. "$root/scripts/check.sh"
out=$root/out/fuzz
results=$out/results.tsv
calls=${FUZZ_CALLS:-1000000} seed=${FUZZ_SEED:-1} kind=${FUZZ_KERNEL:-stock}
case "$calls$seed" in
*[!0-9]*) echo "fuzz: FUZZ_CALLS and FUZZ_SEED are numbers"; exit 2 ;;
esac
rm -rf "$out"
mkdir -p "$out"
: > "$results"
# shellcheck source=scripts/check-cache.sh
. "$root/scripts/check-cache.sh"
tcc=()
[ -n "$ccache_bin" ] && tcc=("CC=ccache gcc")
make -C "$root/tests" "${tcc[@]}" -j"$jobs" > "$out/tests-build.log" 2>&1
record_build "build tests" $? "$out/tests-build.log"
make -C "$root/tools" "${tcc[@]}" -j"$jobs" > "$out/tools-build.log" 2>&1
record_build "build tools" $? "$out/tools-build.log"
if ! qemu=$("$root/scripts/build-qemu.sh" 2> "$out/qemu-build.log" | tail -n 1) || ! [ -x "$qemu" ]; then
	tail -n 30 "$out/qemu-build.log"
	record FAIL "qemu+vdg1 build"
fi
case "$kind" in
debug)
	kernel_dir=$("$root/scripts/build-test-kernel.sh" 2> "$out/kernel-build.log") ||
		record FAIL "debug kernel build"
	stage "$out/mod"
	kcc_for "$kernel_dir/build"
	make -C "$kernel_dir/build" M="$out/mod" W=1 CONFIG_DRM_DG1=m "${kcc[@]}" \
		-j"$jobs" modules > "$out/build.log" 2>&1
	record_build "build W=1 (debug kernel)" $? "$out/build.log"
	kernel=$kernel_dir/build/arch/x86/boot/bzImage
	checkers=$(kernel_checkers "$kernel_dir/build/.config")
	initramfs "$out/initrd.gz" "$out/mod/dg1.ko" ;;
stock)
	kdir=$("$root/scripts/find-kdir.sh")
	kver=$(basename "$kdir")
	kver=${kver#linux-headers-}
	kernel=/boot/vmlinuz-$kver
	stage "$out/mod"
	kcc_for "$kdir"
	make -C "$kdir" M="$out/mod" W=1 CONFIG_DRM_DG1=m "${kcc[@]}" -j"$jobs" modules \
		> "$out/build.log" 2>&1
	record_build "build W=1 ($kver)" $? "$out/build.log"
	checkers=$(kernel_checkers "/boot/config-$kver")
	initramfs "$out/initrd.gz" "$out/mod/dg1.ko" "/lib/modules/$kver" ;;
*) echo "fuzz: FUZZ_KERNEL is stock or debug"; exit 2 ;;
esac
if ! grep -q '^FAIL' "$results"; then
	echo "== fuzz: $calls calls from seed $seed on the $kind kernel"
	# 300 calls/s on the debug kernel, with room.
	run_vm fuzz "$kernel" "$out/initrd.gz" $(( calls / 150 + 600 )) "$checkers" "" \
		"dg1_fuzz_calls=$calls dg1_fuzz_seed=$seed"
	grep -h '^dg1_fuzz:' "$out/vm-fuzz.tests.log"
fi
grep '^FAIL' "$results"
passed=$(grep -c '^PASS' "$results")
failed=$(grep -c '^FAIL' "$results")
echo "fuzz: $passed passed, $failed failed (results: $results)"
[ "$failed" = 0 ]
