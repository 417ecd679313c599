/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_MCR_TYPES_H_
#define _DG1_GT_MCR_TYPES_H_

#include <linux/types.h>

/**
 * enum dg1_steering_type - replication groups of multicast registers
 *
 * From the Force Wake and Steering Table (Vol 13 General Assets).
 *
 * @DG1_STEERING_DSS: one instance per dual subslice, up to 6; fused-off
 *	ones are terminated
 * @DG1_STEERING_L3BANK: one instance per L3 bank pair, 4 (one fuse bit
 *	per pair, as i915 and xe steer); fused-off ones are terminated
 * @DG1_STEERING_SQIDI: 2 instances, always present
 * @DG1_STEERING_COUNT: number of groups
 */
enum dg1_steering_type {
	DG1_STEERING_DSS,
	DG1_STEERING_L3BANK,
	DG1_STEERING_SQIDI,
	DG1_STEERING_COUNT
};

/**
 * struct dg1_mcr_range - a range of replicated registers
 */
struct dg1_mcr_range {
	/** @start: first byte offset */
	u32 start;
	/** @end: last byte offset (inclusive) */
	u32 end;
	/** @type: replication group */
	enum dg1_steering_type type;
};

/**
 * struct dg1_mcr_target - where an access is steered
 *
 * The manual calls them sliceid/subsliceid (same table, steering registers).
 */
struct dg1_mcr_target {
	/** @group: slice; DG1 has only slice 0 */
	u8 group;
	/** @instance: subslice, i.e. the instance within the group */
	u8 instance;
};

/**
 * struct dg1_gt_steering - steering decided from the fuses
 *
 * A read of a replicated register returns one instance's value; a fused
 * off or powered down instance reads 0. So the default target, programmed
 * in the selector, is the first enabled DSS; groups whose instance of that
 * number is fused off (or does not exist) are steered explicitly to one of
 * theirs (i915 intel_gt_mcr.c).
 */
struct dg1_gt_steering {
	/** @default_target: the selector's target outside explicit steering */
	struct dg1_mcr_target default_target;
	/** @target: per group, a target with a present instance */
	struct dg1_mcr_target target[DG1_STEERING_COUNT];
	/** @explicit: per group, whether @target differs from the default */
	bool explicit[DG1_STEERING_COUNT];
	/** @instances: per group, present instances (bit n = instance n) */
	u32 instances[DG1_STEERING_COUNT];
};

#endif /* _DG1_GT_MCR_TYPES_H_ */
