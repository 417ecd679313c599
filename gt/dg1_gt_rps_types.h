/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_GT_RPS_TYPES_H_
#define _DG1_GT_RPS_TYPES_H_

#include <linux/atomic.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <linux/workqueue.h>

/**
 * struct dg1_gt_rps - the GT's frequency: what it can run at, the limits
 * userspace set, and the policy's request
 *
 * Frequencies are in the hardware's units of 50/3 MHz (RPNSWREQ's and
 * CAGF's), converted to MHz only at the sysfs boundary.
 */
struct dg1_gt_rps {
	/** @enabled: RP0 above RPn, so there is a range to choose from */
	bool enabled;
	/** @rp0: the fastest frequency */
	u32 rp0;
	/** @rp1: the most efficient one (FREQ_INFO_REC) */
	u32 rp1;
	/** @rpn: the slowest */
	u32 rpn;
	/** @lock: serialises the limits below and the request */
	struct mutex lock;
	/** @min: the lowest the policy may request (gt_min_freq_mhz) */
	u32 min;
	/** @max: the highest the policy may request (gt_max_freq_mhz) */
	u32 max;
	/** @boost: the frequency of a busy GT (gt_boost_freq_mhz) */
	u32 boost;
	/** @cur: the last frequency requested (gt_cur_freq_mhz) */
	u32 cur;
	/** @active: requests in flight on any engine */
	atomic_t active;
	/** @work: requests the frequency the GT's activity calls for */
	struct delayed_work work;
};

#endif /* _DG1_GT_RPS_TYPES_H_ */
