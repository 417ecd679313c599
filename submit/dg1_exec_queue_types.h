/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_EXEC_QUEUE_TYPES_H_
#define _DG1_EXEC_QUEUE_TYPES_H_

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex_types.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>
#include <linux/workqueue_types.h>
#include <linux/xarray.h>

#include <drm/gpu_scheduler.h>

#include "submit/dg1_context_types.h"

struct dg1_device;
struct dg1_vm;

/**
 * struct dg1_exec_queue - a context on one engine and its scheduler
 *
 * As in xe, every queue has a scheduler and one entity of its own: the
 * scheduler orders its jobs and waits for their dependencies, the engine
 * backend (submit/dg1_execlists.c) interleaves the queues of an engine.
 *
 * Life: created with the file's id; destroyed (the id dropped, or the
 * file closed) it is killed - no job gets in, its work is cancelled and
 * its scheduler torn down - by a deferred teardown; freed with the last
 * reference, its context once the engine has switched it out. Unbind
 * tears down every queue still alive, whoever holds it.
 */
struct dg1_exec_queue {
	/** @ref: the file's id, each job, each lookup in progress, an OA stream */
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
	/**
	 * @lock: orders submissions (a request's seqno with its push) and
	 * keeps them out once @killed
	 */
	struct mutex lock;
	/** @killed: no job gets in any more (@lock) */
	bool killed;
	/** @jobs: batches submitted whose fence has not signalled */
	atomic_t jobs;
	/**
	 * @unrun: jobs pushed to the scheduler that its run_job has not yet
	 * written to the ring; while there are, an EXEC takes the scheduler
	 * too (dg1_exec_submit_now())
	 */
	atomic_t unrun;
	/** @waiting_lock: guards @waiting */
	spinlock_t waiting_lock;
	/**
	 * @waiting: jobs submitted that the scheduler has not run yet (their
	 * fences end at once when the queue is killed)
	 */
	struct list_head waiting;
	/**
	 * @held: jobs the EXEC ioctl gave the engine itself (the fast path)
	 * and has not yet pushed to the scheduler (@lock); pushed together by
	 * @push_work, or first by an EXEC that takes the scheduler, so that
	 * a burst of them costs its worker one wake-up instead of two each
	 */
	struct list_head held;
	/** @push_work: pushes @held a little after the first was held */
	struct delayed_work push_work;
	/** @teardown_lock: one teardown at a time; guards the flags below */
	struct mutex teardown_lock;
	/** @sched_down: killed, its scheduler torn down */
	bool sched_down;
	/** @ctx_gone: the context is freed (the device went, or the queue) */
	bool ctx_gone;
	/** @kill_work: tears the queue down once destroyed */
	struct work_struct kill_work;
	/** @link: in &dg1_exec_queue_dev.list from creation to release */
	struct list_head link;
};

/**
 * struct dg1_exec_queue_dev - the device's exec queues
 *
 * A device that goes away (unbind) tears down the queues still alive,
 * whoever holds them: their contexts live in the GGTT and LMEM, which go
 * with it.
 */
struct dg1_exec_queue_dev {
	/** @lock: guards @list */
	struct mutex lock;
	/** @list: every &struct dg1_exec_queue not yet released */
	struct list_head list;
	/**
	 * @sleeping: system sleep is under way: a job that times out is not
	 * checked for a hang (dg1_exec_queues_sleeping())
	 */
	bool sleeping;
};

/**
 * struct dg1_exec_queue_file - the exec queues of a DRM file
 */
struct dg1_exec_queue_file {
	/** @queues: &struct dg1_exec_queue by id, from 1 */
	struct xarray queues;
};

#endif /* _DG1_EXEC_QUEUE_TYPES_H_ */
