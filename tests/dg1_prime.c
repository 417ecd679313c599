// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_prime - buffer objects shared with vgem through dma-bufs (PRIME), as
 * Documentation/memory.rst ("PRIME") describes them.
 *
 * dg1 -> vgem: an object written through dg1's mapping, exported and
 * imported into vgem, reads back whole through the dma-buf's mapping
 * (vgem maps imports with dma_buf_mmap() and gives no offset of its own
 * for them), and writes meet; vgem's attachment moved the object to SMEM
 * and is listed by the dma-buf core until vgem lets go. vgem -> dg1: a
 * vgem buffer reads back whole through dg1's mapping of the import, is
 * counted in SMEM while dg1 holds it, and dg1's attachment goes with the
 * object. A dg1 dma-buf imported into dg1 is the object itself; an
 * LMEM-only object exports but no other device can attach it. Through a
 * VM the GPU reaches vgem's pages for an import, and the pinned SMEM
 * pages for an export (vdg1's translation probe, page contents read by
 * physical address). Bad handles, fds, flags and mappings fail with their
 * errno. An unbind ends dg1's attachments, its DMA mappings and the CPU
 * mappings of what it exported, but not the pages vgem still holds; the
 * device binds again with the kernel log clean.
 *
 * Attachments are read from the dma-buf core's debugfs (bufinfo), DMA
 * mappings from dma-debug's, the regions' figures from the query, vgem's
 * node by its driver name: no expectation comes from dg1's answers. Every
 * subtest also fails if, on vdg1, it touched a sleeping domain or an
 * unimplemented register. Needs root (debugfs, sysfs unbind, kcore).
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
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_vm.h"

#define SMEM	DRM_DG1_MEMORY_REGION_SMEM
#define LMEM	DRM_DG1_MEMORY_REGION_LMEM

/* Not a power of two, and more than one 2 MiB chunk of the page pool. */
#define PRIME_SIZE	(2 * SZ_1M + 3 * SZ_4K)
/* TTM frees an imported object from a worker. */
#define FREE_TIMEOUT_MS	2000
#define BUFINFO		"/sys/kernel/debug/dma_buf/bufinfo"
/* CONFIG_DMA_API_DEBUG: every live DMA mapping, with its device. */
#define DMA_API_DUMP	"/sys/kernel/debug/dma-api/dump"
#define DRIVER_DIR	"/sys/bus/pci/drivers/" DG1DEV_DRIVER_NAME
#define BIND_TIMEOUT_MS	2000
#define VGEM_DEV_NAME	"vgem"
/* Where the VM subtests map their object: 2 MiB aligned, above 4 GiB. */
#define BIND_VA		(8 * 1024 * SZ_1M)

static const char * const region_name[] = { "smem", "lmem" };

/* File scope: shared by blocks, so it must survive their longjmps. */
static int vgem = -1;
static const char *bdf;			/* dg1's PCI address, its device name */
static unsigned int bad_inputs;
static struct dg1dev_klog klog;

static uint64_t seed_of(unsigned int n)
{
	/* Different in every run too, so old contents never match. */
	static uint64_t base;

	if (!base)
		base = dut_now_ns() ^ (uint64_t)getpid() << 40;
	return base + n;
}

static unsigned int home_of(enum gem_where where)
{
	return where == GEM_SMEM || where == GEM_SMEM_LMEM ? SMEM : LMEM;
}

static int __prime_export(int fd, uint32_t handle, uint32_t flags, int *out)
{
	struct drm_prime_handle a = { .handle = handle, .flags = flags,
				      .fd = -1 };
	int err = dg1dev_ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &a) ? -errno : 0;

	errno = 0;
	if (!err)
		*out = a.fd;
	return err;
}

static int prime_export(int fd, uint32_t handle)
{
	int dmabuf = -1, err;

	err = __prime_export(fd, handle, DRM_CLOEXEC | DRM_RDWR, &dmabuf);
	igt_assert_f(!err, "PRIME_HANDLE_TO_FD of handle %u: %s", handle,
		     strerror(-err));
	return dmabuf;
}

static int __prime_import(int fd, int dmabuf, uint32_t *handle)
{
	struct drm_prime_handle a = { .fd = dmabuf };
	int err = dg1dev_ioctl(fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &a) ? -errno : 0;

	errno = 0;
	if (!err)
		*handle = a.handle;
	return err;
}

static uint32_t prime_import(int fd, int dmabuf)
{
	uint32_t handle = 0;
	int err = __prime_import(fd, dmabuf, &handle);

	igt_assert_f(!err, "PRIME_FD_TO_HANDLE of dma-buf fd %d: %s", dmabuf,
		     strerror(-err));
	return handle;
}

static ino_t ino_of(int fd)
{
	struct stat st;

	igt_assert_f(!fstat(fd, &st), "fstat: %s", strerror(errno));
	return st.st_ino;
}

