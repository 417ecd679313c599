/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_EXEC_QUEUE_H_
#define _DG1_EXEC_QUEUE_H_

#include "submit/dg1_exec_queue_types.h"

struct drm_device;
struct drm_file;

int dg1_exec_queues_init(struct dg1_device *dg1);
void dg1_exec_queues_stop(struct dg1_device *dg1, bool stop);
void dg1_exec_queues_sleeping(struct dg1_device *dg1, bool sleeping);
struct dg1_exec_queue *dg1_exec_queue_get(struct dg1_exec_queue_file *qf,
					  u32 id);
void dg1_exec_queue_put(struct dg1_exec_queue *q);
void dg1_exec_queue_file_init(struct dg1_exec_queue_file *qf);
void dg1_exec_queue_file_fini(struct dg1_exec_queue_file *qf);

int dg1_exec_queue_create_ioctl(struct drm_device *drm, void *data,
				struct drm_file *file);
int dg1_exec_queue_destroy_ioctl(struct drm_device *drm, void *data,
				 struct drm_file *file);
int dg1_exec_ioctl(struct drm_device *drm, void *data, struct drm_file *file);

/* &enum drm_dg1_engine_class values. */
#define DG1_UAPI_ENGINE_CLASSES	4

void dg1_exec_queue_file_runtime(struct dg1_exec_queue_file *qf,
				 u64 ns[DG1_UAPI_ENGINE_CLASSES]);

#endif /* _DG1_EXEC_QUEUE_H_ */
