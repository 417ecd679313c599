// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_limits - what one file may hold (uapi/dg1_drm.h, "DOC: Limits"):
 * each limit reached exactly and refused with its errno, the refusal
 * changing nothing, room given back by a destroy; contexts that draw on
 * no per-engine pool; the kernel memory of a file's objects charged to
 * its memory cgroup. Filling the limits is slow under TCG and neither the
 * fuses nor a rebind change them: the pipeline runs this once per kernel.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_exec.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_vm.h"

#define BATCH_VA		0x100000ull
#define FLAG_VA			0x200000ull
#define SZ_1G			(1024ull * 1024 * 1024)
#define VA_END			(1ull << 47)
#define MI_NOOP			0x00000000u
#define MI_BATCH_BUFFER_END	0x05000000u
#define MI_SEMAPHORE_WAIT_EQ	0x0e00c002u	/* poll, memory == data */
#define MI_ARB_CHECK		0x02800000u
#define MI_BATCH_BUFFER_START	0x18800101u	/* PPGTT, 3 dwords */
/* The job timeout uapi/dg1_drm.h promises. */
#define JOB_TIMEOUT_MS		5000

/* A VM with a batch object and a flag object (SMEM), on @fd. */
struct ctx {
	int fd;
	uint32_t vm;
	struct vm_bo batch, flag;
};

static void ctx_open(struct ctx *c, int fd)
{
	c->fd = fd;
	c->vm = vm_create(fd);
	vm_bo_new(&c->batch, fd, 4096, false, 1);
	vm_bo_new(&c->flag, fd, 4096, false, 2);
	vm_map(fd, c->vm, c->batch.handle, 0, BATCH_VA, 4096, 0);
	vm_map(fd, c->vm, c->flag.handle, 0, FLAG_VA, 4096, 0);
}

static void ctx_close(struct ctx *c)
{
	vm_unmap(c->fd, c->vm, 0, VA_END);
	vm_bo_free(&c->batch, false);
	vm_bo_free(&c->flag, false);
	vm_destroy(c->fd, c->vm);
}

static volatile uint32_t *dw(struct vm_bo *bo, unsigned int i)
{
	return (volatile uint32_t *)bo->map + i;
}

static const char *engine_name_of(int i)
{
	return dut_engine_str(&dut.engines[i]);
}

static int __vm_create(int fd, uint32_t *id)
{
	struct drm_dg1_vm_create c = { 0 };
	int ret = ioctl(fd, DRM_IOCTL_DG1_VM_CREATE, &c) ? -errno : 0;

	*id = c.vm_id;
	return ret;
}

static uint32_t queue_on(int fd, uint32_t vm, unsigned int engine)
{
	return queue_create(fd, vm, &dut.engines[engine], 0);
}

/* %DRM_DG1_MAX_VMS VMs, then -ENOSPC; a destroy makes room for one. */
static void test_limit_vms(void)
{
	int fd = igt_dg1_open_render();
	uint32_t id, last = 0;
	unsigned int n = 0;
	int err;

	while (n <= DRM_DG1_MAX_VMS && !(err = __vm_create(fd, &id))) {
		last = id;
		n++;
	}
	igt_assert_f(n == DRM_DG1_MAX_VMS && err == -ENOSPC,
		     "%u VMs, then %s; want %u, then ENOSPC", n,
		     err ? strerror(-err) : "more", DRM_DG1_MAX_VMS);
	/* Refused twice the same way; a destroyed one's place is free. */
	igt_assert_eq(__vm_create(fd, &id), -ENOSPC);
	vm_destroy(fd, last);
	igt_assert_eq(__vm_create(fd, &id), 0);
	igt_assert_eq(__vm_create(fd, &id), -ENOSPC);
	close(fd);
}

