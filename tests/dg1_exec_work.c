// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_exec_work.c - dg1_exec's subtests that run real work: blits, chains
 * of syncobjs across engines, many submissions, two processes at once,
 * preemption, and the failures an engine recovers from (an unknown
 * command, a batch that never ends, a page fault).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_gem.h"
#include "dg1_exec.h"

static int find_engine(uint16_t class)
{
	unsigned int i;

	for (i = 0; i < dut.num_engines; i++)
		if (dut.engines[i].engine_class == class)
			return (int)i;
	return -1;
}

/* XY_FAST_COLOR_BLT of @w x @h 32-bit pixels, pitch 4096 bytes. */
static uint32_t *emit_fill(uint32_t *cs, uint64_t dst, uint32_t w, uint32_t h,
			   uint32_t color)
{
	*cs++ = XY_FAST_COLOR_BLT_32;
	*cs++ = 4096 - 1;
	*cs++ = 0;
	*cs++ = h << 16 | w;
	*cs++ = (uint32_t)dst;
	*cs++ = (uint32_t)(dst >> 32);
	*cs++ = 0;
	*cs++ = color;
	*cs++ = 0;
	*cs++ = 0;
	*cs++ = 0;
	return cs;
}

/* XY_FAST_COPY_BLT of @w x @h 32-bit pixels, both pitches 4096 bytes. */
static uint32_t *emit_copy(uint32_t *cs, uint64_t dst, uint64_t src,
			   uint32_t w, uint32_t h)
{
	*cs++ = XY_FAST_COPY_BLT;
	*cs++ = XY_FAST_COPY_DEPTH_32 | 4096;
	*cs++ = 0;
	*cs++ = h << 16 | w;
	*cs++ = (uint32_t)dst;
	*cs++ = (uint32_t)(dst >> 32);
	*cs++ = 0;
	*cs++ = 4096;
	*cs++ = (uint32_t)src;
	*cs++ = (uint32_t)(src >> 32);
	return cs;
}

static void snapshot(bool lmem, uint32_t *out)
{
	uint64_t i;

	for (i = 0; i < DATA_SIZE / 4; i++)
		out[i] = data_get(lmem, 4 * i);
}

/*
 * Fill a random rectangle of one region, copy it to the other; the CPU
 * computes what both must hold and compares every dword.
 */
void test_fill_copy(void)
{
	uint32_t *want_a = malloc(DATA_SIZE), *want_b = malloc(DATA_SIZE);
	unsigned int seed = (unsigned int)time(NULL), round;
	int bcs = find_engine(DRM_DG1_ENGINE_CLASS_COPY);
	uint32_t q;

	igt_assert(want_a && want_b);
	igt_assert_f(bcs >= 0, "no copy engine");
	igt_info("seed %u\n", seed);
	srand(seed);
	ctx_open();
	q = queue_create(dut.fd, ex.vm, &dut.engines[bcs], 0);
	for (round = 0; round < 8; round++) {
		bool a_lmem = round & 1;
		uint64_t a = a_lmem ? LMEM_VA : SMEM_VA;
		uint64_t b = a_lmem ? SMEM_VA : LMEM_VA;
		uint32_t w = 1 + rand() % 1024, h = 1 + rand() % 16;
		uint32_t color = (uint32_t)rand() | 1, *cs, so, x, y;

		snapshot(a_lmem, want_a);
		snapshot(!a_lmem, want_b);
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++) {
				want_a[y * 1024 + x] = color;
				want_b[y * 1024 + x] = color;
			}
		cs = emit_fill(batch_at(0), a, w, h, color);
		cs = emit_copy(cs, b, a, w, h);
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
		so = exec_out(dut.fd, q, BATCH_VA);
		wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
		igt_assert_eq(fence_status(dut.fd, so), 1);
		syncobj_destroy(dut.fd, so);
		for (x = 0; x < DATA_SIZE / 4; x++) {
			igt_assert_f(data_get(a_lmem, 4 * x) == want_a[x],
				     "round %u (%ux%u, %s): fill: dword %u is 0x%08x, want 0x%08x",
				     round, w, h, a_lmem ? "lmem" : "smem", x,
				     data_get(a_lmem, 4 * x), want_a[x]);
			igt_assert_f(data_get(!a_lmem, 4 * x) == want_b[x],
				     "round %u (%ux%u): copy: dword %u is 0x%08x, want 0x%08x",
				     round, w, h, x, data_get(!a_lmem, 4 * x),
				     want_b[x]);
		}
	}
	queue_destroy(dut.fd, q);
	ctx_close();
	free(want_a);
	free(want_b);
}

