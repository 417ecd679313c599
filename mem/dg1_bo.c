// SPDX-License-Identifier: GPL-2.0
/*
 * Buffer objects: GEM objects backed by TTM, their CPU mappings, and the
 * GEM_CREATE and GEM_MMAP_OFFSET ioctls (uapi/dg1_drm.h).
 *
 * An object lists its regions in order of preference; TTM places it in
 * the first with room, evicting others if need be (mem/dg1_ttm.c).
 *
 * CPU mappings fault pages in one by one. An LMEM object that lies
 * (partly) beyond the CPU-visible part of LMEM is first moved into it,
 * evicting others if need be; if that fails and the object may live in
 * SMEM it goes there; failing both, the access raises SIGBUS. Pages of
 * an object created in LMEM are cleared before the CPU first maps them.
 * Once the device is unbound every fault maps a zeroed dummy page.
 *
 * PRIME (mem/dg1_dmabuf.c): an exported object is pinned in SMEM while
 * another device is attached to it; an object over another device's
 * dma-buf lives in SMEM only, shares the exporter's reservation object,
 * and is mapped by the CPU through the exporter (dma_buf_mmap()).
 */

#include <linux/align.h>
#include <linux/bits.h>
#include <linux/dma-buf.h>
#include <linux/dma-resv.h>
#include <linux/err.h>
#include <linux/mm.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_print.h>
#include <drm/drm_vma_manager.h>
#include <drm/ttm/ttm_bo.h>

#include "uapi/dg1_drm.h"

#include "core/dg1_device_types.h"
#include "core/dg1_rpm.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_dmabuf.h"
#include "mem/dg1_lmem_mgr.h"
#include "mem/dg1_mem.h"
#include "mem/dg1_ttm.h"
#include "mem/dg1_vm.h"

static void dg1_bo_destroy(struct ttm_buffer_object *tbo)
{
	struct dg1_device *dg1 = dg1_ttm_to_device(tbo->bdev);
	struct dg1_bo *bo = to_dg1_bo(tbo);

	if (!list_empty_careful(&bo->userfault_link)) {
		mutex_lock(&dg1->mem.userfault_lock);
		list_del_init(&bo->userfault_link);
		mutex_unlock(&dg1->mem.userfault_lock);
	}

	/* TTM is done with the exporter's pages and reservation object. */
	if (tbo->type == ttm_bo_type_sg)
		dg1_dmabuf_release_import(&tbo->base);
	drm_gem_object_release(&tbo->base);
	/* TTM moved the fences to the object's own one before this. */
	if (bo->vm_obj)
		drm_gem_object_put(bo->vm_obj);
	atomic_dec(&dg1->mem.num_bos);
	kfree(bo);
}

/**
 * dg1_bo_is_dg1_bo() - is this TTM object one of ours
 * @tbo: a TTM object of the device; TTM makes others (ghosts) for moves
 *
 * Return: true for a &struct dg1_bo.
 */
bool dg1_bo_is_dg1_bo(struct ttm_buffer_object *tbo)
{
	return tbo->destroy == dg1_bo_destroy;
}

/*
 * Validate the arguments of GEM_CREATE against the regions' sizes and
 * turn them into @params: the listed regions that can hold @size, in the
 * order given. Pure, for KUnit. Return: 0, -EINVAL or -E2BIG as
 * documented in uapi/dg1_drm.h.
 */
static int dg1_bo_create_check(const struct drm_dg1_gem_create *args,
			       const struct dg1_mem_limits *limits,
			       struct dg1_bo_params *params)
{
	bool cpu = args->flags & DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS;
	unsigned int i;
	u32 seen = 0;

	if (args->extensions || args->reserved[0] || args->reserved[1])
		return -EINVAL;
	if (args->flags & ~DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS)
		return -EINVAL;
	if (!args->num_placements ||
	    args->num_placements > DG1_BO_MAX_PLACEMENTS)
		return -EINVAL;

