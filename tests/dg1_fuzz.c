// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_fuzz - random ioctls from the uAPI, from several threads at once.
 *
 * Each thread owns a render fd (closed and opened again now and then) and
 * draws calls from a seeded generator: every DG1 ioctl, syncobj create,
 * destroy and wait, mmap of object offsets, read of perf streams, close
 * of whatever it holds. Arguments are valid-ish: built from ids the
 * threads were given (objects, VMs, queues, syncobjs, of any thread and
 * so of another file too), then mutated - a field flipped, a reserved or
 * pad field set, a size or address made extreme, an id made random. The
 * batches it submits are a page of random dwords with MI_BATCH_BUFFER_END
 * sprinkled in: CS errors, faults and the odd hang reset engines and ban
 * queues along the way.
 *
 * fuzz: DG1_FUZZ_SEED (default 1) and DG1_FUZZ_SECONDS (default 15) or
 * DG1_FUZZ_CALLS bound the run; the seed is printed first, so any report
 * can be replayed. It fails on a kernel WARNING, BUG or Oops (KASAN,
 * lockdep and UBSAN report through them on the debug kernel), on a vdg1
 * violation, and if afterwards a fresh file cannot run a batch on every
 * engine: nothing the fuzzer did may leave the device unusable.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_exec.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_vm.h"

#define THREADS		4
/* Longer than any call may take: the job timeout and then some. */
#define STUCK_S		30
#define IDS		32		/* remembered ids per kind */
#define BATCH_VA	0x100000ull
#define BATCH_SIZE	(16u << 10)
#define MI_BATCH_BUFFER_END	0x05000000u

enum kind { K_BO, K_VM, K_QUEUE, K_SYNCOBJ, K_KINDS };

/* Ids every thread adds to and draws from (racy by design, not memory-unsafe). */
static _Atomic uint32_t ids[K_KINDS][IDS];
static atomic_ulong calls, errors[256];
static atomic_bool stop;
static uint64_t seed, max_calls;
static unsigned int seconds;

struct fz {
	uint64_t s;
	int fd;
	unsigned int n;
	pid_t tid;
	_Atomic int op;		/* index in ops[] of the call under way */
};

/* xorshift64*: one stream per thread. */
static uint64_t rnd(struct fz *f)
{
	f->s ^= f->s >> 12;
	f->s ^= f->s << 25;
	f->s ^= f->s >> 27;
	return f->s * 0x2545f4914f6cdd1dull;
}

static uint32_t below(struct fz *f, uint32_t n)
{
	return n ? (uint32_t)(rnd(f) % n) : 0;
}

static bool one_in(struct fz *f, uint32_t n)
{
	return !below(f, n);
}

static void remember(struct fz *f, enum kind k, uint32_t id)
{
	if (id)
		atomic_store(&ids[k][below(f, IDS)], id);
}

/* A known id of kind @k mostly; sometimes 0, a random value or one of another kind. */
static uint32_t pick(struct fz *f, enum kind k)
{
	switch (below(f, 16)) {
	case 0:
		return 0;
	case 1:
		return (uint32_t)rnd(f);
	case 2:
		return atomic_load(&ids[below(f, K_KINDS)][below(f, IDS)]);
	default:
		return atomic_load(&ids[k][below(f, IDS)]);
	}
}

/* Sizes and addresses: small, page-ish, huge, or any. */
static uint64_t size_like(struct fz *f)
{
	switch (below(f, 6)) {
	case 0:
		return rnd(f);
	case 1:
		return 0;
	case 2:
		return 1ull << below(f, 64);
	case 3:
		return (rnd(f) & 0xffff) + 1;
	default:
		return (uint64_t)(below(f, 64) + 1) << 12;
	}
}

/* Now and then one field of @p (of @len bytes) goes wrong. */
static void mutate(struct fz *f, void *p, size_t len)
{
	uint8_t *b = p;

	if (!one_in(f, 4))
		return;
	switch (below(f, 3)) {
	case 0:
		b[below(f, len)] ^= (uint8_t)(1u << below(f, 8));
		break;
	case 1:
		b[below(f, len)] = (uint8_t)rnd(f);
		break;
	default:
		memset(b + below(f, len), 0xff, 1);
		break;
	}
}

static void done(int ret)
{
	atomic_fetch_add(&calls, 1);
	if (ret < 0)
		atomic_fetch_add(&errors[(-ret) & 0xff], 1);
}

