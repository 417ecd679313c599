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

/**
 * dg1_wq_init() - create the module's workqueue (module init)
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_wq_init(void)
{
	dg1_wq = alloc_workqueue("dg1", WQ_UNBOUND | WQ_FREEZABLE, 0);
	return dg1_wq ? 0 : -ENOMEM;
}

/**
 * dg1_wq_fini() - run what is queued, then destroy the queue (module exit)
 */
void dg1_wq_fini(void)
{
	destroy_workqueue(dg1_wq);
}

/**
 * dg1_wq_queue() - run @work on the module's workqueue
 * @work: initialised
 */
void dg1_wq_queue(struct work_struct *work)
{
	queue_work(dg1_wq, work);
}
