// SPDX-License-Identifier: GPL-2.0
/*
 * dg1_exec_inputs.c - every documented errno of EXEC_QUEUE_CREATE,
 * EXEC_QUEUE_DESTROY and EXEC (uapi/dg1_drm.h), and that a refused call
 * changed nothing: no queue made, no syncobj signalled.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "igt.h"
#include "dg1_exec.h"

static unsigned int cases;

static void create_fails(struct drm_dg1_exec_queue_create c, int want,
			 const char *what)
{
	int ret = ioctl(dut.fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &c) ? -errno : 0;

	cases++;
	igt_assert_f(ret == want, "create with %s: %d (%s), want %d", what,
		     ret, strerror(-ret), want);
	igt_assert_f(!c.exec_queue_id, "create with %s returned id %u", what,
		     c.exec_queue_id);
}

static void exec_fails(struct drm_dg1_exec x, int want, const char *what,
		       uint32_t out)
{
	int ret = ioctl(dut.fd, DRM_IOCTL_DG1_EXEC, &x) ? -errno : 0;

	cases++;
	igt_assert_f(ret == want, "exec with %s: %d (%s), want %d", what, ret,
		     strerror(-ret), want);
	/* Nothing submitted: the out-syncobj got no fence. */
	igt_assert_f(__syncobj_wait(dut.fd, &out, 1, 0) == -EINVAL,
		     "exec with %s signalled its syncobj", what);
}

