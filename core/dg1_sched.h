/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_SCHED_H_
#define _DG1_SCHED_H_

struct drm_gpu_scheduler;
struct drm_sched_entity;

void dg1_sched_entity_kill(struct drm_gpu_scheduler *sched,
			   struct drm_sched_entity *entity);

#endif /* _DG1_SCHED_H_ */
