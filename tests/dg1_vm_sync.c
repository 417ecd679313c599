// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_vm_sync.c - dg1_vm's syncobjs: out-fences binary and timeline,
 * in-fences signalled already, and one from vgem that nothing signals
 * until the test does, which must hold its bind and the VM's next one
 * without holding the caller.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <string.h>

#include "dg1_vm.h"

#define WAIT_NS			(5 * NSEC_PER_SEC)
/* vgem signals a forgotten fence after 10 s: finish well before. */
#define VGEM_PENDING_MAX_NS	(8 * NSEC_PER_SEC)

struct drm_dg1_sync sync_of(uint32_t type, uint32_t flags, uint32_t handle,
			    uint64_t point)
{
	return (struct drm_dg1_sync){
		.type = type, .flags = flags, .handle = handle,
		.timeline_value = point,
	};
}

/*
 * Out-fences: a binary syncobj signals once a bind without waits is done
 * (the page tables changed before the call returned); a timeline one at
 * the point given. In-fences already signalled (a syncobj created
 * signalled, a timeline point signalled from the CPU) let a bind through.
 */
void test_sync_out(void)
{
	const uint64_t x = 14 * SZ_1G, y = 15 * SZ_1G, z = 16 * SZ_1G;
	struct drm_dg1_vm_bind_op op;
	struct drm_dg1_sync s[2];
	uint32_t vm = vm_create(vfd), out, tl, in, in_tl, out2;
	uint64_t root = vm_root(vfd, vm);
	struct vm_bo *a;

	vm_probe_open();
	a = new_bo(16 * SZ_4K, true);
	out = syncobj_create(vfd, 0);
	tl = syncobj_create(vfd, 0);

	op = dg1dev_vm_map_op(a->handle, 0, x, a->size, 0);
	s[0] = sync_of(BINARY, SIGNAL, out, 0);
	vm_bind(vfd, vm, &op, 1, s, 1);
	vm_expect_mapped(root, x, a, 0, a->size, 0, "bind with an out-syncobj");
	igt_assert_eq(__syncobj_wait(vfd, &out, 1, WAIT_NS), 0);

	op = dg1dev_vm_map_op(a->handle, 0, y, a->size, 0);
	s[0] = sync_of(TIMELINE, SIGNAL, tl, 3);
	vm_bind(vfd, vm, &op, 1, s, 1);
	vm_expect_mapped(root, y, a, 0, a->size, 0, "bind with a timeline point");
	igt_assert_eq(__syncobj_timeline_wait(vfd, tl, 3, WAIT_NS), 0);
	igt_assert_eq_u64(syncobj_timeline_query(vfd, tl), 3);

	op = dg1dev_vm_unmap_op(y, a->size);
	s[0] = sync_of(TIMELINE, SIGNAL, tl, 7);
	vm_bind(vfd, vm, &op, 1, s, 1);
	vm_expect_fault(root, y, a->size, "unbind with a timeline point");
	igt_assert_eq(__syncobj_timeline_wait(vfd, tl, 7, WAIT_NS), 0);
	igt_assert_eq_u64(syncobj_timeline_query(vfd, tl), 7);

	/* Waits on fences that have signalled. */
	in = syncobj_create(vfd, DRM_SYNCOBJ_CREATE_SIGNALED);
	out2 = syncobj_create(vfd, 0);
	op = dg1dev_vm_map_op(a->handle, 0, z, a->size, 0);
	s[0] = sync_of(BINARY, 0, in, 0);
	s[1] = sync_of(BINARY, SIGNAL, out2, 0);
	vm_bind(vfd, vm, &op, 1, s, 2);
	igt_assert_eq(__syncobj_wait(vfd, &out2, 1, WAIT_NS), 0);
	vm_expect_mapped(root, z, a, 0, a->size, 0, "bind after a signalled syncobj");

	in_tl = syncobj_create(vfd, 0);
	syncobj_timeline_signal(vfd, in_tl, 5);
	syncobj_reset(vfd, out2);
	op = dg1dev_vm_unmap_op(z, a->size);
	s[0] = sync_of(TIMELINE, 0, in_tl, 5);
	vm_bind(vfd, vm, &op, 1, s, 2);
	igt_assert_eq(__syncobj_wait(vfd, &out2, 1, WAIT_NS), 0);
	vm_expect_fault(root, z, a->size, "unbind after a signalled point");
	vm_expect_mapped(root, x, a, 0, a->size, 0, "the first bind, at the end");

	vm_unmap(vfd, vm, 0, VA_END);
	vm_destroy(vfd, vm);
}

