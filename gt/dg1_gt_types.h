/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_TYPES_H_
#define _DG1_GT_TYPES_H_

#include <linux/types.h>

#include "gt/dg1_forcewake_types.h"
#include "gt/dg1_gt_topology_types.h"

struct dg1_mmio;

/**
 * struct dg1_gt - the graphics tile: engines and the GT-wide state they share
 */
struct dg1_gt {
	/** @mmio: register window */
	struct dg1_mmio *mmio;
	/** @fw: forcewake domains of this GT */
	struct dg1_force_wake fw;
	/** @topology: what the fuses leave (DSS, L3, media boxes) */
	struct dg1_gt_topology topology;
	/** @engine_mask: present engines, BIT(&enum dg1_hw_engine_id) */
	u32 engine_mask;
};

#endif /* _DG1_GT_TYPES_H_ */
