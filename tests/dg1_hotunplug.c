// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_hotunplug - the device leaves the PCI bus (sysfs "remove") with
 * everything live, and comes back by a rescan: IGT's core_hotunplug for dg1
 * (Documentation/hangs.rst, "Hot-unplug").
 *
 * Live at the remove, on a file of its own:
 *  - CPU mappings of an LMEM and an SMEM object, written;
 *  - endless batches on every engine, several per engine;
 *  - an OA stream with a long period (109 ms), a thread blocked in read();
 *  - an SMEM object exported as a dma-buf, imported into vgem and mapped
 *    through the dma-buf;
 *  - a thread issuing ioctls (query, create and close) on the file.
 *
 * The remove must end within one job timeout; both threads must end with
 * ENODEV (never another error); the old file answers ENODEV; the batches'
 * fences end with -ENODEV; the mappings show the zeroed dummy page with no
 * signal (drm-uapi.rst, "Device Hot-Unplug", as dg1_unbind checks for an
 * unbind). The rescan brings a new instance that runs a batch on every
 * engine while the old files are still open; they are closed only then
 * (late close). Three such cycles; the debug kernel's KASAN, lockdep and
 * kmemleak watch, and the kernel log must stay clean. A fourth cycle
 * (slow-remove) holds the removal between the unplug and the end of the
 * queues longer than a job may run, on debug builds; a fifth
 * (bind-after-remove) removes the device while a bind job holds the page
 * tables it emptied, which it gives back after the remove.
 *
 * The subtests are steps of one sequence. Needs root (sysfs, debugfs).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_exec.h"
#include "igt_dg1_vm.h"

#define RESCAN_PATH	"/sys/bus/pci/rescan"
#define PROBE_TIMEOUT_MS	10000
#define CYCLES		3
#define JOBS		3
#define BO_SIZE		(64 * 1024)
#define LOOP_VA		0x100000ull
#define STORE_VA	0x200000ull

static const char *bdf;
static char remove_path[PATH_MAX];
static struct dg1dev_klog klog;
static unsigned int cycles_done;
static uint64_t slowest_remove_ms;	/* of the cycles, less what was held */

/* What one cycle holds across the remove. */
static struct live {
	int fd;
	uint32_t vm, loop_bo;
	uint32_t bo[2];
	uint64_t offset[2];
	volatile uint64_t *map[2];
	int sync[DG1DEV_MAX_ENGINES][JOBS];
	int oa_fd;
	int dmabuf, vgem_fd;
	uint32_t vgem_handle;
	volatile uint64_t *dmabuf_map;
	uint64_t submitted_ns;	/* the first endless batch's EXEC */
	pthread_t oa_thread, ioctl_thread;
	/* What the threads saw. */
	unsigned int oa_reports, ioctls;
	int oa_err, ioctl_err, ioctl_bad;
} live = { .fd = -1, .oa_fd = -1, .dmabuf = -1, .vgem_fd = -1 };
static bool present;		/* the device is on the bus */

static const enum gem_where where[2] = { GEM_LMEM, GEM_SMEM };

/* A reader blocked in read() across the remove: it must wake with ENODEV. */
static void *oa_reader(void *arg)
{
	uint8_t buf[4096];
	ssize_t n;

	(void)arg;
	for (;;) {
		n = read(live.oa_fd, buf, sizeof(buf));
		if (n < 0) {
			live.oa_err = errno;
			if (errno != EINTR && errno != EAGAIN)
				break;
		} else {
			live.oa_reports++;
		}
	}
	return NULL;
}

/* ioctls racing the remove: each works or says ENODEV, nothing else. */
static void *ioctl_racer(void *arg)
{
	int err;

	(void)arg;
	for (;;) {
		/* Size 0: the answer's size only, nothing copied out. */
		struct drm_dg1_query q = { .query = DRM_DG1_QUERY_DEVICE };
		struct drm_dg1_gem_create c = gem_create_args(4096, GEM_SMEM, 0);

		err = dg1dev_ioctl(live.fd, DRM_IOCTL_DG1_QUERY, &q) ? errno : 0;
		if (!err) {
			err = dg1dev_ioctl(live.fd, DRM_IOCTL_DG1_GEM_CREATE, &c) ?
			      errno : 0;
			if (!err) {
				struct drm_gem_close gc = { .handle = c.handle };

				err = dg1dev_ioctl(live.fd, DRM_IOCTL_GEM_CLOSE,
						   &gc) ? errno : 0;
			}
		}
		live.ioctls++;
		if (err) {
			live.ioctl_err = err;
			/* ENODEV is for good: the file never works again. */
			if (err == ENODEV)
				break;
			if (++live.ioctl_bad > 8)
				break;
		}
	}
	return NULL;
}

