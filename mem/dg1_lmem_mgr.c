// SPDX-License-Identifier: GPL-2.0
/*
 * The TTM resource manager of local memory: a buddy allocator over usable
 * LMEM (below GSMBASE, mem/dg1_lmem.c) in 4 KiB chunks.
 *
 * An allocation is a list of power-of-two blocks, not one range: TTM asks
 * for the whole object at once and the buddy allocator gives it what is
 * free, so a large object does not need a large hole. Lookups from an
 * offset in the object to an LMEM address walk the list; a cursor makes a
 * walk in page order cost one step per block.
 *
 * The CPU reaches LMEM through the BAR only, so on a small-BAR device just
 * the first visible_size bytes are CPU-visible. A placement limited to
 * them (lpfn) is a range allocation; the manager counts how much of the
 * visible part is in use, so that a request for it fails fast when it
 * cannot fit, and answers TTM's intersects/compatible questions with it:
 * eviction for room in the visible part only picks objects that have
 * pages there.
 */

#include <linux/io.h>
#include <linux/list.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include <drm/drm_buddy.h>
#include <drm/drm_print.h>
#include <drm/ttm/ttm_bo.h>

#include "mem/dg1_bo.h"
#include "mem/dg1_lmem_mgr.h"

static u64 dg1_lmem_block_size(struct gpu_buddy_block *block)
{
	return (u64)PAGE_SIZE << gpu_buddy_block_order(block);
}

/* The byte range of LMEM @place allows: lpfn 0 means up to the end. */
static void dg1_lmem_mgr_range(const struct dg1_lmem_mgr *mgr,
			       const struct ttm_place *place,
			       u64 *start, u64 *end)
{
	u64 size = mgr->mm.size;

	*start = min_t(u64, (u64)place->fpfn << PAGE_SHIFT, size);
	*end = place->lpfn ? min_t(u64, (u64)place->lpfn << PAGE_SHIFT, size) :
	       size;
}

static bool dg1_lmem_mgr_whole_range(const struct dg1_lmem_mgr *mgr,
				     u64 start, u64 end)
{
	return !start && end == mgr->mm.size;
}

/* How much of @res lies below the visible limit, and is all of it there. */
static void dg1_lmem_res_account(const struct dg1_lmem_mgr *mgr,
				 struct dg1_lmem_res *res)
{
	struct gpu_buddy_block *block;

	res->visible_bytes = 0;
	res->cpu_visible = true;
	list_for_each_entry(block, &res->blocks, link) {
		u64 start = gpu_buddy_block_offset(block);
		u64 end = start + dg1_lmem_block_size(block);

		if (start < mgr->visible_size)
			res->visible_bytes += min(end, mgr->visible_size) -
					      start;
		if (end > mgr->visible_size)
			res->cpu_visible = false;
	}
}

/* Does any block of @res overlap [@start, @end)? */
static bool dg1_lmem_res_overlaps(struct dg1_lmem_res *res, u64 start,
				  u64 end)
{
	struct gpu_buddy_block *block;

	list_for_each_entry(block, &res->blocks, link) {
		u64 b = gpu_buddy_block_offset(block);

		if (b < end && b + dg1_lmem_block_size(block) > start)
			return true;
	}
	return false;
}

/* Does every block of @res lie inside [@start, @end)? */
static bool dg1_lmem_res_within(struct dg1_lmem_res *res, u64 start, u64 end)
{
	struct gpu_buddy_block *block;

	list_for_each_entry(block, &res->blocks, link) {
		u64 b = gpu_buddy_block_offset(block);

		if (b < start || b + dg1_lmem_block_size(block) > end)
			return false;
	}
	return true;
}

static int dg1_lmem_mgr_alloc(struct ttm_resource_manager *man,
			      struct ttm_buffer_object *tbo,
			      const struct ttm_place *place,
			      struct ttm_resource **out)
{
	struct dg1_lmem_mgr *mgr = to_dg1_lmem_mgr(man);
	u64 size = tbo->base.size, min_block = PAGE_SIZE;
	struct gpu_buddy_block *first;
	struct dg1_lmem_res *res;
	unsigned long flags = 0;
	u64 start, end;
	int err;

	/* Too big for the range: -ENOSPC lets TTM try the next placement. */
	dg1_lmem_mgr_range(mgr, place, &start, &end);
	if (start >= end || size > end - start)
		return -ENOSPC;

