// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_bench_mem - what dg1's memory management costs, in numbers. Prints,
 * never judges: every figure is a "bench: <what>: <number>" line.
 *
 * Three parts, each bounded in time (-t, per figure; under TCG the whole
 * run takes about ten seconds of guest time with the defaults):
 *
 *  create  object create + mmap + first touch (one write per page) +
 *          munmap + close, per second, for dg1 SMEM, dg1 LMEM and vgem's
 *          dumb buffers (vgem, the kernel's shmem-backed GEM driver, is
 *          the yardstick), at 4 KiB, 64 KiB and 2 MiB, interleaved in
 *          rounds so that a slow phase of the host hits all three alike.
 *  evict   LMEM filled with objects that hold a pattern, then more LMEM
 *          objects created and touched, so that TTM must evict to SMEM;
 *          MiB/s of that eviction against a memcpy() of the same amount
 *          in the guest. The regions' "used" before and after say how much
 *          moved; every object's pattern is read back afterwards, the
 *          evicted ones from SMEM.
 *  bind    VM_BIND map + unmap of one 4 KiB page, per second, with 1,
 *          1000 and 100000 mappings already in the VM (4 KiB mappings of
 *          one object at distinct addresses, bound in batches of
 *          max_bind_ops).
 *
 * Where vdg1's counters page is mapped, the exact counts of the device
 * side are printed too: MMIO accesses per operation, TLB invalidations per
 * map + unmap (and the driver's, from debugfs gt_tlb).
 *
 * Exit status - whether it measured, not whether the figures are good:
 *  0  every figure has a value;
 *  1  it cannot measure: no dg1 or vgem node, an ioctl failed, no
 *     eviction happened, a pattern did not survive it, VM_BIND is not
 *     supported, vdg1's counters or debugfs missing on vdg1
 *     (DG1_EXPECT_VDG1=1);
 *  2  bad arguments.
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

#include "dg1_dev.h"
#include "dg1_dev_debugfs.h"
#include "dg1_dev_vdg1.h"

#define KiB			1024ull
#define MiB			(1024ull * KiB)
#define PAGE			(4 * KiB)
#define NSEC_PER_SEC		1000000000ull
#define NSEC_PER_MSEC		1000000ull

/* Each figure runs for at least this many operations, however slow. */
#define MIN_OPS			4
/* Rounds the create figures are interleaved in. */
#define CREATE_ROUNDS		3
/* Eviction: object size, and how long "used" may take to come back. */
#define EVICT_OBJ		(8 * MiB)
#define USED_TIMEOUT_MS		5000

static const char *prog;

struct bench {
	int fd;				/* the dg1 render node */
	char node[PATH_MAX];
	int vgem;			/* vgem's primary node, -1 if none */
	char vgem_node[PATH_MAX];
	struct dg1dev_vdg1 vdg1;
	bool have_vdg1;
	char dfs[PATH_MAX];		/* "" without debugfs */
	unsigned int budget_ms;		/* per figure */
	unsigned long long evict_bytes;
	uint64_t seed;			/* of the eviction's pattern */
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-d /dev/dri/renderDN] [-p PARTS] [-t MS] [-e MIB] [-h]\n"
		"Measure dg1's memory management; prints \"bench: <what>: <n>\" lines.\n"
		"  -d, --device NODE   render node (default: $%s, else the first dg1)\n"
		"  -p, --parts LIST    comma-separated: create, evict, bind (default all)\n"
		"  -t, --time MS       time per figure (default 200)\n"
		"  -e, --evict MIB     LMEM to evict, a multiple of 8 (default 64)\n"
		"  -h, --help          this text\n"
		"Exit status: 0 measured, 1 cannot measure, 2 bad arguments.\n",
		prog, DG1_DEVICE_ENV);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* "bench: <what>: <value>", the value with at most two decimals. */
static void __attribute__((format(printf, 2, 3)))
figure(double value, const char *fmt, ...)
{
	char num[64], what[192];
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(num, sizeof(num), "%.2f", value);
	n = strlen(num);
	while (n && num[n - 1] == '0')
		num[--n] = '\0';
	if (n && num[n - 1] == '.')
		num[--n] = '\0';
	printf("bench: %s: %s\n", what, num);
}

static const char *size_name(unsigned long long size, char *buf, size_t len)
{
	if (size >= MiB && !(size % MiB))
		snprintf(buf, len, "%llu MiB", size / MiB);
	else
		snprintf(buf, len, "%llu KiB", size / KiB);
	return buf;
}

