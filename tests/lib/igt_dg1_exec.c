// SPDX-License-Identifier: GPL-2.0
/*
 * igt_dg1_exec.c - exec queues, EXEC and its fences, for the tests.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dg1_dev.h"
#include "igt_dg1_dut.h"
#include "igt_dg1_exec.h"
#include "igt_dg1_gem.h"
#include "igt_dg1_vm.h"

int __queue_create(int fd, uint32_t vm,
		   const struct drm_dg1_engine_class_instance *e, int prio,
		   uint32_t *id)
{
	struct drm_dg1_exec_queue_create c = {
		.engine = *e, .vm_id = vm, .priority = prio,
	};
	int ret = ioctl(fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &c) ? -errno : 0;

	*id = c.exec_queue_id;
	return ret;
}

uint32_t queue_create(int fd, uint32_t vm,
		      const struct drm_dg1_engine_class_instance *e, int prio)
{
	uint32_t id;
	int err = __queue_create(fd, vm, e, prio, &id);

	igt_assert_f(!err, "EXEC_QUEUE_CREATE %s: %s", dut_engine_str(e),
		     strerror(-err));
	igt_assert(id);
	return id;
}

void queue_destroy(int fd, uint32_t q)
{
	struct drm_dg1_exec_queue_destroy d = { .exec_queue_id = q };

	igt_assert_f(!ioctl(fd, DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY, &d),
		     "EXEC_QUEUE_DESTROY: %s", strerror(errno));
}

int __exec(int fd, uint32_t q, uint64_t batch, const struct drm_dg1_sync *s,
	   uint32_t n)
{
	struct drm_dg1_exec x = {
		.exec_queue_id = q, .batch_address = batch,
		.num_syncs = n, .syncs = (uintptr_t)s,
	};

	return ioctl(fd, DRM_IOCTL_DG1_EXEC, &x) ? -errno : 0;
}

uint32_t exec_out(int fd, uint32_t q, uint64_t batch)
{
	struct drm_dg1_sync s = {
		.type = DRM_DG1_SYNC_TYPE_SYNCOBJ,
		.flags = DRM_DG1_SYNC_FLAG_SIGNAL,
		.handle = syncobj_create(fd, 0),
	};
	int err = __exec(fd, q, batch, &s, 1);

	igt_assert_f(!err, "EXEC: %s", strerror(-err));
	return s.handle;
}

void wait_ok(int fd, uint32_t so, uint64_t timeout_ms)
{
	int err = __syncobj_wait(fd, &so, 1, timeout_ms * NSEC_PER_MSEC);

	igt_assert_f(!err, "syncobj not signalled after %llu ms: %s",
		     (unsigned long long)timeout_ms, strerror(-err));
}

int sync_file_of(int fd, uint32_t so)
{
	struct drm_syncobj_handle h = {
		.handle = so,
		.flags = DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE,
		.fd = -1,
	};

	do_ioctl(fd, DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, &h);
	return h.fd;
}

int sync_file_fence(int sync_fd, struct sync_fence_info *fi)
{
	struct sync_file_info info = {
		.num_fences = 1, .sync_fence_info = (uintptr_t)fi,
	};

	memset(fi, 0, sizeof(*fi));
	do_ioctl(sync_fd, SYNC_IOC_FILE_INFO, &info);
	igt_assert_eq_u32(info.num_fences, 1);
	return fi->status;
}

int fence_status(int fd, uint32_t so)
{
	struct sync_fence_info fi;
	int sync_fd = sync_file_of(fd, so);
	int status = sync_file_fence(sync_fd, &fi);

	close(sync_fd);
	return status;
}

void exec_rig_open(struct exec_rig *r, int fd)
{
	r->fd = fd;
	r->vm = vm_create(fd);
	r->batch = gem_create(fd, EXEC_RIG_BATCH_SIZE, GEM_SMEM, 0);
	r->data = gem_create(fd, 4096, GEM_SMEM, 0);
	r->cs = gem_mmap(fd, r->batch, EXEC_RIG_BATCH_SIZE);
	r->out = gem_mmap(fd, r->data, 4096);
	vm_map(fd, r->vm, r->batch, 0, EXEC_RIG_BATCH_VA, EXEC_RIG_BATCH_SIZE, 0);
	vm_map(fd, r->vm, r->data, 0, EXEC_RIG_DATA_VA, 4096, 0);
}

void exec_rig_close(struct exec_rig *r)
{
	vm_unmap(r->fd, r->vm, EXEC_RIG_BATCH_VA, EXEC_RIG_BATCH_SIZE);
	vm_unmap(r->fd, r->vm, EXEC_RIG_DATA_VA, 4096);
	munmap((void *)r->cs, EXEC_RIG_BATCH_SIZE);
	munmap((void *)r->out, 4096);
	gem_close(r->fd, r->batch);
	gem_close(r->fd, r->data);
	vm_destroy(r->fd, r->vm);
}
