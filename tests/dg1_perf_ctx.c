// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_perf_ctx.c - dg1_perf's subtests of who may use the OA unit and
 * what a context sees: one stream at a time, perf_stream_paranoid for
 * unprivileged processes, and per-context queries (MI_REPORT_PERF_COUNT
 * on a watched render queue).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dg1_perf.h"

/* Batches (HARDWARE.md 9.2, 9.3, 9.8): opcode << 23 | length - 2. */
#define MI_NOOP			0x00000000u
#define MI_BATCH_BUFFER_END	0x05000000u
#define MI_STORE_DATA_IMM	0x10000002u	/* dword, PPGTT */
#define MI_REPORT_PERF_COUNT	(0x28u << 23 | (4 - 2))	/* PPGTT */
#define BATCH_VA		0x100000ull
#define DATA_VA			0x200000ull
#define BO_SIZE			(64ull << 10)

/* ---- unprivileged children ---- */

/*
 * Drop CAP_PERFMON and CAP_SYS_ADMIN from every set of this process (the
 * tests run as root): 0, or the errno of capget/capset.
 */
static int drop_perf_caps(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2];
	unsigned int i;

	if (syscall(SYS_capget, &h, d))
		return errno;
	for (i = 0; i < 2; i++) {
		uint32_t drop = 0;

		if (CAP_SYS_ADMIN / 32 == i)
			drop |= 1u << (CAP_SYS_ADMIN % 32);
		if (CAP_PERFMON / 32 == i)
			drop |= 1u << (CAP_PERFMON % 32);
		d[i].effective &= ~drop;
		d[i].permitted &= ~drop;
		d[i].inheritable &= ~drop;
	}
	if (syscall(SYS_capset, &h, d))
		return errno;
	memset(d, 0xff, sizeof(d));
	if (syscall(SYS_capget, &h, d))
		return errno;
	if (d[CAP_SYS_ADMIN / 32].effective & 1u << (CAP_SYS_ADMIN % 32) ||
	    d[CAP_PERFMON / 32].effective & 1u << (CAP_PERFMON % 32))
		return EPERM;
	return 0;
}

#define CHILD_NO_DROP	200

/*
 * Run @fn(@arg) in a child without CAP_PERFMON and CAP_SYS_ADMIN; the
 * child shares the DRM file. Returns what @fn returned (0 or an errno).
 */
static int unprivileged(int (*fn)(const void *arg), const void *arg)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	igt_assert(pid >= 0);
	if (!pid) {
		int err = drop_perf_caps();

		_exit(err ? CHILD_NO_DROP : fn(arg));
	}
	igt_assert_eq(waitpid(pid, &status, 0), pid);
	igt_assert_f(WIFEXITED(status), "child status 0x%x", status);
	igt_assert_f(WEXITSTATUS(status) != CHILD_NO_DROP,
		     "the child could not drop CAP_PERFMON and CAP_SYS_ADMIN");
	return WEXITSTATUS(status);
}

/* In a child: PERF_OPEN with @arg's properties; 0 or the errno. */
static int child_open(const void *arg)
{
	const struct props *p = arg;
	struct drm_dg1_perf_open o = {
		.num_properties = p->n,
		.properties_ptr = (uintptr_t)p->p,
	};
	int sfd = ioctl(dut.fd, DRM_IOCTL_DG1_PERF_OPEN, &o);

	if (sfd < 0)
		return errno;
	close(sfd);
	return 0;
}

/* In a child: ADD_CONFIG of @arg, then its REMOVE_CONFIG. */
static int child_add(const void *arg)
{
	struct drm_dg1_perf_oa_config cfg = *(const struct drm_dg1_perf_oa_config *)arg;
	int id = ioctl(dut.fd, DRM_IOCTL_DG1_PERF_ADD_CONFIG, &cfg);
	uint64_t id64;

	if (id < 0)
		return errno;
	if (id == 0)
		return 201;
	id64 = id;
	if (ioctl(dut.fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, &id64))
		return 202;
	return 0;
}

/* In a child: REMOVE_CONFIG of *@arg. */
static int child_remove(const void *arg)
{
	uint64_t id = *(const uint64_t *)arg;

	return ioctl(dut.fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG, &id) ? errno : 0;
}