	for (i = 0; i < ARRAY_SIZE(args->placements); i++) {
		u16 region = args->placements[i];

		if (i >= args->num_placements) {
			if (region)
				return -EINVAL;
			continue;
		}
		if (region >= DG1_MEM_NUM_REGIONS || seen & BIT(region))
			return -EINVAL;
		seen |= BIT(region);
	}
	if (cpu && !(seen & BIT(DRM_DG1_MEMORY_REGION_LMEM)))
		return -EINVAL;
	if (!args->size || !IS_ALIGNED(args->size, PAGE_SIZE))
		return -EINVAL;

	memset(params, 0, sizeof(*params));
	params->size = args->size;
	params->flags = cpu ? DG1_BO_NEEDS_CPU_ACCESS : 0;
	for (i = 0; i < args->num_placements; i++) {
		u16 region = args->placements[i];
		u64 max = limits->usable[region];

		if (region == DRM_DG1_MEMORY_REGION_LMEM && cpu)
			max = min(max, limits->lmem_visible);
		if (args->size <= max)
			params->regions[params->num_regions++] = region;
	}
	return params->num_regions ? 0 : -E2BIG;
}

/*
 * On a small-BAR device, objects that do not ask for CPU access are placed
 * from the top of LMEM, leaving the visible part to those that do.
 */
static void dg1_bo_init_placement(struct dg1_bo *bo,
				  const struct dg1_bo_params *params,
				  const struct dg1_mem *mem)
{
	const struct dg1_lmem_mgr *lmem = &mem->lmem_mgr;
	unsigned int i;

	for (i = 0; i < params->num_regions; i++) {
		struct ttm_place *place = &bo->places[i];

		memset(place, 0, sizeof(*place));
		bo->region_mask |= BIT(params->regions[i]);
		if (params->regions[i] == DRM_DG1_MEMORY_REGION_SMEM) {
			place->mem_type = DG1_PL_SMEM;
			continue;
		}
		place->mem_type = DG1_PL_LMEM;
		if (params->flags & DG1_BO_CONTIGUOUS)
			place->flags |= TTM_PL_FLAG_CONTIGUOUS;
		if (params->flags & DG1_BO_NEEDS_CPU_ACCESS)
			place->lpfn = lmem->visible_size >> PAGE_SHIFT;
		else if (lmem->visible_size < lmem->base.size)
			place->flags |= TTM_PL_FLAG_TOPDOWN;
	}
	bo->placement.num_placement = params->num_regions;
	bo->placement.placement = bo->places;
}

static const struct drm_gem_object_funcs dg1_gem_funcs;

/**
 * dg1_bo_create() - create a buffer object
 * @dg1: the device
 * @params: size, regions and flags; the regions must be able to hold it;
 *	the VM it is private to, if any
 * @type: ttm_bo_type_device for objects userspace may map
 *
 * The object reads as zero. It is created unreserved, with one GEM
 * reference for the caller (dg1_bo_put()). An object private to a VM
 * shares the VM's reservation object (as xe's objects created with a
 * vm_id): an EXEC on the VM locks it and fences it with the VM, at no
 * cost per object (drm_gpuvm leaves it off the external objects).
 *
 * Context: process; may evict other objects, the VM's private ones too.
 * The caller keeps the device from going away meanwhile (drm_dev_enter()).
 * Return: the object; ERR_PTR(-ENOMEM) if no listed region has room even
 * after eviction, -EINTR or -ERESTARTSYS if a signal came while waiting.
 */
struct dg1_bo *dg1_bo_create(struct dg1_device *dg1,
			     const struct dg1_bo_params *params,
			     enum ttm_bo_type type)
{
	struct dma_resv *resv = params->vm_obj ? params->vm_obj->resv : NULL;
	struct ttm_operation_ctx ctx = {
		.interruptible = true,
		/* The VM's other objects are locked with it: evictable. */
		.resv = resv,
		.allow_res_evict = !!resv,
	};
	struct dg1_bo *bo;
	int ret;

