/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_MCR_H_
#define _DG1_GT_MCR_H_

#include <linux/types.h>

#include "gt/dg1_gt_mcr_types.h"
#include "regs/dg1_reg_defs.h"

struct dg1_gt;
struct drm_printer;

/* DG1 has one slice (HARDWARE.md §1.1); at most 8 instances per group. */
#define DG1_MCR_GROUPS		1
#define DG1_MCR_MAX_INSTANCES	8
#define DG1_SQIDI_INSTANCES	2

extern const struct dg1_mcr_range dg1_mcr_ranges[];
extern const unsigned int dg1_mcr_ranges_count;

int dg1_gt_mcr_steering_type(u32 offset);
const char *dg1_steering_type_name(enum dg1_steering_type type);
void dg1_gt_mcr_compute_steering(u32 dss_mask, u32 l3_bank_pair_mask,
				 struct dg1_gt_steering *steering);
u32 dg1_gt_mcr_selector(u32 selector, struct dg1_mcr_target target,
			bool unicast);

void dg1_gt_mcr_init(struct dg1_gt *gt);
void dg1_gt_mcr_print(struct dg1_gt *gt, struct drm_printer *p);

u32 dg1_gt_mcr_read_any(struct dg1_gt *gt, struct dg1_reg_mcr reg);
u32 dg1_gt_mcr_read(struct dg1_gt *gt, struct dg1_reg_mcr reg, u8 group,
		    u8 instance);
void dg1_gt_mcr_unicast_write(struct dg1_gt *gt, struct dg1_reg_mcr reg,
			      u32 value, u8 group, u8 instance);
void dg1_gt_mcr_multicast_write(struct dg1_gt *gt, struct dg1_reg_mcr reg,
				u32 value);
u32 dg1_gt_mcr_multicast_rmw(struct dg1_gt *gt, struct dg1_reg_mcr reg,
			     u32 clear, u32 set);

#endif /* _DG1_GT_MCR_H_ */
