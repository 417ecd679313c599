#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make check`: the whole dg1 test pipeline. Ends with "N passed, N failed".
#
#  1. builds: the debug test kernel and QEMU with vdg1 (both cached, rebuilt
#     on change), dg1.ko against Debian's 6.12 headers and against the
#     debug kernel (W=1, no warnings), the tests and tools, the initramfs
#  2. two lanes side by side:
#     A: VM scenarios from one queue, longest first
#     B: sparse (C=2), the ccache self-test, the harness self-tests, vdg1's
#        and the tools' host tests, the forcewake table against the manual,
#        checkpatch --strict and kernel-doc -Wall; then VM scenarios too
#     The scenarios: on the debug kernel (KASAN, lockdep, kmemleak) KUnit,
#     the tests twice around a rebind, probe fault injection, and vdg1s
#     whose GT, RENDER or VDBOX2 forcewake never acks; on Debian's stock
#     6.12 kernel the benchmarks (briefly) and the tests on the default
#     vdg1, a fused-off one, one whose BAR is smaller than its LMEM, one
#     with untrained LMEM and one that no longer answers (all ones);
#     Debian's xe on vdg1
#  3. alone: Debian's i915 beside dg1 on vdg1
# Every VM run ends with dg1_audit after the driver is unloaded; what each
# scenario must run and which skips it expects is checked on the host
# (scripts/vm-results.py, tests/expected-skips.txt). See
# Documentation/testing.rst.
#
# Work files go to out/check/. DG1_CACHE (default ~/.cache/dg1) holds the
# cached kernel and QEMU builds, ccache, the PASS cache of the host checks
# and the initramfs images (scripts/check-cache.sh); DG1_CHECK_FULL=1 runs
# every check again. After the builds, two lanes run side by side: lane A
# boots the VMs, lane B runs the host checks, then boots VMs too; each
# takes the next scenario of one queue. Lane C runs the one scenario that
# mostly sleeps beside them (Documentation/testing.rst).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$root/out/check
results=$out/results.tsv
vm_results=$root/scripts/vm-results.py
t0=$(date +%s)
# Every build runs as many jobs as the machine has cores.
jobs=$(nproc)

# phase NAME: a new phase begins; the one before ends, its wall time goes
# to phases.tsv (with the lane that ran it), printed as a table at the end.
# phase_end: the last phase ends.
phase_name='' phase_t0='' lane=-
phase_end() {
	local now
	now=$(date +%s)
	[ -n "$phase_name" ] &&
		printf '%s\t%s\t%s\n' "$(( now - phase_t0 ))" "$lane" "$phase_name" >> "$out/phases.tsv"
	phase_name='' phase_t0=$now
}
phase() {
	phase_end
	phase_name=$*
	echo "== $* ($(( phase_t0 - t0 ))s)"
}
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
	# The copy has no .git: the version modinfo shows comes with it.
	git -C "$root" describe --always --dirty > "$1/VERSION" 2>/dev/null ||
		rm -f "$1/VERSION"
}

# record_tap NAME RC LOG: one result per TAP line, and the exit status.
record_tap() {
	local line n=0
	while read -r line; do
		case "$line" in
		"ok "*) record PASS "$1: ${line#ok }"; n=$((n + 1)) ;;
		"not ok "*) record FAIL "$1: ${line#not ok }"; n=$((n + 1)) ;;
		esac
	done < "$3"
	if [ "$2" != 0 ]; then
		record FAIL "$1" "exit $2"
		tail -n 30 "$3"
	elif [ "$n" = 0 ]; then
		record FAIL "$1" "no TAP result lines"
	fi
}

# The checkers a kernel has, named for its result row: a stock kernel's
# clean log is no KASAN or lockdep result.
kernel_checkers() { # KERNEL-CONFIG
	local names=()
	grep -q '^CONFIG_KASAN=y' "$1" 2>/dev/null && names+=(KASAN)
	grep -q '^CONFIG_UBSAN=y' "$1" 2>/dev/null && names+=(UBSAN)
	grep -q '^CONFIG_PROVE_LOCKING=y' "$1" 2>/dev/null && names+=(lockdep)
	grep -q '^CONFIG_DEBUG_KMEMLEAK=y' "$1" 2>/dev/null && names+=(kmemleak)
	names+=(WARN BUG Oops)
	(IFS=/; echo "${names[*]}")
}

