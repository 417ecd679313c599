/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_MEM_H_
#define _DG1_MEM_H_

#include <linux/container_of.h>
#include <linux/sizes.h>
#include <linux/types.h>

#include "mem/dg1_mem_types.h"

struct dg1_device;
struct drm_printer;

/**
 * struct dg1_mem_region_info - one region as the query reports it
 *
 * Fields as in &struct drm_dg1_memory_region_info, in bytes.
 */
struct dg1_mem_region_info {
	/** @min_page_size: allocation granule */
	u32 min_page_size;
	/** @total_size: size of the region */
	u64 total_size;
	/** @usable_size: what buffer objects may occupy */
	u64 usable_size;
	/** @used: occupied now */
	u64 used;
	/** @cpu_visible_size: the part the CPU can map */
	u64 cpu_visible_size;
	/** @cpu_visible_used: occupied now in that part */
	u64 cpu_visible_used;
};

/* Regions, indexed by enum drm_dg1_memory_region. */
#define DG1_MEM_NUM_REGIONS	2

/* LMEM kept from every object at its start (dg1_mem_init()). */
#define DG1_LMEM_LOW_RESERVED	SZ_1M

/**
 * struct dg1_mem_limits - how large an object each region can take
 */
struct dg1_mem_limits {
	/** @usable: per &enum drm_dg1_memory_region, bytes */
	u64 usable[DG1_MEM_NUM_REGIONS];
	/** @lmem_visible: bytes of LMEM the CPU can map */
	u64 lmem_visible;
};

int dg1_mem_init(struct dg1_mem *mem, struct dg1_device *dg1);
void dg1_mem_set_hooks(struct dg1_mem *mem,
		       const struct dg1_mem_hooks *hooks);
void dg1_mem_region_info(struct dg1_mem *mem, unsigned int region,
			 struct dg1_mem_region_info *info);
void dg1_mem_limits(struct dg1_mem *mem, struct dg1_mem_limits *limits);
void dg1_mem_print(struct dg1_mem *mem, struct drm_printer *p);

#endif /* _DG1_MEM_H_ */
