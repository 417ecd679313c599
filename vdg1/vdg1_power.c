// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vdg1_power.c - package energy, power SKU and PL1 (see vdg1_power.h).
 */
#include "vdg1_state.h"
#include "vdg1_power.h"

/* Credit the busy engines with the time up to @now_ns. */
static void power_advance(struct vdg1_power *p, uint64_t now_ns)
{
	if (now_ns <= p->last_ns)
		return;
	p->busy_engine_ns += (uint64_t)__builtin_popcount(p->busy) *
			     (now_ns - p->last_ns);
	p->last_ns = now_ns;
}

void vdg1_power_reset(struct vdg1_core *core)
{
	struct vdg1_power *p = &core->power;

	p->busy = 0;
	p->last_ns = core->events.clock;
	p->busy_engine_ns = 0;
}

void vdg1_power_engine_busy(struct vdg1_core *core, unsigned int engine,
			    bool busy)
{
	struct vdg1_power *p = &core->power;

	power_advance(p, core->events.clock);
	if (busy)
		p->busy |= 1u << engine;
	else
		p->busy &= ~(1u << engine);
}

uint64_t vdg1_power_energy_uj(struct vdg1_core *core, uint64_t now_ns)
{
	struct vdg1_power *p = &core->power;

	power_advance(p, now_ns);
	/* mW * us = nJ: no overflow for years of model time. */
	return (VDG1_POWER_IDLE_MW * (p->last_ns / 1000) +
		VDG1_POWER_ENGINE_MW * (p->busy_engine_ns / 1000)) / 1000;
}

/* The counter, in energy units; reads have no other effect than time's. */
static uint32_t energy_read(struct vdg1_core *core, uint32_t offset)
{
	uint64_t uj = vdg1_power_energy_uj(core, core->access_ns);

	(void)offset;
	/* uJ * 2^unit / 1e6, in two steps so that a day's worth fits. */
	return (uint32_t)(uj / 1000000 << VDG1_POWER_ENERGY_UNIT |
			  (uj % 1000000 << VDG1_POWER_ENERGY_UNIT) / 1000000);
}

#define SKU_TDP		(VDG1_POWER_TDP_MW * (1u << VDG1_POWER_UNIT) / 1000)
#define SKU_UNIT	(VDG1_POWER_UNIT | VDG1_POWER_ENERGY_UNIT << 8 | \
			 VDG1_POWER_TIME_UNIT << 16)
/* PL1 = TDP, enabled (bit 15), over 1 s: (4 | X) << Y >> (unit + 2), X 0, Y 10. */
#define RAPL_RESET	(SKU_TDP | 1u << 15 | 10u << 17)

#define RO(off, n, rst, nm) \
	{ .offset = (off), .count = (n), .flags = VDG1_REG_RO, .reset = (rst), \
	  .name = (nm), .box = VDG1_BOX_ALWAYS }

const struct vdg1_reg vdg1_power_regs[] = {
	RO(VDG1_POWER_SKU, 1, SKU_TDP, "PCU_PACKAGE_POWER_SKU"),
	RO(VDG1_POWER_SKU + 4, 1, 0, "PCU_PACKAGE_POWER_SKU (high)"),
	RO(VDG1_POWER_SKU_UNIT, 1, SKU_UNIT, "PCU_PACKAGE_POWER_SKU_UNIT"),
	{ .offset = VDG1_POWER_ENERGY_STATUS, .count = 1, .flags = VDG1_REG_RO,
	  .read = energy_read, .name = "PCU_PACKAGE_ENERGY_STATUS",
	  .box = VDG1_BOX_ALWAYS },
	{ .offset = VDG1_POWER_RAPL_LIMIT, .count = 1, .reset = RAPL_RESET,
	  .name = "PCU_PACKAGE_RAPL_LIMIT", .box = VDG1_BOX_ALWAYS },
};

const size_t vdg1_power_regs_count =
	sizeof(vdg1_power_regs) / sizeof(vdg1_power_regs[0]);