/* %DRM_DG1_MAX_EXEC_QUEUES queues across the engines, then -ENOSPC. */
static void test_limit_queues(void)
{
	int fd = igt_dg1_open_render();
	uint32_t vm = vm_create(fd), id, last = 0;
	unsigned int n = 0;
	int err;

	while (n <= DRM_DG1_MAX_EXEC_QUEUES &&
	       !(err = __queue_create(fd, vm, &dut.engines[n % dut.num_engines], 0, &id))) {
		last = id;
		n++;
	}
	igt_assert_f(n == DRM_DG1_MAX_EXEC_QUEUES && err == -ENOSPC,
		     "%u queues, then %s; want %u, then ENOSPC", n,
		     err ? strerror(-err) : "more", DRM_DG1_MAX_EXEC_QUEUES);
	queue_destroy(fd, last);
	igt_assert_eq(__queue_create(fd, vm, &dut.engines[0], 0, &id), 0);
	igt_assert_eq(__queue_create(fd, vm, &dut.engines[0], 0, &id), -ENOSPC);
	close(fd);
}

/*
 * %DRM_DG1_MAX_JOBS_PER_QUEUE batches not finished, then -EAGAIN and no
 * fence; once they are done the queue takes batches again.
 */
static void test_limit_queue_depth(void)
{
	struct drm_dg1_sync s = {
		.type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
		.flags = DRM_DG1_SYNC_FLAG_SIGNAL,
	};
	uint32_t q, so;
	struct ctx c;
	unsigned int n;
	int err = 0;

	ctx_open(&c, dut.fd);
	/* The first batch waits for the CPU to write 1 at FLAG_VA. */
	*dw(&c.flag, 0) = 0;
	*dw(&c.batch, 0) = MI_SEMAPHORE_WAIT_EQ;
	*dw(&c.batch, 1) = 1;
	*dw(&c.batch, 2) = (uint32_t)FLAG_VA;
	*dw(&c.batch, 3) = 0;
	*dw(&c.batch, 4) = MI_BATCH_BUFFER_END;
	*dw(&c.batch, 5) = MI_NOOP;
	*dw(&c.batch, 64) = MI_BATCH_BUFFER_END;
	*dw(&c.batch, 65) = MI_NOOP;
	q = queue_on(dut.fd, c.vm, 0);
	so = syncobj_create(dut.fd, 0);
	s.handle = so;
	for (n = 0; n <= DRM_DG1_MAX_JOBS_PER_QUEUE; n++) {
		err = __exec(dut.fd, q, BATCH_VA + (n ? 0x100 : 0), &s, 1);
		if (err)
			break;
	}
	igt_assert_f(n == DRM_DG1_MAX_JOBS_PER_QUEUE && err == -EAGAIN,
		     "%u batches queued, then %s; want %u, then EAGAIN", n,
		     err ? strerror(-err) : "more", DRM_DG1_MAX_JOBS_PER_QUEUE);
	/* The refused EXEC left the syncobj with the last accepted fence. */
	igt_assert_eq(__syncobj_wait(dut.fd, &so, 1, 0), -ETIME);
	*dw(&c.flag, 0) = 1;
	wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
	igt_assert_eq(fence_status(dut.fd, so), 1);
	syncobj_destroy(dut.fd, so);
	so = exec_out(dut.fd, q, BATCH_VA + 0x100);
	wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
	syncobj_destroy(dut.fd, so);
	queue_destroy(dut.fd, q);
	ctx_close(&c);
}

/*
 * Unmap the 4 KiB maps vm_map_spread() made from @base, a GiB apart, up to
 * @end, but every @keep-th: a bind of at most 256 unmaps at a time.
 */
static void vm_unmap_spread_but(int fd, uint32_t vm_id, uint64_t base,
				uint64_t end, unsigned int keep)
{
	struct drm_dg1_vm_bind_op ops[256];
	unsigned int n = 0, i = 0;
	uint64_t at;

	for (at = base; at < end; at += SZ_1G, i++) {
		if (i % keep)
			ops[n++] = dg1dev_vm_unmap_op(at, 4096);
		if (n == ARRAY_SIZE(ops) || (n && at + SZ_1G >= end)) {
			igt_assert_eq(dg1dev_vm_bind(fd, vm_id, ops, n, NULL, 0), 0);
			n = 0;
		}
	}
}

