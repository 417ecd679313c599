// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_gem - buffer objects: GEM_CREATE, GEM_MMAP_OFFSET, mmap() and the
 * memory-regions query, as uapi/dg1_drm.h and Documentation/memory.rst
 * describe them.
 *
 * Objects in SMEM, LMEM or either read as zero when new and keep what the
 * CPU writes through any of their mappings; an LMEM object's pages are in
 * the device's LMEM, found through sysfs resource2 (BAR2 shows LMEM from
 * offset 0); the query's figures match vdg1's configuration and move with
 * the objects; objects evicted from LMEM keep their contents and their
 * mappings; a BAR smaller than LMEM (vdg1 lmem-bar-size) places, moves or
 * refuses objects as memory.rst says; every bad input fails with its
 * documented errno and leaves nothing behind.
 *
 * Sizes come from the query, checked against vdg1's counters page, sysfs
 * and /proc; expectations from the uAPI and memory.rst, never from what
 * the driver answers. Every subtest also fails if, on vdg1, it touched a
 * sleeping domain or an unimplemented register.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "igt.h"

#define SMEM	DRM_DG1_MEMORY_REGION_SMEM
#define LMEM	DRM_DG1_MEMORY_REGION_LMEM
#define CPU	DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS

/* The sizes memory.rst gives: they are ABI. */
_Static_assert(sizeof(struct drm_dg1_gem_create) == 56, "uAPI");
_Static_assert(sizeof(struct drm_dg1_gem_mmap_offset) == 40, "uAPI");
_Static_assert(sizeof(struct drm_dg1_memory_region_info) == 80, "uAPI");
_Static_assert(sizeof(struct drm_dg1_query_memory_regions) == 8, "uAPI");

/* Not a power of two, so that a last partial chunk of anything shows. */
#define RW_SIZE		(SZ_1M + 3 * SZ_4K)
/* Eviction: objects of this size, until the CPU-visible LMEM overflows. */
#define EVICT_BO_SIZE	(32 * SZ_1M)
#define EVICT_EXTRA	2
/* Every 8th word of each page (and its last): cheap on a debug kernel. */
#define EVICT_STRIDE	8
/* The small-BAR subtests' object that must stay where it is. */
#define SMALL_BAR_WITNESS	(4 * SZ_1M)
/* TTM may free a closed object from a worker. */
#define FREE_TIMEOUT_MS	2000

static const char * const region_name[] = { "smem", "lmem" };

/* File scope: shared by blocks, so it must survive their longjmps. */
static unsigned int bad_inputs;

static uint64_t now_ns(void)
{
	return dut_now_ns();
}

static uint64_t seed_of(unsigned int n)
{
	/* Different in every run too, so old contents never match. */
	static uint64_t base;

	if (!base)
		base = now_ns() ^ (uint64_t)getpid() << 40;
	return base + n;
}

static unsigned int home_of(enum gem_where where)
{
	return where == GEM_SMEM || where == GEM_SMEM_LMEM ? SMEM : LMEM;
}

static void print_regions(const char *when,
			  const struct drm_dg1_memory_region_info r[2])
{
	unsigned int i;

	for (i = 0; i < 2; i++)
		igt_info("%s: %s total %llu MiB usable %llu MiB used %llu KiB, cpu visible %llu MiB used %llu KiB\n",
			 when, region_name[i],
			 (unsigned long long)(r[i].total_size >> 20),
			 (unsigned long long)(r[i].usable_size >> 20),
			 (unsigned long long)(r[i].used >> 10),
			 (unsigned long long)(r[i].cpu_visible_size >> 20),
			 (unsigned long long)(r[i].cpu_visible_used >> 10));
}

/*
 * Create an object, check it reads as zero and is counted where it should
 * be, write every word through one mapping, read it through others.
 */
static void rw_object(enum gem_where where, uint32_t flags)
{
	unsigned int home = home_of(where), other = !home;
	struct drm_dg1_memory_region_info r0[2], r1[2];
	uint64_t seed = seed_of(home), t;
	volatile uint64_t *p, *q;
	int64_t off;
	uint32_t h;

	gem_regions(dut.fd, r0);
	h = gem_create(dut.fd, RW_SIZE, where, flags);
	p = gem_mmap(dut.fd, h, RW_SIZE);

	off = gem_first_nonzero(p, RW_SIZE);
	igt_assert_f(off < 0, "new %s object: byte 0x%llx is not zero",
		     gem_where_str(where), (unsigned long long)off);

	/* Counted in its first region, which has room, and only there. */
	gem_regions(dut.fd, r1);
	igt_assert_f(r1[home].used == r0[home].used + RW_SIZE &&
		     r1[other].used == r0[other].used,
		     "%s object of %llu KiB: %s used %+lld KiB, %s used %+lld KiB",
		     gem_where_str(where), RW_SIZE >> 10, region_name[home],
		     (long long)(r1[home].used - r0[home].used) / 1024,
		     region_name[other],
		     (long long)(r1[other].used - r0[other].used) / 1024);
	/* The CPU maps it: an LMEM object lies in the visible part now. */
	if (home == LMEM)
		igt_assert_f(r1[LMEM].cpu_visible_used ==
			     r0[LMEM].cpu_visible_used + RW_SIZE,
			     "mapped LMEM object: cpu_visible_used %+lld KiB",
			     (long long)(r1[LMEM].cpu_visible_used -
					 r0[LMEM].cpu_visible_used) / 1024);

	t = now_ns();
	gem_fill(p, RW_SIZE, seed, 1);
	off = gem_check(p, RW_SIZE, seed, 1);
	igt_assert_f(off < 0, "%s object: word at 0x%llx reads back wrong",
		     gem_where_str(where), (unsigned long long)off);
	t = now_ns() - t;
	igt_info("%s: %llu KiB written and read back in %llu us\n",
		 gem_where_str(where), RW_SIZE >> 10,
		 (unsigned long long)t / 1000);
	munmap((void *)p, RW_SIZE);

	/* What the first mapping wrote is in the object, for any mapping. */
	p = gem_mmap(dut.fd, h, RW_SIZE);
	q = gem_mmap(dut.fd, h, SZ_4K);
	off = gem_check(p, RW_SIZE, seed, 1);
	igt_assert_f(off < 0, "%s object, new mapping: word at 0x%llx is wrong",
		     gem_where_str(where), (unsigned long long)off);
	off = gem_check(q, SZ_4K, seed, 1);
	igt_assert_f(off < 0, "%s object, first page alone: word at 0x%llx is wrong",
		     gem_where_str(where), (unsigned long long)off);
	q[1] = ~q[1];
	__sync_synchronize();
	igt_assert_f(p[1] == ~gem_pattern(seed, 1),
		     "%s object: a write through one mapping is not seen through the other",
		     gem_where_str(where));
	munmap((void *)q, SZ_4K);
	munmap((void *)p, RW_SIZE);

	gem_close(dut.fd, h);
	gem_assert_used_back(dut.fd, r0, FREE_TIMEOUT_MS, "after close");
}

