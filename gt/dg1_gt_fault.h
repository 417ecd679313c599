/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_FAULT_H_
#define _DG1_GT_FAULT_H_

#include <linux/types.h>

#include "gt/dg1_gt_fault_types.h"

struct dg1_gt;

bool dg1_gt_fault_check(struct dg1_gt *gt, const char *who);
bool dg1_gt_fault_take(struct dg1_gt *gt, struct dg1_gt_fault_record *rec);
void dg1_gt_fault_report(struct dg1_gt *gt,
			 const struct dg1_gt_fault_record *rec, const char *who);
bool dg1_gt_fault_read(struct dg1_gt *gt, struct dg1_gt_fault_record *rec);
u64 dg1_gt_fault_address(const struct dg1_gt_fault_record *rec);
const char *dg1_gt_fault_type_name(const struct dg1_gt_fault_record *rec);

#endif /* _DG1_GT_FAULT_H_ */