	if (tbo->page_alignment)
		min_block = (u64)tbo->page_alignment << PAGE_SHIFT;
	if (!dg1_lmem_mgr_whole_range(mgr, start, end))
		flags |= GPU_BUDDY_RANGE_ALLOCATION;
	if (place->flags & TTM_PL_FLAG_TOPDOWN)
		flags |= GPU_BUDDY_TOPDOWN_ALLOCATION;
	/* Kernel objects: one run, so one CPU and one GGTT mapping each. */
	if (place->flags & TTM_PL_FLAG_CONTIGUOUS)
		flags |= GPU_BUDDY_CONTIGUOUS_ALLOCATION;

	res = kzalloc(sizeof(*res), GFP_KERNEL);
	if (!res)
		return -ENOMEM;
	ttm_resource_init(tbo, place, &res->base);
	INIT_LIST_HEAD(&res->blocks);

	mutex_lock(&mgr->lock);
	if (end <= mgr->visible_size && size > mgr->visible_avail)
		err = -ENOSPC;
	else
		err = gpu_buddy_alloc_blocks(&mgr->mm, start, end, size,
					     min_block, &res->blocks, flags);
	if (!err) {
		dg1_lmem_res_account(mgr, res);
		mgr->visible_avail -= res->visible_bytes;
		list_add_tail(&res->link, &mgr->resources);
	}
	mutex_unlock(&mgr->lock);

	if (err) {
		ttm_resource_fini(man, &res->base);
		kfree(res);
		return err;
	}

	first = list_first_entry(&res->blocks, struct gpu_buddy_block, link);
	res->base.start = gpu_buddy_block_offset(first) >> PAGE_SHIFT;
	if (list_is_singular(&res->blocks))
		res->base.placement |= TTM_PL_FLAG_CONTIGUOUS;
	*out = &res->base;
	return 0;
}

static void dg1_lmem_mgr_free(struct ttm_resource_manager *man,
			      struct ttm_resource *base)
{
	struct dg1_lmem_mgr *mgr = to_dg1_lmem_mgr(man);
	struct dg1_lmem_res *res = to_dg1_lmem_res(base);

	mutex_lock(&mgr->lock);
	list_del(&res->link);
	gpu_buddy_free_list(&mgr->mm, &res->blocks, 0);
	mgr->visible_avail += res->visible_bytes;
	mutex_unlock(&mgr->lock);

	ttm_resource_fini(man, base);
	kfree(res);
}

/* Would evicting @base free anything inside @place's range? */
static bool dg1_lmem_mgr_intersects(struct ttm_resource_manager *man,
				    struct ttm_resource *base,
				    const struct ttm_place *place, size_t size)
{
	struct dg1_lmem_mgr *mgr = to_dg1_lmem_mgr(man);
	struct dg1_lmem_res *res = to_dg1_lmem_res(base);
	u64 start, end;

	dg1_lmem_mgr_range(mgr, place, &start, &end);
	if (dg1_lmem_mgr_whole_range(mgr, start, end))
		return true;
	if (!start && end == mgr->visible_size)
		return res->visible_bytes != 0;
	return dg1_lmem_res_overlaps(res, start, end);
}

/* Does @base already satisfy @place, so that no move is needed? */
static bool dg1_lmem_mgr_compatible(struct ttm_resource_manager *man,
				    struct ttm_resource *base,
				    const struct ttm_place *place, size_t size)
{
	struct dg1_lmem_mgr *mgr = to_dg1_lmem_mgr(man);
	struct dg1_lmem_res *res = to_dg1_lmem_res(base);
	u64 start, end;

	dg1_lmem_mgr_range(mgr, place, &start, &end);
	if (dg1_lmem_mgr_whole_range(mgr, start, end))
		return true;
	if (!start && end == mgr->visible_size)
		return res->cpu_visible;
	return dg1_lmem_res_within(res, start, end);
}

static void dg1_lmem_mgr_debug(struct ttm_resource_manager *man,
			       struct drm_printer *p)
{
	dg1_lmem_mgr_print(to_dg1_lmem_mgr(man), p);
}

static const struct ttm_resource_manager_func dg1_lmem_mgr_funcs = {
	.alloc = dg1_lmem_mgr_alloc,
	.free = dg1_lmem_mgr_free,
	.intersects = dg1_lmem_mgr_intersects,
	.compatible = dg1_lmem_mgr_compatible,
	.debug = dg1_lmem_mgr_debug,
};

/**
 * dg1_lmem_mgr_init() - set up the LMEM manager and register it with TTM
 * @mgr: the manager
 * @bdev: the TTM device
 * @size: bytes of LMEM to manage, from offset 0
 * @visible_size: bytes of it, from 0, that the CPU can map
 *
 * Both sizes are rounded down to whole pages.
 *
 * Return: 0, or -ENOMEM.
 */
