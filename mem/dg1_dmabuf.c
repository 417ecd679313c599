// SPDX-License-Identifier: GPL-2.0
/*
 * PRIME: buffer objects shared with other devices through dma-bufs, and
 * the bus addresses of SMEM pages (Documentation/memory.rst, "PRIME").
 *
 * Export. An object becomes a dma-buf of dg1's own operations. Attaching
 * another device to it moves the object to SMEM and pins it there until
 * that attachment goes: an importer reaches system memory, not LMEM
 * behind dg1's BAR (no peer-to-peer). An object whose placement list
 * lacks SMEM cannot be attached (-EOPNOTSUPP, as i915 and xe answer):
 * userspace asked for LMEM only. Its dma-buf exists all the same; dg1
 * imports it back and the CPU maps it. Each attachment gets its own
 * mapping of the pinned pages; CPU mappings of the dma-buf are mappings
 * of the object, through dg1's fault handler.
 *
 * Import. A dg1 dma-buf imported into the same device is the object
 * itself. Any other becomes a ttm_bo_type_sg object in SMEM only that
 * shares the exporter's reservation object: its pages are the exporter's
 * sg table, mapped for dg1 once at import (TTM allocates none), and CPU
 * mappings of it are the exporter's (dma_buf_mmap()).
 *
 * Unbind. An exported object that an importer holds stays pinned with its
 * pages, but their mapping for dg1 ends with the binding, and so does
 * every attachment dg1 made as an importer (dg1_dmabuf_unplug()): no DMA
 * mapping for the device outlives it.
 */

#include <linux/dma-buf.h>
#include <linux/dma-mapping.h>
#include <linux/dma-resv.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>
#include <drm/ttm/ttm_bo.h>
#include <drm/ttm/ttm_placement.h>
#include <drm/ttm/ttm_tt.h>

#include "uapi/dg1_drm.h"

#include "core/dg1_device_types.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_dmabuf.h"
#include "mem/dg1_mem.h"

MODULE_IMPORT_NS(DMA_BUF);

/*
 * Every device's imports, so that an unbind finds its own; the lock is
 * taken before any reservation object.
 */
static DEFINE_MUTEX(dg1_import_lock);
static LIST_HEAD(dg1_imports);

/* Pages from @first that are contiguous in memory, at most @max. */
static unsigned long dg1_dma_run(struct page **pages, unsigned long first,
				 unsigned long count, unsigned long max)
{
	unsigned long pfn = page_to_pfn(pages[first]), n = 1;

	while (first + n < count && n < max &&
	       page_to_pfn(pages[first + n]) == pfn + n)
		n++;
	return n;
}

static unsigned long dg1_dma_max_run(struct device *dev)
{
	return max_t(unsigned long, dma_max_mapping_size(dev) >> PAGE_SHIFT,
		     1);
}

/**
 * dg1_dma_map_pages() - map pages for a device
 * @dev: the device
 * @pages: the pages
 * @count: how many
 * @addrs: filled in with the bus address of each page
 *
 * Each run of pages contiguous in memory is one mapping (TTM's pool hands
 * out high-order pages), so that a large object costs few mappings.
 * dg1_dma_unmap_pages() finds the same runs again from the same pages.
 *
 * Return: 0, or -ENOMEM when a mapping failed (none is left then).
 */
int dg1_dma_map_pages(struct device *dev, struct page **pages,
		      unsigned long count, dma_addr_t *addrs)
{
	unsigned long max = dg1_dma_max_run(dev), i, j, n;

	for (i = 0; i < count; i += n) {
		dma_addr_t addr;

		n = dg1_dma_run(pages, i, count, max);
		addr = dma_map_page_attrs(dev, pages[i], 0, n << PAGE_SHIFT,
					  DMA_BIDIRECTIONAL,
					  DMA_ATTR_SKIP_CPU_SYNC);
		if (dma_mapping_error(dev, addr)) {
			dg1_dma_unmap_pages(dev, pages, i, addrs);
			return -ENOMEM;
		}
		for (j = 0; j < n; j++)
			addrs[i + j] = addr + ((dma_addr_t)j << PAGE_SHIFT);
	}
	return 0;
}

/**
 * dg1_dma_unmap_pages() - undo dg1_dma_map_pages()
 * @dev: the device
 * @pages: the pages, as they were mapped
 * @count: how many
 * @addrs: their bus addresses
 */
