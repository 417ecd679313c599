/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_BO_H_
#define _DG1_BO_H_

#include <linux/container_of.h>

#include "mem/dg1_bo_types.h"

struct dg1_device;
struct dg1_mem;
struct drm_device;
struct drm_file;

static inline struct dg1_bo *to_dg1_bo(struct ttm_buffer_object *tbo)
{
	return container_of(tbo, struct dg1_bo, tbo);
}

/* The GEM object of a dg1_bo: every GEM object of the device is one. */
static inline struct dg1_bo *gem_to_dg1_bo(struct drm_gem_object *obj)
{
	return to_dg1_bo(container_of(obj, struct ttm_buffer_object, base));
}

bool dg1_bo_is_dg1_bo(struct ttm_buffer_object *tbo);
struct dg1_bo *dg1_bo_create(struct dg1_device *dg1,
			     const struct dg1_bo_params *params,
			     enum ttm_bo_type type);
void dg1_bo_put(struct dg1_bo *bo);
int dg1_bo_move_cpu_visible(struct dg1_bo *bo);
int dg1_bo_pin_kernel(struct dg1_bo *bo, bool interruptible);
void dg1_bo_unpin_kernel(struct dg1_bo *bo);
void dg1_bo_release_lmem_mmaps(struct dg1_mem *mem);
int dg1_bo_read(struct dg1_bo *bo, u64 offset, void *buf, size_t len);

int dg1_gem_create_ioctl(struct drm_device *drm, void *data,
			 struct drm_file *file);
int dg1_gem_mmap_offset_ioctl(struct drm_device *drm, void *data,
			      struct drm_file *file);

#endif /* _DG1_BO_H_ */
