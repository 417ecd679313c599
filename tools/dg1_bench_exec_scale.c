// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_exec_scale.c - the bos part of dg1_bench_exec: the cost of an
 * EXEC with 1, 100 and -b (default 10 000) buffer objects bound in its VM,
 * the objects shared (any VM may map them: an EXEC locks and fences each
 * one's reservation) and private to the VM (GEM_CREATE's vm_id: they share
 * the VM's, locked and fenced once). Microseconds per EXEC not waited for
 * (the ioctl's cost) and each waited for, and the growth from 1 object to
 * the most.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "dg1_bench_exec.h"
#include "dg1_dev_vm.h"

#define SCALE_VA		0x40000000ull
#define SCALE_BO		4096ull
#define SCALE_BIND_OPS		256u
#define SCALE_ROUND_NS		(DG1_NSEC_PER_SEC / 2)

struct scale_vm {
	uint32_t vm, q, *bos;
	unsigned int n;
};

static void scale_vm_put(struct bench *b, struct scale_vm *s)
{
	struct drm_dg1_vm_bind_op ops[2] = {
		dg1dev_vm_unmap_op(BATCH_VA, 64 * 1024),
		dg1dev_vm_unmap_op(SCALE_VA, s->n * SCALE_BO),
	};
	struct drm_gem_close c = { 0 };
	unsigned int i;

	if (s->q)
		queue_put(b, s->q);
	if (s->vm) {
		dg1dev_vm_bind(b->fd, s->vm, ops, s->n ? 2 : 1, NULL, 0);
		dg1dev_vm_destroy(b->fd, s->vm);
	}
	for (i = 0; i < s->n; i++) {
		c.handle = s->bos[i];
		ioctl(b->fd, DRM_IOCTL_GEM_CLOSE, &c);
	}
	free(s->bos);
	memset(s, 0, sizeof(*s));
}

/* A VM with the batch and @n 4 KiB SMEM objects bound, and a bcs queue. */
static int scale_vm_get(struct bench *b, unsigned int n, bool private,
			struct scale_vm *s)
{
	struct drm_dg1_vm_bind_op ops[SCALE_BIND_OPS];
	struct drm_dg1_exec_queue_create qc = { .engine = b->engines[b->bcs] };
	unsigned int i, k;
	int err;

	memset(s, 0, sizeof(*s));
	s->bos = calloc(n, sizeof(*s->bos));
	if (!s->bos)
		return -ENOMEM;
	err = dg1dev_vm_create(b->fd, &s->vm);
	if (err)
		return err;
	ops[0] = dg1dev_vm_map_op(b->batch, 0, BATCH_VA, 64 * 1024, 0);
	err = dg1dev_vm_bind(b->fd, s->vm, ops, 1, NULL, 0);
	for (i = 0; i < n && !err; i++) {
		struct drm_dg1_gem_create c = {
			.size = SCALE_BO, .num_placements = 1,
			.placements = { DRM_DG1_MEMORY_REGION_SMEM },
			.vm_id = private ? s->vm : 0,
		};

		if (dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_GEM_CREATE, &c))
			err = -errno;
		else
			s->bos[s->n++] = c.handle;
	}
	for (i = 0; i < s->n && !err; i += k) {
		for (k = 0; k < SCALE_BIND_OPS && i + k < s->n; k++)
			ops[k] = dg1dev_vm_map_op(s->bos[i + k], 0,
						  SCALE_VA + (i + k) * SCALE_BO,
						  SCALE_BO, 0);
		err = dg1dev_vm_bind(b->fd, s->vm, ops, k, NULL, 0);
	}
	qc.vm_id = s->vm;
	if (!err && dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &qc))
		err = -errno;
	s->q = qc.exec_queue_id;
	return err;
}

/* Microseconds per EXEC on @s for SCALE_ROUND_NS, each waited or not. */
static int scale_round(struct bench *b, struct scale_vm *s, uint32_t so,
		       bool waited, double *us)
{
	uint64_t t0 = dg1_now_ns(), t, n = 0;
	int err;

	do {
		err = exec(b, s->q, BATCH_VA, so);
		if (!err && waited)
			err = syncobj_wait_for(b->fd, so, 0);
		n++;
		t = dg1_now_ns();
	} while (!err && t - t0 < SCALE_ROUND_NS);
	if (!err && !waited)
		err = syncobj_wait(b->fd, so);
	*us = (double)(t - t0) / n / 1000;
	return err;
}

int bench_bos(struct bench *b)
{
	const unsigned int counts[] = { 1, 100, b->max_bos };
	static const char *const kind[] = { "shared", "private" };
	double us[2][3][2];
	unsigned int c, p, w;
	struct scale_vm s;
	uint32_t so;
	int err = 0;

	so = syncobj(b->fd);
	for (p = 0; p < 2; p++) {
		for (c = 0; c < 3 && !err; c++) {
			err = scale_vm_get(b, counts[c], p, &s);
			if (err == -EINVAL && p && c == 0) {
				printf("%s: bos: GEM_CREATE refuses vm_id (a kernel without private objects): private not measured\n",
				       prog);
				scale_vm_put(b, &s);
				break;
			}
			for (w = 0; w < 2 && !err; w++)
				err = scale_round(b, &s, so, w, &us[p][c][w]);
			scale_vm_put(b, &s);
			for (w = 0; w < 2 && !err; w++)
				dg1_figuref(us[p][c][w], "bos: us per exec, %u %s objects bound, %s",
					    counts[c], kind[p],
					    w ? "each waited" : "not waited");
		}
		if (err)
			break;
		for (w = 0; w < 2 && c == 3; w++)
			dg1_figuref(us[p][2][w] / us[p][0][w],
				    "bos: growth, %u %s objects to 1, %s",
				    counts[2], kind[p],
				    w ? "each waited" : "not waited");
	}
	syncobj_put(b->fd, so);
	return err ? fail("bos", err) : 0;
}
