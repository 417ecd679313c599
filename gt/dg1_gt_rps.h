/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_RPS_H_
#define _DG1_GT_RPS_H_

#include <linux/types.h>

struct dg1_gt;

/**
 * enum dg1_gt_rps_freq - a frequency of the GT, as sysfs names it
 * @DG1_RPS_RP0: the fastest the part runs at
 * @DG1_RPS_RP1: the most efficient
 * @DG1_RPS_RPN: the slowest
 * @DG1_RPS_MIN: the lowest the driver requests (settable)
 * @DG1_RPS_MAX: the highest the driver requests (settable)
 * @DG1_RPS_BOOST: what the driver requests while work runs (settable)
 * @DG1_RPS_CUR: the last request
 * @DG1_RPS_ACT: what the hardware runs at now; 0 in RC6
 */
enum dg1_gt_rps_freq {
	DG1_RPS_RP0,
	DG1_RPS_RP1,
	DG1_RPS_RPN,
	DG1_RPS_MIN,
	DG1_RPS_MAX,
	DG1_RPS_BOOST,
	DG1_RPS_CUR,
	DG1_RPS_ACT,
};

void dg1_gt_rps_init(struct dg1_gt *gt);
void dg1_gt_rps_resume(struct dg1_gt *gt);
void dg1_gt_rps_suspend(struct dg1_gt *gt);
void dg1_gt_rps_fini(struct dg1_gt *gt);
void dg1_gt_rps_busy(struct dg1_gt *gt);
void dg1_gt_rps_idle(struct dg1_gt *gt);
u32 dg1_gt_rps_get_mhz(struct dg1_gt *gt, enum dg1_gt_rps_freq which);
int dg1_gt_rps_set_mhz(struct dg1_gt *gt, enum dg1_gt_rps_freq which,
		       u32 mhz);

#endif /* _DG1_GT_RPS_H_ */
