// SPDX-License-Identifier: GPL-2.0
/*
 * The TTM device's callbacks: how buffer objects get pages, move between
 * regions, get evicted and are mapped by the CPU.
 *
 * SMEM pages come from TTM's pool and are mapped write-back: DG1 snoops
 * the CPU caches when it reaches system memory over PCIe (i915
 * i915_pci.c; xe xe_bo.c maps discrete parts' system memory cached). LMEM
 * is mapped write-combined through the BAR (mem/dg1_lmem.c).
 *
 * Moves copy with the CPU for now: LMEM through the kernel's
 * write-combining mapping of the BAR, SMEM through kmap. The copy engine
 * takes this over with the execlists issue. A CPU copy needs both ends
 * visible to the CPU, which LMEM beyond a small BAR is not; the driver
 * never has to copy such contents, because only the CPU writes objects
 * so far, and it can only write them where it sees them: an object whose
 * LMEM pages lie (partly) beyond the BAR has not been written since it
 * was created, and its needs_clear flag says so. Its contents are zero by
 * definition, so moving it means clearing the destination instead.
 * eviction_valuable() still refuses what could not be copied, and the
 * move fails with -EIO rather than copy through an address that is not
 * there.
 *
 * Every touch of the BAR is between drm_dev_enter() and drm_dev_exit(),
 * so nothing reaches it after an unbind has unmapped it. After the
 * unbind, eviction drops the backing store instead of moving it: see
 * dg1_mem_purge().
 */

#include <linux/highmem.h>
#include <linux/io.h>
#include <linux/iosys-map.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/swap.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>
#include <drm/ttm/ttm_bo.h>
#include <drm/ttm/ttm_placement.h>
#include <drm/ttm/ttm_tt.h>

#include "core/dg1_device_types.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_dmabuf.h"
#include "mem/dg1_lmem_mgr.h"
#include "mem/dg1_mem_types.h"
#include "mem/dg1_ttm.h"

/*
 * SMEM pages come from TTM's pool but are mapped for the device here, not
 * by the pool: an exported object that an importer pins keeps its pages
 * through an unbind, while their mapping for the device must end with it
 * (dg1_ttm_tt_unmap_all()), and the pool cannot unmap pages without
 * freeing them. tt->dma_address is set exactly while the pages are mapped
 * for the device, from populate to unpopulate or the unbind; page tables
 * take their bus addresses from it. An object imported from another
 * device has no pages: its bus addresses come from the exporter's sg
 * table (tt->sg, already mapped for dg1).
 */
struct dg1_tt {
	struct ttm_tt base;
	/* Bus address of each page; tt->dma_address points here when set. */
	dma_addr_t *dma;
	/* The device the pages are mapped for, NULL while they are not. */
	struct dg1_device *dg1;
	/* On dg1_tt_mapped while @dg1 is set. */
	struct list_head link;
	/* Counted in dg1_tt_pages_held, from its first population on. */
	bool held;
};

/*
 * Every device's mapped tts, so that an unbind finds those that outlive
 * it. Taken inside reservation objects, never around an allocation.
 */
static DEFINE_MUTEX(dg1_tt_lock);
static LIST_HEAD(dg1_tt_mapped);

static struct dg1_tt *to_dg1_tt(struct ttm_tt *tt)
{
	return container_of(tt, struct dg1_tt, base);
}

/*
 * The pages every device's objects hold in system memory: populated, or
 * swapped out by TTM into shmem, which without a swap device is RAM too.
 * TTM bounds only the first (ttm_tt_pages_limit(), half of RAM) and swaps
 * out past it, so without swap a user could grow GPU objects until the
 * machine had no memory left, and the OOM killer, which frees a process's
 * objects only once all its threads have left the kernel, gave up ("System
 * is deadlocked on memory": make fuzz on the debug kernel, seed 2). A tt
 * counts from its first population until it is destroyed; one that would
 * take the total past TTM's limit plus the free swap is refused.
 */
static atomic_long_t dg1_tt_pages_held;

static int dg1_tt_hold(struct dg1_tt *dt)
{
	long n = dt->base.num_pages;
	long limit = ttm_tt_pages_limit() + get_nr_swap_pages();

	if (dt->held)
		return 0;
	if (atomic_long_add_return(n, &dg1_tt_pages_held) > limit) {
		atomic_long_sub(n, &dg1_tt_pages_held);
		return -ENOMEM;
	}
	dt->held = true;
	return 0;
}

