/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_regdefs.h - the DG1 register offsets and fields vdg1 implements.
 *
 * Definitions only. "Vol 13" is the DG1 PRM Volume 13: General Assets,
 * cited by section title; "FWST" is its section "Force Wake and Steering
 * Table", whose range table is cited by row (start-end address) and whose
 * notes after the table by their heading. Upstream files are named
 * "i915 <file>" (drivers/gpu/drm/i915/).
 */
#ifndef VDG1_REGDEFS_H
#define VDG1_REGDEFS_H

/*
 * BAR0 (GTTMMADR) layout: 16 MiB, 4 MiB of registers (i915 intel_uncore.c),
 * GGTT PTEs from 8 MiB (i915 gt/intel_ggtt.c); Vol 13 "Discrete Graphics
 * Memory Map Information".
 */
#define VDG1_BAR0_SIZE			(16u << 20)
#define VDG1_MMIO_SIZE			(4u << 20)	/* registers */
#define VDG1_GGTT_BASE			(8u << 20)	/* PTEs, 8 bytes each */

/* Forcewake request (masked) and ack registers: FWST, force-wake table. */
#define FORCEWAKE_GT			0xa188
#define FORCEWAKE_RENDER		0xa278
#define FORCEWAKE_MEDIA_VDBOX(n)	(0xa540 + 4 * (n))
#define FORCEWAKE_MEDIA_VEBOX(n)	(0xa560 + 4 * (n))
#define FORCEWAKE_ACK_GT		0x130044
#define FORCEWAKE_ACK_RENDER		0x0d84
#define FORCEWAKE_ACK_MEDIA_VDBOX(n)	(0x0d50 + 4 * (n))
#define FORCEWAKE_ACK_MEDIA_VEBOX(n)	(0x0d70 + 4 * (n))
/* Request/ack bits, same in both; the manual gives none: i915 gt/intel_gt_regs.h. */
#define   FORCEWAKE_KERNEL		(1u << 0)
#define   FORCEWAKE_USER		(1u << 1)
#define   FORCEWAKE_KERNEL_FALLBACK	(1u << 15)

/*
 * MCR steering selector, multicast resets to 1: FWST, steering control
 * registers; bit positions i915 gt/intel_gt_regs.h.
 */
#define GEN8_MCR_SELECTOR		0xfdc
#define   GEN11_MCR_MULTICAST		(1u << 31)
#define   GEN11_MCR_SLICE_SHIFT		27		/* bits 30:27 */
#define   GEN11_MCR_SLICE_MASK		(0xfu << GEN11_MCR_SLICE_SHIFT)
#define   GEN11_MCR_SUBSLICE_SHIFT	24		/* bits 26:24 */
#define   GEN11_MCR_SUBSLICE_MASK	(0x7u << GEN11_MCR_SUBSLICE_SHIFT)

/*
 * Crystal clock and CS timestamp shift (i915 gt/intel_gt_regs.h
 * GEN11_RPM_CONFIG0_*, gt/intel_gt_clock_utils.c):
 * f = crystal >> (3 - shift). AON (FWST row 0x0C00-0x0DFF).
 */
#define RPM_CONFIG0			0x0d00
#define   RPM_CONFIG0_CRYSTAL_SHIFT	3		/* bits 5:3 */
#define   RPM_CONFIG0_CRYSTAL_38_4_MHZ	2		/* 0 24, 1 19.2, 2 38.4, 3 25 */
#define   RPM_CONFIG0_CTC_SHIFT_SHIFT	1		/* bits 2:1 */

/*
 * Timestamp source: bit 0 = 0 crystal, 1 divide logic (i915
 * gt/intel_gt_clock_utils.c). GT (FWST row 0xA000-0xAFFF).
 */
#define CTC_MODE			0xa26c

/* Fuses: 0x9118 and 0x913C in FWST, fuse reflections; all in i915 gt/intel_gt_regs.h. */
#define GEN10_MIRROR_FUSE3		0x9118	/* L3 bank-pair disable, [3:0] = [7:4] */
#define GEN11_EU_DISABLE		0x9134
#define GEN11_GT_SLICE_ENABLE		0x9138
#define GEN12_GT_GEOMETRY_DSS_ENABLE	0x913c
#define GEN11_GT_VEBOX_VDBOX_DISABLE	0x9140
/*
 * Media units a DG1 does not have: VCS1, VCS3-7, VECS1-3 (i915 i915_pci.c,
 * dg1's engine mask is VCS0 | VCS2 | VECS0). Their disable bits always read
 * set: xe (xe_hw_engine.c, read_media_fuses) starts from every VCS0-7 and
 * VECS0-3 of its Xe_M media IP and keeps what the fuse leaves.
 */
