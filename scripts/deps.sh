#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install everything dg1 needs on a Debian 12 machine. Idempotent: when all is
# present it touches nothing (no apt-get update). It never edits the system's
# apt sources; Debian's QEMU source is fetched through a private apt
# configuration (scripts/fetch-qemu-source.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
log() { echo "deps: $*" >&2; }

# Host toolchain, kernel build, sparse, QEMU build and guest userspace;
# intel-gpu-tools also decodes dg1-perf recordings, matplotlib plots them;
# dkms builds the tarball of make dist as a packager would (scripts/check-packaging.sh).
pkgs=(
	build-essential ccache bc bison flex libelf-dev libssl-dev cpio xz-utils zstd
	rsync kmod perl python3 sparse linux-source-6.12
	dpkg-dev meson ninja-build pkg-config libglib2.0-dev libpixman-1-dev
	libfdt-dev python3-venv seabios qemu-system-data
	busybox-static libdrm-dev
	intel-gpu-tools
	dkms
	python3-matplotlib
)

missing() {
	local p
	for p in "$@"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || echo "$p"
	done
}

# The stock kernel: newest 6.12 ABI whose headers and image both exist.
stock_installed() {
	ls -d /usr/src/linux-headers-6.12.*-amd64 >/dev/null 2>&1 &&
		ls /boot/vmlinuz-6.12.*-amd64 >/dev/null 2>&1
}

need=$(missing "${pkgs[@]}")
if [ -n "$need" ] || ! stock_installed; then
	export DEBIAN_FRONTEND=noninteractive
	log "apt-get update"
	apt-get update -qq
	kabi=$(apt-cache search --names-only '^linux-headers-6\.12\.[0-9]+\+deb12-amd64$' |
		awk '{print $1}' | sed 's/^linux-headers-//' | sort -V |
		while read -r v; do
			apt-cache show "linux-image-$v-unsigned" >/dev/null 2>&1 && echo "$v"
		done | tail -n 1)
	[ -n "$kabi" ] || { log "no linux-headers/-image 6.12 pair found"; exit 1; }
	stock=()
	stock_installed || stock=("linux-headers-$kabi" "linux-image-$kabi")
	log "installing: $need ${stock[*]:-}"
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $need "${stock[@]}" >&2
fi

"$here/fetch-qemu-source.sh" >&2
log "ok"