/*
 * Engine i stores i + 1 once engine i - 1's store is visible (its batch
 * checks with a semaphore wait that would spin forever out of order),
 * each waiting on the previous one's out-syncobj: binary syncobjs, then
 * one timeline with a point per engine.
 */
static void chain(bool timeline)
{
	uint32_t q[DG1DEV_MAX_ENGINES], so[DG1DEV_MAX_ENGINES] = { 0 }, tl = 0;
	unsigned int i;

	ctx_open();
	if (timeline)
		tl = syncobj_create(dut.fd, 0);
	for (i = 0; i < dut.num_engines; i++) {
		struct drm_dg1_sync s[2] = { 0 };
		uint32_t *cs = batch_at(0x200 * i), n = 0;
		int err;

		q[i] = queue_create(dut.fd, ex.vm, &dut.engines[i], 0);
		if (i) {
			*cs++ = MI_SEMAPHORE_WAIT_EQ;
			*cs++ = i;
			*cs++ = (uint32_t)(SMEM_VA + 4 * (i - 1));
			*cs++ = 0;
		}
		cs = emit_sdi(cs, SMEM_VA + 4 * i, i + 1);
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
		data_put(false, 4 * i, 0);
		if (i) {
			s[n].type = timeline ? DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ :
					       DRM_DG1_SYNC_TYPE_SYNCOBJ;
			s[n].handle = timeline ? tl : so[i - 1];
			s[n].timeline_value = timeline ? i : 0;
			n++;
		}
		so[i] = timeline ? tl : syncobj_create(dut.fd, 0);
		s[n].type = timeline ? DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ :
				       DRM_DG1_SYNC_TYPE_SYNCOBJ;
		s[n].flags = DRM_DG1_SYNC_FLAG_SIGNAL;
		s[n].handle = so[i];
		s[n].timeline_value = timeline ? i + 1 : 0;
		n++;
		err = __exec(dut.fd, q[i], BATCH_VA + 0x200 * i, s, n);
		igt_assert_f(!err, "EXEC on %s: %s",
			     dut_engine_str(&dut.engines[i]), strerror(-err));
	}
	if (timeline) {
		igt_assert_eq(__syncobj_timeline_wait(dut.fd, tl, i,
						      EXEC_TIMEOUT_MS * NSEC_PER_MSEC), 0);
		igt_assert_eq_u64(syncobj_timeline_query(dut.fd, tl), i);
	} else {
		wait_ok(dut.fd, so[i - 1], EXEC_TIMEOUT_MS);
	}
	for (i = 0; i < dut.num_engines; i++) {
		igt_assert_eq_u32(data_get(false, 4 * i), i + 1);
		if (!timeline)
			syncobj_destroy(dut.fd, so[i]);
		queue_destroy(dut.fd, q[i]);
	}
	if (timeline)
		syncobj_destroy(dut.fd, tl);
	ctx_close();
}

void test_syncobj_chain(void)
{
	chain(false);
	chain(true);
}

#define ORDER_BEHIND	8

#define FAST_PARAM	"/sys/module/dg1/parameters/fast_submit"

static bool fast_param(const char *v)
{
	return !dg1dev_sysfs_write(FAST_PARAM, v);
}

static void order_behind_dependency(void);

