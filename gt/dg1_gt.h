/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_H_
#define _DG1_GT_H_

#include "gt/dg1_gt_types.h"

int dg1_gt_init(struct dg1_gt *gt, struct dg1_mmio *mmio);
void dg1_gt_fini(struct dg1_gt *gt);

#endif /* _DG1_GT_H_ */
