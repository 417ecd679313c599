// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_exec lifetimes: what must hold when a queue goes while its work, its
 * fences or the engine's view of its context are still around, and when
 * one user's queue is destroyed while hung, or raced by another thread
 * (uapi/dg1_drm.h, "DOC: Execution"). Each subtest checks the kernel log
 * for what the debug kernel reports (KASAN, lockdep, WARN).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_vm.h"
#include "dg1_exec.h"

/* The job timeout uapi/dg1_drm.h promises. */
#define JOB_TIMEOUT_MS		5000
/* A destroyed queue's teardown is deferred: long enough for it. */
#define TEARDOWN_MS		200

/* A second file: another user of the device, with a VM and a batch. */
struct user {
	int fd;
	uint32_t vm;
	struct vm_bo batch;
};

static void user_open(struct user *u)
{
	u->fd = igt_dg1_open_render();
	u->vm = vm_create(u->fd);
	vm_bo_new(&u->batch, u->fd, BATCH_SIZE, false, 7);
	vm_map(u->fd, u->vm, u->batch.handle, 0, BATCH_VA, BATCH_SIZE, 0);
}

/* Close everything, or only forget what went with a closed fd. */
static void user_close(struct user *u, bool fd_closed)
{
	if (!fd_closed) {
		vm_unmap(u->fd, u->vm, BATCH_VA, BATCH_SIZE);
		vm_bo_free(&u->batch, false);
		vm_destroy(u->fd, u->vm);
		close(u->fd);
	} else {
		vm_bo_free(&u->batch, true);
	}
	u->fd = -1;
}

/* A batch that starts itself again forever, preemptible. */
static void user_endless(struct user *u)
{
	volatile uint32_t *cs = (volatile uint32_t *)u->batch.map;

	cs[0] = MI_ARB_CHECK;
	cs[1] = MI_BATCH_BUFFER_START;
	cs[2] = (uint32_t)BATCH_VA;
	cs[3] = 0;
}

/* The fence of a sync file is dg1's, of @engine's timeline, signalled. */
static void assert_fence_named(int sync_fd, const char *engine, int status)
{
	struct sync_fence_info fi;

	sync_file_fence(sync_fd, &fi);
	igt_assert_f(!strcmp(fi.driver_name, "dg1") &&
		     !strcmp(fi.obj_name, engine),
		     "fence: driver \"%s\" timeline \"%s\", want dg1 %s",
		     fi.driver_name, fi.obj_name, engine);
	igt_assert_f(fi.status == status, "%s fence: status %d, want %d",
		     engine, fi.status, status);
}

static const char *engine_name(unsigned int i)
{
	return dut_engine_str(&dut.engines[i]);
}

/*
 * The fence EXEC handed out outlives its queue and its file: a sync file
 * of it still names its driver and engine and tells its status once the
 * queue's teardown (scheduler included) is long done. The scheduler's
 * fences named their timeline from the freed scheduler (KASAN on the
 * debug kernel).
 */
static void test_fence_outlives_queue(void)
{
	struct dg1dev_klog klog;
	unsigned int i;
	int sync_fd;

	dg1dev_klog_start(&klog);
	ctx_open();
	*batch_at(0) = MI_BATCH_BUFFER_END;
	*batch_at(4) = MI_NOOP;
	for (i = 0; i < dut.num_engines; i++) {
		uint32_t q = queue_create(dut.fd, ex.vm, &dut.engines[i], 0);
		uint32_t so = exec_out(dut.fd, q, BATCH_VA);

		wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
		queue_destroy(dut.fd, q);
		dut_sleep_ms(TEARDOWN_MS);
		sync_fd = sync_file_of(dut.fd, so);
		assert_fence_named(sync_fd, engine_name(i), 1);
		close(sync_fd);
		syncobj_destroy(dut.fd, so);
	}
	ctx_close();

	/* Of a file closed with the fence still in a sync file. */
	{
		struct user u;
		uint32_t q, so;

		user_open(&u);
		*(volatile uint32_t *)u.batch.map = MI_BATCH_BUFFER_END;
		q = queue_create(u.fd, u.vm, &dut.engines[0], 0);
		so = exec_out(u.fd, q, BATCH_VA);
		wait_ok(u.fd, so, EXEC_TIMEOUT_MS);
		sync_fd = sync_file_of(u.fd, so);
		close(u.fd);
		user_close(&u, true);
		dut_sleep_ms(TEARDOWN_MS);
		assert_fence_named(sync_fd, engine_name(0), 1);
		close(sync_fd);
	}
	igt_dg1_assert_klog_clean(&klog);
}