static void test_rw_smem(void)
{
	rw_object(GEM_SMEM, 0);
}

static void test_rw_lmem(void)
{
	rw_object(GEM_LMEM, 0);
}

static void test_rw_lmem_cpu_access(void)
{
	rw_object(GEM_LMEM, CPU);
}

static void test_rw_lmem_smem(void)
{
	rw_object(GEM_LMEM_SMEM, 0);
}

static void test_rw_smem_lmem(void)
{
	rw_object(GEM_SMEM_LMEM, 0);
}

/*
 * Freed memory comes back: each new object must read as zero although
 * the last one, likely in the same pages, was full of a pattern.
 */
static void test_zero_on_create(void)
{
	static const enum gem_where wheres[] = { GEM_SMEM, GEM_LMEM };
	const uint64_t size = 2 * SZ_1M;
	struct drm_dg1_memory_region_info r0[2];
	unsigned int i, round;

	gem_regions(dut.fd, r0);
	for (i = 0; i < ARRAY_SIZE(wheres); i++) {
		for (round = 0; round < 3; round++) {
			uint32_t h = gem_create(dut.fd, size, wheres[i], 0);
			volatile uint64_t *p = gem_mmap(dut.fd, h, size);
			int64_t off = gem_first_nonzero(p, size);

			igt_assert_f(off < 0,
				     "%s object %u: byte 0x%llx is not zero",
				     gem_where_str(wheres[i]), round,
				     (unsigned long long)off);
			gem_fill(p, size, seed_of(round), 1);
			munmap((void *)p, size);
			gem_close(dut.fd, h);
			/* Freed before the next one is allocated. */
			gem_assert_used_back(dut.fd, r0, FREE_TIMEOUT_MS, "after close");
		}
	}
}

/* BAR2 read-only through sysfs resource2, all of it. */
static const volatile uint64_t *map_bar2(uint64_t *len)
{
	char path[PATH_MAX + 16];
	struct stat st;
	void *map;
	int f;

	igt_dg1_require_f(dut.pci[0], "no sysfs PCI device: %s", dut.vdg1_why);
	snprintf(path, sizeof(path), "%s/resource2", dut.pci);
	f = open(path, O_RDONLY | O_CLOEXEC);
	igt_dg1_require_f(f >= 0, "cannot open %s: %s", path, strerror(errno));
	igt_assert_f(!fstat(f, &st) && st.st_size > 0, "%s: size %lld", path,
		     (long long)st.st_size);
	map = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, f, 0);
	close(f);
	igt_dg1_require_f(map != MAP_FAILED,
			  "cannot mmap %s: %s (dg1 owns BAR2: boot with iomem=relaxed)",
			  path, strerror(errno));
	errno = 0;
	*len = st.st_size;
	return map;
}


/*
 * An LMEM object's pages are in the device's LMEM: each is found, whole,
 * through BAR2 (which shows LMEM from offset 0), and a write through the
 * object's mapping shows there at once. An SMEM object's are not.
 */
static void test_lmem_in_bar(void)
{
	const uint64_t size = GEM_FIND_MAX_PAGES * SZ_4K;
	uint64_t found[GEM_FIND_MAX_PAGES], bar_len, lo = UINT64_MAX, hi = 0;
	uint64_t seed = seed_of(10), sseed = seed_of(11);
	const volatile uint64_t *bar;
	volatile uint64_t *p, *s;
	unsigned int n, k;
	uint32_t h, hs;

	bar = map_bar2(&bar_len);
	h = gem_create(dut.fd, size, GEM_LMEM, CPU);
	hs = gem_create(dut.fd, size, GEM_SMEM, 0);
	p = gem_mmap(dut.fd, h, size);
	s = gem_mmap(dut.fd, hs, size);
	gem_fill(p, size, seed, 1);
	gem_fill(s, size, sseed, 1);
	/* Drain the write-combining buffers before BAR2 is read. */
	__sync_synchronize();

	n = gem_find_pages(bar, bar_len, seed, GEM_FIND_MAX_PAGES, found);
	for (k = 0; k < GEM_FIND_MAX_PAGES; k++) {
		igt_assert_f(found[k] != UINT64_MAX,
			     "page %u of the LMEM object is nowhere in the %llu MiB of BAR2 (%u of %u found)",
			     k, (unsigned long long)(bar_len >> 20), n,
			     GEM_FIND_MAX_PAGES);
		lo = found[k] < lo ? found[k] : lo;
		hi = found[k] > hi ? found[k] : hi;
	}
	igt_info("the LMEM object's %u pages are in BAR2 at 0x%llx-0x%llx\n",
		 GEM_FIND_MAX_PAGES, (unsigned long long)lo,
		 (unsigned long long)(hi + SZ_4K - 1));

	/* The same memory, live. */
	p[1] = ~p[1];
	__sync_synchronize();
	igt_assert_f(bar[found[0] / 8 + 1] == ~gem_pattern(seed, 1),
		     "a write through the object's mapping is not in BAR2 at 0x%llx",
		     (unsigned long long)found[0] + 8);

	n = gem_find_pages(bar, bar_len, sseed, GEM_FIND_MAX_PAGES, found);
	igt_assert_f(!n, "%u pages of the SMEM object are in BAR2, e.g. 0x%llx",
		     n, (unsigned long long)found[0]);

	munmap((void *)p, size);
	munmap((void *)s, size);
	munmap((void *)bar, bar_len);
	gem_close(dut.fd, h);
	gem_close(dut.fd, hs);
}

/* MemTotal of /proc/meminfo in bytes: the kernel's totalram_pages(). */
static uint64_t ram_size(void)
{
	unsigned long long kib = 0;
	char line[256];
	FILE *f;

	f = fopen("/proc/meminfo", "re");
	igt_assert_f(f, "/proc/meminfo: %s", strerror(errno));
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu kB", &kib) == 1)
			break;
	fclose(f);
	igt_assert_f(kib, "no MemTotal in /proc/meminfo");
	return kib * 1024;
}