#define VDG1_MEDIA_ABSENT		0x000e00fau
#define   GEN11_GT_VDBOX_DISABLE_MASK	0x000000ffu
#define   GEN11_GT_VEBOX_DISABLE_MASK	0x000f0000u

/*
 * Engine MMIO bases (Vol 13 "Register Access and User Mode Privileges";
 * i915 gt/intel_engine_cs.c) and per-engine registers (i915
 * gt/intel_engine_regs.h).
 */
#define RENDER_RING_BASE		0x002000	/* RCS0, RENDER */
#define BLT_RING_BASE			0x022000	/* BCS0, GT */
#define GEN11_BSD_RING_BASE		0x1c0000	/* VCS0, VDBOX0 */
#define GEN11_VEBOX_RING_BASE		0x1c8000	/* VECS0, VEBOX0 */
#define GEN11_BSD3_RING_BASE		0x1d0000	/* VCS2, VDBOX2 */
#define RING_TAIL(base)			((base) + 0x030)	/* shadowed (i915 intel_uncore.c) */
#define RING_EXECLIST_SQ_CONTENTS(base)	((base) + 0x510)	/* 16 dwords, shadowed */
#define   RING_EXECLIST_SQ_DWORDS	16
#define RING_EXECLIST_CONTROL(base)	((base) + 0x550)	/* shadowed */
/* Vol 13 "Read Only User Mode Privilege MMIO Access": GPU_TIMESTAMP */
#define RING_TIMESTAMP(base)		((base) + 0x358)
#define RING_TIMESTAMP_UDW(base)	((base) + 0x35c)
#define VDBOX_CGCTL3F10(base)		((base) + 0x3f10)	/* media clock gating */

/*
 * MISCCPCTL: bit 1 enables DOP clock gating for render (i915
 * gt/intel_gt_regs.h GEN7_MISCCPCTL, GEN12_DOP_CLOCK_GATE_RENDER_ENABLE).
 * Not replicated on Gen12; GT domain (wake table row 0x9400-0x947F).
 */
#define GEN7_MISCCPCTL			0x9424
#define   GEN12_DOP_CLOCK_GATE_RENDER_ENABLE	(1u << 1)

/* Clock-gating workaround registers (i915 gt/intel_gt_regs.h). */
#define UNSLICE_UNIT_LEVEL_CLKGATE2	0x94e4	/* RENDER, not replicated (FWST row 0x94D0-0x951F) */
#define SUBSLICE_UNIT_LEVEL_CLKGATE2	0x9528	/* DSS MCR (FWST row 0x9520-0x955F) */
#define GEN10_DFR_RATIO_EN_AND_CHICKEN	0x9550	/* DSS MCR (FWST row 0x9520-0x955F) */
/* L3 SQC credits: L3BANK MCR, RENDER (FWST row 0xB100-0xB3FF; i915 gt/intel_gt_regs.h). */
#define GEN8_L3SQCREG1			0xb100

/*
 * GGTT TLB invalidate (write-only strobe; i915 gt/intel_ggtt.c, bit from
 * i915 i915_reg.h). SGunit, outside the wake table: needs no forcewake.
 */
#define GFX_FLSH_CNTL_GEN6		0x101008
#define   GFX_FLSH_CNTL_EN		(1u << 0)
/*
 * The GPU's page-fault record (i915 gt/intel_gt_regs.h GEN12_RING_FAULT_REG,
 * GEN12_FAULT_TLB_DATA0/1 and their fields; read and cleared by i915
 * gt/intel_gt.c). GT domain (FWST row 0xC800-0xCFFF), not replicated.
 */
