/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The OA unit of DG1: OAG, the GT's global unit that writes reports into
 * the OA buffer, and the registers a metric set programs. The manual names
 * the registers (Vol 13 General Assets, "Observation Architecture" and
 * "OA Registers") without Gen12 offsets; offsets and fields are i915's
 * (i915_perf_oa_regs.h) and xe's (regs/xe_oa_regs.h).
 */
#ifndef _DG1_OA_REGS_H_
#define _DG1_OA_REGS_H_

#include "regs/dg1_reg_defs.h"

#define GEN12_OAG_OACONTROL		DG1_REG(0xdaf4)
#define   OAG_OACONTROL_FORMAT_MASK	REG_GENMASK(4, 2)
#define   OAG_OACONTROL_ENABLE		REG_BIT(0)

#define GEN12_OAG_OA_DEBUG		DG1_REG(0xdaf8, DG1_REG_OPTION_MASKED)
#define   OAG_OA_DEBUG_INCLUDE_CLK_RATIO	REG_BIT(6)
#define   OAG_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS REG_BIT(5)
#define   OAG_OA_DEBUG_DISABLE_GO_1_0_REPORTS	REG_BIT(2)
#define   OAG_OA_DEBUG_DISABLE_CTX_SWITCH_REPORTS REG_BIT(1)

#define GEN12_OAG_OASTATUS		DG1_REG(0xdafc)
#define   OAG_OASTATUS_COUNTER_OVERFLOW	REG_BIT(2)
#define   OAG_OASTATUS_BUFFER_OVERFLOW	REG_BIT(1)
#define   OAG_OASTATUS_REPORT_LOST	REG_BIT(0)

/* GGTT addresses in 64-byte units. */
#define GEN12_OAG_OAHEADPTR		DG1_REG(0xdb00)
#define GEN12_OAG_OATAILPTR		DG1_REG(0xdb04)
#define   OAG_PTR_MASK			REG_GENMASK(31, 6)

#define GEN12_OAG_OABUFFER		DG1_REG(0xdb08)
#define   OABUFFER_SIZE_MASK		REG_GENMASK(5, 3)
#define   OABUFFER_SIZE_16M		7	/* 128 KiB << 7 */
#define   OABUFFER_EDGE_TRIGGER		REG_BIT(2)
#define   OABUFFER_MEM_SELECT_GGTT	REG_BIT(0)

/*
 * OA_IMR: bit 28 masks the half-full interrupt (Vol 13 General Assets, "OA
 * Interrupt Control Registers"); the offset is GEN12_OA_IMR of the
 * intel-gfx series "drm/i915: handle interrupts from the OA unit" (v3,
 * 2020-04-13), the one Gen12 source that names it.
 */
#define GEN12_OA_IMR			DG1_REG(0xdb14)
#define   OA_IMR_HALF_FULL		REG_BIT(28)

#define GEN12_OAG_OAGLBCTXCTRL		DG1_REG(0x2b28)
#define   OAGLBCTXCTRL_TIMER_PERIOD_MASK REG_GENMASK(7, 2)
#define   OAGLBCTXCTRL_TIMER_ENABLE	REG_BIT(1)
#define   OAGLBCTXCTRL_COUNTER_RESUME	REG_BIT(0)

/*
 * OAR, the render engine's own OA unit behind MI_REPORT_PERF_COUNT: both
 * registers are per context (saved with the RCS context, Vol 13 General
 * Assets, "Observation Architecture"), so a context sets them itself.
 */
#define GEN12_OACTXCONTROL		DG1_REG(0x2360)
#define   OACTXCONTROL_COUNTER_RESUME	REG_BIT(0)
#define GEN12_OAR_OACONTROL		DG1_REG(0x2960)
#define   OAR_OACONTROL_FORMAT_MASK	REG_GENMASK(3, 1)
#define   OAR_OACONTROL_ENABLE		REG_BIT(0)
/* OAR's one format: A32u40_A4u32_B8_C8, as OAG's code 5. */
#define   OAR_FORMAT_A32u40_A4u32_B8_C8	5

/* OA-side TLB; write 1, it reads 0 once done (Wa_2207587034 on DG1). */
#define GEN12_OA_TLB_INV_CR		DG1_REG(0xceec)
#define   OA_TLB_INV_CR_INVALIDATE	REG_BIT(0)

/* SQIDI replicated; the PMON enable lets the OA unit see the GT's events. */
#define GEN12_SQCNT1			DG1_REG_MCR(0x8718)
#define   SQCNT1_PMON_ENABLE		REG_BIT(30)
#define   SQCNT1_OABPC			REG_BIT(29)

/* Always-on; a metric set's mux list sets it, the driver clears it. */
#define RPM_CONFIG1			DG1_REG(0x0d04)
#define   RPM_CONFIG1_GT_NOA_ENABLE	REG_BIT(9)

/*
 * The whitelists of registers a user metric set may write (i915
 * i915_perf.c gen12_is_valid_*_addr, xe xe_oa.c): inclusive ranges.
 */
#define OA_MUX_NOA_CONFIG_FIRST		0x0d00	/* RPM_CONFIG0, RPM_CONFIG1 */
#define OA_MUX_NOA_CONFIG_LAST		0x0d04
#define OA_MUX_NOA_CFG_FIRST		0x0d0c	/* NOA_CONFIG(0..8) */
#define OA_MUX_NOA_CFG_LAST		0x0d2c
#define OA_MUX_GDT_CHICKEN_BITS		0x9840
#define OA_MUX_NOA_WRITE_HIGH		0x9884
#define OA_MUX_NOA_WRITE		0x9888
#define OA_MUX_WAIT_FOR_RC6_EXIT	0x20cc
#define   WAIT_FOR_RC6_EXIT_ENABLE	REG_BIT(0)	/* masked */

#define OA_B_PESS			0x2b2c
#define OA_B_STARTTRIG_FIRST		0xd900	/* OASTARTTRIG1..8 */
#define OA_B_REPORTTRIG_LAST		0xd93c	/* OAREPORTTRIG8 */
#define OA_B_CEC_FIRST			0xd940	/* CEC0_0 */
#define OA_B_CEC_LAST			0xd97c	/* CEC7_1 */
#define OA_B_SCEC_FIRST			0xdc00	/* SCEC0_0 */
#define OA_B_SCEC_LAST			0xdc3c	/* SCEC7_1 */
#define OA_B_SPCTR_CNF			0xdc40
#define OA_B_OAA_DBG			0xdc44

/* EU_PERF_CNTL0..6: DSS replicated, render domain. */
#define OA_FLEX_EU_PERF_CNTL0		0xe458
#define OA_FLEX_EU_PERF_CNTL1		0xe558
#define OA_FLEX_EU_PERF_CNTL2		0xe658
#define OA_FLEX_EU_PERF_CNTL3		0xe758
#define OA_FLEX_EU_PERF_CNTL4		0xe45c
#define OA_FLEX_EU_PERF_CNTL5		0xe55c
#define OA_FLEX_EU_PERF_CNTL6		0xe65c

#endif /* _DG1_OA_REGS_H_ */
