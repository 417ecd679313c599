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
 *
 * Engine resets, and the blame and bans they bring, are
 * dg1_execlists_reset.c.
 */

#include <linux/delay.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "core/dg1_inject.h"
#include "core/dg1_rpm.h"
#include "core/dg1_trace.h"
#include "mem/dg1_kobj.h"
#include "mmio/dg1_forcewake.h"
#include "mmio/dg1_mmio.h"
#include "mmio/dg1_uncore.h"
#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gt_regs.h"
#include "regs/dg1_irq_regs.h"
#include "submit/dg1_context_types.h"
#include "submit/dg1_csb.h"
#include "submit/dg1_execlists.h"
#include "submit/dg1_execlists_internal.h"
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

/**
 * dg1_execlists_drop_hw_id() - give back a context's hardware id
 * @e: the engine
 * @ce: the context, out of every port
 *
 * Context: the engine's lock held.
 */
void dg1_execlists_drop_hw_id(struct dg1_hw_engine *e,
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

/**
 * dg1_execlists_idle() - the engine is idle: let its domain and device sleep
 * @e: the engine
 *
 * Drops the forcewake and runtime PM references its requests left held
 * until the CSB reported it idle.
 *
 * Context: the engine's lock held.
 */
void dg1_execlists_idle(struct dg1_hw_engine *e)
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

/**
 * dg1_execlists_unqueue() - take a context off its engine's queue
 * @ce: the context, queued
 *
 * Context: the engine's lock held.
 */
void dg1_execlists_unqueue(struct dg1_context *ce)
{
	list_del_init(&ce->queue_link);
	ce->queued = false;
}

/**
 * dg1_execlists_requeue() - queue a context again if it has work
 * @e: the engine
 * @ce: the context; a banned one is never queued
 *
 * Context: the engine's lock held.
 */
void dg1_execlists_requeue(struct dg1_hw_engine *e, struct dg1_context *ce)
{
	if (!ce->queued && !ce->banned && dg1_context_has_work(ce)) {
		list_add_tail(&ce->queue_link, &e->queue[ce->prio + 1]);
		ce->queued = true;
	}
}

/**
 * dg1_execlists_doomed_head() - a context to reset off heads the engine
 * @e: the engine
 *
 * Context: the engine's lock held.
 * Return: true if the head is a banned context with work, or one whose
 * request overran the job timeout.
 */
bool dg1_execlists_doomed_head(const struct dg1_hw_engine *e)
{
	const struct dg1_context *ce = e->inflight[0];

	return ce && (ce->banned || ce->overdue) &&
	       !list_empty(&ce->requests);
}

/**
 * dg1_execlists_new_head() - the head of the engine changed
 * @e: the engine
 * @old: the head before
 *
 * Accounts the engine time and restarts the time slice.
 *
 * Context: the engine's lock held.
 */
void dg1_execlists_new_head(struct dg1_hw_engine *e, struct dg1_context *old)
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

/**
 * dg1_execlists_dequeue() - load the engine's ports from its queue
 * @e: the engine
 *
 * Does nothing while a load is pending, the engine is parked or being
 * reset; preempts the running context for a higher-priority one, or for
 * one of its priority once its time slice is over.
 *
 * Context: the engine's lock held.
 */
void dg1_execlists_dequeue(struct dg1_hw_engine *e)
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
	dg1_inject_switch_out_delay();
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

/**
 * dg1_execlists_setup() - program an engine for execlists
 * @e: the engine, its domain held
 *
 * Execlists on, the status page set, errors reported (i915
 * gt/intel_execlists_submission.c, enable_execlists(); Vol 13 General
 * Assets, "Hardware Status Page" for HWSTAM).
 */
void dg1_execlists_setup(struct dg1_hw_engine *e)
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
