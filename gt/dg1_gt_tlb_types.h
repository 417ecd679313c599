/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_TLB_TYPES_H_
#define _DG1_GT_TLB_TYPES_H_

#include <linux/atomic.h>
#include <linux/mutex_types.h>

/* One register per engine class, and the OA unit's. */
#define DG1_GT_TLB_INV_REGS	5

/**
 * struct dg1_gt_tlb - the engines' PPGTT TLBs
 */
struct dg1_gt_tlb {
	/** @lock: one invalidation at a time: the request bits are shared */
	struct mutex lock;
	/** @invalidations: invalidations done, for debugfs */
	atomic_t invalidations;
	/** @timeouts: invalidations an engine did not acknowledge in time */
	atomic_t timeouts;
};

#endif /* _DG1_GT_TLB_TYPES_H_ */