/* A vgem dumb buffer of @size bytes: 1024 pixels of 32 bits per page. */
static uint32_t vgem_create(uint64_t size)
{
	struct drm_mode_create_dumb c = {
		.width = 1024,
		.height = size / SZ_4K,
		.bpp = 32,
	};

	do_ioctl(vgem, DRM_IOCTL_MODE_CREATE_DUMB, &c);
	igt_assert_eq_u64(c.size, size);
	return c.handle;
}

static volatile uint64_t *vgem_mmap(uint32_t handle, uint64_t size)
{
	struct drm_mode_map_dumb m = { .handle = handle };
	void *p;

	do_ioctl(vgem, DRM_IOCTL_MODE_MAP_DUMB, &m);
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, vgem,
		 m.offset);
	igt_assert_f(p != MAP_FAILED, "mmap of vgem handle %u: %s", handle,
		     strerror(errno));
	return p;
}

static volatile uint64_t *dmabuf_mmap(int dmabuf, uint64_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, dmabuf,
		       0);

	igt_assert_f(p != MAP_FAILED, "mmap of dma-buf fd %d: %s", dmabuf,
		     strerror(errno));
	return p;
}

/* A dma-buf as the dma-buf core's debugfs lists it. */
#define MAX_ATTACHED	4
struct dmabuf_info {
	bool found;
	char exp_name[32];
	unsigned int attached;
	char dev[MAX_ATTACHED][64];
};

static char *read_text(const char *path)
{
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	ssize_t n;
	int fd;

	igt_assert(buf);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	igt_assert_f(fd >= 0, "open %s: %s", path, strerror(errno));
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += n;
		if (len == cap - 1) {
			cap *= 2;
			buf = realloc(buf, cap);
			igt_assert(buf);
		}
	}
	igt_assert_f(n == 0, "read %s: %s", path, strerror(errno));
	close(fd);
	buf[len] = '\0';
	return buf;
}

/*
 * The entry of the dma-buf behind @dmabuf in bufinfo: its line is "size
 * flags mode count exp_name ino name", tab-separated; then its fences,
 * "\tAttached Devices:", one "\t<device>" line each, "Total N devices
 * attached".
 */
static void dmabuf_info(int dmabuf, struct dmabuf_info *info)
{
	unsigned long ino = ino_of(dmabuf);
	char *text = read_text(BUFINFO), *line, *save = NULL;
	enum { SEEK, FENCES, DEVICES } state = SEEK;

	memset(info, 0, sizeof(*info));
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *f[7], *fs = NULL, *copy;
		unsigned int n = 0;

		if (state == SEEK) {
			copy = strdup(line);
			igt_assert(copy);
			for (f[n] = strtok_r(copy, "\t", &fs); f[n] && n < 6;
			     f[++n] = strtok_r(NULL, "\t", &fs))
				;
			if (n >= 6 && strtoul(f[5], NULL, 10) == ino) {
				info->found = true;
				snprintf(info->exp_name, sizeof(info->exp_name),
					 "%s", f[4]);
				state = FENCES;
			}
			free(copy);
		} else if (state == FENCES) {
			if (!strcmp(line, "\tAttached Devices:"))
				state = DEVICES;
		} else if (!strncmp(line, "Total ", 6)) {
			break;
		} else {
			igt_assert_f(line[0] == '\t', "bufinfo: %s", line);
			igt_assert_f(info->attached < MAX_ATTACHED,
				     "more than %u devices attached",
				     MAX_ATTACHED);
			snprintf(info->dev[info->attached++],
				 sizeof(info->dev[0]), "%s", line + 1);
		}
	}
	free(text);
	igt_assert_f(info->found, "dma-buf inode %lu is not in %s", ino,
		     BUFINFO);
}

static const char *attached_str(const struct dmabuf_info *info)
{
	static char buf[MAX_ATTACHED * 66];
	unsigned int i;
	int len = 0;

	buf[0] = '\0';
	for (i = 0; i < info->attached; i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%s%s",
				i ? ", " : "", info->dev[i]);
	return info->attached ? buf : "none";
}

/* Exactly @dev attached (NULL: none), waiting up to @timeout_ms for it. */
static void assert_attached(int dmabuf, const char *dev,
			    unsigned int timeout_ms, const char *when)
{
	uint64_t start = dut_now_ns();
	struct dmabuf_info info;

	for (;;) {
		dmabuf_info(dmabuf, &info);
		if (dev ? info.attached == 1 && !strcmp(info.dev[0], dev) :
			  !info.attached)
			return;
		if (dut_now_ns() - start >= timeout_ms * NSEC_PER_MSEC)
			break;
		dut_sleep_ms(1);
	}
	igt_fail_f("%s: attached to the dma-buf: %s, expected %s", when,
		   attached_str(&info), dev ?: "none");
}

