#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make check`: the whole dg1 test pipeline. Ends with "N passed, N failed".
#
#  1. dg1.ko against Debian's 6.12 headers: W=1 and sparse (C=2), no warnings
#  2. checkpatch --strict and kernel-doc -Wall over the kernel sources
#  3. self-tests of the harness, vdg1's host unit tests, the forcewake
#     table against the manual
#  4. debug test kernel and QEMU with vdg1 (both cached, rebuilt on change)
#  5. on the debug kernel in QEMU: KUnit suites, IGT-style tests, rebind,
#     rmmod, kmemleak; any KASAN/UBSAN/lockdep/kmemleak/WARN report fails
#  6. on Debian's stock 6.12 kernel in QEMU: the module built against
#     Debian's headers runs the tests and benchmarks, then again on vdg1
#     variants (fused-off DSS/L3, a never-acking power domain)
#
# Work files go to out/check/. DG1_CACHE (default ~/.cache/dg1) holds the
# cached kernel and QEMU builds.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/out/check
results=$out/results.tsv
rm -rf "$out"
mkdir -p "$out"
: > "$results"
t0=$(date +%s)

phase() { echo "== $* ($(( $(date +%s) - t0 ))s)"; }
record() { # STATUS NAME [DETAIL]
	printf '%s\t%s\n' "$1" "$2" >> "$results"
	[ "$1" = FAIL ] && echo "FAIL: $2${3:+ ($3)}"
	return 0
}
# Fail a step whose log shows compiler, modpost or sparse warnings.
record_build() { # NAME RC LOG
	if [ "$2" != 0 ]; then
		record FAIL "$1" "exit $2"
		tail -n 30 "$3"
	elif grep -E 'warning:|error:|WARNING:' "$3" > "$3.warnings"; then
		record FAIL "$1" "$(wc -l < "$3.warnings") warnings"
		head -n 40 "$3.warnings"
	else
		record PASS "$1"
	fi
}
# Copy the sources, not build products, to a private build directory, one
# per kernel: a failed build must not leave an older dg1.ko to test.
stage() {
	mkdir -p "$1"
	rsync -a --delete --exclude .git --exclude /out --filter=':- .gitignore' \
		"$root/" "$1/"
}

phase "module: W=1 and sparse against the stock 6.12 headers"
kdir=$("$root/scripts/find-kdir.sh")
stage "$out/mod-stock"
make -C "$kdir" M="$out/mod-stock" W=1 CONFIG_DRM_DG1=m modules > "$out/build-stock.log" 2>&1
record_build "build W=1 ($(basename "$kdir"))" $? "$out/build-stock.log"
make -C "$kdir" M="$out/mod-stock" W=1 C=2 CONFIG_DRM_DG1=m modules > "$out/sparse.log" 2>&1
record_build "sparse C=2" $? "$out/sparse.log"

phase "userspace tests and tools"
make -C "$root/tests" > "$out/tests-build.log" 2>&1
record_build "build tests" $? "$out/tests-build.log"
make -C "$root/tools" > "$out/tools-build.log" 2>&1
record_build "build tools" $? "$out/tools-build.log"

# record_tap NAME RC LOG: one result per TAP line, and the exit status.
record_tap() {
	local line
	while read -r line; do
		case "$line" in
		"ok "*) record PASS "$1: ${line#ok }" ;;
		"not ok "*) record FAIL "$1: ${line#not ok }" ;;
		esac
	done < "$3"
	if [ "$2" != 0 ]; then
		record FAIL "$1" "exit $2"
		tail -n 30 "$3"
	fi
}

phase "harness self-tests"
python3 "$root/scripts/tests/test_vm_results.py" > "$out/harness.log" 2>&1
record_tap "harness" $? "$out/harness.log"

phase "vdg1 host unit tests"
make -C "$root/vdg1" check > "$out/vdg1-host.log" 2>&1
record_tap "vdg1 host" $? "$out/vdg1-host.log"

