// SPDX-License-Identifier: GPL-2.0
/*
 * Execlist submission: the engine side of the exec queues.
 *
 * Contexts with work wait on the engine's queue, by priority. The driver
 * loads up to two of them into the execlist submit queue (ELSQ) and writes
 * EXECLIST_CONTROL; the engine reports what it did in the context status
 * buffer (CSB) of the status page and raises the context-switch
 * interrupt. Facts: Vol 13 General Assets, "Execlists", "Context Status";
 * the Gen12 CSB format and the decode rule of i915
 * gt/intel_execlists_submission.c.
 *
 * Rules kept here:
 * - The ELSQ is written only when no load is pending: a load is pending
 *   from EXECLIST_CONTROL until the CSB entry that promotes it.
 * - Resubmitting the running context with a tail that did not advance
 *   sets FORCE_RESTORE (i915's WaIdleLiteRestore); a new context's first
 *   submission also does, its image having nothing to restore.
 * - A context of higher priority than the running one preempts it: it is
 *   loaded alone, and the engine switches at the next arbitration point.
 *   One of the same priority gets the engine the same way once the
 *   running one has had a time slice. Otherwise a second port is filled
 *   only when the engine is idle, and the running context's new work is
 *   added by a lite restore. A context that does not reach an
 *   arbitration point within the preempt timeout is reset off.
 * - The submit queue keeps what was written (i915: the hardware does not
 *   clear it), so only dwords that change are written: one submission
 *   costs at most five MMIO writes, usually three or fewer.
 * - The engine's power domain is held by the requests in flight and, once
 *   they are done, until the CSB reports the engine idle, so the CSB's
 *   MMIO fallback never reads a sleeping domain.
 */

#include <linux/delay.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "core/dg1_rpm.h"
#include "core/dg1_trace.h"
#include "gt/dg1_engine_workarounds.h"
#include "gt/dg1_gt_fault.h"
#include "gt/dg1_gt_reset.h"
#include "mem/dg1_kobj.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_mmio.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gt_regs.h"
#include "regs/dg1_irq_regs.h"
#include "submit/dg1_capture.h"
#include "submit/dg1_context_types.h"
#include "submit/dg1_csb.h"
#include "submit/dg1_execlists.h"
#include "submit/dg1_lrc.h"
#include "submit/dg1_request.h"

/*
 * How long a preempting load may wait for the running context to reach
 * an arbitration point. Render has no mid-batch preemption on gen12 and
 * gets longer (i915 gt/intel_engine_cs.c gives RCS a longer timeout too).
 */
#define DG1_PREEMPT_TIMEOUT_MS		640
#define DG1_PREEMPT_TIMEOUT_RCS_MS	7500
/*
 * How long a context keeps the engine while another of its priority waits
 * (i915 CONFIG_DRM_I915_TIMESLICE_DURATION and xe xe_hw_engine.c both
 * default to 1 ms; a timer, so at least a jiffy).
 */
#define DG1_TIMESLICE_MS		1

static struct dg1_uncore *dg1_engine_uncore(struct dg1_hw_engine *e)
{
	return &e->dg1->uncore;
}

/*
 * Hardware context ids (the descriptor's SW context id, which the CSB and
 * OA reports carry) are held only while a context is in the ports, from
 * its first port to the CSB event that takes it out of the last, as i915
 * assigns its Gen12 ids (gt/intel_execlists_submission.c): so no context
 * draws on a per-engine pool while it is not on the engine, and an id is
 * never reused while the CSB may still name it. At most 2 * ports
 * contexts hold one, so a word of ids never runs out.
 */
static void dg1_execlists_take_hw_id(struct dg1_hw_engine *e,
				     struct dg1_context *ce)
{
	unsigned int bit;

	if (ce->hw_id_pinned) {
		ce->hw_id = DG1_CONTEXT_HW_ID_PINNED;
		return;
	}
	bit = ffz(e->hw_ids);
	e->hw_ids |= BIT(bit);
	ce->hw_id = bit + 1;
}

static void dg1_execlists_drop_hw_id(struct dg1_hw_engine *e,
				     struct dg1_context *ce)
{
	if (ce->hw_id != DG1_CONTEXT_HW_ID_PINNED)
		e->hw_ids &= ~BIT(ce->hw_id - 1);
	ce->hw_id = 0;
}

