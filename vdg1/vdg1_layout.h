/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_layout.h - the LMEM layout the global registers describe (i915
 * gt/intel_ggtt.c, gt/intel_region_lmem.c): functions of the configuration
 * only, below every component that needs them.
 */
#ifndef VDG1_LAYOUT_H
#define VDG1_LAYOUT_H

#include <stdint.h>

struct vdg1_core;

/* Top of the DSM: the WOPCM, 2 MiB on Gen11+ (i915 intel_wopcm.c). */
#define VDG1_WOPCM_SIZE	(2ull << 20)

uint64_t vdg1_gsm_size(const struct vdg1_core *core);
uint64_t vdg1_dsm_size(const struct vdg1_core *core);
uint64_t vdg1_gsm_base(const struct vdg1_core *core);
uint32_t vdg1_ggc(const struct vdg1_core *core);

#endif /* VDG1_LAYOUT_H */
