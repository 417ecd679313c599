/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_SYNC_TYPES_H_
#define _DG1_SYNC_TYPES_H_

#include <linux/types.h>

#include "uapi/dg1_drm.h"

struct dma_fence;
struct dma_fence_chain;
struct drm_syncobj;

/* Per entry: the entry, its fence, its syncobj and its chain node. */
#define DG1_SYNC_BYTES	(sizeof(struct drm_dg1_sync) + 3 * sizeof(void *))
#define DG1_SYNCS_SMALL	4

/**
 * struct dg1_syncs - the sync array of one ioctl call, looked up
 *
 * Per entry either the fence to wait for or the syncobj to signal (with a
 * chain node for a timeline point), all owned until dg1_syncs_release().
 */
struct dg1_syncs {
	/** @syncs: the entries as userspace passed them */
	struct drm_dg1_sync *syncs;
	/** @num: entries */
	unsigned int num;
	/** @fences: per wait entry, its fence */
	struct dma_fence **fences;
	/** @syncobjs: per signal entry, its syncobj */
	struct drm_syncobj **syncobjs;
	/** @chains: per timeline signal entry, the chain node of its point */
	struct dma_fence_chain **chains;
	/** @buf: the four arrays, one after the other: @small or allocated */
	void *buf;
	/**
	 * @small: room for the arrays of up to %DG1_SYNCS_SMALL entries, so
	 * that the common EXEC (one signal entry, maybe a wait) allocates none
	 */
	u64 small[DG1_SYNCS_SMALL * DG1_SYNC_BYTES / sizeof(u64)];
};

#endif /* _DG1_SYNC_TYPES_H_ */