void test_exclusive(void)
{
	uint32_t vm, q;
	struct props p;
	int sfd, ret;

	sfd = open_sample(FMT_A32u40, 16, 0);
	ret = __perf_open(dut.fd, 0, &(struct props){
		.p = { DRM_DG1_PERF_PROP_SAMPLE_OA, 1,
		       DRM_DG1_PERF_PROP_OA_METRICS_SET, test_set,
		       DRM_DG1_PERF_PROP_OA_FORMAT, DRM_DG1_OA_FORMAT_A12 },
		.n = 3 });
	igt_assert_eq(ret, -EBUSY);
	/* Another file of the device: the same unit. */
	{
		int fd2 = igt_dg1_open_render();
		struct props sp = sample_props(FMT_A32u40, 16);

		ret = __perf_open(fd2, 0, &sp);
		if (ret >= 0)
			stream_close(ret);
		close(fd2);
		igt_assert_eq(ret, -EBUSY);
	}
	/* A per-context stream needs the unit too. */
	vm = vm_create(dut.fd);
	q = render_queue(dut.fd, vm);
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	igt_assert_eq(__perf_open(dut.fd, 0, &p), -EBUSY);
	/* The first stream is unharmed. */
	check_info(sfd, FMT_A32u40, 16, true);
	stream_close(sfd);
	sfd = open_sample(DRM_DG1_OA_FORMAT_A12, 16, 0);
	check_info(sfd, DRM_DG1_OA_FORMAT_A12, 16, true);
	igt_assert_eq(__perf_open(dut.fd, 0, &p), -EBUSY);
	stream_close(sfd);
	sfd = perf_open(0, &p);
	{
		struct props sp = sample_props(FMT_A32u40, 16);

		igt_assert_eq(__perf_open(dut.fd, 0, &sp), -EBUSY);
	}
	stream_close(sfd);
	queue_destroy(dut.fd, q);
	vm_destroy(dut.fd, vm);
}

void test_paranoid(void)
{
	struct drm_dg1_perf_oa_config cfg;
	struct props p = sample_props(FMT_A32u40, 16);
	uint64_t id, fast, slow;
	uint32_t max_rate;
	char uuid[37];
	int sfd;

	igt_assert_f(paranoid_saved >= 0, "no %s", PARANOID_PATH);
	make_uuid(uuid, 3);
	cfg = good_config(uuid);

	write_int(PARANOID_PATH, 1);
	igt_assert_eq(unprivileged(child_open, &p), EACCES);
	igt_assert_eq(unprivileged(child_add, &cfg), EACCES);
	assert_sysfs_gone(uuid);
	id = test_set;
	igt_assert_eq(unprivileged(child_remove, &id), EACCES);
	assert_sysfs_id(testoa->guid, test_set);
	/* Root as it is may. */
	sfd = perf_open(0, &p);
	stream_close(sfd);

	write_int(PARANOID_PATH, 0);
	igt_assert_eq(unprivileged(child_open, &p), 0);
	igt_assert_eq(unprivileged(child_add, &cfg), 0);
	assert_sysfs_gone(uuid);

	/*
	 * oa_max_sample_rate: the fastest exponent at or under it is
	 * allowed, the next faster one needs the privilege even now.
	 */
	max_rate = read_int(MAX_RATE_PATH);
	igt_assert_lt(0, max_rate);
	for (slow = 0; slow < 31; slow++)
		if (ts_freq / period_ticks(slow) <= max_rate)
			break;
	igt_assert_f(slow > 0, "no exponent is above %u Hz", max_rate);
	fast = slow - 1;
	igt_info("oa_max_sample_rate %u Hz: exponent %llu (%llu Hz) allowed, "
		 "%llu (%llu Hz) not\n", max_rate, (unsigned long long)slow,
		 (unsigned long long)(ts_freq / period_ticks(slow)),
		 (unsigned long long)fast,
		 (unsigned long long)(ts_freq / period_ticks(fast)));
	p = sample_props(DRM_DG1_OA_FORMAT_A12, fast);
	igt_assert_eq(unprivileged(child_open, &p), EACCES);
	sfd = perf_open(DRM_DG1_PERF_FLAG_DISABLED, &p);
	stream_close(sfd);
	p = sample_props(DRM_DG1_OA_FORMAT_A12, slow);
	igt_assert_eq(unprivileged(child_open, &p), 0);

	/*
	 * The slowest exponent under a cap at which its period in ns times
	 * the cap wraps past 2^64 to under a second: once that product was
	 * the check, and the slowest stream needed the privilege.
	 */
	{
		uint64_t period_ns = period_ticks(31) * 1000000000ull / ts_freq;
		unsigned __int128 k, two64 = (unsigned __int128)1 << 64;
		uint64_t m = 0;

		for (k = 1; !m; k++) {
			uint64_t mk = (uint64_t)((k * two64 + period_ns - 1) /
						 period_ns);

			igt_assert_f(mk <= INT32_MAX, "no cap wraps (period %llu ns)",
				     (unsigned long long)period_ns);
			if (mk * period_ns < 1000000000ull)
				m = mk;
		}
		write_int(MAX_RATE_PATH, (int)m);
		p = sample_props(DRM_DG1_OA_FORMAT_A12, 31);
		igt_assert_f(unprivileged(child_open, &p) == 0,
			     "exponent 31 refused under a cap of %llu Hz",
			     (unsigned long long)m);
		write_int(MAX_RATE_PATH, max_rate);
	}

	paranoid_restore();
	igt_assert_eq(read_int(PARANOID_PATH), paranoid_saved);
}