void dg1_dma_unmap_pages(struct device *dev, struct page **pages,
			 unsigned long count, const dma_addr_t *addrs)
{
	unsigned long max = dg1_dma_max_run(dev), i, n;

	for (i = 0; i < count; i += n) {
		n = dg1_dma_run(pages, i, count, max);
		dma_unmap_page_attrs(dev, addrs[i], n << PAGE_SHIFT,
				     DMA_BIDIRECTIONAL, DMA_ATTR_SKIP_CPU_SYNC);
	}
}

/**
 * dg1_dma_addrs_from_sg() - the bus address of each page of an sg table
 * @sgt: a table mapped for dg1
 * @addrs: filled in; NULL only to check @sgt
 * @count: pages the table must cover
 *
 * Return: 0; -EINVAL if the table does not cover exactly @count pages in
 * page-aligned segments.
 */
int dg1_dma_addrs_from_sg(struct sg_table *sgt, dma_addr_t *addrs,
			  unsigned long count)
{
	struct scatterlist *sg;
	unsigned long n = 0;
	unsigned int i;
	u32 off;

	for_each_sgtable_dma_sg(sgt, sg, i) {
		dma_addr_t addr = sg_dma_address(sg);
		u32 len = sg_dma_len(sg);

		if (!IS_ALIGNED(addr, PAGE_SIZE) || !IS_ALIGNED(len, PAGE_SIZE))
			return -EINVAL;
		for (off = 0; off < len; off += PAGE_SIZE) {
			if (n == count)
				return -EINVAL;
			if (addrs)
				addrs[n] = addr + off;
			n++;
		}
	}
	return n == count ? 0 : -EINVAL;
}

static struct ttm_buffer_object *dg1_dmabuf_tbo(struct dma_buf *dmabuf)
{
	struct drm_gem_object *obj = dmabuf->priv;

	return container_of(obj, struct ttm_buffer_object, base);
}

/* Pure, for KUnit. Return: 0, or -EOPNOTSUPP for an object that lacks SMEM. */
static int dg1_dmabuf_attach_check(u32 region_mask)
{
	return region_mask & BIT(DRM_DG1_MEMORY_REGION_SMEM) ? 0 : -EOPNOTSUPP;
}

static int dg1_dmabuf_attach(struct dma_buf *dmabuf,
			     struct dma_buf_attachment *attach)
{
	static const struct ttm_place smem = { .mem_type = DG1_PL_SMEM };
	struct ttm_placement placement = {
		.num_placement = 1,
		.placement = &smem,
	};
	struct ttm_operation_ctx ctx = { .interruptible = true };
	struct ttm_buffer_object *tbo = dg1_dmabuf_tbo(dmabuf);
	struct drm_device *drm = tbo->base.dev;
	int idx, ret;

	ret = dg1_dmabuf_attach_check(to_dg1_bo(tbo)->region_mask);
	if (ret) {
		drm_dbg(drm, "prime: %s cannot attach an object without SMEM\n",
			dev_name(attach->dev));
		return ret;
	}

	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	ret = ttm_bo_reserve(tbo, true, false, NULL);
	if (!ret) {
		ret = ttm_bo_validate(tbo, &placement, &ctx);
		if (!ret)
			ttm_bo_pin(tbo);
		/* Onto the pinned list: off the LRU that eviction walks. */
		ttm_bo_unreserve(tbo);
	}
	drm_dev_exit(idx);
	return ret;
}

static void dg1_dmabuf_detach(struct dma_buf *dmabuf,
			      struct dma_buf_attachment *attach)
{
	struct ttm_buffer_object *tbo = dg1_dmabuf_tbo(dmabuf);

	/* Also after an unbind: the pin is the attachment's, not the device's. */
	dma_resv_lock(tbo->base.resv, NULL);
	ttm_bo_unpin(tbo);
	ttm_bo_unreserve(tbo);
}

static struct sg_table *dg1_dmabuf_map(struct dma_buf_attachment *attach,
				       enum dma_data_direction dir)
{
	struct ttm_buffer_object *tbo = dg1_dmabuf_tbo(attach->dmabuf);
	struct ttm_tt *tt = tbo->ttm;
	struct sg_table *sgt;
	int ret;

	dma_resv_assert_held(tbo->base.resv);
	/* The attachment pinned it in SMEM, with its pages. */
	if (drm_WARN_ON(tbo->base.dev, !tbo->pin_count || !tbo->resource ||
			tbo->resource->mem_type != DG1_PL_SMEM || !tt ||
			!ttm_tt_is_populated(tt)))
		return ERR_PTR(-EINVAL);

