# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2154
# Sourced by scripts/check.sh: the caches of `make check`
# (Documentation/testing.rst, "Caches"). Needs root, out, results and
# record() from check.sh.
#
#  - ccache, in $DG1_CACHE/ccache, for every C compile: dg1.ko's (both
#    kernels), the tests' and the tools'. A hit replays the compiler's
#    warnings, so a W=1 warning still fails its build row (check.sh plants
#    one to prove it: ccache_selftest).
#  - PASS cache, in $DG1_CACHE/check-pass: a deterministic host check that
#    passed is not run again while none of its inputs changed. The key is
#    the sha256 of the check's name, its command line, the tools' versions,
#    this file, and the path and content of every input file (key()). Only
#    a PASS is kept, with its log, which a hit replays into the same rows.
#  - initramfs images, in $DG1_CACHE/initramfs, keyed the same way by the
#    script, the init, the options and every file that goes in.
# DG1_CHECK_FULL=1 reads none of them (ccache recompiles, CCACHE_RECACHE)
# and refills them.

cache=${DG1_CACHE:-$HOME/.cache/dg1}
check_full=${DG1_CHECK_FULL:-0}
pass_dir=$cache/check-pass
export CCACHE_DIR=${CCACHE_DIR:-$cache/ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-4G}
[ "$check_full" = 1 ] && export CCACHE_RECACHE=1
ccache_bin=$(command -v ccache || true)

# The versions of what the cached checks run: a new compiler, Python or
# Perl is a new key.
tool_id=$( { gcc --version | head -n 1; python3 --version; perl -e 'print "$^V\n"'
	echo "$BASH_VERSION"; sha256sum "$root/scripts/check-cache.sh"
	} 2>&1 | sha256sum | cut -c1-64)

