/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_CLOCK_H_
#define _DG1_GT_CLOCK_H_

#include <linux/types.h>

struct dg1_gt;

void dg1_gt_clock_init(struct dg1_gt *gt);

#endif /* _DG1_GT_CLOCK_H_ */
