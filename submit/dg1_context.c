// SPDX-License-Identifier: GPL-2.0
/*
 * Logical ring contexts, and the commands of their requests (a request's
 * fence and its retiring: submit/dg1_request.c).
 *
 * A context is an image in the GGTT (page 0 the per-process status page,
 * then the register state the engine saves and restores; Vol 13 General
 * Assets, "Logical Ring Context") and a ring buffer. A request is one
 * batch: an invalidation of the engine's TLB and caches (submit/dg1_ring.c),
 * the commands that start it, wrapped so that it can be preempted
 * (arbitration on only while the batch runs), then a breadcrumb - the
 * request's seqno written to the context's status page and a user
 * interrupt - and two padding dwords so that a lite restore never finds
 * the tail it already has (i915 gt/gen8_engine_cs.c, the "wa_tail").
 *
 * The ring never fills: a queue has at most DG1_EXEC_QUEUE_JOBS requests
 * outstanding, each at most DG1_REQUEST_MAX_BYTES, which is less than the
 * ring's size, so a new request never overwrites commands the engine has
 * not consumed and emitting needs no wait.
 */

#include <linux/delay.h>
#include <linux/io.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sizes.h>

#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "core/dg1_fence.h"
#include "core/dg1_gfp.h"
#include "core/dg1_trace.h"
#include "gt/dg1_gt_rps.h"
#include "mem/dg1_kobj.h"
#include "mem/dg1_vm_types.h"
#include "mmio/dg1_forcewake.h"
#include "submit/dg1_context.h"
#include "submit/dg1_request.h"
#include "submit/dg1_execlists.h"
#include "submit/dg1_lrc.h"
#include "submit/dg1_ring.h"

#define DG1_CONTEXT_RING_SIZE	SZ_16K
/* More than a request's commands take (dg1_context_emit()). */
#define DG1_REQUEST_MAX_BYTES	192
static_assert((DG1_RING_REQUEST_DWORDS + DG1_RING_OAR_DWORDS +
	       DG1_CONTEXT_CMDS_MAX) * 4 <= DG1_REQUEST_MAX_BYTES);

/**
 * dg1_context_init() - allocate and initialise a context
 * @ce: the context
 * @dg1: the device
 * @engine: a present engine
 * @vm: the VM its batches run in; NULL for a kernel context that runs
 *	commands of its own only (dg1_context_run_cmds())
 * @prio: -1 low, 0 normal, 1 high
 *
 * The image is a copy of the engine's default one, restored whole at the
 * first load: the context starts from the engine state of probe, never
 * from what the last context on the engine left (i915 lrc_init_state()).
 * Two pages after it hold the context's workaround batches
 * (dg1_lrc_wa_init()).
 *
 * Context: process; may evict objects from LMEM.
 * Return: 0, or the error of an allocation.
 */
int dg1_context_init(struct dg1_context *ce, struct dg1_device *dg1,
		     enum dg1_hw_engine_id engine, struct dg1_vm *vm, int prio)
{
	struct dg1_hw_engine *e = &dg1->engines[engine];
	u32 size = dg1_lrc_size(e->info->class);
	struct dg1_lrc_params p = {
		.ring_size = DG1_CONTEXT_RING_SIZE,
		.pml4 = vm ? vm->pt.pml4->slot.addr : 0,
		.restore = !!e->default_state,
	};
	int ret;

	memset(ce, 0, sizeof(*ce));
	ce->dg1 = dg1;
	ce->engine = e;
	ce->prio = prio;
	ce->vm = vm;
	ce->fence_context = dma_fence_context_alloc(1);
	ce->owner_pid = task_tgid_nr(current);
	get_task_comm(ce->owner_comm, current);
	INIT_LIST_HEAD(&ce->queue_link);
	INIT_LIST_HEAD(&ce->requests);
	INIT_LIST_HEAD(&ce->active_link);

	ret = dg1_kobj_create(dg1, &ce->state, size + DG1_LRC_WA_SIZE,
			      "context");
	if (ret)
		return ret;
	ret = dg1_kobj_create(dg1, &ce->ring, DG1_CONTEXT_RING_SIZE, "ring");
	if (ret)
		goto err_state;