/* ---- MI_REPORT_PERF_COUNT ---- */

static void wait_syncobj(int fd, uint32_t so)
{
	int err = __syncobj_wait(fd, &so, 1, EXEC_TIMEOUT_MS * NSEC_PER_MSEC);

	igt_assert_f(!err, "batch not done after %u ms: %s", EXEC_TIMEOUT_MS,
		     strerror(-err));
}

static void exec_wait(int fd, uint32_t q, uint64_t batch)
{
	struct drm_dg1_sync s = {
		.type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
		.flags = DRM_DG1_SYNC_FLAG_SIGNAL,
		.handle = syncobj_create(fd, 0),
	};
	struct drm_dg1_exec x = {
		.exec_queue_id = q,
		.batch_address = batch,
		.num_syncs = 1,
		.syncs = (uintptr_t)&s,
	};

	igt_assert_f(!ioctl(fd, DRM_IOCTL_DG1_EXEC, &x), "EXEC: %s",
		     strerror(errno));
	wait_syncobj(fd, s.handle);
	syncobj_destroy(fd, s.handle);
}

static uint32_t *emit_rpc(uint32_t *cs, uint64_t va, uint32_t id)
{
	*cs++ = MI_REPORT_PERF_COUNT;
	*cs++ = (uint32_t)va;		/* bit 0 clear: PPGTT */
	*cs++ = (uint32_t)(va >> 32);
	*cs++ = id;
	return cs;
}

#define RPC_CANARY	0x80808080u
/* vdg1 runs up to 256 commands at one model time: span several slices. */
#define RPC_WORK	1024

