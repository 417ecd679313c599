/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GT-wide registers of DG1: forcewake, MCR steering, the timestamp clock,
 * the GT workaround registers and the fuses. Sources next to each group.
 */
#ifndef _DG1_GT_REGS_H_
#define _DG1_GT_REGS_H_

#include "regs/dg1_reg_defs.h"

/*
 * Forcewake request (masked) and ack registers per domain: the offsets from
 * the domain table of Vol 13 General Assets, "Force Wake and Steering
 * Table"; bit positions from i915 intel_gt_regs.h (the manual has none).
 * The same bits are used in request and ack.
 */
/* The private PAT, GT domain (i915 gt/intel_gt_regs.h, xe regs/xe_gt_regs.h). */
#define GEN12_PAT_INDEX(i)		DG1_REG(0x4800 + (i) * 4)

#define FORCEWAKE_GT			DG1_REG(0xa188, DG1_REG_OPTION_MASKED)
#define FORCEWAKE_RENDER		DG1_REG(0xa278, DG1_REG_OPTION_MASKED)
#define FORCEWAKE_MEDIA_VDBOX(n)	DG1_REG(0xa540 + (n) * 4, DG1_REG_OPTION_MASKED)
#define FORCEWAKE_MEDIA_VEBOX(n)	DG1_REG(0xa560 + (n) * 4, DG1_REG_OPTION_MASKED)
#define   FORCEWAKE_KERNEL		REG_BIT(0)
#define   FORCEWAKE_USER		REG_BIT(1)
#define   FORCEWAKE_KERNEL_FALLBACK	REG_BIT(15)

#define FORCEWAKE_ACK_GT		DG1_REG(0x130044)
#define FORCEWAKE_ACK_RENDER		DG1_REG(0x0d84)
#define FORCEWAKE_ACK_MEDIA_VDBOX(n)	DG1_REG(0x0d50 + (n) * 4)
#define FORCEWAKE_ACK_MEDIA_VEBOX(n)	DG1_REG(0x0d70 + (n) * 4)

/*
 * MCR steering selector for the CPU access point, the one DG1 drivers use
 * (Vol 13 General Assets, "Force Wake and Steering Table", steering
 * registers; not 0x20CC, which the manual also lists as WAIT_FOR_RC6_EXIT
 * and i915 never steers through). Bit positions from i915
 * intel_gt_regs.h GEN11_MCR_*. In an always-on range of the same table.
 */
#define MCR_SELECTOR			DG1_REG(0xfdc)
#define   MCR_MULTICAST			REG_BIT(31)
#define   MCR_SLICE_MASK		REG_GENMASK(30, 27)
#define   MCR_SUBSLICE_MASK		REG_GENMASK(26, 24)

/*
 * CS timestamp clock (i915 intel_gt_regs.h, intel_gt_clock_utils.c): the
 * crystal frequency with the gen11 encoding, and how many bits the CS
 * timestamp drops from it. RPM_CONFIG0 is in an always-on range (Vol 13,
 * "Force Wake and Steering Table").
 */
#define RPM_CONFIG0			DG1_REG(0x0d00)
#define   RPM_CONFIG0_CRYSTAL_MASK	REG_GENMASK(5, 3)
#define   RPM_CONFIG0_CRYSTAL_24_MHZ	0
#define   RPM_CONFIG0_CRYSTAL_19_2_MHZ	1
#define   RPM_CONFIG0_CRYSTAL_38_4_MHZ	2
#define   RPM_CONFIG0_CRYSTAL_25_MHZ	3
#define   RPM_CONFIG0_CTC_SHIFT_MASK	REG_GENMASK(2, 1)

/* Timestamp source; in the GT range 0x9800-0xAFFF of the same table */
#define CTC_MODE			DG1_REG(0xa26c)
#define   CTC_SOURCE_DIVIDE_LOGIC	REG_BIT(0)