/*
 * A file's VMs together pin at most DRM_DG1_MAX_PT_BYTES of page tables,
 * in whole blocks of 16 (uapi/dg1_drm.h): the bind that would pass it
 * fails with ENOSPC and leaves no table behind, in either of the file's
 * VMs. Tables freed from blocks that stay give no room back: a VM whose
 * tables were thinned out keeps what it pins counted, so a file cannot
 * pin more than its quota by spreading its tables. A new VM's PML4 counts
 * too; unmapping everything gives the room back.
 */
static void test_limit_page_tables(void)
{
	const uint64_t max = DRM_DG1_MAX_PT_BYTES;
	const unsigned int per_bind = 256;
	/* What the refused bind may have wanted: three tables a map. */
	const uint64_t slack = (3 * per_bind + 2 * 16) * SZ_4K;
	int fd = igt_dg1_open_render();
	uint32_t vm[2] = { vm_create(fd), vm_create(fd) }, id;
	unsigned int binds = 0, tables[2], thinned, i;
	uint64_t base = SZ_1G, bytes[2], end0;
	struct vm_bo bo;
	int ret = 0;

	vm_bo_new(&bo, fd, 4096, false, 3);
	/*
	 * VM 0 to half the quota: each bind 256 maps a GiB apart, two
	 * tables each (a PDP per 512); then all but every 8th map goes.
	 */
	do {
		igt_assert_eq(vm_map_spread(fd, vm[0], bo.handle, base,
					    per_bind), 0);
		base += per_bind * SZ_1G;
	} while (vm_table_bytes(fd, vm[0]) < max / 2);
	end0 = base;
	tables[0] = vm_tables(fd, vm[0]);
	vm_unmap_spread_but(fd, vm[0], SZ_1G, end0, 8);
	vm_table_counts(fd, vm[0], &thinned, &bytes[0]);
	igt_assert_f(thinned < tables[0] / 4,
		     "%u tables after unmapping 7 maps in 8, %u before",
		     thinned, tables[0]);
	tables[0] = thinned;

	/*
	 * VM 1 until the file's quota says no; its counts are read once
	 * after each bind (reading debugfs lists every mapping).
	 */
	vm_table_counts(fd, vm[1], &tables[1], &bytes[1]);
	while (bytes[0] + bytes[1] < max + slack) {
		ret = vm_map_spread(fd, vm[1], bo.handle, base, per_bind);
		if (ret)
			break;
		vm_table_counts(fd, vm[1], &tables[1], &bytes[1]);
		base += per_bind * SZ_1G;
		binds++;
	}
	igt_assert_f(ret == -ENOSPC, "bind %u of VM 1: %s, %llu + %llu bytes of tables pinned (max %llu)",
		     binds, ret ? strerror(-ret) : "no refusal",
		     (unsigned long long)bytes[0], (unsigned long long)bytes[1],
		     (unsigned long long)max);
	igt_assert_f(bytes[0] + bytes[1] <= max &&
		     bytes[0] + bytes[1] > max - slack,
		     "refused with %llu + %llu bytes of tables pinned, the quota is %llu",
		     (unsigned long long)bytes[0], (unsigned long long)bytes[1],
		     (unsigned long long)max);
	/* The refused bind left no table behind, in either VM. */
	for (i = 0; i < 2; i++) {
		unsigned int t;
		uint64_t n;

		vm_table_counts(fd, vm[i], &t, &n);
		igt_assert_eq(t, tables[i]);
		igt_assert_eq_u64(n, bytes[i]);
	}
	igt_info("VM 0: %u tables in %llu KiB (thinned out), VM 1: %u tables in %llu KiB after %u binds, then ENOSPC (quota %llu KiB)\n",
		 tables[0], (unsigned long long)bytes[0] / 1024, tables[1],
		 (unsigned long long)bytes[1] / 1024, binds,
		 (unsigned long long)max / 1024);
	vm_unmap(fd, vm[0], 0, VA_END);
	igt_assert_eq(__vm_create(fd, &id), 0);
	igt_assert_eq(vm_map_spread(fd, vm[0], bo.handle, SZ_1G, per_bind), 0);
	vm_unmap(fd, vm[0], 0, VA_END);
	vm_unmap(fd, vm[1], 0, VA_END);
	vm_destroy(fd, id);
	vm_destroy(fd, vm[0]);
	vm_destroy(fd, vm[1]);
	vm_bo_free(&bo, false);
	close(fd);
}