/*
 * A context's image is the engine's until it switches the context out,
 * which it reports after the request's breadcrumb: with vdg1 saving each
 * context for 20 ms, a queue destroyed as soon as its fence signalled is
 * torn down while the engine still holds its context. Freeing the image
 * then left the context-switch interrupt reading freed memory ("Bad IO
 * access" on the stock kernel, KASAN on the debug one).
 */
#define SAVE_DELAY_NS	20000000u
static struct dg1dev_prober knob = { NULL };

/*
 * Debug builds spin this long in the interrupt handler after a context
 * leaves the ports (inject_switch_out_delay_us), as a host that stops the
 * vCPU there would: a teardown woken by the switch-out then often runs
 * while the handler still uses the context (before the fix in
 * dg1_context_wait_off_engine(): KASAN in 1 run in 3 with the spin, 1 gate
 * in 3 on a loaded host without it).
 */
#define SWITCH_OUT_DELAY_PARAM \
	"/sys/module/dg1/parameters/inject_switch_out_delay_us"

/* Set a debug build's injection parameter; false where the build has none. */
static bool debug_param(const char *path, const char *v)
{
	int err = dg1dev_sysfs_write(path, v);

	errno = 0;
	if (err == -ENOENT)
		return false;
	igt_assert_f(!err, "cannot write %s: %s", path, strerror(-err));
	return true;
}

static bool switch_out_delay(const char *us)
{
	return debug_param(SWITCH_OUT_DELAY_PARAM, us);
}

static void switch_out_delay_off(void)
{
	switch_out_delay("0");
}

static void save_delay(uint32_t ns)
{
	*(volatile uint32_t *)&knob.page->el_save_delay_ns = ns;
	igt_assert_eq_u32(knob.page->el_save_delay_ns, ns);
}

static void test_switch_out_after_destroy(void)
{
	struct vdg1_counters_page c0, c1;
	struct dg1dev_klog klog;
	uint32_t save_ns = SAVE_DELAY_NS;
	char why[256];
	unsigned int i, rounds = 0;

	dut_require_vdg1();
	igt_assert_f(!dg1dev_vdg1_prober_open(dut.pci, &knob, why, sizeof(why)),
		     "%s", why);
	dg1dev_klog_start(&klog);
	ctx_open();
	*batch_at(0) = MI_BATCH_BUFFER_END;
	*batch_at(4) = MI_NOOP;
	/*
	 * The debug kernel's teardown takes longer than 20 ms to reach its
	 * wait: a longer save keeps the context on the engine until then.
	 */
	if (switch_out_delay("2000"))
		save_ns = 10 * SAVE_DELAY_NS;
	atexit(switch_out_delay_off);
	save_delay(save_ns);
	dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	for (i = 0; i < dut.num_engines; i++) {
		uint32_t q = queue_create(dut.fd, ex.vm, &dut.engines[i], 0);
		uint32_t so = exec_out(dut.fd, q, BATCH_VA);
		uint64_t t0;

		wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
		t0 = dut_now_ns();
		queue_destroy(dut.fd, q);
		syncobj_destroy(dut.fd, so);
		/* The switch-out comes save_ns after the breadcrumb. */
		dut_sleep_ms(3 * save_ns / 1000000);
		igt_debug("%s: %llu ms\n", engine_name(i),
			  (unsigned long long)(dut_now_ns() - t0) / NSEC_PER_MSEC);
		rounds++;
	}
	switch_out_delay_off();
	save_delay(0);
	dg1dev_vdg1_prober_close(&knob);
	dg1dev_vdg1_snapshot(dut.vdg1, &c1);
	/* Each context was switched out once, after its save. */
	igt_assert_f(c1.csb_events[10] - c0.csb_events[10] >= rounds,
		     "%u idle switch-outs for %u queues",
		     c1.csb_events[10] - c0.csb_events[10], rounds);
	ctx_close();
	igt_dg1_assert_klog_clean(&klog);
}

