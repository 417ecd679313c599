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
#
# The kernel side of the build is described by Kbuild.

KDIR ?= $(shell $(CURDIR)/scripts/find-kdir.sh)
KBUILD_OPTS := -C $(KDIR) M=$(CURDIR) W=1 CONFIG_DRM_DG1=m

.PHONY: all modules sparse deps check demo bench fuzz tests clean

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