static int do_call(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? -errno : 0;
}

static void engine_of(struct fz *f, struct drm_dg1_engine_class_instance *e)
{
	if (dut.num_engines && !one_in(f, 8)) {
		*e = dut.engines[below(f, dut.num_engines)];
		return;
	}
	e->engine_class = (uint16_t)below(f, 6);
	e->engine_instance = (uint16_t)below(f, 4);
	e->pad = 0;
}

static void f_gem_create(struct fz *f)
{
	struct drm_dg1_gem_create c = {
		.size = one_in(f, 4) ? size_like(f) : 4096u << below(f, 6),
		.num_placements = 1 + below(f, 2),
		.placements = { (uint16_t)below(f, 2), (uint16_t)below(f, 2) },
		.flags = one_in(f, 3) ? DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS : 0,
	};
	int ret;

	mutate(f, &c, sizeof(c));
	ret = do_call(f->fd, DRM_IOCTL_DG1_GEM_CREATE, &c);
	if (!ret)
		remember(f, K_BO, c.handle);
	done(ret);
}

static void f_gem_close(struct fz *f)
{
	struct drm_gem_close c = { .handle = pick(f, K_BO) };

	done(do_call(f->fd, DRM_IOCTL_GEM_CLOSE, &c));
}

static void f_mmap(struct fz *f)
{
	struct drm_dg1_gem_mmap_offset m = { .handle = pick(f, K_BO) };
	size_t len = 4096u << below(f, 3);
	int ret;
	void *p;

	mutate(f, &m, sizeof(m));
	ret = do_call(f->fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &m);
	done(ret);
	if (ret)
		return;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd,
		 (off_t)m.offset);
	done(p == MAP_FAILED ? -errno : 0);
	if (p == MAP_FAILED)
		return;
	/* Only the first page: the object may be smaller than @len (SIGBUS). */
	((volatile uint32_t *)p)[below(f, 1024)] = (uint32_t)rnd(f);
	munmap(p, len);
}

static void f_vm(struct fz *f)
{
	if (one_in(f, 3)) {
		struct drm_dg1_vm_destroy d = { .vm_id = pick(f, K_VM) };

		mutate(f, &d, sizeof(d));
		done(do_call(f->fd, DRM_IOCTL_DG1_VM_DESTROY, &d));
	} else {
		struct drm_dg1_vm_create c = { 0 };
		int ret;

		mutate(f, &c, sizeof(c));
		ret = do_call(f->fd, DRM_IOCTL_DG1_VM_CREATE, &c);
		if (!ret)
			remember(f, K_VM, c.vm_id);
		done(ret);
	}
}

static void f_vm_bind(struct fz *f)
{
	struct drm_dg1_vm_bind_op ops[4];
	struct drm_dg1_sync s = {
		.type = below(f, 2), .flags = below(f, 2),
		.handle = pick(f, K_SYNCOBJ), .timeline_value = below(f, 3),
	};
	struct drm_dg1_vm_bind b = {
		.vm_id = pick(f, K_VM), .num_binds = 1 + below(f, 4),
		.binds = (uintptr_t)ops, .num_syncs = one_in(f, 3),
		.syncs = (uintptr_t)&s,
	};
	unsigned int i;

	memset(ops, 0, sizeof(ops));
	for (i = 0; i < 4; i++) {
		bool map = !one_in(f, 3);

		ops[i].op = map ? DRM_DG1_VM_BIND_OP_MAP : DRM_DG1_VM_BIND_OP_UNMAP;
		ops[i].obj = map ? pick(f, K_BO) : 0;
		ops[i].addr = one_in(f, 4) ? size_like(f) :
			      BATCH_VA + ((uint64_t)below(f, 64) << 16);
		ops[i].range = one_in(f, 4) ? size_like(f) : 4096u << below(f, 5);
		ops[i].pat_index = map ? (uint16_t)below(f, 9) : 0;
		mutate(f, &ops[i], sizeof(ops[i]));
	}
	mutate(f, &b, sizeof(b));
	mutate(f, &s, sizeof(s));
	done(do_call(f->fd, DRM_IOCTL_DG1_VM_BIND, &b));
}

