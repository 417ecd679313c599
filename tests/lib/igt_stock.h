/* SPDX-License-Identifier: GPL-2.0 */
/*
 * igt_stock.h - helpers for the tests that run a stock driver (i915, xe)
 * on vdg1: its render node, the engines vdg1's fuses leave in the
 * numbering those drivers give userspace, vdg1's rules, the kernel log,
 * and a clean unbind.
 */
#ifndef IGT_STOCK_H
#define IGT_STOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "igt_dg1.h"

/* An engine as i915 and xe number them for userspace. */
struct stock_engine {
	uint16_t engine_class;		/* 0 render, 1 copy, 2 video, 3 enhance */
	uint16_t engine_instance;	/* per class, from 0: VCS2 is vcs1 */
	int vdg1_id;			/* vdg1's engine index */
};

/* The device, bound to @driver, with vdg1's page mapped; else unavailable. */
void stock_open(const char *driver, char *pci, size_t len,
		struct dg1dev_vdg1 **vdg1);
/* The lowest render node whose driver is @name, or -errno. */
int stock_open_render(const char *name);
/* The engines vdg1's fuses leave, in DG1 order; returns how many. */
unsigned int stock_expected_engines(struct dg1dev_vdg1 *vdg1,
				    struct stock_engine *out);
const char *stock_class_name(unsigned int engine_class);

/*
 * No kernel log line since boot with all strings of any row of @bad
 * (NULL-terminated rows, the table ends with a NULL row), unless it also
 * contains one of @allowed (NULL-terminated; may be NULL).
 */
void stock_assert_log_clean(const char *const *const *bad,
			    const char *const *allowed);

/*
 * vdg1's rules: no terminated MCR access, no protocol violation, and no
 * wake violation but at offsets for which @excused returns true (NULL:
 * none); prints the counters, @when saying when.
 */
void stock_assert_rules(struct dg1dev_vdg1 *vdg1, const char *when,
			bool (*excused)(uint32_t offset));

/* DRM_IOCTL_VERSION on @fd names @driver. */
void stock_assert_driver_name(int fd, const char *driver);

/*
 * A batch that stores @value at PPGTT address @va and ends: 5 dwords,
 * MI_STORE_DWORD_IMM (i915 and xe alike on Gen12) and MI_BATCH_BUFFER_END.
 */
void stock_store_batch(uint32_t *batch, uint64_t va, uint32_t value);

/* Unbind @pci from @driver and check that nothing is bound. */
void stock_unbind(const char *pci, const char *driver);

#endif /* IGT_STOCK_H */
