// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_pm.c - power-management registers (see vdg1_pm.h). Offsets and
 * names: i915 gt/intel_gt_regs.h and i915_reg.h.
 */
#include "vdg1_pm.h"

#define STORE(off, n, nm) \
	{ .offset = (off), .count = (n), .name = (nm), \
	  .box = VDG1_BOX_ALWAYS }
#define ZERO(off, n, nm) \
	{ .offset = (off), .count = (n), .flags = VDG1_REG_RO, .name = (nm), \
	  .box = VDG1_BOX_ALWAYS }

const struct vdg1_reg vdg1_pm_regs[] = {
	/* RC_CONTROL, RC_STATE; 0xa098 is not a register. */
	STORE(0x00a090, 2, "GEN6_RC_CONTROL, GEN6_RC_STATE"),
	/* RC6 and media wake rate limits, then the EI and idle hysteresis. */
	STORE(0x00a09c, 2, "GEN6_RC6_WAKE_RATE_LIMIT, GEN10_MEDIA_WAKE_RATE_LIMIT"),
	STORE(0x00a0a8, 3, "GEN6_RC_EVALUATION_INTERVAL, RC_IDLE_HYSTERSIS, RC_SLEEP"),
	STORE(0x00a0b8, 1, "GEN6_RC6_THRESHOLD"),
	STORE(0x00a0c4, 2, "GEN9_MEDIA_PG_IDLE_HYSTERESIS, GEN9_RENDER_PG_IDLE_HYSTERESIS"),
	STORE(0x00a168, 1, "GEN6_PMINTRMSK"),
	STORE(0x00a210, 1, "GEN9_PG_ENABLE"),
	ZERO(0x138108, 1, "GEN6_GT_GFX_RC6"),		/* residency */
	ZERO(0x138140, 1, "PCU_PWM_FAN_SPEED"),
	ZERO(0x1381b4, 1, "GEN12_RPSTAT1"),		/* CAGF 0 */
	ZERO(0x145930, 4, "PCU_PACKAGE_POWER_SKU(_UNIT), PCU_PACKAGE_ENERGY_STATUS"),
	ZERO(0x145998, 1, "GEN6_RP_STATE_CAP"),
	ZERO(0x145ef0, 1, "GEN10_FREQ_INFO_REC"),
};

const size_t vdg1_pm_regs_count =
	sizeof(vdg1_pm_regs) / sizeof(vdg1_pm_regs[0]);
