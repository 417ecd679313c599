// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_exec - what execution costs, in numbers. Prints, never
 * judges: every figure is a "bench: <what>: <number>" line.
 *
 * Parts (-p, comma-separated; all by default):
 *  mmio     single-context submissions to an idle copy engine, each waited
 *           for: register writes per submission and register accesses per
 *           serviced interrupt, exact counts from vdg1's counters page
 *           ((mmio_writes - irq_mmio_writes) / engine_submissions;
 *           (irq_mmio_reads + irq_mmio_writes) / irqs_serviced).
 *  fence    exec of an empty batch to its fence signalled, against vgem's
 *           fence attach + signal + wait through a syncobj, interleaved.
 *  nops     empty batches per second, pipelined, on one engine and on all.
 *  loop     igt-gpu-tools' gem_exec_nop benchmark in dg1's terms, for a
 *           side-by-side with i915 (Documentation/i915-comparison.rst): 2 s
 *           of empty execs on bcs0 from one queue, not waited for (its
 *           default), then 2 s each waited for (its -s: one syncobj, a
 *           wait without timeout), then waited with a syncobj created and
 *           destroyed per exec; microseconds per exec, execs per second
 *           and context switches per exec on every CPU (/proc/stat), as
 *           i915_bench_exec measures i915.
 *  split    where a waited exec's time goes, from the kernel's trace
 *           buffer (root and tracefs; said and skipped otherwise): medians
 *           of EXEC ioctl to ELSQ write, ELSQ write to request signalled,
 *           signalled to the waiter back in user space; context switches
 *           per exec. Twice: at the policy's frequency, then at RP0 pinned
 *           (gt_min_freq_mhz), device time following the frequency.
 *  fast     the EXEC fast path (module parameter fast_submit) against the
 *           scheduler's worker, alternating in one run, waited and not;
 *           microseconds and context switches per exec each way and the
 *           speed-up.
 *  queues   the cost of an EXEC ioctl with 1, 8 and 64 queues in use on one
 *           engine (it must not grow with the number of queues).
 *  bos      the cost of an EXEC with 1, 100 and -b (default 10 000) 4 KiB
 *           objects bound in its VM, shared and private to the VM
 *           (GEM_CREATE's vm_id), waited and not; the growth from 1 to the
 *           most (it must not grow with private objects).
 *  chain    gem_wsim's media-transcode shape with empty batches: vcs0 ->
 *           rcs0 -> vecs0, each step after the one before (syncobjs), the
 *           last waited for; microseconds, context switches per chain
 *           (dg1_bench_exec_chain.c; i915_bench_exec runs it on i915).
 *  copy     an XY_FAST_COPY_BLT of -s MiB (default 64) from LMEM to LMEM,
 *           every word checked afterwards, against memcpy() in the guest.
 *  power    RC6 and frequency, through the card's sysfs files (i915's
 *           names; Documentation/power.rst): the share of 2 s idle spent in
 *           RC6; from a spinning batch's EXEC until the part reports RP0
 *           (gt_act_freq_mhz); from its end until the request is back at
 *           the minimum (gt_cur_freq_mhz), and until RC6 residency grows
 *           again. Polled every 100 us: the resolution of the last is the
 *           residency file's 1 ms. Runtime PM, autosuspend at once: from
 *           an ioctl's end until the device is in D3hot, and a QUERY
 *           ioctl's time woken from D3hot (the resume latency), each the
 *           mean of 20.
 *
 * -t SCALE (0.01 to 1) shortens every timed loop and pause by that
 * factor: make check's brief run (-t 0.1) shows the parts work; its figures
 * are rougher than make bench's.
 *
 * Exit status: 0 measured (and the copy was right), 1 cannot measure or the
 * copy was wrong, 2 bad arguments.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "dg1_bench_exec.h"
#include "dg1_dev_vm.h"

#define XY_FAST_COPY_BLT	0x50800008u
#define XY_FAST_COPY_DEPTH_32	(3u << 24)

const char *prog;

int fail(const char *what, int err)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(-err));
	return 1;
}

uint64_t bench_ns(const struct bench *b, uint64_t ns)
{
	return (uint64_t)(ns * b->time_scale);
}

