/* SPDX-License-Identifier: GPL-2.0 */
/*
 * igt_dg1.h - dg1 device helpers for tests: the dg1_dev.h ones, turned into
 * skips (no device, not vdg1) and assertions (ioctl failures).
 */
#ifndef IGT_DG1_H
#define IGT_DG1_H

#include <stddef.h>
#include <stdint.h>

#include "dg1_dev.h"
#include "igt_core.h"

/* fd of the dg1 render node; skips when there is none. */
int igt_dg1_open_render(void);

/* /sys/bus/pci/devices/<bdf> of the device behind @fd into @path; skips. */
void igt_dg1_pci_path(int fd, char *path, size_t len);

/* vdg1's counters page of the device behind @fd; skips with the reason. */
struct vdg1_counters *vdg1_counters_open(int fd);
/* The same, but NULL (and the reason in @why) instead of skipping. */
struct vdg1_counters *vdg1_counters_try_open(int fd, char *why, size_t len);
void vdg1_counters_close(struct vdg1_counters *c);

/* The device's DRM debugfs directory into @dir; skips with the reason. */
void igt_dg1_require_debugfs(int fd, char *dir, size_t len);

/*
 * Two-pass DRM_DG1_QUERY of @item, asserting both passes succeed and agree
 * on the size. Returns a malloc'd answer of *size bytes.
 */
void *igt_dg1_query_item(int fd, uint32_t item, uint32_t *size);

#endif /* IGT_DG1_H */
