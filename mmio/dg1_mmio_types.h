/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_MMIO_TYPES_H_
#define _DG1_MMIO_TYPES_H_

#include <linux/compiler_types.h>
#include <linux/types.h>

struct drm_device;

/**
 * struct dg1_mmio - the register window of BAR0
 *
 * The first 4 MiB of BAR0 (GTTMMADR) hold the registers (Vol 13 General
 * Assets, "PCIe MMIO Memory BARs"). A &struct dg1_reg offset has 22 bits,
 * so it always falls inside. The window knows nothing of power domains:
 * that is the uncore's business (mmio/dg1_uncore.c).
 */
struct dg1_mmio {
	/** @drm: device the window belongs to, for messages */
	struct drm_device *drm;
	/** @regs: uncached mapping of the register range, DG1_MMIO_SIZE bytes */
	void __iomem *regs;
};

#endif /* _DG1_MMIO_TYPES_H_ */
