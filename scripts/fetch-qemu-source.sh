#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fetch and unpack Debian's qemu source package for vdg1, without touching the
# system's apt configuration: apt runs with a private sources list (deb-src
# twins of the machine's Debian entries), private lists and a private cache.
# Idempotent. Prints the unpacked source tree on stdout (chatter on stderr).
set -euo pipefail

cache=${DG1_CACHE:-$HOME/.cache/dg1}
top=$cache/qemu-src
apt_dir=$top/apt
log() { echo "fetch-qemu-source: $*" >&2; }

# One fetch at a time; a second caller waits and then finds it done.
mkdir -p "$cache"
exec 9> "$cache/qemu-src.lock"
flock 9

if [ -f "$top/.done" ]; then
	cat "$top/.done"
	exit 0
fi

# Fingerprint /etc/apt so we can prove afterwards that it is unchanged.
etc_apt_sum() {
	find /etc/apt -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum
}
before=$(etc_apt_sum)

# Only Debian's own archives have the source package we want; third-party
# repositories (cloud SDKs, node...) are skipped.
is_debian_uri() {
	case "$1" in
	*://*debian.org/*|*://*debian.org) return 0 ;;
	esac
	return 1
}

# One-line format: "deb [opts] uri suite comp..." -> "deb-src [opts] uri suite comp...".
from_list_file() {
	local line uri
	while read -r line; do
		case "$line" in deb\ *) ;; *) continue ;; esac
		uri=$(echo "$line" | sed -E 's/^deb +(\[[^]]*\] +)?//' | cut -d' ' -f1)
		is_debian_uri "$uri" || continue
		echo "deb-src ${line#deb }"
	done < "$1"
}

# deb822 format: paragraphs of "Key: value"; emit one deb-src line per URI
# and suite.
from_sources_file() {
	awk -v OFS=' ' '
		function flush() {
			if (types ~ /(^| )deb( |$)/ && uris != "" && enabled != "no") {
				nu = split(uris, u, " ")
				ns = split(suites, s, " ")
				opt = (signed != "") ? "[signed-by=" signed "] " : ""
				for (i = 1; i <= nu; i++)
					for (j = 1; j <= ns; j++)
						print "deb-src " opt u[i] " " s[j] " " comps
			}
			types = uris = suites = comps = signed = enabled = ""
		}
		/^#/ { next }
		/^[ \t]*$/ { flush(); next }
		{
			key = tolower($1); sub(/:$/, "", key)
			val = $0; sub(/^[^:]*:[ \t]*/, "", val)
			if (key == "types") types = val
			else if (key == "uris") uris = val
			else if (key == "suites") suites = val
			else if (key == "components") comps = val
			else if (key == "signed-by") signed = val
			else if (key == "enabled") enabled = tolower(val)
		}
		END { flush() }
	' "$1" | while read -r line; do
		uri=$(echo "$line" | sed -E 's/^deb-src +(\[[^]]*\] +)?//' | cut -d' ' -f1)
		if is_debian_uri "$uri"; then
			echo "$line"
		fi
	done
}

rm -rf "$apt_dir"
mkdir -p "$apt_dir/sources.list.d" "$apt_dir/lists/partial" \
	"$apt_dir/cache/archives/partial" "$top/download"
list=$apt_dir/sources.list
: > "$list"
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
	if [ -f "$f" ]; then
		from_list_file "$f" >> "$list"
	fi
done
for f in /etc/apt/sources.list.d/*.sources; do
	if [ -f "$f" ]; then
		from_sources_file "$f" >> "$list"
	fi
done
sort -u -o "$list" "$list"
if [ ! -s "$list" ]; then
	log "no Debian entries found in /etc/apt to derive deb-src lines from"
	exit 1
fi
log "private sources list:"
sed 's/^/  /' "$list" >&2

apt_opts=(
	-o "Dir::Etc::SourceList=$list"
	-o "Dir::Etc::SourceParts=$apt_dir/sources.list.d"
	-o "Dir::State::Lists=$apt_dir/lists"
	-o "Dir::Cache=$apt_dir/cache"
	# The cache lives under $HOME, which the _apt user usually cannot
	# enter; say so instead of having apt warn about it.
	-o "APT::Sandbox::User=$(id -un)"
)
apt-get "${apt_opts[@]}" -q update >&2
(cd "$top/download" && apt-get "${apt_opts[@]}" -q source --download-only qemu >&2)

dsc=$(ls "$top"/download/qemu_*.dsc | sort -V | tail -n 1)
ver=$(sed -n 's/^Version: //p' "$dsc")
# The epoch (1:) would put a colon into paths meson and make dislike.
src=$top/qemu-${ver#*:}
rm -rf "$src"
log "unpacking $dsc"
dpkg-source -x "$dsc" "$src" >&2

after=$(etc_apt_sum)
if [ "$before" != "$after" ]; then
	log "BUG: /etc/apt changed while fetching"
	exit 1
fi
echo "$src" > "$top/.done"
echo "$src"