static void dg1_tt_release(struct dg1_tt *dt)
{
	if (dt->held)
		atomic_long_sub(dt->base.num_pages, &dg1_tt_pages_held);
	dt->held = false;
}

static struct ttm_tt *dg1_ttm_tt_create(struct ttm_buffer_object *tbo,
					u32 page_flags)
{
	struct dg1_tt *dt;

	dt = kzalloc(sizeof(*dt), GFP_KERNEL);
	if (!dt)
		return NULL;
	/*
	 * TTM zeroes only userspace objects' pages; the driver's own (rings,
	 * status pages) must not start with stale kernel memory either.
	 */
	if (!(page_flags & TTM_TT_FLAG_EXTERNAL))
		page_flags |= TTM_TT_FLAG_ZERO_ALLOC;
	if (ttm_sg_tt_init(&dt->base, tbo, page_flags, ttm_cached)) {
		kfree(dt);
		return NULL;
	}
	/* Kept back from the pool, which would map the pages itself. */
	dt->dma = dt->base.dma_address;
	dt->base.dma_address = NULL;
	INIT_LIST_HEAD(&dt->link);
	return &dt->base;
}

static int dg1_ttm_tt_populate(struct ttm_device *bdev, struct ttm_tt *tt,
			       struct ttm_operation_ctx *ctx)
{
	struct dg1_device *dg1 = dg1_ttm_to_device(bdev);
	struct dg1_tt *dt = to_dg1_tt(tt);
	bool fresh;
	int ret;

	if (tt->page_flags & TTM_TT_FLAG_EXTERNAL) {
		/* The unbind ended the import: there is no table any more. */
		if (!tt->sg)
			return -ENODEV;
		ret = dg1_dma_addrs_from_sg(tt->sg, dt->dma, tt->num_pages);
		if (!ret)
			tt->dma_address = dt->dma;
		return ret;
	}

	fresh = !dt->held;
	ret = dg1_tt_hold(dt);
	if (ret)
		return ret;
	ret = ttm_pool_alloc(&bdev->pool, tt, ctx);
	if (ret)
		goto err_release;
	ret = dg1_dma_map_pages(dg1->drm.dev, tt->pages, tt->num_pages,
				dt->dma);
	if (ret)
		goto err_free;

	mutex_lock(&dg1_tt_lock);
	/* After the unbind nothing would unmap them. */
	if (drm_dev_is_unplugged(&dg1->drm)) {
		mutex_unlock(&dg1_tt_lock);
		dg1_dma_unmap_pages(dg1->drm.dev, tt->pages, tt->num_pages,
				    dt->dma);
		ret = -ENODEV;
		goto err_free;
	}
	dt->dg1 = dg1;
	list_add(&dt->link, &dg1_tt_mapped);
	tt->dma_address = dt->dma;
	mutex_unlock(&dg1_tt_lock);
	return 0;

err_free:
	ttm_pool_free(&bdev->pool, tt);
err_release:
	/* A swapped tt stays counted: its pages are in shmem. */
	if (fresh)
		dg1_tt_release(dt);
	return ret;
}

/* Under dg1_tt_lock. */
static void dg1_tt_unmap(struct dg1_tt *dt)
{
	struct ttm_tt *tt = &dt->base;

	tt->dma_address = NULL;
	if (!dt->dg1)
		return;
	dg1_dma_unmap_pages(dt->dg1->drm.dev, tt->pages, tt->num_pages,
			    dt->dma);
	dt->dg1 = NULL;
	list_del_init(&dt->link);
}

static void dg1_ttm_tt_unpopulate(struct ttm_device *bdev,
				  struct ttm_tt *tt)
{
	if (tt->page_flags & TTM_TT_FLAG_EXTERNAL) {
		tt->dma_address = NULL;
		return;
	}

	/* Unmapped under the lock, so that an unbind is done when it returns. */
	mutex_lock(&dg1_tt_lock);
	dg1_tt_unmap(to_dg1_tt(tt));
	mutex_unlock(&dg1_tt_lock);
	ttm_pool_free(&bdev->pool, tt);
}

static void dg1_ttm_tt_destroy(struct ttm_device *bdev, struct ttm_tt *tt)
{
	struct dg1_tt *dt = to_dg1_tt(tt);

	dg1_tt_release(dt);
	/* ttm_tt_fini() frees the address array, with the page array if any. */
	tt->dma_address = dt->dma;
	ttm_tt_fini(tt);
	kfree(dt);
}

