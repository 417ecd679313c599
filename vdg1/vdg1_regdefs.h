/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdg1_regdefs.h - the DG1 register offsets and fields vdg1 implements.
 *
 * Definitions only. "Vol13:Lnnn" cites a line of the DG1 PRM Vol 13
 * (shared/seeds/000_5bc36b2a2bce547c.txt), "HW §n" a section of
 * shared/reference/HARDWARE.md.
 */
#ifndef VDG1_REGDEFS_H
#define VDG1_REGDEFS_H

/* BAR0 (GTTMMADR) layout: HW §1.2, §1.3; Vol13:L91-L95. */
#define VDG1_BAR0_SIZE			(16u << 20)
#define VDG1_MMIO_SIZE			(4u << 20)	/* registers */
#define VDG1_GGTT_BASE			(8u << 20)	/* PTEs, 8 bytes each */

/* Forcewake request (masked) and ack registers: HW §3.1; Vol13:L355-L369. */
#define FORCEWAKE_GT			0xa188
#define FORCEWAKE_RENDER		0xa278
#define FORCEWAKE_MEDIA_VDBOX(n)	(0xa540 + 4 * (n))
#define FORCEWAKE_MEDIA_VEBOX(n)	(0xa560 + 4 * (n))
#define FORCEWAKE_ACK_GT		0x130044
#define FORCEWAKE_ACK_RENDER		0x0d84
#define FORCEWAKE_ACK_MEDIA_VDBOX(n)	(0x0d50 + 4 * (n))
#define FORCEWAKE_ACK_MEDIA_VEBOX(n)	(0x0d70 + 4 * (n))
/* Request/ack bits (same positions in both): HW §3.1. */
#define   FORCEWAKE_KERNEL		(1u << 0)
#define   FORCEWAKE_USER		(1u << 1)
#define   FORCEWAKE_KERNEL_FALLBACK	(1u << 15)

/* MCR steering selector, multicast resets to 1: HW §4.2; Vol13:L321, L328-L333. */
#define GEN8_MCR_SELECTOR		0xfdc
#define   GEN11_MCR_MULTICAST		(1u << 31)

/* Fuse reflections: HW §4.3; Vol13:L345-L348. */
#define GEN10_MIRROR_FUSE3		0x9118	/* L3 bank-pair disable, [3:0] = [7:4] */
#define GEN11_EU_DISABLE		0x9134
#define GEN11_GT_SLICE_ENABLE		0x9138
#define GEN12_GT_GEOMETRY_DSS_ENABLE	0x913c
#define GEN11_GT_VEBOX_VDBOX_DISABLE	0x9140
#define   GEN11_GT_VDBOX_DISABLE_MASK	0x000000ffu
#define   GEN11_GT_VEBOX_DISABLE_MASK	0x000f0000u

/* GGTT TLB invalidate (write-only strobe): HW §1.3. */
#define GFX_FLSH_CNTL_GEN6		0x101008
/* LMEM_INIT: boot firmware trained LMEM; the driver fails probe if clear: HW §1.4, §1.5. */
#define GU_CNTL				0x101010
#define   GU_CNTL_LMEM_INIT		(1u << 7)

/* GGTT size: GGMS bits 7:6, PTE area = (1 << GGMS) MiB: HW §1.3. */
#define GGC				0x108040
#define   GGC_GGMS_SHIFT		6
#define   GGC_GGMS_MASK			(3u << GGC_GGMS_SHIFT)
/* The same value is mirrored in PCI config space (SNB_GMCH_CTRL): HW §1.3. */
#define VDG1_PCI_GMCH_CTRL		0x50

/* Base of the GGTT stolen area at the top of LMEM = usable LMEM size: HW §1.4, §1.5. */
#define GEN12_GSMBASE_LO		0x108100
#define GEN12_GSMBASE_HI		0x108104

#endif /* VDG1_REGDEFS_H */
