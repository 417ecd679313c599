/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_UNCORE_H_
#define _DG1_UNCORE_H_

#include <linux/types.h>

#include "mmio/dg1_uncore_types.h"
#include "regs/dg1_reg_defs.h"

struct drm_device;

int dg1_uncore_init(struct dg1_uncore *uncore, struct drm_device *drm);
void dg1_uncore_fini(struct dg1_uncore *uncore);

/* Wake the register's domains around the access; process context. */
u32 dg1_uncore_read32(struct dg1_uncore *uncore, struct dg1_reg reg);
u64 dg1_uncore_read64_2x32(struct dg1_uncore *uncore, struct dg1_reg lower,
			   struct dg1_reg upper);

/* The caller holds the register's domains (dg1_force_wake_get()); any context. */
u32 dg1_uncore_read32_fw(struct dg1_uncore *uncore, struct dg1_reg reg);
void dg1_uncore_write32_fw(struct dg1_uncore *uncore, struct dg1_reg reg,
			   u32 val);
u32 dg1_uncore_rmw32_fw(struct dg1_uncore *uncore, struct dg1_reg reg,
			u32 clear, u32 set);
u64 dg1_uncore_read64_2x32_fw(struct dg1_uncore *uncore,
			      struct dg1_reg lower, struct dg1_reg upper);

#endif /* _DG1_UNCORE_H_ */
