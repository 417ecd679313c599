// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_gem_bar.c - dg1_gem's subtests of LMEM seen through BAR2: an LMEM
 * object's pages are in the device's LMEM, and a BAR smaller than LMEM
 * places, moves or refuses objects as Documentation/memory.rst says.
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
#include "igt_dg1_exec.h"

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
void test_lmem_in_bar(void)
{
	const uint64_t size = GEM_FIND_MAX_PAGES * SZ_4K;
	uint64_t found[GEM_FIND_MAX_PAGES], bar_len, lo = UINT64_MAX, hi = 0;
	uint64_t seed = seed_of(10), sseed = seed_of(11);
	const volatile uint64_t *bar;
	volatile uint64_t *p, *s;
	unsigned int n, k;
	uint32_t h, hs;

	/* Read behind the driver's back: the device must stay in D0. */
	dut_hold_d0(true);
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
	dut_hold_d0(false);
	gem_close(dut.fd, h);
	gem_close(dut.fd, hs);
}


/* LMEM and its visible part's use changed by exactly this since @r0. */
void assert_lmem_moved(const struct drm_dg1_memory_region_info r0[2],
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

void test_small_bar_cpu_access(void)
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

void test_small_bar_migrate(void)
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

void test_small_bar_sigbus(void)
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

void test_small_bar_smem_fallback(void)
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

/* ---- small BAR across system sleep ---- */

#define SLEEP_SIZE	(9 * SZ_1M + 3 * SZ_4K)	/* two copies and a part */
#define SLEEP_SRC_VA	(1ull << 30)
#define SLEEP_LMEM_VA	(2ull << 30)
#define SLEEP_DST_VA	(3ull << 30)
#define XY_FAST_COPY	0x50800008u	/* 10 dwords */
#define XY_DEPTH_32	(3u << 24)
#define BB_END		0x05000000u

/* Blit @size bytes from @src to @dst on the copy engine, a page a row. */
static void blit(struct exec_rig *r, uint32_t q, uint64_t dst, uint64_t src,
		 uint64_t size)
{
	volatile uint32_t *cs = r->cs;
	uint32_t so;

	cs[0] = XY_FAST_COPY;
	cs[1] = XY_DEPTH_32 | SZ_4K;
	cs[2] = 0;
	cs[3] = (uint32_t)(size / SZ_4K) << 16 | SZ_4K / 4;
	cs[4] = (uint32_t)dst;
	cs[5] = (uint32_t)(dst >> 32);
	cs[6] = 0;
	cs[7] = SZ_4K;
	cs[8] = (uint32_t)src;
	cs[9] = (uint32_t)(src >> 32);
	cs[10] = BB_END;
	cs[11] = 0;
	so = exec_out(r->fd, q, EXEC_RIG_BATCH_VA);
	wait_ok(r->fd, so, 20000);
	igt_assert_eq(fence_status(r->fd, so), 1);
	syncobj_destroy(r->fd, so);
}

/*
 * assert_lmem_moved() since @r0, when the rig's VM's page tables pinned
 * @tables bytes: what they pin more since is counted in (pinned visible
 * LMEM).
 */
static void assert_moved_with_tables(const struct drm_dg1_memory_region_info r0[2],
				     const struct exec_rig *r, uint64_t tables,
				     int64_t used, int64_t visible,
				     const char *when)
{
	int64_t added = (int64_t)(vm_table_bytes(r->fd, r->vm) - tables);

	assert_lmem_moved(r0, used + added, visible + added, when);
}

/*
 * Suspend to RAM on a small BAR, the card losing power (vdg1 fills LMEM
 * with a new pattern). The driver saves LMEM through the BAR only, which
 * is enough as long as nothing written lies beyond it (memory.rst "Small
 * BAR", power.rst "System sleep"): an object the GPU wrote was moved into
 * the visible part first, and keeps its contents; an object nothing wrote
 * stays beyond the BAR, and reads as zero for the GPU afterwards, not as
 * what the power loss left there.
 */
void test_small_bar_suspend(void)
{
	const struct drm_dg1_engine_class_instance *bcs = NULL;
	struct drm_dg1_memory_region_info r0[2], r1[2];
	struct vdg1_counters_page c0, c1;
	volatile uint64_t *src, *dst;
	uint32_t fresh, written, sbo, dbo, q;
	uint64_t tables;
	unsigned int i;
	struct exec_rig r;
	int64_t off;
	int ret;

	require_small_bar(r0, 2 * SLEEP_SIZE);
	for (i = 0; i < dut.num_engines; i++)
		if (dut.engines[i].engine_class == DRM_DG1_ENGINE_CLASS_COPY)
			bcs = &dut.engines[i];
	igt_require_f(bcs, "no copy engine");
	dut_require_system_sleep(true);
	dut_hold_d0(true);

	fresh = gem_create(gem_pool.fd, SLEEP_SIZE, GEM_LMEM, 0);
	written = gem_create(gem_pool.fd, SLEEP_SIZE, GEM_LMEM, 0);
	assert_lmem_moved(r0, 2 * SLEEP_SIZE, 0,
			  "objects without CPU access created");
	sbo = gem_create(gem_pool.fd, SLEEP_SIZE, GEM_SMEM, 0);
	dbo = gem_create(gem_pool.fd, SLEEP_SIZE, GEM_SMEM, 0);
	src = gem_pool_map(sbo, SLEEP_SIZE);
	dst = gem_pool_map(dbo, SLEEP_SIZE);
	gem_fill(src, SLEEP_SIZE, seed_of(305), 1);

	exec_rig_open(&r, gem_pool.fd);
	vm_map(r.fd, r.vm, sbo, 0, SLEEP_SRC_VA, SLEEP_SIZE, 0);
	vm_map(r.fd, r.vm, dbo, 0, SLEEP_DST_VA, SLEEP_SIZE, 0);
	q = queue_create(r.fd, r.vm, bcs, 0);
	/* The queue's context and the VM's tables are LMEM too: from here. */
	gem_regions(dut.fd, r1);
	tables = vm_table_bytes(r.fd, r.vm);
	vm_map(r.fd, r.vm, written, 0, SLEEP_LMEM_VA, SLEEP_SIZE, 0);
	blit(&r, q, SLEEP_LMEM_VA, SLEEP_SRC_VA, SLEEP_SIZE);
	assert_moved_with_tables(r1, &r, tables, 0, SLEEP_SIZE,
				 "an object bound and written by the GPU");

	if (dut.vdg1)
		dg1dev_vdg1_snapshot(dut.vdg1, &c0);
	ret = dut_system_sleep(true);
	igt_assert_f(!ret, "suspend to RAM failed: %s", strerror(-ret));
	if (dut.vdg1) {
		dg1dev_vdg1_snapshot(dut.vdg1, &c1);
		igt_assert_eq_u32(c1.power_losses - c0.power_losses, 1);
	}
	assert_moved_with_tables(r1, &r, tables, 0, SLEEP_SIZE,
				 "after suspend to RAM");

	blit(&r, q, SLEEP_DST_VA, SLEEP_LMEM_VA, SLEEP_SIZE);
	off = gem_check(dst, SLEEP_SIZE, seed_of(305), 1);
	igt_assert_f(off == -1,
		     "the object the GPU wrote changed across suspend to RAM: byte 0x%llx",
		     (long long)off);
	vm_unmap(r.fd, r.vm, SLEEP_LMEM_VA, SLEEP_SIZE);
	vm_map(r.fd, r.vm, fresh, 0, SLEEP_LMEM_VA, SLEEP_SIZE, 0);
	blit(&r, q, SLEEP_DST_VA, SLEEP_LMEM_VA, SLEEP_SIZE);
	off = gem_first_nonzero(dst, SLEEP_SIZE);
	igt_assert_f(off == -1,
		     "the object nothing wrote, beyond the BAR across suspend to RAM, reads non-zero at byte 0x%llx",
		     (long long)off);

	queue_destroy(r.fd, q);
	vm_unmap(r.fd, r.vm, SLEEP_SRC_VA, SLEEP_SIZE);
	vm_unmap(r.fd, r.vm, SLEEP_LMEM_VA, SLEEP_SIZE);
	vm_unmap(r.fd, r.vm, SLEEP_DST_VA, SLEEP_SIZE);
	exec_rig_close(&r);
	gem_pool_drop();
	dut_hold_d0(false);
}
