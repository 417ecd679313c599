// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_vm_inputs.c - dg1_vm's bad inputs: every error uapi/dg1_drm.h lists
 * for VM_CREATE, VM_DESTROY and VM_BIND. Each case changes one thing of a
 * call that works and must fail with its exact errno; then the VM must be
 * as it was: the same mappings in debugfs, on vdg1 the same translations,
 * and the bind's out-syncobj still without a fence ("nothing is changed").
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dg1_vm.h"

static void expect_create(const char *what, struct drm_dg1_vm_create c,
			  int err, uint64_t client, unsigned int vms)
{
	int ret = dg1dev_ioctl(vfd, DRM_IOCTL_DG1_VM_CREATE, &c) ? errno : 0;

	errno = 0;
	if (!ret)
		dg1dev_vm_destroy(vfd, c.vm_id);
	igt_assert_f(ret == err, "VM_CREATE with %s: %s, expected %s", what,
		     ret ? strerror(ret) : "success", strerror(err));
	igt_assert_eq(client_vms(client), vms);
	bad_inputs++;
}

#define BAD_CREATE(what, change) do { \
	c = (struct drm_dg1_vm_create){ 0 }; \
	change; \
	expect_create(what, c, EINVAL, client, 1); \
} while (0)

void test_create_bad_input(void)
{
	static const uint64_t zeroes[4];
	uint64_t client = vm_client_id(vfd);
	unsigned int start = bad_inputs;
	struct drm_dg1_vm_create c;
	uint32_t vm = vm_create(vfd);

	BAD_CREATE("extensions 1", c.extensions = 1);
	BAD_CREATE("extensions ~0", c.extensions = UINT64_MAX);
	BAD_CREATE("extensions pointing at zeroes",
		   c.extensions = (uintptr_t)zeroes);
	BAD_CREATE("flags 1", c.flags = 1);
	BAD_CREATE("flags 0x80000000", c.flags = 0x80000000);
	BAD_CREATE("flags ~0", c.flags = UINT32_MAX);
	BAD_CREATE("reserved[0] 1", c.reserved[0] = 1);
	BAD_CREATE("reserved[1] ~0", c.reserved[1] = UINT64_MAX);
	vm_destroy(vfd, vm);
	igt_info("%u bad inputs checked\n", bad_inputs - start);
}

static void expect_destroy(const char *what, struct drm_dg1_vm_destroy d,
			   int err, uint32_t vm)
{
	int ret = dg1dev_ioctl(vfd, DRM_IOCTL_DG1_VM_DESTROY, &d) ? errno : 0;
	struct dg1dev_vms vms;

	errno = 0;
	igt_assert_f(ret == err, "VM_DESTROY with %s: %s, expected %s", what,
		     ret ? strerror(ret) : "success", strerror(err));
	vm_debugfs(&vms);
	igt_assert_f(dg1dev_vms_find(&vms, vm_client_id(vfd), vm),
		     "VM_DESTROY with %s: VM %u is gone", what, vm);
	dg1dev_vms_free(&vms);
	bad_inputs++;
}

#define BAD_DESTROY(what, change, err) do { \
	d = (struct drm_dg1_vm_destroy){ .vm_id = vm }; \
	change; \
	expect_destroy(what, d, err, vm); \
} while (0)

void test_destroy_bad_input(void)
{
	unsigned int start = bad_inputs;
	struct drm_dg1_vm_destroy d;
	uint32_t vm, gone;

	gone = vm_create(vfd);
	vm = vm_create(vfd);
	vm_destroy(vfd, gone);

	BAD_DESTROY("pad 1", d.pad = 1, EINVAL);
	BAD_DESTROY("pad 0x80000000", d.pad = 0x80000000, EINVAL);
	BAD_DESTROY("reserved[0] 1", d.reserved[0] = 1, EINVAL);
	BAD_DESTROY("reserved[1] ~0", d.reserved[1] = UINT64_MAX, EINVAL);
	BAD_DESTROY("vm_id 0", d.vm_id = 0, ENOENT);
	BAD_DESTROY("vm_id ~0", d.vm_id = UINT32_MAX, ENOENT);
	BAD_DESTROY("a destroyed VM's id", d.vm_id = gone, ENOENT);
	vm_destroy(vfd, vm);
	igt_info("%u bad inputs checked\n", bad_inputs - start);
}