void bench_pause(const struct bench *b, uint64_t ns)
{
	uint64_t t = bench_ns(b, ns);
	struct timespec ts = { .tv_sec = t / DG1_NSEC_PER_SEC,
			       .tv_nsec = t % DG1_NSEC_PER_SEC };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* ---- objects and submission ---- */

int bo_create(struct bench *b, uint64_t size, bool lmem,
	      uint32_t *handle, volatile void **map)
{
	struct drm_dg1_gem_create c = {
		.size = size, .num_placements = 1,
		.flags = DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS,
		.placements = { lmem ? DRM_DG1_MEMORY_REGION_LMEM :
				       DRM_DG1_MEMORY_REGION_SMEM },
	};
	struct drm_dg1_gem_mmap_offset o = { 0 };
	void *p;

	if (!lmem)
		c.flags = 0;
	if (dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_GEM_CREATE, &c))
		return -errno;
	o.handle = c.handle;
	if (dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &o))
		return -errno;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, b->fd,
		 o.offset);
	if (p == MAP_FAILED)
		return -errno;
	*handle = c.handle;
	*map = p;
	return 0;
}

int map(struct bench *b, uint32_t handle, uint64_t va, uint64_t size)
{
	struct drm_dg1_vm_bind_op op = dg1dev_vm_map_op(handle, 0, va, size, 0);

	return dg1dev_vm_bind(b->fd, b->vm, &op, 1, NULL, 0);
}

int queue(struct bench *b, unsigned int e, uint32_t *q)
{
	struct drm_dg1_exec_queue_create c = {
		.engine = b->engines[e], .vm_id = b->vm,
	};

	if (dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &c))
		return -errno;
	*q = c.exec_queue_id;
	return 0;
}

void queue_put(struct bench *b, uint32_t q)
{
	struct drm_dg1_exec_queue_destroy d = { .exec_queue_id = q };

	dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY, &d);
}

uint32_t syncobj(int fd)
{
	struct drm_syncobj_create c = { 0 };

	return dg1dev_ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c) ? 0 : c.handle;
}

void syncobj_put(int fd, uint32_t h)
{
	struct drm_syncobj_destroy d = { .handle = h };

	dg1dev_ioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d);
}

/* Wait for @h's fence; @timeout_ns 0: without a timeout (no timer). */
int syncobj_wait_for(int fd, uint32_t h, uint64_t timeout_ns)
{
	struct drm_syncobj_wait w = {
		.handles = (uintptr_t)&h, .count_handles = 1,
		.timeout_nsec = timeout_ns ?
				(int64_t)(dg1_now_ns() + timeout_ns) : INT64_MAX,
	};

	return dg1dev_ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w) ? -errno : 0;
}

int syncobj_wait(int fd, uint32_t h)
{
	return syncobj_wait_for(fd, h, WAIT_NS);
}

/* EXEC of @batch on @q; @out (0: none) signalled when it is done. */
int exec(struct bench *b, uint32_t q, uint64_t batch, uint32_t out)
{
	struct drm_dg1_sync s = {
		.type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
		.flags = DRM_DG1_SYNC_FLAG_SIGNAL, .handle = out,
	};
	struct drm_dg1_exec x = {
		.exec_queue_id = q, .batch_address = batch,
		.num_syncs = out ? 1 : 0, .syncs = (uintptr_t)&s,
	};

	return dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_EXEC, &x) ? -errno : 0;
}

/* An EXEC waited for with a syncobj of its own: four ioctls. */
static int exec_wait(struct bench *b, uint32_t q, uint64_t batch)
{
	uint32_t so = syncobj(b->fd);
	int err = exec(b, q, batch, so) ?: syncobj_wait(b->fd, so);

	syncobj_put(b->fd, so);
	return err;
}

/* ---- parts ---- */