	bo = kzalloc(sizeof(*bo), GFP_KERNEL);
	if (!bo)
		return ERR_PTR(-ENOMEM);
	if (resv) {
		ret = dma_resv_lock_interruptible(resv, NULL);
		if (ret) {
			kfree(bo);
			return ERR_PTR(ret);
		}
		drm_gem_object_get(params->vm_obj);
		bo->vm_obj = params->vm_obj;
	}

	bo->flags = params->flags;
	dg1_bo_init_placement(bo, params, &dg1->mem);
	bo->tbo.base.funcs = &dg1_gem_funcs;
	INIT_LIST_HEAD(&bo->userfault_link);
	drm_gem_private_object_init(&dg1->drm, &bo->tbo.base, params->size);
	/* Its mappings in VMs (mem/dg1_vm.c), guarded by its reservation. */
	drm_gem_gpuva_init(&bo->tbo.base);
	atomic_inc(&dg1->mem.num_bos);

	/*
	 * On failure TTM has called dg1_bo_destroy(); a reservation object
	 * passed in stays locked either way.
	 */
	ret = ttm_bo_init_reserved(&dg1->mem.bdev, &bo->tbo, type,
				   &bo->placement, 0, &ctx, NULL, resv,
				   dg1_bo_destroy);
	if (ret) {
		if (resv)
			dma_resv_unlock(resv);
		return ERR_PTR(ret);
	}
	ttm_bo_unreserve(&bo->tbo);
	return bo;
}

/**
 * dg1_bo_create_import() - an object over another device's dma-buf
 * @dg1: the device
 * @imp: dg1's attachment to the buffer and the pages it maps
 *
 * The object is in SMEM and can go nowhere else: its pages are the
 * exporter's (TTM allocates none; their bus addresses come from @imp's
 * table), and it shares the buffer's reservation object, so that the
 * exporter's fences and the device's are one set.
 *
 * Context: process, no reservation object held. The caller keeps the
 * device from going away meanwhile (drm_dev_enter()).
 * Return: the object, with one GEM reference for the caller; or
 * ERR_PTR(-ENOMEM) when SMEM has no room, -EINTR or -ERESTARTSYS. Either
 * way @imp is taken: the object's, or released.
 */
struct dg1_bo *dg1_bo_create_import(struct dg1_device *dg1,
				    struct dg1_import *imp)
{
	struct ttm_operation_ctx ctx = { .interruptible = true };
	struct dma_resv *resv = imp->dmabuf->resv;
	struct dg1_bo_params params = {
		.size = imp->dmabuf->size,
		.num_regions = 1,
		.regions = { DRM_DG1_MEMORY_REGION_SMEM },
	};
	struct dg1_bo *bo;
	int ret;

	bo = kzalloc(sizeof(*bo), GFP_KERNEL);
	if (!bo) {
		dg1_dmabuf_import_put(imp);
		return ERR_PTR(-ENOMEM);
	}

	dg1_bo_init_placement(bo, &params, &dg1->mem);
	bo->tbo.base.funcs = &dg1_gem_funcs;
	INIT_LIST_HEAD(&bo->userfault_link);
	drm_gem_private_object_init(&dg1->drm, &bo->tbo.base, params.size);
	drm_gem_gpuva_init(&bo->tbo.base);
	bo->tbo.base.import_attach = imp->attach;
	atomic_inc(&dg1->mem.num_bos);
	/* From here on dg1_bo_destroy() releases the import. */
	dg1_dmabuf_import_adopt(imp, &bo->tbo.base);

	/* TTM takes a shared reservation object locked, and leaves it so. */
	dma_resv_lock(resv, NULL);
	ret = ttm_bo_init_reserved(&dg1->mem.bdev, &bo->tbo, ttm_bo_type_sg,
				   &bo->placement, 0, &ctx, imp->sgt, resv,
				   dg1_bo_destroy);
	if (ret) {
		/* TTM dropped its object (its destroy comes from a worker). */
		dma_resv_unlock(resv);
		return ERR_PTR(ret);
	}
	ttm_bo_unreserve(&bo->tbo);
	return bo;
}

