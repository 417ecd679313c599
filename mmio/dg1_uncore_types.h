/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_UNCORE_TYPES_H_
#define _DG1_UNCORE_TYPES_H_

#include "mmio/dg1_forcewake_types.h"
#include "mmio/dg1_mmio_types.h"

/**
 * struct dg1_uncore - register access with power domains
 *
 * The register window and the forcewake domains that keep its registers
 * powered, side by side; the uncore accessors use both.
 */
struct dg1_uncore {
	/** @mmio: the BAR0 register window */
	struct dg1_mmio mmio;
	/** @fw: the GT's forcewake domains */
	struct dg1_force_wake fw;
};

#endif /* _DG1_UNCORE_TYPES_H_ */
