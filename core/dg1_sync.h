/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_SYNC_H_
#define _DG1_SYNC_H_

#include <linux/types.h>

#include "core/dg1_sync_types.h"

struct drm_file;
struct drm_sched_job;

int dg1_sync_check(const struct drm_dg1_sync *sync);
int dg1_syncs_alloc(struct dg1_syncs *s, unsigned int num);
int dg1_syncs_copy(struct dg1_syncs *s, u64 user_ptr);
int dg1_syncs_check(const struct dg1_syncs *s);
int dg1_syncs_lookup(struct dg1_syncs *s, struct drm_file *file);
bool dg1_syncs_pending(const struct dg1_syncs *s);
int dg1_syncs_add_deps(const struct dg1_syncs *s, struct drm_sched_job *job);
void dg1_syncs_signal(struct dg1_syncs *s, struct dma_fence *fence);
void dg1_syncs_release(struct dg1_syncs *s);

#endif /* _DG1_SYNC_H_ */
