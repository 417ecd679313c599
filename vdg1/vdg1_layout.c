// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_layout.c - where LMEM's stolen areas lie, and the GGC value that
 * says how large they are.
 */
#include "vdg1_state.h"
#include "vdg1_layout.h"
#include "vdg1_regdefs.h"

/* GGMS = 3: 8 MiB of PTEs, what BAR0's upper half holds (i915 gt/intel_ggtt.c). */
#define VDG1_GGMS	3u
/*
 * GMS = 1: 32 MiB of data stolen memory (the GMS encoding of i915
 * gem/i915_gem_stolen.c, mtl_get_gms_size(): 32 MiB per step). The size is
 * the model's choice; DG1 drivers find the DSM through DSMBASE.
 */
#define VDG1_GMS	1u

uint64_t vdg1_gsm_size(const struct vdg1_core *core)
{
	(void)core;
	return (1ull << 20) << VDG1_GGMS;
}

uint64_t vdg1_dsm_size(const struct vdg1_core *core)
{
	(void)core;
	return (32ull << 20) * VDG1_GMS;
}

/*
 * LMEM from the top: the DSM, below it the GSM (the GGTT's PTEs), below
 * that what drivers may use. Both DG1 drivers read it that way: usable
 * LMEM ends at GSMBASE (i915 gt/intel_region_lmem.c, xe xe_vram.c) and
 * stolen memory runs from DSMBASE to the end of LMEM (i915
 * gem/i915_gem_stolen.c, xe xe_ttm_stolen_mgr.c).
 */
uint64_t vdg1_gsm_base(const struct vdg1_core *core)
{
	return core->cfg.lmem_size - vdg1_dsm_size(core) - vdg1_gsm_size(core);
}

uint32_t vdg1_ggc(const struct vdg1_core *core)
{
	(void)core;
	return VDG1_GMS << GGC_GMS_SHIFT | VDG1_GGMS << GGC_GGMS_SHIFT;
}
