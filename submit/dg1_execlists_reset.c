// SPDX-License-Identifier: GPL-2.0
/*
 * Engine resets of the execlists: an engine that hung, or that runs a
 * banned or overdue context, is reset alone (GDRST's engine bit); the
 * request it ran is blamed, its context banned at its
 * DG1_CONTEXT_BAN_HANGS-th hang in DG1_CONTEXT_BAN_WINDOW_S seconds, and
 * every other context goes on from its image. A whole-GT reset stops and
 * restarts every engine through dg1_execlists_gt_reset_prepare() and
 * dg1_execlists_gt_reset_finish(). Submission itself is dg1_execlists.c.
 */

#include <linux/jiffies.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "gt/dg1_engine_workarounds.h"
#include "gt/dg1_gt_fault.h"
#include "gt/dg1_gt_reset.h"
#include "mmio/dg1_forcewake.h"
#include "submit/dg1_capture.h"
#include "submit/dg1_context_types.h"
#include "submit/dg1_execlists.h"
#include "submit/dg1_execlists_internal.h"
#include "submit/dg1_lrc.h"
#include "submit/dg1_request.h"

/* The request the engine was running when it hung, or NULL. */
static struct dg1_request *dg1_execlists_guilty(struct dg1_hw_engine *e,
						struct dma_fence *hw_fence)
{
	struct dg1_context *ce = e->inflight[0];

	if (ce && !list_empty(&ce->requests))
		return list_first_entry(&ce->requests, struct dg1_request,
					link);
	if (hw_fence && !dma_fence_is_signaled(hw_fence))
		return container_of(hw_fence, struct dg1_request, fence);
	return NULL;
}

/*
 * Count a hang @ce caused at @now (jiffies): true if it is its
 * DG1_CONTEXT_BAN_HANGS-th within DG1_CONTEXT_BAN_WINDOW_S seconds, and so
 * to be banned.
 */
static bool dg1_execlists_mark_guilty(struct dg1_context *ce, unsigned long now)
{
	unsigned long oldest = ce->hang_stamp[0];
	bool enough = ce->hangs >= DG1_CONTEXT_BAN_HANGS - 1;

	memmove(ce->hang_stamp, ce->hang_stamp + 1,
		sizeof(ce->hang_stamp) - sizeof(ce->hang_stamp[0]));
	ce->hang_stamp[ARRAY_SIZE(ce->hang_stamp) - 1] = now;
	ce->hangs++;
	return enough &&
	       time_before(now, oldest + DG1_CONTEXT_BAN_WINDOW_S * HZ);
}

/*
 * The request @rq hung the engine: it fails, and its context is banned at
 * its DG1_CONTEXT_BAN_HANGS-th hang in the window, its later requests
 * failing with it. One warning per hang names who and where.
 */
static void dg1_execlists_blame(struct dg1_hw_engine *e,
				struct dg1_request *rq)
{
	struct dg1_context *ce = rq->ce;
	bool ban;

	ce->overdue = false;
	if (ce->banned)
		return;
	ban = dg1_execlists_mark_guilty(ce, jiffies);
	drm_warn(&e->dg1->drm, "%s: hang in exec queue %u of %s[%d], seqno %llu: -EIO\n",
		 e->info->name, ce->queue_id, ce->owner_comm, ce->owner_pid,
		 rq->fence.seqno);
	dg1_request_skip(ce, rq);
	if (ban) {
		drm_warn(&e->dg1->drm, "%s: exec queue %u of %s[%d] banned: %d hangs within %d s; its jobs fail with -EIO\n",
			 e->info->name, ce->queue_id, ce->owner_comm,
			 ce->owner_pid, DG1_CONTEXT_BAN_HANGS,
			 DG1_CONTEXT_BAN_WINDOW_S);
		ce->banned = -EIO;
		e->stats.bans++;
		if (ce->queued)
			dg1_execlists_unqueue(ce);
	}
}

/* After a reset: the ports are empty, their contexts start again. */
static void dg1_execlists_clear_ports(struct dg1_hw_engine *e)
{
	struct dg1_context *ce, *next, *head = e->inflight[0];
	unsigned int i;

	e->inflight[0] = NULL;
	dg1_execlists_new_head(e, head);
	e->inflight[0] = head;
	for (i = 0; i < 2 * DG1_EXECLIST_PORTS; i++) {
		struct dg1_context **port = i < DG1_EXECLIST_PORTS ?
			&e->inflight[i] : &e->pending[i - DG1_EXECLIST_PORTS];

		ce = *port;
		*port = NULL;
		if (!ce || !ce->ports)
			continue;
		ce->ports = 0;
		dg1_execlists_drop_hw_id(e, ce);
		ce->force_restore = true;
		dg1_lrc_clear_stop_ring(ce->state.vaddr + DG1_LRC_STATE_OFFSET);
		ce->resubmit = !list_empty(&ce->requests);
		dg1_execlists_requeue(e, ce);
	}
	/* Banned contexts, and all of them on an engine out of use, end. */
	list_for_each_entry_safe(ce, next, &e->active, active_link)
		if (ce->banned || e->unusable)
			dg1_request_end_all(ce, ce->banned ?: -EIO);
	wake_up_all(&e->ports_wq);
}