static bool dg1_execlists_busy(const struct dg1_hw_engine *e)
{
	return e->inflight[0] || e->pending[0];
}

static void dg1_execlists_idle(struct dg1_hw_engine *e)
{
	struct device *dev = e->dg1->drm.dev;

	if (!e->fw_idle_refs)
		return;
	while (e->fw_idle_refs) {
		e->fw_idle_refs--;
		dg1_force_wake_put(&dg1_engine_uncore(e)->fw, e->fw_domain);
	}
	dg1_rpm_put(dev);
}

static bool dg1_context_has_work(const struct dg1_context *ce)
{
	return ce->tail != ce->submitted_tail || ce->resubmit;
}

/* The highest-priority context waiting, or NULL. */
static struct dg1_context *dg1_execlists_first(struct dg1_hw_engine *e,
					       struct dg1_context *skip)
{
	struct dg1_context *ce;
	int p;

	for (p = DG1_ENGINE_PRIOS - 1; p >= 0; p--)
		list_for_each_entry(ce, &e->queue[p], queue_link)
			if (ce != skip)
				return ce;
	return NULL;
}

static void dg1_execlists_unqueue(struct dg1_context *ce)
{
	list_del_init(&ce->queue_link);
	ce->queued = false;
}

/* On the queue if it has work to submit; a banned context never is. */
static void dg1_execlists_requeue(struct dg1_hw_engine *e, struct dg1_context *ce)
{
	if (!ce->queued && !ce->banned && dg1_context_has_work(ce)) {
		list_add_tail(&ce->queue_link, &e->queue[ce->prio + 1]);
		ce->queued = true;
	}
}

/*
 * A banned context with work, or one whose request overran the job
 * timeout, at the head of the engine: reset it off.
 */
static bool dg1_execlists_doomed_head(const struct dg1_hw_engine *e)
{
	const struct dg1_context *ce = e->inflight[0];

	return ce && (ce->banned || ce->overdue) &&
	       !list_empty(&ce->requests);
}

/*
 * The head of the engine changed from @old: account the engine time, and
 * restart the time slice.
 */
static void dg1_execlists_new_head(struct dg1_hw_engine *e,
				   struct dg1_context *old)
{
	struct dg1_context *head = e->inflight[0];

	if (head == old)
		return;
	if (old)
		old->busy += jiffies - old->head_since;
	if (head)
		head->head_since = jiffies;
	/* A new head starts a whole slice. */
	e->slice_due = false;
	timer_delete(&e->slice_timer);
}

/**
 * dg1_execlists_engine_time() - how long a context's oldest request has
 * had the engine
 * @e: its engine
 * @ce: the context
 *
 * The time it spent at the head of the engine since its previous request
 * completed, now included if it is there: what the job timeout measures.
 *
 * Context: the engine lock held.
 * Return: jiffies.
 */
unsigned long dg1_execlists_engine_time(struct dg1_hw_engine *e,
					struct dg1_context *ce)
{
	lockdep_assert_held(&e->lock);
	return ce->busy + (e->inflight[0] == ce ? jiffies - ce->head_since : 0);
}

/* Write the tail into the image and build the port's descriptor. */
static u64 dg1_execlists_port_desc(struct dg1_hw_engine *e,
				   struct dg1_context *ce)
{
	bool running = ce == e->inflight[0];
	u64 desc;

	if (!ce->ports)
		dg1_execlists_take_hw_id(e, ce);
	desc = ce->desc | (u64)ce->hw_id << DG1_LRC_DESC_SW_ID_SHIFT;
	dg1_lrc_set_tail(ce->state.vaddr + DG1_LRC_STATE_OFFSET, ce->tail);
	if (ce->force_restore || (running && ce->tail == ce->submitted_tail))
		desc |= DG1_LRC_DESC_FORCE_RESTORE;
	ce->force_restore = false;
	ce->resubmit = false;
	ce->submitted_tail = ce->tail;
	ce->ports++;
	dg1_execlists_unqueue(ce);
	return desc;
}

