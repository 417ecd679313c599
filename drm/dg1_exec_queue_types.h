/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_EXEC_QUEUE_TYPES_H_
#define _DG1_EXEC_QUEUE_TYPES_H_

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex_types.h>
#include <linux/types.h>
#include <linux/workqueue_types.h>
#include <linux/xarray.h>

#include <drm/gpu_scheduler.h>

#include "gt/dg1_context_types.h"

struct dg1_device;
struct dg1_vm;

/**
 * struct dg1_exec_queue - a context on one engine and its scheduler
 *
 * As in xe, every queue has a scheduler and one entity of its own: the
 * scheduler orders its jobs and waits for their dependencies, the engine
 * backend (gt/dg1_execlists.c) interleaves the queues of an engine.
 */
struct dg1_exec_queue {
	/** @ref: the file's id and each job in flight */
	struct kref ref;
	/** @dg1: the device */
	struct dg1_device *dg1;
	/** @vm: the VM the batches run in; a reference */
	struct dg1_vm *vm;
	/** @id: in the file */
	u32 id;
	/** @engine: the engine */
	enum dg1_hw_engine_id engine;
	/** @client_id: the DRM client id of the file that made it */
	u64 client_id;
	/** @sched: the queue's scheduler */
	struct drm_gpu_scheduler sched;
	/** @entity: the queue's one entity on @sched */
	struct drm_sched_entity entity;
	/** @ctx: the hardware context */
	struct dg1_context ctx;
	/** @fini_work: tears the queue down once its jobs are done */
	struct work_struct fini_work;
	/**
	 * @link: in &dg1_exec_queue_dev.list while scheduler and context
	 * are up; empty once torn down
	 */
	struct list_head link;
	/** @ctx_gone: the device went first and took the context with it */
	bool ctx_gone;
};

/**
 * struct dg1_exec_queue_dev - the device's live exec queues
 *
 * A device that goes away (unbind) tears down the queues files still
 * hold: their contexts live in the GGTT and LMEM, which go with it.
 */
struct dg1_exec_queue_dev {
	/** @lock: guards @list and every queue's teardown */
	struct mutex lock;
	/** @list: &struct dg1_exec_queue.link */
	struct list_head list;
};

/**
 * struct dg1_exec_queue_file - the exec queues of a DRM file
 */
struct dg1_exec_queue_file {
	/** @queues: &struct dg1_exec_queue by id, from 1 */
	struct xarray queues;
};

#endif /* _DG1_EXEC_QUEUE_TYPES_H_ */