# key NAME [INPUT...]: the cache key of check NAME. An INPUT starting
# with / is one file; any other is a git pathspec of the repository,
# tracked and untracked files alike (not the ignored build products).
key() {
	local name=$1 arg
	shift
	{
		echo "$name"
		echo "$tool_id"
		for arg in "$@"; do
			case "$arg" in
			/*) echo "$arg"; sha256sum < "$arg" ;;
			*) (cd "$root" && git ls-files -co --exclude-standard -z -- "$arg" |
				sort -z | xargs -0r sha256sum) ;;
			esac
		done
	} | sha256sum | cut -c1-64
}

# passed KEY: a PASS with that key is cached (never under DG1_CHECK_FULL=1).
passed() {
	[ "$check_full" != 1 ] && [ -f "$pass_dir/$1" ]
}

# cache_pass KEY LOG: keep LOG as the PASS of KEY.
cache_pass() {
	mkdir -p "$pass_dir"
	cp "$2" "$pass_dir/$1.$$" && mv -f "$pass_dir/$1.$$" "$pass_dir/$1"
}

# cached_run KEY LOG CMD...: CMD's output into LOG and its exit status, or
# the log of the cached PASS. A run is kept when it exits 0 and its log has
# no TAP failure.
cached_run() {
	local k=$1 log=$2 rc=0
	shift 2
	k=$(printf '%s\n' "$k" "$*" | sha256sum | cut -c1-64)
	if passed "$k"; then
		cp "$pass_dir/$k" "$log"
		basename "$log" >> "$out/cache-hits.txt"
		return 0
	fi
	"$@" > "$log" 2>&1 || rc=$?
	if [ "$rc" = 0 ] && ! grep -q '^not ok' "$log"; then
		cache_pass "$k" "$log"
	fi
	return "$rc"
}

# per_file NAME LOG TOOL-KEY CMD... -- FILE...: CMD on every FILE whose
# PASS is not cached, in one run; a FILE is kept as passed when the run's
# output does not name it ("FILE:LINE: ..."). Exit status of CMD, or 0.
per_file() {
	local name=$1 log=$2 tkey=$3 f k rc=0
	local -a cmd=() files=() todo=() keys=()
	shift 3
	while [ "$1" != -- ]; do cmd+=("$1"); shift; done
	shift
	files=("$@")
	tkey=$(echo "$tkey ${cmd[*]}" | sha256sum | cut -c1-16)
	# One sha256sum for all: the key names the tool, the content, the path.
	while read -r k f; do
		k=$name-$tkey-$k-${f//\//%}
		passed "$k" && continue
		todo+=("$f")
		keys+=("$k")
	done < <(cd "$root" && sha256sum -- "${files[@]}")
	echo "$name: ${#files[@]} files, $(( ${#files[@]} - ${#todo[@]} )) cached" > "$log.summary"
	: > "$log"
	[ "${#todo[@]}" = 0 ] && { echo "$name (all cached)" >> "$out/cache-hits.txt"; return 0; }
	(cd "$root" && "${cmd[@]}" "${todo[@]}") > "$log" 2>&1 || rc=$?
	# A tool that failed without a finding may have stopped half-way.
	[ "$rc" = 0 ] || grep -q '^[^: ]*:[0-9]*: ' "$log" || return "$rc"
	for f in "${!todo[@]}"; do
		grep -q "^${todo[$f]}:" "$log" || { : > "$log.one"; cache_pass "${keys[$f]}" "$log.one"; }
	done
	rm -f "$log.one"
	return "$rc"
}

# cached_initramfs OUT KEY-INPUTS -- MKINITRAMFS-ARGS...: the image from
# the cache, else built and kept. KEY-INPUTS: files and directories (each
# file in them) that go into the image.
cached_initramfs() {
	local img=$1 k d
	local -a inputs=()
	shift
	while [ "$1" != -- ]; do inputs+=("$1"); shift; done
	shift
	k=$( {
		echo "$tool_id $*"
		sha256sum "$root/scripts/mkinitramfs.sh" "$root/scripts/vm/init"
		for d in "${inputs[@]}"; do
			if [ -d "$d" ]; then
				find "$d" -maxdepth 1 -type f ! -name '.*' -print0 | sort -z |
					xargs -0r sha256sum
			else
				echo "$d"; sha256sum < "$d"
			fi
		done
	} | sha256sum | cut -c1-64)
	# Kept as the image is named: .cpio (not compressed) or .gz.
	k=$k.${img##*.}
	if [ "$check_full" != 1 ] && [ -f "$cache/initramfs/$k" ]; then
		cp "$cache/initramfs/$k" "$img"
		basename "$img" >> "$out/cache-hits.txt"
		return 0
	fi
	"$root/scripts/mkinitramfs.sh" --out "$img" "$@" || return 1
	mkdir -p "$cache/initramfs"
	# The newest few only: each image is tens of MiB.
	find "$cache/initramfs" -type f -mtime +7 -delete 2>/dev/null
	cp "$img" "$cache/initramfs/$k.$$" && mv -f "$cache/initramfs/$k.$$" "$cache/initramfs/$k"
}

# kcc_for KDIR: sets kcc to the make arguments of a build whose products
# the caches can keep: ccache before the kernel's compiler (Debian's
# headers have a switch for it; none without ccache), and a fixed
# KBUILD_BUILD_TIMESTAMP, which makes kbuild run pahole without -j: its
# threads write the module's .BTF in a different order each time (two
# builds of one tree differed there only), so the stock initramfs never
# matched its cached image (scripts/Makefile.btf).
kcc_for() {
	kcc=(KBUILD_BUILD_TIMESTAMP=@0)
	[ -n "$ccache_bin" ] || return 0
	if grep -q DEBIAN_KERNEL_USE_CCACHE "$1/.kernelvariables" 2>/dev/null; then
		kcc+=(DEBIAN_KERNEL_USE_CCACHE=1)
	else
		kcc+=("CC=ccache gcc")
	fi
}

# ccache_selftest KDIR: a module whose one file has a W=1 warning, built
# twice from an empty cache. The second compile is a hit, and its build row
# must still fail: a cached object does not hide a warning.
ccache_selftest() {
	local kdir=$1 d=$out/ccache-selftest name="ccache: a cached object's W=1 warning fails its build"
	local hits run rc=0
	if [ -z "$ccache_bin" ]; then
		record FAIL "$name" "no ccache: run make deps"
		return
	fi
	rm -rf "$d"
	mkdir -p "$d/mod"
	printf '%s\n' '// SPDX-License-Identifier: GPL-2.0' '#include <linux/module.h>' \
		'static int planted(void) { return 0; }' 'MODULE_LICENSE("GPL");' \
		'MODULE_DESCRIPTION("a planted warning");' > "$d/mod/planted.c"
	echo 'obj-m := planted.o' > "$d/mod/Kbuild"
	local -a kcc
	kcc_for "$kdir"
	for run in 1 2; do
		rm -f "$d/mod/planted.o" "$d/mod/.planted.o.cmd"
		env -u CCACHE_RECACHE CCACHE_DIR="$d/ccache" CCACHE_LOGFILE="$d/ccache-$run.log" \
			make -C "$kdir" M="$d/mod" W=1 "${kcc[@]}" modules \
			> "$d/build-$run.log" 2>&1 || rc=1
	done
	# Whether the second compile of planted.c was a hit: its ccache process
	# names the source, then the result.
	hits=$(awk '/Source file: .*\/planted\.c$/ { pid[$2] = 1 }
		/Result: (direct|preprocessed)_cache_hit$/ && ($2 in pid) { n++ }
		END { print n + 0 }' "$d/ccache-2.log")
	local planted_results=$d/results.tsv
	( results=$planted_results; : > "$results"; record_build planted 0 "$d/build-2.log" > /dev/null )
	if [ "$rc" != 0 ]; then
		record FAIL "$name" "the planted module did not build"
	elif [ "$hits" != 1 ]; then
		record FAIL "$name" "second build: $hits cache hits, want 1"
	elif ! grep -q "planted.*defined but not used" "$d/build-1.log" ||
		! grep -q "planted.*defined but not used" "$d/build-2.log"; then
		record FAIL "$name" "the warning is missing from a build log"
	elif ! grep -q '^FAIL	planted' "$planted_results"; then
		record FAIL "$name" "record_build passed the cached build"
	else
		record PASS "$name"
	fi
}