static void dg1_execlists_write_sq(struct dg1_hw_engine *e, unsigned int dw,
				   u32 val)
{
	u32 base = e->info->mmio_base;

	if (e->sq_known & BIT(dw) && e->sq[dw] == val)
		return;
	e->sq[dw] = val;
	e->sq_known |= BIT(dw);
	dg1_uncore_write32_fw(dg1_engine_uncore(e), dw & 1 ?
			      RING_EXECLIST_SQ_CONTENTS_HI(base, dw / 2) :
			      RING_EXECLIST_SQ_CONTENTS_LO(base, dw / 2),
			      val);
}

/* Load @ports (NULL-terminated, at most two) into the submit queue. */
static void dg1_execlists_load(struct dg1_hw_engine *e,
			       struct dg1_context *ports[DG1_EXECLIST_PORTS])
{
	u64 desc[DG1_EXECLIST_PORTS] = { 0 };
	int n;

	for (n = 0; n < DG1_EXECLIST_PORTS && ports[n]; n++)
		desc[n] = dg1_execlists_port_desc(e, ports[n]);
	trace_dg1_submit(e->dg1->drm.primary->index, e->id, desc[0],
			 ports[0] ? ports[0]->tail : 0, desc[1],
			 ports[1] ? ports[1]->tail : 0);
	/* The images' tails before the engine may read them. */
	wmb();
	for (n = DG1_EXECLIST_PORTS - 1; n >= 0; n--) {
		/* An empty port needs only its valid bit (lower dword) off. */
		dg1_execlists_write_sq(e, 2 * n, lower_32_bits(desc[n]));
		if (desc[n])
			dg1_execlists_write_sq(e, 2 * n + 1,
					       upper_32_bits(desc[n]));
		e->pending[n] = ports[n];
	}
	dg1_uncore_write32_fw(dg1_engine_uncore(e),
			      RING_EXECLIST_CONTROL(e->info->mmio_base),
			      EL_CTRL_LOAD);
	e->stats.submits++;
}

/* A load that preempts the running context: it must yield in time. */
static void dg1_execlists_preempt(struct dg1_hw_engine *e)
{
	unsigned int ms = e->info->class == DG1_ENGINE_CLASS_RENDER ?
			  DG1_PREEMPT_TIMEOUT_RCS_MS : DG1_PREEMPT_TIMEOUT_MS;

	e->stats.preemptions++;
	mod_timer(&e->preempt_timer, jiffies + msecs_to_jiffies(ms));
}

static void dg1_execlists_dequeue(struct dg1_hw_engine *e)
{
	struct dg1_context *ports[DG1_EXECLIST_PORTS] = { NULL };
	struct dg1_context *active = e->inflight[0];
	struct dg1_context *first, *other;

	lockdep_assert_held(&e->lock);
	if (e->pending[0] || e->resetting || e->unusable || e->parked)
		return;
	first = dg1_execlists_first(e, NULL);
	if (!first)
		return;

	if (!active) {
		ports[0] = first;
		ports[1] = dg1_execlists_first(e, first);
		e->slice_due = false;
		dg1_execlists_load(e, ports);
		return;
	}
	if (first->prio > active->prio) {
		ports[0] = first;
		dg1_execlists_preempt(e);
		dg1_execlists_load(e, ports);
		return;
	}
	/* Another of the running one's priority waits: it gets a slice. */
	other = dg1_execlists_first(e, active);
	if (other && other->prio == active->prio) {
		if (e->slice_due) {
			e->slice_due = false;
			e->stats.timeslices++;
			ports[0] = other;
			dg1_execlists_preempt(e);
			dg1_execlists_load(e, ports);
			return;
		}
		if (!timer_pending(&e->slice_timer))
			mod_timer(&e->slice_timer,
				  jiffies + msecs_to_jiffies(DG1_TIMESLICE_MS));
	}
	if (first == active) {
		/* Lite restore: the running context's new tail. */
		ports[0] = first;
		e->stats.lite_restores++;
		dg1_execlists_load(e, ports);
	}
	/* Anything else waits for the running context. */
}

