/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GT power management: RC6, power gating and its residency (i915
 * gt/intel_gt_regs.h and i915_reg.h; the manual gives none of them). The
 * RC controls and thresholds are in the GT range 0xA000-0xAFFF of Vol 13
 * General Assets, "Force Wake and Steering Table"; 0x138000-0x145FFF are
 * in no forcewake domain (i915 intel_uncore.c).
 */
#ifndef _DG1_PM_REGS_H_
#define _DG1_PM_REGS_H_

#include "regs/dg1_reg_defs.h"

#define GEN6_RC_CONTROL				DG1_REG(0xa090)
#define   GEN6_RC_CTL_HW_ENABLE			REG_BIT(31)
#define   GEN6_RC_CTL_EI_MODE_MASK		REG_GENMASK(28, 27)
#define   GEN6_RC_CTL_RC6_ENABLE		REG_BIT(18)
#define GEN6_RC_STATE				DG1_REG(0xa094)
#define GEN6_RC6_WAKE_RATE_LIMIT		DG1_REG(0xa09c)
#define GEN10_MEDIA_WAKE_RATE_LIMIT		DG1_REG(0xa0a0)
#define GEN6_RC_EVALUATION_INTERVAL		DG1_REG(0xa0a8)
#define GEN6_RC_IDLE_HYSTERSIS			DG1_REG(0xa0ac)
#define GEN6_RC_SLEEP				DG1_REG(0xa0b0)
#define GEN6_RC6_THRESHOLD			DG1_REG(0xa0b8)
#define GEN9_MEDIA_PG_IDLE_HYSTERESIS		DG1_REG(0xa0c4)
#define GEN9_RENDER_PG_IDLE_HYSTERESIS		DG1_REG(0xa0c8)
#define GEN9_PG_ENABLE				DG1_REG(0xa210)
#define   GEN9_RENDER_PG_ENABLE			REG_BIT(0)
#define   GEN9_MEDIA_PG_ENABLE			REG_BIT(1)
#define   GEN11_MEDIA_SAMPLER_PG_ENABLE		REG_BIT(2)
/* Idle count of the GuC's own engine; the driver sets it with the rest. */
#define GUC_MAX_IDLE_COUNT			DG1_REG(0xc3e4)

/* The time spent in RC6, in 1.28 us units. */
#define GEN6_GT_GFX_RC6				DG1_REG(0x138108)
#define   GEN6_RC6_RESIDENCY_UNIT_NS		1280

/*
 * GT frequency (i915 gt/intel_rps.c, intel_mchbar_regs.h): the request,
 * in units of 50/3 MHz in bits 31:23 (shadowed: written without
 * forcewake); RP0/RPn in 50 MHz units; RP1, the efficient frequency, from
 * FREQ_INFO_REC on gen10 and later; the granted frequency (CAGF), in the
 * request's units, 0 in RC6.
 */
#define GEN6_RPNSWREQ				DG1_REG(0xa008)
#define   GEN9_FREQUENCY_MASK			REG_GENMASK(31, 23)
#define GEN6_RP_STATE_CAP			DG1_REG(0x145998)
#define   RP0_CAP_MASK				REG_GENMASK(7, 0)
#define   RPN_CAP_MASK				REG_GENMASK(23, 16)
#define GEN10_FREQ_INFO_REC			DG1_REG(0x145ef0)
#define   RPE_MASK				REG_GENMASK(15, 8)
#define GEN12_RPSTAT1				DG1_REG(0x1381b4)
#define   GEN12_CAGF_MASK			REG_GENMASK(19, 11)
/*
 * The PCU's own RP evaluation: its control (hardware normal mode, media as
 * GT, enabled, busy/idle averaging: i915's value for gen10 and later), and
 * its up/down evaluation intervals and thresholds in units of 16 CS
 * timestamp ticks.
 */
#define GEN6_RP_CONTROL				DG1_REG(0xa024)
#define   GEN6_RP_CONTROL_GEN12			0x592
#define GEN6_RP_UP_THRESHOLD			DG1_REG(0xa02c)
#define GEN6_RP_DOWN_THRESHOLD			DG1_REG(0xa030)
#define GEN6_RP_UP_EI				DG1_REG(0xa068)
#define GEN6_RP_DOWN_EI				DG1_REG(0xa06c)
#define GEN6_RP_IDLE_HYSTERSIS			DG1_REG(0xa070)
/* The caps' 50 MHz units in request units (i915 GEN9_FREQ_SCALER). */
#define GEN9_FREQ_SCALER			3

#endif /* _DG1_PM_REGS_H_ */
