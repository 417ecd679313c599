/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_WORKAROUNDS_H_
#define _DG1_GT_WORKAROUNDS_H_

#include "gt/dg1_gt_workarounds_types.h"

struct dg1_gt;
struct drm_printer;

void dg1_gt_workarounds_apply(struct dg1_gt *gt);
void dg1_gt_workarounds_print(struct dg1_gt *gt, struct drm_printer *p);

#endif /* _DG1_GT_WORKAROUNDS_H_ */
