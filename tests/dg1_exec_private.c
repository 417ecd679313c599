// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_exec_private.c - objects private to a VM (GEM_CREATE's vm_id): they
 * share the VM's reservation, so the VM does not count them among the
 * objects an EXEC locks and fences one by one (debugfs "vms", external);
 * the GPU writes them like any other, and the kernel still moves them
 * safely - under the VM's own lock, when another private object of the VM
 * needs the room. Each of their bad inputs fails with its documented errno
 * and changes nothing. Part of dg1_exec.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "igt.h"
#include "igt_dg1_gem.h"
#include "dg1_exec.h"

#define PRIV_VA		0x8000000ull
#define PRIV_SMEM_VA	0x9000000ull
#define SHARED_VA	0xa000000ull
#define PRIV_SIZE	(64ull << 10)
/* LMEM-only private objects that push the one under test out of LMEM. */
#define FILLER		(64ull << 20)

/* Store @v at @va on queue @q; the fence's status. */
static int store_at(uint32_t q, uint64_t va, uint32_t v)
{
	uint32_t *cs = emit_sdi(batch_at(0), va, v);

	*cs++ = MI_BATCH_BUFFER_END;
	*cs++ = MI_NOOP;
	return exec_status(q);
}

static uint32_t dword(const struct vm_bo *bo, uint64_t off)
{
	return *(volatile uint32_t *)((volatile char *)bo->map + off);
}

static unsigned int external(uint32_t vm)
{
	struct dg1dev_vm_info info;
	unsigned int n;

	vm_info(dut.fd, vm, &info);
	n = info.num_external;
	free(info.mappings);
	return n;
}

static const struct drm_dg1_engine_class_instance *copy_engine(void)
{
	unsigned int i;

	for (i = 0; i < dut.num_engines; i++)
		if (dut.engines[i].engine_class == DRM_DG1_ENGINE_CLASS_COPY)
			return &dut.engines[i];
	igt_require_f(false, "no copy engine");
	return NULL;
}

#define FREE_WAIT_MS	2000

/*
 * The device's object count down to at most @n within FREE_WAIT_MS: TTM
 * frees a busy object from its worker, soon after its last reference.
 * Objects an earlier subtest left to that worker may still go meanwhile,
 * so the count may end below @n, never above it.
 */
static void objects_back(int n, const char *when)
{
	unsigned int t;

	for (t = 0; debugfs_objects() > n && t < FREE_WAIT_MS; t += 10)
		usleep(10 * 1000);
	igt_assert_f(debugfs_objects() <= n, "%s: %d objects, want at most %d",
		     when, debugfs_objects(), n);
}

/*
 * Private objects in LMEM and SMEM, mapped beside a shared one: only the
 * shared one is external; the GPU's writes land in the private ones; and
 * private LMEM fillers created in the same VM evict the private object
 * under test (TTM may evict what shares the locked reservation) without
 * losing a write.
 */
void test_private_objects(void)
{
	struct drm_dg1_memory_region_info r[2];
	unsigned int before, n, i;
	struct vm_bo a, b, s;
	int objs0;
	uint32_t *fill, q;
	int err;

	objs0 = debugfs_objects();
	ctx_open();
	before = external(ex.vm);
	/* ctx_open()'s batch and two data objects. */
	igt_assert_eq(before, 3);
	vm_bo_new_private(&a, dut.fd, PRIV_SIZE, true, 51, ex.vm);
	vm_bo_new_private(&b, dut.fd, PRIV_SIZE, false, 52, ex.vm);
	vm_bo_new(&s, dut.fd, PRIV_SIZE, false, 53);
	vm_map(dut.fd, ex.vm, a.handle, 0, PRIV_VA, PRIV_SIZE, 0);
	vm_map(dut.fd, ex.vm, b.handle, 0, PRIV_SMEM_VA, PRIV_SIZE, 0);
	igt_assert_f(external(ex.vm) == before,
		     "two private objects mapped: %u external objects, want %u",
		     external(ex.vm), before);
	vm_map(dut.fd, ex.vm, s.handle, 0, SHARED_VA, PRIV_SIZE, 0);
	igt_assert_f(external(ex.vm) == before + 1,
		     "a shared object mapped: %u external objects, want %u",
		     external(ex.vm), before + 1);

	q = queue_create(dut.fd, ex.vm, copy_engine(), 0);
	igt_assert_eq(store_at(q, PRIV_VA, 0x1001), 1);
	igt_assert_eq(store_at(q, PRIV_SMEM_VA, 0x2002), 1);
	igt_assert_eq(store_at(q, SHARED_VA, 0x3003), 1);
	igt_assert_f(dword(&a, 0) == 0x1001 && dword(&b, 0) == 0x2002 &&
		     dword(&s, 0) == 0x3003,
		     "GPU writes: private LMEM 0x%x, private SMEM 0x%x, shared 0x%x",
		     dword(&a, 0), dword(&b, 0), dword(&s, 0));

	/* More private LMEM objects than LMEM holds: A is evicted. */
	gem_regions(dut.fd, r);
	n = r[DRM_DG1_MEMORY_REGION_LMEM].usable_size / FILLER + 1;
	fill = calloc(n, sizeof(*fill));
	igt_assert(fill);
	for (i = 0; i < n; i++) {
		err = __gem_create_private(dut.fd, FILLER, GEM_LMEM, 0, ex.vm,
					   &fill[i]);
		igt_assert_f(!err,
			     "private LMEM filler %u of %u: %s (the VM's own objects must be evictable)",
			     i + 1, n, strerror(-err));
	}
	igt_assert_eq(store_at(q, PRIV_VA + 4, 0x4004), 1);
	for (i = 0; i < n; i++)
		gem_close(dut.fd, fill[i]);
	free(fill);
	igt_assert_eq(store_at(q, PRIV_VA + 8, 0x5005), 1);
	igt_assert_f(dword(&a, 0) == 0x1001 && dword(&a, 4) == 0x4004 &&
		     dword(&a, 8) == 0x5005,
		     "private object across its eviction holds 0x%x 0x%x 0x%x (want 0x1001 0x4004 0x5005)",
		     dword(&a, 0), dword(&a, 4), dword(&a, 8));

	queue_destroy(dut.fd, q);
	vm_unmap(dut.fd, ex.vm, PRIV_VA, PRIV_SIZE);
	vm_unmap(dut.fd, ex.vm, PRIV_SMEM_VA, PRIV_SIZE);
	vm_unmap(dut.fd, ex.vm, SHARED_VA, PRIV_SIZE);
	vm_bo_free(&a, false);
	vm_bo_free(&b, false);
	vm_bo_free(&s, false);
	ctx_close();
	/* The fillers, the evicted object and the VM's tables all go. */
	objects_back(objs0, "after closing everything");
}

