#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# What a packager does with dg1, start to end, on this host (TAP on stdout;
# Documentation/install.rst, "For packagers"):
#
#   check-packaging.sh KDIR
#
# make dist from a clone of HEAD; the tarball carries its VERSION, the
# licences, dkms.conf with the version filled in and the OA metric tables,
# and its tools build from it alone; dkms add/build in private trees (the
# system's /var/lib/dkms and /usr/src are not touched) against KDIR, whose
# kernel the module's modinfo names, and a 6.1 kernel is refused by the
# BUILD_EXCLUSIVE_KERNEL guard; make install DESTDIR=... PREFIX=/usr in the
# unpacked tarball puts the module, the uapi header, its pkg-config file, the
# tools, the man pages and the modprobe.d example where they belong, the
# header compiles through pkg-config's flags; make uninstall takes every
# file away again.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
kdir=${1:?usage: check-packaging.sh KDIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
bad() { n=$((n + 1)); failed=1; echo "not ok $n - $*"; }
check() { # NAME CMD...: a result row for CMD's exit status
	local name=$1
	shift
	if "$@" > "$tmp/last.log" 2>&1; then ok "$name"; else bad "$name"; sed 's/^/# /' "$tmp/last.log" | tail -n 30; fi
}
kver=$(make -s --no-print-directory -C "$kdir" kernelrelease 2>/dev/null)
[ -n "$kver" ] || { echo "Bail out! cannot ask $kdir its kernel release"; exit 1; }

# ---- make dist ----
git clone -q "$root" "$tmp/clone" || { echo "Bail out! git clone failed"; exit 1; }
ver=$(git -C "$tmp/clone" describe --always)
check "make dist" make -s -C "$tmp/clone" dist
tarball=$tmp/clone/out/dist/dg1-$ver.tar.gz
mkdir -p "$tmp/src"
check "the tarball unpacks as dg1-$ver/" tar -C "$tmp/src" -xzf "$tarball"
[ -f "$tmp/src/dg1-$ver/Makefile" ] || { echo "Bail out! no tarball to go on with"; exit 1; }
src=$tmp/src/dg1-$ver
check "VERSION says $ver" grep -qx "$ver" "$src/VERSION"
check "dkms.conf has PACKAGE_VERSION=\"$ver\"" \
	grep -qx "PACKAGE_VERSION=\"$ver\"" "$src/dkms.conf"
check "dkms.conf: AUTOINSTALL and a 6.12 guard" \
	sh -c "grep -qx 'AUTOINSTALL=\"yes\"' '$src/dkms.conf' &&
	       grep -qx 'BUILD_EXCLUSIVE_KERNEL=\"^6\\\\.12\\\\.\"' '$src/dkms.conf'"
check "licences: COPYING, LICENSES/GPL-2.0, LICENSES/MIT" \
	test -s "$src/COPYING" -a -s "$src/LICENSES/GPL-2.0" -a -s "$src/LICENSES/MIT"
check "the OA metric tables are in it (lib/dg1_oa_sets.h, MIT)" \
	grep -q 'SPDX-License-Identifier: MIT' "$src/lib/dg1_oa_sets.h"
# Unpacked away from ../shared: no OA XML to find.
check "make -C tools from the tarball alone" \
	make -s -C "$src/tools" OA_XML=/nonexistent/oa-dg1.xml -j2

# ---- DKMS, in private trees ----
dk=(--dkmstree "$tmp/dkms" --sourcetree "$tmp/src" --installtree "$tmp/installed")
mkdir -p "$tmp/dkms" "$tmp/installed"
check "dkms add" dkms add -m dg1 -v "$ver" "${dk[@]}"
check "dkms build -k $kver" dkms build -m dg1 -v "$ver" -k "$kver" \
	--kernelsourcedir "$kdir" "${dk[@]}"
ko=$tmp/dkms/dg1/$ver/$kver/x86_64/module/dg1.ko
[ -f "$ko" ] || ko=$(ls "$tmp"/dkms/dg1/"$ver"/"$kver"/*/module/dg1.ko* 2>/dev/null | head -n 1)
check "modinfo version $ver" test "$(modinfo -F version "$ko" 2>/dev/null)" = "$ver"
check "modinfo vermagic names $kver" \
	sh -c "modinfo -F vermagic '$ko' | grep -q '^$kver '"
check "modinfo: aliases for 8086:4905-4909 and the force_probe parameter" \
	sh -c "modinfo -F alias '$ko' | grep -c 'v00008086d0000490[5-9]' | grep -qx 5 &&
	       modinfo -F parm '$ko' | grep -q '^force_probe:'"
dkms build -m dg1 -v "$ver" -k 6.1.0-28-amd64 "${dk[@]}" > "$tmp/excl.log" 2>&1
check "dkms build for 6.1 is refused by BUILD_EXCLUSIVE_KERNEL" \
	grep -q BUILD_EXCLUSIVE "$tmp/excl.log"

# ---- make install / uninstall into a staging root ----
build=$src
dest=$tmp/root
# KVER from KDIR, as the Makefile asks it: under an outer `make -C` (make
# -C dg1 check), whose -w the inner make inherits, it once read "make[1]:
# Entering directory ...".
check "make install DESTDIR PREFIX=/usr (in the unpacked tarball)" \
	make -s -C "$build" install DESTDIR="$dest" PREFIX=/usr KDIR="$kdir"
# Compressed as the kernel's configuration says (Debian: xz).
mod=$(cd "$dest" 2>/dev/null && ls lib/modules/"$kver"/updates/dg1.ko* 2>/dev/null | head -n 1)
for f in "${mod:-lib/modules/$kver/updates/dg1.ko}" usr/include/dg1/dg1_drm.h \
	usr/lib/pkgconfig/dg1.pc usr/bin/dg1_top usr/bin/dg1_info usr/bin/dg1_error \
	usr/bin/dg1_perf usr/bin/dg1-perf usr/libexec/dg1/dg1_bench_exec \
	usr/share/man/man4/dg1.4 usr/share/man/man1/dg1_top.1 \
	usr/share/doc/dg1/examples/dg1-modprobe.conf usr/share/doc/dg1/COPYING; do
	check "installed /$f" test -s "$dest/$f"
done
check "the installed module's version is $ver" \
	test "$(modinfo -F version "$dest/$mod" 2>/dev/null)" = "$ver"
pc() { PKG_CONFIG_PATH=$dest/usr/lib/pkgconfig pkg-config "$@"; }
check "pkg-config dg1: version $ver, -I/usr/include/dg1" \
	sh -c "test \"\$(PKG_CONFIG_PATH='$dest/usr/lib/pkgconfig' pkg-config --modversion dg1)\" = '$ver' &&
	       PKG_CONFIG_PATH='$dest/usr/lib/pkgconfig' pkg-config --cflags dg1 | grep -q -- '-I/usr/include/dg1'"
cat > "$tmp/uses.c" <<'C'
#include <dg1_drm.h>
int main(void) { struct drm_dg1_gem_create c = { 0 }; return (int)c.size; }
C
cflags=$(pc --cflags dg1 2> /dev/null | sed "s|-I/usr/include/dg1|-I$dest/usr/include/dg1|")
# shellcheck disable=SC2086
check "a program includes <dg1_drm.h> with pkg-config's flags" \
	cc -Wall -Werror $cflags -o "$tmp/uses" "$tmp/uses.c"
check "man dg1.4 renders" sh -c "man -l '$dest/usr/share/man/man4/dg1.4' > /dev/null"
check "make uninstall" \
	make -s -C "$build" uninstall DESTDIR="$dest" PREFIX=/usr KDIR="$kdir"
left=$(find "$dest" -type f | sed "s|^$dest||")
if [ -z "$left" ]; then ok "uninstall leaves no file"; else bad "uninstall leaves files"; echo "$left" | sed 's/^/# /'; fi

echo "1..$n"
exit $failed
