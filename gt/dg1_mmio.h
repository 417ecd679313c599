/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_MMIO_H_
#define _DG1_MMIO_H_

#include <linux/sizes.h>
#include <linux/types.h>

#include "gt/dg1_mmio_types.h"
#include "regs/dg1_reg_defs.h"

/* Size of the register window at the start of BAR0 (HARDWARE.md §1.3). */
#define DG1_MMIO_SIZE	SZ_4M

/* Longest busy-wait dg1_mmio_wait_for_register() accepts (i915: 20 ms). */
#define DG1_MMIO_FAST_TIMEOUT_MAX_US	20000

int dg1_mmio_init(struct dg1_mmio *mmio, struct drm_device *drm);

/* Raw: no forcewake, no lock. For forcewake itself and tests. */
u32 dg1_mmio_raw_read32(struct dg1_mmio *mmio, struct dg1_reg reg);
void dg1_mmio_raw_write32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 val);
int dg1_mmio_raw_wait32_atomic(struct dg1_mmio *mmio, struct dg1_reg reg,
			       u32 mask, u32 value, u32 timeout_us,
			       u32 *out_value);

/* Forcewake-aware: take the register's domains around the access. */
u32 dg1_mmio_read32(struct dg1_mmio *mmio, struct dg1_reg reg);
void dg1_mmio_write32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 val);
u32 dg1_mmio_rmw32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 clear,
		   u32 set);
u64 dg1_mmio_read64_2x32(struct dg1_mmio *mmio, struct dg1_reg lower,
			 struct dg1_reg upper);
int dg1_mmio_wait_for_register(struct dg1_mmio *mmio, struct dg1_reg reg,
			       u32 mask, u32 value,
			       unsigned int fast_timeout_us,
			       unsigned int slow_timeout_ms, u32 *out_value);

/* _fw: the caller holds the register's domains (dg1_force_wake_get()). */
u32 dg1_mmio_read32_fw(struct dg1_mmio *mmio, struct dg1_reg reg);
void dg1_mmio_write32_fw(struct dg1_mmio *mmio, struct dg1_reg reg, u32 val);
u32 dg1_mmio_rmw32_fw(struct dg1_mmio *mmio, struct dg1_reg reg, u32 clear,
		      u32 set);
u64 dg1_mmio_read64_2x32_fw(struct dg1_mmio *mmio, struct dg1_reg lower,
			    struct dg1_reg upper);

#endif /* _DG1_MMIO_H_ */
