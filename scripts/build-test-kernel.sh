#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Build the debug test kernel (KUnit, KASAN, lockdep, UBSAN, kmemleak, fault
# injection) from Debian's linux-source-6.12, cached outside the repository and
# keyed by the source version and the checked-in config. Prints the cache
# directory on stdout: <dir>/src is the source tree, <dir>/build the O= tree.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${DG1_CACHE:-$HOME/.cache/dg1}
tarball=/usr/src/linux-source-6.12.tar.xz
fragment=$here/kernel/dg1-debug.config
stub=$here/kernel/dg1-helpers.Kconfig

[ -f "$tarball" ] || { echo "missing $tarball: run 'make deps'" >&2; exit 1; }
srcver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
key=$( { echo "$srcver"; cat "$fragment" "$stub" "$0"; } | sha256sum | cut -c1-16)
dir=$cache/kernel-$key

if [ -f "$dir/.done" ]; then
	echo "$dir"
	exit 0
fi

log() { echo "build-test-kernel: $*" >&2; }
log "building debug kernel $srcver into $dir (a few minutes)"
rm -rf "$dir"
mkdir -p "$dir"
tar -C "$dir" -xf "$tarball"
mv "$dir/linux-source-6.12" "$dir/src"
cat "$stub" >> "$dir/src/drivers/gpu/drm/Kconfig"

b=$dir/build
mk() { make -C "$dir/src" O="$b" -s "$@" >&2; }
mk tinyconfig
"$dir/src/scripts/kconfig/merge_config.sh" -m -O "$b" "$b/.config" "$fragment" >/dev/null
mk olddefconfig

# Every option asked for must have survived olddefconfig.
bad=0
while IFS= read -r line; do
	case "$line" in
	CONFIG_*=*)
		grep -qxF "$line" "$b/.config" || { log "lost: $line"; bad=1; } ;;
	"# CONFIG_"*" is not set")
		opt=${line#\# }; opt=${opt%% *}
		if grep -q "^$opt=" "$b/.config"; then log "still set: $opt"; bad=1; fi ;;
	esac
done < "$fragment"
[ "$bad" = 0 ] || { log "config fragment did not apply"; exit 1; }

mk -j"$(( $(nproc) + 1 ))" all
touch "$dir/.done"
log "done"
echo "$dir"