int dg1_lmem_mgr_init(struct dg1_lmem_mgr *mgr, struct ttm_device *bdev,
		      u64 size, u64 visible_size)
{
	struct ttm_resource_manager *man = &mgr->base;
	int err;

	size = round_down(size, PAGE_SIZE);
	visible_size = min(round_down(visible_size, PAGE_SIZE), size);

	man->func = &dg1_lmem_mgr_funcs;
	man->use_tt = false;
	mutex_init(&mgr->lock);
	mgr->visible_size = visible_size;
	mgr->visible_avail = visible_size;
	mgr->reserved = 0;
	mgr->reserved_visible = 0;
	INIT_LIST_HEAD(&mgr->reserved_blocks);
	INIT_LIST_HEAD(&mgr->resources);
	ttm_resource_manager_init(man, bdev, size);

	err = gpu_buddy_init(&mgr->mm, size, PAGE_SIZE);
	if (err) {
		mutex_destroy(&mgr->lock);
		return err;
	}

	ttm_set_driver_manager(bdev, DG1_PL_LMEM, man);
	ttm_resource_manager_set_used(man, true);
	return 0;
}

/**
 * dg1_lmem_mgr_reserve() - keep a range of LMEM from every object
 * @mgr: the manager, before its first allocation
 * @start: LMEM offset, page aligned
 * @size: bytes, page aligned
 *
 * The range counts neither as usable nor as used (dg1_lmem_mgr_usage(),
 * dg1_lmem_mgr_reserved()); it is given back at dg1_lmem_mgr_fini().
 *
 * Return: 0, or the buddy allocator's error (-ENOSPC if the range is not
 * free).
 */
int dg1_lmem_mgr_reserve(struct dg1_lmem_mgr *mgr, u64 start, u64 size)
{
	u64 vis = min(start + size, mgr->visible_size) -
		  min(start, mgr->visible_size);
	int err;

	mutex_lock(&mgr->lock);
	err = gpu_buddy_alloc_blocks(&mgr->mm, start, start + size, size,
				     PAGE_SIZE, &mgr->reserved_blocks,
				     GPU_BUDDY_RANGE_ALLOCATION);
	if (!err) {
		mgr->reserved += size;
		mgr->reserved_visible += vis;
		mgr->visible_avail -= vis;
	}
	mutex_unlock(&mgr->lock);
	return err;
}

/**
 * dg1_lmem_mgr_reserved() - bytes kept from objects
 * @mgr: the manager
 * @visible: of them, below the CPU-visible limit
 *
 * Return: all of them.
 */
u64 dg1_lmem_mgr_reserved(struct dg1_lmem_mgr *mgr, u64 *visible)
{
	*visible = mgr->reserved_visible;
	return mgr->reserved;
}

/**
 * dg1_lmem_mgr_fini() - unregister the LMEM manager and free it
 * @mgr: the manager
 * @bdev: its TTM device
 *
 * Called once no object can be created any more. Objects still in LMEM
 * then are ones whose release TTM deferred; they are dropped.
 */
void dg1_lmem_mgr_fini(struct dg1_lmem_mgr *mgr, struct ttm_device *bdev)
{
	struct ttm_resource_manager *man = &mgr->base;

	ttm_resource_manager_evict_all(bdev, man);
	ttm_resource_manager_set_used(man, false);
	gpu_buddy_free_list(&mgr->mm, &mgr->reserved_blocks, 0);
	mgr->visible_avail += mgr->reserved_visible;
	mgr->reserved = 0;
	mgr->reserved_visible = 0;
	WARN_ON(mgr->visible_avail != mgr->visible_size);
	gpu_buddy_fini(&mgr->mm);
	ttm_resource_manager_cleanup(man);
	ttm_set_driver_manager(bdev, DG1_PL_LMEM, NULL);
	mutex_destroy(&mgr->lock);
}

/**
 * dg1_lmem_mgr_usage() - bytes allocated
 * @mgr: the manager
 * @used: all of LMEM
 * @visible_used: in the CPU-visible part
 */
void dg1_lmem_mgr_usage(struct dg1_lmem_mgr *mgr, u64 *used,
			u64 *visible_used)
{
	mutex_lock(&mgr->lock);
	*used = mgr->mm.size - mgr->mm.avail - mgr->reserved;
	*visible_used = mgr->visible_size - mgr->visible_avail -
			mgr->reserved_visible;
	mutex_unlock(&mgr->lock);
}

/**
 * dg1_lmem_mgr_print() - the allocator's state, free space by block order
 * @mgr: the manager
 * @p: where to print
 */
