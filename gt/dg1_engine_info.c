// SPDX-License-Identifier: GPL-2.0
/*
 * The engines of DG1: their static descriptions, which of them the fuses
 * leave, their names in the uapi (&enum drm_dg1_engine_class and the
 * instance) and their timestamps.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/irqflags.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_topology.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_forcewake_table.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_engine_regs.h"
#include "uapi/dg1_drm.h"

/*
 * In &enum dg1_hw_engine_id order. Classes: Vol 13 General Assets, "GT
 * Engine Interrupts" (engine class ids); bases: "Register Access and User
 * Mode Privileges"; wake domains: the Force Wake and Steering Table rows
 * of each base.
 */
const struct dg1_engine_info dg1_engine_infos[DG1_HW_ENGINE_ID_COUNT] = {
	[DG1_HW_ENGINE_RCS0] = {
		.name = "rcs0",
		.class = DG1_ENGINE_CLASS_RENDER,
		.instance = 0,
		.mmio_base = DG1_RCS0_BASE,
		.fw_domain = DG1_FW_DOMAIN_ID_RENDER,
	},
	[DG1_HW_ENGINE_BCS0] = {
		.name = "bcs0",
		.class = DG1_ENGINE_CLASS_COPY,
		.instance = 0,
		.mmio_base = DG1_BCS0_BASE,
		.fw_domain = DG1_FW_DOMAIN_ID_GT,
	},
	[DG1_HW_ENGINE_VCS0] = {
		.name = "vcs0",
		.class = DG1_ENGINE_CLASS_VIDEO_DECODE,
		.instance = 0,
		.mmio_base = DG1_VCS0_BASE,
		.fw_domain = DG1_FW_DOMAIN_ID_VDBOX0,
	},
	[DG1_HW_ENGINE_VCS2] = {
		.name = "vcs2",
		.class = DG1_ENGINE_CLASS_VIDEO_DECODE,
		.instance = 2,
		.mmio_base = DG1_VCS2_BASE,
		.fw_domain = DG1_FW_DOMAIN_ID_VDBOX2,
	},
	[DG1_HW_ENGINE_VECS0] = {
		.name = "vecs0",
		.class = DG1_ENGINE_CLASS_VIDEO_ENHANCE,
		.instance = 0,
		.mmio_base = DG1_VECS0_BASE,
		.fw_domain = DG1_FW_DOMAIN_ID_VEBOX0,
	},
};

/*
 * uapi engine class of each hardware class (Vol 13 General Assets, "GT
 * Engine Interrupts", for the hardware ids; uapi/dg1_drm.h for ours).
 */
static const u16 dg1_engine_uapi_class[] = {
	[DG1_ENGINE_CLASS_RENDER] = DRM_DG1_ENGINE_CLASS_RENDER,
	[DG1_ENGINE_CLASS_VIDEO_DECODE] = DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
	[DG1_ENGINE_CLASS_VIDEO_ENHANCE] = DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE,
	[DG1_ENGINE_CLASS_COPY] = DRM_DG1_ENGINE_CLASS_COPY,
};

/**
 * dg1_engine_info_uapi_class() - an engine's class as userspace names it
 * @id: the engine
 *
 * Return: its &enum drm_dg1_engine_class.
 */
u16 dg1_engine_info_uapi_class(enum dg1_hw_engine_id id)
{
	return dg1_engine_uapi_class[dg1_engine_infos[id].class];
}

/**
 * dg1_engine_info_lookup() - a present engine by its uapi name
 * @engine_mask: the present engines
 * @uapi_class: &enum drm_dg1_engine_class
 * @instance: the hardware instance
 *
 * Return: the &enum dg1_hw_engine_id, or -EINVAL.
 */
int dg1_engine_info_lookup(u32 engine_mask, u16 uapi_class, u16 instance)
{
	unsigned long engines = engine_mask & DG1_HW_ENGINE_MASK_ALL;
	unsigned int id;

	for_each_set_bit(id, &engines, DG1_HW_ENGINE_ID_COUNT)
		if (dg1_engine_info_uapi_class(id) == uapi_class &&
		    dg1_engine_infos[id].instance == instance)
			return id;
	return -EINVAL;
}

/**
 * dg1_engine_info_mask() - engines the fuses leave
 * @topo: decoded fuses
 *
 * Render and copy cannot be fused off on this GT; a video box n is present
 * when its bit in the VDBOX/VEBOX disable fuse is clear (i915
 * intel_engine_cs.c, init_engine_mask()).
 * Boxes DG1 does not have are ignored whatever the fuses say.
 *
 * Return: mask of BIT(&enum dg1_hw_engine_id).
 */
u32 dg1_engine_info_mask(const struct dg1_gt_topology *topo)
{
	u32 mask = 0;
	unsigned int id;

	for (id = 0; id < DG1_HW_ENGINE_ID_COUNT; id++) {
		const struct dg1_engine_info *info = &dg1_engine_infos[id];
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
 * dg1_engine_info_fw_domains() - forcewake domains needed by a set of engines
 * @engine_mask: mask of BIT(&enum dg1_hw_engine_id)
 *
 * The GT domain is always included: it holds GT-wide registers such as
 * the fuses, whatever engines exist.
 *
 * Return: mask of DG1_FW_* domains.
 */
u32 dg1_engine_info_fw_domains(u32 engine_mask)
{
	unsigned long engines = engine_mask;
	u32 domains = DG1_FW_GT;
	unsigned int id;

	for_each_set_bit(id, &engines, DG1_HW_ENGINE_ID_COUNT)
		domains |= BIT(dg1_engine_infos[id].fw_domain);

	return domains;
}

/**
 * dg1_engine_read_timestamp() - an engine's CS timestamp and the CPU time
 * @gt: the GT
 * @id: a present engine
 * @cpu_clock: CPU clock to sample, in ns (e.g. ktime_get_ns)
 * @ts: filled in
 *
 * The timestamp lives in the engine's wake domain. It is read with
 * interrupts off, between two samples of @cpu_clock, so the pair is as
 * tight as the hardware allows; the upper half is read twice to catch a
 * carry (xe hwe_read_timestamp()).
 *
 * Context: process; may sleep while the domain wakes.
 * Return: 0, or the error of dg1_force_wake_get() (-ETIMEDOUT).
 */
int dg1_engine_read_timestamp(struct dg1_gt *gt, enum dg1_hw_engine_id id,
			      u64 (*cpu_clock)(void),
			      struct dg1_engine_timestamp *ts)
{
	u32 base = dg1_engine_infos[id].mmio_base;
	struct dg1_reg lower = RING_TIMESTAMP(base);
	struct dg1_reg upper = RING_TIMESTAMP_UDW(base);
	u32 domains = dg1_fw_reg_read_domains(lower) |
		      dg1_fw_reg_read_domains(upper);
	unsigned long flags;
	int ret;

	ret = dg1_force_wake_get(&gt->uncore->fw, domains);
	if (ret)
		return ret;

	local_irq_save(flags);
	ts->cpu_ns = cpu_clock();
	ts->cycles = dg1_uncore_read64_2x32_fw(gt->uncore, lower, upper) &
		     GENMASK_ULL(RING_TIMESTAMP_WIDTH - 1, 0);
	ts->width = RING_TIMESTAMP_WIDTH;
	ts->cpu_delta_ns = cpu_clock() - ts->cpu_ns;
	local_irq_restore(flags);

	dg1_force_wake_put(&gt->uncore->fw, domains);
	return 0;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_engine_info_test.c"
#endif