/* Threads in the system: the fourth field of /proc/loadavg, "R/T". */
static int system_threads(void)
{
	FILE *f = fopen("/proc/loadavg", "r");
	int running, threads = -1;

	igt_assert(f);
	igt_assert_eq(fscanf(f, "%*s %*s %*s %d/%d", &running, &threads), 2);
	fclose(f);
	return threads;
}

/*
 * More contexts on one engine than there are hardware context ids (2045
 * usable): ids are held only while a context is on the engine, so every
 * one of them is created, and the last one runs a batch. Several files
 * hold them, each at its queue limit. The queues add no kernel thread
 * each (a scheduler's own workqueue would: its rescuer): a user cannot
 * make the kernel spawn threads by creating queues.
 */
#define ID_FILES	9
static void test_contexts_beyond_ids(void)
{
	int bcs = -1, fds[ID_FILES], threads0, threads1;
	unsigned int i, f, n = 0;
	uint32_t vm[ID_FILES], id = 0, so;

	for (i = 0; i < dut.num_engines; i++)
		if (dut.engines[i].engine_class == DRM_DG1_ENGINE_CLASS_COPY)
			bcs = i;
	igt_assert(bcs >= 0);
	igt_assert(ID_FILES * DRM_DG1_MAX_EXEC_QUEUES > 2045);
	threads0 = system_threads();
	for (f = 0; f < ID_FILES; f++) {
		fds[f] = igt_dg1_open_render();
		vm[f] = vm_create(fds[f]);
		for (i = 0; i < DRM_DG1_MAX_EXEC_QUEUES; i++) {
			int err = __queue_create(fds[f], vm[f], &dut.engines[bcs], 0, &id);

			igt_assert_f(!err, "context %u on %s: %s", n,
				     engine_name_of(bcs), strerror(-err));
			n++;
		}
	}
	threads1 = system_threads();
	igt_info("%u contexts on %s; threads %d before, %d with them\n", n,
		 engine_name_of(bcs), threads0, threads1);
	/*
	 * Other threads come and go meanwhile (workers of busy workqueues:
	 * dozens on a loaded host), never one a queue.
	 */
	igt_assert_f(threads1 - threads0 < (int)n / 2,
		     "%u queues came with %d more threads", n,
		     threads1 - threads0);
	/* The newest one runs a batch, in the last file's VM. */
	{
		struct vm_bo batch;

		vm_bo_new(&batch, fds[ID_FILES - 1], 4096, false, 9);
		*(volatile uint32_t *)batch.map = MI_BATCH_BUFFER_END;
		vm_map(fds[ID_FILES - 1], vm[ID_FILES - 1], batch.handle, 0,
		       BATCH_VA, 4096, 0);
		so = exec_out(fds[ID_FILES - 1], id, BATCH_VA);
		wait_ok(fds[ID_FILES - 1], so, EXEC_TIMEOUT_MS);
		igt_assert_eq(fence_status(fds[ID_FILES - 1], so), 1);
		vm_bo_free(&batch, true);
	}
	for (f = 0; f < ID_FILES; f++)
		close(fds[f]);
}

/* ---- the engine, shared ---- */

#define HOGS	4

/*
 * One user's four queues on rcs0 each run a batch that never ends (but
 * reaches arbitration points): another user's batch there is done well
 * within one job timeout, as contexts of one priority share the engine
 * in time slices. Without them it waited for each hog's timeout in turn.
 */
