// SPDX-License-Identifier: GPL-2.0
/*
 * GT workarounds of DG1, as a table (like xe's RTP tables) that KUnit can
 * check: i915 dg1_gt_workarounds_init() and gen12_gt_workarounds_init().
 * The default MCR steering those functions also program is dg1_gt_mcr_init().
 *
 * Each entry is applied under its own wake-up and read back (MCR: every
 * present copy, steered one by one), unless the workaround says the
 * register may not read back. An entry whose domain does not wake is marked
 * FAILED and reported; probe goes on, so one dead power well leaves the
 * rest of the GT usable.
 */

#include <linux/bitmap.h>
#include <linux/bitops.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_engine_info.h"
#include "gt/dg1_gt_mcr.h"
#include "gt/dg1_gt_types.h"
#include "gt/dg1_gt_workarounds.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_forcewake_table.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gt_regs.h"

/* Sorted by register offset. */
static const struct dg1_gt_wa dg1_gt_wa_table[DG1_GT_WA_COUNT] = {
	{	/*
		 * i915 intel_workarounds.c, extended to TGL, RKL, DG1 and
		 * ADL: firmware may lock MISCCPCTL, so it is not verified.
		 */
		.name = "Wa_14015795083",
		.reg = MISCCPCTL,
		.clear = DOP_CLOCK_GATE_RENDER_ENABLE,
		.no_verify = true,
	},
	{	/* i915 dg1_gt_workarounds_init() */
		.name = "Wa_1408615072",
		.reg = UNSLICE_UNIT_LEVEL_CLKGATE2,
		.set = VSUNIT_CLKGATE_DIS_TGL,
	},
	{	/* i915 dg1_gt_workarounds_init() */
		.name = "Wa_1409420604",
		.mcr_reg = SUBSLICE_UNIT_LEVEL_CLKGATE2,
		.set = CPSSUNIT_CLKGATE_DIS,
	},
	{	/* i915 gen12_gt_workarounds_init() */
		.name = "Wa_14011059788",
		.mcr_reg = DFR_RATIO_EN_AND_CHICKEN,
		.set = DFR_DISABLE,
	},
	{	/* i915 wa_14011060649(): even VCS instances only */
		.name = "Wa_14011060649",
		.reg = VDBOX_CGCTL3F10(DG1_VCS0_BASE),
		.set = IECPUNIT_CLKGATE_DIS,
		.engines = BIT(DG1_HW_ENGINE_VCS0),
	},
	{
		.name = "Wa_14011060649",
		.reg = VDBOX_CGCTL3F10(DG1_VCS2_BASE),
		.set = IECPUNIT_CLKGATE_DIS,
		.engines = BIT(DG1_HW_ENGINE_VCS2),
	},
};

static const char * const dg1_gt_wa_status_names[] = {
	[DG1_GT_WA_NOT_APPLIED] = "not-applied",
	[DG1_GT_WA_OK] = "ok",
	[DG1_GT_WA_FAILED] = "FAILED",
	[DG1_GT_WA_WRITTEN] = "written",
};

/**
 * dg1_gt_wa_status_name() - how debugfs spells a workaround status
 * @status: the status
 *
 * Return: its name; "?" for an unknown one.
 */
const char *dg1_gt_wa_status_name(enum dg1_gt_wa_status status)
{
	if (status >= ARRAY_SIZE(dg1_gt_wa_status_names))
		return "?";
	return dg1_gt_wa_status_names[status];
}

/* Every present copy must read back right; unicast reads exercise steering. */
static bool dg1_gt_wa_verify_mcr(struct dg1_gt *gt, const struct dg1_gt_wa *wa)
{
	int type = dg1_gt_mcr_steering_type(wa->reg.addr);
	unsigned long instances;
	unsigned int i;

	if (type < 0)
		return false;
	instances = gt->steering.instances[type];
	for_each_set_bit(i, &instances, DG1_MCR_MAX_INSTANCES)
		if ((dg1_gt_mcr_read(gt, wa->mcr_reg, 0, i) &
		     (wa->set | wa->clear)) != wa->set)
			return false;
	return true;
}

