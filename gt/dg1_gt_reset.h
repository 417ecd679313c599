/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_RESET_H_
#define _DG1_GT_RESET_H_

#include "gt/dg1_engine_info_types.h"

struct dg1_gt;

int dg1_gt_reset_all(struct dg1_gt *gt);
int dg1_gt_engine_reset(struct dg1_gt *gt, enum dg1_hw_engine_id id);

#endif /* _DG1_GT_RESET_H_ */
