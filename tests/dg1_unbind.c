// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_unbind - unbind the device from dg1 while this process holds its
 * render node open and holds every forcewake domain through debugfs
 * forcewake_user, then bind it again.
 *
 * Afterwards the old render fd answers ioctls with ENODEV, both fds close
 * cleanly, the device binds again and a new fd answers DRM_IOCTL_DG1_QUERY.
 * On vdg1 the unbind itself released every domain (before our fds were
 * closed), and nothing touched a sleeping domain. Leaks, WARNs and
 * use-after-free are the debug kernel's to see: the pipeline runs this
 * under KASAN, lockdep and kmemleak; the kernel log must show no WARNING
 * or BUG either way.
 *
 * Buffer objects in LMEM and SMEM, mapped and written before the unbind,
 * go with it: their mappings show a zeroed dummy page, with no SIGBUS
 * (drm-uapi.rst, "Device Hot-Unplug"), before and after the render fd is
 * closed, and the old fd's GEM ioctls and mmap()
 * fail with ENODEV (Documentation/memory.rst, "Lifetime and unbind").
 *
 * An OA stream open across the unbind stops there: its fd fails read()
 * and its ioctls with ENODEV and poll() says POLLERR, and the forcewake it
 * held goes with the unbind like forcewake_user's (Documentation/oa.rst,
 * "Unbind").
 *
 * A second unbind finds work in flight: a queue of endless batches, a
 * queue already destroyed that an OA stream still holds, a bind waiting
 * for a fence. It is quick (well under one job timeout), the batches and
 * the bind end with ENODEV, the stream closes cleanly afterwards, and the
 * fences of the batches and of the bind still answer SYNC_IOC_FILE_INFO
 * once the file and the device are gone (Documentation/execution.rst,
 * "Lifetimes").
 *
 * The subtests are steps of one sequence: each needs the ones before.
 * Needs root (sysfs bind/unbind, debugfs).
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_exec.h"
#include "igt_dg1_vm.h"

#define DRIVER_DIR	"/sys/bus/pci/drivers/" DG1DEV_DRIVER_NAME
#define BIND_TIMEOUT_MS	2000

/* File scope: shared by blocks, so it must survive their longjmps. */
static const char *bdf;
static int fw_fd = -1;			/* forcewake_user, held */
static uint32_t present;		/* domains forcewake_domains lists */
static bool unbound;
static struct dg1dev_klog klog;

/* Objects mapped before the unbind: LMEM, then SMEM. */
#define BO_SIZE		(64 * 1024)
static const enum gem_where bo_where[2] = { GEM_LMEM, GEM_SMEM };
static uint32_t bo_handle[2];
static uint64_t bo_offset[2];
static volatile uint64_t *bo_map[2];

static void make_objects(void)
{
	unsigned int i;

	for (i = 0; i < 2; i++) {
		bo_handle[i] = gem_create(dut.fd, BO_SIZE, bo_where[i], 0);
		bo_offset[i] = gem_mmap_offset(dut.fd, bo_handle[i]);
		bo_map[i] = gem_mmap(dut.fd, bo_handle[i], BO_SIZE);
		gem_fill(bo_map[i], BO_SIZE, i, 1);
		igt_assert_eq(gem_check(bo_map[i], BO_SIZE, i, 1), -1);
	}
}

/*
 * The objects' mappings after the unbind: no signal, and the contents are
 * gone - every page shows one zeroed dummy page, which the write to the
 * last word of each mapping reaches but the first word of no page does.
 */
static void assert_mappings_dummy(const char *when)
{
	unsigned int i, w;
	uint64_t k;

	for (i = 0; i < 2; i++) {
		for (w = 0; w < 2; w++) {
			volatile uint64_t *at = bo_map[i] + (w ? BO_SIZE / 8 - 1 : 0);
			int sig = gem_touch(at, w);

			igt_assert_f(!sig,
				     "%s of the %s object's mapping %s: %s, expected no signal",
				     w ? "write" : "read",
				     gem_where_str(bo_where[i]), when,
				     strsignal(sig));
		}
		for (k = 0; k < BO_SIZE / 8; k += 4096 / 8)
			igt_assert_f(!bo_map[i][k],
				     "word %" PRIu64 " of the %s object's mapping %s: 0x%" PRIx64 ", expected 0",
				     k, gem_where_str(bo_where[i]), when,
				     (uint64_t)bo_map[i][k]);
	}
}

