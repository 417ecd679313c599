// SPDX-License-Identifier: GPL-2.0
/*
 * WAIT_USER_FENCE: wait for a value a batch writes to memory of a VM. The
 * driver does not know which batch will write it; every user interrupt
 * (MI_USER_INTERRUPT, which the batch raises after its store) wakes the
 * waiters to read the value again. A counter of user interrupts taken
 * before each read closes the window between reading and sleeping.
 */

#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/sched/signal.h>
#include <linux/wait.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_gpuvm.h>

#include "drm/dg1_device.h"
#include "drm/dg1_file.h"
#include "drm/dg1_ufence.h"
#include "mem/dg1_bo.h"
#include "mem/dg1_vm.h"
#include "uapi/dg1_drm.h"

/* Pure, for KUnit. Return: 0 or -EINVAL as in uapi/dg1_drm.h. */
static int dg1_ufence_check(const struct drm_dg1_wait_user_fence *a)
{
	if (a->extensions || a->flags || a->pad || a->pad2 ||
	    a->reserved[0] || a->reserved[1])
		return -EINVAL;
	if (a->op > DRM_DG1_UFENCE_OP_LTE || !IS_ALIGNED(a->addr, 8))
		return -EINVAL;
	return 0;
}

/* Pure, for KUnit: whether @val passes @op against @value under @mask. */
static bool dg1_ufence_passes(u64 val, u16 op, u64 value, u64 mask)
{
	val &= mask;
	value &= mask;
	switch (op) {
	case DRM_DG1_UFENCE_OP_EQ:
		return val == value;
	case DRM_DG1_UFENCE_OP_NEQ:
		return val != value;
	case DRM_DG1_UFENCE_OP_GT:
		return val > value;
	case DRM_DG1_UFENCE_OP_GTE:
		return val >= value;
	case DRM_DG1_UFENCE_OP_LT:
		return val < value;
	default:
		return val <= value;
	}
}

/* The 8 bytes at @addr of @vm: -EFAULT when nothing is mapped there. */
static int dg1_ufence_read(struct dg1_vm *vm, u64 addr, u64 *val)
{
	struct drm_gem_object *obj = NULL;
	struct drm_gpuva *va;
	u64 offset = 0;
	int ret;

	mutex_lock(&vm->lock);
	va = drm_gpuva_find_first(&vm->gpuvm, addr, sizeof(*val));
	if (va && va->gem.obj) {
		obj = va->gem.obj;
		offset = va->gem.offset + (addr - va->va.addr);
		drm_gem_object_get(obj);
	}
	mutex_unlock(&vm->lock);
	if (!obj)
		return -EFAULT;
	ret = dg1_bo_read(gem_to_dg1_bo(obj), offset, val, sizeof(*val));
	drm_gem_object_put(obj);
	return ret;
}

/**
 * dg1_wait_user_fence_ioctl() - DRM_IOCTL_DG1_WAIT_USER_FENCE
 * @drm: the device
 * @data: &struct drm_dg1_wait_user_fence
 * @file: the file the VM belongs to
 *
 * Return: 0 or an error code as documented in uapi/dg1_drm.h.
 */
int dg1_wait_user_fence_ioctl(struct drm_device *drm, void *data,
			      struct drm_file *file)
{
	struct dg1_device *dg1 = to_dg1_device(drm);
	struct drm_dg1_wait_user_fence *args = data;
	struct dg1_user_irq *uirq = &dg1->user_irq;
	u64 deadline, now, val;
	struct dg1_vm *vm;
	long left;
	int seq, ret;

	ret = dg1_ufence_check(args);
	if (ret)
		return ret;
	vm = dg1_vm_lookup(&to_dg1_file(file)->vm, args->vm_id);
	if (!vm)
		return -ENOENT;

	deadline = ktime_get_ns() + max_t(s64, args->timeout_ns, 0);
	for (;;) {
		seq = atomic_read(&uirq->seq);
		ret = dg1_ufence_read(vm, args->addr, &val);
		if (ret)
			break;
		if (dg1_ufence_passes(val, args->op, args->value,
				      args->mask))
			break;
		now = ktime_get_ns();
		if (now >= deadline) {
			ret = -ETIME;
			break;
		}
		left = nsecs_to_jiffies(deadline - now) + 1;
		if (READ_ONCE(to_dg1_device(drm)->wedged)) {
			ret = -EIO;
			break;
		}
		left = wait_event_interruptible_timeout(uirq->wq,
							atomic_read(&uirq->seq) != seq ||
							drm_dev_is_unplugged(drm) ||
							READ_ONCE(to_dg1_device(drm)->wedged),
							left);
		if (left < 0) {
			ret = left;
			break;
		}
		if (drm_dev_is_unplugged(drm)) {
			ret = -ENODEV;
			break;
		}
	}
	now = ktime_get_ns();
	args->timeout_ns = now < deadline ? deadline - now : 0;
	dg1_vm_put(vm);
	return ret;
}

#if IS_ENABLED(CONFIG_DRM_DG1_KUNIT_TEST)
#include "kunit/dg1_ufence_test.c"
#endif
