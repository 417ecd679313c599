/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_ENGINE_INFO_H_
#define _DG1_ENGINE_INFO_H_

#include <linux/types.h>

#include "gt/dg1_engine_info_types.h"

struct dg1_gt;
struct dg1_gt_topology;

extern const struct dg1_engine_info dg1_engine_infos[DG1_HW_ENGINE_ID_COUNT];

u32 dg1_engine_info_mask(const struct dg1_gt_topology *topo);
u32 dg1_engine_info_fw_domains(u32 engine_mask);
u16 dg1_engine_info_uapi_class(enum dg1_hw_engine_id id);
int dg1_engine_info_lookup(u32 engine_mask, u16 uapi_class, u16 instance);
int dg1_engine_read_timestamp(struct dg1_gt *gt, enum dg1_hw_engine_id id,
			      u64 (*cpu_clock)(void),
			      struct dg1_engine_timestamp *ts);

#endif /* _DG1_ENGINE_INFO_H_ */