static int bench_mmio(struct bench *b)
{
	const unsigned int n = 200;
	struct vdg1_counters_page c0, c1;
	struct dg1dev_mmio_cost cost;
	unsigned int i, e = b->bcs;
	uint32_t q;
	int err;

	if (!b->have_vdg1) {
		printf("%s: mmio: no vdg1 counters page, nothing to count\n", prog);
		return 0;
	}
	err = queue(b, e, &q);
	if (err)
		return fail("EXEC_QUEUE_CREATE", err);
	exec_wait(b, q, BATCH_VA);
	dg1dev_vdg1_snapshot(&b->vdg1, &c0);
	for (i = 0; i < n && !err; i++)
		err = exec_wait(b, q, BATCH_VA);
	dg1dev_vdg1_snapshot(&b->vdg1, &c1);
	queue_put(b, q);
	if (err)
		return fail("EXEC", err);
	if (dg1dev_vdg1_mmio_cost(&c0, &c1, 1, &cost))
		return fail("no submission or interrupt counted", -EIO);
	dg1_figuref(cost.writes_per_submission,
	       "mmio: register writes per single-context submission (%u submissions)",
	       cost.submissions);
	dg1_figuref(cost.reads_per_submission,
	       "mmio: register reads per submission outside interrupts");
	dg1_figuref(cost.per_interrupt,
	       "mmio: register accesses per serviced interrupt (%u interrupts)",
	       cost.serviced);
	dg1_figuref((double)cost.serviced / n, "mmio: interrupts per exec");
	if (cost.load_irqs)
		dg1_figuref(cost.load_to_user_irq_us,
			    "device: us from an ELSQ load to its user interrupt");
	dg1_figuref(cost.commands_per_submission,
		    "device: commands run per submission");
	return 0;
}

/* vgem: a fence attached to a new object, signalled, waited through a syncobj. */
struct vgem_attach { uint32_t handle, flags, out_fence, pad; };
struct vgem_signal { uint32_t fence, flags; };
#define VGEM_ATTACH	DRM_IOWR(DRM_COMMAND_BASE + 0x1, struct vgem_attach)
#define VGEM_SIGNAL	DRM_IOW(DRM_COMMAND_BASE + 0x2, struct vgem_signal)

static int vgem_cycle(struct bench *b, uint32_t bo)
{
	struct vgem_attach a = { .handle = bo, .flags = 1 };
	struct vgem_signal s;
	struct drm_prime_handle p = { .handle = bo, .flags = DRM_CLOEXEC };
	int err;

	if (dg1dev_ioctl(b->vgem, VGEM_ATTACH, &a))
		return -errno;
	s.fence = a.out_fence;
	s.flags = 0;
	if (dg1dev_ioctl(b->vgem, VGEM_SIGNAL, &s))
		return -errno;
	/* Wait for it as a consumer would: through the dma-buf. */
	if (dg1dev_ioctl(b->vgem, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p))
		return -errno;
	err = 0;
	{
		struct dma_buf_export_sync_file {
			uint32_t flags;
			int32_t fd;
		} e = { .flags = 1 | 2 };

		if (ioctl(p.fd, _IOWR('b', 2, struct dma_buf_export_sync_file), &e))
			err = -errno;
		else
			close(e.fd);
	}
	close(p.fd);
	return err;
}

static int bench_fence(struct bench *b)
{
	const unsigned int rounds = 5, per = 40;
	uint64_t t_dg1 = 0, t_vgem = 0, t;
	struct drm_mode_create_dumb c = { .width = 1024, .height = 1, .bpp = 32 };
	unsigned int r, i;
	uint32_t q;
	int err;

	if (b->vgem < 0) {
		printf("%s: fence: no vgem, no yardstick\n", prog);
		return 1;
	}
	if (dg1dev_ioctl(b->vgem, DRM_IOCTL_MODE_CREATE_DUMB, &c))
		return fail("vgem CREATE_DUMB", -errno);
	err = queue(b, b->bcs, &q);
	if (err)
		return fail("EXEC_QUEUE_CREATE", err);
	for (r = 0; r < rounds && !err; r++) {
		t = dg1_now_ns();
		for (i = 0; i < per && !err; i++)
			err = exec_wait(b, q, BATCH_VA);
		t_dg1 += dg1_now_ns() - t;
		t = dg1_now_ns();
		for (i = 0; i < per && !err; i++)
			err = vgem_cycle(b, c.handle);
		t_vgem += dg1_now_ns() - t;
	}
	queue_put(b, q);
	if (err)
		return fail("fence cycle", err);
	dg1_figuref((double)t_dg1 / (rounds * per) / 1000,
	       "fence: exec to fence signalled, us");
	dg1_figuref((double)t_vgem / (rounds * per) / 1000,
	       "fence: vgem fence attach + signal + wait, us");
	dg1_figuref((double)t_dg1 / t_vgem, "fence: round-trip ratio dg1/vgem");
	return 0;
}

