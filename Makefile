# SPDX-License-Identifier: GPL-2.0
#
# dg1 - out-of-tree DRM driver for Intel DG1 (see README.md).
#
#   make            build dg1.ko with W=1 against Debian's 6.12 headers (KDIR=)
#   make sparse     the same build checked by sparse (C=2)
#   make deps       install what the project needs (run by check and demo)
#   make check      the whole test pipeline; ends with "N passed, N failed"
#   make demo       boot vdg1 in QEMU, load dg1 and show what it found
#   make bench      the benchmarks at full length and dg1 beside i915 on one
#                   vdg1 (quiet machine): out/bench/bench.txt
#   make fuzz       dg1_fuzz for 1M calls (FUZZ_CALLS, FUZZ_SEED,
#                   FUZZ_KERNEL=stock|debug): out/fuzz/
#   make tests      the userspace test binaries and tools
#   make install    the module (to /lib/modules/KVER/updates), the uapi header
#                   and its pkg-config file, the tools, man pages and the
#                   modprobe.d example; honours DESTDIR and PREFIX (/usr/local)
#   make uninstall  the same files, removed
#   make headers_install  the uapi header and pkg-config file alone
#   make dist       out/dist/dg1-VERSION.tar.gz: the committed tree, with its
#                   VERSION file and dkms.conf's version filled in
#   make dkms-install  make dist, then dkms add/build/install from /usr/src
#
# The kernel side of the build is described by Kbuild.
# Documentation/install.rst is the installation guide.

KDIR ?= $(shell $(CURDIR)/scripts/find-kdir.sh)
KBUILD_OPTS := -C $(KDIR) M=$(CURDIR) W=1 CONFIG_DRM_DG1=m

VERSION := $(shell cat VERSION 2>/dev/null || \
	     git describe --always --dirty 2>/dev/null || echo unknown)
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBEXECDIR ?= $(PREFIX)/libexec/dg1
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(PREFIX)/lib/pkgconfig
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/dg1
# The kernel the module is for: that of KDIR (/lib/modules/KVER/build or
# Debian's /usr/src/linux-headers-KVER).
KVER ?= $(shell $(MAKE) -s --no-print-directory -C $(KDIR) kernelrelease 2>/dev/null)
# depmod belongs to the installed system, not to a staging DESTDIR.
DEPMOD ?= $(if $(DESTDIR),true,depmod)

# Tools for users go to BINDIR; the benchmarks and vdg1's helpers to
# LIBEXECDIR, as igt-gpu-tools keeps its benchmarks.
USER_TOOLS := dg1_info dg1_top dg1_error dg1_perf
LIBEXEC_TOOLS := dg1_bench_uncore dg1_bench_mem dg1_bench_exec dg1_bench_oa \
		 i915_bench_exec vdg1_measure vdg1_regstate
MAN1 := $(wildcard man/*.1)
MAN4 := $(wildcard man/*.4)

.PHONY: all modules sparse deps check demo bench fuzz tests clean install \
	uninstall install-module install-tools headers_install dist dkms-install

all: modules

modules:
	$(MAKE) $(KBUILD_OPTS) modules

sparse:
	$(MAKE) $(KBUILD_OPTS) C=2 modules

deps:
	scripts/deps.sh

check: deps
	scripts/check.sh

demo: deps
	scripts/demo.sh

bench: deps
	scripts/bench.sh

fuzz: deps
	scripts/fuzz.sh

tests:
	$(MAKE) -C tests
	$(MAKE) -C tools

clean:
	$(MAKE) $(KBUILD_OPTS) clean
	$(MAKE) -C tests clean
	$(MAKE) -C tools clean
	$(MAKE) -C vdg1 clean

# Built as DKMS builds it (no W=1), not as a developer does. Not signed
# with the kernel's key, which distributions do not ship: sign it with
# your own (Documentation/install.rst, "Secure Boot"). Compressed as the
# kernel's configuration says (dg1.ko.xz on Debian).
INSTALL_KBUILD_OPTS := -C $(KDIR) M=$(CURDIR) CONFIG_DRM_DG1=m
install-module:
	$(MAKE) $(INSTALL_KBUILD_OPTS) modules
	$(MAKE) $(INSTALL_KBUILD_OPTS) INSTALL_MOD_PATH=$(DESTDIR) \
		INSTALL_MOD_DIR=updates DEPMOD=true CONFIG_MODULE_SIG_ALL= \
		modules_install
	$(DEPMOD) -a $(KVER)

headers_install:
	install -D -m 644 uapi/dg1_drm.h $(DESTDIR)$(INCLUDEDIR)/dg1/dg1_drm.h
	mkdir -p $(DESTDIR)$(PKGCONFIGDIR)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		-e 's|@VERSION@|$(VERSION)|' dg1.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/dg1.pc

install-tools:
	$(MAKE) -C tools
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBEXECDIR)
	install -m 755 $(addprefix tools/bin/,$(USER_TOOLS)) tools/dg1-perf \
		$(DESTDIR)$(BINDIR)/
	install -m 755 $(addprefix tools/bin/,$(LIBEXEC_TOOLS)) $(DESTDIR)$(LIBEXECDIR)/
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man4 $(DESTDIR)$(DOCDIR)/examples
	install -m 644 $(MAN1) $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(MAN4) $(DESTDIR)$(MANDIR)/man4/
	install -m 644 README.md COPYING $(DESTDIR)$(DOCDIR)/
	install -m 644 packaging/dg1-modprobe.conf $(DESTDIR)$(DOCDIR)/examples/

install: install-module headers_install install-tools

uninstall:
	rm -f $(DESTDIR)/lib/modules/$(KVER)/updates/dg1.ko \
		$(DESTDIR)/lib/modules/$(KVER)/updates/dg1.ko.xz \
		$(DESTDIR)/lib/modules/$(KVER)/updates/dg1.ko.zst
	$(DEPMOD) -a $(KVER)
	rm -f $(DESTDIR)$(INCLUDEDIR)/dg1/dg1_drm.h $(DESTDIR)$(PKGCONFIGDIR)/dg1.pc
	-rmdir $(DESTDIR)$(INCLUDEDIR)/dg1
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(USER_TOOLS) dg1-perf)
	rm -rf $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(DOCDIR)
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MAN1))) \
		$(addprefix $(DESTDIR)$(MANDIR)/man4/,$(notdir $(MAN4)))

# The committed tree (HEAD), not the work tree: what a release would be.
DIST_VERSION := $(shell git describe --always 2>/dev/null || cat VERSION 2>/dev/null)
DIST := out/dist/dg1-$(DIST_VERSION)
dist:
	@test -n "$(DIST_VERSION)" || { echo "dist: no git history and no VERSION"; exit 1; }
	@git diff --quiet HEAD 2>/dev/null || echo "dist: note: uncommitted changes are not in the tarball"
	rm -rf $(DIST) $(DIST).tar.gz
	mkdir -p out/dist
	git archive --prefix=dg1-$(DIST_VERSION)/ HEAD | tar -x -C out/dist
	echo $(DIST_VERSION) > $(DIST)/VERSION
	sed -i 's/#MODULE_VERSION#/$(DIST_VERSION)/' $(DIST)/dkms.conf
	tar -C out/dist -czf $(DIST).tar.gz --owner=0 --group=0 --sort=name \
		dg1-$(DIST_VERSION)
	rm -rf $(DIST)
	@echo $(DIST).tar.gz

dkms-install: dist
	rm -rf /usr/src/dg1-$(DIST_VERSION)
	tar -C /usr/src -xzf $(DIST).tar.gz
	dkms install dg1/$(DIST_VERSION)
