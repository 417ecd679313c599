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
 * refuses objects as memory.rst says, and an object beyond it keeps its
 * contents across suspend to RAM; every bad input fails with its
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

#include "dg1_gem.h"

/* The sizes memory.rst gives: they are ABI. */
_Static_assert(sizeof(struct drm_dg1_gem_create) == 56, "uAPI");
_Static_assert(sizeof(struct drm_dg1_gem_mmap_offset) == 40, "uAPI");
_Static_assert(sizeof(struct drm_dg1_memory_region_info) == 80, "uAPI");
_Static_assert(sizeof(struct drm_dg1_query_memory_regions) == 8, "uAPI");

static const char * const region_name[] = { "smem", "lmem" };

static uint64_t now_ns(void)
{
	return dut_now_ns();
}

uint64_t seed_of(unsigned int n)
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
	uint64_t limit, bar2 = 0, visible, mib, others = 0;
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

	/*
	 * memory.rst: the driver keeps LMEM's first MiB from objects, and
	 * what another driver holds in BAR2 (a firmware console: install.rst).
	 */
	if (dut.pci[0])
		igt_assert_eq(dg1dev_bar_claimed_by_others(dut.pci, 2, "dg1",
							   &others), 0);
	if (others)
		igt_info("others hold %llu KiB of BAR2\n",
			 (unsigned long long)others / 1024);
	igt_assert_eq_u64(r[LMEM].usable_size,
			  r[LMEM].total_size - LMEM_RESERVED - others);
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
	/* What the BAR shows of LMEM, past the first MiB. */
	visible = r[LMEM].total_size < bar2 ? r[LMEM].total_size : bar2;
	/* Debug builds may pretend the BAR is smaller (read at probe). */
	if (!dg1dev_read_u64("/sys/module/dg1/parameters/lmem_visible_mib", &mib) &&
	    mib && mib * SZ_1M < visible) {
		igt_info("lmem_visible_mib=%llu\n", (unsigned long long)mib);
		visible = mib * SZ_1M;
	}
	igt_assert_eq_u64(r[LMEM].cpu_visible_size,
			  visible - LMEM_RESERVED - others);
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
	dut_subtest("small-bar-suspend", test_small_bar_suspend);
	dut_subtest("ggtt-scratch", test_ggtt_scratch);
	dut_subtest("ggtt-kernel-objects", test_ggtt_kernel_objects);

	igt_fixture {
		gem_pool_drop();
		dut_close();
	}
}