/* @n empty batches round-robin over @nq queues, the last one waited for. */
static int nops(struct bench *b, const uint32_t *q, unsigned int nq,
		unsigned int n, uint64_t *ns)
{
	uint32_t so[64];
	unsigned int i;
	uint64_t t = dg1_now_ns();
	int err = 0;

	for (i = 0; i < nq; i++)
		so[i] = syncobj(b->fd);
	for (i = 0; i < n && !err; i++)
		err = exec(b, q[i % nq], BATCH_VA, so[i % nq]);
	for (i = 0; i < nq && !err; i++)
		err = syncobj_wait(b->fd, so[i]);
	*ns = dg1_now_ns() - t;
	for (i = 0; i < nq; i++)
		syncobj_put(b->fd, so[i]);
	return err;
}

static int bench_nops(struct bench *b)
{
	const unsigned int n = 1000;
	uint32_t q[8];
	unsigned int i;
	uint64_t ns;
	int err = 0;

	for (i = 0; i < b->num_engines && !err; i++)
		err = queue(b, i, &q[i]);
	if (err)
		return fail("EXEC_QUEUE_CREATE", err);
	err = nops(b, &q[b->bcs], 1, n, &ns);
	if (!err)
		dg1_figuref(n * (double)DG1_NSEC_PER_SEC / ns, "nops: empty execs per second, bcs0");
	if (!err)
		err = nops(b, q, b->num_engines, n, &ns);
	if (!err)
		dg1_figuref(n * (double)DG1_NSEC_PER_SEC / ns,
		       "nops: empty execs per second, all %u engines",
		       b->num_engines);
	for (i = 0; i < b->num_engines; i++)
		queue_put(b, q[i]);
	return err ? fail("EXEC", err) : 0;
}

/*
 * gem_exec_nop's loop: after a 1 s pause (its "wait for the hw to go back
 * to sleep"), execs for 2 s. Pipelined, the EXECs signal nothing, as
 * gem_exec_nop's carry no out-fence, and one more that signals the
 * syncobj is waited for after the loop; waited, one
 * syncobj serves every EXEC and the wait has no timeout (no timer), as
 * gem_exec_nop -s reuses its handle and waits in GEM_WAIT without one. The
 * shape with a syncobj created and destroyed per EXEC (four ioctls) is
 * kept beside it, for the figures of earlier notes.
 */
enum loop_shape {
	LOOP_PIPELINED,	/* EXEC only; one wait at the end */
	LOOP_WAITED,	/* EXEC, then a wait without timeout, one syncobj */
	LOOP_WAITED_OWN, /* a syncobj created and destroyed per EXEC */
};

static int loop_for(struct bench *b, uint32_t q, enum loop_shape shape,
		    double *us, double *switches)
{
	uint64_t t0, t, n = 0;
	uint32_t so = syncobj(b->fd);
	long long cs0, cs1;
	int err = 0;

	bench_pause(b, DG1_NSEC_PER_SEC);
	cs0 = dg1_context_switches();
	t0 = dg1_now_ns();
	do {
		switch (shape) {
		case LOOP_PIPELINED:
			err = exec(b, q, BATCH_VA, 0);
			break;
		case LOOP_WAITED:
			err = exec(b, q, BATCH_VA, so) ?:
			      syncobj_wait_for(b->fd, so, 0);
			break;
		case LOOP_WAITED_OWN:
			err = exec_wait(b, q, BATCH_VA);
			break;
		}
		n++;
		t = dg1_now_ns();
	} while (!err && t - t0 < bench_ns(b, 2 * DG1_NSEC_PER_SEC));
	cs1 = dg1_context_switches();
	/* The queue's jobs end in order: the last one's fence covers all. */
	if (!err && shape == LOOP_PIPELINED)
		err = exec(b, q, BATCH_VA, so) ?: syncobj_wait(b->fd, so);
	syncobj_put(b->fd, so);
	*us = (double)(t - t0) / n / 1000;
	*switches = cs0 >= 0 && cs1 >= cs0 ? (double)(cs1 - cs0) / n : -1;
	return err;
}

