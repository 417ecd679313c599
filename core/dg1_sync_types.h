/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_SYNC_TYPES_H_
#define _DG1_SYNC_TYPES_H_

struct dma_fence;
struct dma_fence_chain;
struct drm_dg1_sync;
struct drm_syncobj;

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
};

#endif /* _DG1_SYNC_TYPES_H_ */