/*
 * No EXEC overtakes one of its queue that waits: a queue's jobs run in push
 * order, whether or not they have dependencies (the guard for any path that
 * submits without the scheduler's worker, issue 25). On each engine: a
 * batch that waits for another queue's batch (itself held on a semaphore)
 * stores 0xa to a slot; eight batches without dependencies follow on the
 * same queue, each storing its number. While the first is held none of
 * the eight may have signalled, and once released the slot holds the last
 * one's number, not 0xa. With the EXEC fast path off and on (module
 * parameter fast_submit) where it can be set.
 */
void test_order_behind_dependency(void)
{
	char old[8] = "N";
	FILE *f = fopen(FAST_PARAM, "r");

	if (f) {
		if (!fgets(old, sizeof(old), f))
			old[0] = 'N';
		fclose(f);
	}
	if (!fast_param("N")) {
		igt_info("no writable %s: the driver's own setting only\n",
			 FAST_PARAM);
		order_behind_dependency();
		return;
	}
	order_behind_dependency();
	igt_assert(fast_param("Y"));
	order_behind_dependency();
	fast_param(old[0] == 'Y' ? "Y" : "N");
}

static void order_behind_dependency(void)
{
	const uint64_t sema = SMEM_VA + 0x100, slot = SMEM_VA + 0x104;
	struct drm_dg1_sync s[2] = { { 0 } };
	uint32_t q, qh, held, first, after[ORDER_BEHIND], *cs;
	unsigned int e, i;
	int err;

	ctx_open();
	for (e = 0; e < dut.num_engines; e++) {
		const struct drm_dg1_engine_class_instance *eng = &dut.engines[e];

		data_put(false, 0x100, 0);
		data_put(false, 0x104, 0);
		/* The holder, on a queue of its own: until the CPU says 1. */
		cs = batch_at(0);
		*cs++ = MI_SEMAPHORE_WAIT_EQ;
		*cs++ = 1;
		*cs++ = (uint32_t)sema;
		*cs++ = 0;
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
		qh = queue_create(dut.fd, ex.vm, eng, 0);
		held = exec_out(dut.fd, qh, BATCH_VA);

		q = queue_create(dut.fd, ex.vm, eng, 0);
		cs = emit_sdi(batch_at(0x100), slot, 0xa);
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
		first = syncobj_create(dut.fd, 0);
		s[0].type = DRM_DG1_SYNC_TYPE_SYNCOBJ;
		s[0].handle = held;
		s[1].type = DRM_DG1_SYNC_TYPE_SYNCOBJ;
		s[1].flags = DRM_DG1_SYNC_FLAG_SIGNAL;
		s[1].handle = first;
		err = __exec(dut.fd, q, BATCH_VA + 0x100, s, 2);
		igt_assert_f(!err, "EXEC on %s: %s", dut_engine_str(eng),
			     strerror(-err));
		for (i = 0; i < ORDER_BEHIND; i++) {
			cs = emit_sdi(batch_at(0x200 + 0x40 * i), slot, i + 1);
			*cs++ = MI_BATCH_BUFFER_END;
			*cs++ = MI_NOOP;
			after[i] = exec_out(dut.fd, q, BATCH_VA + 0x200 + 0x40 * i);
		}
		/* The engine runs them, if it wrongly does, within this. */
		dut_sleep_ms(50);
		for (i = 0; i < ORDER_BEHIND; i++)
			igt_assert_f(__syncobj_wait(dut.fd, &after[i], 1, 0) == -ETIME,
				     "%s: EXEC %u behind a held one signalled first",
				     dut_engine_str(eng), i + 1);
		igt_assert_eq_u32(data_get(false, 0x104), 0);

		data_put(false, 0x100, 1);
		wait_ok(dut.fd, after[ORDER_BEHIND - 1], EXEC_TIMEOUT_MS);
		igt_assert_f(__syncobj_wait(dut.fd, &first, 1, 0) == 0,
			     "%s: the held EXEC had not signalled when the last behind it had",
			     dut_engine_str(eng));
		igt_assert_f(data_get(false, 0x104) == ORDER_BEHIND,
			     "%s: slot 0x%x after the held EXEC and %u behind it",
			     dut_engine_str(eng), data_get(false, 0x104),
			     ORDER_BEHIND);
		for (i = 0; i < ORDER_BEHIND; i++)
			syncobj_destroy(dut.fd, after[i]);
		syncobj_destroy(dut.fd, first);
		syncobj_destroy(dut.fd, held);
		queue_destroy(dut.fd, q);
		queue_destroy(dut.fd, qh);
	}
	ctx_close();
}