static void check_region_shape(const struct drm_dg1_memory_region_info *r)
{
	const char *name = region_name[r->region];

	igt_assert_f(r->min_page_size == SZ_4K, "%s: min_page_size %u",
		     name, r->min_page_size);
	igt_assert_f(!((r->total_size | r->usable_size | r->used |
			r->cpu_visible_size | r->cpu_visible_used) & (SZ_4K - 1)),
		     "%s: a size that is not a whole number of pages", name);
	igt_assert_f(r->used <= r->usable_size &&
		     r->usable_size <= r->total_size && r->usable_size,
		     "%s: used %llu, usable %llu, total %llu", name,
		     (unsigned long long)r->used,
		     (unsigned long long)r->usable_size,
		     (unsigned long long)r->total_size);
	igt_assert_f(r->cpu_visible_used <= r->cpu_visible_size &&
		     r->cpu_visible_size <= r->usable_size &&
		     r->cpu_visible_used <= r->used,
		     "%s: cpu visible %llu used %llu, usable %llu used %llu",
		     name, (unsigned long long)r->cpu_visible_size,
		     (unsigned long long)r->cpu_visible_used,
		     (unsigned long long)r->usable_size,
		     (unsigned long long)r->used);
}

/*
 * The figures against the system: SMEM is RAM, with TTM's page limit as
 * its usable size, all CPU-visible; LMEM is what vdg1 was configured with
 * below GSM, the CPU seeing as much as BAR2 covers.
 */
static void test_query_memory_regions(void)
{
	struct drm_dg1_memory_region_info r[2];
	struct drm_dg1_query_device *dev;
	uint64_t limit, bar2 = 0, visible, mib;
	struct vdg1_counters_page v;
	uint32_t size;

	gem_regions(dut.fd, r);
	print_regions("now", r);
	check_region_shape(&r[SMEM]);
	check_region_shape(&r[LMEM]);

	igt_assert_eq_u64(r[SMEM].total_size, ram_size());
	if (!dg1dev_read_u64("/sys/module/ttm/parameters/pages_limit", &limit))
		igt_assert_eq_u64(r[SMEM].usable_size, limit * SZ_4K);
	else
		igt_info("no TTM pages_limit parameter: SMEM's usable size unchecked\n");
	igt_assert_eq_u64(r[SMEM].cpu_visible_size, r[SMEM].usable_size);
	igt_assert_eq_u64(r[SMEM].cpu_visible_used, r[SMEM].used);

	/* memory.rst: the driver reserves nothing in LMEM yet. */
	igt_assert_eq_u64(r[LMEM].usable_size, r[LMEM].total_size);
	dev = igt_dg1_query_item(dut.fd, DRM_DG1_QUERY_DEVICE, &size);
	igt_assert_eq_u64(dev->lmem_size, r[LMEM].total_size);
	if (dut.pci[0]) {
		igt_assert_eq(dg1dev_pci_bar_size(dut.pci, 2, &bar2), 0);
		igt_assert_eq_u64(dev->lmem_bar_size, bar2);
	}
	free(dev);

	if (dut.vdg1) {
		dg1dev_vdg1_snapshot(dut.vdg1, &v);
		igt_assert_eq_u64(r[LMEM].total_size,
				  dg1dev_vdg1_lmem_size(&v) - VDG1_LMEM_RESERVED);
		igt_assert_eq_u64(bar2, dg1dev_vdg1_lmem_bar_size(&v));
	} else {
		igt_info("not vdg1 (%s): LMEM's size unchecked\n",
			 dut.vdg1_why);
	}

	if (!bar2) {
		igt_info("no sysfs: the CPU-visible size unchecked\n");
		return;
	}
	visible = r[LMEM].usable_size < bar2 ? r[LMEM].usable_size : bar2;
	/* Debug builds may pretend the BAR is smaller (read at probe). */
	if (!dg1dev_read_u64("/sys/module/dg1/parameters/lmem_visible_mib", &mib) &&
	    mib && mib * SZ_1M < visible) {
		igt_info("lmem_visible_mib=%llu\n", (unsigned long long)mib);
		visible = mib * SZ_1M;
	}
	igt_assert_eq_u64(r[LMEM].cpu_visible_size, visible);
}

static unsigned long long ms(uint64_t ns)
{
	return ns / NSEC_PER_MSEC;
}

/*
 * Fill more objects than the CPU-visible LMEM holds, each through its
 * mapping: TTM evicts the least recently used ones to SMEM, whatever their
 * list says. Then every object, wherever it went, reads back what was
 * written through the mapping it was written through.
 */
static void test_eviction(void)
{
	static const struct {
		enum gem_where where;
		uint32_t flags;
	} kinds[] = {
		{ GEM_LMEM_SMEM, 0 }, { GEM_LMEM, 0 }, { GEM_LMEM_SMEM, CPU },
	};
	struct drm_dg1_memory_region_info r0[2], r1[2];
	uint64_t room, total, t_fill, t_check;
	int64_t d_lmem, d_smem, off;
	volatile uint64_t *p[GEM_POOL_MAX];
	unsigned int n, i;

	gem_pool_open();
	gem_regions(dut.fd, r0);
	/* Written by the CPU, an LMEM object lies in the visible part. */
	room = r0[LMEM].cpu_visible_size - r0[LMEM].cpu_visible_used;
	/* At least one whole object more than fits: two must move. */
	n = room / EVICT_BO_SIZE + EVICT_EXTRA;
	total = n * EVICT_BO_SIZE;
	igt_require_f(n <= GEM_POOL_MAX, "%llu MiB of CPU-visible LMEM: too many objects",
		      (unsigned long long)(room >> 20));
	igt_require_f(total - room <= r0[SMEM].usable_size - r0[SMEM].used,
		      "SMEM cannot take the %llu MiB that LMEM cannot",
		      (unsigned long long)((total - room) >> 20));

	t_fill = now_ns();
	for (i = 0; i < n; i++) {
		uint32_t h = gem_create(gem_pool.fd, EVICT_BO_SIZE,
					kinds[i % ARRAY_SIZE(kinds)].where,
					kinds[i % ARRAY_SIZE(kinds)].flags);

		p[i] = gem_pool_map(h, EVICT_BO_SIZE);
		gem_fill(p[i], EVICT_BO_SIZE, seed_of(100 + i), EVICT_STRIDE);
	}
	t_fill = now_ns() - t_fill;

	gem_regions(dut.fd, r1);
	print_regions("filled", r1);
	d_lmem = r1[LMEM].used - r0[LMEM].used;
	d_smem = r1[SMEM].used - r0[SMEM].used;
	/* Each object is counted once, in LMEM or in SMEM... */
	igt_assert_f(d_lmem + d_smem == (int64_t)total,
		     "%llu MiB of objects, but LMEM used %+lld KiB and SMEM %+lld KiB",
		     (unsigned long long)(total >> 20), (long long)d_lmem / 1024,
		     (long long)d_smem / 1024);
	/* ...all in the visible part if in LMEM, and the rest in SMEM. */
	igt_assert_f(d_lmem <= (int64_t)room &&
		     r1[LMEM].cpu_visible_used - r0[LMEM].cpu_visible_used ==
		     (uint64_t)d_lmem,
		     "LMEM used %+lld KiB (visible %+lld KiB), room %llu KiB",
		     (long long)d_lmem / 1024,
		     (long long)(r1[LMEM].cpu_visible_used -
				 r0[LMEM].cpu_visible_used) / 1024,
		     (unsigned long long)(room >> 10));
	igt_assert_f(d_smem >= (int64_t)(total - room) && d_smem > 0,
		     "only %lld KiB went to SMEM: %llu MiB do not fit in %llu MiB",
		     (long long)d_smem / 1024, (unsigned long long)(total >> 20),
		     (unsigned long long)(room >> 20));

	t_check = now_ns();
	for (i = 0; i < n; i++) {
		off = gem_check(p[i], EVICT_BO_SIZE, seed_of(100 + i),
				EVICT_STRIDE);
		igt_assert_f(off < 0,
			     "object %u of %u (%s%s): word at 0x%llx is wrong after the evictions",
			     i, n, gem_where_str(kinds[i % ARRAY_SIZE(kinds)].where),
			     kinds[i % ARRAY_SIZE(kinds)].flags ? ", cpu access" : "",
			     (unsigned long long)off);
	}
	t_check = now_ns() - t_check;
	igt_info("%u objects of %llu MiB into %llu MiB of CPU-visible LMEM: %lld MiB went to SMEM; filled in %llu ms, checked in %llu ms\n",
		 n, EVICT_BO_SIZE >> 20, (unsigned long long)(room >> 20),
		 (long long)d_smem >> 20, ms(t_fill), ms(t_check));

	gem_pool_drop();
	gem_assert_used_back(dut.fd, r0, FREE_TIMEOUT_MS, "after closing the objects");
}

