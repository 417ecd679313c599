/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_HW_ENGINE_TYPES_H_
#define _DG1_HW_ENGINE_TYPES_H_

#include <linux/list.h>
#include <linux/mutex_types.h>
#include <linux/timer_types.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue_types.h>

#include "gt/dg1_engine_info_types.h"
#include "mem/dg1_kobj_types.h"

struct dg1_context;
struct dg1_device;

/**
 * struct dg1_user_irq - user interrupts of all engines, for waiters on
 * memory a batch writes (WAIT_USER_FENCE)
 */
struct dg1_user_irq {
	/** @wq: woken at every user interrupt */
	wait_queue_head_t wq;
	/** @seq: counts user interrupts, so a waiter misses none */
	atomic_t seq;
};

/* The ports of the execlist submit queue the driver uses (i915 uses 2). */
#define DG1_EXECLIST_PORTS	2
/* Context priorities: &drm_dg1_exec_queue_create.priority + 1. */
#define DG1_ENGINE_PRIOS	3

#define DG1_ENGINE_CSB_HISTORY	8

/**
 * struct dg1_hw_engine_stats - what an engine's submission did, for debugfs
 */
struct dg1_hw_engine_stats {
	/** @submits: EXECLIST_CONTROL loads */
	u64 submits;
	/** @lite_restores: loads that updated the running context's tail */
	u64 lite_restores;
	/** @preemptions: loads that preempted the running context */
	u64 preemptions;
	/** @timeslices: of those, for a context of the same priority */
	u64 timeslices;
	/** @csb_events: CSB entries processed */
	u64 csb_events;
	/** @csb_late: entries read before they landed (the MMIO copy used) */
	u64 csb_late;
	/** @resets: engine resets */
	u64 resets;
	/** @bans: contexts banned after their hangs */
	u64 bans;
	/** @irq_user: user interrupts */
	u64 irq_user;
	/** @irq_error: master error interrupts */
	u64 irq_error;
	/** @irq_page_fault: page-fault interrupts */
	u64 irq_page_fault;
	/** @irq_ctx_switch: context-switch interrupts */
	u64 irq_ctx_switch;
	/** @csb_last: the last CSB entries processed, raw, for debugfs */
	u64 csb_last[DG1_ENGINE_CSB_HISTORY];
};

/**
 * struct dg1_hw_engine - a present engine's run-time state
 */
struct dg1_hw_engine {
	/** @dg1: the device */
	struct dg1_device *dg1;
	/** @id: which engine */
	enum dg1_hw_engine_id id;
	/** @info: its static description */
	const struct dg1_engine_info *info;
	/**
	 * @hwsp: the global hardware status page (HWS_PGA): context status
	 * buffer, breadcrumbs
	 */
	struct dg1_kobj hwsp;
	/** @fw_domain: BIT() of the engine's forcewake domain */
	u32 fw_domain;
	/**
	 * @default_state: the register state (the image after its status
	 * page) the engine saved at probe, the context workarounds in it;
	 * every new context starts from a copy (submit/dg1_default_ctx.c).
	 * NULL while it is being recorded.
	 */
	void *default_state;

	/**
	 * @lock: the submission state below; taken in the interrupt
	 * handler, so with interrupts off elsewhere
	 */
	spinlock_t lock;
	/** @queue: contexts with work to submit, by priority (low first) */
	struct list_head queue[DG1_ENGINE_PRIOS];
	/** @active: contexts with requests not yet signalled */
	struct list_head active;
	/** @inflight: the contexts the hardware runs, port 0 first */
	struct dg1_context *inflight[DG1_EXECLIST_PORTS];
	/** @pending: the contexts of a load the hardware has not taken yet */
	struct dg1_context *pending[DG1_EXECLIST_PORTS];
	/**
	 * @sq: the submit queue dwords last written. The hardware keeps them
	 * (i915 gt/intel_execlists_submission.c: it does not clear the
	 * queue; Vol 13 General Assets keeps EXECLIST_SQ_CONTENTS in the CS
	 * power context), so an unchanged dword is not written again.
	 */
	u32 sq[2 * DG1_EXECLIST_PORTS];
	/** @sq_known: BIT(dword) of @sq that the hardware holds */
	u8 sq_known;
	/** @csb_head: the last CSB entry processed */
	u8 csb_head;
	/** @fw_idle_refs: domain references of requests done while busy */
	unsigned int fw_idle_refs;
	/** @resetting: submission stopped for a reset */
	bool resetting;
	/**
	 * @parked: the device is going to sleep: nothing is loaded into
	 * the ports until dg1_execlists_park() lets the engine go on
	 */
	bool parked;
	/** @reset_work: resets the engine after a CS error */
	struct work_struct reset_work;
	/** @evict_work: resets a banned context off the engine */
	struct work_struct evict_work;
	/** @ports_wq: woken when a context leaves the ports for good */
	wait_queue_head_t ports_wq;
	/** @reset_lock: one reset of the engine at a time */
	struct mutex reset_lock;
	/**
	 * @preempt_timer: a preempting load the engine has not taken in
	 * time: the running context ignores arbitration, reset it
	 */
	struct timer_list preempt_timer;
	/**
	 * @slice_timer: the running context's time slice, while another of
	 * its priority waits
	 */
	struct timer_list slice_timer;
	/** @slice_due: the slice is over: the next dequeue preempts */
	bool slice_due;
	/** @hw_ids: hardware context ids held, BIT(id - 1) (engine lock) */
	unsigned long hw_ids;
	/** @stats: counts for debugfs */
	struct dg1_hw_engine_stats stats;
	/**
	 * @unusable: its power domain did not wake at probe, so execlists
	 * are off, or for a reset: no exec queue may use it, and requests
	 * end with -EIO (engine lock)
	 */
	bool unusable;
	/**
	 * @gt_reset_pending: its reset failed; it submits nothing until the
	 * GT reset that follows (engine lock)
	 */
	bool gt_reset_pending;
};

#endif /* _DG1_HW_ENGINE_TYPES_H_ */
