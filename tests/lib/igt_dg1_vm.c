// SPDX-License-Identifier: GPL-2.0
/*
 * igt_dg1_vm.c - GPU VMs for the tests.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/dma-buf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dg1_bench.h"
#include "dg1_dev_debugfs.h"
#include "igt_dg1.h"
#include "igt_dg1_dut.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_vm.h"

/*
 * Bits of a leaf entry (i915 gt/intel_gtt.h): PRESENT, RW, the PAT index
 * in bits 3, 4 and 7 (GEN12_PPGTT_PTE_PAT0..2) and LM (GEN12_PPGTT_PTE_LM).
 * A 2 MiB leaf is a PDE whose bit 7 is PS, so its third PAT bit moves to
 * bit 12 (xe regs/xe_gtt_defs.h XE_PPGTT_PDE_PDPE_PAT2).
 */
#define LEAF_PRESENT		(1ull << 0)
#define LEAF_RW			(1ull << 1)
#define LEAF_PAT0		(1ull << 3)
#define LEAF_PAT1		(1ull << 4)
#define LEAF_PAT2		(1ull << 7)
#define LEAF_LM			(1ull << 11)
#define LEAF_2M_PAT2		(1ull << 12)

/* The uAPI's sizes: ABI. */
_Static_assert(sizeof(struct drm_dg1_vm_create) == 32, "uAPI");
_Static_assert(sizeof(struct drm_dg1_vm_destroy) == 24, "uAPI");
_Static_assert(sizeof(struct drm_dg1_vm_bind_op) == 64, "uAPI");
_Static_assert(sizeof(struct drm_dg1_sync) == 48, "uAPI");
_Static_assert(sizeof(struct drm_dg1_vm_bind) == 56, "uAPI");
_Static_assert(sizeof(struct drm_dg1_query_vm) == 64, "uAPI");

uint32_t vm_create(int fd)
{
	uint32_t id = 0;
	int err = dg1dev_vm_create(fd, &id);

	errno = 0;
	igt_assert_f(!err, "VM_CREATE: %s", strerror(-err));
	igt_assert_f(id, "VM_CREATE returned vm_id 0");
	return id;
}

void vm_destroy(int fd, uint32_t vm_id)
{
	int err = dg1dev_vm_destroy(fd, vm_id);

	errno = 0;
	igt_assert_f(!err, "VM_DESTROY of VM %u: %s", vm_id, strerror(-err));
}

int __vm_bind(int fd, uint32_t vm_id, const struct drm_dg1_vm_bind_op *ops,
	      uint32_t n, const struct drm_dg1_sync *syncs, uint32_t num_syncs)
{
	int err = dg1dev_vm_bind(fd, vm_id, ops, n, syncs, num_syncs);

	errno = 0;
	return err;
}

void vm_bind(int fd, uint32_t vm_id, const struct drm_dg1_vm_bind_op *ops,
	     uint32_t n, const struct drm_dg1_sync *syncs, uint32_t num_syncs)
{
	int err = __vm_bind(fd, vm_id, ops, n, syncs, num_syncs);

	igt_assert_f(!err,
		     "VM_BIND of %u ops (first: op %u 0x%" PRIx64 "+0x%" PRIx64 ") and %u syncs on VM %u: %s",
		     n, n ? ops[0].op : 0, n ? (uint64_t)ops[0].addr : 0,
		     n ? (uint64_t)ops[0].range : 0, num_syncs, vm_id,
		     strerror(-err));
}

void vm_map(int fd, uint32_t vm_id, uint32_t handle, uint64_t obj_offset,
	    uint64_t addr, uint64_t range, uint16_t pat_index)
{
	struct drm_dg1_vm_bind_op op = dg1dev_vm_map_op(handle, obj_offset,
							addr, range,
							pat_index);

	vm_bind(fd, vm_id, &op, 1, NULL, 0);
}

void vm_unmap(int fd, uint32_t vm_id, uint64_t addr, uint64_t range)
{
	struct drm_dg1_vm_bind_op op = dg1dev_vm_unmap_op(addr, range);

	vm_bind(fd, vm_id, &op, 1, NULL, 0);
}

struct drm_dg1_query_vm vm_query(int fd)
{
	struct drm_dg1_query_vm *q, out;
	uint32_t size;
	unsigned int i;