/* LMEM and its visible part's use changed by exactly this since @r0. */
static void assert_lmem_moved(const struct drm_dg1_memory_region_info r0[2],
			      int64_t used, int64_t visible, const char *when)
{
	struct drm_dg1_memory_region_info r[2];

	gem_regions(dut.fd, r);
	igt_assert_f((int64_t)(r[LMEM].used - r0[LMEM].used) == used &&
		     (int64_t)(r[LMEM].cpu_visible_used -
			       r0[LMEM].cpu_visible_used) == visible,
		     "%s: LMEM used %+lld KiB, visible used %+lld KiB; expected %+lld and %+lld",
		     when, (long long)(r[LMEM].used - r0[LMEM].used) / 1024,
		     (long long)(r[LMEM].cpu_visible_used -
				 r0[LMEM].cpu_visible_used) / 1024,
		     (long long)used / 1024, (long long)visible / 1024);
}

/*
 * BAR2 smaller than LMEM (memory.rst, "Small BAR"): an object that needs
 * CPU access is placed in the visible part; one that does not is placed
 * beyond it and moved in at its first CPU access; one that cannot be made
 * visible raises SIGBUS, unless SMEM is listed: then it moves there. A
 * move that cannot succeed evicts nothing: a witness object in the visible
 * part stays there, whole.
 */
static void require_small_bar(struct drm_dg1_memory_region_info r0[2],
			      uint64_t need)
{
	/* What an earlier subtest left, first: r0 is the baseline. */
	gem_pool_open();
	gem_regions(dut.fd, r0);
	igt_require_f(r0[LMEM].cpu_visible_size < r0[LMEM].usable_size,
		      "LMEM is all CPU-visible (%llu MiB): no small BAR (vdg1 lmem-bar-size)",
		      (unsigned long long)(r0[LMEM].cpu_visible_size >> 20));
	igt_require_f(need <= r0[LMEM].usable_size - r0[LMEM].used &&
		      SMALL_BAR_WITNESS <= r0[LMEM].cpu_visible_size -
					   r0[LMEM].cpu_visible_used,
		      "too little free LMEM for the small-BAR objects");
}

/* A CPU-visible object written with @seed, to see what else moves. */
static volatile uint64_t *witness(uint64_t seed)
{
	uint32_t h = gem_create(gem_pool.fd, SMALL_BAR_WITNESS, GEM_LMEM, CPU);
	volatile uint64_t *p = gem_pool_map(h, SMALL_BAR_WITNESS);

	gem_fill(p, SMALL_BAR_WITNESS, seed, 1);
	return p;
}

static void test_small_bar_cpu_access(void)
{
	struct drm_dg1_memory_region_info r0[2];
	volatile uint64_t *p;
	uint32_t h;

	require_small_bar(r0, SMALL_BAR_WITNESS);
	h = gem_create(gem_pool.fd, SMALL_BAR_WITNESS, GEM_LMEM, CPU);
	assert_lmem_moved(r0, SMALL_BAR_WITNESS, SMALL_BAR_WITNESS,
			  "object with CPU access created");
	p = gem_pool_map(h, SMALL_BAR_WITNESS);
	igt_assert_eq(gem_first_nonzero(p, SMALL_BAR_WITNESS), -1);
	gem_fill(p, SMALL_BAR_WITNESS, seed_of(300), 1);
	igt_assert_eq(gem_check(p, SMALL_BAR_WITNESS, seed_of(300), 1), -1);
	assert_lmem_moved(r0, SMALL_BAR_WITNESS, SMALL_BAR_WITNESS,
			  "after the CPU wrote it");
	gem_pool_drop();
}

static void test_small_bar_migrate(void)
{
	const uint64_t size = 2 * SMALL_BAR_WITNESS;
	struct drm_dg1_memory_region_info r0[2];
	volatile uint64_t *p;
	int64_t off;
	uint32_t h;

	require_small_bar(r0, size);
	h = gem_create(gem_pool.fd, size, GEM_LMEM, 0);
	assert_lmem_moved(r0, size, 0, "object without CPU access created");
	p = gem_pool_map(h, size);
	off = gem_first_nonzero(p, size);
	igt_assert_f(off < 0, "object moved into the visible part: byte 0x%llx is not zero",
		     (unsigned long long)off);
	assert_lmem_moved(r0, size, size, "after the CPU touched it");
	gem_fill(p, size, seed_of(301), 1);
	igt_assert_eq(gem_check(p, size, seed_of(301), 1), -1);
	gem_pool_drop();
}