/**
 * dg1_bo_put() - drop a GEM reference to an object
 * @bo: the object
 */
void dg1_bo_put(struct dg1_bo *bo)
{
	drm_gem_object_put(&bo->tbo.base);
}

/**
 * dg1_bo_move_cpu_visible() - move an object where the CPU sees it
 * @bo: the object
 *
 * Into the visible part of LMEM, or, if there is no room there even after
 * eviction, to SMEM if listed. An object larger than the whole visible
 * part is not tried there: the attempt could only fail, after evicting
 * everything visible.
 *
 * Context: the reservation held; may evict others.
 * Return: 0, -ENOMEM, or the error of the move (-EINTR, -ERESTARTSYS, ...).
 */
int dg1_bo_move_cpu_visible(struct dg1_bo *bo)
{
	struct dg1_device *dg1 = dg1_ttm_to_device(bo->tbo.bdev);
	struct ttm_operation_ctx ctx = { .interruptible = true };
	struct ttm_place place = {
		.mem_type = DG1_PL_LMEM,
		.lpfn = dg1->mem.lmem_mgr.visible_size >> PAGE_SHIFT,
	};
	struct ttm_placement placement = {
		.num_placement = 1,
		.placement = &place,
	};
	int ret = -ENOMEM;

	if ((bo->region_mask & BIT(DRM_DG1_MEMORY_REGION_LMEM)) &&
	    bo->tbo.base.size <= dg1->mem.lmem_mgr.visible_size)
		ret = ttm_bo_validate(&bo->tbo, &placement, &ctx);
	if (ret != -ENOMEM ||
	    !(bo->region_mask & BIT(DRM_DG1_MEMORY_REGION_SMEM)))
		return ret;

	place = (struct ttm_place){ .mem_type = DG1_PL_SMEM };
	return ttm_bo_validate(&bo->tbo, &placement, &ctx);
}

/**
 * dg1_bo_pin_kernel() - pin a kernel object where the CPU sees it, cleared
 * @bo: a kernel object placed in LMEM only, with CPU access
 * @interruptible: whether a signal may end a wait for room
 *
 * Unreserved since its creation, it may have been evicted: back into
 * CPU-visible LMEM first. It is zeroed (nothing may read a previous
 * owner's data), then pinned. Page-table blocks and kernel objects.
 *
 * Context: the reservation held; may evict others.
 * Return: 0, or the error of the move or of the clear.
 */
int dg1_bo_pin_kernel(struct dg1_bo *bo, bool interruptible)
{
	struct ttm_operation_ctx ctx = { .interruptible = interruptible };
	struct ttm_resource *res = bo->tbo.resource;
	int ret = 0;

	if (res->mem_type != DG1_PL_LMEM || !to_dg1_lmem_res(res)->cpu_visible)
		ret = ttm_bo_validate(&bo->tbo, &bo->placement, &ctx);
	ret = ret ?: dg1_ttm_clear_lmem(bo);
	if (!ret)
		ttm_bo_pin(&bo->tbo);
	return ret;
}

/**
 * dg1_bo_unpin_kernel() - take back dg1_bo_pin_kernel()'s pin
 * @bo: the object; the caller puts its reference after
 *
 * Context: process; takes the reservation, not interruptibly: the pin
 * must go before the last reference.
 */
void dg1_bo_unpin_kernel(struct dg1_bo *bo)
{
	if (!ttm_bo_reserve(&bo->tbo, false, false, NULL)) {
		ttm_bo_unpin(&bo->tbo);
		ttm_bo_unreserve(&bo->tbo);
	}
}

/* Before the CPU maps the object's pages. Context: reservation held. */
static int dg1_bo_prepare_cpu_access(struct dg1_bo *bo)
{
	struct ttm_resource *res = bo->tbo.resource;
	int ret;

	/* Only an unbind leaves an object without backing store. */
	if (!res)
		return -ENODEV;
	if (res->mem_type == DG1_PL_LMEM && !to_dg1_lmem_res(res)->cpu_visible) {
		ret = dg1_bo_move_cpu_visible(bo);
		if (ret)
			return ret;
	}
	return dg1_ttm_clear_lmem(bo);
}