	if (e->default_state)
		memcpy_toio(ce->state.vaddr + DG1_LRC_STATE_OFFSET,
			    e->default_state, size - DG1_LRC_STATE_OFFSET);
	p.ring_ggtt = dg1_kobj_ggtt(&ce->ring);
	p.wa_ggtt = dg1_kobj_ggtt(&ce->state) + size;
	p.wa_bytes = dg1_lrc_wa_init(ce->state.vaddr + size, e->info->class,
				     dg1_kobj_ggtt(&ce->state));
	dg1_lrc_init(ce->state.vaddr + DG1_LRC_STATE_OFFSET, e->info->class,
		     e->info->mmio_base, &p);
	ce->desc = dg1_lrc_descriptor(dg1_kobj_ggtt(&ce->state), 0,
				      e->info->class, e->info->instance);
	/* Nothing valid to restore yet (i915 gt/intel_lrc.c). */
	ce->force_restore = true;
	return 0;

err_state:
	dg1_kobj_destroy(dg1, &ce->state);
	return ret;
}

/**
 * dg1_context_cancel() - end a context's work: nothing more of it runs
 * @ce: the context
 * @error: what its requests not yet done end with (negative)
 *
 * The context is banned from its engine. Requests the engine is not
 * running end at once; if it runs the context, the engine is reset off it
 * now, or as soon as the context reaches the head of the engine. Requests
 * made afterwards end with @error without running. Other contexts lose
 * nothing: the reset puts their work back.
 *
 * Context: process; may sleep in an engine reset.
 */
void dg1_context_cancel(struct dg1_context *ce, int error)
{
	struct dg1_hw_engine *e = ce->engine;
	bool evict;

	spin_lock_irq(&e->lock);
	evict = dg1_execlists_ban(e, ce, error);
	spin_unlock_irq(&e->lock);
	if (evict)
		dg1_execlists_reset(e, DG1_RESET_EVICT, NULL);
}

/* Switched out for good: the engine is done with the image. */
static bool dg1_context_off_engine(struct dg1_context *ce)
{
	return !READ_ONCE(ce->ports);
}

/**
 * dg1_context_wait_off_engine() - wait until the engine let go of the image
 * @ce: a context nothing submits to any more
 *
 * The engine saves the image when it switches the context out; after
 * this it is complete and the engine no longer writes it.
 *
 * Context: process; sleeps up to %DG1_CONTEXT_SWITCH_OUT_TIMEOUT.
 * Return: true once it is off the engine, false on a timeout.
 */
bool dg1_context_wait_off_engine(struct dg1_context *ce)
{
	struct dg1_hw_engine *e = ce->engine;
	unsigned long flags;

	if (!wait_event_timeout(e->ports_wq, dg1_context_off_engine(ce),
				DG1_CONTEXT_SWITCH_OUT_TIMEOUT))
		return false;
	/*
	 * The interrupt handler that took it off the ports goes on with it
	 * under the engine lock - it reads the image's seqno and ends a
	 * banned context's requests - after the count reads zero: the image
	 * may go only once that is done. Freed at once, the handler read it
	 * through a NULL mapping ("Bad IO access at port 0x100" in
	 * dg1_request_signal(), dg1_exec switch-out-after-destroy).
	 */
	spin_lock_irqsave(&e->lock, flags);
	spin_unlock_irqrestore(&e->lock, flags);
	return true;
}

/**
 * dg1_context_stop() - take a context off its engine for good
 * @ce: the context
 * @error: what its unfinished requests end with (negative); a first
 *	ban's error stays
 *
 * Returns once the engine no longer runs it: the engine is reset if the
 * context does not switch out in time. Nothing of it is submitted again.
 *
 * Context: process; sleeps up to %DG1_CONTEXT_SWITCH_OUT_TIMEOUT and a reset.
 */
void dg1_context_stop(struct dg1_context *ce, int error)
{
	struct dg1_hw_engine *e = ce->engine;

	dg1_context_cancel(ce, error);
	if (!dg1_context_wait_off_engine(ce)) {
		drm_dbg(&ce->dg1->drm, "%s: context not switched out, resetting\n",
			e->info->name);
		dg1_execlists_reset(e, DG1_RESET_REPLAY, NULL);
	}
}

/**
 * dg1_context_fini() - free a context once the engine is done with it
 * @ce: the context; nothing submits to it any more
 *
 * Work left is cancelled. The engine writes the image when it switches
 * the context out, which it reports after the last breadcrumb: the image
 * and ring are freed only once the context-switch event has been seen. An
 * engine that does not get there in time is reset.
 *
 * Context: process; sleeps.
 */