/*
 * 10 000 batches on one queue (a tenth on the debug kernel), each
 * signalling the next timeline point.
 */
void test_many(void)
{
	const unsigned int n = igt_dg1_stress(10000, 64);
	uint32_t q, tl, *cs;
	unsigned int i;
	uint64_t t0;

	ctx_open();
	q = queue_create(dut.fd, ex.vm, &dut.engines[0], 0);
	tl = syncobj_create(dut.fd, 0);
	for (i = 0; i < 64; i++) {
		cs = emit_sdi(batch_at(0x40 * i), SMEM_VA + 4 * i, 0);
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
	}
	t0 = dut_now_ns();
	for (i = 0; i < n; i++) {
		struct drm_dg1_sync s = {
			.type = DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ,
			.flags = DRM_DG1_SYNC_FLAG_SIGNAL,
			.handle = tl, .timeline_value = i + 1,
		};
		int err;

		/* Batch i % 64 stores i: the last store of each wins. */
		batch_at(0x40 * (i % 64))[3] = i;
		err = __exec(dut.fd, q, BATCH_VA + 0x40 * (i % 64), &s, 1);
		igt_assert_f(!err, "EXEC %u: %s", i, strerror(-err));
		/* A batch is rewritten only after it ran. */
		if (i % 64 == 63)
			igt_assert_eq(__syncobj_timeline_wait(dut.fd, tl, i + 1,
					EXEC_TIMEOUT_MS * NSEC_PER_MSEC), 0);
	}
	igt_assert_eq(__syncobj_timeline_wait(dut.fd, tl, n,
					      EXEC_TIMEOUT_MS * NSEC_PER_MSEC), 0);
	igt_info("%u execs in %.2f s\n", n,
		 (double)(dut_now_ns() - t0) / NSEC_PER_SEC);
	igt_assert_eq_u64(syncobj_timeline_query(dut.fd, tl), n);
	/* Slot i holds the last batch number below n that is i mod 64. */
	for (i = 0; i < 64; i++)
		igt_assert_eq_u32(data_get(false, 4 * i),
				  (n - 1 - i) / 64 * 64 + i);
	syncobj_destroy(dut.fd, tl);
	queue_destroy(dut.fd, q);
	ctx_close();
}

#define MANY_QUEUES	10

/*
 * More runnable contexts on one engine than it has execlist ports: ten
 * queues whose batches all wait on one semaphore, released only once all
 * are submitted. Each must get the engine after the release (time slices
 * among them, not just the two in the ports), and each stores its index.
 * On every engine.
 */