static void test_small_bar_sigbus(void)
{
	struct drm_dg1_memory_region_info r0[2];
	volatile uint64_t *w, *p;
	uint64_t size;
	uint32_t h;
	int sig;

	gem_regions(dut.fd, r0);
	size = r0[LMEM].cpu_visible_size + 4 * SZ_1M;
	require_small_bar(r0, size + SMALL_BAR_WITNESS);
	w = witness(seed_of(302));
	h = gem_create(gem_pool.fd, size, GEM_LMEM, 0);
	assert_lmem_moved(r0, SMALL_BAR_WITNESS + size, SMALL_BAR_WITNESS,
			  "object larger than the visible part created");
	p = gem_pool_map(h, size);
	sig = gem_touch(p, false);
	igt_assert_f(sig == SIGBUS,
		     "read of an LMEM object larger than the visible part: %s, expected SIGBUS",
		     sig ? strsignal(sig) : "it worked");
	sig = gem_touch(p + size / 8 - 1, true);
	igt_assert_f(sig == SIGBUS,
		     "write to its last word: %s, expected SIGBUS",
		     sig ? strsignal(sig) : "it worked");
	igt_assert_eq(gem_check(w, SMALL_BAR_WITNESS, seed_of(302), 1), -1);
	assert_lmem_moved(r0, SMALL_BAR_WITNESS + size, SMALL_BAR_WITNESS,
			  "after the SIGBUS (a move that cannot succeed evicted others?)");
	gem_pool_drop();
}

static void test_small_bar_smem_fallback(void)
{
	struct drm_dg1_memory_region_info r0[2], r1[2];
	volatile uint64_t *w, *p;
	uint64_t size;
	uint32_t h;
	int sig;

	gem_regions(dut.fd, r0);
	size = r0[LMEM].cpu_visible_size + 4 * SZ_1M;
	require_small_bar(r0, size + SMALL_BAR_WITNESS);
	w = witness(seed_of(303));
	h = gem_create(gem_pool.fd, size, GEM_LMEM_SMEM, 0);
	p = gem_pool_map(h, size);
	sig = gem_touch(p, false);
	igt_assert_f(!sig, "read of an LMEM+SMEM object larger than the visible part: %s",
		     strsignal(sig));
	igt_assert_eq(gem_check(w, SMALL_BAR_WITNESS, seed_of(303), 1), -1);
	assert_lmem_moved(r0, SMALL_BAR_WITNESS, SMALL_BAR_WITNESS,
			  "after the move to SMEM (did it evict others first?)");
	gem_regions(dut.fd, r1);
	igt_assert_f(r1[SMEM].used - r0[SMEM].used == size,
		     "SMEM used %+lld KiB for a %llu KiB object that moved there",
		     (long long)(r1[SMEM].used - r0[SMEM].used) / 1024,
		     (unsigned long long)(size >> 10));
	igt_assert_eq(gem_first_nonzero(p, SZ_1M), -1);
	igt_assert_eq(gem_first_nonzero(p + (size - SZ_1M) / 8, SZ_1M), -1);
	gem_fill(p, SZ_1M, seed_of(304), 1);
	igt_assert_eq(gem_check(p, SZ_1M, seed_of(304), 1), -1);
	gem_pool_drop();
}

/*
 * A region too small for an object is left out of its list: an LMEM-first
 * object that needs CPU access and is larger than the visible part is
 * created in SMEM.
 */
static void test_placement_fallback(void)
{
	struct drm_dg1_memory_region_info r0[2], r1[2];
	uint64_t size;
	uint32_t h;

	gem_regions(dut.fd, r0);
	size = r0[LMEM].cpu_visible_size + SZ_4K;
	igt_require_f(size <= r0[SMEM].usable_size - r0[SMEM].used,
		      "SMEM has no room for %llu MiB",
		      (unsigned long long)(size >> 20));
	h = gem_create(dut.fd, size, GEM_LMEM_SMEM, CPU);
	gem_regions(dut.fd, r1);
	igt_assert_f(r1[SMEM].used - r0[SMEM].used == size &&
		     r1[LMEM].used == r0[LMEM].used,
		     "%llu KiB object: SMEM used %+lld KiB, LMEM used %+lld KiB",
		     (unsigned long long)(size >> 10),
		     (long long)(r1[SMEM].used - r0[SMEM].used) / 1024,
		     (long long)(r1[LMEM].used - r0[LMEM].used) / 1024);
	gem_close(dut.fd, h);
	gem_assert_used_back(dut.fd, r0, FREE_TIMEOUT_MS, "after close");
}

/* "objects: N" of debugfs memory_regions, or -1 without debugfs. */
static int debugfs_objects(void)
{
	char *text = NULL, *at;
	ssize_t len;
	int n = -1;

	if (!dut.dfs[0])
		return -1;
	len = dg1dev_debugfs_read(dut.dfs, "memory_regions", &text);
	igt_assert_f(len > 0, "cannot read %s/memory_regions: %s", dut.dfs,
		     strerror(len ? -len : EIO));
	at = strstr(text, "\nobjects: ");
	igt_assert_f(at && sscanf(at, "\nobjects: %d", &n) == 1 && n >= 0,
		     "no \"objects: N\" line in memory_regions");
	free(text);
	return n;
}

/* The driver's GGTT as debugfs describes it (Documentation/memory.rst). */
#define GGTT_MAX_NODES	64

struct ggtt_node {
	uint64_t start, size, addr;
	char mem[8], name[32];
};

struct ggtt_view {
	unsigned long long size, scratch;
	struct ggtt_node node[GGTT_MAX_NODES];
	unsigned int num_nodes;
};

static void ggtt_read(struct ggtt_view *g)
{
	char *text = NULL, *line, *save = NULL;
	ssize_t len;

	memset(g, 0, sizeof(*g));
	igt_dg1_require_f(dut.dfs[0], "no debugfs: %s", dut.dfs_why);
	len = dg1dev_debugfs_read(dut.dfs, "ggtt", &text);
	igt_assert_f(len > 0, "cannot read %s/ggtt", dut.dfs);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct ggtt_node *n = &g->node[g->num_nodes];

		if (sscanf(line, "size: 0x%llx", &g->size) == 1 ||
		    sscanf(line, "scratch: 0x%llx", &g->scratch) == 1)
			continue;
		if (strncmp(line, "node: ", 6))
			continue;
		igt_assert_f(g->num_nodes < GGTT_MAX_NODES,
			     "more than %d GGTT nodes", GGTT_MAX_NODES);
		igt_assert_f(sscanf(line, "node: 0x%" SCNx64 " 0x%" SCNx64
				    " %7s 0x%" SCNx64 " %31s", &n->start,
				    &n->size, n->mem, &n->addr, n->name) == 5,
			     "bad ggtt line \"%s\"", line);
		g->num_nodes++;
	}
	free(text);
	igt_assert_f(g->size, "no \"size: 0x...\" line in ggtt");
	igt_assert_f(g->scratch, "no \"scratch: 0x...\" line in ggtt");
}

