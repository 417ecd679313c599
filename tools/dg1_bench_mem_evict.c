// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_mem_evict.c - dg1_bench_mem's eviction figures: LMEM
 * evicted to SMEM per second beside memcpy(), contents checked.
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

/* SMEM's and LMEM's entries of the memory-regions query (in enum order). */
int regions(int fd, struct drm_dg1_memory_region_info *smem,
		   struct drm_dg1_memory_region_info *lmem)
{
	struct drm_dg1_query_memory_regions *q;
	uint32_t size;
	int err;

	err = dg1dev_query(fd, DRM_DG1_QUERY_MEMORY_REGIONS, (void **)&q,
			   &size);
	if (err)
		return fail("MEMORY_REGIONS query", err);
	if (size < sizeof(*q) + 2 * sizeof(q->regions[0]) ||
	    q->num_regions < 2 ||
	    q->regions[0].region != DRM_DG1_MEMORY_REGION_SMEM ||
	    q->regions[1].region != DRM_DG1_MEMORY_REGION_LMEM)
		err = fail("MEMORY_REGIONS query: not SMEM then LMEM", -EPROTO);
	if (!err) {
		*smem = q->regions[0];
		*lmem = q->regions[1];
	}
	free(q);
	return err;
}

/* Wait until LMEM's and SMEM's "used" are back at most at the given. */
static int wait_used(int fd, unsigned long long smem_used,
		     unsigned long long lmem_used)
{
	struct drm_dg1_memory_region_info s, l;
	uint64_t end = dg1_now_ns() + USED_TIMEOUT_MS * NSEC_PER_MSEC;
	int err;

	for (;;) {
		err = regions(fd, &s, &l);
		if (err)
			return err;
		if (s.used <= smem_used && l.used <= lmem_used)
			return 0;
		if (dg1_now_ns() > end) {
			fprintf(stderr, "%s: used stays at smem %llu lmem %llu, want at most %llu and %llu\n",
				prog, s.used, l.used, smem_used, lmem_used);
			return -ETIMEDOUT;
		}
		usleep(10000);
	}
}

struct obj {
	uint32_t handle;
	/* Mapped, EVICT_OBJ bytes: every access must reach the object. */
	volatile uint64_t *p;
};

/* The pattern word of page @pg of object @o: differs per run, object, page. */
uint64_t pattern(const struct bench *b, unsigned int o, uint64_t pg)
{
	uint64_t x = b->seed ^ ((uint64_t)o << 32) ^ pg;

	x *= 0x9e3779b97f4a7c15ull;
	return x ^ (x >> 29);
}

/* Create, map and fill @n LMEM objects from index @first of @objs. */
static int make_objs(const struct bench *b, struct obj *objs,
		     unsigned int first, unsigned int n)
{
	const uint64_t words = PAGE / sizeof(uint64_t);
	unsigned int o;
	uint64_t pg;
	void *p = NULL;
	int err;

	for (o = first; o < first + n; o++) {
		err = dg1_create(b->fd, DRM_DG1_MEMORY_REGION_LMEM, EVICT_OBJ,
				 &objs[o].handle);
		if (err)
			return fail("GEM_CREATE of an LMEM object", err);
		err = dg1_mmap(b->fd, objs[o].handle, EVICT_OBJ, &p);
		if (err)
			return fail("mmap of an LMEM object", err);
		objs[o].p = p;
		/* The first and last word of each page: contents to move. */
		for (pg = 0; pg < EVICT_OBJ / PAGE; pg++) {
			objs[o].p[pg * words] = pattern(b, o, pg);
			objs[o].p[pg * words + words - 1] = ~pattern(b, o, pg);
		}
	}
	return 0;
}

/* Pattern words of objects [0, @n) that are wrong. */
static unsigned long long check_objs(const struct bench *b,
				     const struct obj *objs, unsigned int n)
{
	const uint64_t words = PAGE / sizeof(uint64_t);
	unsigned long long pg, bad = 0;
	unsigned int o;

	for (o = 0; o < n; o++) {
		for (pg = 0; pg < EVICT_OBJ / PAGE; pg++) {
			bad += objs[o].p[pg * words] != pattern(b, o, pg);
			bad += objs[o].p[pg * words + words - 1] !=
			       ~pattern(b, o, pg);
		}
	}
	return bad;
}

static void drop_objs(const struct bench *b, struct obj *objs, unsigned int n)
{
	unsigned int o;

	for (o = 0; o < n; o++) {
		if (objs[o].p)
			munmap((void *)objs[o].p, EVICT_OBJ);
		if (objs[o].handle)
			gem_close(b->fd, objs[o].handle);
		objs[o] = (struct obj){ };
	}
}

/* MiB/s of memcpy() of @bytes between two buffers already faulted in. */
static int memcpy_rate(uint64_t bytes, double *mib_s)
{
	char *src = malloc(bytes), *dst = malloc(bytes);
	uint64_t t0, t1;
	int err = -ENOMEM;

	if (src && dst) {
		memset(src, 0x5a, bytes);
		memset(dst, 0xa5, bytes);
		t0 = dg1_now_ns();
		memcpy(dst, src, bytes);
		t1 = dg1_now_ns();
		*mib_s = (double)bytes / MiB * DG1_NSEC_PER_SEC / (t1 - t0 ?: 1);
		/* Use the copy: it must not be optimised away. */
		err = dst[bytes - 1] == 0x5a ? 0 : -EIO;
	}
	free(src);
	free(dst);
	return err ? fail("memcpy", err) : 0;
}

