// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_multi - two DG1s driven at once (Documentation/testing.rst,
 * "Several GPUs"; the stock-two-gpus scenario gives the VM two vdg1
 * devices, whose tests also run side by side on each).
 *
 * distinct: each render node belongs to its own PCI device, with its own
 * vdg1 counters page. no-crossing: an object handle, a VM id and an exec
 * queue id of one device's file mean nothing on the other's (-ENOENT),
 * even with both files of one process. isolated: batches run on one
 * device only count on its own vdg1 (submissions, commands), never on
 * the other's. parallel: a thread per device storing on every engine,
 * both at once; every store lands where it should. prime: an object of
 * the first device, exported as a dma-buf and imported by the second,
 * is written by the second's GPU and read by the first's CPU. oa: each
 * device's OA unit streams at the same time (a second stream on one
 * device is -EBUSY); both deliver reports; a metric set of one uuid is
 * added to each (configs are per device).
 * Skips (not an error) with fewer than two devices.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_exec.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_vm.h"

#define BATCH_VA	EXEC_RIG_BATCH_VA
#define DATA_VA		EXEC_RIG_DATA_VA
#define ROUNDS		20
#define WAIT_MS		10000

#define MI_BATCH_BUFFER_END	(0x0a << 23)
#define MI_STORE_DATA_IMM	((0x20 << 23) | 2)	/* dword, PPGTT */

struct gpu {
	char pci[PATH_MAX];
	char node[PATH_MAX];
	int fd;
	struct dg1dev_vdg1 *vdg1;
	struct drm_dg1_engine_class_instance engines[DG1DEV_MAX_ENGINES];
	unsigned int num_engines;
};

static struct gpu gpu[2];

/* The render node under a PCI device's drm directory. */
static int render_node_of(const char *pci, char *node, size_t len)
{
	char dir[PATH_MAX + 8];
	struct dirent *de;
	int err = -ENODEV;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/drm", pci);
	d = opendir(dir);
	if (!d)
		return -errno;
	while ((de = readdir(d)))
		if (!strncmp(de->d_name, "renderD", 7)) {
			snprintf(node, len, "/dev/dri/%s", de->d_name);
			err = 0;
		}
	closedir(d);
	return err;
}

static void gpu_open(struct gpu *g, unsigned int nth)
{
	struct drm_dg1_query_engines *info;
	char why[256], node[PATH_MAX];
	uint32_t size;
	unsigned int i;
	int err;

	err = dg1dev_pci_find(nth, g->pci, sizeof(g->pci));
	igt_require_f(!err, "no DG1 number %u: %s", nth, strerror(-err));
	err = render_node_of(g->pci, node, sizeof(node));
	igt_assert_f(!err, "%s: no render node: %s", g->pci, strerror(-err));
	g->fd = dg1dev_open_render(node, g->node, sizeof(g->node));
	igt_assert_f(g->fd >= 0, "%s: %s", g->node, strerror(-g->fd));
	g->vdg1 = igt_dg1_vdg1_probe(g->pci, why, sizeof(why));
	igt_assert_f(g->vdg1, "%s: no vdg1 counters page: %s", g->pci, why);
	info = igt_dg1_query_item(g->fd, DRM_DG1_QUERY_ENGINES, &size);
	g->num_engines = info->num_engines;
	igt_assert(g->num_engines <= DG1DEV_MAX_ENGINES);
	for (i = 0; i < g->num_engines; i++)
		g->engines[i] = info->engines[i];
	free(info);
}

/* Batch @slot at BATCH_VA + 64 * @slot stores @v at @va. */
static uint64_t store_batch(struct exec_rig *r, unsigned int slot, uint64_t va,
			    uint32_t v)
{
	volatile uint32_t *cs = r->cs + 16 * slot;

	cs[0] = MI_STORE_DATA_IMM;
	cs[1] = (uint32_t)va;
	cs[2] = (uint32_t)(va >> 32);
	cs[3] = v;
	cs[4] = MI_BATCH_BUFFER_END;
	return BATCH_VA + 64 * slot;
}

static void run_batch(int fd, uint32_t q, uint64_t batch)
{
	uint32_t so = exec_out(fd, q, batch);

	wait_ok(fd, so, WAIT_MS);
	igt_assert_eq(fence_status(fd, so), 1);
	syncobj_destroy(fd, so);
}

static void test_distinct(void)
{
	char a[PATH_MAX], b[PATH_MAX];

	igt_assert_eq(dg1dev_pci_path(gpu[0].fd, a, sizeof(a)), 0);
	igt_assert_eq(dg1dev_pci_path(gpu[1].fd, b, sizeof(b)), 0);
	igt_assert_f(strcmp(a, b), "both render nodes are %s", a);
	igt_assert_f(strcmp(gpu[0].node, gpu[1].node), "one node for both");
	igt_info("%s: %s; %s: %s\n", gpu[0].node, a, gpu[1].node, b);
}