static void f_queue(struct fz *f)
{
	if (one_in(f, 3)) {
		struct drm_dg1_exec_queue_destroy d = {
			.exec_queue_id = pick(f, K_QUEUE),
		};

		mutate(f, &d, sizeof(d));
		done(do_call(f->fd, DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY, &d));
	} else {
		struct drm_dg1_exec_queue_create c = {
			.vm_id = pick(f, K_VM),
			.priority = (int32_t)below(f, 3) - 1,
		};
		int ret;

		engine_of(f, &c.engine);
		mutate(f, &c, sizeof(c));
		ret = do_call(f->fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &c);
		if (!ret)
			remember(f, K_QUEUE, c.exec_queue_id);
		done(ret);
	}
}

/* A VM of this file with a page of random commands at BATCH_VA. */
static void f_batch_vm(struct fz *f)
{
	struct drm_dg1_vm_create c = { 0 };
	struct drm_dg1_gem_create g = {
		.size = BATCH_SIZE, .num_placements = 1,
		.placements = { DRM_DG1_MEMORY_REGION_SMEM },
	};
	struct drm_dg1_gem_mmap_offset m = { 0 };
	struct drm_dg1_vm_bind_op op = {
		.op = DRM_DG1_VM_BIND_OP_MAP, .addr = BATCH_VA,
		.range = BATCH_SIZE,
	};
	struct drm_dg1_vm_bind b = { .num_binds = 1, .binds = (uintptr_t)&op };
	unsigned int i;
	uint32_t *cs;
	int ret;

	ret = do_call(f->fd, DRM_IOCTL_DG1_VM_CREATE, &c) ?:
	      do_call(f->fd, DRM_IOCTL_DG1_GEM_CREATE, &g);
	done(ret);
	if (ret)
		return;
	remember(f, K_VM, c.vm_id);
	remember(f, K_BO, g.handle);
	m.handle = g.handle;
	if (do_call(f->fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &m))
		return;
	cs = mmap(NULL, BATCH_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd,
		  (off_t)m.offset);
	if (cs == MAP_FAILED)
		return;
	for (i = 0; i < BATCH_SIZE / 4; i++)
		cs[i] = one_in(f, 4) ? MI_BATCH_BUFFER_END : (uint32_t)rnd(f);
	cs[0] = MI_BATCH_BUFFER_END;
	munmap(cs, BATCH_SIZE);
	op.obj = g.handle;
	b.vm_id = c.vm_id;
	done(do_call(f->fd, DRM_IOCTL_DG1_VM_BIND, &b));
}

static void f_exec(struct fz *f)
{
	struct drm_dg1_sync s[2] = {
		{ .type = below(f, 2), .handle = pick(f, K_SYNCOBJ),
		  .flags = DRM_DG1_SYNC_FLAG_SIGNAL, .timeline_value = below(f, 4) },
		{ .type = below(f, 2), .handle = pick(f, K_SYNCOBJ),
		  .flags = below(f, 2), .timeline_value = below(f, 4) },
	};
	struct drm_dg1_exec x = {
		.exec_queue_id = pick(f, K_QUEUE),
		.num_syncs = below(f, 3),
		.syncs = (uintptr_t)s,
		.batch_address = one_in(f, 8) ? size_like(f) :
				 BATCH_VA + 8 * below(f, BATCH_SIZE / 8),
	};

	mutate(f, &x, sizeof(x));
	mutate(f, s, sizeof(s));
	done(do_call(f->fd, DRM_IOCTL_DG1_EXEC, &x));
}

static void f_syncobj(struct fz *f)
{
	switch (below(f, 3)) {
	case 0: {
		struct drm_syncobj_create c = { .flags = below(f, 2) };
		int ret = do_call(f->fd, DRM_IOCTL_SYNCOBJ_CREATE, &c);

		if (!ret)
			remember(f, K_SYNCOBJ, c.handle);
		done(ret);
		break;
	}
	case 1: {
		struct drm_syncobj_destroy d = { .handle = pick(f, K_SYNCOBJ) };

		done(do_call(f->fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d));
		break;
	}
	default: {
		uint32_t h = pick(f, K_SYNCOBJ);
		struct drm_syncobj_wait w = {
			.handles = (uintptr_t)&h, .count_handles = 1,
			.timeout_nsec = (int64_t)below(f, 20) * 1000000,
			.flags = below(f, 4),
		};

		done(do_call(f->fd, DRM_IOCTL_SYNCOBJ_WAIT, &w));
	}
	}
}