	q = igt_dg1_query_item(fd, DRM_DG1_QUERY_VM, &size);
	igt_assert_eq_u32(size, sizeof(*q));
	for (i = 0; i < ARRAY_SIZE(q->reserved); i++)
		igt_assert_f(!q->reserved[i], "QUERY_VM: reserved[%u] 0x%llx",
			     i, (unsigned long long)q->reserved[i]);
	out = *q;
	free(q);
	return out;
}

uint64_t vm_client_id(int fd)
{
	uint64_t id = 0;
	int err = dg1dev_drm_client_id(fd, &id);

	errno = 0;
	igt_assert_f(!err, "no drm-client-id in /proc/self/fdinfo/%d: %s", fd,
		     strerror(-err));
	return id;
}

void vm_debugfs(struct dg1dev_vms *vms)
{
	char why[512], *text = NULL;
	ssize_t len;
	int err;

	igt_dg1_require_f(dut.dfs[0], "no dg1 debugfs: %s", dut.dfs_why);
	len = dg1dev_debugfs_read(dut.dfs, "vms", &text);
	igt_assert_f(len >= 0, "cannot read %s/vms: %s", dut.dfs,
		     strerror(-len));
	err = dg1dev_vms_parse(text, vms, why, sizeof(why));
	igt_assert_f(!err, "%s", why);
	free(text);
}

void vm_info(int fd, uint32_t vm_id, struct dg1dev_vm_info *info)
{
	uint64_t client = vm_client_id(fd);
	const struct dg1dev_vm_info *vm;
	struct dg1dev_vms vms;
	size_t bytes;

	vm_debugfs(&vms);
	vm = dg1dev_vms_find(&vms, client, vm_id);
	igt_assert_f(vm, "debugfs vms lists no VM %u of client %llu", vm_id,
		     (unsigned long long)client);
	*info = *vm;
	bytes = vm->num_mappings * sizeof(*vm->mappings);
	info->mappings = bytes ? malloc(bytes) : NULL;
	igt_assert(!bytes || info->mappings);
	if (bytes)
		memcpy(info->mappings, vm->mappings, bytes);
	dg1dev_vms_free(&vms);
}

int vm_map_spread(int fd, uint32_t vm_id, uint32_t handle, uint64_t base,
		  unsigned int n)
{
	struct drm_dg1_vm_bind_op *ops = calloc(n, sizeof(*ops));
	unsigned int i;
	int ret;

	igt_assert(ops);
	for (i = 0; i < n; i++)
		ops[i] = dg1dev_vm_map_op(handle, 0, base + ((uint64_t)i << 30), 4096, 0);
	ret = dg1dev_vm_bind(fd, vm_id, ops, n, NULL, 0);
	free(ops);
	return ret;
}

unsigned int vm_tables(int fd, uint32_t vm_id)
{
	struct dg1dev_vm_info info;

	vm_info(fd, vm_id, &info);
	free(info.mappings);
	igt_assert_f(info.num_tables, "debugfs vms has no table count");
	return info.num_tables;
}

void vm_table_counts(int fd, uint32_t vm_id, unsigned int *tables,
		     uint64_t *bytes)
{
	struct dg1dev_vm_info info;

	vm_info(fd, vm_id, &info);
	free(info.mappings);
	igt_assert_f(info.num_tables, "debugfs vms has no table count");
	igt_assert_f(info.table_bytes, "debugfs vms has no table-bytes");
	*tables = info.num_tables;
	*bytes = info.table_bytes;
}

uint64_t vm_table_bytes(int fd, uint32_t vm_id)
{
	unsigned int tables;
	uint64_t bytes;

	vm_table_counts(fd, vm_id, &tables, &bytes);
	return bytes;
}

uint64_t vm_root(int fd, uint32_t vm_id)
{
	struct dg1dev_vm_info info;

	vm_info(fd, vm_id, &info);
	free(info.mappings);
	igt_assert_f(!(info.root & (SZ_4K - 1)),
		     "VM %u: PML4 at 0x%llx, not 4 KiB aligned", vm_id,
		     (unsigned long long)info.root);
	return info.root;
}

