// SPDX-License-Identifier: GPL-2.0
/*
 * igt_dg1.c - dg1 device helpers for tests.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dg1_dev_debugfs.h"
#include "dg1_dev_klog.h"
#include "igt_dg1.h"

bool igt_dg1_expect_vdg1(void)
{
	const char *env = getenv(DG1_EXPECT_VDG1_ENV);

	if (!env || !*env || !strcmp(env, "0"))
		return false;
	igt_assert_f(!strcmp(env, "1"), "$%s='%s': expected 1, 0 or unset",
		     DG1_EXPECT_VDG1_ENV, env);
	return true;
}

unsigned int igt_dg1_stress(unsigned int n, unsigned int min)
{
	const char *env = getenv(DG1_STRESS_DIVISOR_ENV);
	unsigned long d = 1;
	char *end;

	if (env && *env) {
		errno = 0;
		d = strtoul(env, &end, 10);
		igt_assert_f(!errno && !*end && d >= 1 && d <= 1000,
			     "$%s='%s': expected a whole number from 1 to 1000",
			     DG1_STRESS_DIVISOR_ENV, env);
	}
	n /= d;
	return n < min ? min : n;
}

void __igt_dg1_unavailable(const char *file, int line, const char *func,
			   const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);

	if (igt_dg1_expect_vdg1())
		__igt_fail(file, line, func, NULL,
			   "%s=1 (vdg1), yet: %s", DG1_EXPECT_VDG1_ENV, msg);
	__igt_skip(file, line, func, NULL, "%s (not vdg1: %s unset)", msg,
		   DG1_EXPECT_VDG1_ENV);
}

int igt_dg1_open_render(void)
{
	const char *env = getenv(DG1_DEVICE_ENV);
	char path[PATH_MAX];
	int fd;

	fd = dg1dev_open_render(NULL, path, sizeof(path));
	if (fd < 0 && env && *env)
		igt_dg1_unavailable("$%s=%s is not a %s render node: %s",
				    DG1_DEVICE_ENV, env, DG1DEV_DRIVER_NAME,
				    strerror(-fd));
	if (fd == -ENOENT)
		igt_dg1_unavailable("no /dev/dri: no DRM device (or devtmpfs not mounted)");
	if (fd < 0)
		igt_dg1_unavailable("no %s render node in /dev/dri: %s",
				    DG1DEV_DRIVER_NAME, strerror(-fd));

	igt_debug("using %s\n", path);
	return fd;
}

struct dg1dev_vdg1 *igt_dg1_vdg1_probe(const char *pci, char *why,
				       size_t len)
{
	struct dg1dev_vdg1 *v;
	int err;

	v = calloc(1, sizeof(*v));
	igt_assert(v);
	err = dg1dev_vdg1_map(pci, v, why, len);
	if (!err)
		return v;
	free(v);

	igt_assert_f(err != -EPROTO, "%s", why);
	igt_assert_f(!igt_dg1_expect_vdg1(),
		     "%s=1, but vdg1's counters page is unavailable: %s",
		     DG1_EXPECT_VDG1_ENV, why);
	return NULL;
}

void igt_dg1_vdg1_close(struct dg1dev_vdg1 *v)
{
	if (!v)
		return;
	dg1dev_vdg1_unmap(v);
	free(v);
}

void igt_dg1_require_debugfs(const char *pci, char *dir, size_t len)
{
	char why[512];

	igt_dg1_require_f(!dg1dev_debugfs_dir(pci, dir, len, why, sizeof(why)),
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

void igt_dg1_assert_klog_clean(struct dg1dev_klog *klog)
{
	static const char * const bad[] = { "WARNING:", "BUG:", "Oops" };
	char line[1024];
	unsigned int i;
	int where;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		const char *needles[] = { bad[i], NULL };

		where = dg1dev_klog_find(klog, needles, line, sizeof(line));
		igt_assert_f(where >= 0, "cannot read the kernel log: %s",
			     strerror(-where));
		igt_assert_f(where != 2, "the kernel logged: %s", line);
	}
}