/**
 * dg1_gt_wa_apply() - program one workaround entry and read it back
 * @gt: the GT
 * @wa: the entry; a masked register is written whole, bits 31:16 enabling
 *	@wa->set | @wa->clear, anything else read-modify-written
 *
 * Context: process; wakes the register's domain.
 * Return: the entry's outcome.
 */
enum dg1_gt_wa_status dg1_gt_wa_apply(struct dg1_gt *gt,
				      const struct dg1_gt_wa *wa)
{
	struct drm_device *drm = gt->drm;
	u32 domains = dg1_fw_reg_read_domains(wa->reg);
	u32 mask = wa->set | wa->clear;
	bool ok;
	int ret;

	if (wa->engines && !(wa->engines & gt->engine_mask))
		return DG1_GT_WA_NOT_APPLIED;

	ret = dg1_force_wake_get(&gt->uncore->fw, domains);
	if (ret) {
		drm_err(drm, "%s (0x%06x) not applied: forcewake 0x%x did not wake: %d\n",
			wa->name, wa->reg.addr, domains, ret);
		return DG1_GT_WA_FAILED;
	}

	if (wa->reg.mcr) {
		if (wa->reg.masked)
			dg1_gt_mcr_multicast_rmw(gt, wa->mcr_reg, ~0u,
						 mask << 16 | wa->set);
		else
			dg1_gt_mcr_multicast_rmw(gt, wa->mcr_reg, wa->clear,
						 wa->set);
		ok = wa->no_verify || dg1_gt_wa_verify_mcr(gt, wa);
	} else {
		if (wa->reg.masked)
			dg1_uncore_write32_fw(gt->uncore, wa->reg,
					      mask << 16 | wa->set);
		else
			dg1_uncore_rmw32_fw(gt->uncore, wa->reg, wa->clear,
					    wa->set);
		ok = wa->no_verify ||
		     (dg1_uncore_read32_fw(gt->uncore, wa->reg) & mask) ==
		     wa->set;
	}
	dg1_force_wake_put(&gt->uncore->fw, domains);

	if (!ok) {
		drm_err(drm, "%s (0x%06x): bits 0x%08x set, 0x%08x clear did not stick\n",
			wa->name, wa->reg.addr, wa->set, wa->clear);
		return DG1_GT_WA_FAILED;
	}
	return wa->no_verify ? DG1_GT_WA_WRITTEN : DG1_GT_WA_OK;
}

/**
 * dg1_gt_workarounds_apply() - program and verify the GT workarounds
 * @gt: the GT, with engines, forcewake domains and MCR steering set up
 *
 * Records each entry's outcome in &dg1_gt.wa_status.
 */
void dg1_gt_workarounds_apply(struct dg1_gt *gt)
{
	unsigned int i;

	for (i = 0; i < DG1_GT_WA_COUNT; i++)
		gt->wa_status[i] = dg1_gt_wa_apply(gt, &dg1_gt_wa_table[i]);
}

/**
 * dg1_gt_workarounds_print() - one line per entry (debugfs workarounds)
 * @gt: the GT
 * @p: where to print
 *
 * Format: "<name> 0x<offset, 6 hex digits> <status>", the status being
 * ok, FAILED, not-applied or written.
 */
void dg1_gt_workarounds_print(struct dg1_gt *gt, struct drm_printer *p)
{
	unsigned int i;

	for (i = 0; i < DG1_GT_WA_COUNT; i++)
		drm_printf(p, "%s 0x%06x %s\n", dg1_gt_wa_table[i].name,
			   dg1_gt_wa_table[i].reg.addr,
			   dg1_gt_wa_status_name(gt->wa_status[i]));
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_gt_workarounds_test.c"
#endif
