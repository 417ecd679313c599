/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_BO_TYPES_H_
#define _DG1_BO_TYPES_H_

#include <linux/list.h>
#include <linux/types.h>

#include <drm/ttm/ttm_bo.h>
#include <drm/ttm/ttm_placement.h>

/* An object lists each of the two regions at most once. */
#define DG1_BO_MAX_PLACEMENTS	2

/* The LMEM copy must lie in the CPU-visible part of LMEM. */
#define DG1_BO_NEEDS_CPU_ACCESS	BIT(0)
/* The LMEM copy is one contiguous run (kernel objects: one mapping each). */
#define DG1_BO_CONTIGUOUS	BIT(1)

/**
 * struct dg1_bo_params - what a new buffer object looks like
 *
 * Built by dg1_bo_create_check() from the ioctl's arguments; kernel users
 * fill it directly.
 */
struct dg1_bo_params {
	/** @size: bytes, a non-zero multiple of PAGE_SIZE */
	u64 size;
	/** @flags: DG1_BO_* */
	u32 flags;
	/** @num_regions: entries in @regions */
	unsigned int num_regions;
	/** @regions: &enum drm_dg1_memory_region values, preferred first */
	u16 regions[DG1_BO_MAX_PLACEMENTS];
	/**
	 * @vm_obj: for an object private to a VM, the VM's reservation
	 * object (&drm_gpuvm.r_obj), whose lock it shares; NULL otherwise
	 */
	struct drm_gem_object *vm_obj;
};

/**
 * struct dg1_bo - a buffer object: a GEM object with TTM behind it
 *
 * The GEM reference count is the handles' and the kernel users'; TTM's is
 * that plus CPU mappings (one per VMA) and TTM's own. The last GEM
 * reference drops the GEM side's TTM reference; the last TTM reference
 * frees the object.
 */
struct dg1_bo {
	/** @tbo: the TTM object; @tbo.base is the GEM object */
	struct ttm_buffer_object tbo;
	/** @places: the object's regions as TTM places, preferred first */
	struct ttm_place places[DG1_BO_MAX_PLACEMENTS];
	/** @placement: @places as TTM takes them */
	struct ttm_placement placement;
	/** @flags: DG1_BO_* */
	u32 flags;
	/** @region_mask: BIT() of each &enum drm_dg1_memory_region listed */
	u32 region_mask;
	/**
	 * @needs_clear: the object reads as zero but its LMEM pages still
	 * hold whatever was there: they must be cleared before anything
	 * maps them or copies them out. Guarded by the reservation.
	 */
	bool needs_clear;
	/**
	 * @vm_obj: the reservation object of the VM the object is private to
	 * (GEM_CREATE's vm_id), whose lock and fences it shares, referenced
	 * until the object is freed; NULL for an object any VM may map
	 */
	struct drm_gem_object *vm_obj;
	/**
	 * @userfault_link: in &dg1_mem.userfault while a CPU mapping may
	 * reach the object's LMEM pages; empty otherwise
	 */
	struct list_head userfault_link;
};

#endif /* _DG1_BO_TYPES_H_ */