void test_mi_rpc(void)
{
	struct vdg1_counters_page s0, s1;
	const struct drm_dg1_engine_class_instance *rcs;
	struct vm_bo batch, data;
	volatile uint32_t *d;
	uint32_t vm, q, *cs;
	struct props p;
	unsigned int i;
	int sfd;

	rcs = dut_find_engine(&ENGINE(RENDER, 0));
	igt_assert_f(rcs, "no rcs0");
	vm = vm_create(dut.fd);
	vm_bo_new(&batch, dut.fd, BO_SIZE, false, 11);
	vm_bo_new(&data, dut.fd, BO_SIZE, false, 12);
	vm_map(dut.fd, vm, batch.handle, 0, BATCH_VA, BO_SIZE, 0);
	vm_map(dut.fd, vm, data.handle, 0, DATA_VA, BO_SIZE, 0);
	q = render_queue(dut.fd, vm);

	/* Per-context streams need no privilege, even with paranoid 1. */
	write_int(PARANOID_PATH, 1);
	p = (struct props){ 0 };
	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, q);
	igt_assert_eq(unprivileged(child_open, &p), 0);
	paranoid_restore();

	sfd = perf_open(0, &p);
	d = (volatile uint32_t *)data.map;
	for (i = 0; i < BO_SIZE / 4; i++)
		d[i] = RPC_CANARY;
	cs = (uint32_t *)batch.map;
	cs = emit_rpc(cs, DATA_VA, 0xdead0001);
	for (i = 0; i < RPC_WORK; i++) {
		*cs++ = MI_STORE_DATA_IMM;
		*cs++ = (uint32_t)(DATA_VA + 4096 + 4 * i);
		*cs++ = (uint32_t)((DATA_VA + 4096) >> 32);
		*cs++ = 0x5000 + i;
	}
	cs = emit_rpc(cs, DATA_VA + 512, 0xdead0002);
	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	__sync_synchronize();
	oa_snapshot(&s0);
	exec_wait(dut.fd, q, BATCH_VA);
	oa_snapshot(&s1);
#if VDG1_HAS_OA
	if (dut.vdg1)
		igt_assert_eq(s1.oa_mi_rpc_reports - s0.oa_mi_rpc_reports, 2);
#endif

	for (i = 0; i < RPC_WORK; i++)
		igt_assert_eq_u32(d[1024 + i], 0x5000 + i);
	igt_assert_eq_u32(d[0], 0xdead0001);
	igt_assert_eq_u32(d[128], 0xdead0002);
	/* 256 bytes each, not a byte more. */
	for (i = 64; i < 128; i++)
		igt_assert_f(d[i] == RPC_CANARY, "dword %u after the first "
			     "report: 0x%08x", i, d[i]);
	for (i = 192; i < 1024; i++)
		igt_assert_f(d[i] == RPC_CANARY, "dword %u after the second "
			     "report: 0x%08x", i, d[i]);
	igt_assert_f(ts_after(d[128 + 1], d[1]),
		     "timestamps 0x%08x then 0x%08x", d[1], d[129]);
	igt_assert_f((int32_t)(d[128 + 3] - d[3]) > 0,
		     "GPU ticks 0x%08x then 0x%08x", d[3], d[131]);
	igt_info("MI_RPC: %u ticks, %u GPU ticks apart\n", d[129] - d[1],
		 d[131] - d[3]);
	stream_close(sfd);

	queue_destroy(dut.fd, q);
	vm_unmap(dut.fd, vm, BATCH_VA, BO_SIZE);
	vm_unmap(dut.fd, vm, DATA_VA, BO_SIZE);
	vm_bo_free(&batch, false);
	vm_bo_free(&data, false);
	vm_destroy(dut.fd, vm);
}

/* ---- per-context isolation ---- */

/*
 * Three batches, each two MI_REPORT_PERF_COUNT around RPC_WORK stores:
 * on the watched queue, on an unwatched one while the stream is open, on
 * the once watched queue after the stream closed.
 */
enum { ISO_WATCHED, ISO_OTHER, ISO_CLOSED, ISO_BATCHES };

#define ISO_BATCH_SIZE		(32ull << 10)
#define ISO_BATCH_BO		(ISO_BATCHES * ISO_BATCH_SIZE)
/* Report 2b and 2b + 1 of batch b at the start of the data object. */
#define ISO_REPORT_VA(b, k)	(DATA_VA + (2 * (b) + (k)) * 256)
#define ISO_STORE_VA(b)		(DATA_VA + 4096 * ((b) + 1))
#define ISO_STORE_VAL(b, i)	(0x10000 * ((b) + 1) + (i))
#define ISO_REPORT_ID(b, k)	(0xcafe0000u | (b) << 4 | (k))

struct iso_args {
	uint32_t q[2];		/* watched, other */
	uint32_t so[ISO_BATCHES];
};

/* What the child's exit status means, beyond an errno of PERF_OPEN. */
#define ISO_EXEC_FAILED		210	/* + batch */
#define ISO_WAIT_FAILED		220	/* + batch */
#define ISO_CLOSE_FAILED	230