/*
 * An exec queue held across the unbind, after a batch ran on it: its
 * context lives in the GGTT and LMEM, which go with the device.
 */
#define QUEUE_VA	0x100000ull
static uint32_t queue_vm, queue_id, queue_bo;
static int oa_fd = -1;			/* an OA stream, open across the unbind */

/*
 * A sampling OA stream with a one-register metric set, reading: one
 * periodic report (2^13 timestamp ticks, 427 us on vdg1) must arrive.
 */
static void make_oa_stream(void)
{
	static const uint32_t mux[] = { 0x9888, 0 };	/* NOA_WRITE */
	struct drm_dg1_perf_oa_config cfg = {
		.n_mux_regs = 1,
		.mux_regs_ptr = (uintptr_t)mux,
	};
	uint64_t props[] = {
		DRM_DG1_PERF_PROP_SAMPLE_OA, 1,
		DRM_DG1_PERF_PROP_OA_METRICS_SET, 0,
		DRM_DG1_PERF_PROP_OA_FORMAT,
		DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8,
		DRM_DG1_PERF_PROP_OA_EXPONENT, 12,
	};
	struct drm_dg1_perf_open o = {
		.num_properties = 4,
		.properties_ptr = (uintptr_t)props,
	};
	struct drm_dg1_perf_record_header *h;
	uint8_t rec[512];
	ssize_t n;
	int id;

	memcpy(cfg.uuid, "d91b0000-0000-4000-8000-00000000d91b", 36);
	id = dg1dev_ioctl(dut.fd, DRM_IOCTL_DG1_PERF_ADD_CONFIG, &cfg);
	igt_assert_f(id > 0, "PERF_ADD_CONFIG: %s", strerror(errno));
	props[3] = id;
	oa_fd = dg1dev_ioctl(dut.fd, DRM_IOCTL_DG1_PERF_OPEN, &o);
	igt_assert_f(oa_fd >= 0, "PERF_OPEN: %s", strerror(errno));
	n = read(oa_fd, rec, sizeof(rec));
	h = (void *)rec;
	igt_assert_f(n >= (ssize_t)sizeof(*h) &&
		     h->type == DRM_DG1_PERF_RECORD_SAMPLE,
		     "first OA read: %zd bytes, %s", n, strerror(errno));
}

static void make_queue(void)
{
	struct drm_dg1_exec_queue_create c = { .engine = dut.engines[0] };
	struct drm_dg1_sync s = {
		.type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
		.flags = DRM_DG1_SYNC_FLAG_SIGNAL,
	};
	struct drm_dg1_exec x = { .batch_address = QUEUE_VA, .num_syncs = 1 };
	volatile uint32_t *batch;

	queue_vm = vm_create(dut.fd);
	queue_bo = gem_create(dut.fd, 4096, GEM_SMEM, 0);
	batch = gem_mmap(dut.fd, queue_bo, 4096);
	batch[0] = 0x05000000;		/* MI_BATCH_BUFFER_END */
	munmap((void *)batch, 4096);
	vm_map(dut.fd, queue_vm, queue_bo, 0, QUEUE_VA, 4096, 0);
	c.vm_id = queue_vm;
	do_ioctl(dut.fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &c);
	queue_id = c.exec_queue_id;
	s.handle = syncobj_create(dut.fd, 0);
	x.exec_queue_id = queue_id;
	x.syncs = (uintptr_t)&s;
	do_ioctl(dut.fd, DRM_IOCTL_DG1_EXEC, &x);
	igt_assert_eq(__syncobj_wait(dut.fd, &s.handle, 1, 20 * NSEC_PER_SEC), 0);
	syncobj_destroy(dut.fd, s.handle);
}

