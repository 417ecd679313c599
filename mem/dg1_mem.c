// SPDX-License-Identifier: GPL-2.0
/*
 * Memory management of a DG1: the TTM device, its two regions and their
 * lifetime (Documentation/memory.rst).
 *
 * SMEM is TTM_PL_TT with a manager that only counts; LMEM is a buddy
 * allocator (mem/dg1_lmem_mgr.c) over usable LMEM.
 *
 * Lifetime. Buffer objects can outlive the binding: handles live as long
 * as the DRM file, CPU mappings as long as their VMA. So the TTM device
 * and its managers are freed with the DRM device (a drmm action, after
 * the last object), while what ties them to the hardware ends at unbind
 * (a devm action): by then drm_dev_unplug() has made every ioctl fail,
 * zapped every CPU mapping and waited for faults in flight, and later
 * faults find the device gone. The devm action, registered after LMEM's
 * aperture was mapped and so run before it is unmapped, drops the backing
 * store of every object: LMEM goes back to the allocator untouched and
 * SMEM pages are unmapped from the device and freed, so no DMA mapping
 * outlives the binding.
 */

#include <linux/device.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/drm_vma_manager.h>
#include <drm/ttm/ttm_bo.h>
#include <drm/ttm/ttm_device.h>
#include <drm/ttm/ttm_tt.h>

#include "uapi/dg1_drm.h"

#include "core/dg1_device_types.h"
#include "core/dg1_inject.h"
#include "mem/dg1_lmem_mgr.h"
#include "mem/dg1_mem.h"
#include "mem/dg1_ttm.h"

#if IS_ENABLED(CONFIG_DRM_DG1_DEBUG)
/*
 * A real DG1's BAR may be sized below LMEM by firmware; this makes any
 * device look like one (i915 has lmem_bar_size for the same purpose).
 */
static unsigned int dg1_lmem_visible_mib;
module_param_named(lmem_visible_mib, dg1_lmem_visible_mib, uint, 0600);
MODULE_PARM_DESC(lmem_visible_mib,
		 "Treat only the first N MiB of LMEM as CPU-visible, as with a small BAR; read at probe (0: all the BAR covers; debug builds only)");

static u64 dg1_mem_visible_limit(void)
{
	unsigned int mib = READ_ONCE(dg1_lmem_visible_mib);

	return mib ? (u64)mib * SZ_1M : U64_MAX;
}
#else
static u64 dg1_mem_visible_limit(void)
{
	return U64_MAX;
}
#endif

static int dg1_smem_mgr_alloc(struct ttm_resource_manager *man,
			      struct ttm_buffer_object *tbo,
			      const struct ttm_place *place,
			      struct ttm_resource **out)
{
	struct ttm_resource *res;

	res = kzalloc(sizeof(*res), GFP_KERNEL);
	if (!res)
		return -ENOMEM;

	/* ttm_resource_init() counts @res in the usage already. */
	ttm_resource_init(tbo, place, res);
	if (ttm_resource_manager_usage(man) > man->size) {
		ttm_resource_fini(man, res);
		kfree(res);
		return -ENOSPC;
	}
	*out = res;
	return 0;
}

static void dg1_smem_mgr_free(struct ttm_resource_manager *man,
			      struct ttm_resource *res)
{
	ttm_resource_fini(man, res);
	kfree(res);
}

static const struct ttm_resource_manager_func dg1_smem_mgr_funcs = {
	.alloc = dg1_smem_mgr_alloc,
	.free = dg1_smem_mgr_free,
};

/* Up to TTM's limit on the pages of all GPU objects (half of RAM). */
static void dg1_smem_mgr_init(struct dg1_mem *mem)
{
	struct ttm_resource_manager *man = &mem->smem_mgr;

	man->func = &dg1_smem_mgr_funcs;
	man->use_tt = true;
	ttm_resource_manager_init(man, &mem->bdev,
				  (u64)ttm_tt_pages_limit() << PAGE_SHIFT);
	ttm_set_driver_manager(&mem->bdev, DG1_PL_SMEM, man);
	ttm_resource_manager_set_used(man, true);
}

static void dg1_smem_mgr_fini(struct dg1_mem *mem)
{
	struct ttm_resource_manager *man = &mem->smem_mgr;

	ttm_resource_manager_evict_all(&mem->bdev, man);
	ttm_resource_manager_set_used(man, false);
	ttm_resource_manager_cleanup(man);
	ttm_set_driver_manager(&mem->bdev, DG1_PL_SMEM, NULL);
}

