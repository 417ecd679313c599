/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_counters_page.h - the counters page as the guest reaches it, whose
 * layout is the public vdg1_counters.h.
 *
 * The page sits in the range Vol 13 General Assets, "SW Virtualization
 * Reserved MMIO range" keeps free of hardware registers.
 */
#ifndef VDG1_COUNTERS_PAGE_H
#define VDG1_COUNTERS_PAGE_H

#include <stdint.h>

struct vdg1_core;

/* @offset is relative to VDG1_COUNTERS_BASE, dword aligned. */
uint32_t vdg1_counters_read(struct vdg1_core *core, uint32_t offset);
void vdg1_counters_write(struct vdg1_core *core, uint32_t offset, uint32_t val);

#endif /* VDG1_COUNTERS_PAGE_H */