static int bench_loop(struct bench *b)
{
	static const struct {
		enum loop_shape shape;
		const char *what;
	} shapes[] = {
		{ LOOP_PIPELINED, "not waited" },
		{ LOOP_WAITED, "each waited" },
		{ LOOP_WAITED_OWN, "each waited, a syncobj each" },
	};
	double us, switches;
	unsigned int i;
	uint32_t q;
	int err;

	err = queue(b, b->bcs, &q);
	if (err)
		return fail("EXEC_QUEUE_CREATE", err);
	for (i = 0; i < ARRAY_SIZE(shapes) && !err; i++) {
		err = loop_for(b, q, shapes[i].shape, &us, &switches);
		if (err)
			break;
		dg1_loop_figures("loop", shapes[i].what, us, switches);
	}
	queue_put(b, q);
	return err ? fail("EXEC", err) : 0;
}

#define PARAM_DIR	"/sys/module/dg1/parameters/"
#define PARAM_ROUNDS	6
#define PARAM_ROUND_NS	(DG1_NSEC_PER_SEC / 2)

static int param_write(const char *name, const char *v)
{
	char path[128];

	snprintf(path, sizeof(path), PARAM_DIR "%s", name);
	return dg1dev_sysfs_write(path, v);
}

/*
 * The EXEC fast path against the scheduler's worker (module parameter
 * fast_submit off against on), in one run so that both see the same host:
 * PARAM_ROUNDS rounds of 0.5 s each way, alternating, pipelined then
 * waited, each on a queue created after the parameter was set (a queue
 * may read it once); microseconds and context switches (every CPU) per
 * exec each way, and the speed-up. The parameter is put back as it was.
 */
static int bench_fast(struct bench *b)
{
	const char *part = "fast", *name = "fast_submit";
	uint64_t ns[2][2] = { { 0 } }, n[2][2] = { { 0 } }, t0, t;
	long long cs[2][2] = { { 0 } }, c0;
	unsigned int r, mode, waited;
	char old[8] = "", path[128];
	uint32_t q, so;
	FILE *f;
	int err = 0;

	snprintf(path, sizeof(path), PARAM_DIR "%s", name);
	f = fopen(path, "r");
	if (!f || !fgets(old, sizeof(old), f) || param_write(name, "N")) {
		if (f)
			fclose(f);
		printf("%s: %s: no writable %s: not compared\n", prog, part,
		       path);
		return 0;
	}
	fclose(f);
	so = syncobj(b->fd);
	for (r = 0; r < 2 * PARAM_ROUNDS && !err; r++) {
		mode = r & 1;
		waited = r / PARAM_ROUNDS;
		err = param_write(name, mode ? "Y" : "N") ?:
		      queue(b, b->bcs, &q);
		if (err)
			break;
		c0 = dg1_context_switches();
		t0 = dg1_now_ns();
		do {
			err = err ?: exec(b, q, BATCH_VA, waited ? so : 0);
			if (!err && waited)
				err = syncobj_wait_for(b->fd, so, 0);
			n[waited][mode]++;
			t = dg1_now_ns();
		} while (!err && t - t0 < bench_ns(b, PARAM_ROUND_NS));
		if (!err && !waited)
			err = exec(b, q, BATCH_VA, so) ?:
			      syncobj_wait(b->fd, so);
		ns[waited][mode] += dg1_now_ns() - t0;
		cs[waited][mode] += dg1_context_switches() - c0;
		queue_put(b, q);
	}
	param_write(name, old[0] == 'Y' ? "Y" : "N");
	syncobj_put(b->fd, so);
	if (err)
		return fail("EXEC", err);
	for (waited = 0; waited < 2; waited++) {
		const char *how = waited ? "each waited" : "not waited";
		double us[2];

		for (mode = 0; mode < 2; mode++) {
			us[mode] = (double)ns[waited][mode] / n[waited][mode] / 1000;
			dg1_figuref(us[mode], "%s: us per exec, bcs0, %s, %s %s",
				    part, how, name, mode ? "on" : "off");
			dg1_figuref((double)cs[waited][mode] / n[waited][mode],
				    "%s: context switches per exec, both CPUs, bcs0, %s, %s %s",
				    part, how, name, mode ? "on" : "off");
		}
		dg1_figuref(us[0] / us[1], "%s: speed-up of %s, %s", part,
			    name, how);
	}
	return 0;
}

