// SPDX-License-Identifier: GPL-2.0
/*
 * The module's workqueue for deferred teardown: exec queues that were
 * destroyed, references dropped away from the scheduler that ran a job.
 * Such work may drop the last reference to a DRM device, whose release
 * tears down per-device workqueues, so it cannot run on one of those; and
 * it runs module code, so the module may not go before it has run: module
 * exit destroys this queue, which waits for all of it. It is freezable:
 * no teardown clears GGTT entries or touches LMEM while system sleep
 * saves and restores them (drm/dg1_pm.c).
 */

#include <linux/workqueue.h>

#include "core/dg1_wq.h"

static struct workqueue_struct *dg1_wq;

/*
 * The exec queues' schedulers share one submission workqueue. Left to
 * itself, drm_sched_init() makes an ordered one per scheduler, with a
 * rescuer thread (WQ_MEM_RECLAIM): a kernel thread for every exec queue
 * any user creates. Unbound, as drm_sched's own: a per-CPU one measured
 * slower on vdg1 (Documentation/execution.rst, "Where the scheduler's
 * work runs"). Not ordered, as nouveau's shared one: a scheduler's
 * run_job and free_job may run at once (on different jobs); neither work
 * runs twice at once.
 */
static struct workqueue_struct *dg1_submit_wq;

/**
 * dg1_wq_init() - create the module's workqueues (module init)
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_wq_init(void)
{
	dg1_wq = alloc_workqueue("dg1", WQ_UNBOUND | WQ_FREEZABLE, 0);
	if (!dg1_wq)
		return -ENOMEM;
	/* Fences are waited for under reclaim: submission must go on. */
	dg1_submit_wq = alloc_workqueue("dg1-submit",
					WQ_UNBOUND | WQ_MEM_RECLAIM, 0);
	if (!dg1_submit_wq) {
		destroy_workqueue(dg1_wq);
		return -ENOMEM;
	}
	return 0;
}

/**
 * dg1_wq_fini() - run what is queued, then destroy the queues (module exit)
 *
 * Every scheduler is gone by then: no device is bound, no file is open.
 */
void dg1_wq_fini(void)
{
	destroy_workqueue(dg1_wq);
	destroy_workqueue(dg1_submit_wq);
}

/**
 * dg1_wq_submit() - the workqueue of every exec queue's scheduler
 *
 * Return: the queue; valid while the module is loaded.
 */
struct workqueue_struct *dg1_wq_submit(void)
{
	return dg1_submit_wq;
}

/**
 * dg1_wq_queue() - run @work on the module's workqueue
 * @work: initialised
 */
void dg1_wq_queue(struct work_struct *work)
{
	queue_work(dg1_wq, work);
}