static void setup(void)
{
	struct dg1dev_fw_stats s;

	dut_open();
	igt_dg1_require_f(dut.pci[0], "%s", dut.vdg1_why);
	dut_require_debugfs();
	bdf = strrchr(dut.pci, '/') + 1;
	igt_dg1_require_f(!access(DRIVER_DIR "/unbind", W_OK),
			  "cannot write %s/unbind: %s", DRIVER_DIR,
			  strerror(errno));
	dut_require_forcewake_user();
	igt_assert(dg1dev_pci_bound_to_dg1(dut.pci));

	dut_fw_stats(&s);
	present = s.present;
	dg1dev_klog_start(&klog);
	make_objects();
	make_queue();
	make_oa_stream();
}

static void test_unbind(void)
{
	int err;

	fw_fd = dut_open_forcewake_user();
	if (dut.vdg1)
		igt_assert_f((dut_awake() & present) == present,
			     "%s asleep while forcewake_user is open",
			     dut_domains_str(present & ~dut_awake()));

	err = dg1dev_sysfs_write(DRIVER_DIR "/unbind", bdf);
	errno = 0;
	igt_assert_f(!err, "unbind %s: %s", bdf, strerror(-err));
	unbound = true;
	igt_assert_f(!dg1dev_pci_bound_to_dg1(dut.pci), "%s still bound to dg1 after unbind",
		     bdf);
}

static void test_old_fd_enodev(void)
{
	struct drm_dg1_query q = { .query = DRM_DG1_QUERY_DEVICE };
	struct drm_dg1_gem_create c = gem_create_args(BO_SIZE, GEM_LMEM, 0);
	struct drm_dg1_gem_mmap_offset o = { .handle = bo_handle[0] };
	struct drm_gem_close gc = { .handle = bo_handle[1] };
	struct drm_version v = { };
	unsigned int i;
	void *p;

	igt_require_f(unbound, "the device was not unbound");
	do_ioctl_err(dut.fd, DRM_IOCTL_DG1_QUERY, &q, ENODEV);
	do_ioctl_err(dut.fd, DRM_IOCTL_VERSION, &v, ENODEV);
	do_ioctl_err(dut.fd, DRM_IOCTL_DG1_GEM_CREATE, &c, ENODEV);
	do_ioctl_err(dut.fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &o, ENODEV);
	do_ioctl_err(dut.fd, DRM_IOCTL_GEM_CLOSE, &gc, ENODEV);
	{
		struct drm_dg1_exec x = {
			.exec_queue_id = queue_id, .batch_address = QUEUE_VA,
		};
		struct drm_dg1_exec_queue_create qc = {
			.engine = dut.engines[0], .vm_id = queue_vm,
		};

		struct drm_dg1_exec_queue_destroy qd = {
			.exec_queue_id = queue_id,
		};
		struct drm_dg1_wait_user_fence w = {
			.addr = QUEUE_VA, .vm_id = queue_vm, .mask = ~0ull,
			.timeout_ns = NSEC_PER_SEC,
		};
		struct drm_dg1_vm_bind_op op = {
			.op = DRM_DG1_VM_BIND_OP_UNMAP, .addr = QUEUE_VA,
			.range = 4096,
		};
		struct drm_dg1_vm_bind b = {
			.vm_id = queue_vm, .num_binds = 1,
			.binds = (uintptr_t)&op,
		};
		struct drm_dg1_vm_destroy vd = { .vm_id = queue_vm };
		static const uint32_t mux[] = { 0x9888, 0 };
		struct drm_dg1_perf_oa_config cfg = {
			.n_mux_regs = 1, .mux_regs_ptr = (uintptr_t)mux,
		};
		uint64_t config_id = 1;

		memcpy(cfg.uuid, "d91b0000-0000-4000-8000-00000000d91c", 36);
		do_ioctl_err(dut.fd, DRM_IOCTL_DG1_EXEC, &x, ENODEV);
		do_ioctl_err(dut.fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &qc,
			     ENODEV);
		/* The rest of the uAPI, whatever it would reach. */
		do_ioctl_err(dut.fd, DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY, &qd,
			     ENODEV);
		do_ioctl_err(dut.fd, DRM_IOCTL_DG1_WAIT_USER_FENCE, &w, ENODEV);
		do_ioctl_err(dut.fd, DRM_IOCTL_DG1_VM_BIND, &b, ENODEV);
		do_ioctl_err(dut.fd, DRM_IOCTL_DG1_VM_DESTROY, &vd, ENODEV);
		do_ioctl_err(dut.fd, DRM_IOCTL_DG1_PERF_ADD_CONFIG, &cfg,
			     ENODEV);
		do_ioctl_err(dut.fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG,
			     &config_id, ENODEV);
	}

	/* Offsets the objects had before. */
	for (i = 0; i < 2; i++) {
		p = mmap(NULL, BO_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
			 dut.fd, bo_offset[i]);
		igt_assert_f(p == MAP_FAILED && errno == ENODEV,
			     "mmap() of the %s object after the unbind: %s, expected ENODEV",
			     gem_where_str(bo_where[i]),
			     p == MAP_FAILED ? strerror(errno) : "it worked");
		errno = 0;
	}
}

