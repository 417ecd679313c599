// SPDX-License-Identifier: GPL-2.0
/*
 * igt_dg1.c - dg1 device helpers for tests.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg1_dev_debugfs.h"
#include "igt_dg1.h"

int igt_dg1_open_render(void)
{
	const char *env = getenv(DG1_DEVICE_ENV);
	char path[PATH_MAX];
	int fd;

	fd = dg1dev_open_render(NULL, path, sizeof(path));
	if (fd < 0 && env && *env)
		igt_skip("$%s=%s is not a %s render node: %s", DG1_DEVICE_ENV,
			 env, DG1DEV_DRIVER_NAME, strerror(-fd));
	if (fd == -ENOENT)
		igt_skip("no /dev/dri: no DRM device (or devtmpfs not mounted)");
	if (fd < 0)
		igt_skip("no %s render node in /dev/dri: %s", DG1DEV_DRIVER_NAME,
			 strerror(-fd));

	igt_debug("using %s\n", path);
	return fd;
}

void igt_dg1_pci_path(int fd, char *path, size_t len)
{
	int err = dg1dev_pci_path(fd, path, len);

	igt_require_f(!err, "no sysfs PCI device for the dg1 node: %s",
		      strerror(-err));
}

struct vdg1_counters *vdg1_counters_try_open(int fd, char *why, size_t len)
{
	struct vdg1_counters *c;
	char pci[PATH_MAX];
	int err;

	err = dg1dev_pci_path(fd, pci, sizeof(pci));
	if (err) {
		snprintf(why, len, "no sysfs PCI device for the dg1 node: %s",
			 strerror(-err));
		return NULL;
	}

	c = calloc(1, sizeof(*c));
	igt_assert(c);
	if (vdg1_counters_map(pci, c, why, len)) {
		free(c);
		return NULL;
	}

	return c;
}

struct vdg1_counters *vdg1_counters_open(int fd)
{
	struct vdg1_counters *c;
	char why[256];

	c = vdg1_counters_try_open(fd, why, sizeof(why));
	if (!c)
		igt_skip("vdg1 counters unavailable: %s", why);

	return c;
}

void vdg1_counters_close(struct vdg1_counters *c)
{
	if (!c)
		return;
	vdg1_counters_unmap(c);
	free(c);
}

void igt_dg1_require_debugfs(int fd, char *dir, size_t len)
{
	char why[512];

	igt_require_f(!dg1dev_debugfs_dir(fd, dir, len, why, sizeof(why)),
		      "no dg1 debugfs: %s", why);
	igt_debug("debugfs: %s\n", dir);
}

void *igt_dg1_query_item(int fd, uint32_t item, uint32_t *size)
{
	struct drm_dg1_query q = { .query = item };
	uint32_t needed;
	void *data;

	do_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q);
	igt_assert_f(q.size, "query %u: size 0 after the sizing pass", item);
	needed = q.size;

	data = calloc(1, needed);
	igt_assert(data);
	q.data = (uintptr_t)data;
	do_ioctl(fd, DRM_IOCTL_DG1_QUERY, &q);
	igt_assert_eq_u32(q.size, needed);

	*size = q.size;
	return data;
}