void vm_assert_same_list(int fd, uint32_t vm_id,
			 const struct dg1dev_vm_info *before,
			 const char *after)
{
	struct dg1dev_vm_info now;
	unsigned int i;

	vm_info(fd, vm_id, &now);
	igt_assert_f(now.root == before->root &&
		     now.num_mappings == before->num_mappings,
		     "%s: VM %u root 0x%llx with %u mappings, before 0x%llx with %u",
		     after, vm_id, (unsigned long long)now.root,
		     now.num_mappings, (unsigned long long)before->root,
		     before->num_mappings);
	for (i = 0; i < now.num_mappings; i++) {
		const struct dg1dev_vm_mapping *a = &now.mappings[i];
		const struct dg1dev_vm_mapping *b = &before->mappings[i];

		igt_assert_f(a->start == b->start && a->end == b->end &&
			     a->offset == b->offset && a->pat == b->pat,
			     "%s: VM %u mapping %u is 0x%llx-0x%llx offset 0x%llx pat %u, was 0x%llx-0x%llx offset 0x%llx pat %u",
			     after, vm_id, i, (unsigned long long)a->start,
			     (unsigned long long)a->end,
			     (unsigned long long)a->offset, a->pat,
			     (unsigned long long)b->start,
			     (unsigned long long)b->end,
			     (unsigned long long)b->offset, b->pat);
	}
	free(now.mappings);
}

uint32_t syncobj_create(int fd, uint32_t flags)
{
	struct drm_syncobj_create c = { .flags = flags };

	do_ioctl(fd, DRM_IOCTL_SYNCOBJ_CREATE, &c);
	igt_assert_f(c.handle, "SYNCOBJ_CREATE returned handle 0");
	return c.handle;
}

void syncobj_destroy(int fd, uint32_t handle)
{
	struct drm_syncobj_destroy d = { .handle = handle };

	do_ioctl(fd, DRM_IOCTL_SYNCOBJ_DESTROY, &d);
}

void syncobj_reset(int fd, uint32_t handle)
{
	struct drm_syncobj_array a = {
		.handles = (uintptr_t)&handle,
		.count_handles = 1,
	};

	do_ioctl(fd, DRM_IOCTL_SYNCOBJ_RESET, &a);
}

void syncobj_timeline_signal(int fd, uint32_t handle, uint64_t point)
{
	struct drm_syncobj_timeline_array a = {
		.handles = (uintptr_t)&handle,
		.points = (uintptr_t)&point,
		.count_handles = 1,
	};

	do_ioctl(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &a);
}

uint64_t syncobj_timeline_query(int fd, uint32_t handle)
{
	uint64_t point = 0;
	struct drm_syncobj_timeline_array a = {
		.handles = (uintptr_t)&handle,
		.points = (uintptr_t)&point,
		.count_handles = 1,
	};

	do_ioctl(fd, DRM_IOCTL_SYNCOBJ_QUERY, &a);
	return point;
}

/* The syncobj waits take an absolute CLOCK_MONOTONIC deadline. */
static int64_t deadline(uint64_t timeout_ns)
{
	return timeout_ns ? (int64_t)(dut_now_ns() + timeout_ns) : 0;
}

int __syncobj_wait(int fd, const uint32_t *handles, uint32_t n,
		   uint64_t timeout_ns)
{
	struct drm_syncobj_wait w = {
		.handles = (uintptr_t)handles,
		.count_handles = n,
		.timeout_nsec = deadline(timeout_ns),
		.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL,
	};
	int err = dg1dev_ioctl(fd, DRM_IOCTL_SYNCOBJ_WAIT, &w) ? -errno : 0;

	errno = 0;
	return err;
}

int __syncobj_timeline_wait(int fd, uint32_t handle, uint64_t point,
			    uint64_t timeout_ns)
{
	struct drm_syncobj_timeline_wait w = {
		.handles = (uintptr_t)&handle,
		.points = (uintptr_t)&point,
		.count_handles = 1,
		.timeout_nsec = deadline(timeout_ns),
		.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL,
	};
	int err = dg1dev_ioctl(fd, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &w) ?
		  -errno : 0;

	errno = 0;
	return err;
}

/*
 * vgem's two fence ioctls (include/uapi/drm/vgem_drm.h; libdrm ships no
 * copy): attach a fence to an object, signal it by the id attach returned.
 */
struct vgem_attach_arg {
	uint32_t handle;
	uint32_t flags;		/* VGEM_WRITE_FENCE: an exclusive fence */
	uint32_t out_fence;
	uint32_t pad;
};

struct vgem_signal_arg {
	uint32_t fence;
	uint32_t flags;
};

#define VGEM_WRITE_FENCE	0x1
#define VGEM_IOCTL_ATTACH \
	DRM_IOWR(DRM_COMMAND_BASE + 0x1, struct vgem_attach_arg)
#define VGEM_IOCTL_SIGNAL \
	DRM_IOW(DRM_COMMAND_BASE + 0x2, struct vgem_signal_arg)

