// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_freq.c - GT frequency capabilities, request and grant (see
 * vdg1_freq.h).
 */
#include "vdg1_state.h"
#include "vdg1_freq.h"
#include "vdg1_fw.h"
#include "vdg1_power.h"

/* 50 MHz units, and the request's 50/3 MHz units (i915 GEN9_FREQ_SCALER). */
#define U50(mhz)	((uint32_t)(mhz) / 50)
#define SCALER		3

uint32_t vdg1_freq_granted(const struct vdg1_core *core)
{
	uint32_t req = core->mmio[VDG1_RPNSWREQ / 4] >> 23;
	uint32_t lo = U50(VDG1_FREQ_RPN_MHZ) * SCALER;
	uint32_t hi = U50(VDG1_FREQ_RP0_MHZ) * SCALER;

	return req < lo ? lo : req > hi ? hi : req;
}

/* @ns of GT-active time at @granted, in GPU ticks. */
static uint64_t ticks_at(uint64_t ns, uint32_t granted)
{
	uint64_t per_us = (uint64_t)granted * 50;	/* ticks per 3 us */

	return ns / 3000 * per_us + ns % 3000 * per_us / 3000;
}

uint64_t vdg1_freq_gpu_ticks(const struct vdg1_core *core)
{
	const struct vdg1_freq *f = &core->freq;

	return f->ticks + ticks_at(vdg1_fw_gt_active_ns(core) - f->ns,
				   f->granted);
}

void vdg1_freq_reset(struct vdg1_core *core)
{
	core->freq = (struct vdg1_freq){ .granted = vdg1_freq_granted(core) };
}

static void rpnswreq_write(struct vdg1_core *core, uint32_t offset,
			   uint32_t val)
{
	struct vdg1_freq *f = &core->freq;

	f->ticks = vdg1_freq_gpu_ticks(core);
	f->ns = vdg1_fw_gt_active_ns(core);
	core->mmio[offset / 4] = val;
	f->granted = vdg1_freq_granted(core);
}

/* CAGF (19:11): the granted frequency out of RC6, 0 in it; the voltage. */
static uint32_t rpstat1_read(struct vdg1_core *core, uint32_t offset)
{
	uint32_t cagf = vdg1_fw_in_rc6(core) ? 0 : vdg1_freq_granted(core);

	(void)offset;
	return cagf << 11 | VDG1_POWER_VOLTAGE;
}

#define CAP	(U50(VDG1_FREQ_RP0_MHZ) | U50(VDG1_FREQ_RP1_MHZ) << 8 | \
		 U50(VDG1_FREQ_RPN_MHZ) << 16)

#define RO(off, rst, nm) \
	{ .offset = (off), .count = 1, .flags = VDG1_REG_RO, .reset = (rst), \
	  .name = (nm), .box = VDG1_BOX_ALWAYS }
#define STORE(off, n, nm) \
	{ .offset = (off), .count = (n), .name = (nm), \
	  .box = VDG1_BOX_ALWAYS }

const struct vdg1_reg vdg1_freq_regs[] = {
	{ .offset = VDG1_RPNSWREQ, .count = 1, .write = rpnswreq_write,
	  .name = "GEN6_RPNSWREQ", .box = VDG1_BOX_ALWAYS },
	/* GEN6_RC_VIDEO_FREQ, RP_DOWN_TIMEOUT, RP_INTERRUPT_LIMITS. */
	STORE(0x00a00c, 3, "GEN6_RC_VIDEO_FREQ, RP_DOWN_TIMEOUT, RP_INTERRUPT_LIMITS"),
	STORE(0x00a024, 1, "GEN6_RP_CONTROL"),
	STORE(0x00a02c, 2, "GEN6_RP_UP_THRESHOLD, RP_DOWN_THRESHOLD"),
	STORE(0x00a068, 3, "GEN6_RP_UP_EI, RP_DOWN_EI, RP_IDLE_HYSTERSIS"),
	RO(VDG1_RP_STATE_CAP, CAP, "GEN6_RP_STATE_CAP"),
	RO(VDG1_FREQ_INFO_REC, U50(VDG1_FREQ_RP1_MHZ) << 8,
	   "GEN10_FREQ_INFO_REC"),
	{ .offset = VDG1_RPSTAT1, .count = 1, .flags = VDG1_REG_RO,
	  .read = rpstat1_read, .name = "GEN12_RPSTAT1",
	  .box = VDG1_BOX_ALWAYS },
};

const size_t vdg1_freq_regs_count =
	sizeof(vdg1_freq_regs) / sizeof(vdg1_freq_regs[0]);
