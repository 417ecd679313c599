// SPDX-License-Identifier: GPL-2.0
/*
 * GT topology from the fuse reflection registers (HARDWARE.md §4.3): which
 * media boxes exist, and the DSS and L3 masks that MCR steering will need.
 */

#include "gt/dg1_forcewake.h"
#include "gt/dg1_gt_topology.h"
#include "gt/dg1_mmio.h"
#include "regs/dg1_gt_regs.h"

/**
 * dg1_gt_fuses_read() - read the fuse reflection registers
 * @mmio: register window
 * @fw: forcewake state with the GT domain set up
 * @fuses: filled with the raw register values
 *
 * The fuse registers sit in a GT wake range (0x8500-0x94CF, HARDWARE.md
 * §3.3), so the GT domain is held around the reads; without it they would
 * read 0 and every box would look present.
 *
 * Return: 0, or the error of dg1_force_wake_get().
 */
int dg1_gt_fuses_read(struct dg1_mmio *mmio, struct dg1_force_wake *fw,
		      struct dg1_gt_fuses *fuses)
{
	int ret;

	ret = dg1_force_wake_get(fw, DG1_FW_GT);
	if (ret)
		return ret;

	fuses->l3_disable = dg1_mmio_read32(mmio, MIRROR_FUSE3);
	fuses->eu_disable = dg1_mmio_read32(mmio, EU_DISABLE);
	fuses->slice_enable = dg1_mmio_read32(mmio, GT_SLICE_ENABLE);
	fuses->dss_enable = dg1_mmio_read32(mmio, GT_GEOMETRY_DSS_ENABLE);
	fuses->vdbox_vebox_disable = dg1_mmio_read32(mmio,
						     GT_VEBOX_VDBOX_DISABLE);

	dg1_force_wake_put(fw, DG1_FW_GT);
	return 0;
}

/**
 * dg1_gt_topology_decode() - turn raw fuse values into masks
 * @fuses: raw fuse register values
 * @topo: filled with the decoded masks (and a copy of @fuses)
 *
 * The fuse registers hold *disable* bits for L3 bank pairs, EUs and media
 * boxes and *enable* bits for DSS and slices; the decoded masks all say
 * "present". MIRROR_FUSE3 repeats its 4 bits in 7:4; i915 uses 3:0.
 */
void dg1_gt_topology_decode(const struct dg1_gt_fuses *fuses,
			    struct dg1_gt_topology *topo)
{
	topo->fuses = *fuses;
	topo->dss_mask = REG_FIELD_GET(GT_DSS_ENABLE_MASK, fuses->dss_enable);
	topo->l3_bank_pair_mask =
		~REG_FIELD_GET(L3BANK_PAIR_DISABLE_MASK, fuses->l3_disable) &
		L3BANK_PAIR_DISABLE_MASK;
	topo->eu_disable_mask = REG_FIELD_GET(EU_DISABLE_MASK,
					      fuses->eu_disable);
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
