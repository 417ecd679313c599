/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_KOBJ_TYPES_H_
#define _DG1_KOBJ_TYPES_H_

#include <linux/types.h>

#include "mem/dg1_ggtt_types.h"

struct dg1_bo;

/**
 * struct dg1_kobj - a kernel object the GPU reaches through the GGTT
 *
 * Status pages, rings and context images: pinned in the CPU-visible part
 * of LMEM as one contiguous run, mapped write-combined for the CPU and
 * bound in the GGTT for the GPU for their whole life.
 */
struct dg1_kobj {
	/** @bo: the pinned buffer object */
	struct dg1_bo *bo;
	/** @node: its GGTT range */
	struct dg1_ggtt_node node;
	/** @vaddr: CPU mapping through the LMEM BAR, write-combined */
	void __iomem *vaddr;
	/** @lmem_addr: LMEM offset of the first byte */
	u64 lmem_addr;
	/** @size: bytes */
	u64 size;
};

#endif /* _DG1_KOBJ_TYPES_H_ */
