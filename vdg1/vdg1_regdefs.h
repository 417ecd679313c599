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

/* GGTT TLB invalidate (write-only strobe): i915 gt/intel_ggtt.c. */
#define GFX_FLSH_CNTL_GEN6		0x101008
/* LMEM_INIT: boot firmware trained LMEM; i915 intel_uncore.c fails probe if clear. */
#define GU_CNTL				0x101010
#define   GU_CNTL_LMEM_INIT		(1u << 7)

/* GGTT size: GGMS bits 7:6, PTE area = (1 << GGMS) MiB (i915 gt/intel_ggtt.c). */
#define GGC				0x108040
#define   GGC_GGMS_SHIFT		6
#define   GGC_GGMS_MASK			(3u << GGC_GGMS_SHIFT)
/* Mirrored in PCI config space (SNB_GMCH_CTRL), where i915 gt/intel_ggtt.c reads it. */
#define VDG1_PCI_GMCH_CTRL		0x50

/* GSM base, at the top of LMEM = usable LMEM size: i915 gt/intel_region_lmem.c. */
#define GEN12_GSMBASE_LO		0x108100
#define GEN12_GSMBASE_HI		0x108104

#endif /* VDG1_REGDEFS_H */