/**
 * dg1_bo_read() - read bytes of an object with the CPU
 * @bo: the object
 * @offset: where, in bytes
 * @buf: filled in
 * @len: bytes, not crossing a page
 *
 * An object beyond the BAR moves where the CPU sees it first, as for a
 * CPU fault. Another device's buffer is read through its exporter's
 * mapping (dma_buf_vmap()).
 *
 * Context: process; takes the reservation.
 * Return: 0; -EINVAL for a range beyond the object or crossing a page;
 * -ENODEV after an unbind; -EINTR / -ERESTARTSYS; or the error of a move
 * or of the exporter's vmap.
 */
int dg1_bo_read(struct dg1_bo *bo, u64 offset, void *buf, size_t len)
{
	struct dg1_device *dg1 = dg1_ttm_to_device(bo->tbo.bdev);
	struct ttm_bo_kmap_obj map;
	bool is_iomem;
	void *virt;
	int idx, ret;

	if (offset >= bo->tbo.base.size || len > bo->tbo.base.size - offset ||
	    offset_in_page(offset) + len > PAGE_SIZE)
		return -EINVAL;
	ret = dma_resv_lock_interruptible(bo->tbo.base.resv, NULL);
	if (ret)
		return ret;
	/* Another device's buffer: its pages are the exporter's to map. */
	if (bo->tbo.base.import_attach) {
		struct dma_buf *dmabuf = bo->tbo.base.import_attach->dmabuf;
		struct iosys_map map;

		ret = dma_buf_vmap(dmabuf, &map);
		if (!ret) {
			iosys_map_memcpy_from(buf, &map, offset, len);
			dma_buf_vunmap(dmabuf, &map);
		}
		goto out_unlock;
	}
	ret = dg1_bo_prepare_cpu_access(bo);
	if (ret)
		goto out_unlock;
	if (bo->tbo.resource->mem_type == DG1_PL_LMEM) {
		struct dg1_lmem_res *res = to_dg1_lmem_res(bo->tbo.resource);

		if (!drm_dev_enter(&dg1->drm, &idx)) {
			ret = -ENODEV;
			goto out_unlock;
		}
		memcpy_fromio(buf, dg1->lmem.io_vaddr +
			      dg1_lmem_res_offset(res, offset), len);
		drm_dev_exit(idx);
	} else {
		ret = ttm_bo_kmap(&bo->tbo, offset >> PAGE_SHIFT, 1, &map);
		if (ret)
			goto out_unlock;
		virt = ttm_kmap_obj_virtual(&map, &is_iomem);
		memcpy(buf, virt + offset_in_page(offset), len);
		ttm_bo_kunmap(&map);
	}
out_unlock:
	dma_resv_unlock(bo->tbo.base.resv);
	return ret;
}

/* Mapped LMEM pages: unmapped before the device sleeps. */
static void dg1_bo_note_userfault(struct dg1_bo *bo)
{
	struct dg1_device *dg1 = dg1_ttm_to_device(bo->tbo.bdev);

	if (bo->tbo.resource->mem_type != DG1_PL_LMEM ||
	    !list_empty_careful(&bo->userfault_link))
		return;
	mutex_lock(&dg1->mem.userfault_lock);
	if (list_empty(&bo->userfault_link))
		list_add(&bo->userfault_link, &dg1->mem.userfault);
	mutex_unlock(&dg1->mem.userfault_lock);
}

/**
 * dg1_bo_release_lmem_mmaps() - unmap every CPU mapping of LMEM pages
 * @mem: the device's memory
 *
 * Before the device sleeps: a BAR in D3hot answers nothing, so a process
 * must fault again (and wake the device) to reach LMEM.
 *
 * Context: process; the device idle, no fault in progress (each holds a
 * runtime PM reference).
 */
