#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build the busybox initramfs of the dg1 test VM.
#
#   mkinitramfs.sh --out FILE --module dg1.ko
#                  FILE ending in .cpio: not compressed (the guest spends
#                  seconds unpacking gzip under TCG); else gzip -1
#                  [--scenario LABEL]  what the guest runs when the kernel
#                                      command line has no dg1_scenario=
#                                      (scripts/vm/init: debug, stock, demo...)
#                  [--kmod-dir /lib/modules/KVER]  stock kernel: add dg1's deps
#                  [--tests DIR --test-list FILE] [--tools DIR]
#                  [--stock-driver NAME]...  stock kernel: add Debian's NAME.ko
#                                      (i915, xe) and its dependencies
#                  [--extra-module PATH]...  a test module (dg1_fwfb.ko) at
#                                      /lib/dg1/NAME
#                  [--host-binary PATH]...  a dynamically linked program of
#                                      the host (igt-gpu-tools' gem_exec_nop)
#                                      at /host/NAME, with its libraries
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out= scenario= module= kmoddir= tests= testlist= tools= stock_drivers= host_binaries=
extra_modules=
while [ $# -gt 0 ]; do
	case "$1" in
	--out) out=$2; shift 2 ;;
	--scenario) scenario=$2; shift 2 ;;
	--module) module=$2; shift 2 ;;
	--kmod-dir) kmoddir=$2; shift 2 ;;
	--tests) tests=$2; shift 2 ;;
	--test-list) testlist=$2; shift 2 ;;
	--tools) tools=$2; shift 2 ;;
	--stock-driver) stock_drivers+=" $2"; shift 2 ;;
	--host-binary) host_binaries+=" $2"; shift 2 ;;
	--extra-module) extra_modules+=" $2"; shift 2 ;;
	*) echo "mkinitramfs: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -n "$out" ] && [ -f "$module" ] ||
	{ echo "mkinitramfs: need --out and --module" >&2; exit 2; }

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,lib/dg1/deps,tests,tools}
cp /bin/busybox "$root/bin/busybox"
install -m 755 "$here/vm/init" "$root/init"
echo "SCENARIO=$scenario" > "$root/etc/dg1-vm.conf"
cp "$module" "$root/lib/dg1/dg1.ko"
for m in $extra_modules; do
	cp "$m" "$root/lib/dg1/"
done

# On the stock kernel dg1's dependencies are modules: add them, decompressed,
# in load order. vgem too, with its own: the PRIME peer of the tests and the
# yardstick of dg1_bench_mem (the debug kernel has it built in).
if [ -n "$kmoddir" ]; then
	kver=$(basename "$kmoddir")
	deps=$(modinfo -F depends "$module" | tr ',' ' ')
	for d in $deps vgem; do
		modprobe -S "$kver" --show-depends "$d" | awk '$1 == "insmod" {print $2}'
	done | awk '!seen[$0]++' | while read -r ko; do
		name=$(basename "$ko")
		name=${name%.xz}
		case "$ko" in
		*.xz) xz -dc "$ko" > "$root/lib/dg1/deps/$name" ;;
		*) cp "$ko" "$root/lib/dg1/deps/$name" ;;
		esac
		echo "$name" >> "$root/lib/dg1/deps.order"
	done
fi

# The stock drivers the stock-i915 and stock-xe scenarios measure vdg1
# with: /lib/stock/NAME.order lists NAME's modules in load order, NAME last.
if [ -n "$stock_drivers" ]; then
	[ -n "$kmoddir" ] || { echo "mkinitramfs: --stock-driver needs --kmod-dir" >&2; exit 2; }
	kver=$(basename "$kmoddir")
	mkdir -p "$root/lib/stock"
	for drv in $stock_drivers; do
		modprobe -S "$kver" --show-depends "$drv" | awk '$1 == "insmod" {print $2}' |
		while read -r ko; do
			name=$(basename "$ko")
			name=${name%.xz}
			[ -f "$root/lib/stock/$name" ] || case "$ko" in
			*.xz) xz -dc "$ko" > "$root/lib/stock/$name" ;;
			*) cp "$ko" "$root/lib/stock/$name" ;;
			esac
			echo "$name" >> "$root/lib/stock/$drv.order"
		done
	done
fi

# Host programs run as they are, with the libraries ldd names at the same
# paths (the loader included).
for bin in $host_binaries; do
	[ -x "$bin" ] || { echo "mkinitramfs: $bin is not an executable" >&2; exit 2; }
	mkdir -p "$root/host"
	cp "$bin" "$root/host/"
	ldd "$bin" | awk '/=> \// {print $3} /^\t\// {print $1}' | while read -r lib; do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
done

if [ -n "$tests" ]; then
	cp "$tests"/* "$root/tests/"
	cp "$testlist" "$root/tests/test-list.txt"
fi
if [ -n "$tools" ]; then
	cp "$tools"/* "$root/tools/"
fi

case "$out" in
*.cpio) (cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) > "$out" ;;
*) (cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) | gzip -1 > "$out" ;;
esac
