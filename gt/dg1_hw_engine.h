/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DG1_HW_ENGINE_H_
#define _DG1_HW_ENGINE_H_

#include <linux/types.h>

#include "gt/dg1_hw_engine_types.h"

struct dg1_gt;
struct dg1_gt_topology;

extern const struct dg1_hw_engine_info dg1_hw_engine_infos[DG1_HW_ENGINE_ID_COUNT];

u32 dg1_hw_engine_mask(const struct dg1_gt_topology *topo);
u32 dg1_hw_engine_fw_domains(u32 engine_mask);
int dg1_hw_engine_read_timestamp(struct dg1_gt *gt, enum dg1_hw_engine_id id,
				 u64 (*cpu_clock)(void),
				 struct dg1_engine_timestamp *ts);

#endif /* _DG1_HW_ENGINE_H_ */
