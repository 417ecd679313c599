// SPDX-License-Identifier: GPL-2.0
/*
 * xe_vdg1 - the stock xe driver on vdg1, as far as its execlist backend
 * goes on a DG1.
 *
 * The stock-xe scenario loads Debian's xe.ko with force_probe=4905
 * force_execlist=1 probe_display=0 and runs this with xe bound. As in
 * i915_vdg1, every expectation comes from outside xe: the engine list
 * from vdg1's media fuse, the rules from vdg1's counters page.
 *
 * What xe does on a real DG1 that is xe's own, and excused here by name:
 * - its hwmon asks PCODE for the I1 power limit (xe_hwmon.c, skipped only
 *   on DG2), which DG1 firmware refuses with "Illegal Subcommand" (i915
 *   i915_hwmon.c skips it on DG1 for that reason): three *ERROR* lines;
 * - its execlist backend polls RING_EXECLIST_STATUS_LO/HI once a second
 *   without forcewake (xe_execlist.c, the irq fail timer). In execlist
 *   mode xe never enables RC6 (that is GuC's job), so on hardware the
 *   domains stay up; vdg1 powers idle domains down and counts the reads.
 * The xe uapi below is the part this test uses, as 6.12's
 * include/uapi/drm/xe_drm.h defines it (Debian 12's libdrm has no xe).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <drm.h>

#include "igt.h"
#include "igt_stock.h"

struct xe_engine_class_instance {
	__u16 engine_class;
	__u16 engine_instance;
	__u16 gt_id;
	__u16 pad;
};

struct xe_engine {
	struct xe_engine_class_instance instance;
	__u64 reserved[3];
};

struct xe_query_engines {
	__u32 num_engines;
	__u32 pad;
	struct xe_engine engines[];
};

struct xe_device_query {
	__u64 extensions;
	__u32 query;
	__u32 size;
	__u64 data;
	__u64 reserved[2];
};

#define XE_DEVICE_QUERY_ENGINES	0
#define DRM_IOCTL_XE_DEVICE_QUERY \
	DRM_IOWR(DRM_COMMAND_BASE + 0x00, struct xe_device_query)

/* Engine register offsets (from the engine's base) xe's poll reads. */
#define RING_EXECLIST_STATUS_LO	0x234
#define RING_EXECLIST_STATUS_HI	0x238

static const uint32_t engine_base[] = {
	0x2000, 0x22000, 0x1c0000, 0x1d0000, 0x1c8000,	/* vdg1's order */
};

static int fd = -1;
static char pci[PATH_MAX];
static struct dg1dev_vdg1 *vdg1;

static const char *const xe_error[] = { "xe ", "*ERROR*", NULL };
static const char *const warning[] = { "WARNING:", NULL };
static const char *const *const bad_lines[] = { xe_error, warning, NULL };
static const char *const pcode_i1[] = {
	"PCODE Mailbox failed: 4 Illegal Subcommand", NULL
};

static bool xe_execlist_poll(uint32_t offset)
{
	unsigned int i;

	for (i = 0; i < sizeof(engine_base) / sizeof(engine_base[0]); i++)
		if (offset == engine_base[i] + RING_EXECLIST_STATUS_LO ||
		    offset == engine_base[i] + RING_EXECLIST_STATUS_HI)
			return true;
	return false;
}

igt_main
{
	igt_fixture {
		stock_open("xe", pci, sizeof(pci), &vdg1);
		fd = stock_open_render("xe");
		igt_assert_f(fd >= 0, "no xe render node: %s", strerror(-fd));
	}

	igt_subtest("probe-log")
		stock_assert_log_clean(bad_lines, pcode_i1);

	igt_subtest("version") {
		char name[32] = "";
		struct drm_version v = {
			.name = name,
			.name_len = sizeof(name) - 1,
		};

		do_ioctl(fd, DRM_IOCTL_VERSION, &v);
		igt_info("%s %d.%d.%d\n", name, v.version_major,
			 v.version_minor, v.version_patchlevel);
		igt_assert_f(!strcmp(name, "xe"), "driver name %s", name);
	}

	igt_subtest("query-engines") {
		struct stock_engine want[DG1DEV_MAX_ENGINES];
		unsigned int n = stock_expected_engines(vdg1, want), i, k;
		struct xe_device_query q = { .query = XE_DEVICE_QUERY_ENGINES };
		struct xe_query_engines *e;

		do_ioctl(fd, DRM_IOCTL_XE_DEVICE_QUERY, &q);
		igt_assert_f(q.size >= sizeof(*e), "engine query size %u",
			     q.size);
		e = calloc(1, q.size);
		igt_assert(e);
		q.data = (uintptr_t)e;
		do_ioctl(fd, DRM_IOCTL_XE_DEVICE_QUERY, &q);
		for (i = 0; i < e->num_engines; i++)
			igt_info("engine %u: class %u instance %u gt %u\n", i,
				 e->engines[i].instance.engine_class,
				 e->engines[i].instance.engine_instance,
				 e->engines[i].instance.gt_id);
		/* Every engine the fuses leave, and nothing else. */
		igt_assert_eq(e->num_engines, n);
		for (k = 0; k < n; k++) {
			for (i = 0; i < e->num_engines; i++)
				if (e->engines[i].instance.engine_class ==
				    want[k].engine_class &&
				    e->engines[i].instance.engine_instance ==
				    want[k].engine_instance)
					break;
			igt_assert_f(i < e->num_engines, "xe lists no %s%u",
				     stock_class_name(want[k].engine_class),
				     want[k].engine_instance);
		}
		free(e);
	}

	igt_subtest("vdg1-rules-bound")
		stock_assert_rules(vdg1, "with xe bound", xe_execlist_poll);

	igt_subtest("unbind-clean") {
		close(fd);
		fd = -1;
		stock_unbind(pci, "xe");
		stock_assert_log_clean(bad_lines, pcode_i1);
		stock_assert_rules(vdg1, "after unbind", xe_execlist_poll);
	}

	igt_fixture {
		if (fd >= 0)
			close(fd);
		igt_dg1_vdg1_close(vdg1);
	}
}
