/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_MMIO_TYPES_H_
#define _DG1_MMIO_TYPES_H_

#include <linux/compiler_types.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>

struct drm_device;
struct dg1_force_wake;

/**
 * struct dg1_mmio - the register window of BAR0 and its "uncore" lock
 *
 * The first 4 MiB of BAR0 (GTTMMADR) hold the registers (HARDWARE.md §1.3).
 * A &struct dg1_reg offset has 22 bits, so it always falls inside.
 */
struct dg1_mmio {
	/** @drm: device the window belongs to, for messages */
	struct drm_device *drm;
	/** @regs: uncached mapping of the register range */
	void __iomem *regs;
	/** @size: bytes mapped at @regs */
	u32 size;
	/**
	 * @lock: the uncore lock: forcewake state, and the forcewake-aware
	 * accesses made under it. Nests inside &dg1_gt.mcr_lock, never the
	 * other way round.
	 */
	spinlock_t lock;
	/**
	 * @fw: forcewake of the GT, for the forcewake-aware accessors; NULL
	 * until the GT set it up, when only registers that need no domain
	 * may be accessed
	 */
	struct dg1_force_wake *fw;
};

#endif /* _DG1_MMIO_TYPES_H_ */