# has_row NAME: results.tsv has a row of that name.
has_row() {
	awk -F'\t' -v n="$1" '$2 == n { f = 1 } END { exit !f }' "$results"
}

# judge_vm LABEL LOG TEST-LOG VM-STATUS CHECKERS [KUNIT-JSON]: results of
# one VM run. vm-results.py must judge it: a crash, an error exit or no
# rows fail the run.
judge_vm() {
	local label=$1 rc=0
	python3 "$vm_results" --label "$label" --log "$2" --test-log "$3" \
		--vm-status "$4" --checkers "$5" ${6:+--kunit-json "$6"} \
		--kunit-src "$root/kunit" --test-list "$root/tests/test-list.txt" \
		--expected-skips "$root/tests/expected-skips.txt" \
		--results "$results" || rc=$?
	if [ "$rc" != 0 ]; then
		record FAIL "$label: vm-results" "exit $rc: the run was not judged"
	elif ! has_row "$label: vm"; then
		record FAIL "$label: vm-results" "exit 0 without a result row"
	fi
}

# run_vm LABEL KERNEL INITRD TIMEOUT CHECKERS [VDG1-PROPERTIES] [CMDLINE]
#        [kunit]: boot one scenario of scripts/vm/init and judge it. Every
# vdg1 powers its wells down exactly as the driver configured RC6 and
# power gating (pg-follows-driver): a driver that leaves them off keeps
# its wells up, as on a DG1; one that enables them meets every gated well.
run_vm() {
	local label=$1 kernel=$2 initrd=$3 limit=$4 checkers=$5
	local devopts=pg-follows-driver=on${6:+,$6} append=${7:-} kunit=${8:-}
	local log=$out/vm-$label.log tlog=$out/vm-$label.tests.log
	local status=0 start json=
	start=$(date +%s)
	"$root/scripts/run-vm.sh" --qemu "$qemu" --kernel "$kernel" --initrd "$initrd" \
		--log "$log" --test-log "$tlog" --scenario "$label" --timeout "$limit" \
		--device-opts "$devopts" --append "$append" --devices "${VM_DEVICES:-1}" \
		--memory "${VM_MEMORY:-2G}" ||
		status=$?
	echo "vm $label: $(( $(date +%s) - start ))s (limit ${limit}s, status $status)" |
		tee -a "$out/durations.txt"
	if [ -n "$kunit" ]; then
		# The kernel prints an empty KTAP block of its own at boot; the
		# module's suites start at insmod.
		json=$out/kunit-$label.json
		sed -n '/DG1-STEP-BEGIN: insmod/,$p' "$log" |
			python3 "$kernel_dir/src/tools/testing/kunit/kunit.py" parse \
				--json="$json" > "$out/kunit-$label.txt" 2>&1
	fi
	judge_vm "$label" "$log" "$tlog" "$status" "$checkers" "$json"
	grep -h '^bench:' "$tlog" | sed "s/^/[$label] /" >> "$out/bench.txt"
}

# Every scenario vm-results.py knows must have run: one whose build failed
# above is a failure too, not a missing row.
check_all_ran() {
	local labels label
	if ! labels=$(python3 "$vm_results" --list-scenarios) || [ -z "$labels" ]; then
		record FAIL "scenarios" "vm-results.py --list-scenarios failed"
		return
	fi
	for label in $labels; do
		has_row "$label: vm" || record FAIL "$label: vm" "scenario did not run"
	done
}

# initramfs OUT MODULE [KMODDIR [MKINITRAMFS-OPTIONS...]]: the image of
# a scenario family, from the cache when nothing that goes in changed.
initramfs() {
	local -a inputs=("$2" "$root/tests/bin" "$root/tools/bin" "$root/tests/test-list.txt")
	local arg prev=
	# The stock kernel's modules, by its index and its image.
	[ -n "${3:-}" ] && inputs+=("$3/modules.dep" "/boot/vmlinuz-$(basename "$3")")
	for arg in "${@:4}"; do
		case "$prev" in --host-binary|--extra-module) inputs+=("$arg") ;; esac
		prev=$arg
	done
	cached_initramfs "$1" "${inputs[@]}" -- --module "$2" \
		${3:+--kmod-dir "$3"} "${@:4}" --tests "$root/tests/bin" \
		--test-list "$root/tests/test-list.txt" --tools "$root/tools/bin"
}

