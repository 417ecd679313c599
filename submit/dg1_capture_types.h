/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_CAPTURE_TYPES_H_
#define _DG1_CAPTURE_TYPES_H_

#include <linux/sched.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>
#include <linux/workqueue_types.h>

#include "gt/dg1_gt_fault_types.h"
#include "submit/dg1_hw_engine_types.h"

struct dg1_device;
struct dg1_vm;

/**
 * struct dg1_capture_regs - an engine's registers at the hang
 *
 * What i915 records per engine (i915_gpu_error.c) and its decoder reads:
 * the ring, where the CS is, the batch, errors, the execlist state.
 */
struct dg1_capture_regs {
	/** @start: RING_START */
	u32 start;
	/** @head: RING_HEAD */
	u32 head;
	/** @tail: RING_TAIL */
	u32 tail;
	/** @ctl: RING_CTL */
	u32 ctl;
	/** @mi_mode: MI_MODE */
	u32 mi_mode;
	/** @ring_mode: RING_MODE */
	u32 ring_mode;
	/** @acthd: ACTHD_UDW:ACTHD */
	u64 acthd;
	/** @bbaddr: BBADDR_UDW:BBADDR */
	u64 bbaddr;
	/** @bb_state: BB_STATE */
	u32 bb_state;
	/** @ipeir: IPEIR */
	u32 ipeir;
	/** @ipehr: IPEHR */
	u32 ipehr;
	/** @eir: EIR */
	u32 eir;
	/** @ccid: CCID */
	u32 ccid;
	/** @el_status: EXECLIST_STATUS_HI:LO */
	u64 el_status;
	/** @csb_ptr: RING_CONTEXT_STATUS_PTR */
	u32 csb_ptr;
	/** @ctx_timestamp: RING_CTX_TIMESTAMP */
	u32 ctx_timestamp;
};

/**
 * struct dg1_capture - what a hang left, for devcoredump
 *
 * Taken in the reset path before the engine is reset (registers, the
 * context's identity, its ring and image), completed and handed to
 * devcoredump by a worker (the batch, read through the context's VM,
 * which may sleep on the object's reservation).
 */
struct dg1_capture {
	/** @dg1: the device */
	struct dg1_device *dg1;
	/** @engine: the engine's name */
	const char *engine;
	/** @time_ns: boot time of the capture */
	u64 time_ns;
	/** @regs: the engine's registers */
	struct dg1_capture_regs regs;
	/** @fault: the latched page fault, if @fault.fault has VALID */
	struct dg1_gt_fault_record fault;
	/** @csb: the last CSB entries the driver processed, oldest first */
	u64 csb[DG1_ENGINE_CSB_HISTORY];
	/** @has_ctx: a context was on the engine; the fields below are set */
	bool has_ctx;
	/** @pid: its owner's thread group */
	pid_t pid;
	/** @comm: its owner's name */
	char comm[TASK_COMM_LEN];
	/** @queue_id: its exec queue (0: the driver's own) */
	u32 queue_id;
	/** @hw_id: its hardware context id */
	u16 hw_id;
	/** @hangs: its guilty hangs before this one */
	unsigned int hangs;
	/** @seqno: its oldest request not done; 0 for none */
	u64 seqno;
	/** @guilty: that request was blamed for the hang */
	bool guilty;
	/** @banned: the context is banned after this hang */
	bool banned;
	/** @ring_ggtt: GGTT address of the ring */
	u32 ring_ggtt;
	/** @ring_size: bytes of @ring */
	u32 ring_size;
	/** @ring: copy of the whole ring */
	u32 *ring;
	/** @image_ggtt: GGTT address of the image's register state */
	u32 image_ggtt;
	/** @image: copy of the register state's first page */
	u32 *image;
	/** @vm: the context's VM, a reference, for the batch; or NULL */
	struct dg1_vm *vm;
	/** @batch_addr: PPGTT address of @batch */
	u64 batch_addr;
	/** @batch_err: why the batch was not read (0: @batch holds it) */
	int batch_err;
	/** @batch: the batch page holding ACTHD */
	u32 *batch;
};

/**
 * struct dg1_capture_dev - a device's captures on their way to devcoredump
 */
struct dg1_capture_dev {
	/** @lock: guards @pending */
	spinlock_t lock;
	/** @pending: the capture the worker completes next, or NULL */
	struct dg1_capture *pending;
	/** @work: completes @pending and hands it to devcoredump */
	struct work_struct work;
	/** @taken: captures taken since load, for debugfs */
	atomic_t taken;
	/** @dropped: captures dropped while another was pending */
	atomic_t dropped;
};

#endif /* _DG1_CAPTURE_TYPES_H_ */
