/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_MCR_H_
#define _DG1_GT_MCR_H_

#include <linux/types.h>

#include "gt/dg1_gt_mcr_types.h"
#include "regs/dg1_reg_defs.h"

struct dg1_gt;
struct drm_printer;

/* DG1 has one slice; at most 8 instances per group (L3 banks). */
#define DG1_MCR_GROUPS		1
#define DG1_MCR_MAX_INSTANCES	8
#define DG1_SQIDI_INSTANCES	2

int dg1_gt_mcr_steering_type(u32 offset);

void dg1_gt_mcr_init(struct dg1_gt *gt);
void dg1_gt_mcr_print(struct dg1_gt *gt, struct drm_printer *p);

u32 dg1_gt_mcr_read(struct dg1_gt *gt, struct dg1_reg_mcr reg, u8 group,
		    u8 instance);
u32 dg1_gt_mcr_multicast_rmw(struct dg1_gt *gt, struct dg1_reg_mcr reg,
			     u32 clear, u32 set);

#endif /* _DG1_GT_MCR_H_ */