static int oa_open(int fd)
{
	static const uint32_t mux[] = { 0x9888, 0 };	/* NOA_WRITE */
	struct drm_dg1_perf_oa_config cfg = {
		.n_mux_regs = 1, .mux_regs_ptr = (uintptr_t)mux,
	};
	uint64_t props[] = {
		DRM_DG1_PERF_PROP_SAMPLE_OA, 1,
		DRM_DG1_PERF_PROP_OA_METRICS_SET, 0,
		DRM_DG1_PERF_PROP_OA_FORMAT,
		DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8,
		/* 2^21 ticks, 109 ms: the reader sleeps when the remove comes. */
		DRM_DG1_PERF_PROP_OA_EXPONENT, 20,
	};
	struct drm_dg1_perf_open o = {
		.num_properties = 4, .properties_ptr = (uintptr_t)props,
	};
	int id, s;

	memcpy(cfg.uuid, "d91b0000-0000-4000-8000-00000000d91d", 36);
	id = dg1dev_ioctl(fd, DRM_IOCTL_DG1_PERF_ADD_CONFIG, &cfg);
	igt_assert_f(id > 0, "PERF_ADD_CONFIG: %s", strerror(errno));
	props[3] = id;
	s = dg1dev_ioctl(fd, DRM_IOCTL_DG1_PERF_OPEN, &o);
	igt_assert_f(s >= 0, "PERF_OPEN: %s", strerror(errno));
	return s;
}

static void make_live(void)
{
	struct drm_prime_handle exp = { .flags = DRM_CLOEXEC | DRM_RDWR };
	struct drm_prime_handle imp = { };
	uint8_t rec[4096];
	volatile uint32_t *b;
	uint32_t queues[DG1DEV_MAX_ENGINES];
	unsigned int e, j, i;
	uint32_t shared;
	void *p;

	live.fd = igt_dg1_open_render();
	live.vm = vm_create(live.fd);
	for (i = 0; i < 2; i++) {
		live.bo[i] = gem_create(live.fd, BO_SIZE, where[i], 0);
		live.offset[i] = gem_mmap_offset(live.fd, live.bo[i]);
		live.map[i] = gem_mmap(live.fd, live.bo[i], BO_SIZE);
		gem_fill(live.map[i], BO_SIZE, 40 + i, 1);
	}

	/* Endless: MI_ARB_CHECK, then a jump back to it. */
	live.loop_bo = gem_create(live.fd, 4096, GEM_SMEM, 0);
	b = gem_mmap(live.fd, live.loop_bo, 4096);
	b[0] = 0x02800000;
	b[1] = 0x18800101;
	b[2] = (uint32_t)LOOP_VA;
	b[3] = 0;
	munmap((void *)b, 4096);
	vm_map(live.fd, live.vm, live.loop_bo, 0, LOOP_VA, 4096, 0);
	for (e = 0; e < dut.num_engines; e++)
		queues[e] = queue_create(live.fd, live.vm, &dut.engines[e], 0);

	/* Exported to vgem, and mapped through the dma-buf. */
	shared = gem_create(live.fd, BO_SIZE, GEM_SMEM, 0);
	exp.handle = shared;
	do_ioctl(live.fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &exp);
	live.dmabuf = exp.fd;
	live.vgem_fd = vgem_open();
	igt_assert_f(live.vgem_fd >= 0, "no vgem: %s", strerror(-live.vgem_fd));
	imp.fd = live.dmabuf;
	do_ioctl(live.vgem_fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp);
	live.vgem_handle = imp.handle;
	p = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		 live.dmabuf, 0);
	igt_assert_f(p != MAP_FAILED, "mmap of the dma-buf: %s",
		     strerror(errno));
	live.dmabuf_map = p;
	gem_fill(live.dmabuf_map, BO_SIZE, 42, 1);
	gem_close(live.fd, shared);

	live.oa_fd = oa_open(live.fd);
	igt_assert_f(read(live.oa_fd, rec, sizeof(rec)) > 0,
		     "the first OA read: %s", strerror(errno));
	live.oa_reports = 1;
	live.ioctls = 0;
	live.oa_err = live.ioctl_err = live.ioctl_bad = 0;
	igt_assert(!pthread_create(&live.oa_thread, NULL, oa_reader, NULL));
	igt_assert(!pthread_create(&live.ioctl_thread, NULL, ioctl_racer,
				   NULL));

	/*
	 * The batches last: each may run one job timeout before it is a hang
	 * (-EIO). Submitted first, the rest of this took over 5 s on a debug
	 * kernel under TCG (vdg1 running 15 of them starved the guest, before
	 * its engines were paced together) and old-files-enodev saw -EIO.
	 */
	live.submitted_ns = dut_now_ns();
	for (e = 0; e < dut.num_engines; e++)
		for (j = 0; j < JOBS; j++) {
			uint32_t so = exec_out(live.fd, queues[e], LOOP_VA);

			live.sync[e][j] = sync_file_of(live.fd, so);
			syncobj_destroy(live.fd, so);
		}
}

