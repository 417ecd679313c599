// SPDX-License-Identifier: GPL-2.0
/*
 * GT topology from the fuse reflection registers (Vol 13 General Assets,
 * "Force Wake and Steering Table", fuse reflections; i915 intel_sseu.c):
 * which
 * media boxes exist, the DSS, EU and L3 masks, and what MCR steering needs.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>

#include <drm/drm_print.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_topology.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_gt_regs.h"

/**
 * dg1_gt_fuses_read() - read the fuse reflection registers
 * @uncore: register access, with the GT domain present
 * @fuses: filled with the raw register values
 *
 * The fuse registers sit in a GT wake range (0x8500-0x94CF), so the GT
 * domain is held around the reads; without it they would read 0 and every
 * box would look present.
 *
 * Context: process; may sleep.
 *
 * Return: 0, or the error of dg1_force_wake_get().
 */
int dg1_gt_fuses_read(struct dg1_uncore *uncore, struct dg1_gt_fuses *fuses)
{
	int ret;

	ret = dg1_force_wake_get(&uncore->fw, DG1_FW_GT);
	if (ret)
		return ret;

	fuses->l3_disable = dg1_uncore_read32_fw(uncore, MIRROR_FUSE3);
	fuses->eu_disable = dg1_uncore_read32_fw(uncore, EU_DISABLE);
	fuses->slice_enable = dg1_uncore_read32_fw(uncore, GT_SLICE_ENABLE);
	fuses->dss_enable = dg1_uncore_read32_fw(uncore,
						 GT_GEOMETRY_DSS_ENABLE);
	fuses->vdbox_vebox_disable =
		dg1_uncore_read32_fw(uncore, GT_VEBOX_VDBOX_DISABLE);

	dg1_force_wake_put(&uncore->fw, DG1_FW_GT);
	return 0;
}

/* One fuse bit per pair of units: bit n stands for units 2n and 2n + 1. */
static u32 dg1_expand_pairs(u32 pair_mask)
{
	unsigned long pairs = pair_mask;
	unsigned int n;
	u32 mask = 0;

	for_each_set_bit(n, &pairs, BITS_PER_TYPE(pair_mask) / 2)
		mask |= 3u << (2 * n);
	return mask;
}

/**
 * dg1_gt_topology_decode() - turn raw fuse values into masks
 * @fuses: raw fuse register values
 * @topo: filled with the decoded masks (and a copy of @fuses)
 *
 * The fuse registers hold *disable* bits for L3 bank pairs, EU pairs and
 * media boxes and *enable* bits for DSS and slices; the decoded masks all
 * say "present". MIRROR_FUSE3 repeats its 4 bits in 7:4; i915 uses 3:0.
 * Every enabled DSS has the same EUs: EU_DISABLE bit n disables EUs 2n and
 * 2n + 1 (i915 gen12_sseu_info_init).
 */
void dg1_gt_topology_decode(const struct dg1_gt_fuses *fuses,
			    struct dg1_gt_topology *topo)
{
	topo->fuses = *fuses;
	topo->dss_mask = REG_FIELD_GET(GT_DSS_ENABLE_MASK, fuses->dss_enable);
	topo->l3_bank_pair_mask =
		~REG_FIELD_GET(L3BANK_PAIR_DISABLE_MASK, fuses->l3_disable) &
		L3BANK_PAIR_DISABLE_MASK;
	topo->l3_bank_mask = dg1_expand_pairs(topo->l3_bank_pair_mask);
	topo->eu_disable_mask = REG_FIELD_GET(EU_DISABLE_MASK,
					      fuses->eu_disable);
	topo->eu_mask_per_dss =
		dg1_expand_pairs(~topo->eu_disable_mask & EU_DISABLE_MASK);
	topo->num_eus = hweight32(topo->dss_mask) *
			hweight32(topo->eu_mask_per_dss);
	topo->slice_mask = REG_FIELD_GET(GT_SLICE_ENABLE_MASK,
					 fuses->slice_enable);
	topo->vdbox_mask =
		~REG_FIELD_GET(GT_VDBOX_DISABLE_MASK,
			       fuses->vdbox_vebox_disable) &
		REG_FIELD_GET(GT_VDBOX_DISABLE_MASK, GT_VDBOX_DISABLE_MASK);
	topo->vebox_mask =
		~REG_FIELD_GET(GT_VEBOX_DISABLE_MASK,
			       fuses->vdbox_vebox_disable) &
		REG_FIELD_GET(GT_VEBOX_DISABLE_MASK, GT_VEBOX_DISABLE_MASK);
}

/**
 * dg1_gt_topology_print() - human-readable summary (debugfs gt_topology)
 * @topo: decoded fuses
 * @engine_mask: present engines, BIT(&enum dg1_hw_engine_id)
 * @p: where to print
 */
void dg1_gt_topology_print(const struct dg1_gt_topology *topo,
			   u32 engine_mask, struct drm_printer *p)
{
	unsigned long engines = engine_mask;
	unsigned int id;

	drm_printf(p, "slice mask: 0x%x\n", topo->slice_mask);
	drm_printf(p, "dss mask: 0x%x (%u of %u)\n", topo->dss_mask,
		   hweight32(topo->dss_mask), DG1_MAX_DSS);
	drm_printf(p, "eu mask per dss: 0x%04x (%u of %u)\n",
		   topo->eu_mask_per_dss, hweight32(topo->eu_mask_per_dss),
		   DG1_MAX_EUS_PER_DSS);
	drm_printf(p, "eu total: %u\n", topo->num_eus);
	drm_printf(p, "l3 bank mask: 0x%02x (%u of %u)\n", topo->l3_bank_mask,
		   hweight32(topo->l3_bank_mask), DG1_MAX_L3_BANKS);
	drm_printf(p, "engines:");
	for_each_set_bit(id, &engines, DG1_HW_ENGINE_ID_COUNT)
		drm_printf(p, " %s", dg1_engine_infos[id].name);
	drm_printf(p, "\n");
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_gt_topology_test.c"
#endif
