// SPDX-License-Identifier: GPL-2.0
/*
 * igt_dg1_gem.c - buffer objects for the tests.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "igt_dg1.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_dut.h"
#include "dg1_dev_debugfs.h"

#define WORDS_PER_PAGE	(SZ_4K / 8)

const char *gem_where_str(enum gem_where where)
{
	switch (where) {
	case GEM_SMEM:
		return "smem";
	case GEM_LMEM:
		return "lmem";
	case GEM_LMEM_SMEM:
		return "lmem+smem";
	case GEM_SMEM_LMEM:
		return "smem+lmem";
	}
	return "?";
}

struct drm_dg1_gem_create gem_create_args(uint64_t size,
					  enum gem_where where,
					  uint32_t flags)
{
	struct drm_dg1_gem_create c = { .size = size, .flags = flags };

	switch (where) {
	case GEM_SMEM:
	case GEM_LMEM:
		c.num_placements = 1;
		c.placements[0] = where == GEM_SMEM ?
				  DRM_DG1_MEMORY_REGION_SMEM :
				  DRM_DG1_MEMORY_REGION_LMEM;
		break;
	case GEM_LMEM_SMEM:
	case GEM_SMEM_LMEM:
		c.num_placements = 2;
		c.placements[0] = where == GEM_LMEM_SMEM ?
				  DRM_DG1_MEMORY_REGION_LMEM :
				  DRM_DG1_MEMORY_REGION_SMEM;
		c.placements[1] = where == GEM_LMEM_SMEM ?
				  DRM_DG1_MEMORY_REGION_SMEM :
				  DRM_DG1_MEMORY_REGION_LMEM;
		break;
	}
	return c;
}

int __gem_create(int fd, uint64_t size, enum gem_where where,
		 uint32_t flags, uint32_t *handle)
{
	return __gem_create_private(fd, size, where, flags, 0, handle);
}

int __gem_create_private(int fd, uint64_t size, enum gem_where where,
			 uint32_t flags, uint32_t vm_id, uint32_t *handle)
{
	struct drm_dg1_gem_create c = gem_create_args(size, where, flags);
	int err = 0;

	c.vm_id = vm_id;

	if (dg1dev_ioctl(fd, DRM_IOCTL_DG1_GEM_CREATE, &c))
		err = -errno;
	else
		*handle = c.handle;
	errno = 0;
	return err;
}

uint32_t gem_create(int fd, uint64_t size, enum gem_where where,
		    uint32_t flags)
{
	uint32_t handle = 0;
	int err = __gem_create(fd, size, where, flags, &handle);

	igt_assert_f(!err, "GEM_CREATE of %llu KiB in %s, flags 0x%x: %s",
		     (unsigned long long)(size >> 10), gem_where_str(where),
		     flags, strerror(-err));
	igt_assert_f(handle, "GEM_CREATE returned handle 0");
	return handle;
}

uint64_t gem_mmap_offset(int fd, uint32_t handle)
{
	struct drm_dg1_gem_mmap_offset o = { .handle = handle };

	do_ioctl(fd, DRM_IOCTL_DG1_GEM_MMAP_OFFSET, &o);
	/* A fake offset: page-aligned, and never 0 (that is no object). */
	igt_assert_f(o.offset && !(o.offset & (SZ_4K - 1)),
		     "handle %u: mmap offset 0x%llx", handle,
		     (unsigned long long)o.offset);
	return o.offset;
}

void *gem_mmap(int fd, uint32_t handle, uint64_t len)
{
	uint64_t offset = gem_mmap_offset(fd, handle);
	void *p;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
	igt_assert_f(p != MAP_FAILED, "mmap of %llu KiB of handle %u: %s",
		     (unsigned long long)(len >> 10), handle,
		     strerror(errno));
	return p;
}

void gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	do_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