static void test_oa_stream_enodev(void)
{
	struct drm_dg1_perf_info info = { };
	struct pollfd p = { .fd = oa_fd, .events = POLLIN };
	uint8_t rec[512];

	igt_require_f(unbound, "the device was not unbound");
	igt_assert(oa_fd >= 0);
	igt_assert_f(read(oa_fd, rec, sizeof(rec)) < 0 && errno == ENODEV,
		     "read() of the OA stream after the unbind: %s",
		     strerror(errno));
	do_ioctl_err(oa_fd, DRM_DG1_PERF_IOCTL_ENABLE, NULL, ENODEV);
	do_ioctl_err(oa_fd, DRM_DG1_PERF_IOCTL_DISABLE, NULL, ENODEV);
	/* What it was stays readable. */
	do_ioctl(oa_fd, DRM_DG1_PERF_IOCTL_INFO, &info);
	igt_assert_eq_u32(info.report_size, 256);
	igt_assert_eq(poll(&p, 1, 0), 1);
	igt_assert_f(p.revents & POLLERR, "poll(): revents 0x%x, no POLLERR",
		     p.revents);
	errno = 0;
}

static void test_bo_mappings_dummy(void)
{
	igt_require_f(unbound, "the device was not unbound");
	assert_mappings_dummy("after the unbind");
}

/* The unbind, not the close of forcewake_user, let every domain go. */
static void test_forcewake_released(void)
{
	int ms;

	igt_require_f(unbound, "the device was not unbound");
	dut_require_vdg1();
	igt_assert_f(fw_fd >= 0, "forcewake_user is not held");
	ms = dut_wait_asleep(DG1DEV_ALL_DOMAINS, RELEASE_TIMEOUT_MS);
	igt_assert_f(ms >= 0,
		     "%s still awake %u ms after the unbind (forcewake_user still open)",
		     dut_domains_str(dut_awake()), RELEASE_TIMEOUT_MS);
	igt_info("every domain asleep %d ms after the unbind\n", ms);
}

static void test_close_old_fds(void)
{
	int f = fw_fd, fd = dut.fd;
	unsigned int i;

	igt_require_f(unbound, "the device was not unbound");
	fw_fd = -1;
	dut.fd = -1;
	igt_assert_f(f >= 0 && !close(f), "closing forcewake_user: %s",
		     strerror(errno));
	f = oa_fd;
	oa_fd = -1;
	igt_assert_f(f >= 0 && !close(f), "closing the OA stream: %s",
		     strerror(errno));
	igt_assert_f(!close(fd), "closing the render node: %s",
		     strerror(errno));
	if (dut.vdg1)
		igt_assert_eq_u32(dut_awake(), 0);

	/* The mappings outlive the file, still without memory behind. */
	assert_mappings_dummy("after the render fd was closed");
	for (i = 0; i < 2; i++) {
		igt_assert_f(!munmap((void *)bo_map[i], BO_SIZE),
			     "munmap: %s", strerror(errno));
		bo_map[i] = NULL;
	}
}