/* The used figures of both regions: @r0's plus @smem and @lmem bytes. */
static void assert_used(const struct drm_dg1_memory_region_info r0[2],
			int64_t smem, int64_t lmem, const char *when)
{
	struct drm_dg1_memory_region_info r[2];
	const int64_t delta[2] = { [SMEM] = smem, [LMEM] = lmem };
	unsigned int i;

	gem_regions(dut.fd, r);
	for (i = 0; i < 2; i++)
		igt_assert_f(r[i].used == r0[i].used + delta[i],
			     "%s: %s used %+lld KiB, expected %+lld KiB", when,
			     region_name[i],
			     (long long)(r[i].used - r0[i].used) / 1024,
			     (long long)delta[i] / 1024);
}

static void assert_contents(const volatile uint64_t *p, uint64_t seed,
			    const char *what)
{
	int64_t off = gem_check(p, PRIME_SIZE, seed, 1);

	igt_assert_f(off < 0, "%s: word at 0x%llx (page %llu) is wrong", what,
		     (unsigned long long)off,
		     (unsigned long long)off / SZ_4K);
}

/*
 * dg1 -> vgem: vgem's attachment moves the object to SMEM; what dg1's
 * mapping wrote reads back through the dma-buf's, and the other way.
 */
static void export_to_vgem(enum gem_where where)
{
	const unsigned int home = home_of(where);
	const uint64_t seed = seed_of(10 + where), seed2 = seed_of(20 + where);
	struct drm_dg1_memory_region_info r0[2];
	volatile uint64_t *map, *dmap;
	struct dmabuf_info info;
	uint32_t h, vh;
	int dmabuf, again;

	gem_regions(dut.fd, r0);
	h = gem_create(dut.fd, PRIME_SIZE, where, 0);
	map = gem_mmap(dut.fd, h, PRIME_SIZE);
	gem_fill(map, PRIME_SIZE, seed, 1);

	/* The dma-buf alone moves nothing and attaches nothing. */
	dmabuf = prime_export(dut.fd, h);
	dmabuf_info(dmabuf, &info);
	igt_assert_f(!strcmp(info.exp_name, DG1DEV_DRIVER_NAME),
		     "dma-buf exported by \"%s\"", info.exp_name);
	assert_attached(dmabuf, NULL, 0, "after the export");
	assert_used(r0, home == SMEM ? PRIME_SIZE : 0,
		    home == LMEM ? PRIME_SIZE : 0, "after the export");

	vh = prime_import(vgem, dmabuf);
	assert_attached(dmabuf, VGEM_DEV_NAME, 0, "after vgem's import");
	assert_used(r0, PRIME_SIZE, 0, "attached by vgem");

	/* vgem's export of its import is this dma-buf, not a copy. */
	igt_assert_eq(__prime_export(vgem, vh, DRM_CLOEXEC, &again), 0);
	igt_assert_eq_u64(ino_of(again), ino_of(dmabuf));
	close(again);

	dmap = dmabuf_mmap(dmabuf, PRIME_SIZE);
	assert_contents(dmap, seed, "through the dma-buf");
	assert_contents(map, seed, "through dg1's mapping, after the move");
	gem_fill(dmap, PRIME_SIZE, seed2, 1);
	assert_contents(map, seed2, "dg1's mapping, written through the dma-buf");
	munmap((void *)dmap, PRIME_SIZE);

	/* vgem lets go: detached; the object keeps its contents. */
	gem_close(vgem, vh);
	assert_attached(dmabuf, NULL, FREE_TIMEOUT_MS, "after vgem's close");
	assert_contents(map, seed2, "dg1's mapping, after vgem's close");

	close(dmabuf);
	munmap((void *)map, PRIME_SIZE);
	gem_close(dut.fd, h);
	gem_assert_used_back(dut.fd, r0, FREE_TIMEOUT_MS, "after close");
}

static void test_export_smem(void)
{
	export_to_vgem(GEM_SMEM);
}

static void test_export_lmem_smem(void)
{
	export_to_vgem(GEM_LMEM_SMEM);
}

static void test_export_smem_lmem(void)
{
	export_to_vgem(GEM_SMEM_LMEM);
}

/*
 * An object that may only live in LMEM exports, maps and imports back
 * into dg1, but no other device can attach it; it stays in LMEM.
 */
static void test_export_lmem_only(void)
{
	const uint64_t seed = seed_of(30);
	struct drm_dg1_memory_region_info r0[2];
	volatile uint64_t *map, *dmap;
	uint32_t h, vh = 0;
	int dmabuf, err;

	gem_regions(dut.fd, r0);
	h = gem_create(dut.fd, PRIME_SIZE, GEM_LMEM, 0);
	map = gem_mmap(dut.fd, h, PRIME_SIZE);
	gem_fill(map, PRIME_SIZE, seed, 1);

	dmabuf = prime_export(dut.fd, h);
	err = __prime_import(vgem, dmabuf, &vh);
	igt_assert_f(err == -EOPNOTSUPP,
		     "vgem's import of an LMEM-only object: %s, expected %s",
		     err ? strerror(-err) : "success", strerror(EOPNOTSUPP));
	assert_attached(dmabuf, NULL, 0, "after the refused import");
	assert_used(r0, 0, PRIME_SIZE, "after the refused import");

	dmap = dmabuf_mmap(dmabuf, PRIME_SIZE);
	assert_contents(dmap, seed, "an LMEM object through its dma-buf");
	munmap((void *)dmap, PRIME_SIZE);
	igt_assert_eq_u32(prime_import(dut.fd, dmabuf), h);

	close(dmabuf);
	munmap((void *)map, PRIME_SIZE);
	gem_close(dut.fd, h);
	gem_assert_used_back(dut.fd, r0, FREE_TIMEOUT_MS, "after close");
}

