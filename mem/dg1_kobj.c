// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel objects: what the engines read and write through the GGTT -
 * hardware status pages, rings, context images. Each is a buffer object
 * pinned in the CPU-visible part of LMEM as one contiguous run, so it has
 * one CPU mapping (the LMEM BAR, write-combined) and one GGTT run, and it
 * stays bound until it is destroyed.
 *
 * LMEM rather than system memory: xe keeps these in VRAM on discrete
 * parts (xe xe_hw_engine.c, xe_lrc.c), which spares every ring fetch and
 * status write a trip over PCIe. The manual's one rule for the status
 * page, that it must be snoopable and so not in stolen memory (Vol 13
 * General Assets, "Hardware Status Page"), holds: LMEM objects are not
 * stolen memory.
 */

#include <linux/align.h>
#include <linux/err.h>

#include <drm/drm_print.h>
#include <drm/ttm/ttm_bo.h>

#include "core/dg1_device_types.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_ggtt.h"
#include "mem/dg1_kobj.h"
#include "mem/dg1_lmem_mgr.h"
#include "mem/dg1_mem.h"
#include "uapi/dg1_drm.h"

/* Reserved, placed where the CPU reaches it, cleared and pinned. */
static int dg1_kobj_pin(struct dg1_bo *bo, u64 *lmem_addr)
{
	int ret;

	ret = ttm_bo_reserve(&bo->tbo, false, false, NULL);
	if (ret)
		return ret;
	ret = dg1_bo_pin_kernel(bo, false);
	if (!ret)
		*lmem_addr = dg1_lmem_res_offset(to_dg1_lmem_res(bo->tbo.resource),
						 0);
	ttm_bo_unreserve(&bo->tbo);
	return ret;
}

/**
 * dg1_kobj_create() - allocate, pin, map and bind a kernel object
 * @dg1: the device
 * @kobj: filled in
 * @size: bytes, a non-zero multiple of 4 KiB
 * @name: what it holds, for debugfs; must outlive the object
 *
 * The object reads as zero. It lies in one contiguous run of CPU-visible
 * LMEM, @kobj->vaddr maps it for the CPU and dg1_kobj_ggtt() is its GGTT
 * address, 4 KiB aligned.
 *
 * Context: process; may evict user objects from LMEM.
 * Return: 0, -EINVAL for a bad size, -ENOSPC if LMEM or the GGTT has no
 * room, -ENOMEM, or -ENODEV after an unbind.
 */
int dg1_kobj_create(struct dg1_device *dg1, struct dg1_kobj *kobj, u64 size,
		    const char *name)
{
	struct dg1_bo_params params = {
		.size = size,
		.flags = DG1_BO_NEEDS_CPU_ACCESS | DG1_BO_CONTIGUOUS,
		.num_regions = 1,
		.regions = { DRM_DG1_MEMORY_REGION_LMEM },
	};
	struct dg1_bo *bo;
	int ret;

	if (!size || !IS_ALIGNED(size, SZ_4K))
		return -EINVAL;
	memset(kobj, 0, sizeof(*kobj));

	bo = dg1_bo_create(dg1, &params, ttm_bo_type_kernel);
	if (IS_ERR(bo))
		return PTR_ERR(bo);
	ret = dg1_kobj_pin(bo, &kobj->lmem_addr);
	if (ret)
		goto err_put;

	ret = dg1_ggtt_insert_node(&dg1->ggtt, &kobj->node, size, 0, name);
	if (ret)
		goto err_unpin;
	dg1_ggtt_map(&dg1->ggtt, &kobj->node, 0, kobj->lmem_addr, size, true);

	kobj->bo = bo;
	kobj->size = size;
	kobj->vaddr = dg1->lmem.io_vaddr + kobj->lmem_addr;
	return 0;

err_unpin:
	dg1_bo_unpin_kernel(bo);
err_put:
	dg1_bo_put(bo);
	return ret;
}

/**
 * dg1_kobj_destroy() - unbind, unpin and free a kernel object
 * @dg1: the device
 * @kobj: from dg1_kobj_create(); the GPU must be done with it
 *
 * Its GGTT range maps scratch again before the pages are freed.
 *
 * Context: process.
 */
void dg1_kobj_destroy(struct dg1_device *dg1, struct dg1_kobj *kobj)
{
	if (!kobj->bo)
		return;
	dg1_ggtt_remove_node(&dg1->ggtt, &kobj->node);
	dg1_bo_unpin_kernel(kobj->bo);
	dg1_bo_put(kobj->bo);
	kobj->bo = NULL;
	kobj->vaddr = NULL;
}