static void test_no_crossing(void)
{
	struct drm_dg1_gem_mmap_offset mo = { };
	uint32_t h, vm, q, h1;
	int err;

	/* The second file has made nothing: ids of the first mean nothing. */
	h = gem_create(gpu[0].fd, 4096, GEM_SMEM, 0);
	vm = vm_create(gpu[0].fd);
	q = queue_create(gpu[0].fd, vm, &gpu[0].engines[0], 0);
	mo.handle = h;
	err = dg1dev_ioctl(gpu[1].fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &mo);
	igt_assert_f(err && errno == ENOENT,
		     "the first device's object %u on the second: %s", h,
		     err ? strerror(errno) : "accepted");
	h1 = gem_create(gpu[1].fd, 4096, GEM_SMEM, 0);
	err = __vm_bind(gpu[1].fd, vm, &(struct drm_dg1_vm_bind_op){
		.op = DRM_DG1_VM_BIND_OP_MAP, .obj = h1,
		.addr = DATA_VA, .range = 4096 }, 1, NULL, 0);
	igt_assert_f(err == -ENOENT,
		     "the first device's VM %u on the second: %s", vm,
		     strerror(-err));
	err = __exec(gpu[1].fd, q, BATCH_VA, NULL, 0);
	igt_assert_f(err == -ENOENT,
		     "the first device's queue %u on the second: %s", q,
		     strerror(-err));
	gem_close(gpu[1].fd, h1);
	queue_destroy(gpu[0].fd, q);
	vm_destroy(gpu[0].fd, vm);
	gem_close(gpu[0].fd, h);
}

static uint64_t submissions(const struct gpu *g)
{
	struct vdg1_counters_page s;
	uint64_t n = 0;
	unsigned int i;

	dg1dev_vdg1_snapshot(g->vdg1, &s);
	for (i = 0; i < VDG1_COUNTERS_MAX_ENGINES; i++)
		n += s.engine_submissions[i];
	return n;
}

static void test_isolated(void)
{
	unsigned int d, i;

	for (d = 0; d < 2; d++) {
		uint64_t mine = submissions(&gpu[d]);
		uint64_t other = submissions(&gpu[!d]);
		struct exec_rig r;
		uint32_t q;

		exec_rig_open(&r, gpu[d].fd);
		q = queue_create(r.fd, r.vm, &gpu[d].engines[0], 0);
		for (i = 0; i < ROUNDS; i++)
			run_batch(r.fd, q, store_batch(&r, 0, DATA_VA, i));
		igt_assert_eq_u32(r.out[0], ROUNDS - 1);
		queue_destroy(r.fd, q);
		exec_rig_close(&r);
		igt_assert_f(submissions(&gpu[d]) >= mine + ROUNDS,
			     "device %u: %llu submissions counted for %u batches",
			     d, (unsigned long long)(submissions(&gpu[d]) - mine),
			     ROUNDS);
		igt_assert_f(submissions(&gpu[!d]) == other,
			     "device %u ran %u batches and device %u counted %llu submissions",
			     d, ROUNDS, !d,
			     (unsigned long long)(submissions(&gpu[!d]) - other));
	}
}

struct worker {
	struct gpu *g;
	int err;
	char why[256];
};

/* Every engine of one device stores ROUNDS values, each in its slot. */
static void *store_everywhere(void *arg)
{
	struct worker *w = arg;
	uint32_t q[DG1DEV_MAX_ENGINES];
	unsigned int e, i;
	struct exec_rig r;

	exec_rig_open(&r, w->g->fd);
	for (e = 0; e < w->g->num_engines; e++)
		q[e] = queue_create(r.fd, r.vm, &w->g->engines[e], 0);
	for (i = 0; i < ROUNDS; i++)
		for (e = 0; e < w->g->num_engines; e++)
			run_batch(r.fd, q[e],
				  store_batch(&r, e, DATA_VA + 4 * e, 100 * e + i));
	for (e = 0; e < w->g->num_engines; e++) {
		if (r.out[e] != 100 * e + ROUNDS - 1 && !w->err) {
			w->err = -EIO;
			snprintf(w->why, sizeof(w->why),
				 "engine %u stored 0x%x, want 0x%x", e, r.out[e],
				 100 * e + ROUNDS - 1);
		}
		queue_destroy(r.fd, q[e]);
	}
	exec_rig_close(&r);
	return NULL;
}

static void test_parallel(void)
{
	struct worker w[2] = { { .g = &gpu[0] }, { .g = &gpu[1] } };
	pthread_t t[2];
	unsigned int d;

	for (d = 0; d < 2; d++)
		igt_assert_eq(pthread_create(&t[d], NULL, store_everywhere,
					     &w[d]), 0);
	for (d = 0; d < 2; d++) {
		pthread_join(t[d], NULL);
		igt_assert_f(!w[d].err, "device %u: %s", d, w[d].why);
	}
}