static void test_engine_share(void)
{
	struct vdg1_counters_page c0, c1;
	int hog_fd = igt_dg1_open_render();
	uint32_t q[HOGS], so[HOGS], nop, bq;
	struct ctx hog, user;
	uint64_t t0, ms;
	unsigned int i;

	ctx_open(&hog, hog_fd);
	*dw(&hog.batch, 0) = MI_ARB_CHECK;
	*dw(&hog.batch, 1) = MI_BATCH_BUFFER_START;
	*dw(&hog.batch, 2) = (uint32_t)BATCH_VA;
	*dw(&hog.batch, 3) = 0;
	for (i = 0; i < HOGS; i++) {
		q[i] = queue_on(hog_fd, hog.vm, 0);
		so[i] = exec_out(hog_fd, q[i], BATCH_VA);
	}
	dut_sleep_ms(20);
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);

	ctx_open(&user, dut.fd);
	*dw(&user.batch, 0) = MI_BATCH_BUFFER_END;
	bq = queue_on(dut.fd, user.vm, 0);
	t0 = dut_now_ns();
	nop = exec_out(dut.fd, bq, BATCH_VA);
	wait_ok(dut.fd, nop, EXEC_TIMEOUT_MS);
	ms = (dut_now_ns() - t0) / NSEC_PER_MSEC;
	igt_assert_eq(fence_status(dut.fd, nop), 1);
	igt_info("a batch on rcs0 beside %u endless ones of another user: %llu ms\n",
		 HOGS, (unsigned long long)ms);
	igt_assert_f(ms < JOB_TIMEOUT_MS,
		     "it waited %llu ms, more than one job timeout",
		     (unsigned long long)ms);
	if (dut.vdg1) {
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		igt_assert_f(c1.preemptions > c0.preemptions,
			     "no preemption on the way");
	}
	for (i = 0; i < HOGS; i++)
		igt_assert_eq(__syncobj_wait(hog_fd, &so[i], 1, 0), -ETIME);
	syncobj_destroy(dut.fd, nop);
	queue_destroy(dut.fd, bq);
	ctx_close(&user);
	/* The hog's file goes, and its batches with it. */
	close(hog_fd);
	vm_bo_free(&hog.batch, true);
	vm_bo_free(&hog.flag, true);
}

/*
 * Two batches that each need 3 s of engine time, sharing the engine for
 * 6 s: neither is taken for hung, as the job timeout counts the time a
 * request had the engine, not the wall time since it started.
 */
static void test_sliced_not_hung(void)
{
	const unsigned int wait_ms = JOB_TIMEOUT_MS + 1000;
	uint32_t q[2], so[2];
	struct ctx c;
	unsigned int i;

	ctx_open(&c, dut.fd);
	*dw(&c.flag, 0) = 0;
	for (i = 0; i < 2; i++) {
		*dw(&c.batch, 64 * i) = MI_SEMAPHORE_WAIT_EQ;
		*dw(&c.batch, 64 * i + 1) = 1;
		*dw(&c.batch, 64 * i + 2) = (uint32_t)FLAG_VA;
		*dw(&c.batch, 64 * i + 3) = 0;
		*dw(&c.batch, 64 * i + 4) = MI_BATCH_BUFFER_END;
		q[i] = queue_on(dut.fd, c.vm, 1);	/* bcs0 */
		so[i] = exec_out(dut.fd, q[i], BATCH_VA + 256 * i);
	}
	dut_sleep_ms(wait_ms);
	*dw(&c.flag, 0) = 1;
	for (i = 0; i < 2; i++) {
		wait_ok(dut.fd, so[i], EXEC_TIMEOUT_MS);
		igt_assert_f(fence_status(dut.fd, so[i]) == 1,
			     "batch %u, %u ms beside another: status %d", i,
			     wait_ms, fence_status(dut.fd, so[i]));
		syncobj_destroy(dut.fd, so[i]);
		queue_destroy(dut.fd, q[i]);
	}
	ctx_close(&c);
}

/* ---- memory cgroup ---- */

/*
 * The test VM's /init mounts cgroup2 here with the memory controller and
 * keeps a cgroup of its own, so making and removing ours changes no kernel
 * text (scripts/vm/init); elsewhere it is mounted here when needed.
 */
#define CG_ROOT		"/tmp/dg1-cgroup"
#define CG_TEST		CG_ROOT "/dg1-limits"
/* What the file may charge on top of what the cgroup holds at the start. */
#define CG_ROOM		(512 * 1024)