static void f_query(struct fz *f)
{
	static __thread uint8_t buf[8192];
	struct drm_dg1_query q = {
		.query = below(f, 8),
		.size = one_in(f, 3) ? 0 : below(f, sizeof(buf)),
		.data = one_in(f, 8) ? rnd(f) : (uintptr_t)buf,
	};

	uint64_t data = q.data;

	mutate(f, &q, sizeof(q));
	/*
	 * The kernel writes where data points, as much as size allows: a
	 * flipped pointer bit would let it write over the fuzzer itself.
	 */
	q.data = data;
	if (q.data == (uintptr_t)buf && q.size > sizeof(buf))
		q.size = sizeof(buf);
	done(do_call(f->fd, DRM_IOCTL_DG1_QUERY, &q));
}

static void f_ufence(struct fz *f)
{
	struct drm_dg1_wait_user_fence w = {
		.addr = BATCH_VA + 8 * below(f, 64), .vm_id = pick(f, K_VM),
		.op = below(f, 7), .value = rnd(f), .mask = ~0ull,
		.timeout_ns = below(f, 3) * 1000000,
	};

	mutate(f, &w, sizeof(w));
	/* A long timeout is a long wait, as asked: keep the calls short. */
	if (w.timeout_ns > 2000000)
		w.timeout_ns = 2000000;
	done(do_call(f->fd, DRM_IOCTL_DG1_WAIT_USER_FENCE, &w));
}

static void f_perf(struct fz *f)
{
	uint64_t props[12];
	struct drm_dg1_perf_open o = {
		.flags = DRM_DG1_PERF_FLAG_FD_NONBLOCK | below(f, 8),
		.num_properties = below(f, 7),
		.properties_ptr = (uintptr_t)props,
	};
	unsigned int i;
	uint8_t buf[4096];
	int sfd;

	for (i = 0; i < 12; i += 2) {
		props[i] = 1 + below(f, 10);
		props[i + 1] = one_in(f, 2) ? below(f, 32) : rnd(f);
	}
	mutate(f, &o, sizeof(o));
	/* A blocking read of a stream without periodic reports never returns. */
	o.flags |= DRM_DG1_PERF_FLAG_FD_NONBLOCK;
	sfd = ioctl(f->fd, DRM_IOCTL_DG1_PERF_OPEN, &o);
	done(sfd < 0 ? -errno : 0);
	if (sfd < 0)
		return;
	for (i = below(f, 4); i; i--)
		done(read(sfd, buf, below(f, sizeof(buf))) < 0 ? -errno : 0);
	close(sfd);
}

static void f_reopen(struct fz *f)
{
	close(f->fd);
	f->fd = igt_dg1_open_render();
	done(0);
}

static void (*const ops[])(struct fz *f) = {
	f_gem_create, f_gem_create, f_gem_close, f_mmap, f_vm, f_vm_bind,
	f_vm_bind, f_queue, f_queue, f_batch_vm, f_exec, f_exec, f_exec,
	f_syncobj, f_syncobj, f_query, f_ufence, f_perf,
};

static const char *const op_names[] = {
	"gem-create", "gem-create", "gem-close", "mmap", "vm", "vm-bind",
	"vm-bind", "queue", "queue", "batch-vm", "exec", "exec", "exec",
	"syncobj", "syncobj", "query", "user-fence", "perf",
};

static void *fuzz_thread(void *arg)
{
	struct fz *f = arg;

	f->tid = gettid();
	while (!atomic_load(&stop) &&
	       (!max_calls || atomic_load(&calls) < max_calls)) {
		int op = (int)below(f, sizeof(ops) / sizeof(ops[0]));

		if (one_in(f, 500)) {
			atomic_store(&f->op, -1);
			f_reopen(f);
		} else {
			atomic_store(&f->op, op);
			ops[op](f);
		}
		f->n++;
	}
	return NULL;
}

_Static_assert(sizeof(op_names) == sizeof(ops) / sizeof(ops[0]) * sizeof(op_names[0]),
	       "a name per op");

