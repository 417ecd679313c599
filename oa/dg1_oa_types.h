/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_OA_TYPES_H_
#define _DG1_OA_TYPES_H_

#include <linux/hrtimer_types.h>
#include <linux/idr.h>
#include <linux/kobject.h>
#include <linux/kref.h>
#include <linux/mutex_types.h>
#include <linux/spinlock_types.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <linux/wait.h>

#include "mem/dg1_ggtt_types.h"

struct dg1_device;
struct dg1_exec_queue;

/**
 * struct dg1_oa_reg - one (register, value) write of a metric set
 */
struct dg1_oa_reg {
	/** @addr: register offset */
	u32 addr;
	/** @value: what is written */
	u32 value;
};

/**
 * enum dg1_oa_list - the three register lists of a metric set
 * @DG1_OA_LIST_MUX: NOA mux: routes signals onto the NOA bus
 * @DG1_OA_LIST_BOOLEAN: start / report triggers and CEC compares (B counters)
 * @DG1_OA_LIST_FLEX: the flexible EU counters' event selects
 * @DG1_OA_LIST_COUNT: number of lists
 */
enum dg1_oa_list {
	DG1_OA_LIST_MUX,
	DG1_OA_LIST_BOOLEAN,
	DG1_OA_LIST_FLEX,
	DG1_OA_LIST_COUNT
};

/**
 * struct dg1_oa_config - a metric set added with PERF_ADD_CONFIG
 *
 * Referenced by the device's id table until removed, and by each stream
 * that programs it: a removed set lives on until its streams close.
 */
struct dg1_oa_config {
	/** @ref: the id table's and the streams' */
	struct kref ref;
	/** @id: the uapi id, 1 or more */
	u32 id;
	/** @uuid: the GUID, NUL-terminated */
	char uuid[37];
	/** @n_regs: entries of each list */
	u32 n_regs[DG1_OA_LIST_COUNT];
	/** @regs: each list, in the order userspace gave it */
	struct dg1_oa_reg *regs[DG1_OA_LIST_COUNT];
	/** @sysfs_group: the metrics/<uuid>/ directory */
	struct attribute_group sysfs_group;
	/** @sysfs_attrs: its one attribute and the terminator */
	struct attribute *sysfs_attrs[2];
	/** @sysfs_id: metrics/<uuid>/id */
	struct kobj_attribute sysfs_id;
	/** @in_sysfs: @sysfs_group was created */
	bool in_sysfs;
};

/**
 * struct dg1_oa_chunk - a physically contiguous run of the OA buffer
 */
struct dg1_oa_chunk {
	/** @page: its first page */
	struct page *page;
	/** @dma: its bus address */
	dma_addr_t dma;
	/** @order: it is 2^@order pages */
	unsigned int order;
};

/**
 * struct dg1_oa_buffer - the OA buffer: system memory the unit writes
 * through the GGTT and the CPU reads through a cached mapping
 *
 * Offsets are from the start of the buffer. Everything below @lock is
 * guarded by it: the poll timer and the reader both move the tail.
 */
struct dg1_oa_buffer {
	/** @chunks: the backing runs */
	struct dg1_oa_chunk *chunks;
	/** @nchunks: entries of @chunks */
	unsigned int nchunks;
	/** @vaddr: contiguous kernel mapping of @pages */
	void *vaddr;
	/** @node: the GGTT range */
	struct dg1_ggtt_node node;
	/** @size: bytes */
	u32 size;
	/** @gtt: GGTT address of the first byte */
	u32 gtt;
	/** @used: the unit was pointed at it: it is no longer all zero */
	bool used;

	/** @lock: guards the pointers below */
	spinlock_t lock;
	/** @head: the next report userspace gets */
	u32 head;
	/** @tail: where landed reports end, as far as the driver checked */
	u32 tail;
	/** @last_ctx_id: context id of the last report handed out */
	u32 last_ctx_id;
};

/**
 * struct dg1_oa_stream - an open OA stream: the state behind its fd
 */
struct dg1_oa_stream {
	/** @dg1: the device; the stream holds a reference on its DRM device */
	struct dg1_device *dg1;
	/** @lock: serialises the fd's read(), ioctls and close */
	struct mutex lock;
	/** @config: the metric set programmed, a reference; NULL for none */
	struct dg1_oa_config *config;
	/** @queue: the exec queue watched, a reference; NULL for all */
	struct dg1_exec_queue *queue;
	/** @ctx_id: @queue's context id as reports carry it */
	u32 ctx_id;
	/** @sample: returns OA reports */
	bool sample;
	/** @periodic: the timer writes reports */
	bool periodic;
	/** @enabled: the unit is writing reports */
	bool enabled;
	/** @dead: the device went away; every call fails with -ENODEV */
	bool dead;
	/** @suspended: the device sleeps; the unit is unprogrammed */
	bool suspended;
	/** @resume_enabled: @enabled when the device went to sleep */
	bool resume_enabled;
	/** @format: &enum drm_dg1_oa_format, 0 without @sample */
	u32 format;
	/** @hw_format: the counter-select code of @format */
	u32 hw_format;
	/** @report_size: bytes of one report */
	u32 report_size;
	/** @exponent: timer exponent when @periodic */
	u32 exponent;
	/** @poll_period_ns: how often the timer looks at the tail */
	u64 poll_period_ns;
	/** @buf: the OA buffer, when @sample */
	struct dg1_oa_buffer buf;
	/** @poll_timer: looks for landed reports while enabled */
	struct hrtimer poll_timer;
	/** @poll_wq: readers and poll() wait here */
	wait_queue_head_t poll_wq;
	/** @pollin: the timer or the half-full interrupt saw a report */
	bool pollin;
	/** @reports_lost: report-lost records emitted */
	u64 reports_lost;
	/** @buffer_lost: buffer-lost records emitted */
	u64 buffer_lost;
	/** @reports_read: samples handed out */
	u64 reports_read;
	/** @half_full_irqs: half-full interrupts seen while enabled */
	u64 half_full_irqs;
};

/**
 * struct dg1_oa - the device's OA unit and metric sets
 */
struct dg1_oa {
	/** @lock: guards @configs, @next_id's use, @stream and @metrics_kobj */
	struct mutex lock;
	/** @configs: &struct dg1_oa_config by id */
	struct idr configs;
	/** @metrics_kobj: the card's metrics/ directory; NULL before register */
	struct kobject *metrics_kobj;
	/** @stream: the one open stream, or NULL */
	struct dg1_oa_stream *stream;
	/** @timestamp_frequency: OA timestamp ticks per second */
	u32 timestamp_frequency;
	/** @gone: the device is unbound; nothing may reach the hardware */
	bool gone;
};

#endif /* _DG1_OA_TYPES_H_ */
