// SPDX-License-Identifier: GPL-2.0
/*
 * Page-table blocks: a VM's 4 KiB tables come 16 at a time from pinned
 * 64 KiB LMEM objects. A table of its own object each cost, at every
 * table a bind added or an unbind freed, a TTM object, its reservation, a
 * buddy block and the pin; under the debug kernel that was 60 % of a
 * sparse VM_BIND's time. i915 and xe keep one object per table (i915
 * gen8_ppgtt.c, xe xe_pt.c); nouveau sub-allocates small tables from
 * shared pages (nvkm/subdev/mmu/base.c, "ptp").
 *
 * A block belongs to one VM and is charged whole to the file's quota
 * (struct dg1_pt_quota) when it is made: the LMEM a file pins for tables
 * is what it was charged, however its tables are spread over the blocks.
 * A block with no table left goes at once. Free tables read as zero: a
 * new block is cleared, a table is cleared when it is given back (it may
 * have held entries), unless its VM is going.
 */

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/sizes.h>
#include <linux/spinlock.h>

#include <drm/drm_drv.h>
#include <drm/ttm/ttm_bo.h>

#include "uapi/dg1_drm.h"

#include "core/dg1_device_types.h"
#include "core/dg1_gfp.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_lmem_mgr.h"
#include "mem/dg1_pt_pool.h"
#include "mem/dg1_pt_types.h"

/**
 * dg1_pt_pool_init() - a VM's pool, no block yet
 * @pool: to initialise
 * @dg1: the device
 * @quota: the file's quota; the caller holds a reference for the pool's
 *	lifetime
 */
void dg1_pt_pool_init(struct dg1_pt_pool *pool, struct dg1_device *dg1,
		      struct dg1_pt_quota *quota)
{
	pool->dg1 = dg1;
	pool->quota = quota;
	spin_lock_init(&pool->lock);
	INIT_LIST_HEAD(&pool->blocks);
	pool->num_blocks = 0;
	pool->num_tables = 0;
}

/*
 * Take a free table of the first block, which has one if any block has:
 * its index, or -1. A block that fills goes to the end of the list.
 */
static int dg1_pt_pool_take(struct dg1_pt_pool *pool,
			    struct dg1_pt_block **out)
{
	struct dg1_pt_block *blk;
	unsigned int i;

	lockdep_assert_held(&pool->lock);
	blk = list_first_entry_or_null(&pool->blocks, struct dg1_pt_block,
				       link);
	if (!blk || blk->used == DG1_PT_BLOCK_FULL)
		return -1;
	i = ffz(blk->used);
	blk->used |= BIT(i);
	if (blk->used == DG1_PT_BLOCK_FULL)
		list_move_tail(&blk->link, &pool->blocks);
	pool->num_tables++;
	*out = blk;
	return i;
}

/*
 * Give table @i of @blk back: true when the block is empty, then off the
 * list and the caller's to free. A block that was full goes first.
 */
static bool dg1_pt_pool_give(struct dg1_pt_pool *pool,
			     struct dg1_pt_block *blk, unsigned int i)
{
	lockdep_assert_held(&pool->lock);
	if (blk->used == DG1_PT_BLOCK_FULL)
		list_move(&blk->link, &pool->blocks);
	blk->used &= ~BIT(i);
	pool->num_tables--;
	if (blk->used)
		return false;
	list_del(&blk->link);
	pool->num_blocks--;
	return true;
}

static void dg1_pt_block_free(struct dg1_pt_pool *pool,
			      struct dg1_pt_block *blk)
{
	dg1_bo_unpin_kernel(blk->bo);
	dg1_bo_put(blk->bo);
	kfree(blk);
	atomic_sub(DG1_PT_BLOCK_TABLES, &pool->quota->tables);
}

/* A cleared, pinned block in CPU-visible LMEM, charged to the quota. */
static struct dg1_pt_block *dg1_pt_block_alloc(struct dg1_pt_pool *pool)
{
	static const struct dg1_bo_params params = {
		.size = DG1_PT_BLOCK_TABLES * SZ_4K,
		.flags = DG1_BO_NEEDS_CPU_ACCESS,
		.num_regions = 1,
		.regions = { DRM_DG1_MEMORY_REGION_LMEM },
	};
	struct dg1_lmem_res *res;
	struct dg1_pt_block *blk;
	struct dg1_bo *bo;
	unsigned int i;
	int ret;

