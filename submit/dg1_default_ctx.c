// SPDX-License-Identifier: GPL-2.0
/*
 * Default ("golden") context images, one per engine, recorded at probe.
 *
 * A restore-inhibited load does not restore the engine context, so the
 * engine keeps what the last context left: GPRs, predicates, state
 * registers. A new context loaded that way would read the previous
 * client's values, and would lack the context workarounds. So, as i915
 * does (gt/intel_gt.c __engines_record_defaults(), lrc_init_state()), each
 * engine runs one kernel context right after probe's GT reset, restore
 * inhibited, which writes the context workarounds by LRI
 * (gt/dg1_engine_workarounds.c); the image the engine saves when it
 * switches that context out is kept, and every new context starts as a
 * copy of it, loaded with the restore no longer inhibited.
 */

#include <linux/dma-fence.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "core/dg1_device_types.h"
#include "gt/dg1_engine_workarounds.h"
#include "mem/dg1_kobj.h"
#include "regs/dg1_gpu_commands.h"
#include "submit/dg1_context.h"
#include "submit/dg1_default_ctx.h"
#include "submit/dg1_lrc.h"
#include "submit/dg1_request.h"

/* How long the recording request may take: one switch-in and out. */
#define DG1_DEFAULT_CTX_TIMEOUT	(5 * HZ)

static_assert(DG1_ENGINE_CTX_WA_DWORDS <= DG1_CONTEXT_CMDS_MAX);

/* Run the context workarounds on @ce and wait until its image is saved. */
static int dg1_default_ctx_run(struct dg1_context *ce)
{
	u32 cmds[DG1_ENGINE_CTX_WA_DWORDS + 2];
	struct dg1_request *rq;
	struct dma_fence *fence;
	unsigned int n;
	long left;
	int ret;

	n = dg1_engine_ctx_workarounds_emit(ce->engine->id, cmds);
	if (!n) {
		/* Something to run: the save needs a load. */
		cmds[0] = MI_NOOP;
		cmds[1] = MI_NOOP;
		n = 2;
	}
	rq = dg1_request_alloc();
	if (!rq)
		return -ENOMEM;
	dg1_request_init(rq, ce);
	fence = dg1_context_run_cmds(ce, rq, cmds, n);
	left = dma_fence_wait_timeout(fence, false, DG1_DEFAULT_CTX_TIMEOUT);
	ret = left < 0 ? left : !left ? -ETIMEDOUT : fence->error;
	/* The fence dg1_context_run_cmds() returned, then the request's own. */
	dma_fence_put(fence);
	dma_fence_put(&rq->fence);
	if (ret)
		return ret;
	return dg1_context_wait_off_engine(ce) ? 0 : -ETIMEDOUT;
}

/* Record @e's default image into e->default_state. */
static int dg1_default_ctx_record(struct dg1_hw_engine *e)
{
	struct dg1_device *dg1 = e->dg1;
	size_t size = dg1_lrc_size(e->info->class) - DG1_LRC_STATE_OFFSET;
	struct dg1_context ce;
	void *state;
	int ret;

	state = drmm_kmalloc(&dg1->drm, size, GFP_KERNEL);
	if (!state)
		return -ENOMEM;
	ret = dg1_context_init(&ce, dg1, e->id, NULL, 0);
	if (ret)
		return ret;
	ret = dg1_default_ctx_run(&ce);
	if (!ret)
		memcpy_fromio(state, ce.state.vaddr + DG1_LRC_STATE_OFFSET,
			      size);
	dg1_context_fini(&ce);
	if (!ret)
		e->default_state = state;
	return ret;
}

/**
 * dg1_default_ctx_init() - record every usable engine's default image
 * @dg1: the device, its engines in execlists mode and interrupts on
 *
 * An engine whose recording fails is put out of use: a context without
 * the default image would start from its predecessor's state.
 *
 * Context: process; sleeps while the engines run.
 * Return: 0, or -ENOMEM.
 */
int dg1_default_ctx_init(struct dg1_device *dg1)
{
	unsigned long mask = dg1->gt.engine_mask;
	unsigned int id;
	int ret;

	for_each_set_bit(id, &mask, DG1_HW_ENGINE_ID_COUNT) {
		struct dg1_hw_engine *e = &dg1->engines[id];

		if (e->unusable)
			continue;
		ret = dg1_default_ctx_record(e);
		if (ret == -ENOMEM)
			return ret;
		if (ret) {
			drm_err(&dg1->drm, "%s: no default context image (%d): not used\n",
				e->info->name, ret);
			e->unusable = true;
		}
	}
	return 0;
}