phase "forcewake table against the manual"
manual=$root/../shared/seeds/000_5bc36b2a2bce547c.txt
if [ -f "$manual" ]; then
	python3 "$root/scripts/check-fw-table.py" --manual "$manual" > "$out/fw-table.log" 2>&1
	record_tap "fw table vs manual" $? "$out/fw-table.log"
else
	record SKIP "fw table vs manual" "no manual at $manual (../shared is not beside the repo)"
	echo "SKIP: fw table vs manual: no manual at $manual"
fi

phase "debug test kernel (cached)"
if kernel_dir=$("$root/scripts/build-test-kernel.sh" 2> "$out/kernel-build.log"); then
	record PASS "debug kernel build"
else
	record FAIL "debug kernel build"
	tail -n 30 "$out/kernel-build.log"
	kernel_dir=
fi

phase "checkpatch --strict"
checkpatch=$kernel_dir/src/scripts/checkpatch.pl
if [ -n "$kernel_dir" ]; then
	mapfile -t srcs < <(cd "$root" && git ls-files -co --exclude-standard \
		'drm/*.[ch]' 'gt/*.[ch]' 'oa/*.[ch]' 'regs/*.h' 'kunit/*.[ch]' 'uapi/*.h')
	if (cd "$root" && "$checkpatch" --strict --no-tree --terse --show-types \
		--ignore FILE_PATH_CHANGES -f "${srcs[@]}") > "$out/checkpatch.log" 2>&1; then
		record PASS "checkpatch --strict (${#srcs[@]} files)"
	else
		record FAIL "checkpatch --strict" "$(grep -c ': \(ERROR\|WARNING\|CHECK\)' "$out/checkpatch.log") findings"
		grep ': \(ERROR\|WARNING\|CHECK\)' "$out/checkpatch.log" | head -n 40
	fi
fi

phase "kernel-doc -Wall"
if [ -n "$kernel_dir" ]; then
	if (cd "$root" && "$kernel_dir/src/scripts/kernel-doc" -Wall -none "${srcs[@]}") \
		> "$out/kernel-doc.log" 2>&1 && ! [ -s "$out/kernel-doc.log" ]; then
		record PASS "kernel-doc -Wall (${#srcs[@]} files)"
	else
		record FAIL "kernel-doc -Wall" "$(wc -l < "$out/kernel-doc.log") findings"
		head -n 40 "$out/kernel-doc.log"
	fi
fi

phase "QEMU with vdg1 (cached)"
if qemu=$("$root/scripts/build-qemu.sh" 2> "$out/qemu-build.log" | tail -n 1) && [ -x "$qemu" ]; then
	record PASS "qemu+vdg1 build"
else
	record FAIL "qemu+vdg1 build"
	tail -n 30 "$out/qemu-build.log"
	qemu=
fi

# run_vm LABEL KERNEL INITRD TIMEOUT [KUNIT] [VDG1-PROPERTIES]
run_vm() {
	local label=$1 kernel=$2 initrd=$3 limit=$4 kunit=${5:-} devopts=${6:-}
	local log=$out/vm-$label.log status=0
	"$root/scripts/run-vm.sh" --qemu "$qemu" --kernel "$kernel" --initrd "$initrd" \
		--log "$log" --timeout "$limit" --device-opts "$devopts" || status=$?
	local args=(--log "$log" --label "$label" --results "$results" --vm-status "$status")
	if [ -n "$kunit" ]; then
		# The kernel prints an empty KTAP block of its own at boot; the
		# module's suites start at insmod.
		sed -n '/^DG1-STEP-BEGIN: insmod/,$p' "$log" |
			python3 "$kernel_dir/src/tools/testing/kunit/kunit.py" parse \
				--json="$out/kunit-$label.json" > "$out/kunit-$label.txt" 2>&1
		args+=(--kunit-json "$out/kunit-$label.json")
	fi
	python3 "$root/scripts/vm-results.py" "${args[@]}"
	grep -h '^bench:' "$log" | sed "s/^/[$label] /" >> "$out/bench.txt"
}