	if (atomic_add_return(DG1_PT_BLOCK_TABLES, &pool->quota->tables) >
	    DRM_DG1_MAX_PT_BYTES / SZ_4K) {
		ret = -ENOSPC;
		goto err_quota;
	}
	blk = kzalloc(sizeof(*blk), DG1_GFP_USER);
	if (!blk) {
		ret = -ENOMEM;
		goto err_quota;
	}
	bo = dg1_bo_create(pool->dg1, &params, ttm_bo_type_kernel);
	if (IS_ERR(bo)) {
		ret = PTR_ERR(bo);
		goto err_free;
	}
	ret = ttm_bo_reserve(&bo->tbo, true, false, NULL);
	if (ret)
		goto err_put;
	/* Free tables read as zero: every entry invalid. */
	ret = dg1_bo_pin_kernel(bo, true);
	if (!ret) {
		res = to_dg1_lmem_res(bo->tbo.resource);
		for (i = 0; i < DG1_PT_BLOCK_TABLES; i++)
			blk->addr[i] = dg1_lmem_res_offset(res, (u64)i * SZ_4K);
	}
	ttm_bo_unreserve(&bo->tbo);
	if (ret)
		goto err_put;
	blk->bo = bo;
	return blk;

err_put:
	dg1_bo_put(bo);
err_free:
	kfree(blk);
err_quota:
	atomic_sub(DG1_PT_BLOCK_TABLES, &pool->quota->tables);
	return ERR_PTR(ret);
}

/**
 * dg1_pt_pool_get() - a table for a VM
 * @pool: the VM's pool
 * @slot: filled in: where the table is
 *
 * The table reads as zero. A new block is made when every block of the
 * VM is full; callers are serialised, but tables may be given back
 * meanwhile.
 *
 * Context: process; may evict objects from LMEM.
 * Return: 0, -ENOSPC when a new block would pass the file's
 * %DRM_DG1_MAX_PT_BYTES, or the error of the allocation (-ENOMEM, -EINTR,
 * -ENODEV, ...).
 */
int dg1_pt_pool_get(struct dg1_pt_pool *pool, struct dg1_pt_slot *slot)
{
	struct dg1_pt_block *blk, *fresh;
	int i;

	spin_lock(&pool->lock);
	i = dg1_pt_pool_take(pool, &blk);
	spin_unlock(&pool->lock);
	if (i < 0) {
		fresh = dg1_pt_block_alloc(pool);
		if (IS_ERR(fresh))
			return PTR_ERR(fresh);
		spin_lock(&pool->lock);
		/* Put first: it has a free table, whatever was given back. */
		list_add(&fresh->link, &pool->blocks);
		pool->num_blocks++;
		i = dg1_pt_pool_take(pool, &blk);
		spin_unlock(&pool->lock);
	}
	slot->block = blk;
	slot->index = i;
	slot->addr = blk->addr[i];
	slot->io = pool->dg1->lmem.io_vaddr + slot->addr;
	return 0;
}

/**
 * dg1_pt_pool_put() - give a table back
 * @pool: the VM's pool
 * @slot: from dg1_pt_pool_get(); nothing may reach the table any more
 * @last: the VM is going: the table is not cleared for another one
 *
 * The block goes with its last table.
 *
 * Context: process, the device present or gone; no reservation held
 * (the block's is taken to unpin it).
 */
void dg1_pt_pool_put(struct dg1_pt_pool *pool, struct dg1_pt_slot *slot,
		     bool last)
{
	bool empty;
	int idx;

	/*
	 * Still handed out: nobody else takes it while it is cleared. Not
	 * once the device is gone (the BAR is unmapped): no bind reuses it.
	 */
	if (!last && drm_dev_enter(&pool->dg1->drm, &idx)) {
		memset_io(slot->io, 0, SZ_4K);
		drm_dev_exit(idx);
	}
	spin_lock(&pool->lock);
	empty = dg1_pt_pool_give(pool, slot->block, slot->index);
	spin_unlock(&pool->lock);
	if (empty)
		dg1_pt_block_free(pool, slot->block);
	slot->block = NULL;
}

/**
 * dg1_pt_pool_bytes() - the LMEM a VM's tables pin
 * @pool: the VM's pool
 *
 * Return: bytes, whole blocks.
 */
u64 dg1_pt_pool_bytes(struct dg1_pt_pool *pool)
{
	return (u64)READ_ONCE(pool->num_blocks) * DG1_PT_BLOCK_TABLES * SZ_4K;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_pt_pool_test.c"
#endif