/*
 * The bind that works: map @b at X with a binary out-syncobj. A VM with
 * one mapping (@a at M) to be left alone. File scope: blocks longjmp.
 */
#define BAD_X		(30 * SZ_1G)
#define BAD_M		(31 * SZ_1G)
#define BAD_HOLE	(32 * SZ_1G)

static struct {
	uint32_t vm;
	uint64_t root;
	struct vm_bo *a, *b;
	uint32_t out;
	struct dg1dev_vm_info before;
	bool probe;
} bc;

/* Nothing changed: the mapping list, the translations, the out-syncobj. */
static void expect_unchanged(const char *what)
{
	vm_assert_same_list(vfd, bc.vm, &bc.before, what);
	igt_assert_f(__syncobj_wait(vfd, &bc.out, 1, 0) == -EINVAL,
		     "VM_BIND with %s failed, yet its out-syncobj got a fence",
		     what);
	if (!bc.probe)
		return;
	vm_expect_fault(bc.root, BAD_X, bc.b->size, what);
	vm_expect_mapped(bc.root, BAD_M, bc.a, 0, bc.a->size, 0, what);
}

static void expect_bind(const char *what, struct drm_dg1_vm_bind *arg,
			int err)
{
	int ret = dg1dev_ioctl(vfd, DRM_IOCTL_DG1_VM_BIND, arg) ? errno : 0;

	errno = 0;
	igt_assert_f(ret == err, "VM_BIND with %s: %s, expected %s", what,
		     ret ? strerror(ret) : "success", strerror(err));
	igt_debug("VM_BIND with %s: %s\n", what, strerror(err));
	expect_unchanged(what);
	bad_inputs++;
}

/* Each case starts from the call that works and changes one thing. */
#define BAD_BIND(what, change, err) do { \
	op = dg1dev_vm_map_op(bc.b->handle, 0, BAD_X, bc.b->size, 0); \
	sync = sync_of(BINARY, SIGNAL, bc.out, 0); \
	arg = (struct drm_dg1_vm_bind){ \
		.vm_id = bc.vm, .num_binds = 1, .binds = (uintptr_t)&op, \
		.num_syncs = 1, .syncs = (uintptr_t)&sync, \
	}; \
	change; \
	expect_bind(what, &arg, err); \
} while (0)

/* An unmap of the mapping at M, one of whose MBZ fields is set. */
#define UNMAP_M		(op = dg1dev_vm_unmap_op(BAD_M, bc.a->size))

