/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_engine_regs.h - the per-engine registers of the five DG1 engines
 * (RCS0, BCS0, VCS0, VECS0, VCS2; i915 i915_pci.c, gt/intel_engine_cs.c),
 * a table the register file merges, and the CS timestamp clock they count.
 *
 * Offsets from i915 intel_engine_regs.h; the timestamp's 19.2 MHz from the
 * RPM_CONFIG0 value vdg1 reports (i915 gt/intel_gt_clock_utils.c).
 */
#ifndef VDG1_ENGINE_REGS_H
#define VDG1_ENGINE_REGS_H

#include <stddef.h>
#include <stdint.h>

#include "vdg1_regs.h"

extern const struct vdg1_reg vdg1_engine_regs[];
extern const size_t vdg1_engine_regs_count;

/* CS timestamp ticks at @ns of the guest clock (19.2 MHz). */
uint64_t vdg1_timestamp_ticks(uint64_t ns);

#endif /* VDG1_ENGINE_REGS_H */
