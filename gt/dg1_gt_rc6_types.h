/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_RC6_TYPES_H_
#define _DG1_GT_RC6_TYPES_H_

#include <linux/spinlock_types.h>
#include <linux/types.h>
#include <linux/workqueue.h>

/**
 * struct dg1_gt_rc6 - RC6 and power gating, and their residency
 *
 * The hardware's residency counter is 32 bits of 1.28 us: it wraps every
 * 91 minutes. Every read adds what it advanced since the one before to a
 * 64-bit total, and @sample reads it at least every half hour, so no wrap
 * is lost.
 */
struct dg1_gt_rc6 {
	/** @enabled: RC6 and power gating are programmed on */
	bool enabled;
	/**
	 * @suspended: the device sleeps, the counter went with its
	 * registers; @enabled again programs and restarts it
	 */
	bool suspended;
	/** @suspended_ns: when (ktime_get_ns()), counted as RC6 */
	u64 suspended_ns;
	/** @lock: serialises @last and @total */
	spinlock_t lock;
	/** @last: the counter at the last read */
	u32 last;
	/** @total: 1.28 us units in RC6 since the driver enabled it */
	u64 total;
	/** @sample: the periodic read that keeps up with wraps */
	struct delayed_work sample;
};

#endif /* _DG1_GT_RC6_TYPES_H_ */