/**
 * dg1_execlists_park() - stop loading an engine's ports, or go on
 * @e: the engine
 * @park: true: no context goes to the engine from now on (those in its
 *	ports finish, or are reset); false: what waits is loaded
 *
 * Context: process; takes the engine lock.
 * Return: whether the ports are empty.
 */
bool dg1_execlists_park(struct dg1_hw_engine *e, bool park)
{
	bool idle;

	spin_lock_irq(&e->lock);
	e->parked = park;
	if (!park)
		dg1_execlists_dequeue(e);
	idle = !dg1_execlists_busy(e);
	spin_unlock_irq(&e->lock);
	return idle;
}

/**
 * dg1_execlists_queue() - a context has new work for the engine
 * @e: the engine
 * @ce: the context, its tail updated
 *
 * Context: the engine lock held.
 */
void dg1_execlists_queue(struct dg1_hw_engine *e, struct dg1_context *ce)
{
	lockdep_assert_held(&e->lock);
	dg1_execlists_requeue(e, ce);
	dg1_execlists_dequeue(e);
}

/**
 * dg1_execlists_ban() - stop submitting a context
 * @e: its engine
 * @ce: the context
 * @error: what its requests end with (negative); a first ban's stays
 *
 * Off the engine, its requests end now. On it, they end when a reset
 * takes it off; the caller resets if it is at the head, otherwise the
 * context-switch that brings it there asks for the reset.
 *
 * Context: the engine lock held.
 * Return: true if the caller must reset the engine (DG1_RESET_EVICT).
 */
bool dg1_execlists_ban(struct dg1_hw_engine *e, struct dg1_context *ce,
		       int error)
{
	lockdep_assert_held(&e->lock);
	if (!ce->banned)
		ce->banned = error;
	if (ce->queued)
		dg1_execlists_unqueue(ce);
	if (!ce->ports) {
		dg1_request_end_all(ce, ce->banned);
		return false;
	}
	dg1_request_signal(ce);
	return dg1_execlists_doomed_head(e);
}

/* A context left the ports: back on the queue if it has work left. */
static void dg1_execlists_schedule_out(struct dg1_hw_engine *e,
				       struct dg1_context *ce, bool preempted)
{
	if (drm_WARN_ON(&e->dg1->drm, !ce->ports))
		return;
	ce->ports--;
	if (ce->ports)
		return;
	dg1_execlists_drop_hw_id(e, ce);
	dg1_request_account(ce);
	/* The image is saved: whoever waits to free it may go on. */
	if (wq_has_sleeper(&e->ports_wq))
		wake_up_all(&e->ports_wq);
	if (ce->banned) {
		dg1_request_end_all(ce, ce->banned);
		return;
	}
	/* Preempted with requests left: it resumes from its saved image. */
	if (preempted && !list_empty(&ce->requests))
		ce->resubmit = true;
	dg1_execlists_requeue(e, ce);
}

/* The pending load was taken: its contexts run now. */
static void dg1_execlists_promote(struct dg1_hw_engine *e)
{
	struct dg1_context *old[DG1_EXECLIST_PORTS];
	unsigned int i, j;

	memcpy(old, e->inflight, sizeof(old));
	memcpy(e->inflight, e->pending, sizeof(e->inflight));
	memset(e->pending, 0, sizeof(e->pending));
	dg1_execlists_new_head(e, old[0]);
	for (i = 0; i < DG1_EXECLIST_PORTS; i++) {
		bool kept = false;

		if (!old[i])
			continue;
		for (j = 0; j < DG1_EXECLIST_PORTS; j++)
			kept |= e->inflight[j] == old[i];
		/* Kept: a lite restore; the port reference moved over. */
		dg1_execlists_schedule_out(e, old[i], !kept);
	}
}

/* The context in port 0 finished; the next port runs. */
static void dg1_execlists_complete(struct dg1_hw_engine *e)
{
	struct dg1_context *ce = e->inflight[0];

	e->inflight[0] = e->inflight[1];
	e->inflight[1] = NULL;
	dg1_execlists_new_head(e, ce);
	if (ce)
		dg1_execlists_schedule_out(e, ce, false);
}