static void test_rebind(void)
{
	struct drm_dg1_query_device *dev;
	struct vdg1_counters_page c0, c1;
	struct dg1dev_fw_stats s;
	char dfs[PATH_MAX];
	uint64_t device;
	uint32_t size;
	unsigned int i;
	int err, fd, d;

	igt_require_f(unbound, "the device was not unbound");
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	err = dg1dev_sysfs_write(DRIVER_DIR "/bind", bdf);
	errno = 0;
	igt_assert_f(!err, "bind %s: %s", bdf, strerror(-err));
	unbound = false;
	igt_assert_f(dg1dev_pci_bound_to_dg1(dut.pci), "%s not bound to dg1 after bind", bdf);

	/* Probe reset the whole GT: every present engine once (vdg1). */
	if (dut.vdg1) {
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		for (i = 0; i < DG1DEV_MAX_ENGINES; i++) {
			bool present = dg1dev_media_fuse_leaves(&dg1dev_dg1_engines[i],
								c1.fuse_vebox_vdbox_disable);

			igt_assert_f(c1.engine_resets[i] - c0.engine_resets[i] ==
				     (present ? 1u : 0u),
				     "engine %u (%s): %u resets during probe, want %u",
				     i, present ? "present" : "absent",
				     c1.engine_resets[i] - c0.engine_resets[i],
				     present ? 1u : 0u);
		}
	}

	fd = dut_wait_render_node(BIND_TIMEOUT_MS, "bind");

	dev = igt_dg1_query_item(fd, DRM_DG1_QUERY_DEVICE, &size);
	igt_assert_eq(size, sizeof(*dev));
	igt_assert_eq(dg1dev_pci_attr(dut.pci, "device", &device), 0);
	igt_assert_eq_u64(dev->device_id, device);
	free(dev);
	free(igt_dg1_query_item(fd, DRM_DG1_QUERY_ENGINES, &size));
	close(fd);

	/* The new instance starts with nothing held. */
	igt_dg1_require_debugfs(dut.pci, dfs, sizeof(dfs));
	snprintf(dut.dfs, sizeof(dut.dfs), "%s", dfs);
	dut_fw_stats(&s);
	igt_assert_eq_u32(s.present, present);
	for (d = 0; d < VDG1_FW_COUNT; d++)
		igt_assert_f(!(s.present & DG1DEV_DOMAIN_BIT(d)) || !s.d[d].ref,
			     "%s: ref %u after bind", dg1dev_domain_name(d),
			     s.d[d].ref);
}

/* ---- the second unbind: work in flight ---- */

#define HUNG_JOBS	8
#define JOB_TIMEOUT_MS	5000
#define BIND_VA		0x200000ull
static int fd2 = -1, vgem_fd = -1, dead_q_stream = -1;
static int hung_sync[HUNG_JOBS], bind_sync = -1;
static uint32_t vgem_fence;
static bool unbound2;

/*
 * On a new file: endless batches on rcs0; a destroyed queue an OA stream
 * (of that queue only) still holds; a bind that waits for a vgem fence.
 * Then the unbind, timed.
 */
