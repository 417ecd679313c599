/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_FAULT_H_
#define _DG1_GT_FAULT_H_

#include <linux/types.h>

struct dg1_gt;

bool dg1_gt_fault_check(struct dg1_gt *gt);

#endif /* _DG1_GT_FAULT_H_ */
