/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_QUERY_H_
#define _DG1_QUERY_H_

#include <linux/types.h>

#include "gt/dg1_gt_topology_types.h"
#include "gt/dg1_hw_engine_types.h"

struct dg1_device;
struct drm_device;
struct drm_dg1_query;
struct drm_dg1_query_engine_cycles;
struct drm_file;

/**
 * struct dg1_query_desc - what the query items report, without a device
 *
 * Built from &struct dg1_device by the ioctl, by hand in tests.
 */
struct dg1_query_desc {
	/** @device_id: PCI device id */
	u16 device_id;
	/** @revision: PCI revision id */
	u16 revision;
	/** @graphics_verx100: graphics IP version times 100 */
	u32 graphics_verx100;
	/** @media_verx100: media IP version times 100 */
	u32 media_verx100;
	/** @lmem_size: usable local memory in bytes */
	u64 lmem_size;
	/** @lmem_bar_size: length of the local memory aperture */
	u64 lmem_bar_size;
	/** @engine_mask: present engines, BIT(&enum dg1_hw_engine_id) */
	u32 engine_mask;
	/** @topology: decoded fuses */
	struct dg1_gt_topology topology;
};

/**
 * enum dg1_query_action - what the two-pass sizing contract asks for
 *
 * @DG1_QUERY_REPORT_SIZE: @size was 0: report the size needed, succeed
 * @DG1_QUERY_BAD_SIZE: buffer too small (or, for an in/out item, not
 *	exactly the item's size): report the size needed, -EINVAL
 * @DG1_QUERY_COPY: buffer large enough: copy the answer out
 */
enum dg1_query_action {
	DG1_QUERY_REPORT_SIZE,
	DG1_QUERY_BAD_SIZE,
	DG1_QUERY_COPY,
};

/**
 * struct dg1_query_cycles_req - a validated engine-cycles request
 */
struct dg1_query_cycles_req {
	/** @engine: the engine whose timestamp to read */
	enum dg1_hw_engine_id engine;
	/** @cpu_clock: the CPU clock to sample, in ns */
	u64 (*cpu_clock)(void);
};

void dg1_query_desc_init(struct dg1_query_desc *desc,
			 const struct dg1_device *dg1);
int dg1_query_check_args(const struct drm_dg1_query *query);
int dg1_query_item_size(const struct dg1_query_desc *desc, u32 item,
			u32 *size);
bool dg1_query_item_inout(u32 item);
enum dg1_query_action dg1_query_decide(u32 user_size, u32 needed,
				       bool exact);
int dg1_query_fill(const struct dg1_query_desc *desc, u32 item, void *buf,
		   u32 size);
int dg1_query_engine_cycles_check(const struct drm_dg1_query_engine_cycles *in,
				  u32 engine_mask,
				  struct dg1_query_cycles_req *req);
void dg1_query_engine_cycles_fill(struct drm_dg1_query_engine_cycles *out,
				  const struct dg1_engine_timestamp *ts,
				  u32 frequency);
int dg1_query_ioctl(struct drm_device *drm, void *data,
		    struct drm_file *file);

#endif /* _DG1_QUERY_H_ */
