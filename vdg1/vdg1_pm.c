// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_pm.c - power-management registers (see vdg1_pm.h). Offsets and
 * names: i915 gt/intel_gt_regs.h and i915_reg.h.
 */
#include "vdg1_state.h"
#include "vdg1_fw.h"
#include "vdg1_pm.h"
#include "vdg1_regdefs.h"

/* RC6 or power gating switched: the domains' power may change. */
static void gating_write(struct vdg1_core *core, uint32_t offset, uint32_t val)
{
	core->mmio[offset / 4] = val;
	vdg1_fw_gating_changed(core);
}

/* RC6 residency, in 1.28 us units (i915 intel_rc6.c), 32 bits wrapping. */
static uint32_t rc6_residency_read(struct vdg1_core *core, uint32_t offset)
{
	(void)offset;
	return (uint32_t)(vdg1_fw_rc6_ns(core) / 1280);
}

/* GT_CORE_STATUS: the RC state in bits 2:0, RC6 (3) or RC0 (0). */
static uint32_t core_status_read(struct vdg1_core *core, uint32_t offset)
{
	(void)offset;
	return vdg1_fw_in_rc6(core) ? 3 : 0;
}

#define STORE(off, n, nm) \
	{ .offset = (off), .count = (n), .name = (nm), \
	  .box = VDG1_BOX_ALWAYS }
#define ZERO(off, n, nm) \
	{ .offset = (off), .count = (n), .flags = VDG1_REG_RO, .name = (nm), \
	  .box = VDG1_BOX_ALWAYS }

const struct vdg1_reg vdg1_pm_regs[] = {
	/*
	 * RC6's controls stay reachable in RC6, whatever the FWST row says:
	 * a driver leaves RC6 by writing them (i915 gt/intel_rc6.c writes
	 * both without forcewake at every GT park and unpark).
	 */
	{ .offset = GEN6_RC_CONTROL, .count = 1, .flags = VDG1_REG_AON,
	  .write = gating_write, .name = "GEN6_RC_CONTROL",
	  .box = VDG1_BOX_ALWAYS },
	{ .offset = 0x00a094, .count = 1, .flags = VDG1_REG_AON,
	  .name = "GEN6_RC_STATE", .box = VDG1_BOX_ALWAYS },
	/* RC6 and media wake rate limits, then the EI and idle hysteresis. */
	STORE(0x00a09c, 2, "GEN6_RC6_WAKE_RATE_LIMIT, GEN10_MEDIA_WAKE_RATE_LIMIT"),
	STORE(0x00a0a8, 3, "GEN6_RC_EVALUATION_INTERVAL, RC_IDLE_HYSTERSIS, RC_SLEEP"),
	STORE(0x00a0b8, 1, "GEN6_RC6_THRESHOLD"),
	STORE(0x00a0c4, 2, "GEN9_MEDIA_PG_IDLE_HYSTERESIS, GEN9_RENDER_PG_IDLE_HYSTERESIS"),
	STORE(0x00a168, 1, "GEN6_PMINTRMSK"),
	{ .offset = GEN9_PG_ENABLE, .count = 1, .write = gating_write,
	  .name = "GEN9_PG_ENABLE", .box = VDG1_BOX_ALWAYS },
	{ .offset = 0x138060, .count = 1, .flags = VDG1_REG_RO,
	  .read = core_status_read, .name = "GEN6_GT_CORE_STATUS",
	  .box = VDG1_BOX_ALWAYS },
	{ .offset = 0x138108, .count = 1, .flags = VDG1_REG_RO,
	  .read = rc6_residency_read, .name = "GEN6_GT_GFX_RC6",
	  .box = VDG1_BOX_ALWAYS },
	ZERO(0x138140, 1, "PCU_PWM_FAN_SPEED"),
	/* The frequency: vdg1_freq.c; the package's power: vdg1_power.c. */
};

const size_t vdg1_pm_regs_count =
	sizeof(vdg1_pm_regs) / sizeof(vdg1_pm_regs[0]);
