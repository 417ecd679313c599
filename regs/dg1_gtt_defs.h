/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page-table entry formats of DG1's GTTs (i915 gt/intel_gtt.h, xe
 * regs/xe_gtt_defs.h). Entries are 64-bit; bits 45:12 hold the page
 * address, in system memory (a bus address) or, with the LM bit, in local
 * memory (an offset into LMEM).
 */
#ifndef _DG1_GTT_DEFS_H_
#define _DG1_GTT_DEFS_H_

#include <linux/bits.h>
#include <linux/sizes.h>

#define DG1_GTT_PAGE_SIZE		SZ_4K
#define DG1_GTT_ADDR_MASK		GENMASK_ULL(45, 12)

/* GGTT PTE: no RW or PAT bits before MTL (i915 gt/intel_ggtt.c) */
#define DG1_GGTT_PTE_PRESENT		BIT_ULL(0)
#define DG1_GGTT_PTE_LM			BIT_ULL(1)

/* The PTEs sit in BAR0's upper half, one u64 per 4 KiB of GGTT. */
#define DG1_GGTT_PTE_BAR_OFFSET		SZ_8M
#define DG1_GGTT_PTE_BAR_MAX		SZ_8M

/*
 * PPGTT entries (i915 gt/intel_gtt.h, gt/gen8_ppgtt.c; xe
 * regs/xe_gtt_defs.h). Four levels of 512-entry tables decode VA bits
 * 47:12; DG1 uses 47 bits (i915 i915_pci.c, Wa_16011227922). A PTE holds
 * PRESENT, RW, the PAT index in bits 3, 4 and 7, and LM for a page in
 * LMEM. A PDE with PS maps a 2 MiB page; one with IPS makes its page table
 * a 64 KiB one, in which every 16th entry maps a 64 KiB page.
 */
#define DG1_PPGTT_VA_BITS		47
#define DG1_PPGTT_LEVELS		4
#define DG1_PPGTT_ENTRIES		512
#define DG1_PPGTT_ENTRY_SHIFT		9

#define DG1_PPGTT_PRESENT		BIT_ULL(0)
#define DG1_PPGTT_RW			BIT_ULL(1)
#define DG1_PPGTT_PTE_PAT0		BIT_ULL(3)
#define DG1_PPGTT_PTE_PAT1		BIT_ULL(4)
#define DG1_PPGTT_PTE_PAT2		BIT_ULL(7)
#define DG1_PPGTT_PTE_LM		BIT_ULL(11)
#define DG1_PPGTT_PDE_PS_2M		BIT_ULL(7)
#define DG1_PPGTT_PDE_IPS_64K		BIT_ULL(11)

/* Entries of DG1's private PAT (i915 gt/intel_gtt.c, xe xe_pat.c). */
#define DG1_PAT_INDEX_COUNT		8

/*
 * Memory types of a PAT entry (i915 gt/intel_gtt.h GEN8_PPAT_*, xe xe_pat.c
 * XELP_MEM_TYPE): Gen12 has no LLC or age fields.
 */
#define DG1_PAT_UC			0
#define DG1_PAT_WC			1
#define DG1_PAT_WT			2
#define DG1_PAT_WB			3

#endif /* _DG1_GTT_DEFS_H_ */