static const char * const dg1_reset_why_name[] = {
	[DG1_RESET_HANG] = "hang",
	[DG1_RESET_EVICT] = "evicting a banned or overdue context",
	[DG1_RESET_REPLAY] = "context did not switch out",
};

/**
 * dg1_execlists_reset() - reset an engine and go on without what stopped it
 * @e: the engine
 * @why: %DG1_RESET_HANG: the request the engine runs (or @hw_fence's)
 *	fails with -EIO; %DG1_RESET_EVICT: only if a banned context runs
 *	there, which ends, or an overdue one, whose request fails;
 *	%DG1_RESET_REPLAY: no request is blamed
 * @hw_fence: the fence of a request known to hang, or NULL
 *
 * Requests already done are signalled first; the guilty request's context
 * continues after it; every other context is submitted again from its
 * image. An engine whose power domain does not wake for the reset is out
 * of use from then on: its requests end with -EIO, and so do later ones.
 *
 * Context: process; sleeps.
 */
void dg1_execlists_reset(struct dg1_hw_engine *e, enum dg1_reset_why why,
			 struct dma_fence *hw_fence)
{
	struct dg1_uncore *uncore = &e->dg1->uncore;
	struct dg1_context *ce, *next;
	struct dg1_request *guilty = NULL;
	struct dg1_capture *cap = NULL;
	struct dg1_gt_fault_record rec;
	bool failed = false, fault = false;
	char who[80];
	int ret;

	mutex_lock(&e->reset_lock);
	spin_lock_irq(&e->lock);
	/* A GT reset is on its way: it resets this engine too. */
	ret = e->gt_reset_pending ||
	      (why == DG1_RESET_EVICT && !dg1_execlists_doomed_head(e));
	spin_unlock_irq(&e->lock);
	if (ret)
		goto out;
	timer_delete_sync(&e->preempt_timer);
	timer_delete_sync(&e->slice_timer);
	/* GDRST is a GT register (i915 wakes every domain for a reset). */
	ret = dg1_force_wake_get(&uncore->fw, DG1_FW_GT | e->fw_domain);
	/* What the engine shows now is what a developer needs: before the reset. */
	if (!ret && why != DG1_RESET_REPLAY)
		cap = dg1_capture_engine(e);
	spin_lock_irq(&e->lock);
	e->resetting = true;
	spin_unlock_irq(&e->lock);
	if (!ret && dg1_gt_engine_reset(&e->dg1->gt, e->id)) {
		drm_err(&e->dg1->drm, "%s: engine reset failed: resetting the GT\n",
			e->info->name);
		failed = true;
	}
	/*
	 * A fault may be why: take it now, so that the next one is recorded,
	 * and report it once the culprit is known. The reset lost the
	 * engine's workarounds and whitelist: write them again.
	 */
	if (!ret) {
		fault = dg1_gt_fault_take(&e->dg1->gt, &rec);
		dg1_engine_workarounds_apply(&e->dg1->gt, e->id);
	}

