/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_RC6_H_
#define _DG1_GT_RC6_H_

#include <linux/types.h>

struct dg1_gt;

void dg1_gt_rc6_init(struct dg1_gt *gt);
int dg1_gt_rc6_enable(struct dg1_gt *gt);
void dg1_gt_rc6_disable(struct dg1_gt *gt);
void dg1_gt_rc6_suspend(struct dg1_gt *gt);
u64 dg1_gt_rc6_residency_ns(struct dg1_gt *gt);

#endif /* _DG1_GT_RC6_H_ */
