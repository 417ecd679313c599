// SPDX-License-Identifier: GPL-2.0
/*
 * Fences that outlive their makers (core/dg1_fence_types.h), and ending a
 * fence once whoever gets there first.
 *
 * Every fence userspace can hold must stay valid by itself: a sync file
 * asks for its timeline name (SYNC_IOC_FILE_INFO) and takes its lock
 * (dma_fence_get_status()) long after the job, its queue and even the
 * device may be gone. drm_sched's fences read the name from their
 * scheduler, which is freed with its queue: they stay inside the driver.
 */

#include <linux/slab.h>

#include "core/dg1_fence.h"
#include "core/dg1_gfp.h"

static const char *dg1_fence_driver_name(struct dma_fence *fence)
{
	return "dg1";
}

static const char *dg1_fence_timeline_name(struct dma_fence *fence)
{
	return container_of(fence, struct dg1_fence, base)->timeline;
}

static const struct dma_fence_ops dg1_fence_ops = {
	.get_driver_name = dg1_fence_driver_name,
	.get_timeline_name = dg1_fence_timeline_name,
};

/**
 * dg1_fence_create() - a new fence, charged to the caller's memory cgroup
 * @timeline: its timeline's name, static storage
 * @context: from dma_fence_context_alloc()
 * @seqno: its place on @context; the caller keeps the order
 *
 * Return: the fence (one reference), or NULL.
 */
struct dma_fence *dg1_fence_create(const char *timeline, u64 context,
				   u64 seqno)
{
	struct dg1_fence *f = kzalloc(sizeof(*f), DG1_GFP_USER);

	if (!f)
		return NULL;
	spin_lock_init(&f->lock);
	f->timeline = timeline;
	dma_fence_init(&f->base, &dg1_fence_ops, &f->lock, context, seqno);
	return &f->base;
}

/**
 * dg1_fence_end() - signal a fence unless it has been already
 * @fence: any fence
 * @error: 0, or the error it ends with (negative)
 *
 * For fences two paths may end (the work done, or the work dropped): the
 * first one counts.
 */
void dg1_fence_end(struct dma_fence *fence, int error)
{
	unsigned long flags;

	spin_lock_irqsave(fence->lock, flags);
	if (!dma_fence_is_signaled_locked(fence)) {
		if (error)
			dma_fence_set_error(fence, error);
		dma_fence_signal_locked(fence);
	}
	spin_unlock_irqrestore(fence->lock, flags);
}
