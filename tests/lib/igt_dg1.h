/* SPDX-License-Identifier: GPL-2.0 */
/*
 * igt_dg1.h - dg1 device helpers for tests: the dg1_dev*.h ones, turned
 * into skips or failures (no device, not vdg1) and assertions (ioctl
 * failures).
 *
 * DG1_EXPECT_VDG1=1 (the test VM exports it in every vdg1 scenario) says
 * the device is vdg1. Then whatever a test needs and cannot get - the
 * render node, sysfs, debugfs, vdg1's counters page - is a failure, and
 * every check that only the model can answer runs. Without it (a real
 * DG1) those skip with the reason.
 */
#ifndef IGT_DG1_H
#define IGT_DG1_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dg1_dev.h"
#include "dg1_dev_vdg1.h"
#include "igt_core.h"

/*
 * Whether $DG1_EXPECT_VDG1 is 1. Unset, empty or 0 mean no; any other
 * value fails the running block (a typo must not turn checks into skips).
 */
bool igt_dg1_expect_vdg1(void);

/*
 * @n, the full count of a stress loop, divided by $DG1_STRESS_DIVISOR
 * (unset: 1), never below @min. A value that is not a whole number from 1
 * to 1000 fails the running block.
 */
unsigned int igt_dg1_stress(unsigned int n, unsigned int min);

void __igt_dg1_unavailable(const char *file, int line, const char *func,
			   const char *fmt, ...)
	__igt_printf(4, 5) __igt_noreturn;

/*
 * Something a test needs is missing: a failure under DG1_EXPECT_VDG1=1, a
 * skip otherwise; the message says which and why.
 */
#define igt_dg1_unavailable(f...) \
	__igt_dg1_unavailable(__FILE__, __LINE__, __func__, f)

#define igt_dg1_require_f(expr, f...) do { \
	if (!(expr)) \
		igt_dg1_unavailable(f); \
} while (0)

/* fd of the dg1 render node, else unavailable. */
int igt_dg1_open_render(void);

/*
 * vdg1's counters page of the PCI device at @pci. Fails when
 * DG1_EXPECT_VDG1=1 and the page cannot be mapped, and always when the
 * page is vdg1's but of another layout version; otherwise NULL, with the
 * reason in @why.
 */
struct dg1dev_vdg1 *igt_dg1_vdg1_probe(const char *pci, char *why,
				       size_t len);
void igt_dg1_vdg1_close(struct dg1dev_vdg1 *v);

/* The device's DRM debugfs directory into @dir, else unavailable. */
void igt_dg1_require_debugfs(const char *pci, char *dir, size_t len);

/*
 * Two-pass DRM_DG1_QUERY of @item, asserting both passes succeed and agree
 * on the size. Returns a malloc'd answer of *size bytes.
 */
void *igt_dg1_query_item(int fd, uint32_t item, uint32_t *size);

struct dg1dev_klog;
/* No WARNING, BUG or Oops in the kernel log since dg1dev_klog_start(). */
void igt_dg1_assert_klog_clean(struct dg1dev_klog *klog);

#endif /* IGT_DG1_H */
