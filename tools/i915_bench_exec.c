// SPDX-License-Identifier: GPL-2.0
/*
 * i915_bench_exec - i915's half of dg1_bench_exec's loop, fence and chain parts,
 * measured the same way on the same vdg1 (Documentation/i915-comparison.rst,
 * issue 25): where gem_exec_nop can only be timed from outside, this loop
 * counts what the comparison needs per exec.
 *
 *   i915_bench_exec [-t SECONDS]
 *
 * On the first render node whose driver is i915, from its default context
 * on the copy engine (I915_EXEC_BLT, as gem_exec_nop -e bcs), an empty
 * batch in system memory:
 *  loop   after a 1 s pause, SECONDS (default 2) of execs not waited for,
 *         then of execs each waited for: the EXEC signals one syncobj
 *         (I915_EXEC_FENCE_ARRAY), waited for without a timeout - the same
 *         two ioctls as dg1_bench_exec's waited loop. Microseconds per exec,
 *         execs per second, context switches per exec on every CPU.
 *  fence  exec to fence signalled with a syncobj created and destroyed per
 *         exec, as dg1_bench_exec's fence part (200 of them).
 *  chain  dg1_bench_exec's chain for SECONDS: vcs0 -> rcs0 -> vecs0, each
 *         after the one before through a syncobj, the last waited for
 *         (gem_wsim's media-transcode shape, which gem_wsim itself cannot
 *         run on DG1: it relocates, refused by i915 from Gen12 on).
 *
 * Figures are "bench: i915 <part>: <what>: <number>" lines. Exit status: 0
 * measured, 1 no i915 node or an ioctl failed, 2 bad arguments.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm.h>
#include <i915_drm.h>

#include "dg1_bench.h"
#include "dg1_dev.h"

#define MI_BATCH_BUFFER_END	(0x0a << 23)
#define FENCE_EXECS		200

static const char *prog;

static int xioctl(int fd, unsigned long req, void *arg)
{
	int ret;

	do {
		ret = ioctl(fd, req, arg);
	} while (ret == -1 && (errno == EINTR || errno == EAGAIN));
	return ret ? -errno : 0;
}

static int fail(const char *what, int err)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(-err));
	return 1;
}

/* An empty batch: a page, MI_BATCH_BUFFER_END first. */
static int batch_create(int fd, uint32_t *handle)
{
	struct drm_i915_gem_create c = { .size = 4096 };
	struct drm_i915_gem_mmap_offset o = { .flags = I915_MMAP_OFFSET_FIXED };
	uint32_t *p;
	int err;

	err = xioctl(fd, DRM_IOCTL_I915_GEM_CREATE, &c);
	if (err)
		return err;
	o.handle = c.handle;
	err = xioctl(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &o);
	if (err)
		return err;
	p = mmap(NULL, 4096, PROT_WRITE, MAP_SHARED, fd, o.offset);
	if (p == MAP_FAILED)
		return -errno;
	p[0] = MI_BATCH_BUFFER_END;
	p[1] = 0;
	munmap(p, 4096);
	*handle = c.handle;
	return 0;
}

static uint32_t syncobj(int fd)
{
	struct drm_syncobj_create c = { 0 };

	return xioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c) ? 0 : c.handle;
}

static void syncobj_put(int fd, uint32_t h)
{
	struct drm_syncobj_destroy d = { .handle = h };

	xioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d);
}

/* Without a timeout, as dg1_bench_exec's waited loop. */
static int syncobj_wait(int fd, uint32_t h)
{
	struct drm_syncobj_wait w = {
		.handles = (uintptr_t)&h, .count_handles = 1,
		.timeout_nsec = INT64_MAX,
	};

	return xioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
}

/*
 * The batch on @engine (I915_EXEC_BLT, ...), after @in (0: nothing);
 * @out (0: none) signalled when done.
 */
static int exec_on(int fd, uint32_t batch, uint64_t engine, uint32_t in,
		   uint32_t out)
{
	struct drm_i915_gem_exec_object2 obj = { .handle = batch };
	struct drm_i915_gem_exec_fence f[2] = {
		{ .handle = out, .flags = I915_EXEC_FENCE_SIGNAL },
		{ .handle = in, .flags = I915_EXEC_FENCE_WAIT },
	};
	struct drm_i915_gem_execbuffer2 x = {
		.buffers_ptr = (uintptr_t)&obj, .buffer_count = 1,
		.batch_len = 8, .flags = engine,
	};

	if (out) {
		x.flags |= I915_EXEC_FENCE_ARRAY;
		x.cliprects_ptr = (uintptr_t)f;
		x.num_cliprects = in ? 2 : 1;
	}
	return xioctl(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2, &x);
}

static int exec(int fd, uint32_t batch, uint32_t out)
{
	return exec_on(fd, batch, I915_EXEC_BLT, 0, out);
}