/*
 * vgem -> dg1: dg1's mapping of the import reads and writes vgem's pages;
 * dg1 is attached for as long as the object lives.
 */
static void test_import_from_vgem(void)
{
	const uint64_t seed = seed_of(40), seed2 = seed_of(41);
	struct drm_dg1_memory_region_info r0[2];
	volatile uint64_t *vmap, *map;
	int dmabuf, again;
	uint32_t vh, h;

	gem_regions(dut.fd, r0);
	vh = vgem_create(PRIME_SIZE);
	vmap = vgem_mmap(vh, PRIME_SIZE);
	gem_fill(vmap, PRIME_SIZE, seed, 1);
	dmabuf = prime_export(vgem, vh);
	assert_attached(dmabuf, NULL, 0, "vgem's export");

	h = prime_import(dut.fd, dmabuf);
	assert_attached(dmabuf, bdf, 0, "after dg1's import");
	/* An object in SMEM like any other, though its pages are vgem's. */
	assert_used(r0, PRIME_SIZE, 0, "after dg1's import");

	map = gem_mmap(dut.fd, h, PRIME_SIZE);
	assert_contents(map, seed, "vgem's buffer through dg1's mapping");
	gem_fill(map, PRIME_SIZE, seed2, 1);
	assert_contents(vmap, seed2, "vgem's mapping, written through dg1's");

	/* The import again is the same object; its export is vgem's buffer. */
	igt_assert_eq_u32(prime_import(dut.fd, dmabuf), h);
	again = prime_export(dut.fd, h);
	igt_assert_eq_u64(ino_of(again), ino_of(dmabuf));
	close(again);

	/* The mapping is vgem's: it does not keep dg1's object. */
	gem_close(dut.fd, h);
	assert_attached(dmabuf, NULL, FREE_TIMEOUT_MS, "after dg1's close");
	gem_assert_used_back(dut.fd, r0, FREE_TIMEOUT_MS, "after dg1's close");
	assert_contents(map, seed2, "dg1's mapping after dg1's close");
	munmap((void *)map, PRIME_SIZE);

	close(dmabuf);
	munmap((void *)vmap, PRIME_SIZE);
	gem_close(vgem, vh);
}

/*
 * A dg1 dma-buf imported into dg1, on the same file or another: the same
 * object, nothing attached, nothing moved, nothing allocated.
 */
static void test_self_import(void)
{
	static const enum gem_where wheres[] = {
		GEM_SMEM, GEM_LMEM, GEM_LMEM_SMEM,
	};
	struct drm_dg1_memory_region_info r0[2], r1[2];
	volatile uint64_t *map, *map2;
	unsigned int i;
	uint32_t h, h2;
	int dmabuf, fd2;

	for (i = 0; i < ARRAY_SIZE(wheres); i++) {
		const uint64_t seed = seed_of(50 + i), seed2 = seed_of(60 + i);

		gem_regions(dut.fd, r0);
		h = gem_create(dut.fd, PRIME_SIZE, wheres[i], 0);
		map = gem_mmap(dut.fd, h, PRIME_SIZE);
		gem_fill(map, PRIME_SIZE, seed, 1);
		gem_regions(dut.fd, r1);

		dmabuf = prime_export(dut.fd, h);
		igt_assert_f(prime_import(dut.fd, dmabuf) == h,
			     "%s: the import into the exporting file is another handle",
			     gem_where_str(wheres[i]));

		fd2 = igt_dg1_open_render();
		h2 = prime_import(fd2, dmabuf);
		map2 = gem_mmap(fd2, h2, PRIME_SIZE);
		assert_contents(map2, seed, "another file's import");
		gem_fill(map2, PRIME_SIZE, seed2, 1);
		assert_contents(map, seed2, "the exporter's mapping");

		assert_attached(dmabuf, NULL, 0, "after the self-imports");
		assert_used(r1, 0, 0, "after the self-imports");

		munmap((void *)map2, PRIME_SIZE);
		close(fd2);
		close(dmabuf);
		munmap((void *)map, PRIME_SIZE);
		gem_close(dut.fd, h);
		gem_assert_used_back(dut.fd, r0, FREE_TIMEOUT_MS, "after close");
	}
}

static void expect_export(const char *what, uint32_t handle, uint32_t flags,
			  int err)
{
	int dmabuf = -1, ret = __prime_export(dut.fd, handle, flags, &dmabuf);

	if (!ret)
		close(dmabuf);
	igt_assert_f(ret == -err, "PRIME_HANDLE_TO_FD of %s: %s, expected %s",
		     what, ret ? strerror(-ret) : "success", strerror(err));
	bad_inputs++;
}