static void test_unbind_with_work(void)
{
	struct drm_dg1_sync s = {
		.type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
		.flags = DRM_DG1_SYNC_FLAG_SIGNAL,
	};
	struct drm_dg1_exec x = { .batch_address = QUEUE_VA, .num_syncs = 1 };
	uint64_t props[] = { DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, 0 };
	struct drm_dg1_perf_open o = {
		.num_properties = 1, .properties_ptr = (uintptr_t)props,
	};
	struct drm_dg1_exec_queue_destroy d = { 0 };
	uint32_t vm, bo, hung, dead, wait_so;
	volatile uint32_t *batch;
	uint64_t t0, ms;
	unsigned int i;
	int err;

	igt_require_f(!unbound, "the device is not bound");
	fd2 = igt_dg1_open_render();
	vm = vm_create(fd2);
	bo = gem_create(fd2, 4096, GEM_SMEM, 0);
	batch = gem_mmap(fd2, bo, 4096);
	batch[0] = 0x02800000;		/* MI_ARB_CHECK */
	batch[1] = 0x18800101;		/* MI_BATCH_BUFFER_START, itself */
	batch[2] = (uint32_t)QUEUE_VA;
	batch[3] = 0;
	munmap((void *)batch, 4096);
	vm_map(fd2, vm, bo, 0, QUEUE_VA, 4096, 0);

	hung = queue_create(fd2, vm, &dut.engines[0], 0);
	x.exec_queue_id = hung;
	x.syncs = (uintptr_t)&s;
	for (i = 0; i < HUNG_JOBS; i++) {
		s.handle = syncobj_create(fd2, 0);
		do_ioctl(fd2, DRM_IOCTL_DG1_EXEC, &x);
		hung_sync[i] = sync_file_of(fd2, s.handle);
	}

	dead = queue_create(fd2, vm, &dut.engines[0], 0);
	props[1] = dead;
	dead_q_stream = dg1dev_ioctl(fd2, DRM_IOCTL_DG1_PERF_OPEN, &o);
	igt_assert_f(dead_q_stream >= 0, "PERF_OPEN of a queue: %s",
		     strerror(errno));
	d.exec_queue_id = dead;
	do_ioctl(fd2, DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY, &d);

	vgem_fd = vgem_open();
	igt_assert_f(vgem_fd >= 0, "no vgem: %s", strerror(-vgem_fd));
	wait_so = syncobj_create(fd2, 0);
	vgem_fence = vgem_fence_syncobj(vgem_fd, fd2, wait_so);
	{
		struct drm_dg1_sync bs[2] = {
			{ .type = DRM_DG1_SYNC_TYPE_SYNCOBJ, .handle = wait_so },
			{ .type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
			  .flags = DRM_DG1_SYNC_FLAG_SIGNAL,
			  .handle = syncobj_create(fd2, 0) },
		};
		struct drm_dg1_vm_bind_op op = {
			.op = DRM_DG1_VM_BIND_OP_MAP, .obj = bo,
			.addr = BIND_VA, .range = 4096,
		};

		vm_bind(fd2, vm, &op, 1, bs, 2);
		bind_sync = sync_file_of(fd2, bs[1].handle);
	}
	/* The first batch runs. */
	dut_sleep_ms(50);

	t0 = dut_now_ns();
	err = dg1dev_sysfs_write(DRIVER_DIR "/unbind", bdf);
	ms = (dut_now_ns() - t0) / NSEC_PER_MSEC;
	errno = 0;
	igt_assert_f(!err, "unbind %s: %s", bdf, strerror(-err));
	unbound = unbound2 = true;
	igt_info("unbind with %u endless batches, a stream of a destroyed queue and a waiting bind: %llu ms\n",
		 HUNG_JOBS, (unsigned long long)ms);
	igt_assert_f(ms < JOB_TIMEOUT_MS,
		     "the unbind took %llu ms, more than one job timeout",
		     (unsigned long long)ms);
}

/* The batches ended with ENODEV; nothing holds a domain. */
static void test_work_ended_enodev(void)
{
	struct sync_fence_info fi;
	unsigned int i;

	igt_require_f(unbound2, "the device was not unbound with work");
	for (i = 0; i < HUNG_JOBS; i++)
		igt_assert_f(sync_file_fence(hung_sync[i], &fi) == -ENODEV,
			     "batch %u: status %d, want -ENODEV", i, fi.status);
	if (dut.vdg1) {
		int ms = dut_wait_asleep(DG1DEV_ALL_DOMAINS, RELEASE_TIMEOUT_MS);

		igt_assert_f(ms >= 0, "%s awake after the unbind",
			     dut_domains_str(dut_awake()));
	}
}