/* Join a thread within @ms, or fail: a thread stuck in the driver. */
static void join_within(pthread_t t, const char *what, unsigned int ms)
{
	struct timespec ts;
	int err;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += (ms % 1000) * 1000000l;
	if (ts.tv_nsec >= 1000000000l) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000l;
	}
	err = pthread_timedjoin_np(t, NULL, &ts);
	igt_assert_f(!err, "the %s thread still runs %u ms after the remove: %s",
		     what, ms, strerror(err));
}

/*
 * Remove the device; @delay_ms: how long debug builds hold the removal
 * after the unplug (inject_remove_delay_ms), 0 if not.
 */
static void remove_device(unsigned int delay_ms)
{
	uint64_t t0, ms, age;
	int err;

	/* Let the first batches start, the stream fill, the racer run. */
	dut_sleep_ms(100);
	t0 = dut_now_ns();
	age = (t0 - live.submitted_ns) / NSEC_PER_MSEC;
	err = dg1dev_sysfs_write(remove_path, "1");
	ms = (dut_now_ns() - t0) / NSEC_PER_MSEC;
	errno = 0;
	igt_assert_f(!err, "%s: %s", remove_path, strerror(-err));
	present = false;
	igt_assert_f(access(dut.pci, F_OK), "%s still there after the remove",
		     dut.pci);
	igt_info("remove with %u x %u endless batches (submitted %" PRIu64 " ms before), an OA reader, an ioctl racer and a dma-buf in vgem: %" PRIu64 " ms\n",
		 dut.num_engines, JOBS, age, ms);
	/* Else a batch may be a hang (-EIO) before the unplug reaches it. */
	igt_assert_f(age < DG1_JOB_TIMEOUT_MS / 2,
		     "the batches had run %" PRIu64 " ms when the remove began, more than half a job timeout",
		     age);
	igt_assert_f(ms >= delay_ms,
		     "the remove took %" PRIu64 " ms, though held %u ms", ms,
		     delay_ms);
	if (ms - delay_ms > slowest_remove_ms)
		slowest_remove_ms = ms - delay_ms;
	igt_assert_f(ms < delay_ms + DG1_JOB_TIMEOUT_MS,
		     "the remove took %" PRIu64 " ms, more than one job timeout beyond the %u ms it was held",
		     ms, delay_ms);

	join_within(live.oa_thread, "OA reader", 2000);
	join_within(live.ioctl_thread, "ioctl", 2000);
	igt_info("OA reader: %u reads, then %s; ioctl racer: %u rounds, then %s\n",
		 live.oa_reports, strerror(live.oa_err), live.ioctls,
		 strerror(live.ioctl_err));
	igt_assert_f(live.oa_err == ENODEV,
		     "the blocked OA read ended with %s, want ENODEV",
		     strerror(live.oa_err));
	igt_assert_f(!live.ioctl_bad && live.ioctl_err == ENODEV,
		     "the ioctl racer saw %d errors other than ENODEV (last %s)",
		     live.ioctl_bad, strerror(live.ioctl_err));
}

