// SPDX-License-Identifier: GPL-2.0
/*
 * igt_stock.c - helpers for tests of stock drivers on vdg1 (igt_stock.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <drm.h>

#include "dg1_dev_klog.h"
#include "igt_stock.h"

void stock_open(const char *driver, char *pci, size_t len,
		struct dg1dev_vdg1 **vdg1)
{
	char why[256], bound[64];
	int err = dg1dev_pci_find(0, pci, len);

	igt_dg1_require_f(!err, "no PCI device with a DG1 id: %s",
			  strerror(-err));
	err = dg1dev_pci_driver(pci, bound, sizeof(bound));
	igt_assert_f(!err && !strcmp(bound, driver),
		     "%s is bound to %s, not %s", pci,
		     err ? "nothing" : bound, driver);
	*vdg1 = igt_dg1_vdg1_probe(pci, why, sizeof(why));
	if (!*vdg1)
		igt_dg1_unavailable("vdg1 counters unavailable: %s", why);
}

int stock_open_render(const char *name)
{
	char path[64], drv[32];
	int minor, f;

	for (minor = 128; minor < 192; minor++) {
		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		f = open(path, O_RDWR | O_CLOEXEC);
		if (f < 0)
			continue;
		if (!dg1dev_driver_name(f, drv, sizeof(drv)) &&
		    !strcmp(drv, name))
			return f;
		close(f);
	}
	return -ENODEV;
}

unsigned int stock_expected_engines(struct dg1dev_vdg1 *vdg1,
				    struct stock_engine *out)
{
	struct vdg1_counters_page s;
	unsigned int i, n = 0, per_class[4] = { 0 };
	const struct drm_dg1_engine_class_instance *e;

	dg1dev_vdg1_snapshot(vdg1, &s);
	/* vdg1 numbers its engines in dg1dev_dg1_engines' order. */
	for (i = 0; i < DG1DEV_MAX_ENGINES; i++) {
		e = &dg1dev_dg1_engines[i];
		if (!dg1dev_media_fuse_leaves(e, s.fuse_vebox_vdbox_disable))
			continue;
		out[n].engine_class = e->engine_class;
		out[n].engine_instance = per_class[e->engine_class]++;
		out[n].vdg1_id = i;
		n++;
	}
	return n;
}

const char *stock_class_name(unsigned int c)
{
	static const char *const names[] = { "rcs", "bcs", "vcs", "vecs" };

	return c < 4 ? names[c] : "?";
}

void stock_assert_log_clean(const char *const *const *bad,
			    const char *const *allowed)
{
	struct dg1dev_klog since_boot = { 0 };
	char line[1024];
	int where;

	for (; *bad; bad++) {
		where = dg1dev_klog_find_unless(&since_boot, *bad, allowed,
						line, sizeof(line));
		igt_assert_f(where >= 0, "cannot read the kernel log: %s",
			     strerror(-where));
		igt_assert_f(!where, "the kernel logged: %s", line);
	}
	for (; allowed && *allowed; allowed++) {
		const char *one[] = { *allowed, NULL };

		if (dg1dev_klog_find(&since_boot, one, line, sizeof(line)) > 0)
			igt_info("allowed: %s\n", line);
	}
}

void stock_assert_rules(struct dg1dev_vdg1 *vdg1, const char *when,
			bool (*excused)(uint32_t offset))
{
	struct vdg1_counters_page s;
	char line[512];
	unsigned int i, n;

	dg1dev_vdg1_snapshot(vdg1, &s);
	dg1dev_vdg1_format_counters(&s, line, sizeof(line));
	igt_info("vdg1 %s: %s\n", when, line);
	igt_info("vdg1 %s: unclaimed %u reads, %u writes (latest 0x%x); protocol violations %u (latest kind %u)\n",
		 when, s.unclaimed_reads, s.unclaimed_writes, s.last_unclaimed,
		 s.protocol_violations, s.last_protocol_violation);
	for (i = n = 0; i < VDG1_WAKE_OFFSETS && s.wake_violation_offsets[i]; i++) {
		uint32_t off = s.wake_violation_offsets[i];
		bool ok = excused && excused(off);

		igt_info("wake violation at 0x%06x%s\n", off,
			 ok ? " (excused)" : "");
		n += !ok;
	}
	igt_assert_f(!n && (excused || !s.wake_violations),
		     "%u accesses to registers of sleeping domains, the latest at 0x%x",
		     s.wake_violations, s.last_wake_violation);
	igt_assert_f(!s.mcr_terminated,
		     "%u MCR accesses steered to fused-off instances, the latest at 0x%x",
		     s.mcr_terminated, s.last_mcr_terminated);
	igt_assert_f(!s.protocol_violations,
		     "%u protocol violations, the latest of kind %u",
		     s.protocol_violations, s.last_protocol_violation);
}

void stock_assert_driver_name(int fd, const char *driver)
{
	char name[32] = "";
	struct drm_version v = {
		.name = name,
		.name_len = sizeof(name) - 1,
	};

	do_ioctl(fd, DRM_IOCTL_VERSION, &v);
	igt_info("%s %d.%d.%d\n", name, v.version_major, v.version_minor,
		 v.version_patchlevel);
	igt_assert_f(!strcmp(name, driver), "driver name %s, want %s", name,
		     driver);
}

void stock_store_batch(uint32_t *batch, uint64_t va, uint32_t value)
{
	batch[0] = 0x20u << 23 | 2;	/* MI_STORE_DWORD_IMM, PPGTT */
	batch[1] = (uint32_t)va;
	batch[2] = (uint32_t)(va >> 32);
	batch[3] = value;
	batch[4] = 0x0au << 23;		/* MI_BATCH_BUFFER_END */
}

void stock_unbind(const char *pci, const char *driver)
{
	char path[128], bound[64];
	const char *bdf = strrchr(pci, '/') + 1;
	int err;

	snprintf(path, sizeof(path), "/sys/bus/pci/drivers/%s/unbind",
		 driver);
	err = dg1dev_sysfs_write(path, bdf);
	igt_assert_f(!err, "unbind %s from %s: %s", bdf, driver,
		     strerror(-err));
	err = dg1dev_pci_driver(pci, bound, sizeof(bound));
	igt_assert_f(err == -ENOENT, "%s still bound after unbind", bdf);
}