#define GEN12_FAULT_TLB_DATA0		0xceb8	/* faulting address bits 43:12 */
#define GEN12_FAULT_TLB_DATA1		0xcebc
#define   FAULT_VA_HIGH_BITS		0xfu		/* address bits 47:44 */
#define   FAULT_GTT_SEL			(1u << 4)	/* GGTT, not PPGTT */
#define GEN12_RING_FAULT_REG		0xcec4
#define   RING_FAULT_VALID		(1u << 0)
#define   RING_FAULT_TYPE_SHIFT		1		/* bits 2:1 */
#define   RING_FAULT_SRCID_SHIFT	3		/* bits 10:3 */
#define   RING_FAULT_GTTSEL		(1u << 11)
#define   RING_FAULT_ENGINE_ID_SHIFT	12		/* bits 16:12 */
#define   RING_FAULT_ENGINE_ID_MASK	0x1fu
/*
 * Fault types of that field, as xe regs/xe_pagefault_desc.h numbers them
 * for the GuC's copy of the same record.
 */
#define   FAULT_TYPE_NOT_PRESENT	0
#define   FAULT_TYPE_WRITE_ACCESS	1

/*
 * Per-class TLB invalidation: write BIT(engine instance), poll until it
 * clears (i915 gt/intel_gt_regs.h GEN12_*_TLB_INV_CR, gt/intel_tlb.c and
 * gt/intel_engine_cs.c). The OA unit's TLB (i915 i915_perf_oa_regs.h
 * GEN12_OA_TLB_INV_CR) is invalidated alongside on DG1 (Wa_2207587034,
 * i915 gt/intel_tlb.c). GT domain (FWST row 0xC800-0xCFFF).
 */
#define GEN12_GFX_TLB_INV_CR		0xced8	/* RCS */
#define GEN12_VD_TLB_INV_CR		0xcedc	/* VCS, bit = instance */
#define GEN12_VE_TLB_INV_CR		0xcee0	/* VECS */
#define GEN12_BLT_TLB_INV_CR		0xcee4	/* BCS */
#define GEN12_OA_TLB_INV_CR		0xceec	/* OA, bit 0 */

/* LMEM_INIT: boot firmware trained LMEM; i915 intel_uncore.c fails probe if clear. */
#define GU_CNTL				0x101010
#define   GU_CNTL_LMEM_INIT		(1u << 7)

/*
 * GGTT size: GGMS bits 7:6, PTE area = (1 << GGMS) MiB (i915
 * gt/intel_ggtt.c); DSM size: GMS bits 15:8, 32 MiB per step (i915
 * gem/i915_gem_stolen.c).
 */
#define GGC				0x108040
#define   GGC_GGMS_SHIFT		6
#define   GGC_GGMS_MASK			(3u << GGC_GGMS_SHIFT)
#define   GGC_GMS_SHIFT			8
/* Mirrored in PCI config space (SNB_GMCH_CTRL), where i915 gt/intel_ggtt.c reads it. */
#define VDG1_PCI_GMCH_CTRL		0x50

/*
 * RC6 and power-gating enables (i915 gt/intel_gt_regs.h): RC6 powers the
 * whole GT down, power gating one well while the rest runs. GT domain.
 */
#define GEN6_RC_CONTROL			0xa090
#define   GEN6_RC_CTL_RC6_ENABLE	(1u << 18)
#define GEN9_PG_ENABLE			0xa210
#define   GEN9_RENDER_PG_ENABLE		(1u << 0)
#define   GEN9_MEDIA_PG_ENABLE		(1u << 1)

/*
 * The private PAT, 8 entries (i915 gt/intel_gt_regs.h GEN12_PAT_INDEX): the
 * memory type of each PAT index of a PPGTT leaf. GT domain (FWST row
 * 0x4000-0x47FF). vdg1_mmu.c owns them: each PPGTT access is counted by
 * the memory type in bits 1:0 of its leaf's entry (i915 gt/intel_gtt.h
 * GEN8_PPAT_UC/WC/WT/WB; the PAT's cache-class bits are not modelled,
 * the model has no cache).
 */
#define GEN12_PAT_INDEX(i)		(0x4800 + 4 * (i))
#define VDG1_PAT_ENTRIES		8
#define   GEN8_PPAT_MEM_TYPE_MASK	0x3u

/*
 * GuC status (i915 gt/uc/intel_guc_reg.h): MIA_IN_RESET while the GuC's
 * microcontroller is held in reset. vdg1 runs no GuC firmware, so it
 * stays there; i915 gt/uc/intel_uc.c checks the bit after every GuC reset.
 * GT domain (FWST row 0xC000-0xC7FF).
 */