/* The first address from @at on that no node covers. */
static uint64_t ggtt_unbound_from(const struct ggtt_view *g, uint64_t at)
{
	unsigned int i;
	bool moved;

	do {
		moved = false;
		for (i = 0; i < g->num_nodes; i++) {
			const struct ggtt_node *n = &g->node[i];

			if (at >= n->start && at - n->start < n->size) {
				at = n->start + n->size + (at & 4095);
				moved = true;
			}
		}
	} while (moved);
	return at;
}

/*
 * The GGTT: every entry the driver has not bound reads a scratch page, the
 * same one everywhere (Documentation/memory.rst). vdg1 translates through
 * the real PTEs; debugfs only says which page the driver meant and which
 * ranges it bound.
 */
static void test_ggtt_scratch(void)
{
	struct dg1dev_probe pr, first = { 0 };
	struct vdg1_counters_page v;
	struct ggtt_view g;
	uint64_t at[6];
	char why[256];
	unsigned int i;

	igt_dg1_require_f(dut.vdg1, "only vdg1 translates GGTT addresses: %s",
			  dut.vdg1_why);
	ggtt_read(&g);

	/* GGC.GGMS 3 on vdg1: 8 MiB of PTEs, 4 GiB of GGTT. */
	igt_assert_eq_u64(g.size, 4ull << 30);
	dg1dev_vdg1_snapshot(dut.vdg1, &v);
	igt_assert_f(v.ggtt_invalidations >= 1,
		     "the driver wrote the GGTT but never invalidated it");

	at[0] = ggtt_unbound_from(&g, 0);
	at[1] = ggtt_unbound_from(&g, 4096);
	at[2] = ggtt_unbound_from(&g, g.size / 2 + 12345);
	at[3] = g.size - 4096;
	at[4] = g.size - 1;
	/* Right behind the last node: unbinding or sizing must not leak. */
	at[5] = 0;
	for (i = 0; i < g.num_nodes; i++)
		if (g.node[i].start + g.node[i].size > at[5])
			at[5] = g.node[i].start + g.node[i].size;
	at[5] = ggtt_unbound_from(&g, at[5]);
	for (i = 0; i < ARRAY_SIZE(at); i++) {
		igt_assert_f(at[i] < g.size, "no unbound GGTT page left");
		igt_assert_eq(dg1dev_vdg1_probe(dut.pci, VDG1_PROBE_MODE_GGTT,
						0, at[i],
						VDG1_PROBE_ACCESS_READ, &pr,
						why, sizeof(why)), 0);
		igt_assert_f(pr.status == VDG1_PROBE_OK,
			     "GGTT 0x%" PRIx64 ": status %u reason %u, not a page",
			     at[i], pr.status, pr.fault_reason);
		igt_assert_f(pr.mem == 0,
			     "GGTT 0x%" PRIx64 " maps LMEM, not the scratch page",
			     at[i]);
		igt_assert_eq_u64(pr.addr & ~4095ull, g.scratch);
		igt_assert_eq_u64(pr.addr & 4095, at[i] & 4095);
		if (!i)
			first = pr;
		igt_assert_eq_u64(pr.entry, first.entry);
	}
}

/*
 * The driver's own objects in the GGTT (status pages, later rings and
 * contexts): one per present engine at least, each page of each range
 * translating by vdg1's walk to the LMEM page debugfs says it holds, in
 * CPU-visible LMEM, no two sharing a page.
 */
static void test_ggtt_kernel_objects(void)
{
	struct vdg1_counters_page v;
	struct dg1dev_probe pr;
	uint64_t bar;
	struct ggtt_view g;
	unsigned int i, j;
	char why[256];

	igt_dg1_require_f(dut.vdg1, "only vdg1 translates GGTT addresses: %s",
			  dut.vdg1_why);
	ggtt_read(&g);
	dg1dev_vdg1_snapshot(dut.vdg1, &v);
	bar = dg1dev_vdg1_lmem_bar_size(&v);
	igt_assert_f(bar, "vdg1 reports no LMEM BAR size");

	for (i = 0; i < dut.num_engines; i++) {
		const char *name = dg1dev_engine_name(&dut.engines[i], why,
						      sizeof(why));
		bool found = false;

		for (j = 0; j < g.num_nodes; j++)
			found |= !strcmp(g.node[j].name, name);
		igt_assert_f(found, "no GGTT object named %s (its status page)",
			     name);
	}

	for (i = 0; i < g.num_nodes; i++) {
		const struct ggtt_node *n = &g.node[i];
		uint64_t off;

		igt_assert_f(!(n->start & 4095) && n->size && !(n->size & 4095),
			     "%s: GGTT range 0x%" PRIx64 "+0x%" PRIx64
			     " not in pages", n->name, n->start, n->size);
		igt_assert_f(!strcmp(n->mem, "lmem"),
			     "%s: kernel object in %s, not LMEM", n->name,
			     n->mem);
		igt_assert_f(n->addr + n->size <= bar,
			     "%s: LMEM 0x%" PRIx64 "+0x%" PRIx64
			     " beyond the BAR (0x%" PRIx64 ")", n->name,
			     n->addr, n->size, bar);
		for (j = 0; j < i; j++) {
			const struct ggtt_node *o = &g.node[j];

			igt_assert_f(n->start >= o->start + o->size ||
				     o->start >= n->start + n->size,
				     "GGTT ranges of %s and %s overlap",
				     n->name, o->name);
			igt_assert_f(n->addr >= o->addr + o->size ||
				     o->addr >= n->addr + n->size,
				     "%s and %s share LMEM", n->name, o->name);
		}
		for (off = 0; off < n->size; off += 4096) {
			igt_assert_eq(dg1dev_vdg1_probe(dut.pci,
							VDG1_PROBE_MODE_GGTT,
							0, n->start + off + 8,
							VDG1_PROBE_ACCESS_WRITE,
							&pr, why, sizeof(why)),
				      0);
			igt_assert_f(pr.status == VDG1_PROBE_OK && pr.mem == 1,
				     "%s: GGTT 0x%" PRIx64 " status %u mem %u",
				     n->name, n->start + off, pr.status,
				     pr.mem);
			igt_assert_eq_u64(pr.addr, n->addr + off + 8);
		}
	}
}

static void expect_create(const char *what, struct drm_dg1_gem_create c,
			  int err)
{
	int ret = dg1dev_ioctl(dut.fd, DRM_IOCTL_DG1_GEM_CREATE, &c) ?
		  errno : 0;

	errno = 0;
	if (!ret)
		gem_close(dut.fd, c.handle);
	igt_assert_f(ret == err, "GEM_CREATE with %s: %s, expected %s", what,
		     ret ? strerror(ret) : "success", strerror(err));
	igt_debug("GEM_CREATE with %s: %s\n", what, strerror(err));
	bad_inputs++;
}