void dg1_context_fini(struct dg1_context *ce)
{
	dg1_context_stop(ce, -ECANCELED);
	dg1_kobj_destroy(ce->dg1, &ce->ring);
	dg1_kobj_destroy(ce->dg1, &ce->state);
}

/* GGTT address the breadcrumb writes the seqno to: its status page. */
static u32 dg1_context_seqno_addr(const struct dg1_context *ce)
{
	return dg1_kobj_ggtt(&ce->state) + DG1_REQUEST_SEQNO_OFFSET;
}

/*
 * Write the request's commands at ce->emit - @pre, then the batch @batch
 * unless @pre is given - and wrap first, padding the end with MI_NOOP, if
 * they would cross the end of the ring.
 */
static void dg1_context_emit(struct dg1_context *ce, struct dg1_request *rq,
			     u64 batch, const u32 *pre, unsigned int npre)
{
	u32 cmds[DG1_REQUEST_MAX_BYTES / 4];
	int oar = atomic_xchg(&ce->oar_change, DG1_CONTEXT_OAR_KEEP);
	enum dg1_engine_class class = ce->engine->info->class;
	u32 seqno_addr = dg1_context_seqno_addr(ce);
	unsigned int n = 0;

	if (oar != DG1_CONTEXT_OAR_KEEP)
		n = dg1_ring_emit_oar(cmds, ce->engine->info->mmio_base,
				      oar == DG1_CONTEXT_OAR_ENABLE);
	if (pre) {
		memcpy(cmds + n, pre, npre * 4);
		n += npre;
		n += dg1_ring_emit_breadcrumb(cmds + n, class, seqno_addr,
					      (u32)rq->fence.seqno);
	} else {
		n += dg1_ring_emit_request(cmds + n, class, batch, seqno_addr,
					   (u32)rq->fence.seqno);
	}
	if (ce->emit + n * 4 > DG1_CONTEXT_RING_SIZE) {
		memset_io(ce->ring.vaddr + ce->emit, 0,
			  DG1_CONTEXT_RING_SIZE - ce->emit);
		ce->emit = 0;
	}
	rq->head = ce->emit;
	memcpy_toio(ce->ring.vaddr + ce->emit, cmds, n * 4);
	ce->emit = (ce->emit + n * 4) % DG1_CONTEXT_RING_SIZE;
	rq->tail = ce->emit;
}

/**
 * dg1_context_pin_hw_id() - give a context the pinned hardware id or not
 * @ce: the context
 * @pin: from its next submission on, %DG1_CONTEXT_HW_ID_PINNED; else an
 *	id of the engine's pool
 *
 * OA reports name the running context by its id; a stream that watches
 * one context gives it the one id no other context takes (i915 reserves
 * GEN12_MAX_CONTEXT_HW_ID - 1 for it, i915_perf.c). One context per engine
 * at a time.
 */
void dg1_context_pin_hw_id(struct dg1_context *ce, bool pin)
{
	spin_lock_irq(&ce->engine->lock);
	ce->hw_id_pinned = pin;
	spin_unlock_irq(&ce->engine->lock);
}

/**
 * dg1_context_set_oar() - switch OAR counting for a render context
 * @ce: a render context
 * @enable: on or off
 *
 * Applied by the context itself, ahead of its next request
 * (dg1_ring_emit_oar()); until then it counts as before.
 */
void dg1_context_set_oar(struct dg1_context *ce, bool enable)
{
	atomic_set(&ce->oar_change, enable ? DG1_CONTEXT_OAR_ENABLE :
					     DG1_CONTEXT_OAR_DISABLE);
}