static void bind_bad_fields(void)
{
	static const uint64_t zeroes[8];
	struct drm_dg1_vm_bind_op op;
	struct drm_dg1_vm_bind arg;
	struct drm_dg1_sync sync;
	const uint64_t pg = SZ_4K, size = bc.b->size;

	BAD_BIND("extensions 1", arg.extensions = 1, EINVAL);
	BAD_BIND("extensions ~0", arg.extensions = UINT64_MAX, EINVAL);
	BAD_BIND("extensions pointing at zeroes",
		 arg.extensions = (uintptr_t)zeroes, EINVAL);
	BAD_BIND("pad 1", arg.pad = 1, EINVAL);
	BAD_BIND("pad 0x80000000", arg.pad = 0x80000000, EINVAL);
	BAD_BIND("reserved[0] 1", arg.reserved[0] = 1, EINVAL);
	BAD_BIND("reserved[1] ~0", arg.reserved[1] = UINT64_MAX, EINVAL);
	BAD_BIND("num_binds 0", arg.num_binds = 0, EINVAL);

	BAD_BIND("op extensions 1", op.extensions = 1, EINVAL);
	BAD_BIND("op extensions pointing at zeroes",
		 op.extensions = (uintptr_t)zeroes, EINVAL);
	BAD_BIND("op pad 1", op.pad = 1, EINVAL);
	BAD_BIND("op pad 0x8000", op.pad = 0x8000, EINVAL);
	BAD_BIND("op flags 1", op.flags = 1, EINVAL);
	BAD_BIND("op flags 0x80000000", op.flags = 0x80000000, EINVAL);
	BAD_BIND("op reserved[0] 1", op.reserved[0] = 1, EINVAL);
	BAD_BIND("op reserved[1] 1 << 63", op.reserved[1] = 1ull << 63, EINVAL);
	BAD_BIND("op 2", op.op = 2, EINVAL);
	BAD_BIND("op ~0", op.op = UINT32_MAX, EINVAL);
	BAD_BIND("addr + 1", op.addr = BAD_X + 1, EINVAL);
	BAD_BIND("addr + 2048", op.addr = BAD_X + 2048, EINVAL);
	BAD_BIND("range - 1", op.range = size - 1, EINVAL);
	BAD_BIND("range 100", op.range = 100, EINVAL);
	BAD_BIND("obj_offset 1", (op.obj_offset = 1, op.range = size - pg),
		 EINVAL);
	BAD_BIND("obj_offset 2048", (op.obj_offset = 2048, op.range = size - pg),
		 EINVAL);
	BAD_BIND("range 0", op.range = 0, EINVAL);
	BAD_BIND("pat_index 8", op.pat_index = 8, EINVAL);
	BAD_BIND("pat_index 0xffff", op.pat_index = 0xffff, EINVAL);
	BAD_BIND("obj_offset at the object's end",
		 (op.obj_offset = size, op.range = pg), EINVAL);
	BAD_BIND("obj_offset 4K with the whole size",
		 op.obj_offset = pg, EINVAL);
	BAD_BIND("range a page past the object", op.range = size + pg, EINVAL);
	BAD_BIND("obj_offset ~0 & ~4095 (wraps)",
		 (op.obj_offset = UINT64_MAX & ~(pg - 1), op.range = pg), EINVAL);
	BAD_BIND("unmap with obj", (UNMAP_M, op.obj = bc.a->handle), EINVAL);
	BAD_BIND("unmap with obj_offset", (UNMAP_M, op.obj_offset = pg), EINVAL);
	BAD_BIND("unmap with pat_index 1", (UNMAP_M, op.pat_index = 1), EINVAL);
	BAD_BIND("unmap with range 0", (UNMAP_M, op.range = 0), EINVAL);
	BAD_BIND("unmap with addr + 1", (UNMAP_M, op.addr = BAD_M + 1), EINVAL);

	BAD_BIND("addr at va_end", (op.addr = VA_END, op.range = pg), ERANGE);
	BAD_BIND("a range ending a page past va_end",
		 (op.addr = VA_END - pg, op.range = 2 * pg), ERANGE);
	BAD_BIND("addr 1 << 48", (op.addr = 1ull << 48, op.range = pg), ERANGE);
	BAD_BIND("addr ~0 & ~4095", (op.addr = UINT64_MAX & ~(pg - 1),
				     op.range = pg), ERANGE);
	BAD_BIND("an unmap that wraps",
		 op = dg1dev_vm_unmap_op(BAD_M, UINT64_MAX & ~(pg - 1)), ERANGE);
	BAD_BIND("an unmap ending a page past va_end",
		 op = dg1dev_vm_unmap_op(pg, VA_END), ERANGE);

	BAD_BIND("sync extensions 1", sync.extensions = 1, EINVAL);
	BAD_BIND("sync pad 1", sync.pad = 1, EINVAL);
	BAD_BIND("sync reserved[0] 1", sync.reserved[0] = 1, EINVAL);
	BAD_BIND("sync reserved[1] ~0", sync.reserved[1] = UINT64_MAX, EINVAL);
	BAD_BIND("sync type 2", sync.type = 2, EINVAL);
	BAD_BIND("sync type ~0", sync.type = UINT32_MAX, EINVAL);
	BAD_BIND("sync flags 2", sync.flags = 2, EINVAL);
	BAD_BIND("sync flags 0x80000000", sync.flags = 0x80000000, EINVAL);
	BAD_BIND("sync flags ~0", sync.flags = UINT32_MAX, EINVAL);
	BAD_BIND("a binary sync with a point", sync.timeline_value = 1, EINVAL);
}