/*
 * Clock-gating registers of the GT workarounds (i915 intel_gt_regs.h,
 * intel_workarounds.c). 0x94E4 is a plain RENDER register; the other two
 * sit in the DSS-replicated range 0x9520-0x955F (Vol 13 General Assets,
 * "Force Wake and Steering Table").
 */
/*
 * Wa_14015795083 clears the render DOP clock-gating enable (i915
 * intel_gt_regs.h GEN7_MISCCPCTL; a plain GT-domain register on graphics
 * 12, inside the GT range 0x8500-0x94CF of the Force Wake and Steering
 * Table, Vol 13 General Assets).
 */
#define MISCCPCTL			DG1_REG(0x9424)
#define   DOP_CLOCK_GATE_RENDER_ENABLE	REG_BIT(1)

#define UNSLICE_UNIT_LEVEL_CLKGATE2	DG1_REG(0x94e4)
#define   VSUNIT_CLKGATE_DIS_TGL	REG_BIT(19)
#define SUBSLICE_UNIT_LEVEL_CLKGATE2	DG1_REG_MCR(0x9528)
#define   CPSSUNIT_CLKGATE_DIS		REG_BIT(9)
#define DFR_RATIO_EN_AND_CHICKEN	DG1_REG_MCR(0x9550)
#define   DFR_DISABLE			REG_BIT(9)

/*
 * Fuse reflections, all in the GT wake range 0x8500-0x94CF of the Force
 * Wake and Steering Table: read them with the GT domain awake.
 */
/*
 * fuse_gt_l3_disable[3:0], replicated in 3:0 and 7:4 (Vol 13, "Force Wake
 * and Steering Table", fuse reflections); 1 = bank pair off
 */
#define MIRROR_FUSE3			DG1_REG(0x9118)
#define   L3BANK_PAIR_DISABLE_MASK	REG_GENMASK(3, 0)

/* i915 GEN11_EU_DISABLE; 1 = EU pair disabled */
#define EU_DISABLE			DG1_REG(0x9134)
#define   EU_DISABLE_MASK		REG_GENMASK(7, 0)

/* i915 GEN11_GT_SLICE_ENABLE */
#define GT_SLICE_ENABLE			DG1_REG(0x9138)
#define   GT_SLICE_ENABLE_MASK		REG_GENMASK(7, 0)

/* fuse_gt_dssen[5:0] (Vol 13, fuse reflections); 1 = DSS enabled */
#define GT_GEOMETRY_DSS_ENABLE		DG1_REG(0x913c)
#define   GT_DSS_ENABLE_MASK		REG_GENMASK(5, 0)

/* i915 GEN11_GT_VEBOX_VDBOX_DISABLE; 1 = box n fused off */
#define GT_VEBOX_VDBOX_DISABLE		DG1_REG(0x9140)
#define   GT_VDBOX_DISABLE_MASK		REG_GENMASK(7, 0)
#define   GT_VEBOX_DISABLE_MASK		REG_GENMASK(19, 16)

/*
 * The GPU's latched page fault (i915 gt/intel_gt_regs.h, GEN12_RING_FAULT_REG
 * and GEN12_FAULT_TLB_DATA0/1; read and cleared by gt/intel_gt.c,
 * gen8_check_faults() and intel_gt_clear_error_registers()): the first
 * fault is kept until software clears VALID.
 */
#define GEN12_RING_FAULT_REG		DG1_REG(0xcec4)
#define   RING_FAULT_ENGINE_ID		REG_GENMASK(14, 12)
#define   RING_FAULT_GTTSEL		REG_BIT(11)
#define   RING_FAULT_SRCID		REG_GENMASK(10, 3)
#define   RING_FAULT_TYPE		REG_GENMASK(2, 1)
#define   RING_FAULT_VALID		REG_BIT(0)
#define GEN12_FAULT_TLB_DATA0		DG1_REG(0xceb8)	/* address 43:12 */
#define GEN12_FAULT_TLB_DATA1		DG1_REG(0xcebc)
#define   FAULT_GTT_SEL			REG_BIT(4)
#define   FAULT_VA_HIGH_BITS		REG_GENMASK(3, 0)	/* address 47:44 */

