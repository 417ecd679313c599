// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_console - a firmware console on the DG1 survives dg1
 * (Documentation/install.rst, "The firmware console"). Runs where the VM
 * loaded tests/kmod/dg1_fwfb.ko before dg1, as boot firmware and simpledrm
 * would have left a console: a framebuffer at LMEM 16 MiB, claimed in
 * BAR2, mapped by the GGTT from address 0. Without it there is nothing to
 * test, and that is a failure: the scenario loads it.
 *
 * kept: the framebuffer's driver is still bound, its pixels and GGTT
 * entries unchanged after dg1's probe; debugfs shows the GGTT range as
 * dg1's "firmware framebuffer" node, and the memory-regions query
 * counts its 3 MiB out of LMEM's usable size. lmem-full: every free
 * byte of LMEM is allocated to objects and written through their
 * mappings; the pixels stay, and so do the objects' contents.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "igt.h"
#include "igt_dg1_gem.h"

#define FWFB_CHECK	"/sys/devices/platform/dg1-fwfb/check"
/* As tests/kmod/dg1_fwfb.c lays it out. */
#define FWFB_LMEM	(16 * SZ_1M)
#define FWFB_SIZE	(1024ull * 768 * 4)
#define LOW_RESERVED	SZ_1M		/* Documentation/memory.rst */
#define CHUNK		(4 * SZ_1M)

static void fwfb_assert_intact(const char *after)
{
	char buf[256] = "";
	FILE *f = fopen(FWFB_CHECK, "r");

	igt_assert_f(f, "after %s: %s is gone: the console was taken away",
		     after, FWFB_CHECK);
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	igt_assert_f(!strcmp(buf, "ok\n"), "after %s: firmware console: %s",
		     after, buf);
}

static void test_kept(void)
{
	struct drm_dg1_memory_region_info r[2];
	char want[128], *text = NULL;

	fwfb_assert_intact("dg1's probe");

	dut_require_debugfs();
	igt_assert_lt(0, dg1dev_debugfs_read(dut.dfs, "ggtt", &text));
	snprintf(want, sizeof(want),
		 "node: 0x00000000 0x%llx lmem 0x%llx firmware framebuffer\n",
		 FWFB_SIZE, FWFB_LMEM);
	igt_assert_f(strstr(text, want), "no \"%.*s\" in debugfs ggtt:\n%s",
		     (int)strlen(want) - 1, want, text);
	free(text);

	gem_regions(dut.fd, r);
	igt_assert_eq_u64(r[DRM_DG1_MEMORY_REGION_LMEM].total_size -
			  r[DRM_DG1_MEMORY_REGION_LMEM].usable_size,
			  LOW_RESERVED + FWFB_SIZE);
}

static void test_lmem_full(void)
{
	struct drm_dg1_memory_region_info r[2];
	uint64_t left, size, n = 0, i;
	uint32_t *handles;
	uint64_t *sizes;
	void **maps;

	gem_regions(dut.fd, r);
	left = r[DRM_DG1_MEMORY_REGION_LMEM].usable_size -
	       r[DRM_DG1_MEMORY_REGION_LMEM].used;
	handles = calloc(left / CHUNK + 2, sizeof(*handles));
	sizes = calloc(left / CHUNK + 2, sizeof(*sizes));
	maps = calloc(left / CHUNK + 2, sizeof(*maps));
	igt_assert(handles && sizes && maps);

	for (; left; left -= size, n++) {
		size = left < CHUNK ? left : CHUNK;
		sizes[n] = size;
		handles[n] = gem_create(dut.fd, size, GEM_LMEM, 0);
		maps[n] = gem_mmap(dut.fd, handles[n], size);
		gem_fill(maps[n], size, n + 1, 64);
	}
	gem_regions(dut.fd, r);
	igt_assert_eq_u64(r[DRM_DG1_MEMORY_REGION_LMEM].used,
			  r[DRM_DG1_MEMORY_REGION_LMEM].usable_size);
	fwfb_assert_intact("filling every free byte of LMEM");

	for (i = 0; i < n; i++) {
		igt_assert_f(gem_check(maps[i], sizes[i], i + 1, 64) < 0,
			     "object %llu of %llu changed",
			     (unsigned long long)i, (unsigned long long)n);
		munmap(maps[i], sizes[i]);
		gem_close(dut.fd, handles[i]);
	}
	free(maps);
	free(sizes);
	free(handles);
}

igt_main
{
	igt_fixture
		dut_open();

	dut_subtest("kept", test_kept);
	dut_subtest("lmem-full", test_lmem_full);

	igt_fixture
		dut_close();
}