#define GUC_STATUS			0xc000
#define   GS_MIA_IN_RESET		(1u << 0)

/*
 * PCODE mailbox (i915 i915_reg.h, intel_pcode.c; xe regs/xe_pcode_regs.h):
 * READY while the firmware owns it, command in 7:0 and status in 7:0 once
 * answered; DG1's init-status query.
 */
#define GEN6_PCODE_MAILBOX		0x138124
#define   GEN6_PCODE_READY		(1u << 31)
#define   GEN6_PCODE_CMD_MASK		0xffu
#define   GEN6_PCODE_SUCCESS		0x0
#define   GEN6_PCODE_ILLEGAL_CMD	0x1
#define   GEN11_PCODE_ILLEGAL_SUBCOMMAND	0x4
#define   PCODE_POWER_SETUP		0x7c
#define   DG1_PCODE_STATUS		0x7e
#define     DG1_UNCORE_GET_INIT_STATUS	0x0
#define     DG1_UNCORE_INIT_STATUS_COMPLETE	0x1
#define GEN6_PCODE_DATA			0x138128
#define GEN6_PCODE_DATA1		0x13812c

/*
 * LMEM layout (vdg1_layout.c): GSM base = usable LMEM size (i915
 * gt/intel_region_lmem.c), DSM base and the reserved (WOPCM) part at the
 * DSM's top (i915 gem/i915_gem_stolen.c, bits 63:20 the address; size
 * field 8:7, 1 = 2 MiB; bit 0 enable).
 */
#define GEN6_DSMBASE_LO			0x1080c0
#define GEN6_DSMBASE_HI			0x1080c4
#define GEN12_GSMBASE_LO		0x108100
#define GEN12_GSMBASE_HI		0x108104
#define GEN6_STOLEN_RESERVED_LO		0x1082c0
#define GEN6_STOLEN_RESERVED_HI		0x1082c4
#define   GEN6_STOLEN_RESERVED_ENABLE	(1u << 0)
#define   GEN8_STOLEN_RESERVED_2M	(1u << 7)

/*
 * Interrupts (Vol 13 General Assets, "Interrupts"; offsets and layouts
 * i915 i915_reg.h and gt/intel_gt_regs.h). No forcewake: 0x40000-0x1BFFFF
 * is outside the FWST table.
 */
#define DG1_MSTR_TILE_INTR		0x190008
#define   DG1_MSTR_IRQ			(1u << 31)
#define   DG1_MSTR_TILE(t)		(1u << (t))
#define GEN11_GFX_MSTR_IRQ		0x190010
#define   GEN11_GT_DW_IRQ(dw)		(1u << (dw))
#define GEN11_GT_INTR_DW(dw)		(0x190018 + 4 * (dw))
#define GEN11_RENDER_COPY_INTR_ENABLE	0x190030
#define GEN11_VCS_VECS_INTR_ENABLE	0x190034
#define GEN11_GPM_WGBOXPERF_INTR_ENABLE	0x19003c
#define GEN11_INTR_IDENTITY_REG(dw)	(0x190060 + 4 * (dw))
#define   GEN11_INTR_DATA_VALID		(1u << 31)
#define   GEN11_INTR_ENGINE_INSTANCE_SHIFT	20
#define   GEN11_INTR_ENGINE_CLASS_SHIFT	16
#define GEN11_IIR_REG_SELECTOR(dw)	(0x190070 + 4 * (dw))
#define GEN11_RCS0_RSVD_INTR_MASK	0x190090
#define GEN11_BCS_RSVD_INTR_MASK	0x1900a0
#define GEN11_VCS0_VCS1_INTR_MASK	0x1900a8
#define GEN11_VCS2_VCS3_INTR_MASK	0x1900ac
#define GEN11_VECS0_VECS1_INTR_MASK	0x1900d0
#define GEN11_GPM_WGBOXPERF_INTR_MASK	0x1900ec
#define GEN8_PCU_ISR			0x444e0
#define GEN11_GU_MISC_ISR		0x444f0
#define GEN11_GU_MISC_IIR		0x444f8
#define GEN8_PCU_IIR			0x444e8

#endif /* VDG1_REGDEFS_H */