static void expect_import(const char *what, int fd, int dmabuf, int err)
{
	uint32_t h = 0;
	int ret = __prime_import(fd, dmabuf, &h);

	igt_assert_f(ret == -err, "PRIME_FD_TO_HANDLE of %s: %s (handle %u), expected %s",
		     what, ret ? strerror(-ret) : "success", h, strerror(err));
	bad_inputs++;
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

/*
 * What the GPU reaches through a VM, page by page: for an import, vgem's
 * pages (the bus addresses of vgem's table); for an export that vgem
 * attached, the object's pinned SMEM pages. vdg1's translation probe walks
 * the page tables and the page it lands on must hold what the CPU wrote
 * there (igt_dg1_vm.h); QEMU has no IOMMU, so bus addresses are physical.
 */
static void prime_vm_bo(struct vm_bo *bo, uint32_t handle,
			volatile uint64_t *map, bool lmem, uint64_t seed)
{
	memset(bo, 0, sizeof(*bo));
	bo->fd = dut.fd;
	bo->handle = handle;
	bo->size = PRIME_SIZE;
	bo->lmem = lmem;
	bo->seed = seed;
	bo->map = map;
	bo->where = calloc(PRIME_SIZE / SZ_4K, sizeof(*bo->where));
	bo->known = calloc(PRIME_SIZE / SZ_4K, sizeof(*bo->known));
	igt_assert(bo->where && bo->known);
}

static void test_import_vm_bind(void)
{
	const uint64_t seed = seed_of(80);
	volatile uint64_t *vmap;
	struct vm_bo bo;
	uint32_t vh, vm;
	uint64_t root;
	int dmabuf;

	vm_probe_open();
	vh = vgem_create(PRIME_SIZE);
	vmap = vgem_mmap(vh, PRIME_SIZE);
	gem_fill(vmap, PRIME_SIZE, seed, 1);
	dmabuf = prime_export(vgem, vh);
	prime_vm_bo(&bo, prime_import(dut.fd, dmabuf), vmap, false, seed);

	vm = vm_create(dut.fd);
	root = vm_root(dut.fd, vm);
	vm_map(dut.fd, vm, bo.handle, 0, BIND_VA, PRIME_SIZE, 0);
	vm_expect_mapped(root, BIND_VA, &bo, 0, PRIME_SIZE, 0,
			 "an import from vgem");
	/* WAIT_USER_FENCE reads it too, through vgem's mapping. */
	{
		struct drm_dg1_wait_user_fence w = {
			.addr = BIND_VA + PRIME_SIZE - 8, .vm_id = vm,
			.op = DRM_DG1_UFENCE_OP_EQ, .mask = ~0ull,
			.timeout_ns = NSEC_PER_SEC,
		};

		vmap[PRIME_SIZE / 8 - 1] = 0xfe11ce5ull;
		w.value = 0xfe11ce5ull;
		igt_assert_f(!dg1dev_ioctl(dut.fd, DRM_IOCTL_DG1_WAIT_USER_FENCE,
					   &w),
			     "WAIT_USER_FENCE on the import: %s", strerror(errno));
		vmap[PRIME_SIZE / 8 - 1] = gem_pattern(seed, PRIME_SIZE / 8 - 1);
	}
	vm_unmap(dut.fd, vm, BIND_VA, PRIME_SIZE);
	vm_expect_fault(root, BIND_VA, PRIME_SIZE, "the import, unmapped");
	igt_info("%u pages of vgem's buffer found through the VM (%u probes)\n",
		 (unsigned int)(PRIME_SIZE / SZ_4K), vm_probe_count());

	vm_destroy(dut.fd, vm);
	vm_bo_free(&bo, false);		/* vgem's mapping, dg1's handle */
	close(dmabuf);
	gem_close(vgem, vh);
	vm_probe_close();
}

static void test_export_vm_bind(void)
{
	const uint64_t seed = seed_of(81);
	struct vm_bo bo;
	uint32_t vm, vh, h;
	uint64_t root;
	int dmabuf;

	vm_probe_open();
	h = gem_create(dut.fd, PRIME_SIZE, GEM_LMEM_SMEM,
		       DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS);
	prime_vm_bo(&bo, h, gem_mmap(dut.fd, h, PRIME_SIZE), true, seed);
	gem_fill(bo.map, PRIME_SIZE, seed, 1);

	vm = vm_create(dut.fd);
	root = vm_root(dut.fd, vm);
	vm_map(dut.fd, vm, h, 0, BIND_VA, PRIME_SIZE, 0);
	vm_expect_mapped(root, BIND_VA, &bo, 0, PRIME_SIZE, 0,
			 "the object in LMEM, before the export");

	/* vgem's attachment moves it to SMEM: the VM follows. */
	dmabuf = prime_export(dut.fd, h);
	vh = prime_import(vgem, dmabuf);
	bo.lmem = false;
	memset(bo.known, 0, PRIME_SIZE / SZ_4K * sizeof(*bo.known));
	vm_expect_mapped(root, BIND_VA, &bo, 0, PRIME_SIZE, 0,
			 "the object vgem attached, in SMEM");
	assert_contents(bo.map, seed, "dg1's mapping after the move to SMEM");

	gem_close(vgem, vh);
	close(dmabuf);
	vm_unmap(dut.fd, vm, BIND_VA, PRIME_SIZE);
	vm_destroy(dut.fd, vm);
	vm_bo_free(&bo, false);
	vm_probe_close();
}

/* Bad handles, flags, fds and mappings: the DRM core's and dg1's checks. */
static void test_bad_input(void)
{
	unsigned int start = bad_inputs;
	int dmabuf, vbuf, nul, closed;
	uint32_t h, gone, vh, ih;
	uint64_t off;

	h = gem_create(dut.fd, PRIME_SIZE, GEM_SMEM, 0);
	gone = gem_create(dut.fd, SZ_4K, GEM_SMEM, 0);
	gem_close(dut.fd, gone);

	expect_export("handle 0", 0, DRM_CLOEXEC, ENOENT);
	expect_export("handle 0x7fffffff", 0x7fffffff, DRM_CLOEXEC, ENOENT);
	expect_export("handle ~0", UINT32_MAX, DRM_CLOEXEC, ENOENT);
	expect_export("a closed handle", gone, DRM_CLOEXEC, ENOENT);
	expect_export("flags O_WRONLY", h, 1, EINVAL);
	expect_export("flags 0x80000000", h, 0x80000000u, EINVAL);
	expect_export("flags ~0", h, UINT32_MAX, EINVAL);

	nul = open("/dev/null", O_RDWR | O_CLOEXEC);
	igt_assert(nul >= 0);
	closed = prime_export(dut.fd, h);
	close(closed);
	expect_import("fd -1", dut.fd, -1, EBADF);
	expect_import("fd INT_MAX", dut.fd, INT_MAX, EBADF);
	expect_import("a closed dma-buf fd", dut.fd, closed, EBADF);
	expect_import("a DRM file", dut.fd, dut.fd, EINVAL);
	expect_import("/dev/null", dut.fd, nul, EINVAL);
	close(nul);

	/* The dma-buf's mmap(): the dma-buf core's and TTM's checks. */
	dmabuf = prime_export(dut.fd, h);
	expect_mmap("a dma-buf, a page too long", dmabuf, 0,
		    PRIME_SIZE + SZ_4K, MAP_SHARED, EINVAL);
	expect_mmap("a dma-buf, from its end", dmabuf, PRIME_SIZE, SZ_4K,
		    MAP_SHARED, EINVAL);
	expect_mmap("a dma-buf, MAP_PRIVATE", dmabuf, 0, PRIME_SIZE,
		    MAP_PRIVATE, EINVAL);
	close(dmabuf);

	/* An import's mmap() through dg1 forwards to the exporter. */
	vh = vgem_create(PRIME_SIZE);
	vbuf = prime_export(vgem, vh);
	ih = prime_import(dut.fd, vbuf);
	off = gem_mmap_offset(dut.fd, ih);
	expect_mmap("an import, a page too long", dut.fd, off,
		    PRIME_SIZE + SZ_4K, MAP_SHARED, EINVAL);
	expect_mmap("an import, MAP_PRIVATE", dut.fd, off, PRIME_SIZE,
		    MAP_PRIVATE, EINVAL);
	gem_close(dut.fd, ih);
	close(vbuf);
	gem_close(vgem, vh);

	gem_close(dut.fd, h);
	igt_info("%u bad inputs checked\n", bad_inputs - start);
}

/*
 * DMA mappings that dma-debug holds for device @dev ("driver device type
 * ..." per line; the driver is empty once unbound), or -1 on a kernel
 * without CONFIG_DMA_API_DEBUG.
 */
static int dma_mappings_of(const char *dev)
{
	char *text, *line, *save = NULL;
	size_t len = strlen(dev);
	int n = 0;

	if (access(DMA_API_DUMP, R_OK))
		return -1;
	text = read_text(DMA_API_DUMP);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' ');

		if (sp && !strncmp(sp + 1, dev, len) && sp[1 + len] == ' ')
			n++;
	}
	free(text);
	return n;
}