static bool write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	bool ok;

	if (fd < 0)
		return false;
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok;
}

static long long read_ll(const char *path, const char *key)
{
	char line[256];
	long long v = -1;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!key) {
			v = strtoll(line, NULL, 10);
			break;
		}
		if (!strncmp(line, key, strlen(key)) && line[strlen(key)] == ' ')
			v = strtoll(line + strlen(key) + 1, NULL, 10);
	}
	fclose(f);
	return v;
}

/*
 * A cgroup v2 with the memory controller, or the reason there is none.
 */
static const char *cgroup_setup(void)
{
	static char why[128];

	mkdir(CG_ROOT, 0755);
	if (access(CG_ROOT "/cgroup.controllers", F_OK) &&
	    mount("none", CG_ROOT, "cgroup2", 0, NULL)) {
		snprintf(why, sizeof(why), "no cgroup2: %s", strerror(errno));
		return why;
	}
	if (!write_str(CG_ROOT "/cgroup.subtree_control", "+memory")) {
		snprintf(why, sizeof(why), "no memory cgroup controller: %s",
			 strerror(errno));
		return why;
	}
	if (mkdir(CG_TEST, 0755) && errno != EEXIST) {
		snprintf(why, sizeof(why), "mkdir %s: %s", CG_TEST,
			 strerror(errno));
		return why;
	}
	return NULL;
}

/*
 * In a memory cgroup with CG_ROOM of room, a file creates VMs until the
 * cgroup is full: well before %DRM_DG1_MAX_VMS, the charge fails (ENOMEM)
 * or the cgroup's OOM killer takes the task. Uncharged, it would reach
 * the file limit.
 */
static void test_memcg_charged(void)
{
	const char *why = cgroup_setup();
	int pipefd[2], status;
	char buf[64];
	long long oom0, oom1;
	int msg, made = 0, err = 0;
	pid_t pid;

	igt_require_f(!why, "%s", why);
	oom0 = read_ll(CG_TEST "/memory.events", "oom_kill");
	igt_assert(!pipe(pipefd));
	pid = fork();
	igt_assert(pid >= 0);
	if (!pid) {
		uint32_t id;
		int n = 0, e = 0, fd;

		snprintf(buf, sizeof(buf), "%d", getpid());
		if (!write_str(CG_TEST "/cgroup.procs", buf))
			_exit(2);
		snprintf(buf, sizeof(buf), "%lld",
			 read_ll(CG_TEST "/memory.current", NULL) + CG_ROOM);
		if (!write_str(CG_TEST "/memory.max", buf))
			_exit(3);
		fd = igt_dg1_open_render();
		while (n < DRM_DG1_MAX_VMS && !(e = __vm_create(fd, &id))) {
			n++;
			/* Each count on its way out, in case of the OOM killer. */
			if (write(pipefd[1], &n, sizeof(n)) != sizeof(n))
				_exit(4);
		}
		if (write(pipefd[1], &e, sizeof(e)) != sizeof(e))
			_exit(4);
		_exit(0);
	}
	close(pipefd[1]);
	/* Counts, then the error that stopped it (0: none). */
	while (read(pipefd[0], &msg, sizeof(msg)) == sizeof(msg)) {
		if (msg <= 0) {
			err = msg;
			break;
		}
		made = msg;
	}
	close(pipefd[0]);
	igt_assert_eq(waitpid(pid, &status, 0), pid);
	oom1 = read_ll(CG_TEST "/memory.events", "oom_kill");
	write_str(CG_TEST "/memory.max", "max");
	rmdir(CG_TEST);
	igt_assert_f(!WIFEXITED(status) || WEXITSTATUS(status) < 2,
		     "the child could not set up its cgroup (%d)",
		     WEXITSTATUS(status));
	igt_info("in a cgroup with %u KiB of room: %d VMs, then %s (%lld OOM kills)\n",
		 CG_ROOM / 1024, made,
		 err == -ENOMEM ? "VM_CREATE failed with ENOMEM" :
		 WIFSIGNALED(status) ? "the task was killed" : "no failure",
		 oom1 - oom0);
	igt_assert_f(err == -ENOMEM ||
		     (WIFSIGNALED(status) && oom1 > oom0),
		     "VMs were not charged to the cgroup: %s (exit status 0x%x)",
		     err ? strerror(-err) : "every VM_CREATE succeeded",
		     status);
}