	spin_lock_irq(&e->lock);
	e->stats.resets++;
	if (ret) {
		drm_err(&e->dg1->drm, "%s: no wake for the reset (%d): engine out of use\n",
			e->info->name, ret);
		e->unusable = true;
	}
	list_for_each_entry_safe(ce, next, &e->active, active_link)
		dg1_request_signal(ce);
	/* An overdue head is guilty; a banned one ends whole, below. */
	if (why == DG1_RESET_HANG || why == DG1_RESET_EVICT)
		guilty = dg1_execlists_guilty(e, hw_fence);
	if (guilty && why == DG1_RESET_EVICT && !guilty->ce->overdue)
		guilty = NULL;
	if (guilty) {
		snprintf(who, sizeof(who), "%s ran exec queue %u of %s[%d]",
			 e->info->name, guilty->ce->queue_id,
			 guilty->ce->owner_comm, guilty->ce->owner_pid);
		dg1_execlists_blame(e, guilty);
		dg1_capture_blame(cap, guilty->ce, guilty->fence.seqno);
	}
	drm_warn(&e->dg1->drm, "%s: engine reset (%s): %s\n", e->info->name,
		 dg1_reset_why_name[why], guilty ? who : "no request blamed");
	dg1_execlists_clear_ports(e);
	if (failed) {
		/* Stopped until the GT reset; its contexts wait queued. */
		e->gt_reset_pending = true;
		queue_work(system_unbound_wq, &e->dg1->gt_reset_work);
	} else {
		if (!ret)
			dg1_execlists_setup(e);
		e->resetting = false;
		dg1_execlists_idle(e);
		dg1_execlists_dequeue(e);
	}
	spin_unlock_irq(&e->lock);
	if (fault)
		dg1_gt_fault_report(&e->dg1->gt, &rec, guilty ? who : NULL);
	if (!ret)
		dg1_force_wake_put(&uncore->fw, DG1_FW_GT | e->fw_domain);
out:
	mutex_unlock(&e->reset_lock);
	/* Only a hang someone is blamed for is worth a record. */
	if (cap && guilty)
		dg1_capture_submit(cap);
	else
		dg1_capture_free(cap);
}

/**
 * dg1_execlists_gt_reset_prepare() - stop an engine for a whole-GT reset
 * @e: the engine
 *
 * Holds the engine's reset lock (engines are taken in id order) and its
 * domains until dg1_execlists_gt_reset_finish().
 *
 * Context: process; sleeps.
 * Return: 0, or the error of the domains' wake-up (passed to finish).
 */
int dg1_execlists_gt_reset_prepare(struct dg1_hw_engine *e)
{
	struct dg1_uncore *uncore = &e->dg1->uncore;
	int ret;

	mutex_lock_nested(&e->reset_lock, e->id);
	timer_delete_sync(&e->preempt_timer);
	timer_delete_sync(&e->slice_timer);
	ret = dg1_force_wake_get(&uncore->fw, DG1_FW_GT | e->fw_domain);
	spin_lock_irq(&e->lock);
	e->resetting = true;
	spin_unlock_irq(&e->lock);
	return ret;
}

/**
 * dg1_execlists_gt_reset_finish() - restart an engine after a GT reset
 * @e: the engine
 * @fw_ret: what dg1_execlists_gt_reset_prepare() returned
 * @ok: the GT reset completed and the GT was programmed again
 * @counted: a reset the engine's statistics count (not a resume's)
 *
 * No request is blamed (the engine reset that failed blamed its own);
 * every context is submitted again from its image. After a GT reset that
 * failed the engine is out of use; the caller wedges the device.
 *
 * Context: process; sleeps.
 */
void dg1_execlists_gt_reset_finish(struct dg1_hw_engine *e, int fw_ret,
				   bool ok, bool counted)
{
	struct dg1_uncore *uncore = &e->dg1->uncore;
	struct dg1_context *ce, *next;

	spin_lock_irq(&e->lock);
	if (counted)
		e->stats.resets++;
	if (fw_ret || !ok)
		e->unusable = true;
	list_for_each_entry_safe(ce, next, &e->active, active_link)
		dg1_request_signal(ce);
	dg1_execlists_clear_ports(e);
	if (!e->unusable)
		dg1_execlists_setup(e);
	e->gt_reset_pending = false;
	e->resetting = false;
	dg1_execlists_idle(e);
	dg1_execlists_dequeue(e);
	spin_unlock_irq(&e->lock);
	if (!fw_ret)
		dg1_force_wake_put(&uncore->fw, DG1_FW_GT | e->fw_domain);
	mutex_unlock(&e->reset_lock);
}

/**
 * dg1_execlists_reset_work() - reset an engine after a CS error or a
 * preemption timeout
 * @work: the engine's reset_work
 */
void dg1_execlists_reset_work(struct work_struct *work)
{
	struct dg1_hw_engine *e = container_of(work, struct dg1_hw_engine,
					    reset_work);

	drm_dbg(&e->dg1->drm, "%s: CS error or preemption timeout, resetting\n",
		e->info->name);
	dg1_execlists_reset(e, DG1_RESET_HANG, NULL);
}

/**
 * dg1_execlists_evict_work() - reset a banned or overdue context off an engine
 * @work: the engine's evict_work
 */
void dg1_execlists_evict_work(struct work_struct *work)
{
	struct dg1_hw_engine *e = container_of(work, struct dg1_hw_engine,
					    evict_work);

	dg1_execlists_reset(e, DG1_RESET_EVICT, NULL);
}