/* Shared across the unbind: what dg1 exported and what it imported. */
static uint32_t ub_vgem_import, ub_vgem_handle, ub_import;
static int ub_export = -1, ub_vgem_export = -1;
static volatile uint64_t *ub_export_map, *ub_import_map, *ub_vgem_map;
/* The exported object, and on vdg1 where its pinned pages are. */
static struct vm_bo ub_bo;
static bool ub_located, unbound;
/* SMEM the new instance takes after the rebind: freed pages would be reused. */
#define CHURN_SIZE	(128 * SZ_1M)

static void test_unbind_shared(void)
{
	const uint64_t seed = seed_of(70);
	int err, mappings;
	uint32_t h, vm;
	uint64_t root;

	igt_dg1_require_f(!access(DRIVER_DIR "/unbind", W_OK),
			  "cannot write %s/unbind: %s", DRIVER_DIR,
			  strerror(errno));

	h = gem_create(dut.fd, PRIME_SIZE, GEM_LMEM_SMEM, 0);
	prime_vm_bo(&ub_bo, h, gem_mmap(dut.fd, h, PRIME_SIZE), false, seed);
	gem_fill(ub_bo.map, PRIME_SIZE, seed, 1);
	ub_export = prime_export(dut.fd, h);
	ub_vgem_import = prime_import(vgem, ub_export);
	if (dut.vdg1) {
		/* Where the pinned pages are: the GPU's view of them. */
		vm_probe_open();
		vm = vm_create(dut.fd);
		root = vm_root(dut.fd, vm);
		vm_map(dut.fd, vm, h, 0, BIND_VA, PRIME_SIZE, 0);
		vm_expect_mapped(root, BIND_VA, &ub_bo, 0, PRIME_SIZE, 0,
				 "the exported object, pinned in SMEM");
		ub_located = true;
	}
	munmap((void *)ub_bo.map, PRIME_SIZE);
	ub_bo.map = NULL;
	ub_export_map = dmabuf_mmap(ub_export, PRIME_SIZE);
	assert_contents(ub_export_map, seed, "through the dma-buf");

	ub_vgem_handle = vgem_create(PRIME_SIZE);
	ub_vgem_map = vgem_mmap(ub_vgem_handle, PRIME_SIZE);
	gem_fill(ub_vgem_map, PRIME_SIZE, seed_of(71), 1);
	ub_vgem_export = prime_export(vgem, ub_vgem_handle);
	ub_import = prime_import(dut.fd, ub_vgem_export);
	ub_import_map = gem_mmap(dut.fd, ub_import, PRIME_SIZE);
	assert_attached(ub_vgem_export, bdf, 0, "before the unbind");
	/* The pinned object's pages and vgem's table, at least. */
	mappings = dma_mappings_of(bdf);
	igt_assert_f(mappings != 0, "%s lists no DMA mapping for %s",
		     DMA_API_DUMP, bdf);

	err = dg1dev_sysfs_write(DRIVER_DIR "/unbind", bdf);
	errno = 0;
	igt_assert_f(!err, "unbind %s: %s", bdf, strerror(-err));
	unbound = true;

	/* dg1's attachment went with the binding; vgem's stays. */
	assert_attached(ub_vgem_export, NULL, 0, "after the unbind");
	assert_attached(ub_export, VGEM_DEV_NAME, 0, "after the unbind");

	/* No DMA mapping for the device outlives its binding. */
	if (mappings < 0) {
		igt_info("no %s (CONFIG_DMA_API_DEBUG): DMA mappings not counted\n",
			 DMA_API_DUMP);
	} else {
		igt_info("%d DMA mappings for %s before the unbind\n", mappings,
			 bdf);
		mappings = dma_mappings_of(bdf);
		igt_assert_f(mappings == 0,
			     "%d DMA mappings for %s after the unbind", mappings,
			     bdf);
	}
}