static void test_prime(void)
{
	struct drm_prime_handle exp = { .flags = DRM_CLOEXEC | DRM_RDWR };
	struct drm_prime_handle imp = { };
	volatile uint32_t *cpu;
	struct exec_rig r;
	uint32_t h, q;

	h = gem_create(gpu[0].fd, 4096, GEM_SMEM, 0);
	cpu = gem_mmap(gpu[0].fd, h, 4096);
	cpu[3] = 0;
	exp.handle = h;
	igt_assert_f(!dg1dev_ioctl(gpu[0].fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &exp),
		     "export: %s", strerror(errno));
	imp.fd = exp.fd;
	igt_assert_f(!dg1dev_ioctl(gpu[1].fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &imp),
		     "import by the other device: %s", strerror(errno));
	close(exp.fd);
	exec_rig_open(&r, gpu[1].fd);
	vm_map(r.fd, r.vm, imp.handle, 0, DATA_VA + 0x10000, 4096, 0);
	q = queue_create(r.fd, r.vm, &gpu[1].engines[0], 0);
	run_batch(r.fd, q, store_batch(&r, 0, DATA_VA + 0x10000 + 12, 0xd91d91));
	igt_assert_f(cpu[3] == 0xd91d91,
		     "the second device wrote the first's object: the first's CPU reads 0x%x",
		     cpu[3]);
	queue_destroy(r.fd, q);
	vm_unmap(r.fd, r.vm, DATA_VA + 0x10000, 4096);
	gem_close(r.fd, imp.handle);
	exec_rig_close(&r);
	munmap((void *)cpu, 4096);
	gem_close(gpu[0].fd, h);
}

static uint64_t oa_add_config(int fd)
{
	static const uint32_t mux[] = { 0x9888, 0 };	/* NOA_WRITE */
	struct drm_dg1_perf_oa_config cfg = {
		.n_mux_regs = 1, .mux_regs_ptr = (uintptr_t)mux,
	};
	int id;

	memcpy(cfg.uuid, "d91b0000-0000-4000-8000-00000000d91e", 36);
	id = dg1dev_ioctl(fd, DRM_IOCTL_DG1_PERF_ADD_CONFIG, &cfg);
	igt_assert_f(id > 0, "PERF_ADD_CONFIG: %s", strerror(errno));
	return id;
}

static int oa_open(int fd, uint64_t set)
{
	uint64_t props[] = {
		DRM_DG1_PERF_PROP_SAMPLE_OA, 1,
		DRM_DG1_PERF_PROP_OA_METRICS_SET, set,
		DRM_DG1_PERF_PROP_OA_FORMAT,
		DRM_DG1_OA_FORMAT_A32u40_A4u32_B8_C8,
		DRM_DG1_PERF_PROP_OA_EXPONENT, 12,	/* 427 us */
	};
	struct drm_dg1_perf_open o = {
		.num_properties = 4, .properties_ptr = (uintptr_t)props,
	};

	return dg1dev_ioctl(fd, DRM_IOCTL_DG1_PERF_OPEN, &o);
}

static void test_oa(void)
{
	uint64_t set[2];
	int s[2], again;
	unsigned int d;

	/* One metric set of the same uuid on each: configs are per device. */
	for (d = 0; d < 2; d++)
		set[d] = oa_add_config(gpu[d].fd);
	for (d = 0; d < 2; d++) {
		s[d] = oa_open(gpu[d].fd, set[d]);
		igt_assert_f(s[d] >= 0, "device %u: PERF_OPEN with the other's stream open: %s",
			     d, strerror(errno));
	}
	/* One stream per OA unit: a second on the first device is refused. */
	again = oa_open(gpu[0].fd, set[0]);
	igt_assert_f(again < 0 && errno == EBUSY,
		     "a second stream on one device: %s",
		     again < 0 ? strerror(errno) : "opened");
	for (d = 0; d < 2; d++) {
		struct pollfd p = { .fd = s[d], .events = POLLIN };
		uint8_t buf[4096];
		ssize_t n;

		igt_assert_f(poll(&p, 1, WAIT_MS) == 1,
			     "device %u: no OA report within %u ms", d, WAIT_MS);
		n = read(s[d], buf, sizeof(buf));
		igt_assert_f(n > 0, "device %u: read %zd: %s", d, n,
			     strerror(errno));
	}
	for (d = 0; d < 2; d++) {
		close(s[d]);
		igt_assert_f(!dg1dev_ioctl(gpu[d].fd, DRM_IOCTL_DG1_PERF_REMOVE_CONFIG,
					   &set[d]),
			     "device %u: PERF_REMOVE_CONFIG: %s", d, strerror(errno));
	}
}

igt_main
{
	igt_fixture {
		gpu_open(&gpu[0], 0);
		gpu_open(&gpu[1], 1);
	}
	igt_subtest("distinct")
		test_distinct();
	igt_subtest("no-crossing")
		test_no_crossing();
	igt_subtest("isolated")
		test_isolated();
	igt_subtest("parallel")
		test_parallel();
	igt_subtest("prime")
		test_prime();
	igt_subtest("oa")
		test_oa();
	igt_fixture {
		close(gpu[0].fd);
		close(gpu[1].fd);
	}
}