static int fail(const char *what, int err)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(-err));
	return err;
}

static void vdg1_snap(const struct bench *b, struct vdg1_counters_page *s)
{
	if (b->have_vdg1)
		dg1dev_vdg1_snapshot(&b->vdg1, s);
	else
		memset(s, 0, sizeof(*s));
}

static uint32_t mmio_delta(const struct vdg1_counters_page *s0,
			   const struct vdg1_counters_page *s1)
{
	return (s1->mmio_reads - s0->mmio_reads) +
	       (s1->mmio_writes - s0->mmio_writes);
}

/* mmap() @size bytes of @fd at @offset, write each page once, unmap. */
static int map_touch(int fd, uint64_t offset, uint64_t size)
{
	volatile uint32_t *p;
	uint64_t off;

	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
	if (p == MAP_FAILED)
		return -errno;
	/* The first touch: it faults every page in. */
	for (off = 0; off < size; off += PAGE)
		p[off / sizeof(*p)] = (uint32_t)off | 1;
	munmap((void *)p, size);
	return 0;
}

static int gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	return dg1dev_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c) ? -errno : 0;
}

static int dg1_create(int fd, uint16_t region, uint64_t size, uint32_t *handle)
{
	struct drm_dg1_gem_create c = {
		.size = size,
		.num_placements = 1,
		.placements = { region },
	};

	/* Deterministic: never a move into the BAR at the first fault. */
	if (region == DRM_DG1_MEMORY_REGION_LMEM)
		c.flags = DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS;
	if (dg1dev_ioctl(fd, DRM_IOCTL_DG1_GEM_CREATE, &c))
		return -errno;
	*handle = c.handle;
	return 0;
}

static int dg1_mmap(int fd, uint32_t handle, uint64_t size, void **p)
{
	struct drm_dg1_gem_mmap_offset mo = { .handle = handle };

	if (dg1dev_ioctl(fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &mo))
		return -errno;
	*p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		  mo.offset);
	return *p == MAP_FAILED ? -errno : 0;
}

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
	start = now_ns();
	end = start + ms * NSEC_PER_MSEC;
	do {
		err = cycle(b, kind, size);
		if (err)
			return err;
		n++;
	} while (n < MIN_OPS || now_ns() < end);
	if (!ms)
		return 0;
	t->ns += now_ns() - start;
	vdg1_snap(b, &s1);
	t->ops += n;
	t->mmio += mmio_delta(&s0, &s1);
	return 0;
}

static int bench_create(struct bench *b)
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
			rate[k] = (double)t[k].ops * NSEC_PER_SEC / t[k].ns;
			figure(rate[k],
			       "objects created, mapped, touched and closed per s, %s %s",
			       kind_name[k], sz);
		}
		for (k = DG1_SMEM; k <= DG1_LMEM; k++) {
			figure(rate[k] / rate[VGEM],
			       "create-to-close rate %s/vgem, %s", kind_name[k],
			       sz);
			if (!b->have_vdg1)
				continue;
			figure((double)t[k].mmio / t[k].ops,
			       "vdg1 mmio accesses per %s %s object",
			       kind_name[k], sz);
		}
	}
	return 0;
}