static void bind_bad_handles(void)
{
	struct drm_dg1_vm_bind_op op, two[2];
	struct drm_dg1_vm_bind arg;
	struct drm_dg1_sync sync;
	uint32_t gone_vm, gone_bo, gone_sync, empty, tl;

	/* Handles are reused: nothing may be created after the "gone" ones. */
	empty = syncobj_create(vfd, 0);
	tl = syncobj_create(vfd, 0);
	gone_vm = vm_create(vfd);
	vm_destroy(vfd, gone_vm);
	gone_bo = gem_create(vfd, SZ_4K, GEM_SMEM, 0);
	gem_close(vfd, gone_bo);
	gone_sync = syncobj_create(vfd, 0);
	syncobj_destroy(vfd, gone_sync);

	BAD_BIND("vm_id 0", arg.vm_id = 0, ENOENT);
	BAD_BIND("vm_id ~0", arg.vm_id = UINT32_MAX, ENOENT);
	BAD_BIND("a destroyed VM's id", arg.vm_id = gone_vm, ENOENT);
	BAD_BIND("object handle 0", op.obj = 0, ENOENT);
	BAD_BIND("object handle ~0", op.obj = UINT32_MAX, ENOENT);
	BAD_BIND("a closed object handle", op.obj = gone_bo, ENOENT);
	BAD_BIND("syncobj handle 0", sync.handle = 0, ENOENT);
	BAD_BIND("syncobj handle ~0", sync.handle = UINT32_MAX, ENOENT);
	BAD_BIND("a destroyed syncobj", sync.handle = gone_sync, ENOENT);
	BAD_BIND("an unmap of nothing", op = dg1dev_vm_unmap_op(BAD_X, bc.b->size),
		 ENOENT);
	BAD_BIND("an unmap of a far hole",
		 op = dg1dev_vm_unmap_op(BAD_HOLE, SZ_1G), ENOENT);

	BAD_BIND("a timeline signal at point 0", sync.type = TIMELINE, EINVAL);
	BAD_BIND("a timeline signal at point 0, timeline syncobj",
		 (sync.type = TIMELINE, sync.handle = tl), EINVAL);
	BAD_BIND("a wait on a syncobj without a fence",
		 (sync.flags = 0, sync.handle = empty), EINVAL);
	BAD_BIND("a wait on a timeline point without a fence",
		 (sync = sync_of(TIMELINE, 0, tl, 5)), EINVAL);
	BAD_BIND("a wait on timeline point 0",
		 (sync = sync_of(TIMELINE, 0, tl, 0)), EINVAL);

	BAD_BIND("a map over the mapping", op.addr = BAD_M, EEXIST);
	BAD_BIND("a map over its first page",
		 (op.addr = BAD_M - SZ_4K, op.range = 2 * SZ_4K), EEXIST);
	BAD_BIND("a map over its last page",
		 (op.addr = BAD_M + bc.a->size - SZ_4K, op.range = 2 * SZ_4K),
		 EEXIST);
	BAD_BIND("a map around it",
		 (op.addr = BAD_M - SZ_4K, op.range = bc.a->size + 2 * SZ_4K),
		 EEXIST);
	two[0] = dg1dev_vm_map_op(bc.b->handle, 0, BAD_X, bc.b->size, 0);
	two[1] = dg1dev_vm_map_op(bc.b->handle, 0, BAD_X + bc.b->size - SZ_4K,
				  SZ_4K, 0);
	BAD_BIND("two ops of one array that overlap",
		 (arg.binds = (uintptr_t)two, arg.num_binds = 2), EEXIST);
	syncobj_destroy(vfd, empty);
	syncobj_destroy(vfd, tl);
}

