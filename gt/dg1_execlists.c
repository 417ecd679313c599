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
 *   Otherwise a second port is filled only when the engine is idle, and
 *   the running context's new work is added by a lite restore.
 * - The submit queue keeps what was written (i915: the hardware does not
 *   clear it), so only dwords that change are written: one submission
 *   costs at most five MMIO writes, usually three or fewer.
 * - The engine's power domain is held by the requests in flight and, once
 *   they are done, until the CSB reports the engine idle, so the CSB's
 *   MMIO fallback never reads a sleeping domain.
 */

#include <linux/bitmap.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/slab.h>

#include <drm/drm_print.h>

#include "drm/dg1_device_types.h"
#include "gt/dg1_context.h"
#include "gt/dg1_csb.h"
#include "gt/dg1_execlists.h"
#include "gt/dg1_forcewake.h"
#include "gt/dg1_lrc.h"
#include "gt/dg1_trace.h"
#include "gt/dg1_mmio.h"
#include "gt/dg1_uncore.h"
#include "mem/dg1_kobj.h"
#include "regs/dg1_engine_regs.h"
#include "regs/dg1_gt_regs.h"
#include "regs/dg1_irq_regs.h"

/* SW context ids: 11 bits, 0x7ff is the idle id; i915 never uses 0. */
#define DG1_SW_ID_MAX		0x7fd

/*
 * How long a preempting load may wait for the running context to reach
 * an arbitration point. Render has no mid-batch preemption on gen12 and
 * gets longer (i915 gt/intel_engine_cs.c gives RCS a longer timeout too).
 */
#define DG1_PREEMPT_TIMEOUT_MS		640
#define DG1_PREEMPT_TIMEOUT_RCS_MS	7500

static struct dg1_uncore *dg1_engine_uncore(struct dg1_engine *e)
{
	return &e->dg1->uncore;
}

/**
 * dg1_execlists_get_sw_id() - a free SW context id of the engine
 * @e: the engine
 *
 * Return: an id from 1 to 0x7fd, or -ENOSPC.
 */
int dg1_execlists_get_sw_id(struct dg1_engine *e)
{
	unsigned long flags;
	unsigned long id;

	spin_lock_irqsave(&e->lock, flags);
	id = find_next_zero_bit(e->sw_ids, DG1_SW_ID_MAX + 1, 1);
	if (id <= DG1_SW_ID_MAX)
		__set_bit(id, e->sw_ids);
	spin_unlock_irqrestore(&e->lock, flags);
	return id <= DG1_SW_ID_MAX ? id : -ENOSPC;
}

/**
 * dg1_execlists_put_sw_id() - give a SW context id back
 * @e: the engine
 * @id: from dg1_execlists_get_sw_id()
 */
void dg1_execlists_put_sw_id(struct dg1_engine *e, u16 id)
{
	unsigned long flags;

	spin_lock_irqsave(&e->lock, flags);
	__clear_bit(id, e->sw_ids);
	spin_unlock_irqrestore(&e->lock, flags);
}

static bool dg1_execlists_busy(const struct dg1_engine *e)
{
	return e->inflight[0] || e->pending[0];
}

/**
 * dg1_execlists_release_fw() - a request let go of the engine's domain
 * @e: the engine
 *
 * While the engine is busy the reference is kept until the CSB says it
 * went idle.
 *
 * Context: the engine lock held.
 */
void dg1_execlists_release_fw(struct dg1_engine *e)
{
	if (dg1_execlists_busy(e))
		e->fw_idle_refs++;
	else
		dg1_force_wake_put(&dg1_engine_uncore(e)->fw, e->fw_domain);
}

static void dg1_execlists_idle(struct dg1_engine *e)
{
	while (e->fw_idle_refs) {
		e->fw_idle_refs--;
		dg1_force_wake_put(&dg1_engine_uncore(e)->fw, e->fw_domain);
	}
}

static bool dg1_context_has_work(const struct dg1_context *ce)
{
	return ce->tail != ce->submitted_tail || ce->resubmit;
}