static u64 dg1_execlists_csb_read(struct dg1_hw_engine *e, unsigned int i)
{
	void __iomem *hwsp = e->hwsp.vaddr;
	u64 entry = dg1_csb_read(hwsp, i);
	unsigned int spins = 0;

	/*
	 * TGL-class engines do not order the entry's write against the
	 * pointer's: an entry still all-ones has not landed. Wait a little,
	 * then read its MMIO copy (i915 gt/intel_execlists_submission.c).
	 */
	while (entry == DG1_CSB_INVALID && spins++ < 10) {
		udelay(1);
		entry = dg1_csb_read(hwsp, i);
	}
	if (entry == DG1_CSB_INVALID) {
		u32 base = e->info->mmio_base;

		e->stats.csb_late++;
		entry = dg1_uncore_read64_2x32_fw(dg1_engine_uncore(e),
						  RING_CSB_MMIO_LO(base, i),
						  RING_CSB_MMIO_HI(base, i));
	}
	dg1_csb_invalidate(hwsp, i);
	return entry;
}

static void dg1_execlists_process_csb(struct dg1_hw_engine *e)
{
	u8 head = e->csb_head, tail;
	struct dg1_csb_event ev;
	bool promote;
	u64 entry;

	tail = dg1_csb_write_pointer(e->hwsp.vaddr);
	if (tail >= DG1_CSB_ENTRIES || tail == head)
		return;
	/* The pointer before the entries it covers. */
	rmb();
	do {
		head = (head + 1) % DG1_CSB_ENTRIES;
		entry = dg1_execlists_csb_read(e, head);
		dg1_csb_decode(entry, &ev);
		e->stats.csb_last[e->stats.csb_events %
				  DG1_ENGINE_CSB_HISTORY] = entry;
		e->stats.csb_events++;
		promote = dg1_csb_promotes(&ev);
		trace_dg1_csb(e->dg1->drm.primary->index, e->id, head, entry,
			      promote);
		if (promote) {
			if (drm_WARN_ONCE(&e->dg1->drm, !e->pending[0],
					  "%s: CSB promotes no load\n",
					  e->info->name)) {
				schedule_work(&e->reset_work);
				break;
			}
			timer_delete(&e->preempt_timer);
			dg1_execlists_promote(e);
		} else {
			dg1_execlists_complete(e);
		}
	} while (head != tail);
	e->csb_head = head;

	if (!dg1_execlists_busy(e))
		dg1_execlists_idle(e);
	if (dg1_execlists_doomed_head(e))
		schedule_work(&e->evict_work);
}

/**
 * dg1_execlists_irq() - an engine's interrupt events
 * @e: the engine
 * @iir: its identity bits (user interrupt, error, context switch)
 *
 * Breadcrumbs first, so a context that went idle has its requests
 * signalled when the CSB is read.
 *
 * Context: hard interrupt.
 */
void dg1_execlists_irq(struct dg1_hw_engine *e, u16 iir)
{
	struct dg1_context *ce, *next;

	spin_lock(&e->lock);
	if (iir & GT_RENDER_USER_INTERRUPT) {
		e->stats.irq_user++;
		list_for_each_entry_safe(ce, next, &e->active, active_link)
			dg1_request_signal(ce);
		atomic_inc(&e->dg1->user_irq.seq);
		wake_up_all(&e->dg1->user_irq.wq);
	}
	if (iir & GT_CONTEXT_SWITCH_INTERRUPT) {
		e->stats.irq_ctx_switch++;
		dg1_execlists_process_csb(e);
		dg1_execlists_dequeue(e);
	}
	if (iir & GT_CS_MASTER_ERROR_INTERRUPT) {
		e->stats.irq_error++;
		schedule_work(&e->reset_work);
	}
	/* The engine halted on it: reset now, the job timeout is a backstop. */
	if (iir & GT_PAGE_FAULT_INTERRUPT) {
		e->stats.irq_page_fault++;
		schedule_work(&e->reset_work);
	}
	spin_unlock(&e->lock);
}

/*
 * Empty CSB: both pointers at the last entry, every entry all-ones (i915
 * gt/intel_execlists_submission.c, reset_csb_pointers()).
 */
