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
 * The exec queues' schedulers' work (run_job, free_job), when it is to run
 * on the CPU that queued it: per-CPU, not ordered (drm_sched takes its own
 * locks, as nouveau's shared submit workqueue relies on), with a rescuer as
 * drm_sched's own, since it lies on the fence signalling path. Module-wide
 * for the same reason as dg1_wq: free_job may drop a device's last
 * reference.
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
	dg1_submit_wq = alloc_workqueue("dg1_submit", WQ_MEM_RECLAIM, 0);
	if (!dg1_submit_wq) {
		destroy_workqueue(dg1_wq);
		return -ENOMEM;
	}
	return 0;
}

/**
 * dg1_wq_fini() - run what is queued, then destroy the queues (module exit)
 */
void dg1_wq_fini(void)
{
	destroy_workqueue(dg1_submit_wq);
	destroy_workqueue(dg1_wq);
}

/**
 * dg1_wq_submit() - the per-CPU workqueue for schedulers' work
 *
 * Work queued on it runs on the CPU that queued it, without a wake-up of
 * another CPU. Destroyed at module exit only.
 *
 * Return: the workqueue.
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
