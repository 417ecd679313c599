/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_power.h - what the package reports of its power: the energy
 * counter, which grows with activity, the power SKU (TDP) and its units,
 * and the PL1 limit. Offsets and fields: i915 intel_mchbar_regs.h
 * (PCU_PACKAGE_*; i915_hwmon.c uses them on DG1). GEN12_RPSTAT1, with the
 * voltage VDG1_POWER_VOLTAGE, is vdg1_freq.c's.
 *
 * The model draws VDG1_POWER_IDLE_MW all the time and VDG1_POWER_ENGINE_MW
 * more for each busy engine, integrated over the model's clock; the energy
 * counter is 32 bits of 2^-VDG1_POWER_ENERGY_UNIT J and wraps as
 * hardware's does. TDP 25 W is DG1's (Iris Xe MAX, 25 W in the published
 * specifications); the units are the common RAPL ones (1/8 W, 1/16384 J,
 * 1/1024 s). Minimum and maximum power and the maximum window read 0,
 * "not reported" (i915 then does not clamp): no source gives DG1's. PL1
 * is storage, enabled at TDP over 1 s after reset; what the model draws
 * does not depend on it.
 */
#ifndef VDG1_POWER_H
#define VDG1_POWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdg1_regs.h"

#define VDG1_POWER_SKU			0x145930	/* 64 bits: two dwords */
#define VDG1_POWER_SKU_UNIT		0x145938
#define VDG1_POWER_ENERGY_STATUS	0x14593c
#define VDG1_POWER_RAPL_LIMIT		0x1459a0

/* The figures, shared with the tests (tests/dg1_power.c). */
#include "vdg1_power_model.h"

struct vdg1_power {
	uint32_t busy;			/* busy engines, one bit each */
	uint64_t last_ns;		/* integrated up to here */
	uint64_t busy_engine_ns;	/* sum over engines of their busy ns */
};

struct vdg1_core;

void vdg1_power_reset(struct vdg1_core *core);
/* Engine @engine started or stopped running at the model's clock. */
void vdg1_power_engine_busy(struct vdg1_core *core, unsigned int engine,
			    bool busy);
/* Energy used since reset, in microjoules, at the model's time @now_ns. */
uint64_t vdg1_power_energy_uj(struct vdg1_core *core, uint64_t now_ns);

extern const struct vdg1_reg vdg1_power_regs[];
extern const size_t vdg1_power_regs_count;

#endif /* VDG1_POWER_H */