void test_bad_input(void)
{
	const struct drm_dg1_exec_queue_create good = {
		.engine = dut.engines[0],
	};
	struct drm_dg1_exec_queue_create c;
	struct drm_dg1_exec_queue_destroy d;
	struct drm_dg1_sync s[65];
	struct drm_dg1_exec x;
	uint32_t q, out, vm2;
	unsigned int i;
	pid_t pid;
	int status;

	cases = 0;
	ctx_open();
	*batch_at(0) = MI_BATCH_BUFFER_END;

	/* EXEC_QUEUE_CREATE */
	c = good; c.vm_id = ex.vm;
	q = queue_create(dut.fd, ex.vm, &dut.engines[0], 0);
	c.extensions = 1;
	create_fails(c, -EINVAL, "extensions");
	c = good; c.vm_id = ex.vm; c.flags = 1;
	create_fails(c, -EINVAL, "flags");
	c = good; c.vm_id = ex.vm; c.engine.pad = 1;
	create_fails(c, -EINVAL, "engine pad");
	c = good; c.vm_id = ex.vm; c.reserved[1] = 1;
	create_fails(c, -EINVAL, "reserved");
	c = good; c.vm_id = ex.vm; c.priority = 2;
	create_fails(c, -EINVAL, "priority 2");
	c = good; c.vm_id = ex.vm; c.priority = -2;
	create_fails(c, -EINVAL, "priority -2");
	c = good; c.vm_id = ex.vm; c.exec_queue_id = 5;
	cases++;
	igt_assert_eq(ioctl(dut.fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &c) ? -errno : 0,
		      -EINVAL);
	c = good; c.vm_id = ex.vm; c.engine.engine_class = 7;
	create_fails(c, -ENOENT, "engine class 7");
	c = good; c.vm_id = ex.vm;
	c.engine.engine_class = DRM_DG1_ENGINE_CLASS_VIDEO_DECODE;
	c.engine.engine_instance = 1;		/* DG1 has no VCS1 */
	create_fails(c, -ENOENT, "vcs1");
	c = good; c.vm_id = 0;
	create_fails(c, -ENOENT, "vm 0");
	c = good; c.vm_id = ex.vm + 1000;
	create_fails(c, -ENOENT, "unknown vm");
	/* Another file's VM is not this file's. */
	{
		int fd2 = igt_dg1_open_render();

		uint32_t ids[16];
		unsigned int k = 0;

		/* A VM of the other file with an id above this file's VM. */
		do {
			ids[k] = vm_create(fd2);
		} while (ids[k++] <= ex.vm && k < 16);
		vm2 = ids[k - 1];
		igt_assert(vm2 > ex.vm);
		c = good; c.vm_id = vm2;
		create_fails(c, -ENOENT, "another file's vm id");
		while (k)
			vm_destroy(fd2, ids[--k]);
		close(fd2);
	}
	/* High priority without CAP_SYS_NICE. */
	pid = fork();
	igt_assert(pid >= 0);
	if (!pid) {
		c = good; c.vm_id = ex.vm; c.priority = 1;
		if (setresuid(65534, 65534, 65534))
			_exit(2);
		_exit(ioctl(dut.fd, DRM_IOCTL_DG1_EXEC_QUEUE_CREATE, &c) &&
		      errno == EPERM ? 0 : 1);
	}
	igt_assert(waitpid(pid, &status, 0) == pid);
	cases++;
	igt_assert_f(WIFEXITED(status) && !WEXITSTATUS(status),
		     "high priority without CAP_SYS_NICE: child status 0x%x",
		     status);

	/* EXEC */
	out = syncobj_create(dut.fd, 0);
	memset(s, 0, sizeof(s));
	s[0].type = DRM_DG1_SYNC_TYPE_SYNCOBJ;
	s[0].flags = DRM_DG1_SYNC_FLAG_SIGNAL;
	s[0].handle = out;
	memset(&x, 0, sizeof(x));
	x.exec_queue_id = q;
	x.batch_address = BATCH_VA;
	x.num_syncs = 1;
	x.syncs = (uintptr_t)s;

#define EXEC_CASE(field, val, errno_, what) do {			\
		struct drm_dg1_exec y = x;				\
		y.field = (val);					\
		exec_fails(y, errno_, what, out);			\
	} while (0)
	EXEC_CASE(extensions, 1, -EINVAL, "extensions");
	EXEC_CASE(flags, 1, -EINVAL, "flags");
	EXEC_CASE(pad, 1, -EINVAL, "pad");
	EXEC_CASE(reserved[0], 1, -EINVAL, "reserved");
	EXEC_CASE(batch_address, BATCH_VA + 4, -EINVAL, "unaligned batch");
	EXEC_CASE(batch_address, 0x7000000, -EFAULT, "unbound batch");
	EXEC_CASE(exec_queue_id, 0, -ENOENT, "queue 0");
	EXEC_CASE(exec_queue_id, q + 100, -ENOENT, "unknown queue");
	EXEC_CASE(num_syncs, 65, -E2BIG, "65 syncs");
	EXEC_CASE(syncs, 8, -EFAULT, "unreadable syncs");
	s[0].pad = 1;
	exec_fails(x, -EINVAL, "sync pad", out);
	s[0].pad = 0;
	s[0].handle = out + 1000;
	exec_fails(x, -ENOENT, "unknown syncobj", out);
	s[0].handle = out;
	s[0].type = 7;
	exec_fails(x, -EINVAL, "sync type 7", out);
	s[0].type = DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ;
	exec_fails(x, -EINVAL, "timeline point 0", out);
	s[0].type = DRM_DG1_SYNC_TYPE_SYNCOBJ;
	/* A wait on a syncobj without a fence. */
	s[1].type = DRM_DG1_SYNC_TYPE_SYNCOBJ;
	s[1].handle = syncobj_create(dut.fd, 0);
	{
		struct drm_dg1_exec y = x;

		y.num_syncs = 2;
		exec_fails(y, -EINVAL, "wait without a fence", out);
	}
	syncobj_destroy(dut.fd, s[1].handle);
	/*
	 * A point of a binary syncobj that has a fence: the lookup fails,
	 * and must not drop the fence the syncobj holds (dg1_fuzz seed 1
	 * found KASAN's use-after-free when the syncobj went next).
	 */
	s[1].type = DRM_DG1_SYNC_TYPE_TIMELINE_SYNCOBJ;
	s[1].timeline_value = 1;
	s[1].handle = syncobj_create(dut.fd, DRM_SYNCOBJ_CREATE_SIGNALED);
	for (i = 0; i < 2; i++) {
		struct drm_dg1_exec y = x;

		y.num_syncs = 2;
		exec_fails(y, -EINVAL, "a point of a signalled binary syncobj",
			   out);
	}
	igt_assert_eq(__syncobj_wait(dut.fd, &s[1].handle, 1, 0), 0);
	syncobj_destroy(dut.fd, s[1].handle);
	memset(&s[1], 0, sizeof(s[1]));

	/* EXEC_QUEUE_DESTROY */
	memset(&d, 0, sizeof(d));
	d.exec_queue_id = q;
	d.pad = 1;
	cases++;
	igt_assert_eq(ioctl(dut.fd, DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY, &d) ? -errno : 0,
		      -EINVAL);
	d.pad = 0;
	d.reserved[0] = 1;
	cases++;
	igt_assert_eq(ioctl(dut.fd, DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY, &d) ? -errno : 0,
		      -EINVAL);
	d.reserved[0] = 0;
	/* Still there: a good exec works. */
	igt_assert_eq(__exec(dut.fd, q, BATCH_VA, s, 1), 0);
	wait_ok(dut.fd, out, EXEC_TIMEOUT_MS);
	queue_destroy(dut.fd, q);
	cases++;
	igt_assert_eq(ioctl(dut.fd, DRM_IOCTL_DG1_EXEC_QUEUE_DESTROY, &d) ? -errno : 0,
		      -ENOENT);
	syncobj_reset(dut.fd, out);
	exec_fails(x, -ENOENT, "destroyed queue", out);
	for (i = 0; i < 1; i++)
		syncobj_destroy(dut.fd, out);
	ctx_close();
	igt_info("%u bad inputs refused with their documented errno\n", cases);
}