static const char *const iso_what[ISO_BATCHES] = {
	"the watched queue", "another queue", "the queue after close",
};

/* In a child: batch @b on queue @q, waited for; 0 or an exit status. */
static int child_exec(const struct iso_args *a, uint32_t q, unsigned int b)
{
	struct drm_dg1_sync s = {
		.type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
		.flags = DRM_DG1_SYNC_FLAG_SIGNAL,
		.handle = a->so[b],
	};
	struct drm_dg1_exec x = {
		.exec_queue_id = q,
		.batch_address = BATCH_VA + b * ISO_BATCH_SIZE,
		.num_syncs = 1,
		.syncs = (uintptr_t)&s,
	};

	if (ioctl(dut.fd, DRM_IOCTL_DG1_EXEC, &x))
		return ISO_EXEC_FAILED + b;
	if (__syncobj_wait(dut.fd, &a->so[b], 1,
			   EXEC_TIMEOUT_MS * NSEC_PER_MSEC))
		return ISO_WAIT_FAILED + b;
	return 0;
}

/*
 * In a child without privilege: a per-context stream on the watched
 * queue, a batch there and one on the other queue, the stream closed,
 * then a batch on the watched queue again.
 */
static int child_isolation(const void *arg)
{
	const struct iso_args *a = arg;
	struct props p = { .n = 0 };
	struct drm_dg1_perf_open o = { 0 };
	int sfd, err;

	prop(&p, DRM_DG1_PERF_PROP_EXEC_QUEUE_ID, a->q[0]);
	o.num_properties = p.n;
	o.properties_ptr = (uintptr_t)p.p;
	sfd = ioctl(dut.fd, DRM_IOCTL_DG1_PERF_OPEN, &o);
	if (sfd < 0)
		return errno;
	err = child_exec(a, a->q[0], ISO_WATCHED);
	if (!err)
		err = child_exec(a, a->q[1], ISO_OTHER);
	if (close(sfd) && !err)
		err = ISO_CLOSE_FAILED;
	if (!err)
		err = child_exec(a, a->q[0], ISO_CLOSED);
	return err;
}

static const char *iso_status(int st, char *buf, size_t len)
{
	if (st >= ISO_EXEC_FAILED && st < ISO_EXEC_FAILED + ISO_BATCHES)
		snprintf(buf, len, "EXEC on %s failed",
			 iso_what[st - ISO_EXEC_FAILED]);
	else if (st >= ISO_WAIT_FAILED && st < ISO_WAIT_FAILED + ISO_BATCHES)
		snprintf(buf, len, "the batch on %s not done after %u ms",
			 iso_what[st - ISO_WAIT_FAILED], EXEC_TIMEOUT_MS);
	else if (st == ISO_CLOSE_FAILED)
		snprintf(buf, len, "closing the stream failed");
	else
		snprintf(buf, len, "PERF_OPEN: %s", strerror(st));
	return buf;
}

/*
 * Counter @k of a format 5 report (HARDWARE.md 10.4): A0-A31 40 bits, the
 * low dword at byte 16 + 4k and the high byte at 160 + k; A32-A35 32 bits
 * at 144; then B0-B7 at 192 and C0-C7 at 224 as k = 36 to 51.
 */
#define ISO_COUNTERS	52

static uint64_t rpc_counter(const uint32_t *r, unsigned int k)
{
	if (k < 32)
		return (uint64_t)((const uint8_t *)r)[160 + k] << 32 | r[4 + k];
	if (k < 36)
		return r[36 + k - 32];
	return r[48 + k - 36];
}

static uint64_t rpc_delta(const uint32_t *r0, const uint32_t *r1,
			  unsigned int k)
{
	uint64_t mask = k < 32 ? (1ull << 40) - 1 : 0xffffffffull;

	return (rpc_counter(r1, k) - rpc_counter(r0, k)) & mask;
}

static const char *rpc_counter_name(unsigned int k, char buf[8])
{
	if (k < 36)
		snprintf(buf, 8, "A%u", k);
	else if (k < 44)
		snprintf(buf, 8, "B%u", k - 36);
	else
		snprintf(buf, 8, "C%u", k - 44);
	return buf;
}