/* dg1_bench_exec's loop_for(), on i915. */
static int loop_for(int fd, uint32_t batch, bool waited, double seconds,
		    double *us, double *switches)
{
	uint64_t t0, t, n = 0, len = (uint64_t)(seconds * DG1_NSEC_PER_SEC);
	uint32_t so = syncobj(fd);
	long long cs0, cs1;
	int err = so ? 0 : -ENOMEM;

	sleep(1);
	cs0 = dg1_context_switches();
	t0 = dg1_now_ns();
	do {
		err = err ?: exec(fd, batch, waited ? so : 0);
		if (!err && waited)
			err = syncobj_wait(fd, so);
		n++;
		t = dg1_now_ns();
	} while (!err && t - t0 < len);
	cs1 = dg1_context_switches();
	if (!err && !waited)
		err = exec(fd, batch, so) ?: syncobj_wait(fd, so);
	syncobj_put(fd, so);
	*us = (double)(t - t0) / n / 1000;
	*switches = cs0 >= 0 && cs1 >= cs0 ? (double)(cs1 - cs0) / n : -1;
	return err;
}

static int bench_loop(int fd, uint32_t batch, double seconds)
{
	static const char *const what[] = { "not waited", "each waited" };
	double us, switches;
	int i, err;

	for (i = 0; i < 2; i++) {
		err = loop_for(fd, batch, i, seconds, &us, &switches);
		if (err)
			return fail("EXECBUFFER2 loop", err);
		dg1_loop_figures("i915 loop", what[i], us, switches);
	}
	return 0;
}

static int bench_fence(int fd, uint32_t batch)
{
	uint64_t t = dg1_now_ns();
	uint32_t so;
	int i, err = 0;

	for (i = 0; i < FENCE_EXECS && !err; i++) {
		so = syncobj(fd);
		err = so ? exec(fd, batch, so) ?: syncobj_wait(fd, so) : -ENOMEM;
		syncobj_put(fd, so);
	}
	if (err)
		return fail("EXECBUFFER2 with a fence", err);
	dg1_figuref((double)(dg1_now_ns() - t) / FENCE_EXECS / 1000,
		    "i915 fence: exec to fence signalled, us");
	return 0;
}

/* dg1_bench_exec_chain.c's chain: vcs0 -> rcs0 -> vecs0, on i915. */
static int bench_chain(int fd, uint32_t batch, double seconds)
{
	static const uint64_t engines[] = {
		I915_EXEC_BSD | I915_EXEC_BSD_RING1, I915_EXEC_RENDER,
		I915_EXEC_VEBOX,
	};
	uint64_t t0, t, n = 0, len = (uint64_t)(seconds * DG1_NSEC_PER_SEC);
	uint32_t so[3];
	long long cs0, cs1;
	int i, err = 0;

	for (i = 0; i < 3; i++) {
		so[i] = syncobj(fd);
		if (!so[i])
			err = -ENOMEM;
	}
	sleep(1);
	cs0 = dg1_context_switches();
	t0 = dg1_now_ns();
	do {
		for (i = 0; i < 3 && !err; i++)
			err = exec_on(fd, batch, engines[i], i ? so[i - 1] : 0,
				      so[i]);
		err = err ?: syncobj_wait(fd, so[2]);
		n++;
		t = dg1_now_ns();
	} while (!err && t - t0 < len);
	cs1 = dg1_context_switches();
	for (i = 0; i < 3; i++)
		syncobj_put(fd, so[i]);
	if (err)
		return fail("EXECBUFFER2 chain", err);
	dg1_chain_figures("i915 chain", t - t0, n, cs0, cs1);
	return 0;
}

int main(int argc, char **argv)
{
	double seconds = 2;
	unsigned long v;
	uint32_t batch = 0;
	int c, fd, err;

	static const struct option opts[] = {
		{ "time", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};

	prog = argv[0];
	while ((c = getopt_long(argc, argv, "t:h", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			if (dg1_parse_ulong(optarg, 1, 60, &v))
				return 2;
			seconds = v;
			break;
		case 'h':
			printf("Usage: %s [-t SECONDS]\n"
			       "dg1_bench_exec's loop, fence and chain parts on i915: us and context\n"
			       "switches per exec on bcs0, not waited and each waited, exec to fence\n"
			       "signalled, and a vcs0 -> rcs0 -> vecs0 chain.\n",
			       prog);
			return 0;
		default:
			return 2;
		}
	}
	fd = dg1dev_open_driver("i915", true, NULL, 0);
	if (fd < 0)
		return fail("no i915 render node", fd);
	err = batch_create(fd, &batch);
	if (err)
		return fail("the batch", err);
	err = bench_loop(fd, batch, seconds) | bench_fence(fd, batch) |
	      bench_chain(fd, batch, seconds);
	close(fd);
	return err;
}