void dg1_bo_release_lmem_mmaps(struct dg1_mem *mem)
{
	struct dg1_bo *bo, *next;

	mutex_lock(&mem->userfault_lock);
	list_for_each_entry_safe(bo, next, &mem->userfault, userfault_link) {
		ttm_bo_unmap_virtual(&bo->tbo);
		list_del_init(&bo->userfault_link);
	}
	mutex_unlock(&mem->userfault_lock);
}

static vm_fault_t dg1_bo_fault_awake(struct vm_fault *vmf)
{
	struct ttm_buffer_object *tbo = vmf->vma->vm_private_data;
	struct drm_device *drm = tbo->base.dev;
	vm_fault_t ret;
	int idx, err;

	ret = ttm_bo_vm_reserve(tbo, vmf);
	if (ret)
		return ret;

	/*
	 * The device is gone, its BAR with it, and SMEM pages were freed:
	 * the whole mapping gets one zeroed page instead, so that userspace
	 * carries on until it notices the unplug (drm-uapi.rst, "Device
	 * Hot-Unplug": no SIGBUS).
	 */
	if (!drm_dev_enter(drm, &idx)) {
		ret = ttm_bo_vm_dummy_page(vmf, vmf->vma->vm_page_prot);
		goto unlock;
	}

	err = dg1_bo_prepare_cpu_access(to_dg1_bo(tbo));
	if (err == -EINTR || err == -ERESTARTSYS || err == -EAGAIN)
		ret = VM_FAULT_NOPAGE;	/* retried after the signal */
	else if (err)
		ret = VM_FAULT_SIGBUS;
	else
		ret = ttm_bo_vm_fault_reserved(vmf, vmf->vma->vm_page_prot,
					       TTM_BO_VM_NUM_PREFAULT);
	if (!err)
		dg1_bo_note_userfault(to_dg1_bo(tbo));
	drm_dev_exit(idx);

	/* TTM dropped the reservation to wait without mmap_lock. */
	if (ret == VM_FAULT_RETRY && !(vmf->flags & FAULT_FLAG_RETRY_NOWAIT))
		return ret;
unlock:
	dma_resv_unlock(tbo->base.resv);
	return ret;
}

static vm_fault_t dg1_bo_fault(struct vm_fault *vmf)
{
	struct ttm_buffer_object *tbo = vmf->vma->vm_private_data;
	struct drm_device *drm = tbo->base.dev;
	/* LMEM is behind the BAR: the device must be awake (D0). */
	bool wake = to_dg1_bo(tbo)->region_mask &
		    BIT(DRM_DG1_MEMORY_REGION_LMEM);
	vm_fault_t ret;

	/* Unplugged, runtime PM is off: the dummy page needs no device. */
	if (wake && pm_runtime_resume_and_get(drm->dev) < 0) {
		if (!drm_dev_is_unplugged(drm))
			return VM_FAULT_SIGBUS;
		wake = false;
	}
	ret = dg1_bo_fault_awake(vmf);
	if (wake)
		dg1_rpm_put(drm->dev);
	return ret;
}

static const struct vm_operations_struct dg1_gem_vm_ops = {
	.fault = dg1_bo_fault,
	.open = ttm_bo_vm_open,
	.close = ttm_bo_vm_close,
	.access = ttm_bo_vm_access,
};

/* The last GEM reference: drop the GEM side's TTM reference. */
static void dg1_gem_free(struct drm_gem_object *obj)
{
	ttm_bo_put(container_of(obj, struct ttm_buffer_object, base));
}

/*
 * The VMA holds a TTM reference, or for an import the exporter's dma-buf
 * file, instead of the GEM reference mmap() took.
 */
