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

#endif /* _DG1_GTT_DEFS_H_ */