static int bench_queues(struct bench *b)
{
	static const unsigned int counts[] = { 1, 8, 64 };
	const unsigned int n = 512;
	uint32_t q[64];
	unsigned int c, i;
	uint64_t ns;
	int err = 0;

	for (i = 0; i < 64 && !err; i++)
		err = queue(b, b->bcs, &q[i]);
	if (err)
		return fail("EXEC_QUEUE_CREATE", err);
	for (c = 0; c < 3 && !err; c++) {
		err = nops(b, q, counts[c], n, &ns);
		if (!err)
			dg1_figuref((double)ns / n / 1000,
			       "queues: us per exec with %u queues on bcs0",
			       counts[c]);
	}
	for (i = 0; i < 64; i++)
		queue_put(b, q[i]);
	return err ? fail("EXEC", err) : 0;
}

static int bench_copy(struct bench *b)
{
	uint64_t size = b->copy_mib * MiB, i, t, t_blt, t_cpu;
	uint32_t src, dst, q, rows = (uint32_t)(size / 4096), *cs;
	volatile void *ps, *pd;
	volatile uint64_t *s64, *d64;
	void *m1, *m2;
	int err;

	err = bo_create(b, size, true, &src, &ps) ?:
	      bo_create(b, size, true, &dst, &pd) ?:
	      map(b, src, SRC_VA, size) ?: map(b, dst, DST_VA, size) ?:
	      queue(b, b->bcs, &q);
	if (err)
		return fail("copy setup", err);
	s64 = ps;
	d64 = pd;
	for (i = 0; i < size / 8; i++) {
		s64[i] = i * 0x9e3779b97f4a7c15ull;
		d64[i] = 0;
	}
	cs = (uint32_t *)b->batch_map + 0x400;
	*cs++ = XY_FAST_COPY_BLT;
	*cs++ = XY_FAST_COPY_DEPTH_32 | 4096;
	*cs++ = 0;
	*cs++ = rows << 16 | 1024;
	*cs++ = (uint32_t)DST_VA;
	*cs++ = (uint32_t)(DST_VA >> 32);
	*cs++ = 0;
	*cs++ = 4096;
	*cs++ = (uint32_t)SRC_VA;
	*cs++ = (uint32_t)(SRC_VA >> 32);
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	t = dg1_now_ns();
	err = exec_wait(b, q, BATCH_VA + 0x1000);
	t_blt = dg1_now_ns() - t;
	queue_put(b, q);
	if (err)
		return fail("copy EXEC", err);
	for (i = 0; i < size / 8; i++)
		if (d64[i] != i * 0x9e3779b97f4a7c15ull) {
			fprintf(stderr, "%s: copy: word %llu is 0x%llx, want 0x%llx\n",
				prog, (unsigned long long)i,
				(unsigned long long)d64[i],
				(unsigned long long)(i * 0x9e3779b97f4a7c15ull));
			return 1;
		}
	m1 = malloc(size);
	m2 = malloc(size);
	if (!m1 || !m2)
		return fail("malloc", -ENOMEM);
	memset(m1, 1, size);
	memset(m2, 2, size);
	t = dg1_now_ns();
	memcpy(m2, m1, size);
	/* The copy is used: the compiler may not drop it. */
	__asm__ volatile("" : : "r"(m2) : "memory");
	t_cpu = dg1_now_ns() - t;
	if (((volatile uint8_t *)m2)[size - 1] != 1)
		return fail("memcpy", -EIO);
	free(m1);
	free(m2);
	dg1_figuref(size / (double)MiB * DG1_NSEC_PER_SEC / t_blt,
	       "copy: %u MiB LMEM to LMEM by the copy engine, MiB/s (checked)",
	       b->copy_mib);
	dg1_figuref(size / (double)MiB * DG1_NSEC_PER_SEC / t_cpu,
	       "copy: %u MiB memcpy() in the guest, MiB/s", b->copy_mib);
	dg1_figuref((double)t_cpu / t_blt, "copy: ratio blit/memcpy throughput");
	return 0;
}

static const struct {
	const char *name;
	int (*run)(struct bench *b);
} parts[] = {
	{ "mmio", bench_mmio },
	{ "fence", bench_fence },
	{ "nops", bench_nops },
	{ "loop", bench_loop },
	{ "split", bench_split },
	{ "fast", bench_fast },
	{ "queues", bench_queues },
	{ "bos", bench_bos },
	{ "chain", bench_chain },
	{ "copy", bench_copy },
	{ "power", bench_power },
};