	sgt = drm_prime_pages_to_sg(tbo->base.dev, tt->pages, tt->num_pages);
	if (IS_ERR(sgt))
		return sgt;
	/* DG1 snoops the CPU caches and so must the importer: no sync. */
	ret = dma_map_sgtable(attach->dev, sgt, dir, DMA_ATTR_SKIP_CPU_SYNC);
	if (ret) {
		sg_free_table(sgt);
		kfree(sgt);
		return ERR_PTR(ret);
	}
	return sgt;
}

static const struct dma_buf_ops dg1_dmabuf_ops = {
	.attach = dg1_dmabuf_attach,
	.detach = dg1_dmabuf_detach,
	.map_dma_buf = dg1_dmabuf_map,
	.unmap_dma_buf = drm_gem_unmap_dma_buf,
	.release = drm_gem_dmabuf_release,
	.mmap = drm_gem_dmabuf_mmap,
};

/**
 * dg1_gem_prime_export() - &drm_gem_object_funcs.export
 * @obj: an object of the device, not an import (the DRM core hands out
 *	 the exporter's dma-buf for those)
 * @flags: the dma-buf file's flags
 *
 * Return: the dma-buf, holding a reference to @obj and to the device;
 * ERR_PTR(-EPERM) for an object private to a VM, whose reservation is the
 * VM's; ERR_PTR(-ENODEV) once the device is unbound.
 */
struct dma_buf *dg1_gem_prime_export(struct drm_gem_object *obj, int flags)
{
	DEFINE_DMA_BUF_EXPORT_INFO(info);
	struct dma_buf *dmabuf;
	int idx;

	if (gem_to_dg1_bo(obj)->vm_obj)
		return ERR_PTR(-EPERM);

	info.ops = &dg1_dmabuf_ops;
	info.size = obj->size;
	info.flags = flags;
	info.priv = obj;
	info.resv = obj->resv;

	if (!drm_dev_enter(obj->dev, &idx))
		return ERR_PTR(-ENODEV);
	dmabuf = drm_gem_dmabuf_export(obj->dev, &info);
	drm_dev_exit(idx);
	return dmabuf;
}

/* Detach and unmap; the dma-buf reference stays. Under dg1_import_lock. */
static void dg1_import_end(struct dg1_import *imp)
{
	if (!imp->attach)
		return;
	dma_buf_unmap_attachment_unlocked(imp->attach, imp->sgt,
					  DMA_BIDIRECTIONAL);
	dma_buf_detach(imp->dmabuf, imp->attach);
	imp->attach = NULL;
	imp->sgt = NULL;
}

static void dg1_import_free(struct dg1_import *imp)
{
	dg1_import_end(imp);
	dma_buf_put(imp->dmabuf);
	kfree(imp);
}

/* Attach dg1 to @dmabuf and map its pages for dg1. */
static struct dg1_import *dg1_import_create(struct drm_device *drm,
					    struct dma_buf *dmabuf)
{
	struct dg1_import *imp;
	int ret;

	imp = kzalloc(sizeof(*imp), GFP_KERNEL);
	if (!imp)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&imp->link);
	imp->drm = drm;
	imp->dmabuf = dmabuf;

	imp->attach = dma_buf_attach(dmabuf, drm->dev);
	if (IS_ERR(imp->attach)) {
		ret = PTR_ERR(imp->attach);
		goto err_free;
	}
	imp->sgt = dma_buf_map_attachment_unlocked(imp->attach,
						   DMA_BIDIRECTIONAL);
	if (IS_ERR(imp->sgt)) {
		ret = PTR_ERR(imp->sgt);
		goto err_detach;
	}
	ret = dg1_dma_addrs_from_sg(imp->sgt, NULL,
				    dmabuf->size >> PAGE_SHIFT);
	if (ret) {
		drm_dbg(drm, "prime: %s's table does not cover its buffer in whole pages\n",
			dmabuf->exp_name);
		goto err_unmap;
	}
	get_dma_buf(dmabuf);
	return imp;

err_unmap:
	dma_buf_unmap_attachment_unlocked(imp->attach, imp->sgt,
					  DMA_BIDIRECTIONAL);
err_detach:
	dma_buf_detach(dmabuf, imp->attach);
err_free:
	kfree(imp);
	return ERR_PTR(ret);
}

/**
 * dg1_gem_prime_import() - &drm_driver.gem_prime_import
 * @drm: the importing device
 * @dmabuf: the buffer
 *
 * Return: the device's own object for one of its dma-bufs, else a new
 * object over the buffer's pages, each with a GEM reference for the
 * caller; ERR_PTR(-EINVAL) for a buffer that is not whole pages, an
 * exporter's error (-EOPNOTSUPP from a dg1 object without SMEM),
 * -ENOMEM, or -ENODEV once the device is unbound.
 */
