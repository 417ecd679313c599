// SPDX-License-Identifier: GPL-2.0
/*
 * Frequency of the command streamers' timestamp (RING_TIMESTAMP), which
 * userspace needs to turn engine cycles into time.
 */

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "gt/dg1_gt_clock.h"
#include "gt/dg1_gt_types.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_gt_regs.h"

static u32 dg1_gt_crystal_hz(u32 rpm_config0)
{
	switch (REG_FIELD_GET(RPM_CONFIG0_CRYSTAL_MASK, rpm_config0)) {
	case RPM_CONFIG0_CRYSTAL_24_MHZ:
		return 24000000;
	case RPM_CONFIG0_CRYSTAL_19_2_MHZ:
		return 19200000;
	case RPM_CONFIG0_CRYSTAL_38_4_MHZ:
		return 38400000;
	case RPM_CONFIG0_CRYSTAL_25_MHZ:
		return 25000000;
	default:
		return 0;
	}
}

/*
 * The gen11+ rule of i915 read_clock_frequency(): with the crystal as
 * source, the timestamp ticks at the crystal frequency divided by
 * 2^(3 - CTC shift). The other source (divide logic) is described by
 * TIMESTAMP_OVERRIDE, a register this driver does not use. 0 if unknown.
 */
static u32 dg1_gt_clock_decode(u32 ctc_mode, u32 rpm_config0)
{
	if (ctc_mode & CTC_SOURCE_DIVIDE_LOGIC)
		return 0;
	return dg1_gt_crystal_hz(rpm_config0) >>
	       (3 - REG_FIELD_GET(RPM_CONFIG0_CTC_SHIFT_MASK, rpm_config0));
}

/**
 * dg1_gt_clock_init() - read the CS timestamp frequency
 * @gt: the GT, with its GT domain present
 *
 * CTC_MODE needs the GT domain. An unknown frequency (domain asleep, or a
 * source this driver cannot decode) is reported as 0 and warned about; the
 * rest of the driver does not depend on it.
 *
 * Context: process; may sleep.
 */
void dg1_gt_clock_init(struct dg1_gt *gt)
{
	u32 ctc_mode, rpm_config0;

	gt->clock_frequency = 0;
	if (dg1_force_wake_get(&gt->uncore->fw, DG1_FW_GT))
		return;
	ctc_mode = dg1_uncore_read32_fw(gt->uncore, CTC_MODE);
	rpm_config0 = dg1_uncore_read32_fw(gt->uncore, RPM_CONFIG0);
	dg1_force_wake_put(&gt->uncore->fw, DG1_FW_GT);

	gt->clock_frequency = dg1_gt_clock_decode(ctc_mode, rpm_config0);
	if (!gt->clock_frequency)
		drm_warn(gt->drm,
			 "unknown CS timestamp frequency (CTC_MODE 0x%08x, RPM_CONFIG0 0x%08x)\n",
			 ctc_mode, rpm_config0);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_gt_clock_test.c"
#endif