static int setup(struct bench *b)
{
	char node[PATH_MAX], pci[PATH_MAX], why[256];
	struct drm_dg1_query_engines *q;
	uint32_t size, i;
	void *data;
	int err;

	b->fd = dg1dev_open_render(getenv(DG1_DEVICE_ENV), node, sizeof(node));
	if (b->fd < 0)
		return fail("no dg1 render node", b->fd);
	b->vgem = dg1dev_open_driver("vgem", false, NULL, 0);
	err = dg1dev_query(b->fd, DRM_DG1_QUERY_ENGINES, &data, &size);
	if (err)
		return fail("QUERY engines", err);
	q = data;
	for (i = 0; i < q->num_engines && i < 8; i++) {
		b->engines[i] = q->engines[i];
		if (q->engines[i].engine_class ==
		    DRM_DG1_ENGINE_CLASS_COPY)
			b->bcs = i;
	}
	b->num_engines = i;
	free(data);
	if (dg1dev_pci_path(b->fd, pci, sizeof(pci)) ||
	    dg1dev_card_dir(pci, b->card, sizeof(b->card)))
		b->card[0] = 0;
	if (!dg1dev_pci_path(b->fd, pci, sizeof(pci)) &&
	    !dg1dev_vdg1_map(pci, &b->vdg1, why, sizeof(why)))
		b->have_vdg1 = true;
	else if (getenv(DG1_EXPECT_VDG1_ENV) &&
		 !strcmp(getenv(DG1_EXPECT_VDG1_ENV), "1"))
		return fail("vdg1 expected, no counters page", -ENODEV);
	err = dg1dev_vm_create(b->fd, &b->vm) ?:
	      bo_create(b, 64 * 1024, false, &b->batch,
			(volatile void **)&b->batch_map) ?:
	      map(b, b->batch, BATCH_VA, 64 * 1024);
	if (err)
		return fail("VM and batch", err);
	b->batch_map[0] = MI_BATCH_BUFFER_END;
	b->batch_map[1] = MI_NOOP;
	return 0;
}

#define USAGE "Usage: %s [-p mmio,fence,nops,loop,split,fast,queues,bos,chain,copy,power] [-s MIB] [-b OBJECTS] [-t SCALE]\n"

/* A bad option value: say which and what is allowed; exit status 2. */
static int bad_arg(const char *opt, const char *val, const char *allowed)
{
	fprintf(stderr, "%s: %s %s: want %s\n", prog, opt, val, allowed);
	return 2;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "parts", required_argument, NULL, 'p' },
		{ "size", required_argument, NULL, 's' },
		{ "bos", required_argument, NULL, 'b' },
		{ "time", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct bench b = { .copy_mib = 64, .max_bos = 10000, .time_scale = 1 };
	unsigned int want = ~0u, i;
	char *list = NULL, *tok;
	int c, ret = 0;

	prog = argv[0];
	while ((c = getopt_long(argc, argv, "p:s:b:t:h", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			list = optarg;
			break;
		case 's':
			b.copy_mib = (unsigned int)strtoul(optarg, NULL, 0);
			if (!b.copy_mib || b.copy_mib > 256)
				return bad_arg("-s", optarg, "1 to 256 MiB");
			break;
		case 'b':
			b.max_bos = (unsigned int)strtoul(optarg, NULL, 0);
			if (b.max_bos < 100 || b.max_bos > 100000)
				return bad_arg("-b", optarg, "100 to 100000 objects");
			break;
		case 't':
			b.time_scale = strtod(optarg, NULL);
			if (!(b.time_scale >= 0.01 && b.time_scale <= 1))
				return bad_arg("-t", optarg, "0.01 to 1");
			break;
		case 'h':
			printf(USAGE, prog);
			return 0;
		default:
			fprintf(stderr, USAGE, prog);
			return 2;
		}
	}
	if (list) {
		want = 0;
		for (tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
			bool found = false;

			for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
				if (!strcmp(tok, parts[i].name)) {
					want |= 1u << i;
					found = true;
				}
			if (!found)
				return bad_arg("-p", tok, "a part the usage lists");
		}
		if (!want)
			return bad_arg("-p", list, "a part the usage lists");
	}
	if (setup(&b))
		return 1;
	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		if (want & 1u << i)
			ret |= parts[i].run(&b);
	return ret;
}