/* The OA stream of the destroyed queue closes after the unbind. */
static void test_dead_queue_stream_closes(void)
{
	int f = dead_q_stream;

	igt_require_f(unbound2, "the device was not unbound with work");
	dead_q_stream = -1;
	igt_assert_f(!close(f), "closing the stream: %s", strerror(errno));
}

/*
 * The file, and with it the DRM device, go; the batches' and the bind's
 * fences still name dg1's timelines from their sync files.
 */
static void test_fences_outlive_device(void)
{
	struct sync_fence_info fi;
	unsigned int i;
	int st;

	igt_require_f(unbound2, "the device was not unbound with work");
	/* The bind's wait ends; the bind changes nothing any more. */
	vgem_fence_signal(vgem_fd, vgem_fence);
	close(vgem_fd);
	vgem_fd = -1;
	igt_assert_f(!close(fd2), "closing the file: %s", strerror(errno));
	fd2 = -1;
	/* Its teardown is deferred: let it run. */
	dut_sleep_ms(200);
	for (i = 0; i < HUNG_JOBS; i++) {
		st = sync_file_fence(hung_sync[i], &fi);
		igt_assert_f(st == -ENODEV && !strcmp(fi.driver_name, "dg1") &&
			     !strcmp(fi.obj_name, "rcs0"),
			     "batch %u: %d %s %s", i, st, fi.driver_name,
			     fi.obj_name);
		close(hung_sync[i]);
		hung_sync[i] = -1;
	}
	/* Ended by the unbind, before its wait did. */
	st = sync_file_fence(bind_sync, &fi);
	igt_assert_f(st == -ENODEV &&
		     !strcmp(fi.driver_name, "dg1") &&
		     !strcmp(fi.obj_name, "dg1-bind"),
		     "bind: %d %s %s", st, fi.driver_name, fi.obj_name);
	close(bind_sync);
	bind_sync = -1;
}

static void test_rebind_again(void)
{
	int err;

	igt_require_f(unbound2, "the device was not unbound with work");
	err = dg1dev_sysfs_write(DRIVER_DIR "/bind", bdf);
	errno = 0;
	igt_assert_f(!err, "bind %s: %s", bdf, strerror(-err));
	unbound = false;
	igt_assert(dg1dev_pci_bound_to_dg1(dut.pci));
}

static void test_kernel_log(void)
{
	igt_dg1_assert_klog_clean(&klog);
}

igt_main
{
	igt_fixture
		setup();

	dut_subtest("unbind-while-open", test_unbind);
	dut_subtest("old-fd-enodev", test_old_fd_enodev);
	dut_subtest("oa-stream-enodev", test_oa_stream_enodev);
	dut_subtest("bo-mappings-dummy", test_bo_mappings_dummy);
	dut_subtest("forcewake-released", test_forcewake_released);
	dut_subtest("close-old-fds", test_close_old_fds);
	dut_subtest("rebind", test_rebind);
	dut_subtest("unbind-with-work", test_unbind_with_work);
	dut_subtest("work-ended-enodev", test_work_ended_enodev);
	dut_subtest("dead-queue-stream-closes", test_dead_queue_stream_closes);
	dut_subtest("fences-outlive-device", test_fences_outlive_device);
	dut_subtest("rebind-again", test_rebind_again);
	dut_subtest("kernel-log-clean", test_kernel_log);

	/* Leave the device bound whatever failed. */
	igt_fixture {
		if (fw_fd >= 0)
			close(fw_fd);
		if (oa_fd >= 0)
			close(oa_fd);
		if (dead_q_stream >= 0)
			close(dead_q_stream);
		if (fd2 >= 0)
			close(fd2);
		if (bdf && !dg1dev_pci_bound_to_dg1(dut.pci))
			dg1dev_sysfs_write(DRIVER_DIR "/bind", bdf);
		dut_close();
	}
}