/*
 * A batch's two reports: its ids, the header's timestamp and GPU ticks
 * moving across the stores (they span several of vdg1's slices). Returns
 * the GPU ticks between them.
 */
static uint32_t iso_check_header(const uint32_t *r0, const uint32_t *r1,
				 unsigned int b)
{
	igt_assert_eq_u32(r0[0], ISO_REPORT_ID(b, 0));
	igt_assert_eq_u32(r1[0], ISO_REPORT_ID(b, 1));
	igt_assert_f(ts_after(r1[1], r0[1]), "%s: timestamps 0x%08x then "
		     "0x%08x", iso_what[b], r0[1], r1[1]);
	igt_assert_f((int32_t)(r1[3] - r0[3]) > 0, "%s: GPU ticks 0x%08x "
		     "then 0x%08x", iso_what[b], r0[3], r1[3]);
	return r1[3] - r0[3];
}

/* Not one counter of a format 5 report moved between @r0 and @r1. */
static void iso_check_frozen(const uint32_t *r0, const uint32_t *r1,
			     unsigned int b)
{
	unsigned int k;
	char name[8];

	for (k = 0; k < ISO_COUNTERS; k++)
		igt_assert_f(!rpc_delta(r0, r1, k), "%s: %s moved by %llu "
			     "(0x%llx to 0x%llx) over %u GPU ticks",
			     iso_what[b], rpc_counter_name(k, name),
			     (unsigned long long)rpc_delta(r0, r1, k),
			     (unsigned long long)rpc_counter(r0, k),
			     (unsigned long long)rpc_counter(r1, k),
			     r1[3] - r0[3]);
}

/*
 * Per-context queries isolate contexts (Documentation/oa.rst, "Per-context
 * queries"; uapi: the queue's MI_REPORT_PERF_COUNT counts only its
 * context). From an unprivileged child with paranoid 1: the watched
 * queue's reports count its commands and busy ticks; another queue's
 * reports, while the stream is open, and the watched queue's once it is
 * closed, show no counter moving, though the GPU ticks in their headers
 * do.
 */