/**
 * dg1_ttm_tt_unmap_all() - end the device's mapping of SMEM pages that stay
 * @dg1: the device, unplugged, its objects' backing store dropped
 *
 * What is still mapped belongs to objects pinned through the unbind:
 * exported ones that an importer holds. Their pages stay for the
 * importer; the device's bus addresses go (tt->dma_address is NULL).
 * Populating a tt of the device fails with -ENODEV from now on.
 */
void dg1_ttm_tt_unmap_all(struct dg1_device *dg1)
{
	struct dg1_tt *dt, *next;

	drm_WARN_ON(&dg1->drm, !drm_dev_is_unplugged(&dg1->drm));
	mutex_lock(&dg1_tt_lock);
	list_for_each_entry_safe(dt, next, &dg1_tt_mapped, link)
		if (dt->dg1 == dg1)
			dg1_tt_unmap(dt);
	mutex_unlock(&dg1_tt_lock);
}

/* Can the CPU reach all of @res? */
static bool dg1_ttm_res_cpu_visible(struct ttm_resource *res)
{
	return res->mem_type != DG1_PL_LMEM || to_dg1_lmem_res(res)->cpu_visible;
}

/* Would evicting @tbo from where it is keep its contents? */
/* The contents are in @new_mem: what follows the move above TTM. */
static void dg1_ttm_move_notify(struct dg1_bo *bo, struct ttm_resource *new_mem)
{
	struct dg1_device *dg1 = dg1_ttm_to_device(bo->tbo.bdev);
	const struct dg1_mem_hooks *hooks = dg1->mem.hooks;

	if (hooks && hooks->move_notify)
		hooks->move_notify(bo, new_mem);
}

static bool dg1_ttm_can_move_out(struct ttm_buffer_object *tbo)
{
	return !dg1_bo_is_dg1_bo(tbo) || to_dg1_bo(tbo)->needs_clear ||
	       dg1_ttm_res_cpu_visible(tbo->resource);
}

static bool dg1_ttm_eviction_valuable(struct ttm_buffer_object *tbo,
				      const struct ttm_place *place)
{
	if (!dg1_ttm_can_move_out(tbo))
		return false;
	return ttm_bo_eviction_valuable(tbo, place);
}

/*
 * LMEM is evicted to SMEM (TT), SMEM to TTM_PL_SYSTEM, where TTM may swap
 * it out. Once the device is gone there is nowhere to go: no placement
 * makes TTM drop the backing store.
 */
static void dg1_ttm_evict_flags(struct ttm_buffer_object *tbo,
				struct ttm_placement *placement)
{
	static const struct ttm_place smem = { .mem_type = DG1_PL_SMEM };
	static const struct ttm_place sys = { .mem_type = TTM_PL_SYSTEM };
	struct dg1_device *dg1 = dg1_ttm_to_device(tbo->bdev);

	if (drm_dev_is_unplugged(&dg1->drm)) {
		placement->num_placement = 0;
		return;
	}

	placement->num_placement = 1;
	if (tbo->resource->mem_type == DG1_PL_LMEM && dg1_bo_is_dg1_bo(tbo))
		placement->placement = &smem;
	else
		placement->placement = &sys;
}

/* The object's contents are zero and nothing holds them: no copy. */
static bool dg1_ttm_lacks_source(struct dg1_bo *bo, struct ttm_resource *old)
{
	struct ttm_tt *tt = bo->tbo.ttm;

	if (old->mem_type == DG1_PL_LMEM)
		return bo->needs_clear;
	return !tt || (!ttm_tt_is_populated(tt) &&
		       !(tt->page_flags & TTM_TT_FLAG_SWAPPED));
}

/*
 * Move an object whose contents are zero. LMEM is cleared when the CPU
 * first maps it (dg1_ttm_clear_lmem()); the SMEM pages TTM just gave the
 * object may hold old data and are zeroed now, or when they come.
 */
static int dg1_ttm_move_clear(struct dg1_bo *bo, struct ttm_resource *new_mem)
{
	struct ttm_buffer_object *tbo = &bo->tbo;
	struct ttm_tt *tt = tbo->ttm;
	u32 i;

	if (new_mem->mem_type == DG1_PL_LMEM) {
		bo->needs_clear = true;
	} else {
		if (ttm_tt_is_populated(tt)) {
			for (i = 0; i < tt->num_pages; i++)
				clear_highpage(tt->pages[i]);
		} else {
			ttm_tt_mark_for_clear(tt);
		}
		bo->needs_clear = false;
	}
	dg1_ttm_move_notify(bo, new_mem);
	ttm_bo_move_sync_cleanup(tbo, new_mem);
	return 0;
}

