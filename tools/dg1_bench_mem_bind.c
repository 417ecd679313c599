// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_mem_bind.c - dg1_bench_mem's VM_BIND figures: binds and
 * unbinds per second by count, and the TLB invalidations they cost.
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
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "dg1_bench.h"
#include "dg1_dev.h"
#include "dg1_dev_debugfs.h"
#include "dg1_dev_vdg1.h"

#include "dg1_bench_mem.h"

static int vm_bind(int fd, uint32_t vm, struct drm_dg1_vm_bind_op *ops,
		   uint32_t n)
{
	struct drm_dg1_vm_bind a = {
		.vm_id = vm,
		.num_binds = n,
		.binds = (uintptr_t)ops,
	};

	return dg1dev_ioctl(fd, DRM_IOCTL_DG1_VM_BIND, &a) ? -errno : 0;
}

/* A map of the object's first page (@handle) or an unmap (0). */
static struct drm_dg1_vm_bind_op bind_op(uint32_t handle, uint64_t addr,
					 uint64_t range)
{
	return (struct drm_dg1_vm_bind_op){
		.op = handle ? DRM_DG1_VM_BIND_OP_MAP : DRM_DG1_VM_BIND_OP_UNMAP,
		.obj = handle,
		.addr = addr,
		.range = range,
	};
}

/* The driver's TLB invalidations so far (debugfs gt_tlb), or -errno. */
static int64_t driver_tlb_invalidations(const struct bench *b)
{
	long long inv, timeouts;
	char *text;
	ssize_t len;
	int n;

	len = dg1dev_debugfs_read(b->dfs, "gt_tlb", &text);
	if (len < 0)
		return fail("debugfs gt_tlb", len);
	n = sscanf(text, "invalidations %lld timeouts %lld", &inv, &timeouts);
	free(text);
	if (n != 2 || inv < 0)
		return fail("debugfs gt_tlb: not \"invalidations N timeouts N\"",
			    -EPROTO);
	return inv;
}

/* Existing mappings are 4 KiB pages of one object from this address up. */
#define BIND_BASE		(1ull << 32)

static const unsigned int bind_counts[] = { 1, 1000, 100000 };

/*
 * Bind mappings [@from, @to) in batches of @max, then check that the last
 * one is there: mapping over it must fail with EEXIST.
 */
static int grow(const struct bench *b, uint32_t vm, uint32_t handle,
		struct drm_dg1_vm_bind_op *ops, uint32_t max,
		unsigned int from, unsigned int to)
{
	unsigned int i, n;
	int err;

	for (i = from; i < to; i += n) {
		n = to - i < max ? to - i : max;
		for (unsigned int j = 0; j < n; j++)
			ops[j] = bind_op(handle, BIND_BASE +
					 (uint64_t)(i + j) * PAGE, PAGE);
		err = vm_bind(b->fd, vm, ops, n);
		if (err)
			return fail("VM_BIND of a batch of maps", err);
	}
	ops[0] = bind_op(handle, BIND_BASE + (uint64_t)(to - 1) * PAGE, PAGE);
	err = vm_bind(b->fd, vm, ops, 1);
	if (err != -EEXIST) {
		fprintf(stderr, "%s: bind: a map over mapping %u gave %s, not EEXIST: the mappings are not there\n",
			prog, to - 1, strerror(-err));
		return -EPROTO;
	}
	return 0;
}