/* Limits and pointers: arrays one too long, arrays that are not there. */
static void bind_bad_arrays(void)
{
	uint32_t n = qvm.max_bind_ops + 1, ns = qvm.max_syncs + 1, i;
	struct drm_dg1_vm_bind_op op, *ops;
	struct drm_dg1_sync sync, *syncs;
	struct drm_dg1_vm_bind arg;
	uint32_t *objs;
	char *page;

	ops = calloc(n, sizeof(*ops));
	syncs = calloc(ns, sizeof(*syncs));
	objs = calloc(ns, sizeof(*objs));
	igt_assert(ops && syncs && objs);
	/* Each op would work, and all of them together. */
	for (i = 0; i < n; i++)
		ops[i] = dg1dev_vm_map_op(bc.b->handle, 0,
					  BAD_HOLE + i * SZ_4K, SZ_4K, 0);
	for (i = 0; i < ns; i++) {
		objs[i] = syncobj_create(vfd, 0);
		syncs[i] = sync_of(BINARY, SIGNAL, objs[i], 0);
	}
	syncs[0].handle = bc.out;

	BAD_BIND("max_bind_ops + 1 ops",
		 (arg.binds = (uintptr_t)ops, arg.num_binds = n), E2BIG);
	BAD_BIND("max_syncs + 1 syncs",
		 (arg.syncs = (uintptr_t)syncs, arg.num_syncs = ns), E2BIG);
	for (i = 1; i < ns; i++) {
		igt_assert_eq(__syncobj_wait(vfd, &objs[i], 1, 0), -EINVAL);
		syncobj_destroy(vfd, objs[i]);
	}
	free(objs);
	free(syncs);
	free(ops);

	/* A page, then a hole where its neighbour was. */
	page = mmap(NULL, 2 * SZ_4K, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(page != MAP_FAILED);
	igt_assert(!munmap(page + SZ_4K, SZ_4K));
	ops = (struct drm_dg1_vm_bind_op *)(page + SZ_4K) - 1;
	*ops = dg1dev_vm_map_op(bc.b->handle, 0, BAD_X, SZ_4K, 0);

	BAD_BIND("binds NULL", arg.binds = 0, EFAULT);
	BAD_BIND("binds unmapped", arg.binds = (uintptr_t)(page + SZ_4K),
		 EFAULT);
	BAD_BIND("binds running into unmapped memory",
		 (arg.binds = (uintptr_t)ops, arg.num_binds = 2), EFAULT);
	BAD_BIND("syncs NULL", arg.syncs = 0, EFAULT);
	BAD_BIND("syncs unmapped", arg.syncs = (uintptr_t)(page + SZ_4K),
		 EFAULT);
	igt_assert(!munmap(page, SZ_4K));
}

void test_bind_bad_input(void)
{
	unsigned int start = bad_inputs;
	struct drm_dg1_vm_bind_op op;
	struct drm_dg1_sync sync;

	memset(&bc, 0, sizeof(bc));
	bc.probe = dut.vdg1;
	if (bc.probe)
		vm_probe_open();
	else
		igt_info("not vdg1 (%s): translations unchecked\n",
			 dut.vdg1_why);
	bc.vm = vm_create(vfd);
	bc.root = vm_root(vfd, bc.vm);
	bc.a = new_bo(16 * SZ_4K, true);
	bc.b = new_bo(32 * SZ_4K, false);
	bc.out = syncobj_create(vfd, 0);
	vm_map(vfd, bc.vm, bc.a->handle, 0, BAD_M, bc.a->size, 0);

	/* The call that works, undone. */
	op = dg1dev_vm_map_op(bc.b->handle, 0, BAD_X, bc.b->size, 0);
	sync = sync_of(BINARY, SIGNAL, bc.out, 0);
	vm_bind(vfd, bc.vm, &op, 1, &sync, 1);
	igt_assert_eq(__syncobj_wait(vfd, &bc.out, 1, 5 * NSEC_PER_SEC), 0);
	if (bc.probe)
		vm_expect_mapped(bc.root, BAD_X, bc.b, 0, bc.b->size, 0,
				 "the call that works");
	vm_unmap(vfd, bc.vm, BAD_X, bc.b->size);
	syncobj_reset(vfd, bc.out);
	vm_info(vfd, bc.vm, &bc.before);
	expect_unchanged("no call");

	bind_bad_fields();
	bind_bad_handles();
	bind_bad_arrays();

	free(bc.before.mappings);
	bc.before.mappings = NULL;
	vm_unmap(vfd, bc.vm, 0, VA_END);
	vm_destroy(vfd, bc.vm);
	igt_info("%u bad inputs checked\n", bad_inputs - start);
}
