/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_WORKAROUNDS_H_
#define _DG1_GT_WORKAROUNDS_H_

#include "gt/dg1_gt_workarounds_types.h"

struct dg1_gt;
struct drm_printer;

enum dg1_gt_wa_status dg1_gt_wa_apply(struct dg1_gt *gt,
				      const struct dg1_gt_wa *wa);
const char *dg1_gt_wa_status_name(enum dg1_gt_wa_status status);
void dg1_gt_workarounds_apply(struct dg1_gt *gt);
void dg1_gt_workarounds_print(struct dg1_gt *gt, struct drm_printer *p);

#endif /* _DG1_GT_WORKAROUNDS_H_ */