static void assert_unmapped(int fd, uint32_t vm)
{
	struct dg1dev_vm_info info;

	vm_info(fd, vm, &info);
	free(info.mappings);
	igt_assert_f(!info.num_mappings, "a refused bind left %u mappings",
		     info.num_mappings);
}

/* File scope: counted across the block's asserts. */
static unsigned int bad_inputs;

static void expect_private(int fd, uint32_t vm, struct drm_dg1_gem_create c,
			   int err, const char *what)
{
	int ret;

	c.vm_id = vm;
	ret = dg1dev_ioctl(fd, DRM_IOCTL_DG1_GEM_CREATE, &c) ? errno : 0;
	errno = 0;
	if (!ret)
		gem_close(fd, c.handle);
	igt_assert_f(ret == err, "GEM_CREATE private to %s: %s, want %s", what,
		     ret ? strerror(ret) : "success", strerror(err));
	bad_inputs++;
}

/*
 * vm_id naming no VM of the file (never one, another file's, destroyed),
 * a bad field beside a good vm_id; a private object bound in another VM
 * or exported; and, its VM destroyed, the object still readable, never
 * bindable elsewhere. Nothing is left behind.
 */
void test_private_bad_input(void)
{
	const struct drm_dg1_gem_create ok = gem_create_args(SZ_4K, GEM_SMEM, 0);
	struct drm_dg1_gem_create c = ok;
	struct drm_prime_handle p = { .flags = DRM_CLOEXEC };
	int other = igt_dg1_open_render(), fresh = igt_dg1_open_render();
	uint32_t va, va2, vb, gone, vc;
	struct drm_dg1_vm_bind_op op;
	struct vm_bo a;
	int objs0, objs, err;

	objs0 = debugfs_objects();
	/* Another file's VM: ids are per file and FRESH has VM 1 at most. */
	va = vm_create(other);
	va2 = vm_create(other);
	objs = debugfs_objects();
	gone = vm_create(fresh);
	vm_destroy(fresh, gone);
	objects_back(objs, "after VM_DESTROY");
	bad_inputs = 0;
	expect_private(dut.fd, UINT32_MAX, ok, ENOENT, "VM ~0");
	expect_private(fresh, va2, ok, ENOENT, "another file's VM");
	/* Before another VM can take its id. */
	expect_private(fresh, gone, ok, ENOENT, "a destroyed VM");
	objects_back(objs, "after three refused creates");
	vb = vm_create(fresh);
	objs = debugfs_objects();
	c.reserved[1] = 1;
	expect_private(fresh, vb, c, EINVAL, "a good VM, reserved[1] set");
	objects_back(objs, "after a refused create");

	/* Private to VB: not bindable in VC, not exportable. */
	vm_bo_new_private(&a, fresh, PRIV_SIZE, false, 61, vb);
	vc = vm_create(fresh);
	op = dg1dev_vm_map_op(a.handle, 0, PRIV_VA, PRIV_SIZE, 0);
	err = __vm_bind(fresh, vc, &op, 1, NULL, 0);
	igt_assert_f(err == -EINVAL, "VM_BIND of an object private to another VM: %s, want EINVAL",
		     strerror(-err));
	bad_inputs++;
	assert_unmapped(fresh, vc);
	p.handle = a.handle;
	err = dg1dev_ioctl(fresh, DRM_IOCTL_PRIME_HANDLE_TO_FD, &p) ? errno : 0;
	errno = 0;
	igt_assert_f(err == EPERM, "PRIME export of a private object: %s, want EPERM",
		     err ? strerror(err) : "success");
	bad_inputs++;

	/* Its VM gone, the object lives on: read anew, still not bindable. */
	vm_map(fresh, vb, a.handle, 0, PRIV_VA, PRIV_SIZE, 0);
	vm_unmap(fresh, vb, PRIV_VA, PRIV_SIZE);
	vm_destroy(fresh, vb);
	munmap((void *)a.map, a.size);
	a.map = gem_mmap(fresh, a.handle, a.size);
	igt_assert_f(gem_check(a.map, a.size, 61, 1) == -1,
		     "a private object read after its VM was destroyed differs");
	err = __vm_bind(fresh, vc, &op, 1, NULL, 0);
	igt_assert_f(err == -EINVAL, "VM_BIND of an object whose VM is destroyed: %s, want EINVAL",
		     strerror(-err));
	bad_inputs++;
	assert_unmapped(fresh, vc);
	vm_bo_free(&a, false);

	vm_destroy(fresh, vc);
	vm_destroy(other, va);
	vm_destroy(other, va2);
	close(fresh);
	close(other);
	objects_back(objs0, "at the end");
	igt_info("%u bad inputs refused, each with its errno\n", bad_inputs);
}