void gem_regions(int fd, struct drm_dg1_memory_region_info r[2])
{
	/* Every region of enum drm_dg1_memory_region: SMEM and LMEM. */
	const uint32_t want = sizeof(struct drm_dg1_query_memory_regions) +
			      2 * sizeof(struct drm_dg1_memory_region_info);
	struct drm_dg1_query_memory_regions *q;
	uint32_t size, i, j;

	q = igt_dg1_query_item(fd, DRM_DG1_QUERY_MEMORY_REGIONS, &size);
	igt_assert_eq_u32(size, want);
	igt_assert_eq_u32(q->num_regions, 2);
	igt_assert_eq_u32(q->pad, 0);
	for (i = 0; i < 2; i++) {
		const struct drm_dg1_memory_region_info *info = &q->regions[i];

		igt_assert_f(info->region == i,
			     "regions[%u] is region %u: not in enum order", i,
			     info->region);
		igt_assert_f(!info->pad, "region %u: pad 0x%x", i, info->pad);
		for (j = 0; j < ARRAY_SIZE(info->reserved); j++)
			igt_assert_f(!info->reserved[j],
				     "region %u: reserved[%u] 0x%llx", i, j,
				     (unsigned long long)info->reserved[j]);
		r[i] = *info;
	}
	free(q);
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ull + ts.tv_nsec / 1000000;
}

uint64_t gem_wait_used(int fd, unsigned int region, uint64_t want,
		       unsigned int timeout_ms)
{
	struct drm_dg1_memory_region_info r[2];
	uint64_t start = now_ms();
	struct timespec ms = { .tv_nsec = 1000000 };

	for (;;) {
		gem_regions(fd, r);
		if (r[region].used == want || now_ms() - start >= timeout_ms)
			return r[region].used;
		nanosleep(&ms, NULL);
	}
}

uint64_t gem_pattern(uint64_t seed, uint64_t word)
{
	uint64_t x = (seed + 1) * 0x9e3779b97f4a7c15ull + word;

	/* One xorshift-multiply round: neighbours differ in every byte. */
	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ull;
	return x ^ (x >> 29);
}

void gem_fill(volatile void *p, uint64_t len, uint64_t seed,
	      unsigned int stride)
{
	volatile uint64_t *w = p;
	uint64_t page, i;

	for (page = 0; page < len / SZ_4K; page++) {
		volatile uint64_t *pw = w + page * WORDS_PER_PAGE;
		uint64_t base = page * WORDS_PER_PAGE;

		for (i = 0; i < WORDS_PER_PAGE; i += stride)
			pw[i] = gem_pattern(seed, base + i);
		pw[WORDS_PER_PAGE - 1] =
			gem_pattern(seed, base + WORDS_PER_PAGE - 1);
	}
}

int64_t gem_check(const volatile void *p, uint64_t len, uint64_t seed,
		  unsigned int stride)
{
	const volatile uint64_t *w = p;
	uint64_t page, i;

	for (page = 0; page < len / SZ_4K; page++) {
		const volatile uint64_t *pw = w + page * WORDS_PER_PAGE;
		uint64_t base = page * WORDS_PER_PAGE;

		for (i = 0; i < WORDS_PER_PAGE; i += stride)
			if (pw[i] != gem_pattern(seed, base + i))
				return (base + i) * 8;
		i = WORDS_PER_PAGE - 1;
		if (pw[i] != gem_pattern(seed, base + i))
			return (base + i) * 8;
	}
	return -1;
}

int64_t gem_first_nonzero(const volatile void *p, uint64_t len)
{
	const volatile uint64_t *w = p;
	uint64_t i;

	for (i = 0; i < len / 8; i++)
		if (w[i])
			return i * 8;
	return -1;
}

/* Whether the 4 KiB at @page hold page @k of an object filled with @seed. */
static bool page_matches(const volatile uint64_t *page, uint64_t seed,
			 uint64_t k)
{
	uint64_t i;

	for (i = 0; i < WORDS_PER_PAGE; i++)
		if (page[i] != gem_pattern(seed, k * WORDS_PER_PAGE + i))
			return false;
	return true;
}