void dg1_lmem_mgr_print(struct dg1_lmem_mgr *mgr, struct drm_printer *p)
{
	mutex_lock(&mgr->lock);
	drm_printf(p, "cpu visible: %llu KiB, of which free %llu KiB\n",
		   mgr->visible_size >> 10, mgr->visible_avail >> 10);
	drm_printf(p, "reserved: %llu KiB, of which cpu visible %llu KiB\n",
		   mgr->reserved >> 10, mgr->reserved_visible >> 10);
	drm_buddy_print(&mgr->mm, p);
	mutex_unlock(&mgr->lock);
}

/**
 * dg1_lmem_res_offset() - the LMEM address of a byte of an allocation
 * @res: the allocation
 * @offset: an offset in the object, below its size
 *
 * Context: the object's reservation held (it guards the cursor).
 * Return: the LMEM address (an offset from the start of LMEM).
 */
u64 dg1_lmem_res_offset(struct dg1_lmem_res *res, u64 offset)
{
	struct gpu_buddy_block *block = res->cursor.block;
	u64 start = res->cursor.start;

	if (!block || offset < start) {
		block = list_first_entry(&res->blocks, struct gpu_buddy_block,
					 link);
		start = 0;
	}
	while (offset >= start + dg1_lmem_block_size(block)) {
		start += dg1_lmem_block_size(block);
		block = list_next_entry(block, link);
		if (WARN_ON_ONCE(list_entry_is_head(block, &res->blocks,
						    link))) {
			res->cursor.block = NULL;
			return 0;
		}
	}
	res->cursor.block = block;
	res->cursor.start = start;
	return gpu_buddy_block_offset(block) + offset - start;
}

/**
 * dg1_lmem_res_clear() - zero an allocation through the CPU
 * @res: the allocation; it must be CPU-visible
 * @aperture: the kernel mapping of the LMEM BAR
 *
 * Context: the object's reservation held.
 */
void dg1_lmem_res_clear(struct dg1_lmem_res *res, void __iomem *aperture)
{
	struct gpu_buddy_block *block;

	list_for_each_entry(block, &res->blocks, link) {
		memset_io(aperture + gpu_buddy_block_offset(block), 0,
			  dg1_lmem_block_size(block));
		cond_resched();
	}
}

static void dg1_lmem_iter_map_local(struct ttm_kmap_iter *base,
				    struct iosys_map *dmap, pgoff_t i)
{
	struct dg1_lmem_iter *iter = container_of(base, struct dg1_lmem_iter,
						  base);
	u64 offset = dg1_lmem_res_offset(iter->res, (u64)i << PAGE_SHIFT);

	iosys_map_set_vaddr_iomem(dmap, iter->aperture + offset);
}

/* The aperture stays mapped: nothing to undo per page. */
static const struct ttm_kmap_iter_ops dg1_lmem_iter_ops = {
	.map_local = dg1_lmem_iter_map_local,
	.maps_tt = false,
};

/**
 * dg1_lmem_iter_init() - an iterator over the pages of an LMEM allocation
 * @iter: filled in
 * @res: the allocation; it must be CPU-visible
 * @aperture: the kernel mapping of the LMEM BAR
 *
 * Context: the object's reservation held while the iterator is used.
 * Return: the iterator, for ttm_move_memcpy().
 */
struct ttm_kmap_iter *dg1_lmem_iter_init(struct dg1_lmem_iter *iter,
					 struct dg1_lmem_res *res,
					 void __iomem *aperture)
{
	iter->base.ops = &dg1_lmem_iter_ops;
	iter->res = res;
	iter->aperture = aperture;
	return &iter->base;
}

/**
 * dg1_lmem_mgr_unreachable() - bytes of objects with contents the CPU
 * cannot reach
 * @mgr: the manager
 *
 * Objects with pages beyond the visible part that are not waiting to be
 * cleared (&dg1_bo.needs_clear): none as long as binds and CPU faults move
 * an object into the visible part before anything writes it. Read without
 * the objects' reservations: for a device that is quiet (system sleep).
 *
 * Return: bytes.
 */
u64 dg1_lmem_mgr_unreachable(struct dg1_lmem_mgr *mgr)
{
	struct dg1_lmem_res *res;
	u64 bytes = 0;

	mutex_lock(&mgr->lock);
	list_for_each_entry(res, &mgr->resources, link) {
		struct ttm_buffer_object *tbo = res->base.bo;

		if (!res->cpu_visible && tbo && dg1_bo_is_dg1_bo(tbo) &&
		    !READ_ONCE(to_dg1_bo(tbo)->needs_clear))
			bytes += res->base.size;
	}
	mutex_unlock(&mgr->lock);
	return bytes;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_mem_lmem_mgr_test.c"
#endif