/* The old file, stream, fences and mappings after the remove. */
static void check_old(void)
{
	struct drm_dg1_query q = { .query = DRM_DG1_QUERY_DEVICE };
	struct sync_fence_info fi;
	uint8_t rec[256];
	unsigned int e, j, i;
	void *p;

	do_ioctl_err(live.fd, DRM_IOCTL_DG1_QUERY, &q, ENODEV);
	igt_assert_f(read(live.oa_fd, rec, sizeof(rec)) < 0 && errno == ENODEV,
		     "read() of the OA stream after the remove: %s",
		     strerror(errno));
	errno = 0;
	for (e = 0; e < dut.num_engines; e++)
		for (j = 0; j < JOBS; j++) {
			int st = sync_file_fence(live.sync[e][j], &fi);

			igt_assert_f(st == -ENODEV,
				     "%s batch %u: fence status %d, want -ENODEV",
				     dut_engine_str(&dut.engines[e]), j, st);
		}
	for (i = 0; i < 2; i++) {
		igt_assert_f(!gem_touch(live.map[i] + BO_SIZE / 8 - 1, true) &&
			     !gem_touch(live.map[i], false),
			     "the %s object's mapping signalled after the remove",
			     gem_where_str(where[i]));
		igt_assert_f(!live.map[i][0],
			     "the %s object's mapping still shows its contents",
			     gem_where_str(where[i]));
	}
	igt_assert_f(!gem_touch(live.dmabuf_map, false) && !live.dmabuf_map[0],
		     "the dma-buf's mapping: a signal, or its old contents");
	p = mmap(NULL, BO_SIZE, PROT_READ, MAP_SHARED, live.fd,
		 live.offset[0]);
	igt_assert_f(p == MAP_FAILED && errno == ENODEV,
		     "a new mapping of the old file: %s, want ENODEV",
		     p == MAP_FAILED ? strerror(errno) : "it worked");
	errno = 0;
}

/* Rescan: a new instance, which runs a store on every engine. */
static void rescan(void)
{
	uint32_t vm, bo, q, so;
	volatile uint32_t *m;
	unsigned int e;
	int err, fd;

	err = dg1dev_sysfs_write(RESCAN_PATH, "1");
	errno = 0;
	igt_assert_f(!err, "%s: %s", RESCAN_PATH, strerror(-err));
	fd = dut_wait_render_node(PROBE_TIMEOUT_MS, "the rescan");
	present = true;
	igt_assert_f(dg1dev_pci_bound_to_dg1(dut.pci),
		     "%s is back but not bound to dg1", bdf);

	vm = vm_create(fd);
	bo = gem_create(fd, 4096, GEM_SMEM, 0);
	m = gem_mmap(fd, bo, 4096);
	vm_map(fd, vm, bo, 0, STORE_VA, 4096, 0);
	for (e = 0; e < dut.num_engines; e++) {
		m[0x100 + 8 * e] = 0x10000002;	/* MI_STORE_DATA_IMM, PPGTT */
		m[0x101 + 8 * e] = (uint32_t)STORE_VA + 4 * e;
		m[0x102 + 8 * e] = 0;
		m[0x103 + 8 * e] = 0xd1500000 + e;
		m[0x104 + 8 * e] = 0x05000000;	/* MI_BATCH_BUFFER_END */
		q = queue_create(fd, vm, &dut.engines[e], 0);
		so = exec_out(fd, q, STORE_VA + 4 * (0x100 + 8 * e));
		wait_ok(fd, so, EXEC_TIMEOUT_MS);
		igt_assert_f(m[e] == 0xd1500000 + e,
			     "%s on the new instance stored 0x%x",
			     dut_engine_str(&dut.engines[e]), m[e]);
		syncobj_destroy(fd, so);
		queue_destroy(fd, q);
	}
	munmap((void *)m, 4096);
	close(fd);

	/* The counters page moved with the device: map the new one. */
	igt_dg1_vdg1_close(dut.vdg1);
	dut.vdg1 = igt_dg1_vdg1_probe(dut.pci, dut.vdg1_why,
				      sizeof(dut.vdg1_why));
	igt_assert_f(dut.vdg1 || !igt_dg1_expect_vdg1(),
		     "no counters page after the rescan: %s", dut.vdg1_why);
}

