/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_FAULT_TYPES_H_
#define _DG1_GT_FAULT_TYPES_H_

#include <linux/types.h>

/**
 * struct dg1_gt_fault_record - the GPU's latched page fault, raw
 */
struct dg1_gt_fault_record {
	/** @fault: GEN12_RING_FAULT_REG: valid, type, source, engine */
	u32 fault;
	/** @data0: GEN12_FAULT_TLB_DATA0: address bits 43:12 */
	u32 data0;
	/** @data1: GEN12_FAULT_TLB_DATA1: address bits 47:44, GGTT */
	u32 data1;
};

#endif /* _DG1_GT_FAULT_TYPES_H_ */
