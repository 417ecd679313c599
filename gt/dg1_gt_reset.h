/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_RESET_H_
#define _DG1_GT_RESET_H_

struct dg1_gt;

int dg1_gt_reset_all(struct dg1_gt *gt);

#endif /* _DG1_GT_RESET_H_ */