static void test_shared_after_unbind(void)
{
	struct drm_prime_handle p = { .handle = ub_bo.handle,
				      .flags = DRM_CLOEXEC };
	struct drm_prime_handle q = { .fd = ub_vgem_export };
	void *m;
	int sig;

	igt_require_f(unbound, "the device was not unbound");
	do_ioctl_err(dut.fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p, ENODEV);
	do_ioctl_err(dut.fd, DRM_IOCTL_PRIME_FD_TO_HANDLE, &q, ENODEV);

	/*
	 * What dg1 exported: the old mapping shows the zeroed dummy page (no
	 * SIGBUS, drm-uapi.rst "Device Hot-Unplug"); no new mapping.
	 */
	sig = gem_touch(ub_export_map + PRIME_SIZE / 8 - 1, true);
	igt_assert_f(!sig, "write of the dma-buf's mapping: %s, expected no signal",
		     strsignal(sig));
	sig = gem_touch(ub_export_map, false);
	igt_assert_f(!sig, "read of the dma-buf's mapping: %s, expected no signal",
		     strsignal(sig));
	igt_assert_f(!ub_export_map[0],
		     "the dma-buf's mapping still shows its contents: 0x%" PRIx64,
		     (uint64_t)ub_export_map[0]);
	m = mmap(NULL, PRIME_SIZE, PROT_READ, MAP_SHARED, ub_export, 0);
	igt_assert_f(m == MAP_FAILED && errno == ENODEV,
		     "mmap() of the dma-buf after the unbind: %s, expected ENODEV",
		     m == MAP_FAILED ? strerror(errno) : "it worked");
	errno = 0;

	/* What dg1 imported is vgem's, and so is the mapping made through dg1. */
	assert_contents(ub_import_map, seed_of(71), "the import's mapping");
	munmap((void *)ub_import_map, PRIME_SIZE);
	ub_import_map = NULL;

	/* The old file goes; vgem still holds what dg1 exported. */
	close(dut.fd);
	dut.fd = -1;
	assert_attached(ub_vgem_export, NULL, 0, "after dg1's file closed");
	assert_attached(ub_export, VGEM_DEV_NAME, 0, "after dg1's file closed");
	assert_contents(ub_vgem_map, seed_of(71), "vgem's own mapping");
	munmap((void *)ub_vgem_map, PRIME_SIZE);
	ub_vgem_map = NULL;
	close(ub_vgem_export);
	ub_vgem_export = -1;
	gem_close(vgem, ub_vgem_handle);
}

