/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_LMEM_MGR_H_
#define _DG1_LMEM_MGR_H_

#include <linux/container_of.h>
#include <linux/types.h>

#include <drm/ttm/ttm_kmap_iter.h>

#include "mem/dg1_mem_types.h"

struct drm_printer;

/**
 * struct dg1_lmem_iter - a &struct ttm_kmap_iter over an LMEM allocation
 *
 * Maps each page through the kernel's write-combining mapping of the LMEM
 * aperture, so it only works for an allocation the CPU can see.
 */
struct dg1_lmem_iter {
	/** @base: what ttm_move_memcpy() takes */
	struct ttm_kmap_iter base;
	/** @res: the allocation */
	struct dg1_lmem_res *res;
	/** @aperture: the kernel mapping of LMEM offset 0 */
	void __iomem *aperture;
};

static inline struct dg1_lmem_mgr *
to_dg1_lmem_mgr(struct ttm_resource_manager *man)
{
	return container_of(man, struct dg1_lmem_mgr, base);
}

static inline struct dg1_lmem_res *to_dg1_lmem_res(struct ttm_resource *res)
{
	return container_of(res, struct dg1_lmem_res, base);
}

int dg1_lmem_mgr_init(struct dg1_lmem_mgr *mgr, struct ttm_device *bdev,
		      u64 size, u64 visible_size);
void dg1_lmem_mgr_fini(struct dg1_lmem_mgr *mgr, struct ttm_device *bdev);
int dg1_lmem_mgr_reserve(struct dg1_lmem_mgr *mgr, u64 start, u64 size);
u64 dg1_lmem_mgr_reserved(struct dg1_lmem_mgr *mgr, u64 *visible);
u64 dg1_lmem_mgr_unreachable(struct dg1_lmem_mgr *mgr);
void dg1_lmem_mgr_usage(struct dg1_lmem_mgr *mgr, u64 *used,
			u64 *visible_used);
void dg1_lmem_mgr_print(struct dg1_lmem_mgr *mgr, struct drm_printer *p);

u64 dg1_lmem_res_offset(struct dg1_lmem_res *res, u64 offset);
void dg1_lmem_res_clear(struct dg1_lmem_res *res, void __iomem *aperture);
struct ttm_kmap_iter *dg1_lmem_iter_init(struct dg1_lmem_iter *iter,
					 struct dg1_lmem_res *res,
					 void __iomem *aperture);

#endif /* _DG1_LMEM_MGR_H_ */
