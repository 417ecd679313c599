/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_FENCE_TYPES_H_
#define _DG1_FENCE_TYPES_H_

#include <linux/dma-fence.h>
#include <linux/spinlock_types.h>

/**
 * struct dg1_fence - a fence that depends on nothing but itself
 *
 * What userspace and reservations get may outlive whatever made it: the
 * queue, the VM, the scheduler, the device. So the fence owns its lock and
 * names a timeline from static storage; a drm_sched fence, whose timeline
 * name is in its scheduler, is never handed out.
 */
struct dg1_fence {
	/** @base: the fence */
	struct dma_fence base;
	/** @lock: @base's */
	spinlock_t lock;
	/** @timeline: static string */
	const char *timeline;
};

#endif /* _DG1_FENCE_TYPES_H_ */
