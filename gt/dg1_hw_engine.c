// SPDX-License-Identifier: GPL-2.0
/*
 * The engines a Gen12 GT may have, and which of them the fuses leave.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>

#include "uapi/dg1_drm.h"

#include "gt/dg1_gt_topology.h"
#include "gt/dg1_hw_engine.h"

/*
 * Candidates, ordered by uapi class then instance (see enum
 * dg1_hw_engine_id). Bases: manual 000:L1325-L1337; classes: 000:L2760-L2764;
 * wake domains: the forcewake table rows of each base (HARDWARE.md §3.3, §5.1).
 */
const struct dg1_hw_engine_info dg1_hw_engine_infos[DG1_HW_ENGINE_ID_COUNT] = {
	[DG1_HW_ENGINE_RCS0] = {
		.name = "rcs0",
		.class = DG1_ENGINE_CLASS_RENDER,
		.instance = 0,
		.uapi_class = DRM_DG1_ENGINE_CLASS_RENDER,
		.mmio_base = 0x002000,
		.fw_domain = DG1_FW_DOMAIN_ID_RENDER,
	},
	[DG1_HW_ENGINE_BCS0] = {
		.name = "bcs0",
		.class = DG1_ENGINE_CLASS_COPY,
		.instance = 0,
		.uapi_class = DRM_DG1_ENGINE_CLASS_COPY,
		.mmio_base = 0x022000,
		.fw_domain = DG1_FW_DOMAIN_ID_GT,
	},
	[DG1_HW_ENGINE_VCS0] = {
		.name = "vcs0",
		.class = DG1_ENGINE_CLASS_VIDEO_DECODE,
		.instance = 0,
		.uapi_class = DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
		.mmio_base = 0x1c0000,
		.fw_domain = DG1_FW_DOMAIN_ID_VDBOX0,
	},
	[DG1_HW_ENGINE_VCS1] = {
		.name = "vcs1",
		.class = DG1_ENGINE_CLASS_VIDEO_DECODE,
		.instance = 1,
		.uapi_class = DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
		.mmio_base = 0x1c4000,
		.fw_domain = DG1_FW_DOMAIN_ID_VDBOX1,
	},
	[DG1_HW_ENGINE_VCS2] = {
		.name = "vcs2",
		.class = DG1_ENGINE_CLASS_VIDEO_DECODE,
		.instance = 2,
		.uapi_class = DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
		.mmio_base = 0x1d0000,
		.fw_domain = DG1_FW_DOMAIN_ID_VDBOX2,
	},
	[DG1_HW_ENGINE_VCS3] = {
		.name = "vcs3",
		.class = DG1_ENGINE_CLASS_VIDEO_DECODE,
		.instance = 3,
		.uapi_class = DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
		.mmio_base = 0x1d4000,
		.fw_domain = DG1_FW_DOMAIN_ID_VDBOX3,
	},
	[DG1_HW_ENGINE_VECS0] = {
		.name = "vecs0",
		.class = DG1_ENGINE_CLASS_VIDEO_ENHANCE,
		.instance = 0,
		.uapi_class = DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE,
		.mmio_base = 0x1c8000,
		.fw_domain = DG1_FW_DOMAIN_ID_VEBOX0,
	},
	[DG1_HW_ENGINE_VECS1] = {
		.name = "vecs1",
		.class = DG1_ENGINE_CLASS_VIDEO_ENHANCE,
		.instance = 1,
		.uapi_class = DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE,
		.mmio_base = 0x1d8000,
		.fw_domain = DG1_FW_DOMAIN_ID_VEBOX1,
	},
};

/**
 * dg1_hw_engine_mask() - engines the fuses leave
 * @topo: decoded fuses
 *
 * Render and copy cannot be fused off on this GT; a video box n is present
 * when its bit in the VDBOX/VEBOX disable fuse is clear (HARDWARE.md §4.3).
 *
 * Return: mask of BIT(&enum dg1_hw_engine_id).
 */
u32 dg1_hw_engine_mask(const struct dg1_gt_topology *topo)
{
	u32 mask = 0;
	unsigned int id;

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++) {
		const struct dg1_hw_engine_info *info = &dg1_hw_engine_infos[id];
		bool present;

		switch (info->class) {
		case DG1_ENGINE_CLASS_VIDEO_DECODE:
			present = topo->vdbox_mask & BIT(info->instance);
			break;
		case DG1_ENGINE_CLASS_VIDEO_ENHANCE:
			present = topo->vebox_mask & BIT(info->instance);
			break;
		default:
			present = true;
			break;
		}

		if (present)
			mask |= BIT(id);
	}

	return mask;
}

/**
 * dg1_hw_engine_fw_domains() - forcewake domains needed by a set of engines
 * @engine_mask: mask of BIT(&enum dg1_hw_engine_id)
 *
 * The GT domain is always included: it holds GT-wide registers such as
 * the fuses, whatever engines exist.
 *
 * Return: mask of DG1_FW_* domains.
 */
u32 dg1_hw_engine_fw_domains(u32 engine_mask)
{
	unsigned long engines = engine_mask;
	u32 domains = DG1_FW_GT;
	unsigned int id;

	for_each_set_bit(id, &engines, DG1_HW_ENGINE_ID_COUNT)
		domains |= BIT(dg1_hw_engine_infos[id].fw_domain);

	return domains;
}
