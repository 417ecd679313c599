/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_CONTEXT_TYPES_H_
#define _DG1_CONTEXT_TYPES_H_

#include <linux/dma-fence.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>

#include "gt/dg1_engine_info_types.h"
#include "mem/dg1_kobj_types.h"

/*
 * A context is banned at its third guilty hang within two minutes, as i915
 * bans one that "hung N+1 times in rapid succession" (gt/intel_reset.c
 * mark_guilty(): two earlier hang times kept, CONTEXT_FAST_HANG_JIFFIES).
 */
#define DG1_CONTEXT_BAN_HANGS		3
#define DG1_CONTEXT_BAN_WINDOW_S	120

/* The hardware id of a context an OA stream watches (0x7ff is idle). */
#define DG1_CONTEXT_HW_ID_PINNED	0x7fe

struct dg1_device;
struct dg1_hw_engine;
struct dg1_vm;

/**
 * enum dg1_context_oar - OAR counting for a render context
 * @DG1_CONTEXT_OAR_KEEP: as it is
 * @DG1_CONTEXT_OAR_ENABLE: count for this context
 * @DG1_CONTEXT_OAR_DISABLE: stop counting
 */
enum dg1_context_oar {
	DG1_CONTEXT_OAR_KEEP,
	DG1_CONTEXT_OAR_ENABLE,
	DG1_CONTEXT_OAR_DISABLE,
};

/**
 * struct dg1_context - a logical ring context: image, ring, submission
 * state
 *
 * The fields under "engine lock" are guarded by &dg1_hw_engine.lock; the
 * ring is written only by the context's one submitter (its queue's
 * scheduler thread) and by a reset. The image and ring live until the
 * engine has switched the context out for the last time
 * (dg1_context_fini()): the engine saves into the image then.
 */
struct dg1_context {
	/** @dg1: the device */
	struct dg1_device *dg1;
	/** @engine: the engine it runs on */
	struct dg1_hw_engine *engine;
	/** @state: the context image: PPHWSP, then the register state */
	struct dg1_kobj state;
	/** @ring: the ring buffer */
	struct dg1_kobj ring;
	/** @desc: the context descriptor, without id and FORCE_RESTORE */
	u64 desc;
	/** @prio: &enum drm_dg1_exec_queue_priority value, -1..1 */
	int prio;
	/** @fence_context: dma-fence context of its requests */
	u64 fence_context;
	/** @seqno: of the last request made (dg1_request_init()) */
	u32 seqno;
	/** @emit: ring offset where the next request goes */
	u32 emit;
	/**
	 * @oar_change: &enum dg1_context_oar the next request applies first
	 * (set by an OA stream, taken by the submitter)
	 */
	atomic_t oar_change;

	/* Engine lock. */

	/** @tail: ring offset after the last request handed to the engine */
	u32 tail;
	/** @submitted_tail: the tail last written to the image and submitted */
	u32 submitted_tail;
	/** @force_restore: the next submission must reload the image */
	bool force_restore;
	/** @resubmit: left the ports with work left: submit it again */
	bool resubmit;
	/** @queued: on the engine's queue of contexts with work to submit */
	bool queued;
	/**
	 * @banned: 0, or the error its requests end with: it is never
	 * submitted again, and is reset off the engine if it runs there
	 */
	int banned;
	/** @ports: how many ports (pending or in flight) hold it */
	unsigned int ports;
	/** @hw_id: its hardware context id while @ports, else 0 */
	u16 hw_id;
	/**
	 * @hw_id_pinned: it takes %DG1_CONTEXT_HW_ID_PINNED from its next
	 * submission on (an OA stream watches it)
	 */
	bool hw_id_pinned;
	/** @queue_link: in &dg1_hw_engine.queue */
	struct list_head queue_link;
	/** @requests: emitted and not yet signalled, oldest first */
	struct list_head requests;
	/** @active_link: in &dg1_hw_engine.active while @requests is not empty */
	struct list_head active_link;
	/**
	 * @runtime_ticks: CS timestamp ticks the context ran, accumulated
	 * from the image's CTX_TIMESTAMP at each switch-out
	 */
	u64 runtime_ticks;
	/** @last_ts: CTX_TIMESTAMP at the previous switch-out */
	u32 last_ts;
	/**
	 * @busy: jiffies it spent at the head of the engine since its last
	 * request completed, up to @head_since
	 */
	unsigned long busy;
	/** @head_since: jiffies when it last got to the head of the engine */
	unsigned long head_since;
	/**
	 * @overdue: its request ran the job timeout on the engine: reset off
	 * it (its request failing) once it is at the head
	 */
	bool overdue;
	/**
	 * @hang_stamp: jiffies of its last %DG1_CONTEXT_BAN_HANGS - 1 guilty
	 * hangs, oldest first
	 */
	unsigned long hang_stamp[DG1_CONTEXT_BAN_HANGS - 1];
	/** @hangs: guilty hangs so far */
	unsigned int hangs;

	/* Set at creation. */

	/** @owner_pid: thread group of the process that created it */
	pid_t owner_pid;
	/** @owner_comm: that process's name, for the hang report */
	char owner_comm[TASK_COMM_LEN];
	/** @queue_id: its exec queue's id in the file; 0: the driver's own */
	u32 queue_id;
	/** @vm: the VM its batches run in (its queue's reference); or NULL */
	struct dg1_vm *vm;
};

#endif /* _DG1_CONTEXT_TYPES_H_ */