/*
 * PPGTT TLB invalidation, one register per engine class, a request bit per
 * engine instance that the hardware clears when done (i915
 * gt/intel_gt_regs.h GEN12_*_TLB_INV_CR, gt/intel_tlb.c). On DG1 the OA
 * unit's TLB is invalidated alongside (Wa_2207587034).
 */
#define GEN12_GFX_TLB_INV_CR		DG1_REG(0xced8)
#define GEN12_VD_TLB_INV_CR		DG1_REG(0xcedc)
#define GEN12_VE_TLB_INV_CR		DG1_REG(0xcee0)
#define GEN12_BLT_TLB_INV_CR		DG1_REG(0xcee4)
#define GEN12_OA_TLB_INV_CR		DG1_REG(0xceec)

/*
 * Render engine workaround and tuning registers (i915 intel_gt_regs.h;
 * their workarounds: gt/dg1_engine_workarounds.c).
 */
#define FF_THREAD_MODE			DG1_REG(0x20a0)
#define   FF_TESSELATION_DOP_GATE_DISABLE	REG_BIT(19)
#define FF_SLICE_CS_CHICKEN1		DG1_REG(0x20e0, DG1_REG_OPTION_MASKED)
#define   FFSC_PERCTX_PREEMPT_CTRL	REG_BIT(14)
#define CS_DEBUG_MODE1			DG1_REG(0x20ec, DG1_REG_OPTION_MASKED)
#define   FF_DOP_CLOCK_GATE_DISABLE	REG_BIT(1)
#define PS_INVOCATION_COUNT		DG1_REG(0x2348)
#define CS_CHICKEN1			DG1_REG(0x2580, DG1_REG_OPTION_MASKED)
#define   PREEMPT_GPGPU_LEVEL_MASK	REG_GENMASK(2, 1)
#define   PREEMPT_GPGPU_THREAD_GROUP_LEVEL	REG_BIT(1)
#define FF_MODE2			DG1_REG(0x6604)
#define   FF_MODE2_GS_TIMER_224		(224 << 24)
#define   FF_MODE2_TDS_TIMER_128	(4 << 16)
#define COMMON_SLICE_CHICKEN1		DG1_REG(0x7010, DG1_REG_OPTION_MASKED)
#define HIZ_CHICKEN			DG1_REG(0x7018, DG1_REG_OPTION_MASKED)
#define   DG1_HZ_READ_SUPPRESSION_OPTIMIZATION_DISABLE	REG_BIT(14)
#define COMMON_SLICE_CHICKEN3		DG1_REG(0x7304, DG1_REG_OPTION_MASKED)
#define   DG1_FLOAT_POINT_BLEND_OPT_STRICT_MODE_EN	REG_BIT(12)
#define   DISABLE_CPS_AWARE_COLOR_PIPE	REG_BIT(9)
#define GARBCNTL			DG1_REG(0xb004)
#define   BUS_HASH_CTL_BIT_EXC		REG_BIT(7)
#define SAMPLER_MODE			DG1_REG_MCR(0xe18c, DG1_REG_OPTION_MASKED)
#define   ENABLE_SMALLPL		REG_BIT(15)
#define   INDIRECT_STATE_BASE_ADDR_OVERRIDE	REG_BIT(0)
#define ROW_CHICKEN2			DG1_REG_MCR(0xe4f4, DG1_REG_OPTION_MASKED)
#define   DISABLE_EARLY_READ		REG_BIT(14)

/*
 * L3 cache control of the MOCS indexes, two 16-bit entries per register
 * (Vol 7 Memory Cache "MOCS"; i915 intel_gt_regs.h GEN9_LNCFCMOCS, plain
 * below graphics 12.55).
 */
#define LNCFCMOCS(i)			DG1_REG(0xb020 + (i) * 4)
#define LNCFCMOCS_REGS			32

#endif /* _DG1_GT_REGS_H_ */
