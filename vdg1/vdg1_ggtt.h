/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_ggtt.h - the GGTT page-table entries in BAR0's upper half
 * (i915 gt/intel_ggtt.c; 64-bit accesses per Vol 13 General Assets,
 * "Discrete Graphics Memory Map Information").
 */
#ifndef VDG1_GGTT_H
#define VDG1_GGTT_H

#include <stdint.h>

struct vdg1_core;

int vdg1_ggtt_init(struct vdg1_core *core);
void vdg1_ggtt_fini(struct vdg1_core *core);
void vdg1_ggtt_reset(struct vdg1_core *core);
/* @offset is relative to VDG1_GGTT_BASE and aligned to @size. */
uint64_t vdg1_ggtt_read(struct vdg1_core *core, uint32_t offset,
			unsigned int size);
void vdg1_ggtt_write(struct vdg1_core *core, uint32_t offset, uint64_t val,
		     unsigned int size);

#endif /* VDG1_GGTT_H */
