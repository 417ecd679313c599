/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_TLB_H_
#define _DG1_GT_TLB_H_

#include <linux/types.h>

#include "gt/dg1_gt_tlb_types.h"

struct dg1_gt;

/**
 * struct dg1_gt_tlb_req - what one TLB invalidation writes
 */
struct dg1_gt_tlb_req {
	/** @num: entries used in @offset and @bits */
	unsigned int num;
	/** @offset: the *_TLB_INV_CR registers to write */
	u32 offset[DG1_GT_TLB_INV_REGS];
	/** @bits: the request bits of each, one per engine instance */
	u32 bits[DG1_GT_TLB_INV_REGS];
};

void dg1_gt_tlb_init(struct dg1_gt_tlb *tlb);
int dg1_gt_tlb_invalidate(struct dg1_gt *gt);

#endif /* _DG1_GT_TLB_H_ */
