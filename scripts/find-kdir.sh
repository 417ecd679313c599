#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Print the kbuild directory of a Debian 6.12 kernel to build dg1.ko against:
# the running kernel's if it is 6.12, else the newest installed
# linux-headers-6.12.*-amd64.
set -eu
running=/lib/modules/$(uname -r)/build
case "$(uname -r)" in
6.12.*) if [ -d "$running" ]; then echo "$running"; exit 0; fi ;;
esac
newest=$(ls -d /usr/src/linux-headers-6.12.*-amd64 2>/dev/null | sort -V | tail -n 1)
if [ -z "$newest" ]; then
	echo "no linux-headers-6.12.*-amd64 installed: run 'make deps'" >&2
	exit 1
fi
echo "$newest"