void test_many_queues(void)
{
	uint32_t q[MANY_QUEUES], so[MANY_QUEUES], *cs;
	unsigned int e, i;

	for (e = 0; e < dut.num_engines; e++) {
		ctx_open();
		data_put(false, 0x800, 0);
		for (i = 0; i < MANY_QUEUES; i++) {
			data_put(false, 4 * i, 0);
			cs = batch_at(0x40 * i);
			*cs++ = MI_SEMAPHORE_WAIT_EQ;
			*cs++ = 1;
			*cs++ = (uint32_t)(SMEM_VA + 0x800);
			*cs++ = 0;
			cs = emit_sdi(cs, SMEM_VA + 4 * i, 0x100 + i);
			*cs++ = MI_BATCH_BUFFER_END;
			*cs++ = MI_NOOP;
			q[i] = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
		}
		for (i = 0; i < MANY_QUEUES; i++)
			so[i] = exec_out(dut.fd, q[i], BATCH_VA + 0x40 * i);
		/* Nothing may pass the semaphore before it is released. */
		for (i = 0; i < MANY_QUEUES; i++)
			igt_assert_eq_u32(data_get(false, 4 * i), 0);
		data_put(false, 0x800, 1);
		for (i = 0; i < MANY_QUEUES; i++) {
			wait_ok(dut.fd, so[i], EXEC_TIMEOUT_MS);
			igt_assert_f(fence_status(dut.fd, so[i]) == 1 &&
				     data_get(false, 4 * i) == 0x100 + i,
				     "%s, queue %u of %u: fence %d, stored 0x%x",
				     dut_engine_str(&dut.engines[e]), i,
				     MANY_QUEUES, fence_status(dut.fd, so[i]),
				     data_get(false, 4 * i));
			syncobj_destroy(dut.fd, so[i]);
			queue_destroy(dut.fd, q[i]);
		}
		ctx_close();
	}
}

/* A child's whole run on its own file: 0 if every engine stored right. */
static int parallel_child(unsigned int tag)
{
	int fd = igt_dg1_open_render();
	unsigned int i, round;
	struct vm_bo bo;
	uint32_t vm;

	if (fd < 0)
		return 1;
	vm = vm_create(fd);
	vm_bo_new(&bo, fd, DATA_SIZE, false, tag);
	vm_map(fd, vm, bo.handle, 0, SMEM_VA, DATA_SIZE, 0);
	for (round = 0; round < 20; round++) {
		for (i = 0; i < dut.num_engines; i++) {
			uint32_t q = queue_create(fd, vm, &dut.engines[i], 0), so;
			volatile uint32_t *b = (volatile uint32_t *)bo.map;
			uint32_t v = tag << 24 | round << 8 | i;
			uint32_t off = 0x8000 + 0x100 * i;

			b[off / 4] = MI_STORE_DATA_IMM;
			b[off / 4 + 1] = (uint32_t)(SMEM_VA + 4 * i);
			b[off / 4 + 2] = 0;
			b[off / 4 + 3] = v;
			b[off / 4 + 4] = MI_BATCH_BUFFER_END;
			b[off / 4 + 5] = MI_NOOP;
			so = exec_out(fd, q, SMEM_VA + off);
			if (__syncobj_wait(fd, &so, 1,
					   EXEC_TIMEOUT_MS * NSEC_PER_MSEC) ||
			    b[i] != v) {
				fprintf(stderr, "child %u: %s round %u: 0x%08x, want 0x%08x\n",
					tag, dut_engine_str(&dut.engines[i]),
					round, b[i], v);
				return 1;
			}
			syncobj_destroy(fd, so);
			queue_destroy(fd, q);
		}
	}
	return 0;
}

void test_parallel(void)
{
	pid_t pid[2];
	int i, status;

	for (i = 0; i < 2; i++) {
		pid[i] = fork();
		igt_assert(pid[i] >= 0);
		if (!pid[i])
			_exit(parallel_child(10 + i));
	}
	for (i = 0; i < 2; i++) {
		igt_assert(waitpid(pid[i], &status, 0) == pid[i]);
		igt_assert_f(WIFEXITED(status) && !WEXITSTATUS(status),
			     "child %d failed (status 0x%x)", i, status);
	}
}

/*
 * A low-priority batch spins on a semaphore; a high-priority one on the
 * same engine must run while it spins; then the spinner is released.
 */