static int dg1_gem_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	struct ttm_buffer_object *tbo;
	int idx, ret;

	/* The unbind ends imports' attachments: nothing to read after it. */
	if (!drm_dev_enter(obj->dev, &idx))
		return -ENODEV;
	if (obj->import_attach) {
		/* The exporter's pages, mapped the exporter's way. */
		vma->vm_ops = NULL;
		vma->vm_private_data = NULL;
		ret = dma_buf_mmap(obj->import_attach->dmabuf, vma, 0);
	} else {
		tbo = container_of(obj, struct ttm_buffer_object, base);
		ret = ttm_bo_mmap_obj(vma, tbo);
	}
	drm_dev_exit(idx);
	if (ret)
		return ret;
	drm_gem_object_put(obj);
	return 0;
}

static const struct drm_gem_object_funcs dg1_gem_funcs = {
	.free = dg1_gem_free,
	.mmap = dg1_gem_mmap,
	.export = dg1_gem_prime_export,
	.vm_ops = &dg1_gem_vm_ops,
};

/**
 * dg1_gem_create_ioctl() - DRM_IOCTL_DG1_GEM_CREATE
 * @drm: the device
 * @data: &struct drm_dg1_gem_create
 * @file: the caller, who gets the handle
 *
 * Return: 0 or an error code as documented in uapi/dg1_drm.h.
 */
int dg1_gem_create_ioctl(struct drm_device *drm, void *data,
			 struct drm_file *file)
{
	struct dg1_device *dg1 = to_dg1_device(drm);
	struct drm_dg1_gem_create *args = data;
	struct dg1_bo_params params;
	struct dg1_mem_limits limits;
	struct dg1_vm *vm = NULL;
	struct dg1_bo *bo;
	u32 handle;
	int idx, ret;

	dg1_mem_limits(&dg1->mem, &limits);
	ret = dg1_bo_create_check(args, &limits, &params);
	if (ret) {
		drm_dbg(drm, "gem_create: bad arguments: %d\n", ret);
		return ret;
	}

	if (args->vm_id) {
		vm = dg1_vm_lookup(&to_dg1_file(file)->vm, args->vm_id);
		if (!vm)
			return -ENOENT;
		params.vm_obj = drm_gpuvm_resv_obj(&vm->gpuvm);
	}
	if (drm_dev_enter(drm, &idx)) {
		bo = dg1_bo_create(dg1, &params, ttm_bo_type_device);
		drm_dev_exit(idx);
	} else {
		bo = ERR_PTR(-ENODEV);
	}
	if (vm)
		dg1_vm_put(vm);
	if (IS_ERR(bo))
		return PTR_ERR(bo);

	ret = drm_gem_handle_create(file, &bo->tbo.base, &handle);
	/* The handle holds the object now, or nothing does. */
	dg1_bo_put(bo);
	if (ret)
		return ret;
	args->handle = handle;
	return 0;
}

/* Pure, for KUnit. Return: 0, or -EINVAL for a field that must be zero. */
static int dg1_gem_mmap_offset_check(const struct drm_dg1_gem_mmap_offset *args)
{
	if (args->extensions || args->flags || args->reserved[0] ||
	    args->reserved[1])
		return -EINVAL;
	return 0;
}

/**
 * dg1_gem_mmap_offset_ioctl() - DRM_IOCTL_DG1_GEM_MMAP_OFFSET
 * @drm: the device
 * @data: &struct drm_dg1_gem_mmap_offset
 * @file: the caller, whose handle names the object
 *
 * Return: 0, -EINVAL, -ENOENT or -ENODEV as documented in uapi/dg1_drm.h.
 */
int dg1_gem_mmap_offset_ioctl(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	struct drm_dg1_gem_mmap_offset *args = data;
	struct drm_gem_object *obj;
	int idx, ret;

	ret = dg1_gem_mmap_offset_check(args);
	if (ret) {
		drm_dbg(drm, "gem_mmap_offset: non-zero extensions, flags or reserved\n");
		return ret;
	}

	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;

	if (drm_dev_enter(drm, &idx)) {
		args->offset = drm_vma_node_offset_addr(&obj->vma_node);
		drm_dev_exit(idx);
	} else {
		ret = -ENODEV;
	}
	drm_gem_object_put(obj);
	return ret;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_bo_test.c"
#endif
