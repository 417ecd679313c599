# SPDX-License-Identifier: GPL-2.0
#
# lib/lib.mk - the build tests/Makefile and tools/Makefile share: static
# binaries for the QEMU guest or a real DG1 host, built against uapi/,
# vdg1's userspace headers and this library (lib/*.c, harness-free: the
# device helpers and the benchmarks' helpers).
#
# The including Makefile sets BINS (one binary per name, from <name>.c and
# the sources its <name>_SRCS lists) and may add to CFLAGS and EXTRA_OBJS
# (objects every binary links) first. Objects go one per source into a dot
# directory the initramfs does not take, $(O)/.obj (the library's into
# $(O)/.obj/libdg1), so each is compiled once and a compiler cache (CC="ccache
# gcc", as make check runs it) can keep it; -MMD tracks headers. DG1's OA metric
# sets are lib/dg1_oa_sets.h, generated from igt-gpu-tools' oa-dg1.xml and
# committed (MIT): "make oa-sets OA_XML=..." regenerates it.

LIB_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
TOP := $(abspath $(LIB_DIR)/..)
O ?= bin
override O := $(abspath $(O))

ifeq ($(origin CC),default)
CC := gcc
endif
DRM_CFLAGS ?= -I/usr/include/libdrm
CFLAGS += -static -O2 -Wall -Wextra -Werror -std=gnu11 $(DRM_CFLAGS) \
	  -I$(TOP)/uapi -I$(TOP)/vdg1/include -I$(LIB_DIR)

OA_XML ?= $(TOP)/../shared/data/oa-dg1.xml
GEN := $(O)/.gen
OA_SETS_H := $(LIB_DIR)/dg1_oa_sets.h

OBJ := $(O)/.obj
obj = $(patsubst %.c,$(OBJ)/%.o,$(1))
LIB_OBJS := $(patsubst $(LIB_DIR)/%.c,$(OBJ)/libdg1/%.o,$(wildcard $(LIB_DIR)/*.c))
# Every makefile of the build: a change to one rebuilds what it compiles.
MAKEFILES_USED := $(LIB_DIR)/lib.mk $(CURDIR)/Makefile

.PHONY: all clean

all: $(addprefix $(O)/,$(BINS))

.PHONY: oa-sets
oa-sets:
	python3 $(TOP)/scripts/gen-oa-sets.py --expect 26 $(OA_XML) $(OA_SETS_H)

$(OBJ)/libdg1/%.o: $(LIB_DIR)/%.c $(MAKEFILES_USED)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

$(OBJ)/%.o: %.c $(MAKEFILES_USED)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I$(GEN) -MMD -MP -c -o $@ $<

.SECONDEXPANSION:
$(O)/%: $(OBJ)/%.o $$(call obj,$$($$*_SRCS)) $$(EXTRA_OBJS) $(LIB_OBJS) | $(O)
	$(CC) $(CFLAGS) -o $@ $^

$(O):
	mkdir -p $@

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)

clean:
	rm -f $(addprefix $(O)/,$(BINS))
	rm -rf $(OBJ) $(GEN)
	-rmdir $(O) 2>/dev/null