void test_mi_rpc_isolation(void)
{
	struct vdg1_counters_page s0, s1;
	uint32_t r[2 * ISO_BATCHES][64];
	struct vm_bo batch, data;
	struct iso_args a;
	volatile uint32_t *d;
	uint32_t vm, *cs, ticks;
	uint64_t a0, a7, a12;
	unsigned int b, i;
	char why[128];
	int st;

	igt_assert_f(paranoid_saved >= 0, "no %s", PARANOID_PATH);
	vm = vm_create(dut.fd);
	vm_bo_new(&batch, dut.fd, ISO_BATCH_BO, false, 13);
	vm_bo_new(&data, dut.fd, BO_SIZE, false, 14);
	vm_map(dut.fd, vm, batch.handle, 0, BATCH_VA, ISO_BATCH_BO, 0);
	vm_map(dut.fd, vm, data.handle, 0, DATA_VA, BO_SIZE, 0);
	/* Two contexts of one file, on one VM: only the queue differs. */
	a.q[0] = render_queue(dut.fd, vm);
	a.q[1] = render_queue(dut.fd, vm);
	for (b = 0; b < ISO_BATCHES; b++)
		a.so[b] = syncobj_create(dut.fd, 0);

	d = (volatile uint32_t *)data.map;
	for (i = 0; i < BO_SIZE / 4; i++)
		d[i] = RPC_CANARY;
	for (b = 0; b < ISO_BATCHES; b++) {
		cs = (uint32_t *)((uint8_t *)batch.map + b * ISO_BATCH_SIZE);
		cs = emit_rpc(cs, ISO_REPORT_VA(b, 0), ISO_REPORT_ID(b, 0));
		for (i = 0; i < RPC_WORK; i++) {
			*cs++ = MI_STORE_DATA_IMM;
			*cs++ = (uint32_t)(ISO_STORE_VA(b) + 4 * i);
			*cs++ = (uint32_t)(ISO_STORE_VA(b) >> 32);
			*cs++ = ISO_STORE_VAL(b, i);
		}
		cs = emit_rpc(cs, ISO_REPORT_VA(b, 1), ISO_REPORT_ID(b, 1));
		*cs++ = MI_BATCH_BUFFER_END;
		*cs++ = MI_NOOP;
	}
	__sync_synchronize();

	write_int(PARANOID_PATH, 1);
	oa_snapshot(&s0);
	st = unprivileged(child_isolation, &a);
	oa_snapshot(&s1);
	paranoid_restore();
	igt_assert_f(!st, "unprivileged child: %s",
		     iso_status(st, why, sizeof(why)));
#if VDG1_HAS_OA
	if (dut.vdg1)
		igt_assert_eq(s1.oa_mi_rpc_reports - s0.oa_mi_rpc_reports,
			      2 * ISO_BATCHES);
#endif

	/* Every batch ran whole; its reports are 256 bytes, no more. */
	for (b = 0; b < ISO_BATCHES; b++)
		for (i = 0; i < RPC_WORK; i++)
			igt_assert_f(d[(ISO_STORE_VA(b) - DATA_VA) / 4 + i] ==
				     ISO_STORE_VAL(b, i), "%s: store %u "
				     "0x%08x", iso_what[b], i,
				     d[(ISO_STORE_VA(b) - DATA_VA) / 4 + i]);
	for (i = 2 * ISO_BATCHES * 64; i < 1024; i++)
		igt_assert_f(d[i] == RPC_CANARY, "dword %u after the last "
			     "report: 0x%08x", i, d[i]);
	for (i = 0; i < 2 * ISO_BATCHES * 64; i++)
		r[i / 64][i % 64] = d[i];

	/*
	 * (a) The watched context counts (vdg1-oa.rst, OAR): A12 the
	 * commands between the two reports, RPC_WORK stores and one of the
	 * two MI_REPORT_PERF_COUNT (a command counts once, before or after
	 * its report); A0 and A7 its busy ticks, never more than the GPU's.
	 */
	ticks = iso_check_header(r[0], r[1], ISO_WATCHED);
	a0 = rpc_delta(r[0], r[1], 0);
	a7 = rpc_delta(r[0], r[1], 7);
	a12 = rpc_delta(r[0], r[1], 12);
	igt_info("watched queue: %u GPU ticks, A0 %llu, A7 %llu, A12 %llu "
		 "between the reports\n", ticks, (unsigned long long)a0,
		 (unsigned long long)a7, (unsigned long long)a12);
	igt_assert_f(a0 && a0 <= ticks, "A0 (GPU busy) moved by %llu over "
		     "%u GPU ticks", (unsigned long long)a0, ticks);
	if (dut.vdg1) {
		igt_assert_f(a7 && a7 <= ticks, "A7 (RCS0 busy) moved by %llu "
			     "over %u GPU ticks", (unsigned long long)a7,
			     ticks);
		igt_assert_f(a12 == RPC_WORK + 1, "A12 (commands) moved by "
			     "%llu, want %u stores + 1 MI_REPORT_PERF_COUNT",
			     (unsigned long long)a12, RPC_WORK);
	}

	/* (b) Another context of the same file never sees them move. */
	ticks = iso_check_header(r[2], r[3], ISO_OTHER);
	iso_check_frozen(r[2], r[3], ISO_OTHER);
	igt_info("other queue: %u GPU ticks, no counter moved\n", ticks);

	/* (c) Closing the stream switched the watched context's OAR off. */
	ticks = iso_check_header(r[4], r[5], ISO_CLOSED);
	iso_check_frozen(r[4], r[5], ISO_CLOSED);
	igt_info("watched queue after close: %u GPU ticks, no counter "
		 "moved\n", ticks);

	for (b = 0; b < ISO_BATCHES; b++)
		syncobj_destroy(dut.fd, a.so[b]);
	queue_destroy(dut.fd, a.q[1]);
	queue_destroy(dut.fd, a.q[0]);
	vm_unmap(dut.fd, vm, BATCH_VA, ISO_BATCH_BO);
	vm_unmap(dut.fd, vm, DATA_VA, BO_SIZE);
	vm_bo_free(&batch, false);
	vm_bo_free(&data, false);
	vm_destroy(dut.fd, vm);
}
