/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_MMIO_H_
#define _DG1_MMIO_H_

#include <linux/sizes.h>
#include <linux/types.h>

#include "mmio/dg1_mmio_types.h"
#include "regs/dg1_reg_defs.h"

/* Size of the register window at the start of BAR0. */
#define DG1_MMIO_SIZE	SZ_4M

int dg1_mmio_init(struct dg1_mmio *mmio, struct drm_device *drm);

u32 dg1_mmio_read32(struct dg1_mmio *mmio, struct dg1_reg reg);
void dg1_mmio_write32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 val);
u64 dg1_mmio_read64_2x32(struct dg1_mmio *mmio, struct dg1_reg lower,
			 struct dg1_reg upper);
int dg1_mmio_wait32(struct dg1_mmio *mmio, struct dg1_reg reg, u32 mask,
		    u32 value, unsigned int timeout_us, u32 *out_value);

#endif /* _DG1_MMIO_H_ */