/* What a stuck thread is doing, with its kernel stack where readable. */
static void report_stuck(const struct fz *f, unsigned int i)
{
	char path[64], buf[4096];
	int op = atomic_load(&f->op), fd;
	ssize_t n;

	igt_info("thread %u (tid %d) stuck in %s\n", i, (int)f->tid,
		 op < 0 ? "reopen" : op_names[op]);
	for (unsigned int k = 0; k < 3; k++) {
		static const char *const what[] = { "stat", "syscall", "stack" };

		snprintf(path, sizeof(path), "/proc/self/task/%d/%s",
			 (int)f->tid, what[k]);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n > 0) {
			buf[n] = 0;
			igt_info("%s: %s\n", what[k], buf);
		}
	}
}

/* After the storm: a new file runs a batch on every engine. */
static void device_still_works(void)
{
	int fd = igt_dg1_open_render();
	uint32_t vm = vm_create(fd), bo, q, so;
	uint32_t *cs;
	unsigned int i;

	bo = gem_create(fd, 4096, GEM_SMEM, 0);
	cs = gem_mmap(fd, bo, 4096);
	cs[0] = MI_BATCH_BUFFER_END;
	munmap(cs, 4096);
	vm_map(fd, vm, bo, 0, BATCH_VA, 4096, 0);
	for (i = 0; i < dut.num_engines; i++) {
		q = queue_create(fd, vm, &dut.engines[i], 0);
		so = exec_out(fd, q, BATCH_VA);
		wait_ok(fd, so, EXEC_TIMEOUT_MS);
		igt_assert_f(fence_status(fd, so) == 1,
			     "seed %" PRIu64 ": %s fails a batch after the fuzzing: %d",
			     seed, dut_engine_str(&dut.engines[i]),
			     fence_status(fd, so));
		syncobj_destroy(fd, so);
		queue_destroy(fd, q);
	}
	close(fd);
}

static void test_fuzz(void)
{
	struct fz f[THREADS];
	pthread_t t[THREADS];
	struct dg1dev_klog klog;
	unsigned int i, e;
	uint64_t t0;
	char line[512];
	int ret;

	igt_info("dg1_fuzz: seed %" PRIu64 " (DG1_FUZZ_SEED), %u s, %u threads\n",
		 seed, seconds, THREADS);
	dg1dev_klog_start(&klog);
	t0 = dut_now_ns();
	for (i = 0; i < THREADS; i++) {
		f[i] = (struct fz) { .s = seed * 0x9e3779b97f4a7c15ull + i + 1,
				     .fd = igt_dg1_open_render() };
		igt_assert(!pthread_create(&t[i], NULL, fuzz_thread, &f[i]));
	}
	while (!max_calls || atomic_load(&calls) < max_calls) {
		if (dut_now_ns() - t0 >= (uint64_t)seconds * NSEC_PER_SEC)
			break;
		dut_sleep_ms(100);
	}
	atomic_store(&stop, true);
	for (i = 0; i < THREADS; i++) {
		struct timespec ts;

		/* Every call returns: a thread stuck in one is a finding. */
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += STUCK_S;
		ret = pthread_timedjoin_np(t[i], NULL, &ts);
		if (ret)
			report_stuck(&f[i], i);
		igt_assert_f(!ret,
			     "seed %" PRIu64 ": thread %u stuck in a call %u s after the end (call %u of its own)",
			     seed, i, STUCK_S, f[i].n);
		close(f[i].fd);
	}
	line[0] = 0;
	for (e = 0; e < 256; e++)
		if (atomic_load(&errors[e]))
			snprintf(line + strlen(line), sizeof(line) - strlen(line),
				 " %s:%lu", strerrorname_np(e) ?: "?",
				 atomic_load(&errors[e]));
	igt_info("dg1_fuzz: seed %" PRIu64 ": %lu calls in %.1f s; errors%s\n",
		 seed, atomic_load(&calls),
		 (dut_now_ns() - t0) / 1e9, line);
	device_still_works();
	igt_dg1_assert_klog_clean(&klog);
}

igt_main
{
	igt_fixture {
		const char *s = getenv("DG1_FUZZ_SEED");

		seed = s ? strtoull(s, NULL, 0) : 1;
		s = getenv("DG1_FUZZ_SECONDS");
		seconds = s ? (unsigned int)strtoul(s, NULL, 0) : 15;
		s = getenv("DG1_FUZZ_CALLS");
		max_calls = s ? strtoull(s, NULL, 0) : 0;
		dut_open();
	}
	dut_subtest("fuzz", test_fuzz);
	igt_fixture
		dut_close();
}