/* With the DRM device: every object is gone, but TTM may defer frees. */
static void dg1_mem_fini_sw(struct drm_device *drm, void *arg)
{
	struct dg1_mem *mem = arg;

	drain_workqueue(mem->bdev.wq);
	dg1_lmem_mgr_fini(&mem->lmem_mgr, &mem->bdev);
	dg1_smem_mgr_fini(mem);
	ttm_device_fini(&mem->bdev);
	drm_WARN_ON(drm, atomic_read(&mem->num_bos));
}

/*
 * Drop the backing store of every object: with the device unplugged,
 * dg1_ttm_evict_flags() offers no placement, so TTM frees instead of
 * moving. Objects stay, empty; their CPU faults raise SIGBUS.
 */
static void dg1_mem_purge(struct dg1_mem *mem)
{
	struct ttm_device *bdev = &mem->bdev;

	ttm_resource_manager_evict_all(bdev, &mem->lmem_mgr.base);
	ttm_resource_manager_evict_all(bdev, &mem->smem_mgr);
	ttm_resource_manager_evict_all(bdev,
				       ttm_manager_type(bdev, TTM_PL_SYSTEM));
}

/* At unbind, before the aperture is unmapped and DMA is torn down. */
static void dg1_mem_fini_hw(void *arg)
{
	struct dg1_mem *mem = arg;
	struct dg1_device *dg1 = dg1_ttm_to_device(&mem->bdev);

	drm_WARN_ON(&dg1->drm, !drm_dev_is_unplugged(&dg1->drm));
	dg1_mem_purge(mem);
	if (mem->hooks && mem->hooks->unplug)
		mem->hooks->unplug(dg1);
}

/**
 * dg1_mem_set_hooks() - register what follows a move and an unplug
 * @mem: initialised (dg1_mem_init())
 * @hooks: static; its members may be NULL
 *
 * Context: probe, before any object of the device can move.
 */
void dg1_mem_set_hooks(struct dg1_mem *mem, const struct dg1_mem_hooks *hooks)
{
	mem->hooks = hooks;
}

