/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_ppgtt.h - the walk of a 4-level PPGTT whose tables are in LMEM
 * (i915 gt/gen8_ppgtt.c, gt/intel_gtt.h; xe xe_pt.c). The rules, with their
 * sources, head vdg1_ppgtt.c.
 */
#ifndef VDG1_PPGTT_H
#define VDG1_PPGTT_H

#include <stdbool.h>
#include <stdint.h>

struct vdg1_core;
struct vdg1_xlate;

/* DG1's usable PPGTT: 47 bits (i915 i915_pci.c, Wa_16011227922). */
#define VDG1_PPGTT_VA_BITS	47

/*
 * Walk the PPGTT whose PML4 is at LMEM address @pml4 for an access to @va
 * (a write when @write). Reads the entries it needs from LMEM and nothing
 * else: counting and fault records are the caller's (vdg1_mmu.c,
 * vdg1_probe.c). Returns 0, or -1 with xl->reason and xl->level set.
 */
int vdg1_ppgtt_walk(const struct vdg1_core *core, uint64_t pml4, uint64_t va,
		    bool write, struct vdg1_xlate *xl);

#endif /* VDG1_PPGTT_H */