#define BAD_CREATE(what, change, err) do { \
	c = ok; \
	change; \
	expect_create(what, c, err); \
} while (0)

/* Each case changes one thing of a create that works. */
static void test_create_bad_input(void)
{
	static const uint64_t zeroes[4];
	const struct drm_dg1_gem_create ok = gem_create_args(SZ_4K, GEM_LMEM_SMEM, 0);
	struct drm_dg1_memory_region_info r0[2], r1[2];
	unsigned int start = bad_inputs;
	struct drm_dg1_gem_create c;
	uint64_t big;
	int objs;

	gem_regions(dut.fd, r0);
	objs = debugfs_objects();
	c = ok;
	do_ioctl(dut.fd, DRM_IOCTL_DG1_GEM_CREATE, &c);
	gem_close(dut.fd, c.handle);

	BAD_CREATE("extensions 1", c.extensions = 1, EINVAL);
	BAD_CREATE("extensions pointing at zeroes",
		   c.extensions = (uintptr_t)zeroes, EINVAL);
	BAD_CREATE("extensions ~0", c.extensions = UINT64_MAX, EINVAL);
	BAD_CREATE("pad 1", c.pad = 1, EINVAL);
	BAD_CREATE("pad 0x80000000", c.pad = 0x80000000, EINVAL);
	BAD_CREATE("reserved[0] 1", c.reserved[0] = 1, EINVAL);
	BAD_CREATE("reserved[1] 1", c.reserved[1] = 1, EINVAL);
	BAD_CREATE("reserved[1] 1 << 63", c.reserved[1] = 1ull << 63, EINVAL);
	BAD_CREATE("flags 0x2", c.flags = 0x2, EINVAL);
	BAD_CREATE("flags 0x80000000", c.flags = 0x80000000, EINVAL);
	BAD_CREATE("flags ~0", c.flags = UINT32_MAX, EINVAL);
	BAD_CREATE("num_placements 0",
		   (c.num_placements = 0, c.placements[0] = 0), EINVAL);
	BAD_CREATE("num_placements 3", c.num_placements = 3, EINVAL);
	BAD_CREATE("num_placements 4", c.num_placements = 4, EINVAL);
	BAD_CREATE("num_placements ~0", c.num_placements = UINT32_MAX, EINVAL);
	BAD_CREATE("region 2", (c.num_placements = 1, c.placements[0] = 2,
				c.placements[1] = 0), EINVAL);
	BAD_CREATE("region 0xffff", (c.num_placements = 1,
				     c.placements[0] = 0xffff,
				     c.placements[1] = 0), EINVAL);
	BAD_CREATE("region 2 second", c.placements[1] = 2, EINVAL);
	BAD_CREATE("LMEM twice", c.placements[1] = LMEM, EINVAL);
	BAD_CREATE("SMEM twice", c.placements[0] = SMEM, EINVAL);
	BAD_CREATE("placements[1] set past num_placements 1",
		   (c.num_placements = 1, c.placements[1] = LMEM), EINVAL);
	BAD_CREATE("placements[2] set", c.placements[2] = LMEM, EINVAL);
	BAD_CREATE("placements[3] 0xffff", c.placements[3] = 0xffff, EINVAL);
	BAD_CREATE("NEEDS_CPU_ACCESS in SMEM only",
		   (c.num_placements = 1, c.placements[0] = SMEM,
		    c.placements[1] = 0, c.flags = CPU), EINVAL);
	BAD_CREATE("size 0", c.size = 0, EINVAL);
	BAD_CREATE("size 1", c.size = 1, EINVAL);
	BAD_CREATE("size 4095", c.size = 4095, EINVAL);
	BAD_CREATE("size 4097", c.size = 4097, EINVAL);
	BAD_CREATE("size 1 MiB + 512", c.size = SZ_1M + 512, EINVAL);
	BAD_CREATE("size ~0", c.size = UINT64_MAX, EINVAL);

	/* Beyond every listed region. */
	big = r0[SMEM].usable_size > r0[LMEM].usable_size ?
	      r0[SMEM].usable_size : r0[LMEM].usable_size;
	BAD_CREATE("SMEM, beyond its usable size",
		   (c.num_placements = 1, c.placements[0] = SMEM,
		    c.placements[1] = 0, c.size = r0[SMEM].usable_size + SZ_4K),
		   E2BIG);
	BAD_CREATE("LMEM, beyond its usable size",
		   (c.num_placements = 1, c.placements[1] = 0,
		    c.size = r0[LMEM].usable_size + SZ_4K), E2BIG);
	BAD_CREATE("LMEM with NEEDS_CPU_ACCESS, beyond the CPU-visible size",
		   (c.num_placements = 1, c.placements[1] = 0, c.flags = CPU,
		    c.size = r0[LMEM].cpu_visible_size + SZ_4K), E2BIG);
	BAD_CREATE("LMEM+SMEM, beyond both", c.size = big + SZ_4K, E2BIG);
	BAD_CREATE("SMEM+LMEM, size 1 << 63",
		   (c.placements[0] = SMEM, c.placements[1] = LMEM,
		    c.size = 1ull << 63), E2BIG);
	BAD_CREATE("size ~0 & ~4095", c.size = UINT64_MAX & ~(SZ_4K - 1),
		   E2BIG);

	/* Nothing was left behind. */
	gem_regions(dut.fd, r1);
	igt_assert_eq_u64(r1[SMEM].used, r0[SMEM].used);
	igt_assert_eq_u64(r1[LMEM].used, r0[LMEM].used);
	igt_assert_eq(debugfs_objects(), objs);
	igt_info("%u bad inputs checked\n", bad_inputs - start);
}

static void expect_offset(const char *what, struct drm_dg1_gem_mmap_offset o,
			  int err)
{
	int ret = dg1dev_ioctl(dut.fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &o) ?
		  errno : 0;

	errno = 0;
	igt_assert_f(ret == err, "GEM_MMAP_OFFSET with %s: %s, expected %s",
		     what, ret ? strerror(ret) : "success", strerror(err));
	bad_inputs++;
}

#define BAD_OFFSET(what, change, err) do { \
	o = (struct drm_dg1_gem_mmap_offset){ .handle = h }; \
	change; \
	expect_offset(what, o, err); \
} while (0)