/* What another driver held in BAR2 at probe (dg1_lmem.c): no object there. */
static int dg1_mem_reserve_firmware(struct dg1_mem *mem,
				    const struct dg1_lmem *lmem)
{
	unsigned int i;
	int ret;

	for (i = 0; i < lmem->num_fw; i++) {
		u64 start = max_t(u64, lmem->fw[i].start, DG1_LMEM_LOW_RESERVED);
		u64 end = min(lmem->fw[i].start + lmem->fw[i].size, lmem->size);

		if (start >= end)
			continue;
		ret = dg1_lmem_mgr_reserve(&mem->lmem_mgr, start, end - start);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * dg1_mem_init() - set up the TTM device and the memory regions
 * @mem: filled in
 * @dg1: the device; its LMEM is discovered and its aperture mapped
 *
 * Context: probe.
 * Return: 0, or -ENOMEM.
 */
int dg1_mem_init(struct dg1_mem *mem, struct dg1_device *dg1)
{
	struct drm_device *drm = &dg1->drm;
	u64 visible;
	int ret;

	atomic_set(&mem->num_bos, 0);
	mutex_init(&mem->userfault_lock);
	INIT_LIST_HEAD(&mem->userfault);
	INIT_LIST_HEAD(&mem->saved);
	ret = dg1_inject_probe_error(drm->dev, -ENOMEM) ?:
	      ttm_device_init(&mem->bdev, &dg1_ttm_funcs, drm->dev,
			      drm->anon_inode->i_mapping,
			      drm->vma_offset_manager, false, false);
	if (ret) {
		drm_err(drm, "cannot create the TTM device: %d\n", ret);
		return ret;
	}

	dg1_smem_mgr_init(mem);

	visible = min3(dg1->lmem.size, (u64)dg1->lmem.io_size,
		       dg1_mem_visible_limit());
	ret = dg1_inject_probe_error(drm->dev, -ENOMEM) ?:
	      dg1_lmem_mgr_init(&mem->lmem_mgr, &mem->bdev, dg1->lmem.size,
				visible);
	if (ret) {
		drm_err(drm, "cannot create the LMEM allocator: %d\n", ret);
		dg1_smem_mgr_fini(mem);
		ttm_device_fini(&mem->bdev);
		return ret;
	}

	/*
	 * i915 keeps the first MiB of a DG1's LMEM from every object
	 * (gt/intel_region_lmem.c, get_legacy_lowmem_region(): "reserved
	 * legacy low-memory", every DG1 stepping; no reason given). xe does
	 * not; i915 is what ran on DG1s longest, so dg1 follows it.
	 */
	ret = dg1_inject_probe_error(drm->dev, -ENOSPC) ?:
	      dg1_lmem_mgr_reserve(&mem->lmem_mgr, 0, DG1_LMEM_LOW_RESERVED);
	if (ret) {
		drm_err(drm, "cannot reserve LMEM's first MiB: %d\n", ret);
		dg1_mem_fini_sw(drm, mem);
		return ret;
	}
	ret = dg1_mem_reserve_firmware(mem, &dg1->lmem);
	if (ret) {
		drm_err(drm, "cannot keep the firmware's LMEM: %d\n", ret);
		dg1_mem_fini_sw(drm, mem);
		return ret;
	}
	ret = drmm_add_action_or_reset(drm, dg1_mem_fini_sw, mem);
	if (ret)
		return ret;

	ret = dg1_inject_probe_error(drm->dev, -ENOMEM);
	if (ret)
		return ret;
	ret = devm_add_action_or_reset(drm->dev, dg1_mem_fini_hw, mem);
	if (ret)
		return ret;

	if (visible < dg1->lmem.size)
		drm_info(drm, "LMEM: %llu MiB, of which the CPU sees %llu MiB\n",
			 dg1->lmem.size / SZ_1M, visible / SZ_1M);
	return 0;
}

/**
 * dg1_mem_region_info() - the figures the memory-regions query reports
 * @mem: the device's memory
 * @region: an &enum drm_dg1_memory_region
 * @info: filled in
 *
 * SMEM counts objects in TT and in SYSTEM (evicted from TT or swapped
 * out) alike. The whole of SMEM is CPU-visible.
 */
void dg1_mem_region_info(struct dg1_mem *mem, unsigned int region,
			 struct dg1_mem_region_info *info)
{
	struct ttm_resource_manager *sys;
	u64 reserved, vis_reserved;

	memset(info, 0, sizeof(*info));
	info->min_page_size = PAGE_SIZE;
	switch (region) {
	case DRM_DG1_MEMORY_REGION_SMEM:
		sys = ttm_manager_type(&mem->bdev, TTM_PL_SYSTEM);
		info->total_size = (u64)totalram_pages() << PAGE_SHIFT;
		info->usable_size = mem->smem_mgr.size;
		info->used = ttm_resource_manager_usage(&mem->smem_mgr) +
			     ttm_resource_manager_usage(sys);
		info->cpu_visible_size = info->usable_size;
		info->cpu_visible_used = info->used;
		break;
	case DRM_DG1_MEMORY_REGION_LMEM:
		reserved = dg1_lmem_mgr_reserved(&mem->lmem_mgr, &vis_reserved);
		info->total_size = mem->lmem_mgr.base.size;
		info->usable_size = mem->lmem_mgr.base.size - reserved;
		info->cpu_visible_size = mem->lmem_mgr.visible_size -
					 vis_reserved;
		dg1_lmem_mgr_usage(&mem->lmem_mgr, &info->used,
				   &info->cpu_visible_used);
		break;
	}
}

/**
 * dg1_mem_limits() - the largest object each region can take
 * @mem: the device's memory
 * @limits: filled in
 */
void dg1_mem_limits(struct dg1_mem *mem, struct dg1_mem_limits *limits)
{
	u64 reserved, vis_reserved;

	limits->usable[DRM_DG1_MEMORY_REGION_SMEM] = mem->smem_mgr.size;
	reserved = dg1_lmem_mgr_reserved(&mem->lmem_mgr, &vis_reserved);
	limits->usable[DRM_DG1_MEMORY_REGION_LMEM] = mem->lmem_mgr.base.size -
						     reserved;
	limits->lmem_visible = mem->lmem_mgr.visible_size - vis_reserved;
}

/**
 * dg1_mem_print() - the regions, LMEM's free space by order, the objects
 * @mem: the device's memory
 * @p: where to print
 */
void dg1_mem_print(struct dg1_mem *mem, struct drm_printer *p)
{
	static const char * const names[] = {
		[DRM_DG1_MEMORY_REGION_SMEM] = "smem",
		[DRM_DG1_MEMORY_REGION_LMEM] = "lmem",
	};
	struct dg1_mem_region_info info;
	unsigned int region;

	for (region = 0; region < DG1_MEM_NUM_REGIONS; region++) {
		dg1_mem_region_info(mem, region, &info);
		drm_printf(p, "%s: total %llu usable %llu used %llu free %llu",
			   names[region], info.total_size, info.usable_size,
			   info.used,
			   info.usable_size - min(info.used, info.usable_size));
		drm_printf(p, " cpu_visible %llu cpu_visible_used %llu\n",
			   info.cpu_visible_size, info.cpu_visible_used);
	}
	drm_printf(p, "lmem allocator:\n");
	dg1_lmem_mgr_print(&mem->lmem_mgr, p);
	drm_printf(p, "objects: %d\n", atomic_read(&mem->num_bos));
}
