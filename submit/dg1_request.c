// SPDX-License-Identifier: GPL-2.0
/*
 * Requests: one batch on a context, as the engine sees it, and its fence.
 *
 * The layer under execlists (Documentation/index.rst, "Layers"): a request
 * is made (alloc, init) by the exec queue, handed to its context by
 * dg1_context_run(), and retired here - signalled from its breadcrumb, or
 * ended with an error by a reset or a ban - from the execlists interrupt
 * path, which so never calls the context code above it. Retiring also
 * does the bookkeeping the context keeps for it: the list of requests not
 * yet signalled, the time at the head of the engine, the run time read
 * from the image at each switch-out.
 */

#include <linux/dma-fence.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>

#include "core/dg1_device_types.h"
#include "core/dg1_fence.h"
#include "core/dg1_gfp.h"
#include "core/dg1_trace.h"
#include "gt/dg1_gt_rps.h"
#include "mmio/dg1_forcewake.h"
#include "submit/dg1_lrc.h"
#include "submit/dg1_request.h"

static const char *dg1_request_driver_name(struct dma_fence *fence)
{
	return "dg1";
}

/* From the static engine table: the fence may outlive its context. */
static const char *dg1_request_timeline_name(struct dma_fence *fence)
{
	struct dg1_request *rq = container_of(fence, struct dg1_request,
					      fence);

	return rq->info->name;
}

static const struct dma_fence_ops dg1_request_fence_ops = {
	.get_driver_name = dg1_request_driver_name,
	.get_timeline_name = dg1_request_timeline_name,
};

/*
 * The fence's ops have no release: its last put frees the request through
 * dma_fence_free(), so the fence must start the allocation. EXEC allocates
 * its job behind the request on this rule (struct dg1_exec_rq).
 */
static_assert(offsetof(struct dg1_request, fence) == 0);

/**
 * dg1_request_alloc() - a request, before it has a fence
 *
 * Allocated before the request is submitted, so that nothing allocates on
 * the way to the hardware; charged to the caller's memory cgroup
 * (DG1_GFP_USER). EXEC allocates its request together with its job.
 *
 * Return: the request, or NULL.
 */
struct dg1_request *dg1_request_alloc(void)
{
	return kzalloc(sizeof(struct dg1_request), DG1_GFP_USER);
}

/**
 * dg1_request_free() - free a request that never got its fence
 * @rq: from dg1_request_alloc(), or NULL
 *
 * Once dg1_request_init() ran, the fence owns the request: put the fence.
 */
void dg1_request_free(struct dg1_request *rq)
{
	kfree(rq);
}

/**
 * dg1_request_init() - give a request its fence, the context's next
 * @rq: from dg1_request_alloc()
 * @ce: the context it will run on
 *
 * The fence may be handed out at once. Its seqno orders it on the
 * context's timeline, so requests must be made in the order they are
 * submitted: the caller serialises them (its queue's submission lock).
 */
void dg1_request_init(struct dg1_request *rq, struct dg1_context *ce)
{
	spin_lock_init(&rq->lock);
	rq->info = ce->engine->info;
	dma_fence_init(&rq->fence, &dg1_request_fence_ops, &rq->lock,
		       ce->fence_context, ++ce->seqno);
}

/**
 * dg1_request_cancel() - end a request that never reached its context
 * @rq: initialised (dg1_request_init()), not handed to dg1_context_run()
 * @error: what its fence ends with (negative)
 *
 * Nothing if the fence has signalled already.
 */
void dg1_request_cancel(struct dg1_request *rq, int error)
{
	dg1_fence_end(&rq->fence, error);
}

/*
 * A request let go of the engine's domain. While the engine is busy the
 * reference is kept until the CSB says it went idle (execlists drops it
 * then); the engine lock is held.
 */
static void dg1_request_release_fw(struct dg1_hw_engine *e)
{
	if (!(e->inflight[0] || e->pending[0])) {
		dg1_force_wake_put(&e->dg1->uncore.fw, e->fw_domain);
		return;
	}
	/* The device stays in D0 until the engine idles (its job may go). */
	if (!e->fw_idle_refs++)
		pm_runtime_get_noresume(e->dg1->drm.dev);
}

/* Signal @rq with @error (0 for success); the engine lock is held. */
static void dg1_request_retire(struct dg1_context *ce, struct dg1_request *rq,
			       int error)
{
	struct dg1_hw_engine *e = ce->engine;

	list_del(&rq->link);
	dg1_gt_rps_idle(&e->dg1->gt);
	if (list_empty(&ce->requests))
		list_del_init(&ce->active_link);
	/* The next request's engine time starts now. */
	ce->busy = 0;
	ce->head_since = jiffies;
	if (error)
		dma_fence_set_error(&rq->fence, error);
	trace_dg1_request_signal(e->dg1->drm.primary->index, e->id,
				 rq->fence.context, rq->fence.seqno, error);
	dma_fence_signal(&rq->fence);
	if (rq->fw_held)
		dg1_request_release_fw(e);
	dma_fence_put(&rq->fence);
}

/**
 * dg1_request_account() - add the time the context ran since last time
 * @ce: a context the engine just switched out (its image saved)
 *
 * CTX_TIMESTAMP (image DW 0x23) counts CS timestamp ticks while the
 * context runs and wraps at 32 bits; deltas taken at each switch-out
 * never miss a wrap (i915 gt/intel_lrc.c does the same).
 *
 * Context: the engine lock held.
 */
void dg1_request_account(struct dg1_context *ce)
{
	u32 now = dg1_lrc_get_ctx_timestamp(ce->state.vaddr +
					    DG1_LRC_STATE_OFFSET);

	ce->runtime_ticks += (u32)(now - ce->last_ts);
	ce->last_ts = now;
}

/**
 * dg1_request_signal() - signal the requests whose breadcrumb landed
 * @ce: a context with requests outstanding
 *
 * Context: the engine lock held (interrupt handler or reset).
 */
void dg1_request_signal(struct dg1_context *ce)
{
	u32 seqno = ioread32(ce->state.vaddr + DG1_REQUEST_SEQNO_OFFSET);
	struct dg1_request *rq, *next;

	list_for_each_entry_safe(rq, next, &ce->requests, link) {
		if ((s32)((u32)rq->fence.seqno - seqno) > 0)
			break;
		dg1_request_retire(ce, rq, 0);
	}
}

/**
 * dg1_request_skip() - fail a request a reset stopped
 * @ce: its context
 * @rq: the request the engine was running
 *
 * Its fence signals with -EIO; the context goes on after its commands.
 *
 * Context: the engine lock held.
 */
void dg1_request_skip(struct dg1_context *ce, struct dg1_request *rq)
{
	dg1_lrc_set_head(ce->state.vaddr + DG1_LRC_STATE_OFFSET, rq->tail);
	ce->force_restore = true;
	dg1_request_retire(ce, rq, -EIO);
}

/**
 * dg1_request_end_all() - end every request of a context the engine
 * does not run
 * @ce: the context, off the engine (or the engine reset)
 * @error: what the requests not done end with (negative)
 *
 * Requests whose breadcrumb landed end well.
 *
 * Context: the engine lock held.
 */
void dg1_request_end_all(struct dg1_context *ce, int error)
{
	struct dg1_request *rq, *next;

	dg1_request_signal(ce);
	list_for_each_entry_safe(rq, next, &ce->requests, link)
		dg1_request_retire(ce, rq, error);
}