# Sourced by the self-tests (scripts/tests/): the helpers only.
[ "${BASH_SOURCE[0]}" = "$0" ] || return 0

rm -rf "$out"
mkdir -p "$out"
: > "$results"
. "$root/scripts/check-cache.sh"

# ---- builds: everything the two lanes need, as fast as the cores allow ----

phase "builds: the debug kernel and QEMU (cached), dg1.ko, tests, tools"
# The debug kernel and QEMU build side by side (cold, most of their time
# is parallel compiles anyway, and each has serial stretches: unpacking,
# configuring, linking), while dg1.ko, the tests and the tools build.
"$root/scripts/build-test-kernel.sh" > "$out/kernel-dir.txt" 2> "$out/kernel-build.log" &
kernel_pid=$!
"$root/scripts/build-qemu.sh" > "$out/qemu-path.txt" 2> "$out/qemu-build.log" &
qemu_pid=$!
kdir=$("$root/scripts/find-kdir.sh")
kcc_for "$kdir"
stage "$out/mod-stock"
make -C "$kdir" M="$out/mod-stock" W=1 CONFIG_DRM_DG1=m CONFIG_DRM_DG1_TEST_FWFB=m \
	"${kcc[@]}" -j"$jobs" modules \
	> "$out/build-stock.log" 2>&1
record_build "build W=1 ($(basename "$kdir"))" $? "$out/build-stock.log"
tcc=()
[ -n "$ccache_bin" ] && tcc=("CC=ccache gcc")
make -C "$root/tests" "${tcc[@]}" -j"$jobs" > "$out/tests-build.log" 2>&1
record_build "build tests" $? "$out/tests-build.log"
make -C "$root/tools" "${tcc[@]}" -j"$jobs" > "$out/tools-build.log" 2>&1
record_build "build tools" $? "$out/tools-build.log"

if wait "$kernel_pid" && kernel_dir=$(tail -n 1 "$out/kernel-dir.txt") &&
	[ -d "$kernel_dir/build" ]; then
	record PASS "debug kernel build"
else
	record FAIL "debug kernel build"
	tail -n 30 "$out/kernel-build.log"
	kernel_dir=
fi
if wait "$qemu_pid" && qemu=$(tail -n 1 "$out/qemu-path.txt") && [ -x "$qemu" ]; then
	record PASS "qemu+vdg1 build"
else
	record FAIL "qemu+vdg1 build"
	tail -n 30 "$out/qemu-build.log"
	qemu=
fi

debug_ok='' stock_ok=''
if [ -n "$kernel_dir" ] && [ -n "$qemu" ]; then
	phase "debug kernel: build dg1.ko with KUnit and probe fault injection"
	stage "$out/mod-debug"
	kcc_for "$kernel_dir/build"
	make -C "$kernel_dir/build" M="$out/mod-debug" W=1 CONFIG_DRM_DG1=m "${kcc[@]}" \
		-j"$jobs" CONFIG_DRM_DG1_KUNIT_TEST=y CONFIG_DRM_DG1_DEBUG=y modules \
		> "$out/build-debug.log" 2>&1
	record_build "build W=1 + KUnit + debug (debug kernel)" $? "$out/build-debug.log"
	if [ -f "$out/mod-debug/dg1.ko" ]; then
		bz=$kernel_dir/build/arch/x86/boot/bzImage
		debug_checkers=$(kernel_checkers "$kernel_dir/build/.config")
		# intel_error_decode reads dg1's error capture (dg1_hang).
		initramfs "$out/initrd-debug.cpio" "$out/mod-debug/dg1.ko" "" \
			--host-binary /usr/bin/intel_error_decode && debug_ok=1
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
		phase "stock kernel $kver: initramfs"
		stock_checkers=$(kernel_checkers "/boot/config-$kver")
		initramfs "$out/initrd-stock.cpio" "$out/mod-stock/dg1.ko" "/lib/modules/$kver" \
			--stock-driver i915 --stock-driver xe \
			--host-binary /usr/libexec/igt-gpu-tools/benchmarks/gem_exec_nop \
			--host-binary /usr/bin/i915-perf-recorder \
			--host-binary /usr/bin/i915-perf-reader \
			--host-binary /usr/bin/intel_error_decode \
			--extra-module "$out/mod-stock/tests/kmod/dg1_fwfb.ko" && stock_ok=1
	else
		record FAIL "stock kernel runs" "$stock_kernel missing: run make deps"
	fi