/* The statuses of @n syncobjs, all signalled within @ms. */
static void wait_all(int fd, const uint32_t *so, unsigned int n,
		     unsigned int ms, int want_status, const char *what)
{
	unsigned int i;

	igt_assert_f(!__syncobj_wait(fd, so, n, ms * NSEC_PER_MSEC),
		     "%s: not all %u fences signalled within %u ms", what, n,
		     ms);
	for (i = 0; i < n; i++) {
		int st = fence_status(fd, so[i]);

		igt_assert_f(st == want_status,
			     "%s: fence %u status %d, want %d", what, i, st,
			     want_status);
	}
}

#define HUNG_JOBS	16

/*
 * One user fills an engine with endless batches, then destroys the queue
 * (or closes its file): its batches end with -ECANCELED at once, the one
 * running reset off the engine, and another user creates a queue and runs
 * a batch on that engine well within one job timeout. Before, the
 * teardown waited 4 job timeouts with the device's queue lock held, then
 * left the engine hung for good.
 */
static void hog_then_release(bool close_fd)
{
	struct vdg1_counters_page c0, c1;
	uint32_t so[HUNG_JOBS], q, q2, nop;
	uint64_t t0, t_create, t_nop;
	struct user u;
	unsigned int i;

	user_open(&u);
	user_endless(&u);
	q = queue_create(u.fd, u.vm, &dut.engines[0], 0);
	for (i = 0; i < HUNG_JOBS; i++)
		so[i] = exec_out(u.fd, q, BATCH_VA);
	/* The first one runs. */
	dut_sleep_ms(50);
	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	for (i = 0; i < HUNG_JOBS; i++)
		igt_assert_eq(__syncobj_wait(u.fd, &so[i], 1, 0), -ETIME);

	t0 = dut_now_ns();
	if (close_fd) {
		int sync_fd[HUNG_JOBS];

		for (i = 0; i < HUNG_JOBS; i++)
			sync_fd[i] = sync_file_of(u.fd, so[i]);
		close(u.fd);
		user_close(&u, true);
		/* Back into syncobjs of a file that stays. */
		for (i = 0; i < HUNG_JOBS; i++) {
			struct drm_syncobj_handle h = {
				.fd = sync_fd[i],
				.flags = DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE,
			};

			h.handle = so[i] = syncobj_create(dut.fd, 0);
			do_ioctl(dut.fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &h);
			close(sync_fd[i]);
		}
	} else {
		queue_destroy(u.fd, q);
	}

	/* Another user, the same engine. */
	ctx_open();
	*batch_at(0) = MI_BATCH_BUFFER_END;
	*batch_at(4) = MI_NOOP;
	q2 = queue_create(dut.fd, ex.vm, &dut.engines[0], 0);
	t_create = dut_now_ns() - t0;
	nop = exec_out(dut.fd, q2, BATCH_VA);
	wait_ok(dut.fd, nop, EXEC_TIMEOUT_MS);
	t_nop = dut_now_ns() - t0;
	igt_assert_eq(fence_status(dut.fd, nop), 1);
	igt_info("%s of a queue with %u endless batches on %s: another user's queue created after %llu ms, its batch done after %llu ms\n",
		 close_fd ? "close" : "destroy", HUNG_JOBS, engine_name(0),
		 (unsigned long long)t_create / NSEC_PER_MSEC,
		 (unsigned long long)t_nop / NSEC_PER_MSEC);
	igt_assert_f(t_nop < JOB_TIMEOUT_MS * NSEC_PER_MSEC,
		     "the engine was held %llu ms, more than one job timeout",
		     (unsigned long long)t_nop / NSEC_PER_MSEC);
	wait_all(close_fd ? dut.fd : u.fd, so, HUNG_JOBS, EXEC_TIMEOUT_MS,
		 -ECANCELED, "the hog's batches");
	if (dut.vdg1) {
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		/* The running batch left by a reset, not by a timeout. */
		igt_assert_f(c1.engine_resets[0] - c0.engine_resets[0] >= 1,
			     "%u resets of %s", c1.engine_resets[0] - c0.engine_resets[0],
			     engine_name(0));
	}
	for (i = 0; i < HUNG_JOBS; i++)
		syncobj_destroy(close_fd ? dut.fd : u.fd, so[i]);
	syncobj_destroy(dut.fd, nop);
	queue_destroy(dut.fd, q2);
	ctx_close();
	if (!close_fd)
		user_close(&u, false);
}

