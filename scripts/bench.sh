#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make bench`: the figures. Every dg1_bench_* binary at full length on the
# default vdg1, then dg1 and Debian's i915 side by side on the same vdg1
# (Documentation/i915-comparison.rst) in three rounds, dg1 then i915 in
# each, in one VM on Debian's stock 6.12 kernel and nothing else running:
# run it on a quiet machine. Writes out/bench/bench.txt, ending with each
# pair's ratio dg1/i915 over the rounds (scripts/bench-sides.py); exits
# non-zero when a benchmark or a step failed.
# `make check` runs the same binaries briefly, to keep them working; its
# figures are not the ones to quote.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The helpers of check.sh and its caches (scripts/check-cache.sh).
# shellcheck source=scripts/check.sh
. "$root/scripts/check.sh"
out=$root/out/bench
results=$out/results.tsv
rm -rf "$out"
mkdir -p "$out"
: > "$results"
# shellcheck source=scripts/check-cache.sh
. "$root/scripts/check-cache.sh"

kdir=$("$root/scripts/find-kdir.sh")
kver=$(basename "$kdir")
kver=${kver#linux-headers-}
stock_kernel=/boot/vmlinuz-$kver
[ -f "$stock_kernel" ] || { echo "bench: $stock_kernel missing: run make deps"; exit 1; }
kcc_for "$kdir"
tcc=()
[ -n "$ccache_bin" ] && tcc=("CC=ccache gcc")

echo "== builds"
stage "$out/mod-stock"
make -C "$kdir" M="$out/mod-stock" W=1 CONFIG_DRM_DG1=m "${kcc[@]}" -j"$jobs" modules \
	> "$out/build-stock.log" 2>&1
record_build "build W=1 ($kver)" $? "$out/build-stock.log"
make -C "$root/tests" "${tcc[@]}" -j"$jobs" > "$out/tests-build.log" 2>&1
record_build "build tests" $? "$out/tests-build.log"
make -C "$root/tools" "${tcc[@]}" -j"$jobs" > "$out/tools-build.log" 2>&1
record_build "build tools" $? "$out/tools-build.log"
if ! qemu=$("$root/scripts/build-qemu.sh" 2> "$out/qemu-build.log" | tail -n 1) || ! [ -x "$qemu" ]; then
	tail -n 30 "$out/qemu-build.log"
	record FAIL "qemu+vdg1 build"
fi

if ! grep -q '^FAIL' "$results"; then
	initramfs "$out/initrd-stock.cpio" "$out/mod-stock/dg1.ko" "/lib/modules/$kver" \
		--stock-driver i915 --host-binary /usr/libexec/igt-gpu-tools/benchmarks/gem_exec_nop
	echo "== bench: the benchmarks at full length, then dg1 and i915 side by side"
	{
		echo "# make bench, $(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$root" describe --always --dirty 2>/dev/null)"
		echo "# host: $(nproc) cores, load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
	} > "$out/bench.txt"
	run_vm bench "$stock_kernel" "$out/initrd-stock.cpio" 1200 \
		"$(kernel_checkers "/boot/config-$kver")"
fi

if [ -s "$out/bench.txt" ]; then
	# dg1 beside i915, each pair as the ratio of its rounds' figures.
	python3 "$root/scripts/bench-sides.py" "$out/bench.txt" > "$out/sides.txt"
	cat "$out/sides.txt" >> "$out/bench.txt"
	cat "$out/bench.txt"
fi
grep '^FAIL' "$results"
passed=$(grep -c '^PASS' "$results")
failed=$(grep -c '^FAIL' "$results")
echo "bench: $out/bench.txt; $passed passed, $failed failed (results: $results)"
[ "$failed" = 0 ]
