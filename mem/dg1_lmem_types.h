/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_LMEM_TYPES_H_
#define _DG1_LMEM_TYPES_H_

#include <linux/types.h>

/* At most this many ranges of BAR2 claimed by others are kept clear of. */
#define DG1_LMEM_FW_RANGES	4

/**
 * struct dg1_lmem_range - a page-aligned range of local memory
 */
struct dg1_lmem_range {
	/** @start: LMEM offset */
	u64 start;
	/** @size: bytes */
	u64 size;
};

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
	/**
	 * @fw: parts of the aperture another driver had claimed at probe
	 * (a firmware framebuffer: efifb, simpledrm), as LMEM offsets; dg1
	 * allocates nothing there and keeps the GGTT entries into them
	 */
	struct dg1_lmem_range fw[DG1_LMEM_FW_RANGES];
	/** @num_fw: valid entries of @fw */
	unsigned int num_fw;
};

#endif /* _DG1_LMEM_TYPES_H_ */
