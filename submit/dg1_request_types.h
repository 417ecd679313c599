/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_REQUEST_TYPES_H_
#define _DG1_REQUEST_TYPES_H_

#include <linux/dma-fence.h>
#include <linux/list.h>
#include <linux/spinlock_types.h>
#include <linux/types.h>

struct dg1_context;
struct dg1_engine_info;

/**
 * struct dg1_request - one batch on a context, as the engine sees it
 *
 * Its fence is what userspace and the reservations get: it owns its lock
 * and names its engine from the static engine table, so it may outlive
 * the context, its queue and the device.
 */
struct dg1_request {
	/** @fence: signalled from the breadcrumb, or with an error */
	struct dma_fence fence;
	/** @lock: the fence's */
	spinlock_t lock;
	/** @info: the engine, for the fence's timeline name */
	const struct dg1_engine_info *info;
	/** @ce: the context, once handed to it (dg1_context_run()) */
	struct dg1_context *ce;
	/** @link: in &dg1_context.requests */
	struct list_head link;
	/** @head: ring offset of its first command */
	u32 head;
	/** @tail: ring offset after its last command */
	u32 tail;
	/** @fw_held: it holds a reference to the engine's power domain */
	bool fw_held;
};

#endif /* _DG1_REQUEST_TYPES_H_ */
