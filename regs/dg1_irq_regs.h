/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupt registers of DG1: the tile and GFX masters, the second-level
 * GT interrupt banks with their selector and identity registers, the
 * per-class enables and per-instance masks, and the GU_MISC / PCU unit
 * blocks. The architecture is the manual's (Vol 13 General Assets,
 * "Interrupts"); offsets and bit layouts it leaves out come from i915
 * i915_reg.h and gt/intel_gt_regs.h. All sit in 0x40000-0x1BFFFF, outside
 * every forcewake range.
 */
#ifndef _DG1_IRQ_REGS_H_
#define _DG1_IRQ_REGS_H_

#include "regs/dg1_reg_defs.h"

#define DG1_MSTR_TILE_INTR		DG1_REG(0x190008)
#define   DG1_MSTR_IRQ			REG_BIT(31)
#define   DG1_MSTR_TILE(t)		REG_BIT(t)

#define GEN11_GFX_MSTR_IRQ		DG1_REG(0x190010)
#define   GEN11_GT_DW_IRQ(dw)		REG_BIT(dw)

/* Second-level IIRs, write 1 to clear; 32 engine/unit bits each. */
#define GEN11_GT_INTR_DW(dw)		DG1_REG(0x190018 + (dw) * 4)
#define   GEN11_GT_INTR_BANKS		2
#define   GEN11_RCS0_BIT		0
#define   GEN11_BCS_BIT			15
#define   GEN11_VCS_BIT(n)		(n)		/* bank 1 */
#define   GEN11_VECS_BIT(n)		(31 - (n))	/* bank 1 */

/* Per-class enables: the first-named class in 31:16, the second in 15:0. */
#define GEN11_RENDER_COPY_INTR_ENABLE	DG1_REG(0x190030)
#define GEN11_VCS_VECS_INTR_ENABLE	DG1_REG(0x190034)
#define GEN11_GUC_SG_INTR_ENABLE	DG1_REG(0x190038)
#define GEN11_GPM_WGBOXPERF_INTR_ENABLE	DG1_REG(0x19003c)
#define GEN11_CRYPTO_RSVD_INTR_ENABLE	DG1_REG(0x190040)
#define GEN11_GUNIT_CSME_INTR_ENABLE	DG1_REG(0x190044)

/* Shared IIR of the engine the selector names. */
#define GEN11_INTR_IDENTITY_REG(dw)	DG1_REG(0x190060 + (dw) * 4)
#define   GEN11_INTR_DATA_VALID		REG_BIT(31)
#define   GEN11_INTR_ENGINE_INSTANCE	REG_GENMASK(25, 20)
#define   GEN11_INTR_ENGINE_CLASS	REG_GENMASK(18, 16)
#define   GEN11_INTR_ENGINE_INTR	REG_GENMASK(15, 0)
#define   GEN11_OTHER_CLASS		4
/* The OA unit's identity: class 4, instance 2 (the manual's class table). */
#define   GEN11_OTHER_WDOAPERF_INSTANCE	2

/* One-hot: which bit of the bank's IIR the identity register shows. */
#define GEN11_IIR_REG_SELECTOR(dw)	DG1_REG(0x190070 + (dw) * 4)

/* Per-instance masks: the first-named unit in 31:16, the second in 15:0. */
#define GEN11_RCS0_RSVD_INTR_MASK	DG1_REG(0x190090)
#define GEN11_BCS_RSVD_INTR_MASK	DG1_REG(0x1900a0)
#define GEN11_VCS0_VCS1_INTR_MASK	DG1_REG(0x1900a8)
#define GEN11_VCS2_VCS3_INTR_MASK	DG1_REG(0x1900ac)
#define GEN11_VECS0_VECS1_INTR_MASK	DG1_REG(0x1900d0)
#define GEN11_GUC_SG_INTR_MASK		DG1_REG(0x1900e8)
#define GEN11_GPM_WGBOXPERF_INTR_MASK	DG1_REG(0x1900ec)
#define GEN11_CRYPTO_RSVD_INTR_MASK	DG1_REG(0x1900f0)
#define GEN11_GUNIT_CSME_INTR_MASK	DG1_REG(0x1900f4)

/* Unit interrupt blocks: ISR, IMR, IIR, IER (xe xe_irq.c). */
#define GEN8_PCU_IMR			DG1_REG(0x444e4)
#define GEN8_PCU_IIR			DG1_REG(0x444e8)
#define GEN8_PCU_IER			DG1_REG(0x444ec)
#define GEN11_GU_MISC_IMR		DG1_REG(0x444f4)
#define GEN11_GU_MISC_IIR		DG1_REG(0x444f8)
#define GEN11_GU_MISC_IER		DG1_REG(0x444fc)

/*
 * Engine interrupt bits, the 16-bit field of masks and identities (Vol 13
 * General Assets, the engine interrupt vector table; bit 11 from i915
 * i915_reg.h, which the manual omits).
 */
#define GT_RENDER_USER_INTERRUPT	REG_BIT(0)
#define GT_CS_MASTER_ERROR_INTERRUPT	REG_BIT(3)
#define GT_FLUSH_NOTIFY_INTERRUPT	REG_BIT(4)
/* A PPGTT fault is pending (the vector's "Page Fault", legacy interface). */
#define GT_PAGE_FAULT_INTERRUPT		REG_BIT(7)
#define GT_CONTEXT_SWITCH_INTERRUPT	REG_BIT(8)
#define GT_WAIT_SEMAPHORE_INTERRUPT	REG_BIT(11)

/*
 * WDOAPerf's one bit: the OA buffer crossed half full. It is bit 28 of the
 * manual's OA interrupt registers, the upper half of which the 16 data
 * bits carry; enabled and masked in the lower half of GPM_WGBOXPERF (the
 * upper half is GTPM's, i915 gt/intel_gt_regs.h). Source of the bit and
 * the half: the intel-gfx series named at GEN12_OA_IMR.
 */
#define GT_OA_HALF_FULL_INTERRUPT	REG_BIT(12)

#endif /* _DG1_IRQ_REGS_H_ */