/* Emit a batch (or @pre) and hand it to the engine: dg1_context_run(). */
static struct dma_fence *dg1_context_submit(struct dg1_context *ce,
					    struct dg1_request *rq, u64 batch,
					    const u32 *pre, unsigned int npre)
{
	struct dg1_hw_engine *e = ce->engine;
	unsigned long flags;
	int error;

	error = READ_ONCE(ce->banned);
	if (!error) {
		rq->fw_held = !dg1_force_wake_get(&ce->dg1->uncore.fw,
						  e->fw_domain);
		dg1_context_emit(ce, rq, batch, pre, npre);
		/* The commands land in LMEM before the engine can see the tail. */
		wmb();
	}

	/* The caller's reference, before the engine can signal and put it. */
	dma_fence_get(&rq->fence);
	spin_lock_irqsave(&e->lock, flags);
	error = error ?: ce->banned ?: (e->unusable ? -EIO : 0);
	if (!error) {
		rq->ce = ce;
		/* The engine's reference, put when it is retired. */
		dma_fence_get(&rq->fence);
		if (list_empty(&ce->requests))
			list_add_tail(&ce->active_link, &e->active);
		list_add_tail(&rq->link, &ce->requests);
		/* In flight until retired: the GT runs at speed meanwhile. */
		dg1_gt_rps_busy(&ce->dg1->gt);
		ce->tail = rq->tail;
		dg1_execlists_queue(e, ce);
	}
	spin_unlock_irqrestore(&e->lock, flags);

	if (error) {
		if (rq->fw_held)
			dg1_force_wake_put(&ce->dg1->uncore.fw, e->fw_domain);
		rq->fw_held = false;
		dg1_request_cancel(rq, error);
	}
	return &rq->fence;
}

/**
 * dg1_context_run() - emit a batch and hand it to the engine
 * @ce: the context
 * @rq: initialised (dg1_request_init()); the caller keeps its reference
 * @batch: GPU address of the batch in the context's VM
 *
 * Called by the queue's scheduler thread, or by the EXEC ioctl when no
 * job of the queue waits for that thread (dg1_exec_submit_now()): never
 * by both at once. The request holds the engine's power domain until it
 * is signalled. On a banned context, or an engine that is out of use, the
 * request ends at once with an error.
 *
 * Context: process; may sleep while the engine's domain wakes.
 * Return: the request's fence (a reference for the caller).
 */
struct dma_fence *dg1_context_run(struct dg1_context *ce,
				  struct dg1_request *rq, u64 batch)
{
	return dg1_context_submit(ce, rq, batch, NULL, 0);
}

/**
 * dg1_context_run_cmds() - run the kernel's own commands on a context
 * @ce: a kernel context (no VM)
 * @rq: initialised (dg1_request_init()); the caller keeps its reference
 * @cmds: commands, run privileged from the ring, an even number of dwords
 * @n: how many, at most %DG1_CONTEXT_CMDS_MAX
 *
 * As dg1_context_run(), with @cmds in place of a batch.
 *
 * Context: process; may sleep while the engine's domain wakes.
 * Return: the request's fence (a reference for the caller).
 */
struct dma_fence *dg1_context_run_cmds(struct dg1_context *ce,
				       struct dg1_request *rq,
				       const u32 *cmds, unsigned int n)
{
	if (WARN_ON(n > DG1_CONTEXT_CMDS_MAX || n % 2))
		n = 0;
	return dg1_context_submit(ce, rq, 0, cmds, n);
}

/**
 * dg1_context_runtime_ns() - how long the context has run
 * @ce: the context
 *
 * Return: nanoseconds, from the CS timestamp frequency.
 */
u64 dg1_context_runtime_ns(struct dg1_context *ce)
{
	u32 hz = ce->dg1->gt.clock_frequency;
	unsigned long flags;
	u64 ticks;

	spin_lock_irqsave(&ce->engine->lock, flags);
	ticks = ce->runtime_ticks;
	spin_unlock_irqrestore(&ce->engine->lock, flags);
	return hz ? mul_u64_u32_div(ticks, NSEC_PER_SEC, hz) : 0;
}

/**
 * dg1_context_check_hang() - a job of the context timed out: hung, or only
 * waiting?
 * @ce: the context
 * @timeout: jiffies
 *
 * A job that times out while its context waits for the engine (behind
 * other contexts or their time slices) is not hung: only one whose
 * request has had the engine for @timeout in all without completing is.
 * Such a context is reset off the engine, its request failing with -EIO:
 * at once if it is at the head of the engine, else when it gets there.
 *
 * Context: process (the scheduler's timeout worker); may sleep.
 * Return: true if it is hung.
 */
bool dg1_context_check_hang(struct dg1_context *ce, unsigned long timeout)
{
	struct dg1_hw_engine *e = ce->engine;
	bool hung;

	spin_lock_irq(&e->lock);
	hung = dg1_execlists_engine_time(e, ce) >= timeout;
	if (hung)
		ce->overdue = true;
	spin_unlock_irq(&e->lock);
	if (hung)
		dg1_execlists_reset(e, DG1_RESET_EVICT, NULL);
	return hung;
}