int vgem_open(void)
{
	/* The primary node: dumb objects are not for render nodes. */
	int fd = dg1dev_open_driver("vgem", false, NULL, 0);

	errno = 0;
	return fd;
}

uint32_t vgem_fence_syncobj(int vgem_fd, int fd, uint32_t syncobj)
{
	struct drm_mode_create_dumb bo = { .width = 1024, .height = 1, .bpp = 32 };
	struct vgem_attach_arg attach = { .flags = VGEM_WRITE_FENCE };
	struct drm_prime_handle prime = { .flags = DRM_CLOEXEC | DRM_RDWR };
	struct dma_buf_export_sync_file sync = { .flags = DMA_BUF_SYNC_RW };
	struct drm_syncobj_handle import = {
		.handle = syncobj,
		.flags = DRM_SYNCOBJ_FD_TO_HANDLE_FLAGS_IMPORT_SYNC_FILE,
	};
	struct drm_gem_close close_bo = { 0 };

	do_ioctl(vgem_fd, DRM_IOCTL_MODE_CREATE_DUMB, &bo);
	attach.handle = bo.handle;
	do_ioctl(vgem_fd, VGEM_IOCTL_ATTACH, &attach);
	prime.handle = bo.handle;
	do_ioctl(vgem_fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &prime);
	do_ioctl(prime.fd, DMA_BUF_IOCTL_EXPORT_SYNC_FILE, &sync);
	import.fd = sync.fd;
	do_ioctl(fd, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &import);
	close(sync.fd);
	close(prime.fd);
	/* The fence lives on in the syncobj and in vgem's table of fences. */
	close_bo.handle = bo.handle;
	do_ioctl(vgem_fd, DRM_IOCTL_GEM_CLOSE, &close_bo);
	return attach.out_fence;
}

void vgem_fence_signal(int vgem_fd, uint32_t fence)
{
	struct vgem_signal_arg s = { .fence = fence };

	do_ioctl(vgem_fd, VGEM_IOCTL_SIGNAL, &s);
}

/* The probe's state: file scope, shared by blocks across their longjmps. */
static struct {
	struct dg1dev_prober prober;
	const volatile uint64_t *bar2;
	uint64_t bar2_len;
	struct dg1dev_kcore kcore;
	unsigned int probes;
} vmp;

void vm_probe_close(void)
{
	dg1dev_vdg1_prober_close(&vmp.prober);
	if (vmp.bar2) {
		munmap((void *)vmp.bar2, vmp.bar2_len);
		dut_hold_d0(false);
	}
	vmp.bar2 = NULL;
	dg1dev_kcore_close(&vmp.kcore);
	vmp.probes = 0;
}

void vm_probe_open(void)
{
	char path[PATH_MAX + 16], why[256];
	uint64_t size = 0;
	void *map;
	int f, err;

	vm_probe_close();
	igt_dg1_require_f(dut.vdg1, "only vdg1 has the translation probe: %s",
			  dut.vdg1_why);
	err = dg1dev_vdg1_prober_open(dut.pci, &vmp.prober, why, sizeof(why));
	igt_assert_f(!err, "%s", why);

	igt_assert_eq(dg1dev_pci_bar_size(dut.pci, 2, &size), 0);
	snprintf(path, sizeof(path), "%s/resource2", dut.pci);
	f = open(path, O_RDONLY | O_CLOEXEC);
	igt_dg1_require_f(f >= 0, "cannot open %s: %s", path, strerror(errno));
	map = mmap(NULL, size, PROT_READ, MAP_SHARED, f, 0);
	close(f);
	igt_dg1_require_f(map != MAP_FAILED,
			  "cannot mmap %s: %s (dg1 owns BAR2: boot with iomem=relaxed)",
			  path, strerror(errno));
	errno = 0;
	vmp.bar2 = map;
	vmp.bar2_len = size;
	/* BAR2 is read behind the driver's back: the device stays in D0. */
	dut_hold_d0(true);
}

unsigned int vm_probe_count(void)
{
	return vmp.probes;
}

struct dg1dev_probe vm_probe(uint64_t root, uint64_t va, bool write)
{
	struct dg1dev_probe pr;

	igt_assert_f(vmp.prober.page, "vm_probe() before vm_probe_open()");
	dg1dev_vdg1_prober_run(&vmp.prober, VDG1_PROBE_MODE_PPGTT, root, va,
			       write ? VDG1_PROBE_ACCESS_WRITE :
				       VDG1_PROBE_ACCESS_READ, &pr);
	vmp.probes++;
	igt_assert_f(pr.status != VDG1_PROBE_BAD_REQUEST,
		     "probe of 0x%" PRIx64 " with root 0x%" PRIx64 ": bad request, reason %u",
		     va, root, pr.fault_reason);
	return pr;
}