initramfs() { # OUT MODE MODULE [KMODDIR]
	"$root/scripts/mkinitramfs.sh" --out "$1" --mode "$2" --module "$3" \
		${4:+--kmod-dir "$4"} --tests "$root/tests/bin" \
		--test-list "$root/tests/test-list.txt" --tools "$root/tools/bin"
}

if [ -n "$kernel_dir" ] && [ -n "$qemu" ]; then
	phase "debug kernel: KUnit + IGT-style tests in QEMU"
	stage "$out/mod-debug"
	make -C "$kernel_dir/build" M="$out/mod-debug" W=1 CONFIG_DRM_DG1=m \
		CONFIG_DRM_DG1_KUNIT_TEST=y modules > "$out/build-debug.log" 2>&1
	record_build "build W=1 + KUnit (debug kernel)" $? "$out/build-debug.log"
	if [ -f "$out/mod-debug/dg1.ko" ]; then
		initramfs "$out/initrd-debug.gz" check "$out/mod-debug/dg1.ko"
		run_vm debug "$kernel_dir/build/arch/x86/boot/bzImage" \
			"$out/initrd-debug.gz" 900 kunit
	fi
fi

# The stock kernel whose headers the module was built against.
case "$kdir" in
/lib/modules/*/build) kver=$(basename "$(dirname "$kdir")") ;;
*) kver=$(basename "$kdir"); kver=${kver#linux-headers-} ;;
esac
stock_kernel=/boot/vmlinuz-$kver
if [ -n "$qemu" ] && [ -f "$out/mod-stock/dg1.ko" ]; then
	if [ -f "$stock_kernel" ]; then
		initramfs "$out/initrd-stock.gz" smoke "$out/mod-stock/dg1.ko" "/lib/modules/$kver"
		phase "stock kernel $kver: tests and benchmarks in QEMU"
		run_vm stock "$stock_kernel" "$out/initrd-stock.gz" 300
		# The same tests on a DG1 with DSS 0 and L3 bank pair 0 fused off:
		# steering must avoid the terminated instances.
		phase "stock kernel: vdg1 with DSS 0 and L3 pair 0 fused off"
		run_vm stock-fused "$stock_kernel" "$out/initrd-stock.gz" 300 "" \
			"dss-enable=0x3e,l3-disable=0x1"
		# A power domain that never acknowledges: the operations that need
		# it fail cleanly and everything else keeps working.
		phase "stock kernel: vdg1 whose VDBOX2 forcewake never acks"
		run_vm stock-never-ack "$stock_kernel" "$out/initrd-stock.gz" 300 "" \
			"fw-never-ack=vdbox2"
		phase "stock kernel: vdg1 whose boot firmware did not train LMEM"
		initramfs "$out/initrd-untrained.gz" untrained-lmem "$out/mod-stock/dg1.ko" "/lib/modules/$kver"
		run_vm stock-untrained-lmem "$stock_kernel" "$out/initrd-untrained.gz" 300 "" \
			"lmem-trained=off"
	else
		record FAIL "stock kernel smoke run" "$stock_kernel missing: run make deps"
	fi
fi

if [ -s "$out/bench.txt" ]; then
	phase "benchmarks on the default vdg1 (figures, not judged; all runs: $out/bench.txt)"
	grep '^\[stock\]' "$out/bench.txt"
fi

phase "done"
passed=$(grep -c '^PASS' "$results")
failed=$(grep -c '^FAIL' "$results")
skipped=$(grep -c '^SKIP' "$results")
# A breakdown by area: the VM runs' labels, KUnit, the host-side suites.
awk -F'\t' '{
	area = $2
	if (area ~ /: kunit /) sub(/: kunit .*/, ": kunit", area)
	else if (area ~ /: dg1_[a-z_]+\//) { sub(/\/.*/, "", area) }
	else if (area ~ /^[a-z0-9 -]+: /) sub(/: .*/, "", area)
	n[area, $1]++; areas[area] = 1
} END {
	for (a in areas)
		printf "  %-48s %4d passed %3d failed %3d skipped\n", a,
			n[a, "PASS"], n[a, "FAIL"], n[a, "SKIP"]
}' "$results" | sort
echo "results: $results; logs: $out"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