static void test_destroy_hung_queue(void)
{
	struct dg1dev_klog klog;

	dg1dev_klog_start(&klog);
	hog_then_release(false);
	hog_then_release(true);
	igt_dg1_assert_klog_clean(&klog);
}

/*
 * One thread submits while another destroys the queue: every EXEC that
 * returned 0 has a fence that signals (done or cancelled), the others
 * fail with ENOENT. Before, an EXEC that got in as the queue was killed
 * pushed to a dead entity: its fence never signalled. On debug builds the
 * scheduler sleeps as it takes each job (inject_sched_delay_us), so the
 * destroy lands while a pop is under way: the kill must not race it
 * (core/dg1_sched.c; before, a job was both run and dropped, and the
 * kernel oopsed in drm_sched_entity_kill_jobs_work).
 */
#define RACE_ROUNDS	40
#define RACE_EXECS	64
#define RACE_POP_DELAY	"20000"
/* With the delay: EXECs queued behind the one being popped. */
#define RACE_QUEUED	4
#define SCHED_DELAY_PARAM "/sys/module/dg1/parameters/inject_sched_delay_us"

/* Set the debug build's pop delay; false where the build has none. */
static bool sched_delay(const char *us)
{
	return debug_param(SCHED_DELAY_PARAM, us);
}

/* Not left on when an assertion ends the subtest: at the latest at exit. */
static void sched_delay_off(void)
{
	sched_delay("0");
}

struct race {
	int fd;
	uint32_t q;
	uint32_t so[RACE_EXECS];
	unsigned int accepted;
	bool done;
	int last_err;
	pthread_barrier_t go;
};

static void *race_exec(void *arg)
{
	struct race *r = arg;
	unsigned int i;

	pthread_barrier_wait(&r->go);
	for (i = 0; i < RACE_EXECS; i++) {
		struct drm_dg1_sync s = {
			.type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
			.flags = DRM_DG1_SYNC_FLAG_SIGNAL,
			.handle = r->so[r->accepted],
		};
		int err = __exec(r->fd, r->q, BATCH_VA, &s, 1);

		if (err) {
			r->last_err = err;
			break;
		}
		__atomic_store_n(&r->accepted, r->accepted + 1, __ATOMIC_RELEASE);
	}
	__atomic_store_n(&r->done, true, __ATOMIC_RELEASE);
	return NULL;
}

static void test_exec_destroy_race(void)
{
	unsigned int round, i, total = 0, refused = 0;
	struct dg1dev_klog klog;
	bool delayed;
	struct race r;

	dg1dev_klog_start(&klog);
	delayed = sched_delay(RACE_POP_DELAY);
	if (delayed)
		atexit(sched_delay_off);
	ctx_open();
	*batch_at(0) = MI_BATCH_BUFFER_END;
	*batch_at(4) = MI_NOOP;
	for (round = 0; round < RACE_ROUNDS; round++) {
		pthread_t t;

		memset(&r, 0, sizeof(r));
		r.fd = dut.fd;
		r.q = queue_create(dut.fd, ex.vm,
				   &dut.engines[round % dut.num_engines], 0);
		for (i = 0; i < RACE_EXECS; i++)
			r.so[i] = syncobj_create(dut.fd, 0);
		igt_assert(!pthread_barrier_init(&r.go, NULL, 2));
		igt_assert(!pthread_create(&t, NULL, race_exec, &r));
		pthread_barrier_wait(&r.go);
		/*
		 * A few EXECs in, varying from round to round; with the pop
		 * delay, while the first pop sleeps and more wait behind it.
		 */
		while (delayed && !__atomic_load_n(&r.done, __ATOMIC_ACQUIRE) &&
		       __atomic_load_n(&r.accepted, __ATOMIC_ACQUIRE) < RACE_QUEUED)
			usleep(50);
		usleep(100 * (round % 8));
		queue_destroy(dut.fd, r.q);
		pthread_join(t, NULL);
		pthread_barrier_destroy(&r.go);
		igt_assert_f(r.accepted == RACE_EXECS || r.last_err == -ENOENT,
			     "round %u: EXEC after the destroy: %s", round,
			     strerror(-r.last_err));
		refused += r.accepted < RACE_EXECS;
		/* Every accepted EXEC's fence signals, ok or cancelled. */
		igt_assert_f(!r.accepted ||
			     !__syncobj_wait(dut.fd, r.so, r.accepted,
					     EXEC_TIMEOUT_MS * NSEC_PER_MSEC),
			     "round %u: of %u accepted EXECs, a fence never signalled",
			     round, r.accepted);
		for (i = 0; i < r.accepted; i++) {
			int st = fence_status(dut.fd, r.so[i]);

			igt_assert_f(st == 1 || st == -ECANCELED,
				     "round %u, EXEC %u: status %d", round, i, st);
		}
		total += r.accepted;
		for (i = 0; i < RACE_EXECS; i++)
			syncobj_destroy(dut.fd, r.so[i]);
	}
	igt_info("%u EXECs accepted in %u rounds, %u rounds ended by the destroy%s\n",
		 total, RACE_ROUNDS, refused,
		 delayed ? ", each pop " RACE_POP_DELAY " us long" : "");
	if (delayed)
		sched_delay("0");
	ctx_close();
	igt_dg1_assert_klog_clean(&klog);
}

