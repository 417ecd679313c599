// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_mem_create.c - dg1_bench_mem's create figures: objects made,
 * mapped, touched and freed per second in each region, beside vgem's.
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

/* The create figures' unit of work, on a dg1 region. */
static int cycle_dg1(const struct bench *b, uint16_t region, uint64_t size)
{
	struct drm_dg1_gem_mmap_offset mo = { };
	int err, ret;

	err = dg1_create(b->fd, region, size, &mo.handle);
	if (err)
		return fail("GEM_CREATE", err);
	if (dg1dev_ioctl(b->fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &mo))
		err = -errno;
	else
		err = map_touch(b->fd, mo.offset, size);
	ret = gem_close(b->fd, mo.handle);
	if (err)
		return fail("GEM_MMAP_OFFSET and mmap of a dg1 object", err);
	return ret ? fail("GEM_CLOSE", ret) : 0;
}

/* The same on vgem: a dumb buffer of one 4 KiB pitch per row. */
static int cycle_vgem(const struct bench *b, uint64_t size)
{
	struct drm_mode_create_dumb c = {
		.width = PAGE / 4,
		.height = size / PAGE,
		.bpp = 32,
	};
	struct drm_mode_map_dumb m = { };
	struct drm_mode_destroy_dumb d = { };
	int err, ret;

	if (dg1dev_ioctl(b->vgem, DRM_IOCTL_MODE_CREATE_DUMB, &c))
		return fail("vgem CREATE_DUMB", -errno);
	d.handle = m.handle = c.handle;
	if (c.size < size)
		err = -EPROTO;
	else if (dg1dev_ioctl(b->vgem, DRM_IOCTL_MODE_MAP_DUMB, &m))
		err = -errno;
	else
		err = map_touch(b->vgem, m.offset, size);
	ret = dg1dev_ioctl(b->vgem, DRM_IOCTL_MODE_DESTROY_DUMB, &d) ? -errno : 0;
	if (err)
		return fail("vgem MAP_DUMB and mmap", err);
	return ret ? fail("vgem DESTROY_DUMB", ret) : 0;
}

enum kind { DG1_SMEM, DG1_LMEM, VGEM, KINDS };

static const char *const kind_name[KINDS] = {
	[DG1_SMEM] = "dg1 smem",
	[DG1_LMEM] = "dg1 lmem",
	[VGEM] = "vgem",
};

struct tally {
	uint64_t ns;
	unsigned long ops;
	uint64_t mmio;
};

static int cycle(const struct bench *b, enum kind kind, uint64_t size)
{
	if (kind == VGEM)
		return cycle_vgem(b, size);
	return cycle_dg1(b, kind == DG1_LMEM ? DRM_DG1_MEMORY_REGION_LMEM :
			 DRM_DG1_MEMORY_REGION_SMEM, size);
}

/*
 * Cycles of @kind at @size for @ms (at least MIN_OPS), added to @t; a
 * zero @ms is the warm-up: under TCG the first run of a code path pays
 * for its translation.
 */
static int create_run(const struct bench *b, enum kind kind, uint64_t size,
		      unsigned int ms, struct tally *t)
{
	struct vdg1_counters_page s0, s1;
	uint64_t start, end;
	unsigned long n = 0;
	int err;

	vdg1_snap(b, &s0);
	start = dg1_now_ns();
	end = start + ms * NSEC_PER_MSEC;
	do {
		err = cycle(b, kind, size);
		if (err)
			return err;
		n++;
	} while (n < MIN_OPS || dg1_now_ns() < end);
	if (!ms)
		return 0;
	t->ns += dg1_now_ns() - start;
	vdg1_snap(b, &s1);
	t->ops += n;
	t->mmio += mmio_delta(&s0, &s1);
	return 0;
}

int bench_create(struct bench *b)
{
	static const uint64_t sizes[] = { 4 * KiB, 64 * KiB, 2 * MiB };
	unsigned int ms = b->budget_ms / CREATE_ROUNDS ?: 1;
	char sz[32];
	unsigned int i, r;
	int k, err;

	printf("%s: create: create + mmap + one write per page + munmap + close, %u ms per figure in %u rounds; vgem on %s\n",
	       prog, b->budget_ms, CREATE_ROUNDS, b->vgem_node);
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		struct tally t[KINDS] = { };
		double rate[KINDS];

		for (k = 0; k < KINDS; k++) {
			err = create_run(b, k, sizes[i], 0, NULL);
			if (err)
				return err;
		}
		for (r = 0; r < CREATE_ROUNDS; r++) {
			for (k = 0; k < KINDS; k++) {
				err = create_run(b, k, sizes[i], ms, &t[k]);
				if (err)
					return err;
			}
		}
		size_name(sizes[i], sz, sizeof(sz));
		for (k = 0; k < KINDS; k++) {
			rate[k] = (double)t[k].ops * DG1_NSEC_PER_SEC / t[k].ns;
			dg1_figuref(rate[k],
			       "objects created, mapped, touched and closed per s, %s %s",
			       kind_name[k], sz);
		}
		for (k = DG1_SMEM; k <= DG1_LMEM; k++) {
			dg1_figuref(rate[k] / rate[VGEM],
			       "create-to-close rate %s/vgem, %s", kind_name[k],
			       sz);
			if (!b->have_vdg1)
				continue;
			dg1_figuref((double)t[k].mmio / t[k].ops,
			       "vdg1 mmio accesses per %s %s object",
			       kind_name[k], sz);
		}
	}
	return 0;
}