fi

# The VM scenarios, longest first: the two lanes take them in this order.
# One whose build failed above is not queued (check_all_ran fails it).
# i915 runs alone once both lanes are done (vm_solo): with the host's two
# cores shared by two guests, a vCPU waits for milliseconds while vdg1's
# clock and the guest's other vCPU go on, and i915 then read vcs0's
# RING_CONTEXT_STATUS_PTR (the posting read in its CSB processing) 2.5 ms
# after the well had gated: 1 run in 3 with the host loaded, none alone
# (Documentation/testing.rst, "Lanes and caches"). Its side-by-side
# figures want a quiet host too. xe's execlist backend gates no well and
# prints no figure: it runs in a lane, last.
# A scenario that mostly sleeps runs beside both lanes, as lane C
# (vm_beside): stock-rpm-stress's 10 000 runtime suspends wait out PCI's
# 10 ms D3hot delay twice a cycle (pci_dev_d3_sleep()), so its guest keeps
# a third of a host core busy for 5 minutes: a lane of its own would sit
# idle. The other lanes' guests run a little slower beside it.
vm_queue=() vm_solo=() vm_beside=()
[ -n "$debug_ok" ] && vm_queue+=(debug)
[ -n "$stock_ok" ] && vm_queue+=(stock)
[ -n "$stock_ok" ] && vm_beside+=(stock-rpm-stress)
[ -n "$debug_ok" ] && vm_queue+=(debug-never-ack-render debug-never-ack-vdbox2 debug-never-ack-gt)
[ -n "$stock_ok" ] && vm_queue+=(stock-fused stock-two-gpus stock-small-bar stock-untrained-lmem stock-dead-bar stock-xe)
[ -n "$stock_ok" ] && vm_solo+=(stock-i915)

# vm_job LABEL: boot one scenario of the queue.
vm_job() {
	case "$1" in
	debug)
		# KUnit, the tests twice around a rebind, probe fault injection.
		run_vm debug "$bz" "$out/initrd-debug.cpio" 1800 "$debug_checkers" "" "" kunit ;;
	debug-never-ack-gt)
		# The fault paths, under KASAN and lockdep: probe must fail.
		# The never-ack guests run two test binaries at most: 1 GiB
		# halves kmemleak's scans (their time follows the RAM: 7.3 s
		# each at 2 GiB, 4.4 s at 1 GiB).
		VM_MEMORY=1G run_vm "$1" "$bz" "$out/initrd-debug.cpio" 600 "$debug_checkers" \
			"fw-never-ack=gt" "kunit.enable=0" ;;
	debug-never-ack-render)
		VM_MEMORY=1G run_vm "$1" "$bz" "$out/initrd-debug.cpio" 900 "$debug_checkers" \
			"fw-never-ack=render" "kunit.enable=0" ;;
	debug-never-ack-vdbox2)
		# VDBOX2 never acks, RENDER loses its first 3 acks.
		VM_MEMORY=1G run_vm "$1" "$bz" "$out/initrd-debug.cpio" 900 "$debug_checkers" \
			"fw-never-ack=vdbox2,fw-lose-acks=render,fw-lose-acks-count=3" \
			"kunit.enable=0" ;;
	stock)
		# Benchmarks (briefly) and the tests.
		run_vm stock "$stock_kernel" "$out/initrd-stock.cpio" 600 "$stock_checkers" ;;
	stock-rpm-stress)
		# 10 000 runtime suspend/resume cycles: ~5 min.
		run_vm "$1" "$stock_kernel" "$out/initrd-stock.cpio" 900 "$stock_checkers" ;;
	stock-fused)
		# DSS 0 and L3 bank pair 0 fused off: steering must avoid the
		# terminated instances. VDBOX2 fused off too: no vcs2, no
		# request to its domain. Firmware locked MISCCPCTL: the driver
		# writes it without reading back. Firmware still initialising
		# for 0.5 s when the driver arrives: it must wait for PCODE to
		# say so before it trusts LMEM_INIT.
		run_vm "$1" "$stock_kernel" "$out/initrd-stock.cpio" 600 "$stock_checkers" \
			"dss-enable=0x3e,l3-disable=0x1,vdbox-vebox-disable=0x2000e,misccpctl-locked=on,pcode-init-delay-ns=500000000" ;;
	stock-small-bar)
		# 1 GiB of LMEM behind a 256 MiB BAR, as firmware may leave a
		# real DG1: placement, migration and SIGBUS beyond the BAR.
		run_vm "$1" "$stock_kernel" "$out/initrd-stock.cpio" 300 "$stock_checkers" \
			"lmem-size=1G,lmem-bar-size=256M" ;;
	stock-i915)
		# dg1 and Debian's i915 side by side on one vdg1.
		run_vm "$1" "$stock_kernel" "$out/initrd-stock.cpio" 300 "$stock_checkers" ;;
	stock-xe)
		# xe's execlist backend enables neither RC6 nor power gating,
		# so a DG1 keeps its wells up, and vdg1 with it.
		run_vm "$1" "$stock_kernel" "$out/initrd-stock.cpio" 300 "$stock_checkers" ;;
	stock-two-gpus)
		# Two DG1s in one machine: the tests on each, side by side, and
		# both at once (dg1_multi).
		VM_DEVICES=2 run_vm "$1" "$stock_kernel" "$out/initrd-stock.cpio" 600 \
			"$stock_checkers" ;;
	stock-untrained-lmem)
		# Boot firmware did not train LMEM: probe must refuse.
		run_vm "$1" "$stock_kernel" "$out/initrd-stock.cpio" 300 "$stock_checkers" \
			"lmem-trained=off" ;;
	stock-dead-bar)
		# The device answers every read with all ones: probe must refuse.
		run_vm "$1" "$stock_kernel" "$out/initrd-stock.cpio" 300 "$stock_checkers" \
			"dead-bar=on" ;;
	*) record FAIL "$1: vm" "no such scenario in check.sh" ;;
	esac
}