static void test_mmap_offset_bad_input(void)
{
	unsigned int start = bad_inputs;
	struct drm_dg1_gem_mmap_offset o;
	uint32_t h, gone;

	h = gem_create(dut.fd, SZ_4K, GEM_SMEM, 0);
	gone = gem_create(dut.fd, SZ_4K, GEM_LMEM, 0);
	gem_close(dut.fd, gone);
	gem_mmap_offset(dut.fd, h);

	BAD_OFFSET("extensions 1", o.extensions = 1, EINVAL);
	BAD_OFFSET("extensions ~0", o.extensions = UINT64_MAX, EINVAL);
	BAD_OFFSET("flags 1", o.flags = 1, EINVAL);
	BAD_OFFSET("flags 0x80000000", o.flags = 0x80000000, EINVAL);
	BAD_OFFSET("reserved[0] 1", o.reserved[0] = 1, EINVAL);
	BAD_OFFSET("reserved[1] ~0", o.reserved[1] = UINT64_MAX, EINVAL);
	BAD_OFFSET("handle 0", o.handle = 0, ENOENT);
	BAD_OFFSET("handle 0x7fffffff", o.handle = 0x7fffffff, ENOENT);
	BAD_OFFSET("handle ~0", o.handle = UINT32_MAX, ENOENT);
	BAD_OFFSET("a closed handle", o.handle = gone, ENOENT);

	gem_close(dut.fd, h);
	igt_info("%u bad inputs checked\n", bad_inputs - start);
}

static void expect_mmap(const char *what, int fd, uint64_t offset,
			uint64_t len, int flags, int err)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, flags, fd, offset);
	int ret = p == MAP_FAILED ? errno : 0;

	errno = 0;
	if (!ret)
		munmap(p, len);
	igt_assert_f(ret == err, "mmap() of %s: %s, expected %s", what,
		     ret ? strerror(ret) : "success", strerror(err));
	bad_inputs++;
}

/* mmap() of an object's offset: the DRM core's and TTM's checks. */
static void test_mmap_bad_input(void)
{
	static const enum gem_where wheres[] = { GEM_SMEM, GEM_LMEM };
	const uint64_t size = 2 * SZ_4K;
	unsigned int start = bad_inputs, i;
	uint64_t off, gone_off;
	void *keep;
	uint32_t h;
	int fd2;

	fd2 = igt_dg1_open_render();
	for (i = 0; i < ARRAY_SIZE(wheres); i++) {
		h = gem_create(dut.fd, size, wheres[i], 0);
		off = gem_mmap_offset(dut.fd, h);
		expect_mmap("3 pages of a 2-page object", dut.fd, off,
			    size + SZ_4K, MAP_SHARED, EINVAL);
		expect_mmap("1 GiB of a 2-page object", dut.fd, off,
			    1024 * SZ_1M, MAP_SHARED, EINVAL);
		expect_mmap("an object, MAP_PRIVATE", dut.fd, off, size,
			    MAP_PRIVATE, EINVAL);
		expect_mmap("another file's object", fd2, off, size,
			    MAP_SHARED, EACCES);

		/*
		 * The last handle closed: the GEM object is gone, though a
		 * mapping keeps its pages (TTM's reference), so the DRM core
		 * finds its offset but no object (drm_gem_mmap()).
		 */
		keep = gem_mmap(dut.fd, h, size);
		gem_close(dut.fd, h);
		expect_mmap("an object whose last handle was closed, still mapped",
			    dut.fd, off, size, MAP_SHARED, EINVAL);
		munmap(keep, size);

		/* A closed object that nothing else held is gone. */
		h = gem_create(dut.fd, size, wheres[i], 0);
		gone_off = gem_mmap_offset(dut.fd, h);
		gem_close(dut.fd, h);
		expect_mmap("a closed object", dut.fd, gone_off, size,
			    MAP_SHARED, EINVAL);
		expect_mmap("the object the last mapping kept", dut.fd, off,
			    size, MAP_SHARED, EINVAL);
	}
	close(fd2);
	igt_info("%u bad inputs checked\n", bad_inputs - start);
}

/*
 * A mapping outlives the handle and the file it came from: it still reads
 * and writes the object, which stays counted until the mapping goes.
 */
static void test_mapping_outlives_close(void)
{
	static const enum gem_where wheres[] = { GEM_SMEM, GEM_LMEM };
	struct drm_dg1_memory_region_info r0[2];
	volatile uint64_t *p[2];
	unsigned int i;
	int fd2;

	gem_regions(dut.fd, r0);
	fd2 = igt_dg1_open_render();
	for (i = 0; i < 2; i++) {
		uint32_t h = gem_create(fd2, RW_SIZE, wheres[i], 0);

		p[i] = gem_mmap(fd2, h, RW_SIZE);
		gem_fill(p[i], RW_SIZE, seed_of(400 + i), 1);
		gem_close(fd2, h);
	}
	close(fd2);

	for (i = 0; i < 2; i++) {
		igt_assert_f(gem_check(p[i], RW_SIZE, seed_of(400 + i), 1) < 0,
			     "%s object after its handle and file were closed: contents changed",
			     gem_where_str(wheres[i]));
		gem_fill(p[i], RW_SIZE, seed_of(410 + i), 1);
		igt_assert_eq(gem_check(p[i], RW_SIZE, seed_of(410 + i), 1), -1);
	}
	assert_lmem_moved(r0, RW_SIZE, RW_SIZE, "objects kept by their mappings");
	for (i = 0; i < 2; i++)
		munmap((void *)p[i], RW_SIZE);
	gem_assert_used_back(dut.fd, r0, FREE_TIMEOUT_MS, "after the last mappings went");
}

igt_main
{
	igt_fixture
		dut_open();

	dut_subtest("query-memory-regions", test_query_memory_regions);
	dut_subtest("rw-smem", test_rw_smem);
	dut_subtest("rw-lmem", test_rw_lmem);
	dut_subtest("rw-lmem-cpu-access", test_rw_lmem_cpu_access);
	dut_subtest("rw-lmem-smem", test_rw_lmem_smem);
	dut_subtest("rw-smem-lmem", test_rw_smem_lmem);
	dut_subtest("zero-on-create", test_zero_on_create);
	dut_subtest("lmem-in-bar", test_lmem_in_bar);
	dut_subtest("mapping-outlives-close", test_mapping_outlives_close);
	dut_subtest("placement-fallback", test_placement_fallback);
	dut_subtest("create-bad-input", test_create_bad_input);
	dut_subtest("mmap-offset-bad-input", test_mmap_offset_bad_input);
	dut_subtest("mmap-bad-input", test_mmap_bad_input);
	dut_subtest("eviction", test_eviction);
	dut_subtest("small-bar-cpu-access", test_small_bar_cpu_access);
	dut_subtest("small-bar-migrate", test_small_bar_migrate);
	dut_subtest("small-bar-sigbus", test_small_bar_sigbus);
	dut_subtest("small-bar-smem-fallback", test_small_bar_smem_fallback);
	dut_subtest("ggtt-scratch", test_ggtt_scratch);
	dut_subtest("ggtt-kernel-objects", test_ggtt_kernel_objects);

	igt_fixture {
		gem_pool_drop();
		dut_close();
	}
}