unsigned int gem_find_pages(const volatile uint64_t *bar, uint64_t bar_len,
			    uint64_t seed, unsigned int pages,
			    uint64_t *found)
{
	uint64_t first[GEM_FIND_MAX_PAGES], at;
	unsigned int k, matched = 0;

	igt_assert(pages <= GEM_FIND_MAX_PAGES);
	for (k = 0; k < pages; k++) {
		first[k] = gem_pattern(seed, (uint64_t)k * WORDS_PER_PAGE);
		found[k] = UINT64_MAX;
	}
	for (at = 0; at + SZ_4K <= bar_len; at += SZ_4K) {
		uint64_t w = bar[at / 8];

		for (k = 0; k < pages; k++) {
			if (w != first[k] || !page_matches(bar + at / 8, seed, k))
				continue;
			igt_assert_f(found[k] == UINT64_MAX,
				     "page %u of the object is at BAR2 0x%llx and at 0x%llx",
				     k, (unsigned long long)found[k],
				     (unsigned long long)at);
			found[k] = at;
			matched++;
		}
	}
	return matched;
}

struct gem_pool gem_pool = { .fd = -1 };

void gem_pool_drop(void)
{
	unsigned int i;

	for (i = 0; i < gem_pool.n; i++)
		munmap((void *)gem_pool.map[i].p, gem_pool.map[i].len);
	gem_pool.n = 0;
	if (gem_pool.fd >= 0)
		close(gem_pool.fd);
	gem_pool.fd = -1;
}

void gem_pool_open(void)
{
	gem_pool_drop();
	gem_pool.fd = igt_dg1_open_render();
}

volatile uint64_t *gem_pool_map(uint32_t handle, uint64_t len)
{
	volatile uint64_t *p;

	igt_assert(gem_pool.n < GEM_POOL_MAX);
	p = gem_mmap(gem_pool.fd, handle, len);
	gem_pool.map[gem_pool.n].p = p;
	gem_pool.map[gem_pool.n].len = len;
	gem_pool.n++;
	return p;
}

static sigjmp_buf touch_jmp;
static volatile sig_atomic_t touch_sig;

static void touch_handler(int sig)
{
	touch_sig = sig;
	siglongjmp(touch_jmp, 1);
}

int gem_touch(volatile void *p, bool write)
{
	struct sigaction sa = { .sa_handler = touch_handler }, old_bus, old_segv;
	volatile uint64_t *w = p;

	sigemptyset(&sa.sa_mask);
	touch_sig = 0;
	sigaction(SIGBUS, &sa, &old_bus);
	sigaction(SIGSEGV, &sa, &old_segv);
	if (!sigsetjmp(touch_jmp, 1)) {
		if (write)
			*w = 0x5a5a5a5a5a5a5a5aull;
		else
			(void)*w;
	}
	sigaction(SIGBUS, &old_bus, NULL);
	sigaction(SIGSEGV, &old_segv, NULL);
	return touch_sig;
}

void gem_assert_used_back(int fd, const struct drm_dg1_memory_region_info r0[2],
			  unsigned int timeout_ms, const char *after)
{
	static const char * const name[] = { "smem", "lmem" };
	unsigned int i;

	for (i = 0; i < 2; i++) {
		uint64_t used = gem_wait_used(fd, i, r0[i].used, timeout_ms);

		igt_assert_f(used == r0[i].used,
			     "%s: %s used %llu KiB, %llu KiB before (after %u ms)",
			     after, name[i], (unsigned long long)(used >> 10),
			     (unsigned long long)(r0[i].used >> 10), timeout_ms);
	}
}

/* "objects: N" of debugfs memory_regions, or -1 without debugfs. */
int debugfs_objects(void)
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