echo 0 > "$out/queue.next"
# vm_lane: boot the next scenario of the queue until none is left. The
# queue's counter is taken under a lock: each scenario runs once.
vm_lane() {
	local i
	while :; do
		i=$(flock "$out/queue.next" sh -c 'n=$(cat "$1"); echo $((n + 1)) > "$1"; echo "$n"' \
			_ "$out/queue.next") || break
		[ "$i" -lt "${#vm_queue[@]}" ] || break
		phase "vm ${vm_queue[$i]}"
		vm_job "${vm_queue[$i]}"
	done
	phase_end
}

# lane NAME CMD...: CMD with its own result rows and its lines prefixed.
lane() {
	local name=$1
	shift
	{
		lane=$name phase_name=
		results=$out/results-$name.tsv
		: > "$results"
		"$@"
	} 2>&1 | sed -u "s/^/[$name] /"
}

# ---- lane A: the VMs; lane B: the host checks, then VMs too ----

kcc_for "$kdir"
kcc_stock=("${kcc[@]}")
phase_end
lane A vm_lane &
lane_a=$!
vm_beside_lane() {
	local label
	for label in "${vm_beside[@]}"; do
		phase "vm $label (beside the lanes)"
		vm_job "$label"
	done
	phase_end
}
lane C vm_beside_lane &
lane_c=$!

