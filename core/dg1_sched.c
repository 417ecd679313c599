// SPDX-License-Identifier: GPL-2.0
/*
 * Killing a drm_sched entity while its scheduler may be popping from it.
 *
 * drm_sched_entity_fini() takes the entity off its run queue, waits until
 * the scheduler is done with it (entity_idle) and drops the jobs left in
 * it. With the FIFO policy, the default, drm_sched_entity_pop_job() of
 * Linux 6.12 puts its entity back into the run queue's tree whenever
 * another job follows the one it pops (drm_sched_rq_update_fifo_locked()),
 * without looking at entity->stopped. A pop that began before the kill
 * therefore brings the dying entity back; the scheduler selects it again
 * and pops from its single-consumer queue while the kill pops the same
 * jobs: a job both run and dropped, its finished fence signalled twice and
 * freed twice (seen in dg1_exec exec-destroy-race, about one run in 30:
 * "WARNING ... drm_sched_fence_finished" then a NULL dereference in
 * drm_sched_entity_kill_jobs_work()). Holding the scheduler's submission
 * still across the kill closes that window.
 */

#include <drm/gpu_scheduler.h>

#include "core/dg1_sched.h"

/**
 * dg1_sched_entity_kill() - drm_sched_entity_fini() with the scheduler still
 * @sched: the entity's one scheduler
 * @entity: the entity; nothing is pushed to it any more
 *
 * Jobs the scheduler has run are not affected; those left in @entity are
 * dropped as drm_sched_entity_fini() drops them. Stopping and starting a
 * scheduler do not nest: the caller serialises the calls on one scheduler.
 * Never call it from the scheduler's own work (it waits for that work).
 *
 * Context: process; sleeps until the scheduler's current work is done.
 */
void dg1_sched_entity_kill(struct drm_gpu_scheduler *sched,
			   struct drm_sched_entity *entity)
{
	drm_sched_wqueue_stop(sched);
	drm_sched_entity_fini(entity);
	drm_sched_wqueue_start(sched);
}