void vm_bo_new(struct vm_bo *bo, int fd, uint64_t size, bool lmem,
	       uint64_t seed)
{
	vm_bo_new_private(bo, fd, size, lmem, seed, 0);
}

void vm_bo_new_private(struct vm_bo *bo, int fd, uint64_t size, bool lmem,
		       uint64_t seed, uint32_t vm_id)
{
	int err;

	memset(bo, 0, sizeof(*bo));
	bo->fd = fd;
	bo->size = size;
	bo->lmem = lmem;
	bo->seed = seed;
	bo->where = calloc(size / SZ_4K, sizeof(*bo->where));
	bo->known = calloc(size / SZ_4K, sizeof(*bo->known));
	igt_assert(bo->where && bo->known);
	err = __gem_create_private(fd, size, lmem ? GEM_LMEM : GEM_SMEM,
				   lmem ? DRM_DG1_GEM_CREATE_NEEDS_CPU_ACCESS : 0,
				   vm_id, &bo->handle);
	igt_assert_f(!err, "GEM_CREATE of %llu bytes in %s%s: %s",
		     (unsigned long long)size, lmem ? "LMEM" : "SMEM",
		     vm_id ? ", private to a VM" : "", strerror(-err));
	bo->map = gem_mmap(fd, bo->handle, size);
	gem_fill(bo->map, size, seed, 1);
	/* Drain the write-combining buffers before anything reads BAR2. */
	__sync_synchronize();
}

void vm_bo_free(struct vm_bo *bo, bool fd_closed)
{
	if (bo->map)
		munmap((void *)bo->map, bo->size);
	if (bo->handle && !fd_closed)
		gem_close(bo->fd, bo->handle);
	free(bo->where);
	free(bo->known);
	memset(bo, 0, sizeof(*bo));
}

/* The first time system memory must be read: /proc/kcore. */
static void open_kcore(void)
{
	char why[256];

	if (vmp.kcore.segs)
		return;
	igt_dg1_require_f(!dg1dev_kcore_open(&vmp.kcore, why, sizeof(why)),
			  "system memory cannot be read by physical address: %s",
			  why);
	igt_assert_f(vmp.kcore.num_segs, "/proc/kcore lists no RAM");
}

bool vm_mem_holds(uint64_t addr, const struct vm_bo *bo, uint64_t k)
{
	const uint64_t words = SZ_4K / 8, first = k * words;
	/* First, last and one that moves with @k: each word is unique. */
	const uint64_t at[] = { 0, words - 1, 1 + k % (words - 2) };
	const volatile uint64_t *p;
	uint64_t page[SZ_4K / 8], i;

	if (addr & (SZ_4K - 1))
		return false;
	if (!bo->lmem) {
		open_kcore();
		if (dg1dev_kcore_read(&vmp.kcore, addr, page, sizeof(page)))
			return false;
		for (i = 0; i < words; i++)
			if (page[i] != gem_pattern(bo->seed, first + i))
				return false;
		return true;
	}
	if (addr >= vmp.bar2_len || vmp.bar2_len - addr < SZ_4K)
		return false;
	p = vmp.bar2 + addr / 8;
	for (i = 0; i < ARRAY_SIZE(at); i++)
		if (p[at[i]] != gem_pattern(bo->seed, first + at[i]))
			return false;
	return true;
}

int vm_mem_is_zero(uint64_t addr, bool lmem)
{
	uint64_t page[SZ_4K / 8], i;

	if (addr & (SZ_4K - 1))
		return -EINVAL;
	if (!lmem) {
		open_kcore();
		if (dg1dev_kcore_read(&vmp.kcore, addr, page, sizeof(page)))
			return -EIO;
	} else {
		if (addr >= vmp.bar2_len || vmp.bar2_len - addr < SZ_4K)
			return -ERANGE;
		for (i = 0; i < ARRAY_SIZE(page); i++)
			page[i] = vmp.bar2[addr / 8 + i];
	}
	for (i = 0; i < ARRAY_SIZE(page); i++)
		if (page[i])
			return 0;
	return 1;
}