/* The highest-priority context waiting, or NULL. */
static struct dg1_context *dg1_execlists_first(struct dg1_engine *e,
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

/* Write the tail into the image and build the port's descriptor. */
static u64 dg1_execlists_port_desc(struct dg1_engine *e,
				   struct dg1_context *ce)
{
	u64 desc = ce->desc;
	bool running = ce == e->inflight[0];

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

static void dg1_execlists_write_sq(struct dg1_engine *e, unsigned int dw,
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
static void dg1_execlists_load(struct dg1_engine *e,
			       struct dg1_context *ports[DG1_EXECLIST_PORTS])
{
	u64 desc[DG1_EXECLIST_PORTS] = { 0 };
	int n;

	for (n = 0; n < DG1_EXECLIST_PORTS && ports[n]; n++)
		desc[n] = dg1_execlists_port_desc(e, ports[n]);
	trace_dg1_submit(e->id, desc[0], ports[0] ? ports[0]->tail : 0,
			 desc[1], ports[1] ? ports[1]->tail : 0);
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

static void dg1_execlists_dequeue(struct dg1_engine *e)
{
	struct dg1_context *ports[DG1_EXECLIST_PORTS] = { NULL };
	struct dg1_context *active = e->inflight[0];
	struct dg1_context *first;

	lockdep_assert_held(&e->lock);
	if (e->pending[0] || e->resetting)
		return;
	first = dg1_execlists_first(e, NULL);
	if (!first)
		return;

	if (!active) {
		ports[0] = first;
		ports[1] = dg1_execlists_first(e, first);
	} else if (first->prio > active->prio) {
		unsigned int ms = e->info->class == DG1_ENGINE_CLASS_RENDER ?
				  DG1_PREEMPT_TIMEOUT_RCS_MS :
				  DG1_PREEMPT_TIMEOUT_MS;

		ports[0] = first;
		e->stats.preemptions++;
		mod_timer(&e->preempt_timer, jiffies + msecs_to_jiffies(ms));
	} else if (first == active) {
		/* Lite restore: the running context's new tail. */
		ports[0] = first;
		e->stats.lite_restores++;
	} else {
		/* Waits for the running context to finish. */
		return;
	}
	dg1_execlists_load(e, ports);
}

/**
 * dg1_execlists_queue() - a context has new work for the engine
 * @e: the engine
 * @ce: the context, its tail updated
 *
 * Context: the engine lock held.
 */
void dg1_execlists_queue(struct dg1_engine *e, struct dg1_context *ce)
{
	lockdep_assert_held(&e->lock);
	if (!ce->queued && dg1_context_has_work(ce)) {
		list_add_tail(&ce->queue_link, &e->queue[ce->prio + 1]);
		ce->queued = true;
	}
	dg1_execlists_dequeue(e);
}

/* A context left the ports: back on the queue if it has work left. */
static void dg1_execlists_schedule_out(struct dg1_engine *e,
				       struct dg1_context *ce, bool preempted)
{
	if (drm_WARN_ON(&e->dg1->drm, !ce->ports))
		return;
	ce->ports--;
	if (ce->ports)
		return;
	dg1_context_account(ce);
	/* Preempted with requests left: it resumes from its saved image. */
	if (preempted && !list_empty(&ce->requests))
		ce->resubmit = true;
	if (!ce->queued && dg1_context_has_work(ce)) {
		list_add_tail(&ce->queue_link, &e->queue[ce->prio + 1]);
		ce->queued = true;
	}
}

/* The pending load was taken: its contexts run now. */
static void dg1_execlists_promote(struct dg1_engine *e)
{
	struct dg1_context *old[DG1_EXECLIST_PORTS];
	unsigned int i, j;

	memcpy(old, e->inflight, sizeof(old));
	memcpy(e->inflight, e->pending, sizeof(e->inflight));
	memset(e->pending, 0, sizeof(e->pending));
	if (e->inflight[0] && e->inflight[0] != old[0])
		e->inflight[0]->progress = jiffies;
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
static void dg1_execlists_complete(struct dg1_engine *e)
{
	struct dg1_context *ce = e->inflight[0];

	e->inflight[0] = e->inflight[1];
	e->inflight[1] = NULL;
	if (e->inflight[0])
		e->inflight[0]->progress = jiffies;
	if (ce)
		dg1_execlists_schedule_out(e, ce, false);
}

static u64 dg1_execlists_csb_read(struct dg1_engine *e, unsigned int i)
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

static void dg1_execlists_process_csb(struct dg1_engine *e)
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
		trace_dg1_csb(e->id, head, entry, promote);
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
void dg1_execlists_irq(struct dg1_engine *e, u16 iir)
{
	struct dg1_context *ce, *next;

	spin_lock(&e->lock);
	if (iir & GT_RENDER_USER_INTERRUPT) {
		e->stats.irq_user++;
		list_for_each_entry_safe(ce, next, &e->active, active_link)
			dg1_context_signal(ce);
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
	spin_unlock(&e->lock);
}

/* GDRST bit of each engine (i915 gt/intel_gt_regs.h, GEN11_GRDOM_*). */
static const u32 dg1_engine_gdrst[DG1_HW_ENGINE_ID_COUNT] = {
	[DG1_HW_ENGINE_RCS0] = BIT(1),
	[DG1_HW_ENGINE_BCS0] = BIT(2),
	[DG1_HW_ENGINE_VCS0] = BIT(5),
	[DG1_HW_ENGINE_VCS2] = BIT(7),
	[DG1_HW_ENGINE_VECS0] = BIT(13),
};

/*
 * Empty CSB: both pointers at the last entry, every entry all-ones (i915
 * gt/intel_execlists_submission.c, reset_csb_pointers()).
 */
static void dg1_execlists_reset_csb(struct dg1_engine *e)
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
static void dg1_execlists_setup(struct dg1_engine *e)
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
int dg1_execlists_enable(struct dg1_engine *e)
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

/* Stop the CS, ask for a reset, reset it (i915 gt/intel_reset.c). */
static int dg1_execlists_reset_hw(struct dg1_engine *e)
{
	struct dg1_uncore *uncore = dg1_engine_uncore(e);
	struct dg1_mmio *mmio = &uncore->mmio;
	u32 base = e->info->mmio_base;
	int ret;

	dg1_uncore_write32_fw(uncore, RING_MI_MODE(base),
			      _MASKED_BIT_ENABLE(STOP_RING));
	/* A hung CS may never idle; the reset goes ahead regardless. */
	dg1_mmio_wait32(mmio, RING_MI_MODE(base), MODE_IDLE, MODE_IDLE,
			1000, NULL);

	dg1_uncore_write32_fw(uncore, RING_RESET_CTL(base),
			      _MASKED_BIT_ENABLE(RESET_CTL_REQUEST_RESET));
	ret = dg1_mmio_wait32(mmio, RING_RESET_CTL(base),
			      RESET_CTL_READY_TO_RESET,
			      RESET_CTL_READY_TO_RESET, 700, NULL);
	if (ret)
		drm_dbg(&e->dg1->drm, "%s: not ready to reset\n",
			e->info->name);

	dg1_uncore_write32_fw(uncore, GEN6_GDRST, dg1_engine_gdrst[e->id]);
	ret = dg1_mmio_wait32(mmio, GEN6_GDRST, dg1_engine_gdrst[e->id], 0,
			      500, NULL);
	dg1_uncore_write32_fw(uncore, RING_RESET_CTL(base),
			      _MASKED_BIT_DISABLE(RESET_CTL_REQUEST_RESET));
	return ret;
}

/* The request the engine was running when it hung, or NULL. */
static struct dg1_request *dg1_execlists_guilty(struct dg1_engine *e,
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

/**
 * dg1_execlists_reset() - reset a hung engine and go on without the
 * guilty request
 * @e: the engine
 * @hw_fence: the fence of a request known to hang, or NULL
 *
 * The request the engine was running fails with -EIO and its context
 * continues after it; every other context is submitted again from its
 * image. Requests already done are signalled first.
 *
 * Context: process; sleeps.
 */
void dg1_execlists_reset(struct dg1_engine *e, struct dma_fence *hw_fence)
{
	struct dg1_uncore *uncore = dg1_engine_uncore(e);
	struct dg1_context *ce, *next;
	struct dg1_request *guilty;
	unsigned int i;
	int ret;

	mutex_lock(&e->reset_lock);
	timer_delete_sync(&e->preempt_timer);
	ret = dg1_force_wake_get(&uncore->fw, e->fw_domain);
	spin_lock_irq(&e->lock);
	e->resetting = true;
	spin_unlock_irq(&e->lock);
	if (!ret && dg1_execlists_reset_hw(e))
		drm_err(&e->dg1->drm, "%s: engine reset failed\n",
			e->info->name);

	spin_lock_irq(&e->lock);
	e->stats.resets++;
	list_for_each_entry_safe(ce, next, &e->active, active_link)
		dg1_context_signal(ce);
	guilty = dg1_execlists_guilty(e, hw_fence);
	if (guilty)
		dg1_context_skip_request(guilty->ce, guilty);

	/* The ports are gone: their contexts start again from their images. */
	for (i = 0; i < 2 * DG1_EXECLIST_PORTS; i++) {
		struct dg1_context **port = i < DG1_EXECLIST_PORTS ?
			&e->inflight[i] : &e->pending[i - DG1_EXECLIST_PORTS];

		ce = *port;
		*port = NULL;
		if (!ce || !ce->ports)
			continue;
		ce->ports = 0;
		ce->force_restore = true;
		ce->resubmit = !list_empty(&ce->requests);
		if (!ce->queued && dg1_context_has_work(ce)) {
			list_add_tail(&ce->queue_link,
				      &e->queue[ce->prio + 1]);
			ce->queued = true;
		}
	}
	if (!ret)
		dg1_execlists_setup(e);
	e->resetting = false;
	dg1_execlists_idle(e);
	dg1_execlists_dequeue(e);
	spin_unlock_irq(&e->lock);
	if (!ret)
		dg1_force_wake_put(&uncore->fw, e->fw_domain);
	mutex_unlock(&e->reset_lock);
}

static void dg1_execlists_reset_work(struct work_struct *work)
{
	struct dg1_engine *e = container_of(work, struct dg1_engine,
					    reset_work);

	drm_dbg(&e->dg1->drm, "%s: CS error or preemption timeout, resetting\n",
		e->info->name);
	dg1_execlists_reset(e, NULL);
}

static void dg1_execlists_preempt_timeout(struct timer_list *t)
{
	struct dg1_engine *e = from_timer(e, t, preempt_timer);

	schedule_work(&e->reset_work);
}

/**
 * dg1_execlists_init() - an engine's submission state, empty
 * @e: the engine
 *
 * Return: 0 or -ENOMEM.
 */
int dg1_execlists_init(struct dg1_engine *e)
{
	unsigned int p;

	spin_lock_init(&e->lock);
	for (p = 0; p < DG1_ENGINE_PRIOS; p++)
		INIT_LIST_HEAD(&e->queue[p]);
	INIT_LIST_HEAD(&e->active);
	INIT_WORK(&e->reset_work, dg1_execlists_reset_work);
	mutex_init(&e->reset_lock);
	timer_setup(&e->preempt_timer, dg1_execlists_preempt_timeout, 0);
	e->sw_ids = bitmap_zalloc(DG1_SW_ID_MAX + 1, GFP_KERNEL);
	return e->sw_ids ? 0 : -ENOMEM;
}

/**
 * dg1_execlists_fini() - free an engine's submission state
 * @e: the engine; its contexts are gone
 */
void dg1_execlists_fini(struct dg1_engine *e)
{
	timer_shutdown_sync(&e->preempt_timer);
	cancel_work_sync(&e->reset_work);
	mutex_destroy(&e->reset_lock);
	bitmap_free(e->sw_ids);
	e->sw_ids = NULL;
}

/**
 * dg1_execlists_print() - an engine's submission state, for debugfs
 * @e: the engine
 * @p: where to print
 */
void dg1_execlists_print(struct dg1_engine *e, struct drm_printer *p)
{
	struct dg1_engine_stats st;
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
			   i, in[i] ? in[i]->sw_id : 0,
			   in[i] ? in[i]->submitted_tail : 0,
			   pe[i] ? pe[i]->sw_id : 0);
	spin_unlock_irq(&e->lock);
	drm_printf(p, "  submits %llu lite-restores %llu preemptions %llu resets %llu\n",
		   st.submits, st.lite_restores, st.preemptions, st.resets);
	drm_printf(p, "  csb events %llu late %llu; irq user %llu ctx-switch %llu error %llu\n",
		   st.csb_events, st.csb_late, st.irq_user,
		   st.irq_ctx_switch, st.irq_error);
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