host_checks() {
	local t name k
	phase "sparse C=2 against the stock 6.12 headers (cached by content)"
	k=$(key sparse '*.[ch]' '*Kbuild' '*Kconfig' ':!vdg1' ':!tests' ':!tools' ':!lib' ':!scripts' \
		"$kdir/.config" "$(command -v sparse)")
	cached_run "$k" "$out/sparse.log" make -C "$kdir" M="$out/mod-stock" W=1 C=2 \
		CONFIG_DRM_DG1=m "${kcc_stock[@]}" -j"$jobs" modules
	record_build "sparse C=2" $? "$out/sparse.log"

	# Not cached: its call half reads the objects just built (<1 s).
	phase "layers: includes and calls point down (Documentation/index.rst)"
	python3 "$root/scripts/check-layers.py" --objects "$out/mod-stock" \
		> "$out/layers.log" 2>&1
	record_tap "layers" $? "$out/layers.log"

	phase "ccache: a planted W=1 warning, built twice"
	ccache_selftest "$kdir"

	phase "harness self-tests (cached by content)"
	for t in "$root"/scripts/tests/test_*.py; do
		name=$(basename "$t" .py)
		name=${name#test_}
		# The docs test reads the whole tree (every text naming a file).
		if [ "$name" = docs ]; then
			k=$(key "harness $name" .)
		else
			k=$(key "harness $name" scripts tests lib kunit uapi vdg1/include \
				"$root/../shared/data/oa-dg1.xml")
		fi
		cached_run "$k" "$out/harness-$name.log" python3 -B "$t"
		record_tap "harness ${name//_/-}" $? "$out/harness-$name.log"
	done

	phase "vdg1 host unit tests (cached by content)"
	k=$(key "vdg1 host" vdg1 lib/dg1_oa_sets.h scripts/check-layers.py \
		"$root/../shared/data/oa-dg1.xml")
	cached_run "$k" "$out/vdg1-host.log" make -C "$root/vdg1" -j"$jobs" check
	record_tap "vdg1 host" $? "$out/vdg1-host.log"

	phase "tools host tests: dg1-perf on synthetic recordings, dg1_error on captures, every --help (cached by content)"
	k=$(key "tools host" tools lib uapi vdg1/include scripts/gen-oa-sets.py \
		"$root/../shared/data/oa-dg1.xml")
	cached_run "$k" "$out/tools-host.log" make -C "$root/tools" check
	record_tap "tools host" $? "$out/tools-host.log"

	phase "packaging: make dist, DKMS build, make install/uninstall (cached by content)"
	# What packaging touches; the module's sources build in every lane.
	k=$(key "packaging" Makefile Kbuild dkms.conf dg1.pc.in COPYING LICENSES \
		README.md man packaging scripts/check-packaging.sh uapi tools lib \
		"$kdir/Makefile")
	cached_run "$k" "$out/packaging.log" "$root/scripts/check-packaging.sh" "$kdir"
	record_tap "packaging" $? "$out/packaging.log"

	phase "forcewake table against the manual (cached by content)"
	manual=$root/../shared/seeds/000_5bc36b2a2bce547c.txt
	if [ -f "$manual" ]; then
		k=$(key "fw table" scripts/check-fw-table.py mmio/dg1_forcewake_table.c "$manual")
		cached_run "$k" "$out/fw-table.log" python3 "$root/scripts/check-fw-table.py" \
			--manual "$manual"
		record_tap "fw table vs manual" $? "$out/fw-table.log"
	else
		# CI and every clone place ../shared beside the repository: a
		# missing manual is a broken checkout, not a reason to skip.
		record FAIL "fw table vs manual" "no manual at $manual (../shared is not beside the repo)"
	fi

	[ -n "$kernel_dir" ] || return 0
	local checkpatch=$kernel_dir/src/scripts/checkpatch.pl
	local -a srcs
	# Every kernel-side source, so a new directory cannot escape: all C
	# but the userspace trees.
	mapfile -t srcs < <(cd "$root" && git ls-files -co --exclude-standard \
		'*.[ch]' ':!vdg1' ':!tests' ':!tools' ':!lib' ':!scripts')

	phase "checkpatch --strict (per file, cached by content)"
	k=$(sha256sum "$checkpatch" "$(dirname "$checkpatch")/spelling.txt" \
		"$(dirname "$checkpatch")/const_structs.checkpatch" | sha256sum | cut -c1-64)
	if per_file checkpatch "$out/checkpatch.log" "$k $tool_id" "$checkpatch" --strict \
		--no-tree --terse --show-types --ignore FILE_PATH_CHANGES -f -- "${srcs[@]}"; then
		record PASS "checkpatch --strict (${#srcs[@]} files)"
	else
		record FAIL "checkpatch --strict" "$(grep -c ': \(ERROR\|WARNING\|CHECK\)' "$out/checkpatch.log") findings"
		grep ': \(ERROR\|WARNING\|CHECK\)' "$out/checkpatch.log" | head -n 40
	fi
	cat "$out/checkpatch.log.summary"

	phase "kernel-doc -Wall (per file, cached by content)"
	k=$(sha256sum "$kernel_dir/src/scripts/kernel-doc" | cut -c1-64)
	if per_file kernel-doc "$out/kernel-doc.log" "$k $tool_id" \
		"$kernel_dir/src/scripts/kernel-doc" -Wall -none -- "${srcs[@]}" &&
		! [ -s "$out/kernel-doc.log" ]; then
		record PASS "kernel-doc -Wall (${#srcs[@]} files)"
	else
		record FAIL "kernel-doc -Wall" "$(wc -l < "$out/kernel-doc.log") findings"
		head -n 40 "$out/kernel-doc.log"
	fi
	cat "$out/kernel-doc.log.summary"
}

lane_b() {
	host_checks
	vm_lane
}
lane B lane_b
wait "$lane_a" "$lane_c"
phase_name=''
cat "$out/results-A.tsv" "$out/results-B.tsv" "$out/results-C.tsv" >> "$results"
for label in "${vm_solo[@]}"; do
	phase "vm $label (alone)"
	vm_job "$label"
done

check_all_ran

if [ -s "$out/bench.txt" ]; then
	phase "benchmarks, run briefly on the default vdg1 (not the figures: make bench)"
	grep '^\[stock\]' "$out/bench.txt"
	phase "dg1 and i915 side by side on one vdg1 (figures, not judged)"
	grep '^\[stock-i915\]' "$out/bench.txt"
	# The pairs as ratios (scripts/bench-sides.py), kept in bench.txt.
	grep '^\[stock-i915\]' "$out/bench.txt" |
		python3 "$root/scripts/bench-sides.py" | tee -a "$out/bench.txt"
fi

phase_end
echo "wall seconds per phase, lane by lane (A and B run side by side; $out/phases.tsv):"
awk -F'\t' '{ printf "  %5d  %s  %s\n", $1, $2, $3 }' "$out/phases.tsv"
printf '  %5d  wall, the whole run\n' "$(( $(date +%s) - t0 ))"
[ -s "$out/durations.txt" ] && cat "$out/durations.txt"
if [ -s "$out/cache-hits.txt" ]; then
	echo "from the caches (DG1_CHECK_FULL=1 runs them): $(sort "$out/cache-hits.txt" | tr '\n' ' ')"
fi
[ -n "$ccache_bin" ] && ccache --show-stats 2>/dev/null | grep -E '^(Cacheable|  Hits|  Misses)' | sed 's/^/ccache: /'
passed=$(grep -c '^PASS' "$results")
failed=$(grep -c '^FAIL' "$results")
skipped=$(grep -c '^SKIP' "$results")
# A breakdown by area: the VM runs' labels, KUnit, the host-side suites.
awk -F'\t' '{
	area = $2
	if (area ~ /^harness /) sub(/: .*/, "", area)
	else if (area ~ /: kunit /) sub(/: kunit .*/, ": kunit", area)
	else if (area ~ /: dg1_[a-z_]+\//) { sub(/\/.*/, "", area) }
	else if (area ~ /^[a-z0-9 -]+: /) sub(/: .*/, "", area)
	n[area, $1]++; areas[area] = 1
} END {
	for (a in areas)
		printf "  %-48s %4d passed %3d failed %3d skipped\n", a,
			n[a, "PASS"], n[a, "FAIL"], n[a, "SKIP"]
}' "$results" | sort
echo "results: $results; logs: $out"
# The failures again, last, with their reasons: a log cut in the middle
# still ends with them.
if [ "$failed" != 0 ]; then
	echo "failed:"
	grep '^FAIL' "$results" | head -20 | cut -f2- | tr '\t' ' ' | cut -c1-300 | sed 's/^/  /'
	# A guest that died says why only on its console: its first report
	# and call trace, here too, as CI keeps only the end of this output.
	for l in $(awk -F'\t' '$1 == "FAIL" && $2 ~ /: vm$/ { sub(/: vm$/, "", $2); print $2 }' "$results"); do
		[ -f "$out/vm-$l.log" ] || continue
		echo "$l's kernel console:"
		python3 "$root/scripts/console-summary.py" --tail 3 "$out/vm-$l.log" | sed 's/^/  | /'
		# What the guest was running then.
		echo "  | last begun: $(grep -E '^(DG1-TEST-BEGIN|Starting subtest)' "$out/vm-$l.tests.log" 2>/dev/null |
			tail -n 2 | tr '\n' ' ')"
	done
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
