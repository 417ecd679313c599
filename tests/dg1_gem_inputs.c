// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_gem_inputs.c - dg1_gem's bad inputs: every one fails with its
 * documented errno and leaves nothing behind.
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

/* File scope: shared by blocks, so it must survive their longjmps. */
static unsigned int bad_inputs;

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
void test_create_bad_input(void)
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
	/* Private to a VM this file does not have (ids stop at 256). */
	BAD_CREATE("vm_id ~0", c.vm_id = UINT32_MAX, ENOENT);
	BAD_CREATE("vm_id 0x80000000", c.vm_id = 0x80000000, ENOENT);
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

void test_mmap_offset_bad_input(void)
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
void test_mmap_bad_input(void)
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