static void dg1_execlists_reset_csb(struct dg1_hw_engine *e)
{
	struct dg1_uncore *uncore = dg1_engine_uncore(e);
	u32 base = e->info->mmio_base;
	unsigned int i;

	e->csb_head = DG1_CSB_ENTRIES - 1;
	dg1_csb_reset(e->hwsp.vaddr);
	for (i = 0; i < DG1_CSB_ENTRIES; i++)
		dg1_csb_invalidate(e->hwsp.vaddr, i);
	/* The page is reset before the engine may write it again. */
	wmb();
	dg1_uncore_write32_fw(uncore, RING_CONTEXT_STATUS_PTR(base),
			      dg1_csb_pointer_reset_value());
	dg1_uncore_read32_fw(uncore, RING_CONTEXT_STATUS_PTR(base));
}

/*
 * Execlists on, the status page set, errors reported (i915
 * gt/intel_execlists_submission.c, enable_execlists(); Vol 13 General
 * Assets, "Hardware Status Page" for HWSTAM). The engine's domain is held.
 */
static void dg1_execlists_setup(struct dg1_hw_engine *e)
{
	struct dg1_uncore *uncore = dg1_engine_uncore(e);
	u32 base = e->info->mmio_base;

	dg1_execlists_reset_csb(e);
	/* No ISR bit is written to the status page. */
	dg1_uncore_write32_fw(uncore, RING_HWSTAM(base), ~0u);
	dg1_uncore_write32_fw(uncore, RING_MODE(base),
			      _MASKED_BIT_ENABLE(GFX_DISABLE_LEGACY_MODE));
	dg1_uncore_write32_fw(uncore, RING_MI_MODE(base),
			      _MASKED_BIT_DISABLE(STOP_RING));
	dg1_uncore_write32_fw(uncore, RING_HWS_PGA(base),
			      dg1_kobj_ggtt(&e->hwsp));
	dg1_uncore_read32_fw(uncore, RING_HWS_PGA(base));
	/* Only instruction errors raise the master error interrupt. */
	dg1_uncore_write32_fw(uncore, RING_EMR(base), ~0u);
	dg1_uncore_write32_fw(uncore, RING_EIR(base), ~0u);
	dg1_uncore_write32_fw(uncore, RING_EMR(base), (u32)~EIR_INSTRUCTION_ERROR);
	e->sq_known = 0;
}

/**
 * dg1_execlists_enable() - put an engine in execlists mode
 * @e: the engine, its status page allocated
 *
 * Context: process; wakes the engine's domain for the writes.
 * Return: 0, or the error of the domain's wake-up.
 */
int dg1_execlists_enable(struct dg1_hw_engine *e)
{
	struct dg1_uncore *uncore = dg1_engine_uncore(e);
	int ret;

	ret = dg1_force_wake_get(&uncore->fw, e->fw_domain);
	if (ret)
		return ret;
	dg1_execlists_setup(e);
	dg1_force_wake_put(&uncore->fw, e->fw_domain);
	return 0;
}

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
	struct dg1_uncore *uncore = dg1_engine_uncore(e);
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
	struct dg1_uncore *uncore = dg1_engine_uncore(e);
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
	struct dg1_uncore *uncore = dg1_engine_uncore(e);
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

static void dg1_execlists_reset_work(struct work_struct *work)
{
	struct dg1_hw_engine *e = container_of(work, struct dg1_hw_engine,
					    reset_work);

	drm_dbg(&e->dg1->drm, "%s: CS error or preemption timeout, resetting\n",
		e->info->name);
	dg1_execlists_reset(e, DG1_RESET_HANG, NULL);
}

static void dg1_execlists_evict_work(struct work_struct *work)
{
	struct dg1_hw_engine *e = container_of(work, struct dg1_hw_engine,
					    evict_work);

	dg1_execlists_reset(e, DG1_RESET_EVICT, NULL);
}

static void dg1_execlists_preempt_timeout(struct timer_list *t)
{
	struct dg1_hw_engine *e = from_timer(e, t, preempt_timer);

	schedule_work(&e->reset_work);
}

/* The running context had its slice: the next dequeue preempts it. */
static void dg1_execlists_slice_expired(struct timer_list *t)
{
	struct dg1_hw_engine *e = from_timer(e, t, slice_timer);
	unsigned long flags;

	spin_lock_irqsave(&e->lock, flags);
	e->slice_due = true;
	dg1_execlists_dequeue(e);
	spin_unlock_irqrestore(&e->lock, flags);
}