/* SMEM's and LMEM's entries of the memory-regions query (in enum order). */
static int regions(int fd, struct drm_dg1_memory_region_info *smem,
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
	uint64_t end = now_ns() + USED_TIMEOUT_MS * NSEC_PER_MSEC;
	int err;

	for (;;) {
		err = regions(fd, &s, &l);
		if (err)
			return err;
		if (s.used <= smem_used && l.used <= lmem_used)
			return 0;
		if (now_ns() > end) {
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
static uint64_t pattern(const struct bench *b, unsigned int o, uint64_t pg)
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
		t0 = now_ns();
		memcpy(dst, src, bytes);
		t1 = now_ns();
		*mib_s = (double)bytes / MiB * NSEC_PER_SEC / (t1 - t0 ?: 1);
		/* Use the copy: it must not be optimised away. */
		err = dst[bytes - 1] == 0x5a ? 0 : -EIO;
	}
	free(src);
	free(dst);
	return err ? fail("memcpy", err) : 0;
}

static int bench_evict(struct bench *b)
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
	b->seed = now_ns();
	printf("%s: evict: %llu MiB of LMEM free (visible part), filled with %u objects of %llu MiB, then %u more\n",
	       prog, room / MiB, nfill, EVICT_OBJ / MiB, nextra);

	/* The same work with room: what creating the objects costs alone. */
	t0 = now_ns();
	err = make_objs(b, objs, 0, nextra);
	t_room = now_ns() - t0;
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
	t0 = now_ns();
	err = make_objs(b, objs, nfill, nextra);
	t_evict = now_ns() - t0;
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

	rate = (double)evicted / MiB * NSEC_PER_SEC / t_evict;
	figure((double)evicted / MiB, "eviction: MiB evicted from LMEM to SMEM");
	figure((double)t_room / NSEC_PER_MSEC,
	       "eviction: ms to create and fill the objects with LMEM free");
	figure((double)t_evict / NSEC_PER_MSEC,
	       "eviction: ms to create and fill them with LMEM full");
	figure(rate, "eviction: MiB/s evicted, whole phase");
	figure(copy, "eviction: memcpy MiB/s in the guest, same amount");
	/* Eviction is far the slower: the ratio that keeps its digits. */
	figure(copy / rate, "eviction: ratio memcpy/eviction, whole phase");
	/* Less the same work with room: the eviction alone, if it shows. */
	if (t_evict > t_room) {
		net = (double)evicted / MiB * NSEC_PER_SEC / (t_evict - t_room);
		figure(net,
		       "eviction: MiB/s evicted, less the same work with room");
		figure(copy / net,
		       "eviction: ratio memcpy/eviction, less the same work with room");
	} else {
		printf("%s: evict: no slower than with room: no net figure\n",
		       prog);
	}
	if (b->have_vdg1)
		figure((double)mmio_delta(&v0, &v1) * MiB / evicted,
		       "eviction: vdg1 mmio accesses per MiB evicted");
out:
	drop_objs(b, objs, nfill + nextra);
	free(objs);
	if (!err)
		err = wait_used(b->fd, s0.used, l0.used);
	return err;
}

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
			start = now_ns();
			end = start + b->budget_ms * NSEC_PER_MSEC;
		}
		err = vm_bind(b->fd, vm, &map, 1);
		if (err)
			return fail("VM_BIND map", err);
		err = vm_bind(b->fd, vm, &unmap, 1);
		if (err)
			return fail("VM_BIND unmap", err);
		n++;
	} while (n < 2 * MIN_OPS || now_ns() < end);
	n -= MIN_OPS;
	ns = now_ns() - start;
	vdg1_snap(b, &v1);
	if (b->dfs[0] && (inv1 = driver_tlb_invalidations(b)) < 0)
		return inv1;

	figure((double)n * NSEC_PER_SEC / ns,
	       "vm_bind map+unmap pairs per s, %u mappings in the vm", existing);
	if (b->have_vdg1) {
		figure((double)(v1.tlb_invalidations - v0.tlb_invalidations) / n,
		       "vdg1 tlb invalidations per map+unmap, %u mappings",
		       existing);
		figure((double)mmio_delta(&v0, &v1) / n,
		       "vdg1 mmio accesses per map+unmap, %u mappings",
		       existing);
	}
	if (b->dfs[0]) {
		figure((double)(inv1 - inv0) / n,
		       "driver tlb invalidations per map+unmap, %u mappings",
		       existing);
	}
	return 0;
}