/*
 * A new instance; the object vgem still holds kept its pages through the
 * unbind (the new instance's SMEM would reuse them had they been freed),
 * and lets go of them when vgem does.
 */
static void test_rebind(void)
{
	char node[PATH_MAX];
	uint64_t start, k;
	uint32_t h, vh;
	int err, dmabuf;

	igt_require_f(unbound, "the device was not unbound");
	err = dg1dev_sysfs_write(DRIVER_DIR "/bind", bdf);
	errno = 0;
	igt_assert_f(!err, "bind %s: %s", bdf, strerror(-err));
	unbound = false;

	start = dut_now_ns();
	while ((dut.fd = dg1dev_open_render(NULL, node, sizeof(node))) < 0 &&
	       dut_now_ns() - start < BIND_TIMEOUT_MS * NSEC_PER_MSEC)
		dut_sleep_ms(10);
	igt_assert_f(dut.fd >= 0, "no dg1 render node %u ms after bind: %s",
		     BIND_TIMEOUT_MS, strerror(-dut.fd));

	h = gem_create(dut.fd, CHURN_SIZE, GEM_SMEM, 0);
	if (ub_located) {
		for (k = 0; k < PRIME_SIZE / SZ_4K; k++)
			igt_assert_f(vm_mem_holds(ub_bo.where[k], &ub_bo, k),
				     "page %llu of the object vgem holds, at 0x%llx, lost its contents: freed at the unbind?",
				     (unsigned long long)k,
				     (unsigned long long)ub_bo.where[k]);
	} else {
		igt_info("not vdg1: the pinned pages were not located\n");
	}
	gem_close(dut.fd, h);

	/* vgem lets go of dg1's old dma-buf: the pin goes, after the unbind. */
	gem_close(vgem, ub_vgem_import);
	assert_attached(ub_export, NULL, FREE_TIMEOUT_MS, "after vgem's close");
	munmap((void *)ub_export_map, PRIME_SIZE);
	ub_export_map = NULL;
	close(ub_export);
	ub_export = -1;
	vm_bo_free(&ub_bo, true);
	vm_probe_close();

	/* PRIME works on the new instance. */
	h = gem_create(dut.fd, SZ_4K, GEM_SMEM, 0);
	dmabuf = prime_export(dut.fd, h);
	vh = prime_import(vgem, dmabuf);
	assert_attached(dmabuf, VGEM_DEV_NAME, 0, "after the rebind");
	gem_close(vgem, vh);
	close(dmabuf);
	gem_close(dut.fd, h);
}

static void test_kernel_log(void)
{
	igt_dg1_assert_klog_clean(&klog);
}

static void setup(void)
{
	dut_open();
	igt_dg1_require_f(dut.pci[0], "%s", dut.vdg1_why);
	bdf = strrchr(dut.pci, '/') + 1;
	vgem = vgem_open();
	igt_dg1_require_f(vgem >= 0, "no vgem device (/dev/dri/card* named \"vgem\")");
	igt_dg1_require_f(!access(BUFINFO, R_OK), "cannot read %s: %s",
			  BUFINFO, strerror(errno));
	dg1dev_klog_start(&klog);
}

igt_main
{
	igt_fixture
		setup();

	dut_subtest("export-vgem-smem", test_export_smem);
	dut_subtest("export-vgem-lmem-smem", test_export_lmem_smem);
	dut_subtest("export-vgem-smem-lmem", test_export_smem_lmem);
	dut_subtest("export-lmem-only", test_export_lmem_only);
	dut_subtest("import-vgem", test_import_from_vgem);
	dut_subtest("self-import", test_self_import);
	dut_subtest("import-vgem-vm-bind", test_import_vm_bind);
	dut_subtest("export-vgem-vm-bind", test_export_vm_bind);
	dut_subtest("bad-input", test_bad_input);
	dut_subtest("unbind-shared", test_unbind_shared);
	dut_subtest("shared-after-unbind", test_shared_after_unbind);
	dut_subtest("rebind", test_rebind);
	dut_subtest("kernel-log-clean", test_kernel_log);

	/* Leave the device bound whatever failed. */
	igt_fixture {
		if (bdf && !dg1dev_pci_bound_to_dg1(dut.pci))
			dg1dev_sysfs_write(DRIVER_DIR "/bind", bdf);
		if (vgem >= 0)
			close(vgem);
		dut_close();
	}
}