struct drm_gem_object *dg1_gem_prime_import(struct drm_device *drm,
					    struct dma_buf *dmabuf)
{
	struct dg1_import *imp;
	struct dg1_bo *bo;
	int idx;

	if (dmabuf->ops == &dg1_dmabuf_ops) {
		struct drm_gem_object *obj = dmabuf->priv;

		/* One object, not a second one over the same pages. */
		if (obj->dev == drm) {
			drm_gem_object_get(obj);
			return obj;
		}
	}

	if (!PAGE_ALIGNED(dmabuf->size)) {
		drm_dbg(drm, "prime: %s's buffer is not whole pages\n",
			dmabuf->exp_name);
		return ERR_PTR(-EINVAL);
	}

	if (!drm_dev_enter(drm, &idx))
		return ERR_PTR(-ENODEV);
	imp = dg1_import_create(drm, dmabuf);
	if (IS_ERR(imp))
		bo = ERR_CAST(imp);
	else
		bo = dg1_bo_create_import(to_dg1_device(drm), imp);
	drm_dev_exit(idx);
	return IS_ERR(bo) ? ERR_CAST(bo) : &bo->tbo.base;
}

/**
 * dg1_dmabuf_import_adopt() - an object takes over an import
 * @imp: from dg1_gem_prime_import()
 * @obj: the object over it, before TTM has it: from now on its destroy
 *	 calls dg1_dmabuf_release_import()
 *
 * Context: no reservation object held.
 */
void dg1_dmabuf_import_adopt(struct dg1_import *imp,
			     struct drm_gem_object *obj)
{
	mutex_lock(&dg1_import_lock);
	imp->obj = obj;
	list_add(&imp->link, &dg1_imports);
	mutex_unlock(&dg1_import_lock);
}

/**
 * dg1_dmabuf_import_put() - release an import that no object took over
 * @imp: from dg1_gem_prime_import()
 */
void dg1_dmabuf_import_put(struct dg1_import *imp)
{
	dg1_import_free(imp);
}

/**
 * dg1_dmabuf_release_import() - the end of an imported object
 * @obj: a ttm_bo_type_sg object, which TTM is done with
 *
 * Detaches from the buffer, unless the unbind did, and drops the
 * reference that kept the shared reservation object.
 *
 * Context: no reservation object held.
 */
void dg1_dmabuf_release_import(struct drm_gem_object *obj)
{
	struct dg1_import *imp, *found = NULL;

	mutex_lock(&dg1_import_lock);
	list_for_each_entry(imp, &dg1_imports, link) {
		if (imp->obj == obj) {
			found = imp;
			list_del(&imp->link);
			/* Before an unbind in progress is done. */
			dg1_import_end(imp);
			break;
		}
	}
	mutex_unlock(&dg1_import_lock);
	if (found)
		dg1_import_free(found);
}

/**
 * dg1_dmabuf_unplug() - end what ties shared buffers to the device
 * @dg1: the device, unplugged, its objects' backing store dropped
 *
 * Ends every attachment the device made as an importer (the exporter may
 * keep its mapping for dg1 until then) and the device's mapping of SMEM
 * pages that stay because an importer pins them. The objects stay, empty;
 * an imported one is no longer attached (drm_gem_object.import_attach is
 * NULL) and is released at its destroy.
 *
 * Context: the unbind, after dg1_mem_purge(), before DMA is torn down.
 */
void dg1_dmabuf_unplug(struct dg1_device *dg1)
{
	struct dg1_import *imp;

	drm_WARN_ON(&dg1->drm, !drm_dev_is_unplugged(&dg1->drm));
	mutex_lock(&dg1_import_lock);
	list_for_each_entry(imp, &dg1_imports, link) {
		struct ttm_buffer_object *tbo;

		if (imp->drm != &dg1->drm || !imp->attach)
			continue;
		tbo = container_of(imp->obj, struct ttm_buffer_object, base);
		/* Nothing may populate it from the table any more. */
		dma_resv_lock(tbo->base.resv, NULL);
		tbo->sg = NULL;
		if (tbo->ttm)
			tbo->ttm->sg = NULL;
		tbo->base.import_attach = NULL;
		dma_resv_unlock(tbo->base.resv);
		dg1_import_end(imp);
	}
	mutex_unlock(&dg1_import_lock);

	dg1_ttm_tt_unmap_all(dg1);
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_dmabuf_test.c"
#endif