union dg1_ttm_iter {
	struct ttm_kmap_iter_tt tt;
	struct dg1_lmem_iter lmem;
};

static struct ttm_kmap_iter *dg1_ttm_iter(struct dg1_device *dg1,
					  struct ttm_buffer_object *tbo,
					  struct ttm_resource *res,
					  union dg1_ttm_iter *iter)
{
	if (res->mem_type == DG1_PL_LMEM)
		return dg1_lmem_iter_init(&iter->lmem, to_dg1_lmem_res(res),
					  dg1->lmem.io_vaddr);
	return ttm_kmap_iter_tt_init(&iter->tt, tbo->ttm);
}

/* Copy the contents with the CPU; at least one end is LMEM. */
static int dg1_ttm_move_copy(struct dg1_bo *bo, struct ttm_operation_ctx *ctx,
			     struct ttm_resource *new_mem)
{
	struct ttm_buffer_object *tbo = &bo->tbo;
	struct dg1_device *dg1 = dg1_ttm_to_device(tbo->bdev);
	struct ttm_resource *old_mem = tbo->resource;
	union dg1_ttm_iter src_iter, dst_iter;
	struct ttm_kmap_iter *src, *dst;
	int idx, ret;

	if (!dg1_ttm_res_cpu_visible(old_mem) ||
	    !dg1_ttm_res_cpu_visible(new_mem)) {
		drm_dbg(&dg1->drm,
			"cannot copy an object from or to LMEM beyond the BAR\n");
		return -EIO;
	}

	/* The SMEM end: swap its pages in, or allocate the destination's. */
	if (tbo->ttm) {
		ret = ttm_tt_populate(tbo->bdev, tbo->ttm, ctx);
		if (ret)
			return ret;
	}

	if (!drm_dev_enter(&dg1->drm, &idx))
		return -ENODEV;
	src = dg1_ttm_iter(dg1, tbo, old_mem, &src_iter);
	dst = dg1_ttm_iter(dg1, tbo, new_mem, &dst_iter);
	ttm_move_memcpy(false, PFN_UP(new_mem->size), dst, src);
	drm_dev_exit(idx);

	dg1_ttm_move_notify(bo, new_mem);
	ttm_bo_move_sync_cleanup(tbo, new_mem);
	return 0;
}

static int dg1_ttm_move(struct ttm_buffer_object *tbo, bool evict,
			struct ttm_operation_ctx *ctx,
			struct ttm_resource *new_mem, struct ttm_place *hop)
{
	struct ttm_resource *old_mem = tbo->resource;
	bool to_lmem = new_mem->mem_type == DG1_PL_LMEM;
	struct dg1_bo *bo;
	long ret;

	/* Only dg1's objects have a placement of their own to move to. */
	if (WARN_ON_ONCE(!dg1_bo_is_dg1_bo(tbo)))
		return -EINVAL;
	bo = to_dg1_bo(tbo);

	/* A new object: SMEM pages come zeroed, LMEM is cleared when used. */
	if (!old_mem) {
		bo->needs_clear = to_lmem;
		ttm_bo_move_null(tbo, new_mem);
		return 0;
	}

	/*
	 * Pending binds wrote, or will write, page tables that point at the
	 * old pages: let them finish first (their fences are BOOKKEEP).
	 */
	ret = dma_resv_wait_timeout(tbo->base.resv, DMA_RESV_USAGE_BOOKKEEP,
				    ctx->interruptible, MAX_SCHEDULE_TIMEOUT);
	if (ret < 0)
		return ret;

	/* Between TT and SYSTEM the pages stay where they are. */
	if (old_mem->mem_type != DG1_PL_LMEM && !to_lmem) {
		dg1_ttm_move_notify(bo, new_mem);
		ttm_bo_move_null(tbo, new_mem);
		return 0;
	}

	if (dg1_ttm_lacks_source(bo, old_mem))
		return dg1_ttm_move_clear(bo, new_mem);
	return dg1_ttm_move_copy(bo, ctx, new_mem);
}

static int dg1_ttm_io_mem_reserve(struct ttm_device *bdev,
				  struct ttm_resource *mem)
{
	struct dg1_device *dg1 = dg1_ttm_to_device(bdev);

