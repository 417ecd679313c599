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
#define SCALE_COUNTS		3
#define SCALE_ROUNDS		4
#define SCALE_ROUND_NS		(DG1_NSEC_PER_SEC / 10)

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

/* EXECs on @s for SCALE_ROUND_NS, each waited or not: into @ns and @n. */
static int scale_round(struct bench *b, struct scale_vm *s, uint32_t so,
		       bool waited, uint64_t *ns, uint64_t *n)
{
	uint64_t t0 = dg1_now_ns(), t;
	int err;

	do {
		err = exec(b, s->q, BATCH_VA, waited ? so : 0);
		if (!err && waited)
			err = syncobj_wait_for(b->fd, so, 0);
		(*n)++;
		t = dg1_now_ns();
	} while (!err && t - t0 < SCALE_ROUND_NS);
	if (!err && !waited)
		err = exec(b, s->q, BATCH_VA, so) ?: syncobj_wait(b->fd, so);
	*ns += dg1_now_ns() - t0;
	return err;
}

/*
 * The six VMs (three counts, shared and private) exist at once and take
 * SCALE_ROUNDS turns each way, so that all see the same host.
 */
int bench_bos(struct bench *b)
{
	const unsigned int counts[SCALE_COUNTS] = { 1, 100, b->max_bos };
	static const char *const kind[] = { "shared", "private" };
	uint64_t ns[2][SCALE_COUNTS][2] = { 0 }, n[2][SCALE_COUNTS][2] = { 0 };
	struct scale_vm s[2][SCALE_COUNTS] = { 0 };
	unsigned int c, p, w, r, kinds = 2;
	double us[SCALE_COUNTS];
	uint32_t so;
	int err = 0;

	for (p = 0; p < kinds && !err; p++) {
		for (c = 0; c < SCALE_COUNTS && !err; c++)
			err = scale_vm_get(b, counts[c], p, &s[p][c]);
		if (err == -EINVAL && p) {
			printf("%s: bos: GEM_CREATE refuses vm_id (a kernel without private objects): private not measured\n",
			       prog);
			kinds = 1;
			err = 0;
		}
	}
	so = syncobj(b->fd);
	for (w = 0; w < 2 && !err; w++)
		for (r = 0; r < SCALE_ROUNDS && !err; r++)
			for (p = 0; p < kinds && !err; p++)
				for (c = 0; c < SCALE_COUNTS && !err; c++)
					err = scale_round(b, &s[p][c], so, w,
							  &ns[p][c][w],
							  &n[p][c][w]);
	syncobj_put(b->fd, so);
	for (p = 0; p < 2; p++)
		for (c = 0; c < SCALE_COUNTS; c++)
			scale_vm_put(b, &s[p][c]);
	if (err)
		return fail("bos", err);
	for (p = 0; p < kinds; p++) {
		for (w = 0; w < 2; w++) {
			const char *how = w ? "each waited" : "not waited";

			for (c = 0; c < SCALE_COUNTS; c++) {
				us[c] = (double)ns[p][c][w] / n[p][c][w] / 1000;
				dg1_figuref(us[c], "bos: us per exec, %u %s objects bound, %s",
					    counts[c], kind[p], how);
			}
			dg1_figuref(us[SCALE_COUNTS - 1] / us[0],
				    "bos: growth, %u %s objects to 1, %s",
				    counts[SCALE_COUNTS - 1], kind[p], how);
		}
	}
	return 0;
}