void vm_expect_fault(uint64_t root, uint64_t va, uint64_t range,
		     const char *what)
{
	uint64_t off;

	for (off = 0; off < range; off += SZ_4K) {
		struct dg1dev_probe pr = vm_probe(root, va + off, false);

		igt_assert_f(pr.status == VDG1_PROBE_FAULT &&
			     pr.fault_reason == VDG1_XLATE_NOT_PRESENT,
			     "%s: VA 0x%" PRIx64 " should fault as not present, probe status %u reason %u (level %u), %s 0x%" PRIx64 " entry 0x%" PRIx64,
			     what, va + off, pr.status, pr.fault_reason,
			     pr.fault_level, pr.mem ? "LMEM" : "SMEM",
			     pr.addr, pr.entry);
	}
}

/* PAT index and LM of a leaf entry against what was asked. */
static void check_leaf(const struct dg1dev_probe *pr, bool lmem,
		       unsigned int pat, uint64_t va, const char *what)
{
	uint64_t e = pr->entry;
	unsigned int got;
	bool pat2;

	pat2 = pr->page_size == SZ_2M ? e & LEAF_2M_PAT2 : e & LEAF_PAT2;
	got = (e & LEAF_PAT0 ? 1 : 0) | (e & LEAF_PAT1 ? 2 : 0) | (pat2 ? 4 : 0);
	igt_assert_f((e & LEAF_PRESENT) && (e & LEAF_RW),
		     "%s: VA 0x%" PRIx64 ": leaf 0x%" PRIx64 " not present and writable",
		     what, va, e);
	igt_assert_f(!!(e & LEAF_LM) == lmem,
		     "%s: VA 0x%" PRIx64 ": leaf 0x%" PRIx64 " LM bit %s for %s",
		     what, va, e, e & LEAF_LM ? "set" : "clear",
		     lmem ? "LMEM" : "SMEM");
	igt_assert_f(got == pat,
		     "%s: VA 0x%" PRIx64 ": leaf 0x%" PRIx64 " (%u KiB page) has PAT index %u, asked %u",
		     what, va, e, pr->page_size >> 10, got, pat);
}

unsigned int vm_expect_mapped(uint64_t root, uint64_t va, struct vm_bo *bo,
			      uint64_t obj_offset, uint64_t range,
			      unsigned int pat, const char *what)
{
	unsigned int sizes = 0;
	uint64_t off;

	for (off = 0; off < range; off += SZ_4K) {
		uint64_t k = (obj_offset + off) / SZ_4K, at = va + off;
		/* Writes too, at both ends: RW must be set at every level. */
		bool write = !off || off + SZ_4K == range;
		struct dg1dev_probe pr = vm_probe(root, at, write);

		igt_assert_f(pr.status == VDG1_PROBE_OK,
			     "%s: VA 0x%" PRIx64 " (page %" PRIu64 " of the object) does not translate for a %s: status %u reason %u level %u entry 0x%" PRIx64,
			     what, at, k, write ? "write" : "read", pr.status,
			     pr.fault_reason, pr.fault_level, pr.entry);
		igt_assert_f(pr.mem == (bo->lmem ? 1u : 0u),
			     "%s: VA 0x%" PRIx64 " reaches %s, the object is in %s",
			     what, at, pr.mem ? "LMEM" : "system memory",
			     bo->lmem ? "LMEM" : "system memory");
		igt_assert_f(!bo->known[k] || pr.addr == bo->where[k],
			     "%s: VA 0x%" PRIx64 " reaches 0x%" PRIx64 " (%u KiB page); page %" PRIu64 " of the object was at 0x%" PRIx64,
			     what, at, pr.addr, pr.page_size >> 10, k,
			     bo->where[k]);
		igt_assert_f(vm_mem_holds(pr.addr, bo, k),
			     "%s: VA 0x%" PRIx64 " reaches %s 0x%" PRIx64 " (%u KiB page), which does not hold page %" PRIu64 " of the object",
			     what, at, bo->lmem ? "LMEM" : "physical", pr.addr,
			     pr.page_size >> 10, k);
		bo->where[k] = pr.addr;
		bo->known[k] = true;
		check_leaf(&pr, bo->lmem, pat, at, what);
		switch (pr.page_size) {
		case SZ_4K:
			sizes |= VM_PS_4K;
			break;
		case SZ_64K:
			sizes |= VM_PS_64K;
			break;
		case SZ_2M:
			sizes |= VM_PS_2M;
			break;
		default:
			igt_fail_f("%s: VA 0x%" PRIx64 ": a %u KiB page", what,
				   at, pr.page_size >> 10);
		}
	}
	return sizes;
}
