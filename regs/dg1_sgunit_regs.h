/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SGunit registers of DG1: the ones that describe local memory and the
 * GGTT stolen area. They sit outside the GT (0x40000-0x115FFF), so no
 * forcewake domain covers them and they can be read before forcewake is
 * set up (i915 intel_uncore.c NEEDS_FORCE_WAKE). Offsets and bits from i915
 * i915_reg.h and intel_gt_regs.h.
 */
#ifndef _DG1_SGUNIT_REGS_H_
#define _DG1_SGUNIT_REGS_H_

#include "regs/dg1_reg_defs.h"

/* Graphics unit control: boot firmware sets LMEM_INIT once LMEM is trained */
#define GU_CNTL				DG1_REG(0x101010)
#define   DRIVERFLR			REG_BIT(31)
#define   LMEM_INIT			REG_BIT(7)

/* GGTT TLB invalidation, non-GuC path (i915 gt/intel_ggtt.c) */
#define GFX_FLSH_CNTL			DG1_REG(0x101008)
#define   GFX_FLSH_CNTL_EN		REG_BIT(0)

/* Graphics control: GGTT PTE area size (GGMS) and DSM size (GMS) */
#define GGC				DG1_REG(0x108040)
#define   GGC_GMS_MASK			REG_GENMASK(15, 8)
#define   GGC_GGMS_MASK			REG_GENMASK(7, 6)

/* GGTT stolen memory (GSM) base: the top of usable LMEM (64-bit) */
#define GSMBASE				DG1_REG(0x108100)
#define GSMBASE_UDW			DG1_REG(0x108104)

#endif /* _DG1_SGUNIT_REGS_H_ */