/* Map + unmap pairs of the page after the last mapping, for the budget. */
static int pairs(const struct bench *b, uint32_t vm, uint32_t handle,
		 unsigned int existing)
{
	uint64_t addr = BIND_BASE + (uint64_t)existing * PAGE;
	struct drm_dg1_vm_bind_op map = bind_op(handle, addr, PAGE);
	struct drm_dg1_vm_bind_op unmap = bind_op(0, addr, PAGE);
	struct vdg1_counters_page v0, v1;
	int64_t inv0 = 0, inv1 = 0;
	uint64_t start = 0, end = 0, ns;
	unsigned long n = 0;
	int err;

	/* The first MIN_OPS pairs warm up (TCG translates the paths). */
	do {
		if (n == MIN_OPS) {
			if (b->dfs[0] &&
			    (inv0 = driver_tlb_invalidations(b)) < 0)
				return inv0;
			vdg1_snap(b, &v0);
			start = dg1_now_ns();
			end = start + b->budget_ms * NSEC_PER_MSEC;
		}
		err = vm_bind(b->fd, vm, &map, 1);
		if (err)
			return fail("VM_BIND map", err);
		err = vm_bind(b->fd, vm, &unmap, 1);
		if (err)
			return fail("VM_BIND unmap", err);
		n++;
	} while (n < 2 * MIN_OPS || dg1_now_ns() < end);
	n -= MIN_OPS;
	ns = dg1_now_ns() - start;
	vdg1_snap(b, &v1);
	if (b->dfs[0] && (inv1 = driver_tlb_invalidations(b)) < 0)
		return inv1;

	dg1_figuref((double)n * DG1_NSEC_PER_SEC / ns,
	       "vm_bind map+unmap pairs per s, %u mappings in the vm", existing);
	if (b->have_vdg1) {
		dg1_figuref((double)(v1.tlb_invalidations - v0.tlb_invalidations) / n,
		       "vdg1 tlb invalidations per map+unmap, %u mappings",
		       existing);
		dg1_figuref((double)mmio_delta(&v0, &v1) / n,
		       "vdg1 mmio accesses per map+unmap, %u mappings",
		       existing);
	}
	if (b->dfs[0]) {
		dg1_figuref((double)(inv1 - inv0) / n,
		       "driver tlb invalidations per map+unmap, %u mappings",
		       existing);
	}
	return 0;
}

int bench_bind(struct bench *b)
{
	struct drm_dg1_vm_create vc = { };
	struct drm_dg1_vm_destroy vd = { };
	struct drm_dg1_vm_bind_op *ops = NULL;
	struct drm_dg1_query_vm *q;
	unsigned int i, reach = 0;
	uint64_t t0, t_grow = 0;
	uint32_t size, handle = 0, max;
	int err, ret;

	err = dg1dev_query(b->fd, DRM_DG1_QUERY_VM, (void **)&q, &size);
	if (err == -EINVAL || err == -ENOTTY) {
		printf("%s: bind: the driver has no VM query item (%s): VM_BIND not measured\n",
		       prog, strerror(-err));
		return err;
	}
	if (err)
		return fail("VM query", err);
	max = size >= sizeof(*q) ? q->max_bind_ops : 0;
	if (!max || q->va_end < BIND_BASE + (bind_counts[2] + 1ull) * PAGE) {
		free(q);
		return fail("VM query: no bind ops or too little VA", -EPROTO);
	}
	free(q);

	if (dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_VM_CREATE, &vc)) {
		err = -errno;
		if (err == -ENOTTY || err == -EINVAL)
			printf("%s: bind: VM_CREATE unsupported (%s): VM_BIND not measured\n",
			       prog, strerror(-err));
		return fail("VM_CREATE", err);
	}
	ops = calloc(max, sizeof(*ops));
	if (!ops) {
		err = fail("bind ops", -ENOMEM);
		goto out;
	}
	err = dg1_create(b->fd, DRM_DG1_MEMORY_REGION_LMEM, PAGE, &handle);
	if (err) {
		fail("GEM_CREATE", err);
		goto out;
	}
	printf("%s: bind: 4 KiB mappings of one LMEM object from 0x%llx, in batches of %u; then map + unmap of the next page, %u ms per figure\n",
	       prog, BIND_BASE, max, b->budget_ms);

	for (i = 0; i < ARRAY_SIZE(bind_counts); i++) {
		unsigned int from = i ? bind_counts[i - 1] : 0;

		reach = bind_counts[i] + 1;	/* and the pairs' page */
		t0 = dg1_now_ns();
		err = grow(b, vc.vm_id, handle, ops, max, from, bind_counts[i]);
		if (err)
			goto out;
		if (i == ARRAY_SIZE(bind_counts) - 1)
			t_grow = dg1_now_ns() - t0;
		err = pairs(b, vc.vm_id, handle, bind_counts[i]);
		if (err)
			goto out;
	}
	dg1_figuref((double)(bind_counts[2] - bind_counts[1]) * DG1_NSEC_PER_SEC / t_grow,
	       "vm_bind maps per s in batches of max_bind_ops, growing to %u",
	       bind_counts[2]);

out:
	/* One unmap over the whole range takes every mapping away. */
	if (reach) {
		ops[0] = bind_op(0, BIND_BASE, (uint64_t)reach * PAGE);
		ret = vm_bind(b->fd, vc.vm_id, ops, 1);
		if (ret && !err)
			err = fail("VM_BIND unmap of everything", ret);
	}
	vd.vm_id = vc.vm_id;
	if (dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_VM_DESTROY, &vd) && !err)
		err = fail("VM_DESTROY", -errno);
	if (handle)
		gem_close(b->fd, handle);
	free(ops);
	return err;
}
