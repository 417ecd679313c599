// SPDX-License-Identifier: GPL-2.0
/*
 * Per-file state: what a DRM file owns beyond its GEM handles (its VMs),
 * created at open and torn down after the last close.
 */

#include <linux/dma-resv.h>
#include <linux/slab.h>

#include <drm/drm_device.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_print.h>
#include <drm/ttm/ttm_bo.h>

#include "core/dg1_gfp.h"
#include "drm/dg1_device.h"
#include "mem/dg1_mem.h"
#include "uapi/dg1_drm.h"

#include "drm/dg1_file.h"
#include "drm/dg1_query.h"
#include "gt/dg1_engine_info.h"
#include "mem/dg1_vm.h"
#include "submit/dg1_exec_queue.h"

/**
 * dg1_file_open() - &drm_driver.open
 * @drm: the device
 * @file: the new file
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_file_open(struct drm_device *drm, struct drm_file *file)
{
	struct dg1_file *df = kzalloc(sizeof(*df), DG1_GFP_USER);

	if (!df)
		return -ENOMEM;
	if (dg1_vm_file_init(&df->vm)) {
		kfree(df);
		return -ENOMEM;
	}
	dg1_exec_queue_file_init(&df->queues);
	file->driver_priv = df;
	return 0;
}

/**
 * dg1_file_postclose() - &drm_driver.postclose
 * @drm: the device
 * @file: the file, closed by its last user
 *
 * Lets the file's exec queues go once their jobs are done, and destroys
 * its VMs, whatever they still map. Runs after the GEM
 * handles are gone; the objects mapped live on until their mappings go.
 */
void dg1_file_postclose(struct drm_device *drm, struct drm_file *file)
{
	struct dg1_file *df = to_dg1_file(file);

	/* Queues hold their VM: they go first, once their jobs are done. */
	dg1_exec_queue_file_fini(&df->queues);
	dg1_vm_file_fini(&df->vm);
	kfree(df);
}

/* drm-usage-stats names of &enum drm_dg1_engine_class. */
static const char * const dg1_file_class_name[DG1_UAPI_ENGINE_CLASSES] = {
	[DRM_DG1_ENGINE_CLASS_RENDER] = "render",
	[DRM_DG1_ENGINE_CLASS_COPY] = "copy",
	[DRM_DG1_ENGINE_CLASS_VIDEO_DECODE] = "video",
	[DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE] = "video-enhance",
};

/* Per region (0 smem, 1 lmem): the file's objects where they are now. */
static void dg1_file_memory_stats(struct drm_file *file,
				  struct drm_memory_stats stats[2])
{
	struct drm_gem_object *obj;
	int id;

	spin_lock(&file->table_lock);
	idr_for_each_entry(&file->object_idr, obj, id) {
		struct ttm_buffer_object *tbo =
			container_of(obj, struct ttm_buffer_object, base);
		struct drm_memory_stats *st = &stats[0];
		bool resident = false;

		/* Where it lives needs its lock; a busy one counts in total. */
		if (dma_resv_trylock(obj->resv)) {
			if (tbo->resource) {
				resident = tbo->resource->mem_type !=
					   TTM_PL_SYSTEM;
				if (tbo->resource->mem_type == DG1_PL_LMEM)
					st = &stats[1];
			}
			dma_resv_unlock(obj->resv);
		}
		if (obj->handle_count > 1)
			st->shared += obj->size;
		else
			st->private += obj->size;
		if (resident)
			st->resident += obj->size;
		if (!dma_resv_test_signaled(obj->resv,
					    DMA_RESV_USAGE_BOOKKEEP))
			st->active += obj->size;
	}
	spin_unlock(&file->table_lock);
}

/**
 * dg1_file_show_fdinfo() - &drm_driver.show_fdinfo: the drm-usage-stats
 * keys (Documentation/gpu/drm-usage-stats.rst)
 * @p: where to print
 * @file: the file
 *
 * drm-engine-<class> is the GPU time of the file's exec queues, from the
 * contexts' CTX_TIMESTAMP; drm-total/shared/resident/active-<region> are
 * its objects by the region they are in now. Engine and region names are
 * i915's (render, copy, video, video-enhance; system0, local0), so tools
 * that know i915's fdinfo (nvtop, gputop) read dg1's.
 */
void dg1_file_show_fdinfo(struct drm_printer *p, struct drm_file *file)
{
	struct dg1_device *dg1 = to_dg1_device(file->minor->dev);
	struct drm_memory_stats stats[2] = { 0 };
	u64 ns[DG1_UAPI_ENGINE_CLASSES];
	unsigned int c, count[DG1_UAPI_ENGINE_CLASSES] = { 0 };
	unsigned long mask = dg1->gt.engine_mask;
	unsigned int id;

	dg1_file_memory_stats(file, stats);
	drm_print_memory_stats(p, &stats[0], DRM_GEM_OBJECT_RESIDENT,
			       "system0");
	drm_print_memory_stats(p, &stats[1], DRM_GEM_OBJECT_RESIDENT,
			       "local0");

	dg1_exec_queue_file_runtime(&to_dg1_file(file)->queues, ns);
	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT)
		count[dg1_engine_info_uapi_class(id)]++;
	for (c = 0; c < DG1_UAPI_ENGINE_CLASSES; c++) {
		if (!count[c])
			continue;
		drm_printf(p, "drm-engine-%s:\t%llu ns\n",
			   dg1_file_class_name[c], ns[c]);
		if (count[c] > 1)
			drm_printf(p, "drm-engine-capacity-%s:\t%u\n",
				   dg1_file_class_name[c], count[c]);
	}
}
