/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_H_
#define _DG1_GT_H_

#include "gt/dg1_gt_types.h"

struct dg1_uncore;

int dg1_gt_init(struct dg1_gt *gt, struct dg1_uncore *uncore);
int dg1_gt_reset(struct dg1_gt *gt);
int dg1_gt_suspend(struct dg1_gt *gt, bool system);

#endif /* _DG1_GT_H_ */
