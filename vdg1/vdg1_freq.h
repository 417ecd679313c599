/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_freq.h - the GT frequency: what the part can run at, what the
 * driver asks for and what it is granted. Offsets and fields: i915
 * gt/intel_gt_regs.h and gt/intel_rps.c (gen12 without GuC).
 *
 * RP_STATE_CAP gives RP0, RP1 and RPn in 50 MHz units (bits 7:0, 15:8,
 * 23:16), FREQ_INFO_REC the efficient frequency RPe (15:8). The driver
 * requests a frequency through RPNSWREQ bits 31:23 in units of 50/3 MHz
 * (a shadowed register: no forcewake needed); the part grants it clamped
 * to RPn..RP0, RPn before any request. GEN12_RPSTAT1 reports the granted
 * frequency (CAGF, bits 19:11, the same units) while the GT is out of
 * RC6, and 0 in it, with the voltage in 10:0. The other RP registers i915
 * programs (thresholds, evaluation intervals, RP_CONTROL) are storage:
 * vdg1 has no autonomous frequency control, and no RP interrupts (i915
 * drives DG1's RPS from a timer over engine busyness). Real DG1 figures
 * for RP_STATE_CAP are in no source at hand (HARDWARE.md, i915, xe): vdg1
 * reports 1550 MHz down to 300 MHz.
 *
 * The GPU clock runs at the granted frequency while the GT is awake and
 * stops in RC6 (clocks gated): vdg1_freq_gpu_ticks() is that clock's
 * count, the OA unit's GPU_TICKS and the axis its counters advance on
 * (Vol 13 General Assets, GPU_TICKS: frozen while clocks are gated). A
 * command streamer's command takes cs-ns-per-command at RP0, and longer
 * in proportion at a lower grant (vdg1_execlists.c). vdg1 raises no RP
 * interrupts: a driver that steers by them alone stays where it asked.
 */
#ifndef VDG1_FREQ_H
#define VDG1_FREQ_H

#include <stddef.h>
#include <stdint.h>

#include "vdg1_regs.h"

/* The figures, shared with the tests (tests/dg1_power.c). */
#include "vdg1_freq_model.h"

#define VDG1_RPNSWREQ		0x00a008
#define VDG1_RP_STATE_CAP	0x145998
#define VDG1_FREQ_INFO_REC	0x145ef0
#define VDG1_RPSTAT1		0x1381b4
/* RP0 in request units (50/3 MHz). */
#define VDG1_FREQ_RP0_UNITS	(VDG1_FREQ_RP0_MHZ * 3 / 50)

struct vdg1_core;

/*
 * The GPU clock: @ticks at GT-active time @ns, since when it has run at
 * @granted (units of 50/3 MHz).
 */
struct vdg1_freq {
	uint64_t ticks;
	uint64_t ns;
	uint32_t granted;
};

/* The granted frequency in units of 50/3 MHz (RPn..RP0). */
uint32_t vdg1_freq_granted(const struct vdg1_core *core);
/* GPU clock ticks since the last reset. */
uint64_t vdg1_freq_gpu_ticks(const struct vdg1_core *core);
/* Power-on: the clock at 0, at RPn. After vdg1_fw_reset() and the registers'. */
void vdg1_freq_reset(struct vdg1_core *core);

extern const struct vdg1_reg vdg1_freq_regs[];
extern const size_t vdg1_freq_regs_count;

#endif /* VDG1_FREQ_H */