/* The old instance's files close only now, after the new one came. */
static void late_close(void)
{
	unsigned int e, j, i;

	for (e = 0; e < dut.num_engines; e++)
		for (j = 0; j < JOBS; j++) {
			close(live.sync[e][j]);
			live.sync[e][j] = -1;
		}
	for (i = 0; i < 2; i++) {
		munmap((void *)live.map[i], BO_SIZE);
		live.map[i] = NULL;
	}
	munmap((void *)live.dmabuf_map, BO_SIZE);
	live.dmabuf_map = NULL;
	igt_assert_f(!close(live.oa_fd), "closing the OA stream: %s",
		     strerror(errno));
	live.oa_fd = -1;
	igt_assert_f(!close(live.fd), "closing the old file: %s",
		     strerror(errno));
	live.fd = -1;
	gem_close(live.vgem_fd, live.vgem_handle);
	close(live.vgem_fd);
	live.vgem_fd = -1;
	igt_assert_f(!close(live.dmabuf), "closing the dma-buf: %s",
		     strerror(errno));
	live.dmabuf = -1;
}

static void setup(void)
{
	dut_open();
	igt_dg1_require_f(dut.pci[0], "%s", dut.vdg1_why);
	dut_require_debugfs();
	bdf = strrchr(dut.pci, '/') + 1;
	snprintf(remove_path, sizeof(remove_path),
		 "/sys/bus/pci/devices/%s/remove", bdf);
	igt_dg1_require_f(!access(remove_path, W_OK), "cannot write %s: %s",
			  remove_path, strerror(errno));
	present = true;
	dg1dev_klog_start(&klog);
	/* The fixture's own file would be one more old file: close it now. */
	close(dut.fd);
	dut.fd = -1;
}

static void test_remove_everything_live(void)
{
	make_live();
	remove_device(0);
}

static void test_old_files_enodev(void)
{
	igt_require_f(!present && live.fd >= 0, "the device was not removed");
	check_old();
}

static void test_rescan(void)
{
	igt_require_f(!present, "the device was not removed");
	rescan();
}

static void test_late_close(void)
{
	igt_require_f(present && live.fd >= 0, "nothing to close late");
	late_close();
	cycles_done++;
}

static void test_more_cycles(void)
{
	igt_require_f(cycles_done == 1, "the first cycle did not complete");
	while (cycles_done < CYCLES) {
		make_live();
		remove_device(0);
		check_old();
		rescan();
		late_close();
		cycles_done++;
	}
	igt_info("%u remove/rescan cycles with everything live\n",
		 cycles_done);
}

/*
 * Debug builds hold the removal this long after the unplug, before the
 * queues end (inject_remove_delay_ms): longer than a job may run (5 s).
 * A loaded machine did so by itself (a gate's debug round: 4 s, and the
 * endless batches' timeouts failed four of them with -EIO, as hangs).
 * The jobs still end with -ENODEV. Stock builds have no such parameter:
 * the cycle runs as the others.
 */
#define REMOVE_DELAY_PARAM	"/sys/module/dg1/parameters/inject_remove_delay_ms"
#define REMOVE_DELAY_MS		6000

static void remove_delay_off(void)
{
	dg1dev_sysfs_write(REMOVE_DELAY_PARAM, "0");
}

static void test_slow_remove(void)
{
	unsigned int delay = REMOVE_DELAY_MS;
	char ms[16];
	int err;

	igt_require_f(cycles_done == CYCLES, "the cycles did not complete");
	snprintf(ms, sizeof(ms), "%u", delay);
	err = dg1dev_sysfs_write(REMOVE_DELAY_PARAM, ms);
	if (err == -ENOENT)
		delay = 0;
	else
		igt_assert_f(!err, "cannot write %s: %s", REMOVE_DELAY_PARAM,
			     strerror(-err));
	atexit(remove_delay_off);
	make_live();
	remove_device(delay);
	remove_delay_off();
	check_old();
	rescan();
	late_close();
	cycles_done++;
}

/*
 * A bind job gives back the page tables its unmap left empty after its
 * fence signalled. Debug builds hold it there (inject_bind_free_delay_ms)
 * while the device is removed: the tables are given back with the LMEM
 * BAR unmapped, and must not be cleared through it (a page fault in the
 * kernel log, which kernel-log-clean fails, before 7f10a97). Nor may the
 * remove wait for the held job. Stock builds have no such parameter: the
 * job is done before the remove.
 */
