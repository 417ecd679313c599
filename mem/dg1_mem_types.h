/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_MEM_TYPES_H_
#define _DG1_MEM_TYPES_H_

#include <linux/atomic.h>
#include <linux/gpu_buddy.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

#include <drm/ttm/ttm_device.h>
#include <drm/ttm/ttm_placement.h>
#include <drm/ttm/ttm_resource.h>

/*
 * TTM memory types. SMEM is TTM_PL_TT: pages the GPU will reach; objects
 * TTM evicts from it or swaps out pass through TTM_PL_SYSTEM, which is
 * SMEM too as far as userspace is concerned. LMEM is TTM_PL_VRAM.
 */
#define DG1_PL_SMEM	TTM_PL_TT
#define DG1_PL_LMEM	TTM_PL_VRAM

/**
 * struct dg1_lmem_mgr - the TTM resource manager of local memory
 *
 * A buddy allocator over the usable LMEM, in 4 KiB chunks. Its first
 * @visible_size bytes are the part the CPU reaches through the BAR.
 */
struct dg1_lmem_mgr {
	/** @base: the TTM manager, registered as %DG1_PL_LMEM */
	struct ttm_resource_manager base;
	/** @mm: the buddy allocator; offsets are LMEM addresses */
	struct gpu_buddy mm;
	/** @lock: guards @mm, @visible_avail and @resources */
	struct mutex lock;
	/** @resources: every allocated &struct dg1_lmem_res */
	struct list_head resources;
	/** @visible_size: bytes of LMEM, from 0, that the CPU can map */
	u64 visible_size;
	/** @visible_avail: bytes of @visible_size not allocated */
	u64 visible_avail;
	/** @reserved: bytes no object may have (dg1_lmem_mgr_reserve()) */
	u64 reserved;
	/** @reserved_visible: the part of @reserved below @visible_size */
	u64 reserved_visible;
	/** @reserved_blocks: the buddy blocks of @reserved */
	struct list_head reserved_blocks;
};

/**
 * struct dg1_lmem_res - an allocation in LMEM
 *
 * The blocks are in the order of the object's pages: page n of the object
 * lies in the block that covers byte n * PAGE_SIZE of the concatenation.
 */
struct dg1_lmem_res {
	/** @base: the TTM resource */
	struct ttm_resource base;
	/** @blocks: the buddy blocks, &struct gpu_buddy_block.link */
	struct list_head blocks;
	/** @visible_bytes: bytes of the blocks below the visible limit */
	u64 visible_bytes;
	/** @cpu_visible: every block lies below the visible limit */
	bool cpu_visible;
	/** @link: in &dg1_lmem_mgr.resources */
	struct list_head link;
	/**
	 * @cursor: the block of the last lookup and the offset in the
	 * object where it starts, so that walking an object page by page
	 * does not rescan the list; guarded by the object's reservation
	 */
	struct {
		/** @cursor.block: the block, NULL before the first lookup */
		struct gpu_buddy_block *block;
		/** @cursor.start: its first byte, as an offset in the object */
		u64 start;
	} cursor;
};

struct dg1_bo;
struct dg1_device;

/**
 * struct dg1_mem_hooks - what the code above TTM's callbacks does in them
 *
 * TTM calls mem/dg1_ttm.c, at the bottom of the memory layer; what must
 * follow a move or an unplug belongs to VMs and shared buffers above it,
 * so the device registers them here (dg1_mem_set_hooks()) rather than the
 * TTM callbacks calling up.
 */
struct dg1_mem_hooks {
	/**
	 * @move_notify: an object's contents are in @new_mem, its old pages
	 * not yet freed; its reservation is held (mem/dg1_vm.c points its
	 * mappings at the new pages)
	 */
	void (*move_notify)(struct dg1_bo *bo, struct ttm_resource *new_mem);
	/**
	 * @unplug: the device is unbound and every object's backing store
	 * dropped, DMA not yet torn down (mem/dg1_dmabuf.c ends what ties
	 * shared buffers to the device)
	 */
	void (*unplug)(struct dg1_device *dg1);
};

/**
 * struct dg1_mem - buffer objects and the memory behind them
 */
struct dg1_mem {
	/** @bdev: the TTM device */
	struct ttm_device bdev;
	/** @smem_mgr: the manager of %DG1_PL_SMEM: only counts usage */
	struct ttm_resource_manager smem_mgr;
	/** @lmem_mgr: the manager of %DG1_PL_LMEM */
	struct dg1_lmem_mgr lmem_mgr;
	/** @num_bos: buffer objects in existence, the driver's included */
	atomic_t num_bos;
	/** @hooks: registered by the device before it makes objects */
	const struct dg1_mem_hooks *hooks;
	/** @userfault_lock: guards @userfault */
	struct mutex userfault_lock;
	/**
	 * @userfault: objects whose LMEM pages a CPU fault mapped into a
	 * process (&dg1_bo.userfault_link); unmapped before the device
	 * sleeps, as a BAR in D3hot answers nothing (i915's
	 * lmem_userfault_list)
	 */
	struct list_head userfault;
	/**
	 * @saved: copies of LMEM's allocated ranges across system sleep
	 * (&struct dg1_lmem_saved.link), dg1_lmem_backup() to
	 * dg1_lmem_restore()
	 */
	struct list_head saved;
};

/**
 * struct dg1_lmem_saved - an allocated range of LMEM, copied out
 */
struct dg1_lmem_saved {
	/** @link: in &dg1_mem.saved */
	struct list_head link;
	/** @start: LMEM offset */
	u64 start;
	/** @size: bytes */
	u64 size;
	/** @data: the copy */
	void *data;
};

#endif /* _DG1_MEM_TYPES_H_ */
