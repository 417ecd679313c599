/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_CSB_TYPES_H_
#define _DG1_CSB_TYPES_H_

#include <linux/types.h>

/**
 * enum dg1_csb_row - the rows of the manual's context-status table
 *
 * Vol 13 General Assets, "Context Status": what an entry's (new queue,
 * away, to, switch detail) means.
 *
 * @DG1_CSB_UNKNOWN: no row describes the entry
 * @DG1_CSB_IDLE_TO_ACTIVE: 1, new queue from idle
 * @DG1_CSB_PREEMPT_TO_IDLE: 2, a context preempted to idle
 * @DG1_CSB_PREEMPT_IDLE_TO_IDLE: 3, preempt to idle while idle
 * @DG1_CSB_NEW_QUEUE_COMPLETED: 4, new queue; the old context had completed
 * @DG1_CSB_NEW_QUEUE_PREEMPTED: 5, new queue; the old context was preempted
 * @DG1_CSB_NEW_QUEUE_WAIT: 6, new queue; the old context was in a wait
 * @DG1_CSB_LITE_RESTORE: 7, the running context resubmitted
 * @DG1_CSB_ELEMENT_SWITCH: 8, the next element of the queue, on completion
 * @DG1_CSB_ELEMENT_SWITCH_WAIT: 9, the next element, on an unsuccessful wait
 * @DG1_CSB_ACTIVE_TO_IDLE: 10, the last element done
 */
enum dg1_csb_row {
	DG1_CSB_UNKNOWN,
	DG1_CSB_IDLE_TO_ACTIVE,
	DG1_CSB_PREEMPT_TO_IDLE,
	DG1_CSB_PREEMPT_IDLE_TO_IDLE,
	DG1_CSB_NEW_QUEUE_COMPLETED,
	DG1_CSB_NEW_QUEUE_PREEMPTED,
	DG1_CSB_NEW_QUEUE_WAIT,
	DG1_CSB_LITE_RESTORE,
	DG1_CSB_ELEMENT_SWITCH,
	DG1_CSB_ELEMENT_SWITCH_WAIT,
	DG1_CSB_ACTIVE_TO_IDLE,
};

/**
 * struct dg1_csb_event - a decoded Gen12 context-status entry
 */
struct dg1_csb_event {
	/** @new_queue: the engine switched to a newly loaded queue */
	bool new_queue;
	/** @to_valid: @to_id is a context, not idle */
	bool to_valid;
	/** @away_valid: @away_id is a context, not idle */
	bool away_valid;
	/** @to_id: SW context id switched to */
	u16 to_id;
	/** @away_id: SW context id switched away from */
	u16 away_id;
	/** @detail: switch detail (0 complete ... 5 preempted) */
	u8 detail;
	/** @class: engine class */
	u8 class;
	/** @instance: engine instance */
	u8 instance;
};

#endif /* _DG1_CSB_TYPES_H_ */