void test_preempt(void)
{
	struct vdg1_counters_page c0, c1;
	uint32_t lo, hi, so_lo, so_hi, *cs;
	int e = find_engine(DRM_DG1_ENGINE_CLASS_COPY);

	dut_require_vdg1();
	ctx_open();
	data_put(false, 0x100, 0);
	data_put(false, 0x104, 0);
	data_put(false, 0x108, 0);
	data_put(false, 0x10c, 0);
	cs = batch_at(0);
	cs = emit_sdi(cs, SMEM_VA + 0x10c, 1);		/* "spinning" */
	*cs++ = MI_SEMAPHORE_WAIT_EQ;
	*cs++ = 1;
	*cs++ = (uint32_t)(SMEM_VA + 0x100);
	*cs++ = 0;
	cs = emit_sdi(cs, SMEM_VA + 0x104, 1);
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	cs = emit_sdi(batch_at(0x100), SMEM_VA + 0x108, 2);
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;

	lo = queue_create(dut.fd, ex.vm, &dut.engines[e],
			  DRM_DG1_EXEC_QUEUE_PRIORITY_LOW);
	hi = queue_create(dut.fd, ex.vm, &dut.engines[e],
			  DRM_DG1_EXEC_QUEUE_PRIORITY_HIGH);
	dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	so_lo = exec_out(dut.fd, lo, BATCH_VA);
	/* Let it reach the wait. */
	{
		uint64_t end = dut_now_ns() + EXEC_TIMEOUT_MS * NSEC_PER_MSEC;

		while (data_get(false, 0x10c) != 1) {
			igt_assert_f(dut_now_ns() < end, "the spinner never started");
			usleep(1000);
		}
		usleep(1000);
	}
	so_hi = exec_out(dut.fd, hi, BATCH_VA + 0x100);
	wait_ok(dut.fd, so_hi, EXEC_TIMEOUT_MS);
	igt_assert_eq_u32(data_get(false, 0x108), 2);
	igt_assert_f(__syncobj_wait(dut.fd, &so_lo, 1, 0) == -ETIME,
		     "the spinner finished before its release");
	igt_assert_eq_u32(data_get(false, 0x104), 0);
	dg1dev_vdg1_snapshot(dut.vdg1, &c1);
	igt_assert_f(c1.preemptions > c0.preemptions &&
		     c1.csb_events[5] > c0.csb_events[5],
		     "no preemption: %u preemptions, %u row-5 events",
		     c1.preemptions - c0.preemptions,
		     c1.csb_events[5] - c0.csb_events[5]);
	data_put(false, 0x100, 1);
	wait_ok(dut.fd, so_lo, EXEC_TIMEOUT_MS);
	igt_assert_eq(fence_status(dut.fd, so_lo), 1);
	igt_assert_eq_u32(data_get(false, 0x104), 1);
	syncobj_destroy(dut.fd, so_lo);
	syncobj_destroy(dut.fd, so_hi);
	queue_destroy(dut.fd, lo);
	queue_destroy(dut.fd, hi);
	ctx_close();
}

/*
 * A batch that fails on the engine: its fence signals -EIO, the queue and
 * another queue of the engine go on.
 */