static int bench_bind(struct bench *b)
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
		t0 = now_ns();
		err = grow(b, vc.vm_id, handle, ops, max, from, bind_counts[i]);
		if (err)
			goto out;
		if (i == ARRAY_SIZE(bind_counts) - 1)
			t_grow = now_ns() - t0;
		err = pairs(b, vc.vm_id, handle, bind_counts[i]);
		if (err)
			goto out;
	}
	figure((double)(bind_counts[2] - bind_counts[1]) * NSEC_PER_SEC / t_grow,
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

/* vgem's primary node: dumb buffers are not allowed on render nodes. */
static int open_vgem(char *path, size_t len)
{
	char name[32];
	int i, fd;

	for (i = 0; i < 64; i++) {
		snprintf(path, len, "/dev/dri/card%d", i);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (!dg1dev_driver_name(fd, name, sizeof(name)) &&
		    !strcmp(name, "vgem"))
			return fd;
		close(fd);
	}
	return -ENODEV;
}

enum { PART_CREATE = 1, PART_EVICT = 2, PART_BIND = 4 };

static const struct {
	const char *name;
	unsigned int bit;
	int (*run)(struct bench *b);
} part[] = {
	{ "create", PART_CREATE, bench_create },
	{ "evict", PART_EVICT, bench_evict },
	{ "bind", PART_BIND, bench_bind },
};

static int parse_parts(char *arg, unsigned int *parts)
{
	char *tok, *save = NULL;
	unsigned int i;

	*parts = 0;
	for (tok = strtok_r(arg, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < ARRAY_SIZE(part); i++)
			if (!strcmp(tok, part[i].name))
				break;
		if (i == ARRAY_SIZE(part))
			return -EINVAL;
		*parts |= part[i].bit;
	}
	return *parts ? 0 : -EINVAL;
}

static int parse_uint(const char *arg, unsigned long min, unsigned long max,
		      unsigned long *val)
{
	char *end;

	errno = 0;
	*val = strtoul(arg, &end, 0);
	if (errno || end == arg || *end || *val < min || *val > max)
		return -EINVAL;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "parts", required_argument, NULL, 'p' },
		{ "time", required_argument, NULL, 't' },
		{ "evict", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	struct bench b = { .vgem = -1, .budget_ms = 200,
			   .evict_bytes = 64 * MiB };
	unsigned int parts = PART_CREATE | PART_EVICT | PART_BIND;
	char pci[PATH_MAX], why[512], line[256];
	const char *want = NULL, *env;
	unsigned long v;
	unsigned int i, failed = 0;
	bool expect_vdg1;
	int c, err;

	prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	setvbuf(stdout, NULL, _IOLBF, 0);

	while ((c = getopt_long(argc, argv, "d:p:t:e:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			want = optarg;
			break;
		case 'p':
			if (parse_parts(optarg, &parts))
				goto bad;
			break;
		case 't':
			if (parse_uint(optarg, 1, 60000, &v))
				goto bad;
			b.budget_ms = v;
			break;
		case 'e':
			if (parse_uint(optarg, 8, 1 << 20, &v) || v % 8)
				goto bad;
			b.evict_bytes = v * MiB;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			goto bad;
		}
	}
	if (optind < argc)
		goto bad;

	b.fd = dg1dev_open_render(want, b.node, sizeof(b.node));
	if (b.fd < 0) {
		fail("no dg1 render node", b.fd);
		return 1;
	}
	if (parts & PART_CREATE) {
		b.vgem = open_vgem(b.vgem_node, sizeof(b.vgem_node));
		if (b.vgem < 0) {
			fprintf(stderr, "%s: no vgem node in /dev/dri (modprobe vgem): the create figures need it\n",
				prog);
			return 1;
		}
	}

	env = getenv(DG1_EXPECT_VDG1_ENV);
	expect_vdg1 = env && !strcmp(env, "1");
	err = dg1dev_pci_path(b.fd, pci, sizeof(pci));
	if (err) {
		snprintf(why, sizeof(why), "no sysfs PCI device: %s",
			 strerror(-err));
	} else {
		err = dg1dev_vdg1_map(pci, &b.vdg1, why, sizeof(why));
		b.have_vdg1 = !err;
	}
	/* vdg1 of another layout: this build cannot read it. */
	if (err == -EPROTO || (err && expect_vdg1)) {
		fprintf(stderr, "%s: %s\n", prog, why);
		return 1;
	}
	if (!err && dg1dev_debugfs_dir(pci, b.dfs, sizeof(b.dfs), why,
				       sizeof(why))) {
		b.dfs[0] = '\0';
		if (expect_vdg1) {
			fprintf(stderr, "%s: on vdg1, but no debugfs: %s\n",
				prog, why);
			return 1;
		}
	}

	printf("%s: %s\n", prog, b.node);
	if (b.have_vdg1) {
		struct vdg1_counters_page s;

		dg1dev_vdg1_snapshot(&b.vdg1, &s);
		dg1dev_vdg1_format_config(&s, line, sizeof(line));
		printf("%s: vdg1: %s\n", prog, line);
	} else {
		printf("%s: no vdg1 figures: %s\n", prog, why);
	}

	/* Each part on its own: one that cannot measure spoils no other. */
	for (i = 0; i < ARRAY_SIZE(part); i++) {
		uint64_t t0 = now_ns();

		if (!(parts & part[i].bit))
			continue;
		if (part[i].run(&b))
			failed |= part[i].bit;
		printf("%s: %s: %s after %.1f s\n", prog, part[i].name,
		       failed & part[i].bit ? "NOT MEASURED" : "done",
		       (double)(now_ns() - t0) / NSEC_PER_SEC);
	}

	if (b.have_vdg1)
		dg1dev_vdg1_unmap(&b.vdg1);
	if (b.vgem >= 0)
		close(b.vgem);
	close(b.fd);
	return failed ? 1 : 0;

bad:
	usage(stderr);
	return 2;
}
