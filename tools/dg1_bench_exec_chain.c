// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_exec chain: a multi-engine pipeline, the shape of gem_wsim's
 * media-transcode workloads (a decode on VCS, processing on RCS depending
 * on it, an enhancement on VECS depending on that, the last one waited
 * for) with empty batches, so that what is measured is the driver's
 * handling of cross-engine dependencies and not the batches. i915 cannot
 * run gem_wsim or gem_latency on DG1 (both relocate their batches, which
 * i915 refuses from Gen12 on, i915_gem_execbuffer.c eb_validate_vma(),
 * and map them with the legacy mmap ioctl it refuses on discrete parts),
 * so i915_bench_exec runs the same chain on i915 (issue 25, item 6).
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "dg1_bench_exec.h"

#define CHAIN_NS	(2 * DG1_NSEC_PER_SEC)

static const uint16_t chain_classes[] = {
	DRM_DG1_ENGINE_CLASS_VIDEO_DECODE,
	DRM_DG1_ENGINE_CLASS_RENDER,
	DRM_DG1_ENGINE_CLASS_VIDEO_ENHANCE,
};
#define CHAIN_STEPS	(sizeof(chain_classes) / sizeof(chain_classes[0]))

/* The batch on @q, after @in (0: nothing), signalling @out. */
static int exec_after(struct bench *b, uint32_t q, uint32_t in, uint32_t out)
{
	struct drm_dg1_sync s[2] = {
		{ .type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
		  .flags = DRM_DG1_SYNC_FLAG_SIGNAL, .handle = out },
		{ .type = DRM_DG1_SYNC_TYPE_SYNCOBJ, .handle = in },
	};
	struct drm_dg1_exec x = {
		.exec_queue_id = q, .batch_address = BATCH_VA,
		.num_syncs = in ? 2 : 1, .syncs = (uintptr_t)s,
	};

	return dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_EXEC, &x) ? -errno : 0;
}

/*
 * For 2 s after a 1 s pause: chains of vcs0 -> rcs0 -> vecs0, each step
 * waiting for the one before through a syncobj, the last waited for
 * without a timeout. Microseconds per chain, chains per second, context
 * switches per chain on every CPU.
 */
int bench_chain(struct bench *b)
{
	uint32_t q[CHAIN_STEPS] = { 0 }, so[CHAIN_STEPS] = { 0 };
	uint64_t t0 = 0, t = 0, n = 0;
	long long cs0 = -1, cs1 = -1;
	unsigned int i, e;
	int err = 0;

	for (i = 0; i < CHAIN_STEPS && !err; i++) {
		for (e = 0; e < b->num_engines; e++)
			if (b->engines[e].engine_class == chain_classes[i])
				break;
		if (e == b->num_engines) {
			printf("%s: chain: no engine of class %u: not run\n",
			       prog, chain_classes[i]);
			err = -ENODEV;
			break;
		}
		so[i] = syncobj(b->fd);
		err = so[i] ? queue(b, e, &q[i]) : -ENOMEM;
	}
	if (!err) {
		bench_pause(b, DG1_NSEC_PER_SEC);
		cs0 = dg1_context_switches();
		t0 = dg1_now_ns();
		do {
			for (i = 0; i < CHAIN_STEPS && !err; i++)
				err = exec_after(b, q[i], i ? so[i - 1] : 0, so[i]);
			err = err ?: syncobj_wait_for(b->fd, so[CHAIN_STEPS - 1], 0);
			n++;
			t = dg1_now_ns();
		} while (!err && t - t0 < bench_ns(b, CHAIN_NS));
		cs1 = dg1_context_switches();
	}
	for (i = 0; i < CHAIN_STEPS; i++) {
		if (q[i])
			queue_put(b, q[i]);
		if (so[i])
			syncobj_put(b->fd, so[i]);
	}
	if (err == -ENODEV)
		return 0;
	if (err)
		return fail("chain", err);
	dg1_chain_figures("chain", t - t0, n, cs0, cs1);
	return 0;
}