/* ---- system memory ---- */

#define SMEM_CHUNK	(64ull << 20)
#define SMEM_MAX_CHUNKS	64		/* 4 GiB: past any test VM's RAM */

/* SwapFree of /proc/meminfo, in bytes. */
static uint64_t swap_free(void)
{
	char line[128];
	uint64_t kb = 0;
	FILE *f = fopen("/proc/meminfo", "r");

	igt_assert(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "SwapFree: %" SCNu64, &kb) == 1)
			break;
	fclose(f);
	return kb * 1024;
}

/*
 * The pages of SMEM objects are bounded (Documentation/memory.rst, "The
 * bound on system memory"): objects of 64 MiB, each given its pages at
 * creation, are refused with -ENOMEM once the pages held would pass SMEM's
 * usable size (TTM's limit) plus the free swap - not two chunks before,
 * and never two chunks past; closing them gives the room back. Before the
 * bound, TTM swapped past its limit into shmem, which is RAM where there
 * is no swap, until the machine ran out.
 */
static void test_smem_bounded(void)
{
	struct drm_dg1_memory_region_info r[2];
	uint64_t usable, held0, limit, made = 0;
	uint32_t h[SMEM_MAX_CHUNKS], again;
	unsigned int n = 0, i;
	int err = 0;

	gem_regions(dut.fd, r);
	usable = r[DRM_DG1_MEMORY_REGION_SMEM].usable_size;
	held0 = r[DRM_DG1_MEMORY_REGION_SMEM].used;
	limit = usable + swap_free();
	while (n < SMEM_MAX_CHUNKS && held0 + made <= limit + 2 * SMEM_CHUNK) {
		err = __gem_create(dut.fd, SMEM_CHUNK, GEM_SMEM, 0, &h[n]);
		if (err)
			break;
		n++;
		made += SMEM_CHUNK;
	}
	igt_info("SMEM usable %" PRIu64 " MiB, %" PRIu64 " MiB held before, swap free %" PRIu64 " MiB: %u objects of 64 MiB, then %s\n",
		 usable >> 20, held0 >> 20, (limit - usable) >> 20, n,
		 err ? strerror(-err) : "no refusal");
	igt_assert_f(err == -ENOMEM,
		     "%" PRIu64 " MiB of SMEM objects made past a limit of %" PRIu64 " MiB without -ENOMEM (%s)",
		     made >> 20, limit >> 20, err ? strerror(-err) : "none");
	igt_assert_f(held0 + made + 2 * SMEM_CHUNK > limit,
		     "refused at %" PRIu64 " MiB, well under the limit of %" PRIu64 " MiB",
		     (held0 + made) >> 20, limit >> 20);
	for (i = 0; i < n; i++)
		gem_close(dut.fd, h[i]);
	gem_wait_used(dut.fd, DRM_DG1_MEMORY_REGION_SMEM, held0, 5000);
	igt_assert_eq(__gem_create(dut.fd, SMEM_CHUNK, GEM_SMEM, 0, &again), 0);
	gem_close(dut.fd, again);
}

igt_main
{
	igt_fixture
		dut_open();

	dut_subtest("vms", test_limit_vms);
	dut_subtest("exec-queues", test_limit_queues);
	dut_subtest("queue-depth", test_limit_queue_depth);
	dut_subtest("page-tables", test_limit_page_tables);
	dut_subtest("contexts-beyond-ids", test_contexts_beyond_ids);
	dut_subtest("memcg-charged", test_memcg_charged);
	dut_subtest("smem-bounded", test_smem_bounded);
	dut_subtest("engine-share", test_engine_share);
	dut_subtest("sliced-not-hung", test_sliced_not_hung);

	igt_fixture
		dut_close();
}
