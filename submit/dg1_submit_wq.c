// SPDX-License-Identifier: GPL-2.0
/*
 * The workqueues the exec queues' schedulers run on: one per engine,
 * ordered, shared by every queue of that engine on every device.
 *
 * Left to itself, drm_sched_init() allocates an ordered workqueue per
 * scheduler, with a rescuer thread (WQ_MEM_RECLAIM): a kernel thread for
 * every exec queue any user creates (dg1_limits contexts-beyond-ids).
 * Ordered as those were, so that a queue's run_job and free_job still
 * take one worker's wake-up between them; one shared unordered queue
 * woke a second worker for them (1.2 more context switches per waited
 * EXEC through the scheduler, chains 1.1-1.8x as slow: issue 25). One per
 * engine, so that engines do not wait for each other; the engine lock
 * orders one engine's submissions anyway. Module-wide, not per device:
 * free_job may drop a device's last reference, and a device's release
 * cannot destroy the workqueue its caller runs on.
 */

#include <linux/workqueue.h>

#include "gt/dg1_engine_info.h"
#include "submit/dg1_submit_wq.h"

static struct workqueue_struct *dg1_submit_wqs[DG1_HW_ENGINE_ID_COUNT];

/**
 * dg1_submit_wq_fini() - destroy the submission workqueues (module exit)
 *
 * No scheduler is left by then: no device is bound, no file is open.
 */
void dg1_submit_wq_fini(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dg1_submit_wqs); i++) {
		if (dg1_submit_wqs[i])
			destroy_workqueue(dg1_submit_wqs[i]);
		dg1_submit_wqs[i] = NULL;
	}
}

/**
 * dg1_submit_wq_init() - create the submission workqueues (module init)
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_submit_wq_init(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dg1_submit_wqs); i++) {
		/* Fences are waited for under reclaim: submission goes on. */
		dg1_submit_wqs[i] =
			alloc_ordered_workqueue("dg1-%s", WQ_MEM_RECLAIM,
						dg1_engine_infos[i].name);
		if (!dg1_submit_wqs[i]) {
			dg1_submit_wq_fini();
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * dg1_submit_wq() - the workqueue of an engine's schedulers
 * @engine: the engine
 *
 * Return: the workqueue; valid while the module is loaded.
 */
struct workqueue_struct *dg1_submit_wq(enum dg1_hw_engine_id engine)
{
	return dg1_submit_wqs[engine];
}