/*
 * An in-fence nobody has signalled (vgem's): the bind returns at once
 * and stays pending, and so does the next bind of the VM, which has
 * nothing to wait for but the first; signalling the fence completes both,
 * in order.
 */
void test_sync_in_fence(void)
{
	const uint64_t x = 17 * SZ_1G, y = 18 * SZ_1G;
	struct drm_dg1_vm_bind_op op;
	struct drm_dg1_sync s[2];
	uint32_t vm = vm_create(vfd), in, out[2], fence;
	uint64_t root = vm_root(vfd, vm), t0, t;
	struct vm_bo *a, *b;

	vm_probe_open();
	if (vgem_fd < 0)
		vgem_fd = vgem_open();
	if (vgem_fd < 0) {
		vgem_fd = -1;
		igt_dg1_unavailable("no vgem device (CONFIG_DRM_VGEM): no fence to hold a bind");
	}
	a = new_bo(16 * SZ_4K, true);
	b = new_bo(16 * SZ_4K, false);
	in = syncobj_create(vfd, 0);
	out[0] = syncobj_create(vfd, 0);
	out[1] = syncobj_create(vfd, 0);

	t0 = dut_now_ns();
	fence = vgem_fence_syncobj(vgem_fd, vfd, in);
	igt_assert_eq(__syncobj_wait(vfd, &in, 1, 0), -ETIME);

	op = dg1dev_vm_map_op(a->handle, 0, x, a->size, 0);
	s[0] = sync_of(BINARY, 0, in, 0);
	s[1] = sync_of(BINARY, SIGNAL, out[0], 0);
	t = dut_now_ns();
	vm_bind(vfd, vm, &op, 1, s, 2);
	t = dut_now_ns() - t;
	/* Had it waited, the fence would have signalled (timeout) first. */
	igt_assert_f(t < 5 * NSEC_PER_SEC,
		     "VM_BIND with an unsignalled in-fence took %llu ms: it waited",
		     (unsigned long long)(t / NSEC_PER_MSEC));
	vm_expect_fault(root, x, a->size, "bind waiting for its in-fence");
	igt_assert_eq(__syncobj_wait(vfd, &out[0], 1, 0), -ETIME);

	/* Nothing to wait for but the bind before it. */
	op = dg1dev_vm_map_op(b->handle, 0, y, b->size, 0);
	s[0] = sync_of(BINARY, SIGNAL, out[1], 0);
	vm_bind(vfd, vm, &op, 1, s, 1);
	vm_expect_fault(root, y, b->size, "bind queued behind a waiting one");
	igt_assert_eq(__syncobj_wait(vfd, &out[1], 1, 0), -ETIME);
	vm_expect_fault(root, x, a->size, "bind waiting for its in-fence");
	igt_assert_eq(__syncobj_wait(vfd, &out[0], 1, 0), -ETIME);

	t = dut_now_ns() - t0;
	igt_assert_f(t < VGEM_PENDING_MAX_NS,
		     "%llu ms since the fence was made: vgem's timeout may have signalled it",
		     (unsigned long long)(t / NSEC_PER_MSEC));
	vgem_fence_signal(vgem_fd, fence);
	igt_assert_eq(__syncobj_wait(vfd, out, 2, WAIT_NS), 0);
	vm_expect_mapped(root, x, a, 0, a->size, 0, "after the in-fence signalled");
	vm_expect_mapped(root, y, b, 0, b->size, 0, "after the in-fence signalled");

	vm_unmap(vfd, vm, 0, VA_END);
	vm_destroy(vfd, vm);
}