static uint64_t fails_alone(uint32_t *bad, unsigned int n, const char *what,
			    uint32_t min_resets)
{
	uint64_t t0, ms;
	struct vdg1_counters_page c0, c1;
	int e = find_engine(DRM_DG1_ENGINE_CLASS_COPY);
	uint32_t q, q2, so, so2, *cs;

	ctx_open();
	memcpy(batch_at(0), bad, 4 * n);
	cs = emit_sdi(batch_at(0x100), SMEM_VA, 0x600d);
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	q = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
	q2 = queue_create(dut.fd, ex.vm, &dut.engines[e], 0);
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	t0 = dut_now_ns();
	so = exec_out(dut.fd, q, BATCH_VA);
	wait_ok(dut.fd, so, 4 * EXEC_TIMEOUT_MS);
	ms = (dut_now_ns() - t0) / NSEC_PER_MSEC;
	igt_assert_f(fence_status(dut.fd, so) == -EIO,
		     "%s: fence status %d, want -EIO", what,
		     fence_status(dut.fd, so));
	/* The same queue and another one go on. */
	so2 = exec_out(dut.fd, q, BATCH_VA + 0x100);
	wait_ok(dut.fd, so2, EXEC_TIMEOUT_MS);
	igt_assert_eq(fence_status(dut.fd, so2), 1);
	igt_assert_eq_u32(data_get(false, 0), 0x600d);
	syncobj_destroy(dut.fd, so2);
	data_put(false, 0, 0);
	so2 = exec_out(dut.fd, q2, BATCH_VA + 0x100);
	wait_ok(dut.fd, so2, EXEC_TIMEOUT_MS);
	igt_assert_eq(fence_status(dut.fd, so2), 1);
	igt_assert_eq_u32(data_get(false, 0), 0x600d);
	if (dut.vdg1) {
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		igt_assert_f(c1.engine_resets[1] - c0.engine_resets[1] >= min_resets,
			     "%s: %u engine resets", what,
			     c1.engine_resets[1] - c0.engine_resets[1]);
	}
	syncobj_destroy(dut.fd, so);
	syncobj_destroy(dut.fd, so2);
	queue_destroy(dut.fd, q);
	queue_destroy(dut.fd, q2);
	ctx_close();
	return ms;
}

void test_bad_command(void)
{
	/* MI opcode 0x07 (MI_REPORT_HEAD) is not a Gen12 command. */
	uint32_t bad[] = { MI_NOOP, 0x03800000, MI_BATCH_BUFFER_END, MI_NOOP };

	fails_alone(bad, 4, "unknown command", 1);
}

void test_hang(void)
{
	/* A batch that starts itself again forever. */
	uint32_t bad[] = {
		MI_ARB_CHECK, MI_BATCH_BUFFER_START, (uint32_t)BATCH_VA, 0,
	};

	fails_alone(bad, 4, "endless batch", 1);
}

/*
 * The fault is reported with its address, and the record cleared: the
 * driver's line for this fault is new, whatever faults came before (the
 * hardware keeps the first fault until software clears it).
 */
static void expect_fault_logged(const struct dg1dev_klog *k, uint64_t va)
{
	const char *needles[3];
	char what[64], line[512];
	int logged;

	snprintf(what, sizeof(what), "GPU page fault at PPGTT address 0x%llx:",
		 (unsigned long long)va);
	needles[0] = what;
	needles[1] = dut.pci[0] ? strrchr(dut.pci, '/') + 1 : "dg1";
	needles[2] = NULL;
	logged = dg1dev_klog_find(k, needles, line, sizeof(line));
	igt_assert_f(logged >= 0, "cannot read the kernel log: %s",
		     strerror(-logged));
	igt_assert_f(logged == 2, "no new kernel log line has '%s' and '%s'%s",
		     needles[0], needles[1],
		     logged ? " (only an earlier one: the record was not cleared)" : "");
	/* A default dmesg shows it: warning or above. */
	logged = dg1dev_klog_level(needles);
	igt_assert_f(logged >= 0 && logged <= 4, "'%s' logged at level %d",
		     line, logged);
	igt_info("kernel: %s\n", line);
}

void test_vm_fault(void)
{
	uint32_t bad[6], *cs = bad;
	struct dg1dev_klog k;
	uint64_t ms;

	/* 0x7000000 is bound nowhere in the VM. */
	cs = emit_sdi(cs, 0x7000000, 1);
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	dg1dev_klog_start(&k);
	ms = fails_alone(bad, 6, "page fault", 1);
	expect_fault_logged(&k, 0x7000000);
	/* The fault interrupt resets at once; the 5 s job timeout is a backstop. */
	igt_assert_f(ms < DG1_JOB_TIMEOUT_MS / 2,
		     "the faulting batch ended after %llu ms (the job timeout is %u ms)",
		     (unsigned long long)ms, DG1_JOB_TIMEOUT_MS);
	igt_info("faulting batch ended in %llu ms\n", (unsigned long long)ms);
}
