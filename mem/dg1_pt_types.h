/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_PT_TYPES_H_
#define _DG1_PT_TYPES_H_

#include <linux/atomic.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex_types.h>
#include <linux/types.h>

#include "mem/dg1_pt_pool_types.h"
#include "regs/dg1_gtt_defs.h"

struct dg1_device;

/**
 * struct dg1_pt - one page-table page of a PPGTT, at any level
 *
 * The page is a table of a pinned block in CPU-visible LMEM
 * (mem/dg1_pt_pool.c); the CPU writes its entries through the BAR and
 * keeps a copy in @shadow, so that nothing ever reads the write-combined
 * mapping back. The counts say whether
 * anything still needs the table (dg1_pt_prune()); they and @children
 * are guarded by &dg1_pt_root.lock.
 */
struct dg1_pt {
	/**
	 * @slot: where the table is: its LMEM address (what the parent
	 * entry holds) and its mapping through the BAR
	 */
	struct dg1_pt_slot slot;
	/** @level: 4 for the PML4 down to 1 for a page table */
	unsigned int level;
	/** @parent: the directory above; NULL for the PML4 */
	struct dg1_pt *parent;
	/** @index: of its entry in @parent */
	unsigned int index;
	/** @present: entries present */
	unsigned int present;
	/** @nr_children: non-NULL entries of @children */
	unsigned int nr_children;
	/** @pending: maps prepared over it and not yet written, per slot */
	unsigned int pending;
	/** @zombie: in &dg1_pt_root.zombies once detached */
	struct list_head zombie;
	/** @children: for directories, the tables below; NULL for level 1 */
	struct dg1_pt **children;
	/** @shadow: the entries as last written */
	u64 shadow[DG1_PPGTT_ENTRIES];
};

/**
 * struct dg1_pt_seg - a physically contiguous run of a mapping's pages
 */
struct dg1_pt_seg {
	/** @addr: LMEM offset or bus address of the first page */
	u64 addr;
	/** @size: bytes, a multiple of 4 KiB */
	u64 size;
};

/**
 * struct dg1_pt_map - what one map writes into the page tables
 */
struct dg1_pt_map {
	/** @va: first virtual address, 4 KiB aligned */
	u64 va;
	/** @size: bytes, a multiple of 4 KiB */
	u64 size;
	/** @lmem: the pages are in LMEM (else system memory) */
	bool lmem;
	/** @pat_index: entry of the private PAT */
	u16 pat_index;
	/** @num_segs: entries in @segs */
	unsigned int num_segs;
	/** @segs: the pages, in VA order, covering @size in all */
	struct dg1_pt_seg *segs;
};

/* Page sizes a map used, as dg1_pt_write_map() reports them. */
#define DG1_PT_USED_4K		BIT(0)
#define DG1_PT_USED_64K		BIT(1)
#define DG1_PT_USED_2M		BIT(2)

/**
 * struct dg1_pt_quota - how many page tables a file's VMs hold
 *
 * Page tables are pinned LMEM: a file may hold at most
 * %DRM_DG1_MAX_PT_BYTES of them, counted in whole blocks of
 * %DG1_PT_BLOCK_TABLES. Each of its VMs holds a reference; the VMs may
 * outlive the file.
 */
struct dg1_pt_quota {
	/** @ref: the file's, and one per VM */
	struct kref ref;
	/** @tables: 4 KiB tables pinned: every table of its VMs' blocks */
	atomic_t tables;
};

/**
 * struct dg1_pt_root - the page tables of one VM
 */
struct dg1_pt_root {
	/** @dg1: the device, whose LMEM holds the tables */
	struct dg1_device *dg1;
	/** @quota: its file's; a reference */
	struct dg1_pt_quota *quota;
	/** @pml4: the top-level table; its address goes into contexts */
	struct dg1_pt *pml4;
	/**
	 * @lock: guards the entries (hardware and shadow) and the tables'
	 * @children; taken inside the reservations of the mapped objects
	 */
	struct mutex lock;
	/** @pool: where its tables come from; counts them, the PML4 included */
	struct dg1_pt_pool pool;
	/**
	 * @zombies: tables detached, freeable after the next TLB
	 * invalidation (the walker may have cached the entries that led to
	 * them)
	 */
	struct list_head zombies;
	/**
	 * @freeable: tables detached before a TLB invalidation since done;
	 * freed where no reservation is held (freeing takes theirs)
	 */
	struct list_head freeable;
	/**
	 * @needs_tlb_flush: a present entry was cleared or changed since
	 * the last TLB invalidation; guarded by @lock
	 */
	bool needs_tlb_flush;
};

#endif /* _DG1_PT_TYPES_H_ */