/*
 * A bind that waits for a fence, then at once an EXEC of a batch that
 * writes through the mapping the bind makes: the batch waits for the
 * bind, and its store lands. Before, it ran at once and faulted.
 */
#define LATE_VA		0x3000000ull
static void test_exec_waits_for_bind(void)
{
	uint32_t wait_so, bind_so, so, q, fence, *cs;
	struct vm_bo late;
	int vgem;

	vgem = vgem_open();
	igt_assert_f(vgem >= 0, "no vgem: %s", strerror(-vgem));
	ctx_open();
	vm_bo_new(&late, dut.fd, DATA_SIZE, false, 5);
	late.map[0] = 0;
	wait_so = syncobj_create(dut.fd, 0);
	fence = vgem_fence_syncobj(vgem, dut.fd, wait_so);
	bind_so = syncobj_create(dut.fd, 0);
	{
		struct drm_dg1_sync s[2] = {
			{ .type = DRM_DG1_SYNC_TYPE_SYNCOBJ, .handle = wait_so },
			{ .type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
			  .flags = DRM_DG1_SYNC_FLAG_SIGNAL, .handle = bind_so },
		};
		struct drm_dg1_vm_bind_op op =
			dg1dev_vm_map_op(late.handle, 0, LATE_VA, DATA_SIZE, 0);

		vm_bind(dut.fd, ex.vm, &op, 1, s, 2);
	}
	cs = emit_sdi(batch_at(0), LATE_VA, 0x1a7e);
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	q = queue_create(dut.fd, ex.vm, &dut.engines[0], 0);
	/* The batch's first bytes are mapped: EXEC takes it. */
	so = exec_out(dut.fd, q, BATCH_VA);
	dut_sleep_ms(100);
	igt_assert_eq(__syncobj_wait(dut.fd, &so, 1, 0), -ETIME);
	igt_assert_eq(__syncobj_wait(dut.fd, &bind_so, 1, 0), -ETIME);
	vgem_fence_signal(vgem, fence);
	wait_ok(dut.fd, so, EXEC_TIMEOUT_MS);
	igt_assert_eq(fence_status(dut.fd, so), 1);
	igt_assert_eq_u32((uint32_t)late.map[0], 0x1a7e);
	syncobj_destroy(dut.fd, so);
	syncobj_destroy(dut.fd, bind_so);
	syncobj_destroy(dut.fd, wait_so);
	queue_destroy(dut.fd, q);
	vm_unmap(dut.fd, ex.vm, LATE_VA, DATA_SIZE);
	vm_bo_free(&late, false);
	ctx_close();
	close(vgem);
}

void dg1_exec_life_subtests(void)
{
	dut_subtest("fence-outlives-queue", test_fence_outlives_queue);
	dut_subtest("switch-out-after-destroy", test_switch_out_after_destroy);
	dut_subtest("destroy-hung-queue", test_destroy_hung_queue);
	dut_subtest("exec-destroy-race", test_exec_destroy_race);
	dut_subtest("exec-waits-for-bind", test_exec_waits_for_bind);
}
