/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_TYPES_H_
#define _DG1_GT_TYPES_H_

#include <linux/spinlock_types.h>
#include <linux/types.h>

#include "gt/dg1_gt_mcr_types.h"
#include "gt/dg1_gt_rc6_types.h"
#include "gt/dg1_gt_rps_types.h"
#include "gt/dg1_gt_tlb_types.h"
#include "gt/dg1_gt_topology_types.h"
#include "gt/dg1_gt_workarounds_types.h"
#include "gt/dg1_irq_types.h"

struct dg1_uncore;
struct drm_device;

/**
 * struct dg1_gt - the graphics tile: engines and the GT-wide state they share
 */
struct dg1_gt {
	/** @drm: the device, for messages */
	struct drm_device *drm;
	/** @uncore: register access and the forcewake domains */
	struct dg1_uncore *uncore;
	/**
	 * @mcr_lock: serialises use of the MCR selector; held only across
	 * raw register accesses, with the domains already held
	 */
	spinlock_t mcr_lock;
	/** @steering: MCR steering targets, from the fuses */
	struct dg1_gt_steering steering;
	/** @topology: what the fuses leave (DSS, EUs, L3, media boxes) */
	struct dg1_gt_topology topology;
	/** @engine_mask: present engines, BIT(&enum dg1_hw_engine_id) */
	u32 engine_mask;
	/** @clock_frequency: CS timestamp ticks per second; 0 if unknown */
	u32 clock_frequency;
	/** @tlb: PPGTT TLB invalidation */
	struct dg1_gt_tlb tlb;
	/** @wa_status: outcome of each entry of dg1_gt_wa_table at probe */
	enum dg1_gt_wa_status wa_status[DG1_GT_WA_COUNT];
	/**
	 * @engine_wa_status: outcome of each entry of dg1_engine_wa_table,
	 * at probe or at its engine's last reset
	 */
	enum dg1_gt_wa_status engine_wa_status[DG1_ENGINE_WA_COUNT];
	/** @irq: the interrupt and the counts of its handler */
	struct dg1_irq irq;
	/** @rc6: RC6 and power gating, and their residency */
	struct dg1_gt_rc6 rc6;
	/** @rps: the GT frequency */
	struct dg1_gt_rps rps;
};

#endif /* _DG1_GT_TYPES_H_ */