/**
 * dg1_execlists_init() - an engine's submission state, empty
 * @e: the engine
 *
 * Return: 0.
 */
int dg1_execlists_init(struct dg1_hw_engine *e)
{
	unsigned int p;

	spin_lock_init(&e->lock);
	for (p = 0; p < DG1_ENGINE_PRIOS; p++)
		INIT_LIST_HEAD(&e->queue[p]);
	INIT_LIST_HEAD(&e->active);
	INIT_WORK(&e->reset_work, dg1_execlists_reset_work);
	INIT_WORK(&e->evict_work, dg1_execlists_evict_work);
	init_waitqueue_head(&e->ports_wq);
	mutex_init(&e->reset_lock);
	timer_setup(&e->preempt_timer, dg1_execlists_preempt_timeout, 0);
	timer_setup(&e->slice_timer, dg1_execlists_slice_expired, 0);
	return 0;
}

/**
 * dg1_execlists_fini() - free an engine's submission state
 * @e: the engine; its contexts are gone
 */
void dg1_execlists_fini(struct dg1_hw_engine *e)
{
	timer_shutdown_sync(&e->preempt_timer);
	timer_shutdown_sync(&e->slice_timer);
	cancel_work_sync(&e->reset_work);
	cancel_work_sync(&e->evict_work);
	mutex_destroy(&e->reset_lock);
}

/**
 * dg1_execlists_print() - an engine's submission state, for debugfs
 * @e: the engine
 * @p: where to print
 */
void dg1_execlists_print(struct dg1_hw_engine *e, struct drm_printer *p)
{
	struct dg1_hw_engine_stats st;
	struct dg1_context *in[DG1_EXECLIST_PORTS], *pe[DG1_EXECLIST_PORTS];
	struct dg1_context *ce;
	unsigned int i, active = 0, queued = 0;
	u64 n;

	spin_lock_irq(&e->lock);
	st = e->stats;
	memcpy(in, e->inflight, sizeof(in));
	memcpy(pe, e->pending, sizeof(pe));
	list_for_each_entry(ce, &e->active, active_link)
		active++;
	for (i = 0; i < DG1_ENGINE_PRIOS; i++)
		list_for_each_entry(ce, &e->queue[i], queue_link)
			queued++;
	drm_printf(p, "%s: csb head %u, contexts active %u queued %u\n",
		   e->info->name, e->csb_head, active, queued);
	for (i = 0; i < DG1_EXECLIST_PORTS; i++)
		drm_printf(p, "  port %u: inflight %u tail 0x%x, pending %u\n",
			   i, in[i] ? in[i]->hw_id : 0,
			   in[i] ? in[i]->submitted_tail : 0,
			   pe[i] ? pe[i]->hw_id : 0);
	spin_unlock_irq(&e->lock);
	drm_printf(p, "  submits %llu lite-restores %llu preemptions %llu resets %llu\n",
		   st.submits, st.lite_restores, st.preemptions, st.resets);
	drm_printf(p, "  timeslices %llu bans %llu%s\n", st.timeslices, st.bans,
		   e->unusable ? " (out of use)" : "");
	drm_printf(p, "  csb events %llu late %llu; irq user %llu ctx-switch %llu",
		   st.csb_events, st.csb_late, st.irq_user, st.irq_ctx_switch);
	drm_printf(p, " error %llu page-fault %llu\n", st.irq_error,
		   st.irq_page_fault);
	/* The last CSB entries, oldest first, with their manual row. */
	for (n = st.csb_events > DG1_ENGINE_CSB_HISTORY ?
		 st.csb_events - DG1_ENGINE_CSB_HISTORY : 0;
	     n < st.csb_events; n++) {
		u64 entry = st.csb_last[n % DG1_ENGINE_CSB_HISTORY];
		struct dg1_csb_event ev;

		dg1_csb_decode(entry, &ev);
		drm_printf(p, "  csb 0x%016llx row %u\n", entry, dg1_csb_row(&ev));
	}
}
