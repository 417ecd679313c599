/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_DMABUF_H_
#define _DG1_DMABUF_H_

#include <linux/list.h>
#include <linux/types.h>

struct dg1_bo;
struct dg1_device;
struct device;
struct dma_buf;
struct dma_buf_attachment;
struct drm_device;
struct drm_gem_object;
struct page;
struct sg_table;

/**
 * struct dg1_import - dg1's hold on another device's dma-buf
 *
 * Made when the buffer is imported, owned by the object over it from
 * dg1_bo_create_import() on, ended when that object is destroyed or,
 * earlier, when the device is unbound (dg1_dmabuf_unplug()).
 */
struct dg1_import {
	/** @link: on the list of imports, from dg1_bo_create_import() on */
	struct list_head link;
	/** @drm: the importing device */
	struct drm_device *drm;
	/** @obj: the object over the buffer, once there is one */
	struct drm_gem_object *obj;
	/** @dmabuf: the buffer; its reference keeps the shared reservation */
	struct dma_buf *dmabuf;
	/** @attach: dg1's attachment; NULL once the unbind ended it */
	struct dma_buf_attachment *attach;
	/** @sgt: the buffer's pages, mapped for dg1 by the exporter */
	struct sg_table *sgt;
};

struct dma_buf *dg1_gem_prime_export(struct drm_gem_object *obj, int flags);
struct drm_gem_object *dg1_gem_prime_import(struct drm_device *drm,
					    struct dma_buf *dmabuf);
void dg1_dmabuf_unplug(struct dg1_device *dg1);

void dg1_dmabuf_import_adopt(struct dg1_import *imp,
			     struct drm_gem_object *obj);
void dg1_dmabuf_import_put(struct dg1_import *imp);
void dg1_dmabuf_release_import(struct drm_gem_object *obj);

int dg1_dma_map_pages(struct device *dev, struct page **pages,
		      unsigned long count, dma_addr_t *addrs);
void dg1_dma_unmap_pages(struct device *dev, struct page **pages,
			 unsigned long count, const dma_addr_t *addrs);
int dg1_dma_addrs_from_sg(struct sg_table *sgt, dma_addr_t *addrs,
			  unsigned long count);

/* In mem/dg1_bo.c: the object over an import. */
struct dg1_bo *dg1_bo_create_import(struct dg1_device *dg1,
				    struct dg1_import *imp);
/* In mem/dg1_ttm.c: SMEM pages that outlive the unbind. */
void dg1_ttm_tt_unmap_all(struct dg1_device *dg1);

#endif /* _DG1_DMABUF_H_ */
