/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_PT_POOL_TYPES_H_
#define _DG1_PT_POOL_TYPES_H_

#include <linux/list.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>

struct dg1_bo;
struct dg1_device;
struct dg1_pt_quota;

/* Page tables per block: 64 KiB of LMEM. */
#define DG1_PT_BLOCK_TABLES	16
#define DG1_PT_BLOCK_FULL	((u16)GENMASK(DG1_PT_BLOCK_TABLES - 1, 0))

/**
 * struct dg1_pt_block - a pinned LMEM object that holds up to 16 tables
 */
struct dg1_pt_block {
	/** @bo: the object, %DG1_PT_BLOCK_TABLES pages, pinned */
	struct dg1_bo *bo;
	/** @link: in &dg1_pt_pool.blocks */
	struct list_head link;
	/** @used: a bit per table handed out */
	u16 used;
	/** @addr: each table's LMEM address (its pages need not be in a row) */
	u64 addr[DG1_PT_BLOCK_TABLES];
};

/**
 * struct dg1_pt_slot - one table's place in its pool
 */
struct dg1_pt_slot {
	/** @block: the block that holds it */
	struct dg1_pt_block *block;
	/** @index: which table of @block */
	unsigned int index;
	/** @addr: its LMEM address */
	u64 addr;
	/** @io: it through the LMEM BAR */
	u64 __iomem *io;
};

/**
 * struct dg1_pt_pool - where one VM's page tables come from
 *
 * A block is pinned whole and charged whole to the file's quota: what a
 * file pins never passes its quota, however its tables are spread. The
 * blocks with a free table come first in @blocks.
 */
struct dg1_pt_pool {
	/** @dg1: the device, whose LMEM holds the blocks */
	struct dg1_device *dg1;
	/** @quota: the file's, charged %DG1_PT_BLOCK_TABLES per block */
	struct dg1_pt_quota *quota;
	/**
	 * @lock: guards @blocks, the blocks' @used and the counts; a table
	 * is freed while another one of the VM is allocated
	 */
	spinlock_t lock;
	/** @blocks: every block of the VM, those with a free table first */
	struct list_head blocks;
	/** @num_blocks: blocks held */
	unsigned int num_blocks;
	/** @num_tables: tables handed out */
	unsigned int num_tables;
};

#endif /* _DG1_PT_POOL_TYPES_H_ */
