/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_PAT_H_
#define _DG1_GT_PAT_H_

#include <linux/types.h>

struct dg1_gt;

int dg1_gt_pat_init(struct dg1_gt *gt);
u32 dg1_gt_pat_entry(unsigned int index);

#endif /* _DG1_GT_PAT_H_ */