int bench_evict(struct bench *b)
{
	struct drm_dg1_memory_region_info s0, l0, s1, l1, s2, l2;
	struct vdg1_counters_page v0, v1;
	unsigned int nfill, nextra = b->evict_bytes / EVICT_OBJ;
	unsigned long long room, evicted, bad;
	uint64_t t0, t_room, t_evict;
	double rate, net, copy = 0;
	struct obj *objs = NULL;
	int err;

	err = regions(b->fd, &s0, &l0);
	if (err)
		return err;
	/* The objects need CPU access: what counts is the visible part. */
	room = l0.cpu_visible_size - l0.cpu_visible_used;
	nfill = room / EVICT_OBJ;
	if (nfill < 1 || nextra > nfill) {
		fprintf(stderr, "%s: evict: %llu MiB of visible LMEM free, too little to evict %llu MiB from\n",
			prog, room / MiB, b->evict_bytes / MiB);
		return -ENOSPC;
	}
	objs = calloc(nfill + nextra, sizeof(*objs));
	if (!objs)
		return fail("evict", -ENOMEM);
	b->seed = dg1_now_ns();
	printf("%s: evict: %llu MiB of LMEM free (visible part), filled with %u objects of %llu MiB, then %u more\n",
	       prog, room / MiB, nfill, EVICT_OBJ / MiB, nextra);

	/* The same work with room: what creating the objects costs alone. */
	t0 = dg1_now_ns();
	err = make_objs(b, objs, 0, nextra);
	t_room = dg1_now_ns() - t0;
	drop_objs(b, objs, nextra);
	if (!err)
		err = wait_used(b->fd, s0.used, l0.used);

	if (!err)
		err = make_objs(b, objs, 0, nfill);
	if (!err)
		err = regions(b->fd, &s1, &l1);
	if (err)
		goto out;

	vdg1_snap(b, &v0);
	t0 = dg1_now_ns();
	err = make_objs(b, objs, nfill, nextra);
	t_evict = dg1_now_ns() - t0;
	vdg1_snap(b, &v1);
	if (!err)
		err = regions(b->fd, &s2, &l2);
	if (err)
		goto out;

	/* Only eviction puts an LMEM-only object into SMEM. */
	evicted = s2.used > s1.used ? s2.used - s1.used : 0;
	printf("%s: evict: LMEM used %llu -> %llu -> %llu MiB, SMEM used %llu -> %llu -> %llu MiB (start, filled, after)\n",
	       prog, l0.used / MiB, l1.used / MiB, l2.used / MiB,
	       s0.used / MiB, s1.used / MiB, s2.used / MiB);
	if (evicted < b->evict_bytes - (room - (uint64_t)nfill * EVICT_OBJ)) {
		fprintf(stderr, "%s: evict: only %llu KiB went to SMEM, want at least %llu KiB: no eviction to measure\n",
			prog, evicted / KiB,
			(b->evict_bytes - (room - (uint64_t)nfill * EVICT_OBJ)) / KiB);
		err = -ENODATA;
		goto out;
	}

	err = memcpy_rate(evicted, &copy);
	if (err)
		goto out;

	/* Every object, the evicted ones read from SMEM, kept its pattern. */
	bad = check_objs(b, objs, nfill + nextra);
	if (bad) {
		fprintf(stderr, "%s: evict: %llu pattern words wrong after the eviction\n",
			prog, bad);
		err = -EIO;
		goto out;
	}
	/* Read where they were: a fault moves nothing back into LMEM. */
	err = regions(b->fd, &s1, &l1);
	if (err)
		goto out;
	printf("%s: evict: the pattern of all %u objects read back intact, the %llu MiB in SMEM among them (SMEM used %llu MiB after the read-back)\n",
	       prog, nfill + nextra, evicted / MiB, s1.used / MiB);

	rate = (double)evicted / MiB * DG1_NSEC_PER_SEC / t_evict;
	dg1_figuref((double)evicted / MiB, "eviction: MiB evicted from LMEM to SMEM");
	dg1_figuref((double)t_room / NSEC_PER_MSEC,
	       "eviction: ms to create and fill the objects with LMEM free");
	dg1_figuref((double)t_evict / NSEC_PER_MSEC,
	       "eviction: ms to create and fill them with LMEM full");
	dg1_figuref(rate, "eviction: MiB/s evicted, whole phase");
	dg1_figuref(copy, "eviction: memcpy MiB/s in the guest, same amount");
	/* Eviction is far the slower: the ratio that keeps its digits. */
	dg1_figuref(copy / rate, "eviction: ratio memcpy/eviction, whole phase");
	/* Less the same work with room: the eviction alone, if it shows. */
	if (t_evict > t_room) {
		net = (double)evicted / MiB * DG1_NSEC_PER_SEC / (t_evict - t_room);
		dg1_figuref(net,
		       "eviction: MiB/s evicted, less the same work with room");
		dg1_figuref(copy / net,
		       "eviction: ratio memcpy/eviction, less the same work with room");
	} else {
		printf("%s: evict: no slower than with room: no net figure\n",
		       prog);
	}
	if (b->have_vdg1)
		dg1_figuref((double)mmio_delta(&v0, &v1) * MiB / evicted,
		       "eviction: vdg1 mmio accesses per MiB evicted");
out:
	drop_objs(b, objs, nfill + nextra);
	free(objs);
	if (!err)
		err = wait_used(b->fd, s0.used, l0.used);
	return err;
}