#define BIND_FREE_DELAY_PARAM	"/sys/module/dg1/parameters/inject_bind_free_delay_ms"
/* At least, and at least twice the slowest remove of the cycles. */
#define BIND_FREE_DELAY_MS	4000
#define BIND_FREE_DELAY_MAX_MS	10000
#define BIND_VA			(4ull << 40)	/* tables of its own */

static void bind_free_delay_off(void)
{
	dg1dev_sysfs_write(BIND_FREE_DELAY_PARAM, "0");
}

static void test_bind_after_remove(void)
{
	struct drm_dg1_vm_bind_op op = dg1dev_vm_unmap_op(BIND_VA, 4096);
	unsigned int held = BIND_FREE_DELAY_MS;
	uint32_t vm, bo, wait_so, bind_so, fence;
	uint64_t t0, ms;
	char param[16];
	int fd, vgem, err;

	igt_require_f(present && cycles_done == CYCLES + 1,
		      "the slow remove did not complete");
	vgem = vgem_open();
	igt_assert_f(vgem >= 0, "no vgem: %s", strerror(-vgem));
	fd = igt_dg1_open_render();
	vm = vm_create(fd);
	bo = gem_create(fd, 4096, GEM_SMEM, 0);
	vm_map(fd, vm, bo, 0, BIND_VA, 4096, 0);

	if (2 * slowest_remove_ms > held)
		held = 2 * slowest_remove_ms < BIND_FREE_DELAY_MAX_MS ?
		       2 * slowest_remove_ms : BIND_FREE_DELAY_MAX_MS;
	snprintf(param, sizeof(param), "%u", held);
	err = dg1dev_sysfs_write(BIND_FREE_DELAY_PARAM, param);
	if (err == -ENOENT)
		held = 0;
	else
		igt_assert_f(!err, "cannot write %s: %s",
			     BIND_FREE_DELAY_PARAM, strerror(-err));
	atexit(bind_free_delay_off);
	/* The unmap waits for a vgem fence: it runs as a job. */
	wait_so = syncobj_create(fd, 0);
	fence = vgem_fence_syncobj(vgem, fd, wait_so);
	bind_so = syncobj_create(fd, 0);
	{
		struct drm_dg1_sync syncs[2] = {
			{ .type = DRM_DG1_SYNC_TYPE_SYNCOBJ, .handle = wait_so },
			{ .type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
			  .flags = DRM_DG1_SYNC_FLAG_SIGNAL,
			  .handle = bind_so },
		};

		err = dg1dev_vm_bind(fd, vm, &op, 1, syncs, 2);
		igt_assert_f(!err, "the unmap: %s", strerror(-err));
	}
	vgem_fence_signal(vgem, fence);
	/* Its steps ran: the job now holds its empty tables. */
	wait_ok(fd, bind_so, EXEC_TIMEOUT_MS);

	t0 = dut_now_ns();
	err = dg1dev_sysfs_write(remove_path, "1");
	ms = (dut_now_ns() - t0) / NSEC_PER_MSEC;
	errno = 0;
	igt_assert_f(!err, "%s: %s", remove_path, strerror(-err));
	present = false;
	igt_info("remove with a bind job holding its empty page tables (%u ms): %" PRIu64 " ms\n",
		 held, ms);
	igt_assert_f(!held || ms < held,
		     "the remove took %" PRIu64 " ms: it waited for the bind job held %u ms",
		     ms, held);
	/* Past the hold: the tables were given back with the device gone. */
	if (held > ms)
		dut_sleep_ms(held - ms + 500);
	bind_free_delay_off();
	rescan();
	close(fd);
	close(vgem);
	cycles_done++;
}

static void test_kernel_log(void)
{
	igt_dg1_assert_klog_clean(&klog);
}

igt_main
{
	igt_fixture
		setup();

	dut_subtest("remove-everything-live", test_remove_everything_live);
	dut_subtest("old-files-enodev", test_old_files_enodev);
	dut_subtest("rescan", test_rescan);
	dut_subtest("late-close", test_late_close);
	dut_subtest("more-cycles", test_more_cycles);
	dut_subtest("slow-remove", test_slow_remove);
	dut_subtest("bind-after-remove", test_bind_after_remove);
	dut_subtest("kernel-log-clean", test_kernel_log);

	/* Leave the device on the bus, bound, whatever failed. */
	igt_fixture {
		if (!present)
			dg1dev_sysfs_write(RESCAN_PATH, "1");
		dut_close();
	}
}
