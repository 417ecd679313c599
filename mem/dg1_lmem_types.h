/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_LMEM_TYPES_H_
#define _DG1_LMEM_TYPES_H_

#include <linux/types.h>

/**
 * struct dg1_lmem - local (device) memory
 */
struct dg1_lmem {
	/** @size: usable bytes, below the GGTT stolen area (GSMBASE) */
	u64 size;
	/** @io_start: bus address of the CPU aperture (BAR2) */
	resource_size_t io_start;
	/** @io_size: length of the CPU aperture */
	resource_size_t io_size;
	/** @io_vaddr: write-combining kernel mapping of the aperture */
	void __iomem *io_vaddr;
};

#endif /* _DG1_LMEM_TYPES_H_ */