	switch (mem->mem_type) {
	case TTM_PL_SYSTEM:
	case DG1_PL_SMEM:
		return 0;
	case DG1_PL_LMEM:
		if (!to_dg1_lmem_res(mem)->cpu_visible)
			return -EINVAL;
		/*
		 * The address of the first block: an allocation is not one
		 * range, so dg1_ttm_io_mem_pfn() finds each page, and
		 * TTM's linear kmap/vmap helpers are not used on LMEM.
		 */
		mem->bus.offset = dg1->lmem.io_start +
				  ((u64)mem->start << PAGE_SHIFT);
		mem->bus.is_iomem = true;
		mem->bus.caching = ttm_write_combined;
		return 0;
	default:
		return -EINVAL;
	}
}

static unsigned long dg1_ttm_io_mem_pfn(struct ttm_buffer_object *tbo,
					unsigned long page_offset)
{
	struct dg1_device *dg1 = dg1_ttm_to_device(tbo->bdev);
	u64 addr = dg1_lmem_res_offset(to_dg1_lmem_res(tbo->resource),
				       (u64)page_offset << PAGE_SHIFT);

	return (dg1->lmem.io_start + addr) >> PAGE_SHIFT;
}

/*
 * ptrace and /proc/<pid>/mem on a CPU mapping of an LMEM object (TTM
 * handles SMEM itself). Called with the reservation held.
 */
static int dg1_ttm_access_memory(struct ttm_buffer_object *tbo,
				 unsigned long offset, void *buf, int len,
				 int write)
{
	struct dg1_device *dg1 = dg1_ttm_to_device(tbo->bdev);
	struct dg1_lmem_res *res;
	int idx, done = 0;

	if (tbo->resource->mem_type != DG1_PL_LMEM || !dg1_bo_is_dg1_bo(tbo))
		return -EIO;
	res = to_dg1_lmem_res(tbo->resource);
	if (!res->cpu_visible || dg1_ttm_clear_lmem(to_dg1_bo(tbo)))
		return -EIO;

	if (!drm_dev_enter(&dg1->drm, &idx))
		return -EIO;
	while (done < len) {
		u64 at = offset + done;
		int chunk = min_t(int, len - done, PAGE_SIZE - offset_in_page(at));
		void __iomem *io = dg1->lmem.io_vaddr +
				   dg1_lmem_res_offset(res, at);

		if (write)
			memcpy_toio(io, buf + done, chunk);
		else
			memcpy_fromio(buf + done, io, chunk);
		done += chunk;
	}
	drm_dev_exit(idx);
	return done;
}

/**
 * dg1_ttm_clear_lmem() - clear an object's LMEM pages if they need it
 * @bo: the object, in CPU-visible LMEM or anywhere with nothing to clear
 *
 * Done before the CPU first maps the pages of an object created in LMEM.
 *
 * Context: the reservation held.
 * Return: 0; -EIO if the pages lie beyond the BAR, -ENODEV if the device
 * is gone.
 */
int dg1_ttm_clear_lmem(struct dg1_bo *bo)
{
	struct ttm_buffer_object *tbo = &bo->tbo;
	struct dg1_device *dg1 = dg1_ttm_to_device(tbo->bdev);
	int idx;

	dma_resv_assert_held(tbo->base.resv);
	if (!bo->needs_clear)
		return 0;
	if (tbo->resource->mem_type != DG1_PL_LMEM ||
	    !dg1_ttm_res_cpu_visible(tbo->resource))
		return -EIO;

	if (!drm_dev_enter(&dg1->drm, &idx))
		return -ENODEV;
	dg1_lmem_res_clear(to_dg1_lmem_res(tbo->resource), dg1->lmem.io_vaddr);
	drm_dev_exit(idx);
	bo->needs_clear = false;
	return 0;
}

/* The table of callbacks dg1_mem_init() gives TTM. */
const struct ttm_device_funcs dg1_ttm_funcs = {
	.ttm_tt_create = dg1_ttm_tt_create,
	.ttm_tt_populate = dg1_ttm_tt_populate,
	.ttm_tt_unpopulate = dg1_ttm_tt_unpopulate,
	.ttm_tt_destroy = dg1_ttm_tt_destroy,
	.eviction_valuable = dg1_ttm_eviction_valuable,
	.evict_flags = dg1_ttm_evict_flags,
	.move = dg1_ttm_move,
	.io_mem_reserve = dg1_ttm_io_mem_reserve,
	.io_mem_pfn = dg1_ttm_io_mem_pfn,
	.access_memory = dg1_ttm_access_memory,
};
